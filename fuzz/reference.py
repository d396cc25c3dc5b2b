"""The references the harnesses compare agent-ir with.

Messages: jsonschema's ``Draft202012Validator`` over ``agent_ir.schemas.registry()``
(the schema's verdict), with the documented rules a schema cannot say added on top
(``schemas/README.md``, "Rules a schema cannot say"):

* strings and keys hold no lone surrogate; numbers are finite;
* an integer is an ``int`` as written (JSON Schema takes ``1.0`` for the integer 1);
* timestamps are real calendar date-times (the year 0000 included, which the schema's
  pattern accepts; a leap second ``:60`` is accepted);
* tool-call arguments nest at most ``MAX_DEPTH`` levels, the arguments object counted.

Tool-call linkage is not in the schema and is not compared here.

Fixture records: a model of the ordered rules of ``agent_ir.replies.parser``'s
docstring, where the shape of each record is again the schema's verdict
(``provider-fixture.schema.json#/$defs/TransportRecord``, its unknown fields and those
of its usage dropped first: the parser ignores them) plus the same rules for the values that reach the IR.
"""

from __future__ import annotations

import functools
import json
import math
import re
from typing import Any, NamedTuple

from jsonschema import Draft202012Validator, validators

from agent_ir import MAX_DEPTH, schemas

__all__ = [
    "MAX_TOKEN_COUNT",
    "FixtureOutcome",
    "depth_of",
    "fixture_outcome",
    "has_lone_surrogate",
    "message_is_valid",
    "parse_json_text",
    "same_json",
]

MESSAGE_REF = "https://agent-ir.dev/schemas/v1/message.schema.json#/$defs/Message"
RECORD_REF = "https://agent-ir.dev/schemas/v1/provider-fixture.schema.json#/$defs/TransportRecord"
MAX_TOKEN_COUNT = 2**53 - 1

# Deeper than this, a message is invalid whatever it holds: outside tool-call arguments
# the schema allows four levels, inside them MAX_DEPTH (jsonschema is not run on it).
_DEEPEST_VALID_MESSAGE = MAX_DEPTH + 4


@functools.cache
def _validator(ref: str) -> Any:
    """The Draft 2020-12 validator of ``ref`` where ``integer`` means a Python ``int``."""
    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: type(value) is int
    )
    strict = validators.extend(Draft202012Validator, type_checker=checker)
    return strict({"$ref": ref}, registry=schemas.registry())


# --- messages --------------------------------------------------------------------------


def message_is_valid(entry: Any) -> bool:
    """The reference verdict on one message in JSON form (plain builtins)."""
    if depth_of(entry) > _DEEPEST_VALID_MESSAGE:
        return False
    # Mutated transcripts repeat most of their messages: remember recent verdicts, keyed
    # by JSON text that tells 1, 1.0 and true apart.
    key = json.dumps(entry, sort_keys=True)
    verdict = _verdicts.get(key)
    if verdict is None:
        if len(_verdicts) > 20_000:
            _verdicts.clear()
        verdict = _verdicts[key] = _message_is_valid(entry)
    return verdict


_verdicts: dict[str, bool] = {}


def _message_is_valid(entry: Any) -> bool:
    if has_lone_surrogate(entry) or has_non_finite(entry):
        return False
    if any(depth_of(arguments) > MAX_DEPTH for arguments in _arguments_values(entry)):
        return False
    if not _timestamp_is_real(entry):
        return False
    branch = _branch(MESSAGE_REF, entry, "role")
    return bool(_validator(branch).is_valid(entry))


def _branch(ref: str, instance: Any, tag: str) -> str:
    """The ``oneOf`` branch of ``ref`` that ``instance``'s tag selects (each branch
    requires its own tag const, so ``oneOf`` gives that branch's verdict), else ``ref``."""
    value = instance.get(tag) if type(instance) is dict else None
    target = _mappings(ref).get(value) if type(value) is str else None
    return ref if target is None else ref.rsplit("#", 1)[0] + target


@functools.cache
def _mappings(ref: str) -> dict[str, str]:
    document, pointer = ref.split("#")
    name = document.rsplit("/", 1)[1].removesuffix(".schema.json")
    definition = schemas.load(name)["$defs"][pointer.rsplit("/", 1)[1]]
    return dict(definition["discriminator"]["mapping"])


def _arguments_values(entry: Any) -> list[Any]:
    content = entry.get("content") if type(entry) is dict else None
    if type(content) is not list:
        return []
    return [block["arguments"] for block in content if type(block) is dict and "arguments" in block]


@functools.cache
def _timestamp_pattern() -> re.Pattern[str]:
    return re.compile(schemas.load("message")["$defs"]["Timestamp"]["pattern"])


def _timestamp_is_real(entry: Any) -> bool:
    """False only for a timestamp that matches the schema's pattern but names no real
    date-time (the pattern already bounds months, hours, minutes, seconds, offsets)."""
    timestamp = entry.get("timestamp") if type(entry) is dict else None
    if type(timestamp) is not str or not _timestamp_pattern().search(timestamp):
        return True
    year, month, day = int(timestamp[0:4]), int(timestamp[5:7]), int(timestamp[8:10])
    return day <= _days_in_month(year, month)


def _days_in_month(year: int, month: int) -> int:
    if month == 2:
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        return 29 if leap else 28
    return 30 if month in (4, 6, 9, 11) else 31


# --- JSON helpers ----------------------------------------------------------------------


def depth_of(value: Any) -> int:
    """Containers nested in ``value`` (a scalar is 0, ``{}`` is 1); iterative."""
    deepest = 0
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if type(item) is dict:
            children: Any = item.values()
        elif type(item) is list:
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        pending.extend((child, depth + 1) for child in children)
    return deepest


def _scalars(value: Any) -> list[Any]:
    """Every scalar and key inside ``value``; iterative."""
    found: list[Any] = []
    pending = [value]
    while pending:
        item = pending.pop()
        if type(item) is dict:
            found.extend(item)
            pending.extend(item.values())
        elif type(item) is list:
            pending.extend(item)
        else:
            found.append(item)
    return found


def has_lone_surrogate(value: Any) -> bool:
    """True when a string or key inside ``value`` cannot be written as UTF-8."""
    for item in _scalars(value):
        if type(item) is str and not item.isascii():
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
    return False


def has_non_finite(value: Any) -> bool:
    return any(type(item) is float and not math.isfinite(item) for item in _scalars(value))


def same_json(left: Any, right: Any) -> bool:
    """Equal as JSON values with their Python types (``1`` is not ``1.0`` nor ``True``;
    NaN equals NaN); iterative."""
    pending = [(left, right)]
    while pending:
        first, second = pending.pop()
        if type(first) is not type(second):
            return False
        if type(first) is dict:
            if first.keys() != second.keys():
                return False
            pending.extend((first[key], second[key]) for key in first)
        elif type(first) is list:
            if len(first) != len(second):
                return False
            pending.extend(zip(first, second, strict=True))
        elif type(first) is float and math.isnan(first):
            if not math.isnan(second):
                return False
        elif first != second:
            return False
    return True


class JsonText(NamedTuple):
    """The stdlib parse of JSON text: ``value`` when ``parsed``."""

    parsed: bool
    value: Any


def parse_json_text(data: bytes) -> JsonText:
    """``data`` as strict UTF-8 JSON text (``NaN``/``Infinity`` refused, as JSON does)."""

    def refuse(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    try:
        return JsonText(True, json.loads(data.decode("utf-8"), parse_constant=refuse))
    except (ValueError, RecursionError):
        return JsonText(False, None)


# --- fixture records --------------------------------------------------------------------


class FixtureOutcome(NamedTuple):
    """What a response's records must give: ``chunks`` (``("text", delta)`` or
    ``("toolCall", id, name, arguments)``) in order, then either ``error_code`` with
    ``record_index``, or the response (``response_id``, ``stop_reason``, ``usage``)."""

    chunks: list[tuple[Any, ...]]
    error_code: str | None
    record_index: int | None
    response_id: str | None = None
    stop_reason: str | None = None
    usage: tuple[int, int] | None = None
    content: list[Any] | None = None  # the response message's blocks, in JSON form


def record_too_deep(record: Any) -> bool:
    """Nested deeper than a record may be: the record object, then its arguments object
    at most ``MAX_DEPTH`` levels (so a 64-level arguments value is accepted)."""
    return depth_of(record) > MAX_DEPTH + 1


def fixture_outcome(records: list[Any]) -> FixtureOutcome:
    """The reference outcome of one response's records (all plain builtins)."""
    model = _ResponseModel()
    for index, record in enumerate(records):
        error = model.feed(record, index)
        if error is not None:
            return FixtureOutcome(model.chunks, error, index)
    if model.response is None:
        return FixtureOutcome(model.chunks, "PROVIDER_MISSING_TERMINAL", len(records))
    response_id, stop_reason, usage = model.response
    return FixtureOutcome(model.chunks, None, None, response_id, stop_reason, usage, model.blocks())


class _ResponseModel:
    """The parser's rules, in its documented order; ``feed`` returns an error code."""

    def __init__(self) -> None:
        self.start_id: str | None = None
        self.call_ids: set[str] = set()
        self.chunks: list[tuple[Any, ...]] = []
        self.response: tuple[str, str, tuple[int, int]] | None = None
        self.thinking_open = False  # thinking_delta records since the last thinking_end
        self.content: list[Any] = []  # blocks so far (text blocks as lists of pieces)
        self.thinking: list[str] = []

    def blocks(self) -> list[Any]:
        """The course's contract: each text delta is a text block; blocks in order."""
        return self.content

    def feed(self, record: Any, index: int) -> str | None:
        kind = record.get("type") if type(record) is dict else None
        if type(kind) is not str or not _non_empty_pattern().search(kind):
            return "PROVIDER_INVALID_EVENT"
        if self.response is not None:
            if kind == "response_end":
                return "PROVIDER_DUPLICATE_TERMINAL"
            return "PROVIDER_INVALID_TERMINAL"
        if kind == "response_start":
            return self._start(record)
        if kind == "transport_error":
            valid = _record_shape_valid(record)
            return "PROVIDER_TRANSPORT_ERROR" if valid else "PROVIDER_INVALID_EVENT"
        if kind not in _AFTER_START:
            return "PROVIDER_UNKNOWN_EVENT"
        if self.start_id is None:
            return "PROVIDER_MISSING_START"
        if not _record_shape_valid(record):
            return "PROVIDER_INVALID_EVENT"
        return self._linked(record, kind)

    def _start(self, record: dict[str, Any]) -> str | None:
        if self.start_id is not None:
            return "PROVIDER_DUPLICATE_START"
        if not _record_shape_valid(record):
            return "PROVIDER_INVALID_EVENT"
        self.start_id = record["responseId"]
        return None

    def _linked(self, record: dict[str, Any], kind: str) -> str | None:
        if kind in ("text_delta", "text_end", "thinking_delta", "thinking_end"):
            self._content(record, kind)
            return None
        if kind == "tool_call":
            return self._tool_call(record)
        return self._end(record)

    def _content(self, record: dict[str, Any], kind: str) -> None:
        if kind == "text_delta":
            self.chunks.append(("text", record["text"]))
            self.content.append({"type": "text", "text": record["text"]})
            return
        if kind == "thinking_delta":
            self.thinking_open = True
            self.thinking.append(record["text"])
            self.chunks.append(("thinking", record["text"]))
        elif kind == "thinking_end":
            block: dict[str, Any] = {"type": "thinking", "thinking": "".join(self.thinking)}
            if record.get("signature") is not None:
                block["signature"] = record["signature"]
            if record.get("redacted"):
                block["redacted"] = True
            self.content.append(block)
            self.thinking = []
            self.thinking_open = False

    def _tool_call(self, record: dict[str, Any]) -> str | None:
        if record["id"] in self.call_ids:
            return "PROVIDER_INVALID_EVENT"
        self.call_ids.add(record["id"])
        self.chunks.append(("toolCall", record["id"], record["name"], record["arguments"]))
        call = {"type": "toolCall", "id": record["id"], "name": record["name"]}
        self.content.append({**call, "arguments": record["arguments"]})
        return None

    def _end(self, record: dict[str, Any]) -> str | None:
        if self.thinking_open:
            return "PROVIDER_INVALID_EVENT"  # a thinking block left open
        if record["responseId"] != self.start_id:
            return "PROVIDER_RESPONSE_MISMATCH"
        reason = record["stopReason"]
        if reason in ("stop", "tool_call") and (reason == "tool_call") != bool(self.call_ids):
            return "PROVIDER_INVALID_TERMINAL"
        usage = record["usage"]
        counts = (
            usage.get("inputTokens", usage.get("input_tokens")),
            usage.get("outputTokens", usage.get("output_tokens")),
        )
        self.response = (record["responseId"], record["stopReason"], counts)
        return None


_AFTER_START = (
    "text_delta",
    "text_end",
    "thinking_delta",
    "thinking_end",
    "tool_call",
    "response_end",
)


def _record_shape_valid(record: dict[str, Any]) -> bool:
    """The schema's verdict on the record without its unknown fields, plus the rules
    for values that reach the IR (no lone surrogate, finite numbers, arguments depth).
    The branch of ``TransportRecord`` is the one its ``type`` selects (the others
    require another ``type`` const, so ``oneOf`` gives the same verdict)."""
    known = _known_fields().get(record["type"], set())
    kept = {key: value for key, value in record.items() if key in known}
    usage = kept.get("usage")
    if type(usage) is dict:  # the parser ignores unknown usage fields too
        kept["usage"] = {key: value for key, value in usage.items() if key in _USAGE_FIELDS}
    return _shape_valid(kept)


_USAGE_FIELDS = frozenset({"inputTokens", "input_tokens", "outputTokens", "output_tokens"})


def _shape_valid(record: dict[str, Any]) -> bool:
    # Only arguments may nest (MAX_DEPTH levels): anything deeper is invalid, and is
    # not given to jsonschema, which recurses.
    if depth_of(record) > MAX_DEPTH + 1 or depth_of(record.get("arguments")) > MAX_DEPTH:
        return False
    if has_lone_surrogate(record) or has_non_finite(record):
        return False
    return bool(_validator(_branch(RECORD_REF, record, "type")).is_valid(record))


@functools.cache
def _known_fields() -> dict[str, set[str]]:
    definitions = schemas.load("provider-fixture")["$defs"]
    mapping = definitions["TransportRecord"]["discriminator"]["mapping"]
    return {
        tag: set(definitions[target.rsplit("/", 1)[1]]["properties"])
        for tag, target in mapping.items()
    }


@functools.cache
def _non_empty_pattern() -> re.Pattern[str]:
    return re.compile(schemas.load("message")["$defs"]["NonEmptyString"]["pattern"])
