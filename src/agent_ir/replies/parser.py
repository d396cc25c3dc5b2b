"""The ordered terminal-state parser: transport records in, chunks and one response out.

``ResponseParser(request_id)`` reads the records of one response in order through
``feed(record, index)`` and ends with ``finish(count)``. Its state is small: the
response id, the content blocks, the set of tool-call ids and the terminal result.
Records must already be private copies (``agent_ir.replies.snapshot``); the parser
never sees a caller-owned object. Every failure is a ``ProviderError`` whose
``record_index`` is the index passed to ``feed`` (``finish`` reports ``count``).

Each record is checked in this order:

1. not a JSON object, or no non-empty string ``type``: PROVIDER_INVALID_EVENT;
2. after the terminal: another ``response_end`` is PROVIDER_DUPLICATE_TERMINAL, any other
   record PROVIDER_INVALID_TERMINAL;
3. ``response_start``: a second one is PROVIDER_DUPLICATE_START; a blank ``responseId``
   or a ``role`` other than "assistant" PROVIDER_INVALID_EVENT;
4. ``transport_error``: PROVIDER_TRANSPORT_ERROR carrying the provider's ``code`` and
   ``message`` (both non-empty strings), else PROVIDER_INVALID_EVENT;
5. any other unknown ``type``: PROVIDER_UNKNOWN_EVENT;
6. ``text_delta``, ``tool_call`` or ``response_end`` before ``response_start``:
   PROVIDER_MISSING_START;
7. the record's own fields (shape first, PROVIDER_INVALID_EVENT), then how it links to
   the rest of the response: a ``response_end`` whose id differs from the start's is
   PROVIDER_RESPONSE_MISMATCH; ``stopReason`` "tool_call" without a tool call, or "stop"
   with one, is PROVIDER_INVALID_TERMINAL ("length" and "error" may follow either); a
   ``response_end`` while a thinking block is open (``thinking_delta`` records with no
   ``thinking_end``) is PROVIDER_INVALID_EVENT.

The course's contract: every ``text_delta`` record appends one ``TextBlock`` and emits
one text chunk (consecutive deltas are not joined; a ``text_end`` record changes
nothing). ``thinking_delta`` records emit ``ThinkingDeltaChunk``s; the ``thinking_end``
after them closes one ``ThinkingBlock`` (their text joined, with the record's
``signature`` and ``redacted`` flag) in the response's message, in order with the other
blocks. The reply itself is assembled by ``agent_ir.replies.builder.ReplyBuilder``,
which owns the linkage and terminal rules of steps 2, 3, 6 and 7; this module checks
the records' own fields.

"Non-empty" means containing a non-whitespace character. Strings that reach the IR
(text, ids, names, argument keys and values) must be valid Unicode; a lone surrogate
is PROVIDER_INVALID_EVENT. Unknown fields of a known record, and of the usage object
of a ``response_end``, are ignored: transport data gains fields, and a record is judged
by what the IR takes from it. (The fixture schema, which describes recorded fixture
files, closes both objects; ``schemas/README.md`` lists this difference.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeGuard

from agent_ir._generated.model_stream_schema import (
    ModelChunk,
    ModelResponse,
    ProviderErrorCode,
    ResponseStopReason,
)
from agent_ir._text import is_blank, is_valid_unicode, non_empty_id
from agent_ir.replies.builder import MAX_TOKEN_COUNT, Refusal, ReplyBuilder, refusal_error
from agent_ir.replies.protocol import ProviderError

__all__ = ["MAX_TOKEN_COUNT", "ResponseParser"]

_STOP_REASONS = {
    "stop": ResponseStopReason.STOP,
    "tool_call": ResponseStopReason.TOOL_CALL,
    "length": ResponseStopReason.LENGTH,
    "error": ResponseStopReason.ERROR,
}
_USAGE_SPELLINGS = (("input_tokens", "inputTokens"), ("output_tokens", "outputTokens"))


class ResponseParser:
    """Parses one response's records in order; see the module docstring for the rules.

    ``feed`` returns the chunk a record emits (``None`` for records that emit none) or
    raises ``ProviderError``; ``finish`` returns the ``ModelResponse`` or raises
    PROVIDER_MISSING_TERMINAL. After a failure the parser must not be fed again.
    """

    __slots__ = ("_builder",)

    def __init__(self, request_id: str) -> None:
        self._builder = ReplyBuilder(request_id)

    def feed(self, record: Any, index: int) -> ModelChunk | None:
        """Apply record number ``index`` (0-based); the chunk it emits, if any."""
        chunks = self._builder.chunks
        try:
            self._apply(record)
        except Refusal as refusal:
            raise refusal_error(refusal, f"record {index}", index) from None
        return chunks.popleft() if chunks else None

    def feed_all(self, records: list[Any], emit: Callable[[ModelChunk], object]) -> None:
        """``feed`` every record of ``records`` in order, passing each chunk to ``emit``.

        The same rules as ``feed``; a well-formed ``text_delta`` of an open response (most
        records of a long reply) skips the general dispatch."""
        builder = self._builder
        for index, record in enumerate(records):
            if type(record) is dict and record.get("type") == "text_delta" and builder.open:
                text = record.get("text")
                if type(text) is str and is_valid_unicode(text):
                    emit(builder.text_block_chunk(text))
                    continue
            chunk = self.feed(record, index)
            if chunk is not None:
                emit(chunk)

    def finish(self, count: int) -> ModelResponse:
        """The response, once all ``count`` records were fed; PROVIDER_MISSING_TERMINAL
        (``record_index=count``) when no ``response_end`` came."""
        response = self._builder.response
        if response is None:
            raise ProviderError(
                ProviderErrorCode.PROVIDER_MISSING_TERMINAL,
                f"record {count}: the records ended after {count} without a response_end",
                record_index=count,
            )
        return response

    def _apply(self, record: Any) -> None:
        if type(record) is not dict:
            raise Refusal("is not a JSON object")
        kind = record.get("type")
        if type(kind) is not str or is_blank(kind):
            raise Refusal("has no non-empty string type")
        builder = self._builder
        builder.check_open(f"{kind!r} record", terminal=kind == "response_end")
        if kind == "response_start":
            _start(builder, record)
            return
        if kind == "transport_error":
            raise _transport_error(record)
        reader = _READERS.get(kind)
        if reader is None:
            raise Refusal(f"unknown record type {kind!r}", ProviderErrorCode.PROVIDER_UNKNOWN_EVENT)
        builder.check_started(f"{kind} record")
        reader(builder, record)


def _start(builder: ReplyBuilder, record: dict[str, Any]) -> None:
    if builder.started:
        builder.start("")  # refused: a second response_start
    response_id = record.get("responseId")
    if not _is_id(response_id):
        raise Refusal("response_start responseId must be a non-empty string")
    if record.get("role") != "assistant":
        raise Refusal('response_start role must be "assistant"')
    builder.start(response_id)


def _text_delta(builder: ReplyBuilder, record: dict[str, Any]) -> None:
    text = record.get("text")
    if type(text) is not str:
        raise Refusal("text_delta text must be a string of valid Unicode")
    builder.text(text, block=True, what="text_delta")


def _text_end(builder: ReplyBuilder, record: dict[str, Any]) -> None:
    """Every text_delta is a block of its own already."""


def _thinking_delta(builder: ReplyBuilder, record: dict[str, Any]) -> None:
    text = record.get("text")
    if type(text) is not str:
        raise Refusal("thinking_delta text must be a string of valid Unicode")
    builder.thinking(text, what="thinking_delta")


def _thinking_end(builder: ReplyBuilder, record: dict[str, Any]) -> None:
    signature = record.get("signature")
    redacted = record.get("redacted")
    if signature is not None and type(signature) is not str:
        raise Refusal("thinking_end signature must be a string of valid Unicode")
    if redacted is not None and type(redacted) is not bool:
        raise Refusal("thinking_end redacted must be true or false")
    builder.end_thinking(signature, redacted=bool(redacted), what="thinking_end")


def _tool_call(builder: ReplyBuilder, record: dict[str, Any]) -> None:
    call_id = record.get("id")
    name = record.get("name")
    arguments = record.get("arguments")
    if not _is_id(call_id):
        raise Refusal("tool_call id must be a non-empty string")
    if not _is_id(name):
        raise Refusal("tool_call name must be a non-empty string")
    if type(arguments) is not dict:
        raise Refusal(f"tool_call {call_id!r} ({name}) arguments must be a JSON object")
    # The record is already a private copy: its arguments are frozen in place.
    builder.tool_call(call_id, name, arguments, what="tool_call")


def _end(builder: ReplyBuilder, record: dict[str, Any]) -> None:
    response_id = record.get("responseId")
    if not _is_id(response_id):
        raise Refusal("response_end responseId must be a non-empty string")
    wire_reason = record.get("stopReason")
    stop_reason = _STOP_REASONS.get(wire_reason) if type(wire_reason) is str else None
    if stop_reason is None:
        raise Refusal('response_end stopReason must be "stop", "tool_call", "length" or "error"')
    input_tokens, output_tokens = _usage(record.get("usage"))
    builder.finish(stop_reason, input_tokens, output_tokens, response_id=response_id)


_READERS: dict[str, Callable[[ReplyBuilder, dict[str, Any]], None]] = {
    "text_delta": _text_delta,
    "text_end": _text_end,
    "thinking_delta": _thinking_delta,
    "thinking_end": _thinking_end,
    "tool_call": _tool_call,
    "response_end": _end,
}


def _usage(wire: object) -> tuple[int, int]:
    if type(wire) is not dict:
        raise Refusal("response_end usage must be a JSON object")
    counts: list[int] = []
    for snake, camel in _USAGE_SPELLINGS:
        if snake in wire and camel in wire:
            raise Refusal(f"response_end usage has both {camel} and {snake}")
        count = wire.get(camel, wire.get(snake))
        if type(count) is not int or not 0 <= count <= MAX_TOKEN_COUNT:
            raise Refusal(
                f"response_end usage {camel} (or {snake}) must be an integer from 0 to 2^53-1"
            )
        counts.append(count)
    return counts[0], counts[1]


def _transport_error(record: dict[str, Any]) -> Refusal:
    code = record.get("code")
    message = record.get("message")
    if not _is_id(code) or not _is_id(message):
        return Refusal("transport_error code and message must be non-empty strings")
    return Refusal(message, ProviderErrorCode.PROVIDER_TRANSPORT_ERROR, provider_code=code)


def _is_id(value: object) -> TypeGuard[str]:
    """A non-empty string of valid Unicode (ids, names, codes)."""
    return non_empty_id(value)
