"""Properties of transcripts generated from the v1 schemas (``support.strategies``).

1. Every generated transcript is valid for agent-ir and for the jsonschema reference,
   and survives every round trip (``parse_transcript``, ``dumps``/``loads``,
   ``to_json_value``) byte for byte. Timestamps in year 0000, which the schema and
   the calendar allow, are drawn by their own property only (known defect 8 refuses
   them; in the shared strategies they would fail every property at once).
2. One mutation of a valid transcript yields exactly the diagnostics its rule names:
   the list of ``(code, message_index, path)`` is pinned, consequences included (a call
   whose result moved before it is also left without a later result).
3. Two IR values are equal exactly when their ``dumps`` bytes are equal, and equal
   values hash alike. Pairs are drawn equal or nearly equal: one leaf changed between
   values Python calls equal (``true``/``1``/``1.0``, ``0``/``false``/``-0.0``,
   ``2**53``/``2.0**53``) or not (``"a"``/``["a"]``). Key order is kept the same in
   both values of a pair: whether ``{"a":1,"b":2}`` and ``{"b":2,"a":1}`` are equal
   values is an open question (they compare equal, but ``dumps`` keeps insertion
   order, so their bytes differ).

Runs derandomized (a fixed seed per test, no example database): CI and every machine
see the same examples.
"""

from __future__ import annotations

import copy
import json
import math
import re
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, Phase, example, find, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from agent_ir import (
    MAX_DEPTH,
    DiagnosticCode,
    JsonObject,
    StopReason,
    TranscriptError,
    assistant_message,
    dumps,
    loads,
    parse_transcript,
    schemas,
    to_json_value,
    user_message,
    validate_json,
    validate_transcript,
)

from support.examples import examples
from support.strategies import (
    ARGUMENTS,
    BLANK,
    EDGE_TIMESTAMPS,
    JSON_VALUES,
    KEYS,
    MESSAGE_FILE,
    NON_EMPTY,
    ROLES,
    SCHEMA,
    TIMESTAMPS,
    TOOL_RESULT,
    SchemaStrategies,
    ToolLink,
    is_calendar_date,
    single_messages,
    tool_links,
    transcripts,
)

TRANSCRIPT_REFERENCE = Draft202012Validator(schemas.load("transcript"), registry=schemas.registry())
DEFS = schemas.load("message")["$defs"]


def profile(max_examples: int) -> settings:
    return settings(
        max_examples=examples(max_examples),
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
        ],
    )


# Finding one example is enough: no shrinking.
# A search for each branch, not a property: its whole budget everywhere.
FIND = settings(profile(1000), max_examples=1000, phases=[Phase.generate])

Located = tuple[str, int, str]


def located(diagnostics: tuple[Any, ...]) -> list[Located]:
    return [(str(d.code), d.message_index, d.path) for d in diagnostics]


def pointer(*segments: str | int) -> str:
    return "".join("/" + str(s).replace("~", "~0").replace("/", "~1") for s in segments)


def call_path(link: ToolLink, *inside: str | int, at: int | None = None) -> str:
    index = link.call_index if at is None else at
    return pointer(index, "content", link.block_index, *inside)


# --- the strategies follow the schemas --------------------------------------------------


def test_edge_timestamps_match_the_schema_pattern_and_exist_in_the_calendar() -> None:
    pattern = re.compile(DEFS["Timestamp"]["pattern"])

    assert [t for t in EDGE_TIMESTAMPS if not (pattern.match(t) and is_calendar_date(t))] == []
    assert [is_calendar_date(t) for t in ("2100-02-29", "2000-02-29", "0000-02-29")] == [
        False,
        True,
        True,
    ]


Alternative = tuple[str, str, str, Any]


def _alternatives() -> list[Alternative]:
    """(``$defs`` name, property, tag field, value) of every alternative the message
    schema names: each tag of a discriminated union (the definition itself, property
    "", or one of its properties) and each value of an enum (tag field "")."""
    found: list[Alternative] = []
    for name, node in DEFS.items():
        places = [("", node), *node.get("properties", {}).items()]
        for place, schema in places:
            if "discriminator" in schema:
                field = schema["discriminator"]["propertyName"]
                found += [(name, place, field, tag) for tag in schema["discriminator"]["mapping"]]
            found += [(name, place, "", value) for value in schema.get("enum", ())]
    return found


def _holds(value: dict[str, Any], alternative: Alternative) -> bool:
    _, place, field, expected = alternative
    inner = value.get(place) if place else value
    if field:
        return isinstance(inner, dict) and inner.get(field) == expected
    return bool(inner == expected)


@pytest.mark.parametrize("alternative", _alternatives(), ids=lambda a: "/".join(map(str, a)))
def test_every_union_branch_and_enum_value_of_the_schema_is_generated(
    alternative: Alternative,
) -> None:
    strategy = SCHEMA.definition(alternative[0])

    assert _holds(find(strategy, lambda v: _holds(v, alternative), settings=FIND), alternative)


def _linkage_shapes(transcript: list[Any]) -> set[str]:
    links = tool_links(transcript)
    shapes = {f"role:{message['role']}" for message in transcript}
    by_message: dict[int, list[ToolLink]] = {}
    for link in links:
        by_message.setdefault(link.call_index, []).append(link)
    for calls in by_message.values():
        if len(calls) > 1:
            shapes.add("parallel calls")
            results = [link.result_index for link in calls]
            if results != sorted(results):
                shapes.add("parallel results out of call order")
    for link in links:
        between = transcript[link.call_index + 1 : link.result_index]
        if any(message["role"] in ("user", "system") for message in between):
            shapes.add("a user or system message before a result")
        if any(message["role"] == "assistant" for message in between):
            shapes.add("a result after a later assistant message")
    return shapes


LINKAGE_SHAPES = [
    *(f"role:{role}" for role in ROLES),
    "parallel calls",
    "parallel results out of call order",
    "a user or system message before a result",
    "a result after a later assistant message",
]


@pytest.mark.parametrize("shape", LINKAGE_SHAPES)
def test_generated_transcripts_take_every_linkage_shape(shape: str) -> None:
    found = find(transcripts(), lambda t: shape in _linkage_shapes(t), settings=FIND)

    assert shape in _linkage_shapes(found)


@pytest.mark.parametrize(
    "node",
    [
        {"type": "string", "maxLength": 3},
        {"type": "array", "items": {"type": "null"}, "minItems": 1},
        {"allOf": [{"type": "integer"}]},
        {"not": {"type": "null"}},
    ],
)
def test_the_schema_walk_refuses_a_keyword_it_does_not_know(node: dict[str, Any]) -> None:
    # A schema that starts using a new keyword must fail here, not be generated wrongly.
    with pytest.raises(NotImplementedError):
        SchemaStrategies().build(node, MESSAGE_FILE, 0)


def test_the_stop_reasons_of_the_schema_are_those_of_the_ir() -> None:
    enum = DEFS["AssistantMessage"]["properties"]["stopReason"]["enum"]

    assert [reason.value for reason in StopReason] == enum


# --- 1. valid transcripts round-trip ----------------------------------------------------


def _same_json(left: Any, right: Any) -> bool:
    """JSON equality that tells ``true``, ``1`` and ``1.0`` (and ``0.0``, ``-0.0``) apart;
    object key order is not compared here."""
    if type(left) is not type(right):
        return False
    if isinstance(left, dict):
        return left.keys() == right.keys() and all(_same_json(left[k], right[k]) for k in left)
    if isinstance(left, list):
        return len(left) == len(right) and all(map(_same_json, left, right))
    if isinstance(left, float):
        return left == right and math.copysign(1, left) == math.copysign(1, right)
    return bool(left == right)


def _arguments(transcript: list[Any]) -> list[bytes]:
    """Every tool call's arguments as JSON bytes: their key order and number types."""
    return [
        msgspec.json.encode(block["arguments"])
        for message in transcript
        if message["role"] == "assistant"
        for block in message["content"]
        if block["type"] == "toolCall"
    ]


@profile(120)
@given(transcripts() | single_messages())
def test_generated_transcripts_are_valid_and_survive_every_round_trip(
    transcript: list[Any],
) -> None:
    assert TRANSCRIPT_REFERENCE.is_valid(transcript)
    assert validate_transcript(transcript) == ()
    parsed = parse_transcript(transcript)
    assert validate_transcript(parsed) == ()

    encoded = dumps(parsed)
    assert loads(encoded) == parsed
    assert dumps(loads(encoded)) == encoded
    assert loads(json.dumps(transcript)) == parsed
    assert dumps(loads(json.dumps(transcript))) == encoded
    assert validate_json(encoded) == ()

    plain = to_json_value(parsed)
    assert _same_json(plain, transcript)
    assert _arguments(plain) == _arguments(transcript)
    assert dumps(parse_transcript(plain)) == encoded
    assert TRANSCRIPT_REFERENCE.is_valid(json.loads(encoded))


@profile(100)
@given(TIMESTAMPS, single_messages(), st.data())
@example("0000-01-01T00:00:00Z", [{"role": "user", "id": "u", "content": ""}], None)
@example("0000-02-29T23:59:60+23:59", [{"role": "system", "id": "s", "content": ""}], None)
def test_every_timestamp_the_schema_pattern_and_the_calendar_allow_is_valid(
    timestamp: str, transcript: list[Any], data: st.DataObject | None
) -> None:
    # Known defect 8: year 0000 (a leap year in the proleptic Gregorian calendar of
    # RFC 3339) is refused today. The other strategies leave year 0000 out.
    index = 0 if data is None else data.draw(st.integers(0, len(transcript) - 1))
    transcript[index] = {**transcript[index], "timestamp": timestamp}

    assert TRANSCRIPT_REFERENCE.is_valid(transcript)
    assert validate_transcript(transcript) == ()
    parsed = parse_transcript(transcript)
    assert parsed[index].timestamp == timestamp
    assert dumps(loads(json.dumps(transcript))) == dumps(parsed)
    assert user_message(id="u", content="", timestamp=timestamp).timestamp == timestamp


# --- 2. one mutation, exactly its diagnostics --------------------------------------------


def assert_diagnostics(transcript: list[Any], expected: list[Located], *, as_json: bool) -> None:
    """``validate_transcript`` gives exactly ``expected``, ``parse_transcript`` raises
    them, every diagnostic is writable, and (``as_json``) ``loads`` of the JSON text
    agrees."""
    diagnostics = validate_transcript(transcript)
    assert located(diagnostics) == expected
    for found in diagnostics:
        msgspec.json.encode(found)
        found.message.encode("utf-8")
        found.path.encode("utf-8")
    with pytest.raises(TranscriptError) as parse_error:
        parse_transcript(transcript)
    assert parse_error.value.diagnostics == diagnostics
    if as_json:
        with pytest.raises(TranscriptError) as loads_error:
            loads(json.dumps(transcript))
        assert located(loads_error.value.diagnostics) == expected


@st.composite
def with_link(draw: st.DrawFn, min_calls: int = 1) -> tuple[list[Any], list[ToolLink]]:
    transcript = copy.deepcopy(draw(transcripts(min_calls=min_calls)))
    return transcript, tool_links(transcript)


MUTATION = profile(40)
MISSING = str(DiagnosticCode.MISSING_TOOL_RESULT)
DUPLICATE_ID = str(DiagnosticCode.DUPLICATE_TOOL_CALL_ID)
DUPLICATE_RESULT = str(DiagnosticCode.DUPLICATE_TOOL_RESULT)
BEFORE_CALL = str(DiagnosticCode.TOOL_RESULT_BEFORE_CALL)
MISMATCH = str(DiagnosticCode.TOOL_NAME_MISMATCH)
ORPHAN = str(DiagnosticCode.ORPHAN_TOOL_RESULT)
ARGUMENTS_CODE = str(DiagnosticCode.INVALID_TOOL_ARGUMENTS)
INVALID = str(DiagnosticCode.INVALID_MESSAGE)


@MUTATION
@given(with_link(), st.data())
def test_dropping_a_result_reports_exactly_its_call_as_missing_a_result(
    case: tuple[list[Any], list[ToolLink]], data: st.DataObject
) -> None:
    transcript, links = case
    link = data.draw(st.sampled_from(links))
    del transcript[link.result_index]

    assert_diagnostics(transcript, [(MISSING, link.call_index, call_path(link))], as_json=True)


@MUTATION
@given(with_link(min_calls=2), st.data())
def test_a_later_call_given_an_earlier_calls_id_is_a_duplicate_and_orphans_its_result(
    case: tuple[list[Any], list[ToolLink]], data: st.DataObject
) -> None:
    transcript, links = case
    first, second = sorted(data.draw(st.permutations(links))[:2])
    transcript[second.call_index]["content"][second.block_index]["id"] = first.call_id

    expected = [
        (DUPLICATE_ID, second.call_index, call_path(second, "id")),
        (ORPHAN, second.result_index, pointer(second.result_index, "toolCallId")),
    ]
    assert_diagnostics(transcript, expected, as_json=True)


@MUTATION
@given(with_link(min_calls=2), st.data())
def test_a_duplicate_call_id_whose_results_both_answer_it_is_reported_only_once(
    case: tuple[list[Any], list[ToolLink]], data: st.DataObject
) -> None:
    # Pairing is ambiguous: the results of a duplicated id get no diagnostic of their own.
    transcript, links = case
    first, second = sorted(data.draw(st.permutations(links))[:2])
    transcript[second.call_index]["content"][second.block_index]["id"] = first.call_id
    transcript[second.result_index]["toolCallId"] = first.call_id

    expected = [(DUPLICATE_ID, second.call_index, call_path(second, "id"))]
    assert_diagnostics(transcript, expected, as_json=True)


@MUTATION
@given(with_link(), st.data())
def test_a_result_moved_before_its_call_is_reported_and_its_call_misses_a_result(
    case: tuple[list[Any], list[ToolLink]], data: st.DataObject
) -> None:
    transcript, links = case
    link = data.draw(st.sampled_from(links))
    position = data.draw(st.integers(min_value=0, max_value=link.call_index))
    transcript.insert(position, transcript.pop(link.result_index))

    call_index = link.call_index + 1
    expected = [
        (BEFORE_CALL, position, pointer(position, "toolCallId")),
        (MISSING, call_index, call_path(link, at=call_index)),
    ]
    assert_diagnostics(transcript, expected, as_json=True)


@MUTATION
@given(with_link(), st.data())
def test_a_result_renamed_to_another_tool_is_a_name_mismatch_at_its_tool_name(
    case: tuple[list[Any], list[ToolLink]], data: st.DataObject
) -> None:
    transcript, links = case
    link = data.draw(st.sampled_from(links))
    transcript[link.result_index]["toolName"] = data.draw(
        NON_EMPTY.filter(lambda n: n != link.name)
    )

    expected = [(MISMATCH, link.result_index, pointer(link.result_index, "toolName"))]
    assert_diagnostics(transcript, expected, as_json=True)


@MUTATION
@given(with_link(min_calls=0), st.data())
def test_an_inserted_result_for_no_call_is_exactly_one_orphan(
    case: tuple[list[Any], list[ToolLink]], data: st.DataObject
) -> None:
    transcript, links = case
    ids = {link.call_id for link in links}
    orphan = {
        **data.draw(TOOL_RESULT),
        "toolCallId": data.draw(NON_EMPTY.filter(lambda i: i not in ids)),
    }
    position = data.draw(st.integers(min_value=0, max_value=len(transcript)))
    transcript.insert(position, orphan)

    assert_diagnostics(
        transcript, [(ORPHAN, position, pointer(position, "toolCallId"))], as_json=True
    )


@MUTATION
@given(with_link(), st.data())
def test_a_second_result_for_one_call_is_the_duplicate_wherever_it_is_inserted(
    case: tuple[list[Any], list[ToolLink]], data: st.DataObject
) -> None:
    transcript, links = case
    link = data.draw(st.sampled_from(links))
    position = data.draw(st.integers(min_value=link.call_index + 1, max_value=len(transcript)))
    transcript.insert(position, copy.deepcopy(transcript[link.result_index]))

    # Inserted before the original, the copy answers first: the original is the second.
    second = position if position > link.result_index else link.result_index + 1
    expected = [(DUPLICATE_RESULT, second, pointer(second, "toolCallId"))]
    assert_diagnostics(transcript, expected, as_json=True)


@MUTATION
@given(with_link(min_calls=0), st.data())
def test_a_blank_message_id_is_an_invalid_message_at_its_id_and_nothing_else(
    case: tuple[list[Any], list[ToolLink]], data: st.DataObject
) -> None:
    transcript, _ = case
    if not transcript:
        transcript = data.draw(single_messages())
    index = data.draw(st.integers(min_value=0, max_value=len(transcript) - 1))
    transcript[index]["id"] = data.draw(BLANK)

    assert_diagnostics(transcript, [(INVALID, index, pointer(index, "id"))], as_json=True)


@MUTATION
@given(with_link(), st.data())
def test_a_blank_call_id_is_an_invalid_message_and_orphans_the_calls_result(
    case: tuple[list[Any], list[ToolLink]], data: st.DataObject
) -> None:
    # A blank id cannot be read as an id, so the result no longer answers any call.
    transcript, links = case
    link = data.draw(st.sampled_from(links))
    transcript[link.call_index]["content"][link.block_index]["id"] = data.draw(BLANK)

    expected = [
        (INVALID, link.call_index, call_path(link, "id")),
        (ORPHAN, link.result_index, pointer(link.result_index, "toolCallId")),
    ]
    assert_diagnostics(transcript, expected, as_json=True)


@MUTATION
@given(with_link(), st.data())
def test_a_blank_tool_call_id_on_a_result_is_an_invalid_message_and_its_call_misses_it(
    case: tuple[list[Any], list[ToolLink]], data: st.DataObject
) -> None:
    transcript, links = case
    link = data.draw(st.sampled_from(links))
    transcript[link.result_index]["toolCallId"] = data.draw(BLANK)

    expected = [
        (MISSING, link.call_index, call_path(link)),
        (INVALID, link.result_index, pointer(link.result_index, "toolCallId")),
    ]
    assert_diagnostics(transcript, expected, as_json=True)


# Values that are not JSON, each at a place inside the arguments.
NOT_JSON = st.sampled_from(
    [
        math.nan,
        math.inf,
        -math.inf,
        {"a", "b"},
        frozenset(),
        b"bytes",
        1j,
        "\ud800",
        "text\udfff",
        object(),
    ]
)
NOT_A_MAPPING = st.sampled_from([[], ["a"], (), "", "{}", 0, 1.5, True, None])


def _containers(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path] if isinstance(value, (dict, list)) else []
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, item in items:
        found.extend(_containers(item, (*path, key)))
    return found


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for segment in path:
        value = value[segment]
    return value


@st.composite
def place_inside(draw: st.DrawFn, arguments: dict[str, Any]) -> tuple[Any, ...]:
    """A place for a new value inside ``arguments``: a key of one of its objects (new or
    existing) or an index of one of its arrays (existing, or one past the end)."""
    container_path = draw(st.sampled_from(_containers(arguments)))
    container = _at(arguments, container_path)
    if isinstance(container, dict):
        key = draw(KEYS | st.sampled_from(sorted(container) or [""]))
    else:
        key = draw(st.integers(min_value=0, max_value=len(container)))
    return (*container_path, key)


def _put(arguments: dict[str, Any], place: tuple[Any, ...], value: Any) -> None:
    container, key = _at(arguments, place[:-1]), place[-1]
    if isinstance(container, list) and key == len(container):
        container.append(value)
    else:
        container[key] = value


def _nested(levels: int) -> Any:
    value: Any = 0
    for _ in range(levels):
        value = [value]
    return value


@MUTATION
@given(with_link(), st.data())
def test_a_value_that_is_not_json_inside_arguments_is_reported_at_its_path(
    case: tuple[list[Any], list[ToolLink]], data: st.DataObject
) -> None:
    transcript, links = case
    link = data.draw(st.sampled_from(links))
    arguments = transcript[link.call_index]["content"][link.block_index]["arguments"]
    place = data.draw(place_inside(arguments))
    _put(arguments, place, data.draw(NOT_JSON))

    expected = [(ARGUMENTS_CODE, link.call_index, call_path(link, "arguments", *place))]
    assert_diagnostics(transcript, expected, as_json=False)


@MUTATION
@given(with_link(), st.data())
def test_a_key_that_is_not_a_string_is_reported_at_its_object(
    case: tuple[list[Any], list[ToolLink]], data: st.DataObject
) -> None:
    transcript, links = case
    link = data.draw(st.sampled_from(links))
    arguments = transcript[link.call_index]["content"][link.block_index]["arguments"]
    place = data.draw(place_inside(arguments))
    key = data.draw(st.sampled_from([1, 1.5, None, True, ("a",)]))
    _put(arguments, place, {key: "value"})

    expected = [(ARGUMENTS_CODE, link.call_index, call_path(link, "arguments", *place))]
    assert_diagnostics(transcript, expected, as_json=False)


@MUTATION
@given(with_link(), st.data())
def test_arguments_nested_beyond_max_depth_are_reported_at_the_first_level_too_deep(
    case: tuple[list[Any], list[ToolLink]], data: st.DataObject
) -> None:
    # The arguments object is level 1: a container at a path of MAX_DEPTH segments
    # inside it is level MAX_DEPTH + 1, the first one refused.
    transcript, links = case
    link = data.draw(st.sampled_from(links))
    arguments = transcript[link.call_index]["content"][link.block_index]["arguments"]
    place = data.draw(place_inside(arguments))
    beyond = data.draw(st.integers(min_value=1, max_value=3))
    _put(arguments, place, _nested(MAX_DEPTH - len(place) + beyond))

    first_too_deep = (*place, *[0] * (MAX_DEPTH - len(place)))
    expected = [(ARGUMENTS_CODE, link.call_index, call_path(link, "arguments", *first_too_deep))]
    assert_diagnostics(transcript, expected, as_json=False)


@MUTATION
@given(with_link(), st.data())
def test_arguments_nested_exactly_max_depth_levels_stay_valid(
    case: tuple[list[Any], list[ToolLink]], data: st.DataObject
) -> None:
    transcript, links = case
    link = data.draw(st.sampled_from(links))
    arguments = transcript[link.call_index]["content"][link.block_index]["arguments"]
    place = data.draw(place_inside(arguments))
    _put(arguments, place, _nested(MAX_DEPTH - len(place)))

    assert validate_transcript(transcript) == ()
    assert dumps(loads(json.dumps(transcript))) == dumps(parse_transcript(transcript))


@MUTATION
@given(with_link(), st.data())
def test_arguments_that_are_not_a_mapping_are_reported_at_the_arguments(
    case: tuple[list[Any], list[ToolLink]], data: st.DataObject
) -> None:
    transcript, links = case
    link = data.draw(st.sampled_from(links))
    transcript[link.call_index]["content"][link.block_index]["arguments"] = data.draw(NOT_A_MAPPING)

    expected = [(ARGUMENTS_CODE, link.call_index, call_path(link, "arguments"))]
    assert_diagnostics(transcript, expected, as_json=True)


@MUTATION
@given(with_link(), st.data())
def test_a_lone_surrogate_key_in_arguments_is_reported_with_a_writable_path(
    case: tuple[list[Any], list[ToolLink]], data: st.DataObject
) -> None:
    # Known defect 6: the key ends up raw in Diagnostic.path. The fixed path escapes
    # it somehow (not pinned here); it must still point at the arguments of the call.
    transcript, links = case
    link = data.draw(st.sampled_from(links))
    arguments = transcript[link.call_index]["content"][link.block_index]["arguments"]
    container = _at(arguments, data.draw(st.sampled_from(_containers(arguments))))
    key = data.draw(st.sampled_from(["\ud800", "a\udfff", "\udc00\ud800"]))
    if isinstance(container, dict):
        container[key] = 1
    else:
        container.append({key: 1})

    diagnostics = validate_transcript(transcript)
    assert [(str(d.code), d.message_index) for d in diagnostics] == [
        (ARGUMENTS_CODE, link.call_index)
    ]
    assert diagnostics[0].path.startswith(call_path(link, "arguments"))
    msgspec.json.encode(diagnostics[0])
    diagnostics[0].path.encode("utf-8")
    diagnostics[0].message.encode("utf-8")


# --- 3. equality exactly when dumps bytes are equal --------------------------------------

# Leaves Python calls equal (or that look alike) but JSON tells apart, and one pair that
# is equal in both.
CONFUSABLE = st.sampled_from(
    [
        (True, 1, 1.0),
        (False, 0, 0.0, -0.0),
        (2**53, 2.0**53, 2**53 + 1),
        (10**16, 1e16),
        ("a", ["a"], {"a": "a"}),
        (None, [], {}, ""),
        ("1", 1),
        (1.5, 1.5),
    ]
)


@st.composite
def near_pairs(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two arguments objects: the same, the same with every object's keys in reverse
    order, or the same but for one leaf."""
    base = draw(ARGUMENTS)
    left, right = copy.deepcopy(base), copy.deepcopy(base)
    kind = draw(st.sampled_from(["same", "reordered", "confusable", "confusable", "other"]))
    if kind == "same":
        return left, right
    if kind == "reordered":
        return left, _reversed_keys(right)
    place = draw(place_inside(base))
    if kind == "confusable":
        group = draw(CONFUSABLE)
        first, second = draw(st.sampled_from(group)), draw(st.sampled_from(group))
    else:
        first, second = draw(JSON_VALUES), draw(JSON_VALUES)
    _put(left, place, copy.deepcopy(first))
    _put(right, place, copy.deepcopy(second))
    return left, right


def _reversed_keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _reversed_keys(value[key]) for key in reversed(value)}
    if isinstance(value, list):
        return [_reversed_keys(item) for item in value]
    return value


def _canonical(value: Any) -> bytes:
    """The JSON of ``value`` with every object's keys sorted: JSON value identity."""
    return msgspec.json.encode(to_json_value(value), order="deterministic")


def _ir_value(kind: str, arguments: dict[str, Any]) -> Any:
    call = {"type": "toolCall", "id": "call-1", "name": "read", "arguments": arguments}
    if kind == "object":
        return JsonObject(arguments)
    message = assistant_message(id="message-1", content=[{"type": "text", "text": "t"}, call])
    return message if kind == "message" else message.content[1]


@profile(200)
@given(near_pairs(), st.sampled_from(["object", "block", "message"]))
def test_ir_values_are_equal_exactly_when_their_dumps_bytes_are_equal(
    pair: tuple[dict[str, Any], dict[str, Any]], kind: str
) -> None:
    # Up to key order: dumps keeps each object's keys in the order they came (a provider
    # re-sent its own tool call byte for byte keeps its prompt cache), while equality,
    # like JSON's, ignores it. So the bytes compared have their keys sorted; and equal
    # dumps bytes always mean equal values.
    left, right = (_ir_value(kind, arguments) for arguments in pair)
    same = _canonical(left) == _canonical(right)

    assert (left == right, right == left) == (same, same)
    if same:
        assert hash(left) == hash(right)
    if dumps(left) == dumps(right):
        assert left == right
