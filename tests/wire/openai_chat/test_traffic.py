"""OpenAI Chat Completions on what real agents send and receive: each case is a minimal
version of a recorded request, reply or stream that a provider accepted or sent
(OpenAI, Mistral, OpenRouter, Snowflake, Gemini's compatible API, Go-based servers).

Requests: refusals, image detail, document file names, citations (``url_citation``
annotations), the API's empty defaults (no warning), tool calls without ``type`` or
``arguments`` (read as the stream reads them), and what Chat cannot send (cache
breakpoints, citations, hosted-tool blocks, document details), each warned at its path.
Replies and streams: refusals, cache and reasoning token counts, ``n > 1``, Mistral's
content parts, replies and chunks without an id, citations. Replies and chunks are
built with the official ``openai`` SDK types where the SDK models them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from openai.types.chat import ChatCompletion, ChatCompletionChunk, ChatCompletionMessageParam

from agent_ir import to_json_value
from agent_ir.wire import (
    OpenAIChatStream,
    from_openai_chat,
    reply_from_openai_chat,
    to_openai_chat,
)

from support.builders import PNG_BASE64
from support.loopback import loopback_only
from support.sdk import assert_sdk_accepts
from support.wire_cases import assistant, call, located, result, system, text, user, warned

PDF = "JVBERi0xLjQ="
PDF_URL = f"data:application/pdf;base64,{PDF}"
PNG_URL = f"data:image/png;base64,{PNG_BASE64}"
CITATION = {
    "type": "url_citation",
    "url_citation": {
        "url": "https://github.com/pydantic/pydantic-ai",
        "title": "AI Agent Framework, the Pydantic way",
        "start_index": 0,
        "end_index": 0,
    },
}


@pytest.fixture(autouse=True)
def _loopback_only() -> Iterator[None]:
    with loopback_only():
        yield


def sent(transcript: list[Any]) -> Any:
    """``to_openai_chat``, its messages checked against the SDK's request types."""
    request = to_openai_chat(transcript)
    assert_sdk_accepts(request.fields["messages"], list[ChatCompletionMessageParam], "messages")
    return request


def ir(messages: Any) -> list[Any]:
    """The IR messages in JSON form, without their ids."""
    values = [to_json_value(message) for message in messages]
    for value in values:
        del value["id"]
    return values


def completion(message: dict[str, Any], finish: str = "stop", **fields: Any) -> dict[str, Any]:
    """A ``chat.completion`` as the SDK gives it (``model_dump()``)."""
    body = {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-4o",
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        **fields,
    }
    return ChatCompletion.model_validate(body).model_dump()


def chunk(delta: dict[str, Any], finish: str | None = None, **fields: Any) -> dict[str, Any]:
    """A ``chat.completion.chunk`` as the SDK gives it (``model_dump()``)."""
    body = {
        "id": "chatcmpl-1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "gpt-4o",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        **fields,
    }
    return ChatCompletionChunk.model_validate(body).model_dump()


def streamed(*chunks: Any) -> Any:
    return OpenAIChatStream(list(chunks), request_id="request-1").result()


def sse(*events: Any) -> bytes:
    return b"".join(f"data: {json.dumps(event)}\n\n".encode() for event in events) + (
        b"data: [DONE]\n\n"
    )


def warnings(response: Any) -> list[tuple[str, str]]:
    return [(w.code, w.path) for w in response.warnings]


# --- requests: tool calls as the stream reads them (regressions) ----------------------------


def test_a_mistral_tool_call_without_type_reads_as_its_stream_reads_it() -> None:
    # Every Mistral tool-call reply, sent back in the history: no "type", "prefix": false.
    mistral_call = {
        "id": "EscTeQY62",
        "function": {"name": "get_weather", "arguments": '{"city": "San Francisco"}'},
    }
    history = [
        {"role": "user", "content": "Weather in SF?"},
        {"role": "assistant", "content": "", "tool_calls": [mistral_call], "prefix": False},
        {"role": "tool", "tool_call_id": "EscTeQY62", "content": "sunny"},
    ]
    read = from_openai_chat(history)
    assert read.warnings == ()
    assert ir(read)[1:] == [
        {
            "role": "assistant",
            "content": [call("EscTeQY62", "get_weather", {"city": "San Francisco"})],
        },
        {
            "role": "toolResult",
            "toolCallId": "EscTeQY62",
            "toolName": "get_weather",
            "content": "sunny",
            "isError": False,
        },
    ]
    stream = streamed(
        {"id": "m1", "choices": [{"index": 0, "delta": {"tool_calls": [mistral_call]}}]},
        {"id": "m1", "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
    )
    assert stream.message.content == read[1].content


@pytest.mark.parametrize("function", [{"name": "get_time"}, {"name": "get_time", "arguments": ""}])
def test_a_call_without_arguments_reads_as_an_empty_object_as_in_the_stream(
    function: dict[str, Any],
) -> None:
    # OpenRouter's no-argument call: "function": {"name": "get_time"}.
    wire_call = {"id": "call_1", "type": "function", "function": function}
    read = from_openai_chat([{"role": "assistant", "content": None, "tool_calls": [wire_call]}])
    assert (ir(read), read.warnings) == (
        [{"role": "assistant", "content": [call("call_1", "get_time")]}],
        (),
    )
    reply = reply_from_openai_chat(
        {"id": "gen-1", "choices": [{"message": {"tool_calls": [wire_call]}}]},
        request_id="r",
    )
    assert reply.message.content == read[0].content


# --- requests: values that carry nothing ----------------------------------------------------


def test_the_apis_empty_defaults_in_echoed_replies_are_not_warned_about() -> None:
    openai_reply = {
        "role": "assistant",
        "content": "4",
        "refusal": None,
        "annotations": [],
        "audio": None,
        "function_call": None,
        "tool_calls": [],
    }
    mistral_reply = {"role": "assistant", "content": "4", "prefix": False, "tool_calls": None}
    # A Go-based server writes every field, with its zero value.
    go_reply = {
        "role": "assistant",
        "content": "",
        "refusal": "",
        "reasoning_content": "",
        "audio": {"data": "", "expires_at": 0, "id": "", "transcript": ""},
        "function_call": {"arguments": "", "name": ""},
        "tool_calls": [
            {
                "index": 0,
                "id": "call_1",
                "type": "function",
                "function": {"name": "f", "arguments": "{}"},
                "custom": {"input": "", "name": ""},
            }
        ],
    }
    read = from_openai_chat([openai_reply, mistral_reply, go_reply])
    assert read.warnings == ()
    assert [block for message in read for block in message.content] == [
        *read[0].content,
        *read[1].content,
        *read[2].content,
    ]
    assert to_json_value(read[2])["content"] == [call("call_1", "f")]


def test_values_that_are_not_the_default_are_still_warned_about() -> None:
    read = from_openai_chat(
        [
            {
                "role": "assistant",
                "content": "a",
                "prefix": True,
                "audio": {"id": "audio_1"},
                "tool_calls": [{**_function_call("c", "f"), "index": 1}],
            }
        ]
    )
    assert located(read) == [
        ("PART_NOT_READ", "/messages/0/tool_calls/0/index"),
        ("PART_NOT_READ", "/messages/0/prefix"),
        ("PART_NOT_READ", "/messages/0/audio"),
    ]


def _function_call(call_id: str, name: str, arguments: str = "{}") -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


# --- requests: what Chat carries both ways ---------------------------------------------------


def test_a_refusal_reads_as_a_refusal_block_and_is_sent_back_as_it_was() -> None:
    history = [
        {"role": "user", "content": "How do I pick a lock?"},
        {"role": "assistant", "content": None, "refusal": "I can't help with that."},
    ]
    read = from_openai_chat(history)
    assert (ir(read)[1], read.warnings) == (
        {"role": "assistant", "content": [{"type": "refusal", "text": "I can't help with that."}]},
        (),
    )
    request = sent(list(read))
    assert (request.fields["messages"], request.warnings) == (history, ())


def test_refusal_parts_read_in_order_and_refusals_are_joined_into_the_one_field() -> None:
    read = from_openai_chat(
        [
            {
                "role": "assistant",
                "content": [text("Partly: "), {"type": "refusal", "refusal": "no more."}],
            }
        ]
    )
    assert ir(read)[0]["content"] == [text("Partly: "), {"type": "refusal", "text": "no more."}]
    request = sent(
        [
            assistant(
                {"type": "refusal", "text": "I can't", "itemId": "msg_1"},
                text("Sorry."),
                {"type": "refusal", "text": " do that."},
                {"type": "refusal", "text": ""},
            )
        ]
    )
    assert request.fields["messages"] == [
        {"role": "assistant", "content": "Sorry.", "refusal": "I can't do that."}
    ]
    assert request.warnings == ()
    empty = sent([assistant({"type": "refusal", "text": ""})])
    assert empty.fields["messages"] == [{"role": "assistant", "content": ""}]


def test_image_detail_and_document_file_names_round_trip() -> None:
    messages = [
        {
            "role": "user",
            "content": [
                {"type": "image_url", "image_url": {"url": "https://x/a.png", "detail": "low"}},
                {"type": "image_url", "image_url": {"url": PNG_URL, "detail": "high"}},
                {"type": "file", "file": {"filename": "report.pdf", "file_data": PDF_URL}},
                {"type": "file", "file": {"filename": "notes.pdf", "file_id": "file-1"}},
                {"type": "file", "file": {"filename": "document.pdf", "file_data": PDF_URL}},
            ],
        }
    ]
    read = from_openai_chat(messages)
    assert read.warnings == ()
    blocks = ir(read)[0]["content"]
    assert [block.get("detail") for block in blocks[:2]] == ["low", "high"]
    assert [block.get("filename") for block in blocks[2:]] == ["report.pdf", "notes.pdf", None]
    request = sent(list(read))
    assert (request.fields["messages"], request.warnings) == (messages, ())


def test_an_openrouter_url_in_file_data_reads_as_a_url_document() -> None:
    url = "https://www.w3.org/WAI/ER/tests/xhtml/testfiles/resources/pdf/dummy.pdf"
    read = from_openai_chat(
        [
            {
                "role": "user",
                "content": [{"type": "file", "file": {"filename": "dummy.pdf", "file_data": url}}],
            }
        ]
    )
    assert ir(read)[0]["content"] == [
        {"type": "document", "source": {"type": "url", "url": url}, "filename": "dummy.pdf"}
    ]
    assert warned(to_openai_chat(list(read))) == [("DOCUMENT_NOT_SENT", 0, 0)]


def test_url_citations_in_a_history_read_as_citations_and_are_not_sent_back() -> None:
    history = [
        {"role": "user", "content": "Where is pydantic-ai?"},
        {
            "role": "assistant",
            "content": "On GitHub.",
            "refusal": None,
            "annotations": [CITATION, {"type": "file", "file": {"name": "a.pdf"}}],
        },
    ]
    read = from_openai_chat(history)
    assert ir(read)[1]["content"] == [
        {**text("On GitHub."), "citations": [{"provider": "openai-chat", "wire": CITATION}]}
    ]
    assert located(read) == [("PART_NOT_READ", "/messages/1/annotations/1")]
    request = sent(list(read))
    assert request.fields["messages"][1] == {"role": "assistant", "content": "On GitHub."}
    assert located(request) == [("CITATIONS_NOT_SENT", "/1/content/0/citations")]


# --- requests: what Chat cannot send, warned at its path ------------------------------------


def test_each_cache_breakpoint_is_warned_at_its_path_and_not_sent() -> None:
    cache = {"type": "ephemeral"}
    transcript = [
        {**system("Be brief."), "cacheControl": cache},
        user(
            [
                {**text("Read this"), "cacheControl": {"type": "ephemeral", "ttl": "1h"}},
                {
                    "type": "image",
                    "source": {"type": "url", "url": "https://x/a.png"},
                    "cacheControl": cache,
                },
                {
                    "type": "document",
                    "source": {"type": "file", "fileId": "file-1"},
                    "cacheControl": cache,
                },
            ]
        ),
        assistant({**call("c1", "read"), "cacheControl": cache}),
        {**result("c1", "read", [{**text("ok"), "cacheControl": cache}]), "cacheControl": cache},
    ]
    request = sent(transcript)
    assert "cache_control" not in json.dumps(request.fields)
    assert located(request) == [
        ("CACHE_CONTROL_NOT_SENT", "/0/cacheControl"),
        ("CACHE_CONTROL_NOT_SENT", "/1/content/0/cacheControl"),
        ("CACHE_CONTROL_NOT_SENT", "/1/content/1/cacheControl"),
        ("CACHE_CONTROL_NOT_SENT", "/1/content/2/cacheControl"),
        ("CACHE_CONTROL_NOT_SENT", "/2/content/0/cacheControl"),
        ("CACHE_CONTROL_NOT_SENT", "/3/cacheControl"),
        ("CACHE_CONTROL_NOT_SENT", "/3/content/0/cacheControl"),
    ]


def test_document_details_hosted_tools_and_other_formats_bookkeeping() -> None:
    document = {
        "type": "document",
        "source": {"type": "base64", "mediaType": "application/pdf", "data": PDF},
        "filename": "a.pdf",
        "title": "A",
        "context": "about A",
        "citations": True,
    }
    server_call = {
        "type": "serverToolCall",
        "provider": "anthropic",
        "id": "srvtoolu_1",
        "name": "web_search",
        "input": {"query": "x"},
    }
    server_result = {
        "type": "serverToolResult",
        "provider": "anthropic",
        "toolCallId": "srvtoolu_1",
        "wire": {"type": "web_search_tool_result", "content": []},
    }
    transcript = [
        user([document]),
        assistant(
            server_call,
            server_result,
            {**text("Found."), "itemId": "msg_1"},
            {**call("fc_1", "read"), "itemId": "fc_item", "namespace": "files"},
        ),
    ]
    request = sent(transcript)
    assert request.fields["messages"][0]["content"][0]["file"]["filename"] == "a.pdf"
    assert request.fields["messages"][1]["content"] == "Found."
    assert located(request) == [
        ("DOCUMENT_DETAIL_NOT_SENT", "/0/content/0/title"),
        ("DOCUMENT_DETAIL_NOT_SENT", "/0/content/0/context"),
        ("DOCUMENT_DETAIL_NOT_SENT", "/0/content/0/citations"),
        ("SERVER_TOOL_NOT_SENT", "/1/content/0"),
        ("SERVER_TOOL_NOT_SENT", "/1/content/1"),
    ]


# --- replies and streams ---------------------------------------------------------------------


def test_a_refusal_reply_and_stream_give_a_refusal_block_and_stop_reason() -> None:
    refusal = "I'm very sorry, but I can't assist with that request."
    reply = reply_from_openai_chat(
        completion({"role": "assistant", "content": None, "refusal": refusal, "annotations": []}),
        request_id="request-1",
    )
    assert (to_json_value(reply.message)["content"], reply.stop_reason) == (
        [{"type": "refusal", "text": refusal}],
        "refusal",
    )
    stream = streamed(
        chunk({"role": "assistant", "content": None, "refusal": ""}),
        chunk({"refusal": refusal[:10]}),
        chunk({"refusal": refusal[10:]}),
        chunk({}, "stop"),
    )
    assert stream.message.content == reply.message.content
    assert stream.stop_reason == "refusal"
    filtered = reply_from_openai_chat(
        completion({"role": "assistant", "content": "Here"}, "content_filter"), request_id="r"
    )
    assert filtered.stop_reason == "error"


def test_cache_read_and_reasoning_tokens_are_read_from_replies_and_streams() -> None:
    usage = {
        "prompt_tokens": 2006,
        "completion_tokens": 300,
        "total_tokens": 2306,
        "prompt_tokens_details": {"cached_tokens": 1920, "audio_tokens": 0},
        "completion_tokens_details": {"reasoning_tokens": 256, "audio_tokens": 0},
    }
    reply = reply_from_openai_chat(
        completion({"role": "assistant", "content": "ok"}, usage=usage), request_id="r"
    )
    assert to_json_value(reply.usage) == {
        "inputTokens": 2006,
        "outputTokens": 300,
        "cacheReadTokens": 1920,
        "reasoningTokens": 256,
    }
    stream = OpenAIChatStream(
        [chunk({"content": "ok"}, "stop"), {**chunk({}), "choices": [], "usage": usage}],
        request_id="r",
    ).result()
    assert stream.usage == reply.usage
    plain = reply_from_openai_chat(
        completion(
            {"role": "assistant", "content": "ok"},
            usage={"prompt_tokens": 3, "completion_tokens": 4, "total_tokens": 7},
        ),
        request_id="r",
    )
    assert to_json_value(plain.usage) == {"inputTokens": 3, "outputTokens": 4}


def test_n_above_one_reads_choice_zero_and_warns_once_for_each_other_choice() -> None:
    body = completion({"role": "assistant", "content": "Red"})
    for index, colour in ((1, "Blue"), (2, "Green")):
        body["choices"].append(
            {**body["choices"][0], "index": index, "message": {"content": colour}}
        )
    reply = reply_from_openai_chat(body, request_id="r")
    assert to_json_value(reply.message)["content"] == [text("Red")]
    assert warnings(reply) == [
        ("CHOICES_NOT_READ", "/choices/1"),
        ("CHOICES_NOT_READ", "/choices/2"),
    ]
    other = chunk({"content": "Blue"})
    other["choices"][0]["index"] = 1
    stream = streamed(chunk({"content": "Red"}), other, other, chunk({}, "stop"))
    assert stream.message.content == reply.message.content
    assert warnings(stream) == [("CHOICES_NOT_READ", "/choices/1")]


def test_mistral_content_parts_read_as_text_and_thinking() -> None:
    thinking = {"type": "thinking", "thinking": [{"type": "text", "text": "2+2 is 4."}]}
    message = {"role": "assistant", "tool_calls": None, "content": [thinking, text("4")]}
    reply = reply_from_openai_chat(
        {"id": "m1", "object": "chat.completion", "choices": [{"message": message}]},
        request_id="r",
    )
    assert to_json_value(reply.message)["content"] == [
        {"type": "thinking", "thinking": "2+2 is 4."},
        text("4"),
    ]
    stream = OpenAIChatStream(
        [
            sse(
                {"id": "m1", "choices": [{"index": 0, "delta": {"content": ""}}]},
                {"id": "m1", "choices": [{"index": 0, "delta": {"content": [thinking]}}]},
                {"id": "m1", "choices": [{"index": 0, "delta": {"content": [text("4")]}}]},
                {"id": "m1", "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
            )
        ],
        request_id="r",
    ).result()
    assert stream.message.content == reply.message.content
    odd = reply_from_openai_chat(
        {"id": "m1", "choices": [{"message": {"content": [{"type": "audio"}, text("4")]}}]},
        request_id="r",
    )
    assert warnings(odd) == [("PART_NOT_READ", "/choices/0/message/content/0")]


def test_mistral_tool_call_deltas_without_an_index_are_read_by_position() -> None:
    weather = {"id": "EscTeQY62", "function": {"name": "get_weather", "arguments": "{}"}}
    stream = OpenAIChatStream(
        [
            sse(
                {"id": "m1", "choices": [{"index": 0, "delta": {"tool_calls": [weather]}}]},
                {"id": "m1", "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
            )
        ],
        request_id="r",
    ).result()
    assert to_json_value(stream.message)["content"] == [call("EscTeQY62", "get_weather")]


def test_snowflake_chunks_and_a_gemini_reply_without_an_id_take_the_request_id() -> None:
    snowflake = [
        {
            "id": "",
            "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": {"content": "4", "refusal": ""}}],
        },
        {"id": "", "object": "chat.completion.chunk", "choices": [], "usage": None},
        {"id": "", "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
    ]
    stream = OpenAIChatStream([sse(*snowflake)], request_id="req-7").result()
    assert (stream.id, stream.message.id, stream.stop_reason) == ("req-7", "message-req-7", "stop")
    gemini = completion({"role": "assistant", "content": "4"})
    gemini["id"] = ""
    reply = reply_from_openai_chat(gemini, request_id="req-8")
    assert (reply.id, reply.message.id) == ("req-8", "message-req-8")


def test_citations_are_read_from_replies_and_from_streams_that_send_them_first() -> None:
    reply = reply_from_openai_chat(
        completion({"role": "assistant", "content": "On GitHub.", "annotations": [CITATION]}),
        request_id="r",
    )
    cited = [{**text("On GitHub."), "citations": [{"provider": "openai-chat", "wire": CITATION}]}]
    assert (to_json_value(reply.message)["content"], reply.warnings) == (cited, ())
    # OpenRouter sends each annotation in a chunk of its own, before the text.
    stream = streamed(
        chunk({"content": "", "role": "assistant", "annotations": [CITATION]}),
        chunk({"content": "On "}),
        chunk({"content": "GitHub."}),
        chunk({}, "stop"),
    )
    assert (to_json_value(stream.message)["content"], stream.warnings) == (cited, ())
    after = streamed(chunk({"content": "On GitHub."}), chunk({"annotations": [CITATION]}, "stop"))
    assert to_json_value(after.message)["content"] == cited


def test_annotations_without_text_or_of_another_type_are_warned_about() -> None:
    # OpenRouter's parsed-file annotation (not in the SDK's types).
    file_annotation = {"type": "file", "file": {"name": "filename.pdf", "hash": "a1e0"}}
    body = completion({"role": "assistant", "content": "A dummy PDF."})
    body["choices"][0]["message"]["annotations"] = [file_annotation]
    reply = reply_from_openai_chat(body, request_id="r")
    assert warnings(reply) == [("PART_NOT_READ", "/choices/0/message/annotations/0")]
    uncited = streamed(chunk({"annotations": [CITATION]}), chunk({}, "stop"))
    assert (uncited.message.content, warnings(uncited)) == (
        (),
        [("PART_NOT_READ", "/choices/0/message/annotations/0")],
    )


def test_the_all_empty_function_call_some_servers_write_is_no_legacy_call() -> None:
    message = {"role": "assistant", "content": "4", "function_call": {"arguments": "", "name": ""}}
    reply = reply_from_openai_chat(
        {"id": "c1", "object": "chat.completion", "choices": [{"message": message}]},
        request_id="r",
    )
    assert to_json_value(reply.message)["content"] == [text("4")]


def test_a_reply_whose_only_call_is_custom_stops_with_a_warning() -> None:
    custom = {"id": "call_Q", "type": "custom", "custom": {"name": "math_exp", "input": "4 + 4"}}
    reply = reply_from_openai_chat(
        completion({"role": "assistant", "content": None, "tool_calls": [custom]}, "tool_calls"),
        request_id="r",
    )
    assert (reply.message.content, reply.stop_reason) == ((), "stop")
    assert warnings(reply) == [("PART_NOT_READ", "/choices/0/message/tool_calls/0")]
    custom_delta = chunk({})
    custom_delta["choices"][0]["delta"]["tool_calls"] = [{"index": 0, **custom}]
    stream = streamed(custom_delta, chunk({}, "tool_calls"))
    assert (stream.stop_reason, warnings(stream)) == ("stop", warnings(reply))
