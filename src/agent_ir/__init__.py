"""agent-ir: one normalized, immutable message IR for LLM applications."""

from __future__ import annotations

from agent_ir import schemas
from agent_ir.jsonvalue import JsonObject

__all__ = ["JsonObject", "schemas"]
