"""The source of fuzzer choices: atheris's ``FuzzedDataProvider`` when atheris is
installed, else ``PlainProvider``, a pure-Python stand-in with the same method names.

The stand-in lets the harnesses run without atheris (the pytest of the harnesses runs
them on the seed corpus in the ``tests`` session, where atheris is not installed). It
maps bytes to choices differently from atheris, so one input decodes to a different
structure under each; the oracle holds for both.
"""

from __future__ import annotations

from typing import Any, Protocol

__all__ = ["Choices", "PlainProvider", "choices_from"]


class Choices(Protocol):
    """The part of ``atheris.FuzzedDataProvider`` the harnesses use."""

    def ConsumeIntInRange(self, low: int, high: int) -> int: ...

    def ConsumeBool(self) -> bool: ...

    def ConsumeUnicode(self, count: int) -> str: ...

    def ConsumeBytes(self, count: int) -> bytes: ...

    def PickValueInList(self, values: list[Any]) -> Any: ...

    def remaining_bytes(self) -> int: ...


def choices_from(data: bytes) -> Choices:
    """atheris's provider over ``data`` when atheris is importable, else the stand-in."""
    try:
        import atheris
    except ImportError:
        return PlainProvider(data)
    provider: Choices = atheris.FuzzedDataProvider(data)
    return provider


class PlainProvider:
    """Consumes ``data`` from the front; like atheris, an exhausted input gives the
    smallest choice (``low``, ``False``, empty strings)."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._position = 0

    def ConsumeIntInRange(self, low: int, high: int) -> int:
        span = high - low
        if span <= 0:
            return low
        width = (span.bit_length() + 7) // 8
        raw = self.ConsumeBytes(width)
        return low + int.from_bytes(raw.ljust(width, b"\0"), "little") % (span + 1)

    def ConsumeBool(self) -> bool:
        return self.ConsumeIntInRange(0, 1) == 1

    def ConsumeUnicode(self, count: int) -> str:
        kind = self.ConsumeIntInRange(0, 2)
        if kind == 0:  # ASCII
            return "".join(chr(byte & 0x7F) for byte in self.ConsumeBytes(count))
        width = 2 if kind == 1 else 4
        raw = self.ConsumeBytes(count * width)
        units = [
            int.from_bytes(raw[start : start + width], "little")
            for start in range(0, len(raw) - width + 1, width)
        ]
        # UTF-16 units may be lone surrogates, as with atheris.
        return "".join(chr(unit % 0x110000) for unit in units)

    def ConsumeBytes(self, count: int) -> bytes:
        taken = self._data[self._position : self._position + max(count, 0)]
        self._position += len(taken)
        return taken

    def PickValueInList(self, values: list[Any]) -> Any:
        return values[self.ConsumeIntInRange(0, len(values) - 1)]

    def remaining_bytes(self) -> int:
        return len(self._data) - self._position
