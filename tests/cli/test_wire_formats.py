"""`agent-ir validate --format PROVIDER` (datasets in a provider's wire format, converted
to the IR first, conversion warnings reported) and `--provider-rules PROVIDER`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from support.cli import DOCS_URL, json_lines, run

CALL = {
    "id": "call_1",
    "type": "function",
    "function": {"name": "ls", "arguments": '{"path": "."}'},
}
# A user message lands between a call and its result: valid as a transcript, refused by
# OpenAI Chat and Anthropic (RESULT_NOT_IMMEDIATE).
INTERRUPTED = [
    {"role": "system", "content": "Be brief."},
    {"role": "user", "content": "List the files."},
    {"role": "assistant", "content": None, "tool_calls": [CALL]},
    {"role": "user", "content": "Hurry up."},
    {"role": "tool", "tool_call_id": "call_1", "content": "a.py"},
]
BAD_ARGUMENTS = [
    {"role": "user", "content": "x"},
    {
        "role": "assistant",
        "content": "ok",
        "tool_calls": [
            {"id": "c2", "type": "function", "function": {"name": "f", "arguments": "[1]"}}
        ],
    },
    {"role": "tool", "tool_call_id": "c2", "content": "done"},
]
UNKNOWN_PART = [{"role": "user", "content": [{"type": "text", "text": "hi"}, {"type": "weird"}]}]


def _jsonl(path: Path, lines: list[Any]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_openai_chat_lines_are_converted_and_validated(tmp_path: Path) -> None:
    source = _jsonl(
        tmp_path / "chat.jsonl",
        [
            {"id": "chat-1", "messages": INTERRUPTED, "temperature": 0},  # a key not read
            {"messages": BAD_ARGUMENTS},
            UNKNOWN_PART,  # a bare array is a line too
            "not a transcript",
        ],
    )
    ran = run("validate", "--format", "openai-chat", "--jobs", "1", source)
    assert ran.status == 1, ran
    lines = ran.out.splitlines()
    assert lines[0].startswith(
        f"{source}:2: message 1 INVALID_TOOL_ARGUMENTS: content[1].arguments must be a JSON"
    )
    assert lines[1] == (
        f"{source}:3: message 0 warning PART_NOT_READ: a 'weird' part has no IR form (/0/content/1)"
    )
    assert lines[2].startswith(f"{source}:4: INVALID_TRANSCRIPT: transcript must be an array")
    # The interrupted turn is a valid transcript: only --provider-rules refuses it.
    assert not any(line.startswith(f"{source}:1:") for line in lines)
    assert lines[3] == "4 transcripts in 1 file: 2 valid, 2 invalid; 9 messages"
    assert f"  warning PART_NOT_READ  1  {DOCS_URL}codes/PART_NOT_READ.html" in lines


def test_provider_rules_report_what_the_provider_would_refuse(tmp_path: Path) -> None:
    source = _jsonl(tmp_path / "chat.jsonl", [{"id": "chat-1", "messages": INTERRUPTED}])
    ran = run("validate", "--format", "openai-chat", "--provider-rules", "openai-chat", source)
    assert ran.status == 1, ran
    assert ran.out.splitlines()[0] == (
        f"{source}:1: [chat-1] message 4 RESULT_NOT_IMMEDIATE: the result of tool call "
        "'call_1' must come directly after the assistant message that made it (message 2) "
        "for openai-chat (/4/toolCallId)"
    )
    # The Responses API takes the same turn.
    fine = run(
        "validate", "--format", "openai-chat", "--provider-rules", "openai-responses", source
    )
    assert fine.status == 0, fine


def test_provider_rules_apply_to_ir_lines_too(tmp_path: Path) -> None:
    messages = [
        {"role": "assistant", "id": "a1", "content": [{"type": "text", "text": "Hello."}]},
        {"role": "user", "id": "u2", "content": [{"type": "text", "text": ""}]},
    ]
    source = _jsonl(tmp_path / "ir.jsonl", [messages])
    assert run("validate", source).status == 0
    ran = run("validate", "--provider-rules", "anthropic", "--output", "json", source)
    assert ran.status == 1, ran
    [record, summary] = json_lines(ran)
    # an assistant message first is accepted (Anthropic accepts it); an empty text block not
    assert [d["code"] for d in record["diagnostics"]] == ["EMPTY_CONTENT"]
    assert summary["summary"]["codes"] == {"EMPTY_CONTENT": 1}


@pytest.mark.parametrize(
    ("format", "line"),
    [
        (
            "anthropic",
            {
                "system": "Be brief.",
                "messages": [
                    {"role": "user", "content": "Hi"},
                    {"role": "assistant", "content": [{"type": "text", "text": "Hello."}]},
                ],
            },
        ),
        (
            "openai-responses",
            {
                "input": [
                    {"type": "message", "role": "user", "content": "Hi"},
                    {"type": "message", "role": "assistant", "content": "Hello."},
                ]
            },
        ),
    ],
)
def test_each_wire_format_reads_its_own_lines(
    format: str, line: dict[str, Any], tmp_path: Path
) -> None:
    source = _jsonl(tmp_path / "wire.jsonl", [line])
    ran = run("validate", "--format", format, "--output", "json", source)
    assert ran.status == 0, ran
    [summary] = json_lines(ran)
    assert summary["summary"]["transcripts"] == 1
    assert summary["summary"]["valid"] == 1
    # The same line read as agent-ir's own form is not a transcript.
    assert run("validate", source).status == 1


def test_warnings_reach_json_output_and_do_not_make_a_transcript_invalid(
    tmp_path: Path,
) -> None:
    source = _jsonl(tmp_path / "chat.jsonl", [UNKNOWN_PART])
    ran = run("validate", "--format", "openai-chat", "--output", "json", source)
    assert ran.status == 0, ran
    [record, summary] = json_lines(ran)
    assert record["diagnostics"] == []
    assert record["warnings"] == [
        {
            "code": "PART_NOT_READ",
            "messageIndex": 0,
            "message": "a 'weird' part has no IR form",
            "path": "/0/content/1",
        }
    ]
    assert summary["summary"]["warnings"] == {"PART_NOT_READ": 1}
    assert summary["summary"]["invalid"] == 0


def test_a_line_of_the_wrong_shape_for_its_format_is_one_diagnostic(tmp_path: Path) -> None:
    source = _jsonl(tmp_path / "chat.jsonl", [{"messages": [{"role": "nobody"}]}])
    ran = run("validate", "--format", "openai-chat", source)
    assert ran.status == 1, ran
    first = ran.out.splitlines()[0]
    assert first.startswith(f"{source}:1: INVALID_TRANSCRIPT: transcript is not openai-chat data")
    assert "Traceback" not in ran.err


def test_an_unknown_format_or_provider_is_a_usage_error(tmp_path: Path) -> None:
    source = _jsonl(tmp_path / "x.jsonl", [[]])
    for arguments in (["--format", "cohere"], ["--provider-rules", "ir"]):
        ran = run("validate", *arguments, source)
        assert ran.status == 2, ran
        assert "invalid choice" in ran.err


# A Gemini 3 tool loop as a framework that drops signatures records it: the call of the
# current turn lost its thoughtSignature (Gemini 3 answers HTTP 400).
GEMINI_LINE = {
    "systemInstruction": {"parts": [{"text": "Be brief."}]},
    "contents": [
        {"role": "user", "parts": [{"text": "Weather in Paris?"}]},
        {
            "role": "model",
            "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}],
        },
        {
            "role": "user",
            "parts": [{"functionResponse": {"name": "get_weather", "response": {"c": 18}}}],
        },
    ],
    "tools": [{"functionDeclarations": [{"name": "get_weather"}]}],
}


def test_gemini_lines_are_read_and_checked_against_gemini_rules_for_the_model(
    tmp_path: Path,
) -> None:
    source = _jsonl(tmp_path / "gemini.jsonl", [GEMINI_LINE])
    ran = run("validate", "--format", "gemini", "--output", "json", source)
    assert ran.status == 0, ran
    [record, summary] = json_lines(ran)
    assert record["diagnostics"] == []
    # The call had no id: it was given one, and its response paired by name; both said.
    assert [(w["code"], w["path"]) for w in record["warnings"]] == [
        ("TOOL_CALL_ID_ADDED", "/contents/1/parts/0/functionCall"),
        ("RESULT_PAIRED_BY_NAME", "/contents/2/parts/0/functionResponse"),
    ]

    rules = ("validate", "--format", "gemini", "--provider-rules", "gemini", "--output", "json")
    ran = run(*rules, "--model", "gemini-3-pro-preview", source)
    assert ran.status == 1, ran
    [record, summary] = json_lines(ran)
    assert [(d["code"], d["path"]) for d in record["diagnostics"]] == [
        ("MISSING_THOUGHT_SIGNATURE", "/2/content/0")  # in the IR: system first
    ]
    assert summary["summary"]["codes"] == {"MISSING_THOUGHT_SIGNATURE": 1}
    # Gemini 2.5 does not require signatures.
    assert run(*rules, "--model", "gemini-2.5-flash", source).status == 0

    signed = json.loads(json.dumps(GEMINI_LINE))
    signed["contents"][1]["parts"][0]["thoughtSignature"] = "CiQBjz1rX3Lc0dQ2"
    source = _jsonl(tmp_path / "signed.jsonl", [signed])
    assert run(*rules, "--model", "gemini-3-pro-preview", source).status == 0
