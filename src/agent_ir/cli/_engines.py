"""Running the checks: in this process, on local worker processes (``--jobs``) and this
one, or on a Dask cluster (``--engine dask``). Every engine yields results in input
order, so the report is the same whichever runs it.
"""

from __future__ import annotations

import multiprocessing
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from itertools import chain
from typing import TypeVar

from agent_ir._errors import describe_error
from agent_ir.cli._check import IR_CHECKS, BlockResult, Checks, check_block
from agent_ir.cli._inputs import BLOCK_BYTES, Block, Input, InputError, _reason, blocks, plain_file
from agent_ir.cli._isolated import rechecked_block, rechecked_task
from agent_ir.cli._work import (
    Checked,
    Done,
    EngineError,
    KeptTexts,
    OnError,
    Task,
    ahead,
    checked_lines,
    in_order,
    run_task,
    tasks_of,
)

__all__ = ["WINDOW_PER_JOB", "Checked", "EngineError", "KeptTexts", "OnError", "checked_locally"]

_T = TypeVar("_T")

WINDOW_PER_JOB = 2
"""Tasks started and not yet reported, per worker process: enough to keep every worker
busy while the oldest result is awaited, few enough that results waiting for their turn
(in their futures) take little memory."""


def _blocks_of(inputs: list[Input], on_error: OnError) -> Iterator[tuple[Input, Block]]:
    for source in inputs:
        try:
            for block in blocks(source):
                yield source, block
        except InputError as error:
            on_error(source, str(error))


def checked_locally(
    inputs: list[Input], jobs: int, on_error: OnError, checks: Checks = IR_CHECKS
) -> Iterator[Checked]:
    """Check every input here (``jobs`` 1) or on ``jobs`` worker processes, this one
    only handing out the work and reporting, so that a worker that dies (a segfault in a
    C extension, the OOM killer) costs the line it died on and never the command:
    the work it held is checked again in processes of its own (``_isolated``). Files are
    cut into tasks that each worker reads itself (``_work``: byte ranges of a plain
    ``.jsonl``, a whole gzipped or ``.json`` file), so nothing but results crosses
    between processes; standard input, which only this process can read, and a lone
    gzipped or ``.json`` file are fed to the workers in blocks of lines instead (to one
    worker when they are one block). Either
    way at most ``WINDOW_PER_JOB`` tasks per worker are in flight, each result is
    reported (and let go) as soon as its turn comes, so memory stays flat.

    The workers of the tasks are started before this returns: call it before a
    progress bar starts its thread, and they are forked, not spawned (see
    ``_start_method``). Workers that cannot be started end the command
    (``EngineError``)."""
    if jobs == 1:
        return _here(inputs, on_error, KeptTexts(checks))
    if inputs and all(source.path is not None for source in inputs):
        tasks = [
            task._replace(checks=checks)
            for index, source in enumerate(inputs)
            for task in tasks_of(index, source, _range_bytes(source, jobs))
        ]
        # One small plain file is one task: one worker. One gzipped or .json file is
        # read here and its blocks fed to the workers (below).
        if len(tasks) > 1 or plain_file(inputs[0]):
            workers = _Workers(min(jobs, len(tasks)), jobs)  # starts the workers now
            return _tasks_on_workers(workers, inputs, tasks, on_error)
    return _blocks_locally(inputs, jobs, on_error, checks)


def _blocks_locally(
    inputs: list[Input], jobs: int, on_error: OnError, checks: Checks
) -> Iterator[Checked]:
    work = _blocks_of(inputs, on_error)
    first = next(work, None)
    if first is None:
        return
    second = next(work, None)
    if second is None:  # one block: one worker, where more would cost more than they save
        yield from _on_workers(iter([first]), 1, jobs, KeptTexts(checks), on_error)
        return
    yield from _on_workers(chain([first, second], work), jobs, jobs, KeptTexts(checks), on_error)


def _here(inputs: list[Input], on_error: OnError, texts: KeptTexts) -> Iterator[Checked]:
    """Every input checked in this process: a plain file line by line
    (``checked_lines``), anything else (gzip, ``.json``, a pipe) in blocks."""
    for source in inputs:
        if source.path is None or not plain_file(source):
            for source_of, block in _blocks_of([source], on_error):
                result = check_block(block.data, block.first_line, block.whole, texts.checks())
                yield Checked(source_of, block.position, texts.count(result))
            continue
        try:
            for _, position, result in checked_lines(source.path, 0, None, texts):
                yield Checked(source, position, result)
        except OSError as error:  # what was read before it is reported too
            on_error(source, f"{source.name}: {_reason(error)}")


# Ranges small enough to keep every worker busy to the end, large enough to amortise a
# task: a quarter of a file per worker, between one reading block and 2 MiB. The result
# of a range of broken transcripts can be several times its size, and a window of
# WINDOW_PER_JOB ranges per worker is held here: small ranges keep that small.
_LARGEST_RANGE = 2 << 20


def _range_bytes(source: Input, jobs: int) -> int:
    size = source.size or 0
    return max(BLOCK_BYTES, min(_LARGEST_RANGE, size // (4 * jobs) + 1))


def _start_method() -> str:
    """fork where it is safe and cheap (Linux, and this process runs no other thread: no
    progress bar is drawn), spawn otherwise: a fork copies the locks other threads hold.
    Spawned workers import agent_ir again, about a fifth of a second each."""
    if sys.platform.startswith("linux") and threading.active_count() == 1:
        return "fork"
    return "spawn"


def _tasks_on_workers(
    workers: _Workers, inputs: list[Input], tasks: list[Task], on_error: OnError
) -> Iterator[Checked]:
    with workers:
        window = WINDOW_PER_JOB * workers.count

        def submit(task: Task) -> Callable[[], Done]:
            return _task_outcome(workers.submit(run_task, task), task)

        yield from in_order(inputs, tasks, ahead(tasks, submit, window), on_error, "worker")


def _task_outcome(future: Future[Done], task: Task) -> Callable[[], Done]:
    """The call that waits for ``task``'s ``Done``: its worker's or, when a worker of
    its pool died, its lines checked again in processes of their own."""

    def outcome() -> Done:
        try:
            return future.result()
        except BrokenProcessPool:
            return rechecked_task(task)

    return outcome


def _on_workers(
    work: Iterator[tuple[Input, Block]],
    count: int,
    jobs: int,
    texts: KeptTexts,
    on_error: OnError,
) -> Iterator[Checked]:
    with _Workers(count, jobs) as workers:
        pending: deque[tuple[Input, Block, Checks, Future[BlockResult]]] = deque()
        for source, block in work:
            checks = texts.checks()
            arguments = (block.data, block.first_line, block.whole, checks)
            pending.append((source, block, checks, workers.submit(check_block, *arguments)))
            if len(pending) >= WINDOW_PER_JOB * count:
                yield _done(pending.popleft(), texts, on_error)
        while pending:
            yield _done(pending.popleft(), texts, on_error)


class _Workers:
    """``count`` worker processes: a pool, replaced by a new one when one of its
    workers died. A pool whose worker died takes no more tasks, and each task it held
    fails with ``BrokenProcessPool``: its caller checks it again (``_isolated``). A new
    pool is made only after a task failed so, however many workers die, there are at
    most as many pools as tasks."""

    def __init__(self, count: int, jobs: int) -> None:
        self.count = count
        self._jobs = jobs
        self._pool = _pool(count)
        _started(self._pool, jobs, int)  # starts the workers now

    def submit(self, function: Callable[..., _T], *arguments: object) -> Future[_T]:
        try:
            return _started(self._pool, self._jobs, function, *arguments)
        except BrokenProcessPool:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = _pool(self.count)
            return _started(self._pool, self._jobs, function, *arguments)

    def __enter__(self) -> _Workers:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if kind is None:
            self._pool.shutdown()
        else:
            self._pool.shutdown(wait=False, cancel_futures=True)


def _pool(workers: int) -> ProcessPoolExecutor:
    context = multiprocessing.get_context(_start_method())
    return ProcessPoolExecutor(workers, mp_context=context)


def _started(
    pool: ProcessPoolExecutor, jobs: int, function: Callable[..., _T], *arguments: object
) -> Future[_T]:
    """``function(*arguments)`` submitted to ``pool``, which starts its worker processes
    (all of them at the first task when they are forked, one at a time as needed when
    they are spawned). A worker that cannot be started (fork or spawn failing with
    EAGAIN or ENOMEM: the limit of processes or threads of a container, whose CPU count
    may be the host's) ends the command (``EngineError``, status 2), after stopping the
    workers already started, which would otherwise keep it from ever exiting."""
    try:
        return pool.submit(function, *arguments)
    except BrokenProcessPool:  # a RuntimeError too: a worker died, not one not started
        raise
    except (OSError, RuntimeError) as error:  # RuntimeError: "can't start new thread"
        pool.shutdown(wait=False, cancel_futures=True)
        for child in multiprocessing.active_children():  # this command starts no others
            child.kill()
            child.join()
        reason = error.strerror if isinstance(error, OSError) else None
        raise EngineError(
            f"cannot start the worker processes of --jobs {jobs} "
            f"({reason or describe_error(error)}); "
            "the limit of processes may be reached: try a smaller --jobs, or --jobs 1 to "
            "check in this process"
        ) from error


def _done(
    entry: tuple[Input, Block, Checks, Future[BlockResult]], texts: KeptTexts, on_error: OnError
) -> Checked:
    source, block, checks, task = entry
    try:
        result = task.result()
    except BrokenProcessPool:  # a worker died: each line checked again on its own
        done = rechecked_block(block.data, block.first_line, block.whole, checks)
        if done.error is not None:  # the lines after those reported were not checked
            on_error(source, f"{source.name}: {done.error}")
        result = done.result
    return Checked(source, block.position, texts.count(result))
