"""Checking again, in processes of their own, the work of a worker process that died
(a segfault in a C extension, the kernel's OOM killer): a dead worker costs the line it
died on, never the file (issue 36).

The rule: work (a range of a file, a whole file, a block of standard input) whose
worker died is checked again in a new process, which says which line it is about to
check and sends each line's result as soon as it has it. When that process dies too,
the line it was checking is reported as one INVALID_TRANSCRIPT diagnostic (``transcript
was not checked: the process checking it died (signal 11, SIGSEGV)``) and a new process
goes on after that line. A line on which a process died is never checked again, so work
of n lines costs at most n + 1 processes here, one at a time, whatever it holds. A
process that dies before it says which line it checks (it could not start) ends the
work with an error: the input is reported unreadable from there, as an I/O error is.

A plain file's process starts at the byte offset of the line after the one that died;
a gzipped or ``.json`` file, or a block of standard input, is read again from its start
and the lines already reported are skipped, not checked.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from typing import Any, NamedTuple

from agent_ir.cli._check import BlockResult, Checks, Found, Invalid, check_lines
from agent_ir.cli._inputs import (
    BLOCK_BYTES,
    Input,
    InputError,
    _reason,
    blocks,
    line_blocks,
    plain_file,
)
from agent_ir.cli._work import Done, KeptTexts, Task
from agent_ir.validation._diagnostics import transcript_diagnostic

__all__ = ["died", "rechecked_block", "rechecked_task"]


def rechecked_task(task: Task) -> Done:
    """``run_task(task)``'s answer, its lines checked in new processes: a line on
    which one dies is reported (``died``) and the next goes on without it."""
    assert task.source.path is not None
    plain = task.end is not None or plain_file(task.source)
    work = _Work(task, task.start, 0, frozenset(), task.checks)
    return _rechecked(work, plain, f"{task.source.name}: ")


def rechecked_block(data: bytes, first_line: int, whole: bool, checks: Checks) -> Done:
    """``check_block(data, first_line, whole, checks)`` as a ``Done`` (its lines not
    counted), its lines checked in new processes: a line on which one dies is reported
    (``died``). Its error says why the lines after those reported were not checked."""
    work = _Work(None, 0, 0, frozenset(), checks, data, first_line, whole)
    return _rechecked(work, plain=False, named="")


def died(how: str) -> Found:
    """The diagnostic of a line on which the process checking it died (``how``:
    ``signal 11, SIGSEGV``, ``exit status 3``)."""
    diagnostic = transcript_diagnostic(f"was not checked: the process checking it died ({how})")
    return (str(diagnostic.code), -1, diagnostic.message, diagnostic.path, -1)


BATCH_LINES = 64
"""A process sends the results of its lines when it has this many (or a reading block
of lines) not sent yet: the lines a new process checks again after one dies."""


class _Work(NamedTuple):
    """What one process checks: the lines of ``task`` (a plain file's from offset
    ``start``, numbered from 1 there) or, when ``task`` is None, of ``data`` (a block of
    standard input, its lines numbered from ``first_line``; ``whole``: one transcript),
    the lines numbered up to ``skip`` left out and those in ``dead`` passed over
    (a process died checking them)."""

    task: Task | None
    start: int
    skip: int
    dead: frozenset[int]
    checks: Checks
    data: bytes = b""
    first_line: int = 1
    whole: bool = False


class _Line(NamedTuple):
    """A line checked (``result`` None: passed over, a process died on it): its number,
    whether it ends with a newline."""

    number: int
    ended: bool
    result: BlockResult | None


class _Batch(NamedTuple):
    """Lines checked in order, and where the line after them begins (a plain file)."""

    lines: list[_Line]
    position: int


def _rechecked(work: _Work, plain: bool, named: str) -> Done:
    """The lines of ``work`` checked in new processes, one after another: each starts
    after the last line whose result came back, passing over the lines others died on.
    ``named`` comes before the reason of an error of this function's own."""
    tally = _Tally(work.checks)
    while True:
        ending = _run(work._replace(checks=tally.texts.checks()), tally.add)
        if ending.error is not None or ending.finished:
            return tally.done(ending.error)
        last = tally.checked  # the number of the last line whose result came back
        checking = ending.checking + tally.offset
        if checking <= last or checking in tally.dead:  # no new line to blame: give up
            reason = f"the process checking it died ({ending.how}) before it checked a line"
            return tally.done(named + reason)
        tally.dead[checking] = ending.how  # one more each time: at most n + 1 processes
        dead = {n + tally.offset for n in work.dead if n + tally.offset > last} | {checking}
        if plain:  # the next process starts after the last line whose result came back
            tally.offset = last
            work = work._replace(start=ending.position, dead=frozenset(n - last for n in dead))
        else:  # read again from the start, the lines whose results came back skipped
            work = work._replace(skip=last, dead=frozenset(dead))


class _Ending(NamedTuple):
    """How a process ended: ``finished`` (every line sent), else ``error`` (the input
    could not be read), else dead (``how``) while checking line ``checking`` (0: before
    its first), the line after those sent beginning at ``position``."""

    finished: bool
    error: str | None
    how: str = ""
    checking: int = 0
    position: int = 0


class _Tally:
    """The results of the processes of one piece of work, lines renumbered by
    ``offset`` (the lines before the current process's first); ``dead``: the lines on
    which a process died, and how, by number."""

    def __init__(self, checks: Checks) -> None:
        self.texts = KeptTexts(checks)
        self.offset = 0
        self.checked = 0  # the last line whose result came back
        self.lines = 0  # line ends read (``Done.lines``)
        self.transcripts = self.messages = 0
        self.invalid: list[Invalid] = []
        self.dead: dict[int, str] = {}

    def add(self, line: _Line) -> None:
        number = line.number + self.offset
        self.checked = number
        self.lines = number - 1 + line.ended
        if line.result is None:
            self.transcripts += 1
            self.invalid.append(Invalid(number, None, (died(self.dead[number]),)))
            return
        result = self.texts.count(line.result)
        self.transcripts += result.transcripts
        self.messages += result.messages
        offset = self.offset
        self.invalid.extend(found._replace(line=found.line + offset) for found in result.invalid)

    def done(self, error: str | None) -> Done:
        return Done(self.lines, BlockResult(self.transcripts, self.messages, self.invalid), error)


def _run(work: _Work, on_line: Callable[[_Line], None]) -> _Ending:
    """``work`` checked in a new process, ``on_line`` given each line's result."""
    context = _context()
    receiver, sender = context.Pipe(duplex=False)
    checking = context.Value("q", 0, lock=False)
    arguments = (work, sender, checking)
    process = context.Process(target=_check_each, args=arguments, daemon=True)  # type: ignore[attr-defined]
    process.start()
    sender.close()  # the process holds the only writer: its death ends the reading
    position = work.start
    try:
        while True:
            try:
                message = receiver.recv()
            except EOFError:
                break
            if message is None:
                return _Ending(True, None)
            if isinstance(message, str):
                return _Ending(False, message)
            for line in message.lines:
                on_line(line)
            position = message.position
    except BaseException:  # an interrupt: the process is not waited for
        process.kill()
        raise
    finally:
        receiver.close()
        process.join()
    return _Ending(False, None, _how(process.exitcode), int(checking.value), position)


def _how(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        try:
            return f"signal {-exitcode}, {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"signal {-exitcode}"
    return f"exit status {exitcode}"


def _context() -> BaseContext:
    """fork where it is safe (Linux, no other thread), a fork server where other
    threads run (a progress bar, a Dask client: a fork copies the locks they hold),
    spawn elsewhere."""
    if not sys.platform.startswith("linux"):
        return multiprocessing.get_context("spawn")
    if threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return context


def _check_each(work: _Work, sender: Connection, checking: Any) -> None:
    """In the new process: the number of each line is written to ``checking`` before
    it is checked (it survives the process), the results sent in batches; then None
    (or the reason the input could not be read)."""
    texts = KeptTexts(work.checks)
    batch: list[_Line] = []
    size = position = 0
    try:
        for number, line, ended, whole, position in _lines(work):
            if number in work.dead:
                batch.append(_Line(number, ended, None))
            else:
                checking.value = number
                result = check_lines([line], number, texts.checks(), whole=whole)
                batch.append(_Line(number, ended, texts.count(result)))
            size += len(line)
            if len(batch) >= BATCH_LINES or size >= BLOCK_BYTES:
                sender.send(_Batch(batch, position))
                batch, size = [], 0
    except (OSError, InputError) as error:
        sender.send(_Batch(batch, position))
        source = work.task.source if work.task is not None else None
        sender.send(_unreadable(source, error))
        return
    sender.send(_Batch(batch, position))
    sender.send(None)


def _unreadable(source: Input | None, error: OSError | InputError) -> str:
    if isinstance(error, InputError) or source is None:
        return str(error)
    return f"{source.name}: {_reason(error)}"


_Read = tuple[int, bytes, bool, bool, int]
"""(number, the line, whether it ended with a newline, whole, where the next begins)."""


def _lines(work: _Work) -> Iterator[_Read]:
    task = work.task
    if task is None:
        yield from _split(work.data, work.first_line, work.whole, work.skip)
    elif task.end is not None or plain_file(task.source):
        yield from _plain_lines(task, work.start)
    else:
        for block in blocks(task.source):
            yield from _split(block.data, block.first_line, block.whole, work.skip)


def _plain_lines(task: Task, start: int) -> Iterator[_Read]:
    """The lines of a plain file from offset ``start`` to the end of ``task``'s range,
    numbered from 1, one at a time."""
    assert task.source.path is not None
    with open(task.source.path, "rb") as file:
        for group in line_blocks(file, start, task.end, 1):  # a group per line
            yield group.first_line, group.lines[0], group.ended, False, group.position


def _split(data: bytes, first_line: int, whole: bool, skip: int) -> Iterator[_Read]:
    lines = [data] if whole else data.split(b"\n")
    for number, line in enumerate(lines, first_line):
        if number > skip:
            yield number, line, True, whole, 0
