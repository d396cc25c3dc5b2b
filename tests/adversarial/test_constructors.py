"""Every constructor returns a message or raises InvalidMessageError, changes nothing the
caller holds, and accepts exactly what validate_transcript accepts for that message (a
refusal carries the code of validate_transcript's first diagnostic for it)."""

from __future__ import annotations

import pytest
from adversarial.catalogue import CONSTRUCTOR_PLACES, TRANSCRIPT_PLACES, Case, params
from adversarial.harness import assert_documented, assert_round_trip, attempt, shape_of, snapshot

import agent_ir
from agent_ir import InvalidMessageError, parse_transcript, validate_transcript


@pytest.mark.parametrize(("case", "place"), params("constructor"))
def test_a_constructor_accepts_exactly_what_validation_accepts(case: Case, place: str) -> None:
    spot = CONSTRUCTOR_PLACES[place]
    kwargs = spot.kwargs(case.build())
    before = snapshot(kwargs, heavy=case.heavy)
    built = attempt(getattr(agent_ir, spot.function), **kwargs)
    assert snapshot(kwargs, heavy=case.heavy) == before, (
        f"{spot.function} changed the caller's value"
    )
    del kwargs
    assert_documented(built, (InvalidMessageError,), spot.function)
    if built.error is None and not case.heavy:
        assert_round_trip((built.value,))

    reference = case.build()
    if place == "timestamp" and not issubclass(type(reference), str):
        return  # a datetime object is the constructors' convenience: no JSON form to compare
    transcript = TRANSCRIPT_PLACES[place](reference)
    shape = shape_of(validate_transcript(transcript), spot.index)
    if isinstance(built.error, InvalidMessageError):
        assert shape, f"{spot.function} refused what validate_transcript accepts: {built.error}"
        assert built.error.code == shape[0].code, (built.error, shape[0])
        return
    assert not shape, f"{spot.function} accepted what validate_transcript refuses: {shape[0]}"
    if not case.heavy:
        parsed = attempt(parse_transcript, TRANSCRIPT_PLACES[place](case.build()))
        if parsed.error is None:
            assert parsed.value[spot.index] == built.value
