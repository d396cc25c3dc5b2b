"""Anthropic Messages streaming, sync or async: ``AnthropicState`` turns each decoded
event into ``ReplyBuilder`` calls; the drivers are ``agent_ir.wire._stream``'s. The
events, stop reasons, blocks passed over and failures: ``docsgen/mapping/anthropic.md``
(*Streams*)."""

from __future__ import annotations

from typing import Any, Final

import msgspec

from agent_ir._generated.conversion_warning_schema import ConversionWarningCode
from agent_ir._generated.model_stream_schema import ProviderErrorCode, ResponseStopReason
from agent_ir._paths import to_pointer
from agent_ir._text import cut, non_empty_id, quoted
from agent_ir.replies.builder import ReplyBuilder
from agent_ir.wire._common import parse_arguments
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
from agent_ir.wire.anthropic._wire import (
    DIRECT_CALLER,
    Block,
    CitationsDelta,
    ContentBlockDelta,
    ContentBlockStart,
    ContentBlockStop,
    ErrorEvent,
    Event,
    InputJsonDelta,
    McpToolUseBlock,
    MessageDelta,
    MessageStart,
    MessageStop,
    Ping,
    RedactedThinkingBlock,
    ServerToolUseBlock,
    SignatureDelta,
    TextBlock,
    TextDelta,
    ThinkingBlock,
    ThinkingDelta,
    ToolUseBlock,
)
from agent_ir.wire.anthropic._wire import Usage as WireUsage

__all__ = [
    "AnthropicState",
    "AnthropicStream",
    "AsyncAnthropicStream",
    "Usage",
    "close_block",
    "is_server_result",
    "no_ir_form",
    "open_block",
    "server_call_wire",
    "server_result_wire",
]

PROVIDER: Final = "anthropic"

Code = ProviderErrorCode
Stop = ResponseStopReason

STOP_REASONS: Final = {
    "end_turn": Stop.STOP,
    "stop_sequence": Stop.STOP,
    "pause_turn": Stop.STOP,
    "tool_use": Stop.TOOL_CALL,
    "max_tokens": Stop.LENGTH,
    "model_context_window_exceeded": Stop.LENGTH,
    "refusal": Stop.REFUSAL,
}
# Stop reasons that may end a reply inside a block: the block ends there, a tool call
# in it is dropped.
CUT_SHORT: Final = frozenset({"max_tokens", "model_context_window_exceeded", "refusal"})

_KNOWN_EVENTS: Final = frozenset(
    {
        "message_start",
        "content_block_start",
        "content_block_delta",
        "content_block_stop",
        "message_delta",
        "message_stop",
        "ping",
        "error",
    }
)

# The kinds of an open block.
_TEXT: Final = "text"
_THINKING: Final = "thinking"
_REDACTED: Final = "redacted_thinking"
_TOOL_USE: Final = "tool_use"
_SERVER_CALL: Final = "server_call"
_SERVER_RESULT: Final = "server_result"
_SKIPPED: Final = "skipped"

# The block kind each known delta type belongs to (for the refusal of a misplaced one).
_DELTA_KINDS: Final = {
    TextDelta: _TEXT,
    CitationsDelta: _TEXT,
    ThinkingDelta: _THINKING,
    SignatureDelta: _THINKING,
    InputJsonDelta: _TOOL_USE,
}
_DELTA_NAMES: Final = {
    TextDelta: "text_delta",
    CitationsDelta: "citations_delta",
    ThinkingDelta: "thinking_delta",
    SignatureDelta: "signature_delta",
    InputJsonDelta: "input_json_delta",
}

_EVENTS: Final = Decoder(Event)
_EVENTS_TEXT: Final = msgspec.json.Decoder(Event)
# The events read from their text (with their type): those that need nothing of their
# data as it came (the others keep raw blocks, or quote raw values in refusals).
_TEXT_EVENTS: Final[dict[type, str]] = {
    ContentBlockDelta: "content_block_delta",
    ContentBlockStop: "content_block_stop",
    MessageDelta: "message_delta",
    MessageStop: "message_stop",
    Ping: "ping",
}

SERVER_TOOL_USE: Final = "server_tool_use"
_SERVER_CALL_FIELDS: Final = frozenset({"type", "id", "name", "input"})


def is_server_result(block: dict[str, Any]) -> bool:
    """Whether an assistant block is a server tool's result: it has a ``tool_use_id``
    and its type is not ``tool_result``."""
    return "tool_use_id" in block and block.get("type") != "tool_result"


def server_call_wire(block: dict[str, Any]) -> dict[str, Any] | None:
    """The ``wire`` of a server-tool call block: its keys but id, name and input (and
    its type when it is ``server_tool_use``), null ones left out; None when none is
    left."""
    wire = {
        key: value
        for key, value in block.items()
        if key not in _SERVER_CALL_FIELDS and value is not None
    }
    if block.get("type") != SERVER_TOOL_USE:
        wire = {"type": block.get("type"), **wire}
    return wire or None


def server_result_wire(block: dict[str, Any]) -> dict[str, Any]:
    """The ``wire`` of a server-tool result block: the block without its tool_use_id
    (null keys left out)."""
    return {
        key: value for key, value in block.items() if key != "tool_use_id" and value is not None
    }


class Usage:
    """The usage of a reply as read so far: Anthropic's counts (each replaced by a later
    report that has it, as the SDK does), and the model that answered."""

    __slots__ = (
        "by_ttl",
        "cache_read",
        "cache_write",
        "input",
        "model",
        "output",
        "reasoning",
        "tools",
    )

    def __init__(self) -> None:
        self.input = 0
        self.output = 0
        self.cache_read: int | None = None
        self.cache_write: int | None = None
        self.reasoning: int | None = None
        self.by_ttl: dict[str, int] = {}  # cache writes by time to live, 5m first
        self.tools: dict[str, int] = {}  # server tools' requests, web_search first
        self.model: str | None = None

    def read(self, usage: WireUsage) -> None:
        """Every count present replaces the one so far."""
        self.input = _so_far(usage.input_tokens, self.input)
        self.output = _so_far(usage.output_tokens, self.output)
        self.cache_read = _so_far(usage.cache_read_input_tokens, self.cache_read)
        self.cache_write = _so_far(usage.cache_creation_input_tokens, self.cache_write)
        details = usage.output_tokens_details
        if details is not None:
            self.reasoning = _so_far(details.thinking_tokens, self.reasoning)
        split = usage.cache_creation
        if split is not None:
            _counts(self.by_ttl, ("5m", split.ephemeral_5m_input_tokens))
            _counts(self.by_ttl, ("1h", split.ephemeral_1h_input_tokens))
        tools = usage.server_tool_use
        if tools is not None:
            _counts(self.tools, ("web_search", tools.web_search_requests))
            _counts(self.tools, ("web_fetch", tools.web_fetch_requests))

    def finish(self, reply: ReplyBuilder, stop_reason: ResponseStopReason) -> None:
        """The reply's ``finish``: input counts every input token, cached ones included."""
        total = self.input + (self.cache_read or 0) + (self.cache_write or 0)
        reply.finish(
            stop_reason,
            total,
            self.output,
            cache_read_tokens=self.cache_read,
            cache_write_tokens=self.cache_write,
            reasoning_tokens=self.reasoning,
            cache_writes_by_ttl=_in_order(self.by_ttl, ("5m", "1h")),
            server_tool_requests=_in_order(self.tools, ("web_search", "web_fetch")),
            model=self.model,
        )


def _counts(so_far: dict[str, int], named: tuple[str, int | None]) -> None:
    """A count present replaces the one of its name so far."""
    name, count = named
    if count is not None:
        so_far[name] = count


def _in_order(counts: dict[str, int], names: tuple[str, ...]) -> list[tuple[str, int]] | None:
    """``counts`` in the order of ``names`` (None when there are none)."""
    return [(name, counts[name]) for name in names if name in counts] or None


def _so_far(found: Any, so_far: Any) -> Any:
    return so_far if found is None else found


def first_usage(usage: WireUsage | None, raw: dict[str, Any], what: str, at: str) -> None:
    """The first report of usage must count the input (``input_tokens``)."""
    if usage is not None and usage.input_tokens is None:
        counts = raw.get("usage")
        found = "missing"
        if type(counts) is dict and "input_tokens" in counts:
            found = describe_json(counts["input_tokens"])
        raise Refusal(f"{what} {at}/usage/input_tokens must be an integer >= 0; it is {found}")


def no_ir_form(reply: ReplyBuilder, index: int, wire_type: str) -> None:
    """The PART_NOT_READ warning of a content block the IR has no place for: the same
    for a stream and a non-streamed reply."""
    at = to_pointer(("content", index))
    reply.warn(ConversionWarningCode.PART_NOT_READ, at, index, f"{at} ({wire_type}) has no IR form")


def caller_not_read(reply: ReplyBuilder, index: int, block: ToolUseBlock) -> None:
    """A tool call made by someone other than the model (programmatic tool calling):
    the IR's call has no caller, so it is said; only the API's default caller
    (``{"type": "direct"}`` and nothing else) says nothing, as in ``from_anthropic``."""
    caller = block.caller
    if caller is None or caller == DIRECT_CALLER:
        return
    at = to_pointer(("content", index, "caller"))
    reply.warn(
        ConversionWarningCode.PART_NOT_READ,
        at,
        index,
        f"{at} ({quoted(caller.get('type'))}) has no IR form",
    )


class AnthropicStream(SyncStream):
    """An Anthropic Messages event stream read from a sync iterable (``for chunk in
    stream``, ``stream.result()``); see the provider page. ``source``: raw SSE
    bytes (any chunking) or decoded event objects. ``TypeError`` for a blank
    ``request_id`` or a ``cancel`` that is not a ``threading.Event``."""

    _function = "AnthropicStream"
    _start = "message_start"
    _terminal = "message_stop"

    def _state(self, builder: ReplyBuilder) -> StreamState:
        return AnthropicState(builder)


class AsyncAnthropicStream(AsyncStream):
    """An Anthropic Messages event stream read from an async iterable (``async for
    chunk in stream``, ``await stream.result()``); see the provider page.
    ``TypeError`` for a blank ``request_id`` or a ``cancel`` that is not an
    ``asyncio.Event``."""

    _function = "AsyncAnthropicStream"
    _start = "message_start"
    _terminal = "message_stop"

    def _state(self, builder: ReplyBuilder) -> StreamState:
        return AnthropicState(builder)


class OpenBlock:
    """A content block being read: its index, kind and what it has gathered."""

    __slots__ = (
        "call_id",
        "citations",
        "delta_warned",
        "emitted",
        "index",
        "input",
        "kind",
        "name",
        "parts",
        "signature",
        "wire",
        "wire_type",
    )

    def __init__(self, index: int, kind: str, wire_type: str) -> None:
        self.index = index
        self.kind = kind
        self.wire_type = wire_type
        self.signature: str | None = None
        self.call_id = ""
        self.name = ""
        self.input: dict[str, Any] = {}
        self.parts: list[str] = []
        self.citations: list[dict[str, Any]] = []  # a text block's, until its stop
        self.emitted = False  # a text block: some text came; others: a delta was warned
        self.delta_warned = False  # a delta of an unknown type was warned
        self.wire: dict[str, Any] | None = None  # a server-tool call's other keys


class AnthropicState:
    """Anthropic Messages events -> ``ReplyBuilder`` calls (a ``StreamState``); one
    per stream. See the provider page for every mapping and failure."""

    def __init__(self, reply: ReplyBuilder) -> None:
        self._reply = reply
        self._usage = Usage()
        self._unreads = Unreads()
        self._stop_reason: ResponseStopReason | None = None  # from the last message_delta
        self._block: OpenBlock | None = None  # the open content block
        self._indices: set[int] = set()  # every block index started
        self._held: str | None = None  # why a stopped tool call was held back
        self.event_index = 0  # set by the driver: the index of the event handled

    def handle(self, name: str | None, data: Any) -> None:
        kind = _event_type(name, data)
        if kind not in _KNOWN_EVENTS:
            event_not_read(self._reply, self.event_index, kind)
            return
        self._admit(kind)
        try:
            decoded = _EVENTS(data)
        except WireError as error:
            raise Refusal(f"{kind} {error}") from None
        self._event(decoded, data)

    def handle_text(self, name: str | None, text: str) -> bool:
        """The events that need nothing of their data as it came (a delta, a stop, the
        stop reason, ping), read straight from their text when it is of its declared
        shape; any other is declined (``handle`` reads it)."""
        try:
            event = _EVENTS_TEXT.decode(text)
        except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
            return False  # handle reads it (or the driver refuses it), as any other
        kind = _TEXT_EVENTS.get(type(event))
        if kind is None or (name is not None and name != kind and name != "message"):
            return False
        self._admit(kind)
        self._event(Decoded(event), None)
        return True

    def _admit(self, kind: str) -> None:
        """Refuse a known event that may not come now."""
        if self._held is not None and kind not in ("ping", "error", "message_delta"):
            raise Refusal(self._held)
        if not self._reply.started and kind not in ("message_start", "ping", "error"):
            raise Refusal(f"{kind} before message_start", Code.PROVIDER_MISSING_START)

    def end(self) -> None:
        """Nothing is owed: without message_stop the stream is PROVIDER_MISSING_TERMINAL."""

    def _event(self, decoded: Decoded[Any], data: Any) -> None:
        """``data``: the event as it came (None from ``handle_text``: only the events
        it takes, which do not read it)."""
        match decoded.value:
            case ContentBlockDelta() as event:  # the most frequent first
                self._content_block_delta(event, decoded)
            case MessageStart(message=message):
                self._message_start(message, decoded, data)
            case ContentBlockStart(index=index, content_block=block):
                self._content_block_start(index, block, decoded, data)
            case ContentBlockStop(index=index):
                self._content_block_stop(index)
            case MessageDelta() as event:
                self._message_delta(event, decoded)
            case MessageStop():
                if self._stop_reason is None:
                    raise Refusal("message_stop without a message_delta (no stop reason)")
                self._usage.finish(self._reply, self._stop_reason)
            case ErrorEvent(error=error):
                raise self._reply.fail(error.type, error.message)
            case Ping():
                pass

    def _message_start(self, message: Any, decoded: Decoded[Any], data: dict[str, Any]) -> None:
        event = "message_start"
        if message.role != "assistant":
            raise _must_be(data["message"], "role", event, "/message", "'assistant'")
        if message.content:
            raise _must_be(data["message"], "content", event, "/message", "an empty array or null")
        first_usage(message.usage, data["message"], event, "/message")
        self._reply.start(message.id)
        self._usage.model = message.model
        if message.usage is not None:
            self._usage.read(message.usage)
        self._unreads.warn(self._reply, decoded, {"/message": ""}, event)

    def _content_block_start(
        self, index: int, block: Block | Unread, decoded: Decoded[Any], data: dict[str, Any]
    ) -> None:
        if self._stop_reason is not None:
            raise Refusal(f"content_block_start (block {index}) after message_delta")
        if self._block is not None:
            raise Refusal(
                f"content_block_start of block {index} while block {self._block.index} is open"
            )
        if index in self._indices:
            raise Refusal(f"content_block_start index {index} repeats an earlier block")
        self._indices.add(index)
        what = "content_block_start"
        raw = data["content_block"]
        self._block = open_block(self._reply, index, block, raw, what, "/content_block")
        places = {"/content_block": f"/content/{index}"}
        self._unreads.warn(self._reply, decoded, places, what, block=index)

    def _content_block_delta(self, event: ContentBlockDelta, decoded: Decoded[Any]) -> None:
        block = self._open(event.index, "content_block_delta")
        delta = event.delta
        if block.kind in (_SKIPPED, _SERVER_RESULT):
            self._passed_over(block)
            return
        match delta:
            case TextDelta(text=text) if block.kind == _TEXT:
                block.emitted |= bool(text)
                _text(self._reply, text, "text_delta")
            case InputJsonDelta(partial_json=part) if block.kind in (_TOOL_USE, _SERVER_CALL):
                block.parts.append(part)
            case ThinkingDelta(thinking=thinking) if block.kind == _THINKING:
                _thinking(self._reply, thinking, "thinking_delta")
            case SignatureDelta(signature=signature) if block.kind == _THINKING:
                block.signature = signature
            case CitationsDelta(citation=citation) if block.kind == _TEXT:
                block.citations.append(citation)
            case Unread(type=delta_type):
                self._delta_not_read(block, delta_type)  # its event's other keys: below
            case _:
                raise Refusal(
                    f"content_block_delta: a {_DELTA_NAMES[type(delta)]} in block {block.index}"
                    f" ({block.wire_type})"
                )
        if decoded.unread:
            places = {"/delta": f"/content/{block.index}"}
            what = "content_block_delta"
            self._unreads.warn(self._reply, decoded, places, what, block=block.index)

    def _passed_over(self, block: OpenBlock) -> None:
        """A delta of a skipped block (warned at its start), or of a server-tool result
        block: PART_NOT_READ, once per block (the result is the block its
        content_block_start gave)."""
        if block.kind == _SKIPPED or block.emitted:
            return
        block.emitted = True
        at = to_pointer(("content", block.index))
        self._reply.warn(
            ConversionWarningCode.PART_NOT_READ,
            at,
            block.index,
            f"a delta of {at} ({block.wire_type}) has no IR form:"
            " the result is the block its content_block_start gave",
        )

    def _delta_not_read(self, block: OpenBlock, delta_type: str) -> None:
        """A delta of a type the declaration does not know: passed over, as the SDK
        passes it over; PART_NOT_READ once per block."""
        if block.delta_warned:
            return
        block.delta_warned = True
        at = to_pointer(("content", block.index))
        self._reply.warn(
            ConversionWarningCode.PART_NOT_READ,
            at,
            block.index,
            f"a {cut(delta_type)} delta of {at} ({block.wire_type}) has no IR form",
        )

    def _content_block_stop(self, index: int) -> None:
        block = self._open(index, "content_block_stop")
        self._block = None
        # A tool call whose input is not a JSON object is refused by the next event
        # unless that event cuts the reply short.
        self._held = close_block(self._reply, block)

    def _message_delta(self, event: MessageDelta, decoded: Decoded[Any]) -> None:
        wire_reason = event.delta.stop_reason
        stop_reason = STOP_REASONS.get(wire_reason) if wire_reason is not None else None
        if stop_reason is None:
            raise Refusal(
                "message_delta /delta/stop_reason must be an Anthropic stop reason;"
                f" it is {describe_json(wire_reason) if wire_reason is not None else 'null'}"
            )
        cut_short = wire_reason in CUT_SHORT
        if self._held is not None and not cut_short:
            raise Refusal(self._held)
        self._held = None
        block = self._block
        if block is not None:
            if not cut_short:
                raise Refusal(
                    f"message_delta (stop_reason {wire_reason}) while block {block.index}"
                    f" ({block.wire_type}) is open"
                )
            self._block = None
            if block.kind == _THINKING:
                self._reply.end_thinking(block.signature or None, signature_provider=PROVIDER)
            elif block.kind == _TEXT:
                _end_text(self._reply, block)
        if event.usage is not None:
            self._usage.read(event.usage)
        places = {"/delta": "", "/usage": "/usage"}
        self._unreads.warn(self._reply, decoded, places, "message_delta")
        self._stop_reason = stop_reason

    def _open(self, index: int, kind: str) -> OpenBlock:
        block = self._block
        if block is None or block.index != index:
            raise Refusal(f"{kind} for block {index}, which is not open")
        return block


def _event_type(name: str | None, data: Any) -> str:
    """The event's type; refused when the data is not an object with one, or the SSE
    name says another."""
    if type(data) is not dict:
        if data is DONE:
            raise Refusal("a [DONE] event (Anthropic streams end with message_stop)")
        raise Refusal("the event data is not a JSON object")
    kind = data.get("type")
    if type(kind) is not str or not kind:
        raise Refusal("the event has no non-empty string type")
    if name is not None and name != kind and name != "message":
        raise Refusal(f"the SSE event name {quoted(name)} differs from its type {quoted(kind)}")
    return kind


def _must_be(value: dict[str, Any], key: str, event: str, at: str, expected: str) -> Refusal:
    found = describe_json(value[key]) if key in value else "missing"
    return Refusal(f"{event} {pointer(at, key)} must be {expected}; it is {found}")


def close_block(reply: ReplyBuilder, block: OpenBlock) -> str | None:
    """End ``block`` (its ``content_block_stop``, or the end of a reply's block): the
    builder calls it makes; for a tool call whose input text is not a JSON object, why
    (nothing is called)."""
    if block.kind == _THINKING:
        reply.end_thinking(block.signature or None, signature_provider=PROVIDER)
    elif block.kind == _TEXT:
        _end_text(reply, block)  # each Anthropic text block stays one block
    elif block.kind in (_TOOL_USE, _SERVER_CALL):
        arguments = _arguments(block)
        if isinstance(arguments, str):
            return arguments
        if block.kind == _TOOL_USE:
            reply.tool_call(block.call_id, block.name, arguments, what="tool_use")
        else:
            reply.server_tool_call(
                PROVIDER, block.call_id, block.name, arguments, block.wire, what=block.wire_type
            )
    return None


def open_block(
    reply: ReplyBuilder,
    index: int,
    block: Block | Unread,
    raw: dict[str, Any],
    what: str,
    at: str,
) -> OpenBlock:
    """The block a ``content_block_start`` (or a reply's content) opens, after the
    builder calls it makes; ``raw`` the block as it came (a server tool keeps it),
    ``what`` and ``at`` how a refusal names it (the event, the block's pointer)."""
    match block:
        case TextBlock(text=text, citations=citations):
            opened = OpenBlock(index, _TEXT, "text")
            opened.emitted = bool(text)
            _text(reply, text, "text block")
            opened.citations = list(citations or ())
            return opened
        case ThinkingBlock(thinking=thinking, signature=signature):
            opened = OpenBlock(index, _THINKING, "thinking")
            opened.signature = signature or None
            _thinking(reply, thinking, "thinking block")
            return opened
        case RedactedThinkingBlock(data=data):
            reply.end_thinking(
                data, redacted=True, what="redacted_thinking block", signature_provider=PROVIDER
            )
            return OpenBlock(index, _REDACTED, "redacted_thinking")
        case ToolUseBlock():
            caller_not_read(reply, index, block)
            return _call(OpenBlock(index, _TOOL_USE, "tool_use"), block)
        case ServerToolUseBlock() | McpToolUseBlock():
            call = _call(OpenBlock(index, _SERVER_CALL, str(raw["type"])), block)
            call.wire = server_call_wire(raw)
            return call
        case Unread(type=wire_type, data=data) if is_server_result(data):
            call_id = data["tool_use_id"]
            if not non_empty_id(call_id):
                raise _must_be(data, "tool_use_id", what, at, "a non-empty string")
            reply.server_tool_result(PROVIDER, call_id, server_result_wire(data), what=wire_type)
            return OpenBlock(index, _SERVER_RESULT, wire_type)
        case Unread(type=wire_type):
            no_ir_form(reply, index, wire_type)
            return OpenBlock(index, _SKIPPED, wire_type)
    raise AssertionError(f"not a block: {block!r}")


def _call(
    opened: OpenBlock, block: ToolUseBlock | ServerToolUseBlock | McpToolUseBlock
) -> OpenBlock:
    opened.call_id = block.id
    opened.name = block.name
    opened.input = block.input
    return opened


def cite(
    reply: ReplyBuilder, block_index: int, citations: list[dict[str, Any]], text: bool
) -> None:
    """The citations of a text block on the open text block (``text``: some text came);
    an empty text block's citations have nothing to stand on: PART_NOT_READ."""
    if not citations:
        return
    if not text:
        at = to_pointer(("content", block_index, "citations"))
        reply.warn(
            ConversionWarningCode.PART_NOT_READ,
            at,
            block_index,
            f"{at} of an empty text block have no IR form",
        )
        return
    for citation in citations:
        reply.cite(PROVIDER, citation, what="citation")


def _end_text(reply: ReplyBuilder, block: OpenBlock) -> None:
    cite(reply, block.index, block.citations, block.emitted)
    reply.end_text()


def _text(reply: ReplyBuilder, text: str, what: str) -> None:
    """Text of a text block; an empty piece emits nothing."""
    if text:
        reply.text(text, what=what)


def _thinking(reply: ReplyBuilder, text: str, what: str) -> None:
    """Reasoning of a thinking block; an empty piece emits nothing."""
    if text:
        reply.thinking(text, what=what)


def _arguments(block: OpenBlock) -> dict[str, Any] | str:
    """The call's arguments, or why its input text is not a JSON object: the input
    text parsed as the OpenAI streams and the conversion modules parse arguments
    (``parse_arguments``: no duplicate keys, NaN or infinite numbers)."""
    text = "".join(block.parts)
    if not text:
        return block.input
    value = parse_arguments(text)
    if type(value) is not dict:
        return (
            f"tool_use {quoted(block.call_id)} ({cut(block.name)}): the input is not a JSON object:"
            f" {text[:80]!r}"
        )
    return value
