"""The explained work (``LIMITS.explained_work``, ``docs/tool-schemas.md``): a failing
tool call is explained place by place only while (2,048 bytes per value of its
arguments + the UTF-8 bytes of their text) times the most subschemas its parameters
evaluate at one place stays within it, because jsonschema-rs's Python binding builds
every error at once, each about 1.7 KB with its own copy of the value it is about.

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
from agent_ir.validation._tools import argument_size

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
        ({}, (1, 0)),
        ({"a": "x"}, (2, 2)),  # the object and the string; its key's byte and its own
        ({"\u00e9": [1, None, True, 2.5]}, (6, 2)),
        ({"a": "\U0001fae8"}, (2, 1 + 4)),  # four UTF-8 bytes
        ({"a": "\ud800"}, (2, 1 + 3)),  # a lone surrogate (a malformed call): three, as in JS
        ([[[]]], (3, 0)),
    ],
)
def test_the_size_is_the_values_and_the_utf8_bytes_of_strings_and_keys(
    arguments: Any, size: tuple[int, int]
) -> None:
    assert argument_size(arguments) == size


def cost(arguments: Any, widest: int = 1_000) -> int:
    values, text = argument_size(arguments)
    return (values * LIMITS.value_bytes + text) * widest


def test_a_failing_call_at_the_explained_work_is_explained_and_one_byte_more_is_not() -> None:
    """(2 x 2,048 + 29,458) x 1,000 is within the 33,554,432; one byte of text more is
    not. The same pairs are in the cross-language corpus (``tests/js/hostile_tools.py``)."""
    at = {"a": "x" * 29_457}
    past = {"a": "x" * 29_458}
    assert (cost(at), cost(past)) == (33_554_000, 33_555_000)

    explained = check(WIDE, at)
    assert len(explained) == LIMITS.errors_per_call + 1
    assert all(d.code is MISMATCH for d in explained)
    assert "in 967 more places not listed" in explained[0].message

    assert [(d.code, d.path, d.message) for d in check(WIDE, past)] == [
        (
            MISMATCH,
            "/1/content/0/arguments",
            "the arguments of tool call 'c' do not match the parameters of tool 0 (t); the "
            "places are not listed: explaining them would cost 33555000 bytes (2 values at "
            "2048 and 29459 bytes of text, times the 1000 subschemas evaluated at one "
            "place), more than the 33554432 explained per tool call",
        )
    ]


def test_many_small_failing_values_count_as_much_as_their_errors() -> None:
    """Before: 1,000 items failing 100 subschemas each (100,000 errors, a few bytes of
    text) were explained: 3 s and 170 MB. Each value counts 2,048 bytes: 100 items are
    still explained, 1,000 are one mismatch."""
    parameters = {"type": "object", "properties": {"a": {"type": "array", "items": {
        "allOf": [{"type": "integer", "minimum": i} for i in range(100)]}}}}  # fmt: skip

    hundred = check(parameters, {"a": [-1] * 100})
    thousand = check(parameters, {"a": [-1] * 1_000})

    assert len(hundred) == LIMITS.errors_per_call + 1
    assert [d.path for d in thousand] == ["/1/content/0/arguments"]
    assert "cost 207261797 bytes (1002 values at 2048 and 1 bytes of text, times the 101" in (
        thousand[0].message
    )


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
    explained, listed = _grown(30, megabyte)  # (6,144 + 1,000,002) x 31 is within: copied

    assert len(messages) == 1
    assert "(3 values at 2048 and 1000002 bytes of text, times the 151" in messages[0]
    assert grown < 16 * megabyte  # was 150 MB
    assert more < grown + 8 * megabyte  # flat in the failing subschemas
    assert len(listed) == 1  # anyOf: one mismatch, its 30 errors built and copied
    assert explained > 10 * megabyte  # what the measure sees when copies are made (24 MB)


def test_placing_the_errors_of_an_object_is_linear_in_its_members(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Before: each error's place was searched for by reading every key of its object
    as jsonschema-rs does, so 8,000 failing members took 8,000 x 8,000 key readings
    (10 s, explained within the bound). Each object's keys are now read once for all
    its errors: the readings grow with the members, not their square."""
    from agent_ir import _paths

    readings = 0
    original = _paths._rust_reads

    def counted(key: str) -> str | int:
        nonlocal readings
        readings += 1
        return original(key)

    monkeypatch.setattr(_paths, "_rust_reads", counted)
    parameters = {"type": "object", "additionalProperties": {"type": "integer"}}

    def read(members: int) -> int:
        nonlocal readings
        readings = 0
        found = check(parameters, {f"k{i}": "x" for i in range(members)})
        assert len(found) == LIMITS.errors_per_call + 1
        assert f"in {members - LIMITS.errors_per_call} more places" in found[0].message
        return readings

    small, large = read(1_000), read(4_000)
    assert large < 4 * 4_000  # was 16,000,000
    assert 3 < large / small < 5
