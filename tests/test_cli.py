"""The `agent-ir` command, run as users run it: the installed console script."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import agent_ir

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "transcripts"


def run(*arguments: str | Path) -> subprocess.CompletedProcess[str]:
    command = shutil.which("agent-ir")
    prefix = [command] if command else [sys.executable, "-m", "agent_ir.cli"]
    return subprocess.run(
        [*prefix, *map(str, arguments)], capture_output=True, text=True, timeout=60, check=False
    )


def test_validate_of_the_readme_sample_reports_every_transcript_valid() -> None:
    done = run("validate", FIXTURES / "sample.jsonl")
    assert (done.returncode, done.stdout, done.stderr) == (0, "3 of 3 transcripts valid\n", "")


def test_validate_reports_each_diagnostic_with_file_line_code_and_pointer() -> None:
    done = run("validate", FIXTURES / "orphan.jsonl")
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        f"{FIXTURES / 'orphan.jsonl'}:1: ORPHAN_TOOL_RESULT at message 8 (/8/toolCallId): "
        "no tool call has id 'call-missing'",
        "0 of 1 transcripts valid",
    ]


def test_validate_names_the_line_of_a_malformed_json_line(tmp_path: Path) -> None:
    valid = json.dumps([{"role": "user", "id": "u", "content": "hi"}])
    source = tmp_path / "mixed.jsonl"
    source.write_text(f"{valid}\n\n[{{truncated\n{valid}\n", encoding="utf-8")
    done = run("validate", source)
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[0].startswith(
        f"{source}:3: INVALID_TRANSCRIPT in transcript (/): transcript is not valid JSON"
    )
    assert lines[1:] == ["2 of 3 transcripts valid"]


def test_validate_reads_a_json_file_as_one_transcript(tmp_path: Path) -> None:
    source = tmp_path / "one.json"
    source.write_text(json.dumps([{"role": "system", "id": " ", "content": "x"}]), encoding="utf-8")
    done = run("validate", source)
    assert done.returncode == 1
    assert done.stdout.splitlines()[0] == (
        f"{source}:1: INVALID_MESSAGE at message 0 (/0/id): "
        "id must be a string containing at least one non-whitespace character"
    )


def test_validate_of_a_missing_file_exits_2_and_says_so(tmp_path: Path) -> None:
    done = run("validate", tmp_path / "absent.jsonl")
    assert done.returncode == 2
    assert done.stdout == ""
    assert (
        done.stderr
        == f"agent-ir: cannot read {tmp_path / 'absent.jsonl'}: No such file or directory\n"
    )


def test_validate_of_a_file_that_is_not_utf8_is_invalid_transcript(tmp_path: Path) -> None:
    source = tmp_path / "latin1.json"
    source.write_bytes(b'[{"role": "user", "id": "u", "content": "caf\xe9"}]')
    done = run("validate", source)
    assert done.returncode == 1
    assert done.stdout.splitlines()[0].startswith(
        f"{source}:1: INVALID_TRANSCRIPT in transcript (/):"
    )


@pytest.mark.parametrize("name", agent_ir.schemas.names())
def test_schema_prints_the_packaged_schema(name: str) -> None:
    done = run("schema", name)
    assert done.returncode == 0
    assert json.loads(done.stdout) == agent_ir.schemas.load(name)


def test_an_unknown_command_is_a_usage_error() -> None:
    done = run("replay")
    assert done.returncode == 2
    assert "invalid choice" in done.stderr
