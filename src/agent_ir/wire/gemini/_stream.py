"""Gemini streaming (being built: issue 23)."""

from __future__ import annotations

from agent_ir.replies.builder import ReplyBuilder
from agent_ir.wire._stream import AsyncStream, StreamState, SyncStream

__all__ = ["AsyncGeminiStream", "GeminiStream"]


class GeminiStream(SyncStream):
    """A Gemini ``streamGenerateContent?alt=sse`` stream read from a sync iterable."""

    _function = "GeminiStream"
    _start = "first chunk"
    _terminal = "finishReason"

    def _state(self, builder: ReplyBuilder) -> StreamState:
        raise NotImplementedError("GeminiStream is being built")


class AsyncGeminiStream(AsyncStream):
    """A Gemini ``streamGenerateContent?alt=sse`` stream read from an async iterable."""

    _function = "AsyncGeminiStream"
    _start = "first chunk"
    _terminal = "finishReason"

    def _state(self, builder: ReplyBuilder) -> StreamState:
        raise NotImplementedError("AsyncGeminiStream is being built")
