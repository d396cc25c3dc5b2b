"""``--engine dask``: the same checks on an existing Dask cluster, for datasets that
outgrow one machine (the optional extra ``agent-ir[dask]``).

The work is a ``dask.bag`` of line ranges: a plain ``.jsonl`` file is cut into ranges of
``RANGE_BYTES``, each read by one task straight from the file (the workers must see the
same paths, as on a shared file system); a gzipped or ``.json`` file is one task. A
line belongs to the range holding its first byte. Each task numbers its lines from 1;
the driver adds the lines of the ranges before it, so the report equals the local
engine's, line for line. The workers are given absolute paths: their working directory
is not the command's.

No Dask, a scheduler that cannot be reached or an address that is not one ends the
command with a message and status 2, as a missing file does.

``AGENT_IR_DASK_RANGE_BYTES`` (a testing knob, read at import) sets ``RANGE_BYTES`` to
that many bytes instead of 64 MiB, so that tests cut a small file into many ranges; a
value that is not a whole number >= 1 is ignored.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, BinaryIO, NamedTuple, NoReturn

from agent_ir._errors import describe_error
from agent_ir.cli._check import IR_CHECKS, BlockResult, Checks, Invalid, check_block
from agent_ir.cli._engines import Checked, EngineError, KeptTexts, OnError
from agent_ir.cli._inputs import BLOCK_BYTES, Input, InputError, _reason, blocks

__all__ = ["RANGE_BYTES", "checked_on_dask"]


def _range_bytes(default: int = 64 << 20) -> int:
    try:
        value = int(os.environ.get("AGENT_IR_DASK_RANGE_BYTES", ""))
    except ValueError:
        return default
    return value if value >= 1 else default


RANGE_BYTES = _range_bytes()
_CONNECT_TIMEOUT = "10s"
_BOM = b"\xef\xbb\xbf"
_GZIP_MAGIC = b"\x1f\x8b"


class _Task(NamedTuple):
    """One range of one input (its path absolute): ``end`` None is the whole input."""

    input_index: int
    source: Input
    start: int
    end: int | None
    checks: Checks = IR_CHECKS


class _Done(NamedTuple):
    """A task's result: its lines counted, its checks (lines from 1) and, when it could
    not read to the end, an error (the checks then cover what was read before it, as the
    local engine reports the blocks read before one)."""

    lines: int
    result: BlockResult
    error: str | None


def checked_on_dask(
    inputs: list[Input], scheduler: str, on_error: OnError, checks: Checks = IR_CHECKS
) -> Iterator[Checked]:
    """Check every input on the cluster at ``scheduler``; results in input order."""
    try:
        import dask.bag
        from distributed import Client
    except ImportError:
        _fail("--engine dask needs Dask: pip install 'agent-ir[dask]'")
    tasks = [
        task._replace(checks=checks)
        for index, source in enumerate(inputs)
        for task in _tasks(index, source)
    ]
    if not tasks:
        return
    try:
        client = Client(scheduler, timeout=_CONNECT_TIMEOUT)
    except (OSError, ValueError) as error:  # unreachable (a TimeoutError), or no address
        _fail(f"cannot reach the Dask scheduler at {scheduler}: {error}")
    with client:
        bag = dask.bag.from_sequence(tasks, npartitions=len(tasks)).map(_run)
        futures = client.compute(bag.to_delayed())
        yield from _in_order(inputs, tasks, futures, on_error)


def _fail(message: str) -> NoReturn:
    """End the command with status 2: nothing can be checked."""
    raise EngineError(message)


def _in_order(
    inputs: list[Input], tasks: list[_Task], futures: list[Any], on_error: OnError
) -> Iterator[Checked]:
    lines_before: dict[int, int] = {}
    failed: set[int] = set()
    for task, future in zip(tasks, futures, strict=True):
        source = inputs[task.input_index]  # as given: its path may be relative
        if task.input_index in failed:
            continue
        try:
            [done] = future.result()
        except Exception as error:  # the task failed on its worker (a lost worker...)
            failed.add(task.input_index)
            on_error(source, f"{source.name}: its Dask task failed ({describe_error(error)})")
            continue
        offset = lines_before.get(task.input_index, 0)
        lines_before[task.input_index] = offset + done.lines
        result = done.result
        if done.error is None or result.transcripts:
            invalid = [found._replace(line=found.line + offset) for found in result.invalid]
            position = task.end if task.end is not None else (source.size or 0)
            yield Checked(source, position, result._replace(invalid=invalid))
        if done.error is not None:
            failed.add(task.input_index)
            on_error(source, done.error)


def _tasks(index: int, source: Input) -> list[_Task]:
    if source.path is None:
        return [_Task(index, source, 0, None)]
    size = source.size or 0
    whole = source.whole or size <= RANGE_BYTES or _gzipped(source)
    # A worker resolves a relative path against its own working directory.
    source = replace(source, path=source.path.absolute())
    if whole:
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
            return _whole(task.source, task.checks)
        return _range(task)
    except OSError as error:  # as the local engine words it
        return _Done(0, BlockResult(0, 0, []), f"{task.source.name}: {_reason(error)}")


def _whole(source: Input, checks: Checks) -> _Done:
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
    except InputError as error:  # what was read before it is reported too
        return _Done(0, BlockResult(transcripts, messages, invalid), str(error))
    return _Done(0, BlockResult(transcripts, messages, invalid), None)


def _range(task: _Task) -> _Done:
    """The lines starting in [start, end) of a plain file, read in blocks."""
    assert task.source.path is not None
    assert task.end is not None
    transcripts = messages = lines = 0
    invalid: list[Invalid] = []
    texts = KeptTexts(task.checks)  # at most checks.keep texts for the report, per task
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
            result = texts.count(check_block(data, lines + 1, False, texts.checks()))
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
