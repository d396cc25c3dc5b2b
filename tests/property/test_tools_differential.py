"""Differential property test: a tool's parameters judged by ``validate_transcript``
(jsonschema-rs inside) against the pure-Python ``jsonschema`` reference.

Schemas come from a small grammar (every keyword family a tool's parameters use:
types, enum, const, string lengths and patterns, numeric bounds, multipleOf, object
properties, required, additionalProperties, arrays with items, prefixItems, bounds and
uniqueItems, anyOf/oneOf/allOf/not, $ref into $defs); arguments are JSON objects built
from the values each keyword tells apart. For every pair, "some TOOL_ARGUMENTS_MISMATCH"
must equal "``Draft202012Validator.is_valid`` says no".

The one documented dialect difference is the regular-expression flavour: agent-ir
follows ECMA-262 where Python's ``re`` differs (``\\d``, ``\\w`` and ``\\b`` are ASCII in
ECMA-262, Unicode in ``re``; ``$`` matches before a final newline in ``re`` only). The
grammar's patterns avoid those constructs; ``test_the_regex_dialect_differences``
pins each difference down, so a change in either library shows
(``tests/property/test_pattern_translation.py`` compares the patterns with Node's
ECMA-262 itself).
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from agent_ir import DiagnosticCode, validate_transcript

from support.examples import examples

SETTINGS = settings(
    max_examples=examples(400),
    deadline=None,
    derandomize=True,  # the same examples on every run: CI verdicts are reproducible
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# --- the grammar ------------------------------------------------------------------------

# Values each keyword tells apart: integers and their float twins (1 and 1.0 are one
# JSON number), booleans (never numbers), near-bound strings, nested containers.
SCALARS = st.sampled_from(
    [None, True, False, 0, 1, -1, 2, 3, 1.0, 2.5, 0.5, -0.0, 10, 100, 7.0, 1e20,
     "", "a", "ab", "abc", "A1", "x-y", "é", "🔧", "10", "true", "null"]
)  # fmt: skip
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["a", "b", "c", "d"]), inner, max_size=4)
    ),
    max_leaves=12,
)
TYPES = ["null", "boolean", "integer", "number", "string", "array", "object"]
# Patterns whose meaning is the same in ECMA-262 and Python's re (no \d, \w, \b, no
# end anchor before a newline: the values hold no newline).
PATTERNS = ["^a", "b", "^[a-c]+$", "^$", "x-y", "^.{2}$", "[0-9]", "^(a|ab)c?$", "é"]


def _numbers(draw: st.DrawFn) -> dict[str, Any]:
    keyword = draw(st.sampled_from(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]))
    return {keyword: draw(st.sampled_from([0, 1, 2, 2.5, -1, 10]))}


@st.composite
def leaf_schemas(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(
        st.sampled_from(
            ["type", "types", "enum", "const", "string", "number", "multipleOf", "empty"]
        )
    )
    if kind == "type":
        return {"type": draw(st.sampled_from(TYPES))}
    if kind == "types":
        return {"type": draw(st.lists(st.sampled_from(TYPES), min_size=1, max_size=3, unique=True))}
    if kind == "enum":
        return {"enum": draw(st.lists(SCALARS, min_size=1, max_size=4))}
    if kind == "const":
        return {"const": draw(VALUES)}
    if kind == "string":
        schema: dict[str, Any] = {"type": "string"}
        if draw(st.booleans()):
            schema["minLength"] = draw(st.integers(0, 3))
        if draw(st.booleans()):
            schema["maxLength"] = draw(st.integers(0, 3))
        if draw(st.booleans()):
            schema["pattern"] = draw(st.sampled_from(PATTERNS))
        return schema
    if kind == "number":
        return {"type": draw(st.sampled_from(["number", "integer"])), **_numbers(draw)}
    if kind == "multipleOf":
        return {"multipleOf": draw(st.sampled_from([1, 2, 3, 0.5, 2.5]))}
    return {}


def _extend(children: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        kind = draw(st.sampled_from(["object", "array", "tuple", "anyOf", "oneOf", "allOf", "not"]))
        if kind == "object":
            properties = draw(
                st.dictionaries(st.sampled_from(["a", "b", "c"]), children, max_size=3)
            )
            schema: dict[str, Any] = {"type": "object", "properties": properties}
            required = draw(
                st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=2, unique=True)
            )
            if required:
                schema["required"] = required
            extra = draw(st.sampled_from(["absent", "false", "schema"]))
            if extra == "false":
                schema["additionalProperties"] = False
            elif extra == "schema":
                schema["additionalProperties"] = draw(children)
            return schema
        if kind in ("array", "tuple"):
            schema = {"type": "array"}
            if kind == "tuple":
                schema["prefixItems"] = draw(st.lists(children, min_size=1, max_size=2))
            if draw(st.booleans()):
                schema["items"] = draw(children)
            if draw(st.booleans()):
                schema["minItems"] = draw(st.integers(0, 2))
            if draw(st.booleans()):
                schema["maxItems"] = draw(st.integers(1, 3))
            if draw(st.booleans()):
                schema["uniqueItems"] = True
            return schema
        if kind == "not":
            return {"not": draw(children)}
        return {kind: draw(st.lists(children, min_size=1, max_size=3))}

    return build()


SCHEMAS = st.recursive(leaf_schemas(), _extend, max_leaves=6)


@st.composite
def parameters(draw: st.DrawFn) -> dict[str, Any]:
    """An object schema over properties a-d, some of them through $ref into $defs."""
    defs = draw(st.dictionaries(st.sampled_from(["p", "q"]), SCHEMAS, max_size=2))
    properties: dict[str, Any] = {}
    for name in draw(st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=3, unique=True)):
        if defs and draw(st.booleans()):
            properties[name] = {"$ref": f"#/$defs/{draw(st.sampled_from(sorted(defs)))}"}
        else:
            properties[name] = draw(SCHEMAS)
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if defs:
        schema["$defs"] = defs
    required = draw(st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=2, unique=True))
    if required:
        schema["required"] = required
    if draw(st.booleans()):
        schema["additionalProperties"] = draw(st.sampled_from([False, {"type": "string"}]))
    return schema


ARGUMENTS = st.dictionaries(st.sampled_from(["a", "b", "c", "d", "e"]), VALUES, max_size=4)

# --- the comparison ---------------------------------------------------------------------


def _transcript(arguments: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"role": "user", "id": "m0", "content": "go"},
        {
            "role": "assistant",
            "id": "m1",
            "content": [{"type": "toolCall", "id": "c1", "name": "t", "arguments": arguments}],
        },
        {"role": "toolResult", "id": "m2", "toolCallId": "c1", "toolName": "t", "content": "ok",
         "isError": False},
    ]  # fmt: skip


def _mismatch(schema: dict[str, Any], arguments: dict[str, Any]) -> bool:
    diagnostics = validate_transcript(
        _transcript(arguments), tools=[{"name": "t", "parameters": schema}]
    )
    codes = {d.code for d in diagnostics}
    assert codes <= {DiagnosticCode.TOOL_ARGUMENTS_MISMATCH}, diagnostics
    found = [d for d in diagnostics if d.code is DiagnosticCode.TOOL_ARGUMENTS_MISMATCH]
    assert all(d.path.startswith("/1/content/0/arguments") for d in found)
    return bool(found)


@SETTINGS
@given(schema=parameters(), arguments=ARGUMENTS)
@example(schema={"type": "object", "properties": {"a": {"multipleOf": 0.5}}}, arguments={"a": 2.5})
@example(schema={"type": "object", "properties": {"a": {"type": "integer"}}}, arguments={"a": 1.0})
@example(
    schema={"type": "object", "properties": {"a": {"uniqueItems": True}}},
    arguments={"a": [1, True]},
)
@example(schema={"type": "object", "properties": {"a": {"const": 1}}}, arguments={"a": True})
@example(schema={"type": "object", "properties": {"a": {"enum": [0]}}}, arguments={"a": -0.0})
@example(
    schema={"type": "object", "properties": {"a": {"type": "string", "maxLength": 1}}},
    arguments={"a": "🔧"},
)
def test_the_verdict_is_the_reference_s(schema: dict[str, Any], arguments: dict[str, Any]) -> None:
    reference = Draft202012Validator(schema)
    Draft202012Validator.check_schema(schema)

    assert _mismatch(schema, arguments) is not reference.is_valid(arguments)


def test_the_grammar_reaches_both_verdicts() -> None:
    """The property is not vacuous: mismatches and matches are both generated."""
    seen: set[bool] = set()

    @settings(SETTINGS, max_examples=examples(60))
    @given(schema=parameters(), arguments=ARGUMENTS)
    def collect(schema: dict[str, Any], arguments: dict[str, Any]) -> None:
        seen.add(Draft202012Validator(schema).is_valid(arguments))

    collect()
    assert seen == {True, False}


# The regex dialect: the pattern keyword is matched by jsonschema-rs with Rust's linear
# ``regex`` crate on its ECMA-262 translation (the tool-schema profile); Python's
# jsonschema uses re, whose class escapes are Unicode and whose $ matches before a final
# newline. ECMA-262 (and agent-ir) says no to each of these; re says yes.
DIALECT = [("^a$", "a\n"), ("^\\d$", "٣"), ("^\\w+$", "é"), ("\\bé", "é")]


def test_the_regex_dialect_differences() -> None:
    for pattern, text in DIALECT:
        schema = {"type": "object", "properties": {"a": {"type": "string", "pattern": pattern}}}
        ours = not _mismatch(schema, {"a": text})
        python = Draft202012Validator(schema).is_valid({"a": text})

        assert ours is not python, (pattern, text)
        assert ours is False, (pattern, text)  # ECMA-262: the string does not match
