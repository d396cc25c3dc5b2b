"""The Diagnostic type: its fields, frozenness, JSON-pointer paths, order and JSON schema."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator

import agent_ir
from agent_ir import (
    Diagnostic,
    DiagnosticCode,
    to_json_value,
    validate_transcript,
)

from support.builders import assistant, call_block, result, user, with_arguments
from support.diagnostics import INVALID_MESSAGE, codes
from support.hostile import RaisingKeys


def test_diagnostic_fields_carry_code_index_pointer_and_sentence() -> None:
    transcript = [
        user(),
        user(id="u2"),
        assistant(content=[{"type": "text", "text": "x"}, call_block(arguments=[1])]),
    ]

    (diagnostic,) = validate_transcript(transcript)

    assert isinstance(diagnostic, Diagnostic)
    assert isinstance(diagnostic.code, DiagnosticCode)
    assert diagnostic.code == "INVALID_TOOL_ARGUMENTS"
    assert diagnostic.code is DiagnosticCode.INVALID_TOOL_ARGUMENTS
    assert type(diagnostic.message_index) is int
    assert diagnostic.message_index == 2
    assert diagnostic.path == "/2/content/1/arguments"
    assert isinstance(diagnostic.message, str)
    assert diagnostic.message


def test_diagnostic_is_frozen() -> None:
    (diagnostic,) = validate_transcript([user(id="")])

    with pytest.raises(AttributeError):
        diagnostic.message_index = 5  # type: ignore[misc]


def test_diagnostic_path_escapes_slash_and_tilde_as_json_pointer() -> None:
    message = {**user(), "a/b~c": 1}

    diagnostics = validate_transcript([user(), message])

    assert codes(diagnostics) == [(INVALID_MESSAGE, 1)]
    assert diagnostics[0].path == "/1/a~1b~0c"


def test_diagnostics_are_ordered_by_message_index_then_position() -> None:
    transcript = [
        result(id="r0", call_id="call-early"),
        assistant(
            id="a1", content=[call_block(call_id="call-early"), call_block(call_id="c2", name="")]
        ),
        user(id=""),
        assistant(
            id="a3",
            content=[
                call_block(call_id="c3", arguments=None),
                call_block(call_id="c4", name=" "),
            ],
        ),
    ]

    diagnostics = validate_transcript(transcript)

    assert [(d.code, d.message_index, d.path) for d in diagnostics] == [
        ("TOOL_RESULT_BEFORE_CALL", 0, "/0/toolCallId"),
        ("MISSING_TOOL_RESULT", 1, "/1/content/0"),
        ("EMPTY_TOOL_NAME", 1, "/1/content/1/name"),
        ("INVALID_MESSAGE", 2, "/2/id"),
        ("INVALID_TOOL_ARGUMENTS", 3, "/3/content/0/arguments"),
        ("EMPTY_TOOL_NAME", 3, "/3/content/1/name"),
    ]
    assert validate_transcript(transcript) == diagnostics


def test_diagnostics_inside_one_message_follow_position_not_kind() -> None:
    message = {
        "role": "assistant",
        "id": "a",
        "content": [
            {"type": "toolCall", "id": "c1", "name": "read", "arguments": {}},
            {"type": "text", "text": 1},
        ],
    }
    assert [(d.code, d.path) for d in validate_transcript([message])] == [
        ("MISSING_TOOL_RESULT", "/0/content/0"),
        ("INVALID_MESSAGE", "/0/content/1/text"),
    ]


def test_diagnostics_serialize_to_the_diagnostic_schema() -> None:
    validator = Draft202012Validator(
        agent_ir.schemas.load("diagnostic"), registry=agent_ir.schemas.registry()
    )
    transcripts: list[Any] = [
        None,
        [{**user(), "a/b~c": 1}],
        [result(), result(id="r2"), assistant(id="a", content=[call_block(name="")])],
        [assistant(content=[call_block(), call_block()]), result(name="write")],
        with_arguments({"x": float("nan")}),
        [RaisingKeys()],
    ]
    diagnostics = [d for transcript in transcripts for d in validate_transcript(transcript)]

    assert len(diagnostics) >= 6
    for diagnostic in diagnostics:
        encoded = to_json_value(diagnostic)
        assert list(validator.iter_errors(encoded)) == []
        assert encoded["code"] == diagnostic.code
        assert encoded["messageIndex"] == diagnostic.message_index
