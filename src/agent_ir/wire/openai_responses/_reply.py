"""``reply_from_openai_responses(response, *, request_id)``: a non-streamed Responses API
reply (``client.responses.create()``'s JSON, or the SDK object's ``model_dump()``) as
the ``ModelResponse`` that ``OpenAIResponsesStream`` gives for the same reply. (A
``model_dump()`` adds a null for every optional field the server left out; a hosted
item's ``wire`` leaves null keys out, so it is the same either way.)

Item by item, as the stream reads the finished items: a ``message``'s ``output_text``
parts -> one text block each, its ``annotations`` the block's citations {provider:
"openai-responses", wire: the annotation}, and ``refusal`` parts -> one refusal block
each, all with the message's ``id`` as ``itemId`` (an empty part makes none; the
annotations of an empty one, other part types and the message's ``phase`` ->
PART_NOT_READ); ``reasoning`` -> one thinking block per ``summary`` part (its text; one
empty block for an item without parts), as the stream and ``from_openai_responses``
read the item, each signed with the reference ``reasoning_signature`` writes (raw
``content`` parts -> PART_NOT_READ);
``function_call`` -> a tool call (``arguments`` parsed by the stream's rule; itemId:
its ``id``, namespace: its ``namespace``), but one whose ``status`` is ``incomplete``
(cut off) is dropped with a PART_NOT_READ warning; any other item with an id (a
hosted tool's) -> a server-tool call as the stream gives it, without an id (or a
``custom_tool_call``) -> a PART_NOT_READ warning (``/output/<index>``). ``status``:
``completed`` (or absent) -> "tool_call" after a function call, else "refusal" when a
refusal block was read, else "stop"; ``incomplete`` -> "length" for ``max_output_tokens``, else
"error"; ``failed`` -> PROVIDER_TRANSPORT_ERROR with ``error.code``; any other status
(``in_progress``, ``queued``, ``cancelled``) -> PROVIDER_MISSING_TERMINAL (the reply has
not ended). Usage (with its cache and reasoning details) as in the stream. Failures are ``ProviderError``
(``agent_ir.wire._reply``).
"""

from __future__ import annotations

from typing import Any

from agent_ir._generated.model_stream_schema import ProviderErrorCode, ResponseStopReason
from agent_ir._text import cut, non_empty_id, quoted
from agent_ir.replies.builder import Refusal, ReplyBuilder
from agent_ir.replies.protocol import ModelResponse
from agent_ir.wire._common import parse_arguments
from agent_ir.wire._reply import read_reply
from agent_ir.wire._stream import (
    field_error,
    field_name,
    field_string,
    optional_array,
    optional_object,
    optional_string,
)
from agent_ir.wire.openai_responses._stream import (
    cut_off,
    failure,
    finish,
    hosted_item,
    raw_content_not_read,
    read_message,
    read_reasoning,
)

__all__ = ["reply_from_openai_responses"]

_F = "reply_from_openai_responses"


def reply_from_openai_responses(response: object, *, request_id: object) -> ModelResponse:
    """The ``ModelResponse`` of a non-streamed Responses API reply; see the module
    docstring. ``TypeError`` for a blank ``request_id``."""
    return read_reply(
        _F, response, request_id, _read, start="response.created", terminal="the terminal event"
    )


def _read(reply: ReplyBuilder, data: dict[str, Any]) -> None:
    status = optional_string(data, "status", _F)
    if status == "failed":
        error = optional_object(data, "error", _F) or {}
        raise failure(reply, error, event=_F, at="/error", fallback="response.failed")
    reply.start(field_name(data, "id", _F))
    output = optional_array(data, "output", _F) or []
    calls = refusals = 0
    for index in range(len(output)):
        called, refused = _item(reply, output, index)
        calls += called
        refusals += refused
    if status in (None, "completed"):
        if calls:
            stop = ResponseStopReason.TOOL_CALL
        else:
            stop = ResponseStopReason.REFUSAL if refusals else ResponseStopReason.STOP
    elif status == "incomplete":
        details = optional_object(data, "incomplete_details", _F) or {}
        cut = details.get("reason") == "max_output_tokens"
        stop = ResponseStopReason.LENGTH if cut else ResponseStopReason.ERROR
    else:
        raise Refusal(
            f"status {quoted(status)}: the response has not ended",
            ProviderErrorCode.PROVIDER_MISSING_TERMINAL,
        )
    usage = optional_object(data, "usage", _F)
    finish(reply, stop, usage, _F, "/usage")


def _item(reply: ReplyBuilder, output: list[Any], index: int) -> tuple[int, int]:
    """Read ``output[index]``: (1 when it is a function call read, else 0, the number
    of its refusal blocks)."""
    at = f"/output/{index}"
    item = output[index]
    if type(item) is not dict:
        raise field_error(output, index, _F, "/output", "an object")
    kind = field_string(item, "type", _F, at)
    if kind == "message":
        return 0, read_message(reply, item, index, _F, at)
    if kind == "reasoning":
        read_reasoning(reply, item, _F, at)
        raw_content_not_read(reply, item, index, _F)
    elif kind == "function_call":
        if item.get("status") == "incomplete":
            cut_off(reply, index)
            return 0, 0
        _function_call(reply, item, at)
        return 1, 0
    else:
        hosted_item(reply, index, item, kind, _F)
    return 0, 0


def _function_call(reply: ReplyBuilder, item: dict[str, Any], at: str) -> None:
    call_id = field_name(item, "call_id", _F, at)
    name = field_name(item, "name", _F, at)
    text = optional_string(item, "arguments", _F, at) or ""
    arguments = parse_arguments(text) if text else {}
    if type(arguments) is not dict:
        raise Refusal(
            f"function call {quoted(call_id)} ({cut(name)}): the arguments are not a JSON object:"
            f" {text[:80]!r}"
        )
    item_id = optional_string(item, "id", _F, at)
    reply.tool_call(
        call_id,
        name,
        arguments,
        what="function call",
        item_id=item_id if item_id is not None and non_empty_id(item_id) else None,
        namespace=optional_string(item, "namespace", _F, at),
    )
