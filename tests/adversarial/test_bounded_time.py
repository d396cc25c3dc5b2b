"""Time linear in the input: N and 8N items of one hostile shape, the larger taking at
most 24 times as long (8 for linear growth, times 3 for a noisy shared machine; a
quadratic cost takes 64 times). Process time, best of three, so other processes'
load counts little; each small run takes tens of milliseconds, so noise stays small."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from adversarial.catalogue import (
    assistant_run,
    far_results,
    json_line,
    leading_orphans,
    long_shared_ids,
    results_out_of_place,
    reused_call_id,
    unanswered_calls,
)

from agent_ir import (
    FixtureProviderAdapter,
    JsonObject,
    assistant_message,
    check_wire_rules,
    loads,
    normalize_tool_call_ids,
    parse_transcript,
    repair_transcript,
    trim_transcript,
    user_message,
    validate_json,
    validate_transcript,
)
from agent_ir.wire import (
    AnthropicStream,
    AsyncGeminiStream,
    AsyncOpenAIResponsesStream,
    GeminiStream,
    OpenAIChatStream,
    OpenAIResponsesStream,
    from_anthropic,
    from_bedrock_converse,
    from_mistral,
    from_openai_chat,
    from_openai_responses,
    reply_from_anthropic,
    reply_from_bedrock_converse,
    reply_from_gemini,
    reply_from_openai_chat,
    reply_from_openai_responses,
    to_anthropic,
    to_bedrock_converse,
    to_mistral,
    to_openai_chat,
    to_openai_responses,
)

from support.builders import END, START, assistant, call_block, fixture_of, text, user

pytestmark = pytest.mark.heavy

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


# --- repair, trimming, the rules and the wire, on the linkage shapes of the catalogue ---


def tool_rounds(count: int) -> list[Any]:
    """``count`` well-linked rounds: a user turn, a call with text, its result."""
    transcript: list[Any] = []
    for n in range(count):
        transcript += [
            user(f"u{n}"),
            assistant(f"a{n}", [{"type": "text", "text": "t"}, call_block(f"c{n}")]),
            {**_result(n), "content": "r"},
        ]
    return transcript


def _result(n: int) -> dict[str, Any]:
    return {
        "role": "toolResult",
        "id": f"r{n}",
        "toolCallId": f"c{n}",
        "toolName": "read",
        "content": "r",
        "isError": False,
    }


LINKAGE_SHAPES = {
    "reused-call-id": reused_call_id,
    "assistant-run": assistant_run,
    "unanswered-calls": unanswered_calls,
    "leading-orphans": leading_orphans,
    "far-results": far_results,
    "long-shared-ids": long_shared_ids,
    "results-out-of-place": results_out_of_place,
    "tool-rounds": tool_rounds,
}
TRANSCRIPT_ENTRIES: dict[str, Callable[[Any], Any]] = {
    "repair_transcript": repair_transcript,
    "repair_transcript[anthropic]": lambda t: repair_transcript(t, provider="anthropic"),
    "repair_transcript[openai-chat,drop-call]": lambda t: repair_transcript(
        t, provider="openai-chat", missing="drop-call"
    ),
    "trim_transcript": lambda t: trim_transcript(t, max_messages=len(t) // 2, max_chars=10**6),
    "normalize_tool_call_ids[anthropic]": lambda t: normalize_tool_call_ids(t, "anthropic"),
    "check_wire_rules[anthropic]": lambda t: check_wire_rules(t, "anthropic"),
    "check_wire_rules[openai-chat]": lambda t: check_wire_rules(t, "openai-chat"),
    "to_openai_chat": to_openai_chat,
    "to_openai_responses": to_openai_responses,
    "to_anthropic": to_anthropic,
    "to_bedrock_converse": to_bedrock_converse,
    "check_wire_rules[bedrock-converse]": lambda t: check_wire_rules(t, "bedrock-converse"),
    "to_mistral": to_mistral,
}
TRANSCRIPT_SHAPES = [
    # 1,000 items: the smaller run takes about 10 ms, above the timer's noise.
    pytest.param(LINKAGE_SHAPES[shape], TRANSCRIPT_ENTRIES[entry], 1_000, id=f"{shape}/{entry}")
    for shape in LINKAGE_SHAPES
    for entry in TRANSCRIPT_ENTRIES
    # The writers take linkage as it is: one shape of many rounds is enough for them.
    if not entry.startswith("to_") or shape == "tool-rounds"
]


def wire_request(provider: str) -> Callable[[int], Any]:
    writers = {"openai-chat": to_openai_chat, "openai-responses": to_openai_responses}
    writers["anthropic"] = to_anthropic
    writers["bedrock-converse"] = to_bedrock_converse
    writers["mistral"] = to_mistral
    return lambda count: writers[provider](tool_rounds(count)).fields


READ_SHAPES = [
    pytest.param(
        wire_request("openai-chat"),
        lambda fields: from_openai_chat(fields["messages"]),
        500,
        id="tool-rounds/from_openai_chat",
    ),
    pytest.param(
        wire_request("openai-responses"),
        lambda fields: from_openai_responses(fields["input"]),
        500,
        id="tool-rounds/from_openai_responses",
    ),
    pytest.param(
        wire_request("anthropic"),
        lambda fields: from_anthropic(fields["messages"]),
        500,
        id="tool-rounds/from_anthropic",
    ),
    pytest.param(
        wire_request("bedrock-converse"),
        lambda fields: from_bedrock_converse(fields["messages"]),
        500,
        id="tool-rounds/from_bedrock_converse",
    ),
    pytest.param(
        wire_request("mistral"),
        lambda fields: from_mistral(fields["messages"]),
        500,
        id="tool-rounds/from_mistral",
    ),
]


def chat_reply(count: int) -> dict[str, Any]:
    calls = [
        {"id": f"c{n}", "type": "function", "function": {"name": "read", "arguments": "{}"}}
        for n in range(count)
    ]
    message = {"role": "assistant", "content": "t" * count, "tool_calls": calls}
    choice = {"index": 0, "message": message, "finish_reason": "tool_calls"}
    return {"id": "chatcmpl-1", "object": "chat.completion", "choices": [choice]}


def responses_reply(count: int) -> dict[str, Any]:
    output = [
        {"type": "function_call", "call_id": f"c{n}", "name": "read", "arguments": "{}"}
        for n in range(count)
    ]
    return {"id": "resp_1", "object": "response", "status": "completed", "output": output}


def anthropic_reply(count: int) -> dict[str, Any]:
    content = [
        {"type": "tool_use", "id": f"c{n}", "name": "read", "input": {}} for n in range(count)
    ]
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "content": content,
        "stop_reason": "tool_use",
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }


def bedrock_reply(count: int) -> dict[str, Any]:
    content = [
        {"toolUse": {"toolUseId": f"c{n}", "name": "read", "input": {}}} for n in range(count)
    ]
    message = {"role": "assistant", "content": content}
    return {"output": {"message": message}, "stopReason": "tool_use"}


def gemini_reply(count: int) -> dict[str, Any]:
    parts = [
        {"functionCall": {"name": "read", "args": {}}, "thoughtSignature": "c2ln"}
        for _ in range(count)
    ]
    candidate = {"content": {"parts": parts, "role": "model"}, "finishReason": "STOP"}
    return {"candidates": [candidate], "responseId": "resp_1"}


REPLY_SHAPES = [
    pytest.param(
        chat_reply,
        lambda r: reply_from_openai_chat(r, request_id="q"),
        500,
        id="calls/reply_from_openai_chat",
    ),
    pytest.param(
        responses_reply,
        lambda r: reply_from_openai_responses(r, request_id="q"),
        500,
        id="calls/reply_from_openai_responses",
    ),
    pytest.param(
        anthropic_reply,
        lambda r: reply_from_anthropic(r, request_id="q"),
        500,
        id="calls/reply_from_anthropic",
    ),
    pytest.param(
        gemini_reply,
        lambda r: reply_from_gemini(r, request_id="q"),
        500,
        id="calls/reply_from_gemini",
    ),
    pytest.param(
        bedrock_reply,
        lambda r: reply_from_bedrock_converse(r, request_id="q"),
        500,
        id="calls/reply_from_bedrock_converse",
    ),
]


def sse(events: list[Any], *, named: bool) -> bytes:
    parts = []
    for event in events:
        head = f"event: {event['type']}\n" if named else ""
        parts.append(f"{head}data: {json.dumps(event)}\n\n")
    return "".join(parts).encode()


def chat_stream(count: int) -> list[bytes]:
    """``count`` text deltas, then ``count`` pieces of one call's arguments, each its
    own chunk."""

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        choice = {"index": 0, "delta": delta, "finish_reason": finish}
        return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "choices": [choice]}

    call = {
        "index": 0,
        "id": "c",
        "type": "function",
        "function": {"name": "read", "arguments": ""},
    }
    events = [chunk({"role": "assistant", "content": "x"}) for _ in range(count)]
    events.append(chunk({"tool_calls": [call]}))
    piece = {"index": 0, "function": {"arguments": " "}}
    events += [chunk({"tool_calls": [piece]}) for _ in range(count)]
    events += [chunk({"tool_calls": [{"index": 0, "function": {"arguments": "{}"}}]})]
    events.append(chunk({}, "tool_calls"))
    return [sse([event], named=False) for event in events] + [b"data: [DONE]\n\n"]


def responses_stream(count: int) -> list[bytes]:
    response = {"id": "resp_1", "object": "response", "status": "in_progress", "output": []}
    events: list[Any] = [{"type": "response.created", "response": response}]
    item = {"type": "message", "id": "msg_1", "role": "assistant", "content": []}
    events.append({"type": "response.output_item.added", "output_index": 0, "item": item})
    part = {"type": "output_text", "text": "", "annotations": []}
    events.append(
        {
            "type": "response.content_part.added",
            "output_index": 0,
            "content_index": 0,
            "item_id": "msg_1",
            "part": part,
        }
    )
    delta = {
        "type": "response.output_text.delta",
        "output_index": 0,
        "content_index": 0,
        "item_id": "msg_1",
        "delta": "x",
    }
    events += [delta] * count
    done = {
        **response,
        "status": "completed",
        "output": [{**item, "content": [{**part, "text": "x" * count}]}],
    }
    events.append({"type": "response.completed", "response": done})
    return [sse([event], named=True) for event in events]


def anthropic_stream(count: int) -> list[bytes]:
    message = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "content": [],
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }
    events: list[Any] = [{"type": "message_start", "message": message}]
    for index in range(count):
        block = {"type": "text", "text": ""}
        events.append({"type": "content_block_start", "index": index, "content_block": block})
        events.append(
            {
                "type": "content_block_delta",
                "index": index,
                "delta": {"type": "text_delta", "text": "x"},
            }
        )
        events.append({"type": "content_block_stop", "index": index})
    events.append(
        {
            "type": "message_delta",
            "delta": {"stop_reason": "end_turn"},
            "usage": {"output_tokens": 1},
        }
    )
    events.append({"type": "message_stop"})
    return [sse([event], named=True) for event in events]


def gemini_stream(count: int) -> list[bytes]:
    """``count`` text pieces of one block, each its own chunk, then the finish."""
    pieces = [{"candidates": [{"content": {"parts": [{"text": "x"}]}}]}] * count
    last = {"candidates": [{"content": {"parts": [{"text": ""}]}, "finishReason": "STOP"}]}
    return [sse([chunk], named=False) for chunk in [*pieces, last]]


def read_sync(stream_class: Any) -> Callable[[list[bytes]], Any]:
    return lambda chunks: stream_class(iter(chunks), request_id="q").result()


def read_async(stream_class: Any) -> Callable[[list[bytes]], Any]:
    async def source(chunks: list[bytes]) -> Any:
        for chunk in chunks:
            yield chunk

    async def run(chunks: list[bytes]) -> Any:
        return await stream_class(source(chunks), request_id="q").result()

    return lambda chunks: asyncio.run(run(chunks))


def one_byte_chunks(build: Callable[[int], list[bytes]]) -> Callable[[int], list[bytes]]:
    def chunks(count: int) -> list[bytes]:
        data = b"".join(build(count))
        return [data[index : index + 1] for index in range(len(data))]

    return chunks


STREAM_SHAPES = [
    pytest.param(chat_stream, read_sync(OpenAIChatStream), 500, id="chat-chunks/OpenAIChatStream"),
    pytest.param(
        one_byte_chunks(chat_stream),
        read_sync(OpenAIChatStream),
        100,
        id="chat-bytes/OpenAIChatStream",
    ),
    pytest.param(
        responses_stream,
        read_sync(OpenAIResponsesStream),
        500,
        id="text-deltas/OpenAIResponsesStream",
    ),
    pytest.param(
        responses_stream,
        read_async(AsyncOpenAIResponsesStream),
        500,
        id="text-deltas/AsyncOpenAIResponsesStream",
    ),
    pytest.param(
        anthropic_stream, read_sync(AnthropicStream), 300, id="text-blocks/AnthropicStream"
    ),
    pytest.param(
        lambda count: [b": ping\n\n" * count, *anthropic_stream(1)],
        read_sync(AnthropicStream),
        5_000,
        id="comments/AnthropicStream",
    ),
    pytest.param(gemini_stream, read_sync(GeminiStream), 500, id="text-pieces/GeminiStream"),
    pytest.param(
        gemini_stream, read_async(AsyncGeminiStream), 500, id="text-pieces/AsyncGeminiStream"
    ),
]
SHAPES += TRANSCRIPT_SHAPES + READ_SHAPES + REPLY_SHAPES + STREAM_SHAPES


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
