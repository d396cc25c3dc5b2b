"""The sync and async stream of every provider format, as a pair, and the drivers'
discipline (``agent_ir.wire._stream``).

Every recording in ``fixtures/wire/{anthropic,gemini,mistral,openai-chat,openai-responses}`` is read in
every chunking (whole, 1-byte, 7-byte, split inside each multi-byte character) and as
decoded event objects, through both the sync and the async class of its format, and
must give its ``.expected.json``. Then what the sync driver promises (``result()``
before, after or without iteration; one failure, raised from both; a failing or
non-iterable source; ``close()``, ``with``, a ``threading.Event``; argument checks;
the public names), what the async one promises (no task per chunk; a set
``asyncio.Event`` interrupts a read that never ends), and the official SDKs' sync
clients read by the sync streams from a loopback server.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Iterator
from pathlib import Path
from typing import Any

import anthropic
import openai
import pytest

import agent_ir.wire
from agent_ir import to_json_value
from agent_ir.replies import ProviderError, ProviderErrorCode
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
from support.loopback import loopback_only
from support.sse_server import sse_server

Code = ProviderErrorCode
ROOT = Path(__file__).resolve().parents[2] / "fixtures" / "wire"
PAIRS: dict[str, tuple[type[Any], type[Any]]] = {
    "anthropic": (AnthropicStream, AsyncAnthropicStream),
    "gemini": (GeminiStream, AsyncGeminiStream),
    "mistral": (MistralStream, AsyncMistralStream),
    "openai-chat": (OpenAIChatStream, AsyncOpenAIChatStream),
    "openai-responses": (OpenAIResponsesStream, AsyncOpenAIResponsesStream),
}
SYNC_CLASSES = [pair[0] for pair in PAIRS.values()]
ASYNC_CLASSES = [pair[1] for pair in PAIRS.values()]
RECORDINGS = [
    f"{wire_format}/{path.stem}"
    for wire_format in PAIRS
    for path in sorted((ROOT / wire_format).glob("*.sse"))
]
TEST_SECONDS = 20.0


@pytest.fixture(autouse=True)
def _deadline(request: pytest.FixtureRequest) -> Iterator[None]:
    """A stream that never settles fails its test instead of hanging the suite."""
    if not supported():
        yield
        return
    with deadline(TEST_SECONDS, what=request.node.nodeid):
        yield


# --- recordings, chunkings, decoded events -----------------------------------------------


def body(recording: str) -> bytes:
    return (ROOT / f"{recording}.sse").read_bytes()


def expected(recording: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads((ROOT / f"{recording}.expected.json").read_text("utf-8"))
    return value


def pair(recording: str) -> tuple[type[Any], type[Any]]:
    return PAIRS[recording.split("/")[0]]


def pieces_of(data: bytes, size: int) -> list[bytes]:
    return [data[start : start + size] for start in range(0, len(data), size)]


def inside_characters(data: bytes) -> list[bytes]:
    """``data`` cut after the first byte of every multi-byte UTF-8 character."""
    bounds = [0, *(index + 1 for index, byte in enumerate(data) if byte >= 0xC0), len(data)]
    return [data[start:end] for start, end in itertools.pairwise(bounds)]


CHUNKINGS: dict[str, Callable[[bytes], list[bytes]]] = {
    "whole": lambda data: [data],
    "1-byte": lambda data: pieces_of(data, 1),
    "7-byte": lambda data: pieces_of(data, 7),
    "inside-characters": inside_characters,
}
CHUNKED = [
    (recording, how)
    for recording in RECORDINGS
    for how in CHUNKINGS
    # Only a recording with a multi-byte character can be cut inside one.
    if how != "inside-characters" or any(byte >= 0xC0 for byte in body(recording))
]


def sse_events(data: bytes) -> list[tuple[str | None, str]]:
    """(event name, data) of each event, read without ``agent_ir.wire._sse``: events end
    at a blank line, a field is ``name: value`` (one optional space), ``data`` lines
    join with newlines, comments (``:``) are skipped."""
    text = data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    events: list[tuple[str | None, str]] = []
    for block in text.split("\n\n"):
        name: str | None = None
        lines: list[str] = []
        for line in block.split("\n"):
            if not line or line.startswith(":"):
                continue
            field, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if field == "event":
                name = value
            elif field == "data":
                lines.append(value)
        if lines:
            events.append((name, "\n".join(lines)))
    return events


def decoded_events(recording: str) -> list[dict[str, Any]]:
    """The JSON object of every event's data (a ``[DONE]`` has none: it is left out)."""
    return [json.loads(data) for _, data in sse_events(body(recording)) if data != "[DONE]"]


# Recordings that decoded events cannot carry whole: their outcome depends on what
# the objects lose (an event's name, a ``[DONE]``); the bytes tests cover them.
NEEDS_SSE = {
    "openai-chat/unknown-event": "its events are named (event: message_start)",
    "openai-chat/unknown-event-midstream": "its unknown event is a name (event: ping)",
    "openai-chat/no-finish-reason": "ended by [DONE] alone",
    "openai-chat/no-finish-tool-call": "ended by [DONE] alone",
}


# --- running a stream --------------------------------------------------------------------


def sync_items(items: Iterable[Any]) -> Iterator[Any]:
    yield from items


async def async_items(items: Iterable[Any]) -> AsyncIterator[Any]:
    for item in items:
        yield item


def failure(error: ProviderError) -> dict[str, Any]:
    """The error as ``.expected.json`` holds it (the message is worded for people)."""
    value = error.to_json_value()
    del value["message"]
    return value


def sync_outcome(stream_class: type[Any], items: Iterable[Any]) -> dict[str, Any]:
    """``{"chunks": [...], "response": ...}`` or ``{"chunks": [...], "error": ...}``."""
    stream = stream_class(sync_items(items), request_id="request-1")
    chunks: list[Any] = []
    try:
        for chunk in stream:
            chunks.append(to_json_value(chunk))
        response = stream.result()
    except ProviderError as error:
        return {"chunks": chunks, "error": failure(error)}
    return {"chunks": chunks, "response": to_json_value(response)}


async def async_outcome(stream_class: type[Any], source: object) -> dict[str, Any]:
    stream = stream_class(source, request_id="request-1")
    chunks: list[Any] = []
    try:
        async for chunk in stream:
            chunks.append(to_json_value(chunk))
        response = await stream.result()
    except ProviderError as error:
        return {"chunks": chunks, "error": failure(error)}
    return {"chunks": chunks, "response": to_json_value(response)}


# --- every recording, both classes -------------------------------------------------------


@pytest.mark.parametrize(("recording", "how"), CHUNKED)
def test_the_sync_stream_reads_every_recording_in_every_chunking(recording: str, how: str) -> None:
    chunks = CHUNKINGS[how](body(recording))
    assert b"".join(chunks) == body(recording)
    assert sync_outcome(pair(recording)[0], chunks) == expected(recording)


@pytest.mark.parametrize(("recording", "how"), CHUNKED)
async def test_the_async_stream_reads_every_recording_in_every_chunking(
    recording: str, how: str
) -> None:
    chunks = CHUNKINGS[how](body(recording))
    assert await async_outcome(pair(recording)[1], async_items(chunks)) == expected(recording)


@pytest.mark.parametrize("recording", [name for name in RECORDINGS if name not in NEEDS_SSE])
def test_the_sync_stream_reads_every_recording_as_decoded_events(recording: str) -> None:
    assert sync_outcome(pair(recording)[0], decoded_events(recording)) == expected(recording)


@pytest.mark.parametrize("recording", [name for name in RECORDINGS if name not in NEEDS_SSE])
async def test_the_async_stream_reads_every_recording_as_decoded_events(recording: str) -> None:
    events = decoded_events(recording)
    assert await async_outcome(pair(recording)[1], async_items(events)) == expected(recording)


@pytest.mark.parametrize("recording", sorted(NEEDS_SSE))
async def test_a_recording_that_needs_its_sse_framing_reads_alike_sync_and_async_when_decoded(
    recording: str,
) -> None:
    events = decoded_events(recording)
    sync, asynchronous = pair(recording)
    got = sync_outcome(sync, events)
    assert got == await async_outcome(asynchronous, async_items(events))
    assert got != expected(recording)  # else it belongs with the others


def test_the_recordings_cover_every_format_and_the_byte_level_cases() -> None:
    assert {recording.split("/")[0] for recording in RECORDINGS} == set(PAIRS)
    assert len(RECORDINGS) == 68
    assert {how for _, how in CHUNKED} == set(CHUNKINGS)
    bodies = [body(recording) for recording in RECORDINGS]
    assert any(b"\r\n" in data for data in bodies)
    assert any(not data.endswith(b"\n") for data in bodies)


# --- the sync driver's discipline --------------------------------------------------------
#
# On the Anthropic recordings, one event per item: after ``next`` returns a chunk, no
# chunk is left over, so the next ``next`` reads the source.

TEXT = "anthropic/text-only"  # 8 events, chunks from events 3 and 4, then a response
ERROR = "anthropic/mid-stream-error"  # 2 chunks, then an error event (event 4)


class Source:
    """A sync generator source of ``items`` that records how far it was read and
    whether it was closed (its ``finally`` ran)."""

    def __init__(self, items: list[Any], *, fail: BaseException | None = None) -> None:
        self.items = items
        self.fail = fail
        self.given = 0
        self.closed = False

    def __iter__(self) -> Iterator[Any]:
        try:
            for item in self.items:
                self.given += 1
                yield item
            if self.fail is not None:
                raise self.fail
        finally:
            self.closed = True


def text_stream(**options: Any) -> tuple[AnthropicStream, Source]:
    source = Source(decoded_events(TEXT))
    return AnthropicStream(source, request_id="request-1", **options), source


def chunk_values(stream: Iterable[Any]) -> list[Any]:
    return [to_json_value(chunk) for chunk in stream]


def test_result_before_iteration_gives_the_response_and_every_chunk_is_still_yielded_once() -> None:
    stream, _ = text_stream()
    response = stream.result()
    assert to_json_value(response) == expected(TEXT)["response"]
    assert chunk_values(stream) == expected(TEXT)["chunks"]
    assert chunk_values(stream) == []
    assert stream.result() is response


def test_result_after_iteration_gives_the_same_response() -> None:
    stream, _ = text_stream()
    assert chunk_values(stream) == expected(TEXT)["chunks"]
    assert to_json_value(stream.result()) == expected(TEXT)["response"]
    assert chunk_values(stream) == []


def test_result_without_iteration_gives_the_same_response() -> None:
    stream, source = text_stream()
    assert to_json_value(stream.result()) == expected(TEXT)["response"]
    assert source.given == len(source.items)


def test_result_between_two_chunks_leaves_the_rest_for_iteration() -> None:
    stream, _ = text_stream()
    first = to_json_value(next(stream))
    assert to_json_value(stream.result()) == expected(TEXT)["response"]
    assert [first, *chunk_values(stream)] == expected(TEXT)["chunks"]


def test_a_failure_raises_one_error_from_iteration_and_from_result_after_the_chunks_before_it() -> (
    None
):
    stream = AnthropicStream(sync_items(decoded_events(ERROR)), request_id="request-1")
    chunks: list[Any] = []
    with pytest.raises(ProviderError) as by_iteration:
        for chunk in stream:
            chunks.append(to_json_value(chunk))
    assert chunks == expected(ERROR)["chunks"]
    assert failure(by_iteration.value) == expected(ERROR)["error"]
    with pytest.raises(ProviderError) as by_result:
        stream.result()
    assert by_result.value is by_iteration.value
    with pytest.raises(ProviderError) as again:
        next(stream)
    assert again.value is by_iteration.value


def test_a_failure_met_by_result_first_is_raised_by_iteration_after_the_chunks() -> None:
    stream = AnthropicStream(sync_items(decoded_events(ERROR)), request_id="request-1")
    with pytest.raises(ProviderError) as by_result:
        stream.result()
    assert failure(by_result.value) == expected(ERROR)["error"]
    chunks: list[Any] = []
    with pytest.raises(ProviderError) as by_iteration:
        for chunk in stream:
            chunks.append(to_json_value(chunk))
    assert chunks == expected(ERROR)["chunks"]
    assert by_iteration.value is by_result.value


def test_a_source_that_raises_mid_stream_is_a_transport_error_with_its_message() -> None:
    events = decoded_events(TEXT)
    source = Source(events[:4], fail=ConnectionResetError("connection reset by peer"))
    stream = AnthropicStream(source, request_id="request-1")
    chunks: list[Any] = []
    with pytest.raises(ProviderError) as caught:
        for chunk in stream:
            chunks.append(to_json_value(chunk))
    assert chunks == expected(TEXT)["chunks"][:1]
    assert caught.value.to_json_value() == {
        "code": "PROVIDER_TRANSPORT_ERROR",
        "message": "the stream failed: ConnectionResetError: connection reset by peer",
        "recordIndex": 4,
    }
    with pytest.raises(ProviderError) as by_result:
        stream.result()
    assert by_result.value is caught.value


@pytest.mark.parametrize("stream_class", SYNC_CLASSES)
def test_a_source_that_is_not_iterable_is_a_transport_error(stream_class: type[Any]) -> None:
    stream = stream_class(42, request_id="request-1")
    with pytest.raises(ProviderError) as caught:
        next(stream)
    assert caught.value.to_json_value() == {
        "code": "PROVIDER_TRANSPORT_ERROR",
        "message": "the source is not an iterable (TypeError: 'int' object is not iterable)",
        "recordIndex": 0,
    }
    with pytest.raises(ProviderError) as by_result:
        stream.result()
    assert by_result.value is caught.value


def test_close_mid_stream_closes_a_generator_source_and_cancels_the_stream() -> None:
    stream, source = text_stream()
    assert to_json_value(next(stream)) == expected(TEXT)["chunks"][0]
    assert (source.given, source.closed) == (4, False)
    stream.close()
    assert (source.given, source.closed) == (4, True)
    with pytest.raises(ProviderError) as caught:
        next(stream)
    assert caught.value.to_json_value() == {
        "code": "PROVIDER_CANCELLED",
        "message": "the stream was closed before it finished",
    }
    with pytest.raises(ProviderError) as by_result:
        stream.result()
    assert by_result.value is caught.value
    assert source.given == 4


def test_a_finished_stream_keeps_its_result_after_close() -> None:
    stream, source = text_stream()
    response = stream.result()
    stream.close()
    assert source.closed
    assert stream.result() is response
    assert chunk_values(stream) == []


def test_a_with_block_closes_the_stream() -> None:
    stream, source = text_stream()
    with stream as entered:
        assert entered is stream
        assert to_json_value(next(stream)) == expected(TEXT)["chunks"][0]
    assert source.closed
    with pytest.raises(ProviderError) as caught:
        stream.result()
    assert caught.value.code is Code.PROVIDER_CANCELLED


def test_a_with_block_left_by_an_exception_closes_the_stream_and_lets_the_exception_through() -> (
    None
):
    stream, source = text_stream()
    with pytest.raises(KeyError), stream:
        next(stream)
        raise KeyError("the caller's own")
    assert source.closed
    with pytest.raises(ProviderError) as caught:
        stream.result()
    assert caught.value.code is Code.PROVIDER_CANCELLED


def test_a_cancel_event_set_before_the_next_read_cancels_and_closes_the_source() -> None:
    cancel = threading.Event()
    stream, source = text_stream(cancel=cancel)
    assert to_json_value(next(stream)) == expected(TEXT)["chunks"][0]
    cancel.set()
    with pytest.raises(ProviderError) as caught:
        next(stream)
    assert caught.value.to_json_value() == {
        "code": "PROVIDER_CANCELLED",
        "message": "the cancel event was set",
    }
    assert (source.given, source.closed) == (4, True)
    with pytest.raises(ProviderError) as by_result:
        stream.result()
    assert by_result.value is caught.value


def test_a_cancel_event_set_before_the_first_read_reads_nothing() -> None:
    cancel = threading.Event()
    cancel.set()
    stream, source = text_stream(cancel=cancel)
    with pytest.raises(ProviderError) as caught:
        stream.result()
    assert caught.value.code is Code.PROVIDER_CANCELLED
    assert source.given == 0


def test_a_cancel_event_set_from_another_thread_between_items_cancels_the_stream() -> None:
    cancel = threading.Event()
    stream, source = text_stream(cancel=cancel)
    assert to_json_value(next(stream)) == expected(TEXT)["chunks"][0]
    setter = threading.Thread(target=cancel.set)
    setter.start()
    setter.join()
    with pytest.raises(ProviderError) as caught:
        next(stream)
    assert caught.value.code is Code.PROVIDER_CANCELLED
    assert (source.given, source.closed) == (4, True)


def test_a_cancel_event_set_from_another_thread_while_the_source_waits_cancels_at_its_next_item() -> (
    None
):
    """A sync read cannot be interrupted: the generator waits (as a socket read would)
    until another thread sets the event; the stream is cancelled before it reads on."""
    cancel = threading.Event()
    events = decoded_events(TEXT)
    waited: list[bool] = []

    def waiting_source() -> Iterator[Any]:
        yield from events[:4]
        setter = threading.Thread(target=cancel.set)
        setter.start()
        waited.append(cancel.wait(TEST_SECONDS))
        setter.join()
        yield from events[4:]

    stream = AnthropicStream(waiting_source(), request_id="request-1", cancel=cancel)
    chunks: list[Any] = []
    with pytest.raises(ProviderError) as caught:
        for chunk in stream:
            chunks.append(to_json_value(chunk))
    assert waited == [True]
    assert caught.value.code is Code.PROVIDER_CANCELLED
    assert chunks == expected(TEXT)["chunks"][:1]


def test_an_item_read_after_the_cancel_event_was_set_is_dropped() -> None:
    cancel = threading.Event()
    events = decoded_events(TEXT)

    def source() -> Iterator[Any]:
        yield from events[:4]
        cancel.set()  # while the next read is under way, as another thread would
        yield from events[4:]

    stream = AnthropicStream(source(), request_id="request-1", cancel=cancel)
    chunks: list[Any] = []
    with pytest.raises(ProviderError) as caught:
        for chunk in stream:
            chunks.append(to_json_value(chunk))
    assert caught.value.code is Code.PROVIDER_CANCELLED
    assert chunks == expected(TEXT)["chunks"][:1]


# --- arguments and names, all six classes ------------------------------------------------

ALL_CLASSES = [*SYNC_CLASSES, *ASYNC_CLASSES]


@pytest.mark.parametrize("stream_class", ALL_CLASSES)
@pytest.mark.parametrize("request_id", ["", "   ", None, 7])
def test_a_blank_or_non_string_request_id_is_a_type_error(
    stream_class: type[Any], request_id: object
) -> None:
    with pytest.raises(TypeError) as caught:
        stream_class([], request_id=request_id)
    assert str(caught.value) == (
        f"{stream_class.__name__}: request_id must be a non-empty str, not {request_id!r}"
    )


@pytest.mark.parametrize("stream_class", SYNC_CLASSES)
def test_an_asyncio_event_as_the_sync_streams_cancel_is_a_type_error(
    stream_class: type[Any],
) -> None:
    with pytest.raises(TypeError) as caught:
        stream_class([], request_id="request-1", cancel=asyncio.Event())
    assert str(caught.value) == (
        f"{stream_class.__name__}: cancel must be a threading.Event or None, "
        "not asyncio.locks.Event"
    )


@pytest.mark.parametrize("stream_class", ASYNC_CLASSES)
def test_a_threading_event_as_the_async_streams_cancel_is_a_type_error(
    stream_class: type[Any],
) -> None:
    with pytest.raises(TypeError) as caught:
        stream_class([], request_id="request-1", cancel=threading.Event())
    assert str(caught.value) == (
        f"{stream_class.__name__}: cancel must be a asyncio.Event or None, not threading.Event"
    )


@pytest.mark.parametrize(("wire_format", "kind"), list(itertools.product(PAIRS, ["sync", "async"])))
def test_each_stream_is_an_instance_of_its_own_class_only(wire_format: str, kind: str) -> None:
    sync, asynchronous = PAIRS[wire_format]
    own = sync if kind == "sync" else asynchronous
    stream = own([], request_id="request-1")
    assert [c for c in ALL_CLASSES if isinstance(stream, c)] == [own]
    if kind == "sync":
        assert isinstance(stream, Iterator)
        assert not isinstance(stream, AsyncIterator)
    else:
        assert isinstance(stream, AsyncIterator)
        assert not isinstance(stream, Iterator)


@pytest.mark.parametrize("stream_class", ALL_CLASSES)
def test_the_classes_say_they_are_agent_ir_wire(stream_class: type[Any]) -> None:
    name = stream_class.__name__
    assert stream_class.__module__ == "agent_ir.wire"
    assert repr(stream_class) == f"<class 'agent_ir.wire.{name}'>"
    assert repr(stream_class([], request_id="request-1")) == f"<agent_ir.wire.{name}>"
    assert getattr(agent_ir.wire, name) is stream_class


def test_the_anthropic_stream_repr_names_agent_ir_wire() -> None:
    assert repr(agent_ir.wire.AnthropicStream) == "<class 'agent_ir.wire.AnthropicStream'>"


def test_dir_of_agent_ir_wire_is_its_sorted_public_names() -> None:
    assert dir(agent_ir.wire) == sorted(agent_ir.wire.__all__)
    assert {c.__name__ for c in ALL_CLASSES} <= set(agent_ir.wire.__all__)


# --- the async driver: no task per chunk, the cancel event interrupts a read -------------

CHUNK_COUNT = 2_000


def many_chunks() -> list[dict[str, Any]]:
    """The text-only recording with its first text delta repeated: one chunk each."""
    events = decoded_events(TEXT)
    return [*events[:3], *[events[3]] * CHUNK_COUNT, *events[5:]]


async def count_tasks(stream_class_options: dict[str, Any]) -> tuple[int, set[int], int]:
    """(tasks created while the stream ran, the numbers of tasks seen by the source at
    each item, the number of tasks before it ran) for ``many_chunks``."""
    loop = asyncio.get_running_loop()
    created: list[asyncio.Task[Any]] = []

    def factory(
        loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, Any], **kwargs: Any
    ) -> Any:
        task = asyncio.Task(coro, loop=loop, **kwargs)
        created.append(task)
        return task

    seen: set[int] = set()

    async def source() -> AsyncIterator[Any]:
        for event in many_chunks():
            seen.add(len(asyncio.all_tasks()))
            yield event

    before = len(asyncio.all_tasks())
    previous = loop.get_task_factory()
    loop.set_task_factory(factory)
    try:
        stream = AsyncAnthropicStream(source(), request_id="request-1", **stream_class_options)
        chunks = [chunk async for chunk in stream]
        response = await stream.result()
    finally:
        loop.set_task_factory(previous)
    assert len(chunks) == CHUNK_COUNT
    assert response.stop_reason.value == "stop"
    await asyncio.sleep(0)  # a cancelled watcher finishes
    assert len(asyncio.all_tasks()) == before
    return len(created), seen, before


async def test_the_async_stream_without_cancel_starts_no_task() -> None:
    created, seen, before = await count_tasks({})
    assert created == 0
    assert seen == {before}


async def test_the_async_stream_with_cancel_starts_one_watcher_task_not_one_per_chunk() -> None:
    created, seen, before = await count_tasks({"cancel": asyncio.Event()})
    assert created == 1
    assert seen == {before + 1}


async def test_a_set_cancel_event_interrupts_a_read_that_waits_forever() -> None:
    cancel = asyncio.Event()
    closed: list[bool] = []
    events = decoded_events(TEXT)

    async def source() -> AsyncIterator[Any]:
        try:
            for event in events[:4]:
                yield event
            await asyncio.Event().wait()  # a connection that never sends again
            yield events[4]
        finally:
            closed.append(True)

    before = len(asyncio.all_tasks())
    stream = AsyncAnthropicStream(source(), request_id="request-1", cancel=cancel)
    assert to_json_value(await anext(stream)) == expected(TEXT)["chunks"][0]
    asyncio.get_running_loop().call_soon(cancel.set)
    with pytest.raises(ProviderError) as caught:
        await anext(stream)
    assert caught.value.to_json_value() == {
        "code": "PROVIDER_CANCELLED",
        "message": "the cancel event was set while a read was waiting",
    }
    assert closed == [True]
    task = asyncio.current_task()
    assert task is not None
    assert task.cancelling() == 0  # the interruption is not left on the consumer
    with pytest.raises(ProviderError) as by_result:
        await stream.result()
    assert by_result.value is caught.value
    await asyncio.sleep(0)
    assert len(asyncio.all_tasks()) == before


async def test_an_item_whose_async_read_ends_after_the_cancel_event_was_set_is_dropped() -> None:
    cancel = asyncio.Event()
    events = decoded_events(TEXT)

    async def source() -> AsyncIterator[Any]:
        for event in events[:4]:
            yield event
        cancel.set()  # the read then ends before the watcher can interrupt it
        for event in events[4:]:
            yield event

    stream = AsyncAnthropicStream(source(), request_id="request-1", cancel=cancel)
    chunks: list[Any] = []
    with pytest.raises(ProviderError) as caught:
        async for chunk in stream:
            chunks.append(to_json_value(chunk))
    assert caught.value.code is Code.PROVIDER_CANCELLED
    assert chunks == expected(TEXT)["chunks"][:1]


# --- the official SDKs' sync clients ----------------------------------------------------


@pytest.fixture
def _loopback() -> Iterator[None]:
    """Connections to anything but 127.0.0.1 fail (the SDK clients talk to the loopback)."""
    with loopback_only():
        yield


def sdk_request(client: Any, wire_format: str) -> Any:
    """The format's streaming request, ``with_streaming_response`` (the raw body)."""
    question = [{"role": "user", "content": "hi"}]
    if wire_format == "anthropic":
        return client.messages.with_streaming_response.create(
            model="claude-test", max_tokens=1024, messages=question, stream=True
        )
    if wire_format == "openai-chat":
        return client.chat.completions.with_streaming_response.create(
            model="gpt-test", messages=question, stream=True
        )
    return client.responses.with_streaming_response.create(
        model="gpt-test", input="hi", stream=True
    )


def sdk_clients(wire_format: str, base_url: str) -> tuple[Any, Any]:
    """The format's (sync, async) official client, pointed at ``base_url``."""
    if wire_format == "anthropic":
        options: dict[str, Any] = {"base_url": base_url, "api_key": "test", "max_retries": 0}
        return anthropic.Anthropic(**options), anthropic.AsyncAnthropic(**options)
    options = {"base_url": f"{base_url}/v1", "api_key": "test", "max_retries": 0}
    return openai.OpenAI(**options), openai.AsyncOpenAI(**options)


# google-genai gives no raw body (it parses each chunk itself): what it reads from the
# Gemini recordings is compared with the Gemini streams in tests/wire/gemini/test_sdk_stream.py.
RAW_BODY_RECORDINGS = [recording for recording in RECORDINGS if not recording.startswith("gemini/")]


@pytest.mark.usefixtures("_loopback")
@pytest.mark.parametrize("recording", RAW_BODY_RECORDINGS)
async def test_the_sync_sdk_raw_body_read_by_the_sync_stream_gives_the_async_ones_outcome(
    recording: str,
) -> None:
    """A caller of the sync SDK feeds ``iter_bytes()`` of its raw response to the sync
    stream, as it arrives; the async SDK's to the async stream."""
    wire_format = recording.split("/")[0]
    sync_class, async_class = pair(recording)
    with sse_server(pieces_of(body(recording), 64)) as (base_url, recorded):
        sync_client, async_client = sdk_clients(wire_format, base_url)
        with sync_client, sdk_request(sync_client, wire_format) as response:
            by_sync = sync_outcome(sync_class, response.iter_bytes())
        async with async_client, sdk_request(async_client, wire_format) as response:
            by_async = await async_outcome(async_class, response.iter_bytes())
    assert [request[2]["stream"] for request in recorded.requests] == [True, True]
    assert by_sync == by_async == expected(recording)
