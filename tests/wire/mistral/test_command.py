"""``agent-ir validate --format mistral`` reads Mistral request lines (through the
registry's request reader) and ``--provider-rules mistral`` reports what Mistral would
refuse: here, the OpenAI ids of a history moved to Mistral."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from support.cli import json_lines, run

# A history whose calls OpenAI made: Mistral refuses its ids (9 of [a-zA-Z0-9] only).
OPENAI_IDS = [
    {"role": "user", "content": "Weather in Paris?"},
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "weather", "arguments": "{}"}}
        ],
    },
    {"role": "tool", "tool_call_id": "call_1", "name": "weather", "content": "18C"},
    {"role": "assistant", "content": "Mild.", "prefix": True},
]


def _jsonl(path: Path, lines: list[Any]) -> str:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return str(path)


def test_mistral_lines_are_read_and_its_id_rule_is_reported(tmp_path: Path) -> None:
    line = {
        "messages": OPENAI_IDS,
        "tools": [{"type": "function", "function": {"name": "weather"}}],
    }
    source = _jsonl(tmp_path / "mistral.jsonl", [line])

    assert run("validate", "--format", "mistral", source).status == 0
    ran = run("validate", "--format", "mistral", "--provider-rules", "mistral", "--output", "json", source)  # fmt: skip

    assert ran.status == 1, ran
    [record, _summary] = json_lines(ran)
    assert [(d["code"], d["path"]) for d in record["diagnostics"]] == [
        ("INVALID_TOOL_CALL_ID_FORMAT", "/1/content/0/id")
    ]
    assert record["diagnostics"][0]["message"] == (
        "tool call id 'call_1' must match [a-zA-Z0-9]{9} and have exactly 9 characters for mistral"
    )
    assert [(w["code"], w["path"]) for w in record["warnings"]] == [
        ("PART_NOT_READ", "/messages/3/prefix")
    ]
