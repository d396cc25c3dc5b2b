"""Anthropic Messages as the generic rules, repair and the CLI read it.

Tool-use ids match ``^[a-zA-Z0-9_-]+$`` with at most 64 characters. Consecutive
assistant messages are one turn; the results of its calls come in the next user turn,
before any text; the first message after the system prompt is a user turn; user and
assistant content must not be empty or only whitespace. A request holds ``messages``
and a separate ``system``.
"""

from __future__ import annotations

from agent_ir.wire._common import WireMessages
from agent_ir.wire._spec import IdRule, ProviderSpec, RequestReader, TurnRules
from agent_ir.wire.anthropic._request import from_anthropic

__all__ = ["ANTHROPIC"]


def _from_request(messages: object, system: object) -> WireMessages:
    return from_anthropic(messages, system=system)


ANTHROPIC = ProviderSpec(
    name="anthropic",
    label="Anthropic Messages",
    ids=IdRule(longest=64, characters="a-zA-Z0-9_-", replacement="_"),
    turns=TurnRules(
        results_follow_call=True,
        assistant_turns_join=True,
        user_turn_first=True,
        content_required=True,
    ),
    request=RequestReader(messages_key="messages", convert=_from_request, system_key="system"),
)
