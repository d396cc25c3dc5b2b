"""What the hostile-tool differential found on seeds 28 to 34 (``tests/js/hostile_tools.py``,
``ISSUE_CASES``), each pinned with Python's place and sentence
(``bindings/typescript/test/tools.test.mjs`` pins the npm package's): parameters are
judged by their dialect's published meta-schema with every keyword as written, at the
first problem jsonschema-rs meets (``docs/tool-schemas.md``, "Valid schemas of their
dialect"; an ``enum`` may repeat a value); a false subschema named "" is placed at it;
and the places the package read otherwise (Object.prototype's names, a ``$ref`` into
``properties.__proto__``, a failing ``unevaluatedItems`` subschema)."""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir import DiagnosticCode

from support.tool_calls import check

DRAFT_07 = "http://json-schema.org/draft-07/schema#"
REPEATED = 'parameters is not a valid JSON Schema: ["x","x"] has non-unique elements'


@pytest.mark.parametrize(
    ("parameters", "path", "reason"),
    [
        # seed 28's draw 3699: draft 7 ignores the keywords beside a $ref when a call is
        # checked, yet its meta-schema judges them (the package said nothing)
        ({"$schema": DRAFT_07, "properties": {"a/b": {"$ref": "#/definitions/d",
          "required": ["x", "x"]}}, "definitions": {"d": {}}},
         "/parameters/properties/a~1b/required", REPEATED),
        ({"$schema": DRAFT_07, "properties": {"a": {"$ref": "#/definitions/d", "minLength": -1}},
          "definitions": {"d": {}}},
         "/parameters/properties/a/minLength",
         "parameters is not a valid JSON Schema: -1 is less than the minimum of 0"),
        # seed 28's draw 7960: the package's place had the anyOf/0 it wraps an
        # unevaluatedProperties subschema in
        ({"properties": {"a": {"unevaluatedProperties": {"prefixItems": [
            {"required": ["x", "x"]}]}}}},
         "/parameters/properties/a/unevaluatedProperties/prefixItems/0/required", REPEATED),
        # seed 31's draw 1287: of two problems, the first of jsonschema-rs's walk (the
        # keywords of a vocabulary by name: "$defs" before "$id"); the package said $id
        ({"$id": True, "$defs": {"toString": {"required": ["x", "x"]}}},
         "/parameters/$defs/toString/required", REPEATED),
        # Draft 2020-12: the applicator vocabulary before the validation one
        ({"enum": 5, "items": {"minLength": -1}}, "/parameters/items/minLength",
         "parameters is not a valid JSON Schema: -1 is less than the minimum of 0"),
        # draft 7: one meta-schema, its keywords by name
        ({"$schema": DRAFT_07, "enum": 5, "items": {"minLength": -1}}, "/parameters/enum",
         'parameters is not a valid JSON Schema: 5 is not of type "array"'),
    ],
)  # fmt: skip
def test_a_schema_its_meta_schema_refuses_is_refused_at_the_first_place(
    parameters: Any, path: str, reason: str
) -> None:
    assert [(d.code, d.path, d.message) for d in check(parameters, {})] == [
        (DiagnosticCode.INVALID_TOOL_DEFINITION, path, reason)
    ]


@pytest.mark.parametrize(
    ("parameters", "arguments", "path", "sentence"),
    [
        # seed 29's draw 1295 and seed 30's draw 6723: the package refused these (Ajv's
        # copy of the draft-07 meta-schema keeps draft 6's unique, non-empty enum)
        ({"$schema": DRAFT_07, "properties": {"a": {"allOf": [{"enum": [0, 0]}]}}}, {"a": 1},
         "/a", "1 is not one of 0 or 0 (keyword enum at /properties/a/allOf/0/enum of the "
         "parameters)"),
        ({"$schema": DRAFT_07, "enum": [[], []]}, {"a": 0},
         "", '{"a":0} is not one of [] or [] (keyword enum at /enum of the parameters)'),
        ({"$schema": DRAFT_07, "properties": {"a": {"enum": []}}}, {"a": 0},
         "/a", "0 is not one of the values of an empty enum (keyword enum at "
         "/properties/a/enum of the parameters)"),
        ({"enum": [0, 0]}, {"a": 0},
         "", '{"a":0} is not one of 0 or 0 (keyword enum at /enum of the parameters)'),
    ],
)  # fmt: skip
def test_an_enum_may_repeat_a_value_or_list_none(
    parameters: Any, arguments: Any, path: str, sentence: str
) -> None:
    found = check(parameters, arguments)

    assert [(d.code, d.path, d.message.split("(t): ")[1]) for d in found] == [
        (DiagnosticCode.TOOL_ARGUMENTS_MISMATCH, f"/1/content/0/arguments{path}", sentence)
    ]


@pytest.mark.parametrize(
    ("parameters", "arguments"),
    [
        ({"$schema": DRAFT_07, "properties": {"a": {"allOf": [{"enum": [0, 0]}]}}}, {"a": 0}),
        ({"$schema": DRAFT_07, "properties": {"a": {"enum": [{}, {}]}}}, {"a": {}}),
        ({"properties": {"a": {"enum": ["x", "x"]}}}, {"a": "x"}),
    ],
)  # fmt: skip
def test_a_value_a_repeating_enum_lists_is_valid(parameters: Any, arguments: Any) -> None:
    assert check(parameters, arguments) == []


def test_names_of_object_prototype_are_unevaluated_properties_like_any_other() -> None:
    """Seed 32's draw 6070: the package read "isPrototypeOf" as evaluated (Ajv kept the
    evaluated names in a plain object and read the name from its prototype)."""
    parameters = {"type": "object", "propertyNames": {"const": {}},
                  "unevaluatedProperties": False, "properties": {"__proto__": {"enum": [{}]}}}  # fmt: skip

    found = check(parameters, {"isPrototypeOf": "x", "a/b": 1})

    assert [d.message.split("(t): ")[1] for d in found] == [
        "{} was expected (keyword const at /propertyNames/const of the parameters)",
        "Unevaluated properties are not allowed ('isPrototypeOf', 'a/b' were unexpected) "
        "(keyword unevaluatedProperties at /unevaluatedProperties of the parameters)",
    ]


def test_a_false_subschema_named_by_an_empty_key_is_placed_at_it() -> None:
    """Seed 33's draw 9859: jsonschema-rs's path leaves the empty name out, and the place
    was /$defs (the npm package said /$defs/)."""
    found = check({"type": "object", "$ref": "#/$defs/", "$defs": {"": False}}, {"a": 1})

    assert [(d.path, d.message.split("(t): ")[1]) for d in found] == [
        ("/1/content/0/arguments",
         'False schema does not allow {"a":1} (keyword $defs at /$defs/ of the parameters)')
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("parameters", "arguments", "path", "sentence"),
    [
        # seed 34's draw 9412: the package also gave the false target's error
        ({"type": "object", "oneOf": [{"minLength": 1, "$ref": "#/$defs/__proto__"}],
          "$defs": {"__proto__": False}}, {"a": 1},
         "", "{\"a\":1} is not valid under any of the schemas listed in the 'oneOf' keyword "
         "(keyword oneOf at /oneOf of the parameters)"),
        # seed 33's draw 4540 and its like: the package read "#/properties/__proto__" from
        # Object.prototype, and an anchor inside it was outside the parameters
        ({"type": "object", "properties": {"__proto__": {"type": "string"},
                                           "a": {"$ref": "#/properties/__proto__"}}}, {"a": 1},
         "/a", '1 is not of type "string" (keyword type at /properties/__proto__/type of the '
         "parameters)"),
        ({"type": "object", "properties": {"__proto__": {"properties": {
            "x": {"$anchor": "xx", "type": "string"}}}, "a": {"$ref": "#xx"}}}, {"a": 1},
         "/a", '1 is not of type "string" (keyword type at /properties/__proto__/properties/x/'
         "type of the parameters)"),
        # seed 33's draw 6528: the package gave one mismatch per item, at the item
        ({"properties": {"l": {"unevaluatedItems": {"oneOf": [False, {"type": "integer"}]}}}},
         {"l": ["9", "A"]},
         "/l", "Unevaluated items are not allowed (2 items) (keyword unevaluatedItems at "
         "/properties/l/unevaluatedItems of the parameters)"),
        ({"properties": {"l": {"unevaluatedItems": {"$ref": "#/$defs/i"}}},
          "$defs": {"i": {"type": "integer"}}}, {"l": ["a", 1, "b"]},
         "/l", "Unevaluated items are not allowed (2 items) (keyword unevaluatedItems at "
         "/properties/l/unevaluatedItems of the parameters)"),
    ],
)  # fmt: skip
def test_what_seeds_33_and_34_found(
    parameters: Any, arguments: Any, path: str, sentence: str
) -> None:
    found = check(parameters, arguments)

    assert [(d.code, d.path, d.message.split("(t): ")[1]) for d in found] == [
        (DiagnosticCode.TOOL_ARGUMENTS_MISMATCH, f"/1/content/0/arguments{path}", sentence)
    ]


def test_an_anchor_below_a_translated_pattern_key_is_reached() -> None:
    """Seed 37's draw 2779: the package's pointer for the anchor named the pattern as
    written, not as compiled, and the definition was refused as referring outside."""
    parameters = {"type": "object", "properties": {"b": {"$ref": "#here"}},
                  "patternProperties": {"^a\\d": {"properties": {
                      "x": {"$anchor": "here", "type": "string"}}}}}  # fmt: skip

    found = check(parameters, {"b": 1})

    assert [(d.path, d.message.split("(t): ")[1]) for d in found] == [
        ("/1/content/0/arguments/b",
         '1 is not of type "string" (keyword type at /patternProperties/^a\\d/properties/x/type '
         "of the parameters)")
    ]  # fmt: skip


def test_an_id_in_a_keyword_the_dialect_does_not_evaluate_is_no_schema_id() -> None:
    """Seed 35's draw 848: draft 7 has no unevaluatedProperties, so "#x" twice there
    names nothing (the package refused it as one name for two schemas)."""
    parameters = {"$schema": DRAFT_07, "type": "object", "$defs": {"d": {
        "unevaluatedProperties": {"$id": "#x", "additionalProperties": {"$id": "#x"}}}}}  # fmt: skip

    assert check(parameters, {}) == []


@pytest.mark.parametrize(
    ("property_names", "sentence"),
    [
        # seed 37's draw 597: the package gave one of the names refused through the $ref
        ({"$ref": "#"}, '"{}" is not of type "object" (keyword type at /type of the parameters)'),
        # seed 36's draw 3671: the package also gave the $ref's errors inside the anyOf
        ({"anyOf": [{"$ref": "#"}, False]},
         "\"{}\" is not valid under any of the schemas listed in the 'anyOf' keyword (keyword "
         "anyOf at /propertyNames/anyOf of the parameters)"),
    ],
)  # fmt: skip
def test_each_name_property_names_refuses_through_a_ref_is_one_mismatch(
    property_names: Any, sentence: str
) -> None:
    found = check({"type": "object", "propertyNames": property_names}, {"x": 1, "y": 2})

    assert [(d.path, d.message.split("(t): ")[1]) for d in found] == [
        ("/1/content/0/arguments", sentence.format(name)) for name in ("x", "y")
    ]


@pytest.mark.parametrize(
    ("parameters", "arguments", "sentence"),
    [
        # seed 35's draw 4729: jsonschema-rs's path reads "00" as 0, and the place was
        # /$defs/0 (the evaluation output tells them apart)
        ({"type": "object", "$ref": "#/$defs/00",
          "$defs": {"0": {"type": "array"}, "00": {"type": "string"}}}, {},
         '{} is not of type "string" (keyword type at /$defs/00/type of the parameters)'),
        ({"type": "object", "$ref": "#/$defs/0",
          "$defs": {"0": {"type": "array"}, "00": {"type": "string"}}}, {},
         '{} is not of type "array" (keyword type at /$defs/0/type of the parameters)'),
        # ten names read as 0, however many: not only up to a count of them
        ({"type": "object", "$ref": "#/$defs/00", "$defs": {
            **{"0" * n: {"type": "array"} for n in range(1, 11)}, "00": {"type": "string"}}},
         {}, '{} is not of type "string" (keyword type at /$defs/00/type of the parameters)'),
        # seed 35's draw 1054: the package also placed it at /$defs/b/$defs/a/type
        ({"type": "object", "allOf": [{"$ref": "#/$defs/b"}, {"$ref": "#/$defs/a"}],
          "$defs": {"b": {"type": "string"}, "a": {"$ref": "#/$defs/b"}}}, {"a": " "},
         '{"a":" "} is not of type "string" (keyword type at /$defs/b/type of the parameters)'),
    ],
)  # fmt: skip
def test_a_keyword_reached_by_reference_is_at_its_own_place(
    parameters: Any, arguments: Any, sentence: str
) -> None:
    found = check(parameters, arguments)

    assert [(d.path, d.message.split("(t): ")[1]) for d in found] == [
        ("/1/content/0/arguments", sentence)
    ]
