"""Mistral's tool-call ids (exactly 9 of ``[a-zA-Z0-9]``): ``check_wire_rules`` reports
the others, ``normalize_tool_call_ids`` and ``repair_transcript`` rename them, in calls
and results alike, so that a history from another provider is sent to Mistral."""

from __future__ import annotations

from typing import Any

from agent_ir import (
    check_wire_rules,
    normalize_tool_call_ids,
    repair_transcript,
    validate_transcript,
)

from support.builders import assistant, call_block, result, user


def _history(*call_ids: str) -> list[Any]:
    """A user turn, one assistant message calling each id, the results in order."""
    return [
        user("u0"),
        assistant("a1", [call_block(call_id) for call_id in call_ids]),
        *(result(f"r{n}", call_id) for n, call_id in enumerate(call_ids, start=2)),
    ]


def _ids(transcript: Any) -> tuple[list[str], list[str]]:
    calls = [block.id for block in transcript[1].tool_calls]
    results = [message.tool_call_id for message in transcript[2:]]
    return calls, results


def test_openai_and_anthropic_ids_are_renamed_to_nine_letters_and_digits() -> None:
    openai, anthropic = "call_6Wq7aCYNd3kB9XPLp1qQ0FhY", "toolu_01Hh2Jk4Lm6Np8Qr"

    normalized = normalize_tool_call_ids(_history(openai, anthropic), provider="mistral")

    assert dict(normalized.renamed_ids) == {openai: "call06Wq7", anthropic: "toolu001H"}
    assert _ids(normalized.transcript) == (["call06Wq7", "toolu001H"],) * 2
    assert [(str(a.code), a.path) for a in normalized.actions] == [
        ("RENAMED_TOOL_CALL_ID", "/1/content/0/id"),
        ("RENAMED_TOOL_CALL_ID", "/1/content/1/id"),
    ]
    assert check_wire_rules(normalized.transcript, "mistral") == ()
    assert validate_transcript(normalized.transcript) == ()


def test_short_ids_are_padded_with_zeros_and_taken_ones_get_a_suffix_of_digits() -> None:
    # "c1" pads to "c10000000", which the third call already has as it is.
    transcript = _history("c1", "c1.", "c10000000")

    normalized = normalize_tool_call_ids(transcript, provider="mistral")

    assert dict(normalized.renamed_ids) == {"c1": "c10000002", "c1.": "c10000003"}
    calls, results = _ids(normalized.transcript)
    assert calls == results == ["c10000002", "c10000003", "c10000000"]
    assert check_wire_rules(normalized.transcript, "mistral") == ()


def test_ids_sharing_their_first_nine_characters_stay_distinct() -> None:
    ids = [f"toolu_01A{n}" for n in range(12)]

    normalized = normalize_tool_call_ids(_history(*ids), provider="mistral")

    calls, results = _ids(normalized.transcript)
    assert calls == results
    assert len(set(calls)) == 12
    assert calls[:3] == ["toolu001A", "toolu0002", "toolu0003"]
    assert calls[-1] == "toolu0012"
    assert check_wire_rules(normalized.transcript, "mistral") == ()


def test_a_valid_mistral_history_is_left_as_it_is() -> None:
    transcript = _history("aB3dE6gH9", "Zz0Zz0Zz0")

    assert check_wire_rules(transcript, "mistral") == ()
    normalized = normalize_tool_call_ids(transcript, provider="mistral")
    assert normalized.actions == ()
    assert dict(normalized.renamed_ids) == {}
    assert repair_transcript(transcript, provider="mistral").actions == ()


def test_repair_renames_the_ids_and_moves_a_late_result_for_mistral() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("call_1")]),
        user("u2", "wait"),
        result("r3", "call_1"),
    ]
    assert [str(d.code) for d in check_wire_rules(transcript, "mistral")] == [
        "INVALID_TOOL_CALL_ID_FORMAT",
        "RESULT_NOT_IMMEDIATE",
    ]
    message = check_wire_rules(transcript, "mistral")[0].message
    assert message == (
        "tool call id 'call_1' must match [a-zA-Z0-9]{9} and have exactly 9 characters for mistral"
    )

    repaired = repair_transcript(transcript, provider="mistral")

    assert check_wire_rules(repaired.transcript, "mistral") == ()
    assert dict(repaired.renamed_ids) == {"call_1": "call01000"}
    assert [str(a.code) for a in repaired.actions] == ["MOVED_RESULT", "RENAMED_TOOL_CALL_ID"]
