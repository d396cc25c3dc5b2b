"""A Chat text part's ``cache_control`` (OpenRouter's extension, as Anthropic's) is read
into the block's ``cacheControl``: one declaration line in
``schemas/v1/wire/openai-chat.schema.json`` and its mapping. Before, it was passed over
with a warning (28 recorded OpenRouter requests lost their breakpoints), so a history
moved to Anthropic lost its prompt caching."""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir import retarget, to_json_value
from agent_ir.wire import from_openai_chat, to_openai_chat

EPHEMERAL = {"type": "ephemeral"}
HOUR = {"type": "ephemeral", "ttl": "1h"}


def _text(text: str, cache: Any = None) -> dict[str, Any]:
    part: dict[str, Any] = {"type": "text", "text": text}
    if cache is not None:
        part["cache_control"] = cache
    return part


REQUEST: list[Any] = [
    {"role": "system", "content": [_text("a", EPHEMERAL), _text("b", HOUR)]},
    {"role": "user", "content": [_text("q", {"type": "ephemeral", "ttl": "5m"}), _text("r")]},
    {
        "role": "assistant",
        "content": [_text("x", EPHEMERAL)],
        "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
        ],
    },
    {"role": "tool", "tool_call_id": "c1", "content": [_text("out", HOUR)]},
]

READ: list[Any] = [
    {"role": "system", "content": "ab", "cacheControl": HOUR},
    {
        "role": "user",
        "content": [
            {"type": "text", "text": "q", "cacheControl": {"type": "ephemeral", "ttl": "5m"}},
            {"type": "text", "text": "r"},
        ],
    },
    {
        "role": "assistant",
        "content": [
            {"type": "text", "text": "x", "cacheControl": EPHEMERAL},
            {"type": "toolCall", "id": "c1", "name": "f", "arguments": {}},
        ],
    },
    {
        "role": "toolResult",
        "toolCallId": "c1",
        "toolName": "f",
        "content": [{"type": "text", "text": "out", "cacheControl": HOUR}],
        "isError": False,
    },
]

JOINED = ("PART_NOT_READ", "/messages/0/content/0/cache_control")


def _without_ids(messages: Any) -> list[Any]:
    return [{k: v for k, v in to_json_value(m).items() if k != "id"} for m in messages]


@pytest.mark.parametrize("checked", [False, True], ids=["at once", "checked"])
def test_breakpoints_are_read_into_the_blocks(checked: bool) -> None:
    request = [dict(message) for message in REQUEST]
    if checked:  # an undeclared key makes the reader take the checked read
        request[1] = {**request[1], "x_unknown": 1}
    read = from_openai_chat(request)
    assert _without_ids(read) == READ
    expected = [JOINED]
    if checked:
        expected.append(("PART_NOT_READ", "/messages/1/x_unknown"))
    assert sorted((w.code, w.path) for w in read.warnings) == sorted(expected)


@pytest.mark.parametrize(
    "value",
    [
        {"type": "persistent"},
        {"type": "ephemeral", "ttl": "2h"},
        {"type": "ephemeral", "ttl": 5},
        {"type": "ephemeral", "scope": "global"},
        "ephemeral",
        [EPHEMERAL],
        {"type": "ephemeral", "ttl": {"deep": [[[[{}]]]]}},
    ],
)
def test_another_shape_is_warned_and_the_text_kept(value: Any) -> None:
    read = from_openai_chat([{"role": "user", "content": [_text("q", value)]}])
    assert _without_ids(read) == [{"role": "user", "content": [{"type": "text", "text": "q"}]}]
    ((code, path, message),) = [(w.code, w.path, w.message) for w in read.warnings]
    assert (code, path) == ("PART_NOT_READ", "/messages/0/content/0/cache_control")
    assert message.startswith("a cache_control of another shape (")


def test_null_is_none() -> None:
    read = from_openai_chat([{"role": "user", "content": [_text("q") | {"cache_control": None}]}])
    assert _without_ids(read) == [{"role": "user", "content": [{"type": "text", "text": "q"}]}]
    assert read.warnings == ()


def test_a_value_that_is_not_json_is_refused_as_before() -> None:
    class Key(str):
        pass

    from agent_ir.wire import WireFormatError

    with pytest.raises(WireFormatError):
        from_openai_chat([{"role": "user", "content": [_text("q", {Key("type"): 1.5j})]}])


def test_a_history_moved_to_anthropic_keeps_its_breakpoints() -> None:
    moved = retarget(from_openai_chat(REQUEST), "anthropic")
    fields = moved.request.fields
    assert fields["system"] == [{"type": "text", "text": "ab", "cache_control": HOUR}]
    user = fields["messages"][0]["content"]
    assert user[0]["cache_control"] == {"type": "ephemeral", "ttl": "5m"}


def test_openai_chat_itself_still_sends_none_and_says_so() -> None:
    sent = to_openai_chat(from_openai_chat(REQUEST))
    assert "cache_control" not in repr(sent.fields)
    assert {w.code for w in sent.warnings} == {"CACHE_CONTROL_NOT_SENT"}
