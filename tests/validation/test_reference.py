"""The reference check's keyword functions and its ``$ref`` walk through the registry.

Each keyword function builds its own sentence where the failure happens; these tests pin
the sentence, the path and the code of one failure per keyword.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from agent_ir import schemas
from agent_ir.validation._codes import MESSAGE_REF, _lookup, _member, _with_keyword, code_for_path
from agent_ir.validation._reference import Problem, _registry, _Validator, explain_message

TRANSCRIPT_ID = "https://agent-ir.dev/schemas/v1/transcript.schema.json"
NOT_BLANK = "must be a string containing at least one non-whitespace character"


def _assistant(**changes: Any) -> dict[str, Any]:
    message: dict[str, Any] = {
        "role": "assistant",
        "id": "m",
        "content": [{"type": "text", "text": "hi"}],
        "model": "x",
        "usage": {"inputTokens": 1, "outputTokens": 1},
        "stopReason": "stop",
    }
    return {**message, **changes}


def _messages(schema: dict[str, Any], instance: Any) -> list[tuple[list[Any], str]]:
    validator = _Validator(schema, registry=_registry())
    return [(list(error.absolute_path), error.message) for error in validator.iter_errors(instance)]


def test_a_valid_message_has_no_problems() -> None:
    assert explain_message(_assistant()) == []


def test_missing_required_property_is_reported_on_its_own_path() -> None:
    assert explain_message({"role": "user", "id": "m1"}) == [
        Problem(("content",), "INVALID_MESSAGE", "is required")
    ]


def test_missing_required_property_inside_a_block_names_the_block() -> None:
    assert explain_message(_assistant(content=[{"type": "text"}])) == [
        Problem(("content", 0, "text"), "INVALID_MESSAGE", "is required")
    ]


def test_each_unknown_field_is_reported_on_its_own_path() -> None:
    message = {"role": "user", "id": "m1", "content": "hi", "extra": 1, "zz": 2}
    reason = "is not a field here (unknown fields are not allowed)"
    assert explain_message(message) == [
        Problem(("extra",), "INVALID_MESSAGE", reason),
        Problem(("zz",), "INVALID_MESSAGE", reason),
    ]


def test_wrong_type_names_expected_and_actual_json_types() -> None:
    usage = {"inputTokens": 1, "outputTokens": 1.0}
    assert explain_message(_assistant(usage=usage)) == [
        Problem(("usage", "outputTokens"), "INVALID_MESSAGE", "must be an integer, not number")
    ]


def test_value_below_minimum_states_the_bound() -> None:
    usage = {"inputTokens": -1, "outputTokens": 1}
    assert explain_message(_assistant(usage=usage)) == [
        Problem(("usage", "inputTokens"), "INVALID_MESSAGE", "must be at least 0")
    ]


def test_value_outside_enum_lists_the_allowed_values() -> None:
    allowed = "'stop', 'length', 'toolCall', 'error', 'aborted', 'refusal'"
    assert explain_message(_assistant(stopReason="bogus")) == [
        Problem(("stopReason",), "INVALID_MESSAGE", f"must be one of {allowed}")
    ]


def test_pattern_failure_is_worded_from_the_schema_description() -> None:
    assert explain_message({"role": "user", "id": "  ", "content": "hi"}) == [
        Problem(("id",), "INVALID_MESSAGE", NOT_BLANK)
    ]


def test_pattern_failure_without_description_shows_the_pattern() -> None:
    assert _messages({"pattern": "^a"}, "b") == [([], "must match the pattern ^a")]


@pytest.mark.parametrize(
    ("instance", "expected"),
    [(True, [([], "must be 1")]), (1.0, []), (1, []), ([1], [([], "must be 1")])],
)
def test_const_compares_as_json_where_true_is_not_one(
    instance: Any, expected: list[tuple[list[Any], str]]
) -> None:
    assert _messages({"const": 1}, instance) == expected


def test_maximum_states_the_bound() -> None:
    assert _messages({"maximum": 3}, 4) == [([], "must be at most 3")]


def test_additional_properties_schema_checks_each_unknown_value() -> None:
    schema = {"properties": {"a": {}}, "additionalProperties": {"type": "string"}}
    assert _messages(schema, {"a": 1, "b": 2, "c": "x"}) == [
        (["b"], "must be a string, not integer")
    ]


def test_ref_into_another_schema_file_applies_its_keywords_with_our_code() -> None:
    content = [{"type": "toolCall", "id": "c", "name": "", "arguments": [1]}]
    assert explain_message(_assistant(content=content)) == [
        Problem(
            ("content", 0, "arguments"), "INVALID_TOOL_ARGUMENTS", "must be an object, not array"
        ),
        Problem(("content", 0, "name"), "EMPTY_TOOL_NAME", NOT_BLANK),
    ]


def test_keyword_functions_still_apply_below_a_ref_to_a_whole_document() -> None:
    # transcript.schema.json names its dialect in $schema; kept in the registry, jsonschema
    # would switch to its stock validator there and answer "not valid under any of ...".
    assert _messages({"$ref": TRANSCRIPT_ID}, [{"role": "user", "id": "m"}]) == [
        ([0, "content"], "is required")
    ]


def test_code_for_path_takes_x_code_written_beside_a_ref() -> None:
    content = [{"type": "text", "text": "a"}, {"type": "toolCall", "id": "c", "name": "n"}]
    message = _assistant(content=content)
    assert code_for_path(message, ("content", 1, "name")) == "EMPTY_TOOL_NAME"
    assert code_for_path(message, ("content", 1, "arguments", "x", 0)) == "INVALID_TOOL_ARGUMENTS"
    assert code_for_path(message, ("content", 0, "text")) == "INVALID_MESSAGE"


def test_code_for_path_is_default_when_no_branch_matches_the_tag() -> None:
    message = _assistant(content=[{"type": "toolCall", "name": ""}, {"type": "nope", "name": ""}])
    assert code_for_path(message, ("content", 0, "name")) == "EMPTY_TOOL_NAME"
    assert code_for_path(message, ("content", 1, "name")) == "INVALID_MESSAGE"


def test_ref_inside_another_file_resolves_against_that_file() -> None:
    # The arguments schema lives in json.schema.json; its own "#/$defs/..." references
    # must resolve there through the registry, not in message.schema.json.
    message = _lookup("", MESSAGE_REF)
    arguments = _lookup(message.base, "#/$defs/ToolCallBlock/properties/arguments")
    json_object = _with_keyword(arguments, "additionalProperties")
    assert json_object is not None
    assert json_object.contents["description"] == (
        "A JSON object with arbitrary string keys and JSON values."
    )
    assert _member(json_object, "anything") is None  # it lists no properties
    json_value = _lookup(json_object.base, json_object.contents["additionalProperties"]["$ref"])
    assert json_value.contents["description"] == (
        "Any JSON value: string, number, integer, boolean, null, array or object."
    )


def test_missing_discriminator_tag_is_reported_on_the_tag_path() -> None:
    assert explain_message({"id": "m", "content": "hi"}) == [
        Problem(("role",), "INVALID_MESSAGE", "is required")
    ]


def test_unknown_discriminator_tag_lists_the_known_tags() -> None:
    known = "'user', 'assistant', 'toolResult', 'system'"
    assert explain_message({"role": "robot"}) == [
        Problem(("role",), "INVALID_MESSAGE", f"must be one of {known}, not 'robot'")
    ]


def test_a_message_that_is_no_object_says_what_it_is() -> None:
    assert explain_message([]) == [Problem((), "INVALID_MESSAGE", "must be an object, not array")]


def _refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                yield value
            else:
                yield from _refs(value)
    elif isinstance(node, list):
        for item in node:
            yield from _refs(item)


def test_codes_resolve_every_ref_of_the_schemas() -> None:
    """``_codes`` resolves refs itself (a URL join and a JSON pointer, no ``referencing``):
    every ref of every shipped schema lands where ``referencing`` says it does, and no
    schema uses what that cannot resolve (an anchor, a nested ``$id``)."""
    resolved = 0
    for name in schemas.names():
        document = schemas.load(name)
        text = json.dumps(document)
        assert '"$anchor"' not in text
        assert '"$dynamicRef"' not in text
        assert text.count('"$id"') == 1, name
        resolver = _registry().resolver(base_uri=document["$id"])
        for ref in _refs(document):
            assert _lookup(document["$id"], ref).contents == resolver.lookup(ref).contents, ref
            resolved += 1
    assert resolved > 50
