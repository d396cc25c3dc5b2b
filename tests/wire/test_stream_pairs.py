"""The sync and async stream of every provider format, as a pair, and the drivers'
discipline (``agent_ir.wire._stream``).

Every recording in ``fixtures/wire/{anthropic,openai-chat,openai-responses}`` is read in
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
import inspect
import itertools
import json
import threading
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

import agent_ir.wire
from agent_ir import to_json_value
from agent_ir.replies import ProviderError, ProviderErrorCode
from agent_ir.wire import (
    AnthropicStream,
    AsyncAnthropicStream,
    AsyncOpenAIChatStream,
    AsyncOpenAIResponsesStream,
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


def inside_characters(data: bytes) -> list[bytes]:
    """``data`` cut after the first byte of every multi-byte UTF-8 character."""
    bounds = [0, *(index + 1 for index, byte in enumerate(data) if byte >= 0xC0), len(data)]
    return [data[start:end] for start, end in itertools.pairwise(bounds)]


CHUNKINGS: dict[str, Callable[[bytes], list[bytes]]] = {
    "whole": lambda data: [data],
    "1-byte": lambda data: [data[i : i + 1] for i in range(len(data))],
    "7-byte": lambda data: [data[i : i + 7] for i in range(0, len(data), 7)],
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


def sync_outcome(stream_class: type[Any], items: list[Any]) -> dict[str, Any]:
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
    assert len(RECORDINGS) == 54
    assert {how for _, how in CHUNKED} == set(CHUNKINGS)
    bodies = [body(recording) for recording in RECORDINGS]
    assert any(b"\r\n" in data for data in bodies)
    assert any(not data.endswith(b"\n") for data in bodies)
