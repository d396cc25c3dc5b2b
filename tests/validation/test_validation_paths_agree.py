"""The fast path of validate_transcript, loads and the constructors reach the same verdict."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import agent_ir
from agent_ir import (
    TranscriptError,
    loads,
    to_json_value,
    validate_transcript,
)
from agent_ir.validation._fast import fast_messages

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


# --- what msgspec would take as it is: a Struct built by hand inside a mapping ----------


def _verdict(entry: dict[str, Any]) -> list[tuple[str, int, str, str]]:
    return [(d.code, d.message_index, d.path, d.message) for d in validate_transcript([entry])]


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        (
            {"role": "user", "id": "u", "content": [agent_ir.TextBlock(text=5)]},
            [
                (
                    "INVALID_MESSAGE",
                    0,
                    "/0/content/0/text",
                    "content[0].text must be a string, not integer",
                )
            ],
        ),
        (
            {
                "role": "assistant",
                "id": "a",
                "content": [
                    agent_ir.ToolCallBlock(id="c1", name="f", arguments={"a": float("nan")})
                ],
            },
            [
                (
                    "INVALID_TOOL_ARGUMENTS",
                    0,
                    "/0/content/0/arguments/a",
                    "content[0].arguments.a must be a finite number",
                ),
            ],
        ),
        (
            {
                "role": "assistant",
                "id": "a",
                "content": [],
                "usage": agent_ir.Usage(input_tokens=-5, output_tokens=1),
            },
            [
                (
                    "INVALID_MESSAGE",
                    0,
                    "/0/usage/inputTokens",
                    "usage.inputTokens must be at least 0",
                )
            ],
        ),
        (
            {
                "role": "user",
                "id": "u",
                "content": [
                    {
                        "type": "image",
                        "source": agent_ir.Base64Source(media_type="image/png", data="not base64"),
                    }
                ],
            },
            [
                (
                    "INVALID_MESSAGE",
                    0,
                    "/0/content/0/source/data",
                    "content[0].source.data must be standard padded base64 (RFC 4648 section 4), at least one byte",
                )
            ],
        ),
    ],
    ids=["block", "arguments", "usage", "source"],
)
def test_a_struct_built_by_hand_inside_a_mapping_is_checked_like_its_json(
    entry: dict[str, Any], expected: list[tuple[str, int, str, str]]
) -> None:
    """msgspec returns a Struct of the target type as it is, unchecked; a Struct built
    without its constructor's checks may hold anything, so it is read as the JSON it
    stands for and judged as that JSON is."""
    assert _verdict(entry) == expected
    assert _verdict(json.loads(json.dumps(to_json_value_of(entry)))) == expected


def to_json_value_of(entry: dict[str, Any]) -> Any:
    """``entry`` as JSON builtins (its Structs as mappings), NaN kept."""
    import msgspec

    return msgspec.to_builtins(entry)


def test_a_valid_struct_inside_a_mapping_is_copied_not_kept() -> None:
    call = agent_ir.ToolCallBlock(id="c1", name="f", arguments={"a": 1})
    entries = [
        {"role": "assistant", "id": "a", "content": [call]},
        {
            "role": "toolResult",
            "id": "t",
            "toolCallId": "c1",
            "toolName": "f",
            "content": "x",
            "isError": False,
        },
    ]
    messages = agent_ir.parse_transcript(entries)
    block = messages[0].content[0]
    assert block == call
    assert block is not call
    assert type(block.arguments) is agent_ir.JsonObject


# --- valid input takes the fast path ---------------------------------------------------

SAMPLE = Path(__file__).resolve().parents[2] / "fixtures" / "transcripts" / "sample.jsonl"


def _valid_samples() -> list[list[Any]]:
    transcripts = []
    for line in SAMPLE.read_text(encoding="utf-8").splitlines():
        value = json.loads(line)
        messages = value["messages"] if isinstance(value, dict) else value
        if validate_transcript(messages) == ():
            transcripts.append(messages)
    return transcripts


@pytest.mark.parametrize("keep", [True, False], ids=["ir", "verdict"])
def test_valid_transcripts_are_taken_whole_by_the_fast_path(keep: bool) -> None:
    """The per-message path gives the same verdicts, only far slower: a fast path that
    stopped taking valid input would pass every verdict test. Every valid recorded
    session (tool calls, results, thinking, images, usage) is taken in one batch."""
    samples = _valid_samples()
    assert len(samples) >= 9
    for messages in samples:
        taken = fast_messages(messages, keep)
        assert taken is not None
        assert len(taken) == len(messages)
        if keep:
            assert taken == agent_ir.parse_transcript(messages)
            assert to_json_value(taken) == json.loads(json.dumps(messages))
