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
from itertools import chain
from typing import TypeVar

from agent_ir._errors import describe_error
from agent_ir.cli._check import IR_CHECKS, BlockResult, Checks, check_block
from agent_ir.cli._inputs import BLOCK_BYTES, Block, Input, InputError, _reason, blocks, plain_file
from agent_ir.cli._work import (
    Checked,
    Done,
    EngineError,
    KeptTexts,
    OnError,
    Task,
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
    """Check every input here (``jobs`` 1, or input of one block) or here and on
    ``jobs - 1`` worker processes. Files are cut into tasks that each process reads
    itself (``_work``: byte ranges of a plain ``.jsonl``, a whole gzipped or ``.json``
    file), so nothing but results crosses between processes; standard input, which
    only this process can read, is fed to ``jobs`` workers in blocks of lines instead.
    Either way at most ``WINDOW_PER_JOB`` tasks per worker are in flight, each result
    is reported (and let go) as soon as its turn comes, so memory stays flat.

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
        if len(tasks) > 1:
            pool = _pool(jobs - 1)
            _started(pool, jobs, int)  # starts the workers now
            return _tasks_shared(pool, inputs, tasks, jobs, on_error)
    return _blocks_locally(inputs, jobs, on_error, checks)


def _blocks_locally(
    inputs: list[Input], jobs: int, on_error: OnError, checks: Checks
) -> Iterator[Checked]:
    work = _blocks_of(inputs, on_error)
    first = next(work, None)
    second = next(work, None)
    texts = KeptTexts(checks)
    if second is None:  # one block: starting workers would cost more than it saves
        for source, block in [first] if first else []:
            result = check_block(block.data, block.first_line, block.whole, texts.checks())
            yield Checked(source, block.position, texts.count(result))
        return
    assert first is not None
    yield from _on_workers(chain([first, second], work), jobs, texts)


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


def _tasks_shared(
    pool: ProcessPoolExecutor, inputs: list[Input], tasks: list[Task], jobs: int, on_error: OnError
) -> Iterator[Checked]:
    with pool:
        try:
            outcomes = _shared(tasks, pool, jobs, WINDOW_PER_JOB * (jobs - 1))
            yield from in_order(inputs, tasks, outcomes, on_error, "worker")
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _shared(
    tasks: list[Task], pool: ProcessPoolExecutor, jobs: int, window: int
) -> Iterator[Callable[[], Done]]:
    """Each task's outcome, in order, for ``in_order``: tasks go to the ``jobs - 1``
    workers of ``pool`` (at most ``window`` started and not yet handed out), and
    whenever the oldest of them is not done yet this process checks the next task
    itself instead of waiting. Its share grows with the time it has spare: with
    ``--jobs N`` on N cores, N busy processes, where N workers and a parent reporting
    their results were N + 1 competing for the cores. At most ``window`` results
    checked here wait for their turn, so memory stays bounded."""
    waiting = deque(tasks)
    started: deque[Future[Done] | Callable[[], Done]] = deque()
    in_pool = 0
    while waiting or started:
        while waiting and in_pool < window:
            started.append(_started(pool, jobs, run_task, waiting.popleft()))
            in_pool += 1
        oldest = started[0]
        spare = waiting and len(started) < 2 * window
        if spare and isinstance(oldest, Future) and not oldest.done():
            started.append(_checked_here(waiting.popleft()))
            continue
        started.popleft()
        if isinstance(oldest, Future):
            in_pool -= 1
            yield oldest.result
        else:
            yield oldest


def _checked_here(task: Task) -> Callable[[], Done]:
    """``run_task(task)`` run now, its outcome handed out later: an error is raised then,
    as a worker's would be."""
    try:
        done = run_task(task)
    except Exception as error:  # reported as a worker's failure is (in_order)
        failure = error

        def failed() -> Done:
            raise failure

        return failed
    return lambda: done


def _on_workers(
    work: Iterator[tuple[Input, Block]], jobs: int, texts: KeptTexts
) -> Iterator[Checked]:
    with _pool(jobs) as pool:
        pending: deque[tuple[Input, int, Future[BlockResult]]] = deque()
        try:
            for source, block in work:
                checks = texts.checks()
                arguments = (block.data, block.first_line, block.whole, checks)
                task = _started(pool, jobs, check_block, *arguments)
                pending.append((source, block.position, task))
                if len(pending) >= WINDOW_PER_JOB * jobs:
                    yield _done(pending.popleft(), texts)
            while pending:
                yield _done(pending.popleft(), texts)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


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


def _done(entry: tuple[Input, int, Future[BlockResult]], texts: KeptTexts) -> Checked:
    source, position, task = entry
    return Checked(source, position, texts.count(task.result()))
