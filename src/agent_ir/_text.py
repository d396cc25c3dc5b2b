"""The two rules agent-ir applies to every string: valid Unicode, and "non-empty".

"Non-empty" (ids, tool names, request ids) means: contains a character that is not
whitespace. Whitespace is the union of what Python's ``str.isspace`` and ECMA-262's
``\\s`` (the regex dialect of JSON Schema) call whitespace, so the schemas' pattern (an
explicit character class, not ``\\S``) gives the same verdict in every language and
here. ``tests/ir/test_text.py`` checks the pattern and ``is_blank`` against each other.

A third rule bounds what a sentence about the data may quote of it: ``cut`` and
``quoted`` keep the first ``QUOTE_CHARS`` characters of a value (an id, a name, a key)
and count the rest, so that a sentence (a diagnostic's message, a report line) stays
small however long the value, and however many sentences quote it.
"""

from __future__ import annotations

__all__ = [
    "BLANK_CHARACTERS",
    "QUOTE_CHARS",
    "cut",
    "is_blank",
    "is_valid_unicode",
    "left_out",
    "non_empty_id",
    "quoted",
]

BLANK_CHARACTERS = (
    "\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)


def is_blank(text: str) -> bool:
    """True when ``text`` is empty or only whitespace (see the module docstring)."""
    return not text.strip(BLANK_CHARACTERS)


def is_valid_unicode(text: str) -> bool:
    """False when ``text`` holds a lone surrogate (it cannot be written as UTF-8)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def non_empty_id(value: object) -> bool:
    """An exact ``str`` that is valid Unicode and not blank (ids, names, codes)."""
    return type(value) is str and not is_blank(value) and is_valid_unicode(value)


QUOTE_CHARS = 200
"""The most characters of one value a diagnostic's message (or a report line) quotes."""


def cut(text: str, limit: int = QUOTE_CHARS) -> str:
    """``text`` when it has at most ``limit`` characters (code points); else its first
    ``limit`` characters then ``… (N more characters)``, N counting what was left out."""
    if len(text) <= limit:
        return text
    return text[:limit] + left_out(len(text) - limit)


def quoted(value: object, limit: int = QUOTE_CHARS) -> str:
    """``repr(value)`` of a value from the data, as a sentence quotes it: a string of at
    most ``limit`` characters exactly as ``repr`` writes it (``'c1'``); a longer one as
    the ``repr`` of its first ``limit`` characters then ``… (N more characters)``
    (``'xx…xx'… (1048376 more characters)``, the quoted part ``limit`` characters long).
    Anything else (a number, a list...) is its ``repr`` cut by ``cut``."""
    if type(value) is str:
        if len(value) <= limit:
            return repr(value)
        return repr(value[:limit]) + left_out(len(value) - limit)
    return cut(repr(value), limit)


def left_out(count: int) -> str:
    """What ``cut`` writes after the characters it keeps: ``… (N more characters)``."""
    return f"… ({count} more character{'s' * (count != 1)})"
