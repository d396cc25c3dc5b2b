"""text_from_assistant: the text blocks only, never tool calls or thinking."""

from __future__ import annotations

from agent_ir import (
    assistant_message,
    text_from_assistant,
)


def test_text_from_assistant_never_renders_tool_calls_or_thinking() -> None:
    message = assistant_message(
        id="message-assistant-1",
        content=[
            {"type": "thinking", "thinking": "SECRET-REASONING"},
            {"type": "text", "text": "A"},
            {"type": "toolCall", "id": "call-1", "name": "read", "arguments": {"p": "TOOL-ARG"}},
            {"type": "text", "text": "B"},
        ],
    )
    assert text_from_assistant(message) == "AB"


def test_text_from_assistant_of_only_tool_calls_is_empty() -> None:
    message = assistant_message(
        id="message-assistant-1",
        content=[{"type": "toolCall", "id": "call-1", "name": "read", "arguments": {}}],
    )
    assert text_from_assistant(message) == ""
