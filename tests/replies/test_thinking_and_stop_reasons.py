"""The records real provider streams need beyond the first fixtures: reasoning
(``thinking_delta`` ... ``thinking_end``) and the ``length`` / ``error`` stop reasons."""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir import StopReason, TextBlock, ThinkingBlock, ThinkingDeltaChunk, ToolCallBlock
from agent_ir.replies import ProviderError, ProviderErrorCode
from agent_ir.replies.parser import ResponseParser

from support.builders import START, text
from support.builders import end_record as end
from support.builders import tool_call_record as call


def parsed(records: list[Any]) -> tuple[list[Any], Any]:
    parser = ResponseParser("request-1")
    chunks = [c for index, record in enumerate(records) if (c := parser.feed(record, index))]
    return chunks, parser.finish(len(records))


def thinking(delta: str) -> dict[str, Any]:
    return {"type": "thinking_delta", "text": delta}


def test_thinking_deltas_stream_and_close_one_signed_block_in_order() -> None:
    chunks, response = parsed(
        [
            START,
            thinking("Add "),
            thinking("them."),
            {"type": "thinking_end", "signature": "sig-1"},
            text("Sum: 3."),
            end(),
        ]
    )
    assert chunks[:2] == [
        ThinkingDeltaChunk(request_id="request-1", delta="Add "),
        ThinkingDeltaChunk(request_id="request-1", delta="them."),
    ]
    assert response.message.content == (
        ThinkingBlock(thinking="Add them.", signature="sig-1"),
        TextBlock(text="Sum: 3."),
    )


def test_a_redacted_block_has_no_text_and_keeps_the_providers_data() -> None:
    _, response = parsed(
        [START, {"type": "thinking_end", "signature": "opaque", "redacted": True}, end()]
    )
    assert response.message.content == (
        ThinkingBlock(thinking="", signature="opaque", redacted=True),
    )


@pytest.mark.parametrize(
    ("reason", "records", "message_reason"),
    [
        ("length", [call("c1", "add", {"a": 1})], StopReason.LENGTH),
        ("length", [text("cut")], StopReason.LENGTH),
        ("error", [], StopReason.ERROR),
        ("error", [call("c1", "add", {})], StopReason.ERROR),
    ],
)
def test_length_and_error_end_a_response_with_or_without_tool_calls(
    reason: str, records: list[Any], message_reason: StopReason
) -> None:
    _, response = parsed([START, *records, end(reason)])
    assert response.stop_reason == reason
    assert response.message.stop_reason == message_reason
    assert [type(b) for b in response.message.content] == [
        ToolCallBlock if r["type"] == "tool_call" else TextBlock for r in records
    ]


@pytest.mark.parametrize(
    ("records", "message"),
    [
        ([START, thinking("x"), end()], "record 2: response_end inside a thinking block"),
        ([START, thinking(3)], "record 1: thinking_delta text must be a string"),
        ([START, thinking("\ud800")], "record 1: thinking_delta text must be a string"),
        (
            [START, {"type": "thinking_end", "signature": 1}],
            "record 1: thinking_end signature must be a string",
        ),
        (
            [START, {"type": "thinking_end", "redacted": "yes"}],
            "record 1: thinking_end redacted must be true or false",
        ),
        ([thinking("x")], "record 0: a thinking_delta record before response_start"),
    ],
)
def test_malformed_thinking_records_are_refused(records: list[Any], message: str) -> None:
    with pytest.raises(ProviderError) as caught:
        parsed(records)
    assert caught.value.message.startswith(message)
    expected = (
        ProviderErrorCode.PROVIDER_MISSING_START
        if "before response_start" in message
        else ProviderErrorCode.PROVIDER_INVALID_EVENT
    )
    assert caught.value.code == expected
