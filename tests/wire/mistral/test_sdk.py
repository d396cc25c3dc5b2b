"""Mistral requests, replies and streams checked against the official ``mistralai`` SDK,
offline: every ``to_mistral`` output (of every conformance transcript, and of generated
ones) validates with the SDK's request model and, strictly, with its request
TypedDicts (pydantic alone ignores unknown keys and reads a chunk it does not know as
an unknown one); replies built as the SDK's response models and dumped read back; and
the SDK's own client, pointed at a loopback server on 127.0.0.1, sends the request
agent-ir built (read back to the same IR) and receives a reply and a stream that
``reply_from_mistral`` and ``MistralStream`` read."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from mistralai.client import Mistral
from mistralai.client import models as sdk

from agent_ir import InvalidMessageError, to_json_value
from agent_ir.wire import MistralStream, from_mistral, reply_from_mistral, to_mistral

from support.builders import PNG_BASE64
from support.examples import examples
from support.loopback import loopback_only, recording_server
from support.sdk import assert_mistral_accepts, sdk_problems
from support.sse_server import sse_server
from support.strategies import transcripts
from support.wire_cases import assistant, call, png, result, system, text, user

pytestmark = pytest.mark.allow_hosts(["127.0.0.1"])

CONFORMANCE = Path(__file__).parents[3] / "fixtures" / "conformance" / "transcripts"
TOOLS = [
    {
        "name": "weather",
        "description": "The weather in a city",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
    }
]
REPLY_ID = "cmpl-e5cc70bb28c444948073e77776eb30ef"


@pytest.fixture(autouse=True)
def _loopback_only() -> Iterator[None]:
    with loopback_only():
        yield


def magistral_tool_loop() -> list[Any]:
    """A Magistral tool loop: thinking with its signature, a call with a Mistral id,
    its result, images and documents of a user turn."""
    return [
        system("Answer briefly."),
        user([text("Weather in Paris? And read this."), png()], id="u1"),
        assistant(
            {
                "type": "thinking",
                "thinking": "The user wants Paris.",
                "signature": "c2ln",
                "signatureProvider": "mistral",
            },
            text("Looking it up."),
            call("D681PevKs", "weather", {"city": "Paris"}),
            id="a1",
        ),
        result("D681PevKs", "weather", [text('{"temp":21}'), png()], id="r1"),
        assistant(text("21 degrees."), id="a2"),
        user(
            [
                {
                    "type": "image",
                    "source": {"type": "url", "url": "https://e.x/a.png"},
                    "detail": "low",
                },
                {
                    "type": "document",
                    "source": {"type": "url", "url": "https://e.x/a.pdf"},
                    "filename": "a.pdf",
                },
                {
                    "type": "document",
                    "source": {
                        "type": "base64",
                        "mediaType": "application/pdf",
                        "data": "JVBERi0=",
                    },
                },
                {"type": "document", "source": {"type": "file", "fileId": "f-123"}},
            ],
            id="u2",
        ),
    ]


def test_the_strict_walk_catches_what_the_sdk_model_lets_pass() -> None:
    typo = {"model": "m", "messages": [{"role": "user", "content": [{"type": "text", "txt": "a"}]}]}
    sdk.ChatCompletionRequest.model_validate(typo)  # pydantic reads it as an unknown chunk
    assert sdk_problems(typo, sdk.ChatCompletionRequestTypedDict, "request") == [
        "request.messages[0].content[0].txt: not a key of TextChunkTypedDict",
        "request.messages[0].content[0].text: missing",
    ]


def test_a_magistral_tool_loop_validates_with_the_sdk_types() -> None:
    request = to_mistral(magistral_tool_loop(), tools=TOOLS)
    assert request.warnings == ()
    assert_mistral_accepts(request.fields)


def _conformance_transcripts() -> list[Any]:
    found = []
    for file in sorted(CONFORMANCE.glob("*.json")):
        for case in json.loads(file.read_text(encoding="utf-8")):
            found.append(pytest.param(case["transcript"], id=f"{file.stem}: {case['description']}"))
    return found


def test_every_conformance_transcript_is_written_as_the_sdk_takes_it() -> None:
    written = 0
    for param in _conformance_transcripts():
        try:
            fields = to_mistral(param.values[0]).fields
        except (InvalidMessageError, TypeError):
            continue  # a message not valid on its own: refused, not written
        assert_mistral_accepts(fields)
        written += 1
    assert written >= 140


@settings(
    max_examples=examples(60),
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(transcripts())
def test_every_to_mistral_output_validates_with_the_sdk_types(transcript: list[Any]) -> None:
    assert_mistral_accepts(to_mistral(transcript).fields)


def _ir(messages: Any) -> list[Any]:
    """IR messages in JSON form, without ids."""
    return [
        {k: v for k, v in (m if isinstance(m, dict) else to_json_value(m)).items() if k != "id"}
        for m in messages
    ]


def test_the_sdk_client_sends_what_to_mistral_built_and_it_reads_back_the_same() -> None:
    transcript = magistral_tool_loop()
    fields = to_mistral(transcript, tools=TOOLS).fields
    reply = sdk.ChatCompletionResponse(
        id=REPLY_ID,
        object="chat.completion",
        model="magistral-medium-latest",
        created=1750000000,
        usage=sdk.UsageInfo(prompt_tokens=20, completion_tokens=5, total_tokens=25),
        choices=[
            sdk.ChatCompletionChoice(
                index=0,
                finish_reason="stop",
                message=sdk.AssistantMessage(content="It is sunny."),
            )
        ],
    ).model_dump(mode="json", by_alias=True)
    with recording_server(reply) as (base_url, recorded):
        client = Mistral(api_key="x", server_url=base_url)
        response = client.chat.complete(
            model="magistral-medium-latest", messages=fields["messages"], tools=fields["tools"]
        )
    assert response.choices[0].message.content == "It is sunny."
    method, path, body = recorded.requests[-1]
    assert (method, path) == ("POST", "/v1/chat/completions")
    read = from_mistral(body["messages"], tools=body["tools"])
    assert read.warnings == ()
    assert _ir(read) == _ir(transcript)
    assert read.tools is not None
    assert [tool.name for tool in read.tools] == ["weather"]
    # the SDK's parsed reply, dumped, reads as the body did
    dumped = reply_from_mistral(response.model_dump(mode="json"), request_id="req-1")
    assert dumped.message.content[0].text == "It is sunny."  # type: ignore[union-attr]
    assert (dumped.usage.input_tokens, dumped.usage.output_tokens) == (20, 5)


def test_a_reply_built_as_the_sdk_s_models_with_thinking_and_a_call_reads_back() -> None:
    reply = sdk.ChatCompletionResponse(
        id=REPLY_ID,
        object="chat.completion",
        model="magistral-medium-latest",
        created=1750000000,
        usage=sdk.UsageInfo(prompt_tokens=30, completion_tokens=12, total_tokens=42),
        choices=[
            sdk.ChatCompletionChoice(
                index=0,
                finish_reason="tool_calls",
                message=sdk.AssistantMessage(
                    content=[
                        sdk.ThinkChunk(thinking=[sdk.TextChunk(text="Need the weather.")]),
                        sdk.TextChunk(text="Checking."),
                    ],
                    tool_calls=[
                        sdk.ToolCall(
                            id="D681PevKs",
                            function=sdk.FunctionCall(name="weather", arguments='{"city":"Paris"}'),
                        )
                    ],
                ),
            )
        ],
    ).model_dump(mode="json", by_alias=True)

    response = reply_from_mistral(reply, request_id="req-1")

    assert response.warnings == ()
    assert to_json_value(response.message)["content"] == [
        {"type": "thinking", "thinking": "Need the weather."},
        {"type": "text", "text": "Checking."},
        {"type": "toolCall", "id": "D681PevKs", "name": "weather", "arguments": {"city": "Paris"}},
    ]
    assert str(response.stop_reason) == "toolCall"
    assert response.id == REPLY_ID


def _sse(*chunks: dict[str, Any]) -> bytes:
    lines = [f"data: {json.dumps(chunk)}\n\n" for chunk in chunks]
    return ("".join(lines) + "data: [DONE]\n\n").encode("utf-8")


def _chunk(delta: dict[str, Any], finish: str | None = None, **more: Any) -> dict[str, Any]:
    choice = {"index": 0, "delta": delta, "finish_reason": finish}
    return {
        "id": REPLY_ID,
        "object": "chat.completion.chunk",
        "created": 1750000000,
        "model": "magistral-medium-latest",
        "choices": [choice],
        **more,
    }


# A Magistral stream as Mistral writes it: the role first, thinking chunks, text, a
# call whole in one delta with the finish and the usage.
STREAM = _sse(
    _chunk({"role": "assistant", "content": ""}),
    _chunk({"content": [{"type": "thinking", "thinking": [{"type": "text", "text": "Paris, "}]}]}),
    _chunk({"content": [{"type": "thinking", "thinking": [{"type": "text", "text": "so call."}]}]}),
    _chunk({"content": "Checking."}),
    _chunk(
        {
            "tool_calls": [
                {
                    "id": "D681PevKs",
                    "function": {"name": "weather", "arguments": '{"city": "Paris"}'},
                    "index": 0,
                }
            ]
        },
        "tool_calls",
        usage={"prompt_tokens": 30, "completion_tokens": 12, "total_tokens": 42},
    ),
)


def test_the_sdk_streams_a_magistral_reply_and_mistral_stream_reads_its_events() -> None:
    with sse_server(STREAM) as (base_url, _recorded):
        client = Mistral(api_key="x", server_url=base_url)
        events = [
            event.data.model_dump(mode="json", exclude_unset=True)
            for event in client.chat.stream(model="magistral-medium-latest", messages=[])
        ]
    assert len(events) == 5

    stream = MistralStream(events, request_id="req-1")
    response = stream.result()

    assert to_json_value(response.message)["content"] == [
        {"type": "thinking", "thinking": "Paris, so call."},
        {"type": "text", "text": "Checking."},
        {"type": "toolCall", "id": "D681PevKs", "name": "weather", "arguments": {"city": "Paris"}},
    ]
    assert str(response.stop_reason) == "toolCall"
    assert (response.usage.input_tokens, response.usage.output_tokens) == (30, 12)
    # the raw body, in pieces, reads the same
    pieces = [STREAM[i : i + 7] for i in range(0, len(STREAM), 7)]
    assert MistralStream(pieces, request_id="req-1").result() == response


def test_png_data_urls_go_out_and_come_back_as_base64_sources() -> None:
    fields = to_mistral([user([png()])]).fields
    assert fields["messages"][0]["content"] == [
        {"type": "image_url", "image_url": f"data:image/png;base64,{PNG_BASE64}"}
    ]
    assert _ir(from_mistral(fields["messages"])) == _ir([user([png()])])


def test_a_thinking_signature_is_the_block_s_in_the_reply_and_in_the_stream() -> None:
    thinking = sdk.ThinkChunk(thinking=[sdk.TextChunk(text="t")], signature="c2ln")
    message = sdk.AssistantMessage(content=[thinking, sdk.TextChunk(text="a")])
    reply = sdk.ChatCompletionResponse(
        id=REPLY_ID,
        object="chat.completion",
        model="magistral-medium-latest",
        created=1750000000,
        usage=sdk.UsageInfo(prompt_tokens=3, completion_tokens=2, total_tokens=5),
        choices=[sdk.ChatCompletionChoice(index=0, finish_reason="stop", message=message)],
    ).model_dump(mode="json", by_alias=True)
    signed = {"signature": "c2ln", "signatureProvider": "mistral"}  # Mistral made it
    expected = [{"type": "thinking", "thinking": "t", **signed}, text("a")]

    response = reply_from_mistral(reply, request_id="req-1")
    assert response.warnings == ()
    assert to_json_value(response.message)["content"] == expected

    part = thinking.model_dump(mode="json", by_alias=True)
    stream = MistralStream(
        [_chunk({"content": [part]}), _chunk({"content": "a"}, "stop")], request_id="req-1"
    )
    streamed = stream.result()
    assert streamed.warnings == ()
    assert to_json_value(streamed.message)["content"] == expected
    # and it goes back on the next turn as the same chunk
    sent = to_mistral([user("u"), to_json_value(streamed.message)]).fields["messages"][1]
    assert sent["content"][0] == {
        "type": "thinking",
        "thinking": [{"type": "text", "text": "t"}],
        "signature": "c2ln",
    }
