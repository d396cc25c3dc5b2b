"""Mistral chat completions as the generic rules, repair and the CLI read it: the
record of ``schemas/v1/providers.json`` (tool-call ids of exactly 9 of
``[a-zA-Z0-9]``) and the request reader's ``convert``. Where each rule comes from:
``docsgen/mapping/mistral.md``."""

from __future__ import annotations

from agent_ir.wire._common import WireMessages
from agent_ir.wire._records import spec_from_record

__all__ = ["MISTRAL"]


def _from_request(messages: object, system: object, tools: object) -> WireMessages:
    # Imported when a line is read: the command starts without the readers.
    from agent_ir.wire.mistral._request import from_mistral

    # the system prompt is one of the messages
    return from_mistral(messages, tools=tools)


MISTRAL = spec_from_record("mistral", convert=_from_request)
