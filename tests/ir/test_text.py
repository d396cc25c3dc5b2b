"""One definition of "non-empty" for every language: the schema's pattern and the
hand-written check agree on every character of the Basic Multilingual Plane."""

from __future__ import annotations

import re

import pytest

from agent_ir import schemas
from agent_ir._text import BLANK_CHARACTERS, is_blank, is_valid_unicode

PATTERN = re.compile(schemas.load("message")["$defs"]["NonEmptyString"]["pattern"])


def test_the_schema_pattern_and_is_blank_agree_on_every_bmp_character() -> None:
    disagreements = [
        hex(code)
        for code in range(0x10000)
        if code < 0xD800 or code > 0xDFFF
        if bool(PATTERN.search(chr(code))) == is_blank(chr(code))
    ]
    assert disagreements == []


def test_whitespace_is_the_union_of_python_and_ecma_262() -> None:
    python = {chr(code) for code in range(0x110000) if chr(code).isspace()}
    # ECMA-262 \s: WhiteSpace and LineTerminator, which adds the byte-order mark.
    ecma = {"\t", "\n", "\v", "\f", "\r", " ", "\xa0", "\u1680", "\u2028", "\u2029", "\u202f",
            "\u205f", "\u3000", "\ufeff", *map(chr, range(0x2000, 0x200B))}  # fmt: skip
    assert set(BLANK_CHARACTERS) == python | ecma


@pytest.mark.parametrize(
    ("text", "blank"),
    [("", True), (" \t\n", True), ("\ufeff", True), ("\x1c", True), ("\x85 ", True),
     (" a ", False), ("\u200b", False), ("é", False)],
)  # fmt: skip
def test_is_blank(text: str, blank: bool) -> None:
    assert is_blank(text) is blank
    assert bool(PATTERN.search(text)) is not blank


def test_is_valid_unicode_refuses_lone_surrogates_only() -> None:
    assert is_valid_unicode("ascii")
    assert is_valid_unicode("emoji \U0001f600")
    assert not is_valid_unicode("lone \ud800")
