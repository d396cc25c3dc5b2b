"""What every engine shares: results in input order (``Checked``), the texts kept for
the report, and work cut into tasks that a worker process (local ``--jobs`` or a Dask
worker) runs on its own, reading the file itself: a plain ``.jsonl`` file is cut into
byte ranges (a line belongs to the range holding its first byte; each task numbers its
lines from 1 and ``in_order`` adds the lines of the ranges before it), a gzipped or
``.json`` file is one task. Nothing but the task's description travels to the worker.
A plain file is read line by line (``line_blocks``), whole or in ranges, here or there.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from agent_ir._errors import describe_error
from agent_ir.cli._check import IR_CHECKS, BlockResult, Checks, Invalid, check_block, check_lines
from agent_ir.cli._inputs import (
    BLOCK_BYTES,
    Input,
    InputError,
    _reason,
    blocks,
    first_line_start,
    is_gzipped,
    line_blocks,
    plain_file,
)

__all__ = [
    "Checked",
    "Done",
    "EngineError",
    "KeptTexts",
    "OnError",
    "OnRead",
    "Task",
    "ahead",
    "checked_lines",
    "first_line_start",
    "in_order",
    "read_range",
    "run_task",
    "tasks_of",
]

OnError = Callable[[Input, str], None]
OnRead = Callable[[int], None]

# The buffer of a file read line by line: a line of a dataset (tens of KiB) is copied
# once out of it, where the default 8 KiB buffer read it in pieces, joined again.
_READ_BUFFER = 1 << 20


class EngineError(Exception):
    """An engine that cannot run at all (Dask missing, no scheduler): status 2."""


class Checked(NamedTuple):
    """The result of one block of one input; ``position``: bytes of it read so far."""

    source: Input
    position: int
    result: BlockResult


class KeptTexts:
    """The texts of invalid transcripts kept for the report (``Checks.keep``), counted
    over the results of a sequence of blocks: ``checks()`` are the checks of the next
    block, keeping only the texts still missing. Results come back in input order, so
    a block checked once ``keep`` texts have come back keeps none; a block already in
    flight may bring some more, which the report drops."""

    def __init__(self, checks: Checks) -> None:
        self._checks = checks
        self._kept = 0

    def checks(self) -> Checks:
        if not self._checks.keep:
            return self._checks
        return self._checks._replace(keep=max(self._checks.keep - self._kept, 0))

    def count(self, result: BlockResult) -> BlockResult:
        self._kept += sum(found.text is not None for found in result.invalid)
        return result


class Task(NamedTuple):
    """One range of one input (its path absolute): ``end`` None is the whole input."""

    input_index: int
    source: Input
    start: int
    end: int | None
    checks: Checks = IR_CHECKS


class Done(NamedTuple):
    """A task's result: its lines counted, its checks (lines from 1) and, when it could
    not read to the end, an error (the checks then cover what was read before it, as the
    local engine reports the blocks read before one)."""

    lines: int
    result: BlockResult
    error: str | None


def in_order(
    inputs: list[Input],
    tasks: list[Task],
    outcomes: Iterable[Callable[[], Done]],
    on_error: OnError,
    runner: str,
) -> Iterator[Checked]:
    """The results of ``tasks`` in input order, lines renumbered; ``outcomes`` give each
    task's ``Done`` (waiting for it), raising when its worker failed (``runner`` names
    the kind of task in the message)."""
    lines_before: dict[int, int] = {}
    failed: set[int] = set()
    for task, outcome in zip(tasks, outcomes, strict=True):
        source = inputs[task.input_index]  # as given: its path may be relative
        if task.input_index in failed:
            continue
        try:
            done = outcome()
        except Exception as error:  # the task failed on its worker (a lost worker...)
            failed.add(task.input_index)
            on_error(source, f"{source.name}: its {runner} task failed ({describe_error(error)})")
            continue
        offset = lines_before.get(task.input_index, 0)
        lines_before[task.input_index] = offset + done.lines
        result = done.result
        if done.error is None or result.transcripts:
            # _make, not _replace (two thirds of the time), for each broken line: here, in
            # the one process that reports for all the others
            invalid = [Invalid._make((found[0] + offset, *found[1:])) for found in result.invalid]
            position = task.end if task.end is not None else (source.size or 0)
            yield Checked(source, position, result._replace(invalid=invalid))
        if done.error is not None:
            failed.add(task.input_index)
            on_error(source, done.error)


def ahead(
    tasks: Iterable[Task], submit: Callable[[Task], Callable[[], Done]], window: int
) -> Iterator[Callable[[], Done]]:
    """Each task's outcome, in order, for ``in_order``: ``submit`` starts a task and
    gives the call that waits for its ``Done``. At most ``window`` tasks are started and
    not yet handed out (the next is started when the oldest is handed out), and a task
    handed out is forgotten here: its future, and the result it holds, are released once
    ``in_order`` is done with it. Results wait for their turn in a bounded window
    instead of piling up when the first ranges are slower than the others."""
    started: deque[Callable[[], Done]] = deque()
    for task in tasks:
        started.append(submit(task))
        if len(started) >= window:
            yield started.popleft()
    while started:
        yield started.popleft()


def tasks_of(index: int, source: Input, range_bytes: int) -> list[Task]:
    if source.path is None:
        return [Task(index, source, 0, None)]
    size = source.size or 0
    whole = source.whole or size <= range_bytes or is_gzipped(source.path)
    # A worker resolves a relative path against its own working directory.
    source = replace(source, path=source.path.absolute())
    if whole:
        return [Task(index, source, 0, None)]
    return [
        Task(index, source, start, min(start + range_bytes, size))
        for start in range(0, size, range_bytes)
    ]


def run_task(task: Task, on_read: OnRead | None = None) -> Done:
    """Runs on a worker (or in this process: ``--jobs`` checks a share of the tasks
    itself). ``on_read`` gets the bytes of the task read so far, after each block."""
    try:
        if task.end is None and not plain_file(task.source):
            return _whole(task.source, task.checks, on_read)
        return read_range(task, on_read)
    except OSError as error:  # as the local engine words it
        return Done(0, BlockResult(0, 0, []), f"{task.source.name}: {_reason(error)}")


def _whole(source: Input, checks: Checks, on_read: OnRead | None = None) -> Done:
    transcripts = messages = 0
    invalid: list[Invalid] = []
    texts = KeptTexts(checks)  # at most checks.keep texts for the report, per task
    try:
        for block in blocks(source):
            result = texts.count(
                check_block(block.data, block.first_line, block.whole, texts.checks())
            )
            transcripts += result.transcripts
            messages += result.messages
            invalid.extend(result.invalid)
            if on_read is not None:
                on_read(block.position)
    except InputError as error:  # what was read before it is reported too
        return Done(0, BlockResult(transcripts, messages, invalid), str(error))
    return Done(0, BlockResult(transcripts, messages, invalid), None)


def read_range(task: Task, on_read: OnRead | None = None) -> Done:
    """The lines starting in [start, end) of a plain file (to its end when ``end`` is
    None); ``on_read`` gets the bytes of the range read so far, after each block."""
    assert task.source.path is not None
    transcripts = messages = read = 0
    invalid: list[Invalid] = []
    texts = KeptTexts(task.checks)  # at most checks.keep texts for the report, per task
    for lines, position, result in checked_lines(task.source.path, task.start, task.end, texts):
        transcripts += result.transcripts
        messages += result.messages
        invalid.extend(result.invalid)
        read = lines
        if on_read is not None:
            on_read(position - task.start)
    return Done(read, BlockResult(transcripts, messages, invalid), None)


def checked_lines(
    path: Path, start: int, end: int | None, texts: KeptTexts
) -> Iterator[tuple[int, int, BlockResult]]:
    """The results of the lines of the plain file at ``path`` starting in [start, end)
    (to its end when ``end`` is None), a block of lines at a time: (the line ends read,
    the offset reached, the block's result), lines numbered from 1 at ``start``'s first
    line. ``OSError`` when the file cannot be read."""
    with open(path, "rb", buffering=_READ_BUFFER) as file:
        for group in line_blocks(file, start, end, BLOCK_BYTES):
            result = check_lines(group.lines, group.first_line, texts.checks())
            newlines = group.first_line + len(group.lines) - 1 - (not group.ended)
            yield newlines, group.position, texts.count(result)
