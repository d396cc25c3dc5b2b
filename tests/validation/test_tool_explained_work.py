"""The explained work (``LIMITS.explained_work``, ``docs/tool-schemas.md``): a failing
tool call is explained place by place only while its argument bytes times the most
subschemas its parameters evaluate at one place stay within it, because jsonschema-rs's
Python binding copies the failing value into every error it builds, all at once.

Memory is asserted as a ceiling on the resident size of a subprocess (the binding's
copies of an object are made in Rust, where tracemalloc does not see them), never as a
time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import msgspec
import pytest

from agent_ir import DiagnosticCode
from agent_ir.validation._tool_profile import LIMITS, read_profile
from agent_ir.validation._tools import argument_bytes

from support.tool_calls import check

MISMATCH = DiagnosticCode.TOOL_ARGUMENTS_MISMATCH
WIDE = {"type": "object", "properties": {"a": {"allOf": [{"type": "integer"}] * 999}}}


def widest(parameters: Any) -> int:
    return read_profile(parameters, len(msgspec.json.encode(parameters))).widest


def test_the_widest_place_counts_every_subschema_evaluated_there() -> None:
    assert widest(WIDE) == 1_000  # the place a: its schema and the 999 of allOf
    assert widest({"type": "object"}) == 1
    assert widest({"anyOf": [{"$ref": "#/$defs/d"}, {"$ref": "#/$defs/d"}], "$defs": {
        "d": {"allOf": [{"type": "object"}, {"minProperties": 1}]}}}) == 9  # fmt: skip


@pytest.mark.parametrize(
    ("arguments", "size"),
    [
        ({}, 1),
        ({"a": "x"}, 4),  # the object, its key, the string and its byte
        ({"\u00e9": [1, None, True, 2.5]}, 1 + 2 + 5),
        ({"a": "\U0001fae8"}, 3 + 4),  # four UTF-8 bytes
        ({"a": "\ud800"}, 3 + 3),  # a lone surrogate (a malformed call): three, as in JS
        ([[[]]], 3),
    ],
)
def test_argument_bytes_count_utf8_bytes_of_strings_and_keys_and_one_per_value(
    arguments: Any, size: int
) -> None:
    assert argument_bytes(arguments) == size


def test_a_failing_call_at_the_explained_work_is_explained_and_one_byte_more_is_not() -> None:
    """33,554 bytes x 1,000 subschemas is within the 33,554,432; 33,555 x 1,000 is not.
    The same pairs are in the cross-language corpus (``tests/js/hostile_tools.py``)."""
    at = {"a": "x" * 33_551}
    past = {"a": "x" * 33_552}
    assert (argument_bytes(at), argument_bytes(past)) == (33_554, 33_555)

    explained = check(WIDE, at)
    assert len(explained) == LIMITS.errors_per_call + 1
    assert all(d.code is MISMATCH for d in explained)
    assert "in 967 more places not listed" in explained[0].message

    assert [(d.code, d.path, d.message) for d in check(WIDE, past)] == [
        (
            MISMATCH,
            "/1/content/0/arguments",
            "the arguments of tool call 'c' do not match the parameters of tool 0 (t); the "
            "places are not listed: their 33555 bytes times the 1000 subschemas evaluated "
            "at one place are more than the 33554432 explained per tool call",
        )
    ]


def test_a_valid_call_is_never_cut_short_whatever_its_size() -> None:
    """Validity is decided without the errors: a call past the explained work that
    matches gets no diagnostic."""
    parameters = {"type": "object", "properties": {"a": {"allOf": [{"type": "string"}] * 999}}}
    assert check(parameters, {"a": "x" * 40_000}) == []


_MEASURE = textwrap.dedent(
    """
    import json, sys
    from agent_ir import validate_transcript

    def peak():  # VmHWM: this process's own peak (ru_maxrss keeps its parent's, forked)
        with open("/proc/self/status") as status:
            line = next(line for line in status if line.startswith("VmHWM:"))
        return int(line.split()[1]) * 1024

    failing, size = int(sys.argv[1]), int(sys.argv[2])
    parameters = {"type": "object", "properties": {"a": {"anyOf": [
        {"type": "object", "maxProperties": 0, "title": str(i)} for i in range(failing)]}}}
    arguments = {"a": {"k": "x" * size}}
    messages = [
        {"role": "user", "id": "u", "content": "go"},
        {"role": "assistant", "id": "a", "content": [
            {"type": "toolCall", "id": "c", "name": "t", "arguments": arguments}]},
        {"role": "toolResult", "id": "r", "toolCallId": "c", "toolName": "t",
         "content": "ok", "isError": False},
    ]
    before = peak()
    found = validate_transcript(messages, tools=[{"name": "t", "parameters": parameters}])
    print(json.dumps([peak() - before, [d.message for d in found]]))
    """
)


def _grown(failing: int, size: int) -> tuple[int, list[str]]:
    """The resident growth (bytes) of checking one call in a fresh interpreter (the
    library alone imported: its peak before the check is low)."""
    src = str(Path(__file__).resolve().parents[2] / "src")
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST")}
    env["PYTHONPATH"] = src
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(failing), str(size)],
        capture_output=True, text=True, env=env, timeout=300, check=True,
    )  # fmt: skip
    grown, messages = json.loads(done.stdout)
    return grown, messages


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads VmHWM from /proc")
def test_an_object_failing_150_subschemas_is_not_copied_150_times() -> None:
    """Before: a 1 MB object failing 150 subschemas of an anyOf grew the process by
    150 MB (each error's copy of it, made in Rust). Now the call is one mismatch and
    the growth does not depend on the number of subschemas."""
    megabyte = 1_000_000
    grown, messages = _grown(150, megabyte)
    more, _ = _grown(300, megabyte)
    explained, listed = _grown(30, megabyte)  # 31 x 1000005 is within: copied

    assert len(messages) == 1
    assert "the places are not listed: their 1000005 bytes times the 151" in messages[0]
    assert grown < 16 * megabyte  # was 150 MB
    assert more < grown + 8 * megabyte  # flat in the failing subschemas
    assert len(listed) == 1  # anyOf: one mismatch, its 30 errors built and copied
    assert explained > 10 * megabyte  # what the measure sees when copies are made (24 MB)
