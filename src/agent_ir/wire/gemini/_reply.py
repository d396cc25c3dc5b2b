"""A non-streamed Gemini reply (being built: issue 23)."""

from __future__ import annotations

from agent_ir.replies.protocol import ModelResponse

__all__ = ["reply_from_gemini"]


def reply_from_gemini(response: object, *, request_id: object) -> ModelResponse:
    """The ``ModelResponse`` of a ``GenerateContentResponse``."""
    raise NotImplementedError("reply_from_gemini is being built")
