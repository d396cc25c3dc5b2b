"""Tool definitions and Anthropic Messages ``tools``, both ways.

IR -> Anthropic: each definition is ``{"name", "description", "input_schema",
"strict"}`` (``description`` and ``strict`` when the definition has them; the SDK's
``ToolParam`` has ``strict``). Anthropic requires ``input_schema``: a definition
without ``parameters`` (any arguments object) sends ``{"type": "object"}``, which
means the same, and reads back as no parameters. Parameters are sent as they are (the
API wants ``"type": "object"`` at their top; a schema without it is sent unchanged,
and refused there). Nothing is lost. No tools (an empty list) sends no ``tools`` key.

Anthropic -> IR: a tool without ``type`` (or ``type`` ``"custom"``) -> a definition:
``input_schema`` -> ``parameters``, except exactly ``{"type": "object"}``, which is no
parameters (the same meaning: a definition whose parameters are exactly that reads
back without them); ``description`` and ``strict`` null or absent are absent. A tool
of any other type (the provider's own tools: ``web_search_20250305``,
``bash_20250124``, ``text_editor_20250728``, ``computer_20250124``,
``code_execution_...``, ``memory_...``, ``web_fetch_...``) is TOOL_NOT_READ at
``/tools/<i>``; another key of a custom tool (``cache_control``, ``input_examples``,
``defer_loading``...) is PART_NOT_READ at its path (not ``defer_loading: false``,
its default). ``WireFormatError`` (path from
``tools``: ``tools[0].input_schema``) for entries not of this shape.
"""

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
    """The definitions of a request's ``tools`` (see the module docstring)."""
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
