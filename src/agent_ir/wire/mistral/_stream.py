"""A streamed Mistral chat completion (``client.chat.stream()``, ``stream: true``),
read sync or async.

``MistralStream(source, *, request_id, cancel=None)``: ``source`` is an iterable of the
raw response body (server-sent events, in any chunking) or of decoded
``chat.completion.chunk`` objects (plain dicts: the SDK's ``CompletionEvent.data``
``.model_dump()``), or a mix; ``AsyncMistralStream`` reads an async iterable. Mistral
streams Chat Completions chunks, ended by ``data: [DONE]``: they are read by the one
Chat Completions stream state (``agent_ir.wire.openai_chat._stream.ChatState``, whose
docstring is the mapping in full): ``delta.content`` as a string or as chunks
(``text`` -> text_delta, Magistral's ``thinking`` -> thinking_delta, another chunk
type PART_NOT_READ once per type), index-less ``tool_calls`` (Mistral sends each call
whole in one delta), ``finish_reason`` and ``usage`` (``num_cached_tokens`` as the
cache read count) in the last chunk.
"""

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
