"""The IR -> the OpenTelemetry GenAI message attributes (``to_otel``): which messages are
input and output, what each block becomes and what is warned is told in
``docs/guide/otel.md`` (*In detail*); the parts: the declaration (``_wire``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agent_ir._generated.message_schema import (
    AssistantMessage,
    AudioBlock,
    Base64Source,
    DocumentBlock,
    ImageBlock,
    RefusalBlock,
    ServerToolCallBlock,
    ServerToolResultBlock,
    SystemMessage,
    TextBlock,
    ThinkingBlock,
    ToolCallBlock,
    ToolResultMessage,
    UrlSource,
)
from agent_ir._generated.transcript_schema import ToolDefinition
from agent_ir._jsonobject import JsonObject
from agent_ir._text import quoted
from agent_ir.wire._common import (
    ConversionWarningCode,
    Warnings,
    WireRequest,
    plain_arguments,
    transcript_call_names,
    transcript_items,
    warn_thought_signatures,
    warn_tool_name,
)
from agent_ir.wire._tools import sent_tools
from agent_ir.wire.otel._keys import (
    FINISH_REASONS,
    INPUT_MESSAGES,
    OUTPUT_MESSAGES,
    SYSTEM_INSTRUCTIONS,
    TOOL_DEFINITIONS,
)

__all__ = ["to_otel"]

TO = "to_otel"
Code = ConversionWarningCode
JsonDict = dict[str, Any]

OTEL_PROVIDER = "otel"
"""The ``provider`` of a server-tool block read from OpenTelemetry: the conventions
carry no provider, so one read back has this one."""

_MODALITIES: dict[type, str] = {ImageBlock: "image", AudioBlock: "audio", DocumentBlock: "document"}


def to_otel(transcript: object, *, tools: object = None, output: int | None = None) -> WireRequest:
    """``transcript`` (a list or tuple of IR messages or their JSON form, each valid on
    its own; linkage is not required), ``tools`` (a list or tuple of ``ToolDefinition``
    or their JSON form, or None) and ``output`` (None: the trailing assistant messages
    are the output messages; an int ``n >= 0``: the last ``n`` messages) ->
    ``WireRequest(fields={"gen_ai.system_instructions": [...], "gen_ai.input.messages":
    [...], "gen_ai.output.messages": [...], "gen_ai.tool.definitions": [...]})``, the
    first only when the transcript starts with system messages, the last only when
    tools are given, with a warning for each loss (see the OpenTelemetry guide).
    ``TypeError`` for a transcript or tools that are not a list or tuple;
    ``ValueError`` for an ``output`` that is not an int >= 0;
    ``InvalidMessageError`` for a message that is not valid;
    ``TranscriptError`` (INVALID_TOOL_DEFINITION) for a tool definition that is not."""
    messages = transcript_items(TO, transcript)
    definitions = sent_tools(TO, tools)
    first_output = _first_output(messages, output)
    writer = _Writer(messages)
    leading = 0
    while leading < first_output and type(messages[leading]) is SystemMessage:
        leading += 1
    fields: JsonDict = {}
    if leading:
        fields[SYSTEM_INSTRUCTIONS] = [writer.system_part(index) for index in range(leading)]
    fields[INPUT_MESSAGES] = [writer.message(index) for index in range(leading, first_output)]
    fields[OUTPUT_MESSAGES] = [
        writer.message(index) for index in range(first_output, len(messages))
    ]
    if definitions is not None:
        fields[TOOL_DEFINITIONS] = [
            _tool(definition, index, writer.warnings)
            for index, definition in enumerate(definitions)
        ]
    warn_thought_signatures(writer.warnings, messages, "OpenTelemetry")
    return WireRequest(fields=fields, warnings=writer.warnings.all())


def _first_output(messages: list[Any], output: object) -> int:
    """The index of the first output message (``len(messages)``: none)."""
    if output is None:
        first = len(messages)
        while first and type(messages[first - 1]) is AssistantMessage:
            first -= 1
        return first
    if type(output) is not int or output < 0:
        raise ValueError(f"{TO}: output must be None or an int >= 0, not {quoted(output)}")
    return max(len(messages) - output, 0)


def _tool(definition: ToolDefinition, index: int, warnings: Warnings) -> JsonDict:
    tool: JsonDict = {"type": "function", "name": definition.name}
    if definition.description is not None:
        tool["description"] = definition.description
    if definition.parameters is not None:
        tool["parameters"] = plain_arguments(definition.parameters)
    if definition.strict is not None:
        warnings.add_tool(
            Code.TOOL_DETAIL_NOT_SENT,
            index,
            "an OpenTelemetry tool definition has no strict flag",
            path=f"/tools/{index}/strict",
        )
    return tool


class _Writer:
    """Messages -> OpenTelemetry messages, one each (so a warning's message index is the
    message's in the transcript)."""

    def __init__(self, messages: list[Any]) -> None:
        self.messages = messages
        self.warnings = Warnings()
        self._names = transcript_call_names(messages)

    def system_part(self, index: int) -> JsonDict:
        message = self.messages[index]
        self._cache_control(message, index, -1)
        return {"type": "text", "content": message.content}

    def message(self, index: int) -> JsonDict:
        message = self.messages[index]
        kind = type(message)
        if kind is SystemMessage:
            written: JsonDict = {"role": "system", "parts": [self.system_part(index)]}
        elif kind is AssistantMessage:
            written = {"role": "assistant", "parts": self._assistant(index, message)}
            reason = message.stop_reason
            if reason is not None:
                written["finish_reason"] = FINISH_REASONS[reason]
        elif kind is ToolResultMessage:
            written = {"role": "tool", "parts": [self._tool_result(index, message)]}
        else:
            written = {"role": "user", "parts": self._user(index, message.content)}
        return written

    # -- user --------------------------------------------------------------------------

    def _user(self, index: int, content: Any) -> list[JsonDict]:
        if type(content) is str:
            return [{"type": "text", "content": content}]
        return [self._media(index, block_index, block) for block_index, block in enumerate(content)]

    def _media(self, index: int, block_index: int, block: Any) -> JsonDict:
        """A text, image, audio or document block -> its part, with the warnings of what
        it cannot carry."""
        self._cache_control(block, index, block_index)
        kind = type(block)
        if kind is TextBlock:
            return self._text(index, block_index, block)
        if kind is ImageBlock and block.detail is not None:
            self._add(Code.IMAGE_DETAIL_NOT_SENT, index, block_index, "detail", "an image's detail")
        if kind is DocumentBlock:
            for key, field in (
                ("filename", "filename"),
                ("title", "title"),
                ("context", "context"),
                ("citations", "citations"),
            ):
                if getattr(block, key) is not None:
                    what = f"a document's {field}"
                    self._add(Code.DOCUMENT_DETAIL_NOT_SENT, index, block_index, field, what)
        modality = _MODALITIES[kind]
        source = block.source
        if type(source) is Base64Source:
            return {
                "type": "blob",
                "modality": modality,
                "mime_type": source.media_type,
                "content": source.data,
            }
        if type(source) is UrlSource:
            return {"type": "uri", "modality": modality, "uri": source.url}
        return {"type": "file", "modality": modality, "file_id": source.file_id}

    def _text(self, index: int, block_index: int, block: TextBlock) -> JsonDict:
        if block.citations:
            self._add(
                Code.CITATIONS_NOT_SENT, index, block_index, "citations", "a text's citations"
            )
        return {"type": "text", "content": block.text}

    # -- assistant ---------------------------------------------------------------------

    def _assistant(self, index: int, message: AssistantMessage) -> list[JsonDict]:
        parts = []
        for block_index, block in enumerate(message.content):
            writer = _ASSISTANT_PARTS[type(block)]
            part = writer(self, index, block_index, block)
            if part is not None:
                parts.append(part)
        return parts

    def _assistant_text(self, index: int, block_index: int, block: TextBlock) -> JsonDict:
        self._cache_control(block, index, block_index)
        return self._text(index, block_index, block)

    def _thinking(self, index: int, block_index: int, block: ThinkingBlock) -> JsonDict | None:
        if block.redacted or not block.thinking:
            what = "redacted thinking" if block.redacted else "empty thinking"
            self.warnings.add(
                Code.THINKING_NOT_SENT,
                index,
                block_index,
                f"{what} has no OpenTelemetry reasoning part",
            )
            return None
        if block.signature is not None:
            self.warnings.add(
                Code.SIGNATURE_CHANGED,
                index,
                block_index,
                "a reasoning part has no signature: it reads back as none",
                field="signature",
            )
        return {"type": "reasoning", "content": block.thinking}

    def _refusal(self, index: int, block_index: int, block: RefusalBlock) -> JsonDict:
        self.warnings.add(
            Code.REFUSAL_AS_TEXT,
            index,
            block_index,
            "OpenTelemetry has no refusal part: sent as text",
        )
        return {"type": "text", "content": block.text}

    def _tool_call(self, index: int, block_index: int, block: ToolCallBlock) -> JsonDict:
        self._cache_control(block, index, block_index)
        return {
            "type": "tool_call",
            "id": block.id,
            "name": block.name,
            "arguments": plain_arguments(block.arguments),
        }

    def _server_call(self, index: int, block_index: int, block: ServerToolCallBlock) -> JsonDict:
        details = _plain(block.input)
        if type(details.get("type")) is not str:
            details = {"type": block.name, **details}
        if block.provider != OTEL_PROVIDER:
            lost = " and its wire" if block.wire else ""
            self._server_provider(index, block_index, block.provider, lost)
        return {
            "type": "server_tool_call",
            "id": block.id,
            "name": block.name,
            "server_tool_call": details,
        }

    def _server_result(
        self, index: int, block_index: int, block: ServerToolResultBlock
    ) -> JsonDict:
        details = _plain(block.wire)
        if type(details.get("type")) is not str:
            details = {"type": "server_tool_call_response", **details}
        if block.provider != OTEL_PROVIDER:
            self._server_provider(index, block_index, block.provider, "")
        return {
            "type": "server_tool_call_response",
            "id": block.tool_call_id,
            "server_tool_call_response": details,
        }

    def _server_provider(self, index: int, block_index: int, provider: str, lost: str) -> None:
        self.warnings.add(
            Code.SERVER_TOOL_NOT_SENT,
            index,
            block_index,
            f"OpenTelemetry has no provider for a server-tool part: the provider "
            f"{quoted(provider)}{lost} is not sent (it reads back as {quoted(OTEL_PROVIDER)})",
            field="provider",
        )

    # -- tool results ------------------------------------------------------------------

    def _tool_result(self, index: int, message: ToolResultMessage) -> JsonDict:
        self._cache_control(message, index, -1)
        if message.is_error:
            self.warnings.add(
                Code.ERROR_FLAG_NOT_SENT,
                index,
                -1,
                "a tool_call_response part has no error flag",
                field="isError",
            )
        warn_tool_name(self.warnings, self._names, index, message)
        content = message.content
        response: Any = content
        if type(content) is not str:
            response = [
                self._media(index, block_index, block) for block_index, block in enumerate(content)
            ]
        return {"type": "tool_call_response", "id": message.tool_call_id, "response": response}

    # -- warnings ----------------------------------------------------------------------

    def _cache_control(self, value: Any, index: int, block_index: int) -> None:
        if getattr(value, "cache_control", None) is not None:
            self._add(
                Code.CACHE_CONTROL_NOT_SENT,
                index,
                block_index,
                "cacheControl",
                "a cache breakpoint",
            )

    def _add(self, code: Code, index: int, block_index: int, field: str, what: str) -> None:
        self.warnings.add(
            code, index, block_index, f"{what} has no OpenTelemetry form: not sent", field=field
        )


def _plain(value: JsonObject | None) -> JsonDict:
    """A fresh plain copy of an IR JSON object (``{}`` for None)."""
    if value is None:
        return {}
    copy: JsonDict = plain_arguments(value)
    return copy


_PartWriter = Callable[[_Writer, int, int, Any], JsonDict | None]
_ASSISTANT_PARTS: dict[type, _PartWriter] = {
    TextBlock: _Writer._assistant_text,
    ThinkingBlock: _Writer._thinking,
    RefusalBlock: _Writer._refusal,
    ToolCallBlock: _Writer._tool_call,
    ServerToolCallBlock: _Writer._server_call,
    ServerToolResultBlock: _Writer._server_result,
}
