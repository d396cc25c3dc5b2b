"""Async record sources: claiming, reuse, source failures, closing and cancellation."""

from __future__ import annotations

import asyncio
import functools
import gc
from collections.abc import Awaitable, Callable, Iterator, Mapping
from typing import Any

import pytest

from agent_ir.replies import FixtureProviderAdapter, ModelStream, ProviderError, ProviderErrorCode

from support.builders import END, RECORDS, START, fixture_of, records_of
from support.hostile import RecordSource, SourceFailure, self_referencing

Code = ProviderErrorCode

# Enough event-loop turns for an interrupted wait to finish; a timed sleep or a
# polling loop with a delay would still be pending after them.
LOOP_TURNS = 10
# A broken interruption would block a test forever; this turns a hang into a failure.
HANG_GUARD_SECONDS = 10


def guarded(test: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """Run an async test under ``asyncio.timeout(HANG_GUARD_SECONDS)``."""

    @functools.wraps(test)
    async def run(*args: Any, **kwargs: Any) -> None:
        async with asyncio.timeout(HANG_GUARD_SECONDS):
            await test(*args, **kwargs)

    return run


def stream_of(source: object, cancel: asyncio.Event | None = None) -> ModelStream:
    return FixtureProviderAdapter(fixture_of(source)).stream("request-1", cancel=cancel)


async def gather_chunks(stream: ModelStream) -> tuple[list[Any], ProviderError | None]:
    chunks: list[Any] = []
    try:
        async for chunk in stream:
            chunks.append(chunk)
    except ProviderError as error:
        return chunks, error
    return chunks, None


async def both_errors(make_source: Any) -> tuple[ProviderError, ProviderError]:
    _, by_iteration = await gather_chunks(stream_of(make_source()))
    with pytest.raises(ProviderError) as by_result:
        await stream_of(make_source()).result()
    assert by_iteration is not None
    return by_iteration, by_result.value


def summary(error: ProviderError | None) -> tuple[Any, ...] | None:
    return None if error is None else (error.code, error.record_index, error.provider_code)


# -- sources that work ----------------------------------------------------------------


async def test_an_async_generator_source_streams_like_a_list() -> None:
    stream = stream_of(records_of(RECORDS))
    chunks, error = await gather_chunks(stream)
    assert ([chunk.delta for chunk in chunks], error) == (["a", "b"], None)
    assert (await stream.result()).id == "response-1"


async def test_the_value_of_stop_async_iteration_is_ignored_and_a_finished_source_is_not_closed() -> (
    None
):
    source = RecordSource(RECORDS)
    response = await stream_of(source).result()
    assert [block.text for block in response.message.content] == ["a", "b"]  # type: ignore[union-attr]
    assert (source.aiter_calls, source.anext_calls, source.aclose_calls) == (1, 5, 0)


async def test_a_reusable_async_iterable_gives_every_stream_a_fresh_iterator() -> None:
    class Reusable:
        def __init__(self) -> None:
            self.iterators: list[RecordSource] = []

        def __aiter__(self) -> RecordSource:
            self.iterators.append(RecordSource(RECORDS))
            return self.iterators[-1]

    reusable = Reusable()
    fixture = fixture_of(reusable, reusable)
    for adapter in (FixtureProviderAdapter(fixture), FixtureProviderAdapter(fixture)):
        for request_id in ("request-1", "request-2"):
            assert (await adapter.stream(request_id).result()).request_id == request_id
    assert len(reusable.iterators) == 4
    assert [iterator.anext_calls for iterator in reusable.iterators] == [5, 5, 5, 5]


# -- iterator reuse -------------------------------------------------------------------


async def test_an_iterator_consumed_by_another_adapter_is_reused_and_left_untouched() -> None:
    source = RecordSource(RECORDS)
    fixture = fixture_of(source)
    await FixtureProviderAdapter(fixture).stream("request-1").result()
    touched = (source.anext_calls, source.aclose_calls)
    stream = FixtureProviderAdapter(fixture).stream("request-2")
    chunks, by_iteration = await gather_chunks(stream)
    with pytest.raises(ProviderError) as by_result:
        await FixtureProviderAdapter(fixture).stream("request-3").result()
    assert chunks == []
    assert (
        summary(by_iteration)
        == summary(by_result.value)
        == (Code.PROVIDER_ITERATOR_REUSED, None, None)
    )
    assert (source.anext_calls, source.aclose_calls) == touched == (5, 0)


async def test_a_stream_refusing_a_reused_iterator_leaves_it_to_the_stream_that_claimed_it() -> (
    None
):
    source = RecordSource(RECORDS)
    fixture = fixture_of(source)
    first = FixtureProviderAdapter(fixture).stream("request-1")
    assert (await first.__anext__()).delta == "a"  # type: ignore[union-attr]
    with pytest.raises(ProviderError) as refused:
        await FixtureProviderAdapter(fixture).stream("request-2").result()
    assert refused.value.code == Code.PROVIDER_ITERATOR_REUSED
    assert (source.anext_calls, source.aclose_calls) == (2, 0)
    assert [chunk.delta async for chunk in first] == ["b"]  # type: ignore[union-attr]
    assert (await first.result()).id == "response-1"


async def test_one_iterator_for_two_responses_of_one_adapter_is_reused_by_the_second() -> None:
    source = RecordSource(RECORDS)
    adapter = FixtureProviderAdapter(fixture_of(source, source))
    assert (await adapter.stream("request-1").result()).id == "response-1"
    with pytest.raises(ProviderError) as caught:
        await adapter.stream("request-2").result()
    assert summary(caught.value) == (Code.PROVIDER_ITERATOR_REUSED, None, None)
    assert (source.aiter_calls, source.anext_calls, source.aclose_calls) == (2, 5, 0)


async def test_an_async_generator_object_in_two_adapters_is_reused_by_the_second() -> None:
    fixture = fixture_of(records_of(RECORDS))
    assert (await FixtureProviderAdapter(fixture).stream("request-1").result()).id == "response-1"
    with pytest.raises(ProviderError) as caught:
        await FixtureProviderAdapter(fixture).stream("request-2").result()
    assert caught.value.code == Code.PROVIDER_ITERATOR_REUSED


# -- failures of the source -----------------------------------------------------------


class AiterRaises:
    def __aiter__(self) -> Any:
        raise RuntimeError("no iterator today")


class AiterReturns:
    def __init__(self, value: object) -> None:
        self.value = value

    def __aiter__(self) -> Any:
        return self.value


class NoAnext:
    pass


@pytest.mark.parametrize(
    "make_source",
    [
        AiterRaises,
        lambda: AiterReturns(5),
        lambda: AiterReturns(NoAnext()),
        lambda: AiterReturns(iter(RECORDS)),
    ],
    ids=["aiter-raises", "returns-int", "returns-object-without-anext", "returns-sync-iterator"],
)
async def test_an_aiter_that_raises_or_returns_a_non_iterator_is_an_invalid_fixture(
    make_source: Any,
) -> None:
    by_iteration, by_result = await both_errors(make_source)
    assert (
        summary(by_iteration) == summary(by_result) == (Code.PROVIDER_INVALID_FIXTURE, None, None)
    )


async def test_an_anext_that_raises_is_an_invalid_fixture_after_the_chunks_before_it_and_closes_the_source() -> (
    None
):
    source = RecordSource(RECORDS, fail_at=2, error=RuntimeError("connection reset"))
    chunks, error = await gather_chunks(stream_of(source))
    assert [chunk.delta for chunk in chunks] == ["a"]
    assert summary(error) == (Code.PROVIDER_INVALID_FIXTURE, None, None)
    assert (source.anext_calls, source.aclose_calls) == (3, 1)
    with pytest.raises(ProviderError) as by_result:
        await stream_of(RecordSource(RECORDS, fail_at=2, error=RuntimeError("reset"))).result()
    assert summary(by_result.value) == (Code.PROVIDER_INVALID_FIXTURE, None, None)


async def test_a_provider_error_raised_by_the_source_is_never_trusted() -> None:
    forged = ProviderError(
        Code.PROVIDER_TRANSPORT_ERROR, "forged", record_index=1, provider_code="forged-code"
    )
    by_iteration, by_result = await both_errors(
        lambda: RecordSource(RECORDS, fail_at=1, error=forged)
    )
    for error in (by_iteration, by_result):
        assert error is not forged
        assert summary(error) == (Code.PROVIDER_INVALID_FIXTURE, None, None)


async def test_an_anext_returning_a_non_awaitable_is_an_invalid_fixture() -> None:
    class SyncAnext:
        def __aiter__(self) -> SyncAnext:
            return self

        def __anext__(self) -> Any:
            return START

    by_iteration, by_result = await both_errors(SyncAnext)
    assert (
        summary(by_iteration) == summary(by_result) == (Code.PROVIDER_INVALID_FIXTURE, None, None)
    )


@pytest.mark.parametrize(
    "record",
    [
        {"type": "text_delta", "text": b"x"},
        {"type": "text_delta", "text": {1, 2}},
        {2: "x"},
        self_referencing({"type": "text_delta"}, "self"),
        object(),
    ],
    ids=["bytes", "set", "int-key", "cycle", "object"],
)
async def test_an_async_record_that_cannot_be_copied_as_json_is_an_invalid_event_at_its_index(
    record: object,
) -> None:
    source = RecordSource([START, {"type": "text_delta", "text": "a"}, record, END])
    chunks, error = await gather_chunks(stream_of(source))
    assert [chunk.delta for chunk in chunks] == ["a"]
    assert summary(error) == (Code.PROVIDER_INVALID_EVENT, 2, None)
    assert (source.anext_calls, source.aclose_calls) == (3, 1)
    with pytest.raises(ProviderError) as by_result:
        await stream_of(RecordSource([START, record, END])).result()
    assert summary(by_result.value) == (Code.PROVIDER_INVALID_EVENT, 1, None)


async def test_a_hostile_async_record_is_an_invalid_event_even_when_it_raises_a_provider_error() -> (
    None
):
    class Hostile(Mapping[str, Any]):
        def __getitem__(self, key: str) -> Any:
            raise ProviderError(Code.PROVIDER_EXHAUSTED, "forged")

        def __iter__(self) -> Iterator[str]:
            raise ProviderError(Code.PROVIDER_EXHAUSTED, "forged")

        def __len__(self) -> int:
            return 1

    source = RecordSource([START, Hostile(), END])
    chunks, error = await gather_chunks(stream_of(source))
    assert (chunks, summary(error)) == ([], (Code.PROVIDER_INVALID_EVENT, 1, None))
    assert source.aclose_calls == 1


async def test_a_dict_subclass_record_is_copied_through_the_base_type() -> None:
    class Overriding(dict[str, Any]):
        def items(self) -> Any:
            raise AssertionError("overridden items called")

        def get(self, key: str, default: Any = None) -> Any:
            raise AssertionError("overridden get called")

    chunks, error = await gather_chunks(
        stream_of(RecordSource([START, Overriding(type="text_delta", text="ok"), END]))
    )
    assert ([chunk.delta for chunk in chunks], error) == (["ok"], None)


async def test_a_parse_error_stops_reading_and_closes_the_source_once() -> None:
    source = RecordSource(
        [START, {"type": "mystery"}, {"type": "text_delta", "text": "never"}, END]
    )
    chunks, error = await gather_chunks(stream_of(source))
    assert (chunks, summary(error)) == ([], (Code.PROVIDER_UNKNOWN_EVENT, 1, None))
    assert (source.anext_calls, source.aclose_calls) == (2, 1)


async def test_a_failing_aclose_of_the_source_is_ignored() -> None:
    source = RecordSource([START, {"type": "mystery"}], aclose_error=RuntimeError("close failed"))
    with pytest.raises(ProviderError) as caught:
        await stream_of(source).result()
    assert summary(caught.value) == (Code.PROVIDER_UNKNOWN_EVENT, 1, None)
    assert source.aclose_calls == 1


async def test_a_source_without_aclose_is_stopped_without_error() -> None:
    class Plain:
        def __init__(self) -> None:
            self.items = iter([START, {"type": "mystery"}])

        def __aiter__(self) -> Plain:
            return self

        async def __anext__(self) -> Any:
            return next(self.items)

    with pytest.raises(ProviderError) as caught:
        await stream_of(Plain()).result()
    assert summary(caught.value) == (Code.PROVIDER_UNKNOWN_EVENT, 1, None)


@guarded
async def test_a_source_raising_a_base_exception_is_an_invalid_fixture_on_both_paths() -> None:
    sources: list[RecordSource] = []

    def make() -> RecordSource:
        sources.append(RecordSource(RECORDS, fail_at=1, error=SourceFailure("odd")))
        return sources[-1]

    by_iteration, by_result = await both_errors(make)
    assert (by_iteration.code, by_result.code) == (ProviderErrorCode.PROVIDER_INVALID_FIXTURE,) * 2
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
    assert again.value.code == ProviderErrorCode.PROVIDER_INVALID_FIXTURE
    assert source.anext_calls == calls  # settled: the source is never read again


# -- closing the stream ---------------------------------------------------------------


async def test_aclose_stops_early_closes_the_source_once_and_cancels_both_paths() -> None:
    source = RecordSource(RECORDS)
    stream = stream_of(source)
    assert (await stream.__anext__()).delta == "a"  # type: ignore[union-attr]
    await stream.aclose()
    await stream.aclose()
    assert (source.anext_calls, source.aclose_calls) == (2, 1)
    with pytest.raises(ProviderError) as by_iteration:
        await stream.__anext__()
    with pytest.raises(ProviderError) as by_result:
        await stream.result()
    assert by_iteration.value is by_result.value
    assert summary(by_result.value) == (Code.PROVIDER_CANCELLED, None, None)


async def test_leaving_async_with_early_closes_the_source() -> None:
    source = RecordSource(RECORDS)
    async with stream_of(source) as stream:
        async for chunk in stream:
            assert chunk.delta == "a"  # type: ignore[union-attr]
            break
    assert (source.anext_calls, source.aclose_calls) == (2, 1)


async def test_aclose_before_reading_never_touches_the_source() -> None:
    source = RecordSource(RECORDS)
    stream = stream_of(source)
    await stream.aclose()
    assert (source.aiter_calls, source.anext_calls, source.aclose_calls) == (0, 0, 0)
    with pytest.raises(ProviderError) as caught:
        await stream.result()
    assert caught.value.code == Code.PROVIDER_CANCELLED


@guarded
async def test_aclose_from_another_task_ends_a_pending_wait_at_once() -> None:
    source = RecordSource(RECORDS, block_at=2)
    stream = stream_of(source)
    consumer = asyncio.ensure_future(gather_chunks(stream))
    await source.blocked.wait()
    await stream.aclose()
    chunks, error = await consumer
    assert ([chunk.delta for chunk in chunks], summary(error)) == (
        ["a"],
        (Code.PROVIDER_CANCELLED, None, None),
    )
    assert (source.wait_interrupted, source.release.is_set(), source.aclose_calls) == (
        True,
        False,
        1,
    )


# -- cancellation ---------------------------------------------------------------------


@pytest.mark.parametrize("path", ["iteration", "result"])
@guarded
async def test_cancel_set_while_a_record_is_awaited_ends_the_wait_at_once_and_closes_the_source(
    path: str,
) -> None:
    source = RecordSource(RECORDS, block_at=2)
    cancel = asyncio.Event()
    stream = stream_of(source, cancel)

    async def consume() -> tuple[list[Any], ProviderError | None]:
        if path == "iteration":
            return await gather_chunks(stream)
        try:
            await stream.result()
        except ProviderError as error:
            return [], error
        return [], None

    consumer = asyncio.ensure_future(consume())
    await source.blocked.wait()
    assert not consumer.done()

    async def set_cancel() -> None:
        cancel.set()

    await asyncio.ensure_future(set_cancel())
    for _ in range(LOOP_TURNS):
        await asyncio.sleep(0)
    assert consumer.done()
    chunks, error = consumer.result()
    assert summary(error) == (Code.PROVIDER_CANCELLED, None, None)
    assert [chunk.delta for chunk in chunks] == (["a"] if path == "iteration" else [])
    assert (source.wait_interrupted, source.release.is_set(), source.aclose_calls) == (
        True,
        False,
        1,
    )
    with pytest.raises(ProviderError) as again:
        await stream.result()
    assert again.value is error
    assert asyncio.all_tasks() == {asyncio.current_task()}


async def test_cancel_set_between_records_stops_before_the_next_record() -> None:
    source = RecordSource(RECORDS)
    cancel = asyncio.Event()
    stream = stream_of(source, cancel)
    assert (await stream.__anext__()).delta == "a"  # type: ignore[union-attr]
    cancel.set()
    with pytest.raises(ProviderError) as caught:
        await stream.__anext__()
    assert summary(caught.value) == (Code.PROVIDER_CANCELLED, None, None)
    assert (source.anext_calls, source.aclose_calls) == (2, 1)


async def test_cancel_set_after_stream_before_reading_never_opens_the_source() -> None:
    source = RecordSource(RECORDS)
    cancel = asyncio.Event()
    stream = stream_of(source, cancel)
    cancel.set()
    with pytest.raises(ProviderError) as caught:
        await stream.result()
    assert caught.value.code == Code.PROVIDER_CANCELLED
    assert (source.aiter_calls, source.anext_calls, source.aclose_calls) == (0, 0, 0)


async def test_a_finished_stream_with_a_cancel_event_leaves_no_task_behind() -> None:
    cancel = asyncio.Event()
    stream = stream_of(RecordSource(RECORDS), cancel)
    assert [chunk.delta async for chunk in stream] == ["a", "b"]  # type: ignore[union-attr]
    await asyncio.sleep(0)
    assert asyncio.all_tasks() == {asyncio.current_task()}
    cancel.set()
    assert (await stream.result()).id == "response-1"


@guarded
async def test_cancelling_the_consuming_task_closes_the_source_and_propagates_cancelled_error() -> (
    None
):
    source = RecordSource(RECORDS, block_at=2)
    stream = stream_of(source, asyncio.Event())
    consumer = asyncio.ensure_future(stream.result())
    await source.blocked.wait()
    consumer.cancel()
    with pytest.raises(asyncio.CancelledError):
        await consumer
    assert consumer.cancelled()
    assert (source.wait_interrupted, source.aclose_calls) == (True, 1)
    with pytest.raises(ProviderError) as caught:
        await stream.result()
    assert summary(caught.value) == (Code.PROVIDER_CANCELLED, None, None)


@guarded
async def test_cancelling_the_consuming_task_without_a_cancel_event_also_closes_the_source() -> (
    None
):
    source = RecordSource(RECORDS, block_at=1)
    stream = stream_of(source)
    consumer = asyncio.ensure_future(gather_chunks(stream))
    await source.blocked.wait()
    consumer.cancel()
    with pytest.raises(asyncio.CancelledError):
        await consumer
    assert source.aclose_calls == 1


@guarded
async def test_a_task_cancelled_from_outside_during_a_cancel_event_interrupt_still_propagates() -> (
    None
):
    source = RecordSource(RECORDS, block_at=1)
    cancel = asyncio.Event()
    stream = stream_of(source, cancel)
    consumer = asyncio.ensure_future(stream.result())
    await source.blocked.wait()
    cancel.set()
    consumer.cancel()
    with pytest.raises(asyncio.CancelledError):
        await consumer
    assert source.aclose_calls == 1


@guarded
async def test_concurrent_iteration_and_result_share_one_reading_of_the_source() -> None:
    source = RecordSource(RECORDS, block_at=1)
    stream = stream_of(source)
    iterating = asyncio.ensure_future(gather_chunks(stream))
    awaiting = asyncio.ensure_future(stream.result())
    await source.blocked.wait()
    source.release.set()
    chunks, error = await iterating
    response = await awaiting
    assert ([chunk.delta for chunk in chunks], error) == (["a", "b"], None)
    assert response.id == "response-1"
    assert (source.anext_calls, source.aclose_calls) == (5, 0)


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


# -- sources that fight cancellation ----------------------------------------------------


class SwallowingSource:
    """Never yields a record: each ``__anext__`` waits on ``release`` and swallows every
    cancellation it gets while waiting (``release`` lets a test end it)."""

    def __init__(self) -> None:
        self.waiting = asyncio.Event()
        self.release = asyncio.Event()
        self.cancellations = 0

    def __aiter__(self) -> SwallowingSource:
        return self

    async def __anext__(self) -> Any:
        self.waiting.set()
        while not self.release.is_set():
            try:
                await self.release.wait()
            except asyncio.CancelledError:
                self.cancellations += 1
        raise StopAsyncIteration


@guarded
async def test_setting_cancel_ends_the_wait_even_when_the_source_swallows_its_cancellation() -> (
    None
):
    source, cancel = SwallowingSource(), asyncio.Event()
    waiting = asyncio.ensure_future(stream_of(source, cancel).result())
    await source.waiting.wait()
    cancel.set()
    for _ in range(LOOP_TURNS * 2):
        await asyncio.sleep(0)
    assert waiting.done()
    with pytest.raises(ProviderError) as caught:
        await waiting
    assert caught.value.code == Code.PROVIDER_CANCELLED
    assert source.cancellations == 1  # the read was cancelled once, then abandoned
    source.release.set()


@guarded
async def test_wait_for_times_out_even_when_the_source_swallows_its_cancellation() -> None:
    source = SwallowingSource()
    stream = stream_of(source)
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(stream.result(), 0.05)
    with pytest.raises(ProviderError) as caught:
        await stream.result()
    assert caught.value.code == Code.PROVIDER_CANCELLED
    assert source.cancellations == 1
    source.release.set()


@guarded
async def test_aclose_ends_a_wait_on_a_source_that_swallows_its_cancellation() -> None:
    source = SwallowingSource()
    stream = stream_of(source)
    waiting = asyncio.ensure_future(stream.result())
    await source.waiting.wait()
    await stream.aclose()
    with pytest.raises(ProviderError) as caught:
        await waiting
    assert caught.value.code == Code.PROVIDER_CANCELLED
    source.release.set()


@guarded
async def test_a_cancelled_error_raised_by_the_source_itself_is_an_invalid_fixture() -> None:
    source = RecordSource(RECORDS, fail_at=1, error=asyncio.CancelledError())
    chunks, by_iteration = await gather_chunks(stream_of(source))
    assert [chunk.delta for chunk in chunks] == []
    assert by_iteration is not None
    assert by_iteration.code == Code.PROVIDER_INVALID_FIXTURE
    assert "CancelledError" in by_iteration.message
    task = asyncio.current_task()
    assert task is not None
    assert task.cancelling() == 0  # nobody cancelled this task
    assert source.aclose_calls == 1
