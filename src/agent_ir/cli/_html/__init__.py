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

As coverage.py's HTML report does, the markup and the style are package data
(``templates/``: Jinja2 templates, autoescaped, and ``report.css``) and the Python only
fills them, one module per job:

* ``_text``: what a string or JSON value of the data becomes (shown as held, cut);
* ``_page``: the page's view of the summary (the chart's geometry, the tables);
* ``_messages``: one message's view, its blocks and what answers each call, from the
  validator's linkage (``agent_ir.transcript.tool_links_of``);
* ``_conversation``: one broken transcript's view: its header, units, folds and bounds;
* ``_codes``: the one-line meaning and hint of each diagnostic code;
* ``_render``: the templates filled.

Every piece of the data lands only in element text or quoted attribute values, never in
a ``<style>``, a URL or a script. A transcript's id, and each segment of a JSON
Pointer, is cut to ``QUOTE_CHARS`` characters (the rest counted), and an id sits in a
``<bdi>``: right-to-left text in it cannot reorder what is around it. The page has no
script at all, loads nothing (a Content-Security-Policy forbids it too), and stays
small: long strings, big JSON values and long transcripts are cut, with what was left
out counted.
"""

from __future__ import annotations

from agent_ir.cli._check import Invalid
from agent_ir.cli._defaults import REPORT_LIMIT
from agent_ir.cli._html._page import Settings
from agent_ir.cli._html._render import render
from agent_ir.cli._report import Summary

__all__ = ["REPORT_LIMIT", "HtmlReport", "Settings", "render"]


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
