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
  ``next_thinking_part`` starts a new block inside it (an OpenAI reasoning item's next
  summary part), and ``end_thinking`` closes it: every part becomes one thinking block,
  all with the signature and redacted flag; ``finish`` while it
  is open is PROVIDER_INVALID_EVENT.
- ``tool_call`` freezes the arguments (a JSON object within the depth bound; its id
  unique in the reply), emitting a chunk.
- ``cite`` adds a citation to the open text block (else to the last block when it is a
  text block; else PROVIDER_INVALID_EVENT); ``text(..., item_id=)`` and
  ``tool_call(..., item_id=, namespace=)`` keep a provider's item id on the block;
  ``thought_signature=`` on ``text``, ``end_thinking`` and ``tool_call``, and
  ``sign_text`` for one that comes alone, keep Gemini's signature of a part on its block.
- ``refusal(delta)`` opens or extends a refusal block (one ``refusalDelta`` chunk);
  ``end_text`` closes it as it closes a text block.
- ``server_tool_call`` and ``server_tool_result`` add a hosted tool's blocks as the
  provider wrote them (JSON objects within the depth bound); they emit no chunk. A
  result's call may be in an earlier reply (after Anthropic's ``pause_turn``): the
  transcript's linkage rule judges it.
- ``finish(stop_reason, usage)``: "tool_call" without a tool call, or "stop" with one,
  is PROVIDER_INVALID_TERMINAL ("length", "error" and "refusal" may follow either);
  token counts (and the optional cache-read, cache-write and reasoning counts, the
  cache writes by time to live and the server tools' request counts) are integers
  from 0 to 2^53-1; the model, when the reply names it, a string of valid Unicode,
  kept on the response and on its message (a blank one is none).
- ``block_count`` and ``move_blocks`` let a reader that reads an item late (an OpenAI
  Responses item whose end never came, read from the terminal) put its blocks at the
  item's place; chunks stay in the order they came.
- Strings that reach the IR must be valid Unicode (PROVIDER_INVALID_EVENT).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

import msgspec

from agent_ir._errors import JsonValueError
from agent_ir._generated.conversion_warning_schema import (
    ConversionWarning,
    ConversionWarningCode,
)
from agent_ir._generated.message_schema import (
    AssistantBlock,
    AssistantMessage,
    CacheWrite,
    Citation,
    RefusalBlock,
    ServerToolCallBlock,
    ServerToolRequests,
    ServerToolResultBlock,
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
    RefusalDeltaChunk,
    ResponseStopReason,
    TextDeltaChunk,
    ThinkingDeltaChunk,
    ToolCallChunk,
)
from agent_ir._jsonobject import adopt_object
from agent_ir._paths import format_path
from agent_ir._text import cut, is_blank, is_valid_unicode, non_empty_id
from agent_ir.replies.protocol import ProviderError

__all__ = ["MAX_TOKEN_COUNT", "Refusal", "ReplyBuilder", "refusal_error"]

MAX_TOKEN_COUNT = 2**53 - 1
"""Largest token count accepted (the largest integer every JSON reader keeps exact)."""

_MESSAGE_STOP = {
    ResponseStopReason.STOP: StopReason.STOP,
    ResponseStopReason.TOOL_CALL: StopReason.TOOL_CALL,
    ResponseStopReason.LENGTH: StopReason.LENGTH,
    ResponseStopReason.ERROR: StopReason.ERROR,
    ResponseStopReason.REFUSAL: StopReason.REFUSAL,
}


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
        "_citations",
        "_item_id",
        "_names",
        "_open_refusal",
        "_open_text",
        "_request_id",
        "_response",
        "_response_id",
        "_signature",
        "_thinking",
        "_thinking_parts",
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
        self._blocks: list[AssistantBlock] = []
        self._open_text: list[str] | None = None  # the open text block's pieces
        self._open_refusal: list[str] | None = None  # the open refusal block's pieces
        self._citations: list[Citation] = []  # the open text block's citations
        self._item_id: str | None = None  # the open text or refusal block's item id
        self._signature: str | None = None  # the open text block's Gemini thoughtSignature
        self._thinking: list[str] | None = None  # the open thinking block's pieces
        self._thinking_parts: list[str] = []  # its earlier parts, each a block at its end
        self._call_ids: set[str] = set()
        self._warnings: list[ConversionWarning] = []
        self._response: ModelResponse | None = None
        self.chunks: deque[ModelChunk] = deque()

    @property
    def request_id(self) -> str:
        """The caller's id for the request this reply answers."""
        return self._request_id

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

    def text(
        self,
        delta: str,
        *,
        block: bool = False,
        what: str = "text",
        item_id: str | None = None,
        thought_signature: str | None = None,
    ) -> None:
        """Append ``delta`` to the open text block (a new one when none is open, or
        when ``block``: then it is a whole block of its own); one chunk. ``what``
        names the client's event in refusals, here and below; ``item_id`` is the
        provider's id of the item the text comes in (kept on the block).
        ``thought_signature`` (Gemini's, on the part this text ends): kept on the
        block, which it closes (the next text is a block of its own)."""
        self._check_started(what)
        if not is_valid_unicode(delta):
            raise Refusal(f"{what} text must be a string of valid Unicode")
        self._check_item_id(item_id, what)
        self._check_signature(thought_signature, what)
        if block:
            self.end_text()
            self._blocks.append(
                TextBlock(text=delta, item_id=item_id, thought_signature=thought_signature)
            )
            self.chunks.append(TextDeltaChunk(request_id=self._request_id, delta=delta))
            return
        if self._open_text is None:
            self.end_text()
            self._open_text = [delta]
            self._item_id = item_id
        else:
            self._open_text.append(delta)
            if item_id is not None:
                self._item_id = item_id
        self.chunks.append(TextDeltaChunk(request_id=self._request_id, delta=delta))
        if thought_signature is not None:
            self._signature = thought_signature
            self.end_text()

    def sign_text(self, thought_signature: str, *, what: str = "text") -> None:
        """A Gemini ``thoughtSignature`` that came without text (a stream's final part
        ``{"text": "", "thoughtSignature": ...}``): it belongs to the open text block,
        else to the last block when that is an unsigned text block; else it is a text
        block of its own with empty text (kept, never dropped). No chunk."""
        self._check_started(what)
        self._check_signature(thought_signature, what)
        if self._open_text is not None:
            self._signature = thought_signature
            self.end_text()
            return
        self.end_text()
        last = self._blocks[-1] if self._blocks else None
        if type(last) is TextBlock and last.thought_signature is None:
            self._blocks[-1] = msgspec.structs.replace(last, thought_signature=thought_signature)
        else:
            self._blocks.append(TextBlock(text="", thought_signature=thought_signature))

    def _check_signature(self, signature: str | None, what: str) -> None:
        if signature is not None and (
            type(signature) is not str or not signature or not is_valid_unicode(signature)
        ):
            raise Refusal(f"{what} thoughtSignature must be a non-empty string of valid Unicode")

    def refusal(self, delta: str, *, what: str = "refusal", item_id: str | None = None) -> None:
        """Append ``delta`` to the open refusal block (a new one when none is open);
        one ``refusalDelta`` chunk."""
        self._check_started(what)
        if not is_valid_unicode(delta):
            raise Refusal(f"{what} text must be a string of valid Unicode")
        self._check_item_id(item_id, what)
        if self._open_refusal is None:
            self.end_text()
            self._open_refusal = [delta]
            self._item_id = item_id
        else:
            self._open_refusal.append(delta)
            if item_id is not None:
                self._item_id = item_id
        self.chunks.append(RefusalDeltaChunk(request_id=self._request_id, delta=delta))

    def cite(self, provider: str, citation: dict[str, Any], *, what: str = "citation") -> None:
        """A citation (the provider's own JSON object, private: frozen in place) on the
        open text block, else on the last block when that is a text block."""
        self._check_started(what)
        frozen = self._frozen(citation, what)
        if self._open_text is not None:
            self._citations.append(Citation(provider=provider, wire=frozen))
            return
        last = self._blocks[-1] if self._blocks else None
        if self._open_refusal is not None or type(last) is not TextBlock:
            raise Refusal(f"a {what} with no text block to cite from")
        self._blocks[-1] = _with_citation(last, Citation(provider=provider, wire=frozen))

    @property
    def open(self) -> bool:
        """Started and not finished: a content call is taken."""
        return self._response_id is not None and self._response is None

    def _check_item_id(self, item_id: str | None, what: str) -> None:
        if item_id is not None and not non_empty_id(item_id):
            raise Refusal(f"{what} item id must be a non-empty string")

    def text_block_chunk(self, delta: str) -> TextDeltaChunk:
        """``text(delta, block=True)`` for a caller that checked ``open`` and that
        ``delta`` is valid Unicode: the block is added and its chunk returned, not
        queued (the fixture parser's hot path)."""
        self.end_text()
        self._blocks.append(TextBlock(text=delta))
        return TextDeltaChunk(request_id=self._request_id, delta=delta)

    @property
    def block_count(self) -> int:
        """The number of blocks so far, an open text or refusal block included (an
        open thinking block counts once it ends)."""
        open_block = self._open_text is not None or self._open_refusal is not None
        return len(self._blocks) + int(open_block)

    def move_blocks(self, start: int, position: int) -> None:
        """Move the blocks from index ``start`` on (the last ones added, when
        ``block_count`` was ``start``) to index ``position``, before the blocks there;
        no text or refusal block may be open. No chunk."""
        if self._open_text is not None or self._open_refusal is not None:
            raise ValueError("move_blocks while a text or refusal block is open")
        if not 0 <= position <= start <= len(self._blocks):
            raise ValueError(f"move_blocks({start}, {position}) of {len(self._blocks)} blocks")
        moved = self._blocks[start:]
        del self._blocks[start:]
        self._blocks[position:position] = moved

    def end_text(self) -> None:
        """Close the open text or refusal block, if any (two text blocks stay two)."""
        if self._open_text is not None:
            citations = tuple(self._citations) if self._citations else None
            self._blocks.append(
                TextBlock(
                    text="".join(self._open_text),
                    citations=citations,
                    item_id=self._item_id,
                    thought_signature=self._signature,
                )
            )
            self._open_text = None
            self._citations = []
            self._item_id = None
            self._signature = None
        elif self._open_refusal is not None:
            self._blocks.append(
                RefusalBlock(text="".join(self._open_refusal), item_id=self._item_id)
            )
            self._open_refusal = None
            self._item_id = None

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

    def next_thinking_part(self, *, what: str = "thinking part") -> None:
        """Inside an open thinking block, start its next part: at ``end_thinking``
        each part becomes a thinking block of its own with the same signature. Opens
        the block when none is open."""
        self._check_started(what)
        self.end_text()
        if self._thinking is None:
            self._thinking = []
        else:
            self._thinking_parts.append("".join(self._thinking))
            self._thinking = []

    def end_thinking(
        self,
        signature: str | None = None,
        *,
        redacted: bool = False,
        what: str = "thinking end",
        thought_signature: str | None = None,
        signature_provider: str | None = None,
    ) -> None:
        """Close the thinking block (its text may be empty: a redacted block), one block
        per part when ``next_thinking_part`` started parts; ``thought_signature`` is
        Gemini's (``signature`` other providers', ``signature_provider`` the format that
        made it, kept on the block when there is a signature)."""
        self._check_started(what)
        if signature is not None and not is_valid_unicode(signature):
            raise Refusal(f"{what} signature must be a string of valid Unicode")
        self._check_signature(thought_signature, what)
        self.end_text()
        parts = [*self._thinking_parts, "".join(self._thinking or [])]
        self._thinking = None
        self._thinking_parts = []
        flag = True if redacted else None
        self._blocks.extend(
            ThinkingBlock(
                thinking=text,
                signature=signature,
                signature_provider=None if signature is None else signature_provider,
                redacted=flag,
                thought_signature=thought_signature,
            )
            for text in parts
        )

    def tool_call(
        self,
        call_id: str,
        name: str,
        arguments: dict[str, Any],
        *,
        what: str = "tool call",
        item_id: str | None = None,
        namespace: str | None = None,
        thought_signature: str | None = None,
    ) -> None:
        """A complete tool call; ``arguments`` must be a private JSON object (it is
        frozen in place, not copied). One chunk. ``item_id`` and ``namespace``: the
        provider's item id and tool namespace, ``thought_signature`` Gemini's
        signature of the call's part, kept on the block."""
        self._check_started(what)
        self._check_item_id(item_id, what)
        self._check_signature(thought_signature, what)
        if namespace is not None and not is_valid_unicode(namespace):
            raise Refusal(f"{what} namespace must be a string of valid Unicode")
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
        call = ToolCallBlock(
            id=call_id,
            name=name,
            arguments=frozen,
            item_id=item_id,
            namespace=namespace,
            thought_signature=thought_signature,
        )
        self._blocks.append(call)
        self.chunks.append(ToolCallChunk(request_id=self._request_id, tool_call=call))

    def server_tool_call(
        self,
        provider: str,
        call_id: str,
        name: str,
        tool_input: dict[str, Any],
        wire: dict[str, Any] | None = None,
        *,
        what: str = "server tool call",
    ) -> None:
        """A hosted tool's call as the provider wrote it: ``tool_input`` and ``wire``
        (its other keys) private JSON objects, frozen in place. No chunk."""
        self._check_started(what)
        if not non_empty_id(call_id):
            raise Refusal(f"a {what} id must be a non-empty string")
        if not non_empty_id(name):
            raise Refusal(f"{what} {call_id!r}: its name must be a non-empty string")
        frozen_input = self._frozen(tool_input, f"{what} {call_id!r} input")
        frozen_wire = None if wire is None else self._frozen(wire, f"{what} {call_id!r}")
        self.end_text()
        self._blocks.append(
            ServerToolCallBlock(
                provider=provider, id=call_id, name=name, input=frozen_input, wire=frozen_wire
            )
        )

    def server_tool_result(
        self, provider: str, call_id: str, wire: dict[str, Any], *, what: str = "server tool result"
    ) -> None:
        """A hosted tool's result (``wire``: the provider's block without its call id, a
        private JSON object, frozen in place). Its call is usually earlier in the reply;
        after Anthropic's ``pause_turn`` it is in the previous reply, which the
        transcript's linkage rule (ORPHAN_SERVER_TOOL_RESULT) checks. No chunk."""
        self._check_started(what)
        if not non_empty_id(call_id):
            raise Refusal(f"a {what}'s call id must be a non-empty string")
        frozen = self._frozen(wire, f"{what} for {call_id!r}")
        self.end_text()
        self._blocks.append(
            ServerToolResultBlock(provider=provider, tool_call_id=call_id, wire=frozen)
        )

    @staticmethod
    def _frozen(value: dict[str, Any], what: str) -> Any:
        if type(value) is not dict:
            raise Refusal(f"{what} must be a JSON object")
        try:
            return adopt_object(value)
        except JsonValueError as error:
            where = format_path(error.path)
            raise Refusal(f"{what}{' ' + where if where else ''} {error.reason}") from None

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
        cache_read_tokens: int | None = None,
        cache_write_tokens: int | None = None,
        reasoning_tokens: int | None = None,
        cache_writes_by_ttl: Sequence[tuple[str, int]] | None = None,
        server_tool_requests: Sequence[tuple[str, int]] | None = None,
        model: str | None = None,
    ) -> ModelResponse:
        """The terminal: the response, with the message of every block so far;
        ``response_id``, when the terminal repeats it, must be the start's. The cache
        and reasoning counts, when the provider reports them, are parts of
        ``input_tokens`` and ``output_tokens``; ``cache_writes_by_ttl`` (time to live,
        tokens) and ``server_tool_requests`` (tool, requests) are kept in the order
        given, ``model`` on the response and on its message (blank: none)."""
        start, what = self._names
        if self._response is not None:
            raise Refusal(f"a second {what}", ProviderErrorCode.PROVIDER_DUPLICATE_TERMINAL)
        start_id = self._check_started(what)
        if self._thinking is not None:
            raise Refusal(f"{what} inside a thinking block (no end of the block came)")
        usage = _usage(
            what,
            (input_tokens, output_tokens),
            (cache_read_tokens, cache_write_tokens, reasoning_tokens),
            cache_writes_by_ttl,
            server_tool_requests,
        )
        if model is not None and (type(model) is not str or not is_valid_unicode(model)):
            raise Refusal(f"{what} model must be a string of valid Unicode")
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
        message = AssistantMessage(
            id="message-" + start_id,
            content=tuple(self._blocks),
            model=None if model is None or is_blank(model) else model,
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
            model=message.model,
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


def _usage(
    what: str,
    totals: tuple[int, int],
    details: tuple[int | None, int | None, int | None],
    cache_writes_by_ttl: Sequence[tuple[str, int]] | None,
    server_tool_requests: Sequence[tuple[str, int]] | None,
) -> Usage:
    """The ``Usage`` of ``finish``'s counts: (input, output), (cache-read, cache-write,
    reasoning), each checked (a ``Refusal`` names the first that is not a count)."""
    for name, count in zip(("input", "output"), totals, strict=True):
        if type(count) is not int or not 0 <= count <= MAX_TOKEN_COUNT:
            raise Refusal(f"{what} {name} token count must be an integer from 0 to 2^53-1")
    for name, detail in zip(("cache-read", "cache-write", "reasoning"), details, strict=True):
        if detail is not None and (type(detail) is not int or not 0 <= detail <= MAX_TOKEN_COUNT):
            raise Refusal(f"{what} {name} token count must be an integer from 0 to 2^53-1")
    return Usage(
        input_tokens=totals[0],
        output_tokens=totals[1],
        cache_read_tokens=details[0],
        cache_write_tokens=details[1],
        reasoning_tokens=details[2],
        cache_writes_by_ttl=_counted(
            cache_writes_by_ttl, CacheWrite, f"{what} cache-write", "token count"
        ),
        server_tool_requests=_counted(
            server_tool_requests, ServerToolRequests, what, "request count"
        ),
    )


def _counted(
    counts: Sequence[tuple[str, int]] | None,
    kind: type[CacheWrite] | type[ServerToolRequests],
    what: str,
    unit: str,
) -> Any:
    """``counts`` (name, count) as a tuple of ``kind`` (None for None or none): each name
    a non-empty string of valid Unicode, once; each count an integer from 0 to 2^53-1."""
    if not counts:
        return None
    seen: set[str] = set()
    for name, count in counts:
        if not non_empty_id(name) or name in seen:
            raise Refusal(f"{what} names must be non-empty strings of valid Unicode, each once")
        seen.add(name)
        if type(count) is not int or not 0 <= count <= MAX_TOKEN_COUNT:
            raise Refusal(f"{what} {cut(name)} {unit} must be an integer from 0 to 2^53-1")
    if kind is CacheWrite:
        return tuple(CacheWrite(ttl=name, tokens=count) for name, count in counts)
    return tuple(ServerToolRequests(tool=name, requests=count) for name, count in counts)


def _with_citation(block: TextBlock, citation: Citation) -> TextBlock:
    """``block`` with ``citation`` after its others (every other field kept, whatever
    fields a text block gains)."""
    return msgspec.structs.replace(block, citations=(*(block.citations or ()), citation))
