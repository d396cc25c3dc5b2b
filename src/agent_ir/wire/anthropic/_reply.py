"""``reply_from_anthropic(message, *, request_id)``: a non-streamed Messages reply
(``client.messages.create()``'s JSON, or the SDK object's ``model_dump()``) as the
``ModelResponse`` that ``AnthropicStream`` gives for the same reply.

Block by block, as the stream reads the same blocks: ``text`` -> a text block (an
empty text makes none); ``thinking`` -> a thinking block with its ``signature``;
``redacted_thinking`` -> a redacted thinking block whose signature is its ``data``;
``tool_use`` -> a tool call (its ``input``, an object; absent: ``{}``; a ``tool_use``
that ends a reply cut short by ``max_tokens``, ``model_context_window_exceeded`` or
``refusal`` is dropped, as the stream drops a call cut inside its input); any other block
(server tools and their results) -> a PART_NOT_READ warning (``/content/<index>``).
``citations`` on text are not read (the stream skips ``citations_delta`` too).
``stop_reason`` and ``usage`` map as in the stream; a ``stop_reason`` that is null or
not Anthropic's is refused (a reply without one has not ended). ``type`` must be
``message`` and ``role`` ``assistant`` when present. Failures are ``ProviderError``
(``agent_ir.wire._reply``).
"""

from __future__ import annotations

from typing import Any

from agent_ir.replies.builder import ReplyBuilder
from agent_ir.replies.protocol import ModelResponse
from agent_ir.wire._reply import read_reply
from agent_ir.wire._stream import (
    field_count,
    field_error,
    field_name,
    field_object,
    field_string,
    optional_array,
    optional_count,
    optional_object,
    optional_string,
)
from agent_ir.wire.anthropic._stream import _CUT_SHORT, _STOP_REASONS, no_ir_form

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


def _read(reply: ReplyBuilder, data: dict[str, Any]) -> None:
    if data.get("type", "message") != "message":
        raise field_error(data, "type", _F, "", "'message'")
    if data.get("role", "assistant") != "assistant":
        raise field_error(data, "role", _F, "", "'assistant'")
    reply.start(field_name(data, "id", _F))
    wire_reason = data.get("stop_reason")
    stop_reason = _STOP_REASONS.get(wire_reason) if type(wire_reason) is str else None
    content = optional_array(data, "content", _F) or []
    for index in range(len(content)):
        cut_short = stop_reason is not None and wire_reason in _CUT_SHORT  # str: hashable
        if cut_short and index == len(content) - 1 and _is_tool_use(content[-1]):
            break  # cut inside the call: dropped, as the stream drops it
        _block(reply, content, index)
    if stop_reason is None:
        raise field_error(data, "stop_reason", _F, "", "an Anthropic stop reason")
    input_tokens, output_tokens = 0, 0
    usage = optional_object(data, "usage", _F)
    if usage is not None:
        input_tokens = field_count(usage, "input_tokens", _F, "/usage")
        output_tokens = optional_count(usage, "output_tokens", _F, "/usage") or 0
    reply.finish(stop_reason, input_tokens, output_tokens)


def _block(reply: ReplyBuilder, content: list[Any], index: int) -> None:
    at = f"/content/{index}"
    block = content[index]
    if type(block) is not dict:
        raise field_error(content, index, _F, "/content", "an object")
    kind = field_string(block, "type", _F, at)
    if kind == "text":
        text = field_string(block, "text", _F, at)
        if text:
            reply.text(text, what="text block")
            reply.end_text()
    elif kind == "thinking":
        thinking = field_string(block, "thinking", _F, at)
        signature = optional_string(block, "signature", _F, at) or None
        if thinking:
            reply.thinking(thinking, what="thinking block")
        reply.end_thinking(signature)
    elif kind == "redacted_thinking":
        reply.end_thinking(field_string(block, "data", _F, at), redacted=True)
    elif kind == "tool_use":
        call_id = field_name(block, "id", _F, at)
        name = field_name(block, "name", _F, at)
        arguments = field_object(block, "input", _F, at) if "input" in block else {}
        reply.tool_call(call_id, name, arguments, what="tool_use")
    else:
        no_ir_form(reply, index, kind)


def _is_tool_use(block: object) -> bool:
    return type(block) is dict and block.get("type") == "tool_use"
