"""``agent-ir validate --engine dask`` on a real ``distributed.LocalCluster`` (two worker
processes on loopback): its report equals the local engine's (``--jobs 1``), line for
line, but for the timing of the summary.

``--dask-range-size`` cuts plain ``.jsonl`` files into ranges of ``RANGE`` bytes instead
of 4 MiB, so that a file of ~200 KB is ~50 ranges. The ownership of lines by ranges (a line belongs to the range holding its
first byte) is also checked without a cluster, for random range and block sizes.
"""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import pairwise
from pathlib import Path

import pytest

from agent_ir.cli import _dask, _work
from agent_ir.cli._check import Invalid, check_block, check_line
from agent_ir.cli._dask import _first_line_start, _range, _run, _Task, _tasks
from agent_ir.cli._inputs import Input, InputError, blocks

from support.cli import Dataset
from support.live import live_instances

try:
    import dask.bag  # noqa: F401  (the engine's own import)
    from distributed import LocalCluster
except ImportError:
    if os.environ.get("CI") == "true":
        raise  # under CI the dask extra must be installed: fail, do not skip
    pytest.skip(
        "--engine dask needs the dask extra (pip install -e '.[dask]'); "
        "skipped outside CI, a failure when CI=true",
        allow_module_level=True,
    )

SAMPLE = Path(__file__).resolve().parents[2] / "fixtures" / "transcripts" / "sample.jsonl"
RANGE = 4096
BOM = b"\xef\xbb\xbf"
UNREACHABLE = "tcp://127.0.0.1:1"
TIMING = re.compile(r"checked in \d+\.\d\d s \([\d,]+ messages/s\)")


# --- running the command ------------------------------------------------------------


def _command() -> list[str]:
    beside = Path(sys.executable).with_name("agent-ir")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("agent-ir")
    assert found, "the agent-ir console script is not installed (pip install -e .)"
    return [found]


def _agent_ir(
    *arguments: str | Path,
    cwd: Path | None = None,
    timeout: float = 60,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", **(env or {})}
    ranges = ["--dask-range-size", str(RANGE)] if "dask" in arguments else []
    return subprocess.run(
        [*_command(), "validate", "--quiet", *ranges, *map(str, arguments)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env=env,
        timeout=timeout,
        check=False,
    )


def _without_timing(stdout: str, output: str) -> list[str]:
    """The report's lines, the timing of its summary left out (checked to be there)."""
    lines = stdout.splitlines()
    assert lines, "no report at all"
    if output == "text":
        assert TIMING.fullmatch(lines[-1]), lines[-1]
        assert not any(TIMING.fullmatch(line) for line in lines[:-1])
        return lines[:-1]
    *records, last = (json.loads(line) for line in lines)
    summary = last["summary"]
    assert isinstance(summary.pop("seconds"), int | float)
    assert isinstance(summary.pop("messagesPerSecond"), int)
    return [json.dumps(record, sort_keys=True) for record in [*records, last]]


def _both(
    scheduler: str, *arguments: str | Path, output: str, cwd: Path | None = None
) -> tuple[subprocess.CompletedProcess[str], subprocess.CompletedProcess[str]]:
    """(dask, local) runs of the same command, their reports checked to be the same."""
    common = ["--output", output, *arguments]
    on_dask = _agent_ir("--engine", "dask", "--scheduler", scheduler, *common, cwd=cwd)
    local = _agent_ir("--engine", "local", "--jobs", "1", *common, cwd=cwd)
    assert "Traceback" not in on_dask.stderr, on_dask.stderr
    assert on_dask.returncode == local.returncode, (on_dask.stderr, local.stderr)
    assert _without_timing(on_dask.stdout, output) == _without_timing(local.stdout, output)
    assert on_dask.stderr == local.stderr
    return on_dask, local


def _reported_lines(stdout: str) -> list[tuple[str, int]]:
    """(file, line) of each invalid transcript of a JSON report."""
    records = [json.loads(line) for line in stdout.splitlines()][:-1]
    return [(record["file"], record["line"]) for record in records]


# --- data -----------------------------------------------------------------------------


def _message(text: str = "hi") -> dict[str, str]:
    return {"role": "user", "id": "u", "content": text}


def _valid(name: str, text: str = "hi") -> bytes:
    return json.dumps({"id": name, "messages": [_message(text)]}).encode()


def _orphan(name: str, text: str = "hi") -> bytes:
    """A transcript with a tool result no call asked for: ORPHAN_TOOL_RESULT."""
    result = {"role": "toolResult", "id": "r", "toolCallId": "nope", "toolName": "t"}
    messages = [_message(text), {**result, "content": "x", "isError": False}]
    return json.dumps({"id": name, "messages": messages}).encode()


def _broken(name: str) -> list[bytes]:
    """Invalid transcripts of every kind, each naming ``name`` where it can."""
    return [
        _orphan(name),
        json.dumps({"id": name, "messages": 5}).encode(),
        json.dumps({"id": name}).encode(),  # no "messages"
        b"{not json " + name.encode(),
        json.dumps([{"role": "nobody", "id": name}]).encode(),
    ]


def _sample_lines() -> list[tuple[bytes, bool]]:
    """The lines of sample.jsonl, each with whether it is invalid."""
    lines = SAMPLE.read_bytes().splitlines()
    return [(line, bool(check_line(line)[2])) for line in lines]


class _Builder:
    """A JSON Lines file being written, with the line numbers of its invalid lines."""

    def __init__(self, start: bytes = b"") -> None:
        self.data = bytearray(start)
        self.invalid: list[int] = []
        self.line = 1

    def add(self, text: bytes, *, invalid: bool, end: bytes = b"\n") -> None:
        if invalid:
            self.invalid.append(self.line)
        self.data += text + end
        self.line += (text + end).count(b"\n")

    def pad_to(self, offset: int) -> None:
        """A blank line (spaces) so that the next line starts at ``offset``."""
        gap = offset - len(self.data)
        assert gap >= 0
        if gap:
            self.add(b" " * (gap - 1), invalid=False)


def _spanning_file(seed: int = 7, size: int = 200_000) -> _Builder:
    """~``size`` bytes over ~size/RANGE ranges: a BOM, CRLF and LF, blank lines, lines
    longer than a range, invalid transcripts at and around range boundaries, and a last
    line without a newline."""
    rng = random.Random(seed)
    sample = _sample_lines()
    built = _Builder(BOM)
    built.add(_valid("first after the BOM"), invalid=False)  # a BOM kept would break it
    variant = 0
    while len(built.data) < size:
        boundary = (len(built.data) // RANGE + 2) * RANGE
        while True:  # real transcripts, up to ~600 bytes before the boundary
            line, invalid = rng.choice(sample)
            if len(built.data) + len(line) + 2 > boundary - 600:
                break
            built.add(line, invalid=invalid, end=rng.choice([b"\n", b"\r\n"]))
        bad = _broken(f"at-{boundary}-{variant}")[variant % 5]
        if variant % 7 == 0:  # an invalid line starting on the boundary
            built.pad_to(boundary)
            built.add(bad, invalid=True)
        elif variant % 7 == 1:  # ... one byte before it
            built.pad_to(boundary - 1)
            built.add(bad, invalid=True)
        elif variant % 7 == 2:  # ... ending just before it, the next starting on it
            built.pad_to(boundary - len(bad) - 1)
            built.add(bad, invalid=True)
            built.add(_broken(f"after-{boundary}")[0], invalid=True)
        elif variant % 7 == 3:  # CRLF with the boundary between CR and LF
            built.pad_to(boundary - len(bad) - 1)
            built.add(bad, invalid=True, end=b"\r\n")
            built.add(_valid("after-crlf"), invalid=False)
        elif variant % 7 == 4:  # an empty line on the boundary, an invalid one after
            built.pad_to(boundary)
            built.add(b"", invalid=False)
            built.add(bad, invalid=True, end=b"\r\n")
        elif variant % 7 == 5:  # an invalid line of ~2.5 ranges, starting before one
            built.pad_to(boundary - 10)
            built.add(_orphan(f"long-{boundary}", "x" * (RANGE * 5 // 2)), invalid=True)
        else:  # a valid line longer than a range starting on one, then an invalid one
            built.pad_to(boundary)
            built.add(_valid(f"long-{boundary}", "y" * (RANGE + 100)), invalid=False)
            built.add(bad, invalid=True)
        variant += 1
    built.add(b"\r\n\n   ", invalid=False)  # blank lines, CRLF included
    built.add(_broken("last, no newline")[1], invalid=True, end=b"")
    return built


def _small_file(rng: random.Random, lines: int) -> _Builder:
    """Short lines of every kind, for ranges and blocks of a few bytes."""
    built = _Builder(BOM if rng.random() < 0.5 else b"")
    for number in range(lines):
        end = rng.choice([b"\n", b"\n", b"\r\n"])
        kind = rng.randrange(6)
        if kind == 0:
            built.add(rng.choice([b"", b"  ", b"\r", b"\t "]), invalid=False, end=end)
        elif kind == 1:
            text = "z" * rng.choice([1, 40, 300])  # some longer than a range
            built.add(_valid(f"v{number}", text), invalid=False, end=end)
        else:
            built.add(rng.choice(_broken(f"b{number}")), invalid=True, end=end)
    if rng.random() < 0.5:
        built.add(_broken("no newline")[0], invalid=True, end=b"")
    return built


# --- the cluster ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    """A LocalCluster of two worker processes (its scheduler in this process), for the
    whole module."""
    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        yield cluster


@pytest.fixture(scope="module")
def scheduler(cluster: LocalCluster) -> str:
    """The address of the cluster's scheduler."""
    return str(cluster.scheduler_address)


# --- without a cluster: which range owns which line -----------------------------------


def test_first_line_start_is_the_first_line_starting_at_or_after_the_offset() -> None:
    data = bytes(_small_file(random.Random(1), 60).data) + b"\n\n\r\nend"
    starts = [0] + [index + 1 for index, byte in enumerate(data) if byte == ord("\n")]
    starts.append(len(data))  # past the last line's start: the end of the file
    file = io.BytesIO(data)
    for offset in range(len(data) + 1):
        assert _first_line_start(file, offset) == min(s for s in starts if s >= offset)


def _checked_in_ranges(path: Path, cuts: list[int]) -> tuple[int, int, int, list[Invalid]]:
    """What the driver makes of ranges [cuts[i], cuts[i + 1]): lines, transcripts,
    messages and invalid transcripts, numbered over the whole file."""
    source = Input(path.name, path, whole=False)
    lines = transcripts = messages = 0
    invalid: list[Invalid] = []
    for start, end in pairwise(cuts):
        done = _range(_Task(0, source, start, end))
        assert done.error is None
        transcripts += done.result.transcripts
        messages += done.result.messages
        invalid += [found._replace(line=found.line + lines) for found in done.result.invalid]
        lines += done.lines
    return lines, transcripts, messages, invalid


@pytest.mark.parametrize("seed", range(6))
def test_ranges_own_every_line_exactly_once(
    seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(seed)
    built = _small_file(rng, 120)
    data = bytes(built.data)
    path = tmp_path / "lines.jsonl"
    path.write_bytes(data)
    # The file split on newlines, checked at once: the reference.
    whole = check_block(data.removeprefix(BOM), 1, False)
    assert [found.line for found in whole.invalid] == built.invalid
    newlines = data.count(b"\n")
    for _ in range(8):
        # the reading block of a range task (in _work, shared with the local --jobs)
        monkeypatch.setattr(_work, "BLOCK_BYTES", rng.choice([1, 2, 7, 64, 1000, 1 << 20]))
        if rng.random() < 0.5:  # as the driver cuts: ranges of one size
            tasks = _tasks(0, Input(path.name, path, whole=False), rng.randint(1, len(data) - 1))
            assert len(tasks) > 1
            cuts = [task.start for task in tasks] + [len(data)]
            assert [task.end for task in tasks] == cuts[1:]
        else:  # ranges of any sizes, some empty
            inner = sorted(rng.sample(range(len(data) + 1), rng.randint(1, 40)))
            cuts = [0, *inner, len(data)]
        lines, transcripts, messages, invalid = _checked_in_ranges(path, cuts)
        assert lines == newlines  # each newline counted by exactly one range
        assert (transcripts, messages, invalid) == tuple(whole), cuts


def test_tasks_cut_plain_files_only_and_hand_workers_absolute_paths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("plain.jsonl").write_bytes(b"[]\n" * 150)  # 450 bytes: 5 ranges
    Path("zipped.jsonl").write_bytes(gzip.compress(b"[]\n" * 150, compresslevel=0))
    Path("one.json").write_bytes(b"[" + b" " * 450 + b"]")
    Path("small.jsonl").write_bytes(b"[]\n" * 33)  # 99 bytes
    plain = _tasks(3, Input("plain.jsonl", Path("plain.jsonl"), whole=False), 100)
    assert [(task.start, task.end) for task in plain] == [
        (s, min(s + 100, 450)) for s in range(0, 450, 100)
    ]
    for name in ("zipped.jsonl", "one.json", "small.jsonl"):
        [task] = _tasks(3, Input(name, Path(name), whole=name.endswith(".json")), 100)
        assert (task.start, task.end) == (0, None), name
        plain.append(task)
    for task in plain:
        assert task.input_index == 3
        assert task.source.path == tmp_path / task.source.name  # absolute, name kept
        assert task.source.name in {"plain.jsonl", "zipped.jsonl", "one.json", "small.jsonl"}


def test_a_range_of_a_missing_file_is_worded_as_the_local_engine_words_it(tmp_path: Path) -> None:
    gone = Input("gone.jsonl", tmp_path / "gone.jsonl", whole=False)
    with pytest.raises(InputError) as local:
        list(blocks(gone))
    assert (
        _run(_Task(0, gone, 0, 10)).error
        == str(local.value)
        == "gone.jsonl: no such file or directory"
    )
    assert _run(_Task(0, gone, 0, None)).error == str(local.value)


def test_in_flight_counts_each_task_until_it_is_reported_then_forgets_it() -> None:
    """The bytes of the tasks not yet reported in order: each task's largest report
    (events and completions arrive in any order, from Dask's threads), dropped once its
    result is reported, and nothing counted for it after that."""
    told: list[int] = []
    in_flight = _dask.InFlight(told.append, "this-run")
    in_flight.event((0.0, ["this-run", 0, 100]))  # a worker's: (timestamp, [run, task, bytes])
    in_flight.event((0.0, ["another-run", 0, 5000]))  # another command's run: ignored
    in_flight.read(1, 50)
    in_flight.read(0, 80)  # an older report, arriving late: ignored
    in_flight.read(1, 4096)  # task 1 done (its future's callback), before task 0
    assert told == [100, 150, 4196]
    in_flight.reported(0)
    assert told[-1] == 4096
    in_flight.event((0.0, ["this-run", 0, 4096]))  # task 0's last, after its result: ignored
    in_flight.reported(1)
    in_flight.reported(2)  # a task that never reported (a failed one): nothing to drop
    assert told == [100, 150, 4196, 4096, 0]


# --- the command, without a cluster -----------------------------------------------------


def test_standard_input_needs_the_local_engine() -> None:
    done = subprocess.run(
        [*_command(), "validate", "--engine", "dask", "--scheduler", UNREACHABLE, "-"],
        input="[]\n",
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "agent-ir: standard input (-) needs --engine local\n"


def test_an_unreachable_scheduler_exits_2_with_a_message_and_no_traceback() -> None:
    began = time.monotonic()
    # Refused connections are retried until the connect timeout: 2 s, not the default 10.
    environment = {"AGENT_IR_DASK_CONNECT_TIMEOUT": "2"}
    done = _agent_ir(
        "--engine", "dask", "--scheduler", UNREACHABLE, SAMPLE, timeout=60, env=environment
    )
    took = time.monotonic() - began
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr.startswith(f"agent-ir: cannot reach the Dask scheduler at {UNREACHABLE}: ")
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert took < 30


def test_an_address_that_is_not_one_exits_2_at_once() -> None:
    done = _agent_ir("--engine", "dask", "--scheduler", "tcp://127.0.0.1", SAMPLE, timeout=30)
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr.startswith("agent-ir: cannot reach the Dask scheduler at tcp://127.0.0.1: ")
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("address", "reason"),
    [
        pytest.param(
            "tls://127.0.0.1:1",
            "tls:// needs Dask's TLS configuration (distributed.comm.tls.ca-file, "
            "distributed.comm.tls.client.cert and distributed.comm.tls.client.key)",
            id="tls-without-configuration",
        ),
        pytest.param(
            "ucx://127.0.0.1:1",
            "the scheme ucx:// is not supported (tcp://HOST:PORT, or tls://HOST:PORT with "
            "Dask's TLS configuration)",
            id="ucx",
        ),
        pytest.param(
            "inproc://127.0.0.1/1/1",
            "the scheme inproc:// is not supported (tcp://HOST:PORT, or tls://HOST:PORT "
            "with Dask's TLS configuration)",
            id="inproc",
        ),
    ],
)
def test_a_scheme_that_cannot_be_used_exits_2_with_the_schemes_supported(
    address: str, reason: str
) -> None:
    no_tls = {
        key: ""
        for key in os.environ
        if key.startswith("DASK_DISTRIBUTED__COMM__TLS") or key == "DASK_CONFIG"
    }
    done = _agent_ir("--engine", "dask", "--scheduler", address, SAMPLE, env=no_tls)
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr == f"agent-ir: cannot use the Dask scheduler at {address}: {reason}\n"


@contextmanager
def _listening(answer: bytes | None) -> Iterator[str]:
    """A loopback server that writes ``answer`` (then hangs up) to every connection, or
    (``answer`` None) accepts and never writes nor hangs up; yields its address."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                connection, _ = server.accept()
            except TimeoutError:
                continue
            accepted.append(connection)
            if answer is not None:
                with contextlib.suppress(OSError):
                    connection.sendall(answer)
                    connection.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        stop.set()
        thread.join()
        for connection in accepted:
            connection.close()
        server.close()


@pytest.mark.parametrize(
    "answer",
    [
        pytest.param(random.Random(20).randbytes(4096), id="random-bytes"),
        pytest.param(
            b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            id="http",
        ),
    ],
)
def test_a_port_that_answers_other_bytes_exits_2_naming_the_address(answer: bytes) -> None:
    with _listening(answer) as address:
        done = _agent_ir("--engine", "dask", "--scheduler", address, SAMPLE, timeout=60)
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith(f"agent-ir: cannot reach the Dask scheduler at {address}: ")


def test_a_port_that_never_answers_exits_2_after_the_connect_timeout() -> None:
    with _listening(None) as address:
        # Without the timeout the command waited for the handshake forever: the
        # subprocess's own timeout makes that a failure rather than a hang.
        done = _agent_ir(
            "--engine",
            "dask",
            "--scheduler",
            address,
            SAMPLE,
            timeout=60,
            env={"AGENT_IR_DASK_CONNECT_TIMEOUT": "1.5"},
        )
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr == (
        f"agent-ir: cannot reach the Dask scheduler at {address}: it accepted the connection "
        "but did not answer within 1.5 s (AGENT_IR_DASK_CONNECT_TIMEOUT)\n"
    )


def test_the_connect_timeout_is_read_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for value, expected in [("2.5", 2.5), ("", 10.0), ("0", 10.0), ("-1", 10.0), ("nan", 10.0)]:
        monkeypatch.setenv("AGENT_IR_DASK_CONNECT_TIMEOUT", value)
        assert _dask.connect_timeout() == expected, value


# --- the command on the cluster: the same report as the local engine ---------------------


@pytest.mark.parametrize("output", ["text", "json"])
def test_the_sample_is_reported_as_locally(scheduler: str, output: str) -> None:
    on_dask, _ = _both(scheduler, SAMPLE, output=output)
    assert on_dask.returncode == 1
    if output == "json":
        lines = [line for _, line in _reported_lines(on_dask.stdout)]
        invalid = [number for number, (_, bad) in enumerate(_sample_lines(), 1) if bad]
        assert lines == invalid
        assert len(invalid) >= 3


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory of several files (relative to the returned directory: ``data``)."""
    root = tmp_path_factory.mktemp("dataset")
    data = root / "data"
    (data / "sub").mkdir(parents=True)
    sample = SAMPLE.read_bytes()
    (data / "a.jsonl").write_bytes(sample)  # ~4 ranges
    big = {"id": "pretty", "messages": json.loads(_orphan("x", "w" * 5000))["messages"]}
    (data / "b.json").write_text(json.dumps(big, indent=2))  # one transcript, many lines
    (data / "c.jsonl.gz").write_bytes(gzip.compress(sample, compresslevel=0))
    small = _small_file(random.Random(3), 40)
    (data / "sub" / "d.jsonl").write_bytes(bytes(small.data))
    disguised = gzip.compress(bytes(_spanning_file(size=12_000).data), compresslevel=0)
    (data / "sub" / "e.jsonl").write_bytes(disguised)  # gzip, whatever the name says
    (data / "sub" / "empty.jsonl").write_bytes(b"")
    (data / "notes.txt").write_text("not read")
    return root


@pytest.mark.parametrize("output", ["text", "json"])
def test_a_directory_of_several_files_is_reported_as_locally(
    scheduler: str, dataset: Path, output: str
) -> None:
    # A relative path, and a working directory that is not the workers'.
    on_dask, _ = _both(scheduler, "data", output=output, cwd=dataset)
    assert on_dask.returncode == 1
    if output == "json":
        files = {name for name, _ in _reported_lines(on_dask.stdout)}
        names = ["a.jsonl", "b.json", "c.jsonl.gz", "sub/d.jsonl", "sub/e.jsonl"]
        assert files == {os.path.join("data", name) for name in names}
        summary = json.loads(on_dask.stdout.splitlines()[-1])["summary"]
        assert (summary["files"], summary["unreadable"]) == (6, [])  # not notes.txt


@pytest.mark.parametrize("output", ["text", "json"])
def test_a_file_of_many_ranges_is_reported_as_locally(
    scheduler: str, tmp_path: Path, output: str
) -> None:
    built = _spanning_file()
    (tmp_path / "spanning.jsonl").write_bytes(bytes(built.data))
    assert len(built.data) // RANGE >= 45
    on_dask, local = _both(scheduler, "spanning.jsonl", output=output, cwd=tmp_path)
    assert on_dask.returncode == 1
    if output == "json":  # the reference itself finds what was planted
        assert [line for _, line in _reported_lines(local.stdout)] == built.invalid
        assert len(built.invalid) > 60


def test_an_unreadable_gzip_file_exits_2_and_the_others_are_still_reported(
    scheduler: str, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    sample = SAMPLE.read_bytes()
    (data / "a.jsonl").write_bytes(sample)
    (data / "b.jsonl.gz").write_bytes(b"\x1f\x8b" + b"not gzip at all" * 400)
    # Truncated after more than a block (1 MiB) of lines: what was read is reported.
    lines = sample * (3 * (1 << 20) // len(sample))
    (data / "c.jsonl.gz").write_bytes(gzip.compress(lines, compresslevel=1)[:-2000])
    (data / "d.jsonl").write_bytes(sample)
    on_dask, _ = _both(scheduler, "data", output="text", cwd=tmp_path)
    assert on_dask.returncode == 2
    shown = {name: os.path.join("data", name) for name in os.listdir(data)}
    diagnostic = re.compile(r"(.+?):\d+: ")
    found = (diagnostic.match(line) for line in on_dask.stdout.splitlines())
    reported = {match.group(1) for match in found if match}
    # c.jsonl.gz: the lines read before the stream broke off, as the local engine does
    assert reported == {shown["a.jsonl"], shown["c.jsonl.gz"], shown["d.jsonl"]}
    assert on_dask.stdout.splitlines()[-3:-1] == [
        f"  unreadable: {shown['b.jsonl.gz']}",
        f"  unreadable: {shown['c.jsonl.gz']}",
    ]
    errors = on_dask.stderr.splitlines()
    assert [error.split(": ")[:2] for error in errors] == [
        ["agent-ir", f"cannot read {shown['b.jsonl.gz']}"],
        ["agent-ir", f"cannot read {shown['c.jsonl.gz']}"],
    ]
    assert all("not a readable gzip file" in error for error in errors)


# --- the command on the cluster: a bounded window of ranges ------------------------------


def test_a_bounded_window_of_ranges_is_in_flight_and_released_after_use(
    cluster: LocalCluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every range's future and result were kept to the end (issue 20: 990 MB on the
    driver and 1.5 GB on a worker for 200 MB of broken transcripts): now the driver
    holds a window of futures, and the scheduler (in this process) as few tasks."""
    from distributed import Future

    built = _spanning_file()
    path = tmp_path / "spanning.jsonl"
    path.write_bytes(bytes(built.data))
    source = Input(path.name, path, whole=False)
    ranges = len(_tasks(0, source, RANGE))
    assert ranges >= 45
    errors: list[str] = []
    window = _dask.WINDOW_PER_THREAD * 2  # two worker threads
    futures: list[int] = []
    tasks: list[int] = []
    lines: list[int] = []
    address = str(cluster.scheduler_address)

    def on_error(_: Input, reason: str) -> None:
        errors.append(reason)

    with live_instances(monkeypatch, Future) as live_futures:
        for checked in _dask.checked_on_dask([source], address, on_error, range_bytes=RANGE):
            futures.append(live_futures())
            tasks.append(len(cluster.scheduler.tasks))
            lines.extend(found.line for found in checked.result.invalid)
    assert errors == []
    assert len(futures) == ranges
    assert lines == built.invalid  # in order, numbered over the whole file
    assert max(futures) <= window + 1, futures
    # A released future's task leaves the scheduler a moment later: some slack.
    assert max(tasks) <= 2 * window, tasks


# --- tls:// with Dask's TLS configuration ----------------------------------------------


def test_tls_works_with_dasks_tls_configuration(tmp_path: Path) -> None:
    from distributed.security import Security

    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("needs the openssl command to make a certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            *[openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"],
            *["-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1"],
            *["-addext", "subjectAltName=IP:127.0.0.1"],
        ],
        capture_output=True,
        check=True,
        timeout=60,
    )
    pem = {"cert": str(cert), "key": str(key)}
    security = Security(
        tls_ca_file=str(cert),
        **{
            f"tls_{role}_{kind}": path
            for role in ("client", "scheduler", "worker")
            for kind, path in pem.items()
        },
        require_encryption=True,
    )
    configured = {
        "DASK_DISTRIBUTED__COMM__TLS__CA_FILE": str(cert),
        "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT": str(cert),
        "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY": str(key),
    }
    with LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        host="127.0.0.1",
        protocol="tls",
        security=security,
        dashboard_address="127.0.0.1:0",  # None still starts one, on port 8787
    ) as cluster:
        address = str(cluster.scheduler_address)
        assert address.startswith("tls://")
        arguments = ["--engine", "dask", "--scheduler", address, "--output", "json", SAMPLE]
        on_dask = _agent_ir(*arguments, env=configured)
        plain = _agent_ir(*arguments[:3], address.replace("tls://", "tcp://"), *arguments[4:])
    local = _agent_ir("--jobs", "1", "--output", "json", SAMPLE)
    assert (on_dask.returncode, on_dask.stderr) == (1, "")
    assert _without_timing(on_dask.stdout, "json") == _without_timing(local.stdout, "json")
    # The same scheduler over tcp:// is not a Dask scheduler's answer: a message.
    assert (plain.returncode, plain.stdout) == (2, ""), plain.stderr
    assert plain.stderr.startswith("agent-ir: cannot reach the Dask scheduler at tcp://")
    assert len(plain.stderr.splitlines()) == 1, plain.stderr


# --- the range size, an option ----------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("0", "must be at least 1KiB (1024 bytes), not '0'"),
        ("1023", "must be at least 1KiB (1024 bytes), not '1023'"),
        ("-4096", "must be a size such as 4MiB, 512KiB or 65536 (bytes), not '-4096'"),
        ("4MB", "must be a size such as 4MiB, 512KiB or 65536 (bytes), not '4MB'"),
        ("1.5MiB", "must be a size such as 4MiB, 512KiB or 65536 (bytes), not '1.5MiB'"),
        ("lots", "must be a size such as 4MiB, 512KiB or 65536 (bytes), not 'lots'"),
    ],
)
def test_a_range_size_that_is_not_one_is_a_usage_error(value: str, said: str) -> None:
    done = subprocess.run(
        [
            *[*_command(), "validate", "--engine", "dask", "--scheduler", UNREACHABLE],
            *[f"--dask-range-size={value}", str(SAMPLE)],
        ],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines()[-1] == (
        f"agent-ir validate: error: argument --dask-range-size: {said}"
    )


def test_the_range_size_is_for_the_dask_engine() -> None:
    done = subprocess.run(
        [*_command(), "validate", "--dask-range-size", "4MiB", str(SAMPLE)],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines()[-1] == (
        "agent-ir validate: error: --dask-range-size is for --engine dask"
    )


def _progress_events(cluster: LocalCluster) -> dict[str, dict[int, list[int]]]:
    """The bytes each task of each run reported, by run and task number."""
    events = cluster.scheduler.get_events(_dask.TOPIC)
    assert isinstance(events, tuple)
    runs: dict[str, dict[int, list[int]]] = {}
    for _, (run, number, read) in events:
        runs.setdefault(run, {}).setdefault(number, []).append(read)
    return runs


@pytest.mark.parametrize(
    ("option", "range_bytes"),
    [([], 4 << 20), (["--dask-range-size", "16KiB"], 16384), (["--dask-range-size=5000"], 5000)],
)
def test_the_range_size_option_sets_what_each_task_reads(
    cluster: LocalCluster, tmp_path: Path, option: list[str], range_bytes: int
) -> None:
    path = tmp_path / "spanning.jsonl"
    path.write_bytes(bytes(_spanning_file().data))
    size = path.stat().st_size
    before = set(_progress_events(cluster))
    done = subprocess.run(
        [
            *[*_command(), "validate", "--quiet", "--engine", "dask"],
            *["--scheduler", str(cluster.scheduler_address), *option, str(path)],
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    # Events reach the scheduler in batches: wait for the last one of this run.
    expected = {
        number: min(range_bytes, size - start)
        for number, start in enumerate(range(0, size, range_bytes))
    }
    deadline = time.monotonic() + 10
    while True:
        runs = {t: r for t, r in _progress_events(cluster).items() if t not in before}
        finals = {n: reads[-1] for run in runs.values() for n, reads in run.items()}
        if (len(runs) == 1 and finals == expected) or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert len(runs) == 1
    assert finals == expected  # a task per range of range_bytes, each its range's length


def test_a_worker_reports_the_bytes_it_has_read_before_its_result_comes(
    cluster: LocalCluster, big_dataset: Dataset, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bar sat at 0.0 MB until the end under --engine dask (issue 26): one task
    (the whole file is one 4 MiB range) now reports as it reads."""
    monkeypatch.setattr(_dask, "REPORT_EVERY", 0.0)  # after every block it reads
    source = Input(big_dataset.path.name, big_dataset.path, whole=False)
    size = big_dataset.path.stat().st_size
    assert len(_tasks(0, source)) == 1
    seen: list[tuple[int, int]] = []  # (bytes in flight, results yielded so far)
    results: list[int] = []  # the position of each

    def on_error(_: Input, reason: str) -> None:
        pytest.fail(reason)

    address = str(cluster.scheduler_address)
    for checked in _dask.checked_on_dask(
        [source], address, on_error, on_progress=lambda read: seen.append((read, len(results)))
    ):
        results.append(checked.position)
    assert results == [size]
    *running, reported = [read for read, yielded in seen if yielded == 0]
    assert [read for read in running if 0 < read < size], seen  # part of the file, early
    assert running == sorted(running)  # the sum only grows while the task runs
    assert running[-1] == size  # then it is done
    assert reported == 0  # and its bytes are the result's (its position) from then on


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal: POSIX only")
def test_the_bar_moves_while_the_workers_read(
    scheduler: str, big_dataset: Dataset, tmp_path: Path
) -> None:
    """On a terminal, the bar of --engine dask shows part of the file read before the
    end: here the file is one task (one range of 64 MiB), which used to leave it at 0."""
    from support.terminal import on_terminal

    path = tmp_path / "three.jsonl"  # some 11 MB: a second or more to check
    path.write_bytes(big_dataset.path.read_bytes() * 3)
    size = path.stat().st_size
    assert len(_tasks(0, Input(path.name, path, whole=False), 64 << 20)) == 1
    drawn = on_terminal(
        "validate", "--engine", "dask", "--scheduler", scheduler, "--dask-range-size", "64MiB",
        path, stdout_too=False, tmp_path=tmp_path, columns=80,
    )  # fmt: skip
    assert drawn.status == 1, drawn.raw[-500:]
    total = f"{size / 1e6:,.1f}"
    frames = re.findall(rb"([\d,.]+)/([\d,.]+) MB", drawn.raw)
    assert frames, drawn.raw[-500:]
    assert {frame[1] for frame in frames} == {total.encode()}
    shown = [float(frame[0].replace(b",", b"")) for frame in frames]
    assert shown == sorted(shown)  # never back
    assert shown[-1] == float(total)
    assert [read for read in shown if 0 < read < float(total)], shown


def test_convert_on_the_cluster_writes_what_the_local_engine_writes(
    scheduler: str, tmp_path: Path
) -> None:
    """``agent-ir convert`` runs on the same engines: a file of ~50 ranges converted on
    the cluster gives the local engine's requests file, byte for byte, and its report."""
    built = _spanning_file()
    (tmp_path / "spanning.jsonl").write_bytes(bytes(built.data))
    runs = []
    for engine in (["--engine", "dask", "--scheduler", scheduler, "--dask-range-size",
                    str(RANGE)], ["--jobs", "1"]):  # fmt: skip
        out = tmp_path / f"{engine[1]}.jsonl"
        ran = subprocess.run(
            [*_command(), "convert", "--quiet", "--output", "json", *engine, "spanning.jsonl",
             "--to", "anthropic", "--out", str(out)],
            capture_output=True, text=True, encoding="utf-8", cwd=tmp_path, timeout=120,
            check=False,
        )  # fmt: skip
        assert "Traceback" not in ran.stderr, ran.stderr
        runs.append((ran.returncode, _without_timing(ran.stdout, "json"), out.read_bytes()))
    on_dask, local = runs
    assert on_dask == local
    assert local[0] == 1  # the file's broken lines (not JSON, not messages) have no request
    assert len(local[2].splitlines()) > 100
