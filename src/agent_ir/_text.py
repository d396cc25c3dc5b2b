"""The two rules agent-ir applies to every string: valid Unicode, and "non-empty".

"Non-empty" (ids, tool names, request ids) means: contains a character that is not
whitespace. Whitespace is the union of what Python's ``str.isspace`` and ECMA-262's
``\\s`` (the regex dialect of JSON Schema) call whitespace, so the schemas' pattern (an
explicit character class, not ``\\S``) gives the same verdict in every language and
here. ``tests/test_text.py`` checks the pattern and ``is_blank`` against each other.
"""

from __future__ import annotations

__all__ = ["BLANK_CHARACTERS", "is_blank", "is_valid_unicode", "non_empty_id"]

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
