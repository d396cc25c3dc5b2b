"""Builders of the inputs the tests share: IR messages, JSON-form transcripts, provider fixtures.

Each builder returns a fresh value, so a test may mutate what it gets.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from agent_ir import (
    AssistantMessage,
    InvalidMessageError,
    ToolResultMessage,
    UserMessage,
    assistant_message,
    tool_result_message,
    user_message,
)

# --- IR messages, built by the constructors -------------------------------------------

PNG_BASE64 = "iVBORw0KGgo="


def readme_transcript() -> tuple[UserMessage, AssistantMessage, ToolResultMessage]:
    """The three messages of the IR guide's example (docs/guide/ir.md, once the README's)."""
    return (
        user_message(id="message-user-001", content="Read package.json."),
        assistant_message(
            id="message-assistant-001",
            content=[
                {"type": "text", "text": "I will inspect it. "},
                {
                    "type": "toolCall",
                    "id": "call-read-001",
                    "name": "read",
                    "arguments": {"path": "package.json"},
                },
                {"type": "text", "text": "Then I will summarize it."},
            ],
        ),
        tool_result_message(
            id="message-tool-001",
            tool_call_id="call-read-001",
            tool_name="read",
            content='{"name":"pify-docs"}',
            is_error=False,
        ),
    )


def call_with_arguments(arguments: object, index: int = 1) -> AssistantMessage:
    """An assistant message whose tool call (at ``content[index]``) has ``arguments``."""
    content: list[object] = [{"type": "text", "text": "t"}] * index
    content.append({"type": "toolCall", "id": "call-1", "name": "read", "arguments": arguments})
    return assistant_message(id="message-assistant-1", content=content)


def arguments_error(arguments: object) -> InvalidMessageError:
    """The error ``call_with_arguments(arguments)`` raises; fails the test if none."""
    with pytest.raises(InvalidMessageError) as caught:
        call_with_arguments(arguments)
    return caught.value


def image(media_type: str, data: str = PNG_BASE64) -> dict[str, Any]:
    """An inline image block in JSON form."""
    return {"type": "image", "source": {"type": "base64", "mediaType": media_type, "data": data}}


def audio(media_type: str, data: str = "AAAA") -> dict[str, Any]:
    """An inline audio block in JSON form."""
    return {"type": "audio", "source": {"type": "base64", "mediaType": media_type, "data": data}}


# --- transcripts in JSON form ---------------------------------------------------------


def user(id: str = "message-user", content: Any = "hello") -> dict[str, Any]:
    return {"role": "user", "id": id, "content": content}


_DEFAULT: Any = object()


def call_block(
    call_id: str = "call-1", name: str = "read", arguments: Any = _DEFAULT
) -> dict[str, Any]:
    return {
        "type": "toolCall",
        "id": call_id,
        "name": name,
        "arguments": {"path": "a.txt"} if arguments is _DEFAULT else arguments,
    }


def assistant(id: str = "message-assistant", content: Any = None) -> dict[str, Any]:
    return {
        "role": "assistant",
        "id": id,
        "content": [call_block()] if content is None else content,
    }


def result(
    id: str = "message-result", call_id: str = "call-1", name: str = "read"
) -> dict[str, Any]:
    return {
        "role": "toolResult",
        "id": id,
        "toolCallId": call_id,
        "toolName": name,
        "content": "contents",
        "isError": False,
    }


def with_arguments(arguments: Any) -> list[Any]:
    """A call with ``arguments`` and its (otherwise well-formed) result."""
    return [assistant(content=[call_block(arguments=arguments)]), result()]


# --- provider fixtures ----------------------------------------------------------------

START: dict[str, Any] = {"type": "response_start", "responseId": "response-1", "role": "assistant"}
END: dict[str, Any] = {
    "type": "response_end",
    "responseId": "response-1",
    "stopReason": "stop",
    "usage": {"inputTokens": 1, "outputTokens": 2},
}
RECORDS = [START, {"type": "text_delta", "text": "a"}, {"type": "text_delta", "text": "b"}, END]


def text(delta: object) -> dict[str, Any]:
    """A ``text_delta`` record."""
    return {"type": "text_delta", "text": delta}


def tool_call_record(
    call_id: object = "call-1", name: object = "add", arguments: object = None
) -> dict[str, Any]:
    """A ``tool_call`` transport record (``arguments`` default ``{}``)."""
    return {
        "type": "tool_call",
        "id": call_id,
        "name": name,
        "arguments": {} if arguments is None else arguments,
    }


def end_record(
    stop_reason: object = "stop", usage: object = None, response_id: object = "response-1"
) -> dict[str, Any]:
    """A ``response_end`` record of ``response-1`` (usage default 3 in, 4 out)."""
    return {
        "type": "response_end",
        "responseId": response_id,
        "stopReason": stop_reason,
        "usage": {"inputTokens": 3, "outputTokens": 4} if usage is None else usage,
    }


def fixture_of(*responses: object) -> dict[str, Any]:
    """A provider fixture with one response per argument, each given as its records."""
    return {"schemaVersion": 1, "responses": [{"records": records} for records in responses]}


async def records_of(records: list[Any]) -> AsyncIterator[Any]:
    """An async generator over ``records``: the async form of a response's records."""
    for record in records:
        yield record
