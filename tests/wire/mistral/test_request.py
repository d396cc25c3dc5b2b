"""``to_mistral`` and ``from_mistral``: what each IR part becomes and reads back as, every
loss warned with its code at its path, hostile input refused with a path, and round
trips (exact, or different only where a warning says so)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from agent_ir import MAX_DEPTH, JsonObject, ToolDefinition, parse_message, to_json_value
from agent_ir.wire import WireFormatError, from_mistral, to_mistral

from support.builders import PNG_BASE64
from support.examples import examples
from support.strategies import transcripts
from support.wire_cases import assistant, call, png, result, system, text, user

DATA_URL = f"data:image/png;base64,{PNG_BASE64}"


def located(found: Any) -> list[tuple[str, str]]:
    return [(str(w.code), w.path) for w in found.warnings]


def read(messages: list[Any]) -> list[Any]:
    """``from_mistral`` of ``messages``, as JSON-form IR without message ids."""
    return [
        {k: v for k, v in to_json_value(m).items() if k != "id"} for m in from_mistral(messages)
    ]


def plain(transcript: list[Any]) -> list[Any]:
    return [{k: v for k, v in m.items() if k != "id"} for m in transcript]


# --- IR -> Mistral ------------------------------------------------------------------------

RICH = [
    system("Be brief."),
    user([text("Compare"), png()], id="u1"),
    assistant(
        {
            "type": "thinking",
            "thinking": "Two calls.",
            "signature": "c2ln",
            "signatureProvider": "mistral",
        },
        text("Looking."),
        call("aB3dE6gH9", "weather", {"city": "Paris"}),
        call("Zz0Zz0Zz0", "weather", {"city": "Rome"}),
        id="a2",
    ),
    result("Zz0Zz0Zz0", "weather", [text("rain"), png()], id="r3"),
    result("aB3dE6gH9", "weather", "sun", id="r4"),
    assistant(text("Paris: sun;"), text(" Rome: rain."), id="a5"),
    assistant(call("Qq1Qq1Qq1", "weather", {"city": "Oslo"}), id="a6"),
    result("Qq1Qq1Qq1", "weather", [], id="r7"),
    assistant(id="a8"),
    assistant(text(""), id="a9"),
]


def test_each_ir_part_is_written_as_mistral_takes_it() -> None:
    request = to_mistral(RICH)

    assert request.warnings == ()
    assert request.fields["messages"] == [
        {"role": "system", "content": "Be brief."},
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "Compare"},
                {"type": "image_url", "image_url": DATA_URL},
            ],
        },
        {
            "role": "assistant",
            "content": [
                {
                    "type": "thinking",
                    "thinking": [{"type": "text", "text": "Two calls."}],
                    "signature": "c2ln",
                },
                {"type": "text", "text": "Looking."},
            ],
            "tool_calls": [
                {
                    "id": "aB3dE6gH9",
                    "type": "function",
                    "function": {"name": "weather", "arguments": '{"city":"Paris"}'},
                },
                {
                    "id": "Zz0Zz0Zz0",
                    "type": "function",
                    "function": {"name": "weather", "arguments": '{"city":"Rome"}'},
                },
            ],
        },
        {
            "role": "tool",
            "tool_call_id": "Zz0Zz0Zz0",
            "name": "weather",
            "content": [
                {"type": "text", "text": "rain"},
                {"type": "image_url", "image_url": DATA_URL},
            ],
        },
        {"role": "tool", "tool_call_id": "aB3dE6gH9", "name": "weather", "content": "sun"},
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Paris: sun;"},
                {"type": "text", "text": " Rome: rain."},
            ],
        },
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "Qq1Qq1Qq1",
                    "type": "function",
                    "function": {"name": "weather", "arguments": '{"city":"Oslo"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "Qq1Qq1Qq1", "name": "weather", "content": []},
        {"role": "assistant", "content": ""},
        {"role": "assistant", "content": [{"type": "text", "text": ""}]},
    ]


def test_ir_to_mistral_and_back_is_identical_with_no_warning() -> None:
    tools = [ToolDefinition(name="weather", parameters=JsonObject({"type": "object"}))]
    request = to_mistral(RICH, tools=tools)
    back = from_mistral(request.fields["messages"], tools=request.fields["tools"])

    assert request.warnings == back.warnings == ()
    assert list(back) == [
        parse_message({**m, "id": f"message-{n:04}"}) for n, m in enumerate(RICH, start=1)
    ]
    assert back.tools == tuple(tools)


def test_documents_and_image_details_are_written_and_read_back() -> None:
    blocks = [
        {"type": "image", "source": {"type": "url", "url": "https://e.x/a.png"}, "detail": "high"},
        {"type": "document", "source": {"type": "url", "url": "https://e.x/a.pdf"}, "filename": "a.pdf"},
        {"type": "document", "source": {"type": "base64", "mediaType": "application/pdf", "data": "JVBERi0="}},
        {"type": "document", "source": {"type": "file", "fileId": "f-123"}},
    ]  # fmt: skip
    request = to_mistral([user(blocks)])

    assert request.fields["messages"][0]["content"] == [
        {"type": "image_url", "image_url": {"url": "https://e.x/a.png", "detail": "high"}},
        {"type": "document_url", "document_url": "https://e.x/a.pdf", "document_name": "a.pdf"},
        {"type": "document_url", "document_url": "data:application/pdf;base64,JVBERi0="},
        {"type": "file", "file_id": "f-123"},
    ]
    assert read(request.fields["messages"]) == plain([user(blocks)])


def test_every_part_mistral_cannot_carry_is_warned_at_its_path() -> None:
    cache = {"type": "ephemeral"}
    transcript = [
        {**system("s"), "cacheControl": cache},
        user(
            [
                {**text("cited"), "citations": [{"provider": "anthropic", "wire": {}}]},
                {"type": "audio", "source": {"type": "base64", "mediaType": "audio/wav", "data": "UklGRg=="}},
                {"type": "document", "source": {"type": "file", "fileId": "f"}, "filename": "a.pdf", "title": "T"},
                {**png(), "cacheControl": cache},
            ]
        ),
        assistant(
            {"type": "thinking", "thinking": "", "redacted": True, "signature": "opaque"},
            {"type": "refusal", "text": "No."},
            {"type": "serverToolCall", "provider": "anthropic", "id": "srv1", "name": "web_search", "input": {}},
            {**text("t"), "thoughtSignature": "c2ln"},
        ),
        {**result("c", "f", "x", is_error=True), "cacheControl": cache},
    ]  # fmt: skip

    request = to_mistral(transcript)

    assert located(request) == [
        ("CACHE_CONTROL_NOT_SENT", "/0/cacheControl"),
        ("CITATIONS_NOT_SENT", "/1/content/0/citations"),
        ("AUDIO_NOT_SENT", "/1/content/1"),
        ("DOCUMENT_DETAIL_NOT_SENT", "/1/content/2/title"),
        ("DOCUMENT_DETAIL_NOT_SENT", "/1/content/2/filename"),
        ("CACHE_CONTROL_NOT_SENT", "/1/content/3/cacheControl"),
        ("THINKING_NOT_SENT", "/2/content/0"),
        ("REFUSAL_AS_TEXT", "/2/content/1"),
        ("SERVER_TOOL_NOT_SENT", "/2/content/2"),
        ("CACHE_CONTROL_NOT_SENT", "/3/cacheControl"),
        ("ERROR_FLAG_NOT_SENT", "/3/isError"),
        ("SIGNATURE_NOT_SENT", "/2/content/3/thoughtSignature"),
    ]
    assert request.fields["messages"][2]["content"] == [
        {"type": "text", "text": "No."},
        {"type": "text", "text": "t"},
    ]


def test_to_mistral_refuses_what_is_not_a_transcript_or_tools() -> None:
    with pytest.raises(TypeError, match="to_mistral"):
        to_mistral("hello")
    with pytest.raises(TypeError, match="to_mistral: tools must be a list or tuple"):
        to_mistral([], tools={"name": "f"})


# --- Mistral -> IR ------------------------------------------------------------------------


def test_prefix_true_on_the_final_assistant_message_is_read_as_a_turn_and_warned() -> None:
    messages = [
        {"role": "user", "content": "Write a haiku."},
        {"role": "assistant", "content": "Autumn", "prefix": True},
    ]

    found = from_mistral(messages)

    assert located(found) == [("PART_NOT_READ", "/messages/1/prefix")]
    assert "prefix: true" in found.warnings[0].message
    assert read(messages)[1] == {"role": "assistant", "content": [text("Autumn")]}
    assert from_mistral([{**messages[1], "prefix": False}]).warnings == ()


def test_every_wire_part_with_no_ir_form_is_warned_at_its_path() -> None:
    messages = [
        {"role": "system", "content": [{"type": "text", "text": "a"}, {"type": "thinking", "thinking": []}]},
        {
            "role": "user",
            "content": [
                {"type": "input_audio", "input_audio": "UklGRg=="},
                {"type": "image_url", "image_url": {"url": DATA_URL, "detail": "ultra"}},
                {"type": "reference", "reference_ids": [1]},
            ],
            "name": "bob",
        },
        {
            "role": "assistant",
            "content": [
                {
                    "type": "thinking",
                    "thinking": [{"type": "text", "text": "x"}, {"type": "reference", "reference_ids": [2]}],
                    "closed": False,
                }
            ],
            "tool_calls": [{"id": "aB3dE6gH9", "function": {"name": "f", "arguments": {}}, "extra": 1}],
        },
        {"role": "tool", "tool_call_id": "aB3dE6gH9", "content": [{"type": "document_url", "document_url": "u"}]},
    ]  # fmt: skip

    found = from_mistral(messages)

    assert located(found) == [
        ("PART_NOT_READ", "/messages/0/content/1"),
        ("PART_NOT_READ", "/messages/1/content/0"),
        ("PART_NOT_READ", "/messages/1/content/1/image_url/detail"),
        ("PART_NOT_READ", "/messages/1/content/2"),
        ("PART_NOT_READ", "/messages/1/name"),
        ("PART_NOT_READ", "/messages/2/content/0/thinking/1"),
        ("PART_NOT_READ", "/messages/2/content/0/closed"),
        ("PART_NOT_READ", "/messages/2/tool_calls/0/extra"),
        ("PART_NOT_READ", "/messages/3/content/0"),
    ]
    assert read(messages) == [
        {"role": "system", "content": "a"},
        {"role": "user", "content": [png()]},
        {"role": "assistant", "content": [{"type": "thinking", "thinking": "x"}, call("aB3dE6gH9", "f")]},
        {"role": "toolResult", "toolCallId": "aB3dE6gH9", "toolName": "f", "content": [], "isError": False},
    ]  # fmt: skip


def test_a_tool_message_is_named_by_its_name_else_by_its_call_else_unknown() -> None:
    messages = [
        {"role": "assistant", "tool_calls": [{"id": "aB3dE6gH9", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "aB3dE6gH9", "name": "g", "content": "1"},
        {"role": "tool", "tool_call_id": "aB3dE6gH9", "content": None},
        {"role": "tool", "tool_call_id": "nobody000", "content": "3"},
    ]  # fmt: skip

    found = from_mistral(messages)

    assert [m.tool_name for m in found[1:]] == ["g", "f", "unknown"]
    assert found[2].content == ""
    assert located(found) == [("TOOL_NAME_UNKNOWN", "/messages/3/tool_call_id")]


def test_arguments_as_an_object_or_as_text_read_alike() -> None:
    calls = [
        {"id": "aB3dE6gH9", "function": {"name": "f", "arguments": {"a": 1}}},
        {"id": "aB3dE6gH8", "function": {"name": "f", "arguments": '{"a": 1}'}},
        {"id": "aB3dE6gH7", "function": {"name": "f", "arguments": "  "}},
    ]
    found = from_mistral([{"role": "assistant", "content": None, "tool_calls": calls}])

    assert [dict(block.arguments) for block in found[0].content] == [{"a": 1}, {"a": 1}, {}]


# --- hostile input ------------------------------------------------------------------------


ROLES = "'system', 'user', 'assistant', 'tool'"


@pytest.mark.parametrize(
    ("messages", "refusal"),
    [
        ({"role": "user"}, "/messages must be an array; it is an object"),
        ([{"role": "developer", "content": "x"}], f"/messages/0/role must be one of {ROLES}; it is a string ('developer')"),
        ([{"content": "x"}], f"/messages/0/role must be one of {ROLES}; it is missing"),
        ([{"role": "user", "content": 5}], "/messages/0/content must be a string or an array or null; it is a number (5)"),
        ([{"role": "user", "content": [{"type": "text", "text": 5}]}], "/messages/0/content/0/text must be a string; it is a number (5)"),
        ([{"role": "user", "content": [{"type": "image_url"}]}], "/messages/0/content/0/image_url must be an object or a string; it is missing"),
        ([{"role": "assistant", "tool_calls": [{"function": {"name": "f", "arguments": "{}"}}]}], "/messages/0/tool_calls/0/id must be a string; it is missing"),
        ([{"role": "assistant", "tool_calls": [{"id": "aB3dE6gH9", "function": {"name": "f", "arguments": 3}}]}], "/messages/0/tool_calls/0/function/arguments must be an object or a string; it is a number (3)"),
        ([{"role": "assistant", "content": "x", "prefix": "yes"}], "/messages/0/prefix must be a boolean; it is a string ('yes')"),
        ([{"role": "tool", "content": "x"}], "/messages/0/tool_call_id must be a string; it is missing"),
        ([{"role": "assistant", "content": [{"type": "thinking", "thinking": "x"}]}], "/messages/0/content/0/thinking must be an array; it is a string ('x')"),
        (["hello"], "/messages/0 must be an object; it is a string ('hello')"),
    ],
)  # fmt: skip
def test_input_not_of_the_format_s_shape_is_a_wire_format_error_with_its_path(
    messages: Any, refusal: str
) -> None:
    with pytest.raises(WireFormatError) as raised:
        from_mistral(messages)
    assert str(raised.value) == f"from_mistral: {refusal}"


def test_arguments_that_are_no_object_are_the_ir_s_error_and_depth_is_bounded() -> None:
    from agent_ir import TranscriptError

    with pytest.raises(TranscriptError) as raised:
        from_mistral([{"role": "assistant", "tool_calls": [{"id": "aB3dE6gH9", "function": {"name": "f", "arguments": "[1]"}}]}])  # fmt: skip
    assert [d.code for d in raised.value.diagnostics] == ["INVALID_TOOL_ARGUMENTS"]
    deep: Any = {}
    for _ in range(MAX_DEPTH):
        deep = {"k": deep}
    call = {"id": "aB3dE6gH9", "function": {"name": "f", "arguments": deep}}
    with pytest.raises(WireFormatError, match="nested deeper than 64 levels"):
        from_mistral([{"role": "assistant", "tool_calls": [call]}])


# --- round trips --------------------------------------------------------------------------


@settings(
    max_examples=examples(100),
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(transcripts())
def test_a_round_trip_is_exact_where_nothing_was_warned(transcript: list[Any]) -> None:
    request = to_mistral(transcript)
    back = from_mistral(request.fields["messages"])

    assert back.warnings == ()
    assert len(back) == len(transcript)
    warned = {w.message_index for w in request.warnings}
    for index, (sent, got) in enumerate(zip(transcript, back, strict=True)):
        if index in warned:
            continue
        assert got == parse_message({**_request_part(sent), "id": got.id}), index


# No part of a request, so neither sent nor warned (the module docstring says so).
_NOT_REQUEST = {"timestamp", "provider", "model", "usage", "stopReason"}
_BOOKKEEPING = {"itemId", "namespace"}


def _request_part(message: dict[str, Any]) -> dict[str, Any]:
    kept = {k: v for k, v in message.items() if k not in _NOT_REQUEST}
    if isinstance(kept["content"], list):
        # An empty citations list says what no list says: nothing to send, nothing lost.
        kept["content"] = [_block_back(block) for block in kept["content"]]
    return kept


def _block_back(block: dict[str, Any]) -> dict[str, Any]:
    """A block as it reads back: an empty citations list says what no list says (nothing
    to send, nothing lost), as ``redacted: false`` says what no flag says, and a
    signature of no recorded maker reads back as Mistral's (what the reader sees came
    from Mistral, as in every other format)."""
    back = {
        k: v
        for k, v in block.items()
        if k not in _BOOKKEEPING and not (k == "citations" and v == [])
    }
    if back.get("type") == "thinking" and "signature" in back:
        back.setdefault("signatureProvider", "mistral")
    if back.get("redacted") is False:  # says what no flag says
        del back["redacted"]
    return back


def test_text_after_a_tool_call_is_warned_as_moved_before_it() -> None:
    """Mistral holds the calls after the content: text after a call reads back ahead of it."""
    moved = [user("Weather?"), assistant(call("abc123XYZ", "weather"), text("Checking."))]
    found = to_mistral(moved)
    assert located(found) == [("BLOCK_MOVED", "/1/content/1")]
    assert found.fields["messages"][1]["content"] == "Checking."
    in_order = [user("Weather?"), assistant(text("Checking."), call("abc123XYZ", "weather"))]
    assert located(to_mistral(in_order)) == []
