"""Bedrock Converse's record as the consumers read it: ``check_wire_rules``,
``repair_transcript`` and ``normalize_tool_call_ids`` apply its rules, and the installed
command reads a request line (``system`` and ``toolConfig`` beside ``messages``) with
``--format bedrock-converse --provider-rules bedrock-converse``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from agent_ir import check_wire_rules, normalize_tool_call_ids, repair_transcript
from agent_ir.wire import to_bedrock_converse

from support.bedrock import validation_errors
from support.cli import run

FIRST_ASSISTANT: list[dict[str, Any]] = [
    {"role": "system", "id": "s", "content": "be brief"},
    {
        "role": "assistant",
        "id": "a",
        "content": [{"type": "toolCall", "id": "call/1", "name": "read", "arguments": {}}],
    },
    {
        "role": "toolResult",
        "id": "r",
        "toolCallId": "call/1",
        "toolName": "read",
        "content": "ok",
        "isError": False,
    },
]


def test_repair_makes_a_transcript_bedrock_refuses_one_it_takes() -> None:
    found = [
        (d.code, d.message_index) for d in check_wire_rules(FIRST_ASSISTANT, "bedrock-converse")
    ]
    assert found == [("INVALID_TOOL_CALL_ID_FORMAT", 1), ("INVALID_ROLE_ORDER", 1)]
    repaired = repair_transcript(FIRST_ASSISTANT, provider="bedrock-converse")
    assert [action.code for action in repaired.actions] == [
        "RENAMED_TOOL_CALL_ID",
        "ADDED_USER_MESSAGE",
    ]
    assert dict(repaired.renamed_ids) == {"call/1": "call_1"}
    assert check_wire_rules(repaired.transcript, "bedrock-converse") == ()
    assert validation_errors(to_bedrock_converse(repaired.transcript).fields) == ""
    renamed = normalize_tool_call_ids(FIRST_ASSISTANT, "bedrock-converse")
    assert dict(renamed.renamed_ids) == {"call/1": "call_1"}


def test_the_command_reads_a_converse_request_line_with_its_rules(tmp_path: Path) -> None:
    fields = to_bedrock_converse(FIRST_ASSISTANT, binary="base64").fields
    fields["toolConfig"] = {
        "tools": [{"toolSpec": {"name": "read", "inputSchema": {"json": {"type": "object"}}}}]
    }
    dataset = tmp_path / "bedrock.jsonl"
    dataset.write_text(json.dumps(fields) + "\n", encoding="utf-8")
    ran = run(
        "validate",
        "--format",
        "bedrock-converse",
        "--provider-rules",
        "bedrock-converse",
        "--output",
        "json",
        str(dataset),
    )
    lines = [json.loads(line) for line in ran.out.splitlines()]
    codes = [d["code"] for line in lines for d in line.get("diagnostics", ())]
    assert codes == ["INVALID_TOOL_CALL_ID_FORMAT", "INVALID_ROLE_ORDER"], ran.out + ran.err
    assert ran.status == 1
