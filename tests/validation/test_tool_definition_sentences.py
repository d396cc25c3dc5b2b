"""The sentences of INVALID_TOOL_DEFINITION, the same words in Python and the npm
package (``bindings/typescript/test/tools.test.mjs`` pins the same ones; the
differential, ``tests/js/differential.mjs``, compares them all).

Parameters their dialect's meta-schema refuses: one INVALID_TOOL_DEFINITION at the
failing place, said with the sentence of the meta-schema keyword that failed there,
filled from the table the mismatch sentences are (``keyword_sentences.json``), which
the npm package fills with Ajv's error of the same keyword. A malformed definition: the
type its field must have, or what JSON calls the definition that is no object."""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir import DiagnosticCode, validate_transcript
from agent_ir.validation import _keyword_sentences

PREFIX = "parameters is not a valid JSON Schema: "
DRAFT_07 = "http://json-schema.org/draft-07/schema#"


def refusals(parameters: Any) -> list[tuple[str, str, str]]:
    found = validate_transcript(
        [{"role": "user", "id": "m0", "content": "go"}],
        tools=[{"name": "t", "parameters": parameters}],
    )
    return [(d.code, d.path, d.message) for d in found]


@pytest.mark.parametrize(
    ("parameters", "path", "said"),
    [
        ({"type": "strin"}, "/type",
         "\"strin\" is not valid under any of the schemas listed in the 'anyOf' keyword"),
        ({"minLength": -1}, "/minLength", "-1 is less than the minimum of 0"),
        ({"minLength": -1.5}, "/minLength", '-1.5 is not of type "integer"'),
        ({"required": ["a", "a"]}, "/required", '["a","a"] has non-unique elements'),
        ({"$defs": {"a": {"multipleOf": 0}}}, "/$defs/a/multipleOf",
         "0 is less than or equal to the minimum of 0"),
        ({"$id": "#x"}, "/$id", '"#x" does not match "^[^#]*#?$"'),
        ({"$schema": DRAFT_07, "properties": {"a": {"enum": 5}}}, "/properties/a/enum",
         '5 is not of type "array"'),
        ({"type": "x" * 400}, "/type",
         '"' + "x" * 199 + "\u2026 (202 more characters) is not valid under any of the "
         "schemas listed in the 'anyOf' keyword"),
    ],
)  # fmt: skip
def test_the_sentence_is_the_failing_keywords_as_the_package_says_it(
    parameters: Any, path: str, said: str
) -> None:
    assert refusals(parameters) == [
        (DiagnosticCode.INVALID_TOOL_DEFINITION, f"/parameters{path}", PREFIX + said)
    ]


def test_the_sentence_is_filled_from_the_shared_table(monkeypatch: pytest.MonkeyPatch) -> None:
    # a template of the table changed: the refusal says it (jsonschema-rs's own words
    # would not change); parameters no other test compiles, so none is cached
    template = "{value} is below {limit}, the meta-schema's minimum"
    monkeypatch.setitem(_keyword_sentences.SENTENCES, "minimum", template)

    assert refusals({"maxItems": -9876}) == [
        (
            DiagnosticCode.INVALID_TOOL_DEFINITION,
            "/parameters/maxItems",
            PREFIX + "-9876 is below 0, the meta-schema's minimum",
        )
    ]


ID_FORM = (
    'parameters["$id"] is no valid $id: it must be a URI reference '
    "(RFC 3986: ASCII, no space, % then two hex digits)"
)


@pytest.mark.parametrize(
    "parameters",
    [
        {"$id": "http:// bad"},
        {"$id": "%zz"},
        {"$id": "caf\u00e9"},
        {"$id": "http://[::1/"},
        {"$id": "http://a:b:c/"},
        {"$id": "x#y#z"},
        {"$id": "a b", "minLength": -1},  # before the meta-schema's first problem
        {"minLength": -1, "$id": "a b"},
        {"$schema": DRAFT_07, "$id": "http:// bad"},
    ],
)
def test_an_id_that_is_no_uri_reference_is_refused_at_its_place_by_the_profile(
    parameters: Any,
) -> None:
    # jsonschema-rs said "Invalid URI reference 'http:// bad': unexpected character at
    # index 7" at /parameters (draft-07: '"http:// bad" is not a "uri-reference"'), and
    # the npm package (Ajv) nothing
    assert refusals(parameters) == [
        (DiagnosticCode.INVALID_TOOL_DEFINITION, "/parameters/$id", ID_FORM)
    ]


@pytest.mark.parametrize(
    "uri",
    ["", "#", "a", "a/b?c", "urn:x", "//host", "http://u:p@h:80/p?q#", "http://[::1]/",
     "http://[v1.x]/", "http://[1:2:3:4:5:6:1.2.3.4]/", "http://x/%C3", "HTTP://x",
     # each form of an IPv6 address RFC 3986 writes, and an absolute path
     "http://[1:2:3:4:5:6:7:8]/", "http://[::2:3:4:5:6:7:8]/", "http://[1::3:4:5:6:7:8]/",
     "http://[1:2::4:5:6:7:8]/", "http://[1:2:3::5:6:7:8]/", "http://[1:2:3:4::6:7:8]/",
     "http://[1:2:3:4:5::7:8]/", "http://[1:2:3:4:5:6::8]/", "http://[1:2:3:4:5:6:7::]/",
     "/a/b"],
)  # fmt: skip
def test_an_id_that_is_a_uri_reference_is_inside_the_profile(uri: str) -> None:
    assert refusals({"$id": uri, "type": "object"}) == []


@pytest.mark.parametrize(
    ("definition", "path", "said"),
    [
        ({"name": 5}, "/name", "name is not valid: it must be a string"),
        ({"name": "t", "description": 1}, "/description",
         "description is not valid: it must be a string"),
        ({"name": "t", "parameters": []}, "/parameters",
         "parameters is not valid: it must be a JSON object"),
        ({"name": "t", "strict": "yes"}, "/strict", "strict is not valid: it must be a boolean"),
        ("tool", "", "the tool definition must be an object, not string"),
        (5, "", "the tool definition must be an object, not number"),
        (None, "", "the tool definition must be an object, not null"),
        ([], "", "the tool definition must be an object, not array"),
        (True, "", "the tool definition must be an object, not boolean"),
    ],
)  # fmt: skip
def test_a_malformed_definition_is_said_as_the_package_says_it(
    definition: Any, path: str, said: str
) -> None:
    found = validate_transcript([{"role": "user", "id": "m0", "content": "go"}], tools=[definition])

    assert [(d.code, d.tool_index, d.path, d.message) for d in found] == [
        (DiagnosticCode.INVALID_TOOL_DEFINITION, 0, path, said)
    ]


INF = float("inf")


@pytest.mark.parametrize(
    ("definition", "path", "said"),
    [
        ({"name": "t", "parameters": {"type": "object", "maxItems": INF}},
         "/parameters/maxItems", "parameters.maxItems must be a finite number"),
        ({"name": "t", "parameters": {"properties": {"a b": {"enum": [1, -INF]}}}},
         "/parameters/properties/a b/enum/1",
         'parameters.properties["a b"].enum[1] must be a finite number'),
        ({"name": "t", "parameters": {"properties": {"a\nb": {"maximum": float("nan")}}}},
         "/parameters/properties/a\nb/maximum",
         'parameters.properties["a\\nb"].maximum must be a finite number'),
        ({"name": "t", "parameters": {}, "strict": INF}, "/strict",
         "strict must be a finite number"),
    ],
)  # fmt: skip
def test_a_non_finite_number_is_named_at_its_place_as_the_package_names_it(
    definition: Any, path: str, said: str
) -> None:
    # a JavaScript caller can pass Infinity; the package said /parameters/maxItems, the
    # place as a pointer, where Python names it (format_path); JSON cannot carry it, so
    # the differential cannot: tools.test.mjs pins the same sentences
    found = validate_transcript([{"role": "user", "id": "m0", "content": "go"}], tools=[definition])

    assert [(d.code, d.path, d.message) for d in found] == [
        (DiagnosticCode.INVALID_TOOL_DEFINITION, path, said)
    ]


@pytest.mark.parametrize(
    ("parameters", "path", "said"),
    [
        ({"properties": {"a\nb": {"$ref": "http://x"}}}, "/properties/a\nb/$ref",
         'parameters.properties["a\\nb"]["$ref"] refers to \'http://x\', outside them: a $ref '
         "of the tool-schema profile is local (# then a JSON Pointer or an anchor), never "
         "fetched"),
        ({"properties": {"\t\x01": {"pattern": "("}}}, "/properties/\t\x01/pattern",
         'parameters.properties["\\t\\u0001"].pattern is the pattern \'(\', which has a ( '
         "that is never closed: the tool-schema profile reads ECMA-262 patterns, matched "
         "in linear time"),
    ],
)  # fmt: skip
def test_a_control_character_in_a_key_is_escaped_in_the_sentence(
    parameters: Any, path: str, said: str
) -> None:
    # format_path wrote the raw newline; the package's formatPath wrote \n (JSON's
    # escape), which both now write; the JSON Pointer keeps the key as it is
    assert refusals(parameters) == [
        (DiagnosticCode.INVALID_TOOL_DEFINITION, f"/parameters{path}", said)
    ]
    assert "\n" not in said
