"""Hypothesis strategies generated from the v1 schemas: valid messages, transcripts and
JSON values in JSON form (plain dicts and lists, camelCase names).

``SchemaStrategies`` walks the ``$defs`` of ``message.schema.json`` and
``json.schema.json`` (read through ``agent_ir.schemas.load``), so a schema change changes
what is generated. It understands the keywords these schemas use: ``$ref`` (inside a
file and across files), ``const``, ``enum``, ``type`` (string, boolean, integer, number,
null, array, object), ``pattern``, ``minimum``/``maximum``, ``properties``/``required``/
``additionalProperties``, ``items``, ``oneOf``/``anyOf`` (with ``"type": "object"``
beside a union of objects), ``if``/``then`` beside a ``oneOf`` of object branches
(``then`` narrows each branch that the ``if`` selects by its ``const`` properties), and a
``not`` of a string ``pattern`` beside a string's own. Annotations (``description``, ``discriminator``,
``contentEncoding``, ``x-code``, ...) are ignored; any other keyword raises
``NotImplementedError``, so a schema that starts using one fails loudly instead of being
generated wrongly.

Beyond the keywords, the generated values also follow what agent-ir checks by hand and
no schema keyword can say: strings are valid Unicode (no lone surrogates), numbers are
finite, ``Timestamp`` strings are real calendar date-times (proleptic Gregorian:
year 0000 is a leap year), and containers nest at most ``max_nesting`` levels.
Values are biased to the edges: ints around 2**53, 2**63 and 2**64, ``-0.0``, astral
and combining characters, empty strings, object keys that look like numbers or
keywords, leap days and leap seconds, offsets up to ``+23:59``.

``transcripts()`` links them: every tool call gets a unique id and is answered by
exactly one later tool result of the same name; calls are often parallel and their
results come in any order, interleaved with other messages; a server-tool result
follows a server-tool call of its id in its message. ``tool_links`` finds the
calls and results of a transcript again, for tests that mutate one.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from typing import Any, NamedTuple

from hypothesis import strategies as st

from agent_ir import schemas

MESSAGE_FILE = "message.schema.json"
JSON_FILE = "json.schema.json"

# Keywords that only annotate: they never constrain what is valid.
ANNOTATIONS = frozenset(
    {
        "$schema",
        "$id",
        "$comment",
        "description",
        "discriminator",
        "contentEncoding",
        "x-code",
        "title",
    }
)

# --- edge values ----------------------------------------------------------------------

EDGE_INTEGERS = (
    0,
    1,
    -1,
    2**31,
    2**53 - 1,
    2**53,
    2**53 + 1,
    -(2**53),
    -(2**53) - 1,
    2**63 - 1,
    2**63,
    -(2**63),
    -(2**63) - 1,
    2**64 - 1,
    2**64,
    2**64 + 1,
    -(2**64),
)
EDGE_FLOATS = (
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.1,
    1.5,
    2.0**53,
    2.0**53 + 2,
    2.0**63,
    2.0**64,
    1e16,
    1e-7,
    5e-324,
    -5e-324,
    2.2250738585072014e-308,
    1.7976931348623157e308,
    -1.7976931348623157e308,
)
EDGE_STRINGS = (
    "",
    " ",
    "0",
    "a",
    "\x00",
    "\u00e9",
    "e\u0301",
    "\ufeff",
    "\u2028",
    "\U0001f600",
    "\U0001d11e",
    "\U0010ffff",
    "\\",
    '"',
    "</script>",
    "~1/0",
)
# Object keys that look like array indexes, numbers, keywords or pointer syntax.
EDGE_KEYS = (
    "",
    "0",
    "1",
    "00",
    "-1",
    "1.0",
    "1e3",
    " 1",
    "NaN",
    "true",
    "null",
    "__proto__",
    "a/b",
    "~0",
    "\U0001f600",
)
# Timestamps the schema pattern and the calendar accept, at the edges (a test asserts
# that each matches the schema's Timestamp pattern).
EDGE_TIMESTAMPS = (
    "0000-01-01T00:00:00Z",
    "0000-02-29T12:00:00Z",
    "0001-01-01T00:00:00+23:59",
    "1937-01-01T12:00:27.87+00:20",
    "1985-04-12T23:20:50.52Z",
    "1990-12-31T23:59:60Z",
    "1990-12-31t15:59:60-08:00",
    "1996-12-19T16:39:57-08:00",
    "2000-02-29T00:00:00z",
    "2024-02-29T23:59:59.5-23:59",
    "2024-12-31T23:59:59.000000000000001+14:00",
    "2100-02-28T00:00:00-00:00",
    "9999-12-31T23:59:59.999999999Z",
    "9999-12-31T23:59:60+00:00",
)

TEXT = st.text(max_size=8) | st.sampled_from(EDGE_STRINGS)  # default alphabet: no surrogates
KEYS = st.text(max_size=6) | st.sampled_from(EDGE_KEYS)
FLOATS = st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from(EDGE_FLOATS)


def is_calendar_date(timestamp: str) -> bool:
    """The date of an RFC 3339 ``timestamp`` (matching the schema pattern) exists in the
    proleptic Gregorian calendar, year 0000 included (a leap year, like 2000)."""
    year, month, day = int(timestamp[0:4]), int(timestamp[5:7]), int(timestamp[8:10])
    days = 29 if month == 2 and calendar.isleap(year) else calendar.mdays[month]
    return day <= days


def integers(minimum: int | None, maximum: int | None) -> st.SearchStrategy[int]:
    """Integers within the bounds, biased to the edges of 2**53, 2**63 and 2**64."""
    edges = [
        value
        for value in EDGE_INTEGERS
        if (minimum is None or value >= minimum) and (maximum is None or value <= maximum)
    ]
    drawn = st.integers(min_value=minimum, max_value=maximum)
    return drawn | st.sampled_from(edges) if edges else drawn


# --- the schema walk --------------------------------------------------------------------


class SchemaStrategies:
    """Strategies for the ``$defs`` of the v1 schemas (see the module docstring).

    ``definition("UserMessage")`` is the strategy of ``message.schema.json#/$defs/
    UserMessage``; ``definition("JsonObject", JSON_FILE)`` one of another file.
    Containers deeper than ``max_nesting`` (counting array items and the values of
    open objects) are generated empty; ``max_size`` bounds every array and open object.
    ``year_zero=False`` leaves timestamps in year 0000 out (the schema and RFC 3339
    allow them, and so does agent-ir; the option narrows a search when needed).
    """

    def __init__(self, *, max_nesting: int = 6, max_size: int = 3, year_zero: bool = True) -> None:
        self.documents = {MESSAGE_FILE: schemas.load("message"), JSON_FILE: schemas.load("json")}
        self.max_nesting = max_nesting
        self.max_size = max_size
        self.year_zero = year_zero
        self._built: dict[tuple[str, str, int], st.SearchStrategy[Any]] = {}

    def definition(
        self, name: str, document: str = MESSAGE_FILE, depth: int = 0
    ) -> st.SearchStrategy[Any]:
        key = (document, name, depth)
        if key not in self._built:
            node = self.documents[document]["$defs"][name]
            self._built[key] = self.build(node, document, depth)
        return self._built[key]

    def resolve(self, reference: str, document: str) -> tuple[dict[str, Any], str, str]:
        """The node of a ``$ref``, the file it is in and its ``$defs`` name."""
        target, _, fragment = reference.partition("#")
        document = target or document
        prefix = "/$defs/"
        if not fragment.startswith(prefix) or "/" in fragment[len(prefix) :]:
            raise NotImplementedError(f"$ref {reference!r}: only #/$defs/<name> is supported")
        name = fragment[len(prefix) :]
        return self.documents[document]["$defs"][name], document, name

    def build(self, node: dict[str, Any], document: str, depth: int) -> st.SearchStrategy[Any]:
        keywords = set(node) - ANNOTATIONS
        if "$ref" in keywords:
            _refuse(keywords - {"$ref"}, node)
            _, target, name = self.resolve(node["$ref"], document)
            return self.definition(name, target, depth)
        if "const" in keywords:
            _refuse(keywords - {"const"}, node)
            return st.just(node["const"])
        if "enum" in keywords:
            _refuse(keywords - {"enum", "type"}, node)
            return st.sampled_from(node["enum"])
        if keywords & {"oneOf", "anyOf"}:
            return self._union(node, document, depth)
        if "allOf" in keywords:
            _refuse(keywords - {"allOf"}, node)
            return self._all_of(node, document)
        builder = _TYPES.get(node.get("type"))
        if builder is None:
            raise NotImplementedError(f"no strategy for schema {node!r}")
        return builder(self, node, document, depth)

    # -- unions ------------------------------------------------------------------------

    def _union(self, node: dict[str, Any], document: str, depth: int) -> st.SearchStrategy[Any]:
        keywords = set(node) - ANNOTATIONS
        branches_key = "oneOf" if "oneOf" in keywords else "anyOf"
        _refuse(keywords - {branches_key, "if", "then", "type"}, node)
        _object_type_only(node)
        if ("if" in keywords) != ("then" in keywords):
            raise NotImplementedError(f"if without then (or then without if): {node!r}")
        branches = []
        for branch in node[branches_key]:
            if "if" in keywords:
                branch, document_of_branch = self._narrowed(branch, document, node)
                branches.append(self.build(branch, document_of_branch, depth))
            else:
                branches.append(self.build(branch, document, depth))
        return st.one_of(branches)

    def _narrowed(
        self, branch: dict[str, Any], document: str, union: dict[str, Any]
    ) -> tuple[dict[str, Any], str]:
        """``branch`` with ``union["then"]`` applied when ``union["if"]`` selects it: each
        property that ``then`` constrains becomes an ``allOf`` of both."""
        if set(branch) - ANNOTATIONS == {"$ref"}:
            branch, document, _ = self.resolve(branch["$ref"], document)
        if not _selects(union["if"], branch):
            return branch, document
        then = union["then"]
        _refuse(set(then) - ANNOTATIONS - {"properties", "type"}, then)
        _object_type_only(then)
        properties = dict(branch["properties"])
        for name, constraint in then["properties"].items():
            properties[name] = {"allOf": [properties[name], constraint]}
        return {**branch, "properties": properties}, document

    # -- typed nodes -------------------------------------------------------------------

    def _string(self, node: dict[str, Any], document: str, depth: int) -> st.SearchStrategy[str]:
        _refuse(set(node) - ANNOTATIONS - {"type", "pattern", "not", "minLength"}, node)
        pattern = node.get("pattern")
        shortest = node.get("minLength", 0)
        if shortest and pattern is None:  # ThoughtSignature: opaque, at least one character
            return _refused_by_not(TEXT.filter(lambda text: len(text) >= shortest), node)
        if shortest:
            raise NotImplementedError(f"minLength beside a pattern in {node!r}")
        if node is self.documents[MESSAGE_FILE]["$defs"].get("Timestamp"):
            # The calendar is checked by hand (no schema keyword says it).
            if pattern is None:
                raise NotImplementedError("Timestamp without the schema's pattern")
            edges = [t for t in EDGE_TIMESTAMPS if self.year_zero or t[:4] != "0000"]
            drawn = st.from_regex(pattern, fullmatch=True).filter(is_calendar_date)
            if not self.year_zero:
                drawn = drawn.filter(lambda timestamp: timestamp[:4] != "0000")
            return _refused_by_not(drawn | st.sampled_from(edges), node)
        return _refused_by_not(TEXT if pattern is None else matching(pattern), node)

    def _all_of(self, node: dict[str, Any], document: str) -> st.SearchStrategy[str]:
        """An ``allOf`` of string patterns (made by ``_narrowed``): drawn from the last
        (the narrowing one), kept when every pattern matches."""
        patterns = []
        for part in node["allOf"]:
            if set(part) - ANNOTATIONS == {"$ref"}:
                part, document, _ = self.resolve(part["$ref"], document)
            _refuse(set(part) - ANNOTATIONS - {"type", "pattern"}, part)
            if part.get("type", "string") != "string" or "pattern" not in part:
                raise NotImplementedError(f"allOf beyond string patterns: {node!r}")
            patterns.append(re.compile(part["pattern"]))
        return matching(patterns[-1].pattern).filter(
            lambda text: all(pattern.search(text) for pattern in patterns)
        )

    def _integer(self, node: dict[str, Any], document: str, depth: int) -> st.SearchStrategy[int]:
        _refuse(set(node) - ANNOTATIONS - {"type", "minimum", "maximum"}, node)
        return integers(node.get("minimum"), node.get("maximum"))

    def _number(self, node: dict[str, Any], document: str, depth: int) -> st.SearchStrategy[float]:
        _refuse(set(node) - ANNOTATIONS - {"type"}, node)
        return FLOATS

    def _boolean(self, node: dict[str, Any], document: str, depth: int) -> st.SearchStrategy[bool]:
        _refuse(set(node) - ANNOTATIONS - {"type"}, node)
        return st.booleans()

    def _null(self, node: dict[str, Any], document: str, depth: int) -> st.SearchStrategy[None]:
        _refuse(set(node) - ANNOTATIONS - {"type"}, node)
        return st.none()

    def _array(self, node: dict[str, Any], document: str, depth: int) -> st.SearchStrategy[Any]:
        _refuse(set(node) - ANNOTATIONS - {"type", "items"}, node)
        if depth >= self.max_nesting:
            return st.builds(list)
        items = self.build(node["items"], document, depth + 1)
        return st.lists(items, max_size=self.max_size)

    def _object(self, node: dict[str, Any], document: str, depth: int) -> st.SearchStrategy[Any]:
        _refuse(
            set(node) - ANNOTATIONS - {"type", "properties", "required", "additionalProperties"},
            node,
        )
        extra = node.get("additionalProperties", True)
        if "properties" in node:
            if extra is not False:
                raise NotImplementedError(f"properties with open additionalProperties: {node!r}")
            required = set(node.get("required", ()))
            fields = {
                name: self.build(schema, document, depth)
                for name, schema in node["properties"].items()
            }
            return st.fixed_dictionaries(
                {name: fields[name] for name in fields if name in required},
                optional={name: fields[name] for name in fields if name not in required},
            )
        if not isinstance(extra, dict):
            raise NotImplementedError(f"object without properties or a value schema: {node!r}")
        if depth >= self.max_nesting:
            return st.builds(dict)
        values = self.build(extra, document, depth + 1)
        return st.dictionaries(KEYS, values, max_size=self.max_size)


_Builder = Callable[[SchemaStrategies, dict[str, Any], str, int], st.SearchStrategy[Any]]
_TYPES: dict[Any, _Builder] = {
    "string": SchemaStrategies._string,
    "integer": SchemaStrategies._integer,
    "number": SchemaStrategies._number,
    "boolean": SchemaStrategies._boolean,
    "null": SchemaStrategies._null,
    "array": SchemaStrategies._array,
    "object": SchemaStrategies._object,
}


def matching(pattern: str) -> st.SearchStrategy[str]:
    """Strings in which ``pattern`` finds a match: a full match of it, with short text
    before it unless it is anchored at the start, and after it unless it is anchored at
    the end (``from_regex`` alone pads with long text, which makes transcripts overrun
    Hypothesis's size budget and drops the larger ones)."""
    core = st.from_regex(pattern, fullmatch=True)
    before = st.just("") if pattern.startswith("^") else TEXT
    after = st.just("") if pattern.endswith(("$", r"(?![\s\S])")) else TEXT
    return st.tuples(before, core, after).map("".join)


def _object_type_only(node: dict[str, Any]) -> None:
    """A ``type`` beside a union or in an ``if``/``then`` may only say "object"."""
    if node.get("type", "object") != "object":
        raise NotImplementedError(f"type {node['type']!r} beside a union or condition: {node!r}")


def _refused_by_not(drawn: st.SearchStrategy[str], node: dict[str, Any]) -> st.SearchStrategy[str]:
    """``drawn`` without the strings that ``node["not"]`` (a string pattern) matches."""
    if "not" not in node:
        return drawn
    refused = node["not"]
    _refuse(set(refused) - ANNOTATIONS - {"type", "pattern"}, refused)
    if refused.get("type", "string") != "string" or "pattern" not in refused:
        raise NotImplementedError(f"not beyond a string pattern: {node!r}")
    excluded = re.compile(refused["pattern"])
    return drawn.filter(lambda text: not excluded.search(text))


def _refuse(unknown: set[str], node: dict[str, Any]) -> None:
    if unknown:
        raise NotImplementedError(f"keywords {sorted(unknown)} are not supported in {node!r}")


def _selects(condition: dict[str, Any], branch: dict[str, Any]) -> bool:
    """Whether an ``if`` of required ``const`` properties holds for every value of the
    object ``branch`` (decided by the branch's own ``const`` properties)."""
    _refuse(set(condition) - ANNOTATIONS - {"properties", "required", "type"}, condition)
    _object_type_only(condition)
    for name, constraint in condition["properties"].items():
        _refuse(set(constraint) - ANNOTATIONS - {"const"}, constraint)
        own = branch.get("properties", {}).get(name, {})
        if "const" not in own:
            raise NotImplementedError(f"if on {name!r}, which the branch does not fix: {branch!r}")
        if own["const"] != constraint["const"] or name not in branch.get("required", ()):
            return False
    return set(condition.get("required", ())) <= set(branch.get("required", ()))


# --- transcripts ------------------------------------------------------------------------

SCHEMA = SchemaStrategies()
TIMESTAMPS = SchemaStrategies().definition("Timestamp")


def role_definitions() -> dict[str, str]:
    """Role -> ``$defs`` name of each branch of the schema's ``Message`` union."""
    roles = {}
    for branch in SCHEMA.documents[MESSAGE_FILE]["$defs"]["Message"]["oneOf"]:
        node, _, name = SCHEMA.resolve(branch["$ref"], MESSAGE_FILE)
        roles[node["properties"]["role"]["const"]] = name
    return roles


ROLES = role_definitions()
ASSISTANT = SCHEMA.definition(ROLES["assistant"])
TOOL_RESULT = SCHEMA.definition(ROLES["toolResult"])
TOOL_CALL = SCHEMA.definition("ToolCallBlock")
SERVER_TOOL_CALL = SCHEMA.definition("ServerToolCallBlock")
# Messages that take no part in linkage: every role but assistant and toolResult.
OTHER_MESSAGES = st.one_of(
    [
        SCHEMA.definition(name)
        for role, name in ROLES.items()
        if role not in ("assistant", "toolResult")
    ]
)
ARGUMENTS = SCHEMA.definition("JsonObject", JSON_FILE)
JSON_VALUES = SCHEMA.definition("JsonValue", JSON_FILE)


@st.composite
def single_messages(draw: st.DrawFn) -> list[Any]:
    """One message of any role of the schema's ``Message`` union, as a valid transcript:
    an assistant message is followed by the results of its calls, a tool result comes
    after an assistant message holding its call. Each draw is small, so the block and
    source types turn up more evenly than inside ``transcripts``."""
    role = draw(st.sampled_from(sorted(ROLES)))
    if role not in ("assistant", "toolResult"):
        return [draw(SCHEMA.definition(ROLES[role]))]
    assistant = _assistant(draw, set(), forced_call=role == "toolResult")
    return [assistant, *(_result(draw, b["id"], b["name"]) for _, b in _calls(assistant))]


def blank_strings() -> st.SearchStrategy[str]:
    """Strings the schema's ``NonEmptyString`` refuses: made only of the characters its
    pattern (one negated character class) excludes, the empty string included."""
    pattern = SCHEMA.documents[MESSAGE_FILE]["$defs"]["NonEmptyString"]["pattern"]
    if not (pattern.startswith("[^") and pattern.endswith("]")):
        raise NotImplementedError(f"NonEmptyString is no longer one negated class: {pattern!r}")
    return st.from_regex(f"[{pattern[2:-1]}]*", fullmatch=True)


NON_EMPTY = SCHEMA.definition("NonEmptyString")
BLANK = blank_strings()


class ToolLink(NamedTuple):
    """A tool call at ``content[block_index]`` of message ``call_index`` and its result."""

    call_index: int
    block_index: int
    call_id: str
    name: str
    result_index: int


@st.composite
def transcripts(draw: st.DrawFn, *, min_calls: int = 0, max_steps: int = 6) -> list[Any]:
    """A valid transcript in JSON form, linked (see the module docstring); at least
    ``min_calls`` tool calls."""
    transcript: list[Any] = []
    pending: list[tuple[str, str]] = []  # (call id, name) of calls not answered yet
    used: set[str] = set()
    steps = draw(st.integers(min_value=0, max_value=max_steps))
    for step in range(steps + min_calls):
        calls = sum(1 for message in transcript for _ in _calls(message))
        if step >= steps and calls >= min_calls:
            break
        kind = draw(st.sampled_from(["other", "assistant", "result"]))
        if step >= steps:
            kind = "assistant"
        if kind == "result" and pending:
            answered = pending.pop(draw(st.integers(min_value=0, max_value=len(pending) - 1)))
            transcript.append(_result(draw, *answered))
        elif kind in ("assistant", "result"):
            assistant = _assistant(draw, used, forced_call=step >= steps)
            pending.extend((block["id"], block["name"]) for _, block in _calls(assistant))
            transcript.append(assistant)
        else:
            transcript.append(draw(OTHER_MESSAGES))
    for answered in draw(st.permutations(pending)):
        transcript.append(_result(draw, *answered))
    return transcript


def _assistant(draw: st.DrawFn, used: set[str], *, forced_call: bool) -> dict[str, Any]:
    """An assistant message with unique call ids, often with parallel calls."""
    message = draw(ASSISTANT)
    content = list(message["content"])
    extra = draw(st.lists(TOOL_CALL, min_size=1 if forced_call else 0, max_size=2))
    for block in extra:
        content.insert(draw(st.integers(min_value=0, max_value=len(content))), block)
    unique = []
    server_calls = set()
    for block in content:
        if block.get("type") == "toolCall":
            block = {**block, "id": _unique(block["id"], used)}
        elif block.get("type") == "serverToolCall":
            server_calls.add(block["id"])
        elif block.get("type") == "serverToolResult" and block["toolCallId"] not in server_calls:
            # a server-tool result answers a server-tool call before it: one is put there
            unique.append({**draw(SERVER_TOOL_CALL), "id": block["toolCallId"]})
            server_calls.add(block["toolCallId"])
        unique.append(block)
    return {**message, "content": unique}


def _unique(call_id: str, used: set[str]) -> str:
    candidate, suffix = call_id, 1
    while candidate in used:
        candidate, suffix = f"{call_id}~{suffix}", suffix + 1
    used.add(candidate)
    return candidate


def _result(draw: st.DrawFn, call_id: str, name: str) -> dict[str, Any]:
    message: dict[str, Any] = draw(TOOL_RESULT)
    return {**message, "toolCallId": call_id, "toolName": name}


def _calls(message: Any) -> list[tuple[int, dict[str, Any]]]:
    if message.get("role") != "assistant":
        return []
    return [
        (index, block)
        for index, block in enumerate(message["content"])
        if block.get("type") == "toolCall"
    ]


def tool_links(transcript: list[Any]) -> list[ToolLink]:
    """Every tool call of a linked transcript with the index of its one result, in
    order of position."""
    results = {
        message["toolCallId"]: index
        for index, message in enumerate(transcript)
        if message.get("role") == "toolResult"
    }
    return [
        ToolLink(index, block_index, block["id"], block["name"], results[block["id"]])
        for index, message in enumerate(transcript)
        for block_index, block in _calls(message)
    ]
