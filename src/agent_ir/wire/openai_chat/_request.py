"""The IR to and from OpenAI Chat Completions (``messages`` of ``chat.completions.create``).

``to_openai_chat(transcript)`` returns a ``WireRequest`` whose ``fields`` are
``{"messages": [...]}``; ``from_openai_chat(messages)`` reads such a ``messages`` list
back into IR messages (``WireMessages``). With ``tools=``, both also write and read the
request's ``tools`` (the mapping is ``_tools``'s). Every loss is a ``ConversionWarning``
(``message_index``: the message's index in that call's input; ``block_index``: the
block or part, -1 for the message as a whole).

IR -> Chat
----------
- system -> ``{"role": "system", "content": text}``.
- user: string content stays a string; blocks become parts: text ->
  ``{"type": "text", "text"}``; image -> ``{"type": "image_url", "image_url": {"url",
  "detail"}}``, a ``data:<mediaType>;base64,<data>`` URL for a base64 source, the URL
  itself for a URL source, ``detail`` when the block has one; audio -> ``{"type": "input_audio", "input_audio": {"data", "format"}}`` when
  its media type (case and parameters ignored) is audio/wav, audio/x-wav or audio/wave
  (``wav``) or audio/mpeg or audio/mp3 (``mp3``), otherwise AUDIO_NOT_SENT and dropped.
  The format names only ``wav`` or ``mp3``, which read back as audio/wav and
  audio/mpeg: audio of any other spelling (audio/x-wav, Audio/WAV, audio/wav;
  rate=8000...) is sent, its data unchanged, with a MEDIA_TYPE_CHANGED warning naming
  the media type it will read back as;
  document -> a ``file`` part: ``{"file": {"filename", "file_data": data URL}}`` for a
  base64 application/pdf source (``filename`` the block's, else ``"document.pdf"``: the
  API wants one), ``{"file": {"file_id", "filename"}}`` for a file source (``filename``
  when the block has one), otherwise (a URL, another media type) DOCUMENT_NOT_SENT and
  dropped. A sent document's ``title``, ``context`` and ``citations`` flag (Anthropic's)
  have no place: DOCUMENT_DETAIL_NOT_SENT, one for each, at its path
  (``/3/content/0/title``). A list left empty is sent as ``""`` (the API refuses an
  empty array).
- assistant: text blocks joined (no separator) into ``content``; refusal blocks joined
  the same way into ``refusal`` (the message's one refusal field: two refusal blocks come
  back as one, as two text blocks do; an empty refusal carries nothing and is not
  sent); tool calls -> ``tool_calls: [{"id", "type": "function", "function": {"name",
  "arguments"}}]`` with the arguments as compact JSON text; ``content`` is ``null`` when
  there is no text but there are tool calls or a refusal, ``""`` when there is none of
  them (the turn is kept, so the roles keep their order). Thinking (redacted or not) ->
  THINKING_NOT_SENT, hosted-tool blocks (server-tool calls and results) ->
  SERVER_TOOL_NOT_SENT, dropped. The format has one text, one refusal and one list of
  calls per message, so they come back in that order (text, refusal, calls): text,
  calls and their order are kept, block boundaries not.
- Cache breakpoints (``cacheControl`` on a system message, a tool result or a block) are
  not sent (OpenAI caches prefixes by itself): CACHE_CONTROL_NOT_SENT, one for each
  breakpoint, at its path (``/0/cacheControl``, ``/2/content/1/cacheControl``).
  Citations on a text block: CITATIONS_NOT_SENT at ``/<i>/content/<j>/citations`` (a
  request holds no ``annotations``). A text's or a call's ``itemId`` and a call's
  ``namespace`` are other formats' bookkeeping: not sent, not warned about.
- A Gemini ``thoughtSignature`` (on any block) has no Chat form: SIGNATURE_NOT_SENT at
  ``.../content/<j>/thoughtSignature``, after the other warnings.
- toolResult -> ``{"role": "tool", "tool_call_id", "content"}``: a string stays a
  string, text blocks become text parts (no text: ``""``). Images cannot be in a tool
  message: each is IMAGE_MOVED into one user message of image parts sent right after
  the run of consecutive tool messages (the API wants a call's results right after it).
  ``isError: true`` -> ERROR_FLAG_NOT_SENT (no field holds it). The tool name is not
  sent: reading back takes it from the calls (the nearest earlier call with the
  result's id, else the first later one); when that gives another name, or no call has
  the id, TOOL_NAME_NOT_SENT.
- Not part of a request, so not sent and not warned about: message ids, timestamps,
  and the assistant's provider, model, usage and stopReason.

Chat -> IR
----------
- ``system`` and ``developer`` -> system (OpenAI treats them alike); text parts are
  joined without a separator.
- ``user``: a string stays a string; parts: ``text``; ``image_url`` -> an image with a
  base64 source when the URL is ``data:<image/...>;base64,<data>`` with valid base64
  (so an IR URL source holding such a URL comes back as that base64 source: the same
  image), otherwise a URL source holding the URL unchanged; its ``detail`` (``auto``,
  ``low``, ``high``; another value is PART_NOT_READ) -> the image's; ``input_audio`` -> base64
  audio of media type audio/wav (``wav``) or audio/mpeg (``mp3``), always these two
  (the format holds no other spelling; ``to_openai_chat`` warns when it sends another),
  another format is PART_NOT_READ; ``file`` -> a document: ``file_data`` (a
  ``data:<mediaType>;base64,<data>`` URL) -> a base64 source (an ``http(s)`` URL there,
  as OpenRouter takes, -> a URL source), else ``file_id`` -> a file source; its
  ``filename`` -> the document's, except ``"document.pdf"`` beside ``file_data``: the
  name ``to_openai_chat`` writes for a document without one reads back as none.
- ``assistant``: a content string (``""`` and ``null`` give no block) -> one text block,
  text parts -> text blocks and refusal parts -> refusal blocks, in order; ``url_citation``
  annotations -> citations of the last text block (``{"provider": "openai-chat", "wire":
  <the annotation as written>}``; another annotation type, or a citation with no text
  to cite from, is PART_NOT_READ at ``/messages/<i>/annotations/<k>``); ``refusal`` (a
  non-empty string) -> a refusal block after the text; then each ``tool_calls`` function
  call (``type`` ``"function"`` or absent, as Mistral writes it) -> a toolCall block
  whose arguments are the JSON object in ``arguments``; ``arguments`` absent, ``null``,
  ``""`` or only whitespace is ``{}`` (a call without arguments, as OpenRouter writes
  it, and as ``OpenAIChatStream`` reads it). Other text that is not a JSON object (or
  has duplicate keys, NaN, an infinite number) is kept as it is, so ``ir_messages``
  raises ``TranscriptError`` with INVALID_TOOL_ARGUMENTS: never a guessed ``{}``. A
  call's ``index`` equal to its position (a stream delta's field echoed back) is not
  warned about.
- ``tool`` -> toolResult with ``isError: false``, a string or text blocks; its
  ``toolName`` is the name of the nearest earlier tool call with that id (a custom call
  too), else of the first later one, else ``UNKNOWN_TOOL_NAME`` (``"unknown"``) with a
  TOOL_NAME_UNKNOWN warning (validation then reports the orphan).
- Message ids: ``assigned_id(position)`` (the format has none). Whatever has no IR form
  is PART_NOT_READ: ``name``, ``audio``, ``function_call``, custom tool calls, refusal
  parts outside an assistant message, ``reasoning``/``reasoning_content`` (thinking is
  not sent back in this format), a ``file_id`` beside ``file_data``, parts of other
  types and any other key. A value that carries nothing is not warned about: ``null``,
  and the API's empty default of a key (``DEFAULT_VALUES``: ``"annotations": []``,
  Mistral's ``"prefix": false``, ``"refusal": ""``, the all-empty ``audio``,
  ``function_call`` and ``custom`` objects some servers write). The keys read and these
  defaults are one list (``_keys``) with ``reply_from_openai_chat`` and
  ``OpenAIChatStream``, which warn about the same keys of a reply's message.
- ``WireFormatError`` (its path starts at ``messages``) for input not of the format's
  shape: not a list of objects, an unknown role or the legacy ``function`` role (its
  result has no call id to link), a missing or mistyped required field, a part without
  a string ``type``, ``file_data`` that is neither a base64 data URL nor a URL, a file part with
  neither ``file_data`` nor ``file_id``. A value of the right shape that the IR refuses
  (a blank tool-call id, an empty URL, audio data that is not base64) is the
  ``TranscriptError`` of ``ir_messages``.
"""

from __future__ import annotations

from collections.abc import Callable, Set
from typing import Any

from agent_ir._generated.message_schema import (
    AssistantMessage,
    AudioBlock,
    Base64Source,
    DocumentBlock,
    FileSource,
    ImageBlock,
    Message,
    RefusalBlock,
    ServerToolCallBlock,
    ServerToolResultBlock,
    SystemMessage,
    TextBlock,
    ToolCallBlock,
    ToolResultMessage,
    UserMessage,
)
from agent_ir._paths import Path, to_pointer
from agent_ir._text import quoted
from agent_ir.wire._common import (
    AUDIO_MEDIA_TYPES,
    CallNames,
    ConversionWarningCode,
    Direct,
    Unchecked,
    Warnings,
    WireFormatError,
    WireMessages,
    WireRequest,
    arguments_text,
    assigned_id,
    bare_media_type,
    data_url,
    exact_dicts,
    exact_keys,
    image_source,
    ir_messages,
    is_missing,
    key_not_read,
    must_be,
    must_be_one_of,
    not_read,
    parse_arguments,
    parse_data_url,
    read_wire,
    transcript_call_names,
    transcript_items,
    unchecked_wire,
    unknown_tool_name,
    unread_keys,
    warn_thought_signatures,
    warn_tool_name,
    wire_list,
    wire_object,
    wire_string,
)
from agent_ir.wire._tools import sent_tools
from agent_ir.wire.openai_chat._keys import (
    ASSISTANT_KEYS,
    CALL_KEYS,
    DEFAULT_VALUES,
    FUNCTION_KEYS,
    ROLE,
    call_keys,
)
from agent_ir.wire.openai_chat._tools import chat_tools, read_chat_tools

__all__ = ["from_openai_chat", "to_openai_chat"]

TO = "to_openai_chat"
FROM = "from_openai_chat"
Code = ConversionWarningCode
JsonDict = dict[str, Any]

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
    with a warning for each loss (see the module docstring).

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


def _assistant(message: AssistantMessage, index: int, warnings: Warnings) -> JsonDict:
    texts: list[str] = []
    refusals: list[str] = []
    calls: list[JsonDict] = []
    for block_index, block in enumerate(message.content):
        kind = type(block)
        if kind is TextBlock:
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
    text, refusal = "".join(texts), "".join(refusals)
    held = bool(calls or refusal)
    wire: JsonDict = {"role": "assistant", "content": None if held and not text else text}
    if refusal:
        wire["refusal"] = refusal
    if calls:
        wire["tool_calls"] = calls
    return wire


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


def from_openai_chat(messages: object, *, tools: object = None) -> WireMessages:
    """A Chat Completions ``messages`` list (JSON values) -> IR messages with a warning
    for each wire part that has no IR form (see the module docstring).
    ``WireFormatError`` when the input is not of the format's shape; ``TranscriptError``
    when a message read is not valid IR (tool-call arguments that are not a JSON
    object: INVALID_TOOL_ARGUMENTS).

    ``tools``: the request's ``tools`` (None: none read, the result's ``tools`` is
    None), read into the result's ``tools`` (``_tools``); their warnings come first.
    ``WireFormatError`` at ``tools[...]`` for an entry not of the format's shape,
    ``TranscriptError`` for a definition the IR refuses."""
    tool_warnings = Warnings()
    definitions = None if tools is None else read_chat_tools(FROM, tools, tool_warnings)
    unchecked = unchecked_wire(messages)
    reader = None if unchecked is None else _read_unchecked(unchecked)
    if reader is not None and reader.direct is not None:
        converted = reader.direct.messages(reader.messages)
        if converted is not None:
            warnings = (*tool_warnings.all(), *reader.warnings.all())
            return WireMessages(converted, warnings, definitions)
    wire = read_wire(FROM, messages, ("messages",))
    if type(wire) is not list:
        raise must_be(FROM, ("messages",), "a list of messages", wire)
    reader = _ChatReader(_call_names(wire))
    for index, message in enumerate(wire):
        reader.read(index, message)
    converted = ir_messages(reader.messages)
    return WireMessages(converted, (*tool_warnings.all(), *reader.warnings.all()), definitions)


def _read_unchecked(wire: list[Any]) -> _ChatReader | None:
    """The reader of ``wire`` read before ``read_wire`` checked it (``unchecked_wire``),
    or None when anything fails or was not JSON, for ``from_openai_chat`` to read it
    again the checked way and report what is wrong as it always did. Messages of the
    common shapes with nothing to warn about are built as IR objects at once
    (``Direct``), the others in JSON form."""
    if not exact_dicts(wire):
        return None
    try:
        reader = _ChatReader(_call_names(wire), Unchecked(), Direct())
        for index, message in enumerate(wire):
            built = reader.direct_message(index, message)
            if built is None:
                reader.read(index, message)
            else:
                reader.messages.append(built)
    except Exception:  # any failure: read again, checked, to report it
        return None
    assert reader.unchecked is not None
    return reader if reader.unchecked.exact(("messages",)) else None


def _call_names(wire: list[Any]) -> CallNames:
    """The id and name of every tool call, function and custom alike (a call the IR
    cannot hold still names the results that answer it), by message index. Calls not
    of the format's shape are left out here and refused when their message is read.
    The messages are dicts with ``str`` keys (``read_wire``'s result, or checked by
    ``exact_dicts``); a call or its body whose keys are not all ``str`` raises (only
    unchecked input can hold one: it is then read again, checked)."""
    names = CallNames()
    for index, message in enumerate(wire):
        if type(message) is not dict:
            continue
        role = message.get("role")
        if type(role) is not str or role != "assistant":
            continue
        calls = message.get("tool_calls")
        for call in calls if type(calls) is list else ():
            named = _named_call(call)
            if named is not None:
                names.add(index, *named)
    return names


def _named_call(call: object) -> tuple[str, str] | None:
    """(id, name) of a wire tool call: ``{"id", "type": kind, kind: {"name", ...}}``."""
    if type(call) is not dict:
        return None
    _check_keys(call)
    call_id, kind = call.get("id"), call.get("type")
    if kind is None:
        kind = "function"  # Mistral writes no type
    body = call.get(kind) if type(kind) is str else None
    if type(body) is dict:
        _check_keys(body)
    name = body.get("name") if type(body) is dict else None
    if type(call_id) is not str or type(name) is not str:
        return None
    return call_id, name


def _check_keys(value: JsonDict) -> None:
    """Raise before a key is looked up in a dict with a key that is not an exact
    ``str`` (only unchecked input holds one; see ``exact_keys``)."""
    if not exact_keys(value):
        raise ValueError("a key that is not an exact str")


class _Place:
    """Where a wire value is: its path, and the message and part a warning names."""

    def __init__(self, path: Path, index: int, block_index: int = -1) -> None:
        self.path = path
        self.index = index
        self.block_index = block_index

    def at(self, *segments: str | int) -> _Place:
        return _Place((*self.path, *segments), self.index, self.block_index)

    def part(self, block_index: int) -> _Place:
        """Part ``block_index`` of the message's ``content``."""
        return _Place((*self.path, "content", block_index), self.index, block_index)

    def fail(self, reason: str) -> WireFormatError:
        return WireFormatError(FROM, self.path, reason)


# What was read (None: nothing with an IR form, already warned about), and the keys it
# was read from.
_Read = tuple[JsonDict | None, Set[str]]


class _ChatReader:
    """Reads wire messages in order."""

    def __init__(
        self,
        call_names: CallNames,
        unchecked: Unchecked | None = None,
        direct: Direct | None = None,
    ) -> None:
        self.warnings = Warnings("/messages")
        self.messages: list[Any] = []  # JSON form, or IR messages built by ``direct``
        self.call_names = call_names
        # What was not read, to check at the end, when reading unchecked input.
        self.unchecked = unchecked
        self.direct = direct

    def direct_message(self, index: int, message: JsonDict) -> Message | None:
        """The IR message of a message (a dict with ``str`` keys) that ``read`` would
        read with no warning into the JSON form of exactly that message: a system,
        developer or user message of string content, a tool message of string content
        answering a known call, an assistant message of string or null content and
        function calls with nothing else. None for any other message."""
        role = message.get("role")
        if type(role) is not str:
            return None
        content = message.get("content")
        message_id = assigned_id(len(self.messages))
        if role == "user" or role == "system" or role == "developer":
            if type(content) is not str or len(message) != 2:
                return None
            kind = UserMessage if role == "user" else SystemMessage
            return kind(id=message_id, content=content)
        if role == "tool":
            return self._direct_tool(index, message, message_id, content)
        if role == "assistant":
            return self._direct_assistant(message, message_id, content)
        return None

    def _direct_tool(
        self, index: int, message: JsonDict, message_id: str, content: object
    ) -> Message | None:
        call_id = message.get("tool_call_id")
        if type(content) is not str or type(call_id) is not str or len(message) != 3:
            return None
        name = self.call_names.name(call_id, index)
        if name is None:
            return None
        assert self.direct is not None
        self.direct.non_blank(call_id, name)
        return ToolResultMessage(
            id=message_id, tool_call_id=call_id, tool_name=name, content=content, is_error=False
        )

    def _direct_assistant(
        self, message: JsonDict, message_id: str, content: object
    ) -> Message | None:
        calls = message.get("tool_calls")
        if len(message) != ("content" in message) + ("tool_calls" in message) + 1:
            return None
        blocks: list[Any] = []
        if type(content) is str:
            if content:
                blocks.append(TextBlock(text=content))
        elif content is not None:
            return None
        if calls is not None:
            if type(calls) is not list:
                return None
            for call in calls:
                block = self._direct_call(call)
                if block is None:
                    return None
                blocks.append(block)
        return AssistantMessage(id=message_id, content=tuple(blocks))

    def _direct_call(self, call: object) -> ToolCallBlock | None:
        """A function call with nothing else (its keys and its function's keys were
        checked by ``_call_names``)."""
        if type(call) is not dict or len(call) != 3:
            return None
        kind, call_id, function = call.get("type"), call.get("id"), call.get("function")
        if not (type(kind) is str and kind == "function" and type(call_id) is str):
            return None
        if type(function) is not dict or len(function) != 2:
            return None
        name, arguments = function.get("name"), function.get("arguments")
        if type(name) is not str or type(arguments) is not str:
            return None
        value = parse_arguments(arguments)
        if type(value) is not dict:
            return None
        assert self.direct is not None
        self.direct.non_blank(call_id, name)
        return ToolCallBlock(id=call_id, name=name, arguments=self.direct.arguments(value))

    def read(self, index: int, message: object) -> None:
        place = _Place(("messages", index), index)
        message = _object(message, place)
        role = message.get("role")
        if type(role) is not str:
            role = _string(message, "role", place)
        reader = _ROLE_READERS.get(role)
        if reader is None:
            raise must_be_one_of(FROM, place.at("role").path, list(_ROLE_READERS), role)
        fields, read = reader(self, message, place)
        self._unread(message, read | ROLE, place)
        message_id = assigned_id(len(self.messages))
        self.messages.append({"role": _IR_ROLES[role], "id": message_id, **(fields or {})})

    def system(self, message: JsonDict, place: _Place) -> _Read:
        content = _content(message, place)
        if not isinstance(content, str):
            content = "".join(block["text"] for block in self._text_parts(content, place))
        return {"content": content}, {"content"}

    def user(self, message: JsonDict, place: _Place) -> _Read:
        content = _content(message, place)
        if isinstance(content, str):
            return {"content": content}, {"content"}
        blocks = []
        for part_index, part in enumerate(content):
            block = _text_part(part)
            if block is None:
                block = self._user_part(part, place.part(part_index))
            if block is not None:
                blocks.append(block)
        return {"content": blocks}, {"content"}

    def assistant(self, message: JsonDict, place: _Place) -> _Read:
        blocks = self._assistant_text(message.get("content"), place)
        self._annotations(message, blocks, place)
        refusal = message.get("refusal")
        if refusal is not None:
            refusal = _string(message, "refusal", place)
            if refusal:
                blocks.append({"type": "refusal", "text": refusal})
        calls = message.get("tool_calls")
        if calls is not None:
            for call_index, call in enumerate(_array(calls, place.at("tool_calls"))):
                block = _function_call(call)
                if block is None:
                    block = self._tool_call(call, place, place.at("tool_calls", call_index))
                if block is not None:
                    blocks.append(block)
        return {"content": blocks}, ASSISTANT_KEYS

    def _annotations(self, message: JsonDict, blocks: list[JsonDict], place: _Place) -> None:
        """``url_citation`` annotations -> citations of the last text block; any other
        annotation, or one with no text to cite from, is PART_NOT_READ."""
        annotations = message.get("annotations")
        if annotations is None:
            return
        texts = [block for block in blocks if block["type"] == "text"]
        for position, annotation in enumerate(_array(annotations, place.at("annotations"))):
            where = _Place((*place.path, "annotations", position), place.index)
            annotation = _object(annotation, where)
            kind = _string(annotation, "type", where)
            if kind != "url_citation" or not texts:
                what = f"a {quoted(kind)} annotation"
                self._not_read(where, what if texts else f"{what} with no text to cite")
                continue
            citation = {"provider": CITATION_PROVIDER, "wire": annotation}
            texts[-1].setdefault("citations", []).append(citation)
            if self.unchecked is not None:
                self.unchecked.add(len(where.path) - 1, annotation)

    def tool(self, message: JsonDict, place: _Place) -> _Read:
        call_id = _string(message, "tool_call_id", place)
        content = _content(message, place)
        if not isinstance(content, str):
            content = self._text_parts(content, place)
        name = self.call_names.name(call_id, place.index)
        if name is None:
            name = unknown_tool_name(
                self.warnings, place.index, -1, call_id, place.at("tool_call_id").path
            )
        result = {"toolCallId": call_id, "toolName": name, "content": content, "isError": False}
        return result, {"tool_call_id", "content"}

    # -- parts -------------------------------------------------------------------------

    def _text_parts(
        self, content: list[Any], place: _Place, *, refusals: bool = False
    ) -> list[JsonDict]:
        """Text parts -> text blocks (and, with ``refusals``, an assistant's refusal
        parts -> refusal blocks); a part of another type is PART_NOT_READ."""
        blocks = []
        for part_index, part in enumerate(content):
            block = _text_part(part)
            if block is not None:
                blocks.append(block)
                continue
            part_place = place.part(part_index)
            part = _object(part, part_place)
            kind = _string(part, "type", part_place)
            if kind == "text" or (refusals and kind == "refusal"):
                key = "text" if kind == "text" else "refusal"
                self._unread(part, {"type", key}, part_place)
                blocks.append({"type": kind, "text": _string(part, key, part_place)})
            else:
                self._not_read(part_place, f"a {quoted(kind)} part", part)
        return blocks

    def _user_part(self, part: object, place: _Place) -> JsonDict | None:
        part = _object(part, place)
        kind = _string(part, "type", place)
        reader = _USER_PART_READERS.get(kind)
        if reader is None:
            self._not_read(place, f"a {quoted(kind)} part", part)
            return None
        block, read = reader(self, part, place)
        if block is not None:
            self._unread(part, {"type", *read}, place)
        elif self.unchecked is not None:
            self.unchecked.add_unread(part, {"type"}, len(place.path))
        return block

    def text(self, part: JsonDict, place: _Place) -> _Read:
        return {"type": "text", "text": _string(part, "text", place)}, {"text"}

    def image_url(self, part: JsonDict, place: _Place) -> _Read:
        where = place.at("image_url")
        image = _object_at(part, "image_url", place)
        url = _string(image, "url", where)
        block: JsonDict = {"type": "image", "source": image_source(url)}
        read = {"url"}
        detail = image.get("detail")
        if type(detail) is str and detail in _IMAGE_DETAILS:
            block["detail"] = detail
            read.add("detail")
        self._unread(image, read, where)
        return block, {"image_url"}

    def input_audio(self, part: JsonDict, place: _Place) -> _Read:
        where = place.at("input_audio")
        audio = _object_at(part, "input_audio", place)
        data = _string(audio, "data", where)
        audio_format = _string(audio, "format", where)
        media_type = AUDIO_MEDIA_TYPES.get(audio_format)
        if media_type is None:
            self._not_read(place, f"audio in format {quoted(audio_format)}")
            return None, {"input_audio"}
        self._unread(audio, {"data", "format"}, where)
        source = {"type": "base64", "mediaType": media_type, "data": data}
        return {"type": "audio", "source": source}, {"input_audio"}

    def file(self, part: JsonDict, place: _Place) -> _Read:
        where = place.at("file")
        file = _object_at(part, "file", place)
        read = {"file_data"}
        inline = file.get("file_data") is not None
        if inline:
            source = _file_data_source(_string(file, "file_data", where), where.at("file_data"))
        elif file.get("file_id") is not None:
            source = {"type": "file", "fileId": _string(file, "file_id", where)}
            read.add("file_id")
        else:
            raise where.fail("must have file_data or file_id")
        block: JsonDict = {"type": "document", "source": source}
        filename = file.get("filename")
        if type(filename) is str:
            read.add("filename")
            if not (inline and filename == DOCUMENT_FILENAME):
                block["filename"] = filename
        self._unread(file, read, where)
        return block, {"file"}

    # -- assistant ---------------------------------------------------------------------

    def _assistant_text(self, content: object, place: _Place) -> list[JsonDict]:
        if content is None or (type(content) is str and not content):
            return []
        if isinstance(content, str):
            return [{"type": "text", "text": content}]
        if type(content) is not list:
            raise must_be(FROM, place.at("content").path, "a string or a list of parts", content)
        return self._text_parts(content, place, refusals=True)

    def _tool_call(self, call: object, message_place: _Place, place: _Place) -> JsonDict | None:
        call = _object(call, place)
        kind = "function" if call.get("type") is None else _string(call, "type", place)
        call_id = _string(call, "id", place)
        if kind != "function":
            self._not_read(
                _Place(place.path, message_place.index), f"a {quoted(kind)} tool call", call
            )
            return None
        where = place.at("function")
        function = _object_at(call, "function", place)
        name = _string(function, "name", where)
        arguments = (
            "" if function.get("arguments") is None else _string(function, "arguments", where)
        )
        # A stream delta's index, echoed back (its position), is read too.
        read = call_keys(call, place.path[-1])
        self._unread(call, read, _Place(place.path, place.index))
        self._unread(function, FUNCTION_KEYS, _Place(where.path, place.index))
        return {
            "type": "toolCall",
            "id": call_id,
            "name": name,
            "arguments": _arguments(arguments),
        }

    # -- warnings ----------------------------------------------------------------------

    def _not_read(self, place: _Place, what: str, value: JsonDict | None = None) -> None:
        """PART_NOT_READ for what is at ``place``: ``value``, its ``type`` read (None:
        its caller hands what it did not read to ``unchecked``)."""
        if self.unchecked is not None and value is not None:
            self.unchecked.add_unread(value, _TYPE, len(place.path))
        self.warnings.add(
            Code.PART_NOT_READ,
            place.index,
            place.block_index,
            not_read(what),
            path=to_pointer(place.path),
        )

    def _unread(self, value: JsonDict, read: Set[str], place: _Place) -> None:
        """PART_NOT_READ for each key of ``value`` not in ``read`` (``null`` and a
        ``DEFAULT_VALUES`` value say nothing)."""
        if value.keys() <= read:
            return
        if self.unchecked is not None:
            self.unchecked.add_unread(value, read, len(place.path))
        for key in unread_keys(value, read, defaults=DEFAULT_VALUES):
            where = (*place.path, key)
            self.warnings.add(
                Code.PART_NOT_READ,
                place.index,
                place.block_index,
                key_not_read(where),
                path=to_pointer(where),
            )


_TYPE = frozenset({"type"})
_RoleReader = Callable[[_ChatReader, JsonDict, _Place], _Read]
_ROLE_READERS: dict[str, _RoleReader] = {
    "system": _ChatReader.system,
    "developer": _ChatReader.system,
    "user": _ChatReader.user,
    "assistant": _ChatReader.assistant,
    "tool": _ChatReader.tool,
}
_IR_ROLES = {
    "system": "system",
    "developer": "system",
    "user": "user",
    "assistant": "assistant",
    "tool": "toolResult",
}
_USER_PART_READERS: dict[str, _RoleReader] = {
    "text": _ChatReader.text,
    "image_url": _ChatReader.image_url,
    "input_audio": _ChatReader.input_audio,
    "file": _ChatReader.file,
}


def _text_part(part: object) -> JsonDict | None:
    """The text block of a text part that has nothing else (no warning, no error);
    None for any other part, to be read the general way."""
    if type(part) is not dict or not exact_keys(part) or not part.keys() <= _TEXT_KEYS:
        return None
    kind, text = part.get("type"), part.get("text")
    if type(kind) is str and kind == "text" and type(text) is str:
        return {"type": "text", "text": text}
    return None


def _function_call(call: object) -> JsonDict | None:
    """The toolCall block of a function call that has nothing else (no warning, no
    error); None for any other call, to be read the general way."""
    if type(call) is not dict or not exact_keys(call) or not call.keys() <= CALL_KEYS:
        return None
    kind, call_id, function = call.get("type"), call.get("id"), call.get("function")
    if not (type(kind) is str and kind == "function" and type(call_id) is str):
        return None
    if type(function) is not dict or not exact_keys(function):
        return None
    if not function.keys() <= FUNCTION_KEYS:
        return None
    name, arguments = function.get("name"), function.get("arguments")
    if type(name) is not str or type(arguments) is not str:
        return None
    return {
        "type": "toolCall",
        "id": call_id,
        "name": name,
        "arguments": _arguments(arguments),
    }


def _arguments(text: str) -> object:
    """``parse_arguments``, with text that is empty or only whitespace (a call that
    takes no arguments, as ``OpenAIChatStream`` reads it) as ``{}``."""
    return {} if not text.strip() else parse_arguments(text)


_IMAGE_DETAILS = frozenset({"auto", "low", "high"})
_TEXT_KEYS = frozenset({"type", "text"})


def _file_data_source(file_data: str, place: _Place) -> JsonDict:
    parsed = parse_data_url(file_data)
    if parsed is not None:
        return {"type": "base64", "mediaType": parsed[0], "data": parsed[1]}
    if file_data.startswith(_WEB_URLS):
        return {"type": "url", "url": file_data}  # OpenRouter takes a URL here
    raise place.fail("must be a data URL 'data:<media type>;base64,<data>' or an http(s) URL")


_WEB_URLS = ("https://", "http://")


# --- reading wire values ------------------------------------------------------------------


def _object(value: object, place: _Place) -> JsonDict:
    found = wire_object(FROM, value, place.path)
    _check_keys(found)
    return found


def _array(value: object, place: _Place) -> list[Any]:
    return wire_list(FROM, value, place.path)


def _string(value: JsonDict, key: str, place: _Place) -> str:
    return wire_string(FROM, value, key, place.path)


def _object_at(value: JsonDict, key: str, place: _Place) -> JsonDict:
    if key not in value:
        raise is_missing(FROM, (*place.path, key))
    return _object(value[key], place.at(key))


def _content(message: JsonDict, place: _Place) -> str | list[Any]:
    """A message's required ``content``: a string or a list of parts."""
    if "content" not in message:
        raise is_missing(FROM, (*place.path, "content"))
    content = message["content"]
    if isinstance(content, str) or type(content) is list:
        return content
    raise must_be(FROM, place.at("content").path, "a string or a list of parts", content)
