"""JsonObject(value) is a JsonObject or JsonValueError, changes nothing the caller holds,
and accepts exactly what validate_transcript accepts as tool-call arguments. Equality is
JSON value equality: two objects are equal exactly when they dump to the same bytes."""

from __future__ import annotations

import json

import pytest
from adversarial.catalogue import (
    ARGUMENTS_POINTER,
    JSON_OBJECT_PLACES,
    TRANSCRIPT_PLACES,
    Case,
    params,
)
from adversarial.harness import assert_documented, attempt, describe, snapshot, under

from agent_ir import JsonObject, JsonValueError, dumps, validate_transcript

from support.builders import call_with_arguments


@pytest.mark.parametrize(("case", "place"), params("JsonObject"))
def test_json_object_accepts_exactly_what_validation_accepts_as_arguments(
    case: Case, place: str
) -> None:
    value = JSON_OBJECT_PLACES[place](case.build())
    before = snapshot(value, heavy=case.heavy)
    made = attempt(JsonObject, value)
    assert snapshot(value, heavy=case.heavy) == before, "JsonObject changed the caller's value"
    del value
    assert_documented(made, (JsonValueError,), "JsonObject")
    reference = under(
        validate_transcript(TRANSCRIPT_PLACES[place](case.build())), ARGUMENTS_POINTER
    )
    if made.error is not None:
        assert reference, f"JsonObject refused arguments validate_transcript accepts: {made.error}"
        return
    assert not reference, (
        f"JsonObject accepted arguments validate_transcript refuses: {reference[0]}"
    )
    if not case.heavy:
        written = attempt(dumps, made.value)
        assert written.error is None, (
            f"dumps of an accepted JsonObject raised {describe(written.error)}"
        )
        assert JsonObject(json.loads(written.value)) == made.value


# Pairs of values Python calls equal that JSON writes differently.
TWINS = [
    pytest.param(True, 1, id="true/1"),
    pytest.param(False, 0, id="false/0"),
    pytest.param(1, 1.0, id="1/1.0"),
    pytest.param(0.0, -0.0, id="0.0/-0.0"),
    pytest.param(2**53, float(2**53), id="2**53/float"),
    pytest.param([True], [1], id="[true]/[1]"),
]


@pytest.mark.parametrize(("first", "second"), TWINS)
def test_json_objects_are_equal_exactly_when_they_dump_to_the_same_bytes(
    first: object, second: object
) -> None:
    one, other = JsonObject({"flag": first}), JsonObject({"flag": second})
    assert dumps(one) != dumps(other)
    assert one != other
    assert (one == {"flag": first}, other == {"flag": second}) == (True, True)


@pytest.mark.parametrize(("first", "second"), TWINS)
def test_messages_whose_arguments_dump_differently_are_unequal(
    first: object, second: object
) -> None:
    one = call_with_arguments({"flag": first})
    other = call_with_arguments({"flag": second})
    assert dumps(one) != dumps(other)
    assert one != other
