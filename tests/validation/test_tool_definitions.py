"""INVALID_TOOL_DEFINITION: one diagnostic per broken tool, with its ``tool_index`` and a
path inside the definition; calls naming a broken tool are not checked; a remote
``$ref`` is never fetched."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from typing import Any

import pytest

from agent_ir import (
    Diagnostic,
    DiagnosticCode,
    JsonObject,
    ToolDefinition,
    validate_json,
    validate_transcript,
)

from support.hostile import HostileMapping, RaisingList, RaisingMapping, nested_dicts
from support.loopback import serving

INVALID = DiagnosticCode.INVALID_TOOL_DEFINITION
USER = {"role": "user", "id": "m0", "content": "hi"}


def calls(*names: str) -> list[dict[str, Any]]:
    """A user message, one assistant message calling each name with ``{"a": 1}``, and
    the results."""
    content = [
        {"type": "toolCall", "id": f"c{i}", "name": name, "arguments": {"a": 1}}
        for i, name in enumerate(names)
    ]
    results = [
        {"role": "toolResult", "id": f"r{i}", "toolCallId": f"c{i}", "toolName": name,
         "content": "ok", "isError": False}
        for i, name in enumerate(names)
    ]  # fmt: skip
    return [USER, {"role": "assistant", "id": "a", "content": content}, *results]


def problems(tools: object, messages: list[Any] | None = None) -> list[Diagnostic]:
    return list(validate_transcript([USER] if messages is None else messages, tools=tools))


# (id, definition, path inside it, words of the sentence)
BROKEN: list[tuple[str, Any, str, str]] = [
    ("not-a-mapping", 5, "", "the tool definition must be an object, not number"),
    ("a-list", ["name", "x"], "", "the tool definition must be an object, not array"),
    ("missing-name", {"description": "d"}, "/name", "name is missing"),
    ("blank-name", {"name": " \t"}, "/name", "must hold a character other than whitespace"),
    ("empty-name", {"name": ""}, "/name", "must hold a character other than whitespace"),
    ("name-not-a-string", {"name": 5}, "/name", "name is not valid: it must be a string"),
    ("unknown-key", {"name": "x", "input_schema": {}}, "/input_schema", "is not a field"),
    (
        "description-not-a-string",
        {"name": "x", "description": 1},
        "/description",
        "must be a string",
    ),
    ("strict-not-a-boolean", {"name": "x", "strict": "yes"}, "/strict", "must be a boolean"),
    (
        "parameters-not-an-object",
        {"name": "x", "parameters": []},
        "/parameters",
        "must be a JSON object",
    ),
    (
        "parameters-a-boolean",
        {"name": "x", "parameters": True},
        "/parameters",
        "must be a JSON object",
    ),
    (
        "parameters-not-a-schema",
        {"name": "x", "parameters": {"type": 5}},
        "/parameters/type",
        "parameters is not a valid JSON Schema",
    ),
    (
        "parameters-nested-not-a-schema",
        {"name": "x", "parameters": {"properties": {"a": {"minLength": -1}}}},
        "/parameters/properties/a/minLength",
        "parameters is not a valid JSON Schema",
    ),
    (
        "bad-regex",
        {"name": "x", "parameters": {"pattern": "("}},
        "/parameters/pattern",
        "is the pattern '(', which has a ( that is never closed",
    ),
    (
        "remote-ref",
        {"name": "x", "parameters": {"$ref": "https://example.com/schema.json"}},
        "/parameters/$ref",
        "never fetched",
    ),
    (
        "relative-ref-against-a-remote-id",
        {"name": "x", "parameters": {"$id": "https://example.com/a.json", "$ref": "b.json"}},
        "/parameters/$ref",
        "never fetched",
    ),
    (
        "unknown-schema-dialect",
        {"name": "x", "parameters": {"$schema": "https://example.com/my-dialect"}},
        "/parameters/$schema",
        """parameters["$schema"] names the dialect 'https://example.com/my-dialect': the \
tool-schema profile reads Draft 2020-12""",
    ),
    (
        "dangling-local-ref",
        {"name": "x", "parameters": {"$ref": "#/$defs/missing"}},
        "/parameters/$ref",
        "refers to '#/$defs/missing', which is not in them",
    ),
    ("nan", {"name": "x", "parameters": {"maximum": math.nan}}, "/parameters/maximum", "finite"),
    (
        "infinity",
        {"name": "x", "parameters": {"minimum": -math.inf}},
        "/parameters/minimum",
        "finite",
    ),
    (
        "lone-surrogate-value",
        {"name": "x", "parameters": {"pattern": "\ud800"}},
        "/parameters/pattern",
        "lone surrogate",
    ),
    (
        "lone-surrogate-key",
        {"name": "x", "parameters": {"properties": {"\udfff": {}}}},
        "/parameters/properties/\udfff",
        "lone surrogate",
    ),
    (
        "too-deep",
        {"name": "x", "parameters": nested_dicts(70)},
        "/parameters" + "/k" * 64,
        "nested deeper than 64 levels",
    ),
    (
        "not-json",
        {"name": "x", "parameters": {"default": {1, 2}}},
        "/parameters/default",
        "",
    ),
    ("hostile-mapping", RaisingMapping(RuntimeError("no")), "", "could not be read"),
    (
        "hostile-items",
        HostileMapping({"name": "x"}, "__getitem__", ValueError("no")),
        "/name",
        "could not be read",
    ),
]


@pytest.mark.parametrize(
    ("definition", "inside", "words"),
    [case[1:] for case in BROKEN],
    ids=[case[0] for case in BROKEN],
)
def test_a_broken_definition_is_one_diagnostic_at_its_place(
    definition: Any, inside: str, words: str
) -> None:
    tools = [{"name": "ok"}, definition, {"name": "fine", "parameters": {"type": "object"}}]

    found = problems(tools)

    assert len(found) == 1, found
    (problem,) = found
    assert problem.code is INVALID
    assert problem.message_index == -1
    assert problem.tool_index == 1
    assert problem.path == inside.encode("utf-8", "backslashreplace").decode("utf-8")
    assert words in problem.message


def test_a_definition_with_several_problems_is_still_one_diagnostic() -> None:
    definition = {"name": "x", "parameters": {"a": math.nan, "b": "\ud800", "c": math.inf}}

    found = problems([definition, {"extra": 1, "other": 2}, {"name": "x", "extra": 1, "b": 2}])

    assert [(d.tool_index, d.path) for d in found] == [
        (0, "/parameters/a"),
        (1, "/name"),
        (2, "/extra"),
    ]


def test_a_duplicate_name_is_reported_at_the_second_definition() -> None:
    tools = [{"name": "a"}, {"name": "b"}, {"name": "a", "description": "again"}]

    (found,) = problems(tools)

    assert found.tool_index == 2
    assert found.path == "/name"
    assert found.message == "tool name 'a' is already declared by tool 0"


def test_the_first_of_two_definitions_of_a_name_is_the_one_checked() -> None:
    tools = [
        {"name": "a", "parameters": {"properties": {"a": {"type": "integer"}}}},
        {"name": "a", "parameters": {"properties": {"a": {"type": "string"}}}},
    ]

    found = problems(tools, calls("a"))  # arguments {"a": 1}

    assert [(d.code, d.tool_index) for d in found] == [(INVALID, 1)]


def test_tools_that_are_not_a_list_are_one_diagnostic() -> None:
    for tools in ("get_weather", {"name": "x"}, 5, b"[]", iter([{"name": "x"}])):
        found = problems(tools, calls("x"))

        assert [(d.code, d.message_index, d.path, d.tool_index) for d in found] == [
            (INVALID, -1, "", None)
        ], tools
        assert "tools must be a list or tuple of tool definitions" in found[0].message


def test_a_list_subclass_is_read_through_the_base_type() -> None:
    tools = RaisingList([{"name": "x", "parameters": {"required": ["b"]}}])

    found = problems(tools, calls("x"))

    assert tools.calls == []
    assert [(d.code, d.path) for d in found] == [
        (DiagnosticCode.TOOL_ARGUMENTS_MISMATCH, "/1/content/0/arguments")
    ]


def test_a_tuple_of_tools_is_accepted() -> None:
    assert problems(({"name": "x"},), calls("x")) == []


@pytest.mark.parametrize(
    "definition",
    [case[1] for case in BROKEN if case[0] not in {"not-a-mapping", "a-list"}
     and "hostile" not in case[0] and "name" not in case[0]],
    ids=[case[0] for case in BROKEN if case[0] not in {"not-a-mapping", "a-list"}
         and "hostile" not in case[0] and "name" not in case[0]],
)  # fmt: skip
def test_calls_to_a_broken_tool_are_neither_undeclared_nor_a_mismatch(definition: Any) -> None:
    """Its name was read: the tool is declared, and there is nothing sound to check the
    arguments against."""
    assert definition["name"] == "x"
    tools = [{"name": "y", "parameters": {"type": "object"}}, definition]

    found = problems(tools, calls("x", "x", "z"))

    assert [(d.code, d.tool_index, d.path) for d in found if d.code is not INVALID] == [
        (DiagnosticCode.UNDECLARED_TOOL, None, "/1/content/2/name")
    ]
    assert [d.tool_index for d in found if d.code is INVALID] == [1]


def test_calls_naming_a_definition_without_a_readable_name_are_undeclared() -> None:
    tools = [{"name": " "}, {"name": "\ud800"}, {"name": 5}]

    found = problems(tools, calls(" x", "5"))

    assert [(d.code, d.tool_index) for d in found] == [
        (INVALID, 0), (INVALID, 1), (INVALID, 2),
        (DiagnosticCode.UNDECLARED_TOOL, None), (DiagnosticCode.UNDECLARED_TOOL, None),
    ]  # fmt: skip


def test_tool_definition_objects_are_checked_like_their_json_form() -> None:
    """A ToolDefinition object is well-formed by construction; its parameters are still
    compiled, and a duplicate name is still a duplicate."""
    made = [
        ToolDefinition(name="a", parameters=JsonObject({"type": 5})),
        ToolDefinition(name="b", parameters=JsonObject({"properties": {"a": {"type": "string"}}})),
        ToolDefinition(name="b"),
    ]
    plain = [
        {"name": "a", "parameters": {"type": 5}},
        {"name": "b", "parameters": {"properties": {"a": {"type": "string"}}}},
        {"name": "b"},
    ]
    messages = calls("a", "b", "c")

    found = problems(made, messages)

    assert found == problems(plain, messages)
    assert [(d.code, d.tool_index, d.path) for d in found] == [
        (INVALID, 0, "/parameters/type"),
        (INVALID, 2, "/name"),
        (DiagnosticCode.TOOL_ARGUMENTS_MISMATCH, None, "/1/content/1/arguments/a"),
        (DiagnosticCode.UNDECLARED_TOOL, None, "/1/content/2/name"),
    ]
    mixed = [made[0], plain[1], made[2]]
    assert problems(mixed, messages) == found


def test_the_dialects_of_the_tool_schema_profile_are_accepted() -> None:
    for dialect in (
        "https://json-schema.org/draft/2020-12/schema",
        "https://json-schema.org/draft/2020-12/schema#",
        "http://json-schema.org/draft-07/schema#",
        "http://json-schema.org/draft-07/schema",
    ):
        assert problems([{"name": "x", "parameters": {"$schema": dialect}}], calls("x")) == []


def test_a_dialect_outside_the_tool_schema_profile_is_refused_at_its_schema() -> None:
    for dialect in (
        "https://json-schema.org/draft/2019-09/schema",
        "http://json-schema.org/draft-04/schema#",
        "http://json-schema.org/draft-06/schema#",
    ):
        found = problems([{"name": "x", "parameters": {"$schema": dialect}}], calls("x"))
        assert [(d.code, d.path) for d in found] == [(INVALID, "/parameters/$schema")]
        assert "the tool-schema profile reads Draft 2020-12" in found[0].message


def test_a_local_ref_and_an_anchor_resolve_without_the_network() -> None:
    parameters = {
        "$id": "https://example.com/tool.json",
        "properties": {"a": {"$ref": "#/$defs/n"}, "b": {"$ref": "#num"}},
        "$defs": {"n": {"type": "integer"}, "m": {"$anchor": "num", "type": "number"}},
    }

    assert problems([{"name": "x", "parameters": parameters}], calls("x")) == []


# --- no network ------------------------------------------------------------------------


@pytest.fixture
def schema_server() -> Iterator[tuple[str, list[str]]]:
    """A real HTTP server on 127.0.0.1 serving a valid schema for any GET; yields its
    base URL and the paths asked."""
    asked: list[str] = []
    body = json.dumps({"type": "string"}).encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            asked.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "application/schema+json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    with serving(Handler) as url:
        yield url, asked


def test_a_remote_ref_is_never_fetched(schema_server: tuple[str, list[str]]) -> None:
    """The server would answer with a valid schema (jsonschema-rs fetches it when no
    retriever refuses: then the definition would be valid and the call a mismatch)."""
    url, asked = schema_server
    tools = [
        {"name": "x", "parameters": {"properties": {"a": {"$ref": f"{url}/string.json"}}}},
        {"name": "y", "parameters": {"$id": f"{url}/root.json", "$ref": "other.json"}},
    ]

    found = problems(tools, calls("x", "y"))
    text = validate_json(json.dumps(calls("x", "y")), tools=tools)

    assert asked == []
    assert [(d.code, d.tool_index, d.path) for d in found] == [
        (INVALID, 0, "/parameters/properties/a/$ref"),
        (INVALID, 1, "/parameters/$ref"),
    ]
    assert found[0].message == (
        f"parameters.properties.a[\"$ref\"] refers to '{url}/string.json', outside them: "
        "a $ref of the tool-schema profile is local (# then a JSON Pointer or an anchor), "
        "never fetched"
    )
    assert "refers to 'other.json', outside them" in found[1].message
    assert text == tuple(found)
