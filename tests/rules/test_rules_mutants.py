"""``check_wire_rules``' EMPTY_CONTENT diagnostics read in full: code, message index,
path and message, for each kind of empty content the rule names (these pin what
``mutation/run.py``'s ``rules`` group changes)."""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir import TextBlock, assistant_message, user_message
from agent_ir.rules import check_wire_rules


def read(diagnostics: Any) -> list[tuple[str, int, str, str]]:
    return [(d.code.value, d.message_index, d.path, d.message) for d in diagnostics]


@pytest.mark.parametrize("content", ["", ()])
def test_empty_user_content_is_empty_content_with_its_message(content: Any) -> None:
    found = check_wire_rules([user_message(id="u", content=content)], "anthropic")
    assert read(found) == [
        ("EMPTY_CONTENT", 0, "/0/content", "content must not be empty for anthropic")
    ]


def test_empty_assistant_content_is_empty_content_with_its_message() -> None:
    transcript = [user_message(id="u", content="hi"), assistant_message(id="a", content=())]
    assert read(check_wire_rules(transcript, "anthropic")) == [
        ("EMPTY_CONTENT", 1, "/1/content", "content must not be empty for anthropic")
    ]


def test_whitespace_content_and_blocks_have_their_own_messages() -> None:
    transcript = [
        user_message(id="u", content=" \n"),
        assistant_message(id="a", content=(TextBlock(text="ok"), TextBlock(text=""))),
        assistant_message(id="b", content=(TextBlock(text="\t"), TextBlock(text=" "))),
    ]
    assert read(check_wire_rules(transcript, "anthropic")) == [
        ("EMPTY_CONTENT", 0, "/0/content", "content must not be only whitespace for anthropic"),
        (
            "EMPTY_CONTENT",
            1,
            "/1/content/1/text",
            "content[1].text must not be empty for anthropic",
        ),
        (
            "EMPTY_CONTENT",
            2,
            "/2/content/0/text",
            "content[0].text must not be only whitespace when nothing else in the message is "
            "content for anthropic",
        ),
        (
            "EMPTY_CONTENT",
            2,
            "/2/content/1/text",
            "content[1].text must not be only whitespace when nothing else in the message is "
            "content for anthropic",
        ),
    ]


def test_whitespace_beside_other_content_is_taken() -> None:
    transcript = [
        user_message(id="u", content="hi"),
        assistant_message(id="a", content=(TextBlock(text="ok"), TextBlock(text="\t"))),
    ]
    assert check_wire_rules(transcript, "anthropic") == ()


@pytest.mark.parametrize("provider", ["openai-chat", "openai-responses"])
def test_other_providers_take_empty_content(provider: Any) -> None:
    transcript = [user_message(id="u", content=""), assistant_message(id="a", content=())]
    assert check_wire_rules(transcript, provider) == ()
