"""TOOL_ARGUMENTS_MISMATCH and UNDECLARED_TOOL: each JSON Schema keyword family a tool's
parameters use, the path inside the arguments, the keyword named in the sentence."""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir import Diagnostic, DiagnosticCode, validate_transcript

MISMATCH = DiagnosticCode.TOOL_ARGUMENTS_MISMATCH


def transcript(*calls: tuple[str, dict[str, Any]], lead: int = 1) -> list[dict[str, Any]]:
    """``lead`` user messages, one assistant message with a text block then each call
    (``c0``, ``c1``, ...), and a result for each call."""
    messages: list[dict[str, Any]] = [
        {"role": "user", "id": f"u{i}", "content": "go"} for i in range(lead)
    ]
    content: list[dict[str, Any]] = [{"type": "text", "text": "calling"}]
    for number, (name, arguments) in enumerate(calls):
        content.append(
            {"type": "toolCall", "id": f"c{number}", "name": name, "arguments": arguments}
        )
    messages.append({"role": "assistant", "id": "a", "content": content})
    for number, (name, _) in enumerate(calls):
        messages.append(
            {"role": "toolResult", "id": f"r{number}", "toolCallId": f"c{number}",
             "toolName": name, "content": "ok", "isError": False}
        )  # fmt: skip
    return messages


def mismatches(parameters: dict[str, Any], arguments: dict[str, Any]) -> list[Diagnostic]:
    diagnostics = validate_transcript(
        transcript(("t", arguments)), tools=[{"name": "t", "parameters": parameters}]
    )
    assert {d.code for d in diagnostics} <= {MISMATCH}, diagnostics
    return list(diagnostics)


def obj(**properties: Any) -> dict[str, Any]:
    return {"type": "object", "properties": properties}


# (id, parameters, arguments, path inside the arguments, keyword named)
KEYWORDS: list[tuple[str, dict[str, Any], dict[str, Any], str, str]] = [
    ("type", obj(a={"type": "string"}), {"a": 5}, "/a", "type"),
    ("type-integer-not-float", obj(a={"type": "integer"}), {"a": 1.5}, "/a", "type"),
    ("type-boolean-not-number", obj(a={"type": "number"}), {"a": True}, "/a", "type"),
    ("type-list", obj(a={"type": ["string", "null"]}), {"a": 1}, "/a", "type"),
    ("required", {"type": "object", "required": ["a"]}, {"b": 1}, "", "required"),
    ("enum", obj(a={"enum": ["c", "f"]}), {"a": "k"}, "/a", "enum"),
    ("const", obj(a={"const": "v1"}), {"a": "v2"}, "/a", "const"),
    ("pattern", obj(a={"type": "string", "pattern": "^[A-Z]{2}$"}), {"a": "usa"}, "/a", "pattern"),
    ("minLength", obj(a={"type": "string", "minLength": 3}), {"a": "ab"}, "/a", "minLength"),
    ("maxLength", obj(a={"type": "string", "maxLength": 1}), {"a": "ab"}, "/a", "maxLength"),
    ("minimum", obj(a={"minimum": 0}), {"a": -1}, "/a", "minimum"),
    ("maximum", obj(a={"maximum": 10}), {"a": 10.5}, "/a", "maximum"),
    ("exclusiveMinimum", obj(a={"exclusiveMinimum": 0}), {"a": 0}, "/a", "exclusiveMinimum"),
    ("exclusiveMaximum", obj(a={"exclusiveMaximum": 1}), {"a": 1}, "/a", "exclusiveMaximum"),
    ("multipleOf", obj(a={"multipleOf": 5}), {"a": 12}, "/a", "multipleOf"),
    ("multipleOf-float", obj(a={"multipleOf": 0.5}), {"a": 0.7}, "/a", "multipleOf"),
    (
        "additionalProperties-false",
        {**obj(a={}), "additionalProperties": False},
        {"a": 1, "zz": 2},
        "",
        "additionalProperties",
    ),
    (
        "additionalProperties-schema",
        {**obj(a={}), "additionalProperties": {"type": "integer"}},
        {"a": "x", "zz": "y"},
        "/zz",
        "type",
    ),
    (
        "nested-object",
        obj(a=obj(b=obj(c={"type": "boolean"}))),
        {"a": {"b": {"c": "yes"}}},
        "/a/b/c",
        "type",
    ),
    (
        "nested-required",
        obj(a={"type": "object", "required": ["k"]}),
        {"a": {}},
        "/a",
        "required",
    ),
    (
        "items",
        obj(a={"type": "array", "items": {"type": "string"}}),
        {"a": ["x", 2]},
        "/a/1",
        "type",
    ),
    (
        "items-of-objects",
        obj(a={"type": "array", "items": obj(b={"type": "integer"})}),
        {"a": [{"b": 1}, {"b": "2"}]},
        "/a/1/b",
        "type",
    ),
    (
        "prefixItems",
        obj(a={"type": "array", "prefixItems": [{"type": "number"}, {"type": "string"}]}),
        {"a": [1, 2]},
        "/a/1",
        "type",
    ),
    (
        "prefixItems-then-items-false",
        obj(a={"type": "array", "prefixItems": [{}], "items": False}),
        {"a": [1, 2]},
        "/a/1",  # at the extra item (Python's jsonschema says it at the array)
        "items",
    ),
    ("minItems", obj(a={"type": "array", "minItems": 2}), {"a": [1]}, "/a", "minItems"),
    ("maxItems", obj(a={"type": "array", "maxItems": 1}), {"a": [1, 2]}, "/a", "maxItems"),
    (
        "uniqueItems",
        obj(a={"type": "array", "uniqueItems": True}),
        {"a": [1, 1.0]},
        "/a",
        "uniqueItems",
    ),
    (
        "minProperties",
        {"type": "object", "minProperties": 2},
        {"a": 1},
        "",
        "minProperties",
    ),
    (
        "anyOf",
        obj(a={"anyOf": [{"type": "string"}, {"type": "integer"}]}),
        {"a": 1.5},
        "/a",
        "anyOf",
    ),
    (
        "oneOf-none",
        obj(a={"oneOf": [{"type": "string"}, {"type": "integer"}]}),
        {"a": None},
        "/a",
        "oneOf",
    ),
    (
        "oneOf-both",
        obj(a={"oneOf": [{"type": "number"}, {"type": "integer"}]}),
        {"a": 3},
        "/a",
        "oneOf",
    ),
    ("not", obj(a={"not": {"type": "null"}}), {"a": None}, "/a", "not"),
    (
        "ref-into-defs",
        {**obj(a={"$ref": "#/$defs/unit"}), "$defs": {"unit": {"enum": ["c", "f"]}}},
        {"a": "k"},
        "/a",
        "enum",
    ),
    (
        "ref-into-defs-nested",
        {
            **obj(a={"type": "array", "items": {"$ref": "#/$defs/point"}}),
            "$defs": {"point": obj(b={"type": "integer"})},
        },
        {"a": [{"b": 1}, {"b": "x"}]},
        "/a/1/b",
        "type",
    ),
    (
        "if-then",
        obj(a={"if": {"type": "string"}, "then": {"minLength": 2}}),
        {"a": "x"},
        "/a",
        "minLength",
    ),
    (
        "dependentRequired",
        {"type": "object", "dependentRequired": {"a": ["b"]}},
        {"a": 1},
        "",
        "dependentRequired",
    ),
    (
        "propertyNames",
        {"type": "object", "propertyNames": {"pattern": "^[a-z]+$"}},
        {"A": 1},
        "",
        "pattern",
    ),
    (
        "key-with-slash-and-tilde",
        obj(**{"a/b~c": {"type": "string"}}),
        {"a/b~c": 1},
        "/a~1b~0c",
        "type",
    ),
]


@pytest.mark.parametrize(
    ("parameters", "arguments", "inside", "keyword"),
    [case[1:] for case in KEYWORDS],
    ids=[case[0] for case in KEYWORDS],
)
def test_each_keyword_family_is_a_mismatch_at_its_place_naming_the_keyword(
    parameters: dict[str, Any], arguments: dict[str, Any], inside: str, keyword: str
) -> None:
    found = mismatches(parameters, arguments)

    assert len(found) == 1, found
    (mismatch,) = found
    assert mismatch.message_index == 1
    assert mismatch.path == f"/1/content/1/arguments{inside}"
    assert mismatch.tool_index is None
    assert f"(keyword {keyword} at /" in mismatch.message
    assert "tool call 'c0'" in mismatch.message
    assert "tool 0 (t)" in mismatch.message


# Arguments each case's parameters accept: the mismatch above is about the value.
ACCEPTED: dict[str, dict[str, Any]] = {
    "type": {"a": "x"}, "type-integer-not-float": {"a": 2.0},
    "type-boolean-not-number": {"a": 1}, "type-list": {"a": None},
    "required": {"a": 1}, "enum": {"a": "c"}, "const": {"a": "v1"},
    "pattern": {"a": "US"}, "minLength": {"a": "abc"}, "maxLength": {"a": "é"},
    "minimum": {"a": 0}, "maximum": {"a": 10}, "exclusiveMinimum": {"a": 0.1},
    "exclusiveMaximum": {"a": 0.9}, "multipleOf": {"a": 15}, "multipleOf-float": {"a": 1.5},
    "additionalProperties-false": {"a": 1}, "additionalProperties-schema": {"a": "x", "zz": 1},
    "nested-object": {"a": {"b": {"c": False}}}, "nested-required": {"a": {"k": None}},
    "items": {"a": ["x", "y"]}, "items-of-objects": {"a": [{"b": 1}, {}]},
    "prefixItems": {"a": [1, "x", None]}, "prefixItems-then-items-false": {"a": [1]},
    "minItems": {"a": [1, 2]}, "maxItems": {"a": [1]}, "uniqueItems": {"a": [1, True]},
    "minProperties": {"a": 1, "b": 2}, "anyOf": {"a": 1}, "oneOf-none": {"a": "s"},
    "oneOf-both": {"a": 3.5}, "not": {"a": 0}, "ref-into-defs": {"a": "f"},
    "ref-into-defs-nested": {"a": [{"b": 1}]}, "if-then": {"a": 1},
    "dependentRequired": {"a": 1, "b": 2}, "propertyNames": {"abc": 1},
    "key-with-slash-and-tilde": {"a/b~c": "s"},
}  # fmt: skip


@pytest.mark.parametrize(
    ("parameters", "arguments"),
    [(case[1], ACCEPTED[case[0]]) for case in KEYWORDS],
    ids=[case[0] for case in KEYWORDS],
)
def test_arguments_that_keep_every_keyword_are_accepted(
    parameters: dict[str, Any], arguments: dict[str, Any]
) -> None:
    assert mismatches(parameters, arguments) == []


def test_the_path_points_inside_the_arguments_of_a_later_message_and_block() -> None:
    tools = [{"name": "weather", "parameters": obj(location={"type": "string"})}]
    messages = transcript(("weather", {"location": ["Paris"]}), lead=3)

    (found,) = validate_transcript(messages, tools=tools)

    assert found.code is MISMATCH
    assert found.message_index == 3
    assert found.path == "/3/content/1/arguments/location"
    assert "keyword type at /properties/location/type of the parameters" in found.message


def test_a_deep_path_through_arrays_and_objects() -> None:
    tools = [{"name": "t", "parameters": obj(a={"type": "array", "items": obj(b={"const": 1})})}]
    messages = transcript(("t", {"a": [{"b": 1}, {"b": 2}]}))
    messages[1]["content"] = messages[1]["content"][1:]  # the call is block 0

    (found,) = validate_transcript(messages, tools=tools)

    assert found.path == "/1/content/0/arguments/a/1/b"
    assert "keyword const at /properties/a/items/properties/b/const" in found.message


def test_every_failing_keyword_is_one_diagnostic_in_argument_order() -> None:
    parameters = {
        **obj(a={"type": "string", "minLength": 5, "pattern": "^x"}, b={"type": "integer"}),
        "required": ["c"],
    }
    found = mismatches(parameters, {"b": "2", "a": "y"})

    assert [(d.path, d.message.split("(keyword ")[1].split(" ")[0]) for d in found] == [
        ("/1/content/1/arguments", "required"),
        ("/1/content/1/arguments/a", "minLength"),
        ("/1/content/1/arguments/a", "pattern"),
        ("/1/content/1/arguments/b", "type"),
    ]


def test_parallel_calls_are_each_checked_against_their_own_tool() -> None:
    tools = [
        {"name": "s", "parameters": obj(v={"type": "string"})},
        {"name": "n", "parameters": obj(v={"type": "number"})},
    ]
    messages = transcript(("s", {"v": 1}), ("n", {"v": 1}), ("n", {"v": "1"}), ("s", {"v": "1"}))

    found = validate_transcript(messages, tools=tools)

    assert [(d.code, d.path) for d in found] == [
        (MISMATCH, "/1/content/1/arguments/v"),
        (MISMATCH, "/1/content/3/arguments/v"),
    ]
    assert "tool 0 (s)" in found[0].message
    assert "tool 1 (n)" in found[1].message


def test_a_tool_without_parameters_takes_any_arguments_object() -> None:
    messages = transcript(("free", {"anything": [1, {"x": None}]}))

    assert validate_transcript(messages, tools=[{"name": "free"}]) == ()
    assert validate_transcript(messages, tools=[{"name": "free", "description": "d"}]) == ()


def test_format_is_an_annotation() -> None:
    """Draft 2020-12: format asserts nothing unless a vocabulary asks it."""
    assert mismatches(obj(a={"type": "string", "format": "email"}), {"a": "not an email"}) == []


def test_an_older_draft_named_by_schema_is_that_draft() -> None:
    """Draft 7's items as a list is positional; Draft 2020-12 would refuse that form
    (prefixItems) as a schema, not check positions."""
    parameters = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        **obj(a={"type": "array", "items": [{"type": "string"}]}),
    }
    (found,) = mismatches(parameters, {"a": [1]})

    assert found.path == "/1/content/1/arguments/a/0"


def test_a_mismatch_message_is_cut() -> None:
    long_value = "x" * 5000
    (found,) = mismatches(obj(a={"type": "integer"}), {"a": long_value})

    assert len(found.message) < 1200
    assert "more characters" in found.message


# --- UNDECLARED_TOOL --------------------------------------------------------------------


def test_a_call_naming_no_tool_is_undeclared_at_its_name() -> None:
    tools = [{"name": "weather"}]
    messages = transcript(("weather", {}), ("search", {}), lead=2)

    (found,) = validate_transcript(messages, tools=tools)

    assert found.code is DiagnosticCode.UNDECLARED_TOOL
    assert found.message_index == 2
    assert found.path == "/2/content/2/name"
    assert found.message == (
        "tool call 'c1' names 'search', which no tool declares (declared: 'weather')"
    )


def test_the_declared_names_are_cut_after_five() -> None:
    tools = [{"name": f"t{i}"} for i in range(8)]

    (found,) = validate_transcript(transcript(("x", {})), tools=tools)

    assert found.message.endswith("(declared: 't0', 't1', 't2', 't3', 't4' and 3 more)")


def test_exactly_five_declared_names_are_all_shown() -> None:
    tools = [{"name": f"t{i}"} for i in range(5)]

    (found,) = validate_transcript(transcript(("x", {})), tools=tools)

    assert found.message.endswith("(declared: 't0', 't1', 't2', 't3', 't4')")


def test_no_tool_declared() -> None:
    (found,) = validate_transcript(transcript(("x", {})), tools=[])

    assert found.code is DiagnosticCode.UNDECLARED_TOOL
    assert found.message.endswith("(none is declared)")


def test_names_are_matched_exactly() -> None:
    messages = transcript(("Weather", {}), ("weather ", {}), ("weather", {}))

    found = validate_transcript(messages, tools=[{"name": "weather"}])

    assert [(d.code, d.path) for d in found] == [
        (DiagnosticCode.UNDECLARED_TOOL, "/1/content/1/name"),
        (DiagnosticCode.UNDECLARED_TOOL, "/1/content/2/name"),
    ]


def test_without_tools_nothing_is_checked_against_definitions() -> None:
    messages = transcript(("undeclared", {"a": 1}))

    assert validate_transcript(messages) == ()
    assert validate_transcript(messages, tools=None) == ()


def test_server_tool_calls_are_not_checked_against_definitions() -> None:
    messages = transcript(("t", {}))
    messages[1]["content"].append(
        {
            "type": "serverToolCall",
            "id": "s1",
            "name": "web_search",
            "input": {"q": 1},
            "provider": "anthropic",
        }
    )

    assert validate_transcript(messages, tools=[{"name": "t"}]) == ()


def test_a_required_name_the_arguments_hold_is_unexpected_not_missing() -> None:
    """Parameters that list ``properties`` without a required name and forbid others:
    arguments holding the name break ``additionalProperties`` only (jsonschema-rs 0.61
    also says the name is missing; that sentence is dropped), at any depth; arguments
    without it are missing it."""
    inner = {"type": "object", "properties": {}, "additionalProperties": False, "required": ["y"]}
    parameters = {
        "type": "object",
        "properties": {"a": inner},
        "additionalProperties": False,
        "required": ["b"],
    }
    held = mismatches(parameters, {"b": 1, "a": {"y": 2}})
    assert [(d.path, "additionalProperties" in d.message) for d in held] == [
        ("/1/content/1/arguments", True),
        ("/1/content/1/arguments/a", True),
    ]
    assert not any("is a required property" in d.message for d in held)
    missing = mismatches(parameters, {"a": {}})
    assert [(d.path, "is a required property" in d.message) for d in missing] == [
        ("/1/content/1/arguments", True),
        ("/1/content/1/arguments/a", True),
    ]


def test_the_path_names_keys_that_read_as_numbers_and_empty_keys_exactly() -> None:
    """jsonschema-rs reads the keys "007" and "+1" as array indexes and leaves empty keys
    out of its paths; the diagnostic's path and schema pointer name the real keys."""
    parameters = {
        "type": "object",
        "properties": {"007": {"type": "string"}, "a": {"type": "array", "items": obj()}},
        "additionalProperties": {"maximum": 3},
    }
    parameters["properties"]["a"]["items"]["additionalProperties"] = {"type": "integer"}
    found = mismatches(parameters, {"007": 1, "+1": 9, "a": [{"": "x", "k": 2}]})
    assert [d.path for d in found] == [
        "/1/content/1/arguments/+1",
        "/1/content/1/arguments/a/0/",
        "/1/content/1/arguments/007",
    ]
    assert "keyword type at /properties/007/type of the parameters" in found[2].message


def test_two_keys_one_path_could_mean_each_get_their_own_mismatch() -> None:
    """Keys "7" and "007" holding the same failing value: jsonschema-rs writes both
    places as index 7; as many places as errors, so each error is at one of them."""
    parameters = {"type": "object", "additionalProperties": {"type": "string"}}
    found = mismatches(parameters, {"7": 1, "007": 1})
    assert [d.path for d in found] == ["/1/content/1/arguments/007", "/1/content/1/arguments/7"]


def test_a_schema_problem_under_a_key_that_reads_as_a_number_is_at_that_key() -> None:
    diagnostics = validate_transcript(
        transcript(("t", {})),
        tools=[{"name": "t", "parameters": {"type": "object", "properties": {"007": 5}}}],
    )
    assert [(d.code.value, d.path) for d in diagnostics] == [
        ("INVALID_TOOL_DEFINITION", "/parameters/properties/007")
    ]


def test_a_refused_extra_key_is_at_its_object_even_when_the_key_is_empty() -> None:
    """jsonschema-rs gives ``additionalProperties: false``'s error at the object (with
    the refused value): an empty key is not taken for the place meant."""
    found = mismatches({"type": "object", "additionalProperties": False}, {"": 1, "00": 2})
    assert [d.path for d in found] == ["/1/content/1/arguments"]


def test_a_required_name_held_under_a_key_that_reads_as_a_number_is_not_missing() -> None:
    inner = {"type": "object", "properties": {}, "additionalProperties": False, "required": ["b"]}
    found = mismatches(obj(**{"007": inner}), {"007": {"b": 1}})
    assert [(d.path, "additionalProperties" in d.message) for d in found] == [
        ("/1/content/1/arguments/007", True)
    ]
