"""What each repair action says, word for word, and the repairs whose result depends on
bookkeeping the other tests do not reach: a result moved up out of a later Anthropic
turn, added result ids that meet input ids, and the ids a repair reports renamed."""

from __future__ import annotations

from typing import Any

from agent_ir import RepairCode, check_wire_rules, repair_transcript

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
