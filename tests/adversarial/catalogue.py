"""The catalogue of hostile inputs: each case is data, run against every public entry point.

A ``Case`` has a ``name``, a ``kind`` (its class, below), a ``build`` that makes a FRESH
hostile value on every call (so two entry points, or a call and its reference, never
share one) and the ``places`` where that value is put. The ``*_PLACES`` tables say how
a value is put in each place (as the transcript, a message, a block, a field, a key,
tool-call arguments, a timestamp, a fixture, its records, one record, an IR value built
directly, JSON text, an async source, a file); ``ENTRIES`` says which places each
harness runs; ``params(entry)`` is the cross product, as pytest params with ids
``case-name/entry-point/place``.

The classes, with their case counts (``docs/reliability-catalogue.md`` also counts the
tests generated per class; ``test_catalogue.py`` keeps both true):

* raising mapping (10 cases): mappings whose ``__getitem__``/``__iter__``/``__len__``/
  ``keys``/``items`` (one, or all) raise an ``Exception``, a bare ``BaseException`` or
  ``CancelledError``;
* lying length (19 cases): mappings whose ``len`` lies (0, -1, 2**64); list and tuple
  subclasses whose overrides lie, raise or append to the list, holding valid
  messages, blocks, numbers or records;
* shifting reads (2 cases): mappings whose keys and values change with every read;
* unprintable exception (2 cases): raised exceptions whose ``__str__``/``__repr__`` raise;
* scalar subclass (11 cases): ``str``/``int``/``float`` subclasses whose methods raise
  or lie (a NaN claiming to be 1.0, a blank string claiming not to be);
* datetime (19 cases): ``datetime``/``tzinfo`` subclasses whose ``isoformat``/
  ``utcoffset``/``tzinfo`` raise or lie, offsets of seconds and of 30 hours, years 1,
  0000 and 9999, February 30, a leap second;
* attribute access (2 cases): objects whose ``__class__``, or every attribute, raises;
* cycle (5 cases): self- and mutually-referencing dicts, lists, content, fixtures;
* deep nesting (5 cases): ``MAX_DEPTH`` and ``MAX_DEPTH + 1`` levels of arguments;
  lists, dicts and JSON text nested 10**6 levels;
* huge (7 cases): 10**6 text blocks, 10**6 argument keys (valid, and with the last
  not finite), 10**6 messages with the last malformed, 10**5 records, a 100 MB string
  (two places only); 5,000 malformed blocks (explaining one costs about 0.1 ms, so
  10**6 would take 100 s alone);
* surrogates (6 cases): lone and reversed surrogates in values and in keys of every level;
* numbers (10 cases): NaN, infinities, -0.0, ints of 2**64, 2**1000 and 5000 digits,
  ``True`` and ``3.0`` as token counts;
* non-JSON types (15 cases): ``bytes``, ``bytearray``, ``memoryview``, generators,
  sets, complex, ``Decimal``, ``UUID``, objects, types, non-string keys, IR objects;
* JSON text (18 cases): the text entry points' own inputs: every text type, a ``str``
  subclass, a released memoryview, BOM, invalid UTF-8, NaN, 1e400, 5000-digit ints,
  lone-surrogate escapes, duplicate keys, trailing data;
* async sources (16 cases): sources that never finish, never suspend, swallow
  cancellation, raise ``CancelledError`` or unprintable errors themselves, fail or hang
  in ``aclose``, or return non-awaitables (``expect`` is the stream's code);
* CLI (11 cases): files given to the installed ``agent-ir validate`` (``expect`` is the
  exit status): invalid UTF-8, BOM, a 10**6-deep line, lone-surrogate escapes, a 20 MB
  line, NUL bytes;
* linkage shapes (8 cases): tool rounds that once made repair, trimming or the
  rules slow or wrong: one call id reused every turn, a long run of assistant
  messages, many unanswered calls, leading orphans, results far from their call, long
  ids sharing 64 characters, results early, twice and misnamed, an assistant first;
* provider streams (20 cases): SSE bytes for each provider's streams: empty,
  comments and blank lines only, data that is not JSON or not an object, 10**5-deep
  data, invalid UTF-8, NUL, lone-surrogate escapes, NaN, 1e400, duplicate keys, CR line
  ends, odd fields, a BOM mid-stream, 20 MB comment and data lines, no line end, a
  ``[DONE]`` alone;
* report (8 cases): JSON Lines lines whose ids, keys and names carry bidirectional and
  control characters, markup, megabytes quoted thousands of times, or are not text;
* CLI environment (10 cases): FIFOs and device links in folders, a gzip bomb, an
  over-long line, a full disk on standard output, a failed fork, bad scheduler
  addresses.
"""

from __future__ import annotations

import asyncio
import datetime
import decimal
import functools
import gzip
import json
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from agent_ir import MAX_DEPTH, AssistantMessage, ProviderErrorCode, ToolCallBlock, UserMessage

from support.builders import (
    END,
    RECORDS,
    START,
    assistant,
    call_block,
    fixture_of,
    result,
    text,
    user,
    with_arguments,
)
from support.hostile import (
    AiterRaises,
    DisguisedNan,
    EndlessSource,
    ExplodingText,
    HangingAclose,
    HostileFloat,
    HostileInt,
    HostileMapping,
    HostileStr,
    IsoformatLies,
    IsoformatRaises,
    LyingBlank,
    LyingInt,
    LyingLengthMapping,
    LyingList,
    LyingTuple,
    LyingTzinfo,
    MyFloat,
    MyInt,
    MyStr,
    RaisingItem,
    RaisingKeys,
    RaisingList,
    RaisingMapping,
    RaisingTuple,
    RaisingTzinfo,
    RecordSource,
    ShiftingMapping,
    SourceFailure,
    SwallowingSource,
    SyncAclose,
    SyncAnext,
    TzinfoRaises,
    UnprintableError,
    UnreadableAttributes,
    UnreadableClass,
    UtcoffsetRaises,
    nested_dicts,
    nested_lists,
    self_referencing,
)

MILLION = 10**6
HUNDRED_MB = 100 * 2**20


@dataclass(frozen=True)
class Case:
    """One hostile input. ``build()`` returns a fresh value each call; ``places`` are
    the names in ``PLACES`` it is put in; ``expect`` is the outcome a class fixes
    exactly (a ``ProviderErrorCode`` or None for async sources, an exit status for
    the CLI, ``VALID``/``INVALID`` for a transcript value the schema decides); ``heavy`` cases (10**6 items, 100 MB) skip the round trips that would copy
    them again and snapshot only their first containers; ``only``, when given, names the
    harnesses (``ENTRIES``) that run the case, to keep the heaviest ones few."""

    name: str
    kind: str
    build: Callable[[], Any]
    places: tuple[str, ...]
    expect: Any = None
    heavy: bool = False
    only: tuple[str, ...] = ()


# ``expect`` of a transcript case whose verdict the schema fixes.
VALID = "valid"
INVALID = "invalid"

# --- places: how a value is put into what an entry point receives ---------------------

TEXT_BLOCK = {"type": "text", "text": "t"}


def _block(value: object) -> list[Any]:
    return [assistant(content=[dict(TEXT_BLOCK), value])]


def _usage_tokens(value: object) -> list[Any]:
    usage = {"inputTokens": value, "outputTokens": 1}
    return [{"role": "assistant", "id": "message-assistant", "content": [], "usage": usage}]


# Transcript places: each gives the transcript (JSON form) holding the value.
TRANSCRIPT_PLACES: dict[str, Callable[[Any], Any]] = {
    "transcript": lambda value: value,
    "message": lambda value: [user(), value],
    "message-key": lambda value: [{**user(), value: "x"}],
    "block": _block,
    "block-key": lambda value: _block({**TEXT_BLOCK, value: "x"}),
    "content": lambda value: [user(content=value)],
    "id": lambda value: [user(id=value)],
    "text": lambda value: [user(content=[{"type": "text", "text": value}])],
    "system-content": lambda value: [{"role": "system", "id": "message-system", "content": value}],
    "result-content": lambda value: [assistant(), {**result(), "content": value}],
    "usage": lambda value: [
        {"role": "assistant", "id": "message-assistant", "content": [], "usage": value}
    ],
    "usage-tokens": _usage_tokens,
    "timestamp": lambda value: [{**user(), "timestamp": value}],
    "arguments": lambda value: with_arguments(value),
    "argument-value": lambda value: with_arguments({"key": value}),
    "argument-key": lambda value: with_arguments({value: "x"}),
}


@dataclass(frozen=True)
class ConstructorPlace:
    """A transcript place as a constructor call: ``function`` named in agent_ir, its
    keyword arguments for the value, and the index of that message in the transcript."""

    function: str
    kwargs: Callable[[Any], dict[str, Any]]
    index: int = 0


CONSTRUCTOR_PLACES: dict[str, ConstructorPlace] = {
    "block": ConstructorPlace(
        "assistant_message",
        lambda value: {"id": "message-assistant", "content": [dict(TEXT_BLOCK), value]},
    ),
    "block-key": ConstructorPlace(
        "assistant_message",
        lambda value: {"id": "message-assistant", "content": [{**TEXT_BLOCK, value: "x"}]},
    ),
    "content": ConstructorPlace(
        "user_message", lambda value: {"id": "message-user", "content": value}
    ),
    "id": ConstructorPlace("user_message", lambda value: {"id": value, "content": "hello"}),
    "text": ConstructorPlace(
        "user_message",
        lambda value: {"id": "message-user", "content": [{"type": "text", "text": value}]},
    ),
    "system-content": ConstructorPlace(
        "system_message", lambda value: {"id": "message-system", "content": value}
    ),
    "result-content": ConstructorPlace(
        "tool_result_message",
        lambda value: {
            "id": "message-result",
            "tool_call_id": "call-1",
            "tool_name": "read",
            "content": value,
        },
        index=1,
    ),
    "usage": ConstructorPlace(
        "assistant_message",
        lambda value: {"id": "message-assistant", "content": [], "usage": value},
    ),
    "usage-tokens": ConstructorPlace(
        "assistant_message",
        lambda value: {
            "id": "message-assistant",
            "content": [],
            "usage": {"inputTokens": value, "outputTokens": 1},
        },
    ),
    "timestamp": ConstructorPlace(
        "user_message", lambda value: {"id": "message-user", "content": "hello", "timestamp": value}
    ),
    "arguments": ConstructorPlace(
        "assistant_message",
        lambda value: {"id": "message-assistant", "content": [call_block(arguments=value)]},
    ),
    "argument-value": ConstructorPlace(
        "assistant_message",
        lambda value: {
            "id": "message-assistant",
            "content": [call_block(arguments={"key": value})],
        },
    ),
    "argument-key": ConstructorPlace(
        "assistant_message",
        lambda value: {
            "id": "message-assistant",
            "content": [call_block(arguments={value: "x"})],
        },
    ),
}

# JsonObject places: the value as the whole object, as a value in it, as a key of it.
JSON_OBJECT_PLACES: dict[str, Callable[[Any], Any]] = {
    "arguments": lambda value: value,
    "argument-value": lambda value: {"key": value},
    "argument-key": lambda value: {value: "x"},
}

# Where a JsonObject place sits in the transcript TRANSCRIPT_PLACES gives for it.
ARGUMENTS_POINTER = "/0/content/0/arguments"


def _call_record(arguments: object) -> dict[str, Any]:
    return {"type": "tool_call", "id": "call-1", "name": "read", "arguments": arguments}


_TOOL_END = {**END, "stopReason": "tool_call"}

# Provider places: each gives the fixture holding the value. The records of "record",
# "delta" and "call-arguments" also run as an async source (``RECORD_PLACES``).
RECORD_PLACES: dict[str, Callable[[Any], list[Any]]] = {
    "record": lambda value: [START, value, END],
    "delta": lambda value: [START, text(value), END],
    "call-arguments": lambda value: [START, _call_record(value), _TOOL_END],
}


def _fixture_around(place: Callable[[Any], list[Any]], value: object) -> dict[str, Any]:
    return fixture_of(place(value))


PROVIDER_PLACES: dict[str, Callable[[Any], Any]] = {
    "fixture": lambda value: value,
    "records": lambda value: fixture_of(value),
    **{name: functools.partial(_fixture_around, place) for name, place in RECORD_PLACES.items()},
}

# dumps places: the value given to dumps itself, or inside an IR value built directly
# from the generated classes (which do not check what they are given).
DUMPS_PLACES: dict[str, Callable[[Any], Any]] = {
    "dumps-value": lambda value: value,
    "ir-content": lambda value: UserMessage(id="message-user", content=value),
    "ir-arguments": lambda value: AssistantMessage(
        id="message-assistant",
        content=(ToolCallBlock(id="call-1", name="read", arguments=value),),
    ),
}

# The transcript each IR place is checked against by validate_transcript.
IR_TRANSCRIPTS: dict[str, Callable[[Any], list[Any]]] = {
    "ir-content": lambda ir: [ir],
    "ir-arguments": lambda ir: [ir, result()],
}

ALL_PLACES = (
    set(TRANSCRIPT_PLACES)
    | set(PROVIDER_PLACES)
    | set(DUMPS_PLACES)
    | {"json-text", "async-records", "cli-file"}
)

# --- place groups --------------------------------------------------------------------


def _unique(places: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(places))


MAPPING = ("message", "block", "usage", "arguments", "argument-value", "fixture", "record")
MAPPING += ("call-arguments", "ir-content", "ir-arguments")
SCALAR = ("id", "text", "content", "system-content", "result-content", "usage-tokens")
SCALAR += ("argument-value", "delta", "ir-content", "dumps-value")
KEY = ("message-key", "block-key", "argument-key")
ANYWHERE = _unique(("transcript", "content", "dumps-value", "records", *MAPPING, *SCALAR))


# --- builders ------------------------------------------------------------------------


def _message_data() -> dict[str, Any]:
    return user(id="message-hostile", content="hello")


def _raising(fails: str, error: Callable[[], BaseException]) -> Callable[[], Any]:
    return lambda: HostileMapping(_message_data(), fails, error())


def _generator() -> Iterator[Any]:
    yield user()


def _released_memoryview() -> memoryview:
    view = memoryview(b"[]")
    view.release()
    return view


def _self_list() -> list[Any]:
    items: list[Any] = [user()]
    items.append(items)
    return items


def _mutual_dicts() -> dict[str, Any]:
    first: dict[str, Any] = {"name": "first"}
    second: dict[str, Any] = {"name": "second", "first": first}
    first["second"] = second
    return first


def _cyclic_content() -> list[Any]:
    content: list[Any] = [dict(TEXT_BLOCK)]
    content.append(content)
    return content


def _cyclic_fixture() -> dict[str, Any]:
    fixture: dict[str, Any] = {"schemaVersion": 1}
    fixture["responses"] = [{"records": [START, fixture, END]}]
    return fixture


def _utc(kind: type[datetime.datetime] = datetime.datetime, **fields: Any) -> Any:
    return kind(2024, 1, 2, 3, 4, 5, tzinfo=datetime.UTC, **fields)


def _aware(tzinfo: datetime.tzinfo) -> datetime.datetime:
    return datetime.datetime(2024, 1, 2, 3, 4, 5, tzinfo=tzinfo)


def _isoformat_returning(value: object) -> Callable[[], Any]:
    def build() -> Any:
        moment = _utc(IsoformatLies)
        moment.text = value
        return moment

    return build


def _lying_tuple(items: list[Any]) -> Callable[[], Any]:
    return lambda: LyingTuple(items)


def _messages_one_malformed(count: int) -> list[Any]:
    messages: list[Any] = [user(id=f"message-{index}") for index in range(count - 1)]
    messages.append(user(id=" "))
    return messages


def _keys(count: int, last: object = None) -> dict[str, Any]:
    keys: dict[str, Any] = dict.fromkeys(map(str, range(count)), 1)
    if last is not None:
        keys[str(count - 1)] = last
    return keys


def _text_blocks(count: int, last: object = "t") -> list[Any]:
    blocks = [{"type": "text", "text": "t"} for _ in range(count - 1)]
    blocks.append({"type": "text", "text": last})
    return blocks


def _deep_text(levels: int) -> bytes:
    return b"[" * levels + b"]" * levels


def json_line(messages: object) -> bytes:
    """``messages`` as one line of UTF-8 JSON."""
    return json.dumps(messages).encode("utf-8")


# --- the cases -----------------------------------------------------------------------

RAISING = "raising mapping"
LYING = "lying length"
SHIFTING = "shifting reads"
UNPRINTABLE = "unprintable exception"
SCALARS = "scalar subclass"
DATETIMES = "datetime"
ATTRIBUTES = "attribute access"
CYCLES = "cycle"
DEEP = "deep nesting"
HUGE = "huge"
SURROGATES = "surrogates"
NUMBERS = "numbers"
NON_JSON = "non-JSON types"
JSON_TEXT = "JSON text"
ASYNC = "async sources"
CLI = "CLI"

KINDS = (RAISING, LYING, SHIFTING, UNPRINTABLE, SCALARS, DATETIMES, ATTRIBUTES, CYCLES)
KINDS += (DEEP, HUGE, SURROGATES, NUMBERS, NON_JSON, JSON_TEXT, ASYNC, CLI)

ATTRIBUTE_PLACES = (
    "transcript",
    "message",
    "timestamp",
    "arguments",
    *SCALAR,
    "fixture",
    "records",
)
_ANY_MAPPING = _unique((*MAPPING, "transcript", "content", "dumps-value"))

CASES: list[Case] = [
    # raising mapping -----------------------------------------------------------------
    Case("getitem-raises", RAISING, _raising("__getitem__", lambda: RuntimeError("boom")), MAPPING),
    Case("iter-raises", RAISING, _raising("__iter__", lambda: RuntimeError("boom")), MAPPING),
    Case("len-raises", RAISING, _raising("__len__", lambda: RuntimeError("boom")), MAPPING),
    Case("keys-raises", RAISING, _raising("keys", lambda: RuntimeError("boom")), MAPPING),
    Case("items-raises", RAISING, _raising("items", lambda: RuntimeError("boom")), MAPPING),
    Case("every-method-raises", RAISING, lambda: RaisingMapping(ValueError("no")), _ANY_MAPPING),
    Case("keys-cannot-be-listed", RAISING, RaisingKeys, MAPPING),
    Case(
        "one-property-raises",
        RAISING,
        lambda: RaisingItem(_message_data(), "content", KeyError("content")),
        MAPPING,
    ),
    Case(
        "raises-base-exception",
        RAISING,
        lambda: RaisingMapping(SourceFailure("not an Exception")),
        _unique(("transcript", *MAPPING)),
    ),
    Case(
        "raises-cancelled-error",
        RAISING,
        lambda: HostileMapping(_message_data(), "__getitem__", asyncio.CancelledError()),
        ("message", "arguments", "fixture", "record"),
    ),
    # lying length --------------------------------------------------------------------
    Case(
        "mapping-length-zero",
        LYING,
        lambda: LyingLengthMapping(_message_data(), 0),
        ("message", "arguments", "record"),
    ),
    Case(
        "mapping-length-negative",
        LYING,
        lambda: LyingLengthMapping(_message_data(), -1),
        ("message", "arguments", "record"),
    ),
    Case(
        "mapping-length-2-64",
        LYING,
        lambda: LyingLengthMapping(_message_data(), 2**64),
        ("message", "arguments", "record"),
    ),
    Case(
        "lying-list-of-messages",
        LYING,
        lambda: LyingList([user(), user(id="u2")], 9),
        ("transcript", "dumps-value"),
    ),
    Case(
        "lying-list-of-blocks",
        LYING,
        lambda: LyingList([dict(TEXT_BLOCK)], 0),
        ("content", "ir-content"),
    ),
    Case(
        "lying-list-of-numbers",
        LYING,
        lambda: LyingList([1, 2], 5),
        ("argument-value", "ir-arguments"),
    ),
    Case(
        "lying-list-of-records",
        LYING,
        lambda: LyingList([dict(r) for r in RECORDS], 1),
        ("records",),
    ),
    Case("plain-list-of-blocks", LYING, lambda: [dict(TEXT_BLOCK)], ("content", "ir-content")),
    Case("lying-tuple-of-messages", LYING, _lying_tuple([user()]), ("transcript", "dumps-value")),
    Case(
        "lying-tuple-of-blocks", LYING, _lying_tuple([dict(TEXT_BLOCK)]), ("content", "ir-content")
    ),
    Case("lying-tuple-of-numbers", LYING, _lying_tuple([1, 2]), ("argument-value",)),
    Case("lying-tuple-of-records", LYING, _lying_tuple([dict(r) for r in RECORDS]), ("records",)),
    Case(
        "raising-list-of-messages",
        LYING,
        lambda: RaisingList([user()]),
        ("transcript", "dumps-value"),
    ),
    Case(
        "raising-list-of-blocks",
        LYING,
        lambda: RaisingList([dict(TEXT_BLOCK)]),
        ("content", "block", "ir-content"),
    ),
    Case(
        "raising-list-of-numbers", LYING, lambda: RaisingList([1, 2]), ("argument-value", "delta")
    ),
    Case(
        "raising-list-of-records",
        LYING,
        lambda: RaisingList([dict(r) for r in RECORDS]),
        ("records",),
    ),
    Case("raising-tuple-of-messages", LYING, lambda: RaisingTuple((user(),)), ("transcript",)),
    Case("raising-tuple-of-blocks", LYING, lambda: RaisingTuple((dict(TEXT_BLOCK),)), ("content",)),
    Case("raising-tuple-of-records", LYING, lambda: RaisingTuple(tuple(RECORDS)), ("records",)),
    # shifting reads ------------------------------------------------------------------
    Case(
        "values-change-per-read",
        SHIFTING,
        lambda: ShiftingMapping([_message_data(), user(id=" "), {"role": 1}]),
        ("message", "arguments", "record"),
    ),
    Case(
        "keys-change-per-read",
        SHIFTING,
        lambda: ShiftingMapping([{"a": 1}, {"b": 2, "c": 3}, {}]),
        ("message", "arguments", "argument-value", "record", "call-arguments"),
    ),
    # unprintable exception -----------------------------------------------------------
    Case(
        "mapping-raises-unprintable",
        UNPRINTABLE,
        lambda: RaisingMapping(UnprintableError()),
        _unique(("transcript", "content", *MAPPING)),
    ),
    Case(
        "property-raises-unprintable",
        UNPRINTABLE,
        lambda: RaisingItem(_message_data(), "id", UnprintableError()),
        ("message", "block", "arguments", "argument-value", "record"),
    ),
    # scalar subclass -----------------------------------------------------------------
    Case(
        "plain-str-subclass", SCALARS, lambda: MyStr("plain"), _unique((*SCALAR, *KEY, "timestamp"))
    ),
    Case(
        "hostile-str", SCALARS, lambda: HostileStr("hostile"), _unique((*SCALAR, *KEY, "timestamp"))
    ),
    Case(
        "lying-blank-str",
        SCALARS,
        lambda: LyingBlank("  "),
        ("id", "text", "argument-value", "delta"),
    ),
    Case(
        "encode-raises-str",
        SCALARS,
        lambda: ExplodingText("é"),
        ("id", "text", "argument-value", "delta"),
    ),
    Case(
        "hostile-str-timestamp",
        SCALARS,
        lambda: HostileStr("2024-01-02T03:04:05Z"),
        ("timestamp",),
    ),
    Case(
        "plain-int-subclass",
        SCALARS,
        lambda: MyInt(3),
        ("usage-tokens", "argument-value", "content"),
    ),
    Case(
        "hostile-int",
        SCALARS,
        lambda: HostileInt(3),
        ("usage-tokens", "argument-value", "content", "ir-content"),
    ),
    Case("lying-int", SCALARS, lambda: LyingInt(-1), ("usage-tokens", "argument-value")),
    Case("plain-float-subclass", SCALARS, lambda: MyFloat(1.5), ("argument-value", "usage-tokens")),
    Case(
        "hostile-float",
        SCALARS,
        lambda: HostileFloat(1.5),
        ("argument-value", "usage-tokens", "ir-arguments"),
    ),
    Case(
        "disguised-nan",
        SCALARS,
        DisguisedNan,
        ("argument-value", "usage-tokens", "delta", "ir-content"),
    ),
    # datetime ------------------------------------------------------------------------
    Case("aware-datetime", DATETIMES, _utc, ("timestamp",)),
    Case("naive-datetime", DATETIMES, lambda: datetime.datetime(2024, 1, 2), ("timestamp",)),
    Case("tzinfo-raises", DATETIMES, lambda: _aware(RaisingTzinfo()), ("timestamp",)),
    Case(
        "tzinfo-offset-not-timedelta",
        DATETIMES,
        lambda: _aware(LyingTzinfo("+01:00")),
        ("timestamp",),
    ),
    Case(
        "tzinfo-offset-30-hours",
        DATETIMES,
        lambda: _aware(LyingTzinfo(datetime.timedelta(hours=30))),
        ("timestamp",),
    ),
    Case("tzinfo-offset-none", DATETIMES, lambda: _aware(LyingTzinfo(None)), ("timestamp",)),
    Case(
        "tzinfo-offset-seconds",
        DATETIMES,
        lambda: _aware(datetime.timezone(datetime.timedelta(seconds=30))),
        ("timestamp",),
    ),
    Case("isoformat-raises", DATETIMES, lambda: _utc(IsoformatRaises), ("timestamp",)),
    Case("isoformat-returns-int", DATETIMES, _isoformat_returning(42), ("timestamp",)),
    Case("isoformat-returns-prose", DATETIMES, _isoformat_returning("yesterday"), ("timestamp",)),
    Case(
        "isoformat-returns-hostile-str",
        DATETIMES,
        _isoformat_returning(HostileStr("x")),
        ("timestamp",),
    ),
    Case("utcoffset-raises", DATETIMES, lambda: _utc(UtcoffsetRaises), ("timestamp",)),
    Case("tzinfo-attribute-raises", DATETIMES, lambda: _utc(TzinfoRaises), ("timestamp",)),
    Case(
        "year-1-at-plus-14",
        DATETIMES,
        lambda: datetime.datetime(1, 1, 1, tzinfo=datetime.timezone(datetime.timedelta(hours=14))),
        ("timestamp",),
    ),
    Case(
        "year-9999-at-minus-23-59",
        DATETIMES,
        lambda: datetime.datetime.max.replace(
            tzinfo=datetime.timezone(-datetime.timedelta(hours=23, minutes=59))
        ),
        ("timestamp",),
    ),
    Case("year-0000-text", DATETIMES, lambda: "0000-01-01T00:00:00Z", ("timestamp",), VALID),
    Case("february-30-text", DATETIMES, lambda: "2024-02-30T00:00:00Z", ("timestamp",), INVALID),
    Case("leap-second-text", DATETIMES, lambda: "2016-12-31T23:59:60Z", ("timestamp",), VALID),
    Case(
        "date-not-datetime",
        DATETIMES,
        lambda: datetime.date(2024, 1, 2),
        ("timestamp", "argument-value"),
    ),
    # attribute access ----------------------------------------------------------------
    Case(
        "class-raises",
        ATTRIBUTES,
        UnreadableClass,
        _unique((*ATTRIBUTE_PLACES, "ir-arguments")),
    ),
    Case(
        "every-attribute-raises",
        ATTRIBUTES,
        UnreadableAttributes,
        _unique(ATTRIBUTE_PLACES),
    ),
    # cycle ---------------------------------------------------------------------------
    Case(
        "self-referencing-dict",
        CYCLES,
        lambda: self_referencing(_message_data(), "self"),
        (
            "message",
            "block",
            "arguments",
            "argument-value",
            "record",
            "call-arguments",
            "ir-arguments",
        ),
    ),
    Case(
        "self-referencing-list",
        CYCLES,
        _self_list,
        ("transcript", "content", "argument-value", "delta", "ir-content"),
    ),
    Case(
        "mutual-dicts",
        CYCLES,
        _mutual_dicts,
        ("arguments", "argument-value", "record", "call-arguments", "ir-arguments"),
    ),
    Case("cyclic-content", CYCLES, _cyclic_content, ("content", "ir-content")),
    Case("fixture-holds-itself", CYCLES, _cyclic_fixture, ("fixture",)),
    # deep nesting --------------------------------------------------------------------
    Case(
        "arguments-at-max-depth",
        DEEP,
        lambda: nested_dicts(MAX_DEPTH - 1, leaf={}),
        ("arguments", "call-arguments"),
    ),
    Case(
        "arguments-past-max-depth",
        DEEP,
        lambda: nested_dicts(MAX_DEPTH, leaf={}),
        ("arguments", "call-arguments"),
    ),
    Case(
        "lists-a-million-deep",
        DEEP,
        lambda: nested_lists(MILLION),
        ("transcript", "argument-value"),
        heavy=True,
        only=("validate_transcript", "validate_json", "JsonObject"),
    ),
    Case(
        "dicts-a-million-deep",
        DEEP,
        lambda: nested_dicts(MILLION),
        ("arguments", "record"),
        heavy=True,
        only=("validate_transcript", "constructor", "FixtureProviderAdapter"),
    ),
    Case("json-text-a-million-deep", DEEP, lambda: _deep_text(MILLION), ("json-text",), heavy=True),
    # huge ----------------------------------------------------------------------------
    Case("a-million-valid-blocks", HUGE, lambda: _text_blocks(MILLION), ("content",), heavy=True),
    Case(
        "a-million-valid-keys",
        HUGE,
        lambda: _keys(MILLION),
        ("arguments",),
        heavy=True,
        only=("validate_transcript", "JsonObject"),
    ),
    Case(
        "a-million-keys-last-not-finite",
        HUGE,
        lambda: _keys(MILLION, float("nan")),
        ("arguments",),
        heavy=True,
        only=("JsonObject",),
    ),
    Case(
        "a-million-messages-last-malformed",
        HUGE,
        lambda: _messages_one_malformed(MILLION),
        ("transcript",),
        heavy=True,
    ),
    Case(
        "five-thousand-malformed-blocks",
        HUGE,
        lambda: [{"type": "text", "text": index} for index in range(5000)],
        ("content",),
        heavy=True,
        only=("validate_transcript",),
    ),
    Case(
        "a-hundred-thousand-records",
        HUGE,
        lambda: [START, *(text("x") for _ in range(10**5)), END],
        ("records",),
        heavy=True,
    ),
    Case("a-100-mb-string", HUGE, lambda: "x" * HUNDRED_MB, ("text", "delta"), heavy=True),
    # surrogates ----------------------------------------------------------------------
    Case(
        "lone-high-surrogate",
        SURROGATES,
        lambda: "a\ud800b",
        _unique((*SCALAR, *KEY, "timestamp", "usage", "call-arguments")),
    ),
    Case("lone-low-surrogate", SURROGATES, lambda: "\udfff", _unique((*SCALAR, *KEY))),
    Case(
        "reversed-surrogate-pair",
        SURROGATES,
        lambda: "\ude00\ud83d",
        ("text", "argument-key", "delta"),
    ),
    Case(
        "surrogate-key-in-usage",
        SURROGATES,
        lambda: {"inputTokens": 1, "outputTokens": 1, "\ud800": 1},
        ("usage",),
    ),
    Case(
        "surrogate-key-in-record-arguments",
        SURROGATES,
        lambda: {"\ud800": 1},
        ("call-arguments", "ir-arguments"),
    ),
    Case("astral-character", SURROGATES, lambda: "\U0001f600", ("id", "text", "argument-key")),
    # numbers -------------------------------------------------------------------------
    Case(
        "nan",
        NUMBERS,
        lambda: float("nan"),
        ("argument-value", "usage-tokens", "content", "ir-content", "ir-arguments", "delta"),
    ),
    Case(
        "infinity", NUMBERS, lambda: float("inf"), ("argument-value", "usage-tokens", "ir-content")
    ),
    Case("minus-infinity", NUMBERS, lambda: float("-inf"), ("argument-value",)),
    Case("minus-zero", NUMBERS, lambda: -0.0, ("argument-value", "usage-tokens")),
    Case("int-2-64", NUMBERS, lambda: 2**64, ("argument-value", "usage-tokens")),
    Case("int-minus-2-64", NUMBERS, lambda: -(2**64), ("argument-value", "usage-tokens")),
    Case("int-2-1000", NUMBERS, lambda: 2**1000, ("argument-value", "usage-tokens", "delta")),
    Case(
        "int-of-5000-digits",
        NUMBERS,
        lambda: 10**4999,
        ("argument-value", "usage-tokens", "id", "ir-content"),
    ),
    Case("true-as-token-count", NUMBERS, lambda: True, ("usage-tokens",)),
    Case("float-token-count", NUMBERS, lambda: 3.0, ("usage-tokens",)),
    # non-JSON types ------------------------------------------------------------------
    Case("bytes", NON_JSON, lambda: b"hello", ANYWHERE),
    Case(
        "bytearray",
        NON_JSON,
        lambda: bytearray(b"hello"),
        ("transcript", "content", "argument-value", "delta"),
    ),
    Case(
        "memoryview",
        NON_JSON,
        lambda: memoryview(b"hello"),
        ("transcript", "content", "argument-value", "delta", "dumps-value"),
    ),
    Case(
        "generator",
        NON_JSON,
        _generator,
        ("transcript", "content", "argument-value", "records", "dumps-value"),
    ),
    Case(
        "set",
        NON_JSON,
        lambda: {1, 2},
        ("transcript", "content", "argument-value", "records", "delta"),
    ),
    Case("complex", NON_JSON, lambda: 1j, ("argument-value", "usage-tokens", "delta")),
    Case("object", NON_JSON, object, ANYWHERE),
    Case("type", NON_JSON, lambda: dict, ("message", "argument-value", "fixture")),
    Case("ellipsis", NON_JSON, lambda: ..., ("argument-value", "id")),
    Case(
        "int-key", NON_JSON, lambda: {1: "x"}, ("message", "arguments", "record", "call-arguments")
    ),
    Case("tuple-key", NON_JSON, lambda: {(1, 2): "x"}, ("arguments", "record")),
    Case("decimal", NON_JSON, lambda: decimal.Decimal("1.5"), ("argument-value", "ir-content")),
    Case("uuid", NON_JSON, lambda: uuid.UUID(int=1), ("argument-value", "ir-content")),
    Case("datetime-as-content", NON_JSON, lambda: _utc(), ("content", "ir-content")),
    Case(
        "ir-object-as-argument",
        NON_JSON,
        lambda: UserMessage(id="message-user", content="hello"),
        ("argument-value", "delta", "record"),
    ),
    # JSON text -----------------------------------------------------------------------
    Case("valid-transcript-bytes", JSON_TEXT, lambda: json_line([user()]), ("json-text",)),
    Case("valid-transcript-str", JSON_TEXT, lambda: json_line([user()]).decode(), ("json-text",)),
    Case(
        "valid-transcript-bytearray",
        JSON_TEXT,
        lambda: bytearray(json_line([user()])),
        ("json-text",),
    ),
    Case(
        "valid-transcript-memoryview",
        JSON_TEXT,
        lambda: memoryview(json_line([user()])),
        ("json-text",),
    ),
    Case(
        "valid-transcript-str-subclass",
        JSON_TEXT,
        lambda: MyStr(json_line([user()]).decode()),
        ("json-text",),
    ),
    Case("released-memoryview", JSON_TEXT, _released_memoryview, ("json-text",)),
    Case("empty-text", JSON_TEXT, lambda: b"", ("json-text",)),
    Case("bom-prefixed", JSON_TEXT, lambda: b"\xef\xbb\xbf[]", ("json-text",)),
    Case(
        "invalid-utf-8",
        JSON_TEXT,
        lambda: b'[{"role":"user","id":"\xff","content":"x"}]',
        ("json-text",),
    ),
    Case(
        "nan-literal",
        JSON_TEXT,
        lambda: b'[{"role":"user","id":"u","content":NaN}]',
        ("json-text",),
    ),
    Case(
        "float-overflowing-to-infinity",
        JSON_TEXT,
        lambda: json_line(with_arguments({"a": 1})).replace(b'"a": 1', b'"a": 1e400'),
        ("json-text",),
    ),
    Case(
        "int-of-5000-digits-text",
        JSON_TEXT,
        lambda: json_line(with_arguments({"a": 1})).replace(b'"a": 1', b'"a": ' + b"9" * 5000),
        ("json-text",),
    ),
    Case(
        "lone-surrogate-escape-in-value",
        JSON_TEXT,
        lambda: b'[{"role":"user","id":"\\ud800","content":"x"}]',
        ("json-text",),
    ),
    Case(
        "lone-surrogate-escape-in-key",
        JSON_TEXT,
        lambda: b'[{"role":"user","id":"u","content":"x","\\udc00":1}]',
        ("json-text",),
    ),
    Case(
        "lone-surrogate-in-str-text",
        JSON_TEXT,
        lambda: '[{"role":"user","id":"\ud800","content":"x"}]',
        ("json-text",),
    ),
    Case(
        "duplicate-keys",
        JSON_TEXT,
        lambda: b'[{"role":"user","id":"u","id":" ","content":"x"}]',
        ("json-text",),
    ),
    Case("trailing-garbage", JSON_TEXT, lambda: b"[] []", ("json-text",)),
    Case("top-level-object", JSON_TEXT, lambda: b'{"role":"user"}', ("json-text",)),
    # async sources -------------------------------------------------------------------
    Case(
        "never-finishes",
        ASYNC,
        lambda: RecordSource(RECORDS, block_at=2),
        ("async-records",),
        expect=ProviderErrorCode.PROVIDER_CANCELLED,
    ),
    Case(
        "swallows-cancellation",
        ASYNC,
        lambda: SwallowingSource(RECORDS, block_at=2),
        ("async-records",),
        expect=ProviderErrorCode.PROVIDER_CANCELLED,
    ),
    Case(
        "never-suspends-never-ends",
        ASYNC,
        lambda: EndlessSource(START, text("x"), limit=20_000),
        ("async-records",),
        expect=ProviderErrorCode.PROVIDER_CANCELLED,
    ),
    Case(
        "raises-cancelled-error-itself",
        ASYNC,
        lambda: RecordSource(RECORDS, fail_at=1, error=asyncio.CancelledError()),
        ("async-records",),
        expect=ProviderErrorCode.PROVIDER_INVALID_FIXTURE,
    ),
    Case(
        "raises-unprintable-error",
        ASYNC,
        lambda: RecordSource(RECORDS, fail_at=1, error=UnprintableError()),
        ("async-records",),
        expect=ProviderErrorCode.PROVIDER_INVALID_FIXTURE,
    ),
    Case(
        "raises-base-exception",
        ASYNC,
        lambda: RecordSource(RECORDS, fail_at=1, error=SourceFailure()),
        ("async-records",),
        expect=ProviderErrorCode.PROVIDER_INVALID_FIXTURE,
    ),
    Case(
        "aclose-raises-after-a-bad-record",
        ASYNC,
        lambda: RecordSource([START, {"type": 1}], aclose_error=RuntimeError("close")),
        ("async-records",),
        expect=ProviderErrorCode.PROVIDER_INVALID_EVENT,
    ),
    Case(
        "aclose-raises-cancelled-error",
        ASYNC,
        lambda: RecordSource([START, {"type": 1}], aclose_error=asyncio.CancelledError()),
        ("async-records",),
        expect=ProviderErrorCode.PROVIDER_INVALID_EVENT,
    ),
    Case(
        "aclose-raises-base-exception",
        ASYNC,
        lambda: RecordSource([START, {"type": 1}], aclose_error=SourceFailure()),
        ("async-records",),
        expect=ProviderErrorCode.PROVIDER_INVALID_EVENT,
    ),
    Case(
        "aclose-raises-on-cancel",
        ASYNC,
        lambda: RecordSource(RECORDS, block_at=2, aclose_error=UnprintableError()),
        ("async-records",),
        expect=ProviderErrorCode.PROVIDER_CANCELLED,
    ),
    Case(
        "aclose-never-finishes",
        ASYNC,
        lambda: HangingAclose(RECORDS, block_at=2),
        ("async-records",),
        expect=ProviderErrorCode.PROVIDER_CANCELLED,
    ),
    Case(
        "aclose-returns-non-awaitable",
        ASYNC,
        lambda: SyncAclose([START, {"type": 1}]),
        ("async-records",),
        expect=ProviderErrorCode.PROVIDER_INVALID_EVENT,
    ),
    Case(
        "anext-returns-non-awaitable",
        ASYNC,
        lambda: SyncAnext(START),
        ("async-records",),
        expect=ProviderErrorCode.PROVIDER_INVALID_FIXTURE,
    ),
    Case(
        "aiter-raises-unprintable",
        ASYNC,
        lambda: AiterRaises(UnprintableError()),
        ("async-records",),
        expect=ProviderErrorCode.PROVIDER_INVALID_FIXTURE,
    ),
    Case(
        "aiter-raises-cancelled-error",
        ASYNC,
        lambda: AiterRaises(asyncio.CancelledError()),
        ("async-records",),
        expect=ProviderErrorCode.PROVIDER_INVALID_FIXTURE,
    ),
    Case(
        "a-well-behaved-source",
        ASYNC,
        lambda: RecordSource(RECORDS),
        ("async-records",),
        expect=None,
    ),
]


# --- linkage shapes: transcripts whose tool rounds are the hostile part ----------------
# Each is valid message by message; ``expect`` is validate_transcript's verdict. They
# are the shapes that once made repair, trimming or the wire rules quadratic or wrong
# (test_bounded_time.py grows each one 8 times).
ROUNDS = 200


def reused_call_id(turns: int) -> list[Any]:
    """Every turn's call is ``call_0`` (servers that restart ids per reply)."""
    transcript: list[Any] = [user("u")]
    for turn in range(turns):
        transcript += [assistant(f"a{turn}", [call_block("call_0")]), result(f"r{turn}", "call_0")]
    return transcript


def assistant_run(calls: int) -> list[Any]:
    """A run of ``calls`` assistant messages, one call each, then all their results."""
    transcript: list[Any] = [user("u")]
    transcript += [assistant(f"a{n}", [call_block(f"c{n}")]) for n in range(calls)]
    return transcript + [result(f"r{n}", f"c{n}") for n in range(calls)]


def unanswered_calls(calls: int) -> list[Any]:
    """One assistant message with ``calls`` calls and a single result, for the first."""
    blocks = [call_block(f"c{n}") for n in range(calls)]
    return [user("u"), assistant("a", blocks), result("r", "c0"), user("u2")]


def leading_orphans(count: int) -> list[Any]:
    """``count`` results no call has, then a well-linked round."""
    transcript: list[Any] = [result(f"o{n}", f"gone-{n}") for n in range(count)]
    return [*transcript, user("u"), assistant("a", [call_block("c")]), result("r", "c")]


def far_results(between: int) -> list[Any]:
    """A call, ``between`` user messages, then its result."""
    transcript: list[Any] = [user("u"), assistant("a", [call_block("c")])]
    transcript += [user(f"u{n}") for n in range(between)]
    return [*transcript, result("r", "c")]


def long_shared_ids(count: int) -> list[Any]:
    """``count`` calls whose 100-character ids share their first 64 characters (the
    Anthropic limit), each answered."""
    ids = [f"{'x' * 64}-{n:035d}" for n in range(count)]
    transcript: list[Any] = [user("u"), assistant("a", [call_block(i) for i in ids])]
    return transcript + [result(f"r{n}", i) for n, i in enumerate(ids)]


def results_out_of_place(count: int) -> list[Any]:
    """Rounds whose results come before their calls, twice, or under another name."""
    transcript: list[Any] = [user("u")]
    for n in range(count):
        transcript += [
            result(f"early{n}", f"c{n}"),
            assistant(f"a{n}", [call_block(f"c{n}")]),
            result(f"r{n}", f"c{n}", name="write"),
            result(f"again{n}", f"c{n}"),
        ]
    return transcript


LINKAGE = "linkage shapes"
LINKAGE_CASES: list[Case] = [
    Case(
        "call-id-reused-every-turn",
        LINKAGE,
        lambda: reused_call_id(ROUNDS),
        ("transcript",),
        expect=INVALID,
    ),
    Case(
        "long-assistant-run", LINKAGE, lambda: assistant_run(ROUNDS), ("transcript",), expect=VALID
    ),
    Case(
        "many-unanswered-calls",
        LINKAGE,
        lambda: unanswered_calls(ROUNDS),
        ("transcript",),
        expect=INVALID,
    ),
    Case(
        "leading-orphan-results",
        LINKAGE,
        lambda: leading_orphans(ROUNDS),
        ("transcript",),
        expect=INVALID,
    ),
    Case(
        "results-far-from-their-call",
        LINKAGE,
        lambda: far_results(ROUNDS),
        ("transcript",),
        expect=VALID,
    ),
    Case(
        "long-ids-sharing-64-characters",
        LINKAGE,
        lambda: long_shared_ids(ROUNDS),
        ("transcript",),
        expect=VALID,
    ),
    Case(
        "results-early-twice-misnamed",
        LINKAGE,
        lambda: results_out_of_place(ROUNDS),
        ("transcript",),
        expect=INVALID,
    ),
    Case(
        "assistant-first-system-between",
        LINKAGE,
        lambda: [
            assistant("a", [call_block("c")]),
            {"role": "system", "id": "s", "content": "rules"},
            result("r", "c"),
            assistant("b", []),
        ],
        ("transcript",),
        expect=VALID,
    ),
]
CASES += LINKAGE_CASES
KINDS += (LINKAGE,)

_VALID_LINE = json_line([user()])

# CLI cases: build() gives (suffix, file bytes); expect is the exit status.
CLI_CASES: list[Case] = [
    Case("valid-line", CLI, lambda: (".jsonl", _VALID_LINE + b"\n"), ("cli-file",), expect=0),
    Case("empty-file", CLI, lambda: (".jsonl", b""), ("cli-file",), expect=0),
    Case("invalid-utf-8", CLI, lambda: (".jsonl", b'["\xff\xfe"]\n'), ("cli-file",), expect=1),
    Case(
        "bom-prefixed",
        CLI,
        lambda: (".json", b"\xef\xbb\xbf" + _VALID_LINE),
        ("cli-file",),
        expect=0,  # a UTF-8 byte order mark at the start of a file is skipped
    ),
    Case(
        "a-million-deep-line",
        CLI,
        lambda: (".jsonl", _deep_text(MILLION) + b"\n"),
        ("cli-file",),
        expect=1,
    ),
    Case(
        "lone-surrogate-escape-in-value",
        CLI,
        lambda: (".jsonl", b'[{"role":"user","id":"\\ud800","content":"x"}]\n'),
        ("cli-file",),
        expect=1,
    ),
    Case(
        "lone-surrogate-escape-in-key",
        CLI,
        lambda: (".jsonl", b'[{"role":"user","id":"u","content":"x","\\ud800":1}]\n'),
        ("cli-file",),
        expect=1,
    ),
    Case(
        "huge-line",
        CLI,
        lambda: (".jsonl", json_line([user(content="x" * 20 * 2**20)]) + b"\n"),
        ("cli-file",),
        expect=0,
    ),
    Case(
        "nan-literal",
        CLI,
        lambda: (".jsonl", b'[{"role":"user","id":"u","content":NaN}]\n'),
        ("cli-file",),
        expect=1,
    ),
    Case("null-json-file", CLI, lambda: (".json", b"null"), ("cli-file",), expect=1),
    Case("nul-bytes", CLI, lambda: (".jsonl", b"\x00\x00\n"), ("cli-file",), expect=1),
]


# --- wire places: a value put into a provider's request, for the ``from_*`` readers ---
# Each gives (provider, request field value, system); every transcript place of a case
# that has a wire counterpart runs there too (``WIRE_COUNTERPARTS``).


def _chat_call(arguments: object) -> list[Any]:
    function = {"name": "read", "arguments": arguments}
    call = {"id": "call-1", "type": "function", "function": function}
    return [{"role": "assistant", "content": None, "tool_calls": [call]}]


def _anthropic_call(value: object) -> list[Any]:
    block = {"type": "tool_use", "id": "call-1", "name": "read", "input": value}
    return [{"role": "user", "content": "u"}, {"role": "assistant", "content": [block]}]


def _gemini_call(args: object) -> list[Any]:
    part = {"functionCall": {"name": "read", "args": args}}
    return [{"role": "user", "parts": [{"text": "u"}]}, {"role": "model", "parts": [part]}]


def _bedrock_call(value: object) -> list[Any]:
    block = {"toolUse": {"toolUseId": "call-1", "name": "read", "input": value}}
    return [{"role": "user", "content": [{"text": "u"}]}, {"role": "assistant", "content": [block]}]


def _mistral_call(arguments: object) -> list[Any]:
    call = {"id": "aB3dE6gH9", "function": {"name": "read", "arguments": arguments}}
    return [{"role": "user", "content": "u"}, {"role": "assistant", "tool_calls": [call]}]


WIRE_PLACES: dict[str, Callable[[Any], tuple[str, Any, Any]]] = {
    "chat-messages": lambda value: ("openai-chat", value, None),
    "chat-message": lambda value: ("openai-chat", [value], None),
    "chat-content": lambda value: ("openai-chat", [{"role": "user", "content": value}], None),
    "chat-arguments": lambda value: ("openai-chat", _chat_call(value), None),
    "responses-input": lambda value: ("openai-responses", value, None),
    "responses-item": lambda value: ("openai-responses", [value], None),
    "responses-content": lambda value: (
        "openai-responses",
        [{"type": "message", "role": "user", "content": value}],
        None,
    ),
    "anthropic-messages": lambda value: ("anthropic", value, None),
    "anthropic-message": lambda value: ("anthropic", [value], None),
    "anthropic-content": lambda value: ("anthropic", [{"role": "user", "content": value}], None),
    "anthropic-input": lambda value: ("anthropic", _anthropic_call(value), None),
    "anthropic-system": lambda value: ("anthropic", [{"role": "user", "content": "u"}], value),
    "gemini-contents": lambda value: ("gemini", value, None),
    "gemini-content": lambda value: ("gemini", [value], None),
    "gemini-parts": lambda value: ("gemini", [{"role": "user", "parts": value}], None),
    "gemini-args": lambda value: ("gemini", _gemini_call(value), None),
    "gemini-system": lambda value: ("gemini", [{"role": "user", "parts": [{"text": "u"}]}], value),
    "bedrock-messages": lambda value: ("bedrock-converse", value, None),
    "bedrock-message": lambda value: ("bedrock-converse", [value], None),
    "bedrock-content": lambda value: (
        "bedrock-converse",
        [{"role": "user", "content": value}],
        None,
    ),
    "bedrock-input": lambda value: ("bedrock-converse", _bedrock_call(value), None),
    "bedrock-system": lambda value: (
        "bedrock-converse",
        [{"role": "user", "content": [{"text": "u"}]}],
        value,
    ),
    "mistral-messages": lambda value: ("mistral", value, None),
    "mistral-message": lambda value: ("mistral", [value], None),
    "mistral-content": lambda value: ("mistral", [{"role": "user", "content": value}], None),
    "mistral-arguments": lambda value: ("mistral", _mistral_call(value), None),
}
WIRE_COUNTERPARTS: dict[str, tuple[str, ...]] = {
    "transcript": (
        *("chat-messages", "responses-input", "anthropic-messages", "gemini-contents"),
        *("bedrock-messages", "mistral-messages"),
    ),
    "message": (
        *("chat-message", "responses-item", "anthropic-message", "gemini-content"),
        *("bedrock-message", "mistral-message"),
    ),
    "content": (
        *("chat-content", "responses-content", "anthropic-content", "gemini-parts"),
        *("bedrock-content", "mistral-content"),
    ),
    "arguments": (
        *("chat-arguments", "anthropic-input", "gemini-args", "bedrock-input"),
        "mistral-arguments",
    ),
    "system-content": ("anthropic-system", "gemini-system", "bedrock-system"),
}


# --- provider streams: hostile bytes in a provider's SSE stream ----------------------
# build() gives bytes; a place puts them alone, after the first event of a valid
# stream of the provider (fixtures/wire/<provider>/<name>.sse), or after the whole valid
# stream (where the stream must have settled at its terminal event and read no
# further). ``expect`` is the code when every place and provider gives the same one.
WIRE_FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "wire"
STREAM_BASES = {
    "openai-chat": "openai-chat/text.sse",
    "openai-responses": "openai-responses/text-only.sse",
    "anthropic": "anthropic/text-only.sse",
    "gemini": "gemini/text-only.sse",
    "mistral": "mistral/text.sse",
}


def valid_stream(provider: str) -> bytes:
    return (WIRE_FIXTURES / STREAM_BASES[provider]).read_bytes()


def _first_event(provider: str) -> bytes:
    data = valid_stream(provider)
    if b"\r\n\r\n" in data:  # Gemini ends its events with CRLF CRLF
        return data[: data.index(b"\r\n\r\n") + 4]
    return data[: data.index(b"\n\n") + 2]


STREAM_PLACES: dict[str, Callable[[bytes], tuple[str, bytes]]] = {}
for _provider in STREAM_BASES:
    STREAM_PLACES[f"{_provider}-alone"] = functools.partial(
        lambda provider, value: (provider, value), _provider
    )
    STREAM_PLACES[f"{_provider}-after-start"] = functools.partial(
        lambda provider, value: (provider, _first_event(provider) + value), _provider
    )
    STREAM_PLACES[f"{_provider}-after-end"] = functools.partial(
        lambda provider, value: (provider, valid_stream(provider) + value), _provider
    )
_EVERY_STREAM_PLACE = tuple(STREAM_PLACES)

STREAMS = "provider streams"
_DEEP_DATA = b"data: " + b"[" * 100_000 + b"]" * 100_000 + b"\n\n"
STREAM_CASES: list[Case] = [
    Case("empty", STREAMS, lambda: b"", _EVERY_STREAM_PLACE),
    Case("comments-only", STREAMS, lambda: b": keep-alive\n\n" * 1000, _EVERY_STREAM_PLACE),
    Case("blank-events", STREAMS, lambda: b"\n" * 100_000, _EVERY_STREAM_PLACE),
    Case("data-not-json", STREAMS, lambda: b"data: {]\n\n", _EVERY_STREAM_PLACE),
    Case("data-a-json-array", STREAMS, lambda: b"data: []\n\n", _EVERY_STREAM_PLACE),
    Case("data-a-string", STREAMS, lambda: b'data: "x"\n\n', _EVERY_STREAM_PLACE),
    Case("data-100000-deep", STREAMS, lambda: _DEEP_DATA, _EVERY_STREAM_PLACE),
    Case("invalid-utf-8", STREAMS, lambda: b'data: {"a": "\xff"}\n\n', _EVERY_STREAM_PLACE),
    Case("nul-bytes", STREAMS, lambda: b"data: \x00\x00\n\n", _EVERY_STREAM_PLACE),
    Case(
        "lone-surrogate-escape",
        STREAMS,
        lambda: b'data: {"type": "\\ud800", "delta": "\\udfff"}\n\n',
        _EVERY_STREAM_PLACE,
    ),
    Case("nan-literal", STREAMS, lambda: b'data: {"type": NaN}\n\n', _EVERY_STREAM_PLACE),
    Case("huge-number", STREAMS, lambda: b'data: {"index": 1e400}\n\n', _EVERY_STREAM_PLACE),
    Case(
        "duplicate-keys",
        STREAMS,
        lambda: b'data: {"type": "ping", "type": "error"}\n\n',
        _EVERY_STREAM_PLACE,
    ),
    Case(
        "cr-only-line-ends",
        STREAMS,
        lambda: b"event: ping\rdata: {}\r\r: c\r\r",
        _EVERY_STREAM_PLACE,
    ),
    Case(
        "odd-fields",
        STREAMS,
        lambda: b"id: \x00\nretry: soon\nevent:\ndata\n:\nunknown: 1\n\n",
        _EVERY_STREAM_PLACE,
    ),
    Case("bom-mid-stream", STREAMS, lambda: b"\xef\xbb\xbfdata: {}\n\n", _EVERY_STREAM_PLACE),
    Case(
        "a-20-mb-comment-line",
        STREAMS,
        lambda: b":" + b"x" * 20 * 2**20 + b"\n\n",
        _EVERY_STREAM_PLACE,
    ),
    Case(
        "a-20-mb-data-line",
        STREAMS,
        lambda: b'data: {"x": "' + b"y" * 20 * 2**20 + b'"}\n\n',
        _EVERY_STREAM_PLACE,
    ),
    Case("no-line-end", STREAMS, lambda: b"data: {", _EVERY_STREAM_PLACE),
    Case("done-marker-alone", STREAMS, lambda: b"data: [DONE]\n\n", _EVERY_STREAM_PLACE),
]
CASES += STREAM_CASES
KINDS += (STREAMS,)


# --- the reports: hostile data shown by ``agent-ir validate`` as text and as a page ---
# build() gives one JSON Lines line (bytes) whose transcript is invalid; the text and
# the HTML report must escape what it holds and stay bounded in size.
_BIDI = "\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
_SCRIPT = "</td></tr></table><script>alert(1)</script><img src=x onerror=alert(1)>"


def _report_line(name: object, messages: list[Any]) -> bytes:
    return json.dumps({"id": name, "messages": messages}).encode() + b"\n"


def _orphans(count: int, call_id: str = "gone") -> list[Any]:
    return [user("u"), *(result(f"r{n}", call_id) for n in range(count))]


REPORT = "report"
REPORT_PLACES = ("text-report", "html-report")
REPORT_CASES: list[Case] = [
    Case(
        "bidi-controls-in-id",
        REPORT,
        lambda: _report_line(f"a{_BIDI}b", _orphans(1)),
        REPORT_PLACES,
    ),
    Case("markup-in-id", REPORT, lambda: _report_line(_SCRIPT, _orphans(1)), REPORT_PLACES),
    Case(
        "markup-in-key-and-call-id",
        REPORT,
        lambda: _report_line("m", [{**user("u"), _SCRIPT: 1}, *_orphans(1, _SCRIPT)]),
        REPORT_PLACES,
    ),
    Case(
        "control-characters-in-id",
        REPORT,
        lambda: _report_line("a\n\r\x1b[31m\x00\x7f\x85\u2028b", _orphans(1)),
        REPORT_PLACES,
    ),
    Case(
        "a-1-mb-id-and-2000-diagnostics",
        REPORT,
        lambda: _report_line("x" * 2**20, _orphans(2000)),
        REPORT_PLACES,
    ),
    Case(
        "a-1-mb-tool-name-quoted-by-1000-results",
        REPORT,
        lambda: _report_line(
            "m",
            [
                user("u"),
                assistant("a", [call_block("c", name="n" * 2**20)]),
                *(result(f"r{n}", "c", name="read") for n in range(1000)),
            ],
        ),
        REPORT_PLACES,
    ),
    Case(
        "a-1-mb-key",
        REPORT,
        lambda: _report_line("m", [{**user("u"), "k" * 2**20: 1}]),
        REPORT_PLACES,
    ),
    Case(
        "an-id-that-is-not-text",
        REPORT,
        lambda: _report_line({"a": [1]}, _orphans(1)),
        REPORT_PLACES,
    ),
]
CASES += REPORT_CASES
KINDS += (REPORT,)


# --- the command's surroundings: what it reads, where it writes, what it starts ---------
# build() gives a ``Surroundings``: the files of a fresh folder (bytes, or FIFO, or a
# link to a device), the arguments ({folder} is the folder), where standard output
# goes, a loopback server standing in for a Dask scheduler, a process limit, and the
# environment; ``expect`` is the exit status and ``stderr`` a pattern standard error
# must match (never a traceback).
FIFO = "fifo"
DEV_ZERO = "link to /dev/zero"


@dataclass(frozen=True)
class Surroundings:
    files: dict[str, bytes | str]
    arguments: tuple[str, ...]
    stderr: str
    stdout: str = "pipe"  # or a path such as /dev/full
    server: str | None = None  # "silent" (accepts, never answers) or "garbage"
    processes: int | None = None  # RLIMIT_NPROC for the command's user
    environment: tuple[tuple[str, str], ...] = ()
    dask: bool = False


def _gzip_bomb() -> bytes:
    """About 80 KB on disk, 80 MiB of one line once decompressed."""
    line = b'[{"role":"user","id":"u","content":"' + b"x" * 80 * 2**20 + b'"}]\n'
    return gzip.compress(line, compresslevel=9)


_GOOD = json_line([user()]) + b"\n"
ENVIRONMENT = "CLI environment"
ENVIRONMENT_CASES: list[Case] = [
    Case(
        "fifo-in-a-directory",
        ENVIRONMENT,
        lambda: Surroundings(
            {"a.jsonl": _GOOD, "b.jsonl": FIFO},
            ("validate", "{folder}"),
            r"skipped .*b\.jsonl: not a regular file \(a named pipe\)",
        ),
        ("cli-run",),
        expect=2,
    ),
    Case(
        "dev-zero-link-in-a-directory",
        ENVIRONMENT,
        lambda: Surroundings(
            {"a.jsonl": _GOOD, "z.json": DEV_ZERO},
            ("validate", "{folder}"),
            r"skipped .*z\.json: not a regular file \(a character device\)",
        ),
        ("cli-run",),
        expect=2,
    ),
    Case(
        "gzip-bomb",
        ENVIRONMENT,
        lambda: Surroundings({"bomb.jsonl.gz": _gzip_bomb()}, ("validate", "{folder}"), r"^$"),
        ("cli-run",),
        expect=1,
    ),
    Case(
        "a-line-longer-than-one-transcript-may-be",
        ENVIRONMENT,
        lambda: Surroundings(
            {"long.jsonl": b'[{"role":"user","content":"' + b"y" * 65 * 2**20 + b'"}]\n'},
            ("validate", "--jobs", "2", "{folder}"),
            r"^$",
        ),
        ("cli-run",),
        expect=1,
    ),
    *(
        Case(
            f"full-disk-on-standard-output/{name}",
            ENVIRONMENT,
            functools.partial(
                lambda arguments: Surroundings(
                    {"a.jsonl": _GOOD},
                    arguments,
                    r"^agent-ir: cannot write to standard output: no space left on device\n$",
                    stdout="/dev/full",
                ),
                arguments,
            ),
            ("cli-run",),
            expect=2,
        )
        for name, arguments in (
            ("validate", ("validate", "{folder}")),
            ("schema", ("schema", "--list")),
        )
    ),
    Case(
        "workers-cannot-be-forked",
        ENVIRONMENT,
        lambda: Surroundings(
            {"a.jsonl": _GOOD * 50_000},
            ("validate", "--jobs", "4", "{folder}/a.jsonl"),
            r"cannot start the worker processes of --jobs 4",
            processes=3,
        ),
        ("cli-run",),
        expect=2,
    ),
    Case(
        "scheduler-scheme-not-supported",
        ENVIRONMENT,
        lambda: Surroundings(
            {"a.jsonl": _GOOD},
            ("validate", "--engine", "dask", "--scheduler", "ucx://127.0.0.1:8786", "{folder}"),
            r"ucx",
            dask=True,
        ),
        ("cli-run",),
        expect=2,
    ),
    Case(
        "scheduler-port-answers-other-bytes",
        ENVIRONMENT,
        lambda: Surroundings(
            {"a.jsonl": _GOOD},
            ("validate", "--engine", "dask", "--scheduler", "{server}", "{folder}"),
            r"cannot reach the Dask scheduler at tcp://127\.0\.0\.1:\d+",
            server="garbage",
            dask=True,
        ),
        ("cli-run",),
        expect=2,
    ),
    Case(
        "scheduler-accepts-and-never-answers",
        ENVIRONMENT,
        lambda: Surroundings(
            {"a.jsonl": _GOOD},
            ("validate", "--engine", "dask", "--scheduler", "{server}", "{folder}"),
            r"did not answer within 1(\.0)? s",
            server="silent",
            environment=(("AGENT_IR_DASK_CONNECT_TIMEOUT", "1"),),
            dask=True,
        ),
        ("cli-run",),
        expect=2,
    ),
]
CASES += ENVIRONMENT_CASES
KINDS += (ENVIRONMENT,)
ALL_PLACES |= set(WIRE_PLACES) | set(STREAM_PLACES) | set(REPORT_PLACES) | {"cli-run"}


# --- parametrization -----------------------------------------------------------------

# Each harness and the places it runs a case in. "validate_transcript" also checks
# parse_transcript against it, "validate_json" also loads, "dumps" also to_json_value;
# "constructor" is named by the constructor of each place.
ENTRIES: dict[str, tuple[str, ...]] = {
    "validate_transcript": tuple(TRANSCRIPT_PLACES),
    "transcript-tools": tuple(TRANSCRIPT_PLACES),
    "from-wire": tuple(WIRE_PLACES),
    "provider-stream": tuple(STREAM_PLACES),
    "agent-ir-report": REPORT_PLACES,
    "agent-ir-environment": ("cli-run",),
    "constructor": tuple(CONSTRUCTOR_PLACES),
    "JsonObject": tuple(JSON_OBJECT_PLACES),
    "dumps": tuple(DUMPS_PLACES),
    "validate_json": ("json-text", "transcript"),
    "FixtureProviderAdapter": tuple(PROVIDER_PLACES),
    "async-source": ("async-records",),
    "agent-ir": ("cli-file",),
}


def entry_label(entry: str, place: str) -> str:
    return CONSTRUCTOR_PLACES[place].function if entry == "constructor" else entry


def pairs(entry: str) -> list[tuple[Case, str]]:
    """Every (case, place) of the catalogue that the harness ``entry`` runs."""
    wanted = ENTRIES[entry]
    cases = CLI_CASES if entry == "agent-ir" else CASES
    return [
        (case, place)
        for case in cases
        if not case.only or entry in case.only
        for place in _places(case, entry)
        if place in wanted
    ]


def _places(case: Case, entry: str) -> tuple[str, ...]:
    if entry != "from-wire":
        return case.places
    if not case.heavy:
        return tuple(wire for place in case.places for wire in WIRE_COUNTERPARTS.get(place, ()))
    # A heavy case (a million items) is read by one provider's reader, and not as a
    # whole request: a million IR-form messages are a million Chat messages each with a
    # key Chat has no place for (one warning each, about 30 s read twice).
    return tuple(WIRE_COUNTERPARTS[place][0] for place in case.places if place == "content")


def params(entry: str) -> list[Any]:
    """``pairs(entry)`` as pytest params with the id ``case-name/entry-point/place``."""
    return [
        pytest.param(
            case,
            place,
            id=f"{case.name}/{entry_label(entry, place)}/{place}",
            marks=[pytest.mark.heavy] if case.heavy else [],
        )
        for case, place in pairs(entry)
    ]
