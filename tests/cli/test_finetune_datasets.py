"""Fine-tuning datasets through `agent-ir validate`: OpenAI's documented fine-tuning
lines (tools declared on the line, a trailing call as the target, assistant ``weight``,
``parallel_tool_calls``) with ``--format openai-chat``, Hugging Face rows with
``--format hf-chat``, and the hint naming the format of lines that are not agent-ir's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agent_ir import parse_message
from agent_ir.wire import to_hf_chat

from support.cli import FIXTURES, json_lines, run

DATASETS = FIXTURES / "datasets"
TOOLS = DATASETS / "openai-finetune-tools.jsonl"
BROKEN = DATASETS / "openai-finetune-broken.jsonl"


def write(path: Path, lines: list[Any]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_openais_documented_examples_validate_with_allow_pending_and_fail_without() -> None:
    ran = run("validate", "--quiet", "--format", "openai-chat", "--allow-pending", TOOLS)
    assert ran.status == 0, ran
    assert "3 transcripts in 1 file: 3 valid, 0 invalid; 11 messages" in ran.out
    assert "warning" not in ran.out  # weight and parallel_tool_calls are read, not warned
    without = run("validate", "--quiet", "--format", "openai-chat", TOOLS)
    assert without.status == 1
    assert without.lines()[0] == (
        f"{TOOLS}:1: message 1 MISSING_TOOL_RESULT: tool call 'call_id' "
        "(get_current_weather) has no result after it (/1/content/0)"
    )


def test_broken_fine_tuning_lines_get_their_codes_and_paths() -> None:
    ran = run("validate", "--quiet", "--format", "openai-chat", "--allow-pending", "--output", "json", BROKEN)  # fmt: skip
    assert ran.status == 1
    records = json_lines(ran)
    found = [
        (record["line"], diagnostic["code"], diagnostic["path"])
        for record in records[:-1]
        for diagnostic in record["diagnostics"]
    ]
    assert found == [
        (1, "TOOL_ARGUMENTS_MISMATCH", "/1/content/0/arguments"),
        (2, "UNDECLARED_TOOL", "/1/content/0/name"),
        (3, "INVALID_TRANSCRIPT", ""),
    ]
    assert '"format" is a required property' in records[0]["diagnostics"][0]["message"]
    assert (
        "/messages/1/weight must be 0 or 1; it is a number (2)"
        in records[2]["diagnostics"][0]["message"]
    )


@pytest.mark.parametrize("value", ["yes", 1, None, []], ids=["string", "number", "null", "array"])
def test_parallel_tool_calls_must_be_a_boolean(tmp_path: Path, value: Any) -> None:
    line = {
        "messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}],
        "parallel_tool_calls": value,
    }
    source = write(tmp_path / "ft.jsonl", [line])
    ran = run("validate", "--quiet", "--format", "openai-chat", "--output", "json", source)
    assert ran.status == 1
    [found] = json_lines(ran)[0]["diagnostics"]
    assert found["code"] == "INVALID_TRANSCRIPT"
    assert '"parallel_tool_calls" set to' in found["message"]
    assert found["message"].endswith("not true or false")


def test_lines_in_a_wire_format_read_as_agent_irs_form_get_a_hint() -> None:
    ran = run("validate", "--quiet", TOOLS)
    assert ran.status == 1
    [hint] = [line for line in ran.lines() if line.startswith("hint: ")]
    assert "3 as openai-chat" in hint
    assert hint.endswith("try --format openai-chat")
    summary = json_lines(run("validate", "--quiet", "--output", "json", TOOLS))[-1]["summary"]
    assert summary["formatHints"]["openai-chat"] == 3


def test_a_line_of_agent_irs_form_with_a_broken_message_gets_no_hint(tmp_path: Path) -> None:
    line = [{"role": "user", "id": "u1", "content": "hi", "extra": 1}]
    ran = run("validate", "--quiet", write(tmp_path / "ir.jsonl", [line]))
    assert ran.status == 1
    assert not [line for line in ran.lines() if line.startswith("hint: ")]


WEATHER = {
    "name": "get_weather",
    "parameters": {
        "type": "object",
        "properties": {"city": {"type": "string"}},
        "required": ["city"],
    },
}


def _hf_row(arguments: dict[str, Any]) -> dict[str, Any]:
    transcript = [
        parse_message({"role": "user", "id": "u", "content": "Weather?"}),
        parse_message(
            {
                "role": "assistant",
                "id": "a",
                "content": [
                    {"type": "toolCall", "id": "c1", "name": "get_weather", "arguments": arguments}
                ],
            }
        ),
    ]
    return dict(to_hf_chat(transcript, tools=[WEATHER]).fields)


def test_hugging_face_rows_validate_with_their_tools(tmp_path: Path) -> None:
    source = write(tmp_path / "hf.jsonl", [_hf_row({"city": "Oslo"}), _hf_row({"town": "Oslo"})])
    ran = run("validate", "--quiet", "--format", "hf-chat", "--allow-pending", source)
    assert ran.status == 1, ran
    assert ran.lines()[0] == (
        f"{source}:2: message 1 TOOL_ARGUMENTS_MISMATCH: the arguments of tool call 'c1' do "
        'not match the parameters of tool 0 (get_weather): "city" is a required property '
        "(keyword required at /required of the parameters) (/1/content/0/arguments)"
    )
    assert "2 transcripts in 1 file: 1 valid, 1 invalid" in ran.out
