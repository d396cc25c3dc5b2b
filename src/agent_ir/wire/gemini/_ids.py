"""The ids agent-ir gives Gemini's function calls that came without one (how they are
made: ``docsgen/mapping/gemini.md``)."""

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
