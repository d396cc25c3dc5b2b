"""AWS Bedrock Converse held to botocore, offline: every request the writer makes of the
conformance transcripts passes botocore's parameter validation against the Bedrock
runtime service model it ships (``Converse``'s and ``ConverseStream``'s input), in both
blob forms; what it writes reads back and writes again the same; replies as botocore's
rest-json parser gives them, and ConverseStream events as botocore's event-stream parser
yields them from the bytes of a stream, read into the same ``ModelResponse``."""

from __future__ import annotations

import asyncio
import base64
import json
from pathlib import Path
from typing import Any

import botocore
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_ir import InvalidMessageError, ProviderError, to_json_value
from agent_ir.wire import (
    AsyncBedrockConverseStream,
    BedrockConverseStream,
    from_bedrock_converse,
    reply_from_bedrock_converse,
    to_bedrock_converse,
)

from support.bedrock import event_stream, parsed_reply, service_model, validation_errors
from support.builders import PNG_BASE64
from support.examples import examples
from support.strategies import single_messages, transcripts

CONFORMANCE = Path(__file__).parents[3] / "fixtures" / "conformance" / "transcripts"
TOOLS = [
    {"name": "read", "description": "Read a file.", "parameters": {"type": "object"}},
    {"name": "search", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}},
]


def _conformance() -> list[Any]:
    found = []
    for file in sorted(CONFORMANCE.glob("*.json")):
        for case in json.loads(file.read_text(encoding="utf-8")):
            try:
                request = to_bedrock_converse(case["transcript"])
            except (InvalidMessageError, TypeError):
                continue  # a message not valid on its own: refused, not written
            found.append(
                pytest.param(case["transcript"], request, id=f"{file.stem}: {case['description']}")
            )
    return found


CASES = _conformance()


def test_the_service_model_is_botocores_own() -> None:
    assert botocore.__version__ == "1.44.5"  # pinned in the noxfile's TEST_DEPS
    assert service_model().operation_model("Converse").input_shape.name == "ConverseRequest"
    assert len(CASES) > 100


@pytest.mark.parametrize(("transcript", "request_"), CASES)
def test_every_conformance_transcript_is_a_request_botocore_validates(
    transcript: list[Any], request_: Any
) -> None:
    fields = to_bedrock_converse(transcript, tools=TOOLS).fields
    assert validation_errors(fields) == ""
    assert validation_errors(fields, "ConverseStream") == ""
    as_json = to_bedrock_converse(transcript, tools=TOOLS, binary="base64").fields
    assert validation_errors(as_json) == ""
    json.dumps(as_json, allow_nan=False)


@pytest.mark.parametrize(("transcript", "request_"), CASES)
def test_every_written_request_reads_back_and_writes_again_the_same(
    transcript: list[Any], request_: Any
) -> None:
    fields = request_.fields
    read = from_bedrock_converse(fields["messages"], system=fields.get("system"))
    # Only an orphan result's name is not read back, as the write said.
    unknown = [w.message_index for w in read.warnings if w.code == "TOOL_NAME_UNKNOWN"]
    assert len(unknown) == len(read.warnings)
    if unknown:
        assert "TOOL_NAME_NOT_SENT" in {w.code for w in request_.warnings}
    again = to_bedrock_converse(list(read))
    assert again.fields == fields
    as_json = to_bedrock_converse(transcript, binary="base64").fields
    assert list(from_bedrock_converse(as_json["messages"], system=as_json.get("system"))) == list(
        read
    )


def test_an_invalid_request_is_what_botocore_refuses_so_the_oracle_can_fail() -> None:
    fields = to_bedrock_converse([{"role": "user", "id": "u", "content": "hi"}]).fields
    fields["messages"][0]["content"][0]["image"] = {"format": "png"}
    assert "Can only set one of the following keys" in validation_errors(fields)


REPLY = {
    "output": {
        "message": {
            "role": "assistant",
            "content": [
                {"reasoningContent": {"reasoningText": {"text": "Think.", "signature": "sig-1"}}},
                {"reasoningContent": {"redactedContent": base64.b64encode(b"\x00secret").decode()}},
                {"text": "Reading it."},
                {
                    "citationsContent": {
                        "content": [{"text": "Cited."}],
                        "citations": [
                            {
                                "title": "doc",
                                "location": {
                                    "documentChar": {"documentIndex": 0, "start": 0, "end": 5}
                                },
                            }
                        ],
                    }
                },
                {"toolUse": {"toolUseId": "tooluse_1", "name": "read", "input": {"path": "a.txt"}}},
            ],
        }
    },
    "stopReason": "tool_use",
    "usage": {
        "inputTokens": 10,
        "outputTokens": 20,
        "totalTokens": 42,
        "cacheReadInputTokens": 8,
        "cacheWriteInputTokens": 4,
    },
    "metrics": {"latencyMs": 120},
}

EVENTS: list[dict[str, Any]] = [
    {"messageStart": {"role": "assistant"}},
    {"contentBlockDelta": {"delta": {"reasoningContent": {"text": "Thi"}}, "contentBlockIndex": 0}},
    {"contentBlockDelta": {"delta": {"reasoningContent": {"text": "nk."}}, "contentBlockIndex": 0}},
    {
        "contentBlockDelta": {
            "delta": {"reasoningContent": {"signature": "sig-1"}},
            "contentBlockIndex": 0,
        }
    },
    {"contentBlockStop": {"contentBlockIndex": 0}},
    {
        "contentBlockDelta": {
            "delta": {
                "reasoningContent": {"redactedContent": base64.b64encode(b"\x00secret").decode()}
            },
            "contentBlockIndex": 1,
        }
    },
    {"contentBlockStop": {"contentBlockIndex": 1}},
    {"contentBlockDelta": {"delta": {"text": "Reading "}, "contentBlockIndex": 2}},
    {"contentBlockDelta": {"delta": {"text": "it."}, "contentBlockIndex": 2}},
    {"contentBlockStop": {"contentBlockIndex": 2}},
    {"contentBlockDelta": {"delta": {"text": "Cited."}, "contentBlockIndex": 3}},
    {
        "contentBlockDelta": {
            "delta": {
                "citation": {
                    "title": "doc",
                    "location": {"documentChar": {"documentIndex": 0, "start": 0, "end": 5}},
                }
            },
            "contentBlockIndex": 3,
        }
    },
    {"contentBlockStop": {"contentBlockIndex": 3}},
    {
        "contentBlockStart": {
            "start": {"toolUse": {"toolUseId": "tooluse_1", "name": "read"}},
            "contentBlockIndex": 4,
        }
    },
    {"contentBlockDelta": {"delta": {"toolUse": {"input": '{"path":'}}, "contentBlockIndex": 4}},
    {"contentBlockDelta": {"delta": {"toolUse": {"input": ' "a.txt"}'}}, "contentBlockIndex": 4}},
    {"contentBlockStop": {"contentBlockIndex": 4}},
    {"messageStop": {"stopReason": "tool_use"}},
    {"metadata": {"usage": REPLY["usage"], "metrics": {"latencyMs": 120}}},
]


def test_a_reply_parsed_by_botocore_reads_as_its_stream_parsed_by_botocore() -> None:
    parsed = parsed_reply(REPLY)
    assert (
        type(parsed["output"]["message"]["content"][1]["reasoningContent"]["redactedContent"])
        is bytes
    )
    reply = reply_from_bedrock_converse(parsed, request_id="req")
    stream = BedrockConverseStream(event_stream(EVENTS), request_id="req")
    chunks = list(stream)
    streamed = stream.result()
    assert streamed == reply
    assert reply.warnings == ()
    content = to_json_value(reply.message)["content"]
    assert content[:2] == [
        {
            "type": "thinking",
            "thinking": "Think.",
            "signature": "sig-1",
            "signatureProvider": "bedrock-converse",
        },
        {
            "type": "thinking",
            "thinking": "",
            "signature": base64.b64encode(b"\x00secret").decode(),
            "signatureProvider": "bedrock-converse",
            "redacted": True,
        },
    ]
    assert content[3]["citations"][0]["provider"] == "bedrock-converse"
    assert reply.usage.input_tokens == 22  # 10 + 8 read + 4 written
    assert (reply.usage.cache_read_tokens, reply.usage.cache_write_tokens) == (8, 4)
    assert [type(chunk).__name__ for chunk in chunks] == [
        "ThinkingDeltaChunk",
        "ThinkingDeltaChunk",
        "TextDeltaChunk",
        "TextDeltaChunk",
        "TextDeltaChunk",
        "ToolCallChunk",
    ]
    # The JSON body (blobs as base64) reads the same as boto3's dict.
    assert reply_from_bedrock_converse(REPLY, request_id="req") == reply


def test_the_reply_read_back_is_a_request_botocore_validates() -> None:
    reply = reply_from_bedrock_converse(parsed_reply(REPLY), request_id="req")
    transcript = [{"role": "user", "id": "u", "content": "Read a.txt."}, reply.message]
    fields = to_bedrock_converse(transcript).fields
    assert validation_errors(fields) == ""
    assert fields["messages"][1]["content"] == [
        {"reasoningContent": {"reasoningText": {"text": "Think.", "signature": "sig-1"}}},
        {"reasoningContent": {"redactedContent": b"\x00secret"}},
        {"text": "Reading it."},
        {"citationsContent": REPLY["output"]["message"]["content"][3]["citationsContent"]},
        {"toolUse": {"toolUseId": "tooluse_1", "name": "read", "input": {"path": "a.txt"}}},
    ]


def test_an_exception_boto3_raises_in_the_stream_fails_it_as_a_transport_error() -> None:
    events = [{"messageStart": {"role": "assistant"}}, {"throttlingException": {"message": "slow"}}]
    stream = BedrockConverseStream(event_stream(events), request_id="req")
    with pytest.raises(ProviderError) as raised:
        stream.result()
    assert raised.value.code == "PROVIDER_TRANSPORT_ERROR"
    assert "throttlingException" in str(raised.value)
    assert raised.value.record_index == 1


def test_the_async_stream_reads_botocores_events_the_same() -> None:
    async def events() -> Any:
        for event in event_stream(EVENTS):
            yield event

    async def read() -> Any:
        stream = AsyncBedrockConverseStream(events(), request_id="req")
        return await stream.result()

    assert asyncio.run(read()) == reply_from_bedrock_converse(REPLY, request_id="req")


def test_media_written_as_bytes_is_what_boto3_sends_as_base64() -> None:
    transcript = [
        {
            "role": "user",
            "id": "u",
            "content": [
                {
                    "type": "image",
                    "source": {"type": "base64", "mediaType": "image/png", "data": PNG_BASE64},
                }
            ],
        }
    ]
    as_bytes = to_bedrock_converse(transcript).fields
    source = as_bytes["messages"][0]["content"][0]["image"]["source"]
    assert source == {"bytes": base64.b64decode(PNG_BASE64)}
    as_json = to_bedrock_converse(transcript, binary="base64").fields
    assert as_json["messages"][0]["content"][0]["image"]["source"] == {"bytes": PNG_BASE64}
    assert list(from_bedrock_converse(as_bytes["messages"])) == list(
        from_bedrock_converse(as_json["messages"])
    )


# --- properties ---------------------------------------------------------------------------


@settings(
    max_examples=examples(100),
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.one_of(transcripts(), single_messages()))
def test_any_transcript_is_a_request_botocore_validates_and_a_fixed_point_once_read(
    transcript: list[Any],
) -> None:
    try:
        request = to_bedrock_converse(transcript)
    except InvalidMessageError:
        return  # a message not valid on its own: refused, not written
    assert validation_errors(request.fields) == ""
    for warning in request.warnings:
        assert warning.path.startswith(f"/{warning.message_index}")
    fields = request.fields
    read = from_bedrock_converse(fields["messages"], system=fields.get("system"))
    again = to_bedrock_converse(list(read))
    assert again.fields == fields
    assert {w.code for w in again.warnings} <= {"TOOL_NAME_NOT_SENT"}


def test_closing_the_stream_early_closes_boto3s_event_stream_and_its_connection() -> None:
    events = event_stream(EVENTS)
    stream = BedrockConverseStream(events, request_id="req")
    assert type(next(stream)).__name__ == "ThinkingDeltaChunk"
    stream.close()
    assert events._raw_stream.closed  # botocore's EventStream.close closed the body
    with pytest.raises(ProviderError) as raised:
        stream.result()
    assert raised.value.code == "PROVIDER_CANCELLED"
