# DO NOT EDIT: generated from schemas/v1/wire/openai-chat.schema.json by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
"""OpenAI Chat Completions replies and stream chunks, declared once: what
``reply_from_openai_chat``, ``OpenAIChatStream`` and ``AsyncOpenAIChatStream`` decode
(``agent_ir.wire._decode``), with the keys compatible servers add. Field descriptions
are the format's spec as agent-ir reads it. A key that is not declared here, and a
declared key the IR has no place for that holds neither null nor its empty default
(``carried``), is a PART_NOT_READ warning at its place in the non-streamed reply; a
content part or annotation type that is not declared is read as ``Unread`` (see the
readers for what each becomes)."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from msgspec import Meta

from agent_ir._wire_base import Count, WireStruct

__all__ = [
    "Annotation",
    "AssistantPart",
    "Audio",
    "Choice",
    "Chunk",
    "ChunkChoice",
    "Completion",
    "CompletionTokensDetails",
    "Delta",
    "FileAnnotation",
    "FilePart",
    "Function",
    "ImageUrl",
    "ImageUrlPart",
    "InputAudio",
    "InputAudioPart",
    "Message",
    "MisplacedRefusalPart",
    "Part",
    "PromptTokensDetails",
    "ReasoningDetail",
    "ReasoningEncrypted",
    "ReasoningSummary",
    "ReasoningText",
    "RequestAnnotation",
    "RequestAssistantMessage",
    "RequestDeveloperMessage",
    "RequestFile",
    "RequestFileAnnotation",
    "RequestFunction",
    "RequestMessage",
    "RequestPart",
    "RequestRefusalPart",
    "RequestSystemMessage",
    "RequestTextPart",
    "RequestToolCall",
    "RequestToolMessage",
    "RequestUrlCitation",
    "RequestUserMessage",
    "ServerToolUseDetails",
    "TextContent",
    "TextPart",
    "ThinkingPart",
    "ToolCall",
    "ToolCallDelta",
    "UrlCitation",
    "Usage",
    "UserPart",
    "XGroq",
]


class PromptTokensDetails(WireStruct):
    """A decomposition of ``prompt_tokens``."""

    cached_tokens: Annotated[
        Count | None,
        Meta(description="Input tokens read from the prompt cache (part of prompt_tokens)."),
    ] = None
    audio_tokens: Annotated[
        Any, Meta(description="Audio input tokens; no IR form, not warned.")
    ] = None
    image_tokens: Annotated[
        Any, Meta(description="Image input tokens; no IR form, not warned.")
    ] = None
    video_tokens: Annotated[
        Any, Meta(description="Video input tokens (OpenRouter); no IR form, not warned.")
    ] = None
    text_tokens: Annotated[Any, Meta(description="Text input tokens; no IR form, not warned.")] = (
        None
    )
    multimodal_tokens: Annotated[
        Any, Meta(description="Multimodal input tokens (vLLM); no IR form, not warned.")
    ] = None
    cache_write_tokens: Annotated[
        Count | None,
        Meta(
            description=(
                "Input tokens written to the prompt cache (part of prompt_tokens; "
                "OpenRouter): cacheWriteTokens."
            )
        ),
    ] = None


class CompletionTokensDetails(WireStruct):
    """A decomposition of ``completion_tokens``."""

    reasoning_tokens: Annotated[
        Count | None,
        Meta(description="Output tokens spent on reasoning (part of completion_tokens)."),
    ] = None
    audio_tokens: Annotated[
        Any, Meta(description="Audio output tokens; no IR form, not warned.")
    ] = None
    image_tokens: Annotated[
        Any, Meta(description="Image output tokens; no IR form, not warned.")
    ] = None
    text_tokens: Annotated[Any, Meta(description="Text output tokens; no IR form, not warned.")] = (
        None
    )
    accepted_prediction_tokens: Annotated[
        Any, Meta(description="Predicted output tokens that appeared; no IR form, not warned.")
    ] = None
    rejected_prediction_tokens: Annotated[
        Any,
        Meta(description="Predicted output tokens that did not appear; no IR form, not warned."),
    ] = None


class Usage(WireStruct):
    """Token counts. In a stream, the last report seen is the reply's (OpenAI sends it
    in a chunk of its own after the finish, with ``stream_options.include_usage``;
    vLLM's continuous usage is cumulative).
    OpenAI streams none unless stream_options: {include_usage: true} is requested (no usage: 0 and 0)."""

    prompt_tokens: Annotated[Count, Meta(description="Input tokens, cached ones included.")]
    completion_tokens: Annotated[Count, Meta(description="Output tokens, reasoning included.")]
    prompt_tokens_details: Annotated[
        PromptTokensDetails | None, Meta(description="Where the input tokens went.")
    ] = None
    completion_tokens_details: Annotated[
        CompletionTokensDetails | None, Meta(description="Where the output tokens went.")
    ] = None
    total_tokens: Annotated[Any, Meta(description="The sum of both; no IR form, not warned.")] = (
        None
    )
    cost: Annotated[
        Any, Meta(description="What the request cost (OpenRouter); no IR form, not warned.")
    ] = None
    cost_details: Annotated[
        Any, Meta(description="The cost's parts (OpenRouter); no IR form, not warned.")
    ] = None
    is_byok: Annotated[
        Any,
        Meta(description="Whether the caller's own key paid (OpenRouter); no IR form, not warned."),
    ] = None
    server_tool_use_details: Annotated[
        ServerToolUseDetails | None,
        Meta(
            description=(
                "Server tool requests, not tokens (OpenRouter): web_search_requests is the "
                "usage's serverToolRequests."
            )
        ),
    ] = None
    prompt_cache_hit_tokens: Annotated[
        Any,
        Meta(
            description=(
                "DeepSeek's cache hits (its prompt_tokens_details.cached_tokens); no IR "
                "form, not warned."
            )
        ),
    ] = None
    prompt_cache_miss_tokens: Annotated[
        Any, Meta(description="DeepSeek's cache misses; no IR form, not warned.")
    ] = None
    cached_tokens: Annotated[
        Any,
        Meta(description="Cached input tokens (Hugging Face's router); no IR form, not warned."),
    ] = None
    num_cached_tokens: Annotated[
        Count | None,
        Meta(
            description=(
                "Input tokens read from the cache (Mistral); cacheReadTokens when no details say"
            )
        ),
    ] = None
    queue_time: Annotated[
        Any, Meta(description="Seconds queued (Groq); no IR form, not warned.")
    ] = None
    prompt_time: Annotated[
        Any, Meta(description="Seconds reading the input (Groq); no IR form, not warned.")
    ] = None
    completion_time: Annotated[
        Any, Meta(description="Seconds writing the output (Groq); no IR form, not warned.")
    ] = None
    total_time: Annotated[
        Any, Meta(description="Seconds in all (Groq); no IR form, not warned.")
    ] = None
    pydantic_ai_gateway: Annotated[
        Any, Meta(description="The Pydantic AI Gateway's cost estimate; no IR form, not warned.")
    ] = None


class ServerToolUseDetails(WireStruct):
    """OpenRouter's counts of the tools it ran for the reply."""

    web_search_requests: Annotated[
        Count | None,
        Meta(description="Web searches run: tool web_search of the usage's serverToolRequests."),
    ] = None
    tool_calls_requested: Annotated[
        Any,
        Meta(
            description=(
                "Calls of OpenRouter's server tools the model requested; not read, not warned."
            )
        ),
    ] = None
    tool_calls_executed: Annotated[
        Any, Meta(description="Of those, the calls OpenRouter ran; not read, not warned.")
    ] = None


class XGroq(WireStruct):
    """Groq's own fields of a reply or chunk."""

    usage: Annotated[
        Usage | None,
        Meta(description="Groq's usage report: read when the reply or chunk has no usage."),
    ] = None
    id: Annotated[Any, Meta(description="Groq's request id; no IR form, not warned.")] = None
    seed: Annotated[Any, Meta(description="The sampling seed; no IR form, not warned.")] = None
    usage_breakdown: Annotated[
        Any, Meta(description="Usage per model (compound models); no IR form, not warned.")
    ] = None


class TextPart(WireStruct, tag_field="type", tag="text"):
    """Text (Mistral sends ``content`` as a list of parts)."""

    text: Annotated[str | None, Meta(description="The text; null reads as empty.")] = None


class ThinkingPart(WireStruct, tag_field="type", tag="thinking"):
    """Reasoning (Mistral's magistral models)."""

    thinking: Annotated[
        list[Any] | None,
        Meta(
            description="The reasoning as parts: the text of each {type: text, text} part, joined."
        ),
    ] = None
    signature: Annotated[
        str | None,
        Meta(
            description=(
                "The signature that replays the reasoning across turns (Mistral's): the "
                "thinking block's signature."
            )
        ),
    ] = None
    closed: Annotated[
        Any, Meta(description="Whether the reasoning is complete; no IR form, not warned.")
    ] = None


Part = TextPart | ThinkingPart
"""A part of a list ``content``; any other type is ``Unread`` (PART_NOT_READ)."""


class UrlCitation(WireStruct, tag_field="type", tag="url_citation"):
    """A web citation of the message's text; the annotation is kept whole as the
    citation's ``wire``, so its other keys are not named."""

    rest_kept: ClassVar[bool] = True
    url_citation: Annotated[
        dict[str, Any] | None,
        Meta(description="The cited page (url, title, start_index, end_index)."),
    ] = None


class FileAnnotation(WireStruct, tag_field="type", tag="file"):
    """A file the model read (OpenRouter): PART_NOT_READ, whole."""

    rest_kept: ClassVar[bool] = True
    file: Annotated[
        Any, Meta(description="The file's name and content; no IR form, not warned.")
    ] = None


Annotation = UrlCitation | FileAnnotation
"""An annotation; any other type is ``Unread`` (PART_NOT_READ, as a file is)."""


class Function(WireStruct):
    """The function a tool call calls."""

    name: Annotated[str | None, Meta(description="The tool's name (a stream may repeat it).")] = (
        None
    )
    arguments: Annotated[
        str | None, Meta(description="The arguments as JSON text (a stream sends it in pieces).")
    ] = None


class _CallFields(WireStruct):
    """What a tool call and a tool call delta share."""

    id: Annotated[
        str | None,
        Meta(
            description=(
                "The call's id (a stream may repeat it). OpenAI sends it once; Groq, "
                "OpenRouter and DeepSeek repeat it and the name in every delta: the first "
                "non-empty one is kept."
            )
        ),
    ] = None
    type: Annotated[
        str | None,
        Meta(
            description="'function' or absent (Mistral); another type (custom) is no function call."
        ),
    ] = None
    function: Annotated[Function | None, Meta(description="The function called.")] = None
    custom: Annotated[
        Any,
        Meta(
            description="A custom tool call's name and free-text input: no IR form.",
            extra={"empty": {"input": "", "name": ""}},
        ),
    ] = None


class ToolCall(_CallFields):
    """A tool call of a reply's message."""

    id: Annotated[str | None, Meta(description="The call's id (a stream may repeat it).")] = None
    index: Annotated[
        Any,
        Meta(
            description=(
                "The call's position, as the openai SDK's accumulated completion writes it; "
                "another value is warned."
            )
        ),
    ] = None


class ToolCallDelta(_CallFields):
    """A piece of a tool call in a chunk's delta."""

    index: Annotated[
        Count | None,
        Meta(
            description="The call it belongs to; null or absent: its position in the list (Mistral)."
        ),
    ] = None


class Audio(WireStruct):
    """Audio output (a request with ``modalities: ["audio"]``): whole in a reply's
    message, in pieces in a stream's deltas (an id, base64 data or transcript text;
    the last only its expiry). The IR's assistant content has no audio block: the
    transcript is read as text, each other key is warned."""

    transcript: Annotated[
        str | None,
        Meta(
            description="What the audio says: text, after the content (a stream's pieces joined)."
        ),
    ] = None
    id: Annotated[
        Any,
        Meta(
            description="The audio's id, for a later turn to name: no IR form.", extra={"empty": ""}
        ),
    ] = None
    data: Annotated[
        Any,
        Meta(description="The audio bytes, base64 (in pieces): no IR form.", extra={"empty": ""}),
    ] = None
    expires_at: Annotated[
        Any, Meta(description="When the id expires (Unix seconds): no IR form.", extra={"empty": 0})
    ] = None


class ReasoningText(WireStruct, tag_field="type", tag="reasoning.text"):
    """Reasoning text (OpenRouter): a thinking block, signed with the detail's reference when it has a signature."""

    text: Annotated[str | None, Meta(description="The reasoning (a stream: this piece of it).")] = (
        None
    )
    signature: Annotated[
        str | None,
        Meta(
            description=(
                "The provider's signature of the reasoning (a stream: in a piece of its own, "
                "after the text)."
            )
        ),
    ] = None
    id: Annotated[
        str | None, Meta(description="The detail's id: kept in the block's signature, sent back.")
    ] = None
    format: Annotated[
        str | None,
        Meta(
            description=(
                "Whose reasoning it is (anthropic-claude-v1, openai-responses-v1...): kept "
                "in the block's signature, sent back."
            )
        ),
    ] = None
    index: Annotated[
        Count | None,
        Meta(
            description="Which detail a stream's piece belongs to: a new index starts a new block."
        ),
    ] = None


class ReasoningSummary(WireStruct, tag_field="type", tag="reasoning.summary"):
    """A summary of the reasoning (OpenRouter): a thinking block, unsigned."""

    summary: Annotated[
        str | None, Meta(description="The summary (a stream: this piece of it).")
    ] = None
    id: Annotated[
        str | None, Meta(description="The detail's id: kept in the block's signature, sent back.")
    ] = None
    format: Annotated[
        str | None,
        Meta(
            description=(
                "Whose reasoning it is (anthropic-claude-v1, openai-responses-v1...): kept "
                "in the block's signature, sent back."
            )
        ),
    ] = None
    index: Annotated[
        Count | None,
        Meta(
            description="Which detail a stream's piece belongs to: a new index starts a new block."
        ),
    ] = None


class ReasoningEncrypted(WireStruct, tag_field="type", tag="reasoning.encrypted"):
    """Reasoning the provider encrypted or redacted (OpenRouter): a redacted thinking block whose signature is the detail's reference, data included."""

    data: Annotated[str | None, Meta(description="The encrypted reasoning.")] = None
    id: Annotated[
        str | None, Meta(description="The detail's id: kept in the block's signature, sent back.")
    ] = None
    format: Annotated[
        str | None,
        Meta(
            description=(
                "Whose reasoning it is (anthropic-claude-v1, openai-responses-v1...): kept "
                "in the block's signature, sent back."
            )
        ),
    ] = None
    index: Annotated[
        Count | None,
        Meta(
            description="Which detail a stream's piece belongs to: a new index starts a new block."
        ),
    ] = None


ReasoningDetail = ReasoningText | ReasoningSummary | ReasoningEncrypted
"""One of OpenRouter's reasoning_details; any other type is ``Unread`` (PART_NOT_READ)."""


class _MessageFields(WireStruct):
    """What a reply's message and a chunk's delta share."""

    content: Annotated[
        str | list[Part] | None,
        Meta(
            description=(
                "The text, or (Mistral) a list of parts. '' (OpenAI's first chunk) adds nothing."
            )
        ),
    ] = None
    reasoning_content: Annotated[str | None, Meta(description="Reasoning (DeepSeek, vLLM).")] = None
    reasoning: Annotated[
        str | None,
        Meta(description="Reasoning (OpenRouter, Groq, vLLM); read when no reasoning_content."),
    ] = None
    reasoning_details: Annotated[
        list[ReasoningDetail] | None,
        Meta(
            description=(
                "OpenRouter's structured reasoning: read instead of reasoning (its plain "
                "copy) when it holds any detail; each detail one thinking block, a signed "
                "one (or an encrypted one) with the detail less its text as its signature, "
                "so that to_openai_chat sends it back."
            )
        ),
    ] = None
    refusal: Annotated[str | None, Meta(description="The model's refusal.")] = None
    annotations: Annotated[
        list[Annotation] | None,
        Meta(
            description=(
                "Citations of the text. OpenRouter sends them before the text, with content ''."
            )
        ),
    ] = None
    function_call: Annotated[
        Any,
        Meta(
            description=(
                "A legacy function call: refused (it has no call id), but the all-empty one "
                "some servers write."
            )
        ),
    ] = None
    role: Annotated[Any, Meta(description="Always 'assistant'; no IR form, not warned.")] = None
    audio: Annotated[
        Audio | None,
        Meta(
            description=(
                "Audio output: its transcript is text, its id, data and expiry warned (the "
                "IR's assistant content holds no audio)."
            )
        ),
    ] = None
    prefix: Annotated[
        Any, Meta(description="Mistral's prefix flag: no IR form.", extra={"empty": False})
    ] = None


class Message(_MessageFields):
    """The message of a reply's choice."""

    content: Annotated[
        str | list[Part] | None, Meta(description="The text, or (Mistral) a list of parts.")
    ] = None
    annotations: Annotated[list[Annotation] | None, Meta(description="Citations of the text.")] = (
        None
    )
    tool_calls: Annotated[list[ToolCall] | None, Meta(description="The tool calls, in order.")] = (
        None
    )


class Delta(_MessageFields):
    """What a chunk adds to the message."""

    tool_calls: Annotated[
        list[ToolCallDelta] | None, Meta(description="Pieces of tool calls, each naming its call.")
    ] = None


class _ChoiceFields(WireStruct):
    """What a reply's choice and a chunk's share."""

    index: Annotated[
        Count, Meta(description="The choice's index: 0 is read, any other (n > 1) is warned.")
    ] = 0
    finish_reason: Annotated[
        str | None,
        Meta(
            description=(
                "Why the reply ended; null (or '') until it does. stop or eos (Together), "
                "tool_calls or function_call, length or model_length (Mistral), "
                "content_filter or error (OpenRouter). OpenAI sends a refusal with stop; "
                "Ollama and Gemini's compatible API say stop after calls; some compatible "
                "servers never send one."
            )
        ),
    ] = None
    logprobs: Annotated[
        Any, Meta(description="Token log probabilities; no IR form, not warned.")
    ] = None
    content_filter_results: Annotated[
        Any, Meta(description="Azure's content filter verdicts; no IR form, not warned.")
    ] = None
    content_filter_offsets: Annotated[
        Any, Meta(description="The text Azure's verdicts are about; no IR form, not warned.")
    ] = None
    native_finish_reason: Annotated[
        Any,
        Meta(
            description="The upstream provider's finish reason (OpenRouter); no IR form, not warned."
        ),
    ] = None
    stop_reason: Annotated[
        Any, Meta(description="The stop string or token met (vLLM); no IR form, not warned.")
    ] = None
    token_ids: Annotated[
        Any, Meta(description="The output token ids (vLLM); no IR form, not warned.")
    ] = None


class Choice(_ChoiceFields):
    """A choice of a reply."""

    finish_reason: Annotated[
        str | None, Meta(description="Why the reply ended; null (or '') until it does.")
    ] = None
    message: Annotated[Message | None, Meta(description="The assistant message.")] = None


class ChunkChoice(_ChoiceFields):
    """A choice of a chunk."""

    delta: Annotated[
        Delta | None, Meta(description="What this chunk adds; absent reads as {}.")
    ] = None
    text: Annotated[
        Any, Meta(description="The delta's text again (Together); no IR form, not warned.")
    ] = None
    seed: Annotated[
        Any, Meta(description="The sampling seed (Together); no IR form, not warned.")
    ] = None


class _TopFields(WireStruct):
    """What a reply and a chunk share."""

    id: Annotated[
        str | None,
        Meta(
            description=(
                "The reply's id; absent, null or '': the request id stands for it. Every "
                "chunk repeats it; Azure's first chunk has '' (with prompt_filter_results "
                "only), Snowflake writes '' in every chunk."
            )
        ),
    ] = None
    object: Annotated[str | None, Meta(description="The object's type (see each).")] = None
    usage: Annotated[Usage | None, Meta(description="Token counts.")] = None
    x_groq: Annotated[XGroq | None, Meta(description="Groq's fields.")] = None
    error: Annotated[
        Any,
        Meta(
            description=(
                "An error (not null): PROVIDER_TRANSPORT_ERROR with its code, else its type; "
                "nothing else is read. OpenAI sends {error: {message, type}} and nothing "
                "else; OpenRouter an ordinary chunk with an error beside choices."
            )
        ),
    ] = None
    created: Annotated[
        Any, Meta(description="When the reply was made; no IR form, not warned.")
    ] = None
    model: Annotated[
        str | None,
        Meta(
            description=(
                "The model that answered: the response's model and its message's (blank: "
                "none; in a stream, the last chunk's that names one)."
            )
        ),
    ] = None
    system_fingerprint: Annotated[
        Any, Meta(description="The backend's configuration; no IR form, not warned.")
    ] = None
    service_tier: Annotated[Any, Meta(description="The service tier; no IR form, not warned.")] = (
        None
    )
    provider: Annotated[
        Any, Meta(description="The upstream provider (OpenRouter); no IR form, not warned.")
    ] = None
    prompt_filter_results: Annotated[
        Any,
        Meta(description="Azure's content filter verdicts on the prompt; no IR form, not warned."),
    ] = None


class Completion(_TopFields):
    """A non-streamed reply (``client.chat.completions.create()``); ``object`` is
    absent, '' or 'chat.completion'."""

    id: Annotated[
        str | None,
        Meta(description="The reply's id; absent, null or '': the request id stands for it."),
    ] = None
    error: Annotated[
        Any,
        Meta(
            description=(
                "An error (not null): PROVIDER_TRANSPORT_ERROR with its code, else its type; "
                "nothing else is read."
            )
        ),
    ] = None
    choices: Annotated[
        list[Choice] | None, Meta(description="The choices; only the first of index 0 is read.")
    ] = None


class Chunk(_TopFields):
    """A chunk of a stream; ``object`` is absent, '' (Azure's prompt filter chunk) or
    'chat.completion.chunk'."""

    choices: Annotated[
        list[ChunkChoice] | None, Meta(description="The choices; those of index 0 are read.")
    ] = None
    obfuscation: Annotated[
        Any, Meta(description="Padding against length analysis (OpenAI); no IR form, not warned.")
    ] = None
    p: Annotated[
        Any, Meta(description="Padding against length analysis (Mistral); no IR form, not warned.")
    ] = None
    moderation: Annotated[
        Any, Meta(description="OpenAI's moderation verdicts; no IR form, not warned.")
    ] = None
    latency_checkpoint: Annotated[
        Any, Meta(description="Azure's latency figures; no IR form, not warned.")
    ] = None
    sla_metrics: Annotated[
        Any, Meta(description="Latency figures (Hugging Face's router); no IR form, not warned.")
    ] = None
    stream_options: Annotated[
        Any, Meta(description="The request's options echoed (LiteLLM); no IR form, not warned.")
    ] = None
    prompt_token_ids: Annotated[
        Any, Meta(description="The prompt's token ids (vLLM); no IR form, not warned.")
    ] = None
    prompt_text: Annotated[
        Any, Meta(description="The prompt's text (vLLM); no IR form, not warned.")
    ] = None


class RequestPart(WireStruct):
    """The base of a request's part and annotation declarations."""

    empty_tag_read: ClassVar[bool] = True


class RequestTextPart(RequestPart, tag_field="type", tag="text"):
    """Text: a text block (of a system message, the text joined)."""

    text: Annotated[str, Meta(description="The text.")]
    cache_control: Annotated[
        Any,
        Meta(
            description=(
                "A prompt-cache breakpoint at the end of this part, as OpenRouter takes it "
                "for Anthropic and Gemini models: {type: ephemeral} with an optional ttl of "
                "5m or 1h, read into the block's cacheControl (a system message's text is "
                "joined: its last part's only); any other value is warned (PART_NOT_READ), "
                "null is none. OpenAI's own API has none."
            )
        ),
    ] = None


class RequestRefusalPart(RequestPart, tag_field="type", tag="refusal"):
    """A refusal of an assistant message: a refusal block (elsewhere: warned)."""

    refusal: Annotated[str, Meta(description="The refusal's text.")]


class MisplacedRefusalPart(RequestPart, tag_field="type", tag="refusal"):
    """A refusal part outside an assistant message: warned whole."""

    rest_kept: ClassVar[bool] = True
    refusal: Annotated[Any, Meta(description="The refusal's text; no IR form, not warned.")] = None


class ImageUrl(WireStruct):
    """An image by URL."""

    url: Annotated[
        str,
        Meta(
            description=(
                "data:<image/...>;base64,<data> (a base64 source when the data is valid "
                "base64), else a URL source holding the URL unchanged."
            )
        ),
    ]
    detail: Annotated[
        Any, Meta(description="'auto', 'low' or 'high': the image's; another value is warned.")
    ] = None


class ImageUrlPart(RequestPart, tag_field="type", tag="image_url"):
    """An image of a user message."""

    image_url: Annotated[ImageUrl, Meta(description="The image.")]


class InputAudio(WireStruct):
    """Inline audio."""

    data: Annotated[str, Meta(description="The bytes, base64.")]
    format: Annotated[
        str, Meta(description="'wav' (audio/wav) or 'mp3' (audio/mpeg); another format is warned.")
    ]


class InputAudioPart(RequestPart, tag_field="type", tag="input_audio"):
    """Audio of a user message."""

    input_audio: Annotated[InputAudio, Meta(description="The audio.")]


class RequestFile(WireStruct):
    """A document: file_data, else file_id (one of them is required)."""

    file_data: Annotated[
        str | None,
        Meta(
            description=(
                "A data:<media type>;base64,<data> URL (a base64 source) or an http(s) URL "
                "(a URL source, as OpenRouter takes); anything else is refused."
            )
        ),
    ] = None
    file_id: Annotated[
        Any,
        Meta(
            description=(
                "An uploaded file's id (a string): read when there is no file_data, else warned."
            )
        ),
    ] = None
    filename: Annotated[
        Any,
        Meta(
            description=(
                "The document's name (another value than a string is warned); 'document.pdf' "
                "beside file_data, which to_openai_chat writes for none, reads as none."
            )
        ),
    ] = None


class FilePart(RequestPart, tag_field="type", tag="file"):
    """A document of a user message."""

    file: Annotated[RequestFile, Meta(description="The document.")]


class RequestUrlCitation(RequestPart, tag_field="type", tag="url_citation"):
    """A web citation of an assistant message's text: a citation of its last text block,
    the annotation kept whole as its ``wire`` (so its other keys are not named)."""

    rest_kept: ClassVar[bool] = True
    url_citation: Annotated[
        Any, Meta(description="The cited page (url, title, start_index, end_index).")
    ] = None


class RequestFileAnnotation(RequestPart, tag_field="type", tag="file"):
    """A file the model read (OpenRouter): warned whole."""

    rest_kept: ClassVar[bool] = True
    file: Annotated[
        Any, Meta(description="The file's name and content; no IR form, not warned.")
    ] = None


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

    name: Annotated[str, Meta(description="The tool's name.")]
    arguments: Annotated[
        str | None,
        Meta(
            description=(
                "The arguments as JSON text; absent, null, '' or only whitespace is {}; text "
                "that is not a JSON object is kept, for the IR to refuse."
            )
        ),
    ] = None


class RequestToolCall(WireStruct, kw_only=True):
    """A tool call of an assistant message: a toolCall block when a function call; a
    call of another type (custom) is warned whole, its name still naming its results."""

    type: Annotated[
        str | None, Meta(description="'function', or absent (Mistral); another type is warned.")
    ] = None
    id: Annotated[str, Meta(description="The call's id, answered by a tool message.")]
    function: Annotated[
        RequestFunction | None,
        Meta(description="The function called (required for a function call)."),
    ] = None
    index: Annotated[
        Any,
        Meta(
            description=(
                "A stream delta's index echoed back: not warned when it is the call's position."
            )
        ),
    ] = None


class RequestSystemMessage(WireStruct, tag_field="role", tag="system"):
    """System instructions: a system message."""

    content: Annotated[TextContent, Meta(description="The instructions.")]


class RequestDeveloperMessage(WireStruct, tag_field="role", tag="developer"):
    """Developer instructions: a system message, as OpenAI treats them alike."""

    content: Annotated[TextContent, Meta(description="The instructions.")]


class RequestUserMessage(WireStruct, tag_field="role", tag="user"):
    """A user turn: a string stays a string, parts become blocks."""

    content: Annotated[
        str | list[UserPart],
        Meta(
            description=(
                "The turn's content. The API refuses an empty array (to_openai_chat sends '' "
                "for no parts)."
            )
        ),
    ]


class RequestAssistantMessage(WireStruct, tag_field="role", tag="assistant"):
    """An assistant turn: its text, refusal and calls, in that order."""

    content: Annotated[
        str | list[AssistantPart] | None,
        Meta(description="The text ('' and null: none), or text and refusal parts."),
    ] = None
    reasoning_details: Annotated[
        list[ReasoningDetail] | None,
        Meta(
            description=(
                "OpenRouter's structured reasoning, as a reply gives it: each detail one "
                "thinking block before the text (as the reply reads it)."
            )
        ),
    ] = None
    annotations: Annotated[
        list[RequestAnnotation] | None,
        Meta(description="Citations of the last text block; another type, or no text, is warned."),
    ] = None
    refusal: Annotated[
        str | None, Meta(description="A refusal block after the text ('': none).")
    ] = None
    tool_calls: Annotated[
        list[RequestToolCall] | None, Meta(description="The calls, in order.")
    ] = None


class RequestToolMessage(WireStruct, tag_field="role", tag="tool"):
    """A tool result (``isError`` false); its tool name is the call's with its id. The API wants a call's results right after it, and a tool message holds no image."""

    tool_call_id: Annotated[str, Meta(description="The id of the call it answers.")]
    content: Annotated[TextContent, Meta(description="The result: a string, or text parts.")]


RequestMessage = (
    RequestSystemMessage
    | RequestDeveloperMessage
    | RequestUserMessage
    | RequestAssistantMessage
    | RequestToolMessage
)
"""A message of a request; any other role (the legacy ``function`` too) is refused."""
