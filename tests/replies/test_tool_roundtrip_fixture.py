"""The checked-in fixture ``fixtures/provider-tool-roundtrip.json``, the seed experiment,
and the outputs against ``schemas/v1/model-stream.schema.json``."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import msgspec
import pytest

from agent_ir import schemas
from agent_ir._frozen import encode_frozen
from agent_ir.replies import (
    FixtureProviderAdapter,
    ModelStream,
    ProviderError,
    ProviderErrorCode,
    TextDeltaChunk,
    ToolCallChunk,
)

FIXTURE_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "provider-tool-roundtrip.json"
MODEL_STREAM_ID = schemas.load("model-stream")["$id"]


def load_fixture() -> dict[str, Any]:
    fixture: dict[str, Any] = json.loads(FIXTURE_PATH.read_text(encoding="utf-8"))
    return fixture


def validator(definition: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(
        {"$ref": f"{MODEL_STREAM_ID}#/$defs/{definition}"}, registry=schemas.registry()
    )


def as_json(value: object) -> Any:
    return json.loads(msgspec.json.encode(value, enc_hook=encode_frozen))


async def drain(stream: ModelStream) -> list[Any]:
    return [chunk async for chunk in stream]


def test_the_fixture_file_is_a_valid_provider_fixture() -> None:
    schema_validator = jsonschema.Draft202012Validator(
        schemas.load("provider-fixture"), registry=schemas.registry()
    )
    assert list(schema_validator.iter_errors(load_fixture())) == []


def test_the_fixture_file_holds_the_two_recorded_responses_and_expectations() -> None:
    fixture = load_fixture()
    assert fixture["schemaVersion"] == 1
    assert [record["type"] for record in fixture["responses"][0]["records"]] == [
        "response_start",
        "tool_call",
        "response_end",
    ]
    assert [record["type"] for record in fixture["responses"][1]["records"]] == [
        "response_start",
        "text_delta",
        "response_end",
    ]
    assert fixture["expected"] == {
        "toolCallId": "call-add-001",
        "toolName": "add",
        "finalText": "The sum is 42.",
    }


async def test_two_streams_replay_a_tool_call_then_the_final_answer() -> None:
    adapter = FixtureProviderAdapter.from_path(FIXTURE_PATH)
    expected = load_fixture()["expected"]

    first = adapter.stream("request-001")
    chunks = await drain(first)
    response = await first.result()
    assert chunks == [
        ToolCallChunk(request_id="request-001", tool_call=response.message.content[0])  # type: ignore[arg-type]
    ]
    call = chunks[0].tool_call
    assert (call.id, call.name, dict(call.arguments)) == (
        expected["toolCallId"],
        expected["toolName"],
        {"left": 20, "right": 22},
    )
    assert (response.id, response.request_id, response.stop_reason) == (
        "response-tool-001",
        "request-001",
        "toolCall",
    )
    assert (response.usage.input_tokens, response.usage.output_tokens) == (12, 8)
    assert response.message.id == "message-response-tool-001"
    assert (response.message.usage, response.message.stop_reason) == (response.usage, "toolCall")

    second = adapter.stream("request-002")
    chunks = await drain(second)
    response = await second.result()
    assert chunks == [TextDeltaChunk(request_id="request-002", delta=expected["finalText"])]
    assert (response.id, response.stop_reason) == ("response-text-002", "stop")
    assert [block.text for block in response.message.content] == ["The sum is 42."]  # type: ignore[union-attr]
    assert (response.usage.input_tokens, response.usage.output_tokens) == (20, 6)
    assert (response.message.usage, response.message.stop_reason) == (response.usage, "stop")
    assert (adapter.call_count, adapter.pending_response_count) == (2, 0)


async def test_removing_response_end_from_response_one_is_a_missing_terminal_after_the_tool_call_chunk() -> (
    None
):
    fixture = load_fixture()
    records = fixture["responses"][0]["records"]
    fixture["responses"][0]["records"] = [
        record for record in records if record["type"] != "response_end"
    ]

    stream = FixtureProviderAdapter(copy.deepcopy(fixture)).stream("request-001")
    seen: list[Any] = []
    with pytest.raises(ProviderError) as by_iteration:
        async for chunk in stream:
            seen.append(chunk)
    assert [type(chunk) for chunk in seen] == [ToolCallChunk]
    assert seen[0].tool_call.id == "call-add-001"
    with pytest.raises(ProviderError) as by_result:
        await FixtureProviderAdapter(fixture).stream("request-001").result()
    for error in (by_iteration.value, by_result.value):
        assert (error.code, error.record_index, error.provider_code) == (
            ProviderErrorCode.PROVIDER_MISSING_TERMINAL,
            2,
            None,
        )


async def test_chunks_and_responses_encode_to_the_model_stream_schema() -> None:
    adapter = FixtureProviderAdapter.from_path(FIXTURE_PATH)
    for request_id in ("request-001", "request-002"):
        stream = adapter.stream(request_id)
        for chunk in await drain(stream):
            encoded = as_json(chunk)
            assert list(validator("ModelChunk").iter_errors(encoded)) == []
            assert encoded["requestId"] == request_id
        response = as_json(await stream.result())
        assert list(validator("ModelResponse").iter_errors(response)) == []
    assert response == {
        "id": "response-text-002",
        "requestId": "request-002",
        "message": {
            "role": "assistant",
            "id": "message-response-text-002",
            "content": [{"type": "text", "text": "The sum is 42."}],
            "usage": {"inputTokens": 20, "outputTokens": 6},
            "stopReason": "stop",
        },
        "stopReason": "stop",
        "usage": {"inputTokens": 20, "outputTokens": 6},
        "warnings": [],
    }


async def test_a_tool_call_chunk_encodes_with_its_arguments() -> None:
    stream = FixtureProviderAdapter.from_path(FIXTURE_PATH).stream("request-001")
    (chunk,) = await drain(stream)
    assert as_json(chunk) == {
        "type": "toolCall",
        "requestId": "request-001",
        "toolCall": {
            "type": "toolCall",
            "id": "call-add-001",
            "name": "add",
            "arguments": {"left": 20, "right": 22},
        },
    }


def test_the_schema_validator_used_here_rejects_a_wrong_chunk() -> None:
    errors = list(
        validator("ModelChunk").iter_errors({"type": "textDelta", "requestId": " ", "delta": "x"})
    )
    assert len(errors) == 1
