"""The explaining engine: one untrusted message, read once, and every problem with it.

``inspect_message`` is the per-message boundary shared by the constructors
(``agent_ir.messages``) and by the conductor (``_conductor``), which asks it only about
the messages the fast engine (``_fast``) refused: snapshot (read once, copy), the
conversion and checks both engines share (``_convert``, ``_checks``), and, only when
those fail, the explanation: the JSON-object rule, each problem's stable code
(``_codes``) and the jsonschema reference (``_reference``, imported on first use).
"""

from __future__ import annotations

import functools
import re
from typing import Any, NamedTuple

import msgspec

from agent_ir import schemas
from agent_ir._errors import JsonValueError
from agent_ir._generated.message_schema import Message
from agent_ir._jsoncopy import INVALID, snapshot_json
from agent_ir._jsonobject import freeze_object
from agent_ir._paths import Path, Problem, path_key
from agent_ir.validation._checks import UNORDERED, check_timestamp, holds_a_set, values_valid
from agent_ir.validation._convert import convert_message

__all__ = ["Inspection", "inspect_message", "inspect_messages"]

# The JSON objects of a message sit three levels below it (content, index, arguments;
# a server tool's input and wire block) or five (content, index, citations, index,
# wire): MAX_DEPTH counts from there, as when each object is frozen on its own.


def _object_offset(path: Path) -> int:
    return 5 if len(path) > 2 and path[2] == "citations" else 3


# block type -> the properties of a block that are JSON objects (JsonObject in the
# schema), each checked by the JSON-object rule.
_OBJECT_FIELDS: dict[str, tuple[str, ...]] = {
    "toolCall": ("arguments",),
    "serverToolCall": ("input", "wire"),
    "serverToolResult": ("wire",),
}


class Inspection(NamedTuple):
    """The result of reading one message: ``message`` is None exactly when
    ``problems`` is not empty. ``plain`` is the snapshot (``INVALID`` where unreadable)."""

    message: Message | None
    plain: Any
    problems: list[Problem]


def inspect_message(entry: object) -> Inspection:
    """Read ``entry`` (a mapping in JSON form or an IR message) once and check it. An IR
    message built around a set is refused (``UNORDERED``)."""
    read_errors: list[JsonValueError] = []
    plain = snapshot_json(entry, read_errors, offset=_object_offset)
    if not read_errors:
        try:
            message = convert_message(plain)
        except (msgspec.ValidationError, JsonValueError):
            pass
        else:
            if values_valid((message,), [plain]):
                if issubclass(type(entry), msgspec.Struct) and holds_a_set(entry):
                    return Inspection(None, plain, [Problem((), "INVALID_MESSAGE", UNORDERED)])
                return Inspection(message, plain, [])
    problems = [Problem(e.path, _read_error_code(plain, e), e.reason) for e in read_errors]
    argument_problems, for_schema = _arguments_rule(plain, {e.path for e in read_errors})
    problems.extend(argument_problems)
    if read_errors or not argument_problems or not _valid_elsewhere(for_schema):
        problems.extend(_explain_message(for_schema))
    problems.extend(_timestamp_problems(plain))
    if not problems:
        # The fast path refused what the reference accepts: report rather than pass.
        problems.append(Problem((), "INVALID_MESSAGE", "is not a valid message"))
    return Inspection(None, plain, _ordered(problems))


def inspect_messages(entries: list[Any]) -> list[Inspection]:
    """``inspect_message`` of each of ``entries``: the conductor hands over every
    message the fast engine refused at once."""
    return [inspect_message(entry) for entry in entries]


def _read_error_code(plain: Any, error: JsonValueError) -> str:
    """A property whose read raised (an entry or block whose properties raise when read)
    is INVALID_MESSAGE, unless it lies inside a tool call's arguments value,
    where every problem is INVALID_TOOL_ARGUMENTS; anything else read but not JSON takes
    the code of its place in the schema."""
    inside_arguments = len(error.path) > 3 and error.path[2] == "arguments"
    if error.unreadable and not inside_arguments:
        return "INVALID_MESSAGE"
    return _code_for_path(plain, error.path)


def _arguments_rule(plain: Any, unreadable: set[Path]) -> tuple[list[Problem], Any]:
    """The JSON-object rule (``freeze_object``), applied once per JSON object of a block
    (a tool call's arguments, a server tool's input and wire block, a citation's wire
    object): its problems, and the snapshot to give the schema check, with each object
    replaced (a valid one by ``{}``, so jsonschema does not walk deep values; an invalid
    one by ``INVALID``, already reported)."""
    content = plain.get("content") if isinstance(plain, dict) else None
    if not isinstance(content, list):
        return [], plain
    problems: list[Problem] = []
    replaced = [
        _block_objects(plain, index, block, unreadable, problems)
        if isinstance(block, dict)
        else block
        for index, block in enumerate(content)
    ]
    if all(new is old for new, old in zip(replaced, content, strict=True)):
        return problems, plain
    return problems, {**plain, "content": replaced}


def _block_objects(
    plain: Any, index: int, block: dict[str, Any], unreadable: set[Path], problems: list[Problem]
) -> dict[str, Any]:
    """``block`` with each of its JSON objects checked and replaced (itself when it has
    none)."""
    kind = block.get("type")
    if type(kind) is not str:  # the schema says what is wrong with it
        return block
    fields = [field for field in _OBJECT_FIELDS.get(kind, ()) if field in block]
    citations = block.get("citations") if kind == "text" else None
    if not fields and not isinstance(citations, list):
        return block
    new_block = dict(block)
    for field in fields:
        at = ("content", index, field)
        new_block[field] = _object_rule(plain, block[field], at, unreadable, problems)
    if isinstance(citations, list):
        new_citations = list(citations)
        for number, citation in enumerate(citations):
            if isinstance(citation, dict) and "wire" in citation:
                where: Path = ("content", index, "citations", number, "wire")
                wire = _object_rule(plain, citation["wire"], where, unreadable, problems)
                new_citations[number] = {**citation, "wire": wire}
        new_block["citations"] = new_citations
    return new_block


def _object_rule(
    plain: Any, value: Any, path: Path, unreadable: set[Path], problems: list[Problem]
) -> Any:
    """``value`` checked as one JSON object within the depth bound: ``{}`` when it is
    one, else ``INVALID`` with its problems appended (none when the read failed, which
    is already reported)."""
    if value is INVALID or any(place[: len(path)] == path for place in unreadable):
        return INVALID
    try:
        freeze_object(value)
    except JsonValueError as error:
        at = (*path, *error.path)
        problems.append(Problem(at, _code_for_path(plain, at), error.reason))
        return INVALID
    return {}


def _valid_elsewhere(for_schema: Any) -> bool:
    """Whether a message whose only problems are in its JSON objects (each replaced by
    ``INVALID`` in ``for_schema``) has none elsewhere: with each replaced by ``{}``, the
    fast path accepts it. Then the reference, which leaves out what lies below an
    ``INVALID``, would find nothing, and is not asked (it costs about 30 times the fast
    path per message)."""
    content = for_schema.get("content") if isinstance(for_schema, dict) else None
    if not isinstance(content, list):
        return False
    blocks = [_objects_emptied(block) if isinstance(block, dict) else block for block in content]
    try:
        message = convert_message({**for_schema, "content": blocks})
    except (msgspec.ValidationError, JsonValueError):
        return False
    return values_valid((message,), [for_schema])


def _objects_emptied(block: dict[str, Any]) -> dict[str, Any]:
    """``block`` with each ``INVALID`` JSON object (as ``_block_objects`` placed it)
    replaced by ``{}``."""
    emptied = {key: {} if value is INVALID else value for key, value in block.items()}
    citations = emptied.get("citations")
    if isinstance(citations, list):
        emptied["citations"] = [
            {**citation, "wire": {}}
            if isinstance(citation, dict) and citation.get("wire") is INVALID
            else citation
            for citation in citations
        ]
    return emptied


def _timestamp_problems(plain: Any) -> list[Problem]:
    if not isinstance(plain, dict):
        return []
    timestamp = plain.get("timestamp")
    if not isinstance(timestamp, str) or check_timestamp(timestamp):
        return []
    if not _timestamp_pattern().search(timestamp):
        return []  # the schema's pattern failed: explain_message reported it
    return [Problem(("timestamp",), "INVALID_MESSAGE", "is not a real calendar date-time")]


@functools.cache
def _timestamp_pattern() -> re.Pattern[str]:
    # The schema's pattern ends with $, which in Python's re also matches before a final
    # newline (the schema refuses that newline with a "not" beside it): \Z is the end it
    # means, as in the generated type.
    pattern = schemas.load("message")["$defs"]["Timestamp"]["pattern"]
    return re.compile(pattern.removesuffix("$") + r"\Z" if pattern.endswith("$") else pattern)


# The jsonschema reference is imported only when a message must be explained: valid
# input never needs it, and importing jsonschema was a third of the command's start-up.
def _explain_message(plain: Any) -> list[Problem]:
    from agent_ir.validation._reference import explain_message

    return explain_message(plain)


def _code_for_path(plain: Any, path: Path) -> str:
    from agent_ir.validation._codes import code_for_path

    return code_for_path(plain, path)


def _ordered(problems: list[Problem]) -> list[Problem]:
    unique = list(dict.fromkeys(problems))
    return sorted(unique, key=lambda problem: path_key(problem.path))
