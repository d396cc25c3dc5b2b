"""``reply_from_openai_responses(response, *, request_id)``: a non-streamed Responses API
reply (``client.responses.create()``'s JSON, or the SDK object's ``model_dump()``) as
the ``ModelResponse`` that ``OpenAIResponsesStream`` gives for the same reply.

Item by item, as the stream reads the finished items: a ``message``'s ``output_text``
and ``refusal`` parts -> one text block each (an empty one makes none; other part types
are not read, as the stream has no events for them); ``reasoning`` -> a thinking block,
its non-empty ``summary`` texts joined with a blank line, its signature the reference
``reasoning_signature`` writes; ``function_call`` -> a tool call (``arguments`` parsed
by the stream's rule); any other item (hosted tools) -> a PART_NOT_READ warning
(``/output/<index>``). ``status``: ``completed`` (or absent) -> "tool_call" after a
function call, else "stop"; ``incomplete`` -> "length" for ``max_output_tokens``, else
"error"; ``failed`` -> PROVIDER_TRANSPORT_ERROR with ``error.code``; any other status
(``in_progress``, ``queued``, ``cancelled``) -> PROVIDER_MISSING_TERMINAL (the reply has
not ended). Usage as in the stream. Failures are ``ProviderError``
(``agent_ir.wire._reply``).
"""

from __future__ import annotations

from typing import Any

from agent_ir._generated.model_stream_schema import ProviderErrorCode, ResponseStopReason
from agent_ir._text import cut, quoted
from agent_ir.replies.builder import Refusal, ReplyBuilder
from agent_ir.replies.protocol import ModelResponse
from agent_ir.wire._common import parse_arguments
from agent_ir.wire._reply import read_reply
from agent_ir.wire._stream import (
    field_count,
    field_error,
    field_name,
    field_string,
    optional_array,
    optional_object,
    optional_string,
)
from agent_ir.wire.openai_responses._stream import (
    _SUMMARY_SEPARATOR,
    failure,
    no_ir_form,
    reasoning_signature,
)

__all__ = ["reply_from_openai_responses"]

_F = "reply_from_openai_responses"
_TEXT_PARTS = {"output_text": "text", "refusal": "refusal"}


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
    calls = 0
    for index in range(len(output)):
        calls += _item(reply, output, index)
    if status in (None, "completed"):
        stop = ResponseStopReason.TOOL_CALL if calls else ResponseStopReason.STOP
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
    counts = (0, 0)
    if usage is not None:
        counts = (
            field_count(usage, "input_tokens", _F, "/usage"),
            field_count(usage, "output_tokens", _F, "/usage"),
        )
    reply.finish(stop, *counts)


def _item(reply: ReplyBuilder, output: list[Any], index: int) -> int:
    """Read ``output[index]``; 1 when it is a function call, else 0."""
    at = f"/output/{index}"
    item = output[index]
    if type(item) is not dict:
        raise field_error(output, index, _F, "/output", "an object")
    kind = field_string(item, "type", _F, at)
    if kind == "message":
        _message(reply, item, at)
    elif kind == "reasoning":
        _reasoning(reply, item, at)
    elif kind == "function_call":
        _function_call(reply, item, at)
        return 1
    else:
        no_ir_form(reply, index, kind)
    return 0


def _message(reply: ReplyBuilder, item: dict[str, Any], at: str) -> None:
    content = optional_array(item, "content", _F, at) or []
    for position, part in enumerate(content):
        if type(part) is not dict:
            raise field_error(content, position, _F, f"{at}/content", "an object")
        kind = part.get("type")
        if kind is not None and type(kind) is not str:  # a list is not hashable (fuzzing, W3)
            raise field_error(part, "type", _F, f"{at}/content/{position}", "a string")
        key = _TEXT_PARTS.get(kind)  # type: ignore[arg-type]
        if key is None:
            continue
        text = field_string(part, key, _F, f"{at}/content/{position}")
        if text:
            reply.text(text, what=f"{part['type']} part")
            reply.end_text()


def _reasoning(reply: ReplyBuilder, item: dict[str, Any], at: str) -> None:
    summary = optional_array(item, "summary", _F, at) or []
    texts = []
    for position, part in enumerate(summary):
        if type(part) is not dict:
            raise field_error(summary, position, _F, f"{at}/summary", "an object")
        text = field_string(part, "text", _F, f"{at}/summary/{position}")
        if text:
            texts.append(text)
    if texts:
        reply.thinking(_SUMMARY_SEPARATOR.join(texts), what="reasoning summary")
    item_id = field_name(item, "id", _F, at)
    encrypted = optional_string(item, "encrypted_content", _F, at)
    reply.end_thinking(reasoning_signature(item_id, encrypted), what="reasoning item")


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
    reply.tool_call(call_id, name, arguments, what="function call")
