"""The message constructors: the IR guide's example (docs/guide/ir.md), the IR types and fields they build, how they are called."""

from __future__ import annotations

import pytest

from agent_ir import (
    AssistantMessage,
    AudioBlock,
    DocumentBlock,
    ImageBlock,
    InvalidMessageError,
    JsonObject,
    SystemMessage,
    TextBlock,
    ThinkingBlock,
    ToolCallBlock,
    ToolResultMessage,
    UserMessage,
    assistant_message,
    system_message,
    text_from_assistant,
    user_message,
)

from support.builders import PNG_BASE64, readme_transcript

# --- the IR guide's example (docs/guide/ir.md) ------------------------------------------


def test_readme_example_works_as_written() -> None:
    transcript = readme_transcript()
    assert text_from_assistant(transcript[1]) == "I will inspect it. Then I will summarize it."


def test_readme_example_builds_the_expected_types_and_fields() -> None:
    user, assistant, result = readme_transcript()
    assert isinstance(user, UserMessage)
    assert (user.role, user.id, user.content) == ("user", "message-user-001", "Read package.json.")
    assert isinstance(assistant, AssistantMessage)
    assert assistant.role == "assistant"
    assert [block.type for block in assistant.content] == ["text", "toolCall", "text"]
    call = assistant.content[1]
    assert isinstance(call, ToolCallBlock)
    assert (call.id, call.name) == ("call-read-001", "read")
    assert call.arguments == {"path": "package.json"}
    assert isinstance(result, ToolResultMessage)
    assert result.role == "toolResult"
    assert (result.tool_call_id, result.tool_name, result.is_error) == (
        "call-read-001",
        "read",
        False,
    )
    assert result.content == '{"name":"pify-docs"}'


def test_blocks_may_be_generated_objects_instead_of_mappings() -> None:
    from_objects = assistant_message(
        id="message-assistant-001",
        content=[
            TextBlock(text="I will inspect it. "),
            ToolCallBlock(
                id="call-read-001", name="read", arguments=JsonObject({"path": "package.json"})
            ),
            TextBlock(text="Then I will summarize it."),
        ],
    )
    assert from_objects == readme_transcript()[1]


def test_system_message_keeps_its_text() -> None:
    message = system_message(id="message-system-1", content="Be brief.")
    assert isinstance(message, SystemMessage)
    assert (message.role, message.id, message.content) == (
        "system",
        "message-system-1",
        "Be brief.",
    )


def test_user_message_accepts_every_user_block_type() -> None:
    message = user_message(
        id="message-user-1",
        content=[
            {"type": "text", "text": "look"},
            {
                "type": "image",
                "source": {"type": "base64", "mediaType": "image/png", "data": PNG_BASE64},
            },
            {"type": "image", "source": {"type": "url", "url": "https://example.com/a.png"}},
            {
                "type": "audio",
                "source": {"type": "base64", "mediaType": "audio/wav", "data": "AAAA"},
            },
            {"type": "document", "source": {"type": "file", "fileId": "file-1"}},
        ],
    )
    kinds = [type(block) for block in message.content]
    assert kinds == [TextBlock, ImageBlock, ImageBlock, AudioBlock, DocumentBlock]
    assert message.content[1].source.media_type == "image/png"
    assert message.content[1].source.data == PNG_BASE64
    assert message.content[2].source.url == "https://example.com/a.png"
    assert message.content[4].source.file_id == "file-1"


def test_thinking_block_fields_are_kept() -> None:
    message = assistant_message(
        id="message-assistant-1",
        content=[{"type": "thinking", "thinking": "", "signature": "sig", "redacted": True}],
    )
    block = message.content[0]
    assert isinstance(block, ThinkingBlock)
    assert (block.thinking, block.signature, block.redacted) == ("", "sig", True)


# --- InvalidMessageError and keyword-only calls -----------------------------------------


def test_invalid_message_error_is_both_type_error_and_value_error() -> None:
    assert issubclass(InvalidMessageError, TypeError)
    assert issubclass(InvalidMessageError, ValueError)
    with pytest.raises(ValueError, match=r"^user_message: id ") as as_value_error:
        user_message(id="", content="x")
    assert type(as_value_error.value) is InvalidMessageError
    with pytest.raises(TypeError, match=r"^user_message: id ") as as_type_error:
        user_message(id=" ", content="x")
    assert type(as_type_error.value) is InvalidMessageError


def test_constructors_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        user_message("message-user-1", "x")  # type: ignore[misc]
    with pytest.raises(TypeError):
        system_message("message-system-1", "x")  # type: ignore[misc]
