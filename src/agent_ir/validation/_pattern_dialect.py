"""The pattern dialect of tool schemas: a ``pattern`` (or a ``patternProperties`` key)
read as ECMA-262 with the ``u`` flag (what JSON Schema names; code points, not UTF-16
units), and written for Rust's linear-time ``regex`` crate with the same meaning
(``docs/tool-schemas.md`` states the dialect).

``read_pattern`` gives one of three readings:

* **translated**: the pattern in Rust's syntax, matching exactly the strings ECMA-262
  matches. Every character class is written as explicit ranges of code points, so
  ``\\d`` is ``[0-9]``, ``\\w`` ``[0-9A-Z_a-z]``, ``\\s`` ECMA's white space and line
  terminators (``SPACE``), ``.`` any character but the four line terminators, and a
  class with negated escapes (``[^\\D]``, ``[\\W\\d]``) the set it means; ``\\b`` and
  ``\\B`` are ASCII word boundaries; ``\\uXXXX`` (a surrogate pair too), ``\\xHH``,
  ``\\cX``, ``\\0``, ``\\f \\n \\r \\t \\v`` and escaped punctuation are their
  character; named groups are plain groups.
* **unasserted**: the pattern holds a construct of ``UNASSERTED`` (lookaround,
  back-references), which no linear-time engine matches: the pattern is an annotation,
  as ``format`` is, and the rest of the schema is still checked.
* **refused** (``problem``): the pattern is no ECMA-262 regular expression (an
  unbalanced parenthesis, a quantifier with nothing to repeat, a range out of order) or
  uses a construct the engines read differently (``\\p{...}``, inline flags such as
  ``(?i)``, ``\\u{...}``, ``\\A``...). A refused pattern makes its tool definition
  invalid, whatever else it holds.

Reading is one pass with a count of open groups: linear, and no recursion whatever the
nesting.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

__all__ = ["PATTERN_REPEAT", "PATTERN_SIZE", "SPACE", "UNASSERTED", "Reading", "read_pattern"]

PATTERN_SIZE = 4_096
"""The most code points a translated pattern may have once each quantified atom is
written out as many times as its quantifier's count (``x{n}``, ``x{n,}``: n; ``x{n,m}``:
m; ``*``, ``+``, ``?`` and ``{0}``: once). Rust's ``regex`` refuses a pattern whose
compiled form passes its size limit (10 MB), which another language cannot know: the
profile's own bound keeps every pattern well within it (its costliest atom, ``.``,
passes it from about 7,800 copies) and is the same in both languages."""

PATTERN_REPEAT = 1_000
"""The most times a counted quantifier may repeat an atom, nested ones multiplied
(``(a{10}){100}`` is 1,000; ``*``, ``+``, ``?`` and ``{0}`` count once): RE2's
bound (``kMaxRepeat``), which the TypeScript package's engine keeps."""

UNASSERTED: dict[str, str] = {
    "(?=": "a lookahead",
    "(?!": "a negative lookahead",
    "(?<=": "a lookbehind",
    "(?<!": "a negative lookbehind",
    **{f"\\{digit}": "a back-reference" for digit in "123456789"},
    "\\k<": "a named back-reference",
}
"""The constructs that make a pattern an annotation (not asserted), by their opening:
no linear-time engine matches them, and providers accept them. ``docs/tool-schemas.md``
lists them; the TypeScript package is to read the same list."""

Ranges = tuple[tuple[int, int], ...]
"""A set of code points: sorted, disjoint, non-adjacent inclusive ranges."""

_LAST = 0x10FFFF
_SURROGATES = (0xD800, 0xDFFF)  # no string of the IR holds one: left out of every set
DIGIT: Ranges = ((0x30, 0x39),)
WORD: Ranges = ((0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A))
SPACE: Ranges = (
    (0x09, 0x0D),
    (0x20, 0x20),
    (0xA0, 0xA0),
    (0x1680, 0x1680),
    (0x2000, 0x200A),
    (0x2028, 0x2029),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
    (0xFEFF, 0xFEFF),
)
"""ECMA-262's ``\\s``: WhiteSpace (tab, VT, FF, ZWNBSP and the Zs characters) and
LineTerminator (LF, CR, LS, PS)."""
LINE_TERMINATORS: Ranges = ((0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029))


class Reading(NamedTuple):
    """What a pattern is: ``translated`` (Rust's syntax, the same meaning), or
    ``unasserted`` (the ``UNASSERTED`` sentence of its first such construct), or
    ``problem`` (why it is refused, a sentence completing "the pattern ... which")."""

    translated: str | None = None
    unasserted: str | None = None
    problem: str | None = None


def read_pattern(pattern: str) -> Reading:
    """The reading of ``pattern`` (see the module docstring). Never raises."""
    reader = _Reader(pattern)
    try:
        reader.read()
    except _Refused as refused:
        return Reading(problem=refused.problem)
    if reader.unasserted is not None:
        return Reading(unasserted=reader.unasserted)
    if reader.repeats[0] > PATTERN_REPEAT:
        return Reading(
            problem=f"repeats an atom more than {PATTERN_REPEAT} times (counted "
            "quantifiers, nested ones multiplied: the bound of RE2's engines)"
        )
    if reader.sizes[0] > PATTERN_SIZE:
        return Reading(
            problem=f"is more than {PATTERN_SIZE} characters long once each repetition is "
            "written out (the pattern size, which keeps it within what Rust's regex "
            "compiles)"
        )
    return Reading(translated="".join(reader.out))


class _Refused(Exception):
    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


# What the previous token leaves for a quantifier: nothing to repeat (the start of an
# alternative, an assertion), an atom, a quantifier (which ? makes lazy), a lazy one.
_NOTHING, _ASSERTION, _ATOM, _QUANTIFIER, _LAZY = range(5)

_BRACES = re.compile(r"\{([0-9]+)(?:(,)([0-9]*))?\}")
_NAMED_GROUP = re.compile(r"\(\?<[A-Za-z_$][A-Za-z0-9_$]*>")
_NAMED_REFERENCE = re.compile(r"\\k<[A-Za-z_$][A-Za-z0-9_$]*>")
_HEX = re.compile(r"[0-9A-Fa-f]+")
_DECIMAL = tuple("0123456789")
_CONTROL_ESCAPES = {"f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09, "v": 0x0B}


def _normal(ranges: Iterable[tuple[int, int]]) -> Ranges:
    """``ranges`` sorted and merged, surrogates left out."""
    merged: list[tuple[int, int]] = []
    for low, high in sorted(ranges):
        if merged and low <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], high))
        else:
            merged.append((low, high))
    kept: list[tuple[int, int]] = []
    for low, high in merged:
        if low < _SURROGATES[0]:
            kept.append((low, min(high, _SURROGATES[0] - 1)))
        if high > _SURROGATES[1]:
            kept.append((max(low, _SURROGATES[1] + 1), high))
    return tuple(kept)


def _complement(ranges: Iterable[tuple[int, int]]) -> Ranges:
    """Every code point (but the surrogates) outside ``ranges``."""
    outside: list[tuple[int, int]] = []
    start = 0
    for low, high in _normal(ranges):
        if low > start:
            outside.append((start, low - 1))
        start = high + 1
    if start <= _LAST:
        outside.append((start, _LAST))
    return _normal(outside)


def _char(code: int) -> str:
    """One code point in Rust's syntax: an ASCII letter or digit as itself, anything
    else as ``\\u{...}`` (never read as syntax, inside a class or out; Rust's ``regex``
    and ECMA-262 with the u flag both read it, so the draft-07 meta-schema's ``regex``
    format, which jsonschema-rs checks on the translation, accepts it)."""
    char = chr(code)
    return char if char.isascii() and char.isalnum() else "\\u{" + format(code, "X") + "}"


def _written(ranges: Ranges) -> str:
    """A class matching exactly ``ranges`` (the empty set matches nothing)."""
    if not ranges:
        return f"[^{_char(0)}-{_char(_LAST)}]"
    parts = (_char(low) if low == high else f"{_char(low)}-{_char(high)}" for low, high in ranges)
    return "[" + "".join(parts) + "]"


_CLASS_ESCAPES: dict[str, Ranges] = {
    "d": DIGIT,
    "D": _complement(DIGIT),
    "w": WORD,
    "W": _complement(WORD),
    "s": SPACE,
    "S": _complement(SPACE),
}
_DOT = _written(_complement(LINE_TERMINATORS))
_ASCII_BOUNDARIES = {"b": "(?-u:\\b)", "B": "(?-u:\\B)"}


class _Atom(NamedTuple):
    """One member of a class: its code points, and the one code point it is (None for
    a class escape, which cannot end a range)."""

    ranges: Ranges
    single: int | None


class _Reader:
    """One pass over a pattern: ``out`` the translation, ``unasserted`` the first
    unasserted construct; a refused pattern raises ``_Refused``."""

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self.index = 0
        self.out: list[str] = []
        self.open_groups = 0
        self.last = _NOTHING
        self.unasserted: str | None = None
        self.sizes = [0]  # the written-out size of each open group, the pattern's first
        self.atom = 0  # the written-out size of the last atom
        self.count = 1  # the count of the last quantifier
        self.repeats = [1]  # the most repetitions of an atom in each open group
        self.repeated = 1  # the repetitions of the last atom
        self.times = 1  # the repetitions the last quantifier multiplies by

    def read(self) -> None:
        tokens = _TOKENS
        while self.index < len(self.pattern):
            start = self.index
            char = self.pattern[start]
            tokens.get(char, _Reader._literal)(self)
            self._measure(char, self.index - start)
        if self.open_groups:
            raise _Refused("has a ( that is never closed")

    def _measure(self, char: str, length: int) -> None:
        """The written-out size and the repetitions after a token of ``length`` code
        points starting with ``char``: an atom adds its length, a quantifier its atom
        ``count - 1`` times more and multiplies its repetitions, a group gives its whole
        size and its most repeated atom; each capped just past its bound. (The next
        token after a quantifier sets ``atom`` again before any quantifier reads it.)"""
        sizes, repeats = self.sizes, self.repeats
        cap = PATTERN_SIZE + 1
        if self.last == _QUANTIFIER:
            sizes[-1] = min(cap, sizes[-1] + self.atom * (self.count - 1))
            self.repeated = min(PATTERN_REPEAT + 1, self.repeated * self.times)
            repeats[-1] = max(repeats[-1], self.repeated)
            return
        if char == "(":
            sizes.append(length)
            repeats.append(1)
            return
        self.repeated = 1
        if char == ")":
            length += sizes.pop()
            self.repeated = repeats.pop()
            repeats[-1] = max(repeats[-1], self.repeated)
        sizes[-1] = min(cap, sizes[-1] + length)
        self.atom = min(cap, length)

    def _emit(self, text: str, last: int, length: int = 1) -> None:
        self.out.append(text)
        self.last = last
        self.index += length

    def _literal(self) -> None:
        """A character that stands for itself (a lone ``]`` too, as ECMA-262's Annex B
        and every engine read it)."""
        self._emit(_char(ord(self.pattern[self.index])), _ATOM)

    def _dot(self) -> None:
        self._emit(_DOT, _ATOM)

    def _anchor(self) -> None:
        self._emit(self.pattern[self.index], _ASSERTION)

    def _bar(self) -> None:
        self._emit("|", _NOTHING)

    def _open(self) -> None:
        pattern, index = self.pattern, self.index
        for opening, construct in UNASSERTED.items():
            if opening.startswith("(") and pattern.startswith(opening, index):
                self._note(construct)
                self.open_groups += 1
                self._emit("(?:", _NOTHING, len(opening))
                return
        named = _NAMED_GROUP.match(pattern, index)
        if pattern.startswith("(?:", index) or named is not None:
            length = 3 if named is None else named.end() - index
            self.open_groups += 1
            self._emit("(", _NOTHING, length)
        elif pattern.startswith("(?", index):
            group = pattern[index : index + 3]
            raise _Refused(f"opens the group {group} (no lookaround, named group or (?:)")
        else:
            self.open_groups += 1
            self._emit("(", _NOTHING)

    def _close(self) -> None:
        if not self.open_groups:
            raise _Refused("has a ) that closes no group")
        self.open_groups -= 1
        self._emit(")", _ATOM)

    def _quantifier(self) -> None:
        char = self.pattern[self.index]
        if self.last == _QUANTIFIER and char == "?":
            self._emit("?", _LAZY)  # lazy: the same strings match
        elif self.last == _QUANTIFIER and char == "+":
            raise _Refused("uses a possessive quantifier")
        else:
            self._repeat(char)

    def _braces(self) -> None:
        braces = _BRACES.match(self.pattern, self.index)
        if braces is None:
            raise _Refused("has a { that starts no {n}, {n,} or {n,m} (write \\{)")
        low, comma, high = braces.groups()
        if comma and high and _number(high) < _number(low):
            raise _Refused(f"has the quantifier {braces.group()}, its minimum above its maximum")
        self._repeat(braces.group())

    def _repeat(self, quantifier: str) -> None:
        if self.last != _ATOM:
            raise _Refused(f"has the quantifier {quantifier} with nothing to repeat")
        self.count = _count(quantifier, PATTERN_SIZE)
        self.times = _count(quantifier, PATTERN_REPEAT)
        self._emit(quantifier, _QUANTIFIER, len(quantifier))

    def _lone_brace(self) -> None:
        raise _Refused("has a } that ends no quantifier (write \\})")

    def _escape(self) -> None:
        escaped = self.pattern[self.index + 1 : self.index + 2]
        if escaped in _CLASS_ESCAPES:
            self._emit(_written(_CLASS_ESCAPES[escaped]), _ATOM, 2)
        elif escaped in _ASCII_BOUNDARIES:
            self._emit(_ASCII_BOUNDARIES[escaped], _ASSERTION, 2)
        elif escaped and escaped in "123456789":
            self._note(UNASSERTED["\\" + escaped])
            self._emit("", _ATOM, _digits_after(self.pattern, self.index + 1))
        elif escaped == "k":
            reference = _NAMED_REFERENCE.match(self.pattern, self.index)
            if reference is None:
                raise _Refused("uses the escape \\k without a <name>")
            self._note(UNASSERTED["\\k<"])
            self._emit("", _ATOM, reference.end() - self.index)
        else:
            self._emit(_char(self._escaped_character()), _ATOM, 0)

    def _note(self, construct: str) -> None:
        if self.unasserted is None:
            self.unasserted = construct

    def _escaped_character(self) -> int:
        """The code point of the character escape at ``index`` (read past it)."""
        escaped = self.pattern[self.index + 1 : self.index + 2]
        if not escaped:
            raise _Refused("ends with a lone \\")
        if escaped in _CONTROL_ESCAPES:
            self.index += 2
            return _CONTROL_ESCAPES[escaped]
        reader = _CHARACTER_ESCAPES.get(escaped)
        if reader is not None:
            return reader(self)
        if escaped.isascii() and not escaped.isalnum():
            self.index += 2  # escaped punctuation: the character itself
            return ord(escaped)
        raise _Refused(f"uses the escape \\{escaped}")

    def _control_letter(self) -> int:
        letter = self.pattern[self.index + 2 : self.index + 3]
        if not (letter.isascii() and letter.isalpha()):
            raise _Refused("uses \\c without an ASCII letter after it")
        self.index += 3
        return ord(letter) % 32

    def _hex_escape(self) -> int:
        return self._hex_digits("x", 2)

    def _null(self) -> int:
        if self.pattern[self.index + 2 : self.index + 3] in _DECIMAL:  # ASCII, as ECMA-262
            raise _Refused("uses \\0 followed by a digit (an octal escape)")
        self.index += 2
        return 0

    def _unicode_escape(self) -> int:
        if self.pattern.startswith("{", self.index + 2):
            raise _Refused("uses \\u{...}, a code point only with the u flag (write \\uXXXX)")
        code = self._hex_digits("u", 4)
        if 0xD800 <= code <= 0xDBFF and self.pattern.startswith("\\u", self.index):
            trail = _hex_value(self.pattern, self.index + 2, 4)
            if trail is not None and 0xDC00 <= trail <= 0xDFFF:
                self.index += 6
                return 0x10000 + ((code - 0xD800) << 10) + (trail - 0xDC00)
        if _SURROGATES[0] <= code <= _SURROGATES[1]:
            shown = format(code, "04X")
            raise _Refused(f"uses \\u{shown}, a lone surrogate, which no string holds")
        return code

    def _hex_digits(self, letter: str, count: int) -> int:
        code = _hex_value(self.pattern, self.index + 2, count)
        if code is None:
            raise _Refused(f"uses \\{letter} without {count} hex digits after it")
        self.index += 2 + count
        return code

    def _class(self) -> None:
        self.index += 1
        negated = self.pattern.startswith("^", self.index)
        self.index += negated
        members: list[tuple[int, int]] = []
        while not self.pattern.startswith("]", self.index):
            if self.index >= len(self.pattern):
                raise _Refused("has a class that is never closed")
            first = self._class_atom()
            if self._range_follows():
                self.index += 1
                members.append(_range(first, self._class_atom()))
            else:
                members += first.ranges
        ranges = _complement(members) if negated else _normal(members)
        self._emit(_written(ranges), _ATOM)

    def _range_follows(self) -> bool:
        """A ``-`` that is no last member: a range's dash."""
        dash = self.index
        return self.pattern.startswith("-", dash) and self.pattern[dash + 1 : dash + 2] not in (
            "",
            "]",
        )

    def _class_atom(self) -> _Atom:
        char = self.pattern[self.index]
        if char != "\\":
            self.index += 1
            return _Atom(((ord(char), ord(char)),), ord(char))
        escaped = self.pattern[self.index + 1 : self.index + 2]
        if escaped in _CLASS_ESCAPES:
            self.index += 2
            return _Atom(_CLASS_ESCAPES[escaped], None)
        if escaped == "b":  # backspace inside a class
            self.index += 2
            return _Atom(((8, 8),), 8)
        code = self._escaped_character()
        return _Atom(((code, code),), code)


_TOKENS = {
    "\\": _Reader._escape,
    "[": _Reader._class,
    "(": _Reader._open,
    ")": _Reader._close,
    "|": _Reader._bar,
    "^": _Reader._anchor,
    "$": _Reader._anchor,
    ".": _Reader._dot,
    "*": _Reader._quantifier,
    "+": _Reader._quantifier,
    "?": _Reader._quantifier,
    "{": _Reader._braces,
    "}": _Reader._lone_brace,
}
_CHARACTER_ESCAPES = {
    "c": _Reader._control_letter,
    "x": _Reader._hex_escape,
    "u": _Reader._unicode_escape,
    "0": _Reader._null,
}


def _range(first: _Atom, last: _Atom) -> tuple[int, int]:
    if first.single is None or last.single is None:
        raise _Refused("has a range with a class escape at one end (such as [\\d-z])")
    if first.single > last.single:
        raise _Refused(f"has the range {chr(first.single)}-{chr(last.single)} out of order")
    return first.single, last.single


def _digits_after(pattern: str, start: int) -> int:
    """The length of ``\\`` and the run of digits at ``start``."""
    end = start
    while end < len(pattern) and pattern[end] in "0123456789":
        end += 1
    return end - start + 1


def _hex_value(pattern: str, start: int, count: int) -> int | None:
    digits = pattern[start : start + count]
    if len(digits) != count or _HEX.fullmatch(digits) is None:
        return None
    return int(digits, 16)


def _count(quantifier: str, bound: int) -> int:
    """How many times a quantifier writes out or repeats its atom: ``{n}`` and ``{n,}``
    n, ``{n,m}`` m, ``*``, ``+``, ``?`` and ``{0}`` once; capped just past ``bound``
    (read without ``int`` past its digits)."""
    low, _, high = quantifier[1:-1].partition(",")  # "" for *, + and ?
    significant = (high or low).lstrip("0")
    if len(significant) > len(str(bound)):
        return bound + 1
    return min(bound + 1, max(1, int(significant or "0")))


def _number(digits: str) -> tuple[int, str]:
    """A quantifier bound, compared without ``int`` (no limit on its digits)."""
    significant = digits.lstrip("0")
    return len(significant), significant
