"""Running the ``agent-ir`` command as a user does, for the tests in ``tests/cli``.

``command()`` is the installed console script (the one beside this interpreter, else
the one on ``PATH``, else ``python -m agent_ir``); ``run(...)`` runs it as a subprocess
and returns a ``Ran`` whose ``out`` and ``err`` are decoded strictly as UTF-8, so a test
reading them also checks that the command wrote valid UTF-8. ``FIXTURES`` is found from
this file, not from the installed package: CI tests an installed wheel. ``run`` sets
``AGENT_IR_DOCS_URL`` to ``DOCS_URL`` (a site served by ``mkdocs serve``) unless told
otherwise, so the links to the code pages do not depend on whether the site was built
in the checkout (with no site known, the command names ``agent-ir explain CODE``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "DOCS_URL",
    "FIXTURES",
    "ROUNDTRIP",
    "SAMPLE",
    "SAMPLE_DIAGNOSTICS",
    "Dataset",
    "Ran",
    "command",
    "diagnosed",
    "json_lines",
    "report",
    "run",
    "write_dataset",
]

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
SAMPLE = FIXTURES / "transcripts" / "sample.jsonl"
ROUNDTRIP = FIXTURES / "provider-tool-roundtrip.json"
DOCS_URL = "http://localhost:8000/"  # a site as `mkdocs serve` serves it (AGENT_IR_DOCS_URL)

# The invalid transcripts of sample.jsonl (see tests/validation/test_sample_transcripts.py):
# (line, id, message index, code, JSON Pointer, a piece of the sentence).
SAMPLE_DIAGNOSTICS = [
    (10, "orphan-result-after-trim", 2, "ORPHAN_TOOL_RESULT", "/2/toolCallId", "no tool call"),
    (11, "interrupted-before-result", 2, "MISSING_TOOL_RESULT", "/2/content/1", "no result"),
    (12, "tool-name-mismatch", 2, "TOOL_NAME_MISMATCH", "/2/toolName", "differs from"),
    (
        13,
        "arguments-as-json-string",
        1,
        "INVALID_TOOL_ARGUMENTS",
        "/1/content/0/arguments",
        "must be a JSON object",
    ),
    (14, "duplicate-call-id", 3, "DUPLICATE_TOOL_CALL_ID", "/3/content/0/id", "already used"),
]


def command() -> list[str]:
    """The argv prefix that runs the installed ``agent-ir``."""
    # The script beside this interpreter belongs to the installation under test; one
    # found on PATH first could be another installation.
    beside = shutil.which("agent-ir", path=str(Path(sys.executable).parent))
    found = beside or shutil.which("agent-ir")
    return [found] if found else [sys.executable, "-m", "agent_ir"]


@dataclass(frozen=True)
class Ran:
    """A finished run: its exit status and its output, as bytes and as text."""

    status: int
    stdout: bytes
    stderr: bytes

    @property
    def out(self) -> str:
        return self.stdout.decode("utf-8")

    @property
    def err(self) -> str:
        return self.stderr.decode("utf-8")

    def lines(self) -> list[str]:
        """Standard output split at ``\\n`` only (what a JSON Lines reader does)."""
        return self.out.split("\n")[:-1] if self.out else []

    def __repr__(self) -> str:  # what pytest shows when an assertion fails
        return (
            f"Ran(status={self.status}, stdout={self.stdout[-3000:]!r}, "
            f"stderr={self.stderr[-3000:]!r})"
        )


def run(
    *arguments: str | bytes | os.PathLike[str],
    stdin: bytes | None = None,
    cwd: Path | None = None,
    prefix: list[str] | None = None,
    timeout: float = 120,
    docs_url: str | None = DOCS_URL,
) -> Ran:
    """Run ``agent-ir ARGUMENTS...`` to the end; ``stdin`` is fed to it (else empty).
    ``docs_url`` is the ``AGENT_IR_DOCS_URL`` it sees (None: the variable is unset)."""
    environment = {key: value for key, value in os.environ.items() if key != "AGENT_IR_DOCS_URL"}
    if docs_url is not None:
        environment["AGENT_IR_DOCS_URL"] = docs_url
    done = subprocess.run(
        [*(prefix or command()), *arguments],
        input=stdin if stdin is not None else b"",
        capture_output=True,
        cwd=cwd,
        env=environment,
        timeout=timeout,
        check=False,
    )
    return Ran(done.returncode, done.stdout, done.stderr)


def json_lines(ran: Ran) -> list[Any]:
    """Every line of standard output parsed as JSON (a line that is not JSON fails)."""
    return [json.loads(line) for line in ran.lines()]


# A text report line: FILE:LINE: [ID] message N CODE: text (POINTER), where the id and
# the message index are left out when there is none.
_DIAGNOSTIC = re.compile(
    r"(?P<file>.*?):(?P<line>\d+): (?:\[(?P<id>[^\]]*)\] )?(?:message (?P<index>\d+) )?"
    r"(?P<code>[A-Z_]+): "
)


def diagnosed(ran: Ran) -> list[tuple[str, int, str | None, str]]:
    """(file, line, id, code) of every diagnostic line of a text report, in order."""
    found = []
    for line in ran.lines():
        match = _DIAGNOSTIC.match(line)
        if match:
            found.append((match["file"], int(match["line"]), match["id"], match["code"]))
    return found


def report(ran: Ran) -> list[str]:
    """The text report without its last line, which times the run."""
    lines = ran.lines()
    assert lines, ran
    assert lines[-1].startswith("checked in "), ran
    return lines[:-1]


@dataclass(frozen=True)
class Dataset:
    """A ``.jsonl`` file; ``invalid`` maps each invalid line number to (id, its code)."""

    path: Path
    transcripts: int
    messages: int
    invalid: dict[int, tuple[str | None, str]]


def _conversation(number: int) -> list[dict[str, object]]:
    call = f"call-{number}"
    return [
        {"role": "user", "id": f"u{number}", "content": f"What is {number} + {number}? " * 4},
        {
            "role": "assistant",
            "id": f"a{number}",
            "content": [
                {"type": "toolCall", "id": call, "name": "add", "arguments": {"x": number}}
            ],
        },
        {
            "role": "toolResult",
            "id": f"r{number}",
            "toolCallId": call,
            "toolName": "add",
            "content": [{"type": "text", "text": str(2 * number)}],
            "isError": False,
        },
        {"role": "assistant", "id": f"b{number}", "content": [{"type": "text", "text": "Done."}]},
    ]


def write_dataset(path: Path, size: int) -> Dataset:
    """Lines until ``size`` bytes: valid array and object lines, a blank line now and
    then, and every 7th line invalid in one of three ways, spread through the file."""
    lines: list[bytes] = []
    invalid: dict[int, tuple[str | None, str]] = {}
    written = transcripts = messages = 0
    while written < size:
        number = len(lines) + 1
        messages_here = _conversation(number)
        if number % 997 == 0:
            line = b""  # blank: skipped, but counted in the line numbers
        elif number % 7 == 0:
            kind = (number // 7) % 3
            if kind == 0:  # not JSON
                line, counted = b'{"id": "cut", "messages": [', 0
                invalid[number] = (None, "INVALID_TRANSCRIPT")
            elif kind == 1:  # a blank message id
                messages_here[0]["id"] = " "
                line = json.dumps({"id": f"t{number}", "messages": messages_here}).encode()
                counted = 4
                invalid[number] = (f"t{number}", "INVALID_MESSAGE")
            else:  # the tool result's call is gone
                line, counted = json.dumps(messages_here[2:]).encode(), 2
                invalid[number] = (None, "ORPHAN_TOOL_RESULT")
            transcripts += 1
            messages += counted
        elif number % 2:
            line = json.dumps({"id": f"t{number}", "messages": messages_here}).encode()
            transcripts, messages = transcripts + 1, messages + 4
        else:
            line = json.dumps(messages_here).encode()
            transcripts, messages = transcripts + 1, messages + 4
        lines.append(line)
        written += len(line) + 1
    path.write_bytes(b"\n".join(lines) + b"\n")
    return Dataset(path, transcripts, messages, invalid)
