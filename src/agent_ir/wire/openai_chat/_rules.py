"""OpenAI Chat Completions as the generic rules, repair and the CLI read it.

Tool-call ids have at most 40 characters (the limit the API has been seen to enforce;
conservative). The ``tool`` messages answering an assistant message's calls come
directly after it. A request holds ``messages``, the system prompt among them, and
``tools``.

Tool names (of definitions and calls) match ``^[a-zA-Z0-9_-]{1,64}$``: the installed
``openai`` SDK's ``FunctionDefinition.name`` says "Must be a-z, A-Z, 0-9, or contain
underscores and dashes, with a maximum length of 64".

The request reader reads OpenAI fine-tuning lines too (``{"messages": [...], "tools":
[...]}``): an assistant message's ``weight`` (0: the line does not train on it, 1: it
does) is read without a warning, and must be 0 or 1 (null says nothing), else a
``WireFormatError`` at ``messages[i].weight``. The IR has no place for it, so it is
not kept. Only this reader (the CLI's) knows the key: the public ``from_openai_chat``
reads Chat requests, where ``weight`` is no field, and warns about it (PART_NOT_READ)
as about any key with no IR form. A fine-tuning line's ``parallel_tool_calls`` must be
true or false (a ``switch`` of the reader).

The record (these facts as data) is this provider's entry of
``schemas/v1/providers.json``; this module adds what only Python has, the request
reader's ``convert``.
"""

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
