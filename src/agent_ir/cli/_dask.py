"""``--engine dask``: the same checks on an existing Dask cluster, for datasets that
outgrow one machine (the optional extra ``agent-ir[dask]``).

The work is a ``dask.bag`` of line ranges: a plain ``.jsonl`` file is cut into ranges of
``RANGE_BYTES``, each read by one task straight from the file (the workers must see the
same paths, as on a shared file system); a gzipped or ``.json`` file is one task. A
line belongs to the range holding its first byte. Each task numbers its lines from 1;
the driver adds the lines of the ranges before it, so the report equals the local
engine's, line for line.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, BinaryIO, NamedTuple

from agent_ir.cli._check import BlockResult, Invalid, check_block
from agent_ir.cli._engines import Checked, OnError
from agent_ir.cli._inputs import BLOCK_BYTES, Input, InputError, blocks

__all__ = ["RANGE_BYTES", "checked_on_dask"]

RANGE_BYTES = 64 << 20
_BOM = b"\xef\xbb\xbf"
_GZIP_MAGIC = b"\x1f\x8b"


class _Task(NamedTuple):
    """One range of one input: ``end`` None is the whole input."""

    input_index: int
    source: Input
    start: int
    end: int | None


class _Done(NamedTuple):
    """A task's result: its lines counted, its checks (lines from 1), or an error."""

    lines: int
    result: BlockResult
    error: str | None


def checked_on_dask(inputs: list[Input], scheduler: str, on_error: OnError) -> Iterator[Checked]:
    """Check every input on the cluster at ``scheduler``; results in input order."""
    try:
        import dask.bag
        from distributed import Client
    except ImportError:
        raise InputError("--engine dask needs Dask: pip install 'agent-ir[dask]'") from None
    tasks = [task for index, source in enumerate(inputs) for task in _tasks(index, source)]
    if not tasks:
        return
    try:
        client = Client(scheduler, timeout="10s")
    except (OSError, TimeoutError) as error:
        raise InputError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
    with client:
        bag = dask.bag.from_sequence(tasks, npartitions=len(tasks)).map(_run)
        futures = client.compute(bag.to_delayed())
        yield from _in_order(tasks, futures, on_error)


def _in_order(tasks: list[_Task], futures: list[Any], on_error: OnError) -> Iterator[Checked]:
    lines_before: dict[int, int] = {}
    failed: set[int] = set()
    for task, future in zip(tasks, futures, strict=True):
        [done] = future.result()
        if task.input_index in failed:
            continue
        if done.error is not None:
            failed.add(task.input_index)
            on_error(task.source, done.error)
            continue
        offset = lines_before.get(task.input_index, 0)
        lines_before[task.input_index] = offset + done.lines
        result = done.result
        invalid = [found._replace(line=found.line + offset) for found in result.invalid]
        position = task.end if task.end is not None else (task.source.size or 0)
        yield Checked(task.source, position, result._replace(invalid=invalid))


def _tasks(index: int, source: Input) -> list[_Task]:
    size = source.size or 0
    if source.whole or source.path is None or size <= RANGE_BYTES or _gzipped(source):
        return [_Task(index, source, 0, None)]
    return [
        _Task(index, source, start, min(start + RANGE_BYTES, size))
        for start in range(0, size, RANGE_BYTES)
    ]


def _gzipped(source: Input) -> bool:
    assert source.path is not None
    try:
        with open(source.path, "rb") as file:
            return file.read(2) == _GZIP_MAGIC
    except OSError:
        return False  # reported by the task that reads it


def _run(task: _Task) -> _Done:
    """Runs on a worker."""
    try:
        if task.end is None:
            return _whole(task.source)
        return _range(task)
    except (OSError, InputError) as error:
        return _Done(0, BlockResult(0, 0, []), f"{task.source.name}: {error}")


def _whole(source: Input) -> _Done:
    transcripts = messages = 0
    invalid: list[Invalid] = []
    try:
        for block in blocks(source):
            result = check_block(block.data, block.first_line, block.whole)
            transcripts += result.transcripts
            messages += result.messages
            invalid.extend(result.invalid)
    except InputError as error:
        return _Done(0, BlockResult(0, 0, []), str(error))
    return _Done(0, BlockResult(transcripts, messages, invalid), None)


def _range(task: _Task) -> _Done:
    """The lines starting in [start, end) of a plain file, read in blocks."""
    assert task.source.path is not None
    assert task.end is not None
    transcripts = messages = lines = 0
    invalid: list[Invalid] = []
    with open(task.source.path, "rb") as file:
        start = _first_line_start(file, task.start)
        file.seek(start)
        remaining = task.end - start
        carry = b""
        while remaining > 0:
            chunk = file.read(min(BLOCK_BYTES, remaining))
            if not chunk:
                break
            remaining -= len(chunk)
            data = carry + chunk
            if remaining > 0:
                cut = data.rfind(b"\n") + 1
                data, carry = data[:cut], data[cut:]
            elif not data.endswith(b"\n"):
                data += file.readline()  # the last line owned runs past the range
            if start == 0 and lines == 0 and data.startswith(_BOM):
                data = data[len(_BOM) :]
            result = check_block(data, lines + 1, False)
            transcripts += result.transcripts
            messages += result.messages
            invalid.extend(result.invalid)
            lines += data.count(b"\n")
    return _Done(lines, BlockResult(transcripts, messages, invalid), None)


def _first_line_start(file: BinaryIO, start: int) -> int:
    """Where the first line starting at or after ``start`` starts."""
    if start == 0:
        return 0
    file.seek(start - 1)
    file.readline()
    return file.tell()
