"""Anthropic Messages:
the request conversion both ways (``_request``), the non-streamed reply (``_reply``) and the stream (``_stream``)."""

import typing

from agent_ir import _publish

if typing.TYPE_CHECKING:
    from agent_ir.wire.anthropic._reply import *
    from agent_ir.wire.anthropic._request import *
    from agent_ir.wire.anthropic._stream import (
        AnthropicStream as AnthropicStream,
        AsyncAnthropicStream as AsyncAnthropicStream,
    )

# Imported when first used: the reply and the stream import the replies package and
# asyncio, and the registry (all the command reads at start-up) needs only ``_rules``.
# Published as ``agent_ir.wire``'s however they are reached, as every folder's names.
_publish.export(
    globals(),
    lazy={
        "agent_ir.wire.anthropic._reply": ("reply_from_anthropic",),
        "agent_ir.wire.anthropic._request": ("from_anthropic", "to_anthropic"),
        "agent_ir.wire.anthropic._stream": ("AnthropicStream", "AsyncAnthropicStream"),
    },
    module="agent_ir.wire",
)
