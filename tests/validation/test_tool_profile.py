"""The tool-schema profile (``agent_ir.validation._tool_profile``, ``docs/tool-schemas.md``): the
hostile tool schemas of issue 36, each now one documented diagnostic in bounded memory,
and evaluation that does not grow with the routes through a schema.

Each test is built from a measured defect (the figures in its docstring are before the
profile). No wall-clock time is asserted: counts of diagnostics, growth ratios, and
memory ceilings (tracemalloc, or the resident size of a subprocess). The cases that
took the interpreter down run in a subprocess, through the library and the command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from agent_ir import Diagnostic, DiagnosticCode
from agent_ir.validation import _tools
from agent_ir.validation._tool_profile import LIMITS, check_profile, pattern_problem

from support.cli import run
from support.tool_calls import check, codes, transcript

MISMATCH = DiagnosticCode.TOOL_ARGUMENTS_MISMATCH
INVALID = DiagnosticCode.INVALID_TOOL_DEFINITION


def chain(links: int, combinator: str = "allOf") -> dict[str, Any]:
    """``links`` $defs, each referring to the next through ``combinator``; the last one
    asks for a string. Property ``a`` refers to the first."""
    defs: dict[str, Any] = {
        f"d{i}": {combinator: [{"$ref": f"#/$defs/d{i + 1}"}]} for i in range(links - 1)
    }
    defs[f"d{links - 1}"] = {"type": "string"}
    return {"type": "object", "properties": {"a": {"$ref": "#/$defs/d0"}}, "$defs": defs}


def doubling(levels: int, combinator: str = "allOf") -> dict[str, Any]:
    """Each level ``{combinator: [{"$ref": next}, {"$ref": next}]}``: 2^levels routes to
    the last, a string."""
    defs: dict[str, Any] = {
        f"d{i}": {combinator: [{"$ref": f"#/$defs/d{i + 1}"}, {"$ref": f"#/$defs/d{i + 1}"}]}
        for i in range(levels)
    }
    defs[f"d{levels}"] = {"type": "string"}
    return {"type": "object", "properties": {"a": {"$ref": "#/$defs/d0"}}, "$defs": defs}


def peak_of(parameters: Any, arguments: Any) -> tuple[list[Diagnostic], int]:
    """The diagnostics and the tracemalloc peak (bytes) of one check. tracemalloc counts
    Python's allocations only: jsonschema-rs's own (Rust) copy of a failing object or
    array per error is not in it (150 failing subschemas at a 1 MB object: 1.6 MB
    traced, 150 MB resident); a failing string's copies are (its Python copy per error)."""
    tracemalloc.start()
    try:
        found = check(parameters, arguments)
        return found, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# --- the cases of the issue ----------------------------------------------------------

_LIBRARY = textwrap.dedent(
    """
    import json, sys
    from agent_ir import validate_transcript
    line = json.loads(sys.stdin.read())
    for d in validate_transcript(line["messages"], tools=line["tools"]):
        print(d.code.value, d.path, d.message[:160])
    """
)


def _subprocess_env() -> dict[str, str]:
    src = str(Path(__file__).resolve().parents[2] / "src")
    tests = str(Path(__file__).resolve().parents[1])  # support, beside this module's folder
    found = os.environ.get("PYTHONPATH", "")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([src, tests, *([found] if found else [])])}


def test_a_2mb_chain_of_45000_defs_is_one_diagnostic_not_a_segfault(tmp_path: Path) -> None:
    """Before: SIGSEGV (exit 139) while the errors were listed; with --jobs 2 the whole
    file was reported unreadable."""
    hostile = {"id": "hostile", "messages": transcript({"a": 1}), "tools": [
        {"name": "t", "parameters": chain(45_000)}]}  # fmt: skip
    text = json.dumps(hostile)
    assert len(text) > 2_000_000

    library = subprocess.run(
        [sys.executable, "-c", _LIBRARY], input=text, capture_output=True, text=True,
        env=_subprocess_env(), timeout=300, check=False,
    )  # fmt: skip
    assert library.returncode == 0, library.stderr
    assert library.stdout.startswith(
        f"INVALID_TOOL_DEFINITION /parameters parameters is {len(json.dumps(chain(45_000), separators=(',', ':')))} bytes"
    ), library.stdout

    good = {"id": "good", "messages": transcript({"a": "x"}), "tools": [
        {"name": "t", "parameters": chain(3)}]}  # fmt: skip
    dataset = tmp_path / "lines.jsonl"
    dataset.write_text("\n".join([json.dumps(good), text, json.dumps(good)]) + "\n")
    for jobs in ("1", "2"):
        ran = run("validate", "--jobs", jobs, "--quiet", dataset, timeout=300)
        assert ran.status == 1, ran  # one invalid transcript: not 139, not 2
        reported = [line for line in ran.lines() if line.startswith(f"{dataset}:")]
        assert len(reported) == 1, ran
        assert reported[0].startswith(f"{dataset}:2: [hostile] tool 0 INVALID_TOOL_DEFINITION: ")


def test_a_reference_chain_is_refused_past_the_limit_at_its_link() -> None:
    inside = check(chain(LIMITS.reference_depth), {"a": 1})
    outside = check(chain(LIMITS.reference_depth + 2), {"a": 1})

    assert codes(inside) == [(MISMATCH.value, "/1/content/0/arguments/a")]
    assert [d.code for d in outside] == [INVALID]
    assert outside[0].path.startswith("/parameters/$defs/d")
    assert f"follows more than {LIMITS.reference_depth} references in a row" in outside[0].message


@pytest.mark.parametrize(
    ("links", "words"),
    [(2_000, "follows more than 32 references in a row"), (8_000, "bytes of JSON Schema")],
)
def test_an_anyof_chain_of_thousands_of_defs_is_refused_in_little_memory(
    links: int, words: str
) -> None:
    """Before: 2,000 links (95 KB) took 352 MB for one call, 8,000 took 2.7 GB then
    SIGSEGV. 8,000 links are past the profile's bytes."""
    found, peak = peak_of(chain(links, "anyOf"), {"a": 1})

    assert [d.code for d in found] == [INVALID]
    assert words in found[0].message
    assert peak < 40 * 1024 * 1024


def test_the_profile_check_grows_linearly_with_the_chain() -> None:
    """The check walks with explicit stacks and counts routes with memoization: its
    memory at 4,000 links is about twice that at 2,000 (fresh schemas: the cache keeps
    what a schema gave)."""
    _, small = peak_of({**chain(2_000, "anyOf"), "title": "linear 2000"}, {"a": 1})
    _, large = peak_of({**chain(4_000, "anyOf"), "title": "linear 4000"}, {"a": 1})

    assert large / small < 2.6


def test_each_doubling_level_adds_no_diagnostic() -> None:
    """Before: each level doubled the diagnostics (14 levels: 16,384 identical
    TOOL_ARGUMENTS_MISMATCH); the same keyword reached by many routes is one."""
    three = check(doubling(3), {"a": 1})
    six = check(doubling(6), {"a": 1})

    assert codes(three) == codes(six) == [(MISMATCH.value, "/1/content/0/arguments/a")]
    assert "keyword type at /$defs/d6/type" in six[0].message


def test_a_doubling_schema_past_the_unfolded_limit_is_refused() -> None:
    found = check(doubling(14), {"a": 1})

    assert codes(found) == [(INVALID.value, "/parameters/properties/a")]
    assert f"evaluates more than {LIMITS.unfolded} subschemas at one place" in found[0].message


def test_a_doubling_anyof_with_a_valid_call_is_refused_not_evaluated_2_to_the_28_times() -> None:
    """Before: 28 levels took 2.7 s per call (34 levels minutes), on every line."""
    parameters = doubling(28, "anyOf")
    parameters["properties"]["a"] = {"anyOf": [{"$ref": "#/$defs/d0"}, {"type": "integer"}]}

    found, peak = peak_of(parameters, {"a": 1})

    assert codes(found) == [(INVALID.value, "/parameters/properties/a")]
    assert peak < 2 * 1024 * 1024


def test_failing_subschemas_against_a_large_argument_keep_no_sentence_copies() -> None:
    """Before: 150 failing subschemas against a 1 MB string peaked at 456 MB (RSS; 603 MB
    tracemalloc): each error's sentence, and its long form, held the value again. Now
    a sentence quotes the value cut, and jsonschema-rs's Python binding, which builds
    every error at once with its own copy of the failing value, is asked for them only
    while the copies stay within the explained work (argument bytes x the widest place):
    at 100 KB the 150 are explained, one copy each; at 1 MB the call is one mismatch
    and no copy is made."""

    def parameters(failing: int) -> dict[str, Any]:
        return {"type": "object", "properties": {"a": {"allOf": [
            {"type": "integer", "title": str(i)} for i in range(failing)]}}}  # fmt: skip

    explained = "x" * 100_000
    found, peak = peak_of(parameters(150), {"a": explained})
    _, half = peak_of(parameters(75), {"a": explained})

    listed = [d for d in found if "keyword type" in d.message]
    assert len(listed) == LIMITS.errors_per_call
    assert all(len(d.message) < 800 for d in found)
    assert found[0].path == "/1/content/0/arguments"
    assert f"in {150 - LIMITS.errors_per_call} more places not listed" in found[0].message
    assert peak < 1.25 * 150 * len(explained)  # one copy per error at most, was four
    assert 1.6 < peak / half < 2.4  # linear in the failing subschemas

    megabyte = "x" * 1_000_000
    found, peak = peak_of(parameters(150), {"a": megabyte})
    _, half = peak_of(parameters(75), {"a": megabyte})

    assert [(d.code, d.path) for d in found] == [(MISMATCH, "/1/content/0/arguments")]
    assert found[0].message == (
        "the arguments of tool call 'c' do not match the parameters of tool 0 (t); the "
        "places are not listed: explaining them would cost 151618647 bytes (2 values at "
        "2048 and 1000001 bytes of text, times the 151 subschemas evaluated at one place), "
        f"more than the {LIMITS.explained_work} explained per tool call"
    )
    # The copies reading the transcript makes, none per subschema (150 MB before).
    assert peak < 2 * len(megabyte)
    assert peak / half < 1.1


def test_keys_0_and_00_get_one_mismatch_each() -> None:
    """Before: two diagnostics at /arguments/0 (jsonschema-rs reads both keys as 0)."""
    found = check({"type": "object", "additionalProperties": {"type": "string"}}, {"0": 1, "00": 1})

    assert codes(found) == [
        (MISMATCH.value, "/1/content/0/arguments/0"),
        (MISMATCH.value, "/1/content/0/arguments/00"),
    ]


def test_a_const_with_a_prototype_name_is_a_plain_value() -> None:
    parameters = {"type": "object", "properties": {"a": {"const": {"toString": 1}}}}

    assert check(parameters, {"a": {"toString": 1}}) == []
    assert codes(check(parameters, {"a": {"toString": 2}})) == [
        (MISMATCH.value, "/1/content/0/arguments/a")
    ]


def test_a_schema_that_refers_to_itself_in_place_is_refused_as_a_cycle() -> None:
    found = check({"not": {"$ref": "#"}}, {"a": 1})

    assert codes(found) == [(INVALID.value, "/parameters/not/$ref")]
    assert "without descending into the arguments" in found[0].message


def test_the_compiled_schema_cache_is_bounded_in_bytes() -> None:
    """Before: bounded by count only; a distinct 270 KB schema per line kept 2.7 MB per
    line (160 lines: 464 MB). The resident size of a process checking 90 lines, each
    with a distinct 200 KB schema, grows by less than a tenth of that."""
    program = textwrap.dedent(
        """
        import sys
        from agent_ir import validate_transcript
        from agent_ir.validation import _tools
        sys.path.insert(0, sys.argv[1])
        from test_tool_profile import transcript

        def rss():
            with open("/proc/self/statm") as f:
                return int(f.read().split()[1]) * 4096

        def line(n):
            props = {f"p{n}_{i}": {"type": "string", "description": "d" * 150}
                     for i in range(1000)}
            return [{"name": "t", "parameters": {"type": "object", "properties": props}}]

        for n in range(30):
            validate_transcript(transcript({}), tools=line(n))
        before = rss()
        for n in range(30, 120):
            validate_transcript(transcript({}), tools=line(n))
        print(rss() - before, _tools._VALIDATORS.size, len(_tools._VALIDATORS.cache))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", program, str(Path(__file__).parent)], capture_output=True,
        text=True, env=_subprocess_env(), timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    growth, size, entries = (int(part) for part in done.stdout.split())
    assert size <= _tools.CACHE_BYTES
    assert 10 <= entries <= _tools.CACHE_BYTES // 180_000
    assert growth < 90 * 2_700_000 / 10, growth


# --- the profile's rules ---------------------------------------------------------------


def test_recursion_that_descends_into_the_arguments_is_inside_the_profile() -> None:
    tree = {
        "$ref": "#/$defs/node",
        "$defs": {"node": {"type": "object", "properties": {
            "name": {"type": "string"},
            "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}},
    }  # fmt: skip
    arguments: dict[str, Any] = {"name": 5}
    for _ in range(20):
        arguments = {"name": "n", "children": [arguments]}

    found = check(tree, arguments)

    assert codes(found) == [
        (MISMATCH.value, "/1/content/0/arguments" + "/children/0" * 20 + "/name")
    ]


def test_recursion_that_multiplies_at_each_level_is_refused() -> None:
    growing = {
        "$ref": "#/$defs/n",
        "$defs": {
            "n": {"properties": {"a": {"allOf": [{"$ref": "#/$defs/n"}, {"$ref": "#/$defs/n"}]}}}
        },
    }

    found = check(growing, {})

    assert [d.code for d in found] == [INVALID]
    assert "subschemas at one place" in found[0].message


def test_more_failing_keywords_than_the_cap_are_counted_not_listed() -> None:
    properties = {f"p{i:03}": {"type": "string"} for i in range(100)}
    found = check({"type": "object", "properties": properties}, dict.fromkeys(properties, 1))

    assert len(found) == LIMITS.errors_per_call + 1
    assert found[0].path == "/1/content/0/arguments"
    assert f"in {100 - LIMITS.errors_per_call} more places" in found[0].message
    assert [d.path for d in found[1:]] == [
        f"/1/content/0/arguments/p{i:03}" for i in range(LIMITS.errors_per_call)
    ]


@pytest.mark.parametrize(
    ("parameters", "path", "words"),
    [
        (  # (not the sentences' test's schema: see below)
            {"$defs": {"b": {"$id": "https://x/b"}}},
            "/parameters/$defs/b/$id",
            "$id inside a subschema",
        ),
        ({"$dynamicRef": "#a"}, "/parameters/$dynamicRef", "dynamic references"),
        (
            {"$schema": "https://json-schema.org/draft/2019-09/schema"},
            "/parameters/$schema",
            "dialect",
        ),
        # (not the sentences' test's schemas below: the compiled-schema cache would answer
        # that test without reading its schema, and a changed sentence would go unseen)
        ({"enum": list(range(1, LIMITS.enum_values + 2))}, "/parameters/enum", "values, more than"),
        ({"const": "y" * LIMITS.literal_bytes}, "/parameters/const", "bytes of JSON, more than"),
        ({"$ref": "#nowhere"}, "/parameters/$ref", "no $anchor of the parameters"),
        ({"$ref": "#/$defs/x/0"}, "/parameters/$ref", "which is not in them"),
        (
            {"properties": {"a": {"pattern": "(?i)a"}}},
            "/parameters/properties/a/pattern",
            "group (?i",
        ),
        (
            {"patternProperties": {"\\p{Greek}": {}}},
            "/parameters/patternProperties/\\p{Greek}",
            "escape \\p",
        ),
    ],
)
def test_a_construct_outside_the_profile_is_one_diagnostic_at_its_place(
    parameters: dict[str, Any], path: str, words: str
) -> None:
    found = check(parameters, {})

    assert codes(found) == [(INVALID.value, path)]
    assert words in found[0].message


def test_nesting_deeper_than_the_limit_is_refused() -> None:
    inside: dict[str, Any] = {"type": "string"}
    for _ in range(LIMITS.nesting_depth):
        inside = {"items": inside}
    deep: dict[str, Any] = {"type": "string"}
    for _ in range(LIMITS.nesting_depth + 1):
        deep = {"not": deep}

    assert check_profile(inside, 10) is None
    refusal = check_profile(deep, 10)
    assert refusal is not None
    assert len(refusal.path) == LIMITS.nesting_depth + 1


def test_more_subschemas_than_the_limit_are_refused() -> None:
    many = {"properties": {f"p{i}": {} for i in range(LIMITS.subschemas)}}

    refusal = check_profile(many, 10)

    assert refusal is not None
    assert "more than 10000 subschemas" in refusal.reason


@pytest.mark.parametrize(
    "pattern",
    ["(?i)a", "\\Aa", "a++", "a*+", "\\p{Greek}", "\\P{L}", "\\u{41}", "\\uD800", "\\01",
     "\\a", "\\z", "\\é", "\\k", "\\c1", "\\x4", "(?P<n>a)", "[a--b]", "a{", "x{,3}", "a}",
     "[ab", "a\\", "(a", "a)", "*a", "a**", "^*", "\\b+", "a|?", "a{2,1}", "[z-a]", "[\\d-z]",
     "[a-\\w]", "(?=a", "[\\B]", "[\\1]"],
)  # fmt: skip
def test_a_pattern_outside_the_dialect_is_named(pattern: str) -> None:
    assert pattern_problem(pattern) is not None


@pytest.mark.parametrize(
    "pattern",
    ["^[a-z]+$", "^(a|b)*?$", "a{2,3}", "a{2,}", "\\.", "^(?:ab)+$", "[\\]]", "[^a-c-]",
     "^\\$\\{x\\}$", "é+", "\\n\\t", "a??", "^(a|a)*$", "[^]", "[]", "\\0", "[\\b]",
     "\\bword", "\\d", "\\w", "\\s", "\\u0041", "\\x41", "(?=a)", "(?<n>a)", "(a)\\1",
     "[a[b]]", "[a&&b]", "\\/\\-\\<\\:", "]", "\\cJ", "\\uD83D\\uDE00", "(?<!a)b"],
)  # fmt: skip
def test_a_pattern_of_the_dialect_is_accepted(pattern: str) -> None:
    assert pattern_problem(pattern) is None


def test_a_backtracking_pattern_is_matched_in_linear_time() -> None:
    """``^(a|a)*$`` against 30 a's and "!": minutes in a backtracking engine; Rust's
    regex answers at once (a hang would be this test's timeout)."""
    parameters = {"type": "object", "properties": {"a": {"type": "string", "pattern": "^(a|a)*$"}}}

    assert codes(check(parameters, {"a": "a" * 30 + "!"})) == [
        (MISMATCH.value, "/1/content/0/arguments/a")
    ]
    assert check(parameters, {"a": "a" * 30}) == []


def test_draft_07_reads_a_ref_alone() -> None:
    """draft-07 ignores the keywords beside a $ref, so they add no work and no verdict."""
    parameters = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "definitions": {"s": {"type": "string"}},
        "properties": {"a": {"$ref": "#/definitions/s", "minLength": 5}},
    }

    assert check(parameters, {"a": "ab"}) == []
    assert codes(check(parameters, {"a": 1})) == [(MISMATCH.value, "/1/content/0/arguments/a")]


def test_format_is_an_annotation_in_both_dialects() -> None:
    for dialect in (
        "https://json-schema.org/draft/2020-12/schema",
        "http://json-schema.org/draft-07/schema#",
    ):
        parameters = {"$schema": dialect, "properties": {"a": {"format": "email"}}}
        assert check(parameters, {"a": "not an email"}) == []


def test_a_failing_call_costs_memory_linear_in_its_failing_places() -> None:
    """Inside the profile and the explained work, explaining a failing call grows with
    its failing places, not faster: 28 failing items take about twice the memory of 14
    (the routes of the schema, 128 here, are a constant factor bounded by the unfolded
    limit; 28 items at its widest place, 510 subschemas, are near the explained work)."""
    parameters = doubling(7)
    parameters["properties"]["a"] = {"type": "array", "items": {"$ref": "#/$defs/d0"}}

    found, small = peak_of(parameters, {"a": [1] * 14})
    listed, large = peak_of(parameters, {"a": [1] * 28})

    assert len(found) == 14
    assert [d.path for d in listed] == [f"/1/content/0/arguments/a/{i}" for i in range(28)]
    assert 1.6 < large / small < 2.4


def test_the_limits_are_the_documented_table() -> None:
    """docs/tool-schemas.md states each limit; the TypeScript package reads the same."""
    page = Path(__file__).resolve().parents[2] / "docs" / "tool-schemas.md"
    table = page.read_text(encoding="utf-8").split("## Limits", 1)[1].split("\n\n", 2)[1]
    rows = [line.split("|")[1:3] for line in table.splitlines()[2:]]

    assert [(name.strip(), int(value.replace(",", ""))) for name, value in rows] == [
        ("schema bytes", 262_144),
        ("subschemas", 10_000),
        ("nesting depth", 48),
        ("reference depth", 32),
        ("unfolded work", 1_000),
        ("enum values", 1_024),
        ("enum and const bytes", 65_536),
        ("analysis steps", 200_000),
        ("errors per call", 32),
        ("explained work", 33_554_432),
        ("value bytes", 2_048),
        ("pattern size", 4_096),
        ("pattern repeat", 1_000),
    ]
    assert [int(value.replace(",", "")) for _, value in rows] == list(LIMITS)


def test_a_schema_of_exactly_the_byte_limit_is_inside_and_one_more_byte_is_not() -> None:
    assert check_profile({}, LIMITS.schema_bytes) is None
    assert check_profile({}, LIMITS.schema_bytes + 1) == (
        (),
        "is 262145 bytes of JSON Schema, more than the 262144 of the tool-schema profile",
    )


def _deep(levels: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    for _ in range(levels):
        schema = {"not": schema}
    return schema


@pytest.mark.parametrize(
    ("parameters", "path", "sentence"),
    [
        (
            {"properties": {f"p{i}": {} for i in range(LIMITS.subschemas)}},
            "/parameters/properties/p9999",
            "parameters.properties.p9999 has more than 10000 subschemas (the tool-schema profile)",
        ),
        (
            {"enum": list(range(LIMITS.enum_values + 1))},
            "/parameters/enum",
            "parameters.enum lists 1025 values, more than the 1024 of the tool-schema profile",
        ),
        (
            {"const": "x" * LIMITS.literal_bytes},
            "/parameters/const",
            "parameters.const is 65538 bytes of JSON, more than the 65536 of the tool-schema "
            "profile",
        ),
        (
            {"$ref": "https://x/y"},
            "/parameters/$ref",
            "parameters[\"$ref\"] refers to 'https://x/y', outside them: a $ref of the "
            "tool-schema profile is local (# then a JSON Pointer or an anchor), never fetched",
        ),
        (
            {"$ref": "#a:b"},
            "/parameters/$ref",
            "parameters[\"$ref\"] refers to '#a:b', no anchor",
        ),
        (
            {"$ref": "#a b"},
            "/parameters/$ref",
            "parameters[\"$ref\"] refers to '#a b', which is no fragment of the tool-schema "
            "profile (letters, digits and -._~!$&'()*+,;=:@/? only: no percent-encoding, which "
            "the engines read differently, and no other character)",
        ),
        (
            {"$defs": {"a": {}}, "$ref": "#/$defs/%61"},
            "/parameters/$ref",
            "parameters[\"$ref\"] refers to '#/$defs/%61', which is no fragment of the "
            "tool-schema profile (letters, digits and -._~!$&'()*+,;=:@/? only: no "
            "percent-encoding, which the engines read differently, and no other character)",
        ),
        (
            {"required": ["a"], "$ref": "#/required"},
            "/parameters/$ref",
            "parameters[\"$ref\"] refers to '#/required', which is no schema",
        ),
        (
            {"$defs": {"x": 5}, "$ref": "#/$defs/x"},
            "/parameters/$defs/x",
            'parameters["$defs"].x is no schema of $defs: it must be an object or a boolean',
        ),
        (
            {"properties": {"a": {"$comment": {}}}},
            "/parameters/properties/a/$comment",
            'parameters.properties.a["$comment"] is no valid $comment: it must be a string',
        ),
        (
            {"allOf": [], "$anchor": "1bad"},
            "/parameters/allOf",
            "parameters.allOf is no valid allOf: it must be a non-empty array of schemas",
        ),
        (
            {"$anchor": "1bad"},
            "/parameters/$anchor",
            'parameters["$anchor"] is no valid $anchor: it must be a name: a letter or _, then '
            "letters, digits, -, _ and .",
        ),
        (
            {"not": {"$ref": "#"}},
            "/parameters/not/$ref",
            'parameters.not["$ref"] comes back to a subschema it is evaluated from without '
            "descending into the arguments (a cycle the tool-schema profile refuses)",
        ),
        (
            {"$schema": 5},
            "/parameters/$schema",
            'parameters["$schema"] names the dialect 5: the tool-schema profile reads Draft '
            "2020-12 (https://json-schema.org/draft/2020-12/schema) and draft-07 "
            "(http://json-schema.org/draft-07/schema#)",
        ),
        (
            {"$defs": {"a": {"$id": "https://x/a"}}},
            "/parameters/$defs/a/$id",
            'parameters["$defs"].a["$id"] has $id inside a subschema (outside the tool-schema '
            "profile)",
        ),
        (
            chain(34),
            "/parameters/$defs/d0/allOf/0",
            'parameters["$defs"].d0.allOf[0] follows more than 32 references in a row at one '
            "place of the arguments (the tool-schema profile)",
        ),
        (
            doubling(14),
            "/parameters/properties/a",
            "parameters.properties.a evaluates more than 1000 subschemas at one place of the "
            "arguments, every route through $ref and the combinators counted (the "
            "tool-schema profile)",
        ),
        (
            {"pattern": "a**"},
            "/parameters/pattern",
            "parameters.pattern is the pattern 'a**', which has the quantifier * with nothing "
            "to repeat: the tool-schema profile reads ECMA-262 patterns, matched in linear time",
        ),
        (
            _deep(LIMITS.nesting_depth + 1),
            "/parameters" + "/not" * 49,
            "parameters" + ".not" * 49 + " nests subschemas 49 levels deep, more than the 48 "
            "of the tool-schema profile",
        ),
    ],
)
def test_each_refusal_names_its_limit_or_construct_in_one_sentence(
    parameters: dict[str, Any], path: str, sentence: str
) -> None:
    found = check(parameters, {})

    assert [(d.code.value, d.path, d.message) for d in found] == [(INVALID.value, path, sentence)]


@pytest.mark.parametrize(
    ("parameters", "path"),
    [
        ({"additionalProperties": [{"$ref": "#/nowhere"}]}, "/parameters/additionalProperties"),
        ({"properties": [{"$ref": "#/nowhere"}]}, "/parameters/properties"),
    ],
)
def test_a_keyword_holding_the_wrong_form_is_refused_at_the_keyword(
    parameters: dict[str, Any], path: str
) -> None:
    """A list where one schema or a map of schemas belongs holds no subschema: the
    profile does not walk into it (its $ref is not resolved) and refuses the keyword's
    form itself, in document order, as the TypeScript package does."""
    found = check(parameters, {})

    assert codes(found) == [(INVALID.value, path)]
    keyword = path.rsplit("/", 1)[1]
    assert found[0].message.startswith(f"parameters.{keyword} is no valid {keyword}: it must be")


def test_a_reference_into_an_array_of_schemas_resolves() -> None:
    parameters = {
        "allOf": [{"type": "object"}, {"properties": {"n": {"type": "integer"}}}],
        "properties": {"a": {"$ref": "#/allOf/1/properties/n"}},
    }

    assert check(parameters, {"a": 1, "n": 2}) == []
    assert codes(check(parameters, {"a": "x"})) == [(MISMATCH.value, "/1/content/0/arguments/a")]


def test_boolean_subschemas_count_toward_the_subschema_limit() -> None:
    """Each ``{"not": true}`` is two schema positions: 5,000 of them and the root are
    10,001, one more than the limit; 4,999 are inside."""
    inside = {"properties": {f"p{i}": {"not": True} for i in range(4999)}}
    outside = {"properties": {f"p{i}": {"not": True} for i in range(5000)}}

    assert check_profile(inside, 10) is None
    refusal = check_profile(outside, 10)
    assert refusal is not None
    assert refusal.reason == "has more than 10000 subschemas (the tool-schema profile)"


def test_each_property_is_its_own_place_for_the_unfolded_count() -> None:
    """601 subschemas under each of two properties: each place of the arguments
    evaluates 601, inside the limit (they never apply at the same place)."""
    wide = {"anyOf": [{} for _ in range(600)]}
    parameters = {"properties": {"a": wide, "b": wide}}

    assert check_profile(parameters, 10) is None
    assert check(parameters, {"a": 1, "b": 2}) == []


def test_a_schema_that_needs_too_many_steps_to_bound_is_refused() -> None:
    """300 properties each referring to one anyOf of 900: 300 places of about 900
    subschemas each, every one inside the unfolded limit, 270,000 steps in all."""
    parameters = {
        "properties": {f"p{i}": {"$ref": "#/$defs/wide"} for i in range(300)},
        "$defs": {"wide": {"anyOf": [{} for _ in range(900)]}},
    }

    found = check(parameters, {})

    assert [(d.path, d.message) for d in found] == [
        (
            "/parameters",
            "parameters needs more than 200000 steps to bound its work (the tool-schema profile)",
        )
    ]


def test_the_first_problem_is_found_in_ecmascripts_member_order() -> None:
    """JSON.parse gives the array-index names of an object first, by value: Python walks
    the members in that order, so the package finds the same first problem."""
    parameters = {
        "properties": {
            "b": {"$dynamicRef": "#x"},
            "10": {"$dynamicRef": "#x"},
            "2": {"$dynamicRef": "#x"},
            "01": {"$dynamicRef": "#x"},
        }
    }
    refusal = check_profile(parameters, len(json.dumps(parameters)))
    assert refusal is not None
    assert refusal.path == ("properties", "2", "$dynamicRef")
    del parameters["properties"]["2"], parameters["properties"]["10"]
    refusal = check_profile(parameters, len(json.dumps(parameters)))
    assert refusal is not None
    assert refusal.path == ("properties", "b", "$dynamicRef")  # "01" is no array index


def test_a_draft_07_word_boundary_is_refused_at_its_pattern() -> None:
    """jsonschema-rs checks a draft-07 pattern against the meta-schema's regex format,
    which refuses the ASCII word boundary of the translation: the profile says so at the
    pattern, in both languages; Draft 2020-12 takes it."""
    draft07 = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "properties": {"a": {"pattern": "\\bq"}},
    }
    refusal = check_profile(draft07, 100)
    assert refusal is not None
    assert refusal.path == ("properties", "a", "pattern")
    assert "uses \\b or \\B, which draft-07 parameters cannot hold" in refusal.reason
    assert check_profile({"properties": {"a": {"pattern": "\\bq"}}}, 100) is None
    assert check_profile({**draft07, "properties": {"a": {"pattern": "[\\b]q"}}}, 100) is None


# --- each rule at its boundary, in both dialects -----------------------------------------

DRAFT_07 = "http://json-schema.org/draft-07/schema#"


def _wide(count: int) -> dict[str, Any]:
    """A subschema evaluating ``count + 1`` subschemas where it applies."""
    return {"anyOf": [{} for _ in range(count)]} if count else {}


def _doubling_defs(levels: int, where: str) -> dict[str, Any]:
    """``doubling``'s definitions under ``where`` (``$defs`` or draft-07's ``definitions``)."""
    defs: dict[str, Any] = {
        f"d{i}": {"allOf": [{"$ref": f"#/{where}/d{i + 1}"}, {"$ref": f"#/{where}/d{i + 1}"}]}
        for i in range(levels)
    }
    defs[f"d{levels}"] = {"type": "string"}
    return defs


def _only(found: list[Diagnostic]) -> tuple[str, str, str]:
    assert len(found) == 1, found
    return found[0].code.value, found[0].path, found[0].message


UNFOLDED_SENTENCE = (
    "evaluates more than 1000 subschemas at one place of the arguments, every route through "
    "$ref and the combinators counted (the tool-schema profile)"
)


def test_a_draft_07_schema_is_counted_as_a_2020_12_one() -> None:
    parameters = {
        "$schema": DRAFT_07,
        "definitions": _doubling_defs(14, "definitions"),
        "properties": {"a": {"$ref": "#/definitions/d0"}},
    }

    assert _only(check(parameters, {"a": "x"})) == (
        INVALID.value, "/parameters/properties/a", f"parameters.properties.a {UNFOLDED_SENTENCE}"
    )  # fmt: skip


def test_the_keywords_beside_a_ref_are_counted_in_2020_12_and_not_in_draft_07() -> None:
    """Draft 2020-12 evaluates the keywords beside a ``$ref``: a doubling ``allOf`` there
    is refused; draft-07 ignores them, so the same schema is inside and checks only the
    reference."""

    def beside(dialect: str | None, where: str) -> dict[str, Any]:
        return {
            **({} if dialect is None else {"$schema": dialect}),
            where: {**_doubling_defs(14, where), "s": {"type": "string"}},
            "properties": {
                "a": {"$ref": f"#/{where}/s", "allOf": [{"$ref": f"#/{where}/d0"}]},
            },
        }

    assert _only(check(beside(None, "$defs"), {"a": "x"})) == (
        INVALID.value, "/parameters/properties/a", f"parameters.properties.a {UNFOLDED_SENTENCE}"
    )  # fmt: skip
    assert check(beside(DRAFT_07, "definitions"), {"a": "x"}) == []
    assert codes(check(beside(DRAFT_07, "definitions"), {"a": 1})) == [
        (MISMATCH.value, "/1/content/0/arguments/a")
    ]


@pytest.mark.parametrize(
    ("parameters", "path", "sentence"),
    [
        (
            {"anyOf": [{}, 5]},
            "/parameters/anyOf/1",
            "parameters.anyOf[1] is no schema of anyOf: it must be an object or a boolean",
        ),
        (
            {"$schema": DRAFT_07, "allOf": [{}, 5]},
            "/parameters/allOf/1",
            "parameters.allOf[1] is no schema of allOf: it must be an object or a boolean",
        ),
        (
            {"properties": {"a": 5}},
            "/parameters/properties/a",
            "parameters.properties.a is no schema of properties: it must be an object or a boolean",
        ),
        (
            {"$schema": DRAFT_07, "allOf": []},
            "/parameters/allOf",
            "parameters.allOf is no valid allOf: it must be a non-empty array of schemas",
        ),
        (
            {"items": [{}]},
            "/parameters/items",
            "parameters.items is no valid items: it must be a schema (an object or a boolean)",
        ),
        (
            {"$schema": DRAFT_07, "items": 5},
            "/parameters/items",
            "parameters.items is no valid items: it must be a schema or an array of schemas",
        ),
        (
            {"$schema": DRAFT_07, "items": [{}, 5]},
            "/parameters/items",
            "parameters.items is no valid items: it must be a schema or an array of schemas",
        ),
        *(
            (
                {"$schema": DRAFT_07, "dependencies": dependencies},
                "/parameters/dependencies",
                "parameters.dependencies is no valid dependencies: it must be an object of "
                "schemas or arrays of names",
            )
            for dependencies in ({"a": 5}, {"a": [1]}, {"a": "b"}, ["a"])
        ),
        (
            {"$ref": 5},
            "/parameters/$ref",
            'parameters is not a valid JSON Schema: 5 is not of type "string"',
        ),
        (
            {"$ref": "#%61"},
            "/parameters/$ref",
            "parameters[\"$ref\"] refers to '#%61', which is no fragment of the tool-schema "
            "profile (letters, digits and -._~!$&'()*+,;=:@/? only: no percent-encoding, which "
            "the engines read differently, and no other character)",
        ),
        (
            {"allOf": [{}, {}], "properties": {"a": {"$ref": "#/allOf/2"}}},
            "/parameters/properties/a/$ref",
            "parameters.properties.a[\"$ref\"] refers to '#/allOf/2', which is not in them",
        ),
        (
            {"$schema": DRAFT_07, "items": [{}, {"pattern": "(?i)a"}]},
            "/parameters/items/1/pattern",
            "parameters.items[1].pattern is the pattern '(?i)a', which opens the group (?i (no "
            "lookaround, named group or (?:): the tool-schema profile reads ECMA-262 patterns, "
            "matched in linear time",
        ),
        (
            {"items": {"$dynamicRef": "#x"}},
            "/parameters/items/$dynamicRef",
            'parameters.items["$dynamicRef"] dynamic references are outside the tool-schema '
            "profile",
        ),
        (
            {"enum": ["x" * 40_000, "y" * 40_000]},
            "/parameters/enum",
            "parameters.enum is 80007 bytes of JSON, more than the 65536 of the tool-schema "
            "profile",
        ),
        (
            {"properties": {f"p{i}": True for i in range(LIMITS.subschemas)}},
            "/parameters/properties/p9999",
            "parameters.properties.p9999 has more than 10000 subschemas (the tool-schema profile)",
        ),
        (
            {"anyOf": [True] * LIMITS.unfolded},
            "/parameters",
            f"parameters {UNFOLDED_SENTENCE}",
        ),
        (
            {"items": {"$ref": "#/$defs/d0"}, "$defs": _doubling_defs(14, "$defs")},
            "/parameters/items",
            f"parameters.items {UNFOLDED_SENTENCE}",
        ),
        (
            {"properties": {"a": _wide(600)}, "patternProperties": {"^a": _wide(600)}},
            "/parameters/properties/a",
            f"parameters.properties.a {UNFOLDED_SENTENCE}",
        ),
    ],
)
def test_a_refused_form_or_count_is_one_sentence_at_its_place(
    parameters: dict[str, Any], path: str, sentence: str
) -> None:
    """Members that are no schemas in both dialects' forms; draft-07's ``items`` and
    ``dependencies``; a ``$ref`` that is no string, a bad first character, an index past
    an array; what draft-07's array of ``items`` holds; the bytes of an ``enum`` within
    its count; boolean subschemas counted as subschemas and as work; the work under
    ``items`` (any index) and of ``patternProperties`` added to a named property's."""
    assert _only(check(parameters, {})) == (INVALID.value, path, sentence)


def test_draft_07_items_and_dependencies_in_their_valid_forms_are_inside() -> None:
    parameters = {
        "$schema": DRAFT_07,
        "properties": {
            "one": {"items": {"type": "string"}},
            "each": {"items": [{"type": "string"}, {"type": "integer"}]},
            "deps": {"dependencies": {"a": ["b"], "c": {"required": ["d"]}}},
        },
    }

    assert check(parameters, {"one": ["x"], "each": ["x", 1], "deps": {"a": 1, "b": 2}}) == []
    assert codes(check(parameters, {"one": [1], "each": ["x", "y"], "deps": {"a": 1}})) == [
        (MISMATCH.value, "/1/content/0/arguments/deps"),
        (MISMATCH.value, "/1/content/0/arguments/each/1"),
        (MISMATCH.value, "/1/content/0/arguments/one/0"),
    ]


def test_the_limits_hold_their_own_value() -> None:
    """An enum of exactly ``enum_values`` values, a const of exactly ``literal_bytes``
    bytes of JSON, ``unfolded`` subschemas at one place (boolean ones), a long list of
    ``required`` names (not an enum): each inside."""
    parameters = {
        "properties": {
            "e": {"enum": list(range(LIMITS.enum_values))},
            "c": {"const": "z" * (LIMITS.literal_bytes - 2)},
            "u": {"anyOf": [True] * (LIMITS.unfolded - 1)},
            "r": {"required": [f"n{i}" for i in range(LIMITS.enum_values + 1)]},
        }
    }

    assert check_profile(parameters, 10) is None
    assert codes(check(parameters, {"e": LIMITS.enum_values, "c": "z"})) == [
        (MISMATCH.value, "/1/content/0/arguments/c"),
        (MISMATCH.value, "/1/content/0/arguments/e"),
    ]


def test_exactly_the_analysis_steps_are_inside_and_one_more_is_not() -> None:
    """246 properties, each a place of 813 subschemas (itself, the shared ``anyOf`` and
    its 811), the root and the place of ``items``: 200,000 steps; an ``items`` of two
    subschemas makes 200,001."""

    def parameters(items: dict[str, Any]) -> dict[str, Any]:
        return {
            "properties": {f"p{i}": {"$ref": "#/$defs/wide"} for i in range(246)},
            "items": items,
            "$defs": {"wide": _wide(811)},
        }

    assert check_profile(parameters({}), 10) is None
    assert check_profile(parameters({"not": {}}), 10) == (
        (),
        f"needs more than {LIMITS.analysis_steps} steps to bound its work (the tool-schema "
        "profile)",
    )


def test_each_prefix_item_is_its_own_place() -> None:
    parameters = {"properties": {"a": {"prefixItems": [_wide(600), _wide(600)]}}}

    assert check_profile(parameters, 10) is None
    assert check(parameters, {"a": [1, 2]}) == []


def test_a_subschema_reached_by_two_routes_counts_its_work_below_twice_not_more() -> None:
    """``x`` applies twice at ``a`` (two references), so its ``c`` (300 subschemas)
    counts 600 at ``a.c``: inside; 500 would be 1,000 and the ``a.c`` place itself, past."""

    def parameters(width: int) -> dict[str, Any]:
        return {
            "properties": {"a": {"allOf": [{"$ref": "#/$defs/x"}, {"$ref": "#/$defs/x"}]}},
            "$defs": {"x": {"properties": {"c": _wide(width)}}},
        }

    assert check_profile(parameters(299), 10) is None
    assert check_profile(parameters(500), 10) == (
        ("$defs", "x", "properties", "c"), UNFOLDED_SENTENCE
    )  # fmt: skip


def test_a_subschema_both_applying_and_referred_to_counts_once_per_route() -> None:
    """At property ``a`` apply ``properties.a``, ``additionalProperties`` and the
    ``patternProperties`` (an upper bound: they may); ``properties.a`` also refers to
    ``additionalProperties``, which so applies by two routes. At ``a.c``:
    ``additionalProperties``' ``c`` twice and the pattern's ``c`` once."""

    def parameters(additional: int, pattern: int) -> dict[str, Any]:
        return {
            "properties": {"a": {"$ref": "#/additionalProperties"}},
            "additionalProperties": {"properties": {"c": _wide(additional)}},
            "patternProperties": {"^b": {"properties": {"c": _wide(pattern)}}},
        }

    assert check_profile(parameters(299, 0), 10) is None  # 2 * 300 + 1
    assert check_profile(parameters(0, 998), 10) == (  # 2 * 1 + 999
        ("patternProperties", "^b", "properties", "c"), UNFOLDED_SENTENCE
    )  # fmt: skip


def test_the_refusal_names_the_heaviest_subschema_at_its_place() -> None:
    """At ``a``: ``properties.a`` (1,501 subschemas, counted as 1,001: past the limit
    whatever its size) and ``$defs.S.properties.a``, 501 applying twice (1,002)."""
    parameters = {
        "properties": {"a": _wide(1500)},
        "allOf": [{"$ref": "#/$defs/S"}, {"$ref": "#/$defs/S"}],
        "$defs": {"S": {"properties": {"a": _wide(500)}}},
    }

    assert check_profile(parameters, 10) == (
        ("$defs", "S", "properties", "a"), UNFOLDED_SENTENCE
    )  # fmt: skip


@pytest.mark.parametrize(
    ("names", "first"),
    [
        (["b", "4294967295"], "b"),  # 2^32 - 1 is no array index: in written order
        (["b", "4294967294"], "4294967294"),  # the largest array index: first
        (["0", "b"], "b"),  # the other names after the indexes
    ],
)
def test_the_array_index_names_end_below_2_to_the_32_minus_1(names: list[str], first: str) -> None:
    """ECMAScript's own-property order: array indexes (below 2^32 - 1) first by value,
    then the other names as written; the first problem is found in that order."""
    parameters = {"properties": {name: {"$dynamicRef": "#x"} for name in names}}
    if names[0] == "0":
        parameters["properties"]["0"] = {}

    refusal = check_profile(parameters, 10)

    assert refusal is not None
    assert refusal.path == ("properties", first, "$dynamicRef")


def test_a_cycle_below_the_first_subschema_is_refused() -> None:
    parameters = {
        "properties": {"a": {"$ref": "#/$defs/x"}},
        "$defs": {"x": {"not": {"$ref": "#/$defs/x"}}},
    }

    assert _only(check(parameters, {})) == (
        INVALID.value,
        "/parameters/$defs/x/not/$ref",
        'parameters["$defs"].x.not["$ref"] comes back to a subschema it is evaluated from '
        "without descending into the arguments (a cycle the tool-schema profile refuses)",
    )
