"""Checking one block of lines: the work a worker process (or a Dask task) does.

A line holds one transcript: a JSON array of messages, or an object whose
``"messages"`` is that array and whose ``"id"`` (a string or a number) names it in the
report; other keys of the object are ignored. A line that is not JSON, or an object
without ``"messages"``, is an INVALID_TRANSCRIPT diagnostic for that line. Blank lines
are skipped. Results are plain data (tuples and strings) so that they travel between
processes cheaply.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

import msgspec

from agent_ir._diagnostics import transcript_diagnostic
from agent_ir._generated.diagnostic_schema import Diagnostic
from agent_ir.transcript import check_text, validate_transcript

__all__ = ["BlockResult", "Found", "Invalid", "check_block", "check_line"]

Found = tuple[str, int, str, str]
"""One diagnostic: (code, message index, message, JSON Pointer)."""


class Invalid(NamedTuple):
    """An invalid transcript: its line, its id (None when it has none) and diagnostics."""

    line: int
    id: str | None
    diagnostics: tuple[Found, ...]


class BlockResult(NamedTuple):
    """What one block held: transcripts and messages read, its invalid transcripts."""

    transcripts: int
    messages: int
    invalid: list[Invalid]


def check_block(data: bytes, first_line: int, whole: bool) -> BlockResult:
    """Check every transcript in ``data`` (whole lines starting at ``first_line``; when
    ``whole``, the one transcript of a ``.json`` file)."""
    transcripts = messages = 0
    invalid: list[Invalid] = []
    lines = [data] if whole else data.split(b"\n")
    for number, line in enumerate(lines, first_line):
        if not whole and not line.strip():
            continue
        transcripts += 1
        name, count, diagnostics = check_line(line)
        messages += count
        if diagnostics:
            invalid.append(Invalid(number, name, tuple(map(_found, diagnostics))))
    return BlockResult(transcripts, messages, invalid)


def _found(diagnostic: Diagnostic) -> Found:
    return (str(diagnostic.code), diagnostic.message_index, diagnostic.message, diagnostic.path)


class _Named(msgspec.Struct):
    """A line in the object form; ``messages`` is kept as its JSON text."""

    messages: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET
    id: Any = None


_NAMED = msgspec.json.Decoder(_Named)
_NO_MESSAGES = 'is an object without "messages" (a line holds an array of messages or {"id": ..., "messages": [...]})'


def check_line(line: bytes) -> tuple[str | None, int, tuple[Diagnostic, ...]]:
    """(id, messages read, diagnostics) of one line. Never raises."""
    if line.lstrip()[:1] != b"{":
        count, diagnostics = check_text(line)
        return None, count, diagnostics
    try:
        named = _NAMED.decode(line)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeError, RecursionError):
        return _check_stdlib(line)  # lone surrogate escapes, an odd id, or not JSON
    name = _name(named.id)
    if named.messages is msgspec.UNSET:
        return name, 0, (transcript_diagnostic(_NO_MESSAGES),)
    count, diagnostics = check_text(memoryview(named.messages))
    return name, count, diagnostics


def _check_stdlib(line: bytes) -> tuple[str | None, int, tuple[Diagnostic, ...]]:
    try:
        value = json.loads(line)
    except (ValueError, RecursionError):
        count, diagnostics = check_text(line)  # its INVALID_TRANSCRIPT diagnostic
        return None, count, diagnostics
    if type(value) is not dict:
        return None, 0, validate_transcript(value)
    name = _name(value.get("id"))
    if "messages" not in value:
        return name, 0, (transcript_diagnostic(_NO_MESSAGES),)
    messages = value["messages"]
    count = len(messages) if type(messages) is list else 0
    return name, count, validate_transcript(messages)


def _name(value: object) -> str | None:
    """How a transcript's id is shown: a string as it is, anything else as JSON."""
    if value is None:
        return None
    if type(value) is str:
        return value
    try:
        return json.dumps(value, ensure_ascii=False)[:200]
    except (TypeError, ValueError, RecursionError):
        return type(value).__name__
