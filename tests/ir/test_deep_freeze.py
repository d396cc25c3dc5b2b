"""Messages are deeply frozen copies: mutating the caller's input, or the message, changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir import (
    AssistantMessage,
    JsonObject,
    TextBlock,
    assistant_message,
    parse_transcript,
    to_json_value,
    user_message,
    validate_transcript,
)

from support.builders import PNG_BASE64, call_block, call_with_arguments, readme_transcript

# --- constructors -----------------------------------------------------------------------


def test_mutating_caller_arguments_after_construction_changes_nothing() -> None:
    inner = {"deep": [1, 2]}
    items: list[Any] = [1, inner, [3]]
    arguments: dict[str, Any] = {"items": items, "obj": {"k": "v"}}
    block = {"type": "toolCall", "id": "call-1", "name": "read", "arguments": arguments}
    content: list[Any] = [block]
    message = assistant_message(id="message-assistant-1", content=content)
    before = to_json_value(message)

    items.append("added")
    items[2].append(4)
    inner["deep"].append(3)
    inner["new"] = True
    arguments["obj"]["k"] = "changed"
    arguments["extra"] = 1
    del arguments["items"]
    block["name"] = "write"
    block["id"] = "call-2"
    content.append({"type": "text", "text": "late"})

    assert to_json_value(message) == before
    call = message.content[0]
    assert len(message.content) == 1
    assert (call.id, call.name) == ("call-1", "read")
    assert call.arguments == {"items": [1, {"deep": [1, 2]}, [3]], "obj": {"k": "v"}}


def test_mutating_caller_user_blocks_after_construction_changes_nothing() -> None:
    source = {"type": "base64", "mediaType": "image/png", "data": PNG_BASE64}
    blocks: list[Any] = [{"type": "text", "text": "a"}, {"type": "image", "source": source}]
    message = user_message(id="message-user-1", content=blocks)
    blocks[0]["text"] = "b"
    source["data"] = "AAAA"
    blocks.pop()
    assert message.content[0].text == "a"
    assert message.content[1].source.data == PNG_BASE64


def frozen_call_message() -> AssistantMessage:
    return call_with_arguments({"items": [1, [2]], "obj": {"k": "v", "list": [{"a": 1}]}})


def test_attribute_assignment_on_messages_and_blocks_raises() -> None:
    message = frozen_call_message()
    with pytest.raises(AttributeError):
        message.id = "other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        message.content = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del message.id
    with pytest.raises(AttributeError):
        message.content[0].text = "other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        message.content[1].arguments = JsonObject()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        message.content[1].id = "call-2"  # type: ignore[misc]
    usage = assistant_message(
        id="message-assistant-1", content=[], usage={"inputTokens": 1, "outputTokens": 1}
    ).usage
    with pytest.raises(AttributeError):
        usage.input_tokens = 5  # type: ignore[misc,union-attr]
    result = readme_transcript()[2]
    with pytest.raises(AttributeError):
        result.is_error = True  # type: ignore[misc]
    assert message == frozen_call_message()


def test_content_tuple_cannot_be_changed() -> None:
    message = frozen_call_message()
    assert type(message.content) is tuple
    with pytest.raises(TypeError):
        message.content[0] = TextBlock(text="x")  # type: ignore[index]
    with pytest.raises(TypeError):
        del message.content[0]  # type: ignore[attr-defined]
    assert not hasattr(message.content, "append")


def test_item_assignment_and_deletion_on_arguments_raise_at_every_level() -> None:
    arguments = frozen_call_message().content[1].arguments
    with pytest.raises(TypeError):
        arguments["new"] = 1  # type: ignore[index]
    with pytest.raises(TypeError):
        del arguments["items"]  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        arguments.anything = 1  # type: ignore[attr-defined]
    for method in ("update", "pop", "popitem", "clear", "setdefault", "__setitem__"):
        assert not hasattr(arguments, method), method
    nested = arguments["obj"]
    assert isinstance(nested, JsonObject)
    with pytest.raises(TypeError):
        nested["k"] = "changed"  # type: ignore[index]
    with pytest.raises(TypeError):
        del nested["k"]  # type: ignore[attr-defined]
    items = arguments["items"]
    assert type(items) is tuple
    with pytest.raises(TypeError):
        items[0] = 5  # type: ignore[index]
    with pytest.raises(TypeError):
        items[1][0] = 5  # type: ignore[index]
    inner_object = nested["list"][0]
    assert isinstance(inner_object, JsonObject)
    with pytest.raises(TypeError):
        inner_object["a"] = 2  # type: ignore[index]
    assert arguments == {"items": [1, [2]], "obj": {"k": "v", "list": [{"a": 1}]}}


# --- parse_transcript -------------------------------------------------------------------


@pytest.mark.parametrize("validate_first", [False, True], ids=["parse", "validate-then-parse"])
def test_parse_transcript_copies_arguments_so_later_mutation_changes_nothing(
    validate_first: bool,
) -> None:
    # validate_transcript checks arguments without copying them (it returns no IR);
    # parse_transcript must still copy, whichever ran first.
    nested = {"lines": [1, 2]}
    transcript = [
        {
            "role": "assistant",
            "id": "a",
            "content": [call_block(arguments={"path": "p", "nested": nested})],
        },
        {
            "role": "toolResult",
            "id": "r",
            "toolCallId": "call-1",
            "toolName": "read",
            "content": "",
            "isError": False,
        },
    ]
    if validate_first:
        assert validate_transcript(transcript) == ()
    messages = parse_transcript(transcript)
    nested["lines"].append(3)
    transcript[0]["content"][0]["arguments"]["path"] = "changed"
    arguments = messages[0].content[0].arguments
    assert arguments == {"path": "p", "nested": {"lines": [1, 2]}}
    assert arguments["nested"]["lines"] == (1, 2)
