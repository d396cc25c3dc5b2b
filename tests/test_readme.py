"""README.md stays true: its Python example runs, and its commands name real things."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_python_example_runs_as_written() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.DOTALL)
    assert len(blocks) == 1
    exec(compile(blocks[0], "README.md", "exec"), {})  # its asserts are the test


def test_the_readme_commands_are_the_ci_commands_and_name_existing_files() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install nox && nox" in README
    assert "pip install nox && nox" in ci.splitlines()
    paths = re.findall(r"agent-ir validate (fixtures/\S+)", README)
    assert paths
    for path in paths:
        assert (ROOT / path).is_file(), path
