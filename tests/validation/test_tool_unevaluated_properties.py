"""A failing ``unevaluatedProperties`` subschema is one sentence at the object, naming
each property it refused, whatever route inside it failed (jsonschema-rs's report,
which the TypeScript package gives too: there a ``$ref`` inside the subschema restarted
Ajv's schema path, and the refusal was "False schema does not allow 1" at the property,
with no unevaluatedProperties sentence; a keyword inside naming properties of the
property was at the property). Each case is in the differential corpus
(``tests/js/hostile_tools.py``, ``ISSUE_CASES``)."""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir import DiagnosticCode

from support.tool_calls import check

SAID = (
    "Unevaluated properties are not allowed ({}) (keyword unevaluatedProperties at "
    "/unevaluatedProperties of the parameters)"
)


@pytest.mark.parametrize(
    ("parameters", "arguments", "names"),
    [
        ({"unevaluatedProperties": {"$ref": "#/$defs/x"}, "$defs": {"x": False}}, {"a": 1},
         "'a' was unexpected"),
        ({"properties": {"c": {}}, "unevaluatedProperties": {"$ref": "#/$defs/s"},
          "$defs": {"s": {"type": "string"}}}, {"a": 1, "b": "x", "c": 1, "d": 2},
         "'a', 'd' were unexpected"),
        ({"unevaluatedProperties": {"unevaluatedProperties": False}}, {"a": {"b": 1}},
         "'a' was unexpected"),
        ({"unevaluatedProperties": {"additionalProperties": False}}, {"a": {"b": 1}},
         "'a' was unexpected"),
    ],
)  # fmt: skip
def test_a_refused_property_is_named_at_the_object(
    parameters: Any, arguments: Any, names: str
) -> None:
    found = check(parameters, arguments)

    assert [(d.code, d.path, d.message.split("(t): ")[1]) for d in found] == [
        (DiagnosticCode.TOOL_ARGUMENTS_MISMATCH, "/1/content/0/arguments", SAID.format(names))
    ]
