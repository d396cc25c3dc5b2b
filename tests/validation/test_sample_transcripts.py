"""The sample transcripts in fixtures/transcripts/sample.jsonl and their diagnostics.

Each line is ``{"id": "...", "messages": [...]}``. The expected diagnostics are written
out here, so a change to the fixture or to the validator's verdict fails this test.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from agent_ir import validate_json

SAMPLE = Path(__file__).resolve().parents[2] / "fixtures" / "transcripts" / "sample.jsonl"

# transcript id -> [(code, message index, JSON Pointer)] of its diagnostics, in order.
EXPECTED: dict[str, list[tuple[str, int, str]]] = {
    "coding-agent-fix-off-by-one": [],
    "support-order-status": [],
    "parallel-weather-lookups": [],
    "multimodal-screenshot-color": [],
    "thinking-with-signature": [],
    "plain-question-answer": [],
    "tool-error-then-retry": [],
    "document-summary-continued": [],
    "voice-note-reminder": [],
    "orphan-result-after-trim": [("ORPHAN_TOOL_RESULT", 2, "/2/toolCallId")],
    "interrupted-before-result": [("MISSING_TOOL_RESULT", 2, "/2/content/1")],
    "tool-name-mismatch": [("TOOL_NAME_MISMATCH", 2, "/2/toolName")],
    "arguments-as-json-string": [("INVALID_TOOL_ARGUMENTS", 1, "/1/content/0/arguments")],
    "duplicate-call-id": [("DUPLICATE_TOOL_CALL_ID", 3, "/3/content/0/id")],
}


def samples() -> list[Any]:
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_every_line_is_an_object_with_a_unique_id_and_a_message_list() -> None:
    entries = samples()
    for entry in entries:
        assert isinstance(entry, dict)
        assert set(entry) == {"id", "messages"}
        assert isinstance(entry["id"], str)
        assert entry["id"]
        assert isinstance(entry["messages"], list)
    ids = [entry["id"] for entry in entries]
    assert len(ids) == len(set(ids))


def test_each_sample_has_exactly_its_expected_diagnostics() -> None:
    found = {
        entry["id"]: [
            (str(diagnostic.code), diagnostic.message_index, diagnostic.path)
            for diagnostic in validate_json(json.dumps(entry["messages"]).encode())
        ]
        for entry in samples()
    }
    assert found == EXPECTED


def test_the_samples_cover_valid_transcripts_and_several_codes() -> None:
    assert sum(1 for diagnostics in EXPECTED.values() if not diagnostics) >= 8
    codes = {code for diagnostics in EXPECTED.values() for code, _, _ in diagnostics}
    assert len(codes) >= 5
