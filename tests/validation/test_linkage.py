"""Each tool-call linkage rule (``agent_ir.validation._linkage``) pinned exactly: code, message
index, JSON Pointer and wording, on well-formed messages (the one-pass check and the
rules) and through malformed ones (what they still contribute).

Every expected diagnostic is a full ``(code, message_index, path, message)`` tuple, so a
rule that names the wrong message, the wrong place or stops early fails here.

Tool call/result linkage between IR objects: orphans and missing results.

The language-neutral linkage cases are in fixtures/conformance/transcripts.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from agent_ir import (
    TranscriptError,
    assistant_message,
    check_wire_rules,
    loads,
    parse_transcript,
    to_json_value,
    tool_result_message,
    validate_transcript,
)

from support.builders import assistant, call_block, result, user
from support.diagnostics import MISSING_TOOL_RESULT, ORPHAN_TOOL_RESULT, codes

Row = tuple[str, int, str, str]


def rows(transcript: list[Any]) -> list[Row]:
    """The diagnostics of ``transcript`` as (code, message_index, path, message)."""
    return [(d.code, d.message_index, d.path, d.message) for d in validate_transcript(transcript)]


def text(value: str = "t") -> dict[str, Any]:
    return {"type": "text", "text": value}


def nan_call(call_id: str) -> dict[str, Any]:
    """A tool call whose arguments are malformed (NaN): its message is malformed."""
    return call_block(call_id, arguments={"x": float("nan")})


# --- duplicate tool call ids ----------------------------------------------------------


def test_a_duplicate_call_id_names_the_message_of_the_first_call() -> None:
    transcript = [
        user("u0"),
        user("u1"),
        assistant("a2", [text(), call_block("dup")]),
        assistant("a3", [call_block("dup")]),
        result("r4", "dup"),
    ]

    assert rows(transcript) == [
        (
            "DUPLICATE_TOOL_CALL_ID",
            3,
            "/3/content/0/id",
            "tool call id 'dup' is already used by a call in message 2",
        )
    ]


def test_every_later_call_with_a_used_id_is_reported_not_the_first() -> None:
    transcript = [
        assistant("a0", [call_block("dup")]),
        assistant("a1", [text(), call_block("dup")]),
        assistant("a2", [text(), text(), call_block("dup")]),
    ]

    assert rows(transcript) == [
        (
            "DUPLICATE_TOOL_CALL_ID",
            1,
            "/1/content/1/id",
            "tool call id 'dup' is already used by a call in message 0",
        ),
        (
            "DUPLICATE_TOOL_CALL_ID",
            2,
            "/2/content/2/id",
            "tool call id 'dup' is already used by a call in message 0",
        ),
    ]


def test_one_id_twice_in_one_message_with_one_result_is_a_duplicate_call_id() -> None:
    transcript = [assistant("a0", [call_block("c1"), call_block("c1")]), result("r1", "c1")]

    assert rows(transcript) == [
        (
            "DUPLICATE_TOOL_CALL_ID",
            0,
            "/0/content/1/id",
            "tool call id 'c1' is already used by a call in message 0",
        )
    ]


STRICTER = (
    ", whose result came before this call: agent-ir is stricter than Anthropic on purpose "
    "(a result must name exactly one call, or pairing results by id, as repair and the "
    "OpenAI Responses format do, is ambiguous); check_wire_rules does not report it for "
    "anthropic"
)


def test_a_reused_call_id_is_a_duplicate_even_when_each_call_is_answered() -> None:
    # Anthropic accepts this (a recorded request): the sentence says agent-ir is stricter
    # on purpose, and why.
    transcript = [
        assistant("a0", [call_block("c1")]),
        result("r1", "c1"),
        assistant("a2", [call_block("c1")]),
        result("r3", "c1"),
    ]

    assert rows(transcript) == [
        (
            "DUPLICATE_TOOL_CALL_ID",
            2,
            "/2/content/0/id",
            "tool call id 'c1' is already used by a call in message 0" + STRICTER,
        )
    ]


def test_only_a_use_after_the_result_says_agent_ir_is_stricter() -> None:
    transcript = [
        assistant("a0", [call_block("c1")]),
        assistant("a1", [call_block("c1")]),  # before any result: a plain duplicate
        result("r2", "c1"),
        assistant("a3", [call_block("c1")]),  # after it: stricter on purpose
        assistant("a4", [call_block("c1")]),  # no result since a3: a plain duplicate
    ]

    assert [message for *_, message in rows(transcript)] == [
        "tool call id 'c1' is already used by a call in message 0",
        "tool call id 'c1' is already used by a call in message 0" + STRICTER,
        "tool call id 'c1' is already used by a call in message 0",
    ]


def test_results_of_a_duplicated_call_id_get_no_further_diagnostic() -> None:
    # Two calls, three results, one before both calls, one of another name: pairing is
    # ambiguous, so only the duplicate id is reported.
    transcript = [
        result("r0", "dup"),
        assistant("a1", [call_block("dup")]),
        assistant("a2", [call_block("dup")]),
        result("r3", "dup"),
        result("r4", "dup", name="write"),
    ]

    assert rows(transcript) == [
        (
            "DUPLICATE_TOOL_CALL_ID",
            2,
            "/2/content/0/id",
            "tool call id 'dup' is already used by a call in message 1",
        )
    ]


def test_a_duplicated_call_id_does_not_stop_the_missing_result_check_of_later_calls() -> None:
    transcript = [
        assistant("a0", [call_block("dup")]),
        assistant("a1", [call_block("dup")]),
        assistant("a2", [call_block("other", name="write")]),
    ]

    assert rows(transcript) == [
        (
            "DUPLICATE_TOOL_CALL_ID",
            1,
            "/1/content/0/id",
            "tool call id 'dup' is already used by a call in message 0",
        ),
        (
            "MISSING_TOOL_RESULT",
            2,
            "/2/content/0",
            "tool call 'other' (write) has no result after it",
        ),
    ]


# --- missing results ------------------------------------------------------------------


def test_a_call_without_a_result_names_its_id_and_tool() -> None:
    transcript = [user("u0"), assistant("a1", [text(), call_block("c1", name="search")])]

    assert rows(transcript) == [
        ("MISSING_TOOL_RESULT", 1, "/1/content/1", "tool call 'c1' (search) has no result after it")
    ]


def test_every_unanswered_call_is_reported_and_answered_ones_are_not() -> None:
    transcript = [
        assistant("a0", [call_block("c1"), call_block("c2"), call_block("c3")]),
        result("r1", "c2"),
    ]

    assert rows(transcript) == [
        ("MISSING_TOOL_RESULT", 0, "/0/content/0", "tool call 'c1' (read) has no result after it"),
        ("MISSING_TOOL_RESULT", 0, "/0/content/2", "tool call 'c3' (read) has no result after it"),
    ]


def test_a_result_only_before_its_call_leaves_the_call_missing_its_result() -> None:
    transcript = [result("r0", "c1"), assistant("a1", [call_block("c1")])]

    assert rows(transcript) == [
        (
            "TOOL_RESULT_BEFORE_CALL",
            0,
            "/0/toolCallId",
            "answers tool call 'c1', which only comes in message 1",
        ),
        ("MISSING_TOOL_RESULT", 1, "/1/content/0", "tool call 'c1' (read) has no result after it"),
    ]


# --- duplicate results ----------------------------------------------------------------


def test_every_result_after_the_first_is_a_duplicate_naming_the_first() -> None:
    transcript = [
        assistant("a0", [call_block("c1")]),
        user("u1"),
        result("r2", "c1"),
        result("r3", "c1"),
        result("r4", "c1"),
    ]

    assert rows(transcript) == [
        (
            "DUPLICATE_TOOL_RESULT",
            3,
            "/3/toolCallId",
            "tool call 'c1' already has a result in message 2",
        ),
        (
            "DUPLICATE_TOOL_RESULT",
            4,
            "/4/toolCallId",
            "tool call 'c1' already has a result in message 2",
        ),
    ]


def test_two_results_of_a_call_that_never_comes_are_duplicate_orphans() -> None:
    transcript = [result("r0", "ghost"), result("r1", "ghost")]

    assert rows(transcript) == [
        ("ORPHAN_TOOL_RESULT", 0, "/0/toolCallId", "no tool call has id 'ghost'"),
        (
            "DUPLICATE_TOOL_RESULT",
            1,
            "/1/toolCallId",
            "tool call 'ghost' already has a result in message 0",
        ),
        ("ORPHAN_TOOL_RESULT", 1, "/1/toolCallId", "no tool call has id 'ghost'"),
    ]


# --- orphans, results before calls, name mismatches ------------------------------------


def test_an_orphan_after_an_answered_call_is_still_reported() -> None:
    transcript = [
        assistant("a0", [call_block("c1")]),
        result("r1", "c1"),
        result("r2", "ghost"),
    ]

    assert rows(transcript) == [
        ("ORPHAN_TOOL_RESULT", 2, "/2/toolCallId", "no tool call has id 'ghost'")
    ]


def test_a_result_before_its_call_after_an_orphan_is_still_reported() -> None:
    transcript = [
        result("r0", "ghost"),
        result("r1", "c1"),
        user("u2"),
        assistant("a3", [text(), call_block("c1")]),
        result("r4", "c1"),
    ]

    assert rows(transcript) == [
        ("ORPHAN_TOOL_RESULT", 0, "/0/toolCallId", "no tool call has id 'ghost'"),
        (
            "TOOL_RESULT_BEFORE_CALL",
            1,
            "/1/toolCallId",
            "answers tool call 'c1', which only comes in message 3",
        ),
        (
            "DUPLICATE_TOOL_RESULT",
            4,
            "/4/toolCallId",
            "tool call 'c1' already has a result in message 1",
        ),
    ]


def test_a_name_mismatch_after_an_orphan_is_still_reported() -> None:
    transcript = [
        result("r0", "ghost"),
        assistant("a1", [call_block("c1", name="read")]),
        result("r2", "c1", name="write"),
    ]

    assert rows(transcript) == [
        ("ORPHAN_TOOL_RESULT", 0, "/0/toolCallId", "no tool call has id 'ghost'"),
        (
            "TOOL_NAME_MISMATCH",
            2,
            "/2/toolName",
            "'write' differs from the name of tool call 'c1': 'read'",
        ),
    ]


def test_a_result_before_its_call_with_another_name_is_not_also_a_name_mismatch() -> None:
    transcript = [
        result("r0", "c1", name="write"),
        assistant("a1", [call_block("c1", name="read")]),
        result("r2", "c1", name="read"),
    ]

    assert rows(transcript) == [
        (
            "TOOL_RESULT_BEFORE_CALL",
            0,
            "/0/toolCallId",
            "answers tool call 'c1', which only comes in message 1",
        ),
        (
            "DUPLICATE_TOOL_RESULT",
            2,
            "/2/toolCallId",
            "tool call 'c1' already has a result in message 0",
        ),
    ]


def test_answered_calls_of_several_rounds_are_valid() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [text(), call_block("c1"), call_block("c2", name="write")]),
        result("r2", "c2", name="write"),
        result("r3", "c1"),
        assistant("a4", [call_block("c3")]),
        result("r5", "c3"),
        assistant("a6", [text()]),
    ]

    assert rows(transcript) == []
    assert len(parse_transcript(transcript)) == 7


# --- malformed messages still take part ------------------------------------------------


def test_a_well_formed_call_of_a_malformed_message_still_needs_and_pairs_its_result() -> None:
    answered = [
        assistant("a0", [nan_call("c1"), call_block("c2")]),
        result("r1", "c2"),
    ]
    unanswered = [assistant("a0", [nan_call("c1"), call_block("c2")])]
    nan_row = (
        "INVALID_TOOL_ARGUMENTS",
        0,
        "/0/content/0/arguments/x",
        "content[0].arguments.x must be a finite number",
    )

    assert rows(answered) == [nan_row]
    assert rows(unanswered) == [
        nan_row,
        ("MISSING_TOOL_RESULT", 0, "/0/content/1", "tool call 'c2' (read) has no result after it"),
    ]


def test_the_result_of_a_malformed_call_is_no_orphan_and_the_call_no_missing_result() -> None:
    answered = [
        assistant("a0", [call_block("c0"), nan_call("c1")]),
        result("r1", "c1"),
        result("r2", "c0"),
    ]
    unanswered = [assistant("a0", [nan_call("c1")])]

    assert rows(answered) == [
        (
            "INVALID_TOOL_ARGUMENTS",
            0,
            "/0/content/1/arguments/x",
            "content[1].arguments.x must be a finite number",
        )
    ]
    assert rows(unanswered) == [
        (
            "INVALID_TOOL_ARGUMENTS",
            0,
            "/0/content/0/arguments/x",
            "content[0].arguments.x must be a finite number",
        )
    ]


def test_a_call_with_an_unreadable_id_does_not_hide_the_calls_after_it() -> None:
    transcript = [
        assistant(
            "a0", [{"type": "toolCall", "id": 5, "name": "read", "arguments": {}}, call_block("c2")]
        ),
        result("r1", "c2"),
        result("r2", "c3"),
    ]

    assert rows(transcript) == [
        ("INVALID_MESSAGE", 0, "/0/content/0/id", "content[0].id must be a string, not integer"),
        ("ORPHAN_TOOL_RESULT", 2, "/2/toolCallId", "no tool call has id 'c3'"),
    ]


def test_a_malformed_result_stands_for_its_call_but_no_other() -> None:
    malformed_result = {**result("r1", "c1"), "isError": "yes"}
    transcript = [
        assistant("a0", [call_block("c1"), call_block("c2")]),
        malformed_result,
        result("r2", "c3"),
    ]

    assert rows(transcript) == [
        ("MISSING_TOOL_RESULT", 0, "/0/content/1", "tool call 'c2' (read) has no result after it"),
        ("INVALID_MESSAGE", 1, "/1/isError", "isError must be a boolean, not string"),
        ("ORPHAN_TOOL_RESULT", 2, "/2/toolCallId", "no tool call has id 'c3'"),
    ]


@pytest.mark.parametrize("call_id", [5, "  ", None])
def test_a_malformed_result_with_an_unreadable_id_stands_for_no_call(call_id: object) -> None:
    malformed_result = {**result("r1"), "toolCallId": call_id}
    if call_id is None:
        del malformed_result["toolCallId"]
    transcript = [assistant("a0", [call_block("c1")]), malformed_result]

    found = rows(transcript)

    assert found[0] == (
        "MISSING_TOOL_RESULT",
        0,
        "/0/content/0",
        "tool call 'c1' (read) has no result after it",
    )
    assert [(code, index, path) for code, index, path, _ in found[1:]] == [
        ("INVALID_MESSAGE", 1, "/1/toolCallId")
    ]


def test_a_malformed_message_that_is_not_an_object_takes_no_part_in_linkage() -> None:
    transcript = [assistant("a0", [call_block("c1")]), 5, result("r2", "c1"), result("r3", "c9")]

    assert rows(transcript) == [
        ("INVALID_MESSAGE", 1, "/1", "message must be an object, not integer"),
        ("ORPHAN_TOOL_RESULT", 3, "/3/toolCallId", "no tool call has id 'c9'"),
    ]


def test_an_assistant_message_whose_content_is_not_an_array_has_no_calls() -> None:
    transcript = [{"role": "assistant", "id": "a0", "content": "x"}, result("r1", "c1")]

    assert rows(transcript) == [
        ("INVALID_MESSAGE", 0, "/0/content", "content must be an array, not string"),
        ("ORPHAN_TOOL_RESULT", 1, "/1/toolCallId", "no tool call has id 'c1'"),
    ]


def test_a_malformed_user_message_beside_linkage_problems() -> None:
    transcript = [user("u0", content=5), assistant("a1", [call_block("c1")])]

    assert rows(transcript) == [
        ("INVALID_MESSAGE", 0, "/0/content", "content must be a string or an array, not integer"),
        ("MISSING_TOOL_RESULT", 1, "/1/content/0", "tool call 'c1' (read) has no result after it"),
    ]


# --- every entry point applies the same rules -------------------------------------------


def test_loads_reports_the_same_linkage_diagnostics_as_validation() -> None:
    transcript = [
        result("r0", "ghost"),
        assistant("a1", [call_block("dup")]),
        assistant("a2", [call_block("dup")]),
        assistant("a3", [call_block("c1")]),
    ]

    with pytest.raises(TranscriptError) as caught:
        loads(json.dumps(transcript))

    assert caught.value.diagnostics == validate_transcript(transcript)
    assert [(d.code, d.message_index) for d in caught.value.diagnostics] == [
        ("ORPHAN_TOOL_RESULT", 0),
        ("DUPLICATE_TOOL_CALL_ID", 2),
        ("MISSING_TOOL_RESULT", 3),
    ]


# --- server-tool results ------------------------------------------------------------------


def server_call(call_id: str, name: str = "web_search") -> dict[str, Any]:
    return {
        "type": "serverToolCall",
        "provider": "anthropic",
        "id": call_id,
        "name": name,
        "input": {"query": "q"},
    }


def server_result(call_id: str) -> dict[str, Any]:
    return {
        "type": "serverToolResult",
        "provider": "anthropic",
        "toolCallId": call_id,
        "wire": {"type": "web_search_tool_result", "content": []},
    }


def orphan(message_index: int, block_index: int, call_id: str) -> Row:
    return (
        "ORPHAN_SERVER_TOOL_RESULT",
        message_index,
        f"/{message_index}/content/{block_index}",
        f"server-tool result '{call_id}' answers no server-tool call: none with its id comes "
        "before it in its message or in an earlier assistant message",
    )


@pytest.mark.parametrize(
    "transcript",
    [
        [user("u0"), assistant("a1", [server_call("s1"), server_result("s1"), text("found")])],
        [user("u0"), assistant("a1", [server_call("s1")]), assistant("a2", [server_result("s1")])],
        [
            user("u0"),
            assistant("a1", [server_call("s1")]),
            user("u2"),
            assistant("a3", [server_result("s1")]),
        ],
        [user("u0"), assistant("a1", [server_call("s1")])],  # no result message is needed
        [
            user("u0"),
            assistant("a1", [server_call("s1"), server_result("s1"), server_result("s1")]),
        ],
    ],
    ids=["same-message", "next-message", "later-message", "call-alone", "answered-twice"],
)
def test_a_server_tool_result_after_its_call_is_valid_and_a_call_needs_no_result(
    transcript: list[Any],
) -> None:
    assert rows(transcript) == []
    assert parse_transcript(transcript)
    assert loads(json.dumps(transcript))


def test_a_server_tool_result_no_call_answers_is_an_orphan_at_its_block() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [text("x"), server_result("s9")]),
    ]

    assert rows(transcript) == [orphan(1, 1, "s9")]


def test_a_server_tool_result_before_its_call_is_an_orphan() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [server_result("s1"), server_call("s1")]),
        assistant("a2", [server_result("s2")]),
        assistant("a3", [server_call("s2")]),
    ]

    assert rows(transcript) == [orphan(1, 0, "s1"), orphan(2, 0, "s2")]


def test_server_tool_ids_and_function_tool_call_ids_are_apart() -> None:
    # A toolCall never answers a server-tool result, nor a serverToolCall a tool result:
    # the function call c1 still needs its result, the server call c1 needs none.
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1"), server_result("c1")]),
        assistant("a2", [server_call("c2")]),
        result("r3", "c2"),
    ]

    assert rows(transcript) == [
        ("MISSING_TOOL_RESULT", 1, "/1/content/0", "tool call 'c1' (read) has no result after it"),
        orphan(1, 1, "c1"),
        ("ORPHAN_TOOL_RESULT", 3, "/3/toolCallId", "no tool call has id 'c2'"),
    ]
    # a server call and a function call of one id are two calls, not a duplicate
    both = [
        user("u0"),
        assistant("a1", [server_call("c1"), server_result("c1"), call_block("c1")]),
        result("r2", "c1"),
    ]
    assert rows(both) == []


def test_a_user_message_holding_a_server_call_answers_nothing() -> None:
    transcript = [
        user("u0", [server_call("s1")]),
        assistant("a1", [server_result("s1")]),
    ]

    assert [row[:3] for row in rows(transcript)] == [
        ("INVALID_MESSAGE", 0, "/0/content/0/type"),
        orphan(1, 0, "s1")[:3],
    ]


def test_server_tool_linkage_through_malformed_messages() -> None:
    malformed_call = {**server_call("s1"), "input": [1]}  # its id still answers
    transcript = [
        user("u0"),
        assistant(
            "a1", [malformed_call, server_result("s1"), server_result("s2"), {"type": "text"}]
        ),
        assistant("a2", [{**server_result("s3"), "wire": []}]),  # malformed: not judged
    ]

    assert [row[:3] for row in rows(transcript)] == [
        ("INVALID_MESSAGE", 1, "/1/content/0/input"),
        orphan(1, 2, "s2")[:3],
        ("INVALID_MESSAGE", 1, "/1/content/3/text"),
        ("INVALID_MESSAGE", 2, "/2/content/0/wire"),
    ]


def test_a_well_formed_server_result_in_a_malformed_message_is_judged() -> None:
    transcript = [
        {"role": "assistant", "id": " ", "content": [server_call("s1"), server_result("s1")]},
        assistant("a1", [server_result("s1"), server_result("s4")]),
    ]

    assert [row[:3] for row in rows(transcript)] == [
        ("INVALID_MESSAGE", 0, "/0/id"),
        orphan(1, 1, "s4")[:3],
    ]


def test_a_result_after_a_malformed_third_use_of_an_id_is_not_a_duplicate_for_anthropic() -> None:
    """Anthropic takes an id used again after its result as a new call, each use with
    its own number: a malformed third use keeps a number of its own, so its result is
    not a second result of the first use (no DUPLICATE_TOOL_RESULT)."""

    def use_of(index: int, arguments: object) -> dict[str, object]:
        block = {"type": "toolCall", "id": "toolu_A", "name": "f", "arguments": arguments}
        return {"role": "assistant", "id": f"a{index}", "content": [block]}

    def answer(index: int) -> dict[str, object]:
        return {
            "role": "toolResult",
            "id": f"r{index}",
            "toolCallId": "toolu_A",
            "toolName": "f",
            "content": "ok",
            "isError": False,
        }

    def ask(index: int) -> dict[str, object]:
        return {"role": "user", "id": f"u{index}", "content": "go"}

    transcript = [
        ask(0), use_of(1, {"x": 1}), answer(2),
        ask(3), use_of(4, {"x": 1}), answer(5),
        ask(6), use_of(7, "not an object"), answer(8),
    ]  # fmt: skip
    found = [(d.code, d.path) for d in check_wire_rules(transcript, "anthropic")]
    assert ("INVALID_TOOL_ARGUMENTS", "/7/content/0/arguments") in found
    assert not [code for code, path in found if code == "DUPLICATE_TOOL_RESULT"]


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


# --- the common case is confirmed in one pass ------------------------------------------


def answered_rounds(count: int) -> list[Any]:
    """``count`` rounds of one call answered by its result, after one user message."""
    transcript: list[Any] = [user("u0")]
    for round_index in range(count):
        transcript.append(assistant(f"a{round_index}", [call_block(f"c{round_index}")]))
        transcript.append(result(f"r{round_index}", f"c{round_index}"))
    return transcript


@pytest.mark.parametrize("malformed", [False, True], ids=["all-valid", "beside-a-malformed"])
def test_answered_calls_are_confirmed_without_collecting_sites(
    malformed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every call answered once: the one tight pass says so and the rules' collection of
    call and result sites (a dict of lists per id) never runs, also beside a malformed
    message; each transcript is asked once."""
    from agent_ir.validation import _linkage

    counted = {"collect": 0, "answered": 0}
    collect, answered_once = _linkage._collect, _linkage.all_answered_once

    def counting_collect(*args: Any) -> Any:
        counted["collect"] += 1
        return collect(*args)

    def counting_answered(*args: Any) -> bool:
        counted["answered"] += 1
        return answered_once(*args)

    monkeypatch.setattr(_linkage, "_collect", counting_collect)
    monkeypatch.setattr(_linkage, "all_answered_once", counting_answered)
    transcript = answered_rounds(50)
    if malformed:
        transcript.append(user("u-bad", content=5))

    found = rows(transcript)

    expected = (
        [
            (
                "INVALID_MESSAGE",
                101,
                "/101/content",
                "content must be a string or an array, not integer",
            )
        ]
        if malformed
        else []
    )
    assert found == expected
    assert counted["collect"] == 0
    assert counted["answered"] <= 1


def test_the_well_formed_calls_of_a_malformed_pending_turn_may_wait_for_results() -> None:
    """``allow_pending``: the pending turn is the last assistant message even when it is
    malformed; its well-formed calls need no result (only its own problem is reported),
    while an unanswered call of an earlier turn still does."""
    pending_turn = assistant(
        "a1", [call_block("c1"), call_block("c2"), {"type": "text", "text": 5}]
    )
    transcript = [user("u0"), pending_turn]

    found = [
        (d.code, d.message_index, d.path)
        for d in validate_transcript(transcript, allow_pending=True)
    ]

    assert found == [("INVALID_MESSAGE", 1, "/1/content/2/text")]
    earlier = [user("u0"), assistant("a0", [call_block("c0")]), user("u1"), pending_turn]
    assert [
        (d.code, d.message_index, d.path) for d in validate_transcript(earlier, allow_pending=True)
    ] == [("MISSING_TOOL_RESULT", 1, "/1/content/0"), ("INVALID_MESSAGE", 3, "/3/content/2/text")]


def test_tool_links_name_each_call_by_block_and_each_answer_also_through_malformed_messages() -> (
    None
):
    """``tool_links_of`` (what the HTML report draws): each message making calls maps to
    its (block index, id) in block order, a malformed call with a readable id included;
    each result maps to the id it answers, a malformed result's too."""
    from agent_ir.transcript import tool_links_of

    transcript = [
        user("u0"),
        assistant("a1", [text(), call_block("c1"), call_block("c2")]),
        result("r2", "c1"),
        result("r3", "c2"),
        assistant("a4", [nan_call("c5"), call_block("c4"), {"type": "text", "text": 5}]),
        result("r5", "c4"),
        {**result("r6", "c5"), "content": 5},
        user("u7"),
    ]

    links = tool_links_of(transcript)

    assert links.calls == {1: ((1, "c1"), (2, "c2")), 4: ((0, "c5"), (1, "c4"))}
    assert links.answers == {2: "c1", 3: "c2", 5: "c4", 6: "c5"}
    assert tool_links_of([user("u0"), assistant("a1", [text()])]) == ({}, {})


def test_an_id_used_again_by_a_malformed_message_after_its_result_is_a_duplicate() -> None:
    """A well-formed call of a malformed message reusing an id whose call was answered is
    a duplicate as in a well-formed one (the one-pass check must not take it as fresh)."""
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        result("r2", "c1"),
        assistant("a3", [call_block("c1"), {"type": "text", "text": 5}]),
        result("r4", "c1"),
    ]

    found = [(d.code, d.message_index, d.path) for d in validate_transcript(transcript)]

    assert found == [
        ("DUPLICATE_TOOL_CALL_ID", 3, "/3/content/0/id"),
        ("INVALID_MESSAGE", 3, "/3/content/1/text"),
    ]


def test_a_call_block_in_a_user_message_is_no_call_its_result_answers() -> None:
    # A user message cannot hold a call: its block is malformed, and a result with its
    # id answers nothing (the diagnostic is not suppressed as after a malformed call).
    messages = [
        {"role": "user", "id": "u", "content": [{"type": "toolCall", "id": "c1", "name": "read", "arguments": {}}]},
        {"role": "toolResult", "id": "r", "toolCallId": "c1", "toolName": "read", "content": "ok", "isError": False},
    ]  # fmt: skip
    found = [(d.code.value, d.message_index, d.path) for d in validate_transcript(messages)]
    assert found == [
        ("INVALID_MESSAGE", 0, "/0/content/0/type"),
        ("ORPHAN_TOOL_RESULT", 1, "/1/toolCallId"),
    ]


def test_a_malformed_call_answered_lets_a_later_call_use_its_id_again() -> None:
    # Anthropic takes an id again once its call is answered. A malformed call (its
    # arguments not an object) that was answered is a use of its own: the call after
    # it with the same id is a new use, its result not a second one.
    def call(index: int, arguments: Any) -> dict[str, Any]:
        block = {"type": "toolCall", "id": "toolu_1", "name": "read", "arguments": arguments}
        return {"role": "assistant", "id": f"a{index}", "content": [block]}

    def answer(index: int) -> dict[str, Any]:
        return {"role": "toolResult", "id": f"r{index}", "toolCallId": "toolu_1",
                "toolName": "read", "content": "ok", "isError": False}  # fmt: skip

    messages = [
        {"role": "user", "id": "u", "content": "go"},
        call(1, {}), answer(2), call(3, 5), answer(4), call(5, {}), answer(6),
    ]  # fmt: skip
    found = [(d.code.value, d.message_index) for d in check_wire_rules(messages, "anthropic")]
    assert ("INVALID_TOOL_ARGUMENTS", 3) in found
    assert not {code for code, _ in found} & {"TOOL_RESULT_BEFORE_CALL", "DUPLICATE_TOOL_RESULT"}
