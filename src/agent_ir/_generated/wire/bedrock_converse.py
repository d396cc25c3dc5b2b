# DO NOT EDIT: generated from schemas/v1/wire/bedrock-converse.schema.json by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
"""AWS Bedrock Converse, declared once: the request's ``messages``, ``system`` and
``toolConfig`` that ``from_bedrock_converse`` decodes, the ``Converse`` reply that
``reply_from_bedrock_converse`` decodes and the ``ConverseStream`` events (as boto3
yields them) that ``BedrockConverseStream`` decodes (``agent_ir.wire._decode``).
Held to the Bedrock runtime service model shipped with botocore
(``bedrock-runtime/2023-09-30/service-2.json``). The field descriptions are the
format's spec; a key that is not declared is a PART_NOT_READ warning.

Bedrock's blocks carry no ``type``: a block is known by the one key it holds, so a
block declares every kind it may be and the reader sorts them. Blobs (image,
document, video and audio bytes, redacted reasoning) are ``bytes`` in boto3 and
base64 text in the HTTP API's JSON: the readers take both (bytes are read as their
base64), the declarations hold the base64 text."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from msgspec import Meta

from agent_ir._wire_base import Count, WireStruct

__all__ = [
    "AudioBlock",
    "BlockStart",
    "CacheDetail",
    "CachePoint",
    "CitationsConfig",
    "CitationsContent",
    "ContentBlock",
    "ContentBlockDelta",
    "ContentBlockStart",
    "ContentBlockStop",
    "Delta",
    "DocumentBlock",
    "DocumentSource",
    "GeneratedContent",
    "ImageBlock",
    "ImageSource",
    "InputSchema",
    "Message",
    "MessageStart",
    "MessageStop",
    "Metadata",
    "Output",
    "ReasoningContent",
    "ReasoningDelta",
    "ReasoningText",
    "Request",
    "Response",
    "S3Location",
    "StreamEvent",
    "StreamException",
    "SystemBlock",
    "Tool",
    "ToolConfig",
    "ToolResultBlock",
    "ToolResultPart",
    "ToolSpec",
    "ToolUseBlock",
    "ToolUseDelta",
    "ToolUseStart",
    "Usage",
    "VideoBlock",
    "VideoSource",
]


class CachePoint(WireStruct):
    """A prompt-cache checkpoint: the content before it (in the system prompt, a message or the tools) is cached. The IR's cacheControl of the block (or system message, tool definition) it follows."""

    type: Annotated[
        str, Meta(description="``default``, the one kind; any other is warned (PART_NOT_READ).")
    ]
    ttl: Annotated[
        str | None,
        Meta(
            description=(
                "How long the entry lives: ``5m`` or ``1h`` (the IR's ttl); any other is warned."
            )
        ),
    ] = None


class S3Location(WireStruct):
    """An object in Amazon S3: the IR's URL source ``s3://...``."""

    uri: Annotated[str, Meta(description="The object's ``s3://`` URI.")]
    bucketOwner: Annotated[
        str | None, Meta(description="The bucket owner's account id; no IR form (PART_NOT_READ).")
    ] = None


class ImageSource(WireStruct):
    """Where an image is: one of its keys."""

    bytes: Annotated[
        str | None,
        Meta(
            description=(
                "The image's bytes: ``bytes`` as boto3 takes and returns them, base64 text "
                "in the JSON body of the HTTP API (both read; ``to_bedrock_converse`` writes "
                'bytes unless ``binary="base64"``).'
            )
        ),
    ] = None
    s3Location: Annotated[S3Location | None, Meta(description="An S3 object.")] = None


class ImageBlock(WireStruct):
    """An image: ``format`` png, jpeg, gif or webp (image/<format>)."""

    format: Annotated[str, Meta(description="png, jpeg, gif or webp.")]
    source: Annotated[ImageSource, Meta(description="The image.")]


class CitationsConfig(WireStruct):
    """Whether the model may cite a document."""

    enabled: Annotated[bool, Meta(description="The IR document's ``citations``.")]


class DocumentSource(WireStruct):
    """Where a document is: one of its keys."""

    bytes: Annotated[str | None, Meta(description="The document's bytes (as for an image's).")] = (
        None
    )
    s3Location: Annotated[S3Location | None, Meta(description="An S3 object.")] = None
    text: Annotated[
        str | None, Meta(description="The document as text: read as the base64 of its UTF-8 bytes.")
    ] = None
    content: Annotated[
        Any, Meta(description="The document as content blocks; no IR form (PART_NOT_READ).")
    ] = None


class DocumentBlock(WireStruct, kw_only=True):
    """A document: its ``format`` (pdf, csv, doc, docx, xls, xlsx, html, txt, md: the IR's media type), its ``name`` (the IR's title), its source."""

    format: Annotated[
        str | None, Meta(description="pdf, csv, doc, docx, xls, xlsx, html, txt or md.")
    ] = None
    name: Annotated[
        str,
        Meta(
            description=(
                "The document's name: the IR's title (alphanumerics, single spaces, hyphens, "
                "parentheses and square brackets)."
            )
        ),
    ]
    source: Annotated[DocumentSource, Meta(description="The document.")]
    context: Annotated[
        str | None, Meta(description="Text about the document the model reads but does not cite.")
    ] = None
    citations: Annotated[
        CitationsConfig | None, Meta(description="Whether the model may cite the document.")
    ] = None


class VideoSource(WireStruct):
    """Where a video is."""

    bytes: Annotated[str | None, Meta(description="The video's bytes.")] = None
    s3Location: Annotated[S3Location | None, Meta(description="An S3 object.")] = None


class VideoBlock(WireStruct):
    """A video; the IR has no video block (PART_NOT_READ)."""

    format: Annotated[
        str, Meta(description="mkv, mov, mp4, webm, flv, mpeg, mpg, wmv or three_gp.")
    ]
    source: Annotated[VideoSource, Meta(description="The video.")]


class AudioBlock(WireStruct):
    """Audio: ``format`` (mp3, wav, ogg, flac, ...) and its bytes (the IR's audio block)."""

    format: Annotated[str, Meta(description="The audio's format (the IR's audio/<type>).")]
    source: Annotated[VideoSource, Meta(description="The audio: bytes or an S3 object.")]


class ToolUseBlock(WireStruct):
    """A tool call: ``toolUseId``, ``name``, ``input``."""

    toolUseId: Annotated[str, Meta(description="The call's id, answered by a toolResult.")]
    name: Annotated[str, Meta(description="The tool's name.")]
    input: Annotated[Any, Meta(description="The arguments; not an object: refused by the IR.")]
    type: Annotated[
        str | None,
        Meta(
            description=(
                "``server_tool_use``: a call the service runs itself (a server-tool call of "
                'provider "bedrock-converse").'
            )
        ),
    ] = None


class ToolResultPart(WireStruct):
    """One part of a tool result: one of its keys."""

    text: Annotated[str | None, Meta(description="Text.")] = None
    json: Annotated[
        Any,
        Meta(
            description=(
                "A JSON value: read as a text block holding its JSON text, warned "
                "(PART_NOT_READ: the form is not kept)."
            )
        ),
    ] = None
    image: Annotated[ImageBlock | None, Meta(description="An image.")] = None
    document: Annotated[
        DocumentBlock | None, Meta(description="A document; no IR form (PART_NOT_READ).")
    ] = None
    video: Annotated[
        VideoBlock | None, Meta(description="A video; no IR form (PART_NOT_READ).")
    ] = None
    searchResult: Annotated[
        Any, Meta(description="A search result; no IR form (PART_NOT_READ).")
    ] = None


class ToolResultBlock(WireStruct):
    """A tool's result: one tool-result message."""

    toolUseId: Annotated[str, Meta(description="The id of the call it answers.")]
    content: Annotated[list[ToolResultPart], Meta(description="The result's parts.")]
    status: Annotated[
        Literal["success", "error"] | None,
        Meta(description="``error``: the IR's isError; ``success`` or none: not an error."),
    ] = None
    type: Annotated[
        str | None,
        Meta(description="The result's type (a server tool's); no IR form (PART_NOT_READ)."),
    ] = None


class ReasoningText(WireStruct):
    """Reasoning text and its signature."""

    text: Annotated[str, Meta(description="The reasoning.")]
    signature: Annotated[
        str | None, Meta(description="The model's signature of the reasoning, sent back unchanged.")
    ] = None


class ReasoningContent(WireStruct):
    """Reasoning: readable (``reasoningText``) or redacted (``redactedContent``)."""

    reasoningText: Annotated[
        ReasoningText | None, Meta(description="Readable reasoning: an IR thinking block.")
    ] = None
    redactedContent: Annotated[
        str | None,
        Meta(
            description=(
                "Redacted reasoning's bytes (base64 in JSON): a redacted IR thinking block "
                "whose signature is their base64."
            )
        ),
    ] = None


class GeneratedContent(WireStruct):
    """A part of the text a citation supports."""

    text: Annotated[str | None, Meta(description="Text.")] = None


class CitationsContent(WireStruct):
    """Generated text with the citations that support it: an IR text block whose citations are provider "bedrock-converse" (each citation object as it is)."""

    content: Annotated[list[GeneratedContent], Meta(description="The text, in parts (joined).")]
    citations: Annotated[
        list[dict[str, Any]], Meta(description="The citations, each kept as it is.")
    ]


class ContentBlock(WireStruct):
    """A block of a message; its kind is the one key it holds."""

    text: Annotated[str | None, Meta(description="Text.")] = None
    image: Annotated[ImageBlock | None, Meta(description="An image (user messages).")] = None
    document: Annotated[DocumentBlock | None, Meta(description="A document (user messages).")] = (
        None
    )
    video: Annotated[
        VideoBlock | None, Meta(description="A video; no IR form (PART_NOT_READ).")
    ] = None
    audio: Annotated[AudioBlock | None, Meta(description="Audio (user messages).")] = None
    toolUse: Annotated[
        ToolUseBlock | None, Meta(description="A tool call (assistant messages).")
    ] = None
    toolResult: Annotated[
        ToolResultBlock | None, Meta(description="A tool's result (user messages).")
    ] = None
    guardContent: Annotated[
        Any, Meta(description="Content for a guardrail to assess; no IR form (PART_NOT_READ).")
    ] = None
    cachePoint: Annotated[
        CachePoint | None, Meta(description="A prompt-cache checkpoint after the block before it.")
    ] = None
    reasoningContent: Annotated[
        ReasoningContent | None, Meta(description="Reasoning (assistant messages).")
    ] = None
    citationsContent: Annotated[
        CitationsContent | None, Meta(description="Text with citations.")
    ] = None
    searchResult: Annotated[
        Any, Meta(description="A search result; no IR form (PART_NOT_READ).")
    ] = None
    toolAddition: Annotated[
        Any, Meta(description="A tool added to the conversation; no IR form (PART_NOT_READ).")
    ] = None
    toolRemoval: Annotated[
        Any, Meta(description="A tool removed from the conversation; no IR form (PART_NOT_READ).")
    ] = None


class Message(WireStruct):
    """A message: a user or an assistant turn."""

    role: Annotated[Literal["user", "assistant"], Meta(description="``user`` or ``assistant``.")]
    content: Annotated[list[ContentBlock], Meta(description="The turn's blocks.")]


class SystemBlock(WireStruct):
    """A block of the system prompt: one key."""

    text: Annotated[str | None, Meta(description="One system message.")] = None
    guardContent: Annotated[
        Any, Meta(description="Content for a guardrail to assess; no IR form (PART_NOT_READ).")
    ] = None
    cachePoint: Annotated[
        CachePoint | None,
        Meta(description="A prompt-cache checkpoint after the system message before it."),
    ] = None


class Request(WireStruct):
    """What ``from_bedrock_converse`` reads of a Converse request (its ``toolConfig`` is ``_tools``'s)."""

    messages: Annotated[list[Message], Meta(description="The conversation.")]
    system: Annotated[list[SystemBlock] | None, Meta(description="The system prompt.")] = None


class InputSchema(WireStruct):
    """A tool's parameters."""

    json: Annotated[Any, Meta(description="The JSON Schema of the tool's input.")]


class ToolSpec(WireStruct, kw_only=True):
    """A tool the model may call."""

    name: Annotated[str, Meta(description="The tool's name.")]
    description: Annotated[str | None, Meta(description="What the tool does.")] = None
    inputSchema: Annotated[InputSchema, Meta(description="Its parameters.")]
    strict: Annotated[
        bool | None,
        Meta(
            description="Whether the input must follow the schema exactly (kept as the IR's strict)."
        ),
    ] = None


class Tool(WireStruct):
    """An entry of ``toolConfig.tools``: one key."""

    toolSpec: Annotated[ToolSpec | None, Meta(description="A tool: an IR tool definition.")] = None
    systemTool: Annotated[
        Any, Meta(description="A tool the service provides; no IR form (PART_NOT_READ).")
    ] = None
    cachePoint: Annotated[
        CachePoint | None,
        Meta(
            description=(
                "A prompt-cache checkpoint after the tool before it; no IR form (PART_NOT_READ)."
            )
        ),
    ] = None


class ToolConfig(WireStruct):
    """The request's ``toolConfig``."""

    tools: Annotated[list[Tool], Meta(description="The tools.")]
    toolChoice: Annotated[
        Any,
        Meta(
            description="How the model picks a tool; not part of a transcript, not read, not warned."
        ),
    ] = None


class CacheDetail(WireStruct):
    """The cache write of one time to live."""

    ttl: Annotated[str, Meta(description="The time to live (5m or 1h): a CacheWrite's ttl.")]
    inputTokens: Annotated[
        Count, Meta(description="Input tokens written with it: a CacheWrite's tokens.")
    ]


class Usage(WireStruct):
    """Token counts."""

    inputTokens: Annotated[
        Count, Meta(description="Input tokens not read from or written to the cache.")
    ]
    outputTokens: Annotated[Count, Meta(description="Output tokens.")]
    totalTokens: Annotated[Count | None, Meta(description="Their sum; derived, not kept.")] = None
    cacheReadInputTokens: Annotated[
        Count | None, Meta(description="Input tokens read from the prompt cache.")
    ] = None
    cacheWriteInputTokens: Annotated[
        Count | None, Meta(description="Input tokens written to the prompt cache.")
    ] = None
    cacheDetails: Annotated[
        list[CacheDetail] | None,
        Meta(
            description=(
                "The cache writes by time to live: the usage's cacheWritesByTtl, in this "
                "order (each time to live once)."
            )
        ),
    ] = None


class Output(WireStruct):
    """The reply's output: its message."""

    message: Annotated[Message, Meta(description="The assistant message.")]


class Response(WireStruct):
    """A Converse reply, as boto3's ``client.converse()`` returns it (blobs as bytes) or as the HTTP API's JSON body (blobs as base64)."""

    output: Annotated[Output, Meta(description="The reply.")]
    stopReason: Annotated[
        str,
        Meta(description="Why the reply ended (``end_turn``, ``tool_use``, ``max_tokens``, ...)."),
    ]
    usage: Annotated[Usage | None, Meta(description="Token counts (none: 0 and 0).")] = None
    metrics: Annotated[
        Any, Meta(description="The latency; not part of a message, not read, not warned.")
    ] = None
    ResponseMetadata: Annotated[
        Any, Meta(description="boto3's HTTP metadata (request id, headers); not read, not warned.")
    ] = None


class MessageStart(WireStruct):
    """The reply starts."""

    role: Annotated[str, Meta(description="``assistant``.")]


class ToolUseStart(WireStruct):
    """A tool call starts."""

    toolUseId: Annotated[str, Meta(description="The call's id.")]
    name: Annotated[str, Meta(description="The tool's name.")]
    type: Annotated[str | None, Meta(description="``server_tool_use``: a server-tool call.")] = None


class BlockStart(WireStruct):
    """What a block that has a start event is: one key."""

    toolUse: Annotated[ToolUseStart | None, Meta(description="A tool call.")] = None
    toolResult: Annotated[
        Any, Meta(description="A server tool's result; no IR form (PART_NOT_READ).")
    ] = None
    image: Annotated[Any, Meta(description="A generated image; no IR form (PART_NOT_READ).")] = None


class ContentBlockStart(WireStruct):
    """A block with a start (a tool call) opens."""

    start: Annotated[BlockStart, Meta(description="The block.")]
    contentBlockIndex: Annotated[Count, Meta(description="Its index.")]


class ToolUseDelta(WireStruct):
    """More of a tool call's input."""

    input: Annotated[str, Meta(description="JSON text, joined and parsed at the block's stop.")]


class ReasoningDelta(WireStruct):
    """More reasoning: one key."""

    text: Annotated[str | None, Meta(description="Reasoning text.")] = None
    signature: Annotated[str | None, Meta(description="The reasoning's signature.")] = None
    redactedContent: Annotated[
        str | None, Meta(description="Redacted reasoning's bytes (base64 in JSON).")
    ] = None


class Delta(WireStruct):
    """What comes: one key."""

    text: Annotated[str | None, Meta(description="Text.")] = None
    toolUse: Annotated[ToolUseDelta | None, Meta(description="A tool call's input.")] = None
    reasoningContent: Annotated[ReasoningDelta | None, Meta(description="Reasoning.")] = None
    citation: Annotated[
        dict[str, Any] | None, Meta(description="A citation of the open text, kept as it is.")
    ] = None
    toolResult: Annotated[
        Any, Meta(description="A server tool's result; no IR form (PART_NOT_READ).")
    ] = None
    image: Annotated[Any, Meta(description="A generated image; no IR form (PART_NOT_READ).")] = None


class ContentBlockDelta(WireStruct):
    """More of a block (a block without a start event opens with its first delta)."""

    delta: Annotated[Delta, Meta(description="What comes.")]
    contentBlockIndex: Annotated[Count, Meta(description="The block's index.")]


class ContentBlockStop(WireStruct):
    """A block ends."""

    contentBlockIndex: Annotated[Count, Meta(description="Its index.")]


class MessageStop(WireStruct):
    """The reply's content ended."""

    stopReason: Annotated[str, Meta(description="Why.")]
    additionalModelResponseFields: Annotated[
        Any, Meta(description="A model's own fields; no IR form (PART_NOT_READ).")
    ] = None


class Metadata(WireStruct):
    """The last event: token counts (the stream's terminal)."""

    usage: Annotated[Usage | None, Meta(description="Token counts.")] = None
    metrics: Annotated[Any, Meta(description="The latency; not read, not warned.")] = None
    trace: Annotated[
        Any, Meta(description="A guardrail's or prompt router's trace; no IR form (PART_NOT_READ).")
    ] = None
    performanceConfig: Annotated[
        Any, Meta(description="The latency tier; not read, not warned.")
    ] = None
    serviceTier: Annotated[Any, Meta(description="The service tier; not read, not warned.")] = None


class StreamException(WireStruct):
    """An error the service reports in the stream (PROVIDER_TRANSPORT_ERROR with the event's name as the code)."""

    message: Annotated[str | None, Meta(description="What went wrong.")] = None
    originalStatusCode: Annotated[
        int | None, Meta(description="The model's status code (modelStreamErrorException).")
    ] = None
    originalMessage: Annotated[
        str | None, Meta(description="The model's message (modelStreamErrorException).")
    ] = None


class StreamEvent(WireStruct):
    """One event of ``client.converse_stream()["stream"]`` as boto3 yields it: an object with one key, the event's name."""

    messageStart: Annotated[MessageStart | None, Meta(description="The start.")] = None
    contentBlockStart: Annotated[
        ContentBlockStart | None, Meta(description="A block with a start.")
    ] = None
    contentBlockDelta: Annotated[ContentBlockDelta | None, Meta(description="More of a block.")] = (
        None
    )
    contentBlockStop: Annotated[ContentBlockStop | None, Meta(description="A block's end.")] = None
    messageStop: Annotated[MessageStop | None, Meta(description="The stop reason.")] = None
    metadata: Annotated[Metadata | None, Meta(description="Usage: the terminal.")] = None
    internalServerException: Annotated[StreamException | None, Meta(description="An error.")] = None
    modelStreamErrorException: Annotated[StreamException | None, Meta(description="An error.")] = (
        None
    )
    validationException: Annotated[StreamException | None, Meta(description="An error.")] = None
    throttlingException: Annotated[StreamException | None, Meta(description="An error.")] = None
    serviceUnavailableException: Annotated[
        StreamException | None, Meta(description="An error.")
    ] = None
