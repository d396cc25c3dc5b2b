"""The IR to and from Hugging Face chat datasets (TRL's conversational format: a row's
``messages`` and ``tools``), each loss a ``ConversionWarning`` (the mapping:
``docsgen/mapping/hf-chat.md``)."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable
from typing import Any, Final

import msgspec

from agent_ir._errors import TranscriptError
from agent_ir._generated.message_schema import (
    AssistantBlock,
    AssistantMessage,
    AudioBlock,
    Base64Source,
    DocumentBlock,
    ImageBlock,
    Message,
    RefusalBlock,
    SystemMessage,
    TextBlock,
    ThinkingBlock,
    ToolCallBlock,
    ToolResultMessage,
    UserMessage,
)
from agent_ir._generated.transcript_schema import ToolDefinition
from agent_ir._jsonobject import JsonObject
from agent_ir._paths import Path, to_pointer, unescape_segment
from agent_ir._text import is_blank, quoted
from agent_ir.validation._diagnostics import ordered
from agent_ir.validation._tools import read_tools
from agent_ir.wire._built import Built, image_source
from agent_ir.wire._common import (
    UNKNOWN_TOOL_NAME,
    CallNames,
    ConversionWarningCode,
    Unchecked,
    Warnings,
    WireFormatError,
    WireMessages,
    WireRequest,
    assigned_id,
    data_url,
    key_not_read,
    not_read,
    plain_arguments,
    read_wire,
    transcript_items,
    unchecked_wire,
    warn_cache_control,
    warn_thought_signatures,
)
from agent_ir.wire._decode import Decoded, Decoder, Unread, WireError, describe_json, refused
from agent_ir.wire._tools import checked_definitions, definition
from agent_ir.wire.hf_chat import _wire as hf
from agent_ir.wire.openai_chat._tools import chat_tools

__all__ = ["from_hf_chat", "to_hf_chat"]

TO = "to_hf_chat"
FROM = "from_hf_chat"
Code = ConversionWarningCode
JsonDict = dict[str, Any]

THINKING_SEPARATOR = "\n\n"
"""What joins the text of several thinking blocks into one ``reasoning_content``."""


# --- IR -> dataset row ------------------------------------------------------------------


def to_hf_chat(transcript: object, *, tools: object = None) -> WireRequest:
    """``transcript`` (a list or tuple of IR messages or their JSON form, each valid on
    its own; linkage is not required) and ``tools`` (a list or tuple of
    ``ToolDefinition`` or their JSON form, or None) -> ``WireRequest(fields={"messages":
    [...], "tools": [...]})``, ``"tools"`` only when tools are given, with a warning for
    each loss (see the provider page). ``TranscriptError`` (INVALID_TOOL_DEFINITION)
    when a tool definition is not valid."""
    messages = transcript_items(TO, transcript)
    warnings = Warnings()
    written = [
        _WRITERS[type(message)](message, index, warnings) for index, message in enumerate(messages)
    ]
    fields: JsonDict = {"messages": written}
    if tools is not None:
        fields["tools"] = _tool_definitions(tools)
    warn_thought_signatures(warnings, messages, "chat-template")
    return WireRequest(fields=fields, warnings=warnings.all())


def _tool_definitions(tools: object) -> list[JsonDict]:
    read = read_tools(tools)
    if read.problems:
        raise TranscriptError(ordered(read.problems))
    return chat_tools([definition for definition in read.definitions if definition])


def _system(message: Any, index: int, warnings: Warnings) -> JsonDict:
    _cache_control(message, index, -1, warnings)
    return {"role": "system", "content": message.content}


def _user(message: Any, index: int, warnings: Warnings) -> JsonDict:
    content = message.content
    if type(content) is str:
        return {"role": "user", "content": content}
    parts = []
    for block_index, block in enumerate(content):
        part = _user_part(block, index, block_index, warnings)
        if part is not None:
            parts.append(part)
    return {"role": "user", "content": parts}


def _user_part(block: Any, index: int, block_index: int, warnings: Warnings) -> JsonDict | None:
    kind = type(block)
    if kind is AudioBlock or kind is DocumentBlock:
        code = Code.AUDIO_NOT_SENT if kind is AudioBlock else Code.DOCUMENT_NOT_SENT
        what = "audio" if kind is AudioBlock else "a document"
        warnings.add(code, index, block_index, f"{what} has no part in a chat dataset")
        return None
    return _part(block, index, block_index, warnings)


def _part(block: Any, index: int, block_index: int, warnings: Warnings) -> JsonDict:
    """A text or image block -> its part, with the warnings of what it cannot carry."""
    _cache_control(block, index, block_index, warnings)
    if type(block) is TextBlock:
        if block.citations:
            warnings.add(
                Code.CITATIONS_NOT_SENT,
                index,
                block_index,
                "a text part has no citations",
                field="citations",
            )
        return {"type": "text", "text": block.text}
    assert isinstance(block, ImageBlock)
    if block.detail is not None:
        warnings.add(
            Code.IMAGE_DETAIL_NOT_SENT,
            index,
            block_index,
            "an image part has no detail",
            field="detail",
        )
    source = block.source
    if type(source) is Base64Source:
        return {"type": "image", "url": data_url(source.media_type, source.data)}
    return {"type": "image", "url": source.url}  # type: ignore[union-attr]


def _assistant(message: Any, index: int, warnings: Warnings) -> JsonDict:
    texts: list[str] = []
    thinking: list[str] = []
    calls: list[JsonDict] = []
    for block_index, block in enumerate(message.content):
        kind = type(block)
        if kind is TextBlock:
            _part(block, index, block_index, warnings)  # its warnings
            texts.append(block.text)
        elif kind is ToolCallBlock:
            _cache_control(block, index, block_index, warnings)
            calls.append(_tool_call(block))
        elif kind is ThinkingBlock:
            if _sends_thinking(block, index, block_index, warnings):
                thinking.append(block.thinking)
        elif kind is RefusalBlock:
            warnings.add(
                Code.REFUSAL_AS_TEXT,
                index,
                block_index,
                "a chat dataset has no refusal: sent as text",
            )
            texts.append(block.text)
        else:
            warnings.add(
                Code.SERVER_TOOL_NOT_SENT,
                index,
                block_index,
                "a chat dataset has no hosted-tool blocks",
            )
    wire: JsonDict = {"role": "assistant", "content": _assistant_content(texts)}
    if thinking:
        wire["reasoning_content"] = THINKING_SEPARATOR.join(thinking)
    if calls:
        wire["tool_calls"] = calls
    return wire


def _assistant_content(texts: list[str]) -> str | list[JsonDict]:
    if not texts:
        return ""
    if len(texts) == 1 and texts[0]:
        return texts[0]
    return [{"type": "text", "text": text} for text in texts]


def _sends_thinking(block: ThinkingBlock, index: int, block_index: int, warnings: Warnings) -> bool:
    if block.redacted or not block.thinking:
        what = "redacted thinking" if block.redacted else "empty thinking"
        warnings.add(
            Code.THINKING_NOT_SENT,
            index,
            block_index,
            f"{what} has nothing a chat template can show",
        )
        return False
    if block.signature is not None:
        warnings.add(
            Code.SIGNATURE_CHANGED,
            index,
            block_index,
            "reasoning_content has no signature: it reads back as none",
            field="signature",
        )
    return True


def _tool_call(block: ToolCallBlock) -> JsonDict:
    return {
        "id": block.id,
        "type": "function",
        "function": {"name": block.name, "arguments": plain_arguments(block.arguments)},
    }


def _tool_result(message: Any, index: int, warnings: Warnings) -> JsonDict:
    _cache_control(message, index, -1, warnings)
    if message.is_error:
        warnings.add(
            Code.ERROR_FLAG_NOT_SENT,
            index,
            -1,
            "a tool message has no error flag",
            field="isError",
        )
    content = message.content
    if type(content) is not str:
        content = [
            _part(block, index, block_index, warnings) for block_index, block in enumerate(content)
        ]
    return {
        "role": "tool",
        "tool_call_id": message.tool_call_id,
        "name": message.tool_name,
        "content": content,
    }


def _cache_control(value: Any, index: int, block_index: int, warnings: Warnings) -> None:
    warn_cache_control(
        value, index, block_index, warnings, "a chat dataset has no cache breakpoints"
    )


_Writer = Callable[[Any, int, Warnings], JsonDict]
_WRITERS: dict[type, _Writer] = {
    SystemMessage: _system,
    UserMessage: _user,
    AssistantMessage: _assistant,
    ToolResultMessage: _tool_result,
}


# --- dataset row -> IR ------------------------------------------------------------------


# The levels above a call's arguments in a row (messages/<i>/tool_calls/<j>/function/
# arguments) and above a tool's parameters (tools/<i>/function/parameters): they do not
# count toward the IR's bound on those objects (see read_wire), so what to_hf_chat
# writes reads back.
ARGUMENTS_OFFSET = 6
PARAMETERS_OFFSET = 4

_MESSAGE: Final = Decoder(hf.Message)
_MESSAGES: Final = list[hf.Message]
_TOOL: Final = Decoder(hf.Tool)
_ROLES: Final = ("system", "developer", "user", "assistant", "tool")
# The depths below the messages list of the free values a row holds: a call's arguments
# (messages/<i>/tool_calls/<j>/function/arguments) and an image part's values where the
# message has no image (messages/<i>/content/<j>/url).
_ARGUMENTS_DEPTH: Final = 5
_PART_VALUE_DEPTH: Final = 4


def from_hf_chat(messages: object, *, tools: object = None) -> WireMessages:
    """A dataset row's ``messages`` (JSON values) and ``tools`` (a list of OpenAI-form
    function tools, JSON text of one, or None) -> ``WireMessages``: the IR messages, a
    warning for each wire part that has no IR form (``_wire``'s declarations say what
    each field becomes) and the tools as ``ToolDefinition`` (None when none were
    given). ``WireFormatError`` when the input is not of the format's shape
    (``messages[0].content must be a string or an array; it is missing``);
    ``TranscriptError`` when a message read is not valid IR (tool-call arguments that
    are not a JSON object: INVALID_TOOL_ARGUMENTS) or a tool definition is not
    (INVALID_TOOL_DEFINITION, as ``to_hf_chat`` refuses it). Messages get ids
    ``assigned_id(position)``; tool definitions' warnings have message index -1 and
    paths from ``/tools``."""
    reader = _read_messages(messages)
    definitions = None if tools is None else _read_tools(tools, reader.warnings)
    return WireMessages(reader.built.messages(reader.entries), reader.warnings.all(), definitions)


def _read_messages(messages: object) -> _Reader:
    """The messages decoded (``_wire.Message``) and read: at once when the input may be
    read unchecked (``unchecked_wire``) and is of its declared shape with nothing
    undeclared; else from ``read_wire``'s checked value, message by message, which
    reports the first value not of its shape or reads what the declaration does not
    know with a warning."""
    unchecked = unchecked_wire(messages)
    if unchecked is not None:
        reader = _read_at_once(unchecked)
        if reader is not None:
            return reader
    wire = read_wire(FROM, messages, ("messages",), offset=ARGUMENTS_OFFSET)
    if type(wire) is not list:
        raise WireFormatError(FROM, ("messages",), f"must be an array; it is {describe_json(wire)}")
    decoded = [_decoded_message(index, entry) for index, entry in enumerate(wire)]
    reader = _Reader([found.value for found in decoded], None)
    reader.read([found.unread for found in decoded])
    return reader


def _read_at_once(wire: list[Any]) -> _Reader | None:
    """The messages read with one ``msgspec.convert`` of their declaration, the free
    values they hold (arguments, what an image part holds where it is not read)
    checked as ``read_wire`` would check them; None when they do not convert or hold a
    value ``read_wire`` would copy or refuse: the checked read then reports it."""
    try:
        decoded = msgspec.convert(wire, _MESSAGES)
    except Exception:  # not of its shape, or a key msgspec refuses: read checked
        return None
    held = Unchecked()
    reader = _Reader(decoded, held)
    reader.read(None)
    return reader if held.exact(("messages",), offset=ARGUMENTS_OFFSET) else None


def _decoded_message(index: int, entry: Any) -> Decoded[Any]:
    """Message ``index`` decoded; ``WireFormatError`` for one not of its shape (a role
    not one of ``_ROLES``)."""
    path: Path = ("messages", index)
    try:
        decoded = _MESSAGE(entry)
    except WireError as error:
        if error.pointer == "/role":
            raise _role_refused(entry, path) from None
        raise refused(FROM, error, entry, path) from None
    if type(decoded.value) is Unread:
        raise _role_refused(entry, path)
    return decoded


def _role_refused(entry: dict[str, Any], path: Path) -> WireFormatError:
    roles = ", ".join(quoted(role) for role in _ROLES)
    found = describe_json(entry["role"]) if "role" in entry else "missing"
    return WireFormatError(FROM, (*path, "role"), f"must be one of {roles}; it is {found}")


class _Reader:
    """Decoded messages -> IR messages (``Built``) and warnings, pairing tool messages
    with the calls they answer (``_Pending``). ``held``: input read at once, whose free
    values are checked once all are read."""

    def __init__(self, messages: list[Any], held: Unchecked | None) -> None:
        self.entries: list[Message] = []
        self.warnings = Warnings("/messages")
        self.built = Built()
        self._messages = messages
        self._given: tuple[set[str], CallNames] | None = None  # _given_calls, when asked
        self.pending = _Pending()
        self._held = held
        self._unread: dict[str, list[str]] = {}  # the message's undeclared keys by parent

    def read(self, unread: list[tuple[str, ...]] | None) -> None:
        """The decoded messages, with the pointers of each one's undeclared keys (None:
        read at once, none)."""
        entries = self.entries
        for index, message in enumerate(self._messages):
            if unread is not None:
                self._enter(unread[index])
            message_id = assigned_id(index)
            kind = type(message)
            content = message.content
            entry: Message
            if kind is hf.AssistantMessage:
                entry = AssistantMessage(id=message_id, content=self._assistant(index, message))
            elif kind is hf.ToolMessage:
                entry = self._tool(index, message_id, message)
            elif kind is hf.UserMessage:
                if type(content) is not str:
                    content = self._parts(index, content)
                entry = UserMessage(id=message_id, content=content)
            else:  # system or developer: the text of its parts (text blocks) joined
                if type(content) is not str:
                    texts: Any = self._parts(index, content)
                    content = "".join([block.text for block in texts])
                entry = SystemMessage(id=message_id, content=content)
            if self._unread:
                self._keys(index, -1, "")
            entries.append(entry)

    def _enter(self, places: tuple[str, ...]) -> None:
        """Read a message next whose undeclared keys are at ``places`` (pointers)."""
        if not places and not self._unread:
            return
        self._unread = {}
        for place in places:
            parent, _, key = place.rpartition("/")
            self._unread.setdefault(parent, []).append(unescape_segment(key))

    def _assistant(self, index: int, message: hf.AssistantMessage) -> tuple[AssistantBlock, ...]:
        """Its thinking, its text and its calls, in that order."""
        blocks: list[AssistantBlock] = []
        reasoning, thinking = message.reasoning_content, message.thinking
        if reasoning:
            blocks.append(ThinkingBlock(thinking=reasoning))
            if thinking:
                where = ("messages", index, "thinking")
                self._not_read(index, -1, "/thinking", key_not_read(where))
        elif thinking:
            blocks.append(ThinkingBlock(thinking=thinking))
        content: Any = message.content
        if type(content) is str:
            if content:
                blocks.append(TextBlock(text=content))
        elif content is not None:
            texts: Any = self._parts(index, content)  # text blocks only (TextContent)
            blocks += texts
        calls = message.tool_calls
        if calls:
            self._calls(index, calls, blocks)
        return tuple(blocks)

    def _calls(self, index: int, calls: list[hf.ToolCall], blocks: list[AssistantBlock]) -> None:
        """A message's calls, each a toolCall block added to ``blocks``."""
        held, built, pending = self._held, self.built, self.pending
        for position, call in enumerate(calls):
            if self._unread:
                at = f"/tool_calls/{position}"
                self._keys(index, -1, at)
                self._keys(index, -1, f"{at}/function")
            function = call.function
            call_id, name, arguments = call.id, function.name, function.arguments
            if call_id is None:
                call_id = self._assigned_call_id(index, position)
            pending.add(call_id, name)
            if isinstance(arguments, dict):  # an object, as it is (the common case)
                if held is not None:
                    held.add(_ARGUMENTS_DEPTH, arguments)
                read = built.object(arguments)
            else:
                read = self._arguments(arguments)
            blocks.append(ToolCallBlock(id=call_id, name=name, arguments=read))

    def _tool(self, index: int, message_id: str, message: hf.ToolMessage) -> ToolResultMessage:
        content: Any = message.content
        if type(content) is not str:
            content = self._parts(index, content)
        name = message.name
        call_id, call_name = self._answered_call(message.tool_call_id, name, index)
        if name is None:
            name = call_name
        if name is None:
            self.warnings.add(
                Code.TOOL_NAME_UNKNOWN,
                index,
                -1,
                f"the tool message names no tool and answers no call: the tool name "
                f"{quoted(UNKNOWN_TOOL_NAME)} is used",
            )
            name = UNKNOWN_TOOL_NAME
        return ToolResultMessage(
            id=message_id, tool_call_id=call_id, tool_name=name, content=content, is_error=False
        )

    # -- calls -------------------------------------------------------------------------

    def _arguments(self, value: str | None) -> JsonObject:
        """A call's arguments given as JSON text -> ``parse_arguments`` (empty or only
        whitespace: ``{}``), text of anything but an object kept for the IR to refuse
        (INVALID_TOOL_ARGUMENTS); absent or null -> ``{}``."""
        if value is None or is_blank(value):
            return self.built.fresh({})
        return self.built.arguments(value)

    def _assigned_call_id(self, index: int, position: int) -> str:
        base = f"{assigned_id(index)}-call-{position + 1}"
        call_id, suffix = base, 1
        given_ids = self._given_calls()[0]
        while call_id in given_ids:
            suffix += 1
            call_id = f"{base}-{suffix}"
        given_ids.add(call_id)
        return call_id

    def _answered_call(
        self, given_id: str | None, name: str | None, index: int
    ) -> tuple[str, str | None]:
        """The id and name of the call a tool message answers (``_wire.ToolMessage``);
        taken off the calls not answered yet."""
        if given_id is not None:
            found = self.pending.take_id(given_id)
            if found is not None:
                return found
            return given_id, self._given_calls()[1].name(given_id, index)
        found = self.pending.take_name(name)
        if found is not None:
            return found
        return f"{assigned_id(index)}-result", None

    def _given_calls(self) -> tuple[set[str], CallNames]:
        """``_given_calls`` of all the messages, found the first time a call has no id
        or a result answers no call pending (most rows need neither)."""
        if self._given is None:
            self._given = _given_calls(self._messages)
        return self._given

    # -- parts -------------------------------------------------------------------------

    def _parts(self, index: int, content: list[Any]) -> tuple[TextBlock | ImageBlock, ...]:
        """Text and image parts -> blocks; any other part is PART_NOT_READ."""
        blocks: list[TextBlock | ImageBlock] = []
        for part_index, part in enumerate(content):
            kind = type(part)
            if kind is hf.TextPart:
                blocks.append(TextBlock(text=part.text))
            elif kind is hf.ImagePart and (part.url is not None or part.image is not None):
                url, image = part.url, part.image
                blocks.append(ImageBlock(source=image_source(image if url is None else url)))
                if url is not None and image is not None:
                    self._unread.setdefault(f"/content/{part_index}", []).append("image")
            else:
                if kind is hf.ImagePart:
                    what = "an image without a URL"
                else:
                    if kind is hf.OtherImagePart and self._held is not None:
                        self._held.add(_PART_VALUE_DEPTH, part.url)
                        self._held.add(_PART_VALUE_DEPTH, part.image)
                    kind_name = "image" if kind is hf.OtherImagePart else part.type
                    what = f"a {quoted(kind_name)} part"
                self._not_read(index, part_index, f"/content/{part_index}", not_read(what))
                continue
            if self._unread:
                self._keys(index, part_index, f"/content/{part_index}")
        return tuple(blocks)

    # -- warnings ----------------------------------------------------------------------

    def _not_read(self, index: int, block_index: int, at: str, text: str) -> None:
        path = f"/messages/{index}{at}"
        self.warnings.add(Code.PART_NOT_READ, index, block_index, text, path=path)

    def _keys(self, index: int, block_index: int, at: str) -> None:
        """PART_NOT_READ for each undeclared key of the object at ``at``."""
        for key in self._unread.get(at, ()):
            where = (*_path(index, at), key)
            self.warnings.add(
                Code.PART_NOT_READ,
                index,
                block_index,
                key_not_read(where),
                path=to_pointer(where),
            )


def _path(index: int, at: str) -> Path:
    """The path of ``at`` (a pointer into message ``index``, whose arrays are its
    ``content`` and ``tool_calls``: every number in it is an index)."""
    keys = [int(key) if key.isdigit() else key for key in at.split("/")[1:]]
    return ("messages", index, *keys)


class _Pending:
    """The calls not answered yet, in order, found by id, by name or first of all, each
    in constant time (amortized): each call is a number; the queues hold the numbers
    in order and an answered call is dropped from the others when it comes up. A queue
    is filled with the calls added since it was last asked for, when asked for (most
    results name their call's id: the queues by name are then never built)."""

    def __init__(self) -> None:
        self._calls: list[tuple[str, str]] = []
        self._answered: set[int] = set()
        self._all: deque[int] = deque()
        self._by_id: dict[str, deque[int]] = {}
        self._by_name: dict[str, deque[int]] = {}
        self._ids_queued = 0  # the calls in the queues by id
        self._names_queued = 0  # the calls in _all and the queues by name
        self._first = 0  # every call before it is answered

    def add(self, call_id: str, name: str) -> None:
        self._calls.append((call_id, name))

    def take_id(self, call_id: str) -> tuple[str, str] | None:
        """The first call not answered yet of id ``call_id``, now answered. When that is
        the first call not answered yet of all (results in the order of their calls, the
        common case), it is taken without the queues."""
        first, calls, answered = self._first, self._calls, self._answered
        while first in answered:
            first += 1
        if first < len(calls) and calls[first][0] == call_id:
            answered.add(first)
            self._first = first + 1
            return calls[first]
        self._first = first
        if self._ids_queued < len(calls):
            self._ids_queued = _queue(self._by_id, self._calls, self._ids_queued, 0)
        return self._take(self._by_id.get(call_id))

    def take_name(self, name: str | None) -> tuple[str, str] | None:
        """The first call not answered yet of ``name`` (None: of any name), now answered."""
        if self._names_queued < len(self._calls):
            self._all.extend(range(self._names_queued, len(self._calls)))
            self._names_queued = _queue(self._by_name, self._calls, self._names_queued, 1)
        return self._take(self._all if name is None else self._by_name.get(name))

    def _take(self, queue: deque[int] | None) -> tuple[str, str] | None:
        while queue:
            number = queue.popleft()
            if number not in self._answered:
                self._answered.add(number)
                return self._calls[number]
        return None


def _queue(
    queues: dict[str, deque[int]], calls: list[tuple[str, str]], start: int, field: int
) -> int:
    """The calls from number ``start`` added to ``queues``, by their id (``field`` 0) or
    name (1); the number of calls queued."""
    for number in range(start, len(calls)):
        key = calls[number][field]
        queue = queues.get(key)
        if queue is None:
            queues[key] = deque((number,))
        else:
            queue.append(number)
    return len(calls)


def _given_calls(messages: list[Any]) -> tuple[set[str], CallNames]:
    """Every id the decoded messages give a call, and the names of those calls by id
    (for a tool message whose id names a call already answered, or a later one)."""
    ids: set[str] = set()
    names = CallNames()
    for index, message in enumerate(messages):
        if type(message) is hf.AssistantMessage and message.tool_calls:
            for call in message.tool_calls:
                if call.id is not None:
                    ids.add(call.id)
                    names.add(index, call.id, call.function.name)
    return ids, names


# --- tools ----------------------------------------------------------------------------------


def _read_tools(tools: object, warnings: Warnings) -> tuple[ToolDefinition, ...]:
    """The definitions of a row's ``tools``, checked as ``to_hf_chat`` checks what it
    writes (``checked_definitions``)."""
    if type(tools) is str:
        try:
            tools = json.loads(tools)
        except (ValueError, RecursionError):
            raise WireFormatError(
                FROM, ("tools",), "must be an array or JSON text of one; it is other text"
            ) from None
    wire = read_wire(FROM, tools, ("tools",), offset=PARAMETERS_OFFSET)
    if type(wire) is not list:
        raise WireFormatError(FROM, ("tools",), f"must be an array; it is {describe_json(wire)}")
    read: list[JsonDict] = []
    positions: list[int] = []
    for index, tool in enumerate(wire):
        found = _read_tool(tool, index, warnings)
        if found is not None:
            read.append(found)
            positions.append(index)
    return checked_definitions(read, positions)


def _read_tool(tool: object, index: int, warnings: Warnings) -> JsonDict | None:
    path: Path = ("tools", index)
    try:
        decoded = _TOOL(tool)
    except WireError as error:
        raise refused(FROM, error, tool, path) from None
    kind, function = decoded.value.type, decoded.value.function
    if kind is not None and kind != "function":
        what = f"a {quoted(kind)} tool" if type(kind) is str else "a tool of no known type"
        warnings.add_tool(Code.TOOL_NOT_READ, index, not_read(what))
        return None
    if function is None:
        raise WireFormatError(FROM, (*path, "function"), "must be an object; it is missing")
    for place in decoded.unread:
        where = (
            *path,
            *(part.replace("~1", "/").replace("~0", "~") for part in place.split("/")[1:]),
        )
        warnings.add_tool(Code.PART_NOT_READ, index, key_not_read(where), path=to_pointer(where))
    parameters = function.parameters
    if type(parameters) is dict:
        parameters = _without_nulls(parameters)
    return definition(function.name, function.description, parameters, function.strict)


# The members of a JSON Schema whose null is a value (``{"const": null}``, a default of
# null); any other null member is no schema and no keyword's value.
_NULL_IS_A_VALUE = frozenset({"const", "default"})


def _without_nulls(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with the null members of its objects left out, at every depth (but
    ``const`` and ``default``, whose null is a value): a table with struct columns
    gives every object of a column every key any row has, null where it had none, and
    no JSON Schema has a null there. Walked with a stack (any depth)."""
    root: dict[str, Any] = {}
    stack: list[tuple[Any, Any]] = [(schema, root)]
    while stack:
        source, target = stack.pop()
        pairs = source.items() if type(source) is dict else enumerate(source)
        for key, value in pairs:
            if value is None and type(target) is dict and key not in _NULL_IS_A_VALUE:
                continue
            kept: Any = {} if type(value) is dict else [] if type(value) is list else value
            if type(target) is dict:
                target[key] = kept
            else:
                target.append(kept)
            if kept is not value:
                stack.append((value, kept))
    return root
