"""``RecordStream``: the ``ModelStream`` of a fixture response.

It drives a ``ResponseParser`` over the records of one response, taken either from a
private snapshot (a list, read in one synchronous step when the stream first runs) or
from an untrusted async iterable (read one record at a time). It owns everything that
can go wrong around the parser:

* the source: ``__aiter__`` is called once; an iterator some stream claimed before is
  PROVIDER_ITERATOR_REUSED and left untouched; any failure of the source (including a
  ``ProviderError`` it raises) is PROVIDER_INVALID_FIXTURE; a record that cannot be
  copied as JSON is PROVIDER_INVALID_EVENT; the value of ``StopAsyncIteration`` is
  ignored;
* cancellation: the ``cancel`` event is checked before every record; set while a record
  is awaited, it ends the wait at once (the source is read in a task of its own, so no
  polling, and a source that swallows its cancellation cannot hold the stream) and the
  stream fails with PROVIDER_CANCELLED; cancelling the consuming task closes the source
  and propagates ``CancelledError``; a ``CancelledError`` the source raises by itself
  is its failure, PROVIDER_INVALID_FIXTURE;
* closing: whenever processing stops before the source ended (an error, cancellation,
  ``aclose()``), the iterator's ``aclose()`` is awaited once if it has one, and its own
  failures are ignored.

Every chunk produced is yielded once, in order, whether ``result()`` or iteration read
it first; a failure then rejects both with the same ``ProviderError`` instance.
"""

from __future__ import annotations

import asyncio
from collections import deque
from types import TracebackType
from typing import Any

from agent_ir._errors import describe_error
from agent_ir._generated.model_stream_schema import ModelChunk, ModelResponse, ProviderErrorCode
from agent_ir.replies.claims import claim
from agent_ir.replies.parser import ResponseParser
from agent_ir.replies.protocol import ProviderError
from agent_ir.replies.snapshot import copy_record

__all__ = ["RecordStream"]

_END: Any = object()
_STOPPED: Any = object()


class RecordStream:
    """A ``ModelStream`` over one response's records; built by ``FixtureProviderAdapter``.

    Use ``from_records``, ``from_source`` or ``failed``; see the module docstring for
    the behaviour.
    """

    __slots__ = (
        "_cancel",
        "_count",
        "_error",
        "_interrupted",
        "_iterator",
        "_lock",
        "_own_errors",
        "_parser",
        "_ready",
        "_records",
        "_response",
        "_signal",
        "_source",
    )

    def __init__(self, request_id: str, cancel: asyncio.Event | None) -> None:
        self._parser = ResponseParser(request_id)
        self._cancel = cancel
        self._records: list[Any] | None = None
        self._source: Any = None
        self._iterator: Any = None
        self._count = 0
        self._ready: deque[ModelChunk] = deque()
        self._response: ModelResponse | None = None
        self._error: ProviderError | None = None
        self._lock: asyncio.Lock | None = None
        self._signal: asyncio.Future[None] | None = None  # set to interrupt a wait
        self._own_errors = False
        self._interrupted: str | None = None  # why the wait was interrupted

    @classmethod
    def from_records(
        cls, request_id: str, records: list[Any], cancel: asyncio.Event | None
    ) -> RecordStream:
        """A stream over a private snapshot of records (nobody else may hold the list)."""
        stream = cls(request_id, cancel)
        stream._records = records
        return stream

    @classmethod
    def from_source(
        cls,
        request_id: str,
        source: object,
        cancel: asyncio.Event | None,
        *,
        own_errors: bool = False,
    ) -> RecordStream:
        """A stream over an untrusted async iterable of records, opened on first use.
        ``own_errors``: the source is this package's own (a wire-format translator over
        the caller's stream): it yields lists of records it built itself (parsed in
        order without a copy, one read of the source per list), and a ``ProviderError``
        it raises is the stream's outcome, as it is; any other failure is still
        PROVIDER_INVALID_FIXTURE."""
        stream = cls(request_id, cancel)
        stream._source = source
        stream._own_errors = own_errors
        return stream

    @classmethod
    def failed(cls, request_id: str, error: ProviderError) -> RecordStream:
        """A stream that rejects iteration and ``result()`` with ``error``."""
        stream = cls(request_id, None)
        stream._error = error
        return stream

    def __aiter__(self) -> RecordStream:
        return self

    async def __anext__(self) -> ModelChunk:
        """The next chunk; ``StopAsyncIteration`` after the last one of a successful
        response, the stream's ``ProviderError`` after the last one of a failed one."""
        ready = self._ready
        if ready:
            return ready.popleft()
        if self._response is None and self._error is None:
            await self._advance()
            if ready:
                return ready.popleft()
        if self._error is not None:
            raise self._error
        raise StopAsyncIteration

    async def result(self) -> ModelResponse:
        """The terminal ``ModelResponse``, reading the rest of the records if needed;
        raises the stream's ``ProviderError`` on failure."""
        while self._response is None and self._error is None:
            await self._advance()
        if self._error is not None:
            raise self._error
        assert self._response is not None
        return self._response

    async def aclose(self) -> None:
        """Stop early: no more chunks are yielded; an unfinished stream fails with
        PROVIDER_CANCELLED and its source iterator is closed. Finished streams keep
        their result."""
        self._ready.clear()
        if self._response is not None or self._error is not None:
            return
        if self._iterator is None:
            # Never opened: no iterator to close, and an unopened source stays untouched.
            self._records = None
            self._source = None
            self._settle(_cancelled("the stream was closed before it finished"))
            return
        self._interrupt("the stream was closed while a record was awaited")
        lock = self._lock
        assert lock is not None
        async with lock:
            if self._response is None and self._error is None:
                await self._stop(_cancelled("the stream was closed before it finished"))

    async def __aenter__(self) -> RecordStream:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()

    async def _advance(self) -> None:
        if self._records is not None:
            self._read_snapshot()
        else:
            await self._pull()

    def _read_snapshot(self) -> None:
        records = self._records
        assert records is not None
        self._records = None
        if self._cancel is not None and asyncio.Event.is_set(self._cancel):
            self._settle(_cancelled("the cancel event was set"))
            return
        parser = self._parser
        try:
            parser.feed_all(records, self._ready.append)
            self._response = parser.finish(len(records))
        except ProviderError as error:  # raised by the parser, never by caller code
            self._error = error

    async def _pull(self) -> None:
        """Read records until one emits a chunk or the stream is settled."""
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            while self._response is None and self._error is None and await self._step():
                pass

    async def _step(self) -> bool:
        """Read and apply one record; True when the next one is to be read."""
        if self._cancel is not None and asyncio.Event.is_set(self._cancel):
            await self._stop(_cancelled("the cancel event was set"))
            return False
        if self._source is not None and not self._open():
            return False
        record = await self._next_record()
        if record is _STOPPED:
            return False
        if record is _END:
            self._finish()
            return False
        if self._own_errors:
            return await self._apply_batch(record)
        return await self._apply(record)

    async def _apply_batch(self, records: list[Any]) -> bool:
        """A batch of this package's own records (a wire translator's, built from data
        it decoded or copied itself: no copy needed), in order, up to the first that
        settles the stream; True when none emitted a chunk and the stream is open."""
        parser = self._parser
        ready = self._ready
        for record in records:
            index = self._count
            self._count += 1
            try:
                chunk = parser.feed(record, index)
            except ProviderError as error:  # raised by the parser
                await self._stop(error)
                return False
            if chunk is not None:
                ready.append(chunk)
        return not ready

    def _finish(self) -> None:
        try:
            self._response = self._parser.finish(self._count)
        except ProviderError as error:
            self._settle(error)
        else:
            self._settle(None)

    async def _apply(self, record: Any) -> bool:
        """Copy and parse one record; True when it emitted no chunk and left the stream open."""
        index = self._count
        self._count += 1
        try:
            copied = copy_record(record)
        except Exception as error:
            reason = f"record {index} cannot be copied as JSON: {error}"
            code = ProviderErrorCode.PROVIDER_INVALID_EVENT
            await self._stop(ProviderError(code, reason, record_index=index))
            return False
        try:
            chunk = self._parser.feed(copied, index)
        except ProviderError as error:  # raised by the parser, never by the source
            await self._stop(error)
            return False
        if chunk is None:
            return True
        self._ready.append(chunk)
        return False

    def _open(self) -> bool:
        source = self._source
        self._source = None
        try:
            iterator = aiter(source)
        except (KeyboardInterrupt, SystemExit):
            self._settle(_invalid_fixture("the record source was interrupted"))
            raise
        except BaseException as error:  # a CancelledError of the source's own included
            self._settle(_invalid_fixture(f"records.__aiter__() failed: {describe_error(error)}"))
            return False
        if not claim(iterator):
            self._settle(
                ProviderError(
                    ProviderErrorCode.PROVIDER_ITERATOR_REUSED,
                    "the records' async iterator was already consumed by another stream",
                )
            )
            return False
        self._iterator = iterator
        return True

    async def _next_record(self) -> Any:
        """The next record, ``_END`` when the source ended, ``_STOPPED`` when the stream
        was settled instead; re-raises a cancellation of the consuming task.

        The source is read in a task of its own, and this task waits for that read or
        for an interruption (the cancel event, ``aclose()``), whichever comes first: a
        source that swallows its cancellation cannot hold the stream, and a
        cancellation of this task from outside ends the wait at once too."""
        loop = asyncio.get_running_loop()
        reader = loop.create_task(_read_one(self._iterator))
        signal = self._signal = loop.create_future()
        watcher = self._watch_cancel(loop)
        try:
            await asyncio.wait((reader, signal), return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            await self._stop(_cancelled("the consuming task was cancelled"), reader)
            raise
        finally:
            self._signal = None
            if watcher is not None:
                watcher.cancel()
        reason = self._interrupted
        if reason is not None:
            self._interrupted = None
            await self._stop(_cancelled(reason), reader)
            return _STOPPED
        return await self._outcome(reader.result())

    def _watch_cancel(self, loop: asyncio.AbstractEventLoop) -> asyncio.Task[Any] | None:
        """One watcher per wait, gone when the wait ends: an abandoned stream leaves no
        task behind holding it and its source."""
        if self._cancel is None:
            return None
        watcher = loop.create_task(asyncio.Event.wait(self._cancel))
        watcher.add_done_callback(self._on_cancel_set)
        return watcher

    async def _outcome(self, read: tuple[Any, BaseException | None]) -> Any:
        record, failure = read
        if failure is None:
            return record
        if isinstance(failure, (KeyboardInterrupt, SystemExit)):
            # Not contained, but the stream is settled so that it never reads again.
            self._settle(_invalid_fixture("the record source was interrupted"))
            raise failure
        if self._own_errors and type(failure) is ProviderError:
            await self._stop(failure)
            return _STOPPED
        # Any other failure of the source is the fixture's, a CancelledError it raised
        # by itself included (this task was not cancelled: it would not be here).
        await self._stop(_invalid_fixture(f"the record source failed: {describe_error(failure)}"))
        return _STOPPED

    def _on_cancel_set(self, watcher: asyncio.Task[Any]) -> None:
        if not watcher.cancelled():
            self._interrupt("the cancel event was set while a record was awaited")

    def _interrupt(self, reason: str) -> None:
        signal = self._signal
        if signal is not None and not signal.done() and self._interrupted is None:
            self._interrupted = reason
            signal.set_result(None)

    async def _stop(self, error: ProviderError, reader: asyncio.Task[Any] | None = None) -> None:
        """Settle with ``error`` and close the source iterator (once). A ``reader`` still
        reading is cancelled first and given a few loop turns to end; one that ignores
        its cancellation is abandoned, and its iterator is not closed under it."""
        self._settle(error)
        iterator = self._iterator
        self._iterator = None
        if iterator is None:
            return
        if reader is not None:
            reader.cancel()
            if not await _ended_in_time(reader):
                return
        await _close(iterator)

    def _settle(self, error: ProviderError | None) -> None:
        """Record ``error`` unless the stream already has an outcome (``None``: the
        response was just set)."""
        if error is not None and self._error is None and self._response is None:
            self._error = error


async def _read_one(iterator: Any) -> tuple[Any, BaseException | None]:
    """(the next record or ``_END``, the source's failure): every exception of the
    source is returned, never raised, so that the reading task ends cleanly whatever
    the source does (a ``KeyboardInterrupt`` is re-raised by the stream's task)."""
    try:
        return await anext(iterator), None
    except StopAsyncIteration:
        return _END, None
    except BaseException as error:  # the source's own failure, whatever its type
        return _END, error


# A cancelled read, or an aclose(), of a source that behaves ends within a turn or two
# of the event loop; counting turns (not seconds) keeps the outcome deterministic.
_GRACE_TURNS = 8


async def _ended_in_time(task: asyncio.Task[Any]) -> bool:
    """True once ``task`` ended within the grace turns (it is left running otherwise)."""
    for _ in range(_GRACE_TURNS):
        if task.done():
            return True
        await asyncio.sleep(0)
    return task.done()


async def _close(iterator: Any) -> None:
    """Await the iterator's ``aclose()`` once, if it has one, in a task of its own: its
    failures are ignored (whatever their type), one that never ends is abandoned after
    the grace turns; only an interrupt it raises is re-raised."""
    try:
        closer = getattr(iterator, "aclose", None)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # a hostile __getattr__: nothing to close with
        return
    if closer is None:
        return
    closing = asyncio.get_running_loop().create_task(_call_aclose(closer))
    if not await _ended_in_time(closing):
        closing.cancel()
        return
    interrupt = closing.result()
    if interrupt is not None:
        raise interrupt


async def _call_aclose(closer: Any) -> BaseException | None:
    try:
        await closer()
    except (KeyboardInterrupt, SystemExit) as interrupt:
        return interrupt
    except BaseException:  # the source's own failure to close changes nothing
        return None
    return None


def _cancelled(reason: str) -> ProviderError:
    return ProviderError(ProviderErrorCode.PROVIDER_CANCELLED, reason)


def _invalid_fixture(reason: str) -> ProviderError:
    return ProviderError(ProviderErrorCode.PROVIDER_INVALID_FIXTURE, reason)
