"""OpenAI Responses as the generic rules, repair and the CLI read it (where each rule
comes from: ``docsgen/mapping/openai-responses.md``)."""

from __future__ import annotations

from agent_ir.wire._common import WireMessages
from agent_ir.wire._records import spec_from_record

__all__ = ["OPENAI_RESPONSES"]


def _from_request(items: object, system: object, tools: object) -> WireMessages:
    # Imported when a line is read: the command starts without the readers.
    from agent_ir.wire.openai_responses._request import from_openai_responses

    return from_openai_responses(items, tools=tools)  # the system prompt is one of the items


OPENAI_RESPONSES = spec_from_record("openai-responses", convert=_from_request)
