"""validate_transcript on values: arguments that are not a JSON object are one INVALID_TOOL_ARGUMENTS,
a lone surrogate in a message string is INVALID_MESSAGE.
"""

from __future__ import annotations

from typing import Any

import pytest

import agent_ir
from agent_ir import (
    validate_transcript,
)

from support.builders import user, with_arguments
from support.diagnostics import INVALID_MESSAGE, INVALID_TOOL_ARGUMENTS, codes
from support.hostile import RaisingItem, nested_lists, self_referencing


def _deep(levels: int) -> dict[str, Any]:
    """Arguments holding an empty list ``levels`` lists deep."""
    return {"deep": nested_lists(levels, leaf=[])}


@pytest.mark.parametrize(
    ("arguments", "path"),
    [
        (None, "/0/content/0/arguments"),
        ([1, 2], "/0/content/0/arguments"),
        ("{}", "/0/content/0/arguments"),
        (b"{}", "/0/content/0/arguments"),
        (object(), "/0/content/0/arguments"),
        ({1: "int key"}, "/0/content/0/arguments"),
        ({"x": float("nan")}, "/0/content/0/arguments/x"),
        ({"x": float("inf")}, "/0/content/0/arguments/x"),
        ({"x": [1, float("-inf")]}, "/0/content/0/arguments/x/1"),
        ({"x": b"bytes"}, "/0/content/0/arguments/x"),
        ({"x": object()}, "/0/content/0/arguments/x"),
        ({"x": {1, 2}}, "/0/content/0/arguments/x"),
        (self_referencing({"name": "loop"}, "self"), "/0/content/0/arguments/self"),
        ({"text": "lone \ud800"}, "/0/content/0/arguments/text"),
    ],
    ids=[
        "None",
        "list",
        "str",
        "bytes",
        "object",
        "int-key",
        "nested-nan",
        "nested-inf",
        "nested-minus-inf",
        "nested-bytes",
        "nested-object",
        "nested-set",
        "cycle",
        "lone-surrogate",
    ],
)
def test_arguments_that_are_not_a_json_object_are_one_invalid_tool_arguments(
    arguments: object, path: str
) -> None:
    # The result's call is malformed but its id is readable: no ORPHAN either.
    diagnostics = validate_transcript(with_arguments(arguments))

    assert codes(diagnostics) == [(INVALID_TOOL_ARGUMENTS, 0)]
    assert diagnostics[0].path == path


def test_arguments_nested_deeper_than_max_depth_are_invalid_tool_arguments() -> None:
    assert codes(validate_transcript(with_arguments(_deep(agent_ir.MAX_DEPTH + 5)))) == [
        (INVALID_TOOL_ARGUMENTS, 0)
    ]


def test_arguments_nested_within_max_depth_are_valid() -> None:
    assert validate_transcript(with_arguments(_deep(agent_ir.MAX_DEPTH - 2))) == ()


def test_arguments_that_raise_when_read_are_invalid_tool_arguments() -> None:
    arguments = RaisingItem({"path": "a"}, "path", RuntimeError("boom"))

    assert codes(validate_transcript(with_arguments(arguments))) == [(INVALID_TOOL_ARGUMENTS, 0)]


@pytest.mark.parametrize(
    ("message", "path"),
    [
        (user(content="lone \ud800 surrogate"), "/0/content"),
        (user(content=[{"type": "text", "text": "\udfff"}]), "/0/content/0/text"),
        (user(id="id-\ud800"), "/0/id"),
        ({"role": "system", "id": "s", "content": "\ud800"}, "/0/content"),
    ],
    ids=["user-string", "text-block", "id", "system"],
)
def test_a_lone_surrogate_in_a_message_string_is_invalid_message(
    message: dict[str, Any], path: str
) -> None:
    diagnostics = validate_transcript([message])

    assert codes(diagnostics) == [(INVALID_MESSAGE, 0)]
    assert diagnostics[0].path == path
