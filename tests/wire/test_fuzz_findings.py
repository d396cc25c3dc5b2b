"""What the long fuzz runs of the wire readers found (docs/reliability-fuzz.md, W1-W3),
each with the reproduction the fuzzer reduced it to."""

from __future__ import annotations

import pytest

from agent_ir.replies import ProviderError, ProviderErrorCode
from agent_ir.wire import (
    WireFormatError,
    from_openai_chat,
    reply_from_anthropic,
    reply_from_openai_responses,
)


def test_w1_a_wire_format_error_pointer_with_a_lone_surrogate_key_is_writable() -> None:
    with pytest.raises(WireFormatError) as caught:
        from_openai_chat([{"role": "tool", "tool_call_id": "c", "content": "x", "\ud800": 1}])
    pointer = caught.value.pointer
    pointer.encode("utf-8")
    assert pointer == "/0/\\ud800" or pointer.endswith("\\ud800")


def test_w2_an_anthropic_reply_whose_stop_reason_is_an_array_is_an_invalid_event() -> None:
    reply = {
        "id": "m",
        "type": "message",
        "role": "assistant",
        "content": [{"type": "text", "text": "hi"}],
        "stop_reason": ["end_turn"],
        "usage": {"input_tokens": 1, "output_tokens": 2},
    }
    with pytest.raises(ProviderError) as caught:
        reply_from_anthropic(reply, request_id="r")
    assert caught.value.code is ProviderErrorCode.PROVIDER_INVALID_EVENT
    assert "stop_reason" in str(caught.value)


def test_w3_a_responses_reply_part_whose_type_is_an_array_is_an_invalid_event() -> None:
    part = {"type": ["output_text"], "text": "hi"}
    item = {"type": "message", "id": "m", "role": "assistant", "content": [part]}
    reply = {
        "id": "r",
        "status": "completed",
        "usage": {"input_tokens": 1, "output_tokens": 2},
        "output": [item],
    }
    with pytest.raises(ProviderError) as caught:
        reply_from_openai_responses(reply, request_id="r")
    assert caught.value.code is ProviderErrorCode.PROVIDER_INVALID_EVENT
    assert "/output/0/content/0/type must be a string" in str(caught.value)
