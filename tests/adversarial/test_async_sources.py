"""Async record sources that hang, swallow cancellation, fail on aclose, raise
CancelledError themselves or return non-awaitables: each stream ends with the expected
ProviderError code (or its response), on iteration and on result(); setting ``cancel``
ends a stream at once whatever the source does."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from adversarial.catalogue import Case, params
from adversarial.harness import Outcome, assert_documented, describe

from agent_ir import FixtureProviderAdapter, ProviderError, ProviderErrorCode

from support.builders import fixture_of
from support.hostile import EndlessSource, RecordSource

HANG_GUARD_SECONDS = 1
# Records an endless source gives before the cancel event is set.
ENDLESS_BEFORE_CANCEL = 100


@pytest.mark.parametrize("path", ["iteration", "result"])
@pytest.mark.parametrize(("case", "place"), params("async-source"))
async def test_a_hostile_source_ends_its_stream_with_the_expected_outcome(
    case: Case, place: str, path: str
) -> None:
    source = case.build()
    cancel = asyncio.Event()
    stream = FixtureProviderAdapter(fixture_of(source)).stream("request-1", cancel=cancel)
    consumer = asyncio.ensure_future(_consume(stream, path))
    try:
        if case.expect == ProviderErrorCode.PROVIDER_CANCELLED:
            await _when_reading(source, consumer)
            cancel.set()
        try:
            async with asyncio.timeout(HANG_GUARD_SECONDS):
                outcome = await asyncio.shield(consumer)
        except TimeoutError:
            pytest.fail(f"the stream did not end within {HANG_GUARD_SECONDS} s")
    finally:
        await _release(source, consumer)
    assert_documented(outcome, (ProviderError,), f"the stream ({path})")
    if case.expect is None:
        assert outcome.error is None
        return
    assert isinstance(outcome.error, ProviderError)
    assert outcome.error.code == case.expect, describe(outcome.error)
    with pytest.raises(ProviderError) as again:
        await stream.result()
    assert again.value is outcome.error


async def _consume(stream: Any, path: str) -> Outcome:
    try:
        if path == "iteration":
            async for _ in stream:
                pass
        return Outcome(value=await stream.result())
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:
        return Outcome(error=error)


async def _when_reading(source: Any, consumer: asyncio.Future[Any]) -> None:
    """Return once the source is waiting inside ``__anext__`` (or has given
    ``ENDLESS_BEFORE_CANCEL`` records), or the stream ended."""
    if isinstance(source, EndlessSource):
        while source.produced < ENDLESS_BEFORE_CANCEL and not consumer.done():
            await asyncio.sleep(0)
        return
    assert isinstance(source, RecordSource)
    blocked = asyncio.ensure_future(source.blocked.wait())
    await asyncio.wait([blocked, consumer], return_when=asyncio.FIRST_COMPLETED)
    blocked.cancel()


async def _release(source: Any, consumer: asyncio.Future[Any]) -> None:
    """Let a hung source and a hung consumer end, so that no task outlives the test."""
    if isinstance(source, RecordSource):
        source.release.set()
    consumer.cancel()
    for _ in range(10):
        await asyncio.sleep(0)
