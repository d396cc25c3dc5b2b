"""allow_pending: the calls of the last assistant message may wait for their results when
only tool results follow it; every other unanswered call is still MISSING_TOOL_RESULT.

allow_pending over generated transcripts: it removes exactly the MISSING_TOOL_RESULT
diagnostics of the pending turn (the last assistant message, when only tool results
follow it) and changes nothing else; the one-pass check and the rules agree.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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

from support.examples import examples

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


@pytest.mark.parametrize("after", [[], [result("c2")]], ids=["alone", "then-a-result"])
def test_the_first_message_may_be_the_pending_turn(after: list[Any]) -> None:
    # A fine-tuning line may start with the turn whose calls are its target.
    strict, pending = verdicts([assistant(0, "c1", "c2"), *after])

    assert [(code, index) for code, index, _ in strict] == [("MISSING_TOOL_RESULT", 0)] * (
        2 - len(after)
    )
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


SETTINGS = settings(
    max_examples=examples(400),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
IDS = st.sampled_from(["a", "b", "c", "d"])


def _result(call_id: str, **changes: Any) -> dict[str, Any]:
    return {"role": "toolResult", "id": "r", "toolCallId": call_id, "toolName": "f",
            "content": "ok", "isError": False, **changes}  # fmt: skip


@st.composite
def messages(draw: st.DrawFn, malformed: bool) -> dict[str, Any] | int:
    kinds = ["user", "system", "assistant", "assistant", "result", "result", "result"]
    if malformed:
        kinds += ["bad-user", "bad-result", "bad-call", "not-a-message"]
    kind = draw(st.sampled_from(kinds))
    if kind == "user":
        return {"role": "user", "id": "u", "content": "go"}
    if kind == "system":
        return {"role": "system", "id": "s", "content": "be brief"}
    if kind in ("assistant", "bad-call"):
        calls = draw(st.lists(IDS, max_size=3))
        content: list[dict[str, Any]] = [
            {"type": "toolCall", "id": call_id, "name": "f", "arguments": {}} for call_id in calls
        ]
        if kind == "bad-call":
            content.insert(draw(st.integers(0, len(content))),
                           {"type": "toolCall", "id": draw(IDS), "name": "f", "arguments": 1})  # fmt: skip
        if draw(st.booleans()):
            content.insert(0, {"type": "text", "text": "t"})
        return {"role": "assistant", "id": "x", "content": content}
    if kind == "result":
        return _result(draw(IDS))
    if kind == "bad-result":
        return _result(draw(IDS), isError="no")  # malformed, its id readable
    if kind == "bad-user":
        return {"role": "user", "id": "u", "content": 5}
    return 7


def pending_index(transcript: list[Any]) -> int | None:
    """The model: the last assistant message when every later one is a tool result
    (well-formed or not) with a readable toolCallId."""
    for index in range(len(transcript) - 1, -1, -1):
        message = transcript[index]
        if isinstance(message, dict) and message.get("role") == "toolResult":
            continue
        if isinstance(message, dict) and message.get("role") == "assistant":
            return index
        return None
    return None


def _key(diagnostic: Any) -> tuple[str, int, str]:
    return (diagnostic.code.value, diagnostic.message_index, diagnostic.path)


@SETTINGS
@given(st.lists(messages(malformed=True), max_size=8))
def test_allow_pending_removes_exactly_the_pending_turn_s_missing_results(
    transcript: list[Any],
) -> None:
    strict = validate_transcript(transcript)
    pending = validate_transcript(transcript, allow_pending=True)
    turn = pending_index(transcript)

    expected = [
        d for d in strict
        if not (d.code is DiagnosticCode.MISSING_TOOL_RESULT and d.message_index == turn)
    ]  # fmt: skip
    assert list(pending) == expected
    assert validate_json(json.dumps(transcript), allow_pending=True) == pending


@SETTINGS
@given(st.lists(messages(malformed=False), max_size=8), st.booleans())
def test_the_one_pass_check_and_the_rules_agree(transcript: list[Any], pending: bool) -> None:
    ir = [parse_message(message) for message in transcript]

    fast = ordered(linkage_of_valid(ir, pending=pending))

    assert fast == ordered(linkage(ir, pending=pending))


def test_the_generator_reaches_both_paths_and_both_verdicts() -> None:
    """Not vacuous: some transcripts have a pending turn the one pass confirms, some
    have a pending turn with other problems (the rules), some none."""
    seen: set[str] = set()

    @settings(SETTINGS, max_examples=examples(300))
    @given(st.lists(messages(malformed=False), max_size=8))
    def collect(transcript: list[Any]) -> None:
        ir = [parse_message(message) for message in transcript]
        strict = linkage(ir)
        relaxed = linkage(ir, pending=True)
        if len(relaxed) < len(strict):
            seen.add("excused, valid" if not relaxed else "excused, other problems")
        elif pending_index(transcript) is None and strict:
            seen.add("nothing pending, problems")

    collect()
    assert seen == {"excused, valid", "excused, other problems", "nothing pending, problems"}
