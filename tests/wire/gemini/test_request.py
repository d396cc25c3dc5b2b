"""The IR to and from Gemini requests: every mapping and warning both ways, the
functionResponse ``response`` mapping (a bijection, proved by Hypothesis), ids made up
for id-less calls and responses paired by name, both spellings of the keys, URL-safe
base64, and hostile wire input."""

from __future__ import annotations

import base64
import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agent_ir import TranscriptError, to_json_value
from agent_ir.wire import (
    ConversionWarningCode,
    WireFormatError,
    from_gemini,
    to_gemini,
)
from agent_ir.wire.gemini._request import response_object, response_text

from support.builders import PNG_BASE64
from support.examples import examples
from support.wire_cases import assistant, call, inline, png, result, system, text, user, warned

Code = ConversionWarningCode
PNG_BYTES = base64.b64decode(PNG_BASE64)


def without_ids(messages: Any) -> list[Any]:
    return [{k: v for k, v in m.items() if k != "id"} for m in to_json_value(list(messages))]


INLINE_PNG = {"mimeType": "image/png", "data": PNG_BASE64}


def paths(result: Any) -> list[tuple[str, str]]:
    return [(w.code, w.path) for w in result.warnings]


# --- IR -> Gemini ------------------------------------------------------------------------


def test_system_messages_are_the_system_instruction_parts_in_order() -> None:
    request = to_gemini([system("a"), user("hi"), system("b", id="s2")])
    assert request.fields == {
        "contents": [{"role": "user", "parts": [{"text": "hi"}]}],
        "systemInstruction": {"parts": [{"text": "a"}, {"text": "b"}]},
    }
    assert paths(request) == [(Code.SYSTEM_MOVED, "/2")]


def test_no_system_and_no_tools_write_neither_key() -> None:
    assert to_gemini([user("hi")], tools=[]).fields == {
        "contents": [{"role": "user", "parts": [{"text": "hi"}]}]
    }


def test_user_blocks_become_text_inline_data_and_file_data_parts() -> None:
    blocks = [
        text("look"),
        png(),
        inline("audio", "audio/wav", "AAAA"),
        inline("document", "application/pdf", "JVBE"),
        {"type": "image", "source": {"type": "url", "url": "https://x.test/a.png"}},
        {"type": "document", "source": {"type": "url", "url": "gs://b/c.pdf"}},
        {"type": "document", "source": {"type": "file", "fileId": "files/abc"}},
    ]
    request = to_gemini([user(blocks)])
    assert request.fields["contents"][0]["parts"] == [
        {"text": "look"},
        {"inlineData": {"mimeType": "image/png", "data": PNG_BASE64}},
        {"inlineData": {"mimeType": "audio/wav", "data": "AAAA"}},
        {"inlineData": {"mimeType": "application/pdf", "data": "JVBE"}},
        {"fileData": {"mimeType": "image/png", "fileUri": "https://x.test/a.png"}},
        {"fileData": {"mimeType": "application/pdf", "fileUri": "gs://b/c.pdf"}},
        {"fileData": {"fileUri": "files/abc"}},
    ]
    assert request.warnings == ()
    # Each reads back as what it was: the media type tells an image from a document.
    assert without_ids(from_gemini(request.fields["contents"]))[0]["content"][4:] == blocks[4:]


def test_an_image_url_whose_name_gives_no_image_type_is_sent_without_one_with_a_warning() -> None:
    blocks = [
        {"type": "image", "source": {"type": "url", "url": "https://x.test/render?id=7"}},
        {"type": "image", "source": {"type": "url", "url": "gs://b/photo.pdf"}},
    ]
    request = to_gemini([user(blocks)])
    assert request.fields["contents"][0]["parts"] == [
        {"fileData": {"fileUri": "https://x.test/render?id=7"}},
        {"fileData": {"fileUri": "gs://b/photo.pdf"}},
    ]
    assert paths(request) == [
        (Code.MEDIA_TYPE_CHANGED, "/0/content/0"),
        (Code.MEDIA_TYPE_CHANGED, "/0/content/1"),
    ]
    assert [
        b["type"] for b in without_ids(from_gemini(request.fields["contents"]))[0]["content"]
    ] == [
        "document",
        "document",
    ]


def test_what_gemini_has_no_place_for_is_warned_at_its_field() -> None:
    blocks = [
        {**png(), "detail": "low", "cacheControl": {"type": "ephemeral"}},
        {
            "type": "document",
            "source": {"type": "base64", "mediaType": "application/pdf", "data": "JVBE"},
            "title": "t",
            "filename": "f.pdf",
        },
        {"type": "document", "source": {"type": "file", "fileId": "file-openai123"}},
        {"type": "text", "text": "x", "citations": []},
    ]
    request = to_gemini([{**system("s"), "cacheControl": {"type": "ephemeral"}}, user(blocks)])
    assert paths(request) == [
        (Code.CACHE_CONTROL_NOT_SENT, "/0/cacheControl"),
        (Code.CACHE_CONTROL_NOT_SENT, "/1/content/0/cacheControl"),
        (Code.IMAGE_DETAIL_NOT_SENT, "/1/content/0/detail"),
        (Code.DOCUMENT_DETAIL_NOT_SENT, "/1/content/1/title"),
        (Code.DOCUMENT_DETAIL_NOT_SENT, "/1/content/1/filename"),
        (Code.DOCUMENT_NOT_SENT, "/1/content/2"),
        (Code.CITATIONS_NOT_SENT, "/1/content/3/citations"),
    ]
    assert len(request.fields["contents"][0]["parts"]) == 3


def test_assistant_blocks_keep_their_signatures_and_made_up_ids_are_left_out() -> None:
    message = assistant(
        {"type": "thinking", "thinking": "plan", "thoughtSignature": "c2lnMQ=="},
        {**call("gemini_call_1_1", "f", {"a": 1}), "thoughtSignature": "Ab-_"},
        call("call_9", "g"),
        {"type": "text", "text": "ok", "thoughtSignature": "c2ln"},
        {"type": "refusal", "text": "no"},
    )
    request = to_gemini([user("q"), message])
    assert request.fields["contents"][1] == {
        "role": "model",
        "parts": [
            {"text": "plan", "thought": True, "thoughtSignature": "c2lnMQ=="},
            {"functionCall": {"name": "f", "args": {"a": 1}}, "thoughtSignature": "Ab-_"},
            {"functionCall": {"id": "call_9", "name": "g", "args": {}}},
            {"text": "ok", "thoughtSignature": "c2ln"},
            {"text": "no"},
        ],
    }
    assert paths(request) == [(Code.REFUSAL_AS_TEXT, "/1/content/4")]


def test_other_providers_thinking_is_sent_without_its_signature_or_not_at_all() -> None:
    message = assistant(
        {"type": "thinking", "thinking": "t", "signature": "anthropic-sig"},
        {"type": "thinking", "thinking": "", "signature": "data", "redacted": True},
        {"type": "serverToolCall", "provider": "anthropic", "id": "s", "name": "web", "input": {}},
        text("x"),
    )
    request = to_gemini([message])
    assert request.fields["contents"] == [
        {"role": "model", "parts": [{"text": "t", "thought": True}, {"text": "x"}]}
    ]
    assert paths(request) == [
        (Code.SIGNATURE_NOT_SENT, "/0/content/0/signature"),
        (Code.THINKING_NOT_SENT, "/0/content/1"),
        (Code.SERVER_TOOL_NOT_SENT, "/0/content/2"),
    ]


def test_consecutive_results_are_one_user_content_and_a_user_message_after_is_its_own() -> None:
    transcript = [
        assistant(call("c1", "f"), call("gemini_call_0_1", "g")),
        result("c1", "f", '{"temp":21}'),
        result("gemini_call_0_1", "g", "boom", is_error=True),
        user("thanks"),
    ]
    assert to_gemini(transcript).fields["contents"][1:] == [
        {
            "role": "user",
            "parts": [
                {"functionResponse": {"id": "c1", "name": "f", "response": {"temp": 21}}},
                {"functionResponse": {"name": "g", "response": {"error": "boom"}}},
            ],
        },
        {"role": "user", "parts": [{"text": "thanks"}]},
    ]


def test_result_images_are_the_function_response_parts() -> None:
    content = [text("see "), text("image"), png()]
    request = to_gemini([assistant(call("c", "shot")), result("c", "shot", content)])
    response = request.fields["contents"][1]["parts"][0]["functionResponse"]
    assert response == {
        "id": "c",
        "name": "shot",
        "response": {"output": "see image"},
        "parts": [{"inlineData": {"mimeType": "image/png", "data": PNG_BASE64}}],
    }
    back = from_gemini(request.fields["contents"])
    assert without_ids(back)[1]["content"] == [text("see image"), png()]


def test_an_empty_message_is_left_out_with_a_warning() -> None:
    request = to_gemini([user([]), assistant()])
    assert request.fields["contents"] == []
    assert warned(request) == [(Code.MESSAGE_NOT_SENT, 0, -1), (Code.MESSAGE_NOT_SENT, 1, -1)]


def test_strict_has_no_gemini_form_and_parameters_go_as_json_schema() -> None:
    tools = [
        {"name": "f", "description": "d", "parameters": {"type": "object"}, "strict": True},
        {"name": "g"},
    ]
    request = to_gemini([user("x")], tools=tools)
    assert request.fields["tools"] == [
        {
            "functionDeclarations": [
                {"name": "f", "description": "d", "parametersJsonSchema": {"type": "object"}},
                {"name": "g"},
            ]
        }
    ]
    assert paths(request) == [(Code.TOOL_DETAIL_NOT_SENT, "/tools/0/strict")]
    assert request.warnings[0].tool_index == 0


# --- the response mapping ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "is_error", "response"),
    [
        ("plain", False, {"output": "plain"}),
        ('{"a":1}', False, {"a": 1}),
        ('{"a": 1}', False, {"output": '{"a": 1}'}),  # not compact: kept as text
        ("[1,2]", False, {"output": "[1,2]"}),  # not an object
        ('{"error":"x"}', False, {"output": '{"error":"x"}'}),  # would read as an error
        ('{"output":"x"}', False, {"output": '{"output":"x"}'}),
        ('{"output":{"a":1}}', False, {"output": {"a": 1}}),
        ("boom", True, {"error": "boom"}),
        ('{"a":1}', True, {"error": '{"a":1}'}),
        ('{"a":NaN}', False, {"output": '{"a":NaN}'}),
        ('{"a":1,"a":2}', False, {"output": '{"a":1,"a":2}'}),
    ],
)
def test_a_result_text_is_written_as_its_response_and_read_back_exactly(
    content: str, is_error: bool, response: dict[str, Any]
) -> None:
    assert response_object(content, is_error) == response
    assert response_text(response) == (content, is_error)


def test_responses_that_are_no_result_text_read_as_their_compact_json() -> None:
    assert response_text({"output": '{"a":1}'}) == ('{"output":"{\\"a\\":1}"}', False)
    assert response_text({"error": 3}) == ('{"error":3}', False)
    assert response_text({"name": "f", "content": [{"text": "é"}]}) == (
        '{"name":"f","content":[{"text":"é"}]}',
        False,
    )


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=10,
)
RESPONSES = st.dictionaries(
    st.sampled_from(["output", "error", "result", "a"]) | st.text(), JSON_VALUES, max_size=3
)


def _texts() -> st.SearchStrategy[str]:
    compact = RESPONSES.map(lambda r: json.dumps(r, ensure_ascii=False, separators=(",", ":")))
    nested = st.text().map(lambda t: json.dumps({"output": t}, separators=(",", ":")))
    return st.text() | compact | nested | nested.map(lambda t: json.dumps({"output": t}))


@settings(max_examples=examples(300), derandomize=True, deadline=None)
@given(_texts(), st.booleans())
def test_the_response_mapping_is_exact_from_the_ir(content: str, is_error: bool) -> None:
    response = response_object(content, is_error)
    assert response_text(response) == (content, is_error)


@settings(max_examples=examples(300), derandomize=True, deadline=None)
@given(RESPONSES | st.text().map(lambda t: {"output": t}) | st.text().map(lambda t: {"error": t}))
def test_the_response_mapping_is_exact_from_the_wire(response: dict[str, Any]) -> None:
    content, is_error = response_text(response)
    assert response_object(content, is_error) == response
    # and through a whole request, JSON text compared (1 against 1.0 differ)
    contents = [
        {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {}}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "f", "response": response}}]},
    ]
    back = to_gemini(list(from_gemini(contents))).fields["contents"]
    assert json.dumps(back) == json.dumps(contents)


# --- Gemini -> IR ------------------------------------------------------------------------


def id_less_loop() -> list[dict[str, Any]]:
    return [
        {"role": "user", "parts": [{"text": "weather in Paris and Rome?"}]},
        {
            "role": "model",
            "parts": [
                {
                    "functionCall": {"name": "weather", "args": {"city": "Paris"}},
                    "thoughtSignature": "U2lnMQ",
                },
                {"functionCall": {"name": "weather", "args": {"city": "Rome"}}},
            ],
        },
        {
            "role": "user",
            "parts": [
                {"functionResponse": {"name": "weather", "response": {"temp": 21}}},
                {"functionResponse": {"name": "weather", "response": {"output": "sunny"}}},
            ],
        },
        {"role": "model", "parts": [{"text": "Both fine.", "thoughtSignature": "U2lnMg=="}]},
    ]


def test_an_id_less_tool_loop_reads_with_made_up_ids_and_writes_back_exactly() -> None:
    contents = id_less_loop()
    read = from_gemini(contents)
    assert [(m["role"], m.get("toolCallId")) for m in without_ids(read)] == [
        ("user", None),
        ("assistant", None),
        ("toolResult", "gemini_call_1_0"),
        ("toolResult", "gemini_call_1_1"),
        ("assistant", None),
    ]
    assert without_ids(read)[1]["content"][0] == {
        "type": "toolCall",
        "id": "gemini_call_1_0",
        "name": "weather",
        "arguments": {"city": "Paris"},
        "thoughtSignature": "U2lnMQ",  # URL-safe, unpadded: kept as it came
    }
    assert paths(read) == [
        (Code.TOOL_CALL_ID_ADDED, "/contents/1/parts/0/functionCall"),
        (Code.TOOL_CALL_ID_ADDED, "/contents/1/parts/1/functionCall"),
        (Code.RESULT_PAIRED_BY_NAME, "/contents/2/parts/0/functionResponse"),
        (Code.RESULT_PAIRED_BY_NAME, "/contents/2/parts/1/functionResponse"),
    ]
    again = to_gemini(list(read))
    assert again.fields == {"contents": contents}
    assert again.warnings == ()


def test_responses_pair_by_id_when_they_have_one_else_with_the_earliest_unanswered_call() -> None:
    contents = [
        {
            "role": "model",
            "parts": [
                {"functionCall": {"id": "x", "name": "f", "args": {}}},
                {"functionCall": {"id": "y", "name": "f", "args": {}}},
            ],
        },
        {
            "role": "user",
            "parts": [
                {"functionResponse": {"id": "y", "name": "f", "response": {}}},
                {"functionResponse": {"name": "f", "response": {}}},
                {"functionResponse": {"name": "f", "response": {}}},
            ],
        },
    ]
    read = from_gemini(contents)
    assert [m.tool_call_id for m in read[1:]] == ["y", "x", "gemini_call_1_2"]
    assert paths(read) == [
        (Code.RESULT_PAIRED_BY_NAME, "/contents/1/parts/1/functionResponse"),
        (Code.TOOL_CALL_ID_ADDED, "/contents/1/parts/2/functionResponse"),
    ]


def test_snake_case_keys_read_as_camel_case_and_base64_is_made_standard() -> None:
    url_safe = base64.urlsafe_b64encode(PNG_BYTES).decode().rstrip("=")
    contents = [
        {
            "role": "user",
            "parts": [
                {"inline_data": {"mime_type": "image/png", "data": url_safe}},
                {"file_data": {"file_uri": "files/abc", "mime_type": "application/pdf"}},
            ],
        },
        {
            "role": "model",
            "parts": [{"function_call": {"name": "f", "args": {}}, "thought_signature": "a_b-"}],
        },
    ]
    read = from_gemini(contents, system_instruction={"parts": [{"text": "s"}], "role": "user"})
    assert without_ids(read) == [
        {"role": "system", "content": "s"},
        {
            "role": "user",
            "content": [
                png(),
                {"type": "document", "source": {"type": "file", "fileId": "files/abc"}},
            ],
        },
        {
            "role": "assistant",
            "content": [{**call("gemini_call_1_0", "f"), "thoughtSignature": "a_b-"}],
        },
    ]
    assert paths(read) == [
        (Code.PART_NOT_READ, "/contents/0/parts/1/file_data/mime_type"),
        (Code.TOOL_CALL_ID_ADDED, "/contents/1/parts/0/function_call"),
    ]


def test_a_system_instruction_string_is_one_system_message() -> None:
    read = from_gemini([], system_instruction="be brief")
    assert without_ids(read) == [{"role": "system", "content": "be brief"}]


def test_a_content_without_role_is_a_user_content() -> None:
    read = from_gemini([{"parts": [{"text": "hi"}]}])
    assert without_ids(read) == [{"role": "user", "content": [text("hi")]}]
    assert to_gemini(list(read)).fields["contents"] == [{"role": "user", "parts": [{"text": "hi"}]}]


def test_thought_parts_are_thinking_and_a_lone_signature_is_kept() -> None:
    contents = [
        {
            "role": "model",
            "parts": [
                {"text": "hmm", "thought": True},
                {"thought": True, "thoughtSignature": "c2ln"},
                {"text": "", "thoughtSignature": "c2lnMg"},
            ],
        }
    ]
    read = from_gemini(contents)
    assert without_ids(read)[0]["content"] == [
        {"type": "thinking", "thinking": "hmm"},
        {"type": "thinking", "thinking": "", "thoughtSignature": "c2ln"},
        {"type": "text", "text": "", "thoughtSignature": "c2lnMg"},
    ]
    assert to_gemini(list(read)).fields["contents"] == contents


@pytest.mark.parametrize(
    ("part", "where"),
    [
        ({"executableCode": {"language": "PYTHON", "code": "1"}}, "/contents/0/parts/0"),
        ({"codeExecutionResult": {"outcome": "OUTCOME_OK"}}, "/contents/0/parts/0"),
        ({"toolCall": {}}, "/contents/0/parts/0"),
        (
            {"fileData": {"fileUri": "gs://a/b.mp4"}, "videoMetadata": {}},
            "/contents/0/parts/0/videoMetadata",
        ),
        ({"text": "a", "partMetadata": {"k": 1}}, "/contents/0/parts/0/partMetadata"),
        ({"text": "a", "thought": True}, "/contents/0/parts/0/thought"),
        ({"thought": True, "thoughtSignature": "c2ln"}, "/contents/0/parts/0/thought"),
        ({"thought": True}, "/contents/0/parts/0/thought"),
        (
            {"inlineData": INLINE_PNG, "thoughtSignature": "c2ln"},
            "/contents/0/parts/0/thoughtSignature",
        ),
        ({"functionCall": {"name": "f", "args": {}}}, "/contents/0/parts/0"),
    ],
)
def test_parts_and_keys_with_no_ir_form_are_warned_never_refused(part: Any, where: str) -> None:
    read = from_gemini([{"role": "user", "parts": [part]}])
    assert (Code.PART_NOT_READ, where) in paths(read)


def test_other_tool_kinds_are_not_read_and_gemini_schemas_become_json_schema() -> None:
    tools = [
        {
            "functionDeclarations": [
                {
                    "name": "f",
                    "parameters": {"type": "OBJECT", "properties": {"a": {"type": "STRING"}}},
                },
                {"name": "g", "parameters": {"type": 6, "properties": {"b": {"type": 3}}}},
                {"name": "h", "parameters_json_schema": {"type": "object"}, "behavior": "BLOCKING"},
            ],
            "googleSearch": {},
        },
        {"code_execution": {}},
    ]
    read = from_gemini([], tools=tools)
    assert [to_json_value(t) for t in read.tools or ()] == [
        {"name": "f", "parameters": {"type": "object", "properties": {"a": {"type": "string"}}}},
        {"name": "g", "parameters": {"type": "object", "properties": {"b": {"type": "integer"}}}},
        {"name": "h", "parameters": {"type": "object"}},
    ]
    assert paths(read) == [
        (Code.PART_NOT_READ, "/tools/0/functionDeclarations/2/behavior"),
        (Code.TOOL_NOT_READ, "/tools/0"),
        (Code.TOOL_NOT_READ, "/tools/1"),
    ]


# --- hostile input -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contents", "system_instruction", "where", "reason"),
    [
        ({"role": "user"}, None, "/contents", "must be an array; it is an object"),
        ("hi", None, "/contents", "must be an array; it is a string ('hi')"),
        ([3], None, "/contents/0", "must be an object; it is a number (3)"),
        (
            [{"role": "system", "parts": []}],
            None,
            "/contents/0/role",
            "must be one of 'model', 'user' or null; it is a string ('system')",
        ),
        (
            [{"role": 3, "parts": []}],
            None,
            "/contents/0/role",
            "must be one of 'model', 'user' or null; it is a number (3)",
        ),
        (
            [{"role": "user"}],
            None,
            "/contents/0/parts",
            "must be an array; it is missing",
        ),
        (
            [{"role": "user", "parts": {}}],
            None,
            "/contents/0/parts",
            "must be an array; it is an object",
        ),
        (
            [{"role": "user", "parts": ["x"]}],
            None,
            "/contents/0/parts/0",
            "must be an object; it is a string ('x')",
        ),
        (
            [{"role": "user", "parts": [{"text": 3}]}],
            None,
            "/contents/0/parts/0/text",
            "must be a string or null; it is a number (3)",
        ),
        (
            [{"role": "model", "parts": [{"functionCall": {"args": {}}}]}],
            None,
            "/contents/0/parts/0/functionCall/name",
            "must be a string; it is missing",
        ),
        (
            [{"role": "model", "parts": [{"functionCall": {"name": "f", "id": 3}}]}],
            None,
            "/contents/0/parts/0/functionCall/id",
            "must be a string or null; it is a number (3)",
        ),
        (
            [{"role": "user", "parts": [{"functionResponse": {"name": "f"}}]}],
            None,
            "/contents/0/parts/0/functionResponse/response",
            "must be an object; it is missing",
        ),
        (
            [{"role": "user", "parts": [{"functionResponse": {"name": "f", "response": "x"}}]}],
            None,
            "/contents/0/parts/0/functionResponse/response",
            "must be an object; it is a string ('x')",
        ),
        (
            [{"role": "user", "parts": [{"inlineData": {"mimeType": "image/png", "data": "@@@"}}]}],
            None,
            "/contents/0/parts/0/inlineData/data",
            "must be base64 (standard or URL-safe); it is a string ('@@@')",
        ),
        (
            [{"role": "model", "parts": [{"text": "a", "thoughtSignature": 5}]}],
            None,
            "/contents/0/parts/0/thoughtSignature",
            "must be a string or null; it is a number (5)",
        ),
        ([{"role": "user", "parts": [{"text": "\ud800"}]}], None, "/contents/0/parts/0/text", ""),
        (
            [
                {
                    "role": "model",
                    "parts": [{"functionCall": {"name": "f", "args": {"x": math.nan}}}],
                }
            ],
            None,
            "/contents/0/parts/0/functionCall/args/x",
            "",
        ),
        ([], 3, "/systemInstruction", "must be an object; it is a number (3)"),
        ([], {"parts": "x"}, "/systemInstruction/parts", "must be an array; it is a string ('x')"),
        (
            [],
            {"parts": [], "role": 1},
            "/systemInstruction/role",
            "must be a string or null; it is a number (1)",
        ),
        (
            [{"parts": [{"function_call": {"name": "f", "args": {}}, "thought": "yes"}]}],
            None,
            "/contents/0/parts/0/thought",
            "must be a boolean or null; it is a string ('yes')",
        ),
        (
            [{"parts": [{"inline_data": {"mime_type": None, "data": "AAAA"}}]}],
            None,
            "/contents/0/parts/0/inline_data/mime_type",
            "must be a string; it is null",
        ),
    ],
)
def test_input_not_of_the_request_shape_is_a_wire_format_error_with_its_path(
    contents: Any, system_instruction: Any, where: str, reason: str
) -> None:
    with pytest.raises(WireFormatError) as caught:
        from_gemini(contents, system_instruction=system_instruction)
    assert str(caught.value).startswith(f"from_gemini: {where} ")
    if reason:
        assert str(caught.value) == f"from_gemini: {where} {reason}"


def test_deep_arguments_are_refused_with_a_path_and_huge_ones_read() -> None:
    deep: Any = {}
    for _ in range(200):
        deep = {"a": deep}
    contents = [{"role": "model", "parts": [{"functionCall": {"name": "f", "args": deep}}]}]
    with pytest.raises(WireFormatError) as caught:
        from_gemini(contents)
    assert str(caught.value).startswith("from_gemini: /contents/0/parts/0/functionCall/args/a")
    wide = {str(i): "x" * 100 for i in range(10_000)}
    contents[0]["parts"][0]["functionCall"]["args"] = wide
    assert to_gemini(list(from_gemini(contents))).fields["contents"] == contents


def test_arguments_that_are_not_an_object_are_a_transcript_error() -> None:
    contents = [{"role": "model", "parts": [{"functionCall": {"name": "f", "args": [1]}}]}]
    with pytest.raises(TranscriptError):
        from_gemini(contents)


def test_tools_not_a_list_is_a_wire_format_error() -> None:
    with pytest.raises(WireFormatError) as caught:
        from_gemini([], tools={"function_declarations": []})
    assert str(caught.value) == "from_gemini: /tools must be an array; it is an object"


def test_a_tool_entry_is_read_from_its_declaration_key_by_key() -> None:
    tools = [
        {
            "googleSearch": {},
            "functionDeclarations": None,
            "function_declarations": [
                {"name": "f", "parameters_json_schema": {"type": "object"}, "a/b": 1},
                {"name": "g", "parametersJsonSchema": {}, "parameters": {"type": "OBJECT"}},
            ],
            "url_context": {},
        }
    ]
    read = from_gemini([], tools=tools)
    assert [tool.name for tool in read.tools or ()] == ["f", "g"]
    assert paths(read) == [
        (Code.TOOL_NOT_READ, "/tools/0"),
        (Code.PART_NOT_READ, "/tools/0/function_declarations/0/a~1b"),
        (Code.PART_NOT_READ, "/tools/0/function_declarations/1/parameters"),
        (Code.TOOL_NOT_READ, "/tools/0"),
    ]
    assert [w.message for w in read.warnings][1] == (
        "/tools/0/function_declarations/0/a~1b has no IR form"
    )


def test_an_empty_parts_list_reads_as_an_empty_message_left_out_when_written() -> None:
    read = from_gemini([{"role": "model", "parts": []}])
    assert without_ids(read) == [{"role": "assistant", "content": []}]
    assert warned(to_gemini(list(read))) == [(Code.MESSAGE_NOT_SENT, 0, -1)]


def test_the_reader_unpacks_a_part_in_its_declarations_order() -> None:
    """The reader reads a part's values by position (``astuple``, in ``_PART_FIELDS``
    order): a field added to or moved in the declaration must be added there too."""
    from agent_ir.wire.gemini import _request
    from agent_ir.wire.gemini import _wire as gemini

    fields = tuple(field for field, _ in _request._PART_FIELDS)
    assert gemini.RequestPart.__struct_fields__ == fields
    assert gemini.RequestPart.__struct_encode_fields__ == tuple(
        name for _, name in _request._PART_FIELDS
    )
