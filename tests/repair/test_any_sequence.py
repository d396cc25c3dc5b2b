"""``repair_transcript`` with a provider keeps its promise on any short sequence of
messages, not only on valid transcripts broken in known ways: the output passes
``check_wire_rules`` for that provider, and nothing changes without an action. With
``allow_pending=True`` the output is valid with ``allow_pending=True`` (and acceptable to
the provider but for the pending turn's missing results), the pending turn's calls are
never answered nor dropped, and ``trim_transcript`` keeps the pending turn or raises.

The sequences are random user, assistant (zero to two calls from a small pool of ids,
with or without text) and tool-result messages (any id of the pool, so results come
before, between and after calls, twice, or never), sometimes a system message.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_ir import (
    RepairCode,
    RepairResult,
    check_wire_rules,
    repair_transcript,
    trim_transcript,
    validate_transcript,
)
from agent_ir.messages import messages_of
from agent_ir.validation._linkage import pending_turn
from agent_ir.wire._registry import REGISTRY

from support.builders import assistant, call_block, result, user
from support.examples import examples
from support.pending import wire_problems_with_pending

PROPERTY = settings(
    max_examples=examples(500),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

NAMES = ["read", "ls"]


@st.composite
def sequences(draw: st.DrawFn) -> list[Any]:
    """A short sequence of messages, each valid on its own, with unique message ids.

    First the messages that are not results: user, system and assistant messages (with
    text, zero to two calls or both; consecutive assistant messages are one Anthropic
    turn); a call mostly has a fresh id, sometimes one used before. Then zero to two
    results for each call, each inserted anywhere after the call (sometimes anywhere
    at all), in any order, and sometimes an orphan result."""
    skeleton: list[Any] = []
    calls: list[tuple[int, str]] = []  # (skeleton index, call id)
    kinds = st.sampled_from(["user", "assistant", "assistant", "assistant", "user", "system"])
    for n, kind in enumerate(draw(st.lists(kinds, max_size=8))):
        if kind == "user":
            skeleton.append(user(f"m{n}", "more"))
        elif kind == "system":
            skeleton.append({"role": "system", "id": f"m{n}", "content": "be brief"})
        else:
            content: list[Any] = []
            for k in range(draw(st.sampled_from([0, 1, 1, 2]))):
                reuse = calls and draw(st.integers(0, 4)) == 0
                call_id = draw(st.sampled_from(calls))[1] if reuse else f"c{n}_{k}"
                content.append(call_block(call_id, draw(st.sampled_from(NAMES))))
                calls.append((n, call_id))
            if not content or draw(st.booleans()):
                content.insert(draw(st.integers(0, len(content))), {"type": "text", "text": "x"})
            skeleton.append(assistant(f"m{n}", content))
    answers = [
        (at, call_id)
        for at, call_id in calls
        for _ in range(draw(st.sampled_from([0, 1, 1, 1, 2])))
    ]
    if draw(st.integers(0, 3)) == 0:
        answers.append((-1, "never"))
    slots: list[tuple[int, int, Any]] = []  # (before skeleton index, tie-break, result)
    for number, (at, call_id) in enumerate(answers):
        anywhere = at < 0 or draw(st.integers(0, 4)) == 0
        slot = draw(st.integers(0 if anywhere else at + 1, len(skeleton)))
        tie = draw(st.integers(0, 3))
        slots.append((slot, tie, result(f"r{number}", call_id, draw(st.sampled_from(NAMES)))))
    slots.sort(key=lambda entry: entry[:2])
    transcript: list[Any] = []
    waiting = iter(slots)
    pending = next(waiting, None)
    for index in range(len(skeleton) + 1):
        while pending is not None and pending[0] == index:
            transcript.append(pending[2])
            pending = next(waiting, None)
        if index < len(skeleton):
            transcript.append(skeleton[index])
    return transcript


def _codes_at(repaired: RepairResult, index: int) -> set[RepairCode]:
    return {action.code for action in repaired.actions if action.message_index == index}


def _check_nothing_silent(transcript: list[Any], repaired: RepairResult) -> None:
    """Every input message is in the output, or an action says it was dropped; every
    output message not in the input was added by an action; the messages that are not
    results keep their order, and a result that now follows another of them was moved
    by an action."""
    out_ids = [message.id for message in repaired.transcript]
    input_ids = {message["id"] for message in transcript}
    dropped = {
        RepairCode.DROPPED_ORPHAN_RESULT,
        RepairCode.DROPPED_DUPLICATE_RESULT,
        RepairCode.DROPPED_EMPTY_CONTENT,
    }
    for index, message in enumerate(transcript):
        if message["id"] not in out_ids:
            assert _codes_at(repaired, index) & dropped, (index, repaired.actions)
    added = [i for i in out_ids if i not in input_ids]
    count = [a.code for a in repaired.actions]
    assert len(added) == count.count(RepairCode.ADDED_ERROR_RESULT) + count.count(
        RepairCode.ADDED_USER_MESSAGE
    )
    # The input messages that are not results keep their order.
    position = {message_id: at for at, message_id in enumerate(out_ids)}
    others = [m["id"] for m in transcript if m["role"] != "toolResult" and m["id"] in position]
    assert others == sorted(others, key=position.__getitem__)

    # A kept result that follows another message than in the input was moved.
    def anchor(ids: list[str], at: int) -> str | None:
        earlier = [i for i in ids[:at] if i in input_ids and by_id[i]["role"] != "toolResult"]
        return earlier[-1] if earlier else None

    by_id = {message["id"]: message for message in transcript}
    in_ids = [message["id"] for message in transcript]
    for at, message_id in enumerate(out_ids):
        if message_id in by_id and by_id[message_id]["role"] == "toolResult":
            index = in_ids.index(message_id)
            before = anchor(in_ids, index)
            after = anchor(out_ids, at)
            if before != after and after is not None and before in position:
                assert RepairCode.MOVED_RESULT in _codes_at(repaired, index), (message_id,)


@pytest.mark.parametrize("missing", ["error-result", "drop-call"])
@pytest.mark.parametrize("provider", list(REGISTRY))
@PROPERTY
@given(transcript=sequences())
def test_property_any_sequence_repairs_to_one_its_provider_accepts(
    provider: Any, missing: Any, transcript: list[Any]
) -> None:
    repaired = repair_transcript(transcript, provider=provider, missing=missing)

    assert check_wire_rules(repaired.transcript, provider) == ()
    assert repair_transcript(repaired.transcript, provider=provider) == RepairResult(
        repaired.transcript, ()
    )
    _check_nothing_silent(transcript, repaired)


def test_a_result_after_a_later_call_of_the_turn_does_not_split_an_anthropic_turn() -> None:
    # The reported case: result b used to be moved between the assistant messages of
    # one turn, so result a no longer followed its turn and Anthropic refused it.
    transcript = [
        user("u0"),
        assistant("a1", [call_block("a")]),
        assistant("a2", [call_block("b")]),
        assistant("a3", [{"type": "text", "text": "done"}]),
        result("r4", "a"),
        user("u5"),
        result("r6", "b"),
    ]

    repaired = repair_transcript(transcript, provider="anthropic")

    assert check_wire_rules(repaired.transcript, "anthropic") == ()
    assert [message.id for message in repaired.transcript] == [
        "u0",
        "a1",
        "a2",
        "a3",
        "r4",
        "r6",
        "u5",
    ]
    assert [(a.code, a.path) for a in repaired.actions] == [(RepairCode.MOVED_RESULT, "/6")]


def test_chat_moves_each_result_after_its_own_assistant_message() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("a")]),
        assistant("a2", [call_block("b")]),
        assistant("a3", [{"type": "text", "text": "done"}]),
        result("r4", "a"),
        user("u5"),
        result("r6", "b"),
    ]

    repaired = repair_transcript(transcript, provider="openai-chat")

    assert check_wire_rules(repaired.transcript, "openai-chat") == ()
    assert validate_transcript(repaired.transcript) == ()
    assert [message.id for message in repaired.transcript] == [
        "u0",
        "a1",
        "r4",
        "a2",
        "r6",
        "a3",
        "u5",
    ]
    assert [(a.code, a.path) for a in repaired.actions] == [
        (RepairCode.MOVED_RESULT, "/4"),
        (RepairCode.MOVED_RESULT, "/6"),
    ]


ANSWERING = {RepairCode.ADDED_ERROR_RESULT, RepairCode.DROPPED_TOOL_CALL}


def _pending_input_turn(transcript: list[Any]) -> int | None:
    return pending_turn(messages_of("test", transcript))


@pytest.mark.parametrize("missing", ["error-result", "drop-call"])
@pytest.mark.parametrize("provider", [None, *REGISTRY])
@PROPERTY
@given(transcript=sequences())
def test_property_any_sequence_repairs_to_one_valid_with_allow_pending(
    provider: Any, missing: Any, transcript: list[Any]
) -> None:
    repaired = repair_transcript(transcript, provider=provider, missing=missing, allow_pending=True)

    assert validate_transcript(repaired.transcript, allow_pending=True) == ()
    if provider is not None:
        assert wire_problems_with_pending(repaired.transcript, provider) == ()
    again = repair_transcript(
        repaired.transcript, provider=provider, missing=missing, allow_pending=True
    )
    assert again == RepairResult(repaired.transcript, ())
    _check_nothing_silent(transcript, repaired)
    turn = _pending_input_turn(transcript)
    # The pending turn keeps every call: none answered, none dropped.
    assert not [a for a in repaired.actions if a.code in ANSWERING and a.message_index == turn]
    if turn is not None:
        kept = [m for m in repaired.transcript if m.id == transcript[turn]["id"]]
        assert [len(m.tool_calls) for m in kept] == [  # type: ignore[union-attr]
            sum(block["type"] == "toolCall" for block in transcript[turn]["content"])
        ]
    if provider is None:
        # Every other action is the default's.
        default = repair_transcript(transcript, missing=missing).actions
        assert list(repaired.actions) == [
            a for a in default if not (a.code in ANSWERING and a.message_index == turn)
        ]


@PROPERTY
@given(
    transcript=sequences(),
    max_messages=st.none() | st.integers(0, 12),
    max_chars=st.none() | st.integers(0, 60),
    keep_system=st.booleans(),
)
def test_property_trimming_with_allow_pending_keeps_the_pending_turn_or_raises(
    transcript: list[Any], max_messages: Any, max_chars: Any, keep_system: bool
) -> None:
    budget = {"max_messages": max_messages, "max_chars": max_chars, "keep_system": keep_system}
    default = trim_transcript(transcript, **budget)
    turn = _pending_input_turn(transcript)
    if turn is not None and transcript[turn]["id"] not in [m.id for m in default.transcript]:
        with pytest.raises(
            ValueError, match=f"cannot hold the pending turn \\(input index {turn} "
        ):
            trim_transcript(transcript, **budget, allow_pending=True)
    else:
        assert trim_transcript(transcript, **budget, allow_pending=True) == default
