"""Tool-call arguments given to the constructors: which values are accepted, which refused, and with what error."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest

import agent_ir
from agent_ir import (
    InvalidMessageError,
    JsonObject,
    assistant_message,
    to_json_value,
    tool_result_message,
    user_message,
)

from support.builders import arguments_error, call_with_arguments
from support.hostile import MyFloat, MyInt, MyStr, nested_dicts, nested_lists

# --- accepted values --------------------------------------------------------------------


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


# --- rejected values --------------------------------------------------------------------


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
    root = nested_lists(100_000, [])
    # a RecursionError is not an InvalidMessageError, so it would fail this test
    with pytest.raises(InvalidMessageError) as caught:
        call_with_arguments({"x": root})
    assert caught.value.code == "INVALID_TOOL_ARGUMENTS"
    assert caught.value.reason == f"is nested deeper than {agent_ir.MAX_DEPTH} levels"
    assert caught.value.path[:4] == ("content", 1, "arguments", "x")


def test_hundred_thousand_deep_dict_is_a_clean_error() -> None:
    root = nested_dicts(100_000, "k", {})
    with pytest.raises(InvalidMessageError) as caught:
        call_with_arguments(root)
    assert caught.value.reason == f"is nested deeper than {agent_ir.MAX_DEPTH} levels"


def nested_arguments(levels: int) -> dict[str, Any]:
    """An arguments object ``levels`` containers deep, counting the arguments object."""
    return {"x": nested_lists(levels - 1)}


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
