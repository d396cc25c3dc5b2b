"""The sentence a TOOL_ARGUMENTS_MISMATCH says about one failing keyword, built from
the keyword, its value in the parameters and the failing value, never from a
validator's own words.

The templates are data (``keyword_sentences.json``, beside this module), one per
keyword; ``codegen/typescript.py`` writes the same table into the npm package
(``bindings/typescript/src/keywordSentences.ts``), whose ``sentences.ts`` fills them
as ``fill`` does here, so both languages say the same words. What a template quotes of
the data is written by ``json_text``: JSON as JavaScript's ``JSON.stringify`` writes it
(its numbers, its order of an object's keys), so that a value reads the same whichever
language quotes it. Each quoted value is cut at ``QUOTE_CHARS`` characters, the
sentence at twice that.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
from importlib import resources
from typing import Any

from agent_ir._text import QUOTE_CHARS, cut, quoted

__all__ = ["SENTENCES", "fill", "js_key_order", "json_text"]

SENTENCES: dict[str, str] = json.loads(
    resources.files("agent_ir.validation").joinpath("keyword_sentences.json").read_text("utf-8")
)["sentences"]
"""Keyword (a variant after a slash; ``*`` any other keyword) -> template."""

_PLACE = re.compile(r"\{(\w+)(?:\|([^|}]*)\|([^}]*))?\}")


def fill(keyword: str, facts: Mapping[str, Any]) -> str:
    """The sentence of ``keyword`` (its template, or ``*``'s) with ``facts`` written in:
    ``{name}`` as ``_written`` writes that fact, ``{name|one|many}`` the word for the
    count of that fact (its number, or how many it lists); cut at twice ``QUOTE_CHARS``."""
    parts = []
    for literal, name, one, many in _parsed(SENTENCES.get(keyword, SENTENCES["*"])):
        parts.append(literal)
        if name is None:
            continue
        fact = facts.get(name, keyword if name == "keyword" else None)
        if one is None:
            parts.append(_written(name, fact))
        else:
            count = fact if type(fact) is int else len(fact) if fact is not None else 0
            parts.append(one if count == 1 else str(many))
    return cut("".join(parts), 2 * QUOTE_CHARS)


_Part = tuple[str, str | None, str | None, str | None]


@functools.cache
def _parsed(template: str) -> tuple[_Part, ...]:
    """``template`` as (text, then the fact named, its word for one, for many)."""
    found: list[_Part] = []
    start = 0
    for match in _PLACE.finditer(template):
        name, one, many = match.groups()
        found.append((template[start : match.start()], name, one, many))
        start = match.end()
    found.append((template[start:], None, None, None))
    return tuple(found)


def _written(name: str, fact: Any) -> str:
    """A fact as the sentences write it: names quoted as ``quoted`` does, the pattern
    as written, a count in digits, the types and values as JSON."""
    if name == "keyword" or name == "pattern":
        return cut(str(fact))
    if name == "count":
        return str(fact)
    if name == "unexpected":
        return cut(", ".join(quoted(each) for each in fact))
    if name == "types":
        return ", ".join(json_text(each) for each in fact)
    if name == "options":
        written = [json_text(each) for each in fact]
        listed = (
            ", ".join(written[:-1]) + " or " + written[-1] if len(written) > 1 else "".join(written)
        )
        return cut(listed)
    return cut(json_text(fact))


def json_text(value: Any) -> str:
    """``value`` (plain JSON data) as JavaScript's ``JSON.stringify`` writes it: no
    spaces, an object's keys in ``js_key_order``, a float as ``Number.prototype.toString``
    writes it (``1e-7``, ``100000000000000000000``, ``1.5e+300``), an int in all its
    digits."""
    kind = type(value)
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return str(value)
    if kind is float:
        return _js_number(value)
    if kind is str:
        return _js_string(value)
    if kind is list or kind is tuple:
        return "[" + ",".join(json_text(item) for item in value) + "]"
    if isinstance(value, Mapping):
        keys = js_key_order(value)
        return "{" + ",".join(f"{_js_string(key)}:{json_text(value[key])}" for key in keys) + "}"
    return _js_string(str(value))


def js_key_order(keys: Iterable[str]) -> list[str]:
    """``keys`` in the order JavaScript keeps an object's keys: the array indexes (the
    canonical integers below 2**32 - 1) ascending, then the others as given."""
    listed = list(keys)
    indexes = sorted((key for key in listed if _is_index(key)), key=int)
    return indexes + [key for key in listed if not _is_index(key)]


def _is_index(key: str) -> bool:
    return (
        key.isascii() and key.isdigit() and (key == "0" or key[0] != "0") and int(key) < 2**32 - 1
    )


_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\f": "\\f",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
}
_ESCAPED = re.compile(r'["\\\x00-\x1f\ud800-\udfff]')


def _js_string(text: str) -> str:
    return '"' + _ESCAPED.sub(_escape, text) + '"'


def _escape(match: re.Match[str]) -> str:
    character = match.group()
    return _ESCAPES.get(character) or f"\\u{ord(character):04x}"


def _js_number(number: float) -> str:
    """ECMA-262's Number::toString of ``number`` (finite), from its shortest digits."""
    if number == 0:
        return "0"
    sign = "-" if number < 0 else ""
    _, digit_tuple, exponent = Decimal(repr(abs(number))).as_tuple()
    assert isinstance(exponent, int)
    digits = "".join(map(str, digit_tuple))
    point = len(digits) + exponent  # where the decimal point is, counted from the first digit
    digits = digits.rstrip("0") or "0"
    count = len(digits)
    if count <= point <= 21:
        return sign + digits + "0" * (point - count)
    if 0 < point <= 21:
        return sign + digits[:point] + "." + digits[point:]
    if -6 < point <= 0:
        return sign + "0." + "0" * -point + digits
    power = point - 1
    shown = digits if count == 1 else digits[0] + "." + digits[1:]
    return f"{sign}{shown}e{'+' if power >= 0 else '-'}{abs(power)}"
