"""What the adapter tests share: the conformance transcripts whose messages are each
valid (the adapters convert messages, not linkage), the bench's transcript, and a
conversation holding every block and source the IR has."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

from agent_ir import InvalidMessageError, parse_message

ROOT = Path(__file__).resolve().parents[2]
CONFORMANCE = ROOT / "fixtures" / "conformance" / "transcripts"
BENCH_GENERATOR = ROOT / "bench" / "transcript_gen.py"
PNG = "iVBORw0KGgo="


def conformance_transcripts() -> list[tuple[str, list[Any]]]:
    cases = []
    for path in sorted(CONFORMANCE.glob("*.json")):
        for number, case in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            if type(case["transcript"]) is not list:
                continue
            try:
                messages = [parse_message(message) for message in case["transcript"]]
            except InvalidMessageError:
                continue
            cases.append((f"{path.stem}-{number}", messages))
    return cases


def bench_transcript(messages: int) -> list[dict[str, Any]]:
    spec = importlib.util.spec_from_file_location("transcript_gen", BENCH_GENERATOR)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    transcript: list[dict[str, Any]] = module.make_transcript(messages)
    return transcript


def every_kind() -> list[dict[str, Any]]:
    """One conversation with every message, block and source kind the IR has."""
    return [
        {"role": "system", "id": "s", "content": "Be brief.", "timestamp": "2024-05-01T12:00:00Z"},
        {
            "role": "user",
            "id": "u",
            "content": [
                {"type": "text", "text": "Look:"},
                {"type": "image", "source": {"type": "base64", "mediaType": "image/png", "data": PNG}},
                {"type": "image", "source": {"type": "url", "url": "https://x.test/a.png"}, "detail": "low"},
                {"type": "audio", "source": {"type": "base64", "mediaType": "audio/wav", "data": PNG}},
                {"type": "document", "source": {"type": "base64", "mediaType": "application/pdf", "data": PNG}, "filename": "a.pdf"},
                {"type": "document", "source": {"type": "url", "url": "https://x.test/a.pdf"}},
                {"type": "document", "source": {"type": "file", "fileId": "file-abc"}},
            ],
        },
        {
            "role": "assistant",
            "id": "a",
            "provider": "anthropic",
            "model": "claude-x",
            "usage": {"inputTokens": 10, "outputTokens": 5, "cacheReadTokens": 2, "cacheWriteTokens": 1, "reasoningTokens": 3},
            "stopReason": "toolCall",
            "content": [
                {"type": "thinking", "thinking": "hmm", "signature": "sig"},
                {"type": "thinking", "thinking": "", "signature": "opaque", "redacted": True},
                {"type": "text", "text": "Checking.", "itemId": "msg_1"},
                {"type": "toolCall", "id": "c1", "name": "weather", "arguments": {"city": "Paris"}},
                {"type": "serverToolCall", "provider": "anthropic", "id": "srv1", "name": "web_search", "input": {"query": "q"}},
                {"type": "serverToolResult", "provider": "anthropic", "toolCallId": "srv1", "wire": {"type": "web_search_tool_result", "content": []}},
            ],
        },
        {"role": "toolResult", "id": "r", "toolCallId": "c1", "toolName": "weather", "content": "sunny", "isError": False},
        {"role": "assistant", "id": "b", "content": [{"type": "refusal", "text": "No."}], "stopReason": "refusal"},
    ]  # fmt: skip
