"""The page around the conversations, as data for ``templates/page.html.j2``: what was
checked, the summary, the diagnostics per code (a bar chart's geometry and a table),
the conversion warnings, the unreadable files and the table of broken transcripts.

Each code links to its page of a documentation site when one is known
(``Settings.docs_url``, see ``agent_ir.cli._docs``); otherwise its badge's title names
``agent-ir explain CODE`` (``Badge``).
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from agent_ir.cli._check import Invalid
from agent_ir.cli._defaults import REPORT_LIMIT
from agent_ir.cli._docs import code_url, has_page
from agent_ir.cli._html._codes import CODE_FIXES, CODE_MEANINGS
from agent_ir.cli._report import Summary, in_code_order
from agent_ir.wire import _registry

__all__ = ["Badge", "Chart", "Page", "Settings", "axis_end", "badge", "page"]

PATHS = 20  # input paths named at the top


class Settings(NamedTuple):
    """What the page says of how it was made."""

    paths: tuple[str, ...]
    format: str = "ir"
    rules: str | None = None
    limit: int = REPORT_LIMIT
    max_diagnostics: int | None = None
    model: str | None = None
    docs_url: str | None = None  # the base of the code pages, if a site is known


class Badge(NamedTuple):
    """A code as shown: ``url`` its page (None: no site known), ``page`` whether it has
    one; ``kind`` the badge's class ("code" or "code warning")."""

    code: str
    kind: str
    page: bool
    url: str | None


def badge(code: str, docs_url: str | None, kind: str = "code") -> Badge:
    page = has_page(code)
    url = code_url(docs_url, code) if page and docs_url is not None else None
    return Badge(code, kind, page, url)


class Provider(NamedTuple):
    name: str
    label: str | None  # the registered provider's label


class CodeRow(NamedTuple):
    badge: Badge
    found: int  # diagnostics of the code
    share: str
    meaning: str
    fix: str


class Tick(NamedTuple):
    x: int
    value: int


class Bar(NamedTuple):
    code: str
    found: int  # diagnostics of the code
    y: int
    length: int


class Chart(NamedTuple):
    """A horizontal bar per code, on an axis from 0 to ``axis_end`` of the largest
    count with a grid line per tick: each bar is as long as its count on that axis."""

    label: int  # the room of the labels, left of the bars
    room: int  # the length of the axis
    row: int
    width: int
    height: int
    base: int  # where the bars end and the axis is drawn
    ticks: list[Tick]
    bars: list[Bar]


class BrokenRow(NamedTuple):
    number: int
    name: str
    line: int
    id: str | None
    badges: list[tuple[Badge, int]]


class Page(NamedTuple):
    title: str
    paths: tuple[str, ...]  # the first ``PATHS``
    more_paths: int
    format: Provider
    rules: Provider | None
    model: str | None
    stats: list[tuple[str, str, int]]  # (key, label, count)
    seconds: float
    rate: int
    codes: list[CodeRow]
    chart: Chart | None
    warnings: list[tuple[Badge, int]]
    unreadable: list[str]
    broken: list[BrokenRow]
    invalid: int
    more: int  # broken transcripts counted, not drawn
    limit: int


def page(
    settings: Settings,
    summary: Summary,
    seconds: float,
    drawn: list[tuple[str, Invalid]],
    more: int,
) -> Page:
    """The page's view of ``summary`` and of the ``drawn`` broken transcripts."""
    title = (
        f"agent-ir report: {summary.invalid:,} of {summary.transcripts:,} "
        f"transcript{'s' * (summary.transcripts != 1)} broken"
    )
    counts = in_code_order(summary.codes)
    docs = settings.docs_url
    return Page(
        title=title,
        paths=settings.paths[:PATHS],
        more_paths=max(0, len(settings.paths) - PATHS),
        format=_provider(settings.format),
        rules=_provider(settings.rules) if settings.rules else None,
        model=settings.model,
        stats=[
            ("files", "Files", summary.files),
            ("transcripts", "Transcripts", summary.transcripts),
            ("valid", "Valid", summary.valid),
            ("invalid", "Invalid", summary.invalid),
            ("messages", "Messages", summary.messages),
        ],
        seconds=seconds,
        rate=round(summary.messages / seconds) if seconds > 0 else 0,
        codes=_code_rows(counts, docs),
        chart=_chart(counts) if counts else None,
        warnings=[
            (badge(code, docs, "code warning"), count)
            for code, count in sorted(summary.warnings.items())
        ],
        unreadable=summary.unreadable,
        broken=[
            _broken_row(number, name, found, docs) for number, (name, found) in enumerate(drawn, 1)
        ],
        invalid=summary.invalid,
        more=more,
        limit=settings.limit,
    )


def _provider(name: str) -> Provider:
    return Provider(name, _registry.format_label(name))


def _code_rows(counts: list[tuple[str, int]], docs_url: str | None) -> list[CodeRow]:
    total = sum(count for _, count in counts)
    return [
        CodeRow(
            badge(code, docs_url),
            count,
            f"{100 * count / total:.1f}%",
            CODE_MEANINGS.get(code, ""),
            CODE_FIXES.get(code, ""),
        )
        for code, count in counts
    ]


def _broken_row(number: int, name: str, found: Invalid, docs_url: str | None) -> BrokenRow:
    codes = in_code_order(Counter(item[0] for item in found.diagnostics))
    badges = [(badge(code, docs_url), count) for code, count in codes]
    return BrokenRow(number, name, found.line, found.id, badges)


def _chart(counts: list[tuple[str, int]]) -> Chart:
    label, room, row, axis = 250, 420, 28, 22
    end, step = axis_end(max(count for _, count in counts))
    base = row * len(counts) + 4
    ticks = [Tick(label + round(room * value / end), value) for value in range(0, end + 1, step)]
    bars = [
        Bar(code, count, 4 + position * row, max(2, round(room * count / end)))
        for position, (code, count) in enumerate(counts)
    ]
    width, height = label + room + 90, row * len(counts) + 8 + axis
    return Chart(label, room, row, width, height, base, ticks, bars)


def axis_end(top: int) -> tuple[int, int]:
    """(the end of the chart's axis, its step) for counts up to ``top``: the first
    multiple of a step of 1, 2 or 5 times a power of ten that holds ``top`` in at most
    five steps, and never less than five (counts of 1 to 5 get an axis of 0 to 5)."""
    scale = 1
    while True:
        for step in (scale, 2 * scale, 5 * scale):
            steps = -(-top // step)  # ceiling
            if steps <= 5:
                return step * max(steps, 5 if step == 1 else 1), step
        scale *= 10
