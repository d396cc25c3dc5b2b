"""Gemini as the generic rules, repair and the CLI read it (being built: issue 23)."""

from __future__ import annotations

from agent_ir.wire._common import WireMessages
from agent_ir.wire._spec import IdRule, ProviderSpec, RequestReader, ToolNameRule, TurnRules
from agent_ir.wire.gemini._request import from_gemini

__all__ = ["GEMINI"]


def _from_request(contents: object, system: object, tools: object) -> WireMessages:
    return from_gemini(contents, system_instruction=system, tools=tools)


GEMINI = ProviderSpec(
    name="gemini",
    label="Google Gemini",
    ids=IdRule(longest=64),
    turns=TurnRules(results_follow_call=True, assistant_turns_join=True),
    request=RequestReader(
        messages_key="contents",
        convert=_from_request,
        system_key="systemInstruction",
        tools_key="tools",
    ),
    tool_names=ToolNameRule(longest=64, characters="a-zA-Z0-9_.:-"),
)
