"""Running the checks: in this process, on local worker processes (``--jobs``), or on
a Dask cluster (``--engine dask``). Every engine yields results in input order, so the
report is the same whichever runs it.
"""

from __future__ import annotations

import multiprocessing
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import chain
from typing import NamedTuple

from agent_ir.cli._check import IR_CHECKS, BlockResult, Checks, check_block
from agent_ir.cli._inputs import Block, Input, InputError, blocks

__all__ = ["Checked", "EngineError", "KeptTexts", "OnError", "checked_locally"]

OnError = Callable[[Input, str], None]


class EngineError(Exception):
    """An engine that cannot run at all (Dask missing, no scheduler): status 2."""


class Checked(NamedTuple):
    """The result of one block of one input; ``position``: bytes of it read so far."""

    source: Input
    position: int
    result: BlockResult


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
    """Check every input here (``jobs`` 1, or input of one block) or on ``jobs`` worker
    processes, fed blocks of lines in order with at most two blocks per worker in flight
    (memory stays flat)."""
    work = _blocks_of(inputs, on_error)
    first = next(work, None)
    second = next(work, None) if jobs > 1 else None
    texts = KeptTexts(checks)
    if second is None:  # one block: starting workers would cost more than it saves
        for source, block in chain([first] if first else [], work):
            result = check_block(block.data, block.first_line, block.whole, texts.checks())
            yield Checked(source, block.position, texts.count(result))
        return
    assert first is not None
    yield from _on_workers(chain([first, second], work), jobs, texts)


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


def _on_workers(
    work: Iterator[tuple[Input, Block]], jobs: int, texts: KeptTexts
) -> Iterator[Checked]:
    # spawn, not fork: the parent runs a progress thread, and a fork copies its locks.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(jobs, mp_context=context) as pool:
        pending: deque[tuple[Input, int, Future[BlockResult]]] = deque()
        try:
            for source, block in work:
                checks = texts.checks()
                task = pool.submit(check_block, block.data, block.first_line, block.whole, checks)
                pending.append((source, block.position, task))
                if len(pending) >= 2 * jobs:
                    yield _done(pending.popleft(), texts)
            while pending:
                yield _done(pending.popleft(), texts)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _done(entry: tuple[Input, int, Future[BlockResult]], texts: KeptTexts) -> Checked:
    source, position, task = entry
    return Checked(source, position, texts.count(task.result()))
