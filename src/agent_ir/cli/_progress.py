"""The progress bar ``agent-ir validate`` draws on a terminal (``rich``): bytes read of
the total, transcripts per second and the time left, on one line that fits the
terminal's width whatever it is. Drawn on standard error, only when it is a terminal and
``--quiet`` was not given; standard output stays the report."""

from __future__ import annotations

import sys
import threading
from types import TracebackType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.progress import Progress, Task, TaskID

    from agent_ir.cli._screen import Screen

__all__ = ["BAR_LEAST", "BAR_MOST", "Bar", "wanted"]

BAR_MOST = 40
"""Columns of the bar itself on a wide terminal."""
BAR_LEAST = 8
"""Columns of the bar below which the words beside it give way to it, then it goes."""


def wanted(quiet: bool) -> bool:
    """Whether to draw: standard error is a terminal and ``--quiet`` was not given."""
    return not quiet and sys.stderr.isatty()


class Bar:
    """A context manager; ``advance(read_bytes, transcripts)`` moves the bar as results
    come, in input order; ``in_flight(read_bytes)``, which other threads may call, adds
    the bytes read by work whose results have not come yet (a Dask task). The bar
    never moves back. What is printed while it is drawn goes above it
    (``agent_ir.cli._screen``)."""

    def __init__(self, total_bytes: int | None, *, draw: bool) -> None:
        self._total = total_bytes
        self._progress: Progress | None = None
        self._screen: Screen | None = None
        if draw:
            self._progress, self._task, self._screen = _drawn(total_bytes)
        self._lock = threading.Lock()
        self._done = 0
        self._flight = 0
        self._shown = 0
        self._transcripts = 0

    def __enter__(self) -> Bar:
        if self._screen is not None:
            self._screen.__enter__()
        return self

    def advance(self, read_bytes: int, transcripts: int) -> None:
        """``read_bytes`` more read from disk, ``transcripts`` more checked."""
        with self._lock:
            self._done += read_bytes
            self._transcripts += transcripts
            self._show()

    def in_flight(self, read_bytes: int) -> None:
        """``read_bytes`` read by work whose results have not come yet (all of it)."""
        with self._lock:
            self._flight = read_bytes
            self._show()

    @property
    def shown(self) -> int:
        """The bytes the bar shows as read."""
        return self._shown

    def _show(self) -> None:
        shown = self._done + self._flight
        if self._total is not None:
            shown = min(shown, self._total)
        self._shown = max(self._shown, shown)
        if self._progress is not None and self._screen is not None:
            self._progress.update(self._task, completed=self._shown, transcripts=self._transcripts)
            self._screen.changed()  # drawn by the screen's own thread, a few times a second

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._screen is not None:
            self._screen.__exit__(kind, error, traceback)


def _drawn(total_bytes: int | None) -> tuple[Progress, TaskID, Screen]:
    """rich's record of the task (its speed, its time left), never drawn by rich itself,
    and the screen that draws its line."""
    # rich is imported only to draw (it costs a third of the command's start-up).
    from rich.console import Console
    from rich.progress import Progress

    from agent_ir.cli._screen import Screen

    progress = Progress(auto_refresh=False)
    task_id = progress.add_task("validate", total=total_bytes, transcripts=0)
    [task] = progress.tasks

    def line(width: int) -> RenderableType:
        return _fitted(task, width - 1)  # the last column: no wrap anywhere

    return progress, task_id, Screen(Console(file=sys.stderr), line)


def _fitted(task: Task, width: int) -> RenderableType:
    """``validating [bar] 1.2/3.4 MB 14 transcripts, 1,234/s 0:00:03`` in at most
    ``width`` columns: the bar shrinks from ``BAR_MOST`` to ``BAR_LEAST`` columns, then
    the words go, least useful first (the rate, the count, the label, the time left),
    then the bar; the size read is always there (cut on a terminal narrower than it)."""
    from rich.progress import DownloadColumn, TimeRemainingColumn
    from rich.progress_bar import ProgressBar
    from rich.text import Text

    transcripts: Any = task.fields.get("transcripts", 0)
    elapsed = task.finished_time if task.finished else task.elapsed
    rate = transcripts / elapsed if elapsed else 0.0
    label = Text("validating")
    size = DownloadColumn().render(task)
    counted = Text(f"{transcripts:,} transcripts, {rate:,.0f}/s")
    count = Text(f"{transcripts:,} transcripts")
    left = TimeRemainingColumn().render(task)
    choices: list[tuple[list[Text], list[Text]]] = [
        ([label], [size, counted, left]),
        ([label], [size, count, left]),
        ([label], [size, left]),
        ([], [size, left]),
        ([], [size]),
    ]
    for head, kept in choices:
        pieces = [piece for piece in kept if piece.plain]  # no time left of no total
        # a space between each two cells: after the head's and the bar's
        used = sum(piece.cell_len for piece in head + pieces) + len(head) + len(pieces)
        if width - used >= BAR_LEAST:
            bar = ProgressBar(
                None if task.total is None else max(0, task.total),
                max(0, task.completed),
                width=min(BAR_MOST, width - used),
                pulse=not task.started,
                animation_time=task.get_time(),
            )
            return _row([*head, bar, *pieces])
    size.truncate(max(width, 1), overflow="crop")
    return _row([size])


def _row(cells: list[RenderableType]) -> RenderableType:
    """``cells`` on one line, a space between each two, none of them wrapped."""
    from rich.table import Table

    line = Table.grid(padding=(0, 1))
    for _ in cells:
        line.add_column(no_wrap=True)
    line.add_row(*cells)
    return line
