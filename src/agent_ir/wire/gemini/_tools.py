"""Tool definitions and Gemini ``tools``, both ways (the mapping:
``docsgen/mapping/gemini.md``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from agent_ir._generated.transcript_schema import ToolDefinition
from agent_ir._paths import Path, to_pointer
from agent_ir._text import quoted
from agent_ir.wire._common import (
    ConversionWarningCode,
    Warnings,
    WireFormatError,
    key_not_read,
    not_read,
    plain_arguments,
    read_wire,
)
from agent_ir.wire._decode import WireError, describe_json, path_of, pointer, refused
from agent_ir.wire._tools import checked_definitions, definition
from agent_ir.wire.gemini import _wire as gemini

__all__ = ["gemini_tools", "read_gemini_tools"]

JsonDict = dict[str, Any]

# The levels of tools/<i>/functionDeclarations/<j>/parametersJsonSchema: the IR bounds
# a schema from itself.
SCHEMA_OFFSET: Final = 5
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
    """The definitions of a request's ``tools``, entry by entry: each decoded into
    ``_wire.Tool`` (``WireFormatError`` at its path when it is not of that shape), its
    declarations read and each other key TOOL_NOT_READ at ``/tools/<i>``."""
    entries = read_wire(function, value, ("tools",), offset=SCHEMA_OFFSET)
    if type(entries) is not list:
        found = describe_json(entries)
        raise WireFormatError(function, ("tools",), f"must be an array; it is {found}")
    read: list[JsonDict] = []
    positions: list[int] = []
    for index, entry in enumerate(entries):
        root: Path = ("tools", index)
        try:
            decoded = gemini.decode_camel(entry, gemini.Tool)
        except WireError as error:
            raise refused(function, error, entry, root) from None
        tool = _Entry(warnings, index, decoded, entry)
        for definition_read in tool.read():
            read.append(definition_read)
            positions.append(index)
    return checked_definitions(read, positions)


class _Entry:
    """One decoded entry of ``tools`` being read: its warnings in the order of its keys."""

    def __init__(self, warnings: Warnings, index: int, decoded: gemini.Response, raw: Any) -> None:
        self._warnings, self._index, self._raw = warnings, index, raw
        self._value: gemini.Tool = decoded.decoded.value
        self._renamed, self._spelled = decoded.data, decoded.spelled
        self._unread: dict[str, list[str]] = {}
        for place in decoded.decoded.unread:
            parent, _, key = place.rpartition("/")
            self._unread.setdefault(parent, []).append(key.replace("~1", "/").replace("~0", "~"))

    def read(self) -> list[JsonDict]:
        found: list[JsonDict] = []
        others = self._unread.get("", [])
        for key in self._renamed:
            if key == "functionDeclarations" and self._value.function_declarations is not None:
                for position, declaration in enumerate(self._value.function_declarations):
                    found.append(self._declaration(f"/{key}/{position}", declaration))
            elif key in others:
                what = f"{to_pointer(('tools', self._index))} (a tool of type {quoted(key)})"
                self._warnings.add_tool(
                    ConversionWarningCode.TOOL_NOT_READ, self._index, not_read(what)
                )
        return found

    def _declaration(self, at: str, declaration: gemini.FunctionDeclaration) -> JsonDict:
        parameters = declaration.parameters_json_schema
        extra: list[str] = []
        if parameters is None:
            parameters = declaration.parameters
            if parameters is not None:
                parameters = _json_schema(parameters)
        elif declaration.parameters is not None:
            extra.append("parameters")
        keys = [*self._unread.get(at, []), *extra]
        if extra and len(keys) > 1:
            order = list(_at(self._renamed, at))
            keys.sort(key=order.index)
        for key in keys:
            sent = gemini.as_sent(pointer(at, key), self._spelled)
            where = path_of(("tools", self._index), self._raw, sent)
            self._warnings.add_tool(
                ConversionWarningCode.PART_NOT_READ,
                self._index,
                key_not_read(where),
                path=to_pointer(where),
            )
        return definition(declaration.name, declaration.description, parameters, None)


def _at(value: Any, at: str) -> Any:
    for key in at.split("/")[1:]:
        value = value[int(key)] if type(value) is list else value[key]
    return value


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
