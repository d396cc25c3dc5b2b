"""A worker that dies on one line costs that line, never the file (issue 36): a 2 MB line
of hostile tool parameters killed the interpreter with SIGSEGV, and under ``--jobs 2``
or ``--engine dask`` the whole file, 6,000 good lines included, was reported unreadable.

The processes really die: the command (and its workers, and the Dask cluster) runs with
``tests/support/dying_worker`` on its ``PYTHONPATH``, whose ``sitecustomize`` makes any
process that checks a line holding ``MARKER`` send itself SIGSEGV, as a segfault in a C
extension would. Nothing in the package knows of it. Each report is compared with the
report of the same file checked by ``--jobs 1`` without the shim (where the marked
lines are plain valid transcripts): the same records, plus one INVALID_TRANSCRIPT for
each marked line, in line order.
"""

from __future__ import annotations

import faulthandler
import gzip
import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from agent_ir.cli import _check, _engines, _isolated
from agent_ir.cli._check import check_line as _check_line
from agent_ir.cli._engines import checked_locally
from agent_ir.cli._inputs import Input
from agent_ir.cli._work import Task, run_task
from agent_ir.validation._diagnostics import transcript_diagnostic

from support.cli import command

SHIM = Path(__file__).resolve().parents[1] / "support" / "dying_worker"
sys.path.insert(0, str(SHIM))
from sitecustomize import MARKER  # noqa: E402  (the shim's own marker)

sys.path.remove(str(SHIM))

BOM = b"\xef\xbb\xbf"
DIED = "transcript was not checked: the process checking it died (signal 11, SIGSEGV)"


def _environment(log: Path | None = None) -> dict[str, str]:
    """This environment with the shim first on ``PYTHONPATH``."""
    paths = [str(SHIM), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths), "PYTHONIOENCODING": "utf-8"}
    if log is not None:
        env["DYING_WORKER_LOG"] = str(log)
    return env


def _validate(
    arguments: list[str], *, dying: bool, log: Path | None = None, stdin: bytes = b""
) -> tuple[int, list[dict[str, Any]], str]:
    """(status, the JSON report's records, standard error) of ``agent-ir validate``."""
    env = _environment(log) if dying else {**os.environ}
    done = subprocess.run(
        [*command(), "validate", "--quiet", "--output", "json", *arguments],
        input=stdin,
        capture_output=True,
        env=env,
        timeout=300,
        check=False,
    )
    stderr = done.stderr.decode()
    assert "Traceback" not in stderr, stderr
    return done.returncode, [json.loads(line) for line in done.stdout.splitlines()], stderr


def _good(number: int) -> bytes:
    messages = [{"role": "user", "id": "u", "content": f"line {number} " + "x" * 300}]
    return json.dumps({"id": f"good-{number}", "messages": messages}).encode()


def _killer(number: int) -> bytes:
    content = f"{MARKER.decode()} {number}"
    return json.dumps(
        {"id": f"killer-{number}", "messages": [{"role": "user", "id": "u", "content": content}]}
    ).encode()


def _bad(number: int) -> bytes:
    return json.dumps({"id": f"bad-{number}", "messages": 5}).encode()


def _dataset(count: int, killers: set[int], bad: set[int]) -> bytes:
    """``count`` lines, numbered from 1: killers, broken transcripts, the rest valid."""
    lines = [
        _killer(n) if n in killers else _bad(n) if n in bad else _good(n)
        for n in range(1, count + 1)
    ]
    return b"\n".join(lines) + b"\n"


def _with_deaths(
    reference: list[dict[str, Any]], name: str, killers: list[int]
) -> list[dict[str, Any]]:
    """The reference report (no process died) as it must read when each killer line's
    process died: its record in line order, the summary counting it as invalid and its
    message as not read."""
    *records, summary = reference
    died = [
        {
            "file": name,
            "line": line,
            "diagnostics": [
                {"code": "INVALID_TRANSCRIPT", "messageIndex": -1, "message": DIED, "path": ""}
            ],
        }
        for line in killers
    ]
    merged = sorted([*records, *died], key=lambda record: (record["file"], record["line"]))
    counts = dict(summary["summary"])
    counts["invalid"] += len(killers)
    counts["valid"] -= len(killers)
    counts["messages"] -= len(killers)  # a killer line holds one message, never read
    codes = dict(counts["codes"])
    codes["INVALID_TRANSCRIPT"] = codes.get("INVALID_TRANSCRIPT", 0) + len(killers)
    counts["codes"] = codes
    return [*merged, {"summary": counts}]


def _comparable(report: list[dict[str, Any]]) -> list[dict[str, Any]]:
    *records, summary = report
    counts = dict(summary["summary"])
    del counts["seconds"], counts["messagesPerSecond"], counts["docs"]
    return [*records, {"summary": counts}]


def test_the_shim_really_kills_a_process_that_checks_a_marked_line(tmp_path: Path) -> None:
    path = tmp_path / "one.jsonl"
    path.write_bytes(_killer(1) + b"\n")
    status, records, _ = _validate(["--jobs", "1", str(path)], dying=True)
    assert (status, records) == (-11, [])  # --jobs 1 checks in the command: it dies
    status, records, _ = _validate(["--jobs", "1", str(path)], dying=False)
    assert status == 0


# --- --jobs 2: ranges of a file on worker processes -----------------------------------------


def test_a_worker_dying_on_lines_of_a_file_costs_those_lines_only(tmp_path: Path) -> None:
    # ~2.6 MB, 8,000 lines: several ranges, killers in the first, in the middle (two in a
    # row, one beside a broken line) and the last line, which has no newline.
    count = 8000
    killers = [5, 4000, 4001, 4003, count]
    data = _dataset(count, set(killers), {1, 4002, 7999})[:-1]
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(data)
    assert len(data) > 2 << 20
    log = tmp_path / "deaths"
    expected_status, reference, _ = _validate(["--jobs", "1", str(path)], dying=False)
    status, report, stderr = _validate(["--jobs", "2", str(path)], dying=True, log=log)
    assert (status, expected_status, stderr) == (1, 1, "")
    assert _comparable(report) == _comparable(_with_deaths(reference, str(path), killers))
    assert report[-1]["summary"]["transcripts"] == count
    assert report[-1]["summary"]["unreadable"] == []
    deaths = len(log.read_text().splitlines())
    # each killer kills its worker once at most, and its own process once
    assert len(killers) <= deaths <= 2 * len(killers), deaths


# --- bounded: every line kills its process --------------------------------------------------


def _gzipped(data: bytes) -> bytes:
    return gzip.compress(data, mtime=0)


@pytest.mark.parametrize("read", ["stdin", "small file", "two gzipped files"])
def test_lines_that_all_kill_their_process_cost_one_process_each(tmp_path: Path, read: str) -> None:
    count = 12
    data = _dataset(count, set(range(1, count + 1)), set())
    log = tmp_path / "deaths"
    if read == "stdin":
        names, arguments, stdin = ["<stdin>"], ["-"], data
    elif read == "small file":
        path = tmp_path / "all.jsonl"
        path.write_bytes(data)
        names, arguments, stdin = [str(path)], [str(path)], b""
    else:
        paths = [tmp_path / "a.jsonl.gz", tmp_path / "b.jsonl.gz"]
        for path in paths:
            path.write_bytes(_gzipped(data))
        names, arguments, stdin = [str(p) for p in paths], [str(p) for p in paths], b""
    status, report, stderr = _validate(
        ["--jobs", "2", *arguments], dying=True, log=log, stdin=stdin
    )
    assert (status, stderr) == (1, "")
    lines = [(record["file"], record["line"]) for record in report[:-1]]
    assert lines == [(name, n) for name in names for n in range(1, count + 1)]
    assert all(record["diagnostics"][0]["message"] == DIED for record in report[:-1])
    summary = report[-1]["summary"]
    assert (summary["transcripts"], summary["invalid"], summary["messages"]) == (
        count * len(names),
        count * len(names),
        0,
    )
    # One process per line, and the worker that died first in each piece of work
    # (a worker of the pool holding two tasks may die before the other starts).
    deaths = len(log.read_text().splitlines())
    assert count * len(names) < deaths <= (count + 1) * len(names), deaths


def test_a_worker_killed_on_a_line_costs_that_line_and_names_the_signal(tmp_path: Path) -> None:
    # The kernel's OOM killer sends SIGKILL; standard input goes to the workers in blocks.
    env = {**_environment(), "DYING_WORKER_SIGNAL": "SIGKILL"}
    done = subprocess.run(
        [*command(), "validate", "--quiet", "--jobs", "2", "-"],
        input=_dataset(40, {7}, {8}),
        capture_output=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert (done.returncode, done.stderr) == (1, b"")
    lines = done.stdout.decode().splitlines()
    assert lines[:2] == [
        "<stdin>:7: INVALID_TRANSCRIPT: transcript was not checked: the process checking it "
        "died (signal 9, SIGKILL)",
        "<stdin>:8: [bad-8] INVALID_TRANSCRIPT: transcript must be a list or tuple of "
        "messages, not int",
    ]
    assert lines[2] == "40 transcripts in 1 file: 38 valid, 2 invalid; 38 messages"


def test_a_process_that_dies_before_its_first_line_ends_the_work_with_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "good.jsonl"
    path.write_bytes(_dataset(10, set(), set()))
    source = Input(path.name, path, whole=False)

    def dying_at_once(*_: object) -> None:
        faulthandler.disable()
        os.kill(os.getpid(), signal.SIGSEGV)

    monkeypatch.setattr(_isolated, "_check_each", dying_at_once)
    monkeypatch.setattr(_isolated, "_context", lambda: multiprocessing.get_context("fork"))
    done = _isolated.rechecked_task(Task(0, source, 0, None))
    reason = "the process checking it died (signal 11, SIGSEGV) before it checked a line"
    assert done == (0, (0, 0, []), f"good.jsonl: {reason}")


# Forked, so that the patches reach the processes; the one other thread is the pool's.
@pytest.mark.filterwarnings("ignore:This process .* is multi-threaded:DeprecationWarning")
def test_a_block_whose_lines_cannot_be_checked_again_is_reported_unreadable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A lone gzipped file goes to the workers in blocks, read here.
    path = tmp_path / "one.jsonl.gz"
    path.write_bytes(_gzipped(_dataset(10, {4}, set())))
    errors: list[str] = []

    def dying_at_once(*_: object) -> None:
        faulthandler.disable()
        os.kill(os.getpid(), signal.SIGSEGV)

    monkeypatch.setattr(_check, "check_line", _dying)  # the worker dies on line 4
    monkeypatch.setattr(_isolated, "_check_each", dying_at_once)  # and every re-check
    monkeypatch.setattr(_isolated, "_context", lambda: multiprocessing.get_context("fork"))
    # Forked workers inherit the patches (under pytest-xdist other threads run, and the
    # engine would spawn them).
    monkeypatch.setattr(_engines, "_start_method", lambda: "fork")
    source = Input(path.name, path, whole=False)
    results = list(checked_locally([source], 2, lambda _, reason: errors.append(reason)))
    assert [checked.result for checked in results] == [(0, 0, [])]
    assert errors == [
        "one.jsonl.gz: the process checking it died (signal 11, SIGSEGV) before it checked a line"
    ]


# --- --engine dask: a worker lost while running a task ------------------------------------


@pytest.fixture(scope="module")
def dying_cluster() -> Iterator[str]:
    """A LocalCluster of two worker processes, started in a process of its own whose
    workers load the shim; Dask gives up on a task whose worker died at once
    (``allowed-failures`` 0: by default it retries it on three more workers first)."""
    pytest.importorskip("distributed")
    script = (
        "import sys\n"
        "from distributed import LocalCluster\n"
        "if __name__ == '__main__':\n"
        "    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,\n"
        "                      host='127.0.0.1', dashboard_address=None) as cluster:\n"
        "        print(cluster.scheduler_address, flush=True)\n"
        "        sys.stdin.read()\n"
    )
    env = {**_environment(), "DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "0"}
    with subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    ) as cluster:
        assert cluster.stdout is not None
        assert cluster.stdin is not None
        address = cluster.stdout.readline().decode().strip()
        assert address.startswith("tcp://"), address
        try:
            yield address
        finally:
            cluster.stdin.close()  # the script leaves its cluster and ends
            cluster.wait(timeout=60)


def test_a_dask_worker_dying_on_lines_costs_those_lines_only(
    tmp_path: Path, dying_cluster: str
) -> None:
    count = 600
    killers = [3, 300, 301]
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(_dataset(count, set(killers), {2, 302}))
    _, reference, _ = _validate(["--jobs", "1", str(path)], dying=False)
    arguments = ["--engine", "dask", "--scheduler", dying_cluster, "--dask-range-size", "16KiB"]
    status, report, stderr = _validate([*arguments, str(path)], dying=True)
    assert status == 1, stderr
    # Dask may log that it computes again a result lost with its worker: nothing else
    assert all(" - distributed." in line for line in stderr.splitlines()), stderr
    assert _comparable(report) == _comparable(_with_deaths(reference, str(path), killers))
    assert report[-1]["summary"]["unreadable"] == []


# --- in this process: ranges cut anywhere, killers anywhere -------------------------------


def _random_file(rng: random.Random) -> tuple[bytes, list[int]]:
    """Lines of every kind (a byte order mark, CRLF, blank, broken, over 64 lines), the
    killers among them; maybe no newline last. Their numbers, from 1."""
    pieces = [BOM] if rng.random() < 0.5 else []
    killers: list[int] = []
    count = rng.randint(1, 200)
    for number in range(1, count + 1):
        kind = rng.random()
        if kind < 0.15:
            killers.append(number)
            line = _killer(number)
        else:
            line = rng.choice([b"", b"  ", b"[]", b"{not json", _bad(number), _good(number)])
        last = number == count and rng.random() < 0.5
        pieces.append(line + (b"" if last else rng.choice([b"\n", b"\r\n"])))
    return b"".join(pieces), killers


def _dying(line: bytes, pending: bool = False) -> Any:
    """``check_line``, but the process dies on a marked line."""
    if MARKER in line:
        faulthandler.disable()  # pytest's, inherited: no traceback for a death meant
        os.kill(os.getpid(), signal.SIGSEGV)
    return _check_line(line, pending)


def _marking(line: bytes, pending: bool = False) -> Any:
    """``check_line``, but a marked line gets the diagnostic of a line its process
    died on: what the engine must report, here where nothing dies."""
    if MARKER in line:
        return None, 0, (transcript_diagnostic(DIED.removeprefix("transcript ")),)
    return _check_line(line, pending)


@pytest.mark.parametrize("seed", range(8))
def test_ranges_checked_again_report_each_line_as_if_its_process_had_not_died(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    rng = random.Random(seed)
    data, killers = _random_file(rng)
    path = tmp_path / "random.jsonl"
    path.write_bytes(data)
    source = Input(path.name, path, whole=False)
    cuts = sorted({0, len(data), *(rng.randrange(len(data) + 1) for _ in range(3))})
    tasks = [Task(0, source, start, end) for start, end in pairwise(cuts)]
    monkeypatch.setattr(_check, "check_line", _marking)
    expected = [run_task(task) for task in tasks]
    assert sum(len(done.result.invalid) for done in expected) >= len(killers)
    monkeypatch.setattr(_check, "check_line", _dying)  # the forked processes die
    monkeypatch.setattr(_isolated, "_context", lambda: multiprocessing.get_context("fork"))
    assert [_isolated.rechecked_task(task) for task in tasks] == expected, (seed, killers)
