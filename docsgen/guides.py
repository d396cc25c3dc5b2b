"""The generated parts of two hand-written guide pages: the messages and blocks of the IR
as the schema describes them (``guide/ir.md``) and the provider boundary as its modules'
docstrings state it (``guide/replies-and-streams.md``), each appended to the page's
own text when the site is built, so neither can drift from the code."""

from __future__ import annotations

import json
from collections.abc import Callable

from docsgen.codes import ROOT

DOCS = ROOT / "docs"


def pages() -> dict[str, str]:
    """Each page with generated parts: its Markdown under ``docs/`` then those parts."""
    extended: dict[str, Callable[[], list[str]]] = {
        "guide/ir.md": _shapes,
        "guide/replies-and-streams.md": _boundary,
    }
    return {
        path: (DOCS / path).read_text(encoding="utf-8").rstrip("\n") + "\n\n" + "\n".join(part())
        for path, part in extended.items()
    }


# The modules of the provider boundary, in reading order, and what each holds.
BOUNDARY = {
    "agent_ir.replies.protocol": "The protocol",
    "agent_ir.wire._stream": "The stream drivers every provider shares",
    "agent_ir.replies.builder": "The reply builder",
    "agent_ir.replies.fixture": "The fixture adapter",
    "agent_ir.replies.parser": "The fixture records",
    "agent_ir.replies.stream": "A fixture response's stream",
}


def _boundary() -> list[str]:
    """The provider boundary as its modules' docstrings state it."""
    import importlib

    from docsgen.providers import _docstring

    lines = ["## The provider boundary, module by module", ""]
    for name, title in BOUNDARY.items():
        doc = importlib.import_module(name).__doc__ or ""
        lines += [f"### {title} (`{name}`)", "", _docstring(doc).replace("\n### ", "\n#### "), ""]
    return lines


def _shapes() -> list[str]:
    """The messages and blocks as ``schemas/v1/message.schema.json`` describes them."""
    schema = json.loads((ROOT / "schemas" / "v1" / "message.schema.json").read_text("utf-8"))
    rows = [
        f"| `{name}` | {' '.join(definition.get('description', '').split())} |"
        for name, definition in schema["$defs"].items()
        if name.endswith(("Message", "Block", "Source")) and name != "Message"
    ]
    return [
        "## Messages and blocks",
        "",
        "What each is, in the words of `schemas/v1/message.schema.json` (every field is in",
        "the [API reference](../reference.md)):",
        "",
        "| definition | what it is |",
        "|---|---|",
        *rows,
        "",
    ]
