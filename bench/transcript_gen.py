"""Deterministic synthetic transcripts for the benchmarks (no randomness from the clock)."""

from __future__ import annotations

import random
from typing import Any


def make_transcript(messages: int, *, seed: int = 1234) -> list[dict[str, Any]]:
    """About 600 bytes a message (10,000 messages: about 6 MB): user turns, assistant turns with text and parallel
    tool calls, and the tool results that answer them, linked correctly."""
    rng = random.Random(seed)
    words = ["alpha", "beta", "gamma", "delta", "epsilon", "package", "json", "read", "file", "the"]
    out: list[dict[str, Any]] = []
    turn = 0
    while len(out) < messages:
        turn += 1
        text = " ".join(rng.choice(words) for _ in range(rng.randint(45, 120)))
        out.append({"role": "user", "id": f"message-user-{turn}", "content": text})
        calls = rng.randint(0, 3)
        content: list[dict[str, Any]] = [
            {
                "type": "text",
                "text": " ".join(rng.choice(words) for _ in range(rng.randint(20, 60))),
            }
        ]
        ids = []
        for n in range(calls):
            call_id = f"call-{turn}-{n}"
            ids.append(call_id)
            content.append(
                {
                    "type": "toolCall",
                    "id": call_id,
                    "name": "read",
                    "arguments": {
                        "path": f"src/file_{turn}_{n}.py",
                        "limit": rng.randint(1, 500),
                        "options": {"encoding": "utf-8", "lines": [1, 2, 3]},
                    },
                }
            )
        out.append(
            {
                "role": "assistant",
                "id": f"message-assistant-{turn}",
                "content": content,
                "model": "model-x",
                "usage": {"inputTokens": rng.randint(1, 9999), "outputTokens": rng.randint(1, 999)},
                "stopReason": "toolCall" if calls else "stop",
            }
        )
        for call_id in ids:
            out.append(
                {
                    "role": "toolResult",
                    "id": f"message-tool-{call_id}",
                    "toolCallId": call_id,
                    "toolName": "read",
                    "content": " ".join(rng.choice(words) for _ in range(rng.randint(20, 120))),
                    "isError": False,
                }
            )
    # Whole turns only, so every call keeps its results (a few messages past the count).
    return out
