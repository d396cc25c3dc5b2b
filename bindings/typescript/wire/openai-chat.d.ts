// DO NOT EDIT: generated from schemas/v1/wire/openai-chat.schema.json by codegen/wire_typescript.py.
// Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
// The OpenAI Chat Completions wire format as agent-ir reads it: each type is a $defs entry of the
// schema, under its name. agent-ir warns about keys and types it does not declare
// rather than refusing them (schemas/README.md, "Wire formats").

/**
 * A decomposition of ``prompt_tokens``.
 */
export interface PromptTokensDetails {
  /**
   * Input tokens read from the prompt cache (part of prompt_tokens).
   */
  readonly cached_tokens?: number | null;
  /**
   * Audio input tokens; no IR form, not warned.
   */
  readonly audio_tokens?: unknown;
  /**
   * Image input tokens; no IR form, not warned.
   */
  readonly image_tokens?: unknown;
  /**
   * Video input tokens (OpenRouter); no IR form, not warned.
   */
  readonly video_tokens?: unknown;
  /**
   * Text input tokens; no IR form, not warned.
   */
  readonly text_tokens?: unknown;
  /**
   * Multimodal input tokens (vLLM); no IR form, not warned.
   */
  readonly multimodal_tokens?: unknown;
  /**
   * Input tokens written to the prompt cache (part of prompt_tokens; OpenRouter): cacheWriteTokens.
   */
  readonly cache_write_tokens?: number | null;
}

/**
 * A decomposition of ``completion_tokens``.
 */
export interface CompletionTokensDetails {
  /**
   * Output tokens spent on reasoning (part of completion_tokens).
   */
  readonly reasoning_tokens?: number | null;
  /**
   * Audio output tokens; no IR form, not warned.
   */
  readonly audio_tokens?: unknown;
  /**
   * Image output tokens; no IR form, not warned.
   */
  readonly image_tokens?: unknown;
  /**
   * Text output tokens; no IR form, not warned.
   */
  readonly text_tokens?: unknown;
  /**
   * Predicted output tokens that appeared; no IR form, not warned.
   */
  readonly accepted_prediction_tokens?: unknown;
  /**
   * Predicted output tokens that did not appear; no IR form, not warned.
   */
  readonly rejected_prediction_tokens?: unknown;
}

/**
 * Token counts. In a stream, the last report seen is the reply's (OpenAI sends it
 * in a chunk of its own after the finish, with ``stream_options.include_usage``;
 * vLLM's continuous usage is cumulative).
 * OpenAI streams none unless stream_options: {include_usage: true} is requested (no usage: 0 and 0).
 */
export interface Usage {
  /**
   * Input tokens, cached ones included.
   */
  readonly prompt_tokens: number;
  /**
   * Output tokens, reasoning included.
   */
  readonly completion_tokens: number;
  /**
   * Where the input tokens went.
   */
  readonly prompt_tokens_details?: PromptTokensDetails | null;
  /**
   * Where the output tokens went.
   */
  readonly completion_tokens_details?: CompletionTokensDetails | null;
  /**
   * The sum of both; no IR form, not warned.
   */
  readonly total_tokens?: unknown;
  /**
   * What the request cost (OpenRouter); no IR form, not warned.
   */
  readonly cost?: unknown;
  /**
   * The cost's parts (OpenRouter); no IR form, not warned.
   */
  readonly cost_details?: unknown;
  /**
   * Whether the caller's own key paid (OpenRouter); no IR form, not warned.
   */
  readonly is_byok?: unknown;
  /**
   * Server tool requests, not tokens (OpenRouter): web_search_requests is the usage's serverToolRequests.
   */
  readonly server_tool_use_details?: ServerToolUseDetails | null;
  /**
   * DeepSeek's cache hits (its prompt_tokens_details.cached_tokens); no IR form, not warned.
   */
  readonly prompt_cache_hit_tokens?: unknown;
  /**
   * DeepSeek's cache misses; no IR form, not warned.
   */
  readonly prompt_cache_miss_tokens?: unknown;
  /**
   * Cached input tokens (Hugging Face's router); no IR form, not warned.
   */
  readonly cached_tokens?: unknown;
  /**
   * Input tokens read from the cache (Mistral); cacheReadTokens when no details say
   */
  readonly num_cached_tokens?: number | null;
  /**
   * Seconds queued (Groq); no IR form, not warned.
   */
  readonly queue_time?: unknown;
  /**
   * Seconds reading the input (Groq); no IR form, not warned.
   */
  readonly prompt_time?: unknown;
  /**
   * Seconds writing the output (Groq); no IR form, not warned.
   */
  readonly completion_time?: unknown;
  /**
   * Seconds in all (Groq); no IR form, not warned.
   */
  readonly total_time?: unknown;
  /**
   * The Pydantic AI Gateway's cost estimate; no IR form, not warned.
   */
  readonly pydantic_ai_gateway?: unknown;
}

/**
 * OpenRouter's counts of the tools it ran for the reply.
 */
export interface ServerToolUseDetails {
  /**
   * Web searches run: tool web_search of the usage's serverToolRequests.
   */
  readonly web_search_requests?: number | null;
  /**
   * Calls of OpenRouter's server tools the model requested; not read, not warned.
   */
  readonly tool_calls_requested?: unknown;
  /**
   * Of those, the calls OpenRouter ran; not read, not warned.
   */
  readonly tool_calls_executed?: unknown;
}

/**
 * Groq's own fields of a reply or chunk.
 */
export interface XGroq {
  /**
   * Groq's usage report: read when the reply or chunk has no usage.
   */
  readonly usage?: Usage | null;
  /**
   * Groq's request id; no IR form, not warned.
   */
  readonly id?: unknown;
  /**
   * The sampling seed; no IR form, not warned.
   */
  readonly seed?: unknown;
  /**
   * Usage per model (compound models); no IR form, not warned.
   */
  readonly usage_breakdown?: unknown;
}

/**
 * Text (Mistral sends ``content`` as a list of parts).
 */
export interface TextPart {
  readonly type: "text";
  /**
   * The text; null reads as empty.
   */
  readonly text?: string | null;
}

/**
 * Reasoning (Mistral's magistral models).
 */
export interface ThinkingPart {
  readonly type: "thinking";
  /**
   * The reasoning as parts: the text of each {type: text, text} part, joined.
   */
  readonly thinking?: readonly unknown[] | null;
  /**
   * The signature that replays the reasoning across turns (Mistral's): the thinking block's signature.
   */
  readonly signature?: string | null;
  /**
   * Whether the reasoning is complete; no IR form, not warned.
   */
  readonly closed?: unknown;
}

/**
 * A part of a list ``content``; any other type is ``Unread`` (PART_NOT_READ).
 */
export type Part = TextPart | ThinkingPart;

/**
 * A web citation of the message's text; the annotation is kept whole as the
 * citation's ``wire``, so its other keys are not named.
 */
export interface UrlCitation {
  readonly type: "url_citation";
  /**
   * The cited page (url, title, start_index, end_index).
   */
  readonly url_citation?: { readonly [key: string]: unknown } | null;
}

/**
 * A file the model read (OpenRouter): PART_NOT_READ, whole.
 */
export interface FileAnnotation {
  readonly type: "file";
  /**
   * The file's name and content; no IR form, not warned.
   */
  readonly file?: unknown;
}

/**
 * An annotation; any other type is ``Unread`` (PART_NOT_READ, as a file is).
 */
export type Annotation = UrlCitation | FileAnnotation;

/**
 * The function a tool call calls.
 */
export interface Function {
  /**
   * The tool's name (a stream may repeat it).
   */
  readonly name?: string | null;
  /**
   * The arguments as JSON text (a stream sends it in pieces).
   */
  readonly arguments?: string | null;
}

/**
 * What a tool call and a tool call delta share.
 */
export interface _CallFields {
  /**
   * The call's id (a stream may repeat it). OpenAI sends it once; Groq, OpenRouter and DeepSeek repeat it and the name in every delta: the first non-empty one is kept.
   */
  readonly id?: string | null;
  /**
   * 'function' or absent (Mistral); another type (custom) is no function call.
   */
  readonly type?: string | null;
  /**
   * The function called.
   */
  readonly function?: Function | null;
  /**
   * A custom tool call's name and free-text input: no IR form.
   */
  readonly custom?: unknown;
}

/**
 * A tool call of a reply's message.
 */
export interface ToolCall {
  /**
   * The call's id (a stream may repeat it).
   */
  readonly id?: string | null;
  /**
   * 'function' or absent (Mistral); another type (custom) is no function call.
   */
  readonly type?: string | null;
  /**
   * The function called.
   */
  readonly function?: Function | null;
  /**
   * A custom tool call's name and free-text input: no IR form.
   */
  readonly custom?: unknown;
  /**
   * The call's position, as the openai SDK's accumulated completion writes it; another value is warned.
   */
  readonly index?: unknown;
}

/**
 * A piece of a tool call in a chunk's delta.
 */
export interface ToolCallDelta {
  /**
   * The call's id (a stream may repeat it). OpenAI sends it once; Groq, OpenRouter and DeepSeek repeat it and the name in every delta: the first non-empty one is kept.
   */
  readonly id?: string | null;
  /**
   * 'function' or absent (Mistral); another type (custom) is no function call.
   */
  readonly type?: string | null;
  /**
   * The function called.
   */
  readonly function?: Function | null;
  /**
   * A custom tool call's name and free-text input: no IR form.
   */
  readonly custom?: unknown;
  /**
   * The call it belongs to; null or absent: its position in the list (Mistral).
   */
  readonly index?: number | null;
}

/**
 * Audio output (a request with ``modalities: ["audio"]``): whole in a reply's
 * message, in pieces in a stream's deltas (an id, base64 data or transcript text;
 * the last only its expiry). The IR's assistant content has no audio block: the
 * transcript is read as text, each other key is warned.
 */
export interface Audio {
  /**
   * What the audio says: text, after the content (a stream's pieces joined).
   */
  readonly transcript?: string | null;
  /**
   * The audio's id, for a later turn to name: no IR form.
   */
  readonly id?: unknown;
  /**
   * The audio bytes, base64 (in pieces): no IR form.
   */
  readonly data?: unknown;
  /**
   * When the id expires (Unix seconds): no IR form.
   */
  readonly expires_at?: unknown;
}

/**
 * Reasoning text (OpenRouter): a thinking block, signed with the detail's reference when it has a signature.
 */
export interface ReasoningText {
  readonly type: "reasoning.text";
  /**
   * The reasoning (a stream: this piece of it).
   */
  readonly text?: string | null;
  /**
   * The provider's signature of the reasoning (a stream: in a piece of its own, after the text).
   */
  readonly signature?: string | null;
  /**
   * The detail's id: kept in the block's signature, sent back.
   */
  readonly id?: string | null;
  /**
   * Whose reasoning it is (anthropic-claude-v1, openai-responses-v1...): kept in the block's signature, sent back.
   */
  readonly format?: string | null;
  /**
   * Which detail a stream's piece belongs to: a new index starts a new block.
   */
  readonly index?: number | null;
}

/**
 * A summary of the reasoning (OpenRouter): a thinking block, unsigned.
 */
export interface ReasoningSummary {
  readonly type: "reasoning.summary";
  /**
   * The summary (a stream: this piece of it).
   */
  readonly summary?: string | null;
  /**
   * The detail's id: kept in the block's signature, sent back.
   */
  readonly id?: string | null;
  /**
   * Whose reasoning it is (anthropic-claude-v1, openai-responses-v1...): kept in the block's signature, sent back.
   */
  readonly format?: string | null;
  /**
   * Which detail a stream's piece belongs to: a new index starts a new block.
   */
  readonly index?: number | null;
}

/**
 * Reasoning the provider encrypted or redacted (OpenRouter): a redacted thinking block whose signature is the detail's reference, data included.
 */
export interface ReasoningEncrypted {
  readonly type: "reasoning.encrypted";
  /**
   * The encrypted reasoning.
   */
  readonly data?: string | null;
  /**
   * The detail's id: kept in the block's signature, sent back.
   */
  readonly id?: string | null;
  /**
   * Whose reasoning it is (anthropic-claude-v1, openai-responses-v1...): kept in the block's signature, sent back.
   */
  readonly format?: string | null;
  /**
   * Which detail a stream's piece belongs to: a new index starts a new block.
   */
  readonly index?: number | null;
}

/**
 * One of OpenRouter's reasoning_details; any other type is ``Unread`` (PART_NOT_READ).
 */
export type ReasoningDetail = ReasoningText | ReasoningSummary | ReasoningEncrypted;

/**
 * What a reply's message and a chunk's delta share.
 */
export interface _MessageFields {
  /**
   * The text, or (Mistral) a list of parts. '' (OpenAI's first chunk) adds nothing.
   */
  readonly content?: string | readonly Part[] | null;
  /**
   * Reasoning (DeepSeek, vLLM).
   */
  readonly reasoning_content?: string | null;
  /**
   * Reasoning (OpenRouter, Groq, vLLM); read when no reasoning_content.
   */
  readonly reasoning?: string | null;
  /**
   * OpenRouter's structured reasoning: read instead of reasoning (its plain copy) when it holds any detail; each detail one thinking block, a signed one (or an encrypted one) with the detail less its text as its signature, so that to_openai_chat sends it back.
   */
  readonly reasoning_details?: readonly ReasoningDetail[] | null;
  /**
   * The model's refusal.
   */
  readonly refusal?: string | null;
  /**
   * Citations of the text. OpenRouter sends them before the text, with content ''.
   */
  readonly annotations?: readonly Annotation[] | null;
  /**
   * A legacy function call: refused (it has no call id), but the all-empty one some servers write.
   */
  readonly function_call?: unknown;
  /**
   * Always 'assistant'; no IR form, not warned.
   */
  readonly role?: unknown;
  /**
   * Audio output: its transcript is text, its id, data and expiry warned (the IR's assistant content holds no audio).
   */
  readonly audio?: Audio | null;
  /**
   * Mistral's prefix flag: no IR form.
   */
  readonly prefix?: unknown;
}

/**
 * The message of a reply's choice.
 */
export interface Message {
  /**
   * The text, or (Mistral) a list of parts.
   */
  readonly content?: string | readonly Part[] | null;
  /**
   * Reasoning (DeepSeek, vLLM).
   */
  readonly reasoning_content?: string | null;
  /**
   * Reasoning (OpenRouter, Groq, vLLM); read when no reasoning_content.
   */
  readonly reasoning?: string | null;
  /**
   * OpenRouter's structured reasoning: read instead of reasoning (its plain copy) when it holds any detail; each detail one thinking block, a signed one (or an encrypted one) with the detail less its text as its signature, so that to_openai_chat sends it back.
   */
  readonly reasoning_details?: readonly ReasoningDetail[] | null;
  /**
   * The model's refusal.
   */
  readonly refusal?: string | null;
  /**
   * Citations of the text.
   */
  readonly annotations?: readonly Annotation[] | null;
  /**
   * A legacy function call: refused (it has no call id), but the all-empty one some servers write.
   */
  readonly function_call?: unknown;
  /**
   * Always 'assistant'; no IR form, not warned.
   */
  readonly role?: unknown;
  /**
   * Audio output: its transcript is text, its id, data and expiry warned (the IR's assistant content holds no audio).
   */
  readonly audio?: Audio | null;
  /**
   * Mistral's prefix flag: no IR form.
   */
  readonly prefix?: unknown;
  /**
   * The tool calls, in order.
   */
  readonly tool_calls?: readonly ToolCall[] | null;
}

/**
 * What a chunk adds to the message.
 */
export interface Delta {
  /**
   * The text, or (Mistral) a list of parts. '' (OpenAI's first chunk) adds nothing.
   */
  readonly content?: string | readonly Part[] | null;
  /**
   * Reasoning (DeepSeek, vLLM).
   */
  readonly reasoning_content?: string | null;
  /**
   * Reasoning (OpenRouter, Groq, vLLM); read when no reasoning_content.
   */
  readonly reasoning?: string | null;
  /**
   * OpenRouter's structured reasoning: read instead of reasoning (its plain copy) when it holds any detail; each detail one thinking block, a signed one (or an encrypted one) with the detail less its text as its signature, so that to_openai_chat sends it back.
   */
  readonly reasoning_details?: readonly ReasoningDetail[] | null;
  /**
   * The model's refusal.
   */
  readonly refusal?: string | null;
  /**
   * Citations of the text. OpenRouter sends them before the text, with content ''.
   */
  readonly annotations?: readonly Annotation[] | null;
  /**
   * A legacy function call: refused (it has no call id), but the all-empty one some servers write.
   */
  readonly function_call?: unknown;
  /**
   * Always 'assistant'; no IR form, not warned.
   */
  readonly role?: unknown;
  /**
   * Audio output: its transcript is text, its id, data and expiry warned (the IR's assistant content holds no audio).
   */
  readonly audio?: Audio | null;
  /**
   * Mistral's prefix flag: no IR form.
   */
  readonly prefix?: unknown;
  /**
   * Pieces of tool calls, each naming its call.
   */
  readonly tool_calls?: readonly ToolCallDelta[] | null;
}

/**
 * What a reply's choice and a chunk's share.
 */
export interface _ChoiceFields {
  /**
   * The choice's index: 0 is read, any other (n > 1) is warned.
   */
  readonly index?: number;
  /**
   * Why the reply ended; null (or '') until it does. stop or eos (Together), tool_calls or function_call, length or model_length (Mistral), content_filter or error (OpenRouter). OpenAI sends a refusal with stop; Ollama and Gemini's compatible API say stop after calls; some compatible servers never send one.
   */
  readonly finish_reason?: string | null;
  /**
   * Token log probabilities; no IR form, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * Azure's content filter verdicts; no IR form, not warned.
   */
  readonly content_filter_results?: unknown;
  /**
   * The text Azure's verdicts are about; no IR form, not warned.
   */
  readonly content_filter_offsets?: unknown;
  /**
   * The upstream provider's finish reason (OpenRouter); no IR form, not warned.
   */
  readonly native_finish_reason?: unknown;
  /**
   * The stop string or token met (vLLM); no IR form, not warned.
   */
  readonly stop_reason?: unknown;
  /**
   * The output token ids (vLLM); no IR form, not warned.
   */
  readonly token_ids?: unknown;
}

/**
 * A choice of a reply.
 */
export interface Choice {
  /**
   * The choice's index: 0 is read, any other (n > 1) is warned.
   */
  readonly index?: number;
  /**
   * Why the reply ended; null (or '') until it does.
   */
  readonly finish_reason?: string | null;
  /**
   * Token log probabilities; no IR form, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * Azure's content filter verdicts; no IR form, not warned.
   */
  readonly content_filter_results?: unknown;
  /**
   * The text Azure's verdicts are about; no IR form, not warned.
   */
  readonly content_filter_offsets?: unknown;
  /**
   * The upstream provider's finish reason (OpenRouter); no IR form, not warned.
   */
  readonly native_finish_reason?: unknown;
  /**
   * The stop string or token met (vLLM); no IR form, not warned.
   */
  readonly stop_reason?: unknown;
  /**
   * The output token ids (vLLM); no IR form, not warned.
   */
  readonly token_ids?: unknown;
  /**
   * The assistant message.
   */
  readonly message?: Message | null;
}

/**
 * A choice of a chunk.
 */
export interface ChunkChoice {
  /**
   * The choice's index: 0 is read, any other (n > 1) is warned.
   */
  readonly index?: number;
  /**
   * Why the reply ended; null (or '') until it does. stop or eos (Together), tool_calls or function_call, length or model_length (Mistral), content_filter or error (OpenRouter). OpenAI sends a refusal with stop; Ollama and Gemini's compatible API say stop after calls; some compatible servers never send one.
   */
  readonly finish_reason?: string | null;
  /**
   * Token log probabilities; no IR form, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * Azure's content filter verdicts; no IR form, not warned.
   */
  readonly content_filter_results?: unknown;
  /**
   * The text Azure's verdicts are about; no IR form, not warned.
   */
  readonly content_filter_offsets?: unknown;
  /**
   * The upstream provider's finish reason (OpenRouter); no IR form, not warned.
   */
  readonly native_finish_reason?: unknown;
  /**
   * The stop string or token met (vLLM); no IR form, not warned.
   */
  readonly stop_reason?: unknown;
  /**
   * The output token ids (vLLM); no IR form, not warned.
   */
  readonly token_ids?: unknown;
  /**
   * What this chunk adds; absent reads as {}.
   */
  readonly delta?: Delta | null;
  /**
   * The delta's text again (Together); no IR form, not warned.
   */
  readonly text?: unknown;
  /**
   * The sampling seed (Together); no IR form, not warned.
   */
  readonly seed?: unknown;
}

/**
 * What a reply and a chunk share.
 */
export interface _TopFields {
  /**
   * The reply's id; absent, null or '': the request id stands for it. Every chunk repeats it; Azure's first chunk has '' (with prompt_filter_results only), Snowflake writes '' in every chunk.
   */
  readonly id?: string | null;
  /**
   * The object's type (see each).
   */
  readonly object?: string | null;
  /**
   * Token counts.
   */
  readonly usage?: Usage | null;
  /**
   * Groq's fields.
   */
  readonly x_groq?: XGroq | null;
  /**
   * An error (not null): PROVIDER_TRANSPORT_ERROR with its code, else its type; nothing else is read. OpenAI sends {error: {message, type}} and nothing else; OpenRouter an ordinary chunk with an error beside choices.
   */
  readonly error?: unknown;
  /**
   * When the reply was made; no IR form, not warned.
   */
  readonly created?: unknown;
  /**
   * The model that answered: the response's model and its message's (blank: none; in a stream, the last chunk's that names one).
   */
  readonly model?: string | null;
  /**
   * The backend's configuration; no IR form, not warned.
   */
  readonly system_fingerprint?: unknown;
  /**
   * The service tier; no IR form, not warned.
   */
  readonly service_tier?: unknown;
  /**
   * The upstream provider (OpenRouter); no IR form, not warned.
   */
  readonly provider?: unknown;
  /**
   * Azure's content filter verdicts on the prompt; no IR form, not warned.
   */
  readonly prompt_filter_results?: unknown;
}

/**
 * A non-streamed reply (``client.chat.completions.create()``); ``object`` is
 * absent, '' or 'chat.completion'.
 */
export interface Completion {
  /**
   * The reply's id; absent, null or '': the request id stands for it.
   */
  readonly id?: string | null;
  /**
   * The object's type (see each).
   */
  readonly object?: string | null;
  /**
   * Token counts.
   */
  readonly usage?: Usage | null;
  /**
   * Groq's fields.
   */
  readonly x_groq?: XGroq | null;
  /**
   * An error (not null): PROVIDER_TRANSPORT_ERROR with its code, else its type; nothing else is read.
   */
  readonly error?: unknown;
  /**
   * When the reply was made; no IR form, not warned.
   */
  readonly created?: unknown;
  /**
   * The model that answered: the response's model and its message's (blank: none; in a stream, the last chunk's that names one).
   */
  readonly model?: string | null;
  /**
   * The backend's configuration; no IR form, not warned.
   */
  readonly system_fingerprint?: unknown;
  /**
   * The service tier; no IR form, not warned.
   */
  readonly service_tier?: unknown;
  /**
   * The upstream provider (OpenRouter); no IR form, not warned.
   */
  readonly provider?: unknown;
  /**
   * Azure's content filter verdicts on the prompt; no IR form, not warned.
   */
  readonly prompt_filter_results?: unknown;
  /**
   * The choices; only the first of index 0 is read.
   */
  readonly choices?: readonly Choice[] | null;
}

/**
 * A chunk of a stream; ``object`` is absent, '' (Azure's prompt filter chunk) or
 * 'chat.completion.chunk'.
 */
export interface Chunk {
  /**
   * The reply's id; absent, null or '': the request id stands for it. Every chunk repeats it; Azure's first chunk has '' (with prompt_filter_results only), Snowflake writes '' in every chunk.
   */
  readonly id?: string | null;
  /**
   * The object's type (see each).
   */
  readonly object?: string | null;
  /**
   * Token counts.
   */
  readonly usage?: Usage | null;
  /**
   * Groq's fields.
   */
  readonly x_groq?: XGroq | null;
  /**
   * An error (not null): PROVIDER_TRANSPORT_ERROR with its code, else its type; nothing else is read. OpenAI sends {error: {message, type}} and nothing else; OpenRouter an ordinary chunk with an error beside choices.
   */
  readonly error?: unknown;
  /**
   * When the reply was made; no IR form, not warned.
   */
  readonly created?: unknown;
  /**
   * The model that answered: the response's model and its message's (blank: none; in a stream, the last chunk's that names one).
   */
  readonly model?: string | null;
  /**
   * The backend's configuration; no IR form, not warned.
   */
  readonly system_fingerprint?: unknown;
  /**
   * The service tier; no IR form, not warned.
   */
  readonly service_tier?: unknown;
  /**
   * The upstream provider (OpenRouter); no IR form, not warned.
   */
  readonly provider?: unknown;
  /**
   * Azure's content filter verdicts on the prompt; no IR form, not warned.
   */
  readonly prompt_filter_results?: unknown;
  /**
   * The choices; those of index 0 are read.
   */
  readonly choices?: readonly ChunkChoice[] | null;
  /**
   * Padding against length analysis (OpenAI); no IR form, not warned.
   */
  readonly obfuscation?: unknown;
  /**
   * Padding against length analysis (Mistral); no IR form, not warned.
   */
  readonly p?: unknown;
  /**
   * OpenAI's moderation verdicts; no IR form, not warned.
   */
  readonly moderation?: unknown;
  /**
   * Azure's latency figures; no IR form, not warned.
   */
  readonly latency_checkpoint?: unknown;
  /**
   * Latency figures (Hugging Face's router); no IR form, not warned.
   */
  readonly sla_metrics?: unknown;
  /**
   * The request's options echoed (LiteLLM); no IR form, not warned.
   */
  readonly stream_options?: unknown;
  /**
   * The prompt's token ids (vLLM); no IR form, not warned.
   */
  readonly prompt_token_ids?: unknown;
  /**
   * The prompt's text (vLLM); no IR form, not warned.
   */
  readonly prompt_text?: unknown;
}

/**
 * The base of a request's part and annotation declarations.
 */
export interface RequestPart {}

/**
 * Text: a text block (of a system message, the text joined).
 */
export interface RequestTextPart {
  readonly type: "text";
  /**
   * The text.
   */
  readonly text: string;
  /**
   * A prompt-cache breakpoint at the end of this part, as OpenRouter takes it for Anthropic and Gemini models: {type: ephemeral} with an optional ttl of 5m or 1h, read into the block's cacheControl (a system message's text is joined: its last part's only); any other value is warned (PART_NOT_READ), null is none. OpenAI's own API has none.
   */
  readonly cache_control?: unknown;
}

/**
 * A refusal of an assistant message: a refusal block (elsewhere: warned).
 */
export interface RequestRefusalPart {
  readonly type: "refusal";
  /**
   * The refusal's text.
   */
  readonly refusal: string;
}

/**
 * A refusal part outside an assistant message: warned whole.
 */
export interface MisplacedRefusalPart {
  readonly type: "refusal";
  /**
   * The refusal's text; no IR form, not warned.
   */
  readonly refusal?: unknown;
}

/**
 * An image by URL.
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
 * An image of a user message.
 */
export interface ImageUrlPart {
  readonly type: "image_url";
  /**
   * The image.
   */
  readonly image_url: ImageUrl;
}

/**
 * Inline audio.
 */
export interface InputAudio {
  /**
   * The bytes, base64.
   */
  readonly data: string;
  /**
   * 'wav' (audio/wav) or 'mp3' (audio/mpeg); another format is warned.
   */
  readonly format: string;
}

/**
 * Audio of a user message.
 */
export interface InputAudioPart {
  readonly type: "input_audio";
  /**
   * The audio.
   */
  readonly input_audio: InputAudio;
}

/**
 * A document: file_data, else file_id (one of them is required).
 */
export interface RequestFile {
  /**
   * A data:<media type>;base64,<data> URL (a base64 source) or an http(s) URL (a URL source, as OpenRouter takes); anything else is refused.
   */
  readonly file_data?: string | null;
  /**
   * An uploaded file's id (a string): read when there is no file_data, else warned.
   */
  readonly file_id?: unknown;
  /**
   * The document's name (another value than a string is warned); 'document.pdf' beside file_data, which to_openai_chat writes for none, reads as none.
   */
  readonly filename?: unknown;
}

/**
 * A document of a user message.
 */
export interface FilePart {
  readonly type: "file";
  /**
   * The document.
   */
  readonly file: RequestFile;
}

/**
 * A web citation of an assistant message's text: a citation of its last text block,
 * the annotation kept whole as its ``wire`` (so its other keys are not named).
 */
export interface RequestUrlCitation {
  readonly type: "url_citation";
  /**
   * The cited page (url, title, start_index, end_index).
   */
  readonly url_citation?: unknown;
}

/**
 * A file the model read (OpenRouter): warned whole.
 */
export interface RequestFileAnnotation {
  readonly type: "file";
  /**
   * The file's name and content; no IR form, not warned.
   */
  readonly file?: unknown;
}

/**
 * An annotation of an assistant message; any type but url_citation is warned whole.
 */
export type RequestAnnotation = RequestUrlCitation | RequestFileAnnotation;

/**
 * The content of a system, developer or tool message: a string, or text parts (their
 * text joined for a system message, text blocks for a tool result); any other part type
 * is warned.
 */
export type TextContent = string | readonly (RequestTextPart | MisplacedRefusalPart)[];

/**
 * A part of a user message; any other type (a refusal too) is warned.
 */
export type UserPart = RequestTextPart | ImageUrlPart | InputAudioPart | FilePart | MisplacedRefusalPart;

/**
 * A part of an assistant message's content; any other type is warned.
 */
export type AssistantPart = RequestTextPart | RequestRefusalPart;

/**
 * The function a function call calls.
 */
export interface RequestFunction {
  /**
   * The tool's name.
   */
  readonly name: string;
  /**
   * The arguments as JSON text; absent, null, '' or only whitespace is {}; text that is not a JSON object is kept, for the IR to refuse.
   */
  readonly arguments?: string | null;
}

/**
 * A tool call of an assistant message: a toolCall block when a function call; a
 * call of another type (custom) is warned whole, its name still naming its results.
 */
export interface RequestToolCall {
  /**
   * 'function', or absent (Mistral); another type is warned.
   */
  readonly type?: string | null;
  /**
   * The call's id, answered by a tool message.
   */
  readonly id: string;
  /**
   * The function called (required for a function call).
   */
  readonly function?: RequestFunction | null;
  /**
   * A stream delta's index echoed back: not warned when it is the call's position.
   */
  readonly index?: unknown;
}

/**
 * System instructions: a system message.
 */
export interface RequestSystemMessage {
  readonly role: "system";
  /**
   * The instructions.
   */
  readonly content: TextContent;
}

/**
 * Developer instructions: a system message, as OpenAI treats them alike.
 */
export interface RequestDeveloperMessage {
  readonly role: "developer";
  /**
   * The instructions.
   */
  readonly content: TextContent;
}

/**
 * A user turn: a string stays a string, parts become blocks.
 */
export interface RequestUserMessage {
  readonly role: "user";
  /**
   * The turn's content. The API refuses an empty array (to_openai_chat sends '' for no parts).
   */
  readonly content: string | readonly UserPart[];
}

/**
 * An assistant turn: its text, refusal and calls, in that order.
 */
export interface RequestAssistantMessage {
  readonly role: "assistant";
  /**
   * The text ('' and null: none), or text and refusal parts.
   */
  readonly content?: string | readonly AssistantPart[] | null;
  /**
   * OpenRouter's structured reasoning, as a reply gives it: each detail one thinking block before the text (as the reply reads it).
   */
  readonly reasoning_details?: readonly ReasoningDetail[] | null;
  /**
   * Citations of the last text block; another type, or no text, is warned.
   */
  readonly annotations?: readonly RequestAnnotation[] | null;
  /**
   * A refusal block after the text ('': none).
   */
  readonly refusal?: string | null;
  /**
   * The calls, in order.
   */
  readonly tool_calls?: readonly RequestToolCall[] | null;
}

/**
 * A tool result (``isError`` false); its tool name is the call's with its id. The API wants a call's results right after it, and a tool message holds no image.
 */
export interface RequestToolMessage {
  readonly role: "tool";
  /**
   * The id of the call it answers.
   */
  readonly tool_call_id: string;
  /**
   * The result: a string, or text parts.
   */
  readonly content: TextContent;
}

/**
 * A message of a request; any other role (the legacy ``function`` too) is refused.
 */
export type RequestMessage = RequestSystemMessage | RequestDeveloperMessage | RequestUserMessage | RequestAssistantMessage | RequestToolMessage;
