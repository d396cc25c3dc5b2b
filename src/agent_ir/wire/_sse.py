"""Server-sent events, decoded incrementally (the WHATWG event-stream format).

``SseDecoder.feed(chunk)`` takes bytes in any chunking (a split inside a line, inside a
multi-byte UTF-8 character, or between the CR and LF of a line end) and returns the
events completed so far; ``end()`` returns the last one when the body did not end with
its blank line (real servers do that). Lines end with CRLF, LF or CR; a leading byte
order mark is skipped; ``:`` lines are comments; ``data`` lines of one event are joined
with ``\\n``; ``id`` and ``retry`` are read and ignored. Bytes that are not UTF-8 raise
``UnicodeDecodeError``.
"""

from __future__ import annotations

import codecs
import re
from typing import NamedTuple

__all__ = ["SseDecoder", "SseEvent"]

# Only CR, LF and CRLF end a line (not the other separators str.splitlines knows).
_BREAK = re.compile(r"\r\n|\r|\n")


class SseEvent(NamedTuple):
    """One event: its ``event`` field ("message" when absent) and its data."""

    event: str
    data: str


class SseDecoder:
    """Incremental; see the module docstring."""

    def __init__(self) -> None:
        self._text = codecs.getincrementaldecoder("utf-8")(errors="strict")
        self._parts: list[str] = []  # the text of the line not yet ended
        self._after_cr = False  # the last text ended with CR: a leading LF ends nothing
        self._started = False
        self._event = ""
        self._data: list[str] = []

    def feed(self, chunk: bytes) -> list[SseEvent]:
        text = self._text.decode(chunk)
        if not self._started and text:
            self._started = True
            text = text.removeprefix("\ufeff")
        return self._lines(text, final=False)

    def end(self) -> list[SseEvent]:
        """The events left when the body ends (an unfinished last event included)."""
        text = self._text.decode(b"", final=True)
        events = self._lines(text, final=True)
        if self._data:
            events.append(self._dispatch())
        return events

    def _lines(self, text: str, *, final: bool) -> list[SseEvent]:
        """The events completed by ``text`` (new text only: each character is scanned
        once, however finely the body is chunked)."""
        if self._after_cr and text.startswith("\n"):
            text = text[1:]  # the LF of a CRLF split between two chunks
            self._after_cr = False  # a second LF is a line of its own (a blank one)
        if text:
            self._after_cr = text.endswith("\r")
        events: list[SseEvent] = []
        position = 0
        for match in _BREAK.finditer(text):
            line = text[position : match.start()]
            if self._parts:
                line = "".join(self._parts) + line
                self._parts = []
            event = self._line(line)
            if event is not None:
                events.append(event)
            position = match.end()
        if position < len(text):
            self._parts.append(text[position:])
        if final and self._parts:
            event = self._line("".join(self._parts))
            self._parts = []
            if event is not None:
                events.append(event)
        return events

    def _line(self, line: str) -> SseEvent | None:
        if not line:
            if self._data:
                return self._dispatch()
            self._reset()
            return None
        if line.startswith(":"):
            return None
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data":
            self._data.append(value)
        elif name == "event":
            self._event = value
        return None

    def _dispatch(self) -> SseEvent:
        event = SseEvent(self._event or "message", "\n".join(self._data))
        self._reset()
        return event

    def _reset(self) -> None:
        self._event = ""
        self._data = []
