"""Google Gemini: the IR to and from a ``generateContent`` request's ``contents``,
``systemInstruction`` and ``tools``, each loss a ``ConversionWarning`` (the mapping:
``docsgen/mapping/gemini.md``; the fields: ``_wire``'s declaration). A request read is
decoded (at once, or checked content by content) and its decoded values are mapped by
one reader, ``_Reader``, straight to IR objects, which ``Built`` checks at once."""

from __future__ import annotations

import base64
import binascii
import mimetypes
import re
from collections.abc import Callable
from typing import Any, Final

import msgspec
from msgspec.structs import astuple, replace

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
    UrlSource,
    UserBlock,
    UserMessage,
)
from agent_ir._jsoncopy import is_within_depth
from agent_ir._paths import Path, escape_segment, to_pointer, unescape_segment
from agent_ir._text import quoted
from agent_ir.validation._convert import is_rereadable
from agent_ir.wire._built import Built
from agent_ir.wire._common import (
    ConversionWarningCode,
    Unchecked,
    Warnings,
    WireFormatError,
    WireMessages,
    WireRequest,
    arguments_text,
    assigned_id,
    exact_at,
    exact_keys,
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
from agent_ir.wire._opaque import foreign_maker, warn_foreign_signature
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
        maker = foreign_maker(block, "gemini")
        if maker is not None:
            warn_foreign_signature(
                self.warnings, index, block_index, maker, "Gemini", block_sent=True
            )
        elif block.signature is not None:  # no maker recorded: no place for it
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
    read = _string_text(response)
    return (arguments_text(response), False) if read is None else read


def _string_text(response: Wire) -> tuple[str, bool] | None:
    """``response_text`` of a response read as its one string (``{"error": s}``, or
    ``{"output": s}`` unless s is an object's text), both key and string exact; None
    for any other response (its text is its compact JSON)."""
    if len(response) == 1:
        ((key, value),) = response.items()
        if type(value) is str and type(key) is str:
            if key == "error":
                return value, True
            # Only a text starting with { may be an object's text (``_compact_object``).
            if key == "output" and (value[:1] != "{" or _object_text(value) is None):
                return value, False
    return None


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
    """The request decoded at once (one ``msgspec.convert`` of ``_wire.Request``) when
    the input may be read unchecked and is of its declared shape, camelCase, with
    nothing undeclared; else from ``read_wire``'s checked copy, content by content, each
    decoded and then read (so the first refusal in order is the one raised). Either way
    the decoded values take the one mapping, ``_Reader``."""
    unchecked = unchecked_wire(contents)
    # The contents' and parts' keys need no check of their own: msgspec converts only
    # exact str keys into a declared object. (A check of every content's keys up front
    # was a twentieth of reading a request.)
    if unchecked is not None:
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
    return reader.result()


def _decoded(value: Any, shape: type, root: Path) -> gemini.Response:
    try:
        return gemini.decode_camel(value, shape)
    except WireError as error:
        raise refused(FROM, error, value, root) from None


def _read_at_once(wire: list[Any], system: object) -> WireMessages | None:
    """The request decoded by one ``msgspec.convert`` and read, the values the
    declaration keeps as they came checked as ``read_wire`` would check them; None when
    it does not convert, holds what ``read_wire`` would copy or refuse, or its reading
    fails in any way (the checked read then reports it). The IR's refusal of what was
    read (``TranscriptError``) is raised: the checked read would read the same."""
    if system is not None and not is_rereadable([system]):
        return None
    try:
        request = msgspec.convert({"contents": wire, "systemInstruction": system}, gemini.Request)
        reader = _Reader()
        instruction = request.system_instruction
        if isinstance(instruction, str):
            reader.system_text(instruction)
        elif instruction is not None:
            if not _system_exact(system):
                return None
            reader.enter(("systemInstruction",), system, None)
            reader.system(instruction)
        reader.contents_at_once(wire, request.contents)
        if not reader.checked():
            return None
    except Exception:  # any failure: read again, checked, to report it
        return None
    return reader.result()


class _NotExact(Exception):
    """Input read at once holds what only the checked read may read."""


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
# The keys of a part each reading takes (``_rest``).
_MODEL_TEXT: Final = ("text", "thoughtSignature", "thought")
_USER_TEXT: Final = ("text", "thoughtSignature")
_SYSTEM_TEXT: Final = ("text",)
_CALL: Final = ("functionCall", "thoughtSignature")
_RESPONSE: Final = ("functionResponse",)
_INLINE: Final = ("inlineData",)
_FILE: Final = ("fileData",)
_MEDIA_TYPE_KEY: Final = ("mimeType",)


class _Reader:
    """Decoded Gemini values -> IR messages and warnings: the one mapping, for a request
    decoded at once and one decoded checked alike. The messages are IR objects, checked
    together by ``result`` (``Built``); the calls no response answered yet are kept by
    name (for the responses without an id).

    Each unit decoded checked (a content, the system instruction) is ``enter``ed before
    it is read: its value as it came, its renamed keys and its undeclared keys, for the
    warnings' paths; contents decoded at once are read by ``contents_at_once``."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.warnings = Warnings("/contents")
        self._built = Built()
        self._unanswered: dict[str, list[str]] = {}
        self._root_path: Path = ()
        self._raw: Any = None
        self._units: list[Any] | None = None
        self._renamed: Any = None
        self._spelled: dict[str, str] = {}
        self._unread: dict[str, list[str]] = {}
        # Read at once: the values the declaration keeps as they came (args, a response
        # not read, a file's mimeType not a string), checked together by ``checked``
        # (``Built`` takes the args as checked).
        self._held: list[Any] = []
        self._texts_due: list[tuple[int, dict[str, Any]]] = []

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

    def contents_at_once(self, wire: list[Any], contents: list[gemini.RequestContent]) -> None:
        """Read ``contents``, decoded at once from ``wire`` (content ``index`` being
        ``wire[index]``: nothing renamed or undeclared)."""
        self.enter(("contents",), wire, None)
        self._units = wire
        model, user = self._model, self._user
        for index, content in enumerate(contents):
            (model if content.role == "model" else user)(index, content.parts)

    def checked(self) -> bool:
        """Whether the values held (read at once) are what ``read_wire`` takes as they
        are; if so, the texts of the responses held are made."""
        if not _exact(self._held):
            return False
        messages = self.messages
        for position, value in self._texts_due:
            message = messages[position]
            assert type(message) is ToolResultMessage
            text, is_error = response_text(value)
            content = message.content
            content = text if type(content) is str else (TextBlock(text=text), *content[1:])
            messages[position] = replace(message, content=content, is_error=is_error)
        return True

    def result(self) -> WireMessages:
        """The messages read, each a valid IR message, and the warnings;
        ``TranscriptError`` listing each message the IR refuses."""
        return WireMessages(self._built.messages(self.messages), self.warnings.all())

    # -- the system instruction ------------------------------------------------------------

    def system_text(self, text: str) -> None:
        self.messages.append(SystemMessage(id=assigned_id(len(self.messages)), content=text))

    def system(self, value: gemini.SystemInstruction) -> None:
        self._keys(0, -1, "")
        for part_index, part in enumerate(value.parts):
            at = f"/parts/{part_index}"
            if part.text is None:
                self._not_read(0, part_index, "a system instruction part without text", at)
                continue
            self._keys(0, part_index, at, _rest(part, _SYSTEM_TEXT))
            self.system_text(part.text)

    # -- contents ------------------------------------------------------------------------
    #
    # A part holding only keys its reading takes, in a content with no undeclared key,
    # has nothing to warn about or hold: the common parts are read from the part's
    # values (``astuple``, in ``_PART_FIELDS`` order) without asking for its kind.

    def content(self, index: int, value: gemini.RequestContent) -> None:
        if self._unread:
            self._keys(index, -1, "")
        if value.role == "model":
            self._model(index, value.parts)
        else:
            self._user(index, value.parts)

    def _model(self, index: int, parts: list[gemini.RequestPart]) -> None:
        blocks: list[AssistantBlock] = []
        whole = not self._unread
        for part_index, part in enumerate(parts):
            text, thought, call, response, inline, file, signature = astuple(part)
            # A text part or a call part of only the keys its reading takes is read as it
            # is; any other is asked its kind (``_model_part``).
            if whole and response is None and inline is None and file is None:
                if call is None:
                    if text is not None or thought is not None or signature is not None:
                        blocks.append(_model_text(text, thought, signature))
                        continue
                elif text is None and thought is None:
                    blocks.append(self._call(index, part_index, call, signature))
                    continue
            block = self._model_part(index, part_index, part)
            if block is not None:
                blocks.append(block)
        message_id = assigned_id(len(self.messages))
        self.messages.append(AssistantMessage(id=message_id, content=tuple(blocks)))

    def _model_part(
        self, index: int, part_index: int, part: gemini.RequestPart
    ) -> AssistantBlock | None:
        kind = self._kind(index, part_index, part)
        at = f"/parts/{part_index}"
        if kind == "text":
            self._keys(index, part_index, at, self._rest_held(part, _MODEL_TEXT))
            return _model_text(part.text, part.thought, part.thought_signature)
        if kind == "functionCall":
            assert part.function_call is not None
            self._keys(index, part_index, at, self._rest_held(part, _CALL))
            self._keys(index, part_index, f"{at}/functionCall")
            return self._call(index, part_index, part.function_call, part.thought_signature)
        if kind is not None:
            self._hold(part)
            self._not_read(index, part_index, f"a {kind} part in a model content", at)
        return None

    def _user(self, index: int, parts: list[gemini.RequestPart]) -> None:
        # Each response is a message, each run of other parts one (a run of parts none
        # of which is read too: an empty user message).
        messages = self.messages
        whole = not self._unread
        run: list[UserBlock] | None = None
        produced = False
        for part_index, part in enumerate(parts):
            text, thought, call, response, inline, file, signature = astuple(part)
            block: UserBlock | None = None
            # A text part or a response part of only the keys its reading takes is read
            # as it is; any other is asked its kind (``_user_part``).
            common = whole and thought is None and call is None and inline is None and file is None
            if common and response is None and (text is not None or signature is not None):
                block = TextBlock(text="" if text is None else text, thought_signature=signature)
            elif not (common and response is not None and text is None and signature is None):
                read = self._user_part(index, part_index, part)
                if read is None:
                    continue
                block, response = read
            if response is None:
                run = [] if run is None else run
                if block is not None:
                    run.append(block)
                continue
            if run is not None:
                messages.append(UserMessage(id=assigned_id(len(messages)), content=tuple(run)))
                run = None
            self._response(index, part_index, response)
            produced = True
        if run is not None or not produced:
            content = () if run is None else tuple(run)
            messages.append(UserMessage(id=assigned_id(len(messages)), content=content))

    def _user_part(
        self, index: int, part_index: int, part: gemini.RequestPart
    ) -> tuple[UserBlock | None, gemini.FunctionResponse | None] | None:
        """A user part's block (None: nothing read, in the run) or its response; None
        for a part not read as a whole."""
        kind = self._kind(index, part_index, part)
        if kind is None:
            return None
        if kind == "functionResponse":
            at = f"/parts/{part_index}"
            self._keys(index, part_index, at, self._rest_held(part, _RESPONSE))
            self._keys(index, part_index, f"{at}/functionResponse")
            return None, part.function_response
        return self._user_block(index, part_index, kind, part), None

    def _user_block(
        self, index: int, part_index: int, kind: str, part: gemini.RequestPart
    ) -> UserBlock | None:
        at = f"/parts/{part_index}"
        if kind == "text":
            self._keys(index, part_index, at, self._rest_held(part, _USER_TEXT))
            text = "" if part.text is None else part.text
            return TextBlock(text=text, thought_signature=part.thought_signature)
        if kind == "inlineData":
            assert part.inline_data is not None
            self._keys(index, part_index, at, self._rest_held(part, _INLINE))
            return self._inline(index, part_index, part.inline_data, f"{at}/inlineData")
        if kind == "fileData":
            assert part.file_data is not None
            self._keys(index, part_index, at, self._rest_held(part, _FILE))
            self._hold_media_type(part.file_data.mime_type)
            return self._file(index, part_index, part.file_data, f"{at}/fileData")
        self._hold(part)
        self._not_read(index, part_index, f"a {kind} part in a user content", at)
        return None

    # -- parts -----------------------------------------------------------------------------

    def _kind(self, index: int, part_index: int, part: gemini.RequestPart) -> str | None:
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
        at = f"/parts/{part_index}"
        raw = self._raw_at(index, at)
        if not exact_keys(raw):
            raise _NotExact
        named = ", ".join(quoted(key) for key in raw) or "no key"
        self._not_read(index, part_index, f"a part of {named}", at)
        return None

    def _call(
        self, index: int, part_index: int, call: gemini.RequestFunctionCall, signature: str | None
    ) -> ToolCallBlock:
        call_id, name, args = call.id, call.name, call.args
        if call_id is None:
            key = self._spelling(part_index, "functionCall")
            call_id = _made_up_call_id(self.warnings, index, part_index, key)
        waiting = self._unanswered.get(name)
        if waiting is None:
            self._unanswered[name] = [call_id]
        else:
            waiting.append(call_id)
        if args is None:
            arguments = self._built.fresh({})
        else:
            self._held.append(args)
            arguments = self._built.object(args)  # not an object: the IR refuses it
        return ToolCallBlock(
            id=call_id, name=name, arguments=arguments, thought_signature=signature
        )

    def _response(self, index: int, part_index: int, response: gemini.FunctionResponse) -> None:
        name, value, call_id = response.name, response.response, response.id
        if call_id is None:
            place = (index, part_index, self._spelling(part_index, "functionResponse"))
            call_id = _paired(self.warnings, self._unanswered, place, name)
        else:
            waiting = self._unanswered.get(name)
            if waiting and call_id in waiting:
                waiting.remove(call_id)
        read = response_text(value) if self._units is None else _string_text(value)
        if read is None:
            # Read at once, a response is looked into (its text is its compact JSON)
            # only once checked with the values held: its text is made then (``checked``).
            self._held.append(value)
            self._texts_due.append((len(self.messages), value))
            read = "", False
        text, is_error = read
        content: str | tuple[TextBlock | ImageBlock, ...] = text
        if response.parts is not None:
            images = self._response_parts(index, part_index, response.parts)
            content = (TextBlock(text=text), *images)
        result = ToolResultMessage(
            id=assigned_id(len(self.messages)),
            tool_call_id=call_id,
            tool_name=name,
            content=content,
            is_error=is_error,
        )
        self.messages.append(result)

    def _response_parts(
        self, index: int, part_index: int, items: list[gemini.FunctionResponsePart]
    ) -> list[ImageBlock]:
        at = f"/parts/{part_index}/functionResponse/parts"
        images = []
        for position, item in enumerate(items):
            where = f"{at}/{position}"
            read: UserBlock
            if item.file_data is not None:
                self._hold_media_type(item.file_data.mime_type)
            if item.inline_data is not None:
                self._keys(index, part_index, where, _rest(item, _INLINE))
                read = self._inline(index, part_index, item.inline_data, f"{where}/inlineData")
            elif item.file_data is not None:
                self._keys(index, part_index, where)
                read = self._file(index, part_index, item.file_data, f"{where}/fileData")
            else:
                self._not_read(index, part_index, "a function response part", where)
                continue
            if type(read) is ImageBlock:
                images.append(read)
            else:
                self._not_read(index, part_index, "a function response part not an image", where)
        return images

    def _inline(self, index: int, part_index: int, blob: gemini.Blob, at: str) -> UserBlock:
        self._keys(index, part_index, at)
        media_type = blob.mime_type
        data = _standard_base64(blob.data)
        if data is None:
            found = describe_json(blob.data)
            raise WireFormatError(
                FROM,
                self._path(index, f"{at}/data"),
                f"must be base64 (standard or URL-safe); it is {found}",
            )
        source = Base64Source(media_type=media_type, data=data)
        if media_type.startswith("image/"):
            return ImageBlock(source=source)
        if media_type.startswith("audio/"):
            return AudioBlock(source=source)
        return DocumentBlock(source=source)

    def _file(self, index: int, part_index: int, file: gemini.FileData, at: str) -> UserBlock:
        media_type = file.mime_type
        self._keys(index, part_index, at, () if media_type is None else _MEDIA_TYPE_KEY)
        uri = file.file_uri
        if _GEMINI_FILE.match(uri):
            return DocumentBlock(source=FileSource(file_id=uri))
        source = UrlSource(url=uri)
        if type(media_type) is str and media_type.startswith("image/"):
            return ImageBlock(source=source)
        return DocumentBlock(source=source)

    # -- the values held (read at once) ----------------------------------------------------

    def _rest_held(self, part: gemini.RequestPart, read: tuple[str, ...]) -> tuple[str, ...]:
        """``_rest(part, read)``, the part's values held when it has keys not read."""
        rest = _rest(part, read)
        if rest:
            self._hold(part)
        return rest

    def _hold(self, part: gemini.RequestPart) -> None:
        """Hold the values kept as they came of a part not read whole (some may be read
        and held again: no matter)."""
        call, response, file = part.function_call, part.function_response, part.file_data
        if call is not None and call.args is not None:
            self._held.append(call.args)
        if response is not None:
            self._held.append(response.response)
            for item in response.parts or ():
                if item.file_data is not None:
                    self._hold_media_type(item.file_data.mime_type)
        if file is not None:
            self._hold_media_type(file.mime_type)

    def _hold_media_type(self, media_type: Any) -> None:
        if media_type is not None and type(media_type) is not str:  # a string is checked
            self._held.append(media_type)

    # -- bookkeeping -------------------------------------------------------------------

    def _keys(self, index: int, part_index: int, at: str, extra: tuple[str, ...] = ()) -> None:
        """PART_NOT_READ for each key of the object at ``at`` that its declaration does
        not know (``Decoded.unread``) and each ``extra`` declared key the reader does not
        take, in the object's order."""
        if not self._unread and not extra:
            return
        keys = self._unread.get(at, []) if self._unread else []
        if extra:
            keys = [*keys, *extra]
            if len(keys) > 1:
                if self._renamed is None:
                    raise _NotExact  # the checked read orders them
                order = list(_at(self._renamed, at))
                keys.sort(key=order.index)
        root = self._unit(index)[0]
        for key in keys:
            where = f"{at}/{escape_segment(key)}"
            self.warnings.add(
                Code.PART_NOT_READ,
                index,
                part_index,
                key_not_read(self._path(index, where)),
                path=to_pointer(root) + self._sent(where),
            )

    def _not_read(self, index: int, part_index: int, what: str, at: str) -> None:
        self.warnings.add(
            Code.PART_NOT_READ,
            index,
            part_index,
            not_read(what),
            path=to_pointer(self._unit(index)[0]) + self._sent(at),
        )

    def _unit(self, index: int) -> tuple[Path, Any]:
        """The path and the value as it came of the unit being read, content ``index``
        (``contents[index]`` when read at once) or the system instruction."""
        if self._units is None:
            return self._root_path, self._raw
        return ("contents", index), self._units[index]

    def _sent(self, at: str) -> str:
        """``at`` (a pointer into the renamed unit) as a pointer into the unit as it came."""
        return gemini.as_sent(at, self._spelled) if self._spelled else at

    def _spelling(self, part_index: int, key: str) -> str:
        """How the part at ``part_index`` spells its data key ``key`` (camelCase)."""
        if not self._spelled:
            return key
        return self._sent(f"/parts/{part_index}/{key}").rpartition("/")[2]

    def _path(self, index: int, at: str) -> Path:
        """The path (from the request field) of ``at``, its keys as they came."""
        root, raw = self._unit(index)
        path: Path = _at(raw, self._sent(at), path=True)
        return root + path

    def _raw_at(self, index: int, at: str) -> Any:
        """The value at ``at`` as it came."""
        return _at(self._unit(index)[1], self._sent(at))


def _model_text(
    text: str | None, thought: bool | None, signature: str | None
) -> TextBlock | ThinkingBlock:
    """The block of a model content's text part (empty: a part of only thought or
    thoughtSignature)."""
    if text is None:
        text = ""
    if thought:
        return ThinkingBlock(thinking=text, thought_signature=signature)
    return TextBlock(text=text, thought_signature=signature)


def _exact(values: list[Any]) -> bool:
    """Whether ``values``, each at the depth of a call's args, are what ``read_wire``
    takes as they are: one list one level up holds them all, one check."""
    held = Unchecked()
    held.add(_ARGUMENTS_DEPTH - 1, values)
    return held.exact(("contents",), offset=ARGUMENTS_OFFSET)


def _system_exact(system: Any) -> bool:
    """Whether a system instruction (read at once) is what ``read_wire`` takes as it is,
    the values its declaration keeps as they came (a part's args) included: checked
    whole, a value that small."""
    return exact_at(("systemInstruction",), system)


def _rest(value: Any, read: tuple[str, ...]) -> tuple[str, ...]:
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


def _paired(
    warnings: Warnings, unanswered: dict[str, list[str]], place: tuple[int, int, str], name: str
) -> str:
    """The id of the call a function response without an id at ``place`` answers (as
    ``_wire.FunctionResponse.id`` says); ``unanswered``: the calls no response answered
    yet, by name, updated. ``place``: the response's content and part indexes and its
    ``functionResponse`` key's spelling."""
    waiting = unanswered.get(name)
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


def _standard_base64(data: str) -> str | None:
    """``data`` as standard padded base64: as it is when it is, else decoded from the
    URL-safe and/or unpadded form and encoded again (the same bytes); None when it is
    not base64."""
    if _STANDARD.fullmatch(data):
        return data
    if _ANY_BASE64.fullmatch(data) and len(data) % 4 != 1:
        padded = data.replace("-", "+").replace("_", "/").rstrip("=")
        padded += "=" * (-len(padded) % 4)
        try:
            return base64.b64encode(base64.b64decode(padded, validate=True)).decode("ascii")
        except binascii.Error:
            pass
    return None


_STANDARD: Final = re.compile(
    r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{4}|[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)"
)
_ANY_BASE64: Final = re.compile(r"[A-Za-z0-9+/_-]+={0,2}")
