"""The API reference: one mkdocstrings entry per name of ``agent_ir.__all__``."""

from __future__ import annotations

import re

import agent_ir

PAGE = "reference.md"


def public_names() -> list[str]:
    """Every public name, as ``agent_ir.__all__`` lists them."""
    return list(agent_ir.__all__)


def wire_names() -> list[str]:
    """Every name of ``agent_ir.wire.__all__``."""
    import agent_ir.wire

    return list(agent_ir.wire.__all__)


def page() -> str:
    """The reference page: an introduction, then an entry per public name."""
    lines = [
        "# API reference",
        "",
        "Everything public is importable from `agent_ir` and listed in its `__all__`;",
        "every other module may change. The provider formats (`to_*`, `from_*`,",
        "`reply_from_*`, the stream classes) are in `agent_ir.wire`, whose names are",
        "listed at the end. Each entry is the name's own docstring.",
        "",
    ]
    for name in public_names():
        lines += [f"::: agent_ir.{name}", ""]
    also = [name for name in wire_names() if name in agent_ir.__all__]
    lines += [
        "## `agent_ir.wire`",
        "",
        f"`agent_ir.wire` also exports {', '.join(f'`{name}`' for name in also)}, the same",
        "objects as `agent_ir`'s, described above.",
        "",
        "::: agent_ir.wire",
        "    options:",
        "      show_root_heading: false",
        "      show_submodules: false",
        "      heading_level: 3",
        "      members:",
        *(f"        - {name}" for name in wire_names() if name not in agent_ir.__all__),
        "",
    ]
    return "\n".join(lines)


def missing_entries(html: str) -> list[str]:
    """The public names whose entry in the rendered reference page is missing or has
    no text: each entry is a heading with the id ``agent_ir.NAME`` followed by a
    ``doc-contents`` block that must say something."""
    missing = []
    for name in public_names():
        start = html.find(f'id="agent_ir.{name}"')
        if start < 0:
            missing.append(name)
            continue
        contents = re.search(r'<div class="doc doc-contents[^"]*">(.*?)</div>', html[start:], re.S)
        text = re.sub(r"<[^>]+>", "", contents.group(1)).strip() if contents else ""
        if not text:
            missing.append(name)
    return missing


_PRIVATE_TITLE = re.compile(r' title="agent_ir(?:\.\w+)*\._[^"]*"')


def without_private_titles(html: str) -> str:
    """``html`` without the tooltips naming where a type is defined (``title=
    "agent_ir._generated.model_stream_schema.ResponseStopReason"``, which mkdocs-autorefs
    puts on a name it does not link): the module is private, the name says enough."""
    return _PRIVATE_TITLE.sub("", html)
