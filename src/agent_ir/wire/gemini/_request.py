"""Gemini requests both ways (being built: issue 23)."""

from __future__ import annotations

from agent_ir.wire._common import WireMessages, WireRequest

__all__ = ["from_gemini", "to_gemini"]


def to_gemini(transcript: object, *, tools: object = None) -> WireRequest:
    """The ``contents`` and ``systemInstruction`` of a Gemini request for ``transcript``."""
    raise NotImplementedError("to_gemini is being built")


def from_gemini(
    contents: object, *, system_instruction: object = None, tools: object = None
) -> WireMessages:
    """The IR messages of a Gemini request's ``contents`` and ``systemInstruction``."""
    raise NotImplementedError("from_gemini is being built")
