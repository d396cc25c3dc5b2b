"""Anthropic Messages replies and stream events, declared once: what
``reply_from_anthropic``, ``AnthropicStream`` and ``AsyncAnthropicStream`` decode
(``agent_ir.wire._decode``). Field descriptions are the format's spec as agent-ir reads
it; a key that is not declared here is a PART_NOT_READ warning, a block, delta or event
type that is not declared is read as ``Unread`` (see the readers for what each becomes).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from msgspec import Meta, field

from agent_ir.wire._decode import Count, NonBlank, WireStruct

__all__ = [
    "Block",
    "ContentBlockDelta",
    "ContentBlockStart",
    "ContentBlockStop",
    "Delta",
    "ErrorEvent",
    "Event",
    "McpToolUseBlock",
    "Message",
    "MessageDelta",
    "MessageStart",
    "MessageStop",
    "Ping",
    "RedactedThinkingBlock",
    "ServerToolUseBlock",
    "TextBlock",
    "ThinkingBlock",
    "ToolUseBlock",
    "Usage",
]

JsonObject = dict[str, Any]


def _doc(text: str) -> Meta:
    return Meta(description=text)


# --- usage --------------------------------------------------------------------------


class OutputTokensDetails(WireStruct):
    """A decomposition of ``output_tokens``."""

    thinking_tokens: Annotated[Count | None, _doc("Output tokens spent on thinking.")] = None


class Usage(WireStruct):
    """Token counts. In a stream, ``message_start``'s are the first report and each
    ``message_delta``'s counts are cumulative totals that replace them."""

    input_tokens: Annotated[
        Count | None, _doc("Input tokens not read from or written to the cache.")
    ] = None
    output_tokens: Annotated[Count | None, _doc("Output tokens, thinking included.")] = None
    cache_read_input_tokens: Annotated[
        Count | None, _doc("Input tokens read from the prompt cache.")
    ] = None
    cache_creation_input_tokens: Annotated[
        Count | None, _doc("Input tokens written to the prompt cache.")
    ] = None
    output_tokens_details: Annotated[
        OutputTokensDetails | None, _doc("Where the output tokens went.")
    ] = None
    cache_creation: Annotated[
        Any, _doc("The cache write split by time to live; no IR form, not warned.")
    ] = None
    server_tool_use: Annotated[
        Any, _doc("Server tool requests (not tokens); no IR form, not warned.")
    ] = None
    service_tier: Annotated[Any, _doc("The service tier; no IR form, not warned.")] = None
    inference_geo: Annotated[Any, _doc("Where inference ran; no IR form, not warned.")] = None
    speed: Annotated[Any, _doc("The speed mode; no IR form, not warned.")] = None
    iterations: Annotated[Any, _doc("Per-iteration counts; no IR form, not warned.")] = None


# --- content blocks -----------------------------------------------------------------


class TextBlock(WireStruct, tag_field="type", tag="text"):
    """Text; Anthropic splits a reply's text at citations and around server tools."""

    text: Annotated[str, _doc("The text (empty at a stream's block start).")]
    citations: Annotated[
        list[JsonObject] | None,
        _doc("Where the text comes from: each citation object, kept as it is."),
    ] = None


class ThinkingBlock(WireStruct, tag_field="type", tag="thinking"):
    """Extended thinking."""

    thinking: Annotated[str, _doc("The reasoning (empty at a stream's block start).")]
    signature: Annotated[
        str | None, _doc("Anthropic's proof of the thinking, sent back as it came.")
    ] = None


class RedactedThinkingBlock(WireStruct, tag_field="type", tag="redacted_thinking"):
    """Thinking redacted by Anthropic's safety systems."""

    data: Annotated[str, _doc("The encrypted thinking, sent back as it came.")]


class ToolUseBlock(WireStruct, tag_field="type", tag="tool_use"):
    """A call of one of the request's tools."""

    id: Annotated[NonBlank, _doc("The call's id, answered by a tool_result.")]
    name: Annotated[NonBlank, _doc("The tool's name.")]
    input: Annotated[
        JsonObject, _doc("The arguments (a stream sends them as input_json_delta text).")
    ] = field(default_factory=dict)
    caller: Annotated[
        JsonObject | None,
        _doc("Who made the call: {type: direct} is the model; any other caller is warned."),
    ] = None


class ServerToolUseBlock(WireStruct, tag_field="type", tag="server_tool_use"):
    """A call of a tool Anthropic runs (web search, code execution...); its keys but
    ``id``, ``name`` and ``input`` are kept as the call's ``wire``."""

    rest_kept: ClassVar[bool] = True
    id: Annotated[NonBlank, _doc("The call's id, answered by a server tool result block.")]
    name: Annotated[NonBlank, _doc("The server tool's name.")]
    input: Annotated[JsonObject, _doc("The call's input.")] = field(default_factory=dict)


class McpToolUseBlock(WireStruct, tag_field="type", tag="mcp_tool_use"):
    """A call of a tool on an MCP server Anthropic connects to; kept as
    ``ServerToolUseBlock`` is, its ``wire`` holding its type and ``server_name``."""

    rest_kept: ClassVar[bool] = True
    id: Annotated[NonBlank, _doc("The call's id, answered by an mcp_tool_result.")]
    name: Annotated[NonBlank, _doc("The MCP tool's name.")]
    input: Annotated[JsonObject, _doc("The call's input.")] = field(default_factory=dict)


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


# --- the reply ----------------------------------------------------------------------


class Message(WireStruct):
    """A Messages reply (``client.messages.create()``), and a stream's first state."""

    id: Annotated[NonBlank, _doc("The reply's id.")]
    content: Annotated[
        list[Block] | None, _doc("The blocks, in order (empty or null in message_start).")
    ] = None
    type: Annotated[Any, _doc("Always 'message'.")] = "message"
    role: Annotated[Any, _doc("Always 'assistant'.")] = "assistant"
    stop_reason: Annotated[
        Any,
        _doc(
            "end_turn, stop_sequence, pause_turn: stop; tool_use: tool call; max_tokens,"
            " model_context_window_exceeded: length; refusal: refusal."
        ),
    ] = None
    usage: Annotated[Usage | None, _doc("Token counts.")] = None
    model: Annotated[Any, _doc("The model that answered; no IR form, not warned.")] = None
    stop_sequence: Annotated[Any, _doc("The stop sequence met; no IR form, not warned.")] = None
    stop_details: Annotated[Any, _doc("Details of a refusal; no IR form, not warned.")] = None
    container: Annotated[Any, _doc("The code execution container; not warned.")] = None
    context_management: Annotated[Any, _doc("Context edits applied; not warned.")] = None
    diagnostics: Annotated[Any, _doc("Prompt-cache diagnostics; not warned.")] = None


# --- stream events ------------------------------------------------------------------


class TextDelta(WireStruct, tag_field="type", tag="text_delta"):
    """More text of a text block."""

    text: Annotated[str, _doc("The piece of text.")]


class InputJsonDelta(WireStruct, tag_field="type", tag="input_json_delta"):
    """More of a tool call's input, as JSON text."""

    partial_json: Annotated[str, _doc("The piece of JSON text.")]


class ThinkingDelta(WireStruct, tag_field="type", tag="thinking_delta"):
    """More reasoning of a thinking block."""

    thinking: Annotated[str, _doc("The piece of reasoning.")]


class SignatureDelta(WireStruct, tag_field="type", tag="signature_delta"):
    """A thinking block's signature (the last one wins, as in the SDK)."""

    signature: Annotated[str, _doc("The signature.")]


class CitationsDelta(WireStruct, tag_field="type", tag="citations_delta"):
    """One more citation of a text block."""

    citation: Annotated[JsonObject, _doc("The citation object, kept as it is.")]


Delta = TextDelta | InputJsonDelta | ThinkingDelta | SignatureDelta | CitationsDelta
"""A content block delta; any other type is ``Unread`` (PART_NOT_READ, once a block)."""


class MessageStart(WireStruct, tag_field="type", tag="message_start"):
    """The stream's first event."""

    message: Annotated[Message, _doc("The reply so far (no content yet).")]


class ContentBlockStart(WireStruct, tag_field="type", tag="content_block_start"):
    """A block begins; it is the only open one until its content_block_stop."""

    index: Annotated[Count, _doc("The block's index in the reply's content.")]
    content_block: Annotated[Block, _doc("The block as it starts.")]


class ContentBlockDelta(WireStruct, tag_field="type", tag="content_block_delta"):
    """More of the open block."""

    index: Annotated[Count, _doc("The open block's index.")]
    delta: Annotated[Delta, _doc("What comes.")]


class ContentBlockStop(WireStruct, tag_field="type", tag="content_block_stop"):
    """The open block ends."""

    index: Annotated[Count, _doc("The open block's index.")]


class MessageDeltaFields(WireStruct):
    """What ``message_delta`` changes at the reply's top level."""

    stop_reason: Annotated[Any, _doc("The stop reason (see Message).")] = None
    stop_sequence: Annotated[Any, _doc("The stop sequence met; not warned.")] = None
    stop_details: Annotated[Any, _doc("Details of a refusal; not warned.")] = None
    container: Annotated[Any, _doc("The code execution container; not warned.")] = None
    context_management: Annotated[Any, _doc("Context edits applied; not warned.")] = None


class MessageDelta(WireStruct, tag_field="type", tag="message_delta"):
    """The reply's stop reason and cumulative usage, after its last block."""

    delta: Annotated[MessageDeltaFields, _doc("The top-level changes.")]
    usage: Annotated[Usage | None, _doc("Cumulative token counts.")] = None
    context_management: Annotated[Any, _doc("Context edits applied; not warned.")] = None


class MessageStop(WireStruct, tag_field="type", tag="message_stop"):
    """The stream's terminal event."""


class Ping(WireStruct, tag_field="type", tag="ping"):
    """Keeps the connection open; carries nothing."""


class ErrorDetail(WireStruct):
    """An error Anthropic reports in the stream."""

    type: Annotated[NonBlank, _doc("Anthropic's code (overloaded_error, api_error...).")]
    message: Annotated[NonBlank, _doc("What went wrong.")]


class ErrorEvent(WireStruct, tag_field="type", tag="error"):
    """An error in the stream: PROVIDER_TRANSPORT_ERROR with Anthropic's code."""

    error: Annotated[ErrorDetail, _doc("The error.")]


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
"""An event of a Messages stream; any other type is ``Unread`` (EVENT_NOT_READ)."""
