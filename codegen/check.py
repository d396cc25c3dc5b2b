"""Fail (exit 1) when src/agent_ir/_generated/ differs from a fresh generation.

Usage: python codegen/check.py
"""

from __future__ import annotations

import difflib
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import DEFAULT_OUTPUT, main


def check() -> int:
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / "_generated"
        main([str(fresh)])
        expected = {p.name: p.read_bytes() for p in sorted(fresh.glob("*.py"))}
        actual = {p.name: p.read_bytes() for p in sorted(DEFAULT_OUTPUT.glob("*"))}
    drift = sorted(set(expected) ^ set(actual))
    for name in drift:
        print(f"codegen_check: {name} is {'missing' if name in expected else 'not generated'}")
    for name in sorted(set(expected) & set(actual)):
        if expected[name] != actual[name]:
            drift.append(name)
            diff = difflib.unified_diff(
                expected[name].decode("utf-8", "replace").splitlines(),
                actual[name].decode("utf-8", "replace").splitlines(),
                f"generated/{name}",
                f"checked-in/{name}",
                lineterm="",
            )
            print("\n".join(list(diff)[:40]))
    if drift:
        print("codegen_check: src/agent_ir/_generated/ drifted; run `nox -s codegen`.")
        return 1
    print(f"codegen_check: {len(expected)} generated files match.")
    return 0


if __name__ == "__main__":
    raise SystemExit(check())
