"""Tool definitions and Responses API ``tools``, both ways.

IR -> Responses: each definition is ``{"type": "function", "name", "description",
"parameters", "strict"}``. The SDK's ``FunctionToolParam`` requires ``parameters`` and
``strict``: a definition without them sends ``null`` (which reads back as absent; a
null ``strict`` leaves it to the API's default, which OpenAI's guide gives as strict
for the Responses API: set ``strict`` in the definition to be sure);
``description`` is sent when the definition has one. Nothing is lost. No tools (an
empty list) sends no ``tools`` key.

Responses -> IR: a ``function`` tool -> a definition (``description``, ``parameters``,
``strict`` null or absent are absent). A tool the provider runs (``web_search``,
``file_search``, ``code_interpreter``, ``mcp``, ``image_generation``, ``computer...``,
``local_shell``...) or a ``custom`` tool (free-form text input) is TOOL_NOT_READ at
``/tools/<i>``; another key of a function tool is PART_NOT_READ at its path (not
``defer_loading: false``, its default).
``WireFormatError`` (path from ``tools``: ``tools[1].name``) for entries not of this
shape (``type`` is required).
"""

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
    """The definitions of a request's ``tools`` (see the module docstring)."""
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
