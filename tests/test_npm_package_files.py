"""The npm package's own files: the licence it ships is the repository's, word for word."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_npm_package_ships_the_repository_licence() -> None:
    package = ROOT / "bindings" / "typescript"
    assert (package / "LICENSE").read_bytes() == (ROOT / "LICENSE").read_bytes()
