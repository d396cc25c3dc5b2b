"""Anthropic Messages:
the request conversion both ways (``_request``), the non-streamed reply (``_reply``) and the stream (``_stream``)."""

from agent_ir.wire.anthropic._reply import reply_from_anthropic
from agent_ir.wire.anthropic._request import from_anthropic, to_anthropic
from agent_ir.wire.anthropic._stream import AnthropicStream, AsyncAnthropicStream

__all__ = [
    "AnthropicStream",
    "AsyncAnthropicStream",
    "from_anthropic",
    "reply_from_anthropic",
    "to_anthropic",
]
