"""Tool definitions at the wire boundary, what every format shares: the definitions a
``to_*`` is given, and the definitions a ``from_*`` read from a request's ``tools``.

Each format's folder writes and reads its own shape (its ``_tools`` module); this one
checks what goes in and what comes out the same way for all of them:

- ``sent_tools``: the ``tools=`` of a ``to_*`` (a list or tuple of ``ToolDefinition``
  or their JSON form), read as ``validate_transcript`` reads them. Anything but a list
  or tuple is a ``TypeError`` (as the transcript is); a definition that
  ``validate_transcript`` would report (malformed, a name already declared, parameters
  that are no valid JSON Schema) is a ``TranscriptError`` holding those
  INVALID_TOOL_DEFINITION diagnostics, each with its ``tool_index``: what
  ``parse_transcript(..., tools=...)`` raises for them. Nothing is sent for a broken
  definition.
- ``ToolList``: a request's ``tools`` being read: the list itself (``WireFormatError``
  at ``/tools`` when it is not an array, at ``/tools/<i>`` when an entry is not an
  object, in the decode step's grammar: ``must be an object; it is a string ('f')``),
  the warnings about a tool (TOOL_NOT_READ for a hosted tool, PART_NOT_READ for a key
  with no IR form), and the definitions read, in JSON form, checked at the end as
  ``sent_tools`` checks them: a definition the IR refuses (a blank name, parameters
  that are no valid JSON Schema, a name declared twice) is a ``TranscriptError`` whose
  diagnostics carry the tool's index in the request's ``tools``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Set
from typing import Any

import msgspec

from agent_ir._errors import TranscriptError
from agent_ir._generated.transcript_schema import ToolDefinition
from agent_ir._paths import Path, to_pointer
from agent_ir._text import quoted
from agent_ir.validation._tools import read_tools
from agent_ir.wire._common import (
    ConversionWarningCode,
    Warnings,
    WireMessages,
    key_not_read,
    not_read,
    read_wire,
    unread_keys,
)
from agent_ir.wire._decode import describe_json, must_be

__all__ = ["ToolList", "checked_definitions", "definition", "read_with_tools", "sent_tools"]

JsonDict = dict[str, Any]


def sent_tools(function: str, tools: object) -> tuple[ToolDefinition, ...] | None:
    """The definitions of a ``to_*``'s ``tools`` (None: none given); see the module
    docstring for the errors."""
    if tools is None:
        return None
    if not issubclass(type(tools), (list, tuple)):
        raise TypeError(
            f"{function}: tools must be a list or tuple of tool definitions, "
            f"not {type(tools).__name__}"
        )
    read = read_tools(tools)
    if read.problems:
        raise TranscriptError(tuple(read.problems))
    return tuple(definition for definition in read.definitions if definition is not None)


class ToolList:
    """A request's ``tools`` being read by ``function`` (``from_openai_chat``...), with
    its warnings going to ``warnings``. ``offset``: how many levels above a tool's JSON
    Schema (``tools/<i>/function/parameters`` is 4) do not count toward the depth bound,
    since the IR bounds ``parameters`` from the schema itself."""

    def __init__(self, function: str, value: object, warnings: Warnings, offset: int) -> None:
        self.function = function
        self.warnings = warnings
        entries = read_wire(function, value, ("tools",), offset=offset)
        if type(entries) is not list:
            raise must_be(function, ("tools",), "an array", describe_json(entries))
        self.entries: list[Any] = entries
        self._read: list[JsonDict] = []
        self._positions: list[int] = []

    def entry(self, index: int) -> JsonDict:
        """Entry ``index``, an object."""
        entry = self.entries[index]
        if type(entry) is not dict:
            raise must_be(self.function, ("tools", index), "an object", describe_json(entry))
        return entry

    def add(self, index: int, definition: JsonDict) -> None:
        """The JSON form of the definition read from entry ``index``."""
        self._read.append(definition)
        self._positions.append(index)

    def not_read(self, index: int, kind: str) -> None:
        """TOOL_NOT_READ: entry ``index`` is a tool of type ``kind`` with no IR form (a
        tool the provider runs, or one whose input is no JSON object)."""
        self.warnings.add_tool(
            ConversionWarningCode.TOOL_NOT_READ,
            index,
            not_read(f"{to_pointer(('tools', index))} (a tool of type {quoted(kind)})"),
        )

    def unread(
        self,
        index: int,
        value: JsonDict,
        read: Set[str],
        path: Path,
        defaults: Mapping[str, Any] | None = None,
    ) -> None:
        """PART_NOT_READ for each key of ``value`` (at ``path``) with no IR form (null,
        and a key's value in ``defaults``, say nothing)."""
        for key in unread_keys(value, read, defaults=defaults):
            where = (*path, key)
            self.warnings.add_tool(
                ConversionWarningCode.PART_NOT_READ,
                index,
                key_not_read(where),
                path=to_pointer(where),
            )

    def string(self, value: JsonDict, key: str, path: Path, *, required: bool = False) -> Any:
        """``value[key]``, a string; None when it is absent or null (``must be a string;
        it is missing`` when ``required``)."""
        return self._typed(value, key, path, str, "a string", required)

    def json_object(self, value: JsonDict, key: str, path: Path, *, required: bool = False) -> Any:
        return self._typed(value, key, path, dict, "an object", required)

    def boolean(self, value: JsonDict, key: str, path: Path) -> Any:
        return self._typed(value, key, path, bool, "a boolean", False)

    def _typed(
        self, value: JsonDict, key: str, path: Path, kind: type, what: str, required: bool
    ) -> Any:
        if required and key not in value:
            raise must_be(self.function, (*path, key), what, "missing")
        found = value.get(key)
        if found is None and not required:
            return None
        if type(found) is not kind:
            raise must_be(self.function, (*path, key), what, describe_json(found))
        return found

    def definitions(self) -> tuple[ToolDefinition, ...]:
        """The definitions read, as the IR takes them (``checked_definitions``)."""
        return checked_definitions(self._read, self._positions)


def checked_definitions(read: list[JsonDict], positions: list[int]) -> tuple[ToolDefinition, ...]:
    """Definitions read from a request (JSON form; ``positions``: the index in the
    request's ``tools`` of each), as the IR takes them, checked as ``sent_tools`` checks
    what a ``to_*`` writes; ``TranscriptError`` (INVALID_TOOL_DEFINITION, its
    diagnostics' ``tool_index`` the position in the request) when it refuses one."""
    found = read_tools(read)
    if found.problems:
        raise TranscriptError(
            tuple(
                problem
                if problem.tool_index is None
                else msgspec.structs.replace(problem, tool_index=positions[problem.tool_index])
                for problem in found.problems
            )
        )
    return tuple(definition for definition in found.definitions if definition is not None)


def read_with_tools(
    function: str,
    tools: object,
    read_tools: Callable[[str, object, Warnings], tuple[ToolDefinition, ...]],
    read_messages: Callable[[], WireMessages],
) -> WireMessages:
    """A ``from_*``'s result: ``tools`` read first by the format's ``read_tools`` (None:
    none read, the result's ``tools`` is None), then the messages by
    ``read_messages``; the tools' warnings come before the messages'."""
    if tools is None:
        return read_messages()
    tool_warnings = Warnings()
    definitions = read_tools(function, tools, tool_warnings)
    read = read_messages()
    return WireMessages(read, (*tool_warnings.all(), *read.warnings), definitions)


def definition(
    name: str, description: str | None, parameters: JsonDict | None, strict: bool | None
) -> JsonDict:
    """The JSON form of a definition, without the fields it does not have."""
    found: JsonDict = {"name": name}
    if description is not None:
        found["description"] = description
    if parameters is not None:
        found["parameters"] = parameters
    if strict is not None:
        found["strict"] = strict
    return found
