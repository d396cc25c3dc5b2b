"""A line of the stream, or the data of one event, over ``max_event_bytes`` is refused
as soon as it passes the limit (issue 20: a 128 MB ``data:`` line without a newline
took 420 MB, a comment line of that size 289 MB): the decoder raises ``SseTooLarge``,
a stream fails with PROVIDER_EVENT_TOO_LARGE after the chunks of the events before it,
and neither holds much more than the limit, in any chunking; comment lines are dropped
as they arrive."""

from __future__ import annotations

import asyncio
import tracemalloc
from collections.abc import AsyncIterator, Iterable, Iterator
from typing import Any

import pytest

from agent_ir import ProviderError, ProviderErrorCode
from agent_ir.wire import (
    MAX_EVENT_BYTES,
    AnthropicStream,
    AsyncAnthropicStream,
    AsyncGeminiStream,
    AsyncOpenAIChatStream,
    AsyncOpenAIResponsesStream,
    GeminiStream,
    OpenAIChatStream,
    OpenAIResponsesStream,
)
from agent_ir.wire._sse import SseDecoder, SseEvent, SseTooLarge

LIMIT = 1000
HI = b'data: {"id":"c1","choices":[{"delta":{"content":"hi"}}]}\n\n'
MIB = 1024 * 1024


def feed_all(decoder: SseDecoder, pieces: Iterable[bytes]) -> list[SseEvent]:
    events: list[SseEvent] = []
    for piece in pieces:
        events += decoder.feed(piece)
    return events + decoder.end()


def by_byte(body: bytes) -> list[bytes]:
    return [bytes([byte]) for byte in body]


def test_the_default_limit_is_32_mib() -> None:
    assert MAX_EVENT_BYTES == 33_554_432  # 32 MiB
    assert SseDecoder()._limit == MAX_EVENT_BYTES


@pytest.mark.parametrize("split", [False, True], ids=["one-chunk", "byte-by-byte"])
def test_a_line_of_exactly_the_limit_is_read_and_one_byte_more_refused(split: bool) -> None:
    value = "x" * (LIMIT - len("data: "))
    exact = f"data: {value}\n\n".encode()
    assert feed_all(SseDecoder(LIMIT), by_byte(exact) if split else [exact]) == [
        SseEvent("message", value)
    ]
    over = f"data: {value}y\n\n".encode()
    with pytest.raises(SseTooLarge, match=r"a line of the stream is over 1000 bytes"):
        feed_all(SseDecoder(LIMIT), by_byte(over) if split else [over])


def test_a_line_that_never_ends_is_refused_when_it_passes_the_limit() -> None:
    decoder = SseDecoder(LIMIT)
    assert decoder.feed(b"data: " + b"x" * (LIMIT - 6)) == []
    with pytest.raises(SseTooLarge):
        decoder.feed(b"x")


def test_the_limit_counts_utf8_bytes_not_characters() -> None:
    # 400 three-byte characters: 406 characters, 1206 bytes.
    line = ("data: " + "\u20ac" * 400 + "\n\n").encode()
    with pytest.raises(SseTooLarge):
        feed_all(SseDecoder(LIMIT), by_byte(line))
    assert feed_all(SseDecoder(2 * LIMIT), [line]) == [SseEvent("message", "\u20ac" * 400)]


@pytest.mark.parametrize("split", [False, True], ids=["one-chunk", "byte-by-byte"])
def test_an_event_whose_data_lines_together_pass_the_limit_is_refused(split: bool) -> None:
    line = b"data: " + b"x" * 400 + b"\n"  # each line well under the limit
    body = line * 2 + b"\n" + line * 3 + b"\n"
    decoder = SseDecoder(LIMIT)
    with pytest.raises(SseTooLarge, match=r"the data of an event is over 1000 bytes") as caught:
        feed_all(decoder, by_byte(body) if split else [body])
    if not split:  # the first event, complete before the refusal, comes with it
        assert caught.value.events == [SseEvent("message", "x" * 400 + "\n" + "x" * 400)]


@pytest.mark.parametrize("split", [False, True], ids=["one-chunk", "byte-by-byte"])
def test_a_comment_line_over_the_limit_is_refused_and_smaller_ones_skipped(split: bool) -> None:
    small = b": " + b"k" * (LIMIT - 2) + b"\n"
    body = small + b"data: 1\n\n" + small
    assert feed_all(SseDecoder(LIMIT), by_byte(body) if split else [body]) == [
        SseEvent("message", "1")
    ]
    big = b":" + b"k" * LIMIT + b"\ndata: 1\n\n"
    with pytest.raises(SseTooLarge, match="a line of the stream"):
        feed_all(SseDecoder(LIMIT), by_byte(big) if split else [big])


def test_a_comment_line_is_dropped_as_it_arrives_not_kept() -> None:
    decoder = SseDecoder(LIMIT)
    decoder.feed(b": a comment ")
    decoder.feed(b"still the comment")
    assert decoder._parts == []  # counted, not kept
    assert decoder.feed(b"\ndata: 2\n\n") == [SseEvent("message", "2")]


def _peak_while(function: Any) -> tuple[int, Any]:
    tracemalloc.start()
    try:
        outcome = function()
        return tracemalloc.get_traced_memory()[1], outcome
    finally:
        tracemalloc.stop()


def _repeated(piece: bytes, count: int) -> Iterator[bytes]:
    for _ in range(count):
        yield piece


@pytest.mark.parametrize("prefix", [b"data: ", b": "], ids=["data", "comment"])
def test_a_line_past_the_limit_fed_in_chunks_holds_about_the_limit(prefix: bytes) -> None:
    chunk = b"x" * (64 * 1024)

    def read() -> ProviderError:
        source = _repeated(chunk, 4 * MIB // len(chunk))  # 4 MIB, never ending the line
        stream = OpenAIChatStream([prefix, *source], request_id="r", max_event_bytes=MIB)
        with pytest.raises(ProviderError) as caught:
            stream.result()
        return caught.value

    peak, error = _peak_while(read)
    assert error.code is ProviderErrorCode.PROVIDER_EVENT_TOO_LARGE
    limit = MIB if prefix == b"data: " else 128 * 1024  # a comment is not even kept
    assert peak < limit + 512 * 1024, peak


def test_a_line_just_over_the_default_limit_holds_about_the_limit() -> None:
    chunk = b"x" * (256 * 1024)
    chunks = MAX_EVENT_BYTES // len(chunk) + 1

    def read() -> ProviderError:
        stream = OpenAIChatStream([b"data: ", *_repeated(chunk, chunks)], request_id="r")
        with pytest.raises(ProviderError) as caught:
            stream.result()
        return caught.value

    peak, error = _peak_while(read)
    assert error.code is ProviderErrorCode.PROVIDER_EVENT_TOO_LARGE
    assert peak < MAX_EVENT_BYTES + 4 * MIB, peak


def test_one_huge_chunk_is_refused_after_about_the_limit() -> None:
    body = b"data: " + b"x" * (16 * MIB)  # one chunk, made before the measure

    def read() -> ProviderError:
        with pytest.raises(ProviderError) as caught:
            OpenAIChatStream([body], request_id="r", max_event_bytes=MIB).result()
        return caught.value

    peak, error = _peak_while(read)
    assert error.code is ProviderErrorCode.PROVIDER_EVENT_TOO_LARGE
    assert peak < 4 * MIB, peak


SYNC = [OpenAIChatStream, OpenAIResponsesStream, AnthropicStream, GeminiStream]
ASYNC = [
    AsyncOpenAIChatStream,
    AsyncOpenAIResponsesStream,
    AsyncAnthropicStream,
    AsyncGeminiStream,
]
HUGE = b"data: " + b"x" * (2 * LIMIT) + b"\n\n"


def _pieces(body: bytes, split: bool) -> list[bytes]:
    return by_byte(body) if split else [body]


@pytest.mark.parametrize("split", [False, True], ids=["one-chunk", "byte-by-byte"])
@pytest.mark.parametrize("kind", SYNC, ids=lambda kind: kind.__name__)
def test_every_sync_stream_refuses_a_line_over_its_limit(kind: Any, split: bool) -> None:
    stream = kind(_pieces(b": ping\n\n" + HUGE, split), request_id="r", max_event_bytes=LIMIT)
    with pytest.raises(ProviderError) as caught:
        stream.result()
    assert caught.value.code is ProviderErrorCode.PROVIDER_EVENT_TOO_LARGE
    assert caught.value.code == "PROVIDER_EVENT_TOO_LARGE"
    assert "max_event_bytes" in caught.value.message
    assert caught.value.record_index == 0


@pytest.mark.parametrize("split", [False, True], ids=["one-chunk", "byte-by-byte"])
@pytest.mark.parametrize("kind", ASYNC, ids=lambda kind: kind.__name__)
def test_every_async_stream_refuses_a_line_over_its_limit(kind: Any, split: bool) -> None:
    async def items(pieces: list[bytes]) -> AsyncIterator[bytes]:
        for piece in pieces:
            yield piece

    async def main() -> ProviderError:
        pieces = _pieces(b": ping\n\n" + HUGE, split)
        stream = kind(items(pieces), request_id="r", max_event_bytes=LIMIT)
        with pytest.raises(ProviderError) as caught:
            await stream.result()
        return caught.value

    error = asyncio.run(main())
    assert error.code is ProviderErrorCode.PROVIDER_EVENT_TOO_LARGE
    assert error.record_index == 0


@pytest.mark.parametrize("split", [False, True], ids=["one-chunk", "byte-by-byte"])
def test_the_events_before_the_large_one_come_as_chunks_first(split: bool) -> None:
    stream = OpenAIChatStream(_pieces(HI + HUGE, split), request_id="r", max_event_bytes=LIMIT)
    chunks = []
    with pytest.raises(ProviderError) as caught:
        for chunk in stream:
            chunks.append(chunk)
    assert [chunk.delta for chunk in chunks] == ["hi"]  # type: ignore[attr-defined]
    assert caught.value.code is ProviderErrorCode.PROVIDER_EVENT_TOO_LARGE
    assert caught.value.record_index == 1


def test_an_unended_last_line_over_the_limit_is_refused_at_the_end() -> None:
    # The line is refused when it passes the limit, ended or not.
    stream = OpenAIChatStream([HI, b"data: " + b"x" * LIMIT], request_id="r", max_event_bytes=LIMIT)
    with pytest.raises(ProviderError) as caught:
        stream.result()
    assert caught.value.code is ProviderErrorCode.PROVIDER_EVENT_TOO_LARGE


def test_a_stream_under_its_limit_reads_as_before() -> None:
    done = b'data: {"id":"c1","choices":[{"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'
    body = b": " + b"k" * (LIMIT - 3) + b"\n" + HI + done
    small = OpenAIChatStream([body], request_id="r", max_event_bytes=LIMIT).result()
    assert small == OpenAIChatStream(by_byte(body), request_id="r").result()


@pytest.mark.parametrize("bad", [0, -1, 1.5, "1", True, None])
def test_a_bad_limit_is_refused_when_the_stream_is_made(bad: Any) -> None:
    error = ValueError if type(bad) is int else TypeError
    with pytest.raises(error, match="max_event_bytes"):
        OpenAIChatStream([], request_id="r", max_event_bytes=bad)
    with pytest.raises(error, match="max_event_bytes"):
        AsyncAnthropicStream([], request_id="r", max_event_bytes=bad)
