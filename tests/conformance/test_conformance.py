"""The language-neutral conformance suite: every case of
``fixtures/conformance/transcripts/*.json`` run through the Python implementation.

A case is ``{description, transcript, diagnostics: [{code, messageIndex, toolIndex?}]}``,
with the optional ``tools`` (given as ``tools=``) and ``allowPending`` (``allow_pending=``);
the implementation must report exactly those (code, message index, tool index) triples,
in that order (the tool index of a diagnostic about no single tool definition is absent).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agent_ir import DiagnosticCode, TranscriptError, loads, parse_transcript, validate_transcript

SUITE = Path(__file__).parents[2] / "fixtures" / "conformance" / "transcripts"
MIN_CASES = 80
CASE_KEYS = {"description", "transcript", "diagnostics", "tools", "allowPending"}
TOOL_CODES = {"UNDECLARED_TOOL", "TOOL_ARGUMENTS_MISMATCH", "INVALID_TOOL_DEFINITION"}


def _cases() -> list[tuple[str, dict[str, Any]]]:
    cases = []
    for file in sorted(SUITE.glob("*.json")):
        for case in json.loads(file.read_text(encoding="utf-8")):
            cases.append((f"{file.name}::{case['description']}", case))
    return cases


CASES = _cases()


def options(case: dict[str, Any]) -> dict[str, Any]:
    """The keywords a case asks for: ``tools`` when it has them, ``allow_pending``."""
    given: dict[str, Any] = {"allow_pending": case.get("allowPending", False)}
    if "tools" in case:
        given["tools"] = case["tools"]
    return given


def expected(case: dict[str, Any]) -> list[tuple[str, int, int | None]]:
    return [(x["code"], x["messageIndex"], x.get("toolIndex")) for x in case["diagnostics"]]


def got(diagnostics: Any) -> list[tuple[str, int, int | None]]:
    return [(d.code, d.message_index, d.tool_index) for d in diagnostics]


@pytest.mark.parametrize("case", [case for _, case in CASES], ids=[name for name, _ in CASES])
def test_validate_transcript_reports_exactly_the_expected_diagnostics(
    case: dict[str, Any],
) -> None:
    diagnostics = validate_transcript(case["transcript"], **options(case))

    assert got(diagnostics) == expected(case)


@pytest.mark.parametrize("case", [case for _, case in CASES], ids=[name for name, _ in CASES])
def test_parse_transcript_raises_exactly_when_diagnostics_are_expected(
    case: dict[str, Any],
) -> None:
    if expected(case):
        with pytest.raises(TranscriptError) as raised:
            parse_transcript(case["transcript"], **options(case))
        assert got(raised.value.diagnostics) == expected(case)
    else:
        messages = parse_transcript(case["transcript"], **options(case))
        assert len(messages) == len(case["transcript"])
        assert loads(json.dumps(case["transcript"]), **options(case)) == messages


WIRE_RULE_CODES = {
    "RESULT_NOT_IMMEDIATE",
    "INVALID_TOOL_CALL_ID_FORMAT",
    "INVALID_ROLE_ORDER",
    "EMPTY_CONTENT",
    "INVALID_TOOL_NAME_FORMAT",
    "MISSING_THOUGHT_SIGNATURE",
    "TOO_MANY_IMAGES",
    "TOO_MANY_DOCUMENTS",
    "MEDIA_TOO_LARGE",
    "DOCUMENT_WITHOUT_TEXT",
}


def test_suite_is_large_enough_and_covers_every_code() -> None:
    covered = {x["code"] for _, case in CASES for x in case["diagnostics"]}

    assert len(CASES) >= MIN_CASES
    # The provider codes come only from check_wire_rules: the wire-rules suite covers
    # them (tests/conformance/test_wire_rules_suite.py).
    assert covered == {code.value for code in DiagnosticCode} - WIRE_RULE_CODES


def test_suite_case_names_are_unique() -> None:
    names = [name for name, _ in CASES]

    assert len(names) == len(set(names))


def test_cases_use_only_the_known_keys() -> None:
    """``tools`` and ``allowPending`` are the only optional keys; ``toolIndex`` is given
    exactly for a problem of one tool definition (INVALID_TOOL_DEFINITION of a listed
    tool), and the tool codes come only with ``tools``."""
    for name, case in CASES:
        assert {"description", "transcript", "diagnostics"} <= set(case) <= CASE_KEYS, name
        assert type(case.get("allowPending", False)) is bool, name
        for item in case["diagnostics"]:
            assert set(item) <= {"code", "messageIndex", "toolIndex"}, name
            if "toolIndex" in item:
                assert item["code"] == "INVALID_TOOL_DEFINITION", name
                assert item["messageIndex"] == -1, name
                assert 0 <= item["toolIndex"] < len(case["tools"]), name
            if item["code"] in TOOL_CODES:
                assert "tools" in case, name


def test_the_options_decide_many_verdicts() -> None:
    """A runner that drops ``tools`` or ``allowPending`` fails many cases of each."""
    changed = {"tools": 0, "allowPending": 0}
    for _, case in CASES:
        for key in changed:
            if key in case and got(validate_transcript(case["transcript"])) != expected(case):
                changed[key] += 1

    assert changed["tools"] >= 20
    assert changed["allowPending"] >= 5
