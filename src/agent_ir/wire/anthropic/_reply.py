"""``reply_from_anthropic(message, *, request_id)``: a non-streamed Messages reply
(``client.messages.create()``'s JSON, or the SDK object's ``model_dump()``) as the
``ModelResponse`` that ``AnthropicStream`` gives for the same reply.

Block by block, as the stream reads the same blocks: ``text`` -> a text block with its
``citations`` (each an Anthropic ``Citation``, the object as it is; an empty text makes
no block, and citations on it are PART_NOT_READ at ``/content/<index>/citations``);
``thinking`` -> a thinking block with its ``signature``; ``redacted_thinking`` -> a
redacted thinking block whose signature is its ``data``; ``tool_use`` -> a tool call
(its ``input``, an object; absent: ``{}``); ``server_tool_use`` and ``mcp_tool_use`` ->
a server-tool call (provider "anthropic"; its other keys but null ones as ``wire``,
with the type when it is not ``server_tool_use``); any other block with a
``tool_use_id`` (``web_search_tool_result``, ``code_execution_tool_result``,
``mcp_tool_result``, ...) -> a server-tool result (``wire``: the block without its
``tool_use_id`` and null keys), also when its call is not in the reply (a turn
continued after ``pause_turn`` answers a call of the previous reply; the transcript's
linkage rule, ORPHAN_SERVER_TOOL_RESULT, judges it). A ``tool_use`` or server-tool call that ends a reply cut
short by ``max_tokens``, ``model_context_window_exceeded`` or ``refusal`` is dropped, as
the stream drops a call cut inside its input. Any other block (``compaction``,
``container_upload``, ...) -> a PART_NOT_READ warning (``/content/<index>``).
``stop_reason`` and ``usage`` map as in the stream (``refusal`` -> "refusal";
``inputTokens`` counts cached input; cache and thinking counts kept; usage keys the IR
has no place for as the stream says); a ``stop_reason`` that is null or not
Anthropic's is refused (a reply without one has not ended). ``type`` must be
``message`` and ``role`` ``assistant`` when present. Failures are ``ProviderError``
(``agent_ir.wire._reply``).
"""

from __future__ import annotations

from typing import Any

from agent_ir.replies.builder import ReplyBuilder
from agent_ir.replies.protocol import ModelResponse
from agent_ir.wire._reply import read_reply
from agent_ir.wire._stream import (
    field_error,
    field_name,
    field_object,
    field_string,
    optional_array,
    optional_object,
    optional_string,
)
from agent_ir.wire.anthropic._stream import (
    _CUT_SHORT,
    _STOP_REASONS,
    PROVIDER,
    SERVER_CALL_TYPES,
    Usage,
    cite,
    field_object_item,
    is_server_result,
    no_ir_form,
    server_call_wire,
    server_result_wire,
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
        if cut_short and index == len(content) - 1 and _is_call(content[-1]):
            break  # cut inside the call: dropped, as the stream drops it
        _block(reply, content, index)
    if stop_reason is None:
        raise field_error(data, "stop_reason", _F, "", "an Anthropic stop reason")
    usage = Usage()
    counts = optional_object(data, "usage", _F)
    if counts is not None:
        usage.read(reply, counts, _F, "/usage", start=True)
    usage.finish(reply, stop_reason)


def _block(reply: ReplyBuilder, content: list[Any], index: int) -> None:
    at = f"/content/{index}"
    block = content[index]
    if type(block) is not dict:
        raise field_error(content, index, _F, "/content", "an object")
    kind = field_string(block, "type", _F, at)
    if kind == "text":
        _text_block(reply, block, index)
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
    elif kind in SERVER_CALL_TYPES or is_server_result(block):
        _server_block(reply, block, index)
    else:
        no_ir_form(reply, index, kind)


def _text_block(reply: ReplyBuilder, block: dict[str, Any], index: int) -> None:
    """A text block with its citations (an empty one makes no block)."""
    at = f"/content/{index}"
    text = field_string(block, "text", _F, at)
    citations = optional_array(block, "citations", _F, at) or []
    cited = [field_object_item(citations, n, _F, f"{at}/citations") for n in range(len(citations))]
    if text:
        reply.text(text, what="text block")
    cite(reply, index, cited, bool(text))
    reply.end_text()


def _server_block(reply: ReplyBuilder, block: dict[str, Any], index: int) -> None:
    """A server-tool call, or the result of one (kept also when its call is not in the
    reply: after ``pause_turn`` it is in the previous one)."""
    at, kind = f"/content/{index}", block["type"]
    if kind in SERVER_CALL_TYPES:
        call_id = field_name(block, "id", _F, at)
        name = field_name(block, "name", _F, at)
        tool_input = field_object(block, "input", _F, at) if "input" in block else {}
        wire = server_call_wire(block)
        reply.server_tool_call(PROVIDER, call_id, name, tool_input, wire, what=kind)
        return
    call_id = field_name(block, "tool_use_id", _F, at)
    reply.server_tool_result(PROVIDER, call_id, server_result_wire(block), what=kind)


def _is_call(block: object) -> bool:
    """A client or server tool call (the last block of a reply cut short is dropped)."""
    if type(block) is not dict:
        return False
    kind = block.get("type")
    return kind == "tool_use" or kind in SERVER_CALL_TYPES
