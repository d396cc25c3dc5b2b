"""``reply_from_openai_responses(response, *, request_id)``: a non-streamed Responses API
reply as the ``ModelResponse`` that ``OpenAIResponsesStream`` gives for the same reply
(the mapping: ``docsgen/mapping/openai-responses.md``)."""

from __future__ import annotations

from typing import Any, Final

from agent_ir._generated.model_stream_schema import ProviderErrorCode, ResponseStopReason
from agent_ir._text import quoted
from agent_ir.replies.builder import Refusal, ReplyBuilder
from agent_ir.replies.protocol import ModelResponse
from agent_ir.wire._decode import Decoder, Unread, WireError
from agent_ir.wire._reply import read_reply
from agent_ir.wire._stream import Unreads
from agent_ir.wire.openai_responses._stream import (
    cut_off,
    failure,
    finish,
    hosted_item,
    raw_content_not_read,
    read_call,
    read_message,
    read_reasoning,
)
from agent_ir.wire.openai_responses._wire import (
    FailedResponse,
    FunctionCall,
    Message,
    Reasoning,
    Response,
)

__all__ = ["reply_from_openai_responses"]

_F = "reply_from_openai_responses"
_RESPONSE: Final = Decoder(Response)
_FAILED: Final = Decoder(FailedResponse)


def reply_from_openai_responses(response: object, *, request_id: object) -> ModelResponse:
    """The ``ModelResponse`` of a non-streamed Responses API reply; see the module
    docstring. ``TypeError`` for a blank ``request_id``."""
    return read_reply(
        _F, response, request_id, _read, start="response.created", terminal="the terminal event"
    )


def _read(reply: ReplyBuilder, data: dict[str, Any]) -> None:
    if data.get("status") == "failed":
        raise failure(reply, _decoded(_FAILED, data).value.error, "response.failed")
    decoded = _decoded(_RESPONSE, data)
    response: Response = decoded.value
    reply.start(response.id)
    Unreads().warn(reply, decoded, {"": ""}, _F)
    calls = refusals = 0
    for index, item in enumerate(response.output or ()):
        called, refused = _item(reply, item, data["output"][index], index)
        calls += called
        refusals += refused
    status = response.status
    if status in (None, "completed"):
        if calls:
            stop = ResponseStopReason.TOOL_CALL
        else:
            stop = ResponseStopReason.REFUSAL if refusals else ResponseStopReason.STOP
    elif status == "incomplete":
        details = response.incomplete_details
        cut = details is not None and details.reason == "max_output_tokens"
        stop = ResponseStopReason.LENGTH if cut else ResponseStopReason.ERROR
    else:
        raise Refusal(
            f"status {quoted(status)}: the response has not ended",
            ProviderErrorCode.PROVIDER_MISSING_TERMINAL,
        )
    finish(reply, stop, response)


def _decoded(decoder: Decoder, data: dict[str, Any]) -> Any:
    try:
        return decoder(data)
    except WireError as error:
        raise Refusal(f"{_F} {error}") from None


def _item(reply: ReplyBuilder, item: Any, raw: dict[str, Any], index: int) -> tuple[int, int]:
    """Read ``output[index]`` (``raw`` as it came): (1 when it is a function call read,
    else 0, the number of its refusal blocks)."""
    at = f"/output/{index}"
    match item:
        case Message():
            return 0, read_message(reply, item, index)
        case Reasoning():
            read_reasoning(reply, item, raw, _F, at)
            raw_content_not_read(reply, item.content, index)
        case FunctionCall():
            if item.status == "incomplete":
                cut_off(reply, index)
                return 0, 0
            read_call(reply, item, raw, _F, at)
            return 1, 0
        case Unread():
            return int(hosted_item(reply, index, item, _F, at)), 0
    return 0, 0
