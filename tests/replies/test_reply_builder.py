"""``ReplyBuilder`` driven directly: the blocks and chunks of each call, and every
refusal's code and sentence (the rules of ``agent_ir.replies.builder``'s docstring).

The provider streams drive the builder through their wire; these tests read what the
builder itself decides, whichever reader calls it: which block a delta, a signature or
a citation lands on, when a block closes, and the checks of ``finish``'s counts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from agent_ir._generated.model_stream_schema import ResponseStopReason
from agent_ir.messages import to_json_value
from agent_ir.replies import ProviderErrorCode
from agent_ir.replies.builder import MAX_TOKEN_COUNT, Refusal, ReplyBuilder, refusal_error
from agent_ir.wire import ConversionWarningCode

STOP = ResponseStopReason.STOP
TOOL_CALL = ResponseStopReason.TOOL_CALL
INVALID = ProviderErrorCode.PROVIDER_INVALID_EVENT
INVALID_TERMINAL = ProviderErrorCode.PROVIDER_INVALID_TERMINAL
DUPLICATE_TERMINAL = ProviderErrorCode.PROVIDER_DUPLICATE_TERMINAL
MISSING_START = ProviderErrorCode.PROVIDER_MISSING_START
LONE = "\ud800"  # a lone surrogate: not valid Unicode


def started(**names: str) -> ReplyBuilder:
    builder = ReplyBuilder("req", **names)
    builder.start("resp")
    return builder


def refused(call: Callable[[], object]) -> tuple[ProviderErrorCode, str]:
    with pytest.raises(Refusal) as caught:
        call()
    return caught.value.code, str(caught.value)


def content(builder: ReplyBuilder, stop: ResponseStopReason = STOP) -> list[dict[str, Any]]:
    response = builder.finish(stop, 1, 1)
    blocks: list[dict[str, Any]] = to_json_value(response.message)["content"]
    return blocks


def chunks(builder: ReplyBuilder) -> list[tuple[str, Any]]:
    out = []
    for chunk in builder.chunks:
        value = to_json_value(chunk)
        assert value["requestId"] == "req"
        out.append((value["type"], value.get("delta", value.get("toolCall", {}).get("id"))))
    return out


# --- start, the terminal and their order --------------------------------------------------------


def test_start_comes_once_with_a_non_empty_id_before_anything_else() -> None:
    builder = ReplyBuilder("req", start="message_start", terminal="message_stop")
    assert not builder.started
    assert not builder.open
    assert builder.response is None
    assert builder.request_id == "req"
    assert refused(lambda: builder.text("a")) == (MISSING_START, "a text before message_start")
    assert refused(lambda: builder.check_started("ping")) == (
        MISSING_START,
        "a ping before message_start",
    )
    assert refused(lambda: builder.finish(STOP, 0, 0)) == (
        MISSING_START,
        "a message_stop before message_start",
    )
    assert refused(lambda: builder.start(" ")) == (
        INVALID,
        "message_start id must be a non-empty string",
    )
    assert not builder.started
    builder.start("resp")
    assert builder.started
    assert builder.open
    assert refused(lambda: builder.start("other")) == (
        ProviderErrorCode.PROVIDER_DUPLICATE_START,
        "a second message_start",
    )


def test_after_the_terminal_every_call_is_refused_and_a_second_terminal_is_a_duplicate() -> None:
    builder = started(start="message_start", terminal="message_stop")
    response = builder.finish(STOP, 1, 2)
    assert builder.response is response
    assert builder.started
    assert not builder.open
    assert refused(lambda: builder.start("resp")) == (
        INVALID_TERMINAL,
        "a message_start after message_stop",
    )
    assert refused(lambda: builder.text("a", what="delta")) == (
        INVALID_TERMINAL,
        "a delta after message_stop",
    )
    assert refused(lambda: builder.finish(STOP, 1, 2)) == (
        DUPLICATE_TERMINAL,
        "a second message_stop",
    )
    assert refused(lambda: builder.check_open("message_stop", terminal=True)) == (
        DUPLICATE_TERMINAL,
        "a second message_stop",
    )
    assert refused(lambda: builder.check_open("ping")) == (
        INVALID_TERMINAL,
        "a ping after message_stop",
    )
    assert refused(lambda: builder.check_started("ping")) == (
        INVALID_TERMINAL,
        "a ping after message_stop",
    )
    late = builder.fail("overloaded", "busy")
    assert (late.code, str(late), late.provider_code) == (
        INVALID_TERMINAL,
        "an error event after the terminal",
        None,
    )


def test_check_open_before_the_terminal_refuses_nothing() -> None:
    builder = ReplyBuilder("req")
    builder.check_open("message_stop", terminal=True)
    builder.check_open("ping")
    builder.start("resp")
    builder.check_open("message_stop", terminal=True)
    builder.check_started("ping")
    assert builder.finish(STOP, 0, 0).id == "resp"


def test_a_providers_error_is_a_transport_error_with_its_own_code_and_message() -> None:
    builder = ReplyBuilder("req")
    error = builder.fail("overloaded_error", "Overloaded")
    assert (error.code, str(error), error.provider_code) == (
        ProviderErrorCode.PROVIDER_TRANSPORT_ERROR,
        "Overloaded",
        "overloaded_error",
    )
    own = refusal_error(error, "event 3", 3)
    assert (own.code, own.message, own.record_index, own.provider_code) == (
        ProviderErrorCode.PROVIDER_TRANSPORT_ERROR,
        "Overloaded",
        3,
        "overloaded_error",
    )
    mine = refusal_error(Refusal("a ping after message_stop", INVALID_TERMINAL), "event 4", 4)
    assert (mine.code, mine.message, mine.record_index, mine.provider_code) == (
        INVALID_TERMINAL,
        "event 4: a ping after message_stop",
        4,
        None,
    )


# --- text, refusal and their blocks ---------------------------------------------------------------


def test_text_deltas_join_into_one_block_with_the_item_id_they_name() -> None:
    builder = started()
    builder.text("a", item_id="msg_1")
    builder.text("b")  # no item id: the block keeps msg_1
    builder.end_text()
    builder.text("c")
    builder.text("d", item_id="msg_2")  # an item id on a later delta is the block's
    builder.end_text()
    builder.end_text()  # nothing open: nothing happens
    builder.text("e", block=True, item_id="msg_3", thought_signature="sig")
    assert builder.block_count == 3
    assert chunks(builder) == [("textDelta", d) for d in "abcde"]
    assert content(builder) == [
        {"type": "text", "text": "ab", "itemId": "msg_1"},
        {"type": "text", "text": "cd", "itemId": "msg_2"},
        {"type": "text", "text": "e", "itemId": "msg_3", "thoughtSignature": "sig"},
    ]


def test_a_whole_text_block_closes_the_open_one_and_the_next_delta_opens_another() -> None:
    builder = started()
    builder.text("a")
    builder.text("b", block=True)
    builder.text("c")
    assert builder.block_count == 3
    assert content(builder) == [
        {"type": "text", "text": "a"},
        {"type": "text", "text": "b"},
        {"type": "text", "text": "c"},
    ]


def test_text_block_chunk_adds_a_block_and_returns_its_chunk_without_queueing_it() -> None:
    builder = started()
    builder.text("a")
    chunk = builder.text_block_chunk("b")
    assert to_json_value(chunk) == {"type": "textDelta", "requestId": "req", "delta": "b"}
    assert chunks(builder) == [("textDelta", "a")]
    assert content(builder) == [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]


def test_a_thought_signature_on_a_delta_ends_its_block() -> None:
    builder = started()
    builder.text("a")
    builder.text("b", thought_signature="sig1")
    builder.text("c")
    assert builder.block_count == 2
    assert content(builder) == [
        {"type": "text", "text": "ab", "thoughtSignature": "sig1"},
        {"type": "text", "text": "c"},
    ]


def test_a_signature_alone_signs_the_open_text_block_and_closes_it() -> None:
    builder = started()
    builder.text("a", item_id="i")
    builder.sign_text("sig")
    builder.text("b")
    assert content(builder) == [
        {"type": "text", "text": "a", "itemId": "i", "thoughtSignature": "sig"},
        {"type": "text", "text": "b"},
    ]
    assert chunks(builder) == [("textDelta", "a"), ("textDelta", "b")]


def test_a_signature_alone_signs_the_last_unsigned_text_block_keeping_its_fields() -> None:
    builder = started()
    builder.text("a", item_id="i")
    builder.cite("anthropic", {"n": 1})
    builder.end_text()
    builder.sign_text("sig")
    assert content(builder) == [
        {
            "type": "text",
            "text": "a",
            "citations": [{"provider": "anthropic", "wire": {"n": 1}}],
            "itemId": "i",
            "thoughtSignature": "sig",
        }
    ]


@pytest.mark.parametrize(
    ("before", "blocks"),
    [
        ("nothing", []),
        ("signed text", [{"type": "text", "text": "a", "thoughtSignature": "s0"}]),
        ("tool call", [{"type": "toolCall", "id": "c1", "name": "f", "arguments": {}}]),
        ("open refusal", [{"type": "refusal", "text": "no"}]),
    ],
)
def test_a_signature_alone_with_no_unsigned_text_block_to_sign_is_an_empty_text_block(
    before: str, blocks: list[dict[str, Any]]
) -> None:
    builder = started()
    if before == "signed text":
        builder.text("a", thought_signature="s0")
    elif before == "tool call":
        builder.tool_call("c1", "f", {})
    elif before == "open refusal":
        builder.refusal("no")
    builder.sign_text("sig")
    stop = TOOL_CALL if before == "tool call" else STOP
    assert content(builder, stop) == [
        *blocks,
        {"type": "text", "text": "", "thoughtSignature": "sig"},
    ]


def test_refusal_deltas_join_into_one_refusal_block_between_text_blocks() -> None:
    builder = started()
    builder.text("a")
    builder.refusal("I can", item_id="msg_1")
    assert builder.block_count == 2  # the open refusal block counts
    builder.refusal("not")
    builder.refusal(".", item_id="msg_2")
    builder.end_text()
    assert builder.block_count == 2
    builder.refusal("x")
    builder.text("b")  # a text delta closes the refusal
    builder.refusal("y")
    builder.thinking("t")  # as does thinking
    builder.end_thinking()
    assert chunks(builder) == [
        ("textDelta", "a"),
        ("refusalDelta", "I can"),
        ("refusalDelta", "not"),
        ("refusalDelta", "."),
        ("refusalDelta", "x"),
        ("textDelta", "b"),
        ("refusalDelta", "y"),
        ("thinkingDelta", "t"),
    ]
    assert content(builder) == [
        {"type": "text", "text": "a"},
        {"type": "refusal", "text": "I cannot.", "itemId": "msg_2"},
        {"type": "refusal", "text": "x"},
        {"type": "text", "text": "b"},
        {"type": "refusal", "text": "y"},
        {"type": "thinking", "thinking": "t"},
    ]


def test_a_refusal_keeps_its_first_item_id_when_later_deltas_name_none() -> None:
    builder = started()
    builder.refusal("no", item_id="msg_1")
    builder.refusal("pe")
    builder.text("a", item_id="msg_2")
    assert content(builder) == [
        {"type": "refusal", "text": "nope", "itemId": "msg_1"},
        {"type": "text", "text": "a", "itemId": "msg_2"},
    ]


def test_a_closed_blocks_item_id_and_signature_do_not_leak_into_the_next_block() -> None:
    builder = started()
    builder.text("a", item_id="msg_1", thought_signature="sig")
    builder.text("b")
    builder.refusal("r", item_id="msg_2")
    builder.end_text()
    builder.refusal("s")
    builder.end_text()
    builder.text("c")
    assert content(builder) == [
        {"type": "text", "text": "a", "itemId": "msg_1", "thoughtSignature": "sig"},
        {"type": "text", "text": "b"},
        {"type": "refusal", "text": "r", "itemId": "msg_2"},
        {"type": "refusal", "text": "s"},
        {"type": "text", "text": "c"},
    ]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda b: b.text(LONE, what="delta"), "delta text must be a string of valid Unicode"),
        (lambda b: b.text("a", item_id=" "), "text item id must be a non-empty string"),
        (lambda b: b.text("a", item_id=LONE), "text item id must be a non-empty string"),
        (
            lambda b: b.text("a", thought_signature=""),
            "text thoughtSignature must be a non-empty string of valid Unicode",
        ),
        (
            lambda b: b.text("a", thought_signature=LONE),
            "text thoughtSignature must be a non-empty string of valid Unicode",
        ),
        (
            lambda b: b.text("a", thought_signature=7),
            "text thoughtSignature must be a non-empty string of valid Unicode",
        ),
        (
            lambda b: b.sign_text("", what="part"),
            "part thoughtSignature must be a non-empty string of valid Unicode",
        ),
        (lambda b: b.refusal(LONE), "refusal text must be a string of valid Unicode"),
        (lambda b: b.refusal("a", item_id=""), "refusal item id must be a non-empty string"),
        (lambda b: b.thinking(LONE), "thinking text must be a string of valid Unicode"),
        (
            lambda b: b.end_thinking(LONE),
            "thinking end signature must be a string of valid Unicode",
        ),
        (
            lambda b: b.end_thinking(thought_signature=""),
            "thinking end thoughtSignature must be a non-empty string of valid Unicode",
        ),
    ],
)
def test_a_delta_id_or_signature_that_is_not_valid_is_refused_and_adds_nothing(
    call: Callable[[ReplyBuilder], object], message: str
) -> None:
    builder = started()
    assert refused(lambda: call(builder)) == (INVALID, message)
    assert not builder.chunks
    assert builder.block_count == 0
    assert content(builder) == []


def test_an_empty_text_delta_is_a_block_and_a_chunk() -> None:
    builder = started()
    builder.text("")
    builder.refusal("")
    assert chunks(builder) == [("textDelta", ""), ("refusalDelta", "")]
    assert content(builder) == [{"type": "text", "text": ""}, {"type": "refusal", "text": ""}]


# --- citations ------------------------------------------------------------------------------------


def test_citations_go_on_the_open_text_block_else_on_the_last_text_block() -> None:
    builder = started()
    builder.text("a")
    builder.cite("anthropic", {"n": 1})
    builder.text("b")
    builder.cite("anthropic", {"n": 2})
    builder.end_text()
    builder.cite("openai", {"n": 3})
    builder.text("c")
    assert content(builder) == [
        {
            "type": "text",
            "text": "ab",
            "citations": [
                {"provider": "anthropic", "wire": {"n": 1}},
                {"provider": "anthropic", "wire": {"n": 2}},
                {"provider": "openai", "wire": {"n": 3}},
            ],
        },
        {"type": "text", "text": "c"},
    ]
    assert chunks(builder) == [("textDelta", "a"), ("textDelta", "b"), ("textDelta", "c")]


@pytest.mark.parametrize("before", ["nothing", "tool call", "open refusal", "closed refusal"])
def test_a_citation_with_no_text_block_to_cite_from_is_refused(before: str) -> None:
    builder = started()
    if before == "tool call":
        builder.tool_call("c1", "f", {})
    elif before == "open refusal":
        builder.text("a")
        builder.end_text()
        builder.refusal("no")
    elif before == "closed refusal":
        builder.refusal("no")
        builder.end_text()
    assert refused(lambda: builder.cite("anthropic", {"n": 1}, what="citations_delta")) == (
        INVALID,
        "a citations_delta with no text block to cite from",
    )


@pytest.mark.parametrize(
    ("citation", "message"),
    [
        ([1], "citation must be a JSON object"),
        ({"a": {"b": float("nan")}}, "citation a.b must be a finite number"),
        ({1: 2}, "citation has a key that is not a string: 1"),
    ],
)
def test_a_citation_that_is_not_a_json_object_is_refused_where_it_fails(
    citation: Any, message: str
) -> None:
    builder = started()
    builder.text("a")
    assert refused(lambda: builder.cite("anthropic", citation)) == (INVALID, message)


# --- thinking -------------------------------------------------------------------------------------


def test_thinking_parts_are_blocks_with_one_signature_in_order() -> None:
    builder = started()
    builder.text("a")
    builder.thinking("x")
    builder.thinking("y")
    builder.next_thinking_part()
    builder.thinking("z")
    builder.next_thinking_part()
    builder.end_thinking("sig", signature_provider="openai-responses")
    assert chunks(builder) == [
        ("textDelta", "a"),
        ("thinkingDelta", "x"),
        ("thinkingDelta", "y"),
        ("thinkingDelta", "z"),
    ]
    assert builder.block_count == 4
    signed = {"signature": "sig", "signatureProvider": "openai-responses"}
    assert content(builder) == [
        {"type": "text", "text": "a"},
        {"type": "thinking", "thinking": "xy", **signed},
        {"type": "thinking", "thinking": "z", **signed},
        {"type": "thinking", "thinking": "", **signed},
    ]


def test_a_first_thinking_part_opens_the_block_and_closes_the_text() -> None:
    builder = started()
    builder.text("a")
    builder.next_thinking_part()
    assert builder.block_count == 1
    builder.thinking("x")
    builder.end_thinking(redacted=True, signature_provider="anthropic", thought_signature="g")
    builder.thinking("y")
    builder.end_thinking()
    assert content(builder) == [
        {"type": "text", "text": "a"},
        {"type": "thinking", "thinking": "x", "redacted": True, "thoughtSignature": "g"},
        {"type": "thinking", "thinking": "y"},
    ]


def test_end_thinking_with_none_open_is_one_empty_block_and_closes_the_text() -> None:
    builder = started()
    builder.text("a")
    builder.end_thinking("opaque", redacted=True, signature_provider="anthropic")
    assert content(builder) == [
        {"type": "text", "text": "a"},
        {
            "type": "thinking",
            "thinking": "",
            "signature": "opaque",
            "signatureProvider": "anthropic",
            "redacted": True,
        },
    ]


def test_the_terminal_inside_a_thinking_block_is_refused() -> None:
    builder = started(terminal="message_stop")
    builder.thinking("x")
    assert refused(lambda: builder.finish(STOP, 1, 1)) == (
        INVALID,
        "message_stop inside a thinking block (no end of the block came)",
    )
    builder.end_thinking()
    assert content(builder) == [{"type": "thinking", "thinking": "x"}]


# --- tool calls and server tools ------------------------------------------------------------------


def test_a_tool_call_closes_the_text_and_keeps_its_item_id_namespace_and_signature() -> None:
    builder = started()
    builder.text("a")
    builder.tool_call(
        "c1", "f", {"x": [1]}, item_id="fc_1", namespace="ns", thought_signature="sig"
    )
    builder.text("b")
    call = {
        "type": "toolCall",
        "id": "c1",
        "name": "f",
        "arguments": {"x": [1]},
        "itemId": "fc_1",
        "namespace": "ns",
        "thoughtSignature": "sig",
    }
    assert content(builder, TOOL_CALL) == [
        {"type": "text", "text": "a"},
        call,
        {"type": "text", "text": "b"},
    ]
    assert to_json_value(builder.chunks[1]) == {
        "type": "toolCall",
        "requestId": "req",
        "toolCall": call,
    }


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda b: b.tool_call("c1", "f", {}, item_id=" "),
            "tool call item id must be a non-empty string",
        ),
        (
            lambda b: b.tool_call("c1", "f", {}, thought_signature=""),
            "tool call thoughtSignature must be a non-empty string of valid Unicode",
        ),
        (
            lambda b: b.tool_call("c1", "f", {}, namespace=LONE, what="function_call"),
            "function_call namespace must be a string of valid Unicode",
        ),
        (lambda b: b.tool_call(" ", "f", {}), "a tool call id must be a non-empty string"),
        (
            lambda b: b.tool_call("c1", "", {}),
            "tool call 'c1': its name must be a non-empty string",
        ),
        (
            lambda b: b.tool_call("c1", "f", []),
            "tool call 'c1' (f) arguments must be a JSON object",
        ),
        (
            lambda b: b.tool_call("c1", "f", {"a": [1, {1: 2}]}, what="call"),
            "call arguments.a[1] has a key that is not a string: 1",
        ),
        (
            lambda b: b.server_tool_call("anthropic", "", "web_search", {}),
            "a server tool call id must be a non-empty string",
        ),
        (
            lambda b: b.server_tool_call("anthropic", "s1", " ", {}),
            "server tool call 's1': its name must be a non-empty string",
        ),
        (
            lambda b: b.server_tool_call("anthropic", "s1", "web", {"x": [set()]}),
            "server tool call 's1' input x[0] must be a JSON value, not set",
        ),
        (
            lambda b: b.server_tool_call("anthropic", "s1", "web", {}, {"a": [1j]}),
            "server tool call 's1' a[0] must be a JSON value, not complex",
        ),
        (
            lambda b: b.server_tool_call("anthropic", "s1", "web", {}, []),
            "server tool call 's1' must be a JSON object",
        ),
        (
            lambda b: b.server_tool_result("anthropic", LONE, {}),
            "a server tool result's call id must be a non-empty string",
        ),
        (
            lambda b: b.server_tool_result("anthropic", "s1", []),
            "server tool result for 's1' must be a JSON object",
        ),
    ],
)
def test_a_call_that_is_not_valid_is_refused_and_adds_nothing(
    call: Callable[[ReplyBuilder], object], message: str
) -> None:
    builder = started()
    builder.text("a")
    assert refused(lambda: call(builder)) == (INVALID, message)
    assert chunks(builder) == [("textDelta", "a")]
    assert content(builder) == [{"type": "text", "text": "a"}]


def test_a_tool_call_id_repeated_in_one_reply_is_refused() -> None:
    builder = started()
    builder.tool_call("c1", "f", {})
    assert refused(lambda: builder.tool_call("c1", "g", {}, what="part")) == (
        INVALID,
        "part id 'c1' repeats an earlier call of this response",
    )
    builder.tool_call("c2", "g", {})
    assert [b["id"] for b in content(builder, TOOL_CALL)] == ["c1", "c2"]


def test_server_tool_blocks_close_the_text_and_emit_no_chunk() -> None:
    builder = started()
    builder.text("a")
    builder.server_tool_call("anthropic", "s1", "web_search", {"q": "x"}, {"caller": {"k": 1}})
    builder.text("b")
    builder.server_tool_result("anthropic", "s1", {"content": []})
    builder.text("c")
    builder.server_tool_call("anthropic", "s2", "web_search", {})
    assert chunks(builder) == [("textDelta", "a"), ("textDelta", "b"), ("textDelta", "c")]
    assert content(builder) == [
        {"type": "text", "text": "a"},
        {
            "type": "serverToolCall",
            "provider": "anthropic",
            "id": "s1",
            "name": "web_search",
            "input": {"q": "x"},
            "wire": {"caller": {"k": 1}},
        },
        {"type": "text", "text": "b"},
        {
            "type": "serverToolResult",
            "provider": "anthropic",
            "toolCallId": "s1",
            "wire": {"content": []},
        },
        {"type": "text", "text": "c"},
        {
            "type": "serverToolCall",
            "provider": "anthropic",
            "id": "s2",
            "name": "web_search",
            "input": {},
        },
    ]


# --- moving blocks --------------------------------------------------------------------------------


def test_move_blocks_puts_the_last_blocks_at_a_place_within_bounds() -> None:
    builder = started()
    builder.refusal("no")
    with pytest.raises(ValueError, match=r"^move_blocks while a text or refusal block is open$"):
        builder.move_blocks(0, 0)
    builder.end_text()
    builder.text("a")
    builder.end_text()
    builder.text("b")
    builder.end_text()
    assert builder.block_count == 3
    for start, position in [(4, 0), (2, 3), (-1, 0), (1, -1)]:
        with pytest.raises(ValueError, match=r"^move_blocks\(") as caught:
            builder.move_blocks(start, position)
        assert str(caught.value) == f"move_blocks({start}, {position}) of 3 blocks"
    builder.move_blocks(3, 3)  # nothing to move
    builder.move_blocks(2, 2)  # in place
    builder.move_blocks(2, 0)
    builder.move_blocks(3, 0)
    assert [b["text"] for b in content(builder)] == ["b", "no", "a"]


# --- the terminal ---------------------------------------------------------------------------------


def test_finish_builds_the_response_and_its_message() -> None:
    builder = started()
    builder.text("a")
    builder.warn(ConversionWarningCode.PART_NOT_READ, "/content/1", 1, "a block not read")
    response = builder.finish(
        ResponseStopReason.LENGTH,
        10,
        MAX_TOKEN_COUNT,
        response_id="resp",
        cache_read_tokens=0,
        cache_write_tokens=MAX_TOKEN_COUNT,
        reasoning_tokens=3,
        cache_writes_by_ttl=[("5m", 0), ("1h", MAX_TOKEN_COUNT)],
        server_tool_requests=[("web_search", 2)],
        model="claude",
    )
    usage = {
        "inputTokens": 10,
        "outputTokens": MAX_TOKEN_COUNT,
        "cacheReadTokens": 0,
        "cacheWriteTokens": MAX_TOKEN_COUNT,
        "reasoningTokens": 3,
        "cacheWritesByTtl": [{"ttl": "5m", "tokens": 0}, {"ttl": "1h", "tokens": MAX_TOKEN_COUNT}],
        "serverToolRequests": [{"tool": "web_search", "requests": 2}],
    }
    assert to_json_value(response) == {
        "id": "resp",
        "requestId": "req",
        "message": {
            "role": "assistant",
            "id": "message-resp",
            "content": [{"type": "text", "text": "a"}],
            "model": "claude",
            "usage": usage,
            "stopReason": "length",
        },
        "stopReason": "length",
        "usage": usage,
        "warnings": [
            {
                "code": "PART_NOT_READ",
                "path": "/content/1",
                "messageIndex": 0,
                "blockIndex": 1,
                "message": "a block not read",
            }
        ],
        "model": "claude",
    }


@pytest.mark.parametrize(
    ("stop", "message_stop"),
    [
        (ResponseStopReason.STOP, "stop"),
        (ResponseStopReason.ERROR, "error"),
        (ResponseStopReason.REFUSAL, "refusal"),
    ],
)
def test_each_stop_reason_is_the_messages_and_a_blank_model_is_none(
    stop: ResponseStopReason, message_stop: str
) -> None:
    builder = started()
    response = builder.finish(
        stop, 0, 0, model=" \n", cache_writes_by_ttl=[], server_tool_requests=()
    )
    assert to_json_value(response.message) == {
        "role": "assistant",
        "id": "message-resp",
        "content": [],
        "usage": {"inputTokens": 0, "outputTokens": 0},
        "stopReason": message_stop,
    }
    assert response.model is None


def test_the_stop_reason_must_agree_with_the_tool_calls() -> None:
    builder = started()
    assert refused(lambda: builder.finish(TOOL_CALL, 1, 1)) == (
        INVALID_TERMINAL,
        'stop reason "tool_call" without a tool call',
    )
    builder.tool_call("c1", "f", {})
    assert refused(lambda: builder.finish(STOP, 1, 1)) == (
        INVALID_TERMINAL,
        'stop reason "stop" after a tool call',
    )
    for stop in (ResponseStopReason.LENGTH, ResponseStopReason.ERROR, ResponseStopReason.REFUSAL):
        assert started().finish(stop, 1, 1).stop_reason is stop
        with_call = started()
        with_call.tool_call("c1", "f", {})
        assert with_call.finish(stop, 1, 1).stop_reason is stop
    assert builder.finish(TOOL_CALL, 1, 1).message.stop_reason.value == "toolCall"


def test_the_terminals_id_must_be_the_starts() -> None:
    builder = started(start="message_start", terminal="message_stop")
    assert refused(lambda: builder.finish(STOP, 1, 1, response_id="other")) == (
        ProviderErrorCode.PROVIDER_RESPONSE_MISMATCH,
        "message_stop id 'other' differs from message_start's 'resp'",
    )
    assert builder.finish(STOP, 1, 1, response_id="resp").id == "resp"


@pytest.mark.parametrize("model", [7, LONE])
def test_a_model_that_is_not_a_string_of_valid_unicode_is_refused(model: Any) -> None:
    assert refused(lambda: started().finish(STOP, 1, 1, model=model)) == (
        INVALID,
        "response_end model must be a string of valid Unicode",
    )


BAD_COUNTS = [-1, MAX_TOKEN_COUNT + 1, True, 1.0, "1", None]


@pytest.mark.parametrize("count", BAD_COUNTS)
@pytest.mark.parametrize("which", ["input", "output"])
def test_a_total_token_count_that_is_not_a_count_is_refused(which: str, count: Any) -> None:
    counts = (count, 1) if which == "input" else (1, count)
    assert refused(lambda: started().finish(STOP, *counts)) == (
        INVALID,
        f"response_end {which} token count must be an integer from 0 to 2^53-1",
    )


@pytest.mark.parametrize("count", [c for c in BAD_COUNTS if c is not None])
@pytest.mark.parametrize(
    ("which", "keyword"),
    [
        ("cache-read", "cache_read_tokens"),
        ("cache-write", "cache_write_tokens"),
        ("reasoning", "reasoning_tokens"),
    ],
)
def test_a_detail_token_count_that_is_not_a_count_is_refused(
    which: str, keyword: str, count: Any
) -> None:
    assert refused(lambda: started().finish(STOP, 1, 1, **{keyword: count})) == (
        INVALID,
        f"response_end {which} token count must be an integer from 0 to 2^53-1",
    )


def test_the_first_count_that_is_not_a_count_is_named() -> None:
    builder = started()
    refusal = refused(
        lambda: builder.finish(STOP, -1, -1, cache_read_tokens=-1, reasoning_tokens=-1)
    )
    assert refusal == (
        INVALID,
        "response_end input token count must be an integer from 0 to 2^53-1",
    )
    refusal = refused(
        lambda: builder.finish(STOP, 1, 1, cache_write_tokens=-1, reasoning_tokens=-1)
    )
    assert refusal == (
        INVALID,
        "response_end cache-write token count must be an integer from 0 to 2^53-1",
    )


@pytest.mark.parametrize("count", [-1, MAX_TOKEN_COUNT + 1, True, 1.5])
def test_a_count_by_name_that_is_not_a_count_is_refused_naming_it(count: Any) -> None:
    long = "t" * 205
    assert refused(
        lambda: started().finish(STOP, 1, 1, cache_writes_by_ttl=[("5m", 1), (long, count)])
    ) == (
        INVALID,
        f"response_end cache-write {'t' * 200}… (5 more characters) token count "
        "must be an integer from 0 to 2^53-1",
    )
    assert refused(
        lambda: started().finish(STOP, 1, 1, server_tool_requests=[("web_search", count)])
    ) == (INVALID, "response_end web_search request count must be an integer from 0 to 2^53-1")


@pytest.mark.parametrize("names", [["5m", "5m"], ["5m", ""], [" "], [LONE], [5]])
def test_names_of_counts_must_be_non_empty_and_once(names: list[Any]) -> None:
    counts = [(name, 1) for name in names]
    assert refused(lambda: started().finish(STOP, 1, 1, cache_writes_by_ttl=counts)) == (
        INVALID,
        "response_end cache-write names must be non-empty strings of valid Unicode, each once",
    )
    assert refused(lambda: started().finish(STOP, 1, 1, server_tool_requests=counts)) == (
        INVALID,
        "response_end names must be non-empty strings of valid Unicode, each once",
    )


def test_a_signature_or_citation_alone_goes_on_the_last_block_not_an_earlier_one() -> None:
    builder = started()
    builder.text("a")
    builder.tool_call("c1", "f", {})
    builder.text("b")
    builder.end_text()
    builder.cite("anthropic", {"n": 1})
    builder.sign_text("sig")
    assert content(builder, TOOL_CALL) == [
        {"type": "text", "text": "a"},
        {"type": "toolCall", "id": "c1", "name": "f", "arguments": {}},
        {
            "type": "text",
            "text": "b",
            "citations": [{"provider": "anthropic", "wire": {"n": 1}}],
            "thoughtSignature": "sig",
        },
    ]


def test_a_thinking_part_opened_with_no_delta_is_an_open_thinking_block() -> None:
    builder = started(terminal="message_stop")
    builder.next_thinking_part()
    assert refused(lambda: builder.finish(STOP, 1, 1)) == (
        INVALID,
        "message_stop inside a thinking block (no end of the block came)",
    )
    builder.next_thinking_part()  # the first part ends empty
    builder.thinking("x")
    builder.end_thinking("sig")
    assert content(builder) == [
        {"type": "thinking", "thinking": "", "signature": "sig"},
        {"type": "thinking", "thinking": "x", "signature": "sig"},
    ]
