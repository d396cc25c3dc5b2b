"""Gemini test helpers: a recorded stream's chunks, the non-streamed reply that holds the
same content, and signatures compared as the bytes they encode.

``merged_reply(chunks)`` is the ``GenerateContentResponse`` that ``generateContent``
returns for the content ``streamGenerateContent`` sent in ``chunks`` (up to and with the
chunk of the finish): consecutive text pieces are one text part and consecutive thought
pieces one thought part, each with the signature that came with one of its pieces (or
on an empty part after them); a signed empty part after anything else stays a part of
its own; every other part is kept as it came; the candidate's other fields, the usage
and the ids are the last chunk's.
"""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

__all__ = ["merged_reply", "signature_bytes", "sse_chunks"]


def sse_chunks(data: bytes) -> list[dict[str, Any]]:
    """The JSON object of each ``data:`` line of a Gemini stream (one line per event)."""
    return [
        json.loads(line[len("data:") :])
        for line in data.decode("utf-8").splitlines()
        if line.startswith("data:")
    ]


def signature_bytes(signature: str | bytes | None) -> bytes | None:
    """The bytes a signature encodes: standard or URL-safe base64 (either padding)."""
    if signature is None or isinstance(signature, bytes):
        return signature
    padded = signature + "=" * (-len(signature) % 4)
    try:
        return base64.b64decode(padded, validate=True)
    except binascii.Error:
        return base64.urlsafe_b64decode(padded)


def merged_reply(chunks: list[dict[str, Any]]) -> dict[str, Any]:
    """The non-streamed reply holding the content of ``chunks``; see the module docstring."""
    parts: list[dict[str, Any]] = []
    last: dict[str, Any] = {}
    for chunk in chunks:
        last = chunk
        candidates = chunk.get("candidates") or []
        if not candidates:
            continue
        for part in (candidates[0].get("content") or {}).get("parts") or []:
            _merge(parts, part)
        if candidates[0].get("finishReason"):
            break
    reply = {key: value for key, value in last.items() if key != "candidates"}
    if last.get("candidates"):
        candidate = dict(last["candidates"][0])
        candidate["content"] = {"parts": parts, "role": "model"}
        reply["candidates"] = [candidate]
    return reply


def _merge(parts: list[dict[str, Any]], part: dict[str, Any]) -> None:
    kind = _kind(part)
    signature = part.get("thoughtSignature")
    previous = parts[-1] if parts else None
    joins = previous is not None and _kind(previous) == kind and kind in ("text", "thought")
    if kind == "empty":
        if signature is None:
            return
        if (
            previous is not None
            and _kind(previous) == "text"
            and "thoughtSignature" not in previous
        ):
            previous["thoughtSignature"] = signature
            return
        parts.append({"text": "", "thoughtSignature": signature})
        return
    if joins and previous is not None and not (signature and "thoughtSignature" in previous):
        previous["text"] += part["text"]
        if signature:
            previous["thoughtSignature"] = signature
        return
    parts.append(dict(part))


def _kind(part: dict[str, Any]) -> str:
    if "text" not in part:
        return "other"
    if part.get("thought"):
        return "thought"
    return "text" if part["text"] else "empty"
