"""Defects found in review, each pinned by a test that fails without its fix."""

from __future__ import annotations

import asyncio
import gc
import subprocess
import sys
import textwrap
from typing import Any

import pytest

from agent_ir import FixtureProviderAdapter, ProviderError, ProviderErrorCode
from tests.providers.test_async_sources import (
    RECORDS,
    RecordSource,
    both_errors,
    fixture_of,
    guarded,
)


def test_a_branching_cycle_in_a_record_is_reported_not_expanded() -> None:
    # Expanded level by level, [L, L] inside L doubles at every level: 2**64 values.
    # A subprocess with a deadline turns that regression into a failure, not a hang.
    program = textwrap.dedent(
        """
        from agent_ir import FixtureProviderAdapter, ProviderError
        loop = []
        loop.extend([loop, loop])
        record = {"type": "response_start", "responseId": "r", "role": "assistant", "x": loop}
        try:
            FixtureProviderAdapter({"schemaVersion": 1, "responses": [{"records": [record]}]})
        except ProviderError as error:
            print(error.code, error.message)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout == (
        "PROVIDER_INVALID_FIXTURE responses[0].records[0].x[0] cannot be copied as JSON: "
        "is a circular reference\n"
    )


def test_a_container_shared_by_two_places_copies_like_any_other() -> None:
    shared = ["x"]
    record = {"type": "text_delta", "text": "a", "extra": [shared, shared]}
    adapter = FixtureProviderAdapter({"schemaVersion": 1, "responses": [{"records": [record]}]})
    shared.append("changed later")
    assert adapter.pending_response_count == 1


@guarded
async def test_abandoned_streams_with_a_cancel_event_leave_no_task_behind() -> None:
    cancel = asyncio.Event()
    before = len(asyncio.all_tasks())
    for _ in range(50):
        source = RecordSource(RECORDS)
        stream = FixtureProviderAdapter(fixture_of(source)).stream("request-1", cancel=cancel)
        async for _chunk in stream:
            break  # abandoned: neither finished nor closed
    for _ in range(5):
        await asyncio.sleep(0)
    gc.collect()
    assert len(asyncio.all_tasks()) == before


class SourceFailure(BaseException):
    """Neither an Exception nor an interrupt: still the source's failure."""


@guarded
async def test_a_source_raising_a_base_exception_is_an_invalid_fixture_on_both_paths() -> None:
    sources: list[RecordSource] = []

    def make() -> RecordSource:
        sources.append(RecordSource(RECORDS, fail_at=1, error=SourceFailure("odd")))
        return sources[-1]

    by_iteration, by_result = await both_errors(make)
    assert (by_iteration.code, by_result.code) == (ProviderErrorCode.provider_invalid_fixture,) * 2
    assert [source.aclose_calls for source in sources] == [1, 1]


@guarded
async def test_a_source_raising_keyboard_interrupt_propagates_and_settles_the_stream() -> None:
    source = RecordSource(RECORDS, fail_at=1, error=KeyboardInterrupt())
    stream = FixtureProviderAdapter(fixture_of(source)).stream("request-1")
    with pytest.raises(KeyboardInterrupt):
        await stream.result()
    calls = source.anext_calls
    with pytest.raises(ProviderError) as again:
        await stream.result()
    assert again.value.code == ProviderErrorCode.provider_invalid_fixture
    assert source.anext_calls == calls  # settled: the source is never read again


class LyingBlank(str):
    def isspace(self) -> bool:
        return False

    def strip(self, *args: Any) -> str:
        return "not blank"


class ExplodingText(str):
    def encode(self, *args: Any, **kwargs: Any) -> bytes:
        raise RuntimeError("boom")


@pytest.mark.parametrize(
    "request_id", [LyingBlank("   "), ExplodingText("   ")], ids=["lying-blank", "exploding"]
)
def test_a_str_subclass_request_id_is_judged_as_the_plain_string(request_id: str) -> None:
    adapter = FixtureProviderAdapter(fixture_of(RECORDS))
    with pytest.raises(TypeError, match="non-empty str"):
        adapter.stream(request_id)
    assert adapter.call_count == 0


def test_a_str_subclass_request_id_is_kept_as_an_exact_str() -> None:
    adapter = FixtureProviderAdapter(fixture_of(RECORDS))
    response = asyncio.run(adapter.stream(ExplodingText("request-é")).result())
    assert type(response.request_id) is str
    assert response.request_id == "request-é"


def test_provider_errors_keep_their_fields_when_raised_twice() -> None:
    stream = FixtureProviderAdapter(fixture_of([RECORDS[0]])).stream("request-1")

    async def twice() -> list[ProviderError]:
        errors = []
        for _ in range(2):
            try:
                await stream.result()
            except ProviderError as error:
                errors.append(error)
        return errors

    first, second = asyncio.run(twice())
    assert (first.code, first.record_index) == (ProviderErrorCode.provider_missing_terminal, 1)
    assert second is first
