"""FixtureProviderAdapter(fixture) is an adapter or ProviderError PROVIDER_INVALID_FIXTURE;
its streams end with a ModelResponse or a ProviderError, the same on iteration and on
result(); nothing the caller holds changes; a record behaves the same in a list and from
an async source, and tool-call arguments are accepted exactly as in a message."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from adversarial.catalogue import (
    ARGUMENTS_POINTER,
    PROVIDER_PLACES,
    RECORD_PLACES,
    TRANSCRIPT_PLACES,
    Case,
    params,
)
from adversarial.harness import Outcome, assert_documented, attempt, snapshot, under

from agent_ir import FixtureProviderAdapter, ProviderError, ProviderErrorCode, validate_transcript

from support.builders import fixture_of
from support.hostile import RecordSource

# A stream that has not ended by then is hung; its source is released.
HANG_GUARD_SECONDS = 1


@pytest.mark.parametrize(("case", "place"), params("FixtureProviderAdapter"))
async def test_the_adapter_and_its_streams_keep_the_contract_and_agree(
    case: Case, place: str
) -> None:
    by_result = await _run(PROVIDER_PLACES[place](case.build()), "result", heavy=case.heavy)
    if not case.heavy:
        by_iteration = await _run(PROVIDER_PLACES[place](case.build()), "iteration", heavy=False)
        assert _summary(by_iteration) == _summary(by_result)
    if place in RECORD_PLACES:
        source = RecordSource(RECORD_PLACES[place](case.build()))
        from_source = await _run(fixture_of(source), "result", heavy=case.heavy)
        assert _accepted(from_source) == _accepted(by_result), (
            "a list of records and an async source of the same records disagree: "
            f"{_summary(by_result)} vs {_summary(from_source)}"
        )
        if _accepted(by_result):
            assert _summary(from_source) == _summary(by_result)
    if place == "call-arguments":
        reference = validate_transcript(TRANSCRIPT_PLACES["arguments"](case.build()))
        in_message = not under(reference, ARGUMENTS_POINTER)
        assert _accepted(by_result) == in_message, (
            f"arguments valid in a message: {in_message}; in a record: {_summary(by_result)}"
        )


async def _run(fixture: Any, path: str, *, heavy: bool) -> Outcome:
    """The adapter over ``fixture``, then its first stream read by ``path``: Outcome of
    (chunks, response) or of the error; fails on any undocumented exception."""
    before = snapshot(fixture, heavy=heavy)
    made = attempt(FixtureProviderAdapter, fixture)
    assert snapshot(fixture, heavy=heavy) == before, "FixtureProviderAdapter changed the fixture"
    assert_documented(made, (ProviderError,), "FixtureProviderAdapter")
    if isinstance(made.error, ProviderError):
        assert made.error.code == ProviderErrorCode.PROVIDER_INVALID_FIXTURE, made.error
        return made
    stream = made.value.stream("request-1")
    chunks: list[Any] = []
    try:
        async with asyncio.timeout(HANG_GUARD_SECONDS):
            if path == "iteration":
                async for chunk in stream:
                    chunks.append(chunk)
            response = await stream.result()
    except ProviderError as error:
        outcome = Outcome(error=error)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:
        outcome = Outcome(error=error)
    else:
        outcome = Outcome(value=(chunks, response))
    assert snapshot(fixture, heavy=heavy) == before, "streaming changed the fixture"
    assert_documented(outcome, (ProviderError,), f"the stream ({path})")
    return outcome


def _accepted(outcome: Outcome) -> bool:
    return outcome.error is None


def _summary(outcome: Outcome) -> Any:
    """The error's code and record index, or the response (chunks differ by path)."""
    if isinstance(outcome.error, ProviderError):
        return (outcome.error.code, outcome.error.record_index)
    return outcome.value[1]
