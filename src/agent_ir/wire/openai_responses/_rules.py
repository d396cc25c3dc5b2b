"""OpenAI Responses as the generic rules, repair and the CLI read it.

``call_id``s have at most 64 characters (the limit the API has been seen to enforce;
conservative). Outputs may come anywhere after their call. A request holds ``input``,
the system prompt among its items, and ``tools``.

Tool names (of definitions and calls) match ``^[a-zA-Z0-9_-]{1,64}$``, as for Chat
Completions: the installed ``openai`` SDK's ``FunctionToolParam.name`` states no rule
of its own, and its shared ``FunctionDefinition.name`` says "Must be a-z, A-Z, 0-9, or
contain underscores and dashes, with a maximum length of 64".

The record (these facts as data) is this provider's entry of
``schemas/v1/providers.json``; this module adds what only Python has, the request
reader's ``convert``.
"""

from __future__ import annotations

from agent_ir.wire._common import WireMessages
from agent_ir.wire._records import spec_from_record

__all__ = ["OPENAI_RESPONSES"]


def _from_request(items: object, system: object, tools: object) -> WireMessages:
    # Imported when a line is read: the command starts without the readers.
    from agent_ir.wire.openai_responses._request import from_openai_responses

    return from_openai_responses(items, tools=tools)  # the system prompt is one of the items


OPENAI_RESPONSES = spec_from_record("openai-responses", convert=_from_request)
