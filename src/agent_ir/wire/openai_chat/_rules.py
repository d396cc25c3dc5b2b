"""OpenAI Chat Completions as the generic rules, repair and the CLI read it.

Tool-call ids have at most 40 characters (the limit the API has been seen to enforce;
conservative). The ``tool`` messages answering an assistant message's calls come
directly after it. A request holds ``messages``, the system prompt among them.
"""

from __future__ import annotations

from agent_ir.wire._common import WireMessages
from agent_ir.wire._spec import IdRule, ProviderSpec, RequestReader, TurnRules
from agent_ir.wire.openai_chat._request import from_openai_chat

__all__ = ["OPENAI_CHAT"]


def _from_request(messages: object, system: object) -> WireMessages:
    return from_openai_chat(messages)  # the system prompt is one of the messages


OPENAI_CHAT = ProviderSpec(
    name="openai-chat",
    label="OpenAI Chat Completions",
    ids=IdRule(longest=40),
    turns=TurnRules(results_follow_call=True),
    request=RequestReader(messages_key="messages", convert=_from_request),
)
