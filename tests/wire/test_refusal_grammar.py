"""Every ``WireFormatError`` reads ``<function>: <JSON Pointer> <reason>`` (issue 35): the
place in the pointer form of every other location agent-ir gives (RFC 6901 escaped, a
lone surrogate written as ``\\udXXX``, the input as a whole ``/``), the reason in the
decode step's grammar ``must be <expected>; it is <what it is>``."""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir.wire import (
    WireFormatError,
    from_anthropic,
    from_gemini,
    from_openai_chat,
    from_openai_responses,
)


def test_the_place_is_an_escaped_json_pointer() -> None:
    error = WireFormatError("from_x", ("messages", 2, "a/b~c", "\udc80"), "must be a string")
    assert str(error) == "from_x: /messages/2/a~1b~0c/\\udc80 must be a string"


def test_the_input_as_a_whole_is_written_as_the_root_pointer() -> None:
    error = WireFormatError("from_x", (), "must be an array; it is null")
    assert str(error) == "from_x: / must be an array; it is null"
    assert error.pointer == ""


HOSTILE: list[tuple[Any, Any, str]] = [
    (
        from_gemini,
        {"contents": [{"role": "user", "parts": [{"text": "hi"}, {"text": 5}]}]},
        "from_gemini: /contents/0/parts/1/text must be a string or null; it is a number (5)",
    ),
    (
        from_openai_chat,
        {"messages": [{"role": "user", "content": 7}]},
        "from_openai_chat: /messages/0/content must be a string or an array; it is a number (7)",
    ),
    (
        from_anthropic,
        {"messages": [{"role": "user", "content": "hi"}], "tools": ["f"]},
        "from_anthropic: /tools/0 must be an object; it is a string ('f')",
    ),
    (
        from_openai_responses,
        {"input": [{"type": "function_call"}], "tools": None},
        "from_openai_responses: /input/0/arguments must be a string; it is missing",
    ),
    (
        from_openai_chat,
        {"messages": "hi"},
        "from_openai_chat: /messages must be an array; it is a string ('hi')",
    ),
]


@pytest.mark.parametrize(("read", "wire", "message"), HOSTILE)
def test_a_refusal_names_its_function_pointer_and_reason(
    read: Any, wire: dict[str, Any], message: str
) -> None:
    first = next(iter(wire))
    with pytest.raises(WireFormatError) as raised:
        read(wire[first], tools=wire.get("tools"))
    error = raised.value
    assert str(error) == message
    assert str(error) == f"{error.function}: {error.pointer} {error.reason}"
