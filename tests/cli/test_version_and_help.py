"""``agent-ir --version`` and ``agent_ir.__version__`` say the installed distribution's
version; the command without arguments prints its help."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import agent_ir

from support.cli import command, run

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
DECLARED = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["version"]


def test_the_version_is_the_installed_distributions_the_one_pyproject_declares() -> None:
    assert agent_ir.__version__ == version("agent-ir") == DECLARED


def test_agent_ir_version_prints_the_version_and_exits_0() -> None:
    ran = run("--version")
    assert (ran.status, ran.out, ran.err) == (0, f"agent-ir {DECLARED}\n", "")


def test_python_m_agent_ir_version_prints_the_same() -> None:
    ran = run("--version", prefix=[sys.executable, "-m", "agent_ir"])
    assert (ran.status, ran.out, ran.err) == (0, f"agent-ir {DECLARED}\n", "")


def test_without_arguments_the_command_prints_its_help_and_exits_0() -> None:
    for prefix in (command(), [sys.executable, "-m", "agent_ir"]):
        ran = run(prefix=prefix)
        assert ran.status == 0, ran
        assert ran.err == ""
        assert ran.out.startswith("usage: agent-ir [-h] [--version] COMMAND ...\n")
        # The same text as --help: the commands, the examples, the exit status.
        assert ran.out == run("--help", prefix=prefix).out
        for word in ("validate", "replay", "schema", "exit status:"):
            assert word in ran.out


def test_importing_agent_ir_reads_no_package_metadata_until_the_version_is_asked() -> None:
    """``importlib.metadata`` costs about 0.08 s: ``import agent_ir`` stays without it."""
    probe = (
        "import sys, agent_ir\n"
        "print('importlib.metadata' in sys.modules)\n"
        "print(agent_ir.__version__, 'importlib.metadata' in sys.modules)\n"
    )
    shown = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert shown == ["False", f"{DECLARED} True"]
