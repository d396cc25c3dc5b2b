"""What an Anthropic reply holds that the IR has no place for is said, the same in
``reply_from_anthropic`` and ``AnthropicStream``, as ``from_anthropic`` says it: a
``tool_use`` whose ``caller`` is not the model (programmatic tool calling: a call made
by code execution) and any undeclared key of a block the readers know is one
PART_NOT_READ warning at its path, with the block's index, in the order the stream
meets them (the message's keys, then each block's as it opens).

Regression (issue 36): a black-box probe reported both dropped in silence by the reply
and the stream; they were warned, but the reply gave its block keys block index -1
and after every block, so the reply and its stream differed.

The reply is a minimal programmatic tool calling reply, in the shape of the official
SDK's types (``anthropic.types.Message``, ``ToolUseBlock.caller``:
``ServerToolCaller``).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from anthropic.lib.streaming._messages import accumulate_event
from anthropic.types import Message, RawMessageStreamEvent
from pydantic import TypeAdapter

from agent_ir import to_json_value
from agent_ir.wire import AnthropicStream, from_anthropic, reply_from_anthropic

from support.wire_cases import resolve

CALLER = {"type": "code_execution_20250825", "tool_id": "srvtoolu_01"}
CODE = {"code": "for city in ['Paris', 'Rome']:\n    print(get_weather(city=city))"}
REPLY: dict[str, Any] = {
    "id": "msg_01",
    "type": "message",
    "role": "assistant",
    "model": "claude-sonnet-4-5",
    "content": [
        {"type": "text", "text": "I will check both cities."},
        {"type": "server_tool_use", "id": "srvtoolu_01", "name": "code_execution", "input": CODE},
        {
            "type": "tool_use",
            "id": "toolu_01",
            "name": "get_weather",
            "input": {"city": "Paris"},
            "caller": CALLER,
        },
    ],
    "stop_reason": "tool_use",
    "stop_sequence": None,
    "usage": {"input_tokens": 512, "output_tokens": 64},
}
CALLER_WARNING = (
    "PART_NOT_READ",
    "/content/2/caller",
    2,
    "/content/2/caller ('code_execution_20250825') has no IR form",
)
EVENTS = TypeAdapter(list[RawMessageStreamEvent])


def events_of(reply: dict[str, Any]) -> list[dict[str, Any]]:
    """The stream of ``reply``: each block opened empty, its content as one delta."""
    head = {key: value for key, value in reply.items() if key != "content"}
    head.update(content=[], stop_reason=None, stop_sequence=None)
    head["usage"] = {**reply["usage"], "output_tokens": 1}
    events: list[dict[str, Any]] = [{"type": "message_start", "message": head}]
    for index, block in enumerate(reply["content"]):
        opened, delta = _opened(block)
        events.append({"type": "content_block_start", "index": index, "content_block": opened})
        if delta is not None:
            events.append({"type": "content_block_delta", "index": index, "delta": delta})
        events.append({"type": "content_block_stop", "index": index})
    events.append(
        {
            "type": "message_delta",
            "delta": {"stop_reason": reply["stop_reason"], "stop_sequence": None},
            "usage": {"output_tokens": reply["usage"]["output_tokens"]},
        }
    )
    events.append({"type": "message_stop"})
    return events


def _opened(block: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any] | None]:
    kind = block["type"]
    if kind == "text":
        return {**block, "text": ""}, {"type": "text_delta", "text": block["text"]}
    if kind == "thinking":
        return {**block, "thinking": ""}, {"type": "thinking_delta", "thinking": block["thinking"]}
    if kind in ("tool_use", "server_tool_use"):
        partial = TypeAdapter(dict[str, Any]).dump_json(block["input"]).decode()
        return {**block, "input": {}}, {"type": "input_json_delta", "partial_json": partial}
    return block, None


def read(reply: dict[str, Any]) -> Any:
    before = copy.deepcopy(reply)
    response = reply_from_anthropic(reply, request_id="request-1")
    assert reply == before
    for warning in response.warnings:
        resolve(reply, warning.path)  # the path names a value of the reply
    return response


def streamed(reply: dict[str, Any]) -> Any:
    return AnthropicStream(events_of(reply), request_id="request-1").result()


def warnings(response: Any) -> list[tuple[str, str, int, str]]:
    return [(w.code, w.path, w.block_index, w.message) for w in response.warnings]


def test_the_reply_and_its_stream_are_the_sdks_shapes() -> None:
    message = Message.model_validate(REPLY)
    assert message.content[2].caller is not None  # type: ignore[union-attr]
    assert message.content[2].caller.type == "code_execution_20250825"  # type: ignore[union-attr]
    EVENTS.validate_python(events_of(REPLY))


def test_a_call_made_by_code_execution_is_warned_in_the_reply_and_the_stream_alike() -> None:
    reply = read(REPLY)
    stream = streamed(REPLY)
    assert warnings(reply) == warnings(stream) == [CALLER_WARNING]
    assert to_json_value(reply) == to_json_value(stream)
    assert [block["type"] for block in to_json_value(reply.message)["content"]] == [
        "text",
        "serverToolCall",
        "toolCall",
    ]
    assert reply.stop_reason == "toolCall"


def test_the_sdks_accumulated_message_reads_as_the_stream() -> None:
    snapshot = None
    json_bufs: dict[int, bytes] = {}
    for event in EVENTS.validate_python(events_of(REPLY)):
        snapshot = accumulate_event(event=event, current_snapshot=snapshot, json_bufs=json_bufs)
    assert snapshot is not None
    accumulated = read(snapshot.model_dump(mode="json"))
    assert warnings(accumulated) == [CALLER_WARNING]
    assert to_json_value(accumulated.message) == to_json_value(streamed(REPLY).message)


def test_from_anthropic_warns_about_the_same_caller() -> None:
    request = from_anthropic([{"role": "assistant", "content": REPLY["content"]}])
    assert [(w.code, w.path, w.block_index) for w in request.warnings] == [
        ("PART_NOT_READ", "/messages/0/content/2/caller", 2)
    ]


@pytest.mark.parametrize(
    ("caller", "warned"),
    [
        (CALLER, True),
        ({"type": "code_execution_20260120", "tool_id": "srvtoolu_01"}, True),
        ({"type": "direct", "note": "x"}, True),  # more than the default: as from_anthropic
        ({"type": "direct"}, False),
        (None, False),
    ],
)
def test_only_the_default_caller_says_nothing(caller: Any, warned: bool) -> None:
    reply = copy.deepcopy(REPLY)
    reply["content"][2]["caller"] = caller
    request = from_anthropic([{"role": "assistant", "content": reply["content"]}])
    for response in (read(reply), streamed(reply)):
        assert [w.path for w in response.warnings] == (["/content/2/caller"] if warned else [])
    assert [w.path for w in request.warnings] == (
        ["/messages/0/content/2/caller"] if warned else []
    )


KNOWN_BLOCKS = [
    {"type": "text", "text": "hi"},
    {"type": "thinking", "thinking": "so", "signature": "c2ln"},
    {"type": "redacted_thinking", "data": "ZW5j"},
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}},
]


@pytest.mark.parametrize("block", KNOWN_BLOCKS, ids=[b["type"] for b in KNOWN_BLOCKS])
def test_an_undeclared_key_of_a_known_block_is_warned_with_its_block(block: dict[str, Any]) -> None:
    reply = copy.deepcopy(REPLY)
    reply["content"] = [{"type": "text", "text": "first"}, {**block, "future_key": {"a": 1}}]
    reply["brand_new"] = True
    reply["stop_reason"] = "tool_use" if block["type"] == "tool_use" else "end_turn"
    said = "is not read: the IR has no place for it"
    want = [
        ("PART_NOT_READ", "/brand_new", -1, f"/brand_new {said}"),
        ("PART_NOT_READ", "/content/1/future_key", 1, f"/content/1/future_key {said}"),
    ]
    response = read(reply)
    assert warnings(response) == want
    assert to_json_value(response) == to_json_value(streamed(reply))
    request = from_anthropic([{"role": "assistant", "content": reply["content"]}])
    assert [(w.path, w.block_index) for w in request.warnings] == [
        ("/messages/0/content/1/future_key", 1)
    ]


def test_a_call_cut_short_is_dropped_but_what_it_held_is_still_said() -> None:
    """The stream met the call's start (and said what it does not read) before the
    output limit cut its input; the reply drops the same call and says the same."""
    reply = copy.deepcopy(REPLY)
    reply["content"][2]["future_key"] = 1
    reply["stop_reason"] = "max_tokens"
    stream_events = events_of(reply)
    stream_events[-4]["delta"]["partial_json"] = '{"city": "Pa'  # the call's input: cut
    stream = AnthropicStream(stream_events, request_id="request-1").result()
    response = read(reply)
    assert [block["type"] for block in to_json_value(response.message)["content"]] == [
        "text",
        "serverToolCall",
    ]
    said = "is not read: the IR has no place for it"
    want = [
        CALLER_WARNING,
        ("PART_NOT_READ", "/content/2/future_key", 2, f"/content/2/future_key {said}"),
    ]
    assert warnings(response) == warnings(stream) == want
    assert to_json_value(response) == to_json_value(stream)


@pytest.mark.parametrize("where", ["message", "block"])
def test_an_undeclared_key_holding_a_lone_surrogate_is_warned_not_raised(where: str) -> None:
    """Found by the fuzzer (from_wire): msgspec names an undeclared key by encoding it,
    which raised UnicodeEncodeError out of ``reply_from_anthropic`` for a key holding a
    lone surrogate; the decode step's walk names it (the path keeps the surrogate as it
    is, as every pointer does until it is written out)."""
    reply = copy.deepcopy(REPLY)
    holder = reply if where == "message" else reply["content"][0]
    holder["k\ud800"] = 1
    pointer = "/k\ud800" if where == "message" else "/content/0/k\ud800"

    response = reply_from_anthropic(reply, request_id="req_1")

    assert [block.type for block in response.message.content] == [
        "text",
        "serverToolCall",
        "toolCall",
    ]
    assert pointer in [warning.path for warning in response.warnings]
