"""``reply_from_anthropic(message, *, request_id)``: a non-streamed Messages reply as the
``ModelResponse`` that ``AnthropicStream`` gives for the same reply (the mapping:
``docsgen/mapping/anthropic.md``)."""

from __future__ import annotations

from typing import Any

from agent_ir.replies.builder import Refusal, ReplyBuilder
from agent_ir.replies.protocol import ModelResponse
from agent_ir.wire._decode import Decoder, WireError, describe_json
from agent_ir.wire._reply import read_reply
from agent_ir.wire._stream import Unreads
from agent_ir.wire.anthropic._stream import (
    CUT_SHORT,
    STOP_REASONS,
    Usage,
    caller_not_read,
    close_block,
    first_usage,
    open_block,
)
from agent_ir.wire.anthropic._wire import (
    McpToolUseBlock,
    Message,
    ServerToolUseBlock,
    ToolUseBlock,
)

__all__ = ["reply_from_anthropic"]

_F = "reply_from_anthropic"


def reply_from_anthropic(message: object, *, request_id: object) -> ModelResponse:
    """The ``ModelResponse`` of a non-streamed Anthropic Messages reply; see the module
    docstring. ``TypeError`` for a blank ``request_id``."""
    return read_reply(
        _F,
        message,
        request_id,
        _read,
        start="message_start",
        terminal="message_stop",
        offset=REPLY_INPUT_OFFSET,
    )


# The levels above a tool_use input in a reply (content/<j>/input, the input's own
# path): the input may nest as deep as the IR's arguments.
REPLY_INPUT_OFFSET = 3

_CALLS = (ToolUseBlock, ServerToolUseBlock, McpToolUseBlock)
_MESSAGE = Decoder(Message)


def _read(reply: ReplyBuilder, data: dict[str, Any]) -> None:
    try:
        decoded = _MESSAGE(data)
    except WireError as error:
        raise Refusal(f"{_F} {error}") from None
    message: Message = decoded.value
    if message.type != "message":
        raise Refusal(f"{_F} /type must be 'message'; it is {describe_json(message.type)}")
    if message.role != "assistant":
        raise Refusal(f"{_F} /role must be 'assistant'; it is {describe_json(message.role)}")
    first_usage(message.usage, data, _F, "")
    reply.start(message.id)
    wire_reason = message.stop_reason
    stop_reason = STOP_REASONS.get(wire_reason) if type(wire_reason) is str else None
    # The keys not read, warned where the stream warns them: the message's first, then
    # each block's as it opens, with its index.
    message_keys, block_keys = _by_block(decoded.unread)
    unreads = Unreads()
    unreads.warn(reply, decoded._replace(unread=message_keys), {"": ""}, _F)
    content = message.content or []
    for index, block in enumerate(content):
        at = f"/content/{index}"
        cut_short = stop_reason is not None and wire_reason in CUT_SHORT
        if cut_short and index == len(content) - 1 and isinstance(block, _CALLS):
            # Cut inside the call: dropped, as the stream drops it once it has opened
            # it (and said what it does not read).
            if isinstance(block, ToolUseBlock):
                caller_not_read(reply, index, block)
            own = decoded._replace(unread=block_keys.get(index, ()))
            unreads.warn(reply, own, {"": ""}, _F, block=index)
            break
        opened = open_block(reply, index, block, data["content"][index], _F, at)
        unreads.warn(reply, decoded._replace(unread=block_keys.get(index, ())), {"": ""}, _F, index)
        held = close_block(reply, opened)
        assert held is None, "a reply's input is an object, never text"
    if stop_reason is None:
        found = describe_json(wire_reason) if "stop_reason" in data else "missing"
        raise Refusal(f"{_F} /stop_reason must be an Anthropic stop reason; it is {found}")
    usage = Usage()
    usage.model = message.model
    if message.usage is not None:
        usage.read(message.usage)
    usage.finish(reply, stop_reason)


def _by_block(places: tuple[str, ...]) -> tuple[tuple[str, ...], dict[int, tuple[str, ...]]]:
    """``places`` (pointers of keys not read) as the message's own and each content
    block's (by index), each in order."""
    own: list[str] = []
    blocks: dict[int, list[str]] = {}
    for place in places:
        parts = place.split("/", 3)
        if len(parts) == 4 and parts[1] == "content" and parts[2].isdigit():
            blocks.setdefault(int(parts[2]), []).append(place)
        else:
            own.append(place)
    return tuple(own), {index: tuple(keys) for index, keys in blocks.items()}
