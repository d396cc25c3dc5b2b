"""validate_transcript never raises and writes every diagnostic; parse_transcript agrees
with it (the IR exactly when there is no diagnostic, else TranscriptError carrying the
same ones); neither changes the caller's value; the IR it returns round-trips."""

from __future__ import annotations

import pytest
from adversarial.catalogue import TRANSCRIPT_PLACES, VALID, Case, params
from adversarial.harness import (
    assert_documented,
    assert_round_trip,
    assert_writable,
    attempt,
    describe,
    snapshot,
)

from agent_ir import TranscriptError, parse_transcript, validate_transcript


@pytest.mark.parametrize(("case", "place"), params("validate_transcript"))
def test_validation_and_parsing_keep_the_contract_and_agree(case: Case, place: str) -> None:
    put = TRANSCRIPT_PLACES[place]
    transcript = put(case.build())
    before = snapshot(transcript, heavy=case.heavy)
    verdict = attempt(validate_transcript, transcript)
    assert verdict.error is None, f"validate_transcript raised {describe(verdict.error)}"
    assert_writable(verdict.value)
    assert snapshot(transcript, heavy=case.heavy) == before, (
        "validate_transcript changed the caller's value"
    )
    if case.expect is not None:
        assert (verdict.value == ()) == (case.expect == VALID), verdict.value
    del transcript

    fresh = put(case.build())
    before = snapshot(fresh, heavy=case.heavy)
    parsed = attempt(parse_transcript, fresh)
    assert snapshot(fresh, heavy=case.heavy) == before, (
        "parse_transcript changed the caller's value"
    )
    del fresh
    assert_documented(parsed, (TranscriptError,), "parse_transcript")
    if isinstance(parsed.error, TranscriptError):
        assert verdict.value != (), "parse_transcript refused what validate_transcript accepts"
        assert parsed.error.diagnostics == verdict.value
        return
    assert verdict.value == (), "parse_transcript accepted what validate_transcript refuses"
    if not case.heavy:
        assert validate_transcript(parsed.value) == ()
        assert_round_trip(parsed.value)
