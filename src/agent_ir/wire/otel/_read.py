"""The OpenTelemetry GenAI message attributes -> the IR (``from_otel``): how a span's
attributes become one transcript, the ids given and what is warned is told in
``docs/guide/otel.md`` (*In detail*); what each part and key becomes: the declaration
(``_wire``, ``schemas/v1/wire/otel.schema.json``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from itertools import chain
from operator import attrgetter
from typing import Any, Final

import msgspec
from msgspec import inspect as mi

from agent_ir._generated.message_schema import (
    AssistantBlock,
    AssistantMessage,
    AudioBlock,
    Base64Source,
    DocumentBlock,
    FileSource,
    ImageBlock,
    Message,
    ServerToolCallBlock,
    ServerToolResultBlock,
    StopReason,
    SystemMessage,
    TextBlock,
    ThinkingBlock,
    ToolCallBlock,
    ToolResultMessage,
    UrlSource,
    UserBlock,
    UserMessage,
)
from agent_ir._generated.transcript_schema import ToolDefinition
from agent_ir._jsonobject import JsonObject
from agent_ir._paths import Path, to_pointer, unescape_segment
from agent_ir._text import is_blank, quoted
from agent_ir.validation._checks import by_type
from agent_ir.wire._built import Built, user_block_fits
from agent_ir.wire._common import (
    UNKNOWN_TOOL_NAME,
    CallNames,
    ConversionWarningCode,
    Unchecked,
    Warnings,
    WireMessages,
    assigned_id,
    key_not_read,
    not_read,
    read_wire,
    unchecked_wire,
)
from agent_ir.wire._decode import Decoder, Unread, WireError, describe_json, must_be, refused
from agent_ir.wire._tools import checked_definitions, definition
from agent_ir.wire.hf_chat._request import _Pending
from agent_ir.wire.otel import _wire as otel
from agent_ir.wire.otel._keys import (
    INPUT_MESSAGES,
    OUTPUT_MESSAGES,
    RESPONSE_FINISH_REASONS,
    STOP_REASONS,
    SYSTEM_INSTRUCTIONS,
    TOOL_DEFINITIONS,
)
from agent_ir.wire.otel._write import OTEL_PROVIDER

__all__ = ["from_otel"]

FROM = "from_otel"
Code = ConversionWarningCode
JsonDict = dict[str, Any]

# The levels above a call's arguments in an attribute (<key>/<i>/parts/<j>/arguments) and
# above a tool's parameters (<key>/<i>/parameters): they do not count toward the IR's
# bound on those objects (see read_wire), so what to_otel writes reads back.
ARGUMENTS_OFFSET = 5
PARAMETERS_OFFSET = 3

_SYSTEM: Final = Decoder(otel.SystemInstructions)
_INPUT: Final = Decoder(otel.InputMessages)
_OUTPUT: Final = Decoder(otel.OutputMessages)
_TOOLS: Final = Decoder(otel.ToolDefinitions)
_PARTS: Final = Decoder(list[otel.MessagePart])
_STOP_REASONS: Final = {reason: StopReason(stop) for reason, stop in STOP_REASONS.items()}
_SHAPES: Final = {
    SYSTEM_INSTRUCTIONS: otel.SystemInstructions,
    INPUT_MESSAGES: otel.InputMessages,
    OUTPUT_MESSAGES: otel.OutputMessages,
}
_MEDIA: Final = (otel.TextPart, otel.BlobPart, otel.UriPart, otel.FilePart)


def from_otel(attributes: object) -> WireMessages:
    """A span's attributes (a mapping) -> ``WireMessages``: the IR messages of
    ``gen_ai.system_instructions``, ``gen_ai.input.messages`` and
    ``gen_ai.output.messages`` (each a JSON value or JSON text of one; absent: none),
    a warning for each part that has no IR form, and the tools of
    ``gen_ai.tool.definitions`` as ``ToolDefinition`` (None when absent).
    ``WireFormatError`` when the input is not of the format's shape; ``TranscriptError``
    when a message read is not valid IR (arguments that are not a JSON object:
    INVALID_TOOL_ARGUMENTS) or a tool definition is not (INVALID_TOOL_DEFINITION)."""
    found = _attributes(attributes)
    reader = _Reader()
    tools = None
    if TOOL_DEFINITIONS in found:
        tools = _read_tools(found[TOOL_DEFINITIONS], reader.warnings)
    system = found.get(SYSTEM_INSTRUCTIONS)
    if system is not None:
        reader.system_instructions(_decoded(_SYSTEM, system, SYSTEM_INSTRUCTIONS))
    for key, decoder in ((INPUT_MESSAGES, _INPUT), (OUTPUT_MESSAGES, _OUTPUT)):
        value = found.get(key)
        if value is not None:
            reasons = found.get(RESPONSE_FINISH_REASONS) if key == OUTPUT_MESSAGES else None
            reader.messages(key, _decoded(decoder, value, key), reasons)
    return WireMessages(reader.built.messages(reader.entries), reader.warnings.all(), tools)


def _attributes(attributes: object) -> dict[str, Any]:
    """The attributes ``from_otel`` reads, each a JSON value (JSON text parsed)."""
    if not isinstance(attributes, Mapping):
        raise must_be(FROM, (), "a mapping of span attributes", describe_json(attributes))
    keys = (SYSTEM_INSTRUCTIONS, INPUT_MESSAGES, OUTPUT_MESSAGES, TOOL_DEFINITIONS)
    found: dict[str, Any] = {}
    try:
        for key in (*keys, RESPONSE_FINISH_REASONS):
            if key in attributes:
                found[key] = attributes[key]
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as error:  # a hostile mapping: its own failure, named
        found_text = f"a mapping that fails when read ({type(error).__name__})"
        raise must_be(FROM, (), "a mapping of span attributes", found_text) from None
    for key in keys:
        if key in found and type(found[key]) is str:
            found[key] = _parsed(key, found[key])
    # A sequence of strings (the SDK keeps it as a tuple); anything else is no message
    # data and is not read.
    reasons = found.pop(RESPONSE_FINISH_REASONS, None)
    if type(reasons) in (list, tuple) and all(type(reason) is str for reason in reasons):
        found[RESPONSE_FINISH_REASONS] = list(reasons)
    return found


def _parsed(key: str, text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise must_be(FROM, (key,), "an array or JSON text of one", "other text") from None


def _decoded(decoder: Decoder, value: Any, key: str) -> tuple[list[Any], dict[str, list[str]]]:
    """Attribute ``key`` decoded, and the pointers (from the attribute) of its undeclared
    keys, by the pointer of the object holding them: at once when it may be read
    unchecked and is of its declared shape (``_at_once``), else from ``read_wire``'s
    checked value, which reports the first value not of its shape or names what the
    declaration does not know."""
    if key != TOOL_DEFINITIONS:
        at_once = _at_once(value, key)
        if at_once is not None:
            return at_once, {}
    offset = PARAMETERS_OFFSET if key == TOOL_DEFINITIONS else ARGUMENTS_OFFSET
    wire = read_wire(FROM, value, (key,), offset=offset)
    try:
        decoded = decoder(wire)
    except WireError as error:
        raise refused(FROM, error, wire, (key,)) from None
    unread: dict[str, list[str]] = {}
    for place in decoded.unread:
        parent, _, name = place.rpartition("/")
        unread.setdefault(parent, []).append(unescape_segment(name))
    return decoded.value, unread


def _at_once(value: Any, key: str) -> list[Any] | None:
    """Attribute ``key`` (system instructions or messages) decoded with one
    ``msgspec.convert`` of its declaration, when ``unchecked_wire`` takes it and the
    values msgspec takes as they are, or checks less than ``read_wire`` (free JSON,
    numbers: ``_loose``), are what ``read_wire`` takes as they are; else None."""
    unchecked = unchecked_wire(value)
    if unchecked is None:
        return None
    try:
        decoded: list[Any] = msgspec.convert(unchecked, _SHAPES[key])
    except Exception:  # not of its shape, or a key msgspec refuses: read checked
        return None
    if key == SYSTEM_INSTRUCTIONS:  # <key>/<j>/<field>
        parts, depth = decoded, 2
    else:  # <key>/<i>/parts/<j>/<field>
        parts, depth = list(chain.from_iterable([message.parts for message in decoded])), 4
    held = Unchecked()
    for kind, group in by_type(parts).items():
        for getter in _loose(kind):
            # the values at ``depth``, as the items of one list a level above them
            held.add(depth - 1, list(map(getter, group)))
    return decoded if held.exact((key,), offset=ARGUMENTS_OFFSET) else None


@cache
def _loose(kind: type) -> tuple[Callable[[Any], Any], ...]:
    """Getters of the fields of a part declaration whose values msgspec converts as they
    are or checks less than ``read_wire`` does: free JSON (``Any``, objects of it) and
    numbers (``read_wire`` takes only finite floats and writable ints)."""
    info = mi.type_info(kind)
    fields = info.fields if isinstance(info, mi.StructType) else ()
    return tuple(attrgetter(field.name) for field in fields if _is_loose(field.type))


def _is_loose(kind: mi.Type) -> bool:
    if isinstance(kind, mi.Metadata):
        return _is_loose(kind.type)
    if isinstance(kind, mi.UnionType):
        return any(map(_is_loose, kind.types))
    return isinstance(kind, (mi.AnyType, mi.DictType, mi.ListType, mi.IntType, mi.FloatType))


def _split(at: str) -> Path:
    """A pointer into an attribute as a path (every number in it an index)."""
    return tuple(int(key) if key.isdigit() else key for key in at.split("/")[1:])


class _Reader:
    """Decoded attributes -> IR messages (``Built``) and warnings, pairing results with
    the calls they answer.

    A part is named by its index in the parts of message ``_at`` (-1: in the system
    instructions); its pointer (``_place``) is made only for a warning."""

    def __init__(self) -> None:
        self.entries: list[Message] = []
        self.warnings = Warnings()
        self.built = Built()
        self.pending = _Pending()
        self._names = CallNames()
        self._named = 0  # the entries whose calls are in _names
        self._key = ""
        self._unread: dict[str, list[str]] = {}
        self._index = 0
        self._at = -1  # the message whose parts are read (-1: the system instructions)
        # The server-tool calls of the message being read, for a result without an id.
        self._server_ids: list[str] = []

    # -- attributes --------------------------------------------------------------------

    def system_instructions(self, decoded: tuple[list[Any], dict[str, list[str]]]) -> None:
        parts, self._unread = decoded
        self._key, self._index, self._at = SYSTEM_INSTRUCTIONS, 0, -1
        self._system_parts(parts)

    def messages(
        self, key: str, decoded: tuple[list[Any], dict[str, list[str]]], reasons: object
    ) -> None:
        messages, self._unread = decoded
        self._key = key
        for index, message in enumerate(messages):
            self._index = index
            self._message(message, index, reasons)
            if self._unread:
                self._keys(-1, f"/{index}")

    # -- messages ----------------------------------------------------------------------

    def _message(self, message: Any, index: int, reasons: object) -> None:
        """Message ``index``, then its finish reason (an assistant message's stopReason,
        read after its parts)."""
        role = message.role
        if self._server_ids:
            self._server_ids = []
        if message.name is not None:
            where = (self._key, index, "name")
            self._not_read(-1, f"/{index}/name", key_not_read(where))
        self._at = index
        finished = message.finish_reason is not None or reasons is not None
        if role == "assistant":
            content = self._assistant(message.parts)
            stop = self._finish(message, index, reasons) if finished else None
            message_id = assigned_id(len(self.entries))
            self.entries.append(AssistantMessage(id=message_id, content=content, stop_reason=stop))
            return
        if role in ("user", "tool"):
            parts, is_tool = message.parts, role == "tool"
            if len(parts) != 1 or self._unread or not self._one_part(parts[0], is_tool):
                self._user_turn(parts, is_tool)
        elif role == "system":
            self._system_parts(message.parts)
        else:
            self._not_read(-1, f"/{index}", not_read(f"a message of role {quoted(role)}"))
        if finished:
            self._finish(message, index, reasons)

    def _system_parts(self, parts: list[Any]) -> None:
        """System instructions: each text part one system message."""
        for part_index, part in enumerate(parts):
            text = self._text(part, part_index)
            if text is not None:
                self.entries.append(SystemMessage(id=assigned_id(len(self.entries)), content=text))
            if self._unread:
                self._keys(part_index, self._place(part_index))

    def _one_part(self, part: Any, is_tool: bool) -> bool:
        """A turn of one part read at once when it is a result or a user's text (the
        common cases); False for any other."""
        kind = type(part)
        if kind is otel.ToolCallResponsePart and not part.builtin:
            self._result(part, 0)
            return True
        if kind is otel.TextPart and not is_tool and part.content is not None:
            self.entries.append(
                UserMessage(id=assigned_id(len(self.entries)), content=part.content)
            )
            return True
        return False

    def _user_turn(self, parts: list[Any], is_tool: bool) -> None:
        """A user (or tool) message's parts: its results become toolResult messages in
        place, the parts between them user messages (a tool message's other parts are
        PART_NOT_READ)."""
        blocks: list[UserBlock] = []
        for part_index, part in enumerate(parts):
            kind = type(part)
            if kind is otel.ToolCallResponsePart and not part.builtin:
                self._flush_user(blocks)
                blocks = []
                self._result(part, part_index)
            elif kind is otel.TextPart and not is_tool and part.content is not None:
                blocks.append(TextBlock(text=part.content))  # the common case, at once
            elif is_tool or not isinstance(part, _MEDIA):
                self._part_not_read(part, part_index)
            else:
                block = self._media(part, part_index)
                if block is not None:
                    blocks.append(block)
            if self._unread:
                self._keys(part_index, self._place(part_index))
        if blocks:
            self._flush_user(blocks)
        elif not parts:  # a user turn of no parts, as to_otel writes an empty content
            self.entries.append(UserMessage(id=self._next_id(), content=()))

    def _flush_user(self, blocks: list[UserBlock]) -> None:
        if not blocks:
            return
        first = blocks[0]
        if len(blocks) == 1 and type(first) is TextBlock:
            self.entries.append(UserMessage(id=self._next_id(), content=first.text))
        else:
            self.entries.append(UserMessage(id=self._next_id(), content=tuple(blocks)))

    def _assistant(self, parts: list[Any]) -> tuple[AssistantBlock, ...]:
        blocks: list[AssistantBlock] = []
        for part_index, part in enumerate(parts):
            kind = type(part)
            if kind is otel.TextPart and part.content is not None:
                blocks.append(TextBlock(text=part.content))  # the common case, at once
            elif kind is otel.ToolCallRequestPart:
                blocks.append(self._call(part, part_index))
            else:
                block = self._assistant_block(part, part_index)
                if block is not None:
                    blocks.append(block)
            if self._unread:
                self._keys(part_index, self._place(part_index))
        return tuple(blocks)

    def _assistant_block(self, part: Any, part_index: int) -> AssistantBlock | None:
        match part:
            case otel.TextPart():
                text = self._text(part, part_index)
                return None if text is None else TextBlock(text=text)
            case otel.ReasoningPart(content=content) | otel.ThinkingPart(content=content):
                if content is None:
                    what = not_read("reasoning without its content")
                    self._not_read(part_index, self._place(part_index), what)
                    return None
                return ThinkingBlock(thinking=content)
            case otel.ServerToolCallPart():
                call_id = part.id or self._added_id(part_index)
                self._server_ids.append(call_id)
                details = self.built.object(part.server_tool_call)
                return self._server_call(call_id, part.name, details)
            case otel.ServerToolCallResponsePart():
                wire = part.server_tool_call_response
                return self._server_result(part.id, wire, part_index)
            case otel.ToolCallResponsePart(builtin=True):
                wire = {"type": part.name or "tool_call_response", "result": _response(part)}
                return self._server_result(part.id, wire, part_index)
        self._part_not_read(part, part_index)
        return None

    # -- calls -------------------------------------------------------------------------

    def _call(
        self, part: otel.ToolCallRequestPart, part_index: int
    ) -> ToolCallBlock | ServerToolCallBlock:
        call_id = part.id or self._added_id(part_index)
        arguments = part.arguments
        if type(arguments) is dict:  # an object, as it is (the common case)
            read = self.built.object(arguments)
        else:
            read = self._arguments(arguments)
        if part.builtin:
            self._server_ids.append(call_id)
            return self._server_call(call_id, part.name, read)
        self.pending.add(call_id, part.name)
        return ToolCallBlock(id=call_id, name=part.name, arguments=read)

    def _arguments(self, value: Any) -> JsonObject:
        """A call's arguments that are not an object: JSON text -> ``parse_arguments``
        (empty or only whitespace: ``{}``); absent or null -> ``{}``; anything else as it
        is (the IR refuses it: INVALID_TOOL_ARGUMENTS)."""
        if value is None:
            return self.built.fresh({})
        if type(value) is str:
            if is_blank(value):
                return self.built.fresh({})
            return self.built.arguments(value)
        return self.built.object(value)

    def _added_id(self, part_index: int) -> str:
        call_id = f"{assigned_id(len(self.entries))}-call-{part_index + 1}"
        self.warnings.add(
            Code.TOOL_CALL_ID_ADDED,
            self._index,
            part_index,
            f"a call without an id is given the id {quoted(call_id)}",
            path=self._pointer(self._place(part_index)),
        )
        return call_id

    def _server_call(self, call_id: str, name: str, details: JsonObject) -> ServerToolCallBlock:
        return ServerToolCallBlock(provider=OTEL_PROVIDER, id=call_id, name=name, input=details)

    def _server_result(
        self, call_id: str | None, wire: object, part_index: int
    ) -> ServerToolResultBlock | None:
        if call_id is None:
            if not self._server_ids:
                what = "a server-tool result without an id, after no server-tool call"
                self._not_read(part_index, self._place(part_index), not_read(what))
                return None
            call_id = self._server_ids[-1]
        return ServerToolResultBlock(
            provider=OTEL_PROVIDER, tool_call_id=call_id, wire=self.built.object(wire)
        )

    # -- results -----------------------------------------------------------------------

    def _result(self, part: otel.ToolCallResponsePart, part_index: int) -> None:
        call_id, call_name = self._answered(part, part_index)
        name = part.name or call_name
        if name is None:
            self.warnings.add(
                Code.TOOL_NAME_UNKNOWN,
                self._index,
                part_index,
                f"no tool call has id {quoted(call_id)}: the tool name "
                f"{quoted(UNKNOWN_TOOL_NAME)} is used",
                path=self._pointer(self._place(part_index)),
            )
            name = UNKNOWN_TOOL_NAME
        response = part.response if part.response is not None else part.result
        content = response if type(response) is str else self._result_content(response)
        entries = self.entries
        entries.append(
            ToolResultMessage(
                id=assigned_id(len(entries)),
                tool_call_id=call_id,
                tool_name=name,
                content=content,
                is_error=False,
            )
        )

    def _answered(self, part: otel.ToolCallResponsePart, part_index: int) -> tuple[str, str | None]:
        """The id and name of the call a result answers, taken off the calls not answered
        yet (the declaration's ``ToolCallResponsePart``)."""
        if part.id is not None:
            found = self.pending.take_id(part.id)
            if found is not None:
                return found
            return part.id, self._call_names().name(part.id, len(self.entries))
        found = self.pending.take_name(part.name)
        if found is not None:
            how = f"of {quoted(part.name)}" if part.name is not None else "(of any name)"
            self.warnings.add(
                Code.RESULT_PAIRED_BY_NAME,
                self._index,
                part_index,
                f"a response without an id answers the earliest unanswered call {how}: "
                f"{quoted(found[0])}",
                path=self._pointer(self._place(part_index)),
            )
            return found
        return f"{assigned_id(len(self.entries))}-result", None

    def _call_names(self) -> CallNames:
        """The calls read so far, by id (made when a result's id names no call pending)."""
        entries = self.entries
        for position in range(self._named, len(entries)):
            entry = entries[position]
            if type(entry) is AssistantMessage:
                for block in entry.content:
                    if type(block) is ToolCallBlock:
                        self._names.add(position, block.id, block.name)
        self._named = len(entries)
        return self._names

    def _result_content(self, response: object) -> str | tuple[TextBlock | ImageBlock, ...]:
        """A string as it is, null as ``""``, an array of text and image parts as blocks
        (``[]``: none), anything else its compact JSON text."""
        if response is None:
            return ""
        if type(response) is str:
            return response
        if type(response) is list:
            blocks = self._result_blocks(response)
            if blocks is not None:
                return blocks
        return json.dumps(response, ensure_ascii=False, separators=(",", ":"))

    # -- parts -------------------------------------------------------------------------

    def _text(self, part: Any, part_index: int) -> str | None:
        if type(part) is not otel.TextPart:
            self._part_not_read(part, part_index)
            return None
        if part.content is None:
            what = not_read("a text part without its content")
            self._not_read(part_index, self._place(part_index), what)
        return part.content

    def _media(self, part: Any, part_index: int) -> UserBlock | None:
        """A text, blob, uri or file part -> its block, or None with its PART_NOT_READ
        (no block the IR takes)."""
        if type(part) is otel.TextPart:
            text = self._text(part, part_index)
            return None if text is None else TextBlock(text=text)
        block = _media_block(part)
        if block is None or not user_block_fits(block):
            what = f"a {quoted(_kind(part))} part of modality {quoted(_modality(part))}"
            self._not_read(part_index, self._place(part_index), not_read(what))
            return None
        return block

    def _result_blocks(self, response: list[Any]) -> tuple[TextBlock | ImageBlock, ...] | None:
        """An array of text and image parts -> a tool result's blocks; None when it is
        anything else (the result is then its JSON text)."""
        try:
            decoded = _PARTS(response)
        except WireError:
            return None
        if decoded.unread or decoded.unknown:
            return None
        blocks: list[TextBlock | ImageBlock] = []
        for part in decoded.value:
            if type(part) is otel.TextPart and part.content is not None:
                blocks.append(TextBlock(text=part.content))
                continue
            block = _media_block(part) if isinstance(part, _MEDIA[1:]) else None
            if type(block) is not ImageBlock or not user_block_fits(block):
                return None
            blocks.append(block)
        return tuple(blocks)

    def _part_not_read(self, part: Any, part_index: int) -> None:
        what = not_read(f"a {quoted(_kind(part))} part here")
        self._not_read(part_index, self._place(part_index), what)

    # -- finish reasons ----------------------------------------------------------------

    def _finish(
        self, message: otel.ChatMessage | otel.OutputMessage, index: int, reasons: object
    ) -> StopReason | None:
        """An assistant message's stopReason, from its finish reason or the span's;
        PART_NOT_READ for one of another message or one the IR has no value for."""
        reason: object = message.finish_reason
        if type(reason) is str and message.role == "assistant":
            stop = _STOP_REASONS.get(reason)
            if stop is not None:  # the common case, at once
                return stop
        at = f"/{index}/finish_reason"
        if reason is None and type(reasons) is list and index < len(reasons):
            reason = reasons[index]
            at = f"/{RESPONSE_FINISH_REASONS}/{index}"
        if reason is None or message.role != "assistant":
            if reason is not None:
                self._not_read(-1, at, key_not_read((self._key, *_split(at))))
            return None
        stop = _STOP_REASONS.get(reason) if type(reason) is str else None
        if stop is None:
            what = f"the finish reason {quoted(reason)}"
            path = at if at.startswith(f"/{RESPONSE_FINISH_REASONS}") else self._pointer(at)
            self.warnings.add(Code.PART_NOT_READ, index, -1, not_read(what), path=path)
        return stop

    # -- what is read ------------------------------------------------------------------

    def _next_id(self) -> str:
        """The id of the next message read."""
        return assigned_id(len(self.entries))

    def _place(self, part_index: int) -> str:
        """The pointer (in the attribute) of part ``part_index`` being read."""
        if self._at < 0:
            return f"/{part_index}"
        return f"/{self._at}/parts/{part_index}"

    def _pointer(self, at: str) -> str:
        return f"/{self._key}{at}"

    def _not_read(self, part_index: int, at: str, text: str) -> None:
        self.warnings.add(Code.PART_NOT_READ, self._index, part_index, text, path=self._pointer(at))

    def _keys(self, part_index: int, at: str) -> None:
        """PART_NOT_READ for each undeclared key of the object at ``at``."""
        for key in self._unread.get(at, ()):
            where = (self._key, *_split(at), key)
            self.warnings.add(
                Code.PART_NOT_READ,
                self._index,
                part_index,
                key_not_read(where),
                path=to_pointer(where),
            )


def _kind(part: Any) -> str:
    """A decoded part's type: its tag, or the type of a part the declaration does not know."""
    kind: str = part.type if type(part) is Unread else type(part).__struct_config__.tag
    return kind


def _response(part: otel.ToolCallResponsePart) -> Any:
    return part.response if part.response is not None else part.result


_MODALITY_OF_TYPE = {"image": "image", "audio": "audio"}


def _modality(part: Any) -> str:
    """A media part's modality: as given, else from its MIME type (image/..., audio/...;
    anything else a document)."""
    if part.modality is not None:
        modality: str = part.modality
        return modality
    prefix = (part.mime_type or "").partition("/")[0].strip().lower()
    return _MODALITY_OF_TYPE.get(prefix, "document")


def _media_block(part: Any) -> ImageBlock | AudioBlock | DocumentBlock | None:
    """A blob, uri or file part -> an image, audio or document block; None when the IR
    has none (video, an image by file id, audio by URI...)."""
    modality = _modality(part)
    match part:
        case otel.BlobPart(mime_type=str(media_type), content=data):
            source = Base64Source(media_type=media_type, data=data)
            if modality == "image":
                return ImageBlock(source=source)
            if modality == "audio":
                return AudioBlock(source=source)
            if modality == "document":
                return DocumentBlock(source=source)
        case otel.UriPart(uri=uri) if modality == "image":
            return ImageBlock(source=UrlSource(url=uri))
        case otel.UriPart(uri=uri) if modality == "document":
            return DocumentBlock(source=UrlSource(url=uri))
        case otel.FilePart(file_id=file_id) if modality == "document":
            return DocumentBlock(source=FileSource(file_id=file_id))
    return None


# --- tools ----------------------------------------------------------------------------------


def _read_tools(value: Any, warnings: Warnings) -> tuple[ToolDefinition, ...]:
    """The definitions of ``gen_ai.tool.definitions``, checked as ``to_otel`` checks what
    it writes (``checked_definitions``)."""
    tools, unread = _decoded(_TOOLS, value, TOOL_DEFINITIONS)
    read: list[JsonDict] = []
    positions: list[int] = []
    for index, tool in enumerate(tools):
        path = f"/{TOOL_DEFINITIONS}/{index}"
        if tool.type != "function":
            what = f"a {quoted(tool.type)} tool"
            warnings.add_tool(Code.TOOL_NOT_READ, index, not_read(what), path=path)
            continue
        for key in unread.get(f"/{index}", ()):
            where = (TOOL_DEFINITIONS, index, key)
            warnings.add_tool(
                Code.PART_NOT_READ, index, key_not_read(where), path=to_pointer(where)
            )
        read.append(definition(tool.name, tool.description, tool.parameters, None))
        positions.append(index)
    return checked_definitions(read, positions)
