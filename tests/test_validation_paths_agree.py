"""The fast path of validate_transcript, loads and the constructors reach the same verdict."""

from __future__ import annotations

import json
from typing import Any

import pytest

import agent_ir
from agent_ir import (
    TranscriptError,
    loads,
    to_json_value,
    validate_transcript,
)

UNTAGGED_AUDIO = {
    "role": "user",
    "id": "u",
    "content": [{"type": "audio", "source": {"mediaType": "audio/wav", "data": "AA=="}}],
}


def test_an_audio_source_without_its_type_tag_is_invalid_on_every_path() -> None:
    expected = [("INVALID_MESSAGE", 0, "/0/content/0/source/type")]
    assert [
        (d.code, d.message_index, d.path) for d in validate_transcript([UNTAGGED_AUDIO])
    ] == expected
    with pytest.raises(TranscriptError) as caught:
        loads(json.dumps([UNTAGGED_AUDIO]))
    assert [(d.code, d.message_index, d.path) for d in caught.value.diagnostics] == expected
    with pytest.raises(agent_ir.InvalidMessageError) as refused:
        agent_ir.user_message(id="u", content=UNTAGGED_AUDIO["content"])
    assert refused.value.path == ("content", 0, "source", "type")


def test_a_tagged_audio_source_is_valid_on_every_path() -> None:
    tagged = {
        "role": "user",
        "id": "u",
        "content": [
            {
                "type": "audio",
                "source": {"type": "base64", "mediaType": "audio/wav", "data": "AA=="},
            }
        ],
    }
    assert validate_transcript([tagged]) == ()
    assert to_json_value(loads(json.dumps([tagged]))) == [tagged]


BLANK = " \t\u00a0"


@pytest.mark.parametrize(
    ("message", "path"),
    [
        ({"role": "system", "id": BLANK, "content": "x"}, "/0/id"),
        ({"role": "user", "id": BLANK, "content": "x"}, "/0/id"),
        ({"role": "assistant", "id": BLANK, "content": []}, "/0/id"),
        (
            {
                "role": "assistant",
                "id": "a",
                "content": [{"type": "toolCall", "id": BLANK, "name": "n", "arguments": {}}],
            },
            "/0/content/0/id",
        ),
        (
            {
                "role": "toolResult",
                "id": BLANK,
                "toolCallId": "c",
                "toolName": "n",
                "content": "",
                "isError": False,
            },
            "/0/id",
        ),
        (
            {
                "role": "toolResult",
                "id": "r",
                "toolCallId": BLANK,
                "toolName": "n",
                "content": "",
                "isError": False,
            },
            "/0/toolCallId",
        ),
    ],
)
def test_blank_ids_are_refused_by_the_fast_path_and_by_loads(
    message: dict[str, Any], path: str
) -> None:
    # The regex of these fields is not generated (speed); the hand-written pass checks it.
    for diagnostics in (validate_transcript([message]), _loads_diagnostics([message])):
        assert [(d.code, d.path) for d in diagnostics] == [("INVALID_MESSAGE", path)]


@pytest.mark.parametrize(
    "message",
    [
        {
            "role": "assistant",
            "id": "a",
            "content": [{"type": "toolCall", "id": "c", "name": BLANK, "arguments": {}}],
        },
        {
            "role": "toolResult",
            "id": "r",
            "toolCallId": "c",
            "toolName": BLANK,
            "content": "",
            "isError": False,
        },
    ],
)
def test_blank_tool_names_are_empty_tool_name_on_both_paths(message: dict[str, Any]) -> None:
    for diagnostics in (validate_transcript([message]), _loads_diagnostics([message])):
        assert [d.code for d in diagnostics][:1] == ["EMPTY_TOOL_NAME"]


def _loads_diagnostics(transcript: list[Any]) -> tuple[Any, ...]:
    try:
        loads(json.dumps(transcript))
    except TranscriptError as error:
        return error.diagnostics
    return ()
