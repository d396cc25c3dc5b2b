"""The four providers' streams on hostile SSE bytes, alone, after a valid first event
and after a whole valid stream: a ``ModelResponse`` or a ``ProviderError`` with a
documented code, never another exception; the same outcome from the sync and the async
class and in any chunking (whole, 7-byte and 1-byte pieces); after a valid stream's
terminal event nothing more is read, so its result is the valid stream's."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from adversarial.catalogue import STREAM_PLACES, Case, params, valid_stream
from adversarial.harness import describe

from agent_ir import ProviderErrorCode, to_json_value
from agent_ir.replies import ProviderError
from agent_ir.wire import (
    AnthropicStream,
    AsyncAnthropicStream,
    AsyncGeminiStream,
    AsyncMistralStream,
    AsyncOpenAIChatStream,
    AsyncOpenAIResponsesStream,
    GeminiStream,
    MistralStream,
    OpenAIChatStream,
    OpenAIResponsesStream,
)

from support.deadline import deadline, supported

PAIRS: dict[str, tuple[Any, Any]] = {
    "openai-chat": (OpenAIChatStream, AsyncOpenAIChatStream),
    "openai-responses": (OpenAIResponsesStream, AsyncOpenAIResponsesStream),
    "anthropic": (AnthropicStream, AsyncAnthropicStream),
    "gemini": (GeminiStream, AsyncGeminiStream),
    "mistral": (MistralStream, AsyncMistralStream),
}
SECONDS = 60.0  # a stream that never settles fails instead of hanging the suite


def pieces(data: bytes, size: int) -> list[bytes]:
    return [data[start : start + size] for start in range(0, len(data), size)]


def chunkings(data: bytes) -> dict[str, list[bytes]]:
    found = {"whole": [data]}
    if len(data) <= 2**20:
        found["7-byte"] = pieces(data, 7)
    if len(data) <= 2**14:
        found["1-byte"] = pieces(data, 1)
    return found


def outcome_of_sync(stream_class: Any, chunks: list[bytes]) -> Any:
    read: list[bytes] = []

    def source() -> Iterator[bytes]:
        for chunk in chunks:
            read.append(chunk)
            yield chunk

    stream = stream_class(source(), request_id="request-1")
    try:
        seen = [to_json_value(chunk) for chunk in stream]
        return ("response", seen, to_json_value(stream.result()))
    except ProviderError as error:
        return ("error", error.code)


def outcome_of_async(stream_class: Any, chunks: list[bytes]) -> Any:
    async def source() -> AsyncIterator[bytes]:
        for chunk in chunks:
            yield chunk

    async def run() -> Any:
        stream = stream_class(source(), request_id="request-1")
        try:
            seen = [to_json_value(chunk) async for chunk in stream]
            return ("response", seen, to_json_value(await stream.result()))
        except ProviderError as error:
            return ("error", error.code)

    return asyncio.run(run())


@pytest.mark.parametrize(("case", "place"), params("provider-stream"))
def test_a_hostile_stream_gives_one_documented_outcome(case: Case, place: str) -> None:
    provider, data = STREAM_PLACES[place](case.build())
    sync_class, async_class = PAIRS[provider]
    with deadline(SECONDS, what=place) if supported() else _nothing():
        outcomes = {}
        for how, chunks in chunkings(data).items():
            try:
                outcomes[f"sync {how}"] = outcome_of_sync(sync_class, chunks)
            except Exception as error:  # anything but ProviderError breaks the contract
                pytest.fail(f"the sync stream ({how}) raised {describe(error)}")
        try:
            outcomes["async whole"] = outcome_of_async(async_class, [data])
        except Exception as error:
            pytest.fail(f"the async stream raised {describe(error)}")
    first = outcomes["sync whole"]
    assert {name: value for name, value in outcomes.items() if value != first} == {}, (
        f"sync whole gave {first!r:.200}"
    )
    if first[0] == "error":
        assert first[1] in set(ProviderErrorCode)
    if case.expect is not None:
        assert first == ("error", case.expect)
    if place.endswith("-after-end"):
        assert first == outcome_of_sync(sync_class, [valid_stream(provider)]), (
            "bytes after the terminal event changed the result"
        )


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None
