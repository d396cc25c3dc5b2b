"""Repair, trimming and the wire rules take time linear in the transcript on the inputs
that once made them quadratic.

Each test builds a transcript large enough that the quadratic version ran for minutes
(tens of thousands of messages, about a second now) and runs it under a generous
deadline; a deadline is a guard against a hang, not a benchmark. Each also checks the
exact answer, so a fast wrong answer fails too.
"""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir import (
    RepairCode,
    check_wire_rules,
    normalize_tool_call_ids,
    repair_transcript,
    trim_transcript,
)

from support.builders import assistant, call_block, result, user
from support.deadline import deadline, supported

pytestmark = [
    pytest.mark.skipif(not supported(), reason="deadlines need SIGALRM"),
    pytest.mark.heavy,
]

GUARD = 20  # seconds; the linear versions take about 1 s on a loaded 2-core machine


def test_repair_renames_a_call_id_reused_in_every_turn_in_linear_time() -> None:
    turns = 30_000
    transcript: list[Any] = [user("u")]
    for turn in range(turns):
        transcript += [assistant(f"a{turn}", [call_block("call_0")]), result(f"r{turn}", "call_0")]
    with deadline(GUARD, "repair of one reused call id"):
        repaired = repair_transcript(transcript)
    renames = [a for a in repaired.actions if a.code is RepairCode.RENAMED_DUPLICATE_CALL_ID]
    assert len(renames) == turns - 1
    assert renames[-1].message == (
        f"tool call id 'call_0' was already used: this call became 'call_0-{turns}'"
    )
    assert repaired.transcript[-1].tool_call_id == f"call_0-{turns}"  # type: ignore[union-attr]


def test_anthropic_repair_over_a_long_run_of_assistant_messages_is_linear() -> None:
    calls = 20_000
    transcript: list[Any] = [user("u")]
    transcript += [assistant(f"a{n}", [call_block(f"c{n}")]) for n in range(calls)]
    transcript += [result(f"r{n}", f"c{n}") for n in range(calls)]
    with deadline(GUARD, "anthropic repair of a long assistant turn"):
        repaired = repair_transcript(transcript, provider="anthropic")
    # The run of assistant messages is one turn and every result follows it: nothing moves.
    assert repaired.actions == ()
    assert len(repaired.transcript) == 1 + 2 * calls


def test_adding_results_for_many_unanswered_calls_is_linear() -> None:
    calls = 40_000
    transcript = [user("u")] + [assistant(f"a{n}", [call_block(f"c{n}")]) for n in range(calls)]
    with deadline(GUARD, "error results for many calls"):
        repaired = repair_transcript(transcript)
    assert [a.code for a in repaired.actions] == [RepairCode.ADDED_ERROR_RESULT] * calls
    assert [message.id for message in repaired.transcript[-4:]] == [
        f"a{calls - 2}",
        f"repair-result-c{calls - 2}",
        f"a{calls - 1}",
        f"repair-result-c{calls - 1}",
    ]


def test_dropping_many_unanswered_calls_is_linear() -> None:
    calls = 40_000
    transcript = [user("u")] + [
        assistant(f"a{n}", [{"type": "text", "text": "t"}, call_block(f"c{n}")])
        for n in range(calls)
    ]
    with deadline(GUARD, "dropping many calls"):
        repaired = repair_transcript(transcript, missing="drop-call")
    assert [a.code for a in repaired.actions] == [RepairCode.DROPPED_TOOL_CALL] * calls
    assert repaired.actions[-1].message_index == calls
    assert all(not message.tool_calls for message in repaired.transcript[1:])  # type: ignore[union-attr]


def test_normalizing_many_long_ids_with_one_prefix_is_linear() -> None:
    calls = 20_000
    ids = [f"{'x' * 64}{n}" for n in range(calls)]
    transcript = [user("u"), assistant("a", [call_block(call_id) for call_id in ids])]
    transcript += [result(f"r{n}", call_id) for n, call_id in enumerate(ids)]
    with deadline(GUARD, "normalizing ids sharing 64 characters"):
        mapping = normalize_tool_call_ids(transcript, "anthropic").renamed_ids
    assert mapping[ids[0]] == "x" * 64
    assert mapping[ids[1]] == "x" * 62 + "_2"
    assert mapping[ids[-1]] == "x" * (64 - len(f"_{calls}")) + f"_{calls}"
    assert len(set(mapping.values())) == calls


def test_trimming_many_leading_orphan_results_is_linear() -> None:
    orphans = 40_000
    transcript = [result(f"r{n}", f"gone{n}") for n in range(orphans)] + [user("u")]
    with deadline(GUARD, "trimming leading orphans"):
        kept = trim_transcript(transcript)
    assert [message.id for message in kept.transcript] == ["u"]


def test_wire_rules_over_many_messages_between_a_call_and_its_results_are_linear() -> None:
    gap = calls = 40_000
    transcript: list[Any] = [
        user("u"),
        assistant("a", [call_block(f"c{n}") for n in range(calls)]),
    ]
    transcript += [assistant(f"more{n}", [{"type": "text", "text": "t"}]) for n in range(gap)]
    transcript += [result(f"r{n}", f"c{n}") for n in range(calls)]
    with deadline(GUARD, "anthropic rules over a long gap"):
        joined = check_wire_rules(transcript, "anthropic")
    with deadline(GUARD, "openai-chat rules over a long gap"):
        separate = check_wire_rules(transcript, "openai-chat")
    assert joined == ()  # consecutive assistant messages are one Anthropic turn
    assert len(separate) == calls
    assert {found.code for found in separate} == {"RESULT_NOT_IMMEDIATE"}


def test_the_results_in_place_after_one_turn_of_many_calls_are_kept_in_linear_time() -> None:
    # One assistant message of many calls, each result already right after it: the
    # results to move were found by a scan of the list of those in place, per call.
    calls = 60_000
    transcript: list[Any] = [user("u"), assistant("a", [call_block(f"c{n}") for n in range(calls)])]
    transcript += [result(f"r{n}", f"c{n}") for n in range(calls)]
    with deadline(GUARD, "anthropic repair of one large turn answered in place"):
        repaired = repair_transcript(transcript, provider="anthropic")
    assert repaired.actions == ()
    assert len(repaired.transcript) == 2 + calls


def test_keeping_a_large_pending_turn_waiting_is_linear() -> None:
    # Many unanswered calls before the pending turn (answered) and many in it (kept).
    calls = 30_000
    transcript: list[Any] = [user("u")]
    transcript += [assistant(f"a{n}", [call_block(f"c{n}")]) for n in range(calls)]
    transcript += [assistant("p", [call_block(f"p{n}") for n in range(calls)])]
    transcript += [result(f"r{n}", f"p{n}") for n in range(0, calls, 2)]
    with deadline(GUARD, "repair keeping a pending turn"):
        repaired = repair_transcript(transcript, provider="anthropic", allow_pending=True)
    with deadline(GUARD, "trimming to a pending turn"):
        kept = trim_transcript(transcript, max_messages=1 + calls // 2, allow_pending=True)
    assert [a.code for a in repaired.actions] == [RepairCode.ADDED_ERROR_RESULT] * calls
    assert repaired.actions[-1].message_index == calls
    assert len(repaired.transcript) == len(transcript) + calls
    assert [message.id for message in kept.transcript[:2]] == ["p", "r0"]
