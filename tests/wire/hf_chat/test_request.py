"""The IR to and from Hugging Face chat datasets (TRL's conversational format): every
mapping and warning both ways, the ids and pairings given to rows without ids, the tool
definitions, every shape error, and round trips."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from agent_ir import (
    ToolDefinition,
    TranscriptError,
    parse_message,
)
from agent_ir._jsonobject import JsonObject
from agent_ir.wire import (
    UNKNOWN_TOOL_NAME,
    WireFormatError,
    WireMessages,
    from_hf_chat,
    from_openai_chat,
    to_hf_chat,
)

from support.builders import PNG_BASE64

PNG_URL = f"data:image/png;base64,{PNG_BASE64}"


def mid(position: int) -> str:
    """The id ``from_hf_chat`` assigns the message at ``position``."""
    return f"message-{position + 1:04d}"


def call(call_id: str, name: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"type": "toolCall", "id": call_id, "name": name, "arguments": arguments or {}}


def result(position: int, call_id: str, name: str, content: Any = "ok") -> dict[str, Any]:
    return {
        "role": "toolResult",
        "id": mid(position),
        "toolCallId": call_id,
        "toolName": name,
        "content": content,
        "isError": False,
    }


def assistant(position: int, *blocks: dict[str, Any]) -> dict[str, Any]:
    return {"role": "assistant", "id": mid(position), "content": list(blocks)}


def user(position: int, content: Any) -> dict[str, Any]:
    return {"role": "user", "id": mid(position), "content": content}


def text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


ROLES = "'system', 'developer', 'user', 'assistant', 'tool'"


def codes(warnings: Any) -> list[tuple[str, str]]:
    return [(warning.code, warning.path) for warning in warnings]


def wire_call(name: str, arguments: Any, call_id: str | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {"type": "function", "function": {"name": name, "arguments": arguments}}
    if call_id is not None:
        found["id"] = call_id
    return found


def test_the_conversions_and_the_result_type_are_exported_from_agent_ir_wire() -> None:
    import agent_ir
    import agent_ir.wire
    from agent_ir.wire import hf_chat

    assert sorted(hf_chat.__all__) == ["from_hf_chat", "to_hf_chat"]
    for name in hf_chat.__all__:
        assert getattr(agent_ir.wire, name) is getattr(hf_chat, name)
        assert name in agent_ir.wire.__all__
        assert not hasattr(agent_ir, name)


# --- IR -> dataset row ------------------------------------------------------------------


def test_a_session_becomes_a_row_of_trl_messages_with_ids_names_and_mapping_arguments() -> None:
    transcript = [
        {"role": "system", "id": "s", "content": "Be brief."},
        user(1, "Weather in Paris?"),
        assistant(
            2,
            {"type": "thinking", "thinking": "Call the tool."},
            call("call_1", "weather", {"city": "Paris", "days": [1, 2]}),
        ),
        result(3, "call_1", "weather", "sunny"),
        assistant(4, text("Sunny.")),
    ]
    request = to_hf_chat(transcript)
    assert request.warnings == ()
    assert request.fields == {
        "messages": [
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": "Weather in Paris?"},
            {
                "role": "assistant",
                "content": "",
                "reasoning_content": "Call the tool.",
                "tool_calls": [
                    {
                        "id": "call_1",
                        "type": "function",
                        "function": {
                            "name": "weather",
                            "arguments": {"city": "Paris", "days": [1, 2]},
                        },
                    }
                ],
            },
            {"role": "tool", "tool_call_id": "call_1", "name": "weather", "content": "sunny"},
            {"role": "assistant", "content": "Sunny."},
        ]
    }


def test_arguments_are_plain_fresh_builtins_never_json_text() -> None:
    message = parse_message(assistant(0, call("c", "f", {"a": {"b": [1]}})))
    arguments = to_hf_chat([message]).fields["messages"][0]["tool_calls"][0]["function"][
        "arguments"
    ]
    assert type(arguments) is dict
    assert type(arguments["a"]) is dict
    assert type(arguments["a"]["b"]) is list
    arguments["a"]["b"].append(2)  # the IR is not touched
    assert message.content[0].arguments == {"a": {"b": [1]}}  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("blocks", "content"),
    [
        ([], ""),
        ([text("one")], "one"),
        ([text("")], [{"type": "text", "text": ""}]),
        ([text("a"), text("b")], [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]),
    ],
)
def test_assistant_content_is_a_string_for_one_text_and_parts_for_several(
    blocks: list[Any], content: Any
) -> None:
    wire = to_hf_chat([assistant(0, *blocks)]).fields["messages"][0]
    assert wire == {"role": "assistant", "content": content}
    assert list(from_hf_chat([wire])) == [parse_message(assistant(0, *blocks))]


def test_user_blocks_become_text_and_image_parts_and_the_rest_is_warned() -> None:
    blocks = [
        text("look"),
        {
            "type": "image",
            "source": {"type": "base64", "mediaType": "image/png", "data": PNG_BASE64},
        },
        {
            "type": "image",
            "source": {"type": "url", "url": "https://x.test/a.png"},
            "detail": "low",
        },
        {"type": "audio", "source": {"type": "base64", "mediaType": "audio/wav", "data": "AAAA"}},
        {"type": "document", "source": {"type": "url", "url": "https://x.test/a.pdf"}},
    ]
    request = to_hf_chat([user(0, blocks)])
    assert request.fields["messages"][0]["content"] == [
        {"type": "text", "text": "look"},
        {"type": "image", "url": PNG_URL},
        {"type": "image", "url": "https://x.test/a.png"},
    ]
    assert codes(request.warnings) == [
        ("IMAGE_DETAIL_NOT_SENT", "/0/content/2/detail"),
        ("AUDIO_NOT_SENT", "/0/content/3"),
        ("DOCUMENT_NOT_SENT", "/0/content/4"),
    ]


def test_thinking_blocks_join_into_reasoning_content_and_their_losses_are_warned() -> None:
    message = assistant(
        0,
        {"type": "thinking", "thinking": "first", "signature": "sig"},
        {"type": "thinking", "thinking": "", "signature": "x", "redacted": True},
        {"type": "thinking", "thinking": ""},
        {"type": "thinking", "thinking": "second"},
        text("answer"),
    )
    request = to_hf_chat([message])
    assert request.fields["messages"][0] == {
        "role": "assistant",
        "content": "answer",
        "reasoning_content": "first\n\nsecond",
    }
    assert codes(request.warnings) == [
        ("SIGNATURE_CHANGED", "/0/content/0/signature"),
        ("THINKING_NOT_SENT", "/0/content/1"),
        ("THINKING_NOT_SENT", "/0/content/2"),
    ]


def test_refusals_are_sent_as_text_and_hosted_tools_are_not_sent() -> None:
    message = assistant(
        0,
        {"type": "refusal", "text": "No."},
        {
            "type": "serverToolCall",
            "id": "s1",
            "name": "web_search",
            "input": {},
            "provider": "anthropic",
        },
    )
    request = to_hf_chat([message])
    assert request.fields["messages"][0]["content"] == "No."
    assert codes(request.warnings) == [
        ("REFUSAL_AS_TEXT", "/0/content/0"),
        ("SERVER_TOOL_NOT_SENT", "/0/content/1"),
    ]


def test_tool_results_keep_id_and_name_and_warn_what_has_no_field() -> None:
    message = {
        **result(
            0,
            "c1",
            "read",
            [
                text("t"),
                {"type": "image", "source": {"type": "url", "url": "https://x.test/i.png"}},
            ],
        ),
        "isError": True,
        "cacheControl": {"type": "ephemeral"},
    }
    request = to_hf_chat([message])
    assert request.fields["messages"][0] == {
        "role": "tool",
        "tool_call_id": "c1",
        "name": "read",
        "content": [
            {"type": "text", "text": "t"},
            {"type": "image", "url": "https://x.test/i.png"},
        ],
    }
    assert codes(request.warnings) == [
        ("CACHE_CONTROL_NOT_SENT", "/0/cacheControl"),
        ("ERROR_FLAG_NOT_SENT", "/0/isError"),
    ]


def test_citations_and_cache_breakpoints_of_blocks_are_warned_at_their_field() -> None:
    citation = {"provider": "anthropic", "wire": {"type": "x"}}
    blocks = [
        {
            "type": "text",
            "text": "a",
            "citations": [citation],
            "cacheControl": {"type": "ephemeral"},
        }
    ]
    request = to_hf_chat(
        [
            {"role": "system", "id": "s", "content": "S", "cacheControl": {"type": "ephemeral"}},
            user(1, blocks),
        ]
    )
    assert codes(request.warnings) == [
        ("CACHE_CONTROL_NOT_SENT", "/0/cacheControl"),
        ("CACHE_CONTROL_NOT_SENT", "/1/content/0/cacheControl"),
        ("CITATIONS_NOT_SENT", "/1/content/0/citations"),
    ]


def test_tools_are_written_in_openai_function_form_from_definitions_or_json() -> None:
    tools = [
        ToolDefinition(
            name="weather",
            description="Look up the weather.",
            parameters=JsonObject({"type": "object", "properties": {"city": {"type": "string"}}}),
            strict=True,
        ),
        {"name": "ls"},
    ]
    assert to_hf_chat([], tools=tools).fields == {
        "messages": [],
        "tools": [
            {
                "type": "function",
                "function": {
                    "name": "weather",
                    "description": "Look up the weather.",
                    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
                    "strict": True,
                },
            },
            {"type": "function", "function": {"name": "ls"}},
        ],
    }
    assert "tools" not in to_hf_chat([]).fields
    assert to_hf_chat([], tools=[]).fields == {"messages": [], "tools": []}


def test_an_invalid_tool_definition_is_a_transcript_error_naming_the_tool() -> None:
    with pytest.raises(TranscriptError) as caught:
        to_hf_chat([], tools=[{"name": "ok"}, {"name": "bad", "parameters": 3}])
    [problem] = caught.value.diagnostics
    assert (problem.code, problem.tool_index, problem.path) == (
        "INVALID_TOOL_DEFINITION",
        1,
        "/parameters",
    )


# --- dataset row -> IR --------------------------------------------------------------------


TRL_EXAMPLE = [  # TRL's dataset-formats page, "Tool Calling"
    {"role": "user", "content": "Turn on the living room lights."},
    {
        "role": "assistant",
        "tool_calls": [
            {
                "type": "function",
                "function": {
                    "name": "control_light",
                    "arguments": {"room": "living room", "state": "on"},
                },
            }
        ],
    },
    {"role": "tool", "name": "control_light", "content": "The lights are now on."},
    {"role": "assistant", "content": "Done!"},
]


def test_trls_example_reads_with_assigned_call_ids_and_the_result_paired_by_name() -> None:
    read = from_hf_chat(TRL_EXAMPLE)
    assert isinstance(read, WireMessages)
    assert (read.warnings, read.tools) == ((), None)
    assigned = "message-0002-call-1"
    assert list(read) == [
        parse_message(message)
        for message in [
            user(0, "Turn on the living room lights."),
            assistant(1, call(assigned, "control_light", {"room": "living room", "state": "on"})),
            result(2, assigned, "control_light", "The lights are now on."),
            assistant(3, text("Done!")),
        ]
    ]


def test_results_without_ids_pair_by_name_in_order_else_by_position() -> None:
    wire = [
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [wire_call("a", {}), wire_call("b", {}), wire_call("a", {"n": 2})],
        },
        {"role": "tool", "name": "b", "content": "B"},
        {"role": "tool", "name": "a", "content": "A1"},
        {"role": "tool", "content": "A2"},
    ]
    read = from_hf_chat(wire)
    assert [(m.tool_call_id, m.tool_name) for m in read[1:]] == [  # type: ignore[union-attr]
        ("message-0001-call-2", "b"),
        ("message-0001-call-1", "a"),
        ("message-0001-call-3", "a"),
    ]
    assert read.warnings == ()


def test_a_given_tool_call_id_pairs_first_and_names_come_from_the_call() -> None:
    wire = [
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [wire_call("a", {}, "x"), wire_call("b", {}, "y")],
        },
        {"role": "tool", "tool_call_id": "y", "content": "Y"},
        {"role": "tool", "content": "X"},  # by position: the one call left
        {"role": "tool", "tool_call_id": "y", "content": "again"},  # answered already
        {"role": "tool", "tool_call_id": "z", "content": "later"},
        {"role": "assistant", "content": "", "tool_calls": [wire_call("c", {}, "z")]},
    ]
    read = from_hf_chat(wire)
    assert [(m.tool_call_id, m.tool_name) for m in read[1:5]] == [  # type: ignore[union-attr]
        ("y", "b"),
        ("x", "a"),
        ("y", "b"),
        ("z", "c"),
    ]
    assert read.warnings == ()


def test_a_result_that_answers_no_call_is_an_orphan_with_an_assigned_id() -> None:
    read = from_hf_chat(
        [{"role": "tool", "content": "?"}, {"role": "tool", "name": "ls", "content": "."}]
    )
    assert [(m.tool_call_id, m.tool_name) for m in read] == [  # type: ignore[union-attr]
        ("message-0001-result", UNKNOWN_TOOL_NAME),
        ("message-0002-result", "ls"),
    ]
    assert codes(read.warnings) == [("TOOL_NAME_UNKNOWN", "/messages/0")]
    unknown = from_hf_chat([{"role": "tool", "tool_call_id": "q", "content": "?"}])
    assert (unknown[0].tool_name, codes(unknown.warnings)) == (  # type: ignore[union-attr]
        UNKNOWN_TOOL_NAME,
        [("TOOL_NAME_UNKNOWN", "/messages/0")],
    )


def test_an_assigned_call_id_never_repeats_an_id_of_the_input() -> None:
    wire = [
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [wire_call("a", {}), wire_call("b", {}, "message-0001-call-1")],
        },
    ]
    read = from_hf_chat(wire)
    assert [block.id for block in read[0].content] == [  # type: ignore[union-attr]
        "message-0001-call-1-2",
        "message-0001-call-1",
    ]


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ('{"a": [1, 2]}', {"a": [1, 2]}),
        ("", {}),
        ("  \n", {}),
        (None, {}),
        ({"a": None}, {"a": None}),
    ],
)
def test_arguments_are_a_mapping_or_json_text_of_one(arguments: Any, expected: Any) -> None:
    read = from_hf_chat([{"role": "assistant", "tool_calls": [wire_call("f", arguments, "c")]}])
    assert read[0].content[0].arguments == expected  # type: ignore[union-attr]
    absent = {"role": "assistant", "tool_calls": [{"id": "c", "function": {"name": "f"}}]}
    assert from_hf_chat([absent])[0].content[0].arguments == {}  # type: ignore[union-attr]


@pytest.mark.parametrize("arguments", ["[1]", "{bad", '{"a": 1, "a": 2}'])
def test_text_that_is_not_a_json_object_is_invalid_tool_arguments(arguments: str) -> None:
    with pytest.raises(TranscriptError) as caught:
        from_hf_chat([{"role": "assistant", "tool_calls": [wire_call("f", arguments, "c")]}])
    assert [d.code for d in caught.value.diagnostics] == ["INVALID_TOOL_ARGUMENTS"]


def test_reasoning_content_or_thinking_becomes_one_thinking_block_before_the_text() -> None:
    read = from_hf_chat(
        [
            {"role": "assistant", "content": "A", "reasoning_content": "R"},
            {"role": "assistant", "content": "B", "thinking": "T"},
            {"role": "assistant", "content": "C", "reasoning_content": "R", "thinking": "T"},
            {"role": "assistant", "content": "D", "reasoning_content": ""},
        ]
    )
    assert [
        [(b.type, getattr(b, "thinking", None) or b.text) for b in m.content] for m in read
    ] == [  # type: ignore[union-attr]
        [("thinking", "R"), ("text", "A")],
        [("thinking", "T"), ("text", "B")],
        [("thinking", "R"), ("text", "C")],
        [("text", "D")],
    ]
    assert codes(read.warnings) == [("PART_NOT_READ", "/messages/2/thinking")]


def test_parts_read_text_and_images_and_warn_the_others() -> None:
    read = from_hf_chat(
        [
            {
                "role": "developer",
                "content": [{"type": "text", "text": "S1"}, {"type": "text", "text": "S2"}],
            },
            {
                "role": "user",
                "content": [
                    {"type": "image", "url": PNG_URL},
                    {"type": "image", "image": "https://x.test/a.png"},
                    {"type": "image"},
                    {"type": "video", "url": "https://x.test/v.mp4"},
                    {"type": "text", "text": "what?", "url": None},
                ],
            },
        ]
    )
    assert list(read) == [
        parse_message({"role": "system", "id": mid(0), "content": "S1S2"}),
        parse_message(
            user(
                1,
                [
                    {
                        "type": "image",
                        "source": {"type": "base64", "mediaType": "image/png", "data": PNG_BASE64},
                    },
                    {"type": "image", "source": {"type": "url", "url": "https://x.test/a.png"}},
                    text("what?"),
                ],
            )
        ),
    ]
    assert codes(read.warnings) == [
        ("PART_NOT_READ", "/messages/1/content/2"),
        ("PART_NOT_READ", "/messages/1/content/3"),
    ]
    assert [w.block_index for w in read.warnings] == [2, 3]


def test_nulls_say_nothing_and_other_keys_are_warned_at_their_path() -> None:
    arrow_filled = {
        "role": "user",
        "content": "hi",
        "reasoning_content": None,
        "tool_calls": None,
        "tool_call_id": None,
        "name": None,
    }
    assert from_hf_chat([arrow_filled]).warnings == ()
    read = from_hf_chat(
        [
            {"role": "user", "content": "hi", "weight": 1},
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [{**wire_call("f", {}, "c"), "index": 0}],
            },
        ]
    )
    assert codes(read.warnings) == [
        ("PART_NOT_READ", "/messages/0/weight"),
        ("PART_NOT_READ", "/messages/1/tool_calls/0/index"),
    ]


@pytest.mark.parametrize(
    ("messages", "where", "reason"),
    [
        ({"role": "user"}, "/messages", "must be an array; it is an object"),
        (["hi"], "/messages/0", "must be an object; it is a string ('hi')"),
        ([{"content": "x"}], "/messages/0/role", f"must be one of {ROLES}; it is missing"),
        (
            [{"role": "function", "content": "x"}],
            "/messages/0/role",
            f"must be one of {ROLES}; it is a string ('function')",
        ),
        ([{"role": "user"}], "/messages/0/content", "must be a string or an array; it is missing"),
        (
            [{"role": "tool", "content": 3}],
            "/messages/0/content",
            "must be a string or an array; it is a number (3)",
        ),
        (
            [{"role": "assistant", "content": {"a": 1}}],
            "/messages/0/content",
            "must be a string or an array or null; it is an object",
        ),
        (
            [{"role": "user", "content": [{"text": "x"}]}],
            "/messages/0/content/0/type",
            "must be a string; it is missing",
        ),
        (
            [{"role": "user", "content": [{"type": "text"}]}],
            "/messages/0/content/0/text",
            "must be a string; it is missing",
        ),
        (
            [{"role": "assistant", "tool_calls": {}}],
            "/messages/0/tool_calls",
            "must be an array or null; it is an object",
        ),
        (
            [{"role": "assistant", "tool_calls": [{"type": "function"}]}],
            "/messages/0/tool_calls/0/function",
            "must be an object; it is missing",
        ),
        (
            [{"role": "assistant", "tool_calls": [{"type": "custom", "function": {}}]}],
            "/messages/0/tool_calls/0/type",
            "must be one of 'function' or null; it is a string ('custom')",
        ),
        (
            [{"role": "assistant", "tool_calls": [{"function": {"arguments": {}}}]}],
            "/messages/0/tool_calls/0/function/name",
            "must be a string; it is missing",
        ),
        (
            [{"role": "assistant", "tool_calls": [{"id": 3, "function": {"name": "f"}}]}],
            "/messages/0/tool_calls/0/id",
            "must be a string or null; it is a number (3)",
        ),
        (
            [{"role": "assistant", "tool_calls": [wire_call("f", 3)]}],
            "/messages/0/tool_calls/0/function/arguments",
            "must be an object or a string or null; it is a number (3)",
        ),
        (
            [{"role": "tool", "content": "x", "tool_call_id": 1}],
            "/messages/0/tool_call_id",
            "must be a string or null; it is a number (1)",
        ),
        (
            [{"role": "assistant", "content": "", "reasoning_content": 1}],
            "/messages/0/reasoning_content",
            "must be a string or null; it is a number (1)",
        ),
        (
            [{"role": "user", "content": [{"type": "image", "url": 1}]}],
            "/messages/0/content/0/url",
            "must be a string or null; it is a number (1)",
        ),
    ],
)
def test_input_not_of_the_format_is_a_wire_format_error_with_its_path(
    messages: Any, where: str, reason: str
) -> None:
    with pytest.raises(WireFormatError) as caught:
        from_hf_chat(messages)
    assert str(caught.value) == f"from_hf_chat: {where} {reason}"


# --- tools ----------------------------------------------------------------------------------


def test_tools_read_into_definitions_and_their_extra_keys_are_warned() -> None:
    tools = [
        {
            "type": "function",
            "function": {
                "name": "control_light",
                "description": "Controls the lights.",
                "parameters": {"type": "object", "properties": {"room": {"type": "string"}}},
                "return": {"type": "string"},
            },
        },
        {"type": "code_interpreter"},
        {"function": {"name": "ls", "description": None, "strict": False}},
    ]
    read = from_hf_chat([], tools=tools)
    assert read.tools == (
        ToolDefinition(
            name="control_light",
            description="Controls the lights.",
            parameters=JsonObject({"type": "object", "properties": {"room": {"type": "string"}}}),
        ),
        ToolDefinition(name="ls", strict=False),
    )
    assert codes(read.warnings) == [
        ("PART_NOT_READ", "/tools/0/function/return"),
        ("TOOL_NOT_READ", "/tools/1"),
    ]
    assert [(w.message_index, w.tool_index) for w in read.warnings] == [(-1, 0), (-1, 1)]
    assert from_hf_chat([], tools=json.dumps(tools)).tools == read.tools


@pytest.mark.parametrize(
    ("tools", "where", "reason"),
    [
        ({"name": "f"}, "/tools", "must be an array; it is an object"),
        ("[oops", "/tools", "must be an array or JSON text of one; it is other text"),
        (["f"], "/tools/0", "must be an object; it is a string ('f')"),
        ([{"type": "function"}], "/tools/0/function", "must be an object; it is missing"),
        (
            [{"function": {"name": "f", "parameters": "{}"}}],
            "/tools/0/function/parameters",
            "must be an object or null; it is a string ('{}')",
        ),
        (
            [{"function": {"name": "f", "description": 1}}],
            "/tools/0/function/description",
            "must be a string or null; it is a number (1)",
        ),
        (
            [{"function": {"name": "f", "strict": "yes"}}],
            "/tools/0/function/strict",
            "must be a boolean or null; it is a string ('yes')",
        ),
    ],
)
def test_tools_not_of_the_format_are_a_wire_format_error_with_its_path(
    tools: Any, where: str, reason: str
) -> None:
    with pytest.raises(WireFormatError) as caught:
        from_hf_chat([], tools=tools)
    assert str(caught.value) == f"from_hf_chat: {where} {reason}"


@pytest.mark.parametrize(
    ("function", "code", "path"),
    [
        ({"name": " "}, "INVALID_TOOL_DEFINITION", "/name"),
        ({"name": "f", "parameters": {"type": 5}}, "INVALID_TOOL_DEFINITION", "/parameters/type"),
        ({"name": "f", "parameters": {"type": "object", "required": "a"}}, None, None),
    ],
)
def test_a_tool_definition_to_hf_chat_refuses_is_refused_as_the_other_readers_refuse_it(
    function: dict[str, Any], code: str | None, path: str | None
) -> None:
    tools = [{"type": "function", "function": {"name": "ok"}}, {"function": function}]
    with pytest.raises(TranscriptError) as written:
        to_hf_chat([], tools=[{"name": "ok"}, function])
    with pytest.raises(TranscriptError) as read:
        from_hf_chat([], tools=tools)
    with pytest.raises(TranscriptError) as chat:
        from_openai_chat([], tools=tools)
    assert read.value.diagnostics == chat.value.diagnostics == written.value.diagnostics
    found = read.value.diagnostics[0]
    assert found.tool_index == 1
    if code is not None:
        assert (found.code, found.path) == (code, path)


def test_tools_read_from_a_row_are_written_back_as_they_came() -> None:
    tools = [
        {"type": "function", "function": {"name": "a", "parameters": {"type": "object"}}},
        {"type": "function", "function": {"name": "b", "description": "d", "strict": True}},
    ]
    read = from_hf_chat([], tools=tools)
    assert to_hf_chat(list(read), tools=read.tools).fields["tools"] == tools


def test_null_members_of_parameters_read_as_absent_but_a_null_const_or_default() -> None:
    """A table with struct columns gives every object every key any row has, null where
    it had none; no JSON Schema has a null member, so those read as absent (at any
    depth), and the row is read and written back; a null ``const`` or ``default`` is a
    value and stays."""
    parameters = {
        "type": "object",
        "properties": {
            "city": {"type": "string", "description": None},
            "path": None,
            "unit": {"enum": ["c", None], "default": None},
            "none": {"const": None},
        },
        "required": None,
    }
    tools = [{"type": "function", "function": {"name": "w", "parameters": parameters}}]
    read = from_hf_chat([], tools=tools)
    assert read.warnings == ()
    expected = {
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "unit": {"enum": ["c", None], "default": None},
            "none": {"const": None},
        },
    }
    (tool,) = read.tools
    assert tool.parameters == expected
    written = to_hf_chat(list(read), tools=read.tools).fields["tools"]
    assert written == [{"type": "function", "function": {"name": "w", "parameters": expected}}]


def test_a_name_declared_twice_is_refused_not_read_twice() -> None:
    tools = [{"function": {"name": "f"}}, {"function": {"name": "f"}}]
    with pytest.raises(TranscriptError) as caught:
        from_hf_chat([], tools=tools)
    assert [(d.code, d.tool_index) for d in caught.value.diagnostics] == [
        ("INVALID_TOOL_DEFINITION", 1)
    ]


def _lines_run(read: Any) -> int:
    """The lines of ``agent_ir.wire.hf_chat._request`` that ``read()`` runs: a count of
    the reader's own work that does not depend on the machine's speed."""
    module = from_hf_chat.__code__.co_filename
    count = 0

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        nonlocal count
        if frame.f_code.co_filename != module:
            return None
        if event == "line":
            count += 1
        return tracer

    sys.settrace(tracer)
    try:
        read()
    finally:
        sys.settrace(None)
    return count


def _answered_last_first(calls: int, *, ids: bool) -> list[dict[str, Any]]:
    """One assistant turn of ``calls`` calls, then their results, the last call's first
    (each result answers the call furthest from the front of the calls not answered)."""
    names = [f"tool_{n}" for n in range(calls)]
    turn = [
        {"type": "function", "function": {"name": name}} | ({"id": f"c{n}"} if ids else {})
        for n, name in enumerate(names)
    ]
    results = [
        {"role": "tool", "content": "r", "name": name} | ({"tool_call_id": f"c{n}"} if ids else {})
        for n, name in reversed(list(enumerate(names)))
    ]
    return [{"role": "assistant", "tool_calls": turn}, *results]


@pytest.mark.parametrize("ids", [False, True])
def test_results_pair_with_their_calls_in_linear_time(ids: bool) -> None:
    small = _lines_run(lambda: from_hf_chat(_answered_last_first(250, ids=ids)))
    large = _lines_run(lambda: from_hf_chat(_answered_last_first(1000, ids=ids)))
    # Four times the calls: four times the work (sixteen times when a result looks
    # through the calls not answered one by one).
    assert large / small < 4.5


# --- round trips ----------------------------------------------------------------------------


RICH = [
    {"role": "system", "id": mid(0), "content": "Be brief."},
    user(
        1,
        [
            text("Compare"),
            {
                "type": "image",
                "source": {"type": "base64", "mediaType": "image/png", "data": PNG_BASE64},
            },
        ],
    ),
    assistant(
        2,
        {"type": "thinking", "thinking": "Two calls."},
        text("Looking."),
        call("c1", "weather", {"city": "Paris"}),
        call("c2", "weather", {"city": "Rome", "units": None}),
    ),
    result(3, "c2", "weather", [text("rain")]),
    result(4, "c1", "weather", "sun"),
    assistant(5, text("Paris: sun;"), text(" Rome: rain.")),
    user(6, "Thanks"),
    assistant(7),
]


def test_ir_to_a_row_and_back_is_identical_with_no_warning() -> None:
    tools = [ToolDefinition(name="weather", parameters=JsonObject({"type": "object"}))]
    request = to_hf_chat(RICH, tools=tools)
    assert request.warnings == ()
    read = from_hf_chat(request.fields["messages"], tools=request.fields["tools"])
    assert list(read) == [parse_message(message) for message in RICH]
    assert (read.warnings, read.tools) == ((), tuple(tools))


def test_a_round_trip_differs_from_the_ir_exactly_where_it_warned() -> None:
    original = [
        assistant(0, {"type": "thinking", "thinking": "t", "signature": "sig"}, call("c", "f")),
        {**result(1, "c", "f"), "isError": True},
    ]
    request = to_hf_chat(original)
    assert codes(request.warnings) == [
        ("SIGNATURE_CHANGED", "/0/content/0/signature"),
        ("ERROR_FLAG_NOT_SENT", "/1/isError"),
    ]
    expected = [
        assistant(0, {"type": "thinking", "thinking": "t"}, call("c", "f")),
        result(1, "c", "f"),
    ]
    assert list(from_hf_chat(request.fields["messages"])) == [parse_message(m) for m in expected]


def _nested(depth: int) -> dict[str, Any]:
    """An object ``depth`` levels deep (itself counted)."""
    value: dict[str, Any] = {}
    for _ in range(depth - 1):
        value = {"k": value}
    return value


def test_arguments_and_parameters_as_deep_as_the_ir_takes_read_back() -> None:
    """The bound on a call's arguments and a tool's parameters counts from them, not from
    the row: what to_hf_chat writes at the IR's depth limit reads back."""
    from agent_ir import MAX_DEPTH

    deepest = _nested(MAX_DEPTH)
    message = parse_message(
        {
            "role": "assistant",
            "id": "a",
            "content": [{"type": "toolCall", "id": "c", "name": "f", "arguments": deepest}],
        }
    )
    tool = ToolDefinition(name="f", parameters=JsonObject(deepest))
    row = to_hf_chat([message], tools=[tool]).fields
    read = from_hf_chat(row["messages"], tools=row["tools"])
    assert read[0].content == message.content  # a row carries no message ids
    assert read.tools == (tool,)
    with pytest.raises(WireFormatError, match="nested deeper than 64 levels"):
        from_hf_chat([{"role": "user", "content": "x"}], tools=[{"type": "function", "function": {"name": "f", "parameters": _nested(MAX_DEPTH + 1)}}])  # fmt: skip
