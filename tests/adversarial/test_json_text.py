"""validate_json never raises; loads returns the IR or raises TranscriptError with the
same diagnostics (TypeError only for what is not bytes, bytearray, memoryview or str);
both agree with validate_transcript on the parsed JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest
from adversarial.catalogue import Case, params
from adversarial.harness import assert_documented, assert_writable, attempt, describe

from agent_ir import (
    DiagnosticCode,
    TranscriptError,
    dumps,
    loads,
    validate_json,
    validate_transcript,
)

TEXT_TYPES = (bytes, bytearray, memoryview, str)


@pytest.mark.parametrize(("case", "place"), params("validate_json"))
def test_json_text_entry_points_keep_the_contract_and_agree(case: Case, place: str) -> None:
    data = case.build()
    verdict = attempt(validate_json, data)
    assert verdict.error is None, f"validate_json raised {describe(verdict.error)}"
    assert_writable(verdict.value)
    loaded = attempt(loads, case.build())
    if not issubclass(type(data), TEXT_TYPES):
        assert [(d.code, d.message_index) for d in verdict.value] == [
            (DiagnosticCode.INVALID_TRANSCRIPT, -1)
        ]
        assert_documented(loaded, (TypeError,), "loads")
        assert loaded.error is not None, "loads accepted a value that is not JSON text"
        assert not isinstance(loaded.error, TranscriptError)
        return
    assert_documented(loaded, (TranscriptError,), "loads")
    if isinstance(loaded.error, TranscriptError):
        assert loaded.error.diagnostics == verdict.value != ()
    else:
        assert verdict.value == ()
        assert loads(dumps(loaded.value)) == loaded.value
    if not case.heavy:
        parsed = _stdlib_parse(data)
        if parsed is not None:
            assert validate_transcript(parsed[0]) == verdict.value


def _refuse_constant(name: str) -> Any:
    raise ValueError(name)


def _stdlib_parse(data: Any) -> tuple[Any] | None:
    """(the value) of JSON text by the standard library, None if it refuses it."""
    try:
        text = data if isinstance(data, str) else bytes(data).decode("utf-8")
        return (json.loads(str.__str__(text), parse_constant=_refuse_constant),)
    except (ValueError, RecursionError):
        return None
