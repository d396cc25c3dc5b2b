"""Transitional: the old name of what ``agent_ir.validation`` now holds, kept only for
modules being edited on other branches while the room was built (``wire/_common.py``,
``wire/anthropic/_request.py``, ``wire/gemini/_request.py``, ``_tools.py``). Once those
merge, their import lines name ``agent_ir.validation._convert`` and ``_checks`` and this
module goes. Import nothing new from here."""

from __future__ import annotations

from agent_ir.validation._checks import values_valid
from agent_ir.validation._convert import convert_messages, convert_value, is_rereadable

__all__ = ["convert_messages", "convert_value", "is_rereadable", "values_valid"]
