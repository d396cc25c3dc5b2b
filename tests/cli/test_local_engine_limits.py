"""``agent-ir validate --jobs N`` under limits: memory held by results waiting for their
turn stays bounded however many ranges a file has (issue 20: every range's future and
result were kept to the end, 1.27 GB on 200 MB of broken transcripts against 49 MB at
``--jobs 1``), and worker processes that cannot be started (the limit of processes of
a container whose CPU count is the host's) end the command with a message and status
2 instead of a traceback and a command that never ends.
"""

from __future__ import annotations

import concurrent.futures
import os
import subprocess
import sys
from pathlib import Path

import pytest

from agent_ir.cli import _engines
from agent_ir.cli._engines import WINDOW_PER_JOB, checked_locally
from agent_ir.cli._inputs import Input

from support.cli import Dataset, command
from support.limits import process_limit
from support.live import live_instances

# --- memory: a bounded window of futures ---------------------------------------------------


def _broken_lines(path: Path, count: int) -> None:
    """``count`` short lines, each an invalid transcript: results several times their
    size, the case that made the held results grow."""
    lines = (b'{"id": "b%d", "messages": 5}\n' % number for number in range(count))
    path.write_bytes(b"".join(lines))


def test_jobs_hold_a_bounded_window_of_ranges_and_report_as_jobs_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "broken.jsonl"
    _broken_lines(path, 6000)  # ~180 KB
    # Ranges of 2 KiB (the engine's smallest is a reading block): ~90 ranges.
    monkeypatch.setattr(_engines, "BLOCK_BYTES", 2048)
    monkeypatch.setattr(_engines, "_LARGEST_RANGE", 2048)
    source = Input(path.name, path, whole=False)
    errors: list[str] = []

    def on_error(_: Input, reason: str) -> None:
        errors.append(reason)

    jobs = 2
    held: list[int] = []
    on_workers = []
    with live_instances(monkeypatch, concurrent.futures.Future) as live_futures:
        for checked in checked_locally([source], jobs, on_error):
            on_workers.append((checked.position, checked.result))
            held.append(live_futures())
    in_process = [
        (checked.position, checked.result) for checked in checked_locally([source], 1, on_error)
    ]
    assert errors == []
    assert len(on_workers) >= 80  # one result per range, ...
    # ... each reported (and its future let go) in its turn: never more than the window
    # (and the one just handed out) alive at once, where all of them were before.
    assert max(held) <= WINDOW_PER_JOB * jobs + 1, held
    # The same transcripts, diagnostics and line numbers as in this process.
    assert _merged(on_workers) == _merged(in_process)
    assert on_workers[-1][0] == in_process[-1][0] == path.stat().st_size


def _merged(results: list[tuple[int, object]]) -> tuple[int, int, list[object]]:
    transcripts = messages = 0
    invalid: list[object] = []
    for _, result in results:
        assert isinstance(result, tuple)
        transcripts += result[0]
        messages += result[1]
        invalid.extend(result[2])
    return transcripts, messages, invalid


# --- worker processes that cannot be started ---------------------------------------------


def _run_limited(
    processes: int, arguments: list[str], stdin: bytes = b""
) -> subprocess.CompletedProcess[bytes]:
    """``agent-ir ARGUMENTS`` under the limit (skipped where it cannot be set)."""
    return _limited_run([*command(), *arguments], processes, stdin)


def _limited_run(
    argv: list[str], processes: int, stdin: bytes = b""
) -> subprocess.CompletedProcess[bytes]:
    try:
        # A command that cannot start its workers used to wait forever: the timeout
        # makes that a failure rather than a hang.
        return subprocess.run(
            argv,
            input=stdin,
            capture_output=True,
            preexec_fn=process_limit(processes),
            timeout=120,
            check=False,
        )
    except subprocess.SubprocessError as error:
        if isinstance(error, subprocess.TimeoutExpired):
            raise
        pytest.skip(f"cannot limit the processes of a command here: {error}")


def test_the_limit_really_stops_a_fork() -> None:
    """The limit the next tests rely on: a process under it cannot fork."""
    code = "import os\ntry:\n    os.fork()\nexcept OSError as e:\n    print(e.errno)\n"
    done = _limited_run([sys.executable, "-c", code], 1)
    assert (done.returncode, done.stdout) == (0, b"11\n"), done.stderr  # EAGAIN


@pytest.mark.parametrize("processes", [1, 2, 3])
@pytest.mark.parametrize("read", ["file", "stdin"])
def test_workers_that_cannot_be_started_end_the_command_with_status_2(
    big_dataset: Dataset, processes: int, read: str
) -> None:
    jobs = "4"
    if read == "file":  # ~3.7 MB: ranges, read by the workers
        done = _run_limited(processes, ["validate", "--jobs", jobs, str(big_dataset.path)])
    else:  # blocks of lines fed to the workers
        data = big_dataset.path.read_bytes()
        done = _run_limited(processes, ["validate", "--jobs", jobs, "-"], stdin=data)
    stderr = done.stderr.decode()
    assert "Traceback" not in stderr, stderr
    assert (done.returncode, done.stdout) == (2, b""), stderr
    assert stderr == (
        "agent-ir: cannot start the worker processes of --jobs 4 (Resource temporarily "
        "unavailable); the limit of processes may be reached: try a smaller --jobs, or "
        "--jobs 1 to check in this process\n"
    )


def test_jobs_1_is_not_limited_by_the_processes_it_does_not_start(big_dataset: Dataset) -> None:
    done = _run_limited(1, ["validate", "--jobs", "1", "--output", "json", str(big_dataset.path)])
    assert done.returncode == 1, done.stderr
    assert len(done.stdout.splitlines()) == len(big_dataset.invalid) + 1


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="no CPU affinity here")
def test_the_default_jobs_are_the_cpus_the_process_may_run_on() -> None:
    # A container limited to some CPUs of a larger host: os.cpu_count() is the host's.
    code = (
        "import os; os.sched_setaffinity(0, {min(os.sched_getaffinity(0))});"
        "from agent_ir.cli import _parser;"
        "arguments = _parser().parse_args(['validate', 'x.jsonl']);"
        "print(arguments.jobs, os.cpu_count())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    jobs, host = map(int, done.stdout.split())
    assert jobs == 1, (jobs, host)
