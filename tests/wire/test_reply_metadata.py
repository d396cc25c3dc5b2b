"""Reply metadata users bill by, read from every format that reports it: the model that
answered (``ModelResponse.model`` and its message's), the cache writes by time to live
(``Usage.cacheWritesByTtl``) and the server tools' request counts
(``Usage.serverToolRequests``). Each format's reply (validated by its official SDK's
types, or by botocore's parser for Bedrock) and its stream give equal responses; absent
metadata reads ``None``; a hostile count or model is refused as every bad token count
is (PROVIDER_INVALID_EVENT, naming the path or the bound), in the reply and the stream
alike; a key of those objects that is not declared is PART_NOT_READ at its path."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import anthropic
import openai
import pytest
from google.genai import types as genai
from mistralai.client import models as mistral

from agent_ir import ModelResponse, ProviderError, ProviderErrorCode, dumps, to_json_value
from agent_ir.wire import (
    AnthropicStream,
    BedrockConverseStream,
    GeminiStream,
    MistralStream,
    OpenAIChatStream,
    OpenAIResponsesStream,
    reply_from_anthropic,
    reply_from_bedrock_converse,
    reply_from_gemini,
    reply_from_mistral,
    reply_from_openai_chat,
    reply_from_openai_responses,
)

from support.bedrock import event_stream, parsed_reply

Code = ProviderErrorCode
Json = dict[str, Any]


@dataclass(frozen=True)
class Format:
    """How to read one format's reply and its stream: ``reply(model, **usage)`` builds
    the reply (``usage``: extra keys at the format's usage object), ``sdk`` gives it as
    the official SDK reads it (validated, dumped), ``events`` the stream of the same
    response, ``read`` and ``stream`` read them."""

    reply: Callable[..., Json]
    sdk: Callable[[Json], Json]
    events: Callable[[Json], list[Any]]
    read: Callable[[Json], ModelResponse]
    stream: Callable[[list[Any]], ModelResponse]


# --- Anthropic ----------------------------------------------------------------------------


def anthropic_reply(model: Any = None, **usage: Any) -> Json:
    message = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [{"type": "text", "text": "Rain.", "citations": None}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 5, **usage},
    }
    return message


def anthropic_sdk(message: Json) -> Json:
    dumped: Json = anthropic.types.Message.model_validate(message).model_dump(mode="json")
    return dumped


def anthropic_events(message: Json) -> list[Any]:
    """The stream Anthropic sends: cache counts in message_start, the cumulative usage
    with the server tools' requests in message_delta."""
    usage = dict(message["usage"])
    tools = usage.pop("server_tool_use", None)
    start = {**message, "content": [], "stop_reason": None, "usage": {**usage, "output_tokens": 1}}
    final = {"output_tokens": usage["output_tokens"]}
    if tools is not None:
        final["server_tool_use"] = tools
    text = message["content"][0]["text"]
    return [
        {"type": "message_start", "message": start},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": final},
        {"type": "message_stop"},
    ]


ANTHROPIC = Format(
    anthropic_reply,
    anthropic_sdk,
    anthropic_events,
    lambda reply: reply_from_anthropic(reply, request_id="r"),
    lambda events: AnthropicStream(events, request_id="r").result(),
)


# --- OpenAI Chat Completions (OpenRouter's usage) and Mistral ---------------------------------


def chat_reply(model: Any = None, **usage: Any) -> Json:
    completion = {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": model,
        "choices": [
            {
                "index": 0,
                "finish_reason": "stop",
                "message": {"role": "assistant", "content": "Rain."},
            }
        ],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15, **usage},
    }
    return completion


def chat_sdk(completion: Json) -> Json:
    dumped: Json = openai.types.chat.ChatCompletion.model_validate(completion).model_dump(
        mode="json", exclude_none=True
    )
    return dumped


def chat_events(completion: Json) -> list[Any]:
    """The stream: a text chunk, the finish, then the usage chunk (include_usage)."""
    head = {
        key: completion[key]
        for key in ("id", "created", "model")
        if completion.get(key) is not None
    }
    head["object"] = "chat.completion.chunk"
    text = completion["choices"][0]["message"]["content"]
    return [
        {**head, "choices": [{"index": 0, "delta": {"role": "assistant", "content": text}}]},
        {**head, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
        {**head, "choices": [], "usage": completion["usage"]},
    ]


OPENAI_CHAT = Format(
    chat_reply,
    chat_sdk,
    chat_events,
    lambda reply: reply_from_openai_chat(reply, request_id="r"),
    lambda events: OpenAIChatStream(events, request_id="r").result(),
)


def mistral_sdk(completion: Json) -> Json:
    dumped: Json = mistral.ChatCompletionResponse.model_validate(completion).model_dump(
        mode="json", exclude_none=True
    )
    return dumped


MISTRAL = Format(
    chat_reply,
    mistral_sdk,
    chat_events,
    lambda reply: reply_from_mistral(reply, request_id="r"),
    lambda events: MistralStream(events, request_id="r").result(),
)


# --- OpenAI Responses ---------------------------------------------------------------------------


def responses_reply(model: Any = None, tool_usage: Any = None, **details: Any) -> Json:
    response = {
        "id": "resp_1",
        "object": "response",
        "created_at": 1,
        "model": model,
        "status": "completed",
        "output": [
            {
                "type": "message",
                "id": "msg_1",
                "role": "assistant",
                "status": "completed",
                "content": [{"type": "output_text", "text": "Rain.", "annotations": []}],
            }
        ],
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
        "usage": {
            "input_tokens": 10,
            "output_tokens": 5,
            "total_tokens": 15,
            "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 6, **details},
            "output_tokens_details": {"reasoning_tokens": 0},
        },
    }
    if tool_usage is not None:
        response["tool_usage"] = tool_usage
    return response


def responses_sdk(response: Json) -> Json:
    dumped: Json = openai.types.responses.Response.model_validate(response).model_dump(
        mode="json", exclude_none=True
    )
    return dumped


def responses_events(response: Json) -> list[Any]:
    """The stream: its start, the message item's text, and the terminal response."""
    item = response["output"][0]
    text = item["content"][0]["text"]
    started = {key: value for key, value in response.items() if key not in ("output", "usage")}
    where = {"item_id": item["id"], "output_index": 0}
    return [
        {"type": "response.created", "response": {**started, "status": "in_progress"}},
        {"type": "response.output_item.added", "output_index": 0, "item": {**item, "content": []}},
        {"type": "response.output_text.delta", **where, "content_index": 0, "delta": text},
        {"type": "response.output_item.done", "output_index": 0, "item": item},
        {"type": "response.completed", "response": response},
    ]


OPENAI_RESPONSES = Format(
    responses_reply,
    responses_sdk,
    responses_events,
    lambda reply: reply_from_openai_responses(reply, request_id="r"),
    lambda events: OpenAIResponsesStream(events, request_id="r").result(),
)


# --- Gemini -------------------------------------------------------------------------------------


def gemini_reply(model: Any = None, **usage: Any) -> Json:
    reply = {
        "candidates": [
            {
                "index": 0,
                "content": {"role": "model", "parts": [{"text": "Rain."}]},
                "finishReason": "STOP",
            }
        ],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, **usage},
        "modelVersion": model,
        "responseId": "resp-1",
    }
    return reply


def gemini_sdk(reply: Json) -> Json:
    genai.GenerateContentResponse.model_validate(reply)  # the SDK takes it as it is
    return reply


def gemini_events(reply: Json) -> list[Any]:
    """The stream: the text in a first chunk, the finish and usage in the last; both
    name the model, as Gemini's chunks do."""
    first = copy.deepcopy(reply)
    del first["candidates"][0]["finishReason"], first["usageMetadata"]
    last = copy.deepcopy(reply)
    last["candidates"][0]["content"]["parts"] = [{"text": ""}]
    return [first, last]


GEMINI = Format(
    gemini_reply,
    gemini_sdk,
    gemini_events,
    lambda reply: reply_from_gemini(reply, request_id="r"),
    lambda events: GeminiStream(events, request_id="r").result(),
)


# --- Bedrock Converse (botocore's parser on the bytes) ------------------------------------------


def bedrock_reply(model: Any = None, **usage: Any) -> Json:
    assert model is None  # Converse names no model
    return {
        "output": {"message": {"role": "assistant", "content": [{"text": "Rain."}]}},
        "stopReason": "end_turn",
        "usage": {"inputTokens": 10, "outputTokens": 5, "totalTokens": 15, **usage},
        "metrics": {"latencyMs": 1},
    }


def bedrock_events(reply: Json) -> list[Any]:
    return [
        {"messageStart": {"role": "assistant"}},
        {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"text": "Rain."}}},
        {"contentBlockStop": {"contentBlockIndex": 0}},
        {"messageStop": {"stopReason": "end_turn"}},
        {"metadata": {"usage": reply["usage"], "metrics": {"latencyMs": 1}}},
    ]


BEDROCK = Format(
    bedrock_reply,
    lambda reply: reply,  # botocore's parser reads it in ``read`` and ``stream``
    bedrock_events,
    lambda reply: reply_from_bedrock_converse(parsed_reply(reply), request_id="r"),
    lambda events: BedrockConverseStream(event_stream(events), request_id="r").result(),
)


BEDROCK_DICTS = Format(
    bedrock_reply,
    lambda reply: reply,
    bedrock_events,
    lambda reply: reply_from_bedrock_converse(reply, request_id="r"),
    lambda events: BedrockConverseStream(events, request_id="r").result(),
)


def both(form: Format, reply: Json) -> ModelResponse:
    """The response of ``reply``, which its stream must equal."""
    replied = form.read(reply)
    streamed = form.stream(form.events(reply))
    assert to_json_value(streamed) == to_json_value(replied)
    return replied


def failures(form: Format, reply: Json) -> tuple[ProviderError, ProviderError]:
    """The errors of the reply and of its stream."""
    with pytest.raises(ProviderError) as replied:
        form.read(reply)
    with pytest.raises(ProviderError) as streamed:
        form.stream(form.events(reply))
    return replied.value, streamed.value


def metadata(response: ModelResponse) -> Json:
    usage = to_json_value(response.usage)
    assert to_json_value(response.message.usage) == usage
    assert response.message.model == response.model
    return {
        "model": response.model,
        "cacheWritesByTtl": usage.get("cacheWritesByTtl"),
        "serverToolRequests": usage.get("serverToolRequests"),
    }


# --- each format with its metadata ----------------------------------------------------------


def anthropic_full() -> Json:
    return anthropic_reply(
        "claude-sonnet-4-5-20250929",
        cache_creation_input_tokens=30,
        cache_creation={"ephemeral_5m_input_tokens": 10, "ephemeral_1h_input_tokens": 20},
        server_tool_use={"web_search_requests": 3, "web_fetch_requests": 1},
    )


FULL: list[Any] = [
    pytest.param(
        ANTHROPIC,
        anthropic_full,
        {
            "model": "claude-sonnet-4-5-20250929",
            "cacheWritesByTtl": [{"ttl": "5m", "tokens": 10}, {"ttl": "1h", "tokens": 20}],
            "serverToolRequests": [
                {"tool": "web_search", "requests": 3},
                {"tool": "web_fetch", "requests": 1},
            ],
        },
        id="anthropic",
    ),
    pytest.param(
        OPENAI_CHAT,
        lambda: chat_reply(
            "openai/gpt-4o",
            prompt_tokens_details={"cached_tokens": 0, "cache_write_tokens": 4},
            server_tool_use_details={
                "web_search_requests": 2,
                "tool_calls_requested": 2,
                "tool_calls_executed": 2,
            },
        ),
        {
            "model": "openai/gpt-4o",
            "cacheWritesByTtl": None,
            "serverToolRequests": [{"tool": "web_search", "requests": 2}],
        },
        id="openai-chat",
    ),
    pytest.param(
        MISTRAL,
        lambda: chat_reply("mistral-medium-2508"),
        {"model": "mistral-medium-2508", "cacheWritesByTtl": None, "serverToolRequests": None},
        id="mistral",
    ),
    pytest.param(
        OPENAI_RESPONSES,
        lambda: responses_reply(
            "gpt-5-2025-08-07",
            tool_usage={
                "web_search": {"num_requests": 2},
                "image_gen": {
                    "input_tokens": 0,
                    "input_tokens_details": {"image_tokens": 0, "text_tokens": 0},
                    "output_tokens": 0,
                    "total_tokens": 0,
                },
            },
            cache_write_tokens_details={"ttl_30m_tokens": 2, "ttl_12h_tokens": 4},
        ),
        {
            "model": "gpt-5-2025-08-07",
            "cacheWritesByTtl": [{"ttl": "30m", "tokens": 2}, {"ttl": "12h", "tokens": 4}],
            "serverToolRequests": [{"tool": "web_search", "requests": 2}],
        },
        id="openai-responses",
    ),
    pytest.param(
        GEMINI,
        lambda: gemini_reply("gemini-2.5-flash", toolUsePromptTokenCount=7),
        {"model": "gemini-2.5-flash", "cacheWritesByTtl": None, "serverToolRequests": None},
        id="gemini",
    ),
    pytest.param(
        BEDROCK,
        lambda: bedrock_reply(
            cacheWriteInputTokens=30,
            cacheDetails=[{"ttl": "1h", "inputTokens": 20}, {"ttl": "5m", "inputTokens": 10}],
        ),
        {
            "model": None,
            "cacheWritesByTtl": [{"ttl": "1h", "tokens": 20}, {"ttl": "5m", "tokens": 10}],
            "serverToolRequests": None,
        },
        id="bedrock-converse",
    ),
]


@pytest.mark.parametrize(("form", "make", "want"), FULL)
def test_a_reply_carries_its_metadata_and_its_stream_gives_the_same(
    form: Format, make: Callable[[], Json], want: Json
) -> None:
    response = both(form, form.sdk(make()))
    assert metadata(response) == want
    assert response.warnings == ()


ABSENT = [
    pytest.param(ANTHROPIC, id="anthropic"),
    pytest.param(OPENAI_CHAT, id="openai-chat"),
    pytest.param(MISTRAL, id="mistral"),
    pytest.param(OPENAI_RESPONSES, id="openai-responses"),
    pytest.param(GEMINI, id="gemini"),
    pytest.param(BEDROCK, id="bedrock-converse"),
]


@pytest.mark.parametrize("form", ABSENT)
def test_a_reply_that_reports_none_of_it_reads_none(form: Format) -> None:
    response = both(form, form.reply())
    assert metadata(response) == dict.fromkeys(("model", "cacheWritesByTtl", "serverToolRequests"))
    assert b"model" not in dumps(response.message)


@pytest.mark.parametrize("form", [ANTHROPIC, OPENAI_CHAT, OPENAI_RESPONSES, GEMINI])
@pytest.mark.parametrize("model", ["", "   "])
def test_a_blank_model_names_none(form: Format, model: str) -> None:
    assert both(form, form.reply(model)).model is None


def test_azures_blank_model_of_its_filter_chunks_does_not_hide_the_model() -> None:
    events = chat_events(chat_reply("gpt-4o-2024-11-20"))
    filtered = {"id": "", "object": "", "created": 0, "model": "", "choices": []}
    usage = {**filtered, "usage": events[-1].pop("usage")}
    streamed = OpenAIChatStream([filtered, *events, usage], request_id="r").result()
    assert streamed.model == "gpt-4o-2024-11-20"


def test_a_gemini_stream_names_the_last_model_it_was_told() -> None:
    first, last = gemini_events(gemini_reply("gemini-2.5-flash"))
    del first["modelVersion"]
    assert GeminiStream([first, last], request_id="r").result().model == "gemini-2.5-flash"


# --- hostile values -------------------------------------------------------------------------

HOSTILE_COUNTS = [
    pytest.param(-1, "must be an integer >= 0", id="negative"),
    pytest.param("3", "must be an integer >= 0", id="string"),
    pytest.param(1.5, "must be an integer >= 0", id="float"),
    pytest.param(True, "must be an integer >= 0", id="boolean"),
    pytest.param(2**60, "must be an integer from 0 to 2^53-1", id="huge"),
]

# Where each format's counts are: (format, the reply with ``value`` in one count, the
# JSON Pointer the refusal names).
COUNT_PLACES = [
    pytest.param(
        ANTHROPIC,
        lambda v: anthropic_reply(
            "m", cache_creation={"ephemeral_5m_input_tokens": v, "ephemeral_1h_input_tokens": 0}
        ),
        "/usage/cache_creation/ephemeral_5m_input_tokens",
        "cache-write 5m token count",
        id="anthropic-cache",
    ),
    pytest.param(
        ANTHROPIC,
        lambda v: anthropic_reply("m", server_tool_use={"web_search_requests": v}),
        "/usage/server_tool_use/web_search_requests",
        "web_search request count",
        id="anthropic-tools",
    ),
    pytest.param(
        OPENAI_CHAT,
        lambda v: chat_reply("m", server_tool_use_details={"web_search_requests": v}),
        "/usage/server_tool_use_details/web_search_requests",
        "web_search request count",
        id="openai-chat-tools",
    ),
    pytest.param(
        OPENAI_CHAT,
        lambda v: chat_reply("m", prompt_tokens_details={"cache_write_tokens": v}),
        "/usage/prompt_tokens_details/cache_write_tokens",
        "cache-write token count",
        id="openai-chat-cache-write",
    ),
    pytest.param(
        OPENAI_RESPONSES,
        lambda v: responses_reply("m", cache_write_tokens_details={"ttl_30m_tokens": v}),
        "/usage/input_tokens_details/cache_write_tokens_details/ttl_30m_tokens",
        "cache-write 30m token count",
        id="openai-responses-cache",
    ),
    pytest.param(
        OPENAI_RESPONSES,
        lambda v: responses_reply("m", tool_usage={"web_search": {"num_requests": v}}),
        "/tool_usage/web_search/num_requests",
        "web_search request count",
        id="openai-responses-tools",
    ),
    pytest.param(
        BEDROCK,
        lambda v: bedrock_reply(cacheDetails=[{"ttl": "5m", "inputTokens": v}]),
        "/usage/cacheDetails/0/inputTokens",
        "cache-write 5m token count",
        id="bedrock-converse-cache",
    ),
]


@pytest.mark.parametrize(("value", "said"), HOSTILE_COUNTS)
@pytest.mark.parametrize(("form", "make", "pointer", "count"), COUNT_PLACES)
def test_a_hostile_count_is_refused_in_the_reply_and_the_stream_as_token_counts_are(
    form: Format,
    make: Callable[[Any], Json],
    pointer: str,
    count: str,
    value: Any,
    said: str,
) -> None:
    if form is BEDROCK and type(value) is not int:
        # botocore's parser makes an int() of it: given as dicts, as a caller may.
        form = BEDROCK_DICTS
    for error in failures(form, make(value)):
        assert error.code is Code.PROVIDER_INVALID_EVENT
        if type(value) is int and value > 0:
            assert f"{count} must be an integer from 0 to 2^53-1" in error.message
        else:
            assert pointer.rsplit("/", 1)[1] in error.message
            assert said in error.message


def test_the_bound_is_the_token_counts_bound() -> None:
    """2^53-1 is taken, 2^53 is not, as for the input and output counts."""
    ok = ANTHROPIC.read(anthropic_reply("m", server_tool_use={"web_search_requests": 2**53 - 1}))
    assert ok.usage.server_tool_requests is not None
    assert ok.usage.server_tool_requests[0].requests == 2**53 - 1
    with pytest.raises(ProviderError) as caught:
        ANTHROPIC.read(anthropic_reply("m", server_tool_use={"web_search_requests": 2**53}))
    assert caught.value.message.endswith(
        "web_search request count must be an integer from 0 to 2^53-1"
    )


@pytest.mark.parametrize(
    ("model", "said"),
    [
        pytest.param(3, "must be a string or null; it is a number (3)", id="number"),
        pytest.param(["m"], "must be a string or null; it is an array", id="array"),
        pytest.param("\ud800", "model must be a string of valid Unicode", id="lone-surrogate"),
    ],
)
@pytest.mark.parametrize(
    ("form", "place"),
    [
        pytest.param(ANTHROPIC, "/model", id="anthropic"),
        pytest.param(OPENAI_CHAT, "/model", id="openai-chat"),
        pytest.param(MISTRAL, "/model", id="mistral"),
        pytest.param(OPENAI_RESPONSES, "/model", id="openai-responses"),
        pytest.param(GEMINI, "/modelVersion", id="gemini"),
    ],
)
def test_a_model_that_is_not_a_string_of_valid_unicode_is_refused(
    form: Format, place: str, model: Any, said: str
) -> None:
    for error in failures(form, form.reply(model)):
        assert error.code is Code.PROVIDER_INVALID_EVENT
        assert said in error.message
        if "string or null" in said:
            assert place in error.message


@pytest.mark.parametrize(
    "details",
    [
        pytest.param(
            [{"ttl": "5m", "inputTokens": 1}, {"ttl": "5m", "inputTokens": 2}], id="twice"
        ),
        pytest.param([{"ttl": " ", "inputTokens": 1}], id="blank"),
    ],
)
def test_a_bedrock_time_to_live_given_twice_or_blank_is_refused(details: list[Json]) -> None:
    for error in failures(BEDROCK, bedrock_reply(cacheDetails=details)):
        assert error.code is Code.PROVIDER_INVALID_EVENT
        assert "cache-write names must be non-empty strings of valid Unicode, each once" in (
            error.message
        )


# --- nothing dropped silently -------------------------------------------------------------------

UNDECLARED = [
    pytest.param(
        ANTHROPIC,
        anthropic_reply(
            "m",
            cache_creation={"ephemeral_5m_input_tokens": 1, "ephemeral_24h_input_tokens": 2},
            server_tool_use={"web_search_requests": 1, "code_execution_requests": 2},
        ),
        [
            "/usage/cache_creation/ephemeral_24h_input_tokens",
            "/usage/server_tool_use/code_execution_requests",
        ],
        id="anthropic",
    ),
    pytest.param(
        OPENAI_CHAT,
        chat_reply(
            "m", server_tool_use_details={"web_search_requests": 1, "web_fetch_requests": 2}
        ),
        ["/usage/server_tool_use_details/web_fetch_requests"],
        id="openai-chat",
    ),
    pytest.param(
        OPENAI_RESPONSES,
        responses_reply(
            "m",
            tool_usage={"web_search": {"num_requests": 1}, "file_search": {"num_requests": 2}},
            cache_write_tokens_details={"ttl_30m_tokens": 1, "ttl_24h_tokens": 2},
        ),
        [
            "/usage/input_tokens_details/cache_write_tokens_details/ttl_24h_tokens",
            "/tool_usage/file_search",
        ],
        id="openai-responses",
    ),
]


@pytest.mark.parametrize(("form", "reply", "places"), UNDECLARED)
def test_a_count_the_declarations_do_not_know_is_warned_at_its_path(
    form: Format, reply: Json, places: list[str]
) -> None:
    for response in (form.read(reply), form.stream(form.events(reply))):
        warned = sorted(w.path for w in response.warnings if w.code == "PART_NOT_READ")
        assert warned == sorted(places)
