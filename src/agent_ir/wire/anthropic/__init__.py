"""Anthropic Messages: the request conversion both ways (``_request``) and the stream
(``_stream``)."""

from agent_ir.wire.anthropic._request import from_anthropic, to_anthropic
from agent_ir.wire.anthropic._stream import AnthropicStream, AsyncAnthropicStream

__all__ = ["AnthropicStream", "AsyncAnthropicStream", "from_anthropic", "to_anthropic"]
