"""Tool definitions and Anthropic Messages ``tools``, both ways (the mapping:
``docsgen/mapping/anthropic.md``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agent_ir._generated.transcript_schema import ToolDefinition
from agent_ir.wire._common import Warnings, plain_arguments
from agent_ir.wire._tools import ToolList, definition

__all__ = ["anthropic_tools", "read_anthropic_tools"]

JsonDict = dict[str, Any]

# The levels of tools/<i>/input_schema: the IR bounds a schema from itself.
SCHEMA_OFFSET = 3
_KEYS = frozenset({"type", "name", "description", "input_schema", "strict"})
# A key holding its documented default says nothing.
_DEFAULTS: dict[str, Any] = {"defer_loading": False}
_ANY_OBJECT: JsonDict = {"type": "object"}


def anthropic_tools(definitions: Sequence[ToolDefinition]) -> list[JsonDict]:
    """The ``tools`` of a request, fresh plain values (nothing shared with the IR)."""
    return [_tool(tool) for tool in definitions]


def _tool(tool: ToolDefinition) -> JsonDict:
    sent: JsonDict = {"name": tool.name}
    if tool.description is not None:
        sent["description"] = tool.description
    parameters = tool.parameters
    sent["input_schema"] = dict(_ANY_OBJECT) if parameters is None else plain_arguments(parameters)
    if tool.strict is not None:
        sent["strict"] = tool.strict
    return sent


def read_anthropic_tools(
    function: str, value: object, warnings: Warnings
) -> tuple[ToolDefinition, ...]:
    """The definitions of a request's ``tools`` (see the provider page)."""
    tools = ToolList(function, value, warnings, SCHEMA_OFFSET)
    for index in range(len(tools.entries)):
        entry = tools.entry(index)
        path = ("tools", index)
        kind = tools.string(entry, "type", path)
        if kind is None:
            kind = "custom"
        if kind != "custom":
            tools.not_read(index, kind)
            continue
        schema = tools.json_object(entry, "input_schema", path, required=True)
        read = definition(
            tools.string(entry, "name", path, required=True),
            tools.string(entry, "description", path),
            None if schema == _ANY_OBJECT else schema,
            tools.boolean(entry, "strict", path),
        )
        tools.unread(index, entry, _KEYS, path, _DEFAULTS)
        tools.add(index, read)
    return tools.definitions()
