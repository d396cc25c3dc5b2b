"""One broken transcript, drawn as a conversation: the data for
``templates/conversation.html.j2``.

Its header lists every diagnostic (linking to its message), what to do about each code,
the conversion warnings and the tools the line declares. Its messages are drawn in
units (an assistant message with the tool results right after it that answer its
calls, drawn beside them); units far from any problem (more than ``CONTEXT`` messages
away) are folded into a ``<details>``, unless fewer than ``FOLD_AT_LEAST``. A
transcript stays small: at most ``SHOWN`` messages drawn in full and ``FOLDED`` inside
the folds, and once ``TRANSCRIPT_CHARS`` characters of HTML are drawn the rest is only
counted. That last bound is on the HTML itself, so the units are drawn here, as they
are reached, by the ``draw`` the renderer passes in.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from agent_ir.cli._check import Found, Invalid
from agent_ir.cli._html._codes import CODE_FIXES
from agent_ir.cli._html._messages import (
    BLOCKS,
    Drawing,
    MessageView,
    Notes,
    drawing,
    message_view,
    notes,
)
from agent_ir.cli._html._page import Badge, Settings, badge
from agent_ir.cli._html._text import JSON_ITEMS, STRING_CHARS, Clip, clip, json_text, scalar
from agent_ir.cli._report import in_code_order, shown_pointer
from agent_ir.transcript import tool_links_of

__all__ = ["Conversation", "Piece", "conversation"]

DIAGNOSTICS = 200  # diagnostics listed for one transcript
CONTEXT = 2  # messages drawn either side of one with a problem
FOLD_AT_LEAST = 3  # messages far from any problem: fewer are drawn, not folded
SHOWN = 200  # messages drawn in full for one transcript
FOLDED = 100  # messages kept inside the folds of one transcript
TRANSCRIPT_CHARS = 400_000  # of HTML for one transcript, then messages are only named

Draw = Callable[[MessageView], str]
Unit = tuple[int, int, dict[int, int]]  # first and last message, results beside calls


class Listed(NamedTuple):
    """A diagnostic in the header's list."""

    badge: Badge
    message_index: int
    tool: int
    linked: bool  # its message is drawn: the place links to it
    message: Clip
    pointer: str


class Warned(NamedTuple):
    badge: Badge
    place: str
    message: Clip
    pointer: str


class Tool(NamedTuple):
    position: int
    flagged: bool
    name: Clip
    description: Clip | None
    parameters: str | None
    notes: Notes


class Piece(NamedTuple):
    """A piece of the messages: ``kind`` "drawn" (``html``, a unit as drawn), "fold"
    (``pieces`` inside), "stub" (messages ``first`` to ``last`` only counted), or the
    transcript as read instead of messages: "none" (``said``), "raw" (``raw``, the text
    as read, after ``said``), "json" (``said``, the JSON as read)."""

    kind: str
    html: str = ""
    first: int = 0
    last: int = 0
    pieces: tuple[Piece, ...] = ()
    said: str = ""
    raw: Clip | None = None


class Conversation(NamedTuple):
    anchor: str
    number: int
    name: str
    line: int
    id: str | None
    converted_from: str | None
    listed: list[Listed]
    more_listed: int
    fixes: list[tuple[str, str]]
    warnings: list[Warned]
    more_warnings: int
    format: str
    tools: list[Tool] | None
    tools_open: bool
    tools_count: int
    body: list[Piece]


def conversation(
    number: int, name: str, found: Invalid, settings: Settings, draw: Draw
) -> Conversation:
    """The drawing of broken transcript ``number`` (from 1) of file ``name``."""
    anchor = f"t{number}"
    messages, other, tools = _parse(found)
    flags, tool_flags = _flags(found.diagnostics, len(messages or []))
    links = tool_links_of(messages or [])
    scene = drawing(anchor, messages or [], flags, links)
    listed, more_listed = _listed(found, settings, len(scene.messages))
    warnings = found.warnings
    try:
        body = other if other is not None else _Body(scene, draw).pieces()
    except RecursionError:  # data nested deeper than Python can walk: shown as read
        body = [Piece("none", said="This transcript is nested too deeply to draw.")]
    return Conversation(
        anchor=anchor,
        number=number,
        name=name,
        line=found.line,
        id=found.id,
        converted_from=settings.format if settings.format != "ir" and scene.messages else None,
        listed=listed,
        more_listed=more_listed,
        fixes=[
            (code, CODE_FIXES[code])
            for code, _ in in_code_order(Counter(item[0] for item in found.diagnostics))
            if code in CODE_FIXES
        ],
        warnings=[_warned(item, settings) for item in warnings[:DIAGNOSTICS]],
        more_warnings=max(0, len(warnings) - DIAGNOSTICS),
        format=settings.format,
        tools=_tools(tools, tool_flags) if tools else None,
        tools_open=bool(tool_flags),
        tools_count=len(tools or []),
        body=body,
    )


def _parse(found: Invalid) -> tuple[list[Any] | None, list[Piece] | None, list[Any] | None]:
    """(the messages to draw, or None; what there is instead (text that is not
    JSON...), or None; the line's tool definitions, when it has some)."""
    text, cut = found.text, found.cut
    if text is None:
        return None, [Piece("none", said="The text of this transcript was not kept.")], None
    if cut:
        shown = clip(text[:STRING_CHARS].decode("utf-8", "replace"))
        said = f"This transcript is {len(text) + cut:,} bytes of JSON, too long to draw; it begins:"
        return None, [Piece("raw", said=said, raw=shown)], None
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        shown = clip(text.decode("utf-8", "replace"))
        return None, [Piece("raw", said="Its text, as read:", raw=shown)], None
    if isinstance(value, dict):
        messages = value.get("messages", value.get("input"))
        tools = value.get("tools")
        if isinstance(messages, list):
            return messages, None, tools if isinstance(tools, list) else None
    if isinstance(value, list):
        return value, None, None
    try:
        shown_json = Piece("json", said=json_text(value))
    except RecursionError:
        shown_json = Piece("json", said="…")
    return None, [shown_json], None


def _flags(
    found: tuple[Found, ...], count: int
) -> tuple[dict[int, dict[int | None, list[Found]]], dict[int, list[Found]]]:
    """The diagnostics on each message (by block, None for the message itself) and on
    each tool definition."""
    flags: dict[int, dict[int | None, list[Found]]] = {}
    tool_flags: dict[int, list[Found]] = {}
    for item in found:
        index = item[1]
        if item[4] >= 0:
            tool_flags.setdefault(item[4], []).append(item)
        elif 0 <= index < count:
            flags.setdefault(index, {}).setdefault(_block_of(item[3], index), []).append(item)
    return flags, tool_flags


def _block_of(pointer: str, index: int) -> int | None:
    """The content block a JSON Pointer of message ``index`` points into, if any."""
    parts = pointer.split("/")
    if len(parts) < 4 or parts[1] != str(index) or parts[2] != "content":
        return None
    return int(parts[3]) if parts[3].isascii() and parts[3].isdigit() else None


def _listed(found: Invalid, settings: Settings, count: int) -> tuple[list[Listed], int]:
    """Every diagnostic of the transcript (up to ``DIAGNOSTICS``), linking to its message."""
    limit = min(settings.max_diagnostics or DIAGNOSTICS, DIAGNOSTICS)
    listed = [
        Listed(
            badge(code, settings.docs_url),
            index,
            tool,
            0 <= index < count,
            clip(message, 500),
            shown_pointer(pointer),
        )
        for code, index, message, pointer, tool in found.diagnostics[:limit]
    ]
    return listed, max(0, len(found.diagnostics) - limit)


def _warned(found: Found, settings: Settings) -> Warned:
    """A conversion warning: about a message, a tool definition (its message index is
    -1) or the request as a whole."""
    code, index, message, pointer, tool = found
    place = f"message {index}" if index >= 0 else f"tool {tool}" if tool >= 0 else "request"
    return Warned(
        badge(code, settings.docs_url, "code warning"),
        place,
        clip(message, 500),
        shown_pointer(pointer),
    )


def _tools(tools: list[Any], tool_flags: dict[int, list[Found]]) -> list[Tool]:
    """The tools the line declares (``JSON_ITEMS`` of them)."""
    drawn = []
    for position, tool in enumerate(tools[:JSON_ITEMS]):
        flags = tool_flags.get(position, [])
        about = tool.get("description") if isinstance(tool, dict) else None
        parameters = tool.get("parameters") if isinstance(tool, dict) else None
        drawn.append(
            Tool(
                position,
                bool(flags),
                scalar(tool.get("name") if isinstance(tool, dict) else None),
                clip(about, 500) if isinstance(about, str) else None,
                json_text(parameters) if isinstance(tool, dict) and "parameters" in tool else None,
                notes(flags),
            )
        )
    return drawn


class _Body:
    """The messages of one conversation in units, folds and stubs, drawn as reached."""

    def __init__(self, scene: Drawing, draw: Draw) -> None:
        self.scene = scene
        self.draw = draw
        self.focus = sorted(scene.flags)
        self.size = 0  # characters of HTML drawn so far

    def pieces(self) -> list[Piece]:
        messages = self.scene.messages
        if not messages:
            return [Piece("none", said="No messages.")]
        pieces: list[Piece] = []
        folded: list[Unit] = []
        shown = folded_count = 0
        for unit in self._units():
            first, last, _ = unit
            if not self._near(first, last):
                folded.append(unit)
                continue
            if folded:
                pieces.extend(self._folded(folded, folded_count))
                folded_count += folded[-1][1] - folded[0][0] + 1
                folded = []
            if shown >= SHOWN or self.size >= TRANSCRIPT_CHARS:
                return [*pieces, Piece("stub", first=first, last=len(messages) - 1)]
            pieces.append(self._unit(unit))
            shown += last - first + 1
        if folded:
            pieces.extend(self._folded(folded, folded_count))
        return pieces

    def _units(self) -> Iterator[Unit]:
        """Each piece drawn as one: a message, or an assistant message with the tool
        results right after it that answer its calls (block index -> result index)."""
        links = self.scene.links
        count = len(self.scene.messages)
        index = 0
        while index < count:
            beside: dict[int, int] = {}
            after = index + 1
            calls: dict[str, int] = {}
            for position, call_id in links.calls.get(index, ()):
                if position < BLOCKS:
                    calls.setdefault(call_id, position)
            while calls and after < count and after in links.answers:
                call_at = calls.get(links.answers[after])
                if call_at is None or call_at in beside:
                    break
                beside[call_at] = after
                after += 1
            yield index, after - 1, beside
            index = after

    def _near(self, first: int, last: int) -> bool:
        if not self.focus:
            return True  # no message to look at: draw them all
        at = bisect_left(self.focus, first - CONTEXT)
        return at < len(self.focus) and self.focus[at] <= last + CONTEXT

    def _folded(self, units: list[Unit], before: int) -> list[Piece]:
        """Units far from any problem: folded, unless they are too few to bother."""
        if units[-1][1] - units[0][0] + 1 >= FOLD_AT_LEAST:
            return [self._fold(units, before)]
        return [self._unit(unit) for unit in units]

    def _fold(self, units: list[Unit], before: int) -> Piece:
        inside = []
        for unit in units:
            if before >= FOLDED or self.size >= TRANSCRIPT_CHARS:
                inside.append(Piece("stub", first=unit[0], last=units[-1][1]))
                break
            inside.append(self._unit(unit))
            before += unit[1] - unit[0] + 1
        return Piece("fold", first=units[0][0], last=units[-1][1], pieces=tuple(inside))

    def _unit(self, unit: Unit) -> Piece:
        first, _, beside = unit
        html = self.draw(message_view(self.scene, first, beside))
        self.size += len(html)
        return Piece("drawn", html=html)
