"""The compile cache: the same parameters on every line of a dataset are compiled once
(broken ones too), and the cache stays bounded. Compiles are counted by wrapping the
real ``jsonschema_rs.validator_for``."""

from __future__ import annotations

import itertools
import json
from typing import Any

import jsonschema_rs
import pytest

from agent_ir import DiagnosticCode, JsonObject, ToolDefinition, validate_json, validate_transcript
from agent_ir.validation import _tools

_FRESH = itertools.count()


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The schemas given to jsonschema-rs to compile, in order."""
    seen: list[Any] = []
    real = jsonschema_rs.validator_for

    def counting(schema: Any, **options: Any) -> Any:
        seen.append(schema)
        return real(schema, **options)

    monkeypatch.setattr(jsonschema_rs, "validator_for", counting)
    return seen


def fresh_parameters(**more: Any) -> dict[str, Any]:
    """Parameters no earlier test compiled (the cache lives as long as the process)."""
    return {
        "title": f"cache test {next(_FRESH)} {id(more)}",
        "type": "object",
        "properties": {"n": {"type": "integer"}},
        **more,
    }


def line(number: int) -> list[dict[str, Any]]:
    arguments = {"n": number} if number % 2 else {"n": str(number)}
    return [
        {"role": "user", "id": "u", "content": "go"},
        {"role": "assistant", "id": "a", "content": [
            {"type": "toolCall", "id": "c", "name": "count", "arguments": arguments}]},
        {"role": "toolResult", "id": "r", "toolCallId": "c", "toolName": "count",
         "content": "ok", "isError": False},
    ]  # fmt: skip


def test_the_same_parameters_on_a_thousand_transcripts_compile_once(compiles: list[Any]) -> None:
    parameters = fresh_parameters()
    mismatched = 0

    for number in range(1000):
        tools = [{"name": "count", "parameters": json.loads(json.dumps(parameters))}]
        verdict = validate_transcript(line(number), tools=tools)
        mismatched += len(verdict)
        assert all(d.code is DiagnosticCode.TOOL_ARGUMENTS_MISMATCH for d in verdict)

    assert mismatched == 500  # the even lines, whose n is a string
    assert compiles == [parameters]


def test_every_entry_point_and_form_shares_the_compiled_parameters(compiles: list[Any]) -> None:
    parameters = fresh_parameters()
    as_object = ToolDefinition(name="count", parameters=JsonObject(parameters))
    as_json = {"name": "count", "parameters": parameters}

    validate_transcript(line(1), tools=[as_json])
    validate_transcript(line(2), tools=(as_object,))
    validate_json(json.dumps(line(3)), tools=[as_object])
    two_tools = [as_json, {"name": "other", "parameters": dict(parameters)}]
    validate_transcript(line(4), tools=two_tools)

    assert len(compiles) == 1


def test_broken_parameters_are_compiled_once_too(compiles: list[Any]) -> None:
    parameters = fresh_parameters(minimum="zero")
    tools = [{"name": "count", "parameters": parameters}]

    verdicts = {validate_transcript(line(number), tools=tools) for number in range(200)}

    (verdict,) = verdicts
    assert [(d.code, d.path) for d in verdict] == [
        (DiagnosticCode.INVALID_TOOL_DEFINITION, "/parameters/minimum")
    ]
    assert len(compiles) == 1


def test_the_cache_is_bounded_and_drops_the_oldest(compiles: list[Any]) -> None:
    first = fresh_parameters()
    validate_transcript(line(1), tools=[{"name": "count", "parameters": first}])

    for _ in range(_tools._CACHE_SIZE + 10):
        validate_transcript(line(1), tools=[{"name": "count", "parameters": fresh_parameters()}])

    assert len(_tools._VALIDATORS.cache) == _tools._CACHE_SIZE
    assert len(compiles) == _tools._CACHE_SIZE + 11
    validate_transcript(line(1), tools=[{"name": "count", "parameters": first}])
    assert len(compiles) == _tools._CACHE_SIZE + 12  # dropped, compiled again
    assert compiles[-1] == first
