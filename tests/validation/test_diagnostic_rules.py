"""How diagnostics read and in which order they come: a problem of message 0 reads as
a message problem, not a transcript one; the diagnostics of one message follow the
order of their places in it (array indexes numerically), then the order of the codes.
"""

from __future__ import annotations

from typing import Any

from agent_ir import validate_transcript

from support.builders import assistant, call_block, result, user


def rows(transcript: object) -> list[tuple[str, int, str, str]]:
    return [(d.code, d.message_index, d.path, d.message) for d in validate_transcript(transcript)]


def test_a_problem_of_message_0_as_a_whole_reads_as_a_message_problem() -> None:
    assert rows([5]) == [("INVALID_MESSAGE", 0, "/0", "message must be an object, not integer")]


def test_a_problem_of_a_later_message_as_a_whole_reads_the_same() -> None:
    assert rows([user(), "x"]) == [
        ("INVALID_MESSAGE", 1, "/1", "message must be an object, not string")
    ]


def test_a_problem_of_the_transcript_as_a_whole_reads_as_a_transcript_problem() -> None:
    assert rows(5) == [
        (
            "INVALID_TRANSCRIPT",
            -1,
            "",
            "transcript must be a list or tuple of messages, not int",
        )
    ]


def test_diagnostics_of_one_message_follow_their_places_with_indexes_in_numeric_order() -> None:
    blocks: list[Any] = [call_block("c0"), *[{"type": "text", "text": "t"}] * 9]
    blocks[2] = {"type": "text", "text": 5}
    blocks.append(call_block("c10", arguments={"x": float("nan")}))
    transcript = [assistant("  ", blocks)]

    assert rows(transcript) == [
        ("MISSING_TOOL_RESULT", 0, "/0/content/0", "tool call 'c0' (read) has no result after it"),
        (
            "INVALID_MESSAGE",
            0,
            "/0/content/2/text",
            "content[2].text must be a string, not integer",
        ),
        (
            "INVALID_TOOL_ARGUMENTS",
            0,
            "/0/content/10/arguments/x",
            "content[10].arguments.x must be a finite number",
        ),
        (
            "INVALID_MESSAGE",
            0,
            "/0/id",
            "id must be a string containing at least one non-whitespace character",
        ),
    ]


def test_two_fields_of_one_message_are_ordered_by_field_not_by_when_they_were_found() -> None:
    transcript = [{"role": "user", "id": "  ", "content": [{"type": "text", "text": 5}]}]

    assert [(path, message) for _, _, path, message in rows(transcript)] == [
        ("/0/content/0/text", "content[0].text must be a string, not integer"),
        ("/0/id", "id must be a string containing at least one non-whitespace character"),
    ]


def test_diagnostics_at_one_place_follow_the_order_of_the_codes() -> None:
    transcript = [result("r0", "ghost"), result("r1", "ghost")]

    assert [(code, path) for code, _, path, _ in rows(transcript)] == [
        ("ORPHAN_TOOL_RESULT", "/0/toolCallId"),
        ("DUPLICATE_TOOL_RESULT", "/1/toolCallId"),
        ("ORPHAN_TOOL_RESULT", "/1/toolCallId"),
    ]
