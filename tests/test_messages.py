"""The message IR constructors: snapshots, deep freezing, checks, values, JSON encoding.

Every rule of issue 3 is pinned here through the public API (``agent_ir``) only.
"""

from __future__ import annotations

import dataclasses
import json
import math
import pickle
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from typing import Any

import jsonschema
import pytest

import agent_ir
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
    Usage,
    UserMessage,
    assistant_message,
    dumps,
    system_message,
    text_from_assistant,
    to_json_value,
    tool_result_message,
    user_message,
)

PNG_BASE64 = "iVBORw0KGgo="


def readme_transcript() -> tuple[UserMessage, AssistantMessage, ToolResultMessage]:
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
    with pytest.raises(InvalidMessageError) as caught:
        call_with_arguments(arguments)
    return caught.value


class CountingMapping(Mapping[str, Any]):
    """A mapping that records how often each key is read and how often it is iterated."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data
        self.reads: dict[str, int] = {}
        self.iterations = 0

    def __getitem__(self, key: str) -> Any:
        self.reads[key] = self.reads.get(key, 0) + 1
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        self.iterations += 1
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


class RecordingList(list[Any]):
    """A list whose overridable protocol methods record each call and then raise."""

    calls: list[str]

    def __iter__(self) -> Iterator[Any]:
        self.calls.append("__iter__")
        raise AssertionError("__iter__ called")

    def __getitem__(self, index: Any) -> Any:
        self.calls.append("__getitem__")
        raise AssertionError("__getitem__ called")

    def __len__(self) -> int:
        self.calls.append("__len__")
        raise AssertionError("__len__ called")


class RecordingTuple(tuple[Any, ...]):
    calls: list[str]

    def __iter__(self) -> Iterator[Any]:
        self.calls.append("__iter__")
        raise AssertionError("__iter__ called")

    def __getitem__(self, index: Any) -> Any:
        self.calls.append("__getitem__")
        raise AssertionError("__getitem__ called")

    def __len__(self) -> int:
        self.calls.append("__len__")
        raise AssertionError("__len__ called")


def recording_list(items: list[Any]) -> RecordingList:
    value = RecordingList(items)
    value.calls = []
    return value


def recording_tuple(items: list[Any]) -> RecordingTuple:
    value = RecordingTuple(items)
    value.calls = []
    return value


class MyStr(str):
    pass


class MyInt(int):
    pass


class MyFloat(float):
    pass


# --- the README example -------------------------------------------------------------


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


# --- text_from_assistant --------------------------------------------------------------


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


# --- snapshot: read once, base types only ---------------------------------------------


def test_each_block_and_argument_key_is_read_exactly_once() -> None:
    arguments = CountingMapping({"path": "package.json", "lines": [1, 2]})
    call = CountingMapping(
        {"type": "toolCall", "id": "call-1", "name": "read", "arguments": arguments}
    )
    text = CountingMapping({"type": "text", "text": "hi"})
    message = assistant_message(id="message-assistant-1", content=[text, call])
    assert call.reads == {"type": 1, "id": 1, "name": 1, "arguments": 1}
    assert arguments.reads == {"path": 1, "lines": 1}
    assert text.reads == {"type": 1, "text": 1}
    assert (call.iterations, arguments.iterations, text.iterations) == (1, 1, 1)
    assert message.content[1].arguments == {"path": "package.json", "lines": [1, 2]}


def test_usage_and_user_block_mappings_are_read_once() -> None:
    usage = CountingMapping({"inputTokens": 3, "outputTokens": 4})
    assistant = assistant_message(id="message-assistant-1", content=[], usage=usage)
    assert usage.reads == {"inputTokens": 1, "outputTokens": 1}
    assert assistant.usage == Usage(input_tokens=3, output_tokens=4)
    source = CountingMapping({"type": "base64", "mediaType": "image/png", "data": PNG_BASE64})
    image = CountingMapping({"type": "image", "source": source})
    user_message(id="message-user-1", content=[image])
    assert image.reads == {"type": 1, "source": 1}
    assert source.reads == {"type": 1, "mediaType": 1, "data": 1}


def test_a_mapping_that_changes_between_reads_cannot_split_the_snapshot() -> None:
    class Flipping(Mapping[str, Any]):
        def __init__(self) -> None:
            self.count = 0

        def __getitem__(self, key: str) -> Any:
            if key != "text":
                return {"type": "text"}[key]
            self.count += 1
            return "first" if self.count == 1 else "second"

        def __iter__(self) -> Iterator[str]:
            return iter(["type", "text"])

        def __len__(self) -> int:
            return 2

    message = assistant_message(id="message-assistant-1", content=[Flipping()])
    assert message.content == (TextBlock(text="first"),)


@pytest.mark.parametrize("make", [recording_list, recording_tuple])
def test_content_sequence_overrides_are_never_called(make: Any) -> None:
    content = make([{"type": "text", "text": "a"}, {"type": "text", "text": "b"}])
    message = assistant_message(id="message-assistant-1", content=content)
    assert content.calls == []
    assert message.content == (TextBlock(text="a"), TextBlock(text="b"))
    assert type(message.content) is tuple


@pytest.mark.parametrize("make", [recording_list, recording_tuple])
def test_user_and_tool_result_content_sequence_overrides_are_never_called(make: Any) -> None:
    user_content = make([{"type": "text", "text": "u"}])
    result_content = make([{"type": "text", "text": "r"}])
    user = user_message(id="message-user-1", content=user_content)
    result = tool_result_message(
        id="message-tool-1", tool_call_id="call-1", tool_name="read", content=result_content
    )
    assert user_content.calls == []
    assert result_content.calls == []
    assert user.content == (TextBlock(text="u"),)
    assert result.content == (TextBlock(text="r"),)


@pytest.mark.parametrize("make", [recording_list, recording_tuple])
def test_argument_array_overrides_are_never_called(make: Any) -> None:
    items = make([1, "two", [3]])
    message = call_with_arguments({"items": items})
    assert items.calls == []
    assert message.content[1].arguments["items"] == (1, "two", (3,))


@pytest.mark.parametrize(
    "content",
    [
        (block for block in [{"type": "text", "text": "a"}]),
        {"a"},
        {"type": "text", "text": "a"},
        "a plain string",
    ],
    ids=["generator", "set", "dict", "str"],
)
def test_assistant_content_must_be_a_list_or_tuple(content: object) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(id="message-assistant-1", content=content)
    assert caught.value.path == ("content",)
    assert str(caught.value).startswith("assistant_message: content ")


@pytest.mark.parametrize(
    "content",
    [(block for block in [{"type": "text", "text": "a"}]), {"a"}, {"type": "text", "text": "a"}],
    ids=["generator", "set", "dict"],
)
def test_user_and_tool_result_content_must_be_str_or_a_list_or_tuple(content: object) -> None:
    with pytest.raises(InvalidMessageError) as user_caught:
        user_message(id="message-user-1", content=content)
    assert user_caught.value.path == ("content",)
    if not isinstance(content, Iterator):
        with pytest.raises(InvalidMessageError) as result_caught:
            tool_result_message(
                id="message-tool-1", tool_call_id="call-1", tool_name="read", content=content
            )
        assert result_caught.value.path == ("content",)


def test_assistant_content_given_as_a_generator_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        assistant_message(id="message-assistant-1", content=iter([]))


# --- arguments: accepted values ---------------------------------------------------------


def test_arguments_accept_every_json_value_type() -> None:
    arguments = {
        "s": "text",
        "i": -7,
        "f": 1.5,
        "t": True,
        "n": None,
        "list": [1, [2, {"k": "v"}]],
        "tuple": (1, 2),
        "obj": {"nested": {"deep": [None]}},
        "unicode": "héllo ✓ 😀",
    }
    message = call_with_arguments(arguments)
    assert message.content[1].arguments == arguments
    assert message.content[1].arguments["tuple"] == (1, 2)


@pytest.mark.parametrize("key", ["__proto__", "__class__", "__dict__", "constructor"])
def test_dunder_like_keys_are_ordinary_keys(key: str) -> None:
    message = call_with_arguments({key: {"polluted": True}, "other": 1})
    arguments = message.content[1].arguments
    assert list(arguments) == [key, "other"]
    assert arguments[key] == {"polluted": True}
    assert type(arguments) is JsonObject
    assert to_json_value(message)["content"][1]["arguments"] == {
        key: {"polluted": True},
        "other": 1,
    }


def test_string_and_number_subclasses_become_exact_builtins() -> None:
    message = call_with_arguments(
        {MyStr("key"): MyStr("value"), "i": MyInt(3), "f": MyFloat(2.5), "l": [MyStr("x")]}
    )
    arguments = message.content[1].arguments
    (key,) = [k for k in arguments if k == "key"]
    assert type(key) is str
    assert type(arguments["key"]) is str
    assert arguments["key"] == "value"
    assert type(arguments["i"]) is int
    assert arguments["i"] == 3
    assert type(arguments["f"]) is float
    assert arguments["f"] == 2.5
    assert type(arguments["l"][0]) is str


def test_bool_argument_stays_bool() -> None:
    arguments = call_with_arguments({"flag": True, "zero": 0}).content[1].arguments
    assert arguments["flag"] is True
    assert type(arguments["zero"]) is int


def test_message_string_fields_given_as_subclasses_become_exact_str() -> None:
    message = user_message(id=MyStr("message-user-1"), content=MyStr("hello"))
    assert type(message.id) is str
    assert message.id == "message-user-1"
    assert type(message.content) is str
    assert message.content == "hello"
    result = tool_result_message(
        id="message-tool-1",
        tool_call_id=MyStr("call-1"),
        tool_name=MyStr("read"),
        content=[{"type": "text", "text": MyStr("out")}],
    )
    assert type(result.tool_call_id) is str
    assert type(result.tool_name) is str
    assert type(result.content[0].text) is str


def test_usage_int_subclasses_become_exact_int() -> None:
    message = assistant_message(
        id="message-assistant-1", content=[], usage={"inputTokens": MyInt(5), "outputTokens": 6}
    )
    assert message.usage is not None
    assert type(message.usage.input_tokens) is int
    assert message.usage.input_tokens == 5


# --- arguments: rejected values ---------------------------------------------------------


@dataclasses.dataclass
class SomeDataclass:
    value: int = 1


class CustomClass:
    pass


def test_nan_in_an_array_names_the_exact_path() -> None:
    error = arguments_error({"items": [1, 2, math.nan]})
    assert str(error) == "assistant_message: content[1].arguments.items[2] must be a finite number"
    assert error.code == "INVALID_TOOL_ARGUMENTS"
    assert error.path == ("content", 1, "arguments", "items", 2)
    assert error.function == "assistant_message"
    assert error.reason == "must be a finite number"


@pytest.mark.parametrize("number", [math.inf, -math.inf, math.nan, MyFloat("nan")])
def test_non_finite_numbers_are_rejected(number: float) -> None:
    error = arguments_error({"x": number})
    assert str(error) == "assistant_message: content[1].arguments.x must be a finite number"
    assert error.code == "INVALID_TOOL_ARGUMENTS"


@pytest.mark.parametrize(
    ("value", "type_name"),
    [
        (b"bytes", "bytes"),
        (bytearray(b"x"), "bytearray"),
        ({1, 2}, "set"),
        (frozenset(), "frozenset"),
        (SomeDataclass(), "SomeDataclass"),
        (Decimal("1.5"), "Decimal"),
        (datetime(2024, 1, 1, tzinfo=UTC), "datetime"),
        (CustomClass(), "CustomClass"),
        (1 + 2j, "complex"),
    ],
)
def test_non_json_types_are_rejected_naming_the_type(value: object, type_name: str) -> None:
    error = arguments_error({"outer": {"x": value}})
    assert str(error) == (
        f"assistant_message: content[1].arguments.outer.x must be a JSON value, not {type_name}"
    )
    assert error.code == "INVALID_TOOL_ARGUMENTS"
    assert error.path == ("content", 1, "arguments", "outer", "x")


def test_non_str_key_is_rejected() -> None:
    error = arguments_error({"outer": {1: "one"}})
    assert str(error) == (
        "assistant_message: content[1].arguments.outer has a key that is not a string: 1"
    )
    assert error.code == "INVALID_TOOL_ARGUMENTS"
    assert error.path == ("content", 1, "arguments", "outer")


def test_non_str_key_at_the_arguments_root_is_rejected() -> None:
    error = arguments_error({None: 1})
    assert error.path == ("content", 1, "arguments")
    assert error.code == "INVALID_TOOL_ARGUMENTS"


@pytest.mark.parametrize("arguments", [None, [1, 2], "text", 3, ("a", "b")])
def test_arguments_must_be_a_mapping(arguments: object) -> None:
    error = arguments_error(arguments)
    assert error.path == ("content", 1, "arguments")
    assert error.code == "INVALID_TOOL_ARGUMENTS"
    assert str(error).startswith(
        "assistant_message: content[1].arguments must be a JSON object (a mapping), not "
    )


def test_circular_list_is_a_clean_error() -> None:
    loop: list[Any] = []
    loop.append(loop)
    error = arguments_error({"a": loop})
    assert str(error) == "assistant_message: content[1].arguments.a[0] is a circular reference"
    assert error.code == "INVALID_TOOL_ARGUMENTS"


def test_self_referencing_dict_is_a_clean_error() -> None:
    arguments: dict[str, Any] = {"name": "x"}
    arguments["self"] = arguments
    error = arguments_error(arguments)
    assert str(error) == "assistant_message: content[1].arguments.self is a circular reference"
    assert error.path == ("content", 1, "arguments", "self")
    assert error.code == "INVALID_TOOL_ARGUMENTS"


def test_shared_but_acyclic_values_are_not_circular() -> None:
    shared = [1, 2]
    arguments = call_with_arguments({"a": shared, "b": shared, "c": [shared, shared]})
    assert arguments.content[1].arguments == {"a": [1, 2], "b": [1, 2], "c": [[1, 2], [1, 2]]}


def test_hundred_thousand_deep_list_is_a_clean_error_not_recursion_error() -> None:
    root: list[Any] = []
    current = root
    for _ in range(100_000):
        child: list[Any] = []
        current.append(child)
        current = child
    # a RecursionError is not an InvalidMessageError, so it would fail this test
    with pytest.raises(InvalidMessageError) as caught:
        call_with_arguments({"x": root})
    assert caught.value.code == "INVALID_TOOL_ARGUMENTS"
    assert caught.value.reason == f"is nested deeper than {agent_ir.MAX_DEPTH} levels"
    assert caught.value.path[:4] == ("content", 1, "arguments", "x")


def test_hundred_thousand_deep_dict_is_a_clean_error() -> None:
    root: dict[str, Any] = {}
    current = root
    for _ in range(100_000):
        child: dict[str, Any] = {}
        current["k"] = child
        current = child
    with pytest.raises(InvalidMessageError) as caught:
        call_with_arguments(root)
    assert caught.value.reason == f"is nested deeper than {agent_ir.MAX_DEPTH} levels"


def nested_arguments(levels: int) -> dict[str, Any]:
    """An arguments object ``levels`` containers deep, counting the arguments object."""
    value: Any = "leaf"
    for _ in range(levels - 1):
        value = [value]
    return {"x": value}


def test_arguments_exactly_max_depth_deep_are_accepted() -> None:
    message = call_with_arguments(nested_arguments(agent_ir.MAX_DEPTH))
    value: Any = message.content[1].arguments["x"]
    for _ in range(agent_ir.MAX_DEPTH - 1):
        assert type(value) is tuple
        (value,) = value
    assert value == "leaf"


def test_arguments_one_level_deeper_than_max_depth_are_rejected() -> None:
    error = arguments_error(nested_arguments(agent_ir.MAX_DEPTH + 1))
    assert error.reason == f"is nested deeper than {agent_ir.MAX_DEPTH} levels"
    assert error.path == ("content", 1, "arguments", "x", *[0] * (agent_ir.MAX_DEPTH - 1))
    assert error.code == "INVALID_TOOL_ARGUMENTS"


def test_lone_surrogate_in_a_value_is_rejected() -> None:
    error = arguments_error({"text": "ok \ud800 broken"})
    assert str(error) == (
        "assistant_message: content[1].arguments.text holds a lone surrogate (not valid Unicode)"
    )
    assert error.code == "INVALID_TOOL_ARGUMENTS"


def test_lone_surrogate_in_a_key_is_rejected() -> None:
    error = arguments_error({"bad\udfff": 1})
    assert error.path == ("content", 1, "arguments", "bad\udfff")
    assert error.code == "INVALID_TOOL_ARGUMENTS"
    assert error.reason == "holds a lone surrogate (not valid Unicode)"
    # the message itself stays printable and encodable
    assert str(error) == (
        'assistant_message: content[1].arguments["bad\\udfff"] holds a lone surrogate '
        "(not valid Unicode)"
    )
    str(error).encode("utf-8")


def test_lone_surrogate_outside_arguments_is_rejected() -> None:
    with pytest.raises(InvalidMessageError) as caught:
        user_message(id="message-user-1", content="half \ud83d emoji")
    assert caught.value.path == ("content",)
    with pytest.raises(InvalidMessageError):
        assistant_message(id="message-assistant-1", content=[{"type": "text", "text": "\udc00"}])


def test_argument_error_path_counts_the_block_index() -> None:
    content = [
        {"type": "toolCall", "id": "call-1", "name": "read", "arguments": {}},
        {"type": "text", "text": "x"},
        {"type": "toolCall", "id": "call-2", "name": "read", "arguments": {"a": {"b": [0, b""]}}},
    ]
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(id="message-assistant-1", content=content)
    assert str(caught.value) == (
        "assistant_message: content[2].arguments.a.b[1] must be a JSON value, not bytes"
    )


def test_hostile_mapping_in_arguments_is_contained_and_reported() -> None:
    class Hostile(Mapping[str, Any]):
        def __getitem__(self, key: str) -> Any:
            raise RuntimeError("boom")

        def __iter__(self) -> Iterator[str]:
            return iter(["k"])

        def __len__(self) -> int:
            return 1

    error = arguments_error({"h": Hostile()})
    assert str(error) == (
        "assistant_message: content[1].arguments.h.k could not be read (RuntimeError: boom)"
    )
    assert error.code == "INVALID_TOOL_ARGUMENTS"


def test_keyboard_interrupt_from_a_hostile_mapping_propagates() -> None:
    class Interrupting(Mapping[str, Any]):
        def __getitem__(self, key: str) -> Any:
            raise KeyboardInterrupt

        def __iter__(self) -> Iterator[str]:
            return iter(["k"])

        def __len__(self) -> int:
            return 1

    with pytest.raises(KeyboardInterrupt):
        call_with_arguments({"h": Interrupting()})
    with pytest.raises(KeyboardInterrupt):
        assistant_message(id="message-assistant-1", content=[Interrupting()])


# --- InvalidMessageError ----------------------------------------------------------------


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


# --- other checks -----------------------------------------------------------------------


@pytest.mark.parametrize("blank", ["", " ", "\t\n ", "\u3000"])
def test_blank_message_ids_are_rejected(blank: str) -> None:
    for build, function in [
        (lambda: user_message(id=blank, content="x"), "user_message"),
        (lambda: system_message(id=blank, content="x"), "system_message"),
        (lambda: assistant_message(id=blank, content=[]), "assistant_message"),
        (
            lambda: tool_result_message(
                id=blank, tool_call_id="call-1", tool_name="read", content="x"
            ),
            "tool_result_message",
        ),
    ]:
        with pytest.raises(InvalidMessageError) as caught:
            build()
        assert str(caught.value) == (
            f"{function}: id must be a string containing at least one non-whitespace character"
        )
        assert caught.value.path == ("id",)


@pytest.mark.parametrize("blank", ["", "  "])
def test_blank_tool_call_id_and_tool_name_of_a_result_are_rejected(blank: str) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        tool_result_message(id="message-tool-1", tool_call_id=blank, tool_name="read", content="x")
    assert str(caught.value) == (
        "tool_result_message: tool_call_id must be a string containing at least one "
        "non-whitespace character"
    )
    assert caught.value.path == ("tool_call_id",)
    with pytest.raises(InvalidMessageError) as caught:
        tool_result_message(
            id="message-tool-1", tool_call_id="call-1", tool_name=blank, content="x"
        )
    assert caught.value.path == ("tool_name",)
    assert str(caught.value).startswith("tool_result_message: tool_name must be")


@pytest.mark.parametrize("blank", ["", " \n"])
def test_blank_tool_call_block_id_and_name_are_rejected(blank: str) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(
            id="message-assistant-1",
            content=[{"type": "toolCall", "id": blank, "name": "read", "arguments": {}}],
        )
    assert caught.value.path == ("content", 0, "id")
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(
            id="message-assistant-1",
            content=[{"type": "toolCall", "id": "call-1", "name": blank, "arguments": {}}],
        )
    assert caught.value.path == ("content", 0, "name")


@pytest.mark.parametrize("value", [1, 0, "true", None])
def test_is_error_must_be_a_real_bool(value: object) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        tool_result_message(
            id="message-tool-1",
            tool_call_id="call-1",
            tool_name="read",
            content="x",
            is_error=value,  # type: ignore[arg-type]
        )
    assert caught.value.path == ("is_error",)


def test_is_error_true_is_kept() -> None:
    result = tool_result_message(
        id="message-tool-1", tool_call_id="call-1", tool_name="read", content="x", is_error=True
    )
    assert result.is_error is True


def test_is_error_int_one_gives_exact_message() -> None:
    with pytest.raises(InvalidMessageError) as caught:
        tool_result_message(
            id="message-tool-1", tool_call_id="call-1", tool_name="read", content="x", is_error=1
        )  # type: ignore[arg-type]
    assert str(caught.value) == "tool_result_message: is_error must be a boolean, not integer"


def image(media_type: str, data: str = PNG_BASE64) -> dict[str, Any]:
    return {"type": "image", "source": {"type": "base64", "mediaType": media_type, "data": data}}


def audio(media_type: str, data: str = "AAAA") -> dict[str, Any]:
    return {"type": "audio", "source": {"type": "base64", "mediaType": media_type, "data": data}}


@pytest.mark.parametrize("media_type", ["audio/wav", "application/pdf", "text/plain"])
def test_inline_image_media_type_must_be_image(media_type: str) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        user_message(id="message-user-1", content=[image(media_type)])
    assert str(caught.value) == (
        "user_message: content[0].source.mediaType must be an image/* media type"
    )
    assert caught.value.path == ("content", 0, "source", "mediaType")
    with pytest.raises(InvalidMessageError):
        tool_result_message(
            id="message-tool-1",
            tool_call_id="call-1",
            tool_name="read",
            content=[image(media_type)],
        )


@pytest.mark.parametrize("media_type", ["image/png", "video/mp4", "application/ogg"])
def test_inline_audio_media_type_must_be_audio(media_type: str) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        user_message(id="message-user-1", content=[audio(media_type)])
    assert str(caught.value) == (
        "user_message: content[0].source.mediaType must be an audio/* media type"
    )


def test_image_and_audio_with_matching_media_types_are_accepted() -> None:
    message = user_message(id="message-user-1", content=[image("image/jpeg"), audio("audio/mpeg")])
    assert message.content[0].source.media_type == "image/jpeg"
    assert message.content[1].source.media_type == "audio/mpeg"


def test_audio_by_url_is_rejected() -> None:
    with pytest.raises(InvalidMessageError) as caught:
        user_message(
            id="message-user-1",
            content=[{"type": "audio", "source": {"type": "url", "url": "https://x/a.wav"}}],
        )
    assert caught.value.path == ("content", 0, "source", "type")


@pytest.mark.parametrize("data", ["not base64!", "AAA", "", "AAAA\n", "A===", "AA=A"])
def test_invalid_base64_is_rejected(data: str) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        user_message(id="message-user-1", content=[image("image/png", data)])
    assert caught.value.path == ("content", 0, "source", "data")
    with pytest.raises(InvalidMessageError):
        user_message(
            id="message-user-1",
            content=[
                {
                    "type": "document",
                    "source": {"type": "base64", "mediaType": "application/pdf", "data": data},
                }
            ],
        )


def test_timestamp_aware_datetime_is_stored_as_rfc3339_text() -> None:
    moment = datetime(2024, 3, 5, 6, 7, 8, 123456, tzinfo=timezone(timedelta(hours=5, minutes=30)))
    message = user_message(id="message-user-1", content="x", timestamp=moment)
    assert message.timestamp == moment.isoformat()
    assert message.timestamp == "2024-03-05T06:07:08.123456+05:30"
    utc = system_message(
        id="message-system-1", content="x", timestamp=datetime(2024, 1, 1, tzinfo=UTC)
    )
    assert utc.timestamp == "2024-01-01T00:00:00+00:00"


def test_naive_datetime_is_rejected() -> None:
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(id="message-assistant-1", content=[], timestamp=datetime(2024, 1, 1))
    assert str(caught.value) == (
        "assistant_message: timestamp must be timezone-aware (a naive datetime has no offset)"
    )
    assert caught.value.path == ("timestamp",)


@pytest.mark.parametrize(
    "text",
    [
        "2024-01-01T00:00:00Z",
        "2024-02-29T23:59:59.5+01:00",
        "2024-12-31t00:00:00z",
        "2016-12-31T23:59:60Z",
    ],
)
def test_rfc3339_timestamp_strings_are_accepted(text: str) -> None:
    message = tool_result_message(
        id="message-tool-1", tool_call_id="call-1", tool_name="read", content="x", timestamp=text
    )
    assert message.timestamp == text


@pytest.mark.parametrize(
    "text",
    [
        "2024-02-30T00:00:00Z",
        "2023-02-29T00:00:00Z",
        "2024-01-01T00:00:00",
        "2024-01-01 00:00:00Z",
        "yesterday",
        "",
    ],
)
def test_invalid_timestamp_strings_are_rejected(text: str) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        user_message(id="message-user-1", content="x", timestamp=text)
    assert caught.value.path == ("timestamp",)


def test_february_thirtieth_gives_a_calendar_error() -> None:
    with pytest.raises(InvalidMessageError) as caught:
        user_message(id="message-user-1", content="x", timestamp="2024-02-30T00:00:00Z")
    assert str(caught.value) == "user_message: timestamp is not a real calendar date-time"


@pytest.mark.parametrize(
    "usage",
    [
        {"inputTokens": True, "outputTokens": 1},
        {"inputTokens": 1, "outputTokens": False},
        {"inputTokens": -1, "outputTokens": 1},
        {"inputTokens": 1, "outputTokens": "2"},
        {"inputTokens": 1},
    ],
)
def test_usage_counts_must_be_non_negative_ints(usage: dict[str, Any]) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(id="message-assistant-1", content=[], usage=usage)
    assert caught.value.path[0] == "usage"


def test_usage_bool_count_gives_exact_message() -> None:
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(
            id="message-assistant-1", content=[], usage={"inputTokens": True, "outputTokens": 1}
        )
    assert (
        str(caught.value) == "assistant_message: usage.inputTokens must be an integer, not boolean"
    )


def test_usage_float_count_is_rejected_naming_its_path() -> None:
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(
            id="message-assistant-1", content=[], usage={"inputTokens": 1.0, "outputTokens": 1}
        )
    assert caught.value.path == ("usage", "inputTokens")


def test_usage_zero_and_usage_object_are_accepted() -> None:
    message = assistant_message(
        id="message-assistant-1", content=[], usage={"inputTokens": 0, "outputTokens": 0}
    )
    assert message.usage == Usage(input_tokens=0, output_tokens=0)
    again = assistant_message(
        id="message-assistant-1", content=[], usage=Usage(input_tokens=0, output_tokens=0)
    )
    assert again == message


@pytest.mark.parametrize("reason", ["done", "STOP", "tool_call", ""])
def test_stop_reason_outside_the_enum_is_rejected(reason: str) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(id="message-assistant-1", content=[], stop_reason=reason)
    assert caught.value.path == ("stop_reason",)


@pytest.mark.parametrize("reason", ["stop", "length", "toolCall", "error", "aborted"])
def test_every_stop_reason_of_the_enum_is_accepted(reason: str) -> None:
    message = assistant_message(
        id="message-assistant-1", content=[], stop_reason=reason, provider="openai", model="m"
    )
    assert message.stop_reason == reason
    assert (message.provider, message.model) == ("openai", "m")


@pytest.mark.parametrize("content", [[], ()])
def test_assistant_content_may_be_empty(content: Any) -> None:
    message = assistant_message(id="message-assistant-1", content=content)
    assert message.content == ()
    assert text_from_assistant(message) == ""


def test_constructors_do_not_check_linkage() -> None:
    message = assistant_message(
        id="message-assistant-1",
        content=[
            {"type": "toolCall", "id": "call-dup", "name": "read", "arguments": {}},
            {"type": "toolCall", "id": "call-dup", "name": "write", "arguments": {}},
        ],
    )
    assert [block.id for block in message.content] == ["call-dup", "call-dup"]
    orphan = tool_result_message(
        id="message-tool-1", tool_call_id="call-never-made", tool_name="read", content="x"
    )
    assert orphan.tool_call_id == "call-never-made"


def test_unknown_block_type_and_unknown_field_are_rejected() -> None:
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(id="message-assistant-1", content=[{"type": "image", "source": {}}])
    assert caught.value.path[:2] == ("content", 0)
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(
            id="message-assistant-1", content=[{"type": "text", "text": "x", "extra": 1}]
        )
    assert caught.value.path == ("content", 0, "extra")


# --- deep freeze ----------------------------------------------------------------------


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


# --- values: equality, hashing, repr, str -----------------------------------------------


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


def test_str_of_user_blocks_uses_only_text_and_never_thinking() -> None:
    user = user_message(
        id="message-user-1", content=[{"type": "text", "text": "see"}, image("image/png")]
    )
    assert str(user) == "Message(user): see"
    thinking = assistant_message(
        id="message-assistant-1",
        content=[{"type": "thinking", "thinking": "hidden"}, {"type": "text", "text": "shown"}],
    )
    assert str(thinking) == "Message(assistant): shown"


# --- JSON encoding ----------------------------------------------------------------------


def full_transcript() -> list[Any]:
    return [
        system_message(
            id="message-system-1",
            content="Be brief.",
            timestamp=datetime(2024, 1, 1, tzinfo=UTC),
        ),
        *readme_transcript(),
        user_message(
            id="message-user-2",
            content=[
                {"type": "text", "text": "and this"},
                image("image/png"),
                audio("audio/wav"),
                {"type": "document", "source": {"type": "url", "url": "https://x/d.pdf"}},
            ],
        ),
        assistant_message(
            id="message-assistant-2",
            content=[
                {"type": "thinking", "thinking": "hm", "signature": "sig"},
                {
                    "type": "toolCall",
                    "id": "call-2",
                    "name": "grep",
                    "arguments": {"pattern": "a", "paths": ["x", "y"], "opts": {"n": 1.5}},
                },
            ],
            usage={"inputTokens": 10, "outputTokens": 3},
            stop_reason="toolCall",
            provider="openai",
            model="gpt",
        ),
        tool_result_message(
            id="message-tool-2",
            tool_call_id="call-2",
            tool_name="grep",
            content=[{"type": "text", "text": "found"}, image("image/gif")],
            is_error=True,
        ),
    ]


def test_to_json_value_of_a_message_is_exact_plain_builtins() -> None:
    assert to_json_value(readme_transcript()[1]) == {
        "role": "assistant",
        "id": "message-assistant-001",
        "content": [
            {"type": "text", "text": "I will inspect it. "},
            {
                "type": "toolCall",
                "id": "call-read-001",
                "name": "read",
                "arguments": {"path": "package.json"},
            },
            {"type": "text", "text": "Then I will summarize it."},
        ],
    }
    assert to_json_value(readme_transcript()[2]) == {
        "role": "toolResult",
        "id": "message-tool-001",
        "toolCallId": "call-read-001",
        "toolName": "read",
        "content": '{"name":"pify-docs"}',
        "isError": False,
    }


def assert_plain_builtins(value: Any, path: str = "$") -> None:
    kind = type(value)
    assert kind in (dict, list, str, int, float, bool, type(None)), f"{path}: {kind.__name__}"
    if kind is dict:
        for key, item in value.items():
            assert type(key) is str, path
            assert_plain_builtins(item, f"{path}.{key}")
    elif kind is list:
        for index, item in enumerate(value):
            assert_plain_builtins(item, f"{path}[{index}]")


def test_to_json_value_contains_only_dicts_lists_and_scalars() -> None:
    value = to_json_value(full_transcript())
    assert type(value) is list
    assert_plain_builtins(value)


def test_to_json_value_uses_camel_case_names_of_the_schema() -> None:
    value = to_json_value(full_transcript())
    assert value[5]["usage"] == {"inputTokens": 10, "outputTokens": 3}
    assert value[5]["stopReason"] == "toolCall"
    assert value[4]["content"][1]["source"] == {
        "type": "base64",
        "mediaType": "image/png",
        "data": PNG_BASE64,
    }
    assert value[6]["isError"] is True
    assert value[0]["timestamp"] == "2024-01-01T00:00:00+00:00"


def test_to_json_value_of_a_block() -> None:
    assert to_json_value(TextBlock(text="hi")) == {"type": "text", "text": "hi"}
    call = readme_transcript()[1].content[1]
    assert to_json_value(call) == {
        "type": "toolCall",
        "id": "call-read-001",
        "name": "read",
        "arguments": {"path": "package.json"},
    }


def test_to_json_value_is_fresh_and_mutating_it_changes_nothing() -> None:
    message = full_transcript()[5]
    first = to_json_value(message)
    second = to_json_value(message)
    assert first == second
    assert first is not second
    assert first["content"] is not second["content"]
    assert first["content"][1] is not second["content"][1]
    assert first["content"][1]["arguments"] is not second["content"][1]["arguments"]
    assert (
        first["content"][1]["arguments"]["paths"] is not second["content"][1]["arguments"]["paths"]
    )

    first["id"] = "changed"
    first["content"][1]["arguments"]["pattern"] = "changed"
    first["content"][1]["arguments"]["paths"].append("z")
    first["content"][1]["arguments"]["opts"]["n"] = 0
    first["usage"]["inputTokens"] = 99
    assert to_json_value(message) == second
    assert message.content[1].arguments == {"pattern": "a", "paths": ["x", "y"], "opts": {"n": 1.5}}


def test_to_json_value_validates_against_the_message_schema() -> None:
    schema = agent_ir.schemas.load("message")
    validator = jsonschema.Draft202012Validator(schema, registry=agent_ir.schemas.registry())
    for message in full_transcript():
        errors = [error.message for error in validator.iter_errors(to_json_value(message))]
        assert errors == [], (message.role, errors)


def test_dumps_round_trip_keeps_roles_block_types_ids_and_arguments() -> None:
    transcript = full_transcript()
    encoded = dumps(transcript)
    assert isinstance(encoded, bytes)
    decoded = json.loads(encoded.decode("utf-8"))
    assert [entry["role"] for entry in decoded] == [m.role for m in transcript]
    assert [entry["id"] for entry in decoded] == [m.id for m in transcript]
    assert [
        [block["type"] for block in entry["content"]]
        for entry in decoded
        if isinstance(entry["content"], list)
    ] == [[block.type for block in m.content] for m in transcript if not isinstance(m.content, str)]
    assert decoded[2]["content"][1]["arguments"] == {"path": "package.json"}
    assert decoded[5]["content"][1] == {
        "type": "toolCall",
        "id": "call-2",
        "name": "grep",
        "arguments": {"pattern": "a", "paths": ["x", "y"], "opts": {"n": 1.5}},
    }
    assert decoded[6]["toolCallId"] == "call-2"


def test_dumps_decodes_to_exactly_to_json_value() -> None:
    transcript = full_transcript()
    assert json.loads(dumps(transcript)) == to_json_value(transcript)


def test_dumps_is_utf8_json() -> None:
    message = user_message(id="message-user-1", content="héllo 😀")
    encoded = dumps(message)
    assert json.loads(encoded.decode("utf-8"))["content"] == "héllo 😀"


def test_json_object_pickles_and_round_trips() -> None:
    arguments = full_transcript()[5].content[1].arguments
    restored = pickle.loads(pickle.dumps(arguments))
    assert type(restored) is JsonObject
    assert restored == arguments
    assert hash(restored) == hash(arguments)
    assert restored["opts"] == {"n": 1.5}
    assert restored["paths"] == ("x", "y")


def test_messages_pickle_and_round_trip() -> None:
    for message in full_transcript():
        assert pickle.loads(pickle.dumps(message)) == message
