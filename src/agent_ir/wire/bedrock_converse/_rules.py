"""Bedrock Converse's provider record: its id and name rules, turn rules and request
reader. What maps to what and what is warned: ``docsgen/mapping/bedrock-converse.md``
(the provider page, *Where the rules come from*)."""

from __future__ import annotations

from agent_ir.wire._common import WireMessages
from agent_ir.wire._records import spec_from_record

__all__ = ["BEDROCK_CONVERSE"]


def _from_request(messages: object, system: object, tools: object) -> WireMessages:
    # Imported when a line is read: the command starts without the readers.
    from agent_ir.wire.bedrock_converse._request import from_bedrock_converse

    return from_bedrock_converse(messages, system=system, tools=tools)


BEDROCK_CONVERSE = spec_from_record("bedrock-converse", convert=_from_request)
