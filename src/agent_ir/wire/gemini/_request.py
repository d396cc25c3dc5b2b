"""Google Gemini: the IR to and from a ``generateContent`` request's ``contents``,
``systemInstruction`` and ``tools`` (``genai.Client().models.generate_content(model=...,
contents=fields["contents"], config=types.GenerateContentConfig(system_instruction=
fields["systemInstruction"], tools=fields["tools"]))``, or the REST body as it is).

``to_gemini(transcript)`` gives ``WireRequest.fields == {"contents": [...],
"systemInstruction": {"parts": [...]}, "tools": [...]}``, ``systemInstruction`` only
when the transcript has system messages, ``tools`` only when ``tools=`` holds
definitions (the mapping is ``_tools``'s; its warnings come first). Every key is
camelCase. Message by message:

- system: one ``{"text"}`` part of ``systemInstruction.parts`` per system message, in
  order. A system message after the first non-system message cannot keep its place:
  SYSTEM_MOVED (it becomes the next part).
- Prompt-cache breakpoints (``cacheControl`` of a system message, a block or a tool
  result) have no Gemini form (Gemini caches by ``cachedContent``, not breakpoints):
  CACHE_CONTROL_NOT_SENT at each. Citations of a text: CITATIONS_NOT_SENT.
- user -> ``{"role": "user", "parts": [...]}``: a string is one ``{"text"}`` part;
  text -> ``{"text", "thoughtSignature"?}``; a base64 image, audio or document ->
  ``{"inlineData": {"mimeType", "data"}}``; an image URL source holding a base64
  ``data:`` URL -> that ``inlineData``, another URL source (image or document) ->
  ``{"fileData": {"mimeType", "fileUri"}}``, the media type the URL's name gives
  (``.png``: ``image/png``, Python's built-in table); an image URL whose name gives no
  image type is sent without one, MEDIA_TYPE_CHANGED (it reads back as a document), a
  document URL whose name gives none or an image type likewise without one;
  a document file source whose ``fileId`` is a Gemini file (``files/...``, or a
  ``https://generativelanguage.googleapis.com/.../files/...`` URI) -> ``{"fileData":
  {"fileUri": fileId}}``, another provider's file id -> DOCUMENT_NOT_SENT. An image's
  ``detail``: IMAGE_DETAIL_NOT_SENT; a document's ``title``, ``context``,
  ``filename`` and ``citations``: DOCUMENT_DETAIL_NOT_SENT, one each at its field.
- assistant -> ``{"role": "model", "parts": [...]}``: text -> ``{"text",
  "thoughtSignature"?}``; thinking -> ``{"text", "thought": true,
  "thoughtSignature"?}`` (``text`` left out when the thinking is ``""``); a thinking
  block's ``signature`` (another provider's) is not sent: SIGNATURE_NOT_SENT at
  ``.../signature``; redacted thinking is not sent: THINKING_NOT_SENT; a tool call ->
  ``{"functionCall": {"id"?, "name", "args"}, "thoughtSignature"?}``, ``id`` written
  only when it is not one ``from_gemini`` made up (``_ids.is_made_up``); a refusal ->
  a text part, REFUSAL_AS_TEXT; server-tool blocks: SERVER_TOOL_NOT_SENT. Item ids and
  a call's ``namespace`` are other formats' bookkeeping: not sent, not warned about,
  like message ids, timestamps and a reply's metadata.
- tool results: consecutive tool-result messages become ONE user content of
  ``{"functionResponse": {"id"?, "name", "response", "parts"?}}`` parts: ``id`` the
  result's ``toolCallId`` unless made up, ``name`` its ``toolName`` (Gemini carries it:
  nothing to warn about). ``response`` from the result's text (a string, or its text
  blocks joined without a separator: block boundaries are not kept): an error result
  -> ``{"error": text}``; a text that is exactly the compact JSON text of an object
  (``json.dumps(obj, ensure_ascii=False, separators=(",", ":"))`` of its own parse,
  nested at most ``MAX_DEPTH``) and that does not itself read back as text (below) ->
  that object; any other text -> ``{"output": text}``. Image blocks of a result ->
  the ``parts`` of the functionResponse (Gemini 3 multimodal function responses),
  ``inlineData`` for base64, ``fileData`` for a URL.
- Every other message is its own content: consecutive user (or assistant) messages
  stay separate contents (Gemini joins them itself), so they read back one by one; a
  user message right after results is its own user content.
- A user or assistant message with no part to send is left out (the API refuses an
  empty ``parts``): MESSAGE_NOT_SENT, block index -1; results around it share a
  content.

``from_gemini(contents, *, system_instruction=None, tools=None)`` is the inverse:

- ``system_instruction``: a string is one system message; a ``Content`` object's
  ``parts`` each give a system message (a part other than ``{"text"}`` is
  PART_NOT_READ); its ``role`` (any string: the API ignores it) is not read and not
  warned about. System messages come first.
- Both spellings of every key are read (``functionCall``/``function_call``,
  ``thoughtSignature``/``thought_signature``, ``inlineData``/``inline_data``,
  ``mimeType``/``mime_type``, ``fileData``/``file_data``, ``fileUri``/``file_uri``...):
  the API reads both; when both are present the camelCase one is read and the other is
  PART_NOT_READ.
- A content's ``role`` is ``user`` or ``model``; absent (or null) it is ``user``, as
  the API takes it (it comes back written). ``parts`` must be a list (empty: a message
  with no blocks). Other keys: PART_NOT_READ.
- A part is read by its data key, the first of ``text``, ``functionCall``,
  ``functionResponse``, ``inlineData``, ``fileData`` it has: ``text`` (with
  ``thought: true``: a thinking block; ``thought: false`` is the default) and
  ``thoughtSignature`` (a string, kept byte for byte, never re-encoded: on a text,
  thinking or tool-call block); a part with only ``thought: true`` is thinking
  ``""``, one with only a ``thoughtSignature`` an empty text. A part with no data key
  the IR has (``executableCode``, ``codeExecutionResult``, ``toolCall``,
  ``toolResponse``...) is PART_NOT_READ as a whole; another key of a read part
  (``videoMetadata``, ``partMetadata``, ``mediaResolution``, a second data key) is
  PART_NOT_READ at its path.
- model: text, thinking and ``functionCall`` (``args``: the arguments, absent ``{}``;
  not an object: ``TranscriptError`` INVALID_TOOL_ARGUMENTS). A call without an ``id``
  gets ``_ids.request_call_id(content, part)`` with TOOL_CALL_ID_ADDED at its
  ``functionCall``. ``inlineData``, ``fileData`` and ``functionResponse`` parts:
  PART_NOT_READ (the IR's assistant holds none).
- user: ``inlineData {mimeType, data}`` -> an image (``image/...``), audio
  (``audio/...``) or a document (any other media type: PDF, text, video...) with a
  base64 source; ``data`` in URL-safe and/or unpadded base64 (as the official Python
  SDK sends it, and the API takes it) is re-encoded to the IR's standard padded base64,
  the same bytes; data that is base64 in neither alphabet is a ``WireFormatError``.
  ``fileData {fileUri}`` -> a document with a file source for a Gemini file, else an
  image (``image/...``) or a document with a URL source; its ``mimeType`` has no IR
  form (the IR's URL and file sources have none): PART_NOT_READ. ``displayName``:
  PART_NOT_READ. ``functionCall`` parts: PART_NOT_READ.
- ``functionResponse`` parts split a user content as Anthropic's ``tool_result``
  blocks do: each is a tool-result message, each run of other parts between them one
  user message, in order. ``name`` is the result's ``toolName``. With an ``id`` it
  answers that call; without one it answers the earliest earlier call of the same name
  no response answered yet (RESULT_PAIRED_BY_NAME at its ``functionResponse``); with
  none it gets ``request_call_id`` of its own place (TOOL_CALL_ID_ADDED;
  ``validate_transcript`` reports the orphan). ``response`` (an object, required) is
  read back exactly: ``{"error": s}`` alone with ``s`` a string -> text ``s`` with
  ``isError: true``; ``{"output": s}`` alone with ``s`` a string that is not the text
  ``to_gemini`` writes as an object -> text ``s``; anything else -> the compact JSON
  text of the whole object. ``parts`` (``inlineData`` images, ``fileData`` image URLs)
  -> the text block and the image blocks after it; other parts (audio, a PDF):
  PART_NOT_READ. ``willContinue``, ``scheduling``: PART_NOT_READ.
- ``WireFormatError`` (path from ``contents`` or ``systemInstruction``:
  ``contents[2].parts[0].functionCall.name``) for a value not of the request's shape:
  contents not a list, a content or part not an object, a role other than user and
  model, a missing or mistyped field, an unknown part. A read message the IR refuses (a
  blank name, arguments that are not an object) is a ``TranscriptError`` indexed by IR
  position. Message ids: ``assigned_id(position)``.
- Speed: ``contents`` that ``unchecked_wire`` takes are first read by ``_read_direct``
  straight into IR objects (text, thought and signed parts, calls and responses with
  or without ids, the system instruction: ``_DirectReader``); anything else in them
  (an image, an odd key, a wrong value) sends the whole request to ``_read_checked``,
  which gives the same result for what the direct path reads (``test_gemini_direct``)
  and explains the rest.

Round trips. IR -> Gemini -> IR keeps roles, order, text, thinking text, tool-call ids
(a made-up one is made up again from its place in the request: one ``from_gemini``
made comes back the same, one ``reply_from_gemini`` made, ``gemini_call_<responseId>_<n>``,
comes back as ``gemini_call_<content>_<part>``, its results following it) and arguments,
tool results (text and error flag exactly: the response mapping is a bijection),
signatures byte for byte, system messages one by one; it loses, with a warning each,
what is listed above, and without one: a result's text blocks come back as one string
(or a text block before its images), a ``data:`` image URL comes back as base64.
Gemini -> IR -> Gemini (a recorded request read and written back) is exact but for
what is warned and forms the API reads alike: snake_case keys come back camelCase, a
missing role comes back ``user``, the ``systemInstruction``'s role is left out, base64
comes back standard and padded, a content mixing function responses and other parts
comes back as consecutive contents, ``{"text": "", "thought": true}`` loses its empty
text, ``args`` absent comes back ``{}``, tools come back as one tool of
``parametersJsonSchema`` declarations.
"""

from __future__ import annotations

import base64
import binascii
import mimetypes
import re
from collections.abc import Callable
from itertools import chain, repeat
from typing import Any, Final

from agent_ir._fastpath import is_rereadable
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
from agent_ir._paths import Path, to_pointer
from agent_ir._text import quoted
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
    is_missing,
    key_not_read,
    must_be,
    must_be_one_of,
    not_read,
    parse_arguments,
    parse_data_url,
    plain_arguments,
    read_wire,
    transcript_items,
    unchecked_wire,
    wire_list,
    wire_object,
)
from agent_ir.wire._tools import read_with_tools, sent_tools
from agent_ir.wire.gemini import _ids
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
    """The ``response`` of a functionResponse for a result's text (the module
    docstring's mapping; ``response_text`` is its inverse)."""
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
        if type(output) is str and _object_text(output) is None:
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


def from_gemini(
    contents: object, *, system_instruction: object = None, tools: object = None
) -> WireMessages:
    """The IR messages of a Gemini request's ``contents`` (a list of ``Content``
    objects, as JSON values) and ``system_instruction`` (a ``Content`` object or a
    string; None for none), with a warning for each part that has no IR form.
    ``WireFormatError`` names the path of a value not of the request's shape;
    ``TranscriptError`` lists the read messages the IR refuses (indexes: IR positions).

    ``tools``: the request's ``tools`` (a list of ``Tool`` objects; None: none read,
    the result's ``tools`` is None), read into the result's ``tools`` (``_tools``);
    their warnings come first."""
    return read_with_tools(
        FROM, tools, read_gemini_tools, lambda: _read_contents(contents, system_instruction)
    )


def _read_contents(contents: object, system_instruction: object) -> WireMessages:
    unchecked = unchecked_wire(contents)
    if unchecked is not None:
        read = _read_direct(unchecked, system_instruction)
        if read is not None:
            return read
    return _read_checked(contents, system_instruction)


def _read_checked(contents: object, system_instruction: object) -> WireMessages:
    """``from_gemini``'s messages and warnings (without tools), read the checked way:
    the input copied by ``read_wire``, every part read by ``_Reader``, and the result
    converted by ``ir_messages``. ``_read_direct`` gives exactly this, faster, for the
    inputs it takes."""
    wire = read_wire(FROM, contents, ("contents",), offset=ARGUMENTS_OFFSET)
    if type(wire) is not list:
        raise must_be(FROM, ("contents",), "a list of contents", wire)
    reader = _Reader()
    if system_instruction is not None:
        path = ("systemInstruction",)
        reader.system(read_wire(FROM, system_instruction, path), path)
    for index, entry in enumerate(wire):
        reader.content(index, entry, ("contents", index))
    return WireMessages(ir_messages(reader.messages), reader.warnings.all())


def _read_direct(wire: list[Any], system_instruction: object) -> WireMessages | None:
    """``_read_checked``'s result for ``unchecked_wire`` input whose every content is of
    a common shape (``_DirectReader``), built as IR objects at once; None for any other
    input, or any failure, for ``from_gemini`` to read it the checked way (which reports
    what is wrong, and warns about what has no IR form, as it always did)."""
    if not exact_dicts(wire):
        return None
    # Every content's parts a list, every part a dict with str keys: checked across
    # all of them at once (C loops) before any part is looked into.
    parts: list[Any] = list(map(dict.get, wire, repeat("parts")))
    if not set(map(type, parts)) <= _LIST or not exact_dicts(list(chain.from_iterable(parts))):
        return None
    try:
        reader = _DirectReader()
        if system_instruction is not None and not reader.system(system_instruction):
            return None
        for index, entry in enumerate(wire):
            if not reader.content(index, entry):
                return None
        if not reader.unchecked.exact(("contents",), offset=ARGUMENTS_OFFSET):
            return None
        reader.answer()
        converted = reader.direct.messages(reader.messages)
    except Exception:  # any failure: read again, checked, to report it
        return None
    return None if converted is None else WireMessages(converted, reader.warnings.all())


# The parts the direct path reads, by their keys: (kind, its data key, the key of its
# signature). A text part may have no text when it has a ``thought`` or a signature.
_DirectShape = tuple[str, str | None, str | None]


def _direct_shapes() -> dict[frozenset[str], _DirectShape]:
    shapes: dict[frozenset[str], _DirectShape] = {}
    for signature in (None, "thoughtSignature", "thought_signature"):
        signed = () if signature is None else (signature,)
        for thought in ((), ("thought",)):
            shapes[frozenset(("text", *thought, *signed))] = ("text", "text", signature)
            if thought or signed:
                shapes[frozenset((*thought, *signed))] = ("text", None, signature)
        for key in ("functionCall", "function_call"):
            shapes[frozenset((key, *signed))] = ("functionCall", key, signature)
    for key in ("functionResponse", "function_response"):
        shapes[frozenset((key,))] = ("functionResponse", key, None)
    return shapes


_DIRECT_SHAPES: Final = _direct_shapes()
_LIST: Final = frozenset((list,))
_CONTENT_KEYS: Final = frozenset(("role", "parts"))
_CALL_KEYS: Final = frozenset(("id", "name", "args"))
_RESPONSE_KEYS: Final = frozenset(("id", "name", "response"))
# The depth of a call's args (and a response's response) below ``contents``:
# contents/<i>/parts/<j>/functionCall/args.
_ARGUMENTS_DEPTH: Final = 5


class _DirectReader:
    """Reads what ``_Reader`` reads with no warning but TOOL_CALL_ID_ADDED and
    RESULT_PAIRED_BY_NAME (made by the same functions, at the same places) straight
    into IR objects: contents of ``role`` (user, model or null) and ``parts`` only;
    text and thought parts (``text``, ``thought``, a non-empty signature in either
    spelling: the ``_DIRECT_SHAPES``), model ``functionCall`` parts (``id``, ``name``,
    an ``args`` object or none), user ``functionResponse`` parts (``id``, ``name``,
    ``response`` only); a system instruction that is a string, or ``role`` and
    ``parts`` of text parts. Every dict looked into has exact ``str`` keys
    (``exact_dicts``, ``exact_keys``) and every value read is of its exact type; what
    is not read (the arguments, the responses but a one-string object) is checked by
    ``unchecked`` at the end. The text of such a response is made by ``answer`` after
    that check: its message is held as None in ``messages`` until then."""

    def __init__(self) -> None:
        self.messages: list[Any] = []
        self.warnings = Warnings("/contents")
        self.direct = Direct()
        self.unchecked = Unchecked()
        self._unanswered: dict[str, list[str]] = {}
        self._responses: list[tuple[int, str, str, Wire]] = []

    def system(self, value: object) -> bool:
        if not is_rereadable([value]):
            return False
        if type(value) is str:
            self.messages.append(SystemMessage(id=assigned_id(0), content=value))
            return True
        if type(value) is not dict or not exact_keys(value) or not value.keys() <= _CONTENT_KEYS:
            return False
        role, parts = value.get("role"), value.get("parts")
        if (role is not None and type(role) is not str) or type(parts) is not list:
            return False
        if not exact_dicts(parts):
            return False
        for part in parts:
            text = part.get("text")
            if len(part) != 1 or type(text) is not str:
                return False
            self.messages.append(SystemMessage(id=assigned_id(len(self.messages)), content=text))
        return True

    def content(self, index: int, entry: Wire) -> bool:
        """Whether ``entry`` (its ``parts`` a list of dicts with str keys) was read (its
        messages appended)."""
        if not entry.keys() <= _CONTENT_KEYS:
            return False
        role, parts = entry.get("role"), entry["parts"]
        if role is None:
            return self._user(index, parts)
        if type(role) is not str:
            return False
        if role == "model":
            return self._model(index, parts)
        return role == "user" and self._user(index, parts)

    def _model(self, index: int, parts: list[Wire]) -> bool:
        blocks: list[Any] = []
        for part_index, part in enumerate(parts):
            block: TextBlock | ThinkingBlock | ToolCallBlock | None
            if len(part) == 1 and type(text := part.get("text")) is str:
                block = TextBlock(text=text)
            elif len(part) == 1 and "functionCall" in part:
                block = self._call(index, part_index, "functionCall", part["functionCall"], None)
            else:
                block = self._model_part(index, part_index, part)
            if block is None:
                return False
            blocks.append(block)
        message_id = assigned_id(len(self.messages))
        self.messages.append(AssistantMessage(id=message_id, content=tuple(blocks)))
        return True

    def _model_part(
        self, index: int, part_index: int, part: Wire
    ) -> TextBlock | ThinkingBlock | ToolCallBlock | None:
        shape = _DIRECT_SHAPES.get(frozenset(part))
        if shape is None:
            return None
        kind, key, signature_key = shape
        if kind == "text":
            return _direct_text(part, key, signature_key, thinking=True)
        signature = _direct_signature(part, signature_key)
        if kind == "functionCall" and key is not None and signature != "":
            return self._call(index, part_index, key, part[key], signature)
        return None

    def _user(self, index: int, parts: list[Wire]) -> bool:
        # As _Reader._user: each response is a message, each run of other parts one.
        run: list[Any] | None = None
        produced = False
        for part_index, part in enumerate(parts):
            key = _response_key(part)
            if key is not None:
                if run is not None:
                    self._user_message(run)
                    run = None
                if not self._response(index, part_index, key, part[key]):
                    return False
                produced = True
                continue
            block = _user_text(part)
            if block is None:
                return False
            if run is None:
                run = [block]
            else:
                run.append(block)
        if run is not None:
            self._user_message(run)
        elif not produced:
            self._user_message([])
        return True

    def _user_message(self, blocks: list[Any]) -> None:
        message_id = assigned_id(len(self.messages))
        self.messages.append(UserMessage(id=message_id, content=tuple(blocks)))

    def _call(
        self, index: int, part_index: int, key: str, call: Any, signature: str | None
    ) -> ToolCallBlock | None:
        if type(call) is not dict or not exact_keys(call):
            return None
        if not call.keys() <= _CALL_KEYS:
            return None
        call_id, name, arguments = call.get("id"), call.get("name"), call.get("args")
        if type(name) is not str:
            return None
        if call_id is None:
            call_id = _made_up_call_id(self.warnings, index, part_index, key)
        elif type(call_id) is not str:
            return None
        if arguments is None:
            held = self.direct.arguments({})
        elif type(arguments) is dict:
            self.unchecked.add(_ARGUMENTS_DEPTH, arguments)
            held = self.direct.input(arguments)
        else:
            return None
        self.direct.non_blank(call_id, name)
        self._unanswered.setdefault(name, []).append(call_id)
        return ToolCallBlock(id=call_id, name=name, arguments=held, thought_signature=signature)

    def _response(self, index: int, part_index: int, key: str, response: Any) -> bool:
        if type(response) is not dict or not exact_keys(response):
            return False
        if not response.keys() <= _RESPONSE_KEYS:
            return False
        call_id, name, body = response.get("id"), response.get("name"), response.get("response")
        if type(name) is not str or type(body) is not dict:
            return False
        if call_id is not None and type(call_id) is not str:
            return False
        place = (index, part_index, key)
        call_id = _answered(self.warnings, self._unanswered, place, call_id, name)
        self.direct.non_blank(call_id, name)
        position = len(self.messages)
        if len(body) == 1 and exact_keys(body) and type(next(iter(body.values()))) is str:
            # {"output": s}, {"error": s}...: nothing left to check.
            self.messages.append(_direct_result(position, call_id, name, body))
            return True
        self.unchecked.add(_ARGUMENTS_DEPTH, body)
        self._responses.append((position, call_id, name, body))
        self.messages.append(None)
        return True

    def answer(self) -> None:
        """The tool-result messages of the responses held (their objects checked)."""
        for position, call_id, name, body in self._responses:
            self.messages[position] = _direct_result(position, call_id, name, body)


def _direct_result(position: int, call_id: str, name: str, body: Wire) -> ToolResultMessage:
    text, is_error = response_text(body)
    return ToolResultMessage(
        id=assigned_id(position),
        tool_call_id=call_id,
        tool_name=name,
        content=text,
        is_error=is_error,
    )


def _response_key(part: Wire) -> str | None:
    """The key of a part that is a function response alone, in either spelling."""
    if len(part) != 1:
        return None
    if "functionResponse" in part:
        return "functionResponse"
    return "function_response" if "function_response" in part else None


def _user_text(part: Wire) -> TextBlock | ThinkingBlock | None:
    """The block of a text part of a user content; None when it is not read directly."""
    if len(part) == 1 and type(text := part.get("text")) is str:
        return TextBlock(text=text)
    shape = _DIRECT_SHAPES.get(frozenset(part))
    if shape is None or shape[0] != "text":
        return None
    return _direct_text(part, shape[1], shape[2], thinking=False)


def _direct_signature(part: Wire, key: str | None) -> str | None:
    """The part's signature (None: none); ``""`` when it is not a non-empty string (the
    caller falls back: ``_Reader`` reports it)."""
    signature = None if key is None else part[key]
    if signature is None:
        return None
    return signature if type(signature) is str else ""


def _direct_text(
    part: Wire, key: str | None, signature_key: str | None, *, thinking: bool
) -> TextBlock | ThinkingBlock | None:
    """The block of a text part (``key``: ``text``, or None when the part has none);
    None when it is not read directly."""
    text = "" if key is None else part[key]
    thought = part.get("thought")
    signature = _direct_signature(part, signature_key)
    if type(text) is not str or signature == "":
        return None
    if thought is None:
        if key is None and signature is None:
            return None  # no key but nulls: PART_NOT_READ
    elif type(thought) is not bool or (thought and not thinking):
        return None
    if thought:
        return ThinkingBlock(thinking=text, thought_signature=signature)
    return TextBlock(text=text, thought_signature=signature)


# Each key's snake_case spelling, read as its camelCase one.
_CAMEL: Final = {
    "function_call": "functionCall",
    "function_response": "functionResponse",
    "thought_signature": "thoughtSignature",
    "inline_data": "inlineData",
    "file_data": "fileData",
    "mime_type": "mimeType",
    "file_uri": "fileUri",
    "display_name": "displayName",
    "video_metadata": "videoMetadata",
    "will_continue": "willContinue",
    "executable_code": "executableCode",
    "code_execution_result": "codeExecutionResult",
    "part_metadata": "partMetadata",
    "media_resolution": "mediaResolution",
}
_DATA_KEYS: Final = ("text", "functionCall", "functionResponse", "inlineData", "fileData")


class _Reader:
    """The IR messages (JSON form) read so far, their warnings, and the calls no
    response answered yet, by name (for the responses without an id)."""

    def __init__(self) -> None:
        self.messages: list[Wire] = []
        self.warnings = Warnings("/contents")
        self._unanswered: dict[str, list[str]] = {}

    # -- the system instruction ------------------------------------------------------------

    def system(self, value: Any, path: Path) -> None:
        if type(value) is str:
            self._append({"role": "system", "content": value})
            return
        value = _object(value, path)
        keys = self._keys(value, 0, -1, path)
        role = value.get(keys.get("role", "role"))
        if role is not None and type(role) is not str:
            raise must_be(FROM, (*path, "role"), "a string", role)
        self._unread(value, keys, {"role", "parts"}, 0, -1, path)
        parts_key = keys.get("parts")
        if parts_key is None:
            raise is_missing(FROM, (*path, "parts"))
        parts = wire_list(FROM, value[parts_key], (*path, parts_key))
        for part_index, part in enumerate(parts):
            where = (*path, parts_key, part_index)
            part = _object(part, where)
            part_keys = self._keys(part, 0, part_index, where)
            if "text" not in part_keys:
                self._not_read(0, part_index, "a system instruction part without text", where)
                continue
            self._unread(part, part_keys, {"text"}, 0, part_index, where)
            self._append({"role": "system", "content": _string(part, "text", where)})

    # -- contents ------------------------------------------------------------------------

    def content(self, index: int, entry: Any, path: Path) -> None:
        entry = _object(entry, path)
        keys = self._keys(entry, index, -1, path)
        role = entry.get(keys.get("role", "role"))
        if role is None:
            role = "user"
        if type(role) is not str or role not in ("user", "model"):
            raise must_be_one_of(FROM, (*path, "role"), ("user", "model"), role)
        self._unread(entry, keys, {"role", "parts"}, index, -1, path)
        parts_key = keys.get("parts")
        if parts_key is None:
            raise is_missing(FROM, (*path, "parts"))
        parts = wire_list(FROM, entry[parts_key], (*path, parts_key))
        if role == "model":
            self._model(index, parts, (*path, parts_key))
        else:
            self._user(index, parts, (*path, parts_key))

    def _model(self, index: int, parts: list[Any], path: Path) -> None:
        blocks = []
        for part_index, part in enumerate(parts):
            where = (*path, part_index)
            read = self._part(index, part_index, part, where)
            if read is None:
                continue
            kind, value, keys = read
            if kind == "text":
                blocks.append(self._text(index, part_index, value, keys, where, thinking=True))
            elif kind == "functionCall":
                blocks.append(self._call(index, part_index, value, keys, where))
            else:
                self._not_read(index, part_index, f"a {kind} part in a model content", where)
        self._append({"role": "assistant", "content": blocks})

    def _user(self, index: int, parts: list[Any], path: Path) -> None:
        run: list[Wire] | None = None
        produced = False
        for part_index, part in enumerate(parts):
            where = (*path, part_index)
            read = self._part(index, part_index, part, where)
            if read is None:
                continue
            kind, value, keys = read
            if kind == "functionResponse":
                produced |= self._flush(run)
                run = None
                self._response(index, part_index, value, keys, where)
                produced = True
                continue
            run = [] if run is None else run
            block = self._user_block(index, part_index, kind, value, keys, where)
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
        self, index: int, part_index: int, kind: str, part: Wire, keys: dict[str, str], path: Path
    ) -> Wire | None:
        if kind == "text":
            return self._text(index, part_index, part, keys, path, thinking=False)
        if kind == "inlineData":
            self._unread(part, keys, {kind}, index, part_index, path)
            return self._inline(index, part_index, part[keys[kind]], (*path, keys[kind]))
        if kind == "fileData":
            self._unread(part, keys, {kind}, index, part_index, path)
            return self._file(index, part_index, part[keys[kind]], (*path, keys[kind]))
        self._not_read(index, part_index, f"a {kind} part in a user content", path)
        return None

    # -- parts -----------------------------------------------------------------------------

    def _part(
        self, index: int, part_index: int, part: Any, path: Path
    ) -> tuple[str, Wire, dict[str, str]] | None:
        """(its data key, the part, its keys by camelCase name); None (PART_NOT_READ)
        for a part with no data key the IR has."""
        part = _object(part, path)
        keys = self._keys(part, index, part_index, path)
        kind = next((key for key in _DATA_KEYS if key in keys), None)
        if kind is None:
            if "thought" in keys or "thoughtSignature" in keys:
                return "text", part, keys
            named = ", ".join(quoted(key) for key in part) or "no key"
            self._not_read(index, part_index, f"a part of {named}", path)
            return None
        return kind, part, keys

    def _text(
        self,
        index: int,
        part_index: int,
        part: Wire,
        keys: dict[str, str],
        path: Path,
        *,
        thinking: bool,
    ) -> Wire:
        read = {"text", "thoughtSignature", "thought"} if thinking else {"text", "thoughtSignature"}
        self._unread(part, keys, read, index, part_index, path)
        text = _string(part, keys["text"], path) if "text" in keys else ""
        thought = part.get(keys.get("thought", "thought"))
        if thought is not None and type(thought) is not bool:
            raise must_be(FROM, (*path, "thought"), "a boolean", thought)
        block: Wire = (
            {"type": "thinking", "thinking": text}
            if thinking and thought
            else {"type": "text", "text": text}
        )
        return self._signature(block, part, keys, path)

    def _signature(self, block: Wire, part: Wire, keys: dict[str, str], path: Path) -> Wire:
        key = keys.get("thoughtSignature")
        if key is not None and part[key] is not None:
            block["thoughtSignature"] = _string(part, key, path)
        return block

    def _call(
        self, index: int, part_index: int, part: Wire, keys: dict[str, str], path: Path
    ) -> Wire:
        self._unread(part, keys, {"functionCall", "thoughtSignature"}, index, part_index, path)
        where = (*path, keys["functionCall"])
        call = _object(part[keys["functionCall"]], where)
        call_keys = self._keys(call, index, part_index, where)
        self._unread(call, call_keys, {"id", "name", "args"}, index, part_index, where)
        name = _string(call, "name", where)
        call_id = call.get("id")
        if call_id is None:
            call_id = _made_up_call_id(self.warnings, index, part_index, keys["functionCall"])
        elif type(call_id) is not str:
            raise must_be(FROM, (*where, "id"), "a string", call_id)
        arguments = call.get("args")
        self._unanswered.setdefault(name, []).append(call_id)
        block = {
            "type": "toolCall",
            "id": call_id,
            "name": name,
            "arguments": {} if arguments is None else arguments,
        }
        return self._signature(block, part, keys, path)

    def _response(
        self, index: int, part_index: int, part: Wire, keys: dict[str, str], path: Path
    ) -> None:
        self._unread(part, keys, {"functionResponse"}, index, part_index, path)
        where = (*path, keys["functionResponse"])
        response = _object(part[keys["functionResponse"]], where)
        response_keys = self._keys(response, index, part_index, where)
        known = {"id", "name", "response", "parts"}
        self._unread(response, response_keys, known, index, part_index, where)
        name = _string(response, "name", where)
        call_id = response.get("id")
        if call_id is not None and type(call_id) is not str:
            raise must_be(FROM, (*where, "id"), "a string", call_id)
        place = (index, part_index, keys["functionResponse"])
        call_id = _answered(self.warnings, self._unanswered, place, call_id, name)
        if response.get("response") is None:
            raise is_missing(FROM, (*where, "response"))
        text, is_error = response_text(_object(response["response"], (*where, "response")))
        content: Any = text
        parts = response.get("parts")
        if parts is not None:
            images = self._response_parts(index, part_index, parts, (*where, "parts"))
            content = [{"type": "text", "text": text}, *images]
        self._append(
            {
                "role": "toolResult",
                "toolCallId": call_id,
                "toolName": name,
                "content": content,
                "isError": is_error,
            }
        )

    def _response_parts(self, index: int, part_index: int, value: Any, path: Path) -> list[Wire]:
        images = []
        for position, item in enumerate(wire_list(FROM, value, path)):
            where = (*path, position)
            item = _object(item, where)
            keys = self._keys(item, index, part_index, where)
            kind = next((key for key in ("inlineData", "fileData") if key in keys), None)
            if kind is None:
                self._not_read(index, part_index, "a function response part", where)
                continue
            self._unread(item, keys, {kind}, index, part_index, where)
            key_path = (*where, keys[kind])
            read = (self._inline if kind == "inlineData" else self._file)(
                index, part_index, item[keys[kind]], key_path
            )
            if read is not None and read["type"] == "image":
                images.append(read)
            elif read is not None:
                self._not_read(index, part_index, "a function response part not an image", where)
        return images

    def _inline(self, index: int, part_index: int, value: Any, path: Path) -> Wire:
        blob = _object(value, path)
        keys = self._keys(blob, index, part_index, path)
        self._unread(blob, keys, {"mimeType", "data"}, index, part_index, path)
        media_type = _string(blob, keys.get("mimeType", "mimeType"), path)
        data = _standard_base64(_string(blob, "data", path), (*path, "data"))
        source = {"type": "base64", "mediaType": media_type, "data": data}
        return {"type": _media_kind(media_type), "source": source}

    def _file(self, index: int, part_index: int, value: Any, path: Path) -> Wire:
        file = _object(value, path)
        keys = self._keys(file, index, part_index, path)
        self._unread(file, keys, {"fileUri"}, index, part_index, path)
        uri = _string(file, keys.get("fileUri", "fileUri"), path)
        media_type = file.get(keys.get("mimeType", "mimeType"))
        if _GEMINI_FILE.match(uri):
            return {"type": "document", "source": {"type": "file", "fileId": uri}}
        kind = (
            "image" if type(media_type) is str and media_type.startswith("image/") else "document"
        )
        return {"type": kind, "source": {"type": "url", "url": uri}}

    # -- bookkeeping -------------------------------------------------------------------

    def _keys(self, value: Wire, index: int, part_index: int, path: Path) -> dict[str, str]:
        """The keys of ``value`` by their camelCase name (null values left out); a
        snake_case key beside its camelCase twin is PART_NOT_READ."""
        keys: dict[str, str] = {}
        for key, item in value.items():
            if item is None:
                continue
            name = _CAMEL.get(key, key)
            if name in keys:
                twin = key if key != name else keys[name]
                keys[name] = name
                self._key_not_read(index, part_index, (*path, twin))
                continue
            keys[name] = key
        return keys

    def _unread(
        self,
        value: Wire,
        keys: dict[str, str],
        read: set[str],
        index: int,
        part_index: int,
        path: Path,
    ) -> None:
        """PART_NOT_READ for each key of ``value`` (``keys``) not in ``read`` (but
        ``thought: false``, the default)."""
        for name, key in keys.items():
            if name in read or (name == "thought" and value[key] is False):
                continue
            self._key_not_read(index, part_index, (*path, key))

    def _key_not_read(self, index: int, part_index: int, path: Path) -> None:
        self.warnings.add(
            Code.PART_NOT_READ, index, part_index, key_not_read(path), path=to_pointer(path)
        )

    def _not_read(self, index: int, part_index: int, what: str, path: Path) -> None:
        self.warnings.add(
            Code.PART_NOT_READ, index, part_index, not_read(what), path=to_pointer(path)
        )

    def _append(self, message: Wire) -> None:
        message["id"] = assigned_id(len(self.messages))
        self.messages.append(message)


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
    """The id of the call the function response at ``place`` answers (see the module
    docstring); ``unanswered``: the calls no response answered yet, by name, updated.
    ``place``: the response's content and part indexes and its ``functionResponse``
    key's spelling."""
    waiting = unanswered.get(name, [])
    if call_id is not None:
        if call_id in waiting:
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
    raise WireFormatError(FROM, path, "must be base64 (standard or URL-safe)")


_STANDARD: Final = re.compile(
    r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{4}|[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)"
)
_ANY_BASE64: Final = re.compile(r"[A-Za-z0-9+/_-]+={0,2}")


def _object(value: Any, path: Path) -> Wire:
    return wire_object(FROM, value, path)


def _string(value: Wire, key: str, path: Path) -> str:
    if key not in value:
        raise is_missing(FROM, (*path, _CAMEL.get(key, key)))
    found = value[key]
    if type(found) is not str:
        raise must_be(FROM, (*path, key), "a string", found)
    return found
