"""Mutants no test can kill: (module, stripped source line, "original -> mutant", why)."""

from __future__ import annotations

EQUIVALENT: list[tuple[str, str, str, str]] = []
