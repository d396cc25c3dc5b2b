"""The language-neutral wire-rules suite: every case of
``fixtures/conformance/wire-rules/*.json`` run through ``check_wire_rules``.

A case is ``{description, provider, transcript, diagnostics: [{code, messageIndex}]}``;
the implementation must report exactly those (code, message index) pairs, in that order.
Every case of the transcript suite is also run for every provider: what
``validate_transcript`` reports must be all that ``check_wire_rules`` reports besides
the provider's own codes, in the same order, but where a provider accepts what agent-ir
refuses on purpose (Anthropic: a call id used again after its result). A transcript-suite
case with ``tools`` or ``allowPending`` is compared with ``validate_transcript`` of its
transcript alone (``check_wire_rules`` takes neither).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agent_ir import DiagnosticCode, check_wire_rules, validate_transcript
from agent_ir.wire._registry import REGISTRY

PROVIDERS = tuple(REGISTRY)
FIXTURES = Path(__file__).parents[2] / "fixtures" / "conformance"
SUITE = FIXTURES / "wire-rules"
TRANSCRIPT_SUITE = FIXTURES / "transcripts"
MIN_CASES = 80
FILES = {
    "result-not-immediate.json",
    "tool-call-id-format.json",
    "role-order.json",
    "empty-content.json",
    "combined.json",
    "tool-names.json",
    "gemini-turns.json",
    "gemini-tool-names.json",
    "gemini-signatures.json",
    "bedrock-converse.json",
}
# The codes only check_wire_rules reports, and the providers each applies to.
WIRE_CODES = {
    "RESULT_NOT_IMMEDIATE": {"openai-chat", "anthropic", "gemini", "bedrock-converse", "mistral"},
    "INVALID_TOOL_CALL_ID_FORMAT": {
        *("openai-chat", "openai-responses", "anthropic"),
        *("bedrock-converse", "mistral"),
    },
    # Bedrock asks a user turn first; Gemini refuses a call turn first
    "INVALID_ROLE_ORDER": {"gemini", "bedrock-converse"},
    "EMPTY_CONTENT": {"anthropic", "bedrock-converse"},
    "INVALID_TOOL_NAME_FORMAT": {
        *("openai-chat", "openai-responses", "anthropic", "gemini"),
        *("bedrock-converse", "mistral"),
    },
    "MISSING_THOUGHT_SIGNATURE": {"gemini"},
    "TOO_MANY_IMAGES": {"bedrock-converse"},
    "TOO_MANY_DOCUMENTS": {"bedrock-converse"},
    "MEDIA_TOO_LARGE": {"bedrock-converse"},
    "DOCUMENT_WITHOUT_TEXT": {"bedrock-converse"},
}
# Codes whose smallest case is too large for the suite (MEDIA_TOO_LARGE: base64 of
# megabytes): tests/rules/test_media_limits.py and the cross-language corpus
# (tests/js/write_corpus.py, media_cases) check them instead.
TOO_LARGE_FOR_THE_SUITE = {"MEDIA_TOO_LARGE"}
# Codes no registered provider reports (none since Gemini refuses a call turn first;
# tests/wire/test_registry.py tests the user-turn-first rule with a provider whose record
# asks it).
UNREPORTED: set[str] = set()
# Transcript-suite cases a provider accepts where validate_transcript is stricter on
# purpose: (case name, provider) -> what check_wire_rules reports instead.
ACCEPTED = {
    (
        "linkage-duplicates.json::a call id reused in a later round: DUPLICATE_TOOL_CALL_ID "
        "at the second call only, DUPLICATE_TOOL_RESULT suppressed",
        "anthropic",
    ): [],
}


def _cases(directory: Path) -> list[tuple[str, dict[str, Any]]]:
    cases = []
    for file in sorted(directory.glob("*.json")):
        for case in json.loads(file.read_text(encoding="utf-8")):
            cases.append((f"{file.name}::{case['description']}", case))
    return cases


CASES = _cases(SUITE)
TRANSCRIPT_CASES = _cases(TRANSCRIPT_SUITE)


def pairs(diagnostics: Any) -> list[tuple[str, int]]:
    return [(str(d.code), d.message_index) for d in diagnostics]


def expected_pairs(case: dict[str, Any]) -> list[tuple[str, int]]:
    return [(x["code"], x["messageIndex"]) for x in case["diagnostics"]]


@pytest.mark.parametrize("case", [case for _, case in CASES], ids=[name for name, _ in CASES])
def test_check_wire_rules_reports_exactly_the_expected_diagnostics(case: dict[str, Any]) -> None:
    diagnostics = check_wire_rules(case["transcript"], case["provider"])

    assert pairs(diagnostics) == expected_pairs(case)


@pytest.mark.parametrize("case", [case for _, case in CASES], ids=[name for name, _ in CASES])
def test_the_suite_s_other_codes_are_validate_transcript_s(case: dict[str, Any]) -> None:
    others = [pair for pair in expected_pairs(case) if pair[0] not in WIRE_CODES]
    verdict = validate_transcript(case["transcript"])
    stricter = [d for d in verdict if "stricter than Anthropic on purpose" in d.message]

    if case["provider"] == "anthropic" and stricter:
        # Anthropic accepts an id used again after its result: each use is a call of its
        # own, so the linkage codes may differ from validate_transcript's, never the rest.
        assert "used again after its result" in case["description"]
        assert not set(others) & set(pairs(stricter))
        linkage = {"DUPLICATE_TOOL_CALL_ID", "MISSING_TOOL_RESULT", "DUPLICATE_TOOL_RESULT"}
        assert [p for p in others if p[0] not in linkage] == [
            p for p in pairs(verdict) if p[0] not in linkage
        ]
    else:
        assert others == pairs(verdict)


@pytest.mark.parametrize(
    ("name", "case"), TRANSCRIPT_CASES, ids=[name for name, _ in TRANSCRIPT_CASES]
)
def test_every_transcript_suite_case_keeps_validate_transcript_s_diagnostics(
    name: str, case: dict[str, Any]
) -> None:
    own = expected_pairs(case)
    if "tools" in case or "allowPending" in case:
        own = pairs(validate_transcript(case["transcript"]))
    for provider in PROVIDERS:
        expected = ACCEPTED.get((name, provider), own)
        got = pairs(check_wire_rules(case["transcript"], provider))
        assert [pair for pair in got if pair[0] not in WIRE_CODES] == expected, provider
        assert all(provider in WIRE_CODES[code] for code, _ in got if code in WIRE_CODES)


def test_the_suite_has_its_files_and_enough_cases() -> None:
    assert {path.name for path in SUITE.glob("*.json")} == FILES
    assert len(CASES) >= MIN_CASES


def test_every_case_names_a_provider_and_uses_only_known_codes() -> None:
    known = {code.value for code in DiagnosticCode}

    for name, case in CASES:
        assert set(case) == {"description", "provider", "transcript", "diagnostics"}, name
        assert case["provider"] in PROVIDERS, name
        assert {x["code"] for x in case["diagnostics"]} <= known, name
        assert all(set(x) == {"code", "messageIndex"} for x in case["diagnostics"]), name


def test_every_rule_is_reported_and_passed_for_each_provider_it_concerns() -> None:
    reported = {(x["code"], case["provider"]) for _, case in CASES for x in case["diagnostics"]}
    passed = {case["provider"] for _, case in CASES if case["diagnostics"] == []}

    assert {pair for pair in reported if pair[0] in WIRE_CODES} == {
        (code, provider)
        for code, providers in WIRE_CODES.items()
        if code not in TOO_LARGE_FOR_THE_SUITE
        for provider in providers
    }
    assert passed == set(PROVIDERS)


def test_the_two_suites_together_cover_every_code() -> None:
    covered = {x["code"] for _, case in CASES + TRANSCRIPT_CASES for x in case["diagnostics"]}

    assert covered == {code.value for code in DiagnosticCode} - UNREPORTED - TOO_LARGE_FOR_THE_SUITE
    assert set(WIRE_CODES) <= {code.value for code in DiagnosticCode}
    assert {code for code, providers in WIRE_CODES.items() if not providers} == UNREPORTED


def test_what_a_provider_accepts_is_a_stricter_duplicate_in_validate_transcript() -> None:
    names = dict(TRANSCRIPT_CASES)
    for name, _ in ACCEPTED:
        diagnostics = validate_transcript(names[name]["transcript"])
        assert diagnostics
        assert all("stricter than Anthropic on purpose" in d.message for d in diagnostics)


def test_suite_case_names_are_unique() -> None:
    names = [name for name, _ in CASES]

    assert len(names) == len(set(names))
