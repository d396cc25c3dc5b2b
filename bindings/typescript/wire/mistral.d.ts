// DO NOT EDIT: generated from schemas/v1/wire/mistral.schema.json by codegen/wire_typescript.py.
// Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
// The Mistral chat completions wire format as agent-ir reads it: each type is a $defs entry of the
// schema, under its name. agent-ir warns about keys and types it does not declare
// rather than refusing them (schemas/README.md, "Wire formats").

/**
 * The base of the chunk declarations: a chunk's ``type`` is a string (``""`` is a
 * type like any other: not declared, so passed over with a warning).
 */
export interface Chunk {}

/**
 * Text: a text block (of a system message, the text joined without a separator).
 */
export interface TextChunk {
  readonly type: "text";
  /**
   * The text.
   */
  readonly text: string;
}

/**
 * An image by URL, with its detail.
 */
export interface ImageUrl {
  /**
   * data:<image/...>;base64,<data> (a base64 source when the data is valid base64), else a URL source holding the URL unchanged.
   */
  readonly url: string;
  /**
   * 'auto', 'low' or 'high': the image's; another value is warned.
   */
  readonly detail?: unknown;
}

/**
 * An image (of a user message or a tool result): an image block.
 */
export interface ImageUrlChunk {
  readonly type: "image_url";
  /**
   * The image's URL, or an object holding it and its detail.
   */
  readonly image_url: string | ImageUrl;
}

/**
 * A document by URL (of a user message): a document block.
 */
export interface DocumentUrlChunk {
  readonly type: "document_url";
  /**
   * data:<media type>;base64,<data> (a base64 source), else a URL source holding the URL unchanged.
   */
  readonly document_url: string;
  /**
   * The document's file name (the block's filename).
   */
  readonly document_name?: string | null;
}

/**
 * A file uploaded to Mistral's files API (of a user message): a document block with a file source.
 */
export interface FileChunk {
  readonly type: "file";
  /**
   * The file's id (the source's fileId).
   */
  readonly file_id: string;
}

/**
 * References to tool results (of a thinking chunk): no IR form, PART_NOT_READ.
 */
export interface ReferenceChunk {
  readonly type: "reference";
  /**
   * The ids referred to.
   */
  readonly reference_ids?: unknown;
}

/**
 * A piece of a thinking chunk: its text; a reference, or any other type
 * (``tool_reference``), is PART_NOT_READ.
 */
export type ThinkingText = TextChunk | ReferenceChunk;

/**
 * Reasoning (Magistral models): a thinking block.
 */
export interface ThinkChunk {
  readonly type: "thinking";
  /**
   * The reasoning as chunks: the text of its text chunks, joined.
   */
  readonly thinking: readonly ThinkingText[];
  /**
   * The signature that replays the reasoning across turns (the block's signature).
   */
  readonly signature?: string | null;
  /**
   * Whether the reasoning is complete (used for prefixing): true or absent carries nothing; false is PART_NOT_READ.
   */
  readonly closed?: boolean | null;
}

/**
 * A chunk of a system message: text; thinking, or any other type, is PART_NOT_READ.
 */
export type SystemChunk = TextChunk | ThinkChunk;

/**
 * A chunk of a user message; any other type (``input_audio``, ``reference``, ``thinking``...) is
 * PART_NOT_READ.
 */
export type UserChunk = TextChunk | ImageUrlChunk | DocumentUrlChunk | FileChunk;

/**
 * A chunk of an assistant message: text or thinking, in order; any other type is
 * PART_NOT_READ.
 */
export type AssistantChunk = TextChunk | ThinkChunk;

/**
 * A chunk of a tool message: text or an image; any other type is PART_NOT_READ.
 */
export type ToolChunk = TextChunk | ImageUrlChunk;

/**
 * The function a call calls.
 */
export interface FunctionCall {
  /**
   * The tool's name.
   */
  readonly name: string;
  /**
   * The arguments: an object as it is, or JSON text of one (empty or only whitespace: {}); text that holds anything but an object is kept, for the IR to refuse (INVALID_TOOL_ARGUMENTS).
   */
  readonly arguments: { readonly [key: string]: unknown } | string;
}

/**
 * A call of an assistant message: a toolCall block, after its content.
 */
export interface ToolCall {
  /**
   * The call's id (the API takes 9 characters of [a-zA-Z0-9]: check_wire_rules).
   */
  readonly id: string;
  /**
   * 'function', or absent.
   */
  readonly type?: "function" | null;
  /**
   * The function called.
   */
  readonly function: FunctionCall;
  /**
   * The call's place (a stream's); no IR form, not warned.
   */
  readonly index?: number | null;
}

/**
 * System instructions: a system message.
 */
export interface SystemMessage {
  readonly role: "system";
  /**
   * The instructions: a string, or chunks whose text is joined.
   */
  readonly content: string | readonly SystemChunk[];
}

/**
 * A user turn: a string stays a string, chunks become blocks.
 */
export interface UserMessage {
  readonly role: "user";
  /**
   * The turn's content (null: '').
   */
  readonly content: string | readonly UserChunk[] | null;
}

/**
 * An assistant turn: its content chunks in order, then its calls.
 */
export interface AssistantMessage {
  readonly role: "assistant";
  /**
   * The text ('' and null: none), or text and thinking chunks.
   */
  readonly content?: string | readonly AssistantChunk[] | null;
  /**
   * The calls, in order.
   */
  readonly tool_calls?: readonly ToolCall[] | null;
  /**
   * true: the model continues this message (the last one) rather than answering it; no IR form: PART_NOT_READ (false carries nothing).
   */
  readonly prefix?: boolean;
}

/**
 * A tool result (isError false) answering the call its tool_call_id names.
 */
export interface ToolMessage {
  readonly role: "tool";
  /**
   * The result: a string (null: ''), or text and image chunks.
   */
  readonly content: string | readonly ToolChunk[] | null;
  /**
   * The id of the call it answers.
   */
  readonly tool_call_id: string;
  /**
   * The tool's name (the result's toolName; absent: the call's, else 'unknown' with TOOL_NAME_UNKNOWN).
   */
  readonly name?: string | null;
}

/**
 * A message of a request; any other role is refused.
 */
export type Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage;
