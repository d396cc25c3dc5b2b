"""A provider's event stream read into one reply: the drivers every provider shares.

A provider's stream state (``StreamState``: ``handle(name, data)`` per event, ``end()``
when the source ends) reads its events and calls the ``ReplyBuilder`` it was given;
the builder owns the terminal discipline (exactly one terminal, nothing after it, a
missing terminal is PROVIDER_MISSING_TERMINAL after the chunks already emitted). The
drivers here feed it, and come in pairs named as the official SDKs name theirs:
``SyncStream`` reads a sync iterable (``for chunk in stream``, ``stream.result()``,
``stream.close()``) and ``AsyncStream`` an async one (``async for``,
``await stream.result()``, ``await stream.aclose()``). Neither starts a thread or a
task per chunk; the async one starts at most one task per stream, and only when given
a ``cancel`` event (it waits for the event and interrupts a pending read).

``source`` yields raw server-sent-event bytes in any chunking, already-decoded events
(each the JSON object of one event's data), or a mix. The stream settles at the
provider's terminal event (``message_stop``, ``[DONE]``, ``response.completed``...)
and closes the source there, as the official SDKs stop reading at it: nothing after it
is read, whether it came in the same network chunk or never comes (a proxy that keeps
the connection open cannot hold ``result()``). Failures, each a ``ProviderError`` whose ``record_index`` is the index
of the provider event it concerns (0-based; for a failure between events, the number
of events read):

* bytes that are not UTF-8, event data that is not JSON, an item that is neither bytes
  nor an event object, and whatever the state refuses: PROVIDER_INVALID_EVENT (or the
  state's code);
* a line of the bytes, or the data of one event, over ``max_event_bytes`` bytes
  (a keyword of every stream class; ``MAX_EVENT_BYTES``, 32 MiB, by default; see
  ``agent_ir.wire._sse`` for why): PROVIDER_EVENT_TOO_LARGE, after the chunks of the
  events before it, as soon as the limit is passed (the stream holds about the limit
  at most, whatever the source sends; comment lines are dropped as they arrive);
* the source itself failing (a dropped connection), or not being iterable:
  PROVIDER_TRANSPORT_ERROR;
* an error the provider reports in the stream: PROVIDER_TRANSPORT_ERROR with its code;
* the ``cancel`` event set (an item whose read ends after it was set is dropped),
  ``close()`` / ``aclose()`` before the end, or the consuming task cancelled:
  PROVIDER_CANCELLED, tied to no event (``record_index`` None), and the source is closed.

Reading an event's fields: every state decodes each event once into its format's
declaration (``agent_ir.wire._decode``), so that a missing or ill-typed field is always
refused (PROVIDER_INVALID_EVENT) in one wording that names the event type, the field (a
JSON pointer into the event's data), what it must be and what it is::

    content_block_delta /delta/partial_json must be a string; it is a number (1)
    message_start /message/id must be a non-empty string; it is missing

The index of the event a state reads: a state with an ``event_index`` attribute (an
``IndexedStreamState``) has it set by the drivers, before each ``handle``, to the index
of that event (0-based; the ``record_index`` a refusal of that event carries), and
before ``end`` to the number of events read. A state without the attribute is left
alone. It is for what a state reports about an event without refusing it, such as the
EVENT_NOT_READ warning of an event it passes over (``event 5 (x) of the stream...``).

A state that reads events straight from their text (a ``TextStreamState``: one typed
decode of the bytes, no JSON builtins in between) is offered each event's data text
first; it reads the event or declines it (False), and a declined event is parsed as JSON
and given to ``handle`` as any other. Either way the event is read once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Callable
from types import TracebackType
from typing import Any, Protocol, runtime_checkable

from agent_ir._errors import JsonValueError, describe_error
from agent_ir._generated.conversion_warning_schema import ConversionWarningCode
from agent_ir._jsoncopy import copy_json
from agent_ir._text import cut, is_valid_unicode, non_empty_id, quoted
from agent_ir.replies.builder import Refusal, ReplyBuilder, refusal_error
from agent_ir.replies.protocol import ModelChunk, ModelResponse, ProviderError, ProviderErrorCode
from agent_ir.wire._decode import Decoded
from agent_ir.wire._sse import MAX_EVENT_BYTES, SseDecoder, SseNotUtf8, SseTooLarge

__all__ = [
    "DONE",
    "AsyncStream",
    "IndexedStreamState",
    "Refusal",
    "StreamState",
    "SyncStream",
    "TextStreamState",
    "Unreads",
    "event_not_read",
]

DONE: Any = type("Done", (), {"__repr__": lambda self: "DONE"})()
"""The data of an OpenAI ``data: [DONE]`` event."""


class StreamState(Protocol):
    """One provider's events -> ``ReplyBuilder`` calls, in order (one per stream)."""

    def handle(self, name: str | None, data: Any) -> None:
        """Apply one event: ``name`` is its SSE ``event`` field (None for an
        already-decoded event), ``data`` its JSON data as plain builtins, or ``DONE``.
        Raises ``Refusal`` for an event it cannot take."""
        ...

    def end(self) -> None:
        """The source ended: finish what is owed (mostly nothing)."""
        ...


@runtime_checkable
class IndexedStreamState(StreamState, Protocol):
    """A ``StreamState`` told the index of the event it reads; see the module docstring."""

    event_index: int
    """Set by the driver: the 0-based index of the event ``handle`` is given (before
    ``end``: the number of events read)."""


@runtime_checkable
class TextStreamState(StreamState, Protocol):
    """A ``StreamState`` that can read an event straight from its data's text; see the
    module docstring."""

    def handle_text(self, name: str | None, text: str) -> bool:
        """Apply one event from its data's text, decoded once into its declaration;
        False, having done nothing, when the state wants it as JSON data instead (any
        doubt: the event then goes through ``handle``). Raises ``Refusal`` as ``handle``
        does."""
        ...


def event_not_read(reply: ReplyBuilder, index: int, kind: str) -> None:
    """The EVENT_NOT_READ warning of event ``index``, whose type ``kind`` the state does
    not know and passes over (as the official SDKs pass it over): path "" (the reply as a
    whole), block index -1; the type as it is (cut), or escaped when it holds a lone
    surrogate, which UTF-8 cannot carry."""
    named = cut(kind) if is_valid_unicode(kind) else quoted(kind)
    reply.warn(
        ConversionWarningCode.EVENT_NOT_READ,
        "",
        -1,
        f"event {index} ({named}) of the stream has an unknown type; it was passed over",
    )


class _Reading:
    """Decoding and the state, without I/O: what both drivers share. Items go in,
    chunks come out in ``builder.chunks``; ``error`` holds the outcome of a failure."""

    __slots__ = ("builder", "error", "events", "indexed", "response", "sse", "state", "texts")

    def __init__(self, builder: ReplyBuilder, state: StreamState, max_event_bytes: int) -> None:
        self.builder = builder
        self.state = state
        # The state again when it takes the event index (checked once per stream).
        self.indexed = state if isinstance(state, IndexedStreamState) else None
        # The state again when it reads an event from its text (checked once too).
        self.texts = state if isinstance(state, TextStreamState) else None
        self.sse = SseDecoder(max_event_bytes)
        self.events = 0
        self.error: ProviderError | None = None
        self.response: ModelResponse | None = None

    @property
    def settled(self) -> bool:
        return self.error is not None or self.response is not None

    def item(self, item: object) -> None:
        if isinstance(item, bytes | bytearray | memoryview):
            try:
                events = self.sse.feed(bytes(item))
            except SseNotUtf8 as error:
                self._not_utf8(error)
                return
            except SseTooLarge as error:
                self._too_large(error)
                return
            self._events(events)
            return
        if issubclass(type(item), dict):
            try:
                event = copy_json(item, transport=True)
            except JsonValueError as error:
                self._refuse(f"the event is not JSON data ({error})")
                return
            self._event(None, event)
            return
        self._refuse(f"an item of the source is {type(item).__name__}, not bytes or an event")

    def end(self) -> None:
        """The source ended: the last event, the state's end, then the outcome."""
        try:
            events = self.sse.end()
        except SseNotUtf8 as error:
            self._not_utf8(error)
            return
        except SseTooLarge as error:
            self._too_large(error)
            return
        self._events(events)
        if self.settled:
            return
        if self.indexed is not None:
            self.indexed.event_index = self.events
        try:
            self.state.end()
        except Refusal as refusal:
            self.error = refusal_error(refusal, f"event {self.events}", self.events)
            return
        self.response = self.builder.response
        if self.response is None:
            self.fail(
                ProviderErrorCode.PROVIDER_MISSING_TERMINAL,
                f"the stream ended after {self.events} events without its terminal event",
            )

    def fail(self, code: ProviderErrorCode, reason: str) -> None:
        """Settle with ``code``, tied to the events read so far, unless settled already
        (by a failure, or by the terminal event read just before)."""
        if not self.settled:
            self.error = ProviderError(code, reason, record_index=self.events)

    def _events(self, events: list[Any]) -> None:
        texts = self.texts
        for name, text in events:
            if self.settled:  # a failure, or the terminal: nothing after it is read
                return
            if texts is not None and self._apply(texts.handle_text, name, text):
                continue
            data = _data(text)
            if data is _BAD:
                self._refuse(f"event {self.events} data is not JSON: {text[:80]!r}")
                return
            self._event(name, data)

    def _event(self, name: str | None, data: Any) -> None:
        if not self.settled:
            self._apply(self.state.handle, name, data)

    def _apply(
        self, handle: Callable[[str | None, Any], bool | None], name: str | None, value: Any
    ) -> bool:
        """One event through ``handle``; False when it was not taken (``handle_text``
        declining an event), nothing done then."""
        if self.indexed is not None:
            self.indexed.event_index = self.events
        try:
            if handle(name, value) is False:
                return False
        except Refusal as refusal:
            self.error = refusal_error(refusal, f"event {self.events}", self.events)
        self.events += 1
        self.response = self.builder.response  # set by the terminal event
        return True

    def _refuse(self, reason: str) -> None:
        self.fail(ProviderErrorCode.PROVIDER_INVALID_EVENT, reason)

    def _not_utf8(self, error: SseNotUtf8) -> None:
        """The events completed before the first byte that is not UTF-8, then the
        failure (unless one of them settled the stream: a terminal event and bytes
        after it in one chunk end as the same bytes in any other chunking)."""
        self._events(error.events)
        self._refuse(str(error))

    def _too_large(self, error: SseTooLarge) -> None:
        """The events completed before the line or event over the limit, then the
        failure (unless one of them settled the stream)."""
        self._events(error.events)
        self.fail(ProviderErrorCode.PROVIDER_EVENT_TOO_LARGE, str(error))


def _data(text: str) -> Any:
    if len(text) < 64 and text.strip() == "[DONE]":  # no copy of a large event's data
        return DONE
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return _BAD


_BAD: Any = object()


def _checked(function: str, request_id: object, cancel: object, kind: type, kind_name: str) -> str:
    if not non_empty_id(request_id):
        raise TypeError(f"{function}: request_id must be a non-empty str, not {quoted(request_id)}")
    if cancel is not None and not isinstance(cancel, kind):
        # Both kinds are named Event: say which one.
        given = type(cancel)
        raise TypeError(
            f"{function}: cancel must be a {kind_name} or None, "
            f"not {given.__module__}.{given.__qualname__}"
        )
    assert isinstance(request_id, str)
    return str.__str__(request_id)


def _checked_limit(function: str, max_event_bytes: object) -> int:
    if type(max_event_bytes) is not int:
        raise TypeError(
            f"{function}: max_event_bytes must be an int, not {quoted(max_event_bytes)}"
        )
    if max_event_bytes < 1:
        raise ValueError(f"{function}: max_event_bytes must be >= 1, not {quoted(max_event_bytes)}")
    return max_event_bytes


def _cancelled_from_outside() -> bool:
    """Whether the running task was asked to cancel (as opposed to a source raising
    ``CancelledError`` by itself)."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def _cancelled(reason: str) -> ProviderError:
    return ProviderError(ProviderErrorCode.PROVIDER_CANCELLED, reason)


class SyncStream:
    """A provider's stream over a sync iterable; see the module docstring. The public
    classes (``AnthropicStream``...) subclass it and name their state."""

    _function = "SyncStream"
    _start = "response_start"
    _terminal = "response_end"

    def __init__(
        self,
        source: object,
        *,
        request_id: object,
        cancel: threading.Event | None = None,
        max_event_bytes: int = MAX_EVENT_BYTES,
    ) -> None:
        request_id = _checked(
            self._function, request_id, cancel, threading.Event, "threading.Event"
        )
        builder = ReplyBuilder(request_id, start=self._start, terminal=self._terminal)
        limit = _checked_limit(self._function, max_event_bytes)
        self._reading = _Reading(builder, self._state(builder), limit)
        self._source: Any = self._view(source)
        self._iterator: Any = None
        self._cancel = cancel

    def _state(self, builder: ReplyBuilder) -> StreamState:
        raise NotImplementedError

    @staticmethod
    def _view(source: object) -> object:
        """The source as the state reads it: itself, unless a format's events need a view
        of their own (Bedrock's blobs, bytes from boto3 or base64 text)."""
        return source

    def __repr__(self) -> str:
        return f"<{type(self).__module__}.{type(self).__qualname__}>"

    def __iter__(self) -> SyncStream:
        return self

    def __next__(self) -> ModelChunk:
        """The next chunk; ``StopIteration`` after the last one of a successful reply,
        the stream's ``ProviderError`` after the last one of a failed one."""
        reading = self._reading
        chunks = reading.builder.chunks
        while not chunks and not reading.settled:
            self._pull()
        if chunks:
            return chunks.popleft()
        if reading.error is not None:
            raise reading.error
        raise StopIteration

    def result(self) -> ModelResponse:
        """The ``ModelResponse``, reading the rest of the source if needed (chunks not
        yet iterated stay for iteration); raises the stream's ``ProviderError``."""
        reading = self._reading
        while not reading.settled:
            self._pull()
        if reading.error is not None:
            raise reading.error
        assert reading.response is not None
        return reading.response

    def close(self) -> None:
        """Stop early: no more chunks; an unfinished stream fails with
        PROVIDER_CANCELLED and the source is closed. A finished stream keeps its result."""
        self._reading.builder.chunks.clear()
        if not self._reading.settled:
            self._reading.error = _cancelled("the stream was closed before it finished")
        self._close_source()

    def __enter__(self) -> SyncStream:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _pull(self) -> None:
        reading = self._reading
        if self._cancel_was_set():
            return
        iterator = self._iterator
        if iterator is None:
            try:
                iterator = self._iterator = iter(self._source)
            except Exception as error:
                reason = f"the source is not an iterable ({describe_error(error)})"
                reading.fail(ProviderErrorCode.PROVIDER_TRANSPORT_ERROR, reason)
                return
        try:
            item = next(iterator)
        except StopIteration:
            reading.end()
            self._source = self._iterator = None
            return
        except (Exception, GeneratorExit) as error:  # the connection, whatever it raises
            reason = f"the stream failed: {describe_error(error)}"
            reading.fail(ProviderErrorCode.PROVIDER_TRANSPORT_ERROR, reason)
            self._close_source()
            return
        if self._cancel_was_set():  # set while the read waited: its item comes too late
            return
        reading.item(item)
        if reading.settled:
            self._close_source()

    def _cancel_was_set(self) -> bool:
        if self._cancel is None or not self._cancel.is_set():
            return False
        self._reading.error = _cancelled("the cancel event was set")
        self._close_source()
        return True

    def _close_source(self) -> None:
        iterator, self._iterator, self._source = self._iterator, None, None
        closer = getattr(iterator, "close", None) if iterator is not None else None
        if closer is not None:
            with contextlib.suppress(Exception):  # its failure to close changes nothing
                closer()


class AsyncStream:
    """A provider's stream over an async iterable; see the module docstring. The
    public classes (``AsyncAnthropicStream``...) subclass it and name their state."""

    _function = "AsyncStream"
    _start = "response_start"
    _terminal = "response_end"

    def __init__(
        self,
        source: object,
        *,
        request_id: object,
        cancel: asyncio.Event | None = None,
        max_event_bytes: int = MAX_EVENT_BYTES,
    ) -> None:
        request_id = _checked(self._function, request_id, cancel, asyncio.Event, "asyncio.Event")
        builder = ReplyBuilder(request_id, start=self._start, terminal=self._terminal)
        limit = _checked_limit(self._function, max_event_bytes)
        self._reading = _Reading(builder, self._state(builder), limit)
        self._source: Any = self._view(source)
        self._iterator: Any = None
        self._cancel = cancel
        self._watcher: asyncio.Task[None] | None = None
        self._reader: asyncio.Task[Any] | None = None  # the task awaiting a read
        self._interrupted = False

    def _state(self, builder: ReplyBuilder) -> StreamState:
        raise NotImplementedError

    @staticmethod
    def _view(source: object) -> object:
        """The source as the state reads it: itself, unless a format's events need a view
        of their own (Bedrock's blobs, bytes from boto3 or base64 text)."""
        return source

    def __repr__(self) -> str:
        return f"<{type(self).__module__}.{type(self).__qualname__}>"

    def __aiter__(self) -> AsyncStream:
        return self

    async def __anext__(self) -> ModelChunk:
        """The next chunk; ``StopAsyncIteration`` after the last one of a successful
        reply, the stream's ``ProviderError`` after the last one of a failed one."""
        reading = self._reading
        chunks = reading.builder.chunks
        while not chunks and not reading.settled:
            await self._pull()
        if chunks:
            return chunks.popleft()
        if reading.error is not None:
            raise reading.error
        raise StopAsyncIteration

    async def result(self) -> ModelResponse:
        """The ``ModelResponse``, reading the rest of the source if needed (chunks not
        yet iterated stay for iteration); raises the stream's ``ProviderError``."""
        reading = self._reading
        while not reading.settled:
            await self._pull()
        if reading.error is not None:
            raise reading.error
        assert reading.response is not None
        return reading.response

    async def aclose(self) -> None:
        """Stop early: no more chunks; an unfinished stream fails with
        PROVIDER_CANCELLED and the source is closed. A finished stream keeps its result."""
        self._reading.builder.chunks.clear()
        if not self._reading.settled:
            self._reading.error = _cancelled("the stream was closed before it finished")
        await self._close_source()

    async def __aenter__(self) -> AsyncStream:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()

    async def _pull(self) -> None:
        reading = self._reading
        if await self._cancel_was_set():
            return
        iterator = self._iterator
        if iterator is None:
            try:
                iterator = self._iterator = aiter(self._source)
            except Exception as error:
                reason = f"the source is not an async iterable ({describe_error(error)})"
                reading.fail(ProviderErrorCode.PROVIDER_TRANSPORT_ERROR, reason)
                return
        try:
            item = await self._read(iterator)
        except StopAsyncIteration:
            reading.end()
            await self._close_source()
            return
        except asyncio.CancelledError as error:
            if await self._cancelled_read(error):
                raise
            return
        except (Exception, GeneratorExit) as error:  # the connection, whatever it raises
            reason = f"the stream failed: {describe_error(error)}"
            reading.fail(ProviderErrorCode.PROVIDER_TRANSPORT_ERROR, reason)
            await self._close_source()
            return
        # Set while the read finished (before the watcher could interrupt it): the
        # item comes too late.
        if await self._cancel_was_set():
            return
        reading.item(item)
        if reading.settled:
            await self._close_source()

    async def _cancel_was_set(self) -> bool:
        if self._cancel is None or not self._cancel.is_set():
            return False
        self._reading.error = _cancelled("the cancel event was set")
        await self._close_source()
        return True

    async def _cancelled_read(self, error: asyncio.CancelledError) -> bool:
        """Settle a read that ended in ``CancelledError`` and close the source; True
        when the consuming task itself was cancelled (the caller re-raises). The cancel
        event's interruption is PROVIDER_CANCELLED; a ``CancelledError`` the source
        raised by itself is its failure, PROVIDER_TRANSPORT_ERROR."""
        reading = self._reading
        from_outside = False
        if self._interrupted:
            self._interrupted = False
            reading.error = _cancelled("the cancel event was set while a read was waiting")
        elif _cancelled_from_outside():
            reading.error = _cancelled("the consuming task was cancelled")
            from_outside = True
        else:
            reason = f"the stream failed: {describe_error(error)}"
            reading.fail(ProviderErrorCode.PROVIDER_TRANSPORT_ERROR, reason)
        await self._close_source()
        return from_outside

    async def _read(self, iterator: Any) -> Any:
        """``anext(iterator)`` in the consuming task; a set ``cancel`` event cancels
        that task's wait (one watcher task per stream, as ``asyncio.timeout`` does)."""
        if self._cancel is None:
            return await anext(iterator)
        task = asyncio.current_task()
        if self._watcher is None:
            self._watcher = asyncio.get_running_loop().create_task(self._watch(self._cancel))
        self._reader = task
        try:
            return await anext(iterator)
        finally:
            self._reader = None
            if self._interrupted and task is not None:
                task.uncancel()

    async def _watch(self, cancel: asyncio.Event) -> None:
        await cancel.wait()
        reader = self._reader
        if reader is not None and not self._interrupted:
            self._interrupted = True
            reader.cancel()

    async def _close_source(self) -> None:
        watcher, self._watcher = self._watcher, None
        if watcher is not None and watcher is not asyncio.current_task():
            watcher.cancel()
        iterator, self._iterator, self._source = self._iterator, None, None
        closer = getattr(iterator, "aclose", None) if iterator is not None else None
        if closer is not None:
            with contextlib.suppress(Exception):  # its failure to close changes nothing
                await closer()


class Unreads:
    """The PART_NOT_READ warnings of a reply's undeclared keys, each place once (a
    stream repeats usage in every ``message_delta``)."""

    __slots__ = ("warned",)

    def __init__(self) -> None:
        self.warned: set[str] = set()

    def warn(
        self,
        reply: ReplyBuilder,
        decoded: Decoded[Any],
        places: dict[str, str],
        what: str,
        block: int = -1,
    ) -> None:
        """Warn each key of ``decoded.unread`` at its place in the reply: ``places`` maps
        a prefix of the decoded pointers to the reply's ("" to ""). A key of the event
        itself, which has no place in the reply, is warned at "" naming the event
        (``what``)."""
        for place in decoded.unread:
            target = _in_reply(place, places)
            said = f"{what} {place}" if target is None else target
            if said in self.warned:
                continue
            self.warned.add(said)
            reply.warn(
                ConversionWarningCode.PART_NOT_READ,
                target or "",
                block,
                f"{said} is not read: the IR has no place for it",
            )


def _in_reply(place: str, places: dict[str, str]) -> str | None:
    """``place`` (a key's pointer in what was decoded) as a pointer into the reply."""
    for prefix in sorted(places, key=len, reverse=True):
        if place.startswith(prefix + "/"):
            return places[prefix] + place[len(prefix) :]
    return None
