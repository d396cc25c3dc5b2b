"""OpenRouter's ``reasoning_details`` on an assistant message or a stream's delta, read
into thinking blocks and written back: the mapping the reply, the stream and the
request share (told in ``docsgen/mapping/openai-chat.md``).

A signed ``reasoning.text`` detail and a ``reasoning.encrypted`` one keep what OpenRouter
needs back in the block's ``signature``: the detail less its text and ``index``, as
compact JSON (``{"type":"reasoning.text","signature":"...","format":"..."}``), so that
``to_openai_chat`` sends the detail as it came; a thinking block whose signature is no
such reference is not sent (THINKING_NOT_SENT), as before.
"""

from __future__ import annotations

import json
from typing import Any, Final

import msgspec

from agent_ir._generated.conversion_warning_schema import ConversionWarningCode
from agent_ir._paths import to_pointer
from agent_ir._text import quoted
from agent_ir.replies.builder import ReplyBuilder
from agent_ir.wire._decode import Unread
from agent_ir.wire.openai_chat._wire import ReasoningEncrypted, ReasoningSummary, ReasoningText

__all__ = ["detail_of", "read_details", "reference", "reference_of"]

_TEXT = "reasoning.text"
_ENCRYPTED = "reasoning.encrypted"
# The keys of a reference, in the order it is written: what the detail carries but its
# text (the block's) and its index (its place, which writing gives again).
_KEYS: Final = ("type", "id", "format", "signature", "data")
_ENCODER = msgspec.json.Encoder()


def reference(detail: ReasoningText | ReasoningEncrypted) -> str | None:
    """The signature of the block read from ``detail``: its reference, or None for
    a text detail without a signature (nothing to send back)."""
    if type(detail) is ReasoningText:
        found = {"type": _TEXT, "id": detail.id, "format": detail.format}
        found["signature"] = detail.signature
    else:
        assert type(detail) is ReasoningEncrypted
        found = {"type": _ENCRYPTED, "id": detail.id, "format": detail.format, "data": detail.data}
    if found.get("signature") is None and found.get("data") is None:
        return None
    return reference_of({key: value for key, value in found.items() if value is not None})


def detail_of(signature: str | None) -> dict[str, Any] | None:
    """The detail a thinking block's ``signature`` refers to (its text not included),
    or None when the signature is no reference this module wrote."""
    if signature is None or not signature.startswith('{"type":"reasoning.'):
        return None
    try:
        found = json.loads(signature)
    except ValueError:
        return None
    if type(found) is not dict or any(key not in _KEYS for key in found):
        return None
    if any(type(value) is not str for value in found.values()):
        return None
    kind = found.get("type")
    if (kind, "signature" in found, "data" in found) not in ((_TEXT, True, False),
                                                             (_ENCRYPTED, False, True)):  # fmt: skip
        return None
    if reference_of(found) != signature:  # written otherwise: not ours
        return None
    return found


def reference_of(found: dict[str, Any]) -> str:
    """``found`` (a detail less its text) as a reference: its keys in their order."""
    ordered = {key: found[key] for key in _KEYS if key in found}
    return _ENCODER.encode(ordered).decode()


def read_details(reply: ReplyBuilder, details: list[Any]) -> None:
    """The ``reasoning_details`` of a whole message: each detail one thinking block
    (a signed text detail and an encrypted one signed with their reference, an encrypted
    one redacted); a detail of another type, or an encrypted one without data, is
    PART_NOT_READ."""
    for position, detail in enumerate(details):
        match detail:
            case ReasoningText(text=text) | ReasoningSummary(summary=text):
                signature = reference(detail) if type(detail) is ReasoningText else None
                if text or signature is not None:
                    if text:
                        reply.thinking(text, what="reasoning_details")
                    reply.end_thinking(signature, what="reasoning_details")
            case ReasoningEncrypted() if detail.data is not None:
                reply.end_thinking(reference(detail), redacted=True, what="reasoning_details")
            case _:
                detail_not_read(reply, position, detail)


def detail_not_read(reply: ReplyBuilder, position: int, detail: Any) -> None:
    """PART_NOT_READ for a detail the IR has no place for."""
    kind = detail.type if type(detail) is Unread else _ENCRYPTED
    at = to_pointer(("choices", 0, "message", "reasoning_details", position))
    what = "" if type(detail) is Unread else " without data"
    reply.warn(
        ConversionWarningCode.PART_NOT_READ,
        at,
        -1,
        f"{at} (a {quoted(kind)} reasoning detail{what}) has no IR form",
    )
