"""The IR to and from OpenAI Chat Completions (``messages`` of ``chat.completions.create``):
``to_openai_chat`` writes a request's messages; ``from_openai_chat`` maps each decoded
message (``_wire``'s declarations) straight to IR objects, checked all at once
(``wire._built``). Each loss is a ``ConversionWarning``; what maps to what and what is
warned: ``docsgen/mapping/openai-chat.md`` (the provider page)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final, NamedTuple

import msgspec

from agent_ir._generated.message_schema import (
    AssistantMessage,
    AudioBlock,
    Base64Source,
    CacheControl,
    Citation,
    DocumentBlock,
    FileSource,
    ImageBlock,
    ImageDetail,
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
    UserMessage,
)
from agent_ir._paths import Path, to_pointer
from agent_ir._text import cut, quoted
from agent_ir.wire._built import Built, cache_breakpoint, image_source
from agent_ir.wire._common import (
    AUDIO_MEDIA_TYPES,
    CallNames,
    ConversionWarningCode,
    Unchecked,
    Warnings,
    WireFormatError,
    WireMessages,
    WireRequest,
    arguments_text,
    assigned_id,
    bare_media_type,
    data_url,
    exact_at,
    exact_dicts,
    key_not_read,
    not_read,
    parse_data_url,
    read_wire,
    transcript_call_names,
    transcript_items,
    unchecked_wire,
    unknown_tool_name,
    warn_moved,
    warn_thought_signatures,
    warn_tool_name,
)
from agent_ir.wire._decode import Decoded, Decoder, Unread, WireError, describe_json, path_of
from agent_ir.wire._opaque import foreign_maker, warn_foreign_signature
from agent_ir.wire._tools import read_with_tools, sent_tools
from agent_ir.wire.openai_chat import _wire as chat
from agent_ir.wire.openai_chat._keys import DEFAULT_VALUES
from agent_ir.wire.openai_chat._reasoning import MAKER, detail_of, reference
from agent_ir.wire.openai_chat._tools import chat_tools, read_chat_tools

__all__ = ["from_openai_chat", "to_openai_chat"]

TO = "to_openai_chat"
FROM = "from_openai_chat"
Code = ConversionWarningCode
JsonDict = dict[str, Any]
Wire = dict[str, Any]

# The name the API wants beside file_data, written for a document without a file name.
DOCUMENT_FILENAME = "document.pdf"
# The provider of the citations read from Chat ``annotations``.
CITATION_PROVIDER = "openai-chat"
AUDIO_FORMATS = {
    "audio/wav": "wav",
    "audio/x-wav": "wav",
    "audio/wave": "wav",
    "audio/mpeg": "mp3",
    "audio/mp3": "mp3",
}


# --- IR -> Chat -------------------------------------------------------------------------


def to_openai_chat(transcript: object, *, tools: object = None) -> WireRequest:
    """``transcript`` (a list or tuple of IR messages or their JSON form, each valid on
    its own; linkage is not required) -> ``WireRequest(fields={"messages": [...]})``
    with a warning for each loss (see the provider page).

    ``tools``: tool definitions (a list or tuple of ``ToolDefinition`` or their JSON
    form), written to ``fields["tools"]`` in the Chat shape (``_tools``). Anything but
    a list or tuple is a ``TypeError``, a definition ``validate_transcript`` would
    report a ``TranscriptError`` holding its INVALID_TOOL_DEFINITION diagnostics."""
    definitions = sent_tools(TO, tools)
    messages = transcript_items(TO, transcript)
    writer = _ChatWriter(transcript_call_names(messages))
    for index, message in enumerate(messages):
        writer.write(index, message)
    fields: dict[str, Any] = {"messages": writer.finish()}
    if definitions:
        fields["tools"] = chat_tools(definitions)
    warn_thought_signatures(writer.warnings, messages, "Chat Completions")
    return WireRequest(fields=fields, warnings=writer.warnings.all())


class _ChatWriter:
    """Writes IR messages in order, holding back the images moved out of a run of tool
    results until the run ends."""

    def __init__(self, call_names: CallNames) -> None:
        self.warnings = Warnings()
        self.messages: list[JsonDict] = []
        self.moved_images: list[JsonDict] = []
        self.call_names = call_names

    def write(self, index: int, message: Message) -> None:
        kind = type(message)
        if kind is ToolResultMessage:
            assert isinstance(message, ToolResultMessage)
            warn_tool_name(self.warnings, self.call_names, index, message)
            self.messages.append(self._tool_result(message, index))
            return
        if self.moved_images:
            self._flush_moved_images()
        if kind is AssistantMessage:
            assert isinstance(message, AssistantMessage)
            self.messages.append(_assistant(message, index, self.warnings))
        elif kind is UserMessage:
            assert isinstance(message, UserMessage)
            self.messages.append(_user(message, index, self.warnings))
        else:
            assert isinstance(message, SystemMessage)
            _message_cache_control(message, index, self.warnings)
            self.messages.append({"role": "system", "content": message.content})

    def finish(self) -> list[JsonDict]:
        self._flush_moved_images()
        return self.messages

    def _flush_moved_images(self) -> None:
        if self.moved_images:
            self.messages.append({"role": "user", "content": self.moved_images})
            self.moved_images = []

    def _tool_result(self, message: ToolResultMessage, index: int) -> JsonDict:
        _message_cache_control(message, index, self.warnings)
        if message.is_error:
            self.warnings.add(
                Code.ERROR_FLAG_NOT_SENT,
                index,
                -1,
                "a tool message has no error flag",
                field="isError",
            )
        content = message.content
        sent = content if isinstance(content, str) else self._result_parts(content, index)
        return {"role": "tool", "tool_call_id": message.tool_call_id, "content": sent}

    def _result_parts(self, blocks: tuple[Any, ...], index: int) -> list[JsonDict] | str:
        parts = []
        for block_index, block in enumerate(blocks):
            _block_details(block, index, block_index, self.warnings)
            if type(block) is TextBlock:
                parts.append({"type": "text", "text": block.text})
                continue
            self.moved_images.append(_image_part(block))
            self.warnings.add(
                Code.IMAGE_MOVED,
                index,
                block_index,
                "a tool message cannot hold images: sent in a user message after the results",
            )
        return parts or ""


def _user(message: UserMessage, index: int, warnings: Warnings) -> JsonDict:
    content = message.content
    if type(content) is str:
        return {"role": "user", "content": content}
    parts = []
    for block_index, block in enumerate(content):
        if type(block) is TextBlock:
            _block_details(block, index, block_index, warnings)
            parts.append({"type": "text", "text": block.text})
            continue
        part = _USER_PARTS[type(block)](block, index, block_index, warnings)
        if part is not None:
            _block_details(block, index, block_index, warnings)
            parts.append(part)
    return {"role": "user", "content": parts or ""}


def _user_image(block: Any, index: int, block_index: int, warnings: Warnings) -> JsonDict:
    return _image_part(block)


def _image_part(block: ImageBlock) -> JsonDict:
    source = block.source
    url = _data_url(source) if type(source) is Base64Source else source.url  # type: ignore[union-attr]
    image: JsonDict = {"url": url}
    if block.detail is not None:
        image["detail"] = block.detail.value
    return {"type": "image_url", "image_url": image}


def _message_cache_control(
    message: SystemMessage | ToolResultMessage, index: int, warnings: Warnings
) -> None:
    if message.cache_control is not None:
        warnings.add(
            Code.CACHE_CONTROL_NOT_SENT,
            index,
            -1,
            _NO_CACHE_CONTROL,
            field="cacheControl",
        )


def _block_details(block: Any, index: int, block_index: int, warnings: Warnings) -> None:
    """The warnings of what a block that is sent holds and Chat cannot send: its cache
    breakpoint, a text's citations, a document's title, context and citations flag."""
    if getattr(block, "cache_control", None) is not None:
        warnings.add(
            Code.CACHE_CONTROL_NOT_SENT,
            index,
            block_index,
            _NO_CACHE_CONTROL,
            field="cacheControl",
        )
    kind = type(block)
    if kind is TextBlock and block.citations:
        warnings.add(
            Code.CITATIONS_NOT_SENT,
            index,
            block_index,
            "Chat Completions takes no citations in a request",
            field="citations",
        )
    elif kind is DocumentBlock:
        for field, key in _DOCUMENT_DETAILS:
            if getattr(block, field) is not None:
                warnings.add(
                    Code.DOCUMENT_DETAIL_NOT_SENT,
                    index,
                    block_index,
                    f"a file part has no {key}",
                    field=key,
                )


_NO_CACHE_CONTROL = "Chat Completions has no cache breakpoints (OpenAI caches prefixes itself)"
_DOCUMENT_DETAILS = (("title", "title"), ("context", "context"), ("citations", "citations"))


def _data_url(source: Any) -> str:
    return data_url(source.media_type, source.data)


def _user_audio(block: Any, index: int, block_index: int, warnings: Warnings) -> JsonDict | None:
    source = block.source
    audio_format = AUDIO_FORMATS.get(bare_media_type(source.media_type))
    if audio_format is None:
        warnings.add(
            Code.AUDIO_NOT_SENT,
            index,
            block_index,
            f"audio of type {quoted(source.media_type)} cannot be sent (only wav and mp3)",
        )
        return None
    read_back = AUDIO_MEDIA_TYPES[audio_format]
    if source.media_type != read_back:
        warnings.add(
            Code.MEDIA_TYPE_CHANGED,
            index,
            block_index,
            f"audio of type {quoted(source.media_type)} is sent as format {quoted(audio_format)}, "
            f"which reads back as {quoted(read_back)}",
        )
    return {"type": "input_audio", "input_audio": {"data": source.data, "format": audio_format}}


def _user_document(block: Any, index: int, block_index: int, warnings: Warnings) -> JsonDict | None:
    source = block.source
    if type(source) is FileSource:
        file: JsonDict = {"file_id": source.file_id}
        if block.filename is not None:
            file["filename"] = block.filename
        return {"type": "file", "file": file}
    is_base64 = type(source) is Base64Source
    if is_base64 and bare_media_type(source.media_type) == "application/pdf":
        filename = DOCUMENT_FILENAME if block.filename is None else block.filename
        return {
            "type": "file",
            "file": {"filename": filename, "file_data": _data_url(source)},
        }
    what = f"a {quoted(source.media_type)} document" if is_base64 else "a URL"
    warnings.add(
        Code.DOCUMENT_NOT_SENT,
        index,
        block_index,
        f"{what} cannot be sent (only inline PDF and file ids)",
    )
    return None


_UserPart = Callable[[Any, int, int, Warnings], "JsonDict | None"]
_USER_PARTS: dict[type, _UserPart] = {
    ImageBlock: _user_image,
    AudioBlock: _user_audio,
    DocumentBlock: _user_document,
}


# The blocks an assistant message sends in its content, which goes before its tool_calls
# (thinking goes to reasoning_details, a field of its own).
_IN_CONTENT: Final = frozenset({TextBlock, RefusalBlock})


def _assistant(message: AssistantMessage, index: int, warnings: Warnings) -> JsonDict:
    texts: list[str] = []
    refusals: list[str] = []
    calls: list[JsonDict] = []
    details: list[JsonDict] = []
    warn_moved(warnings, index, message.content, _IN_CONTENT, "Chat Completions")
    for block_index, block in enumerate(message.content):
        kind = type(block)
        maker = foreign_maker(block, MAKER) if isinstance(block, ThinkingBlock) else None
        detail = _detail(block) if kind is ThinkingBlock and maker is None else None
        if maker is not None:  # not sent, as thinking Chat cannot take back
            warn_foreign_signature(
                warnings, index, block_index, maker, "Chat Completions", block_sent=False
            )
        elif detail is not None:
            details.append({**detail, "index": len(details)})
        elif kind is TextBlock:
            _block_details(block, index, block_index, warnings)
            texts.append(block.text)  # type: ignore[union-attr]
        elif kind is ToolCallBlock:
            _block_details(block, index, block_index, warnings)
            calls.append(_tool_call(block))  # type: ignore[arg-type]
        elif kind is RefusalBlock:
            refusals.append(block.text)  # type: ignore[union-attr]
        else:
            code, why = _NOT_SENT.get(kind, _THINKING_NOT_SENT)
            warnings.add(code, index, block_index, why)
    refusal = "".join(refusals)
    wire: JsonDict = {"role": "assistant", "content": _content(texts, bool(calls or refusal))}
    if details:
        wire["reasoning_details"] = details
    if refusal:
        wire["refusal"] = refusal
    if calls:
        wire["tool_calls"] = calls
    return wire


def _content(texts: list[str], held: bool) -> str | list[JsonDict] | None:
    """An assistant message's ``content``: one text as a string, several as a text part
    each (they read back as the blocks they were; an empty one carries nothing), None
    when there is none and the message holds calls or a refusal."""
    parts = [part for part in texts if part]
    if len(parts) > 1:
        return [{"type": "text", "text": part} for part in parts]
    return None if held and not parts else "".join(parts)


def _detail(block: Any) -> JsonDict | None:
    """The OpenRouter reasoning detail a thinking block was read from (its signature
    the detail's reference, ``_reasoning``), or None: not sent."""
    found = detail_of(block.signature)
    if found is None or (found["type"] == "reasoning.encrypted") is not bool(block.redacted):
        return None
    if found["type"] == "reasoning.text":
        return {"type": "reasoning.text", "text": block.thinking, **found}
    return found if not block.thinking else None


_THINKING_NOT_SENT = (Code.THINKING_NOT_SENT, "Chat Completions takes no thinking back")
_SERVER_TOOL_NOT_SENT = (
    Code.SERVER_TOOL_NOT_SENT,
    "Chat Completions has no hosted-tool blocks: the provider's server-tool block is not sent",
)
_NOT_SENT: dict[type, tuple[ConversionWarningCode, str]] = {
    ServerToolCallBlock: _SERVER_TOOL_NOT_SENT,
    ServerToolResultBlock: _SERVER_TOOL_NOT_SENT,
}


def _tool_call(block: ToolCallBlock) -> JsonDict:
    return {
        "id": block.id,
        "type": "function",
        "function": {"name": block.name, "arguments": arguments_text(block.arguments)},
    }


# --- Chat -> IR -------------------------------------------------------------------------


_MESSAGE: Final = Decoder(chat.RequestMessage)
_MESSAGES: Final = list[chat.RequestMessage]
_ROLES: Final = ("system", "developer", "user", "assistant", "tool")
_IMAGE_DETAILS: Final = {detail.value: detail for detail in ImageDetail}
_WEB_URLS: Final = ("https://", "http://")


def from_openai_chat(messages: object, *, tools: object = None) -> WireMessages:
    """A Chat Completions ``messages`` list (JSON values) -> IR messages with a warning
    for each wire part that has no IR form (see the provider page).
    ``WireFormatError`` when the input is not of the format's shape; ``TranscriptError``
    when a message read is not valid IR (tool-call arguments that are not a JSON
    object, or hold a lone surrogate: INVALID_TOOL_ARGUMENTS).

    ``tools``: the request's ``tools`` (None: none read, the result's ``tools`` is
    None), read into the result's ``tools`` (``_tools``); their warnings come first.
    ``WireFormatError`` at ``tools[...]`` for an entry not of the format's shape,
    ``TranscriptError`` for a definition the IR refuses."""
    return read_with_tools(FROM, tools, read_chat_tools, lambda: _read_messages(messages))


def _read_messages(messages: object) -> WireMessages:
    """The messages decoded (``_wire.RequestMessage``) and read: at once when the input
    may be read unchecked (``unchecked_wire``) and is of its declared shape with nothing
    unread; else from ``read_wire``'s checked value, message by message, which reports
    the first value not of its shape or reads what the declaration does not know with a
    warning."""
    unchecked = unchecked_wire(messages)
    if unchecked is not None and exact_dicts(unchecked):
        read = _read_at_once(unchecked)
        if read is not None:
            return read
    wire = read_wire(FROM, messages, ("messages",))
    if type(wire) is not list:
        raise WireFormatError(FROM, ("messages",), f"must be an array; it is {describe_json(wire)}")
    decoded: list[Any] = []
    unread: list[tuple[str, ...]] = []
    refused = None
    for index, entry in enumerate(wire):
        try:
            found = _decoded_message(index, entry)
        except WireFormatError as error:
            refused = error  # raised once the messages before it are read
            break
        decoded.append(found.value)
        unread.append(found.unread)
    read = _convert(_Input(decoded, wire, unread), None, refused)
    assert read is not None, "a checked read gives its messages or raises"
    return read


def _read_at_once(wire: list[Any]) -> WireMessages | None:
    """The messages read with one ``msgspec.convert`` of their declaration, the free
    values (annotations kept whole, values looked at but not read) checked as
    ``read_wire`` would check them; None when they do not convert, hold such a value
    ``read_wire`` would copy or refuse, or anything fails: the checked read then reports
    it."""
    try:
        decoded = msgspec.convert(wire, _MESSAGES)
        return _convert(_Input(decoded, wire, None), Unchecked(), None)
    except Exception:  # not of its shape, a key msgspec refuses, not exact: read checked
        return None


def _decoded_message(index: int, entry: Any) -> Decoded[Any]:
    """Message ``index`` of the checked input, decoded; ``WireFormatError`` for one not
    of its shape (a role not one of ``_ROLES``)."""
    path: Path = ("messages", index)
    try:
        decoded = _MESSAGE(entry)
    except WireError as error:
        if error.pointer == "/role":
            raise _role_refused(entry, path) from None
        lenient = _without_function(entry, error.pointer)
        if lenient is not None:
            return _decoded_message(index, lenient)
        raise WireFormatError(
            FROM,
            path_of(path, entry, error.pointer),
            f"must be {error.expected}; it is {error.found}",
        ) from None
    if type(decoded.value) is Unread:
        raise _role_refused(entry, path)
    return decoded


def _without_function(entry: dict[str, Any], pointer: str) -> dict[str, Any] | None:
    """``entry`` without the ``function`` of the tool call that ``pointer`` (a refusal)
    is in when that call is not a function call: such a call is passed over whole, its
    ``function`` not read; None for any other refusal."""
    found = _IN_FUNCTION.match(pointer)
    if found is None:
        return None
    position = int(found[1])
    calls = list(entry["tool_calls"])
    kind = calls[position].get("type")
    if type(kind) is not str or kind == "function":
        return None
    calls[position] = {k: v for k, v in calls[position].items() if k != "function"}
    return {**entry, "tool_calls": calls}


_IN_FUNCTION: Final = re.compile(r"/tool_calls/(\d+)/function(?:/|$)")


def _role_refused(entry: dict[str, Any], path: Path) -> WireFormatError:
    roles = ", ".join(quoted(role) for role in _ROLES)
    found = describe_json(entry["role"]) if "role" in entry else "missing"
    return WireFormatError(FROM, (*path, "role"), f"must be one of {roles}; it is {found}")


class _Input(NamedTuple):
    """The messages decoded (``_wire``), the input as it came and, when read checked,
    what each message holds that is not declared (``Decoded.unread``; None when read at
    once: nothing undeclared)."""

    messages: list[Any]
    raws: list[Any]
    unread: list[tuple[str, ...]] | None


class _NotExact(Exception):
    """Input read at once holds what only the checked read may read."""


def _convert(
    request: _Input, held: Unchecked | None, refused: WireFormatError | None
) -> WireMessages | None:
    """The decoded messages as IR messages and warnings. ``held``: read at once, the
    free values to check (None when the input is checked); ``refused``: the refusal of
    the message after the decoded ones, raised once they are read."""
    reader = _Reader(_call_names(request), request, held)
    reader.read()
    if refused is not None:
        raise refused
    if held is not None and not held.exact(("messages",)):
        return None
    return WireMessages(reader.messages(), reader.warnings.all())


def _call_names(request: _Input) -> CallNames:
    """The id and name of every tool call, function and custom alike (a call the IR
    cannot hold still names the results that answer it: its name is in the object its
    type names), by message index, read before the messages so that a result answering
    a later call still gets a name."""
    names = CallNames()
    assistant = chat.RequestAssistantMessage
    for index, message in enumerate(request.messages):
        if type(message) is not assistant or message.tool_calls is None:
            continue
        for position, call in enumerate(message.tool_calls):
            kind = call.type
            if kind is None or kind == "function":
                if call.function is not None:
                    names.add(index, call.id, call.function.name)
            elif request.unread is not None:  # read checked: the raw call may hold more
                body = request.raws[index]["tool_calls"][position].get(kind)
                name = body.get("name") if type(body) is dict else None
                if type(name) is str:
                    names.add(index, call.id, name)
    return names


class _Reader:
    """Decoded messages -> IR messages, built with the generated classes and checked
    all at once by ``messages`` (``Built``), and warnings. ``held``: input read at once,
    whose free values are checked."""

    def __init__(self, call_names: CallNames, request: _Input, held: Unchecked | None) -> None:
        self.entries: list[Message] = []
        self.warnings = Warnings("/messages")
        self._built = Built()
        self._call_names = call_names
        self._request = request
        self._held = held
        self._unread: dict[str, list[str]] = {}  # the message's undeclared keys by parent
        self._raw: Any = None  # the message as it came

    def read(self) -> None:
        request = self._request
        checked = request.unread is not None
        raws = request.raws
        for index, message in enumerate(request.messages):
            if checked:
                self._enter(index)
            self._raw = raws[index]
            path: Path = ("messages", index)
            message_id = assigned_id(len(self.entries))
            kind = type(message)
            entry: Message
            if kind is chat.RequestUserMessage:
                content = message.content
                if type(content) is not str:
                    content = self._user(index, content, path)
                entry = UserMessage(id=message_id, content=content)
            elif kind is chat.RequestAssistantMessage:
                blocks = self._assistant(index, message, path)
                entry = AssistantMessage(id=message_id, content=blocks)
            elif kind is chat.RequestToolMessage:
                entry = self._tool(index, message_id, message, path)
            else:
                content, cached = message.content, None
                if type(content) is not str:
                    texts = self._text_parts(index, content, path, joined=True)
                    content = "".join(block.text for block in texts)
                    cached = texts[-1].cache_control if texts else None
                entry = SystemMessage(id=message_id, content=content, cache_control=cached)
            if self._unread:  # else _keys has nothing to warn about (most messages)
                self._keys(index, -1, path)
            self.entries.append(entry)

    def messages(self) -> tuple[Message, ...]:
        """The messages read, when the IR takes every one; else ``TranscriptError`` with
        the diagnostics of each it refuses."""
        return self._built.messages(self.entries)

    def _enter(self, index: int) -> None:
        """Read message ``index`` (of checked input) next: its undeclared keys by the
        pointer of their object."""
        unread = self._request.unread
        assert unread is not None
        places = unread[index]
        if not places:
            if self._unread:
                self._unread = {}
            return
        self._unread = {}
        prefix = to_pointer(("messages", index))
        for place in places:
            parent, _, key = place.rpartition("/")
            key = key.replace("~1", "/").replace("~0", "~")
            self._unread.setdefault(prefix + parent, []).append(key)

    # -- messages ----------------------------------------------------------------------

    def _user(self, index: int, content: list[Any], path: Path) -> tuple[Any, ...]:
        blocks = []
        for part_index, part in enumerate(content):
            where = (*path, "content", part_index)
            block = self._user_part(index, part_index, part, where)
            if block is not None:
                blocks.append(block)
        return tuple(blocks)

    def _user_part(self, index: int, block_index: int, part: Any, path: Path) -> Any:
        block: Any
        match part:
            case chat.RequestTextPart(text=text, cache_control=None):
                self._keys(index, block_index, path)
                return TextBlock(text=text)
            case chat.RequestTextPart(text=text, cache_control=cache):
                self._keys(index, block_index, path)
                return TextBlock(
                    text=text, cache_control=self._cache(cache, index, block_index, path)
                )
            case chat.ImageUrlPart(image_url=image):
                block = self._image(index, block_index, image, (*path, "image_url"))
            case chat.InputAudioPart(input_audio=audio):
                media_type = AUDIO_MEDIA_TYPES.get(audio.format)
                if media_type is None:
                    what = f"audio in format {quoted(audio.format)}"
                    self._not_read(index, block_index, what, path)
                    return None
                self._keys(index, block_index, (*path, "input_audio"))
                block = AudioBlock(source=Base64Source(media_type=media_type, data=audio.data))
            case chat.FilePart(file=file):
                block = self._file(index, block_index, file, (*path, "file"))
            case _:
                self._hold_part(part, path)
                self._not_read(index, block_index, f"a {quoted(_kind(part))} part", path)
                return None
        self._keys(index, block_index, path)
        return block

    def _image(self, index: int, block_index: int, image: Any, path: Path) -> ImageBlock:
        detail = image.detail
        known = _IMAGE_DETAILS.get(detail) if type(detail) is str else None
        extra: tuple[str, ...] = ()
        if known is None and detail is not None:
            self._hold((*path, "detail"), detail)
            extra = ("detail",)
        self._keys(index, block_index, path, extra)
        return ImageBlock(source=image_source(image.url), detail=known)

    def _file(self, index: int, block_index: int, file: Any, path: Path) -> DocumentBlock:
        extra = []
        file_data, file_id, filename = file.file_data, file.file_id, file.filename
        source: Base64Source | UrlSource | FileSource
        if file_data is not None:
            source = _file_data_source(file_data, (*path, "file_data"))
            if file_id is not None:
                self._hold((*path, "file_id"), file_id)
                extra.append("file_id")
        elif file_id is not None:
            if type(file_id) is not str:
                where = (*path, "file_id")
                raise WireFormatError(
                    FROM, where, f"must be a string; it is {describe_json(file_id)}"
                )
            source = FileSource(file_id=file_id)
        else:
            raise WireFormatError(FROM, path, "must have file_data or file_id")
        name = None
        if type(filename) is str:
            if not (file_data is not None and filename == DOCUMENT_FILENAME):
                name = filename
        elif filename is not None:
            self._hold((*path, "filename"), filename)
            extra.append("filename")
        self._keys(index, block_index, path, tuple(extra))
        return DocumentBlock(source=source, filename=name)

    def _assistant(self, index: int, message: Any, path: Path) -> tuple[Any, ...]:
        content = message.content
        blocks: list[Any] = []
        for position, detail in enumerate(message.reasoning_details or ()):
            thinking = self._detail(index, detail, (*path, "reasoning_details", position))
            if thinking is not None:
                blocks.append(thinking)
        if type(content) is str:
            if content:
                blocks.append(TextBlock(text=content))
        elif content is not None:
            blocks.extend(self._text_parts(index, content, path, refusals=True))
        if message.annotations is not None:
            self._annotations(index, message.annotations, blocks, path)
        if message.refusal:
            blocks.append(RefusalBlock(text=message.refusal))
        for position, call in enumerate(message.tool_calls or ()):
            tool_call = self._tool_call(index, position, call, (*path, "tool_calls", position))
            if tool_call is not None:
                blocks.append(tool_call)
        return tuple(blocks)

    def _detail(self, index: int, detail: Any, path: Path) -> ThinkingBlock | None:
        """A reasoning detail (OpenRouter's) as a thinking block, as the reply reads it;
        another type, or an encrypted one without data, is PART_NOT_READ."""
        if type(detail) is chat.ReasoningEncrypted and detail.data is not None:
            self._keys(index, -1, path)
            signature = reference(detail)
            return ThinkingBlock(
                thinking="", redacted=True, signature=signature, signature_provider=MAKER
            )
        if type(detail) is chat.ReasoningText or type(detail) is chat.ReasoningSummary:
            self._keys(index, -1, path)
            text = detail.text if isinstance(detail, chat.ReasoningText) else detail.summary
            signature = reference(detail) if type(detail) is chat.ReasoningText else None
            if not text and signature is None:
                return None
            maker = None if signature is None else MAKER
            return ThinkingBlock(thinking=text or "", signature=signature, signature_provider=maker)
        kind = detail.type if type(detail) is Unread else "reasoning.encrypted"
        self._not_read(index, -1, f"a {quoted(kind)} reasoning detail", path)
        return None

    def _annotations(
        self, index: int, annotations: list[Any], blocks: list[Any], path: Path
    ) -> None:
        """``url_citation`` annotations -> citations of the last text block of
        ``blocks`` (replaced by one holding them); any other annotation, or one with no
        text to cite from, is PART_NOT_READ."""
        texts = [place for place, block in enumerate(blocks) if type(block) is TextBlock]
        citations = []
        for position, annotation in enumerate(annotations):
            where = (*path, "annotations", position)
            if type(annotation) is not chat.RequestUrlCitation or not texts:
                what = f"a {quoted(_kind(annotation))} annotation"
                self._not_read(index, -1, what if texts else f"{what} with no text to cite", where)
                continue
            wire = self._raw_at(where)
            self._hold(where, wire)
            citations.append(Citation(provider=CITATION_PROVIDER, wire=self._built.object(wire)))
        if citations:
            last = texts[-1]
            blocks[last] = TextBlock(text=blocks[last].text, citations=tuple(citations))

    def _tool_call(self, index: int, position: int, call: Any, path: Path) -> ToolCallBlock | None:
        kind = call.type
        if kind is not None and kind != "function":
            if call.index is not None:
                self._hold((*path, "index"), call.index)
            self._not_read(index, -1, f"a {quoted(kind)} tool call", path)
            return None
        function = call.function
        if function is None:
            where = (*path, "function")
            found = describe_json(self._raw_at(where)) if self._has(where) else "missing"
            raise WireFormatError(FROM, where, f"must be an object; it is {found}")
        # A stream delta's index, echoed back (its position), is read too.
        extra: tuple[str, ...] = ()
        if call.index is not None and not (type(call.index) is int and call.index == position):
            self._hold((*path, "index"), call.index)
            extra = ("index",)
        if self._unread or extra:
            self._keys(index, -1, path, extra)
            self._keys(index, -1, (*path, "function"))
        text = function.arguments
        if text is None or not text.strip():  # no arguments
            arguments: Any = self._built.fresh({})
        else:
            arguments = self._built.arguments(text)
        return ToolCallBlock(id=call.id, name=function.name, arguments=arguments)

    def _tool(self, index: int, message_id: str, message: Any, path: Path) -> ToolResultMessage:
        call_id, content = message.tool_call_id, message.content
        if type(content) is not str:
            content = tuple(self._text_parts(index, content, path))
        name = self._call_names.name(call_id, index)
        if name is None:
            name = unknown_tool_name(self.warnings, index, -1, call_id, (*path, "tool_call_id"))
        return ToolResultMessage(
            id=message_id, tool_call_id=call_id, tool_name=name, content=content, is_error=False
        )

    def _text_parts(
        self,
        index: int,
        content: list[Any],
        path: Path,
        *,
        refusals: bool = False,
        joined: bool = False,
    ) -> list[Any]:
        """Text parts -> text blocks (and, with ``refusals``, an assistant's refusal
        parts -> refusal blocks); a part of another type is PART_NOT_READ. ``joined``:
        the text is joined into one (a system message's), so a cache breakpoint holds
        only on the last text block read; one on another is PART_NOT_READ."""
        blocks: list[Any] = []
        cached: list[tuple[int, int, Path]] = []  # block, part index, place of a breakpoint
        for part_index, part in enumerate(content):
            where = (*path, "content", part_index)
            match part:
                case chat.RequestTextPart(text=text, cache_control=None):
                    self._keys(index, part_index, where)
                    blocks.append(TextBlock(text=text))
                case chat.RequestTextPart(text=text, cache_control=cache):
                    self._keys(index, part_index, where)
                    block = TextBlock(
                        text=text, cache_control=self._cache(cache, index, part_index, where)
                    )
                    blocks.append(block)
                    if joined and block.cache_control is not None:
                        cached.append((len(blocks) - 1, part_index, where))
                case chat.RequestRefusalPart(refusal=text) if refusals:
                    self._keys(index, part_index, where)
                    blocks.append(RefusalBlock(text=text))
                case _:
                    self._hold_part(part, where)
                    self._not_read(index, part_index, f"a {quoted(_kind(part))} part", where)
        for position, part_index, where in cached:
            if position != len(blocks) - 1:
                blocks[position] = TextBlock(text=blocks[position].text)
                what = "a cache breakpoint inside a system message's text (it is joined)"
                self._not_read(index, part_index, what, (*where, "cache_control"))
        return blocks

    def _cache(self, value: Any, index: int, block_index: int, path: Path) -> CacheControl | None:
        """The cache breakpoint of the text part at ``path`` whose ``cache_control`` is
        ``value`` (``cache_breakpoint``); any other value is PART_NOT_READ."""
        where = (*path, "cache_control")
        if self._held is not None and not exact_at(where, value):  # checked before it is read
            raise _NotExact
        cached = cache_breakpoint(value)
        if cached is None:
            what = f"a cache_control of another shape ({cut(repr(value))})"
            self._not_read(index, block_index, what, where)
        return cached

    # -- bookkeeping -------------------------------------------------------------------

    def _hold(self, path: Path, value: Any) -> None:
        """A free value kept as it came (or looked at but not read), checked by
        ``Unchecked.exact`` (input read at once)."""
        if self._held is not None:
            self._held.add(len(path) - 1, value)

    def _hold_part(self, part: Any, path: Path) -> None:
        """The free value of a part passed over whole (a refusal outside an assistant
        message)."""
        if type(part) is chat.MisplacedRefusalPart and part.refusal is not None:
            self._hold((*path, "refusal"), part.refusal)

    def _raw_at(self, path: Path) -> Any:
        """The value at ``path`` as it came; ``_NotExact`` when read at once and a
        container on the way is not an exact dict or list."""
        value: Any = self._raw
        for key in path[2:]:
            if type(value) is not (list if type(key) is int else dict):
                raise _NotExact
            value = value[key]  # type: ignore[index]
        return value

    def _has(self, path: Path) -> bool:
        """Whether the object holding the last key of ``path`` has that key."""
        return path[-1] in self._raw_at(path[:-1])

    def _not_read(self, index: int, block_index: int, what: str, path: Path) -> None:
        """PART_NOT_READ for ``what``, the value at ``path``."""
        self.warnings.add(
            ConversionWarningCode.PART_NOT_READ,
            index,
            block_index,
            not_read(what),
            path=to_pointer(path),
        )

    def _keys(self, index: int, block_index: int, path: Path, extra: tuple[str, ...] = ()) -> None:
        """PART_NOT_READ for each key of the object at ``path`` that its declaration
        does not know (``Decoded.unread``) and that holds more than its empty default
        (``DEFAULT_VALUES``), and for each ``extra`` declared key the reader did not
        take, in the object's order."""
        keys = self._unread.get(to_pointer(path)) if self._unread else None
        if keys:
            raw = self._raw_at(path)
            keys = [key for key in keys if not _empty(key, raw[key])]
        if extra:
            keys = [*(keys or ()), *extra]
            if len(keys) > 1:
                if self._held is not None:
                    raise _NotExact  # the checked read orders them
                order = list(self._raw_at(path))
                keys.sort(key=order.index)
        for key in keys or ():
            where = (*path, key)
            self.warnings.add(
                ConversionWarningCode.PART_NOT_READ,
                index,
                block_index,
                key_not_read(where),
                path=to_pointer(where),
            )


def _empty(key: str, value: Any) -> bool:
    """Whether ``value`` of an undeclared ``key`` is the API's empty default, which
    carries nothing (``DEFAULT_VALUES``)."""
    default = DEFAULT_VALUES.get(key)
    return default is not None and type(value) is type(default) and value == default


def _kind(value: Any) -> str:
    """The type of a part or annotation passed over whole."""
    if type(value) is Unread:
        return value.type
    return str(value.__struct_config__.tag)


def _file_data_source(file_data: str, path: Path) -> Base64Source | UrlSource:
    parsed = parse_data_url(file_data)
    if parsed is not None:
        return Base64Source(media_type=parsed[0], data=parsed[1])
    if file_data.startswith(_WEB_URLS):
        return UrlSource(url=file_data)  # OpenRouter takes a URL here
    raise WireFormatError(
        FROM, path, "must be a data URL 'data:<media type>;base64,<data>' or an http(s) URL"
    )
