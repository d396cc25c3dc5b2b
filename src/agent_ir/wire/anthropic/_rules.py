"""Anthropic Messages as the generic rules, repair and the CLI read it.

Tool-use ids match ``^[a-zA-Z0-9_-]+$`` with at most 64 characters. Consecutive
assistant messages are one turn; the results of its calls come in the next user turn,
before any text; user and assistant content must not be empty or only whitespace, and
a text block must not be empty (a whitespace-only one is accepted beside other
content: ``[text " ", tool_use]``). A request holds ``messages``, a separate
``system``, and ``tools``.

Tool names (of definitions and calls) match ``^[a-zA-Z0-9_-]{1,64}$``. The installed
``anthropic`` SDK states no rule (``ToolParam.name``: "Name of the tool"); Anthropic's
tool-use documentation and API reference say a custom tool's ``name`` must match
``^[a-zA-Z0-9_-]{1,64}$``. API error messages have been reported naming
``{1,128}``; the documented 64 is the rule chosen: conservative, a name within it is
taken either way, as for the tool-use ids.

What Anthropic accepts, seen on accepted requests, and so not checked: an assistant
message first (no INVALID_ROLE_ORDER); a tool-use id used again in a later turn once
its call was answered (``validate_transcript`` still reports that
DUPLICATE_TOOL_CALL_ID, saying it is stricter on purpose).
"""

from __future__ import annotations

from agent_ir.wire._common import WireMessages
from agent_ir.wire._spec import IdRule, ProviderSpec, RequestReader, ToolNameRule, TurnRules
from agent_ir.wire.anthropic._request import from_anthropic

__all__ = ["ANTHROPIC"]


def _from_request(messages: object, system: object, tools: object) -> WireMessages:
    return from_anthropic(messages, system=system, tools=tools)


ANTHROPIC = ProviderSpec(
    name="anthropic",
    label="Anthropic Messages",
    ids=IdRule(longest=64, characters="a-zA-Z0-9_-", replacement="_"),
    turns=TurnRules(
        results_follow_call=True,
        assistant_turns_join=True,
        content_required=True,
        ids_reusable_after_result=True,
    ),
    request=RequestReader(
        messages_key="messages", convert=_from_request, system_key="system", tools_key="tools"
    ),
    tool_names=ToolNameRule(longest=64, characters="a-zA-Z0-9_-"),
)
