// DO NOT EDIT: generated from schemas/v1/wire/otel.schema.json by codegen/wire_typescript.py.
// Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
// The OpenTelemetry GenAI messages wire format as agent-ir reads it: each type is a $defs entry of the
// schema, under its name. agent-ir warns about keys and types it does not declare
// rather than refusing them (schemas/README.md, "Wire formats").

/**
 * The base of the part declarations: a part's ``type`` is a string; a type not declared
 * here (the conventions' GenericPart, ``""`` included) is passed over with a PART_NOT_READ
 * warning.
 */
export interface Part {}

/**
 * Text content sent to or received from the model: a text block (of a system
 * instruction, a system message's content).
 */
export interface TextPart {
  readonly type: "text";
  /**
   * The text. Absent or null (an instrumentation that does not capture content): PART_NOT_READ.
   */
  readonly content?: string | null;
}

/**
 * A tool call requested by the model: a toolCall block of an assistant message.
 */
export interface ToolCallRequestPart {
  readonly type: "tool_call";
  /**
   * The call's id; absent or null: <assigned id of its message>-call-<n> (n its place among the message's parts, from 1), with TOOL_CALL_ID_ADDED.
   */
  readonly id?: string | null;
  /**
   * The tool's name.
   */
  readonly name: string;
  /**
   * The arguments: an object as it is, or JSON text of one (absent, null, '' or only whitespace: {}); anything else is kept for the IR to refuse (INVALID_TOOL_ARGUMENTS).
   */
  readonly arguments?: unknown;
  /**
   * True: a call of a tool the provider runs (not in the conventions; pydantic-ai writes it for its builtin tools): a serverToolCall block (provider "otel", its input the arguments object).
   */
  readonly builtin?: boolean | null;
}

/**
 * A tool call's result sent to the model: a toolResult message (isError false), placed
 * where the part is among its message's parts. It answers the call its id names; without an
 * id, the first earlier call not yet answered whose name is its name (RESULT_PAIRED_BY_NAME),
 * else the first earlier call not yet answered.
 */
export interface ToolCallResponsePart {
  readonly type: "tool_call_response";
  /**
   * The id of the call it answers.
   */
  readonly id?: string | null;
  /**
   * The result: a string is the content as it is; an array of text, blob, uri and file parts the content's blocks; any other value its compact JSON text. Absent or null: empty content.
   */
  readonly response?: unknown;
  /**
   * The tool's name (not in the conventions; pydantic-ai writes it): the result's toolName; absent: the call's.
   */
  readonly name?: string | null;
  /**
   * The result, as pydantic-ai spells response (read when response is absent or null).
   */
  readonly result?: unknown;
  /**
   * True: the result of a tool the provider ran (not in the conventions; pydantic-ai writes it for its builtin tools), in the assistant message of its call: a serverToolResult block (provider "otel") whose wire holds the name and the result.
   */
  readonly builtin?: boolean | null;
}

/**
 * A call of a tool the provider runs itself: a serverToolCall block (provider "otel"),
 * whose input is the server_tool_call object as it is.
 */
export interface ServerToolCallPart {
  readonly type: "server_tool_call";
  /**
   * The call's id; absent or null: assigned as a tool call's, with TOOL_CALL_ID_ADDED.
   */
  readonly id?: string | null;
  /**
   * The server tool's name.
   */
  readonly name: string;
  /**
   * The call's details, with a type naming the tool (code_interpreter, web_search...).
   */
  readonly server_tool_call: GenericServerToolCall;
}

/**
 * The result of a server-tool call: a serverToolResult block (provider "otel") whose wire is
 * the server_tool_call_response object as it is.
 */
export interface ServerToolCallResponsePart {
  readonly type: "server_tool_call_response";
  /**
   * The id of the server-tool call it answers; absent or null: the last server-tool call of its message (none: PART_NOT_READ).
   */
  readonly id?: string | null;
  /**
   * The result's details, with a type naming the tool.
   */
  readonly server_tool_call_response: GenericServerToolCallResponse;
}

/**
 * Binary data sent inline to the model: an image, audio or document block with a base64
 * source (PART_NOT_READ when the IR does not take its MIME type or data).
 */
export interface BlobPart {
  readonly type: "blob";
  /**
   * The IANA MIME type of the data (absent: PART_NOT_READ, the IR needs one).
   */
  readonly mime_type?: string | null;
  /**
   * The general modality of the data (image, video, audio, document, or another string): an image, audio or document block; absent: taken from mime_type; video or another modality: PART_NOT_READ.
   */
  readonly modality?: string | null;
  /**
   * The size of the data in bytes, as the instrumentation saw it (not read: the IR does not keep it).
   */
  readonly byte_size?: number | null;
  /**
   * The bytes, base64-encoded.
   */
  readonly content: string;
}

/**
 * A file uploaded to the provider, by id: an image or document block with a file source
 * (audio has no file source in the IR: PART_NOT_READ).
 */
export interface FilePart {
  readonly type: "file";
  /**
   * The IANA MIME type of the file (not kept: the IR's file source has none).
   */
  readonly mime_type?: string | null;
  /**
   * The general modality of the data (image, video, audio, document, or another string): an image, audio or document block; absent: taken from mime_type; video or another modality: PART_NOT_READ.
   */
  readonly modality?: string | null;
  /**
   * The size of the data in bytes, as the instrumentation saw it (not read: the IR does not keep it).
   */
  readonly byte_size?: number | null;
  /**
   * The provider's id of the file.
   */
  readonly file_id: string;
}

/**
 * A file referenced by URI: an image or document block with a URL source (audio has no URL
 * source in the IR: PART_NOT_READ).
 */
export interface UriPart {
  readonly type: "uri";
  /**
   * The IANA MIME type of the data (not kept: the IR's URL source has none).
   */
  readonly mime_type?: string | null;
  /**
   * The general modality of the data (image, video, audio, document, or another string): an image, audio or document block; absent: taken from mime_type; video or another modality: PART_NOT_READ.
   */
  readonly modality?: string | null;
  /**
   * The size of the data in bytes, as the instrumentation saw it (not read: the IR does not keep it).
   */
  readonly byte_size?: number | null;
  /**
   * The URI, passed through unchanged.
   */
  readonly uri: string;
}

/**
 * Reasoning (thinking) content received from the model: a thinking block.
 */
export interface ReasoningPart {
  readonly type: "reasoning";
  /**
   * The reasoning text. Absent or null (not captured): PART_NOT_READ.
   */
  readonly content?: string | null;
}

/**
 * Reasoning as pydantic-ai spells a reasoning part (not in the conventions): a thinking block.
 */
export interface ThinkingPart {
  readonly type: "thinking";
  /**
   * The reasoning text. Absent or null (not captured): PART_NOT_READ.
   */
  readonly content?: string | null;
}

/**
 * Compacted conversation state: the IR has no compaction block, so it is PART_NOT_READ.
 */
export interface CompactionPart {
  readonly type: "compaction";
  /**
   * The provider's id of the compaction item.
   */
  readonly id?: string | null;
  /**
   * The compacted summary, when not encrypted.
   */
  readonly content?: string | null;
}

/**
 * A server tool call's details: an object whose type (a string) names the tool, its
 * other keys as the provider defines them.
 */
export type GenericServerToolCall = { readonly [key: string]: unknown };

/**
 * A server tool call's result: an object whose type (a string) names the tool, its
 * other keys as the provider defines them.
 */
export type GenericServerToolCallResponse = { readonly [key: string]: unknown };

/**
 * A part of a message, by its type.
 */
export type MessagePart = TextPart | ToolCallRequestPart | ToolCallResponsePart | ServerToolCallPart | ServerToolCallResponsePart | BlobPart | FilePart | UriPart | ReasoningPart | ThinkingPart | CompactionPart;

/**
 * A message of gen_ai.input.messages (the conventions' ChatMessage).
 */
export interface ChatMessage {
  /**
   * Who wrote the message: system (a system message), user (a user message; its tool_call_response parts become toolResult messages), assistant (an assistant message), tool (toolResult messages); any other role: the message is PART_NOT_READ.
   */
  readonly role: string;
  /**
   * The message's parts, in order.
   */
  readonly parts: readonly MessagePart[];
  /**
   * The participant's name: not read (PART_NOT_READ).
   */
  readonly name?: string | null;
  /**
   * Why the generation of an assistant message stopped (not in the conventions' input messages; pydantic-ai writes it, and so does to_otel): read as an output message's.
   */
  readonly finish_reason?: string | null;
}

/**
 * A message of gen_ai.output.messages: a response (choice, candidate) of the model.
 */
export interface OutputMessage {
  /**
   * Who wrote the message: system (a system message), user (a user message; its tool_call_response parts become toolResult messages), assistant (an assistant message), tool (toolResult messages); any other role: the message is PART_NOT_READ.
   */
  readonly role: string;
  /**
   * The message's parts, in order.
   */
  readonly parts: readonly MessagePart[];
  /**
   * The participant's name: not read (PART_NOT_READ).
   */
  readonly name?: string | null;
  /**
   * Why generation stopped (deprecated by the conventions in favour of gen_ai.response.finish_reasons, read when this is absent): the assistant message's stopReason (the conventions' values, the IR's own, and OpenAI's and Anthropic's spellings, which instrumentations pass through: agent_ir.wire.otel._keys.STOP_REASONS; another reason: PART_NOT_READ).
   */
  readonly finish_reason?: string | null;
}

/**
 * A tool the model may call: a ToolDefinition when its type is function.
 */
export interface FunctionToolDefinition {
  /**
   * The tool's type: function; any other type (the conventions' GenericToolDefinition) is TOOL_NOT_READ (the tool left out).
   */
  readonly type: string;
  /**
   * The tool's name.
   */
  readonly name: string;
  /**
   * What the tool does (null: none).
   */
  readonly description?: string | null;
  /**
   * The arguments' JSON Schema (draft-07 by the conventions, read as the IR reads a tool's parameters: 2020-12 unless its $schema names another draft; null: any arguments).
   */
  readonly parameters?: { readonly [key: string]: unknown } | null;
}

/**
 * An entry of gen_ai.tool.definitions.
 */
export type ToolDefinition = FunctionToolDefinition;

/**
 * gen_ai.system_instructions: the system instructions given apart from the chat
 * history; each text part is one system message, first in the transcript (another part:
 * PART_NOT_READ).
 */
export type SystemInstructions = readonly MessagePart[];

/**
 * gen_ai.input.messages: the chat history sent to the model.
 */
export type InputMessages = readonly ChatMessage[];

/**
 * gen_ai.output.messages: the model's responses, after the input messages.
 */
export type OutputMessages = readonly OutputMessage[];

/**
 * gen_ai.tool.definitions: the tools the model may call.
 */
export type ToolDefinitions = readonly ToolDefinition[];
