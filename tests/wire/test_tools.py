"""Tool definitions through the three wire formats: ``to_*(transcript, tools=...)`` writes
``fields["tools"]`` in each provider's shape (checked against the SDKs' own tool param
types and sent with the official clients to a loopback server), ``from_*(...,
tools=...)`` reads a request's tools back into ``ToolDefinition``s (hosted tools and
keys with no IR form are warnings at ``/tools/...``), and the two round-trip."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import anthropic
import jsonschema
import msgspec
import openai
import pytest
from anthropic.types import ToolParam
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openai.types.chat import ChatCompletionFunctionToolParam, ChatCompletionToolParam
from openai.types.responses import FunctionToolParam

from agent_ir import ToolDefinition, TranscriptError, schemas
from agent_ir._jsonobject import JsonObject
from agent_ir.wire import (
    WireFormatError,
    WireMessages,
    WireRequest,
    from_anthropic,
    from_openai_chat,
    from_openai_responses,
    to_anthropic,
    to_openai_chat,
    to_openai_responses,
)

from support.examples import examples
from support.loopback import loopback_only, recording_server
from support.sdk import assert_sdk_accepts
from support.strategies import ARGUMENTS, NON_EMPTY, TEXT

PROVIDERS = ("openai-chat", "openai-responses", "anthropic")
TRANSCRIPT = [
    {"role": "system", "id": "s", "content": "Be brief."},
    {"role": "user", "id": "u", "content": "Weather in Oslo?"},
]
WEATHER = {
    "type": "object",
    "properties": {"city": {"type": "string"}},
    "required": ["city"],
    "additionalProperties": False,
}
TOOLS = [
    {
        "name": "get_weather",
        "description": "The weather now.",
        "parameters": WEATHER,
        "strict": True,
    },
    {"name": "list-files"},
    {"name": "echo", "parameters": {"type": "object", "properties": {}}, "strict": False},
]


@pytest.fixture(autouse=True)
def _loopback_only() -> Iterator[None]:
    """Connections to anything but 127.0.0.1 fail (the SDK tests talk to the loopback)."""
    with loopback_only():
        yield


def to_wire(provider: str, transcript: Any, tools: Any) -> WireRequest:
    convert: dict[str, Callable[..., WireRequest]] = {
        "openai-chat": to_openai_chat,
        "openai-responses": to_openai_responses,
        "anthropic": to_anthropic,
    }
    return convert[provider](transcript, tools=tools)


def from_wire(provider: str, fields: dict[str, Any], tools: Any) -> WireMessages:
    """The ``from_*`` of ``provider`` over a request's fields, with ``tools``."""
    if provider == "openai-chat":
        return from_openai_chat(fields["messages"], tools=tools)
    if provider == "openai-responses":
        return from_openai_responses(fields["input"], tools=tools)
    return from_anthropic(fields["messages"], system=fields.get("system"), tools=tools)


def definitions(tools: list[dict[str, Any]]) -> tuple[ToolDefinition, ...]:
    return tuple(msgspec.convert(tool, ToolDefinition, dec_hook=_json_object) for tool in tools)


def _json_object(kind: type, value: Any) -> Any:
    assert kind is JsonObject
    return JsonObject(value)


def warned(found: WireMessages | WireRequest) -> list[tuple[str, int, int, int | None, str]]:
    return [
        (str(w.code), w.message_index, w.block_index, w.tool_index, w.path) for w in found.warnings
    ]


# --- IR -> wire: each provider's shape, the SDK's types, the official clients ---------

EXPECTED_TOOLS: dict[str, list[dict[str, Any]]] = {
    "openai-chat": [
        {
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": "The weather now.",
                "parameters": WEATHER,
                "strict": True,
            },
        },
        {"type": "function", "function": {"name": "list-files"}},
        {
            "type": "function",
            "function": {
                "name": "echo",
                "parameters": {"type": "object", "properties": {}},
                "strict": False,
            },
        },
    ],
    "openai-responses": [
        {
            "type": "function",
            "name": "get_weather",
            "description": "The weather now.",
            "parameters": WEATHER,
            "strict": True,
        },
        {"type": "function", "name": "list-files", "parameters": None, "strict": None},
        {
            "type": "function",
            "name": "echo",
            "parameters": {"type": "object", "properties": {}},
            "strict": False,
        },
    ],
    "anthropic": [
        {
            "name": "get_weather",
            "description": "The weather now.",
            "input_schema": WEATHER,
            "strict": True,
        },
        {"name": "list-files", "input_schema": {"type": "object"}},
        {"name": "echo", "input_schema": {"type": "object", "properties": {}}, "strict": False},
    ],
}
SDK_TOOL_TYPES: dict[str, Any] = {
    # ChatCompletionToolParam is the union of function and custom tools: the function
    # branch is checked too, so that a custom-shaped entry would not pass.
    "openai-chat": list[ChatCompletionFunctionToolParam],
    "openai-responses": list[FunctionToolParam],
    "anthropic": list[ToolParam],
}


@pytest.mark.parametrize("provider", PROVIDERS)
def test_each_format_writes_the_tools_in_its_own_shape_and_the_sdk_types_take_them(
    provider: str,
) -> None:
    request = to_wire(provider, TRANSCRIPT, TOOLS)

    assert request.fields["tools"] == EXPECTED_TOOLS[provider]
    assert request.warnings == ()
    assert_sdk_accepts(request.fields["tools"], SDK_TOOL_TYPES[provider], "tools")
    if provider == "openai-chat":
        assert_sdk_accepts(request.fields["tools"], list[ChatCompletionToolParam], "tools")


def test_tool_definition_objects_and_their_json_form_write_the_same_tools() -> None:
    for provider in PROVIDERS:
        from_objects = to_wire(provider, TRANSCRIPT, definitions(TOOLS))
        assert from_objects.fields == to_wire(provider, TRANSCRIPT, tuple(TOOLS)).fields


def test_the_written_tools_share_nothing_with_the_definitions() -> None:
    tools = definitions(TOOLS)
    schemas_written = [
        to_openai_chat(TRANSCRIPT, tools=tools).fields["tools"][0]["function"]["parameters"],
        to_openai_responses(TRANSCRIPT, tools=tools).fields["tools"][0]["parameters"],
        to_anthropic(TRANSCRIPT, tools=tools).fields["tools"][0]["input_schema"],
    ]
    for schema in schemas_written:
        schema["properties"]["city"]["type"] = "number"
    assert tools[0].parameters == WEATHER


@pytest.mark.parametrize("provider", PROVIDERS)
def test_no_tools_write_no_tools_key(provider: str) -> None:
    assert "tools" not in to_wire(provider, TRANSCRIPT, None).fields
    # an empty array is refused by OpenAI Chat: no tools, no key
    assert "tools" not in to_wire(provider, TRANSCRIPT, []).fields


@pytest.mark.parametrize("provider", PROVIDERS)
def test_tools_that_are_not_a_list_or_tuple_are_a_type_error(provider: str) -> None:
    with pytest.raises(TypeError, match="tools must be a list or tuple of tool definitions"):
        to_wire(provider, TRANSCRIPT, {"name": "a"})


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_definition_validate_transcript_refuses_is_a_transcript_error_naming_it(
    provider: str,
) -> None:
    bad = [{"name": "a"}, {"name": "b", "parameters": {"type": 5}}, {"name": "a"}]

    with pytest.raises(TranscriptError) as raised:
        to_wire(provider, TRANSCRIPT, bad)

    found = [(str(d.code), d.tool_index, d.path) for d in raised.value.diagnostics]
    assert found == [
        ("INVALID_TOOL_DEFINITION", 1, "/parameters/type"),
        ("INVALID_TOOL_DEFINITION", 2, "/name"),
    ]


# --- the official clients send exactly what was written -----------------------------

CHAT_COMPLETION = {
    "id": "chatcmpl-test",
    "object": "chat.completion",
    "created": 0,
    "model": "gpt-test",
    "choices": [
        {
            "index": 0,
            "message": {"role": "assistant", "content": "ok", "refusal": None},
            "finish_reason": "stop",
            "logprobs": None,
        }
    ],
}
RESPONSE = {
    "id": "resp_1",
    "object": "response",
    "created_at": 1700000000,
    "status": "completed",
    "model": "gpt-test",
    "output": [],
    "parallel_tool_calls": True,
    "tool_choice": "auto",
    "tools": [],
}
MESSAGE = {
    "id": "msg_01Test",
    "type": "message",
    "role": "assistant",
    "model": "claude-test",
    "content": [{"type": "text", "text": "ok"}],
    "stop_reason": "end_turn",
    "stop_sequence": None,
    "usage": {"input_tokens": 1, "output_tokens": 1},
}


def send(provider: str, fields: dict[str, Any]) -> Any:
    """The body the loopback server got from the official client sending ``fields``."""
    if provider == "openai-chat":
        with recording_server(CHAT_COMPLETION) as (url, recorded):
            client = openai.OpenAI(base_url=f"{url}/v1", api_key="test", max_retries=0)
            client.chat.completions.create(model="gpt-test", **fields)
    elif provider == "openai-responses":
        with recording_server(RESPONSE) as (url, recorded):
            client = openai.OpenAI(base_url=f"{url}/v1", api_key="test", max_retries=0)
            client.responses.create(model="gpt-test", **fields)
    else:
        with recording_server(MESSAGE) as (url, recorded):
            sdk = anthropic.Anthropic(base_url=url, api_key="test", max_retries=0)
            sdk.messages.create(model="claude-test", max_tokens=16, **fields)
    [(_method, _path, body)] = recorded.requests
    return body


@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_official_client_sends_the_tools_as_written_and_they_read_back(provider: str) -> None:
    request = to_wire(provider, TRANSCRIPT, TOOLS)

    body = send(provider, request.fields)

    assert body["tools"] == EXPECTED_TOOLS[provider]
    read = from_wire(provider, body, body["tools"])
    assert read.tools == definitions(TOOLS)
    assert read.warnings == ()


# --- wire -> IR: round trips ------------------------------------------------------------

PARAMETERS = st.fixed_dictionaries(
    {"type": st.just("object")},
    optional={
        "properties": st.dictionaries(
            NON_EMPTY,
            st.fixed_dictionaries(
                {"type": st.sampled_from(["string", "number", "integer", "boolean", "array"])},
                optional={"description": TEXT},
            ),
            max_size=3,
        ),
        "additionalProperties": st.booleans(),
        "x-anything": ARGUMENTS,  # an unknown keyword: an annotation, any JSON
        "description": TEXT,
    },
)


@st.composite
def tool_lists(draw: st.DrawFn) -> list[dict[str, Any]]:
    names = draw(st.lists(NON_EMPTY, min_size=1, max_size=4, unique=True))
    tools = []
    for name in names:
        tool = draw(
            st.fixed_dictionaries(
                {"name": st.just(name)},
                optional={"description": TEXT, "parameters": PARAMETERS, "strict": st.booleans()},
            )
        )
        tools.append(tool)
    return tools


@pytest.mark.parametrize("provider", PROVIDERS)
@settings(
    max_examples=examples(60),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(tools=tool_lists())
def test_property_tools_round_trip_through_each_format(
    provider: str, tools: list[dict[str, Any]]
) -> None:
    if provider == "anthropic":  # {"type": "object"} alone reads back as no parameters
        tools = [tool for tool in tools if tool.get("parameters") != {"type": "object"}]
    expected = definitions(tools)

    request = to_wire(provider, TRANSCRIPT, expected)
    read = from_wire(provider, request.fields, request.fields.get("tools", []))

    assert read.tools == expected
    assert read.warnings == ()
    assert from_wire(provider, request.fields, None).tools is None


def test_anthropic_reads_an_input_schema_of_any_object_as_no_parameters() -> None:
    any_object = [{"name": "a", "parameters": {"type": "object"}}, {"name": "b"}]
    written = to_anthropic(TRANSCRIPT, tools=any_object).fields["tools"]

    assert written == [
        {"name": "a", "input_schema": {"type": "object"}},
        {"name": "b", "input_schema": {"type": "object"}},
    ]
    assert from_anthropic([], tools=written).tools == (
        ToolDefinition(name="a"),
        ToolDefinition(name="b"),
    )
    kept = [{"name": "c", "input_schema": {"type": "object", "properties": {}}}]
    assert from_anthropic([], tools=kept).tools == definitions(
        [{"name": "c", "parameters": {"type": "object", "properties": {}}}]
    )


def _deepest_parameters() -> dict[str, Any]:
    """Parameters nested as deep as a definition takes (one level more is refused)."""
    from agent_ir.validation._tools import read_tools

    def nested(levels: int) -> dict[str, Any]:
        value: dict[str, Any] = {"type": "object"}
        for _ in range(levels):
            value = {"type": "object", "x-deeper": value}
        return value

    levels = 0
    while not read_tools([{"name": "t", "parameters": nested(levels + 1)}]).problems:
        levels += 1
    return nested(levels)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_deepest_parameters_the_ir_takes_read_back_from_each_format(provider: str) -> None:
    tools = definitions([{"name": "deep", "parameters": _deepest_parameters()}])

    request = to_wire(provider, TRANSCRIPT, tools)

    assert from_wire(provider, request.fields, request.fields["tools"]).tools == tools


# --- wire -> IR: what has no IR form -------------------------------------------------

HOSTED: dict[str, list[dict[str, Any]]] = {
    "openai-chat": [
        {"type": "custom", "custom": {"name": "grammar", "format": {"type": "text"}}},
    ],
    "openai-responses": [
        {"type": "web_search"},
        {"type": "file_search", "vector_store_ids": ["vs_1"]},
        {"type": "code_interpreter", "container": {"type": "auto"}},
        {"type": "mcp", "server_label": "deepwiki", "server_url": "https://mcp.deepwiki.com/mcp"},
        {"type": "custom", "name": "grammar"},
    ],
    "anthropic": [
        {"type": "web_search_20250305", "name": "web_search", "max_uses": 3},
        {"type": "bash_20250124", "name": "bash"},
        {"type": "text_editor_20250728", "name": "str_replace_based_edit_tool"},
    ],
}
FUNCTION: dict[str, dict[str, Any]] = {
    "openai-chat": {"type": "function", "function": {"name": "mine"}},
    "openai-responses": {"type": "function", "name": "mine", "parameters": None, "strict": None},
    "anthropic": {"name": "mine", "input_schema": {"type": "object"}},
}


@pytest.mark.parametrize("provider", PROVIDERS)
def test_hosted_tools_are_tool_not_read_at_their_place_and_the_function_tools_are_read(
    provider: str,
) -> None:
    hosted = HOSTED[provider]
    tools = [*hosted, FUNCTION[provider]]

    read = from_wire(provider, {"messages": [], "input": []}, tools)

    assert read.tools == (ToolDefinition(name="mine"),)
    assert warned(read) == [
        ("TOOL_NOT_READ", -1, -1, index, f"/tools/{index}") for index in range(len(hosted))
    ]
    kind = hosted[0]["type"]
    assert read.warnings[0].message == f"/tools/0 (a tool of type {kind!r}) has no IR form"


UNKNOWN_KEYS: dict[str, tuple[dict[str, Any], list[str]]] = {
    "openai-chat": (
        {
            "type": "function",
            "x_entry": 1,
            "function": {"name": "f", "x_function": True, "description": None},
        },
        ["/tools/0/x_entry", "/tools/0/function/x_function"],
    ),
    "openai-responses": (
        {"type": "function", "name": "f", "defer_loading": True, "output_schema": None},
        ["/tools/0/defer_loading"],
    ),
    "anthropic": (
        {
            "name": "f",
            "input_schema": {"type": "object"},
            "cache_control": {"type": "ephemeral"},
            "input_examples": [{}],
            "type": None,
        },
        ["/tools/0/cache_control", "/tools/0/input_examples"],
    ),
}


@pytest.mark.parametrize("provider", ["openai-responses", "anthropic"])
def test_defer_loading_false_is_the_default_and_says_nothing(provider: str) -> None:
    entry = {**UNKNOWN_KEYS[provider][0], "defer_loading": False}

    read = from_wire(provider, {"messages": [], "input": []}, [entry])

    assert "/tools/0/defer_loading" not in [w.path for w in read.warnings]
    assert read.tools == (ToolDefinition(name="f"),)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_function_tools_keys_with_no_ir_form_are_part_not_read_and_null_says_nothing(
    provider: str,
) -> None:
    entry, paths = UNKNOWN_KEYS[provider]

    read = from_wire(provider, {"messages": [], "input": []}, [entry])

    assert read.tools == (ToolDefinition(name="f"),)
    assert warned(read) == [("PART_NOT_READ", -1, -1, 0, path) for path in paths]


WARNED_MESSAGE: dict[str, tuple[dict[str, Any], str]] = {
    "openai-chat": ({"role": "user", "content": "hi", "name": "ann"}, "/messages/0/name"),
    "openai-responses": (
        {"type": "message", "role": "user", "content": "hi", "x": 1},
        "/input/0/x",
    ),
    "anthropic": ({"role": "user", "content": "hi", "x": 1}, "/messages/0/x"),
}


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("sequence", [list, tuple])  # a tuple is read the checked way
def test_tool_warnings_come_before_the_messages_warnings(provider: str, sequence: type) -> None:
    message, path = WARNED_MESSAGE[provider]
    fields = {"messages": sequence([message]), "input": sequence([message])}

    read = from_wire(provider, fields, HOSTED[provider][:1])

    assert warned(read) == [
        ("TOOL_NOT_READ", -1, -1, 0, "/tools/0"),
        ("PART_NOT_READ", 0, -1, None, path),
    ]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_tool_warnings_are_valid_conversion_warnings_under_the_schema(provider: str) -> None:
    entry, _ = UNKNOWN_KEYS[provider]
    read = from_wire(provider, {"messages": [], "input": []}, [*HOSTED[provider], entry])
    validator = jsonschema.Draft202012Validator(
        {"$ref": schemas.load("conversion-warning")["$id"]}, registry=schemas.registry()
    )

    for warning in read.warnings:
        instance = msgspec.to_builtins(warning)
        assert validator.is_valid(instance), instance
        assert not validator.is_valid({**instance, "messageIndex": 0})


MALFORMED: list[tuple[str, Any, str]] = [
    (
        "openai-chat",
        {"type": "function"},
        "from_openai_chat: /tools must be an array; it is an object",
    ),
    ("openai-chat", ["f"], "from_openai_chat: /tools/0 must be an object; it is a string ('f')"),
    (
        "openai-chat",
        [{"type": "function"}],
        "from_openai_chat: /tools/0/function must be an object; it is missing",
    ),
    (
        "openai-chat",
        [{"type": 1, "function": {"name": "f"}}],
        "from_openai_chat: /tools/0/type must be a string; it is a number (1)",
    ),
    (
        "openai-chat",
        [{"type": "function", "function": {"name": "f"}}, {"function": {"description": "d"}}],
        "from_openai_chat: /tools/1/function/name must be a string; it is missing",
    ),
    (
        "openai-chat",
        [{"function": {"name": "f", "parameters": "{}"}}],
        "from_openai_chat: /tools/0/function/parameters must be an object; it is a string ('{}')",
    ),
    (
        "openai-chat",
        [{"function": {"name": "f", "strict": "yes"}}],
        "from_openai_chat: /tools/0/function/strict must be a boolean; it is a string ('yes')",
    ),
    (
        "openai-responses",
        [{"name": "f"}],
        "from_openai_responses: /tools/0/type must be a string; it is missing",
    ),
    (
        "openai-responses",
        [{"type": "function", "name": None}],
        "from_openai_responses: /tools/0/name must be a string; it is null",
    ),
    (
        "openai-responses",
        [{"type": "function", "name": "f", "description": 3}],
        "from_openai_responses: /tools/0/description must be a string; it is a number (3)",
    ),
    (
        "anthropic",
        [{"name": "f"}],
        "from_anthropic: /tools/0/input_schema must be an object; it is missing",
    ),
    (
        "anthropic",
        [{"name": "f", "input_schema": None}],
        "from_anthropic: /tools/0/input_schema must be an object; it is null",
    ),
    (
        "anthropic",
        [{"input_schema": {"type": "object"}}],
        "from_anthropic: /tools/0/name must be a string; it is missing",
    ),
    (
        "anthropic",
        [{"name": "f", "input_schema": {"type": "object"}, "strict": 1}],
        "from_anthropic: /tools/0/strict must be a boolean; it is a number (1)",
    ),
]


@pytest.mark.parametrize(("provider", "tools", "message"), MALFORMED)
def test_malformed_tool_entries_are_wire_format_errors_with_their_path(
    provider: str, tools: Any, message: str
) -> None:
    with pytest.raises(WireFormatError) as raised:
        from_wire(provider, {"messages": [], "input": []}, tools)
    assert str(raised.value) == message
    assert raised.value.path[0] == "tools"


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_read_definition_the_ir_refuses_is_a_transcript_error_at_its_wire_index(
    provider: str,
) -> None:
    blank = {
        "openai-chat": {"type": "function", "function": {"name": " "}},
        "openai-responses": {"type": "function", "name": " "},
        "anthropic": {"name": " ", "input_schema": {"type": "object"}},
    }[provider]
    tools = [*HOSTED[provider], blank]

    with pytest.raises(TranscriptError) as raised:
        from_wire(provider, {"messages": [], "input": []}, tools)

    [problem] = raised.value.diagnostics
    assert (str(problem.code), problem.tool_index, problem.path) == (
        "INVALID_TOOL_DEFINITION",
        len(tools) - 1,
        "/name",
    )


@pytest.mark.parametrize("provider", PROVIDERS)
def test_an_empty_tools_list_reads_as_no_definitions_and_none_as_none(provider: str) -> None:
    assert from_wire(provider, {"messages": [], "input": []}, []).tools == ()
    assert from_wire(provider, {"messages": [], "input": []}, None).tools is None
