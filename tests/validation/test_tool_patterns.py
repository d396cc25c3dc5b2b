"""The pattern dialect of tool schemas (``agent_ir.validation._pattern_dialect``,
``agent_ir.validation._tool_patterns``, ``docs/tool-schemas.md``), through ``validate_transcript``:
each escape with its ECMA-262 meaning inside and outside classes, the unasserted
constructs (lookaround, back-references) as annotations, broken patterns as one
INVALID_TOOL_DEFINITION at their place, and sentences that quote the pattern as written.

``tests/property/test_pattern_translation.py`` compares generated patterns with Node's
RegExp; these are the cases one by one.
"""

from __future__ import annotations

import copy
import re
import string
from pathlib import Path

import pytest

from agent_ir import DiagnosticCode
from agent_ir.validation._pattern_dialect import (
    PATTERN_REPEAT,
    PATTERN_SIZE,
    SPACE,
    UNASSERTED,
    read_pattern,
)
from agent_ir.validation._tool_patterns import compiled_form
from agent_ir.validation._tool_profile import read_profile

from support.tool_calls import check, codes

MISMATCH = DiagnosticCode.TOOL_ARGUMENTS_MISMATCH
INVALID = DiagnosticCode.INVALID_TOOL_DEFINITION
DOCS = Path(__file__).resolve().parents[2] / "docs" / "tool-schemas.md"
# pydantic's pattern for every Decimal field, seen in recorded real traffic
DECIMAL = "^(?!^[-+.]*$)[+-]?0*\\d*\\.?\\d*$"


def matches(pattern: str, text: str) -> bool:
    """Whether ``text`` matches ``pattern`` as a tool's parameters say."""
    parameters = {"properties": {"a": {"type": "string", "pattern": pattern}}}
    found = check(parameters, {"a": text})
    assert {d.code for d in found} <= {MISMATCH}, found
    return not found


# (pattern, a string it matches, a string it does not), each ECMA-262's verdict
ESCAPES = [
    ("^\\d$", "5", "٣"),
    ("^[\\d]$", "5", "٣"),
    ("^\\D$", "٣", "5"),
    ("^[\\D]$", "٣", "5"),
    ("^[^\\d]$", "a", "5"),
    ("^[^\\D]$", "5", "a"),
    ("^\\w$", "_", "é"),
    ("^[\\w]$", "Z", "é"),
    ("^\\W$", "é", "_"),
    ("^[^\\W]$", "a", "é"),
    ("^[^\\W_]$", "a", "_"),
    ("^[\\W\\d]$", "é", "a"),
    ("^[\\W\\d]$", "7", "a"),
    ("^\\s$", "\ufeff", "\x85"),
    ("^\\s$", "\u2029", "\u200b"),
    ("^[\\s]$", "\u3000", "\u180e"),
    ("^\\S$", "\x85", "\ufeff"),
    ("^[^\\s]$", "x", "\u00a0"),
    ("^[^\\S]$", "\u1680", "x"),
    ("^[\\S\\s]$", "\n", ""),
    ("^[^\\S\\s]?$", "", " "),
    ("\\ba", "éa", "ba"),  # é is no word character
    ("é\\b", "éa", "aé"),
    ("a\\B", "ab", "aé"),
    ("^[\\b]$", "\x08", "b"),
    ("^\\u0041$", "A", "a"),
    ("^\\x41$", "A", "a"),
    ("^[\\x41-\\x43]$", "B", "D"),
    ("^\\uD83D\\uDE00$", "😀", "😁"),
    ("^[\\uD83D\\uDE00]$", "😀", "a"),
    ("^\\uDBFF\\uDFFF$", "\U0010ffff", "\U0010fffe"),
    ("^\\uD800\\uDC00$", "\U00010000", "\uffff"),
    ("^\\cJ$", "\n", "cJ"),
    ("^\\0$", "\x00", "0"),
    ("^\\v\\f$", "\x0b\x0c", "vf"),
    ("^\\/$", "/", "\\/"),
    ("^\\-$", "-", "\\-"),
    ("^\\<$", "<", ""),  # Rust reads \< as a word start
    ("^[a\\-z]$", "-", "b"),
    ("^.$", "é", "\u2028"),
    ("^.$", "😀", "\r"),
    ("^[^]$", "\n", ""),
    ("^[]$|^a$", "a", ""),
    ("^[a[b]$", "[", "c"),
    ("^[a&&b]$", "&", "c"),
    ("^(?<year>\\d{4})$", "2024", "24"),
    ("]", "]", "a"),
    ("^\\t\\r\\n$", "\t\r\n", "trn"),
    ("^[a-zb]$", "q", "{"),  # a member inside a range before it
    ("^[a-cx-zy]$", "z", "d"),  # ... inside the last range, not the first
    ("^[^a-zc~]$", "{", "q"),  # the same, negated: no gap inside a range
    ("^[^a-cx-zy]$", "d", "z"),
    ("^a{2,2}$", "aa", "a"),  # a maximum equal to the minimum
    ("^x[\\b]$", "x\x08", "x\x07"),  # (not "^[\\b]$": the compiled cache would answer)
    ("^[\\b-\\n]$", "\x08", "\x07"),  # backspace starts a range
    ("^[a-a]$", "a", "b"),  # a range of one
    ("^[^\\uDBFF\\uDFFE]$", "\U0010ffff", "\U0010fffe"),  # all but the next-to-last
]


@pytest.mark.parametrize(("pattern", "inside", "outside"), ESCAPES)
def test_an_escape_has_its_ecma_262_meaning(pattern: str, inside: str, outside: str) -> None:
    assert matches(pattern, inside)
    assert not matches(pattern, outside)


def test_whitespace_is_exactly_ecma_262_s() -> None:
    """Every code point of the Basic Multilingual Plane: in ``\\s`` exactly when it is
    ECMA-262 white space or a line terminator (the same list in one pattern)."""
    space = {code for low, high in SPACE for code in range(low, high + 1)}
    spaces = "".join(chr(code) for code in range(0xD800) if code in space)
    others = [chr(code) for code in range(0xD800) if code not in space]

    assert matches("^\\s+$", spaces)
    assert not matches("\\s", "".join(others))
    assert matches("^\\S+$", "".join(others))
    assert sorted(space) == [
        0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, *range(0x2000, 0x200B), 0x2028,
        0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF,
    ]  # fmt: skip


def test_word_digit_and_dot_are_exactly_ecma_262s() -> None:
    """Every code point of the Basic Multilingual Plane on the side ECMA-262 puts it:
    ``\\w`` is the ASCII letters, digits and ``_``; ``\\d`` the ten digits; ``.`` every
    character but LF, CR, LS and PS."""
    plane = [chr(code) for code in range(0xD800)]
    for escape, inside in (
        ("w", string.ascii_letters + string.digits + "_"),
        ("d", string.digits),
    ):
        outside = "".join(char for char in plane if char not in inside)
        assert matches(f"^\\{escape}+$", inside)
        assert not matches(f"\\{escape}", outside)
        assert matches(f"^\\{escape.upper()}+$", outside)
    terminators = "\n\r\u2028\u2029"
    assert matches("^.+$", "".join(char for char in plane if char not in terminators))
    assert not any(matches("^.$", char) for char in terminators)


def test_real_date_patterns_check_real_calls() -> None:
    parameters = {
        "type": "object",
        "properties": {"day": {"type": "string", "pattern": "^\\d{4}-\\d{2}-\\d{2}$"}},
    }

    assert check(parameters, {"day": "2024-02-29"}) == []
    found = check(parameters, {"day": "2024-2-29"})
    assert codes(found) == [(MISMATCH.value, "/1/content/0/arguments/day")]


def test_a_mismatch_quotes_the_pattern_as_written_not_its_translation() -> None:
    found = check({"properties": {"day": {"pattern": "^\\d{4}$"}}}, {"day": "x"})

    assert [d.message for d in found] == [
        "the arguments of tool call 'c' do not match the parameters of tool 0 (t): "
        '"x" does not match "^\\d{4}$" (keyword pattern at /properties/day/pattern of the '
        "parameters)"
    ]


def test_two_patterns_with_one_translation_are_each_quoted_as_written() -> None:
    """``\\d`` and ``[0-9]`` are both ``[0-9]`` for Rust: each sentence still quotes its
    own pattern."""
    parameters = {
        "properties": {"a": {"pattern": "^\\d$"}, "b": {"pattern": "^[0-9]$"}},
        "propertyNames": {"pattern": "^[\\w]$"},
    }

    found = check(parameters, {"a": "x", "b": "y", "cc": 1})

    assert [d.message.split(": ", 1)[1] for d in found] == [
        '"cc" does not match "^[\\w]$" (keyword pattern at /propertyNames/pattern of the '
        "parameters)",
        '"x" does not match "^\\d$" (keyword pattern at /properties/a/pattern of the parameters)',
        '"y" does not match "^[0-9]$" (keyword pattern at /properties/b/pattern of the parameters)',
    ]


def test_three_patterns_with_one_translation_are_each_quoted_as_written() -> None:
    parameters = {
        "properties": {"a": {"pattern": "^\\d$"}, "b": {"pattern": "^[0-9]$"}},
        "patternProperties": {"^[\\d]$": {"pattern": "^[\\d]$"}},
        "additionalProperties": {"pattern": "^[0-9]$"},
    }

    found = check(parameters, {"a": "x", "b": "y", "5": "z", "c": "w"})

    assert [d.message.split(": ", 1)[1].split(" (keyword")[0] for d in found] == [
        '"x" does not match "^\\d$"',
        '"y" does not match "^[0-9]$"',
        '"w" does not match "^[0-9]$"',
        '"z" does not match "^[\\d]$"',
    ]


def test_parameters_without_patterns_are_compiled_as_they_are() -> None:
    """Nothing is copied when no pattern is translated."""
    parameters = {"properties": {"a": {"type": "string"}}}

    assert compiled_form(parameters, ()) == (parameters, {})
    assert compiled_form(parameters, ()).schema is parameters


def test_a_translation_no_other_pattern_has_is_compiled_as_it_is() -> None:
    parameters = {"properties": {"a": {"pattern": "^\\d$"}}, "patternProperties": {"^a$": {}}}
    patterns = read_profile(parameters, 10).patterns

    assert compiled_form(parameters, patterns) == (
        {"properties": {"a": {"pattern": "^[0-9]$"}}, "patternProperties": {"^a$": {}}},
        {"^[0-9]$": "^\\d$", "^a$": "^a$"},
    )


def test_a_pattern_properties_key_is_translated_and_named_as_written() -> None:
    parameters = {
        "type": "object",
        "patternProperties": {"^\\d+$": {"type": "integer"}},
        "additionalProperties": False,
    }

    assert check(parameters, {"12": 3}) == []
    found = check(parameters, {"12": "x", "x": 1})
    assert codes(found) == [
        (MISMATCH.value, "/1/content/0/arguments"),
        (MISMATCH.value, "/1/content/0/arguments/12"),
    ]
    assert "(keyword type at /patternProperties/^\\d+$/type of the parameters)" in (
        found[1].message
    )


def test_pattern_properties_inside_pattern_properties_are_translated_at_every_level() -> None:
    """Keys the dialect translates (``\\w``, ``\\d``) above and below: the inner keys are
    rewritten before the outer ones (the other order lost the inner schema's path, and
    the whole transcript "could not be validated (KeyError)"); an unasserted inner key
    still lets every name through; each keyword is named as written."""
    inner = {
        "additionalProperties": False,
        "patternProperties": {"^\\d+$": {"type": "string"}, "^(?=x)": {}},
    }
    parameters = {
        "type": "object",
        "additionalProperties": False,
        "patternProperties": {"^\\w+$": inner},
    }

    assert check(parameters, {"a": {"1": "one", "x": 2, "y": "z"}}) == []
    found = check(parameters, {"a": {"1": 1}, "-": 1})
    assert codes(found) == [
        (MISMATCH.value, "/1/content/0/arguments"),
        (MISMATCH.value, "/1/content/0/arguments/a/1"),
    ]
    assert found[1].message.endswith(
        "(keyword type at /patternProperties/^\\w+$/patternProperties/^\\d+$/type of the "
        "parameters)"
    )


def test_three_levels_of_translated_pattern_properties_keys() -> None:
    parameters = {
        "patternProperties": {
            "\\d": {
                "patternProperties": {"\\w": {"patternProperties": {"\\s": {"type": "integer"}}}}
            }
        }
    }
    patterns = read_profile(parameters, 10).patterns
    digit, word, space = (read_pattern(p).translated for p in ("\\d", "\\w", "\\s"))

    assert compiled_form(parameters, patterns) == (
        {
            "patternProperties": {
                digit: {
                    "patternProperties": {word: {"patternProperties": {space: {"type": "integer"}}}}
                }
            }
        },
        {space: "\\s", word: "\\w", digit: "\\d"},
    )
    assert check(parameters, {"1": {"a": {" ": 5}}}) == []
    assert codes(check(parameters, {"1": {"a": {" ": "x"}}})) == [
        (MISMATCH.value, "/1/content/0/arguments/1/a/ ")
    ]


@pytest.mark.parametrize(
    "pattern",
    [DECIMAL, "^(?=a)", "(?<=a)b", "(?<!a)b", "^(a)\\1$", "^(?<x>a)\\k<x>$", "(?=a)*b"],
)
def test_a_pattern_no_linear_engine_matches_is_not_asserted(pattern: str) -> None:
    """Lookaround and back-references: a string that fails the pattern is accepted, and
    the other keywords beside it are still asserted."""
    parameters = {
        "type": "object",
        "properties": {"a": {"type": "string", "maxLength": 3, "pattern": pattern}},
    }

    assert read_pattern(pattern).unasserted is not None
    assert check(parameters, {"a": "-+."}) == []
    assert codes(check(parameters, {"a": "abcd"})) == [(MISMATCH.value, "/1/content/0/arguments/a")]
    assert codes(check(parameters, {"a": 5})) == [(MISMATCH.value, "/1/content/0/arguments/a")]


def test_pydantic_s_decimal_field_checks_its_type_not_its_pattern() -> None:
    """The schema pydantic writes for ``Decimal`` (seen in recorded traffic): a number
    or a string matching ``DECIMAL``. The definition is valid; the pattern annotates."""
    parameters = {
        "type": "object",
        "properties": {
            "price": {"anyOf": [{"type": "number"}, {"type": "string", "pattern": DECIMAL}]}
        },
        "required": ["price"],
    }

    assert check(parameters, {"price": 1.5}) == []
    assert check(parameters, {"price": "1.50"}) == []
    assert check(parameters, {"price": "not checked"}) == []
    assert codes(check(parameters, {"price": None})) == [
        (MISMATCH.value, "/1/content/0/arguments/price")
    ]
    assert codes(check(parameters, {})) == [(MISMATCH.value, "/1/content/0/arguments")]


def test_an_unasserted_pattern_properties_key_applies_nothing_and_counts_no_name_additional() -> (
    None
):
    """Which names the key matches is unknown: its subschema is not applied, and no name
    is refused by additionalProperties or unevaluatedProperties for not matching it; the
    properties and other keys are still checked."""
    parameters = {
        "type": "object",
        "properties": {"n": {"type": "integer"}},
        "patternProperties": {"^(?!x)": {"type": "string"}, "^\\d$": {"type": "boolean"}},
        "additionalProperties": False,
    }
    unevaluated = {**parameters, "additionalProperties": True, "unevaluatedProperties": False}

    for schema in (parameters, unevaluated):
        assert check(schema, {"a": 1, "x": [], "n": 2}) == []
        assert codes(check(schema, {"n": "2"})) == [(MISMATCH.value, "/1/content/0/arguments/n")]
        assert codes(check(schema, {"5": 1})) == [(MISMATCH.value, "/1/content/0/arguments/5")]


def test_a_nested_pattern_properties_key_is_named_as_written() -> None:
    parameters = {"properties": {"a": {"patternProperties": {"^\\d$": {"type": "integer"}}}}}

    found = check(parameters, {"a": {"1": "x"}})

    assert [(d.path, d.message.split(": ", 1)[1]) for d in found] == [
        (
            "/1/content/0/arguments/a/1",
            '"x" is not of type "integer" (keyword type at /properties/a/patternProperties/'
            "^\\d$/type of the parameters)",
        )
    ]


def test_an_invalid_keyword_holding_an_array_is_named_with_its_value() -> None:
    """The value jsonschema-rs refuses is read back as written (a pattern would be):
    an array or object is no pattern, and is shown as it is."""
    assert [(d.path, d.message) for d in check({"properties": {"a": {"minimum": []}}}, {})] == [
        (
            "/parameters/properties/a/minimum",
            'parameters is not a valid JSON Schema: [] is not of type "number"',
        )
    ]


def test_an_unasserted_pattern_in_defs_and_property_names_is_not_asserted() -> None:
    parameters = {
        "type": "object",
        "propertyNames": {"pattern": "^(?!_)"},
        "properties": {"a": {"$ref": "#/$defs/code"}},
        "$defs": {"code": {"type": "string", "pattern": "^(\\w)\\1$"}},
    }

    assert check(parameters, {"_b": 1, "a": "xy"}) == []
    assert codes(check(parameters, {"a": 1})) == [(MISMATCH.value, "/1/content/0/arguments/a")]


def test_the_parameters_are_not_changed_by_compiling_them() -> None:
    parameters = {
        "properties": {"a": {"pattern": "\\d"}, "b": {"pattern": DECIMAL}},
        "patternProperties": {"\\w": {}, "(?=a)": {}},
        "$defs": {"x": {"items": [{"pattern": "\\s"}]}},
    }
    before = copy.deepcopy(parameters)

    check(parameters, {"a": "1"})

    assert parameters == before


@pytest.mark.parametrize(
    ("pattern", "words"),
    [
        ("(a", "has a ( that is never closed"),
        ("a)", "has a ) that closes no group"),
        ("*a", "has the quantifier * with nothing to repeat"),
        ("a**", "has the quantifier * with nothing to repeat"),
        ("^*", "has the quantifier * with nothing to repeat"),
        ("a|+", "has the quantifier + with nothing to repeat"),
        ("a{2,1}", "has the quantifier {2,1}, its minimum above its maximum"),
        ("a{10,9}", "has the quantifier {10,9}, its minimum above its maximum"),
        ("[z-a]", "has the range z-a out of order"),
        ("[\\d-z]", "has a range with a class escape at one end (such as [\\d-z])"),
        ("[ab", "has a class that is never closed"),
        ("(?=a", "has a ( that is never closed"),
        ("(?=a)\\p{L}", "uses the escape \\p"),
        ("(?i)a", "opens the group (?i (no lookaround, named group or (?:)"),
        ("\\u{41}", "uses \\u{...}, a code point only with the u flag (write \\uXXXX)"),
        ("\\uD800", "uses \\uD800, a lone surrogate, which no string holds"),
        ("\\x4", "uses \\x without 2 hex digits after it"),
        ("\\u004", "uses \\u without 4 hex digits after it"),
        ("\\c1", "uses \\c without an ASCII letter after it"),
        ("\\01", "uses \\0 followed by a digit (an octal escape)"),
        ("\\k", "uses the escape \\k without a <name>"),
        ("a++", "uses a possessive quantifier"),
        ("a{", "has a { that starts no {n}, {n,} or {n,m} (write \\{)"),
        ("a}", "has a } that ends no quantifier (write \\})"),
        ("a\\", "ends with a lone \\"),
        ("[\\B]", "uses the escape \\B"),
        ("(?<x>a)\\k<x>)", "has a ) that closes no group"),  # read on after a reference
        ("(a)\\1)", "has a ) that closes no group"),
        ("(a)\\12)", "has a ) that closes no group"),
        ("\\012", "uses \\0 followed by a digit (an octal escape)"),
        ("\\u0041\\uDC00", "uses \\uDC00, a lone surrogate, which no string holds"),
        ("\\uD7FF\\uDC00", "uses \\uDC00, a lone surrogate, which no string holds"),
        ("\\uDC00\\uDC00", "uses \\uDC00, a lone surrogate, which no string holds"),
        ("\\uD83D\\u00", "uses \\uD83D, a lone surrogate, which no string holds"),
        ("\\uD83D\\uDBFF", "uses \\uD83D, a lone surrogate, which no string holds"),
        ("\\uD83D\\uE000", "uses \\uD83D, a lone surrogate, which no string holds"),
        ("\\uDFFF", "uses \\uDFFF, a lone surrogate, which no string holds"),
    ],
)
def test_a_broken_or_foreign_pattern_is_one_invalid_definition_at_its_place(
    pattern: str, words: str
) -> None:
    """Broken syntax, and constructs read differently by the engines (refused even
    beside an unasserted construct): one INVALID_TOOL_DEFINITION quoting the pattern,
    its whole sentence."""
    for parameters, path in (
        ({"properties": {"a": {"pattern": pattern}}}, "/parameters/properties/a/pattern"),
        ({"patternProperties": {pattern: {}}}, "/parameters/patternProperties/" + pattern),
    ):
        found = check(parameters, {"a": "x"})

        assert codes(found) == [(INVALID.value, path.replace("~", "~0"))]
        assert found[0].message.endswith(
            f" is the pattern {pattern!r}, which {words}: the tool-schema profile reads "
            "ECMA-262 patterns, matched in linear time"
        )


_TOO_LARGE = (
    "is more than 4096 characters long once each repetition is written out (the pattern "
    "size, which keeps it within what Rust's regex compiles)"
)
_TOO_REPEATED = (
    "repeats an atom more than 1000 times (counted quantifiers, nested ones multiplied: "
    "the bound of RE2's engines)"
)


def test_a_pattern_past_the_engines_bounds_is_refused_at_its_place() -> None:
    """Before: a translation past Rust's regex size limit was refused by the engine
    (Python) at the pattern and by the TypeScript package at ``/parameters``; the
    profile's own bounds refuse it alike, at its place, the key of patternProperties
    too."""
    for parameters, path, where in (
        (
            {"properties": {"a": {"pattern": "\\w{99999999}"}}},
            "/parameters/properties/a/pattern",
            "parameters.properties.a.pattern",
        ),
        (
            {"patternProperties": {"\\w{99999999}": {}}},
            "/parameters/patternProperties/\\w{99999999}",
            'parameters.patternProperties["\\\\w{99999999}"]',
        ),
    ):
        found = check(parameters, {})

        assert codes(found) == [(INVALID.value, path)]
        assert found[0].message == (
            f"{where} is the pattern '\\\\w{{99999999}}', which {_TOO_REPEATED}: the "
            "tool-schema profile reads ECMA-262 patterns, matched in linear time"
        )
    found = check({"properties": {"a": {"pattern": "x" * 4097}}}, {})
    assert codes(found) == [(INVALID.value, "/parameters/properties/a/pattern")]
    assert f", which {_TOO_LARGE}: the tool-schema profile" in found[0].message


@pytest.mark.parametrize(
    ("pattern", "size", "repeated"),
    [
        ("x" * 4096, 4096, 1),
        ("a{1000}", 1000, 1000),
        (".{1000}" + "x" * 3096, 4096, 1000),
        ("\U0001fae8{1000}" + "\U0001fae8" * 3096, 4096, 1000),
        ("(a{10}){100}", 12 * 100, 1000),  # a group counts its parentheses
        ("((a{2})b){500}", (3 + 2 + 1 + 1) * 500, 1000),
        ("(?:a){819}", 5 * 819, 819),
        ("a{3,1000}", 1000, 1000),
        ("a{1000,}", 1000, 1000),
        ("a{0}" * 1000, 1000, 0),  # written once, repeated no time
        ("(?:a{1000}){0}", 1004, 0),
        ("(a*){1000}", 4000, 1000),
        ("a{3,}" * 1000, 3000, 3),
        ("(?:a{0,}){0,1}" * 10, 60, 1),
        ("a{1000}(b{1}){2}", 1000 + 3 * 2, 1000),  # a group counts the repetitions inside it
        ("a{1000}((b)c){2}", 1000 + 6 * 2, 1000),
        ("(" + "x" * 60 + "y{19}){50}", (62 + 19) * 50, 950),
        ("x" * 4095 + "a*", 4096, 1),  # *, + and ? write their atom once
        ("x" * 4094 + "a+?", 4096, 1),  # a lazy ? is written out as a character
    ],
)
def test_a_pattern_within_the_bounds_is_translated(pattern: str, size: int, repeated: int) -> None:
    assert size <= PATTERN_SIZE
    assert repeated <= PATTERN_REPEAT
    assert read_pattern(pattern).translated is not None


@pytest.mark.parametrize(
    ("pattern", "problem"),
    [
        ("x" * 4097, _TOO_LARGE),
        ("(?:ab){1000}", _TOO_LARGE),
        (".{1000}" * 5, _TOO_LARGE),
        ("(?:a{0}){1000}", _TOO_LARGE),
        ("a{0}" * 4097, _TOO_LARGE),
        ("a{1001}", _TOO_REPEATED),
        ("a{1001,}", _TOO_REPEATED),
        ("a{3,1001}", _TOO_REPEATED),
        ("a{" + "0" * 9 + "1001}", _TOO_REPEATED),
        ("(a{10}){101}", _TOO_REPEATED),
        ("(?:a{1000}){2}", _TOO_REPEATED),
        ("((a{2})b){501}", _TOO_REPEATED),
        ("((a{20}){20}){20}", _TOO_REPEATED),
        ("(ab){1001}", _TOO_REPEATED),  # a group without a quantifier inside counts once
        ("((a{10})b){101}", _TOO_REPEATED),  # through a group that is not repeated
        ("(" + "x" * 60 + "y{20}){50}", _TOO_LARGE),  # the count inside, times the group's
        ("x" * 4096 + "a?", _TOO_LARGE),
        ("\\w{99999999}", _TOO_REPEATED),
        ("(?:(?:(?:a{4097}){4097}){4097}){4097}", _TOO_REPEATED),
    ],
)
def test_a_pattern_past_a_bound_is_refused(pattern: str, problem: str) -> None:
    assert read_pattern(pattern).problem == problem


def test_an_unasserted_pattern_is_never_too_large() -> None:
    """It is never compiled: the two bounds are for translated patterns only."""
    assert read_pattern("(?=a)a{5000}").unasserted == "a lookahead"
    assert read_pattern("(?=a)" + "a" * 5000).unasserted == "a lookahead"


def test_the_unasserted_constructs_are_the_documented_list() -> None:
    """``UNASSERTED`` is data the TypeScript package reads alike: every opening is in the
    docs page's list, and the list names no other."""
    documented = DOCS.read_text(encoding="utf-8").split("## Patterns", 1)[1]
    listed = documented.split("**Not asserted**", 1)[1].split("\n\n", 1)[0]
    openings = set(re.findall(r"`([^`]+)`", listed))

    shown = {"\\k<name>" if opening == "\\k<" else opening for opening in UNASSERTED}
    shown -= {f"\\{digit}" for digit in "2345678"}  # written "\\1 to \\9"
    assert openings == shown


def test_a_quantifier_bound_of_any_length_is_read_without_int() -> None:
    """``int`` refuses more than 4,300 digits: a bound is compared without it."""
    digits = "9" * 5000

    assert read_pattern("a{" + digits + ",1}").problem == (
        "has the quantifier {" + digits + ",1}, its minimum above its maximum"
    )
    assert read_pattern("a{1," + digits + "}").problem == _TOO_REPEATED
