"""The tool-schema profile: which JSON Schemas agent-ir checks tool arguments against,
decided before a tool's ``parameters`` are compiled (``docs/tool-schemas.md`` states it).

A tool's ``parameters`` is written by someone else, and jsonschema-rs evaluates it
without sharing work: each route through ``$ref`` and the combinators to one place in the
arguments is evaluated again, so a kilobyte of schema can ask for 2^n evaluations, and a
long chain of references overflows its stack. ``check_profile`` refuses such a schema
first, so that evaluating a call is linear in the size of its arguments:

* its JSON is at most ``LIMITS.schema_bytes`` bytes; its dialect (``$schema``) is Draft
  2020-12 (the default) or draft-07, the two that providers accept for tool parameters;
* it has at most ``LIMITS.subschemas`` subschemas, none more than
  ``LIMITS.nesting_depth`` levels (JSON Pointer segments) deep; each ``enum`` has at
  most ``LIMITS.enum_values`` values and each ``enum``/``const`` is at most
  ``LIMITS.literal_bytes`` bytes of JSON;
* every ``$ref`` is local: ``#`` then a JSON Pointer inside the parameters, or ``#name``
  for a ``$anchor`` (2020-12); the constructs of ``REFUSED`` are outside the profile;
* every ``pattern`` (and ``patternProperties`` key) is an ECMA-262 regular expression
  of the dialect ``agent_ir.validation._pattern_dialect`` reads: translated for Rust's linear
  ``regex``, or unasserted (lookaround, back-references: an annotation, as ``format``
  is); a broken pattern or a construct the engines read differently is refused;
* at every place in the arguments, at most ``LIMITS.unfolded`` subschemas are evaluated,
  counting each route through ``$ref``, ``allOf``/``anyOf``/``oneOf``, ``not``,
  ``if``/``then``/``else`` and ``dependentSchemas`` (``IN_PLACE``) as jsonschema-rs
  does; at most ``LIMITS.reference_depth`` references are followed in a row at one
  place; a reference may come back to a subschema only after descending into the
  arguments (``properties``, ``items``...: ``DESCENDING``), so recursion follows the
  arguments and ends with them.

The count of the last rule is exact where it can be and an upper bound elsewhere: the
places of the arguments are read abstractly (a property name given by ``properties``,
an index given by ``prefixItems``, or "any other" for the rest), and at each the
subschemas that may apply are counted with their multiplicity, memoized over the
reference graph. The places read are at most ``LIMITS.analysis_steps`` subschema visits
in all. Everything is walked with explicit stacks: no Python recursion, whatever the
schema's depth.

A schema outside the profile is one ``Refusal``: the path inside the parameters of the
first problem found (limits and constructs in document order, then references, then the
work at each place), and the sentence naming the limit or construct. ``read_profile``
also gives the reading of every pattern (``PatternPlace``), which the compiled form of
the parameters is written from (``agent_ir.validation._tool_patterns``).
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Iterator
from typing import Any, NamedTuple

import msgspec

from agent_ir._paths import Path, unescape_segment
from agent_ir._text import quoted
from agent_ir.validation._pattern_dialect import (
    PATTERN_REPEAT,
    PATTERN_SIZE,
    Reading,
    read_pattern,
)
from agent_ir.validation._uri_reference import is_uri_reference

__all__ = [
    "DESCENDING",
    "DIALECTS",
    "IN_PLACE",
    "LIMITS",
    "REFUSED",
    "Limits",
    "PatternPlace",
    "Profile",
    "Refusal",
    "check_profile",
    "pattern_problem",
    "read_profile",
]


class Limits(NamedTuple):
    """The profile's limits (``docs/tool-schemas.md`` lists them; TypeScript reads the
    same numbers)."""

    schema_bytes: int  # the parameters' JSON (compact UTF-8), in bytes
    subschemas: int  # schema positions walked (objects and booleans)
    nesting_depth: int  # JSON Pointer segments from the parameters to a subschema
    reference_depth: int  # $ref followed in a row at one place of the arguments
    unfolded: int  # subschemas evaluated at one place of the arguments, every route counted
    enum_values: int  # values of one enum
    literal_bytes: int  # the JSON of one enum or const, in bytes
    analysis_steps: int  # subschema visits of the profile check itself
    errors_per_call: int  # TOOL_ARGUMENTS_MISMATCH listed for one tool call
    explained_work: int  # what explaining a failing call may cost (``_tools``), in bytes
    value_bytes: int  # what one value of the arguments counts in it (one error's cost)
    pattern_size: int  # code points of a pattern written out (``_pattern_dialect``)
    pattern_repeat: int  # repetitions of an atom by counted quantifiers, nested multiplied


LIMITS = Limits(
    schema_bytes=256 * 1024,
    subschemas=10_000,
    nesting_depth=48,
    reference_depth=32,
    unfolded=1_000,
    enum_values=1_024,
    literal_bytes=64 * 1024,
    analysis_steps=200_000,
    errors_per_call=32,
    # jsonschema-rs's Python binding builds every error of a failing call at once, each
    # about 1.7 KB and holding its own copy of the value that fails (an upstream lazy
    # iter_errors would end that): 150 failing subschemas at a 1 MB string grew the
    # process by 150 MB, 1,000 items failing 100 subschemas each by 170 MB (3 s). A
    # failing call is explained only while (value_bytes per value + the bytes of its
    # text) x its parameters' widest place stays within explained_work (``_tools``);
    # beyond, one TOOL_ARGUMENTS_MISMATCH (2026-12-04).
    explained_work=32 * 1024 * 1024,
    value_bytes=2_048,
    pattern_size=PATTERN_SIZE,
    pattern_repeat=PATTERN_REPEAT,
)

DIALECTS = {
    "https://json-schema.org/draft/2020-12/schema": "2020-12",
    "http://json-schema.org/draft-07/schema": "draft-07",
}
"""``$schema`` (a final ``#`` aside) -> dialect; absent means Draft 2020-12."""

# How a keyword holds its subschemas: one schema, a list, a map of names to schemas.
_ONE, _LIST, _MAP = "schema", "list", "map"

IN_PLACE: dict[str, dict[str, str]] = {
    "2020-12": {
        "allOf": _LIST,
        "anyOf": _LIST,
        "oneOf": _LIST,
        "not": _ONE,
        "if": _ONE,
        "then": _ONE,
        "else": _ONE,
        "dependentSchemas": _MAP,
    },
    "draft-07": {
        "allOf": _LIST,
        "anyOf": _LIST,
        "oneOf": _LIST,
        "not": _ONE,
        "if": _ONE,
        "then": _ONE,
        "else": _ONE,
        "dependencies": _MAP,  # its schema values; a list of names is an assertion
    },
}
"""The applicators evaluated at the same place of the arguments (``$ref`` too)."""

# A place below an object (a property name, or None: any other name), below an array
# (an index, or None: any other), or an object's key itself (propertyNames).
_OBJECT, _ARRAY, _KEY = "object", "array", "key"

DESCENDING: dict[str, dict[str, tuple[str, str]]] = {
    "2020-12": {
        "properties": (_MAP, _OBJECT),
        "patternProperties": (_MAP, _OBJECT),
        "additionalProperties": (_ONE, _OBJECT),
        "unevaluatedProperties": (_ONE, _OBJECT),
        "propertyNames": (_ONE, _KEY),
        "prefixItems": (_LIST, _ARRAY),
        "items": (_ONE, _ARRAY),
        "contains": (_ONE, _ARRAY),
        "unevaluatedItems": (_ONE, _ARRAY),
    },
    "draft-07": {
        "properties": (_MAP, _OBJECT),
        "patternProperties": (_MAP, _OBJECT),
        "additionalProperties": (_ONE, _OBJECT),
        "propertyNames": (_ONE, _KEY),
        "items": (_ONE, _ARRAY),  # or a list: one schema per index, as prefixItems
        "additionalItems": (_ONE, _ARRAY),
        "contains": (_ONE, _ARRAY),
    },
}
"""The applicators evaluated one level down in the arguments: (form, kind of place)."""

_DEFINITIONS = ("$defs", "definitions")  # maps of subschemas, evaluated only when referenced

REFUSED = {
    "$dynamicRef": "dynamic references are outside the tool-schema profile",
    "$dynamicAnchor": "dynamic references are outside the tool-schema profile",
    "$recursiveRef": "recursive references (draft 2019-09) are outside the tool-schema profile",
    "$recursiveAnchor": "recursive references (draft 2019-09) are outside the tool-schema profile",
    "$vocabulary": "vocabularies are outside the tool-schema profile",
}
"""Keywords outside the profile, with the sentence saying so. ``$id`` and ``$schema``
below the root are refused too (a new base for references, another dialect)."""

_FRAGMENT = re.compile(r"[A-Za-z0-9\-._~!$&'()*+,;=:@/?]*")
_ANCHOR = re.compile(r"[A-Za-z_][A-Za-z0-9._-]*\Z")


class Refusal(NamedTuple):
    """Why ``parameters`` is outside the profile: ``path`` inside the parameters (a
    tuple of keys and indexes) and a sentence that completes ``parameters ...``."""

    path: Path
    reason: str


class PatternPlace(NamedTuple):
    """A pattern of the parameters: the subschema holding it, whether it is a key of
    that subschema's ``patternProperties`` (else its ``pattern``), the pattern, and its
    reading."""

    schema: Path
    key: bool
    pattern: str
    reading: Reading


class Profile(NamedTuple):
    """What ``read_profile`` found: the first problem (None inside the profile), the
    patterns of every subschema, in document order (empty when refused), and the most
    subschemas evaluated at one place of the arguments (``widest``; 0 when refused)."""

    refusal: Refusal | None
    patterns: tuple[PatternPlace, ...]
    widest: int = 0


class _Outside(Exception):
    """Raised inside the check at the first problem; becomes its ``Refusal``."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(reason)
        self.refusal = Refusal(path, reason)


def check_profile(parameters: Any, size: int) -> Refusal | None:
    """None when ``parameters`` (plain JSON data, ``size`` bytes of compact JSON) is
    inside the profile; else the first problem found. Never raises."""
    return read_profile(parameters, size).refusal


def read_profile(parameters: Any, size: int) -> Profile:
    """The first problem of ``parameters`` (as ``check_profile``) and, inside the
    profile, the reading of each of its patterns. Never raises."""
    try:
        if size > LIMITS.schema_bytes:
            raise _Outside(
                (),
                f"is {size} bytes of JSON Schema, more than the {LIMITS.schema_bytes} "
                "of the tool-schema profile",
            )
        graph = _Graph(parameters, _dialect(parameters))
        graph.walk()
        places = _Places(graph)
        places.explore()
    except _Outside as outside:
        return Profile(outside.refusal, ())
    return Profile(None, tuple(graph.patterns), places.widest)


def _dialect(parameters: Any) -> str:
    if type(parameters) is not dict or "$schema" not in parameters:
        return "2020-12"
    given = parameters["$schema"]
    if type(given) is str and given.removesuffix("#") in DIALECTS:
        return DIALECTS[given.removesuffix("#")]
    shown = quoted(given) if type(given) is str else msgspec.json.encode(given).decode()
    raise _Outside(
        ("$schema",),
        f"names the dialect {shown}: the tool-schema profile reads Draft 2020-12 "
        f"({next(iter(DIALECTS))}) and draft-07 ({list(DIALECTS)[1]}#)",
    )


class _Edge(NamedTuple):
    child: Path
    reference: bool  # a $ref (counts toward the reference depth)
    where: Path  # the keyword's place, for a refusal


class _Graph:
    """Every subschema of the parameters by its path, and the edges between them: in
    place (``$ref`` and ``IN_PLACE``) and one level down (``DESCENDING``)."""

    def __init__(self, root: Any, dialect: str) -> None:
        self.root = root
        self.dialect = dialect
        self.in_place = IN_PLACE[dialect]
        self.descending = DESCENDING[dialect]
        self.nodes: dict[Path, Any] = {}
        self.edges: dict[Path, list[_Edge]] = {}
        self.below: dict[Path, list[tuple[str, str | int | None, Path]]] = {}
        self.anchors: dict[str, Path] = {}
        self.references: list[tuple[Path, Any]] = []
        self.patterns: list[PatternPlace] = []

    def walk(self) -> None:
        """Every subschema reachable from the root and from each reference, limits and
        constructs checked in document order; then the references resolved."""
        pending: list[tuple[Path, Any]] = [((), self.root)]
        while True:
            while pending:
                path, value = pending.pop()
                if path not in self.nodes:
                    pending += reversed(list(self._visit(path, value)))
            if not self.references:
                return
            place, reference = self.references.pop(0)
            target = self._resolve(place, reference)
            self.edges[place].append(_Edge(target, True, (*place, "$ref")))
            pending.append((target, self._at(target)))

    def _visit(self, path: Path, value: Any) -> Iterator[tuple[Path, Any]]:
        """The subschemas inside subschema ``value`` at ``path``."""
        self.nodes[path] = value
        self.edges[path] = []
        self.below[path] = []
        if len(self.nodes) > LIMITS.subschemas:
            raise _Outside(
                path, f"has more than {LIMITS.subschemas} subschemas (the tool-schema profile)"
            )
        if len(path) > LIMITS.nesting_depth:
            raise _Outside(
                path,
                f"nests subschemas {len(path)} levels deep, more than the "
                f"{LIMITS.nesting_depth} of the tool-schema profile",
            )
        if type(value) is not dict:
            return  # a boolean schema; anything else is for the compiler to refuse
        # draft-07 evaluates a $ref alone: the keywords beside it are not evaluated
        evaluated = not (self.dialect == "draft-07" and "$ref" in value)
        for keyword, held in _members(value):
            self._check_keyword(path, keyword, held)
            yield from self._children(path, keyword, held, evaluated)

    def _check_keyword(self, path: Path, keyword: str, held: Any) -> None:
        where = (*path, keyword)
        if keyword in REFUSED:
            raise _Outside(where, REFUSED[keyword])
        if keyword in ("$id", "$schema") and path:
            raise _Outside(
                where, f"has {keyword} inside a subschema (outside the tool-schema profile)"
            )
        wrong = self._wrong_form(keyword, held)
        if wrong is not None:
            raise _Outside(where, f"is no valid {keyword}: it must be {wrong}")
        member = _wrong_member(where, keyword, held) if self._holds_many(keyword) else None
        if member is not None:
            raise _Outside(member, f"is no schema of {keyword}: it must be an object or a boolean")
        if keyword == "$ref":
            self._reference(path, held)
        elif keyword == "$anchor" and self.dialect == "2020-12" and type(held) is str:
            self.anchors.setdefault(held, path)
        elif keyword == "pattern" and type(held) is str:
            reading = _pattern(where, held, self.dialect)
            self.patterns.append(PatternPlace(path, False, held, reading))
        elif keyword == "patternProperties" and type(held) is dict:
            for key, _ in _members(held):
                reading = _pattern((*where, key), key, self.dialect)
                self.patterns.append(PatternPlace(path, True, key, reading))
        else:
            _check_value(where, keyword, held)

    def _holds_many(self, keyword: str) -> bool:
        """Whether ``keyword`` holds a list or a map of schemas (draft-07's ``items``
        and ``dependencies`` are checked whole by ``_wrong_form``)."""
        if keyword in _DEFINITIONS:
            return True
        if self.dialect == "draft-07" and keyword in ("items", "dependencies"):
            return False
        form = self.in_place.get(keyword) or self.descending.get(keyword, ("", ""))[0]
        return form in (_LIST, _MAP)

    def _wrong_form(self, keyword: str, held: Any) -> str | None:
        """What ``held`` must be when it is not of its keyword's form (the forms of the
        applicators, ``$comment``, ``$anchor`` and ``$id``, checked here in document
        order so that both languages report the same first one), else None."""
        if keyword in ("$comment", "$id") or (keyword == "$anchor" and self.dialect == "2020-12"):
            return _wrong_text(keyword, held)
        if keyword in _DEFINITIONS:
            form = _MAP
        elif keyword in self.in_place:
            form = self.in_place[keyword]
        elif keyword in self.descending:
            form = self.descending[keyword][0]
        else:
            return None
        if self.dialect == "draft-07" and keyword == "items":
            return None if _is_schema(held) or _schemas(held) else _FORMS["items"]
        if self.dialect == "draft-07" and keyword == "dependencies":
            valid = type(held) is dict and all(
                _is_schema(value) or (type(value) is list and all(type(v) is str for v in value))
                for value in held.values()
            )
            return None if valid else _FORMS["dependencies"]
        if form == _ONE:
            return None if _is_schema(held) else _FORMS[_ONE]
        if form == _LIST:
            return None if type(held) is list and held else _FORMS[_LIST]
        return None if type(held) is dict else _FORMS[_MAP]

    def _reference(self, path: Path, reference: Any) -> None:
        if type(reference) is not str:
            return  # no valid JSON Schema: the compiler says so
        if not reference.startswith("#"):
            raise _Outside(
                (*path, "$ref"),
                f"refers to {quoted(reference)}, outside them: a $ref of the tool-schema "
                "profile is local (# then a JSON Pointer or an anchor), never fetched",
            )
        if _FRAGMENT.fullmatch(reference, 1) is None:
            raise _Outside(
                (*path, "$ref"),
                f"refers to {quoted(reference)}, which is no fragment of the tool-schema "
                "profile (letters, digits and -._~!$&'()*+,;=:@/? only: no percent-encoding, "
                "which the engines read differently, and no other character)",
            )
        self.references.append((path, reference))

    def _children(
        self, path: Path, keyword: str, held: Any, evaluated: bool
    ) -> Iterator[tuple[Path, Any]]:
        where = (*path, keyword)
        if keyword in _DEFINITIONS:
            yield from _held(where, _MAP, held)
        elif keyword in self.in_place:
            for child, value in _held(where, self.in_place[keyword], held):
                if evaluated and (type(value) is dict or type(value) is bool):
                    self.edges[path].append(_Edge(child, False, child))
                yield child, value
        elif keyword in self.descending:
            form, kind = self.descending[keyword]
            if keyword == "items" and type(held) is list:  # draft-07: one per index
                form = _LIST
            for child, value in _held(where, form, held):
                if evaluated:
                    self.below[path].append((kind, _name(keyword, form, child), child))
                yield child, value

    def _resolve(self, place: Path, reference: str) -> Path:
        fragment = reference[1:]  # no percent-encoding (_FRAGMENT)
        where = (*place, "$ref")
        if fragment and not fragment.startswith("/"):
            if self.dialect == "2020-12" and fragment in self.anchors:
                return self.anchors[fragment]
            named = "no $anchor of the parameters" if _ANCHOR.match(fragment) else "no anchor"
            raise _Outside(where, f"refers to {quoted(reference)}, {named}")
        path: list[str | int] = []
        value = self.root
        for token in fragment.split("/")[1:] if fragment else []:
            key = unescape_segment(token)
            if type(value) is dict and key in value:
                path.append(key)
                value = value[key]
            elif type(value) is list and key.isascii() and key.isdigit() and int(key) < len(value):
                path.append(int(key))
                value = value[int(key)]
            else:
                raise _Outside(where, f"refers to {quoted(reference)}, which is not in them")
        if type(value) is not dict and type(value) is not bool:
            raise _Outside(where, f"refers to {quoted(reference)}, which is no schema")
        return tuple(path)

    def _at(self, path: Path) -> Any:
        value = self.root
        for part in path:
            value = value[part]
        return value


_FORMS = {
    _ONE: "a schema (an object or a boolean)",
    _LIST: "a non-empty array of schemas",
    _MAP: "an object of schemas",
    "items": "a schema or an array of schemas",
    "dependencies": "an object of schemas or arrays of names",
    "anchor": "a name: a letter or _, then letters, digits, -, _ and .",
    "id": "a URI reference (RFC 3986: ASCII, no space, % then two hex digits)",
}
"""What each form of keyword must be, for the sentence of a refusal."""


def _wrong_text(keyword: str, held: Any) -> str | None:
    """What ``$comment``, ``$id`` or ``$anchor`` must hold when ``held`` is not it. An
    ``$id`` that is no string is left to the meta-schema; one that is no URI reference
    is refused here, in the profile's words (jsonschema-rs refused it in its own, Ajv
    not at all)."""
    if keyword == "$comment":
        return None if type(held) is str else "a string"
    if keyword == "$id":
        return None if type(held) is not str or is_uri_reference(held) else _FORMS["id"]
    return None if type(held) is str and _ANCHOR.match(held) else _FORMS["anchor"]


def _wrong_member(where: Path, keyword: str, held: Any) -> Path | None:
    """The place of the first member of a list or map of schemas that is no schema
    (``_wrong_form`` checked the container)."""
    if type(held) is list:
        for index, value in enumerate(held):
            if not _is_schema(value):
                return (*where, index)
    elif type(held) is dict:
        for name, value in _members(held):
            if not _is_schema(value):
                return (*where, name)
    return None


def _is_schema(value: Any) -> bool:
    return type(value) is dict or type(value) is bool


def _schemas(value: Any) -> bool:
    """An array of schemas."""
    return type(value) is list and all(_is_schema(item) for item in value)


def _held(where: Path, form: str, held: Any) -> Iterator[tuple[Path, Any]]:
    """The subschemas a keyword holds, by form (a value of the wrong form holds none:
    the compiler refuses it)."""
    if form == _ONE:
        if type(held) is dict or type(held) is bool:
            yield where, held
    elif form == _LIST and type(held) is list:
        for index, value in enumerate(held):
            if type(value) is dict or type(value) is bool:
                yield (*where, index), value
    elif form == _MAP and type(held) is dict:
        for name, value in _members(held):
            if type(value) is dict or type(value) is bool:
                yield (*where, name), value


def _members(mapping: dict[str, Any]) -> list[tuple[str, Any]]:
    """The members of a JSON object in document order as both languages read it:
    ECMAScript's own-property order, the array-index names ("0", "17", below 2^32 - 1)
    first by value, then the others as written. ``JSON.parse`` keeps no other order, so
    the TypeScript package finds the same first problem."""
    indexes = [
        (int(name), name, value)
        for name, value in mapping.items()
        if name.isascii()
        and name.isdigit()
        and (name == "0" or name[0] != "0")
        and int(name) < 2**32 - 1
    ]
    if not indexes:
        return list(mapping.items())
    ordered = [(name, value) for _, name, value in sorted(indexes)]
    taken = {name for _, name, _ in indexes}
    return ordered + [(name, value) for name, value in mapping.items() if name not in taken]


def _name(keyword: str, form: str, child: Path) -> str | int | None:
    """The place below that a descending subschema applies to: a property name, an
    index, or None (any other)."""
    if keyword == "properties" or form == _LIST:
        return child[-1]
    return None


def _check_value(where: Path, keyword: str, held: Any) -> None:
    """The limits of an assertion's value: enum and const sizes."""
    if keyword == "enum" and type(held) is list:
        if len(held) > LIMITS.enum_values:
            raise _Outside(
                where,
                f"lists {len(held)} values, more than the {LIMITS.enum_values} "
                "of the tool-schema profile",
            )
        _literal(where, held)
    elif keyword == "const":
        _literal(where, held)


def _literal(where: Path, value: Any) -> None:
    size = len(msgspec.json.encode(value))
    if size > LIMITS.literal_bytes:
        raise _Outside(
            where,
            f"is {size} bytes of JSON, more than the {LIMITS.literal_bytes} of the "
            "tool-schema profile",
        )


def _pattern(where: Path, pattern: str, dialect: str) -> Reading:
    reading = read_pattern(pattern)
    problem = reading.problem
    if problem is None and dialect == "draft-07" and _ASCII_BOUNDARY in (reading.translated or ""):
        # jsonschema-rs checks a draft-07 pattern against the meta-schema's "regex"
        # format, which refuses the translation's ASCII word boundary
        problem = (
            "uses \\b or \\B, which draft-07 parameters cannot hold (write them as Draft 2020-12)"
        )
    if problem is not None:
        raise _Outside(
            where,
            f"is the pattern {quoted(pattern)}, which {problem}: the tool-schema "
            "profile reads ECMA-262 patterns, matched in linear time",
        )
    return reading


_ASCII_BOUNDARY = "(?-u:\\"


def pattern_problem(pattern: str) -> str | None:
    """None when the profile takes ``pattern`` (translated, or unasserted: see
    ``agent_ir.validation._pattern_dialect``), else why it is refused: a broken pattern (an
    unbalanced parenthesis, a quantifier with nothing to repeat, a range out of order, a
    ``{`` that starts no quantifier, an unclosed class) or a construct the engines read
    differently (``\\p{...}``, ``\\u{...}``, other letter escapes, inline flags and
    other ``(?`` groups, possessive quantifiers, octal escapes, lone surrogates)."""
    return read_pattern(pattern).problem


class _Places:
    """The places of the arguments read abstractly, from the root: at each, the
    subschemas that may apply with their multiplicity (how many routes reach them)."""

    def __init__(self, graph: _Graph) -> None:
        self.graph = graph
        self.local: dict[Path, int] = {}  # the unfolded count of a subschema, capped
        self.chain: dict[Path, int] = {}  # references in a row from a subschema
        self.steps = 0
        self.widest = 0  # the most subschemas evaluated at one place

    def explore(self) -> None:
        start: Counter[Path] = Counter({(): 1})
        seen = {frozenset(start.items())}
        queue = deque([start])
        while queue:
            heads = queue.popleft()
            for below in self._place(heads):
                key = frozenset(below.items())
                if key not in seen:
                    seen.add(key)
                    queue.append(below)

    def _place(self, heads: Counter[Path]) -> list[Counter[Path]]:
        """The places one level below a place where ``heads`` apply, checking the work
        at this one."""
        for head in heads:
            self._settle(head)
        work = sum(count * self.local[head] for head, count in heads.items())
        if work > LIMITS.unfolded:
            worst = max(heads, key=lambda head: heads[head] * self.local[head])
            raise _Outside(
                worst,
                f"evaluates more than {LIMITS.unfolded} subschemas at one place of the "
                "arguments, every route through $ref and the combinators counted (the "
                "tool-schema profile)",
            )
        self.widest = max(self.widest, work)
        order = self._closure(heads)
        self.steps += len(order)
        if self.steps > LIMITS.analysis_steps:
            raise _Outside(
                (),
                f"needs more than {LIMITS.analysis_steps} steps to bound its work (the "
                "tool-schema profile)",
            )
        routes: Counter[Path] = Counter(heads)
        for node in order:
            for edge in self.graph.edges[node]:
                routes[edge.child] += routes[node]
        return _below(self.graph, order, routes)

    def _closure(self, heads: Counter[Path]) -> list[Path]:
        """The subschemas in place of ``heads``, each after every one referring to it."""
        done: set[Path] = set()
        post: list[Path] = []
        for head in heads:
            if head in done:
                continue
            done.add(head)
            stack = [(head, iter(self.graph.edges[head]))]
            while stack:
                node, edges = stack[-1]
                for edge in edges:
                    if edge.child not in done:
                        done.add(edge.child)
                        stack.append((edge.child, iter(self.graph.edges[edge.child])))
                        break
                else:
                    stack.pop()
                    post.append(node)
        return post[::-1]

    def _settle(self, start: Path) -> None:
        """The unfolded count and the reference chain of ``start`` and of every
        subschema in place below it; a cycle in place is refused."""
        if start in self.local:
            return
        edges = self.graph.edges
        open_: set[Path] = {start}
        stack = [(start, iter(edges[start]))]
        while stack:
            node, pending = stack[-1]
            for edge in pending:
                if edge.child in open_:
                    raise _Outside(
                        edge.where,
                        "comes back to a subschema it is evaluated from without "
                        "descending into the arguments (a cycle the tool-schema profile "
                        "refuses)",
                    )
                if edge.child not in self.local:
                    open_.add(edge.child)
                    stack.append((edge.child, iter(edges[edge.child])))
                    break
            else:
                stack.pop()
                open_.discard(node)
                self._count(node)

    def _count(self, node: Path) -> None:
        edges = self.graph.edges[node]
        self.local[node] = min(
            LIMITS.unfolded + 1, 1 + sum(self.local[edge.child] for edge in edges)
        )
        chain = max((self.chain[edge.child] + edge.reference for edge in edges), default=0)
        if chain > LIMITS.reference_depth:
            raise _Outside(
                node,
                f"follows more than {LIMITS.reference_depth} references in a row at one "
                "place of the arguments (the tool-schema profile)",
            )
        self.chain[node] = chain


def _below(graph: _Graph, order: list[Path], routes: Counter[Path]) -> list[Counter[Path]]:
    """The places one level down: for each kind of place, one per name or index some
    subschema gives, and one for any other (the subschemas that apply to every name)."""
    named: dict[tuple[str, str | int], Counter[Path]] = {}
    anywhere: dict[str, Counter[Path]] = {}
    for node in order:
        for kind, name, child in graph.below[node]:
            if name is None:
                anywhere.setdefault(kind, Counter())[child] += routes[node]
            else:
                named.setdefault((kind, name), Counter())[child] += routes[node]
    places = [heads + anywhere.get(kind, Counter()) for (kind, _), heads in named.items()]
    return places + list(anywhere.values())
