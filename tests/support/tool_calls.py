"""One tool call checked against one tool's parameters, as the tool-schema tests build it:
a transcript of a user turn, a call of tool ``t`` with the given arguments and its
result; ``check`` validates it with ``t``'s parameters, ``codes`` reads the diagnostics
as (code, path) pairs."""

from __future__ import annotations

from typing import Any

from agent_ir import Diagnostic, validate_transcript


def transcript(arguments: Any) -> list[dict[str, Any]]:
    return [
        {"role": "user", "id": "u", "content": "go"},
        {"role": "assistant", "id": "a", "content": [
            {"type": "toolCall", "id": "c", "name": "t", "arguments": arguments}]},
        {"role": "toolResult", "id": "r", "toolCallId": "c", "toolName": "t",
         "content": "ok", "isError": False},
    ]  # fmt: skip


def check(parameters: Any, arguments: Any) -> list[Diagnostic]:
    return list(
        validate_transcript(transcript(arguments), tools=[{"name": "t", "parameters": parameters}])
    )


def codes(found: list[Diagnostic]) -> list[tuple[str, str]]:
    return [(d.code.value, d.path) for d in found]
