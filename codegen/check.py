"""Fail (exit 1) when the generated code differs from a fresh generation.

Usage: python codegen/check.py [CHECKED_IN_DIR]   (default: src/agent_ir/_generated)

Only the generated ``*.py`` files (those of ``wire/`` included) are compared, byte for byte: anything else in the
directory (``__pycache__/``) is not generated and is ignored. Without an argument
(``nox -s codegen_check``), the generated files of ``bindings/typescript/``
(``index.d.ts``, ``package.json``, ``src/providers.ts``, the providers' records of
``schemas/v1/providers.json``, ``src/keywordSentences.ts``, the sentence templates
of ``src/agent_ir/validation/keyword_sentences.json``, and ``wire/<format>.d.ts``, the
wire formats' declarations) are compared too (``check_typescript``).
"""

from __future__ import annotations

import difflib
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import typescript
from generate import DEFAULT_OUTPUT, main


def check(checked_in: Path = DEFAULT_OUTPUT) -> int:
    """0 when every ``*.py`` in ``checked_in`` equals a fresh generation and none is
    missing or extra; else 1, after printing what drifted."""
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / "_generated"
        if main([str(fresh)]) != 0:
            return 1
        expected = _modules(fresh)
    actual = _modules(checked_in)
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
        print(f"codegen_check: {checked_in} drifted; run `nox -s codegen`.")
        return 1
    print(f"codegen_check: {len(expected)} generated files match.")
    return 0


def check_typescript(checked_in: Path = typescript.DEFAULT_OUTPUT) -> int:
    """0 when every file ``typescript.render`` writes (``index.d.ts``, ``package.json``,
    ``src/providers.ts``, ``src/keywordSentences.ts``, ``wire/<format>.d.ts``) equals the
    one in ``checked_in``; else 1, after printing what drifted."""
    try:
        expected = typescript.render()
    except typescript.CodegenError as error:
        print(f"codegen_check: {error}")
        return 1
    drift = []
    for name, text in expected.items():
        path = checked_in / name
        actual = path.read_bytes() if path.is_file() else None
        if actual is None:
            print(f"codegen_check: {path} is missing")
        elif actual != text.encode("utf-8"):
            diff = difflib.unified_diff(
                text.splitlines(),
                actual.decode("utf-8", "replace").splitlines(),
                f"generated/{name}",
                f"checked-in/{name}",
                lineterm="",
            )
            print("\n".join(list(diff)[:40]))
        else:
            continue
        drift.append(name)
    if drift:
        print(f"codegen_check: {checked_in} drifted; run `nox -s codegen`.")
        return 1
    print(f"codegen_check: {len(expected)} TypeScript binding files match.")
    return 0


def _modules(directory: Path) -> dict[str, bytes]:
    return {
        path.relative_to(directory).as_posix(): path.read_bytes()
        for path in sorted([*directory.glob("*.py"), *directory.glob("wire/*.py")])
    }


if __name__ == "__main__":
    if len(sys.argv) > 1:
        raise SystemExit(check(Path(sys.argv[1]).resolve()))
    raise SystemExit(max(check(), check_typescript()))
