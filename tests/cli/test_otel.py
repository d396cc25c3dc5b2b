"""OpenTelemetry GenAI spans through the installed `agent-ir validate --format otel`: a
span as the SDK writes it (its ``attributes``, values as JSON text, the span id as the
transcript's id) and the attributes at the top level, their tools, their warnings at
their pointers, and the lines that are not of the format."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from agent_ir import to_otel

from support.cli import json_lines, run

WEATHER = {
    "name": "weather",
    "parameters": {
        "type": "object",
        "properties": {"city": {"type": "string"}},
        "required": ["city"],
    },
}


def attributes(arguments: dict[str, Any], *more: dict[str, Any]) -> dict[str, Any]:
    transcript = [
        {"role": "user", "id": "u", "content": "Weather?"},
        {
            "role": "assistant",
            "id": "a",
            "content": [
                {"type": "toolCall", "id": "c1", "name": "weather", "arguments": arguments}
            ],
            "stopReason": "toolCall",
        },
        *more,
    ]
    return dict(to_otel(transcript, tools=[WEATHER], output=1).fields)


def span(span_id: str, found: dict[str, Any]) -> dict[str, Any]:
    """A span as ``ReadableSpan.to_json()`` writes it: attribute values as JSON text."""
    return {
        "name": "chat weather-model",
        "context": {"trace_id": "0x5b8a", "span_id": span_id, "trace_state": "[]"},
        "kind": "SpanKind.CLIENT",
        "attributes": {key: json.dumps(value) for key, value in found.items()},
    }


def write(path: Path, lines: list[Any]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_spans_and_top_level_attributes_validate_with_their_tools(tmp_path: Path) -> None:
    answered = {"role": "toolResult", "id": "r", "toolCallId": "c1", "toolName": "weather"}
    answered |= {"content": "sunny", "isError": False}
    source = write(
        tmp_path / "spans.jsonl",
        [
            span("0x00f1", attributes({"city": "Oslo"})),
            {"id": "top", **attributes({"city": "Oslo"}, answered)},
            span("0x00f2", attributes({"town": "Oslo"})),
        ],
    )
    ran = run("validate", "--quiet", "--format", "otel", "--allow-pending", source)
    assert ran.status == 1, ran
    assert ran.lines()[0] == (
        f"{source}:3: [0x00f2] message 1 TOOL_ARGUMENTS_MISMATCH: the arguments of tool call "
        "'c1' do not match the parameters of tool 0 (weather): \"city\" is a required "
        "property (keyword required at /required of the parameters) (/1/content/0/arguments)"
    )
    assert "3 transcripts in 1 file: 2 valid, 1 invalid; 7 messages" in ran.out


def test_warnings_name_their_place_in_the_attributes(tmp_path: Path) -> None:
    found = attributes({"city": "Oslo"})
    found["gen_ai.output.messages"][0]["parts"].append({"type": "video", "uri": "v"})
    found["gen_ai.output.messages"][0]["finish_reason"] = "paused"
    source = write(tmp_path / "spans.jsonl", [span("0x00f1", found)])
    ran = run("validate", "--format", "otel", "--allow-pending", "--output", "json", source)
    assert ran.status == 0, ran
    [record, summary] = json_lines(ran)
    assert record["id"] == "0x00f1"
    assert [(w["code"], w["messageIndex"], w["path"]) for w in record["warnings"]] == [
        ("PART_NOT_READ", 0, "/gen_ai.output.messages/0/parts/1"),
        ("PART_NOT_READ", 0, "/gen_ai.output.messages/0/finish_reason"),
    ]
    assert summary["summary"]["warnings"] == {"PART_NOT_READ": 2}


def test_lines_not_of_the_format_are_invalid_transcripts_with_the_reason(tmp_path: Path) -> None:
    source = write(
        tmp_path / "spans.jsonl",
        [
            {"messages": []},
            {"attributes": {"gen_ai.input.messages": "[{"}},
            {"gen_ai.input.messages": [{"role": "user"}]},
            {"attributes": [1]},
        ],
    )
    ran = run("validate", "--quiet", "--format", "otel", "--output", "json", source)
    assert ran.status == 1, ran
    reasons = [record["diagnostics"][0]["message"] for record in json_lines(ran)[:-1]]
    assert reasons == [
        'transcript is an object without "attributes"',
        "transcript is not otel data: from_otel: /gen_ai.input.messages must be an array or "
        "JSON text of one; it is other text",
        "transcript is not otel data: from_otel: /gen_ai.input.messages/0/parts must be an "
        "array; it is missing",
        "transcript is not otel data: from_otel: / must be a mapping of span attributes; "
        "it is an array",
    ]
