"""Anthropic Messages streaming: ``AnthropicStream(source, *, request_id, cancel=None)``
reads the server-sent events of ``client.messages.create(..., stream=True)`` from a sync
iterable (the raw bytes in any chunking, or the events already decoded to their JSON
objects), ``AsyncAnthropicStream`` from an async one; both drive ``AnthropicState``
(one ``handle(event)`` per event, calling the ``ReplyBuilder``; the drivers are
``agent_ir.wire._stream``'s). The reply goes back to the API through ``to_anthropic``
as it came, less what is skipped (see Text and Skipped below): text with its citations,
thinking, tool calls and the server tools' calls and results.

Events are read by their data's ``type`` (a missing or ill-typed field is
PROVIDER_INVALID_EVENT naming the event type, the field's JSON pointer, what it must be
and what it is: ``agent_ir.wire._stream``'s field readers, never a ``KeyError``); the
SSE ``event:`` name, when there is one other than the default "message", must be that
same type.

Event by event (each arrow a ``ReplyBuilder`` call, named as the fixture records are):

- ``message_start``: ``response_start`` (``responseId`` the message's ``id``). Usage
  starts from ``message.usage`` (see Usage below; ``input_tokens`` is required when
  ``usage`` is there, ``output_tokens`` absent is 0). A stream whose ``message_start``
  has no ``usage`` at all (Anthropic always sends it; a compatible server may not)
  counts 0 and 0. A
  ``message.content`` that is not empty is refused: the IR could not place it. A
  second ``message_start`` is a second ``response_start``: PROVIDER_DUPLICATE_START.
- ``content_block_start``: ``text``: its ``text``, when not empty, is a
  ``text_delta``. ``thinking``: opens a thinking block (its ``thinking``, when not
  empty, a ``thinking_delta``; its ``signature``, if any, kept). ``redacted_thinking``:
  at once ``thinking_end {redacted: true, signature: data}``, the form ``to_anthropic``
  sends back as ``redacted_thinking {data}``. ``tool_use``: starts collecting the
  call's ``id``, ``name`` and input. ``server_tool_use`` and ``mcp_tool_use``: the same,
  for a server-tool call (its other keys, null ones left out, kept as its ``wire``,
  with the type when it is not ``server_tool_use``). A block with a ``tool_use_id``
  whose type is not ``tool_result`` (``web_search_tool_result``,
  ``web_fetch_tool_result``, ``code_execution_tool_result``,
  ``bash_code_execution_tool_result``, ``text_editor_code_execution_tool_result``,
  ``tool_search_tool_result``, ``mcp_tool_result``, ...) is a server tool's result,
  whole in its start: ``server_tool_result`` (``wire`` the block without its
  ``tool_use_id`` and null keys), also when no server-tool call of this reply has that
  id (a turn continued after ``pause_turn`` answers a call of the previous reply; the
  transcript's linkage rule judges it). A delta in a result
  block is PART_NOT_READ (once per block). Any other block type is skipped, see
  below. A text block's start ``citations`` (null or a list of objects) are its first
  citations.
- ``content_block_delta``: ``text_delta`` -> ``text_delta``; ``thinking_delta`` ->
  ``thinking_delta``; ``signature_delta`` -> the block's signature (the last one wins,
  as in the SDK); ``input_json_delta`` -> its ``partial_json`` appended to the call's
  (or server-tool call's) input text; ``citations_delta`` -> its ``citation`` (an
  object) kept for the text block, in order (the text itself comes in ``text_delta``
  events). Empty ``text`` / ``thinking``
  deltas emit nothing. A delta of a known type in a block of another kind (a
  ``text_delta`` in a ``tool_use``) is PROVIDER_INVALID_EVENT; a delta type this
  module does not know is PROVIDER_UNKNOWN_EVENT.
- ``content_block_stop``: ``thinking``: ``thinking_end`` with the signature (none when
  no signature came: ``to_anthropic`` then warns THINKING_NOT_SENT). ``text``: the
  block's citations (``cite("anthropic", citation)`` each, on its text) and its end; a
  text block whose text was empty makes no block, and its citations are PART_NOT_READ
  at ``/content/<index>/citations``. ``tool_use``:
  ``tool_call {id, name, arguments}`` (a server-tool call: ``server_tool_call`` with
  its input, the same way), the input text parsed once with the conversion
  modules' rule (``agent_ir.wire._common.parse_arguments``, as the OpenAI streams parse
  theirs: a duplicate key, NaN or an infinite number makes it no JSON object); no input
  text: the block's ``input`` from its start (``{}``).
- ``message_delta``: ``delta.stop_reason`` ``end_turn``, ``stop_sequence`` or
  ``pause_turn`` -> "stop" (``pause_turn``: a turn of server tools paused; send the
  reply back to continue it); ``tool_use`` -> "tool_call"; ``max_tokens`` or
  ``model_context_window_exceeded`` -> "length"; ``refusal`` -> "refusal" (the
  model's words, if any, kept as its text); any other value (``null`` included) is
  PROVIDER_INVALID_EVENT naming it. ``usage`` holds cumulative totals, read as the SDK
  reads them: each count present replaces the one so far; an absent ``usage`` or count
  keeps them.
- ``message_stop``: ``response_end`` with the stop reason and usage of the last
  ``message_delta`` (none came: PROVIDER_INVALID_EVENT).
- ``ping``: nothing.
- ``error``: ``transport_error {code: error.type, message: error.message}``
  (``overloaded_error``, ``api_error``, ...): PROVIDER_TRANSPORT_ERROR with
  Anthropic's code.
- any other event type: PROVIDER_UNKNOWN_EVENT (before ``message_start`` too).

Text: a text block's deltas make one ``TextBlock`` (the builder joins a block's
deltas), and its ``content_block_stop`` ends that block, so two
Anthropic text blocks stay two blocks even with only skipped blocks between them, as in
the SDK (Anthropic splits a reply's text around server tool blocks and at citations).

Usage: ``inputTokens`` counts every input token, cached ones included:
``input_tokens`` + ``cache_read_input_tokens`` + ``cache_creation_input_tokens``;
``cacheReadTokens`` and ``cacheWriteTokens`` are those two when the reply reports them
(0 included), ``reasoningTokens`` is ``output_tokens_details.thinking_tokens``. Usage
keys that carry nothing the IR could hold are passed over without a warning
(``cache_creation``, the split of the cache write by ttl; ``server_tool_use``, request
counts, not tokens; ``service_tier``, ``inference_geo``, ``speed``, ``iterations``); any
other key that is not null is PART_NOT_READ at ``/usage/<key>``, once.

Skipped, and why: content blocks the IR has no place for (``compaction``,
``container_upload``, any block type this module does not know), with all their deltas
and their stop; they do not fail the stream; text, thinking and tool calls around them
still arrive. Each is a PART_NOT_READ warning of the response (path
``/content/<index>``), as ``reply_from_anthropic`` gives for the same block of a
non-streamed reply. Also skipped: ``ping``.

A reply cut off at the output limit: when ``message_delta`` comes with a stop reason
that cuts a reply short (``max_tokens``, ``model_context_window_exceeded``,
``refusal``) while a block is still open (no ``content_block_stop`` came), that block
ends there: an open thinking block gets its ``thinking_end`` (without a signature
unless one came), an open text block its citations and end, an open ``tool_use`` or
server-tool call is dropped. A ``tool_use`` (or server-tool call) whose input text is
not a JSON object when its ``content_block_stop`` comes is held back, not refused,
until the next event: a ``message_delta`` with one of those stop reasons drops it too,
so an output limit inside a tool call's JSON is a ``length`` response without that
call (its text and any earlier complete calls kept), never a crash. A ``ping`` is
passed over, an ``error`` or an unknown event fails the stream as it would anyway; any
other next event makes it PROVIDER_INVALID_EVENT naming the call's id and name. (The
SDK's accumulator keeps such a call, with whatever its partial parser made of it.)

Failures, beyond those of ``wire_stream`` and the parser (PROVIDER_INVALID_EVENT unless
said otherwise): event data that is not an object or has no string ``type``; an SSE
event name that differs from the data's ``type``; a ``data: [DONE]`` event (not
Anthropic's); any event but ``ping``, ``error`` or an unknown one before
``message_start``, PROVIDER_MISSING_START; a field that is missing or of the wrong
type, or a blank id or name; a block index that is not an integer >= 0, that repeats
an earlier block's, or a ``content_block_start`` while another block is open
(Anthropic sends its blocks one after another; overlapping blocks would make the order
of the IR's blocks a guess); a delta or stop for a block
that is not open; a block started after ``message_delta``; ``message_delta`` while a
block is open, unless its stop reason cuts the reply short (above); a tool call whose
input is not a JSON object (above); ``message_stop`` without a ``message_delta``. The stream settles at
``message_stop`` (PROVIDER_DUPLICATE_TERMINAL and PROVIDER_INVALID_TERMINAL cannot
come: nothing after it is read, see ``agent_ir.wire._stream``). A stream that ends without ``message_stop`` is
PROVIDER_MISSING_TERMINAL after the chunks already emitted. Every failure comes after
the chunks of the events before it, and its ``record_index`` is the index of the event
(0-based), however the bytes were chunked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from agent_ir._generated.conversion_warning_schema import ConversionWarningCode
from agent_ir._generated.model_stream_schema import ProviderErrorCode, ResponseStopReason
from agent_ir._paths import to_pointer
from agent_ir._text import cut, quoted
from agent_ir.replies.builder import ReplyBuilder
from agent_ir.wire._common import parse_arguments
from agent_ir.wire._stream import (
    DONE,
    AsyncStream,
    Refusal,
    StreamState,
    SyncStream,
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
    "AnthropicState",
    "AnthropicStream",
    "AsyncAnthropicStream",
    "Usage",
    "is_server_result",
    "no_ir_form",
    "server_call_wire",
    "server_result_wire",
]

PROVIDER: Final = "anthropic"

Code = ProviderErrorCode
Stop = ResponseStopReason

_STOP_REASONS: Final = {
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
_CUT_SHORT: Final = frozenset({"max_tokens", "model_context_window_exceeded", "refusal"})

# Delta types this module knows, and the one block kind each belongs to.
_DELTA_KINDS: Final = {
    "text_delta": "text",
    "citations_delta": "text",
    "thinking_delta": "thinking",
    "signature_delta": "thinking",
    "input_json_delta": "tool_use",
}

# The kinds of an open block; any other block type is read as "skipped".
_TEXT: Final = "text"
_THINKING: Final = "thinking"
_REDACTED: Final = "redacted_thinking"
_TOOL_USE: Final = "tool_use"
_SERVER_CALL: Final = "server_call"
_SERVER_RESULT: Final = "server_result"
_SKIPPED: Final = "skipped"

# Server-tool call block types ({id, name, input} and other keys); a server tool's
# result is any block with a tool_use_id whose type is not tool_result.
SERVER_TOOL_USE: Final = "server_tool_use"
SERVER_CALL_TYPES: Final = frozenset({SERVER_TOOL_USE, "mcp_tool_use"})
_SERVER_CALL_FIELDS: Final = frozenset({"type", "id", "name", "input"})

# Usage keys read, and those that carry nothing the IR could hold (passed over without
# a warning); any other key that is not null is PART_NOT_READ (/usage/<key>).
_USAGE_READ: Final = frozenset(
    {
        "input_tokens",
        "output_tokens",
        "cache_read_input_tokens",
        "cache_creation_input_tokens",
        "output_tokens_details",
    }
)
_USAGE_IGNORED: Final = frozenset(
    {"cache_creation", "server_tool_use", "service_tier", "inference_geo", "speed", "iterations"}
)


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
    report that has it, as the SDK does), and the keys already warned about."""

    __slots__ = ("cache_read", "cache_write", "input", "output", "reasoning", "warned")

    def __init__(self) -> None:
        self.input = 0
        self.output = 0
        self.cache_read: int | None = None
        self.cache_write: int | None = None
        self.reasoning: int | None = None
        self.warned: set[str] = set()

    def read(
        self, reply: ReplyBuilder, usage: dict[str, Any], event: str, at: str, *, start: bool
    ) -> None:
        """Read ``usage`` (at ``at`` in ``event``): at the start ``input_tokens`` is
        required; every count present replaces the one so far."""
        if start:
            self.input = field_count(usage, "input_tokens", event, at)
        else:
            self.input = _count(usage, "input_tokens", event, at, self.input)
        self.output = _count(usage, "output_tokens", event, at, self.output)
        self.cache_read = _count(usage, "cache_read_input_tokens", event, at, self.cache_read)
        self.cache_write = _count(usage, "cache_creation_input_tokens", event, at, self.cache_write)
        details = optional_object(usage, "output_tokens_details", event, at)
        if details is not None:
            where = f"{at}/output_tokens_details"
            self.reasoning = _count(details, "thinking_tokens", event, where, self.reasoning)
            self._warn_unread(reply, details, ("output_tokens_details",), {"thinking_tokens"})
        self._warn_unread(reply, usage, (), _USAGE_READ | _USAGE_IGNORED)

    def _warn_unread(
        self,
        reply: ReplyBuilder,
        value: dict[str, Any],
        path: tuple[str, ...],
        known: frozenset[str] | set[str],
    ) -> None:
        for key, item in value.items():
            pointer = to_pointer(("usage", *path, key))
            if key in known or item is None or pointer in self.warned:
                continue
            self.warned.add(pointer)
            reply.warn(
                ConversionWarningCode.PART_NOT_READ,
                pointer,
                -1,
                f"usage.{'.'.join((*path, key))} has no IR form",
            )

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
        )


def _count(value: dict[str, Any], key: str, event: str, at: str, so_far: int | None) -> Any:
    found = optional_count(value, key, event, at)
    return so_far if found is None else found


def no_ir_form(reply: ReplyBuilder, index: int, wire_type: str) -> None:
    """The PART_NOT_READ warning of a content block the IR has no place for (a server
    tool's call or result): the same for a stream and a non-streamed reply."""
    reply.warn(
        ConversionWarningCode.PART_NOT_READ,
        f"/content/{index}",
        index,
        f"content[{index}] ({wire_type}) has no IR form",
    )


class AnthropicStream(SyncStream):
    """An Anthropic Messages event stream read from a sync iterable (``for chunk in
    stream``, ``stream.result()``); see the module docstring. ``source``: raw SSE
    bytes (any chunking) or decoded event objects. ``TypeError`` for a blank
    ``request_id`` or a ``cancel`` that is not a ``threading.Event``."""

    _function = "AnthropicStream"
    _start = "message_start"
    _terminal = "message_stop"

    def _state(self, builder: ReplyBuilder) -> StreamState:
        return AnthropicState(builder)


class AsyncAnthropicStream(AsyncStream):
    """An Anthropic Messages event stream read from an async iterable (``async for
    chunk in stream``, ``await stream.result()``); see the module docstring.
    ``TypeError`` for a blank ``request_id`` or a ``cancel`` that is not an
    ``asyncio.Event``."""

    _function = "AsyncAnthropicStream"
    _start = "message_start"
    _terminal = "message_stop"

    def _state(self, builder: ReplyBuilder) -> StreamState:
        return AnthropicState(builder)


class _Block:
    """The open content block: its index, kind and what it has gathered."""

    __slots__ = (
        "call_id",
        "citations",
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
        self.emitted = False  # a text block: some text came
        self.wire: dict[str, Any] | None = None  # a server-tool call's other keys


class AnthropicState:
    """Anthropic Messages events -> ``ReplyBuilder`` calls (a ``StreamState``); one
    per stream. See the module docstring for every mapping and failure."""

    def __init__(self, reply: ReplyBuilder) -> None:
        self._reply = reply
        self._usage = Usage()
        self._stop_reason: ResponseStopReason | None = None  # from the last message_delta
        self._block: _Block | None = None  # the open content block
        self._indices: set[int] = set()  # every block index started
        self._held: str | None = None  # why a stopped tool call was held back

    def handle(self, name: str | None, data: Any) -> None:
        if type(data) is not dict:
            if data is DONE:
                raise Refusal("a [DONE] event (Anthropic streams end with message_stop)")
            raise Refusal("the event data is not a JSON object")
        kind = data.get("type")
        if type(kind) is not str or not kind:
            raise Refusal("the event has no non-empty string type")
        if name is not None and name != kind and name != "message":
            raise Refusal(f"the SSE event name {quoted(name)} differs from its type {quoted(kind)}")
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise Refusal(f"unknown event type {quoted(kind)}", Code.PROVIDER_UNKNOWN_EVENT)
        if self._held is not None and kind not in ("ping", "error", "message_delta"):
            raise Refusal(self._held)
        if not self._reply.started and kind not in ("message_start", "ping", "error"):
            raise Refusal(f"{kind} before message_start", Code.PROVIDER_MISSING_START)
        handler(self, data)

    def end(self) -> None:
        """Nothing is owed: without message_stop the stream is PROVIDER_MISSING_TERMINAL."""

    # --- one method per event type ---------------------------------------------------

    def _message_start(self, data: dict[str, Any]) -> None:
        event = "message_start"
        message = field_object(data, "message", event)
        response_id = field_name(message, "id", event, "/message")
        if message.get("role", "assistant") != "assistant":
            raise field_error(message, "role", event, "/message", "'assistant'")
        content = message.get("content")
        if content is not None and content != []:
            raise field_error(message, "content", event, "/message", "an empty array or null")
        usage = optional_object(message, "usage", event, "/message")
        self._reply.start(response_id)
        if usage is not None:
            self._usage.read(self._reply, usage, event, "/message/usage", start=True)

    def _content_block_start(self, data: dict[str, Any]) -> None:
        index = field_count(data, "index", "content_block_start")
        if self._stop_reason is not None:
            raise Refusal(f"content_block_start (block {index}) after message_delta")
        if self._block is not None:
            raise Refusal(
                f"content_block_start of block {index} while block {self._block.index} is open"
            )
        if index in self._indices:
            raise Refusal(f"content_block_start index {index} repeats an earlier block")
        block = field_object(data, "content_block", "content_block_start")
        wire_type = field_string(block, "type", "content_block_start", "/content_block")
        self._indices.add(index)
        self._block = _opened(self._reply, index, wire_type, block)

    def _content_block_delta(self, data: dict[str, Any]) -> None:
        block = self._open(data, "content_block_delta")
        if block.kind in (_SKIPPED, _SERVER_RESULT):
            self._passed_over(block)
            return
        event = "content_block_delta"
        delta = field_object(data, "delta", event)
        delta_type = delta.get("type")
        if delta_type == "text_delta" and block.kind == _TEXT:
            text = field_string(delta, "text", event, "/delta")
            block.emitted |= bool(text)
            _text(self._reply, text, "text_delta")
            return
        if delta_type == "input_json_delta" and block.kind in (_TOOL_USE, _SERVER_CALL):
            block.parts.append(field_string(delta, "partial_json", event, "/delta"))
            return
        if delta_type == "thinking_delta" and block.kind == _THINKING:
            _thinking(
                self._reply, field_string(delta, "thinking", event, "/delta"), "thinking_delta"
            )
            return
        if delta_type == "signature_delta" and block.kind == _THINKING:
            block.signature = field_string(delta, "signature", event, "/delta")
            return
        if delta_type == "citations_delta" and block.kind == _TEXT:
            block.citations.append(field_object(delta, "citation", event, "/delta"))
            return
        if type(delta_type) is not str:
            raise field_error(delta, "type", event, "/delta", "a string")
        if delta_type in _DELTA_KINDS:
            raise Refusal(
                f"content_block_delta: a {delta_type} in block {block.index} ({block.wire_type})"
            )
        raise Refusal(
            f"content_block_delta: unknown delta type {quoted(delta_type)}",
            Code.PROVIDER_UNKNOWN_EVENT,
        )

    def _passed_over(self, block: _Block) -> None:
        """A delta of a skipped block (warned at its start), or of a server-tool result
        block: PART_NOT_READ, once per block (the result is the block its
        content_block_start gave)."""
        if block.kind == _SKIPPED or block.emitted:
            return
        block.emitted = True
        self._reply.warn(
            ConversionWarningCode.PART_NOT_READ,
            f"/content/{block.index}",
            block.index,
            f"a delta of content[{block.index}] ({block.wire_type}) has no IR form:"
            " the result is the block its content_block_start gave",
        )

    def _content_block_stop(self, data: dict[str, Any]) -> None:
        block = self._open(data, "content_block_stop")
        self._block = None
        if block.kind == _THINKING:
            self._reply.end_thinking(block.signature or None)
        elif block.kind == _TEXT:
            _end_text(self._reply, block)  # each Anthropic text block stays one block
        elif block.kind in (_TOOL_USE, _SERVER_CALL):
            arguments = _arguments(block)
            if isinstance(arguments, str):
                self._held = arguments  # refused by the next event unless cut short
                return
            if block.kind == _TOOL_USE:
                self._reply.tool_call(block.call_id, block.name, arguments, what="tool_use")
            else:
                self._reply.server_tool_call(
                    PROVIDER, block.call_id, block.name, arguments, block.wire, what=block.wire_type
                )

    def _message_delta(self, data: dict[str, Any]) -> None:
        event = "message_delta"
        delta = field_object(data, "delta", event)
        wire_reason = delta.get("stop_reason")
        stop_reason = _STOP_REASONS.get(wire_reason) if type(wire_reason) is str else None
        if stop_reason is None:
            raise field_error(delta, "stop_reason", event, "/delta", "an Anthropic stop reason")
        cut_short = wire_reason in _CUT_SHORT
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
                self._reply.end_thinking(block.signature or None)
            elif block.kind == _TEXT:
                _end_text(self._reply, block)
        usage = optional_object(data, "usage", event)
        if usage is not None:
            self._usage.read(self._reply, usage, event, "/usage", start=False)
        self._stop_reason = stop_reason

    def _message_stop(self, data: dict[str, Any]) -> None:
        if self._stop_reason is None:
            raise Refusal("message_stop without a message_delta (no stop reason)")
        self._usage.finish(self._reply, self._stop_reason)

    def _ping(self, data: dict[str, Any]) -> None:
        """Nothing."""

    def _error(self, data: dict[str, Any]) -> None:
        error = field_object(data, "error", "error")
        code = field_name(error, "type", "error", "/error")
        message = field_name(error, "message", "error", "/error")
        raise self._reply.fail(code, message)

    # --- helpers -----------------------------------------------------------------------

    def _open(self, data: dict[str, Any], kind: str) -> _Block:
        index = field_count(data, "index", kind)
        block = self._block
        if block is None or block.index != index:
            raise Refusal(f"{kind} for block {index}, which is not open")
        return block


_Handler = Callable[[AnthropicState, dict[str, Any]], None]
_HANDLERS: Final[dict[str, _Handler]] = {
    "message_start": AnthropicState._message_start,
    "content_block_start": AnthropicState._content_block_start,
    "content_block_delta": AnthropicState._content_block_delta,
    "content_block_stop": AnthropicState._content_block_stop,
    "message_delta": AnthropicState._message_delta,
    "message_stop": AnthropicState._message_stop,
    "ping": AnthropicState._ping,
    "error": AnthropicState._error,
}


def _opened(reply: ReplyBuilder, index: int, wire_type: str, block: dict[str, Any]) -> _Block:
    """The block a ``content_block_start`` opens, after the builder calls it makes."""
    event, at = "content_block_start", "/content_block"
    if wire_type == _TEXT:
        opened = _Block(index, _TEXT, wire_type)
        text = field_string(block, "text", event, at)
        opened.emitted = bool(text)
        _text(reply, text, "text block")
        citations = optional_array(block, "citations", event, at) or []
        for position in range(len(citations)):
            opened.citations.append(
                field_object_item(citations, position, event, f"{at}/citations")
            )
        return opened
    if wire_type == _THINKING:
        opened = _Block(index, _THINKING, wire_type)
        thinking = field_string(block, "thinking", event, at)
        opened.signature = optional_string(block, "signature", event, at) or None
        _thinking(reply, thinking, "thinking block")
        return opened
    if wire_type == _REDACTED:
        redacted = field_string(block, "data", event, at)
        reply.end_thinking(redacted, redacted=True, what="redacted_thinking block")
        return _Block(index, _REDACTED, wire_type)
    if wire_type == _TOOL_USE or wire_type in SERVER_CALL_TYPES:
        call = _Block(index, _TOOL_USE if wire_type == _TOOL_USE else _SERVER_CALL, wire_type)
        call.call_id = field_name(block, "id", event, at)
        call.name = field_name(block, "name", event, at)
        if "input" in block:  # absent: {}; null is no input object
            call.input = field_object(block, "input", event, at)
        if call.kind == _SERVER_CALL:
            call.wire = server_call_wire(block)
        return call
    if is_server_result(block):
        call_id = field_name(block, "tool_use_id", event, at)
        reply.server_tool_result(PROVIDER, call_id, server_result_wire(block), what=wire_type)
        return _Block(index, _SERVER_RESULT, wire_type)
    no_ir_form(reply, index, wire_type)
    return _Block(index, _SKIPPED, wire_type)


def field_object_item(values: list[Any], position: int, event: str, at: str) -> dict[str, Any]:
    """``values[position]``, a JSON object (an item of the array at ``at``)."""
    found = values[position]
    if type(found) is dict:
        return found
    raise field_error(values, position, event, at, "an object")


def cite(
    reply: ReplyBuilder, block_index: int, citations: list[dict[str, Any]], text: bool
) -> None:
    """The citations of a text block on the open text block (``text``: some text came);
    an empty text block's citations have nothing to stand on: PART_NOT_READ."""
    if not citations:
        return
    if not text:
        reply.warn(
            ConversionWarningCode.PART_NOT_READ,
            f"/content/{block_index}/citations",
            block_index,
            f"content[{block_index}].citations of an empty text block have no IR form",
        )
        return
    for citation in citations:
        reply.cite(PROVIDER, citation, what="citation")


def _end_text(reply: ReplyBuilder, block: _Block) -> None:
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


def _arguments(block: _Block) -> dict[str, Any] | str:
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
