"""Keys jsonschema-rs's error paths cannot tell apart, each placed at the key it is
about (issue 36), as the TypeScript package places them: jsonschema-rs (0.61) reads
every key Rust parses as an unsigned integer as an array index ("0", "00", "+0" are all
0) and leaves empty keys out of its paths, so two keys holding the same failing value
were one place to Python (two mismatches at ``/arguments/0``, a ``false`` property "00"
placed at "0", an error below the key "" placed beside it). The places now come from
jsonschema-rs's evaluation output, whose JSON Pointers keep keys as written. Each case
is in the differential corpus (``tests/js/hostile_tools.py``, ``ISSUE_CASES``)."""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir import DiagnosticCode

from support.tool_calls import check

STRING = {"type": "string"}


@pytest.mark.parametrize(
    ("parameters", "arguments", "said"),
    [
        # the issue's case: two keys read as 0, both failing their own property
        (
            {"type": "object", "properties": {"0": STRING, "00": STRING}},
            {"0": 1, "00": 1},
            [("/0", '1 is not of type "string" (keyword type at /properties/0/type'),
             ("/00", '1 is not of type "string" (keyword type at /properties/00/type')],
        ),
        # additionalProperties false: one sentence at the object, naming both
        (
            {"type": "object", "properties": {"0": {}}, "additionalProperties": False},
            {"0": 1, "00": 1, "000": 1},
            [("", "Additional properties are not allowed ('00', '000' were unexpected) "
                  "(keyword additionalProperties at /additionalProperties")],
        ),
        # additionalProperties a schema: each refused key at its own place
        (
            {"type": "object", "properties": {"0": {}}, "additionalProperties": STRING},
            {"0": 1, "00": 1, "000": 1},
            [("/00", '1 is not of type "string" (keyword type at /additionalProperties/type'),
             ("/000", '1 is not of type "string" (keyword type at /additionalProperties/type')],
        ),
        # a false property "00" beside "0": at "00" in both places
        (
            {"type": "object", "properties": {"0": {}, "00": False}},
            {"0": 1, "00": 1},
            [("/00", "False schema does not allow 1 (keyword properties at /properties/00")],
        ),
        # one keyword reached by two routes at "0" and one at "00": once at each
        (
            {"type": "object", "$defs": {"s": STRING}, "properties": {
                "0": {"allOf": [{"$ref": "#/$defs/s"}, {"$ref": "#/$defs/s"}]},
                "00": {"$ref": "#/$defs/s"}}},
            {"0": 1, "00": 1},
            [("/0", '1 is not of type "string" (keyword type at /$defs/s/type'),
             ("/00", '1 is not of type "string" (keyword type at /$defs/s/type')],
        ),
        # equal objects under "0", "00" and "+0"
        (
            {"type": "object", "properties": {"0": {"const": {"a": 1}}},
             "additionalProperties": {"const": {"a": 1}}},
            {"0": {"a": 2}, "00": {"a": 2}, "+0": {"a": 2}},
            [("/+0", '{"a":1} was expected (keyword const at /additionalProperties/const'),
             ("/0", '{"a":1} was expected (keyword const at /properties/0/const'),
             ("/00", '{"a":1} was expected (keyword const at /additionalProperties/const')],
        ),
        # the empty key, left out of jsonschema-rs's paths: below it, beside the same name
        (
            {"properties": {"": {"properties": {"a": STRING}}, "a": {"type": "integer"}}},
            {"": {"a": 1}, "a": 1},
            [("//a", '1 is not of type "string" (keyword type at /properties//properties/a/type')],
        ),
        # a false property "": at the key, not at the object holding it
        (
            {"properties": {"": False}},
            {"": 1},
            [("/", "False schema does not allow 1 (keyword properties at /properties/")],
        ),
    ],
)  # fmt: skip
def test_each_mismatch_is_at_the_key_it_is_about(
    parameters: Any, arguments: Any, said: list[tuple[str, str]]
) -> None:
    found = check(parameters, arguments)

    assert {d.code for d in found} == {DiagnosticCode.TOOL_ARGUMENTS_MISMATCH}
    assert [
        (d.path.removeprefix("/1/content/0/arguments"), d.message.split("(t): ")[1]) for d in found
    ] == [(where, f"{sentence} of the parameters)") for where, sentence in said]


PATTERN_KEYS = {"properties": {"x": {"patternProperties": {"^a$": STRING}}}}


@pytest.mark.parametrize(
    ("value", "pointer", "originals", "path"),
    [
        ({"a": [1, {"b": 2}]}, "/a/1/b", {}, ("a", 1, "b")),
        ({"a": 1}, "", {}, ()),
        ({"a~/": 1}, "/a~0~1", {}, ("a~/",)),
        ({"a": [1]}, "/a/1", {}, None),  # past the array's end
        ({"a": [1]}, "/a/x", {}, None),  # no index
        ({"a": 1}, "/b", {}, None),  # no such key
        ({"a": {"b": 1}}, "/a/b/c", {}, None),  # below a scalar
        ({"a": 1}, "a", {}, None),  # no JSON Pointer
        ({"a": 1}, 5, {}, None),
        # a patternProperties key as compiled (translated) is the key as written
        (PATTERN_KEYS, "/properties/x/patternProperties/T", {"T": "^a$"},
         ("properties", "x", "patternProperties", "^a$")),
        # a translated name under another keyword is only a name
        ({"properties": {"T": 1}}, "/properties/T", {"T": "^a$"}, ("properties", "T")),
    ],
)  # fmt: skip
def test_an_output_pointer_is_read_as_a_path_of_the_value_or_none(
    value: Any, pointer: Any, originals: dict[str, str | None], path: Any
) -> None:
    """jsonschema-rs's evaluation output names places by JSON Pointer; ``_walk`` reads one
    as the path it names in the arguments or the parameters, and a pointer that names no
    place there as none (the place is then told as before)."""
    from agent_ir.validation._tools import _walk

    assert _walk(value, pointer, originals) == path
