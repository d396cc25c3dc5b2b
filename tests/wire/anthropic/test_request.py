"""The IR to and from Anthropic Messages: every mapping and warning both ways, hostile wire
input, round trips (examples and Hypothesis properties), and the requests checked
against the SDK's own request types and sent with the official client to a loopback
server that records what the API would receive."""

from __future__ import annotations

import base64
import itertools
import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import anthropic
import pytest
import pytest_socket
from anthropic.types import MessageParam, TextBlockParam
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_ir import (
    DiagnosticCode,
    InvalidMessageError,
    TranscriptError,
    parse_message,
    to_json_value,
    validate_transcript,
)
from agent_ir.wire import (
    UNKNOWN_TOOL_NAME,
    ConversionWarningCode,
    WireFormatError,
    WireMessages,
    WireRequest,
    from_anthropic,
    to_anthropic,
)

from support.builders import PNG_BASE64, readme_transcript
from support.examples import examples
from support.loopback import loopback_only, recording_server
from support.sdk import assert_sdk_accepts, pydantic_accepts, sdk_problems
from support.strategies import single_messages, transcripts
from support.wire_cases import (
    assistant,
    call,
    call_name,
    inline,
    located,
    png,
    resolve,
    result,
    system,
    text,
    user,
    warned,
    without_thought_signatures,
)

SAMPLE = Path(__file__).resolve().parents[3] / "fixtures" / "transcripts" / "sample.jsonl"
PDF = "JVBERi0xLjQ="
HELLO = base64.b64encode(b"hello\n").decode()  # a text/plain document
Code = ConversionWarningCode


@pytest.fixture(autouse=True)
def _loopback_only() -> Iterator[None]:
    """Connections to anything but 127.0.0.1 fail (the SDK tests talk to the loopback)."""
    with loopback_only():
        yield


# --- the SDK's request types, strictly ------------------------------------------------

MESSAGES: Any = list[MessageParam]
SYSTEM: Any = str | list[TextBlockParam]


def assert_request_accepted(fields: dict[str, Any]) -> None:
    """The request fields validate as the SDK's ``messages`` and ``system`` params."""
    assert set(fields) <= {"system", "messages"}
    assert_sdk_accepts(fields["messages"], MESSAGES, "messages")
    if "system" in fields:
        assert_sdk_accepts(fields["system"], SYSTEM, "system")


def tool_result_turn(*content: Any) -> list[Any]:
    """``messages`` holding one user turn of one tool result whose content is ``content``
    (the deepest place a request has: messages[0].content[0].content[i]...)."""
    result = {"type": "tool_result", "tool_use_id": "t", "content": list(content)}
    return [{"role": "user", "content": [result]}]


def test_the_strict_sdk_check_catches_unknown_missing_and_mistyped_keys_at_depth() -> None:
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "A"}}
    good = tool_result_turn({"type": "text", "text": "a"}, image)
    assert_sdk_accepts(good, MESSAGES, "messages")
    unknown = tool_result_turn({"type": "text", "text": "a", "colour": "red"})
    missing = tool_result_turn({**image, "source": {"type": "base64", "media_type": "image/png"}})
    mistyped = tool_result_turn({**image, "source": {**image["source"], "media_type": "image/bmp"}})
    where = "messages[0].content[0].content[0]"
    assert sdk_problems(unknown, MESSAGES, "messages") == [
        f"{where}.colour: not a key of TextBlockParam"
    ]
    assert f"{where}.source.data: missing" in sdk_problems(missing, MESSAGES, "messages")
    assert any(
        problem.startswith(f"{where}.source.media_type: 'image/bmp' is not one of")
        for problem in sdk_problems(mistyped, MESSAGES, "messages")
    )
    for messages in (unknown, missing, mistyped):
        with pytest.raises(AssertionError):
            assert_sdk_accepts(messages, MESSAGES, "messages")
    # pydantic alone lets the unknown key through: the walk is what catches it
    assert pydantic_accepts(unknown, MESSAGES)
    # and sees the mistyped one (inside a lazily checked Iterable) once it is iterated
    assert not pydantic_accepts(mistyped, MESSAGES)
    assert sdk_problems([{"type": "image", "text": "a"}], SYSTEM, "system") != []


def convert(transcript: Any) -> WireRequest:
    """``to_anthropic``, with the request checked against the SDK types."""
    request = to_anthropic(transcript)
    assert list(request.fields)[-1] == "messages"
    assert_request_accepted(request.fields)
    return request


def ir(messages: WireMessages) -> list[dict[str, Any]]:
    return [to_json_value(message) for message in messages]


# --- builders (the ones shared with the other wire tests: support.wire_cases) -----------


def thinking(value: str, signature: str | None = None, **extra: Any) -> dict[str, Any]:
    block = {"type": "thinking", "thinking": value, **extra}
    return block if signature is None else {**block, "signature": signature}


def by_url(kind: str, url: str) -> dict[str, Any]:
    return {"type": kind, "source": {"type": "url", "url": url}}


def wire_text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


def wire_image(media_type: str = "image/png", data: str = PNG_BASE64) -> dict[str, Any]:
    return {"type": "image", "source": {"type": "base64", "media_type": media_type, "data": data}}


def wire_call(call_id: str, name: str, arguments: Any = None) -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": name, "input": arguments or {}}


def wire_result(call_id: str, content: Any = "done", *, is_error: bool = False) -> dict[str, Any]:
    return {"type": "tool_result", "tool_use_id": call_id, "content": content, "is_error": is_error}


def ids(count: int) -> list[str]:
    return [f"message-{index:04d}" for index in range(1, count + 1)]


# --- IR -> Anthropic: system --------------------------------------------------------------


def test_no_system_message_leaves_system_out() -> None:
    request = convert([user("hi")])
    assert request.fields == {"messages": [{"role": "user", "content": "hi"}]}
    assert request.warnings == ()


def test_several_system_messages_are_one_system_text_block_each() -> None:
    request = convert([system("Be brief."), system("Answer in French.", id="s2"), user("hi")])
    assert request.fields == {
        "system": [
            {"type": "text", "text": "Be brief."},
            {"type": "text", "text": "Answer in French."},
        ],
        "messages": [{"role": "user", "content": "hi"}],
    }
    assert request.warnings == ()
    assert_request_accepted(request.fields)


def test_a_system_message_after_the_conversation_started_is_moved_with_a_warning() -> None:
    request = convert([system("Be brief."), user("hi"), system("Now be verbose.", id="s2")])
    assert request.fields["system"] == [
        {"type": "text", "text": "Be brief."},
        {"type": "text", "text": "Now be verbose."},
    ]
    assert request.fields["messages"] == [{"role": "user", "content": "hi"}]
    assert warned(request) == [(Code.SYSTEM_MOVED, 2, -1)]


# --- IR -> Anthropic: user ---------------------------------------------------------------


def test_user_string_content_stays_a_string() -> None:
    assert convert([user("hi")]).fields["messages"] == [{"role": "user", "content": "hi"}]


def test_user_blocks_become_content_blocks_in_order() -> None:
    request = convert(
        [
            user(
                [
                    text("look"),
                    png(),
                    by_url("image", "https://example.com/cat.png"),
                    inline("document", "application/pdf", PDF),
                    inline("document", "text/plain", HELLO),
                    by_url("document", "https://example.com/spec.pdf"),
                    {"type": "document", "source": {"type": "file", "fileId": "file_011"}},
                ]
            )
        ]
    )
    assert request.fields["messages"] == [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "look"},
                wire_image(),
                {"type": "image", "source": {"type": "url", "url": "https://example.com/cat.png"}},
                {
                    "type": "document",
                    "source": {"type": "base64", "media_type": "application/pdf", "data": PDF},
                },
                {
                    "type": "document",
                    "source": {"type": "text", "media_type": "text/plain", "data": "hello\n"},
                },
                {
                    "type": "document",
                    "source": {"type": "url", "url": "https://example.com/spec.pdf"},
                },
                {"type": "document", "source": {"type": "file", "file_id": "file_011"}},
            ],
        }
    ]
    assert request.warnings == ()


@pytest.mark.parametrize("media_type", ["image/jpeg", "image/png", "image/gif", "image/webp"])
def test_images_of_the_four_types_the_api_takes_are_sent_inline(media_type: str) -> None:
    request = convert([user([inline("image", media_type, PNG_BASE64)])])
    assert request.fields["messages"][0]["content"] == [wire_image(media_type)]


@pytest.mark.parametrize("media_type", ["image/svg+xml", "image/bmp", "image/PNG", "image/heic"])
def test_an_image_of_another_media_type_is_not_sent(media_type: str) -> None:
    request = convert([user([text("see"), inline("image", media_type, PNG_BASE64)])])
    assert request.fields["messages"] == [{"role": "user", "content": [wire_text("see")]}]
    assert warned(request) == [(Code.IMAGE_NOT_SENT, 0, 1)]
    assert media_type in request.warnings[0].message


def test_audio_is_not_sent() -> None:
    request = convert([user([inline("audio", "audio/wav", "AAAA"), text("remind me")])])
    assert request.fields["messages"] == [{"role": "user", "content": [wire_text("remind me")]}]
    assert warned(request) == [(Code.AUDIO_NOT_SENT, 0, 0)]


@pytest.mark.parametrize(
    ("media_type", "data"),
    [
        ("text/markdown", HELLO),  # no source form for other text types
        ("application/msword", PDF),
        ("text/plain; charset=utf-8", HELLO),  # the text source takes exactly text/plain
        ("text/plain", base64.b64encode(b"\xff\xfe").decode()),  # not UTF-8
    ],
)
def test_a_document_without_an_anthropic_source_form_is_not_sent(
    media_type: str, data: str
) -> None:
    request = convert([user([inline("document", media_type, data), text("summarize")])])
    assert request.fields["messages"] == [{"role": "user", "content": [wire_text("summarize")]}]
    assert warned(request) == [(Code.DOCUMENT_NOT_SENT, 0, 0)]


def test_empty_text_is_sent_as_it_is() -> None:
    request = convert([user(""), user([text("")], id="u2")])
    assert request.fields["messages"] == [
        {"role": "user", "content": ""},
        {"role": "user", "content": [wire_text("")]},
    ]
    assert request.warnings == ()


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ([], [(Code.MESSAGE_NOT_SENT, 1, -1)]),
        (
            [inline("audio", "audio/mpeg", "AAAA")],
            [(Code.AUDIO_NOT_SENT, 1, 0), (Code.MESSAGE_NOT_SENT, 1, -1)],
        ),
    ],
)
def test_a_user_message_with_nothing_to_send_is_left_out(
    content: list[Any], expected: list[Any]
) -> None:
    request = convert([user("a"), user(content, id="u2"), user("b", id="u3")])
    assert request.fields["messages"] == [
        {"role": "user", "content": "a"},
        {"role": "user", "content": "b"},
    ]
    assert warned(request) == expected
    assert "left out" in request.warnings[-1].message


# --- IR -> Anthropic: assistant ----------------------------------------------------------


def test_assistant_text_and_tool_calls_become_text_and_tool_use_blocks_in_order() -> None:
    arguments = {"path": "a.txt", "lines": [1, 2.5, None, True], "options": {"": {}}}
    request = convert(
        [
            user("go"),
            assistant(text("Reading. "), call("toolu_01", "read", arguments), text("Then done.")),
        ]
    )
    assert request.fields["messages"][1] == {
        "role": "assistant",
        "content": [
            wire_text("Reading. "),
            {"type": "tool_use", "id": "toolu_01", "name": "read", "input": arguments},
            wire_text("Then done."),
        ],
    }
    assert request.warnings == ()


def test_thinking_with_a_signature_is_sent_back_with_it() -> None:
    request = convert([user("q"), assistant(thinking("Let me see.", "EqQBCkgIAR"), text("A"))])
    assert request.fields["messages"][1]["content"] == [
        {"type": "thinking", "thinking": "Let me see.", "signature": "EqQBCkgIAR"},
        wire_text("A"),
    ]
    assert request.warnings == ()


def test_redacted_thinking_sends_its_data_from_the_signature() -> None:
    request = convert([user("q"), assistant(thinking("", "EmwKAhgBEgy3va", redacted=True))])
    assert request.fields["messages"][1]["content"] == [
        {"type": "redacted_thinking", "data": "EmwKAhgBEgy3va"}
    ]
    assert request.warnings == ()


def test_redacted_false_is_ordinary_thinking() -> None:
    request = convert([user("q"), assistant(thinking("t", "sig", redacted=False))])
    assert request.fields["messages"][1]["content"] == [
        {"type": "thinking", "thinking": "t", "signature": "sig"}
    ]


def test_text_still_held_by_redacted_thinking_is_not_sent() -> None:
    request = convert([user("q"), assistant(text("a"), thinking("secret", "data", redacted=True))])
    assert request.fields["messages"][1]["content"] == [
        wire_text("a"),
        {"type": "redacted_thinking", "data": "data"},
    ]
    assert warned(request) == [(Code.THINKING_NOT_SENT, 1, 1)]


@pytest.mark.parametrize("redacted", [None, True, False])
def test_thinking_without_a_signature_is_not_sent(redacted: bool | None) -> None:
    extra = {} if redacted is None else {"redacted": redacted}
    request = convert([user("q"), assistant(thinking("hmm", **extra), text("A"))])
    assert request.fields["messages"][1]["content"] == [wire_text("A")]
    assert warned(request) == [(Code.THINKING_NOT_SENT, 1, 0)]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ([], [(Code.MESSAGE_NOT_SENT, 1, -1)]),
        ([thinking("hmm")], [(Code.THINKING_NOT_SENT, 1, 0), (Code.MESSAGE_NOT_SENT, 1, -1)]),
    ],
)
def test_an_assistant_message_with_nothing_to_send_is_left_out_not_sent_empty(
    content: list[Any], expected: list[Any]
) -> None:
    request = convert([user("q"), assistant(*content), user("again", id="u2")])
    assert request.fields["messages"] == [
        {"role": "user", "content": "q"},
        {"role": "user", "content": "again"},
    ]
    assert warned(request) == expected


def test_assistant_metadata_is_not_part_of_a_request() -> None:
    reply = {
        **assistant(text("hi")),
        "timestamp": "2025-01-01T00:00:00Z",
        "provider": "anthropic",
        "model": "claude-sonnet-4-5",
        "usage": {"inputTokens": 3, "outputTokens": 4},
        "stopReason": "stop",
    }
    request = convert([user("q"), reply])
    assert request.fields["messages"][1] == {"role": "assistant", "content": [wire_text("hi")]}
    assert request.warnings == ()


# --- IR -> Anthropic: tool results ----------------------------------------------------------


def test_consecutive_tool_results_become_one_user_turn_of_tool_result_blocks() -> None:
    request = convert(
        [
            user("weather?"),
            assistant(call("toolu_a", "weather", {"city": "Oslo"}), call("toolu_b", "weather")),
            result("toolu_b", "weather", "-3 C", id="r1"),
            result("toolu_a", "weather", [text("sunny"), png()], is_error=True, id="r2"),
        ]
    )
    assert request.fields["messages"][2:] == [
        {
            "role": "user",
            "content": [
                wire_result("toolu_b", "-3 C"),
                wire_result("toolu_a", [wire_text("sunny"), wire_image()], is_error=True),
            ],
        }
    ]
    assert request.warnings == ()


def test_a_user_message_after_results_joins_their_turn_after_them() -> None:
    request = convert(
        [
            user("go"),
            assistant(call("toolu_a", "read")),
            result("toolu_a", "read", "contents"),
            user("now summarize", id="u2"),
            user([text("briefly")], id="u3"),
        ]
    )
    assert request.fields["messages"][2:] == [
        {
            "role": "user",
            "content": [wire_result("toolu_a", "contents"), wire_text("now summarize")],
        },
        {"role": "user", "content": [wire_text("briefly")]},
    ]


def test_results_after_a_joined_user_message_start_a_new_turn() -> None:
    request = convert(
        [
            assistant(call("t1", "a"), call("t2", "b")),
            result("t1", "a", "1", id="r1"),
            user([png()]),
            result("t2", "b", "2", id="r2"),
        ]
    )
    assert request.fields["messages"][1:] == [
        {"role": "user", "content": [wire_result("t1", "1"), wire_image()]},
        {"role": "user", "content": [wire_result("t2", "2")]},
    ]


def test_consecutive_user_and_assistant_messages_stay_separate() -> None:
    request = convert([user("a"), user("b", id="u2"), assistant(text("c")), assistant(text("d"))])
    assert [turn["role"] for turn in request.fields["messages"]] == [
        "user",
        "user",
        "assistant",
        "assistant",
    ]


def test_a_left_out_message_between_results_does_not_split_their_turn() -> None:
    request = convert(
        [
            assistant(call("t1", "a"), call("t2", "b")),
            result("t1", "a", "1", id="r1"),
            assistant(),
            system("note"),
            result("t2", "b", "2", id="r2"),
        ]
    )
    assert request.fields["messages"][1:] == [
        {"role": "user", "content": [wire_result("t1", "1"), wire_result("t2", "2")]}
    ]
    assert warned(request) == [(Code.MESSAGE_NOT_SENT, 2, -1), (Code.SYSTEM_MOVED, 3, -1)]


def test_an_image_a_tool_result_cannot_send_is_dropped_from_its_content() -> None:
    request = convert(
        [
            assistant(call("t1", "shot")),
            result("t1", "shot", [inline("image", "image/tiff", PNG_BASE64), text("ok")]),
        ]
    )
    assert request.fields["messages"][1]["content"] == [wire_result("t1", [wire_text("ok")])]
    assert warned(request) == [(Code.IMAGE_NOT_SENT, 1, 0)]


def test_a_tool_name_that_would_not_read_back_is_tool_name_not_sent() -> None:
    transcript = [
        result("t0", "read", id="r0"),  # orphan: trimmed away
        assistant(call("t1", "search")),
        result("t1", "lookup", id="r1"),  # differs from its call
        result("t2", "grep", id="r2"),  # its call comes later: recoverable from it
        assistant(call("t2", "grep"), id="a2"),
    ]
    request = convert(transcript)
    assert warned(request) == [(Code.TOOL_NAME_NOT_SENT, 0, -1), (Code.TOOL_NAME_NOT_SENT, 2, -1)]
    assert "reads back as 'unknown'" in request.warnings[0].message
    assert "reads back as 'search'" in request.warnings[1].message
    read = from_anthropic(request.fields["messages"])
    assert [m.tool_name for m in read if m.role == "toolResult"] == [
        UNKNOWN_TOOL_NAME,
        "search",
        "grep",
    ]
    assert warned(read) == [(Code.TOOL_NAME_UNKNOWN, 0, 0)]


def test_the_readme_transcript_converts_exactly() -> None:
    request = convert(list(readme_transcript()))
    assert request.fields == {
        "messages": [
            {"role": "user", "content": "Read package.json."},
            {
                "role": "assistant",
                "content": [
                    wire_text("I will inspect it. "),
                    wire_call("call-read-001", "read", {"path": "package.json"}),
                    wire_text("Then I will summarize it."),
                ],
            },
            {"role": "user", "content": [wire_result("call-read-001", '{"name":"pify-docs"}')]},
        ]
    }


def test_an_interrupted_session_converts() -> None:
    session = [
        system("You are a coding agent."),
        user("Run the tests."),
        assistant(text("Running."), call("toolu_9", "bash", {"command": "pytest"})),
        user("Stop, lint first.", id="u2"),
        assistant(call("toolu_10", "bash", {"command": "ruff check"}), id="a2"),
    ]
    assert validate_transcript(session) != ()
    request = convert(session)
    assert request.fields == {
        "system": "You are a coding agent.",
        "messages": [
            {"role": "user", "content": "Run the tests."},
            {
                "role": "assistant",
                "content": [
                    wire_text("Running."),
                    wire_call("toolu_9", "bash", {"command": "pytest"}),
                ],
            },
            {"role": "user", "content": "Stop, lint first."},
            {
                "role": "assistant",
                "content": [wire_call("toolu_10", "bash", {"command": "ruff check"})],
            },
        ],
    }
    assert request.warnings == ()


def test_ir_messages_and_their_json_form_convert_alike() -> None:
    transcript = list(readme_transcript())
    assert to_anthropic(transcript) == to_anthropic(to_json_value(transcript))
    assert to_anthropic(tuple(transcript)) == to_anthropic(transcript)


def test_an_invalid_transcript_is_refused_naming_the_message() -> None:
    with pytest.raises(TypeError):
        to_anthropic({"messages": []})
    with pytest.raises(InvalidMessageError) as caught:
        to_anthropic([user("ok"), {"role": "assistant", "id": "a", "content": "text"}])
    assert caught.value.path[0] == 1
    with pytest.raises(InvalidMessageError):
        to_anthropic([assistant(call("t", "n", "{}"))])


def test_to_anthropic_leaves_the_callers_messages_unchanged() -> None:
    transcript = [user([text("a")]), assistant(call("t1", "n", {"k": [1]})), result("t1", "n")]
    before = json.dumps(transcript)
    request = to_anthropic(transcript)
    request.fields["messages"][1]["content"][0]["input"]["k"].append(2)
    assert json.dumps(transcript) == before


# --- Anthropic -> IR -----------------------------------------------------------------------


def test_system_string_and_text_blocks_become_system_messages_first() -> None:
    read = from_anthropic([{"role": "user", "content": "hi"}], system="Be brief.")
    assert ir(read) == [
        {"role": "system", "id": "message-0001", "content": "Be brief."},
        {"role": "user", "id": "message-0002", "content": "hi"},
    ]
    blocks = [{"type": "text", "text": "Rule one.", "cache_control": {"type": "ephemeral"}}]
    blocks.append({"type": "text", "text": "Rule two."})
    read = from_anthropic([], system=blocks)
    assert [(m.role, m.content) for m in read] == [
        ("system", "Rule one."),
        ("system", "Rule two."),
    ]
    assert read.warnings == ()


def test_a_system_role_message_is_read_in_its_place() -> None:
    read = from_anthropic(
        [
            {"role": "user", "content": "hi"},
            {"role": "system", "content": [wire_text("Be terse."), wire_text("Really.")]},
            {"role": "system", "content": "Now."},
        ]
    )
    assert [(m.role, m.content) for m in read] == [
        ("user", "hi"),
        ("system", "Be terse."),
        ("system", "Really."),
        ("system", "Now."),
    ]


def test_user_blocks_are_read_into_ir_blocks() -> None:
    read = from_anthropic(
        [
            {
                "role": "user",
                "content": [
                    wire_text("look"),
                    wire_image(),
                    {"type": "image", "source": {"type": "url", "url": "https://x/c.png"}},
                    {
                        "type": "document",
                        "source": {"type": "base64", "media_type": "application/pdf", "data": PDF},
                    },
                    {
                        "type": "document",
                        "source": {"type": "text", "media_type": "text/plain", "data": "hello\n"},
                    },
                    {"type": "document", "source": {"type": "url", "url": "https://x/s.pdf"}},
                    {"type": "document", "source": {"type": "file", "file_id": "file_011"}},
                ],
            }
        ]
    )
    assert ir(read) == [
        {
            "role": "user",
            "id": "message-0001",
            "content": [
                text("look"),
                png(),
                by_url("image", "https://x/c.png"),
                inline("document", "application/pdf", PDF),
                inline("document", "text/plain", HELLO),
                by_url("document", "https://x/s.pdf"),
                {"type": "document", "source": {"type": "file", "fileId": "file_011"}},
            ],
        }
    ]
    assert read.warnings == ()


def test_assistant_blocks_are_read_into_ir_blocks() -> None:
    read = from_anthropic(
        [
            {"role": "user", "content": "q"},
            {
                "role": "assistant",
                "content": [
                    {"type": "thinking", "thinking": "Hmm.", "signature": "EqQB"},
                    {"type": "redacted_thinking", "data": "EmwK"},
                    wire_text("Reading."),
                    wire_call("toolu_01", "read", {"path": "a", "n": [1, {"x": None}]}),
                ],
            },
            {"role": "assistant", "content": "prefill"},
        ]
    )
    assert ir(read)[1:] == [
        {
            "role": "assistant",
            "id": "message-0002",
            "content": [
                thinking("Hmm.", "EqQB"),
                thinking("", "EmwK", redacted=True),
                text("Reading."),
                call("toolu_01", "read", {"path": "a", "n": [1, {"x": None}]}),
            ],
        },
        {"role": "assistant", "id": "message-0003", "content": [text("prefill")]},
    ]


def test_a_turn_of_results_and_text_splits_into_tool_results_and_a_user_message() -> None:
    read = from_anthropic(
        [
            {"role": "assistant", "content": [wire_call("t1", "read"), wire_call("t2", "shot")]},
            {
                "role": "user",
                "content": [
                    wire_result("t1", "contents"),
                    wire_result("t2", [wire_text("see"), wire_image()], is_error=True),
                    wire_text("Thanks."),
                    wire_image(),
                ],
            },
        ]
    )
    assert ir(read)[1:] == [
        {
            "role": "toolResult",
            "id": "message-0002",
            "toolCallId": "t1",
            "toolName": "read",
            "content": "contents",
            "isError": False,
        },
        {
            "role": "toolResult",
            "id": "message-0003",
            "toolCallId": "t2",
            "toolName": "shot",
            "content": [text("see"), png()],
            "isError": True,
        },
        {"role": "user", "id": "message-0004", "content": [text("Thanks."), png()]},
    ]
    assert read.warnings == ()


def test_blocks_around_results_keep_their_order() -> None:
    read = from_anthropic(
        [
            {"role": "assistant", "content": [wire_call("t1", "a"), wire_call("t2", "b")]},
            {
                "role": "user",
                "content": [wire_text("x"), wire_result("t1"), wire_text("y"), wire_result("t2")],
            },
        ]
    )
    assert [(m.role, m.text) for m in read[1:]] == [
        ("user", "x"),
        ("toolResult", "done"),
        ("user", "y"),
        ("toolResult", "done"),
    ]


def test_a_result_without_content_or_error_flag_is_empty_and_not_an_error() -> None:
    read = from_anthropic(
        [
            {"role": "assistant", "content": [wire_call("t1", "a")]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1"}]},
        ]
    )
    assert (read[1].content, read[1].is_error) == ("", False)


def test_a_result_takes_its_name_from_the_nearest_earlier_call_else_a_later_one() -> None:
    read = from_anthropic(
        [
            {"role": "user", "content": [wire_result("late")]},
            {"role": "assistant", "content": [wire_call("dup", "first")]},
            {"role": "assistant", "content": [wire_call("dup", "second")]},
            {"role": "user", "content": [wire_result("dup"), wire_result("nowhere")]},
            {"role": "assistant", "content": [wire_call("late", "later")]},
        ]
    )
    names = [(m.tool_call_id, m.tool_name) for m in read if m.role == "toolResult"]
    assert names == [("late", "later"), ("dup", "second"), ("nowhere", UNKNOWN_TOOL_NAME)]
    assert warned(read) == [(Code.TOOL_NAME_UNKNOWN, 3, 1)]
    assert read.warnings[0].message == (
        "no tool call has id 'nowhere': the tool name 'unknown' is used"
    )


def test_an_orphan_result_after_trimming_reads_and_validates_as_an_orphan() -> None:
    read = from_anthropic([{"role": "user", "content": [wire_result("toolu_gone", "ok")]}])
    assert read[0].tool_name == UNKNOWN_TOOL_NAME == "unknown"
    assert warned(read) == [(Code.TOOL_NAME_UNKNOWN, 0, 0)]
    assert [d.code for d in validate_transcript(read)] == [DiagnosticCode.ORPHAN_TOOL_RESULT]


def test_empty_content_lists_are_read_as_empty_messages() -> None:
    read = from_anthropic([{"role": "user", "content": []}, {"role": "assistant", "content": []}])
    assert ir(read) == [
        {"role": "user", "id": "message-0001", "content": []},
        {"role": "assistant", "id": "message-0002", "content": []},
    ]


@pytest.mark.parametrize(
    ("role", "block"),
    [
        ("user", {"type": "search_result", "source": "s", "title": "t", "content": []}),
        ("user", {"type": "container_upload", "file_id": "file_1"}),
        ("user", {"type": "thinking", "thinking": "t", "signature": "s"}),
        ("user", {"type": "tool_use", "id": "t", "name": "n", "input": {}}),
        ("user", {"type": "image", "source": {"type": "file", "file_id": "file_1"}}),
        ("user", {"type": "document", "source": {"type": "content", "content": "x"}}),
        (
            "user",
            {
                "type": "document",
                "source": {"type": "text", "media_type": "text/plain", "data": ""},
            },
        ),
        ("user", {"type": "web_search_tool_result", "tool_use_id": "s", "content": []}),
        ("assistant", {"type": "compaction", "content": "The user asked for a summary."}),
        ("assistant", wire_image()),
        ("assistant", wire_result("t")),
        ("assistant", {"type": "some_future_block"}),
    ],
)
def test_a_block_with_no_ir_form_is_not_read_with_a_warning(role: str, block: Any) -> None:
    read = from_anthropic(
        [{"role": "user", "content": "q"}, {"role": role, "content": [wire_text("a"), block]}]
    )
    assert ir(read)[1] == {"role": role, "id": "message-0002", "content": [text("a")]}
    assert warned(read) == [(Code.PART_NOT_READ, 1, 1)]


def test_a_user_message_of_unreadable_blocks_reads_as_an_empty_message() -> None:
    read = from_anthropic(
        [{"role": "user", "content": [{"type": "container_upload", "file_id": "f"}]}]
    )
    assert ir(read) == [{"role": "user", "id": "message-0001", "content": []}]
    assert warned(read) == [(Code.PART_NOT_READ, 0, 0)]


def test_tool_result_parts_other_than_text_and_image_are_not_read() -> None:
    document = {"type": "document", "source": {"type": "url", "url": "https://x/d.pdf"}}
    read = from_anthropic(
        [
            {"role": "assistant", "content": [wire_call("t1", "a")]},
            {"role": "user", "content": [wire_result("t1", [wire_text("a"), document])]},
        ]
    )
    assert ir(read)[1]["content"] == [text("a")]
    assert warned(read) == [(Code.PART_NOT_READ, 1, 0)]
    assert "part of a tool result" in read.warnings[0].message


def test_null_keys_and_the_direct_caller_are_ignored_silently() -> None:
    read = from_anthropic(
        [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "a", "cache_control": None, "citations": None},
                    {**wire_image(), "cache_control": None},
                ],
            },
            {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "b"},
                    {**wire_call("t", "n"), "caller": {"type": "direct"}, "toolset_name": None},
                ],
            },
        ]
    )
    assert ir(read)[0]["content"] == [text("a"), png()]
    assert ir(read)[1]["content"] == [text("b"), call("t", "n")]
    assert read.warnings == ()


def test_each_key_with_no_ir_place_is_a_warning_at_its_path_and_the_block_still_read() -> None:
    document = {
        "type": "document",
        "source": {"type": "url", "url": "https://x/d.pdf"},
        "title": "Spec",
        "metadata": {"v": 2},
    }
    server_caller = {"type": "code_execution_20250825", "tool_id": "srv"}
    read = from_anthropic(
        [
            {"role": "user", "content": [document], "name": "alice"},
            {"role": "assistant", "content": [{**wire_call("t", "n"), "caller": server_caller}]},
        ]
    )
    assert ir(read) == [
        {
            "role": "user",
            "id": "message-0001",
            "content": [{**by_url("document", "https://x/d.pdf"), "title": "Spec"}],
        },
        {"role": "assistant", "id": "message-0002", "content": [call("t", "n")]},
    ]
    assert [(w.code, w.message_index, w.block_index, w.path, w.message) for w in read.warnings] == [
        (Code.PART_NOT_READ, 0, -1, "/messages/0/name", "/messages/0/name has no IR form"),
        (
            Code.PART_NOT_READ,
            0,
            0,
            "/messages/0/content/0/metadata",
            "/messages/0/content/0/metadata has no IR form",
        ),
        (
            Code.PART_NOT_READ,
            1,
            0,
            "/messages/1/content/0/caller",
            "/messages/1/content/0/caller has no IR form",
        ),
    ]


def test_a_caller_is_a_tool_use_key_elsewhere_even_the_direct_one_is_warned() -> None:
    direct = {"type": "direct"}
    read = from_anthropic(
        [
            {"role": "user", "content": [{**wire_text("a"), "caller": direct}], "caller": direct},
            {"role": "assistant", "content": [{**wire_call("t", "n"), "caller": direct}]},
        ]
    )
    assert ir(read)[0]["content"] == [text("a")]
    assert [(w.code, w.message_index, w.block_index, w.path, w.message) for w in read.warnings] == [
        (Code.PART_NOT_READ, 0, -1, "/messages/0/caller", "/messages/0/caller has no IR form"),
        (
            Code.PART_NOT_READ,
            0,
            0,
            "/messages/0/content/0/caller",
            "/messages/0/content/0/caller has no IR form",
        ),
    ]


def test_a_tool_use_caller_is_warned_in_its_place_among_the_keys_not_read() -> None:
    server_caller = {"type": "code_execution_20250825", "tool_id": "srv"}
    block = {**wire_call("t", "n"), "x": 1, "caller": server_caller, "cache_control": 5, "y": 2}
    read = from_anthropic([{"role": "assistant", "content": [block]}])
    assert ir(read)[0]["content"] == [call("t", "n")]
    assert [w.path for w in read.warnings] == [
        "/messages/0/content/0/x",
        "/messages/0/content/0/caller",
        "/messages/0/content/0/y",
        "/messages/0/content/0/cache_control",
    ]
    assert read.warnings[3].message == "a cache_control of another shape (5) has no IR form"


def test_undeclared_keys_are_warned_at_their_own_object_escaped_in_the_pointer() -> None:
    document = {
        "type": "document",
        "source": {"type": "text", "media_type": "text/plain", "data": "d", "a/b": 1},
        "citations": {"enabled": True, "~k": 2},
        "z": 3,
    }
    result = {**wire_result("t", [{**wire_text("r"), "q": 4}]), "w": 5}
    read = from_anthropic(
        [
            {"role": "assistant", "content": [wire_call("t", "n")]},
            {"role": "user", "content": [document, result]},
        ],
        system=[{"type": "text", "text": "s", "citations": []}],
    )
    assert [(w.message_index, w.block_index, w.path, w.message) for w in read.warnings] == [
        (0, 0, "/system/0/citations", "/system/0/citations has no IR form"),
        (1, 0, "/messages/1/content/0/z", "/messages/1/content/0/z has no IR form"),
        (
            1,
            0,
            "/messages/1/content/0/source/a~1b",
            "/messages/1/content/0/source/a~1b has no IR form",
        ),
        (
            1,
            0,
            "/messages/1/content/0/citations/~0k",
            "/messages/1/content/0/citations/~0k has no IR form",
        ),
        (1, 1, "/messages/1/content/1/w", "/messages/1/content/1/w has no IR form"),
        (
            1,
            1,
            "/messages/1/content/1/content/0/q",
            "/messages/1/content/1/content/0/q has no IR form",
        ),
    ]
    assert {w.code for w in read.warnings} == {Code.PART_NOT_READ}


@pytest.mark.parametrize(
    ("role", "block", "path", "what"),
    [
        ("user", {"type": ""}, "/messages/0/content/0", "a '' block in a user message"),
        (
            "assistant",
            {"type": "", "a": 1},
            "/messages/0/content/0",
            "a '' block in an assistant message",
        ),
        ("system", {"type": ""}, "/messages/0/content/0", "a '' block in a system prompt"),
        (
            "system",
            {"type": "tool_addition", "tool": {"type": "tool_reference", "name": "f"}, "k": 1},
            "/messages/0/content/0",
            "a 'tool_addition' block in a system prompt",
        ),
        (
            "user",
            {"type": "image", "source": {"type": "", "data": 1}},
            "/messages/0/content/0",
            "an image with a '' source",
        ),
        (
            "user",
            {"type": "document", "source": {"type": "content", "content": []}},
            "/messages/0/content/0",
            "a document with a 'content' source",
        ),
        (
            "user",
            wire_result("t", [{"type": ""}, {"type": "search_result", "x": 1}]),
            "/messages/0/content/0/content/1",
            "a 'search_result' part of a tool result",
        ),
    ],
)
def test_a_type_not_declared_empty_too_is_passed_over_with_a_warning(
    role: str, block: dict[str, Any], path: str, what: str
) -> None:
    read = from_anthropic([{"role": role, "content": [block]}])
    [warning] = [w for w in read.warnings if w.path == path]
    assert (warning.code, warning.message_index, warning.block_index) == (Code.PART_NOT_READ, 0, 0)
    assert warning.message == f"{what} has no IR form"


@pytest.mark.parametrize(
    ("messages", "error"),
    [
        (
            [{"role": "user", "content": [{"type": 1}]}],
            "/messages/0/content/0/type must be a string; it is a number (1)",
        ),
        (
            [{"role": "assistant", "content": [{**wire_text("a"), "citations": [{}, 1]}]}],
            "/messages/0/content/0/citations/1 must be an object; it is a number (1)",
        ),
        (
            [
                {
                    "role": "assistant",
                    "content": [{"type": "web_search_tool_result", "tool_use_id": None}],
                }
            ],
            "/messages/0/content/0/tool_use_id must be a string; it is null",
        ),
        (
            [
                {
                    "role": "assistant",
                    "content": [{"type": "server_tool_use", "id": "s", "name": "n", "input": []}],
                }
            ],
            "/messages/0/content/0/input must be an object; it is an array",
        ),
        (
            [
                {
                    "role": "user",
                    "content": [{"type": "document", "source": {"type": "file", "file_id": 7}}],
                }
            ],
            "/messages/0/content/0/source/file_id must be a string; it is a number (7)",
        ),
        (
            [{"role": "user", "content": [{**wire_result("t"), "is_error": None}]}],
            "/messages/0/content/0/is_error must be a boolean; it is null",
        ),
        ([{"role": ""}], "/messages/0/content must be a string or an array; it is missing"),
        (
            [{"role": [], "content": "x"}],
            "/messages/0/role must be one of 'user', 'assistant', 'system'; it is an array",
        ),
    ],
)
def test_a_value_not_of_its_declared_shape_is_refused_in_the_decode_grammar(
    messages: Any, error: str
) -> None:
    with pytest.raises(WireFormatError) as caught:
        from_anthropic(messages)
    assert str(caught.value) == f"from_anthropic: {error}"


@pytest.mark.parametrize("arguments", ['{"path": "a"}', ["a"], 3, None])
def test_tool_use_input_that_is_not_an_object_is_a_transcript_error(arguments: Any) -> None:
    with pytest.raises(TranscriptError) as caught:
        from_anthropic(
            [
                {"role": "user", "content": "q"},
                {
                    "role": "assistant",
                    "content": [wire_text("a"), {**wire_call("t", "n"), "input": arguments}],
                },
            ],
            system="s",
        )
    [problem] = caught.value.diagnostics
    assert (problem.code, problem.message_index, problem.path) == (
        DiagnosticCode.INVALID_TOOL_ARGUMENTS,
        2,
        "/2/content/1/arguments",
    )


def test_a_blank_tool_use_id_is_a_transcript_error_not_a_guess() -> None:
    with pytest.raises(TranscriptError) as caught:
        from_anthropic([{"role": "assistant", "content": [wire_call(" ", "n")]}])
    assert caught.value.diagnostics[0].path == "/0/content/0/id"


@pytest.mark.parametrize(
    ("messages", "system", "path"),
    [
        ({"role": "user", "content": "x"}, None, ("messages",)),
        ("hello", None, ("messages",)),
        (object(), None, ("messages",)),
        ([1], None, ("messages", 0)),
        ([{"content": "x"}], None, ("messages", 0, "role")),
        ([{"role": 5, "content": "x"}], None, ("messages", 0, "role")),
        ([{"role": "tool", "content": "x"}], None, ("messages", 0, "role")),
        ([{"role": "user"}], None, ("messages", 0, "content")),
        ([{"role": "user", "content": 5}], None, ("messages", 0, "content")),
        ([{"role": "assistant", "content": {"type": "text"}}], None, ("messages", 0, "content")),
        ([{"role": "system", "content": 3}], None, ("messages", 0, "content")),
        ([{"role": "user", "content": "x", "n": float("nan")}], None, ("messages", 0, "n")),
        ([{"role": "user", "content": "\ud800"}], None, ("messages", 0, "content")),
        ([{"role": "user", 1: "x"}], None, ("messages", 0)),
        ([], 5, ("system",)),
        ([], {"type": "text", "text": "a"}, ("system",)),
        ([], [{"type": 1, "source": {}}], ("system", 0, "type")),
        ([], [{"type": "text"}], ("system", 0, "text")),
        ([], ["plain"], ("system", 0)),
        ([], {"a": b"bytes"}, ("system", "a")),
    ],
)
def test_wire_input_not_of_the_request_shape_is_a_wire_format_error_with_its_path(
    messages: Any, system: Any, path: tuple[Any, ...]
) -> None:
    with pytest.raises(WireFormatError) as caught:
        from_anthropic(messages, system=system)
    assert caught.value.path == path
    assert str(caught.value).startswith(f"from_anthropic: /{path[0]}")


@pytest.mark.parametrize(
    ("messages", "system", "error"),
    [
        ({"role": "user"}, None, "/messages must be an array; it is an object"),
        (
            [{"content": "hi"}],
            None,
            "/messages/0/role must be one of 'user', 'assistant', 'system'; it is missing",
        ),
        (
            [{"role": 7, "content": "hi"}],
            None,
            "/messages/0/role must be one of 'user', 'assistant', 'system'; it is a number (7)",
        ),
        (
            [{"role": "tool", "content": "x"}],
            None,
            "/messages/0/role must be one of 'user', 'assistant', 'system';"
            " it is a string ('tool')",
        ),
        (
            [{"role": "user", "content": None}],
            None,
            "/messages/0/content must be a string or an array; it is null",
        ),
        (
            [{"role": "user", "content": ["hi"]}],
            None,
            "/messages/0/content/0 must be an object; it is a string ('hi')",
        ),
        ([], [{"type": "text"}], "/system/0/text must be a string; it is missing"),
    ],
)
def test_wire_format_errors_read_alike_in_every_format(
    messages: Any, system: Any, error: str
) -> None:
    with pytest.raises(WireFormatError) as caught:
        from_anthropic(messages, system=system)
    assert str(caught.value) == f"from_anthropic: {error}"


def base64_source(**fields: Any) -> dict[str, Any]:
    return {"type": "base64", **fields}


@pytest.mark.parametrize(
    ("role", "block", "where"),
    [
        ("user", "hi", ()),
        ("user", {"text": "a"}, ("type",)),
        ("user", {"type": 1}, ("type",)),
        ("user", {"type": "text"}, ("text",)),
        ("assistant", {"type": "text", "text": 1}, ("text",)),
        ("user", {"type": "image"}, ("source",)),
        ("user", {"type": "image", "source": "https://x"}, ("source",)),
        ("user", {"type": "image", "source": {}}, ("source", "type")),
        (
            "user",
            {"type": "image", "source": base64_source(media_type="image/png")},
            ("source", "data"),
        ),
        (
            "user",
            {"type": "image", "source": base64_source(data=PNG_BASE64)},
            ("source", "media_type"),
        ),
        ("user", {"type": "image", "source": {"type": "url", "url": None}}, ("source", "url")),
        ("user", {"type": "document", "source": {"type": "file"}}, ("source", "file_id")),
        (
            "user",
            {"type": "document", "source": {"type": "text", "data": "a"}},
            ("source", "media_type"),
        ),
        ("user", {"type": "tool_result"}, ("tool_use_id",)),
        ("user", {"type": "tool_result", "tool_use_id": "t", "is_error": "yes"}, ("is_error",)),
        ("user", {"type": "tool_result", "tool_use_id": "t", "is_error": None}, ("is_error",)),
        ("user", {"type": "tool_result", "tool_use_id": "t", "content": 5}, ("content",)),
        ("user", {"type": "tool_result", "tool_use_id": "t", "content": [7]}, ("content", 0)),
        ("user", wire_result("t", [{"type": "text"}]), ("content", 0, "text")),
        ("user", wire_result("t", [{"type": "image"}]), ("content", 0, "source")),
        ("assistant", {"type": "tool_use", "name": "n", "input": {}}, ("id",)),
        ("assistant", {"type": "tool_use", "id": "t", "name": 3, "input": {}}, ("name",)),
        ("assistant", {"type": "tool_use", "id": "t", "name": "n"}, ("input",)),
        ("assistant", {"type": "thinking", "thinking": "t"}, ("signature",)),
        ("assistant", {"type": "thinking", "signature": "s"}, ("thinking",)),
        ("assistant", {"type": "redacted_thinking"}, ("data",)),
    ],
)
def test_a_block_not_of_its_type_shape_is_a_wire_format_error_with_its_path(
    role: str, block: Any, where: tuple[Any, ...]
) -> None:
    with pytest.raises(WireFormatError) as caught:
        from_anthropic([{"role": "user", "content": "q"}, {"role": role, "content": [block]}])
    assert caught.value.path == ("messages", 1, "content", 0, *where)


def test_deeply_nested_input_is_a_wire_format_error_not_a_crash() -> None:
    nested: Any = {}
    for _ in range(200):
        nested = {"a": nested}
    with pytest.raises(WireFormatError) as caught:
        from_anthropic([{"role": "assistant", "content": [wire_call("t", "n", nested)]}])
    assert caught.value.path[:5] == ("messages", 0, "content", 0, "input")


def test_a_hostile_mapping_is_read_once_through_the_base_type() -> None:
    class Shifty(dict):  # type: ignore[type-arg]
        reads = 0

        def __getitem__(self, key: Any) -> Any:
            Shifty.reads += 1
            return "assistant"

        def get(self, key: Any, default: Any = None) -> Any:
            Shifty.reads += 1
            return "assistant"

    read = from_anthropic([Shifty(role="user", content="hi")])
    assert ir(read) == [{"role": "user", "id": "message-0001", "content": "hi"}]
    assert Shifty.reads == 0


def test_from_anthropic_leaves_the_callers_values_unchanged() -> None:
    messages = [
        {"role": "assistant", "content": [wire_call("t1", "n", {"k": [1]})]},
        {"role": "user", "content": [wire_result("t1"), wire_text("x")]},
    ]
    before = json.dumps(messages)
    from_anthropic(messages, system=[{"type": "text", "text": "s"}])
    assert json.dumps(messages) == before


# --- round trips ----------------------------------------------------------------------------


def without_ids(messages: Any) -> list[dict[str, Any]]:
    """Messages (IR or JSON form) in JSON form without their ids."""
    parsed = [parse_message(message) for message in messages]
    return [{k: v for k, v in m.items() if k != "id"} for m in to_json_value(parsed)]


def round_trip(transcript: Any) -> tuple[WireRequest, WireMessages]:
    request = convert(transcript)
    read = from_anthropic(request.fields["messages"], system=request.fields.get("system"))
    assert read.warnings == ()
    return request, read


def test_a_tool_session_round_trips_exactly_but_for_ids() -> None:
    transcript = [
        system("Be brief."),
        user([text("What is in this?"), png(), inline("document", "application/pdf", PDF)]),
        assistant(
            thinking("Look first.", "sig-1"),
            thinking("", "opaque", redacted=True),
            text("Reading."),
            call("toolu_1", "read", {"path": "a", "deep": {"list": [1, 2.5, "x", None]}}),
            call("toolu_2", "ls"),
        ),
        result("toolu_2", "ls", [text("a.txt"), png()], id="r1"),
        result("toolu_1", "read", "contents", is_error=True, id="r2"),
        user([text("Thanks")], id="u2"),
        assistant(text("Done."), id="a2"),
        user("Bye", id="u3"),
    ]
    _, read = round_trip(transcript)
    assert without_ids(read) == without_ids(transcript)


def test_a_string_user_message_merged_after_results_comes_back_as_a_text_block() -> None:
    transcript = [assistant(call("t1", "n")), result("t1", "n"), user("next")]
    _, read = round_trip(transcript)
    assert without_ids(read)[2] == {"role": "user", "content": [text("next")]}


def test_leading_system_messages_come_back_apart() -> None:
    _, read = round_trip([system("A"), system("B", id="s2"), user("q")])
    assert without_ids(read) == [
        {"role": "system", "content": "A"},
        {"role": "system", "content": "B"},
        {"role": "user", "content": "q"},
    ]


def test_sample_transcripts_round_trip_as_predicted() -> None:
    checked = 0
    for line in SAMPLE.read_text().splitlines():
        transcript = json.loads(line)["messages"]
        try:
            request = convert(transcript)
        except InvalidMessageError:
            continue  # arguments-as-json-string: not valid IR on its own
        expected, losses = predicted(transcript)
        assert warned(request) == losses
        read = from_anthropic(request.fields["messages"], system=request.fields.get("system"))
        assert without_ids(read) == expected
        checked += 1
    assert checked == 13


# --- properties --------------------------------------------------------------------------

SENDABLE_TYPES = [
    "image/png",
    "image/jpeg",
    "image/gif",
    "image/webp",
    "application/pdf",
    "text/plain",
]


@st.composite
def anthropic_transcripts(draw: st.DrawFn) -> list[Any]:
    """Linked transcripts (long ones, or a few small single-message ones, where block and
    source types turn up more evenly) whose base64 sources often have a media type the
    API takes (the schema's generator rarely draws one), and whose text/plain data is
    often UTF-8."""
    singles = st.lists(single_messages(), max_size=4).map(lambda parts: [*itertools.chain(*parts)])
    transcript = draw(transcripts() | singles)
    for message in transcript:
        content = message.get("content")
        for block in content if isinstance(content, list) else ():
            _retype(draw, block)
            _as_anthropic(draw, block)
    return transcript


def _provider_own(messages: list[Any]) -> bool:
    """Whether the request holds a server-tool block or a citation: kept as the provider
    wrote them, which the generated ones (any JSON) are not, so the SDK's types would
    refuse them."""
    blocks = [block for m in messages if isinstance(m["content"], list) for block in m["content"]]
    for block in blocks:
        if isinstance(block.get("content"), list):  # a tool result's parts
            blocks.extend(block["content"])
        if "citations" in block or block["type"] not in KNOWN_BLOCK_TYPES:
            return True
    return False


KNOWN_BLOCK_TYPES = frozenset(
    {"text", "image", "document", "tool_use", "tool_result", "thinking", "redacted_thinking"}
)


def _as_anthropic(draw: st.DrawFn, block: dict[str, Any]) -> None:
    """Often make a server-tool block or a citation Anthropic's (the generator draws any
    provider), a server block's wire type one Anthropic has."""
    if block["type"] in ("serverToolCall", "serverToolResult") and draw(st.booleans()):
        block["provider"] = "anthropic"
        kinds = ["server_tool_use", "mcp_tool_use", "web_search_tool_result", "text"]
        block["wire"] = {**block.get("wire", {}), "type": draw(st.sampled_from(kinds))}
    # A text's citations (a document's "citations" is its switch, a boolean).
    for citation in block.get("citations", ()) if block["type"] == "text" else ():
        if draw(st.booleans()):
            citation["provider"] = "anthropic"


def _retype(draw: st.DrawFn, block: dict[str, Any]) -> None:
    source = block.get("source", {})
    if source.get("type") != "base64" or block["type"] == "audio" or draw(st.booleans()):
        return
    kind = "image/" if block["type"] == "image" else ""
    source["mediaType"] = draw(st.sampled_from([t for t in SENDABLE_TYPES if t.startswith(kind)]))
    if source["mediaType"] == "text/plain" and draw(st.booleans()):
        source["data"] = base64.b64encode(draw(st.text(min_size=1)).encode()).decode()


def predicted(transcript: list[Any]) -> tuple[list[dict[str, Any]], list[tuple[str, int, int]]]:
    """What a round trip gives back (without ids) and the warnings the request carries:
    the model of the documented losses."""
    systems: list[dict[str, Any]] = []
    messages: list[dict[str, Any]] = []
    losses: list[tuple[str, int, int]] = []
    started = results_open = False
    for index, message in enumerate(transcript):
        role, content = message["role"], message["content"]
        if role == "system":
            if started:
                losses.append((Code.SYSTEM_MOVED, index, -1))
            systems.append({k: v for k, v in message.items() if k not in ("id", "timestamp")})
            continue
        started = True
        if role == "toolResult":
            name = call_name(transcript, index)
            if name != message["toolName"]:
                losses.append((Code.TOOL_NAME_NOT_SENT, index, -1))
            kept = content if isinstance(content, str) else _kept(content, index, losses)
            kept_keys = ("role", "toolCallId", "isError", "cacheControl")
            messages.append({k: message[k] for k in kept_keys if k in message})
            messages[-1] |= {"toolName": name or UNKNOWN_TOOL_NAME, "content": kept}
            results_open = True
            continue
        if role == "user" and isinstance(content, str):
            messages.append(
                {"role": "user", "content": [text(content)] if results_open else content}
            )
            results_open = False
            continue
        kept = _kept(content, index, losses)
        if not kept:
            losses.append((Code.MESSAGE_NOT_SENT, index, -1))
            continue
        messages.append({"role": role, "content": kept})
        results_open = False
    return without_thought_signatures(transcript, systems + messages, losses)


def _kept(blocks: list[Any], index: int, losses: list[Any]) -> list[Any]:
    kept = []
    for block_index, block in enumerate(blocks):
        code, back = _block_fate(block)
        if code is not None:
            losses.append((code, index, block_index))
        if back is not None:
            kept.append(back)
    return kept


def _block_fate(block: dict[str, Any]) -> tuple[Any, Any]:
    """(the warning code of the block, or None; the block read back, or None)."""
    kind, source = block["type"], block.get("source", {})
    if kind == "audio":
        return Code.AUDIO_NOT_SENT, None
    if (
        kind == "image"
        and source["type"] == "base64"
        and source["mediaType"] not in SENDABLE_TYPES[:4]
    ):
        return Code.IMAGE_NOT_SENT, None
    if kind == "image" and "detail" in block:
        return Code.IMAGE_DETAIL_NOT_SENT, {k: v for k, v in block.items() if k != "detail"}
    if kind == "document":
        code, back = _document_fate(block) if source["type"] == "base64" else (None, block)
        if back is not None and "filename" in back:
            back = {k: v for k, v in back.items() if k != "filename"}
            code = Code.DOCUMENT_DETAIL_NOT_SENT
        return code, back
    if kind == "thinking":
        return _thinking_fate(block)
    if kind == "text":
        return _text_fate(block)
    if kind == "toolCall":
        return None, {k: v for k, v in block.items() if k not in ("itemId", "namespace")}
    if kind == "refusal":
        return Code.REFUSAL_AS_TEXT, text(block["text"])
    if kind in ("serverToolCall", "serverToolResult"):
        return _server_fate(block)
    return None, block


def _text_fate(block: dict[str, Any]) -> tuple[Any, Any]:
    """Anthropic citations are kept, another provider's are not sent; the item id is
    another format's bookkeeping, left out."""
    back = {k: v for k, v in block.items() if k not in ("itemId", "citations")}
    if "citations" not in block:
        return None, back
    own = [c for c in block["citations"] if c["provider"] == "anthropic"]
    others = len(block["citations"]) - len(own)
    if own or not others:
        back["citations"] = own
    return (Code.CITATIONS_NOT_SENT if others else None), back


def _server_fate(block: dict[str, Any]) -> tuple[Any, Any]:
    """A server-tool block: sent to Anthropic as it came when it is Anthropic's and its
    wire type is one from_anthropic reads back as the same kind of block."""
    call = block["type"] == "serverToolCall"
    wire = dict(block.get("wire", {}))
    kind = wire.pop("type", "server_tool_use" if call else None)
    own = {"id", "name", "input"} if call else {"tool_use_id"}
    readable = {"server_tool_use", "mcp_tool_use"} if call else None
    if (
        block["provider"] != "anthropic"
        or not isinstance(kind, str)
        or (readable is not None and kind not in readable)
        or (
            readable is None
            and kind
            in {
                "tool_result",
                "text",
                "thinking",
                "redacted_thinking",
                "tool_use",
                "server_tool_use",
                "mcp_tool_use",
            }
        )
        or own & set(wire)
    ):
        return Code.SERVER_TOOL_NOT_SENT, None
    wire = {k: v for k, v in wire.items() if v is not None}
    if not call:
        return None, {**block, "wire": {"type": kind, **wire}}
    if kind != "server_tool_use":
        wire = {"type": kind, **wire}
    back = {k: v for k, v in block.items() if k != "wire"}
    return None, back | ({"wire": wire} if wire else {})


def _document_fate(block: dict[str, Any]) -> tuple[Any, Any]:
    source = block["source"]
    if source["mediaType"] == "application/pdf":
        return None, block
    if source["mediaType"] == "text/plain":
        try:
            data = base64.b64decode(source["data"]).decode("utf-8")
        except UnicodeDecodeError:
            return Code.DOCUMENT_NOT_SENT, None
        canonical = base64.b64encode(data.encode()).decode()
        return None, {"type": "document", "source": {**source, "data": canonical}}
    return Code.DOCUMENT_NOT_SENT, None


def _thinking_fate(block: dict[str, Any]) -> tuple[Any, Any]:
    if "signature" not in block:
        return Code.THINKING_NOT_SENT, None
    if not block.get("redacted"):
        return None, {k: v for k, v in block.items() if k != "redacted"}
    back = {**block, "thinking": ""}
    return (Code.THINKING_NOT_SENT if block["thinking"] else None), back


@settings(
    max_examples=examples(100),
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(anthropic_transcripts())
def test_round_trips_keep_everything_the_format_carries_and_warn_for_the_rest(
    transcript: list[Any],
) -> None:
    request = to_anthropic(transcript)
    if not _provider_own(request.fields["messages"]):
        assert_request_accepted(request.fields)
    expected, losses = predicted(transcript)
    assert warned(request) == losses
    read = from_anthropic(request.fields["messages"], system=request.fields.get("system"))
    assert read.warnings == ()
    assert without_ids(read) == expected
    assert [m.id for m in read] == ids(len(read))
    # the wire form is a fixed point: reading and writing it again changes nothing
    again = to_anthropic(list(read))
    assert (again.fields, again.warnings) == (request.fields, ())


# --- the official client, against a loopback server --------------------------------------

REPLY = {
    "id": "msg_01Test",
    "type": "message",
    "role": "assistant",
    "model": "claude-test",
    "content": [
        {"type": "thinking", "thinking": "Check the file.", "signature": "EqQBsig"},
        {"type": "text", "text": "Reading it."},
        {"type": "tool_use", "id": "toolu_01Next", "name": "read", "input": {"path": "b.txt"}},
    ],
    "stop_reason": "tool_use",
    "stop_sequence": None,
    "usage": {"input_tokens": 12, "output_tokens": 7},
}


def send(fields: dict[str, Any]) -> tuple[Any, Any]:
    """Send the request with the official client to the loopback server; the recorded
    body and the SDK's parsed reply."""
    with recording_server(REPLY) as (url, recorded):
        client = anthropic.Anthropic(base_url=url, api_key="test", max_retries=0)
        reply = client.messages.create(model="claude-test", max_tokens=16, **fields)
    [(method, path, body)] = recorded.requests
    assert (method, path) == ("POST", "/v1/messages")
    return body, reply


def realistic_requests() -> dict[str, list[Any]]:
    sessions = {
        "text": [system("Be brief."), user("Hello"), assistant(text("Hi!")), user("Bye", id="u2")],
        "tools round": [
            user("Weather in Oslo and Rome?"),
            assistant(
                thinking("Two lookups.", "EqQBsig"),
                call("toolu_a", "weather", {"city": "Oslo"}),
                call("toolu_b", "weather", {"city": "Rome"}),
            ),
            result("toolu_a", "weather", "-3 C", id="r1"),
            result("toolu_b", "weather", "no data", is_error=True, id="r2"),
            user("And tomorrow?", id="u2"),
        ],
        "images": [
            user(
                [
                    text("What colour?"),
                    png(),
                    by_url("image", "https://example.com/a.jpg"),
                    inline("document", "text/plain", HELLO),
                    inline("document", "application/pdf", PDF),
                ]
            ),
            assistant(call("toolu_s", "screenshot")),
            result("toolu_s", "screenshot", [text("taken"), png()]),
        ],
        "interrupted session": [
            system("You are a coding agent."),
            user("Run the tests."),
            assistant(text("Running."), call("toolu_9", "bash", {"command": "pytest"})),
            user("Stop, lint first.", id="u2"),
        ],
    }
    for line in SAMPLE.read_text().splitlines():
        entry = json.loads(line)
        if entry["id"] != "arguments-as-json-string":
            sessions[entry["id"]] = entry["messages"]
    return sessions


REALISTIC = realistic_requests()


@pytest.mark.parametrize("name", list(REALISTIC))
def test_the_official_client_sends_exactly_the_converted_request(name: str) -> None:
    request = convert(REALISTIC[name])
    body, _ = send(request.fields)
    assert body["messages"] == request.fields["messages"]
    assert body.get("system") == request.fields.get("system")
    assert (body["model"], body["max_tokens"]) == ("claude-test", 16)


def test_a_reply_parsed_by_the_sdk_is_read_back_and_sent_again_unchanged() -> None:
    transcript = REALISTIC["text"]
    request = convert(transcript)
    _, reply = send(request.fields)
    for content in (
        reply.to_dict()["content"],
        reply.model_dump(mode="json")["content"],
        REPLY["content"],
    ):
        messages = [*request.fields["messages"], {"role": "assistant", "content": content}]
        read = from_anthropic(messages, system=request.fields["system"])
        assert read.warnings == ()
        assert ir(read)[-1] == {
            "role": "assistant",
            "id": "message-0005",
            "content": [
                thinking("Check the file.", "EqQBsig"),
                text("Reading it."),
                call("toolu_01Next", "read", {"path": "b.txt"}),
            ],
        }
        body, _ = send(to_anthropic(list(read)).fields)
        assert body["messages"][-1] == {"role": "assistant", "content": REPLY["content"]}


def test_sdk_model_objects_are_not_json_values() -> None:
    request = convert(REALISTIC["text"])
    _, reply = send(request.fields)
    with pytest.raises(WireFormatError) as caught:
        from_anthropic([reply.to_param()])
    assert caught.value.path[:2] == ("messages", 0)


@pytest.mark.filterwarnings("ignore:A test tried to use socket")
def test_no_network_beyond_the_loopback() -> None:
    with pytest.raises(pytest_socket.SocketConnectBlockedError):
        socket.create_connection(("192.0.2.1", 443), timeout=0.1)


# --- where a warning points ----------------------------------------------------------------


def test_each_to_anthropic_warning_points_at_the_ir_value_it_is_about() -> None:
    transcript = [
        user([text("a"), inline("audio", "audio/wav", PNG_BASE64)]),
        user([inline("image", "image/bmp", PNG_BASE64), inline("document", "text/csv", "YQ==")]),
        system("late"),
        assistant(thinking("unsigned"), thinking("hidden", "opaque", redacted=True)),
        assistant(),
        result("call-x", "read"),
    ]
    assert located(to_anthropic(transcript)) == [
        (Code.AUDIO_NOT_SENT, "/0/content/1"),
        (Code.IMAGE_NOT_SENT, "/1/content/0"),
        (Code.DOCUMENT_NOT_SENT, "/1/content/1"),
        (Code.MESSAGE_NOT_SENT, "/1"),
        (Code.SYSTEM_MOVED, "/2"),
        (Code.THINKING_NOT_SENT, "/3/content/0"),
        (Code.THINKING_NOT_SENT, "/3/content/1/thinking"),
        (Code.MESSAGE_NOT_SENT, "/4"),
        (Code.TOOL_NAME_NOT_SENT, "/5/toolName"),
    ]


def test_each_from_anthropic_warning_points_at_the_wire_value_it_is_about() -> None:
    url_document = by_url("document", "https://x/d.pdf")
    read = from_anthropic(
        [
            {"role": "user", "content": [wire_result("gone")], "name": "alice"},
            {"role": "assistant", "content": [{"type": "compaction", "content": "s"}]},
            {"role": "user", "content": [{**url_document, "metadata": "Spec"}]},
            {"role": "user", "content": [wire_result("gone", [wire_text("a"), url_document])]},
            {
                "role": "user",
                "content": [{"type": "image", "source": {"type": "file", "file_id": "f"}}],
            },
        ],
        system=[wire_text("Rules."), {**wire_text("More."), "title": "x"}],
    )
    assert [(w.code, w.message_index, w.block_index, w.path) for w in read.warnings] == [
        (Code.PART_NOT_READ, 0, 1, "/system/1/title"),
        (Code.PART_NOT_READ, 0, -1, "/messages/0/name"),
        (Code.TOOL_NAME_UNKNOWN, 0, 0, "/messages/0/content/0/tool_use_id"),
        (Code.PART_NOT_READ, 1, 0, "/messages/1/content/0"),
        (Code.PART_NOT_READ, 2, 0, "/messages/2/content/0/metadata"),
        (Code.PART_NOT_READ, 3, 0, "/messages/3/content/0/content/1"),
        (Code.TOOL_NAME_UNKNOWN, 3, 0, "/messages/3/content/0/tool_use_id"),
        (Code.PART_NOT_READ, 4, 0, "/messages/4/content/0"),
    ]
    assert [w.message for w in read.warnings if w.code == Code.PART_NOT_READ] == [
        "/system/1/title has no IR form",
        "/messages/0/name has no IR form",
        "a 'compaction' block in an assistant message has no IR form",
        "/messages/2/content/0/metadata has no IR form",
        "a 'document' part of a tool result has no IR form",
        "an image with a 'file' source has no IR form",
    ]


def test_a_system_message_in_messages_warns_at_its_place_in_messages() -> None:
    read = from_anthropic(
        [{"role": "system", "content": [wire_text("a"), {**wire_text("b"), "x": 1}]}]
    )
    assert located(read) == [(Code.PART_NOT_READ, "/messages/0/content/1/x")]


def test_every_warning_path_resolves_in_what_was_converted() -> None:
    transcript = [
        user([text("a"), inline("audio", "audio/wav", PNG_BASE64), png()]),
        assistant(thinking("unsigned"), call("t1", "read"), thinking("h", "sig", redacted=True)),
        system("late"),
        result("t1", "write", [text("x"), inline("image", "image/bmp", PNG_BASE64)]),
        user([inline("document", "text/csv", "YQ==")]),
        assistant(),
    ]
    request = to_anthropic(transcript)
    assert [w.path for w in request.warnings] == [
        "/0/content/1",
        "/1/content/0",
        "/1/content/2/thinking",
        "/2",
        "/3/toolName",
        "/3/content/1",
        "/4/content/0",
        "/4",
        "/5",
    ]
    for warning in request.warnings:
        resolve(transcript, warning.path)
    messages = [
        {**message, "extra": 1} if message["role"] == "user" else message
        for message in request.fields["messages"]
    ]
    messages.append({"role": "user", "content": [wire_result("t9"), {"type": "search_result"}]})
    system_blocks = [{**wire_text("s"), "title": "t"}]
    read = from_anthropic(messages, system=system_blocks)
    assert [w.path for w in read.warnings] == [
        "/system/0/title",
        "/messages/0/extra",
        "/messages/2/extra",
        "/messages/3/content/0/tool_use_id",
        "/messages/3/content/1",
    ]
    document = {"messages": messages, "system": system_blocks}
    for warning in read.warnings:
        resolve(document, warning.path)


def _nested(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


class _HostileKey(str):
    """A ``str`` subclass key (``is_rereadable`` lets it through) whose ``__eq__`` and
    ``__hash__`` must not run while the input is read (``armed``)."""

    armed: ClassVar[bool] = False

    def __eq__(self, other: object) -> bool:
        assert not _HostileKey.armed, "__eq__ of a caller's key ran"
        return str.__eq__(self, other)

    def __hash__(self) -> int:
        assert not _HostileKey.armed, "__hash__ of a caller's key ran"
        return str.__hash__(self)


class _HostileList(list[Any]):
    def __iter__(self) -> Any:
        raise AssertionError("__iter__ of a caller's list ran")


_CALL = {"type": "tool_use", "id": "c1", "name": "read", "input": {"p": [1, 2.5, None]}}
_RESULT = {"type": "tool_result", "tool_use_id": "c1", "content": "out"}


@pytest.mark.parametrize(
    ("messages", "system"),
    [
        ([{"role": "user", "content": "hi"}], "be brief"),
        ([{"role": "user", "content": []}, {"role": "assistant", "content": []}], None),
        ([{"role": "assistant", "content": "x"}], None),
        (
            [
                {"role": "assistant", "content": [{"type": "text", "text": "a"}, _CALL]},
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": "before"},
                        _RESULT,
                        {**_RESULT, "is_error": True},
                        {"type": "text", "text": "t1"},
                        {"type": "text", "text": "t2"},
                    ],
                },
            ],
            None,
        ),
        # Results before their call, an unknown call, a blank id, arguments too deep
        # at their depth, a NaN in them: read the checked way, as before.
        ([{"role": "user", "content": [_RESULT]}, {"role": "assistant", "content": [_CALL]}], None),
        ([{"role": "user", "content": [{**_RESULT, "tool_use_id": "nope"}]}], None),
        ([{"role": "assistant", "content": [{**_CALL, "id": " "}]}], None),
        ([{"role": "assistant", "content": [{**_CALL, "input": {"a": _nested(56)}}]}], None),
        ([{"role": "assistant", "content": [{**_CALL, "input": {"a": _nested(60)}}]}], None),
        ([{"role": "assistant", "content": [{**_CALL, "input": {"a": float("nan")}}]}], None),
        ([{"role": "assistant", "content": [{**_CALL, "input": {"a": 10**30}}]}], None),
        ([{"role": "user", "content": [{**_RESULT, "is_error": 0}]}], None),
        ([{"role": "user", "content": "hi", "extra": 1}], None),
        ([{"role": "user", "content": "hi"}], ["not", "a", "prompt"]),
        ([{"role": "user", "content": "hi"}], "\ud800"),
        ([{_HostileKey("role"): "user", "content": "hi"}], None),
        ([{"role": "assistant", "content": [{**_CALL, _HostileKey("x"): 1}]}], None),
        ([{"role": "user", "content": [{**_RESULT, _HostileKey("x"): 1}]}], None),
        ([{"role": "assistant", "content": _HostileList([_CALL])}], None),
        # Free values (kept as they came, or looked at) of input read at once: checked
        # before they are read; a hostile or not exact one sends the input the checked
        # way.
        (
            [{"role": "user", "content": "hi"}],
            [{"type": "text", "text": "s", "cache_control": {"type": "ephemeral"}}],
        ),
        (
            [
                {
                    "role": "user",
                    "content": [{**_RESULT, "cache_control": {_HostileKey("type"): "ephemeral"}}],
                }
            ],
            None,
        ),
        (
            [
                {
                    "role": "assistant",
                    "content": [{**_CALL, "caller": {_HostileKey("type"): "direct"}}],
                }
            ],
            None,
        ),
        (
            [
                {
                    "role": "assistant",
                    "content": [
                        {"type": "text", "text": "a", "citations": [{_HostileKey("k"): 1}]}
                    ],
                }
            ],
            None,
        ),
        (
            [
                {
                    "role": "user",
                    "content": [{"type": "text", "text": "a", "cache_control": float("nan")}],
                }
            ],
            None,
        ),
        (
            [{"role": "user", "content": "hi"}],
            [{"type": "text", "text": "s", "cache_control": [10**5000]}],
        ),
        ([{"role": "user", "content": ({"type": "text", "text": "a"},)}], None),
        (
            [{"role": "system", "content": [{"type": "tool_addition", "tool": [float("nan")]}]}],
            None,
        ),
        (
            [
                {
                    "role": "user",
                    "content": [
                        {
                            "type": "document",
                            "source": {"type": "text", "media_type": "text/plain", "data": ""},
                            "cache_control": {"x": float("inf")},
                        }
                    ],
                }
            ],
            None,
        ),
        (
            [
                {
                    "role": "assistant",
                    "content": [{"type": "mcp_tool_use", "id": "m", "name": "f", "input": {}}],
                }
            ],
            None,
        ),
        (
            [
                {
                    "role": "assistant",
                    "content": [
                        {"type": "server_tool_use", "id": "s", "name": "f", "input": {"q": (1,)}}
                    ],
                }
            ],
            None,
        ),
    ],
)
def test_read_directly_as_the_checked_read(
    messages: list[Any], system: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from agent_ir.wire.anthropic import _request

    def outcome(read: Any) -> Any:
        try:
            result = read()
        except (WireFormatError, TranscriptError) as error:
            return type(error), str(error)
        return result, result.warnings

    _HostileKey.armed = True
    try:
        read = outcome(lambda: from_anthropic(messages, system=system))
    finally:
        _HostileKey.armed = False
    monkeypatch.setattr(_request, "unchecked_wire", lambda value: None)
    assert read == outcome(lambda: from_anthropic(messages, system=system))
