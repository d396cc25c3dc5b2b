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

The record (these facts as data) is this provider's entry of
``schemas/v1/providers.json``; this module adds what only Python has, the request
reader's ``convert``.
"""

from __future__ import annotations

from agent_ir.wire._common import WireMessages
from agent_ir.wire._records import spec_from_record

__all__ = ["ANTHROPIC"]


def _from_request(messages: object, system: object, tools: object) -> WireMessages:
    # Imported when a line is read: the command starts without the readers.
    from agent_ir.wire.anthropic._request import from_anthropic

    return from_anthropic(messages, system=system, tools=tools)


ANTHROPIC = spec_from_record("anthropic", convert=_from_request)
