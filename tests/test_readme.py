"""README.md stays true: its Python example runs, and its commands name real things."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.DOTALL)


def test_the_readme_has_its_nine_python_examples() -> None:
    assert len(BLOCKS) == 9


@pytest.mark.parametrize(
    "block",
    BLOCKS,
    ids=[
        "message-ir",
        "provider",
        "wire",
        "reply",
        "stream",
        "async-stream",
        "cache",
        "refusal",
        "gemini",
    ],
)
def test_the_readme_python_examples_run_as_written(
    block: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)  # the examples name files relative to the checkout
    exec(compile(block, "README.md", "exec"), {})  # their asserts are the test


def test_the_readme_commands_are_the_ci_commands_and_name_existing_files() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install nox && nox" in README
    assert "pip install nox && nox" in ci.splitlines()
    paths = re.findall(r"agent-ir validate (fixtures/\S+)", README)
    assert paths
    for path in paths:
        assert (ROOT / path).is_file(), path


def test_the_readme_shows_what_its_first_command_prints() -> None:
    shown = re.search(r"```text\n(.*?)```", README, flags=re.DOTALL)
    assert shown is not None
    command = shutil.which("agent-ir") or str(Path(sys.executable).with_name("agent-ir"))
    # The links to the code pages as a fresh clone prints them (no site built in it).
    environment = {**os.environ, "AGENT_IR_DOCS_URL": "https://agent-ir.dev/docs/"}
    done = subprocess.run(
        [command, "validate", "fixtures/transcripts/sample.jsonl"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    # All but the last line, which times the run.
    expected = shown.group(1).splitlines()
    printed = done.stdout.splitlines()
    assert printed[:-1] == expected[:-1]
    assert re.fullmatch(r"checked in \d+\.\d\d s \([\d,]+ messages/s\)", printed[-1])
    assert re.fullmatch(r"checked in \d+\.\d\d s \([\d,]+ messages/s\)", expected[-1])
