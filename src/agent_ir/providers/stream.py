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
  is awaited, it ends the wait at once (the waiting task is interrupted, no polling)
  and the stream fails with PROVIDER_CANCELLED; cancelling the consuming task closes
  the source and propagates ``CancelledError``;
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

from agent_ir._generated.model_stream_schema import ModelChunk, ModelResponse, ProviderErrorCode
from agent_ir.providers.claims import claim
from agent_ir.providers.parser import ResponseParser
from agent_ir.providers.protocol import ProviderError
from agent_ir.providers.snapshot import copy_record

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
        "_parser",
        "_ready",
        "_records",
        "_response",
        "_source",
        "_waiting",
        "_watcher",
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
        self._waiting: asyncio.Task[Any] | None = None
        self._interrupted: str | None = None  # why our own task.cancel() was sent
        self._watcher: asyncio.Task[Any] | None = None

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
        cls, request_id: str, source: object, cancel: asyncio.Event | None
    ) -> RecordStream:
        """A stream over an untrusted async iterable of records, opened on first use."""
        stream = cls(request_id, cancel)
        stream._source = source
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
        return await self._apply(record)

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
        except Exception as error:
            self._settle(_invalid_fixture(f"records.__aiter__() failed: {_describe(error)}"))
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
        was settled instead; re-raises a cancellation of the consuming task."""
        task = asyncio.current_task()
        if self._cancel is not None and task is not None:
            # One watcher per wait, gone when the wait ends: an abandoned stream leaves
            # no task behind holding it and its source.
            self._watcher = asyncio.get_running_loop().create_task(asyncio.Event.wait(self._cancel))
            self._watcher.add_done_callback(self._on_cancel_set)
        record, cancelled, failure = await self._await_record(task)
        if self._interrupted is not None:
            assert task is not None
            return await self._take_back_interruption(task, cancelled)
        if cancelled is not None:
            await self._stop(_cancelled("the consuming task was cancelled"))
            raise cancelled
        if failure is not None:
            await self._stop(_invalid_fixture(f"the record source failed: {_describe(failure)}"))
            return _STOPPED
        return record

    async def _await_record(
        self, task: asyncio.Task[Any] | None
    ) -> tuple[Any, asyncio.CancelledError | None, BaseException | None]:
        """(record or ``_END``, the cancellation caught, the source's failure caught)."""
        self._waiting = task
        try:
            return await anext(self._iterator), None, None
        except StopAsyncIteration:
            return _END, None, None
        except asyncio.CancelledError as error:
            return _END, error, None
        except (KeyboardInterrupt, SystemExit):
            # Not contained, but the stream is settled so that it never reads again.
            self._settle(_invalid_fixture("the record source was interrupted"))
            raise
        except BaseException as error:  # any other failure of the source is the fixture's
            return _END, None, error
        finally:
            self._waiting = None
            watcher = self._watcher
            self._watcher = None
            if watcher is not None:
                watcher.cancel()

    async def _take_back_interruption(
        self, task: asyncio.Task[Any], cancelled: asyncio.CancelledError | None
    ) -> Any:
        """Our own interruption (cancel event or aclose), delivered or swallowed by the
        source: take it back, and re-raise only a cancellation from outside."""
        reason = self._interrupted
        assert reason is not None
        self._interrupted = None
        external = task.uncancel() > 0
        await self._stop(_cancelled(reason))
        if external and cancelled is not None:
            raise cancelled
        return _STOPPED

    def _on_cancel_set(self, watcher: asyncio.Task[Any]) -> None:
        if not watcher.cancelled():
            self._interrupt("the cancel event was set while a record was awaited")

    def _interrupt(self, reason: str) -> None:
        task = self._waiting
        if task is not None and self._interrupted is None:
            self._interrupted = reason
            task.cancel()

    async def _stop(self, error: ProviderError) -> None:
        """Settle with ``error`` and close the source iterator (once)."""
        self._settle(error)
        iterator = self._iterator
        self._iterator = None
        if iterator is None:
            return
        try:
            closer = getattr(iterator, "aclose", None)
            if closer is not None:
                await closer()
        except Exception:  # the source's own failure to close changes nothing
            pass

    def _settle(self, error: ProviderError | None) -> None:
        """Record ``error`` unless the stream already has an outcome, and stop watching
        the cancel event (``None``: the response was just set)."""
        if error is not None and self._error is None and self._response is None:
            self._error = error
        watcher = self._watcher
        if watcher is not None:
            self._watcher = None
            watcher.cancel()


def _cancelled(reason: str) -> ProviderError:
    return ProviderError(ProviderErrorCode.PROVIDER_CANCELLED, reason)


def _invalid_fixture(reason: str) -> ProviderError:
    return ProviderError(ProviderErrorCode.PROVIDER_INVALID_FIXTURE, reason)


def _describe(error: BaseException) -> str:
    try:
        return f"{type(error).__name__}: {error}"
    except Exception:  # a hostile __str__
        return type(error).__name__
