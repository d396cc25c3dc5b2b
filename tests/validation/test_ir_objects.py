"""validate_transcript and parse_transcript over IR objects: mixed with JSON-form mappings, and
built by hand around invalid values (reported, never trusted).
"""

from __future__ import annotations

import pytest

from agent_ir import (
    AssistantMessage,
    DiagnosticCode,
    JsonObject,
    ToolCallBlock,
    ToolResultMessage,
    TranscriptError,
    UserMessage,
    assistant_message,
    parse_transcript,
    system_message,
    tool_result_message,
    user_message,
    validate_transcript,
)

from support.builders import assistant, call_block, result, user
from support.diagnostics import EMPTY_TOOL_NAME, INVALID_MESSAGE, INVALID_TOOL_ARGUMENTS, codes


def test_ir_objects_and_json_form_mappings_mix_and_link() -> None:
    call = assistant_message(
        id="message-assistant",
        content=[{"type": "toolCall", "id": "call-1", "name": "read", "arguments": {"p": 1}}],
    )
    transcript = [
        system_message(id="message-system", content="be brief"),
        user(),
        call,
        result(call_id="call-1"),
        assistant(id="message-assistant-2", content=[call_block(call_id="call-2")]),
        tool_result_message(
            id="message-result-2", tool_call_id="call-2", tool_name="read", content="ok"
        ),
    ]

    assert validate_transcript(transcript) == ()
    parsed = parse_transcript(transcript)
    assert parsed[0] == transcript[0]
    assert parsed[1] == user_message(id="message-user", content="hello")
    assert parsed[2] == call
    assert isinstance(parsed[3], ToolResultMessage)
    assert isinstance(parsed[4].content[0], ToolCallBlock)


@pytest.mark.parametrize(
    ("message", "expected", "path"),
    [
        (UserMessage(id="  ", content="x"), INVALID_MESSAGE, "/0/id"),
        (UserMessage(id="u", content="\ud800"), INVALID_MESSAGE, "/0/content"),
        (UserMessage(id="u", content=object()), INVALID_MESSAGE, "/0"),  # type: ignore[arg-type]
        (
            AssistantMessage(
                id="a", content=(ToolCallBlock(id="c", name=" ", arguments=JsonObject()),)
            ),
            EMPTY_TOOL_NAME,
            "/0/content/0/name",
        ),
        (
            AssistantMessage(
                id="a", content=(ToolCallBlock(id="", name="n", arguments=JsonObject()),)
            ),
            INVALID_MESSAGE,
            "/0/content/0/id",
        ),
        (
            ToolResultMessage(
                id="r",
                tool_call_id="c",
                tool_name="n",
                content="x",
                is_error=1,  # type: ignore[arg-type]
            ),
            INVALID_MESSAGE,
            "/0/isError",
        ),
    ],
    ids=[
        "blank-id",
        "lone-surrogate",
        "object-content",
        "blank-name",
        "blank-call-id",
        "int-error",
    ],
)
def test_an_ir_message_built_by_hand_around_invalid_values_is_reported_not_trusted(
    message: object, expected: DiagnosticCode, path: str
) -> None:
    diagnostics = validate_transcript([message])

    assert codes(diagnostics) == [(expected, 0)]
    assert diagnostics[0].path == path
    with pytest.raises(TranscriptError):
        parse_transcript([message])


def test_an_ir_call_built_by_hand_around_nan_arguments_is_invalid_tool_arguments() -> None:
    block = ToolCallBlock(id="c", name="n", arguments={"x": float("nan")})  # type: ignore[arg-type]
    message = AssistantMessage(id="a", content=(block,))

    assert codes(validate_transcript([message])) == [(INVALID_TOOL_ARGUMENTS, 0)]
