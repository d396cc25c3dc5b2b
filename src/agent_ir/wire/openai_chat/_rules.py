"""OpenAI Chat Completions as the generic rules, repair and the CLI read it: the record
of ``schemas/v1/providers.json`` and the request reader's ``convert`` (where each rule
comes from: ``docsgen/mapping/openai-chat.md``)."""

from __future__ import annotations

from typing import Any

from agent_ir.wire._common import WireMessages, read_wire
from agent_ir.wire._decode import describe_json, must_be
from agent_ir.wire._records import spec_from_record

__all__ = ["OPENAI_CHAT"]

FROM = "from_openai_chat"


def _from_request(messages: object, system: object, tools: object) -> WireMessages:
    # Imported when a line is read: the command starts without the readers.
    from agent_ir.wire.openai_chat._request import from_openai_chat

    # the system prompt is one of the messages
    return from_openai_chat(_without_weights(messages), tools=tools)


def _without_weights(messages: object) -> Any:
    """``messages`` read, each assistant message without its ``weight`` (checked)."""
    wire = read_wire(FROM, messages, ("messages",))
    if type(wire) is not list:
        return wire  # from_openai_chat says what is wrong
    read = list(wire)
    for index, message in enumerate(wire):
        if type(message) is not dict or "weight" not in message:
            continue
        if message.get("role") != "assistant":
            continue  # a weight elsewhere is no fine-tuning field: warned about
        weight = message["weight"]
        if weight is not None and not (type(weight) is int and weight in (0, 1)):
            raise must_be(FROM, ("messages", index, "weight"), "0 or 1", describe_json(weight))
        read[index] = {key: value for key, value in message.items() if key != "weight"}
    return read


OPENAI_CHAT = spec_from_record("openai-chat", convert=_from_request)
