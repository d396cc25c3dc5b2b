"""Anthropic Messages:
the request conversion both ways (``_request``), the non-streamed reply (``_reply``) and the stream (``_stream``)."""

from typing import TYPE_CHECKING

from agent_ir._publish import lazy_names

if TYPE_CHECKING:
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

# Imported when first used: the reply and the stream import the replies package and
# asyncio, and the registry (all the command reads at start-up) needs only ``_rules``.
__getattr__ = lazy_names(
    globals(),
    {
        "agent_ir.wire.anthropic._reply": ("reply_from_anthropic",),
        "agent_ir.wire.anthropic._request": (
            "from_anthropic",
            "to_anthropic",
        ),
        "agent_ir.wire.anthropic._stream": (
            "AnthropicStream",
            "AsyncAnthropicStream",
        ),
    },
    "agent_ir.wire",
)
