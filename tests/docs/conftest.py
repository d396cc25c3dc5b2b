"""The documentation site as built, for the tests of this folder.

The site is ``$AGENT_IR_SITE`` when set (``nox -s docs`` builds it first, in strict
mode, and points here); otherwise it is built once into a temporary folder, and the
tests are skipped where MkDocs is not installed (the ``tests`` session: they run in
``docs``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("AGENT_IR_SITE")
    if given:
        return Path(given).resolve()
    pytest.importorskip("mkdocs", reason="MkDocs builds the site (nox -s docs runs these)")
    pytest.importorskip("mkdocstrings")
    built = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(built)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    return built
