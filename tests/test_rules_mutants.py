"""Tests that kill mutants of mutation/run.py's groups."""

from __future__ import annotations


def test_placeholder() -> None:
    assert True
