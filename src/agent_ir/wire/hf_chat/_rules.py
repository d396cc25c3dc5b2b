"""Hugging Face chat datasets as the generic rules, repair and the CLI read them.

A dataset row is no request to a provider: nothing limits its tool-call ids (the
longest accepted here, 256 characters, only bounds a repair's renaming), its turns or
its tool names beyond the IR's own rules, so ``check_wire_rules(..., "hf-chat")``
reports what ``validate_transcript`` does. The model a team trains on the dataset may
have rules of its own: check them with that provider's name. A row holds ``messages``,
the system prompt among them, and ``tools``.
"""

from __future__ import annotations

from agent_ir.wire._common import WireMessages
from agent_ir.wire._spec import IdRule, ProviderSpec, RequestReader, TurnRules
from agent_ir.wire.hf_chat._request import from_hf_chat

__all__ = ["HF_CHAT"]


def _from_row(messages: object, system: object, tools: object) -> WireMessages:
    # the system prompt is one of the messages
    return from_hf_chat(messages, tools=tools)


HF_CHAT = ProviderSpec(
    name="hf-chat",
    label="Hugging Face chat dataset",
    ids=IdRule(longest=256),
    turns=TurnRules(),
    request=RequestReader(messages_key="messages", convert=_from_row, tools_key="tools"),
)
