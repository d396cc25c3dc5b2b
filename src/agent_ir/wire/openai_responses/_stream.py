"""OpenAI Responses API streaming, sync or async: ``ResponsesState`` turns each decoded
event into ``ReplyBuilder`` calls; the drivers are ``agent_ir.wire._stream``'s. The
events, their mapping and the failures: ``docsgen/mapping/openai-responses.md``
(*Streams*)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Final

import msgspec

from agent_ir._generated.conversion_warning_schema import ConversionWarningCode
from agent_ir._generated.model_stream_schema import ResponseStopReason
from agent_ir._paths import to_pointer
from agent_ir._text import cut, non_empty_id, quoted
from agent_ir.replies.builder import ReplyBuilder
from agent_ir.wire._common import parse_arguments, without_nulls
from agent_ir.wire._decode import Decoded, Decoder, Unread, WireError, describe_json, pointer
from agent_ir.wire._stream import (
    DONE,
    AsyncStream,
    Refusal,
    StreamState,
    SyncStream,
    Unreads,
    event_not_read,
)
from agent_ir.wire.openai_responses._client_calls import OUTPUT_OF_CALL, call_arguments
from agent_ir.wire.openai_responses._wire import (
    SKIPPED_FAMILIES,
    CacheWriteTokensDetails,
    ClientCall,
    ContentPartDone,
    ErrorEvent,
    Event,
    FunctionCall,
    FunctionCallArgumentsDelta,
    FunctionCallArgumentsDone,
    Item,
    Message,
    OutputItemAdded,
    OutputItemDone,
    OutputText,
    OutputTextAnnotationAdded,
    OutputTextDelta,
    OutputTextDone,
    Part,
    Reasoning,
    ReasoningSummaryPartAdded,
    ReasoningSummaryTextDelta,
    RefusalDelta,
    RefusalDone,
    RefusalPart,
    Response,
    ResponseCompleted,
    ResponseCreated,
    ResponseError,
    ResponseFailed,
    ResponseIncomplete,
    Skipped,
    ToolUsage,
)

__all__ = [
    "PROVIDER",
    "AsyncOpenAIResponsesStream",
    "OpenAIResponsesStream",
    "ResponsesState",
    "cut_off",
    "failure",
    "finish",
    "hosted_item",
    "no_ir_form",
    "phase_not_read",
    "raw_content_not_read",
    "read_call",
    "read_message",
    "read_reasoning",
    "reasoning_signature",
]

PROVIDER = "openai-responses"
Stop = ResponseStopReason

_FAILED_MESSAGE = "the response failed"


def _tags(union: Any) -> frozenset[str]:
    return frozenset(member.__struct_config__.tag for member in union.__args__)


_READ: Final = _tags(Event)
_SKIPPED: Final = _tags(Skipped)
_EVENTS: Final = Decoder(Event)
_ERROR: Final = Decoder(ResponseError)
_CLIENT_CALL: Final = Decoder(ClientCall)
# The events read straight from their text: the frequent ones, which need nothing of
# their data as it came (the others keep hosted items whole, or quote raw values).
_TEXT_EVENTS: Final = msgspec.json.Decoder(
    OutputTextDelta
    | RefusalDelta
    | OutputTextDone
    | RefusalDone
    | ReasoningSummaryPartAdded
    | ReasoningSummaryTextDelta
    | FunctionCallArgumentsDelta
    | FunctionCallArgumentsDone
    | Skipped
)


class OpenAIResponsesStream(SyncStream):
    """An OpenAI Responses API event stream read from a sync iterable (``for chunk in
    stream``, ``stream.result()``); see the provider page. ``TypeError`` for a blank
    ``request_id`` or a ``cancel`` that is not a ``threading.Event``."""

    _function = "OpenAIResponsesStream"
    _start = "response.created"
    _terminal = "the terminal event"

    def _state(self, builder: ReplyBuilder) -> StreamState:
        return ResponsesState(builder)


class AsyncOpenAIResponsesStream(AsyncStream):
    """An OpenAI Responses API event stream read from an async iterable (``async for``,
    ``await stream.result()``); see the provider page. ``TypeError`` for a blank
    ``request_id`` or a ``cancel`` that is not an ``asyncio.Event``."""

    _function = "AsyncOpenAIResponsesStream"
    _start = "response.created"
    _terminal = "the terminal event"

    def _state(self, builder: ReplyBuilder) -> StreamState:
        return ResponsesState(builder)


# --- what the stream and the non-streamed reply share --------------------------------


def failure(reply: ReplyBuilder, error: ResponseError | None, fallback: str) -> Refusal:
    """The transport error of a failed response's ``error``: its ``code``, else its
    ``type``, else ``fallback``; its ``message``, else "the response failed" (stream and
    reply alike)."""
    code = kind = message = None
    if error is not None:
        code, kind, message = error.code, error.type, error.message
    if code is None or not non_empty_id(code):
        code = kind if kind is not None and non_empty_id(kind) else fallback
    if message is None or not non_empty_id(message):
        message = _FAILED_MESSAGE
    return reply.fail(code, message)


# Output item types that are no hosted tool's: a custom tool's call (a client tool whose
# free-form input is no JSON object).
_NOT_HOSTED = frozenset({"custom_tool_call", "custom_tool_call_output", "item_reference"})


def no_ir_form(reply: ReplyBuilder, output_index: int, kind: str, why: str = "") -> None:
    """The PART_NOT_READ warning of an output item the IR has no place for: the same
    for a stream and a non-streamed reply."""
    at = to_pointer(("output", output_index))
    reply.warn(ConversionWarningCode.PART_NOT_READ, at, -1, f"{at} ({kind}{why}) has no IR form")


def hosted_item(reply: ReplyBuilder, output_index: int, item: Unread, event: str, at: str) -> bool:
    """A finished output item of another type than message, reasoning and function
    call (``at``: its JSON pointer in the ``event``); whether it is a tool call. A call
    of a tool the application runs (``computer_call``, ``local_shell_call``) is a tool
    call (``_client_calls``; ``incomplete``: cut off, dropped); any other is a hosted
    tool's, a server-tool call {id, name: its type, input: {}, wire: its other keys,
    null ones left out at any depth} (as ``from_openai_responses`` reads it); without an
    id, or a custom tool's call, PART_NOT_READ."""
    kind = item.type
    data = item.data
    item_id = data.get("id")
    if kind in OUTPUT_OF_CALL:
        return _client_call(reply, output_index, item, event, at)
    if kind in _NOT_HOSTED:
        no_ir_form(reply, output_index, kind)
    elif type(item_id) is not str or not non_empty_id(item_id):
        no_ir_form(reply, output_index, kind, " without an id")
    else:
        wire = without_nulls(
            {key: value for key, value in data.items() if key not in ("type", "id")}
        )
        reply.server_tool_call(PROVIDER, item_id, kind, {}, wire, what=f"{event} {kind}")
    return False


def _client_call(reply: ReplyBuilder, output_index: int, item: Unread, event: str, at: str) -> bool:
    """A ``computer_call`` or ``local_shell_call`` item: the tool call the application
    runs, as ``from_openai_responses`` reads it; one cut off (``incomplete``) is dropped
    with PART_NOT_READ, as a function call is."""
    try:
        call = _CLIENT_CALL(item.data, at).value
    except WireError as error:
        raise Refusal(f"{event} {error}") from None
    if call.status == "incomplete":
        at = to_pointer(("output", output_index))
        reply.warn(
            ConversionWarningCode.PART_NOT_READ, at, -1, f"{at} (a {call.type} cut off) is dropped"
        )
        return False
    arguments = call_arguments(item.data)
    reply.tool_call(call.call_id, call.type, arguments, what=call.type, item_id=call.id)
    return True


def cut_off(reply: ReplyBuilder, output_index: int) -> None:
    """The warning of a function call cut off inside its arguments (``incomplete``),
    which is dropped: the stop reason says the reply is incomplete."""
    at = to_pointer(("output", output_index))
    reply.warn(
        ConversionWarningCode.PART_NOT_READ,
        at,
        -1,
        f"{at} (a function call cut off inside its arguments) is dropped",
    )


def phase_not_read(reply: ReplyBuilder, phase: Any, output_index: int) -> None:
    """PART_NOT_READ for a message's ``phase``, which the IR has no place for."""
    if phase is not None:
        at = to_pointer(("output", output_index, "phase"))
        reply.warn(ConversionWarningCode.PART_NOT_READ, at, -1, f"{at} has no IR form")


def raw_content_not_read(reply: ReplyBuilder, content: list[Any] | None, output_index: int) -> None:
    """PART_NOT_READ for each raw reasoning content part of a reasoning item (only its
    summary is read, as ``from_openai_responses`` reads it)."""
    for position in range(len(content or ())):
        at = to_pointer(("output", output_index, "content", position))
        reply.warn(
            ConversionWarningCode.PART_NOT_READ,
            at,
            position,
            f"{at} (raw reasoning content) has no IR form",
        )


def read_message(reply: ReplyBuilder, item: Message, output_index: int) -> int:
    """A ``message`` item read whole, as ``reply_from_openai_responses`` reads it: each
    ``output_text`` part one text block (its ``annotations`` the block's citations),
    each ``refusal`` part one refusal block, with the message's ``id`` as ``itemId``;
    an empty part makes none (its annotations, other part types and the ``phase``:
    PART_NOT_READ). The number of its refusal blocks."""
    item_id = _item_id(item.id)
    refusals = 0
    for position, part in enumerate(item.content or ()):
        refusals += _message_part(reply, part, item_id, output_index, position)
    phase_not_read(reply, item.phase, output_index)
    return refusals


def _message_part(
    reply: ReplyBuilder,
    part: Part | Unread,
    item_id: str | None,
    index: int,
    position: int,
) -> int:
    """Read part ``position`` of message ``output[index]``: 1 when it is a refusal."""
    warned = to_pointer(("output", index, "content", position))
    match part:
        case OutputText(text=text, annotations=annotations):
            if text:
                reply.text(text, what="output_text part", item_id=item_id)
                for annotation in annotations or ():
                    reply.cite(PROVIDER, annotation, what="annotation")
                reply.end_text()
            elif annotations:
                reply.warn(
                    ConversionWarningCode.PART_NOT_READ,
                    f"{warned}/annotations",
                    position,
                    f"the annotations of an empty text part ({warned}) have no IR form: "
                    "no text block holds them",
                )
        case RefusalPart(refusal=text):
            if text:
                reply.refusal(text, what="refusal part", item_id=item_id)
                reply.end_text()
                return 1
        case Unread(type=kind):
            reply.warn(
                ConversionWarningCode.PART_NOT_READ,
                warned,
                position,
                f"{warned} ({quoted(kind)} part) has no IR form",
            )
    return 0


def read_reasoning(
    reply: ReplyBuilder, item: Reasoning, raw: dict[str, Any], event: str, at: str
) -> None:
    """A ``reasoning`` item (``raw`` as it came, at JSON pointer ``at`` of the
    ``event``) read whole, as ``reply_from_openai_responses`` reads it: one thinking
    block per ``summary`` part (its text; one empty block for an item without parts),
    each signed with ``reasoning_signature``. (Its raw ``content``:
    ``raw_content_not_read``.)"""
    for part in item.summary or ():
        reply.next_thinking_part(what="reasoning summary part")
        if part.text:
            reply.thinking(part.text, what="reasoning summary")
    item_id = _name(item.id, raw, "id", event, at)
    reply.end_thinking(
        reasoning_signature(item_id, item.encrypted_content),
        what="reasoning item",
        signature_provider=PROVIDER,
    )


def finish(
    reply: ReplyBuilder,
    stop: ResponseStopReason,
    response: Response,
    *,
    response_id: str | None = None,
) -> None:
    """The reply's end with the response's usage (absent or null: 0 and 0, a server
    that does not count), its hosted tools' request counts and its model."""
    usage = response.usage
    tools = _tool_requests(response.tool_usage)
    if usage is None:
        reply.finish(
            stop, 0, 0, response_id=response_id, server_tool_requests=tools, model=response.model
        )
        return
    inputs = usage.input_tokens_details
    outputs = usage.output_tokens_details
    reply.finish(
        stop,
        usage.input_tokens,
        usage.output_tokens,
        response_id=response_id,
        cache_read_tokens=None if inputs is None else inputs.cached_tokens,
        cache_write_tokens=None if inputs is None else inputs.cache_write_tokens,
        reasoning_tokens=None if outputs is None else outputs.reasoning_tokens,
        cache_writes_by_ttl=None if inputs is None else _by_ttl(inputs.cache_write_tokens_details),
        server_tool_requests=tools,
        model=response.model,
    )


def _tool_requests(usage: ToolUsage | None) -> list[tuple[str, int]] | None:
    """The hosted tools' request counts: ``tool_usage.web_search.num_requests`` (None
    when not given)."""
    searches = None if usage is None else usage.web_search
    if searches is None or searches.num_requests is None:
        return None
    return [("web_search", searches.num_requests)]


def _by_ttl(split: CacheWriteTokensDetails | None) -> list[tuple[str, int]] | None:
    """The cache writes by time to live, 30m then 12h (None when none is given)."""
    if split is None:
        return None
    named = (("30m", split.ttl_30m_tokens), ("12h", split.ttl_12h_tokens))
    return [(ttl, tokens) for ttl, tokens in named if tokens is not None] or None


def reasoning_signature(item_id: str, encrypted_content: str | None) -> str:
    """The thinking signature of a reasoning item: the reference ``from_openai_responses``
    writes (compact JSON, keys in this order) and ``to_openai_responses`` reads."""
    reference = {"type": "reasoning", "id": item_id}
    if encrypted_content is not None:
        reference["encrypted_content"] = encrypted_content
    return json.dumps(reference, ensure_ascii=False, separators=(",", ":"))


def read_call(
    reply: ReplyBuilder,
    item: FunctionCall,
    raw: dict[str, Any],
    event: str,
    at: str,
    call: _Call | None = None,
) -> None:
    """The tool call of a finished ``function_call`` item (``raw`` as it came, at JSON
    pointer ``at`` of the ``event``): its ``call_id`` and ``name`` as ``call`` (the
    streamed call, if any) was added, else as finished; its arguments the streamed
    text, else the finished item's."""
    if call is None:  # never added: the finished item alone
        call = _Call(None, None)
    call_id = _identity(call.call_id, item.call_id, raw, "call_id", event, at)
    name = _identity(call.name, item.name, raw, "name", event, at)
    text = "".join(call.deltas) if call.deltas else call.whole or item.arguments or ""
    arguments = parse_arguments(text) if text else {}
    if type(arguments) is not dict:
        raise Refusal(
            f"function call {quoted(call_id)} ({cut(name)}): the arguments are not a JSON object:"
            f" {text[:80]!r}"
        )
    reply.tool_call(
        call_id,
        name,
        arguments,
        what="function call",
        item_id=_item_id(item.id),
        namespace=item.namespace,
    )


def _item_id(found: str | None) -> str | None:
    """An item id as a block keeps it: None when absent, null or blank."""
    return found if found is not None and non_empty_id(found) else None


def _name(found: str | None, raw: dict[str, Any], key: str, event: str, at: str) -> str:
    """``found``, the ``key`` of an object (``raw`` as it came, at JSON pointer ``at``
    of the ``event``), which the reader needs: a non-empty string."""
    if found is not None and non_empty_id(found):
        return found
    said = describe_json(raw[key]) if key in raw else "missing"
    raise Refusal(f"{event} {pointer(at, key)} must be a non-empty string; it is {said}")


_ADDED = "response.output_item.added"


def _identity(
    added: str | None, found: str | None, raw: dict[str, Any], key: str, event: str, at: str
) -> str:
    """A call's ``call_id`` or ``name``: as the added item gave it (an empty string
    counts as absent), else as the finished item (``raw``) gives it; a refusal names the
    event whose value it refuses."""
    if added:
        if non_empty_id(added):
            return added
        said = describe_json(added)
        raise Refusal(f"{_ADDED} {pointer('/item', key)} must be a non-empty string; it is {said}")
    return _name(found, raw, key, event, at)


# Item types known by their call_id rather than their id (as the official client
# matches a finished item with the terminal's output).
_BY_CALL_ID = frozenset({"function_call", "custom_tool_call", "shell_call", "shell_call_output"})


def _identity_key(item: Item | Unread) -> tuple[str, str] | None:
    """An output item's identity: its type and its ``call_id`` (a call's) or ``id``;
    None when it has none."""
    match item:
        case FunctionCall(call_id=found):
            kind = "function_call"
        case Message(id=found):
            kind = "message"
        case Reasoning(id=found):
            kind = "reasoning"
        case Unread(type=kind, data=data):
            found = data.get("call_id" if kind in _BY_CALL_ID else "id")
        case _:
            return None
    return (kind, found) if type(found) is str and non_empty_id(found) else None


@dataclass
class _Call:
    """A function call being streamed."""

    call_id: str | None
    name: str | None
    deltas: list[str] = field(default_factory=list)
    whole: str | None = None  # the arguments of an event that carries all of them


@dataclass
class _Reasoning:
    """A reasoning item being streamed."""

    summary_index: int | None = None  # that of its current summary part
    open: bool = False  # a summary part began and no thinking_end yet


class ResponsesState:
    """Responses API events -> ``ReplyBuilder`` calls; see the provider page."""

    def __init__(self, reply: ReplyBuilder) -> None:
        self._reply = reply
        # The index of the event being read, set by the driver (``IndexedStreamState``).
        self.event_index = 0
        self._unreads = Unreads()
        self._calls: dict[int, _Call] = {}
        self._reasoning: dict[int, _Reasoning] = {}
        self._added: set[int] = set()
        # What was finished (output_item.done) and what streamed text, by output_index
        # and by item identity (an item of the terminal's output that either names is
        # not read again, whatever a server numbers).
        self._finished: set[int] = set()
        self._finished_ids: set[tuple[str, str]] = set()  # _identity_key of each
        self._refused: set[int] = set()  # output_index of each refusal delta
        self._streamed_ids: set[str] = set()  # item_id of each text or refusal delta
        # output_index -> where the item's blocks begin (block_count when it was first
        # seen), for the place of an item read late from the terminal.
        self._starts: dict[int, int] = {}
        self._tool_calls = 0
        self._refusals = 0
        # (output_index, content_index) of a text part -> whether it made a block, and
        # how many of its annotations were cited from annotation events.
        self._parts: dict[tuple[int, int], list[int]] = {}
        self._done = False  # [DONE] came

    def handle(self, name: str | None, data: Any) -> None:
        """Apply one event (``name``, the SSE ``event`` field, is not read)."""
        if data is DONE:
            self._done = True
            return
        if type(data) is not dict:
            raise Refusal("the event data is not a JSON object")
        kind = data.get("type")
        if type(kind) is not str:
            raise Refusal("the event has no string type")
        if self._done:
            raise Refusal(f"a {quoted(kind)} event after data: [DONE]")
        if kind not in _READ:
            if not (kind in _SKIPPED or kind.startswith(SKIPPED_FAMILIES)):
                event_not_read(self._reply, self.event_index, kind)
            return
        try:
            decoded = _EVENTS(data)
        except WireError as error:
            raise Refusal(f"{kind} {error}") from None
        if decoded.unread:
            self._unread(kind, decoded)
        self._event(decoded.value, data)

    def handle_text(self, name: str | None, text: str) -> bool:
        """The frequent events (deltas, part ends, skipped ones), read straight from
        their text when it is of its declared shape; any other is declined (``handle``
        reads it)."""
        if self._done:
            return False
        try:
            event = _TEXT_EVENTS.decode(text)
        except (msgspec.ValidationError, msgspec.DecodeError):
            return False
        self._event(event, None)
        return True

    def end(self) -> None:
        """Nothing is owed at the end: a missing terminal is the builder's to report."""

    def _unread(self, kind: str, decoded: Decoded[Any]) -> None:
        """Warn the undeclared keys of an event at their place in the reply."""
        places: dict[str, str] = {}
        match decoded.value:
            case OutputItemAdded(output_index=index) | OutputItemDone(output_index=index):
                places = {"/item": f"/output/{index}"}
            case ResponseCompleted() | ResponseIncomplete():
                places = {"/response": ""}
            case ResponseFailed() | ErrorEvent():
                return  # a failure: its warnings go nowhere
        self._unreads.warn(self._reply, decoded, places, kind)

    def _event(self, event: Any, data: Any) -> None:
        """``data``: the event as it came (None from ``handle_text``: only the events
        it takes, which do not read it)."""
        match event:
            case OutputTextDelta():  # the most frequent first
                self._text_delta(event)
            case FunctionCallArgumentsDelta(output_index=index, delta=delta):
                self._call_at(index, "response.function_call_arguments.delta").deltas.append(delta)
            case ReasoningSummaryTextDelta(delta=delta, output_index=index, summary_index=part):
                what = "response.reasoning_summary_text.delta"
                self._summary_part(index, part, what, False)
                self._reply.thinking(delta, what=what)
            case RefusalDelta():
                self._refusal_delta(event)
            case OutputTextDone() | RefusalDone():
                self._reply.end_text()
            case ReasoningSummaryPartAdded(output_index=index, summary_index=part):
                self._summary_part(index, part, "response.reasoning_summary_part.added", True)
            case FunctionCallArgumentsDone(output_index=index, arguments=whole):
                self._call_at(index, "response.function_call_arguments.done").whole = whole
            case _:
                self._item_event(event, data)

    def _item_event(self, event: Any, data: Any) -> None:
        """The events of whole items and of the response (none is read from its text,
        so ``data`` is the event as it came); a skipped event (from ``handle_text``)
        does nothing."""
        match event:
            case OutputTextAnnotationAdded():
                self._annotation_added(event)
            case ContentPartDone():
                self._content_part_done(event)
            case OutputItemAdded():
                self._output_item_added(event)
            case OutputItemDone():
                self._output_item_done(event, data["item"])
            case ResponseCreated(response=response):
                self._reply.start(response.id)
            case ResponseCompleted(response=response):
                self._response_completed(response, data["response"])
            case ResponseIncomplete(response=response):
                self._response_incomplete(response, data["response"])
            case ResponseFailed(response=response):
                raise failure(self._reply, response.error, "response.failed")
            case ErrorEvent():
                raise self._error(event)

    # --- the events ----------------------------------------------------------------

    def _text_delta(self, event: OutputTextDelta) -> None:
        delta = event.delta
        item_id = _item_id(event.item_id)
        self._reply.text(delta, what="response.output_text.delta", item_id=item_id)
        if delta:
            part = self._part(event.output_index, event.content_index)
            if not part[0]:  # the part's first text
                part[0] = 1
                self._starts.setdefault(event.output_index or 0, self._reply.block_count - 1)
                if item_id is not None:
                    self._streamed_ids.add(item_id)

    def _refusal_delta(self, event: RefusalDelta) -> None:
        item_id = _item_id(event.item_id)
        self._reply.refusal(event.delta, what="response.refusal.delta", item_id=item_id)
        self._refusals += 1
        output_index = event.output_index or 0
        self._refused.add(output_index)
        self._starts.setdefault(output_index, self._reply.block_count - 1)
        if item_id is not None:
            self._streamed_ids.add(item_id)

    def _annotation_added(self, event: OutputTextAnnotationAdded) -> None:
        what = "response.output_text.annotation.added"
        part = self._part(event.output_index, event.content_index)
        if not part[0]:
            _annotation_not_read(self._reply, event.output_index, event.content_index, what)
            return
        self._reply.cite(PROVIDER, event.annotation, what=what)
        part[1] += 1

    def _content_part_done(self, event: ContentPartDone) -> None:
        """The annotations of a finished text part that no annotation event gave."""
        what = "response.content_part.done"
        part = event.part
        if part is None or part.type != "output_text":
            return
        annotations = part.annotations or []
        state = self._part(event.output_index, event.content_index)
        for position in range(state[1], len(annotations)):
            if not state[0]:
                _annotation_not_read(self._reply, event.output_index, event.content_index, what)
                return
            self._reply.cite(PROVIDER, annotations[position], what=what)
        state[1] = max(state[1], len(annotations))

    def _part(self, output_index: int | None, content_index: int | None) -> list[int]:
        return self._parts.setdefault((output_index or 0, content_index or 0), [0, 0])

    def _summary_part(self, output_index: int, part: int, what: str, added: bool) -> None:
        """Summary part ``part`` of the reasoning item at ``output_index`` is current: a
        new thinking block when the item had another part (or, for a part's ``added``
        event, none yet)."""
        reasoning = self._reasoning.setdefault(output_index, _Reasoning())
        if part != reasoning.summary_index and (added or reasoning.summary_index is not None):
            self._reply.next_thinking_part(what=what)
        reasoning.summary_index = part
        reasoning.open = True

    def _output_item_added(self, event: OutputItemAdded) -> None:
        output_index = event.output_index
        if output_index in self._added:
            raise Refusal(f"output_index {output_index} was added before")
        self._added.add(output_index)
        self._starts.setdefault(output_index, self._reply.block_count)
        item = event.item
        if type(item) is FunctionCall:
            call = _Call(item.call_id, item.name)
            call.whole = item.arguments
            self._calls[output_index] = call
        elif type(item) is Reasoning:
            self._reasoning.setdefault(output_index, _Reasoning())

    def _output_item_done(self, event: OutputItemDone, raw: dict[str, Any]) -> None:
        what = "response.output_item.done"
        output_index = event.output_index
        item = event.item
        self._finished.add(output_index)
        self._starts.setdefault(output_index, self._reply.block_count)
        identity = _identity_key(item)
        if identity is not None:
            self._finished_ids.add(identity)
        match item:
            case FunctionCall():
                call = self._calls.pop(output_index, None)
                if item.status == "incomplete":
                    cut_off(self._reply, output_index)
                else:
                    read_call(self._reply, item, raw, what, "/item", call)
                    self._tool_calls += 1
            case Reasoning():
                self._reasoning.pop(output_index, None)
                item_id = _name(item.id, raw, "id", what, "/item")
                signature = reasoning_signature(item_id, item.encrypted_content)
                self._reply.end_thinking(signature, what=what, signature_provider=PROVIDER)
                raw_content_not_read(self._reply, item.content, output_index)
            case Message():
                self._reply.end_text()
                phase_not_read(self._reply, item.phase, output_index)
            case Unread():
                self._tool_calls += hosted_item(self._reply, output_index, item, what, "/item")

    def _response_completed(self, response: Response, raw: dict[str, Any]) -> None:
        if self._calls:
            output_index, call = next(iter(self._calls.items()))
            raise Refusal(
                f"response.completed while the function call at output_index {output_index}"
                f" ({call.call_id}, {call.name}) is unfinished"
            )
        if any(reasoning.open for reasoning in self._reasoning.values()):
            raise Refusal("response.completed while a reasoning item is unfinished")
        self._unfinished_items(response, raw, "response.completed", set())
        if self._tool_calls:
            stop_reason = Stop.TOOL_CALL
        else:
            stop_reason = Stop.REFUSAL if self._refusals else Stop.STOP
        finish(self._reply, stop_reason, response, response_id=response.id)

    def _response_incomplete(self, response: Response, raw: dict[str, Any]) -> None:
        what = "response.incomplete"
        details = response.incomplete_details
        reason = None if details is None else details.reason
        stop_reason = Stop.LENGTH if reason == "max_output_tokens" else Stop.ERROR
        # Calls cut off inside their arguments are never emitted: dropped.
        cut = set(self._calls)
        for output_index in self._calls:
            cut_off(self._reply, output_index)
        self._calls.clear()
        for output_index, reasoning in self._reasoning.items():
            if reasoning.open:
                self._reply.end_thinking(what=what)
                cut.add(output_index)
        self._unfinished_items(response, raw, what, cut)
        finish(self._reply, stop_reason, response, response_id=response.id)

    def _error(self, event: ErrorEvent) -> Refusal:
        """The transport error of an ``error`` event: its ``error`` object when it has
        one, else its own code and message."""
        if type(event.error) is dict:
            try:
                nested = _ERROR(event.error, "/error").value
            except WireError as error:
                raise Refusal(f"error {error}") from None
            return failure(self._reply, nested, "error")
        own = ResponseError(code=event.code, message=event.message)
        return failure(self._reply, own, "error")

    # --- helpers -------------------------------------------------------------------

    def _call_at(self, output_index: int, what: str) -> _Call:
        call = self._calls.get(output_index)
        if call is None:
            raise Refusal(f"{what} for output_index {output_index}, which holds no function call")
        return call

    def _unfinished_items(
        self, response: Response, raw: dict[str, Any], event: str, cut: set[int]
    ) -> None:
        """Read the items of ``response.output`` whose ``output_item.done`` never came
        (but those at ``cut``: calls and reasoning items the terminal cut off), in order,
        each at its place among the blocks: an item whose deltas the stream read is
        finished as its ``output_item.done`` would finish it, any other read whole as
        ``reply_from_openai_responses`` reads it."""
        reply = self._reply
        reply.end_text()  # what streamed before the terminal stays one block of its own
        for output_index, item in enumerate(response.output or ()):
            if output_index in self._finished or output_index in cut:
                continue
            if _identity_key(item) in self._finished_ids:  # finished at another index
                continue
            at = f"/response/output/{output_index}"
            before = reply.block_count
            match item:
                case Message():
                    if self._streamed(output_index, item):
                        phase_not_read(reply, item.phase, output_index)
                    else:
                        self._refusals += read_message(reply, item, output_index)
                case Reasoning():  # not open: none of its summary was streamed
                    read_reasoning(reply, item, raw["output"][output_index], event, at)
                    raw_content_not_read(reply, item.content, output_index)
                case FunctionCall():  # not open: never added
                    if item.status == "incomplete":
                        cut_off(reply, output_index)
                    else:
                        read_call(reply, item, raw["output"][output_index], event, at)
                        self._tool_calls += 1
                case Unread():
                    self._tool_calls += hosted_item(reply, output_index, item, event, at)
            self._place(output_index, before)

    def _place(self, output_index: int, before: int) -> None:
        """The blocks an item read at the terminal added (from ``before`` on) go before
        the blocks of the items after it in the output."""
        count = self._reply.block_count - before
        if not count:
            return
        starts = self._starts
        position = min((s for index, s in starts.items() if index > output_index), default=before)
        if position < before:
            self._reply.move_blocks(before, position)
            for index, start in starts.items():
                if start >= position:
                    starts[index] = start + count
        starts[output_index] = position

    def _streamed(self, output_index: int, item: Message) -> bool:
        """Whether a text or refusal delta of the message ``item`` (at ``output_index``)
        came: one with its index, or with its id."""
        if output_index in self._refused or item.id in self._streamed_ids:
            return True
        return any(key[0] == output_index and part[0] for key, part in self._parts.items())


def _annotation_not_read(
    reply: ReplyBuilder, output_index: int | None, content_index: int | None, event: str
) -> None:
    reply.warn(
        ConversionWarningCode.PART_NOT_READ,
        f"/output/{output_index}/content/{content_index}/annotations",
        content_index if content_index is not None else -1,
        f"an annotation of an empty text part ({event}) has no IR form: no text block holds it",
    )
