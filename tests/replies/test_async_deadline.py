"""The deadline that bounds every async provider test (``support.deadline``, armed by
``tests/replies/conftest.py`` around the event loop of each async test): a wait that
never ends fails within the deadline.

These tests are synchronous and run their own loop under a short deadline, as the
conftest does for async tests, so nothing here can hang the suite.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine
from typing import Any

import pytest

from agent_ir.replies import FixtureProviderAdapter, ProviderError, ProviderErrorCode
from agent_ir.replies.parser import ResponseParser

from support.builders import RECORDS, records_of
from support.deadline import DeadlineExceeded, deadline, supported

pytestmark = pytest.mark.skipif(not supported(), reason="deadlines need SIGALRM (not on Windows)")

SHORT = 0.2
WITHOUT_END = [record for record in RECORDS if record["type"] != "response_end"]


def run_with_deadline(coroutine: Coroutine[Any, Any, Any], what: str) -> float:
    """Seconds until ``coroutine`` failed with ``DeadlineExceeded`` (any other outcome
    fails the test)."""
    started = time.monotonic()
    with pytest.raises(DeadlineExceeded) as caught, deadline(SHORT, what=what):
        asyncio.run(coroutine)
    assert str(caught.value) == f"{what} did not finish within 0.2 s"
    return time.monotonic() - started


async def _never_suspends() -> None:
    """An await that completes at once: a loop of them never yields to the event loop."""


def test_an_await_that_never_ends_fails_within_the_deadline() -> None:
    async def wait_forever() -> None:
        await asyncio.Event().wait()

    elapsed = run_with_deadline(wait_forever(), "the wait")

    assert SHORT <= elapsed < SHORT + 2


def test_a_loop_that_never_yields_to_the_event_loop_fails_within_the_deadline() -> None:
    turns = 0

    async def spin() -> None:
        nonlocal turns
        while True:
            await _never_suspends()
            turns += 1

    elapsed = run_with_deadline(spin(), "the loop")

    assert turns > 0
    assert SHORT <= elapsed < SHORT + 2


def test_a_block_that_swallows_the_alarm_still_fails_when_it_ends() -> None:
    swallowed: list[BaseException] = []

    async def careless() -> None:
        try:
            while True:
                await _never_suspends()
        except BaseException as error:  # a source catching everything
            swallowed.append(error)

    run_with_deadline(careless(), "the careless block")

    assert [type(error) for error in swallowed] == [DeadlineExceeded]


def test_an_alarm_turned_into_another_error_is_still_a_deadline_failure() -> None:
    async def converting() -> None:
        try:
            while True:
                await _never_suspends()
        except DeadlineExceeded as error:
            raise RuntimeError("converted") from error

    run_with_deadline(converting(), "the converting block")


def test_a_block_that_finishes_in_time_is_unaffected_and_the_outer_deadline_kept() -> None:
    with pytest.raises(DeadlineExceeded) as caught, deadline(1.0, what="outer"):
        with deadline(SHORT):
            asyncio.run(asyncio.sleep(0))
        time.sleep(SHORT * 1.5)  # past the inner deadline: it is gone
        time.sleep(5)  # the outer one, re-armed with what it had left, ends this

    assert str(caught.value) == "outer did not finish within 1 s"


def test_a_parser_whose_finish_returns_nothing_fails_the_stream_test_instead_of_hanging(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Without a terminal, the stream asks the parser to finish, gets no response and no
    # error, and reads again: a stream that never settles. The source is read in a task
    # of its own, so the loop yields to the event loop and an asyncio timeout ends it
    # (a signal landing inside the event loop's own callbacks could leave it waiting).
    def finish_without_response(self: ResponseParser, count: int) -> Any:
        return None

    monkeypatch.setattr(ResponseParser, "finish", finish_without_response)
    fixture = {"schemaVersion": 1, "responses": [{"records": records_of(WITHOUT_END)}]}

    async def settle() -> Any:
        return await asyncio.wait_for(
            FixtureProviderAdapter(fixture).stream("request-1").result(), SHORT
        )

    started = time.monotonic()
    with pytest.raises(TimeoutError):
        asyncio.run(settle())
    assert time.monotonic() - started < SHORT + 2


async def test_the_same_stream_with_the_real_parser_is_a_missing_terminal() -> None:
    fixture = {"schemaVersion": 1, "responses": [{"records": records_of(WITHOUT_END)}]}

    with pytest.raises(ProviderError) as caught:
        await FixtureProviderAdapter(fixture).stream("request-1").result()

    assert (caught.value.code, caught.value.record_index) == (
        ProviderErrorCode.PROVIDER_MISSING_TERMINAL,
        3,
    )
