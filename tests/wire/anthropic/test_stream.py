"""``AsyncAnthropicStream``: Anthropic Messages server-sent events into the IR.

Every recording in ``fixtures/wire/anthropic`` is read in several chunkings (whole,
1-byte, 7-byte, split inside a multi-byte character), as bytes and as decoded event
objects, and compared with its ``.expected.json``; then the same bytes are served from a
loopback HTTP server to the official ``anthropic`` client, whose own stream accumulator
must report, block for block, the text, thinking, tool calls, stop reason and usage
agent-ir produced (and a streamed reply goes back through ``to_anthropic`` as the SDK
read it). Then every mapping and failure the provider page states (*Streams* in
``docsgen/mapping/anthropic.md``) on decoded events, each
failure again as bytes in every chunking (the same chunks, code, record index and
message), and the stream's discipline: cancellation closes the source, a failing source
is a transport error, nothing after the terminal, hostile events.

``AnthropicStream``'s own refusals read in full (code, record index and the whole
message the provider page describes), where the broader tests match a fragment;
these pin what ``mutation/run.py``'s ``anthropic stream`` group changes.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import anthropic
import pytest

from agent_ir import (
    ServerToolCallBlock,
    TextBlock,
    ThinkingBlock,
    ToolCallBlock,
    to_json_value,
    user_message,
)
from agent_ir.replies import ModelStream, ProviderError, ProviderErrorCode
from agent_ir.wire import from_anthropic, reply_from_anthropic, to_anthropic
from agent_ir.wire.anthropic import _stream as module
from agent_ir.wire.anthropic._stream import AnthropicStream, AsyncAnthropicStream

from support.loopback import loopback_only
from support.sse_server import sse_server

Code = ProviderErrorCode
FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "wire" / "anthropic"
# What the provider page says of streams (its hand-written part), whitespace collapsed.
DOCUMENTED = " ".join(
    (Path(__file__).resolve().parents[3] / "docsgen" / "mapping" / "anthropic.md")
    .read_text(encoding="utf-8")
    .partition("## Streams")[2]
    .partition("\n## ")[0]
    .split()
)
NAMES = sorted(path.stem for path in FIXTURES.glob("*.sse"))
GUARD_SECONDS = 10
QUESTION = user_message(id="user-1", content="hi")


@pytest.fixture(autouse=True)
def _loopback_only() -> Iterator[None]:
    """Connections to anything but 127.0.0.1 fail (the SDK tests talk to the loopback)."""
    with loopback_only():
        yield


def body(name: str) -> bytes:
    return (FIXTURES / f"{name}.sse").read_bytes()


def expected(name: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads(
        (FIXTURES / f"{name}.expected.json").read_text(encoding="utf-8")
    )
    return value


# --- running a stream --------------------------------------------------------------------


async def items_of(items: list[Any]) -> AsyncIterator[Any]:
    for item in items:
        yield item


async def outcome(source: object) -> dict[str, Any]:
    """``{"chunks": [...], "response": {...}}`` or ``{"chunks": [...], "error": {...}}``
    (the error without its message), the shape of the ``.expected.json`` files."""
    async with asyncio.timeout(GUARD_SECONDS):
        stream = AsyncAnthropicStream(source, request_id="request-1")
        chunks: list[Any] = []
        try:
            async for chunk in stream:
                chunks.append(to_json_value(chunk))
            response = await stream.result()
        except ProviderError as error:
            failure = error.to_json_value()
            del failure["message"]
            return {"chunks": chunks, "error": failure}
        return {"chunks": chunks, "response": to_json_value(response)}


async def run(events: list[Any]) -> tuple[list[Any], Any, ProviderError | None]:
    """(chunks, response or None, error or None) of decoded events."""
    async with asyncio.timeout(GUARD_SECONDS):
        stream = AsyncAnthropicStream(items_of(events), request_id="request-1")
        chunks: list[Any] = []
        try:
            async for chunk in stream:
                chunks.append(chunk)
            return chunks, await stream.result(), None
        except ProviderError as error:
            return chunks, None, error


async def failure(events: list[Any]) -> ProviderError:
    _, response, error = await run(events)
    assert response is None
    assert error is not None
    return error


async def response_of(events: list[Any]) -> Any:
    _, response, error = await run(events)
    assert error is None, error
    return response


# --- chunkings and decoded events ------------------------------------------------------


def split_inside_a_character(data: bytes) -> list[bytes]:
    """Two pieces, the first ending after the lead byte of the first multi-byte character."""
    lead = next(index for index, byte in enumerate(data) if byte >= 0xC0)
    return [data[: lead + 1], data[lead + 1 :]]


def pieces(data: bytes, size: int) -> list[bytes]:
    return [data[start : start + size] for start in range(0, len(data), size)]


CHUNKINGS = {
    "whole": lambda data: [data],
    "1-byte": lambda data: pieces(data, 1),
    "7-byte": lambda data: pieces(data, 7),
    "inside-a-character": split_inside_a_character,
}


def decoded_events(data: bytes) -> list[dict[str, Any]]:
    """The data objects of the events, read without the module's SSE decoder: events are
    separated by a blank line; ``data:`` lines are joined; comments are skipped."""
    text = data.decode("utf-8").replace("\r\n", "\n")
    events = []
    for block in text.split("\n\n"):
        lines = [
            line[len("data:") :].strip() for line in block.split("\n") if line.startswith("data:")
        ]
        if lines:
            events.append(json.loads("\n".join(lines)))
    return events


@pytest.mark.parametrize("how", CHUNKINGS)
@pytest.mark.parametrize("name", NAMES)
async def test_every_recording_in_every_chunking_gives_its_expected_chunks_and_outcome(
    name: str, how: str
) -> None:
    chunks = CHUNKINGS[how](body(name))
    assert b"".join(chunks) == body(name)
    assert await outcome(items_of(chunks)) == expected(name)


@pytest.mark.parametrize("name", NAMES)
async def test_every_recording_as_decoded_events_gives_its_expected_chunks_and_outcome(
    name: str,
) -> None:
    assert await outcome(items_of(decoded_events(body(name)))) == expected(name)


@pytest.mark.parametrize("name", NAMES)
async def test_result_alone_gives_the_same_outcome_as_iteration(name: str) -> None:
    stream = AsyncAnthropicStream(items_of([body(name)]), request_id="request-1")
    want = expected(name)
    if "response" in want:
        assert to_json_value(await stream.result()) == want["response"]
    else:
        with pytest.raises(ProviderError) as caught:
            await stream.result()
        assert caught.value.code.value == want["error"]["code"]


def test_the_recordings_cover_the_issue_and_the_messy_byte_level_cases() -> None:
    assert {
        "text-only",
        "tool-call",
        "parallel-tool-calls",
        "thinking",
        "thinking-tool-use",
        "max-tokens",
        "max-tokens-in-tool-json",
        "max-tokens-without-block-stop",
        "mid-stream-error",
        "missing-terminal",
        "unknown-event",
        "server-tools",
        "refusal",
        "events-after-message-stop",
        "tool-input-not-object",
    } <= set(NAMES)
    bodies = {name: body(name) for name in NAMES}
    assert all(any(byte >= 0x80 for byte in data) for data in bodies.values())  # non-ASCII
    assert any(b"\r\n" in data for data in bodies.values())  # CRLF
    assert any(b"\r\n" not in data for data in bodies.values())  # LF
    assert any(
        not data.endswith(b"\n\n") and not data.endswith(b"\r\n\r\n") for data in bodies.values()
    )
    assert any(not data.endswith(b"\n") for data in bodies.values())  # not even a newline
    assert any(b"\n: " in data or data.startswith(b": ") for data in bodies.values())  # comments
    assert any(b"event: ping" in data for data in bodies.values())
    assert all(b"event: " in data for data in bodies.values())  # Anthropic names its events
    outcomes = [expected(name) for name in NAMES]
    assert {"toolCall", "stop", "length", "refusal"} == {
        o["response"]["stopReason"] for o in outcomes if "response" in o
    }


# --- the official client on the same bytes -----------------------------------------------


SDK_STOP = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "pause_turn": "stop",
    "tool_use": "toolCall",
    "max_tokens": "length",
    "refusal": "refusal",
}


def sdk_read(name: str) -> tuple[Any, str, Exception | None]:
    """(the SDK's final message or None, the text its stream reported, its error)."""
    with sse_server(pieces(body(name), 64)) as (url, recorded):
        client = anthropic.Anthropic(base_url=url, api_key="test", max_retries=0)
        texts: list[str] = []
        try:
            with client.messages.stream(
                model="claude-test",
                max_tokens=1024,
                messages=[{"role": "user", "content": "hi"}],
            ) as stream:
                for event in stream:
                    if event.type == "text":
                        texts.append(event.text)
                message = stream.get_final_message()
        except anthropic.APIStatusError as error:
            return None, "".join(texts), error
    assert [(method, path) for method, path, _ in recorded.requests] == [("POST", "/v1/messages")]
    return message, "".join(texts), None


def ir_block(block: Any) -> dict[str, Any] | None:
    """The SDK's content block as the IR's JSON block, None for one agent-ir skips."""
    if block.type == "text":
        cited = [
            {"provider": "anthropic", "wire": citation.to_dict()}
            for citation in block.citations or ()
        ]
        return {"type": "text", "text": block.text} | ({"citations": cited} if cited else {})
    if block.type == "thinking":
        signed = {"signature": block.signature, "signatureProvider": "anthropic"}
        return {"type": "thinking", "thinking": block.thinking, **signed}
    if block.type == "redacted_thinking":
        signed = {"signature": block.data, "signatureProvider": "anthropic"}
        return {"type": "thinking", "thinking": "", **signed, "redacted": True}
    if block.type == "tool_use":
        return {"type": "toolCall", "id": block.id, "name": block.name, "arguments": block.input}
    wire = block.to_dict()
    if block.type in ("server_tool_use", "mcp_tool_use"):
        call = {"type": "serverToolCall", "provider": "anthropic", "id": wire.pop("id")}
        call |= {"name": wire.pop("name"), "input": wire.pop("input")}
        if wire.get("type") == "server_tool_use":
            del wire["type"]
        return call | ({"wire": wire} if wire else {})
    if "tool_use_id" in wire:
        call_id = wire.pop("tool_use_id")
        return {"type": "serverToolResult", "provider": "anthropic", "toolCallId": call_id} | {
            "wire": wire
        }
    return None


def sdk_view(message: Any) -> dict[str, Any]:
    """The SDK's message as the IR's: its blocks the IR has a place for, in order."""
    blocks = [ir_block(block) for block in message.content]
    usage = message.usage
    cache_read, cache_write = usage.cache_read_input_tokens, usage.cache_creation_input_tokens
    counts = {
        "inputTokens": usage.input_tokens + (cache_read or 0) + (cache_write or 0),
        "outputTokens": usage.output_tokens,
    }
    if cache_read is not None:
        counts["cacheReadTokens"] = cache_read
    if cache_write is not None:
        counts["cacheWriteTokens"] = cache_write
    if usage.output_tokens_details is not None:
        counts["reasoningTokens"] = usage.output_tokens_details.thinking_tokens
    # The SDK's fields of a count the reply left out read None.
    split = usage.cache_creation
    if split is not None:
        by_ttl = (("5m", split.ephemeral_5m_input_tokens), ("1h", split.ephemeral_1h_input_tokens))
        counts["cacheWritesByTtl"] = [{"ttl": t, "tokens": n} for t, n in by_ttl if n is not None]
    tools = usage.server_tool_use
    if tools is not None:
        requests = (
            ("web_search", tools.web_search_requests),
            ("web_fetch", tools.web_fetch_requests),
        )
        counts["serverToolRequests"] = [
            {"tool": t, "requests": n} for t, n in requests if n is not None
        ]
    return {
        "blocks": [block for block in blocks if block is not None],
        "stopReason": SDK_STOP[message.stop_reason],
        "usage": counts,
        "model": message.model,
    }


def our_view(response: dict[str, Any]) -> dict[str, Any]:
    return {
        "blocks": response["message"]["content"],
        "stopReason": response["stopReason"],
        "usage": response["usage"],
        "model": response["model"],
    }


# Cut off by max_tokens inside a tool call's JSON: the SDK keeps the call with the input
# its partial parser made of it; agent-ir drops it (a length response without it).
TRUNCATED_CALL = {"max-tokens-in-tool-json", "max-tokens-without-block-stop"}
COMPLETE = [name for name in NAMES if "response" in expected(name)]
REFUSED = [name for name in NAMES if "error" in expected(name)]


@pytest.mark.parametrize("name", COMPLETE)
def test_the_sdk_accumulator_reports_what_agent_ir_produced_from_the_same_bytes(name: str) -> None:
    """Block for block: the text of a text block is one block (not a block per delta),
    two text blocks are two (also when only skipped server-tool blocks separate them),
    thinking, signatures, redacted thinking and tool calls in the SDK's order."""
    message, streamed_text, error = sdk_read(name)
    assert error is None
    sdk = sdk_view(message)
    ours = our_view(expected(name)["response"])
    assert streamed_text == "".join(b["text"] for b in ours["blocks"] if b["type"] == "text")
    for block in sdk["blocks"]:
        if block["type"] == "thinking" and block["signature"] is None:
            del block["signature"]  # the IR's JSON leaves out an absent signature
            del block["signatureProvider"]  # and the maker of none
    if name in TRUNCATED_CALL:
        call = sdk["blocks"].pop()
        assert call["type"] == "toolCall"
        assert call["id"] not in {b.get("id") for b in ours["blocks"]}
        assert sdk["stopReason"] == "length"
        assert call["arguments"]  # the SDK made something of the partial JSON
    assert ours == sdk


@pytest.mark.parametrize("name", REFUSED)
def test_refused_recordings_stream_what_the_sdk_streamed_before_the_failure(name: str) -> None:
    message, streamed_text, error = sdk_read(name)
    want = expected(name)
    ours = "".join(chunk["delta"] for chunk in want["chunks"] if chunk["type"] == "textDelta")
    assert ours == streamed_text
    if want["error"]["code"] == "PROVIDER_TRANSPORT_ERROR":
        # The SDK raises the same in-stream error, with the same code.
        assert isinstance(error, anthropic.APIStatusError)
        assert isinstance(error.body, dict)
        assert error.body["error"]["type"] == want["error"]["providerCode"]
    else:
        # The SDK takes what agent-ir refuses (no terminal, an unknown event, a second
        # message_stop, a tool input that is not an object): documented differences.
        assert error is None
        assert message is not None


@pytest.mark.parametrize("name", NAMES)
async def test_the_sdk_raw_response_bytes_read_through_agent_ir_give_the_expected_outcome(
    name: str,
) -> None:
    """How a caller feeds a real response: the SDK's raw body, as it arrives."""
    with sse_server(pieces(body(name), 100), pause=0.001) as (url, _):
        client = anthropic.AsyncAnthropic(base_url=url, api_key="test", max_retries=0)
        async with client.messages.with_streaming_response.create(
            model="claude-test",
            max_tokens=1024,
            messages=[{"role": "user", "content": "hi"}],
            stream=True,
        ) as response:
            got = await outcome(response.iter_bytes())
    assert got == expected(name)


@pytest.mark.parametrize(
    "name",
    ["text-only", "max-tokens", "thinking", "thinking-tool-use", "server-tools", "tool-call"],
)
async def test_a_streamed_reply_goes_back_through_to_anthropic_as_the_sdk_read_it(
    name: str,
) -> None:
    """Text (with its citations), signatures, redacted thinking, tool calls and the
    server-tool calls and results are sent back exactly as the API sent them (what the
    API requires of a thinking or server-tool turn), each text block as one block."""
    message, _, _ = sdk_read(name)
    response = await AsyncAnthropicStream(items_of([body(name)]), request_id="r").result()
    request = to_anthropic([QUESTION, response.message])
    assert request.warnings == ()
    sent = request.fields["messages"][1]["content"]
    assert sent == [block.to_dict() for block in message.content]
    # And the SDK's message, read back the documented way, is the streamed one.
    read = from_anthropic(
        [{"role": "assistant", "content": [b.to_dict() for b in message.content]}]
    )
    read_blocks = [to_json_value(block) for block in read[0].content]
    assert read_blocks == [to_json_value(b) for b in response.message.content]


# --- decoded events: every mapping -------------------------------------------------------


def start(usage: Any = None, **message: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"id": "msg_1", "type": "message", "role": "assistant", "content": []}
    body["usage"] = {"input_tokens": 5, "output_tokens": 1} if usage is None else usage
    body.update(message)
    return {"type": "message_start", "message": body}


def block_start(index: int, block: dict[str, Any]) -> dict[str, Any]:
    return {"type": "content_block_start", "index": index, "content_block": block}


def text_start(index: int = 0, text: str = "") -> dict[str, Any]:
    return block_start(index, {"type": "text", "text": text})


def tool_start(
    index: int, call_id: str = "toolu_1", name: str = "f", **extra: Any
) -> dict[str, Any]:
    return block_start(
        index, {"type": "tool_use", "id": call_id, "name": name, "input": {}, **extra}
    )


def delta(index: int, kind: str, **fields: Any) -> dict[str, Any]:
    return {"type": "content_block_delta", "index": index, "delta": {"type": kind, **fields}}


def text(index: int, value: str) -> dict[str, Any]:
    return delta(index, "text_delta", text=value)


def json_part(index: int, value: str) -> dict[str, Any]:
    return delta(index, "input_json_delta", partial_json=value)


def block_stop(index: int) -> dict[str, Any]:
    return {"type": "content_block_stop", "index": index}


def message_delta(reason: Any = "end_turn", usage: Any = ..., **extra: Any) -> dict[str, Any]:
    event: dict[str, Any] = {
        "type": "message_delta",
        "delta": {"stop_reason": reason, "stop_sequence": None, **extra},
    }
    if usage is not None:
        event["usage"] = {"output_tokens": 7} if usage is ... else usage
    return event


PING = {"type": "ping"}
STOP = {"type": "message_stop"}
HELLO = [start(), text_start(), text(0, "hi"), block_stop(0)]


def hello(index: int) -> list[dict[str, Any]]:
    """A text block "hi" at ``index``."""
    return [text_start(index), text(index, "hi"), block_stop(index)]


def ending(reason: str = "end_turn") -> list[dict[str, Any]]:
    return [message_delta(reason), STOP]


def call_events(index: int = 0, call_id: str = "toolu_1", arguments: str = '{"a": 1}') -> list[Any]:
    return [tool_start(index, call_id), json_part(index, arguments), block_stop(index)]


@pytest.mark.parametrize(
    ("wire", "reason"),
    [
        ("end_turn", "stop"),
        ("stop_sequence", "stop"),
        ("pause_turn", "stop"),
        ("max_tokens", "length"),
        ("model_context_window_exceeded", "length"),
        ("refusal", "refusal"),
    ],
)
async def test_each_stop_reason_maps_as_documented(wire: str, reason: str) -> None:
    response = await response_of([*HELLO, *ending(wire)])
    assert response.stop_reason.value == reason
    assert wire in DOCUMENTED


async def test_tool_use_maps_to_tool_call_and_length_and_refusal_may_follow_calls() -> None:
    for wire, reason in [
        ("tool_use", "toolCall"),
        ("max_tokens", "length"),
        ("refusal", "refusal"),
    ]:
        response = await response_of([start(), *call_events(), *ending(wire)])
        assert response.stop_reason.value == reason
        assert response.message.content == (
            ToolCallBlock(id="toolu_1", name="f", arguments={"a": 1}),
        )


@pytest.mark.parametrize(
    ("reason", "found"),
    [
        ("finished", "a string ('finished')"),
        (None, "null"),
        (3, "a number (3)"),
        ("", "a string ('')"),
    ],
)
async def test_a_stop_reason_that_is_not_anthropics_is_refused_naming_it(
    reason: Any, found: str
) -> None:
    error = await failure([*HELLO, message_delta(reason), STOP])
    assert (error.code, error.record_index) == (Code.PROVIDER_INVALID_EVENT, 4)
    assert error.message == (
        f"event 4: message_delta /delta/stop_reason must be an Anthropic stop reason; it is {found}"
    )


async def test_text_and_thinking_chunks_stream_in_order_and_empty_deltas_emit_nothing() -> None:
    chunks, response, _ = await run(
        [
            start(),
            block_start(0, {"type": "thinking", "thinking": "first ", "signature": ""}),
            delta(0, "thinking_delta", thinking=""),
            delta(0, "thinking_delta", thinking="then"),
            delta(0, "signature_delta", signature="sig-a"),
            delta(0, "signature_delta", signature="sig-b"),
            block_stop(0),
            text_start(1, "Hello"),
            text(1, ""),
            text(1, ", world"),
            block_stop(1),
            *ending(),
        ]
    )
    assert [(type(c).__name__, c.delta) for c in chunks] == [
        ("ThinkingDeltaChunk", "first "),
        ("ThinkingDeltaChunk", "then"),
        ("TextDeltaChunk", "Hello"),
        ("TextDeltaChunk", ", world"),
    ]
    # The last signature_delta wins, as in the SDK's accumulator.
    assert response.message.content[0] == ThinkingBlock(
        thinking="first then", signature="sig-b", signature_provider="anthropic"
    )


async def test_a_thinking_start_signature_is_kept_when_no_signature_delta_comes() -> None:
    response = await response_of(
        [
            start(),
            block_start(0, {"type": "thinking", "thinking": "x", "signature": "sig"}),
            block_stop(0),
            *ending(),
        ]
    )
    assert response.message.content == (
        ThinkingBlock(thinking="x", signature="sig", signature_provider="anthropic"),
    )


async def test_thinking_without_a_signature_has_none_and_to_anthropic_says_it_is_not_sent() -> None:
    response = await response_of(
        [
            start(),
            block_start(0, {"type": "thinking", "thinking": "x"}),
            block_stop(0),
            *hello(1),
            *ending(),
        ]
    )
    assert response.message.content[0] == ThinkingBlock(thinking="x")
    request = to_anthropic([QUESTION, response.message])
    assert [w.code.value for w in request.warnings] == ["THINKING_NOT_SENT"]


async def test_redacted_thinking_is_a_redacted_block_that_goes_back_as_redacted_thinking() -> None:
    response = await response_of(
        [
            start(),
            block_start(0, {"type": "redacted_thinking", "data": "opaque=="}),
            block_stop(0),
            *hello(1),
            *ending(),
        ]
    )
    assert response.message.content[0] == ThinkingBlock(
        thinking="", signature="opaque==", signature_provider="anthropic", redacted=True
    )
    request = to_anthropic([QUESTION, response.message])
    assert request.fields["messages"][1]["content"][0] == {
        "type": "redacted_thinking",
        "data": "opaque==",
    }


async def test_tool_input_is_parsed_once_from_its_parts_and_empty_input_is_the_start_input() -> (
    None
):
    response = await response_of(
        [
            start(),
            tool_start(0, "toolu_a"),
            json_part(0, '{"path": "a'),
            json_part(0, '.py", "n": [1, 2.5, null]}'),
            block_stop(0),
            tool_start(1, "toolu_b"),
            block_stop(1),
            tool_start(2, "toolu_c", input={"given": True}),
            json_part(2, ""),
            block_stop(2),
            tool_start(3, "toolu_d", input={"given": True}),
            json_part(3, '{"streamed": 1}'),
            block_stop(3),
            *ending("tool_use"),
        ]
    )
    assert [(b.id, b.arguments) for b in response.message.content] == [
        ("toolu_a", {"path": "a.py", "n": (1, 2.5, None)}),
        ("toolu_b", {}),
        ("toolu_c", {"given": True}),
        ("toolu_d", {"streamed": 1}),
    ]


@pytest.mark.parametrize(
    "arguments",
    [
        '["ls"]',
        '"text"',
        '{"a": 1',
        '{"a": NaN}',
        '{"a": Infinity}',
        '{"a": 1e999}',
        '{"a": 1, "a": 2}',
        " ",
        "[" * 100_000,
    ],
    ids=[
        "array",
        "string",
        "truncated",
        "nan",
        "infinity",
        "infinite",
        "duplicate-key",
        "blank",
        "deep",
    ],
)
async def test_tool_input_that_is_not_a_json_object_is_refused_naming_the_call(
    arguments: str,
) -> None:
    """The input text is parsed as the OpenAI streams parse arguments
    (``_common.parse_arguments``), and refused in their words: the call, then the text."""
    error = await failure([start(), *call_events(0, "toolu_x", arguments), *ending("tool_use")])
    assert (error.code, error.record_index) == (Code.PROVIDER_INVALID_EVENT, 4)
    assert error.message == (
        f"event 4: tool_use 'toolu_x' (f): the input is not a JSON object: {arguments[:80]!r}"
    )


# Recorded-style bytes (as Anthropic sends them: named events, compact JSON, a comment,
# non-ASCII) of a tool_use whose streamed input repeats a key: the SDK's accumulator
# keeps the last value (a command other than the first one read), the conversion
# modules and the OpenAI streams refuse such arguments, and so does AsyncAnthropicStream.
DUPLICATE_KEY_INPUT = (
    b"event: message_start\n"
    b'data: {"type":"message_start","message":{"id":"msg_01DupKey7Vp1Xr3Zt5Bv7Dx9",'
    b'"type":"message","role":"assistant","model":"claude-sonnet-4-5-20250929","content":[],'
    b'"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":187,'
    b'"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":2}}}\n'
    b"\n"
    b"event: content_block_start\n"
    b'data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n'
    b"\n"
    b"event: content_block_delta\n"
    b'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta",'
    b'"text":"Je regarde le r\xc3\xa9pertoire."}}\n'
    b"\n"
    b"event: content_block_stop\n"
    b'data: {"type":"content_block_stop","index":0}\n'
    b"\n"
    b": keep-alive\n"
    b"\n"
    b"event: content_block_start\n"
    b'data: {"type":"content_block_start","index":1,"content_block":{"type":"tool_use",'
    b'"id":"toolu_01DupKeyQ2Wm4Yo6Aq8Cs0Eu","name":"run_command","input":{}}}\n'
    b"\n"
    b"event: content_block_delta\n"
    b'data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta",'
    b'"partial_json":"{\\"command\\": \\"ls /tmp/\xc3\xb1\\", "}}\n'
    b"\n"
    b"event: content_block_delta\n"
    b'data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta",'
    b'"partial_json":"\\"command\\": \\"rm -rf /tmp/\xc3\xb1\\"}"}}\n'
    b"\n"
    b"event: content_block_stop\n"
    b'data: {"type":"content_block_stop","index":1}\n'
    b"\n"
    b"event: message_delta\n"
    b'data: {"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},'
    b'"usage":{"output_tokens":38}}\n'
    b"\n"
    b"event: message_stop\n"
    b'data: {"type":"message_stop"}\n'
    b"\n"
)
DUPLICATE_KEY_MESSAGE = (
    "event 8: tool_use 'toolu_01DupKeyQ2Wm4Yo6Aq8Cs0Eu' (run_command): the input is not a"
    """ JSON object: '{"command": "ls /tmp/ñ", "command": "rm -rf /tmp/ñ"}'"""
)


@pytest.mark.parametrize("how", CHUNKINGS)
async def test_a_streamed_tool_input_with_a_duplicate_key_is_refused_in_every_chunking(
    how: str,
) -> None:
    """Not the last value (what the SDK makes of it): PROVIDER_INVALID_EVENT
    naming the call and its input, after the text before it, however the bytes are cut;
    the same as the OpenAI streams give for such arguments."""
    chunks, _, error = await run_source(items_of(CHUNKINGS[how](DUPLICATE_KEY_INPUT)))
    assert [c.delta for c in chunks] == ["Je regarde le répertoire."]
    assert error is not None
    # refused by the message_delta (event 8)
    assert (error.code, error.record_index) == (Code.PROVIDER_INVALID_EVENT, 8)
    assert error.message == DUPLICATE_KEY_MESSAGE


async def test_a_streamed_tool_input_with_a_duplicate_key_is_refused_as_decoded_events() -> None:
    events = decoded_events(DUPLICATE_KEY_INPUT)
    assert events[5]["delta"]["partial_json"] == '{"command": "ls /tmp/ñ", '
    chunks, _, error = await run(events)
    assert [c.delta for c in chunks] == ["Je regarde le répertoire."]
    assert error is not None
    assert (error.code, error.record_index) == (Code.PROVIDER_INVALID_EVENT, 8)
    assert error.message == DUPLICATE_KEY_MESSAGE


def test_the_sdk_takes_the_duplicate_key_input_with_its_last_value() -> None:
    """The difference AsyncAnthropicStream refuses to paper over, on the same bytes."""
    with sse_server(pieces(DUPLICATE_KEY_INPUT, 64)) as (url, _):
        client = anthropic.Anthropic(base_url=url, api_key="test", max_retries=0)
        with client.messages.stream(
            model="claude-test", max_tokens=1024, messages=[{"role": "user", "content": "hi"}]
        ) as stream:
            message = stream.get_final_message()
    assert [block.type for block in message.content] == ["text", "tool_use"]
    call = message.content[1]
    assert isinstance(call, anthropic.types.ToolUseBlock)
    assert call.input == {"command": "rm -rf /tmp/ñ"}


async def test_a_broken_tool_input_is_refused_by_the_next_event_unless_the_reply_was_cut_short() -> (
    None
):
    broken = [start(), *call_events(0, "toolu_x", '{"a": 1'), PING]
    refused = await failure([*broken, text_start(1)])
    assert "tool_use 'toolu_x' (f)" in refused.message
    assert "event 5" in refused.message  # the content_block_start after it
    # An error event wins: the provider's error explains the broken input.
    transport = await failure(
        [*broken, {"type": "error", "error": {"type": "api_error", "message": "boom"}}]
    )
    assert (transport.code, transport.provider_code) == (Code.PROVIDER_TRANSPORT_ERROR, "api_error")
    # max_tokens: a length response without the call.
    response = await response_of([*broken, *ending("max_tokens")])
    assert (response.stop_reason.value, response.message.content) == ("length", ())


async def test_a_reply_cut_short_inside_open_blocks_ends_them_without_a_crash() -> None:
    thinking = [
        start(),
        block_start(0, {"type": "thinking", "thinking": ""}),
        delta(0, "thinking_delta", thinking="hm"),
    ]
    response = await response_of([*thinking, *ending("max_tokens")])
    assert response.message.content == (ThinkingBlock(thinking="hm"),)
    response = await response_of(
        [
            *HELLO,
            *call_events(1),
            tool_start(2, "toolu_2"),
            json_part(2, '{"a": 1}'),
            *ending("refusal"),
        ]
    )
    assert [type(b).__name__ for b in response.message.content] == ["TextBlock", "ToolCallBlock"]
    assert response.stop_reason.value == "refusal"
    response = await response_of(
        [start(), text_start(), text(0, "cut"), *ending("model_context_window_exceeded")]
    )
    assert response.stop_reason.value == "length"


async def test_a_message_delta_while_a_block_is_open_is_refused_unless_cut_short() -> None:
    error = await failure([start(), tool_start(0), json_part(0, "{}"), *ending("tool_use")])
    assert error.code is Code.PROVIDER_INVALID_EVENT
    assert "while block 0 (tool_use) is open" in error.message


async def test_server_tool_blocks_are_read_with_their_input_while_text_and_client_calls_arrive() -> (
    None
):
    response = await response_of(
        [
            start(),
            block_start(
                0,
                {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}},
            ),
            json_part(0, '{"query": '),
            json_part(0, '"x"}'),
            block_stop(0),
            block_start(
                1, {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": []}
            ),
            block_stop(1),
            block_start(
                2,
                {
                    "type": "mcp_tool_use",
                    "id": "mcptoolu_1",
                    "name": "echo",
                    "server_name": "s",
                    "input": {},
                },
            ),
            block_stop(2),
            block_start(3, {"type": "text", "text": "", "citations": []}),
            delta(3, "citations_delta", citation={"type": "web_search_result_location"}),
            text(3, "found"),
            block_stop(3),
            *call_events(4),
            *ending("tool_use"),
        ]
    )
    assert [to_json_value(b) for b in response.message.content] == [
        {
            "type": "serverToolCall",
            "provider": "anthropic",
            "id": "srvtoolu_1",
            "name": "web_search",
            "input": {"query": "x"},
        },
        {
            "type": "serverToolResult",
            "provider": "anthropic",
            "toolCallId": "srvtoolu_1",
            "wire": {"type": "web_search_tool_result", "content": []},
        },
        {
            "type": "serverToolCall",
            "provider": "anthropic",
            "id": "mcptoolu_1",
            "name": "echo",
            "input": {},
            "wire": {"type": "mcp_tool_use", "server_name": "s"},
        },
        {
            "type": "text",
            "text": "found",
            "citations": [
                {"provider": "anthropic", "wire": {"type": "web_search_result_location"}}
            ],
        },
        {"type": "toolCall", "id": "toolu_1", "name": "f", "arguments": {"a": 1}},
    ]
    assert response.warnings == ()


async def test_each_text_block_is_one_text_block_even_next_to_another_or_around_skipped_ones() -> (
    None
):
    """A ``content_block_stop`` of a text block is a ``text_end`` record: two Anthropic
    text blocks are two ``TextBlock``s (as in the SDK), whatever separates them; the
    chunks are the text deltas alone."""
    chunks, response, error = await run(
        [
            *HELLO,
            text_start(1, "next"),
            text(1, " one"),
            block_stop(1),
            block_start(
                2,
                {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}},
            ),
            block_stop(2),
            text_start(3),
            text(3, "after"),
            block_stop(3),
            *ending(),
        ]
    )
    assert error is None, error
    assert [c.delta for c in chunks] == ["hi", "next", " one", "after"]
    server_call = {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}}
    assert response.message.content == (
        TextBlock(text="hi"),
        TextBlock(text="next one"),
        ServerToolCallBlock(provider="anthropic", id="srvtoolu_1", name="web_search", input={}),
        TextBlock(text="after"),
    )
    request = to_anthropic([QUESTION, response.message])
    assert request.fields["messages"][1]["content"] == [
        {"type": "text", "text": "hi"},
        {"type": "text", "text": "next one"},
        server_call,
        {"type": "text", "text": "after"},
    ]


async def test_usage_is_input_from_message_start_and_the_cumulative_counts_of_message_delta() -> (
    None
):
    """``inputTokens`` counts cached input too (input + cache read + cache write)."""
    usage = {"input_tokens": 10, "cache_read_input_tokens": 900, "output_tokens": 1}

    def counts(response: Any) -> tuple[Any, ...]:
        u = response.usage
        return (u.input_tokens, u.output_tokens, u.cache_read_tokens, u.cache_write_tokens)

    response = await response_of(
        [start(usage), *HELLO[1:], message_delta(usage={"output_tokens": 30}), STOP]
    )
    assert counts(response) == (910, 30, 900, None)
    response = await response_of(
        [
            start(usage),
            *HELLO[1:],
            message_delta(
                usage={"input_tokens": 12, "output_tokens": 31, "cache_creation_input_tokens": 5}
            ),
            STOP,
        ]
    )
    assert counts(response) == (917, 31, 900, 5)
    response = await response_of(
        [
            start(usage),
            *HELLO[1:],
            message_delta(usage={"input_tokens": None, "output_tokens": None}),
            STOP,
        ]
    )
    assert counts(response) == (910, 1, 900, None)
    response = await response_of([start(usage), *HELLO[1:], message_delta(usage=None), STOP])
    assert counts(response) == (910, 1, 900, None)
    assert response.message.usage == response.usage


async def test_a_message_start_without_usage_counts_zero_as_documented() -> None:
    event = start()
    del event["message"]["usage"]
    response = await response_of([event, *HELLO[1:], message_delta(usage=None), STOP])
    assert (response.usage.input_tokens, response.usage.output_tokens) == (0, 0)
    assert "counts 0 and 0" in DOCUMENTED


async def test_an_in_stream_error_is_a_transport_error_with_anthropics_code_even_first() -> None:
    overloaded = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    for events, index in [([overloaded], 0), ([PING, overloaded], 1), ([*HELLO, overloaded], 4)]:
        error = await failure(events)
        assert (error.code, error.provider_code, error.message, error.record_index) == (
            Code.PROVIDER_TRANSPORT_ERROR,
            "overloaded_error",
            "Overloaded",
            index,
        )


# --- decoded events: every failure -------------------------------------------------------


OPEN_TEXT = [start(), text_start()]
FAILURES = [
    pytest.param([[1]], Code.PROVIDER_INVALID_EVENT, "not bytes or an event", id="not-an-object"),
    pytest.param(
        [{"kind": "ping"}],
        Code.PROVIDER_INVALID_EVENT,
        "no non-empty string type",
        id="no-type",
    ),
    pytest.param(
        [{"type": ""}], Code.PROVIDER_INVALID_EVENT, "no non-empty string type", id="blank-type"
    ),
    pytest.param(
        [text_start()],
        Code.PROVIDER_MISSING_START,
        "content_block_start before message_start",
        id="block-first",
    ),
    pytest.param(
        [PING, text(0, "x")],
        Code.PROVIDER_MISSING_START,
        "content_block_delta before message_start",
        id="delta-first",
    ),
    pytest.param(
        [block_stop(0)],
        Code.PROVIDER_MISSING_START,
        "content_block_stop before message_start",
        id="block-stop-first",
    ),
    pytest.param(
        [message_delta()],
        Code.PROVIDER_MISSING_START,
        "message_delta before message_start",
        id="message-delta-first",
    ),
    pytest.param(
        [STOP],
        Code.PROVIDER_MISSING_START,
        "message_stop before message_start",
        id="stop-first",
    ),
    pytest.param(
        [{"type": "message_start"}],
        Code.PROVIDER_INVALID_EVENT,
        "message_start /message must be an object; it is missing",
        id="no-message",
    ),
    pytest.param(
        [start(id=" ")],
        Code.PROVIDER_INVALID_EVENT,
        "message_start /message/id must be a non-empty string; it is a string (' ')",
        id="blank-id",
    ),
    pytest.param(
        [start(id=7)],
        Code.PROVIDER_INVALID_EVENT,
        "message_start /message/id must be a non-empty string; it is a number (7)",
        id="id-not-a-string",
    ),
    pytest.param(
        [start(role="user")],
        Code.PROVIDER_INVALID_EVENT,
        "message_start /message/role must be 'assistant'; it is a string ('user')",
        id="role",
    ),
    pytest.param(
        [start(content=[{"type": "text", "text": "x"}])],
        Code.PROVIDER_INVALID_EVENT,
        "message_start /message/content must be an empty array or null; it is an array",
        id="content",
    ),
    pytest.param(
        [start(usage=[])],
        Code.PROVIDER_INVALID_EVENT,
        "message_start /message/usage must be an object or null; it is an array",
        id="usage-not-object",
    ),
    pytest.param(
        [start(usage={"output_tokens": 1})],
        Code.PROVIDER_INVALID_EVENT,
        "message_start /message/usage/input_tokens must be an integer >= 0; it is missing",
        id="no-input-tokens",
    ),
    pytest.param(
        [start(usage={"input_tokens": True})],
        Code.PROVIDER_INVALID_EVENT,
        "message_start /message/usage/input_tokens must be an integer >= 0 or null;"
        " it is a boolean (true)",
        id="bool-count",
    ),
    pytest.param(
        [start(usage={"input_tokens": -1})],
        Code.PROVIDER_INVALID_EVENT,
        "message_start /message/usage/input_tokens must be an integer >= 0 or null;"
        " it is a number (-1)",
        id="negative-count",
    ),
    pytest.param(
        [start(usage={"input_tokens": 1, "output_tokens": 1.0})],
        Code.PROVIDER_INVALID_EVENT,
        "message_start /message/usage/output_tokens must be an integer >= 0 or null;"
        " it is a number (1.0)",
        id="float-count",
    ),
    pytest.param(
        [start(), start()],
        Code.PROVIDER_DUPLICATE_START,
        "second message_start",
        id="second-start",
    ),
    pytest.param(
        [start(), {"type": "content_block_start", "index": 0}],
        Code.PROVIDER_INVALID_EVENT,
        "content_block_start /content_block must be an object; it is missing",
        id="no-block",
    ),
    pytest.param(
        [start(), block_start(0, {"text": ""})],
        Code.PROVIDER_INVALID_EVENT,
        "content_block_start /content_block/type must be a non-empty string; it is missing",
        id="block-type",
    ),
    pytest.param(
        [start(), text_start(True)],
        Code.PROVIDER_INVALID_EVENT,
        "content_block_start /index must be an integer >= 0; it is a boolean (true)",
        id="bool-index",
    ),  # type: ignore[arg-type]
    pytest.param(
        [start(), text_start(-1)],
        Code.PROVIDER_INVALID_EVENT,
        "content_block_start /index must be an integer >= 0; it is a number (-1)",
        id="negative-index",
    ),
    pytest.param(
        [start(), block_start(0, {"type": "text"})],
        Code.PROVIDER_INVALID_EVENT,
        "content_block_start /content_block/text must be a string; it is missing",
        id="text-missing",
    ),
    pytest.param(
        [start(), block_start(0, {"type": "thinking", "thinking": 1})],
        Code.PROVIDER_INVALID_EVENT,
        "content_block_start /content_block/thinking must be a string; it is a number (1)",
        id="thinking-type",
    ),
    pytest.param(
        [start(), block_start(0, {"type": "thinking", "thinking": "", "signature": 1})],
        Code.PROVIDER_INVALID_EVENT,
        "content_block_start /content_block/signature must be a string or null; it is a number (1)",
        id="signature-type",
    ),
    pytest.param(
        [start(), block_start(0, {"type": "redacted_thinking"})],
        Code.PROVIDER_INVALID_EVENT,
        "content_block_start /content_block/data must be a string; it is missing",
        id="redacted-data",
    ),
    pytest.param(
        [start(), tool_start(0, "")],
        Code.PROVIDER_INVALID_EVENT,
        "content_block_start /content_block/id must be a non-empty string; it is a string ('')",
        id="call-id",
    ),
    pytest.param(
        [start(), tool_start(0, "toolu_1", "")],
        Code.PROVIDER_INVALID_EVENT,
        "content_block_start /content_block/name must be a non-empty string; it is a string ('')",
        id="call-name",
    ),
    pytest.param(
        [start(), tool_start(0, input=[])],
        Code.PROVIDER_INVALID_EVENT,
        "content_block_start /content_block/input must be an object; it is an array",
        id="call-input",
    ),
    pytest.param(
        [*OPEN_TEXT, text_start(1)],
        Code.PROVIDER_INVALID_EVENT,
        "while block 0 is open",
        id="overlapping",
    ),
    pytest.param(
        [*HELLO, text_start(0)],
        Code.PROVIDER_INVALID_EVENT,
        "index 0 repeats",
        id="repeated-index",
    ),
    pytest.param(
        [*OPEN_TEXT, text(1, "x")],
        Code.PROVIDER_INVALID_EVENT,
        "block 1, which is not open",
        id="delta-other-block",
    ),
    pytest.param(
        [*HELLO, text(0, "x")],
        Code.PROVIDER_INVALID_EVENT,
        "block 0, which is not open",
        id="delta-closed-block",
    ),
    pytest.param(
        [*HELLO, block_stop(0)],
        Code.PROVIDER_INVALID_EVENT,
        "content_block_stop for block 0, which is not open",
        id="stop-twice",
    ),
    pytest.param(
        [*OPEN_TEXT, {"type": "content_block_delta", "index": 0}],
        Code.PROVIDER_INVALID_EVENT,
        "content_block_delta /delta must be an object; it is missing",
        id="no-delta",
    ),
    pytest.param(
        [*OPEN_TEXT, delta(0, "text_delta")],
        Code.PROVIDER_INVALID_EVENT,
        "content_block_delta /delta/text must be a string; it is missing",
        id="delta-text",
    ),
    pytest.param(
        [*OPEN_TEXT, {"type": "content_block_delta", "index": 0, "delta": {"text": "x"}}],
        Code.PROVIDER_INVALID_EVENT,
        "content_block_delta /delta/type must be a non-empty string; it is missing",
        id="delta-type",
    ),
    pytest.param(
        [*OPEN_TEXT, json_part(0, "{}")],
        Code.PROVIDER_INVALID_EVENT,
        "a input_json_delta in block 0 (text)",
        id="json-in-text",
    ),
    pytest.param(
        [*OPEN_TEXT, delta(0, "signature_delta", signature="s")],
        Code.PROVIDER_INVALID_EVENT,
        "signature_delta in block 0 (text)",
        id="signature-in-text",
    ),
    pytest.param(
        [start(), tool_start(0), text(0, "x")],
        Code.PROVIDER_INVALID_EVENT,
        "text_delta in block 0 (tool_use)",
        id="text-in-call",
    ),
    pytest.param(
        [start(), tool_start(0), json_part(0, 1)],
        Code.PROVIDER_INVALID_EVENT,
        "content_block_delta /delta/partial_json must be a string; it is a number (1)",
        id="json-not-text",
    ),
    pytest.param(
        [
            start(),
            block_start(0, {"type": "redacted_thinking", "data": "d"}),
            delta(0, "thinking_delta", thinking="x"),
        ],
        Code.PROVIDER_INVALID_EVENT,
        "thinking_delta in block 0 (redacted_thinking)",
        id="thinking-in-redacted",
    ),
    pytest.param(
        [
            start(),
            block_start(0, {"type": "thinking", "thinking": ""}),
            delta(0, "signature_delta", signature=None),
        ],
        Code.PROVIDER_INVALID_EVENT,
        "content_block_delta /delta/signature must be a string; it is null",
        id="signature-null",
    ),
    pytest.param(
        [*HELLO, {"type": "message_delta"}],
        Code.PROVIDER_INVALID_EVENT,
        "message_delta /delta must be an object; it is missing",
        id="no-message-delta",
    ),
    pytest.param(
        [*HELLO, message_delta(usage=[])],
        Code.PROVIDER_INVALID_EVENT,
        "message_delta /usage must be an object or null; it is an array",
        id="delta-usage",
    ),
    pytest.param(
        [*HELLO, message_delta(usage={"output_tokens": "7"})],
        Code.PROVIDER_INVALID_EVENT,
        "message_delta /usage/output_tokens must be an integer >= 0 or null; it is a string ('7')",
        id="delta-count",
    ),
    pytest.param(
        [*HELLO, message_delta(), text_start(1)],
        Code.PROVIDER_INVALID_EVENT,
        "after message_delta",
        id="block-after-delta",
    ),
    pytest.param(
        [*HELLO, STOP],
        Code.PROVIDER_INVALID_EVENT,
        "message_stop without a message_delta",
        id="stop-without-delta",
    ),
    pytest.param(
        [{"type": "error"}],
        Code.PROVIDER_INVALID_EVENT,
        "error /error must be an object; it is missing",
        id="error-no-object",
    ),
    pytest.param(
        [{"type": "error", "error": {"message": "m"}}],
        Code.PROVIDER_INVALID_EVENT,
        "error /error/type must be a non-empty string; it is missing",
        id="error-no-type",
    ),
    pytest.param(
        [{"type": "error", "error": {"type": "api_error", "message": ""}}],
        Code.PROVIDER_INVALID_EVENT,
        "error /error/message must be a non-empty string; it is a string ('')",
        id="error-no-message",
    ),
    pytest.param(
        [*HELLO, message_delta("tool_use"), STOP],
        Code.PROVIDER_INVALID_TERMINAL,
        '"tool_call" without a tool call',
        id="tool-use-without-call",
    ),
    pytest.param(
        [start(), *call_events(), *ending("end_turn")],
        Code.PROVIDER_INVALID_TERMINAL,
        '"stop" after a tool call',
        id="end-turn-after-call",
    ),
    pytest.param(
        [start(), *call_events(0, "toolu_x"), *call_events(1, "toolu_x"), *ending("tool_use")],
        Code.PROVIDER_INVALID_EVENT,
        "repeats an earlier call",
        id="repeated-call-id",
    ),
    pytest.param(
        [*OPEN_TEXT, text(0, "\ud800")],
        Code.PROVIDER_INVALID_EVENT,
        "valid Unicode",
        id="lone-surrogate",
    ),
    pytest.param(
        [{"type": "ping", "nested": {1: "non-string key"}}],
        Code.PROVIDER_INVALID_EVENT,
        "not JSON data",
        id="not-json-data",
    ),
    pytest.param(
        [{"type": "ping", "value": object()}],
        Code.PROVIDER_INVALID_EVENT,
        "not JSON data",
        id="object-data",
    ),
]


@pytest.mark.parametrize(("events", "code", "fragment"), FAILURES)
async def test_every_failure_of_a_decoded_event(
    events: list[Any], code: ProviderErrorCode, fragment: str
) -> None:
    error = await failure(events)
    assert error.code is code, error
    assert fragment in error.message, error.message


async def test_failures_are_numbered_by_record_and_keep_the_chunks_before_them() -> None:
    chunks, _, error = await run([*HELLO, text_start(1), text(1, "more"), text(2, "x")])
    assert [c.delta for c in chunks] == ["hi", "more"]
    assert error is not None
    assert (error.code, error.record_index) == (Code.PROVIDER_INVALID_EVENT, 6)
    assert error.message.startswith("event 6: ")


def as_sse_data(events: Any) -> bytes | None:
    """The events as data-only SSE bytes, None when they are not all plain JSON objects."""
    if not all(type(event) is dict for event in events):
        return None
    try:
        texts = [json.dumps(event, allow_nan=False) for event in events]
    except (TypeError, ValueError):
        return None
    if [json.loads(text) for text in texts] != events:  # non-string keys, ...
        return None
    return b"".join(f"data: {text}\n\n".encode() for text in texts)


def failure_outcome(chunks: list[Any], error: ProviderError | None) -> tuple[Any, ...]:
    assert error is not None
    return [to_json_value(c) for c in chunks], error.code, error.record_index, error.message


@pytest.mark.parametrize("how", ["whole", "1-byte", "7-byte"])
@pytest.mark.parametrize(
    ("events", "code", "fragment"),
    [case for case in FAILURES if as_sse_data(case.values[0]) is not None],
)
async def test_every_failure_is_the_same_in_every_chunking_of_its_bytes(
    events: list[Any], code: ProviderErrorCode, fragment: str, how: str
) -> None:
    """The chunks before a refused event all arrive, and the failure (its code, its
    record index, its message) does not depend on how the bytes were cut."""
    chunks, _, error = await run(events)
    want = failure_outcome(chunks, error)
    data = as_sse_data(events)
    assert data is not None
    chunks, _, error = await run(CHUNKINGS[how](data))
    assert failure_outcome(chunks, error) == want
    assert want[1] is code


@pytest.mark.parametrize("how", CHUNKINGS)
@pytest.mark.parametrize(
    ("refused", "code", "index"),
    # index 6: the event after message_start, block 0's three events, block 1's two
    [
        (text(2, "x"), Code.PROVIDER_INVALID_EVENT, 6),
        (start(), Code.PROVIDER_DUPLICATE_START, 6),
        (message_delta(), Code.PROVIDER_INVALID_EVENT, 6),
    ],
)
async def test_a_refused_event_in_the_middle_of_a_chunk_comes_after_the_chunks_before_it(
    refused: dict[str, Any], code: ProviderErrorCode, index: int, how: str
) -> None:
    data = sse(*HELLO, text_start(1), text(1, "más"), refused, *ending())
    chunks, _, error = await run_source(items_of(CHUNKINGS[how](data)))
    assert error is not None
    assert [c.delta for c in chunks] == ["hi", "más"]
    assert (error.code, error.record_index) == (code, index)


# --- bytes: what only the SSE layer has -------------------------------------------------


def sse(*events: dict[str, Any], named: bool = True) -> bytes:
    out = b""
    for event in events:
        if named:
            out += f"event: {event['type']}\n".encode()
        out += f"data: {json.dumps(event, ensure_ascii=False)}\n\n".encode()
    return out


async def test_data_only_events_are_read_by_their_type() -> None:
    got = await outcome(items_of([sse(*HELLO, *ending(), named=False)]))
    assert got["response"]["message"]["content"] == [{"type": "text", "text": "hi"}]


async def test_an_event_name_that_differs_from_the_data_type_is_refused() -> None:
    data = sse(*HELLO) + b'event: ping\ndata: {"type": "message_stop"}\n\n'
    stream = AsyncAnthropicStream(items_of(pieces(data, 1)), request_id="r")
    with pytest.raises(ProviderError) as caught:
        await stream.result()
    assert caught.value.code is Code.PROVIDER_INVALID_EVENT
    assert "SSE event name 'ping' differs from its type 'message_stop'" in caught.value.message


@pytest.mark.parametrize(
    ("tail", "fragment"),
    [
        (b"data: [DONE]\n\n", "[DONE]"),
        (b"event: message_delta\ndata: [1, 2]\n\n", "not a JSON object"),
        (b"event: message_delta\ndata: {nope\n\n", "not JSON"),
        (b"data: \xff\n\n", "not UTF-8"),
    ],
)
async def test_data_that_is_not_an_anthropic_event_is_refused(tail: bytes, fragment: str) -> None:
    stream = AsyncAnthropicStream(items_of(pieces(sse(*HELLO) + tail, 1)), request_id="r")
    chunks = [chunk async for chunk in _until_error(stream)]
    assert [c.delta for c in chunks] == ["hi"]
    with pytest.raises(ProviderError) as caught:
        await stream.result()
    assert caught.value.code is Code.PROVIDER_INVALID_EVENT
    assert fragment in caught.value.message
    assert caught.value.record_index == 4  # the event after HELLO's four


async def _until_error(stream: ModelStream) -> AsyncIterator[Any]:
    try:
        async for chunk in stream:
            yield chunk
    except ProviderError:
        return


# --- the stream's discipline --------------------------------------------------------------


async def test_cancellation_closes_the_source() -> None:
    closed: list[str] = []
    cancel = asyncio.Event()

    async def source() -> AsyncIterator[bytes]:
        try:
            yield sse(*HELLO[:3])
            await asyncio.Event().wait()  # a connection that stays open
            yield b""
        finally:
            closed.append("closed")

    stream = AsyncAnthropicStream(source(), request_id="r", cancel=cancel)
    async with asyncio.timeout(GUARD_SECONDS):
        first = await anext(stream)
        assert first.delta == "hi"
        cancel.set()
        with pytest.raises(ProviderError) as caught:
            await stream.result()
    assert caught.value.code is Code.PROVIDER_CANCELLED
    assert closed == ["closed"]


async def test_aclose_closes_the_source() -> None:
    closed: list[str] = []

    async def source() -> AsyncIterator[bytes]:
        try:
            yield sse(*HELLO[:3])
            yield sse(*HELLO[3:], *ending())
        finally:
            closed.append("closed")

    stream = AsyncAnthropicStream(source(), request_id="r")
    async with asyncio.timeout(GUARD_SECONDS):
        await anext(stream)
        await stream.aclose()
    assert closed == ["closed"]


async def test_a_source_that_fails_mid_stream_is_a_transport_error_after_the_chunks() -> None:
    async def source() -> AsyncIterator[bytes]:
        yield sse(*HELLO[:3])
        raise ConnectionResetError("peer reset")

    chunks, _, error = await run_source(source())
    assert [c.delta for c in chunks] == ["hi"]
    assert error is not None
    assert (error.code, error.record_index) == (Code.PROVIDER_TRANSPORT_ERROR, 3)
    assert "peer reset" in error.message


async def run_source(source: object) -> tuple[list[Any], Any, ProviderError | None]:
    stream = AsyncAnthropicStream(source, request_id="r")
    chunks = []
    async with asyncio.timeout(GUARD_SECONDS):
        try:
            async for chunk in stream:
                chunks.append(chunk)
            return chunks, await stream.result(), None
        except ProviderError as error:
            return chunks, None, error


@pytest.mark.parametrize(
    "late",
    [STOP, PING, text(0, "late"), {"type": "future_event"}, b"data: not json\n\n"],
    ids=["second-stop", "ping", "delta", "unknown", "not-json"],
)
async def test_the_stream_settles_at_message_stop_and_reads_nothing_after_it(late: Any) -> None:
    """As the SDK stops reading at message_stop: what follows, in the same network
    chunk or later, is never read, and the source is closed there (a proxy that keeps
    the connection open cannot hold result())."""
    tail = late if isinstance(late, bytes) else sse(late)
    read: list[str] = []

    async def source(pieces: list[bytes]) -> AsyncIterator[bytes]:
        try:
            for piece in pieces:
                yield piece
                read.append("piece")
            await asyncio.Event().wait()  # the connection stays open
        finally:
            read.append("closed")

    for pieces in ([sse(*HELLO, *ending()) + tail], [sse(*HELLO, *ending()), tail]):
        read.clear()
        chunks, response, error = await run_source(source(pieces))
        assert error is None
        assert [c.delta for c in chunks] == ["hi"]
        assert response.message.content[0].text == "hi"
        assert read == ["closed"]


async def test_a_mix_of_bytes_and_decoded_events_is_one_stream() -> None:
    response = await response_of([sse(*HELLO[:2]), HELLO[2], sse(HELLO[3]), *ending()])
    assert response.message.content[0].text == "hi"


def test_blank_request_ids_and_bad_cancel_events_are_type_errors() -> None:
    with pytest.raises(TypeError, match="request_id"):
        AsyncAnthropicStream(items_of([]), request_id=" ")
    with pytest.raises(TypeError, match="cancel"):
        AsyncAnthropicStream(items_of([]), request_id="r", cancel=object())  # type: ignore[arg-type]


def test_the_page_documents_every_event_stop_reason_and_skipped_block() -> None:
    for name in [
        *module._KNOWN_EVENTS,
        *module.STOP_REASONS,
        *module._DELTA_NAMES.values(),
        "server_tool_use",
        "web_search_tool_result",
        "redacted_thinking",
        "EVENT_NOT_READ",
        "PART_NOT_READ",
        "PROVIDER_MISSING_START",
        "PROVIDER_INVALID_TERMINAL",
        "PROVIDER_MISSING_TERMINAL",
        "PROVIDER_TRANSPORT_ERROR",
    ]:
        assert name in DOCUMENTED, name


class Hostile(dict):  # type: ignore[type-arg]
    """An event whose methods raise: it is read as the plain data it holds."""

    def __getitem__(self, key: Any) -> Any:
        raise RuntimeError("hostile __getitem__")

    def get(self, *args: Any) -> Any:
        raise RuntimeError("hostile get")

    def items(self) -> Any:
        raise RuntimeError("hostile items")


async def test_a_hostile_dict_subclass_event_is_read_as_the_plain_data_it_holds() -> None:
    response = await response_of([Hostile(start()), *hello(0), Hostile(message_delta()), STOP])
    assert response.message.content[0].text == "hi"
    assert response.usage.output_tokens == 7


# --- what the declaration does not know: passed over, never dropped silently -----------


def warnings_of(response: Any) -> list[tuple[str, str, int, str]]:
    return [(w.code.value, w.path, w.block_index, w.message) for w in response.warnings]


FUTURE = {"type": "message_annotation", "annotation": {"kind": "safety"}}


@pytest.mark.parametrize(
    ("events", "index"),
    [
        pytest.param([FUTURE, *HELLO, *ending()], 0, id="before-message-start"),
        pytest.param([PING, FUTURE, *HELLO, *ending()], 1, id="after-ping"),
        pytest.param([*HELLO[:3], FUTURE, *HELLO[3:], *ending()], 3, id="inside-a-block"),
        pytest.param([*HELLO, message_delta(), FUTURE, STOP], 5, id="before-the-terminal"),
    ],
)
async def test_an_unknown_event_is_passed_over_with_one_warning_naming_it_and_its_index(
    events: list[Any], index: int
) -> None:
    """As the SDK passes over an event type it does not know: the reply is read whole,
    and one EVENT_NOT_READ says which event it was."""
    response = await response_of(events)
    assert [to_json_value(b) for b in response.message.content] == [{"type": "text", "text": "hi"}]
    assert response.stop_reason.value == "stop"
    assert warnings_of(response) == [
        (
            "EVENT_NOT_READ",
            "",
            -1,
            f"event {index} (message_annotation) of the stream has an unknown type;"
            " it was passed over",
        )
    ]


@pytest.mark.parametrize("how", CHUNKINGS)
async def test_an_unknown_event_inside_a_chunk_is_passed_over_in_every_chunking(how: str) -> None:
    data = sse(*HELLO, text_start(1), text(1, "más"), FUTURE, block_stop(1), *ending())
    chunks, response, error = await run_source(items_of(CHUNKINGS[how](data)))
    assert error is None
    assert [c.delta for c in chunks] == ["hi", "más"]
    assert [w.message for w in response.warnings] == [
        "event 6 (message_annotation) of the stream has an unknown type; it was passed over"
    ]


async def test_an_unknown_event_does_not_count_as_the_event_after_a_broken_tool_input() -> None:
    """A tool call whose input is not a JSON object is refused by the next event unless
    it cuts the reply short; an unknown event is not that event."""
    events = [start(), tool_start(0), json_part(0, '{"a": '), block_stop(0), FUTURE]
    response = await response_of([*events, message_delta("max_tokens"), STOP])
    assert response.message.content == ()
    assert response.stop_reason.value == "length"
    assert [w.code.value for w in response.warnings] == ["EVENT_NOT_READ"]
    error = await failure([*events, PING, text_start(1)])
    assert error.code is Code.PROVIDER_INVALID_EVENT
    assert error.record_index == 6
    assert "the input is not a JSON object" in error.message


async def test_an_unknown_delta_type_is_passed_over_once_per_block_and_the_text_kept() -> None:
    sparkle = delta(0, "sparkle_delta", sparkle="*")
    events = [start(), text_start(), text(0, "hi"), sparkle, text(0, " there"), sparkle]
    response = await response_of([*events, block_stop(0), *hello(1), *ending()])
    assert [to_json_value(b) for b in response.message.content] == [
        {"type": "text", "text": "hi there"},
        {"type": "text", "text": "hi"},
    ]
    assert warnings_of(response) == [
        (
            "PART_NOT_READ",
            "/content/0",
            0,
            "a sparkle_delta delta of /content/0 (text) has no IR form",
        )
    ]


async def test_undeclared_keys_are_warned_once_at_their_place_in_the_reply() -> None:
    """Computed from the declaration: a key it does not know and that is not null is
    PART_NOT_READ at its place in the reply the non-streamed API returns (usage repeated
    by message_delta is warned once); a declared key that carries nothing is not."""
    first = start(
        usage={"input_tokens": 5, "output_tokens": 1, "service_tier": "standard", "future": 1},
        model="claude-x",
        stop_sequence=None,
        brand_new={"a": 1},
        nothing=None,
    )
    block = block_start(0, {"type": "text", "text": "", "annotations_v2": [1]})
    events = [first, block, text(0, "hi"), block_stop(0)]
    ending_events = [message_delta(usage={"output_tokens": 3, "future": 2}, future_flag=True), STOP]
    response = await response_of([*events, *ending_events])
    assert [to_json_value(b) for b in response.message.content] == [{"type": "text", "text": "hi"}]
    assert (response.usage.input_tokens, response.usage.output_tokens) == (5, 3)
    said = "is not read: the IR has no place for it"
    assert warnings_of(response) == [
        ("PART_NOT_READ", "/usage/future", -1, f"/usage/future {said}"),
        ("PART_NOT_READ", "/brand_new", -1, f"/brand_new {said}"),
        ("PART_NOT_READ", "/content/0/annotations_v2", 0, f"/content/0/annotations_v2 {said}"),
        ("PART_NOT_READ", "/future_flag", -1, f"/future_flag {said}"),
    ]


async def test_a_key_of_an_event_itself_is_warned_naming_the_event() -> None:
    events = [*HELLO[:2], {**text(0, "hi"), "trace": "t-1"}, *HELLO[3:], *ending()]
    response = await response_of(events)
    assert warnings_of(response) == [
        (
            "PART_NOT_READ",
            "",
            0,
            "content_block_delta /trace is not read: the IR has no place for it",
        )
    ]


CALLER = {"type": "code_execution_20250825", "tool_id": "srvtoolu_1"}


@pytest.mark.parametrize(("caller", "warned"), [(CALLER, True), ({"type": "direct"}, False)])
async def test_a_call_made_by_a_server_tool_says_its_caller_is_not_read(
    caller: dict[str, Any], warned: bool
) -> None:
    """Programmatic tool calling: the IR's tool call has no caller; a caller other than
    the model is said, in a stream and in a non-streamed reply alike."""
    events = [start(), tool_start(0, caller=caller), json_part(0, "{}"), block_stop(0)]
    response = await response_of([*events, *ending("tool_use")])
    reply = reply_from_anthropic(
        {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}, "caller": caller}
            ],
            "stop_reason": "tool_use",
            "usage": {"input_tokens": 5, "output_tokens": 1},
        },
        request_id="request-1",
    )
    want = (
        [
            (
                "PART_NOT_READ",
                "/content/0/caller",
                0,
                "/content/0/caller ('code_execution_20250825') has no IR form",
            )
        ]
        if warned
        else []
    )
    assert warnings_of(response) == want
    assert warnings_of(reply) == want
    assert response.message.content == reply.message.content


async def test_an_event_nested_too_deep_to_parse_is_refused_not_a_raw_recursion_error() -> None:
    """The typed decode of an event's text gives way to the JSON parser on any doubt, a
    nesting too deep for it included; the parser's refusal is the stream's."""
    nested = "[" * 20_000 + "]" * 20_000
    data = f'{{"type": "content_block_delta", "index": 0, "delta": {{"type": "citations_delta", "citation": {{"x": {nested}}}}}}}'
    body = sse(*HELLO[:2]) + f"event: content_block_delta\ndata: {data}\n\n".encode()
    _, _, error = await run_source(items_of([body]))
    assert error is not None
    assert (error.code, error.record_index) == (Code.PROVIDER_INVALID_EVENT, 2)
    assert "data is not JSON" in error.message


START = {"type": "message_start", "message": {"id": "msg_1", "role": "assistant", "content": []}}


def empty_text_start(index: int) -> dict[str, Any]:
    return block_start(index, {"type": "text", "text": ""})


def plain_tool_start(index: int) -> dict[str, Any]:
    return block_start(index, {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}})


def stop_delta(reason: str = "end_turn") -> dict[str, Any]:
    return {
        "type": "message_delta",
        "delta": {"stop_reason": reason},
        "usage": {"output_tokens": 1},
    }


HELLO_EVENTS = [START, empty_text_start(0), delta(0, "text_delta", text="hi"), block_stop(0)]


def sync_failure(source: list[Any]) -> ProviderError:
    stream = AnthropicStream(source, request_id="request-1")
    with pytest.raises(ProviderError) as caught:
        for _ in stream:
            pass
        stream.result()
    return caught.value


REFUSALS = [
    pytest.param(
        [b'data: {"type": "ping"}\n\ndata: [DONE]\n\n'],
        Code.PROVIDER_INVALID_EVENT,
        1,
        "event 1: a [DONE] event (Anthropic streams end with message_stop)",
        id="done",
    ),
    pytest.param(
        [b"data: [1]\n\n"],
        Code.PROVIDER_INVALID_EVENT,
        0,
        "event 0: the event data is not a JSON object",
        id="not-an-object",
    ),
    pytest.param(
        [b'event: ping\ndata: {"type": "message_start"}\n\n'],
        Code.PROVIDER_INVALID_EVENT,
        0,
        "event 0: the SSE event name 'ping' differs from its type 'message_start'",
        id="event-name",
    ),
    pytest.param(
        [*HELLO_EVENTS, stop_delta(), empty_text_start(1)],
        Code.PROVIDER_INVALID_EVENT,
        5,
        "event 5: content_block_start (block 1) after message_delta",
        id="block-after-delta",
    ),
    pytest.param(
        [START, plain_tool_start(0), stop_delta("end_turn")],
        Code.PROVIDER_INVALID_EVENT,
        2,
        "event 2: message_delta (stop_reason end_turn) while block 0 (tool_use) is open",
        id="delta-while-open",
    ),
    pytest.param(
        [
            START,
            plain_tool_start(0),
            delta(0, "input_json_delta", partial_json="[1"),
            block_stop(0),
            empty_text_start(1),
        ],
        Code.PROVIDER_INVALID_EVENT,
        4,
        "event 4: tool_use 'toolu_1' (f): the input is not a JSON object: '[1'",
        id="held-call",
    ),
    pytest.param(
        [
            START,
            plain_tool_start(0),
            delta(0, "input_json_delta", partial_json="[1"),
            block_stop(0),
            stop_delta("end_turn"),
        ],
        Code.PROVIDER_INVALID_EVENT,
        4,
        "event 4: tool_use 'toolu_1' (f): the input is not a JSON object: '[1'",
        id="held-call-not-cut-short",
    ),
    pytest.param(
        [START, empty_text_start(0), empty_text_start(1)],
        Code.PROVIDER_INVALID_EVENT,
        2,
        "event 2: content_block_start of block 1 while block 0 is open",
        id="block-while-open",
    ),
]


@pytest.mark.parametrize(("source", "code", "record", "message"), REFUSALS)
def test_each_refusal_has_its_code_record_index_and_whole_message(
    source: list[Any], code: ProviderErrorCode, record: int, message: str
) -> None:
    error = sync_failure(source)
    assert (error.code, error.record_index, error.message) == (code, record, message)


def test_the_input_shown_of_a_held_call_is_cut_at_80_characters() -> None:
    text = "[" + "1," * 60
    error = sync_failure(
        [
            START,
            plain_tool_start(0),
            delta(0, "input_json_delta", partial_json=text),
            block_stop(0),
            empty_text_start(1),
        ]
    )
    assert error.message.endswith(f"the input is not a JSON object: {text[:80]!r}")


def test_a_skipped_block_is_a_part_not_read_warning_naming_its_index_and_type() -> None:
    events = [
        START,
        block_start(0, {"type": "container_upload", "file_id": "file_1"}),
        block_stop(0),
        *[{**event, "index": 1} if "index" in event else event for event in HELLO_EVENTS[1:]],
        stop_delta(),
        STOP,
    ]
    response = AnthropicStream(events, request_id="request-1").result()
    warnings = [
        (w.code.value, w.path, w.message)
        for w in response.warnings  # type: ignore[attr-defined]
    ]
    assert warnings == [
        ("PART_NOT_READ", "/content/0", "/content/0 (container_upload) has no IR form")
    ]


@pytest.mark.parametrize("late", [delta(0, "text_delta", text="more"), block_stop(0)])
def test_a_block_cut_short_by_message_delta_is_no_longer_open(late: dict[str, Any]) -> None:
    error = sync_failure([*HELLO_EVENTS[:3], stop_delta("max_tokens"), late, STOP])
    kind = late["type"]
    assert (error.code, error.record_index, error.message) == (
        Code.PROVIDER_INVALID_EVENT,
        4,
        f"event 4: {kind} for block 0, which is not open",
    )


def test_output_tokens_missing_from_message_start_and_never_sent_are_zero() -> None:
    start = {
        "type": "message_start",
        "message": {
            "id": "msg_1",
            "role": "assistant",
            "content": [],
            "usage": {"input_tokens": 5},
        },
    }
    end = {"type": "message_delta", "delta": {"stop_reason": "end_turn"}}
    stream = AnthropicStream([start, *HELLO_EVENTS[1:], end, STOP], request_id="request-1")
    usage = stream.result().usage
    assert usage is not None
    assert (usage.input_tokens, usage.output_tokens) == (5, 0)


def test_a_thinking_block_cut_short_by_message_delta_keeps_its_signature() -> None:
    events = [
        START,
        block_start(0, {"type": "thinking", "thinking": ""}),
        delta(0, "thinking_delta", thinking="let me see"),
        delta(0, "signature_delta", signature="sig-1"),
        stop_delta("max_tokens"),
        STOP,
    ]
    response = AnthropicStream(events, request_id="request-1").result()
    (thinking,) = response.message.content
    assert (thinking.thinking, thinking.signature) == ("let me see", "sig-1")


# --- server-tool results and citations with nothing to stand on ---------------------------


SERVER_CALL = block_start(
    0, {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}}
)


def server_result(index: int, call_id: str = "srvtoolu_1") -> dict[str, Any]:
    return block_start(
        index, {"type": "web_search_tool_result", "tool_use_id": call_id, "content": []}
    )


async def test_deltas_of_a_server_tool_result_are_one_part_not_read() -> None:
    """A server-tool result is the block its start gave: deltas after it have no IR
    form, said once for the block however many come."""
    deltas = [text(1, "a"), text(1, "b")]
    response = await response_of(
        [start(), SERVER_CALL, block_stop(0), server_result(1), *deltas, block_stop(1), *ending()]
    )

    assert warnings_of(response) == [
        (
            "PART_NOT_READ",
            "/content/1",
            1,
            "a delta of /content/1 (web_search_tool_result) has no IR form: the result is "
            "the block its content_block_start gave",
        )
    ]


async def test_a_server_tool_result_with_an_empty_call_id_is_refused() -> None:
    error = await failure(
        [start(), SERVER_CALL, block_stop(0), server_result(1, ""), block_stop(1), *ending()]
    )

    assert (error.code, error.record_index) == (ProviderErrorCode.PROVIDER_INVALID_EVENT, 3)
    assert error.message == (
        "event 3: content_block_start /content_block/tool_use_id must be a non-empty "
        "string; it is a string ('')"
    )


async def test_citations_of_an_empty_text_block_are_part_not_read() -> None:
    empty_cited = block_start(
        0, {"type": "text", "text": "", "citations": [{"type": "web_search_result_location"}]}
    )
    response = await response_of([start(), empty_cited, block_stop(0), *hello(1), *ending()])

    assert warnings_of(response) == [
        (
            "PART_NOT_READ",
            "/content/0/citations",
            0,
            "/content/0/citations of an empty text block have no IR form",
        )
    ]
    assert [block.text for block in response.message.content] == ["hi"]


async def test_an_empty_text_block_without_citations_says_nothing() -> None:
    empty = block_start(0, {"type": "text", "text": "", "citations": []})
    response = await response_of([start(), empty, block_stop(0), *hello(1), *ending()])

    assert warnings_of(response) == []
    assert [block.text for block in response.message.content] == ["hi"]


async def test_an_unknown_field_of_a_known_delta_is_part_not_read_at_its_block() -> None:
    unknown_field = delta(0, "text_delta", text="hi", future=1)
    response = await response_of([start(), text_start(0), unknown_field, block_stop(0), *ending()])

    said = "is not read: the IR has no place for it"
    assert warnings_of(response) == [
        ("PART_NOT_READ", "/content/0/future", 0, f"/content/0/future {said}")
    ]
    assert response.message.content[0].text == "hi"


async def test_server_tool_requests_are_counted_per_tool_the_latest_count_kept() -> None:
    usage = {"output_tokens": 7, "server_tool_use": {"web_search_requests": 1}}
    later = {
        "output_tokens": 9,
        "server_tool_use": {"web_search_requests": 2, "web_fetch_requests": 3},
    }
    response = await response_of(
        [*HELLO, message_delta(usage=usage), message_delta(usage=later), STOP]
    )
    counted = response.usage.server_tool_requests
    assert [(found.tool, found.requests) for found in counted] == [
        ("web_search", 2),
        ("web_fetch", 3),
    ]


async def test_a_text_block_open_when_the_reply_is_cut_short_keeps_its_text_and_citations() -> None:
    # max_tokens may end the reply inside a block: no content_block_stop comes.
    cited = delta(0, "citations_delta", citation={"type": "char_location", "cited_text": "x"})
    events = [start(), text_start(), cited, text(0, "partial"), *ending("max_tokens")]
    response = await response_of(events)
    assert response.stop_reason.value == "length"
    wire = {"type": "char_location", "cited_text": "x"}
    assert to_json_value(response.message.content) == [
        {"type": "text", "text": "partial", "citations": [{"provider": "anthropic", "wire": wire}]}
    ]


async def test_a_first_usage_whose_input_count_is_null_says_null() -> None:
    error = await failure([start(usage={"input_tokens": None, "output_tokens": 1})])
    assert error.message.endswith(
        "message_start /message/usage/input_tokens must be an integer >= 0; it is null"
    )


async def test_thinking_tokens_are_the_reasoning_count_the_latest_kept() -> None:
    first = {"output_tokens": 7, "output_tokens_details": {"thinking_tokens": 3}}
    later = {"output_tokens": 9, "output_tokens_details": {"thinking_tokens": 4}}
    response = await response_of(
        [*HELLO, message_delta(usage=first), message_delta(usage=later), STOP]
    )
    assert (response.usage.output_tokens, response.usage.reasoning_tokens) == (9, 4)


async def test_a_delta_of_a_new_type_and_a_key_of_its_event_are_each_warned() -> None:
    new = {
        "type": "content_block_delta",
        "index": 0,
        "delta": {"type": "new_delta", "x": 1},
        "extra": 1,
    }
    response = await response_of(
        [start(), text_start(), new, text(0, "a"), block_stop(0), *ending()]
    )
    assert [(warning.path, warning.message) for warning in response.warnings] == [
        ("/content/0", "a new_delta delta of /content/0 (text) has no IR form"),
        ("", "content_block_delta /extra is not read: the IR has no place for it"),
    ]
    assert response.message.content == (TextBlock(text="a"),)
