"""ConverseStream events as boto3 yields them (dicts of one key) and non-streamed Converse
replies: the mapping, what is passed over with a warning, and every refusal with its
code and the index of the event it concerns."""

from __future__ import annotations

import asyncio
import base64
from typing import Any

import pytest

from agent_ir import ProviderError, to_json_value
from agent_ir.wire import (
    AsyncBedrockConverseStream,
    BedrockConverseStream,
    ConversionWarningCode,
    reply_from_bedrock_converse,
)

START = {"messageStart": {"role": "assistant"}}
USAGE = {"inputTokens": 5, "outputTokens": 7, "totalTokens": 12}


def delta(index: int, **value: Any) -> dict[str, Any]:
    return {"contentBlockDelta": {"delta": value, "contentBlockIndex": index}}


def stop(index: int) -> dict[str, Any]:
    return {"contentBlockStop": {"contentBlockIndex": index}}


def end(reason: str = "end_turn", **extra: Any) -> list[dict[str, Any]]:
    return [{"messageStop": {"stopReason": reason}}, {"metadata": {"usage": USAGE, **extra}}]


def read(events: list[Any]) -> Any:
    return BedrockConverseStream(events, request_id="req").result()


def refused(events: list[Any]) -> ProviderError:
    with pytest.raises(ProviderError) as raised:
        read(events)
    return raised.value


def test_text_blocks_open_with_their_first_delta_and_stay_one_block_each() -> None:
    response = read(
        [
            START,
            delta(0, text="Hel"),
            delta(0, text="lo"),
            stop(0),
            delta(1, text="!"),
            stop(1),
            *end(),
        ]
    )
    assert [b["text"] for b in to_json_value(response.message)["content"]] == ["Hello", "!"]
    assert (response.usage.input_tokens, response.usage.output_tokens) == (5, 7)
    assert response.id == "req"


def test_redacted_reasoning_in_pieces_is_one_block_signed_by_all_its_bytes() -> None:
    pieces = [base64.b64encode(b"ab").decode(), base64.b64encode(b"cd").decode()]
    events = [START, delta(0, reasoningContent={"redactedContent": pieces[0]})]
    events += [delta(0, reasoningContent={"redactedContent": b"cd"}), stop(0), *end()]
    response = read(events)
    assert to_json_value(response.message)["content"] == [
        {
            "type": "thinking",
            "thinking": "",
            "signature": base64.b64encode(b"abcd").decode(),
            "redacted": True,
        }
    ]


def test_a_reply_cut_short_ends_its_text_and_drops_an_open_tool_call() -> None:
    call = {
        "contentBlockStart": {
            "start": {"toolUse": {"toolUseId": "t", "name": "read"}},
            "contentBlockIndex": 1,
        }
    }
    response = read(
        [
            START,
            delta(0, text="part"),
            stop(0),
            call,
            delta(1, toolUse={"input": '{"a'}),
            *end("max_tokens"),
        ]
    )
    assert to_json_value(response.message)["content"] == [{"type": "text", "text": "part"}]
    assert response.stop_reason == "length"
    open_text = read([START, delta(0, text="cut"), *end("max_tokens")])
    assert to_json_value(open_text.message)["content"] == [{"type": "text", "text": "cut"}]


def test_what_the_ir_has_no_place_for_is_passed_over_with_a_warning() -> None:
    image = {"contentBlockStart": {"start": {"image": {"format": "png"}}, "contentBlockIndex": 1}}
    events = [
        START,
        {"newEvent": {}},
        delta(0, text="a"),
        stop(0),
        image,
        delta(1, image={"source": {"bytes": "AA=="}}),
        stop(1),
        {"messageStop": {"stopReason": "end_turn", "additionalModelResponseFields": {"x": 1}}},
        {
            "metadata": {
                "usage": USAGE,
                "trace": {"guardrail": {}},
                "metrics": {"latencyMs": 1},
                "extra": 2,
            }
        },
    ]
    response = read(events)
    assert [(w.code, w.path) for w in response.warnings] == [
        (ConversionWarningCode.EVENT_NOT_READ, ""),
        (ConversionWarningCode.PART_NOT_READ, "/output/message/content/1"),
        (ConversionWarningCode.PART_NOT_READ, "/additionalModelResponseFields"),
        (ConversionWarningCode.PART_NOT_READ, "/trace"),
        (ConversionWarningCode.PART_NOT_READ, "/extra"),
    ]


@pytest.mark.parametrize(
    ("events", "code", "index", "said"),
    [
        (
            [delta(0, text="x")],
            "PROVIDER_MISSING_START",
            0,
            "contentBlockDelta before messageStart",
        ),
        ([b"data: {}\n\n"], "PROVIDER_INVALID_EVENT", 0, "not as server-sent-event bytes"),
        ([START, {"a": {}, "b": {}}], "PROVIDER_INVALID_EVENT", 1, "exactly one key"),
        ([START, "text"], "PROVIDER_INVALID_EVENT", 1, "not bytes or an event"),
        (
            [{"messageStart": {"role": "user"}}],
            "PROVIDER_INVALID_EVENT",
            0,
            "/role must be 'assistant'",
        ),
        (
            [START, delta(0, text=1)],
            "PROVIDER_INVALID_EVENT",
            1,
            "contentBlockDelta /delta/text must be a string or null; it is a number (1)",
        ),
        (
            [START, delta(0, text="a", toolUse={"input": "{}"})],
            "PROVIDER_INVALID_EVENT",
            1,
            "exactly one kind",
        ),
        (
            [START, delta(0, text="a"), delta(1, text="b")],
            "PROVIDER_INVALID_EVENT",
            2,
            "while block 0 is open",
        ),
        (
            [START, delta(0, text="a"), stop(0), delta(0, text="b")],
            "PROVIDER_INVALID_EVENT",
            3,
            "repeats an earlier block",
        ),
        (
            [START, delta(0, text="a"), delta(0, reasoningContent={"text": "r"})],
            "PROVIDER_INVALID_EVENT",
            2,
            "a reasoningContent delta in block 0",
        ),
        (
            [START, delta(0, toolUse={"input": "{}"})],
            "PROVIDER_INVALID_EVENT",
            1,
            "which did not start",
        ),
        ([START, stop(0)], "PROVIDER_INVALID_EVENT", 1, "not open"),
        (
            [START, delta(0, reasoningContent={"redactedContent": "%%"})],
            "PROVIDER_INVALID_EVENT",
            1,
            "must be bytes or base64 text",
        ),
        (
            [
                START,
                {
                    "contentBlockStart": {
                        "start": {"toolUse": {"toolUseId": "t", "name": "n"}},
                        "contentBlockIndex": 0,
                    }
                },
                delta(0, toolUse={"input": "[1]"}),
                stop(0),
            ],
            "PROVIDER_INVALID_EVENT",
            3,
            "the input is not a JSON object",
        ),
        (
            [START, delta(0, text="a"), *end()[:1]],
            "PROVIDER_INVALID_EVENT",
            2,
            "while block 0 is open",
        ),
        (
            [START, {"messageStop": {"stopReason": "odd"}}],
            "PROVIDER_INVALID_EVENT",
            1,
            "must be a Bedrock stop reason",
        ),
        ([START, end()[1]], "PROVIDER_INVALID_EVENT", 1, "metadata before messageStop"),
        ([START, *end("tool_use")], "PROVIDER_INVALID_TERMINAL", 2, "without a tool call"),
        ([START, *end()[:1]], "PROVIDER_MISSING_TERMINAL", None, ""),
        (
            [START, {"modelStreamErrorException": {"message": "boom", "originalStatusCode": 500}}],
            "PROVIDER_TRANSPORT_ERROR",
            1,
            "boom",
        ),
        ([START, *end(), delta(0, text="late")], None, None, ""),
    ],
)
def test_each_refusal_names_its_code_and_event(
    events: list[Any], code: str | None, index: int | None, said: str
) -> None:
    if code is None:  # nothing after the terminal is read
        assert read(events).stop_reason == "stop"
        return
    error = refused(events)
    assert error.code == code
    assert said in str(error)
    if code != "PROVIDER_MISSING_TERMINAL":
        assert error.record_index == index
    if code == "PROVIDER_TRANSPORT_ERROR":
        assert error.provider_code == "modelStreamErrorException"


def test_the_async_stream_reads_the_same_and_takes_boto3_bytes() -> None:
    events = [
        START,
        delta(0, reasoningContent={"text": "hm"}),
        delta(0, reasoningContent={"signature": "s"}),
        stop(0),
        delta(1, text="ok"),
        stop(1),
        *end(),
    ]

    async def source() -> Any:
        for event in events:
            yield event

    async def result() -> Any:
        return await AsyncBedrockConverseStream(source(), request_id="req").result()

    assert asyncio.run(result()) == read(events)


def test_a_reply_reads_as_its_stream_and_refuses_what_the_stream_refuses() -> None:
    body = {
        "output": {
            "message": {
                "role": "assistant",
                "content": [
                    {"text": "ok"},
                    {"image": {"format": "png", "source": {"bytes": b"\x89"}}},
                ],
            }
        },
        "stopReason": "end_turn",
        "usage": USAGE,
        "metrics": {"latencyMs": 3},
        "trace": {"promptRouter": {}},
        "ResponseMetadata": {"RequestId": "r"},
    }
    response = reply_from_bedrock_converse(body, request_id="req")
    assert to_json_value(response.message)["content"] == [{"type": "text", "text": "ok"}]
    assert [(w.code, w.path) for w in response.warnings] == [
        (ConversionWarningCode.PART_NOT_READ, "/trace"),
        (ConversionWarningCode.PART_NOT_READ, "/output/message/content/1"),
    ]
    for bad, said in [
        ({**body, "stopReason": "odd"}, "/stopReason must be a Bedrock stop reason"),
        (
            {**body, "output": {"message": {"role": "user", "content": []}}},
            "/output/message/role must be 'assistant'",
        ),
        (
            {**body, "output": {"message": {"role": "assistant", "content": [{}]}}},
            "must hold exactly one kind of block; it holds nothing",
        ),
        (
            {
                **body,
                "output": {
                    "message": {
                        "role": "assistant",
                        "content": [{"toolUse": {"toolUseId": "t", "name": "n", "input": 1}}],
                    }
                },
            },
            "/output/message/content/0/toolUse/input must be an object",
        ),
        ({**body, "output": {}}, "/output/message must be an object; it is missing"),
    ]:
        with pytest.raises(ProviderError) as raised:
            reply_from_bedrock_converse(bad, request_id="req")
        assert raised.value.code == "PROVIDER_INVALID_EVENT"
        assert said in str(raised.value)
        assert str(raised.value).startswith("PROVIDER_INVALID_EVENT: reply_from_bedrock_converse: ")
