"""Messages and blocks are values: equality, hashing, repr and the one-line str."""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir import (
    JsonObject,
    TextBlock,
    Usage,
    assistant_message,
    dumps,
    loads,
    system_message,
    text_from_assistant,
    user_message,
)

from support.builders import call_with_arguments, image, readme_transcript


def test_messages_and_blocks_compare_by_value_and_hash_by_value() -> None:
    first, second = readme_transcript(), readme_transcript()
    for left, right in zip(first, second, strict=True):
        assert left == right
        assert left is not right
        assert hash(left) == hash(right)
    assert first[1].content[1] == second[1].content[1]
    assert hash(first[1].content[1]) == hash(second[1].content[1])
    assert len({*first, *second}) == 3
    assert first[0] != user_message(id="message-user-001", content="Read other.json.")
    assert first[1] != call_with_arguments({"path": "package.json"})
    assert TextBlock(text="a") == TextBlock(text="a") != TextBlock(text="b")


def test_arguments_differ_only_by_value_decide_equality() -> None:
    one = call_with_arguments({"path": "a", "n": [1, 2]})
    same = call_with_arguments({"n": [1, 2], "path": "a"})
    other = call_with_arguments({"path": "a", "n": [1, 3]})
    assert one == same
    assert hash(one) == hash(same)
    assert one != other


def test_json_object_compares_equal_to_an_equal_dict() -> None:
    arguments = call_with_arguments({"a": [1, {"b": [2, 3]}], "c": None}).content[1].arguments
    assert arguments == {"a": [1, {"b": [2, 3]}], "c": None}
    reflected = {"a": [1, {"b": [2, 3]}], "c": None}
    assert reflected == arguments  # dict on the left defers to JsonObject.__eq__
    assert arguments == {"a": (1, {"b": (2, 3)}), "c": None}
    assert arguments != {"a": [1, {"b": [2, 4]}], "c": None}
    assert arguments != {"a": [1, {"b": [2, 3]}]}
    assert arguments != {"a": [1, {"b": [2, 3]}], "c": None, "d": 1}
    assert arguments != [("a", 1)]
    assert hash(arguments) == hash(JsonObject({"c": None, "a": [1, {"b": [2, 3]}]}))


def test_repr_shows_the_fields() -> None:
    user = readme_transcript()[0]
    assert repr(user).startswith("UserMessage(id=")
    assert repr(user) == "UserMessage(id='message-user-001', content='Read package.json.')"
    assistant = readme_transcript()[1]
    assert repr(assistant).startswith("AssistantMessage(id='message-assistant-001', content=(")
    assert "ToolCallBlock(id='call-read-001', name='read', arguments=" in repr(assistant)
    assert "'package.json'" in repr(assistant)
    assert repr(TextBlock(text="hi")) == "TextBlock(text='hi')"
    assert repr(readme_transcript()[2]).startswith(
        "ToolResultMessage(id='message-tool-001', tool_call_id='call-read-001', tool_name='read'"
    )


def test_str_of_a_tool_result_is_the_one_line_summary() -> None:
    assert (
        str(readme_transcript()[2]) == 'Message(toolResult) [call-read-001]: {"name":"pify-docs"}'
    )


def test_str_of_an_assistant_message_counts_tool_calls() -> None:
    assert str(readme_transcript()[1]) == (
        "Message(assistant) (1 tool call): I will inspect it. Then I will summarize it."
    )
    two_calls = assistant_message(
        id="message-assistant-1",
        content=[
            {"type": "toolCall", "id": "call-1", "name": "read", "arguments": {}},
            {"type": "text", "text": "ok"},
            {"type": "toolCall", "id": "call-2", "name": "read", "arguments": {}},
        ],
    )
    assert str(two_calls) == "Message(assistant) (2 tool calls): ok"


def test_str_cuts_text_to_fifty_characters() -> None:
    text = "x" * 49 + "ABCDEFGHIJ"
    assert str(user_message(id="message-user-1", content=text)) == (
        "Message(user): " + "x" * 49 + "A..."
    )
    exactly = "y" * 50
    assert str(system_message(id="message-system-1", content=exactly)) == (
        "Message(system): " + exactly
    )
    assistant = assistant_message(
        id="message-assistant-1",
        content=[{"type": "text", "text": "z" * 30}, {"type": "text", "text": "w" * 30}],
    )
    assert str(assistant) == "Message(assistant): " + "z" * 30 + "w" * 20 + "..."


def test_str_is_a_single_line() -> None:
    message = user_message(id="message-user-1", content="line one\nline two\n\tthree")
    assert str(message) == "Message(user): line one line two three"
    assert "\n" not in str(message)


def test_str_names_non_text_blocks_and_never_renders_thinking() -> None:
    user = user_message(
        id="message-user-1", content=[{"type": "text", "text": "see"}, image("image/png")]
    )
    assert str(user) == "Message(user): see [image]"
    thinking = assistant_message(
        id="message-assistant-1",
        content=[{"type": "thinking", "thinking": "hidden"}, {"type": "text", "text": "shown"}],
    )
    assert str(thinking) == "Message(assistant): [thinking] shown"
    only_image = user_message(id="message-user-2", content=[image("image/png")])
    assert str(only_image) == "Message(user): [image]"


def test_text_and_length_of_every_kind_of_message() -> None:
    user = user_message(
        id="message-user-1",
        content=[
            {"type": "text", "text": "look "},
            image("image/png"),
            {"type": "text", "text": "here"},
        ],
    )
    assert (user.text, user.length) == ("look here", 9)
    system = system_message(id="message-system-1", content="Be brief.")
    assert (system.text, system.length) == ("Be brief.", 9)
    result = readme_transcript()[2]
    assert (result.text, result.length) == ('{"name":"pify-docs"}', 20)
    empty = assistant_message(id="message-assistant-1", content=[])
    assert (empty.text, empty.length) == ("", 0)


def test_assistant_text_and_tool_calls_are_where_users_look() -> None:
    reply = assistant_message(
        id="message-assistant-1",
        content=[
            {"type": "toolCall", "id": "call-1", "name": "read", "arguments": {"a": 1}},
            {"type": "thinking", "thinking": "hidden"},
            {"type": "text", "text": "ok"},
            {"type": "toolCall", "id": "call-2", "name": "list", "arguments": {}},
        ],
    )
    assert reply.text == text_from_assistant(reply) == "ok"
    assert reply.length == 2
    assert [(call.id, call.name) for call in reply.tool_calls] == [
        ("call-1", "read"),
        ("call-2", "list"),
    ]
    assert type(reply.tool_calls) is tuple
    assert reply.tool_calls[0] is reply.content[0]
    assert not hasattr(user_message(id="message-user-1", content="x"), "tool_calls")


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ({"flag": True}, {"flag": 1}),
        ({"flag": False}, {"flag": 0}),
        ({"n": 1}, {"n": 1.0}),
        ({"n": 0.0}, {"n": -0.0}),
        ({"a": ["x"]}, {"a": "x"}),
        ({"a": [1]}, {"a": [True]}),
        ({"a": None}, {"a": 0}),
        ({"a": {"b": 1}}, {"a": {"b": 1.0}}),
    ],
)
def test_equality_is_json_value_equality(left: dict[str, Any], right: dict[str, Any]) -> None:
    first, second = JsonObject(left), JsonObject(right)
    assert first != second
    assert first != right
    assert dumps(first) != dumps(second)
    calls = [call_with_arguments(arguments) for arguments in (left, right)]
    assert calls[0] != calls[1]
    assert len(set(calls)) == 2


def test_equal_json_values_are_equal_in_any_key_order_and_container_type() -> None:
    first = JsonObject({"a": 1, "b": [1.5, {"c": None}]})
    second = JsonObject({"b": ({"c": None}, 1.5)[::-1], "a": 1})
    assert first == second
    assert hash(first) == hash(second)
    assert first == {"b": [1.5, {"c": None}], "a": 1}


def test_ir_values_are_not_tracked_by_the_garbage_collector() -> None:
    import gc

    message = call_with_arguments({"a": [1]})
    [parsed] = loads(b'[{"role":"assistant","id":"a","content":[{"type":"text","text":"t"}]}]')
    for value in (message, message.content[1], parsed, Usage(input_tokens=1, output_tokens=2)):
        assert not gc.is_tracked(value)
