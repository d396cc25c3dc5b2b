"""``GeminiStream`` / ``AsyncGeminiStream``: what the provider page promises (*Streams*
in ``docsgen/mapping/gemini.md``), on hand-built chunks (the recordings in every chunking
are test_stream_pairs.py's, the SDK comparison tests/wire/gemini/test_sdk_stream.py's):
text pieces joined into one block, signatures reaching the block they belong to wherever
they arrive, calls with and without ids, the finish reasons, usage, the JSON-array form,
and hostile chunks refused with a path or warned, never a KeyError."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agent_ir import to_json_value
from agent_ir.replies import ProviderError, ProviderErrorCode
from agent_ir.wire import GeminiStream, reply_from_gemini

from support.gemini import merged_reply, sse_chunks

Code = ProviderErrorCode
FOLDER = Path(__file__).resolve().parents[3] / "fixtures" / "wire" / "gemini"


def chunk(
    *parts: dict[str, Any], finish: str | None = None, rid: str = "resp-1", **more: Any
) -> dict[str, Any]:
    candidate: dict[str, Any] = {"content": {"parts": list(parts), "role": "model"}, "index": 0}
    if finish is not None:
        candidate["finishReason"] = finish
    candidate.update(more.pop("candidate", {}))
    return {"candidates": [candidate], "responseId": rid, **more}


def read(*chunks: dict[str, Any]) -> Any:
    return GeminiStream(list(chunks), request_id="request-1").result()


def content(response: Any) -> list[dict[str, Any]]:
    return [to_json_value(block) for block in response.message.content]


def refused(*chunks: Any) -> ProviderError:
    with pytest.raises(ProviderError) as caught:
        GeminiStream(list(chunks), request_id="request-1").result()
    return caught.value


# --- text, thinking and their signatures -----------------------------------------------------


def test_text_pieces_across_chunks_are_one_block_and_one_chunk_each() -> None:
    stream = GeminiStream(
        [chunk({"text": "Hel"}), chunk({"text": "lo"}), chunk({"text": "!"}, finish="STOP")],
        request_id="request-1",
    )
    assert [to_json_value(c)["delta"] for c in stream] == ["Hel", "lo", "!"]
    assert content(stream.result()) == [{"type": "text", "text": "Hello!"}]


def test_a_signature_on_an_empty_final_part_signs_the_text_before_it() -> None:
    response = read(
        chunk({"text": "The answer"}),
        chunk({"text": " is 4."}),
        chunk({"text": "", "thoughtSignature": "U2ln+/=="}, finish="STOP"),
    )
    assert content(response) == [
        {"type": "text", "text": "The answer is 4.", "thoughtSignature": "U2ln+/=="}
    ]


def test_a_signature_alone_ends_the_text_block_it_signs() -> None:
    response = read(
        chunk({"text": "Part one."}),
        chunk({"text": "", "thoughtSignature": "T05F"}),
        chunk({"text": "Part two."}, finish="STOP"),
    )
    assert content(response) == [
        {"type": "text", "text": "Part one.", "thoughtSignature": "T05F"},
        {"type": "text", "text": "Part two."},
    ]


def test_a_signature_on_the_first_piece_signs_the_whole_joined_block() -> None:
    response = read(
        chunk({"text": "thinking", "thought": True}),
        chunk({"text": "The", "thoughtSignature": "c2ln"}),
        chunk({"text": " end."}, finish="STOP"),
    )
    assert content(response) == [
        {"type": "thinking", "thinking": "thinking"},
        {"type": "text", "text": "The end.", "thoughtSignature": "c2ln"},
    ]


def test_a_second_signature_in_one_text_run_starts_a_new_block_and_none_is_lost() -> None:
    response = read(
        chunk({"text": "One.", "thoughtSignature": "AAAA"}),
        chunk({"text": "Two.", "thoughtSignature": "BBBB"}),
        chunk({"text": "", "thoughtSignature": "CCCC"}, finish="STOP"),
    )
    assert content(response) == [
        {"type": "text", "text": "One.", "thoughtSignature": "AAAA"},
        {"type": "text", "text": "Two.", "thoughtSignature": "BBBB"},
        {"type": "text", "text": "", "thoughtSignature": "CCCC"},
    ]


def test_thought_pieces_are_one_thinking_block_ended_with_their_signature() -> None:
    response = read(
        chunk({"text": "a", "thought": True}),
        chunk({"text": "b", "thought": True, "thoughtSignature": "VEhJTks="}),
        chunk({"text": "Done."}, finish="STOP"),
    )
    assert content(response) == [
        {"type": "thinking", "thinking": "ab", "thoughtSignature": "VEhJTks="},
        {"type": "text", "text": "Done."},
    ]


def test_a_bare_signature_part_after_a_call_is_an_empty_signed_text_block() -> None:
    response = read(
        chunk({"functionCall": {"name": "f", "args": {}}}),
        chunk({"thoughtSignature": "RU5E"}, finish="STOP"),
    )
    assert content(response)[1:] == [{"type": "text", "text": "", "thoughtSignature": "RU5E"}]
    assert response.stop_reason == "toolCall"


def test_an_empty_text_part_without_signature_makes_nothing() -> None:
    response = read(chunk({"text": ""}, {"text": "", "thought": True}, finish="STOP"))
    assert content(response) == []


# --- calls ------------------------------------------------------------------------------------


def test_parallel_calls_get_made_up_ids_unless_they_have_one_and_keep_their_signature() -> None:
    response = read(
        chunk({"functionCall": {"name": "a", "args": {"x": 1}}, "thoughtSignature": "U0lH"}),
        chunk({"functionCall": {"id": "call-7", "name": "b"}}),
        chunk({"functionCall": {"name": "c", "args": None}}, finish="STOP"),
    )
    assert content(response) == [
        {
            "type": "toolCall",
            "id": "gemini_call_resp-1_0",
            "name": "a",
            "arguments": {"x": 1},
            "thoughtSignature": "U0lH",
        },
        {"type": "toolCall", "id": "call-7", "name": "b", "arguments": {}},
        {"type": "toolCall", "id": "gemini_call_resp-1_2", "name": "c", "arguments": {}},
    ]
    assert response.stop_reason == "toolCall"


def test_without_a_response_id_the_request_id_names_the_reply_and_its_calls() -> None:
    first = chunk({"functionCall": {"name": "f"}}, finish="STOP")
    del first["responseId"]
    response = read(first)
    assert response.id == "request-1"
    assert content(response)[0]["id"] == "gemini_call_request-1_0"


def test_a_call_streamed_in_pieces_is_a_warning_not_a_guess() -> None:
    response = read(
        chunk({"functionCall": {"name": "f", "partialArgs": [{"jsonPath": "$.a"}]}}),
        chunk({"functionCall": {"name": "f", "willContinue": True}}),
        chunk({"text": "ok"}, finish="STOP"),
    )
    assert content(response) == [{"type": "text", "text": "ok"}]
    assert [(w.code, w.path) for w in response.warnings] == [
        ("PART_NOT_READ", "/candidates/0/content/parts/0"),
        ("PART_NOT_READ", "/candidates/0/content/parts/1"),
    ]


# --- other parts, candidates, metadata ----------------------------------------------------


def test_parts_without_an_ir_form_are_warned_with_their_place_and_split_the_text() -> None:
    response = read(
        chunk({"text": "Before "}),
        chunk(
            {"inlineData": {"mimeType": "image/png", "data": "iVBORw0KGgo="}},
            {"executableCode": {"code": "1"}, "thoughtSignature": "WA=="},
        ),
        chunk({"text": "after."}, finish="STOP"),
    )
    assert content(response) == [
        {"type": "text", "text": "Before "},
        {"type": "text", "text": "after."},
    ]
    assert [(w.code, w.path, w.message) for w in response.warnings] == [
        (
            "PART_NOT_READ",
            "/candidates/0/content/parts/1",
            "/candidates/0/content/parts/1 (inlineData) has no IR form",
        ),
        (
            "PART_NOT_READ",
            "/candidates/0/content/parts/2",
            "/candidates/0/content/parts/2 (executableCode) has no IR form (its thoughtSignature with it)",
        ),
    ]


def test_a_second_candidate_is_warned_once_and_grounding_metadata_once() -> None:
    other = {"content": {"parts": [{"text": "B"}]}, "index": 1}
    grounding = {"groundingMetadata": {"webSearchQueries": ["q"]}}
    first = chunk({"text": "A"}, candidate=grounding)
    first["candidates"].append(other)
    last = chunk({"text": "!"}, finish="STOP", candidate=grounding)
    last["candidates"].append(other)
    response = read(first, last)
    assert content(response) == [{"type": "text", "text": "A!"}]
    assert [(w.code, w.path) for w in response.warnings] == [
        ("CHOICES_NOT_READ", "/candidates/1"),
        ("PART_NOT_READ", "/candidates/0/groundingMetadata"),
    ]


def test_a_lone_surrogate_in_an_event_is_read_or_refused_never_raised() -> None:
    """Found by the fuzzer (from_wire, on the reply reader this stream shares its decode
    with): msgspec encodes a lone surrogate (JSON's \\ud800) to name it and raised
    UnicodeEncodeError out of the stream. An undeclared key holding one is warned at its
    place; a value of the wrong type holding one is refused as any other."""
    first = chunk({"text": "A"}, finish="STOP")
    first["candidates"][0]["\ud800"] = 1
    response = read(first)
    assert content(response) == [{"type": "text", "text": "A"}]
    assert [(w.code, w.path) for w in response.warnings] == [
        ("PART_NOT_READ", "/candidates/0/\ud800")
    ]
    error = refused({"candidates": "\ud800"})
    assert (error.code, error.message) == (
        Code.PROVIDER_INVALID_EVENT,
        "event 0: GenerateContentResponse /candidates must be an array or null;"
        " it is a string ('\\ud800')",
    )


# --- the end: finish reasons, usage, errors --------------------------------------------------


FILTER, ERROR = "a filter of the provider", "an error"


@pytest.mark.parametrize(
    ("reason", "stop", "why"),
    [
        ("STOP", "stop", None),
        ("MAX_TOKENS", "length", None),
        ("SAFETY", "error", FILTER),
        ("RECITATION", "error", FILTER),
        ("PROHIBITED_CONTENT", "error", FILTER),
        ("IMAGE_SAFETY", "error", FILTER),
        ("MODEL_ARMOR", "error", FILTER),
        ("MALFORMED_FUNCTION_CALL", "error", ERROR),
        ("UNEXPECTED_TOOL_CALL", "error", ERROR),
        ("OTHER", "error", ERROR),
        ("A_REASON_FROM_NEXT_YEAR", "error", ERROR),
    ],
)
def test_finish_reasons_map_to_stop_reasons_and_an_error_keeps_its_message(
    reason: str, stop: str, why: str | None
) -> None:
    response = read(
        chunk({"text": "x"}, finish=reason, candidate={"finishMessage": "why it ended"})
    )
    assert response.stop_reason == stop
    warned = [
        (
            "/candidates/0/finishReason",
            f"finishReason {reason} ({why}) ended the reply: why it ended",
        )
    ]
    assert [(w.path, w.message) for w in response.warnings] == (warned if why else [])


def test_usage_is_the_last_chunks_with_thoughts_and_tool_prompt_counted() -> None:
    first = chunk({"text": "a"}, usageMetadata={"promptTokenCount": 10})
    last = chunk(
        {"text": "b"},
        finish="STOP",
        usageMetadata={
            "promptTokenCount": 10,
            "toolUsePromptTokenCount": 5,
            "candidatesTokenCount": 7,
            "thoughtsTokenCount": 20,
            "cachedContentTokenCount": 8,
            "totalTokenCount": 42,
            "promptTokensDetails": [{"modality": "TEXT", "tokenCount": 10}],
        },
    )
    assert to_json_value(read(first, last).usage) == {
        "inputTokens": 15,
        "outputTokens": 27,
        "cacheReadTokens": 8,
        "reasoningTokens": 20,
    }


def test_no_usage_is_zero_and_zero() -> None:
    assert to_json_value(read(chunk(finish="STOP")).usage) == {"inputTokens": 0, "outputTokens": 0}


@pytest.mark.parametrize(
    ("error", "provider_code", "message"),
    [
        (
            {"code": 429, "message": "Quota", "status": "RESOURCE_EXHAUSTED"},
            "RESOURCE_EXHAUSTED",
            "Quota",
        ),
        ({"code": 500, "message": "Internal"}, "500", "Internal"),
        (
            "overloaded",
            "unknown",
            "the provider reported an error without a message (a string ('overloaded'))",
        ),
    ],
)
def test_an_error_chunk_is_a_transport_error_with_its_status(
    error: Any, provider_code: str, message: str
) -> None:
    caught = refused(chunk({"text": "a"}), {"error": error})
    assert (caught.code, caught.provider_code, caught.message, caught.record_index) == (
        Code.PROVIDER_TRANSPORT_ERROR,
        provider_code,
        message,
        1,
    )


def test_the_stream_settles_at_the_finish_and_never_reads_further() -> None:
    given: list[int] = []

    def source() -> Any:
        for index, item in enumerate([chunk({"text": "a"}, finish="STOP"), "not a chunk"]):
            given.append(index)
            yield item

    assert content(GeminiStream(source(), request_id="r").result()) == [
        {"type": "text", "text": "a"}
    ]
    assert given == [0]


def test_the_json_array_form_reads_as_the_sse_form() -> None:
    """``streamGenerateContent`` without ``alt=sse`` answers one JSON array."""
    for path in sorted(FOLDER.glob("*.sse")):
        data = path.read_bytes()
        array = "[" + ",\r\n".join(json.dumps(c, indent=2) for c in sse_chunks(data)) + "]"
        by_array = GeminiStream(json.loads(array), request_id="request-1")
        by_sse = GeminiStream([data], request_id="request-1")
        assert _outcome(by_array) == _outcome(by_sse), path.stem


def _outcome(stream: GeminiStream) -> Any:
    try:
        return stream.result()
    except ProviderError as error:
        return error.to_json_value()


def test_a_stream_and_the_non_streamed_reply_of_the_same_content_read_alike() -> None:
    """Every recording that ends with a response: its stream's result equals
    ``reply_from_gemini`` of the non-streamed reply with the same content (text pieces
    joined as the API joins them when it does not stream)."""
    compared = 0
    for path in sorted(FOLDER.glob("*.sse")):
        expected = json.loads(path.with_suffix(".expected.json").read_text("utf-8"))
        if "response" not in expected or path.stem == "snake-case":
            continue
        reply = merged_reply(sse_chunks(path.read_bytes()))
        assert (
            to_json_value(reply_from_gemini(reply, request_id="request-1"))
            == (expected["response"])
        ), path.stem
        compared += 1
    assert compared == 9


# --- hostile chunks ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("chunks", "code", "message"),
    [
        (
            [chunk({"functionCall": {"name": "f", "args": [1]}})],
            Code.PROVIDER_INVALID_EVENT,
            "event 0: GenerateContentResponse /candidates/0/content/parts/0/functionCall/args"
            " must be an object or null; it is an array",
        ),
        (
            [chunk({"functionCall": {"args": {}}})],
            Code.PROVIDER_INVALID_EVENT,
            "event 0: GenerateContentResponse /candidates/0/content/parts/0/functionCall/name"
            " must be a non-empty string; it is missing",
        ),
        (
            [chunk({"text": 5})],
            Code.PROVIDER_INVALID_EVENT,
            "event 0: GenerateContentResponse /candidates/0/content/parts/0/text"
            " must be a string or null; it is a number (5)",
        ),
        (
            [chunk({"text": "a", "thoughtSignature": 7})],
            Code.PROVIDER_INVALID_EVENT,
            "event 0: GenerateContentResponse /candidates/0/content/parts/0/thoughtSignature"
            " must be a string or null; it is a number (7)",
        ),
        (
            [chunk("text")],  # type: ignore[arg-type]
            Code.PROVIDER_INVALID_EVENT,
            "event 0: GenerateContentResponse /candidates/0/content/parts/0"
            " must be an object; it is a string ('text')",
        ),
        (
            [{"candidates": {"0": {}}}],
            Code.PROVIDER_INVALID_EVENT,
            "event 0: GenerateContentResponse /candidates must be an array or null; it is an object",
        ),
        (
            [chunk(finish="STOP", usageMetadata={"promptTokenCount": -1})],
            Code.PROVIDER_INVALID_EVENT,
            "event 0: GenerateContentResponse /usageMetadata/promptTokenCount"
            " must be an integer >= 0 or null; it is a number (-1)",
        ),
        (
            [chunk({"text": "\ud800"})],
            Code.PROVIDER_INVALID_EVENT,
            "event 0: text part text must be a string of valid Unicode",
        ),
        (
            [
                chunk({"functionCall": {"id": "c", "name": "f"}}),
                chunk({"functionCall": {"id": "c", "name": "f"}}),
            ],
            Code.PROVIDER_INVALID_EVENT,
            "event 1: functionCall id 'c' repeats an earlier call of this response",
        ),
        (
            [chunk({"text": "a"})],
            Code.PROVIDER_MISSING_TERMINAL,
            "the stream ended after 1 events without its terminal event",
        ),
        (
            [],
            Code.PROVIDER_MISSING_TERMINAL,
            "the stream ended after 0 events without its terminal event",
        ),
    ],
)
def test_a_chunk_the_ir_cannot_take_is_refused_with_its_path(
    chunks: list[Any], code: ProviderErrorCode, message: str
) -> None:
    caught = refused(*chunks)
    assert (caught.code, caught.message) == (code, message)


def test_sse_framing_gemini_does_not_send_is_refused() -> None:
    named = b'event: ping\ndata: {"candidates": []}\n\n'
    caught = refused(named)
    assert (caught.code, caught.message) == (
        Code.PROVIDER_UNKNOWN_EVENT,
        "event 0: unknown SSE event 'ping'",
    )
    caught = refused(b"data: [DONE]\n\n")
    assert caught.message == (
        "event 0: a [DONE] event (Gemini streams end with the chunk of a finishReason)"
    )
    caught = refused(b"data: [1, 2]\n\n")
    assert caught.message == "event 0: the chunk is not a JSON object; it is an array"


def test_snake_case_chunks_read_as_camel_case_and_warn_in_camel_case() -> None:
    snake = {
        "candidates": [
            {
                "content": {
                    "parts": [
                        {"text": "hi", "thought_signature": "c2ln", "thought": None},
                        {"executable_code": {"code": "1"}, "text": None},
                    ]
                },
                "finish_reason": "STOP",
                "grounding_metadata": {},
            }
        ],
        "response_id": "snake-1",
        "usage_metadata": {"prompt_token_count": 3, "candidates_token_count": 1},
        "prompt_feedback": None,
    }
    response = read(snake)
    assert response.id == "snake-1"
    assert content(response) == [{"type": "text", "text": "hi", "thoughtSignature": "c2ln"}]
    assert (response.usage.input_tokens, response.usage.output_tokens) == (3, 1)
    assert [(w.path, w.message) for w in response.warnings] == [
        (
            "/candidates/0/content/parts/1",
            "/candidates/0/content/parts/1 (executableCode) has no IR form",
        ),
        ("/candidates/0/groundingMetadata", "the candidate's groundingMetadata has no IR form"),
    ]


# --- what the declarations do not know ---------------------------------------------------


def not_read(place: str) -> tuple[str, str, str]:
    return ("PART_NOT_READ", place, f"{place} is not read: the IR has no place for it")


def sse(*chunks: dict[str, Any]) -> bytes:
    return b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in chunks)


def test_undeclared_keys_are_warned_once_at_their_place_in_the_reply() -> None:
    usage = {"promptTokenCount": 4, "gatewayCost": 3}
    first = chunk(
        {"text": "a", "emphasis": "bold"},
        usageMetadata=usage,
        candidate={"rank": 1, "safetyRatings": []},
        traceId="t-1",
        modelVersion="m",
    )
    second = chunk(
        {"functionCall": {"name": "f", "args": {"first_name": "Ada"}, "strict": True}},
        finish="STOP",
        usageMetadata=usage,
        traceId=None,
    )
    for source in ([first, second], [sse(first, second)]):
        response = GeminiStream(source, request_id="request-1").result()
        assert content(response) == [
            {"type": "text", "text": "a"},
            {
                "type": "toolCall",
                "id": "gemini_call_resp-1_0",
                "name": "f",
                "arguments": {"first_name": "Ada"},
            },
        ]
        assert [(w.code, w.path, w.message) for w in response.warnings] == [
            not_read("/usageMetadata/gatewayCost"),
            not_read("/candidates/0/rank"),
            not_read("/traceId"),
            not_read("/candidates/0/content/parts/0/emphasis"),
            not_read("/candidates/0/content/parts/1/functionCall/strict"),
        ]


def test_a_part_of_no_known_kind_is_one_warning_naming_its_keys_in_order() -> None:
    chunks = [
        chunk({"text": "Before "}),
        chunk(
            {"hologram": {"id": 1}, "thoughtSignature": "SA=="},
            {"inlineData": {"data": "iVBO"}, "executableCode": {"code": "1"}, "tone": "x"},
            {"text": "after."},
            finish="STOP",
        ),
    ]
    for source in (chunks, [sse(*chunks)]):
        response = GeminiStream(source, request_id="request-1").result()
        assert content(response) == [
            {"type": "text", "text": "Before "},
            {"type": "text", "text": "after."},
        ]
        assert [(w.code, w.path, w.message) for w in response.warnings] == [
            (
                "PART_NOT_READ",
                "/candidates/0/content/parts/1",
                "/candidates/0/content/parts/1 (hologram) has no IR form (its thoughtSignature with it)",
            ),
            (
                "PART_NOT_READ",
                "/candidates/0/content/parts/2",
                "/candidates/0/content/parts/2 (inlineData, executableCode, tone) has no IR form",
            ),
        ]


def test_the_keys_of_a_candidate_not_read_are_not_warned() -> None:
    last = chunk({"text": "A"}, finish="STOP")
    last["candidates"].append({"content": {"parts": [{"text": "B", "x": 1}]}, "index": 1, "y": 2})
    response = read(last)
    assert [(w.code, w.path) for w in response.warnings] == [("CHOICES_NOT_READ", "/candidates/1")]


def test_snake_case_refusals_name_the_keys_as_they_came() -> None:
    usage = {"candidates": [], "usage_metadata": {"prompt_token_count": -1}}
    caught = refused(usage)
    assert caught.message == (
        "event 0: GenerateContentResponse /usage_metadata/prompt_token_count"
        " must be an integer >= 0 or null; it is a number (-1)"
    )
    nameless = chunk({"function_call": {"args": {}}, "thought_signature": "QQ=="})
    caught = refused(nameless)
    assert caught.message == (
        "event 0: GenerateContentResponse /candidates/0/content/parts/0/function_call/name"
        " must be a non-empty string; it is missing"
    )


def test_both_spellings_of_a_key_the_camel_case_one_is_read_the_other_warned() -> None:
    response = read(
        chunk({"text": "a", "thoughtSignature": "QQ==", "thought_signature": "Qg=="}, finish="STOP")
    )
    assert content(response) == [{"type": "text", "text": "a", "thoughtSignature": "QQ=="}]
    assert [(w.code, w.path, w.message) for w in response.warnings] == [
        not_read("/candidates/0/content/parts/0/thought_signature")
    ]


def test_snake_case_renames_declared_keys_only_never_the_arguments() -> None:
    snake = {
        "candidates": [
            {
                "content": {"parts": [{"function_call": {"name": "f", "args": {"first_name": 1}}}]},
                "finish_reason": "STOP",
            }
        ],
        "response_id": "snake-2",
    }
    response = read(snake)
    assert content(response)[0]["arguments"] == {"first_name": 1}
    assert response.warnings == ()


@pytest.mark.parametrize(
    ("call", "found"),
    [({"name": None}, "null"), ({}, "missing"), ({"name": " "}, "a string (' ')")],
)
def test_a_call_without_a_name_is_refused_alike_from_bytes_and_from_objects(
    call: dict[str, Any], found: str
) -> None:
    bad = chunk({"text": "a"}, {"functionCall": call})
    expected = (
        "event 0: GenerateContentResponse /candidates/0/content/parts/1/functionCall/name"
        f" must be a non-empty string; it is {found}"
    )
    assert refused(bad).message == expected
    assert refused(sse(bad)).message == expected


def test_a_call_in_pieces_is_warned_whole_its_unknown_keys_with_it() -> None:
    response = read(
        chunk({"functionCall": {"name": "f", "willContinue": True, "streamId": 1}, "hint": 2}),
        chunk({"text": "ok"}, finish="STOP"),
    )
    assert [(w.code, w.path) for w in response.warnings] == [
        ("PART_NOT_READ", "/candidates/0/content/parts/0")
    ]
