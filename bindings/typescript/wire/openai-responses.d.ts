// DO NOT EDIT: generated from schemas/v1/wire/openai-responses.schema.json by codegen/wire_typescript.py.
// Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
// The OpenAI Responses wire format as agent-ir reads it: each type is a $defs entry of the
// schema, under its name. agent-ir warns about keys and types it does not declare
// rather than refusing them (schemas/README.md, "Wire formats").

/**
 * A decomposition of ``input_tokens``.
 */
export interface InputTokensDetails {
  /**
   * Input tokens read from the prompt cache: cacheReadTokens.
   */
  readonly cached_tokens?: number | null;
  /**
   * Input tokens written to the prompt cache (some servers): cacheWriteTokens.
   */
  readonly cache_write_tokens?: number | null;
  /**
   * The cache write split by time to live: the usage's cacheWritesByTtl (30m, then 12h).
   */
  readonly cache_write_tokens_details?: CacheWriteTokensDetails | null;
}

/**
 * The cache write split by time to live; each count present is one of the usage's cacheWritesByTtl.
 */
export interface CacheWriteTokensDetails {
  /**
   * Input tokens written with 30-minute retention: ttl 30m.
   */
  readonly ttl_30m_tokens?: number | null;
  /**
   * Input tokens written with 12-hour retention: ttl 12h.
   */
  readonly ttl_12h_tokens?: number | null;
}

/**
 * A decomposition of ``output_tokens``.
 */
export interface OutputTokensDetails {
  /**
   * Output tokens spent on reasoning: reasoningTokens.
   */
  readonly reasoning_tokens?: number | null;
}

/**
 * Token counts of a finished response (absent or null: 0 and 0, a server that
 * does not count).
 */
export interface Usage {
  /**
   * Input tokens, cached ones included.
   */
  readonly input_tokens: number;
  /**
   * Output tokens, reasoning included.
   */
  readonly output_tokens: number;
  /**
   * Where the input tokens went.
   */
  readonly input_tokens_details?: InputTokensDetails | null;
  /**
   * Where the output tokens went.
   */
  readonly output_tokens_details?: OutputTokensDetails | null;
  /**
   * The sum of the two; not read.
   */
  readonly total_tokens?: unknown;
}

/**
 * Text of a message: one text block (none when empty).
 */
export interface OutputText {
  readonly type: "output_text";
  /**
   * The text (empty in a stream's content_part.added).
   */
  readonly text: string;
  /**
   * Where the text comes from (url_citation, file_citation...): each the block's citation {provider: 'openai-responses', wire: the annotation}; on an empty part (no block) PART_NOT_READ.
   */
  readonly annotations?: readonly { readonly [key: string]: unknown }[] | null;
  /**
   * Token log probabilities; no IR form, not warned.
   */
  readonly logprobs?: unknown;
}

/**
 * The model's refusal: one refusal block (none when empty).
 */
export interface RefusalPart {
  readonly type: "refusal";
  /**
   * The refusal's text.
   */
  readonly refusal: string;
}

/**
 * A part of a message's content; any other type (``output_audio``...) is ``Unread``:
 * PART_NOT_READ at ``/output/<i>/content/<j>``.
 */
export type Part = OutputText | RefusalPart;

/**
 * The model's message: its parts, in order.
 */
export interface Message {
  readonly type: "message";
  /**
   * The item's id: the itemId of its blocks (blank: none).
   */
  readonly id?: string | null;
  /**
   * The parts (empty in a stream's output_item.added).
   */
  readonly content?: readonly Part[] | null;
  /**
   * commentary or final_answer; no IR form: PART_NOT_READ when not null.
   */
  readonly phase?: unknown;
  /**
   * Always 'assistant'; not read.
   */
  readonly role?: unknown;
  /**
   * in_progress, completed or incomplete; not read.
   */
  readonly status?: unknown;
}

/**
 * A part of a reasoning item's summary: one thinking block.
 */
export interface SummaryPart {
  /**
   * The summary text (empty: an empty thinking block).
   */
  readonly text: string;
  /**
   * Always 'summary_text'; not read.
   */
  readonly type?: unknown;
}

/**
 * Reasoning: one thinking block per summary part (one empty block without parts),
 * each signed with the item's reference (``reasoning_signature``).
 */
export interface Reasoning {
  readonly type: "reasoning";
  /**
   * The item's id, in its signature: a non-empty string once the item is read (not read in output_item.added).
   */
  readonly id?: string | null;
  /**
   * The summary parts, in order.
   */
  readonly summary?: readonly SummaryPart[] | null;
  /**
   * The reasoning, encrypted (request include=['reasoning.encrypted_content']): in the signature, sent back as it came.
   */
  readonly encrypted_content?: string | null;
  /**
   * Raw reasoning text parts: PART_NOT_READ each (only the summary is read).
   */
  readonly content?: readonly unknown[] | null;
  /**
   * in_progress, completed or incomplete; not read.
   */
  readonly status?: unknown;
}

/**
 * A call of one of the request's function tools: one tool call once its item is
 * done (``status`` incomplete, cut off inside its arguments: dropped, PART_NOT_READ).
 */
export interface FunctionCall {
  readonly type: "function_call";
  /**
   * The call's id, answered by a function_call_output: a non-empty string in the added item or else in the finished one.
   */
  readonly call_id?: string | null;
  /**
   * The function's name (non-empty: as call_id is read).
   */
  readonly name?: string | null;
  /**
   * The arguments, JSON text of an object (a stream's deltas, when any, are the text read; '' or none: {}).
   */
  readonly arguments?: string | null;
  /**
   * The item's id: the call's itemId (blank: none).
   */
  readonly id?: string | null;
  /**
   * The namespace of the tool (a tool in a namespace): kept.
   */
  readonly namespace?: string | null;
  /**
   * in_progress, completed, or incomplete (the call is dropped). incomplete: cut off by max_output_tokens.
   */
  readonly status?: unknown;
  /**
   * Who made the call; no IR form, not warned.
   */
  readonly caller?: unknown;
  /**
   * Whether the call runs asynchronously; not warned.
   */
  readonly async?: unknown;
}

/**
 * An item of a response's output. Any other type is ``Unread``, read whole: a hosted
 * tool's item (``web_search_call``, ``file_search_call``, ``code_interpreter_call``,
 * ``image_generation_call``, ``mcp_call``, ``mcp_list_tools``, ``computer_call``,
 * ``tool_search_call``, ``compaction``...) with a non-blank ``id`` is a server-tool call
 * {id, name: the type, input: {}, wire: its other keys}; without an id, or a
 * ``custom_tool_call``, PART_NOT_READ.
 */
export type Item = Message | Reasoning | FunctionCall;

/**
 * Why a response is incomplete.
 */
export interface IncompleteDetails {
  /**
   * max_output_tokens: stop reason length; anything else (content_filter...): error.
   */
  readonly reason?: unknown;
}

/**
 * An error the API reports (a failed response's, or an error event's).
 */
export interface ResponseError {
  /**
   * The provider's code (blank or none: the type, else the event type).
   */
  readonly code?: string | null;
  /**
   * What went wrong (blank or none: 'the response failed').
   */
  readonly message?: string | null;
  /**
   * The error's type: the code when it has none.
   */
  readonly type?: string | null;
  /**
   * The request parameter at fault; not read.
   */
  readonly param?: unknown;
  /**
   * Not read.
   */
  readonly misalignment?: unknown;
}

/**
 * The web search tool's billable usage.
 */
export interface ToolUsageWebSearch {
  /**
   * Billable web searches: tool web_search of the usage's serverToolRequests.
   */
  readonly num_requests?: number | null;
}

/**
 * What the hosted tools report of their own usage.
 */
export interface ToolUsage {
  /**
   * The web searches run.
   */
  readonly web_search?: ToolUsageWebSearch | null;
  /**
   * Image generation's token counts (its own tokens, not requests); no IR form, not warned.
   */
  readonly image_gen?: unknown;
}

/**
 * A Responses API reply (``client.responses.create()``), and a stream terminal's
 * ``response``: its output items, in order, and its status and usage.
 */
export interface Response {
  /**
   * The response's id.
   */
  readonly id: string;
  /**
   * completed (or none): stop, tool_call after a function call, refusal after a refusal; incomplete: see incomplete_details; failed: the error; in_progress, queued, cancelled: not ended (PROVIDER_MISSING_TERMINAL).
   */
  readonly status?: string | null;
  /**
   * The output items, in order.
   */
  readonly output?: readonly Item[] | null;
  /**
   * Token counts.
   */
  readonly usage?: Usage | null;
  /**
   * Why the response is incomplete.
   */
  readonly incomplete_details?: IncompleteDetails | null;
  /**
   * Null unless failed; a failed response is read as FailedResponse.
   */
  readonly error?: unknown;
  /**
   * Always 'response'; not read.
   */
  readonly object?: unknown;
  /**
   * When it was created; no IR form, not warned.
   */
  readonly created_at?: unknown;
  /**
   * When it completed; no IR form, not warned.
   */
  readonly completed_at?: unknown;
  /**
   * The model that answered: the response's model and its message's (blank: none; in a stream, the terminal response's).
   */
  readonly model?: string | null;
  /**
   * The JavaScript SDK's join of the output text (read from the items); no IR form, not warned.
   */
  readonly output_text?: unknown;
  /**
   * The request's instructions, echoed; no IR form, not warned.
   */
  readonly instructions?: unknown;
  /**
   * The request's metadata, echoed; no IR form, not warned.
   */
  readonly metadata?: unknown;
  /**
   * The request's tools, echoed; no IR form, not warned.
   */
  readonly tools?: unknown;
  /**
   * The request's tool_choice, echoed; no IR form, not warned.
   */
  readonly tool_choice?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly parallel_tool_calls?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly temperature?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly top_p?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly top_logprobs?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly frequency_penalty?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly presence_penalty?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly max_output_tokens?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly max_tool_calls?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly truncation?: unknown;
  /**
   * The request's reasoning settings, echoed; no IR form, not warned.
   */
  readonly reasoning?: unknown;
  /**
   * The request's text settings, echoed; no IR form, not warned.
   */
  readonly text?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly store?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly background?: unknown;
  /**
   * The service tier; no IR form, not warned.
   */
  readonly service_tier?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly user?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly safety_identifier?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly previous_response_id?: unknown;
  /**
   * The conversation it belongs to; no IR form, not warned.
   */
  readonly conversation?: unknown;
  /**
   * The request's prompt template, echoed; no IR form, not warned.
   */
  readonly prompt?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly prompt_cache_key?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly prompt_cache_retention?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly prompt_cache_options?: unknown;
  /**
   * Prompt-cache diagnostics; no IR form, not warned.
   */
  readonly prompt_cache_diagnostics?: unknown;
  /**
   * Moderation results; no IR form, not warned.
   */
  readonly moderation?: unknown;
  /**
   * Azure OpenAI's content filter results; no IR form, not warned.
   */
  readonly content_filters?: unknown;
  /**
   * Usage reported by hosted tools (not tokens of the model): web_search.num_requests is the usage's serverToolRequests.
   */
  readonly tool_usage?: ToolUsage | null;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly access_programs?: unknown;
  /**
   * A request setting, echoed; no IR form, not warned.
   */
  readonly image?: unknown;
  /**
   * Input transformations applied; no IR form, not warned.
   */
  readonly input_transformations?: unknown;
}

/**
 * The response as a stream begins it (``response.created``): only its id is
 * read. The rest (no output, no usage yet) is what the terminal's response repeats,
 * read and warned there, so it is not warned here.
 */
export interface ResponseStart {
  /**
   * The response's id.
   */
  readonly id: string;
}

/**
 * A failed response (``status`` failed, or ``response.failed``'s): only its error
 * is read (PROVIDER_TRANSPORT_ERROR with its code), nothing else of it.
 */
export interface FailedResponse {
  /**
   * The error (none: the fallbacks).
   */
  readonly error?: ResponseError | null;
}

/**
 * The stream's first event: response_start.
 */
export interface ResponseCreated {
  readonly type: "response.created";
  /**
   * The response so far.
   */
  readonly response: ResponseStart;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * A terminal: the response finished. The API finishes every item before it completes: a call or a reasoning summary still open then is PROVIDER_INVALID_EVENT.
 */
export interface ResponseCompleted {
  readonly type: "response.completed";
  /**
   * The finished response, output and usage.
   */
  readonly response: Response;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * A terminal: the response ended early (incomplete_details says why).
 */
export interface ResponseIncomplete {
  readonly type: "response.incomplete";
  /**
   * The response as it ended.
   */
  readonly response: Response;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * The response failed: PROVIDER_TRANSPORT_ERROR.
 */
export interface ResponseFailed {
  readonly type: "response.failed";
  /**
   * The failed response.
   */
  readonly response: FailedResponse;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * An error in the stream: PROVIDER_TRANSPORT_ERROR, from the event itself (the
 * documented shape) or from its ``error`` object (some servers').
 */
export interface ErrorEvent {
  readonly type: "error";
  /**
   * The provider's code (as ResponseError's).
   */
  readonly code?: string | null;
  /**
   * What went wrong (as ResponseError's).
   */
  readonly message?: string | null;
  /**
   * The request parameter at fault; not read.
   */
  readonly param?: unknown;
  /**
   * An object: the error, a ResponseError, read instead of the event's own keys (the shape the official client raises as APIError); anything else: not read.
   */
  readonly error?: unknown;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * An output item begins: a function call opens (its deltas find it by
 * output_index), a reasoning item is known; any other item is read when done.
 */
export interface OutputItemAdded {
  readonly type: "response.output_item.added";
  /**
   * The item's place in the output (once each).
   */
  readonly output_index: number;
  /**
   * The item as it begins.
   */
  readonly item: Item;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * An output item is finished: a message's open text ends, a reasoning item's
 * thinking ends signed, a function call is one tool call, a hosted tool's item a
 * server-tool call.
 */
export interface OutputItemDone {
  readonly type: "response.output_item.done";
  /**
   * The item's place in the output.
   */
  readonly output_index: number;
  /**
   * The finished item.
   */
  readonly item: Item;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * More text of a message part: a text_delta chunk.
 */
export interface OutputTextDelta {
  readonly type: "response.output_text.delta";
  /**
   * The piece of text.
   */
  readonly delta: string;
  /**
   * The message's id: the block's itemId (blank: none).
   */
  readonly item_id?: string | null;
  /**
   * The message's place (none: 0).
   */
  readonly output_index?: number | null;
  /**
   * The part's place (none: 0).
   */
  readonly content_index?: number | null;
  /**
   * Token log probabilities; not warned.
   */
  readonly logprobs?: unknown;
  /**
   * Padding that hides the length; not read.
   */
  readonly obfuscation?: unknown;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * More of the model's refusal: a refusalDelta chunk of a refusal block.
 */
export interface RefusalDelta {
  readonly type: "response.refusal.delta";
  /**
   * The piece of refusal text.
   */
  readonly delta: string;
  /**
   * The message's id: the block's itemId (blank: none).
   */
  readonly item_id?: string | null;
  /**
   * The message's place (none: 0).
   */
  readonly output_index?: number | null;
  /**
   * The part's place; not read.
   */
  readonly content_index?: unknown;
  /**
   * Padding that hides the length; not read.
   */
  readonly obfuscation?: unknown;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * The end of a text or refusal part: its block ends (``text`` or ``refusal``
 * repeats the deltas and is not read).
 */
export interface _PartDone {
  /**
   * The message's id; not read.
   */
  readonly item_id?: unknown;
  /**
   * The message's place; not read.
   */
  readonly output_index?: unknown;
  /**
   * The part's place; not read.
   */
  readonly content_index?: unknown;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * A text part ends.
 */
export interface OutputTextDone {
  readonly type: "response.output_text.done";
  /**
   * The message's id; not read.
   */
  readonly item_id?: unknown;
  /**
   * The message's place; not read.
   */
  readonly output_index?: unknown;
  /**
   * The part's place; not read.
   */
  readonly content_index?: unknown;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
  /**
   * The part's text, the deltas joined; not read.
   */
  readonly text?: unknown;
  /**
   * Token log probabilities; not warned.
   */
  readonly logprobs?: unknown;
}

/**
 * A refusal part ends.
 */
export interface RefusalDone {
  readonly type: "response.refusal.done";
  /**
   * The message's id; not read.
   */
  readonly item_id?: unknown;
  /**
   * The message's place; not read.
   */
  readonly output_index?: unknown;
  /**
   * The part's place; not read.
   */
  readonly content_index?: unknown;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
  /**
   * The refusal, the deltas joined; not read.
   */
  readonly refusal?: unknown;
}

/**
 * An annotation of a text part: a citation of its block (of a part with no text
 * yet: PART_NOT_READ).
 */
export interface OutputTextAnnotationAdded {
  readonly type: "response.output_text.annotation.added";
  /**
   * The annotation, kept as it is.
   */
  readonly annotation: { readonly [key: string]: unknown };
  /**
   * The message's place (none: 0).
   */
  readonly output_index?: number | null;
  /**
   * The part's place (none: 0).
   */
  readonly content_index?: number | null;
  /**
   * The annotation's place; not read.
   */
  readonly annotation_index?: unknown;
  /**
   * The message's id; not read.
   */
  readonly item_id?: unknown;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * A message part as ``response.content_part.done`` repeats it: only the
 * annotations of an ``output_text`` part are read; the rest is read (and warned)
 * from the finished message.
 */
export interface FinishedPart {
  /**
   * output_text (its annotations read), refusal...
   */
  readonly type?: unknown;
  /**
   * An output_text part's annotations (as OutputText's).
   */
  readonly annotations?: readonly { readonly [key: string]: unknown }[] | null;
}

/**
 * A message part is finished: the annotations of an output_text part that no
 * annotation event gave are citations of its block.
 */
export interface ContentPartDone {
  readonly type: "response.content_part.done";
  /**
   * The finished part.
   */
  readonly part?: FinishedPart | null;
  /**
   * The message's place (none: 0).
   */
  readonly output_index?: number | null;
  /**
   * The part's place (none: 0).
   */
  readonly content_index?: number | null;
  /**
   * The message's id; not read.
   */
  readonly item_id?: unknown;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * A summary part of a reasoning item begins: a new thinking block (no chunk).
 */
export interface ReasoningSummaryPartAdded {
  readonly type: "response.reasoning_summary_part.added";
  /**
   * The reasoning item's place.
   */
  readonly output_index: number;
  /**
   * The part's place in the summary.
   */
  readonly summary_index: number;
  /**
   * The part as it begins (no text yet); not read.
   */
  readonly part?: unknown;
  /**
   * The reasoning item's id; not read.
   */
  readonly item_id?: unknown;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * More text of a summary part: a thinking_delta chunk (a part other than the
 * item's current one begins a new thinking block, as its part event would).
 */
export interface ReasoningSummaryTextDelta {
  readonly type: "response.reasoning_summary_text.delta";
  /**
   * The piece of summary text.
   */
  readonly delta: string;
  /**
   * The reasoning item's place.
   */
  readonly output_index: number;
  /**
   * The part's place in the summary.
   */
  readonly summary_index: number;
  /**
   * The reasoning item's id; not read.
   */
  readonly item_id?: unknown;
  /**
   * Padding that hides the length; not read.
   */
  readonly obfuscation?: unknown;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * More of a function call's arguments text (the call added at output_index).
 */
export interface FunctionCallArgumentsDelta {
  readonly type: "response.function_call_arguments.delta";
  /**
   * The call's place (a function call added).
   */
  readonly output_index: number;
  /**
   * The piece of JSON text.
   */
  readonly delta: string;
  /**
   * The call's item id; not read.
   */
  readonly item_id?: unknown;
  /**
   * Padding that hides the length; not read.
   */
  readonly obfuscation?: unknown;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * A function call's whole arguments text (read when no delta came).
 */
export interface FunctionCallArgumentsDone {
  readonly type: "response.function_call_arguments.done";
  /**
   * The call's place (a function call added).
   */
  readonly output_index: number;
  /**
   * The arguments, JSON text.
   */
  readonly arguments: string;
  /**
   * The call's item id; not read.
   */
  readonly item_id?: unknown;
  /**
   * The function's name; not read (the item's is).
   */
  readonly name?: unknown;
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * An event of a Responses stream that is read. A skipped one (``Skipped``,
 * ``SKIPPED_FAMILIES``) is passed over by its type alone; any other type is passed over
 * with EVENT_NOT_READ.
 * The data's type names the event; the SSE event: line is not read, as the official client does not read it. A data: [DONE] line (which proxies append) ends the reading as it ends the official client's.
 */
export type Event = ResponseCreated | OutputTextDelta | RefusalDelta | OutputTextDone | RefusalDone | OutputTextAnnotationAdded | ContentPartDone | ReasoningSummaryPartAdded | ReasoningSummaryTextDelta | OutputItemAdded | FunctionCallArgumentsDelta | FunctionCallArgumentsDone | OutputItemDone | ResponseCompleted | ResponseIncomplete | ResponseFailed | ErrorEvent;

/**
 * An event the IR has no place for, or that repeats what other events say: passed
 * over by its type, its data never read, refused or warned.
 */
export interface _Skipped {
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * A skipped event about a part of an output item.
 */
export interface _PartSkipped {
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
  /**
   * The item's id.
   */
  readonly item_id?: unknown;
  /**
   * The item's place.
   */
  readonly output_index?: unknown;
}

/**
 * Sent to keep a long stream open, before response.created too.
 */
export interface Keepalive {
  readonly type: "keepalive";
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
}

/**
 * The response waits (status only).
 */
export interface ResponseQueued {
  readonly type: "response.queued";
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
  /**
   * The response so far.
   */
  readonly response?: unknown;
}

/**
 * The response runs (status only).
 */
export interface ResponseInProgress {
  readonly type: "response.in_progress";
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
  /**
   * The response so far.
   */
  readonly response?: unknown;
}

/**
 * A message part begins (its deltas make its block).
 */
export interface ContentPartAdded {
  readonly type: "response.content_part.added";
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
  /**
   * The item's id.
   */
  readonly item_id?: unknown;
  /**
   * The item's place.
   */
  readonly output_index?: unknown;
  /**
   * The part's place.
   */
  readonly content_index?: unknown;
  /**
   * The part as it begins.
   */
  readonly part?: unknown;
}

/**
 * A summary part ends (it repeats the deltas).
 */
export interface ReasoningSummaryPartDone {
  readonly type: "response.reasoning_summary_part.done";
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
  /**
   * The item's id.
   */
  readonly item_id?: unknown;
  /**
   * The item's place.
   */
  readonly output_index?: unknown;
  /**
   * The part's place.
   */
  readonly summary_index?: unknown;
  /**
   * The finished part.
   */
  readonly part?: unknown;
  /**
   * The part's status.
   */
  readonly status?: unknown;
}

/**
 * A summary part's text (it repeats the deltas).
 */
export interface ReasoningSummaryTextDone {
  readonly type: "response.reasoning_summary_text.done";
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
  /**
   * The item's id.
   */
  readonly item_id?: unknown;
  /**
   * The item's place.
   */
  readonly output_index?: unknown;
  /**
   * The part's place.
   */
  readonly summary_index?: unknown;
  /**
   * The part's text.
   */
  readonly text?: unknown;
}

/**
 * Raw reasoning text (PART_NOT_READ from the finished item's content).
 */
export interface ReasoningTextDelta {
  readonly type: "response.reasoning_text.delta";
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
  /**
   * The item's id.
   */
  readonly item_id?: unknown;
  /**
   * The item's place.
   */
  readonly output_index?: unknown;
  /**
   * The part's place.
   */
  readonly content_index?: unknown;
  /**
   * The piece of raw reasoning.
   */
  readonly delta?: unknown;
  /**
   * Padding that hides the length.
   */
  readonly obfuscation?: unknown;
}

/**
 * Raw reasoning text, whole (PART_NOT_READ from the finished item's content).
 */
export interface ReasoningTextDone {
  readonly type: "response.reasoning_text.done";
  /**
   * The event's number in the stream; not read (events are read in order).
   */
  readonly sequence_number?: unknown;
  /**
   * The item's id.
   */
  readonly item_id?: unknown;
  /**
   * The item's place.
   */
  readonly output_index?: unknown;
  /**
   * The part's place.
   */
  readonly content_index?: unknown;
  /**
   * The raw reasoning.
   */
  readonly text?: unknown;
}

/**
 * The events passed over by their type: status, part starts and ends that repeat the
 * deltas, raw reasoning text.
 */
export type Skipped = Keepalive | ResponseQueued | ResponseInProgress | ContentPartAdded | ReasoningSummaryPartDone | ReasoningSummaryTextDone | ReasoningTextDelta | ReasoningTextDone;

/**
 * The base of a request's item and part declarations: the keys the API writes on
 * any of them that say nothing the IR could hold.
 */
export interface RequestStruct {
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
}

/**
 * The base of a request's part declarations.
 */
export interface RequestPart {
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
}

/**
 * Text: a text block (in an assistant message too).
 */
export interface InputText {
  readonly type: "input_text";
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * The text.
   */
  readonly text: string;
}

/**
 * A reply's text sent back: a text block.
 */
export interface RequestOutputText {
  readonly type: "output_text";
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * The text.
   */
  readonly text: string;
  /**
   * Where the text comes from (url_citation, file_citation...): each the block's citation {provider: 'openai-responses', wire: the annotation as it is}.
   */
  readonly annotations?: readonly { readonly [key: string]: unknown }[] | null;
}

/**
 * A reply's refusal sent back: a refusal block in an assistant message, text
 * elsewhere.
 */
export interface RequestRefusal {
  readonly type: "refusal";
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * The refusal's text.
   */
  readonly refusal: string;
}

/**
 * An image: exactly one of image_url and file_id (by file id: PART_NOT_READ, an IR
 * image has no file source).
 */
export interface InputImage {
  readonly type: "input_image";
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * A data URL (a base64 source) or any other URL (a url source).
   */
  readonly image_url?: string | null;
  /**
   * An uploaded file's id.
   */
  readonly file_id?: string | null;
  /**
   * low or high: the block's detail; auto (the default) none; any other warned. The SDK requires the field and auto is the API's default, so an absent detail and auto mean the same (to_openai_responses sends auto for none).
   */
  readonly detail?: unknown;
}

/**
 * A document: exactly one of file_data, file_id and file_url.
 */
export interface InputFile {
  readonly type: "input_file";
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * A data URL, or plain base64 whose media type comes from filename (else application/octet-stream): a base64 source; not base64 is PART_NOT_READ.
   */
  readonly file_data?: string | null;
  /**
   * An uploaded file's id: a file source.
   */
  readonly file_id?: string | null;
  /**
   * Where the file is: a url source.
   */
  readonly file_url?: string | null;
  /**
   * The document's filename. The API reads file_data's type from the name (to_openai_responses makes one up, document-<m>-<b><ext>, when the block has none).
   */
  readonly filename?: string | null;
  /**
   * auto (the default) is not warned; any other value is.
   */
  readonly detail?: unknown;
}

/**
 * Inline audio.
 */
export interface AudioData {
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * The bytes, base64.
   */
  readonly data: string;
  /**
   * mp3 (audio/mpeg) or wav (audio/wav); any other: not read.
   */
  readonly format: string;
}

/**
 * Audio: an audio block.
 */
export interface InputAudio {
  readonly type: "input_audio";
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * The audio.
   */
  readonly input_audio: AudioData;
}

/**
 * A part of a system, developer or assistant message; any other type is warned.
 */
export type TextPart = InputText | RequestOutputText | RequestRefusal;

/**
 * A part of a user message; any other type is warned.
 */
export type UserPart = TextPart | InputImage | InputFile | InputAudio;

/**
 * A part of a function call's output; any other type is warned.
 */
export type ResultPart = InputText | InputImage;

export interface _InputMessage {
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * message; may be left out (an easy input message).
   */
  readonly type?: "message" | null;
  /**
   * The item's id (msg_..., fc_...): the id of the message it starts, and an assistant block's itemId; blank reads as none.
   */
  readonly id?: string | null;
}

/**
 * A user message.
 */
export interface UserInput {
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * message; may be left out (an easy input message).
   */
  readonly type?: "message" | null;
  /**
   * The item's id (msg_..., fc_...): the id of the message it starts, and an assistant block's itemId; blank reads as none.
   */
  readonly id?: string | null;
  /**
   * user.
   */
  readonly role: "user";
  /**
   * A string, or its parts as blocks. A request's input may also be one string, which the API takes for one user message.
   */
  readonly content: string | readonly UserPart[];
}

/**
 * Instructions: a system message (the IR has one instruction role).
 */
export interface SystemInput {
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * message; may be left out (an easy input message).
   */
  readonly type?: "message" | null;
  /**
   * The item's id (msg_..., fc_...): the id of the message it starts, and an assistant block's itemId; blank reads as none.
   */
  readonly id?: string | null;
  /**
   * system or developer.
   */
  readonly role: "system" | "developer";
  /**
   * A string, or text parts concatenated.
   */
  readonly content: string | readonly TextPart[];
}

/**
 * An assistant message (an output message sent back): its blocks join the assistant
 * turn. Its phase (commentary, final_answer) has no IR form: warned.
 * The SDK asks to send its phase back.
 */
export interface AssistantInput {
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * message; may be left out (an easy input message).
   */
  readonly type?: "message" | null;
  /**
   * The item's id (msg_..., fc_...): the id of the message it starts, and an assistant block's itemId; blank reads as none.
   */
  readonly id?: string | null;
  /**
   * assistant.
   */
  readonly role: "assistant";
  /**
   * A string (one text block), or its parts as blocks.
   */
  readonly content: string | readonly TextPart[];
}

/**
 * A function tool call: a tool call of the assistant turn.
 */
export interface RequestFunctionCall {
  readonly type: "function_call";
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * The item's id (msg_..., fc_...): the id of the message it starts, and an assistant block's itemId; blank reads as none.
   */
  readonly id?: string | null;
  /**
   * The arguments, JSON text of one object; anything else is kept as it is for the IR to refuse (INVALID_TOOL_ARGUMENTS).
   */
  readonly arguments: string;
  /**
   * The call's id, which its output answers.
   */
  readonly call_id: string;
  /**
   * The function's name.
   */
  readonly name: string;
  /**
   * The tool's namespace.
   */
  readonly namespace?: string | null;
}

/**
 * One part of a reasoning summary: one thinking block.
 */
export interface SummaryText {
  readonly type: "summary_text";
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * The summary's text.
   */
  readonly text: string;
}

/**
 * Reasoning sent back: thinking blocks of the assistant turn, signed by its
 * reference (id and encrypted_content).
 */
export interface RequestReasoning {
  readonly type: "reasoning";
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * The reasoning item's id (rs_...). The SDK requires it; the API checks the rs_ prefix and looks stored items up by it, so an id cannot be made up.
   */
  readonly id: string;
  /**
   * The summary: each summary_text part one thinking block (one of empty thinking for none); another type is warned.
   */
  readonly summary: readonly { readonly [key: string]: unknown }[];
  /**
   * Raw reasoning text: each part warned (only the summary is read).
   */
  readonly content?: readonly unknown[] | null;
  /**
   * The encrypted reasoning, in the signature.
   */
  readonly encrypted_content?: string | null;
}

/**
 * A function call's result: a tool-result message.
 */
export interface RequestFunctionCallOutput {
  readonly type: "function_call_output";
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * The id of the call it answers.
   */
  readonly call_id: string;
  /**
   * The result: a string, or text and image parts.
   */
  readonly output: string | readonly ResultPart[];
  /**
   * The item's id: the message id.
   */
  readonly id?: string | null;
  /**
   * The tool's name (else the call's with call_id); blank reads as none. to_openai_responses does not send it: the API knows it from the call.
   */
  readonly name?: string | null;
}

/**
 * Any other item: with an id, a hosted tool's item (web_search_call, mcp_call...), a
 * server-tool call whose wire is the item's other keys as they are; without one (or an
 * item_reference, a custom tool's call or output) PART_NOT_READ.
 */
export interface HostedItem {
  /**
   * The item's type: the server-tool call's name.
   */
  readonly type: string;
  /**
   * The item's id: the server-tool call's id.
   */
  readonly id?: string | null;
}

/**
 * A call of a tool the application runs that the API writes as an item of its own
 * (computer_call, local_shell_call): a tool call named by the item's type, whose
 * arguments are the item's other keys as they are (action or actions,
 * pending_safety_checks...; null ones left out at any depth).
 */
export interface ClientCall {
  /**
   * computer_call or local_shell_call: the tool call's name.
   */
  readonly type: string;
  /**
   * The item's id (cu_..., lsh_...): the call's itemId.
   */
  readonly id: string;
  /**
   * The call's id, which its output answers.
   */
  readonly call_id: string;
  /**
   * The item's state (completed...); not read, not warned. to_openai_responses writes completed: the SDK requires the status, and a call read back is complete.
   */
  readonly status?: unknown;
}

/**
 * What a computer call's output holds: one screenshot.
 */
export interface ComputerScreenshot {
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * computer_screenshot.
   */
  readonly type: "computer_screenshot";
  /**
   * A data URL (a base64 source) or any other URL: the result's image.
   */
  readonly image_url?: string | null;
  /**
   * An uploaded file's id: PART_NOT_READ (an IR image has no file source).
   */
  readonly file_id?: string | null;
}

/**
 * A computer call's result: a tool-result message (toolName computer_call) holding
 * the screenshot as an image block.
 */
export interface RequestComputerCallOutput {
  readonly type: "computer_call_output";
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * The id of the computer call it answers.
   */
  readonly call_id: string;
  /**
   * The screenshot taken after the action.
   */
  readonly output: ComputerScreenshot;
  /**
   * The item's id: the message id.
   */
  readonly id?: string | null;
  /**
   * The safety checks the developer acknowledged: no IR form, warned when not [].
   */
  readonly acknowledged_safety_checks?: readonly { readonly [key: string]: unknown }[] | null;
}

/**
 * A local shell call's result: a tool-result message (toolName local_shell_call)
 * holding the output text.
 */
export interface RequestLocalShellCallOutput {
  readonly type: "local_shell_call_output";
  /**
   * The item's state (completed...); not read, not warned.
   */
  readonly status?: unknown;
  /**
   * Who made the item; not read, not warned.
   */
  readonly created_by?: unknown;
  /**
   * Token log probabilities; not read, not warned.
   */
  readonly logprobs?: unknown;
  /**
   * The execution context of a call; not read, not warned.
   */
  readonly caller?: unknown;
  /**
   * The call_id of the local shell call it answers (the SDK names it id).
   */
  readonly id: string;
  /**
   * The command's output, as text (JSON, as the API asks).
   */
  readonly output: string;
}
