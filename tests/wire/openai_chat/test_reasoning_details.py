"""OpenRouter's ``reasoning_details`` (a structured copy of ``reasoning`` with the
provider's signatures and encrypted reasoning): read into thinking blocks by the reply,
the stream and ``from_openai_chat``, each signed detail's reference in the block's
signature, and sent back by ``to_openai_chat`` as it came. A thinking block whose
signature is no such reference is still not sent (THINKING_NOT_SENT)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agent_ir import to_json_value
from agent_ir.wire import OpenAIChatStream, from_openai_chat, reply_from_openai_chat, to_openai_chat

RECORDING = (
    Path(__file__).resolve().parents[3]
    / "fixtures"
    / "wire"
    / "openai-chat"
    / "openrouter-reasoning-tool-call.sse"
)
SIGNATURE = "EqQBCkgIBhABGAIiQGx0cmFjZWQtc2lnbmF0dXJl"
REFERENCE = (
    '{"type":"reasoning.text","format":"anthropic-claude-v1","signature":"' + SIGNATURE + '"}'
)
TEXT = {"type": "reasoning.text", "text": "Think.", "signature": SIGNATURE,
        "format": "anthropic-claude-v1", "index": 0}  # fmt: skip
ENCRYPTED = {"type": "reasoning.encrypted", "data": "gAAAA", "id": "rs_1",
             "format": "openai-responses-v1", "index": 1}  # fmt: skip


def completion(message: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "gen-1",
        "object": "chat.completion",
        "choices": [{"index": 0, "finish_reason": "stop", "message": message}],
    }


def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {
        "id": "gen-1",
        "object": "chat.completion.chunk",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


def content(message: Any) -> list[Any]:
    return list(to_json_value(message)["content"])


def test_the_recorded_stream_signs_its_thinking_and_to_openai_chat_sends_the_detail_back() -> None:
    response = OpenAIChatStream([RECORDING.read_bytes()], request_id="r").result()
    assert response.warnings == ()
    thinking = content(response.message)[0]
    assert thinking == {
        "type": "thinking",
        "thinking": "The user wants Lyon's weather; I'll call get_weather.",
        "signature": REFERENCE,
        "signatureProvider": "openai-chat",  # OpenRouter's, whoever signed upstream: back to it only
    }
    request = to_openai_chat([response.message])
    assert request.warnings == ()
    [message] = request.fields["messages"]
    assert message["reasoning_details"] == [
        {
            "type": "reasoning.text",
            "text": "The user wants Lyon's weather; I'll call get_weather.",
            "format": "anthropic-claude-v1",
            "signature": SIGNATURE,
            "index": 0,
        }
    ]
    back = from_openai_chat(request.fields["messages"])
    assert back.warnings == ()
    assert content(back[0]) == content(response.message)


def test_a_reply_reads_each_detail_as_a_block_and_not_the_plain_copy_again() -> None:
    summary = {"type": "reasoning.summary", "summary": "In short.", "index": 2}
    message = {
        "role": "assistant",
        "content": "Done.",
        "reasoning": "Think.",  # the plain copy: not read a second time
        "reasoning_details": [TEXT, ENCRYPTED, summary, {"type": "reasoning.weird", "index": 3}],
    }
    response = reply_from_openai_chat(completion(message), request_id="r")
    assert content(response.message) == [
        {
            "type": "thinking",
            "thinking": "Think.",
            "signature": REFERENCE,
            "signatureProvider": "openai-chat",
        },
        {
            "type": "thinking",
            "thinking": "",
            "signature": '{"type":"reasoning.encrypted","id":"rs_1",'
            '"format":"openai-responses-v1","data":"gAAAA"}',
            "signatureProvider": "openai-chat",
            "redacted": True,
        },
        {"type": "thinking", "thinking": "In short."},
        {"type": "text", "text": "Done."},
    ]
    assert [(w.code.value, w.path, w.message) for w in response.warnings] == [
        (
            "PART_NOT_READ",
            "/choices/0/message/reasoning_details/3",
            "/choices/0/message/reasoning_details/3 (a 'reasoning.weird' reasoning detail) "
            "has no IR form",
        )
    ]
    # The signed and the encrypted detail go back as they came; the summary, unsigned,
    # has nothing OpenRouter needs back.
    request = to_openai_chat([response.message])
    assert request.fields["messages"][0]["reasoning_details"] == [
        {**TEXT, "index": 0},
        {**ENCRYPTED, "index": 1},
    ]
    assert [w.code.value for w in request.warnings] == ["THINKING_NOT_SENT"]


def test_stream_pieces_of_two_details_are_two_blocks_and_an_encrypted_one_is_redacted() -> None:
    piece = {"type": "reasoning.text", "format": "f", "index": 0}
    chunks = [
        chunk({"reasoning": "A", "reasoning_details": [{**piece, "text": "A"}]}),
        chunk({"reasoning_details": [{**piece, "text": "B", "id": "d0"}]}),
        chunk({"reasoning_details": [{**piece, "signature": "s0"}]}),
        chunk({"reasoning_details": [{**piece, "index": 1, "text": "C"}]}),
        chunk({"reasoning_details": [{**ENCRYPTED, "index": 2}]}),
        chunk({"content": "Hi."}, "stop"),
    ]
    response = OpenAIChatStream(chunks, request_id="r").result()
    assert response.warnings == ()
    assert content(response.message) == [
        {
            "type": "thinking",
            "thinking": "AB",
            "signature": '{"type":"reasoning.text","id":"d0","format":"f","signature":"s0"}',
            "signatureProvider": "openai-chat",
        },
        {"type": "thinking", "thinking": "C"},
        {
            "type": "thinking",
            "thinking": "",
            "signature": '{"type":"reasoning.encrypted","id":"rs_1",'
            '"format":"openai-responses-v1","data":"gAAAA"}',
            "signatureProvider": "openai-chat",
            "redacted": True,
        },
        {"type": "text", "text": "Hi."},
    ]


def test_a_detail_after_the_finish_is_refused_as_any_reasoning_is() -> None:
    chunks = [
        chunk({"content": "Hi."}, "stop"),
        chunk({"reasoning_details": [{**TEXT, "text": "", "index": 0}]}),
    ]
    with pytest.raises(Exception, match="reasoning_details after finish_reason 'stop'"):
        OpenAIChatStream(chunks, request_id="r").result()


@pytest.mark.parametrize(
    "signature",
    [
        "EqQBCkgIBhABGAIiQGx0cmFjZWQtc2lnbmF0dXJl",  # Anthropic's own: not OpenRouter's
        '{"type":"reasoning.text","signature":"s","extra":"x"}',  # a key no detail has
        '{"type":"reasoning.text","signature":1}',  # not a string
        '{"signature":"s","type":"reasoning.text"}',  # not written by the reader
        '{"type":"reasoning.text","format":"f"}',  # no signature
        '{"type":"reasoning.text", "signature":"s"}',  # spacing: not the reference
        '{"type":"reasoning.encrypted","data":"d"}',  # encrypted but not redacted
        '{"type":"reasoning.text","signature":"s"',  # not JSON
    ],
)
def test_a_thinking_block_not_signed_with_a_reference_is_not_sent(signature: str) -> None:
    message = {
        "role": "assistant",
        "id": "a",
        "content": [
            {"type": "thinking", "thinking": "t", "signature": signature},
            {"type": "text", "text": "x"},
        ],
    }
    request = to_openai_chat([message])
    assert "reasoning_details" not in request.fields["messages"][0]
    assert [(w.code.value, w.block_index) for w in request.warnings] == [("THINKING_NOT_SENT", 0)]


def test_from_openai_chat_warns_about_a_detail_it_cannot_hold_at_its_path() -> None:
    messages = [
        {
            "role": "assistant",
            "content": "x",
            "reasoning_details": [
                {**TEXT, "extra": 1},
                {"type": "reasoning.encrypted", "index": 1},
                {"type": "reasoning.weird"},
            ],
        }
    ]
    read = from_openai_chat(messages)
    assert content(read[0])[0] == {
        "type": "thinking",
        "thinking": "Think.",
        "signature": REFERENCE,
        "signatureProvider": "openai-chat",
    }
    assert [(w.code.value, w.path, w.message) for w in read.warnings] == [
        (
            "PART_NOT_READ",
            "/messages/0/reasoning_details/0/extra",
            "/messages/0/reasoning_details/0/extra has no IR form",
        ),
        (
            "PART_NOT_READ",
            "/messages/0/reasoning_details/1",
            "a 'reasoning.encrypted' reasoning detail has no IR form",
        ),
        (
            "PART_NOT_READ",
            "/messages/0/reasoning_details/2",
            "a 'reasoning.weird' reasoning detail has no IR form",
        ),
    ]
    assert json.loads(content(read[0])[0]["signature"])["signature"] == SIGNATURE


def test_a_request_message_with_text_parts_keeps_its_reasoning_details() -> None:
    """Content as a list of text parts (several text blocks are sent so) beside
    reasoning_details: both are read, the thinking first (it was once lost)."""
    message = {
        "role": "assistant",
        "content": [{"type": "text", "text": "One."}, {"type": "text", "text": "Two."}],
        "reasoning_details": [TEXT],
    }
    back = from_openai_chat([message])
    assert back.warnings == ()
    assert content(back[0]) == [
        {
            "type": "thinking",
            "thinking": "Think.",
            "signature": REFERENCE,
            "signatureProvider": "openai-chat",
        },
        {"type": "text", "text": "One."},
        {"type": "text", "text": "Two."},
    ]
    assert to_openai_chat(back).fields["messages"] == [message]
