"""The OpenTelemetry GenAI message attributes back to the IR: round trips, what
pydantic-ai writes, ids and pairings, every part with no IR form warned (nothing
dropped silently), and every shape error refused in the decode grammar."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from agent_ir import (
    InvalidMessageError,
    TranscriptError,
    dumps,
    from_otel,
    to_otel,
    validate_transcript,
)
from agent_ir.wire import ConversionWarningCode as Code
from agent_ir.wire import WireFormatError

from support.builders import PNG_BASE64
from support.otel import CONFORMANCE, CONVERSATION, WEATHER

IN = "gen_ai.input.messages"
OUT = "gen_ai.output.messages"


def mid(position: int) -> str:
    return f"message-{position + 1:04d}"


def plain(messages: Any) -> list[dict[str, Any]]:
    read: list[dict[str, Any]] = json.loads(dumps(list(messages)))
    return read


def warned(read: Any) -> list[tuple[str, str, int, int]]:
    return [
        (str(found.code), found.path, found.message_index, found.block_index)
        for found in read.warnings
    ]  # with the indexes, unlike support.otel.warned


def text(content: str) -> dict[str, Any]:
    return {"type": "text", "content": content}


def test_a_conversation_reads_back_as_it_was_written() -> None:
    read = from_otel(to_otel(CONVERSATION, tools=[WEATHER]).fields)
    assert read.warnings == ()
    expected = [dict(message, id=mid(index)) for index, message in enumerate(CONVERSATION)]
    assert plain(read) == expected
    assert [tool.name for tool in read.tools or ()] == ["weather"]
    assert validate_transcript(read, tools=read.tools) == ()


def test_attributes_as_json_text_read_as_their_values() -> None:
    fields = to_otel(CONVERSATION, tools=[WEATHER]).fields
    as_text = {key: json.dumps(value) for key, value in fields.items()}
    assert plain(from_otel(as_text)) == plain(from_otel(fields))
    assert from_otel(MappingProxyType(as_text)).tools == from_otel(fields).tools


def test_without_tool_definitions_the_tools_are_none_and_other_attributes_are_not_read() -> None:
    read = from_otel({"gen_ai.request.model": "m", "gen_ai.usage.input_tokens": 3})
    assert (tuple(read), read.warnings, read.tools) == ((), (), None)


def test_what_pydantic_ai_writes_reads_as_a_valid_conversation() -> None:
    """pydantic-ai 2.68 (version 5): a result's tool name as name, its value as result,
    in a user message; finish reasons in gen_ai.response.finish_reasons."""
    attributes = {
        "gen_ai.system_instructions": json.dumps([text("Be brief.")]),
        IN: json.dumps(
            [
                {"role": "user", "parts": [text("Weather in Paris?")]},
                {
                    "role": "assistant",
                    "parts": [
                        {"type": "thinking", "content": "Ask the tool."},
                        {"type": "tool_call", "id": "t1", "name": "weather", "arguments": '{"city":"Paris"}'},
                    ],
                },
                {
                    "role": "user",
                    "parts": [{"type": "tool_call_response", "id": "t1", "name": "weather", "result": {"temp": 20}}],
                },
            ]
        ),
        OUT: json.dumps([{"role": "assistant", "parts": [text("20 C.")]}]),
        "gen_ai.response.finish_reasons": ("stop",),
    }  # fmt: skip
    read = from_otel(attributes)
    assert read.warnings == ()
    assert plain(read) == [
        {"role": "system", "id": mid(0), "content": "Be brief."},
        {"role": "user", "id": mid(1), "content": "Weather in Paris?"},
        {
            "role": "assistant",
            "id": mid(2),
            "content": [
                {"type": "thinking", "thinking": "Ask the tool."},
                {"type": "toolCall", "id": "t1", "name": "weather", "arguments": {"city": "Paris"}},
            ],
        },
        {
            "role": "toolResult",
            "id": mid(3),
            "toolCallId": "t1",
            "toolName": "weather",
            "content": '{"temp":20}',
            "isError": False,
        },
        {"role": "assistant", "id": mid(4), "content": [{"type": "text", "text": "20 C."}], "stopReason": "stop"},
    ]  # fmt: skip
    assert validate_transcript(read) == ()


def test_a_user_message_with_results_becomes_results_and_user_turns_in_order() -> None:
    attributes = {
        IN: [
            {"role": "assistant", "parts": [{"type": "tool_call", "id": "a", "name": "f"}]},
            {
                "role": "user",
                "parts": [
                    text("before"),
                    {"type": "tool_call_response", "id": "a", "response": None},
                    text("after"),
                    {"type": "blob", "mime_type": "image/png", "content": PNG_BASE64},
                ],
            },
        ]
    }
    read = plain(from_otel(attributes))
    assert [(m["role"], m.get("content")) for m in read] == [
        ("assistant", [{"type": "toolCall", "id": "a", "name": "f", "arguments": {}}]),
        ("user", "before"),
        ("toolResult", ""),
        (
            "user",
            [
                {"type": "text", "text": "after"},
                {"type": "image", "source": {"type": "base64", "mediaType": "image/png", "data": PNG_BASE64}},
            ],
        ),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("response", "content"),
    [
        ("ok", "ok"),
        (None, ""),
        ({"a": [1, "é"]}, '{"a":[1,"é"]}'),
        (3, "3"),
        ([], []),
        ([text("a"), {"type": "uri", "modality": "image", "uri": "https://e.com/a.png"}],
         [{"type": "text", "text": "a"}, {"type": "image", "source": {"type": "url", "url": "https://e.com/a.png"}}]),
        ([text("a"), {"type": "file", "modality": "document", "file_id": "f"}],
         '[{"type":"text","content":"a"},{"type":"file","modality":"document","file_id":"f"}]'),
        ([text("a"), {"type": "text", "content": "b", "extra": 1}],
         '[{"type":"text","content":"a"},{"type":"text","content":"b","extra":1}]'),
        ([{"type": "text"}], '[{"type":"text"}]'),
    ],
)  # fmt: skip
def test_a_response_is_its_string_its_blocks_or_its_json_text(response: Any, content: Any) -> None:
    attributes = {
        IN: [
            {"role": "assistant", "parts": [{"type": "tool_call", "id": "a", "name": "f"}]},
            {"role": "tool", "parts": [{"type": "tool_call_response", "id": "a", "response": response}]},
        ]
    }  # fmt: skip
    read = from_otel(attributes)
    assert plain(read)[1]["content"] == content
    assert read.warnings == ()


def test_calls_without_ids_are_given_ids_and_results_paired_by_name_then_order() -> None:
    attributes = {
        IN: [
            {
                "role": "assistant",
                "parts": [
                    {"type": "tool_call", "name": "f", "arguments": {}},
                    {"type": "tool_call", "name": "g", "arguments": {}},
                ],
            },
            {
                "role": "tool",
                "parts": [
                    {"type": "tool_call_response", "name": "g", "response": "G"},
                    {"type": "tool_call_response", "response": "F"},
                    {"type": "tool_call_response", "response": "none"},
                    {"type": "tool_call_response", "id": "zz", "response": "zz"},
                ],
            },
        ]
    }
    read = from_otel(attributes)
    assert [(m["role"], m.get("toolCallId"), m.get("toolName")) for m in plain(read)] == [
        ("assistant", None, None),
        ("toolResult", f"{mid(0)}-call-2", "g"),
        ("toolResult", f"{mid(0)}-call-1", "f"),
        ("toolResult", f"{mid(3)}-result", "unknown"),
        ("toolResult", "zz", "unknown"),
    ]
    assert warned(read) == [
        (Code.TOOL_CALL_ID_ADDED, f"/{IN}/0/parts/0", 0, 0),
        (Code.TOOL_CALL_ID_ADDED, f"/{IN}/0/parts/1", 0, 1),
        (Code.RESULT_PAIRED_BY_NAME, f"/{IN}/1/parts/0", 1, 0),
        (Code.RESULT_PAIRED_BY_NAME, f"/{IN}/1/parts/1", 1, 1),
        (Code.TOOL_NAME_UNKNOWN, f"/{IN}/1/parts/2", 1, 2),
        (Code.TOOL_NAME_UNKNOWN, f"/{IN}/1/parts/3", 1, 3),
    ]
    assert [d.code for d in validate_transcript(read)] == ["ORPHAN_TOOL_RESULT"] * 2


def test_a_result_naming_a_call_answered_before_takes_that_calls_name() -> None:
    call = {"role": "assistant", "parts": [{"type": "tool_call", "id": "a", "name": "f"}]}
    answer = {"role": "tool", "parts": [{"type": "tool_call_response", "id": "a", "response": "x"}]}
    read = plain(from_otel({IN: [call, answer, answer]}))
    assert [m.get("toolName") for m in read] == [None, "f", "f"]


def test_builtin_tools_as_pydantic_ai_writes_them_are_server_tool_blocks() -> None:
    attributes = {
        OUT: [
            {
                "role": "assistant",
                "parts": [
                    {"type": "tool_call", "id": "s1", "name": "web_search", "arguments": {"q": "x"}, "builtin": True},
                    {"type": "tool_call_response", "id": "s1", "name": "web_search", "result": ["r"], "builtin": True},
                    {"type": "server_tool_call", "name": "code", "server_tool_call": {"type": "code_interpreter", "code": "1"}},
                    {"type": "server_tool_call_response", "server_tool_call_response": {"type": "code_interpreter", "out": "1"}},
                ],
                "finish_reason": "stop",
            }
        ]
    }  # fmt: skip
    read = from_otel(attributes)
    assert plain(read)[0]["content"] == [
        {"type": "serverToolCall", "provider": "otel", "id": "s1", "name": "web_search", "input": {"q": "x"}},
        {"type": "serverToolResult", "provider": "otel", "toolCallId": "s1", "wire": {"type": "web_search", "result": ["r"]}},
        {"type": "serverToolCall", "provider": "otel", "id": f"{mid(0)}-call-3", "name": "code", "input": {"type": "code_interpreter", "code": "1"}},
        {"type": "serverToolResult", "provider": "otel", "toolCallId": f"{mid(0)}-call-3", "wire": {"type": "code_interpreter", "out": "1"}},
    ]  # fmt: skip
    assert warned(read) == [(Code.TOOL_CALL_ID_ADDED, f"/{OUT}/0/parts/2", 0, 2)]
    assert validate_transcript(read) == ()
    # written back in the conventions' own parts, the builtin call's name as its type
    assert to_otel(read).fields[OUT][0]["parts"][:2] == [
        {"type": "server_tool_call", "id": "s1", "name": "web_search",
         "server_tool_call": {"type": "web_search", "q": "x"}},
        {"type": "server_tool_call_response", "id": "s1",
         "server_tool_call_response": {"type": "web_search", "result": ["r"]}},
    ]  # fmt: skip


def test_every_part_with_no_ir_form_is_warned_and_nothing_else_is_lost() -> None:
    attributes = {
        "gen_ai.system_instructions": [
            text("sys"),
            {"type": "blob", "mime_type": "image/png", "content": PNG_BASE64},
            {"type": "x-custom", "data": 1},
        ],
        IN: [
            {
                "role": "user",
                "name": "ann",
                "parts": [
                    {"type": "text"},
                    {"type": "text", "content": "t", "visible": False},
                    {
                        "type": "blob",
                        "modality": "video",
                        "mime_type": "video/mp4",
                        "content": "AAAA",
                    },
                    {"type": "blob", "modality": "image", "content": PNG_BASE64},
                    {"type": "blob", "mime_type": "image/png", "content": "%%%"},
                    {"type": "uri", "modality": "audio", "uri": "https://e.com/a.wav"},
                    {"type": "file", "modality": "image", "file_id": "f"},
                    {"type": "compaction", "content": "c"},
                    {"type": "", "x": 1},
                    {"type": "tool_call", "id": "c", "name": "f"},
                ],
            },
            {"role": "critic", "parts": [text("no")]},
            {"role": "tool", "parts": [text("loose")]},
            {
                "role": "assistant",
                "parts": [
                    {"type": "reasoning"},
                    {"type": "uri", "modality": "image", "uri": "https://e.com/a.png"},
                    {"type": "tool_call_response", "id": "c", "response": "x"},
                    {
                        "type": "server_tool_call_response",
                        "server_tool_call_response": {"type": "t"},
                    },
                    {"type": "tool_call", "id": "c1", "name": "f", "code_arg_name": "code"},
                ],
            },
        ],
        OUT: [
            {"role": "assistant", "parts": [], "finish_reason": "paused"},
            {"role": "user", "parts": [text("u")], "finish_reason": "stop"},
        ],
        "gen_ai.tool.definitions": [
            {"type": "retrieval", "name": "r"},
            {"type": "function", "name": "f", "description": None, "parameters": None, "extra": 1},
        ],
    }
    read = from_otel(attributes)
    sys_, inp, out, tools = (
        "/gen_ai.system_instructions", f"/{IN}", f"/{OUT}", "/gen_ai.tool.definitions",
    )  # fmt: skip
    assert warned(read) == [
        (Code.TOOL_NOT_READ, f"{tools}/0", -1, -1),
        (Code.PART_NOT_READ, f"{tools}/1/extra", -1, -1),
        (Code.PART_NOT_READ, f"{sys_}/1", 0, 1),
        (Code.PART_NOT_READ, f"{sys_}/2", 0, 2),
        (Code.PART_NOT_READ, f"{inp}/0/name", 0, -1),
        (Code.PART_NOT_READ, f"{inp}/0/parts/0", 0, 0),
        (Code.PART_NOT_READ, f"{inp}/0/parts/1/visible", 0, 1),
        (Code.PART_NOT_READ, f"{inp}/0/parts/2", 0, 2),
        (Code.PART_NOT_READ, f"{inp}/0/parts/3", 0, 3),
        (Code.PART_NOT_READ, f"{inp}/0/parts/4", 0, 4),
        (Code.PART_NOT_READ, f"{inp}/0/parts/5", 0, 5),
        (Code.PART_NOT_READ, f"{inp}/0/parts/6", 0, 6),
        (Code.PART_NOT_READ, f"{inp}/0/parts/7", 0, 7),
        (Code.PART_NOT_READ, f"{inp}/0/parts/8", 0, 8),
        (Code.PART_NOT_READ, f"{inp}/0/parts/9", 0, 9),
        (Code.PART_NOT_READ, f"{inp}/1", 1, -1),
        (Code.PART_NOT_READ, f"{inp}/2/parts/0", 2, 0),
        (Code.PART_NOT_READ, f"{inp}/3/parts/0", 3, 0),
        (Code.PART_NOT_READ, f"{inp}/3/parts/1", 3, 1),
        (Code.PART_NOT_READ, f"{inp}/3/parts/2", 3, 2),
        (Code.PART_NOT_READ, f"{inp}/3/parts/3", 3, 3),
        (Code.PART_NOT_READ, f"{inp}/3/parts/4/code_arg_name", 3, 4),
        (Code.PART_NOT_READ, f"{out}/0/finish_reason", 0, -1),
        (Code.PART_NOT_READ, f"{out}/1/finish_reason", 1, -1),
    ]
    messages = [warning.message for warning in read.warnings]
    assert messages[3] == "a 'x-custom' part here has no IR form"
    assert messages[7] == "a 'blob' part of modality 'video' has no IR form"
    assert messages[15] == "a message of role 'critic' has no IR form"
    assert messages[22] == "the finish reason 'paused' has no IR form"
    assert plain(read) == [
        {"role": "system", "id": mid(0), "content": "sys"},
        {"role": "user", "id": mid(1), "content": "t"},
        {
            "role": "assistant",
            "id": mid(2),
            "content": [{"type": "toolCall", "id": "c1", "name": "f", "arguments": {}}],
        },
        {"role": "assistant", "id": mid(3), "content": []},
        {"role": "user", "id": mid(4), "content": "u"},
    ]
    assert [(tool.name, tool.description, tool.parameters) for tool in read.tools or ()] == [
        ("f", None, None)
    ]


def test_an_output_message_finish_reason_wins_over_the_span_attribute() -> None:
    attributes = {
        OUT: [
            {"role": "assistant", "parts": [], "finish_reason": "length"},
            {"role": "assistant", "parts": []},
            {"role": "assistant", "parts": []},
        ],
        "gen_ai.response.finish_reasons": ["stop", "content_filter"],
    }
    read = plain(from_otel(attributes))
    assert [m.get("stopReason") for m in read] == ["length", "error", None]


@pytest.mark.parametrize(
    ("reason", "stop"),
    [
        ("content_filter", "error"),
        ("tool_calls", "toolCall"),
        ("function_call", "toolCall"),
        ("end_turn", "stop"),
        ("stop_sequence", "stop"),
        ("max_tokens", "length"),
        ("tool_use", "toolCall"),
        ("refusal", "refusal"),
        ("aborted", "aborted"),
    ],
)
def test_the_providers_finish_reasons_instrumentations_pass_through_are_read(
    reason: str, stop: str
) -> None:
    read = from_otel({OUT: [{"role": "assistant", "parts": [], "finish_reason": reason}]})
    assert (plain(read)[0]["stopReason"], read.warnings) == (stop, ())


def test_a_finish_reason_of_the_span_the_ir_has_no_stop_reason_for_is_warned_there() -> None:
    attributes = {
        OUT: [{"role": "assistant", "parts": []}],
        "gen_ai.response.finish_reasons": ["x"],
    }
    assert warned(from_otel(attributes)) == [
        (Code.PART_NOT_READ, "/gen_ai.response.finish_reasons/0", 0, -1)
    ]


# --- refusals ---------------------------------------------------------------------------------


class _Hostile(Mapping[str, Any]):
    def __getitem__(self, key: str) -> Any:
        raise RuntimeError("boom")

    def __contains__(self, key: object) -> bool:
        return True

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


DEEP: Any = []
for _ in range(200):
    DEEP = [DEEP]


@pytest.mark.parametrize(
    ("attributes", "refusal"),
    [
        ([], "from_otel: / must be a mapping of span attributes; it is an array"),
        (None, "from_otel: / must be a mapping of span attributes; it is null"),
        (_Hostile(), "from_otel: / must be a mapping of span attributes; it is a mapping that fails when read (RuntimeError)"),
        ({IN: "[{"}, f"from_otel: /{IN} must be an array or JSON text of one; it is other text"),
        ({IN: "5"}, f"from_otel: /{IN} must be an array; it is a number (5)"),
        ({IN: {}}, f"from_otel: /{IN} must be an array; it is an object"),
        ({IN: [5]}, f"from_otel: /{IN}/0 must be an object; it is a number (5)"),
        ({IN: [{"role": "user"}]}, f"from_otel: /{IN}/0/parts must be an array; it is missing"),
        ({IN: [{"role": 1, "parts": []}]}, f"from_otel: /{IN}/0/role must be a string; it is a number (1)"),
        ({IN: [{"role": "user", "parts": [{"type": 1}]}]},
         f"from_otel: /{IN}/0/parts/0/type must be a string; it is a number (1)"),
        ({IN: [{"role": "user", "parts": [{"text": "x"}]}]},
         f"from_otel: /{IN}/0/parts/0/type must be a string; it is missing"),
        ({IN: [{"role": "user", "parts": [{"type": "text", "content": ["x"]}]}]},
         f"from_otel: /{IN}/0/parts/0/content must be a string or null; it is an array"),
        ({OUT: [{"role": "assistant", "parts": [{"type": "tool_call"}]}]},
         f"from_otel: /{OUT}/0/parts/0/name must be a string; it is missing"),
        ({OUT: [{"role": "assistant", "parts": [], "finish_reason": 1}]},
         f"from_otel: /{OUT}/0/finish_reason must be a string or null; it is a number (1)"),
        ({"gen_ai.tool.definitions": [{"type": "function"}]},
         "from_otel: /gen_ai.tool.definitions/0/name must be a string; it is missing"),
        ({"gen_ai.tool.definitions": [{"type": "function", "name": "f", "parameters": True}]},
         "from_otel: /gen_ai.tool.definitions/0/parameters must be an object or null; it is a boolean (true)"),
        ({"gen_ai.system_instructions": [{"type": "text", "content": "\udc80"}]},
         "from_otel: /gen_ai.system_instructions/0/content"),
        ({IN: DEEP}, f"from_otel: /{IN}"),
        ({IN: [{"role": "user", "parts": [{"type": "blob", "content": "x", "byte_size": -1}]}]},
         f"from_otel: /{IN}/0/parts/0/byte_size must be an integer >= 0 or null; it is a number (-1)"),
    ],
)  # fmt: skip
def test_input_not_of_the_format_is_refused_in_the_decode_grammar(
    attributes: Any, refusal: str
) -> None:
    with pytest.raises(WireFormatError) as raised:
        from_otel(attributes)
    assert str(raised.value).startswith(refusal)


def test_arguments_that_are_no_object_are_refused_by_the_ir() -> None:
    call = {"type": "tool_call", "id": "a", "name": "f", "arguments": "[1]"}
    with pytest.raises(TranscriptError) as raised:
        from_otel({OUT: [{"role": "assistant", "parts": [call]}]})
    assert [d.code for d in raised.value.diagnostics] == ["INVALID_TOOL_ARGUMENTS"]


def test_a_tool_definition_the_ir_refuses_is_refused_with_its_index() -> None:
    tools = [{"type": "retrieval", "name": "r"}, {"type": "function", "name": " "}]
    with pytest.raises(TranscriptError) as raised:
        from_otel({"gen_ai.tool.definitions": tools})
    assert [(d.code, d.tool_index) for d in raised.value.diagnostics] == [
        ("INVALID_TOOL_DEFINITION", 1)
    ]


def test_what_is_read_shares_nothing_with_the_attributes() -> None:
    arguments = {"city": {"name": "Paris"}}
    attributes = {OUT: [{"role": "assistant", "parts": [
        {"type": "tool_call", "id": "a", "name": "f", "arguments": arguments}]}]}  # fmt: skip
    read = from_otel(attributes)
    arguments["city"]["name"] = "Rome"
    assert plain(read)[0]["content"][0]["arguments"] == {"city": {"name": "Paris"}}


def test_every_conformance_transcript_written_and_read_back_writes_the_same() -> None:
    """write(read(write(t))) == write(t): nothing a written transcript holds is lost on
    the way back."""
    checked = 0
    for file in sorted(Path(CONFORMANCE).glob("*.json")):
        for case in json.loads(file.read_text(encoding="utf-8")):
            try:
                written = to_otel(case["transcript"])
            except (InvalidMessageError, TypeError):
                continue
            read = from_otel(written.fields)
            assert to_otel(read).fields == written.fields, case["description"]
            checked += 1
    assert checked >= 100
