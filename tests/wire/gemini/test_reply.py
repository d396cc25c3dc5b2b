"""``reply_from_gemini``: a non-streamed ``GenerateContentResponse`` (the API's camelCase
JSON, or an SDK object's ``model_dump(mode="json")``) read into a ``ModelResponse``:
each part its own block with its signature, calls with made-up ids, the finish and
block reasons, usage, the API's error body, and bad replies refused with a path."""

from __future__ import annotations

from typing import Any

import pytest
from google.genai import types

from agent_ir import to_json_value
from agent_ir.replies import ProviderError, ProviderErrorCode
from agent_ir.wire import reply_from_gemini

Code = ProviderErrorCode


def response(*parts: dict[str, Any], finish: str | None = "STOP", **more: Any) -> dict[str, Any]:
    candidate: dict[str, Any] = {"content": {"parts": list(parts), "role": "model"}, "index": 0}
    if finish is not None:
        candidate["finishReason"] = finish
    candidate.update(more.pop("candidate", {}))
    return {
        "candidates": [candidate],
        "usageMetadata": {"promptTokenCount": 12, "candidatesTokenCount": 5},
        "modelVersion": "gemini-2.5-flash",
        "responseId": "resp-1",
        **more,
    }


def read(reply: dict[str, Any]) -> Any:
    return reply_from_gemini(reply, request_id="request-1")


def content(reply: dict[str, Any]) -> list[dict[str, Any]]:
    return [to_json_value(block) for block in read(reply).message.content]


def test_each_part_is_a_block_of_its_own_with_its_signature() -> None:
    reply = response(
        {"text": "Plan.", "thought": True, "thoughtSignature": "VEg="},
        {"text": "First,"},
        {"text": " second.", "thoughtSignature": "VFg="},
        {"functionCall": {"name": "f", "args": {"a": 1}}, "thoughtSignature": "Rk4="},
        finish="STOP",
    )
    assert content(reply) == [
        {"type": "thinking", "thinking": "Plan.", "thoughtSignature": "VEg="},
        {"type": "text", "text": "First,"},
        {"type": "text", "text": " second.", "thoughtSignature": "VFg="},
        {
            "type": "toolCall",
            "id": "gemini_call_resp-1_0",
            "name": "f",
            "arguments": {"a": 1},
            "thoughtSignature": "Rk4=",
        },
    ]
    assert read(reply).stop_reason == "toolCall"


def test_an_empty_signed_part_signs_the_unsigned_text_before_it_else_stands_alone() -> None:
    assert content(response({"text": "Hi."}, {"text": "", "thoughtSignature": "QQ=="})) == [
        {"type": "text", "text": "Hi.", "thoughtSignature": "QQ=="}
    ]
    signed_twice = response(
        {"text": "Hi.", "thoughtSignature": "QQ=="}, {"text": "", "thoughtSignature": "Qg=="}
    )
    assert content(signed_twice) == [
        {"type": "text", "text": "Hi.", "thoughtSignature": "QQ=="},
        {"type": "text", "text": "", "thoughtSignature": "Qg=="},
    ]
    assert content(response({"text": "", "thought": True, "thoughtSignature": "Qw=="})) == [
        {"type": "thinking", "thinking": "", "thoughtSignature": "Qw=="}
    ]


def test_a_reply_without_response_id_takes_the_request_id_deterministically() -> None:
    reply = response({"functionCall": {"name": "f"}})
    del reply["responseId"]
    first, again = read(reply), read(reply)
    assert first == again
    assert first.id == "request-1"
    assert first.message.content[0].id == "gemini_call_request-1_0"


def test_candidates_after_the_first_are_not_read_and_say_so() -> None:
    reply = response({"text": "A"})
    reply["candidates"].append({"content": {"parts": [{"text": "B"}]}, "finishReason": "STOP"})
    got = read(reply)
    assert content(reply) == [{"type": "text", "text": "A"}]
    assert [(w.code, w.path) for w in got.warnings] == [("CHOICES_NOT_READ", "/candidates/1")]


def test_a_blocked_prompt_ends_with_error_and_its_reason_in_a_warning() -> None:
    reply = {
        "promptFeedback": {"blockReason": "SAFETY", "blockReasonMessage": "Blocked."},
        "usageMetadata": {"promptTokenCount": 9, "totalTokenCount": 9},
        "responseId": "resp-2",
    }
    got = read(reply)
    assert (got.stop_reason, got.message.content, got.usage.input_tokens) == ("error", (), 9)
    assert [(w.code, w.path, w.message) for w in got.warnings] == [
        (
            "PART_NOT_READ",
            "/promptFeedback/blockReason",
            "the prompt was blocked (blockReason SAFETY): Blocked.",
        )
    ]


def test_malformed_function_call_is_an_error_that_keeps_the_finish_message() -> None:
    reply = response(
        finish="MALFORMED_FUNCTION_CALL",
        candidate={"finishMessage": "Malformed function call: f(x=)"},
    )
    got = read(reply)
    assert got.stop_reason == "error"
    assert [w.message for w in got.warnings] == [
        "finishReason MALFORMED_FUNCTION_CALL (an error) ended the reply:"
        " Malformed function call: f(x=)"
    ]


def test_max_tokens_after_a_call_is_length_with_the_call_kept() -> None:
    got = read(response({"functionCall": {"name": "f"}}, finish="MAX_TOKENS"))
    assert (got.stop_reason, len(got.message.content)) == ("length", 1)


def test_usage_counts_thoughts_as_output_and_cached_content_as_part_of_input() -> None:
    reply = response({"text": "x"})
    reply["usageMetadata"] = {
        "promptTokenCount": 100,
        "cachedContentTokenCount": 60,
        "candidatesTokenCount": 4,
        "thoughtsTokenCount": 30,
        "totalTokenCount": 134,
    }
    assert to_json_value(read(reply).usage) == {
        "inputTokens": 100,
        "outputTokens": 34,
        "cacheReadTokens": 60,
        "reasoningTokens": 30,
    }


def test_an_image_models_picture_is_warned_not_refused() -> None:
    reply = response(
        {"text": "Here it is:"}, {"inlineData": {"mimeType": "image/png", "data": "iVBO"}}
    )
    got = read(reply)
    assert content(reply) == [{"type": "text", "text": "Here it is:"}]
    assert [(w.code, w.path, w.message) for w in got.warnings] == [
        (
            "PART_NOT_READ",
            "/candidates/0/content/parts/1",
            "/candidates/0/content/parts/1 (inlineData) has no IR form",
        )
    ]


def test_the_apis_error_body_is_a_transport_error_with_its_status() -> None:
    body = {"error": {"code": 400, "message": "API key not valid.", "status": "INVALID_ARGUMENT"}}
    with pytest.raises(ProviderError) as caught:
        read(body)
    error = caught.value
    assert (error.code, error.provider_code, error.message, error.record_index) == (
        Code.PROVIDER_TRANSPORT_ERROR,
        "INVALID_ARGUMENT",
        "API key not valid.",
        None,
    )


def test_an_sdk_objects_json_dump_reads_as_its_json_and_bytes_are_refused_with_a_hint() -> None:
    reply = response({"text": "Hi.", "thoughtSignature": "Ab+/"})
    sdk = types.GenerateContentResponse.model_validate(reply)
    got = read(sdk.model_dump(mode="json"))
    assert content(sdk.model_dump(mode="json")) == [
        {"type": "text", "text": "Hi.", "thoughtSignature": "Ab-_"}  # the SDK's URL-safe form
    ]
    assert got.usage == read(reply).usage
    with pytest.raises(ProviderError) as caught:
        read(sdk.model_dump())  # bytes: not JSON data
    assert caught.value.code is Code.PROVIDER_INVALID_EVENT
    assert caught.value.message.startswith("reply_from_gemini: the reply is not JSON data")


@pytest.mark.parametrize(
    ("reply", "code", "message"),
    [
        (
            response({"text": "x"}, finish=None),
            Code.PROVIDER_INVALID_EVENT,
            "reply_from_gemini: the reply has no finishReason on candidates[0] and no"
            " promptFeedback.blockReason (a reply without one has not ended)",
        ),
        (
            {"responseId": "r"},
            Code.PROVIDER_INVALID_EVENT,
            "reply_from_gemini: the reply has no finishReason on candidates[0] and no"
            " promptFeedback.blockReason (a reply without one has not ended)",
        ),
        (
            response({"functionCall": {"name": "f", "args": "{}"}}),
            Code.PROVIDER_INVALID_EVENT,
            "reply_from_gemini: /candidates/0/content/parts/0/functionCall/args"
            " must be an object or null; it is a string ('{}')",
        ),
        (
            response({"text": "x"}, candidate={"index": -1}),
            Code.PROVIDER_INVALID_EVENT,
            "reply_from_gemini: /candidates/0/index must be an integer >= 0 or null;"
            " it is a number (-1)",
        ),
        (
            response({"text": "x"}, candidate={"finishReason": 1}),
            Code.PROVIDER_INVALID_EVENT,
            "reply_from_gemini: /candidates/0/finishReason must be a string or null;"
            " it is a number (1)",
        ),
        (
            {**response({"text": "x"}), "responseId": 3},
            Code.PROVIDER_INVALID_EVENT,
            "reply_from_gemini: /responseId must be a string or null; it is a number (3)",
        ),
        # Found by the fuzzer (from_wire): a transport string holding a lone surrogate
        # made msgspec raise UnicodeEncodeError out of reply_from_gemini.
        (
            {**response({"text": "x"}), "candidates": "\ud800"},
            Code.PROVIDER_INVALID_EVENT,
            "reply_from_gemini: /candidates must be an array or null; it is a string ('\\ud800')",
        ),
    ],
)
def test_a_reply_the_ir_cannot_take_is_refused_naming_the_place(
    reply: dict[str, Any], code: ProviderErrorCode, message: str
) -> None:
    with pytest.raises(ProviderError) as caught:
        read(reply)
    assert (caught.value.code, caught.value.message) == (code, message)


def test_a_blank_request_id_is_a_type_error_and_a_list_is_no_reply() -> None:
    with pytest.raises(TypeError, match="request_id"):
        reply_from_gemini(response(), request_id="")
    with pytest.raises(ProviderError) as caught:
        reply_from_gemini([response()], request_id="r")
    assert caught.value.message == (
        "reply_from_gemini: the reply must be a JSON object; it is an array"
    )


def test_undeclared_keys_of_a_reply_are_warned_at_their_place() -> None:
    reply = response(
        {"text": "a"},
        {"text": "b", "emphasis": "bold"},
        candidate={"rank": 1, "avgLogprobs": -0.1},
        traceId="t-1",
    )
    reply["usageMetadata"]["gatewayCost"] = 3
    got = read(reply)
    assert content(reply) == [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]
    assert [(w.code, w.path, w.message) for w in got.warnings] == [
        (
            "PART_NOT_READ",
            place,
            f"{place} is not read: the IR has no place for it",
        )
        for place in (
            "/usageMetadata/gatewayCost",
            "/candidates/0/rank",
            "/traceId",
            "/candidates/0/content/parts/1/emphasis",
        )
    ]


def test_an_sdk_objects_dump_with_every_sdk_field_set_warns_nothing() -> None:
    reply = response({"text": "Hi."}, candidate={"safetyRatings": [], "avgLogprobs": -0.5})
    sdk = types.GenerateContentResponse.model_validate(reply)
    sdk.sdk_http_response = types.HttpResponse(headers={"x-request": "1"}, body=None)
    sdk.automatic_function_calling_history = []
    dumped = sdk.model_dump(mode="json")
    assert dumped["sdk_http_response"] is not None
    got = read(dumped)
    assert (got.id, got.warnings) == ("resp-1", ())
    assert content(dumped) == [{"type": "text", "text": "Hi."}]


def test_an_undeclared_key_holding_a_lone_surrogate_is_warned_not_raised() -> None:
    """Found by the fuzzer (from_wire): msgspec names an undeclared key by encoding it,
    which raised UnicodeEncodeError out of ``reply_from_gemini``; the decode step's walk
    reads the reply and names the key at its place."""
    reply = response({"text": "a"})
    reply["usageMetadata"]["\ud800"] = "candidates"

    got = read(reply)

    assert content(reply) == [{"type": "text", "text": "a"}]
    assert [(w.code, w.path) for w in got.warnings] == [("PART_NOT_READ", "/usageMetadata/\ud800")]
