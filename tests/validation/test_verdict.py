"""The fast engine's verdict (``agent_ir.validation._fast``) settles only what the explaining path accepts,
and the explaining path, going down from where the verdict stopped, says what it says
when it reads everything itself.

The oracle is the same check with the verdict made to settle nothing (``read_text`` and
``read_entries`` answer "not read"): then the text is split and decoded chunk by chunk,
and the entries converted chunk by chunk, from scratch.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

import agent_ir.validation._conductor as conductor
import agent_ir.validation._fast as fast_engine
from agent_ir import validate_json, validate_transcript
from agent_ir._jsoncopy import MAX_DEPTH
from agent_ir.validation._fast import Read, Stage, read_entries, read_text

from support.builders import assistant, audio, call_block, result, user


@pytest.fixture
def unsettled(monkeypatch: pytest.MonkeyPatch) -> None:
    """The verdict settles nothing: every check takes the explaining path from scratch."""
    monkeypatch.setattr(fast_engine, "read_text", lambda text, pending: Read(Stage.SHAPE))
    monkeypatch.setattr(fast_engine, "read_entries", lambda entries, pending: Read(Stage.SHAPE))


def _nested(levels: int) -> dict[str, Any]:
    """A JSON object with ``levels`` containers on its deepest path (itself included)."""
    value: dict[str, Any] = {}
    for _ in range(levels - 1):
        value = {"a": value}
    return value


def _call(arguments: Any, call_id: str = "c1") -> list[dict[str, Any]]:
    return [
        user("u"),
        assistant("a", [call_block(call_id, arguments=arguments)]),
        result("r", call_id),
    ]


# Raw JSON texts of one tool call's arguments, spliced into a transcript as they are.
_ARGUMENTS_TEXTS = {
    "a float out of range": b'{"x":1e400}',
    "an exponent that is in range": b'{"x":1.5e3}',
    "a digit and an e inside a string": b'{"x":"file2e.txt"}',
    "a 400-digit integer": b'{"x":' + b"1" * 400 + b"}",
    "a 5000-digit integer": b'{"x":' + b"1" * 5000 + b"}",
    "70 braces inside a string": b'{"x":"' + b"{" * 70 + b'"}',
    "non-ASCII text": '{"x":"caf\u00e9 \u2603"}'.encode(),
    "an escaped surrogate pair": b'{"x":"\\ud83d\\ude00"}',
    "a lone surrogate escape": b'{"x":"\\ud800"}',
    "bytes that are not UTF-8": b'{"x":"\xff\xfe"}',
    "an encoded surrogate": b'{"x":"\xed\xa0\x80"}',
    "an array, not an object": b"[1,2]",
    "a string, not an object": b'"{}"',
    "null": b"null",
    "an object at the depth bound": json.dumps(_nested(MAX_DEPTH)).encode(),
    "an object past the depth bound": json.dumps(_nested(MAX_DEPTH + 1)).encode(),
}


def _with_arguments_text(arguments: bytes) -> bytes:
    template = json.dumps(_call({"placeholder": True})).encode()
    return template.replace(b'{"placeholder": true}', arguments)


@pytest.mark.parametrize("name", sorted(_ARGUMENTS_TEXTS))
def test_json_text_arguments_get_the_verdict_of_the_explaining_path(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = _with_arguments_text(_ARGUMENTS_TEXTS[name])
    found = validate_json(text)
    with monkeypatch.context() as patched:
        patched.setattr(fast_engine, "read_text", lambda text, pending: Read(Stage.SHAPE))
        assert validate_json(text) == found


def test_the_raw_arguments_checks_refuse_what_they_must() -> None:
    def codes(name: str) -> list[str]:
        return [d.code.value for d in validate_json(_with_arguments_text(_ARGUMENTS_TEXTS[name]))]

    for valid in (
        "an exponent that is in range",
        "a digit and an e inside a string",
        "a 400-digit integer",
        "70 braces inside a string",
        "non-ASCII text",
        "an escaped surrogate pair",
        "an object at the depth bound",
    ):
        assert codes(valid) == [], valid
    for invalid in (
        "a float out of range",
        "an array, not an object",
        "a string, not an object",
        "null",
        "an object past the depth bound",
        "a lone surrogate escape",  # JSON text, but no Unicode string
    ):
        assert "INVALID_TOOL_ARGUMENTS" in codes(invalid), invalid
    for not_json in ("bytes that are not UTF-8", "an encoded surrogate"):
        assert codes(not_json) == ["INVALID_TRANSCRIPT"], not_json


def test_the_verdict_of_text_settles_a_valid_transcript_and_says_where_others_stop() -> None:
    valid = json.dumps(_call({"path": "a"})).encode()
    assert read_text(valid, False).stage is Stage.VALID
    assert read_text(_with_arguments_text(b"[1]"), False).stage is Stage.OBJECTS
    blank = json.dumps([user(" ")]).encode()
    assert read_text(blank, False).stage is Stage.VALUES
    unanswered = json.dumps(_call({"path": "a"})[:2]).encode()
    assert read_text(unanswered, False).stage is Stage.LINKAGE
    assert read_text(unanswered, True).stage is Stage.VALID  # allow_pending
    assert read_text(b'[{"role": "user"}]', False) == Read(Stage.SHAPE)


def test_the_verdict_of_entries_says_where_it_stops() -> None:
    assert read_entries(_call({"path": "a"}), False).stage is Stage.VALID
    assert read_entries(_call({"x": float("inf")}), False).stage is Stage.OBJECTS
    assert read_entries(_call({"x": (1, 2)}), False).stage is Stage.OBJECTS  # not exact
    assert read_entries([user(" ")], False).stage is Stage.VALUES
    assert read_entries(_call({})[:2], False).stage is Stage.LINKAGE
    assert read_entries([{"role": "user"}], False) == Read(Stage.SHAPE)


def test_an_audio_source_needs_its_tag_in_the_twins_too() -> None:
    untagged = audio("audio/wav")
    del untagged["source"]["type"]
    entries = [{"role": "user", "id": "u", "content": [untagged]}]
    assert read_entries(entries, False).stage is Stage.SHAPE
    assert read_text(json.dumps(entries).encode(), False).stage is Stage.SHAPE
    tagged = [{"role": "user", "id": "u", "content": [audio("audio/wav")]}]
    assert read_entries(tagged, False).stage is Stage.VALID
    assert read_text(json.dumps(tagged).encode(), False).stage is Stage.VALID


def _long_transcript(turns: int) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = []
    for turn in range(turns):
        messages.append(user(f"u{turn}"))
        calls = [call_block(f"c{turn}-{n}", arguments={"n": n, "deep": [[n]]}) for n in range(2)]
        messages.append(assistant(f"a{turn}", calls))
        messages.extend(result(f"r{turn}-{n}", f"c{turn}-{n}") for n in range(2))
    return messages


def _broken_in_many_places() -> list[dict[str, Any]]:
    """Over 1,000 messages (several chunks) with every kind of problem in different
    chunks: a blank id, a shape error (a number where text is due), arguments that are
    no object, a malformed call whose result then suppresses its orphan, a result
    naming the wrong tool, and a call left unanswered."""
    messages = _long_transcript(260)
    messages[5]["id"] = " "  # a blank id (values)
    messages[300]["content"] = 5  # a user message's content of the wrong type (shape)
    messages[601]["content"][0]["arguments"] = [1]  # not an object (objects)
    messages[901]["content"][1]["id"] = ""  # a malformed call; its result is not an orphan
    messages[1002]["toolName"] = "other"  # the wrong tool name (linkage)
    del messages[1038]  # a call left unanswered (linkage)
    return messages


@pytest.mark.parametrize("allow_pending", [False, True])
def test_every_problem_across_chunks_is_found_as_from_scratch(
    allow_pending: bool, unsettled: None
) -> None:
    messages = _broken_in_many_places()
    text = json.dumps(messages).encode()
    from_scratch = validate_json(text, allow_pending=allow_pending)
    assert validate_transcript(messages, allow_pending=allow_pending) == from_scratch
    assert {d.message_index for d in from_scratch} >= {5, 300, 601, 1002}


@pytest.mark.parametrize("allow_pending", [False, True])
def test_going_down_from_the_verdict_finds_what_reading_from_scratch_finds(
    allow_pending: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    messages = _broken_in_many_places()
    text = json.dumps(messages).encode()
    found_text = validate_json(text, allow_pending=allow_pending)
    found_entries = validate_transcript(messages, allow_pending=allow_pending)
    assert found_text == found_entries
    codes = {d.code.value for d in found_text}
    assert codes >= {"INVALID_MESSAGE", "INVALID_TOOL_ARGUMENTS", "TOOL_NAME_MISMATCH"}
    monkeypatch.setattr(fast_engine, "read_text", lambda text, pending: Read(Stage.SHAPE))
    monkeypatch.setattr(fast_engine, "read_entries", lambda entries, pending: Read(Stage.SHAPE))
    assert validate_json(text, allow_pending=allow_pending) == found_text
    assert validate_transcript(messages, allow_pending=allow_pending) == found_entries


@pytest.mark.parametrize("broken", [1, 400, 1039])
def test_one_problem_is_found_wherever_it_is(broken: int) -> None:
    """The verdict read everything but one value: only that message is explained, and
    the linkage of the others is still checked (no cascade from it)."""
    messages = _long_transcript(260)
    messages[broken]["id"] = "\u00a0"
    for found in (validate_transcript(messages), validate_json(json.dumps(messages))):
        assert [(d.code.value, d.message_index, d.path) for d in found] == [
            ("INVALID_MESSAGE", broken, f"/{broken}/id")
        ]


def _one_blank_id() -> list[dict[str, Any]]:
    """Over 1,000 messages that all decode into the twins, one of them with a blank id:
    the verdict stops at the values, past the shape."""
    messages = _long_transcript(260)
    messages[700]["id"] = " "
    return messages


@pytest.mark.parametrize(
    ("transcript", "failing"), [(_broken_in_many_places, 4), (_one_blank_id, 1)]
)
@pytest.mark.parametrize("form", ["entries", "text"])
def test_the_conductor_asks_the_fast_engine_once_and_explains_only_what_failed(
    form: str, transcript: Any, failing: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One question to the fast engine for the verdict and the failing messages, then
    the explaining engine handed exactly those (the real engines, counted on the way).
    Broken in many places, four messages fail on their own (the blank id, the shape
    error, the arguments, the malformed call; the linkage problems need no
    explanation); with one blank id, that message alone."""
    messages = transcript()
    asked: list[str] = []
    handed: list[int] = []
    verdict_of = getattr(fast_engine, f"{form}_verdict")
    inspect_messages = conductor.inspect_messages

    def counted_verdict(*arguments: Any) -> Any:
        asked.append(form)
        return verdict_of(*arguments)

    def counted_inspection(entries: list[Any]) -> Any:
        handed.append(len(entries))
        return inspect_messages(entries)

    monkeypatch.setattr(conductor, f"{form}_verdict", counted_verdict)
    monkeypatch.setattr(conductor, "inspect_messages", counted_inspection)
    if form == "entries":
        found = validate_transcript(messages)
    else:
        found = validate_json(json.dumps(messages))
    assert asked == [form]
    assert handed == [failing]
    assert found == validate_transcript(messages)  # the same through either form


def test_import_agent_ir_leaves_the_provider_formats_and_jsonschema_for_later() -> None:
    probe = (
        "import sys, agent_ir\n"
        "assert agent_ir.validate_json(b'[]') == ()\n"
        "loaded = [m for m in ('agent_ir.wire', 'agent_ir.repair', 'agent_ir.replies',"
        " 'jsonschema', 'jsonschema_rs') if m in sys.modules]\n"
        "print(','.join(loaded))\n"
        "from agent_ir.wire import ConversionWarning\n"
        "print(ConversionWarning.__module__, agent_ir.repair_transcript.__module__)\n"
    )
    shown = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert shown == ["", "agent_ir agent_ir"]


@pytest.mark.parametrize("blank", ["", " ", "\t\n", "\u00a0\u3000", "\ufeff", " \ufeff\u2028"])
def test_a_blank_id_is_refused_however_it_is_blank(blank: str) -> None:
    """Blank as the schema means it: empty, Python's whitespace, or U+FEFF too (which
    ``str.isspace`` does not count), alone or mixed."""
    messages = [user("u0"), user(blank)]
    assert [(d.code.value, d.path) for d in validate_transcript(messages)] == [
        ("INVALID_MESSAGE", "/1/id")
    ]
    assert validate_json(json.dumps(messages)) == validate_transcript(messages)


@pytest.mark.parametrize("visible", ["a", " a", "\ufeffa", "a\ufeff", "\u200b"])
def test_an_id_with_a_visible_character_is_not_blank(visible: str) -> None:
    messages = [user("u0"), user(visible)]
    assert validate_transcript(messages) == ()
    assert validate_json(json.dumps(messages)) == ()


def test_an_explicit_null_object_is_refused_by_the_twins_of_python_values() -> None:
    """A required JSON object passes through the ``PLAIN`` twins unread, so a ``None``
    there is caught by the object check; an optional one is a ``dict``, so an explicit
    ``None`` (which the schema refuses) does not look absent."""
    assert read_entries(_call(None), False).stage is Stage.OBJECTS
    server = {
        "type": "serverToolCall",
        "provider": "anthropic",
        "id": "s1",
        "name": "web_search",
        "input": {"q": "x"},
        "wire": None,
    }
    entries = [user("u"), assistant("a", [server])]
    assert read_entries(entries, False) == Read(Stage.SHAPE)
    del server["wire"]
    assert read_entries(entries, False).stage is Stage.VALID
    assert [d.code.value for d in validate_transcript(_call(None))] == ["INVALID_TOOL_ARGUMENTS"]
