"""tools= gives one verdict through every entry point (validate_transcript, validate_json
from bytes and str, parse_transcript, loads), on valid transcripts and on transcripts
with malformed messages, whichever internal path the text takes (the fast path, the
per-message parts, the stdlib parse); the arguments checked are the real ones."""

from __future__ import annotations

import json
from typing import Any

import pytest

from agent_ir import (
    Diagnostic,
    DiagnosticCode,
    JsonObject,
    ToolDefinition,
    TranscriptError,
    loads,
    parse_transcript,
    validate_json,
    validate_transcript,
)

MISMATCH = DiagnosticCode.TOOL_ARGUMENTS_MISMATCH
UNDECLARED = DiagnosticCode.UNDECLARED_TOOL
INVALID_DEFINITION = DiagnosticCode.INVALID_TOOL_DEFINITION

# "need" requires an argument: a verdict made on emptied arguments refuses its good
# calls. "typed" refuses a string: a verdict made on emptied arguments misses it.
TOOLS: list[dict[str, Any]] = [
    {"name": "need", "parameters": {"type": "object", "required": ["q"]}},
    {"name": "typed", "parameters": {"properties": {"n": {"type": "integer"}}}},
    {"name": "broken", "parameters": {"type": "nothing"}},
]
TOOL_OBJECTS = [
    ToolDefinition(name="need", parameters=JsonObject({"type": "object", "required": ["q"]})),
    ToolDefinition(name="typed", parameters=JsonObject({"properties": {"n": {"type": "integer"}}})),
    ToolDefinition(name="broken", parameters=JsonObject({"type": "nothing"})),
]


def user(index: int) -> dict[str, Any]:
    return {"role": "user", "id": f"u{index}", "content": "go"}


def call(call_id: str, name: str, arguments: Any) -> dict[str, Any]:
    return {"type": "toolCall", "id": call_id, "name": name, "arguments": arguments}


def assistant(index: int, *blocks: dict[str, Any]) -> dict[str, Any]:
    return {"role": "assistant", "id": f"a{index}", "content": list(blocks)}


def result(call_id: str, name: str) -> dict[str, Any]:
    return {"role": "toolResult", "id": f"r-{call_id}", "toolCallId": call_id,
            "toolName": name, "content": "ok", "isError": False}  # fmt: skip


def turn(index: int, suffix: str) -> list[dict[str, Any]]:
    """An assistant message with a good and a bad call of each tool, one undeclared and
    one to the broken tool; then their results."""
    blocks = [
        call(f"g{suffix}", "need", {"q": "x"}),
        call(f"b{suffix}", "need", {"r": "x"}),
        call(f"h{suffix}", "typed", {"n": 3}),
        call(f"t{suffix}", "typed", {"n": "3"}),
        call(f"u{suffix}", "nobody", {}),
        call(f"k{suffix}", "broken", {"anything": 1}),
    ]
    return [
        assistant(index, *blocks),
        *(result(block["id"], block["name"]) for block in blocks),
    ]


def expected_turn(index: int) -> list[tuple[DiagnosticCode, int, str]]:
    return [
        (MISMATCH, index, f"/{index}/content/1/arguments"),
        (MISMATCH, index, f"/{index}/content/3/arguments/n"),
        (UNDECLARED, index, f"/{index}/content/4/name"),
    ]


def valid_shape() -> tuple[list[dict[str, Any]], list[tuple[DiagnosticCode, int, str]]]:
    messages = [user(0), *turn(1, "1")]
    expected = [(INVALID_DEFINITION, -1, "/parameters/type"), *expected_turn(1)]
    return messages, expected


def with_malformed_message() -> tuple[list[dict[str, Any]], list[tuple[DiagnosticCode, int, str]]]:
    """A malformed user message before the turn."""
    messages, _ = valid_shape()
    messages.insert(1, {"role": "user", "id": "bad", "content": 5})
    expected = [
        (INVALID_DEFINITION, -1, "/parameters/type"),
        (DiagnosticCode.INVALID_MESSAGE, 1, "/1/content"),
        *expected_turn(2),
    ]
    return messages, expected


def malformed_turn() -> tuple[list[dict[str, Any]], list[tuple[DiagnosticCode, int, str]]]:
    """The assistant message itself is malformed (a bad text block, an unknown field, a
    call without an id): its well-formed calls are still checked, the broken call is
    not (its problem is reported, nothing about its arguments)."""
    messages, _ = valid_shape()
    message = messages[1]
    message["content"].insert(0, {"type": "text"})
    message["content"].append({"type": "toolCall", "name": "typed", "arguments": {"n": "x"}})
    message["extra"] = True
    expected = [
        (INVALID_DEFINITION, -1, "/parameters/type"),
        (DiagnosticCode.INVALID_MESSAGE, 1, "/1/content/0/text"),
        (MISMATCH, 1, "/1/content/2/arguments"),
        (MISMATCH, 1, "/1/content/4/arguments/n"),
        (UNDECLARED, 1, "/1/content/5/name"),
        (DiagnosticCode.INVALID_MESSAGE, 1, "/1/content/7/id"),
        (DiagnosticCode.INVALID_MESSAGE, 1, "/1/extra"),
    ]
    return messages, expected


def across_chunks() -> tuple[list[dict[str, Any]], list[tuple[DiagnosticCode, int, str]]]:
    """More than one chunk of 256 messages: a turn in a valid chunk, a malformed message
    in the next, a turn after it."""
    messages: list[dict[str, Any]] = [user(0), *turn(1, "1")]
    messages += [user(i) for i in range(len(messages), 300)]
    messages[280] = {"role": "user", "id": "bad", "content": 5}
    second = len(messages)
    messages += turn(second, "2")
    expected = [
        (INVALID_DEFINITION, -1, "/parameters/type"),
        *expected_turn(1),
        (DiagnosticCode.INVALID_MESSAGE, 280, "/280/content"),
        *expected_turn(second),
    ]
    return messages, expected


def lone_surrogate_text() -> tuple[list[dict[str, Any]], list[tuple[DiagnosticCode, int, str]]]:
    """A lone surrogate escape: the text cannot be split into parts (the stdlib parse)."""
    messages, _ = valid_shape()
    messages.insert(1, {"role": "user", "id": "bad", "content": "\ud800"})
    expected = [
        (INVALID_DEFINITION, -1, "/parameters/type"),
        (DiagnosticCode.INVALID_MESSAGE, 1, "/1/content"),
        *expected_turn(2),
    ]
    return messages, expected


SHAPES = {
    "valid-messages": valid_shape,
    "a-malformed-message": with_malformed_message,
    "a-malformed-assistant-message": malformed_turn,
    "across-chunks": across_chunks,
    "lone-surrogate": lone_surrogate_text,
}


def triples(diagnostics: tuple[Diagnostic, ...]) -> list[tuple[DiagnosticCode, int, str]]:
    return [(d.code, d.message_index, d.path) for d in diagnostics]


@pytest.mark.parametrize("shape", SHAPES.values(), ids=list(SHAPES))
@pytest.mark.parametrize(
    "tools", [TOOLS, TOOL_OBJECTS, tuple(TOOLS)], ids=["json", "objects", "tuple"]
)
def test_every_entry_point_gives_the_same_verdict(shape: Any, tools: Any) -> None:
    messages, expected = shape()
    text = json.dumps(messages)

    verdict = validate_transcript(messages, tools=tools)

    assert triples(verdict) == expected
    assert validate_json(text, tools=tools) == verdict
    assert validate_json(text.encode("utf-8", "surrogatepass"), tools=tools) == verdict
    with pytest.raises(TranscriptError) as parsed:
        parse_transcript(messages, tools=tools)
    assert parsed.value.diagnostics == verdict
    with pytest.raises(TranscriptError) as loaded:
        loads(text, tools=tools)
    assert loaded.value.diagnostics == verdict
    with pytest.raises(TranscriptError) as loaded_bytes:
        loads(text.encode("utf-8", "surrogatepass"), tools=tools)
    assert loaded_bytes.value.diagnostics == verdict


def test_a_valid_transcript_with_tools_parses_to_its_messages() -> None:
    tools = TOOLS[:2]
    messages = [
        user(0),
        assistant(1, call("c1", "need", {"q": [1]}), call("c2", "typed", {"n": -4})),
        result("c1", "need"),
        result("c2", "typed"),
    ]
    text = json.dumps(messages)

    assert validate_transcript(messages, tools=tools) == ()
    assert validate_json(text, tools=tools) == ()
    assert validate_json(text.encode(), tools=tools) == ()
    parsed = parse_transcript(messages, tools=tools)
    assert parsed == parse_transcript(messages)
    assert loads(text, tools=tools) == parsed
    assert loads(text.encode(), tools=tools) == parsed


def test_validate_json_checks_the_real_arguments_with_tools_and_only_then() -> None:
    """Without tools the verdict-only decoder may empty the arguments; with tools it
    must not (an emptied {"q": 1} would miss "q", an emptied {"n": "3"} would pass)."""
    messages = [
        user(0),
        assistant(1, call("c1", "need", {"q": 1}), call("c2", "typed", {"n": "3"})),
        result("c1", "need"),
        result("c2", "typed"),
    ]
    text = json.dumps(messages).encode()

    assert validate_json(text) == ()
    assert triples(validate_json(text, tools=TOOLS[:2])) == [
        (MISMATCH, 1, "/1/content/1/arguments/n")
    ]


def test_ir_messages_are_checked_like_their_json_form() -> None:
    messages, expected = valid_shape()
    ir = parse_transcript(messages)
    mixed = [*ir[:2], *messages[2:]]

    assert triples(validate_transcript(ir, tools=TOOLS)) == expected
    assert validate_transcript(mixed, tools=TOOLS) == validate_transcript(messages, tools=TOOLS)


def test_tool_problems_come_first_in_tool_order_then_the_messages() -> None:
    tools = [{"name": "b", "parameters": {"type": 1}}, {"name": "a"}, 7, {"name": "a"}]
    messages = [user(0), assistant(1, call("c1", "zz", {}))]  # and no result: MISSING

    found = validate_transcript(messages, tools=tools)

    assert [(d.code, d.message_index, d.tool_index) for d in found] == [
        (INVALID_DEFINITION, -1, 0),
        (INVALID_DEFINITION, -1, 2),
        (INVALID_DEFINITION, -1, 3),
        (DiagnosticCode.MISSING_TOOL_RESULT, 1, None),
        (UNDECLARED, 1, None),
    ]


def test_a_transcript_that_is_no_array_still_reports_the_tools_problems() -> None:
    tools = [{"name": "a", "parameters": {"type": 1}}]

    for verdict in (
        validate_transcript({"messages": []}, tools=tools),
        validate_json('{"messages": []}', tools=tools),
        validate_json(b"[1, 2", tools=tools),
    ):
        assert [(d.code, d.tool_index) for d in verdict] == [
            (DiagnosticCode.INVALID_TRANSCRIPT, None),
            (INVALID_DEFINITION, 0),
        ]
    with pytest.raises(TranscriptError) as raised:
        loads("[1, 2", tools=tools)
    assert raised.value.diagnostics == validate_json(b"[1, 2", tools=tools)
    with pytest.raises(TranscriptError) as parsed:
        parse_transcript("not a list", tools=tools)
    assert [d.code for d in parsed.value.diagnostics] == [
        DiagnosticCode.INVALID_TRANSCRIPT,
        INVALID_DEFINITION,
    ]


def test_tools_that_are_not_a_list_never_raise_from_any_entry_point() -> None:
    messages, _ = valid_shape()
    text = json.dumps(messages)

    for tools in ("x", 3, {"name": "need"}):
        verdict = validate_transcript(messages, tools=tools)
        assert [d.code for d in verdict] == [INVALID_DEFINITION]
        assert validate_json(text, tools=tools) == verdict
        with pytest.raises(TranscriptError) as raised:
            loads(text, tools=tools)
        assert raised.value.diagnostics == verdict
