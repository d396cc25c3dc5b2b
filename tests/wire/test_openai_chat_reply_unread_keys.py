"""Keys of a Chat reply's message (and of its tool calls and their functions) that no
reader reads are PART_NOT_READ warnings at their path, never dropped in silence: in
``reply_from_openai_chat`` and in ``OpenAIChatStream`` (once for each key), with the
request reader's list of what is read and what carries nothing
(``agent_ir.wire.openai_chat._keys``).

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
from agent_ir.wire import OpenAIChatStream, from_openai_chat, reply_from_openai_chat
from agent_ir.wire.openai_chat._keys import DEFAULT_VALUES, REPLY_MESSAGE_KEYS

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
            "choices[0].message.executed_tools has no IR form",
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
            "choices[0].message.extra_content has no IR form",
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
            "choices[0].message.tool_calls[1].extra_content has no IR form",
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
        ("PART_NOT_READ", "/choices/0/message/audio", -1),
        ("PART_NOT_READ", "/choices/0/message/tool_calls/0/index", 0),
        ("PART_NOT_READ", "/choices/0/message/tool_calls/0/function/thought_signature", 0),
    ]
    assert to_json_value(response.message)["content"] == [
        {"type": "text", "text": "a"},
        WEATHER_BLOCK,
    ]


@pytest.mark.parametrize(
    "extra",
    [
        {"executed_tools": [EXECUTED_TOOL]},
        {"extra_content": SIGNATURE},
        {"name": "bot", "prefix": True, "weight": 1},
        {"audio": {"id": "audio_1"}},
        {"annotations": [], "refusal": None, "prefix": False, "tool_call_id": None},
        {"reasoning_details": [{"type": "reasoning.text", "text": "x", "signature": "s"}]},
    ],
)
def test_the_reply_warns_about_the_keys_the_request_reader_warns_about(
    extra: dict[str, Any],
) -> None:
    """One list: the keys of an assistant message that a request and a reply leave
    unread are the same (but the reasoning, which only a reply reads)."""
    message = {"role": "assistant", "content": "a", **extra}
    request = from_openai_chat([message])
    reply = read(completion(message))
    prefix = "/choices/0/message"
    assert [w.path.removeprefix(prefix) for w in reply.warnings] == [
        w.path.removeprefix("/messages/0") for w in request.warnings
    ]
    assert all(w.path.startswith(prefix) for w in reply.warnings)


def test_only_a_reply_reads_the_reasoning_of_a_message() -> None:
    assert {"role", "content", "tool_calls", "refusal", "annotations"} <= REPLY_MESSAGE_KEYS
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
                "choices[0].message.extra_content has no IR form",
            ),
            (
                "PART_NOT_READ",
                "/choices/0/message/tool_calls/0/extra_content",
                0,
                0,
                "choices[0].message.tool_calls[0].extra_content has no IR form",
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
