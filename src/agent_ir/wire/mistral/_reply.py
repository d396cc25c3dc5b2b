"""``reply_from_mistral(completion, *, request_id)``: a non-streamed Mistral chat
completion (``client.chat.complete()``'s JSON, or the SDK object's ``model_dump()``) as
the ``ModelResponse`` that ``MistralStream`` gives for the same reply.

Mistral's reply is a Chat Completions object, read by the one Chat Completions reader
(``agent_ir.wire.openai_chat._reply``, whose docstring is the mapping in full): its
``content`` as a string, or as chunks (``text`` -> text, Magistral's ``thinking`` ->
a thinking block, its text chunks joined; another chunk type is PART_NOT_READ at
``/choices/0/message/content/<k>``), ``tool_calls`` -> tool calls (Mistral writes
``index`` on each: read), ``finish_reason`` (``stop``, ``length``, ``model_length``,
``error``, ``tool_calls``) -> the stop reason, ``usage`` (``prompt_tokens``,
``completion_tokens``, ``num_cached_tokens`` as the cache read count). ``prefix``
false carries nothing; every key the declaration does not know is PART_NOT_READ at its
path. Failures are ``ProviderError`` naming ``reply_from_mistral``.
"""

from __future__ import annotations

from functools import partial

from agent_ir.replies.protocol import ModelResponse
from agent_ir.wire._reply import read_reply
from agent_ir.wire.openai_chat._reply import read_completion

__all__ = ["reply_from_mistral"]

_F = "reply_from_mistral"


def reply_from_mistral(completion: object, *, request_id: object) -> ModelResponse:
    """The ``ModelResponse`` of a non-streamed Mistral chat completion; see the module
    docstring. ``TypeError`` for a blank ``request_id``."""
    return read_reply(
        _F,
        completion,
        request_id,
        partial(read_completion, request_id=request_id, function=_F),
        start="first chunk",
        terminal="[DONE]",
    )
