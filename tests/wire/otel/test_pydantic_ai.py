"""Real instrumentation read back: a pydantic-ai agent (its ``FunctionModel``, no
network) instrumented with ``InstrumentationSettings(version=...)`` writes its chat
spans' ``gen_ai.*`` attributes through the OpenTelemetry SDK; an in-memory exporter
keeps them, and ``from_otel`` reads each into a transcript ``validate_transcript``
accepts: a tool call and its result, with the instructions and the tool's definition."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest

from agent_ir import dumps, from_otel, to_otel, validate_transcript

from support.cli import json_lines, run

pytest.importorskip("pydantic_ai", reason="needs pydantic-ai-slim (noxfile TEST_DEPS)")
pytest.importorskip("opentelemetry.sdk", reason="needs opentelemetry-sdk (noxfile TEST_DEPS)")

from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import (
    InMemorySpanExporter,
)
from pydantic_ai import Agent
from pydantic_ai.messages import (
    ModelMessage,
    ModelResponse,
    TextPart,
    ThinkingPart,
    ToolCallPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.instrumented import (
    InstrumentationSettings,
    InstrumentedModel,
)


def _model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    if len(messages) == 1:
        return ModelResponse(
            parts=[
                ThinkingPart(content="Ask the tool."),
                ToolCallPart("weather", {"city": "Paris"}, tool_call_id="call-1"),
            ],
            finish_reason="tool_call",
        )
    return ModelResponse(parts=[TextPart("Sunny in Paris.")], finish_reason="stop")


def chat_spans(version: int, *, include_content: bool = True) -> list[ReadableSpan]:
    """The chat spans of one agent run: the call, then the answer."""
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # versions 2-4 are deprecated: still written
        settings = InstrumentationSettings(
            tracer_provider=provider, version=version, include_content=include_content
        )
    agent = Agent(InstrumentedModel(FunctionModel(_model), settings), instructions="Be brief.")

    @agent.tool_plain
    def weather(city: str) -> dict[str, str]:
        """The weather of a city."""
        return {"city": city, "sky": "sunny"}

    assert agent.run_sync("Weather in Paris?").output == "Sunny in Paris."
    return [span for span in exporter.get_finished_spans() if span.name.startswith("chat ")]


def plain(messages: Any) -> list[dict[str, Any]]:
    read: list[dict[str, Any]] = json.loads(dumps(list(messages)))
    return [{key: value for key, value in message.items() if key != "id"} for message in read]


SYSTEM = {"role": "system", "content": "Be brief."}
USER = {"role": "user", "content": "Weather in Paris?"}
CALL = {
    "role": "assistant",
    "content": [
        {"type": "thinking", "thinking": "Ask the tool."},
        {"type": "toolCall", "id": "call-1", "name": "weather", "arguments": {"city": "Paris"}},
    ],
}
RESULT = {
    "role": "toolResult",
    "toolCallId": "call-1",
    "toolName": "weather",
    "content": '{"city":"Paris","sky":"sunny"}',
    "isError": False,
}
ANSWER = {"role": "assistant", "content": [{"type": "text", "text": "Sunny in Paris."}]}


@pytest.mark.parametrize("version", [2, 3, 4, 5, 6])
def test_each_chat_span_reads_as_the_conversation_so_far(version: int) -> None:
    first, second = chat_spans(version)
    call = from_otel(first.attributes)
    assert plain(call) == [SYSTEM, USER, {**CALL, "stopReason": "toolCall"}]
    assert validate_transcript(call, tools=call.tools, allow_pending=True) == ()
    answer = from_otel(second.attributes)
    called = {**CALL, "stopReason": "toolCall"}  # pydantic-ai writes it on the input too
    assert plain(answer) == [SYSTEM, USER, called, RESULT, {**ANSWER, "stopReason": "stop"}]
    assert (call.warnings, answer.warnings) == ((), ())
    assert [(tool.name, tool.description) for tool in answer.tools or ()] == [
        ("weather", "The weather of a city.")
    ]
    assert answer.tools is not None
    assert answer.tools[0].parameters == {
        "additionalProperties": False,
        "properties": {"city": {"type": "string"}},
        "required": ["city"],
        "type": "object",
    }
    assert validate_transcript(answer, tools=answer.tools) == ()


def test_a_span_as_the_sdk_writes_it_as_json_reads_the_same() -> None:
    [_, span] = chat_spans(5)
    as_json = json.loads(span.to_json())
    assert plain(from_otel(as_json["attributes"])) == plain(from_otel(span.attributes))


def _rewritten() -> tuple[dict[str, Any], Any]:
    """The answer span's attributes read back and written again, and the attributes."""
    [_, span] = chat_spans(5)
    attributes = span.attributes or {}
    read = from_otel(attributes)
    return to_otel(read, tools=read.tools).fields, attributes


def test_what_is_read_back_writes_what_pydantic_ai_wrote_in_the_conventions_terms(
    declared: Any,
) -> None:
    written, attributes = _rewritten()
    declared(written)
    assert written["gen_ai.input.messages"][-1] == {
        "role": "tool",
        "parts": [
            {
                "type": "tool_call_response",
                "id": "call-1",
                "response": '{"city":"Paris","sky":"sunny"}',
            }
        ],
    }
    assert written["gen_ai.system_instructions"] == json.loads(
        str(attributes["gen_ai.system_instructions"])
    )


def test_what_is_written_again_is_valid_under_the_conventions_schemas(conventions: Any) -> None:
    conventions(_rewritten()[0])


def test_spans_without_their_content_read_with_a_warning_for_each_part_left_out() -> None:
    """``include_content=False``: parts without their text; nothing is dropped silently."""
    [_, span] = chat_spans(5, include_content=False)
    read = from_otel(span.attributes)
    assert [(str(found.code), found.path) for found in read.warnings] == [
        ("PART_NOT_READ", "/gen_ai.input.messages/0/parts/0"),
        ("PART_NOT_READ", "/gen_ai.input.messages/1/parts/0"),
        ("PART_NOT_READ", "/gen_ai.output.messages/0/parts/0"),
    ]
    assert [message.role for message in read] == ["assistant", "toolResult", "assistant"]
    # a call without its arguments reads with none ({}), which the tool refuses
    assert plain(read)[0]["content"][0]["arguments"] == {}
    assert [d.code for d in validate_transcript(read, tools=read.tools)] == [
        "TOOL_ARGUMENTS_MISMATCH"
    ]


def test_the_command_validates_the_spans_the_sdk_wrote(tmp_path: Path) -> None:
    spans = chat_spans(5)
    source = tmp_path / "spans.jsonl"
    lines = (json.dumps(json.loads(span.to_json())) for span in spans)
    source.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    ran = run("validate", "--format", "otel", "--allow-pending", "--output", "json", source)
    assert ran.status == 0, ran
    *records, summary = json_lines(ran)
    assert records == []  # no diagnostic, no warning
    assert summary["summary"]["transcripts"] == 2
    assert summary["summary"]["messages"] == 8
