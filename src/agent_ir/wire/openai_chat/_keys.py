"""The keys of a Chat assistant message, of its tool calls and of their functions that
the request reader reads (an assistant message of a history), and the values that
carry nothing. Every other key that is neither ``null`` nor its ``DEFAULT_VALUES``
value is one PART_NOT_READ warning at its path (``unread_keys``, ``key_not_read``).
The reply and the stream read their declarations (``_wire``), whose keys the IR has no
place for are warned unless they hold these same empty defaults.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = [
    "ASSISTANT_KEYS",
    "CALL_KEYS",
    "DEFAULT_VALUES",
    "FUNCTION_KEYS",
    "ROLE",
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
CALL_KEYS: Final = frozenset({"type", "id", "function"})
FUNCTION_KEYS: Final = frozenset({"name", "arguments"})
# A call that holds its stream delta's ``index``.
_INDEXED_CALL_KEYS: Final = CALL_KEYS | {"index"}


def call_keys(call: dict[str, Any], position: object) -> frozenset[str]:
    """The keys read of function call ``position`` of a message: ``CALL_KEYS``, and its
    ``index`` when that is its position (a stream delta's field echoed back, as the
    ``openai`` SDK's accumulated completion writes it)."""
    index = call.get("index")
    if type(index) is int and index == position:
        return _INDEXED_CALL_KEYS
    return CALL_KEYS
