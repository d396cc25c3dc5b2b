"""The npm package's speed against Python's ``validate_transcript`` on 10,000 messages
(measured, not asserted; ``nox -s ts_speed``, after ``npm run build`` in
bindings/typescript/):

    python tests/js/speed.py PACKAGE_DIST

Two transcripts: a valid agent session (user turns, assistant messages with parallel
tool calls, their results) and the same with one broken message in a hundred. Prints
the best of 20 runs of each, in milliseconds and messages per second.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from agent_ir import validate_transcript

SIZE = 10_000


def session(size: int, broken_every: int = 0) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = []
    turn = 0
    while len(messages) < size:
        turn += 1
        messages.append({"role": "user", "id": f"u{turn}", "content": f"step {turn}: look it up"})
        calls = [
            {"type": "toolCall", "id": f"call_{turn}_{n}", "name": "search",
             "arguments": {"query": f"q{turn}", "limit": n, "filters": {"lang": ["en", "fr"]}}}
            for n in range(2)
        ]  # fmt: skip
        messages.append(
            {"role": "assistant", "id": f"a{turn}", "content": [{"type": "text", "text": "ok"}, *calls],
             "usage": {"inputTokens": 1200, "outputTokens": 80}, "stopReason": "toolCall"}
        )  # fmt: skip
        for call in calls:
            messages.append(
                {"role": "toolResult", "id": f"r{call['id']}", "toolCallId": call["id"],
                 "toolName": "search", "content": "found 3 documents", "isError": False}
            )  # fmt: skip
    messages = messages[:size]
    if broken_every:
        for index in range(0, size, broken_every):
            messages[index] = {**messages[index], "id": " "}
    return messages


def python_best(transcript: list[dict[str, Any]], repeat: int = 20) -> float:
    validate_transcript(transcript)
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        validate_transcript(transcript)
        best = min(best, time.perf_counter() - started)
    return best * 1000


def main(argv: list[str]) -> int:
    dist = argv[0]
    speed = Path(__file__).with_name("speed.mjs")
    for label, transcript in (("valid", session(SIZE)), ("1% broken", session(SIZE, 100))):
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
            json.dump(transcript, file)
        # the last line: some Node versions print a warning first
        out = subprocess.run(
            ["node", str(speed), dist, file.name], capture_output=True, text=True, check=True
        )
        js = json.loads(out.stdout.strip().splitlines()[-1])
        Path(file.name).unlink()
        python = python_best(transcript)
        count = len(validate_transcript(transcript))
        print(
            f"{label}: {SIZE} messages, {count} diagnostics (package {js['diagnostics']}): "
            f"Python {python:.1f} ms ({SIZE / python * 1000:,.0f} messages/s), "
            f"package {js['bestMs']:.1f} ms ({SIZE / js['bestMs'] * 1000:,.0f} messages/s; "
            f"first run {js['coldMs']:.0f} ms, schemas compiled)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
