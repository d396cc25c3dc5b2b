"""Keys of a Chat reply (its message, tool calls and their functions, its choice, its
usage, the reply or chunk itself) that the declarations do not know are PART_NOT_READ
warnings at their path, never dropped in silence: in ``reply_from_openai_chat`` and in
``OpenAIChatStream`` (once for each key); declared keys the IR has no place for are
warned unless they hold the request reader's empty default
(``agent_ir.wire.openai_chat._keys``), and the keys compatible servers add that carry
nothing for the IR are declared and not warned (``agent_ir.wire.openai_chat._wire``).

The replies are minimal versions of recorded ones: Groq's ``executed_tools`` (its
compound models' server-executed tools) and the ``extra_content`` of Gemini's
OpenAI-compatible API (``{"google": {"thought_signature": ...}}`` on a message or a
tool call).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from agent_ir import to_json_value
from agent_ir.replies.builder import ReplyBuilder
from agent_ir.replies.protocol import ProviderError, ProviderErrorCode
from agent_ir.wire import OpenAIChatStream, from_openai_chat, reply_from_openai_chat
from agent_ir.wire.openai_chat._keys import DEFAULT_VALUES
from agent_ir.wire.openai_chat._stream import ChatState
from agent_ir.wire.openai_chat._wire import Delta, Message

from support.wire_cases import resolve

SIGNATURE = {"google": {"thought_signature": "c2lnbmF0dXJl"}}
EXECUTED_TOOL = {
    "index": 0,
    "type": "search",
    "arguments": '{"query": "x"}',
    "output": "Title: x\nURL: https://example.com/x\nContent: x is a letter.",
}
WEATHER_CALL: dict[str, Any] = {
    "id": "function-call-1",
    "type": "function",
    "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
}
WEATHER_BLOCK = {
    "type": "toolCall",
    "id": "function-call-1",
    "name": "get_weather",
    "arguments": {"city": "Paris"},
}


def completion(message: dict[str, Any], finish: str = "stop", **fields: Any) -> dict[str, Any]:
    body = {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": "test",
        "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": finish}],
        "usage": {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18},
    }
    return {**body, **fields}


def warnings(response: Any) -> list[tuple[str, str, int, int, str]]:
    return [(w.code, w.path, w.message_index, w.block_index, w.message) for w in response.warnings]


def without_warnings(response: Any) -> dict[str, Any]:
    value: dict[str, Any] = to_json_value(response)
    del value["warnings"]
    return value


def read(reply: dict[str, Any]) -> Any:
    """The reply read; its ``model_dump()``-like dict is not changed."""
    before = copy.deepcopy(reply)
    response = reply_from_openai_chat(reply, request_id="request-1")
    assert reply == before
    for warning in response.warnings:
        resolve(reply, warning.path)  # the path names a value of the reply
    return response


def sse(*chunks: dict[str, Any]) -> bytes:
    body = b"".join(f"data: {json.dumps(chunk)}\n\n".encode() for chunk in chunks)
    return body + b"data: [DONE]\n\n"


def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion.chunk",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


def streamed(*chunks: dict[str, Any]) -> Any:
    return OpenAIChatStream([sse(*chunks)], request_id="request-1").result()


# --- the recorded cases ---------------------------------------------------------------------


def test_groqs_executed_tools_are_a_warning_and_the_content_is_read_as_without_them() -> None:
    message = {
        "role": "assistant",
        "content": "x is a letter.",
        "reasoning": "I searched for x.",
        "executed_tools": [EXECUTED_TOOL],
    }
    reply = completion(message, x_groq={"id": "req_01"})
    response = read(reply)
    assert warnings(response) == [
        (
            "PART_NOT_READ",
            "/choices/0/message/executed_tools",
            0,
            -1,
            "/choices/0/message/executed_tools has no IR form",
        )
    ]
    assert to_json_value(response.message)["content"] == [
        {"type": "thinking", "thinking": "I searched for x."},
        {"type": "text", "text": "x is a letter."},
    ]
    plain = {key: value for key, value in message.items() if key != "executed_tools"}
    bare = read(completion(plain, x_groq={"id": "req_01"}))
    assert bare.warnings == ()
    assert without_warnings(response) == without_warnings(bare)


def test_geminis_extra_content_on_a_message_is_a_warning_and_its_call_is_read() -> None:
    message = {"role": "assistant", "extra_content": SIGNATURE, "tool_calls": [WEATHER_CALL]}
    reply = completion(message, "tool_calls", id="")
    response = read(reply)
    assert warnings(response) == [
        (
            "PART_NOT_READ",
            "/choices/0/message/extra_content",
            0,
            -1,
            "/choices/0/message/extra_content has no IR form",
        )
    ]
    assert to_json_value(response.message)["content"] == [WEATHER_BLOCK]
    assert (response.id, response.stop_reason) == ("request-1", "toolCall")
    plain = {"role": "assistant", "tool_calls": [WEATHER_CALL]}
    bare = read(completion(plain, "tool_calls", id=""))
    assert bare.warnings == ()
    assert without_warnings(response) == without_warnings(bare)


def test_geminis_extra_content_on_a_tool_call_is_a_warning_with_the_calls_index() -> None:
    second = {**WEATHER_CALL, "id": "function-call-2", "extra_content": SIGNATURE}
    message = {"role": "assistant", "content": "Checking.", "tool_calls": [WEATHER_CALL, second]}
    response = read(completion(message, "tool_calls"))
    assert warnings(response) == [
        (
            "PART_NOT_READ",
            "/choices/0/message/tool_calls/1/extra_content",
            0,
            1,
            "/choices/0/message/tool_calls/1/extra_content has no IR form",
        )
    ]
    assert to_json_value(response.message)["content"] == [
        {"type": "text", "text": "Checking."},
        WEATHER_BLOCK,
        {**WEATHER_BLOCK, "id": "function-call-2"},
    ]


# --- what carries nothing, and what does --------------------------------------------------------


def test_the_empty_defaults_and_nulls_of_real_replies_are_not_warned_about() -> None:
    openai_message: dict[str, Any] = {
        "role": "assistant",
        "content": "4",
        "refusal": None,
        "annotations": [],
        "audio": None,
        "function_call": None,
        "tool_calls": None,
        "parsed": None,  # the SDK's parsed completion, model_dump()
    }
    # The SDK's accumulated completion: each call with its index, parsed_arguments null.
    sdk_call = {
        **WEATHER_CALL,
        "index": 0,
        "function": {**WEATHER_CALL["function"], "parsed_arguments": None},
    }
    sdk_message = {**openai_message, "content": None, "tool_calls": [sdk_call]}
    # A Go-based server writes every field, with its zero value.
    go_message = {
        "role": "assistant",
        "content": "",
        "refusal": "",
        "reasoning_content": "",
        "reasoning": "",
        "audio": {"data": "", "expires_at": 0, "id": "", "transcript": ""},
        "function_call": {"arguments": "", "name": ""},
        "tool_calls": [{**WEATHER_CALL, "index": 0, "custom": {"input": "", "name": ""}}],
    }
    mistral_message = {"role": "assistant", "content": "4", "prefix": False, "tool_calls": None}
    for message in (openai_message, sdk_message, go_message, mistral_message):
        assert read(completion(message)).warnings == (), message


def test_values_that_are_not_the_default_are_warned_about_at_their_paths() -> None:
    call = {
        **WEATHER_CALL,
        "index": 3,  # not its position: no stream's index echoed back
        "function": {**WEATHER_CALL["function"], "thought_signature": "c2ln"},
    }
    message = {
        "role": "assistant",
        "content": "a",
        "prefix": True,
        "audio": {"id": "audio_1", "data": "UklGRg==", "expires_at": 1, "transcript": "a"},
        "tool_calls": [call],
    }
    response = read(completion(message, "tool_calls"))
    assert [(code, path, block) for code, path, _, block, _ in warnings(response)] == [
        ("PART_NOT_READ", "/choices/0/message/prefix", -1),
        ("PART_NOT_READ", "/choices/0/message/audio/id", -1),
        ("PART_NOT_READ", "/choices/0/message/audio/data", -1),
        ("PART_NOT_READ", "/choices/0/message/audio/expires_at", -1),
        ("PART_NOT_READ", "/choices/0/message/tool_calls/0/index", 0),
        ("PART_NOT_READ", "/choices/0/message/tool_calls/0/function/thought_signature", 0),
    ]
    assert to_json_value(response.message)["content"] == [
        {"type": "text", "text": "aa"},  # the content, then the audio's transcript
        WEATHER_BLOCK,
    ]


@pytest.mark.parametrize(
    "extra",
    [
        {"executed_tools": [EXECUTED_TOOL]},
        {"extra_content": SIGNATURE},
        {"name": "bot", "prefix": True, "weight": 1},
        {"annotations": [], "refusal": None, "prefix": False, "tool_call_id": None},
        {"reasoning_details": [{"type": "reasoning.text", "text": "x", "signature": "s"}]},
    ],
)
def test_the_reply_warns_about_the_keys_the_request_reader_warns_about(
    extra: dict[str, Any],
) -> None:
    """One list: the keys of an assistant message that a request and a reply leave
    unread are the same (but the reasoning, which only a reply reads, and the audio,
    whose transcript a reply reads: tests/wire/openai_chat/test_audio.py)."""
    message = {"role": "assistant", "content": "a", **extra}
    request = from_openai_chat([message])
    reply = read(completion(message))
    prefix = "/choices/0/message"
    assert [w.path.removeprefix(prefix) for w in reply.warnings] == [
        w.path.removeprefix("/messages/0") for w in request.warnings
    ]
    assert all(w.path.startswith(prefix) for w in reply.warnings)


def test_only_a_reply_reads_the_reasoning_of_a_message() -> None:
    declared = {"role", "content", "tool_calls", "refusal", "annotations", "reasoning_content"}
    assert declared <= set(Message.__struct_fields__) == set(Delta.__struct_fields__)
    message = {"role": "assistant", "content": "a", "reasoning_content": "think"}
    request = from_openai_chat([message])
    assert [w.path for w in request.warnings] == ["/messages/0/reasoning_content"]
    assert read(completion(message)).warnings == ()
    assert DEFAULT_VALUES["reasoning_content"] == ""


def test_a_skipped_custom_call_and_other_choices_warn_once_not_for_each_key() -> None:
    custom = {
        "id": "call_c",
        "type": "custom",
        "custom": {"name": "grep", "input": "x"},
        "extra_content": SIGNATURE,
    }
    reply = completion({"role": "assistant", "content": None, "tool_calls": [custom]})
    reply["choices"].append(
        {"index": 1, "message": {"content": "b", "executed_tools": []}, "finish_reason": "stop"}
    )
    assert [(w.code, w.path) for w in read(reply).warnings] == [
        ("CHOICES_NOT_READ", "/choices/1"),
        ("PART_NOT_READ", "/choices/0/message/tool_calls/0"),
    ]


# --- the stream -------------------------------------------------------------------------------


def test_the_stream_warns_once_for_each_unread_key_as_the_reply_does() -> None:
    stream = streamed(
        chunk({"role": "assistant", "reasoning": "I searched", "executed_tools": []}),
        chunk({"reasoning": " for x.", "executed_tools": [EXECUTED_TOOL]}),
        chunk({"content": "x is a letter.", "executed_tools": [EXECUTED_TOOL]}),
        chunk({}, "stop"),
    )
    message = {
        "role": "assistant",
        "content": "x is a letter.",
        "reasoning": "I searched for x.",
        "executed_tools": [EXECUTED_TOOL],
    }
    reply = read(completion(message))
    assert warnings(stream) == warnings(reply)
    assert len(stream.warnings) == 1
    assert stream.message.content == reply.message.content


def test_the_stream_warns_about_a_tool_call_deltas_keys_once_for_each_call() -> None:
    first = {"index": 0, **WEATHER_CALL, "extra_content": SIGNATURE}
    first["function"] = {"name": "get_weather", "arguments": ""}
    rest = {"index": 0, "function": {"arguments": '{"city": "Paris"}'}, "extra_content": {}}
    stream = streamed(
        chunk({"role": "assistant", "extra_content": SIGNATURE, "tool_calls": [first]}),
        chunk({"tool_calls": [rest]}),
        chunk({}, "tool_calls"),
    )
    message = {
        "role": "assistant",
        "extra_content": SIGNATURE,
        "tool_calls": [{**WEATHER_CALL, "extra_content": SIGNATURE}],
    }
    reply = read(completion(message, "tool_calls"))
    assert (
        warnings(stream)
        == warnings(reply)
        == [
            (
                "PART_NOT_READ",
                "/choices/0/message/extra_content",
                0,
                -1,
                "/choices/0/message/extra_content has no IR form",
            ),
            (
                "PART_NOT_READ",
                "/choices/0/message/tool_calls/0/extra_content",
                0,
                0,
                "/choices/0/message/tool_calls/0/extra_content has no IR form",
            ),
        ]
    )
    assert to_json_value(stream.message)["content"] == [WEATHER_BLOCK]
    assert stream.message.content == reply.message.content


def test_the_stream_does_not_warn_about_what_carries_nothing_or_another_choice() -> None:
    other = chunk({"content": "b", "executed_tools": [EXECUTED_TOOL]})
    other["choices"][0]["index"] = 1
    stream = streamed(
        chunk({"role": "assistant", "content": "", "refusal": None, "reasoning_content": ""}),
        chunk({"content": "a", "audio": None, "function_call": {"arguments": "", "name": ""}}),
        other,
        chunk({"tool_calls": [{**WEATHER_CALL, "index": 0}]}),
        chunk({}, "tool_calls"),
    )
    assert [(w.code, w.path) for w in stream.warnings] == [("CHOICES_NOT_READ", "/choices/1")]
    assert to_json_value(stream.message)["content"] == [
        {"type": "text", "text": "a"},
        WEATHER_BLOCK,
    ]


# --- every level of the reply and the chunk ----------------------------------------------------


def test_the_keys_compatible_servers_add_that_carry_nothing_are_declared_not_warned() -> None:
    usage = {
        "prompt_tokens": 11,
        "completion_tokens": 7,
        "total_tokens": 18,
        "prompt_tokens_details": {"cached_tokens": 2, "audio_tokens": 0, "cache_write_tokens": 0},
        "completion_tokens_details": {"reasoning_tokens": 3, "accepted_prediction_tokens": 0},
        "cost": 0.01,  # OpenRouter
        "is_byok": False,
        "prompt_cache_hit_tokens": 2,  # DeepSeek
        "queue_time": 0.1,  # Groq
    }
    head = {
        "id": "chatcmpl-1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "m",
        "system_fingerprint": "fp_1",
        "service_tier": "default",
        "obfuscation": "jP9a",  # OpenAI
        "p": "abcdef",  # Mistral
        "provider": "OpenAI",  # OpenRouter
        "x_groq": {"id": "req_1", "seed": 7},
    }
    choice = {
        "index": 0,
        "logprobs": None,
        "content_filter_results": {"hate": {"filtered": False}},  # Azure
        "native_finish_reason": None,  # OpenRouter
        "token_ids": None,  # vLLM
        "text": "a",  # Together
        "seed": None,
    }
    stream = streamed(
        {**head, "choices": [{**choice, "delta": {"role": "assistant", "content": "a"}}]},
        {**head, "choices": [{**choice, "delta": {}, "finish_reason": "stop"}]},
        {**head, "choices": [], "usage": usage, "moderation": {"input": {}}},
    )
    reply = read(
        completion(
            {"role": "assistant", "content": "a", "audio": None, "prefix": False},
            usage=usage,
            system_fingerprint="fp_1",
            service_tier="default",
            provider="OpenAI",
            x_groq={"id": "req_1"},
        )
    )
    for response in (stream, reply):
        assert response.warnings == ()
        assert to_json_value(response.usage) == {
            "inputTokens": 11,
            "outputTokens": 7,
            "cacheReadTokens": 2,
            "cacheWriteTokens": 0,
            "reasoningTokens": 3,
        }


def test_undeclared_keys_of_the_chunk_its_choice_and_its_usage_are_warned_at_their_places() -> None:
    usage = {"prompt_tokens": 1, "completion_tokens": 2, "prompt_tokens_details": {"x_tokens": 3}}
    top = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "citations": ["https://a.b"]}
    stream = streamed(
        {**top, "choices": [{"index": 0, "delta": {"content": "a"}, "matched_stop": "."}]},
        {**top, "choices": [{"index": 0, "delta": {"content": "b"}, "matched_stop": "."}]},
        {**top, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}], "usage": usage},
    )
    citations = ("PART_NOT_READ", "/citations", 0, -1, "/citations has no IR form")
    matched = (
        "PART_NOT_READ",
        "/choices/0/matched_stop",
        0,
        -1,
        "/choices/0/matched_stop has no IR form",
    )
    details = (
        "PART_NOT_READ",
        "/usage/prompt_tokens_details/x_tokens",
        0,
        -1,
        "/usage/prompt_tokens_details/x_tokens has no IR form",
    )
    assert warnings(stream) == [citations, matched, details]
    assert to_json_value(stream.message)["content"] == [{"type": "text", "text": "ab"}]
    reply = completion({"role": "assistant", "content": "ab"}, usage=usage, citations=["x"])
    reply["choices"][0]["matched_stop"] = "."
    # The reply's own keys first (in its order), then its choice's.
    assert warnings(read(reply)) == [citations, details, matched]


def test_a_choice_that_is_not_read_is_neither_decoded_nor_warned_about() -> None:
    odd = {"content": 5, "tool_calls": "x", "executed_tools": [EXECUTED_TOOL]}
    other = chunk(odd)
    other["choices"][0]["index"] = 1
    stream = streamed(chunk({"content": "a"}), other, chunk({}, "stop"))
    assert warnings(stream) == [
        (
            "CHOICES_NOT_READ",
            "/choices/1",
            0,
            -1,
            "choice 1 is not read (n > 1): the reply is choice 0",
        )
    ]
    reply = completion({"role": "assistant", "content": "a"})
    reply["choices"] += [
        {"index": 1, "message": odd, "finish_reason": 7},
        {"index": 0, "message": odd},  # a second choice 0: not read either
    ]
    assert [(w.code, w.path) for w in read(reply).warnings] == [
        ("CHOICES_NOT_READ", "/choices/1"),
        ("CHOICES_NOT_READ", "/choices/2"),
    ]
    # Its index is still read.
    reply["choices"][1]["index"] = -1
    with pytest.raises(ProviderError) as caught:
        reply_from_openai_chat(reply, request_id="r")
    assert caught.value.message == (
        "reply_from_openai_chat: /choices/1/index must be an integer >= 0; it is a number (-1)"
    )


def test_a_part_or_annotation_of_an_unknown_type_is_passed_over_with_a_warning() -> None:
    image = {"type": "image_url", "image_url": {"url": "https://a.b/c.png"}}
    search = {"type": "web_search", "query": "x"}
    message = {
        "role": "assistant",
        "content": [image, {"type": "text", "text": "a"}],
        "annotations": [search],
    }
    assert warnings(read(completion(message))) == [
        (
            "PART_NOT_READ",
            "/choices/0/message/content/0",
            0,
            -1,
            "a 'image_url' content part has no IR form",
        ),
        (
            "PART_NOT_READ",
            "/choices/0/message/annotations/0",
            0,
            -1,
            "/choices/0/message/annotations/0 (web_search) has no IR form",
        ),
    ]
    stream = streamed(
        chunk({"content": [image, {"type": "text", "text": "a"}]}),
        chunk({"content": [image], "annotations": [search]}),
        chunk({}, "stop"),
    )
    assert warnings(stream) == [
        (
            "PART_NOT_READ",
            "/choices/0/message/content",
            0,
            -1,
            "a 'image_url' content part has no IR form",
        ),
        (
            "PART_NOT_READ",
            "/choices/0/message/annotations/0",
            0,
            -1,
            "/choices/0/message/annotations/0 (web_search) has no IR form",
        ),
    ]
    assert to_json_value(stream.message)["content"] == [{"type": "text", "text": "a"}]


def test_a_content_part_without_a_type_is_refused_naming_it() -> None:
    message = {"role": "assistant", "content": [{"text": "a"}]}
    with pytest.raises(ProviderError) as caught:
        reply_from_openai_chat(completion(message), request_id="r")
    assert (caught.value.code, caught.value.message) == (
        ProviderErrorCode.PROVIDER_INVALID_EVENT,
        "reply_from_openai_chat: /choices/0/message/content/0/type must be a non-empty string;"
        " it is missing",
    )
    with pytest.raises(ProviderError) as caught:
        streamed(chunk({"content": [{"type": None, "text": "a"}]}))
    assert (caught.value.code, caught.value.record_index, caught.value.message) == (
        ProviderErrorCode.PROVIDER_INVALID_EVENT,
        0,
        "event 0: chat.completion.chunk /choices/0/delta/content/0/type must be a non-empty"
        " string; it is null",
    )


# --- read from the text, read from the data ------------------------------------------------------


def _state() -> ChatState:
    return ChatState(ReplyBuilder("request-1", start="first chunk", terminal="[DONE]"))


def test_a_plain_chunk_is_read_from_its_text_and_any_other_is_declined() -> None:
    plain = chunk({"role": "assistant", "content": "a", "tool_calls": [WEATHER_CALL]})
    plain["usage"] = {"prompt_tokens": 1, "completion_tokens": 2}
    state = _state()
    assert state.handle_text(None, json.dumps(plain)) is True
    assert state.handle_text("message", json.dumps(chunk({"content": "b"}))) is True
    declined = [
        chunk({"content": "a", "executed_tools": []}),  # an undeclared key
        chunk({"content": "a", "annotations": [{"type": "file"}]}),  # cited as it came
        chunk({"content": "a", "audio": {"id": "audio_1"}}),  # warned in the data's order
        chunk({"content": [{"type": "image_url"}]}),  # an unknown part type
        chunk({"content": 5}),  # ill-typed: the refusal names it
        {"error": {"message": "overloaded"}},
    ]
    for event in declined:
        assert _state().handle_text(None, json.dumps(event)) is False, event
    assert _state().handle_text(None, "[DONE]") is False
    assert _state().handle_text("error", json.dumps(chunk({"content": "a"}))) is False


@pytest.mark.parametrize(
    "chunks",
    [
        [
            chunk({"role": "assistant", "prefix": True, "audio": {"id": "a"}, "name": "x"}),
            chunk({"content": "a", "audio": DEFAULT_VALUES["audio"]}),
            chunk({}, "stop"),
        ],
        [
            chunk({"tool_calls": [{**WEATHER_CALL, "index": 0, "custom": {"input": "x"}}]}),
            chunk({"tool_calls": [{"index": 1, "type": "custom", "custom": {"input": "y"}}]}),
            chunk({}, "tool_calls"),
        ],
    ],
)
def test_chunks_read_from_their_text_or_as_data_give_the_same_reply(
    chunks: list[dict[str, Any]],
) -> None:
    from_text = streamed(*chunks)
    as_data = OpenAIChatStream([*chunks, b"data: [DONE]\n\n"], request_id="request-1").result()
    assert to_json_value(from_text) == to_json_value(as_data)
    assert from_text.warnings != ()


def test_a_legacy_function_call_in_a_reply_is_refused_naming_its_place() -> None:
    message = {
        "role": "assistant",
        "content": None,
        "function_call": {"name": "f", "arguments": "{}"},
    }
    with pytest.raises(ProviderError) as caught:
        read(completion(message))
    assert (caught.value.code, caught.value.message) == (
        ProviderErrorCode.PROVIDER_INVALID_EVENT,
        "reply_from_openai_chat: /choices/0/message/function_call (a legacy function call) is "
        "not supported: it has no call id; use tools",
    )
