"""Gemini's thoughtSignature across formats: kept byte for byte on the block it came
with through Gemini round trips (a Gemini 3 tool loop), and dropped with a
SIGNATURE_NOT_SENT warning at its path by every other ``to_*``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from agent_ir.wire import (
    ConversionWarningCode,
    WireRequest,
    from_gemini,
    to_anthropic,
    to_gemini,
    to_hf_chat,
    to_openai_chat,
    to_openai_responses,
)

from support.wire_cases import assistant, call, result, text, user

Code = ConversionWarningCode
# Signatures as the API and the SDK write them: standard, URL-safe, unpadded.
SIGNED = [
    user("Weather in Paris and Rome?"),
    assistant(
        {"type": "thinking", "thinking": "two calls", "thoughtSignature": "dGhpbms="},
        {**call("gemini_call_1_1", "weather", {"city": "Paris"}), "thoughtSignature": "Q2FsbA-_"},
        call("gemini_call_1_2", "weather", {"city": "Rome"}),
        id="a1",
    ),
    result("gemini_call_1_1", "weather", "sunny", id="r1"),
    result("gemini_call_1_2", "weather", "rain", id="r2"),
    assistant(
        text("Paris sunny, "),
        {"type": "text", "text": "Rome rain.", "thoughtSignature": "TGFzdA"},
        id="a2",
    ),
]


def signatures(messages: Any) -> list[tuple[int, int, str]]:
    return [
        (index, block_index, block.thought_signature)
        for index, message in enumerate(messages)
        if not isinstance(message.content, str)
        for block_index, block in enumerate(message.content)
        if getattr(block, "thought_signature", None) is not None
    ]


def test_a_gemini3_tool_loop_keeps_every_signature_on_its_part_both_ways() -> None:
    request = to_gemini(SIGNED)
    assert request.warnings == ()
    parts = [content["parts"] for content in request.fields["contents"]]
    assert parts[1][0]["thoughtSignature"] == "dGhpbms="
    assert parts[1][1]["thoughtSignature"] == "Q2FsbA-_"
    assert "thoughtSignature" not in parts[1][2]  # of parallel calls only the first
    assert parts[3][1]["thoughtSignature"] == "TGFzdA"  # the reply's last part
    read = from_gemini(request.fields["contents"])
    assert signatures(read) == [
        (1, 0, "dGhpbms="),
        (1, 1, "Q2FsbA-_"),
        (4, 1, "TGFzdA"),
    ]
    again = to_gemini(list(read))
    assert again.fields == request.fields


WRITERS: list[Callable[..., WireRequest]] = [
    to_anthropic,
    to_openai_chat,
    to_openai_responses,
    to_hf_chat,
]


@pytest.mark.parametrize("write", WRITERS, ids=lambda w: w.__name__)
def test_every_other_format_drops_signatures_with_a_warning_at_their_path(
    write: Callable[..., WireRequest],
) -> None:
    request = write(SIGNED)
    signed = [w for w in request.warnings if w.code == Code.SIGNATURE_NOT_SENT]
    assert [(w.path, w.message_index, w.block_index) for w in signed] == [
        ("/1/content/0/thoughtSignature", 1, 0),
        ("/1/content/1/thoughtSignature", 1, 1),
        ("/4/content/1/thoughtSignature", 4, 1),
    ]
    # after the format's own warnings
    assert request.warnings[-len(signed) :] == tuple(signed)
    assert "Q2FsbA-_" not in repr(request.fields)


@pytest.mark.parametrize("write", WRITERS, ids=lambda w: w.__name__)
def test_a_transcript_without_signatures_gets_no_signature_warning(
    write: Callable[..., WireRequest],
) -> None:
    unsigned = [user("hi"), assistant(text("hello"), call("c", "f")), result("c", "f")]
    assert all(w.code != Code.SIGNATURE_NOT_SENT for w in write(unsigned).warnings)


def test_a_signature_on_a_user_text_block_is_warned_too() -> None:
    message = user([{"type": "text", "text": "x", "thoughtSignature": "c2ln"}])
    request = to_openai_chat([message])
    assert [(w.code, w.path) for w in request.warnings] == [
        (Code.SIGNATURE_NOT_SENT, "/0/content/0/thoughtSignature")
    ]
    assert to_gemini([message]).fields["contents"][0]["parts"] == [
        {"text": "x", "thoughtSignature": "c2ln"}
    ]
