"""OpenAI Responses API streaming: ``OpenAIResponsesStream(source, *, request_id,
cancel=None)`` reads a ``client.responses.create(..., stream=True)`` body from a sync
iterable (its raw server-sent-event bytes in any chunking, or its events already
decoded into JSON objects), ``AsyncOpenAIResponsesStream`` from an async one. The
drivers (``agent_ir.wire._stream``) own decoding, closing and cancellation, the
``ReplyBuilder`` the terminal discipline; ``ResponsesState`` here turns each event into
builder calls (named below as the fixture records they match).

Each event is read from its data: the data's ``type`` names the event. The SSE
``event:`` line repeats it and is not read: the official client ignores it too, so a
server whose ``event:`` line disagrees with its data (or leaves it out) is read exactly
as the client reads it. A ``data: [DONE]`` line (the Chat Completions terminator, which
proxies also append to Responses streams) carries nothing and is ignored after the
terminal. Before it, ``[DONE]`` ends the stream as it ends the official client's
reading: an event after it is PROVIDER_INVALID_EVENT, nothing after it
PROVIDER_MISSING_TERMINAL.

Events -> builder calls:

- ``response.created`` -> ``response_start`` {responseId: ``response.id``}.
- ``response.output_text.delta`` -> ``text_delta`` {text: ``delta``}, the block's
  ``itemId`` the event's ``item_id``; ``response.refusal.delta`` -> a ``refusalDelta``
  chunk of a refusal block (``itemId`` alike), and a reply with a refusal and no
  function call ends with stop reason "refusal"; ``response.output_text.done``,
  ``response.refusal.done`` and the ``response.output_item.done`` of a ``message`` ->
  ``text_end`` (their ``text`` repeats the deltas and is not read): each content part is
  one text or refusal block, as ``from_openai_responses`` reads the parts of the
  finished message. ``response.output_text.annotation.added`` -> a citation
  {provider: "openai-responses", wire: ``annotation``} of the text block; the
  ``annotations`` of a ``response.content_part.done`` part that no such event gave
  (a server that sends them only there) -> citations alike; an annotation of a part
  with no text (no block) -> PART_NOT_READ. A message's ``phase`` -> PART_NOT_READ
  (``/output/<i>/phase``).
- ``response.reasoning_summary_part.added`` -> a new thinking block of the reasoning
  item at its ``output_index`` (``ReplyBuilder.next_thinking_part``; no chunk);
  ``response.reasoning_summary_text.delta`` -> ``thinking_delta`` {text: ``delta``}, and
  a delta of another ``summary_index`` than the item's current part (a server that
  sends no part events) starts a new block alike. So each summary part is one thinking
  block, as ``from_openai_responses`` reads the finished item, and a part with no
  deltas an empty one.
- ``response.output_item.done`` of a ``reasoning`` item -> ``thinking_end`` {signature:
  the OpenAI reasoning reference ``{"type":"reasoning","id":"rs_...",
  "encrypted_content":"..."}`` (compact JSON, no ``encrypted_content`` when the item has
  none: request ``include=["reasoning.encrypted_content"]`` to get it)}, the signature
  ``from_openai_responses`` gives the same item and ``to_openai_responses`` sends back
  as the reasoning item, on every block of the item. A reasoning item without summary
  parts is one empty thinking block that keeps the reference. A block's thinking text
  is what its part's deltas carried.
- ``response.output_item.added`` of a ``function_call`` item opens a call at its
  ``output_index`` (``call_id``, ``name``, ``arguments`` if it has them);
  ``response.function_call_arguments.delta`` appends ``delta`` to it;
  ``response.function_call_arguments.done`` keeps its ``arguments``; the item's
  ``response.output_item.done`` -> one ``tool_call`` {id: ``call_id``, name, arguments}.
  The arguments text is the deltas joined; without any delta, the ``arguments`` of the
  ``.done`` event, else of the finished item, else of the added item, else "". It is
  parsed once (``parse_arguments``): "" -> {}, anything but a JSON object (duplicate keys,
  NaN or an infinite number included) -> PROVIDER_INVALID_EVENT naming the call id and
  name. ``call_id`` and ``name`` come from the added item, or from the finished item when
  the added one had none. A finished call that was never added is read from its finished
  item alone. The block's ``itemId`` is the finished item's ``id``, its ``namespace``
  the item's ``namespace``; events find their item by ``output_index``. A finished
  item whose ``status`` is ``incomplete`` (a call cut off by ``max_output_tokens``,
  which the API finishes before ``response.incomplete``) is dropped with a
  PART_NOT_READ warning (``/output/<i>``).
- ``response.completed`` -> ``response_end`` {responseId: ``response.id``, stopReason:
  "tool_call" when a tool call was emitted, else "refusal" when a refusal block was,
  else "stop"; usage: ``response.usage`` ``input_tokens`` / ``output_tokens``, details
  below}. A call, or a reasoning item whose summary part began, still unfinished then is PROVIDER_INVALID_EVENT (the API finishes every item
  before it completes). Every other item of ``response.output`` whose
  ``response.output_item.done`` never came is read from there (below).
- ``response.incomplete`` -> ``response_end`` with stopReason "length" when
  ``response.incomplete_details.reason`` is ``max_output_tokens``, else "error"
  (``content_filter``, a reason this module does not know, or none). Calls still
  unfinished then (cut off inside their arguments) are dropped, each with a
  PART_NOT_READ warning: the finished ones stay, and the stop reason says the reply is
  incomplete. A reasoning item still open then
  ends with a ``thinking_end`` without signature (a cut-off item cannot be sent back).
  Every other item of ``response.output`` whose ``response.output_item.done`` never
  came is read from there, as for ``response.completed``.
- An item that the terminal's ``response.output`` holds but whose
  ``response.output_item.done`` never came (a server that left it out: a hosted
  ``mcp_list_tools`` item, say, added and never finished) is not lost: it is read from
  its final form there, at the terminal, after the blocks read before it (so its block
  may come later among the blocks than its place in ``output``). A message whose text
  or refusal deltas came is finished as its ``output_item.done`` would finish it (the
  deltas are its text; ``phase`` -> PART_NOT_READ); any other item is read whole, as
  ``reply_from_openai_responses`` reads it (``read_message``: a message's parts;
  ``read_reasoning``: a reasoning item's summary parts, signed; a function call never
  added; a hosted tool's item -> a server-tool call, or PART_NOT_READ), with the same
  blocks and warnings. An item is known as finished (or as streamed) by its place
  (``output_index``) or by its identity (its type and id; a call's ``call_id``, as
  the official client matches items), so a server that numbers its items otherwise
  does not get one read twice. An item that is not a JSON object is
  PROVIDER_INVALID_EVENT.
- ``response.failed`` -> ``transport_error`` {code: ``response.error.code``, message:
  ``response.error.message``}: PROVIDER_TRANSPORT_ERROR with the provider's code.
- ``error`` -> ``transport_error`` {code, message} from the event itself (the documented
  shape) or from its ``error`` object when that is a JSON object (the shape some
  servers send, which the official client raises as ``APIError``). An ``error`` and
  the ``response.failed`` that follows it are ONE failure, the first: the stream stops
  at the first ``transport_error``, and this translator emits none after it either.
  A provider code that is absent, null or blank falls back to the error object's
  ``type``, else to the event type ("error" / "response.failed"); a missing or blank
  message to "the response failed" (``transport_error`` needs both non-empty).
- Usage: a ``response.usage`` that is absent or null (servers that do not count) is 0
  input and 0 output tokens; present, both counts must be integers >= 0, and
  ``input_tokens_details.cached_tokens`` -> cacheReadTokens,
  ``input_tokens_details.cache_write_tokens`` (some servers) -> cacheWriteTokens,
  ``output_tokens_details.reasoning_tokens`` -> reasoningTokens, when present.
- The ``response.output_item.done`` of any other item type (a hosted tool's:
  ``web_search_call``, ``file_search_call``, ``code_interpreter_call``,
  ``image_generation_call``, ``mcp_call``, ``mcp_list_tools``, ``mcp_approval_request``,
  ``computer_call``, ``local_shell_call``, ``tool_search_call``, ``compaction``...) with
  a non-blank ``id`` -> a server-tool call {provider: "openai-responses", id, name: the
  item type, input: {}, wire: its other keys} (no chunk), as ``from_openai_responses``
  reads the item; without an id, or a ``custom_tool_call`` (a client tool whose
  free-form input is no JSON object) -> PART_NOT_READ (``/output/<i>``). A reasoning
  item's raw ``content`` parts -> PART_NOT_READ each (``/output/<i>/content/<j>``).

Skipped, no record (the IR has no place for them, or they repeat what was streamed):
``keepalive`` (``{"type": "keepalive", "sequence_number": N}``, which the API sends
to keep a long stream open, before ``response.created`` too), ``response.queued``,
``response.in_progress`` (status), ``response.content_part.added``,
``response.reasoning_summary_part.done``,
``response.reasoning_summary_text.done`` (repeat the deltas),
``response.reasoning_text.delta`` / ``.done`` (raw reasoning content, warned from the
finished item), ``response.output_item.added`` of a ``message`` and of any item type
other than ``reasoning`` and ``function_call`` (read when done, above), and every
event of the hosted-tool and audio families (the finished item holds what they say): ``response.web_search_call.*``,
``response.file_search_call.*``, ``response.code_interpreter_call.*``,
``response.code_interpreter_call_code.*``, ``response.image_generation_call.*``,
``response.mcp_call.*``, ``response.mcp_call_arguments.*``, ``response.mcp_list_tools.*``,
``response.shell_call_command.*``, ``response.shell_call_output_content.*``,
``response.custom_tool_call_input.*``, ``response.compaction.*``, ``response.audio.*``
(``response.audio.transcript.*`` included).

Any other event type (one the API added after this module, or a server's own) is
passed over, as the official client passes it over, with one EVENT_NOT_READ warning
per event: path "" (the reply as a whole), block index -1, ``event 5
(response.output_text.sentiment) of the stream has an unknown type; it was passed
over`` (the event's 0-based index in the stream, the ``record_index`` a failure of it
would carry, and its type: its first 200 characters, escaped as ``repr`` writes it
when it holds a lone surrogate, which UTF-8 cannot carry). Its data is not read
beyond its ``type``. Before
``response.created`` too, as the client's event stream passes it (its
``responses.stream`` helper raises on any event before ``response.created``, a known
one included): such an event gives the reply nothing, and every event that does still
needs the start.

The stream settles at ``response.completed`` or ``response.incomplete`` and closes the
source there (``agent_ir.wire._stream``): nothing after it is read, a proxy's ``[DONE]``
included.

Failures: event data that is not a JSON object, a ``type`` that is not a string, and a
field this module reads that is missing or of the wrong type (``response.id``,
``delta``, ``output_index``, ``summary_index``, ``item``, ``item.type``, a reasoning
item's ``id`` and ``encrypted_content``, a call's ``call_id`` / ``name`` /
``arguments``, the usage counts, the error ``code`` / ``message`` / ``type``, the
terminal's ``response.output`` and the fields of an item read from it) are
PROVIDER_INVALID_EVENT naming the event type and the field (the wording of
``agent_ir.wire._stream``'s field readers: ``response.output_text.delta /delta must be a
string; it is null``); so are an ``output_index`` added twice and argument events for an
index that holds no function call.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agent_ir._generated.conversion_warning_schema import ConversionWarningCode
from agent_ir._generated.model_stream_schema import ResponseStopReason
from agent_ir._text import cut, non_empty_id, quoted
from agent_ir.replies.builder import ReplyBuilder
from agent_ir.wire._common import parse_arguments, without_nulls
from agent_ir.wire._stream import (
    DONE,
    AsyncStream,
    Refusal,
    StreamState,
    SyncStream,
    event_not_read,
    field_count,
    field_error,
    field_name,
    field_object,
    field_string,
    optional_array,
    optional_count,
    optional_object,
    optional_string,
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
    "read_message",
    "read_reasoning",
    "reasoning_signature",
]

Stop = ResponseStopReason

_SKIPPED = frozenset(
    {
        "keepalive",
        "response.queued",
        "response.in_progress",
        "response.content_part.added",
        "response.reasoning_summary_part.done",
        "response.reasoning_summary_text.done",
        "response.reasoning_text.delta",
        "response.reasoning_text.done",
    }
)
_SKIPPED_FAMILIES = tuple(
    f"response.{family}."
    for family in (
        "web_search_call",
        "file_search_call",
        "code_interpreter_call",
        "code_interpreter_call_code",
        "image_generation_call",
        "mcp_call",
        "mcp_call_arguments",
        "mcp_list_tools",
        "shell_call_command",
        "shell_call_output_content",
        "custom_tool_call_input",
        "compaction",
        "audio",
    )
)
_FAILED_MESSAGE = "the response failed"


class OpenAIResponsesStream(SyncStream):
    """An OpenAI Responses API event stream read from a sync iterable (``for chunk in
    stream``, ``stream.result()``); see the module docstring. ``TypeError`` for a blank
    ``request_id`` or a ``cancel`` that is not a ``threading.Event``."""

    _function = "OpenAIResponsesStream"
    _start = "response.created"
    _terminal = "the terminal event"

    def _state(self, builder: ReplyBuilder) -> StreamState:
        return ResponsesState(builder)


class AsyncOpenAIResponsesStream(AsyncStream):
    """An OpenAI Responses API event stream read from an async iterable (``async for``,
    ``await stream.result()``); see the module docstring. ``TypeError`` for a blank
    ``request_id`` or a ``cancel`` that is not an ``asyncio.Event``."""

    _function = "AsyncOpenAIResponsesStream"
    _start = "response.created"
    _terminal = "the terminal event"

    def _state(self, builder: ReplyBuilder) -> StreamState:
        return ResponsesState(builder)


def failure(
    reply: ReplyBuilder, error: dict[str, Any], *, event: str, at: str, fallback: str
) -> Refusal:
    """The transport error of a failed response's ``error`` object (at JSON pointer
    ``at``; ``event`` names it in refusals): its ``code``, else its ``type``, else
    ``fallback``; its ``message``, else "the response failed" (stream and reply alike)."""
    code = optional_string(error, "code", event, at)
    kind = optional_string(error, "type", event, at)
    message = optional_string(error, "message", event, at)
    if code is None or not non_empty_id(code):
        code = kind if kind is not None and non_empty_id(kind) else fallback
    if message is None or not non_empty_id(message):
        message = _FAILED_MESSAGE
    return reply.fail(code, message)


PROVIDER = "openai-responses"
# Output item types that are no hosted tool's: a custom tool's call (a client tool whose
# free-form input is no JSON object).
_NOT_HOSTED = frozenset({"custom_tool_call", "custom_tool_call_output", "item_reference"})


def no_ir_form(reply: ReplyBuilder, output_index: int, kind: str, why: str = "") -> None:
    """The PART_NOT_READ warning of an output item the IR has no place for: the same
    for a stream and a non-streamed reply."""
    reply.warn(
        ConversionWarningCode.PART_NOT_READ,
        f"/output/{output_index}",
        -1,
        f"output[{output_index}] ({kind}{why}) has no IR form",
    )


def hosted_item(
    reply: ReplyBuilder, output_index: int, item: dict[str, Any], kind: str, event: str
) -> None:
    """A finished output item of another type than message, reasoning and function
    call: a hosted tool's, a server-tool call {id, name: its type, input: {}, wire: its
    other keys, null ones left out at any depth} (as ``from_openai_responses`` reads
    it); without an id, or a custom tool's call, PART_NOT_READ."""
    item_id = item.get("id")
    if kind in _NOT_HOSTED:
        no_ir_form(reply, output_index, kind)
    elif type(item_id) is not str or not non_empty_id(item_id):
        no_ir_form(reply, output_index, kind, " without an id")
    else:
        wire = without_nulls(
            {key: value for key, value in item.items() if key not in ("type", "id")}
        )
        reply.server_tool_call(PROVIDER, item_id, kind, {}, wire, what=f"{event} {kind}")


def cut_off(reply: ReplyBuilder, output_index: int) -> None:
    """The warning of a function call cut off inside its arguments (``incomplete``),
    which is dropped: the stop reason says the reply is incomplete."""
    reply.warn(
        ConversionWarningCode.PART_NOT_READ,
        f"/output/{output_index}",
        -1,
        f"output[{output_index}] (a function call cut off inside its arguments) is dropped",
    )


def phase_not_read(reply: ReplyBuilder, item: dict[str, Any], output_index: int) -> None:
    """PART_NOT_READ for a message's ``phase``, which the IR has no place for."""
    if item.get("phase") is not None:
        reply.warn(
            ConversionWarningCode.PART_NOT_READ,
            f"/output/{output_index}/phase",
            -1,
            f"output[{output_index}].phase has no IR form",
        )


def raw_content_not_read(
    reply: ReplyBuilder, item: dict[str, Any], output_index: int, event: str, at: str = "/item"
) -> None:
    """PART_NOT_READ for each raw reasoning content part of a reasoning item (at JSON
    pointer ``at`` of the ``event``; only its summary is read, as
    ``from_openai_responses`` reads it)."""
    warned = f"/output/{output_index}"
    content = optional_array(item, "content", event, at) or []
    for position in range(len(content)):
        reply.warn(
            ConversionWarningCode.PART_NOT_READ,
            f"{warned}/content/{position}",
            position,
            f"output[{output_index}].content[{position}] (raw reasoning content) has no IR form",
        )


_TEXT_PARTS = {"output_text": "text", "refusal": "refusal"}


def read_message(
    reply: ReplyBuilder, item: dict[str, Any], output_index: int, event: str, at: str
) -> int:
    """A ``message`` item (at JSON pointer ``at`` of the ``event``) read whole, as
    ``reply_from_openai_responses`` reads it: each ``output_text`` part one text block
    (its ``annotations`` the block's citations), each ``refusal`` part one refusal
    block, with the message's ``id`` as ``itemId``; an empty part makes none (its
    annotations, other part types and the ``phase``: PART_NOT_READ). The number of
    its refusal blocks."""
    content = optional_array(item, "content", event, at) or []
    item_id = optional_string(item, "id", event, at)
    if item_id is not None and not non_empty_id(item_id):
        item_id = None
    refusals = 0
    for position, part in enumerate(content):
        if type(part) is not dict:
            raise field_error(content, position, event, f"{at}/content", "an object")
        refusals += _message_part(reply, part, item_id, output_index, position, event, at)
    phase_not_read(reply, item, output_index)
    return refusals


def _message_part(
    reply: ReplyBuilder,
    part: dict[str, Any],
    item_id: str | None,
    index: int,
    position: int,
    event: str,
    at: str,
) -> int:
    """Read part ``position`` of message ``output[index]``: 1 when it is a refusal."""
    where = f"{at}/content/{position}"
    warned = f"/output/{index}/content/{position}"
    kind = part.get("type")
    if kind is not None and type(kind) is not str:  # a list is not hashable
        raise field_error(part, "type", event, where, "a string")
    key = _TEXT_PARTS.get(kind)  # type: ignore[arg-type]
    if key is None:
        reply.warn(
            ConversionWarningCode.PART_NOT_READ,
            warned,
            position,
            f"output[{index}].content[{position}] ({quoted(kind)} part) has no IR form",
        )
        return 0
    text = field_string(part, key, event, where)
    annotations = optional_array(part, "annotations", event, where) or []
    if not text:
        if annotations:
            reply.warn(
                ConversionWarningCode.PART_NOT_READ,
                f"{warned}/annotations",
                position,
                f"the annotations of an empty text part (output[{index}].content"
                f"[{position}]) have no IR form: no text block holds them",
            )
        return 0
    if kind == "refusal":
        reply.refusal(text, what="refusal part", item_id=item_id)
        reply.end_text()
        return 1
    reply.text(text, what=f"{kind} part", item_id=item_id)
    for number, annotation in enumerate(annotations):
        if type(annotation) is not dict:
            raise field_error(annotations, number, event, f"{where}/annotations", "an object")
        reply.cite(PROVIDER, annotation, what="annotation")
    reply.end_text()
    return 0


def read_reasoning(reply: ReplyBuilder, item: dict[str, Any], event: str, at: str) -> None:
    """A ``reasoning`` item (at JSON pointer ``at`` of the ``event``) read whole, as
    ``reply_from_openai_responses`` reads it: one thinking block per ``summary`` part
    (its text; one empty block for an item without parts), each signed with
    ``reasoning_signature``. (Its raw ``content``: ``raw_content_not_read``.)"""
    summary = optional_array(item, "summary", event, at) or []
    for position, part in enumerate(summary):
        if type(part) is not dict:
            raise field_error(summary, position, event, f"{at}/summary", "an object")
        text = field_string(part, "text", event, f"{at}/summary/{position}")
        reply.next_thinking_part(what="reasoning summary part")
        if text:
            reply.thinking(text, what="reasoning summary")
    item_id = field_name(item, "id", event, at)
    encrypted = optional_string(item, "encrypted_content", event, at)
    reply.end_thinking(reasoning_signature(item_id, encrypted), what="reasoning item")


def finish(
    reply: ReplyBuilder,
    stop: ResponseStopReason,
    usage: dict[str, Any] | None,
    event: str,
    at: str,
    *,
    response_id: str | None = None,
) -> None:
    """The reply's end with its usage (absent or null: 0 and 0, a server that does not
    count): ``input_tokens`` and ``output_tokens``, and of their details
    ``input_tokens_details.cached_tokens`` (cache read), ``.cache_write_tokens`` (cache
    write, which some servers add) and ``output_tokens_details.reasoning_tokens``."""
    if usage is None:
        reply.finish(stop, 0, 0, response_id=response_id)
        return
    inputs = optional_object(usage, "input_tokens_details", event, at) or {}
    outputs = optional_object(usage, "output_tokens_details", event, at) or {}
    reply.finish(
        stop,
        field_count(usage, "input_tokens", event, at),
        field_count(usage, "output_tokens", event, at),
        response_id=response_id,
        cache_read_tokens=optional_count(
            inputs, "cached_tokens", event, f"{at}/input_tokens_details"
        ),
        cache_write_tokens=optional_count(
            inputs, "cache_write_tokens", event, f"{at}/input_tokens_details"
        ),
        reasoning_tokens=optional_count(
            outputs, "reasoning_tokens", event, f"{at}/output_tokens_details"
        ),
    )


def _item_id(data: dict[str, Any], event: str, at: str = "") -> str | None:
    """The ``item_id`` of an event (``id`` of an item at ``/item``): None when absent,
    null or blank."""
    found = optional_string(data, "id" if at else "item_id", event, at)
    return found if found is not None and non_empty_id(found) else None


def _annotation_not_read(reply: ReplyBuilder, data: dict[str, Any], event: str) -> None:
    output_index = data.get("output_index")
    content_index = data.get("content_index")
    reply.warn(
        ConversionWarningCode.PART_NOT_READ,
        f"/output/{output_index}/content/{content_index}/annotations",
        content_index if type(content_index) is int else -1,
        f"an annotation of an empty text part ({event}) has no IR form: no text block holds it",
    )


def reasoning_signature(item_id: str, encrypted_content: str | None) -> str:
    """The thinking signature of a reasoning item: the reference ``from_openai_responses``
    writes (compact JSON, keys in this order) and ``to_openai_responses`` reads."""
    reference = {"type": "reasoning", "id": item_id}
    if encrypted_content is not None:
        reference["encrypted_content"] = encrypted_content
    return json.dumps(reference, ensure_ascii=False, separators=(",", ":"))


@dataclass
class _Call:
    """A function call being streamed."""

    call_id: str | None
    name: str | None
    deltas: list[str] = field(default_factory=list)
    whole: str | None = None  # the arguments of an event that carries all of them


def _identity(added: str | None, item: dict[str, Any], key: str, event: str, at: str) -> str:
    """A call's ``call_id`` or ``name``: as the added item gave it (an empty string
    counts as absent), else as the finished ``item`` (at JSON pointer ``at`` of the
    ``event``) gives it; a refusal names the event whose value it refuses."""
    if added:
        if non_empty_id(added):
            return added
        raise field_error({key: added}, key, _ADDED, "/item", "a non-empty string")
    found = optional_string(item, key, event, at)
    if found is None or not non_empty_id(found):
        raise field_error(item, key, event, at, "a non-empty string")
    return found


_ADDED = "response.output_item.added"
# Item types known by their call_id rather than their id (as the official client
# matches a finished item with the terminal's output).
_BY_CALL_ID = frozenset({"function_call", "custom_tool_call", "shell_call", "shell_call_output"})


def _identity_key(kind: str, item: dict[str, Any]) -> tuple[str, str] | None:
    """An output item's identity: its type and its ``call_id`` (a call's) or ``id``;
    None when it has none."""
    found = item.get("call_id" if kind in _BY_CALL_ID else "id")
    return (kind, found) if type(found) is str and non_empty_id(found) else None


@dataclass
class _Reasoning:
    """A reasoning item being streamed."""

    summary_index: int | None = None  # that of its current summary part
    open: bool = False  # a summary part began and no thinking_end yet


class ResponsesState:
    """Responses API events -> ``ReplyBuilder`` calls; see the module docstring."""

    def __init__(self, reply: ReplyBuilder) -> None:
        self._reply = reply
        # The index of the event being read, set by the driver (``IndexedStreamState``).
        self.event_index = 0
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
        self._tool_calls = 0
        self._refusals = 0
        # (output_index, content_index) of a text part -> whether it made a block, and
        # how many of its annotations were cited from annotation events.
        self._parts: dict[tuple[int, int], list[int]] = {}
        self._done = False  # [DONE] came
        self._handlers: dict[str, Callable[[dict[str, Any]], None]] = {
            "response.created": self.response_created,
            "response.output_text.delta": self.text_delta,
            "response.refusal.delta": self.refusal_delta,
            "response.output_text.done": self.text_done,
            "response.refusal.done": self.text_done,
            "response.output_text.annotation.added": self.annotation_added,
            "response.content_part.done": self.content_part_done,
            "response.reasoning_summary_part.added": self.summary_part_added,
            "response.reasoning_summary_text.delta": self.summary_delta,
            "response.output_item.added": self.output_item_added,
            "response.function_call_arguments.delta": self.arguments_delta,
            "response.function_call_arguments.done": self.arguments_done,
            "response.output_item.done": self.output_item_done,
            "response.completed": self.response_completed,
            "response.incomplete": self.response_incomplete,
            "response.failed": self.response_failed,
            "error": self.error,
        }

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
        handler = self._handlers.get(kind)
        if handler is not None:
            handler(data)
        elif not (kind in _SKIPPED or kind.startswith(_SKIPPED_FAMILIES)):
            event_not_read(self._reply, self.event_index, kind)

    def end(self) -> None:
        """Nothing is owed at the end: a missing terminal is the builder's to report."""

    # --- one method per event type -------------------------------------------------

    def response_created(self, data: dict[str, Any]) -> None:
        response = field_object(data, "response", data["type"])
        self._reply.start(field_name(response, "id", data["type"], "/response"))

    def text_delta(self, data: dict[str, Any]) -> None:
        kind = data["type"]
        delta = field_string(data, "delta", kind)
        item_id = _item_id(data, kind)
        self._reply.text(delta, what=kind, item_id=item_id)
        if delta:
            part = self._part(data)
            if not part[0]:  # the part's first text
                part[0] = 1
                if item_id is not None:
                    self._streamed_ids.add(item_id)

    def refusal_delta(self, data: dict[str, Any]) -> None:
        kind = data["type"]
        item_id = _item_id(data, kind)
        self._reply.refusal(field_string(data, "delta", kind), what=kind, item_id=item_id)
        self._refusals += 1
        output_index = data.get("output_index")  # as _part reads a text delta's, not refused
        self._refused.add(output_index if type(output_index) is int else 0)
        if item_id is not None:
            self._streamed_ids.add(item_id)

    def annotation_added(self, data: dict[str, Any]) -> None:
        kind = data["type"]
        annotation = field_object(data, "annotation", kind)
        part = self._part(data)
        if not part[0]:
            _annotation_not_read(self._reply, data, kind)
            return
        self._reply.cite(PROVIDER, annotation, what=kind)
        part[1] += 1

    def content_part_done(self, data: dict[str, Any]) -> None:
        """The annotations of a finished text part that no annotation event gave."""
        kind = data["type"]
        part = optional_object(data, "part", kind)
        if part is None or part.get("type") != "output_text":
            return
        annotations = optional_array(part, "annotations", kind, "/part") or []
        state = self._part(data)
        for position in range(state[1], len(annotations)):
            annotation = annotations[position]
            if type(annotation) is not dict:
                raise field_error(annotations, position, kind, "/part/annotations", "an object")
            if not state[0]:
                _annotation_not_read(self._reply, data, kind)
                return
            self._reply.cite(PROVIDER, annotation, what=kind)
        state[1] = max(state[1], len(annotations))

    def _part(self, data: dict[str, Any]) -> list[int]:
        kind = data["type"]
        output_index = optional_count(data, "output_index", kind)
        content_index = optional_count(data, "content_index", kind)
        return self._parts.setdefault((output_index or 0, content_index or 0), [0, 0])

    def text_done(self, data: dict[str, Any]) -> None:
        self._reply.end_text()

    def summary_part_added(self, data: dict[str, Any]) -> None:
        kind = data["type"]
        reasoning = self._reasoning.setdefault(
            field_count(data, "output_index", kind), _Reasoning()
        )
        self._summary_part(reasoning, field_count(data, "summary_index", kind), kind, True)

    def summary_delta(self, data: dict[str, Any]) -> None:
        kind = data["type"]
        delta = field_string(data, "delta", kind)
        reasoning = self._reasoning.setdefault(
            field_count(data, "output_index", kind), _Reasoning()
        )
        self._summary_part(reasoning, field_count(data, "summary_index", kind), kind, False)
        self._reply.thinking(delta, what=kind)

    def _summary_part(self, reasoning: _Reasoning, part: int, kind: str, added: bool) -> None:
        """Summary part ``part`` of ``reasoning`` is current: a new thinking block when
        the item had another part (or, for a part's ``added`` event, none yet)."""
        if part != reasoning.summary_index and (added or reasoning.summary_index is not None):
            self._reply.next_thinking_part(what=kind)
        reasoning.summary_index = part
        reasoning.open = True

    def output_item_added(self, data: dict[str, Any]) -> None:
        event = data["type"]
        output_index = field_count(data, "output_index", event)
        item = field_object(data, "item", event)
        kind = field_string(item, "type", event, "/item")
        if output_index in self._added:
            raise Refusal(f"output_index {output_index} was added before")
        self._added.add(output_index)
        if kind == "function_call":
            call = _Call(
                optional_string(item, "call_id", event, "/item"),
                optional_string(item, "name", event, "/item"),
            )
            call.whole = optional_string(item, "arguments", event, "/item")
            self._calls[output_index] = call
        elif kind == "reasoning":
            self._reasoning.setdefault(output_index, _Reasoning())

    def arguments_delta(self, data: dict[str, Any]) -> None:
        call = self._call_at(data)
        call.deltas.append(field_string(data, "delta", data["type"]))

    def arguments_done(self, data: dict[str, Any]) -> None:
        call = self._call_at(data)
        call.whole = field_string(data, "arguments", data["type"])

    def output_item_done(self, data: dict[str, Any]) -> None:
        event = data["type"]
        output_index = field_count(data, "output_index", event)
        item = field_object(data, "item", event)
        kind = field_string(item, "type", event, "/item")
        self._finished.add(output_index)
        identity = _identity_key(kind, item)
        if identity is not None:
            self._finished_ids.add(identity)
        if kind == "function_call":
            call = self._calls.pop(output_index, None)
            if item.get("status") == "incomplete":
                cut_off(self._reply, output_index)
            else:
                self._tool_call(call, item, event)
        elif kind == "reasoning":
            self._reasoning.pop(output_index, None)
            item_id = field_name(item, "id", event, "/item")
            encrypted = optional_string(item, "encrypted_content", event, "/item")
            self._reply.end_thinking(reasoning_signature(item_id, encrypted), what=event)
            raw_content_not_read(self._reply, item, output_index, event)
        elif kind == "message":
            self._reply.end_text()
            phase_not_read(self._reply, item, output_index)
        else:
            hosted_item(self._reply, output_index, item, kind, event)

    def response_completed(self, data: dict[str, Any]) -> None:
        event = data["type"]
        response = field_object(data, "response", event)
        response_id = field_name(response, "id", event, "/response")
        if self._calls:
            output_index, call = next(iter(self._calls.items()))
            raise Refusal(
                f"response.completed while the function call at output_index {output_index}"
                f" ({call.call_id}, {call.name}) is unfinished"
            )
        if any(reasoning.open for reasoning in self._reasoning.values()):
            raise Refusal("response.completed while a reasoning item is unfinished")
        self._unfinished_items(response, event, set())
        if self._tool_calls:
            stop_reason = Stop.TOOL_CALL
        else:
            stop_reason = Stop.REFUSAL if self._refusals else Stop.STOP
        self._response_end(response, response_id, stop_reason, event)

    def response_incomplete(self, data: dict[str, Any]) -> None:
        event = data["type"]
        response = field_object(data, "response", event)
        response_id = field_name(response, "id", event, "/response")
        details = optional_object(response, "incomplete_details", event, "/response")
        reason = None if details is None else details.get("reason")
        stop_reason = Stop.LENGTH if reason == "max_output_tokens" else Stop.ERROR
        # Calls cut off inside their arguments are never emitted: dropped.
        cut = set(self._calls)
        for output_index in self._calls:
            cut_off(self._reply, output_index)
        self._calls.clear()
        for output_index, reasoning in self._reasoning.items():
            if reasoning.open:
                self._reply.end_thinking(what=event)
                cut.add(output_index)
        self._unfinished_items(response, event, cut)
        self._response_end(response, response_id, stop_reason, event)

    def response_failed(self, data: dict[str, Any]) -> None:
        event = data["type"]
        response = field_object(data, "response", event)
        error = optional_object(response, "error", event, "/response")
        raise self._failure(error or {}, "/response/error", event)

    def error(self, data: dict[str, Any]) -> None:
        nested = data.get("error")
        if type(nested) is dict:
            raise self._failure(nested, "/error", "error")
        raise self._failure(data, "", "error")

    # --- helpers -------------------------------------------------------------------

    def _call_at(self, data: dict[str, Any]) -> _Call:
        output_index = field_count(data, "output_index", data["type"])
        call = self._calls.get(output_index)
        if call is None:
            raise Refusal(
                f"{data['type']} for output_index {output_index}, which holds no function call"
            )
        return call

    def _unfinished_items(self, response: dict[str, Any], event: str, cut: set[int]) -> None:
        """Read the items of ``response.output`` whose ``output_item.done`` never came
        (but those at ``cut``: calls and reasoning items the terminal cut off), in order:
        an item whose deltas the stream read is finished as its ``output_item.done``
        would finish it, any other read whole as ``reply_from_openai_responses`` reads it."""
        output = optional_array(response, "output", event, "/response") or []
        for output_index, item in enumerate(output):
            if output_index in self._finished or output_index in cut:
                continue
            at = f"/response/output/{output_index}"
            if type(item) is not dict:
                raise field_error(output, output_index, event, "/response/output", "an object")
            kind = field_string(item, "type", event, at)
            if _identity_key(kind, item) in self._finished_ids:  # finished at another index
                continue
            if kind == "message":
                if self._streamed(output_index, item):
                    self._reply.end_text()
                    phase_not_read(self._reply, item, output_index)
                else:
                    self._refusals += read_message(self._reply, item, output_index, event, at)
            elif kind == "reasoning":  # not open: none of its summary was streamed
                read_reasoning(self._reply, item, event, at)
                raw_content_not_read(self._reply, item, output_index, event, at)
            elif kind == "function_call":  # not open: never added
                if item.get("status") == "incomplete":
                    cut_off(self._reply, output_index)
                else:
                    self._tool_call(None, item, event, at)
            else:
                hosted_item(self._reply, output_index, item, kind, event)

    def _streamed(self, output_index: int, item: dict[str, Any]) -> bool:
        """Whether a text or refusal delta of the message ``item`` (at ``output_index``)
        came: one with its index, or with its id."""
        if output_index in self._refused or item.get("id") in self._streamed_ids:
            return True
        return any(key[0] == output_index and part[0] for key, part in self._parts.items())

    def _tool_call(
        self, call: _Call | None, item: dict[str, Any], event: str, at: str = "/item"
    ) -> None:
        """The tool call ``item`` (a finished ``function_call`` item, at JSON pointer
        ``at`` of the ``event``) ends: its ``call_id`` and ``name`` as added, else as
        finished."""
        if call is None:  # never added: the finished item alone
            call = _Call(None, None)
        call_id = _identity(call.call_id, item, "call_id", event, at)
        name = _identity(call.name, item, "name", event, at)
        if call.deltas:
            text = "".join(call.deltas)
        else:
            text = call.whole or optional_string(item, "arguments", event, at) or ""
        arguments = parse_arguments(text) if text else {}
        if type(arguments) is not dict:
            raise Refusal(
                f"function call {quoted(call_id)} ({cut(name)}): the arguments are not a JSON object:"
                f" {text[:80]!r}"
            )
        self._tool_calls += 1
        self._reply.tool_call(
            call_id,
            name,
            arguments,
            what="function call",
            item_id=_item_id(item, event, at),
            namespace=optional_string(item, "namespace", event, at),
        )

    def _response_end(
        self, response: dict[str, Any], response_id: str, stop: ResponseStopReason, event: str
    ) -> None:
        usage = optional_object(response, "usage", event, "/response")
        finish(self._reply, stop, usage, event, "/response/usage", response_id=response_id)

    def _failure(self, error: dict[str, Any], at: str, event: str) -> Refusal:
        """The transport error of ``error``, the object at JSON pointer ``at`` of an
        ``event`` event."""
        return failure(self._reply, error, event=event, at=at, fallback=event)
