"""Anthropic Messages as the generic rules, repair and the CLI read it (where each rule
comes from: ``docsgen/mapping/anthropic.md``)."""

from __future__ import annotations

from agent_ir.wire._common import WireMessages
from agent_ir.wire._records import spec_from_record

__all__ = ["ANTHROPIC"]


def _from_request(messages: object, system: object, tools: object) -> WireMessages:
    # Imported when a line is read: the command starts without the readers.
    from agent_ir.wire.anthropic._request import from_anthropic

    return from_anthropic(messages, system=system, tools=tools)


ANTHROPIC = spec_from_record("anthropic", convert=_from_request)
