"""``ResponseParser`` driven directly: every rule's code, record index and message.

Each rejected case runs twice on fresh parsers: record by record through ``feed`` then
``finish`` (the async-source path), and through ``feed_all`` then ``finish`` (the list
path, with its own fast loop for text deltas). Both must raise the same error. The
messages are pinned: they are what a person reads in a failed run.
"""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir import MAX_DEPTH
from agent_ir.replies import (
    ModelResponse,
    ProviderError,
    ProviderErrorCode,
    TextDeltaChunk,
    ToolCallChunk,
)
from agent_ir.replies.parser import MAX_TOKEN_COUNT, ResponseParser

from support.builders import START, text
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
