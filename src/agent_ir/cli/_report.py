"""What ``agent-ir validate`` prints: one line per diagnostic (text) or one JSON object
per invalid transcript (``--output json``), then a summary.

Everything printed is printable whatever the data holds: control characters, line
separators, lone surrogates and the bidirectional controls that reorder text on a
terminal (U+202A-202E, U+2066-2069, U+200E, U+200F, U+061C; in a file name, an id or a
diagnostic) are written as backslash escapes, so one diagnostic is always one line and
reads in the order it is written.

A text line quotes a transcript's id, and each segment of a JSON Pointer, cut to
``QUOTE_CHARS`` characters with the rest counted (``agent_ir._text.cut``): the id is on
every line of its transcript. Lines are written as they are made, a few at a time.

The summary says where each code it counts is explained (``agent_ir.cli._docs``): the
text summary ends each code's line with its page of a documentation site when one is
known, else with the command that prints it (``agent-ir explain CODE``); the JSON
summary maps each code to its page (``"docs"``, empty when no site is known).
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from json.encoder import encode_basestring_ascii as _json_text
from typing import TextIO

from agent_ir._generated.diagnostic_schema import DiagnosticCode
from agent_ir._text import QUOTE_CHARS, cut
from agent_ir.cli._check import HINTS_PER_BLOCK, BlockResult, Found, Invalid
from agent_ir.cli._docs import code_url, explained, has_page

__all__ = ["Report", "Summary", "in_code_order", "printable", "shown_pointer"]

_UNPRINTABLE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff"
    # bidirectional controls: embeddings and overrides, isolates, marks
    "\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]"
)
_WRITE_AT = 64 << 10  # characters of text lines gathered before they are written


def printable(text: str) -> str:
    """``text`` with control characters, line separators, lone surrogates and
    bidirectional controls escaped (``\\x1b``, ``\\u202e``)."""
    return _UNPRINTABLE.sub(_escape, text)


def shown_pointer(pointer: str) -> str:
    """A JSON Pointer as a line shows it: each segment longer than ``QUOTE_CHARS``
    characters cut, the rest counted (not yet ``printable``)."""
    if len(pointer) <= QUOTE_CHARS:
        return pointer
    return "/".join(map(cut, pointer.split("/")))


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


@dataclass
class Summary:
    """Counts over everything checked."""

    files: int = 0
    transcripts: int = 0
    invalid: int = 0
    messages: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    warnings: Counter[str] = field(default_factory=Counter)
    unreadable: list[str] = field(default_factory=list)
    # wire format -> how many invalid lines of agent-ir's form it read (a --format to try)
    hints: Counter[str] = field(default_factory=Counter)

    def add(self, result: BlockResult) -> None:
        self.transcripts += result.transcripts
        self.messages += result.messages
        for reported in result.invalid:
            self.invalid += bool(reported.diagnostics)
            self.codes.update(found[0] for found in reported.diagnostics)
            self.warnings.update(found[0] for found in reported.warnings)
            self.hints.update(reported.hint)

    @property
    def valid(self) -> int:
        return self.transcripts - self.invalid

    def as_json(self, seconds: float, docs_url: str | None = None) -> dict[str, object]:
        return {
            "files": self.files,
            "transcripts": self.transcripts,
            "valid": self.valid,
            "invalid": self.invalid,
            "messages": self.messages,
            "codes": dict(in_code_order(self.codes)),
            "warnings": dict(sorted(self.warnings.items())),
            "unreadable": self.unreadable,
            "formatHints": dict(self.hints.most_common()),
            "seconds": round(seconds, 3),
            "messagesPerSecond": _rate(self.messages, seconds),
            "docs": {
                code: code_url(docs_url, code)
                for code in (*dict(in_code_order(self.codes)), *sorted(self.warnings))
                if has_page(code) and docs_url is not None
            },
        }


def in_code_order(codes: Counter[str]) -> list[tuple[str, int]]:
    """(code, count) pairs in the order of the schema's enum (unknown codes last)."""
    order = {code.value: position for position, code in enumerate(DiagnosticCode)}
    return sorted(codes.items(), key=lambda item: order.get(item[0], len(order)))


def _rate(count: int, seconds: float) -> int:
    return round(count / seconds) if seconds > 0 else 0


class Report:
    """Writes results as they come, in input order, to ``out``."""

    def __init__(
        self,
        out: TextIO | None,
        output: str,
        max_diagnostics: int | None,
        *,
        docs_url: str | None = None,
        done: str = "checked",
    ) -> None:
        self._done = done  # the summary's last line: "checked in 1.20 s (...)"
        self._given = out
        self._json = output == "json"
        self._limit = max_diagnostics
        self._docs = docs_url

    def add(self, name: str, invalid: list[Invalid]) -> None:
        for transcript in invalid:
            shown, omitted = self._limited(transcript.diagnostics)
            if self._json:
                self._write_json(name, transcript, shown, omitted)
            else:
                self._write_text(name, transcript, shown, omitted)

    @property
    def _out(self) -> TextIO:
        # Looked up on each write (None: sys.stdout): while the progress bar is drawn on
        # the same terminal, sys.stdout is rich's proxy, which keeps the bar below.
        return self._given if self._given is not None else sys.stdout

    def _limited(self, found: tuple[Found, ...]) -> tuple[tuple[Found, ...], int]:
        if self._limit is None or len(found) <= self._limit:
            return found, 0
        return found[: self._limit], len(found) - self._limit

    def _write_text(
        self, name: str, transcript: Invalid, shown: tuple[Found, ...], omitted: int
    ) -> None:
        head = f"{printable(name)}:{transcript.line}: "
        if transcript.id is not None:
            head += f"[{printable(cut(transcript.id))}] "
        lines: list[str] = []
        size = 0
        for kind, found in [("", item) for item in shown] + [
            ("warning ", item) for item in transcript.warnings
        ]:
            code, index, message, pointer, tool = found
            place = f"message {index} " if index >= 0 else f"tool {tool} " if tool >= 0 else ""
            end = f" ({printable(shown_pointer(pointer))})" if pointer else ""
            line = f"{head}{place}{kind}{code}: {printable(message)}{end}\n"
            lines.append(line)
            size += len(line)
            if size >= _WRITE_AT:
                self._out.write("".join(lines))
                lines.clear()
                size = 0
        if omitted:
            lines.append(f"{head}... {omitted} more diagnostics\n")
        self._out.write("".join(lines))

    def _write_json(
        self, name: str, transcript: Invalid, shown: tuple[Found, ...], omitted: int
    ) -> None:
        # What json.dumps(record) writes (ASCII JSON: every character of the data is
        # kept, escaped, and no line or paragraph separator can split a record in two
        # for a reader), each string escaped by json's own C function: json.dumps built
        # a dict per record and walked it, a fifth of a json.loads loop over short lines.
        head = f'{{"file": {_json_text(printable(name))}, "line": {transcript.line}'
        if transcript.id is not None:
            head += f', "id": {_json_text(printable(transcript.id))}'
        record = f'{head}, "diagnostics": [{", ".join(map(_found_json, shown))}]'
        if omitted:
            record += f', "omitted": {omitted}'
        if transcript.warnings:
            record += f', "warnings": [{", ".join(map(_found_json, transcript.warnings))}]'
        self._out.write(record + "}\n")

    def finish(self, summary: Summary, seconds: float) -> None:
        if self._json:
            self._out.write(json.dumps({"summary": summary.as_json(seconds, self._docs)}) + "\n")
            return
        lines = [
            f"{_count(summary.transcripts, 'transcript')} in {_count(summary.files, 'file')}: "
            f"{summary.valid:,} valid, {summary.invalid:,} invalid; "
            f"{_count(summary.messages, 'message')}\n"
        ]
        counts = in_code_order(summary.codes)
        width = max((len(code) for code, _ in counts), default=0)
        lines.extend(f"  {code:<{width}}  {count:,}{self._page(code)}\n" for code, count in counts)
        lines.extend(
            f"  warning {code}  {count:,}{self._page(code)}\n"
            for code, count in sorted(summary.warnings.items())
        )
        lines.extend(f"  unreadable: {printable(name)}\n" for name in summary.unreadable)
        if summary.hints:
            lines.append(_hint(summary.hints))
        lines.append(
            f"{self._done} in {seconds:.2f} s ({_rate(summary.messages, seconds):,} messages/s)\n"
        )
        self._out.write("".join(lines))

    def _page(self, code: str) -> str:
        """Two spaces and where ``code`` is explained: its page's URL, else
        ``agent-ir explain CODE`` (nothing for a code without a page)."""
        return f"  {printable(explained(code, self._docs))}" if has_page(code) else ""


def _found_json(found: Found) -> str:
    code, index, message, pointer, tool = found
    tool_index = f'"toolIndex": {tool}, ' if tool >= 0 else ""
    return (
        f'{{"code": {_json_text(code)}, "messageIndex": {index}, {tool_index}'
        f'"message": {_json_text(message)}, "path": {_json_text(pointer)}}}'
    )


def _hint(hints: Counter[str]) -> str:
    """The line saying which ``--format`` reads the lines that are not agent-ir's form."""
    read = ", ".join(f"{count:,} as {format}" for format, count in hints.most_common())
    best = hints.most_common(1)[0][0]
    return (
        f"hint: lines that are not agent-ir's form read in a wire format ({read}, of the "
        f"first {HINTS_PER_BLOCK} tried per block): try --format {best}\n"
    )


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}" if number == 1 else f"{number:,} {noun}s"
