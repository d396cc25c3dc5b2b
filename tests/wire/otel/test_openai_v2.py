"""Real instrumentation read back, the OpenTelemetry project's own: the official OpenAI
client, instrumented by ``opentelemetry-instrumentation-openai-v2`` (content captured
on the span), sends a chat request with a tool call and its result to a loopback
server; the span it writes reads with ``from_otel`` into the conversation sent and the
reply, which ``validate_transcript`` accepts."""

from __future__ import annotations

import json
from typing import Any

import pytest

from agent_ir import dumps, from_otel, validate_transcript

from support.loopback import loopback_only, recording_server

pytest.importorskip(
    "opentelemetry.instrumentation.openai_v2",
    reason="needs opentelemetry-instrumentation-openai-v2 (noxfile TEST_DEPS)",
)

import openai
from opentelemetry.instrumentation.openai_v2 import OpenAIInstrumentor
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

REPLY = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 1,
    "model": "gpt-test",
    "choices": [
        {
            "index": 0,
            "finish_reason": "tool_calls",
            "message": {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "call_1",
                        "type": "function",
                        "function": {"name": "weather", "arguments": '{"city":"Paris"}'},
                    }
                ],
            },
        }
    ],
    "usage": {"prompt_tokens": 5, "completion_tokens": 3, "total_tokens": 8},
}
SENT: list[Any] = [
    {"role": "system", "content": "Be brief."},
    {"role": "user", "content": "Weather in Oslo?"},
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "call_0",
                "type": "function",
                "function": {"name": "weather", "arguments": '{"city":"Oslo"}'},
            }
        ],
    },
    {"role": "tool", "tool_call_id": "call_0", "content": "rain"},
    {"role": "user", "content": "And Paris?"},
]


@pytest.fixture
def span(monkeypatch: pytest.MonkeyPatch) -> ReadableSpan:
    """The span of one instrumented chat completion, its messages captured on it."""
    monkeypatch.setenv("OTEL_SEMCONV_STABILITY_OPT_IN", "gen_ai_latest_experimental")
    monkeypatch.setenv("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", "SPAN_ONLY")
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    instrumentor = OpenAIInstrumentor()
    instrumentor.instrument(tracer_provider=provider)
    try:
        with loopback_only(), recording_server(REPLY) as (url, recorded):
            client = openai.OpenAI(base_url=f"{url}/v1", api_key="test", max_retries=0)
            client.chat.completions.create(model="gpt-test", messages=SENT)
            assert recorded.last_body["messages"] == SENT
    finally:
        instrumentor.uninstrument()
    [found] = exporter.get_finished_spans()
    return found


def test_the_span_openai_v2_writes_reads_as_the_conversation_and_its_reply(
    span: ReadableSpan,
) -> None:
    attributes = span.attributes or {}
    assert "gen_ai.input.messages" in attributes  # the content was captured
    read = from_otel(attributes)
    assert read.warnings == ()
    messages = json.loads(dumps(list(read)))
    assert [{k: v for k, v in m.items() if k != "id"} for m in messages] == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Weather in Oslo?"},
        {
            "role": "assistant",
            "content": [
                {"type": "toolCall", "id": "call_0", "name": "weather", "arguments": {"city": "Oslo"}}
            ],
        },
        {
            "role": "toolResult",
            "toolCallId": "call_0",
            "toolName": "weather",
            "content": "rain",
            "isError": False,
        },
        {"role": "user", "content": "And Paris?"},
        {
            "role": "assistant",
            "content": [
                {"type": "toolCall", "id": "call_1", "name": "weather", "arguments": {"city": "Paris"}}
            ],
            "stopReason": "toolCall",  # OpenAI's tool_calls, passed through
        },
    ]  # fmt: skip
    assert validate_transcript(read, allow_pending=True) == ()
