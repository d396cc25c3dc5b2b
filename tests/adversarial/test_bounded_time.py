"""Time linear in the input: N and 8N items of one hostile shape, the larger taking at
most 24 times as long (8 for linear growth, times 3 for a noisy shared machine; a
quadratic cost takes 64 times). Process time, best of three, so other processes'
load counts little; each small run takes tens of milliseconds, so noise stays small."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from collections.abc import Callable
from typing import Any

import pytest
from adversarial.catalogue import json_line

from agent_ir import (
    FixtureProviderAdapter,
    JsonObject,
    assistant_message,
    loads,
    parse_transcript,
    user_message,
    validate_json,
    validate_transcript,
)

from support.builders import END, START, assistant, call_block, fixture_of, text, user

GROWTH = 8
ALLOWED_RATIO = GROWTH * 3
RUNS = 3


def malformed_calls(count: int) -> list[Any]:
    """One assistant message with ``count`` tool calls, each with a blank name."""
    calls = [call_block(call_id=f"call-{index}", name=" ") for index in range(count)]
    return [assistant(content=calls)]


def malformed_messages(count: int) -> list[Any]:
    return [user(id=f"message-{index}", content=index) for index in range(count)]


def not_finite_arguments(count: int) -> dict[str, Any]:
    return {f"key-{index}": float("nan") for index in range(count)}


def valid_blocks(count: int) -> list[Any]:
    return [{"type": "text", "text": "t"}] * count


def records(count: int) -> dict[str, Any]:
    return fixture_of([START, *(text("x") for _ in range(count)), END])


def replay(fixture: dict[str, Any]) -> Any:
    return asyncio.run(FixtureProviderAdapter(fixture).stream("request-1").result())


SHAPES = [
    pytest.param(
        malformed_calls, validate_transcript, 100, id="malformed-tool-calls/validate_transcript"
    ),
    pytest.param(
        malformed_calls, parse_transcript, 100, id="malformed-tool-calls/parse_transcript"
    ),
    pytest.param(
        lambda count: malformed_calls(count)[0]["content"],
        lambda content: assistant_message(id="message-assistant", content=content),
        100,
        id="malformed-tool-calls/assistant_message",
    ),
    pytest.param(
        lambda count: json_line(malformed_calls(count)),
        validate_json,
        100,
        id="malformed-tool-calls/validate_json",
    ),
    pytest.param(
        malformed_messages, validate_transcript, 100, id="malformed-messages/validate_transcript"
    ),
    pytest.param(not_finite_arguments, JsonObject, 20_000, id="not-finite-arguments/JsonObject"),
    pytest.param(
        lambda count: [assistant(content=[call_block(arguments=not_finite_arguments(count))])],
        validate_transcript,
        100,
        id="not-finite-arguments/validate_transcript",
    ),
    pytest.param(
        lambda count: user(content=valid_blocks(count))["content"],
        lambda content: user_message(id="message-user", content=content),
        20_000,
        id="valid-blocks/user_message",
    ),
    pytest.param(
        lambda count: json_line([user(content=valid_blocks(count))]),
        loads,
        20_000,
        id="valid-blocks/loads",
    ),
    pytest.param(records, replay, 5_000, id="text-records/FixtureProviderAdapter"),
]


@pytest.mark.parametrize(("build", "entry", "count"), SHAPES)
def test_eight_times_the_items_take_at_most_24_times_as_long(
    build: Callable[[int], Any], entry: Callable[[Any], Any], count: int
) -> None:
    small = _best_time(entry, build(count))
    large = _best_time(entry, build(count * GROWTH))
    assert large <= ALLOWED_RATIO * small, (
        f"{count}: {small:.4f} s, {count * GROWTH}: {large:.4f} s"
    )


def _best_time(entry: Callable[[Any], Any], value: Any) -> float:
    best = float("inf")
    gc.collect()
    for _ in range(RUNS):
        start = time.process_time()
        with contextlib.suppress(Exception):  # a refusal is the work being timed
            entry(value)
        best = min(best, time.process_time() - start)
    return max(best, 1e-3)
