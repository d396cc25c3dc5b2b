"""Tool call/result linkage between IR objects: orphans and missing results.

The language-neutral linkage cases are in fixtures/conformance/transcripts.
"""

from __future__ import annotations

from agent_ir import (
    assistant_message,
    to_json_value,
    tool_result_message,
    validate_transcript,
)

from support.diagnostics import MISSING_TOOL_RESULT, ORPHAN_TOOL_RESULT, codes


def test_linkage_problems_between_ir_objects_are_reported() -> None:
    transcript = [
        tool_result_message(id="r0", tool_call_id="call-x", tool_name="read", content="?"),
        assistant_message(
            id="a1",
            content=[{"type": "toolCall", "id": "call-y", "name": "read", "arguments": {}}],
        ),
    ]

    assert codes(validate_transcript(transcript)) == [
        (ORPHAN_TOOL_RESULT, 0),
        (MISSING_TOOL_RESULT, 1),
    ]


def test_an_orphan_result_is_reported_until_its_call_precedes_it() -> None:
    orphan = tool_result_message(
        id="message-tool-orphan",
        tool_call_id="call-missing",
        tool_name="read",
        content="contents",
        is_error=False,
    )
    call = assistant_message(
        id="message-assistant",
        content=[{"type": "toolCall", "id": "call-missing", "name": "read", "arguments": {}}],
    )

    diagnostics = validate_transcript([orphan])

    assert codes(diagnostics) == [(ORPHAN_TOOL_RESULT, 0)]
    assert diagnostics[0].path == "/0/toolCallId"
    assert validate_transcript([call, orphan]) == ()
    assert validate_transcript(to_json_value([orphan])) == diagnostics
