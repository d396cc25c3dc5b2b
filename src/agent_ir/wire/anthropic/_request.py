"""Anthropic Messages: the IR to and from a Messages API request's ``system`` and
``messages``, each loss a ``ConversionWarning``. What maps to what and what is warned:
``docsgen/mapping/anthropic.md`` (the provider page); the fields: ``_wire``'s
declaration."""

from __future__ import annotations

import base64
import binascii
from typing import Any, Final, NamedTuple, get_args

import msgspec

from agent_ir._errors import WireFormatError
from agent_ir._generated.message_schema import (
    AssistantBlock,
    AssistantMessage,
    AudioBlock,
    Base64Source,
    CacheControl,
    Citation,
    DocumentBlock,
    FileSource,
    ImageBlock,
    Message,
    RefusalBlock,
    ServerToolCallBlock,
    ServerToolResultBlock,
    SystemMessage,
    TextBlock,
    ThinkingBlock,
    ToolCallBlock,
    ToolResultMessage,
    UrlSource,
    UserBlock,
    UserMessage,
)
from agent_ir._paths import Path, to_pointer
from agent_ir._text import cut, quoted
from agent_ir.validation._convert import is_rereadable
from agent_ir.wire._built import Built, cache_breakpoint
from agent_ir.wire._common import (
    CallNames,
    ConversionWarningCode,
    Unchecked,
    Warnings,
    WireMessages,
    WireRequest,
    assigned_id,
    exact_at,
    key_not_read,
    not_read,
    plain_arguments,
    read_wire,
    transcript_call_names,
    transcript_items,
    unchecked_wire,
    unknown_tool_name,
    warn_thought_signatures,
    warn_tool_name,
)
from agent_ir.wire._decode import Decoded, Decoder, Unread, WireError, describe_json, refused
from agent_ir.wire._opaque import foreign_maker, warn_foreign_signature
from agent_ir.wire._tools import read_with_tools, sent_tools
from agent_ir.wire.anthropic import _wire as anthropic
from agent_ir.wire.anthropic._tools import anthropic_tools, read_anthropic_tools

__all__ = ["from_anthropic", "to_anthropic"]

TO: Final = "to_anthropic"
FROM: Final = "from_anthropic"

PROVIDER: Final = "anthropic"
IMAGE_MEDIA_TYPES: Final = frozenset({"image/jpeg", "image/png", "image/gif", "image/webp"})
PDF: Final = "application/pdf"
PLAIN_TEXT: Final = "text/plain"

# The block type of a plain server-tool call (its type is not kept in the IR's wire).
SERVER_TOOL_USE: Final = "server_tool_use"
# Assistant block types read as server-tool calls: {id, name, input} and other keys.
SERVER_CALL_TYPES: Final = frozenset({SERVER_TOOL_USE, "mcp_tool_use"})
# The keys of a server-tool block the IR holds in its own fields, not in its wire.
SERVER_CALL_FIELDS: Final = frozenset({"id", "name", "input"})
SERVER_RESULT_FIELDS: Final = frozenset({"tool_use_id"})
# The block types from_anthropic reads in an assistant message (the declaration's).
ASSISTANT_TYPES: Final = frozenset(
    member.__struct_config__.tag for member in get_args(anthropic.AssistantBlock)
)

Wire = dict[str, Any]


# --- IR -> Anthropic -------------------------------------------------------------------


def to_anthropic(transcript: object, *, tools: object = None) -> WireRequest:
    """The ``system`` and ``messages`` of a Messages API request for ``transcript`` (a
    list or tuple of IR messages or JSON-form mappings, each valid on its own; linkage
    is not required). ``InvalidMessageError`` names the first invalid message.

    ``tools``: tool definitions (a list or tuple of ``ToolDefinition`` or their JSON
    form), written to ``fields["tools"]`` in the Anthropic shape (``_tools``: a
    definition without parameters sends ``input_schema`` ``{"type": "object"}``, which
    Anthropic requires). Anything but a list or tuple is a ``TypeError``, a definition
    ``validate_transcript`` would report a ``TranscriptError`` holding its
    INVALID_TOOL_DEFINITION diagnostics."""
    definitions = sent_tools(TO, tools)
    messages = transcript_items(TO, transcript)
    request = _Request(Warnings(), transcript_call_names(messages))
    for index, message in enumerate(messages):
        request.add(index, message)
    fields: dict[str, Any] = {}
    system = request.system
    if len(system) == 1 and system[0].cache_control is None:
        fields["system"] = system[0].content
    elif system:
        fields["system"] = [
            _cached({"type": "text", "text": message.content}, message.cache_control)
            for message in system
        ]
    fields["messages"] = request.turns
    if definitions:
        fields["tools"] = anthropic_tools(definitions)
    warn_thought_signatures(request.warnings, messages, "Anthropic")
    return WireRequest(fields, request.warnings.all())


class _Request:
    """The request being built: the system messages, the turns, and whether the last
    turn holds only tool results (so that the next result or user message joins it)."""

    def __init__(self, warnings: Warnings, call_names: CallNames) -> None:
        self.warnings = warnings
        self.call_names = call_names
        self.system: list[SystemMessage] = []
        self.turns: list[Wire] = []
        self._started = False
        self._results_open = False

    def add(self, index: int, message: Message) -> None:
        if isinstance(message, SystemMessage):
            self._system(index, message)
            return
        self._started = True
        if isinstance(message, ToolResultMessage):
            self._tool_result(index, message)
        elif isinstance(message, UserMessage):
            self._user(index, message)
        else:
            self._assistant(index, message)

    def _system(self, index: int, message: SystemMessage) -> None:
        if self._started:
            self.warnings.add(
                ConversionWarningCode.SYSTEM_MOVED,
                index,
                -1,
                "a system message after the conversation started is moved into the "
                "top-level system prompt",
            )
        self.system.append(message)

    def _tool_result(self, index: int, message: ToolResultMessage) -> None:
        warn_tool_name(self.warnings, self.call_names, index, message)
        block = {
            "type": "tool_result",
            "tool_use_id": message.tool_call_id,
            "content": _result_content(message, index, self.warnings),
            "is_error": message.is_error,
        }
        _cached(block, message.cache_control)
        if self._results_open:
            self.turns[-1]["content"].append(block)
            return
        self.turns.append({"role": "user", "content": [block]})
        self._results_open = True

    def _user(self, index: int, message: UserMessage) -> None:
        content = message.content
        if isinstance(content, str) and not self._results_open:
            self._append({"role": "user", "content": content})
            return
        blocks = _user_blocks(message, index, self.warnings)
        if not blocks:
            self._left_out(index, "a user")
        elif self._results_open:
            self.turns[-1]["content"].extend(blocks)
            self._results_open = False
        else:
            self._append({"role": "user", "content": blocks})

    def _assistant(self, index: int, message: AssistantMessage) -> None:
        blocks = [
            converted
            for block_index, block in enumerate(message.content)
            if (converted := _assistant_block(block, index, block_index, self.warnings)) is not None
        ]
        if blocks:
            self._append({"role": "assistant", "content": blocks})
        else:
            self._left_out(index, "an assistant")

    def _append(self, turn: Wire) -> None:
        self.turns.append(turn)
        self._results_open = False

    def _left_out(self, index: int, role: str) -> None:
        self.warnings.add(
            ConversionWarningCode.MESSAGE_NOT_SENT,
            index,
            -1,
            f"{role} message with no content to send is left out: the Anthropic API "
            "refuses empty messages",
        )


def _user_blocks(message: UserMessage, index: int, warnings: Warnings) -> list[Wire]:
    """The blocks of a user message (its string as one text block)."""
    if isinstance(message.content, str):
        return [{"type": "text", "text": message.content}]
    blocks = []
    for block_index, block in enumerate(message.content):
        converted = _user_block(block, index, block_index, warnings)
        if converted is not None:
            blocks.append(converted)
    return blocks


def _user_block(
    block: TextBlock | ImageBlock | AudioBlock | DocumentBlock,
    index: int,
    block_index: int,
    warnings: Warnings,
) -> Wire | None:
    if isinstance(block, TextBlock):
        return _text(block, index, block_index, warnings)
    if isinstance(block, ImageBlock):
        return _image(block, index, block_index, warnings)
    if isinstance(block, DocumentBlock):
        return _document(block, index, block_index, warnings)
    warnings.add(
        ConversionWarningCode.AUDIO_NOT_SENT,
        index,
        block_index,
        f"audio ({block.source.media_type}) has no Anthropic Messages form: not sent",
    )
    return None


def _cached(block: Wire, cache_control: CacheControl | None) -> Wire:
    """``block`` with the ``cache_control`` of ``cache_control``, when there is one."""
    if cache_control is not None:
        wire: Wire = {"type": cache_control.type}
        if cache_control.ttl is not None:
            wire["ttl"] = cache_control.ttl.value
        block["cache_control"] = wire
    return block


def _text(block: TextBlock, index: int, block_index: int, warnings: Warnings) -> Wire:
    """A text block with its Anthropic citations (another provider's: not sent) and its
    cache breakpoint."""
    wire: Wire = {"type": "text", "text": block.text}
    if block.citations is not None:
        own = [plain_arguments(c.wire) for c in block.citations if c.provider == PROVIDER]
        others = len(block.citations) - len(own)
        if others:
            warnings.add(
                ConversionWarningCode.CITATIONS_NOT_SENT,
                index,
                block_index,
                f"{others} citation(s) of another provider have no Anthropic form: not sent",
                field="citations",
            )
        if own or not others:
            wire["citations"] = own
    return _cached(wire, block.cache_control)


def _image(block: ImageBlock, index: int, block_index: int, warnings: Warnings) -> Wire | None:
    source = block.source
    if isinstance(source, UrlSource):
        wire: Wire = {"type": "url", "url": source.url}
    elif source.media_type in IMAGE_MEDIA_TYPES:
        wire = _base64(source)
    else:
        wire = {}
    if wire:
        if block.detail is not None:
            warnings.add(
                ConversionWarningCode.IMAGE_DETAIL_NOT_SENT,
                index,
                block_index,
                f"an image detail ({block.detail.value}) has no Anthropic form: not sent",
                field="detail",
            )
        return _cached({"type": "image", "source": wire}, block.cache_control)
    assert isinstance(source, Base64Source)
    warnings.add(
        ConversionWarningCode.IMAGE_NOT_SENT,
        index,
        block_index,
        f"{source.media_type} is not an image type the Anthropic API takes "
        "(image/jpeg, image/png, image/gif, image/webp): not sent",
    )
    return None


def _document(
    block: DocumentBlock, index: int, block_index: int, warnings: Warnings
) -> Wire | None:
    source = _document_source(block.source)
    if source is not None:
        wire: Wire = {"type": "document", "source": source}
        if block.title is not None:
            wire["title"] = block.title
        if block.context is not None:
            wire["context"] = block.context
        if block.citations is not None:
            wire["citations"] = {"enabled": block.citations}
        if block.filename is not None:
            warnings.add(
                ConversionWarningCode.DOCUMENT_DETAIL_NOT_SENT,
                index,
                block_index,
                "a document's file name has no Anthropic form: not sent",
                field="filename",
            )
        return _cached(wire, block.cache_control)
    assert isinstance(block.source, Base64Source)
    warnings.add(
        ConversionWarningCode.DOCUMENT_NOT_SENT,
        index,
        block_index,
        f"a {block.source.media_type} document has no Anthropic source form (PDF, UTF-8 "
        "text/plain, URL, file id): not sent",
    )
    return None


def _document_source(source: Base64Source | UrlSource | FileSource) -> Wire | None:
    if isinstance(source, UrlSource):
        return {"type": "url", "url": source.url}
    if isinstance(source, FileSource):
        return {"type": "file", "file_id": source.file_id}
    if source.media_type == PDF:
        return _base64(source)
    if source.media_type == PLAIN_TEXT:
        text = _utf8_text(source.data)
        if text is not None:
            return {"type": "text", "media_type": PLAIN_TEXT, "data": text}
    return None


def _base64(source: Base64Source) -> Wire:
    return {"type": "base64", "media_type": source.media_type, "data": source.data}


def _utf8_text(data: str) -> str | None:
    """The base64 ``data`` decoded as UTF-8 text; ``None`` when the bytes are not UTF-8."""
    try:
        return base64.b64decode(data, validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return None


def _result_content(message: ToolResultMessage, index: int, warnings: Warnings) -> Any:
    if isinstance(message.content, str):
        return message.content
    blocks = []
    for block_index, block in enumerate(message.content):
        if isinstance(block, TextBlock):
            blocks.append(_text(block, index, block_index, warnings))
            continue
        converted = _image(block, index, block_index, warnings)
        if converted is not None:
            blocks.append(converted)
    return blocks


def _assistant_block(
    block: AssistantBlock, index: int, block_index: int, warnings: Warnings
) -> Wire | None:
    if isinstance(block, TextBlock):
        return _text(block, index, block_index, warnings)
    if isinstance(block, ToolCallBlock):
        call = {
            "type": "tool_use",
            "id": block.id,
            "name": block.name,
            "input": plain_arguments(block.arguments),
        }
        return _cached(call, block.cache_control)
    if isinstance(block, ThinkingBlock):
        return _thinking(block, index, block_index, warnings)
    if isinstance(block, RefusalBlock):
        warnings.add(
            ConversionWarningCode.REFUSAL_AS_TEXT,
            index,
            block_index,
            "a refusal has no Anthropic block: sent as a text block",
        )
        return {"type": "text", "text": block.text}
    return _server_block(block, index, block_index, warnings)


def _server_block(
    block: ServerToolCallBlock | ServerToolResultBlock,
    index: int,
    block_index: int,
    warnings: Warnings,
) -> Wire | None:
    """A server-tool block as Anthropic wrote it: a call is ``server_tool_use {id,
    name, input}`` with its ``wire`` keys (``type`` among them when it is another, as
    ``mcp_tool_use``); a result is its ``wire`` with ``tool_use_id``."""
    call = isinstance(block, ServerToolCallBlock)
    what = "call" if call else "result"
    if block.provider != PROVIDER:
        warnings.add(
            ConversionWarningCode.SERVER_TOOL_NOT_SENT,
            index,
            block_index,
            f"a server-tool {what} of {quoted(block.provider)} cannot go to another "
            "provider: not sent",
        )
        return None
    wire: Wire = {} if block.wire is None else plain_arguments(block.wire)
    kind = wire.pop("type", SERVER_TOOL_USE if call else None)
    own = SERVER_CALL_FIELDS if call else SERVER_RESULT_FIELDS
    if not _server_type(kind, call) or not own.isdisjoint(wire):
        warnings.add(
            ConversionWarningCode.SERVER_TOOL_NOT_SENT,
            index,
            block_index,
            f"a server-tool {what} whose wire type is not one from_anthropic reads as a "
            f"server-tool {what}, or whose wire repeats {' or '.join(sorted(own))}, has no "
            "Anthropic form: not sent",
        )
        return None
    wire = {key: value for key, value in wire.items() if value is not None}
    if isinstance(block, ServerToolCallBlock):
        fields = {"id": block.id, "name": block.name, "input": plain_arguments(block.input)}
        return {"type": kind, **wire, **fields}
    return {"type": kind, "tool_use_id": block.tool_call_id, **wire}


def _server_type(kind: object, call: bool) -> bool:
    """Whether ``kind`` is a block type ``from_anthropic`` reads back as a server-tool
    call (``call``) or result: ``server_tool_use`` or ``mcp_tool_use``; for a result,
    any other type but ``tool_result`` and those of the other assistant blocks."""
    if type(kind) is not str:
        return False
    if call:
        return kind in SERVER_CALL_TYPES
    return kind != "tool_result" and kind not in ASSISTANT_TYPES


def _thinking(
    block: ThinkingBlock, index: int, block_index: int, warnings: Warnings
) -> Wire | None:
    maker = foreign_maker(block, PROVIDER)
    if maker is not None:  # as thinking without a signature: the API would refuse it
        warn_foreign_signature(warnings, index, block_index, maker, "Anthropic", block_sent=False)
        return None
    if block.signature is None:
        warnings.add(
            ConversionWarningCode.THINKING_NOT_SENT,
            index,
            block_index,
            "thinking without a signature cannot be sent back to the Anthropic API: not sent",
        )
        return None
    if not block.redacted:
        return {"type": "thinking", "thinking": block.thinking, "signature": block.signature}
    if block.thinking:
        warnings.add(
            ConversionWarningCode.THINKING_NOT_SENT,
            index,
            block_index,
            "the text of redacted thinking is not sent: a redacted_thinking block holds "
            "only its data",
            field="thinking",
        )
    return {"type": "redacted_thinking", "data": block.signature}


# --- Anthropic -> IR -------------------------------------------------------------------


# The levels above a tool_use input in a request: messages/<i>/content/<j>/input (the
# input's own path); they do not count toward the IR's bound on the arguments.
INPUT_OFFSET = 5

_MESSAGE: Final = Decoder(anthropic.RequestMessage)
_SYSTEM: Final = Decoder(anthropic.SystemPrompt)
_ROLES: Final = "one of 'user', 'assistant', 'system'"
# The depth (below the messages list) of a tool_use input: messages/<i>/content/<j>/input.
_INPUT_DEPTH: Final = 4


def from_anthropic(
    messages: object, *, system: object = None, tools: object = None
) -> WireMessages:
    """The IR messages of a Messages API request's ``messages`` (a list of message
    objects, as JSON values) and ``system`` (a string or a list of text blocks; ``None``
    for none), with a warning for each part that has no IR form. ``WireFormatError``
    names the path of a value not of the request's shape; ``TranscriptError`` lists the
    read messages the IR refuses (indexes: IR positions).

    ``tools``: the request's ``tools`` (None: none read, the result's ``tools`` is
    None), read into the result's ``tools`` (``_tools``); their warnings come first.
    ``WireFormatError`` at ``tools[...]`` for an entry not of the request's shape,
    ``TranscriptError`` for a definition the IR refuses."""
    return read_with_tools(
        FROM, tools, read_anthropic_tools, lambda: _read_messages(messages, system)
    )


class _Input(NamedTuple):
    """A request decoded: its system prompt (None: none) and messages, as declared
    (``_wire``); when read checked, also what each holds that is not declared
    (``Decoded.unread``) and each as it came (``read_wire``'s value), else None (read
    at once: nothing undeclared)."""

    system: Any
    messages: list[Any]
    system_unread: tuple[str, ...] = ()
    unread: list[tuple[str, ...]] | None = None
    raw_system: Any = None
    raws: list[Any] | None = None


def _read_messages(messages: object, system: object) -> WireMessages:
    """The request decoded (``_wire.Request``) and read: at once when the input may be
    read unchecked (``unchecked_wire``) and is of its declared shape with nothing
    unread; else from ``read_wire``'s checked value, message by message, which reports
    the first value not of its shape (the system prompt's first) or reads what the
    declaration does not know with a warning."""
    unchecked = unchecked_wire(messages)
    if unchecked is not None:
        read = _read_at_once(unchecked, system)
        if read is not None:
            return read
    wire = read_wire(FROM, messages, ("messages",), offset=INPUT_OFFSET)
    if type(wire) is not list:
        raise WireFormatError(FROM, ("messages",), f"must be an array; it is {describe_json(wire)}")
    prompt = None if system is None else read_wire(FROM, system, ("system",))
    decoded = None if prompt is None else _decoded(_SYSTEM, prompt, ("system",))
    turns = [_decoded_message(index, entry) for index, entry in enumerate(wire)]
    read = _convert(
        _Input(
            None if decoded is None else decoded.value,
            [turn.value for turn in turns],
            () if decoded is None else decoded.unread,
            [turn.unread for turn in turns],
            prompt,
            wire,
        ),
        None,
    )
    assert read is not None, "a checked read gives its messages or raises"
    return read


def _read_at_once(wire: list[Any], system: object) -> WireMessages | None:
    """The request read with one ``msgspec.convert`` of its declaration, its free JSON
    values (arguments, citations, cache breakpoints) checked as ``read_wire`` would
    check them; None when it does not convert, holds such a value ``read_wire`` would
    copy or refuse, or the IR refuses a message: the checked read then reports it."""
    if system is not None and not _plain_system(system):
        return None
    try:
        request = msgspec.convert({"messages": wire, "system": system}, anthropic.Request)
    except Exception:  # not of its shape, or a key msgspec refuses: read checked
        return None
    try:
        return _convert(_Input(request.system, request.messages), _Held())
    except _NotExact:
        return None


def _plain_system(system: object) -> bool:
    """Whether ``system`` may be read unchecked: a list ``unchecked_wire`` takes, or a
    string without lone surrogates."""
    if type(system) is str:
        return is_rereadable([system])
    return unchecked_wire(system) is not None


def _decoded_message(index: int, entry: Any) -> Decoded[Any]:
    """Message ``index`` of the checked input, decoded; ``WireFormatError`` for one not
    of its shape (a role but user, assistant or system), or for a server tool's
    result whose ``tool_use_id`` is not a string."""
    path: Path = ("messages", index)
    try:
        decoded = _MESSAGE(entry)
    except WireError as error:
        if error.pointer == "/role":
            raise _role_refused(entry, path) from None
        raise refused(FROM, error, entry, path) from None
    value = decoded.value
    if type(value) is Unread:
        raise _role_refused(entry, path)
    if type(value) is anthropic.AssistantMessage and decoded.unknown:
        for block_index, block in enumerate(value.content):
            if isinstance(block, Unread) and _is_server_result(block):
                call_id = block.data["tool_use_id"]
                if type(call_id) is not str:
                    where = (*path, "content", block_index, "tool_use_id")
                    raise WireFormatError(
                        FROM, where, f"must be a string; it is {describe_json(call_id)}"
                    )
    return decoded


def _role_refused(entry: dict[str, Any], path: Path) -> WireFormatError:
    """A message whose role is not one the request has: missing content is said first
    when the role is a string."""
    role = entry.get("role")
    if type(role) is str and "content" not in entry:
        return WireFormatError(
            FROM, (*path, "content"), "must be a string or an array; it is missing"
        )
    found = describe_json(role) if "role" in entry else "missing"
    return WireFormatError(FROM, (*path, "role"), f"must be {_ROLES}; it is {found}")


def _decoded(decoder: Decoder, value: Any, root: Path) -> Decoded[Any]:
    """``value`` (at ``root``) decoded; ``WireFormatError`` at the failing place."""
    try:
        return decoder(value)
    except WireError as error:
        raise refused(FROM, error, value, root) from None


def _is_server_result(block: Any) -> bool:
    """Whether an assistant block of a type not declared is a server tool's result: it
    has a ``tool_use_id`` and its type is not ``tool_result``."""
    return type(block) is Unread and block.type != "tool_result" and "tool_use_id" in block.data


def _convert(request: _Input, held: _Held | None) -> WireMessages | None:
    """The decoded request as IR messages and warnings; ``TranscriptError`` when the IR
    refuses a message. ``held``: read at once, the free values to check (None when the
    input is checked): None when one is not what ``read_wire`` takes as it is."""
    reader = _Reader(_call_names(request.messages), held)
    reader.read(request)
    if held is not None and not held.exact():
        return None
    return WireMessages(reader.built.messages(reader.entries), reader.warnings.all())


def _call_names(messages: list[Any]) -> CallNames:
    """The id and name of each ``tool_use`` of the assistant messages, by message index,
    read before the messages so that a result answering a later call still gets a
    name."""
    names = CallNames()
    for index, message in enumerate(messages):
        if type(message) is anthropic.AssistantMessage and type(message.content) is list:
            for block in message.content:
                if type(block) is anthropic.RequestToolUseBlock:
                    names.add(index, block.id, block.name)
    return names


class _NotExact(Exception):
    """A free value of input read at once is not what ``read_wire`` takes as it is."""


class _Held:
    """Input read at once: its free JSON values (kept as they are, or looked at), by
    their depth below their request field, for one ``read_wire``-equivalent check."""

    __slots__ = ("messages", "system")

    def __init__(self) -> None:
        self.messages = Unchecked()
        self.system = Unchecked()

    def add(self, path: Path, value: Any) -> None:
        """The value at ``path`` (from its request field), checked by ``exact``."""
        held = self.messages if path[0] == "messages" else self.system
        held.add(len(path) - 1, value)

    def check(self, path: Path, value: Any) -> None:
        """The value at ``path``, checked now (it is about to be looked at)."""
        if not exact_at(path, value, offset=INPUT_OFFSET if path[0] == "messages" else 0):
            raise _NotExact

    def exact(self) -> bool:
        return self.messages.exact(("messages",), offset=INPUT_OFFSET) and self.system.exact(
            ("system",)
        )


class _Reader:
    """Decoded messages -> IR messages (``Built``) and warnings. ``held``: input read at
    once, whose free values are checked."""

    def __init__(self, call_names: CallNames, held: _Held | None) -> None:
        self.entries: list[Message] = []
        self.warnings = Warnings("/messages")
        self.built = Built()
        self._call_names = call_names
        self._held = held
        self._unread: dict[str, list[str]] = {}  # the unit's undeclared keys by parent
        self._raw: Any = None  # the unit as it came (checked input)

    def read(self, request: _Input) -> None:
        if request.system is not None:
            self._enter(request.system_unread, request.raw_system, ("system",))
            self._system(0, request.system, ("system",))
        unread, raws = request.unread, request.raws
        for index, message in enumerate(request.messages):
            path: Path = ("messages", index)
            if raws is not None:
                assert unread is not None
                self._enter(unread[index], raws[index], path)
                self._unread_keys(index, -1, path)
            content = message.content
            if type(message) is anthropic.UserMessage:
                self._user(index, content, (*path, "content"))
            elif type(message) is anthropic.AssistantMessage:
                self._assistant(index, content, (*path, "content"))
            else:
                self._system(index, content, (*path, "content"))

    def _enter(self, places: tuple[str, ...], raw: Any, root: Path) -> None:
        """Read the value ``raw`` (at ``root``) next: its undeclared keys (``places``,
        pointers from ``root``) by the pointer of their object."""
        self._raw = raw
        if not places:
            if self._unread:
                self._unread = {}
            return
        self._unread = {}
        prefix = to_pointer(root)
        for place in places:
            parent, _, key = place.rpartition("/")
            key = key.replace("~1", "/").replace("~0", "~")
            self._unread.setdefault(prefix + parent, []).append(key)

    # -- messages ----------------------------------------------------------------------

    def _system(self, index: int, value: str | list[Any], path: Path) -> None:
        """A system prompt: a string, or a list of blocks, each ``text`` block one
        system message (with its cache breakpoint) and any other block PART_NOT_READ.
        ``index``: the wire message it is (0 for the ``system`` argument)."""
        if type(value) is str:
            self.entries.append(SystemMessage(id=assigned_id(len(self.entries)), content=value))
            return
        for block_index, block in enumerate(value):
            where = (*path, block_index)
            match block:
                case anthropic.SystemTextBlock(text=text, cache_control=cache):
                    self._unread_keys(index, block_index, where)
                    cached = self._cache(cache, index, block_index, where)
                    message_id = assigned_id(len(self.entries))
                    self.entries.append(
                        SystemMessage(id=message_id, content=text, cache_control=cached)
                    )
                case anthropic.ToolAdditionBlock(tool=tool):
                    self._hold((*where, "tool"), tool)
                    what = "a 'tool_addition' block in a system prompt"
                    self._not_read(index, block_index, what, where)
                case Unread(type=kind):
                    what = f"a {quoted(kind)} block in a system prompt"
                    self._not_read(index, block_index, what, where)

    def _user(self, index: int, content: str | list[Any], path: Path) -> None:
        """Each ``tool_result`` is one tool-result message, each run of other blocks
        one user message, in order (an empty content, one empty user message)."""
        entries = self.entries
        if type(content) is str:
            entries.append(UserMessage(id=assigned_id(len(entries)), content=content))
            return
        run: list[UserBlock] | None = None
        produced = False
        for block_index, block in enumerate(content):
            where = (*path, block_index)
            if type(block) is anthropic.ToolResultBlock:
                if run is not None:
                    entries.append(UserMessage(id=assigned_id(len(entries)), content=tuple(run)))
                    run = None
                self._tool_result(index, block_index, block, where)
                produced = True
                continue
            run = [] if run is None else run
            if type(block) is anthropic.RequestTextBlock:
                if block.citations is block.cache_control is None and not self._unread:
                    run.append(TextBlock(text=block.text))  # the common case, at once
                else:
                    run.append(self._text(index, block_index, block, where))
                continue
            converted = self._user_block(index, block_index, block, where)
            if converted is not None:
                run.append(converted)
        if run is not None or not produced:
            entries.append(UserMessage(id=assigned_id(len(entries)), content=tuple(run or ())))

    def _user_block(self, index: int, block_index: int, block: Any, path: Path) -> UserBlock | None:
        match block:
            case anthropic.ImageBlock():
                return self._image(index, block_index, block, path)
            case anthropic.DocumentBlock():
                return self._document(index, block_index, block, path)
            case Unread(type=kind):
                what = f"a {quoted(kind)} block in a user message"
                self._not_read(index, block_index, what, path)
        return None

    def _assistant(self, index: int, content: str | list[Any], path: Path) -> None:
        message_id = assigned_id(len(self.entries))
        if type(content) is str:
            self.entries.append(AssistantMessage(id=message_id, content=(TextBlock(text=content),)))
            return
        blocks: list[AssistantBlock] = []
        text_block, call_block = anthropic.RequestTextBlock, anthropic.RequestToolUseBlock
        plain = not self._unread
        for block_index, block in enumerate(content):
            kind = type(block)
            if kind is text_block and plain and block.citations is block.cache_control is None:
                blocks.append(TextBlock(text=block.text))  # the common case, at once
            elif kind is text_block:
                blocks.append(self._text(index, block_index, block, (*path, block_index)))
            elif kind is call_block:
                blocks.append(self._tool_use(index, block_index, block, (*path, block_index)))
            else:
                where = (*path, block_index)
                converted = self._assistant_block(index, block_index, block, where)
                if converted is not None:
                    blocks.append(converted)
        self.entries.append(AssistantMessage(id=message_id, content=tuple(blocks)))

    def _assistant_block(
        self, index: int, block_index: int, block: Any, path: Path
    ) -> AssistantBlock | None:
        match block:
            case anthropic.RequestThinkingBlock(thinking=thinking, signature=signature):
                self._unread_keys(index, block_index, path)
                return ThinkingBlock(
                    thinking=thinking, signature=signature, signature_provider=PROVIDER
                )
            case anthropic.RequestRedactedThinkingBlock(data=data):
                self._unread_keys(index, block_index, path)
                return ThinkingBlock(
                    thinking="", signature=data, signature_provider=PROVIDER, redacted=True
                )
            case anthropic.RequestServerToolUseBlock() | anthropic.RequestMcpToolUseBlock():
                return self._server_call(block, path)
            case Unread(data=data) if _is_server_result(block):
                # A server tool's result: the call it answers, the rest as its wire.
                wire = {k: v for k, v in data.items() if k != "tool_use_id" and v is not None}
                return ServerToolResultBlock(
                    provider=PROVIDER,
                    tool_call_id=data["tool_use_id"],
                    wire=self.built.object(wire),
                )
            case Unread(type=kind):
                what = f"a {quoted(kind)} block in an assistant message"
                self._not_read(index, block_index, what, path)
        return None

    # -- blocks ------------------------------------------------------------------------

    def _text(self, index: int, block_index: int, block: Any, path: Path) -> TextBlock:
        if self._unread:
            self._unread_keys(index, block_index, path)
        citations, cache = block.citations, block.cache_control
        if citations is None and cache is None:
            return TextBlock(text=block.text)
        read = None
        if citations is not None:
            self._hold((*path, "citations"), citations)
            read = tuple(
                Citation(provider=PROVIDER, wire=self.built.object(wire)) for wire in citations
            )
        cached = self._cache(cache, index, block_index, path)
        return TextBlock(text=block.text, citations=read, cache_control=cached)

    def _tool_use(self, index: int, block_index: int, block: Any, path: Path) -> ToolCallBlock:
        caller = block.caller
        if self._unread or caller is not None:
            self._unread_keys(index, block_index, path, caller)
        arguments = block.input
        if self._held is not None:
            self._held.messages.add(_INPUT_DEPTH, arguments)
        cache = block.cache_control
        cached = None if cache is None else self._cache(cache, index, block_index, path)
        return ToolCallBlock(
            id=block.id,
            name=block.name,
            arguments=self.built.object(arguments),
            cache_control=cached,
        )

    def _server_call(self, block: Any, path: Path) -> ServerToolCallBlock:
        """A server-tool call (``server_tool_use``, ``mcp_tool_use``): its id, name and
        input, and its other keys (its type when not ``server_tool_use``) as ``wire``."""
        kind = block.__struct_config__.tag
        raw = self._raw_at(path)
        if raw is None:  # read at once: no other key
            wire: Wire = {"type": kind}
        else:
            wire = {k: v for k, v in raw.items() if k not in SERVER_CALL_FIELDS and v is not None}
        if wire.get("type") == SERVER_TOOL_USE:
            del wire["type"]
        self._hold((*path, "input"), block.input)
        return ServerToolCallBlock(
            provider=PROVIDER,
            id=block.id,
            name=block.name,
            input=self.built.object(block.input),
            wire=self.built.object(wire) if wire else None,
        )

    def _image(self, index: int, block_index: int, block: Any, path: Path) -> ImageBlock | None:
        self._unread_keys(index, block_index, path)
        source = block.source
        if type(source) is Unread:
            what = f"an image with a {quoted(source.type)} source"
            self._not_read(index, block_index, what, path)
            return None
        self._unread_keys(index, block_index, (*path, "source"))
        cached = self._cache(block.cache_control, index, block_index, path)
        read = _source(source)
        if isinstance(read, FileSource):  # the IR has no image file: refused as it refuses it
            return ImageBlock(source=self.built.refused(read), cache_control=cached)
        return ImageBlock(source=read, cache_control=cached)

    def _document(
        self, index: int, block_index: int, block: Any, path: Path
    ) -> DocumentBlock | None:
        self._unread_keys(index, block_index, path)
        source = block.source
        if type(source) is Unread:
            what = f"a document with a {quoted(source.type)} source"
            self._not_read(index, block_index, what, path)
            return None
        self._unread_keys(index, block_index, (*path, "source"))
        if type(source) is anthropic.TextSource and not source.data:
            self._hold((*path, "cache_control"), block.cache_control)
            self._not_read(index, block_index, "an empty text document", path)
            return None
        citations = block.citations
        if citations is not None:
            self._unread_keys(index, block_index, (*path, "citations"))
        return DocumentBlock(
            source=_source(source),
            title=block.title,
            context=block.context,
            citations=None if citations is None else citations.enabled,
            cache_control=self._cache(block.cache_control, index, block_index, path),
        )

    def _tool_result(self, index: int, block_index: int, block: Any, path: Path) -> None:
        if self._unread:
            self._unread_keys(index, block_index, path)
        call_id = block.tool_use_id
        content = block.content
        if type(content) is not str:
            content = self._result_content(index, block_index, content, (*path, "content"))
        name = self._call_names.name(call_id, index)
        if name is None:
            name = unknown_tool_name(
                self.warnings, index, block_index, call_id, (*path, "tool_use_id")
            )
        cache = block.cache_control
        self.entries.append(
            ToolResultMessage(
                id=assigned_id(len(self.entries)),
                tool_call_id=call_id,
                tool_name=name,
                content=content,
                is_error=block.is_error,
                cache_control=None
                if cache is None
                else self._cache(cache, index, block_index, path),
            )
        )

    def _result_content(
        self, index: int, block_index: int, content: list[Any], path: Path
    ) -> tuple[TextBlock | ImageBlock, ...]:
        blocks: list[TextBlock | ImageBlock] = []
        for part_index, part in enumerate(content):
            where = (*path, part_index)
            match part:
                case anthropic.RequestTextBlock():
                    blocks.append(self._text(index, block_index, part, where))
                case anthropic.ImageBlock():
                    image = self._image(index, block_index, part, where)
                    if image is not None:
                        blocks.append(image)
                case Unread(type=kind):
                    what = f"a {quoted(kind)} part of a tool result"
                    self._not_read(index, block_index, what, where)
        return tuple(blocks)

    def _cache(self, value: Any, index: int, block_index: int, path: Path) -> CacheControl | None:
        """The cache breakpoint of the block at ``path`` whose ``cache_control`` is
        ``value`` (``cache_breakpoint``); any other value is PART_NOT_READ (``null``:
        none)."""
        if value is None:
            return None
        where = (*path, "cache_control")
        if self._held is not None:
            self._held.check(where, value)
        cached = cache_breakpoint(value)
        if cached is None:
            what = f"a cache_control of another shape ({cut(repr(value))})"
            self._not_read(index, block_index, what, where)
        return cached

    # -- bookkeeping -------------------------------------------------------------------

    def _hold(self, path: Path, value: Any) -> None:
        """A free value kept as it came, checked by ``_Held.exact`` (input read at once)."""
        if self._held is not None:
            self._held.add(path, value)

    def _raw_at(self, path: Path) -> Any:
        """The value at ``path`` as it came (checked input); None when read at once."""
        value = self._raw
        if value is None:
            return None
        for key in path[2:] if path[0] == "messages" else path[1:]:
            value = value[key]
        return value

    def _not_read(self, index: int, block_index: int, what: str, path: Path) -> None:
        """PART_NOT_READ for ``what``, the value at ``path``."""
        self.warnings.add(
            ConversionWarningCode.PART_NOT_READ,
            index,
            block_index,
            not_read(what),
            path=to_pointer(path),
        )

    def _unread_keys(self, index: int, block_index: int, path: Path, caller: Any = None) -> None:
        """PART_NOT_READ for each key of the object at ``path`` that its declaration
        does not know (``Decoded.unread``), in order; ``caller``: a tool_use's, warned
        among them unless it is the default."""
        keys = self._unread.get(to_pointer(path), []) if self._unread else []
        if caller is not None:
            if self._held is not None:
                self._held.check((*path, "caller"), caller)
            if not (type(caller) is dict and caller == anthropic.DIRECT_CALLER):
                keys = [*keys, "caller"]
                if len(keys) > 1:
                    order = list(self._raw_at(path))
                    keys.sort(key=order.index)
        for key in keys:
            where = (*path, key)
            self.warnings.add(
                ConversionWarningCode.PART_NOT_READ,
                index,
                block_index,
                key_not_read(where),
                path=to_pointer(where),
            )


def _source(source: Any) -> Base64Source | UrlSource | FileSource:
    """An image's or a document's source in the IR (a text source: base64 of its UTF-8
    bytes)."""
    match source:
        case anthropic.Base64Source(media_type=media_type, data=data):
            return Base64Source(media_type=media_type, data=data)
        case anthropic.UrlSource(url=url):
            return UrlSource(url=url)
        case anthropic.FileSource(file_id=file_id):
            return FileSource(file_id=file_id)
        case anthropic.TextSource(media_type=media_type, data=text):
            data = base64.b64encode(text.encode("utf-8")).decode("ascii")
            return Base64Source(media_type=media_type, data=data)
    raise AssertionError(f"not a source: {source!r}")
