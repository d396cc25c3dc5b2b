// DO NOT EDIT: generated from schemas/v1/wire/bedrock-converse.schema.json by codegen/wire_typescript.py.
// Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
// The AWS Bedrock Converse wire format as agent-ir reads it: each type is a $defs entry of the
// schema, under its name. agent-ir warns about keys and types it does not declare
// rather than refusing them (schemas/README.md, "Wire formats").

/**
 * A prompt-cache checkpoint: the content before it (in the system prompt, a message or the tools) is cached. The IR's cacheControl of the block (or system message, tool definition) it follows.
 */
export interface CachePoint {
  /**
   * ``default``, the one kind; any other is warned (PART_NOT_READ).
   */
  readonly type: string;
  /**
   * How long the entry lives: ``5m`` or ``1h`` (the IR's ttl); any other is warned.
   */
  readonly ttl?: string | null;
}

/**
 * An object in Amazon S3: the IR's URL source ``s3://...``.
 */
export interface S3Location {
  /**
   * The object's ``s3://`` URI.
   */
  readonly uri: string;
  /**
   * The bucket owner's account id; no IR form (PART_NOT_READ).
   */
  readonly bucketOwner?: string | null;
}

/**
 * Where an image is: one of its keys.
 */
export interface ImageSource {
  /**
   * The image's bytes: ``bytes`` as boto3 takes and returns them, base64 text in the JSON body of the HTTP API (both read; ``to_bedrock_converse`` writes bytes unless ``binary="base64"``).
   */
  readonly bytes?: string | null;
  /**
   * An S3 object.
   */
  readonly s3Location?: S3Location | null;
}

/**
 * An image: ``format`` png, jpeg, gif or webp (image/<format>).
 */
export interface ImageBlock {
  /**
   * png, jpeg, gif or webp.
   */
  readonly format: string;
  /**
   * The image.
   */
  readonly source: ImageSource;
}

/**
 * Whether the model may cite a document.
 */
export interface CitationsConfig {
  /**
   * The IR document's ``citations``.
   */
  readonly enabled: boolean;
}

/**
 * Where a document is: one of its keys.
 */
export interface DocumentSource {
  /**
   * The document's bytes (as for an image's).
   */
  readonly bytes?: string | null;
  /**
   * An S3 object.
   */
  readonly s3Location?: S3Location | null;
  /**
   * The document as text: read as the base64 of its UTF-8 bytes.
   */
  readonly text?: string | null;
  /**
   * The document as content blocks; no IR form (PART_NOT_READ).
   */
  readonly content?: unknown;
}

/**
 * A document: its ``format`` (pdf, csv, doc, docx, xls, xlsx, html, txt, md: the IR's media type), its ``name`` (the IR's title), its source.
 */
export interface DocumentBlock {
  /**
   * pdf, csv, doc, docx, xls, xlsx, html, txt or md.
   */
  readonly format?: string | null;
  /**
   * The document's name: the IR's title (alphanumerics, single spaces, hyphens, parentheses and square brackets).
   */
  readonly name: string;
  /**
   * The document.
   */
  readonly source: DocumentSource;
  /**
   * Text about the document the model reads but does not cite.
   */
  readonly context?: string | null;
  /**
   * Whether the model may cite the document.
   */
  readonly citations?: CitationsConfig | null;
}

/**
 * Where a video is.
 */
export interface VideoSource {
  /**
   * The video's bytes.
   */
  readonly bytes?: string | null;
  /**
   * An S3 object.
   */
  readonly s3Location?: S3Location | null;
}

/**
 * A video; the IR has no video block (PART_NOT_READ).
 */
export interface VideoBlock {
  /**
   * mkv, mov, mp4, webm, flv, mpeg, mpg, wmv or three_gp.
   */
  readonly format: string;
  /**
   * The video.
   */
  readonly source: VideoSource;
}

/**
 * Audio: ``format`` (mp3, wav, ogg, flac, ...) and its bytes (the IR's audio block).
 */
export interface AudioBlock {
  /**
   * The audio's format (the IR's audio/<type>).
   */
  readonly format: string;
  /**
   * The audio: bytes or an S3 object.
   */
  readonly source: VideoSource;
}

/**
 * A tool call: ``toolUseId``, ``name``, ``input``.
 */
export interface ToolUseBlock {
  /**
   * The call's id, answered by a toolResult.
   */
  readonly toolUseId: string;
  /**
   * The tool's name.
   */
  readonly name: string;
  /**
   * The arguments; not an object: refused by the IR.
   */
  readonly input: unknown;
  /**
   * ``server_tool_use``: a call the service runs itself (a server-tool call of provider "bedrock-converse").
   */
  readonly type?: string | null;
}

/**
 * One part of a tool result: one of its keys.
 */
export interface ToolResultPart {
  /**
   * Text.
   */
  readonly text?: string | null;
  /**
   * A JSON value: read as a text block holding its JSON text, warned (PART_NOT_READ: the form is not kept).
   */
  readonly json?: unknown;
  /**
   * An image.
   */
  readonly image?: ImageBlock | null;
  /**
   * A document; no IR form (PART_NOT_READ).
   */
  readonly document?: DocumentBlock | null;
  /**
   * A video; no IR form (PART_NOT_READ).
   */
  readonly video?: VideoBlock | null;
  /**
   * A search result; no IR form (PART_NOT_READ).
   */
  readonly searchResult?: unknown;
}

/**
 * A tool's result: one tool-result message.
 */
export interface ToolResultBlock {
  /**
   * The id of the call it answers.
   */
  readonly toolUseId: string;
  /**
   * The result's parts.
   */
  readonly content: readonly ToolResultPart[];
  /**
   * ``error``: the IR's isError; ``success`` or none: not an error.
   */
  readonly status?: "success" | "error" | null;
  /**
   * The result's type (a server tool's); no IR form (PART_NOT_READ).
   */
  readonly type?: string | null;
}

/**
 * Reasoning text and its signature.
 */
export interface ReasoningText {
  /**
   * The reasoning.
   */
  readonly text: string;
  /**
   * The model's signature of the reasoning, sent back unchanged.
   */
  readonly signature?: string | null;
}

/**
 * Reasoning: readable (``reasoningText``) or redacted (``redactedContent``).
 */
export interface ReasoningContent {
  /**
   * Readable reasoning: an IR thinking block.
   */
  readonly reasoningText?: ReasoningText | null;
  /**
   * Redacted reasoning's bytes (base64 in JSON): a redacted IR thinking block whose signature is their base64.
   */
  readonly redactedContent?: string | null;
}

/**
 * A part of the text a citation supports.
 */
export interface GeneratedContent {
  /**
   * Text.
   */
  readonly text?: string | null;
}

/**
 * Generated text with the citations that support it: an IR text block whose citations are provider "bedrock-converse" (each citation object as it is).
 */
export interface CitationsContent {
  /**
   * The text, in parts (joined).
   */
  readonly content: readonly GeneratedContent[];
  /**
   * The citations, each kept as it is.
   */
  readonly citations: readonly { readonly [key: string]: unknown }[];
}

/**
 * A block of a message; its kind is the one key it holds.
 */
export interface ContentBlock {
  /**
   * Text.
   */
  readonly text?: string | null;
  /**
   * An image (user messages).
   */
  readonly image?: ImageBlock | null;
  /**
   * A document (user messages).
   */
  readonly document?: DocumentBlock | null;
  /**
   * A video; no IR form (PART_NOT_READ).
   */
  readonly video?: VideoBlock | null;
  /**
   * Audio (user messages).
   */
  readonly audio?: AudioBlock | null;
  /**
   * A tool call (assistant messages).
   */
  readonly toolUse?: ToolUseBlock | null;
  /**
   * A tool's result (user messages).
   */
  readonly toolResult?: ToolResultBlock | null;
  /**
   * Content for a guardrail to assess; no IR form (PART_NOT_READ).
   */
  readonly guardContent?: unknown;
  /**
   * A prompt-cache checkpoint after the block before it.
   */
  readonly cachePoint?: CachePoint | null;
  /**
   * Reasoning (assistant messages).
   */
  readonly reasoningContent?: ReasoningContent | null;
  /**
   * Text with citations.
   */
  readonly citationsContent?: CitationsContent | null;
  /**
   * A search result; no IR form (PART_NOT_READ).
   */
  readonly searchResult?: unknown;
  /**
   * A tool added to the conversation; no IR form (PART_NOT_READ).
   */
  readonly toolAddition?: unknown;
  /**
   * A tool removed from the conversation; no IR form (PART_NOT_READ).
   */
  readonly toolRemoval?: unknown;
}

/**
 * A message: a user or an assistant turn.
 */
export interface Message {
  /**
   * ``user`` or ``assistant``.
   */
  readonly role: "user" | "assistant";
  /**
   * The turn's blocks.
   */
  readonly content: readonly ContentBlock[];
}

/**
 * A block of the system prompt: one key.
 */
export interface SystemBlock {
  /**
   * One system message.
   */
  readonly text?: string | null;
  /**
   * Content for a guardrail to assess; no IR form (PART_NOT_READ).
   */
  readonly guardContent?: unknown;
  /**
   * A prompt-cache checkpoint after the system message before it.
   */
  readonly cachePoint?: CachePoint | null;
}

/**
 * What ``from_bedrock_converse`` reads of a Converse request (its ``toolConfig`` is ``_tools``'s).
 */
export interface Request {
  /**
   * The conversation.
   */
  readonly messages: readonly Message[];
  /**
   * The system prompt.
   */
  readonly system?: readonly SystemBlock[] | null;
}

/**
 * A tool's parameters.
 */
export interface InputSchema {
  /**
   * The JSON Schema of the tool's input.
   */
  readonly json: unknown;
}

/**
 * A tool the model may call.
 */
export interface ToolSpec {
  /**
   * The tool's name.
   */
  readonly name: string;
  /**
   * What the tool does.
   */
  readonly description?: string | null;
  /**
   * Its parameters.
   */
  readonly inputSchema: InputSchema;
  /**
   * Whether the input must follow the schema exactly (kept as the IR's strict).
   */
  readonly strict?: boolean | null;
}

/**
 * An entry of ``toolConfig.tools``: one key.
 */
export interface Tool {
  /**
   * A tool: an IR tool definition.
   */
  readonly toolSpec?: ToolSpec | null;
  /**
   * A tool the service provides; no IR form (PART_NOT_READ).
   */
  readonly systemTool?: unknown;
  /**
   * A prompt-cache checkpoint after the tool before it; no IR form (PART_NOT_READ).
   */
  readonly cachePoint?: CachePoint | null;
}

/**
 * The request's ``toolConfig``.
 */
export interface ToolConfig {
  /**
   * The tools.
   */
  readonly tools: readonly Tool[];
  /**
   * How the model picks a tool; not part of a transcript, not read, not warned.
   */
  readonly toolChoice?: unknown;
}

/**
 * The cache write of one time to live.
 */
export interface CacheDetail {
  /**
   * The time to live (5m or 1h): a CacheWrite's ttl.
   */
  readonly ttl: string;
  /**
   * Input tokens written with it: a CacheWrite's tokens.
   */
  readonly inputTokens: number;
}

/**
 * Token counts.
 */
export interface Usage {
  /**
   * Input tokens not read from or written to the cache.
   */
  readonly inputTokens: number;
  /**
   * Output tokens.
   */
  readonly outputTokens: number;
  /**
   * Their sum; derived, not kept.
   */
  readonly totalTokens?: number | null;
  /**
   * Input tokens read from the prompt cache.
   */
  readonly cacheReadInputTokens?: number | null;
  /**
   * Input tokens written to the prompt cache.
   */
  readonly cacheWriteInputTokens?: number | null;
  /**
   * The cache writes by time to live: the usage's cacheWritesByTtl, in this order (each time to live once).
   */
  readonly cacheDetails?: readonly CacheDetail[] | null;
}

/**
 * The reply's output: its message.
 */
export interface Output {
  /**
   * The assistant message.
   */
  readonly message: Message;
}

/**
 * A Converse reply, as boto3's ``client.converse()`` returns it (blobs as bytes) or as the HTTP API's JSON body (blobs as base64).
 */
export interface Response {
  /**
   * The reply.
   */
  readonly output: Output;
  /**
   * Why the reply ended (``end_turn``, ``tool_use``, ``max_tokens``, ...).
   */
  readonly stopReason: string;
  /**
   * Token counts (none: 0 and 0).
   */
  readonly usage?: Usage | null;
  /**
   * The latency; not part of a message, not read, not warned.
   */
  readonly metrics?: unknown;
  /**
   * boto3's HTTP metadata (request id, headers); not read, not warned.
   */
  readonly ResponseMetadata?: unknown;
}

/**
 * The reply starts.
 */
export interface MessageStart {
  /**
   * ``assistant``.
   */
  readonly role: string;
}

/**
 * A tool call starts.
 */
export interface ToolUseStart {
  /**
   * The call's id.
   */
  readonly toolUseId: string;
  /**
   * The tool's name.
   */
  readonly name: string;
  /**
   * ``server_tool_use``: a server-tool call.
   */
  readonly type?: string | null;
}

/**
 * What a block that has a start event is: one key.
 */
export interface BlockStart {
  /**
   * A tool call.
   */
  readonly toolUse?: ToolUseStart | null;
  /**
   * A server tool's result; no IR form (PART_NOT_READ).
   */
  readonly toolResult?: unknown;
  /**
   * A generated image; no IR form (PART_NOT_READ).
   */
  readonly image?: unknown;
}

/**
 * A block with a start (a tool call) opens.
 */
export interface ContentBlockStart {
  /**
   * The block.
   */
  readonly start: BlockStart;
  /**
   * Its index.
   */
  readonly contentBlockIndex: number;
}

/**
 * More of a tool call's input.
 */
export interface ToolUseDelta {
  /**
   * JSON text, joined and parsed at the block's stop.
   */
  readonly input: string;
}

/**
 * More reasoning: one key.
 */
export interface ReasoningDelta {
  /**
   * Reasoning text.
   */
  readonly text?: string | null;
  /**
   * The reasoning's signature.
   */
  readonly signature?: string | null;
  /**
   * Redacted reasoning's bytes (base64 in JSON).
   */
  readonly redactedContent?: string | null;
}

/**
 * What comes: one key.
 */
export interface Delta {
  /**
   * Text.
   */
  readonly text?: string | null;
  /**
   * A tool call's input.
   */
  readonly toolUse?: ToolUseDelta | null;
  /**
   * Reasoning.
   */
  readonly reasoningContent?: ReasoningDelta | null;
  /**
   * A citation of the open text, kept as it is.
   */
  readonly citation?: { readonly [key: string]: unknown } | null;
  /**
   * A server tool's result; no IR form (PART_NOT_READ).
   */
  readonly toolResult?: unknown;
  /**
   * A generated image; no IR form (PART_NOT_READ).
   */
  readonly image?: unknown;
}

/**
 * More of a block (a block without a start event opens with its first delta).
 */
export interface ContentBlockDelta {
  /**
   * What comes.
   */
  readonly delta: Delta;
  /**
   * The block's index.
   */
  readonly contentBlockIndex: number;
}

/**
 * A block ends.
 */
export interface ContentBlockStop {
  /**
   * Its index.
   */
  readonly contentBlockIndex: number;
}

/**
 * The reply's content ended.
 */
export interface MessageStop {
  /**
   * Why.
   */
  readonly stopReason: string;
  /**
   * A model's own fields; no IR form (PART_NOT_READ).
   */
  readonly additionalModelResponseFields?: unknown;
}

/**
 * The last event: token counts (the stream's terminal).
 */
export interface Metadata {
  /**
   * Token counts.
   */
  readonly usage?: Usage | null;
  /**
   * The latency; not read, not warned.
   */
  readonly metrics?: unknown;
  /**
   * A guardrail's or prompt router's trace; no IR form (PART_NOT_READ).
   */
  readonly trace?: unknown;
  /**
   * The latency tier; not read, not warned.
   */
  readonly performanceConfig?: unknown;
  /**
   * The service tier; not read, not warned.
   */
  readonly serviceTier?: unknown;
}

/**
 * An error the service reports in the stream (PROVIDER_TRANSPORT_ERROR with the event's name as the code).
 */
export interface StreamException {
  /**
   * What went wrong.
   */
  readonly message?: string | null;
  /**
   * The model's status code (modelStreamErrorException).
   */
  readonly originalStatusCode?: number | null;
  /**
   * The model's message (modelStreamErrorException).
   */
  readonly originalMessage?: string | null;
}

/**
 * One event of ``client.converse_stream()["stream"]`` as boto3 yields it: an object with one key, the event's name.
 */
export interface StreamEvent {
  /**
   * The start.
   */
  readonly messageStart?: MessageStart | null;
  /**
   * A block with a start.
   */
  readonly contentBlockStart?: ContentBlockStart | null;
  /**
   * More of a block.
   */
  readonly contentBlockDelta?: ContentBlockDelta | null;
  /**
   * A block's end.
   */
  readonly contentBlockStop?: ContentBlockStop | null;
  /**
   * The stop reason.
   */
  readonly messageStop?: MessageStop | null;
  /**
   * Usage: the terminal.
   */
  readonly metadata?: Metadata | null;
  /**
   * An error.
   */
  readonly internalServerException?: StreamException | null;
  /**
   * An error.
   */
  readonly modelStreamErrorException?: StreamException | null;
  /**
   * An error.
   */
  readonly validationException?: StreamException | null;
  /**
   * An error.
   */
  readonly throttlingException?: StreamException | null;
  /**
   * An error.
   */
  readonly serviceUnavailableException?: StreamException | null;
}
