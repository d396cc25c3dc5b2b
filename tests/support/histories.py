"""Histories that switch provider, shared by the tests of the opaque values
(``tests/wire/test_opaque_values.py``), of ``retarget`` and of ``agent-ir convert``."""

from __future__ import annotations

from typing import Any

from agent_ir.wire import WireMessages, from_openai_responses

ENCRYPTED = "gAAAAABoOpaqueEncryptedReasoning-from-OpenAI=="
REASONING_ITEM = {
    "type": "reasoning",
    "id": "rs_0a1b2c",
    "summary": [{"type": "summary_text", "text": "Add the two numbers."}],
    "encrypted_content": ENCRYPTED,
}


def responses_history() -> WireMessages:
    """A history read from OpenAI Responses: its reasoning item is a thinking block
    whose signature is OpenAI's (``signatureProvider`` "openai-responses")."""
    return from_openai_responses(
        [
            {"role": "user", "content": "What is 27 + 453?"},
            REASONING_ITEM,
            {
                "type": "message",
                "id": "msg_1",
                "role": "assistant",
                "content": [{"type": "output_text", "text": "480", "annotations": []}],
            },
            {"role": "user", "content": "Thanks."},
        ]
    )


# A session read from OpenAI Responses going elsewhere: OpenAI's signed thinking, a call
# id other providers refuse ("|"), and a user message between the call and its result.
SWITCHED: list[dict[str, Any]] = [
    {"role": "user", "id": "u1", "content": "Weather in Paris?"},
    {"role": "assistant", "id": "a1", "content": [
        {"type": "thinking", "thinking": "Need a tool.", "signature": "sig",
         "signatureProvider": "openai-responses"},
        {"type": "toolCall", "id": "call_1|fc_1", "name": "weather",
         "arguments": {"city": "Paris"}}]},
    {"role": "user", "id": "u2", "content": "hurry"},
    {"role": "toolResult", "id": "r1", "toolCallId": "call_1|fc_1", "toolName": "weather",
     "content": "sunny", "isError": False},
]  # fmt: skip
