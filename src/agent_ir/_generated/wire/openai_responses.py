# DO NOT EDIT: generated from schemas/v1/wire/openai-responses.schema.json by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
"""OpenAI Responses replies and stream events, declared once: what
``reply_from_openai_responses``, ``OpenAIResponsesStream`` and
``AsyncOpenAIResponsesStream`` decode (``agent_ir.wire._decode``). Field descriptions
are the format's spec as agent-ir reads it; a key that is not declared here is a
PART_NOT_READ warning, an item or message part whose type is not declared is read as
``Unread`` (a hosted tool's item, or a part the IR has no place for: see the readers)."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from msgspec import Meta, field

from agent_ir._wire_base import Count, NonBlank, WireStruct

__all__ = [
    "AssistantInput",
    "AudioData",
    "CacheWriteTokensDetails",
    "ClientCall",
    "ComputerScreenshot",
    "ContentPartAdded",
    "ContentPartDone",
    "ErrorEvent",
    "Event",
    "FailedResponse",
    "FinishedPart",
    "FunctionCall",
    "FunctionCallArgumentsDelta",
    "FunctionCallArgumentsDone",
    "HostedItem",
    "IncompleteDetails",
    "InputAudio",
    "InputFile",
    "InputImage",
    "InputText",
    "InputTokensDetails",
    "Item",
    "Keepalive",
    "Message",
    "OutputItemAdded",
    "OutputItemDone",
    "OutputText",
    "OutputTextAnnotationAdded",
    "OutputTextDelta",
    "OutputTextDone",
    "OutputTokensDetails",
    "Part",
    "Reasoning",
    "ReasoningSummaryPartAdded",
    "ReasoningSummaryPartDone",
    "ReasoningSummaryTextDelta",
    "ReasoningSummaryTextDone",
    "ReasoningTextDelta",
    "ReasoningTextDone",
    "RefusalDelta",
    "RefusalDone",
    "RefusalPart",
    "RequestComputerCallOutput",
    "RequestFunctionCall",
    "RequestFunctionCallOutput",
    "RequestLocalShellCallOutput",
    "RequestOutputText",
    "RequestPart",
    "RequestReasoning",
    "RequestRefusal",
    "RequestStruct",
    "Response",
    "ResponseCompleted",
    "ResponseCreated",
    "ResponseError",
    "ResponseFailed",
    "ResponseInProgress",
    "ResponseIncomplete",
    "ResponseQueued",
    "ResponseStart",
    "ResultPart",
    "Skipped",
    "SummaryPart",
    "SummaryText",
    "SystemInput",
    "TextPart",
    "ToolUsage",
    "ToolUsageWebSearch",
    "Usage",
    "UserInput",
    "UserPart",
]


class InputTokensDetails(WireStruct):
    """A decomposition of ``input_tokens``."""

    cached_tokens: Annotated[
        Count | None, Meta(description="Input tokens read from the prompt cache: cacheReadTokens.")
    ] = None
    cache_write_tokens: Annotated[
        Count | None,
        Meta(
            description="Input tokens written to the prompt cache (some servers): cacheWriteTokens."
        ),
    ] = None
    cache_write_tokens_details: Annotated[
        CacheWriteTokensDetails | None,
        Meta(
            description=(
                "The cache write split by time to live: the usage's cacheWritesByTtl (30m, "
                "then 12h)."
            )
        ),
    ] = None


class CacheWriteTokensDetails(WireStruct):
    """The cache write split by time to live; each count present is one of the usage's cacheWritesByTtl."""

    ttl_30m_tokens: Annotated[
        Count | None, Meta(description="Input tokens written with 30-minute retention: ttl 30m.")
    ] = None
    ttl_12h_tokens: Annotated[
        Count | None, Meta(description="Input tokens written with 12-hour retention: ttl 12h.")
    ] = None


class OutputTokensDetails(WireStruct):
    """A decomposition of ``output_tokens``."""

    reasoning_tokens: Annotated[
        Count | None, Meta(description="Output tokens spent on reasoning: reasoningTokens.")
    ] = None


class Usage(WireStruct):
    """Token counts of a finished response (absent or null: 0 and 0, a server that
    does not count)."""

    input_tokens: Annotated[Count, Meta(description="Input tokens, cached ones included.")]
    output_tokens: Annotated[Count, Meta(description="Output tokens, reasoning included.")]
    input_tokens_details: Annotated[
        InputTokensDetails | None, Meta(description="Where the input tokens went.")
    ] = None
    output_tokens_details: Annotated[
        OutputTokensDetails | None, Meta(description="Where the output tokens went.")
    ] = None
    total_tokens: Annotated[Any, Meta(description="The sum of the two; not read.")] = None


class OutputText(WireStruct, tag_field="type", tag="output_text"):
    """Text of a message: one text block (none when empty)."""

    text: Annotated[str, Meta(description="The text (empty in a stream's content_part.added).")]
    annotations: Annotated[
        list[dict[str, Any]] | None,
        Meta(
            description=(
                "Where the text comes from (url_citation, file_citation...): each the "
                "block's citation {provider: 'openai-responses', wire: the annotation}; on "
                "an empty part (no block) PART_NOT_READ."
            )
        ),
    ] = None
    logprobs: Annotated[
        Any, Meta(description="Token log probabilities; no IR form, not warned.")
    ] = None


class RefusalPart(WireStruct, tag_field="type", tag="refusal"):
    """The model's refusal: one refusal block (none when empty)."""

    refusal: Annotated[str, Meta(description="The refusal's text.")]


Part = OutputText | RefusalPart
"""A part of a message's content; any other type (``output_audio``...) is ``Unread``:
PART_NOT_READ at ``/output/<i>/content/<j>``."""


class Message(WireStruct, tag_field="type", tag="message"):
    """The model's message: its parts, in order."""

    id: Annotated[
        str | None, Meta(description="The item's id: the itemId of its blocks (blank: none).")
    ] = None
    content: Annotated[
        list[Part] | None, Meta(description="The parts (empty in a stream's output_item.added).")
    ] = None
    phase: Annotated[
        Any,
        Meta(description="commentary or final_answer; no IR form: PART_NOT_READ when not null."),
    ] = None
    role: Annotated[Any, Meta(description="Always 'assistant'; not read.")] = None
    status: Annotated[Any, Meta(description="in_progress, completed or incomplete; not read.")] = (
        None
    )


class SummaryPart(WireStruct):
    """A part of a reasoning item's summary: one thinking block."""

    text: Annotated[str, Meta(description="The summary text (empty: an empty thinking block).")]
    type: Annotated[Any, Meta(description="Always 'summary_text'; not read.")] = None


class Reasoning(WireStruct, tag_field="type", tag="reasoning"):
    """Reasoning: one thinking block per summary part (one empty block without parts),
    each signed with the item's reference (``reasoning_signature``)."""

    id: Annotated[
        str | None,
        Meta(
            description=(
                "The item's id, in its signature: a non-empty string once the item is read "
                "(not read in output_item.added)."
            )
        ),
    ] = None
    summary: Annotated[
        list[SummaryPart] | None, Meta(description="The summary parts, in order.")
    ] = None
    encrypted_content: Annotated[
        str | None,
        Meta(
            description=(
                "The reasoning, encrypted (request include=['reasoning.encrypted_content']): "
                "in the signature, sent back as it came."
            )
        ),
    ] = None
    content: Annotated[
        list[Any] | None,
        Meta(
            description="Raw reasoning text parts: PART_NOT_READ each (only the summary is read)."
        ),
    ] = None
    status: Annotated[Any, Meta(description="in_progress, completed or incomplete; not read.")] = (
        None
    )


class FunctionCall(WireStruct, tag_field="type", tag="function_call"):
    """A call of one of the request's function tools: one tool call once its item is
    done (``status`` incomplete, cut off inside its arguments: dropped, PART_NOT_READ)."""

    call_id: Annotated[
        str | None,
        Meta(
            description=(
                "The call's id, answered by a function_call_output: a non-empty string in "
                "the added item or else in the finished one."
            )
        ),
    ] = None
    name: Annotated[
        str | None, Meta(description="The function's name (non-empty: as call_id is read).")
    ] = None
    arguments: Annotated[
        str | None,
        Meta(
            description=(
                "The arguments, JSON text of an object (a stream's deltas, when any, are the "
                "text read; '' or none: {})."
            )
        ),
    ] = None
    id: Annotated[
        str | None, Meta(description="The item's id: the call's itemId (blank: none).")
    ] = None
    namespace: Annotated[
        str | None, Meta(description="The namespace of the tool (a tool in a namespace): kept.")
    ] = None
    status: Annotated[
        Any,
        Meta(
            description=(
                "in_progress, completed, or incomplete (the call is dropped). incomplete: "
                "cut off by max_output_tokens."
            )
        ),
    ] = None
    caller: Annotated[Any, Meta(description="Who made the call; no IR form, not warned.")] = None
    async_: Annotated[
        Any, Meta(description="Whether the call runs asynchronously; not warned.")
    ] = field(default=None, name="async")


Item = Message | Reasoning | FunctionCall
"""An item of a response's output. Any other type is ``Unread``, read whole: a hosted
tool's item (``web_search_call``, ``file_search_call``, ``code_interpreter_call``,
``image_generation_call``, ``mcp_call``, ``mcp_list_tools``, ``computer_call``,
``tool_search_call``, ``compaction``...) with a non-blank ``id`` is a server-tool call
{id, name: the type, input: {}, wire: its other keys}; without an id, or a
``custom_tool_call``, PART_NOT_READ."""


class IncompleteDetails(WireStruct):
    """Why a response is incomplete."""

    reason: Annotated[
        Any,
        Meta(
            description=(
                "max_output_tokens: stop reason length; anything else (content_filter...): error."
            )
        ),
    ] = None


class ResponseError(WireStruct):
    """An error the API reports (a failed response's, or an error event's)."""

    code: Annotated[
        str | None,
        Meta(description="The provider's code (blank or none: the type, else the event type)."),
    ] = None
    message: Annotated[
        str | None, Meta(description="What went wrong (blank or none: 'the response failed').")
    ] = None
    type: Annotated[
        str | None, Meta(description="The error's type: the code when it has none.")
    ] = None
    param: Annotated[Any, Meta(description="The request parameter at fault; not read.")] = None
    misalignment: Annotated[Any, Meta(description="Not read.")] = None


class ToolUsageWebSearch(WireStruct):
    """The web search tool's billable usage."""

    num_requests: Annotated[
        Count | None,
        Meta(
            description="Billable web searches: tool web_search of the usage's serverToolRequests."
        ),
    ] = None


class ToolUsage(WireStruct):
    """What the hosted tools report of their own usage."""

    web_search: Annotated[ToolUsageWebSearch | None, Meta(description="The web searches run.")] = (
        None
    )
    image_gen: Annotated[
        Any,
        Meta(
            description=(
                "Image generation's token counts (its own tokens, not requests); no IR form, "
                "not warned."
            )
        ),
    ] = None


class Response(WireStruct):
    """A Responses API reply (``client.responses.create()``), and a stream terminal's
    ``response``: its output items, in order, and its status and usage."""

    id: Annotated[NonBlank, Meta(description="The response's id.")]
    status: Annotated[
        str | None,
        Meta(
            description=(
                "completed (or none): stop, tool_call after a function call, refusal after a "
                "refusal; incomplete: see incomplete_details; failed: the error; "
                "in_progress, queued, cancelled: not ended (PROVIDER_MISSING_TERMINAL)."
            )
        ),
    ] = None
    output: Annotated[list[Item] | None, Meta(description="The output items, in order.")] = None
    usage: Annotated[Usage | None, Meta(description="Token counts.")] = None
    incomplete_details: Annotated[
        IncompleteDetails | None, Meta(description="Why the response is incomplete.")
    ] = None
    error: Annotated[
        Any, Meta(description="Null unless failed; a failed response is read as FailedResponse.")
    ] = None
    object: Annotated[Any, Meta(description="Always 'response'; not read.")] = None
    created_at: Annotated[Any, Meta(description="When it was created; no IR form, not warned.")] = (
        None
    )
    completed_at: Annotated[Any, Meta(description="When it completed; no IR form, not warned.")] = (
        None
    )
    model: Annotated[
        str | None,
        Meta(
            description=(
                "The model that answered: the response's model and its message's (blank: "
                "none; in a stream, the terminal response's)."
            )
        ),
    ] = None
    output_text: Annotated[
        Any,
        Meta(
            description=(
                "The JavaScript SDK's join of the output text (read from the items); no IR "
                "form, not warned."
            )
        ),
    ] = None
    instructions: Annotated[
        Any, Meta(description="The request's instructions, echoed; no IR form, not warned.")
    ] = None
    metadata: Annotated[
        Any, Meta(description="The request's metadata, echoed; no IR form, not warned.")
    ] = None
    tools: Annotated[
        Any, Meta(description="The request's tools, echoed; no IR form, not warned.")
    ] = None
    tool_choice: Annotated[
        Any, Meta(description="The request's tool_choice, echoed; no IR form, not warned.")
    ] = None
    parallel_tool_calls: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    temperature: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    top_p: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    top_logprobs: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    frequency_penalty: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    presence_penalty: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    max_output_tokens: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    max_tool_calls: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    truncation: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    reasoning: Annotated[
        Any, Meta(description="The request's reasoning settings, echoed; no IR form, not warned.")
    ] = None
    text: Annotated[
        Any, Meta(description="The request's text settings, echoed; no IR form, not warned.")
    ] = None
    store: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    background: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    service_tier: Annotated[Any, Meta(description="The service tier; no IR form, not warned.")] = (
        None
    )
    user: Annotated[Any, Meta(description="A request setting, echoed; no IR form, not warned.")] = (
        None
    )
    safety_identifier: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    previous_response_id: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    conversation: Annotated[
        Any, Meta(description="The conversation it belongs to; no IR form, not warned.")
    ] = None
    prompt: Annotated[
        Any, Meta(description="The request's prompt template, echoed; no IR form, not warned.")
    ] = None
    prompt_cache_key: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    prompt_cache_retention: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    prompt_cache_options: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    prompt_cache_diagnostics: Annotated[
        Any, Meta(description="Prompt-cache diagnostics; no IR form, not warned.")
    ] = None
    moderation: Annotated[Any, Meta(description="Moderation results; no IR form, not warned.")] = (
        None
    )
    content_filters: Annotated[
        Any, Meta(description="Azure OpenAI's content filter results; no IR form, not warned.")
    ] = None
    tool_usage: Annotated[
        ToolUsage | None,
        Meta(
            description=(
                "Usage reported by hosted tools (not tokens of the model): "
                "web_search.num_requests is the usage's serverToolRequests."
            )
        ),
    ] = None
    access_programs: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    image: Annotated[
        Any, Meta(description="A request setting, echoed; no IR form, not warned.")
    ] = None
    input_transformations: Annotated[
        Any, Meta(description="Input transformations applied; no IR form, not warned.")
    ] = None


class ResponseStart(WireStruct):
    """The response as a stream begins it (``response.created``): only its id is
    read. The rest (no output, no usage yet) is what the terminal's response repeats,
    read and warned there, so it is not warned here."""

    rest_kept: ClassVar[bool] = True
    id: Annotated[NonBlank, Meta(description="The response's id.")]


class FailedResponse(WireStruct):
    """A failed response (``status`` failed, or ``response.failed``'s): only its error
    is read (PROVIDER_TRANSPORT_ERROR with its code), nothing else of it."""

    rest_kept: ClassVar[bool] = True
    error: Annotated[ResponseError | None, Meta(description="The error (none: the fallbacks).")] = (
        None
    )


class ResponseCreated(WireStruct, tag_field="type", tag="response.created"):
    """The stream's first event: response_start."""

    response: Annotated[ResponseStart, Meta(description="The response so far.")]
    sequence_number: Annotated[
        Any,
        Meta(description="The event's number in the stream; not read (events are read in order)."),
    ] = None


class ResponseCompleted(WireStruct, tag_field="type", tag="response.completed"):
    """A terminal: the response finished. The API finishes every item before it completes: a call or a reasoning summary still open then is PROVIDER_INVALID_EVENT."""

    response: Annotated[Response, Meta(description="The finished response, output and usage.")]
    sequence_number: Annotated[
        Any,
        Meta(description="The event's number in the stream; not read (events are read in order)."),
    ] = None


class ResponseIncomplete(WireStruct, tag_field="type", tag="response.incomplete"):
    """A terminal: the response ended early (incomplete_details says why)."""

    response: Annotated[Response, Meta(description="The response as it ended.")]
    sequence_number: Annotated[
        Any,
        Meta(description="The event's number in the stream; not read (events are read in order)."),
    ] = None


class ResponseFailed(WireStruct, tag_field="type", tag="response.failed"):
    """The response failed: PROVIDER_TRANSPORT_ERROR."""

    response: Annotated[FailedResponse, Meta(description="The failed response.")]
    sequence_number: Annotated[
        Any,
        Meta(description="The event's number in the stream; not read (events are read in order)."),
    ] = None


class ErrorEvent(WireStruct, tag_field="type", tag="error"):
    """An error in the stream: PROVIDER_TRANSPORT_ERROR, from the event itself (the
    documented shape) or from its ``error`` object (some servers')."""

    code: Annotated[str | None, Meta(description="The provider's code (as ResponseError's).")] = (
        None
    )
    message: Annotated[str | None, Meta(description="What went wrong (as ResponseError's).")] = None
    param: Annotated[Any, Meta(description="The request parameter at fault; not read.")] = None
    error: Annotated[
        Any,
        Meta(
            description=(
                "An object: the error, a ResponseError, read instead of the event's own keys "
                "(the shape the official client raises as APIError); anything else: not read."
            )
        ),
    ] = None
    sequence_number: Annotated[
        Any,
        Meta(description="The event's number in the stream; not read (events are read in order)."),
    ] = None


class OutputItemAdded(WireStruct, tag_field="type", tag="response.output_item.added"):
    """An output item begins: a function call opens (its deltas find it by
    output_index), a reasoning item is known; any other item is read when done."""

    output_index: Annotated[Count, Meta(description="The item's place in the output (once each).")]
    item: Annotated[Item, Meta(description="The item as it begins.")]
    sequence_number: Annotated[
        Any,
        Meta(description="The event's number in the stream; not read (events are read in order)."),
    ] = None


class OutputItemDone(WireStruct, tag_field="type", tag="response.output_item.done"):
    """An output item is finished: a message's open text ends, a reasoning item's
    thinking ends signed, a function call is one tool call, a hosted tool's item a
    server-tool call."""

    output_index: Annotated[Count, Meta(description="The item's place in the output.")]
    item: Annotated[Item, Meta(description="The finished item.")]
    sequence_number: Annotated[
        Any,
        Meta(description="The event's number in the stream; not read (events are read in order)."),
    ] = None


class OutputTextDelta(WireStruct, tag_field="type", tag="response.output_text.delta"):
    """More text of a message part: a text_delta chunk."""

    delta: Annotated[str, Meta(description="The piece of text.")]
    item_id: Annotated[
        str | None, Meta(description="The message's id: the block's itemId (blank: none).")
    ] = None
    output_index: Annotated[Count | None, Meta(description="The message's place (none: 0).")] = None
    content_index: Annotated[Count | None, Meta(description="The part's place (none: 0).")] = None
    logprobs: Annotated[Any, Meta(description="Token log probabilities; not warned.")] = None
    obfuscation: Annotated[Any, Meta(description="Padding that hides the length; not read.")] = None
    sequence_number: Annotated[
        Any,
        Meta(description="The event's number in the stream; not read (events are read in order)."),
    ] = None


class RefusalDelta(WireStruct, tag_field="type", tag="response.refusal.delta"):
    """More of the model's refusal: a refusalDelta chunk of a refusal block."""

    delta: Annotated[str, Meta(description="The piece of refusal text.")]
    item_id: Annotated[
        str | None, Meta(description="The message's id: the block's itemId (blank: none).")
    ] = None
    output_index: Annotated[Count | None, Meta(description="The message's place (none: 0).")] = None
    content_index: Annotated[Any, Meta(description="The part's place; not read.")] = None
    obfuscation: Annotated[Any, Meta(description="Padding that hides the length; not read.")] = None
    sequence_number: Annotated[
        Any,
        Meta(description="The event's number in the stream; not read (events are read in order)."),
    ] = None


class _PartDone(WireStruct):
    """The end of a text or refusal part: its block ends (``text`` or ``refusal``
    repeats the deltas and is not read)."""

    item_id: Annotated[Any, Meta(description="The message's id; not read.")] = None
    output_index: Annotated[Any, Meta(description="The message's place; not read.")] = None
    content_index: Annotated[Any, Meta(description="The part's place; not read.")] = None
    sequence_number: Annotated[
        Any,
        Meta(description="The event's number in the stream; not read (events are read in order)."),
    ] = None


class OutputTextDone(_PartDone, tag_field="type", tag="response.output_text.done"):
    """A text part ends."""

    text: Annotated[Any, Meta(description="The part's text, the deltas joined; not read.")] = None
    logprobs: Annotated[Any, Meta(description="Token log probabilities; not warned.")] = None


class RefusalDone(_PartDone, tag_field="type", tag="response.refusal.done"):
    """A refusal part ends."""

    refusal: Annotated[Any, Meta(description="The refusal, the deltas joined; not read.")] = None


class OutputTextAnnotationAdded(
    WireStruct, tag_field="type", tag="response.output_text.annotation.added"
):
    """An annotation of a text part: a citation of its block (of a part with no text
    yet: PART_NOT_READ)."""

    annotation: Annotated[dict[str, Any], Meta(description="The annotation, kept as it is.")]
    output_index: Annotated[Count | None, Meta(description="The message's place (none: 0).")] = None
    content_index: Annotated[Count | None, Meta(description="The part's place (none: 0).")] = None
    annotation_index: Annotated[Any, Meta(description="The annotation's place; not read.")] = None
    item_id: Annotated[Any, Meta(description="The message's id; not read.")] = None
    sequence_number: Annotated[
        Any,
        Meta(description="The event's number in the stream; not read (events are read in order)."),
    ] = None


class FinishedPart(WireStruct):
    """A message part as ``response.content_part.done`` repeats it: only the
    annotations of an ``output_text`` part are read; the rest is read (and warned)
    from the finished message."""

    rest_kept: ClassVar[bool] = True
    type: Annotated[Any, Meta(description="output_text (its annotations read), refusal...")] = None
    annotations: Annotated[
        list[dict[str, Any]] | None,
        Meta(description="An output_text part's annotations (as OutputText's)."),
    ] = None


class ContentPartDone(WireStruct, tag_field="type", tag="response.content_part.done"):
    """A message part is finished: the annotations of an output_text part that no
    annotation event gave are citations of its block."""

    part: Annotated[FinishedPart | None, Meta(description="The finished part.")] = None
    output_index: Annotated[Count | None, Meta(description="The message's place (none: 0).")] = None
    content_index: Annotated[Count | None, Meta(description="The part's place (none: 0).")] = None
    item_id: Annotated[Any, Meta(description="The message's id; not read.")] = None
    sequence_number: Annotated[
        Any,
        Meta(description="The event's number in the stream; not read (events are read in order)."),
    ] = None


class ReasoningSummaryPartAdded(
    WireStruct, tag_field="type", tag="response.reasoning_summary_part.added"
):
    """A summary part of a reasoning item begins: a new thinking block (no chunk)."""

    output_index: Annotated[Count, Meta(description="The reasoning item's place.")]
    summary_index: Annotated[Count, Meta(description="The part's place in the summary.")]
    part: Annotated[Any, Meta(description="The part as it begins (no text yet); not read.")] = None
    item_id: Annotated[Any, Meta(description="The reasoning item's id; not read.")] = None
    sequence_number: Annotated[
        Any,
        Meta(description="The event's number in the stream; not read (events are read in order)."),
    ] = None


class ReasoningSummaryTextDelta(
    WireStruct, tag_field="type", tag="response.reasoning_summary_text.delta"
):
    """More text of a summary part: a thinking_delta chunk (a part other than the
    item's current one begins a new thinking block, as its part event would)."""

    delta: Annotated[str, Meta(description="The piece of summary text.")]
    output_index: Annotated[Count, Meta(description="The reasoning item's place.")]
    summary_index: Annotated[Count, Meta(description="The part's place in the summary.")]
    item_id: Annotated[Any, Meta(description="The reasoning item's id; not read.")] = None
    obfuscation: Annotated[Any, Meta(description="Padding that hides the length; not read.")] = None
    sequence_number: Annotated[
        Any,
        Meta(description="The event's number in the stream; not read (events are read in order)."),
    ] = None


class FunctionCallArgumentsDelta(
    WireStruct, tag_field="type", tag="response.function_call_arguments.delta"
):
    """More of a function call's arguments text (the call added at output_index)."""

    output_index: Annotated[Count, Meta(description="The call's place (a function call added).")]
    delta: Annotated[str, Meta(description="The piece of JSON text.")]
    item_id: Annotated[Any, Meta(description="The call's item id; not read.")] = None
    obfuscation: Annotated[Any, Meta(description="Padding that hides the length; not read.")] = None
    sequence_number: Annotated[
        Any,
        Meta(description="The event's number in the stream; not read (events are read in order)."),
    ] = None


class FunctionCallArgumentsDone(
    WireStruct, tag_field="type", tag="response.function_call_arguments.done"
):
    """A function call's whole arguments text (read when no delta came)."""

    output_index: Annotated[Count, Meta(description="The call's place (a function call added).")]
    arguments: Annotated[str, Meta(description="The arguments, JSON text.")]
    item_id: Annotated[Any, Meta(description="The call's item id; not read.")] = None
    name: Annotated[Any, Meta(description="The function's name; not read (the item's is).")] = None
    sequence_number: Annotated[
        Any,
        Meta(description="The event's number in the stream; not read (events are read in order)."),
    ] = None


Event = (
    ResponseCreated
    | OutputTextDelta
    | RefusalDelta
    | OutputTextDone
    | RefusalDone
    | OutputTextAnnotationAdded
    | ContentPartDone
    | ReasoningSummaryPartAdded
    | ReasoningSummaryTextDelta
    | OutputItemAdded
    | FunctionCallArgumentsDelta
    | FunctionCallArgumentsDone
    | OutputItemDone
    | ResponseCompleted
    | ResponseIncomplete
    | ResponseFailed
    | ErrorEvent
)
"""An event of a Responses stream that is read. A skipped one (``Skipped``,
``SKIPPED_FAMILIES``) is passed over by its type alone; any other type is passed over
with EVENT_NOT_READ.
The data's type names the event; the SSE event: line is not read, as the official client does not read it. A data: [DONE] line (which proxies append) ends the reading as it ends the official client's."""


class _Skipped(WireStruct):
    """An event the IR has no place for, or that repeats what other events say: passed
    over by its type, its data never read, refused or warned."""

    sequence_number: Annotated[
        Any,
        Meta(description="The event's number in the stream; not read (events are read in order)."),
    ] = None


class _PartSkipped(_Skipped):
    """A skipped event about a part of an output item."""

    item_id: Annotated[Any, Meta(description="The item's id.")] = None
    output_index: Annotated[Any, Meta(description="The item's place.")] = None


class Keepalive(_Skipped, tag_field="type", tag="keepalive"):
    """Sent to keep a long stream open, before response.created too."""


class ResponseQueued(_Skipped, tag_field="type", tag="response.queued"):
    """The response waits (status only)."""

    response: Annotated[Any, Meta(description="The response so far.")] = None


class ResponseInProgress(_Skipped, tag_field="type", tag="response.in_progress"):
    """The response runs (status only)."""

    response: Annotated[Any, Meta(description="The response so far.")] = None


class ContentPartAdded(_PartSkipped, tag_field="type", tag="response.content_part.added"):
    """A message part begins (its deltas make its block)."""

    content_index: Annotated[Any, Meta(description="The part's place.")] = None
    part: Annotated[Any, Meta(description="The part as it begins.")] = None


class ReasoningSummaryPartDone(
    _PartSkipped, tag_field="type", tag="response.reasoning_summary_part.done"
):
    """A summary part ends (it repeats the deltas)."""

    summary_index: Annotated[Any, Meta(description="The part's place.")] = None
    part: Annotated[Any, Meta(description="The finished part.")] = None
    status: Annotated[Any, Meta(description="The part's status.")] = None


class ReasoningSummaryTextDone(
    _PartSkipped, tag_field="type", tag="response.reasoning_summary_text.done"
):
    """A summary part's text (it repeats the deltas)."""

    summary_index: Annotated[Any, Meta(description="The part's place.")] = None
    text: Annotated[Any, Meta(description="The part's text.")] = None


class ReasoningTextDelta(_PartSkipped, tag_field="type", tag="response.reasoning_text.delta"):
    """Raw reasoning text (PART_NOT_READ from the finished item's content)."""

    content_index: Annotated[Any, Meta(description="The part's place.")] = None
    delta: Annotated[Any, Meta(description="The piece of raw reasoning.")] = None
    obfuscation: Annotated[Any, Meta(description="Padding that hides the length.")] = None


class ReasoningTextDone(_PartSkipped, tag_field="type", tag="response.reasoning_text.done"):
    """Raw reasoning text, whole (PART_NOT_READ from the finished item's content)."""

    content_index: Annotated[Any, Meta(description="The part's place.")] = None
    text: Annotated[Any, Meta(description="The raw reasoning.")] = None


Skipped = (
    Keepalive
    | ResponseQueued
    | ResponseInProgress
    | ContentPartAdded
    | ReasoningSummaryPartDone
    | ReasoningSummaryTextDone
    | ReasoningTextDelta
    | ReasoningTextDone
)
"""The events passed over by their type: status, part starts and ends that repeat the
deltas, raw reasoning text."""


class RequestStruct(WireStruct, kw_only=True, gc=False):
    """The base of a request's item and part declarations: the keys the API writes on
    any of them that say nothing the IR could hold."""

    status: Annotated[
        Any, Meta(description="The item's state (completed...); not read, not warned.")
    ] = None
    created_by: Annotated[Any, Meta(description="Who made the item; not read, not warned.")] = None
    logprobs: Annotated[Any, Meta(description="Token log probabilities; not read, not warned.")] = (
        None
    )
    caller: Annotated[
        Any, Meta(description="The execution context of a call; not read, not warned.")
    ] = None


class RequestPart(RequestStruct, kw_only=True):
    """The base of a request's part declarations."""

    empty_tag_read: ClassVar[bool] = True


class InputText(RequestPart, tag_field="type", tag="input_text", kw_only=True):
    """Text: a text block (in an assistant message too)."""

    text: Annotated[str, Meta(description="The text.")]


class RequestOutputText(RequestPart, tag_field="type", tag="output_text", kw_only=True):
    """A reply's text sent back: a text block."""

    text: Annotated[str, Meta(description="The text.")]
    annotations: Annotated[
        list[dict[str, Any]] | None,
        Meta(
            description=(
                "Where the text comes from (url_citation, file_citation...): each the "
                "block's citation {provider: 'openai-responses', wire: the annotation as it "
                "is}."
            )
        ),
    ] = None


class RequestRefusal(RequestPart, tag_field="type", tag="refusal", kw_only=True):
    """A reply's refusal sent back: a refusal block in an assistant message, text
    elsewhere."""

    refusal: Annotated[str, Meta(description="The refusal's text.")]


class InputImage(RequestPart, tag_field="type", tag="input_image", kw_only=True):
    """An image: exactly one of image_url and file_id (by file id: PART_NOT_READ, an IR
    image has no file source)."""

    image_url: Annotated[
        str | None,
        Meta(description="A data URL (a base64 source) or any other URL (a url source)."),
    ] = None
    file_id: Annotated[str | None, Meta(description="An uploaded file's id.")] = None
    detail: Annotated[
        Any,
        Meta(
            description=(
                "low or high: the block's detail; auto (the default) none; any other warned. "
                "The SDK requires the field and auto is the API's default, so an absent "
                "detail and auto mean the same (to_openai_responses sends auto for none)."
            )
        ),
    ] = None


class InputFile(RequestPart, tag_field="type", tag="input_file", kw_only=True):
    """A document: exactly one of file_data, file_id and file_url."""

    file_data: Annotated[
        str | None,
        Meta(
            description=(
                "A data URL, or plain base64 whose media type comes from filename (else "
                "application/octet-stream): a base64 source; not base64 is PART_NOT_READ."
            )
        ),
    ] = None
    file_id: Annotated[str | None, Meta(description="An uploaded file's id: a file source.")] = None
    file_url: Annotated[str | None, Meta(description="Where the file is: a url source.")] = None
    filename: Annotated[
        str | None,
        Meta(
            description=(
                "The document's filename. The API reads file_data's type from the name "
                "(to_openai_responses makes one up, document-<m>-<b><ext>, when the block "
                "has none)."
            )
        ),
    ] = None
    detail: Annotated[
        Any, Meta(description="auto (the default) is not warned; any other value is.")
    ] = None


class AudioData(RequestStruct, kw_only=True):
    """Inline audio."""

    data: Annotated[str, Meta(description="The bytes, base64.")]
    format: Annotated[
        str, Meta(description="mp3 (audio/mpeg) or wav (audio/wav); any other: not read.")
    ]


class InputAudio(RequestPart, tag_field="type", tag="input_audio", kw_only=True):
    """Audio: an audio block."""

    input_audio: Annotated[AudioData, Meta(description="The audio.")]


TextPart = InputText | RequestOutputText | RequestRefusal
"""A part of a system, developer or assistant message; any other type is warned."""


UserPart = TextPart | InputImage | InputFile | InputAudio
"""A part of a user message; any other type is warned."""


ResultPart = InputText | InputImage
"""A part of a function call's output; any other type is warned."""


class _InputMessage(RequestStruct, kw_only=True):
    type: Annotated[
        Literal["message"] | None,
        Meta(description="message; may be left out (an easy input message)."),
    ] = None
    id: Annotated[
        str | None,
        Meta(
            description=(
                "The item's id (msg_..., fc_...): the id of the message it starts, and an "
                "assistant block's itemId; blank reads as none."
            )
        ),
    ] = None


class UserInput(_InputMessage, kw_only=True):
    """A user message."""

    role: Annotated[Literal["user"], Meta(description="user.")]
    content: Annotated[
        str | list[UserPart],
        Meta(
            description=(
                "A string, or its parts as blocks. A request's input may also be one string, "
                "which the API takes for one user message."
            )
        ),
    ]


class SystemInput(_InputMessage, kw_only=True):
    """Instructions: a system message (the IR has one instruction role)."""

    role: Annotated[Literal["system", "developer"], Meta(description="system or developer.")]
    content: Annotated[
        str | list[TextPart], Meta(description="A string, or text parts concatenated.")
    ]


class AssistantInput(_InputMessage, kw_only=True):
    """An assistant message (an output message sent back): its blocks join the assistant
    turn. Its phase (commentary, final_answer) has no IR form: warned.
    The SDK asks to send its phase back."""

    role: Annotated[Literal["assistant"], Meta(description="assistant.")]
    content: Annotated[
        str | list[TextPart], Meta(description="A string (one text block), or its parts as blocks.")
    ]


class RequestFunctionCall(RequestStruct, tag_field="type", tag="function_call", kw_only=True):
    """A function tool call: a tool call of the assistant turn."""

    id: Annotated[
        str | None,
        Meta(
            description=(
                "The item's id (msg_..., fc_...): the id of the message it starts, and an "
                "assistant block's itemId; blank reads as none."
            )
        ),
    ] = None
    arguments: Annotated[
        str,
        Meta(
            description=(
                "The arguments, JSON text of one object; anything else is kept as it is for "
                "the IR to refuse (INVALID_TOOL_ARGUMENTS)."
            )
        ),
    ]
    call_id: Annotated[str, Meta(description="The call's id, which its output answers.")]
    name: Annotated[str, Meta(description="The function's name.")]
    namespace: Annotated[str | None, Meta(description="The tool's namespace.")] = None


class SummaryText(RequestStruct, tag_field="type", tag="summary_text", kw_only=True):
    """One part of a reasoning summary: one thinking block."""

    text: Annotated[str, Meta(description="The summary's text.")]


class RequestReasoning(RequestStruct, tag_field="type", tag="reasoning", kw_only=True):
    """Reasoning sent back: thinking blocks of the assistant turn, signed by its
    reference (id and encrypted_content)."""

    id: Annotated[
        NonBlank,
        Meta(
            description=(
                "The reasoning item's id (rs_...). The SDK requires it; the API checks the "
                "rs_ prefix and looks stored items up by it, so an id cannot be made up."
            )
        ),
    ]
    summary: Annotated[
        list[dict[str, Any]],
        Meta(
            description=(
                "The summary: each summary_text part one thinking block (one of empty "
                "thinking for none); another type is warned."
            )
        ),
    ]
    content: Annotated[
        list[Any] | None,
        Meta(description="Raw reasoning text: each part warned (only the summary is read)."),
    ] = None
    encrypted_content: Annotated[
        str | None, Meta(description="The encrypted reasoning, in the signature.")
    ] = None


class RequestFunctionCallOutput(
    RequestStruct, tag_field="type", tag="function_call_output", kw_only=True
):
    """A function call's result: a tool-result message."""

    call_id: Annotated[str, Meta(description="The id of the call it answers.")]
    output: Annotated[
        str | list[ResultPart], Meta(description="The result: a string, or text and image parts.")
    ]
    id: Annotated[str | None, Meta(description="The item's id: the message id.")] = None
    name: Annotated[
        str | None,
        Meta(
            description=(
                "The tool's name (else the call's with call_id); blank reads as none. "
                "to_openai_responses does not send it: the API knows it from the call."
            )
        ),
    ] = None


class HostedItem(WireStruct):
    """Any other item: with an id, a hosted tool's item (web_search_call, mcp_call...), a
    server-tool call whose wire is the item's other keys as they are; without one (or an
    item_reference, a custom tool's call or output) PART_NOT_READ."""

    rest_kept: ClassVar[bool] = True
    type: Annotated[str, Meta(description="The item's type: the server-tool call's name.")]
    id: Annotated[str | None, Meta(description="The item's id: the server-tool call's id.")] = None


class ClientCall(WireStruct):
    """A call of a tool the application runs that the API writes as an item of its own
    (computer_call, local_shell_call): a tool call named by the item's type, whose
    arguments are the item's other keys as they are (action or actions,
    pending_safety_checks...; null ones left out at any depth)."""

    rest_kept: ClassVar[bool] = True
    type: Annotated[
        str, Meta(description="computer_call or local_shell_call: the tool call's name.")
    ]
    id: Annotated[NonBlank, Meta(description="The item's id (cu_..., lsh_...): the call's itemId.")]
    call_id: Annotated[NonBlank, Meta(description="The call's id, which its output answers.")]
    status: Annotated[
        Any,
        Meta(
            description=(
                "The item's state (completed...); not read, not warned. to_openai_responses "
                "writes completed: the SDK requires the status, and a call read back is "
                "complete."
            )
        ),
    ] = None


class ComputerScreenshot(RequestStruct, kw_only=True):
    """What a computer call's output holds: one screenshot."""

    type: Annotated[Literal["computer_screenshot"], Meta(description="computer_screenshot.")]
    image_url: Annotated[
        str | None,
        Meta(description="A data URL (a base64 source) or any other URL: the result's image."),
    ] = None
    file_id: Annotated[
        str | None,
        Meta(description="An uploaded file's id: PART_NOT_READ (an IR image has no file source)."),
    ] = None


class RequestComputerCallOutput(
    RequestStruct, tag_field="type", tag="computer_call_output", kw_only=True
):
    """A computer call's result: a tool-result message (toolName computer_call) holding
    the screenshot as an image block."""

    call_id: Annotated[NonBlank, Meta(description="The id of the computer call it answers.")]
    output: Annotated[
        ComputerScreenshot, Meta(description="The screenshot taken after the action.")
    ]
    id: Annotated[str | None, Meta(description="The item's id: the message id.")] = None
    acknowledged_safety_checks: Annotated[
        list[dict[str, Any]] | None,
        Meta(
            description=(
                "The safety checks the developer acknowledged: no IR form, warned when not []."
            )
        ),
    ] = None


class RequestLocalShellCallOutput(
    RequestStruct, tag_field="type", tag="local_shell_call_output", kw_only=True
):
    """A local shell call's result: a tool-result message (toolName local_shell_call)
    holding the output text."""

    id: Annotated[
        NonBlank,
        Meta(description="The call_id of the local shell call it answers (the SDK names it id)."),
    ]
    output: Annotated[
        str, Meta(description="The command's output, as text (JSON, as the API asks).")
    ]
