// DO NOT EDIT: generated from schemas/v1 by codegen/typescript.py (json-schema-to-typescript).
// Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
// Each type is a $defs entry of the v1 schemas, under its name. The types say the
// shape; the schemas say more (non-empty ids, base64, timestamps, media types):
// validate untrusted JSON with them (see the README of agent-ir).

/**
 * Stable code of a conversion loss or change. Codes are never renamed or reused within v1.
 */
export type ConversionWarningCode =
  | "THINKING_NOT_SENT"
  | "AUDIO_NOT_SENT"
  | "IMAGE_NOT_SENT"
  | "DOCUMENT_NOT_SENT"
  | "IMAGE_MOVED"
  | "SYSTEM_MOVED"
  | "ERROR_FLAG_NOT_SENT"
  | "PART_NOT_READ"
  | "MESSAGE_NOT_SENT"
  | "MESSAGES_MERGED"
  | "TOOL_NAME_NOT_SENT"
  | "TOOL_NAME_UNKNOWN"
  | "MEDIA_TYPE_CHANGED"
  | "REDACTED_FLAG_NOT_SENT"
  | "SIGNATURE_CHANGED"
  | "CACHE_CONTROL_NOT_SENT"
  | "CITATIONS_NOT_SENT"
  | "SERVER_TOOL_NOT_SENT"
  | "REFUSAL_AS_TEXT"
  | "IMAGE_DETAIL_NOT_SENT"
  | "DOCUMENT_DETAIL_NOT_SENT"
  | "CHOICES_NOT_READ"
  | "TOOL_NOT_READ"
  | "SIGNATURE_NOT_SENT"
  | "TOOL_CALL_ID_ADDED"
  | "RESULT_PAIRED_BY_NAME"
  | "TOOL_DETAIL_NOT_SENT"
  | "EVENT_NOT_READ"
  | "RESULT_BLOCK_NOT_SENT"
  | "FOREIGN_SIGNATURE_DROPPED"
  | "BLOCK_MOVED"
  | "THINKING_AS_TEXT";
/**
 * Stable code of a transcript problem. Codes are never renamed or reused within v1. UNDECLARED_TOOL, TOOL_ARGUMENTS_MISMATCH and INVALID_TOOL_DEFINITION are reported only when tools are given; the last ten only by check_wire_rules, for a provider's stricter rules.
 */
export type DiagnosticCode =
  | "INVALID_TRANSCRIPT"
  | "INVALID_MESSAGE"
  | "EMPTY_TOOL_NAME"
  | "INVALID_TOOL_ARGUMENTS"
  | "DUPLICATE_TOOL_CALL_ID"
  | "DUPLICATE_TOOL_RESULT"
  | "ORPHAN_TOOL_RESULT"
  | "TOOL_RESULT_BEFORE_CALL"
  | "TOOL_NAME_MISMATCH"
  | "MISSING_TOOL_RESULT"
  | "ORPHAN_SERVER_TOOL_RESULT"
  | "UNDECLARED_TOOL"
  | "TOOL_ARGUMENTS_MISMATCH"
  | "INVALID_TOOL_DEFINITION"
  | "RESULT_NOT_IMMEDIATE"
  | "INVALID_TOOL_CALL_ID_FORMAT"
  | "INVALID_ROLE_ORDER"
  | "EMPTY_CONTENT"
  | "INVALID_TOOL_NAME_FORMAT"
  | "MISSING_THOUGHT_SIGNATURE"
  | "TOO_MANY_IMAGES"
  | "TOO_MANY_DOCUMENTS"
  | "MEDIA_TOO_LARGE"
  | "DOCUMENT_WITHOUT_TEXT";
/**
 * Any JSON value: string, number, integer, boolean, null, array or object.
 */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | JsonObject;
/**
 * A string containing at least one non-whitespace character.
 */
export type NonEmptyString = string;
/**
 * An RFC 3339 date-time with a UTC offset (Z or +hh:mm).
 */
export type Timestamp = string;
/**
 * Standard padded base64 (RFC 4648 section 4), at least one byte.
 */
export type Base64Data = string;
/**
 * How long a prompt-cache entry lives: "5m" or "1h".
 */
export type CacheTtl = "5m" | "1h";
/**
 * The resolution an OpenAI model reads an image at: auto, low or high.
 */
export type ImageDetail = "auto" | "low" | "high";
/**
 * Google Gemini's opaque thoughtSignature of the part the block came in (on a text, thinking or function-call part), kept byte for byte as the provider wrote it (standard or URL-safe base64, never re-encoded) and written back on the same part by to_gemini; no other format sends it (a warning). Gemini 3 refuses a tool loop whose function calls lost theirs.
 */
export type ThoughtSignature = string;
/**
 * A block of user content: text, image, audio or document.
 */
export type UserBlock = TextBlock | ImageBlock | AudioBlock | DocumentBlock;
/**
 * A block of assistant content: text, thinking, a tool call, a refusal, or a server tool's call or result.
 */
export type AssistantBlock =
  TextBlock | ThinkingBlock | ToolCallBlock | RefusalBlock | ServerToolCallBlock | ServerToolResultBlock;
/**
 * A block of tool output: text or image.
 */
export type ToolResultBlock = TextBlock | ImageBlock;
/**
 * A user, assistant, tool-result or system message, selected by role.
 */
export type Message = UserMessage | AssistantMessage | ToolResultMessage | SystemMessage;
/**
 * One streamed piece of a model reply, selected by type.
 */
export type ModelChunk = TextDeltaChunk | ThinkingDeltaChunk | ToolCallChunk | RefusalDeltaChunk;
/**
 * Why a streamed response ended: stop (a final answer), toolCall (the model waits for tool results), length (the output limit was reached), error (the provider ended it: a content filter) or refusal (the model declined to answer; Anthropic stop_reason refusal, an OpenAI refusal).
 */
export type ResponseStopReason = "stop" | "toolCall" | "length" | "error" | "refusal";
/**
 * Stable code of a provider-boundary failure. Codes are never renamed or reused within v1.
 */
export type ProviderErrorCode =
  | "PROVIDER_INVALID_FIXTURE"
  | "PROVIDER_EXHAUSTED"
  | "PROVIDER_UNKNOWN_EVENT"
  | "PROVIDER_INVALID_EVENT"
  | "PROVIDER_MISSING_START"
  | "PROVIDER_DUPLICATE_START"
  | "PROVIDER_MISSING_TERMINAL"
  | "PROVIDER_DUPLICATE_TERMINAL"
  | "PROVIDER_RESPONSE_MISMATCH"
  | "PROVIDER_INVALID_TERMINAL"
  | "PROVIDER_ITERATOR_REUSED"
  | "PROVIDER_TRANSPORT_ERROR"
  | "PROVIDER_CANCELLED"
  | "PROVIDER_EVENT_TOO_LARGE";
/**
 * One record as the transport delivered it, selected by type.
 */
export type TransportRecord =
  | ResponseStartRecord
  | TextDeltaRecord
  | TextEndRecord
  | ThinkingDeltaRecord
  | ThinkingEndRecord
  | ToolCallRecord
  | ResponseEndRecord
  | TransportErrorRecord;
/**
 * Why a recorded response ended, in the fixture's wire spelling: stop (no tool calls), tool_call (at least one tool call), length (the output limit) or error (the provider ended it).
 */
export type RecordStopReason = "stop" | "tool_call" | "length" | "error";
/**
 * A token count: an integer from 0 to 2^53-1.
 */
export type TokenCount = number;
/**
 * A provider's name: lowercase ASCII letters and digits in words joined by single hyphens.
 */
export type ProviderName = string;
/**
 * The body of a regular-expression character class (what goes between [ and ]): ASCII letters and digits, ranges between them (a-z), and the characters _ . : - (a hyphen last stands for itself). It means the same in Python's re, ECMA-262 and RE2.
 */
export type CharacterClass = string;
/**
 * A value a provider documents as accepted in place of a signature it made, as written on the wire.
 */
export type SignaturePlaceholder = string;
/**
 * A piece of a model's name, lowercase, compared with the name as it is read (after its last /, lowercased).
 */
export type ModelNameFragment = string;
/**
 * A key of a request line in the object form.
 */
export type RequestKey = string;
/**
 * An ordered array of messages.
 */
export type Transcript = readonly Message[];
/**
 * The tools of a transcript, each name at most once.
 */
export type Tools = readonly ToolDefinition[];
/**
 * One loss or change of a conversion: a stable code, where, and a sentence for people.
 */
export interface ConversionWarning {
  /**
   * The stable code of the loss or change.
   */
  readonly code: ConversionWarningCode;
  /**
   * JSON Pointer (RFC 6901) of the place concerned in what the function read: for to_* the IR transcript ("/2/content/1"); for from_* the request field it came from ("/messages/2/content/1", "/input/4", "/system"); for a tool definition the tools list, in the request (from_*) or the tools argument (to_*): "/tools/3", "/tools/0/function/cache_control"; for a reply or a stream the provider's reply object as the non-streamed API returns it ("/content/3", "/output/1/content/0", "/choices/0/message/refusal"); for a stream event that has no place in that object (EVENT_NOT_READ), "", the reply as a whole, the event's index and type being in the message.
   */
  readonly path: string;
  /**
   * Index of the message concerned in the converted input (IR messages for to_*, wire messages or items for from_*); -1 when the warning is about a tool definition, which is in no message (toolIndex then says which).
   */
  readonly messageIndex: number;
  /**
   * Index of the block or part concerned inside that message; -1 for the message as a whole, and for a tool definition.
   */
  readonly blockIndex: number;
  /**
   * Index of the tool definition concerned in the tools list (the request's tools for from_*, the tools argument for to_*); absent for a warning about a message. Given, messageIndex and blockIndex are -1 and path is /tools/<toolIndex>[/...].
   */
  readonly toolIndex?: number;
  /**
   * A sentence for people describing the loss or change; its wording may change.
   */
  readonly message: string;
}
/**
 * One problem in a transcript: a stable code, where it is, and a sentence for people.
 */
export interface Diagnostic {
  /**
   * The stable code of the problem.
   */
  readonly code: DiagnosticCode;
  /**
   * Index of the message the problem is in; -1 for the transcript as a whole.
   */
  readonly messageIndex: number;
  /**
   * Index of the tool definition the problem is in (INVALID_TOOL_DEFINITION, INVALID_TOOL_NAME_FORMAT of a tool); then messageIndex is -1 and path points into that definition (/parameters/properties/x). Absent for a problem in the messages.
   */
  readonly toolIndex?: number;
  /**
   * A sentence for people describing the problem; its wording may change.
   */
  readonly message: string;
  /**
   * JSON Pointer (RFC 6901) into the transcript, e.g. /2/content/1/arguments; empty for the whole transcript.
   */
  readonly path: string;
}
/**
 * A JSON object with arbitrary string keys and JSON values.
 */
export interface JsonObject {
  readonly [k: string]: JsonValue | undefined;
}
/**
 * Token counts for one model reply.
 */
export interface Usage {
  /**
   * Tokens read by the model, cached ones included: for Anthropic, whose input_tokens leaves them out, input_tokens + cache_read_input_tokens + cache_creation_input_tokens.
   */
  readonly inputTokens: number;
  /**
   * Tokens written by the model, reasoning tokens included.
   */
  readonly outputTokens: number;
  /**
   * Of inputTokens, how many were read from the provider's prompt cache (Anthropic cache_read_input_tokens, OpenAI cached_tokens).
   */
  readonly cacheReadTokens?: number;
  /**
   * Of inputTokens, how many were written to the provider's prompt cache (Anthropic cache_creation_input_tokens, Bedrock cacheWriteInputTokens, OpenAI cache_write_tokens).
   */
  readonly cacheWriteTokens?: number;
  /**
   * Of outputTokens, how many were reasoning the reply does not show (OpenAI reasoning_tokens).
   */
  readonly reasoningTokens?: number;
  /**
   * Of cacheWriteTokens, how many were written with each time to live, as the provider reports them (Anthropic cache_creation: 5m and 1h; Bedrock cacheDetails: 5m and 1h; OpenAI Responses cache_write_tokens_details: 30m and 12h), shortest first, each time to live once.
   */
  readonly cacheWritesByTtl?: readonly CacheWrite[];
  /**
   * How many requests each server tool (a tool the provider runs: web search, web fetch) made for the reply, as the provider reports them (Anthropic server_tool_use, OpenAI Responses tool_usage, OpenRouter server_tool_use_details), each tool once; providers bill these per request, apart from tokens.
   */
  readonly serverToolRequests?: readonly ServerToolRequests[];
}
/**
 * The prompt-cache write of one time to live.
 */
export interface CacheWrite {
  /**
   * The time to live as the provider names it: a count and a unit, e.g. "5m", "1h" (Anthropic, Bedrock), "30m", "12h" (OpenAI Responses).
   */
  readonly ttl: NonEmptyString;
  /**
   * The input tokens written to the cache with this time to live.
   */
  readonly tokens: number;
}
/**
 * The requests one server tool made for a reply.
 */
export interface ServerToolRequests {
  /**
   * The tool as the provider names it in its usage report (web_search: Anthropic, OpenAI Responses, OpenRouter; web_fetch: Anthropic).
   */
  readonly tool: NonEmptyString;
  /**
   * How many requests it made (web searches run, pages fetched).
   */
  readonly requests: number;
}
/**
 * Inline bytes as base64 with their media type.
 */
export interface Base64Source {
  /**
   * Always "base64".
   */
  readonly type: "base64";
  /**
   * The IANA media type of the bytes, e.g. application/pdf.
   */
  readonly mediaType: string;
  /**
   * The bytes, base64-encoded.
   */
  readonly data: Base64Data;
}
/**
 * Bytes the provider fetches from a URL.
 */
export interface UrlSource {
  /**
   * Always "url".
   */
  readonly type: "url";
  /**
   * The URL, passed through unchanged.
   */
  readonly url: NonEmptyString;
}
/**
 * A file previously uploaded to the provider, by its id.
 */
export interface FileSource {
  /**
   * Always "file".
   */
  readonly type: "file";
  /**
   * The provider's opaque file id.
   */
  readonly fileId: NonEmptyString;
}
/**
 * A prompt-cache breakpoint: the provider may cache the prompt up to and including the content that carries it (Anthropic cache_control). Formats whose caching is automatic (OpenAI) do not send it, with a warning.
 */
export interface CacheControl {
  /**
   * Always "ephemeral", the one kind of cache entry providers offer.
   */
  readonly type: "ephemeral";
  /**
   * How long the entry lives: "5m" or "1h"; absent, the provider's default (5 minutes).
   */
  readonly ttl?: CacheTtl;
}
/**
 * One citation backing a text block, kept in its provider's own form: sent back to the same provider as it is, and not sent to another (with a warning).
 */
export interface Citation {
  /**
   * The wire format the citation came from and is written to: "anthropic" or "openai-responses".
   */
  readonly provider: NonEmptyString;
  /**
   * The citation exactly as the provider wrote it (an Anthropic citation such as {"type": "web_search_result_location", ...}, a Responses annotation such as {"type": "url_citation", ...}).
   */
  readonly wire: JsonObject;
}
/**
 * The model's refusal to answer, in its own words (OpenAI's refusal field or part). A format without a refusal form writes it as text, with a warning.
 */
export interface RefusalBlock {
  /**
   * Always "refusal".
   */
  readonly type: "refusal";
  /**
   * The refusal as the model wrote it.
   */
  readonly text: string;
  /**
   * The provider's id of the output item the refusal came in (OpenAI Responses msg_...), written back to that format; other formats do not send it.
   */
  readonly itemId?: NonEmptyString;
}
/**
 * A call of a tool the provider runs itself (a hosted or server tool: web search, code execution, an MCP server), kept so that the turn goes back to the same provider as it came. It needs no tool-result message; another provider cannot run it, so it is not sent there (with a warning).
 */
export interface ServerToolCallBlock {
  /**
   * Always "serverToolCall".
   */
  readonly type: "serverToolCall";
  /**
   * The wire format the call belongs to: "anthropic" or "openai-responses".
   */
  readonly provider: NonEmptyString;
  /**
   * The provider's id of the call (Anthropic srvtoolu_..., a Responses item id ws_...).
   */
  readonly id: NonEmptyString;
  /**
   * The tool's name (Anthropic web_search, code_execution; for a Responses hosted item, its type: web_search_call).
   */
  readonly name: NonEmptyString;
  /**
   * The call's input as the provider wrote it (for a Responses hosted item, {}: its action is in wire).
   */
  readonly input: JsonObject;
  /**
   * The provider block's other keys, exactly as written (its type when not the plain server-tool call, an MCP call's server_name, a Responses item's status and action): written back as they are.
   */
  readonly wire?: JsonObject;
}
/**
 * The result of a server-tool call, written by the provider in the same reply as the call (Anthropic web_search_tool_result, code_execution_tool_result, mcp_tool_result).
 */
export interface ServerToolResultBlock {
  /**
   * Always "serverToolResult".
   */
  readonly type: "serverToolResult";
  /**
   * The wire format the result belongs to: "anthropic".
   */
  readonly provider: NonEmptyString;
  /**
   * The id of the serverToolCall it answers.
   */
  readonly toolCallId: NonEmptyString;
  /**
   * The provider's block without its tool_use_id, exactly as written: its type, content and any other key.
   */
  readonly wire: JsonObject;
}
/**
 * Plain text.
 */
export interface TextBlock {
  /**
   * Always "text".
   */
  readonly type: "text";
  /**
   * The text.
   */
  readonly text: string;
  /**
   * The sources the text cites, in the provider's order.
   */
  readonly citations?: readonly Citation[];
  /**
   * A prompt-cache breakpoint at the end of this block.
   */
  readonly cacheControl?: CacheControl;
  /**
   * The provider's id of the output item the block came in (OpenAI Responses msg_...), written back to that format; other formats do not send it.
   */
  readonly itemId?: NonEmptyString;
  /**
   * Gemini's thoughtSignature of the text part (a text reply signs its last part; a stream often sends it on a final empty part, read into this block).
   */
  readonly thoughtSignature?: ThoughtSignature;
}
/**
 * The model's reasoning, kept so it can be sent back to the provider; never shown as the answer.
 */
export interface ThinkingBlock {
  /**
   * Always "thinking".
   */
  readonly type: "thinking";
  /**
   * The reasoning text (empty when redacted).
   */
  readonly thinking: string;
  /**
   * Opaque provider signature that authenticates the reasoning (for a redacted block, the provider's data; from OpenAI Responses, its reasoning item's reference with the encrypted content). Sent back only to the format that made it (signatureProvider).
   */
  readonly signature?: string;
  /**
   * The wire format that made signature: "anthropic", "openai-responses" or "openai-chat" (OpenRouter's reasoning details), stamped by that format's readers (requests, replies, streams); the framework adapters take it from the framework's provider name. A writer of another format does not send the signature, nor the redacted data or encrypted reasoning it holds (FOREIGN_SIGNATURE_DROPPED). Absent (a transcript written before makers were recorded): each writer sends the signature as before, by its form alone.
   */
  readonly signatureProvider?: NonEmptyString;
  /**
   * True when the provider withheld the reasoning text.
   */
  readonly redacted?: boolean;
  /**
   * Gemini's thoughtSignature of the thought part (thought: true); signature holds other providers' signatures.
   */
  readonly thoughtSignature?: ThoughtSignature;
}
/**
 * A request from the model to run a tool.
 */
export interface ToolCallBlock {
  /**
   * Always "toolCall".
   */
  readonly type: "toolCall";
  /**
   * The provider's opaque call id, kept exactly; results link to it.
   */
  readonly id: NonEmptyString;
  /**
   * The tool's name.
   */
  readonly name: NonEmptyString;
  /**
   * The tool's arguments as a JSON object.
   */
  readonly arguments: JsonObject;
  /**
   * The provider's id of the output item the block came in (OpenAI Responses fc_...), written back to that format; other formats do not send it.
   */
  readonly itemId?: NonEmptyString;
  /**
   * The namespace of the tool called (OpenAI Responses function_call namespace), written back to that format; other formats do not send it.
   */
  readonly namespace?: string;
  /**
   * A prompt-cache breakpoint at the end of this block.
   */
  readonly cacheControl?: CacheControl;
  /**
   * Gemini's thoughtSignature of the functionCall part (of parallel calls, Gemini signs the first of a step); Gemini 3 refuses the current turn's calls without it (MISSING_THOUGHT_SIGNATURE).
   */
  readonly thoughtSignature?: ThoughtSignature;
}
/**
 * An image, inline (base64) or by URL.
 */
export interface ImageBlock {
  /**
   * Always "image".
   */
  readonly type: "image";
  /**
   * Where the image bytes are: base64 with an image/* media type, or a URL.
   */
  readonly source: Base64Source | UrlSource;
  /**
   * The resolution an OpenAI model reads the image at (image_url.detail, input_image.detail); absent, the API's default. Anthropic has no such setting: not sent there, with a warning.
   */
  readonly detail?: ImageDetail;
  /**
   * A prompt-cache breakpoint at the end of this block.
   */
  readonly cacheControl?: CacheControl;
}
/**
 * Audio, inline as base64 with an audio/* media type.
 */
export interface AudioBlock {
  /**
   * Always "audio".
   */
  readonly type: "audio";
  /**
   * The audio bytes as base64 with an audio/* media type.
   */
  readonly source: Base64Source;
}
/**
 * A document (PDF, text, ...), inline as base64, by URL, or by a provider file id.
 */
export interface DocumentBlock {
  /**
   * Always "document".
   */
  readonly type: "document";
  /**
   * Where the document is: base64, a URL or a provider file id.
   */
  readonly source: Base64Source | UrlSource | FileSource;
  /**
   * The document's file name as sent (OpenAI input_file.filename, file.filename).
   */
  readonly filename?: string;
  /**
   * The document's title (Anthropic document title).
   */
  readonly title?: string;
  /**
   * Text about the document the model reads but does not cite (Anthropic document context).
   */
  readonly context?: string;
  /**
   * Whether the model may cite the document (Anthropic citations.enabled).
   */
  readonly citations?: boolean;
  /**
   * A prompt-cache breakpoint at the end of this block.
   */
  readonly cacheControl?: CacheControl;
}
/**
 * A message written by the user: plain text or an ordered list of text, image, audio and document blocks.
 */
export interface UserMessage {
  /**
   * Always "user".
   */
  readonly role: "user";
  /**
   * Opaque message id, unique within a transcript by convention.
   */
  readonly id: NonEmptyString;
  /**
   * Plain text, or an ordered list of user blocks.
   */
  readonly content: string | readonly UserBlock[];
  /**
   * When the message was written (RFC 3339 with offset).
   */
  readonly timestamp?: Timestamp;
}
/**
 * A model's reply: an ordered list of text, thinking and tool-call blocks (possibly empty).
 */
export interface AssistantMessage {
  /**
   * Always "assistant".
   */
  readonly role: "assistant";
  /**
   * Opaque message id.
   */
  readonly id: NonEmptyString;
  /**
   * The reply's blocks in the order the model produced them.
   */
  readonly content: readonly AssistantBlock[];
  /**
   * When the reply was produced (RFC 3339 with offset).
   */
  readonly timestamp?: Timestamp;
  /**
   * The provider that produced the reply, e.g. "openai".
   */
  readonly provider?: string;
  /**
   * The model that produced the reply, as the provider names it.
   */
  readonly model?: string;
  /**
   * Token counts reported for the reply.
   */
  readonly usage?: Usage;
  /**
   * Why generation stopped: stop, length, toolCall, error, aborted or refusal (the model declined; its words, if any, are in the content).
   */
  readonly stopReason?: "stop" | "length" | "toolCall" | "error" | "aborted" | "refusal";
}
/**
 * The result of running one tool call, linked to it by toolCallId.
 */
export interface ToolResultMessage {
  /**
   * Always "toolResult".
   */
  readonly role: "toolResult";
  /**
   * Opaque message id.
   */
  readonly id: NonEmptyString;
  /**
   * The id of the tool call this message answers.
   */
  readonly toolCallId: NonEmptyString;
  /**
   * The name of the tool that ran; must equal the call's name.
   */
  readonly toolName: NonEmptyString;
  /**
   * The tool's output: plain text, or an ordered list of text and image blocks.
   */
  readonly content: string | readonly ToolResultBlock[];
  /**
   * True when the tool failed and content describes the failure.
   */
  readonly isError: boolean;
  /**
   * When the result was produced (RFC 3339 with offset).
   */
  readonly timestamp?: Timestamp;
  /**
   * A prompt-cache breakpoint on the whole result (Anthropic cache_control on the tool_result block).
   */
  readonly cacheControl?: CacheControl;
}
/**
 * Instructions for the model from the application.
 */
export interface SystemMessage {
  /**
   * Always "system".
   */
  readonly role: "system";
  /**
   * Opaque message id.
   */
  readonly id: NonEmptyString;
  /**
   * The instructions as plain text.
   */
  readonly content: string;
  /**
   * When the message was written (RFC 3339 with offset).
   */
  readonly timestamp?: Timestamp;
  /**
   * A prompt-cache breakpoint at the end of this instruction (Anthropic cache_control on its system block).
   */
  readonly cacheControl?: CacheControl;
}
/**
 * A piece of reply text, in order.
 */
export interface TextDeltaChunk {
  /**
   * Always "textDelta".
   */
  readonly type: "textDelta";
  /**
   * The caller's id for the request this chunk answers.
   */
  readonly requestId: NonEmptyString;
  /**
   * The text to append.
   */
  readonly delta: string;
}
/**
 * A piece of the model's reasoning, in order (its signature, if any, is in the response's thinking block).
 */
export interface ThinkingDeltaChunk {
  /**
   * Always "thinkingDelta".
   */
  readonly type: "thinkingDelta";
  /**
   * The caller's id for the request this chunk answers.
   */
  readonly requestId: NonEmptyString;
  /**
   * The reasoning text to append.
   */
  readonly delta: string;
}
/**
 * A complete tool call requested by the model.
 */
export interface ToolCallChunk {
  /**
   * Always "toolCall".
   */
  readonly type: "toolCall";
  /**
   * The caller's id for the request this chunk answers.
   */
  readonly requestId: NonEmptyString;
  /**
   * The tool call, with the provider's id kept exactly.
   */
  readonly toolCall: ToolCallBlock;
}
/**
 * A piece of the model's refusal (OpenAI refusal deltas).
 */
export interface RefusalDeltaChunk {
  /**
   * Always "refusalDelta".
   */
  readonly type: "refusalDelta";
  /**
   * The caller's id for the request this chunk answers.
   */
  readonly requestId: NonEmptyString;
  /**
   * The refusal text received since the previous chunk.
   */
  readonly delta: string;
}
/**
 * The terminal result of one model call.
 */
export interface ModelResponse {
  /**
   * The provider's response id, kept exactly.
   */
  readonly id: NonEmptyString;
  /**
   * The caller's id for the request.
   */
  readonly requestId: NonEmptyString;
  /**
   * The whole reply as an assistant message.
   */
  readonly message: AssistantMessage;
  /**
   * Why the response ended.
   */
  readonly stopReason: ResponseStopReason;
  /**
   * Token counts for the response.
   */
  readonly usage: Usage;
  /**
   * The model that produced the reply, as the provider names it in the reply (OpenAI and Anthropic model, Gemini modelVersion); absent when the reply does not say (Bedrock Converse). The same as the message's model.
   */
  readonly model?: NonEmptyString;
  /**
   * What the reply held that the IR has no place for (a hosted tool's block, a citation), each with a stable code and its path in the reply; empty when nothing was left out.
   */
  readonly warnings: readonly ConversionWarning[];
}
/**
 * A provider-boundary failure as data.
 */
export interface ProviderFailure {
  /**
   * The stable code of the failure.
   */
  readonly code: ProviderErrorCode;
  /**
   * A sentence for people; its wording may change.
   */
  readonly message: string;
  /**
   * 0-based index of the transport record the failure is tied to (for a missing terminal, the number of records read).
   */
  readonly recordIndex?: number;
  /**
   * The provider's own error code, for transport errors.
   */
  readonly providerCode?: string;
}
/**
 * A fixture file for FixtureProviderAdapter.
 */
export interface ProviderFixture {
  /**
   * Always the integer 1 for this version.
   */
  readonly schemaVersion: 1;
  /**
   * The responses, served one per stream call in order.
   */
  readonly responses: readonly FixtureResponse[];
  /**
   * Free-form expectations for tests that use the fixture.
   */
  readonly expected?: JsonObject;
}
/**
 * One recorded response.
 */
export interface FixtureResponse {
  /**
   * The transport records of the response, in the order they arrived.
   */
  readonly records: readonly TransportRecord[];
}
/**
 * The start of a response.
 */
export interface ResponseStartRecord {
  /**
   * Always "response_start".
   */
  readonly type: "response_start";
  /**
   * The provider's response id.
   */
  readonly responseId: NonEmptyString;
  /**
   * Always "assistant".
   */
  readonly role: "assistant";
}
/**
 * A piece of reply text: one text block of the response and one text chunk of its own (consecutive text_delta records are not joined).
 */
export interface TextDeltaRecord {
  /**
   * Always "text_delta".
   */
  readonly type: "text_delta";
  /**
   * The text to append.
   */
  readonly text: string;
}
/**
 * Accepted and changes nothing: every text_delta record is a text block of its own already (fixtures written when consecutive deltas were joined used it to separate blocks).
 */
export interface TextEndRecord {
  /**
   * Always "text_end".
   */
  readonly type: "text_end";
}
/**
 * A piece of the model's reasoning; the thinking block it belongs to ends with a thinking_end record.
 */
export interface ThinkingDeltaRecord {
  /**
   * Always "thinking_delta".
   */
  readonly type: "thinking_delta";
  /**
   * The reasoning text to append.
   */
  readonly text: string;
}
/**
 * The end of a thinking block: the reasoning since the previous thinking_end (possibly none), with the provider's signature; redacted when the provider withheld the text (the signature then holds the provider's data).
 */
export interface ThinkingEndRecord {
  /**
   * Always "thinking_end".
   */
  readonly type: "thinking_end";
  /**
   * Opaque provider signature (or redacted data).
   */
  readonly signature?: string;
  /**
   * True when the provider withheld the reasoning text.
   */
  readonly redacted?: boolean;
}
/**
 * A complete tool call.
 */
export interface ToolCallRecord {
  /**
   * Always "tool_call".
   */
  readonly type: "tool_call";
  /**
   * The provider's call id, unique within the response.
   */
  readonly id: NonEmptyString;
  /**
   * The tool's name.
   */
  readonly name: NonEmptyString;
  /**
   * The tool's arguments.
   */
  readonly arguments: JsonObject;
}
/**
 * The terminal record of a response.
 */
export interface ResponseEndRecord {
  /**
   * Always "response_end".
   */
  readonly type: "response_end";
  /**
   * Must equal the start's responseId.
   */
  readonly responseId: NonEmptyString;
  /**
   * stop (no tool calls) or tool_call (at least one tool call).
   */
  readonly stopReason: RecordStopReason;
  /**
   * Token counts.
   */
  readonly usage: WireUsage;
}
/**
 * Token counts as providers spell them: each count under exactly one of its camelCase or snake_case names.
 */
export interface WireUsage {
  /**
   * Input tokens (camelCase spelling).
   */
  readonly inputTokens?: TokenCount;
  /**
   * Input tokens (snake_case spelling).
   */
  readonly input_tokens?: TokenCount;
  /**
   * Output tokens (camelCase spelling).
   */
  readonly outputTokens?: TokenCount;
  /**
   * Output tokens (snake_case spelling).
   */
  readonly output_tokens?: TokenCount;
}
/**
 * A failure reported by the transport.
 */
export interface TransportErrorRecord {
  /**
   * Always "transport_error".
   */
  readonly type: "transport_error";
  /**
   * The provider's error code.
   */
  readonly code: NonEmptyString;
  /**
   * The provider's error message.
   */
  readonly message: NonEmptyString;
}
/**
 * Every provider's record, in the order the registry lists them (PROVIDERS in TypeScript, provider_names() in Python).
 */
export interface ProviderRecords {
  /**
   * The records, one per provider, each name once.
   */
  readonly providers: readonly ProviderRecord[];
}
/**
 * One provider: its name and label, the tool-call ids and tool names it takes, how it reads the order and content of messages, the signatures it wants back on tool calls, and the keys of its request.
 */
export interface ProviderRecord {
  /**
   * The provider's name as the public API and the command spell it (check_wire_rules' provider, --format, --provider-rules).
   */
  readonly name: ProviderName;
  /**
   * The provider's name for a person (the HTML report, the documentation, a diagnostic about a model).
   */
  readonly label: string;
  /**
   * The tool-call ids it takes (INVALID_TOOL_CALL_ID_FORMAT; normalize_tool_call_ids renames the others).
   */
  readonly ids: ProviderIdRule;
  /**
   * The tool names it takes, of tool definitions and tool calls alike (INVALID_TOOL_NAME_FORMAT). Absent: no rule is known, none is checked.
   */
  readonly toolNames?: ProviderToolNameRule;
  /**
   * How it reads the order and content of messages.
   */
  readonly turns: ProviderTurnRules;
  /**
   * The opaque signatures it wants back on the tool calls of the current turn (MISSING_THOUGHT_SIGNATURE). Absent: none.
   */
  readonly signatures?: ProviderSignatureRule;
  /**
   * The most cache breakpoints (cacheControl on blocks and messages) a request may hold; retarget keeps the last ones and reports the others. Absent: no limit is known.
   */
  readonly cacheBreakpoints?: number;
  /**
   * The limits it sets on the images and documents of a request (TOO_MANY_IMAGES, TOO_MANY_DOCUMENTS, MEDIA_TOO_LARGE, DOCUMENT_WITHOUT_TEXT). Absent: none is known, none is checked.
   */
  readonly media?: ProviderMediaLimits;
  /**
   * The keys of a request line in the object form, as agent-ir validate --format reads it.
   */
  readonly request: ProviderRequestKeys;
}
/**
 * The tool-call ids a provider takes: at least shortest and at most longest characters and, when characters is given, only those. The whole-id pattern is derived: [characters]{shortest,longest} ({n} when both are n), or [characters]{shortest,} without a limit ([characters]+ when shortest is 1). An object without any key takes any id.
 */
export interface ProviderIdRule {
  /**
   * The fewest characters (Unicode code points) an id may have (Mistral: exactly 9). Absent: 1. normalize_tool_call_ids pads a shorter id with replacement (the record gives characters and replacement with it).
   */
  readonly shortest?: number;
  /**
   * The most characters (Unicode code points) an id may have. Absent: no limit is known, none is checked.
   */
  readonly longest?: number;
  /**
   * The characters an id may hold. Absent: any character.
   */
  readonly characters?: CharacterClass;
  /**
   * The character normalize_tool_call_ids writes in place of each character outside characters (given with characters, and only with it).
   */
  readonly replacement?: string;
}
/**
 * The tool names a provider takes: 1 to longest characters, each in characters, and, when first is given, the first of them in first. The whole-name pattern is derived: [characters]{1,longest}, or [first][characters]{0,longest-1}.
 */
export interface ProviderToolNameRule {
  /**
   * The most characters a name may have.
   */
  readonly longest: number;
  /**
   * The characters a name may hold.
   */
  readonly characters: CharacterClass;
  /**
   * The characters a name may start with. Absent: any of characters.
   */
  readonly first?: CharacterClass;
}
/**
 * How a provider reads the order and content of messages; every rule is stated, true or false (all false: only what validate_transcript asks).
 */
export interface ProviderTurnRules {
  /**
   * The results of an assistant message's calls come directly after it (RESULT_NOT_IMMEDIATE).
   */
  readonly resultsFollowCall: boolean;
  /**
   * Consecutive assistant messages are one turn, so the results may follow the run of them.
   */
  readonly assistantTurnsJoin: boolean;
  /**
   * The first message after the system messages is a user turn (INVALID_ROLE_ORDER).
   */
  readonly userTurnFirst: boolean;
  /**
   * An assistant turn holding tool calls comes after a user turn (a user message or tool results), never first after the system messages (INVALID_ROLE_ORDER; weaker than userTurnFirst).
   */
  readonly callsFollowUserTurn: boolean;
  /**
   * User and assistant content must not be empty or only whitespace, a text block not empty, and a whitespace-only text block not the only thing its message says (EMPTY_CONTENT).
   */
  readonly contentRequired: boolean;
  /**
   * A tool-call id may be used again once its call was answered, which validate_transcript refuses on purpose (DUPLICATE_TOOL_CALL_ID) and check_wire_rules then accepts.
   */
  readonly idsReusableAfterResult: boolean;
}
/**
 * The opaque signatures a provider wants back: for each model that models says requires them, the first tool call of each step of the current turn must carry one (MISSING_THOUGHT_SIGNATURE). The current turn is everything after the last user message; a step is a run of consecutive assistant messages.
 */
export interface ProviderSignatureRule {
  /**
   * The values accepted in place of a signature (each also as the base64 of its bytes); repair_transcript writes the first of them on a call that lacks one.
   */
  readonly placeholders: readonly SignaturePlaceholder[];
  /**
   * Which models require the signatures.
   */
  readonly models: ProviderModelRule;
}
/**
 * The limits a provider sets on the images and documents of a request, each kind on its own. A user turn is a run of consecutive user and tool-result messages (system messages between them do not end it; an assistant message or a malformed one does): the wire conversions send it as one user message.
 */
export interface ProviderMediaLimits {
  /**
   * The image blocks' limits: the count is of the image blocks of the turn's user messages (not those inside tool results); the size is of every image, in user messages and tool results. Absent: none.
   */
  readonly images?: ProviderMediaLimit;
  /**
   * The document blocks' limits (documents are in user messages only). Absent: none.
   */
  readonly documents?: ProviderMediaLimit;
  /**
   * A user turn holding a document must also hold a text block that is not blank, in its user messages (DOCUMENT_WITHOUT_TEXT, at the turn's first document). Absent: false.
   */
  readonly documentsNeedText?: boolean;
}
/**
 * How many blocks of one kind a user turn may hold, and how large one may be. A block's size is known only for a base64 source: the bytes it decodes to (the padded base64's length over 4 times 3, less one per '='); a URL or file source's size is not known to agent-ir and is not checked.
 */
export interface ProviderMediaLimit {
  /**
   * The most blocks of the kind one user turn may hold (TOO_MANY_IMAGES, TOO_MANY_DOCUMENTS, at the first block beyond it). Absent: no limit is known, none is checked.
   */
  readonly mostPerTurn?: number;
  /**
   * The most bytes one block's decoded base64 data may have (MEDIA_TOO_LARGE, at the block). Absent: no limit is known, none is checked.
   */
  readonly largestBytes?: number;
  /**
   * Images only: the most pixels an image's width and its height may each have (MEDIA_TOO_LARGE, at the block), read from the header of its base64 bytes (PNG, GIF, WebP, JPEG; another format's, or a URL or file source's, is not known and not checked). Absent: no limit is known, none is checked.
   */
  readonly largestSide?: number;
}
/**
 * Which models a rule applies to, read from the model's name after its last / (models/x, publishers/p/models/x), lowercased. A model not given (not known) is judged as the current models: the rule applies. A name that does not start with prefix: it does not. A name that holds one of exempt: it does not. A name with a version right after prefix (<major>, <major>.<minor> or <major>-<minor>, then a hyphen or the end): the rule applies from major fromMajor on. A name with no version there (an alias that follows the newest release): the rule applies.
 */
export interface ProviderModelRule {
  /**
   * How the names of the provider's own models start.
   */
  readonly prefix: ModelNameFragment;
  /**
   * The first major version the rule applies to.
   */
  readonly fromMajor: number;
  /**
   * Pieces of a name that exempt a model of the family (an empty array: none).
   */
  readonly exempt: readonly ModelNameFragment[];
}
/**
 * The keys of a provider's request that agent-ir validate --format reads from a line in the object form ({"<messages>": [...], ...}).
 */
export interface ProviderRequestKeys {
  /**
   * The key holding the messages.
   */
  readonly messages: RequestKey;
  /**
   * The key holding the system prompt. Absent: the format keeps it among the messages.
   */
  readonly system?: RequestKey;
  /**
   * The key holding the tool definitions. Absent: the format has none.
   */
  readonly tools?: RequestKey;
  /**
   * The line's other keys the format defines as booleans: each, when present, must be true or false (an empty array: none).
   */
  readonly switches: readonly RequestKey[];
}
/**
 * A function tool the model may call: a call (a toolCall block) names it, and its arguments must validate against its parameters. Hosted tools that the provider runs (web search, code execution) have no definition here; their calls are serverToolCall blocks.
 */
export interface ToolDefinition {
  /**
   * The name calls use. Providers restrict it further (OpenAI: ^[a-zA-Z0-9_-]{1,64}$); check_wire_rules reports a name its provider refuses (INVALID_TOOL_NAME_FORMAT).
   */
  readonly name: NonEmptyString;
  /**
   * What the tool does, for the model.
   */
  readonly description?: string;
  /**
   * A JSON Schema (Draft 2020-12 unless its $schema names another draft) that a call's arguments object must validate against. Absent: the tool takes any arguments object. A $ref is resolved inside this schema only; nothing is ever fetched.
   */
  readonly parameters?: JsonObject;
  /**
   * OpenAI's strict function calling: the model's arguments follow the parameters exactly (OpenAI then requires additionalProperties false and every property required). Carried, not checked.
   */
  readonly strict?: boolean;
}
/**
 * One transcript as a dataset line holds it: its messages, the tools they may call and an id for reports (agent-ir validate reads a line in this form, or a bare array of messages).
 */
export interface TranscriptRecord {
  /**
   * Names the transcript in reports.
   */
  readonly id?: string | number;
  /**
   * The messages, in order.
   */
  readonly messages: Transcript;
  /**
   * The tools the messages may call; absent: calls are not checked against definitions.
   */
  readonly tools?: Tools;
}
