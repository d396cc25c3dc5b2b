"""``agent-ir explain CODE``: a code's page, printed offline from the installed package.

The page is the one text of the code (``agent_ir.cli._code_texts``, which the
documentation site's code pages read too): what it means, why a provider refuses it
(or a format cannot carry it), how to fix it (the ``repair_transcript`` option that
does), and, for the id and name format codes, each provider's rule. When a
documentation site is known (``--docs-url``, ``$AGENT_IR_DOCS_URL`` or ``./site`` built
by ``nox -s docs``: ``agent_ir.cli._docs``), its page's URL ends the text: that page
adds an example run when the site was built.

Several codes print their pages one after the other. An unknown code is refused with
the nearest known ones (exit status 2); ``--list`` names every code with the first
sentence of its meaning.
"""

from __future__ import annotations

import sys
import textwrap
from difflib import SequenceMatcher

from agent_ir._text import quoted
from agent_ir.cli._code_texts import KINDS, TEXTS, codes, provider_rules
from agent_ir.cli._docs import code_url
from agent_ir.cli._report import printable

__all__ = ["explain", "listing", "nearest", "page"]

WIDTH = 88  # columns of the printed text
NEAREST = 5  # codes suggested for an unknown one
_COMPARED = 100  # characters of an unknown code compared with the known ones


def explain(given: list[str], *, listed: bool, docs_url: str | None) -> int:
    """Print the page of each code ``given`` (any case, ``-`` for ``_``), a blank line
    between two, or, with ``listed``, every code; 0 when printed, 2 when a code is
    unknown (nothing printed then; each unknown one named on standard error with its
    nearest codes)."""
    if listed:
        sys.stdout.write(listing())
        return 0
    unknown = [code for code in given if normalized(code) not in TEXTS]
    if unknown:
        print("\n".join(map(_unknown, unknown)), file=sys.stderr)
        print(f"agent-ir: agent-ir explain --list names all {len(TEXTS)} codes", file=sys.stderr)
        return 2
    sys.stdout.write("\n".join(page(normalized(code), docs_url) for code in given))
    return 0


def normalized(code: str) -> str:
    """``code`` as the schemas spell codes: upper case, ``_`` between words."""
    return code.strip().upper().replace("-", "_")


def page(code: str, docs_url: str | None = None) -> str:
    """The text of ``code``'s page (a known code); its last line names the site's page
    when ``docs_url`` is given."""
    kind = codes()[code]
    name, why = KINDS[kind]
    text = TEXTS[code]
    lines = [f"{code} ({name})", "", *_wrapped(text["meaning"], ""), ""]
    lines += [f"{why}:", *_wrapped(text["why"], "  "), ""]
    lines += ["How to fix it:", *_wrapped(text["fix"], "  "), ""]
    rules = provider_rules(code)
    if rules:
        width = max(len(name) for name, _, _ in rules)
        lines += ["Each provider's rule:"]
        lines += [f"  {name:<{width}}  {rule.strip('`')}" for name, _, rule in rules]
        lines += [""]
    if docs_url is not None:
        lines += [f"The site's page, with an example: {printable(code_url(docs_url, code))}"]
    return "\n".join(lines).rstrip("\n") + "\n"


def listing() -> str:
    """Every code, by kind, each with the first sentence of its meaning."""
    by_kind: dict[str, list[str]] = {}
    for code, kind in codes().items():
        by_kind.setdefault(kind, []).append(code)
    lines = []
    for kind, found in by_kind.items():
        width = max(map(len, found))
        lines += [f"{KINDS[kind][0]}s:"]
        room = WIDTH - width - 4
        lines += [
            f"  {code:<{width}}  {_first_sentence(TEXTS[code]['meaning'], room)}" for code in found
        ]
        lines += [""]
    lines += ["agent-ir explain CODE prints a code's page."]
    return "\n".join(lines) + "\n"


def nearest(code: str) -> list[str]:
    """The known codes nearest to ``code``, nearest first: those sharing a word with it,
    then those spelled alike (at most ``NEAREST``)."""
    wanted = normalized(code)[:_COMPARED]
    words = {word for word in wanted.split("_") if word}
    scored = []
    for known in TEXTS:
        shared = len(words & set(known.split("_")))
        alike = SequenceMatcher(None, wanted, known).ratio()
        if shared or alike >= 0.6:
            scored.append((-shared, -alike, known))
    return [known for _, _, known in sorted(scored)[:NEAREST]]


def _unknown(code: str) -> str:
    shown = printable(quoted(code))
    near = nearest(code)
    hint = f"; the nearest: {', '.join(near)}" if near else ""
    return f"agent-ir: no code is named {shown}{hint}"


def _first_sentence(text: str, room: int) -> str:
    """A meaning's first sentence (up to its first ``". "``, as the site's index of
    codes shows it), cut at a word to ``room`` characters."""
    first = text.split(". ")[0].rstrip(".")
    if len(first) <= room:
        return first
    return first[: room - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def _wrapped(text: str, indent: str) -> list[str]:
    return textwrap.wrap(
        text,
        width=WIDTH,
        initial_indent=indent,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )
