"""Mistral chat completions as the generic rules, repair and the CLI read it.

Tool-call ids are exactly 9 characters of ``[a-zA-Z0-9]``: the API refuses any other
id in a request ("Tool call id was ... but must be a-z, A-Z, 0-9, with a length of 9"),
so a history that came from another provider (``call_...``, ``toolu_...``) must be
renamed first (``normalize_tool_call_ids(..., provider="mistral")``: refused
characters become ``0``, the id is cut to 9 or padded with ``0``, a taken id gets a
suffix ``02``, ``03``...). The ``tool`` messages answering an assistant message's
calls come directly after it. Tool names match ``^[a-zA-Z0-9_-]{1,64}$`` (the same
rule the API states for function names). A request holds ``messages``, the system
prompt among them, and ``tools``; ``parallel_tool_calls`` is a switch.

The record (these facts as data) is this provider's entry of
``schemas/v1/providers.json``; this module adds what only Python has, the request
reader's ``convert``.
"""

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
