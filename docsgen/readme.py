"""The guide pages that README.md already says: each is the README's own sections
(taken when the site is built, so the two cannot drift), after a short introduction."""

from __future__ import annotations

import json
import re

from docsgen.codes import ROOT

README = ROOT / "README.md"

# page -> (title, introduction, README headings in order)
PAGES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "index.md": (
        "agent-ir",
        "",
        (),
    ),
    "getting-started.md": (
        "Getting started",
        "Install agent-ir from a checkout and check the sample dataset, then run every check "
        "the project runs. Next: [validate a dataset](validate.md), [the IR](ir.md), "
        "[providers](providers/index.md).",
        ("Two commands", "Layout", "Regenerating code"),
    ),
    "validate.md": (
        "Validate a dataset",
        "`agent-ir validate` checks datasets of any size, in agent-ir's form or a provider's "
        "(`--format`), on one machine or a Dask cluster, and draws an HTML report. Every code "
        "it prints links to its page under [Codes](codes/index.md): `--docs-url URL` or "
        "`AGENT_IR_DOCS_URL` sets the base; by default it is this site built in the current "
        "directory (`site/`, by `nox -s docs`), as a `file://` URL, else the published site "
        "(`https://agent-ir.dev/docs/`). `--output json` lists the pages in its summary "
        '(`"docs"`: code to URL), the text summary prints each beside its count, and the '
        "report links each code.",
        (
            "The command line",
            "Validate a fine-tuning dataset",
            "See what is broken: the HTML report",
        ),
    ),
    "ir.md": (
        "The IR",
        "Messages (user, assistant, tool result, system) made of blocks (text, thinking, tool "
        "call, image, audio, document, refusal, server-tool calls and results), frozen all the "
        "way down, compared by value and written to JSON as `schemas/v1/message.schema.json` "
        "says. Every name is in the [API reference](reference.md).",
        ("Example",),
    ),
    "providers/index.md": (
        "Sending to providers and reading replies",
        "One page per format, with its mapping generated from the code: "
        "[OpenAI Chat](openai-chat.md), [OpenAI Responses](openai-responses.md), "
        "[Anthropic](anthropic.md), [Gemini](gemini.md), "
        "[Hugging Face chat datasets](hf-chat.md). What a format cannot carry is a "
        "[conversion warning](../codes/index.md#conversion-warnings).",
        (
            "Sending the IR to OpenAI, Anthropic or Gemini",
            "Prompt caching, refusals and what one format cannot carry",
            "One folder per provider",
        ),
    ),
    "streams.md": (
        "Replies and streams",
        "A stream fails with a [provider error](codes/index.md#provider-errors) code.",
        ("Replies: non-streamed and streamed",),
    ),
    "schemas.md": (
        "Schemas in other languages",
        "",
        ("Use the schemas from another language",),
    ),
    "speed.md": (
        "Speed",
        "The figures of the last full `nox -s bench` run (`bench/results.json`, "
        "`bench/results-dataset.json`).",
        ("Speed",),
    ),
}


def pages() -> dict[str, str]:
    text = README.read_text(encoding="utf-8")
    generated = {}
    for path, (title, introduction, headings) in PAGES.items():
        depth = path.count("/")
        body = [f"# {title}", "", introduction, ""] if title != "agent-ir" else [_intro(text)]
        for heading in headings:
            body += [_section(text, heading), ""]
        if path == "ir.md":
            body += _shapes()
        if path == "streams.md":
            body += _boundary()
        generated[path] = _relinked("\n".join(body), depth)
    return generated


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
        "the [API reference](reference.md)):",
        "",
        "| definition | what it is |",
        "|---|---|",
        *rows,
        "",
    ]


def _intro(text: str) -> str:
    """The README's opening: its title and what precedes the first section."""
    head = text.split("\n## ", 1)[0]
    return (
        head
        + "\n\nStart with [Getting started](getting-started.md); every code has [its page](codes/index.md)."
    )


def _section(text: str, heading: str) -> str:
    """The section under ``heading`` (any level), its own subsections included, its
    headings one level lower than in README.md... kept at ## and below."""
    match = re.search(rf"^(#+) {re.escape(heading)}\n", text, flags=re.M)
    if match is None:
        raise ValueError(f"README.md has no section {heading!r}")
    level = len(match.group(1))
    rest = text[match.end() :]
    end = next(
        (
            m
            for m in re.finditer(rf"^#{{1,{level}}} ", rest, flags=re.M)
            if rest[: m.start()].count("```") % 2 == 0
        ),
        None,
    )
    body = rest[: end.start()] if end else rest
    shift = 2 - level
    pieces = re.split(r"(^```.*?^```$)", body, flags=re.M | re.S)  # leave code alone
    body = "".join(
        piece
        if piece.startswith("```")
        else re.sub(
            r"^(#+) ",
            lambda m: "#" * max(3, len(m.group(1)) + shift) + " ",
            piece,
            flags=re.M,
        )
        for piece in pieces
    )
    return f"## {heading}\n{body}"


def _relinked(markdown: str, depth: int) -> str:
    """README's links to ``docs/...`` made relative to the page."""
    up = "../" * depth
    return re.sub(r"\]\(docs/", f"]({up}", markdown)
