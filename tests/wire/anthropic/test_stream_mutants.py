"""``AnthropicStream``'s own refusals read in full (code, record index and the whole
message the module docstring describes), where the broader tests match a fragment;
these pin what ``mutation/run.py``'s ``anthropic stream`` group changes."""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir.replies import ProviderError, ProviderErrorCode
from agent_ir.wire.anthropic._stream import AnthropicStream

Code = ProviderErrorCode

START = {"type": "message_start", "message": {"id": "msg_1", "role": "assistant", "content": []}}
STOP = {"type": "message_stop"}


def block_start(index: int, block: dict[str, Any]) -> dict[str, Any]:
    return {"type": "content_block_start", "index": index, "content_block": block}


def text_start(index: int) -> dict[str, Any]:
    return block_start(index, {"type": "text", "text": ""})


def tool_start(index: int) -> dict[str, Any]:
    return block_start(index, {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}})


def delta(index: int, kind: str, **fields: Any) -> dict[str, Any]:
    return {"type": "content_block_delta", "index": index, "delta": {"type": kind, **fields}}


def block_stop(index: int) -> dict[str, Any]:
    return {"type": "content_block_stop", "index": index}


def message_delta(reason: str = "end_turn") -> dict[str, Any]:
    return {
        "type": "message_delta",
        "delta": {"stop_reason": reason},
        "usage": {"output_tokens": 1},
    }


HELLO = [START, text_start(0), delta(0, "text_delta", text="hi"), block_stop(0)]


def failure(source: list[Any]) -> ProviderError:
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
        [*HELLO, message_delta(), text_start(1)],
        Code.PROVIDER_INVALID_EVENT,
        5,
        "event 5: content_block_start (block 1) after message_delta",
        id="block-after-delta",
    ),
    pytest.param(
        [START, tool_start(0), message_delta("end_turn")],
        Code.PROVIDER_INVALID_EVENT,
        2,
        "event 2: message_delta (stop_reason end_turn) while block 0 (tool_use) is open",
        id="delta-while-open",
    ),
    pytest.param(
        [
            START,
            tool_start(0),
            delta(0, "input_json_delta", partial_json="[1"),
            block_stop(0),
            text_start(1),
        ],
        Code.PROVIDER_INVALID_EVENT,
        4,
        "event 4: tool_use 'toolu_1' (f): the input is not a JSON object: '[1'",
        id="held-call",
    ),
    pytest.param(
        [
            START,
            tool_start(0),
            delta(0, "input_json_delta", partial_json="[1"),
            block_stop(0),
            message_delta("end_turn"),
        ],
        Code.PROVIDER_INVALID_EVENT,
        4,
        "event 4: tool_use 'toolu_1' (f): the input is not a JSON object: '[1'",
        id="held-call-not-cut-short",
    ),
    pytest.param(
        [START, text_start(0), text_start(1)],
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
    error = failure(source)
    assert (error.code, error.record_index, error.message) == (code, record, message)


def test_the_input_shown_of_a_held_call_is_cut_at_80_characters() -> None:
    text = "[" + "1," * 60
    error = failure(
        [
            START,
            tool_start(0),
            delta(0, "input_json_delta", partial_json=text),
            block_stop(0),
            text_start(1),
        ]
    )
    assert error.message.endswith(f"the input is not a JSON object: {text[:80]!r}")


def test_a_skipped_block_is_a_part_not_read_warning_naming_its_index_and_type() -> None:
    events = [
        START,
        block_start(0, {"type": "container_upload", "file_id": "file_1"}),
        block_stop(0),
        *[{**event, "index": 1} if "index" in event else event for event in HELLO[1:]],
        message_delta(),
        STOP,
    ]
    response = AnthropicStream(events, request_id="request-1").result()
    warnings = [
        (w.code.value, w.path, w.message)
        for w in response.warnings  # type: ignore[attr-defined]
    ]
    assert warnings == [
        ("PART_NOT_READ", "/content/0", "content[0] (container_upload) has no IR form")
    ]


@pytest.mark.parametrize("late", [delta(0, "text_delta", text="more"), block_stop(0)])
def test_a_block_cut_short_by_message_delta_is_no_longer_open(late: dict[str, Any]) -> None:
    error = failure([*HELLO[:3], message_delta("max_tokens"), late, STOP])
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
    stream = AnthropicStream([start, *HELLO[1:], end, STOP], request_id="request-1")
    usage = stream.result().usage
    assert usage is not None
    assert (usage.input_tokens, usage.output_tokens) == (5, 0)


def test_a_thinking_block_cut_short_by_message_delta_keeps_its_signature() -> None:
    events = [
        START,
        block_start(0, {"type": "thinking", "thinking": ""}),
        delta(0, "thinking_delta", thinking="let me see"),
        delta(0, "signature_delta", signature="sig-1"),
        message_delta("max_tokens"),
        STOP,
    ]
    response = AnthropicStream(events, request_id="request-1").result()
    (thinking,) = response.message.content
    assert (thinking.thinking, thinking.signature) == ("let me see", "sig-1")
