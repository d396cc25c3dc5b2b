"""Tool definitions and Chat Completions ``tools``, both ways (the mapping:
``docsgen/mapping/openai-chat.md``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agent_ir._generated.transcript_schema import ToolDefinition
from agent_ir.wire._common import Warnings, plain_arguments
from agent_ir.wire._tools import ToolList, definition

__all__ = ["chat_tools", "read_chat_tools"]

JsonDict = dict[str, Any]

# The levels of tools/<i>/function/parameters: the IR bounds a schema from itself.
PARAMETERS_OFFSET = 4
_ENTRY_KEYS = frozenset({"type", "function"})
_FUNCTION_KEYS = frozenset({"name", "description", "parameters", "strict"})


def chat_tools(definitions: Sequence[ToolDefinition]) -> list[JsonDict]:
    """The ``tools`` of a request, fresh plain values (nothing shared with the IR)."""
    return [{"type": "function", "function": _function(tool)} for tool in definitions]


def _function(tool: ToolDefinition) -> JsonDict:
    function: JsonDict = {"name": tool.name}
    if tool.description is not None:
        function["description"] = tool.description
    if tool.parameters is not None:
        function["parameters"] = plain_arguments(tool.parameters)
    if tool.strict is not None:
        function["strict"] = tool.strict
    return function


def read_chat_tools(function: str, value: object, warnings: Warnings) -> tuple[ToolDefinition, ...]:
    """The definitions of a request's ``tools`` (see the provider page)."""
    tools = ToolList(function, value, warnings, PARAMETERS_OFFSET)
    for index in range(len(tools.entries)):
        entry = tools.entry(index)
        path = ("tools", index)
        kind = tools.string(entry, "type", path)
        if kind is None:
            kind = "function"
        if kind != "function":
            tools.not_read(index, kind)
            continue
        body = tools.json_object(entry, "function", path, required=True)
        where = (*path, "function")
        read = definition(
            tools.string(body, "name", where, required=True),
            tools.string(body, "description", where),
            tools.json_object(body, "parameters", where),
            tools.boolean(body, "strict", where),
        )
        tools.unread(index, entry, _ENTRY_KEYS, path)
        tools.unread(index, body, _FUNCTION_KEYS, where)
        tools.add(index, read)
    return tools.definitions()
