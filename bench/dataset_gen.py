"""Deterministic JSONL datasets for ``bench/dataset.py``: one transcript per line
(``write_dataset``), or a small file's lines repeated (``write_repeated``).

Each line holds 10-60 messages from ``transcript_gen.make_transcript`` (a new seed per
line). Most lines are a bare JSON array of messages; one in ``object_every`` is an object
``{"id": "t-000123", "messages": [...]}``; one in ``invalid_every`` is broken on purpose
(a tool result removed, or a tool call's arguments replaced by a string). Compact JSON,
UTF-8, ``\\n`` line ends. Lines are written one at a time, so a 1 GB file needs no more
memory than one line.

    python bench/dataset_gen.py --size 200 /tmp/transcripts.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from transcript_gen import make_transcript

MB = 1_000_000
MIN_MESSAGES = 10
MAX_MESSAGES = 60


@dataclass(frozen=True)
class DatasetInfo:
    """What ``write_dataset`` wrote: bytes, lines, and how many lines are broken."""

    path: Path
    bytes: int
    lines: int
    invalid: int


def write_dataset(
    path: Path | str,
    target_bytes: int,
    *,
    seed: int = 2024,
    invalid_every: int = 50,
    object_every: int = 5,
) -> DatasetInfo:
    """Write lines to ``path`` until at least ``target_bytes`` (overshoot: under one line).

    The same arguments always give the same bytes.
    """
    rng = random.Random(seed)
    path = Path(path)
    written = lines = invalid = 0
    with path.open("wb") as out:
        while written < target_bytes:
            broken = rng.randrange(invalid_every) == 0
            line = _line(lines, rng, broken=broken, as_object=rng.randrange(object_every) == 0)
            out.write(line)
            written += len(line)
            lines += 1
            invalid += broken
    return DatasetInfo(path=path, bytes=written, lines=lines, invalid=invalid)


def write_repeated(
    path: Path | str, source: Path | str, target_bytes: int, *, invalid_per_copy: int
) -> DatasetInfo:
    """Write copies of the lines of ``source`` to ``path`` until at least ``target_bytes``
    (overshoot: under one copy); ``invalid_per_copy``: its broken lines, for the count."""
    data = Path(source).read_bytes()
    if not data.endswith(b"\n"):
        data += b"\n"
    lines = data.count(b"\n")
    copies = max(1, -(-target_bytes // len(data)))
    path = Path(path)
    with path.open("wb") as out:
        for _ in range(copies):
            out.write(data)
    return DatasetInfo(
        path=path, bytes=copies * len(data), lines=copies * lines, invalid=copies * invalid_per_copy
    )


def _line(index: int, rng: random.Random, *, broken: bool, as_object: bool) -> bytes:
    messages = make_transcript(rng.randint(MIN_MESSAGES, MAX_MESSAGES), seed=rng.randrange(2**32))
    if broken:
        _break(messages, rng)
    value: Any = {"id": f"t-{index:06d}", "messages": messages} if as_object else messages
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def _break(messages: list[dict[str, Any]], rng: random.Random) -> None:
    """Make the transcript invalid, in place: drop a tool result (MISSING_TOOL_RESULT) or
    give a tool call string arguments (INVALID_TOOL_ARGUMENTS); with no tool call at all,
    give the first message a number as content (INVALID_MESSAGE)."""
    results = [i for i, message in enumerate(messages) if message["role"] == "toolResult"]
    calls = [
        part
        for message in messages
        if message["role"] == "assistant"
        for part in message["content"]
        if part["type"] == "toolCall"
    ]
    if results and rng.random() < 0.5:
        del messages[rng.choice(results)]
    elif calls:
        call = rng.choice(calls)
        call["arguments"] = json.dumps(call["arguments"])
    else:
        messages[0]["content"] = 42


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", type=Path, help="the .jsonl file to write")
    parser.add_argument("--size", type=float, default=200, help="target size in MB (10^6 bytes)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--invalid-every", type=int, default=50)
    arguments = parser.parse_args(argv)
    info = write_dataset(
        arguments.output,
        int(arguments.size * MB),
        seed=arguments.seed,
        invalid_every=arguments.invalid_every,
    )
    print(f"{info.path}: {info.bytes / MB:.1f} MB, {info.lines} lines, {info.invalid} invalid")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
