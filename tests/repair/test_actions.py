"""What each repair action says, word for word, and the repairs whose result depends on
bookkeeping the other tests do not reach: a result moved up out of a later Anthropic
turn, added result ids that meet input ids, and the ids a repair reports renamed.

``repair_transcript``'s FIXED_TOOL_NAME action and ``trim_transcript``'s cut read in
full (pin what ``mutation/run.py``'s ``repair`` group changes).
"""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir import (
    RepairCode,
    TextBlock,
    ToolCallBlock,
    assistant_message,
    check_wire_rules,
    normalize_tool_call_ids,
    repair_transcript,
    tool_result_message,
    trim_transcript,
    user_message,
)

from support.builders import assistant, call_block, result, user


def said(repaired: Any) -> list[tuple[RepairCode, str]]:
    return [(action.code, action.message) for action in repaired.actions]


def test_every_action_says_what_was_done_to_which_call() -> None:
    transcript = [
        user("u"),
        result("orphan", "gone"),
        assistant("a", [call_block("c1"), call_block("c2")]),
        result("r1", "c1"),
        result("again", "c1"),
    ]
    assert said(repair_transcript(transcript)) == [
        (
            RepairCode.DROPPED_ORPHAN_RESULT,
            "no earlier tool call has id 'gone': the result was dropped",
        ),
        (
            RepairCode.DROPPED_DUPLICATE_RESULT,
            "tool call 'c1' already has a result: this one was dropped",
        ),
        (
            RepairCode.ADDED_ERROR_RESULT,
            "tool call 'c2' (read) had no result: an error result was added",
        ),
    ]
    dropped = repair_transcript(transcript, missing="drop-call")
    assert said(dropped)[-1] == (
        RepairCode.DROPPED_TOOL_CALL,
        "tool call 'c2' (read) had no result: the call was dropped",
    )


def test_a_moved_result_says_which_call_it_answers() -> None:
    transcript = [user("u"), assistant("a", [call_block("c")]), user("late"), result("r", "c")]
    repaired = repair_transcript(transcript, provider="openai-chat")
    assert said(repaired) == [
        (RepairCode.MOVED_RESULT, "the result of tool call 'c' was moved directly after its call")
    ]


def test_a_result_moved_up_out_of_a_later_anthropic_turn_leaves_that_turn_whole() -> None:
    # r1 answers a1 but sits inside the later turn a2 a3: it moves up, and a2 and a3,
    # no longer separated, are one turn whose results follow it.
    transcript = [
        user("u"),
        assistant("a1", [call_block("c1")]),
        user("u2"),
        assistant("a2", [call_block("c2")]),
        result("r1", "c1"),
        assistant("a3", [call_block("c3")]),
        result("r2", "c2"),
        result("r3", "c3"),
    ]
    repaired = repair_transcript(transcript, provider="anthropic")
    assert [m.id for m in repaired.transcript] == ["u", "a1", "r1", "u2", "a2", "a3", "r2", "r3"]
    assert check_wire_rules(repaired.transcript, "anthropic") == ()


def test_added_result_ids_never_meet_an_input_id_or_each_other() -> None:
    # The call y-2 comes first and takes repair-result-y-2; the call y, whose own id
    # repair-result-y an input message has, must then go on to repair-result-y-3.
    transcript = [
        user("repair-result-y"),
        assistant("a", [call_block("y-2"), call_block("y")]),
        user("next"),
    ]
    repaired = repair_transcript(transcript)
    ids = [m.id for m in repaired.transcript]
    assert len(ids) == len(set(ids)), ids
    assert ids == ["repair-result-y", "a", "repair-result-y-2", "repair-result-y-3", "next"]


def test_an_id_renamed_two_ways_is_not_reported_as_one_rename() -> None:
    # c.1 is used twice: the second call becomes c.1-2, then Anthropic's id rule turns
    # them into c_1 and c_1-2; no single new id stands for c.1.
    transcript = [
        user("u"),
        assistant("a1", [call_block("c.1")]),
        result("r1", "c.1"),
        user("u2"),
        assistant("a2", [call_block("c.1")]),
        result("r2", "c.1"),
    ]
    repaired = repair_transcript(transcript, provider="anthropic")
    calls = [m.tool_calls[0].id for m in repaired.transcript if m.role == "assistant"]
    assert calls == ["c_1", "c_1-2"]
    assert "c.1" not in repaired.renamed_ids


def test_a_result_moved_up_does_not_stop_the_next_turn_finding_its_results_in_place() -> None:
    # r1 answers a1 and moves up; r2, right after it, is already in place after a2.
    transcript = [
        user("u"),
        assistant("a1", [call_block("c1")]),
        user("u2"),
        assistant("a2", [call_block("c2")]),
        result("r1", "c1"),
        result("r2", "c2"),
    ]
    repaired = repair_transcript(transcript, provider="openai-chat")
    assert [m.id for m in repaired.transcript] == ["u", "a1", "r1", "u2", "a2", "r2"]
    assert said(repaired) == [
        (RepairCode.MOVED_RESULT, "the result of tool call 'c1' was moved directly after its call")
    ]


def test_a_user_message_is_added_before_a_leading_assistant_message_and_says_so(
    user_first_provider: Any,
) -> None:
    transcript = [
        {"role": "system", "id": "s", "content": "rules"},
        assistant("a", [{"type": "text", "text": "hello"}]),
    ]
    repaired = repair_transcript(transcript, provider=user_first_provider)
    assert [m.role for m in repaired.transcript] == ["system", "user", "assistant"]
    (action,) = repaired.actions
    assert (action.code, action.message_index, action.path) == (
        RepairCode.ADDED_USER_MESSAGE,
        1,
        "/1",
    )
    assert action.message == (
        "the transcript started with an assistant message: a user message was added before it"
    )


def test_an_unanswered_call_with_a_refused_id_is_renamed_too() -> None:
    repaired = normalize_tool_call_ids(
        [user("u"), assistant("a", [call_block("a.b")])], "anthropic"
    )
    assert repaired.transcript[1].tool_calls[0].id == "a_b"
    assert repaired.renamed_ids == {"a.b": "a_b"}


def test_a_bad_budget_is_refused_naming_the_function_and_the_value() -> None:
    with pytest.raises(ValueError, match="max_messages") as caught:
        trim_transcript([user("u")], max_messages=-1)
    assert str(caught.value) == "trim_transcript: max_messages must be an int >= 0 or None, not -1"


def test_a_cut_that_would_strand_the_last_result_moves_past_it() -> None:
    # One message allowed: the last one is a result whose call would be cut, so the cut
    # moves past it and nothing is kept.
    transcript = [user("u"), assistant("a", [call_block("c")]), result("r", "c")]
    trimmed = trim_transcript(transcript, max_messages=1)
    assert trimmed.transcript == ()
    (action,) = trimmed.actions
    assert action.code is RepairCode.TRIMMED_MESSAGES
    assert action.message_index == 0


def test_a_fixed_tool_name_action_names_both_names() -> None:
    transcript = [
        user_message(id="u", content="hi"),
        assistant_message(id="a", content=(ToolCallBlock(id="c1", name="search", arguments={}),)),
        tool_result_message(id="r", tool_call_id="c1", tool_name="serch", content="ok"),
    ]
    actions = repair_transcript(transcript).actions
    assert [(a.code, a.message_index, a.path, a.message) for a in actions] == [
        (
            RepairCode.FIXED_TOOL_NAME,
            2,
            "/2/toolName",
            "tool name 'serch' became 'search', the name of its call",
        )
    ]


def test_a_cut_right_after_a_call_moves_past_its_later_result() -> None:
    # The cut the budget asks for (index 2) would keep the result at 3 without its call
    # at 1: it moves past the result, as trim_transcript documents.
    transcript = [
        user_message(id="u0", content="hi"),
        assistant_message(id="a1", content=(ToolCallBlock(id="c1", name="f", arguments={}),)),
        user_message(id="u2", content="meanwhile"),
        tool_result_message(id="r3", tool_call_id="c1", tool_name="f", content="ok"),
        assistant_message(id="a4", content=(TextBlock(text="done"),)),
    ]
    result = trim_transcript(transcript, max_messages=3)
    assert [message.id for message in result.transcript] == ["a4"]
    assert [(a.code, a.message_index, a.message) for a in result.actions] == [
        (
            RepairCode.TRIMMED_MESSAGES,
            0,
            "4 messages (input indexes 0 to 3) were left out to fit the budget",
        )
    ]
