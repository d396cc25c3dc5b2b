"""Tool definitions: reading them, and checking each call against the tool it names.

``read_tools`` reads the ``tools`` given to ``validate_transcript`` (``ToolDefinition``
objects or their JSON form) once per transcript, never raising: a definition that is
malformed, names a tool already declared, or whose ``parameters`` is no valid JSON
Schema is one INVALID_TOOL_DEFINITION carrying its ``tool_index`` (its path points into
the definition). ``Tools.check_calls`` then reports, for each tool call:

* UNDECLARED_TOOL: its name is declared by no tool;
* TOOL_ARGUMENTS_MISMATCH: its arguments do not validate against the tool's
  ``parameters``, one diagnostic per failing keyword and place (the same keyword
  reached by several routes through the parameters is one), its path inside the
  arguments (``/3/content/1/arguments/location``), its sentence the keyword's template
  (``keyword_sentences.json``, which the npm package fills too) filled with the
  keyword's value and the failing value, cut (``_keyword_sentences``); at most
  ``LIMITS.errors_per_call`` per call, then one at the arguments counting the rest.

A call naming a tool whose definition is broken gets neither (its tool is declared,
and there is nothing sound to check it against).

Before anything is compiled, the ``parameters`` are checked against the tool-schema
profile (``agent_ir.validation._tool_profile``, ``docs/tool-schemas.md``): bounded size, local
references, portable patterns, and a bounded number of subschemas evaluated at each
place of the arguments, so that checking a call is linear in its arguments. A schema
outside it is one INVALID_TOOL_DEFINITION at the first problem.

The ``parameters`` are then compiled by jsonschema-rs, not by the pure-Python
``jsonschema`` the shape reference uses: measured on a weather tool's arguments,
``jsonschema``'s ``is_valid`` took 76 us per call (22x ``json.loads`` of the
arguments), jsonschema-rs 0.5 us. Its dialect is the schema's ``$schema`` (Draft
2020-12 when absent, or draft-07); ``format`` is an annotation; ``pattern`` is matched
by Rust's linear ``regex`` crate on its ECMA-262 translation, and a pattern with
lookaround or back-references is an annotation too (``agent_ir.validation._tool_patterns``); a
``$ref`` outside the schema is never fetched. What
compiling a schema gave (its validator, or why it is none) is kept in a cache keyed by
its JSON text and bounded in entries and in bytes of that text (``CACHE_BYTES``), so
the same tools on every line of a dataset are compiled once per process and distinct
tools on every line keep the memory flat.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import msgspec

from agent_ir import schemas
from agent_ir._errors import JsonValueError
from agent_ir._frozen import FrozenMapping, plain_data
from agent_ir._generated.diagnostic_schema import Diagnostic, DiagnosticCode
from agent_ir._generated.message_schema import AssistantMessage, Message, ToolCallBlock
from agent_ir._generated.transcript_schema import ToolDefinition
from agent_ir._jsoncopy import snapshot_json, snapshot_sequence
from agent_ir._paths import (
    NOTHING,
    KeyIndex,
    Path,
    PathSegment,
    exact_path,
    format_path,
    places,
    rust_path,
    same_json,
    to_pointer,
    unescape_segment,
)
from agent_ir._text import QUOTE_CHARS, cut, is_blank, is_valid_unicode, quoted
from agent_ir.validation._convert import convert_value
from agent_ir.validation._diagnostics import diagnostic
from agent_ir.validation._explain import Inspection
from agent_ir.validation._keyword_sentences import fill, js_key_order
from agent_ir.validation._linkage import tool_call_blocks
from agent_ir.validation._tool_patterns import compiled_form, original_path, original_value
from agent_ir.validation._tool_profile import LIMITS, read_profile

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

# jsonschema and jsonschema_rs are imported where tools are read: a check without tools
# never needs them, and importing them was a sixth of the command's start-up.

__all__ = ["Tools", "read_tools"]

_TOOL_REF = "https://agent-ir.dev/schemas/v1/transcript.schema.json#/$defs/ToolDefinition"
_CACHE_SIZE = 512
CACHE_BYTES = 4 * 1024 * 1024
"""The most JSON text of compiled parameters kept (see ``_Compiled``)."""
_MOST_DECLARED_SHOWN = 5


class _Tool(NamedTuple):
    position: int  # its index in the tools
    validator: Any  # a compiled jsonschema-rs validator; None: any arguments object
    broken: bool  # the definition has a problem: its calls are not checked
    originals: dict[str, str | None]  # its patterns as compiled -> as written
    widest: int  # the most subschemas its parameters evaluate at one place


class Tools:
    """The tools of one transcript: each declared name, and the problems of the
    definitions (``problems``). ``readable``: False when the tools as a whole could not
    be read (not a list or tuple): then no call is checked (each would be undeclared)."""

    __slots__ = ("by_name", "definitions", "problems", "readable")

    def __init__(
        self,
        definitions: tuple[ToolDefinition | None, ...],
        by_name: dict[str, _Tool],
        problems: list[Diagnostic],
        readable: bool = True,
    ) -> None:
        self.definitions = definitions
        self.by_name = by_name
        self.problems = problems
        self.readable = readable

    def check_calls(
        self, messages: Sequence[Message | None], malformed: Mapping[int, Inspection]
    ) -> list[Diagnostic]:
        """The diagnostics of every call of ``messages`` (None where malformed: the
        well-formed calls of its snapshot in ``malformed`` are checked)."""
        found: list[Diagnostic] = []
        if not self.readable:
            return found
        by_name = self.by_name
        for message_index, message in enumerate(messages):
            if type(message) is AssistantMessage:
                for block_index, block in enumerate(message.content):
                    if type(block) is not ToolCallBlock:
                        continue
                    assert isinstance(block, ToolCallBlock)
                    tool = by_name.get(block.name)
                    arguments = _plain(block.arguments)
                    if tool is not None and (
                        tool.broken or tool.validator is None or tool.validator.is_valid(arguments)
                    ):
                        continue  # the common case, checked without a generator
                    found += self._call(message_index, block_index, block, arguments)
            elif message is None and message_index in malformed:
                found += self._malformed_calls(message_index, malformed[message_index])
        return found

    def _malformed_calls(self, message_index: int, inspection: Inspection) -> Iterator[Diagnostic]:
        plain = inspection.plain  # a snapshot of another role holds no calls (tool_call_blocks)
        broken = {
            problem.path[1]
            for problem in inspection.problems
            if len(problem.path) > 1 and problem.path[0] == "content"
        }
        for block_index, block in tool_call_blocks(plain):
            if block_index not in broken:
                call = _PlainCall(block["id"], block["name"])
                yield from self._call(message_index, block_index, call, block["arguments"])

    def _call(
        self, message_index: int, block_index: int, call: ToolCallBlock | _PlainCall, arguments: Any
    ) -> Iterator[Diagnostic]:
        tool = self.by_name.get(call.name)
        if tool is None:
            yield diagnostic(
                DiagnosticCode.UNDECLARED_TOOL,
                message_index,
                ("content", block_index, "name"),
                f"tool call {quoted(call.id)} names {quoted(call.name)}, which no tool "
                f"declares ({self._declared()})",
            )
            return
        if tool.broken or tool.validator is None or tool.validator.is_valid(arguments):
            return
        values, text = argument_size(arguments)
        cost = (values * LIMITS.value_bytes + text) * tool.widest
        if cost > LIMITS.explained_work:
            yield diagnostic(
                DiagnosticCode.TOOL_ARGUMENTS_MISMATCH,
                message_index,
                ("content", block_index, "arguments"),
                f"the arguments of tool call {quoted(call.id)} do not match the parameters "
                f"of tool {tool.position} ({cut(call.name)}); the places are not listed: "
                f"explaining them would cost {cost} bytes ({values} values at "
                f"{LIMITS.value_bytes} and {text} bytes of text, times the {tool.widest} "
                "subschemas evaluated at one place), more than the "
                f"{LIMITS.explained_work} explained per tool call",
            )
            return
        definition = self.definitions[tool.position]
        declared = None if definition is None else definition.parameters
        parameters = None if declared is None else plain_data(declared)
        mismatches = _mismatches(tool.validator, arguments, parameters, tool.originals)
        shown = mismatches[: LIMITS.errors_per_call]
        for where, keyword, schema_path, message in shown:
            yield diagnostic(
                DiagnosticCode.TOOL_ARGUMENTS_MISMATCH,
                message_index,
                ("content", block_index, "arguments", *where),
                f"the arguments of tool call {quoted(call.id)} do not match the parameters "
                f"of tool {tool.position} ({cut(call.name)}): {message} (keyword "
                f"{keyword} at {_pointer(schema_path)} of the parameters)",
            )
        if len(mismatches) > len(shown):
            yield diagnostic(
                DiagnosticCode.TOOL_ARGUMENTS_MISMATCH,
                message_index,
                ("content", block_index, "arguments"),
                f"the arguments of tool call {quoted(call.id)} do not match the parameters "
                f"of tool {tool.position} ({cut(call.name)}) in {len(mismatches) - len(shown)} "
                f"more places not listed (at most {LIMITS.errors_per_call} are listed per "
                "tool call)",
            )

    def _declared(self) -> str:
        names = list(self.by_name)
        if not names:
            return "none is declared"
        shown = ", ".join(quoted(name) for name in names[:_MOST_DECLARED_SHOWN])
        more = len(names) - _MOST_DECLARED_SHOWN
        return f"declared: {shown}" + (f" and {more} more" if more > 0 else "")


# plain_data without the call: the data of a JsonObject (read once per tool call)
_plain = FrozenMapping.__dict__["_data"].__get__


def argument_size(arguments: Any) -> tuple[int, int]:
    """What explaining a call's arguments (plain JSON data) may cost is counted from: the
    number of its values (each may be the place of an error) and the UTF-8 bytes of its
    strings and keys (each error copies the value it is about). Counted by walking the
    value, so that TypeScript counts the same (compact JSON text would not: its numbers
    are written differently)."""
    values = text = 0
    stack = [arguments]
    while stack:
        value = stack.pop()
        values += 1
        kind = type(value)
        if kind is str:
            text += _utf8_length(value)
        elif kind is dict:
            text += sum(_utf8_length(key) for key in value)
            stack.extend(value.values())
        elif kind is list:
            stack.extend(value)
    return values, text


def _utf8_length(text: str) -> int:
    """UTF-8 bytes of ``text``; a lone surrogate (the IR has none, a malformed call's
    snapshot may) counts 3, as TypeScript counts it."""
    if text.isascii():  # no copy of a long ASCII text
        return len(text)
    return len(text.encode("utf-8", "surrogatepass"))


class _PlainCall(NamedTuple):
    id: str
    name: str


class _Mismatch(NamedTuple):
    """One failing keyword, without the error it was read from (which holds a copy of
    the failing value): its place in the arguments, keyword, place in the parameters,
    sentence."""

    where: Path
    keyword: str
    schema_path: Path
    message: str


def _mismatches(
    validator: Any, arguments: Any, parameters: Any, originals: dict[str, str | None]
) -> list[_Mismatch]:
    """The failing keywords of ``arguments``, each once (the same keyword reached by two
    routes through the parameters is one), by place in the arguments then in the
    parameters. jsonschema-rs builds its errors all at once, each with a copy of its
    failing value; each is read into a ``_Mismatch`` and let go. Its sentence is built
    from the keyword, its value and the failing value (``_sentence``); jsonschema-rs's
    own sentence (the failing value masked) only tells its errors apart.
    ``originals``: the patterns as compiled -> as written in ``parameters``, which the
    sentences quote."""
    read: dict[tuple[tuple[Any, ...], tuple[Any, ...], str, Any], tuple[Any, Any, Any]] = {}
    for error in validator.iter_errors(arguments):
        schema_path = original_path(tuple(error.schema_path), originals)
        given = (tuple(error.instance_path), schema_path, error.message, _scalar(error.instance))
        if given not in read:  # else the same keyword by another route, or another key
            read[given] = (_failing_value(error), error.instance, error.kind)
    found: dict[_Mismatch, None] = {}
    keys = KeyIndex()  # the searches of every error share it
    located = _Located(validator, arguments, parameters, originals)
    for (instance_path, schema_path, _, _), (value, instance, kind) in read.items():
        # once per place in them; a false subschema's path ends at it, where jsonschema-rs
        # leaves an empty name out ("$defs" for "$defs/"): the place holding false
        held_there = False if kind.name == "falseSchema" else NOTHING
        meant = places(parameters, schema_path, held_there, keys=keys)
        exact = meant[0] if len(meant) == 1 else tuple(schema_path)  # exact_path's choice
        for where, named in _wheres(arguments, instance_path, schema_path, value, keys, located):
            if not _held_yet_required(kind, arguments, where):
                place = named or exact
                if len(meant) > 1 and not named:
                    # several places (properties or $defs "0" and "00"): the one the
                    # evaluation output names for this place in the arguments
                    told = {n for w, n in located.places(instance_path, schema_path) if w == where}
                    place = told.pop() if len(told) == 1 else place
                held = _held(arguments, where, instance)
                found[_mismatch(kind, where, held, schema_path, place, parameters, originals)] = (
                    None
                )
    return sorted(found, key=_mismatch_order)


def _mismatch(
    kind: Any,
    where: Path,
    held: Any,
    schema_path: tuple[Any, ...],
    exact: Path,
    parameters: Any,
    originals: dict[str, str | None],
) -> _Mismatch:
    """The mismatch of an error of ``kind`` at ``where`` in the arguments (holding
    ``held``) and ``exact`` in the parameters, its sentence filled (``_facts``)."""
    keyword, facts = _facts(kind, held, schema_path, originals)
    keyword = _contains_bound(keyword, facts, parameters, exact)
    if keyword in ("const", "enum"):  # the value as written (jsonschema-rs sorts keys)
        written = _written_value(parameters, exact)
        if written is not NOTHING:
            facts["expected" if keyword == "const" else "options"] = written
    facts.setdefault("value", held)
    return _Mismatch(where, _keyword(exact), exact, fill(keyword, facts))


_SCALARS = (str, int, float, bool, type(None))


def _scalar(instance: Any) -> Any:
    """What tells apart two errors jsonschema-rs gives at one path with one sentence
    (keys "0" and "00" are one path to it, and the failing value is masked): a scalar
    failing value with its type (1, 1.0 and True are equal in Python); None for a
    container, which is not copied again."""
    kind = type(instance)
    return (kind.__name__, instance) if kind in _SCALARS else None


def _contains_bound(keyword: str, facts: dict[str, Any], parameters: Any, exact: Path) -> str:
    """A ``contains`` error jsonschema-rs gives at ``minContains`` or ``maxContains``
    (at ``exact``): the template of that bound, its value in ``facts``."""
    if keyword != "contains" or not exact or exact[-1] not in ("minContains", "maxContains"):
        return keyword
    limit = _written_value(parameters, exact)
    if type(limit) not in (int, float):
        return keyword
    facts["limit"] = limit
    return str(exact[-1])


def _written_value(parameters: Any, exact: Path) -> Any:
    """The value at ``exact`` in ``parameters``; nothing when it names no place."""
    held = parameters
    for part in exact:
        try:
            held = held[part]
        except (KeyError, IndexError, TypeError):
            return NOTHING
    return held


def _held(arguments: Any, where: Path, instance: Any) -> Any:
    """The value at ``where`` in ``arguments`` (the failing value as the call holds it);
    ``instance`` (jsonschema-rs's copy) when ``where`` names no place exactly."""
    held = arguments
    for part in where:
        try:
            held = held[part]
        except (KeyError, IndexError, TypeError):
            return instance
    return held


def _facts(
    kind: Any, held: Any, schema_path: tuple[Any, ...], originals: dict[str, str | None]
) -> tuple[str, dict[str, Any]]:
    """The template (``keyword_sentences.json``) of a jsonschema-rs error kind and the
    facts it is filled with: the keyword's value as jsonschema-rs read it, the failing
    value ``held`` (the value at the error's place in the arguments)."""
    name = kind.name
    if name == "propertyNames":  # a property name failed: the sentence of its keyword
        inner = kind.error
        keyword, facts = _facts(inner.kind, inner.instance, schema_path, originals)
        facts.setdefault("value", inner.instance)
        return keyword, facts
    if name == "falseSchema":
        held_by = schema_path[-1] if schema_path else None
        if held_by in ("additionalProperties", "propertyNames") and type(held) is dict:
            # jsonschema-rs's error for a false additionalProperties without properties
            # (every name is refused), or a false propertyNames: at the object
            keyword = "propertyNames/falseSchema"
            if held_by == "additionalProperties":
                keyword = "additionalProperties"
            return keyword, {"unexpected": js_key_order(held)}
        return name, {}
    reader = _FACTS.get(name)
    return reader(kind, held, originals) if reader is not None else _other(kind)


def _other(kind: Any) -> tuple[str, dict[str, Any]]:
    return kind.name, {}


def _limit(kind: Any, held: Any, originals: dict[str, str | None]) -> tuple[str, dict[str, Any]]:
    return kind.name, {"limit": kind.limit}


def _unexpected(
    kind: Any, held: Any, originals: dict[str, str | None]
) -> tuple[str, dict[str, Any]]:
    return kind.name, {"unexpected": js_key_order(kind.unexpected)}


def _pattern(kind: Any, held: Any, originals: dict[str, str | None]) -> tuple[str, dict[str, Any]]:
    return "pattern", {"pattern": originals.get(kind.pattern) or kind.pattern}


def _enum(kind: Any, held: Any, originals: dict[str, str | None]) -> tuple[str, dict[str, Any]]:
    return ("enum" if kind.options else "enum/empty"), {"options": kind.options}


def _one_of(kind: Any, held: Any, originals: dict[str, str | None]) -> tuple[str, dict[str, Any]]:
    import jsonschema_rs

    several = isinstance(kind, jsonschema_rs.ValidationErrorKind.OneOfMultipleValid)
    return ("oneOf/several" if several else "oneOf"), {}


def _additional_items(
    kind: Any, held: Any, originals: dict[str, str | None]
) -> tuple[str, dict[str, Any]]:
    count = len(held) - kind.limit if type(held) is list else 0
    return "additionalItems", {"limit": kind.limit, "count": count}


_FACTS: dict[str, Any] = {
    "type": lambda kind, held, originals: ("type", {"types": sorted(kind.types)}),
    "enum": _enum,
    "const": lambda kind, held, originals: ("const", {"expected": kind.expected_value}),
    "required": lambda kind, held, originals: ("required", {"property": kind.property}),
    "additionalProperties": _unexpected,
    "unevaluatedProperties": _unexpected,
    "unevaluatedItems": lambda kind, held, originals: (
        "unevaluatedItems",
        {"count": len(kind.unexpected)},
    ),
    "additionalItems": _additional_items,
    "maxLength": _limit,
    "minLength": _limit,
    "maxItems": _limit,
    "minItems": _limit,
    "maxProperties": _limit,
    "minProperties": _limit,
    "minimum": _limit,
    "maximum": _limit,
    "exclusiveMinimum": _limit,
    "exclusiveMaximum": _limit,
    "multipleOf": lambda kind, held, originals: ("multipleOf", {"limit": kind.multiple_of}),
    "pattern": _pattern,
    "oneOf": _one_of,
}
"""jsonschema-rs's error kind -> its template and facts (any other: its name, no facts)."""


def _wheres(
    arguments: Any,
    given: tuple[Any, ...],
    schema_path: tuple[Any, ...],
    value: Any,
    keys: KeyIndex,
    located: _Located,
) -> list[tuple[Path, Path]]:
    """The places in ``arguments`` of the errors read at jsonschema-rs's ``given`` path
    and ``schema_path`` with one keyword and sentence (``value``: the first one's
    failing value), each with its place in the parameters when known (else ``()``).
    jsonschema-rs's paths read a key of digits as an index ("0", "00" and "+0" are all
    0) and leave empty keys out: when that leaves one place holding the failing value,
    it is the error's; else the places come from jsonschema-rs's evaluation output
    (``_Located``), whose locations are exact, each once (the same keyword reached by
    several routes is one)."""
    candidates = places(arguments, given, value, 1, keys)
    if len(candidates) == 1:
        return [(candidates[0], ())]
    exact = [
        (where, named)
        for where, named in located.places(given, schema_path)
        if value is NOTHING or same_json(_held(arguments, where, NOTHING), value)
    ]
    return exact or [(exact_path(arguments, given, value, keys), ())]


class _Located:
    """The exact places of a call's failing keywords, from jsonschema-rs's evaluation
    output (``evaluate``: JSON Pointers, which keep "00" and "" as written), by the
    paths its errors give them (``rust_path``); read once per call, only when some
    error's path means several places of the arguments."""

    def __init__(
        self, validator: Any, arguments: Any, parameters: Any, originals: dict[str, str | None]
    ) -> None:
        self.validator = validator
        self.arguments = arguments
        self.parameters = parameters
        self.originals = originals
        self.by_path: dict[tuple[Path, Path], dict[tuple[Path, Path], None]] | None = None

    def places(
        self, given: tuple[Any, ...], schema_path: tuple[Any, ...]
    ) -> list[tuple[Path, Path]]:
        if self.by_path is None:
            self.by_path = {}
            try:
                errors = self.validator.evaluate(self.arguments).errors()
            except Exception:  # no output: the paths are told as before
                errors = []
            for error in errors:
                where = _walk(self.arguments, error.get("instanceLocation"), {})
                named = _walk(self.parameters, error.get("schemaLocation"), self.originals)
                if where is None or named is None:
                    continue
                key = (rust_path(where), rust_path(named))
                self.by_path.setdefault(key, {})[(where, named)] = None
        return list(self.by_path.get((tuple(given), tuple(schema_path)), ()))


def _walk(value: Any, pointer: Any, originals: dict[str, str | None]) -> Path | None:
    """The path a JSON Pointer of jsonschema-rs's output names in ``value`` (an index
    where it meets an array; a ``patternProperties`` key as written, ``originals``);
    None when it names no place."""
    if type(pointer) is not str or (pointer and not pointer.startswith("/")):
        return None
    path: list[PathSegment] = []
    held = value
    for segment in pointer.split("/")[1:] if pointer else ():
        part = unescape_segment(segment)
        if path and path[-1] == "patternProperties" and originals.get(part) is not None:
            part = originals[part] or part
        if type(held) is list and part.isascii() and part.isdigit() and int(part) < len(held):
            path.append(int(part))
            held = held[int(part)]
        elif type(held) is dict and part in held:
            path.append(part)
            held = held[part]
        else:
            return None
    return tuple(path)


def _mismatch_order(mismatch: _Mismatch) -> tuple[Any, ...]:
    """By place in the arguments (an index and a key never meet at one depth: a value
    is an array or an object), then in the parameters."""
    return (mismatch.where, tuple(str(part) for part in mismatch.schema_path), mismatch.message)


_MASK = "\x00agent-ir failing value\x00"
"""What jsonschema-rs writes in a sentence instead of the failing value (``mask``):
the value is written by ``_unmasked``, cut, instead of whole in every sentence."""


def _unmasked(message: str, value: Any) -> str:
    """jsonschema-rs's sentence with the failing value written where it was masked,
    cut as a sentence quotes data; the sentence then cut as before."""
    if _MASK not in message:
        return cut(message)
    shown = "the value"
    if value is not NOTHING:
        with contextlib.suppress(TypeError, ValueError, OverflowError):
            shown = cut(msgspec.json.encode(value).decode())
    return cut(shown.join(message.split(_MASK)), 2 * QUOTE_CHARS)


def _failing_value(error: Any) -> Any:
    """The value an error is at, to tell which place its path means (``exact_path``);
    nothing for a false schema, whose error jsonschema-rs gives at the object holding
    the refused value (``additionalProperties: false``) but with that value."""
    if error.message.startswith("False schema does not allow "):
        return NOTHING
    return error.instance


def _held_yet_required(kind: Any, arguments: Any, where: Path) -> bool:
    """Whether a ``required`` error says a name is missing from an object that holds
    it. jsonschema-rs (0.61) says so when the parameters list ``properties`` without
    that name and forbid ``additionalProperties``: the name is then reported twice, as
    unexpected (which it is) and as missing (which it is not). Found by the TypeScript
    package's differential run; the sentence is dropped, the other kept. ``where``: the
    error's place in ``arguments``."""
    if kind.name != "required":
        return False
    held = arguments
    for part in where:
        try:
            held = held[part]
        except (KeyError, IndexError, TypeError):
            return False  # a place the path does not name exactly: keep the sentence
    return type(held) is dict and kind.property in held


# The keywords whose value maps names to subschemas or lists: the part after them in a
# path is a name, not a keyword.
_NAMING = frozenset(
    {
        "properties",
        "patternProperties",
        "$defs",
        "definitions",
        "dependentSchemas",
        "dependencies",
        "dependentRequired",
    }
)


def _keyword(schema_path: Sequence[Any]) -> str:
    """The keyword a place in the parameters is at: the last part of its path that is
    neither an index nor a name under a keyword naming subschemas (``properties``); a
    false subschema is at the keyword holding it."""
    keyword = "schema"
    index = 0
    while index < len(schema_path):
        part = schema_path[index]
        index += 1
        if isinstance(part, str):
            keyword = part
            index += part in _NAMING
    return keyword


def _pointer(path: Sequence[str | int]) -> str:
    return to_pointer(tuple(path)) or "/"


def read_tools(value: object) -> Tools:
    """The tools of ``value`` (a list or tuple of ``ToolDefinition`` or their JSON form);
    never raises: what is wrong is in ``problems``."""
    if not issubclass(type(value), (list, tuple)):
        reason = f"tools must be a list or tuple of tool definitions, not {type(value).__name__}"
        problem = diagnostic(DiagnosticCode.INVALID_TOOL_DEFINITION, -1, (), reason)
        return Tools((), {}, [problem], readable=False)
    entries = snapshot_sequence(value)  # through the base type: overrides are never run
    definitions: list[ToolDefinition | None] = []
    by_name: dict[str, _Tool] = {}
    problems: list[Diagnostic] = []
    for index, entry in enumerate(entries):
        definition, name, found = _definition(entry)
        outcome = _Outcome(None)
        if definition is not None:
            outcome, found = _compile(definition, by_name)
        definitions.append(definition)
        problems += (_on_tool(index, problem) for problem in found)
        if name is not None and name not in by_name:
            by_name[name] = _Tool(
                index, outcome.validator, bool(found), outcome.originals, outcome.widest
            )
    return Tools(tuple(definitions), by_name, problems)


def _on_tool(index: int, problem: Diagnostic) -> Diagnostic:
    return msgspec.structs.replace(problem, tool_index=index)


def _definition(entry: object) -> tuple[ToolDefinition | None, str | None, list[Diagnostic]]:
    """The definition of one entry and the name it declares, or its first problem (its
    path inside the definition) and the name, when one is readable: a call naming a
    broken tool is not UNDECLARED_TOOL."""
    if type(entry) is ToolDefinition:
        return entry, entry.name, []  # checked when it was made
    problems: list[JsonValueError] = []
    plain = snapshot_json(entry, problems, offset=_parameters_offset)
    if problems:  # one diagnostic per broken tool: the first place read that is wrong
        return None, _readable_name(plain), [_problem(problems[0].path, problems[0].reason)]
    try:
        definition = convert_value(plain, ToolDefinition)
        return definition, definition.name, []
    except (msgspec.ValidationError, JsonValueError):
        pass
    return None, _readable_name(plain), [_problem(path, reason) for path, reason in _explain(plain)]


def _readable_name(plain: Any) -> str | None:
    """The name a malformed definition declares: a string with a visible character."""
    name = plain.get("name") if type(plain) is dict else None
    if type(name) is not str or is_blank(name) or not is_valid_unicode(name):
        return None
    return name


def _parameters_offset(path: Path) -> int:
    """``parameters`` is a JSON object of the IR: the depth bound counts from it."""
    return 1 if path[:1] == ("parameters",) else 0


def _problem(path: Path, reason: str) -> Diagnostic:
    where = format_path(path) if path else "the tool definition"
    return diagnostic(DiagnosticCode.INVALID_TOOL_DEFINITION, -1, path, f"{where} {reason}")


def _explain(plain: Any) -> Iterator[tuple[Path, str]]:
    """The shape problem of a definition msgspec refused, in the npm package's words
    (a field of the wrong type: the type it must be; a definition that is no object:
    what it is, named as JSON names it)."""
    from jsonschema.exceptions import best_match

    error = best_match(_reference().iter_errors(plain))
    if error is None:  # a rule the schema cannot state (a string that is only blanks)
        yield (), "is not a valid tool definition"
        return
    path = tuple(error.absolute_path)
    if error.validator == "pattern":  # the one pattern: a name with a visible character
        yield path, "must hold a character other than whitespace"
    elif error.validator == "required":  # at the missing field, as for a message
        missing = [name for name in error.validator_value if name not in error.instance]
        yield (*path, missing[0]), "is missing (a tool definition needs it)"
    elif error.validator == "additionalProperties":  # at the first unknown field
        known = error.schema.get("properties", {})
        unknown = [key for key in error.instance if key not in known]
        fields = ", ".join(known)
        yield (*path, unknown[0]), f"is not a field of a tool definition (its fields: {fields})"
    elif error.validator == "type" and not path:
        yield path, f"must be an object, not {_json_kind(error.instance)}"
    elif error.validator == "type" and len(path) == 1 and path[0] in _FIELD_TYPES:
        yield path, f"is not valid: it must be {_FIELD_TYPES[path[0]]}"
    else:
        yield path, f"is not valid: {cut(error.message)}"


_FIELD_TYPES = {
    "name": "a string",
    "description": "a string",
    "parameters": "a JSON object",
    "strict": "a boolean",
}
"""The type each field of a tool definition must have, as the sentences name it."""


def _json_kind(value: Any) -> str:
    """What JSON calls the type of ``value`` (plain JSON data), as JavaScript names it."""
    if value is None:
        return "null"
    if type(value) is bool:
        return "boolean"
    if type(value) in (int, float):
        return "number"
    if type(value) is str:
        return "string"
    return "array" if type(value) is list else "object"


_REFERENCE: list[Draft202012Validator] = []


def _reference() -> Draft202012Validator:
    if not _REFERENCE:
        from jsonschema import Draft202012Validator

        schema = {"$ref": _TOOL_REF}
        _REFERENCE.append(Draft202012Validator(schema, registry=schemas.registry()))
    return _REFERENCE[0]


def _compile(
    definition: ToolDefinition, by_name: dict[str, _Tool]
) -> tuple[_Outcome, list[Diagnostic]]:
    """What compiling a well-formed definition gave (its validator None: any arguments
    object), and its problem: a name already declared, parameters that are no valid
    JSON Schema."""
    first = by_name.get(definition.name)
    if first is not None:
        reason = f"tool name {quoted(definition.name)} is already declared by tool {first.position}"
        problem = diagnostic(DiagnosticCode.INVALID_TOOL_DEFINITION, -1, ("name",), reason)
        return _Outcome(None), [problem]
    if definition.parameters is None:
        return _Outcome(None), []
    outcome = _VALIDATORS.outcome(plain_data(definition.parameters))
    if outcome.validator is None:
        problem = diagnostic(
            DiagnosticCode.INVALID_TOOL_DEFINITION, -1, outcome.path, outcome.reason
        )
        return outcome, [problem]
    return outcome, []


class _Outcome(NamedTuple):
    """What compiling one ``parameters`` gave: a validator and the patterns it was
    compiled with (as compiled -> as written), or (None) the place inside the
    definition and the reason it is no valid JSON Schema."""

    validator: Any
    path: Path = ()
    reason: str = ""
    originals: dict[str, str | None] = {}  # noqa: RUF012  (never written)
    widest: int = 0  # the most subschemas evaluated at one place (``Profile.widest``)


def _compile_parameters(parameters: dict[str, Any], size: int) -> _Outcome:
    """The validator of ``parameters`` (``size`` bytes of JSON), or why there is none:
    outside the tool-schema profile (``read_profile``, before anything is compiled),
    or no valid JSON Schema. What is compiled is their compiled form (each pattern
    translated for Rust's ``regex``, the unasserted ones left out:
    ``agent_ir.validation._tool_patterns``)."""
    profile = read_profile(parameters, size)
    if profile.refusal is not None:
        where = ("parameters", *profile.refusal.path)
        return _Outcome(None, where, f"{format_path(where)} {profile.refusal.reason}")
    compiled = compiled_form(parameters, profile.patterns)
    import jsonschema_rs

    try:
        validator = jsonschema_rs.validator_for(
            compiled.schema,
            retriever=_never_fetched,
            validate_formats=False,
            pattern_options=jsonschema_rs.RegexOptions(),
            mask=_MASK,
        )
    except jsonschema_rs.ValidationError as error:
        return _invalid_outcome(parameters, error, compiled.originals)
    return _Outcome(validator, originals=compiled.originals, widest=profile.widest)


def _never_fetched(uri: str) -> Any:
    """What jsonschema-rs would fetch a remote ``$ref`` or an unknown dialect's
    meta-schema with. The profile admits neither (local references only, ``$id`` and
    ``$schema`` at the root only, two dialects jsonschema-rs holds), so this is never
    called: it is given so that nothing can ever be fetched."""
    raise LookupError(uri)


def _invalid_outcome(
    parameters: dict[str, Any], error: Any, originals: dict[str, str | None]
) -> _Outcome:
    """Parameters that are no valid JSON Schema: the place jsonschema-rs names, and the
    sentence of the meta-schema's keyword that failed there, filled from the table the
    mismatch sentences are (``keyword_sentences.json``, which the npm package fills
    with Ajv's error of the same keyword): the keyword's value in the meta-schema and
    the failing value as written in the parameters (a pattern, not its translation)."""
    value = original_value(error.instance, originals)
    if _no_keyword(error.kind):  # no keyword failed: jsonschema-rs's own words
        first_line = str(error).splitlines()[0] if str(error) else type(error).__name__
        said = _unmasked(first_line, value)
    else:
        keyword, facts = _facts(error.kind, value, tuple(error.schema_path), {})
        facts.setdefault("value", value)
        said = fill(keyword, facts)
    reason = f"parameters is not a valid JSON Schema: {said}"
    given = original_path(tuple(error.instance_path), originals)
    where = exact_path(parameters, given, value)
    return _Outcome(None, ("parameters", *where), reason)


def _no_keyword(kind: Any) -> bool:
    """Whether a jsonschema-rs error kind is no failing keyword of the meta-schema (a
    reference that cannot be resolved, an ``$id`` that is no URI reference, a regular
    expression the engine refused): such an error is said in jsonschema-rs's words. The
    profile refuses the ones it knows of first, in both languages; this is the fallback."""
    from jsonschema_rs import ValidationErrorKind as Kind

    other = (Kind.Referencing, Kind.Custom, Kind.FromUtf8, Kind.RegexEngineFailure)
    return isinstance(kind, (*other, Kind.BacktrackLimitExceeded, Kind.Format))


class _Compiled:
    """What compiling each ``parameters`` gave (a validator, or why it is none), by its
    JSON text, the least recently used out first: at most ``_CACHE_SIZE`` entries and
    ``CACHE_BYTES`` of JSON text (a validator takes about ten times its schema's JSON).
    The same tools on every line of a dataset are compiled once, broken ones included;
    distinct tools on every line keep the memory bounded."""

    def __init__(self) -> None:
        self.cache: dict[bytes, _Outcome] = {}
        self.size = 0

    def outcome(self, parameters: dict[str, Any]) -> _Outcome:
        key = msgspec.json.encode(parameters)
        found = self.cache.pop(key, None)
        if found is None:
            found = _compile_parameters(parameters, len(key))
            if key not in self.cache:  # another thread may have put it meanwhile
                self.size += len(key)
        self.cache[key] = found  # the most recently used last
        while len(self.cache) > _CACHE_SIZE or (self.size > CACHE_BYTES and len(self.cache) > 1):
            # another thread may have changed the cache meanwhile: then it made room
            with contextlib.suppress(KeyError, RuntimeError, StopIteration):
                oldest = next(iter(self.cache))
                del self.cache[oldest]
                self.size -= len(oldest)
        return found


_VALIDATORS = _Compiled()
