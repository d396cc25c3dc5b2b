"""Transitional: the old name of what ``agent_ir.validation`` now holds, kept only for
modules being edited on other branches while the room was built (``wire/_common.py``,
``_tools.py``). Once those merge, their import lines name
``agent_ir.validation._explain``, ``_fast`` and ``_linkage`` and this module goes.
Import nothing new from here."""

from __future__ import annotations

from agent_ir.validation._explain import Inspection, inspect_message
from agent_ir.validation._fast import fast_messages
from agent_ir.validation._linkage import tool_call_blocks

__all__ = ["Inspection", "fast_messages", "inspect_message", "tool_call_blocks"]
