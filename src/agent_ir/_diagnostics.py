"""Transitional: the old name of ``agent_ir.validation._diagnostics``, kept only for
modules being edited on other branches while the room was built (``wire/_common.py``,
``wire/hf_chat/_request.py``, ``_tools.py``). Once those merge, their import lines name
``agent_ir.validation._diagnostics`` and this module goes. Import nothing new from
here."""

from __future__ import annotations

from agent_ir.validation._diagnostics import diagnostic, ordered

__all__ = ["diagnostic", "ordered"]
