"""validate_transcript and parse_transcript accept a list or a tuple, read through the base type;
anything else is one INVALID_TRANSCRIPT at message index -1.
"""

from __future__ import annotations

import pytest

from agent_ir import (
    parse_transcript,
    validate_transcript,
)

from support.builders import assistant, result, user
from support.diagnostics import INVALID_MESSAGE, INVALID_TRANSCRIPT, codes
from support.hostile import RaisingList, RaisingTuple


def test_empty_list_and_empty_tuple_are_valid_transcripts() -> None:
    assert validate_transcript([]) == ()
    assert validate_transcript(()) == ()
    assert parse_transcript([]) == ()


@pytest.mark.parametrize(
    "value",
    [
        None,
        {"role": "user", "id": "u", "content": "x"},
        "[]",
        b"[]",
        42,
        {user()["id"]},
        iter([user()]),
        (message for message in [user()]),
        object(),
    ],
    ids=["None", "dict", "str", "bytes", "int", "set", "iterator", "generator", "object"],
)
def test_a_value_that_is_not_a_list_or_tuple_is_one_invalid_transcript_at_minus_one(
    value: object,
) -> None:
    diagnostics = validate_transcript(value)

    assert codes(diagnostics) == [(INVALID_TRANSCRIPT, -1)]
    assert diagnostics[0].path == ""


def test_a_list_subclass_whose_methods_raise_is_read_through_the_base_type() -> None:
    valid = RaisingList([user(), assistant(), result()])
    invalid = RaisingList([user(), user(id="   ")])

    assert validate_transcript(valid) == ()
    assert len(parse_transcript(valid)) == 3
    assert codes(validate_transcript(invalid)) == [(INVALID_MESSAGE, 1)]
    assert validate_transcript(invalid)[0].path == "/1/id"


def test_a_tuple_subclass_whose_methods_raise_is_read_through_the_base_type() -> None:
    valid = RaisingTuple([user(), assistant(), result()])
    invalid = RaisingTuple([user(id=""), user()])

    assert validate_transcript(valid) == ()
    assert len(parse_transcript(valid)) == 3
    assert codes(validate_transcript(invalid)) == [(INVALID_MESSAGE, 0)]
    assert validate_transcript(invalid)[0].path == "/0/id"
