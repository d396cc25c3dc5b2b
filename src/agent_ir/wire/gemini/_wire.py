"""Gemini, declared once: the ``GenerateContentResponse`` that ``reply_from_gemini``,
``GeminiStream`` and ``AsyncGeminiStream`` decode, and the request's ``contents``,
``systemInstruction`` and ``tools`` that ``from_gemini`` decodes
(``agent_ir.wire._decode``). The field descriptions are the format's spec; a key that is
not declared is a PART_NOT_READ warning.

Gemini's parts carry no ``type``: a part is known by the key it holds, so a part
declares every kind it may be and the reader sorts them.

Names: the API writes camelCase (the declarations' names) and reads snake_case too, as
an SDK object's ``model_dump(mode="json")`` writes it. ``decode_camel`` reads both: when
the one-pass decode fails, the declared keys that came in snake_case are renamed to
their camelCase once (a camelCase key that is there too and not null wins, and the
snake_case one is then an undeclared key), and the renamed value is decoded; a refusal
names the keys as they came.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal, NamedTuple

import msgspec
from msgspec import inspect as mi

from agent_ir.wire._decode import Count, Decoded, Decoder, WireError, WireStruct, pointer
from agent_ir.wire._decode import doc as _doc

__all__ = [
    "Blob",
    "Candidate",
    "Content",
    "FileData",
    "FunctionCall",
    "FunctionDeclaration",
    "FunctionResponse",
    "FunctionResponsePart",
    "GenerateContentResponse",
    "Part",
    "PromptFeedback",
    "Request",
    "RequestContent",
    "RequestFunctionCall",
    "RequestPart",
    "Response",
    "SystemInstruction",
    "Tool",
    "UsageMetadata",
    "as_sent",
    "decode_camel",
    "decode_response",
]

JsonObject = dict[str, Any]


class Camel(WireStruct, rename="camel"):
    """A Gemini object: its keys are the camelCase of the field names."""


# --- parts --------------------------------------------------------------------------


class FunctionCall(Camel):
    """A call of one of the request's functions; it arrives whole in one part."""

    name: Annotated[
        str | None, _doc("The function's name: a non-empty string (a call in pieces: any).")
    ] = None
    args: Annotated[JsonObject | None, _doc("The arguments (absent or null: {}).")] = None
    id: Annotated[
        str | None, _doc("The call's id (absent or blank: gemini_call_<responseId>_<n>).")
    ] = None
    partial_args: Annotated[
        Any, _doc("Vertex's arguments streamed in pieces: the call is PART_NOT_READ.")
    ] = None
    will_continue: Annotated[
        Any, _doc("true: more pieces of this call follow; the call is PART_NOT_READ.")
    ] = None


class Part(Camel):
    """One part of the candidate's content. Its kind is the key it holds: ``text``
    (``thought`` true: reasoning), ``functionCall``, or another kind (no IR form: the
    part is PART_NOT_READ); a part with none of them (only a ``thoughtSignature``) is an
    empty text part."""

    thought_signature: Annotated[
        str | None, _doc("Gemini's signature of the part (base64), sent back as it came.")
    ] = None
    function_call: Annotated[FunctionCall | None, _doc("A call of a function.")] = None
    text: Annotated[str | None, _doc("Text, or reasoning when thought is true.")] = None
    thought: Annotated[Any, _doc("true: the text is the model's reasoning.")] = None
    executable_code: Annotated[Any, _doc("Code the model wrote to run; no IR form.")] = None
    code_execution_result: Annotated[Any, _doc("The code's result; no IR form.")] = None
    inline_data: Annotated[Any, _doc("Inline bytes (an image model's picture); no IR form.")] = None
    file_data: Annotated[Any, _doc("A file by URI; no IR form.")] = None
    function_response: Annotated[Any, _doc("A function's result; no IR form.")] = None
    tool_call: Annotated[Any, _doc("A server-side tool's call; no IR form.")] = None
    tool_response: Annotated[Any, _doc("A server-side tool's result; no IR form.")] = None
    audio_transcription: Annotated[Any, _doc("A transcription of audio; no IR form.")] = None
    part_metadata: Annotated[Any, _doc("Metadata of the part; not read, not warned.")] = None
    media_resolution: Annotated[Any, _doc("The media's resolution; not read, not warned.")] = None
    video_metadata: Annotated[Any, _doc("Video metadata; not read, not warned.")] = None
    media_processing: Annotated[Any, _doc("How media is processed; no IR form.")] = None
    speech_metadata: Annotated[Any, _doc("Speech synthesis metadata; no IR form.")] = None
    document_metadata: Annotated[Any, _doc("Document metadata; no IR form.")] = None
    spreadsheet_metadata: Annotated[Any, _doc("Spreadsheet metadata; no IR form.")] = None
    audio_metadata: Annotated[Any, _doc("Audio metadata; no IR form.")] = None


class Content(Camel):
    """The candidate's content."""

    parts: Annotated[
        list[Part] | None, _doc("The parts, in order (a stream: this chunk's pieces).")
    ] = None
    role: Annotated[Any, _doc("Always 'model'; not read.")] = None


# --- candidates ---------------------------------------------------------------------


class Candidate(Camel):
    """One candidate reply; the one of index 0 is read, any other is CHOICES_NOT_READ."""

    index: Annotated[
        Count | None, _doc("The candidate's index (absent: its place in the list).")
    ] = None
    content: Annotated[Content | None, _doc("The content (a stream: this chunk's).")] = None
    finish_reason: Annotated[
        str | None,
        _doc(
            "Set on the last chunk: STOP (stop, or tool call after calls), MAX_TOKENS"
            " (length), a filter or anything else (error, warned with finishMessage)."
        ),
    ] = None
    finish_message: Annotated[
        str | None, _doc("Why the reply ended; kept in the warning of an error finish.")
    ] = None
    grounding_metadata: Annotated[
        Any, _doc("Sources of a grounded reply; no IR form: PART_NOT_READ, once.")
    ] = None
    citation_metadata: Annotated[
        Any, _doc("Sources the text recites; no IR form: PART_NOT_READ, once.")
    ] = None
    url_context_metadata: Annotated[
        Any, _doc("URLs the url_context tool read; no IR form: PART_NOT_READ, once.")
    ] = None
    safety_ratings: Annotated[Any, _doc("Safety ratings; not read, not warned.")] = None
    avg_logprobs: Annotated[Any, _doc("Average log probability; not warned.")] = None
    logprobs_result: Annotated[Any, _doc("Log probabilities; not warned.")] = None
    token_count: Annotated[Any, _doc("Tokens of the candidate; not warned.")] = None
    grounding_attributions: Annotated[Any, _doc("Attributions (GenerateAnswer); not warned.")] = (
        None
    )
    continuation_token: Annotated[
        Any, _doc("A token to continue a CONTINUATION finish; not warned.")
    ] = None


# --- usage and prompt feedback ------------------------------------------------------


class UsageMetadata(Camel):
    """Token counts so far (cumulative: the last report is the reply's). Input is
    promptTokenCount + toolUsePromptTokenCount; output candidatesTokenCount +
    thoughtsTokenCount; a missing count is 0."""

    prompt_token_count: Annotated[Count | None, _doc("Prompt tokens, cached content included.")] = (
        None
    )
    tool_use_prompt_token_count: Annotated[
        Count | None, _doc("Tokens of the results of tools the server ran (input).")
    ] = None
    candidates_token_count: Annotated[Count | None, _doc("Tokens of the reply's text.")] = None
    thoughts_token_count: Annotated[
        Count | None, _doc("Reasoning tokens (output, and the reasoning count).")
    ] = None
    cached_content_token_count: Annotated[
        Count | None, _doc("Prompt tokens read from the cache.")
    ] = None
    total_token_count: Annotated[Any, _doc("The sum of the counts; not warned.")] = None
    prompt_tokens_details: Annotated[Any, _doc("Prompt tokens by modality; not warned.")] = None
    candidates_tokens_details: Annotated[Any, _doc("Output by modality; not warned.")] = None
    cache_tokens_details: Annotated[Any, _doc("Cached tokens by modality; not warned.")] = None
    tool_use_prompt_tokens_details: Annotated[Any, _doc("Tool input by modality.")] = None
    traffic_type: Annotated[Any, _doc("Vertex's traffic type; not warned.")] = None
    service_tier: Annotated[Any, _doc("The service tier; not warned.")] = None


class PromptFeedback(Camel):
    """Why the prompt was blocked (a chunk without candidates)."""

    block_reason: Annotated[
        str | None, _doc("Set: the prompt was blocked, the reply ends with error.")
    ] = None
    block_reason_message: Annotated[str | None, _doc("Why; kept in the warning of the block.")] = (
        None
    )
    safety_ratings: Annotated[Any, _doc("The prompt's safety ratings; not warned.")] = None


# --- the response -------------------------------------------------------------------


class GenerateContentResponse(Camel):
    """A reply of ``generateContent``, or one chunk of ``streamGenerateContent``."""

    error: Annotated[
        Any,
        _doc(
            "A failure ({code, message, status}): PROVIDER_TRANSPORT_ERROR, read before"
            " anything else."
        ),
    ] = None
    response_id: Annotated[
        str | None, _doc("The reply's id (absent or blank: the request id stands for it).")
    ] = None
    usage_metadata: Annotated[UsageMetadata | None, _doc("Token counts so far.")] = None
    candidates: Annotated[list[Candidate] | None, _doc("The candidate replies.")] = None
    prompt_feedback: Annotated[PromptFeedback | None, _doc("Set when the prompt was blocked.")] = (
        None
    )
    model_version: Annotated[Any, _doc("The model that answered; not warned.")] = None
    create_time: Annotated[Any, _doc("Vertex's creation time; not warned.")] = None
    model_status: Annotated[Any, _doc("The model's status; not warned.")] = None
    sdk_http_response: Annotated[
        Any, _doc("An SDK object's HTTP response (its model_dump); not warned.")
    ] = None
    automatic_function_calling_history: Annotated[
        Any, _doc("The SDK's automatic function calling turns; not warned.")
    ] = None
    parsed: Annotated[Any, _doc("The SDK's parsed structured output; not warned.")] = None


# --- requests: what from_gemini reads ---------------------------------------------


class Blob(Camel):
    """Inline bytes: in a user content an image (``image/...``), audio (``audio/...``)
    or a document (any other media type: PDF, text, video...), with a base64 source;
    in a function response, an image."""

    mime_type: Annotated[str, _doc("The media type, kept as it is.")]
    data: Annotated[
        str,
        _doc(
            "The bytes, base64: standard, or URL-safe and/or unpadded as the Python SDK"
            " sends it (re-encoded standard and padded, the same bytes); anything else is"
            " refused."
        ),
    ]


class FileData(Camel):
    """A file by URI: in a user content a document or an image, in a function response
    an image."""

    file_uri: Annotated[
        str,
        _doc(
            "A Gemini file (files/..., or its URI on the Gemini API): a document with a"
            " file source; any other URI: an image (mimeType image/...) or a document"
            " with a URL source."
        ),
    ]
    mime_type: Annotated[
        Any,
        _doc(
            "image/... makes the URI an image; the IR's URL and file sources have no"
            " media type: PART_NOT_READ."
        ),
    ] = None


class RequestFunctionCall(Camel):
    """A call of a model content: a toolCall block."""

    name: Annotated[str, _doc("The function's name.")]
    id: Annotated[
        str | None,
        _doc(
            "The call's id; absent or null: gemini_call_<content>_<part>, with TOOL_CALL_ID_ADDED."
        ),
    ] = None
    args: Annotated[
        Any, _doc("The arguments (absent or null: {}; not an object: INVALID_TOOL_ARGUMENTS).")
    ] = None


class FunctionResponsePart(Camel):
    """A part of a function response (Gemini 3 multimodal function responses): an image
    block of the result; any other part (audio, a PDF, no data) is PART_NOT_READ."""

    inline_data: Annotated[Blob | None, _doc("An image, inline.")] = None
    file_data: Annotated[FileData | None, _doc("An image by URI (read when no inlineData).")] = None


class FunctionResponse(Camel, kw_only=True):
    """A function's result: a tool-result message."""

    name: Annotated[str, _doc("The tool's name (the result's toolName).")]
    id: Annotated[
        str | None,
        _doc(
            "The id of the call it answers; absent or null: the earliest earlier call of"
            " its name no response answered yet (RESULT_PAIRED_BY_NAME), else"
            " gemini_call_<content>_<part> (TOOL_CALL_ID_ADDED)."
        ),
    ] = None
    response: Annotated[
        dict[str, Any],
        _doc(
            "The result: {error: s} alone (s a string) is text s with isError; {output:"
            " s} alone, text s (unless s is itself the text to_gemini writes as an"
            " object); anything else, the compact JSON text of the whole object."
        ),
    ]
    parts: Annotated[
        list[FunctionResponsePart] | None,
        _doc("Images of the result, after its text."),
    ] = None


class RequestPart(Camel):
    """One part of a content. Its kind is its first data key of text, functionCall,
    functionResponse, inlineData, fileData (any other data key it holds is PART_NOT_READ
    at its path); a part with only thought or thoughtSignature is an empty text; a part
    with none of them (executableCode, toolCall...) is PART_NOT_READ as a whole."""

    text: Annotated[
        str | None, _doc("Text (a thinking block in a model content with thought).")
    ] = None
    thought: Annotated[
        bool | None,
        _doc("true: the text of a model content is thinking (in a user content: PART_NOT_READ)."),
    ] = None
    function_call: Annotated[
        RequestFunctionCall | None, _doc("A call (model; in a user content: PART_NOT_READ).")
    ] = None
    function_response: Annotated[
        FunctionResponse | None,
        _doc(
            "A result (user: each one a tool-result message, each run of other parts"
            " between them one user message; in a model content: PART_NOT_READ)."
        ),
    ] = None
    inline_data: Annotated[Blob | None, _doc("Inline bytes (user; model: PART_NOT_READ).")] = None
    file_data: Annotated[FileData | None, _doc("A file (user; model: PART_NOT_READ).")] = None
    thought_signature: Annotated[
        str | None,
        _doc(
            "Gemini's signature of a text, thinking or call part (kept byte for byte);"
            " on another part: PART_NOT_READ."
        ),
    ] = None


class RequestContent(Camel, kw_only=True):
    """A turn of ``contents``: a user turn (its parts become user and tool-result
    messages) or a model turn (an assistant message)."""

    role: Annotated[
        Literal["user", "model"] | None,
        _doc("user (absent or null, as the API reads it) or model."),
    ] = None
    parts: Annotated[list[RequestPart], _doc("The parts, in order (empty: no blocks).")]


class SystemInstruction(Camel, kw_only=True):
    """The system instruction as a content: each text part is a system message (first,
    in order); a part without text is PART_NOT_READ."""

    role: Annotated[str | None, _doc("Any string: the API ignores it; not read, not warned.")] = (
        None
    )
    parts: Annotated[list[RequestPart], _doc("The parts.")]


class Request(Camel):
    """A request's contents and system instruction, decoded at once when every key is
    declared (and camelCase) and every value of its type."""

    contents: list[RequestContent]
    system_instruction: str | SystemInstruction | None = None


class FunctionDeclaration(Camel):
    """A function the model may call: a tool definition."""

    name: Annotated[str, _doc("The tool's name.")]
    description: Annotated[str | None, _doc("What it does (null or absent: none).")] = None
    parameters_json_schema: Annotated[
        dict[str, Any] | None,
        _doc("The arguments' JSON Schema, as it is (read before parameters)."),
    ] = None
    parameters: Annotated[
        dict[str, Any] | None,
        _doc(
            "Gemini's OpenAPI subset (Schema): JSON Schema with every type name (or proto"
            " enum number) lower-cased; beside parametersJsonSchema: PART_NOT_READ."
        ),
    ] = None


class Tool(Camel):
    """An entry of the request's ``tools``: its function declarations; any other key (a
    tool Gemini runs itself: googleSearch, codeExecution, urlContext...) is
    TOOL_NOT_READ, one per key."""

    function_declarations: Annotated[
        list[FunctionDeclaration] | None, _doc("The functions, each a tool definition.")
    ] = None


# --- the decode step ----------------------------------------------------------------


class Response(NamedTuple):
    """A decoded value: ``decoded`` (pointers in camelCase), ``data`` the value that was
    decoded (``data`` itself, or a copy with its snake_case keys renamed) and
    ``spelled`` {camelCase pointer: the pointer as it came} of each renamed key."""

    decoded: Decoded[Any]
    data: Any
    spelled: dict[str, str]


def decode_response(data: dict[str, Any]) -> Response:
    """``data`` decoded into ``GenerateContentResponse`` (``decode_camel``)."""
    return decode_camel(data, GenerateContentResponse)


def decode_camel(data: Any, shape: type) -> Response:
    """``data`` decoded into ``shape`` (see the module docstring): one
    ``msgspec.convert`` when every key is declared and every value of its type, else
    its snake_case keys renamed and the decode step's walk. Raises ``WireError`` whose
    pointer names the keys as they came."""
    try:
        return Response(Decoded(msgspec.convert(data, shape)), data, {})
    except (msgspec.ValidationError, RecursionError):
        pass
    spelled: dict[str, str] = {}
    renamed = _camel_case(data, shape, "", "", spelled)
    try:
        return Response(_decoder(shape)(renamed), renamed, spelled)
    except WireError as error:
        raise WireError(as_sent(error.pointer, spelled), error.expected, error.found) from None


@cache
def _decoder(shape: type) -> Decoder:
    return Decoder(shape)


def as_sent(place: str, spelled: dict[str, str]) -> str:
    """``place`` (a pointer into the renamed value) as a pointer into the data as it
    came."""
    if spelled:
        for prefix in sorted(spelled, key=len, reverse=True):
            if place == prefix or place.startswith(prefix + "/"):
                return spelled[prefix] + place[len(prefix) :]
    return place


def snake_case(name: str) -> str:
    """A camelCase name's snake_case (``thoughtSignature`` -> ``thought_signature``)."""
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name)


def _camel_case(value: Any, shape: type, at: str, sent: str, spelled: dict[str, str]) -> Any:
    """``value`` (the JSON of ``shape``) with its declared keys that came in snake_case
    renamed, nested declarations included (a free JSON value such as ``args`` is left
    as it is); ``value`` itself when nothing is renamed."""
    if type(value) is not dict:
        return value
    aliases, nested = _names(shape)
    given: dict[str, Any] = value
    renamed: dict[str, Any] = {}
    changed = False
    for key, item in given.items():
        name = aliases.get(key, key)
        if name != key and given.get(name) is not None:
            name = key  # the camelCase key is there too: it wins
        elif name == key and item is None and name in renamed:
            continue  # null, beside its snake_case twin: absent
        inner = nested.get(name)
        if inner is not None:
            new = _items(item, inner, pointer(at, name), pointer(sent, key), spelled)
            changed |= new is not item
            item = new
        if name != key:
            changed = True
            spelled[pointer(at, name)] = pointer(sent, key)
        renamed[name] = item
    return renamed if changed else value


def _items(
    value: Any, inner: tuple[bool, type], at: str, sent: str, spelled: dict[str, str]
) -> Any:
    listed, shape = inner
    if not listed:
        return _camel_case(value, shape, at, sent, spelled)
    if type(value) is not list:
        return value
    items = [
        _camel_case(item, shape, pointer(at, index), pointer(sent, index), spelled)
        for index, item in enumerate(value)
    ]
    return items if any(new is not old for new, old in zip(items, value, strict=True)) else value


@cache
def _names(shape: type) -> tuple[dict[str, str], dict[str, tuple[bool, type]]]:
    """({snake_case key: its camelCase} of ``shape``'s fields, {camelCase key: (a list?,
    the declaration)} of its fields that hold declarations)."""
    info = mi.type_info(shape)
    assert isinstance(info, mi.StructType)
    aliases: dict[str, str] = {}
    nested: dict[str, tuple[bool, type]] = {}
    for field in info.fields:
        name = field.encode_name
        if snake_case(name) != name:
            aliases[snake_case(name)] = name
        inner = _declared(field.type)
        if inner is not None:
            nested[name] = inner
    return aliases, nested


def _declared(info: mi.Type) -> tuple[bool, type] | None:
    """(a list?, the declaration) of a field holding a declaration, or a list of them."""
    while isinstance(info, mi.Metadata):
        info = info.type
    if isinstance(info, mi.UnionType):
        found = [_declared(member) for member in info.types]
        return next((each for each in found if each is not None), None)
    if isinstance(info, mi.StructType):
        return False, info.cls
    if isinstance(info, mi.ListType) and isinstance(info.item_type, mi.StructType):
        return True, info.item_type.cls
    return None
