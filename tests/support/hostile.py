"""Hostile test doubles: inputs that raise, count, lie about their type, loop or nest deep.

The library must read untrusted input through base types, at most once, and contain
every ``Exception`` it raises; these doubles make each way of breaking that visible.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

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


class RaisingList(list[Any]):
    """A list whose overridable protocol methods record each call in ``calls``, then raise.

    The items are only reachable through ``list`` itself; a reader that calls an
    override fails with ``AssertionError``, whether or not it contains other errors.
    """

    def __init__(self, items: Any = ()) -> None:
        super().__init__(items)
        self.calls: list[str] = []

    def __iter__(self) -> Iterator[Any]:
        self.calls.append("__iter__")
        raise AssertionError("__iter__ called")

    def __getitem__(self, index: Any) -> Any:
        self.calls.append("__getitem__")
        raise AssertionError("__getitem__ called")

    def __len__(self) -> int:
        self.calls.append("__len__")
        raise AssertionError("__len__ called")


class RaisingTuple(tuple[Any, ...]):
    """The tuple twin of ``RaisingList``."""

    def __init__(self, items: Any = ()) -> None:
        self.calls: list[str] = []

    def __iter__(self) -> Iterator[Any]:
        self.calls.append("__iter__")
        raise AssertionError("__iter__ called")

    def __getitem__(self, index: Any) -> Any:
        self.calls.append("__getitem__")
        raise AssertionError("__getitem__ called")

    def __len__(self) -> int:
        self.calls.append("__len__")
        raise AssertionError("__len__ called")


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
