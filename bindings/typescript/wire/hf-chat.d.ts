// DO NOT EDIT: generated from schemas/v1/wire/hf-chat.schema.json by codegen/wire_typescript.py.
// Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
// The Hugging Face chat wire format as agent-ir reads it: each type is a $defs entry of the
// schema, under its name. agent-ir warns about keys and types it does not declare
// rather than refusing them (schemas/README.md, "Wire formats").

/**
 * The base of the part declarations: a part's ``type`` is a string (``""`` is a
 * type like any other: not declared, so passed over with a warning).
 */
export interface Part {}

/**
 * Text: a text block (of a system message, the text joined without a separator).
 */
export interface TextPart {
  readonly type: "text";
  /**
   * The text.
   */
  readonly text: string;
}

/**
 * An image of a user message or a tool result; without a URL (a placeholder whose
 * image is in another column, a local ``path``) the part is PART_NOT_READ.
 */
export interface ImagePart {
  readonly type: "image";
  /**
   * The image's URL: data:<image/...>;base64,<data> is a base64 source (when the IR takes it), anything else a URL source.
   */
  readonly url?: string | null;
  /**
   * The URL, when there is no url (read the same).
   */
  readonly image?: string | null;
}

/**
 * An image where the message has none (a system or assistant message): PART_NOT_READ
 * as a whole.
 */
export interface OtherImagePart {
  readonly type: "image";
  /**
   * Not read.
   */
  readonly url?: unknown;
  /**
   * Not read.
   */
  readonly image?: unknown;
}

/**
 * A string, or parts of which text is read (any other part type is PART_NOT_READ).
 */
export type TextContent = string | readonly (TextPart | OtherImagePart)[];

/**
 * A string, or text and image parts (any other part type is PART_NOT_READ).
 */
export type MediaContent = string | readonly (TextPart | ImagePart)[];

/**
 * The function a call calls.
 */
export interface Function {
  /**
   * The tool's name.
   */
  readonly name: string;
  /**
   * The arguments: an object as it is, or JSON text of one (as OpenAI writes them; absent, null, '' or only whitespace: {}); text that holds anything but an object is kept, for the IR to refuse (INVALID_TOOL_ARGUMENTS).
   */
  readonly arguments?: { readonly [key: string]: unknown } | string | null;
}

/**
 * A call of an assistant message: a toolCall block, after its text.
 */
export interface ToolCall {
  /**
   * 'function', or absent.
   */
  readonly type?: "function" | null;
  /**
   * The call's id; absent or null: <assigned id of its message>-call-<n> (n its place among the message's calls, from 1; -2, -3... when the input already has that id).
   */
  readonly id?: string | null;
  /**
   * The function called.
   */
  readonly function: Function;
}

/**
 * System instructions: a system message.
 */
export interface SystemMessage {
  readonly role: "system";
  /**
   * The instructions.
   */
  readonly content: TextContent;
}

/**
 * Developer instructions (as gpt-oss templates write them): a system message.
 */
export interface DeveloperMessage {
  readonly role: "developer";
  /**
   * The instructions.
   */
  readonly content: TextContent;
}

/**
 * A user turn: a string stays a string, parts become blocks.
 */
export interface UserMessage {
  readonly role: "user";
  /**
   * The turn's content.
   */
  readonly content: MediaContent;
}

/**
 * An assistant turn: its thinking, its text and its calls, in that order.
 */
export interface AssistantMessage {
  readonly role: "assistant";
  /**
   * Reasoning (Qwen3's and DeepSeek's templates): one thinking block before the text, when not empty.
   */
  readonly reasoning_content?: string | null;
  /**
   * Reasoning, when reasoning_content is absent or empty; beside it: PART_NOT_READ.
   */
  readonly thinking?: string | null;
  /**
   * The text ('' and null: none; TRL writes a calling assistant without it).
   */
  readonly content?: TextContent | null;
  /**
   * The calls, in order.
   */
  readonly tool_calls?: readonly ToolCall[] | null;
}

/**
 * A tool result (isError false). It answers the call its tool_call_id names; else
 * the first earlier call not yet answered whose name is its name; else, with no name,
 * the first earlier call not yet answered; else none (its id:
 * <assigned id>-result).
 */
export interface ToolMessage {
  readonly role: "tool";
  /**
   * The result: a string, or text and image parts.
   */
  readonly content: MediaContent;
  /**
   * The id of the call it answers.
   */
  readonly tool_call_id?: string | null;
  /**
   * The tool's name (the result's toolName; absent: the call's, else 'unknown' with TOOL_NAME_UNKNOWN).
   */
  readonly name?: string | null;
}

/**
 * A message of a row; any other role is refused.
 */
export type Message = SystemMessage | DeveloperMessage | UserMessage | AssistantMessage | ToolMessage;

/**
 * A function a row's model may call: a tool definition (as ``get_json_schema``
 * writes it).
 */
export interface ToolFunction {
  /**
   * The tool's name.
   */
  readonly name: string;
  /**
   * What it does.
   */
  readonly description?: string | null;
  /**
   * The arguments' JSON Schema.
   */
  readonly parameters?: { readonly [key: string]: unknown } | null;
  /**
   * Whether the arguments must match exactly.
   */
  readonly strict?: boolean | null;
}

/**
 * An entry of ``tools`` (a list, or JSON text of one): a function tool.
 */
export interface FunctionTool {
  /**
   * 'function', or absent; anything else is TOOL_NOT_READ (the tool left out).
   */
  readonly type?: unknown;
  /**
   * The function (required for a function tool).
   */
  readonly function?: ToolFunction | null;
}

/**
 * An entry of ``tools``.
 */
export type Tool = FunctionTool;
