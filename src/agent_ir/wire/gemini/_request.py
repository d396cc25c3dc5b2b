"""Google Gemini: the IR to and from a ``generateContent`` request's ``contents``,
``systemInstruction`` and ``tools``, each loss a ``ConversionWarning`` (the mapping:
``docsgen/mapping/gemini.md``; the fields: ``_wire``'s declaration)."""

from __future__ import annotations

import base64
import binascii
import mimetypes
import re
from collections.abc import Callable
from typing import Any, Final

import msgspec
from msgspec.structs import astuple

from agent_ir._generated.message_schema import (
    AssistantBlock,
    AssistantMessage,
    AudioBlock,
    Base64Source,
    DocumentBlock,
    FileSource,
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
from agent_ir._jsoncopy import is_within_depth
from agent_ir._paths import Path, escape_segment, to_pointer, unescape_segment
from agent_ir._text import quoted
from agent_ir.validation._convert import is_rereadable
from agent_ir.wire._common import (
    ConversionWarningCode,
    Direct,
    Unchecked,
    Warnings,
    WireFormatError,
    WireMessages,
    WireRequest,
    arguments_text,
    assigned_id,
    exact_dicts,
    exact_keys,
    ir_messages,
    key_not_read,
    not_read,
    parse_arguments,
    parse_data_url,
    plain_arguments,
    read_wire,
    transcript_items,
    unchecked_wire,
)
from agent_ir.wire._decode import WireError, describe_json, refused
from agent_ir.wire._tools import read_with_tools, sent_tools
from agent_ir.wire.gemini import _ids
from agent_ir.wire.gemini import _wire as gemini
from agent_ir.wire.gemini._tools import gemini_tools, read_gemini_tools

__all__ = ["from_gemini", "to_gemini"]

TO: Final = "to_gemini"
FROM: Final = "from_gemini"

Wire = dict[str, Any]
Code = ConversionWarningCode

# A Gemini file's id: files/<name>, or its URI on the Gemini API.
_GEMINI_FILE: Final = re.compile(
    r"(?:files/|https://generativelanguage\.googleapis\.com/[^/?#]+/files/)[^/?#]+\Z"
)


# --- IR -> Gemini ------------------------------------------------------------------------


def to_gemini(transcript: object, *, tools: object = None) -> WireRequest:
    """The ``contents`` (and ``systemInstruction``, ``tools``) of a Gemini request for
    ``transcript`` (a list or tuple of IR messages or JSON-form mappings, each valid on
    its own; linkage is not required). ``InvalidMessageError`` names the first invalid
    message.

    ``tools``: tool definitions (a list or tuple of ``ToolDefinition`` or their JSON
    form), written to ``fields["tools"]`` (``_tools``). Anything but a list or tuple is
    a ``TypeError``, a definition ``validate_transcript`` would report a
    ``TranscriptError`` holding its INVALID_TOOL_DEFINITION diagnostics."""
    definitions = sent_tools(TO, tools)
    messages = transcript_items(TO, transcript)
    warnings = Warnings()
    sent_definitions = gemini_tools(definitions, warnings) if definitions else None
    request = _Request(warnings)
    for index, message in enumerate(messages):
        request.add(index, message)
    fields: dict[str, Any] = {"contents": request.contents}
    if request.system:
        fields["systemInstruction"] = {"parts": request.system}
    if sent_definitions is not None:
        fields["tools"] = sent_definitions
    return WireRequest(fields, warnings.all())


class _Request:
    """The request being built: the system parts, the contents, and whether the last
    content holds only function responses (so that the next result joins it)."""

    def __init__(self, warnings: Warnings) -> None:
        self.warnings = warnings
        self.system: list[Wire] = []
        self.contents: list[Wire] = []
        self._started = False
        self._results_open = False

    def add(self, index: int, message: Message) -> None:
        if isinstance(message, SystemMessage):
            self._system(index, message)
            return
        self._started = True
        if isinstance(message, ToolResultMessage):
            self._tool_result(index, message)
            return
        if isinstance(message, UserMessage):
            parts, role = self._user_parts(index, message), "user"
        else:
            parts, role = self._model_parts(index, message), "model"
        if not parts:
            self.warnings.add(
                Code.MESSAGE_NOT_SENT,
                index,
                -1,
                f"a {role} message with no part to send is left out: the Gemini API "
                "refuses an empty parts list",
            )
            return
        self.contents.append({"role": role, "parts": parts})
        self._results_open = False

    def _system(self, index: int, message: SystemMessage) -> None:
        if self._started:
            self.warnings.add(
                Code.SYSTEM_MOVED,
                index,
                -1,
                "a system message after the conversation started is moved into the "
                "systemInstruction",
            )
        self._cache_control(message.cache_control, index, -1)
        self.system.append({"text": message.content})

    def _tool_result(self, index: int, message: ToolResultMessage) -> None:
        self._cache_control(message.cache_control, index, -1)
        response: Wire = {}
        if not _ids.is_made_up(message.tool_call_id):
            response["id"] = message.tool_call_id
        response["name"] = message.tool_name
        if isinstance(message.content, str):
            text = message.content
            images: list[Wire] = []
        else:
            text, images = self._result_blocks(index, message.content)
        response["response"] = response_object(text, message.is_error)
        if images:
            response["parts"] = images
        part = {"functionResponse": response}
        if self._results_open:
            self.contents[-1]["parts"].append(part)
            return
        self.contents.append({"role": "user", "parts": [part]})
        self._results_open = True

    def _result_blocks(self, index: int, blocks: tuple[Any, ...]) -> tuple[str, list[Wire]]:
        texts, images = [], []
        for block_index, block in enumerate(blocks):
            if isinstance(block, TextBlock):
                self._text_details(block, index, block_index)
                texts.append(block.text)
                continue
            image = self._image(block, index, block_index)
            if image is not None:
                images.append(image)
        return "".join(texts), images

    # -- user ------------------------------------------------------------------------------

    def _user_parts(self, index: int, message: UserMessage) -> list[Wire]:
        if isinstance(message.content, str):
            return [{"text": message.content}]
        parts = []
        for block_index, block in enumerate(message.content):
            part = _USER_PARTS[type(block)](self, block, index, block_index)
            if part is not None:
                parts.append(part)
        return parts

    def _text(self, block: TextBlock, index: int, block_index: int) -> Wire:
        self._text_details(block, index, block_index)
        return _signed({"text": block.text}, block.thought_signature)

    def _text_details(self, block: TextBlock, index: int, block_index: int) -> None:
        self._cache_control(block.cache_control, index, block_index)
        if block.citations is not None:
            self.warnings.add(
                Code.CITATIONS_NOT_SENT,
                index,
                block_index,
                "citations have no Gemini request form: not sent",
                field="citations",
            )

    def _image(self, block: ImageBlock, index: int, block_index: int) -> Wire | None:
        self._cache_control(block.cache_control, index, block_index)
        if block.detail is not None:
            self.warnings.add(
                Code.IMAGE_DETAIL_NOT_SENT,
                index,
                block_index,
                f"an image detail ({block.detail.value}) has no Gemini form: not sent",
                field="detail",
            )
        source = block.source
        if isinstance(source, Base64Source):
            return _inline(source.media_type, source.data)
        parsed = parse_data_url(source.url)
        if parsed is not None:
            return _inline(*parsed)
        media_type = _url_media_type(source.url)
        if media_type is None or not media_type.startswith("image/"):
            self.warnings.add(
                Code.MEDIA_TYPE_CHANGED,
                index,
                block_index,
                "an image URL whose name gives no image media type is sent without one: "
                "it reads back as a document",
            )
            return {"fileData": {"fileUri": source.url}}
        return {"fileData": {"mimeType": media_type, "fileUri": source.url}}

    def _audio(self, block: AudioBlock, index: int, block_index: int) -> Wire | None:
        source = block.source
        return _inline(source.media_type, source.data)

    def _document(self, block: DocumentBlock, index: int, block_index: int) -> Wire | None:
        self._cache_control(block.cache_control, index, block_index)
        source = block.source
        if isinstance(source, FileSource) and not _GEMINI_FILE.match(source.file_id):
            self.warnings.add(
                Code.DOCUMENT_NOT_SENT,
                index,
                block_index,
                f"the file {quoted(source.file_id)} is not a Gemini file (files/...): not sent",
            )
            return None
        for field in ("title", "context", "filename", "citations"):
            if getattr(block, field) is not None:
                self.warnings.add(
                    Code.DOCUMENT_DETAIL_NOT_SENT,
                    index,
                    block_index,
                    f"a document's {field} has no Gemini form: not sent",
                    field=field,
                )
        if isinstance(source, Base64Source):
            return _inline(source.media_type, source.data)
        if isinstance(source, FileSource):
            return {"fileData": {"fileUri": source.file_id}}
        media_type = _url_media_type(source.url)
        if media_type is None or media_type.startswith("image/"):
            # An image/* type would read back as an image.
            return {"fileData": {"fileUri": source.url}}
        return {"fileData": {"mimeType": media_type, "fileUri": source.url}}

    # -- model -----------------------------------------------------------------------------

    def _model_parts(self, index: int, message: AssistantMessage) -> list[Wire]:
        parts = []
        for block_index, block in enumerate(message.content):
            part = self._model_part(block, index, block_index)
            if part is not None:
                parts.append(part)
        return parts

    def _model_part(self, block: AssistantBlock, index: int, block_index: int) -> Wire | None:
        if isinstance(block, TextBlock):
            return self._text(block, index, block_index)
        if isinstance(block, ToolCallBlock):
            self._cache_control(block.cache_control, index, block_index)
            call: Wire = {}
            if not _ids.is_made_up(block.id):
                call["id"] = block.id
            call["name"] = block.name
            call["args"] = plain_arguments(block.arguments)
            return _signed({"functionCall": call}, block.thought_signature)
        if isinstance(block, ThinkingBlock):
            return self._thinking(block, index, block_index)
        if isinstance(block, RefusalBlock):
            self.warnings.add(
                Code.REFUSAL_AS_TEXT,
                index,
                block_index,
                "a refusal has no Gemini part: sent as a text part",
            )
            return {"text": block.text}
        what = "call" if block.type == "serverToolCall" else "result"
        self.warnings.add(
            Code.SERVER_TOOL_NOT_SENT,
            index,
            block_index,
            f"a server-tool {what} of {quoted(block.provider)} has no Gemini form: not sent",
        )
        return None

    def _thinking(self, block: ThinkingBlock, index: int, block_index: int) -> Wire | None:
        if block.redacted:
            self.warnings.add(
                Code.THINKING_NOT_SENT,
                index,
                block_index,
                "redacted thinking has no Gemini form: not sent",
            )
            return None
        if block.signature is not None:
            self.warnings.add(
                Code.SIGNATURE_NOT_SENT,
                index,
                block_index,
                "another provider's thinking signature has no Gemini form: not sent",
                field="signature",
            )
        part: Wire = {"text": block.thinking} if block.thinking else {}
        part["thought"] = True
        return _signed(part, block.thought_signature)

    def _cache_control(self, cache_control: object, index: int, block_index: int) -> None:
        if cache_control is not None:
            self.warnings.add(
                Code.CACHE_CONTROL_NOT_SENT,
                index,
                block_index,
                "Gemini caches by cachedContent, not by breakpoints: the cache breakpoint "
                "is not sent",
                field="cacheControl",
            )


_USER_PARTS: Final[dict[type, Callable[[_Request, Any, int, int], Wire | None]]] = {
    TextBlock: _Request._text,
    ImageBlock: _Request._image,
    AudioBlock: _Request._audio,
    DocumentBlock: _Request._document,
}


def _signed(part: Wire, signature: str | None) -> Wire:
    if signature is not None:
        part["thoughtSignature"] = signature
    return part


# Python's built-in table only (no system mime.types file is read): the same answer on
# every machine of one Python version.
_MEDIA_TYPES: Final = mimetypes.MimeTypes()


def _url_media_type(url: str) -> str | None:
    """The media type a URL's name gives (``.../chart.png`` -> ``image/png``), None when
    it gives none: what ``fileData.mimeType`` is written from (Vertex needs it for a
    ``gs://`` or web URL, and ``from_gemini`` tells an image from a document by it)."""
    path = url.split("?", 1)[0].split("#", 1)[0]
    return _MEDIA_TYPES.guess_type(path, strict=False)[0]


def _inline(media_type: str, data: str) -> Wire:
    return {"inlineData": {"mimeType": media_type, "data": data}}


# --- function responses ------------------------------------------------------------------


def response_object(text: str, is_error: bool) -> Wire:
    """The ``response`` of a functionResponse for a result's text (as
    ``_wire.FunctionResponse.response`` reads it back; ``response_text`` is its
    inverse)."""
    if is_error:
        return {"error": text}
    found = _object_text(text)
    return {"output": text} if found is None else found


def response_text(response: Wire) -> tuple[str, bool]:
    """The text and error flag of a result whose functionResponse ``response`` is
    ``response`` (an object of exact JSON builtins)."""
    if len(response) == 1:
        if type(response.get("error")) is str:
            return response["error"], True
        output = response.get("output")
        # Only a text starting with { may be an object's text (``_compact_object``).
        if type(output) is str and (output[:1] != "{" or _object_text(output) is None):
            return output, False
    return arguments_text(response), False


def _object_text(text: str) -> Wire | None:
    """The object ``text`` is the compact JSON text of, when ``response_object`` writes
    it as that object: nested at most ``MAX_DEPTH`` and not itself read back as a
    text (``{"error": <str>}``, or ``{"output": <str>}`` whose string is not such an
    object text). None otherwise.

    The check follows the chain of ``{"output": "..."}`` objects nested as text: each
    level escapes the quotes and backslashes of the one inside, so the chain of a text
    of n characters is at most about log2(n) long."""
    found = _compact_object(text)
    if found is None:
        return None
    current: Wire = found
    while len(current) == 1:
        if type(current.get("error")) is str:
            return None
        output = current.get("output")
        if type(output) is not str:
            return found
        inner = _compact_object(output)
        if inner is None:
            return None
        current = inner
    return found


def _compact_object(text: str) -> Wire | None:
    if not text.startswith("{"):
        return None
    value = parse_arguments(text)
    if type(value) is not dict or not is_within_depth(value):
        return None
    try:
        same = arguments_text(value) == text
    except (ValueError, RecursionError):
        return None
    return value if same else None


# --- Gemini -> IR ------------------------------------------------------------------------


# The levels above a call's args (and a response's response) in a request:
# contents/<i>/parts/<j>/functionCall/args; they do not count toward the IR's bound.
ARGUMENTS_OFFSET: Final = 6
# The depth of a call's args (and a response's response) below ``contents``.
_ARGUMENTS_DEPTH: Final = 5


def from_gemini(
    contents: object, *, system_instruction: object = None, tools: object = None
) -> WireMessages:
    """The IR messages of a Gemini request's ``contents`` (a list of ``Content``
    objects, as JSON values, camelCase or snake_case) and ``system_instruction`` (a
    ``Content`` object or a string; None for none), with a warning for each part that
    has no IR form (``_wire``'s request declarations say what each field becomes).
    ``WireFormatError`` names the path of a value not of the request's shape
    (``contents[2].parts[0].functionCall.name must be a string; it is missing``);
    ``TranscriptError`` lists the read messages the IR refuses (indexes: IR positions).
    Messages get ids ``assigned_id(position)``.

    ``tools``: the request's ``tools`` (a list of ``Tool`` objects; None: none read,
    the result's ``tools`` is None), read into the result's ``tools`` (``_tools``);
    their warnings come first."""
    return read_with_tools(
        FROM, tools, read_gemini_tools, lambda: _read_contents(contents, system_instruction)
    )


def _read_contents(contents: object, system_instruction: object) -> WireMessages:
    """At once (one ``msgspec.convert`` of ``_wire.Request``) when the input may be read
    unchecked and is of its declared shape, camelCase, with nothing undeclared; else
    from ``read_wire``'s checked copy, content by content, each decoded and then read
    (so the first refusal in order is the one raised)."""
    unchecked = unchecked_wire(contents)
    if unchecked is not None and exact_dicts(unchecked):
        read = _read_at_once(unchecked, system_instruction)
        if read is not None:
            return read
    wire = read_wire(FROM, contents, ("contents",), offset=ARGUMENTS_OFFSET)
    if type(wire) is not list:
        raise WireFormatError(FROM, ("contents",), f"must be an array; it is {describe_json(wire)}")
    reader = _Reader()
    if system_instruction is not None:
        root: Path = ("systemInstruction",)
        value = read_wire(FROM, system_instruction, root)
        if type(value) is str:
            reader.system_text(value)
        else:
            decoded = _decoded(value, gemini.SystemInstruction, root)
            reader.enter(root, value, decoded)
            reader.system(decoded.decoded.value)
    for index, entry in enumerate(wire):
        root = ("contents", index)
        decoded = _decoded(entry, gemini.RequestContent, root)
        reader.enter(root, entry, decoded)
        reader.content(index, decoded.decoded.value)
    return WireMessages(ir_messages(reader.messages), reader.warnings.all())


def _decoded(value: Any, shape: type, root: Path) -> gemini.Response:
    try:
        return gemini.decode_camel(value, shape)
    except WireError as error:
        raise refused(FROM, error, value, root) from None


def _read_at_once(wire: list[Any], system: object) -> WireMessages | None:
    """The request read from one ``msgspec.convert``, its free values (arguments,
    responses) checked as ``read_wire`` would check them (``contents_at_once``); None
    when it does not convert, holds what ``read_wire`` would copy or refuse, or anything
    fails (the checked read then reports it)."""
    if system is not None and not is_rereadable([system]):
        return None
    try:
        request = msgspec.convert({"contents": wire, "systemInstruction": system}, gemini.Request)
        reader = _Reader(Direct())
        instruction = request.system_instruction
        if isinstance(instruction, str):
            reader.system_text(instruction)
        elif instruction is not None:
            reader.enter(("systemInstruction",), system, None)
            reader.system(instruction)
        if not reader.contents_at_once(wire, request.contents):
            return None
        assert reader.direct is not None
        converted = reader.direct.messages(reader.messages)
    except Exception:  # any failure: read again, checked, to report it
        return None
    return None if converted is None else WireMessages(converted, reader.warnings.all())


def _free_values_exact(contents: list[gemini.RequestContent]) -> bool:
    """Whether the values the declaration keeps as they came (a call's ``args``, a
    response's ``response``, a file's ``mimeType`` when not a string) are what
    ``read_wire`` takes as they are (checked before a content not of the common shapes
    is read)."""
    held = Unchecked()
    for content in contents:
        for part in content.parts:
            call, response, file = part.function_call, part.function_response, part.file_data
            if call is not None and call.args is not None:
                held.add(_ARGUMENTS_DEPTH, call.args)
            if response is not None:
                held.add(_ARGUMENTS_DEPTH, response.response)
                for item in response.parts or ():
                    if item.file_data is not None and item.file_data.mime_type is not None:
                        _hold_media_type(held, item.file_data.mime_type)
            if file is not None and file.mime_type is not None:
                _hold_media_type(held, file.mime_type)
    return held.exact(("contents",), offset=ARGUMENTS_OFFSET)


def _hold_media_type(held: Unchecked, media_type: Any) -> None:
    if type(media_type) is not str:  # a string is checked already
        held.add(_ARGUMENTS_DEPTH, media_type)


class _NotExact(Exception):
    """Input read at once holds what only the checked read may read."""


_DATA_FIELDS: Final = (
    ("text", "text"),
    ("function_call", "functionCall"),
    ("function_response", "functionResponse"),
    ("inline_data", "inlineData"),
    ("file_data", "fileData"),
)
# A part's declared fields by their JSON names, in the declaration's order.
_PART_FIELDS: Final = (
    ("text", "text"),
    ("thought", "thought"),
    ("function_call", "functionCall"),
    ("function_response", "functionResponse"),
    ("inline_data", "inlineData"),
    ("file_data", "fileData"),
    ("thought_signature", "thoughtSignature"),
)


class _Reader:
    """Decoded contents -> IR messages (JSON form) and warnings, with the calls no
    response answered yet, by name (for the responses without an id). Each decoded unit
    (a content, the system instruction) is ``enter``ed before it is read: its value as
    it came, its renamed keys and its undeclared keys, for the warnings' paths."""

    def __init__(self, direct: Direct | None = None) -> None:
        self.messages: list[Any] = []
        self.warnings = Warnings("/contents")
        self.direct = direct
        self._unanswered: dict[str, list[str]] = {}
        self._root_path: Path = ()
        self._raw: Any = None
        self._renamed: Any = None
        self._spelled: dict[str, str] = {}
        self._unread: dict[str, list[str]] = {}
        # Read at once: the free values and the ids and names read directly, checked
        # together at the end (``contents_at_once``).
        self._free: list[Any] = []
        self._names: list[str] = []

    def enter(self, root: Path, raw: Any, decoded: gemini.Response | None) -> None:
        """Read the unit at ``root`` next: ``raw`` as it came and ``decoded`` (None when
        read at once: nothing renamed or undeclared)."""
        self._root_path, self._raw = root, raw
        if self._unread:
            self._unread = {}
        if decoded is None:
            self._renamed, self._spelled = None, {}
            return
        self._renamed, self._spelled = decoded.data, decoded.spelled
        for place in decoded.decoded.unread:
            parent, _, key = place.rpartition("/")
            self._unread.setdefault(parent, []).append(unescape_segment(key))

    # -- the system instruction ------------------------------------------------------------

    def system_text(self, text: str) -> None:
        self._append({"role": "system", "content": text})

    def system(self, value: gemini.SystemInstruction) -> None:
        self._keys(0, -1, "")
        for part_index, part in enumerate(value.parts):
            at = f"/parts/{part_index}"
            if part.text is None:
                self._not_read(0, part_index, "a system instruction part without text", at)
                continue
            self._keys(0, part_index, at, _rest(part, "text"))
            self._append({"role": "system", "content": part.text})

    # -- contents ------------------------------------------------------------------------

    def contents_at_once(self, wire: list[Any], contents: list[gemini.RequestContent]) -> bool:
        """``contents`` (decoded from ``wire``, unchecked input) read: the common shapes
        as IR objects (``_direct_model``, ``_direct_user``), any other content as
        ``content`` reads it once its free values are checked. False when a free value
        is not what ``read_wire`` takes as it is (the messages read are then wrong)."""
        for index, content in enumerate(contents):
            parts = content.parts
            if content.role == "model":
                if self._direct_model(index, parts):
                    continue
            elif self._direct_user(index, parts):
                continue
            if not _free_values_exact([content]):
                return False
            self.enter(("contents", index), wire[index], None)
            self.content(index, content)
        assert self.direct is not None
        self.direct.non_blank(*self._names)
        held = Unchecked()
        # One list one level up holds each value at its own depth: one check for all.
        held.add(_ARGUMENTS_DEPTH - 1, self._free)
        return held.exact(("contents",), offset=ARGUMENTS_OFFSET)

    def content(self, index: int, value: gemini.RequestContent) -> None:
        self._keys(index, -1, "")
        if value.role == "model":
            self._model(index, value.parts)
        else:
            self._user(index, value.parts)

    def _model(self, index: int, parts: list[gemini.RequestPart]) -> None:
        blocks = []
        for part_index, part in enumerate(parts):
            at = f"/parts/{part_index}"
            kind = self._kind(index, part_index, part, at)
            if kind == "text":
                blocks.append(self._text(index, part_index, part, at, thinking=True))
            elif kind == "functionCall":
                blocks.append(self._call(index, part_index, part, at))
            elif kind is not None:
                self._not_read(index, part_index, f"a {kind} part in a model content", at)
        self._append({"role": "assistant", "content": blocks})

    def _user(self, index: int, parts: list[gemini.RequestPart]) -> None:
        # Each response is a message, each run of other parts one.
        run: list[Wire] | None = None
        produced = False
        for part_index, part in enumerate(parts):
            at = f"/parts/{part_index}"
            kind = self._kind(index, part_index, part, at)
            if kind is None:
                continue
            if kind == "functionResponse":
                produced |= self._flush(run)
                run = None
                self._response(index, part_index, part, at)
                produced = True
                continue
            run = [] if run is None else run
            block = self._user_block(index, part_index, kind, part, at)
            if block is not None:
                run.append(block)
        if not self._flush(run) and not produced:
            self._append({"role": "user", "content": []})

    def _flush(self, run: list[Wire] | None) -> bool:
        if run is None:
            return False
        self._append({"role": "user", "content": run})
        return True

    def _user_block(
        self, index: int, part_index: int, kind: str, part: gemini.RequestPart, at: str
    ) -> Wire | None:
        match kind:
            case "text":
                return self._text(index, part_index, part, at, thinking=False)
            case "inlineData":
                assert part.inline_data is not None
                self._keys(index, part_index, at, _rest(part, kind))
                return self._inline(index, part_index, part.inline_data, f"{at}/{kind}")
            case "fileData":
                assert part.file_data is not None
                self._keys(index, part_index, at, _rest(part, kind))
                return self._file(index, part_index, part.file_data, f"{at}/{kind}")
        self._not_read(index, part_index, f"a {kind} part in a user content", at)
        return None

    # -- parts -----------------------------------------------------------------------------

    def _kind(self, index: int, part_index: int, part: gemini.RequestPart, at: str) -> str | None:
        """The part's data key (text for a part of only thought or thoughtSignature);
        None (PART_NOT_READ, the part as a whole) for a part with none the IR has."""
        if part.text is not None:
            return "text"
        if part.function_call is not None:
            return "functionCall"
        if part.function_response is not None:
            return "functionResponse"
        if part.inline_data is not None:
            return "inlineData"
        if part.file_data is not None:
            return "fileData"
        if part.thought is not None or part.thought_signature is not None:
            return "text"
        raw = self._raw_at(at)
        if not exact_keys(raw):
            raise _NotExact
        named = ", ".join(quoted(key) for key in raw) or "no key"
        self._not_read(index, part_index, f"a part of {named}", at)
        return None

    def _text(
        self, index: int, part_index: int, part: gemini.RequestPart, at: str, *, thinking: bool
    ) -> Wire:
        read = ("text", "thoughtSignature", "thought") if thinking else ("text", "thoughtSignature")
        self._keys(index, part_index, at, _rest(part, *read))
        text = "" if part.text is None else part.text
        block: Wire = (
            {"type": "thinking", "thinking": text}
            if thinking and part.thought
            else {"type": "text", "text": text}
        )
        return _signed(block, part.thought_signature)

    def _call(self, index: int, part_index: int, part: gemini.RequestPart, at: str) -> Wire:
        call = part.function_call
        assert call is not None
        self._keys(index, part_index, at, _rest(part, "functionCall", "thoughtSignature"))
        self._keys(index, part_index, f"{at}/functionCall")
        call_id = call.id
        if call_id is None:
            key = self._sent(f"{at}/functionCall").rpartition("/")[2]
            call_id = _made_up_call_id(self.warnings, index, part_index, key)
        self._unanswered.setdefault(call.name, []).append(call_id)
        block = {
            "type": "toolCall",
            "id": call_id,
            "name": call.name,
            "arguments": {} if call.args is None else call.args,
        }
        return _signed(block, part.thought_signature)

    def _response(self, index: int, part_index: int, part: gemini.RequestPart, at: str) -> None:
        response = part.function_response
        assert response is not None
        self._keys(index, part_index, at, _rest(part, "functionResponse"))
        where = f"{at}/functionResponse"
        self._keys(index, part_index, where)
        place = (index, part_index, self._sent(where).rpartition("/")[2])
        call_id = _answered(self.warnings, self._unanswered, place, response.id, response.name)
        text, is_error = response_text(response.response)
        content: Any = text
        if response.parts is not None:
            images = self._response_parts(index, part_index, response.parts, f"{where}/parts")
            content = [{"type": "text", "text": text}, *images]
        self._append(
            {
                "role": "toolResult",
                "toolCallId": call_id,
                "toolName": response.name,
                "content": content,
                "isError": is_error,
            }
        )

    def _response_parts(
        self, index: int, part_index: int, items: list[gemini.FunctionResponsePart], at: str
    ) -> list[Wire]:
        images = []
        for position, item in enumerate(items):
            where = f"{at}/{position}"
            if item.inline_data is not None:
                self._keys(index, part_index, where, _rest(item, "inlineData"))
                read = self._inline(index, part_index, item.inline_data, f"{where}/inlineData")
            elif item.file_data is not None:
                self._keys(index, part_index, where)
                read = self._file(index, part_index, item.file_data, f"{where}/fileData")
            else:
                self._not_read(index, part_index, "a function response part", where)
                continue
            if read["type"] == "image":
                images.append(read)
            else:
                self._not_read(index, part_index, "a function response part not an image", where)
        return images

    def _inline(self, index: int, part_index: int, blob: gemini.Blob, at: str) -> Wire:
        self._keys(index, part_index, at)
        media_type = blob.mime_type
        data = _standard_base64(blob.data, self._path(f"{at}/data"))
        source = {"type": "base64", "mediaType": media_type, "data": data}
        return {"type": _media_kind(media_type), "source": source}

    def _file(self, index: int, part_index: int, file: gemini.FileData, at: str) -> Wire:
        media_type = file.mime_type
        self._keys(index, part_index, at, () if media_type is None else ("mimeType",))
        uri = file.file_uri
        if _GEMINI_FILE.match(uri):
            return {"type": "document", "source": {"type": "file", "fileId": uri}}
        kind = (
            "image" if type(media_type) is str and media_type.startswith("image/") else "document"
        )
        return {"type": kind, "source": {"type": "url", "url": uri}}

    # -- IR objects at once (Direct) ---------------------------------------------------
    #
    # The speed path: a content's parts are tested in one loop, field by field (no call
    # per part), and the IR objects built at once; the args and responses read are
    # checked together at the end (``contents_at_once``).

    def _direct_model(self, index: int, parts: list[gemini.RequestPart]) -> bool:
        """A model content of text, thinking and call parts (at most a non-empty
        signature beside; a call's args an object or absent) as an IR message, as
        ``_model`` reads it; False, with nothing read, for any other."""
        blocks: list[Any] = []
        calls = False
        for part in parts:
            call, text, signature = part.function_call, part.text, part.thought_signature
            if (
                part.function_response is not None
                or part.inline_data is not None
                or part.file_data is not None
                or signature == ""
            ):
                return False
            if call is None:
                if text is None:
                    return False
                if part.thought:
                    blocks.append(ThinkingBlock(thinking=text, thought_signature=signature))
                else:
                    blocks.append(TextBlock(text=text, thought_signature=signature))
            elif (
                text is None
                and part.thought is None
                and (call.args is None or type(call.args) is dict)
            ):
                blocks.append(part)
                calls = True
            else:
                return False
        if calls:
            self._direct_calls(index, blocks)
        message_id = assigned_id(len(self.messages))
        self.messages.append(AssistantMessage(id=message_id, content=tuple(blocks)))
        return True

    def _direct_calls(self, index: int, blocks: list[Any]) -> None:
        """The call parts among ``blocks`` as IR tool calls, in place, in order."""
        direct, unanswered, names = self.direct, self._unanswered, self._names
        assert direct is not None
        for part_index, part in enumerate(blocks):
            if type(part) is not gemini.RequestPart:
                continue
            call = part.function_call
            assert call is not None
            call_id, name, arguments = call.id, call.name, call.args
            if call_id is None:
                call_id = _made_up_call_id(self.warnings, index, part_index, "functionCall")
            waiting = unanswered.get(name)
            if waiting is None:
                unanswered[name] = [call_id]
            else:
                waiting.append(call_id)
            names += (call_id, name)
            if arguments is None:
                held = direct.arguments({})
            else:
                self._free.append(arguments)
                held = direct.input(arguments)
            blocks[part_index] = ToolCallBlock(
                id=call_id, name=name, arguments=held, thought_signature=part.thought_signature
            )

    def _direct_user(self, index: int, parts: list[gemini.RequestPart]) -> bool:
        """A user content of text parts (at most a non-empty signature beside) and
        function responses without parts as IR messages, as ``_user`` reads it; False,
        with nothing read, for any other."""
        for part in parts:
            if (
                part.function_call is not None
                or part.inline_data is not None
                or part.file_data is not None
                or part.thought
            ):
                return False
            response = part.function_response
            if response is None:
                if part.text is None or part.thought_signature == "":
                    return False
            elif (
                part.text is not None
                or part.thought is not None
                or part.thought_signature is not None
                or response.parts is not None
                or not exact_keys(response.response)  # looked up before it is checked
            ):
                return False
        self._direct_user_messages(index, parts)
        return True

    def _direct_user_messages(self, index: int, parts: list[gemini.RequestPart]) -> None:
        """The parts ``_direct_user`` took: each response a tool-result message, each
        run of text parts one user message (an empty content: one empty message)."""
        messages, names = self.messages, self._names
        run: list[Any] | None = None
        produced = False
        for part_index, part in enumerate(parts):
            response = part.function_response
            if response is None:
                text = part.text
                assert text is not None
                block = TextBlock(text=text, thought_signature=part.thought_signature)
                if run is None:
                    run = [block]
                else:
                    run.append(block)
                continue
            if run is not None:
                messages.append(UserMessage(id=assigned_id(len(messages)), content=tuple(run)))
                run = None
            place = (index, part_index, "functionResponse")
            name, value = response.name, response.response
            call_id = _answered(self.warnings, self._unanswered, place, response.id, name)
            names += (call_id, name)
            if len(value) != 1 or type(next(iter(value.values()))) is not str:
                self._free.append(value)  # else exact already: one str key, one str
            text, is_error = response_text(value)
            result = ToolResultMessage(
                id=assigned_id(len(messages)),
                tool_call_id=call_id,
                tool_name=name,
                content=text,
                is_error=is_error,
            )
            messages.append(result)
            produced = True
        if run is not None or not produced:
            content = () if run is None else tuple(run)
            messages.append(UserMessage(id=assigned_id(len(messages)), content=content))

    # -- bookkeeping -------------------------------------------------------------------

    def _keys(self, index: int, part_index: int, at: str, extra: tuple[str, ...] = ()) -> None:
        """PART_NOT_READ for each key of the object at ``at`` that its declaration does
        not know (``Decoded.unread``) and each ``extra`` declared key the reader does not
        take, in the object's order."""
        keys = self._unread.get(at, []) if self._unread else []
        if extra:
            keys = [*keys, *extra]
            if len(keys) > 1:
                if self._renamed is None:
                    raise _NotExact  # the checked read orders them
                order = list(_at(self._renamed, at))
                keys.sort(key=order.index)
        for key in keys:
            where = f"{at}/{escape_segment(key)}"
            self.warnings.add(
                Code.PART_NOT_READ,
                index,
                part_index,
                key_not_read(self._path(where)),
                path=to_pointer(self._root_path) + self._sent(where),
            )

    def _not_read(self, index: int, part_index: int, what: str, at: str) -> None:
        self.warnings.add(
            Code.PART_NOT_READ,
            index,
            part_index,
            not_read(what),
            path=to_pointer(self._root_path) + self._sent(at),
        )

    def _sent(self, at: str) -> str:
        """``at`` (a pointer into the renamed unit) as a pointer into the unit as it came."""
        return gemini.as_sent(at, self._spelled) if self._spelled else at

    def _path(self, at: str) -> Path:
        """The path (from the request field) of ``at``, its keys as they came."""
        path: Path = _at(self._raw, self._sent(at), path=True)
        return self._root_path + path

    def _raw_at(self, at: str) -> Any:
        """The value at ``at`` as it came."""
        return _at(self._raw, self._sent(at))

    def _append(self, message: Wire) -> None:
        message["id"] = assigned_id(len(self.messages))
        self.messages.append(message)


def _rest(value: Any, *read: str) -> tuple[str, ...]:
    """The declared keys of ``value`` (a part, or a function response's part) that hold
    something and that its reader does not take (``read``): each is PART_NOT_READ
    (``thought: false``, the default, says nothing)."""
    values = astuple(value)
    signed = "thoughtSignature" in read and value.thought_signature is not None
    if getattr(value, "thought", None) is None and len(values) - values.count(None) == 1 + signed:
        return ()  # the common shapes: only the data key (and a signature read with it)
    return tuple(
        name
        for field, name in _PART_FIELDS
        if name not in read
        and getattr(value, field, None) is not None
        and not (field == "thought" and value.thought is False)
    )


def _at(value: Any, at: str, *, path: bool = False) -> Any:
    """The value at pointer ``at`` in ``value`` (``path``: the keys and indexes on the
    way, as a path; the last key need not be there); ``_NotExact`` when a container on
    the way is not an exact dict or list (input read at once)."""
    keys: list[str | int] = []
    parts = at.split("/")[1:]
    for position, part in enumerate(parts):
        key: str | int = unescape_segment(part)
        if type(value) is list:
            key = int(key)
        elif type(value) is not dict:
            raise _NotExact
        keys.append(key)
        if not path or position < len(parts) - 1:
            value = value[key]
    return tuple(keys) if path else value


def _made_up_call_id(warnings: Warnings, index: int, part_index: int, key: str) -> str:
    """The id of the call without one at ``contents[index].parts[part_index]``, its
    ``functionCall`` spelled ``key``, with its TOOL_CALL_ID_ADDED warning."""
    call_id = _ids.request_call_id(index, part_index)
    warnings.add(
        Code.TOOL_CALL_ID_ADDED,
        index,
        part_index,
        f"a call without an id is given the id {quoted(call_id)} (not sent back)",
        path=f"/contents/{index}/parts/{part_index}/{key}",
    )
    return call_id


def _answered(
    warnings: Warnings,
    unanswered: dict[str, list[str]],
    place: tuple[int, int, str],
    call_id: str | None,
    name: str,
) -> str:
    """The id of the call the function response at ``place`` answers (as
    ``_wire.FunctionResponse.id`` says); ``unanswered``: the calls no response answered yet, by name, updated.
    ``place``: the response's content and part indexes and its ``functionResponse``
    key's spelling."""
    waiting = unanswered.get(name)
    if call_id is not None:
        if waiting and call_id in waiting:
            waiting.remove(call_id)
        return call_id
    index, part_index, key = place
    pointer = f"/contents/{index}/parts/{part_index}/{key}"
    if waiting:
        found = waiting.pop(0)
        warnings.add(
            Code.RESULT_PAIRED_BY_NAME,
            index,
            part_index,
            f"a response without an id answers the earliest unanswered call of "
            f"{quoted(name)}: {quoted(found)}",
            path=pointer,
        )
        return found
    made_up = _ids.request_call_id(index, part_index)
    warnings.add(
        Code.TOOL_CALL_ID_ADDED,
        index,
        part_index,
        f"a response without an id answers no earlier call of {quoted(name)}: it is "
        f"given the id {quoted(made_up)} (not sent back)",
        path=pointer,
    )
    return made_up


def _media_kind(media_type: str) -> str:
    if media_type.startswith("image/"):
        return "image"
    if media_type.startswith("audio/"):
        return "audio"
    return "document"


def _standard_base64(data: str, path: Path) -> str:
    """``data`` as standard padded base64: as it is when it is, else decoded from the
    URL-safe and/or unpadded form and encoded again (the same bytes)."""
    if _STANDARD.fullmatch(data):
        return data
    if _ANY_BASE64.fullmatch(data) and len(data) % 4 != 1:
        padded = data.replace("-", "+").replace("_", "/").rstrip("=")
        padded += "=" * (-len(padded) % 4)
        try:
            return base64.b64encode(base64.b64decode(padded, validate=True)).decode("ascii")
        except binascii.Error:
            pass
    found = describe_json(data)
    raise WireFormatError(FROM, path, f"must be base64 (standard or URL-safe); it is {found}")


_STANDARD: Final = re.compile(
    r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{4}|[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)"
)
_ANY_BASE64: Final = re.compile(r"[A-Za-z0-9+/_-]+={0,2}")
