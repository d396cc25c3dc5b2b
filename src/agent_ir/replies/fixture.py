"""``FixtureProviderAdapter``: an offline provider that replays recorded transport records.

Its input is untrusted: the parsed JSON of a fixture file
(``schemas/v1/provider-fixture.schema.json``) or an equivalent object whose response
``records`` may also be async iterables. Its output is the normalized protocol of
``agent_ir.replies.protocol``. It opens no connection and needs no credentials.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from collections.abc import AsyncIterable, Mapping
from os import PathLike
from pathlib import Path
from typing import Any

from agent_ir._generated.model_stream_schema import ProviderErrorCode
from agent_ir._jsoncopy import snapshot_sequence
from agent_ir._paths import format_path
from agent_ir._text import non_empty_id
from agent_ir.replies.protocol import ModelStream, ProviderError
from agent_ir.replies.snapshot import copy_records
from agent_ir.replies.stream import RecordStream

__all__ = ["FixtureProviderAdapter"]

SCHEMA_VERSION = 1

_MISSING: Any = object()


class FixtureProviderAdapter:
    """Serves the responses of a fixture, one per ``stream`` call, in order.

    ``FixtureProviderAdapter(fixture)`` checks that ``fixture["schemaVersion"]`` is the
    integer 1 and snapshots ``fixture["responses"]``: each entry must be a mapping whose
    ``records`` is a list/tuple (deep-copied and frozen now: later changes to the
    fixture object change nothing) or an async iterable (read when its stream runs).
    Any other fixture, a record that cannot be copied as JSON (NaN copies), or a hostile
    container whose methods raise is ``ProviderError`` PROVIDER_INVALID_FIXTURE; no other
    exception type escapes (``KeyboardInterrupt`` and ``SystemExit`` propagate). Other
    keys (``expected``) are ignored.

    Not thread-safe: use an adapter from one event loop.
    """

    __slots__ = ("_call_count", "_queue")

    def __init__(self, fixture: object) -> None:
        try:
            responses = _snapshot_fixture(fixture)
        except _InvalidFixture as error:
            raise ProviderError(ProviderErrorCode.PROVIDER_INVALID_FIXTURE, str(error)) from None
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as error:  # a hostile container, whatever it raises (a
            # ProviderError or CancelledError it raises included)
            raise ProviderError(
                ProviderErrorCode.PROVIDER_INVALID_FIXTURE,
                f"fixture could not be read ({type(error).__name__})",
            ) from None
        self._queue: deque[list[Any] | _AsyncRecords] = deque(responses)
        self._call_count = 0

    @classmethod
    def from_path(cls, path: str | PathLike[str]) -> FixtureProviderAdapter:
        """An adapter over the fixture file at ``path`` (UTF-8 JSON).

        Text that is not JSON is PROVIDER_INVALID_FIXTURE; a file that cannot be read
        raises its ``OSError``.
        """
        data = Path(path).read_bytes()
        try:
            fixture = json.loads(data)
        except (ValueError, RecursionError) as error:
            raise ProviderError(
                ProviderErrorCode.PROVIDER_INVALID_FIXTURE, f"{path} is not JSON: {error}"
            ) from None
        return cls(fixture)

    @property
    def call_count(self) -> int:
        """How many ``stream`` calls were accepted (a refused ``request_id`` is not one)."""
        return self._call_count

    @property
    def pending_response_count(self) -> int:
        """How many responses are still queued."""
        return len(self._queue)

    def stream(self, request_id: str, *, cancel: asyncio.Event | None = None) -> ModelStream:
        """Take the next queued response and return its stream.

        ``request_id`` must be a ``str`` with a non-whitespace character and no lone
        surrogate, and ``cancel`` an ``asyncio.Event`` or ``None``; otherwise
        ``TypeError`` is raised here and the call is not counted. Every other call counts.
        Failures are never raised here; the returned stream rejects iteration and
        ``result()``: PROVIDER_CANCELLED when ``cancel`` is already set (checked first;
        the response stays queued for a retry), PROVIDER_EXHAUSTED when the queue is
        empty, then the parsing errors of the response itself.
        """
        if not isinstance(request_id, str):
            raise TypeError(
                f"stream() request_id must be a non-empty str, not {type(request_id).__name__}"
            )
        # An exact copy first: a str subclass's own methods are never called.
        request_id = str.__str__(request_id)
        if not non_empty_id(request_id):
            raise TypeError(f"stream() request_id must be a non-empty str, not {request_id!r}")
        if cancel is not None and not isinstance(cancel, asyncio.Event):
            raise TypeError(
                f"stream() cancel must be an asyncio.Event or None, not {type(cancel).__name__}"
            )
        self._call_count += 1
        if cancel is not None and asyncio.Event.is_set(cancel):
            error = ProviderError(
                ProviderErrorCode.PROVIDER_CANCELLED,
                "the cancel event was set before the stream started",
            )
            return RecordStream.failed(request_id, error)
        if not self._queue:
            error = ProviderError(
                ProviderErrorCode.PROVIDER_EXHAUSTED, "no queued response is left"
            )
            return RecordStream.failed(request_id, error)
        records = self._queue.popleft()
        if isinstance(records, _AsyncRecords):
            return RecordStream.from_source(request_id, records.iterable, cancel)
        return RecordStream.from_records(request_id, records, cancel)


class _AsyncRecords:
    """An untrusted async iterable of records, kept as given until its stream runs."""

    __slots__ = ("iterable",)

    def __init__(self, iterable: object) -> None:
        self.iterable = iterable


class _InvalidFixture(Exception):
    """A fixture problem found by this module (as opposed to one a hostile object raised)."""


def _snapshot_fixture(fixture: object) -> list[list[Any] | _AsyncRecords]:
    version = _read(fixture, "schemaVersion", "fixture")
    if type(version) is not int or version != SCHEMA_VERSION:
        raise _InvalidFixture(
            f"fixture schemaVersion must be the integer {SCHEMA_VERSION}, not {version!r}"
        )
    entries = _read(fixture, "responses", "fixture")
    if not isinstance(entries, (list, tuple)):
        raise _InvalidFixture(f"fixture responses must be a list, not {type(entries).__name__}")
    return [
        _snapshot_response(entry, index) for index, entry in enumerate(snapshot_sequence(entries))
    ]


def _snapshot_response(entry: object, index: int) -> list[Any] | _AsyncRecords:
    where = f"responses[{index}]"
    records = _read(entry, "records", where)
    if isinstance(records, (list, tuple)):
        try:
            return copy_records(records)
        except ValueError as error:  # JsonValueError, with a path inside the records
            path = format_path((index, "records", *getattr(error, "path", ())))
            raise _InvalidFixture(
                f"responses{path} cannot be copied as JSON: {getattr(error, 'reason', error)}"
            ) from None
    if isinstance(records, AsyncIterable):
        return _AsyncRecords(records)
    raise _InvalidFixture(
        f"{where}.records must be a list or an async iterable, not {type(records).__name__}"
    )


def _read(container: object, key: str, where: str) -> object:
    """``container[key]`` of a mapping, read once through its base type when it is a dict."""
    if isinstance(container, dict):
        value = dict.get(container, key, _MISSING)
    elif isinstance(container, Mapping):
        try:
            value = container[key]
        except KeyError:
            value = _MISSING
    else:
        raise _InvalidFixture(f"{where} must be a mapping, not {type(container).__name__}")
    if value is _MISSING:
        raise _InvalidFixture(f"{where} has no {key!r}")
    return value
