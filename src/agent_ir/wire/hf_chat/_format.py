"""Hugging Face chat datasets as the command reads them (``--format hf-chat``; how a row
is read: ``docsgen/mapping/hf-chat.md``)."""

from __future__ import annotations

from agent_ir.wire._common import WireMessages
from agent_ir.wire._spec import DatasetFormat, RequestReader

__all__ = ["HF_CHAT"]


def _from_row(messages: object, system: object, tools: object) -> WireMessages:
    # Imported when a line is read: the command starts without the readers.
    from agent_ir.wire.hf_chat._request import from_hf_chat

    # the system prompt is one of the messages
    return from_hf_chat(messages, tools=tools)


HF_CHAT = DatasetFormat(
    name="hf-chat",
    label="Hugging Face chat dataset",
    request=RequestReader(messages_key="messages", convert=_from_row, tools_key="tools"),
)
