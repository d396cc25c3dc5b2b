"""Benchmark: one 10,000-record response streamed through FixtureProviderAdapter.

``provider_cases()`` gives the timed cases; ``bench/run.py`` measures them in one group
with ``json.loads`` of the same records' compact bytes.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from agent_ir.replies import FixtureProviderAdapter

RECORDS = 10_000
TOOL_CALL_EVERY = 10
_WORDS = ["alpha", "beta", "gamma", "delta", "the", "file", "json", "read", " sum", " is"]
BASELINE = "json.loads(records), 10k records"
STREAM = "FixtureProviderAdapter stream, 10k records"
SNAPSHOT = "FixtureProviderAdapter(...) snapshot alone"


def make_records(count: int = RECORDS, *, seed: int = 5) -> list[dict[str, Any]]:
    """``count`` records of one response: a start, text deltas of 2-8 words with a tool
    call every ``TOOL_CALL_EVERY`` records, and an end with stopReason "tool_call"."""
    rng = random.Random(seed)
    records: list[dict[str, Any]] = [
        {"type": "response_start", "responseId": "response-bench-001", "role": "assistant"}
    ]
    for index in range(count - 2):
        if index % TOOL_CALL_EVERY == TOOL_CALL_EVERY - 1:
            records.append(
                {
                    "type": "tool_call",
                    "id": f"call-{index:05d}",
                    "name": "read",
                    "arguments": {
                        "path": f"src/file_{index}.py",
                        "limit": rng.randint(1, 500),
                        "options": {"encoding": "utf-8", "lines": [1, 2, 3]},
                    },
                }
            )
        else:
            words = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(2, 8)))
            records.append({"type": "text_delta", "text": words})
    records.append(
        {
            "type": "response_end",
            "responseId": "response-bench-001",
            "stopReason": "tool_call",
            "usage": {"inputTokens": 1200, "outputTokens": 3400},
        }
    )
    return records


@contextmanager
def provider_cases() -> Iterator[dict[str, Callable[[], object]]]:
    """The timed cases of one 10,000-record response, on an event loop that is closed on
    exit: ``json.loads`` of the records' compact bytes (the baseline), the adapter's stream
    (constructing it, which snapshots the records, consuming every chunk and awaiting the
    result) and the construction alone."""
    records = make_records()
    payload = json.dumps(records, separators=(",", ":")).encode("utf-8")
    fixture = {"schemaVersion": 1, "responses": [{"records": json.loads(payload)}]}
    loop = asyncio.new_event_loop()

    async def consume() -> int:
        stream = FixtureProviderAdapter(fixture).stream("request-bench-001")
        chunks = 0
        async for _chunk in stream:
            chunks += 1
        await stream.result()
        return chunks

    def run_stream() -> int:
        return loop.run_until_complete(consume())

    def run_construct() -> FixtureProviderAdapter:
        return FixtureProviderAdapter(fixture)

    try:
        if run_stream() != RECORDS - 2:
            raise RuntimeError("the adapter did not stream every record")
        yield {
            BASELINE: lambda: json.loads(payload),
            STREAM: run_stream,
            SNAPSHOT: run_construct,
        }
    finally:
        loop.close()


if __name__ == "__main__":
    from timing import measure

    with provider_cases() as cases:
        timings = measure(cases, 7, collector=True)
    for name, timing in timings.items():
        print(f"{name:<45} {timing.min / timings[BASELINE].min:6.2f}x json.loads (min of 7)")
