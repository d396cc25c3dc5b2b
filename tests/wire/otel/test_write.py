"""The IR to the OpenTelemetry GenAI message attributes: every part the conventions
name, which messages are output, finish reasons, every loss warned, every output valid
under the conventions' schemas and the project's declaration."""

from __future__ import annotations

import json
from typing import Any

import pytest

from agent_ir import InvalidMessageError, TranscriptError, to_otel
from agent_ir.wire import ConversionWarningCode as Code

from support.builders import PNG_BASE64
from support.otel import CONFORMANCE, CONVERSATION, WEATHER, assistant, call, result, user, warned

WRITTEN = {
    "gen_ai.system_instructions": [
        {"type": "text", "content": "Be brief."},
        {"type": "text", "content": "Use metric units."},
    ],
    "gen_ai.input.messages": [
        {
            "role": "user",
            "parts": [
                {"type": "text", "content": "Weather here?"},
                {"type": "blob", "modality": "image", "mime_type": "image/png", "content": PNG_BASE64},
                {"type": "uri", "modality": "image", "uri": "https://example.com/a.png"},
                {"type": "blob", "modality": "audio", "mime_type": "audio/wav", "content": "AAAA"},
                {"type": "file", "modality": "document", "file_id": "file-1"},
            ],
        },
        {
            "role": "assistant",
            "parts": [
                {"type": "reasoning", "content": "Look it up."},
                {"type": "text", "content": "Checking."},
                {"type": "tool_call", "id": "c1", "name": "weather", "arguments": {"city": "Paris"}},
            ],
            "finish_reason": "tool_call",
        },
        {
            "role": "tool",
            "parts": [
                {
                    "type": "tool_call_response",
                    "id": "c1",
                    "response": [{"type": "text", "content": "sunny"}],
                }
            ],
        },
        {"role": "system", "parts": [{"type": "text", "content": "Answer now."}]},
    ],
    "gen_ai.output.messages": [
        {
            "role": "assistant",
            "parts": [
                {
                    "type": "server_tool_call",
                    "id": "ws1",
                    "name": "web_search",
                    "server_tool_call": {"type": "web_search", "query": "Paris"},
                },
                {
                    "type": "server_tool_call_response",
                    "id": "ws1",
                    "server_tool_call_response": {"type": "web_search", "results": ["a"]},
                },
                {"type": "text", "content": "Sunny, 20 C."},
            ],
            "finish_reason": "stop",
        }
    ],
    "gen_ai.tool.definitions": [
        {
            "type": "function",
            "name": "weather",
            "description": "The weather of a city.",
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
        }
    ],
}  # fmt: skip


def test_every_part_the_ir_has_is_written_as_the_conventions_name_it(declared) -> None:
    request = to_otel(CONVERSATION, tools=[WEATHER])
    assert request.fields == WRITTEN
    assert request.warnings == ()
    declared(request.fields)


def test_the_output_messages_are_the_trailing_assistant_messages_by_default() -> None:
    transcript = [user("hi"), assistant({"type": "text", "text": "a"}, id="a1")]
    transcript += [assistant({"type": "text", "text": "b"}, id="a2")]
    fields = to_otel(transcript).fields
    assert [m["parts"][0]["content"] for m in fields["gen_ai.output.messages"]] == ["a", "b"]
    assert [m["role"] for m in fields["gen_ai.input.messages"]] == ["user"]
    assert "gen_ai.system_instructions" not in fields
    assert "gen_ai.tool.definitions" not in fields


def test_a_transcript_ending_in_a_turn_of_the_user_has_no_output_messages() -> None:
    fields = to_otel([assistant({"type": "text", "text": "a"}), user("hi")]).fields
    assert fields["gen_ai.output.messages"] == []
    assert len(fields["gen_ai.input.messages"]) == 2


@pytest.mark.parametrize(
    ("output", "inputs", "outputs"), [(0, 3, 0), (1, 2, 1), (3, 0, 3), (9, 0, 3)]
)
def test_output_takes_the_last_n_messages(output: int, inputs: int, outputs: int) -> None:
    transcript = [user("a", id="u1"), assistant({"type": "text", "text": "b"}), user("c", id="u2")]
    fields = to_otel(transcript, output=output).fields
    assert len(fields["gen_ai.input.messages"]) == inputs
    assert len(fields["gen_ai.output.messages"]) == outputs


def test_a_leading_system_message_in_the_output_stays_an_output_message() -> None:
    fields = to_otel([{"role": "system", "id": "s", "content": "x"}], output=1).fields
    assert fields["gen_ai.output.messages"] == [
        {"role": "system", "parts": [{"type": "text", "content": "x"}]}
    ]
    assert "gen_ai.system_instructions" not in fields


@pytest.mark.parametrize("output", [-1, True, 1.0, "1"])
def test_output_must_be_none_or_a_count(output: Any) -> None:
    with pytest.raises(ValueError, match="to_otel: output must be None or an int >= 0"):
        to_otel([], output=output)


@pytest.mark.parametrize(
    ("stop", "finish"),
    [
        ("stop", "stop"),
        ("length", "length"),
        ("toolCall", "tool_call"),
        ("error", "error"),
        ("refusal", "refusal"),
        ("aborted", "aborted"),
    ],
)
def test_an_output_message_carries_its_stop_reason_as_finish_reason(
    stop: str, finish: str, declared
) -> None:
    fields = to_otel([assistant({"type": "text", "text": "x"}, stopReason=stop)]).fields
    assert fields["gen_ai.output.messages"][0]["finish_reason"] == finish
    declared(fields)


def test_an_input_assistant_message_carries_its_finish_reason_as_pydantic_ai_writes_it(
    declared,
) -> None:
    transcript = [assistant({"type": "text", "text": "x"}, stopReason="length"), user("y")]
    fields = to_otel(transcript).fields
    assert fields["gen_ai.input.messages"][0]["finish_reason"] == "length"
    declared(fields)


def test_every_loss_is_warned_at_its_place() -> None:
    transcript = [
        {"role": "system", "id": "s", "content": "x", "cacheControl": {"type": "ephemeral"}},
        user(
            [
                {"type": "text", "text": "t", "citations": [{"provider": "anthropic", "wire": {"a": 1}}]},
                {"type": "image", "detail": "low", "source": {"type": "url", "url": "https://e.com/a.png"}},
                {
                    "type": "document",
                    "source": {"type": "url", "url": "https://e.com/a.pdf"},
                    "filename": "a.pdf",
                    "title": "A",
                    "context": "c",
                    "citations": True,
                },
            ]
        ),
        assistant(
            {"type": "thinking", "thinking": "t", "signature": "sig"},
            {"type": "thinking", "thinking": "", "redacted": True, "signature": "sig"},
            {"type": "thinking", "thinking": ""},
            {"type": "refusal", "text": "No."},
            {**call("c1"), "cacheControl": {"type": "ephemeral"}, "thoughtSignature": "c2ln"},
            {
                "type": "serverToolCall",
                "provider": "anthropic",
                "id": "srv1",
                "name": "web_search",
                "input": {"query": "q"},
                "wire": {"type": "server_tool_use"},
            },
            {
                "type": "serverToolResult",
                "provider": "anthropic",
                "toolCallId": "srv1",
                "wire": {"type": "web_search_tool_result", "content": []},
            },
        ),
        result("c1", "x", name="other", isError=True, cacheControl={"type": "ephemeral"}),
        result("c9", "x", name="lost"),
    ]  # fmt: skip
    request = to_otel(transcript, tools=[{**WEATHER, "strict": True}], output=0)
    assert warned(request) == [
        (Code.CACHE_CONTROL_NOT_SENT, "/0/cacheControl"),
        (Code.CITATIONS_NOT_SENT, "/1/content/0/citations"),
        (Code.IMAGE_DETAIL_NOT_SENT, "/1/content/1/detail"),
        (Code.DOCUMENT_DETAIL_NOT_SENT, "/1/content/2/filename"),
        (Code.DOCUMENT_DETAIL_NOT_SENT, "/1/content/2/title"),
        (Code.DOCUMENT_DETAIL_NOT_SENT, "/1/content/2/context"),
        (Code.DOCUMENT_DETAIL_NOT_SENT, "/1/content/2/citations"),
        (Code.SIGNATURE_CHANGED, "/2/content/0/signature"),
        (Code.THINKING_NOT_SENT, "/2/content/1"),
        (Code.THINKING_NOT_SENT, "/2/content/2"),
        (Code.REFUSAL_AS_TEXT, "/2/content/3"),
        (Code.CACHE_CONTROL_NOT_SENT, "/2/content/4/cacheControl"),
        (Code.SERVER_TOOL_NOT_SENT, "/2/content/5/provider"),
        (Code.SERVER_TOOL_NOT_SENT, "/2/content/6/provider"),
        (Code.CACHE_CONTROL_NOT_SENT, "/3/cacheControl"),
        (Code.ERROR_FLAG_NOT_SENT, "/3/isError"),
        (Code.TOOL_NAME_NOT_SENT, "/3/toolName"),
        (Code.TOOL_NAME_NOT_SENT, "/4/toolName"),
        (Code.TOOL_DETAIL_NOT_SENT, "/tools/0/strict"),
        (Code.SIGNATURE_NOT_SENT, "/2/content/4/thoughtSignature"),
    ]
    parts = request.fields["gen_ai.input.messages"][1]["parts"]  # the system: an instruction
    assert [part["type"] for part in parts] == [
        "reasoning", "text", "tool_call", "server_tool_call", "server_tool_call_response",
    ]  # fmt: skip
    # another provider's server tool: its name is the details' type, its block kept whole
    assert parts[3]["server_tool_call"] == {"type": "web_search", "query": "q"}
    assert parts[4]["server_tool_call_response"] == {
        "type": "web_search_tool_result",
        "content": [],
    }
    assert "wire" in request.warnings[12].message
    assert request.fields["gen_ai.tool.definitions"][0] == {"type": "function", **WEATHER}


SERVER_RESULT = {
    "type": "serverToolResult",
    "provider": "otel",
    "toolCallId": "s",
    "wire": {"a": 1},
}


def test_a_server_result_whose_wire_has_no_type_is_given_one(declared) -> None:
    fields = to_otel([assistant(SERVER_RESULT)]).fields
    part = fields["gen_ai.output.messages"][0]["parts"][0]
    assert part["server_tool_call_response"] == {"type": "server_tool_call_response", "a": 1}
    declared(fields)


def test_a_string_result_and_a_string_user_turn_are_written_as_they_are() -> None:
    fields = to_otel([user("hi"), assistant(call()), result("c1", "sunny")], output=0).fields
    assert fields["gen_ai.input.messages"][0]["parts"] == [{"type": "text", "content": "hi"}]
    assert fields["gen_ai.input.messages"][2]["parts"][0]["response"] == "sunny"


def test_what_is_written_shares_nothing_with_the_transcript() -> None:
    transcript = [assistant(call(city={"name": "Paris"}))]
    fields = to_otel(transcript).fields
    fields["gen_ai.output.messages"][0]["parts"][0]["arguments"]["city"]["name"] = "Rome"
    assert to_otel(transcript).fields["gen_ai.output.messages"][0]["parts"][0]["arguments"] == {
        "city": {"name": "Paris"}
    }


def test_a_transcript_or_tools_of_the_wrong_type_are_refused() -> None:
    with pytest.raises(TypeError, match="to_otel: expected a list or tuple"):
        to_otel({"role": "user"})
    with pytest.raises(TypeError, match="to_otel: tools must be a list or tuple"):
        to_otel([], tools={"name": "x"})
    with pytest.raises(InvalidMessageError):
        to_otel([{"role": "user", "id": "u", "content": 5}])
    with pytest.raises(TranscriptError) as raised:
        to_otel([], tools=[{"name": " "}])
    assert [d.code for d in raised.value.diagnostics] == ["INVALID_TOOL_DEFINITION"]


def _conformance_transcripts() -> list[Any]:
    found = []
    for file in sorted(CONFORMANCE.glob("*.json")):
        for case in json.loads(file.read_text(encoding="utf-8")):
            found.append(pytest.param(case["transcript"], id=f"{file.stem}: {case['description']}"))
    return found


def _conformance_written() -> list[dict[str, Any]]:
    """What to_otel writes of every conformance transcript whose messages are valid."""
    written = []
    for param in _conformance_transcripts():
        try:
            written.append(to_otel(param.values[0]).fields)
        except (InvalidMessageError, TypeError):
            continue  # a message not valid on its own: refused, not written
    return written


def test_every_conformance_transcript_is_written_valid_under_the_declaration(declared) -> None:
    written = _conformance_written()
    for fields in written:
        declared(fields)
        json.dumps(fields, allow_nan=False)
    assert len(written) >= 100


def test_what_is_written_is_valid_under_the_conventions_own_schemas(conventions) -> None:
    """The conventions' JSON Schemas (skipped where they are not on the machine) take
    every attribute the tests above have written: every part, finish reason and
    server-tool detail, and every conformance transcript."""
    samples = [to_otel(CONVERSATION, tools=[WEATHER]).fields]
    samples += [
        to_otel(
            [assistant({"type": "text", "text": "x"}, stopReason=stop), user("y")], output=1
        ).fields
        for stop in ("stop", "length", "toolCall", "error", "refusal", "aborted")
    ]
    samples += [
        to_otel([assistant({"type": "text", "text": "x"}, stopReason="stop"), user("y")]).fields
    ]
    samples += [to_otel([assistant(SERVER_RESULT)]).fields]
    samples += _conformance_written()
    for fields in samples:
        conventions(fields)
