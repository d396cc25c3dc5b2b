"""``reply_from_*``: a non-streamed reply read into the ``ModelResponse`` its stream gives.

The non-streamed replies are the official SDKs' own: each recorded stream in
``fixtures/wire/<format>/`` is served from a loopback HTTP server to the SDK's
streaming helper, whose final object (``get_final_message()``,
``get_final_completion()``, ``get_final_response()``) is exactly what the
non-streamed call returns for that reply; its ``model_dump()`` goes through
``reply_from_*`` and must equal the response agent-ir's stream gives for the same
bytes (its ``.expected.json``), warnings included. Then each reader's own rules on
hand-built replies: hosted tools are warnings with paths, refusals, failures, bad input.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anthropic
import openai
import pytest

import agent_ir.wire
from agent_ir import to_json_value
from agent_ir.replies import ProviderError, ProviderErrorCode
from agent_ir.wire import (
    AnthropicStream,
    OpenAIChatStream,
    OpenAIResponsesStream,
    from_openai_responses,
    reply_from_anthropic,
    reply_from_gemini,
    reply_from_openai_chat,
    reply_from_openai_responses,
)

from support.loopback import loopback_only
from support.sse_server import sse_server

Code = ProviderErrorCode
WIRE = Path(__file__).resolve().parents[2] / "fixtures" / "wire"


@pytest.fixture(autouse=True)
def _loopback_only() -> Iterator[None]:
    with loopback_only():
        yield


def answered(folder: str) -> list[str]:
    """The recordings of ``folder`` whose stream ends with a response."""
    names = []
    for path in sorted((WIRE / folder).glob("*.sse")):
        expected = json.loads(path.with_suffix(".expected.json").read_text(encoding="utf-8"))
        if "response" in expected:
            names.append(path.stem)
    return names


def expected_response(folder: str, name: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads(
        (WIRE / folder / f"{name}.expected.json").read_text(encoding="utf-8")
    )["response"]
    # A non-streamed reply has no events: the stream's EVENT_NOT_READ warnings (an event
    # type passed over) are the one thing the same reply read whole cannot give.
    value["warnings"] = [w for w in value["warnings"] if w["code"] != "EVENT_NOT_READ"]
    return value


def body(folder: str, name: str) -> bytes:
    return (WIRE / folder / f"{name}.sse").read_bytes()


# --- the SDKs' final objects, read as non-streamed replies -------------------------------


def anthropic_final(data: bytes) -> dict[str, Any]:
    with sse_server(data) as (url, _):
        client = anthropic.Anthropic(base_url=url, api_key="test", max_retries=0)
        with client.messages.stream(
            model="claude-test", max_tokens=1024, messages=[{"role": "user", "content": "hi"}]
        ) as stream:
            message = stream.get_final_message()
    dumped: dict[str, Any] = message.model_dump(mode="json")
    return dumped


def chat_final(data: bytes) -> dict[str, Any]:
    with sse_server(data) as (url, _):
        client = openai.OpenAI(base_url=f"{url}/v1", api_key="test", max_retries=0)
        with client.chat.completions.stream(
            model="gpt-test", messages=[{"role": "user", "content": "hi"}]
        ) as stream:
            for _ in stream:
                pass
            try:
                completion = stream.get_final_completion()
            except (openai.LengthFinishReasonError, openai.ContentFilterFinishReasonError) as e:
                completion = e.completion  # the SDK refuses these finishes, with the reply
    dumped: dict[str, Any] = completion.model_dump(mode="json")
    return dumped


def responses_final(data: bytes) -> dict[str, Any]:
    with sse_server(data) as (url, _):
        client = openai.OpenAI(base_url=f"{url}/v1", api_key="test", max_retries=0)
        with client.responses.stream(model="gpt-test", input="hi") as stream:
            for _ in stream:
                pass
            response = stream.get_final_response()
    # A plain model_dump, as users call it: it adds a null for every optional field the
    # server left out, which a hosted item's wire leaves out again.
    dumped: dict[str, Any] = response.model_dump(mode="json")
    return dumped


@pytest.mark.parametrize("name", answered("anthropic"))
def test_reply_from_anthropic_of_the_sdks_final_message_equals_the_stream(name: str) -> None:
    reply = anthropic_final(body("anthropic", name))
    response = reply_from_anthropic(reply, request_id="request-1")
    assert to_json_value(response) == expected_response("anthropic", name)


# Recordings whose SDK final object is not the reply the server meant: Groq and
# OpenRouter repeat the call id and function name in every delta and the SDK's
# accumulator joins the copies ("get_weatherget_weather"), and it does not read Groq's
# x_groq.usage.
SDK_MISREADS = {"groq-repeated-tool-call", "openrouter-reasoning-tool-call"}


def chat_replies() -> list[str]:
    # The SDK's helper refuses a body that ends without a finish_reason or [DONE].
    return [
        name
        for name in answered("openai-chat")
        if not name.startswith("no-finish") and name not in SDK_MISREADS
    ]


def test_a_repeated_function_name_reads_once_in_a_reply_as_in_the_stream() -> None:
    """What the SDK misreads, hand-corrected: the reply names the call once."""
    data = body("openai-chat", "groq-repeated-tool-call")
    reply = chat_final(data)
    calls = reply["choices"][0]["message"]["tool_calls"]
    assert calls[0]["function"]["name"] == "search_flights" * 2  # the SDK's joined copies
    streamed = expected_response("openai-chat", "groq-repeated-tool-call")
    for call, want in zip(calls, streamed["message"]["content"][-len(calls) :], strict=True):
        call["id"], call["function"]["name"] = want["id"], want["name"]
    reply["usage"] = {
        "prompt_tokens": streamed["usage"]["inputTokens"],
        "completion_tokens": streamed["usage"]["outputTokens"],
    }
    assert to_json_value(reply_from_openai_chat(reply, request_id="request-1")) == streamed


@pytest.mark.parametrize("name", chat_replies())
def test_reply_from_openai_chat_of_the_sdks_final_completion_equals_the_stream(
    name: str,
) -> None:
    reply = chat_final(body("openai-chat", name))
    response = reply_from_openai_chat(reply, request_id="request-1")
    assert to_json_value(response) == expected_response("openai-chat", name)


def responses_replies() -> list[str]:
    # ...and the Responses helper gives a final response only for response.completed.
    return [
        name
        for name in answered("openai-responses")
        if expected_response("openai-responses", name)["stopReason"] in ("stop", "toolCall")
    ]


@pytest.mark.parametrize("name", responses_replies())
def test_reply_from_openai_responses_of_the_sdks_final_response_equals_the_stream(
    name: str,
) -> None:
    reply = responses_final(body("openai-responses", name))
    response = reply_from_openai_responses(reply, request_id="request-1")
    assert to_json_value(response) == expected_response("openai-responses", name)


def test_every_format_has_replies_compared_with_their_streams() -> None:
    """Gemini's: ``tests/wire/gemini/test_sdk_stream.py`` (``generate_content`` of each answered
    recording's content against the stream) and ``tests/wire/gemini/test_stream.py``."""
    assert len(answered("anthropic")) >= 8
    assert len(chat_replies()) >= 8
    assert len(responses_replies()) >= 5
    assert len(answered("gemini")) >= 9


# --- hand-built replies: what each reader adds ----------------------------------------------


def anthropic_message(**fields: Any) -> dict[str, Any]:
    message = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-test",
        "content": [{"type": "text", "text": "hi", "citations": None}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 3, "output_tokens": 2},
    }
    return {**message, **fields}


def test_a_block_with_no_ir_form_is_a_warning_with_its_path_and_the_reply_keeps_the_rest() -> None:
    content = [
        {"type": "text", "text": "Searching."},
        {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}},
        {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": []},
        {"type": "container_upload", "file_id": "file_1"},
        {"type": "text", "text": "Found it."},
    ]
    response = reply_from_anthropic(anthropic_message(content=content), request_id="r")
    assert [block.type for block in response.message.content] == [
        "text",
        "serverToolCall",
        "serverToolResult",
        "text",
    ]
    assert [(w.code, w.path, w.block_index, w.message) for w in response.warnings] == [
        ("PART_NOT_READ", "/content/3", 3, "/content/3 (container_upload) has no IR form"),
    ]


def test_a_sync_stream_and_the_reply_of_the_same_server_tool_turn_agree() -> None:
    data = body("anthropic", "server-tools")
    streamed = AnthropicStream([data], request_id="request-1").result()
    replied = reply_from_anthropic(anthropic_final(data), request_id="request-1")
    assert streamed == replied
    assert replied.warnings == ()
    assert "serverToolCall" in [block.type for block in replied.message.content]


def test_anthropic_stop_reasons_and_usage_read_as_the_stream_reads_them() -> None:
    cases = {"end_turn": "stop", "max_tokens": "length", "refusal": "refusal", "pause_turn": "stop"}
    for wire, ir in cases.items():
        response = reply_from_anthropic(anthropic_message(stop_reason=wire), request_id="r")
        assert (response.stop_reason, response.usage.output_tokens) == (ir, 2)
    call = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": [1]}}
    response = reply_from_anthropic(
        anthropic_message(content=[call], stop_reason="tool_use"), request_id="r"
    )
    assert to_json_value(response.message)["content"] == [
        {"type": "toolCall", "id": "toolu_1", "name": "f", "arguments": {"a": [1]}}
    ]


@pytest.mark.parametrize(
    ("fields", "code", "message"),
    [
        (
            {"stop_reason": None},
            Code.PROVIDER_INVALID_EVENT,
            "reply_from_anthropic: /stop_reason must be an Anthropic stop reason; it is null",
        ),
        (
            {"content": [{"type": "tool_use", "id": "t", "name": "f", "input": None}]},
            Code.PROVIDER_INVALID_EVENT,
            "reply_from_anthropic: /content/0/input must be an object; it is null",
        ),
        (
            {"usage": {"output_tokens": 1}},
            Code.PROVIDER_INVALID_EVENT,
            "reply_from_anthropic: /usage/input_tokens must be an integer >= 0; it is missing",
        ),
        (
            {"stop_reason": "tool_use"},
            Code.PROVIDER_INVALID_TERMINAL,
            'reply_from_anthropic: stop reason "tool_call" without a tool call',
        ),
        (
            {"role": "user"},
            Code.PROVIDER_INVALID_EVENT,
            "reply_from_anthropic: /role must be 'assistant'; it is a string ('user')",
        ),
    ],
)
def test_a_reply_the_ir_cannot_take_is_a_provider_error_naming_the_place(
    fields: dict[str, Any], code: ProviderErrorCode, message: str
) -> None:
    with pytest.raises(ProviderError) as caught:
        reply_from_anthropic(anthropic_message(**fields), request_id="r")
    assert (caught.value.code, caught.value.message, caught.value.record_index) == (
        code,
        message,
        None,
    )


def test_an_sdk_object_itself_is_refused_with_a_hint_and_a_blank_request_id_is_a_type_error() -> (
    None
):
    message = anthropic.types.Message.model_validate(anthropic_message())
    with pytest.raises(ProviderError) as caught:
        reply_from_anthropic(message, request_id="r")
    assert caught.value.code is Code.PROVIDER_INVALID_EVENT
    assert caught.value.message.endswith("(pass an SDK object's model_dump())")
    assert reply_from_anthropic(message.model_dump(), request_id="r").id == "msg_1"
    for function in (
        reply_from_anthropic,
        reply_from_openai_chat,
        reply_from_openai_responses,
        reply_from_gemini,
    ):
        with pytest.raises(TypeError, match="request_id"):
            function({}, request_id=" ")


def chat_completion(message: dict[str, Any], finish: str = "stop") -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-test",
        "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
        "usage": {"prompt_tokens": 5, "completion_tokens": 7, "total_tokens": 12},
    }


def test_a_chat_refusal_is_a_refusal_block_and_a_custom_tool_call_a_warning() -> None:
    refusal = chat_completion({"role": "assistant", "content": None, "refusal": "No."})
    response = reply_from_openai_chat(refusal, request_id="r")
    assert (response.stop_reason, to_json_value(response.message)["content"]) == (
        "refusal",
        [{"type": "refusal", "text": "No."}],
    )
    custom = {"id": "call_c", "type": "custom", "custom": {"name": "grep", "input": "x"}}
    function = {"id": "call_f", "type": "function", "function": {"name": "f", "arguments": ""}}
    calls = chat_completion(
        {"role": "assistant", "content": None, "tool_calls": [custom, function]}, "tool_calls"
    )
    response = reply_from_openai_chat(calls, request_id="r")
    assert to_json_value(response.message)["content"] == [
        {"type": "toolCall", "id": "call_f", "name": "f", "arguments": {}}
    ]
    assert [(w.code, w.path) for w in response.warnings] == [
        ("PART_NOT_READ", "/choices/0/message/tool_calls/0")
    ]
    assert (response.usage.input_tokens, response.usage.output_tokens) == (5, 7)


def test_togethers_eos_finish_reason_is_a_stop_in_the_reply_and_the_stream() -> None:
    reply = chat_completion({"role": "assistant", "content": "4"}, "eos")
    assert reply_from_openai_chat(reply, request_id="r").stop_reason == "stop"
    chunks = [
        {"id": "c1", "object": "chat.completion.chunk", "choices": [{"delta": {"content": "4"}}]},
        {"id": "c1", "choices": [{"delta": {}, "finish_reason": "eos"}]},
    ]
    assert OpenAIChatStream(chunks, request_id="r").result().stop_reason == "stop"


def test_a_chat_completion_with_two_choices_reads_the_first_and_an_error_is_refused() -> None:
    two = chat_completion({"role": "assistant", "content": "a"})
    two["choices"].append({"index": 1, "message": {"content": "b"}, "finish_reason": "stop"})
    response = reply_from_openai_chat(two, request_id="r")
    assert to_json_value(response.message)["content"] == [{"type": "text", "text": "a"}]
    assert [(w.code, w.path) for w in response.warnings] == [("CHOICES_NOT_READ", "/choices/1")]
    failed = {"error": {"message": "slow down", "code": "rate_limit_exceeded"}}
    with pytest.raises(ProviderError) as caught:
        reply_from_openai_chat(failed, request_id="r")
    assert (caught.value.code, caught.value.provider_code, caught.value.message) == (
        Code.PROVIDER_TRANSPORT_ERROR,
        "rate_limit_exceeded",
        "slow down",
    )


def responses_reply(output: list[Any], **fields: Any) -> dict[str, Any]:
    reply = {
        "id": "resp_1",
        "object": "response",
        "status": "completed",
        "output": output,
        "usage": {"input_tokens": 4, "output_tokens": 6},
    }
    return {**reply, **fields}


def test_a_hosted_tool_item_is_a_server_tool_call_and_reasoning_keeps_its_signature() -> None:
    output = [
        {
            "type": "reasoning",
            "id": "rs_1",
            "summary": [
                {"type": "summary_text", "text": "a"},
                {"type": "summary_text", "text": "b"},
            ],
        },
        {"type": "web_search_call", "id": "ws_1", "status": "completed"},
        {
            "type": "message",
            "id": "msg_1",
            "role": "assistant",
            "content": [{"type": "output_text", "text": "done", "annotations": []}],
        },
    ]
    response = reply_from_openai_responses(responses_reply(output), request_id="r")
    signature = '{"type":"reasoning","id":"rs_1"}'
    assert to_json_value(response.message)["content"] == [
        # One thinking block per summary part, as from_openai_responses reads the item.
        {"type": "thinking", "thinking": "a", "signature": signature},
        {"type": "thinking", "thinking": "b", "signature": signature},
        {
            "type": "serverToolCall",
            "provider": "openai-responses",
            "id": "ws_1",
            "name": "web_search_call",
            "input": {},
            "wire": {"status": "completed"},
        },
        {"type": "text", "text": "done", "itemId": "msg_1"},
    ]
    assert response.warnings == ()
    [read] = from_openai_responses(output)
    assert to_json_value(response.message)["content"] == to_json_value(read)["content"]


def test_responses_statuses_map_to_stop_reasons_or_failures() -> None:
    cut = responses_reply(
        [], status="incomplete", incomplete_details={"reason": "max_output_tokens"}
    )
    assert reply_from_openai_responses(cut, request_id="r").stop_reason == "length"
    failed = responses_reply([], status="failed", error={"code": "server_error", "message": "x"})
    with pytest.raises(ProviderError) as caught:
        reply_from_openai_responses(failed, request_id="r")
    assert (caught.value.code, caught.value.provider_code) == (
        Code.PROVIDER_TRANSPORT_ERROR,
        "server_error",
    )
    with pytest.raises(ProviderError) as caught:
        reply_from_openai_responses(responses_reply([], status="in_progress"), request_id="r")
    assert caught.value.code is Code.PROVIDER_MISSING_TERMINAL


def test_the_reply_readers_and_streams_are_published_from_agent_ir_wire() -> None:
    for name in (
        "reply_from_anthropic",
        "AnthropicStream",
        "AsyncOpenAIChatStream",
        "reply_from_gemini",
        "GeminiStream",
        "AsyncGeminiStream",
    ):
        assert getattr(agent_ir.wire, name).__module__ == "agent_ir.wire"
    assert repr(OpenAIChatStream([], request_id="r")) == "<agent_ir.wire.OpenAIChatStream>"
    assert isinstance(OpenAIResponsesStream([], request_id="r"), OpenAIResponsesStream)
    assert dir(agent_ir.wire) == sorted(agent_ir.wire.__all__)
