"""Rows written by ``to_hf_chat`` go through a real ``datasets`` (Arrow) table and come
back through ``from_hf_chat``: identical when the table stores the rows as JSON (the
JSON loader's default, ``on_mixed_types="use_json"``); with struct columns, exactly the
documented limit (null keys Arrow adds to arguments and schemas are kept)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import datasets
import pyarrow
import pytest

from agent_ir import Message, ToolDefinition, parse_message
from agent_ir._jsonobject import JsonObject
from agent_ir.wire import from_hf_chat, to_hf_chat


def mid(position: int) -> str:
    return f"message-{position + 1:04d}"


def call(call_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"type": "toolCall", "id": call_id, "name": name, "arguments": arguments}


def result(position: int, call_id: str, name: str, content: Any) -> dict[str, Any]:
    return {
        "role": "toolResult",
        "id": mid(position),
        "toolCallId": call_id,
        "toolName": name,
        "content": content,
        "isError": False,
    }


def text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


WEATHER = ToolDefinition(
    name="weather",
    description="The weather in a city.",
    parameters=JsonObject(
        {"type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer"}}}
    ),
)
LS = ToolDefinition(
    name="ls",
    parameters=JsonObject({"type": "object", "properties": {"path": {"type": "string"}}}),
)

# Three sessions whose calls have different argument keys, with system prompts, thinking,
# several calls and results, text parts and string content.
SESSIONS: list[tuple[list[dict[str, Any]], list[ToolDefinition]]] = [
    (
        [
            {"role": "system", "id": mid(0), "content": "Be brief."},
            {"role": "user", "id": mid(1), "content": "Weather in Paris for 2 days?"},
            {
                "role": "assistant",
                "id": mid(2),
                "content": [
                    {"type": "thinking", "thinking": "Call weather."},
                    call("call_1", "weather", {"city": "Paris", "days": 2}),
                ],
            },
            result(3, "call_1", "weather", "sun, then rain"),
            {"role": "assistant", "id": mid(4), "content": [text("Sun, then rain.")]},
        ],
        [WEATHER],
    ),
    (
        [
            {"role": "user", "id": mid(0), "content": [text("List "), text("src.")]},
            {
                "role": "assistant",
                "id": mid(1),
                "content": [
                    text("Listing."),
                    call("call_a", "ls", {"path": "src"}),
                    call("call_b", "ls", {"path": "tests"}),
                ],
            },
            result(2, "call_b", "ls", [text("test_a.py")]),
            result(3, "call_a", "ls", "a.py"),
            {"role": "assistant", "id": mid(4), "content": [text("a.py;"), text(" test_a.py")]},
        ],
        [LS],
    ),
    (
        [
            {"role": "system", "id": mid(0), "content": "You plan."},
            {"role": "user", "id": mid(1), "content": "Rome, then files."},
            {
                "role": "assistant",
                "id": mid(2),
                "content": [
                    {"type": "thinking", "thinking": "Two tools."},
                    call("w", "weather", {"city": "Rome"}),
                    call("l", "ls", {}),
                ],
            },
            result(3, "w", "weather", "hot"),
            result(4, "l", "ls", ""),
            {"role": "assistant", "id": mid(5), "content": []},
        ],
        [WEATHER, LS],
    ),
]


def rows() -> list[dict[str, Any]]:
    written = [to_hf_chat(messages, tools=tools) for messages, tools in SESSIONS]
    assert all(request.warnings == () for request in written)
    return [request.fields for request in written]


def originals(index: int) -> list[Message]:
    return [parse_message(message) for message in SESSIONS[index][0]]


def assert_rows_read_back_identical(table: datasets.Dataset) -> None:
    assert len(table) == len(SESSIONS)
    for index, row in enumerate(table):
        read = from_hf_chat(row["messages"], tools=row["tools"])
        assert list(read) == originals(index)
        assert read.tools == tuple(SESSIONS[index][1])
        assert read.warnings == ()


def test_from_list_with_json_columns_gives_every_row_back_identical() -> None:
    table = datasets.Dataset.from_list(rows(), on_mixed_types="use_json")
    assert table.features["messages"] == datasets.List(datasets.Json())
    assert_rows_read_back_identical(table)


def test_a_json_lines_file_loaded_by_load_dataset_gives_every_row_back_identical(
    tmp_path: Path,
) -> None:
    path = tmp_path / "train.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows()), encoding="utf-8")
    table = datasets.load_dataset(
        "json", data_files=str(path), split="train", cache_dir=str(tmp_path / "cache")
    )
    assert table.features["messages"] == datasets.List(datasets.Json())
    assert_rows_read_back_identical(table)


def test_struct_columns_add_null_keys_which_read_back_as_null_arguments() -> None:
    """The documented limit: Arrow gives every call every argument key any call has."""
    uniform = [(SESSIONS[0][0], [WEATHER]), (SESSIONS[2][0], [WEATHER, LS])]  # string content
    written = [to_hf_chat(messages, tools=tools).fields for messages, tools in uniform]
    table = datasets.Dataset.from_list(written)
    assert isinstance(table.features["messages"], datasets.List)
    assert not isinstance(table.features["messages"].feature, datasets.Json)  # structs
    first, second = list(table)
    # every message has every key, null where it had none: they say nothing
    assert first["messages"][0] == {
        "role": "system",
        "content": "Be brief.",
        "reasoning_content": None,
        "tool_calls": None,
        "tool_call_id": None,
        "name": None,
    }
    read = from_hf_chat(first["messages"], tools=first["tools"])
    assert (list(read), read.warnings) == (originals(0), ())
    # ...but a key Arrow added to arguments cannot be told from an argument that is null
    read = from_hf_chat(second["messages"])
    assert read.warnings == ()
    assert read[2] != originals(2)[2]
    assert [block.arguments for block in read[2].content[1:]] == [  # type: ignore[union-attr]
        {"city": "Rome", "days": None},
        {"city": None, "days": None},
    ]
    # and the tools' parameters gain the properties of the other rows' tools, null
    assert second["tools"][1]["function"]["parameters"]["properties"] == {
        "city": None,
        "days": None,
        "path": {"type": "string"},
    }


def test_struct_columns_refuse_string_content_beside_parts() -> None:
    with pytest.raises(pyarrow.ArrowInvalid):
        datasets.Dataset.from_list(rows())
