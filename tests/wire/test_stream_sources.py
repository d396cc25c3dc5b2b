"""What a provider stream's source may raise: GeneratorExit and a CancelledError the
source raises by itself are its failures (PROVIDER_TRANSPORT_ERROR, after the chunks
before them), never an escaping exception or a fixture code; a cancellation of the
consuming task stays a cancellation (issue 20)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from agent_ir.replies import ProviderError, ProviderErrorCode
from agent_ir.wire import AsyncOpenAIChatStream, OpenAIChatStream

Code = ProviderErrorCode
FIRST = {"id": "c1", "object": "chat.completion.chunk", "choices": [{"delta": {"content": "a"}}]}


def sync_source(failure: BaseException) -> Iterator[Any]:
    yield FIRST
    raise failure


async def async_source(failure: BaseException) -> AsyncIterator[Any]:
    yield FIRST
    raise failure


@pytest.mark.parametrize("failure", [GeneratorExit(), ConnectionResetError("reset")])
def test_a_sync_source_raising_generator_exit_is_a_transport_error(
    failure: BaseException,
) -> None:
    stream = OpenAIChatStream(sync_source(failure), request_id="r")
    chunks = []
    with pytest.raises(ProviderError) as caught:
        for chunk in stream:
            chunks.append(chunk)
    assert [chunk.delta for chunk in chunks] == ["a"]  # type: ignore[union-attr]
    assert (caught.value.code, caught.value.record_index) == (Code.PROVIDER_TRANSPORT_ERROR, 1)
    assert caught.value.message.startswith("the stream failed: ")


@pytest.mark.parametrize(
    "failure", [GeneratorExit(), asyncio.CancelledError(), ConnectionResetError("reset")]
)
async def test_an_async_source_raising_by_itself_is_a_transport_error(
    failure: BaseException,
) -> None:
    stream = AsyncOpenAIChatStream(async_source(failure), request_id="r")
    chunks = []
    with pytest.raises(ProviderError) as caught:
        async for chunk in stream:
            chunks.append(chunk)
    assert [chunk.delta for chunk in chunks] == ["a"]  # type: ignore[union-attr]
    assert (caught.value.code, caught.value.record_index) == (Code.PROVIDER_TRANSPORT_ERROR, 1)
    current = asyncio.current_task()
    assert current is not None
    assert current.cancelling() == 0


async def test_cancelling_the_consuming_task_is_still_a_cancellation() -> None:
    closed: list[str] = []

    async def waiting() -> AsyncIterator[Any]:
        try:
            yield FIRST
            await asyncio.Event().wait()
        finally:
            closed.append("closed")

    stream = AsyncOpenAIChatStream(waiting(), request_id="r")

    async def consume() -> None:
        async for _ in stream:
            pass

    task = asyncio.get_running_loop().create_task(consume())
    await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    with pytest.raises(ProviderError) as caught:
        await stream.result()
    assert caught.value.code is Code.PROVIDER_CANCELLED
    assert closed == ["closed"]
