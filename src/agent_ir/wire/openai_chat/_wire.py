"""OpenAI Chat Completions replies and stream chunks, declared once: what
``reply_from_openai_chat``, ``OpenAIChatStream`` and ``AsyncOpenAIChatStream`` decode
(``agent_ir.wire._decode``), with the keys compatible servers add. Field descriptions
are the format's spec as agent-ir reads it. A key that is not declared here, and a
declared key the IR has no place for that holds neither null nor its empty default
(``carried``), is a PART_NOT_READ warning at its place in the non-streamed reply; a
content part or annotation type that is not declared is read as ``Unread`` (see the
readers for what each becomes).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Annotated, Any, ClassVar

from msgspec import Meta
from msgspec import inspect as mi

from agent_ir.wire._decode import Count, WireStruct, pointer
from agent_ir.wire._decode import doc as _doc
from agent_ir.wire.openai_chat._keys import DEFAULT_VALUES

__all__ = [
    "Annotation",
    "Audio",
    "Choice",
    "Chunk",
    "ChunkChoice",
    "Completion",
    "Delta",
    "FileAnnotation",
    "Function",
    "Message",
    "Part",
    "TextPart",
    "ThinkingPart",
    "ToolCall",
    "ToolCallDelta",
    "UrlCitation",
    "Usage",
    "XGroq",
    "carried",
]

JsonObject = dict[str, Any]


def _unless(key: str, text: str) -> Meta:
    """A key the IR has no place for: warned unless null or its empty default (the
    request reader's, ``_keys.DEFAULT_VALUES[key]``)."""
    return Meta(description=text, extra={"empty": DEFAULT_VALUES[key]})


def _unless_in(key: str, inner: str, text: str) -> Meta:
    """A key ``inner`` of the value of ``key`` that the IR has no place for: warned
    unless null or its empty default (``_keys.DEFAULT_VALUES[key][inner]``)."""
    return Meta(description=text, extra={"empty": DEFAULT_VALUES[key][inner]})


_IGNORED = "; no IR form, not warned."


# --- usage --------------------------------------------------------------------------


class PromptTokensDetails(WireStruct):
    """A decomposition of ``prompt_tokens``."""

    cached_tokens: Annotated[
        Count | None, _doc("Input tokens read from the prompt cache (part of prompt_tokens).")
    ] = None
    audio_tokens: Annotated[Any, _doc("Audio input tokens" + _IGNORED)] = None
    image_tokens: Annotated[Any, _doc("Image input tokens" + _IGNORED)] = None
    video_tokens: Annotated[Any, _doc("Video input tokens (OpenRouter)" + _IGNORED)] = None
    text_tokens: Annotated[Any, _doc("Text input tokens" + _IGNORED)] = None
    multimodal_tokens: Annotated[Any, _doc("Multimodal input tokens (vLLM)" + _IGNORED)] = None
    cache_write_tokens: Annotated[
        Any, _doc("Input tokens written to the cache (OpenRouter)" + _IGNORED)
    ] = None


class CompletionTokensDetails(WireStruct):
    """A decomposition of ``completion_tokens``."""

    reasoning_tokens: Annotated[
        Count | None, _doc("Output tokens spent on reasoning (part of completion_tokens).")
    ] = None
    audio_tokens: Annotated[Any, _doc("Audio output tokens" + _IGNORED)] = None
    image_tokens: Annotated[Any, _doc("Image output tokens" + _IGNORED)] = None
    text_tokens: Annotated[Any, _doc("Text output tokens" + _IGNORED)] = None
    accepted_prediction_tokens: Annotated[
        Any, _doc("Predicted output tokens that appeared" + _IGNORED)
    ] = None
    rejected_prediction_tokens: Annotated[
        Any, _doc("Predicted output tokens that did not appear" + _IGNORED)
    ] = None


class Usage(WireStruct):
    """Token counts. In a stream, the last report seen is the reply's (OpenAI sends it
    in a chunk of its own after the finish, with ``stream_options.include_usage``;
    vLLM's continuous usage is cumulative)."""

    prompt_tokens: Annotated[Count, _doc("Input tokens, cached ones included.")]
    completion_tokens: Annotated[Count, _doc("Output tokens, reasoning included.")]
    prompt_tokens_details: Annotated[
        PromptTokensDetails | None, _doc("Where the input tokens went.")
    ] = None
    completion_tokens_details: Annotated[
        CompletionTokensDetails | None, _doc("Where the output tokens went.")
    ] = None
    total_tokens: Annotated[Any, _doc("The sum of both" + _IGNORED)] = None
    cost: Annotated[Any, _doc("What the request cost (OpenRouter)" + _IGNORED)] = None
    cost_details: Annotated[Any, _doc("The cost's parts (OpenRouter)" + _IGNORED)] = None
    is_byok: Annotated[Any, _doc("Whether the caller's own key paid (OpenRouter)" + _IGNORED)] = (
        None
    )
    server_tool_use_details: Annotated[
        Any, _doc("Server tool requests, not tokens (OpenRouter)" + _IGNORED)
    ] = None
    prompt_cache_hit_tokens: Annotated[
        Any, _doc("DeepSeek's cache hits (its prompt_tokens_details.cached_tokens)" + _IGNORED)
    ] = None
    prompt_cache_miss_tokens: Annotated[Any, _doc("DeepSeek's cache misses" + _IGNORED)] = None
    cached_tokens: Annotated[
        Any, _doc("Cached input tokens (Hugging Face's router)" + _IGNORED)
    ] = None
    num_cached_tokens: Annotated[
        Count | None,
        _doc("Input tokens read from the cache (Mistral); cacheReadTokens when no details say"),
    ] = None
    queue_time: Annotated[Any, _doc("Seconds queued (Groq)" + _IGNORED)] = None
    prompt_time: Annotated[Any, _doc("Seconds reading the input (Groq)" + _IGNORED)] = None
    completion_time: Annotated[Any, _doc("Seconds writing the output (Groq)" + _IGNORED)] = None
    total_time: Annotated[Any, _doc("Seconds in all (Groq)" + _IGNORED)] = None
    pydantic_ai_gateway: Annotated[
        Any, _doc("The Pydantic AI Gateway's cost estimate" + _IGNORED)
    ] = None


class XGroq(WireStruct):
    """Groq's own fields of a reply or chunk."""

    usage: Annotated[
        Usage | None, _doc("Groq's usage report: read when the reply or chunk has no usage.")
    ] = None
    id: Annotated[Any, _doc("Groq's request id" + _IGNORED)] = None
    seed: Annotated[Any, _doc("The sampling seed" + _IGNORED)] = None
    usage_breakdown: Annotated[Any, _doc("Usage per model (compound models)" + _IGNORED)] = None


# --- content parts and annotations --------------------------------------------------


class TextPart(WireStruct, tag_field="type", tag="text"):
    """Text (Mistral sends ``content`` as a list of parts)."""

    text: Annotated[str | None, _doc("The text; null reads as empty.")] = None


class ThinkingPart(WireStruct, tag_field="type", tag="thinking"):
    """Reasoning (Mistral's magistral models)."""

    thinking: Annotated[
        list[Any] | None,
        _doc("The reasoning as parts: the text of each {type: text, text} part, joined."),
    ] = None
    closed: Annotated[Any, _doc("Whether the reasoning is complete" + _IGNORED)] = None


Part = TextPart | ThinkingPart
"""A part of a list ``content``; any other type is ``Unread`` (PART_NOT_READ)."""


class UrlCitation(WireStruct, tag_field="type", tag="url_citation"):
    """A web citation of the message's text; the annotation is kept whole as the
    citation's ``wire``, so its other keys are not named."""

    rest_kept: ClassVar[bool] = True
    url_citation: Annotated[
        JsonObject | None, _doc("The cited page (url, title, start_index, end_index).")
    ] = None


class FileAnnotation(WireStruct, tag_field="type", tag="file"):
    """A file the model read (OpenRouter): PART_NOT_READ, whole."""

    rest_kept: ClassVar[bool] = True
    file: Annotated[Any, _doc("The file's name and content" + _IGNORED)] = None


Annotation = UrlCitation | FileAnnotation
"""An annotation; any other type is ``Unread`` (PART_NOT_READ, as a file is)."""


# --- messages and deltas ------------------------------------------------------------


class Function(WireStruct):
    """The function a tool call calls."""

    name: Annotated[str | None, _doc("The tool's name (a stream may repeat it).")] = None
    arguments: Annotated[
        str | None, _doc("The arguments as JSON text (a stream sends it in pieces).")
    ] = None


class _CallFields(WireStruct):
    """What a tool call and a tool call delta share."""

    id: Annotated[str | None, _doc("The call's id (a stream may repeat it).")] = None
    type: Annotated[
        str | None,
        _doc("'function' or absent (Mistral); another type (custom) is no function call."),
    ] = None
    function: Annotated[Function | None, _doc("The function called.")] = None
    custom: Annotated[
        Any, _unless("custom", "A custom tool call's name and free-text input: no IR form.")
    ] = None


class ToolCall(_CallFields):
    """A tool call of a reply's message."""

    index: Annotated[
        Any,
        _doc(
            "The call's position, as the openai SDK's accumulated completion writes it;"
            " another value is warned."
        ),
    ] = None


class ToolCallDelta(_CallFields):
    """A piece of a tool call in a chunk's delta."""

    index: Annotated[
        Count | None,
        _doc("The call it belongs to; null or absent: its position in the list (Mistral)."),
    ] = None


class Audio(WireStruct):
    """Audio output (a request with ``modalities: ["audio"]``): whole in a reply's
    message, in pieces in a stream's deltas (an id, base64 data or transcript text;
    the last only its expiry). The IR's assistant content has no audio block: the
    transcript is read as text, each other key is warned."""

    transcript: Annotated[
        str | None,
        _doc("What the audio says: text, after the content (a stream's pieces joined)."),
    ] = None
    id: Annotated[
        Any, _unless_in("audio", "id", "The audio's id, for a later turn to name: no IR form.")
    ] = None
    data: Annotated[
        Any, _unless_in("audio", "data", "The audio bytes, base64 (in pieces): no IR form.")
    ] = None
    expires_at: Annotated[
        Any, _unless_in("audio", "expires_at", "When the id expires (Unix seconds): no IR form.")
    ] = None


class _MessageFields(WireStruct):
    """What a reply's message and a chunk's delta share."""

    content: Annotated[str | list[Part] | None, _doc("The text, or (Mistral) a list of parts.")] = (
        None
    )
    reasoning_content: Annotated[str | None, _doc("Reasoning (DeepSeek, vLLM).")] = None
    reasoning: Annotated[
        str | None, _doc("Reasoning (OpenRouter, Groq, vLLM); read when no reasoning_content.")
    ] = None
    refusal: Annotated[str | None, _doc("The model's refusal.")] = None
    annotations: Annotated[list[Annotation] | None, _doc("Citations of the text.")] = None
    function_call: Annotated[
        Any,
        _doc(
            "A legacy function call: refused (it has no call id), but the all-empty"
            " one some servers write."
        ),
    ] = None
    role: Annotated[Any, _doc("Always 'assistant'" + _IGNORED)] = None
    audio: Annotated[
        Audio | None,
        _doc(
            "Audio output: its transcript is text, its id, data and expiry warned"
            " (the IR's assistant content holds no audio)."
        ),
    ] = None
    prefix: Annotated[Any, _unless("prefix", "Mistral's prefix flag: no IR form.")] = None


class Message(_MessageFields):
    """The message of a reply's choice."""

    tool_calls: Annotated[list[ToolCall] | None, _doc("The tool calls, in order.")] = None


class Delta(_MessageFields):
    """What a chunk adds to the message."""

    tool_calls: Annotated[
        list[ToolCallDelta] | None, _doc("Pieces of tool calls, each naming its call.")
    ] = None


# --- choices ------------------------------------------------------------------------


class _ChoiceFields(WireStruct):
    """What a reply's choice and a chunk's share."""

    index: Annotated[Count, _doc("The choice's index: 0 is read, any other (n > 1) is warned.")] = 0
    finish_reason: Annotated[
        str | None, _doc("Why the reply ended; null (or '') until it does.")
    ] = None
    logprobs: Annotated[Any, _doc("Token log probabilities" + _IGNORED)] = None
    content_filter_results: Annotated[Any, _doc("Azure's content filter verdicts" + _IGNORED)] = (
        None
    )
    content_filter_offsets: Annotated[
        Any, _doc("The text Azure's verdicts are about" + _IGNORED)
    ] = None
    native_finish_reason: Annotated[
        Any, _doc("The upstream provider's finish reason (OpenRouter)" + _IGNORED)
    ] = None
    stop_reason: Annotated[Any, _doc("The stop string or token met (vLLM)" + _IGNORED)] = None
    token_ids: Annotated[Any, _doc("The output token ids (vLLM)" + _IGNORED)] = None


class Choice(_ChoiceFields):
    """A choice of a reply."""

    message: Annotated[Message | None, _doc("The assistant message.")] = None


class ChunkChoice(_ChoiceFields):
    """A choice of a chunk."""

    delta: Annotated[Delta | None, _doc("What this chunk adds; absent reads as {}.")] = None
    text: Annotated[Any, _doc("The delta's text again (Together)" + _IGNORED)] = None
    seed: Annotated[Any, _doc("The sampling seed (Together)" + _IGNORED)] = None


# --- the reply and the chunk ---------------------------------------------------------


class _TopFields(WireStruct):
    """What a reply and a chunk share."""

    id: Annotated[
        str | None, _doc("The reply's id; absent, null or '': the request id stands for it.")
    ] = None
    object: Annotated[str | None, _doc("The object's type (see each).")] = None
    usage: Annotated[Usage | None, _doc("Token counts.")] = None
    x_groq: Annotated[XGroq | None, _doc("Groq's fields.")] = None
    error: Annotated[
        Any,
        _doc(
            "An error (not null): PROVIDER_TRANSPORT_ERROR with its code, else its type;"
            " nothing else is read."
        ),
    ] = None
    created: Annotated[Any, _doc("When the reply was made" + _IGNORED)] = None
    model: Annotated[Any, _doc("The model that answered" + _IGNORED)] = None
    system_fingerprint: Annotated[Any, _doc("The backend's configuration" + _IGNORED)] = None
    service_tier: Annotated[Any, _doc("The service tier" + _IGNORED)] = None
    provider: Annotated[Any, _doc("The upstream provider (OpenRouter)" + _IGNORED)] = None
    prompt_filter_results: Annotated[
        Any, _doc("Azure's content filter verdicts on the prompt" + _IGNORED)
    ] = None


class Completion(_TopFields):
    """A non-streamed reply (``client.chat.completions.create()``); ``object`` is
    absent, '' or 'chat.completion'."""

    choices: Annotated[
        list[Choice] | None, _doc("The choices; only the first of index 0 is read.")
    ] = None


class Chunk(_TopFields):
    """A chunk of a stream; ``object`` is absent, '' (Azure's prompt filter chunk) or
    'chat.completion.chunk'."""

    choices: Annotated[
        list[ChunkChoice] | None, _doc("The choices; those of index 0 are read.")
    ] = None
    obfuscation: Annotated[Any, _doc("Padding against length analysis (OpenAI)" + _IGNORED)] = None
    p: Annotated[Any, _doc("Padding against length analysis (Mistral)" + _IGNORED)] = None
    moderation: Annotated[Any, _doc("OpenAI's moderation verdicts" + _IGNORED)] = None
    latency_checkpoint: Annotated[Any, _doc("Azure's latency figures" + _IGNORED)] = None
    sla_metrics: Annotated[Any, _doc("Latency figures (Hugging Face's router)" + _IGNORED)] = None
    stream_options: Annotated[Any, _doc("The request's options echoed (LiteLLM)" + _IGNORED)] = None
    prompt_token_ids: Annotated[Any, _doc("The prompt's token ids (vLLM)" + _IGNORED)] = None
    prompt_text: Annotated[Any, _doc("The prompt's text (vLLM)" + _IGNORED)] = None


# --- what a declared key carries -----------------------------------------------------


def carried(value: WireStruct, at: str) -> Iterator[str]:
    """The pointers (under ``at``, ``value``'s) of ``value``'s declared keys that the IR
    has no place for and that hold neither null nor their empty default: each is a
    PART_NOT_READ warning, as an undeclared key is."""
    for name, key, empty in _empty_defaults(type(value)):
        found = getattr(value, name)
        if found is not None and not (type(found) is type(empty) and found == empty):
            yield pointer(at, key)


@cache
def _empty_defaults(cls: type) -> tuple[tuple[str, str, Any], ...]:
    """(attribute, key, empty default) of each field of ``cls`` declared with
    ``_unless``."""
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    found = []
    for field in info.fields:
        extra = field.type.extra if isinstance(field.type, mi.Metadata) else None
        if extra and "empty" in extra:
            found.append((field.name, field.encode_name, extra["empty"]))
    return tuple(found)


# --- requests: what from_openai_chat reads -------------------------------------------
# A request's ``messages`` (its ``tools`` are ``_tools``'s). A key not declared here is
# a PART_NOT_READ warning at its place unless it holds null or its empty default
# (``_keys.DEFAULT_VALUES``): ``name``, ``audio``, ``function_call``, ``reasoning``...
# The part and annotation families read an empty ``type`` as a type like any other
# (``empty_tag_read``): not declared, so passed over with a warning.


class RequestPart(WireStruct):
    """The base of a request's part and annotation declarations."""

    empty_tag_read: ClassVar[bool] = True


class RequestTextPart(RequestPart, tag_field="type", tag="text"):
    """Text: a text block (of a system message, the text joined)."""

    text: Annotated[str, _doc("The text.")]


class RequestRefusalPart(RequestPart, tag_field="type", tag="refusal"):
    """A refusal of an assistant message: a refusal block (elsewhere: warned)."""

    refusal: Annotated[str, _doc("The refusal's text.")]


class MisplacedRefusalPart(RequestPart, tag_field="type", tag="refusal"):
    """A refusal part outside an assistant message: warned whole."""

    rest_kept: ClassVar[bool] = True
    refusal: Annotated[Any, _doc("The refusal's text" + _IGNORED)] = None


class ImageUrl(WireStruct):
    """An image by URL."""

    url: Annotated[
        str,
        _doc(
            "data:<image/...>;base64,<data> (a base64 source when the data is valid"
            " base64), else a URL source holding the URL unchanged."
        ),
    ]
    detail: Annotated[
        Any, _doc("'auto', 'low' or 'high': the image's; another value is warned.")
    ] = None


class ImageUrlPart(RequestPart, tag_field="type", tag="image_url"):
    """An image of a user message."""

    image_url: Annotated[ImageUrl, _doc("The image.")]


class InputAudio(WireStruct):
    """Inline audio."""

    data: Annotated[str, _doc("The bytes, base64.")]
    format: Annotated[
        str, _doc("'wav' (audio/wav) or 'mp3' (audio/mpeg); another format is warned.")
    ]


class InputAudioPart(RequestPart, tag_field="type", tag="input_audio"):
    """Audio of a user message."""

    input_audio: Annotated[InputAudio, _doc("The audio.")]


class RequestFile(WireStruct):
    """A document: file_data, else file_id (one of them is required)."""

    file_data: Annotated[
        str | None,
        _doc(
            "A data:<media type>;base64,<data> URL (a base64 source) or an http(s) URL"
            " (a URL source, as OpenRouter takes); anything else is refused."
        ),
    ] = None
    file_id: Annotated[
        Any, _doc("An uploaded file's id (a string): read when there is no file_data, else warned.")
    ] = None
    filename: Annotated[
        Any,
        _doc(
            "The document's name (another value than a string is warned); 'document.pdf'"
            " beside file_data, which to_openai_chat writes for none, reads as none."
        ),
    ] = None


class FilePart(RequestPart, tag_field="type", tag="file"):
    """A document of a user message."""

    file: Annotated[RequestFile, _doc("The document.")]


class RequestUrlCitation(RequestPart, tag_field="type", tag="url_citation"):
    """A web citation of an assistant message's text: a citation of its last text block,
    the annotation kept whole as its ``wire`` (so its other keys are not named)."""

    rest_kept: ClassVar[bool] = True
    url_citation: Annotated[Any, _doc("The cited page (url, title, start_index, end_index).")] = (
        None
    )


class RequestFileAnnotation(RequestPart, tag_field="type", tag="file"):
    """A file the model read (OpenRouter): warned whole."""

    rest_kept: ClassVar[bool] = True
    file: Annotated[Any, _doc("The file's name and content" + _IGNORED)] = None


RequestAnnotation = RequestUrlCitation | RequestFileAnnotation
"""An annotation of an assistant message; any type but url_citation is warned whole."""

TextContent = str | list[RequestTextPart | MisplacedRefusalPart]
"""The content of a system, developer or tool message: a string, or text parts (their
text joined for a system message, text blocks for a tool result); any other part type
is warned."""

UserPart = RequestTextPart | ImageUrlPart | InputAudioPart | FilePart | MisplacedRefusalPart
"""A part of a user message; any other type (a refusal too) is warned."""

AssistantPart = RequestTextPart | RequestRefusalPart
"""A part of an assistant message's content; any other type is warned."""


class RequestFunction(WireStruct):
    """The function a function call calls."""

    name: Annotated[str, _doc("The tool's name.")]
    arguments: Annotated[
        str | None,
        _doc(
            "The arguments as JSON text; absent, null, '' or only whitespace is {}; text"
            " that is not a JSON object is kept, for the IR to refuse."
        ),
    ] = None


class RequestToolCall(WireStruct, kw_only=True):
    """A tool call of an assistant message: a toolCall block when a function call; a
    call of another type (custom) is warned whole, its name still naming its results."""

    type: Annotated[
        str | None, _doc("'function', or absent (Mistral); another type is warned.")
    ] = None
    id: Annotated[str, _doc("The call's id, answered by a tool message.")]
    function: Annotated[
        RequestFunction | None, _doc("The function called (required for a function call).")
    ] = None
    index: Annotated[
        Any,
        _doc("A stream delta's index echoed back: not warned when it is the call's position."),
    ] = None


class RequestSystemMessage(WireStruct, tag_field="role", tag="system"):
    """System instructions: a system message."""

    content: Annotated[TextContent, _doc("The instructions.")]


class RequestDeveloperMessage(WireStruct, tag_field="role", tag="developer"):
    """Developer instructions: a system message, as OpenAI treats them alike."""

    content: Annotated[TextContent, _doc("The instructions.")]


class RequestUserMessage(WireStruct, tag_field="role", tag="user"):
    """A user turn: a string stays a string, parts become blocks."""

    content: Annotated[str | list[UserPart], _doc("The turn's content.")]


class RequestAssistantMessage(WireStruct, tag_field="role", tag="assistant"):
    """An assistant turn: its text, refusal and calls, in that order."""

    content: Annotated[
        str | list[AssistantPart] | None,
        _doc("The text ('' and null: none), or text and refusal parts."),
    ] = None
    annotations: Annotated[
        list[RequestAnnotation] | None,
        _doc("Citations of the last text block; another type, or no text, is warned."),
    ] = None
    refusal: Annotated[str | None, _doc("A refusal block after the text ('': none).")] = None
    tool_calls: Annotated[list[RequestToolCall] | None, _doc("The calls, in order.")] = None


class RequestToolMessage(WireStruct, tag_field="role", tag="tool"):
    """A tool result (``isError`` false); its tool name is the call's with its id."""

    tool_call_id: Annotated[str, _doc("The id of the call it answers.")]
    content: Annotated[TextContent, _doc("The result: a string, or text parts.")]


RequestMessage = (
    RequestSystemMessage
    | RequestDeveloperMessage
    | RequestUserMessage
    | RequestAssistantMessage
    | RequestToolMessage
)
"""A message of a request; any other role (the legacy ``function`` too) is refused."""
