"""A streamed Mistral chat completion, read sync or async: Mistral streams Chat
Completions chunks, which the one Chat Completions stream state
(``openai_chat._stream.ChatState``) reads (the mapping: ``docsgen/mapping/mistral.md``)."""

from __future__ import annotations

from agent_ir.replies.builder import ReplyBuilder
from agent_ir.wire._stream import AsyncStream, StreamState, SyncStream
from agent_ir.wire.openai_chat._stream import ChatState

__all__ = ["AsyncMistralStream", "MistralStream"]


class MistralStream(SyncStream):
    """A streamed Mistral reply read from a sync iterable (``for chunk in stream``,
    ``stream.result()``); see the module docstring. ``TypeError`` for a blank
    ``request_id`` or a ``cancel`` that is not a ``threading.Event``."""

    _function = "MistralStream"
    _start = "first chunk"
    _terminal = "[DONE]"

    def _state(self, builder: ReplyBuilder) -> StreamState:
        return ChatState(builder, builder.request_id)


class AsyncMistralStream(AsyncStream):
    """A streamed Mistral reply read from an async iterable (``async for``, ``await
    stream.result()``); see the module docstring. ``TypeError`` for a blank
    ``request_id`` or a ``cancel`` that is not an ``asyncio.Event``."""

    _function = "AsyncMistralStream"
    _start = "first chunk"
    _terminal = "[DONE]"

    def _state(self, builder: ReplyBuilder) -> StreamState:
        return ChatState(builder, builder.request_id)
