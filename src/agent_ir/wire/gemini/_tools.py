"""Tool definitions and Gemini ``tools``, both ways.

IR -> Gemini: all definitions go in ONE tool, ``[{"functionDeclarations": [{"name",
"description", "parametersJsonSchema"}]}]`` (``description`` and
``parametersJsonSchema`` when the definition has them). ``parametersJsonSchema`` (the
SDK's ``FunctionDeclaration.parameters_json_schema``) takes a full JSON Schema, as the
IR holds it; ``parameters`` takes only Gemini's OpenAPI subset (``Schema``: upper-case
``type`` names, no ``$ref``...), so it is never written. ``strict`` has no Gemini form:
not sent, TOOL_DETAIL_NOT_SENT at ``/tools/<i>/strict``. No tools
(an empty list) sends no ``tools`` key.

Gemini -> IR: each entry of ``tools`` is a ``Tool`` object; its ``functionDeclarations``
(or ``function_declarations``) list gives one definition per declaration: ``name``,
``description`` (null or absent: none), and ``parametersJsonSchema`` (or
``parameters_json_schema``) as the parameters, else ``parameters`` (Gemini's ``Schema``)
translated to JSON Schema: every ``type`` name (or proto enum number, ``6``) of the schema and of its
``properties``, ``items``, ``anyOf`` and ``$defs`` is lower-cased (``OBJECT`` ->
``object``), the rest kept as it is (``nullable``, ``propertyOrdering`` and
``format`` are annotations JSON Schema ignores). Such a definition is written back as
``parametersJsonSchema`` with the lower-case names: a form the API reads alike,
without a warning. Both fields present: ``parametersJsonSchema`` is read, ``parameters``
is PART_NOT_READ. Another key of a declaration (``response``, ``responseJsonSchema``,
``behavior``) is PART_NOT_READ at its path. Any other key of a tool (the tools Gemini
runs itself: ``googleSearch``, ``codeExecution``, ``urlContext``, ``fileSearch``,
``retrieval``, ``googleMaps``, ``computerUse``, ``mcpServers``...; snake_case too) is
TOOL_NOT_READ at ``/tools/<i>``, one per key. The definitions' diagnostics
(``TranscriptError``) carry the index of the tool entry they are in.
``WireFormatError`` (path from ``tools``: ``tools[0].functionDeclarations[2].name``)
for entries not of this shape.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from agent_ir._generated.transcript_schema import ToolDefinition
from agent_ir._paths import Path
from agent_ir.wire._common import (
    ConversionWarningCode,
    Warnings,
    plain_arguments,
    wire_list,
    wire_object,
)
from agent_ir.wire._tools import ToolList, definition

__all__ = ["gemini_tools", "read_gemini_tools"]

JsonDict = dict[str, Any]

# The levels of tools/<i>/functionDeclarations/<j>/parametersJsonSchema: the IR bounds
# a schema from itself.
SCHEMA_OFFSET: Final = 5
DECLARATIONS: Final = ("functionDeclarations", "function_declarations")
JSON_SCHEMA: Final = ("parametersJsonSchema", "parameters_json_schema")
_DECLARATION_KEYS: Final = frozenset({"name", "description", "parameters", *JSON_SCHEMA})
# Schema keywords whose values hold schemas: an object of them, one, or a list of them.
_SCHEMA_MAPS: Final = ("properties", "$defs")
_SCHEMA_LISTS: Final = ("anyOf",)


def gemini_tools(definitions: Sequence[ToolDefinition], warnings: Warnings) -> list[JsonDict]:
    """The ``tools`` of a request, fresh plain values (nothing shared with the IR); a
    definition's ``strict`` is warned about in ``warnings``."""
    declarations = []
    for index, tool in enumerate(definitions):
        sent: JsonDict = {"name": tool.name}
        if tool.description is not None:
            sent["description"] = tool.description
        if tool.parameters is not None:
            sent["parametersJsonSchema"] = plain_arguments(tool.parameters)
        if tool.strict is not None:
            warnings.add_tool(
                ConversionWarningCode.TOOL_DETAIL_NOT_SENT,
                index,
                "strict has no Gemini form: not sent",
                path=f"/tools/{index}/strict",
            )
        declarations.append(sent)
    return [{"functionDeclarations": declarations}]


def read_gemini_tools(
    function: str, value: object, warnings: Warnings
) -> tuple[ToolDefinition, ...]:
    """The definitions of a request's ``tools`` (see the module docstring)."""
    tools = ToolList(function, value, warnings, SCHEMA_OFFSET)
    for index in range(len(tools.entries)):
        entry = tools.entry(index)
        for key, item in entry.items():
            if key in DECLARATIONS:
                path = ("tools", index, key)
                for position, declaration in enumerate(wire_list(function, item, path)):
                    _declaration(tools, index, declaration, (*path, position))
            elif item is not None:
                tools.not_read(index, key)
    return tools.definitions()


def _declaration(tools: ToolList, index: int, value: object, path: Path) -> None:
    declaration = wire_object(tools.function, value, path)
    name = tools.string(declaration, "name", path, required=True)
    description = tools.string(declaration, "description", path)
    schema_key = next((key for key in JSON_SCHEMA if declaration.get(key) is not None), None)
    read = set(_DECLARATION_KEYS)
    if schema_key is not None:
        parameters = tools.json_object(declaration, schema_key, path)
        read -= {"parameters", *(key for key in JSON_SCHEMA if key != schema_key)}
    else:
        parameters = tools.json_object(declaration, "parameters", path)
        if parameters is not None:
            parameters = _json_schema(parameters)
    tools.unread(index, declaration, read, path)
    tools.add(index, definition(name, description, parameters, None))


def _json_schema(schema: Any) -> Any:
    """Gemini's ``Schema`` as JSON Schema: ``type`` names lower-cased, at every level
    (the value is a bounded copy from ``read_wire``)."""
    if type(schema) is not dict:
        return schema
    found = dict(schema)
    kind = found.get("type")
    if type(kind) is list:
        found["type"] = [_type_name(item) for item in kind]
    elif kind is not None:
        found["type"] = _type_name(kind)
    for key in _SCHEMA_MAPS:
        if type(found.get(key)) is dict:
            found[key] = {name: _json_schema(item) for name, item in found[key].items()}
    if "items" in found:
        found["items"] = _json_schema(found["items"])
    for key in _SCHEMA_LISTS:
        if type(found.get(key)) is list:
            found[key] = [_json_schema(item) for item in found[key]]
    return found


def _type_name(kind: Any) -> Any:
    """A ``Schema`` type as JSON Schema names it: lower-cased, or the name of the
    proto enum number (``6`` -> ``object``) some clients send."""
    if type(kind) is str:
        return kind.lower()
    if type(kind) is int and 0 < kind < len(_TYPE_NUMBERS):
        return _TYPE_NUMBERS[kind]
    return kind


# The JSON Schema names of Gemini's ``Type`` enum numbers (0 is TYPE_UNSPECIFIED).
_TYPE_NUMBERS: Final = ("", "string", "number", "integer", "boolean", "array", "object", "null")
