"""``agent-ir validate --report FILE.html``: one self-contained HTML page of what was
checked, for a person to open in a browser.

The page holds the summary, the diagnostics per code (an inline SVG bar chart and a
table), a table of the broken transcripts linking to each, and the first
``--report-limit`` broken transcripts drawn as conversations: system, user, assistant
and tool-result bubbles; thinking collapsed; tool calls with their arguments as
formatted JSON and the result that answers each beside it; images, audio and documents
as labelled placeholders; the offending message or block highlighted with its
diagnostic next to it; messages far from any problem folded (``<details>``). Each code
in the tables and in a transcript's list links to its page of a documentation site
when one is known (``Settings.docs_url``, see ``agent_ir.cli._docs``); otherwise its
badge's title names ``agent-ir explain CODE``.

It is written with the standard library: every piece of the data goes through
``_data`` (control characters, lone surrogates and bidirectional controls made visible
as backslash escapes, then ``html.escape``) and lands only in element text or quoted
attribute values, never in a ``<style>``, a URL or a script. A transcript's id, and each
segment of a JSON Pointer, is cut to ``QUOTE_CHARS`` characters (the rest counted), and
an id sits in a ``<bdi>``: right-to-left text in it cannot reorder what is around it. The page has no script at all, loads nothing (a
Content-Security-Policy forbids it too), and stays small: long strings, big JSON values
and long transcripts are cut, with what was left out counted.
"""

from __future__ import annotations

import html
import json
import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator
from typing import Any, NamedTuple

from agent_ir._text import cut
from agent_ir.cli._check import Found, Invalid
from agent_ir.cli._defaults import REPORT_LIMIT
from agent_ir.cli._docs import code_url, has_page
from agent_ir.cli._report import Summary, _in_code_order, printable, shown_pointer
from agent_ir.wire import _registry

__all__ = ["REPORT_LIMIT", "HtmlReport", "Settings", "render"]

STRING_CHARS = 2_000  # of one string of the data
JSON_ITEMS = 50  # items of one JSON array or object
JSON_DEPTH = 12  # levels of nested JSON shown
BLOCKS = 100  # content blocks of one message
NOTES = 20  # diagnostics written next to one message
DIAGNOSTICS = 200  # diagnostics listed for one transcript
CONTEXT = 2  # messages drawn either side of one with a problem
FOLD_AT_LEAST = 3  # messages far from any problem: fewer are drawn, not folded
SHOWN = 200  # messages drawn in full for one transcript
FOLDED = 100  # messages kept inside the folds of one transcript
TRANSCRIPT_CHARS = 400_000  # of HTML for one transcript, then messages are only named

CODE_MEANINGS = {
    "INVALID_TRANSCRIPT": "the line is not a transcript (not JSON, or not an array of messages)",
    "INVALID_MESSAGE": "a message does not have the shape of the schema",
    "EMPTY_TOOL_NAME": "a tool call has a blank name",
    "INVALID_TOOL_ARGUMENTS": "tool-call arguments are not a JSON object",
    "DUPLICATE_TOOL_CALL_ID": "two tool calls share one id",
    "DUPLICATE_TOOL_RESULT": "a tool call is answered twice",
    "ORPHAN_TOOL_RESULT": "a tool result answers no call of the transcript",
    "TOOL_RESULT_BEFORE_CALL": "a tool result comes before its call",
    "TOOL_NAME_MISMATCH": "a tool result names another tool than its call",
    "MISSING_TOOL_RESULT": "a tool call is never answered",
    "ORPHAN_SERVER_TOOL_RESULT": "a server-tool result answers no server-tool call",
    "UNDECLARED_TOOL": "a call names a tool the line does not declare",
    "TOOL_ARGUMENTS_MISMATCH": "a call's arguments break its tool's parameters (JSON Schema)",
    "INVALID_TOOL_DEFINITION": "a tool definition is malformed or its parameters no JSON Schema",
    "RESULT_NOT_IMMEDIATE": "a result does not directly follow its call (provider rule)",
    "INVALID_TOOL_CALL_ID_FORMAT": "a call id the provider refuses (provider rule)",
    "INVALID_ROLE_ORDER": "roles in an order the provider refuses (provider rule)",
    "EMPTY_CONTENT": "a message without content (provider rule)",
    "INVALID_TOOL_NAME_FORMAT": "a tool name the provider refuses (provider rule)",
    "MISSING_THOUGHT_SIGNATURE": "a tool call of the current turn lost its signature (provider rule)",
}

CODE_FIXES = {
    "INVALID_TRANSCRIPT": "make each line a JSON array of messages or an object with "
    "\"messages\"; lines in a provider's or a dataset's format need --format",
    "INVALID_MESSAGE": "fix the field the pointer names to fit the message schema "
    "(agent-ir schema message)",
    "EMPTY_TOOL_NAME": "give the call the name of the tool it invoked (no repair can guess it)",
    "INVALID_TOOL_ARGUMENTS": "store the arguments as a JSON object: decode a string of JSON "
    "(json.loads) when the line is written",
    "DUPLICATE_TOOL_CALL_ID": "give each call its own id; repair_transcript renames the later "
    "call and the results after it",
    "DUPLICATE_TOOL_RESULT": "keep one result per call; repair_transcript keeps the first "
    '(duplicates="keep-first")',
    "ORPHAN_TOOL_RESULT": "restore the call it answers, or drop it: repair_transcript drops "
    'it (orphans="drop"); trim with trim_transcript, which keeps calls and results together',
    "TOOL_RESULT_BEFORE_CALL": "put the result after its call; repair_transcript drops it and "
    "answers the call with an error result",
    "TOOL_NAME_MISMATCH": "name the tool the call names; repair_transcript takes the call's name",
    "MISSING_TOOL_RESULT": "record the result after the call; repair_transcript adds an error "
    'result (missing="error-result") or drops the call ("drop-call"); an agent saved '
    "mid-turn: --allow-pending",
    "ORPHAN_SERVER_TOOL_RESULT": "keep the server-tool call before its result; repair_transcript "
    "drops the result block",
    "UNDECLARED_TOOL": 'declare the tool in the line\'s "tools", or call one that is declared',
    "TOOL_ARGUMENTS_MISMATCH": "make the arguments fit the tool's parameters (the pointer "
    "names the argument), or fix the parameters if the call was right",
    "INVALID_TOOL_DEFINITION": "give the tool a name and parameters that are a JSON Schema object",
    "RESULT_NOT_IMMEDIATE": "put the results right after their call's turn; "
    "repair_transcript(provider=...) moves them",
    "INVALID_TOOL_CALL_ID_FORMAT": "rewrite the ids in the provider's format: "
    "normalize_tool_call_ids, or repair_transcript(provider=...)",
    "INVALID_ROLE_ORDER": "order the turns as the provider requires; "
    "repair_transcript(provider=...) adds the user turn that must come first",
    "EMPTY_CONTENT": 'give the message content or drop it; repair_transcript(provider="anthropic")'
    " drops empty content",
    "INVALID_TOOL_NAME_FORMAT": "rename the tool (its definition, calls and results) to the "
    "provider's characters and length",
    "MISSING_THOUGHT_SIGNATURE": "keep the signature the model returned on the call; "
    'repair_transcript(provider="gemini") adds the documented placeholder; a Gemini 1.x or '
    "2.x model needs none: name it with --model",
}
"""What to do about each diagnostic code: one short imperative hint, naming the
``repair_transcript`` option (or the command's option) that does it where there is
one. With ``CODE_MEANINGS`` (what each code means), the one table of both: the report
shows them, and the documentation can read them from here."""

_HIDDEN = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff"
    # bidirectional controls: an override would reorder the text after it
    "\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]"
)
_ROLES = {
    "system": "System",
    "user": "User",
    "assistant": "Assistant",
    "toolResult": "Tool result",
}
_KNOWN_FIELDS = frozenset(
    {
        "role",
        "id",
        "content",
        "timestamp",
        "provider",
        "model",
        "usage",
        "stopReason",
        "toolCallId",
        "toolName",
        "isError",
    }
)


# --- escaping: the only ways data reaches the page -------------------------------------


def _visible(text: str) -> str:
    """``text`` with control characters (but newline, tab and CR), lone surrogates and
    bidirectional controls written as backslash escapes: what the page shows is what
    the data holds, in the order it holds it."""
    return _HIDDEN.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _data(text: str) -> str:
    """Text from the data, for element text or a quoted attribute value."""
    return html.escape(_visible(text), quote=True)


def _clipped(text: str, limit: int = STRING_CHARS) -> str:
    """``_data(text)``, cut at ``limit`` characters with the rest counted."""
    if len(text) <= limit:
        return _data(text)
    return f'{_data(text[:limit])}<span class="cut">… {len(text) - limit:,} more characters</span>'


def _name(name: str) -> str:
    """A file name, as the text report prints it (one line)."""
    return html.escape(printable(name), quote=True)


def _warned_place(index: int, tool: int) -> str:
    """What a conversion warning is about: a message, a tool definition (its message
    index is -1) or the request as a whole."""
    if index >= 0:
        return f"message {index}"
    return f"tool {tool}" if tool >= 0 else "request"


def _id(transcript_id: str) -> str:
    """A transcript's id, as the text report prints it (one line, cut), isolated."""
    return f"<bdi>{html.escape(printable(cut(transcript_id)), quote=True)}</bdi>"


def _pointer(pointer: str) -> str:
    """A JSON Pointer as the text report prints it (long segments cut)."""
    return f'<code class="pointer">{_data(shown_pointer(pointer))}</code>'


# --- JSON, formatted and bounded -------------------------------------------------------


def _json(value: Any, depth: int = 0) -> str:
    """``value`` as indented JSON text (not yet escaped), bounded in depth, items and
    string length."""
    pad = "  " * depth
    if isinstance(value, dict):
        if not value:
            return "{}"
        if depth >= JSON_DEPTH:
            return "{…}"
        items = list(value.items())
        lines = [
            f"{pad}  {_json_string(str(key))}: {_json(item, depth + 1)}"
            for key, item in items[:JSON_ITEMS]
        ]
        if len(items) > JSON_ITEMS:
            lines.append(f"{pad}  … {len(items) - JSON_ITEMS:,} more keys")
        return "{\n" + ",\n".join(lines) + f"\n{pad}}}"
    if isinstance(value, list):
        if not value:
            return "[]"
        if depth >= JSON_DEPTH:
            return "[…]"
        lines = [f"{pad}  {_json(item, depth + 1)}" for item in value[:JSON_ITEMS]]
        if len(value) > JSON_ITEMS:
            lines.append(f"{pad}  … {len(value) - JSON_ITEMS:,} more items")
        return "[\n" + ",\n".join(lines) + f"\n{pad}]"
    if isinstance(value, str):
        return _json_string(value)
    return json.dumps(value)  # a number, true, false or null


def _json_string(text: str) -> str:
    if len(text) <= STRING_CHARS:
        return json.dumps(text, ensure_ascii=False)
    more = len(text) - STRING_CHARS
    return json.dumps(text[:STRING_CHARS], ensure_ascii=False) + f" … {more:,} more characters"


def _pre_json(value: Any, kind: str = "json") -> str:
    return f'<pre class="{kind}">{_data(_json(value))}</pre>'


def _scalar(value: Any) -> str:
    """A field shown inline: a string as it is, anything else as compact JSON."""
    if isinstance(value, str):
        return _clipped(value, 200)
    if isinstance(value, dict | list):
        return _clipped(json.dumps(value, ensure_ascii=False), 200)
    return _data(json.dumps(value))


# --- the report ------------------------------------------------------------------------


class Settings(NamedTuple):
    """What the page says of how it was made."""

    paths: tuple[str, ...]
    format: str = "ir"
    rules: str | None = None
    limit: int = REPORT_LIMIT
    max_diagnostics: int | None = None
    model: str | None = None
    docs_url: str | None = None  # the base of the code pages, if a site is known


class HtmlReport:
    """Collects the broken transcripts to draw (the first ``settings.limit``, in input
    order) as the engine yields them; ``render`` makes the page."""

    def __init__(self, settings: Settings) -> None:
        self._settings = settings
        self._drawn: list[tuple[str, Invalid]] = []
        self._more = 0

    def add(self, name: str, invalid: list[Invalid]) -> None:
        for transcript in invalid:
            if not transcript.diagnostics:
                continue  # conversion warnings only: counted, not drawn
            if len(self._drawn) < self._settings.limit:
                self._drawn.append((name, transcript))
            else:
                self._more += 1

    def described(self) -> str:
        """What the page holds, in a few words (for the command's last line)."""
        drawn = f"{len(self._drawn):,} broken transcript{'s' * (len(self._drawn) != 1)} drawn"
        return drawn + (f", {self._more:,} more counted" if self._more else "")

    def render(self, summary: Summary, seconds: float) -> str:
        return render(self._settings, summary, seconds, self._drawn, self._more)


def render(
    settings: Settings,
    summary: Summary,
    seconds: float,
    drawn: list[tuple[str, Invalid]],
    more: int = 0,
) -> str:
    """The whole page."""
    title = (
        f"agent-ir report: {summary.invalid:,} of {summary.transcripts:,} "
        f"transcript{'s' * (summary.transcripts != 1)} broken"
    )
    parts = [
        _HEAD.format(title=html.escape(title)),
        '<main>\n<header class="top">\n<h1>agent-ir validate</h1>\n',
        f'<p class="sub">{_inputs(settings)}</p>\n</header>\n',
        _summary(summary, seconds),
        _codes(summary, settings.docs_url),
        _warnings(summary, settings.docs_url),
        _unreadable(summary),
        _broken(drawn, more, summary, settings),
        *(
            _Conversation(number, name, found, settings).html()
            for number, (name, found) in enumerate(drawn, 1)
        ),
        '<footer class="sub">Made by <code>agent-ir validate --report</code>. '
        "No scripts, nothing loaded from the network.</footer>\n</main>\n</body>\n</html>\n",
    ]
    return "".join(parts)


def _inputs(settings: Settings) -> str:
    paths = " ".join(f"<code>{_name(path)}</code>" for path in settings.paths[:20])
    if len(settings.paths) > 20:
        paths += f" … {len(settings.paths) - 20:,} more"
    details = [f"format {_provider(settings.format)}"]
    if settings.rules:
        details.append(f"provider rules {_provider(settings.rules)}")
        if settings.model is not None:
            details.append(f"model <code>{_name(settings.model)}</code>")
    return f"Checked {paths} · " + " · ".join(details)


def _provider(name: str) -> str:
    """A format or provider name, with the registered provider's label after it."""
    known = _registry.format_label(name)
    label = "" if known is None else f" ({html.escape(known)})"
    return f"<code>{_name(name)}</code>{label}"


def _summary(summary: Summary, seconds: float) -> str:
    rate = round(summary.messages / seconds) if seconds > 0 else 0
    stats = [
        ("files", "Files", f"{summary.files:,}"),
        ("transcripts", "Transcripts", f"{summary.transcripts:,}"),
        ("valid", "Valid", f"{summary.valid:,}"),
        ("invalid", "Invalid", f"{summary.invalid:,}"),
        ("messages", "Messages", f"{summary.messages:,}"),
    ]
    cells = "".join(
        f'<div class="stat stat-{key}"><dt>{label}</dt><dd>{value}</dd></div>\n'
        for key, label, value in stats
    )
    cells += (
        '<div class="stat stat-time"><dt>Time</dt>'
        f'<dd class="time">{seconds:.2f} s <small>{rate:,} messages/s</small></dd></div>\n'
    )
    return (
        f'<section id="summary">\n<h2>Summary</h2>\n<dl class="stats">\n{cells}</dl>\n</section>\n'
    )


def _code(code: str, docs_url: str | None, kind: str = "code") -> str:
    """A code's badge, linking to its page when a site is known and has one, else
    titled with the command that explains it."""
    if not has_page(code):
        return f'<span class="{kind}">{_data(code)}</span>'
    if docs_url is None:
        explain = f"agent-ir explain {_data(code)}: what it means, how to fix it"
        return f'<span class="{kind}" title="{explain}">{_data(code)}</span>'
    badge = f'<span class="{kind}">{_data(code)}</span>'
    url = html.escape(code_url(docs_url, code))
    return f'<a class="code-page" href="{url}" title="what it means, how to fix it">{badge}</a>'


def _codes(summary: Summary, docs_url: str | None) -> str:
    counts = _in_code_order(summary.codes)
    if not counts:
        return (
            '<section id="codes">\n<h2>Diagnostics per code</h2>\n'
            '<p class="none">No diagnostics: every transcript is valid.</p>\n</section>\n'
        )
    total = sum(count for _, count in counts)
    rows = "".join(
        f"<tr><td>{_code(code, docs_url)}</td>"
        f'<td class="n">{count:,}</td><td class="n">{100 * count / total:.1f}%</td>'
        f"<td>{html.escape(CODE_MEANINGS.get(code, ''))}</td>"
        f'<td class="fix">{html.escape(CODE_FIXES.get(code, ""))}</td></tr>\n'
        for code, count in counts
    )
    return (
        '<section id="codes">\n<h2>Diagnostics per code</h2>\n'
        f"{_chart(counts)}"
        '<table class="codes">\n<thead><tr><th>Code</th><th class="n">Diagnostics</th>'
        '<th class="n">Share</th><th>Meaning</th><th>What to do</th></tr></thead>\n'
        f"<tbody>\n{rows}</tbody>\n</table>\n</section>\n"
    )


def _chart(counts: list[tuple[str, int]]) -> str:
    """A horizontal bar per code, drawn as inline SVG (no script, no library), on an
    axis from 0 to ``_axis_end`` of the largest count with a grid line per tick: each
    bar is as long as its count on that axis, so equal counts are equal bars and a
    count of 1 is a short bar, not the whole width."""
    label, room, row, axis = 250, 420, 28, 22
    width, height = label + room + 90, row * len(counts) + 8 + axis
    end, step = _axis_end(max(count for _, count in counts))
    base = row * len(counts) + 4  # where the bars end and the axis is drawn
    ticks = []
    for value in range(0, end + 1, step):
        x = label + round(room * value / end)
        ticks.append(
            f'<line class="grid" x1="{x}" y1="4" x2="{x}" y2="{base}"/>'
            f'<text class="tick" x="{x}" y="{base + 16}" text-anchor="middle">{value:,}</text>\n'
        )
    bars = []
    for position, (code, count) in enumerate(counts):
        y = 4 + position * row
        length = max(2, round(room * count / end))
        bars.append(
            f'<g class="row"><title>{_data(code)}: {count:,}</title>'
            f'<text class="label" x="{label - 10}" y="{y + 16}" text-anchor="end">'
            f"{_data(code)}</text>"
            f'<rect class="bar" data-code="{_data(code)}" data-count="{count}" x="{label}" '
            f'y="{y}" width="{length}" height="{row - 8}" rx="3"/>'
            f'<text class="value" x="{label + length + 8}" y="{y + 16}">{count:,}</text></g>\n'
        )
    return (
        f'<svg class="chart" role="img" aria-label="Diagnostics per code" '
        f'xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">\n{"".join(ticks)}'
        f'<line class="axis" x1="{label}" y1="{base}" x2="{label + room}" y2="{base}"/>\n'
        f"{''.join(bars)}</svg>\n"
    )


def _axis_end(top: int) -> tuple[int, int]:
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


def _warnings(summary: Summary, docs_url: str | None) -> str:
    if not summary.warnings:
        return ""
    rows = "".join(
        f'<tr><td>{_code(code, docs_url, "code warning")}</td><td class="n">{count:,}</td></tr>\n'
        for code, count in sorted(summary.warnings.items())
    )
    return (
        '<section id="warnings">\n<h2>Conversion warnings</h2>\n'
        '<p class="sub">What the wire format held that the IR does not carry (they do not '
        "make a transcript invalid).</p>\n"
        '<table class="warnings">\n<thead><tr><th>Warning</th><th class="n">Count</th></tr>'
        f"</thead>\n<tbody>\n{rows}</tbody>\n</table>\n</section>\n"
    )


def _unreadable(summary: Summary) -> str:
    if not summary.unreadable:
        return ""
    items = "".join(f"<li><code>{_name(name)}</code></li>\n" for name in summary.unreadable)
    return (
        '<section id="unreadable">\n<h2>Unreadable files</h2>\n'
        f'<ul class="unreadable">\n{items}</ul>\n</section>\n'
    )


def _broken(
    drawn: list[tuple[str, Invalid]], more: int, summary: Summary, settings: Settings
) -> str:
    if not drawn:
        return ""
    rows = []
    for number, (name, found) in enumerate(drawn, 1):
        codes = Counter(item[0] for item in found.diagnostics)
        badges = " ".join(
            _code(code, settings.docs_url) + (f" &times;{count:,}" if count > 1 else "")
            for code, count in _in_code_order(codes)
        )
        rows.append(
            f'<tr><td class="n"><a href="#t{number}">{number}</a></td>'
            f"<td><code>{_name(name)}</code></td>"
            f'<td class="n"><a href="#t{number}">{found.line:,}</a></td>'
            f"<td>{_id(found.id) if found.id is not None else ''}</td>"
            f"<td>{badges}</td></tr>\n"
        )
    note = ""
    if more:
        note = (
            f'<p class="more">… and {more:,} more broken transcript{"s" * (more != 1)}, '
            f"counted above but not drawn (<code>--report-limit {settings.limit:,}</code>).</p>\n"
        )
    return (
        '<section id="broken">\n<h2>Broken transcripts</h2>\n'
        f'<p class="sub">The first {len(drawn):,} of {summary.invalid:,}, each drawn below '
        "as a conversation.</p>\n"
        '<p class="sub numbering">Numbered as <code>agent-ir validate</code> prints them: '
        "lines from 1 (<code>FILE:LINE</code>, as in an editor), messages from 0, as in "
        "the JSON Pointers and the JSON output (<code>messageIndex</code>): message 2 is "
        "the third message of its transcript, the one <code>/2/…</code> points into.</p>\n"
        '<table class="broken">\n<thead><tr><th class="n">#</th><th>File</th>'
        '<th class="n">Line</th><th>Id</th><th>Codes</th></tr></thead>\n'
        f"<tbody>\n{''.join(rows)}</tbody>\n</table>\n{note}</section>\n"
    )


# --- one broken transcript, drawn as a conversation -------------------------------------


def _block_of(pointer: str, index: int) -> int | None:
    """The content block a JSON Pointer of message ``index`` points into, if any."""
    parts = pointer.split("/")
    if len(parts) < 4 or parts[1] != str(index) or parts[2] != "content":
        return None
    return int(parts[3]) if parts[3].isascii() and parts[3].isdigit() else None


def _get(value: Any, key: str) -> Any:
    return value.get(key) if isinstance(value, dict) else None


def _role(message: Any) -> str | None:
    role = _get(message, "role")
    return role if isinstance(role, str) else None


def _content_blocks(message: Any) -> list[Any]:
    content = _get(message, "content")
    return content if isinstance(content, list) else []


def _note(found: Found) -> str:
    code, _, message, pointer, _ = found
    where = f" {_pointer(pointer)}" if pointer else ""
    return (
        f'<p class="diagnostic" data-code="{_data(code)}"><span class="code">{_data(code)}</span> '
        f"{_clipped(message, 500)}{where}</p>\n"
    )


def _notes(found: list[Found]) -> str:
    text = "".join(_note(item) for item in found[:NOTES])
    if len(found) > NOTES:
        text += f'<p class="diagnostic more">… {len(found) - NOTES:,} more diagnostics</p>\n'
    return text


class _Parsed(NamedTuple):
    messages: list[Any] | None  # the messages to draw, or None
    other: str  # HTML of what there is instead (text that is not JSON...), or ""
    tools: list[Any] | None = None  # the line's tool definitions, when it has some


class _Conversation:
    """The drawing of one broken transcript: ``html()``."""

    def __init__(self, number: int, name: str, found: Invalid, settings: Settings) -> None:
        self.anchor = f"t{number}"
        self.number = number
        self.name = name
        self.found = found
        self.settings = settings
        parsed = self._parse()
        self.messages = parsed.messages or []
        self.other = parsed.other
        self.tools = parsed.tools
        self.flags: dict[int, dict[int | None, list[Found]]] = {}
        self.tool_flags: dict[int, list[Found]] = {}
        for item in found.diagnostics:
            index = item[1]
            if item[4] >= 0:
                self.tool_flags.setdefault(item[4], []).append(item)
            elif 0 <= index < len(self.messages):
                block = _block_of(item[3], index)
                self.flags.setdefault(index, {}).setdefault(block, []).append(item)
        self.focus = sorted(self.flags)
        self.calls: dict[str, list[int]] = {}  # call id -> the messages making such a call
        self.results: dict[str, list[int]] = {}  # call id -> the results answering it
        for index, message in enumerate(self.messages):
            if _role(message) == "assistant":
                for block in _content_blocks(message):
                    call = _get(block, "id") if _get(block, "type") == "toolCall" else None
                    if isinstance(call, str):
                        self.calls.setdefault(call, []).append(index)
            elif _role(message) == "toolResult":
                answered = _get(message, "toolCallId")
                if isinstance(answered, str):
                    self.results.setdefault(answered, []).append(index)
        self.size = 0

    def _parse(self) -> _Parsed:
        text, cut = self.found.text, self.found.cut
        if text is None:
            return _Parsed(None, '<p class="none">The text of this transcript was not kept.</p>\n')
        if cut:
            shown = text[:STRING_CHARS].decode("utf-8", "replace")
            return _Parsed(
                None,
                f'<p class="none">This transcript is {len(text) + cut:,} bytes of JSON, too '
                f'long to draw; it begins:</p>\n<pre class="raw">{_clipped(shown)}</pre>\n',
            )
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            shown = text.decode("utf-8", "replace")
            return _Parsed(
                None,
                f'<p class="none">Its text, as read:</p>\n<pre class="raw">{_clipped(shown)}</pre>\n',
            )
        if isinstance(value, dict):
            messages = value.get("messages", value.get("input"))
            tools = value.get("tools")
            if isinstance(messages, list):
                return _Parsed(messages, "", tools if isinstance(tools, list) else None)
        if isinstance(value, list):
            return _Parsed(value, "")
        try:
            shown_json = _pre_json(value, "raw")
        except RecursionError:
            shown_json = '<pre class="raw">…</pre>'
        return _Parsed(None, f'<p class="none">Its JSON, as read:</p>\n{shown_json}')

    # -- the whole drawing --

    def html(self) -> str:
        found = self.found
        label = f' <span class="id">{_id(found.id)}</span>' if found.id is not None else ""
        converted = ""
        if self.settings.format != "ir" and self.messages:
            converted = f' <span class="sub">(converted from {_name(self.settings.format)})</span>'
        head = (
            f'<section class="conversation" id="{self.anchor}" '
            f'data-line="{found.line}">\n<header>\n'
            f'<h3><a class="number" href="#{self.anchor}">#{self.number}</a> '
            f"<code>{_name(self.name)}:{found.line}</code>{label}{converted}</h3>\n"
            f"{self._listed()}{self._fixes()}{self._warnings()}{self._tools()}</header>\n"
        )
        try:
            body = self.other or self._messages()
        except RecursionError:  # data nested deeper than Python can walk: shown as read
            body = '<p class="none">This transcript is nested too deeply to draw.</p>\n'
        return f'{head}<div class="messages">\n{body}</div>\n<p class="back"><a href="#broken">↑ back to the list</a></p>\n</section>\n'

    def _listed(self) -> str:
        """Every diagnostic of the transcript, linking to its message."""
        limit = min(self.settings.max_diagnostics or DIAGNOSTICS, DIAGNOSTICS)
        items = []
        for code, index, message, pointer, tool in self.found.diagnostics[:limit]:
            place = f"message {index}" if index >= 0 else "the transcript"
            if tool >= 0:
                place = f'<a href="#{self.anchor}-tool{tool}">tool {tool}</a>'
            if 0 <= index < len(self.messages):
                place = f'<a href="#{self.anchor}-m{index}">{place}</a>'
            where = f" {_pointer(pointer)}" if pointer else ""
            items.append(
                f'<li data-code="{_data(code)}">{_code(code, self.settings.docs_url)} '
                f"{place}: {_clipped(message, 500)}{where}</li>\n"
            )
        left = len(self.found.diagnostics) - limit
        if left > 0:
            items.append(f'<li class="more">… {left:,} more diagnostics</li>\n')
        return f'<ul class="found">\n{"".join(items)}</ul>\n'

    def _fixes(self) -> str:
        """What to do about each code of the transcript, once per code (``CODE_FIXES``)."""
        codes = _in_code_order(Counter(item[0] for item in self.found.diagnostics))
        items = "".join(
            f'<li data-code="{_data(code)}"><span class="code">{_data(code)}</span> '
            f"{html.escape(CODE_FIXES[code])}</li>\n"
            for code, _ in codes
            if code in CODE_FIXES
        )
        if not items:
            return ""
        return f'<p class="fix-head">What to do:</p>\n<ul class="fixes">\n{items}</ul>\n'

    def _tools(self) -> str:
        """The tools the line declares, folded; a tool with a problem open and marked."""
        tools = self.tools
        if not tools:
            return ""
        items = []
        for position, tool in enumerate(tools[:JSON_ITEMS]):
            flags = self.tool_flags.get(position, [])
            flagged = " flagged" if flags else ""
            name = _get(tool, "name")
            about = _get(tool, "description")
            said = f'<p class="text">{_clipped(about, 500)}</p>' if isinstance(about, str) else ""
            parameters = ""
            if isinstance(tool, dict) and "parameters" in tool:
                parameters = _pre_json(tool["parameters"], "json parameters")
            items.append(
                f'<li class="tool{flagged}" id="{self.anchor}-tool{position}">'
                f'<span class="call-label">Tool {position}</span> '
                f'<b class="tool-name">{_scalar(name)}</b>{said}{parameters}'
                f"{_notes(flags)}</li>\n"
            )
        if len(tools) > JSON_ITEMS:
            items.append(f'<li class="more">… {len(tools) - JSON_ITEMS:,} more tools</li>\n')
        opened = " open" if self.tool_flags else ""
        return (
            f'<details class="tools"{opened}><summary>{len(tools):,} tool'
            f"{'' if len(tools) == 1 else 's'} declared</summary>\n"
            f'<ul class="tools">\n{"".join(items)}</ul></details>\n'
        )

    def _warnings(self) -> str:
        warnings = self.found.warnings
        if not warnings:
            return ""
        items = "".join(
            f'<li data-code="{_data(code)}">{_code(code, self.settings.docs_url, "code warning")} '
            f"{_name(self.settings.format)} {_warned_place(index, tool)}: {_clipped(message, 500)}"
            f" {_pointer(pointer)}</li>\n"
            for code, index, message, pointer, tool in warnings[:DIAGNOSTICS]
        )
        if len(warnings) > DIAGNOSTICS:
            items += f'<li class="more">… {len(warnings) - DIAGNOSTICS:,} more warnings</li>\n'
        return f'<ul class="found warnings" aria-label="conversion warnings">\n{items}</ul>\n'

    # -- messages: turns, folds and limits --

    def _units(self) -> Iterator[tuple[int, int, dict[int, int]]]:
        """(first, last, results beside calls) of each piece drawn as one: a message, or
        an assistant message with the tool results right after it that answer its calls
        (block index -> result index)."""
        messages = self.messages
        index = 0
        while index < len(messages):
            beside: dict[int, int] = {}
            after = index + 1
            if _role(messages[index]) == "assistant":
                calls: dict[str, int] = {}
                for position, block in enumerate(_content_blocks(messages[index])[:BLOCKS]):
                    call = _get(block, "id") if _get(block, "type") == "toolCall" else None
                    if isinstance(call, str):
                        calls.setdefault(call, position)
                while after < len(messages) and _role(messages[after]) == "toolResult":
                    answered = _get(messages[after], "toolCallId")
                    call_at = calls.get(answered) if isinstance(answered, str) else None
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

    def _messages(self) -> str:
        if not self.messages:
            return '<p class="none">No messages.</p>\n'
        parts: list[str] = []
        folded: list[tuple[int, int, dict[int, int]]] = []
        shown = folded_count = 0
        for unit in self._units():
            first, last, _ = unit
            if not self._near(first, last):
                folded.append(unit)
                continue
            if folded:
                parts.append(self._folded(folded, folded_count))
                folded_count += folded[-1][1] - folded[0][0] + 1
                folded = []
            if shown >= SHOWN or self.size >= TRANSCRIPT_CHARS:
                return "".join(parts) + self._stub(first, len(self.messages) - 1)
            parts.append(self._unit(unit))
            shown += last - first + 1
        if folded:
            parts.append(self._folded(folded, folded_count))
        return "".join(parts)

    def _folded(self, units: list[tuple[int, int, dict[int, int]]], before: int) -> str:
        """Units far from any problem: folded, unless they are too few to bother."""
        if units[-1][1] - units[0][0] + 1 >= FOLD_AT_LEAST:
            return self._fold(units, before)
        return "".join(self._unit(unit) for unit in units)

    def _fold(self, units: list[tuple[int, int, dict[int, int]]], before: int) -> str:
        first, last = units[0][0], units[-1][1]
        count = last - first + 1
        inside = []
        for unit in units:
            if before >= FOLDED or self.size >= TRANSCRIPT_CHARS:
                inside.append(self._stub(unit[0], units[-1][1]))
                break
            inside.append(self._unit(unit))
            before += unit[1] - unit[0] + 1
        span = f"message {first}" if count == 1 else f"messages {first}&ndash;{last}"
        return (
            f'<details class="fold"><summary>{count:,} message{"s" * (count != 1)} '
            f"without problems ({span})</summary>\n"
            f'<div class="messages">\n{"".join(inside)}</div>\n</details>\n'
        )

    def _stub(self, first: int, last: int) -> str:
        count = last - first + 1
        return (
            f'<p class="none">… {count:,} more message{"s" * (count != 1)} ({first}&ndash;{last}) '
            "not drawn: the report keeps each transcript small.</p>\n"
        )

    def _unit(self, unit: tuple[int, int, dict[int, int]]) -> str:
        first, _, beside = unit
        text = self._message(first, beside)
        self.size += len(text)
        return text

    # -- one message --

    def _message(self, index: int, beside: dict[int, int] | None = None) -> str:
        message = self.messages[index]
        role = _role(message)
        flags = self.flags.get(index, {})
        classes = ["message", role if role in _ROLES else "unknown"]
        if None in flags:
            classes.append("flagged")
        elif flags:
            classes.append("has-flag")
        if role == "assistant" and any(
            _get(block, "type") == "toolCall" for block in _content_blocks(message)
        ):
            classes.append("turn")
        if not isinstance(message, dict):
            body = _pre_json(message)
        else:
            body = self._content(index, message, beside or {}) + self._extra(message)
        notes = _notes(flags.get(None, []))
        return (
            f'<article class="{" ".join(classes)}" id="{self.anchor}-m{index}" '
            f'data-index="{index}">\n{self._meta(index, message)}{body}{notes}</article>\n'
        )

    def _meta(self, index: int, message: Any) -> str:
        role = _role(message)
        if not isinstance(message, dict):
            label = "Not a message"
        else:
            label = _ROLES.get(role or "", "No role" if role is None else _clipped(role, 60))
        items = [
            f'<span class="role">{label}</span>',
            f'<span class="index">message {index}</span>',
        ]
        if not isinstance(message, dict):
            return f'<header class="meta">{" ".join(items)}</header>\n'
        if role == "toolResult":
            items.append(self._answers(index, message))
            if message.get("isError") is True:
                items.append('<span class="error-flag">error</span>')
        for key in ("model", "stopReason", "timestamp"):
            if key in message:
                items.append(f'<span class="{key}">{_scalar(message[key])}</span>')
        if "id" in message:
            items.append(f'<code class="mid">{_scalar(message["id"])}</code>')
        return f'<header class="meta">{" ".join(items)}</header>\n'

    def _answers(self, index: int, message: dict[str, Any]) -> str:
        call, tool = message.get("toolCallId"), message.get("toolName")
        text = f"of <b>{_scalar(tool)}</b>" if "toolName" in message else ""
        text += f" for <code>{_scalar(call)}</code>" if "toolCallId" in message else ""
        makers = self.calls.get(call, []) if isinstance(call, str) else []
        earlier = [maker for maker in makers if maker < index]
        if earlier:
            maker = earlier[-1]
            text += f' · answers <a href="#{self.anchor}-m{maker}">message {maker}</a>'
        elif makers:
            text += f' · its call comes later, in <a href="#{self.anchor}-m{makers[0]}">message {makers[0]}</a>'
        elif isinstance(call, str):
            text += " · no call has this id"
        return f'<span class="answers">{text}</span>'

    def _content(self, index: int, message: dict[str, Any], beside: dict[int, int]) -> str:
        content = message.get("content")
        if isinstance(content, str):
            return f'<div class="block text">{_clipped(content)}</div>\n'
        if not isinstance(content, list):
            if "content" not in message:
                return ""
            return f'<div class="block json-value">{_pre_json(content)}</div>\n'
        flags = self.flags.get(index, {})
        parts = []
        for position, block in enumerate(content[:BLOCKS]):
            drawn = self._block(index, position, block, flags.get(position, []))
            if _get(block, "type") == "toolCall":
                drawn = f'<div class="call-row">\n{drawn}{self._beside(index, position, block, beside)}</div>\n'
            parts.append(drawn)
        if len(content) > BLOCKS:
            parts.append(f'<p class="none">… {len(content) - BLOCKS:,} more blocks</p>\n')
        return "".join(parts)

    def _beside(self, index: int, position: int, block: Any, beside: dict[int, int]) -> str:
        """What answers the call: the result itself, or where it is, or that none is."""
        if position in beside:
            return f'<div class="beside">\n{self._message(beside[position])}</div>\n'
        call = _get(block, "id")
        results = self.results.get(call, []) if isinstance(call, str) else []
        later = [result for result in results if result > index]
        if later:
            return (
                f'<div class="beside elsewhere">Answered later, by '
                f'<a href="#{self.anchor}-m{later[0]}">message {later[0]}</a></div>\n'
            )
        if results:
            return (
                f'<div class="beside elsewhere">Answered before it was made, by '
                f'<a href="#{self.anchor}-m{results[0]}">message {results[0]}</a></div>\n'
            )
        return '<div class="beside missing">No result for this call</div>\n'

    def _block(self, index: int, position: int, block: Any, flags: list[Found]) -> str:
        kind = _get(block, "type")
        flagged = " flagged" if flags else ""
        anchor = f'id="{self.anchor}-m{index}-b{position}" data-block="{position}"'
        notes = _notes(flags)
        if kind == "text" and isinstance(block.get("text"), str):
            return (
                f'<div class="block text{flagged}" {anchor}>{_clipped(block["text"])}'
                f"{_signed(block)}{notes}</div>\n"
            )
        if kind == "thinking":
            return self._thinking(block, flagged, anchor, notes)
        if kind == "toolCall":
            return self._tool_call(block, flagged, anchor, notes, _argument_keys(flags))
        if kind == "refusal":
            return _refusal(block, flagged, anchor, notes)
        if kind in ("serverToolCall", "serverToolResult"):
            return _server_tool(block, flagged, anchor, notes)
        if kind in ("image", "audio", "document"):
            return (
                f'<div class="block placeholder {kind}{flagged}" {anchor}>'
                f"{_placeholder(kind, block.get('source'))}{notes}</div>\n"
            )
        label = f"a {_scalar(kind)} block" if kind is not None else "not a block"
        return (
            f'<div class="block unknown{flagged}" {anchor}><span class="kind">{label}</span>'
            f"{_pre_json(block)}{notes}</div>\n"
        )

    def _thinking(self, block: dict[str, Any], flagged: str, anchor: str, notes: str) -> str:
        thinking = block.get("thinking")
        text = thinking if isinstance(thinking, str) else ""
        about = [f"{len(text):,} characters"]
        if block.get("redacted") is True:
            about.append("redacted")
        if isinstance(block.get("signature"), str) or isinstance(
            block.get("thoughtSignature"), str
        ):
            about.append("signed")
        body = _clipped(text) if isinstance(thinking, str) else _pre_json(thinking)
        return (
            f'<div class="block thinking{flagged}" {anchor}><details>'
            f"<summary>Thinking ({', '.join(about)})</summary>"
            f'<div class="text">{body}</div></details>{notes}</div>\n'
        )

    def _tool_call(
        self, block: dict[str, Any], flagged: str, anchor: str, notes: str, bad: set[str]
    ) -> str:
        """A call: its name, id and arguments; ``bad``: the arguments a diagnostic
        points into (each drawn on its own row, marked)."""
        arguments = block.get("arguments")
        kind = _json_type(arguments) if "arguments" in block else "missing"
        said = "" if kind == "object" else f'<p class="kind">arguments: {kind}, not an object</p>'
        shown = _pre_json(arguments, "json arguments") if "arguments" in block else ""
        if bad and isinstance(arguments, dict):
            shown = _arguments_rows(arguments, bad)
        return (
            f'<div class="block tool-call{flagged}" {anchor}>'
            f'<div class="call-head"><span class="call-label">Tool call</span> '
            f'<b class="tool-name">{_scalar(block.get("name"))}</b> '
            f'<code class="call-id">{_scalar(block.get("id"))}</code>{_signed(block)}</div>'
            f"{said}{shown}{notes}</div>\n"
        )

    def _extra(self, message: dict[str, Any]) -> str:
        """Fields agent-ir's messages do not have (a wire message drawn as read)."""
        extra = [key for key in message if key not in _KNOWN_FIELDS]
        return "".join(
            f'<div class="extra"><span class="key">{_clipped(str(key), 100)}</span>'
            f"{_pre_json(message[key])}</div>\n"
            for key in extra[:JSON_ITEMS]
        )


def _signed(block: dict[str, Any]) -> str:
    """A mark on a text or tool-call block that carries a thought signature (opaque:
    only its length is shown)."""
    signature = block.get("thoughtSignature")
    if not isinstance(signature, str):
        return ""
    return f' <span class="signed">signed ({len(signature):,} characters)</span>'


def _argument_keys(flags: list[Found]) -> set[str]:
    """The top-level argument names the diagnostics of a block point into."""
    keys = set()
    for found in flags:
        parts = found[3].split("/")
        if len(parts) > 5 and parts[4] == "arguments":
            keys.add(parts[5].replace("~1", "/").replace("~0", "~"))
    return keys


def _arguments_rows(arguments: dict[str, Any], bad: set[str]) -> str:
    """The arguments as rows of name and value, the ``bad`` ones marked."""
    rows = []
    for key in list(arguments)[:JSON_ITEMS]:
        mark = ' class="bad-argument"' if key in bad else ""
        rows.append(
            f"<tr{mark}><th>{_clipped(key, 100)}</th><td>{_pre_json(arguments[key])}</td></tr>"
        )
    more = len(arguments) - JSON_ITEMS
    if more > 0:
        rows.append(f'<tr class="more"><td colspan="2">… {more:,} more arguments</td></tr>')
    return f'<table class="arguments">{"".join(rows)}</table>'


def _refusal(block: dict[str, Any], flagged: str, anchor: str, notes: str) -> str:
    """The model's refusal, in its words, marked as one."""
    text = block.get("text")
    body = _clipped(text) if isinstance(text, str) else _pre_json(text)
    return (
        f'<div class="block refusal{flagged}" {anchor}><span class="call-label">Refusal</span>'
        f'<div class="text">{body}</div>{notes}</div>\n'
    )


def _server_tool(block: dict[str, Any], flagged: str, anchor: str, notes: str) -> str:
    """A call of a tool the provider ran (its provider, name, id and input) or its result
    (the provider, the call it answers, the provider's block), the JSON as it is."""
    provider = f'<span class="provider">{_scalar(block.get("provider"))}</span>'
    if block.get("type") == "serverToolCall":
        head = (
            f'<span class="call-label">Server tool call</span> '
            f'<b class="tool-name">{_scalar(block.get("name"))}</b> {provider} '
            f'<code class="call-id">{_scalar(block.get("id"))}</code>'
        )
        shown = [("input", "json input"), ("wire", "json wire")]
    else:
        head = (
            f'<span class="call-label">Server tool result</span> {provider} for '
            f'<code class="call-id">{_scalar(block.get("toolCallId"))}</code>'
        )
        shown = [("wire", "json wire")]
    body = "".join(
        f'<div class="extra"><span class="key">{key}</span>{_pre_json(block[key], kind)}</div>'
        for key, kind in shown
        if key in block
    )
    return (
        f'<div class="block server-tool{flagged}" {anchor}><div class="call-head">{head}</div>'
        f"{body}{notes}</div>\n"
    )


def _json_type(value: Any) -> str:
    if isinstance(value, dict):
        return "object"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    return "null"


def _placeholder(kind: str, source: Any) -> str:
    """A labelled stand-in for bytes that are never loaded: their kind, type and size,
    or where they are (a URL or a file id, as text)."""
    label = [f"<b>{kind.capitalize()}</b>"]
    source_type = _get(source, "type")
    if source_type == "base64":
        media, data = source.get("mediaType"), source.get("data")
        if media is not None:
            label.append(_scalar(media))
        if isinstance(data, str):
            size = len(data) * 3 // 4 - data[-2:].count("=")
            label.append(f"{size:,} bytes, inline (not shown)")
    elif source_type == "url":
        label.append(f'URL <code class="url">{_scalar(source.get("url"))}</code> (not loaded)')
    elif source_type == "file":
        label.append(f"provider file <code>{_scalar(source.get('fileId'))}</code>")
    else:
        label.append(f"source {_scalar(source)}")
    return " · ".join(label)


_HEAD = """\
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="agent-ir validate --report">
<title>{title}</title>
<style>
:root{{--ink:#1f2328;--muted:#59636e;--line:#d1d9e0;--soft:#f6f8fa;--bad:#cf222e;
--bad-bg:#ffebe9;--warn:#9a6700;--warn-bg:#fff8c5;--link:#0969da;--ok:#1a7f37}}
*{{box-sizing:border-box}}
body{{margin:0;color:var(--ink);background:#fff;
font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}}
main{{max-width:1120px;margin:0 auto;padding:22px 28px 60px}}
a{{color:var(--link)}}
h1{{font-size:22px;margin:0 0 2px}}
h2{{font-size:17px;margin:26px 0 10px;padding-bottom:5px;border-bottom:1px solid var(--line)}}
h3{{font-size:15px;margin:0;font-weight:600}}
code,pre{{font-family:ui-monospace,SFMono-Regular,"DejaVu Sans Mono",Menlo,Consolas,monospace;
font-size:12.5px}}
pre{{margin:4px 0 0;white-space:pre-wrap;overflow-wrap:anywhere}}
.sub,.none{{color:var(--muted);margin:0}}
.numbering{{margin-top:4px;font-size:12.5px}}
.none{{font-style:italic}}
.cut{{color:var(--muted);font-style:italic;font-family:system-ui,sans-serif}}
dl.stats{{display:grid;grid-template-columns:repeat(auto-fit,minmax(130px,1fr));gap:10px;margin:0}}
.stat{{border:1px solid var(--line);border-radius:8px;padding:9px 12px;background:var(--soft)}}
dt{{color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.04em}}
dd{{margin:2px 0 0;font-size:21px;font-weight:600}}
dd small{{display:block;font-size:12px;font-weight:400;color:var(--muted)}}
.stat-invalid dd{{color:var(--bad)}}.stat-valid dd{{color:var(--ok)}}
table{{border-collapse:collapse;width:100%;margin:8px 0}}
th,td{{text-align:left;padding:5px 10px;border-bottom:1px solid var(--line);vertical-align:top}}
th{{font-size:12px;color:var(--muted);font-weight:600}}
.n{{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}}
svg.chart{{display:block;max-width:100%;height:auto;margin:4px 0 8px}}
svg .bar{{fill:var(--bad)}}
svg text{{font:12px ui-monospace,"DejaVu Sans Mono",monospace;fill:var(--ink)}}
svg .value{{fill:var(--muted)}}
svg .grid{{stroke:var(--line);stroke-width:1}}
svg .axis{{stroke:var(--muted);stroke-width:1}}
svg .tick{{fill:var(--muted);font-size:11px}}
.code{{font:12px ui-monospace,"DejaVu Sans Mono",monospace;background:var(--bad-bg);
color:var(--bad);border-radius:4px;padding:1px 6px;white-space:nowrap}}
.code.warning{{background:var(--warn-bg);color:var(--warn)}}
a.code-page{{text-decoration:none}}
a.code-page:hover .code{{text-decoration:underline}}
.conversation{{margin:26px 0;border:1px solid var(--line);border-radius:10px;overflow:hidden}}
.conversation>header{{background:var(--soft);padding:10px 14px;border-bottom:1px solid var(--line)}}
.conversation .id{{color:var(--muted);font-weight:400}}
.number{{text-decoration:none}}
ul.found{{margin:6px 0 0;padding:0;list-style:none}}
ul.found li{{margin:3px 0}}
ul.fixes{{margin:6px 0 0;padding:0;list-style:none;color:var(--muted)}}
ul.fixes li{{margin:3px 0}} .fix-head{{margin:8px 0 0;font-weight:600}}
ul.fixes .code{{background:none;color:var(--muted);padding:0}}
td.fix{{color:var(--muted)}}
.messages{{padding:14px;display:flex;flex-direction:column;gap:10px}}
details.fold .messages{{padding:8px 0 0}}
.message{{border:1px solid var(--line);border-radius:12px;padding:8px 12px;max-width:78%;
background:#fff;align-self:flex-start;min-width:0}}
.message.user{{align-self:flex-end;background:#ddf4ff;border-color:#b6e3ff}}
.message.system{{align-self:stretch;max-width:none;background:var(--soft);color:#424a53;font-size:13px}}
.message.toolResult{{background:#f6fff8;border-color:#aceebb;margin-left:28px}}
.message.toolResult .block.text{{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:12.5px}}
.message.turn{{align-self:stretch;max-width:none}}
.message.unknown{{border-style:dashed}}
.meta{{font-size:12px;color:var(--muted);margin-bottom:4px;display:flex;flex-wrap:wrap;gap:4px 10px}}
.role{{font-weight:600;color:var(--ink)}}
.error-flag{{color:var(--bad);font-weight:600}}
.block{{margin-top:6px;min-width:0}}
.block.text{{white-space:pre-wrap;overflow-wrap:anywhere}}
.thinking details{{border-left:3px solid #8250df;padding-left:8px;color:var(--muted)}}
.thinking .text{{white-space:pre-wrap;overflow-wrap:anywhere}}
.signed{{color:var(--muted);font-size:.85em}}
summary{{cursor:pointer}}
.call-row{{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:12px;align-items:start}}
.call-row>.block{{margin-top:6px}}
.tool-call{{border:1px solid var(--line);border-radius:8px;background:#fbfcfd;padding:6px 10px}}
.call-label{{font-size:12px;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}}
.server-tool{{border:1px dashed var(--line);border-radius:8px;background:#fbfcfd;padding:6px 10px}}
.refusal{{border-left:3px solid var(--warn);padding-left:8px}}
.refusal .text{{white-space:pre-wrap;overflow-wrap:anywhere}}
.provider{{font-size:12px;color:var(--muted)}}
.call-id{{color:var(--muted);font-size:11.5px}}
.beside{{margin-top:6px;min-width:0}}
.beside>.message{{max-width:none;margin:0}}
.beside.missing,.beside.elsewhere{{border:1px dashed #8c959f;border-radius:8px;padding:8px 10px;
color:var(--muted)}}
.has-flag .beside.missing,.flagged+.beside.missing{{border-color:var(--bad);color:var(--bad)}}
.placeholder{{display:inline-block;border:1px dashed #8c959f;border-radius:6px;padding:6px 10px;
color:#424a53;background:#fff}}
.extra{{margin-top:6px}}
.extra .key,.kind{{font-size:12px;color:var(--muted)}}
.flagged{{outline:2px solid var(--bad);outline-offset:1px;background:var(--bad-bg)!important}}
.bad-argument th,.bad-argument td{{background:var(--bad-bg);color:var(--bad)}}
table.arguments{{border-collapse:collapse}} table.arguments th{{text-align:left;padding-right:8px;vertical-align:top}}
ul.tools{{list-style:none;padding-left:0}} li.tool{{margin:4px 0;padding:4px 8px;border:1px solid var(--line);border-radius:6px}}
.has-flag{{border-color:var(--bad)}}
.diagnostic{{margin:6px 0 0;color:var(--bad);font-size:13px;font-family:system-ui,sans-serif;
white-space:normal}}
details.fold{{border:1px dashed var(--line);border-radius:8px;padding:6px 10px}}
details.fold>summary{{color:var(--muted)}}
.back{{margin:0;padding:0 14px 10px;font-size:12px}}
footer{{margin-top:30px;font-size:12px}}
</style>
</head>
<body>
"""
