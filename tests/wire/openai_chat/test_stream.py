"""``AsyncOpenAIChatStream``: streamed Chat Completions replies as a ``ModelStream``.

Every recording in ``fixtures/wire/openai-chat`` runs through the adapter in several
chunkings, as bytes and (where the same events exist as objects) as decoded chunks, and
must give its ``.expected.json``; the same bytes are served from a loopback HTTP server
to the official ``openai`` client, whose own stream accumulator must report the same
text, reasoning, tool calls, stop reason and usage (each known difference is asserted,
not skipped); then every mapping, failure and hostile input on its own.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import openai
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_ir import to_json_value
from agent_ir.replies.protocol import ProviderError, ProviderErrorCode
from agent_ir.wire.openai_chat._stream import AsyncOpenAIChatStream

from support.deadline import deadline, supported
from support.examples import examples
from support.hostile import OverridingDict, nested_dicts
from support.loopback import loopback_only
from support.sse_server import sse_server

Code = ProviderErrorCode
FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "wire" / "openai-chat"
NAMES = sorted(path.name.removesuffix(".sse") for path in FIXTURES.glob("*.sse"))
ASYNC_TEST_SECONDS = 20.0


@pytest.fixture(autouse=True)
def _loopback_only() -> Iterator[None]:
    """Connections to anything but 127.0.0.1 fail (the SDK tests talk to the loopback)."""
    with loopback_only():
        yield


@pytest.fixture(autouse=True)
def _async_deadline(request: pytest.FixtureRequest) -> Iterator[None]:
    """An async test that never settles fails instead of hanging the suite."""
    if not (asyncio.iscoroutinefunction(request.function) and supported()):
        yield
        return
    with deadline(ASYNC_TEST_SECONDS, what=request.node.nodeid):
        yield


# --- helpers ---------------------------------------------------------------------------


def body(name: str) -> bytes:
    return (FIXTURES / f"{name}.sse").read_bytes()


def expected(name: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads((FIXTURES / f"{name}.expected.json").read_text("utf-8"))
    return value


async def items(pieces: list[Any]) -> AsyncIterator[Any]:
    for piece in pieces:
        yield piece


def failure(error: ProviderError) -> dict[str, Any]:
    """The error as ``.expected.json`` holds it (the message is worded for people)."""
    value = error.to_json_value()
    del value["message"]
    return value


async def outcome(source: object) -> dict[str, Any]:
    """The chunks (iterated) and then the response or the error, as JSON values."""
    stream = AsyncOpenAIChatStream(source, request_id="request-1")
    chunks: list[Any] = []
    try:
        async for chunk in stream:
            chunks.append(to_json_value(chunk))
        response = await stream.result()
    except ProviderError as error:
        return {"chunks": chunks, "error": failure(error)}
    return {"chunks": chunks, "response": to_json_value(response)}


async def run(events: list[Any]) -> dict[str, Any]:
    return await outcome(items(events))


async def error_of(events: list[Any]) -> ProviderError:
    stream = AsyncOpenAIChatStream(items(events), request_id="request-1")
    with pytest.raises(ProviderError) as caught:
        await stream.result()
    return caught.value


def chunkings(data: bytes) -> dict[str, list[bytes]]:
    """The ways a body is cut into reads: whole, 1 and 7 bytes, and split inside every
    multi-byte UTF-8 character (after its first byte)."""
    inside = [i + 1 for i, byte in enumerate(data) if byte >= 0xC0]
    bounds = [0, *inside, len(data)]
    return {
        "whole": [data],
        "1-byte": [data[i : i + 1] for i in range(len(data))],
        "7-byte": [data[i : i + 7] for i in range(0, len(data), 7)],
        "inside-characters": [data[a:b] for a, b in itertools.pairwise(bounds)],
    }


def sse_events(data: bytes) -> list[tuple[str | None, str]]:
    """(event name, data) of each event: a reader of the recordings written for the
    tests, independent of ``agent_ir.wire._sse`` (one data line per event)."""
    text = data.decode("utf-8").replace("\r\n", "\n")
    events = []
    for block in text.split("\n\n"):
        lines = [line for line in block.split("\n") if line and not line.startswith(":")]
        if not lines:
            continue
        fields = dict(line.split(": ", 1) for line in lines)
        events.append((fields.get("event"), fields["data"]))
    return events


def decoded_chunks(name: str) -> list[Any]:
    return [json.loads(data) for _, data in sse_events(body(name)) if data != "[DONE]"]


# A chunk of a minimal reply, for the tests of single mappings.
RESPONSE_ID = "chatcmpl-test"


def chunk(delta: Any = None, finish: Any = None, **fields: Any) -> dict[str, Any]:
    value: dict[str, Any] = {
        "id": RESPONSE_ID,
        "object": "chat.completion.chunk",
        "created": 1745912345,
        "model": "gpt-4o",
        "choices": [{"index": 0, "delta": {} if delta is None else delta, "finish_reason": finish}],
    }
    value.update(fields)
    return value


def call_delta(index: int, **fields: Any) -> dict[str, Any]:
    return {"tool_calls": [{"index": index, **fields}]}


def usage(prompt: int, completion: int) -> dict[str, Any]:
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
    }


def sse(*events: Any) -> bytes:
    """Events as SSE bytes: a dict is a data event, ``"[DONE]"`` the end, a (name, data)
    pair a named event."""
    out = []
    for event in events:
        if isinstance(event, tuple):
            out.append(f"event: {event[0]}\ndata: {json.dumps(event[1])}\n\n")
        elif event == "[DONE]":
            out.append("data: [DONE]\n\n")
        else:
            out.append(f"data: {json.dumps(event, ensure_ascii=False)}\n\n")
    return "".join(out).encode("utf-8")


def blocks(result: dict[str, Any]) -> list[Any]:
    content: list[Any] = result["response"]["message"]["content"]
    return content


def calls(result: dict[str, Any]) -> list[tuple[str, str, Any]]:
    return [(b["id"], b["name"], b["arguments"]) for b in blocks(result) if b["type"] == "toolCall"]


# --- the recordings ----------------------------------------------------------------------


def test_the_recordings_cover_the_required_cases_and_formats() -> None:
    assert len(NAMES) >= 20
    outcomes = {name: expected(name) for name in NAMES}
    stops = {o["response"]["stopReason"] for o in outcomes.values() if "response" in o}
    errors = {o["error"]["code"] for o in outcomes.values() if "error" in o}
    assert stops == {"stop", "toolCall", "length", "error", "refusal"}
    assert errors == {
        "PROVIDER_TRANSPORT_ERROR",
        "PROVIDER_MISSING_TERMINAL",
        "PROVIDER_UNKNOWN_EVENT",
        "PROVIDER_INVALID_EVENT",
    }
    chunk_types = {c["type"] for o in outcomes.values() for c in o["chunks"]}
    assert chunk_types == {"textDelta", "thinkingDelta", "toolCall", "refusalDelta"}
    bodies = {name: body(name) for name in NAMES}
    assert any(b"\r\n" in data for data in bodies.values())  # CRLF
    assert any(not data.endswith(b"\n\n") for data in bodies.values())  # no final blank line
    assert any(b"\n: " in b"\n" + data for data in bodies.values())  # comments
    assert any(b"event: " in data for data in bodies.values())
    assert sum(not data.isascii() for data in bodies.values()) >= 5


CHUNKINGS = ["whole", "1-byte", "7-byte", "inside-characters"]


@pytest.mark.parametrize("chunking", CHUNKINGS)
@pytest.mark.parametrize("name", NAMES)
async def test_a_recording_gives_its_expected_chunks_and_outcome_in_any_chunking(
    name: str, chunking: str
) -> None:
    pieces = chunkings(body(name))[chunking]
    assert await outcome(items(pieces)) == expected(name)


async def test_result_alone_gives_the_same_response_or_error_as_iterating() -> None:
    for name in NAMES:
        stream = AsyncOpenAIChatStream(
            items(chunkings(body(name))["7-byte"]), request_id="request-1"
        )
        try:
            response = to_json_value(await stream.result())
        except ProviderError as error:
            assert failure(error) == expected(name)["error"], name
        else:
            assert response == expected(name)["response"], name


# Recordings whose events need the SSE framing: named events, or a reply whose end is
# ``[DONE]`` alone (decoded chunks have no [DONE]; see the test below).
NEEDS_SSE = {
    "unknown-event": "its events are named (event: message_start)",
    "unknown-event-midstream": "its unknown event is a name (event: ping)",
    "no-finish-reason": "ended by [DONE] alone",
    "no-finish-tool-call": "ended by [DONE] alone",
}


@pytest.mark.parametrize("name", [name for name in NAMES if name not in NEEDS_SSE])
async def test_a_recording_decoded_into_chunk_objects_gives_the_same_outcome(name: str) -> None:
    assert await run(decoded_chunks(name)) == expected(name)


@pytest.mark.parametrize("name", ["no-finish-reason", "no-finish-tool-call"])
async def test_decoded_chunks_without_a_finish_reason_have_no_terminal(name: str) -> None:
    """(The tool calls, emitted when the reply ends, never come.)"""
    result = await run(decoded_chunks(name))
    assert result["chunks"] == [c for c in expected(name)["chunks"] if c["type"] != "toolCall"]
    assert result["error"]["code"] == "PROVIDER_MISSING_TERMINAL"


async def test_bytes_and_decoded_chunks_mix_in_one_source() -> None:
    events = sse_events(body("tool-call"))
    mixed: list[Any] = []
    for position, (_, data) in enumerate(events):
        mixed.append(
            json.loads(data) if position % 2 and data != "[DONE]" else f"data: {data}\n\n".encode()
        )
    assert await run(mixed) == expected("tool-call")


async def test_the_sdks_own_chunk_objects_read_as_decoded_chunks() -> None:
    """``chunk.model_dump()`` of the SDK's ``ChatCompletionChunk`` (every unset field
    null, extra fields such as ``reasoning_content`` kept) reads like the wire chunks."""
    from openai.types.chat import ChatCompletionChunk

    for name in ["text", "parallel-tool-calls", "deepseek-reasoning", "length-in-tool-call"]:
        dumped = [ChatCompletionChunk.model_validate(c).model_dump() for c in decoded_chunks(name)]
        assert await run(dumped) == expected(name), name


# --- verified against the official client --------------------------------------------

# How the SDK's accumulator reports a finish_reason, read through the documented
# mapping (a refusal is "refusal"; "stop" or no finish with calls is "toolCall").
SDK_FINISH = {"tool_calls": "toolCall", "length": "length", "content_filter": "error"}


def sdk_summary(completion: Any) -> dict[str, Any]:
    choice = completion.choices[0]
    message = choice.message
    extra = message.model_extra or {}
    tool_calls = [(c.id, c.function.name, c.function.arguments) for c in message.tool_calls or []]
    if message.refusal and choice.finish_reason in (None, "stop") and not tool_calls:
        stop = "refusal"
    elif choice.finish_reason in (None, "stop"):
        stop = "toolCall" if tool_calls else "stop"
    else:
        stop = SDK_FINISH[choice.finish_reason]
    return {
        "text": message.content or "",
        "refusal": message.refusal or "",
        "thinking": extra.get("reasoning_content") or extra.get("reasoning") or "",
        "calls": [
            (i, n, json.loads(a) if a.strip() else {}) if _is_object(a) else (i, n, a)
            for i, n, a in tool_calls
        ],
        "stop": stop,
        "usage": (
            (completion.usage.prompt_tokens, completion.usage.completion_tokens)
            if completion.usage
            else (0, 0)
        ),
    }


def _is_object(text: str) -> bool:
    if not text.strip():
        return True
    try:
        return type(json.loads(text)) is dict
    except ValueError:
        return False


def ir_summary(result: dict[str, Any]) -> dict[str, Any]:
    response = result["response"]
    content = response["message"]["content"]
    return {
        "text": "".join(b["text"] for b in content if b["type"] == "text"),
        "refusal": "".join(b["text"] for b in content if b["type"] == "refusal"),
        "thinking": "".join(b["thinking"] for b in content if b["type"] == "thinking"),
        "calls": calls(result),
        "stop": response["stopReason"],
        "usage": (response["usage"]["inputTokens"], response["usage"]["outputTokens"]),
    }


async def sdk_reads(base_url: str) -> tuple[Any, list[str], Exception | None]:
    """The SDK's final completion (None when it raised), the text deltas its stream
    reported, and what it raised."""
    client = openai.AsyncOpenAI(base_url=f"{base_url}/v1", api_key="test-key", max_retries=0)
    deltas: list[str] = []
    completion = None
    try:
        async with client.chat.completions.stream(
            model="gpt-4o", messages=[{"role": "user", "content": "hi"}]
        ) as stream:
            async for event in stream:
                if event.type == "content.delta":
                    deltas.append(event.delta)
            try:
                completion = await stream.get_final_completion()
            except (openai.LengthFinishReasonError, openai.ContentFilterFinishReasonError) as e:
                completion = e.completion  # the SDK refuses these finishes, with the completion
    except Exception as error:  # what the SDK raises is part of the comparison
        return None, deltas, error
    finally:
        await client.close()
    return completion, deltas, None


async def agent_ir_reads(base_url: str) -> dict[str, Any]:
    """agent-ir fed the raw body of a streaming request made with the SDK."""
    client = openai.AsyncOpenAI(base_url=f"{base_url}/v1", api_key="test-key", max_retries=0)
    try:
        async with client.chat.completions.with_streaming_response.create(
            model="gpt-4o", messages=[{"role": "user", "content": "hi"}], stream=True
        ) as response:
            return await outcome(response.iter_bytes())
    finally:
        await client.close()


async def error_message(name: str) -> str | None:
    """The message of the error agent-ir fails the recording with, if it does."""
    try:
        await AsyncOpenAIChatStream(items([body(name)]), request_id="request-1").result()
    except ProviderError as error:
        return error.message
    return None


def _doubled(ours: list[Any], times: list[int]) -> list[Any]:
    return [(i * k, n * k, a) for (i, n, a), k in zip(ours, times, strict=True)]


def _sdk_agrees(
    name: str, ours: dict[str, Any], message: str | None, sdk: Any, deltas: list[str], raised: Any
) -> None:
    """The SDK reports what agent-ir produced, but for the differences listed here."""
    if "error" in ours and ours["error"]["code"] == "PROVIDER_TRANSPORT_ERROR":
        # The SDK raises APIError with the same code (or type) and message, after the
        # same text.
        assert isinstance(raised, openai.APIError), raised
        assert (
            str(raised.code if raised.code is not None else raised.type)
            == ours["error"]["providerCode"]
        )
        assert [d for d in deltas if d] == [c["delta"] for c in ours["chunks"]]
        assert raised.message == message
        return
    if name == "unknown-event":  # an Anthropic body: the SDK's accumulator crashes on it
        assert raised is not None
        assert sdk is None
        return
    assert raised is None, raised
    theirs = sdk_summary(sdk)
    if name == "two-choices":
        # n=2: agent-ir reads choice 0 and warns about choice 1; the SDK's content.delta
        # events mix both choices, its completion keeps them apart.
        assert [w["code"] for w in ours["response"]["warnings"]] == ["CHOICES_NOT_READ"]
        assert ir_summary(ours)["text"] == sdk.choices[0].message.content
        assert len(sdk.choices) == 2
        return
    if name in ("unknown-event-midstream", "missing-terminal", "invalid-arguments"):
        # The SDK takes what agent-ir refuses: event names it ignores, a body cut short
        # without a finish, arguments that are not JSON.
        assert "error" in ours
        assert theirs["text"].startswith(
            "".join(c["delta"] for c in ours["chunks"] if c["type"] == "textDelta")
        )
        if name == "invalid-arguments":
            assert not _is_object(theirs["calls"][0][2])
        return
    assert "".join(deltas) == theirs["text"]
    mine = ir_summary(ours)
    if name == "openrouter-reasoning-tool-call":  # the SDK concatenates repeated ids/names
        assert theirs["calls"] == _doubled(mine["calls"], [3])
        theirs["calls"] = mine["calls"]
    if name == "groq-repeated-tool-call":  # ... and does not read x_groq.usage
        assert theirs["calls"] == _doubled(mine["calls"], [2, 1])
        assert theirs["usage"] == (0, 0)
        assert mine["usage"] == (311, 48)
        theirs["calls"], theirs["usage"] = mine["calls"], mine["usage"]
    if name == "length-in-tool-call":  # the SDK keeps the call the limit cut short
        assert theirs["calls"][: len(mine["calls"])] == mine["calls"]
        assert [_is_object(a) for _, _, a in theirs["calls"][len(mine["calls"]) :]] == [False]
        theirs["calls"] = mine["calls"]
    assert theirs == mine


@pytest.mark.parametrize("name", NAMES)
async def test_the_official_client_reports_what_agent_ir_produced_from_the_same_bytes(
    name: str,
) -> None:
    data = body(name)
    with sse_server(chunkings(data)["7-byte"]) as (base_url, recorded):
        sdk, deltas, raised = await sdk_reads(base_url)
        ours = await agent_ir_reads(base_url)
    assert [request[2]["stream"] for request in recorded.requests] == [True, True]
    assert ours == expected(name)  # agent-ir through the SDK's HTTP stack
    _sdk_agrees(name, ours, await error_message(name), sdk, deltas, raised)


async def test_a_body_streamed_with_pauses_reads_the_same() -> None:
    """Reads that arrive one at a time over a real connection (not one buffer)."""
    pieces = chunkings(body("openrouter-reasoning-tool-call"))["7-byte"][:40]
    rest = body("openrouter-reasoning-tool-call")[sum(map(len, pieces)) :]
    with sse_server([*pieces, rest], pause=0.001) as (base_url, _):
        assert await agent_ir_reads(base_url) == expected("openrouter-reasoning-tool-call")


# --- mappings ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("finish", "stop"),
    [
        ("stop", "stop"),
        ("length", "length"),
        ("model_length", "length"),
        ("content_filter", "error"),
        ("error", "error"),
    ],
)
async def test_a_finish_reason_without_calls_maps_to_its_stop_reason(
    finish: str, stop: str
) -> None:
    result = await run(
        [chunk({"content": "x"}), chunk(finish=finish), chunk(choices=[], usage=usage(3, 4))]
    )
    assert result["response"]["stopReason"] == stop
    assert result["response"]["usage"] == {"inputTokens": 3, "outputTokens": 4}


@pytest.mark.parametrize("finish", ["tool_calls", "function_call", "stop"])
async def test_a_finish_reason_after_calls_is_tool_call(finish: str) -> None:
    result = await run(
        [
            chunk(
                call_delta(
                    0, id="call_1", type="function", function={"name": "f", "arguments": "{}"}
                )
            ),
            chunk(finish=finish),
        ]
    )
    assert result["response"]["stopReason"] == "toolCall"
    assert calls(result) == [("call_1", "f", {})]


async def test_tool_calls_after_length_keep_their_stop_reason() -> None:
    result = await run(
        [
            chunk(call_delta(0, id="call_1", function={"name": "f", "arguments": "{}"})),
            chunk(finish="length"),
        ]
    )
    assert (result["response"]["stopReason"], calls(result)) == ("length", [("call_1", "f", {})])


async def test_finish_tool_calls_without_a_call_is_an_invalid_terminal() -> None:
    error = await error_of([chunk({"content": "x"}), chunk(finish="tool_calls")])
    assert error.code == Code.PROVIDER_INVALID_TERMINAL


@pytest.mark.parametrize("finish", ["end_turn", "eos_token", "STOP"])
async def test_an_unknown_finish_reason_is_an_invalid_event_naming_it(finish: str) -> None:
    error = await error_of([chunk({"content": "x"}), chunk(finish=finish)])
    assert error.code == Code.PROVIDER_INVALID_EVENT
    assert repr(finish) in error.message


async def test_an_empty_finish_reason_means_none_yet() -> None:
    result = await run(
        [chunk({"content": "a"}, finish=""), chunk({"content": "b"}), chunk(finish="stop")]
    )
    assert [c["delta"] for c in result["chunks"]] == ["a", "b"]


async def test_the_same_finish_reason_again_is_ignored_and_another_is_refused() -> None:
    again = await run(
        [chunk({"content": "a"}), chunk(finish="stop"), chunk(finish="stop", usage=usage(1, 2))]
    )
    assert again["response"]["usage"] == {"inputTokens": 1, "outputTokens": 2}
    error = await error_of([chunk({"content": "a"}), chunk(finish="stop"), chunk(finish="length")])
    assert error.code == Code.PROVIDER_INVALID_EVENT
    assert "'length' after finish_reason 'stop'" in error.message


@pytest.mark.parametrize(
    ("delta", "field"),
    [
        ({"content": "more"}, "content"),
        ({"reasoning_content": "more"}, "reasoning"),
        ({"refusal": "no"}, "refusal"),
        (call_delta(0, id="c", function={"name": "f"}), "tool_calls"),
    ],
)
async def test_a_delta_after_the_finish_is_an_invalid_event(delta: Any, field: str) -> None:
    error = await error_of([chunk({"content": "a"}), chunk(finish="stop"), chunk(delta)])
    assert error.code == Code.PROVIDER_INVALID_EVENT
    assert f"/choices/0/delta/{field} after finish_reason 'stop'" in error.message


async def test_empty_deltas_and_null_fields_after_the_finish_are_taken() -> None:
    late = chunk({"content": "", "role": "assistant", "tool_calls": [], "refusal": None})
    result = await run([chunk({"content": "a"}), chunk(finish="stop"), late, b"data: [DONE]\n\n"])
    assert result["response"]["stopReason"] == "stop"


async def test_reasoning_opens_a_thinking_block_closed_before_text_and_reopened_after() -> None:
    result = await run(
        [
            chunk({"reasoning_content": "r1"}),
            chunk({"reasoning_content": "r2", "content": "t1"}),
            chunk({"reasoning": "r3"}),
            chunk({"content": "t2"}),
            chunk({"reasoning": "r4"}),
            chunk(finish="stop"),
        ]
    )
    assert [c["type"] for c in result["chunks"]] == [
        "thinkingDelta", "thinkingDelta", "textDelta", "thinkingDelta", "textDelta", "thinkingDelta"
    ]  # fmt: skip
    assert blocks(result) == [
        {"type": "thinking", "thinking": "r1r2"},
        {"type": "text", "text": "t1"},
        {"type": "thinking", "thinking": "r3"},
        {"type": "text", "text": "t2"},
        {"type": "thinking", "thinking": "r4"},
    ]


async def test_thinking_is_closed_before_the_tool_calls() -> None:
    result = await run(
        [
            chunk({"reasoning": "think"}),
            chunk(call_delta(0, id="call_1", function={"name": "f", "arguments": "{}"})),
            chunk({"reasoning": "more"}),
            chunk(finish="tool_calls"),
        ]
    )
    assert [b["type"] for b in blocks(result)] == ["thinking", "thinking", "toolCall"]


async def test_reasoning_content_is_taken_over_reasoning_when_a_delta_has_both() -> None:
    result = await run(
        [chunk({"reasoning_content": "deepseek", "reasoning": "copy"}), chunk(finish="stop")]
    )
    assert blocks(result) == [{"type": "thinking", "thinking": "deepseek"}]


async def test_empty_text_and_reasoning_emit_nothing() -> None:
    result = await run(
        [chunk({"content": "", "reasoning_content": "", "reasoning": ""}), chunk(finish="stop")]
    )
    assert (result["chunks"], blocks(result)) == ([], [])


async def test_a_refusal_is_a_refusal_block_and_ends_with_refusal() -> None:
    result = await run([chunk({"refusal": "I can't"}), chunk({"refusal": "."}, finish="stop")])
    assert [c["type"] for c in result["chunks"]] == ["refusalDelta", "refusalDelta"]
    assert (blocks(result), result["response"]["stopReason"]) == (
        [{"type": "refusal", "text": "I can't."}],
        "refusal",
    )
    no_finish = await run([chunk({"refusal": "I can't"}), b"data: [DONE]\n\n"])
    assert no_finish["response"]["stopReason"] == "refusal"
    cut = await run([chunk({"refusal": "I can"}), chunk(finish="length")])
    assert cut["response"]["stopReason"] == "length"


async def test_tool_calls_are_emitted_in_index_order_when_the_choice_finishes() -> None:
    stream = AsyncOpenAIChatStream(
        items(
            [
                chunk(
                    call_delta(1, id="call_b", function={"name": "second", "arguments": '{"n":'})
                ),
                chunk(call_delta(0, id="call_a", function={"name": "first", "arguments": "{}"})),
                chunk(call_delta(1, function={"arguments": "2}"})),
                chunk(finish="tool_calls"),
            ]
        ),
        request_id="request-1",
    )
    first = await anext(stream)
    assert (first.tool_call.id, first.tool_call.name) == ("call_a", "first")  # type: ignore[union-attr]
    second = await anext(stream)
    assert dict(second.tool_call.arguments) == {"n": 2}  # type: ignore[union-attr]


async def test_repeated_ids_and_names_keep_the_first_and_arguments_are_concatenated() -> None:
    piece = {"index": 0, "id": "call_x", "type": "function"}
    result = await run(
        [
            chunk({"tool_calls": [{**piece, "function": {"name": "f", "arguments": '{"a"'}}]}),
            chunk(
                {
                    "tool_calls": [
                        {**piece, "id": "call_other", "function": {"name": "g", "arguments": ":1}"}}
                    ]
                }
            ),
            chunk(finish="tool_calls"),
        ]
    )
    assert calls(result) == [("call_x", "f", {"a": 1})]


async def test_an_id_or_name_first_given_empty_is_taken_from_a_later_delta() -> None:
    result = await run(
        [
            chunk(call_delta(0, id="", function={"name": "", "arguments": ""})),
            chunk(call_delta(0, id="call_1", function={"name": "f", "arguments": "{}"})),
            chunk(finish="tool_calls"),
        ]
    )
    assert calls(result) == [("call_1", "f", {})]


@pytest.mark.parametrize("text", ["", "   ", " {} ", "{}"])
async def test_empty_arguments_are_an_empty_object(text: str) -> None:
    result = await run(
        [
            chunk(call_delta(0, id="call_1", function={"name": "f", "arguments": text})),
            chunk(finish="tool_calls"),
        ]
    )
    assert calls(result) == [("call_1", "f", {})]


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1',
        "[1, 2]",
        '"text"',
        "42",
        "null",
        '{"a": 1, "a": 2}',
        '{"a": NaN}',
        '{"a": Infinity}',
        '{"a": 1e999}',
    ],
)
async def test_arguments_that_are_not_one_json_object_are_refused_naming_the_call(
    text: str,
) -> None:
    error = await error_of(
        [
            chunk(call_delta(0, id="call_1", function={"name": "lookup", "arguments": text})),
            chunk(finish="tool_calls"),
        ]
    )
    assert error.code == Code.PROVIDER_INVALID_EVENT
    assert "tool call 'call_1' (lookup) arguments are not a JSON object" in error.message


async def test_arguments_are_parsed_once_at_the_end() -> None:
    """Pieces that are not JSON on their own are fine: only the joined text is parsed."""
    pieces = ['{"path', '": "a', '.txt", "n": [1', ", 2]}"]
    events = [chunk(call_delta(0, id="call_1", function={"name": "read"}))]
    events += [chunk(call_delta(0, function={"arguments": p})) for p in pieces]
    result = await run([*events, chunk(finish="tool_calls")])
    assert calls(result) == [("call_1", "read", {"path": "a.txt", "n": [1, 2]})]


@pytest.mark.parametrize(
    ("delta", "words"),
    [
        (call_delta(0, function={"name": "f", "arguments": "{}"}), "tool call 0 (f) has no id"),
        (
            call_delta(0, id="call_1", function={"arguments": "{}"}),
            "tool call 'call_1' (None) has no function name",
        ),
    ],
)
async def test_a_call_without_an_id_or_a_name_is_refused(delta: Any, words: str) -> None:
    error = await error_of([chunk(delta), chunk(finish="tool_calls")])
    assert (error.code, words in error.message) == (Code.PROVIDER_INVALID_EVENT, True)


async def test_after_length_an_incomplete_call_is_dropped_and_complete_ones_kept() -> None:
    result = await run(
        [
            chunk(call_delta(0, id="call_ok", function={"name": "f", "arguments": "{}"})),
            chunk(
                call_delta(1, id="call_cut", function={"name": "g", "arguments": '{"text": "abc'})
            ),
            chunk(call_delta(2, id="call_noname")),
            chunk(finish="length"),
        ]
    )
    assert (result["response"]["stopReason"], calls(result)) == ("length", [("call_ok", "f", {})])


async def test_a_custom_tool_call_is_skipped() -> None:
    custom = {
        "index": 0,
        "id": "call_c",
        "type": "custom",
        "custom": {"name": "grep", "input": "x"},
    }
    result = await run(
        [
            chunk({"tool_calls": [custom]}),
            chunk({"tool_calls": [{"index": 0, "custom": {"input": "y"}}]}),
            chunk(
                call_delta(
                    1, id="call_f", type="function", function={"name": "f", "arguments": "{}"}
                )
            ),
            chunk(finish="tool_calls"),
        ]
    )
    assert calls(result) == [("call_f", "f", {})]


async def test_a_legacy_function_call_is_refused() -> None:
    error = await error_of(
        [chunk({"function_call": {"name": "f", "arguments": "{}"}}), chunk(finish="function_call")]
    )
    assert error.code == Code.PROVIDER_INVALID_EVENT
    assert error.message == (
        "event 0: chat.completion.chunk /choices/0/delta/function_call (a legacy function "
        "call) is not supported: it has no call id; use tools"
    )
    assert "no call id" in error.message


async def test_another_choice_index_is_not_read_and_warned_once() -> None:
    other = chunk(choices=[{"index": 1, "delta": {"content": "b"}}])
    result = await run([chunk({"content": "a"}), other, other, chunk(finish="stop")])
    assert blocks(result) == [{"type": "text", "text": "a"}]
    assert [(w["code"], w["path"]) for w in result["response"]["warnings"]] == [
        ("CHOICES_NOT_READ", "/choices/1")
    ]


async def test_a_choice_without_an_index_or_a_delta_is_choice_zero_with_nothing() -> None:
    result = await run(
        [chunk(choices=[{"delta": {"content": "a"}}]), chunk(choices=[{"finish_reason": "stop"}])]
    )
    assert (blocks(result), result["response"]["stopReason"]) == (
        [{"type": "text", "text": "a"}],
        "stop",
    )


# --- response id, usage, the end ---------------------------------------------------------


async def test_the_first_chunk_with_an_id_starts_the_response_and_later_ids_are_not_read() -> None:
    result = await run(
        [
            {"id": "", "object": "", "choices": [], "prompt_filter_results": []},
            chunk({"content": "a"}, id="first-id"),
            chunk({"content": "b"}, id="second-id"),
            chunk(choices=[{"index": 0, "delta": {}, "finish_reason": "stop"}], id=None),
        ]
    )
    assert result["response"]["id"] == "first-id"
    assert result["response"]["message"]["id"] == "message-first-id"


@pytest.mark.parametrize("response_id", [None, "", "  "])
async def test_chunks_with_choices_but_no_id_take_the_request_id(response_id: Any) -> None:
    result = await run([chunk({"content": "a"}, id=response_id), chunk(finish="stop", id="x")])
    assert result["response"]["id"] == "request-1"
    assert result["response"]["message"]["id"] == "message-request-1"


async def test_an_id_that_is_not_a_string_is_refused() -> None:
    error = await error_of([chunk({"content": "a"}, id=7)])
    assert (error.code, "/id must be a string or null" in error.message) == (
        Code.PROVIDER_INVALID_EVENT,
        True,
    )


async def test_done_before_any_chunk_is_a_missing_start() -> None:
    error = await error_of([b"data: [DONE]\n\n"])
    assert (error.code, error.record_index) == (Code.PROVIDER_MISSING_START, 0)


async def test_an_empty_body_is_a_missing_terminal() -> None:
    assert await run([b""]) == {
        "chunks": [],
        "error": {"code": "PROVIDER_MISSING_TERMINAL", "recordIndex": 0},
    }
    assert await run([]) == {
        "chunks": [],
        "error": {"code": "PROVIDER_MISSING_TERMINAL", "recordIndex": 0},
    }


async def test_the_last_usage_wins_and_null_usage_is_none() -> None:
    result = await run(
        [
            chunk({"content": "a"}, usage=usage(5, 1)),
            chunk({"content": "b"}, usage=None),
            chunk(finish="stop", usage=usage(5, 2)),
            chunk(choices=[], usage=None),
        ]
    )
    assert result["response"]["usage"] == {"inputTokens": 5, "outputTokens": 2}


async def test_no_usage_at_all_is_zero() -> None:
    result = await run([chunk({"content": "a"}), chunk(finish="stop")])
    assert result["response"]["usage"] == {"inputTokens": 0, "outputTokens": 0}


async def test_groq_x_groq_usage_is_read_when_the_chunk_has_no_usage() -> None:
    groq = {"id": "req_1", "usage": usage(7, 8)}
    taken = await run([chunk({"content": "a"}), chunk(finish="stop", x_groq=groq)])
    assert taken["response"]["usage"] == {"inputTokens": 7, "outputTokens": 8}
    both = await run(
        [chunk({"content": "a"}), chunk(finish="stop", x_groq=groq, usage=usage(1, 2))]
    )
    assert both["response"]["usage"] == {"inputTokens": 1, "outputTokens": 2}


async def test_the_usage_after_the_finish_is_in_the_response() -> None:
    """``stream_options.include_usage``: usage comes in a chunk after the finish."""
    result = await run(
        [
            chunk({"content": "a"}),
            chunk(finish="stop"),
            chunk(choices=[], usage=usage(11, 12)),
            b"data: [DONE]\n\n",
        ]
    )
    assert result["response"]["usage"] == {"inputTokens": 11, "outputTokens": 12}


async def test_a_body_ending_after_the_finish_without_done_ends_the_response() -> None:
    result = await run([sse(chunk({"content": "a"}), chunk(finish="length"))])
    assert result["response"]["stopReason"] == "length"


async def test_a_body_ending_without_finish_or_done_is_a_missing_terminal_after_its_chunks() -> (
    None
):
    result = await run([sse(chunk({"reasoning": "r"}), chunk({"content": "a"}))])
    assert result == {
        "chunks": [
            {"type": "thinkingDelta", "requestId": "request-1", "delta": "r"},
            {"type": "textDelta", "requestId": "request-1", "delta": "a"},
        ],
        "error": {"code": "PROVIDER_MISSING_TERMINAL", "recordIndex": 2},
    }


async def test_done_without_a_finish_decides_by_content() -> None:
    text = await run([sse(chunk({"reasoning": "r"}), chunk({"content": "a"}), "[DONE]")])
    assert (text["response"]["stopReason"], [b["type"] for b in blocks(text)]) == (
        "stop",
        ["thinking", "text"],
    )
    call = await run([sse(chunk(call_delta(0, id="c", function={"name": "f"})), "[DONE]")])
    assert (call["response"]["stopReason"], calls(call)) == ("toolCall", [("c", "f", {})])


@pytest.mark.parametrize(
    "after",
    [
        b"data: [DONE]\n\n",
        sse(chunk({"content": "late"})),
        sse(chunk(choices=[], usage=usage(1, 1))),
        sse(("error", {"error": {"message": "late", "code": "x"}})),
        b"data: {not json\n\n",
    ],
    ids=["second-done", "content", "usage", "error", "not-json"],
)
async def test_the_stream_settles_at_done_and_reads_nothing_after_it(after: bytes) -> None:
    """As the official client stops reading at [DONE]: what follows, in the same
    network chunk or later, is never read."""
    before = sse(chunk({"content": "a"}), chunk(finish="stop"), "[DONE]")
    for pieces in ([before + after], [before, after]):
        result = await run(pieces)
        assert result["chunks"] == [{"type": "textDelta", "requestId": "request-1", "delta": "a"}]
        assert result["response"]["stopReason"] == "stop"
        assert result["response"]["usage"] == {"inputTokens": 0, "outputTokens": 0}


async def test_the_source_is_closed_at_done_without_reading_past_it() -> None:
    log: list[str] = []

    async def source() -> AsyncIterator[bytes]:
        try:
            yield sse(chunk({"content": "a"}), chunk(finish="stop"), "[DONE]")
            log.append("read past [DONE]")
            await asyncio.Event().wait()  # a proxy that keeps the connection open
        finally:
            log.append("finally")

    result = await outcome(source())
    assert result["response"]["stopReason"] == "stop"
    assert log == ["finally"]


# --- errors -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("error", "code", "message"),
    [
        ({"message": "boom", "type": "server_error", "code": None}, "server_error", "boom"),
        (
            {"message": "slow down", "type": "tokens", "code": "rate_limit_exceeded"},
            "rate_limit_exceeded",
            "slow down",
        ),
        ({"code": 502, "message": "Provider disconnected"}, "502", "Provider disconnected"),
        ({"code": True, "type": " ", "message": "m"}, "unknown", "m"),
        (
            {"message": ""},
            "unknown",
            'the provider reported an error without a message: {"message":""}',
        ),
        ("overloaded", "unknown", "overloaded"),
        (["a"], "unknown", 'the provider reported an error without a message: ["a"]'),
    ],
)
async def test_an_error_in_a_chunk_is_a_transport_error_with_its_code(
    error: Any, code: str, message: str
) -> None:
    stream = AsyncOpenAIChatStream(
        items([chunk({"content": "a"}), {"error": error}]), request_id="request-1"
    )
    assert (await anext(stream)).delta == "a"  # type: ignore[union-attr]
    with pytest.raises(ProviderError) as caught:
        await stream.result()
    assert (caught.value.code, caught.value.provider_code, caught.value.message) == (
        Code.PROVIDER_TRANSPORT_ERROR,
        code,
        message,
    )
    assert caught.value.record_index == 1  # the second event


async def test_an_error_beside_choices_wins_over_them() -> None:
    """OpenRouter: the error chunk also has a choice with finish_reason "error"."""
    error = await error_of(
        [
            chunk({"content": "a"}),
            chunk({"content": "ignored"}, finish="error", error={"code": 500, "message": "m"}),
        ]
    )
    assert (error.code, error.provider_code) == (Code.PROVIDER_TRANSPORT_ERROR, "500")


@pytest.mark.parametrize(
    "data",
    [
        {"error": {"message": "m", "code": "c"}},
        {"message": "m", "code": "c"},
    ],
)
async def test_an_error_event_is_a_transport_error_whether_or_not_it_wraps_the_error(
    data: Any,
) -> None:
    error = await error_of([sse(chunk({"content": "a"}), ("error", data))])
    assert (error.code, error.provider_code, error.message) == (
        Code.PROVIDER_TRANSPORT_ERROR,
        "c",
        "m",
    )


async def test_an_error_event_before_any_chunk_is_a_transport_error() -> None:
    error = await error_of(
        [sse(("error", {"error": {"message": "m", "type": "invalid_request_error"}}))]
    )
    assert (error.code, error.provider_code, error.record_index) == (
        Code.PROVIDER_TRANSPORT_ERROR,
        "invalid_request_error",
        0,
    )


async def test_a_null_error_is_no_error() -> None:
    result = await run([chunk({"content": "a"}, error=None), chunk(finish="stop")])
    assert result["response"]["stopReason"] == "stop"


async def test_a_refusable_event_after_a_transport_error_in_the_same_read_leaves_it() -> None:
    """The error stands even when a refusable event follows it in the same read."""
    error = await error_of(
        [sse(chunk({"content": "a"}), {"error": {"message": "m", "code": "c"}}, {"choices": 5})]
    )
    assert (error.code, error.provider_code) == (Code.PROVIDER_TRANSPORT_ERROR, "c")


@pytest.mark.parametrize(
    "name", ["ping", "message_start", "response.created", "text_delta", "response_end"]
)
async def test_an_unknown_event_name_is_an_unknown_event(name: str) -> None:
    error = await error_of(
        [sse(chunk({"content": "a"}), (name, {"type": name}), chunk(finish="stop"), "[DONE]")]
    )
    assert (error.code, error.record_index) == (Code.PROVIDER_UNKNOWN_EVENT, 1)
    assert repr(name) in error.message


async def test_the_default_event_name_message_is_a_chunk() -> None:
    result = await run(
        [sse(("message", chunk({"content": "a"})), ("message", chunk(finish="stop")), "[DONE]")]
    )
    assert result["response"]["stopReason"] == "stop"


@pytest.mark.parametrize("kind", ["chat.completion", "response", "text_completion"])
async def test_an_unknown_chunk_object_is_an_unknown_event(kind: str) -> None:
    error = await error_of([chunk({"content": "a"}), chunk({"content": "b"}, object=kind)])
    assert (error.code, error.record_index, repr(kind) in error.message) == (
        Code.PROVIDER_UNKNOWN_EVENT,
        1,
        True,
    )


async def test_chunks_without_an_object_field_are_taken() -> None:
    events = [chunk({"content": "a"}), chunk(finish="stop")]
    for event in events:
        del event["object"]
    assert (await run(events))["response"]["stopReason"] == "stop"


# --- hostile and ill-typed events ---------------------------------------------------------


def _set(path: str, value: Any) -> dict[str, Any]:
    """A chunk with ``value`` at ``path`` (dotted keys, integers index lists)."""
    event = chunk(
        {
            "content": "a",
            "tool_calls": [{"index": 0, "id": "c", "function": {"name": "f", "arguments": ""}}],
        }
    )
    target: Any = event
    keys = [int(k) if k.isdigit() else k for k in path.split(".")]
    for key in keys[:-1]:
        target = target[key]
    target[keys[-1]] = value
    return event


@pytest.mark.parametrize(
    ("path", "value", "named"),
    [
        ("choices", {"0": {}}, "/choices must be an array or null; it is an object"),
        ("choices.0", "text", "/choices/0 must be an object; it is a string ('text')"),
        (
            "choices.0.index",
            "0",
            "/choices/0/index must be an integer >= 0; it is a string ('0')",
        ),
        (
            "choices.0.index",
            0.0,
            "/choices/0/index must be an integer >= 0; it is a number (0.0)",
        ),
        ("choices.0.delta", ["a"], "/choices/0/delta must be an object or null; it is an array"),
        (
            "choices.0.finish_reason",
            1,
            "/choices/0/finish_reason must be a string or null; it is a number (1)",
        ),
        (
            "choices.0.delta.content",
            ["a"],
            "/choices/0/delta/content/0 must be an object; it is a string ('a')",
        ),
        (
            "choices.0.delta.content",
            5,
            "/choices/0/delta/content must be a string or an array or null; it is a number (5)",
        ),
        (
            "choices.0.delta.reasoning_content",
            {},
            "/choices/0/delta/reasoning_content must be a string or null; it is an object",
        ),
        (
            "choices.0.delta.reasoning",
            True,
            "/choices/0/delta/reasoning must be a string or null; it is a boolean (true)",
        ),
        (
            "choices.0.delta.refusal",
            1,
            "/choices/0/delta/refusal must be a string or null; it is a number (1)",
        ),
        (
            "choices.0.delta.tool_calls",
            {"index": 0},
            "/choices/0/delta/tool_calls must be an array or null; it is an object",
        ),
        (
            "choices.0.delta.tool_calls.0",
            "call",
            "/choices/0/delta/tool_calls/0 must be an object; it is a string ('call')",
        ),
        (
            "choices.0.delta.tool_calls.0.index",
            -1,
            "/choices/0/delta/tool_calls/0/index must be an integer >= 0 or null;"
            " it is a number (-1)",
        ),
        (
            "choices.0.delta.tool_calls.0.index",
            True,
            "/choices/0/delta/tool_calls/0/index must be an integer >= 0 or null;"
            " it is a boolean (true)",
        ),
        (
            "choices.0.delta.tool_calls.0.id",
            7,
            "/choices/0/delta/tool_calls/0/id must be a string or null; it is a number (7)",
        ),
        (
            "choices.0.delta.tool_calls.0.type",
            1,
            "/choices/0/delta/tool_calls/0/type must be a string or null; it is a number (1)",
        ),
        (
            "choices.0.delta.tool_calls.0.function",
            "f",
            "/choices/0/delta/tool_calls/0/function must be an object or null;"
            " it is a string ('f')",
        ),
        (
            "choices.0.delta.tool_calls.0.function.name",
            ["f"],
            "/choices/0/delta/tool_calls/0/function/name must be a string or null; it is an array",
        ),
        (
            "choices.0.delta.tool_calls.0.function.arguments",
            {"a": 1},
            "/choices/0/delta/tool_calls/0/function/arguments must be a string or null;"
            " it is an object",
        ),
        ("object", 5, "/object must be a string or null; it is a number (5)"),
        ("usage", [1], "/usage must be an object or null; it is an array"),
        (
            "usage",
            {"prompt_tokens": 1},
            "/usage/completion_tokens must be an integer >= 0; it is missing",
        ),
        (
            "usage",
            {"prompt_tokens": "1", "completion_tokens": 1},
            "/usage/prompt_tokens must be an integer >= 0; it is a string ('1')",
        ),
        (
            "usage",
            {"prompt_tokens": True, "completion_tokens": 1},
            "/usage/prompt_tokens must be an integer >= 0; it is a boolean (true)",
        ),
        (
            "usage",
            {"prompt_tokens": -1, "completion_tokens": 1},
            "/usage/prompt_tokens must be an integer >= 0; it is a number (-1)",
        ),
        (
            "usage",
            {"prompt_tokens": 1.0, "completion_tokens": 1},
            "/usage/prompt_tokens must be an integer >= 0; it is a number (1.0)",
        ),
        ("x_groq", "req", "/x_groq must be an object or null; it is a string ('req')"),
        ("x_groq", {"usage": 3}, "/x_groq/usage must be an object or null; it is a number (3)"),
    ],
)
async def test_an_ill_typed_field_is_an_invalid_event_naming_it(
    path: str, value: Any, named: str
) -> None:
    error = await error_of([chunk({"content": "first"}), _set(path, value)])
    assert error.code == Code.PROVIDER_INVALID_EVENT
    # the event type, the field's JSON pointer, what it must be, what it is
    assert error.message == f"event 1: chat.completion.chunk {named}"
    assert error.record_index == 1


@pytest.mark.parametrize("event", [[], "chunk", 5, None, True])
async def test_a_chunk_that_is_not_an_object_is_an_invalid_event(event: Any) -> None:
    error = await error_of([f"data: {json.dumps(event)}\n\n".encode()])
    assert error.code == Code.PROVIDER_INVALID_EVENT
    assert "a chunk must be a JSON object" in error.message


async def test_data_that_is_not_json_is_an_invalid_event() -> None:
    error = await error_of([sse(chunk({"content": "a"})), b'data: {"id": \n\n'])
    assert (error.code, error.record_index) == (Code.PROVIDER_INVALID_EVENT, 1)


async def test_bytes_that_are_not_utf8_are_an_invalid_event() -> None:
    error = await error_of([b'data: {"id": "\xff"}\n\n'])
    assert error.code == Code.PROVIDER_INVALID_EVENT


@pytest.mark.parametrize(
    "escaped",
    [
        '{"content": "\\ud800"}',
        '{"reasoning": "\\udfff"}',
    ],
)
async def test_a_lone_surrogate_in_text_is_an_invalid_event(escaped: str) -> None:
    event = json.dumps(chunk()).replace('"delta": {}', f'"delta": {escaped}')
    error = await error_of([f"data: {event}\n\n".encode()])
    assert error.code == Code.PROVIDER_INVALID_EVENT


async def test_token_counts_beyond_2_to_the_53_are_an_invalid_event() -> None:
    error = await error_of([chunk({"content": "a"}), chunk(finish="stop", usage=usage(2**60, 1))])
    assert error.code == Code.PROVIDER_INVALID_EVENT


async def test_dict_subclasses_with_hostile_readers_are_read_through_the_base_type() -> None:
    events = []
    for event in [chunk({"content": "a"}), chunk(finish="stop")]:
        hostile = OverridingDict(event)
        hostile_choice = OverridingDict(event["choices"][0])
        dict.__setitem__(hostile, "choices", [hostile_choice])
        events.append(hostile)
    result = await run(events)
    assert [c["delta"] for c in result["chunks"]] == ["a"]
    assert result["response"]["stopReason"] == "stop"


@pytest.mark.parametrize(
    "event",
    [
        pytest.param(nested_dicts(100_000), id="deep"),
        pytest.param({1: "not a string key"}, id="int-key"),
        pytest.param({"id": object()}, id="not-json"),
        pytest.param(copy.deepcopy([chunk()]), id="list"),
    ],
)
async def test_event_objects_that_are_not_json_are_an_invalid_event(event: Any) -> None:
    error = await error_of([event])
    assert error.code == Code.PROVIDER_INVALID_EVENT


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 2**54)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
field_values = st.one_of(
    json_values,
    st.sampled_from(["stop", "tool_calls", "length", "", "{}", '{"a":1}', "call_1", "f", 0, 1]),
)
deltas = st.fixed_dictionaries(
    {},
    optional={
        "content": field_values,
        "reasoning_content": field_values,
        "reasoning": field_values,
        "refusal": field_values,
        "tool_calls": st.lists(
            st.fixed_dictionaries(
                {"index": st.one_of(st.integers(-1, 2), field_values)},
                optional={
                    "id": field_values,
                    "type": st.sampled_from(["function", "custom", None]),
                    "function": st.fixed_dictionaries(
                        {}, optional={"name": field_values, "arguments": field_values}
                    )
                    | field_values,
                },
            ),
            max_size=2,
        )
        | field_values,
    },
)
chunks_strategy = st.fixed_dictionaries(
    {"id": st.one_of(st.just("chatcmpl-1"), field_values)},
    optional={
        "object": st.sampled_from(["chat.completion.chunk", "", "other"]),
        "choices": st.lists(
            st.fixed_dictionaries(
                {},
                optional={
                    "index": st.one_of(st.just(0), field_values),
                    "delta": deltas | field_values,
                    "finish_reason": field_values,
                },
            ),
            max_size=2,
        )
        | field_values,
        "usage": st.one_of(
            st.fixed_dictionaries(
                {"prompt_tokens": field_values, "completion_tokens": field_values}
            ),
            field_values,
        ),
        "error": st.one_of(st.none(), field_values),
    },
)

_OUTCOME_CODES = {code.value for code in Code} - {
    "PROVIDER_INVALID_FIXTURE",
    "PROVIDER_ITERATOR_REUSED",
}


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events=st.lists(st.one_of(chunks_strategy, json_values, st.just("[DONE]")), max_size=6))
def test_any_events_give_a_response_or_a_provider_error(events: list[Any]) -> None:
    """Whatever the events, the stream settles with a response or a ProviderError of a
    stream code (never another exception), as bytes and as decoded objects alike when
    both forms exist."""
    as_bytes = [
        sse(event) if event == "[DONE]" else f"data: {json.dumps(event)}\n\n".encode()
        for event in events
    ]
    result = asyncio.run(outcome(items(as_bytes)))
    if "error" in result:
        assert result["error"]["code"] in _OUTCOME_CODES
    if all(type(event) is dict for event in events):
        assert asyncio.run(outcome(items(events))) == result


# --- the source: cancellation, failures, closing -----------------------------------------


class Source:
    """An async generator over ``pieces`` that records whether it was closed, and can
    wait for ``release`` before a piece or raise at one."""

    def __init__(
        self, pieces: list[Any], *, wait_at: int | None = None, fail_at: int | None = None
    ) -> None:
        self.pieces = pieces
        self.wait_at = wait_at
        self.fail_at = fail_at
        self.release = asyncio.Event()
        self.waiting = asyncio.Event()
        self.closed = False
        self.read = 0

    async def generate(self) -> AsyncIterator[Any]:
        try:
            for position, piece in enumerate(self.pieces):
                if position == self.wait_at:
                    self.waiting.set()
                    await self.release.wait()
                if position == self.fail_at:
                    raise ConnectionResetError("peer closed connection")
                self.read += 1
                yield piece
        finally:
            self.closed = True


def _pieces(name: str) -> list[bytes]:
    return [f"data: {data}\n\n".encode() for _, data in sse_events(body(name))]


async def test_setting_cancel_while_a_read_waits_fails_the_stream_and_closes_the_source() -> None:
    source = Source(_pieces("text"), wait_at=3)
    cancel = asyncio.Event()
    stream = AsyncOpenAIChatStream(source.generate(), request_id="request-1", cancel=cancel)
    assert (await anext(stream)).delta == "Grüße"  # type: ignore[union-attr]
    assert (await anext(stream)).delta == " aus Zürich"  # type: ignore[union-attr]
    pending = asyncio.ensure_future(anext(stream))
    await source.waiting.wait()
    cancel.set()
    with pytest.raises(ProviderError) as caught:
        await pending
    assert caught.value.code == Code.PROVIDER_CANCELLED
    assert source.closed
    assert source.read == 3


async def test_a_cancel_set_before_the_next_read_stops_there() -> None:
    source = Source(_pieces("text"))
    cancel = asyncio.Event()
    stream = AsyncOpenAIChatStream(source.generate(), request_id="request-1", cancel=cancel)
    await anext(stream)
    cancel.set()
    with pytest.raises(ProviderError) as caught:
        await stream.result()
    assert caught.value.code == Code.PROVIDER_CANCELLED
    assert source.closed
    assert source.read == 2


async def test_aclose_mid_stream_closes_the_source() -> None:
    source = Source(_pieces("tool-call"))
    stream = AsyncOpenAIChatStream(source.generate(), request_id="request-1")
    async with stream:
        await anext(stream)
    assert source.closed
    assert source.read < len(source.pieces)
    with pytest.raises(ProviderError) as caught:
        await stream.result()
    assert caught.value.code == Code.PROVIDER_CANCELLED


async def test_cancelling_the_consuming_task_closes_the_source() -> None:
    source = Source(_pieces("text"), wait_at=2)
    stream = AsyncOpenAIChatStream(source.generate(), request_id="request-1")
    task = asyncio.ensure_future(stream.result())
    await source.waiting.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert source.closed


async def test_a_source_that_fails_mid_stream_is_a_transport_error_after_its_chunks() -> None:
    source = Source(_pieces("text"), fail_at=3)
    result = await outcome(source.generate())
    assert [c["delta"] for c in result["chunks"]] == ["Grüße", " aus Zürich"]
    assert result["error"] == {"code": "PROVIDER_TRANSPORT_ERROR", "recordIndex": 3}
    assert source.closed


async def test_a_connection_broken_mid_body_is_a_transport_error_after_its_chunks() -> None:
    """The server ends the connection inside a chunked body: the SDK's raw byte stream
    raises, and the stream fails with a transport error after the chunks it had."""
    head = body("text")[:700]
    pieces = [
        b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n",
        f"{len(head):x}\r\n".encode() + head + b"\r\n",
        b"ffff\r\npartial",
    ]

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        headers = await reader.readuntil(b"\r\n\r\n")
        length = next(
            int(line.split(b":")[1])
            for line in headers.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        )
        await reader.readexactly(length)
        for piece in pieces:
            writer.write(piece)
            await writer.drain()
        writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server:
        result = await agent_ir_reads(f"http://127.0.0.1:{port}")
    assert result["chunks"] == expected("text")["chunks"][: len(result["chunks"])]
    assert result["chunks"] != []
    assert result["error"]["code"] == "PROVIDER_TRANSPORT_ERROR"


def test_a_blank_request_id_or_a_bad_cancel_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="AsyncOpenAIChatStream: request_id"):
        AsyncOpenAIChatStream(items([]), request_id=" ")
    with pytest.raises(TypeError, match="AsyncOpenAIChatStream: cancel"):
        AsyncOpenAIChatStream(items([]), request_id="r", cancel=object())


async def test_a_source_that_is_not_async_iterable_is_a_transport_error() -> None:
    stream = AsyncOpenAIChatStream([b"data: [DONE]\n\n"], request_id="request-1")
    with pytest.raises(ProviderError) as caught:
        await stream.result()
    assert caught.value.code == Code.PROVIDER_TRANSPORT_ERROR


async def test_an_int_too_long_to_write_is_described_not_a_crash() -> None:
    """Decoded events are transport data, so an int of more digits than Python writes
    as text reaches the readers: the refusal names it instead of failing to format it
    (which made the stream PROVIDER_INVALID_FIXTURE)."""
    huge = 10**5000
    choice = {"index": 0, "delta": {"content": huge}}
    content = await error_of([{"id": "r1", "object": "chat.completion.chunk", "choices": [choice]}])
    assert content.code is ProviderErrorCode.PROVIDER_INVALID_EVENT
    assert content.message == (
        "event 0: chat.completion.chunk /choices/0/delta/content must be a string or an array"
        " or null; it is a number (too many digits to write as text)"
    )
    reported = await error_of([{"error": huge}])
    assert reported.code is ProviderErrorCode.PROVIDER_TRANSPORT_ERROR
    assert reported.message == (
        "the provider reported an error without a message: "
        "a number (too many digits to write as text)"
    )


MISTRAL_USAGE = {
    "prompt_tokens": 64,
    "completion_tokens": 6,
    "total_tokens": 70,
    "num_cached_tokens": 32,
}


@pytest.mark.parametrize(
    ("counts", "cached"),
    [
        pytest.param(MISTRAL_USAGE, 32, id="mistral"),
        pytest.param(
            {**MISTRAL_USAGE, "prompt_tokens_details": {"cached_tokens": 16}}, 16, id="details-win"
        ),
        pytest.param({**MISTRAL_USAGE, "num_cached_tokens": None}, None, id="null"),
    ],
)
async def test_mistral_s_cached_input_count_is_the_cache_read_count_in_a_stream_and_a_reply(
    counts: dict[str, Any], cached: int | None
) -> None:
    """``num_cached_tokens`` (part of ``prompt_tokens``) is Mistral's cache read count;
    ``prompt_tokens_details.cached_tokens``, when a server sends both, is OpenAI's."""
    from agent_ir.wire import reply_from_openai_chat

    streamed = await run([chunk({"role": "assistant", "content": "Hi"}, "stop", usage=counts)])
    want = {"inputTokens": 64, "outputTokens": 6}
    if cached is not None:
        want["cacheReadTokens"] = cached
    assert streamed["response"]["usage"] == want
    assert streamed["response"]["warnings"] == []
    reply = {
        "id": RESPONSE_ID,
        "object": "chat.completion",
        "model": "mistral-small-latest",
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": "Hi"}, "finish_reason": "stop"}
        ],
        "usage": counts,
    }
    assert to_json_value(reply_from_openai_chat(reply, request_id="request-1"))["usage"] == want
