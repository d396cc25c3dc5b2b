"""Tool-call arguments may nest ``MAX_DEPTH`` levels in the IR; Anthropic carries them
as a JSON object (``tool_use.input``) 4 levels down a request and 2 down a reply, so
the request and reply readers bound the nesting from the input, not from the root:
what ``to_anthropic`` writes reads back, and one level more is refused as before."""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir import MAX_DEPTH, ProviderError
from agent_ir.wire import WireFormatError, from_anthropic, reply_from_anthropic, to_anthropic


def nested(levels: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(levels - 1):
        value = {"k": value}
    return value


def transcript(arguments: dict[str, Any]) -> list[Any]:
    call = {"type": "toolCall", "id": "c", "name": "f", "arguments": arguments}
    result = {
        "role": "toolResult",
        "id": "r",
        "toolCallId": "c",
        "toolName": "f",
        "content": "x",
        "isError": False,
    }
    return [
        {"role": "user", "id": "u", "content": "x"},
        {"role": "assistant", "id": "a", "content": [call]},
        result,
    ]


@pytest.mark.parametrize("checked", [False, True], ids=["fast-path", "checked-path"])
def test_arguments_nested_max_depth_levels_read_back_from_anthropic(checked: bool) -> None:
    request = to_anthropic(transcript(nested(MAX_DEPTH))).fields["messages"]
    if checked:  # a part with no IR form sends the reader down the checked path
        request.append({"role": "user", "content": [{"type": "text", "text": "t", "x": 1}]})
    read = from_anthropic(request)
    assert read[1].tool_calls[0].arguments == nested(MAX_DEPTH)


@pytest.mark.parametrize("checked", [False, True], ids=["fast-path", "checked-path"])
def test_one_level_more_is_refused_with_its_path(checked: bool) -> None:
    block = {"type": "tool_use", "id": "c", "name": "f", "input": nested(MAX_DEPTH + 1)}
    request: list[Any] = [
        {"role": "user", "content": "x"},
        {"role": "assistant", "content": [block]},
    ]
    if checked:
        request.append({"role": "user", "content": [{"type": "text", "text": "t", "x": 1}]})
    with pytest.raises(WireFormatError) as caught:
        from_anthropic(request)
    assert caught.value.pointer.startswith("/messages/1/content/0/input/k/k")
    assert "nested deeper than 64 levels" in str(caught.value)


def reply(levels: int) -> dict[str, Any]:
    block = {"type": "tool_use", "id": "c", "name": "f", "input": nested(levels)}
    return {
        "id": "m",
        "type": "message",
        "role": "assistant",
        "content": [block],
        "stop_reason": "tool_use",
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }


def test_a_reply_whose_tool_input_nests_max_depth_levels_is_read() -> None:
    response = reply_from_anthropic(reply(MAX_DEPTH), request_id="q")
    assert response.message.tool_calls[0].arguments == nested(MAX_DEPTH)
    with pytest.raises(ProviderError, match="nested deeper than 64 levels"):
        reply_from_anthropic(reply(MAX_DEPTH + 1), request_id="q")
