"""``--engine dask``: the same checks on an existing Dask cluster, for datasets that
outgrow one machine (the optional extra ``agent-ir[dask]``).

The work is a sequence of Dask tasks, one per line range: a plain ``.jsonl`` file is cut
into ranges of ``--dask-range-size`` bytes (4 MiB by default), each read by one task
straight from the file (the workers must see the same paths, as on a shared file
system); a gzipped or ``.json`` file is one task. A line belongs to the range holding its first byte. Each task numbers
its lines from 1; the driver adds the lines of the ranges before it, so the report
equals the local engine's, line for line. The workers are given absolute paths: their
working directory is not the command's.

At most ``WINDOW_PER_THREAD`` tasks per thread of the cluster (counted when the command
connects; at least ``WINDOW_PER_THREAD * 2``) are submitted and not yet reported: the
next range is submitted when the oldest is reported, and its future is then released,
so neither the driver nor the workers hold more than that window of results however
large the dataset.

The scheduler's address is ``tcp://HOST:PORT`` (``HOST:PORT`` is the same) or
``tls://HOST:PORT``, the latter with Dask's own TLS configuration
(``distributed.comm.tls.ca-file``, ``distributed.comm.tls.client.cert`` and ``.key``,
e.g. as ``DASK_DISTRIBUTED__COMM__TLS__CA_FILE``). Before anything is submitted the
command connects and waits for the scheduler's handshake, for at most the connect
timeout: ``AGENT_IR_DASK_CONNECT_TIMEOUT`` seconds (read when the command connects; 10
when unset or not a number > 0). No Dask, another scheme (``ucx://``, ``inproc://``...),
``tls://`` without a TLS configuration, an address that is not one, a scheduler that
cannot be reached, a port that answers something else than a Dask scheduler, or one
that does not answer within the timeout end the command with a message naming the
address and status 2, as a missing file does.

A task Dask gives up on because the workers running it died (``KilledWorker``: a
segfault, the OOM killer; Dask first retries it ``allowed-failures`` times) costs the
line it died on, never the file: the driver checks its range again in processes of its
own (``_isolated``), reading the same path, and reports that line as an
INVALID_TRANSCRIPT diagnostic.

While the tasks run, the bar moves: each worker reports the bytes its task has read (a
Dask event on the topic ``TOPIC``, naming its run: after its first block, at most every
``REPORT_EVERY`` seconds after that, and once more when it is done), and each future
reports its task's range as done when it completes, whichever task that is; the driver
adds the bytes of the tasks not yet reported in order to those that were
(``InFlight``). Every run shares the one topic, so what the scheduler keeps of the
events (a bounded log per topic) stays bounded however many runs it sees.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NoReturn

from agent_ir._errors import describe_error
from agent_ir.cli._check import IR_CHECKS, Checks
from agent_ir.cli._defaults import DASK_RANGE_BYTES
from agent_ir.cli._inputs import Input
from agent_ir.cli._isolated import rechecked_task
from agent_ir.cli._work import (
    Checked,
    Done,
    EngineError,
    OnError,
    Task,
    ahead,
    first_line_start,
    in_order,
    read_range,
    run_task,
    tasks_of,
)

if TYPE_CHECKING:
    from distributed import Client

__all__ = [
    "CONNECT_TIMEOUT",
    "REPORT_EVERY",
    "TOPIC",
    "WINDOW_PER_THREAD",
    "InFlight",
    "checked_on_dask",
]


CONNECT_TIMEOUT = 10.0
"""Seconds to reach the scheduler and get its handshake, unless
``AGENT_IR_DASK_CONNECT_TIMEOUT`` says otherwise."""
WINDOW_PER_THREAD = 2
REPORT_EVERY = 0.2
TOPIC = "agent-ir-progress"
"""The Dask event topic of the bytes read by the tasks of every run."""
"""Seconds between two reports of the bytes a task has read, from its worker."""
_GRACE = 0.5
SCHEMES = ("tcp", "tls")


def checked_on_dask(
    inputs: list[Input],
    scheduler: str,
    on_error: OnError,
    checks: Checks = IR_CHECKS,
    range_bytes: int = DASK_RANGE_BYTES,
    on_progress: Callable[[int], None] | None = None,
) -> Iterator[Checked]:
    """Check every input on the cluster at ``scheduler``, plain files in ranges of
    ``range_bytes``; results in input order. ``on_progress`` (called from Dask's
    threads, not this one) gets the bytes read by the tasks whose results have not
    been yielded yet, whenever that grows."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        _fail("--engine dask needs Dask: pip install 'agent-ir[dask]'")
    tasks = [
        task._replace(checks=checks)
        for index, source in enumerate(inputs)
        for task in tasks_of(index, source, range_bytes)
    ]
    if not tasks:
        return
    from distributed import KilledWorker

    with _client(scheduler) as client:
        try:
            threads = sum(client.nthreads().values())
        except Exception as error:  # the scheduler went away at once
            _fail(f"lost the Dask scheduler at {scheduler} ({describe_error(error)})")
        window = WINDOW_PER_THREAD * max(threads, 2)
        run = uuid.uuid4().hex
        in_flight = InFlight(on_progress or _ignored, run)
        client.subscribe_topic(TOPIC, in_flight.event)
        numbers = itertools.count()

        def submit(task: Task) -> Callable[[], Done]:
            number = next(numbers)
            arguments = (task, run, number, REPORT_EVERY)
            future = client.submit(run_reporting, *arguments, pure=False)
            length = _length(task)
            future.add_done_callback(lambda _: in_flight.read(number, length))

            def outcome() -> Done:
                try:
                    done: Done = future.result()
                    return done
                except KilledWorker:  # its workers died: its lines checked again here
                    return rechecked_task(task)
                finally:  # now counted by the result's position (or failed)
                    in_flight.reported(number)

            return outcome

        try:
            yield from in_order(inputs, tasks, ahead(tasks, submit, window), on_error, "Dask")
        finally:
            with contextlib.suppress(Exception):  # the scheduler may be gone
                client.unsubscribe_topic(TOPIC)


class InFlight:
    """The bytes read by the tasks submitted and not yet reported in order, by task
    number, from the workers' events and the futures' completions (Dask's threads):
    ``on_progress`` gets their sum whenever it grows. A task reported in order is
    forgotten, and what comes for it later is ignored."""

    def __init__(self, on_progress: Callable[[int], None], run: str) -> None:
        self._on_progress = on_progress
        self._run = run
        self._lock = threading.Lock()
        self._read: dict[int, int] = {}
        self._reported: set[int] = set()
        self._sum = 0

    def event(self, event: tuple[float, Any]) -> None:
        """A worker's report: ``(timestamp, [run, task number, bytes read])``; those of
        other runs (on the same scheduler, under the same topic) are ignored."""
        _, message = event
        run, number, read = message
        if run == self._run:
            self.read(int(number), int(read))

    def read(self, number: int, read: int) -> None:
        with self._lock:  # held while telling: the sums arrive in the order they were made
            before = self._read.get(number, 0)
            if number in self._reported or read <= before:
                return
            self._read[number] = read
            self._sum += read - before
            self._on_progress(self._sum)

    def reported(self, number: int) -> None:
        with self._lock:
            self._reported.add(number)
            read = self._read.pop(number, 0)
            self._sum -= read
            if read:
                self._on_progress(self._sum)


def run_reporting(task: Task, run: str, number: int, every: float) -> Done:
    """``run_task(task)`` on a Dask worker, reporting the bytes read under ``TOPIC`` as
    ``[run, number, bytes]``: after its first block, after each block read at least
    ``every`` seconds after the last report, and at the end."""
    from distributed import get_worker

    worker = get_worker()
    length = _length(task)
    last = -every  # the first block is reported at once

    def on_read(read: int) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= every:
            last = now
            # the last line of a range may end past it: its bytes count for the next
            worker.log_event(TOPIC, [run, number, min(read, length)])

    done = run_task(task, on_read)
    worker.log_event(TOPIC, [run, number, length])
    return done


def _length(task: Task) -> int:
    """The bytes of ``task``'s range (of its whole input when it has no end)."""
    if task.end is None:
        return task.source.size or 0
    return task.end - task.start


def _ignored(read: int) -> None:
    pass


def connect_timeout() -> float:
    """``AGENT_IR_DASK_CONNECT_TIMEOUT`` (seconds > 0), else ``CONNECT_TIMEOUT``."""
    try:
        value = float(os.environ.get("AGENT_IR_DASK_CONNECT_TIMEOUT", ""))
    except ValueError:
        return CONNECT_TIMEOUT
    return value if 0 < value < float("inf") else CONNECT_TIMEOUT


def _client(scheduler: str) -> Client:
    """A client of the scheduler at ``scheduler``, its handshake checked first."""
    from distributed import Client
    from distributed.security import Security

    scheme = scheduler.split("://", 1)[0] if "://" in scheduler else "tcp"
    if scheme not in SCHEMES:
        _fail(
            f"cannot use the Dask scheduler at {scheduler}: the scheme {scheme}:// is not "
            "supported (tcp://HOST:PORT, or tls://HOST:PORT with Dask's TLS configuration)"
        )
    try:
        security = Security()  # Dask's configuration: TLS certificates, if any
        arguments = security.get_connection_args("client")
    except Exception as error:  # a TLS configuration naming files that cannot be read...
        _fail(f"cannot use Dask's TLS configuration for {scheduler}: {describe_error(error)}")
    if scheme == "tls" and arguments.get("ssl_context") is None:
        _fail(
            f"cannot use the Dask scheduler at {scheduler}: tls:// needs Dask's TLS "
            "configuration (distributed.comm.tls.ca-file, distributed.comm.tls.client.cert "
            "and distributed.comm.tls.client.key)"
        )
    timeout = connect_timeout()
    try:
        # Dask gives up connecting after ``timeout`` with its own reason; the grace is
        # for that reason to win over this deadline, which only the handshake can reach.
        handshake = _handshake(scheduler, timeout, arguments)
        asyncio.run(asyncio.wait_for(handshake, timeout + _GRACE))
    except TimeoutError:
        _fail(
            f"cannot reach the Dask scheduler at {scheduler}: it accepted the connection "
            f"but did not answer within {timeout:g} s (AGENT_IR_DASK_CONNECT_TIMEOUT)"
        )
    except Exception as error:  # refused, not an address, not a Dask scheduler...
        _fail(f"cannot reach the Dask scheduler at {scheduler}: {_reason(error)}")
    try:
        return Client(scheduler, timeout=timeout, security=security)
    except Exception as error:
        _fail(f"cannot reach the Dask scheduler at {scheduler}: {_reason(error)}")


async def _handshake(scheduler: str, timeout: float, arguments: dict[str, Any]) -> None:
    """Connect and read the scheduler's handshake (which ``Client`` reads with no time
    limit), then hang up."""
    from distributed.comm.core import connect

    comm = await connect(scheduler, timeout=timeout, **arguments)
    await comm.close()


def _reason(error: BaseException) -> str:
    """Why connecting failed, in a line: what Dask said of an OSError (unreachable) or
    of an address that is not one (ValueError); anything else read from the port means
    it is not a Dask scheduler (a garbage length prefix: MemoryError, ...)."""
    if isinstance(error, OSError | ValueError):
        reason = str(error) or describe_error(error)
        cause = error.__cause__
        if isinstance(cause, OSError) and cause.strerror and cause.strerror not in reason:
            reason = f"{reason} ({cause.strerror})"
        return reason
    return f"it did not answer as a Dask scheduler ({describe_error(error)})"


# The names the tests reach for (the work itself lives in _work, shared with --jobs).
_Task = Task
_run = run_task
_range = read_range
_first_line_start = first_line_start


def _tasks(index: int, source: Input, range_bytes: int = DASK_RANGE_BYTES) -> list[Task]:
    return tasks_of(index, source, range_bytes)


def _fail(message: str) -> NoReturn:
    """End the command with status 2: nothing can be checked."""
    raise EngineError(message)
