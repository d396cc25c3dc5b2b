"""README.md stays true: its Python example runs, and its commands name real things."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.DOTALL)


def test_the_readme_has_its_two_python_examples() -> None:
    assert len(BLOCKS) == 2


@pytest.mark.parametrize("block", BLOCKS, ids=["message-ir", "provider"])
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
