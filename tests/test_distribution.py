"""The built distributions (``nox -s package`` builds them into ``AGENT_IR_DIST`` and runs
this module): the wheel holds the package with its data (``py.typed``, the schemas) and
its license; the sdist holds what rebuilding and testing need; the wheel installs in a
fresh virtual environment, whose ``agent-ir`` runs and writes a styled report."""

from __future__ import annotations

import email
import os
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
VERSION = PROJECT["version"]
DIST = os.environ.get("AGENT_IR_DIST")

pytestmark = pytest.mark.skipif(DIST is None, reason="nox -s package builds the distributions")


def _only(pattern: str) -> Path:
    assert DIST is not None
    (found,) = Path(DIST).glob(pattern)
    return found


def _wheel_names() -> set[str]:
    with zipfile.ZipFile(_only(f"agent_ir-{VERSION}-py3-none-any.whl")) as wheel:
        return set(wheel.namelist())


def test_the_wheel_holds_every_module_and_data_file_of_the_package() -> None:
    """Everything under src/agent_ir (modules, py.typed, any data file) but bytecode."""
    source = ROOT / "src"
    expected = {
        path.relative_to(source).as_posix()
        for path in (source / "agent_ir").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert "agent_ir/py.typed" in expected
    assert expected <= _wheel_names()


def test_the_wheel_holds_every_schema_where_agent_ir_schemas_reads_them() -> None:
    folder = ROOT / "schemas" / "v1"
    # The wire formats' declarations (schemas/v1/wire/) ship beside the IR's.
    schemas = {path.relative_to(folder).as_posix() for path in folder.rglob("*.json")}
    assert {"message.schema.json", "wire/anthropic.schema.json"} <= schemas
    packaged = {
        name.removeprefix("agent_ir/_schemas/v1/")
        for name in _wheel_names()
        if name.startswith("agent_ir/_schemas/v1/")
    }
    assert packaged == schemas


def test_the_wheel_declares_the_mit_license_and_carries_its_text() -> None:
    with zipfile.ZipFile(_only("*.whl")) as wheel:
        info = f"agent_ir-{VERSION}.dist-info"
        metadata = email.message_from_bytes(wheel.read(f"{info}/METADATA"))
        license_text = wheel.read(f"{info}/licenses/LICENSE")
    assert metadata["License-Expression"] == "MIT"
    assert metadata.get_all("License-File") == ["LICENSE"]
    assert license_text == (ROOT / "LICENSE").read_bytes()
    assert metadata["Version"] == VERSION
    assert set(metadata.get_all("Requires-Dist")) >= set(PROJECT["dependencies"])


def test_the_sdist_holds_what_rebuilding_and_testing_need() -> None:
    with tarfile.open(_only(f"agent_ir-{VERSION}.tar.gz")) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    for name in (
        "LICENSE",
        "README.md",
        "pyproject.toml",
        "noxfile.py",
        "src/agent_ir/__init__.py",
        "src/agent_ir/py.typed",
        "schemas/v1/message.schema.json",
        "codegen/generate.py",
        "tests/conftest.py",
        "fixtures/transcripts/sample.jsonl",
    ):
        assert name in names, name


def test_the_wheel_installs_in_a_fresh_environment_and_its_command_runs(
    tmp_path: Path,
) -> None:
    environment = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(environment)], check=True)
    binaries = environment / ("Scripts" if os.name == "nt" else "bin")
    wheel = _only("*.whl")
    subprocess.run(
        [binaries / "python", "-m", "pip", "install", "--quiet", str(wheel)],
        check=True,
        timeout=600,
    )
    # Outside the checkout: what runs is the installed wheel, schemas and CSS included.
    shown = subprocess.run(
        [binaries / "agent-ir", "--version"], cwd=tmp_path, capture_output=True, text=True
    )
    assert (shown.returncode, shown.stdout) == (0, f"agent-ir {VERSION}\n")
    schema = subprocess.run(
        [binaries / "agent-ir", "schema", "message"], cwd=tmp_path, capture_output=True
    )
    assert schema.stdout == (ROOT / "schemas" / "v1" / "message.schema.json").read_bytes()
    report = tmp_path / "report.html"
    checked = subprocess.run(
        [
            binaries / "agent-ir",
            "validate",
            "--quiet",
            str(ROOT / "fixtures" / "transcripts" / "sample.jsonl"),
            "--report",
            str(report),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 1, checked.stderr  # the sample has broken transcripts
    html = report.read_text(encoding="utf-8")
    style = html[html.index("<style>") : html.index("</style>")]
    assert "body{" in style
    assert len(style) > 2000  # the whole stylesheet, not an empty element
