"""What real Anthropic traffic carries, read and written back: prompt-cache breakpoints
(``cache_control`` with ``ttl``), system blocks kept apart, citations, server-tool calls
and results (web search, MCP), the refusal stop reason and cache usage. Each case is a
minimal version of a recorded request, reply or stream; requests are typed with the
SDK's param types and checked against them, replies validated as ``anthropic.types.Message``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import anthropic
import msgspec
import pytest
from anthropic.types import MessageParam, TextBlockParam

from agent_ir import (
    AssistantMessage,
    Citation,
    DocumentBlock,
    ImageBlock,
    RefusalBlock,
    ServerToolCallBlock,
    ServerToolResultBlock,
    TextBlock,
    ToolCallBlock,
    UrlSource,
    to_json_value,
    user_message,
    validate_transcript,
)
from agent_ir.wire import (
    AnthropicStream,
    AsyncAnthropicStream,
    ConversionWarningCode,
    from_anthropic,
    reply_from_anthropic,
    to_anthropic,
)

from support.sdk import assert_sdk_accepts
from support.wire_cases import located

Code = ConversionWarningCode
MESSAGES: Any = list[MessageParam]
SYSTEM: Any = str | list[TextBlockParam]
PNG = "iVBORw0KGgo="
QUESTION = user_message(id="user-1", content="hi")


def round_trip(messages: list[MessageParam], system: Any = None) -> tuple[Any, Any]:
    """(what ``from_anthropic`` read, the request ``to_anthropic`` writes from it)."""
    read = from_anthropic(messages, system=system)
    return read, to_anthropic(list(read))


def sent(messages: list[MessageParam], system: Any = None) -> dict[str, Any]:
    return {"messages": messages} | ({} if system is None else {"system": system})


# --- cache_control ------------------------------------------------------------------------


CACHED_SYSTEM: list[TextBlockParam] = [
    {"type": "text", "text": "You are a coding agent."},
    {"type": "text", "text": "Repository map: ...", "cache_control": {"type": "ephemeral"}},
]
CACHED_MESSAGES: list[MessageParam] = [
    {
        "role": "user",
        "content": [
            {
                "type": "image",
                "source": {"type": "base64", "media_type": "image/png", "data": PNG},
                "cache_control": {"type": "ephemeral", "ttl": "1h"},
            },
            {
                "type": "document",
                "source": {"type": "url", "url": "https://example.com/spec.pdf"},
                "title": "Spec",
                "context": "Version 2",
                "citations": {"enabled": True},
                "cache_control": {"type": "ephemeral", "ttl": "5m"},
            },
            {"type": "text", "text": "Fix the bug.", "cache_control": {"type": "ephemeral"}},
        ],
    },
    {
        "role": "assistant",
        "content": [
            {"type": "text", "text": "Reading."},
            {
                "type": "tool_use",
                "id": "toolu_1",
                "name": "read",
                "input": {"path": "a.py"},
                "cache_control": {"type": "ephemeral"},
            },
        ],
    },
    {
        "role": "user",
        "content": [
            {
                "type": "tool_result",
                "tool_use_id": "toolu_1",
                "content": [
                    {"type": "text", "text": "x = 1", "cache_control": {"type": "ephemeral"}}
                ],
                "is_error": False,
                "cache_control": {"type": "ephemeral", "ttl": "1h"},
            }
        ],
    },
]


def test_a_prompt_cached_request_round_trips_exactly_ttl_included() -> None:
    assert_sdk_accepts(CACHED_MESSAGES, MESSAGES, "messages")
    read, back = round_trip(CACHED_MESSAGES, CACHED_SYSTEM)
    assert (read.warnings, back.warnings) == ((), ())
    assert back.fields == sent(CACHED_MESSAGES, CACHED_SYSTEM)
    system, _, user = (to_json_value(m) for m in read[:3])
    assert system == {"role": "system", "id": "message-0001", "content": "You are a coding agent."}
    assert to_json_value(read[1])["cacheControl"] == {"type": "ephemeral"}
    assert [block.get("cacheControl") for block in user["content"]] == [
        {"type": "ephemeral", "ttl": "1h"},
        {"type": "ephemeral", "ttl": "5m"},
        {"type": "ephemeral"},
    ]
    assert user["content"][1] | {"cacheControl": None} == {
        "type": "document",
        "source": {"type": "url", "url": "https://example.com/spec.pdf"},
        "title": "Spec",
        "context": "Version 2",
        "citations": True,
        "cacheControl": None,
    }
    result = to_json_value(read[-1])
    assert result["cacheControl"] == {"type": "ephemeral", "ttl": "1h"}
    assert result["content"][0]["cacheControl"] == {"type": "ephemeral"}


@pytest.mark.parametrize(
    "cache_control",
    [
        {"type": "persistent"},
        {"type": "ephemeral", "ttl": "2h"},
        {"type": "ephemeral", "ttl": 300},
        {"type": "ephemeral", "scope": "org"},
        "ephemeral",
    ],
)
def test_a_cache_control_of_another_shape_is_part_not_read_at_its_path(
    cache_control: Any,
) -> None:
    read = from_anthropic(
        [
            {
                "role": "user",
                "content": [{"type": "text", "text": "a", "cache_control": cache_control}],
            }
        ],
        system=[{"type": "text", "text": "s", "cache_control": cache_control}],
    )
    assert located(read) == [
        (Code.PART_NOT_READ, "/system/0/cache_control"),
        (Code.PART_NOT_READ, "/messages/0/content/0/cache_control"),
    ]
    assert to_json_value(read[1])["content"] == [{"type": "text", "text": "a"}]


# --- system blocks -------------------------------------------------------------------------


def test_a_multi_block_system_reads_as_one_system_message_each_and_round_trips() -> None:
    system: list[TextBlockParam] = [
        {"type": "text", "text": "You analyse novels."},
        {"type": "text", "text": "Answer in capitals.", "cache_control": {"type": "ephemeral"}},
    ]
    messages: list[MessageParam] = [{"role": "user", "content": "Who is Darcy?"}]
    read, back = round_trip(messages, system)
    assert [m.role for m in read] == ["system", "system", "user"]
    assert back.fields == sent(messages, system)
    assert_sdk_accepts(back.fields["system"], SYSTEM, "system")


def test_a_string_system_round_trips_and_a_one_block_list_comes_back_as_that_string() -> None:
    messages: list[MessageParam] = [{"role": "user", "content": "hi"}]
    assert round_trip(messages, "Reply with OK.")[1].fields == sent(messages, "Reply with OK.")
    _, back = round_trip(messages, [{"type": "text", "text": "Reply with OK."}])
    assert (back.fields, back.warnings) == (sent(messages, "Reply with OK."), ())


def test_a_non_text_block_in_a_system_role_message_is_part_not_read_not_an_error() -> None:
    """Regression: ``from_anthropic`` raised WireFormatError on a ``role: "system"``
    message in ``messages`` holding a non-text block (a recorded tool-search request
    that Anthropic accepted); every other unknown block is a warning."""
    tool_addition = {
        "type": "tool_addition",
        "tool": {"type": "tool_reference", "name": "lookup_exchange_rate"},
    }
    read = from_anthropic(
        [
            {"role": "user", "content": "Rate?"},
            {"role": "system", "content": [tool_addition, {"type": "text", "text": "Be brief."}]},
        ]
    )
    assert [to_json_value(m) for m in read] == [
        {"role": "user", "id": "message-0001", "content": "Rate?"},
        {"role": "system", "id": "message-0002", "content": "Be brief."},
    ]
    assert [(w.code, w.path, w.message) for w in read.warnings] == [
        (
            Code.PART_NOT_READ,
            "/messages/1/content/0",
            "a 'tool_addition' block in a system prompt has no IR form",
        )
    ]


# --- citations, server tools, refusals in requests -----------------------------------------

WEB_SEARCH_TURN: list[Any] = [
    {"type": "text", "text": "Let me search."},
    {
        "type": "server_tool_use",
        "id": "srvtoolu_01",
        "name": "web_search",
        "input": {"query": "weather Munich"},
    },
    {
        "type": "web_search_tool_result",
        "tool_use_id": "srvtoolu_01",
        "content": [
            {
                "type": "web_search_result",
                "title": "Weather Munich",
                "url": "https://example.com/munich",
                "encrypted_content": "EqgfCioIARgB",
                "page_age": None,
            }
        ],
    },
    {
        "type": "text",
        "text": "It is sunny.",
        "citations": [
            {
                "type": "web_search_result_location",
                "cited_text": "Sunny, 24 C.",
                "url": "https://example.com/munich",
                "title": "Weather Munich",
                "encrypted_index": "Eo8BCioIAhgB",
            }
        ],
    },
]
MCP_TURN: list[Any] = [
    {
        "type": "mcp_tool_use",
        "id": "mcptoolu_01",
        "name": "ask_question",
        "server_name": "deepwiki",
        "input": {"repoName": "pydantic/pydantic-ai"},
    },
    {
        "type": "mcp_tool_result",
        "tool_use_id": "mcptoolu_01",
        "is_error": False,
        "content": [{"type": "text", "text": "An agent framework."}],
    },
]


@pytest.mark.parametrize("content", [WEB_SEARCH_TURN, MCP_TURN], ids=["web-search", "mcp"])
def test_server_tool_turns_and_citations_round_trip_exactly(content: list[Any]) -> None:
    messages: list[MessageParam] = [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": content},
    ]
    read, back = round_trip(messages)
    assert (read.warnings, back.warnings) == ((), ())
    assert back.fields == sent(messages)


def test_server_blocks_and_citations_read_into_their_ir_blocks() -> None:
    read = from_anthropic([{"role": "assistant", "content": [*WEB_SEARCH_TURN[1:], *MCP_TURN]}])
    call, result, cited, mcp_call, mcp_result = read[0].content
    assert call == ServerToolCallBlock(
        provider="anthropic", id="srvtoolu_01", name="web_search", input={"query": "weather Munich"}
    )
    assert isinstance(result, ServerToolResultBlock)
    assert result.tool_call_id == "srvtoolu_01"
    assert to_json_value(result)["wire"] == {
        key: value for key, value in WEB_SEARCH_TURN[2].items() if key != "tool_use_id"
    }
    assert isinstance(cited, TextBlock)
    assert cited.citations is not None
    assert [to_json_value(c) for c in cited.citations] == [
        {"provider": "anthropic", "wire": WEB_SEARCH_TURN[3]["citations"][0]}
    ]
    assert to_json_value(mcp_call)["wire"] == {"type": "mcp_tool_use", "server_name": "deepwiki"}
    assert isinstance(mcp_result, ServerToolResultBlock)


def test_what_anthropic_has_no_place_for_is_warned_or_left_out_as_documented() -> None:
    other = Citation(provider="openai-responses", wire={"type": "url_citation", "url": "u"})
    transcript = [
        user_message(
            id="u",
            content=(
                ImageBlock(source=UrlSource(url="https://x/a.png"), detail="low"),
                DocumentBlock(source=UrlSource(url="https://x/d.pdf"), filename="d.pdf"),
            ),
        ),
        AssistantMessage(
            id="a",
            content=(
                TextBlock(text="see", citations=(other,), item_id="msg_1"),
                RefusalBlock(text="I can't help with that."),
                ServerToolCallBlock(
                    provider="openai-responses", id="ws_1", name="web_search_call", input={}
                ),
                ToolCallBlock(id="call_1", name="f", arguments={}, item_id="fc_1", namespace="ns"),
            ),
        ),
    ]
    request = to_anthropic(transcript)
    assert [(w.code, w.path) for w in request.warnings] == [
        (Code.IMAGE_DETAIL_NOT_SENT, "/0/content/0/detail"),
        (Code.DOCUMENT_DETAIL_NOT_SENT, "/0/content/1/filename"),
        (Code.CITATIONS_NOT_SENT, "/1/content/0/citations"),
        (Code.REFUSAL_AS_TEXT, "/1/content/1"),
        (Code.SERVER_TOOL_NOT_SENT, "/1/content/2"),
    ]
    assert request.fields["messages"][1]["content"] == [
        {"type": "text", "text": "see"},
        {"type": "text", "text": "I can't help with that."},
        {"type": "tool_use", "id": "call_1", "name": "f", "input": {}},
    ]
    assert_sdk_accepts(request.fields["messages"], MESSAGES, "messages")


# --- replies and streams -------------------------------------------------------------------


def reply(
    content: list[Any], stop_reason: str = "end_turn", *, beta: bool = False, **usage: Any
) -> dict[str, Any]:
    """A reply validated and dumped by the SDK (``beta``: its beta types, which have the
    MCP connector's blocks)."""
    message = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-test",
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 5, **usage},
    }
    model = anthropic.types.beta.BetaMessage if beta else anthropic.types.Message
    dumped: dict[str, Any] = model.model_validate(message).model_dump(mode="json")
    return dumped


def events_of(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The stream Anthropic sends for ``message`` (its content blocks whole in their
    starts, but text, tool input and citations as deltas)."""
    usage = message["usage"]
    start = {**message, "content": [], "stop_reason": None, "usage": {**usage, "output_tokens": 1}}
    events: list[dict[str, Any]] = [{"type": "message_start", "message": start}]
    for index, block in enumerate(message["content"]):
        first, deltas = dict(block), []
        if block["type"] == "text":
            first["text"], first["citations"] = "", []
            deltas = [{"type": "citations_delta", "citation": c} for c in block["citations"] or ()]
            deltas.append({"type": "text_delta", "text": block["text"]})
        elif block["type"] in ("server_tool_use", "mcp_tool_use", "tool_use"):
            first["input"] = {}
            deltas = [{"type": "input_json_delta", "partial_json": json.dumps(block["input"])}]
        events.append({"type": "content_block_start", "index": index, "content_block": first})
        events.extend({"type": "content_block_delta", "index": index, "delta": d} for d in deltas)
        events.append({"type": "content_block_stop", "index": index})
    delta = {"stop_reason": message["stop_reason"], "stop_sequence": None}
    events.append({"type": "message_delta", "delta": delta, "usage": usage})
    events.append({"type": "message_stop"})
    return events


async def async_items(items: list[Any]) -> AsyncIterator[Any]:
    for item in items:
        yield item


def read_three_ways(message: dict[str, Any]) -> Any:
    """The reply read non-streamed, then as a sync and an async stream: all three agree."""
    replied = reply_from_anthropic(message, request_id="r")
    events = events_of(message)
    streamed = AnthropicStream(events, request_id="r").result()

    async def read_async() -> Any:
        return await AsyncAnthropicStream(async_items(events), request_id="r").result()

    assert streamed == replied
    assert asyncio.run(read_async()) == replied
    return replied


def test_a_web_search_reply_and_its_stream_keep_the_server_blocks_and_citations() -> None:
    message = reply(
        WEB_SEARCH_TURN, server_tool_use={"web_search_requests": 1, "web_fetch_requests": 0}
    )
    response = read_three_ways(message)
    assert response.warnings == ()
    assert [block.type for block in response.message.content] == [
        "text",
        "serverToolCall",
        "serverToolResult",
        "text",
    ]
    back = to_anthropic([QUESTION, response.message])
    assert back.warnings == ()
    sent_back = back.fields["messages"][1]["content"]
    assert sent_back == [
        {key: value for key, value in block.items() if value is not None}
        for block in message["content"]
    ]


def test_an_mcp_reply_keeps_the_call_and_its_result() -> None:
    response = read_three_ways(reply(MCP_TURN, beta=True))
    assert [to_json_value(b)["type"] for b in response.message.content] == [
        "serverToolCall",
        "serverToolResult",
    ]
    assert response.warnings == ()


def test_a_server_result_whose_call_is_in_the_previous_reply_is_kept() -> None:
    """A turn continued after ``pause_turn`` may start with the result of a call the
    previous reply made: the reply keeps it, and the transcript of both replies is
    valid (the linkage rule finds the call in the earlier message), while the
    continuation alone is an orphan."""
    first = read_three_ways(reply(WEB_SEARCH_TURN[:2], "pause_turn"))
    continued = read_three_ways(reply(WEB_SEARCH_TURN[2:]))
    assert continued.warnings == ()
    assert [block.type for block in continued.message.content] == [
        "serverToolResult",
        "text",
    ]
    assert continued.message.content[0].tool_call_id == "srvtoolu_01"
    second = msgspec.structs.replace(continued.message, id="message-2")
    user = {"role": "user", "id": "u", "content": "Weather in Munich?"}
    assert validate_transcript([user, first.message, second]) == ()
    assert [d.code for d in validate_transcript([user, second])] == ["ORPHAN_SERVER_TOOL_RESULT"]


def test_the_refusal_stop_reason_is_refusal_and_the_text_is_kept() -> None:
    response = read_three_ways(
        reply([{"type": "text", "text": "I can't help with that."}], "refusal")
    )
    assert response.stop_reason == "refusal"
    assert response.message.stop_reason == "refusal"
    assert response.message.content == (TextBlock(text="I can't help with that."),)


def test_cache_usage_counts_in_the_input_and_is_kept_apart() -> None:
    message = reply(
        [{"type": "text", "text": "ok"}],
        cache_read_input_tokens=896,
        cache_creation_input_tokens=100,
        output_tokens_details={"thinking_tokens": 3},
        service_tier="standard",
        cache_creation={"ephemeral_5m_input_tokens": 100, "ephemeral_1h_input_tokens": 0},
    )
    response = read_three_ways(message)
    usage = to_json_value(response.usage)
    assert usage == {
        "inputTokens": 10 + 896 + 100,
        "outputTokens": 5,
        "cacheReadTokens": 896,
        "cacheWriteTokens": 100,
        "reasoningTokens": 3,
        "cacheWritesByTtl": [{"ttl": "5m", "tokens": 100}, {"ttl": "1h", "tokens": 0}],
    }
    assert response.warnings == ()


def test_a_usage_key_the_ir_does_not_know_is_warned_at_its_path() -> None:
    message = reply([{"type": "text", "text": "ok"}])
    message["usage"]["gateway"] = {"cost_estimate": 0.0002}
    response = reply_from_anthropic(message, request_id="r")
    assert [(w.code, w.path) for w in response.warnings] == [(Code.PART_NOT_READ, "/usage/gateway")]
