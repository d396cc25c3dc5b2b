"""to_json_value and dumps: the schema's JSON form, fresh plain builtins, pickling, and the round trip
through loads and parse_transcript.
"""

from __future__ import annotations

import importlib.util
import json
import pickle
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import msgspec
import pytest

import agent_ir
from agent_ir import (
    JsonObject,
    TextBlock,
    assistant_message,
    dumps,
    loads,
    parse_transcript,
    system_message,
    to_json_value,
    tool_result_message,
    user_message,
    validate_transcript,
)

from support.builders import PNG_BASE64, audio, image, readme_transcript

# --- to_json_value and dumps ------------------------------------------------------------


def full_transcript() -> list[Any]:
    return [
        system_message(
            id="message-system-1",
            content="Be brief.",
            timestamp=datetime(2024, 1, 1, tzinfo=UTC),
        ),
        *readme_transcript(),
        user_message(
            id="message-user-2",
            content=[
                {"type": "text", "text": "and this"},
                image("image/png"),
                audio("audio/wav"),
                {"type": "document", "source": {"type": "url", "url": "https://x/d.pdf"}},
            ],
        ),
        assistant_message(
            id="message-assistant-2",
            content=[
                {"type": "thinking", "thinking": "hm", "signature": "sig"},
                {
                    "type": "toolCall",
                    "id": "call-2",
                    "name": "grep",
                    "arguments": {"pattern": "a", "paths": ["x", "y"], "opts": {"n": 1.5}},
                },
            ],
            usage={"inputTokens": 10, "outputTokens": 3},
            stop_reason="toolCall",
            provider="openai",
            model="gpt",
        ),
        tool_result_message(
            id="message-tool-2",
            tool_call_id="call-2",
            tool_name="grep",
            content=[{"type": "text", "text": "found"}, image("image/gif")],
            is_error=True,
        ),
    ]


def test_to_json_value_of_a_message_is_exact_plain_builtins() -> None:
    assert to_json_value(readme_transcript()[1]) == {
        "role": "assistant",
        "id": "message-assistant-001",
        "content": [
            {"type": "text", "text": "I will inspect it. "},
            {
                "type": "toolCall",
                "id": "call-read-001",
                "name": "read",
                "arguments": {"path": "package.json"},
            },
            {"type": "text", "text": "Then I will summarize it."},
        ],
    }
    assert to_json_value(readme_transcript()[2]) == {
        "role": "toolResult",
        "id": "message-tool-001",
        "toolCallId": "call-read-001",
        "toolName": "read",
        "content": '{"name":"pify-docs"}',
        "isError": False,
    }


def assert_plain_builtins(value: Any, path: str = "$") -> None:
    kind = type(value)
    assert kind in (dict, list, str, int, float, bool, type(None)), f"{path}: {kind.__name__}"
    if kind is dict:
        for key, item in value.items():
            assert type(key) is str, path
            assert_plain_builtins(item, f"{path}.{key}")
    elif kind is list:
        for index, item in enumerate(value):
            assert_plain_builtins(item, f"{path}[{index}]")


def test_to_json_value_contains_only_dicts_lists_and_scalars() -> None:
    value = to_json_value(full_transcript())
    assert type(value) is list
    assert_plain_builtins(value)


def test_to_json_value_uses_camel_case_names_of_the_schema() -> None:
    value = to_json_value(full_transcript())
    assert value[5]["usage"] == {"inputTokens": 10, "outputTokens": 3}
    assert value[5]["stopReason"] == "toolCall"
    assert value[4]["content"][1]["source"] == {
        "type": "base64",
        "mediaType": "image/png",
        "data": PNG_BASE64,
    }
    assert value[6]["isError"] is True
    assert value[0]["timestamp"] == "2024-01-01T00:00:00+00:00"


def test_to_json_value_of_a_block() -> None:
    assert to_json_value(TextBlock(text="hi")) == {"type": "text", "text": "hi"}
    call = readme_transcript()[1].content[1]
    assert to_json_value(call) == {
        "type": "toolCall",
        "id": "call-read-001",
        "name": "read",
        "arguments": {"path": "package.json"},
    }


def test_to_json_value_is_fresh_and_mutating_it_changes_nothing() -> None:
    message = full_transcript()[5]
    first = to_json_value(message)
    second = to_json_value(message)
    assert first == second
    assert first is not second
    assert first["content"] is not second["content"]
    assert first["content"][1] is not second["content"][1]
    assert first["content"][1]["arguments"] is not second["content"][1]["arguments"]
    assert (
        first["content"][1]["arguments"]["paths"] is not second["content"][1]["arguments"]["paths"]
    )

    first["id"] = "changed"
    first["content"][1]["arguments"]["pattern"] = "changed"
    first["content"][1]["arguments"]["paths"].append("z")
    first["content"][1]["arguments"]["opts"]["n"] = 0
    first["usage"]["inputTokens"] = 99
    assert to_json_value(message) == second
    assert message.content[1].arguments == {"pattern": "a", "paths": ["x", "y"], "opts": {"n": 1.5}}


def test_to_json_value_validates_against_the_message_schema() -> None:
    schema = agent_ir.schemas.load("message")
    validator = jsonschema.Draft202012Validator(schema, registry=agent_ir.schemas.registry())
    for message in full_transcript():
        errors = [error.message for error in validator.iter_errors(to_json_value(message))]
        assert errors == [], (message.role, errors)


def test_dumps_round_trip_keeps_roles_block_types_ids_and_arguments() -> None:
    transcript = full_transcript()
    encoded = dumps(transcript)
    assert isinstance(encoded, bytes)
    decoded = json.loads(encoded.decode("utf-8"))
    assert [entry["role"] for entry in decoded] == [m.role for m in transcript]
    assert [entry["id"] for entry in decoded] == [m.id for m in transcript]
    assert [
        [block["type"] for block in entry["content"]]
        for entry in decoded
        if isinstance(entry["content"], list)
    ] == [[block.type for block in m.content] for m in transcript if not isinstance(m.content, str)]
    assert decoded[2]["content"][1]["arguments"] == {"path": "package.json"}
    assert decoded[5]["content"][1] == {
        "type": "toolCall",
        "id": "call-2",
        "name": "grep",
        "arguments": {"pattern": "a", "paths": ["x", "y"], "opts": {"n": 1.5}},
    }
    assert decoded[6]["toolCallId"] == "call-2"


def test_dumps_decodes_to_exactly_to_json_value() -> None:
    transcript = full_transcript()
    assert json.loads(dumps(transcript)) == to_json_value(transcript)


def test_dumps_is_utf8_json() -> None:
    message = user_message(id="message-user-1", content="héllo 😀")
    encoded = dumps(message)
    assert json.loads(encoded.decode("utf-8"))["content"] == "héllo 😀"


def test_dumps_and_to_json_value_refuse_values_that_are_not_ir() -> None:
    for function in (dumps, to_json_value):
        with pytest.raises(TypeError, match="expected an agent-ir message"):
            function({"a": float("nan")})


# --- pickling ---------------------------------------------------------------------------


def test_json_object_pickles_and_round_trips() -> None:
    arguments = full_transcript()[5].content[1].arguments
    restored = pickle.loads(pickle.dumps(arguments))
    assert type(restored) is JsonObject
    assert restored == arguments
    assert hash(restored) == hash(arguments)
    assert restored["opts"] == {"n": 1.5}
    assert restored["paths"] == ("x", "y")


def test_messages_pickle_and_round_trip() -> None:
    for message in full_transcript():
        assert pickle.loads(pickle.dumps(message)) == message


# --- JSON round trip of a transcript ----------------------------------------------------


BENCH_GENERATOR = Path(__file__).parents[2] / "bench" / "transcript_gen.py"


def load_bench_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("transcript_gen", BENCH_GENERATOR)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _constructed_transcript() -> tuple[Any, ...]:
    return (
        system_message(id="s", content="Be brief.", timestamp="2024-02-29T12:00:00+05:30"),
        user_message(
            id="u",
            content=[
                {"type": "text", "text": "héllo 🌍 \u00e9\u0301"},
                {
                    "type": "image",
                    "source": {"type": "base64", "mediaType": "image/png", "data": "iVBORw=="},
                },
                {"type": "image", "source": {"type": "url", "url": "https://example.com/a.png"}},
                {
                    "type": "audio",
                    "source": {"type": "base64", "mediaType": "audio/wav", "data": "UklGRg=="},
                },
                {"type": "document", "source": {"type": "file", "fileId": "file-1"}},
            ],
        ),
        assistant_message(
            id="a",
            content=[
                {"type": "thinking", "thinking": "", "signature": "sig", "redacted": True},
                {"type": "text", "text": "Reading two files."},
                {
                    "type": "toolCall",
                    "id": "call-日本",
                    "name": "read",
                    "arguments": {"p": "a", "n": [1, 2.5, None, True, {"deep": []}], "big": 2**70},
                },
                {"type": "toolCall", "id": "call-ß", "name": "grep", "arguments": {}},
            ],
            provider="openai",
            model="m",
            usage={"inputTokens": 3, "outputTokens": 0},
            stop_reason="toolCall",
        ),
        tool_result_message(
            id="r2",
            tool_call_id="call-ß",
            tool_name="grep",
            content=[{"type": "text", "text": "no match"}],
            is_error=True,
        ),
        tool_result_message(id="r1", tool_call_id="call-日本", tool_name="read", content="x"),
        assistant_message(id="a2", content=[], timestamp="2024-01-01T00:00:00Z"),
    )


def _bench_transcript() -> tuple[Any, ...]:
    return parse_transcript(load_bench_generator().make_transcript(300))


@pytest.mark.parametrize(
    "build", [_constructed_transcript, _bench_transcript], ids=["constructors", "bench-300"]
)
def test_json_round_trip_of_a_valid_transcript(build: Any) -> None:
    transcript = build()

    assert validate_transcript(transcript) == ()
    assert validate_transcript(json.loads(dumps(transcript))) == ()
    assert loads(dumps(transcript)) == transcript
    assert loads(dumps(transcript).decode("utf-8")) == transcript
    assert parse_transcript(json.loads(dumps(transcript))) == transcript


def test_bench_transcript_is_valid_in_json_form_and_as_a_tuple() -> None:
    plain = load_bench_generator().make_transcript(300)

    assert len(plain) >= 300
    assert validate_transcript(plain) == ()
    assert validate_transcript(tuple(plain)) == ()
    assert msgspec.json.decode(dumps(parse_transcript(plain))) == plain
