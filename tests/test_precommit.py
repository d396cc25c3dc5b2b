""".pre-commit-config.yaml runs what `nox` runs before a commit: ruff as ``lint`` runs
it and ``codegen/check.py`` as ``codegen_check`` does, at noxfile.py's pinned versions."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
CONFIG = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
HOOKS: dict[str, dict[str, Any]] = {
    hook["id"]: hook for repo in CONFIG["repos"] for hook in repo["hooks"]
}


def _noxfile_list(name: str) -> list[str]:
    """A constant list of noxfile.py, read without running nox."""
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == [name]:
            value = ast.literal_eval(node.value)
            assert isinstance(value, list)
            return value
    raise AssertionError(f"noxfile.py has no {name}")


def test_the_hooks_are_ruff_check_ruff_format_and_the_codegen_check() -> None:
    assert sorted(HOOKS) == ["codegen-check", "ruff-check", "ruff-format"]
    assert [repo["repo"] for repo in CONFIG["repos"]] == ["local"]  # PyPI only, no git host


def test_ruff_runs_as_the_lint_session_runs_it_at_its_version() -> None:
    for hook_id, command in (("ruff-check", "ruff check"), ("ruff-format", "ruff format --check")):
        hook = HOOKS[hook_id]
        assert hook["language"] == "python"
        assert hook["entry"] == f"{command} --force-exclude"  # pyproject's exclusions hold
        assert hook["additional_dependencies"] == _noxfile_list("LINT_DEPS")


def test_the_codegen_check_runs_check_py_with_the_codegen_sessions_pins() -> None:
    hook = HOOKS["codegen-check"]
    assert hook["entry"] == "python codegen/check.py"
    assert hook["pass_filenames"] is False
    assert hook["additional_dependencies"] == _noxfile_list("CODEGEN_DEPS")
    assert '"python", "codegen/check.py"' in (ROOT / "noxfile.py").read_text(encoding="utf-8")
    assert (ROOT / "codegen" / "check.py").is_file()
