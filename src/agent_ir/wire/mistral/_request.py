"""Mistral chat completions: the IR to and from a request's ``messages`` (and
``tools``), each loss a ``ConversionWarning`` (the mapping:
``docsgen/mapping/mistral.md``; the fields: ``_wire``'s declaration)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from operator import attrgetter
from typing import Any, Final

import msgspec

from agent_ir._generated.message_schema import (
    AssistantMessage,
    AudioBlock,
    Base64Source,
    DocumentBlock,
    FileSource,
    ImageBlock,
    ImageDetail,
    Message,
    RefusalBlock,
    SystemMessage,
    TextBlock,
    ThinkingBlock,
    ToolCallBlock,
    ToolResultMessage,
    UrlSource,
    UserMessage,
)
from agent_ir._jsonobject import JsonObject
from agent_ir._paths import Path, to_pointer
from agent_ir._text import is_blank, quoted
from agent_ir.wire._built import Built, image_source
from agent_ir.wire._common import (
    CallNames,
    ConversionWarningCode,
    Unchecked,
    Warnings,
    WireFormatError,
    WireMessages,
    WireRequest,
    arguments_text,
    assigned_id,
    data_url,
    key_not_read,
    not_read,
    parse_data_url,
    read_wire,
    transcript_items,
    unchecked_wire,
    unknown_tool_name,
    warn_cache_control,
    warn_moved,
    warn_thought_signatures,
)
from agent_ir.wire._decode import Decoded, Decoder, Unread, WireError, describe_json, refused
from agent_ir.wire._opaque import foreign_maker, warn_foreign_signature
from agent_ir.wire._tools import read_with_tools, sent_tools
from agent_ir.wire.mistral import _wire as mistral
from agent_ir.wire.openai_chat._tools import chat_tools, read_chat_tools

__all__ = ["from_mistral", "to_mistral"]

PROVIDER: Final = "mistral"

TO = "to_mistral"
FROM = "from_mistral"
Code = ConversionWarningCode
JsonDict = dict[str, Any]


# --- IR -> Mistral ----------------------------------------------------------------------


def to_mistral(transcript: object, *, tools: object = None) -> WireRequest:
    """``transcript`` (a list or tuple of IR messages or their JSON form, each valid on
    its own; linkage is not required) -> ``WireRequest(fields={"messages": [...]})``
    with a warning for each loss (see the module docstring).

    ``tools``: tool definitions (a list or tuple of ``ToolDefinition`` or their JSON
    form), written to ``fields["tools"]`` in the function-tool shape Mistral shares with
    OpenAI Chat. Anything but a list or tuple is a ``TypeError``, a definition
    ``validate_transcript`` would report a ``TranscriptError`` holding its
    INVALID_TOOL_DEFINITION diagnostics."""
    definitions = sent_tools(TO, tools)
    messages = transcript_items(TO, transcript)
    warnings = Warnings()
    written = [
        _WRITERS[type(message)](message, index, warnings) for index, message in enumerate(messages)
    ]
    fields: JsonDict = {"messages": written}
    if definitions:
        fields["tools"] = chat_tools(definitions)
    warn_thought_signatures(warnings, messages, "Mistral")
    return WireRequest(fields=fields, warnings=warnings.all())


def _system(message: Any, index: int, warnings: Warnings) -> JsonDict:
    _cache_control(message, index, -1, warnings)
    return {"role": "system", "content": message.content}


def _user(message: Any, index: int, warnings: Warnings) -> JsonDict:
    content = message.content
    if type(content) is str:
        return {"role": "user", "content": content}
    chunks = []
    for block_index, block in enumerate(content):
        chunk = _user_chunk(block, index, block_index, warnings)
        if chunk is not None:
            chunks.append(chunk)
    return {"role": "user", "content": chunks}


def _user_chunk(block: Any, index: int, block_index: int, warnings: Warnings) -> JsonDict | None:
    kind = type(block)
    if kind is AudioBlock:
        warnings.add(
            Code.AUDIO_NOT_SENT,
            index,
            block_index,
            "Mistral's input_audio has no media type: audio is not sent",
        )
        return None
    _cache_control(block, index, block_index, warnings)
    if kind is DocumentBlock:
        return _document(block, index, block_index, warnings)
    return _chunk(block, index, block_index, warnings)


def _chunk(block: Any, index: int, block_index: int, warnings: Warnings) -> JsonDict:
    """A text or image block -> its chunk (the block's cache breakpoint warned by the
    caller), with the warning of a text's citations."""
    if type(block) is TextBlock:
        if block.citations:
            warnings.add(
                Code.CITATIONS_NOT_SENT,
                index,
                block_index,
                "Mistral takes no citations in a request",
                field="citations",
            )
        return {"type": "text", "text": block.text}
    assert isinstance(block, ImageBlock)
    source = block.source
    url = (
        data_url(source.media_type, source.data) if type(source) is Base64Source else source.url  # type: ignore[union-attr]
    )
    if block.detail is None:
        return {"type": "image_url", "image_url": url}
    return {"type": "image_url", "image_url": {"url": url, "detail": block.detail.value}}


def _document(block: DocumentBlock, index: int, block_index: int, warnings: Warnings) -> JsonDict:
    for field in ("title", "context", "citations"):
        if getattr(block, field) is not None:
            warnings.add(
                Code.DOCUMENT_DETAIL_NOT_SENT,
                index,
                block_index,
                f"a Mistral document has no {field}",
                field=field,
            )
    source = block.source
    if type(source) is FileSource:
        if block.filename is not None:
            warnings.add(
                Code.DOCUMENT_DETAIL_NOT_SENT,
                index,
                block_index,
                "a Mistral file chunk has no file name",
                field="filename",
            )
        return {"type": "file", "file_id": source.file_id}
    url = (
        data_url(source.media_type, source.data) if type(source) is Base64Source else source.url  # type: ignore[union-attr]
    )
    chunk: JsonDict = {"type": "document_url", "document_url": url}
    if block.filename is not None:
        chunk["document_name"] = block.filename
    return chunk


# The blocks an assistant message sends in its content, which goes before its tool_calls.
_IN_CONTENT: Final = frozenset({TextBlock, ThinkingBlock, RefusalBlock})


def _assistant(message: Any, index: int, warnings: Warnings) -> JsonDict:
    chunks: list[JsonDict] = []
    calls: list[JsonDict] = []
    warn_moved(warnings, index, message.content, _IN_CONTENT, "Mistral")
    for block_index, block in enumerate(message.content):
        kind = type(block)
        if kind is ToolCallBlock:
            _cache_control(block, index, block_index, warnings)
            calls.append(_tool_call(block))
        elif kind is TextBlock:
            _cache_control(block, index, block_index, warnings)
            chunks.append(_chunk(block, index, block_index, warnings))
        elif kind is ThinkingBlock:
            chunk = _thinking(block, index, block_index, warnings)
            if chunk is not None:
                chunks.append(chunk)
        elif kind is RefusalBlock:
            warnings.add(
                Code.REFUSAL_AS_TEXT, index, block_index, "Mistral has no refusal: sent as text"
            )
            chunks.append({"type": "text", "text": block.text})
        else:
            warnings.add(
                Code.SERVER_TOOL_NOT_SENT,
                index,
                block_index,
                "Mistral has no hosted-tool blocks: the provider's server-tool block is not sent",
            )
    wire: JsonDict = {"role": "assistant", "content": _assistant_content(chunks, bool(calls))}
    if calls:
        wire["tool_calls"] = calls
    return wire


def _assistant_content(chunks: list[JsonDict], calls: bool) -> str | list[JsonDict] | None:
    if not chunks:
        return None if calls else ""
    if len(chunks) == 1 and chunks[0]["type"] == "text" and chunks[0]["text"]:
        return str(chunks[0]["text"])
    return chunks


def _thinking(
    block: ThinkingBlock, index: int, block_index: int, warnings: Warnings
) -> JsonDict | None:
    if block.redacted:
        warnings.add(
            Code.THINKING_NOT_SENT,
            index,
            block_index,
            "Mistral has no redacted thinking: not sent",
        )
        return None
    chunk: JsonDict = {"type": "thinking", "thinking": [{"type": "text", "text": block.thinking}]}
    maker = foreign_maker(block, PROVIDER)
    if maker is not None:  # the text goes, as thinking without a signature does
        warn_foreign_signature(warnings, index, block_index, maker, "Mistral", block_sent=True)
    elif block.signature is not None:
        chunk["signature"] = block.signature
    return chunk


def _tool_call(block: ToolCallBlock) -> JsonDict:
    return {
        "id": block.id,
        "type": "function",
        "function": {"name": block.name, "arguments": arguments_text(block.arguments)},
    }


def _tool_result(message: Any, index: int, warnings: Warnings) -> JsonDict:
    _cache_control(message, index, -1, warnings)
    if message.is_error:
        warnings.add(
            Code.ERROR_FLAG_NOT_SENT,
            index,
            -1,
            "a Mistral tool message has no error flag",
            field="isError",
        )
    content = message.content
    if type(content) is not str:
        chunks = []
        for block_index, block in enumerate(content):
            _cache_control(block, index, block_index, warnings)
            chunks.append(_chunk(block, index, block_index, warnings))
        content = chunks
    return {
        "role": "tool",
        "tool_call_id": message.tool_call_id,
        "name": message.tool_name,
        "content": content,
    }


def _cache_control(value: Any, index: int, block_index: int, warnings: Warnings) -> None:
    warn_cache_control(
        value,
        index,
        block_index,
        warnings,
        "Mistral has no cache breakpoints (it caches prefixes itself)",
    )


_Writer = Callable[[Any, int, Warnings], JsonDict]
_WRITERS: dict[type, _Writer] = {
    SystemMessage: _system,
    UserMessage: _user,
    AssistantMessage: _assistant,
    ToolResultMessage: _tool_result,
}


# --- Mistral -> IR ----------------------------------------------------------------------


# The levels above a call's arguments (messages/<i>/tool_calls/<j>/function/arguments):
# they do not count toward the IR's bound on those objects (see read_wire), so what
# to_mistral writes reads back.
ARGUMENTS_OFFSET = 6

_MESSAGE: Final = Decoder(mistral.Message)
_MESSAGES: Final = list[mistral.Message]
_ROLES: Final = ("system", "user", "assistant", "tool")
_IMAGE_DETAILS: Final = frozenset({"auto", "low", "high"})


def from_mistral(messages: object, *, tools: object = None) -> WireMessages:
    """A Mistral ``messages`` list (JSON values) -> IR messages with a warning for each
    wire part that has no IR form (see the module docstring). ``WireFormatError`` when
    the input is not of the format's shape (``messages[0].content must be a string, an
    array or null; it is missing``); ``TranscriptError`` when a message read is not
    valid IR (tool-call arguments that are not a JSON object: INVALID_TOOL_ARGUMENTS).

    ``tools``: the request's ``tools`` (None: none read, the result's ``tools`` is
    None), read into the result's ``tools``; their warnings come first.
    ``WireFormatError`` at ``tools[...]`` for an entry not of the format's shape,
    ``TranscriptError`` for a definition the IR refuses."""
    return read_with_tools(FROM, tools, read_chat_tools, lambda: _read_messages(messages))


def _read_messages(messages: object) -> WireMessages:
    """The messages decoded (``_wire.Message``) and read: at once when the input may be
    read unchecked and is of its declared shape with nothing undeclared
    (``_read_at_once``); else from ``read_wire``'s checked value, all at once or message
    by message, which reports the first value not of its shape or reads what the
    declaration does not know with a warning. Both feed one mapper (``_Reader``)."""
    unchecked = unchecked_wire(messages)
    if unchecked is not None:
        read = _read_at_once(unchecked)
        if read is not None:
            return read
    wire = read_wire(FROM, messages, ("messages",), offset=ARGUMENTS_OFFSET)
    if type(wire) is not list:
        raise WireFormatError(FROM, ("messages",), f"must be an array; it is {describe_json(wire)}")
    read = _read_at_once(wire)  # what read_wire gives passes _loose's check as it is
    if read is not None:
        return read
    reader = _Reader(_call_names(wire))  # not of its declared shape: message by message
    for index, entry in enumerate(wire):
        found = _decoded_message(index, entry)
        reader.read(index, found.value, found.unread)
    return WireMessages(reader.built.messages(reader.messages), reader.warnings.all())


def _read_at_once(wire: list[Any]) -> WireMessages | None:
    """The messages (as they came, unchecked, or ``read_wire``'s value) read with one
    ``msgspec.convert`` of their declaration, the values it takes as they are checked
    first as ``read_wire`` would check them (``_loose``);
    None when they do not convert or hold a value ``read_wire`` would copy or refuse:
    the checked read then reports it. (Checking the whole input as ``read_wire`` does
    was a quarter of reading a request.)"""
    try:
        decoded = msgspec.convert(wire, _MESSAGES)
    except Exception:  # not of its shape, or a key msgspec refuses: read checked
        return None
    if not _loose(decoded).exact(("messages",), offset=ARGUMENTS_OFFSET):
        return None
    reader = _Reader(_decoded_call_names(decoded))
    for index, message in enumerate(decoded):
        reader.read(index, message, ())
    return WireMessages(reader.built.messages(reader.messages), reader.warnings.all())


def _loose(messages: list[Any]) -> Unchecked:
    """The values of ``messages`` (decoded) that msgspec takes as they are or checks less
    than ``read_wire`` does: the free JSON of the declaration (arguments that are an
    object, an image's ``detail``, a reference's ids) and its numbers (a call's
    ``index``), wherever they are, read or not; each list of them a level above them
    (``Unchecked``: depths below the messages list)."""
    held = Unchecked()
    assistants = [message for message in messages if type(message) is mistral.AssistantMessage]
    calls = list(chain.from_iterable(filter(None, map(_TOOL_CALLS, assistants))))
    # <i>/tool_calls/<j>/index and <i>/tool_calls/<j>/function/arguments
    held.add(3, [call.index for call in calls if call.index is not None])
    arguments = map(_ARGUMENTS, map(_FUNCTION, calls))
    held.add(4, [value for value in arguments if type(value) is not str])
    lists = [content for content in map(_CONTENT, messages) if type(content) is list]
    chunks = list(chain.from_iterable(lists))  # <i>/content/<j>
    # <i>/content/<j>/image_url/detail
    images = [chunk.image_url for chunk in chunks if type(chunk) is mistral.ImageUrlChunk]
    details = [image.detail for image in images if type(image) is mistral.ImageUrl]
    held.add(4, [detail for detail in details if detail is not None])
    # <i>/content/<j>/thinking/<k>/reference_ids
    thoughts = [chunk.thinking for chunk in chunks if type(chunk) is mistral.ThinkChunk]
    pieces = chain.from_iterable(thoughts)
    held.add(5, [piece.reference_ids for piece in pieces if type(piece) is mistral.ReferenceChunk])
    return held


_TOOL_CALLS: Final = attrgetter("tool_calls")
_FUNCTION: Final = attrgetter("function")
_ARGUMENTS: Final = attrgetter("arguments")
_CONTENT: Final = attrgetter("content")


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
    """Decoded messages -> IR messages (``Built``) and warnings."""

    def __init__(self, call_names: CallNames) -> None:
        self.warnings = Warnings("/messages")
        self.messages: list[Message] = []
        self.built = Built()
        self.call_names = call_names
        self._unread: dict[str, list[str]] = {}

    def read(self, index: int, message: Any, unread: tuple[str, ...]) -> None:
        """Message ``index``, decoded, with the pointers of its undeclared keys."""
        self._unread = {}
        for place in unread:
            parent, _, key = place.rpartition("/")
            self._unread.setdefault(parent, []).append(key.replace("~1", "/").replace("~0", "~"))
        message_id = assigned_id(index)
        kind = type(message)  # classes by identity: a match of class patterns is slower
        read: Message
        if kind is mistral.AssistantMessage:
            read = AssistantMessage(id=message_id, content=self._assistant(index, message))
        elif kind is mistral.ToolMessage:
            read = self._tool(index, message_id, message)
        elif kind is mistral.UserMessage:
            read = UserMessage(id=message_id, content=self._content(index, message.content))
        else:
            content = message.content
            if not isinstance(content, str):
                chunks = self._chunks(index, content)
                content = "".join(block.text for block in chunks if type(block) is TextBlock)
            read = SystemMessage(id=message_id, content=content)
        if unread:
            self._keys(index, -1, "")
        self.messages.append(read)

    def _content(self, index: int, content: str | list[Any] | None) -> str | tuple[Any, ...]:
        if content is None:
            return ""
        return content if isinstance(content, str) else tuple(self._chunks(index, content))

    def _assistant(self, index: int, message: mistral.AssistantMessage) -> tuple[Any, ...]:
        if message.prefix:
            self._not_read(
                index,
                -1,
                "/prefix",
                "prefix: true (the model continues this message) has no IR form: "
                "the message reads as a finished turn",
            )
        content = message.content
        blocks: list[Any] = []
        if isinstance(content, str):
            if content:
                blocks.append(TextBlock(text=content))
        elif content is not None:
            blocks = self._chunks(index, content, thinking=True)
        for position, call in enumerate(message.tool_calls or ()):
            if self._unread:
                at = f"/tool_calls/{position}"
                self._keys(index, -1, at)
                self._keys(index, -1, f"{at}/function")
            function = call.function
            arguments = self._arguments(function.arguments)
            blocks.append(ToolCallBlock(id=call.id, name=function.name, arguments=arguments))
        return tuple(blocks)

    def _arguments(self, value: dict[str, Any] | str) -> JsonObject:
        """A call's arguments: a JSON object as it is; JSON text -> ``parse_arguments``
        (empty or only whitespace: ``{}``)."""
        if type(value) is not str:
            return self.built.object(value)
        return self.built.fresh({}) if is_blank(value) else self.built.arguments(value)

    def _tool(self, index: int, message_id: str, message: mistral.ToolMessage) -> Message:
        call_id, name = message.tool_call_id, message.name
        if name is None:
            name = self.call_names.name(call_id, index)
        if name is None:
            name = unknown_tool_name(
                self.warnings, index, -1, call_id, ("messages", index, "tool_call_id")
            )
        return ToolResultMessage(
            id=message_id,
            tool_call_id=call_id,
            tool_name=name,
            content=self._content(index, message.content),
            is_error=False,
        )

    # -- chunks ------------------------------------------------------------------------

    def _chunks(self, index: int, content: list[Any], *, thinking: bool = False) -> list[Any]:
        """The chunks the message holds -> blocks (its declaration says which; thinking
        only with ``thinking``: an assistant's); any other chunk is PART_NOT_READ."""
        blocks = []
        for position, chunk in enumerate(content):
            at = f"/content/{position}"
            block = self._chunk(index, position, chunk, at, thinking)
            if block is None:
                what = f"a {quoted(_kind(chunk))} chunk"
                self._not_read(index, position, at, not_read(what))
                continue
            self._keys(index, position, at)
            blocks.append(block)
        return blocks

    def _chunk(self, index: int, position: int, chunk: Any, at: str, thinking: bool) -> Any:
        match chunk:
            case mistral.TextChunk(text=text):
                return TextBlock(text=text)
            case mistral.ImageUrlChunk(image_url=image):
                return self._image(index, position, image, f"{at}/image_url")
            case mistral.ThinkChunk() if thinking:
                return self._thinking(index, position, chunk, at)
            case mistral.DocumentUrlChunk(document_url=url, document_name=name):
                parsed = parse_data_url(url)
                source = (
                    UrlSource(url=url)
                    if parsed is None
                    else Base64Source(media_type=parsed[0], data=parsed[1])
                )
                return DocumentBlock(source=source, filename=name)
            case mistral.FileChunk(file_id=file_id):
                return DocumentBlock(source=FileSource(file_id=file_id))
        return None

    def _image(self, index: int, position: int, image: Any, at: str) -> ImageBlock:
        if type(image) is str:
            return ImageBlock(source=image_source(image))
        detail = image.detail
        read = None
        if type(detail) is str and detail in _IMAGE_DETAILS:
            read = ImageDetail(detail)
        elif detail is not None:
            self._not_read(
                index, position, f"{at}/detail", not_read(f"an image detail {quoted(detail)}")
            )
        self._keys(index, position, at)
        return ImageBlock(source=image_source(image.url), detail=read)

    def _thinking(
        self, index: int, position: int, chunk: mistral.ThinkChunk, at: str
    ) -> ThinkingBlock:
        texts = []
        for piece_index, piece in enumerate(chunk.thinking):
            where = f"{at}/thinking/{piece_index}"
            if type(piece) is mistral.TextChunk:
                self._keys(index, position, where)
                texts.append(piece.text)
                continue
            what = f"a {quoted(_kind(piece))} chunk in thinking"
            self._not_read(index, position, where, not_read(what))
        if chunk.closed is False:
            self._not_read(
                index,
                position,
                f"{at}/closed",
                "closed: false (thinking left open for the model to go on) has no IR form",
            )
        signed = chunk.signature is not None
        return ThinkingBlock(
            thinking="".join(texts),
            signature=chunk.signature,
            signature_provider=PROVIDER if signed else None,
        )

    # -- warnings ----------------------------------------------------------------------

    def _not_read(self, index: int, block_index: int, at: str, text: str) -> None:
        path = f"/messages/{index}{at}"
        self.warnings.add(Code.PART_NOT_READ, index, block_index, text, path=path)

    def _keys(self, index: int, block_index: int, at: str) -> None:
        """PART_NOT_READ for each undeclared key of the object at ``at``."""
        for key in self._unread.get(at, ()) if self._unread else ():
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
    ``content``, ``thinking`` and ``tool_calls``: every number in it is an index)."""
    keys = [int(key) if key.isdigit() else key for key in at.split("/")[1:]]
    return ("messages", index, *keys)


def _call_names(wire: list[Any]) -> CallNames:
    """The names of the calls by id, for a tool message without a ``name``. Messages
    and calls not of the format's shape are left out here and refused when read."""
    names = CallNames()
    for index, message in enumerate(wire):
        calls = message.get("tool_calls") if type(message) is dict else None
        for call in calls if type(calls) is list else ():
            function = call.get("function") if type(call) is dict else None
            call_id = call.get("id") if type(call) is dict else None
            name = function.get("name") if type(function) is dict else None
            if type(call_id) is str and type(name) is str:
                names.add(index, call_id, name)
    return names


def _decoded_call_names(messages: list[Any]) -> CallNames:
    """``_call_names`` of messages decoded at once."""
    names = CallNames()
    for index, message in enumerate(messages):
        if type(message) is mistral.AssistantMessage:
            for call in message.tool_calls or ():
                names.add(index, call.id, call.function.name)
    return names


def _kind(chunk: Any) -> str:
    """The type of a chunk passed over whole."""
    return chunk.type if type(chunk) is Unread else str(chunk.__struct_config__.tag)
