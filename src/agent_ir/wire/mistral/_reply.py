"""``reply_from_mistral(completion, *, request_id)``: a non-streamed Mistral chat
completion (its JSON, or the SDK object's ``model_dump()``) read by the one Chat
Completions reader (``openai_chat._reply``), its refusals naming ``reply_from_mistral``
(the mapping: ``docsgen/mapping/mistral.md``)."""

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
