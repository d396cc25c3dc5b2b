# DO NOT EDIT: generated from schemas/v1/wire/anthropic.schema.json by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
"""Anthropic Messages replies and stream events, declared once: what
``reply_from_anthropic``, ``AnthropicStream`` and ``AsyncAnthropicStream`` decode
(``agent_ir.wire._decode``). Field descriptions are the format's spec as agent-ir reads
it; a key that is not declared here is a PART_NOT_READ warning, a block, delta or event
type that is not declared is read as ``Unread`` (see the readers for what each becomes)."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from msgspec import Meta, field

from agent_ir._wire_base import Count, NonBlank, WireStruct

__all__ = [
    "AssistantBlock",
    "AssistantMessage",
    "Base64Source",
    "Block",
    "CacheCreation",
    "CitationsDelta",
    "ContentBlockDelta",
    "ContentBlockStart",
    "ContentBlockStop",
    "Delta",
    "DocumentBlock",
    "DocumentCitations",
    "ErrorDetail",
    "ErrorEvent",
    "Event",
    "FileSource",
    "ImageBlock",
    "InputJsonDelta",
    "McpToolUseBlock",
    "Message",
    "MessageDelta",
    "MessageDeltaFields",
    "MessageStart",
    "MessageStop",
    "OutputTokensDetails",
    "Ping",
    "RedactedThinkingBlock",
    "Request",
    "RequestBlock",
    "RequestMcpToolUseBlock",
    "RequestMessage",
    "RequestRedactedThinkingBlock",
    "RequestServerToolUseBlock",
    "RequestTextBlock",
    "RequestThinkingBlock",
    "RequestToolUseBlock",
    "ResultPart",
    "ServerToolUsage",
    "ServerToolUseBlock",
    "SignatureDelta",
    "SystemBlock",
    "SystemMessage",
    "SystemPrompt",
    "SystemTextBlock",
    "TextBlock",
    "TextDelta",
    "TextSource",
    "ThinkingBlock",
    "ThinkingDelta",
    "ToolAdditionBlock",
    "ToolResultBlock",
    "ToolUseBlock",
    "UrlSource",
    "Usage",
    "UserBlock",
    "UserMessage",
]


class OutputTokensDetails(WireStruct):
    """A decomposition of ``output_tokens``."""

    thinking_tokens: Annotated[
        Count | None, Meta(description="Output tokens spent on thinking.")
    ] = None


class Usage(WireStruct):
    """Token counts. In a stream, ``message_start``'s are the first report and each
    ``message_delta``'s counts are cumulative totals that replace them."""

    input_tokens: Annotated[
        Count | None, Meta(description="Input tokens not read from or written to the cache.")
    ] = None
    output_tokens: Annotated[
        Count | None, Meta(description="Output tokens, thinking included.")
    ] = None
    cache_read_input_tokens: Annotated[
        Count | None, Meta(description="Input tokens read from the prompt cache.")
    ] = None
    cache_creation_input_tokens: Annotated[
        Count | None, Meta(description="Input tokens written to the prompt cache.")
    ] = None
    output_tokens_details: Annotated[
        OutputTokensDetails | None, Meta(description="Where the output tokens went.")
    ] = None
    cache_creation: Annotated[
        CacheCreation | None,
        Meta(
            description=(
                "The cache write split by time to live: the usage's cacheWritesByTtl (5m, then 1h)."
            )
        ),
    ] = None
    server_tool_use: Annotated[
        ServerToolUsage | None,
        Meta(
            description=(
                "Server tool requests (not tokens): the usage's serverToolRequests "
                "(web_search, then web_fetch)."
            )
        ),
    ] = None
    service_tier: Annotated[Any, Meta(description="The service tier; no IR form, not warned.")] = (
        None
    )
    inference_geo: Annotated[
        Any, Meta(description="Where inference ran; no IR form, not warned.")
    ] = None
    speed: Annotated[Any, Meta(description="The speed mode; no IR form, not warned.")] = None
    iterations: Annotated[
        Any, Meta(description="Per-iteration counts; no IR form, not warned.")
    ] = None


class CacheCreation(WireStruct):
    """The cache write split by time to live; each count present is one of the usage's cacheWritesByTtl."""

    ephemeral_5m_input_tokens: Annotated[
        Count | None, Meta(description="Input tokens written with a 5-minute time to live: ttl 5m.")
    ] = None
    ephemeral_1h_input_tokens: Annotated[
        Count | None, Meta(description="Input tokens written with a 1-hour time to live: ttl 1h.")
    ] = None


class ServerToolUsage(WireStruct):
    """Requests of the server tools (billed per request); each count present is one of the usage's serverToolRequests."""

    web_search_requests: Annotated[
        Count | None, Meta(description="Web searches run: tool web_search.")
    ] = None
    web_fetch_requests: Annotated[
        Count | None, Meta(description="Web pages fetched: tool web_fetch.")
    ] = None


class TextBlock(WireStruct, tag_field="type", tag="text"):
    """Text; Anthropic splits a reply's text at citations and around server tools."""

    text: Annotated[str, Meta(description="The text (empty at a stream's block start).")]
    citations: Annotated[
        list[dict[str, Any]] | None,
        Meta(description="Where the text comes from: each citation object, kept as it is."),
    ] = None


class ThinkingBlock(WireStruct, tag_field="type", tag="thinking"):
    """Extended thinking."""

    thinking: Annotated[str, Meta(description="The reasoning (empty at a stream's block start).")]
    signature: Annotated[
        str | None, Meta(description="Anthropic's proof of the thinking, sent back as it came.")
    ] = None


class RedactedThinkingBlock(WireStruct, tag_field="type", tag="redacted_thinking"):
    """Thinking redacted by Anthropic's safety systems."""

    data: Annotated[str, Meta(description="The encrypted thinking, sent back as it came.")]


class ToolUseBlock(WireStruct, tag_field="type", tag="tool_use"):
    """A call of one of the request's tools."""

    id: Annotated[NonBlank, Meta(description="The call's id, answered by a tool_result.")]
    name: Annotated[NonBlank, Meta(description="The tool's name.")]
    input: Annotated[
        dict[str, Any],
        Meta(description="The arguments (a stream sends them as input_json_delta text)."),
    ] = field(default_factory=dict)
    caller: Annotated[
        dict[str, Any] | None,
        Meta(
            description="Who made the call: {type: direct} is the model; any other caller is warned."
        ),
    ] = None


class ServerToolUseBlock(WireStruct, tag_field="type", tag="server_tool_use"):
    """A call of a tool Anthropic runs (web search, code execution...); its keys but
    ``id``, ``name`` and ``input`` are kept as the call's ``wire``."""

    rest_kept: ClassVar[bool] = True
    id: Annotated[
        NonBlank, Meta(description="The call's id, answered by a server tool result block.")
    ]
    name: Annotated[NonBlank, Meta(description="The server tool's name.")]
    input: Annotated[dict[str, Any], Meta(description="The call's input.")] = field(
        default_factory=dict
    )


class McpToolUseBlock(WireStruct, tag_field="type", tag="mcp_tool_use"):
    """A call of a tool on an MCP server Anthropic connects to; kept as
    ``ServerToolUseBlock`` is, its ``wire`` holding its type and ``server_name``."""

    rest_kept: ClassVar[bool] = True
    id: Annotated[NonBlank, Meta(description="The call's id, answered by an mcp_tool_result.")]
    name: Annotated[NonBlank, Meta(description="The MCP tool's name.")]
    input: Annotated[dict[str, Any], Meta(description="The call's input.")] = field(
        default_factory=dict
    )


Block = (
    TextBlock
    | ThinkingBlock
    | RedactedThinkingBlock
    | ToolUseBlock
    | ServerToolUseBlock
    | McpToolUseBlock
)
"""A content block of a reply. Any other type is ``Unread``: a server tool's result
when it has a ``tool_use_id`` (``web_search_tool_result``, ``mcp_tool_result``...),
else a block the IR has no place for (``compaction``, ``container_upload``...)."""


class Message(WireStruct):
    """A Messages reply (``client.messages.create()``), and a stream's first state."""

    id: Annotated[NonBlank, Meta(description="The reply's id.")]
    content: Annotated[
        list[Block] | None,
        Meta(description="The blocks, in order (empty or null in message_start)."),
    ] = None
    type: Annotated[Any, Meta(description="Always 'message'.")] = "message"
    role: Annotated[Any, Meta(description="Always 'assistant'.")] = "assistant"
    stop_reason: Annotated[
        Any,
        Meta(
            description=(
                "end_turn, stop_sequence, pause_turn: stop; tool_use: tool call; max_tokens, "
                "model_context_window_exceeded: length; refusal: refusal."
            )
        ),
    ] = None
    usage: Annotated[Usage | None, Meta(description="Token counts.")] = None
    model: Annotated[
        str | None,
        Meta(
            description=(
                "The model that answered: the response's model and its message's (blank: none)."
            )
        ),
    ] = None
    stop_sequence: Annotated[
        Any, Meta(description="The stop sequence met; no IR form, not warned.")
    ] = None
    stop_details: Annotated[
        Any, Meta(description="Details of a refusal; no IR form, not warned.")
    ] = None
    container: Annotated[Any, Meta(description="The code execution container; not warned.")] = None
    context_management: Annotated[Any, Meta(description="Context edits applied; not warned.")] = (
        None
    )
    diagnostics: Annotated[Any, Meta(description="Prompt-cache diagnostics; not warned.")] = None


class TextDelta(WireStruct, tag_field="type", tag="text_delta"):
    """More text of a text block."""

    text: Annotated[str, Meta(description="The piece of text.")]


class InputJsonDelta(WireStruct, tag_field="type", tag="input_json_delta"):
    """More of a tool call's input, as JSON text."""

    partial_json: Annotated[str, Meta(description="The piece of JSON text.")]


class ThinkingDelta(WireStruct, tag_field="type", tag="thinking_delta"):
    """More reasoning of a thinking block."""

    thinking: Annotated[str, Meta(description="The piece of reasoning.")]


class SignatureDelta(WireStruct, tag_field="type", tag="signature_delta"):
    """A thinking block's signature (the last one wins, as in the SDK)."""

    signature: Annotated[str, Meta(description="The signature.")]


class CitationsDelta(WireStruct, tag_field="type", tag="citations_delta"):
    """One more citation of a text block."""

    citation: Annotated[dict[str, Any], Meta(description="The citation object, kept as it is.")]


Delta = TextDelta | InputJsonDelta | ThinkingDelta | SignatureDelta | CitationsDelta
"""A content block delta; any other type is ``Unread`` (PART_NOT_READ, once a block)."""


class MessageStart(WireStruct, tag_field="type", tag="message_start"):
    """The stream's first event. A compatible server's may have no usage (0 and 0)."""

    message: Annotated[Message, Meta(description="The reply so far (no content yet).")]


class ContentBlockStart(WireStruct, tag_field="type", tag="content_block_start"):
    """A block begins; it is the only open one until its content_block_stop."""

    index: Annotated[Count, Meta(description="The block's index in the reply's content.")]
    content_block: Annotated[Block, Meta(description="The block as it starts.")]


class ContentBlockDelta(WireStruct, tag_field="type", tag="content_block_delta"):
    """More of the open block."""

    index: Annotated[Count, Meta(description="The open block's index.")]
    delta: Annotated[Delta, Meta(description="What comes.")]


class ContentBlockStop(WireStruct, tag_field="type", tag="content_block_stop"):
    """The open block ends."""

    index: Annotated[Count, Meta(description="The open block's index.")]


class MessageDeltaFields(WireStruct):
    """What ``message_delta`` changes at the reply's top level."""

    stop_reason: Annotated[Any, Meta(description="The stop reason (see Message).")] = None
    stop_sequence: Annotated[Any, Meta(description="The stop sequence met; not warned.")] = None
    stop_details: Annotated[Any, Meta(description="Details of a refusal; not warned.")] = None
    container: Annotated[Any, Meta(description="The code execution container; not warned.")] = None
    context_management: Annotated[Any, Meta(description="Context edits applied; not warned.")] = (
        None
    )


class MessageDelta(WireStruct, tag_field="type", tag="message_delta"):
    """The reply's stop reason and cumulative usage, after its last block."""

    delta: Annotated[MessageDeltaFields, Meta(description="The top-level changes.")]
    usage: Annotated[Usage | None, Meta(description="Cumulative token counts.")] = None
    context_management: Annotated[Any, Meta(description="Context edits applied; not warned.")] = (
        None
    )


class MessageStop(WireStruct, tag_field="type", tag="message_stop"):
    """The stream's terminal event."""


class Ping(WireStruct, tag_field="type", tag="ping"):
    """Keeps the connection open; carries nothing."""


class ErrorDetail(WireStruct):
    """An error Anthropic reports in the stream."""

    type: Annotated[
        NonBlank, Meta(description="Anthropic's code (overloaded_error, api_error...).")
    ]
    message: Annotated[NonBlank, Meta(description="What went wrong.")]


class ErrorEvent(WireStruct, tag_field="type", tag="error"):
    """An error in the stream: PROVIDER_TRANSPORT_ERROR with Anthropic's code."""

    error: Annotated[ErrorDetail, Meta(description="The error.")]


Event = (
    MessageStart
    | ContentBlockStart
    | ContentBlockDelta
    | ContentBlockStop
    | MessageDelta
    | MessageStop
    | Ping
    | ErrorEvent
)
"""An event of a Messages stream; any other type is ``Unread`` (EVENT_NOT_READ). Anthropic documents that new event types may be added: an unknown one is passed over with EVENT_NOT_READ, as the SDK passes it over."""


class RequestBlock(WireStruct):
    """The base of a request's block declarations."""

    empty_tag_read: ClassVar[bool] = True


class RequestTextBlock(RequestBlock, tag_field="type", tag="text"):
    """Text in a user, assistant or tool-result content."""

    text: Annotated[str, Meta(description="The text.")]
    citations: Annotated[
        list[dict[str, Any]] | None,
        Meta(description="Where the text comes from: each citation object, kept as it is."),
    ] = None
    cache_control: Annotated[
        Any,
        Meta(
            description=(
                "A prompt-cache breakpoint: {type: ephemeral} with an optional ttl of 5m or "
                "1h; any other value is warned (PART_NOT_READ), null is none."
            )
        ),
    ] = None


class SystemTextBlock(RequestBlock, tag_field="type", tag="text"):
    """One system message (any other block of a system prompt is warned)."""

    text: Annotated[str, Meta(description="The instructions.")]
    cache_control: Annotated[
        Any,
        Meta(
            description=(
                "A prompt-cache breakpoint: {type: ephemeral} with an optional ttl of 5m or "
                "1h; any other value is warned (PART_NOT_READ), null is none."
            )
        ),
    ] = None


class Base64Source(RequestBlock, tag_field="type", tag="base64"):
    """Inline bytes of an image or a document."""

    media_type: Annotated[
        str, Meta(description="The bytes' media type (image/png, application/pdf...).")
    ]
    data: Annotated[str, Meta(description="The bytes, base64.")]


class UrlSource(RequestBlock, tag_field="type", tag="url"):
    """An image or a document Anthropic fetches."""

    url: Annotated[str, Meta(description="Where it is.")]


class FileSource(RequestBlock, tag_field="type", tag="file"):
    """A document uploaded with the Files API (an image by file id is warned)."""

    file_id: Annotated[str, Meta(description="The file's id.")]


class TextSource(RequestBlock, tag_field="type", tag="text"):
    """A plain-text document, read as base64 of its UTF-8 bytes (empty: warned)."""

    media_type: Annotated[str, Meta(description="The text's media type (text/plain).")]
    data: Annotated[str, Meta(description="The text.")]


class ImageBlock(RequestBlock, tag_field="type", tag="image"):
    """An image in a user or tool-result content."""

    source: Annotated[
        Base64Source | UrlSource, Meta(description="The image; any other source type is warned.")
    ]
    cache_control: Annotated[
        Any,
        Meta(
            description=(
                "A prompt-cache breakpoint: {type: ephemeral} with an optional ttl of 5m or "
                "1h; any other value is warned (PART_NOT_READ), null is none."
            )
        ),
    ] = None


class DocumentCitations(WireStruct):
    """Whether Anthropic may cite the document."""

    enabled: Annotated[bool | None, Meta(description="Citations on or off.")] = None


class DocumentBlock(RequestBlock, tag_field="type", tag="document"):
    """A document (PDF, text, by URL or file id) in a user content."""

    source: Annotated[
        Base64Source | UrlSource | FileSource | TextSource,
        Meta(description="The document; any other source type (content) is warned."),
    ]
    title: Annotated[str | None, Meta(description="The document's title.")] = None
    context: Annotated[str | None, Meta(description="Context about the document.")] = None
    citations: Annotated[
        DocumentCitations | None, Meta(description="Citations of the document, on or off.")
    ] = None
    cache_control: Annotated[
        Any,
        Meta(
            description=(
                "A prompt-cache breakpoint: {type: ephemeral} with an optional ttl of 5m or "
                "1h; any other value is warned (PART_NOT_READ), null is none."
            )
        ),
    ] = None


ResultPart = RequestTextBlock | ImageBlock
"""A part of a tool result's content; any other type is warned."""


class ToolResultBlock(RequestBlock, tag_field="type", tag="tool_result"):
    """The result of a tool call: one tool-result message, in a user content."""

    tool_use_id: Annotated[str, Meta(description="The id of the tool_use it answers.")]
    is_error: Annotated[bool, Meta(description="Whether the tool failed.")] = False
    content: Annotated[
        str | list[ResultPart], Meta(description="The result: a string, or text and image parts.")
    ] = ""
    cache_control: Annotated[
        Any,
        Meta(
            description=(
                "A prompt-cache breakpoint: {type: ephemeral} with an optional ttl of 5m or "
                "1h; any other value is warned (PART_NOT_READ), null is none."
            )
        ),
    ] = None


class RequestThinkingBlock(RequestBlock, tag_field="type", tag="thinking"):
    """Extended thinking sent back, with its signature."""

    thinking: Annotated[str, Meta(description="The reasoning.")]
    signature: Annotated[str, Meta(description="Anthropic's proof of the thinking.")]


class RequestRedactedThinkingBlock(RequestBlock, tag_field="type", tag="redacted_thinking"):
    """Redacted thinking sent back: a redacted thinking block signed by its data."""

    data: Annotated[str, Meta(description="The encrypted thinking.")]


class RequestToolUseBlock(RequestBlock, tag_field="type", tag="tool_use"):
    """A call of one of the request's tools (a tool call)."""

    id: Annotated[str, Meta(description="The call's id, answered by a tool_result.")]
    name: Annotated[str, Meta(description="The tool's name.")]
    input: Annotated[Any, Meta(description="The arguments; not an object: refused by the IR.")]
    cache_control: Annotated[
        Any,
        Meta(
            description=(
                "A prompt-cache breakpoint: {type: ephemeral} with an optional ttl of 5m or "
                "1h; any other value is warned (PART_NOT_READ), null is none."
            )
        ),
    ] = None
    caller: Annotated[
        Any,
        Meta(
            description="Who made the call: {type: direct} (the model) says nothing; else warned."
        ),
    ] = None


class RequestServerToolUseBlock(RequestBlock, tag_field="type", tag="server_tool_use"):
    """A call of a tool Anthropic runs; its keys but ``id``, ``name`` and ``input``
    are kept as the server-tool call's ``wire``."""

    rest_kept: ClassVar[bool] = True
    id: Annotated[str, Meta(description="The call's id.")]
    name: Annotated[str, Meta(description="The server tool's name.")]
    input: Annotated[dict[str, Any], Meta(description="The call's input.")]


class RequestMcpToolUseBlock(RequestBlock, tag_field="type", tag="mcp_tool_use"):
    """A call of a tool on an MCP server; kept as ``RequestServerToolUseBlock`` is, its
    ``wire`` holding its type and ``server_name``."""

    rest_kept: ClassVar[bool] = True
    id: Annotated[str, Meta(description="The call's id.")]
    name: Annotated[str, Meta(description="The MCP tool's name.")]
    input: Annotated[dict[str, Any], Meta(description="The call's input.")]


UserBlock = ResultPart | DocumentBlock | ToolResultBlock
"""A block of a user message; any other type is warned."""


AssistantBlock = (
    RequestTextBlock
    | RequestThinkingBlock
    | RequestRedactedThinkingBlock
    | RequestToolUseBlock
    | RequestServerToolUseBlock
    | RequestMcpToolUseBlock
)
"""A block of an assistant message. Any other type with a ``tool_use_id`` but
``tool_result`` is a server tool's result, kept whole (``web_search_tool_result``,
``mcp_tool_result``...); any other block is warned."""


class ToolAdditionBlock(RequestBlock, tag_field="type", tag="tool_addition"):
    """A tool made available in a system turn (tool search, deferred tools); no IR
    form: warned as a whole."""

    rest_kept: ClassVar[bool] = True
    tool: Annotated[Any, Meta(description="The tool added (a tool_reference).")] = None


SystemBlock = SystemTextBlock | ToolAdditionBlock
"""A block of a system prompt: each text block is one system message; any other block
is warned."""


SystemPrompt = str | list[SystemBlock]
"""A system prompt: one system message, or one per text block."""


class UserMessage(WireStruct, tag_field="role", tag="user"):
    """A user turn: a string, or blocks; each tool_result is one tool-result message and
    each run of other blocks one user message."""

    content: Annotated[str | list[UserBlock], Meta(description="The turn's content.")]


class AssistantMessage(WireStruct, tag_field="role", tag="assistant"):
    """An assistant turn: a string (one text block), or blocks."""

    content: Annotated[str | list[AssistantBlock], Meta(description="The turn's content.")]


class SystemMessage(WireStruct, tag_field="role", tag="system"):
    """A system turn (the SDK's MessageParam has one), read as the ``system`` is, in
    its place."""

    content: Annotated[SystemPrompt, Meta(description="The instructions.")]


RequestMessage = UserMessage | AssistantMessage | SystemMessage
"""A message of a request; any other role is refused. The API refuses an empty message and empty text, combines consecutive turns of one role itself, and wants the tool results first in the user turn that answers the calls."""


class Request(WireStruct):
    """What ``from_anthropic`` reads of a Messages request (its tools are ``_tools``'s)."""

    messages: Annotated[list[RequestMessage], Meta(description="The conversation.")]
    system: Annotated[SystemPrompt | None, Meta(description="The system prompt.")] = None
