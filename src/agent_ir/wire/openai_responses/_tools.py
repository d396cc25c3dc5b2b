"""Tool definitions and Responses API ``tools``, both ways (the mapping:
``docsgen/mapping/openai-responses.md``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agent_ir._generated.transcript_schema import ToolDefinition
from agent_ir.wire._common import Warnings, plain_arguments
from agent_ir.wire._tools import ToolList, definition

__all__ = ["read_responses_tools", "responses_tools"]

JsonDict = dict[str, Any]

# The levels of tools/<i>/parameters: the IR bounds a schema from itself.
PARAMETERS_OFFSET = 3
_KEYS = frozenset({"type", "name", "description", "parameters", "strict"})
# A key holding its documented default says nothing.
_DEFAULTS: dict[str, Any] = {"defer_loading": False}


def responses_tools(definitions: Sequence[ToolDefinition]) -> list[JsonDict]:
    """The ``tools`` of a request, fresh plain values (nothing shared with the IR)."""
    return [_tool(tool) for tool in definitions]


def _tool(tool: ToolDefinition) -> JsonDict:
    sent: JsonDict = {"type": "function", "name": tool.name}
    if tool.description is not None:
        sent["description"] = tool.description
    sent["parameters"] = None if tool.parameters is None else plain_arguments(tool.parameters)
    sent["strict"] = tool.strict
    return sent


def read_responses_tools(
    function: str, value: object, warnings: Warnings
) -> tuple[ToolDefinition, ...]:
    """The definitions of a request's ``tools`` (see the provider page)."""
    tools = ToolList(function, value, warnings, PARAMETERS_OFFSET)
    for index in range(len(tools.entries)):
        entry = tools.entry(index)
        path = ("tools", index)
        kind = tools.string(entry, "type", path, required=True)
        if kind != "function":
            tools.not_read(index, kind)
            continue
        read = definition(
            tools.string(entry, "name", path, required=True),
            tools.string(entry, "description", path),
            tools.json_object(entry, "parameters", path),
            tools.boolean(entry, "strict", path),
        )
        tools.unread(index, entry, _KEYS, path, _DEFAULTS)
        tools.add(index, read)
    return tools.definitions()
