"""Server-sent events, decoded incrementally (the WHATWG event-stream format).

``SseDecoder.feed(chunk)`` takes bytes in any chunking (a split inside a line, inside a
multi-byte UTF-8 character, or between the CR and LF of a line end) and returns the
events completed so far; ``end()`` returns the last one when the body did not end with
its blank line (real servers do that). Lines end with CRLF, LF or CR; a leading byte
order mark is skipped; ``:`` lines are comments; ``data`` lines of one event are joined
with ``\\n``; ``id`` and ``retry`` are read and ignored. Bytes that are not UTF-8 raise
``SseNotUtf8`` holding the events completed before them (in any chunking: decoding a
whole chunk at once would lose the events before a bad byte of the same chunk, and a
stream's outcome would depend on how the server cut its body).

Size limit: a line, and the data of an event (its ``data`` lines joined), may hold at
most ``max_event_bytes`` bytes of UTF-8 (``MAX_EVENT_BYTES``, 32 MiB, by default); one
more raises ``SseTooLarge`` as soon as it arrives, so the decoder never holds much more
than the limit whatever the server sends (a line that never ends included). A comment
line is not kept at all: its text is counted and dropped as it arrives, and it is
refused past the limit like any line. A chunk is decoded a slice at a time, so even
one huge chunk is refused after about the limit. The default is generous on purpose:
the largest legitimate events are the ones that repeat a whole reply (the Responses
API's ``response.completed`` and ``response.output_item.done``), which can hold long
tool-call arguments and base64 images of several MB each; 32 MiB leaves room for
several of them while bounding the memory a broken or hostile stream can take.
"""

from __future__ import annotations

import codecs
import re
from typing import NamedTuple

__all__ = ["MAX_EVENT_BYTES", "SseDecoder", "SseEvent", "SseNotUtf8", "SseTooLarge"]

MAX_EVENT_BYTES = 32 * 1024 * 1024
"""The default limit of a line and of an event's data, in bytes of UTF-8 (32 MiB)."""

# Only CR, LF and CRLF end a line (not the other separators str.splitlines knows).
_BREAK = re.compile(r"\r\n|\r|\n")

# A chunk is decoded this many bytes at a time (the text of one slice is all the
# decoder holds beyond the limit).
_SLICE = 1024 * 1024


class SseEvent(NamedTuple):
    """One event: its ``event`` field ("message" when absent) and its data."""

    event: str
    data: str


class SseTooLarge(ValueError):
    """A line or an event's data is over the decoder's ``max_event_bytes``. ``events``
    holds the events the same ``feed`` (or ``end``) completed before it; the decoder is
    not to be fed again."""

    events: list[SseEvent]

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.events = []


class SseNotUtf8(ValueError):
    """Bytes that are not UTF-8: ``reason`` says why (``UnicodeDecodeError``'s), and
    ``events`` holds the events the same ``feed`` (or ``end``) completed before the
    first bad byte; the decoder is not to be fed again."""

    events: list[SseEvent]

    def __init__(self, reason: str, events: list[SseEvent]) -> None:
        super().__init__(f"the stream is not UTF-8 ({reason})")
        self.reason = reason
        self.events = events


def _size(text: str) -> int:
    """The UTF-8 size of ``text`` (its length when it is ASCII, known without a scan)."""
    return len(text) if text.isascii() else len(text.encode("utf-8"))


class SseDecoder:
    """Incremental; see the module docstring."""

    def __init__(self, max_event_bytes: int = MAX_EVENT_BYTES) -> None:
        self._limit = max_event_bytes
        self._text = codecs.getincrementaldecoder("utf-8")(errors="strict")
        self._parts: list[str] = []  # the text of the line not yet ended
        self._line_size = 0  # its UTF-8 size (of a comment line too, whose text is dropped)
        self._comment = False  # the line not yet ended is a comment: its text is dropped
        self._after_cr = False  # the last text ended with CR: a leading LF ends nothing
        self._started = False
        self._event = ""
        self._data: list[str] = []
        self._data_size = 0  # of the data lines joined so far

    def feed(self, chunk: bytes) -> list[SseEvent]:
        events: list[SseEvent] = []
        view = memoryview(chunk)
        try:
            for start in range(0, len(view), _SLICE):
                self._decoded(self._decode(view[start : start + _SLICE], events), events)
        except SseTooLarge as error:
            error.events = events
            raise
        return events

    def _decode(self, data: memoryview | bytes, events: list[SseEvent], final: bool = False) -> str:
        """The text of ``data``; at a byte that is not UTF-8, the lines before it are
        read into ``events`` first, then ``SseNotUtf8`` carries them."""
        try:
            return self._text.decode(data, final)
        except UnicodeDecodeError as error:
            # error.object is what the decoder held plus data: all before start is UTF-8.
            self._decoded(bytes(error.object[: error.start]).decode("utf-8"), events)
            raise SseNotUtf8(error.reason, events) from None

    def _decoded(self, text: str, events: list[SseEvent], *, final: bool = False) -> None:
        if not self._started and text:
            self._started = True
            text = text.removeprefix("\ufeff")
        self._lines(text, events, final=final)

    def end(self) -> list[SseEvent]:
        """The events left when the body ends (an unfinished last event included)."""
        events: list[SseEvent] = []
        try:
            self._decoded(self._decode(b"", events, final=True), events, final=True)
        except SseTooLarge as error:
            error.events = events
            raise
        if self._data:
            events.append(self._dispatch())
        return events

    def _lines(self, text: str, events: list[SseEvent], *, final: bool) -> None:
        """The events completed by ``text`` added to ``events`` (new text only: each
        character is scanned once, however finely the body is chunked)."""
        if self._after_cr and text.startswith("\n"):
            text = text[1:]  # the LF of a CRLF split between two chunks
            self._after_cr = False  # a second LF is a line of its own (a blank one)
        if text:
            self._after_cr = text.endswith("\r")
        position = 0
        for match in _BREAK.finditer(text):
            self._grow(text[position : match.start()])
            event = self._end_line()
            if event is not None:
                events.append(event)
            position = match.end()
        if position < len(text):
            self._grow(text[position:])
        if final and self._line_size:
            event = self._end_line()
            if event is not None:
                events.append(event)

    def _end_line(self) -> SseEvent | None:
        """The line not yet ended, ended: the event it completes, if any."""
        parts, self._parts = self._parts, []
        line = "" if self._comment else "".join(parts)
        del parts  # the pieces go before the line is read: one copy of it at a time
        event = None if self._comment else self._line(line)
        self._line_size = 0
        self._comment = False
        return event

    def _grow(self, piece: str) -> None:
        """``piece`` added to the line not yet ended (counted only, for a comment);
        ``SseTooLarge`` when the line goes over the limit."""
        if not piece:
            return
        if self._line_size == 0:
            self._comment = piece.startswith(":")
        self._line_size += _size(piece)
        if self._line_size > self._limit:
            raise SseTooLarge(f"a line of the stream is over {self._limit} bytes (max_event_bytes)")
        if not self._comment:
            self._parts.append(piece)

    def _line(self, line: str) -> SseEvent | None:
        if not line:
            if self._data:
                return self._dispatch()
            self._reset()
            return None
        if line.startswith(":"):
            return None
        colon = line.find(":")
        if colon < 0:
            name, value = line, ""
        else:  # one slice for the value (not a partition and then a second copy)
            name = line[:colon]
            value = line[colon + 2 :] if line.startswith(" ", colon + 1) else line[colon + 1 :]
        if name == "data":
            self._data_size += _size(value) + (1 if self._data else 0)
            if self._data_size > self._limit:
                raise SseTooLarge(
                    f"the data of an event is over {self._limit} bytes (max_event_bytes)"
                )
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
        self._data_size = 0
