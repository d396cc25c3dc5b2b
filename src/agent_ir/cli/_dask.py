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
from typing import NoReturn

from agent_ir.cli._check import IR_CHECKS, Checks
from agent_ir.cli._inputs import Input
from agent_ir.cli._work import (
    Checked,
    EngineError,
    OnError,
    Task,
    first_line_start,
    in_order,
    read_range,
    run_task,
    tasks_of,
)

__all__ = ["RANGE_BYTES", "checked_on_dask"]


def _range_bytes(default: int = 64 << 20) -> int:
    try:
        value = int(os.environ.get("AGENT_IR_DASK_RANGE_BYTES", ""))
    except ValueError:
        return default
    return value if value >= 1 else default


RANGE_BYTES = _range_bytes()
_CONNECT_TIMEOUT = "10s"


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
        for task in tasks_of(index, source, RANGE_BYTES)
    ]
    if not tasks:
        return
    try:
        client = Client(scheduler, timeout=_CONNECT_TIMEOUT)
    except (OSError, ValueError) as error:  # unreachable (a TimeoutError), or no address
        _fail(f"cannot reach the Dask scheduler at {scheduler}: {error}")
    with client:
        bag = dask.bag.from_sequence(tasks, npartitions=len(tasks)).map(run_task)
        futures = client.compute(bag.to_delayed())
        outcomes = [lambda future=future: future.result()[0] for future in futures]
        yield from in_order(inputs, tasks, outcomes, on_error, "Dask")


# The names the tests reach for (the work itself lives in _work, shared with --jobs).
_Task = Task
_run = run_task
_range = read_range
_first_line_start = first_line_start


def _tasks(index: int, source: Input) -> list[Task]:
    return tasks_of(index, source, RANGE_BYTES)


def _fail(message: str) -> NoReturn:
    """End the command with status 2: nothing can be checked."""
    raise EngineError(message)
