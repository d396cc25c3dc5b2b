"""The contributor loop: `nox` tests the newest Python present, once, beside the other
checks; under ``CI=true`` (which .ci/run sets before the README's command) it tests
every supported Python."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUPPORTED = ["3.11", "3.12", "3.13"]


def _listed(ci: bool) -> tuple[list[str], list[str]]:
    """(every session, the sessions `nox` runs) as ``nox --list`` shows them."""
    env = {name: value for name, value in os.environ.items() if name != "CI"}
    if ci:
        env["CI"] = "true"
    shown = subprocess.run(
        [sys.executable, "-m", "nox", "--list", "--noxfile", str(ROOT / "noxfile.py")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    listed = re.findall(r"^([*-]) (\S+)", shown, flags=re.MULTILINE)
    return [name for _, name in listed], [name for mark, name in listed if mark == "*"]


def _python(session: str) -> tuple[int, ...]:
    return tuple(int(part) for part in session.removeprefix("tests-").split("."))


def test_nox_tests_only_the_newest_python_present_and_runs_every_other_check() -> None:
    every, selected = _listed(ci=False)
    tests = [name for name in every if name.startswith("tests-")]
    assert tests  # the Pythons present
    assert [name for name in selected if name.startswith("tests-")] == [max(tests, key=_python)]
    others = {name for name in selected if not name.startswith("tests-")}
    assert "tests_lowest" not in others  # CI's: a second environment, a third of the time
    assert "tests_datasets" not in others  # CI's: 350 MB of Arrow, pandas and numpy
    assert {
        "package",
        "lint",
        "typecheck",
        "codegen_check",
        "fuzz",
        "conformance_js",
        "typescript",
    } <= others


def test_ci_true_tests_every_supported_python_and_the_lowest_versions() -> None:
    _, selected = _listed(ci=True)
    assert [name for name in selected if name.startswith("tests-")] == [
        f"tests-{version}" for version in SUPPORTED
    ]
    assert "tests_lowest" in selected
    assert "tests_datasets" in selected


def test_ci_run_sets_ci_true_before_the_readme_command() -> None:
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    command = lines.index("pip install 'nox[uv]' && nox")
    assert "export CI=true" in lines[:command]
