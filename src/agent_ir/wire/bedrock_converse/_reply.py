"""``reply_from_bedrock_converse``: a Converse response read into a ``ModelResponse``. What
maps to what and what is warned: ``docsgen/mapping/bedrock-converse.md`` (the provider
page, *Non-streamed replies*)."""

from __future__ import annotations

from typing import Any, Final

from agent_ir._generated.conversion_warning_schema import ConversionWarningCode
from agent_ir.replies.builder import Refusal, ReplyBuilder
from agent_ir.replies.protocol import ModelResponse
from agent_ir.wire._decode import Decoder, WireError, describe_json
from agent_ir.wire._reply import read_reply
from agent_ir.wire._stream import Unreads
from agent_ir.wire.bedrock_converse._stream import (
    CUT_SHORT,
    finish,
    is_base64,
    stop_reason_of,
)
from agent_ir.wire.bedrock_converse._wire import (
    PROVIDER,
    Response,
    kinds,
    reply_blobs,
)

__all__ = ["reply_from_bedrock_converse"]

_F: Final = "reply_from_bedrock_converse"
_RESPONSE: Final = Decoder(Response)
# The keys of a reply the IR has no place for, warned by name.
_NOT_READ: Final = ("additionalModelResponseFields", "trace")
# The levels above a toolUse input in a reply (output/message/content/<j>/toolUse/input).
REPLY_INPUT_OFFSET = 6


def reply_from_bedrock_converse(response: object, *, request_id: object) -> ModelResponse:
    """The ``ModelResponse`` of a non-streamed Converse reply; see the module docstring.
    ``TypeError`` for a blank ``request_id``."""
    if type(response) is dict:
        response = reply_blobs(
            {key: value for key, value in response.items() if key != "ResponseMetadata"}
        )
    return read_reply(
        _F,
        response,
        request_id,
        _read,
        start="messageStart",
        terminal="metadata",
        offset=REPLY_INPUT_OFFSET,
    )


def _read(reply: ReplyBuilder, data: dict[str, Any]) -> None:
    extra = {key: data.pop(key) for key in _NOT_READ if data.get(key) is not None}
    try:
        decoded = _RESPONSE(data)
    except WireError as error:
        raise Refusal(f"{_F} {error}") from None
    response: Response = decoded.value
    message = response.output.message
    if message.role != "assistant":
        role = describe_json(message.role)
        raise Refusal(f"{_F} /output/message/role must be 'assistant'; it is {role}")
    stop_reason = stop_reason_of(response.stopReason, f"{_F} ")
    reply.start(reply.request_id)
    Unreads().warn(reply, decoded, {"": ""}, _F)
    for name in extra:
        reply.warn(ConversionWarningCode.PART_NOT_READ, f"/{name}", -1, f"{name} has no IR form")
    content = message.content
    for index, block in enumerate(content):
        found = kinds(block)
        at = f"/output/message/content/{index}"
        if len(found) != 1:
            holds = ", ".join(found) or "nothing"
            if not found and any(place.startswith(at + "/") for place in decoded.unread):
                continue  # only undeclared keys: warned above
            raise Refusal(f"{_F} {at} must hold exactly one kind of block; it holds {holds}")
        kind = found[0]
        last = index == len(content) - 1
        if kind == "toolUse" and last and response.stopReason in CUT_SHORT:
            break  # cut inside the call: dropped, as the stream drops it
        _block(reply, kind, getattr(block, kind), index, at, data)
    finish(reply, stop_reason, response.usage)


def _block(reply: ReplyBuilder, kind: str, value: Any, index: int, at: str, data: Any) -> None:
    match kind:
        case "text":
            if value:
                reply.text(value, block=True, what="text")
        case "citationsContent":
            _cited(reply, value)
        case "reasoningContent":
            _reasoning(reply, value, at)
        case "toolUse":
            _call(reply, value, at)
        case "toolResult":
            raw = data["output"]["message"]["content"][index]["toolResult"]
            wire = {key: item for key, item in raw.items() if key != "toolUseId"}
            reply.server_tool_result(PROVIDER, value.toolUseId, wire, what="toolResult")
        case _:
            reply.warn(
                ConversionWarningCode.PART_NOT_READ,
                at,
                index,
                f"content[{index}] ({kind}) has no IR form",
            )


def _cited(reply: ReplyBuilder, value: Any) -> None:
    text = "".join(part.text for part in value.content if part.text is not None)
    if text:
        reply.text(text, what="citationsContent")
        for citation in value.citations:
            reply.cite(PROVIDER, citation)
        reply.end_text()


def _call(reply: ReplyBuilder, value: Any, at: str) -> None:
    if type(value.input) is not dict:
        found = describe_json(value.input)
        raise Refusal(f"{_F} {at}/toolUse/input must be an object; it is {found}")
    if value.type is None:
        reply.tool_call(value.toolUseId, value.name, value.input, what="toolUse")
    else:
        reply.server_tool_call(PROVIDER, value.toolUseId, value.name, value.input)


def _reasoning(reply: ReplyBuilder, value: Any, at: str) -> None:
    found = kinds(value)
    if len(found) != 1:
        holds = ", ".join(found) or "nothing"
        raise Refusal(
            f"{_F} {at}/reasoningContent must hold exactly one of reasoningText, "
            f"redactedContent; it holds {holds}"
        )
    if value.redactedContent is not None:
        if not is_base64(value.redactedContent):
            raise Refusal(
                f"{_F} {at}/reasoningContent/redactedContent must be bytes or base64 text"
            )
        data, what = value.redactedContent, "reasoningContent"
        reply.end_thinking(data, redacted=True, what=what, signature_provider=PROVIDER)
        return
    text = value.reasoningText
    if text.text:
        reply.thinking(text.text, what="reasoningContent")
    reply.end_thinking(text.signature, what="reasoningContent", signature_provider=PROVIDER)
