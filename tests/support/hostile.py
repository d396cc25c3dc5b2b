"""Hostile test doubles: inputs that raise, count, lie about their type, loop or nest deep.

The library must read untrusted input through base types, at most once, and contain
every ``Exception`` it raises; these doubles make each way of breaking that visible.
"""

from __future__ import annotations

import asyncio
import datetime
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

# --- keys and strings -------------------------------------------------------------------


class ArmedKey(str):
    """A ``str`` subclass key (``is_rereadable`` lets it through) whose ``__eq__`` and
    ``__hash__`` must not run while input is read at once (``armed``)."""

    armed: ClassVar[bool] = False

    def __eq__(self, other: object) -> bool:
        assert not ArmedKey.armed, "__eq__ of a caller's key ran"
        return str.__eq__(self, other)

    def __hash__(self) -> int:
        assert not ArmedKey.armed, "__hash__ of a caller's key ran"
        return str.__hash__(self)


class TextSubclass(str):
    """A ``str`` subclass value: not an exact string, read the checked way."""


def nested_object(levels: int) -> dict[str, Any]:
    """An object ``levels`` deep (itself counted)."""
    value: dict[str, Any] = {}
    for _ in range(levels - 1):
        value = {"a": value}
    return value


# --- mappings -------------------------------------------------------------------------


class CountingMapping(Mapping[str, Any]):
    """A mapping over ``data`` that counts each key read, each listing and each ``len``."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data
        self.reads: Counter[str] = Counter()
        self.iterations = 0
        self.lengths = 0

    def __getitem__(self, key: str) -> Any:
        self.reads[key] += 1
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        self.iterations += 1
        return iter(self._data)

    def __len__(self) -> int:
        self.lengths += 1
        return len(self._data)


class RaisingMapping(Mapping[str, Any]):
    """A mapping whose every method raises ``error``."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def __getitem__(self, key: str) -> Any:
        raise self.error

    def __iter__(self) -> Iterator[str]:
        raise self.error

    def __len__(self) -> int:
        raise self.error


class RaisingItem(Mapping[str, Any]):
    """A mapping whose ``key`` raises ``error`` when read; other keys read normally."""

    def __init__(self, data: dict[str, Any], key: str, error: BaseException) -> None:
        self._data = data
        self._key = key
        self._error = error

    def __getitem__(self, key: str) -> Any:
        if key == self._key:
            raise self._error
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


class RaisingKeys(Mapping[str, Any]):
    """A mapping that cannot even list its keys."""

    def __getitem__(self, key: str) -> Any:
        return "user"

    def __iter__(self) -> Iterator[str]:
        raise RuntimeError("__iter__ of a hostile mapping")

    def __len__(self) -> int:
        return 3

    def keys(self) -> Any:
        raise RuntimeError("keys of a hostile mapping")


class HostileMapping(Mapping[str, Any]):
    """A mapping over ``data`` whose method named ``fails`` raises ``error``."""

    def __init__(self, data: dict[str, Any], fails: str, error: BaseException) -> None:
        self._data = data
        self._fails = fails
        self._error = error

    def _maybe_fail(self, name: str) -> None:
        if self._fails == name:
            raise self._error

    def __getitem__(self, key: str) -> Any:
        self._maybe_fail("__getitem__")
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        self._maybe_fail("__iter__")
        return iter(self._data)

    def __len__(self) -> int:
        self._maybe_fail("__len__")
        return len(self._data)

    def keys(self) -> Any:
        self._maybe_fail("keys")
        return super().keys()

    def items(self) -> Any:
        self._maybe_fail("items")
        return super().items()


class OverridingDict(dict[str, Any]):
    """A dict subclass whose overridden readers raise: they must never be called."""

    def __getitem__(self, key: str) -> Any:
        raise AssertionError("overridden __getitem__ called")

    def get(self, key: str, default: Any = None) -> Any:
        raise AssertionError("overridden get called")

    def items(self) -> Any:
        raise AssertionError("overridden items called")

    def __iter__(self) -> Iterator[str]:
        raise AssertionError("overridden __iter__ called")


# --- sequences ------------------------------------------------------------------------


class _RefusingSequence:
    """The overridable protocol methods of a sequence, each recording its call in
    ``calls`` and raising: mixed in before ``list`` or ``tuple``."""

    calls: list[str]

    def __iter__(self) -> Iterator[Any]:
        self.calls.append("__iter__")
        raise AssertionError("__iter__ called")

    def __getitem__(self, index: Any) -> Any:
        self.calls.append("__getitem__")
        raise AssertionError("__getitem__ called")

    def __len__(self) -> int:
        self.calls.append("__len__")
        raise AssertionError("__len__ called")


class RaisingList(_RefusingSequence, list[Any]):
    """A list whose overridable protocol methods record each call in ``calls``, then raise.

    The items are only reachable through ``list`` itself; a reader that calls an
    override fails with ``AssertionError``, whether or not it contains other errors.
    """

    def __init__(self, items: Any = ()) -> None:
        super().__init__(items)
        self.calls = []


class RaisingTuple(_RefusingSequence, tuple[Any, ...]):
    """The tuple twin of ``RaisingList``."""

    def __init__(self, items: Any = ()) -> None:
        self.calls = []


# --- scalars --------------------------------------------------------------------------


class MyStr(str):
    """A plain ``str`` subclass: must come out as an exact ``str``."""


class MyInt(int):
    """A plain ``int`` subclass: must come out as an exact ``int``."""


class MyFloat(float):
    """A plain ``float`` subclass: must come out as an exact ``float``."""


class LyingBlank(str):
    """A blank string that claims through its methods not to be blank."""

    def isspace(self) -> bool:
        return False

    def strip(self, *args: Any) -> str:
        return "not blank"


class ExplodingText(str):
    """A string whose ``encode`` raises: it must be judged and copied as the plain string."""

    def encode(self, *args: Any, **kwargs: Any) -> bytes:
        raise RuntimeError("boom")


class SourceFailure(BaseException):
    """Neither an Exception nor an interrupt: still the source's failure."""


# --- cycles and deep nesting ----------------------------------------------------------


def self_referencing(data: dict[str, Any], key: str) -> dict[str, Any]:
    """A copy of ``data`` whose ``key`` holds the copy itself."""
    cyclic = dict(data)
    cyclic[key] = cyclic
    return cyclic


def nested_lists(levels: int, leaf: Any = "leaf") -> Any:
    """``levels`` lists, each holding the next; the innermost holds ``leaf``."""
    value: Any = leaf
    for _ in range(levels):
        value = [value]
    return value


def nested_dicts(levels: int, key: str = "k", leaf: Any = "leaf") -> Any:
    """``levels`` dicts, each holding the next under ``key``; the innermost holds ``leaf``."""
    value: Any = leaf
    for _ in range(levels):
        value = {key: value}
    return value


# --- async record sources -------------------------------------------------------------


class RecordSource:
    """An async iterator over ``records`` that counts how it is used.

    Before the record at ``block_at`` it sets ``blocked`` and waits on ``release``;
    at ``fail_at`` it raises ``error``; at the end it raises
    ``StopAsyncIteration("ignored")``. ``aclose`` counts its calls and raises
    ``aclose_error`` when given.
    """

    def __init__(
        self,
        records: list[Any],
        *,
        block_at: int | None = None,
        fail_at: int | None = None,
        error: BaseException | None = None,
        aclose_error: BaseException | None = None,
    ) -> None:
        self.records = records
        self.position = 0
        self.block_at = block_at
        self.fail_at = fail_at
        self.error = error
        self.aclose_error = aclose_error
        self.aiter_calls = 0
        self.anext_calls = 0
        self.aclose_calls = 0
        self.blocked = asyncio.Event()
        self.release = asyncio.Event()
        self.wait_interrupted = False

    def __aiter__(self) -> RecordSource:
        self.aiter_calls += 1
        return self

    async def __anext__(self) -> Any:
        self.anext_calls += 1
        if self.position == self.block_at:
            self.blocked.set()
            try:
                await self.release.wait()
            except asyncio.CancelledError:
                self.wait_interrupted = True
                raise
        if self.position == self.fail_at:
            assert self.error is not None
            raise self.error
        if self.position >= len(self.records):
            raise StopAsyncIteration("ignored")
        record = self.records[self.position]
        self.position += 1
        return record

    async def aclose(self) -> None:
        self.aclose_calls += 1
        if self.aclose_error is not None:
            raise self.aclose_error


# --- appended for tests/adversarial: exceptions, lies, shifting reads, scalars, sources -


class UnprintableError(Exception):
    """An exception whose ``__str__`` and ``__repr__`` raise another ``UnprintableError``:
    formatting it, or the error formatting it raised, never succeeds."""

    def __str__(self) -> str:
        raise UnprintableError()

    def __repr__(self) -> str:
        raise UnprintableError()


class UnreadableClass:
    """An object whose ``__class__`` raises: ``isinstance`` against any class it is not
    an instance of raises ``RuntimeError``."""

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        raise RuntimeError("__class__ of a hostile object")


class UnreadableAttributes:
    """An object whose every attribute read (``__class__``, ``__dict__``, methods) raises."""

    def __getattribute__(self, name: str) -> Any:
        raise RuntimeError(f"attribute {name} of a hostile object")


class LyingLengthMapping(Mapping[str, Any]):
    """A mapping over ``data`` whose ``__len__`` returns ``length`` (a lie: 0, -1, 2**64)."""

    def __init__(self, data: dict[str, Any], length: int) -> None:
        self._data = data
        self._length = length

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return self._length


class ShiftingMapping(Mapping[str, Any]):
    """A mapping that answers each read from the next of ``versions`` (dicts): listing
    its keys, reading a key and ``len`` each advance ``reads``. Read once, it looks like
    ``versions[0]`` for the listing and the next versions for the values."""

    def __init__(self, versions: list[dict[str, Any]]) -> None:
        self._versions = versions
        self.reads = 0

    def _next(self) -> dict[str, Any]:
        version = self._versions[min(self.reads, len(self._versions) - 1)]
        self.reads += 1
        return version

    def __getitem__(self, key: str) -> Any:
        return self._next()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._next()))

    def __len__(self) -> int:
        return len(self._next())


class LyingList(list[Any]):
    """A list whose overrides lie: ``__len__`` says ``claims``, ``__iter__`` and
    ``__getitem__`` give ``"lie"``, and ``__iter__`` also appends to the list. Read through
    ``list`` itself it holds its real items and is never changed."""

    def __init__(self, items: Any = (), claims: int = 0) -> None:
        super().__init__(items)
        self.claims = claims

    def __len__(self) -> int:
        return self.claims

    def __iter__(self) -> Iterator[Any]:
        list.append(self, "appended by __iter__")
        return iter(["lie"])

    def __getitem__(self, index: Any) -> Any:
        return "lie"


class LyingTuple(tuple[Any, ...]):
    """The tuple twin of ``LyingList`` (without the append: a tuple cannot change)."""

    claims = 0

    def __len__(self) -> int:
        return self.claims

    def __iter__(self) -> Iterator[Any]:
        return iter(["lie"])

    def __getitem__(self, index: Any) -> Any:
        return "lie"


class HostileStr(str):
    """A string whose every overridable method raises (hash aside, so it can be a key)."""

    def _boom(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("method of a hostile str")

    __str__ = __repr__ = __format__ = __len__ = __iter__ = __getitem__ = _boom
    __eq__ = __ne__ = __lt__ = __contains__ = __add__ = __mod__ = _boom  # type: ignore[assignment]
    encode = strip = isspace = isascii = isidentifier = startswith = replace = _boom  # type: ignore[assignment]
    upper = lower = split = join = find = _boom  # type: ignore[assignment]
    __hash__ = str.__hash__


class HostileInt(int):
    """An int whose every overridable method raises."""

    def _boom(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("method of a hostile int")

    __int__ = __index__ = __float__ = __bool__ = __str__ = __repr__ = __format__ = _boom
    __eq__ = __ne__ = __lt__ = __gt__ = __le__ = __ge__ = __add__ = __neg__ = _boom  # type: ignore[assignment]
    __hash__ = int.__hash__


class LyingInt(int):
    """An int that claims through its methods to be another number."""

    def __int__(self) -> int:
        return 7

    def __index__(self) -> int:
        return 7

    def __repr__(self) -> str:
        return "7"

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


class HostileFloat(float):
    """A float whose every overridable method raises."""

    def _boom(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("method of a hostile float")

    __float__ = __int__ = __bool__ = __str__ = __repr__ = __format__ = __round__ = _boom
    __eq__ = __ne__ = __lt__ = __gt__ = __le__ = __ge__ = __add__ = _boom  # type: ignore[assignment]
    is_integer = hex = _boom  # type: ignore[assignment]
    __hash__ = float.__hash__


class DisguisedNan(float):
    """A NaN that claims through its methods to be the finite number 1.0."""

    def __new__(cls) -> DisguisedNan:
        return super().__new__(cls, "nan")

    def __float__(self) -> float:
        return 1.0

    def __repr__(self) -> str:
        return "1.0"

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = float.__hash__


# --- datetimes and time zones ---------------------------------------------------------


class RaisingTzinfo(datetime.tzinfo):
    """A time zone whose every method raises."""

    def utcoffset(self, dt: datetime.datetime | None) -> datetime.timedelta | None:
        raise RuntimeError("utcoffset of a hostile tzinfo")

    def tzname(self, dt: datetime.datetime | None) -> str | None:
        raise RuntimeError("tzname of a hostile tzinfo")

    def dst(self, dt: datetime.datetime | None) -> datetime.timedelta | None:
        raise RuntimeError("dst of a hostile tzinfo")


class LyingTzinfo(datetime.tzinfo):
    """A time zone whose ``utcoffset`` returns ``offset`` (a non-timedelta, or one out of
    datetime's range, which datetime itself refuses with TypeError/ValueError)."""

    def __init__(self, offset: object) -> None:
        self.offset = offset

    def utcoffset(self, dt: datetime.datetime | None) -> Any:
        return self.offset

    def tzname(self, dt: datetime.datetime | None) -> str | None:
        return "LIE"

    def dst(self, dt: datetime.datetime | None) -> datetime.timedelta | None:
        return None


class IsoformatRaises(datetime.datetime):
    """An aware datetime whose ``isoformat`` raises."""

    def isoformat(self, *args: Any, **kwargs: Any) -> str:
        raise RuntimeError("isoformat of a hostile datetime")


class IsoformatLies(datetime.datetime):
    """An aware datetime whose ``isoformat`` returns ``IsoformatLies.text`` (not its time)."""

    text: Any = "yesterday"

    def isoformat(self, *args: Any, **kwargs: Any) -> Any:
        return self.text


class UtcoffsetRaises(datetime.datetime):
    """An aware datetime whose ``utcoffset`` raises."""

    def utcoffset(self) -> datetime.timedelta | None:
        raise RuntimeError("utcoffset of a hostile datetime")


class TzinfoRaises(datetime.datetime):
    """A datetime whose ``tzinfo`` attribute raises when read."""

    @property
    def tzinfo(self) -> Any:  # type: ignore[override]
        raise RuntimeError("tzinfo of a hostile datetime")


# --- async record sources -------------------------------------------------------------


class SwallowingSource(RecordSource):
    """A ``RecordSource`` that, blocked at ``block_at``, swallows up to ``swallow``
    cancellations (counted in ``swallowed``) and goes on waiting; a later one ends it."""

    def __init__(self, records: list[Any], *, block_at: int, swallow: int = 1) -> None:
        super().__init__(records, block_at=block_at)
        self.swallow = swallow
        self.swallowed = 0

    async def __anext__(self) -> Any:
        self.anext_calls += 1
        if self.position == self.block_at:
            self.blocked.set()
            while True:
                try:
                    await self.release.wait()
                    break
                except asyncio.CancelledError:
                    self.wait_interrupted = True
                    if self.swallowed >= self.swallow:
                        raise
                    self.swallowed += 1
            self.block_at = None
        if self.position >= len(self.records):
            raise StopAsyncIteration
        record = self.records[self.position]
        self.position += 1
        return record


class EndlessSource:
    """An async iterator that never ends and never suspends: ``first``, then ``record``
    forever. ``produced`` counts the records; past ``limit`` it raises ``RuntimeError``
    so that a runaway reader still ends."""

    def __init__(self, first: Any, record: Any, limit: int) -> None:
        self.first = first
        self.record = record
        self.limit = limit
        self.produced = 0
        self.aclose_calls = 0

    def __aiter__(self) -> EndlessSource:
        return self

    async def __anext__(self) -> Any:
        if self.produced >= self.limit:
            raise RuntimeError("EndlessSource was read past its limit")
        self.produced += 1
        return self.first if self.produced == 1 else self.record

    async def aclose(self) -> None:
        self.aclose_calls += 1


class HangingAclose(RecordSource):
    """A ``RecordSource`` whose ``aclose`` waits for ``release`` (forever unless set)."""

    async def aclose(self) -> None:
        self.aclose_calls += 1
        await self.release.wait()


class SyncAclose(RecordSource):
    """A ``RecordSource`` whose ``aclose`` is a plain method returning a non-awaitable."""

    def aclose(self) -> Any:  # type: ignore[override]
        self.aclose_calls += 1
        return 42


class SyncAnext:
    """An async iterator whose ``__anext__`` returns ``record`` itself, not an awaitable."""

    def __init__(self, record: Any) -> None:
        self.record = record

    def __aiter__(self) -> SyncAnext:
        return self

    def __anext__(self) -> Any:
        return self.record


class AiterRaises:
    """An async iterable whose ``__aiter__`` raises ``error``."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def __aiter__(self) -> Any:
        raise self.error


def read_as_checked(value: Any, at_once: Any, checked: Any, outcome: Any) -> None:
    """``outcome(at_once)`` (a reader given ``value``, which may read it at once; no
    ``ArmedKey`` compared meanwhile) equals ``outcome(checked)`` (the same reader made
    to read the checked way), and ``value`` is not written into."""
    before = repr(value)
    ArmedKey.armed = True
    try:
        fast = outcome(at_once)
    finally:
        ArmedKey.armed = False
    assert fast == outcome(checked)
    assert repr(value) == before  # the input is not written into
