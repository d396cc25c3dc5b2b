"""The keys of a Chat assistant message, of its tool calls and of their functions that
the readers read, and the values that carry nothing: one list for the request reader
(an assistant message of a history), the non-streamed reply reader (the reply's
``choices[0].message``) and the stream (each chunk's ``choices[0].delta``). Every other
key that is neither ``null`` nor its ``DEFAULT_VALUES`` value is one PART_NOT_READ
warning at its path (``unread_keys``, ``key_not_read``).
"""

from __future__ import annotations

from typing import Any, Final

__all__ = [
    "ASSISTANT_KEYS",
    "CALL_KEYS",
    "DEFAULT_VALUES",
    "FUNCTION_KEYS",
    "REPLY_MESSAGE_KEYS",
    "ROLE",
    "STREAM_CALL_KEYS",
    "call_keys",
]

# Keys whose value here is the API's empty default: they carry nothing and are not
# warned about (OpenAI writes ``annotations: []`` in every reply message, Mistral
# ``prefix: false``, Go-based servers the zero value of every field).
DEFAULT_VALUES: Final[dict[str, Any]] = {
    "annotations": [],
    "prefix": False,
    "refusal": "",
    "reasoning_content": "",
    "reasoning": "",
    "audio": {"data": "", "expires_at": 0, "id": "", "transcript": ""},
    "function_call": {"arguments": "", "name": ""},
    "custom": {"input": "", "name": ""},
}

ROLE: Final = frozenset({"role"})
# What every reader reads of an assistant message (besides its ``role``).
ASSISTANT_KEYS: Final = frozenset({"content", "tool_calls", "refusal", "annotations"})
# A reply's message (or a stream's delta) is read with its reasoning too (a thinking
# block; a request's is warned about: thinking is not sent back in this format, and the
# empty one is a default) and its ``function_call`` (a legacy call is refused, the
# all-empty one some servers write is no call).
REPLY_MESSAGE_KEYS: Final = (
    ROLE | ASSISTANT_KEYS | {"reasoning_content", "reasoning", "function_call"}
)
CALL_KEYS: Final = frozenset({"type", "id", "function"})
FUNCTION_KEYS: Final = frozenset({"name", "arguments"})
# A stream's call delta: its ``index`` is the call it belongs to.
STREAM_CALL_KEYS: Final = CALL_KEYS | {"index"}


def call_keys(call: dict[str, Any], position: object) -> frozenset[str]:
    """The keys read of function call ``position`` of a message: ``CALL_KEYS``, and its
    ``index`` when that is its position (a stream delta's field echoed back, as the
    ``openai`` SDK's accumulated completion writes it)."""
    index = call.get("index")
    if type(index) is int and index == position:
        return STREAM_CALL_KEYS
    return CALL_KEYS
