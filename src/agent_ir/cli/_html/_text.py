"""What a piece of the data becomes on the page: text, never markup.

Every string of the data is shown as it is held, in the order it is held: control
characters (but newline, tab and CR), lone surrogates and bidirectional controls are
written as backslash escapes (``visible``); a one-line name (a file, an id, a format)
as the text report prints it (``agent_ir.cli._report.printable``). Long strings, big
JSON values and deep ones are cut, with what was left out counted. The templates turn
the results into markup with autoescaping on: nothing here is trusted as HTML.
"""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

__all__ = [
    "JSON_ITEMS",
    "STRING_CHARS",
    "Clip",
    "clip",
    "json_text",
    "json_type",
    "scalar",
    "visible",
]

STRING_CHARS = 2_000  # of one string of the data
JSON_ITEMS = 50  # items of one JSON array or object
JSON_DEPTH = 12  # levels of nested JSON shown

_HIDDEN = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff"
    # bidirectional controls: an override would reorder the text after it
    "\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]"
)


def visible(text: str) -> str:
    """``text`` with control characters (but newline, tab and CR), lone surrogates and
    bidirectional controls written as backslash escapes (``\\x07``, ``\\u202e``)."""
    return _HIDDEN.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


class Clip(NamedTuple):
    """A string of the data cut to a limit: ``text`` is shown, ``more`` characters are
    counted (0: nothing was cut)."""

    text: str
    more: int = 0


def clip(text: str, limit: int = STRING_CHARS) -> Clip:
    """``text`` cut at ``limit`` characters, the rest counted."""
    if len(text) <= limit:
        return Clip(text)
    return Clip(text[:limit], len(text) - limit)


def scalar(value: Any) -> Clip:
    """A field shown inline: a string as it is, anything else as compact JSON, cut at
    200 characters (a number, true, false or null is never cut)."""
    if isinstance(value, str):
        return clip(value, 200)
    if isinstance(value, dict | list):
        return clip(json.dumps(value, ensure_ascii=False), 200)
    return Clip(json.dumps(value))


def json_text(value: Any, depth: int = 0) -> str:
    """``value`` as indented JSON text, bounded in depth (``JSON_DEPTH``), items
    (``JSON_ITEMS``) and string length (``STRING_CHARS``), what was left out counted."""
    if isinstance(value, dict):
        return _object(value, depth)
    if isinstance(value, list):
        return _array(value, depth)
    if isinstance(value, str):
        return _json_string(value)
    return json.dumps(value)  # a number, true, false or null


def _object(value: dict[Any, Any], depth: int) -> str:
    if not value:
        return "{}"
    if depth >= JSON_DEPTH:
        return "{…}"
    pad = "  " * depth
    items = list(value.items())
    lines = [
        f"{pad}  {_json_string(str(key))}: {json_text(item, depth + 1)}"
        for key, item in items[:JSON_ITEMS]
    ]
    if len(items) > JSON_ITEMS:
        lines.append(f"{pad}  … {len(items) - JSON_ITEMS:,} more keys")
    return "{\n" + ",\n".join(lines) + f"\n{pad}}}"


def _array(value: list[Any], depth: int) -> str:
    if not value:
        return "[]"
    if depth >= JSON_DEPTH:
        return "[…]"
    pad = "  " * depth
    lines = [f"{pad}  {json_text(item, depth + 1)}" for item in value[:JSON_ITEMS]]
    if len(value) > JSON_ITEMS:
        lines.append(f"{pad}  … {len(value) - JSON_ITEMS:,} more items")
    return "[\n" + ",\n".join(lines) + f"\n{pad}]"


def _json_string(text: str) -> str:
    if len(text) <= STRING_CHARS:
        return json.dumps(text, ensure_ascii=False)
    more = len(text) - STRING_CHARS
    return json.dumps(text[:STRING_CHARS], ensure_ascii=False) + f" … {more:,} more characters"


def json_type(value: Any) -> str:
    """What a JSON value is, in words ("object", "a string", ...)."""
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
