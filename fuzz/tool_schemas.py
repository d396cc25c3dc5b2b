"""The ``tool_schemas`` target: a tool definition and a call's arguments through
``validate_transcript(..., tools=...)``. Importable without atheris.

The input is a structure (``fuzz.structures``): ``[parameters, arguments]``, seeded
with the hostile schemas of issue 36 (reference chains and doublings, self-references,
patterns of every kind: translated, unasserted, broken) and real ones (pydantic's
``Decimal``, dates); the mutations recombine their keywords, patterns and values.

The oracle, per input (``docs/tool-schemas.md``):

* ``validate_transcript`` never raises, within ``fuzz.targets.TIME_LIMIT``, and every
  diagnostic is writable; none is INVALID_TRANSCRIPT (the transcript was read);
* the tool is either broken (exactly one INVALID_TOOL_DEFINITION, its path inside the
  definition, and no TOOL_ARGUMENTS_MISMATCH) or its call's mismatches are at most
  ``LIMITS.errors_per_call`` + 1, each inside the call's arguments;
* the verdict is deterministic: the same input again (the compiled schema now cached),
  and the tools as a tuple, give the same diagnostics, sentences included;
* every pattern of the parameters has exactly one reading (translated, unasserted or
  refused), and a refused one at the root or in a root property makes the definition
  invalid;
* the input is not mutated.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from agent_ir import DiagnosticCode, validate_transcript
from agent_ir.validation._pattern_dialect import read_pattern
from agent_ir.validation._tool_profile import LIMITS

__all__ = ["TOOL_POOL", "tool_schemas"]

DECIMAL = "^(?!^[-+.]*$)[+-]?0*\\d*\\.?\\d*$"

TOOL_POOL: list[Any] = [
    [
        {
            "type": "object",
            "properties": {
                "day": {"type": "string", "pattern": "^\\d{4}-\\d{2}-\\d{2}$"},
                "price": {"anyOf": [{"type": "number"}, {"type": "string", "pattern": DECIMAL}]},
            },
            "required": ["day"],
        },
        {"day": "2024-02-29", "price": "1.50"},
    ],
    [
        {
            "patternProperties": {"^[\\w.-]+$": {"type": "string"}, "^(?=x)": {}},
            "additionalProperties": False,
            "propertyNames": {"pattern": "^[^\\s]+$"},
        },
        {"a.b": "x", "x y": 1},
    ],
    [
        {
            "$defs": {
                "n": {"properties": {"next": {"$ref": "#/$defs/n"}, "v": {"type": "integer"}}}
            },
            "$ref": "#/$defs/n",
        },
        {"next": {"next": {"v": "x"}}},
    ],
    [
        {
            "properties": {"a": {"allOf": [{"$ref": "#/$defs/d"}, {"$ref": "#/$defs/d"}]}},
            "$defs": {
                "d": {"anyOf": [{"$ref": "#/$defs/e"}, {"$ref": "#/$defs/e"}]},
                "e": {"type": "string", "pattern": "(a|a)*$"},
            },
        },
        {"a": "a" * 30 + "!"},
    ],
    [{"not": {"$ref": "#"}}, {}],
    [{"properties": {"a": {"pattern": "[\\W\\d]\\b(a)\\1[^]"}}}, {"a": "é"}],
    [{"properties": {"a": {"pattern": "(a"}}}, {"a": "a"}],
    [
        {"$schema": "http://json-schema.org/draft-07/schema#", "items": [{"pattern": "\\u0041"}]},
        ["B"],
    ],
]
"""``[parameters, arguments]`` bases (the seeds hold the same, written by ``fuzz.seeds``)."""

_TRANSCRIPT_HEAD = {"role": "user", "id": "u", "content": "go"}
_CODES = {DiagnosticCode.INVALID_TOOL_DEFINITION, DiagnosticCode.TOOL_ARGUMENTS_MISMATCH}
_ARGUMENTS = "/1/content/0/arguments"


def tool_schemas(data: bytes) -> None:
    """See the module docstring."""
    from fuzz.reference import same_json
    from fuzz.structures import decode_structure
    from fuzz.targets import OracleFailure, _plain_copy

    value = decode_structure(data, TOOL_POOL)
    before = _plain_copy(value)
    parameters, arguments = _split(value)
    _check(parameters, arguments)
    if not same_json(value, before):
        raise OracleFailure("validate_transcript mutated the tools or the transcript", "")


def _split(value: Any) -> tuple[Any, Any]:
    if type(value) is list and len(value) == 2:
        return value[0], value[1]
    return value, {}


def _check(parameters: Any, arguments: Any) -> None:
    from fuzz.targets import OracleFailure, _never_raises, check_writable

    transcript = _transcript(arguments)
    tool = {"name": "t", "parameters": parameters}
    found = _never_raises("validate_transcript", _validate, transcript, [tool])
    check_writable("validate_transcript", found)
    again = _never_raises("validate_transcript", _validate, transcript, [tool])
    as_tuple = _never_raises("validate_transcript", _validate, transcript, (tool,))
    if again != found or as_tuple != found:
        raise OracleFailure("tool verdict not deterministic", f"{found!r} != {again!r}"[:600])
    _check_tool_diagnostics(found)
    _check_patterns(parameters, found)


def _validate(transcript: list[Any], tools: Any) -> Any:
    return validate_transcript(transcript, tools=tools)


def _transcript(arguments: Any) -> list[Any]:
    call = {"type": "toolCall", "id": "c", "name": "t", "arguments": arguments}
    result = {"role": "toolResult", "id": "r", "toolCallId": "c", "toolName": "t",
              "content": "ok", "isError": False}  # fmt: skip
    return [_TRANSCRIPT_HEAD, {"role": "assistant", "id": "a", "content": [call]}, result]


def _check_tool_diagnostics(found: tuple[Any, ...]) -> None:
    from fuzz.targets import OracleFailure

    if any(d.code is DiagnosticCode.INVALID_TRANSCRIPT for d in found):
        raise OracleFailure("a tool made the transcript unreadable", repr(found)[:600])
    tool_codes = [d for d in found if d.code in _CODES]
    invalid = [d for d in tool_codes if d.code is DiagnosticCode.INVALID_TOOL_DEFINITION]
    mismatches = [d for d in tool_codes if d.code is DiagnosticCode.TOOL_ARGUMENTS_MISMATCH]
    if len(invalid) > 1 or (invalid and mismatches):
        raise OracleFailure("a broken tool is not one diagnostic alone", repr(tool_codes)[:600])
    if invalid and (invalid[0].tool_index != 0 or not _inside(invalid[0].path, "/parameters")):
        raise OracleFailure("a tool diagnostic misplaced", repr(invalid[0])[:600])
    if len(mismatches) > LIMITS.errors_per_call + 1:
        raise OracleFailure("more mismatches than the limit", f"{len(mismatches)}")
    for mismatch in mismatches:
        if not _inside(mismatch.path, _ARGUMENTS):
            raise OracleFailure("a mismatch outside the arguments", repr(mismatch)[:600])


def _inside(path: str, prefix: str) -> bool:
    return path == prefix or path.startswith(prefix + "/") or prefix == "/parameters" == path


def _check_patterns(parameters: Any, found: tuple[Any, ...]) -> None:
    from fuzz.targets import OracleFailure, _never_raises

    for pattern in _patterns(parameters):
        reading = _never_raises("read_pattern", read_pattern, pattern)
        if [part is not None for part in reading].count(True) != 1:
            raise OracleFailure("a pattern without exactly one reading", repr((pattern, reading)))
    invalid = any(d.code is DiagnosticCode.INVALID_TOOL_DEFINITION for d in found)
    for pattern in _surely_patterns(parameters):
        if read_pattern(pattern).problem is not None and not invalid:
            raise OracleFailure("a refused pattern in a valid definition", repr(pattern))


def _patterns(parameters: Any) -> Iterator[str]:
    """The strings under a ``pattern`` key and the keys of ``patternProperties``
    objects, wherever they are (not only in subschemas: a superset to read)."""
    pending = [parameters]
    while pending:
        value = pending.pop()
        if type(value) is dict:
            for key, held in value.items():
                if key == "pattern" and type(held) is str:
                    yield held
                if key == "patternProperties" and type(held) is dict:
                    yield from held
                pending.append(held)
        elif type(value) is list:
            pending.extend(value)


def _surely_patterns(parameters: Any) -> Iterator[str]:
    """The ``pattern`` of the root and of each of its ``properties``: subschemas
    whatever else the parameters hold."""
    if type(parameters) is not dict:
        return
    schemas = [parameters]
    properties = parameters.get("properties")
    if type(properties) is dict:
        schemas += [schema for schema in properties.values() if type(schema) is dict]
    for schema in schemas:
        if type(schema.get("pattern")) is str:
            yield schema["pattern"]
