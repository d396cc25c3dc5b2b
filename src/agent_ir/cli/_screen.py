"""The terminal on standard error while ``agent-ir validate`` draws its progress bar on
its last line: what the command prints meanwhile (the report, when standard output is
the same terminal, and its own messages on standard error) is gathered and printed
above the bar in batches, with one redraw of the bar per batch.

The bar is redrawn by one thread, at most ``EVERY`` seconds after it changed (and every
``IDLE`` seconds when it did not, for its clock), and a batch goes out with the next
redraw or as soon as it holds ``BATCH_BYTES``: never once per printed line, which made
a report of many lines ten times slower on a terminal than with ``--quiet``."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterable
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

__all__ = ["BATCH_BYTES", "EVERY", "IDLE", "Screen"]

EVERY = 0.1
"""Seconds between two redraws of a bar that moved."""
IDLE = 1.0
"""Seconds between two redraws of a bar that did not (its time and rate still move)."""
BATCH_BYTES = 1 << 16
"""Printed text that goes out at once rather than waiting for the next redraw."""

_ERASE_LINE = "\r\x1b[2K"  # to the first column, then clear the row: the bar's


class Screen:
    """A context manager drawing ``line(width)`` (one row, narrower than ``width``) at
    the bottom of ``console``'s terminal; ``changed()`` asks for a redraw. While it is
    entered, ``sys.stderr`` and (when it is the same terminal) ``sys.stdout`` print
    above the bar."""

    def __init__(self, console: Console, line: Callable[[int], RenderableType]) -> None:
        self._console = console
        self._line = line
        self._terminal: IO[str] = console.file
        self._lock = threading.Lock()
        self._pending: list[str] = []
        self._pending_bytes = 0
        self._changed = True
        self._stop = threading.Event()
        self._painter = threading.Thread(target=self._paint, name="agent-ir bar", daemon=True)
        self._restore: list[tuple[str, TextIO, _Above]] = []
        self._broken = False
        self.draws = 0

    def __enter__(self) -> Screen:
        self._console.show_cursor(False)
        for name in _above(self._terminal):
            stream = getattr(sys, name)
            above = _Above(self, stream)
            self._restore.append((name, stream, above))
            setattr(sys, name, above)
        with self._lock:
            self._draw()
        self._painter.start()
        return self

    def changed(self) -> None:
        """The bar moved: redraw it within ``EVERY`` seconds."""
        self._changed = True

    def print(self, text: str) -> None:
        """Print ``text`` above the bar, with the next redraw (now, past ``BATCH_BYTES``)."""
        with self._lock:
            self._pending.append(text)
            self._pending_bytes += len(text)
            if self._pending_bytes >= BATCH_BYTES:
                self._draw()

    def flush(self) -> None:
        """Print what is gathered now (``sys.stdout.flush()``)."""
        with self._lock:
            if self._pending:
                self._draw()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._stop.set()
        self._painter.join()
        for name, stream, above in reversed(self._restore):
            setattr(sys, name, stream)
            above.keep_partial()
        with self._lock:
            self._draw()
            self._write("\n")  # the last bar stays, above what comes after
        self._console.show_cursor(True)

    def _paint(self) -> None:
        idle = 0.0
        while not self._stop.wait(EVERY):
            idle += EVERY
            with self._lock:
                if self._changed or self._pending or idle >= IDLE:
                    self._draw()
                    idle = 0.0

    def _draw(self) -> None:
        """The gathered text, then the bar in place of the last one (holding the lock)."""
        text = "".join(self._pending)
        self._pending.clear()
        self._pending_bytes = 0
        self._changed = False
        width = self._console.width
        with self._console.capture() as captured:
            self._console.print(self._line(width), end="")
        line = captured.get().rstrip("\n")  # a table's row ends its line: the bar must not
        self._write(f"{_ERASE_LINE}{text}{line}")
        self.draws += 1

    def _write(self, text: str) -> None:
        if self._broken:
            return
        try:
            self._terminal.write(text)
            self._terminal.flush()
        except OSError:  # the terminal is gone: the command goes on without it
            self._broken = True


def _above(terminal: IO[str]) -> list[str]:
    """The standard streams to print above the bar: standard error, and standard output
    when it is the same terminal (a report piped elsewhere is left alone)."""
    names = ["stderr"]
    if _device(sys.stdout) is not None and _device(sys.stdout) == _device(terminal):
        names.append("stdout")
    return names


def _device(stream: IO[str] | None) -> tuple[int, int] | None:
    """The terminal ``stream`` writes to (device, inode), None when it is no terminal."""
    try:
        if stream is None or not stream.isatty():
            return None
        status = os.fstat(stream.fileno())
    except (AttributeError, OSError, ValueError):
        return None
    return status.st_dev, status.st_ino


class _Above:
    """``sys.stdout`` or ``sys.stderr`` while the bar is drawn: whole lines go above it;
    everything else is the stream's own."""

    def __init__(self, screen: Screen, stream: TextIO) -> None:
        self._screen = screen
        self._stream = stream
        self._partial = ""

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        whole, newline, partial = (self._partial + text).rpartition("\n")
        self._partial = partial
        if newline:
            self._screen.print(whole + newline)
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for text in lines:
            self.write(text)

    def flush(self) -> None:
        self.keep_partial()
        self._screen.flush()

    def keep_partial(self) -> None:
        """Gather the unfinished line too (its end will not come through here)."""
        if self._partial:
            self._screen.print(self._partial)
            self._partial = ""

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)
