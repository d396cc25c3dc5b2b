"""A ``ToolDefinition`` built from plain values (``ToolDefinition(name=...,
parameters={...})``, the way a dataclass is built) is checked and frozen when it is made,
as decoding one is: its ``parameters`` become a ``JsonObject`` (a private copy), so it
works everywhere a tool is taken, exactly as its JSON form does; a value decoding would
refuse is an ``InvalidMessageError`` (code INVALID_TOOL_DEFINITION) naming the field.

Regression (issue 36): the definition was accepted with a dict inside, then
``to_anthropic(..., tools=[...])`` raised a bare ``AttributeError`` and
``validate_transcript`` answered only INVALID_TRANSCRIPT "could not be validated
(AttributeError)".
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import msgspec
import pytest

from agent_ir import (
    DiagnosticCode,
    InvalidMessageError,
    JsonObject,
    ToolDefinition,
    TranscriptError,
    check_wire_rules,
    loads,
    parse_transcript,
    to_json_value,
    validate_json,
    validate_transcript,
)
from agent_ir.wire import (
    from_openai_chat,
    to_anthropic,
    to_gemini,
    to_hf_chat,
    to_openai_chat,
    to_openai_responses,
)

PARAMETERS: dict[str, Any] = {
    "type": "object",
    "properties": {"city": {"type": "string"}, "days": {"type": "integer", "enum": [1, 2]}},
    "required": ["city"],
    "additionalProperties": False,
}
JSON_FORM = {"name": "get_weather", "description": "The weather.", "parameters": PARAMETERS}
TRANSCRIPT = [
    {"role": "user", "id": "u", "content": "Weather in Paris?"},
    {
        "role": "assistant",
        "id": "a",
        "content": [
            {"type": "toolCall", "id": "c1", "name": "get_weather", "arguments": {"city": 5}}
        ],
    },
    {
        "role": "toolResult",
        "id": "r",
        "toolCallId": "c1",
        "toolName": "get_weather",
        "content": "sunny",
        "isError": False,
    },
]


def plain_tool() -> ToolDefinition:
    return ToolDefinition(
        name="get_weather", description="The weather.", parameters=copy.deepcopy(PARAMETERS)
    )


def test_the_parameters_are_frozen_into_a_private_json_object() -> None:
    parameters = copy.deepcopy(PARAMETERS)
    tool = ToolDefinition(name="get_weather", parameters=parameters)
    assert type(tool.parameters) is JsonObject
    assert tool.parameters == PARAMETERS
    parameters["properties"]["city"]["type"] = "integer"  # the caller's dict, changed later
    assert tool.parameters == PARAMETERS
    assert tool == ToolDefinition(name="get_weather", parameters=JsonObject(PARAMETERS))
    assert to_json_value(tool) == {"name": "get_weather", "parameters": PARAMETERS}


WRITERS: list[Callable[..., Any]] = [
    to_anthropic,
    to_openai_chat,
    to_openai_responses,
    to_gemini,
    to_hf_chat,
]


@pytest.mark.parametrize("write", WRITERS, ids=lambda f: f.__name__)
def test_every_writer_takes_it_as_its_json_form(write: Callable[..., Any]) -> None:
    from_plain = write(TRANSCRIPT, tools=[plain_tool()])
    from_json = write(TRANSCRIPT, tools=[JSON_FORM])
    assert from_plain.fields == from_json.fields
    assert from_plain.warnings == from_json.warnings
    assert "tools" in from_plain.fields


def test_the_validator_checks_calls_against_it_as_against_its_json_form() -> None:
    diagnostics = validate_transcript(TRANSCRIPT, tools=[plain_tool()])
    assert diagnostics == validate_transcript(TRANSCRIPT, tools=[JSON_FORM])
    assert [(d.code, d.path) for d in diagnostics] == [
        (DiagnosticCode.TOOL_ARGUMENTS_MISMATCH, "/1/content/0/arguments/city")
    ]
    assert validate_json(json.dumps(TRANSCRIPT), tools=[plain_tool()]) == diagnostics


@pytest.mark.parametrize("provider", ["anthropic", "openai-chat", "openai-responses", "gemini"])
def test_the_wire_rules_take_it_as_its_json_form(provider: Any) -> None:
    found = check_wire_rules(TRANSCRIPT, provider, tools=[plain_tool()])
    assert found == check_wire_rules(TRANSCRIPT, provider, tools=[JSON_FORM])
    assert DiagnosticCode.TOOL_ARGUMENTS_MISMATCH in [d.code for d in found]
    assert DiagnosticCode.INVALID_TRANSCRIPT not in [d.code for d in found]


def test_parsing_with_it_accepts_and_refuses_as_with_its_json_form() -> None:
    good = copy.deepcopy(TRANSCRIPT)
    good[1]["content"][0]["arguments"] = {"city": "Paris"}
    assert parse_transcript(good, tools=[plain_tool()]) == parse_transcript(good)
    assert loads(json.dumps(good), tools=[plain_tool()]) == parse_transcript(good)
    with pytest.raises(TranscriptError) as caught:
        parse_transcript(TRANSCRIPT, tools=[plain_tool()])
    assert [d.code for d in caught.value.diagnostics] == [DiagnosticCode.TOOL_ARGUMENTS_MISMATCH]


class _Hostile(Mapping[str, Any]):
    """A mapping whose reads raise."""

    def __getitem__(self, key: str) -> Any:
        raise RuntimeError("boom")

    def __iter__(self) -> Iterator[str]:
        return iter(["type"])

    def __len__(self) -> int:
        return 1


_CYCLE: dict[str, Any] = {"type": "object"}
_CYCLE["properties"] = _CYCLE


@pytest.mark.parametrize(
    ("fields", "path", "reason"),
    [
        ({"name": 5}, ("name",), "must be a non-empty string"),
        ({"name": " \t"}, ("name",), "must be a non-empty string"),
        ({"name": "a\ud800"}, ("name",), "must be a non-empty string"),
        ({"description": 5}, ("description",), "must be a string"),
        ({"strict": "yes"}, ("strict",), "must be a boolean"),
        ({"parameters": "x"}, ("parameters",), "must be a JSON object"),
        ({"parameters": [1]}, ("parameters",), "must be a JSON object"),
        ({"parameters": {"maximum": math.nan}}, ("parameters", "maximum"), "finite"),
        ({"parameters": {1: "x"}}, ("parameters",), "key"),
        ({"parameters": _CYCLE}, ("parameters", "properties"), "circular"),
        ({"parameters": _Hostile()}, ("parameters",), ""),
    ],
)
def test_a_value_decoding_would_refuse_is_refused_when_made_naming_the_field(
    fields: dict[str, Any], path: tuple[Any, ...], reason: str
) -> None:
    arguments = {"name": "get_weather", **fields}
    with pytest.raises(InvalidMessageError) as caught:
        ToolDefinition(**arguments)
    error = caught.value
    assert error.function == "ToolDefinition"
    assert error.path[: len(path)] == path
    assert error.code == DiagnosticCode.INVALID_TOOL_DEFINITION
    assert reason in error.reason
    assert isinstance(error, TypeError)
    assert isinstance(error, ValueError)


def test_decoded_definitions_pass_the_same_checks_and_a_bad_one_stays_a_diagnostic() -> None:
    function = {"name": "get_weather", "description": "The weather.", "parameters": PARAMETERS}
    read = from_openai_chat([], tools=[{"type": "function", "function": function}])
    assert read.tools is not None
    assert type(read.tools[0].parameters) is JsonObject
    assert read.tools == (plain_tool(),)
    assert [(d.code, d.tool_index) for d in validate_transcript([], tools=[{"name": " "}])] == [
        (DiagnosticCode.INVALID_TOOL_DEFINITION, 0)
    ]


def test_a_replaced_field_is_checked_and_frozen_too() -> None:
    replaced = msgspec.structs.replace(plain_tool(), parameters={"type": "object"})
    assert type(replaced.parameters) is JsonObject
    with pytest.raises(InvalidMessageError):
        msgspec.structs.replace(plain_tool(), parameters={"a": math.inf})
