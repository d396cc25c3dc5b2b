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

Consecutive ``text_delta`` records make one ``TextBlock``; a ``text_end`` record ends
it, so that two text blocks a provider sent apart stay apart. ``thinking_delta``
records emit ``ThinkingDeltaChunk``s; the ``thinking_end`` after them
closes one ``ThinkingBlock`` (their text joined, with the record's ``signature`` and
``redacted`` flag) in the response's message, in order with the other blocks.

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

from agent_ir._errors import JsonValueError
from agent_ir._generated.message_schema import (
    AssistantMessage,
    StopReason,
    TextBlock,
    ThinkingBlock,
    ToolCallBlock,
    Usage,
)
from agent_ir._generated.model_stream_schema import (
    ModelChunk,
    ModelResponse,
    ProviderErrorCode,
    ResponseStopReason,
    TextDeltaChunk,
    ThinkingDeltaChunk,
    ToolCallChunk,
)
from agent_ir._jsonobject import adopt_object
from agent_ir._paths import format_path
from agent_ir._text import is_blank, is_valid_unicode, non_empty_id
from agent_ir.replies.protocol import ProviderError

__all__ = ["MAX_TOKEN_COUNT", "ResponseParser"]

MAX_TOKEN_COUNT = 2**53 - 1
"""Largest token count accepted (the largest integer every JSON reader keeps exact)."""

_KNOWN_AFTER_START = frozenset(
    {"text_delta", "text_end", "thinking_delta", "thinking_end", "tool_call", "response_end"}
)
_STOP_REASONS = {
    "stop": ResponseStopReason.STOP,
    "tool_call": ResponseStopReason.TOOL_CALL,
    "length": ResponseStopReason.LENGTH,
    "error": ResponseStopReason.ERROR,
}
_MESSAGE_STOP = {
    ResponseStopReason.STOP: StopReason.STOP,
    ResponseStopReason.TOOL_CALL: StopReason.TOOL_CALL,
    ResponseStopReason.LENGTH: StopReason.LENGTH,
    ResponseStopReason.ERROR: StopReason.ERROR,
}
_USAGE_SPELLINGS = (("input_tokens", "inputTokens"), ("output_tokens", "outputTokens"))


class ResponseParser:
    """Parses one response's records in order; see the module docstring for the rules.

    ``feed`` returns the chunk a record emits (``None`` for records that emit none) or
    raises ``ProviderError``; ``finish`` returns the ``ModelResponse`` or raises
    PROVIDER_MISSING_TERMINAL. After a failure the parser must not be fed again.
    """

    __slots__ = (
        "_blocks",
        "_request_id",
        "_response",
        "_response_id",
        "_text",
        "_thinking",
        "_tool_call_ids",
    )

    def __init__(self, request_id: str) -> None:
        self._request_id = request_id
        self._response_id: str | None = None
        self._blocks: list[TextBlock | ThinkingBlock | ToolCallBlock] = []
        self._text: list[str] = []  # text deltas since the last other block: one TextBlock
        self._thinking: list[str] = []  # reasoning since the last thinking_end
        self._tool_call_ids: set[str] = set()
        self._response: ModelResponse | None = None

    def feed(self, record: Any, index: int) -> ModelChunk | None:
        """Apply record number ``index`` (0-based); the chunk it emits, if any."""
        if type(record) is not dict:
            raise _event_error(index, "is not a JSON object")
        kind = record.get("type")
        # The hot path first: a well-formed delta inside an open response.
        if kind == "text_delta" and self._response is None and self._response_id is not None:
            text = record.get("text")
            if type(text) is not str or not is_valid_unicode(text):
                raise _event_error(index, "text_delta text must be a string of valid Unicode")
            self._text.append(text)
            return TextDeltaChunk(request_id=self._request_id, delta=text)
        if type(kind) is not str or is_blank(kind):
            raise _event_error(index, "has no non-empty string type")
        if self._response is not None:
            raise _after_terminal(kind, index)
        if kind == "response_start":
            self._start(record, index)
            return None
        return self._feed_after_start(record, kind, index)

    def _feed_after_start(self, record: dict[str, Any], kind: str, index: int) -> ModelChunk | None:
        """A record other than response_start while no response_end has come."""
        if kind == "transport_error":
            raise _transport_error(record, index)
        if kind not in _KNOWN_AFTER_START:
            raise _error(
                ProviderErrorCode.PROVIDER_UNKNOWN_EVENT, index, f"unknown record type {kind!r}"
            )
        if self._response_id is None:
            raise _error(
                ProviderErrorCode.PROVIDER_MISSING_START,
                index,
                f"a {kind} record before response_start",
            )
        if kind == "tool_call":
            return self._tool_call(record, index)
        if kind == "text_end":
            self._flush_text()
            return None
        if kind == "thinking_delta":
            return self._thinking_delta(record, index)
        if kind == "thinking_end":
            self._thinking_end(record, index)
            return None
        # Only response_end is left: the hot path took every text_delta of an open response.
        self._end(record, self._response_id, index)
        return None

    def feed_all(self, records: list[Any], emit: Callable[[ModelChunk], object]) -> None:
        """``feed`` every record of ``records`` in order, passing each chunk to ``emit``.

        The same rules as ``feed``; well-formed deltas of an open response skip the
        general dispatch, which is most records of a long reply.
        """
        request_id = self._request_id
        keep_text = self._text.append
        is_open = self._response is None and self._response_id is not None
        for index, record in enumerate(records):
            if is_open and type(record) is dict and record.get("type") == "text_delta":
                text = record.get("text")
                if type(text) is str and is_valid_unicode(text):
                    keep_text(text)
                    emit(TextDeltaChunk(request_id=request_id, delta=text))
                    continue
            chunk = self.feed(record, index)
            if chunk is not None:
                emit(chunk)
            is_open = self._response is None and self._response_id is not None

    def finish(self, count: int) -> ModelResponse:
        """The response, once all ``count`` records were fed; PROVIDER_MISSING_TERMINAL
        (``record_index=count``) when no ``response_end`` came."""
        if self._response is None:
            raise _error(
                ProviderErrorCode.PROVIDER_MISSING_TERMINAL,
                count,
                f"the records ended after {count} without a response_end",
            )
        return self._response

    def _start(self, record: dict[str, Any], index: int) -> None:
        if self._response_id is not None:
            raise _error(
                ProviderErrorCode.PROVIDER_DUPLICATE_START, index, "a second response_start"
            )
        response_id = record.get("responseId")
        if not _is_id(response_id):
            raise _event_error(index, "response_start responseId must be a non-empty string")
        if record.get("role") != "assistant":
            raise _event_error(index, 'response_start role must be "assistant"')
        self._response_id = response_id

    def _flush_text(self) -> None:
        """Consecutive text deltas make one text block."""
        if self._text:
            self._blocks.append(TextBlock(text="".join(self._text)))
            self._text.clear()  # the same list: feed_all holds its append

    def _flushed_blocks(self) -> list[TextBlock | ThinkingBlock | ToolCallBlock]:
        self._flush_text()
        return self._blocks

    def _thinking_delta(self, record: dict[str, Any], index: int) -> ThinkingDeltaChunk:
        text = record.get("text")
        if type(text) is not str or not is_valid_unicode(text):
            raise _event_error(index, "thinking_delta text must be a string of valid Unicode")
        self._flush_text()
        self._thinking.append(text)
        return ThinkingDeltaChunk(request_id=self._request_id, delta=text)

    def _thinking_end(self, record: dict[str, Any], index: int) -> None:
        signature = record.get("signature")
        redacted = record.get("redacted")
        if signature is not None and (
            type(signature) is not str or not is_valid_unicode(signature)
        ):
            raise _event_error(index, "thinking_end signature must be a string of valid Unicode")
        if redacted is not None and type(redacted) is not bool:
            raise _event_error(index, "thinking_end redacted must be true or false")
        self._flush_text()
        self._blocks.append(
            ThinkingBlock(
                thinking="".join(self._thinking),
                signature=signature,
                redacted=True if redacted else None,
            )
        )
        self._thinking = []

    def _tool_call(self, record: dict[str, Any], index: int) -> ToolCallChunk:
        call_id = record.get("id")
        name = record.get("name")
        arguments = record.get("arguments")
        if not _is_id(call_id):
            raise _event_error(index, "tool_call id must be a non-empty string")
        if not _is_id(name):
            raise _event_error(index, "tool_call name must be a non-empty string")
        if type(arguments) is not dict:
            raise _event_error(
                index, f"tool_call {call_id!r} ({name}) arguments must be a JSON object"
            )
        try:
            frozen = adopt_object(arguments)  # the record is already a private copy
        except JsonValueError as error:
            where = format_path(("arguments", *error.path))
            raise _event_error(index, f"tool_call {where} {error.reason}") from None
        if call_id in self._tool_call_ids:
            raise _event_error(
                index, f"tool_call id {call_id!r} repeats an earlier call of this response"
            )
        self._tool_call_ids.add(call_id)
        block = ToolCallBlock(id=call_id, name=name, arguments=frozen)
        self._flush_text()
        self._blocks.append(block)
        return ToolCallChunk(request_id=self._request_id, tool_call=block)

    def _end(self, record: dict[str, Any], start_id: str, index: int) -> None:
        response_id = record.get("responseId")
        if not _is_id(response_id):
            raise _event_error(index, "response_end responseId must be a non-empty string")
        wire_reason = record.get("stopReason")
        stop_reason = _STOP_REASONS.get(wire_reason) if type(wire_reason) is str else None
        if stop_reason is None:
            raise _event_error(
                index, 'response_end stopReason must be "stop", "tool_call", "length" or "error"'
            )
        if self._thinking:
            raise _event_error(index, "response_end inside a thinking block (no thinking_end)")
        usage = _usage(record.get("usage"), index)
        if response_id != start_id:
            raise _error(
                ProviderErrorCode.PROVIDER_RESPONSE_MISMATCH,
                index,
                f"response_end responseId {response_id!r} differs from response_start's {start_id!r}",
            )
        if stop_reason is ResponseStopReason.TOOL_CALL and not self._tool_call_ids:
            raise _error(
                ProviderErrorCode.PROVIDER_INVALID_TERMINAL,
                index,
                'stopReason "tool_call" without a tool call',
            )
        if stop_reason is ResponseStopReason.STOP and self._tool_call_ids:
            raise _error(
                ProviderErrorCode.PROVIDER_INVALID_TERMINAL,
                index,
                'stopReason "stop" after a tool call',
            )
        message = AssistantMessage(
            id="message-" + response_id,
            content=tuple(self._flushed_blocks()),
            usage=usage,
            stop_reason=_MESSAGE_STOP[stop_reason],
        )
        self._response = ModelResponse(
            id=response_id,
            request_id=self._request_id,
            message=message,
            stop_reason=stop_reason,
            usage=usage,
            warnings=(),
        )


def _usage(wire: object, index: int) -> Usage:
    if type(wire) is not dict:
        raise _event_error(index, "response_end usage must be a JSON object")
    counts: list[int] = []
    for snake, camel in _USAGE_SPELLINGS:
        if snake in wire and camel in wire:
            raise _event_error(index, f"response_end usage has both {camel} and {snake}")
        count = wire.get(camel, wire.get(snake))
        if type(count) is not int or not 0 <= count <= MAX_TOKEN_COUNT:
            raise _event_error(
                index,
                f"response_end usage {camel} (or {snake}) must be an integer from 0 to 2^53-1",
            )
        counts.append(count)
    return Usage(input_tokens=counts[0], output_tokens=counts[1])


def _after_terminal(kind: str, index: int) -> ProviderError:
    if kind == "response_end":
        return _error(ProviderErrorCode.PROVIDER_DUPLICATE_TERMINAL, index, "a second response_end")
    return _error(
        ProviderErrorCode.PROVIDER_INVALID_TERMINAL, index, f"a {kind!r} record after response_end"
    )


def _transport_error(record: dict[str, Any], index: int) -> ProviderError:
    code = record.get("code")
    message = record.get("message")
    if not _is_id(code) or not _is_id(message):
        return _event_error(index, "transport_error code and message must be non-empty strings")
    return ProviderError(
        ProviderErrorCode.PROVIDER_TRANSPORT_ERROR, message, record_index=index, provider_code=code
    )


def _is_id(value: object) -> TypeGuard[str]:
    """A non-empty string of valid Unicode (ids, names, codes)."""
    return non_empty_id(value)


def _event_error(index: int, reason: str) -> ProviderError:
    return _error(ProviderErrorCode.PROVIDER_INVALID_EVENT, index, reason)


def _error(code: ProviderErrorCode, index: int, reason: str) -> ProviderError:
    return ProviderError(code, f"record {index}: {reason}", record_index=index)
