"""The ``agent-ir`` command.

``agent-ir validate FILE...``  validate transcripts: a ``.jsonl`` file holds one
    transcript (a JSON array of messages) per line, any other file one transcript.
    Prints one line per diagnostic, ``FILE:LINE: CODE at message N (POINTER): TEXT``,
    and a summary. Exit status: 0 all valid, 1 some invalid, 2 a file could not be read.
``agent-ir schema NAME``  print a v1 JSON Schema (``message``, ``transcript``, ...).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from agent_ir import schemas
from agent_ir._generated.diagnostic_schema import Diagnostic
from agent_ir.transcript import validate_json

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="agent-ir", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    validate = commands.add_parser("validate", help="validate transcript files (.json or .jsonl)")
    validate.add_argument("files", nargs="+", type=Path)
    schema = commands.add_parser("schema", help="print a v1 JSON Schema")
    schema.add_argument("name", choices=schemas.names())
    arguments = parser.parse_args(argv)
    try:
        if arguments.command == "schema":
            sys.stdout.write(schemas.path(arguments.name).read_text(encoding="utf-8"))
            sys.stdout.flush()
            return 0
        status = _validate(arguments.files)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader left early (`agent-ir validate big.jsonl | head`): stop quietly.
        # Python would print a second error when flushing stdout at exit, so point
        # stdout at /dev/null first.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status


def _validate(files: list[Path]) -> int:
    transcripts = invalid = 0
    for file in files:
        try:
            data = file.read_bytes()
        except OSError as error:
            print(f"agent-ir: cannot read {file}: {error.strerror}", file=sys.stderr)
            return 2
        for line, text in _transcripts(file, data):
            transcripts += 1
            diagnostics = _diagnostics(text)
            if diagnostics:
                invalid += 1
            for diagnostic in diagnostics:
                where = (
                    f"at message {diagnostic.message_index}"
                    if diagnostic.message_index >= 0
                    else "in transcript"
                )
                print(
                    f"{file}:{line}: {diagnostic.code} {where} ({diagnostic.path or '/'}): {diagnostic.message}"
                )
    print(f"{transcripts - invalid} of {transcripts} transcripts valid")
    return 1 if invalid else 0


def _transcripts(file: Path, data: bytes) -> Iterator[tuple[int, bytes]]:
    if file.suffix != ".jsonl":
        yield 1, data
        return
    for number, line in enumerate(data.splitlines(), start=1):
        if line.strip():
            yield number, line


def _diagnostics(text: bytes) -> tuple[Diagnostic, ...]:
    return validate_json(text)


if __name__ == "__main__":
    raise SystemExit(main())
