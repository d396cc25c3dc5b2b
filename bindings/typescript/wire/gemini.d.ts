// DO NOT EDIT: generated from schemas/v1/wire/gemini.schema.json by codegen/wire_typescript.py.
// Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
// The Gemini generateContent wire format as agent-ir reads it: each type is a $defs entry of the
// schema, under its name. agent-ir warns about keys and types it does not declare
// rather than refusing them (schemas/README.md, "Wire formats").

/**
 * A Gemini object: its keys are the camelCase of the field names.
 */
export interface Camel {}

/**
 * A call of one of the request's functions; it arrives whole in one part.
 */
export interface FunctionCall {
  /**
   * The function's name: a non-empty string (a call in pieces: any).
   */
  readonly name?: string | null;
  /**
   * The arguments (absent or null: {}).
   */
  readonly args?: { readonly [key: string]: unknown } | null;
  /**
   * The call's id (absent or blank: gemini_call_<responseId>_<n>). Most calls come without one: the API pairs a functionResponse with its functionCall by position and name.
   */
  readonly id?: string | null;
  /**
   * Vertex's arguments streamed in pieces: the call is PART_NOT_READ.
   */
  readonly partialArgs?: unknown;
  /**
   * true: more pieces of this call follow; the call is PART_NOT_READ.
   */
  readonly willContinue?: unknown;
}

/**
 * One part of the candidate's content. Its kind is the key it holds: ``text``
 * (``thought`` true: reasoning), ``functionCall``, or another kind (no IR form: the
 * part is PART_NOT_READ); a part with none of them (only a ``thoughtSignature``) is an
 * empty text part.
 */
export interface Part {
  /**
   * Gemini's signature of the part (base64), sent back as it came. The API writes standard base64; an SDK object's model_dump(mode='json') URL-safe base64 (the API takes both back).
   */
  readonly thoughtSignature?: string | null;
  /**
   * A call of a function.
   */
  readonly functionCall?: FunctionCall | null;
  /**
   * Text, or reasoning when thought is true.
   */
  readonly text?: string | null;
  /**
   * true: the text is the model's reasoning.
   */
  readonly thought?: unknown;
  /**
   * Code the model wrote to run; no IR form.
   */
  readonly executableCode?: unknown;
  /**
   * The code's result; no IR form.
   */
  readonly codeExecutionResult?: unknown;
  /**
   * Inline bytes (an image model's picture); no IR form.
   */
  readonly inlineData?: unknown;
  /**
   * A file by URI; no IR form.
   */
  readonly fileData?: unknown;
  /**
   * A function's result; no IR form.
   */
  readonly functionResponse?: unknown;
  /**
   * A server-side tool's call; no IR form.
   */
  readonly toolCall?: unknown;
  /**
   * A server-side tool's result; no IR form.
   */
  readonly toolResponse?: unknown;
  /**
   * A transcription of audio; no IR form.
   */
  readonly audioTranscription?: unknown;
  /**
   * Metadata of the part; not read, not warned.
   */
  readonly partMetadata?: unknown;
  /**
   * The media's resolution; not read, not warned.
   */
  readonly mediaResolution?: unknown;
  /**
   * Video metadata; not read, not warned.
   */
  readonly videoMetadata?: unknown;
  /**
   * How media is processed; no IR form.
   */
  readonly mediaProcessing?: unknown;
  /**
   * Speech synthesis metadata; no IR form.
   */
  readonly speechMetadata?: unknown;
  /**
   * Document metadata; no IR form.
   */
  readonly documentMetadata?: unknown;
  /**
   * Spreadsheet metadata; no IR form.
   */
  readonly spreadsheetMetadata?: unknown;
  /**
   * Audio metadata; no IR form.
   */
  readonly audioMetadata?: unknown;
}

/**
 * The candidate's content.
 */
export interface Content {
  /**
   * The parts, in order (a stream: this chunk's pieces).
   */
  readonly parts?: readonly Part[] | null;
  /**
   * Always 'model'; not read.
   */
  readonly role?: unknown;
}

/**
 * One candidate reply; the one of index 0 is read, any other is CHOICES_NOT_READ.
 */
export interface Candidate {
  /**
   * The candidate's index (absent: its place in the list).
   */
  readonly index?: number | null;
  /**
   * The content (a stream: this chunk's).
   */
  readonly content?: Content | null;
  /**
   * Set on the last chunk: STOP (stop, or tool call after calls), MAX_TOKENS (length), a filter or anything else (error, warned with finishMessage).
   */
  readonly finishReason?: string | null;
  /**
   * Why the reply ended; kept in the warning of an error finish.
   */
  readonly finishMessage?: string | null;
  /**
   * Sources of a grounded reply; no IR form: PART_NOT_READ, once.
   */
  readonly groundingMetadata?: unknown;
  /**
   * Sources the text recites; no IR form: PART_NOT_READ, once.
   */
  readonly citationMetadata?: unknown;
  /**
   * URLs the url_context tool read; no IR form: PART_NOT_READ, once.
   */
  readonly urlContextMetadata?: unknown;
  /**
   * Safety ratings; not read, not warned.
   */
  readonly safetyRatings?: unknown;
  /**
   * Average log probability; not warned.
   */
  readonly avgLogprobs?: unknown;
  /**
   * Log probabilities; not warned.
   */
  readonly logprobsResult?: unknown;
  /**
   * Tokens of the candidate; not warned.
   */
  readonly tokenCount?: unknown;
  /**
   * Attributions (GenerateAnswer); not warned.
   */
  readonly groundingAttributions?: unknown;
  /**
   * A token to continue a CONTINUATION finish; not warned.
   */
  readonly continuationToken?: unknown;
}

/**
 * Token counts so far (cumulative: the last report is the reply's). Input is
 * promptTokenCount + toolUsePromptTokenCount; output candidatesTokenCount +
 * thoughtsTokenCount; a missing count is 0.
 */
export interface UsageMetadata {
  /**
   * Prompt tokens, cached content included.
   */
  readonly promptTokenCount?: number | null;
  /**
   * Tokens of the results of tools the server ran (input).
   */
  readonly toolUsePromptTokenCount?: number | null;
  /**
   * Tokens of the reply's text.
   */
  readonly candidatesTokenCount?: number | null;
  /**
   * Reasoning tokens (output, and the reasoning count).
   */
  readonly thoughtsTokenCount?: number | null;
  /**
   * Prompt tokens read from the cache.
   */
  readonly cachedContentTokenCount?: number | null;
  /**
   * The sum of the counts; not warned.
   */
  readonly totalTokenCount?: unknown;
  /**
   * Prompt tokens by modality; not warned.
   */
  readonly promptTokensDetails?: unknown;
  /**
   * Output by modality; not warned.
   */
  readonly candidatesTokensDetails?: unknown;
  /**
   * Cached tokens by modality; not warned.
   */
  readonly cacheTokensDetails?: unknown;
  /**
   * Tool input by modality.
   */
  readonly toolUsePromptTokensDetails?: unknown;
  /**
   * Vertex's traffic type; not warned.
   */
  readonly trafficType?: unknown;
  /**
   * The service tier; not warned.
   */
  readonly serviceTier?: unknown;
}

/**
 * Why the prompt was blocked (a chunk without candidates).
 */
export interface PromptFeedback {
  /**
   * Set: the prompt was blocked, the reply ends with error.
   */
  readonly blockReason?: string | null;
  /**
   * Why; kept in the warning of the block.
   */
  readonly blockReasonMessage?: string | null;
  /**
   * The prompt's safety ratings; not warned.
   */
  readonly safetyRatings?: unknown;
}

/**
 * A reply of ``generateContent``, or one chunk of ``streamGenerateContent``. The JSON body as the API sends it (camelCase) or an SDK object's model_dump(mode='json') (snake_case keys), read the same; Gemini names no events and sends no [DONE].
 */
export interface GenerateContentResponse {
  /**
   * A failure ({code, message, status}): PROVIDER_TRANSPORT_ERROR, read before anything else.
   */
  readonly error?: unknown;
  /**
   * The reply's id (absent or blank: the request id stands for it).
   */
  readonly responseId?: string | null;
  /**
   * Token counts so far.
   */
  readonly usageMetadata?: UsageMetadata | null;
  /**
   * The candidate replies.
   */
  readonly candidates?: readonly Candidate[] | null;
  /**
   * Set when the prompt was blocked.
   */
  readonly promptFeedback?: PromptFeedback | null;
  /**
   * The model that answered: the response's model and its message's (blank: none; in a stream, the last chunk's that names one).
   */
  readonly modelVersion?: string | null;
  /**
   * Vertex's creation time; not warned.
   */
  readonly createTime?: unknown;
  /**
   * The model's status; not warned.
   */
  readonly modelStatus?: unknown;
  /**
   * An SDK object's HTTP response (its model_dump); not warned.
   */
  readonly sdkHttpResponse?: unknown;
  /**
   * The SDK's automatic function calling turns; not warned.
   */
  readonly automaticFunctionCallingHistory?: unknown;
  /**
   * The SDK's parsed structured output; not warned.
   */
  readonly parsed?: unknown;
}

/**
 * Inline bytes: in a user content an image (``image/...``), audio (``audio/...``)
 * or a document (any other media type: PDF, text, video...), with a base64 source;
 * in a function response, an image.
 */
export interface Blob {
  /**
   * The media type, kept as it is.
   */
  readonly mimeType: string;
  /**
   * The bytes, base64: standard, or URL-safe and/or unpadded as the Python SDK sends it (re-encoded standard and padded, the same bytes); anything else is refused.
   */
  readonly data: string;
}

/**
 * A file by URI: in a user content a document or an image, in a function response
 * an image.
 */
export interface FileData {
  /**
   * A Gemini file (files/..., or its URI on the Gemini API): a document with a file source; any other URI: an image (mimeType image/...) or a document with a URL source.
   */
  readonly fileUri: string;
  /**
   * image/... makes the URI an image; the IR's URL and file sources have no media type: PART_NOT_READ.
   */
  readonly mimeType?: unknown;
}

/**
 * A call of a model content: a toolCall block.
 */
export interface RequestFunctionCall {
  /**
   * The function's name.
   */
  readonly name: string;
  /**
   * The call's id; absent or null: gemini_call_<content>_<part>, with TOOL_CALL_ID_ADDED.
   */
  readonly id?: string | null;
  /**
   * The arguments (absent or null: {}; not an object: INVALID_TOOL_ARGUMENTS).
   */
  readonly args?: unknown;
}

/**
 * A part of a function response (Gemini 3 multimodal function responses): an image
 * block of the result; any other part (audio, a PDF, no data) is PART_NOT_READ.
 */
export interface FunctionResponsePart {
  /**
   * An image, inline.
   */
  readonly inlineData?: Blob | null;
  /**
   * An image by URI (read when no inlineData).
   */
  readonly fileData?: FileData | null;
}

/**
 * A function's result: a tool-result message.
 */
export interface FunctionResponse {
  /**
   * The tool's name (the result's toolName).
   */
  readonly name: string;
  /**
   * The id of the call it answers; absent or null: the earliest earlier call of its name no response answered yet (RESULT_PAIRED_BY_NAME), else gemini_call_<content>_<part> (TOOL_CALL_ID_ADDED).
   */
  readonly id?: string | null;
  /**
   * The result: {error: s} alone (s a string) is text s with isError; {output: s} alone, text s (unless s is itself the text to_gemini writes as an object); anything else, the compact JSON text of the whole object.
   */
  readonly response: { readonly [key: string]: unknown };
  /**
   * Images of the result, after its text.
   */
  readonly parts?: readonly FunctionResponsePart[] | null;
}

/**
 * One part of a content. Its kind is its first data key of text, functionCall,
 * functionResponse, inlineData, fileData (any other data key it holds is PART_NOT_READ
 * at its path); a part with only thought or thoughtSignature is an empty text; a part
 * with none of them (executableCode, toolCall...) is PART_NOT_READ as a whole.
 */
export interface RequestPart {
  /**
   * Text (a thinking block in a model content with thought).
   */
  readonly text?: string | null;
  /**
   * true: the text of a model content is thinking (in a user content: PART_NOT_READ).
   */
  readonly thought?: boolean | null;
  /**
   * A call (model; in a user content: PART_NOT_READ).
   */
  readonly functionCall?: RequestFunctionCall | null;
  /**
   * A result (user: each one a tool-result message, each run of other parts between them one user message; in a model content: PART_NOT_READ).
   */
  readonly functionResponse?: FunctionResponse | null;
  /**
   * Inline bytes (user; model: PART_NOT_READ).
   */
  readonly inlineData?: Blob | null;
  /**
   * A file (user; model: PART_NOT_READ).
   */
  readonly fileData?: FileData | null;
  /**
   * Gemini's signature of a text, thinking or call part (kept byte for byte); on another part: PART_NOT_READ.
   */
  readonly thoughtSignature?: string | null;
}

/**
 * A turn of ``contents``: a user turn (its parts become user and tool-result
 * messages) or a model turn (an assistant message).
 */
export interface RequestContent {
  /**
   * user (absent or null, as the API reads it) or model.
   */
  readonly role?: "user" | "model" | null;
  /**
   * The parts, in order (empty: no blocks).
   */
  readonly parts: readonly RequestPart[];
}

/**
 * The system instruction as a content: each text part is a system message (first,
 * in order); a part without text is PART_NOT_READ.
 */
export interface SystemInstruction {
  /**
   * Any string: the API ignores it; not read, not warned.
   */
  readonly role?: string | null;
  /**
   * The parts.
   */
  readonly parts: readonly RequestPart[];
}

/**
 * A request's contents and system instruction, decoded at once when every key is
 * declared (and camelCase) and every value of its type.
 */
export interface Request {
  readonly contents: readonly RequestContent[];
  readonly systemInstruction?: string | SystemInstruction | null;
}

/**
 * A function the model may call: a tool definition.
 */
export interface FunctionDeclaration {
  /**
   * The tool's name.
   */
  readonly name: string;
  /**
   * What it does (null or absent: none).
   */
  readonly description?: string | null;
  /**
   * The arguments' JSON Schema, as it is (read before parameters).
   */
  readonly parametersJsonSchema?: { readonly [key: string]: unknown } | null;
  /**
   * Gemini's OpenAPI subset (Schema): JSON Schema with every type name (or proto enum number) lower-cased; beside parametersJsonSchema: PART_NOT_READ.
   */
  readonly parameters?: { readonly [key: string]: unknown } | null;
}

/**
 * An entry of the request's ``tools``: its function declarations; any other key (a
 * tool Gemini runs itself: googleSearch, codeExecution, urlContext...) is
 * TOOL_NOT_READ, one per key.
 */
export interface Tool {
  /**
   * The functions, each a tool definition.
   */
  readonly functionDeclarations?: readonly FunctionDeclaration[] | null;
}
