"""The Responses stream and reply decoded once (``agent_ir.wire.openai_responses._wire``):
keys the declaration does not know warned at their place, once; the events read from
their text read as their JSON data is; items read late from the terminal put at their
place in the output (``ReplyBuilder.block_count`` / ``move_blocks``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from agent_ir._generated.model_stream_schema import ResponseStopReason
from agent_ir.messages import to_json_value
from agent_ir.replies import ModelResponse, ProviderError, ProviderErrorCode
from agent_ir.replies.builder import ReplyBuilder
from agent_ir.wire import ConversionWarningCode, OpenAIResponsesStream
from agent_ir.wire.openai_responses import reply_from_openai_responses

RID = "resp_1"
PART_NOT_READ = ConversionWarningCode.PART_NOT_READ


def sse(events: list[dict[str, Any]]) -> bytes:
    return "".join(f"data: {json.dumps(event)}\n\n" for event in events).encode()


def read(events: list[dict[str, Any]], how: str = "bytes") -> ModelResponse:
    """The response of ``events`` fed as SSE bytes (the frequent events read from their
    text) or as decoded event objects (every event read from its JSON data)."""
    source: list[Any] = [sse(events)] if how == "bytes" else [dict(e) for e in events]
    return OpenAIResponsesStream(source, request_id="r").result()


def refusal(events: list[dict[str, Any]], how: str = "bytes") -> ProviderError:
    with pytest.raises(ProviderError) as caught:
        read(events, how)
    return caught.value


def created() -> dict[str, Any]:
    return {"type": "response.created", "response": {"id": RID, "status": "in_progress"}}


def completed(output: list[Any] | None = None, **response: Any) -> dict[str, Any]:
    usage = {"input_tokens": 3, "output_tokens": 5, "total_tokens": 8}
    body = {"id": RID, "status": "completed", "output": output or [], "usage": usage}
    return {"type": "response.completed", "response": {**body, **response}}


def text(delta: str, index: int = 0, **extra: Any) -> dict[str, Any]:
    return {
        "type": "response.output_text.delta",
        "item_id": f"msg_{index}",
        "output_index": index,
        "content_index": 0,
        "delta": delta,
        "logprobs": [],
        "obfuscation": "xyz",
        "sequence_number": 1,
        **extra,
    }


def message(index: int, value: str, **extra: Any) -> dict[str, Any]:
    part = {"type": "output_text", "text": value, "annotations": [], "logprobs": []}
    return {
        "id": f"msg_{index}",
        "type": "message",
        "status": "completed",
        "role": "assistant",
        "content": [part],
        **extra,
    }


def call(index: int, **extra: Any) -> dict[str, Any]:
    return {
        "id": f"fc_{index}",
        "type": "function_call",
        "status": "completed",
        "call_id": f"call_{index}",
        "name": "f",
        "arguments": "{}",
        **extra,
    }


def mcp(index: int) -> dict[str, Any]:
    return {"id": f"mcpl_{index}", "type": "mcp_list_tools", "server_label": "s", "tools": []}


def added(index: int, item: dict[str, Any]) -> dict[str, Any]:
    return {"type": "response.output_item.added", "output_index": index, "item": item}


def done(index: int, item: dict[str, Any]) -> dict[str, Any]:
    return {"type": "response.output_item.done", "output_index": index, "item": item}


def streamed_message(index: int, value: str) -> list[dict[str, Any]]:
    item = message(index, value)
    return [added(index, {**item, "content": []}), text(value, index), done(index, item)]


def warnings(response: ModelResponse) -> list[tuple[Any, str, int, str]]:
    return [(w.code, w.path, w.block_index, w.message) for w in response.warnings]


def kinds(response: ModelResponse) -> list[tuple[str, str]]:
    content = to_json_value(response.message)["content"]
    return [(b["type"], b.get("id") or b.get("itemId") or "") for b in content]


def reply_of(terminal: dict[str, Any]) -> dict[str, Any]:
    value: dict[str, Any] = to_json_value(
        reply_from_openai_responses(terminal["response"], request_id="r")
    )
    return value


# --- keys the declaration does not know --------------------------------------------------


@pytest.mark.parametrize("how", ["bytes", "dicts"])
def test_an_unknown_key_of_a_delta_is_warned_once_naming_the_event(how: str) -> None:
    events = [created(), text("a", zz_new=1), text("b", zz_new=2), completed()]
    response = read(events, how)
    assert kinds(response) == [("text", "msg_0")]
    assert to_json_value(response.message)["content"][0]["text"] == "ab"
    assert warnings(response) == [
        (
            PART_NOT_READ,
            "",
            -1,
            "response.output_text.delta /zz_new is not read: the IR has no place for it",
        )
    ]


@pytest.mark.parametrize("how", ["bytes", "dicts"])
def test_an_unknown_key_of_an_item_is_warned_once_at_its_place_in_the_output(how: str) -> None:
    item = {**call(0), "zz_new": {"a": 1}}
    events = [created(), added(0, item), done(0, item), completed([item])]
    response = read(events, how)
    assert kinds(response) == [("toolCall", "call_0")]
    assert warnings(response) == [
        (
            PART_NOT_READ,
            "/output/0/zz_new",
            -1,
            "/output/0/zz_new is not read: the IR has no place for it",
        )
    ]
    # The non-streamed reply says the same of the same item.
    assert to_json_value(response)["warnings"] == reply_of(completed([item]))["warnings"]


def test_the_terminals_unknown_keys_are_warned_at_their_place_in_the_reply() -> None:
    usage = {"input_tokens": 3, "output_tokens": 5, "cost": 0.5, "zz_null": None}
    details = {"input_tokens_details": {"cached_tokens": 1, "zz_cache": 2}}
    terminal = completed([message(0, "hi", zz_item=1)], usage={**usage, **details}, zz_top=1)
    response = read([created(), *streamed_message(0, "hi"), terminal])
    expected = [  # in the order of the declaration, a struct's own keys after its fields'
        "/output/0/zz_item",
        "/usage/input_tokens_details/zz_cache",
        "/usage/cost",
        "/zz_top",
    ]
    assert [w.path for w in response.warnings] == expected
    assert {w.code for w in response.warnings} == {PART_NOT_READ}
    assert response.usage.cache_read_tokens == 1
    # A null key carries nothing: not warned. The reply says the same.
    reply = reply_of(terminal)
    assert [w["path"] for w in reply["warnings"]] == expected
    assert reply["message"] == to_json_value(response.message)


def test_every_key_the_api_documents_is_read_or_passed_over_without_a_warning() -> None:
    item = message(0, "hi", phase=None)
    documented = {
        "object": "response",
        "created_at": 1,
        "completed_at": 2,
        "model": "gpt-test",
        "instructions": "be brief",
        "metadata": {},
        "tools": [],
        "tool_choice": "auto",
        "parallel_tool_calls": True,
        "temperature": 1.0,
        "top_p": 1.0,
        "store": True,
        "reasoning": {"effort": None},
        "text": {"format": {"type": "text"}},
        "truncation": "disabled",
        "error": None,
        "incomplete_details": None,
        "usage": {
            "input_tokens": 3,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": 5,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": 8,
        },
    }
    terminal = completed([item], **documented)
    events = [
        created(),
        {"type": "response.in_progress", "response": {"id": RID}, "sequence_number": 1},
        *streamed_message(0, "hi"),
        {"type": "keepalive", "sequence_number": 4},
        terminal,
    ]
    for how in ("bytes", "dicts"):
        assert read(events, how).warnings == ()
    assert reply_of(terminal)["warnings"] == []


def test_an_unknown_message_part_is_passed_over_with_a_warning_and_the_others_read() -> None:
    item = {
        **message(0, "hi"),
        "content": [
            {"type": "output_audio", "data": "...", "transcript": "hi"},
            {"type": "output_text", "text": "hi", "annotations": []},
        ],
    }
    reply = reply_of(completed([item]))
    assert [b["type"] for b in reply["message"]["content"]] == ["text"]
    assert [(w["code"], w["path"], w["blockIndex"]) for w in reply["warnings"]] == [
        ("PART_NOT_READ", "/output/0/content/0", 0)
    ]
    assert reply["warnings"][0]["message"] == (
        "/output/0/content/0 ('output_audio' part) has no IR form"
    )
    response = read([created(), completed([item])])
    assert to_json_value(response) == reply


# --- the events read from their text -------------------------------------------------------


@pytest.mark.parametrize(
    ("event", "said"),
    [
        (
            {**text("x"), "delta": 5},
            "response.output_text.delta /delta must be a string; it is a number (5)",
        ),
        (
            {**text("x"), "output_index": -1},
            "response.output_text.delta /output_index must be an integer >= 0 or null;"
            " it is a number (-1)",
        ),
        (
            {"type": "response.reasoning_summary_text.delta", "output_index": 0, "delta": "a"},
            "response.reasoning_summary_text.delta /summary_index must be an integer >= 0;"
            " it is missing",
        ),
    ],
    ids=["delta", "output-index", "summary-index"],
)
def test_an_ill_typed_frequent_event_is_refused_alike_from_its_text_and_its_data(
    event: dict[str, Any], said: str
) -> None:
    for how in ("bytes", "dicts"):
        error = refusal([created(), event, completed()], how)
        assert (error.code, error.record_index) == (ProviderErrorCode.PROVIDER_INVALID_EVENT, 1)
        assert error.message == f"event 1: {said}"


def test_the_frequent_events_read_from_their_text_give_what_their_data_gives() -> None:
    events = [
        created(),
        added(0, {"id": "rs_1", "type": "reasoning", "summary": []}),
        {
            "type": "response.reasoning_summary_part.added",
            "output_index": 0,
            "summary_index": 0,
            "item_id": "rs_1",
            "part": {"type": "summary_text", "text": ""},
        },
        {
            "type": "response.reasoning_summary_text.delta",
            "output_index": 0,
            "summary_index": 0,
            "item_id": "rs_1",
            "delta": "think",
            "obfuscation": "o",
        },
        {"type": "response.reasoning_summary_part.done", "output_index": 0, "summary_index": 0},
        done(
            0,
            {
                "id": "rs_1",
                "type": "reasoning",
                "summary": [{"type": "summary_text", "text": "think"}],
            },
        ),
        added(1, {**call(1), "arguments": ""}),
        {"type": "response.function_call_arguments.delta", "output_index": 1, "delta": '{"a":'},
        {"type": "response.function_call_arguments.delta", "output_index": 1, "delta": "1}"},
        {
            "type": "response.function_call_arguments.done",
            "output_index": 1,
            "arguments": '{"a":1}',
        },
        done(1, {**call(1), "arguments": '{"a":1}'}),
        added(2, {**message(2, ""), "content": []}),
        {"type": "response.content_part.added", "output_index": 2, "content_index": 0},
        text("ok", 2),
        {"type": "response.output_text.done", "output_index": 2, "content_index": 0, "text": "ok"},
        {"type": "response.refusal.delta", "output_index": 2, "content_index": 1, "delta": "no"},
        {"type": "response.refusal.done", "output_index": 2, "content_index": 1, "refusal": "no"},
        done(2, message(2, "ok")),
        completed(),
    ]
    as_bytes = read(events, "bytes")
    assert to_json_value(as_bytes) == to_json_value(read(events, "dicts"))
    assert kinds(as_bytes) == [
        ("thinking", ""),
        ("toolCall", "call_1"),
        ("text", "msg_2"),
        ("refusal", ""),
    ]
    assert as_bytes.warnings == ()


# --- items read late, at their place ----------------------------------------------------------


def test_items_never_done_are_put_at_their_place_among_the_streamed_blocks() -> None:
    """The recorded shape (three MCP servers' tools listed, one item finished, then the
    answer): each block where its item is in the output, as the reply reader reads it."""
    answer = message(3, "Here")
    events = [
        created(),
        added(0, mcp(0)),
        added(1, mcp(1)),
        added(2, mcp(2)),
        done(2, mcp(2)),
        *streamed_message(3, "Here"),
        completed([mcp(0), mcp(1), mcp(2), answer]),
    ]
    response = read(events)
    assert kinds(response) == [
        ("serverToolCall", "mcpl_0"),
        ("serverToolCall", "mcpl_1"),
        ("serverToolCall", "mcpl_2"),
        ("text", "msg_3"),
    ]
    assert to_json_value(response) == reply_of(events[-1])


def test_an_item_read_late_goes_between_the_streamed_items_around_it() -> None:
    first = call(0)
    events = [
        created(),
        added(0, first),
        done(0, first),
        added(1, mcp(1)),
        *streamed_message(2, "after"),
        completed([first, mcp(1), message(2, "after")]),
    ]
    response = read(events)
    assert kinds(response) == [
        ("toolCall", "call_0"),
        ("serverToolCall", "mcpl_1"),
        ("text", "msg_2"),
    ]
    assert to_json_value(response) == reply_of(events[-1])


def test_a_message_read_late_keeps_its_chunks_at_the_terminal_and_its_block_at_its_place() -> None:
    late = message(0, "first")
    events = [created(), added(1, call(1)), done(1, call(1)), completed([late, call(1)])]
    stream = OpenAIResponsesStream([sse(events)], request_id="r")
    chunks = [to_json_value(chunk)["type"] for chunk in stream]
    response = stream.result()
    assert chunks == ["toolCall", "textDelta"]  # as they came
    assert kinds(response) == [("text", "msg_0"), ("toolCall", "call_1")]
    assert to_json_value(response) == reply_of(events[-1])


def test_items_read_late_without_streamed_items_after_them_stay_in_their_order() -> None:
    events = [created(), *streamed_message(0, "a"), completed([message(0, "a"), mcp(1), call(2)])]
    response = read(events)
    assert kinds(response) == [
        ("text", "msg_0"),
        ("serverToolCall", "mcpl_1"),
        ("toolCall", "call_2"),
    ]


# --- the builder's part --------------------------------------------------------------------------


def test_move_blocks_moves_the_last_blocks_and_refuses_what_it_cannot_do() -> None:
    builder = ReplyBuilder("r")
    builder.start("resp")
    builder.text("a")
    assert builder.block_count == 1  # the open text block counts
    with pytest.raises(ValueError, match="open"):
        builder.move_blocks(0, 0)
    builder.end_text()
    builder.tool_call("c1", "f", {})
    start = builder.block_count
    builder.server_tool_call("openai-responses", "s1", "mcp_list_tools", {})
    builder.server_tool_call("openai-responses", "s2", "mcp_list_tools", {})
    with pytest.raises(ValueError, match="of 4 blocks"):
        builder.move_blocks(start, start + 1)
    with pytest.raises(ValueError, match="of 4 blocks"):
        builder.move_blocks(5, 0)
    builder.move_blocks(start, 1)
    response = builder.finish(ResponseStopReason.TOOL_CALL, 1, 1)
    content = to_json_value(response.message)["content"]
    assert [b.get("id") or b["text"] for b in content] == ["a", "s1", "s2", "c1"]
    assert [to_json_value(chunk)["type"] for chunk in builder.chunks] == ["textDelta", "toolCall"]
