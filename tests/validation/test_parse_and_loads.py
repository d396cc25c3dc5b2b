"""parse_transcript and loads: the IR tuple, TranscriptError with every diagnostic, malformed JSON text."""

from __future__ import annotations

import json

import pytest

from agent_ir import (
    TranscriptError,
    loads,
    parse_transcript,
    validate_transcript,
)

from support.builders import assistant, call_block, result, user
from support.diagnostics import INVALID_MESSAGE, INVALID_TRANSCRIPT, ORPHAN_TOOL_RESULT, codes

# --- parse_transcript -------------------------------------------------------------------


def test_parse_transcript_returns_the_ir_as_a_tuple() -> None:
    parsed = parse_transcript([user(), assistant(), result()])

    assert isinstance(parsed, tuple)
    assert [type(message).__name__ for message in parsed] == [
        "UserMessage",
        "AssistantMessage",
        "ToolResultMessage",
    ]
    assert parsed[1].content[0].arguments == {"path": "a.txt"}


def test_parse_transcript_raises_transcript_error_with_every_diagnostic() -> None:
    transcript = [result(), user(id="")]

    with pytest.raises(TranscriptError) as raised:
        parse_transcript(transcript)

    assert isinstance(raised.value, ValueError)
    assert raised.value.diagnostics == validate_transcript(transcript)
    assert codes(raised.value.diagnostics) == [(ORPHAN_TOOL_RESULT, 0), (INVALID_MESSAGE, 1)]


def test_parse_transcript_of_a_non_list_raises_transcript_error() -> None:
    with pytest.raises(TranscriptError) as raised:
        parse_transcript({"role": "user"})

    assert codes(raised.value.diagnostics) == [(INVALID_TRANSCRIPT, -1)]


@pytest.mark.parametrize(
    ("transcript", "tools", "sentence"),
    [
        pytest.param(
            {"role": "user"},
            None,
            "INVALID_TRANSCRIPT in the transcript: transcript must be a list or tuple of "
            "messages, not dict",
            id="the transcript as a whole",
        ),
        pytest.param(
            [result(), user(id="")],
            None,
            "ORPHAN_TOOL_RESULT at message 0: no tool call has id 'call-1' (and 1 more)",
            id="a message",
        ),
        pytest.param(
            [],
            [{"name": " "}],
            "INVALID_TOOL_DEFINITION in tool 0: name must hold a character other than whitespace",
            id="a tool definition",
        ),
    ],
)
def test_a_transcript_error_says_where_its_first_problem_is_never_message_minus_one(
    transcript: object, tools: list[dict[str, str]] | None, sentence: str
) -> None:
    with pytest.raises(TranscriptError) as raised:
        parse_transcript(transcript, tools=tools)

    assert str(raised.value) == sentence
    assert "message -1" not in str(raised.value)


# --- loads ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [bytes, str, bytearray])
def test_loads_accepts_bytes_and_str(kind: type) -> None:
    text = json.dumps([user(), assistant(), result()])
    data = text if kind is str else kind(text.encode("utf-8"))

    assert loads(data) == parse_transcript([user(), assistant(), result()])


@pytest.mark.parametrize(
    "data",
    [
        "",
        "[",
        '[{"role": "user", "id": "u", "content": "x"}',
        '[{"role": "user", "id": "u", "content": "x"}] trailing',
        "[NaN]",
        '[{"role": "assistant", "id": "a", "content": [{"type": "toolCall", "id": "c", '
        '"name": "n", "arguments": {"x": NaN}}]}]',
        "[Infinity]",
        "[-Infinity]",
        "[" * 100_000 + "]" * 100_000,
        b"\xff\xfe[]",
        "{'single': 'quotes'}",
    ],
    ids=[
        "empty",
        "open-bracket",
        "truncated",
        "trailing-data",
        "NaN",
        "NaN-in-arguments",
        "Infinity",
        "minus-Infinity",
        "100000-deep",
        "not-utf8",
        "python-literal",
    ],
)
def test_loads_of_malformed_json_is_exactly_one_invalid_transcript(data: str | bytes) -> None:
    with pytest.raises(TranscriptError) as raised:
        loads(data)

    assert codes(raised.value.diagnostics) == [(INVALID_TRANSCRIPT, -1)]
    assert raised.value.diagnostics[0].path == ""


def test_loads_of_well_formed_json_that_is_not_an_array_is_invalid_transcript() -> None:
    with pytest.raises(TranscriptError) as raised:
        loads('{"role": "user", "id": "u", "content": "x"}')

    assert codes(raised.value.diagnostics) == [(INVALID_TRANSCRIPT, -1)]


def test_loads_of_bytes_that_are_not_utf8_is_one_invalid_transcript() -> None:
    with pytest.raises(TranscriptError) as caught:
        loads(b'[{"role": "user", "id": "u", "content": "caf\xe9"}]')
    [diagnostic] = caught.value.diagnostics
    assert (diagnostic.code, diagnostic.message_index, diagnostic.path) == (
        "INVALID_TRANSCRIPT",
        -1,
        "",
    )
    assert "UnicodeDecodeError" in diagnostic.message


def test_loads_of_json_nested_beyond_the_parser_is_one_invalid_transcript() -> None:
    # Beyond every supported Python's json parser (3.13 parses 1,500 levels, 3.11 does not).
    deep = "[" * 100_000 + "]" * 100_000
    text = (
        '[{"role": "assistant", "id": "a", "content": [{"type": "toolCall", "id": "c", '
        f'"name": "n", "arguments": {{"x": {deep}}}}}]}}]'
    )
    with pytest.raises(TranscriptError) as caught:
        loads(text)
    assert [(d.code, d.message_index) for d in caught.value.diagnostics] == [
        ("INVALID_TRANSCRIPT", -1)
    ]


@pytest.mark.parametrize("kind", [str, bytes])
def test_loads_of_a_lone_surrogate_escape_in_text_is_invalid_message(kind: type) -> None:
    text = '[{"role": "user", "id": "u", "content": [{"type": "text", "text": "a\\ud800b"}]}]'
    data = text if kind is str else text.encode("ascii")

    with pytest.raises(TranscriptError) as raised:
        loads(data)

    assert codes(raised.value.diagnostics) == [(INVALID_MESSAGE, 0)]
    assert raised.value.diagnostics[0].path == "/0/content/0/text"


def test_loads_of_a_str_holding_a_lone_surrogate_explains_the_message() -> None:
    with pytest.raises(TranscriptError) as caught:
        loads('[{"role": "user", "id": "u", "content": "\ud800"}]')
    assert [(d.code, d.path) for d in caught.value.diagnostics] == [
        ("INVALID_MESSAGE", "/0/content")
    ]


@pytest.mark.parametrize("arguments", ["", [], None, 3, True])
def test_loads_refuses_arguments_that_are_not_an_object(arguments: object) -> None:
    transcript = [
        {"role": "assistant", "id": "a", "content": [call_block(arguments=arguments)]},
        {
            "role": "toolResult",
            "id": "r",
            "toolCallId": "call-1",
            "toolName": "read",
            "content": "",
            "isError": False,
        },
    ]
    with pytest.raises(TranscriptError) as caught:
        loads(json.dumps(transcript))
    assert [(d.code, d.message_index, d.path) for d in caught.value.diagnostics] == [
        ("INVALID_TOOL_ARGUMENTS", 0, "/0/content/0/arguments")
    ]


def test_loads_reports_linkage_problems() -> None:
    with pytest.raises(TranscriptError) as raised:
        loads(json.dumps([result()]))

    assert codes(raised.value.diagnostics) == [(ORPHAN_TOOL_RESULT, 0)]


def test_validate_json_never_raises_and_agrees_with_loads() -> None:
    from agent_ir import validate_json

    assert validate_json(b'[{"role":"user","id":"u","content":"hi"}]') == ()
    assert validate_json(bytearray(b"[]")) == ()
    assert validate_json(memoryview(b"[]")) == ()
    [not_json] = validate_json(b"[")
    assert (not_json.code, not_json.message_index, not_json.path) == ("INVALID_TRANSCRIPT", -1, "")
    [not_text] = validate_json(5)
    assert not_text.message == "transcript must be JSON text (bytes or str), not int"
    blank_id = b'[{"role":"user","id":" ","content":"x"}]'
    with pytest.raises(TranscriptError) as caught:
        loads(blank_id)
    assert validate_json(blank_id) == caught.value.diagnostics
    assert [d.code for d in validate_json(b"\xff")] == ["INVALID_TRANSCRIPT"]
