// DO NOT EDIT: generated from schemas/v1/wire/anthropic.schema.json by codegen/wire_typescript.py.
// Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
// The Anthropic Messages wire format as agent-ir reads it: each type is a $defs entry of the
// schema, under its name. agent-ir warns about keys and types it does not declare
// rather than refusing them (schemas/README.md, "Wire formats").

/**
 * A decomposition of ``output_tokens``.
 */
export interface OutputTokensDetails {
  /**
   * Output tokens spent on thinking.
   */
  readonly thinking_tokens?: number | null;
}

/**
 * Token counts. In a stream, ``message_start``'s are the first report and each
 * ``message_delta``'s counts are cumulative totals that replace them.
 */
export interface Usage {
  /**
   * Input tokens not read from or written to the cache.
   */
  readonly input_tokens?: number | null;
  /**
   * Output tokens, thinking included.
   */
  readonly output_tokens?: number | null;
  /**
   * Input tokens read from the prompt cache.
   */
  readonly cache_read_input_tokens?: number | null;
  /**
   * Input tokens written to the prompt cache.
   */
  readonly cache_creation_input_tokens?: number | null;
  /**
   * Where the output tokens went.
   */
  readonly output_tokens_details?: OutputTokensDetails | null;
  /**
   * The cache write split by time to live: the usage's cacheWritesByTtl (5m, then 1h).
   */
  readonly cache_creation?: CacheCreation | null;
  /**
   * Server tool requests (not tokens): the usage's serverToolRequests (web_search, then web_fetch).
   */
  readonly server_tool_use?: ServerToolUsage | null;
  /**
   * The service tier; no IR form, not warned.
   */
  readonly service_tier?: unknown;
  /**
   * Where inference ran; no IR form, not warned.
   */
  readonly inference_geo?: unknown;
  /**
   * The speed mode; no IR form, not warned.
   */
  readonly speed?: unknown;
  /**
   * Per-iteration counts; no IR form, not warned.
   */
  readonly iterations?: unknown;
}

/**
 * The cache write split by time to live; each count present is one of the usage's cacheWritesByTtl.
 */
export interface CacheCreation {
  /**
   * Input tokens written with a 5-minute time to live: ttl 5m.
   */
  readonly ephemeral_5m_input_tokens?: number | null;
  /**
   * Input tokens written with a 1-hour time to live: ttl 1h.
   */
  readonly ephemeral_1h_input_tokens?: number | null;
}

/**
 * Requests of the server tools (billed per request); each count present is one of the usage's serverToolRequests.
 */
export interface ServerToolUsage {
  /**
   * Web searches run: tool web_search.
   */
  readonly web_search_requests?: number | null;
  /**
   * Web pages fetched: tool web_fetch.
   */
  readonly web_fetch_requests?: number | null;
}

/**
 * Text; Anthropic splits a reply's text at citations and around server tools.
 */
export interface TextBlock {
  readonly type: "text";
  /**
   * The text (empty at a stream's block start).
   */
  readonly text: string;
  /**
   * Where the text comes from: each citation object, kept as it is.
   */
  readonly citations?: readonly { readonly [key: string]: unknown }[] | null;
}

/**
 * Extended thinking.
 */
export interface ThinkingBlock {
  readonly type: "thinking";
  /**
   * The reasoning (empty at a stream's block start).
   */
  readonly thinking: string;
  /**
   * Anthropic's proof of the thinking, sent back as it came.
   */
  readonly signature?: string | null;
}

/**
 * Thinking redacted by Anthropic's safety systems.
 */
export interface RedactedThinkingBlock {
  readonly type: "redacted_thinking";
  /**
   * The encrypted thinking, sent back as it came.
   */
  readonly data: string;
}

/**
 * A call of one of the request's tools.
 */
export interface ToolUseBlock {
  readonly type: "tool_use";
  /**
   * The call's id, answered by a tool_result.
   */
  readonly id: string;
  /**
   * The tool's name.
   */
  readonly name: string;
  /**
   * The arguments (a stream sends them as input_json_delta text).
   */
  readonly input?: { readonly [key: string]: unknown };
  /**
   * Who made the call: {type: direct} is the model; any other caller is warned.
   */
  readonly caller?: { readonly [key: string]: unknown } | null;
}

/**
 * A call of a tool Anthropic runs (web search, code execution...); its keys but
 * ``id``, ``name`` and ``input`` are kept as the call's ``wire``.
 */
export interface ServerToolUseBlock {
  readonly type: "server_tool_use";
  /**
   * The call's id, answered by a server tool result block.
   */
  readonly id: string;
  /**
   * The server tool's name.
   */
  readonly name: string;
  /**
   * The call's input.
   */
  readonly input?: { readonly [key: string]: unknown };
}

/**
 * A call of a tool on an MCP server Anthropic connects to; kept as
 * ``ServerToolUseBlock`` is, its ``wire`` holding its type and ``server_name``.
 */
export interface McpToolUseBlock {
  readonly type: "mcp_tool_use";
  /**
   * The call's id, answered by an mcp_tool_result.
   */
  readonly id: string;
  /**
   * The MCP tool's name.
   */
  readonly name: string;
  /**
   * The call's input.
   */
  readonly input?: { readonly [key: string]: unknown };
}

/**
 * A content block of a reply. Any other type is ``Unread``: a server tool's result
 * when it has a ``tool_use_id`` (``web_search_tool_result``, ``mcp_tool_result``...),
 * else a block the IR has no place for (``compaction``, ``container_upload``...).
 */
export type Block = TextBlock | ThinkingBlock | RedactedThinkingBlock | ToolUseBlock | ServerToolUseBlock | McpToolUseBlock;

/**
 * A Messages reply (``client.messages.create()``), and a stream's first state.
 */
export interface Message {
  /**
   * The reply's id.
   */
  readonly id: string;
  /**
   * The blocks, in order (empty or null in message_start).
   */
  readonly content?: readonly Block[] | null;
  /**
   * Always 'message'.
   */
  readonly type?: unknown;
  /**
   * Always 'assistant'.
   */
  readonly role?: unknown;
  /**
   * end_turn, stop_sequence, pause_turn: stop; tool_use: tool call; max_tokens, model_context_window_exceeded: length; refusal: refusal.
   */
  readonly stop_reason?: unknown;
  /**
   * Token counts.
   */
  readonly usage?: Usage | null;
  /**
   * The model that answered: the response's model and its message's (blank: none).
   */
  readonly model?: string | null;
  /**
   * The stop sequence met; no IR form, not warned.
   */
  readonly stop_sequence?: unknown;
  /**
   * Details of a refusal; no IR form, not warned.
   */
  readonly stop_details?: unknown;
  /**
   * The code execution container; not warned.
   */
  readonly container?: unknown;
  /**
   * Context edits applied; not warned.
   */
  readonly context_management?: unknown;
  /**
   * Prompt-cache diagnostics; not warned.
   */
  readonly diagnostics?: unknown;
}

/**
 * More text of a text block.
 */
export interface TextDelta {
  readonly type: "text_delta";
  /**
   * The piece of text.
   */
  readonly text: string;
}

/**
 * More of a tool call's input, as JSON text.
 */
export interface InputJsonDelta {
  readonly type: "input_json_delta";
  /**
   * The piece of JSON text.
   */
  readonly partial_json: string;
}

/**
 * More reasoning of a thinking block.
 */
export interface ThinkingDelta {
  readonly type: "thinking_delta";
  /**
   * The piece of reasoning.
   */
  readonly thinking: string;
}

/**
 * A thinking block's signature (the last one wins, as in the SDK).
 */
export interface SignatureDelta {
  readonly type: "signature_delta";
  /**
   * The signature.
   */
  readonly signature: string;
}

/**
 * One more citation of a text block.
 */
export interface CitationsDelta {
  readonly type: "citations_delta";
  /**
   * The citation object, kept as it is.
   */
  readonly citation: { readonly [key: string]: unknown };
}

/**
 * A content block delta; any other type is ``Unread`` (PART_NOT_READ, once a block).
 */
export type Delta = TextDelta | InputJsonDelta | ThinkingDelta | SignatureDelta | CitationsDelta;

/**
 * The stream's first event. A compatible server's may have no usage (0 and 0).
 */
export interface MessageStart {
  readonly type: "message_start";
  /**
   * The reply so far (no content yet).
   */
  readonly message: Message;
}

/**
 * A block begins; it is the only open one until its content_block_stop.
 */
export interface ContentBlockStart {
  readonly type: "content_block_start";
  /**
   * The block's index in the reply's content.
   */
  readonly index: number;
  /**
   * The block as it starts.
   */
  readonly content_block: Block;
}

/**
 * More of the open block.
 */
export interface ContentBlockDelta {
  readonly type: "content_block_delta";
  /**
   * The open block's index.
   */
  readonly index: number;
  /**
   * What comes.
   */
  readonly delta: Delta;
}

/**
 * The open block ends.
 */
export interface ContentBlockStop {
  readonly type: "content_block_stop";
  /**
   * The open block's index.
   */
  readonly index: number;
}

/**
 * What ``message_delta`` changes at the reply's top level.
 */
export interface MessageDeltaFields {
  /**
   * The stop reason (see Message).
   */
  readonly stop_reason?: unknown;
  /**
   * The stop sequence met; not warned.
   */
  readonly stop_sequence?: unknown;
  /**
   * Details of a refusal; not warned.
   */
  readonly stop_details?: unknown;
  /**
   * The code execution container; not warned.
   */
  readonly container?: unknown;
  /**
   * Context edits applied; not warned.
   */
  readonly context_management?: unknown;
}

/**
 * The reply's stop reason and cumulative usage, after its last block.
 */
export interface MessageDelta {
  readonly type: "message_delta";
  /**
   * The top-level changes.
   */
  readonly delta: MessageDeltaFields;
  /**
   * Cumulative token counts.
   */
  readonly usage?: Usage | null;
  /**
   * Context edits applied; not warned.
   */
  readonly context_management?: unknown;
}

/**
 * The stream's terminal event.
 */
export interface MessageStop {
  readonly type: "message_stop";
}

/**
 * Keeps the connection open; carries nothing.
 */
export interface Ping {
  readonly type: "ping";
}

/**
 * An error Anthropic reports in the stream.
 */
export interface ErrorDetail {
  /**
   * Anthropic's code (overloaded_error, api_error...).
   */
  readonly type: string;
  /**
   * What went wrong.
   */
  readonly message: string;
}

/**
 * An error in the stream: PROVIDER_TRANSPORT_ERROR with Anthropic's code.
 */
export interface ErrorEvent {
  readonly type: "error";
  /**
   * The error.
   */
  readonly error: ErrorDetail;
}

/**
 * An event of a Messages stream; any other type is ``Unread`` (EVENT_NOT_READ). Anthropic documents that new event types may be added: an unknown one is passed over with EVENT_NOT_READ, as the SDK passes it over.
 */
export type Event = MessageStart | ContentBlockStart | ContentBlockDelta | ContentBlockStop | MessageDelta | MessageStop | Ping | ErrorEvent;

/**
 * The base of a request's block declarations.
 */
export interface RequestBlock {}

/**
 * Text in a user, assistant or tool-result content.
 */
export interface RequestTextBlock {
  readonly type: "text";
  /**
   * The text.
   */
  readonly text: string;
  /**
   * Where the text comes from: each citation object, kept as it is.
   */
  readonly citations?: readonly { readonly [key: string]: unknown }[] | null;
  /**
   * A prompt-cache breakpoint: {type: ephemeral} with an optional ttl of 5m or 1h; any other value is warned (PART_NOT_READ), null is none.
   */
  readonly cache_control?: unknown;
}

/**
 * One system message (any other block of a system prompt is warned).
 */
export interface SystemTextBlock {
  readonly type: "text";
  /**
   * The instructions.
   */
  readonly text: string;
  /**
   * A prompt-cache breakpoint: {type: ephemeral} with an optional ttl of 5m or 1h; any other value is warned (PART_NOT_READ), null is none.
   */
  readonly cache_control?: unknown;
}

/**
 * Inline bytes of an image or a document.
 */
export interface Base64Source {
  readonly type: "base64";
  /**
   * The bytes' media type (image/png, application/pdf...).
   */
  readonly media_type: string;
  /**
   * The bytes, base64.
   */
  readonly data: string;
}

/**
 * An image or a document Anthropic fetches.
 */
export interface UrlSource {
  readonly type: "url";
  /**
   * Where it is.
   */
  readonly url: string;
}

/**
 * A document uploaded with the Files API (an image by file id is warned).
 */
export interface FileSource {
  readonly type: "file";
  /**
   * The file's id.
   */
  readonly file_id: string;
}

/**
 * A plain-text document, read as base64 of its UTF-8 bytes (empty: warned).
 */
export interface TextSource {
  readonly type: "text";
  /**
   * The text's media type (text/plain).
   */
  readonly media_type: string;
  /**
   * The text.
   */
  readonly data: string;
}

/**
 * An image in a user or tool-result content.
 */
export interface ImageBlock {
  readonly type: "image";
  /**
   * The image; any other source type is warned.
   */
  readonly source: Base64Source | UrlSource;
  /**
   * A prompt-cache breakpoint: {type: ephemeral} with an optional ttl of 5m or 1h; any other value is warned (PART_NOT_READ), null is none.
   */
  readonly cache_control?: unknown;
}

/**
 * Whether Anthropic may cite the document.
 */
export interface DocumentCitations {
  /**
   * Citations on or off.
   */
  readonly enabled?: boolean | null;
}

/**
 * A document (PDF, text, by URL or file id) in a user content.
 */
export interface DocumentBlock {
  readonly type: "document";
  /**
   * The document; any other source type (content) is warned.
   */
  readonly source: Base64Source | UrlSource | FileSource | TextSource;
  /**
   * The document's title.
   */
  readonly title?: string | null;
  /**
   * Context about the document.
   */
  readonly context?: string | null;
  /**
   * Citations of the document, on or off.
   */
  readonly citations?: DocumentCitations | null;
  /**
   * A prompt-cache breakpoint: {type: ephemeral} with an optional ttl of 5m or 1h; any other value is warned (PART_NOT_READ), null is none.
   */
  readonly cache_control?: unknown;
}

/**
 * A part of a tool result's content; any other type is warned.
 */
export type ResultPart = RequestTextBlock | ImageBlock;

/**
 * The result of a tool call: one tool-result message, in a user content.
 */
export interface ToolResultBlock {
  readonly type: "tool_result";
  /**
   * The id of the tool_use it answers.
   */
  readonly tool_use_id: string;
  /**
   * Whether the tool failed.
   */
  readonly is_error?: boolean;
  /**
   * The result: a string, or text and image parts.
   */
  readonly content?: string | readonly ResultPart[];
  /**
   * A prompt-cache breakpoint: {type: ephemeral} with an optional ttl of 5m or 1h; any other value is warned (PART_NOT_READ), null is none.
   */
  readonly cache_control?: unknown;
}

/**
 * Extended thinking sent back, with its signature.
 */
export interface RequestThinkingBlock {
  readonly type: "thinking";
  /**
   * The reasoning.
   */
  readonly thinking: string;
  /**
   * Anthropic's proof of the thinking.
   */
  readonly signature: string;
}

/**
 * Redacted thinking sent back: a redacted thinking block signed by its data.
 */
export interface RequestRedactedThinkingBlock {
  readonly type: "redacted_thinking";
  /**
   * The encrypted thinking.
   */
  readonly data: string;
}

/**
 * A call of one of the request's tools (a tool call).
 */
export interface RequestToolUseBlock {
  readonly type: "tool_use";
  /**
   * The call's id, answered by a tool_result.
   */
  readonly id: string;
  /**
   * The tool's name.
   */
  readonly name: string;
  /**
   * The arguments; not an object: refused by the IR.
   */
  readonly input: unknown;
  /**
   * A prompt-cache breakpoint: {type: ephemeral} with an optional ttl of 5m or 1h; any other value is warned (PART_NOT_READ), null is none.
   */
  readonly cache_control?: unknown;
  /**
   * Who made the call: {type: direct} (the model) says nothing; else warned.
   */
  readonly caller?: unknown;
}

/**
 * A call of a tool Anthropic runs; its keys but ``id``, ``name`` and ``input``
 * are kept as the server-tool call's ``wire``.
 */
export interface RequestServerToolUseBlock {
  readonly type: "server_tool_use";
  /**
   * The call's id.
   */
  readonly id: string;
  /**
   * The server tool's name.
   */
  readonly name: string;
  /**
   * The call's input.
   */
  readonly input: { readonly [key: string]: unknown };
}

/**
 * A call of a tool on an MCP server; kept as ``RequestServerToolUseBlock`` is, its
 * ``wire`` holding its type and ``server_name``.
 */
export interface RequestMcpToolUseBlock {
  readonly type: "mcp_tool_use";
  /**
   * The call's id.
   */
  readonly id: string;
  /**
   * The MCP tool's name.
   */
  readonly name: string;
  /**
   * The call's input.
   */
  readonly input: { readonly [key: string]: unknown };
}

/**
 * A block of a user message; any other type is warned.
 */
export type UserBlock = ResultPart | DocumentBlock | ToolResultBlock;

/**
 * A block of an assistant message. Any other type with a ``tool_use_id`` but
 * ``tool_result`` is a server tool's result, kept whole (``web_search_tool_result``,
 * ``mcp_tool_result``...); any other block is warned.
 */
export type AssistantBlock = RequestTextBlock | RequestThinkingBlock | RequestRedactedThinkingBlock | RequestToolUseBlock | RequestServerToolUseBlock | RequestMcpToolUseBlock;

/**
 * A tool made available in a system turn (tool search, deferred tools); no IR
 * form: warned as a whole.
 */
export interface ToolAdditionBlock {
  readonly type: "tool_addition";
  /**
   * The tool added (a tool_reference).
   */
  readonly tool?: unknown;
}

/**
 * A block of a system prompt: each text block is one system message; any other block
 * is warned.
 */
export type SystemBlock = SystemTextBlock | ToolAdditionBlock;

/**
 * A system prompt: one system message, or one per text block.
 */
export type SystemPrompt = string | readonly SystemBlock[];

/**
 * A user turn: a string, or blocks; each tool_result is one tool-result message and
 * each run of other blocks one user message.
 */
export interface UserMessage {
  readonly role: "user";
  /**
   * The turn's content.
   */
  readonly content: string | readonly UserBlock[];
}

/**
 * An assistant turn: a string (one text block), or blocks.
 */
export interface AssistantMessage {
  readonly role: "assistant";
  /**
   * The turn's content.
   */
  readonly content: string | readonly AssistantBlock[];
}

/**
 * A system turn (the SDK's MessageParam has one), read as the ``system`` is, in
 * its place.
 */
export interface SystemMessage {
  readonly role: "system";
  /**
   * The instructions.
   */
  readonly content: SystemPrompt;
}

/**
 * A message of a request; any other role is refused. The API refuses an empty message and empty text, combines consecutive turns of one role itself, and wants the tool results first in the user turn that answers the calls.
 */
export type RequestMessage = UserMessage | AssistantMessage | SystemMessage;

/**
 * What ``from_anthropic`` reads of a Messages request (its tools are ``_tools``'s).
 */
export interface Request {
  /**
   * The conversation.
   */
  readonly messages: readonly RequestMessage[];
  /**
   * The system prompt.
   */
  readonly system?: SystemPrompt | null;
}
