"""AWS Bedrock ConverseStream, sync or async: ``BedrockConverseState`` turns each event
boto3 yields into ``ReplyBuilder`` calls; the drivers are ``agent_ir.wire._stream``'s.
What maps to what and what is warned: ``docsgen/mapping/bedrock-converse.md`` (the
provider page, *Streams*)."""

from __future__ import annotations

import base64
import binascii
from collections.abc import AsyncIterator, Iterator
from typing import Any, Final

from agent_ir._generated.conversion_warning_schema import ConversionWarningCode
from agent_ir._generated.model_stream_schema import ProviderErrorCode, ResponseStopReason
from agent_ir._text import cut, quoted
from agent_ir.replies.builder import ReplyBuilder
from agent_ir.wire._common import parse_arguments
from agent_ir.wire._decode import Decoded, Decoder, WireError, describe_json
from agent_ir.wire._stream import (
    AsyncStream,
    Refusal,
    StreamState,
    SyncStream,
    Unreads,
    event_not_read,
)
from agent_ir.wire.bedrock_converse._wire import (
    PROVIDER,
    ContentBlockDelta,
    ContentBlockStart,
    ContentBlockStop,
    MessageStart,
    MessageStop,
    Metadata,
    StreamEvent,
    StreamException,
    event_blobs,
)
from agent_ir.wire.bedrock_converse._wire import Usage as WireUsage

__all__ = [
    "STOP_REASONS",
    "AsyncBedrockConverseStream",
    "BedrockConverseState",
    "BedrockConverseStream",
    "finish",
    "is_base64",
    "stop_reason_of",
]

Code = ProviderErrorCode
Stop = ResponseStopReason

STOP_REASONS: Final = {
    "end_turn": Stop.STOP,
    "stop_sequence": Stop.STOP,
    "tool_use": Stop.TOOL_CALL,
    "max_tokens": Stop.LENGTH,
    "model_context_window_exceeded": Stop.LENGTH,
    "guardrail_intervened": Stop.ERROR,
    "content_filtered": Stop.ERROR,
    "malformed_model_output": Stop.ERROR,
    "malformed_tool_use": Stop.ERROR,
}
# Stop reasons that may end a reply inside a block: the block ends there, a tool call
# in it is dropped.
CUT_SHORT: Final = frozenset({"max_tokens", "model_context_window_exceeded"})

_EVENT_NAMES: Final = frozenset(StreamEvent.__struct_fields__)
_EXCEPTIONS: Final = frozenset(name for name in _EVENT_NAMES if name.endswith("Exception"))
_EVENTS: Final = Decoder(StreamEvent)
_REPLY_BLOCK: Final = "/output/message/content/"

# The kinds of an open block.
_TEXT: Final = "text"
_REASONING: Final = "reasoning"
_TOOL_USE: Final = "toolUse"
_SERVER_CALL: Final = "serverToolUse"
_SKIPPED: Final = "skipped"


def finish(reply: ReplyBuilder, stop_reason: ResponseStopReason, usage: WireUsage | None) -> None:
    """The reply's ``finish``: input counts every input token, cached ones included;
    no usage: 0 and 0. Bedrock names no model in a reply."""
    if usage is None:
        reply.finish(stop_reason, 0, 0)
        return
    read, write = usage.cacheReadInputTokens, usage.cacheWriteInputTokens
    reply.finish(
        stop_reason,
        usage.inputTokens + (read or 0) + (write or 0),
        usage.outputTokens,
        cache_read_tokens=read,
        cache_write_tokens=write,
        cache_writes_by_ttl=None
        if usage.cacheDetails is None
        else [(detail.ttl, detail.inputTokens) for detail in usage.cacheDetails],
    )


def stop_reason_of(wire_reason: str, what: str) -> ResponseStopReason:
    """The IR's stop reason of Bedrock's; refused when it is not Bedrock's."""
    found = STOP_REASONS.get(wire_reason)
    if found is None:
        raise Refusal(
            f"{what}/stopReason must be a Bedrock stop reason; it is {describe_json(wire_reason)}"
        )
    return found


def _blobs_read(source: object) -> object:
    return _Blobs(source) if hasattr(source, "__iter__") else source


def _async_blobs_read(source: object) -> object:
    return _AsyncBlobs(source) if hasattr(source, "__aiter__") else source


class BedrockConverseStream(SyncStream):
    """A ConverseStream read from a sync iterable of boto3's events (``for chunk in
    stream``, ``stream.result()``); see the module docstring. ``TypeError`` for a
    blank ``request_id`` or a ``cancel`` that is not a ``threading.Event``."""

    _function = "BedrockConverseStream"
    _start = "messageStart"
    _terminal = "metadata"
    _view = staticmethod(_blobs_read)

    def _state(self, builder: ReplyBuilder) -> StreamState:
        return BedrockConverseState(builder)


class AsyncBedrockConverseStream(AsyncStream):
    """A ConverseStream read from an async iterable of events (``async for chunk in
    stream``, ``await stream.result()``); see the module docstring. ``TypeError`` for a
    blank ``request_id`` or a ``cancel`` that is not an ``asyncio.Event``."""

    _function = "AsyncBedrockConverseStream"
    _start = "messageStart"
    _terminal = "metadata"
    _view = staticmethod(_async_blobs_read)

    def _state(self, builder: ReplyBuilder) -> StreamState:
        return BedrockConverseState(builder)


class _Blobs:
    """A sync source whose events' blobs are read as base64 (``event_blobs``);
    closing it closes the source."""

    def __init__(self, source: object) -> None:
        self._source = source
        self._iterator: Iterator[Any] | None = None

    def __iter__(self) -> _Blobs:
        self._iterator = iter(self._source)  # type: ignore[call-overload]
        return self

    def __next__(self) -> Any:
        assert self._iterator is not None
        return event_blobs(next(self._iterator))

    def close(self) -> None:
        """Close the source's iterator, then the source (boto3's ``EventStream.close``
        releases the connection)."""
        for owner in (self._iterator, self._source):
            closer = getattr(owner, "close", None)
            if closer is not None:
                closer()


class _AsyncBlobs:
    """The async twin of ``_Blobs``."""

    def __init__(self, source: object) -> None:
        self._source = source
        self._iterator: AsyncIterator[Any] | None = None

    def __aiter__(self) -> _AsyncBlobs:
        self._iterator = self._source.__aiter__()  # type: ignore[attr-defined]
        return self

    async def __anext__(self) -> Any:
        assert self._iterator is not None
        return event_blobs(await self._iterator.__anext__())

    async def aclose(self) -> None:
        """Close the source's iterator, then the source."""
        for owner in (self._iterator, self._source):
            closer = getattr(owner, "aclose", None)
            if closer is not None:
                await closer()


class _Block:
    """A content block being read: its index, kind and what it has gathered."""

    __slots__ = (
        "call_id",
        "citations",
        "index",
        "kind",
        "name",
        "parts",
        "redacted",
        "signature",
        "warned",
    )

    def __init__(self, index: int, kind: str) -> None:
        self.index = index
        self.kind = kind
        self.call_id = ""
        self.name = ""
        self.parts: list[str] = []
        self.citations: list[dict[str, Any]] = []
        self.signature: str | None = None
        self.redacted: list[str] = []
        self.warned = False


class BedrockConverseState:
    """ConverseStream events -> ``ReplyBuilder`` calls (a ``StreamState``); one per
    stream. See the module docstring for every mapping and failure."""

    def __init__(self, reply: ReplyBuilder) -> None:
        self._reply = reply
        self._unreads = Unreads()
        self._stop_reason: ResponseStopReason | None = None
        self._block: _Block | None = None
        self._indices: set[int] = set()
        self.event_index = 0  # set by the driver: the index of the event handled

    def handle(self, name: str | None, data: Any) -> None:
        if name is not None:
            raise Refusal(
                "ConverseStream events come as boto3 yields them (objects), not as "
                "server-sent-event bytes"
            )
        kind = _event_name(data)
        if kind not in _EVENT_NAMES:
            event_not_read(self._reply, self.event_index, kind)
            return
        if not self._reply.started and kind != "messageStart" and kind not in _EXCEPTIONS:
            raise Refusal(f"{kind} before messageStart", Code.PROVIDER_MISSING_START)
        try:
            decoded = _EVENTS(data)
        except WireError as error:
            pointer = error.pointer[len(kind) + 1 :]
            raise Refusal(
                f"{kind} {pointer or '/'} must be {error.expected}; it is {error.found}"
            ) from None
        event = getattr(decoded.value, kind)
        self._event(kind, event, decoded)

    def end(self) -> None:
        """Nothing is owed: without metadata the stream is PROVIDER_MISSING_TERMINAL."""

    def _event(self, kind: str, event: Any, decoded: Decoded[Any]) -> None:
        match event:
            case ContentBlockDelta():
                self._delta(event, decoded)
            case MessageStart(role=role):
                if role != "assistant":
                    raise Refusal(
                        f"messageStart /role must be 'assistant'; it is {describe_json(role)}"
                    )
                self._reply.start(self._reply.request_id)
                self._warn_unread(decoded, kind, "")
            case ContentBlockStart():
                self._start(event, decoded)
            case ContentBlockStop(contentBlockIndex=index):
                block = self._open(index, kind)
                self._block = None
                self._close(block)
            case MessageStop():
                self._message_stop(event, decoded)
            case Metadata():
                self._metadata(event, decoded)
            case StreamException(message=message):
                raise self._reply.fail(kind, message or kind)

    def _warn_unread(self, decoded: Decoded[Any], kind: str, target: str, block: int = -1) -> None:
        self._unreads.warn(self._reply, decoded, {f"/{kind}": target}, kind, block)

    def _start(self, event: ContentBlockStart, decoded: Decoded[Any]) -> None:
        index = event.contentBlockIndex
        self._opening(index, "contentBlockStart")
        start = event.start
        call = start.toolUse
        if call is not None:
            block = _Block(index, _TOOL_USE if call.type is None else _SERVER_CALL)
            block.call_id, block.name = call.toolUseId, call.name
        else:
            block = _Block(index, _SKIPPED)
            found = [key for key in ("toolResult", "image") if getattr(start, key) is not None]
            kind = found[0] if found else "an empty start"
            self._skipped(index, kind)
        self._block = block
        self._warn_unread(decoded, "contentBlockStart", _REPLY_BLOCK + str(index), index)

    def _opening(self, index: int, kind: str) -> None:
        if self._stop_reason is not None:
            raise Refusal(f"{kind} (block {index}) after messageStop")
        if self._block is not None:
            raise Refusal(f"{kind} of block {index} while block {self._block.index} is open")
        if index in self._indices:
            raise Refusal(f"{kind} index {index} repeats an earlier block")
        self._indices.add(index)

    def _skipped(self, index: int, kind: str) -> None:
        self._reply.warn(
            ConversionWarningCode.PART_NOT_READ,
            _REPLY_BLOCK + str(index),
            index,
            f"content[{index}] ({cut(kind)}) has no IR form",
        )

    def _delta(self, event: ContentBlockDelta, decoded: Decoded[Any]) -> None:
        index = event.contentBlockIndex
        delta = event.delta
        found = [key for key in delta.__struct_fields__ if getattr(delta, key) is not None]
        if len(found) != 1:
            holds = ", ".join(found) or "nothing"
            raise Refusal(f"contentBlockDelta /delta must hold exactly one kind; it holds {holds}")
        what = found[0]
        block = self._block
        if block is None or block.index != index:
            block = self._implicit(index, what)
        self._apply(block, what, getattr(delta, what))
        self._warn_unread(decoded, "contentBlockDelta", _REPLY_BLOCK + str(index), index)

    def _implicit(self, index: int, what: str) -> _Block:
        """The block a delta opens (text and reasoning blocks have no start event)."""
        if self._block is not None:
            raise Refusal(
                f"contentBlockDelta for block {index} while block {self._block.index} is open"
            )
        self._opening(index, "contentBlockDelta")
        kinds = {"text": _TEXT, "citation": _TEXT, "reasoningContent": _REASONING}
        kind = kinds.get(what)
        if kind is None:
            if what == "toolUse":
                raise Refusal(
                    f"contentBlockDelta: a toolUse delta of block {index}, which did not start"
                )
            self._skipped(index, what)
            kind = _SKIPPED
        self._block = _Block(index, kind)
        return self._block

    def _apply(self, block: _Block, what: str, value: Any) -> None:
        kind = block.kind
        if kind == _SKIPPED:
            return
        if kind == _TEXT and what == "text":
            if value:
                self._reply.text(value, what="contentBlockDelta")
        elif kind == _TEXT and what == "citation":
            block.citations.append(value)
        elif kind == _REASONING and what == "reasoningContent":
            self._reasoning(block, value)
        elif kind in (_TOOL_USE, _SERVER_CALL) and what == "toolUse":
            block.parts.append(value.input)
        else:
            raise Refusal(f"contentBlockDelta: a {what} delta in block {block.index} ({kind})")

    def _reasoning(self, block: _Block, value: Any) -> None:
        found = [key for key in value.__struct_fields__ if getattr(value, key) is not None]
        if len(found) != 1:
            holds = ", ".join(found) or "nothing"
            raise Refusal(
                f"contentBlockDelta /delta/reasoningContent must hold exactly one kind; it holds {holds}"
            )
        if value.text is not None:
            if block.redacted:
                raise Refusal(f"contentBlockDelta: reasoning text in redacted block {block.index}")
            if value.text:
                self._reply.thinking(value.text, what="contentBlockDelta")
        elif value.signature is not None:
            block.signature = value.signature
        elif not is_base64(value.redactedContent):
            raise Refusal(
                "contentBlockDelta /delta/reasoningContent/redactedContent must be bytes or "
                "base64 text"
            )
        else:
            block.redacted.append(value.redactedContent)

    def _close(self, block: _Block) -> None:
        reply = self._reply
        if block.kind == _TEXT:
            for citation in block.citations:
                reply.cite(PROVIDER, citation, what="citation")
            reply.end_text()
        elif block.kind == _REASONING:
            if block.redacted:
                data = _joined_base64(block.redacted)
                reply.end_thinking(data, redacted=True, signature_provider=PROVIDER)
            else:
                reply.end_thinking(block.signature, signature_provider=PROVIDER)
        elif block.kind in (_TOOL_USE, _SERVER_CALL):
            text = "".join(block.parts)
            arguments = parse_arguments(text) if text else {}
            if type(arguments) is not dict:
                raise Refusal(
                    f"toolUse {quoted(block.call_id)} ({cut(block.name)}): the input is not a "
                    f"JSON object: {text[:80]!r}"
                )
            if block.kind == _TOOL_USE:
                reply.tool_call(block.call_id, block.name, arguments, what="toolUse")
            else:
                reply.server_tool_call(PROVIDER, block.call_id, block.name, arguments)

    def _message_stop(self, event: MessageStop, decoded: Decoded[Any]) -> None:
        if self._stop_reason is not None:
            raise Refusal("a second messageStop")
        stop_reason = stop_reason_of(event.stopReason, "messageStop ")
        block = self._block
        if block is not None:
            if event.stopReason not in CUT_SHORT:
                raise Refusal(
                    f"messageStop (stopReason {event.stopReason}) while block {block.index} is open"
                )
            self._block = None
            if block.kind in (_TEXT, _REASONING):
                self._close(block)
        if event.additionalModelResponseFields is not None:
            self._reply.warn(
                ConversionWarningCode.PART_NOT_READ,
                "/additionalModelResponseFields",
                -1,
                "messageStop additionalModelResponseFields has no IR form",
            )
        self._warn_unread(decoded, "messageStop", "")
        self._stop_reason = stop_reason

    def _metadata(self, event: Metadata, decoded: Decoded[Any]) -> None:
        if self._stop_reason is None:
            raise Refusal("metadata before messageStop (no stop reason)")
        if event.trace is not None:
            self._reply.warn(
                ConversionWarningCode.PART_NOT_READ,
                "/trace",
                -1,
                "metadata trace (a guardrail's or prompt router's) has no IR form",
            )
        self._warn_unread(decoded, "metadata", "")
        finish(self._reply, self._stop_reason, event.usage)

    def _open(self, index: int, kind: str) -> _Block:
        block = self._block
        if block is None or block.index != index:
            raise Refusal(f"{kind} for block {index}, which is not open")
        return block


def _event_name(data: Any) -> str:
    """The one key of a boto3 event; refused when the data is not an object with
    exactly one."""
    if type(data) is not dict:
        raise Refusal("the event is not an object")
    keys = [key for key, value in data.items() if value is not None]
    if len(keys) != 1 or type(keys[0]) is not str:
        holds = f"{len(keys)} keys" if keys else "none"
        raise Refusal(f"an event must hold exactly one key, its name; it holds {holds}")
    return keys[0]


def is_base64(text: str) -> bool:
    """Whether ``text`` is standard base64 (a blob as JSON holds it)."""
    try:
        base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return False
    return True


def _joined_base64(pieces: list[str]) -> str:
    """Pieces of redacted reasoning (each the base64 of some bytes) as the base64 of
    all their bytes."""
    if len(pieces) == 1:
        return pieces[0]
    return base64.b64encode(b"".join(base64.b64decode(piece) for piece in pieces)).decode("ascii")
