"""The installed ``agent-ir validate`` on hostile files: the documented exit status (0
valid, 1 invalid, 2 unreadable), never a traceback, even when its output is cut short."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from adversarial.catalogue import Case, params


def _command() -> list[str]:
    beside = Path(sys.executable).with_name("agent-ir")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("agent-ir")
    return [found] if found else [sys.executable, "-m", "agent_ir.cli"]


def run(*arguments: str | Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*_command(), "validate", *map(str, arguments)],
        capture_output=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(("case", "place"), params("agent-ir"))
def test_validate_exits_with_the_documented_status_and_no_traceback(
    case: Case, place: str, tmp_path: Path
) -> None:
    suffix, data = case.build()
    source = tmp_path / f"hostile{suffix}"
    source.write_bytes(data)
    done = run(source)
    assert b"Traceback" not in done.stderr, done.stderr.decode("utf-8", "replace")[-2000:]
    assert done.returncode == case.expect, done.stdout[-2000:]
    assert done.stdout.endswith(b" transcripts valid\n")


def test_a_directory_or_a_missing_file_is_status_2(tmp_path: Path) -> None:
    for target in (tmp_path, tmp_path / "missing.jsonl"):
        done = run(target)
        assert (done.returncode, b"Traceback" in done.stderr) == (2, False)
        assert done.stderr.startswith(b"agent-ir: cannot read ")


def test_a_file_name_that_is_not_utf_8_is_reported_without_a_traceback(tmp_path: Path) -> None:
    source = tmp_path / "name-\udcff.jsonl"  # the byte 0xff, by surrogateescape
    source.write_bytes(b"[]\n[1]\n")
    done = run(source)
    assert (done.returncode, b"Traceback" in done.stderr) == (1, False), done.stderr


def test_output_cut_short_by_the_reader_ends_without_a_traceback(tmp_path: Path) -> None:
    # 100,000 invalid lines write far more than a pipe holds; the reader leaves after one.
    source = tmp_path / "many.jsonl"
    source.write_bytes(b"x\n" * 100_000)
    process = subprocess.Popen(
        [*_command(), "validate", str(source)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None
    assert process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()
    stderr = process.stderr.read()
    status = process.wait(timeout=120)
    assert first.startswith(str(source).encode() + b":1: INVALID_TRANSCRIPT")
    assert b"Traceback" not in stderr, stderr.decode("utf-8", "replace")[-2000:]
    assert status == 1
