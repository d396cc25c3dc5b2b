"""``repair_transcript`` and ``trim_transcript`` with ``allow_pending=True``: the pending
turn (the last assistant message, when only tool results follow it) keeps its unanswered
calls as they are, and trimming keeps that turn or says it cannot; the default
(``False``) is unchanged: such calls are answered, and the turn is trimmed like any
other messages.

The random transcripts of ``test_repair_any_sequence`` check the same promises on any
short sequence (``test_property_..._with_allow_pending``)."""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir import (
    RepairCode,
    RepairResult,
    assistant_message,
    parse_transcript,
    repair_transcript,
    trim_transcript,
    validate_transcript,
)
from agent_ir.wire._registry import REGISTRY

from support.builders import assistant, call_block, result, user
from support.pending import wire_problems_with_pending

MISSING_TEXT = "No result was recorded for this tool call (the turn was interrupted)."
PROVIDERS = [None, *REGISTRY]
# Mistral takes only ids of exactly 9 letters and digits: repair renames these
# transcripts' ids for it (tests/repair/test_mistral_ids.py).
PLAIN_IDS = [provider for provider in PROVIDERS if provider != "mistral"]
MISSING = ["error-result", "drop-call"]


def text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


def ids(repaired: RepairResult) -> list[str]:
    return [message.id for message in repaired.transcript]


def codes_and_paths(repaired: RepairResult) -> list[tuple[RepairCode, str]]:
    return [(action.code, action.path) for action in repaired.actions]


def assert_accepted_with_pending(repaired: RepairResult, provider: Any) -> None:
    """Valid with the pending turn waiting, and (with a provider) acceptable to it but
    for the pending turn's missing results."""
    assert validate_transcript(repaired.transcript, allow_pending=True) == ()
    if provider is not None:
        assert wire_problems_with_pending(repaired.transcript, provider) == ()


def mid_turn() -> list[Any]:
    """An agent mid-turn: three parallel calls, the second answered so far (the first
    signed, as Gemini signs the first call of a step)."""
    signed = {**call_block("c1"), "thoughtSignature": "c2lnbmVk"}
    return [
        user("u0", "Look around."),
        assistant("a1", [text("Reading."), signed, call_block("c2", "ls"), call_block("c3")]),
        result("r2", "c2", "ls"),
    ]


# --- repair_transcript: the pending turn waits ---------------------------------------------


@pytest.mark.parametrize("missing", MISSING)
@pytest.mark.parametrize("provider", PLAIN_IDS)
def test_the_unanswered_calls_of_a_pending_turn_are_kept_with_no_action(
    provider: Any, missing: Any
) -> None:
    repaired = repair_transcript(mid_turn(), provider=provider, missing=missing, allow_pending=True)

    assert repaired == RepairResult(parse_transcript(mid_turn(), allow_pending=True), ())
    assert_accepted_with_pending(repaired, provider)


def test_by_default_the_pending_turn_s_calls_are_answered_as_before() -> None:
    answered = repair_transcript(mid_turn())
    dropped = repair_transcript(mid_turn(), missing="drop-call")

    assert ids(answered) == ["u0", "a1", "r2", "repair-result-c1", "repair-result-c3"]
    assert codes_and_paths(answered) == [
        (RepairCode.ADDED_ERROR_RESULT, "/1/content/1"),
        (RepairCode.ADDED_ERROR_RESULT, "/1/content/3"),
    ]
    assert [call.id for call in dropped.transcript[1].tool_calls] == ["c2"]  # type: ignore[union-attr]
    assert codes_and_paths(dropped) == [
        (RepairCode.DROPPED_TOOL_CALL, "/1/content/1"),
        (RepairCode.DROPPED_TOOL_CALL, "/1/content/3"),
    ]
    assert repair_transcript(mid_turn(), allow_pending=False) == answered


def test_a_trailing_call_with_no_result_at_all_waits() -> None:
    transcript = [user("u0"), assistant("a1", [call_block("c1")])]

    repaired = repair_transcript(transcript, allow_pending=True)

    assert ids(repaired) == ["u0", "a1"]
    assert repaired.actions == ()
    assert validate_transcript(repaired.transcript, allow_pending=True) == ()
    assert [d.code for d in validate_transcript(repaired.transcript)] == ["MISSING_TOOL_RESULT"]


@pytest.mark.parametrize("missing", MISSING)
def test_an_earlier_unanswered_call_is_still_repaired(missing: Any) -> None:
    transcript = [
        user("u0"),
        assistant("a1", [text("first"), call_block("c1")]),
        user("u2", "go on"),
        assistant("a3", [call_block("c3")]),
    ]

    repaired = repair_transcript(transcript, missing=missing, allow_pending=True)

    if missing == "error-result":
        assert ids(repaired) == ["u0", "a1", "repair-result-c1", "u2", "a3"]
        assert codes_and_paths(repaired) == [(RepairCode.ADDED_ERROR_RESULT, "/1/content/1")]
    else:
        assert ids(repaired) == ["u0", "a1", "u2", "a3"]
        assert repaired.transcript[1].tool_calls == ()  # type: ignore[union-attr]
        assert codes_and_paths(repaired) == [(RepairCode.DROPPED_TOOL_CALL, "/1/content/1")]
    assert repaired.transcript[-1] == assistant_message(id="a3", content=[call_block("c3")])
    assert validate_transcript(repaired.transcript, allow_pending=True) == ()


@pytest.mark.parametrize("missing", MISSING)
def test_a_turn_a_user_message_follows_is_not_pending_and_is_repaired_as_before(
    missing: Any,
) -> None:
    transcript = [
        user("u0"),
        assistant("a1", [text("t"), call_block("c1")]),
        result("r2", "zz"),
        user("u3"),
    ]

    repaired = repair_transcript(transcript, missing=missing, allow_pending=True)

    assert repaired == repair_transcript(transcript, missing=missing)
    code = (
        RepairCode.ADDED_ERROR_RESULT if missing == "error-result" else RepairCode.DROPPED_TOOL_CALL
    )
    assert codes_and_paths(repaired) == [
        (RepairCode.DROPPED_ORPHAN_RESULT, "/2"),
        (code, "/1/content/1"),
    ]
    assert validate_transcript(repaired.transcript) == ()


def test_orphan_and_duplicate_results_after_the_pending_turn_are_still_dropped() -> None:
    transcript = [
        *mid_turn(),
        result("r3", "zz"),
        result("r4", "c2", "ls"),
        result("r5", "c3", "cat"),
    ]

    repaired = repair_transcript(transcript, allow_pending=True)

    assert ids(repaired) == ["u0", "a1", "r2", "r5"]
    assert codes_and_paths(repaired) == [
        (RepairCode.DROPPED_ORPHAN_RESULT, "/3"),
        (RepairCode.DROPPED_DUPLICATE_RESULT, "/4"),
        (RepairCode.FIXED_TOOL_NAME, "/5/toolName"),
    ]
    assert validate_transcript(repaired.transcript, allow_pending=True) == ()


def test_a_result_before_the_pending_call_is_dropped_and_the_call_waits() -> None:
    transcript = [user("u0"), result("r1", "c1"), assistant("a2", [call_block("c1")])]

    repaired = repair_transcript(transcript, allow_pending=True)

    assert ids(repaired) == ["u0", "a2"]
    assert codes_and_paths(repaired) == [(RepairCode.DROPPED_ORPHAN_RESULT, "/1")]
    assert validate_transcript(repaired.transcript, allow_pending=True) == ()


def test_duplicate_ids_inside_the_pending_turn_are_still_renamed_and_both_calls_wait() -> None:
    transcript = [user("u0"), assistant("a1", [call_block("c1"), call_block("c1", "ls")])]

    repaired = repair_transcript(transcript, allow_pending=True)

    assert [call.id for call in repaired.transcript[1].tool_calls] == ["c1", "c1-2"]  # type: ignore[union-attr]
    assert codes_and_paths(repaired) == [(RepairCode.RENAMED_DUPLICATE_CALL_ID, "/1/content/1/id")]
    assert ids(repaired) == ["u0", "a1"]
    assert validate_transcript(repaired.transcript, allow_pending=True) == ()


def test_a_pending_call_reusing_an_answered_id_is_renamed_and_waits() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        result("r2", "c1"),
        assistant("a3", [call_block("c1")]),
    ]

    repaired = repair_transcript(transcript, allow_pending=True)

    assert codes_and_paths(repaired) == [(RepairCode.RENAMED_DUPLICATE_CALL_ID, "/3/content/0/id")]
    assert repaired.renamed_ids == {}  # c1 is kept at a1 and renamed at a3: not uniform
    assert ids(repaired) == ["u0", "a1", "r2", "a3"]
    assert validate_transcript(repaired.transcript, allow_pending=True) == ()


def test_an_unanswered_call_of_an_earlier_message_of_one_anthropic_turn_is_answered() -> None:
    # a1 and a2 are one Anthropic turn, but only a2 is the pending turn: c1 is answered,
    # and its result stays between them, where the repair placed it.
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        assistant("a2", [call_block("c2")]),
    ]

    repaired = repair_transcript(transcript, provider="anthropic", allow_pending=True)

    assert ids(repaired) == ["u0", "a1", "repair-result-c1", "a2"]
    assert codes_and_paths(repaired) == [(RepairCode.ADDED_ERROR_RESULT, "/1/content/0")]
    assert_accepted_with_pending(repaired, "anthropic")


@pytest.mark.parametrize("provider", ["openai-chat", "anthropic"])
def test_a_pending_turn_s_result_for_an_older_call_is_moved_and_the_turn_still_waits(
    provider: str,
) -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        user("u2", "and then?"),
        assistant("a3", [call_block("c3")]),
        result("r4", "c1"),
    ]

    repaired = repair_transcript(transcript, provider=provider, allow_pending=True)

    assert ids(repaired) == ["u0", "a1", "r4", "u2", "a3"]
    assert codes_and_paths(repaired) == [(RepairCode.MOVED_RESULT, "/4")]
    assert_accepted_with_pending(repaired, provider)


def test_a_waiting_call_s_id_is_normalized_for_the_provider() -> None:
    transcript = [user("u0"), assistant("a1", [call_block("call 1")])]

    repaired = repair_transcript(transcript, provider="anthropic", allow_pending=True)

    assert repaired.renamed_ids == {"call 1": "call_1"}
    assert codes_and_paths(repaired) == [(RepairCode.RENAMED_TOOL_CALL_ID, "/1/content/0/id")]
    assert_accepted_with_pending(repaired, "anthropic")


def test_a_trailing_blank_message_the_provider_drops_still_ends_the_turn() -> None:
    # The documented order: the pending turn is found before the provider's repairs, and
    # the input answered a1's turn with u2; so c1 is answered, then u2 is dropped.
    transcript = [user("u0"), assistant("a1", [call_block("c1")]), user("u2", "  ")]

    repaired = repair_transcript(transcript, provider="anthropic", allow_pending=True)

    assert ids(repaired) == ["u0", "a1", "repair-result-c1"]
    assert codes_and_paths(repaired) == [
        (RepairCode.ADDED_ERROR_RESULT, "/1/content/0"),
        (RepairCode.DROPPED_EMPTY_CONTENT, "/2"),
    ]
    assert validate_transcript(repaired.transcript) == ()
    assert wire_problems_with_pending(repaired.transcript, "anthropic") == ()


@pytest.mark.parametrize("missing", MISSING)
@pytest.mark.parametrize("provider", PROVIDERS)
def test_repairing_a_repaired_pending_transcript_again_does_nothing(
    provider: Any, missing: Any
) -> None:
    transcript = [
        result("r0", "zz"),
        assistant("a1", [call_block("c1")]),
        user("u2"),
        assistant("a3", [call_block("c 3"), call_block("c 3")]),
        result("r4", "c 3"),
    ]
    once = repair_transcript(transcript, provider=provider, missing=missing, allow_pending=True)

    again = repair_transcript(
        once.transcript, provider=provider, missing=missing, allow_pending=True
    )

    assert again == RepairResult(once.transcript, ())
    assert_accepted_with_pending(once, provider)
    # the pending turn's two calls wait (the second was renamed, the result answers it)
    assert len(once.transcript[-2].tool_calls) == 2  # type: ignore[union-attr]


# --- trim_transcript: the pending turn is kept, or a ValueError says it cannot be --------


def history() -> list[Any]:
    """A finished round, then an agent mid-turn (c3 answered, c4 waiting)."""
    return [
        {"role": "system", "id": "s0", "content": "be brief"},
        user("u1", "hi"),
        assistant("a2", [call_block("c2")]),
        result("r3", "c2"),
        assistant("a4", [text("next"), call_block("c3"), call_block("c4")]),
        result("r5", "c3"),
    ]


def test_trimming_keeps_the_pending_turn_as_the_newest_messages() -> None:
    kept = trim_transcript(history(), max_messages=2, allow_pending=True)

    assert ids(kept) == ["s0", "a4", "r5"]
    assert [(a.code, a.path) for a in kept.actions] == [(RepairCode.TRIMMED_MESSAGES, "/1")]
    assert kept == trim_transcript(history(), max_messages=2)
    assert validate_transcript(kept.transcript, allow_pending=True) == ()


def test_a_budget_too_small_for_the_pending_turn_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="cannot hold the pending turn") as raised:
        trim_transcript(history(), max_messages=1, allow_pending=True)

    assert str(raised.value) == (
        "trim_transcript: the budget (max_messages=1, max_chars=None) cannot hold the pending "
        "turn (input index 4 and the 1 tool results after it): keeping it needs at least 2 "
        "messages and 12 characters"
    )


def test_by_default_a_budget_too_small_for_the_pending_turn_leaves_it_out() -> None:
    kept = trim_transcript(history(), max_messages=1)

    assert ids(kept) == ["s0"]
    assert [(a.code, a.message) for a in kept.actions] == [
        (
            RepairCode.TRIMMED_MESSAGES,
            "5 messages (input indexes 1 to 5) were left out to fit the budget",
        )
    ]


def test_a_character_budget_too_small_for_the_pending_turn_is_a_value_error() -> None:
    chars = sum(message.length for message in parse_transcript(history(), allow_pending=True)[4:])

    kept = trim_transcript(history(), max_chars=chars, allow_pending=True)
    with pytest.raises(ValueError, match=r"max_chars=11\).*at least 2 messages and 12 characters"):
        trim_transcript(history(), max_chars=chars - 1, allow_pending=True)

    assert ids(kept) == ["s0", "a4", "r5"]


def test_a_pending_turn_whose_result_answers_an_older_call_needs_that_call_kept() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        assistant("a2", [call_block("c2")]),
        result("r3", "c1"),
    ]

    kept = trim_transcript(transcript, max_messages=3, allow_pending=True)
    with pytest.raises(ValueError, match="input index 2 and the 1 tool results after it"):
        trim_transcript(transcript, max_messages=2, allow_pending=True)

    assert ids(kept) == ["a1", "a2", "r3"]
    assert ids(trim_transcript(transcript, max_messages=2)) == []


def test_a_pending_turn_with_no_call_is_kept_too() -> None:
    # A fine-tuning line whose target is the last reply: it is the pending turn as well.
    transcript = [user("u0", "hi"), assistant("a1", [text("a long reply")])]

    with pytest.raises(ValueError, match="input index 1 and the 0 tool results after it"):
        trim_transcript(transcript, max_chars=5, allow_pending=True)
    assert ids(trim_transcript(transcript, max_chars=5)) == []


def test_without_a_pending_turn_allow_pending_changes_nothing_in_trimming() -> None:
    transcript = [*history(), user("u6", "stop")]

    for budget in range(len(transcript) + 1):
        kept = trim_transcript(transcript, max_messages=budget, allow_pending=True)
        assert kept == trim_transcript(transcript, max_messages=budget)
    assert ids(trim_transcript(transcript, max_messages=0, allow_pending=True)) == ["s0"]


def test_the_pending_turn_is_kept_when_system_messages_count_too() -> None:
    kept = trim_transcript(history(), max_messages=2, keep_system=False, allow_pending=True)
    assert ids(kept) == ["a4", "r5"]
    with pytest.raises(ValueError, match="input index 4"):
        trim_transcript(history(), max_messages=1, keep_system=False, allow_pending=True)
