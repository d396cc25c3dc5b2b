"""dumps and to_json_value raise TypeError for anything that is not an agent-ir value and
InvalidMessageError for an IR value (built directly from the generated classes) that
validate_transcript refuses; they write exactly the IR values it accepts, changing
nothing the caller holds; validate_transcript never accepts an IR value whose JSON form
it refuses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from adversarial.catalogue import DUMPS_PLACES, TRANSCRIPT_PLACES, Case, params
from adversarial.harness import assert_documented, attempt, shape_of, snapshot

from agent_ir import (
    InvalidMessageError,
    dumps,
    to_json_value,
    tool_result_message,
    validate_json,
    validate_transcript,
)

RESULT = tool_result_message(
    id="message-result", tool_call_id="call-1", tool_name="read", content="contents"
)
# The transcript an IR place's value is checked in: a call gets its result.
IR_TRANSCRIPTS: dict[str, Callable[[Any], list[Any]]] = {
    "ir-content": lambda ir: [ir],
    "ir-arguments": lambda ir: [ir, RESULT],
}

# The transcript place holding the same value in JSON form.
JSON_FORM = {"ir-content": "content", "ir-arguments": "arguments"}


@pytest.mark.parametrize("function", [dumps, to_json_value], ids=["dumps", "to_json_value"])
@pytest.mark.parametrize(("case", "place"), params("dumps"))
def test_encoding_refuses_what_validation_refuses_and_writes_the_rest(
    case: Case, place: str, function: Callable[[object], Any]
) -> None:
    value = DUMPS_PLACES[place](case.build())
    before = snapshot(value, heavy=case.heavy)
    written = attempt(function, value)
    assert snapshot(value, heavy=case.heavy) == before, (
        f"{function.__name__} changed the caller's value"
    )
    del value
    if place == "dumps-value":
        assert written.error is not None, f"{function.__name__} wrote a value that is not IR"
        assert_documented(written, (TypeError,), function.__name__)
        assert not isinstance(written.error, InvalidMessageError)
        return
    assert_documented(written, (InvalidMessageError,), function.__name__)
    transcript = IR_TRANSCRIPTS[place](DUMPS_PLACES[place](case.build()))
    shape = shape_of(validate_transcript(transcript), 0)
    in_json_form = shape_of(
        validate_transcript(TRANSCRIPT_PLACES[JSON_FORM[place]](case.build())), 0
    )
    # An IR value may be held to IR types (tuples, JsonObject), never to less than JSON.
    assert shape or not in_json_form, (
        f"validate_transcript accepts an IR value whose JSON form it refuses: {in_json_form[0]}"
    )
    if written.error is not None:
        assert shape, f"{function.__name__} refused an IR value validate_transcript accepts"
        return
    assert not shape, (
        f"{function.__name__} wrote an IR value validate_transcript refuses: {shape[0]}"
    )
    assert validate_json(dumps(transcript)) == ()
