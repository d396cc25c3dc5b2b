"""``ReplyBuilder``: the one place a reply is assembled, whoever reads it.

The fixture parser, each provider's stream state and each provider's non-streamed
reply reader call its typed methods (``start``, ``text``, ``end_text``, ``thinking``,
``end_thinking``, ``tool_call``, ``warn``, ``finish``, ``fail``); it owns the terminal
discipline and every end-of-stream code, so that no client repeats them. A method
that refuses raises ``Refusal`` (a code and a sentence); the client's driver turns it
into a ``ProviderError`` carrying the index of the event or record it read. Chunks go
to ``chunks`` (a deque the driver drains), in order.

The rules:

- ``start`` comes once (again: PROVIDER_DUPLICATE_START), before every other call
  (PROVIDER_MISSING_START).
- After ``finish``: another ``finish`` is PROVIDER_DUPLICATE_TERMINAL, anything else
  PROVIDER_INVALID_TERMINAL.
- ``text(delta)`` appends to the open text block (a provider block's deltas join);
  ``text(delta, block=True)`` appends a whole text block of its own (a fixture's
  ``text_delta``); ``end_text`` closes the open one. Every text call emits one chunk.
- ``thinking(delta)`` opens or extends a thinking block, emitting a chunk;
  ``end_thinking`` closes it (with the signature and redacted flag); ``finish`` while it
  is open is PROVIDER_INVALID_EVENT.
- ``tool_call`` freezes the arguments (a JSON object within the depth bound; its id
  unique in the reply), emitting a chunk.
- ``finish(stop_reason, usage)``: "tool_call" without a tool call, or "stop" with one,
  is PROVIDER_INVALID_TERMINAL ("length" and "error" may follow either); token counts
  are integers from 0 to 2^53-1.
- Strings that reach the IR must be valid Unicode (PROVIDER_INVALID_EVENT).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from agent_ir._errors import JsonValueError
from agent_ir._generated.conversion_warning_schema import (
    ConversionWarning,
    ConversionWarningCode,
)
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
from agent_ir._text import is_valid_unicode, non_empty_id
from agent_ir.replies.protocol import ProviderError

__all__ = ["MAX_TOKEN_COUNT", "Refusal", "ReplyBuilder", "refusal_error"]

MAX_TOKEN_COUNT = 2**53 - 1
"""Largest token count accepted (the largest integer every JSON reader keeps exact)."""

_MESSAGE_STOP = {
    ResponseStopReason.STOP: StopReason.STOP,
    ResponseStopReason.TOOL_CALL: StopReason.TOOL_CALL,
    ResponseStopReason.LENGTH: StopReason.LENGTH,
    ResponseStopReason.ERROR: StopReason.ERROR,
}
_Block = TextBlock | ThinkingBlock | ToolCallBlock


class Refusal(Exception):
    """A builder call (or a client's own check) refused: ``code`` and a sentence. The
    driver turns it into a ``ProviderError`` with the index of what it was reading."""

    def __init__(
        self,
        reason: str,
        code: ProviderErrorCode = ProviderErrorCode.PROVIDER_INVALID_EVENT,
        *,
        provider_code: str | None = None,
    ) -> None:
        super().__init__(reason)
        self.code = code
        self.provider_code = provider_code


def refusal_error(refusal: Refusal, where: str, index: int) -> ProviderError:
    """The ``ProviderError`` of ``refusal`` met at ``where`` ("record 3", "event 3"),
    ``index`` its ``record_index``. A provider's own error keeps its own message."""
    own = refusal.provider_code is not None
    message = str(refusal) if own else f"{where}: {refusal}"
    return ProviderError(
        refusal.code, message, record_index=index, provider_code=refusal.provider_code
    )


class ReplyBuilder:
    """Assembles one reply; see the module docstring for the rules."""

    __slots__ = (
        "_blocks",
        "_call_ids",
        "_names",
        "_open_text",
        "_request_id",
        "_response",
        "_response_id",
        "_thinking",
        "_warnings",
        "chunks",
    )

    def __init__(
        self, request_id: str, *, start: str = "response_start", terminal: str = "response_end"
    ) -> None:
        """``start`` and ``terminal`` name the client's start and terminal events in
        refusals ("a second message_start")."""
        self._request_id = request_id
        self._names = (start, terminal)
        self._response_id: str | None = None
        self._blocks: list[_Block] = []
        self._open_text: list[str] | None = None  # the open text block's pieces
        self._thinking: list[str] | None = None  # the open thinking block's pieces
        self._call_ids: set[str] = set()
        self._warnings: list[ConversionWarning] = []
        self._response: ModelResponse | None = None
        self.chunks: deque[ModelChunk] = deque()

    @property
    def started(self) -> bool:
        return self._response_id is not None

    @property
    def response(self) -> ModelResponse | None:
        """The finished response, ``None`` until ``finish``."""
        return self._response

    def start(self, response_id: str) -> None:
        """The reply's first call: its id."""
        start = self._names[0]
        self._check_open(start)
        if self._response_id is not None:
            raise Refusal(f"a second {start}", ProviderErrorCode.PROVIDER_DUPLICATE_START)
        if not non_empty_id(response_id):
            raise Refusal(f"{start} id must be a non-empty string")
        self._response_id = response_id

    def text(self, delta: str, *, block: bool = False, what: str = "text") -> None:
        """Append ``delta`` to the open text block (a new one when none is open, or
        when ``block``: then it is a whole block of its own); one chunk. ``what``
        names the client's event in refusals, here and below."""
        self._check_started(what)
        if not is_valid_unicode(delta):
            raise Refusal(f"{what} text must be a string of valid Unicode")
        if block:
            self.end_text()
            self._blocks.append(TextBlock(text=delta))
        elif self._open_text is None:
            self._open_text = [delta]
        else:
            self._open_text.append(delta)
        self.chunks.append(TextDeltaChunk(request_id=self._request_id, delta=delta))

    @property
    def open(self) -> bool:
        """Started and not finished: a content call is taken."""
        return self._response_id is not None and self._response is None

    def text_block_chunk(self, delta: str) -> TextDeltaChunk:
        """``text(delta, block=True)`` for a caller that checked ``open`` and that
        ``delta`` is valid Unicode: the block is added and its chunk returned, not
        queued (the fixture parser's hot path)."""
        self.end_text()
        self._blocks.append(TextBlock(text=delta))
        return TextDeltaChunk(request_id=self._request_id, delta=delta)

    def end_text(self) -> None:
        """Close the open text block, if any (two text blocks stay two)."""
        if self._open_text is not None:
            self._blocks.append(TextBlock(text="".join(self._open_text)))
            self._open_text = None

    def thinking(self, delta: str, *, what: str = "thinking") -> None:
        """Open or extend the thinking block; one chunk."""
        self._check_started(what)
        if not is_valid_unicode(delta):
            raise Refusal(f"{what} text must be a string of valid Unicode")
        self.end_text()
        if self._thinking is None:
            self._thinking = [delta]
        else:
            self._thinking.append(delta)
        self.chunks.append(ThinkingDeltaChunk(request_id=self._request_id, delta=delta))

    def end_thinking(
        self, signature: str | None = None, *, redacted: bool = False, what: str = "thinking end"
    ) -> None:
        """Close the thinking block (its text may be empty: a redacted block)."""
        self._check_started(what)
        if signature is not None and not is_valid_unicode(signature):
            raise Refusal(f"{what} signature must be a string of valid Unicode")
        self.end_text()
        pieces = self._thinking or []
        self._thinking = None
        self._blocks.append(
            ThinkingBlock(
                thinking="".join(pieces), signature=signature, redacted=True if redacted else None
            )
        )

    def tool_call(
        self, call_id: str, name: str, arguments: dict[str, Any], *, what: str = "tool call"
    ) -> None:
        """A complete tool call; ``arguments`` must be a private JSON object (it is
        frozen in place, not copied). One chunk."""
        self._check_started(what)
        if not non_empty_id(call_id):
            raise Refusal("a tool call id must be a non-empty string")
        if not non_empty_id(name):
            raise Refusal(f"tool call {call_id!r}: its name must be a non-empty string")
        if type(arguments) is not dict:
            raise Refusal(f"tool call {call_id!r} ({name}) arguments must be a JSON object")
        try:
            frozen = adopt_object(arguments)
        except JsonValueError as error:
            where = format_path(("arguments", *error.path))
            raise Refusal(f"{what} {where} {error.reason}") from None
        if call_id in self._call_ids:
            raise Refusal(f"{what} id {call_id!r} repeats an earlier call of this response")
        self._call_ids.add(call_id)
        self.end_text()
        call = ToolCallBlock(id=call_id, name=name, arguments=frozen)
        self._blocks.append(call)
        self.chunks.append(ToolCallChunk(request_id=self._request_id, tool_call=call))

    def warn(self, code: ConversionWarningCode, path: str, block_index: int, text: str) -> None:
        """Something the reply held that the IR has no place for; ``path`` a JSON
        Pointer into the reply as the non-streamed API returns it."""
        self._warnings.append(
            ConversionWarning(
                code=code, path=path, message_index=0, block_index=block_index, message=text
            )
        )

    def finish(
        self,
        stop_reason: ResponseStopReason,
        input_tokens: int,
        output_tokens: int,
        *,
        response_id: str | None = None,
    ) -> ModelResponse:
        """The terminal: the response, with the message of every block so far;
        ``response_id``, when the terminal repeats it, must be the start's."""
        start, what = self._names
        if self._response is not None:
            raise Refusal(f"a second {what}", ProviderErrorCode.PROVIDER_DUPLICATE_TERMINAL)
        start_id = self._check_started(what)
        if self._thinking is not None:
            raise Refusal(f"{what} inside a thinking block (no end of the block came)")
        for name, count in (("input", input_tokens), ("output", output_tokens)):
            if type(count) is not int or not 0 <= count <= MAX_TOKEN_COUNT:
                raise Refusal(f"{what} {name} token count must be an integer from 0 to 2^53-1")
        if response_id is not None and response_id != start_id:
            raise Refusal(
                f"{what} id {response_id!r} differs from {start}'s {start_id!r}",
                ProviderErrorCode.PROVIDER_RESPONSE_MISMATCH,
            )
        if stop_reason is ResponseStopReason.TOOL_CALL and not self._call_ids:
            raise Refusal(
                'stop reason "tool_call" without a tool call',
                ProviderErrorCode.PROVIDER_INVALID_TERMINAL,
            )
        if stop_reason is ResponseStopReason.STOP and self._call_ids:
            raise Refusal(
                'stop reason "stop" after a tool call', ProviderErrorCode.PROVIDER_INVALID_TERMINAL
            )
        self.end_text()
        usage = Usage(input_tokens=input_tokens, output_tokens=output_tokens)
        message = AssistantMessage(
            id="message-" + start_id,
            content=tuple(self._blocks),
            usage=usage,
            stop_reason=_MESSAGE_STOP[stop_reason],
        )
        self._response = ModelResponse(
            id=start_id,
            request_id=self._request_id,
            message=message,
            stop_reason=stop_reason,
            usage=usage,
            warnings=tuple(self._warnings),
        )
        return self._response

    def fail(self, code: str, message: str) -> Refusal:
        """The provider reported an error in the stream (``code`` its own):
        PROVIDER_TRANSPORT_ERROR, for the client to raise."""
        if self._response is not None:
            return Refusal(
                "an error event after the terminal", ProviderErrorCode.PROVIDER_INVALID_TERMINAL
            )
        return Refusal(message, ProviderErrorCode.PROVIDER_TRANSPORT_ERROR, provider_code=code)

    def check_open(self, what: str, *, terminal: bool = False) -> None:
        """Refuse a ``what`` event after the terminal: PROVIDER_DUPLICATE_TERMINAL when
        it is a ``terminal`` one, else PROVIDER_INVALID_TERMINAL; for clients that must
        say so before reading the event's fields."""
        if self._response is not None and terminal:
            raise Refusal(
                f"a second {self._names[1]}", ProviderErrorCode.PROVIDER_DUPLICATE_TERMINAL
            )
        self._check_open(what)

    def check_started(self, what: str) -> None:
        """Refuse a ``what`` event before the start (PROVIDER_MISSING_START), or after
        the terminal."""
        self._check_started(what)

    def _check_open(self, what: str) -> None:
        if self._response is not None:
            raise Refusal(
                f"a {what} after {self._names[1]}", ProviderErrorCode.PROVIDER_INVALID_TERMINAL
            )

    def _check_started(self, what: str) -> str:
        self._check_open(what)
        if self._response_id is None:
            raise Refusal(
                f"a {what} before {self._names[0]}", ProviderErrorCode.PROVIDER_MISSING_START
            )
        return self._response_id
