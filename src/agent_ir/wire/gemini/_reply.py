"""``reply_from_gemini(response, *, request_id)``: a non-streamed Gemini reply as the
``ModelResponse`` that ``GeminiStream`` gives for the same content (the mapping:
``docsgen/mapping/gemini.md``)."""

from __future__ import annotations

from typing import Any

from agent_ir.replies.builder import Refusal, ReplyBuilder
from agent_ir.replies.protocol import ModelResponse
from agent_ir.wire._reply import read_reply
from agent_ir.wire.gemini._stream import GeminiState

__all__ = ["reply_from_gemini"]

_F = "reply_from_gemini"

# The levels above a functionCall's args in a reply
# (candidates/<i>/content/parts/<j>/functionCall/args): the arguments may nest as deep
# as the IR's.
REPLY_ARGS_OFFSET = 7


def reply_from_gemini(response: object, *, request_id: object) -> ModelResponse:
    """The ``ModelResponse`` of a non-streamed Gemini ``GenerateContentResponse``; see
    the provider page. ``TypeError`` for a blank ``request_id``."""
    return read_reply(
        _F,
        response,
        request_id,
        _read,
        start="GenerateContentResponse",
        terminal="finishReason",
        offset=REPLY_ARGS_OFFSET,
    )


def _read(reply: ReplyBuilder, data: dict[str, Any]) -> None:
    GeminiState(reply, join=False, event=_F).chunk(data)
    if reply.response is None:
        raise Refusal(
            "the reply has no finishReason on candidates[0] and no promptFeedback.blockReason"
            " (a reply without one has not ended)"
        )
