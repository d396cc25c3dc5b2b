"""OpenAI Responses replies and streams on minimal versions of recorded real traffic
(issue 21): each case is cut down from a recorded body to the events that matter."""

from __future__ import annotations

import json
from typing import Any

from agent_ir._generated.model_stream_schema import ResponseStopReason
from agent_ir.messages import to_json_value
from agent_ir.wire import ConversionWarningCode
from agent_ir.wire.openai_responses import OpenAIResponsesStream, reply_from_openai_responses

Code = ConversionWarningCode


def sse(*events: dict[str, Any]) -> bytes:
    return b"".join(
        f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode() for event in events
    )


# A max_output_tokens reply cut inside a function call's arguments (a recorded
# gpt-5-mini stream): the API finishes the call's item, status "incomplete", before
# response.incomplete.
_CUT_CALL = {
    "id": "fc_1",
    "type": "function_call",
    "status": "incomplete",
    "arguments": '{"instructions":"I\u2019m sorry, but I can\u2019t',
    "call_id": "call_1",
    "name": "formatted_output",
}
_CUT_OFF_STREAM = sse(
    {"type": "response.created", "response": {"id": "resp_1", "status": "in_progress"}},
    {
        "type": "response.output_item.added",
        "output_index": 0,
        "item": {"id": "rs_1", "type": "reasoning", "summary": []},
    },
    {
        "type": "response.output_item.done",
        "output_index": 0,
        "item": {"id": "rs_1", "type": "reasoning", "summary": []},
    },
    {
        "type": "response.output_item.added",
        "output_index": 1,
        "item": {**_CUT_CALL, "status": "in_progress", "arguments": ""},
    },
    {
        "type": "response.function_call_arguments.delta",
        "output_index": 1,
        "item_id": "fc_1",
        "delta": _CUT_CALL["arguments"],
    },
    {"type": "response.output_item.done", "output_index": 1, "item": _CUT_CALL},
    {
        "type": "response.incomplete",
        "response": {
            "id": "resp_1",
            "status": "incomplete",
            "incomplete_details": {"reason": "max_output_tokens"},
            "usage": {
                "input_tokens": 40,
                "input_tokens_details": {"cached_tokens": 0},
                "output_tokens": 1000,
                "output_tokens_details": {"reasoning_tokens": 960},
            },
        },
    },
)


def test_a_call_cut_off_by_max_output_tokens_is_dropped_and_the_stream_ends_with_length() -> None:
    response = OpenAIResponsesStream([_CUT_OFF_STREAM], request_id="r").result()
    assert response.stop_reason is ResponseStopReason.LENGTH
    assert [block.type for block in response.message.content] == ["thinking"]
    assert [(w.code, w.path) for w in response.warnings] == [(Code.PART_NOT_READ, "/output/1")]
    assert (response.usage.reasoning_tokens, response.usage.cache_read_tokens) == (960, 0)


def test_the_same_reply_not_streamed_drops_the_call_alike() -> None:
    reply = {
        "id": "resp_1",
        "status": "incomplete",
        "incomplete_details": {"reason": "max_output_tokens"},
        "output": [{"id": "rs_1", "type": "reasoning", "summary": []}, _CUT_CALL],
        "usage": {"input_tokens": 40, "output_tokens": 1000},
    }
    response = reply_from_openai_responses(reply, request_id="r")
    streamed = OpenAIResponsesStream([_CUT_OFF_STREAM], request_id="r").result()
    assert to_json_value(response.message.content) == to_json_value(streamed.message.content)
    assert response.stop_reason is ResponseStopReason.LENGTH
    assert response.warnings == streamed.warnings
