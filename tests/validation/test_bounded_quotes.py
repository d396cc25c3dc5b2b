"""A diagnostic's message quotes a value of the data (an id, a tool name, a key, a
role) cut to ``QUOTE_CHARS`` characters, with what was left out counted: one long
value quoted by many diagnostics (a call's name, once per result) cannot multiply into
gigabytes of messages. Short values are quoted exactly as before.

Repair actions, conversion warnings and stream refusals quote values from the data cut
to 200 characters with the rest counted, as diagnostics do: a megabyte id repeated in
thousands of actions or warnings does not become gigabytes of messages.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from agent_ir import check_wire_rules, repair_transcript, validate_json, validate_transcript
from agent_ir._text import QUOTE_CHARS, cut, left_out, quoted
from agent_ir.replies import ProviderError
from agent_ir.wire import OpenAIChatStream, to_openai_chat

from support.builders import assistant, call_block, result, user

LONG = 100_000  # characters of the long value in each case
RESULTS = 200  # results answering one call
# A message quoting at most three values, each cut to QUOTE_CHARS characters (its repr
# at most a few characters more for plain ASCII) and its count, and a short sentence.
MESSAGE_CHARS = 3 * (QUOTE_CHARS + 40) + 200


def _call(call_id: str, name: str, message_id: str = "a") -> dict[str, Any]:
    return {
        "role": "assistant",
        "id": message_id,
        "content": [{"type": "toolCall", "id": call_id, "name": name, "arguments": {}}],
    }


def _result(call_id: str, name: str, message_id: str) -> dict[str, Any]:
    return {
        "role": "toolResult",
        "id": message_id,
        "toolCallId": call_id,
        "toolName": name,
        "content": "ok",
        "isError": False,
    }


def _messages(transcript: list[Any]) -> list[tuple[str, str]]:
    return [(str(found.code), found.message) for found in validate_json(json.dumps(transcript))]


# --- the helpers ------------------------------------------------------------------------


def test_a_short_value_is_quoted_as_repr_quotes_it() -> None:
    for value in ["c1", "", "it's", 'a "b"', "\x1b[31m", "é" * QUOTE_CHARS]:
        assert quoted(value) == repr(value)
        assert cut(value) == value
    assert quoted(12) == "12"


def test_a_long_value_is_cut_with_the_rest_counted() -> None:
    value = "x" * 1_048_576
    assert quoted(value) == repr("x" * QUOTE_CHARS) + "… (1048376 more characters)"
    assert cut(value) == "x" * QUOTE_CHARS + "… (1048376 more characters)"
    assert cut("ab", 1) == "a… (1 more character)"
    assert left_out(2) == "… (2 more characters)"
    assert quoted(["y" * 1000]).startswith("['yyy")
    assert len(quoted(["y" * 1000])) == QUOTE_CHARS + len("… (806 more characters)")


# --- linkage: every rule ----------------------------------------------------------------


def test_a_long_call_name_is_cut_in_each_name_mismatch() -> None:
    """The reported case: one call with a long name, many results naming another tool.
    Each TOOL_NAME_MISMATCH quoted the whole name (a 1 MB name and 1,000 results: 1 GB
    of messages)."""
    name = "n" * LONG
    transcript = [{"role": "user", "id": "u", "content": "go"}, _call("c1", name)]
    transcript += [_result("c1", "other", f"r{number}") for number in range(RESULTS)]
    found = _messages(transcript)
    mismatches = [message for code, message in found if code == "TOOL_NAME_MISMATCH"]
    assert len(mismatches) == RESULTS
    assert mismatches[0] == (
        f"'other' differs from the name of tool call 'c1': {'n' * QUOTE_CHARS!r}"
        f"… ({LONG - QUOTE_CHARS} more characters)"
    )
    assert sum(len(message) for _, message in found) < len(found) * MESSAGE_CHARS


def _calls_twice(long: str) -> list[Any]:
    return [_call(long, "read", "a1"), _call(long, "read", "a2"), _result(long, "read", "r")]


def _result_first(long: str) -> list[Any]:
    return [_result(long, "read", "r"), _call(long, "read", "a"), _result(long, "read", "r2")]


def _answered_twice(long: str) -> list[Any]:
    return [_call(long, "read"), _result(long, "read", "r1"), _result(long, "read", "r2")]


@pytest.mark.parametrize(
    ("transcript", "code"),
    [
        (_calls_twice, "DUPLICATE_TOOL_CALL_ID"),
        (lambda long: [_call(long, long)], "MISSING_TOOL_RESULT"),
        (_answered_twice, "DUPLICATE_TOOL_RESULT"),
        (lambda long: [_result(long, "read", "r")], "ORPHAN_TOOL_RESULT"),
        (_result_first, "TOOL_RESULT_BEFORE_CALL"),
        (lambda long: [_call("c", long), _result("c", long + "!", "r")], "TOOL_NAME_MISMATCH"),
    ],
)
def test_each_linkage_rule_cuts_the_ids_and_names_it_quotes(transcript: Any, code: str) -> None:
    long = "i" * LONG
    found = _messages(transcript(long))
    [message] = [message for found_code, message in found if found_code == code]
    assert len(message) < MESSAGE_CHARS, message[:500]
    assert f"… ({LONG - QUOTE_CHARS} more characters)" in message
    assert "i" * (QUOTE_CHARS + 1) not in message


def test_a_missing_result_names_its_long_call_cut() -> None:
    [found] = validate_json(json.dumps([_call("c" * 300, "r" * 300)]))
    assert found.message == (
        f"tool call {'c' * 200!r}… (100 more characters) ({'r' * 200}… (100 more characters)) "
        "has no result after it"
    )


# --- the shape checks -------------------------------------------------------------------


def test_a_long_role_is_cut() -> None:
    [found] = validate_json(json.dumps([{"role": "r" * LONG, "id": "m", "content": "x"}]))
    assert found.message == (
        "role must be one of 'user', 'assistant', 'toolResult', 'system', not "
        f"{'r' * QUOTE_CHARS!r}… ({LONG - QUOTE_CHARS} more characters)"
    )


def test_a_long_unknown_key_is_cut_in_the_sentence_and_whole_in_the_pointer() -> None:
    key = "k" * LONG
    [found] = validate_json(json.dumps([{"role": "user", "id": "m", "content": "x", key: 1}]))
    assert found.message == (
        f"{'k' * QUOTE_CHARS}… ({LONG - QUOTE_CHARS} more characters) is not a field here "
        "(unknown fields are not allowed)"
    )
    assert found.path == f"/0/{key}"  # the exact place


def test_a_long_key_is_cut_once_in_each_problem_under_it() -> None:
    """One long key of tool-call arguments and many bad values under it: every problem's
    sentence names the place, the key cut (quoted when it is not an identifier)."""
    key = "a b" * (LONG // 3)
    arguments = {key: ["\ud800"] * RESULTS}
    message = _call("c", "read") | {
        "content": [_call("c", "read")["content"][0] | {"arguments": arguments}]
    }
    found = validate_transcript([message, _result("c", "read", "r")])
    assert len(found) == RESULTS
    cut_key = f'["{key[:QUOTE_CHARS]}"]… ({len(key) - QUOTE_CHARS} more characters)'
    assert found[1].message == (
        f"content[0].arguments{cut_key}[1] holds a lone surrogate (not valid Unicode)"
    )
    assert all(len(item.message) < MESSAGE_CHARS for item in found)


def test_a_key_of_exactly_quote_chars_beside_a_long_key_is_written_whole() -> None:
    """Only a key longer than ``QUOTE_CHARS`` is cut: one of exactly that length, on the
    path of a problem under a long key, is written whole, with nothing counted."""
    exact = "k" * QUOTE_CHARS
    key = "a b" * (LONG // 3)
    message = _call("c", "read") | {
        "content": [_call("c", "read")["content"][0] | {"arguments": {exact: {key: ["\ud800"]}}}]
    }
    [found] = validate_transcript([message, _result("c", "read", "r")])
    cut_key = f'["{key[:QUOTE_CHARS]}"]… ({len(key) - QUOTE_CHARS} more characters)'
    assert found.message == (
        f"content[0].arguments.{exact}{cut_key}[0] holds a lone surrogate (not valid Unicode)"
    )


def test_short_places_and_values_read_as_before() -> None:
    transcript = [
        {"role": "user", "id": "m", "content": "x", "a b": 1, "k" * QUOTE_CHARS: 2},
        {"role": "bot", "id": "n", "content": "x"},
    ]
    assert [found.message for found in validate_json(json.dumps(transcript))] == [
        '["a b"] is not a field here (unknown fields are not allowed)',
        f"{'k' * QUOTE_CHARS} is not a field here (unknown fields are not allowed)",
        "role must be one of 'user', 'assistant', 'toolResult', 'system', not 'bot'",
    ]


# --- the provider rules -----------------------------------------------------------------


def test_a_provider_rule_cuts_a_long_call_id() -> None:
    long = "c" * LONG
    transcript = [{"role": "user", "id": "u", "content": "go"}, _call(long, "read")]
    transcript.append(_result(long, "read", "r"))
    found = check_wire_rules(json.loads(json.dumps(transcript)), "anthropic")
    [message] = [item.message for item in found if item.code == "INVALID_TOOL_CALL_ID_FORMAT"]
    assert message.startswith(f"tool call id {'c' * QUOTE_CHARS!r}… ({LONG - QUOTE_CHARS} more")
    assert len(message) < MESSAGE_CHARS


def test_a_key_that_is_not_a_string_is_quoted_cut() -> None:
    key = ("k" * LONG,)
    message = {"role": "user", "id": "m", "content": "x", key: 1}
    [found] = validate_transcript([message])
    assert found.message == (f"message has a key that is not a string: {cut(repr(key))}"), (
        found.message[:300]
    )
    assert found.message.endswith(f"… ({LONG + 5 - QUOTE_CHARS} more characters)")


MEGABYTE_ID = "c" * 2**20
LEFT_OUT = f"… ({2**20 - 200} more characters)"


def test_repair_actions_quote_a_long_call_id_cut() -> None:
    transcript: list[Any] = [user("u"), assistant("a", [call_block(MEGABYTE_ID)])]
    transcript += [result(f"r{n}", MEGABYTE_ID) for n in range(50)]  # 49 duplicates
    repaired = repair_transcript(transcript)
    assert len(repaired.actions) == 49
    for action in repaired.actions:
        assert len(action.message) < 400, len(action.message)
        assert LEFT_OUT in action.message


def test_conversion_warnings_quote_a_long_call_id_cut() -> None:
    # A result no call answers: its tool name is not sent, and the warning names the id.
    request = to_openai_chat([user("u"), result("r", MEGABYTE_ID)])
    assert request.warnings
    for warning in request.warnings:
        assert len(warning.message) < 600, len(warning.message)
    assert any(LEFT_OUT in warning.message for warning in request.warnings)


def test_a_stream_refusal_quotes_a_long_event_type_cut() -> None:
    long_type = "t" * 2**20
    body = b'data: {"id":"c","object":"' + long_type.encode() + b'","choices":[]}\n\n'
    stream = OpenAIChatStream([body], request_id="r")
    try:
        stream.result()
    except ProviderError as error:
        message = str(error)
    else:  # an unknown object is a refusal or a warning; either way bounded
        message = " ".join(w.message for w in stream.result().warnings)
    assert len(message) < 600, len(message)
