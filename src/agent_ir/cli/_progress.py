"""The progress bar ``agent-ir validate`` draws on a terminal (``rich``): bytes read of
the total, transcripts per second and the time left. Drawn on standard error, only when
it is a terminal and ``--quiet`` was not given; standard output stays the report."""

from __future__ import annotations

import sys
from types import TracebackType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.progress import Progress

__all__ = ["Bar", "wanted"]


def wanted(quiet: bool) -> bool:
    """Whether to draw: standard error is a terminal and ``--quiet`` was not given."""
    return not quiet and sys.stderr.isatty()


class Bar:
    """A context manager; ``advance(position, transcripts)`` moves the bar."""

    def __init__(self, total_bytes: int | None, *, draw: bool) -> None:
        self._progress: Progress | None = None
        if draw:
            self._progress = _progress()
            self._task = self._progress.add_task("validate", total=total_bytes, transcripts=0)
        self._done = 0
        self._transcripts = 0

    def __enter__(self) -> Bar:
        if self._progress is not None:
            self._progress.start()
        return self

    def advance(self, read_bytes: int, transcripts: int) -> None:
        """``read_bytes`` more read from disk, ``transcripts`` more checked."""
        self._done += read_bytes
        self._transcripts += transcripts
        if self._progress is not None:
            self._progress.update(self._task, completed=self._done, transcripts=self._transcripts)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._progress is not None:
            self._progress.stop()


def _progress() -> Progress:
    # rich is imported only to draw (it costs a third of the command's start-up).
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class Rate(ProgressColumn):
        """Transcripts checked per second."""

        def render(self, task: Task) -> Text:
            transcripts: Any = task.fields.get("transcripts", 0)
            elapsed = task.finished_time if task.finished else task.elapsed
            rate = transcripts / elapsed if elapsed else 0.0
            return Text(f"{transcripts:,} transcripts, {rate:,.0f}/s")

    return Progress(
        TextColumn("validating"),
        BarColumn(),
        DownloadColumn(),
        Rate(),
        TimeRemainingColumn(),
        console=Console(file=sys.stderr),
        # The report goes to stdout: through rich (which keeps the bar below it) only
        # when stdout is a terminal too; a piped report must never reach stderr.
        redirect_stdout=sys.stdout.isatty(),
    )
