"""allow_pending: the calls of the last assistant message may wait for their results when
only tool results follow it; every other unanswered call is still MISSING_TOOL_RESULT."""

from __future__ import annotations

import json
from typing import Any

import pytest

from agent_ir import (
    DiagnosticCode,
    TranscriptError,
    loads,
    parse_message,
    parse_transcript,
    validate_json,
    validate_transcript,
)
from agent_ir.validation._diagnostics import ordered
from agent_ir.validation._linkage import linkage, linkage_of_valid

MISSING = DiagnosticCode.MISSING_TOOL_RESULT

USER = {"role": "user", "id": "u", "content": "go"}


def assistant(index: int, *call_ids: str, text: bool = False) -> dict[str, Any]:
    content: list[dict[str, Any]] = [{"type": "text", "text": "t"}] if text else []
    content += [
        {"type": "toolCall", "id": call_id, "name": "read", "arguments": {}} for call_id in call_ids
    ]
    return {"role": "assistant", "id": f"a{index}", "content": content}


def result(call_id: str) -> dict[str, Any]:
    return {"role": "toolResult", "id": f"r-{call_id}", "toolCallId": call_id,
            "toolName": "read", "content": "ok", "isError": False}  # fmt: skip


def verdicts(messages: list[Any]) -> tuple[list[tuple[str, int, str]], list[tuple[str, int, str]]]:
    """(code, message index, path) without and with allow_pending, the same through
    every entry point."""
    found = []
    for allow_pending in (False, True):
        verdict = validate_transcript(messages, allow_pending=allow_pending)
        text = json.dumps(messages)
        assert validate_json(text, allow_pending=allow_pending) == verdict
        assert validate_json(text.encode(), allow_pending=allow_pending) == verdict
        if verdict:
            with pytest.raises(TranscriptError) as raised:
                parse_transcript(messages, allow_pending=allow_pending)
            assert raised.value.diagnostics == verdict
            with pytest.raises(TranscriptError) as loaded:
                loads(text, allow_pending=allow_pending)
            assert loaded.value.diagnostics == verdict
        else:
            parsed = parse_transcript(messages, allow_pending=allow_pending)
            assert loads(text, allow_pending=allow_pending) == parsed
            assert len(parsed) == len(messages)
        found.append([(d.code.value, d.message_index, d.path) for d in verdict])
    return found[0], found[1]


def test_the_last_assistant_message_s_calls_may_wait() -> None:
    strict, pending = verdicts([USER, assistant(1, "c1", "c2", text=True)])

    assert strict == [
        ("MISSING_TOOL_RESULT", 1, "/1/content/1"),
        ("MISSING_TOOL_RESULT", 1, "/1/content/2"),
    ]
    assert pending == []


def test_partial_results_after_the_pending_turn() -> None:
    messages = [USER, assistant(1, "c1", "c2", "c3"), result("c2")]

    strict, pending = verdicts(messages)

    assert [place for _, _, place in strict] == ["/1/content/0", "/1/content/2"]
    assert pending == []


def test_results_of_earlier_calls_may_follow_the_pending_turn() -> None:
    messages = [USER, assistant(1, "c1"), assistant(2, "c2"), result("c1")]

    strict, pending = verdicts(messages)

    assert strict == [("MISSING_TOOL_RESULT", 2, "/2/content/0")]
    assert pending == []


def test_calls_of_earlier_assistant_messages_are_still_missing() -> None:
    messages = [USER, assistant(1, "c1"), USER, assistant(3, "c2")]

    strict, pending = verdicts(messages)

    assert strict == [
        ("MISSING_TOOL_RESULT", 1, "/1/content/0"),
        ("MISSING_TOOL_RESULT", 3, "/3/content/0"),
    ]
    assert pending == [("MISSING_TOOL_RESULT", 1, "/1/content/0")]


@pytest.mark.parametrize(
    "after",
    [
        USER,
        {"role": "system", "id": "s", "content": "sys"},
        assistant(9, text=True),  # an assistant message with no call is the last turn
        {"role": "developer", "id": "d", "content": "x"},  # malformed: an unknown role
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},  # malformed: OpenAI's form
        {"role": "toolResult", "id": "r", "toolName": "read", "content": "ok", "isError": False},
        5,
    ],
    ids=["user", "system", "assistant", "unknown-role", "openai-tool", "result-without-id", "not-a-mapping"],
)  # fmt: skip
def test_a_message_that_is_not_a_readable_result_after_the_calls_ends_the_wait(
    after: Any,
) -> None:
    messages = [USER, assistant(1, "c1"), result("c0"), after]

    strict, pending = verdicts(messages)

    missing = ("MISSING_TOOL_RESULT", 1, "/1/content/0")
    assert missing in strict
    assert pending == strict


def test_a_malformed_result_with_a_readable_id_after_the_pending_turn_keeps_it_pending() -> None:
    bad_result = {**result("c1"), "isError": "no"}
    messages = [USER, assistant(1, "c1", "c2"), bad_result]

    strict, pending = verdicts(messages)

    # the malformed result of c1 suppresses c1's MISSING_TOOL_RESULT in both
    assert strict == [
        ("MISSING_TOOL_RESULT", 1, "/1/content/1"),
        ("INVALID_MESSAGE", 2, "/2/isError"),
    ]
    assert pending == [("INVALID_MESSAGE", 2, "/2/isError")]


def test_a_malformed_pending_turn_s_well_formed_calls_may_wait() -> None:
    turn = assistant(1, "c1", "c2")
    turn["content"][1]["arguments"] = "not an object"  # c2 is malformed, c1 well-formed
    messages = [USER, turn]

    strict, pending = verdicts(messages)

    assert strict == [
        ("MISSING_TOOL_RESULT", 1, "/1/content/0"),
        ("INVALID_TOOL_ARGUMENTS", 1, "/1/content/1/arguments"),
    ]
    assert pending == [("INVALID_TOOL_ARGUMENTS", 1, "/1/content/1/arguments")]


def test_a_malformed_message_before_the_pending_turn_changes_nothing_about_it() -> None:
    messages = [USER, {"role": "user", "id": "x", "content": 5}, assistant(2, "c1")]

    strict, pending = verdicts(messages)

    assert strict == [
        ("INVALID_MESSAGE", 1, "/1/content"),
        ("MISSING_TOOL_RESULT", 2, "/2/content/0"),
    ]
    assert pending == [("INVALID_MESSAGE", 1, "/1/content")]


def test_other_linkage_problems_of_the_pending_turn_are_still_reported() -> None:
    """A result is checked as always: before its call, under another name, twice; and a
    duplicated id is still a duplicate."""
    renamed = {**result("c2"), "toolName": "write"}
    messages = [USER, result("c1"), assistant(2, "c1", "c2", "c3", "c3"), renamed, result("c4")]

    strict, pending = verdicts(messages)

    assert pending == [
        ("TOOL_RESULT_BEFORE_CALL", 1, "/1/toolCallId"),
        ("DUPLICATE_TOOL_CALL_ID", 2, "/2/content/3/id"),
        ("TOOL_NAME_MISMATCH", 3, "/3/toolName"),
        ("ORPHAN_TOOL_RESULT", 4, "/4/toolCallId"),
    ]
    assert [d for d in strict if d[0] != "MISSING_TOOL_RESULT"] == pending
    assert ("MISSING_TOOL_RESULT", 2, "/2/content/0") in strict


def test_without_a_call_there_is_nothing_pending() -> None:
    messages = [USER, assistant(1, text=True)]

    assert verdicts(messages) == ([], [])
    assert verdicts([]) == ([], [])
    assert verdicts([result("c1")]) == (
        [("ORPHAN_TOOL_RESULT", 0, "/0/toolCallId")],
        [("ORPHAN_TOOL_RESULT", 0, "/0/toolCallId")],
    )


def test_allow_pending_is_false_by_default_and_any_truthy_value_turns_it_on() -> None:
    messages = [USER, assistant(1, "c1")]

    assert [d.code for d in validate_transcript(messages)] == [MISSING]
    assert [d.code for d in validate_transcript(messages, allow_pending=False)] == [MISSING]
    assert validate_transcript(messages, allow_pending=1) == ()  # type: ignore[arg-type]


def test_allow_pending_with_tools() -> None:
    tools = [{"name": "read", "parameters": {"required": ["path"]}}]
    messages = [USER, assistant(1, "c1")]

    found = validate_transcript(messages, tools=tools, allow_pending=True)

    assert [(d.code, d.path) for d in found] == [
        (DiagnosticCode.TOOL_ARGUMENTS_MISMATCH, "/1/content/0/arguments")
    ]


# --- the one-pass check and the rules agree -------------------------------------------


def _ir(messages: list[Any]) -> list[Any]:
    return [parse_message(message) for message in messages]


def test_the_one_pass_check_accepts_a_pending_turn_and_the_rules_agree() -> None:
    """Every call answered once, but the pending turn's: the one pass confirms it."""
    ir = _ir([USER, assistant(1, "c1"), result("c1"), assistant(3, "c2", "c3"), result("c3")])

    assert linkage_of_valid(ir, pending=True) == []
    assert linkage(ir, pending=True) == []
    assert [(d.code, d.path) for d in linkage_of_valid(ir)] == [(MISSING, "/3/content/0")]


def test_a_transcript_the_one_pass_check_refuses_goes_to_the_rules_which_excuse_the_turn() -> None:
    """A duplicate result sends the transcript to the rules: they still excuse the
    pending turn, and only there."""
    ir = _ir([USER, assistant(1, "c1"), result("c1"), result("c1"), assistant(4, "c2")])

    via_pass = linkage_of_valid(ir, pending=True)

    assert [(d.code, d.message_index) for d in via_pass] == [
        (DiagnosticCode.DUPLICATE_TOOL_RESULT, 3)
    ]
    assert via_pass == linkage(ir, pending=True)
    assert [(d.code, d.message_index) for d in ordered(linkage(ir))] == [
        (DiagnosticCode.DUPLICATE_TOOL_RESULT, 3),
        (MISSING, 4),
    ]


def test_an_earlier_open_call_is_missing_on_both_paths() -> None:
    """The one pass finds a call open outside the pending turn: not confirmed; the rules
    report exactly that call."""
    ir = _ir([USER, assistant(1, "c1"), result("c0"), assistant(3, "c2")])
    ir[2] = parse_message(USER)

    assert [(d.code, d.message_index) for d in linkage_of_valid(ir, pending=True)] == [(MISSING, 1)]
    assert linkage(ir, pending=True) == linkage_of_valid(ir, pending=True)


def test_the_one_pass_check_confirms_a_pending_turn_without_the_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The common fine-tuning line (answered rounds, then calls waiting) stays on the
    one pass: the sites of the rules are never collected."""
    from agent_ir.validation import _linkage

    collected: list[int] = []
    real = _linkage._collect

    def counting(*args: Any, **kwargs: Any) -> Any:
        collected.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(_linkage, "_collect", counting)
    ir = _ir([USER, assistant(1, "c1"), result("c1"), assistant(3, "c2", "c3"), result("c2")])

    assert linkage_of_valid(ir, pending=True) == []
    assert collected == []
    assert [d.code for d in linkage_of_valid(ir)] == [MISSING]
    assert collected == [1]
