# DO NOT EDIT: generated from schemas/v1/wire/gemini.schema.json by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
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
names the keys as they came."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from msgspec import Meta

from agent_ir._wire_base import Count, WireStruct

__all__ = [
    "Blob",
    "Camel",
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
    "SystemInstruction",
    "Tool",
    "UsageMetadata",
]


class Camel(WireStruct, rename="camel"):
    """A Gemini object: its keys are the camelCase of the field names."""


class FunctionCall(Camel):
    """A call of one of the request's functions; it arrives whole in one part."""

    name: Annotated[
        str | None,
        Meta(description="The function's name: a non-empty string (a call in pieces: any)."),
    ] = None
    args: Annotated[
        dict[str, Any] | None, Meta(description="The arguments (absent or null: {}).")
    ] = None
    id: Annotated[
        str | None,
        Meta(
            description=(
                "The call's id (absent or blank: gemini_call_<responseId>_<n>). Most calls "
                "come without one: the API pairs a functionResponse with its functionCall by "
                "position and name."
            )
        ),
    ] = None
    partial_args: Annotated[
        Any, Meta(description="Vertex's arguments streamed in pieces: the call is PART_NOT_READ.")
    ] = None
    will_continue: Annotated[
        Any, Meta(description="true: more pieces of this call follow; the call is PART_NOT_READ.")
    ] = None


class Part(Camel):
    """One part of the candidate's content. Its kind is the key it holds: ``text``
    (``thought`` true: reasoning), ``functionCall``, or another kind (no IR form: the
    part is PART_NOT_READ); a part with none of them (only a ``thoughtSignature``) is an
    empty text part."""

    thought_signature: Annotated[
        str | None,
        Meta(
            description=(
                "Gemini's signature of the part (base64), sent back as it came. The API "
                "writes standard base64; an SDK object's model_dump(mode='json') URL-safe "
                "base64 (the API takes both back)."
            )
        ),
    ] = None
    function_call: Annotated[FunctionCall | None, Meta(description="A call of a function.")] = None
    text: Annotated[str | None, Meta(description="Text, or reasoning when thought is true.")] = None
    thought: Annotated[Any, Meta(description="true: the text is the model's reasoning.")] = None
    executable_code: Annotated[
        Any, Meta(description="Code the model wrote to run; no IR form.")
    ] = None
    code_execution_result: Annotated[Any, Meta(description="The code's result; no IR form.")] = None
    inline_data: Annotated[
        Any, Meta(description="Inline bytes (an image model's picture); no IR form.")
    ] = None
    file_data: Annotated[Any, Meta(description="A file by URI; no IR form.")] = None
    function_response: Annotated[Any, Meta(description="A function's result; no IR form.")] = None
    tool_call: Annotated[Any, Meta(description="A server-side tool's call; no IR form.")] = None
    tool_response: Annotated[Any, Meta(description="A server-side tool's result; no IR form.")] = (
        None
    )
    audio_transcription: Annotated[
        Any, Meta(description="A transcription of audio; no IR form.")
    ] = None
    part_metadata: Annotated[
        Any, Meta(description="Metadata of the part; not read, not warned.")
    ] = None
    media_resolution: Annotated[
        Any, Meta(description="The media's resolution; not read, not warned.")
    ] = None
    video_metadata: Annotated[Any, Meta(description="Video metadata; not read, not warned.")] = None
    media_processing: Annotated[Any, Meta(description="How media is processed; no IR form.")] = None
    speech_metadata: Annotated[Any, Meta(description="Speech synthesis metadata; no IR form.")] = (
        None
    )
    document_metadata: Annotated[Any, Meta(description="Document metadata; no IR form.")] = None
    spreadsheet_metadata: Annotated[Any, Meta(description="Spreadsheet metadata; no IR form.")] = (
        None
    )
    audio_metadata: Annotated[Any, Meta(description="Audio metadata; no IR form.")] = None


class Content(Camel):
    """The candidate's content."""

    parts: Annotated[
        list[Part] | None, Meta(description="The parts, in order (a stream: this chunk's pieces).")
    ] = None
    role: Annotated[Any, Meta(description="Always 'model'; not read.")] = None


class Candidate(Camel):
    """One candidate reply; the one of index 0 is read, any other is CHOICES_NOT_READ."""

    index: Annotated[
        Count | None, Meta(description="The candidate's index (absent: its place in the list).")
    ] = None
    content: Annotated[
        Content | None, Meta(description="The content (a stream: this chunk's).")
    ] = None
    finish_reason: Annotated[
        str | None,
        Meta(
            description=(
                "Set on the last chunk: STOP (stop, or tool call after calls), MAX_TOKENS "
                "(length), a filter or anything else (error, warned with finishMessage)."
            )
        ),
    ] = None
    finish_message: Annotated[
        str | None, Meta(description="Why the reply ended; kept in the warning of an error finish.")
    ] = None
    grounding_metadata: Annotated[
        Any, Meta(description="Sources of a grounded reply; no IR form: PART_NOT_READ, once.")
    ] = None
    citation_metadata: Annotated[
        Any, Meta(description="Sources the text recites; no IR form: PART_NOT_READ, once.")
    ] = None
    url_context_metadata: Annotated[
        Any, Meta(description="URLs the url_context tool read; no IR form: PART_NOT_READ, once.")
    ] = None
    safety_ratings: Annotated[Any, Meta(description="Safety ratings; not read, not warned.")] = None
    avg_logprobs: Annotated[Any, Meta(description="Average log probability; not warned.")] = None
    logprobs_result: Annotated[Any, Meta(description="Log probabilities; not warned.")] = None
    token_count: Annotated[Any, Meta(description="Tokens of the candidate; not warned.")] = None
    grounding_attributions: Annotated[
        Any, Meta(description="Attributions (GenerateAnswer); not warned.")
    ] = None
    continuation_token: Annotated[
        Any, Meta(description="A token to continue a CONTINUATION finish; not warned.")
    ] = None


class UsageMetadata(Camel):
    """Token counts so far (cumulative: the last report is the reply's). Input is
    promptTokenCount + toolUsePromptTokenCount; output candidatesTokenCount +
    thoughtsTokenCount; a missing count is 0."""

    prompt_token_count: Annotated[
        Count | None, Meta(description="Prompt tokens, cached content included.")
    ] = None
    tool_use_prompt_token_count: Annotated[
        Count | None, Meta(description="Tokens of the results of tools the server ran (input).")
    ] = None
    candidates_token_count: Annotated[
        Count | None, Meta(description="Tokens of the reply's text.")
    ] = None
    thoughts_token_count: Annotated[
        Count | None, Meta(description="Reasoning tokens (output, and the reasoning count).")
    ] = None
    cached_content_token_count: Annotated[
        Count | None, Meta(description="Prompt tokens read from the cache.")
    ] = None
    total_token_count: Annotated[Any, Meta(description="The sum of the counts; not warned.")] = None
    prompt_tokens_details: Annotated[
        Any, Meta(description="Prompt tokens by modality; not warned.")
    ] = None
    candidates_tokens_details: Annotated[
        Any, Meta(description="Output by modality; not warned.")
    ] = None
    cache_tokens_details: Annotated[
        Any, Meta(description="Cached tokens by modality; not warned.")
    ] = None
    tool_use_prompt_tokens_details: Annotated[Any, Meta(description="Tool input by modality.")] = (
        None
    )
    traffic_type: Annotated[Any, Meta(description="Vertex's traffic type; not warned.")] = None
    service_tier: Annotated[Any, Meta(description="The service tier; not warned.")] = None


class PromptFeedback(Camel):
    """Why the prompt was blocked (a chunk without candidates)."""

    block_reason: Annotated[
        str | None, Meta(description="Set: the prompt was blocked, the reply ends with error.")
    ] = None
    block_reason_message: Annotated[
        str | None, Meta(description="Why; kept in the warning of the block.")
    ] = None
    safety_ratings: Annotated[Any, Meta(description="The prompt's safety ratings; not warned.")] = (
        None
    )


class GenerateContentResponse(Camel):
    """A reply of ``generateContent``, or one chunk of ``streamGenerateContent``. The JSON body as the API sends it (camelCase) or an SDK object's model_dump(mode='json') (snake_case keys), read the same; Gemini names no events and sends no [DONE]."""

    error: Annotated[
        Any,
        Meta(
            description=(
                "A failure ({code, message, status}): PROVIDER_TRANSPORT_ERROR, read before "
                "anything else."
            )
        ),
    ] = None
    response_id: Annotated[
        str | None,
        Meta(description="The reply's id (absent or blank: the request id stands for it)."),
    ] = None
    usage_metadata: Annotated[UsageMetadata | None, Meta(description="Token counts so far.")] = None
    candidates: Annotated[list[Candidate] | None, Meta(description="The candidate replies.")] = None
    prompt_feedback: Annotated[
        PromptFeedback | None, Meta(description="Set when the prompt was blocked.")
    ] = None
    model_version: Annotated[
        str | None,
        Meta(
            description=(
                "The model that answered: the response's model and its message's (blank: "
                "none; in a stream, the last chunk's that names one)."
            )
        ),
    ] = None
    create_time: Annotated[Any, Meta(description="Vertex's creation time; not warned.")] = None
    model_status: Annotated[Any, Meta(description="The model's status; not warned.")] = None
    sdk_http_response: Annotated[
        Any, Meta(description="An SDK object's HTTP response (its model_dump); not warned.")
    ] = None
    automatic_function_calling_history: Annotated[
        Any, Meta(description="The SDK's automatic function calling turns; not warned.")
    ] = None
    parsed: Annotated[Any, Meta(description="The SDK's parsed structured output; not warned.")] = (
        None
    )


class Blob(Camel):
    """Inline bytes: in a user content an image (``image/...``), audio (``audio/...``)
    or a document (any other media type: PDF, text, video...), with a base64 source;
    in a function response, an image."""

    mime_type: Annotated[str, Meta(description="The media type, kept as it is.")]
    data: Annotated[
        str,
        Meta(
            description=(
                "The bytes, base64: standard, or URL-safe and/or unpadded as the Python SDK "
                "sends it (re-encoded standard and padded, the same bytes); anything else is "
                "refused."
            )
        ),
    ]


class FileData(Camel):
    """A file by URI: in a user content a document or an image, in a function response
    an image."""

    file_uri: Annotated[
        str,
        Meta(
            description=(
                "A Gemini file (files/..., or its URI on the Gemini API): a document with a "
                "file source; any other URI: an image (mimeType image/...) or a document "
                "with a URL source."
            )
        ),
    ]
    mime_type: Annotated[
        Any,
        Meta(
            description=(
                "image/... makes the URI an image; the IR's URL and file sources have no "
                "media type: PART_NOT_READ."
            )
        ),
    ] = None


class RequestFunctionCall(Camel):
    """A call of a model content: a toolCall block."""

    name: Annotated[str, Meta(description="The function's name.")]
    id: Annotated[
        str | None,
        Meta(
            description=(
                "The call's id; absent or null: gemini_call_<content>_<part>, with "
                "TOOL_CALL_ID_ADDED."
            )
        ),
    ] = None
    args: Annotated[
        Any,
        Meta(
            description="The arguments (absent or null: {}; not an object: INVALID_TOOL_ARGUMENTS)."
        ),
    ] = None


class FunctionResponsePart(Camel):
    """A part of a function response (Gemini 3 multimodal function responses): an image
    block of the result; any other part (audio, a PDF, no data) is PART_NOT_READ."""

    inline_data: Annotated[Blob | None, Meta(description="An image, inline.")] = None
    file_data: Annotated[
        FileData | None, Meta(description="An image by URI (read when no inlineData).")
    ] = None


class FunctionResponse(Camel, kw_only=True):
    """A function's result: a tool-result message."""

    name: Annotated[str, Meta(description="The tool's name (the result's toolName).")]
    id: Annotated[
        str | None,
        Meta(
            description=(
                "The id of the call it answers; absent or null: the earliest earlier call of "
                "its name no response answered yet (RESULT_PAIRED_BY_NAME), else "
                "gemini_call_<content>_<part> (TOOL_CALL_ID_ADDED)."
            )
        ),
    ] = None
    response: Annotated[
        dict[str, Any],
        Meta(
            description=(
                "The result: {error: s} alone (s a string) is text s with isError; {output: "
                "s} alone, text s (unless s is itself the text to_gemini writes as an "
                "object); anything else, the compact JSON text of the whole object."
            )
        ),
    ]
    parts: Annotated[
        list[FunctionResponsePart] | None, Meta(description="Images of the result, after its text.")
    ] = None


class RequestPart(Camel):
    """One part of a content. Its kind is its first data key of text, functionCall,
    functionResponse, inlineData, fileData (any other data key it holds is PART_NOT_READ
    at its path); a part with only thought or thoughtSignature is an empty text; a part
    with none of them (executableCode, toolCall...) is PART_NOT_READ as a whole."""

    text: Annotated[
        str | None, Meta(description="Text (a thinking block in a model content with thought).")
    ] = None
    thought: Annotated[
        bool | None,
        Meta(
            description=(
                "true: the text of a model content is thinking (in a user content: PART_NOT_READ)."
            )
        ),
    ] = None
    function_call: Annotated[
        RequestFunctionCall | None,
        Meta(description="A call (model; in a user content: PART_NOT_READ)."),
    ] = None
    function_response: Annotated[
        FunctionResponse | None,
        Meta(
            description=(
                "A result (user: each one a tool-result message, each run of other parts "
                "between them one user message; in a model content: PART_NOT_READ)."
            )
        ),
    ] = None
    inline_data: Annotated[
        Blob | None, Meta(description="Inline bytes (user; model: PART_NOT_READ).")
    ] = None
    file_data: Annotated[
        FileData | None, Meta(description="A file (user; model: PART_NOT_READ).")
    ] = None
    thought_signature: Annotated[
        str | None,
        Meta(
            description=(
                "Gemini's signature of a text, thinking or call part (kept byte for byte); "
                "on another part: PART_NOT_READ."
            )
        ),
    ] = None


class RequestContent(Camel, kw_only=True):
    """A turn of ``contents``: a user turn (its parts become user and tool-result
    messages) or a model turn (an assistant message)."""

    role: Annotated[
        Literal["user", "model"] | None,
        Meta(description="user (absent or null, as the API reads it) or model."),
    ] = None
    parts: Annotated[list[RequestPart], Meta(description="The parts, in order (empty: no blocks).")]


class SystemInstruction(Camel, kw_only=True):
    """The system instruction as a content: each text part is a system message (first,
    in order); a part without text is PART_NOT_READ."""

    role: Annotated[
        str | None, Meta(description="Any string: the API ignores it; not read, not warned.")
    ] = None
    parts: Annotated[list[RequestPart], Meta(description="The parts.")]


class Request(Camel):
    """A request's contents and system instruction, decoded at once when every key is
    declared (and camelCase) and every value of its type."""

    contents: list[RequestContent]
    system_instruction: str | SystemInstruction | None = None


class FunctionDeclaration(Camel):
    """A function the model may call: a tool definition."""

    name: Annotated[str, Meta(description="The tool's name.")]
    description: Annotated[str | None, Meta(description="What it does (null or absent: none).")] = (
        None
    )
    parameters_json_schema: Annotated[
        dict[str, Any] | None,
        Meta(description="The arguments' JSON Schema, as it is (read before parameters)."),
    ] = None
    parameters: Annotated[
        dict[str, Any] | None,
        Meta(
            description=(
                "Gemini's OpenAPI subset (Schema): JSON Schema with every type name (or "
                "proto enum number) lower-cased; beside parametersJsonSchema: PART_NOT_READ."
            )
        ),
    ] = None


class Tool(Camel):
    """An entry of the request's ``tools``: its function declarations; any other key (a
    tool Gemini runs itself: googleSearch, codeExecution, urlContext...) is
    TOOL_NOT_READ, one per key."""

    function_declarations: Annotated[
        list[FunctionDeclaration] | None, Meta(description="The functions, each a tool definition.")
    ] = None
