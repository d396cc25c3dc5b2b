"""Benchmark: one 10,000-record response streamed through FixtureProviderAdapter.

``bench_provider(best_of)`` returns ratios to ``json.loads`` of the same records' bytes,
measured in one run: the adapter's time covers constructing it (the snapshot of the
records), consuming every chunk and awaiting the result.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from typing import Any

from agent_ir.providers import FixtureProviderAdapter

RECORDS = 10_000
TOOL_CALL_EVERY = 10
_WORDS = ["alpha", "beta", "gamma", "delta", "the", "file", "json", "read", " sum", " is"]


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


def bench_provider(best_of: Callable[[Callable[[], object]], float]) -> dict[str, float]:
    """``{"provider_stream_10k_records_x_json_loads": ratio, ...}``; ``best_of(fn)`` returns
    the best time in seconds of the zero-argument ``fn``."""
    records = make_records()
    payload = json.dumps(records).encode("utf-8")
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
        assert run_stream() == RECORDS - 2
        baseline = best_of(lambda: json.loads(payload))
        stream_time = best_of(run_stream)
        construct_time = best_of(run_construct)
    finally:
        loop.close()
    return {
        "provider_stream_10k_records_x_json_loads": stream_time / baseline,
        "provider_snapshot_10k_records_x_json_loads": construct_time / baseline,
    }


def _best_of(fn: Callable[[], object], repeat: int = 20) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


if __name__ == "__main__":
    for name, ratio in bench_provider(_best_of).items():
        print(f"{name}: {ratio:.2f}")
