"""Bedrock Converse's ``toolConfig`` tools to and from the IR's tool definitions. What maps
to what and what is warned: ``docsgen/mapping/bedrock-converse.md`` (the provider page,
*Tool definitions*)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agent_ir._generated.transcript_schema import ToolDefinition
from agent_ir._paths import to_pointer
from agent_ir.wire._common import ConversionWarningCode, Warnings, not_read, plain_arguments
from agent_ir.wire._tools import ToolList, definition

__all__ = ["bedrock_tools", "read_bedrock_tools"]

JsonDict = dict[str, Any]

# The levels of tools/<i>/toolSpec/inputSchema/json: the IR bounds a schema from itself.
SCHEMA_OFFSET = 5
_ANY_OBJECT: JsonDict = {"type": "object"}
_SPEC_KEYS = frozenset({"name", "description", "inputSchema", "strict"})


def bedrock_tools(definitions: Sequence[ToolDefinition]) -> list[JsonDict]:
    """The ``toolConfig.tools`` of a request, fresh plain values."""
    return [{"toolSpec": _spec(tool)} for tool in definitions]


def _spec(tool: ToolDefinition) -> JsonDict:
    spec: JsonDict = {"name": tool.name}
    if tool.description is not None:
        spec["description"] = tool.description
    parameters = tool.parameters
    schema = dict(_ANY_OBJECT) if parameters is None else plain_arguments(parameters)
    spec["inputSchema"] = {"json": schema}
    if tool.strict is not None:
        spec["strict"] = tool.strict
    return spec


def read_bedrock_tools(
    function: str, value: object, warnings: Warnings
) -> tuple[ToolDefinition, ...]:
    """The definitions of a request's ``toolConfig`` (see the module docstring)."""
    if type(value) is dict and "tools" in value:
        value = value["tools"]
    tools = ToolList(function, value, warnings, SCHEMA_OFFSET)
    for index in range(len(tools.entries)):
        entry = tools.entry(index)
        path = ("tools", index)
        spec = tools.json_object(entry, "toolSpec", path)
        if spec is None:
            kinds = [key for key, item in entry.items() if item is not None]
            if "systemTool" in kinds:
                tools.not_read(index, "systemTool")
            else:
                for key in kinds:
                    warnings.add_tool(
                        ConversionWarningCode.PART_NOT_READ,
                        index,
                        not_read(f"a {key!r} entry of the tools"),
                        path=to_pointer((*path, key)),
                    )
            continue
        where = (*path, "toolSpec")
        schema_holder = tools.json_object(spec, "inputSchema", where, required=True)
        schema = tools.json_object(schema_holder, "json", (*where, "inputSchema"), required=True)
        read = definition(
            tools.string(spec, "name", where, required=True),
            tools.string(spec, "description", where),
            None if schema == _ANY_OBJECT else schema,
            tools.boolean(spec, "strict", where),
        )
        tools.unread(index, spec, _SPEC_KEYS, where)
        tools.unread(index, schema_holder, frozenset({"json"}), (*where, "inputSchema"))
        tools.unread(index, entry, frozenset({"toolSpec"}), path)
        tools.add(index, read)
    return tools.definitions()
