"""Rendering: the page's view (``_page``) and the conversations' (``_conversation``)
filled into the templates of ``templates/`` with Jinja2, autoescaping every value.

The templates and the style (``templates/report.css``, inlined: the page loads nothing)
are package data. Values reach the markup only through ``{{ }}``, escaped, inside
element text or quoted attribute values, never in the ``<style>``, a URL or a script;
the filters make a string shown as held (``visible``, ``printable``) before it is
escaped. The one value written unescaped is a unit of messages the message template
drew already (``Piece.html``).
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any

import jinja2

from agent_ir._text import cut
from agent_ir.cli._check import Invalid
from agent_ir.cli._html._conversation import conversation
from agent_ir.cli._html._page import Settings, page
from agent_ir.cli._html._text import visible
from agent_ir.cli._report import Summary, printable

__all__ = ["render"]

_PACKAGE = "agent_ir.cli._html"


def render(
    settings: Settings,
    summary: Summary,
    seconds: float,
    drawn: list[tuple[str, Invalid]],
    more: int = 0,
) -> str:
    """The whole page: the summary, and the ``drawn`` broken transcripts (file name,
    transcript) as conversations; ``more`` broken transcripts counted, not drawn."""
    environment = _environment()
    draw = environment.get_template("message.html.j2").module.message  # type: ignore[attr-defined]
    conversations = [
        conversation(number, name, found, settings, lambda view: str(draw(view)))
        for number, (name, found) in enumerate(drawn, 1)
    ]
    return environment.get_template("page.html.j2").render(
        page=page(settings, summary, seconds, drawn, more),
        conversations=conversations,
        css=_css(),
    )


@cache
def _environment() -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader(_PACKAGE, "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    environment.filters.update(
        visible=visible,  # text of the data: newlines kept
        printable=printable,  # a name: one line
        quoted=_quoted,  # an id: one line, cut
        n=_number,
    )
    return environment


@cache
def _css() -> str:
    return files(_PACKAGE).joinpath("templates", "report.css").read_text(encoding="utf-8")


def _quoted(text: str) -> str:
    """A transcript's id as the text report prints it: one line, cut."""
    return printable(cut(text))


def _number(value: Any) -> str:
    return f"{value:,}"
