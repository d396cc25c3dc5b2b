"""The language-neutral conformance suite: every case of
``fixtures/conformance/transcripts/*.json`` run through the Python implementation.

A case is ``{description, transcript, diagnostics: [{code, messageIndex}]}``; the
implementation must report exactly those (code, message index) pairs, in that order.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agent_ir import DiagnosticCode, TranscriptError, loads, parse_transcript, validate_transcript

SUITE = Path(__file__).parents[2] / "fixtures" / "conformance" / "transcripts"
MIN_CASES = 80


def _cases() -> list[tuple[str, dict[str, Any]]]:
    cases = []
    for file in sorted(SUITE.glob("*.json")):
        for case in json.loads(file.read_text(encoding="utf-8")):
            cases.append((f"{file.name}::{case['description']}", case))
    return cases


CASES = _cases()


@pytest.mark.parametrize("case", [case for _, case in CASES], ids=[name for name, _ in CASES])
def test_validate_transcript_reports_exactly_the_expected_diagnostics(
    case: dict[str, Any],
) -> None:
    diagnostics = validate_transcript(case["transcript"])

    assert [(d.code, d.message_index) for d in diagnostics] == [
        (expected["code"], expected["messageIndex"]) for expected in case["diagnostics"]
    ]


@pytest.mark.parametrize("case", [case for _, case in CASES], ids=[name for name, _ in CASES])
def test_parse_transcript_raises_exactly_when_diagnostics_are_expected(
    case: dict[str, Any],
) -> None:
    expected = [(x["code"], x["messageIndex"]) for x in case["diagnostics"]]
    if expected:
        with pytest.raises(TranscriptError) as raised:
            parse_transcript(case["transcript"])
        assert [(d.code, d.message_index) for d in raised.value.diagnostics] == expected
    else:
        messages = parse_transcript(case["transcript"])
        assert len(messages) == len(case["transcript"])
        assert loads(json.dumps(case["transcript"])) == messages


WIRE_RULE_CODES = {
    "RESULT_NOT_IMMEDIATE",
    "INVALID_TOOL_CALL_ID_FORMAT",
    "INVALID_ROLE_ORDER",
    "EMPTY_CONTENT",
}


def test_suite_is_large_enough_and_covers_every_code() -> None:
    covered = {x["code"] for _, case in CASES for x in case["diagnostics"]}

    assert len(CASES) >= MIN_CASES
    # The four provider codes come only from check_wire_rules: the wire-rules suite
    # covers them (tests/conformance/test_wire_rules_suite.py).
    assert covered == {code.value for code in DiagnosticCode} - WIRE_RULE_CODES


def test_suite_case_names_are_unique() -> None:
    names = [name for name, _ in CASES]

    assert len(names) == len(set(names))
