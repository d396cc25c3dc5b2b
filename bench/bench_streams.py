"""Benchmark: a 10 MB recorded stream through each provider's sync and async stream.

Each stream is built here, deterministically, in its provider's documented format: a
start, text deltas of a few words, the end. ``stream_cases()`` gives, per format, the
baseline (``json.loads`` of every event's data line, the least any reader of the
stream does) and both stream classes consuming the bytes in 64 KiB pieces (every chunk,
then ``result()``): the async one (``AsyncAnthropicStream``...) over an async iterator
on one event loop, the sync one (``AnthropicStream``...) over a sync one.
``python bench/bench_streams.py`` runs them alone.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import contextmanager
from typing import Any

from agent_ir.wire import (
    AnthropicStream,
    AsyncAnthropicStream,
    AsyncGeminiStream,
    AsyncOpenAIChatStream,
    AsyncOpenAIResponsesStream,
    GeminiStream,
    OpenAIChatStream,
    OpenAIResponsesStream,
)

TARGET_BYTES = 10_000_000
PIECE = 64 * 1024
_WORDS = ["alpha", "beta", "gamma", "delta", "the", "file", "json", "read", " sum", " is"]


def _words(rng: random.Random) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(rng.randint(2, 8))) + " "


def _sse(events: list[tuple[str | None, Any]]) -> bytes:
    lines = []
    for name, data in events:
        text = data if isinstance(data, str) else json.dumps(data, separators=(",", ":"))
        lines.append((f"event: {name}\n" if name else "") + f"data: {text}\n\n")
    return "".join(lines).encode("utf-8")


def _fill(
    make_delta: Callable[[str], tuple[str | None, Any]], seed: int, size_bytes: int
) -> list[Any]:
    rng = random.Random(seed)
    events: list[Any] = []
    size = 0
    while size < size_bytes:
        event = make_delta(_words(rng))
        events.append(event)
        size += len(json.dumps(event[1])) + 10
    return events


def openai_chat(size_bytes: int = TARGET_BYTES) -> bytes:
    head = {"id": "chatcmpl-bench", "object": "chat.completion.chunk", "created": 1, "model": "m"}

    def delta(text: str) -> tuple[None, Any]:
        choice = {"index": 0, "delta": {"content": text}, "finish_reason": None}
        return None, {**head, "choices": [choice]}

    first = {**head, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}}]}
    last = {**head, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
    usage = {**head, "choices": [], "usage": {"prompt_tokens": 10, "completion_tokens": 20}}
    return _sse(
        [(None, first), *_fill(delta, 1, size_bytes), (None, last), (None, usage), (None, "[DONE]")]
    )


def anthropic(size_bytes: int = TARGET_BYTES) -> bytes:
    def delta(text: str) -> tuple[str, Any]:
        event = {"type": "content_block_delta", "index": 0}
        return "content_block_delta", {**event, "delta": {"type": "text_delta", "text": text}}

    message = {
        "id": "msg_bench",
        "type": "message",
        "role": "assistant",
        "model": "m",
        "content": [],
        "stop_reason": None,
        "usage": {"input_tokens": 10, "output_tokens": 1},
    }
    return _sse(
        [
            ("message_start", {"type": "message_start", "message": message}),
            (
                "content_block_start",
                {
                    "type": "content_block_start",
                    "index": 0,
                    "content_block": {"type": "text", "text": ""},
                },
            ),
            *_fill(delta, 2, size_bytes),
            ("content_block_stop", {"type": "content_block_stop", "index": 0}),
            (
                "message_delta",
                {
                    "type": "message_delta",
                    "delta": {"stop_reason": "end_turn"},
                    "usage": {"output_tokens": 20},
                },
            ),
            ("message_stop", {"type": "message_stop"}),
        ]
    )


def gemini(size_bytes: int = TARGET_BYTES) -> bytes:
    head = {"modelVersion": "m", "responseId": "rsp_bench"}

    def delta(text: str) -> tuple[None, Any]:
        content = {"role": "model", "parts": [{"text": text}]}
        return None, {**head, "candidates": [{"content": content, "index": 0}]}

    content = {"role": "model", "parts": [{"text": ""}]}
    last = {
        **head,
        "candidates": [{"content": content, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 20},
    }
    return _sse([*_fill(delta, 4, size_bytes), (None, last)])


def openai_responses(size_bytes: int = TARGET_BYTES) -> bytes:
    def delta(text: str) -> tuple[str, Any]:
        event = {
            "type": "response.output_text.delta",
            "item_id": "msg_bench",
            "output_index": 0,
            "content_index": 0,
            "delta": text,
        }
        return "response.output_text.delta", event

    response = {"id": "resp_bench", "object": "response", "status": "in_progress", "output": []}
    # The message item and its part before the deltas, as OpenAI sends them (the SDK's
    # accumulator refuses a delta of an item it was not told of).
    message = {"id": "msg_bench", "type": "message", "role": "assistant", "content": []}
    added = {"output_index": 0, "item": {**message, "status": "in_progress"}}
    finished = {"output_index": 0, "item": {**message, "status": "completed"}}
    part = {
        "item_id": "msg_bench",
        "output_index": 0,
        "content_index": 0,
        "part": {"type": "output_text", "text": "", "annotations": []},
    }
    done = {
        **response,
        "status": "completed",
        "usage": {"input_tokens": 10, "output_tokens": 20, "total_tokens": 30},
    }
    return _sse(
        [
            ("response.created", {"type": "response.created", "response": response}),
            ("response.output_item.added", {"type": "response.output_item.added", **added}),
            ("response.content_part.added", {"type": "response.content_part.added", **part}),
            *_fill(delta, 3, size_bytes),
            ("response.output_item.done", {"type": "response.output_item.done", **finished}),
            ("response.completed", {"type": "response.completed", "response": done}),
        ]
    )


# Per format: its body, its sync stream class, its async one.
STREAMS: dict[str, tuple[Callable[[], bytes], type[Any], type[Any]]] = {
    "openai-chat": (openai_chat, OpenAIChatStream, AsyncOpenAIChatStream),
    "openai-responses": (openai_responses, OpenAIResponsesStream, AsyncOpenAIResponsesStream),
    "anthropic": (anthropic, AnthropicStream, AsyncAnthropicStream),
    "gemini": (gemini, GeminiStream, AsyncGeminiStream),
}
Cases = dict[str, tuple[Callable[[], object], dict[str, Callable[[], int]]]]


def data_lines(body: bytes) -> list[bytes]:
    """The data of every event (the text after ``data: ``), as a reader gets it."""
    return [line[6:] for line in body.split(b"\n") if line.startswith(b"data: ")]


@contextmanager
def stream_cases() -> Iterator[Cases]:
    """Per format: (the json.loads baseline, {stream class name: its run}), the async
    runs on one event loop, closed on exit."""
    loop = asyncio.new_event_loop()
    cases: Cases = {}
    try:
        for wire_format, (make, sync_class, async_class) in STREAMS.items():
            body = make()
            lines = [line for line in data_lines(body) if line != b"[DONE]"]

            def baseline(lines: list[bytes] = lines) -> object:
                return [json.loads(line) for line in lines]

            def run_async(body: bytes = body, stream_class: Any = async_class) -> int:
                return loop.run_until_complete(_consume_async(stream_class, body))

            def run_sync(body: bytes = body, stream_class: Any = sync_class) -> int:
                return _consume_sync(stream_class, body)

            runs: dict[str, Callable[[], int]] = {
                async_class.__name__: run_async,
                sync_class.__name__: run_sync,
            }
            for name, run in runs.items():
                # every event but the few around the deltas gives one chunk
                if not len(lines) - 5 <= run() <= len(lines):
                    raise RuntimeError(f"{name} did not stream every delta of the bench body")
            cases[wire_format] = (baseline, runs)
        yield cases
    finally:
        loop.close()


def _pieces(body: bytes) -> Iterator[bytes]:
    for start in range(0, len(body), PIECE):
        yield body[start : start + PIECE]


def _consume_sync(stream_class: Any, body: bytes) -> int:
    stream = stream_class(_pieces(body), request_id="request-bench")
    chunks = 0
    for _chunk in stream:
        chunks += 1
    stream.result()
    return chunks


async def _consume_async(stream_class: Any, body: bytes) -> int:
    async def pieces() -> AsyncIterator[bytes]:
        for piece in _pieces(body):
            yield piece

    stream = stream_class(pieces(), request_id="request-bench")
    chunks = 0
    async for _chunk in stream:
        chunks += 1
    await stream.result()
    return chunks


TARGET_RATIO = 3.0


def main(repeat: int = 5) -> int:
    """Time every format's streams against its baseline; 1 when one is over the target."""
    from timing import measure

    over = 0
    with stream_cases() as cases:
        for wire_format, (baseline, runs) in cases.items():
            timings = measure({"json.loads": baseline, **runs}, repeat, collector=True)
            base = timings["json.loads"].min
            for name in runs:
                ratio = timings[name].min / base
                over += ratio > TARGET_RATIO
                print(f"{wire_format:<17} {name:<27} {ratio:5.2f}x json.loads of the data")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
