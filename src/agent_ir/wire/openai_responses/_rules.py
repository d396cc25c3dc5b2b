"""OpenAI Responses as the generic rules, repair and the CLI read it.

``call_id``s have at most 64 characters (the limit the API has been seen to enforce;
conservative). Outputs may come anywhere after their call. A request holds ``input``,
the system prompt among its items.
"""

from __future__ import annotations

from agent_ir.wire._common import WireMessages
from agent_ir.wire._spec import IdRule, ProviderSpec, RequestReader, TurnRules
from agent_ir.wire.openai_responses._request import from_openai_responses

__all__ = ["OPENAI_RESPONSES"]


def _from_request(items: object, system: object) -> WireMessages:
    return from_openai_responses(items)  # the system prompt is one of the items


OPENAI_RESPONSES = ProviderSpec(
    name="openai-responses",
    label="OpenAI Responses",
    ids=IdRule(longest=64),
    turns=TurnRules(),
    request=RequestReader(messages_key="input", convert=_from_request),
)
