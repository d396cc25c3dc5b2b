"""``ResponseParser`` driven directly: every rule's code, record index and message.

Each rejected case runs twice on fresh parsers: record by record through ``feed`` then
``finish`` (the async-source path), and through ``feed_all`` then ``finish`` (the list
path, with its own fast loop for text deltas). Both must raise the same error. The
messages are pinned: they are what a person reads in a failed run.

Every parsing rule of the fixture adapter, through both rejection paths.

Each failing case runs twice on fresh adapters: once by iterating the stream, once by
awaiting only ``result()``; both must give the same code, ``record_index`` and
``provider_code``. Every case also runs over a list and over an async generator.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from agent_ir import MAX_DEPTH, to_json_value
from agent_ir.replies import (
    FixtureProviderAdapter,
    ModelResponse,
    ProviderError,
    ProviderErrorCode,
    TextDeltaChunk,
    ToolCallChunk,
)
from agent_ir.replies.parser import MAX_TOKEN_COUNT, ResponseParser

from support.builders import START, records_of, text
from support.builders import end_record as end
from support.builders import tool_call_record as call
from support.hostile import nested_dicts

Code = ProviderErrorCode


def by_feed(records: list[Any]) -> tuple[list[Any], ModelResponse]:
    parser = ResponseParser("request-1")
    chunks = [
        chunk for index, record in enumerate(records) if (chunk := parser.feed(record, index))
    ]
    return chunks, parser.finish(len(records))


def by_feed_all(records: list[Any]) -> tuple[list[Any], ModelResponse]:
    parser = ResponseParser("request-1")
    chunks: list[Any] = []
    parser.feed_all(records, chunks.append)
    return chunks, parser.finish(len(records))


def failure(records: list[Any]) -> tuple[str, int | None, str, str | None]:
    """The error both paths raise, as (code, record_index, message, provider_code)."""
    errors = []
    for run in (by_feed, by_feed_all):
        with pytest.raises(ProviderError) as caught:
            run(records)
        error = caught.value
        errors.append((error.code, error.record_index, error.message, error.provider_code))
    assert errors[0] == errors[1]
    return errors[0]


def response(records: list[Any]) -> tuple[list[Any], ModelResponse]:
    """The chunks and response of both paths (which must agree)."""
    fed, all_fed = by_feed(records), by_feed_all(records)
    assert fed == all_fed
    return fed


# --- accepted responses ---------------------------------------------------------------


def test_a_tool_call_response_maps_its_stop_reason_usage_and_blocks() -> None:
    chunks, result = response(
        [
            START,
            text("a"),
            call("c1", "add", {"x": [1]}),
            text("b"),
            end("tool_call", {"inputTokens": 5, "outputTokens": 9}),
        ]
    )

    assert [type(chunk) for chunk in chunks] == [TextDeltaChunk, ToolCallChunk, TextDeltaChunk]
    assert [chunk.request_id for chunk in chunks] == ["request-1"] * 3
    assert (result.stop_reason, result.message.stop_reason) == ("toolCall", "toolCall")
    assert (result.usage.input_tokens, result.usage.output_tokens) == (5, 9)
    assert result.message.usage == result.usage
    assert result.message.id == "message-response-1"
    assert [block.type for block in result.message.content] == ["text", "toolCall", "text"]
    assert result.message.content[1] is chunks[1].tool_call


def test_a_stop_response_maps_its_stop_reason_and_snake_case_usage() -> None:
    chunks, result = response(
        [START, text("only"), end("stop", {"input_tokens": 0, "output_tokens": MAX_TOKEN_COUNT})]
    )

    assert [chunk.delta for chunk in chunks] == ["only"]
    assert (result.stop_reason, result.message.stop_reason) == ("stop", "stop")
    assert (result.usage.input_tokens, result.usage.output_tokens) == (0, MAX_TOKEN_COUNT)


def test_max_token_count_is_two_to_the_53_minus_one() -> None:
    assert MAX_TOKEN_COUNT == 2**53 - 1 == 9007199254740991


def test_a_text_field_on_a_record_other_than_a_delta_is_an_ignored_unknown_field() -> None:
    chunks, result = response(
        [START, {**call("c1"), "text": "no"}, {**end("tool_call"), "text": "no"}]
    )

    assert [type(chunk) for chunk in chunks] == [ToolCallChunk]
    assert [block.type for block in result.message.content] == ["toolCall"]


def test_tool_call_arguments_nested_max_depth_levels_are_accepted() -> None:
    chunks, _ = response([START, call("c1", arguments=nested_dicts(MAX_DEPTH)), end("tool_call")])

    assert chunks[0].tool_call.arguments == nested_dicts(MAX_DEPTH)


def test_feeding_continues_a_response_started_by_an_earlier_feed() -> None:
    parser = ResponseParser("request-1")
    assert parser.feed(START, 0) is None
    chunks: list[Any] = []

    parser.feed_all([text("a"), call("c1"), text("b"), end("tool_call")], chunks.append)

    assert [type(chunk) for chunk in chunks] == [TextDeltaChunk, ToolCallChunk, TextDeltaChunk]
    assert parser.finish(5).id == "response-1"


# --- rejected records: code, index and message ----------------------------------------


REJECTED: list[tuple[str, list[Any], tuple[str, int, str, str | None]]] = [
    (
        "not-an-object",
        [START, text("a"), ["type", "text_delta"], end()],
        (Code.PROVIDER_INVALID_EVENT, 2, "record 2: is not a JSON object", None),
    ),
    (
        "not-an-object-first",
        ["text_delta"],
        (Code.PROVIDER_INVALID_EVENT, 0, "record 0: is not a JSON object", None),
    ),
    (
        "no-type",
        [START, {"text": "x"}],
        (Code.PROVIDER_INVALID_EVENT, 1, "record 1: has no non-empty string type", None),
    ),
    (
        "blank-type",
        [START, {"type": " \t"}],
        (Code.PROVIDER_INVALID_EVENT, 1, "record 1: has no non-empty string type", None),
    ),
    (
        "text-not-a-string",
        [START, text("a"), text(5)],
        (
            Code.PROVIDER_INVALID_EVENT,
            2,
            "record 2: text_delta text must be a string of valid Unicode",
            None,
        ),
    ),
    (
        "text-lone-surrogate",
        [START, text("\ud800")],
        (
            Code.PROVIDER_INVALID_EVENT,
            1,
            "record 1: text_delta text must be a string of valid Unicode",
            None,
        ),
    ),
    (
        "second-end",
        [START, end(), end()],
        (Code.PROVIDER_DUPLICATE_TERMINAL, 2, "record 2: a second response_end", None),
    ),
    (
        "delta-after-end",
        [START, end(), text("late")],
        (
            Code.PROVIDER_INVALID_TERMINAL,
            2,
            "record 2: a 'text_delta' record after response_end",
            None,
        ),
    ),
    (
        "start-after-end",
        [START, end(), START],
        (
            Code.PROVIDER_INVALID_TERMINAL,
            2,
            "record 2: a 'response_start' record after response_end",
            None,
        ),
    ),
    (
        "second-start",
        [START, text("a"), START],
        (Code.PROVIDER_DUPLICATE_START, 2, "record 2: a second response_start", None),
    ),
    (
        "blank-response-id",
        [{**START, "responseId": " "}],
        (
            Code.PROVIDER_INVALID_EVENT,
            0,
            "record 0: response_start responseId must be a non-empty string",
            None,
        ),
    ),
    (
        "role-not-assistant",
        [{**START, "role": "user"}],
        (Code.PROVIDER_INVALID_EVENT, 0, 'record 0: response_start role must be "assistant"', None),
    ),
    (
        "transport-error",
        [
            START,
            text("a"),
            {"type": "transport_error", "code": "rate_limited", "message": "slow down"},
        ],
        (Code.PROVIDER_TRANSPORT_ERROR, 2, "slow down", "rate_limited"),
    ),
    (
        "transport-error-blank-code",
        [{"type": "transport_error", "code": " ", "message": "m"}],
        (
            Code.PROVIDER_INVALID_EVENT,
            0,
            "record 0: transport_error code and message must be non-empty strings",
            None,
        ),
    ),
    (
        "transport-error-no-message",
        [{"type": "transport_error", "code": "c"}],
        (
            Code.PROVIDER_INVALID_EVENT,
            0,
            "record 0: transport_error code and message must be non-empty strings",
            None,
        ),
    ),
    (
        "unknown-type",
        [START, {"type": "ping"}],
        (Code.PROVIDER_UNKNOWN_EVENT, 1, "record 1: unknown record type 'ping'", None),
    ),
    (
        "delta-before-start",
        [text("early"), START],
        (
            Code.PROVIDER_MISSING_START,
            0,
            "record 0: a text_delta record before response_start",
            None,
        ),
    ),
    (
        "call-before-start",
        [call()],
        (
            Code.PROVIDER_MISSING_START,
            0,
            "record 0: a tool_call record before response_start",
            None,
        ),
    ),
    (
        "end-before-start",
        [end()],
        (
            Code.PROVIDER_MISSING_START,
            0,
            "record 0: a response_end record before response_start",
            None,
        ),
    ),
    (
        "call-blank-id",
        [START, call(" ")],
        (Code.PROVIDER_INVALID_EVENT, 1, "record 1: tool_call id must be a non-empty string", None),
    ),
    (
        "call-no-name",
        [START, call("c1", None)],
        (
            Code.PROVIDER_INVALID_EVENT,
            1,
            "record 1: tool_call name must be a non-empty string",
            None,
        ),
    ),
    (
        "call-arguments-array",
        [START, call("c1", "add", [1])],
        (
            Code.PROVIDER_INVALID_EVENT,
            1,
            "record 1: tool_call 'c1' (add) arguments must be a JSON object",
            None,
        ),
    ),
    (
        "call-arguments-nan",
        [START, call("c1", "add", {"items": [1, float("nan")]})],
        (
            Code.PROVIDER_INVALID_EVENT,
            1,
            "record 1: tool_call arguments.items[1] must be a finite number",
            None,
        ),
    ),
    (
        "call-arguments-too-deep",
        [START, call("c1", "add", nested_dicts(MAX_DEPTH + 1))],
        (
            Code.PROVIDER_INVALID_EVENT,
            1,
            "record 1: tool_call arguments" + ".k" * MAX_DEPTH + " is nested deeper than 64 levels",
            None,
        ),
    ),
    (
        "call-id-repeated",
        [START, call("c1"), text("x"), call("c1")],
        (
            Code.PROVIDER_INVALID_EVENT,
            3,
            "record 3: tool_call id 'c1' repeats an earlier call of this response",
            None,
        ),
    ),
    (
        "end-blank-id",
        [START, end(response_id="")],
        (
            Code.PROVIDER_INVALID_EVENT,
            1,
            "record 1: response_end responseId must be a non-empty string",
            None,
        ),
    ),
    (
        "end-unknown-stop-reason",
        [START, end("finished")],
        (
            Code.PROVIDER_INVALID_EVENT,
            1,
            'record 1: response_end stopReason must be "stop", "tool_call", "length" or "error"',
            None,
        ),
    ),
    (
        "end-usage-not-an-object",
        [START, end(usage=[3, 4])],
        (
            Code.PROVIDER_INVALID_EVENT,
            1,
            "record 1: response_end usage must be a JSON object",
            None,
        ),
    ),
    (
        "end-usage-both-spellings",
        [START, end(usage={"inputTokens": 1, "input_tokens": 1, "outputTokens": 1})],
        (
            Code.PROVIDER_INVALID_EVENT,
            1,
            "record 1: response_end usage has both inputTokens and input_tokens",
            None,
        ),
    ),
    (
        "end-usage-both-output-spellings",
        [START, end(usage={"inputTokens": 1, "outputTokens": 1, "output_tokens": 1})],
        (
            Code.PROVIDER_INVALID_EVENT,
            1,
            "record 1: response_end usage has both outputTokens and output_tokens",
            None,
        ),
    ),
    (
        "end-usage-negative",
        [START, end(usage={"inputTokens": -1, "outputTokens": 1})],
        (
            Code.PROVIDER_INVALID_EVENT,
            1,
            "record 1: response_end usage inputTokens (or input_tokens) must be an integer from 0 to 2^53-1",
            None,
        ),
    ),
    (
        "end-usage-too-large",
        [START, end(usage={"inputTokens": 1, "output_tokens": MAX_TOKEN_COUNT + 1})],
        (
            Code.PROVIDER_INVALID_EVENT,
            1,
            "record 1: response_end usage outputTokens (or output_tokens) must be an integer from 0 to 2^53-1",
            None,
        ),
    ),
    (
        "end-usage-boolean",
        [START, end(usage={"inputTokens": True, "outputTokens": 1})],
        (
            Code.PROVIDER_INVALID_EVENT,
            1,
            "record 1: response_end usage inputTokens (or input_tokens) must be an integer from 0 to 2^53-1",
            None,
        ),
    ),
    (
        "end-other-response-id",
        [START, end(response_id="response-2")],
        (
            Code.PROVIDER_RESPONSE_MISMATCH,
            1,
            "record 1: response_end id 'response-2' differs from response_start's 'response-1'",
            None,
        ),
    ),
    (
        "tool-call-stop-without-call",
        [START, text("a"), end("tool_call")],
        (
            Code.PROVIDER_INVALID_TERMINAL,
            2,
            'record 2: stop reason "tool_call" without a tool call',
            None,
        ),
    ),
    (
        "stop-after-call",
        [START, call("c1"), end("stop")],
        (Code.PROVIDER_INVALID_TERMINAL, 2, 'record 2: stop reason "stop" after a tool call', None),
    ),
    (
        "no-end",
        [START, text("a"), call("c1")],
        (
            Code.PROVIDER_MISSING_TERMINAL,
            3,
            "record 3: the records ended after 3 without a response_end",
            None,
        ),
    ),
    (
        "no-records",
        [],
        (
            Code.PROVIDER_MISSING_TERMINAL,
            0,
            "record 0: the records ended after 0 without a response_end",
            None,
        ),
    ),
]


@pytest.mark.parametrize(
    ("records", "expected"),
    [case[1:] for case in REJECTED],
    ids=[case[0] for case in REJECTED],
)
def test_each_rule_rejects_with_its_code_record_index_and_message(
    records: list[Any], expected: tuple[str, int, str, str | None]
) -> None:
    assert failure(records) == expected


def test_usage_counts_at_the_bounds_are_accepted_and_the_spellings_kept_apart() -> None:
    _, result = response([START, end(usage={"input_tokens": MAX_TOKEN_COUNT, "outputTokens": 0})])

    assert (result.usage.input_tokens, result.usage.output_tokens) == (MAX_TOKEN_COUNT, 0)


def test_feeding_after_an_earlier_feed_ended_the_response_is_an_invalid_terminal() -> None:
    parser = ResponseParser("request-1")
    parser.feed(START, 0)
    parser.feed(end(), 1)
    chunks: list[Any] = []

    with pytest.raises(ProviderError) as caught:
        parser.feed_all([text("late")], chunks.append)

    assert (caught.value.code, caught.value.record_index, caught.value.message) == (
        Code.PROVIDER_INVALID_TERMINAL,
        0,
        "record 0: a 'text_delta' record after response_end",
    )
    assert chunks == []
    assert parser.finish(2).id == "response-1"


def usage_end(usage: object, stop_reason: str = "stop") -> dict[str, Any]:
    return end(stop_reason, usage=usage)


def fixture_of(records: list[Any], source: str) -> dict[str, Any]:
    entry = {"records": list(records) if source == "list" else records_of(records)}
    return {"schemaVersion": 1, "responses": [entry]}


@pytest.fixture(params=["list", "async"])
def source(request: pytest.FixtureRequest) -> str:
    return str(request.param)


async def rejections(
    records: list[Any], source: str
) -> tuple[ProviderError, ProviderError, list[Any]]:
    """The error of iterating, the error of ``result()`` alone, and the chunks seen first."""
    chunks: list[Any] = []
    stream = FixtureProviderAdapter(fixture_of(records, source)).stream("request-1")
    with pytest.raises(ProviderError) as by_iteration:
        async for chunk in stream:
            chunks.append(chunk)
    with pytest.raises(ProviderError) as by_result:
        await FixtureProviderAdapter(fixture_of(records, source)).stream("request-1").result()
    return by_iteration.value, by_result.value, chunks


async def assert_rejected(
    records: list[Any],
    source: str,
    code: ProviderErrorCode,
    record_index: int | None,
    provider_code: str | None = None,
) -> list[Any]:
    by_iteration, by_result = (await rejections(records, source))[:2]
    for error in (by_iteration, by_result):
        assert (error.code, error.record_index, error.provider_code) == (
            code,
            record_index,
            provider_code,
        )
    return (await rejections(records, source))[2]


async def response_of(records: list[Any], source: str) -> tuple[list[Any], ModelResponse]:
    stream = FixtureProviderAdapter(fixture_of(records, source)).stream("request-1")
    chunks = [chunk async for chunk in stream]
    return chunks, await stream.result()


# -- accepted responses ---------------------------------------------------------------


async def test_text_and_tool_call_records_become_chunks_and_one_response_in_order(
    source: str,
) -> None:
    records = [START, text("Hel"), call("call-9", "add", {"left": 1}), text("lo"), end("tool_call")]
    chunks, response = await response_of(records, source)
    assert [type(chunk) for chunk in chunks] == [TextDeltaChunk, ToolCallChunk, TextDeltaChunk]
    assert [chunk.request_id for chunk in chunks] == ["request-1"] * 3
    assert chunks[0].delta == "Hel"
    assert chunks[1].tool_call.id == "call-9"
    assert chunks[1].tool_call.arguments == {"left": 1}
    assert chunks[2].delta == "lo"
    assert response.id == "response-1"
    assert response.request_id == "request-1"
    assert response.stop_reason == "toolCall"
    assert (response.usage.input_tokens, response.usage.output_tokens) == (3, 4)
    assert response.message.id == "message-response-1"
    assert [block.type for block in response.message.content] == ["text", "toolCall", "text"]
    assert response.message.content[0].text == "Hel"  # type: ignore[union-attr]
    assert response.message.content[1] is chunks[1].tool_call
    assert response.message.usage == response.usage
    assert response.message.stop_reason == "toolCall"


async def test_each_text_delta_appends_one_text_block_and_one_chunk_empty_ones_included(
    source: str,
) -> None:
    chunks, response = await response_of([START, text("a"), text(""), text("b"), end()], source)
    assert [chunk.delta for chunk in chunks] == ["a", "", "b"]
    assert [block.text for block in response.message.content] == ["a", "", "b"]  # type: ignore[union-attr]
    assert response.stop_reason == "stop"
    assert response.message.stop_reason == "stop"


async def test_the_course_example_keeps_two_text_blocks_before_the_tool_call(source: str) -> None:
    """The course's specification: "Every text_delta appends one text block and emits
    one text chunk"; deltas "first" and "second" and a tool call end as three blocks."""
    records = [
        START,
        text("first"),
        text("second"),
        {"type": "tool_call", "id": "call-1", "name": "lookup", "arguments": {"q": "x"}},
        end("tool_call"),
    ]
    chunks, response = await response_of(records, source)
    assert [type(chunk).__name__ for chunk in chunks] == [
        "TextDeltaChunk",
        "TextDeltaChunk",
        "ToolCallChunk",
    ]
    assert to_json_value(response.message)["content"] == [
        {"type": "text", "text": "first"},
        {"type": "text", "text": "second"},
        {"type": "toolCall", "id": "call-1", "name": "lookup", "arguments": {"q": "x"}},
    ]
    assert response.stop_reason == "toolCall"


async def test_a_response_without_content_is_a_stop_response_with_no_blocks(source: str) -> None:
    chunks, response = await response_of([START, end()], source)
    assert chunks == []
    assert response.message.content == ()


async def test_snake_case_and_mixed_usage_spellings_are_normalized(source: str) -> None:
    _, snake = await response_of(
        [START, usage_end({"input_tokens": 5, "output_tokens": 6})], source
    )
    _, mixed = await response_of([START, usage_end({"inputTokens": 7, "output_tokens": 8})], source)
    assert (snake.usage.input_tokens, snake.usage.output_tokens) == (5, 6)
    assert (mixed.usage.input_tokens, mixed.usage.output_tokens) == (7, 8)


async def test_token_counts_reach_two_to_the_53_minus_one(source: str) -> None:
    limit = 2**53 - 1
    _, response = await response_of(
        [START, usage_end({"inputTokens": limit, "outputTokens": 0})], source
    )
    assert (response.usage.input_tokens, response.usage.output_tokens) == (limit, 0)


async def test_provider_tool_call_ids_are_kept_exactly(source: str) -> None:
    odd_id = "  call/ä\u00a0#1  "
    chunks, response = await response_of([START, call(odd_id), end("tool_call")], source)
    assert chunks[0].tool_call.id == odd_id
    assert response.message.content[0].id == odd_id  # type: ignore[union-attr]


async def test_unknown_fields_of_known_records_are_ignored(source: str) -> None:
    records = [{**START, "extra": 1}, {**text("x"), "index": 0}, {**end(), "model": "m"}]
    chunks, response = await response_of(records, source)
    assert [chunk.delta for chunk in chunks] == ["x"]
    assert response.id == "response-1"


# -- the first check: record shape and type -------------------------------------------


@pytest.mark.parametrize(
    "record",
    [
        "text_delta",
        7,
        None,
        ["type", "text_delta"],
        {"text": "x"},
        {"type": ""},
        {"type": " \t\n"},
        {"type": 5},
    ],
    ids=["string", "int", "null", "array", "no-type", "empty-type", "blank-type", "int-type"],
)
async def test_a_record_that_is_not_an_object_with_a_type_is_an_invalid_event(
    record: object, source: str
) -> None:
    await assert_rejected([START, text("a"), record, end()], source, Code.PROVIDER_INVALID_EVENT, 2)


async def test_a_shapeless_record_after_the_terminal_is_still_an_invalid_event(source: str) -> None:
    await assert_rejected([START, end(), {"type": None}], source, Code.PROVIDER_INVALID_EVENT, 2)


# -- after the terminal ---------------------------------------------------------------


async def test_a_second_response_end_is_a_duplicate_terminal(source: str) -> None:
    await assert_rejected(
        [START, text("a"), end(), end()], source, Code.PROVIDER_DUPLICATE_TERMINAL, 3
    )


@pytest.mark.parametrize(
    "record",
    [
        text("late"),
        {"type": "mystery"},
        START,
        {"type": "transport_error", "code": "x", "message": "y"},
        text(5),
    ],
    ids=["text_delta", "unknown", "response_start", "transport_error", "malformed-text_delta"],
)
async def test_any_other_record_after_the_terminal_is_an_invalid_terminal(
    record: object, source: str
) -> None:
    await assert_rejected([START, end(), record], source, Code.PROVIDER_INVALID_TERMINAL, 2)


async def test_chunks_before_a_late_failure_are_still_yielded_first(source: str) -> None:
    chunks = await assert_rejected(
        [START, text("a"), text("b"), end(), text("c")], source, Code.PROVIDER_INVALID_TERMINAL, 4
    )
    assert [chunk.delta for chunk in chunks] == ["a", "b"]


# -- response_start -------------------------------------------------------------------


async def test_a_second_response_start_is_a_duplicate_start(source: str) -> None:
    await assert_rejected(
        [START, text("a"), START, end()], source, Code.PROVIDER_DUPLICATE_START, 2
    )


async def test_a_second_malformed_response_start_is_still_a_duplicate_start(source: str) -> None:
    second = {"type": "response_start", "responseId": " ", "role": "user"}
    await assert_rejected([START, second, end()], source, Code.PROVIDER_DUPLICATE_START, 1)


@pytest.mark.parametrize(
    "record",
    [
        {"type": "response_start", "responseId": "   ", "role": "assistant"},
        {"type": "response_start", "responseId": "", "role": "assistant"},
        {"type": "response_start", "role": "assistant"},
        {"type": "response_start", "responseId": 1, "role": "assistant"},
        {"type": "response_start", "responseId": "r\ud800", "role": "assistant"},
        {"type": "response_start", "responseId": "response-1", "role": "user"},
        {"type": "response_start", "responseId": "response-1"},
    ],
    ids=["blank-id", "empty-id", "no-id", "int-id", "surrogate-id", "user-role", "no-role"],
)
async def test_a_response_start_with_a_blank_id_or_a_non_assistant_role_is_an_invalid_event(
    record: dict[str, Any], source: str
) -> None:
    await assert_rejected([record, end()], source, Code.PROVIDER_INVALID_EVENT, 0)


# -- transport_error ------------------------------------------------------------------


async def test_a_transport_error_carries_the_provider_code_and_message(source: str) -> None:
    record = {"type": "transport_error", "code": "rate_limited", "message": "slow down"}
    chunks = await assert_rejected(
        [START, text("a"), record, end()],
        source,
        Code.PROVIDER_TRANSPORT_ERROR,
        2,
        provider_code="rate_limited",
    )
    assert [chunk.delta for chunk in chunks] == ["a"]
    by_iteration, by_result, _ = await rejections([START, record], source)
    assert by_iteration.message == by_result.message == "slow down"


async def test_a_transport_error_before_the_start_is_still_a_transport_error(source: str) -> None:
    record = {"type": "transport_error", "code": "overloaded", "message": "try later"}
    await assert_rejected(
        [record], source, Code.PROVIDER_TRANSPORT_ERROR, 0, provider_code="overloaded"
    )


@pytest.mark.parametrize(
    "record",
    [
        {"type": "transport_error", "code": " ", "message": "m"},
        {"type": "transport_error", "code": "c", "message": ""},
        {"type": "transport_error", "message": "m"},
        {"type": "transport_error", "code": "c"},
        {"type": "transport_error", "code": 500, "message": "m"},
    ],
    ids=["blank-code", "empty-message", "no-code", "no-message", "int-code"],
)
async def test_a_malformed_transport_error_is_an_invalid_event(
    record: dict[str, Any], source: str
) -> None:
    await assert_rejected([START, record], source, Code.PROVIDER_INVALID_EVENT, 1)


# -- unknown types and the missing start ----------------------------------------------


@pytest.mark.parametrize("kind", ["reasoning_delta", "TEXT_DELTA", "response_start ", "textDelta"])
async def test_an_unknown_record_type_is_an_unknown_event(kind: str, source: str) -> None:
    await assert_rejected([START, {"type": kind}, end()], source, Code.PROVIDER_UNKNOWN_EVENT, 1)


async def test_an_unknown_record_type_before_the_start_is_an_unknown_event(source: str) -> None:
    await assert_rejected([{"type": "ping"}, START, end()], source, Code.PROVIDER_UNKNOWN_EVENT, 0)


@pytest.mark.parametrize(
    "record",
    [text("a"), call(), end(), text(None)],
    ids=["text_delta", "tool_call", "response_end", "bad-text"],
)
async def test_content_or_terminal_before_response_start_is_a_missing_start(
    record: object, source: str
) -> None:
    await assert_rejected([record, START, end()], source, Code.PROVIDER_MISSING_START, 0)


# -- text_delta -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "delta",
    [None, 5, ["a"], {"t": "a"}, "bad \udc00 text"],
    ids=["null", "int", "array", "object", "surrogate"],
)
async def test_a_text_delta_whose_text_is_not_a_valid_string_is_an_invalid_event(
    delta: object, source: str
) -> None:
    await assert_rejected(
        [START, text("ok"), text(delta), end()], source, Code.PROVIDER_INVALID_EVENT, 2
    )


async def test_a_text_delta_without_text_is_an_invalid_event(source: str) -> None:
    await assert_rejected(
        [START, {"type": "text_delta"}, end()], source, Code.PROVIDER_INVALID_EVENT, 1
    )


# -- tool_call ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "record",
    [
        call(call_id=" "),
        call(call_id=""),
        call(call_id=7),
        {"type": "tool_call", "name": "add", "arguments": {}},
        call(name="\n"),
        call(name=None),
        {"type": "tool_call", "id": "call-1", "arguments": {}},
        call(arguments=[1, 2]),
        call(arguments="{}"),
        {"type": "tool_call", "id": "call-1", "name": "add"},
        call(arguments={"x": float("nan")}),
        call(arguments={"x": [1, float("inf")]}),
        call(arguments={"k\ud800": 1}),
    ],
    ids=[
        "blank-id", "empty-id", "int-id", "no-id", "blank-name", "null-name", "no-name",
        "array-arguments", "string-arguments", "no-arguments", "nan-argument", "infinite-argument",
        "surrogate-key",
    ],
)  # fmt: skip
async def test_a_tool_call_without_id_name_or_finite_json_object_arguments_is_an_invalid_event(
    record: dict[str, Any], source: str
) -> None:
    await assert_rejected([START, record, end("tool_call")], source, Code.PROVIDER_INVALID_EVENT, 1)


async def test_a_tool_call_id_repeated_within_the_response_is_an_invalid_event(source: str) -> None:
    chunks = await assert_rejected(
        [START, call("call-1"), text("x"), call("call-1", "other"), end("tool_call")],
        source,
        Code.PROVIDER_INVALID_EVENT,
        3,
    )
    assert [type(chunk) for chunk in chunks] == [ToolCallChunk, TextDeltaChunk]


async def test_tool_call_arguments_keep_dangerous_keys_as_ordinary_keys(source: str) -> None:
    arguments = {
        "__proto__": {"polluted": True},
        "__class__": "evil",
        "constructor": {"prototype": 1},
    }
    chunks, response = await response_of(
        [START, call(arguments=arguments), end("tool_call")], source
    )
    frozen = chunks[0].tool_call.arguments
    assert dict(frozen) == arguments
    assert sorted(frozen) == ["__class__", "__proto__", "constructor"]
    assert frozen["__class__"] == "evil"
    assert frozen["__proto__"] == {"polluted": True}
    assert type(frozen).__name__ == "JsonObject"
    assert response.message.content[0].arguments == arguments  # type: ignore[union-attr]


async def test_tool_call_arguments_are_deeply_frozen(source: str) -> None:
    chunks, _ = await response_of(
        [START, call(arguments={"a": [1, {"b": [2]}]}), end("tool_call")], source
    )
    frozen = chunks[0].tool_call.arguments
    assert frozen["a"] == (1, {"b": (2,)})
    assert type(frozen["a"]) is tuple
    with pytest.raises(TypeError):
        frozen["a"] = 1  # type: ignore[index]
    with pytest.raises(TypeError):
        frozen["a"][1]["b"] = 3  # type: ignore[index]


# -- response_end ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "record",
    [end(response_id=" "), end(response_id=""), end(response_id=None), {**end(), "responseId": 3}],
    ids=["blank", "empty", "null", "int"],
)
async def test_a_response_end_with_a_blank_or_missing_id_is_an_invalid_event(
    record: dict[str, Any], source: str
) -> None:
    await assert_rejected([START, record], source, Code.PROVIDER_INVALID_EVENT, 1)


async def test_a_response_end_without_response_id_is_an_invalid_event(source: str) -> None:
    record = {
        "type": "response_end",
        "stopReason": "stop",
        "usage": {"inputTokens": 1, "outputTokens": 1},
    }
    await assert_rejected([START, record], source, Code.PROVIDER_INVALID_EVENT, 1)


async def test_a_response_end_with_another_id_is_a_response_mismatch(source: str) -> None:
    await assert_rejected(
        [START, text("a"), end(response_id="response-2")],
        source,
        Code.PROVIDER_RESPONSE_MISMATCH,
        2,
    )


async def test_stop_reason_tool_call_without_a_tool_call_is_an_invalid_terminal(
    source: str,
) -> None:
    await assert_rejected(
        [START, text("a"), end("tool_call")], source, Code.PROVIDER_INVALID_TERMINAL, 2
    )


async def test_stop_reason_stop_after_a_tool_call_is_an_invalid_terminal(source: str) -> None:
    await assert_rejected([START, call(), end("stop")], source, Code.PROVIDER_INVALID_TERMINAL, 2)


@pytest.mark.parametrize("stop_reason", ["finished", "toolCall", "STOP", "LENGTH", "", None, 1])
async def test_a_stop_reason_other_than_the_four_is_an_invalid_event(
    stop_reason: object, source: str
) -> None:
    await assert_rejected([START, end(stop_reason)], source, Code.PROVIDER_INVALID_EVENT, 1)


@pytest.mark.parametrize(
    "usage",
    [
        [1, 2],
        "12",
        {},
        {"inputTokens": 1},
        {"outputTokens": 1},
        {"inputTokens": 1, "input_tokens": 1, "outputTokens": 1},
        {"inputTokens": 1, "input_tokens": None, "outputTokens": 1},
        {"inputTokens": None, "input_tokens": 1, "outputTokens": 1},
        {"inputTokens": 1, "outputTokens": 1, "output_tokens": None},
        {"inputTokens": None, "outputTokens": 1},
        {"inputTokens": True, "outputTokens": 1},
        {"inputTokens": 1, "outputTokens": False},
        {"inputTokens": 2**53, "outputTokens": 1},
        {"inputTokens": 1, "output_tokens": 2**53},
        {"inputTokens": -1, "outputTokens": 1},
        {"inputTokens": 1.0, "outputTokens": 1},
        {"inputTokens": "1", "outputTokens": 1},
    ],
    ids=[
        "array", "string", "empty", "no-output", "no-input", "both-input-spellings",
        "both-input-spellings-snake-none", "both-input-spellings-camel-none",
        "both-output-spellings-snake-none", "null-count", "bool-input", "bool-output",
        "two-to-the-53", "two-to-the-53-snake", "negative", "float", "string-count",
    ],
)  # fmt: skip
async def test_usage_needs_each_count_once_as_an_integer_from_0_to_2_53_minus_1(
    usage: object, source: str
) -> None:
    await assert_rejected([START, usage_end(usage)], source, Code.PROVIDER_INVALID_EVENT, 1)


async def test_a_response_end_without_usage_is_an_invalid_event(source: str) -> None:
    record = {"type": "response_end", "responseId": "response-1", "stopReason": "stop"}
    await assert_rejected([START, record], source, Code.PROVIDER_INVALID_EVENT, 1)


# -- the missing terminal -------------------------------------------------------------


async def test_records_ending_without_response_end_are_a_missing_terminal_counting_records_read(
    source: str,
) -> None:
    chunks = await assert_rejected(
        [START, text("a"), call()], source, Code.PROVIDER_MISSING_TERMINAL, 3
    )
    assert [type(chunk) for chunk in chunks] == [TextDeltaChunk, ToolCallChunk]


async def test_an_empty_record_list_is_a_missing_terminal_at_zero(source: str) -> None:
    await assert_rejected([], source, Code.PROVIDER_MISSING_TERMINAL, 0)


# -- one stream, both paths -----------------------------------------------------------


async def test_iteration_and_result_of_one_stream_reject_with_the_same_error(source: str) -> None:
    stream = FixtureProviderAdapter(
        fixture_of([START, text("a"), end(response_id="other")], source)
    ).stream("r")
    assert [chunk.delta async for chunk in _until_error(stream)] == ["a"]
    with pytest.raises(ProviderError) as first:
        await stream.__anext__()
    with pytest.raises(ProviderError) as second:
        await stream.result()
    assert first.value is second.value
    assert (first.value.code, first.value.record_index) == (Code.PROVIDER_RESPONSE_MISMATCH, 2)


async def test_result_first_then_iteration_still_yields_every_chunk_once(source: str) -> None:
    stream = FixtureProviderAdapter(
        fixture_of([START, text("a"), text("b"), end()], source)
    ).stream("r")
    response = await stream.result()
    assert [chunk.delta async for chunk in stream] == ["a", "b"]
    assert [chunk.delta async for chunk in stream] == []
    assert await stream.result() is response


async def test_partial_iteration_then_result_keeps_the_remaining_chunks(source: str) -> None:
    stream = FixtureProviderAdapter(
        fixture_of([START, text("a"), text("b"), text("c"), end()], source)
    ).stream("r")
    first = await stream.__anext__()
    response = await stream.result()
    rest = [chunk.delta async for chunk in stream]
    assert (first.delta, rest) == ("a", ["b", "c"])  # type: ignore[union-attr]
    assert [block.text for block in response.message.content] == ["a", "b", "c"]  # type: ignore[union-attr]


async def _until_error(stream: Any) -> AsyncIterator[Any]:
    while True:
        try:
            chunk = await stream.__anext__()
        except ProviderError:
            return
        yield chunk
