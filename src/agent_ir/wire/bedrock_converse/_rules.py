"""AWS Bedrock Converse as the generic rules, repair and the CLI read it.

Tool-use ids match ``^[a-zA-Z0-9_.:-]+$`` with at most 64 characters and tool names
``^[a-zA-Z0-9_-]+$`` with at most 64 (the service model shipped with botocore:
``ToolUseId``, ``ToolName``). The API wants the conversation to start with a user
message and the roles to alternate (``to_bedrock_converse`` joins consecutive messages
of one role into one turn, MESSAGES_MERGED where that is a loss); the results of an
assistant turn's calls come in the next user turn; content blocks must not be empty.
A request holds ``messages``, a separate ``system`` and ``toolConfig``.

The record (these facts as data) is this provider's entry of
``schemas/v1/providers.json``; this module adds the request reader's ``convert``.
"""

from __future__ import annotations

from agent_ir.wire._common import WireMessages
from agent_ir.wire._records import spec_from_record

__all__ = ["BEDROCK_CONVERSE"]


def _from_request(messages: object, system: object, tools: object) -> WireMessages:
    # Imported when a line is read: the command starts without the readers.
    from agent_ir.wire.bedrock_converse._request import from_bedrock_converse

    return from_bedrock_converse(messages, system=system, tools=tools)


BEDROCK_CONVERSE = spec_from_record("bedrock-converse", convert=_from_request)
