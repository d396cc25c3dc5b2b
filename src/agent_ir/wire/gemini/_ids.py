"""The ids agent-ir gives Gemini's function calls that came without one.

Gemini calls mostly carry no ``id`` (the API pairs a ``functionResponse`` with its
``functionCall`` by position and name); the IR links a result to its call by id, so
``from_gemini`` and ``reply_from_gemini`` give such a call an id made from its place,
and ``to_gemini`` recognises that form and leaves it out again, so a request read and
written back is the request that came (a call that had an id keeps it both ways):

* in a request, ``gemini_call_<content>_<part>``: the indexes of the content and part
  the call is in (unique in the request);
* in a reply, ``gemini_call_<responseId>_<n>``: the reply's id and the call's place
  among its calls (unique across the replies of a conversation, since each reply's id
  is).

An id of that form that a caller wrote by hand is taken as made up too: it is not sent
(the API pairs by position, as for any call without an id).
"""

from __future__ import annotations

__all__ = ["is_made_up", "reply_call_id", "request_call_id"]

PREFIX = "gemini_call_"


def request_call_id(content_index: int, part_index: int) -> str:
    """The id of the call without one at ``contents[content_index].parts[part_index]``."""
    return f"{PREFIX}{content_index}_{part_index}"


def reply_call_id(response_id: str, ordinal: int) -> str:
    """The id of the ``ordinal``-th call (from 0) of reply ``response_id`` that came
    without one."""
    return f"{PREFIX}{response_id}_{ordinal}"


def is_made_up(call_id: str) -> bool:
    """Whether ``call_id`` has the form of an id agent-ir gave (never sent to Gemini)."""
    return call_id.startswith(PREFIX)
