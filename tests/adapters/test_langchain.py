"""``to_langchain`` / ``from_langchain`` with the real langchain-core: the IR reads back
equal (conformance transcripts, generated ones, every kind of block), histories in
LangChain's legacy provider content and in v1 content blocks read into valid
transcripts, LangChain's own OpenAI converter takes what ``to_langchain`` writes, what
has no place on either side is warned at its path, and input of the wrong shape is
refused."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    ChatMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
    convert_to_openai_messages,
    messages_from_dict,
    messages_to_dict,
)

from agent_ir import (
    ConversionWarningCode,
    TranscriptError,
    WireFormatError,
    WireMessages,
    WireRequest,
    from_langchain,
    parse_transcript,
    to_json_value,
    to_langchain,
    validate_transcript,
)

from support.adapters import PNG, conformance_transcripts, every_kind
from support.examples import examples
from support.strategies import single_messages, transcripts

Code = ConversionWarningCode
SETTINGS = settings(
    derandomize=True,
    max_examples=examples(100),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
CASES = conformance_transcripts()


def written(transcript: Any) -> list[BaseMessage]:
    request = to_langchain(transcript)
    assert isinstance(request, WireRequest)
    return list(request.fields["messages"])


def codes(warnings: Any) -> list[tuple[str, str]]:
    return [(warning.code, warning.path) for warning in warnings]


@pytest.mark.parametrize("transcript", [case for _, case in CASES], ids=[name for name, _ in CASES])
def test_every_conformance_transcript_reads_back_equal(transcript: list[Any]) -> None:
    read = from_langchain(written(transcript))
    assert isinstance(read, WireMessages)
    assert list(read) == transcript


@SETTINGS
@given(transcript=transcripts())
def test_a_generated_transcript_reads_back_equal(transcript: list[Any]) -> None:
    assert to_json_value(list(from_langchain(written(transcript)))) == transcript


@SETTINGS
@given(transcript=single_messages())
def test_every_kind_of_message_reads_back_equal_through_langchain_s_dicts(
    transcript: list[Any],
) -> None:
    """The carrier survives LangChain's own serialization of messages."""
    again = messages_from_dict(messages_to_dict(written(transcript)))
    assert to_json_value(list(from_langchain(again))) == transcript


def test_every_kind_of_block_has_its_native_form() -> None:
    request = to_langchain(every_kind())
    system, user, reply, result, refusal = request.fields["messages"]
    assert isinstance(system, SystemMessage)
    assert system.content == "Be brief."
    assert isinstance(user, HumanMessage)
    assert user.content[:4] == [
        {"type": "text", "text": "Look:"},
        {"type": "image", "base64": PNG, "mime_type": "image/png"},
        {"type": "image", "url": "https://x.test/a.png"},
        {"type": "audio", "base64": PNG, "mime_type": "audio/wav"},
    ]
    assert user.content[4:] == [
        {"type": "file", "base64": PNG, "mime_type": "application/pdf", "extras": {"filename": "a.pdf"}},
        {"type": "file", "url": "https://x.test/a.pdf"},
        {"type": "file", "file_id": "file-abc"},
    ]  # fmt: skip
    assert isinstance(reply, AIMessage)
    assert reply.content == [
        {"type": "reasoning", "reasoning": "hmm", "extras": {"signature": "sig"}},
        {"type": "non_standard", "value": {"type": "redacted_thinking", "data": "opaque"}},
        {"type": "text", "text": "Checking.", "id": "msg_1"},
        {"type": "tool_call", "id": "c1", "name": "weather", "args": {"city": "Paris"}},
        {"type": "server_tool_call", "id": "srv1", "name": "web_search", "args": {"query": "q"}},
        {"type": "server_tool_result", "tool_call_id": "srv1", "status": "success",
         "output": {"type": "web_search_tool_result", "content": []}},
    ]  # fmt: skip
    # LangChain's own v1 form: what AIMessage(content_blocks=...) builds.
    assert reply.tool_calls == AIMessage(content_blocks=reply.content).tool_calls
    assert reply.tool_calls == [
        {"type": "tool_call", "id": "c1", "name": "weather", "args": {"city": "Paris"}}
    ]
    assert reply.usage_metadata == {
        "input_tokens": 10,
        "output_tokens": 5,
        "total_tokens": 15,
        "input_token_details": {"cache_read": 2, "cache_creation": 1},
        "output_token_details": {"reasoning": 3},
    }
    assert {
        key: reply.response_metadata[key]
        for key in ("model_name", "model_provider", "finish_reason")
    } == {"model_name": "claude-x", "model_provider": "anthropic", "finish_reason": "tool_calls"}
    assert isinstance(result, ToolMessage)
    assert (result.tool_call_id, result.name, result.status) == ("c1", "weather", "success")
    assert refusal.content == [{"type": "refusal", "refusal": "No."}]
    assert codes(request.warnings) == [
        (Code.IMAGE_DETAIL_NOT_SENT, "/1/content/2/detail"),
    ]
    assert list(from_langchain(request.fields["messages"])) == list(parse_transcript(every_kind()))


def test_langchain_s_own_openai_converter_takes_what_is_written() -> None:
    transcript = [
        {"role": "user", "id": "u", "content": "Weather?"},
        {"role": "assistant", "id": "a", "content": [
            {"type": "text", "text": "Checking."},
            {"type": "toolCall", "id": "c1", "name": "weather", "arguments": {"city": "Paris"}},
        ]},
        {"role": "toolResult", "id": "r", "toolCallId": "c1", "toolName": "weather",
         "content": "sunny", "isError": False},
    ]  # fmt: skip
    openai = convert_to_openai_messages(written(transcript))
    assert openai[1]["tool_calls"] == [
        {
            "type": "function",
            "id": "c1",
            "function": {"name": "weather", "arguments": '{"city": "Paris"}'},
        }
    ]
    assert openai[2] == {
        "role": "tool",
        "tool_call_id": "c1",
        "name": "weather",
        "content": "sunny",
    }


def test_a_legacy_openai_history_with_tool_calls_reads_into_a_valid_transcript() -> None:
    model = GenericFakeChatModel(
        messages=iter(
            [
                AIMessage(
                    content="",
                    tool_calls=[
                        {"id": "call_1", "name": "weather", "args": {"city": "Paris"}},
                        {"id": "call_2", "name": "weather", "args": {"city": "Rome"}},
                    ],
                    additional_kwargs={"refusal": None, "service": "x"},
                    response_metadata={"model_name": "gpt-x", "finish_reason": "tool_calls"},
                    usage_metadata={"input_tokens": 9, "output_tokens": 4, "total_tokens": 13},
                ),
                AIMessage(content="Sunny in both."),
            ]
        )
    )
    history: list[BaseMessage] = [SystemMessage("Be brief."), HumanMessage("Weather?")]
    reply = model.invoke(history)
    history.append(reply)
    history += [
        ToolMessage("sunny", tool_call_id="call_1"),
        ToolMessage("rainy", tool_call_id="call_2", status="error"),
    ]
    history.append(model.invoke(history))
    read = from_langchain(history)
    assert validate_transcript(read) == ()
    assert [message.role for message in read] == [
        "system", "user", "assistant", "toolResult", "toolResult", "assistant"
    ]  # fmt: skip
    call = read[2]
    assert [block.name for block in call.content] == ["weather", "weather"]
    assert (call.model, call.stop_reason, call.usage.input_tokens) == ("gpt-x", "toolCall", 9)
    assert [(message.tool_name, message.is_error) for message in read[3:5]] == [
        ("weather", False),
        ("weather", True),
    ]
    assert read[5].content[0].text == "Sunny in both."
    assert codes(read.warnings) == [(Code.PART_NOT_READ, "/2/additional_kwargs/service")]
    # Written back: the same calls, results and text, in v1 blocks, and the same IR.
    again = written(read)
    assert again[2].tool_calls == history[2].tool_calls
    assert [(m.tool_call_id, m.content, m.status) for m in again[3:5]] == [
        (m.tool_call_id, m.content, m.status) for m in history[3:5]
    ]
    assert again[5].text == history[5].text
    assert list(from_langchain(again)) == list(read)


def test_anthropic_legacy_content_reads_thinking_signatures_and_redacted_thinking() -> None:
    reply = AIMessage(
        content=[
            {"type": "thinking", "thinking": "hmm", "signature": "sig"},
            {"type": "redacted_thinking", "data": "opaque"},
            {"type": "text", "text": "Checking."},
            {"type": "tool_use", "id": "toolu_1", "name": "weather", "input": {"city": "Paris"}},
        ],
        tool_calls=[{"id": "toolu_1", "name": "weather", "args": {"city": "Paris"}}],
        response_metadata={"model_provider": "anthropic", "stop_reason": "tool_use"},
    )
    [read] = from_langchain([reply])
    assert to_json_value(read.content) == [
        {"type": "thinking", "thinking": "hmm", "signature": "sig"},
        {"type": "thinking", "thinking": "", "signature": "opaque", "redacted": True},
        {"type": "text", "text": "Checking."},
        {"type": "toolCall", "id": "toolu_1", "name": "weather", "arguments": {"city": "Paris"}},
    ]
    assert (read.provider, read.stop_reason) == ("anthropic", "toolCall")


def test_v1_content_blocks_read_as_the_ir_reads_them() -> None:
    reply = AIMessage(
        content_blocks=[
            {"type": "reasoning", "reasoning": "hmm"},
            {"type": "text", "text": "Hi", "annotations": [{"type": "citation", "url": "u"}]},
            {"type": "tool_call", "id": "c1", "name": "f", "args": {}},
            {"type": "video", "url": "https://x.test/v.mp4"},
        ]
    )
    user = HumanMessage(
        content=[
            {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}},
            {"type": "image", "file_id": "file-1"},
            {"type": "audio", "url": "https://x.test/a.mp3"},
        ]
    )
    read = from_langchain([user, reply])
    assert to_json_value(read[0].content) == [
        {"type": "image", "source": {"type": "base64", "mediaType": "image/png", "data": PNG}}
    ]
    assert [block.type for block in read[1].content] == ["thinking", "text", "toolCall"]
    assert codes(read.warnings) == [
        (Code.PART_NOT_READ, "/0/content/1"),
        (Code.PART_NOT_READ, "/0/content/2"),
        (Code.PART_NOT_READ, "/1/content/1/annotations"),
        (Code.PART_NOT_READ, "/1/content/3"),
    ]


def test_missing_ids_and_names_are_given_and_warned() -> None:
    history = [
        AIMessage(content="", tool_calls=[{"id": None, "name": "f", "args": {}}]),
        ToolMessage("x", tool_call_id="nobody"),
        ChatMessage(content="hi", role="critic"),
        SystemMessage(content=[{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]),
    ]
    read = from_langchain(history)
    assert read[0].id == "message-0001"
    assert read[0].content[0].id == "message-0001-call-0"
    assert read[0].content[0].name == "f"
    assert read[1].tool_name == "unknown"
    assert read[2].content == "ab"
    assert codes(read.warnings) == [
        (Code.TOOL_CALL_ID_ADDED, "/0/tool_calls/0"),
        (Code.TOOL_NAME_UNKNOWN, "/1/tool_call_id"),
        (Code.PART_NOT_READ, "/2"),
        (Code.MESSAGES_MERGED, "/3/content"),
    ]


def test_a_carrier_that_no_longer_fits_is_not_applied_and_is_warned() -> None:
    [message] = written([{"role": "user", "id": "u", "content": [
        {"type": "text", "text": "a", "cacheControl": {"type": "ephemeral"}}]}])  # fmt: skip
    message.content = [{"type": "image", "url": "https://x.test/a.png"}]
    read = from_langchain([message])
    assert read[0].content[0].type == "image"
    assert codes(read.warnings) == [(Code.PART_NOT_READ, "/0/response_metadata/agent_ir/blocks/0")]


@pytest.mark.parametrize(
    ("value", "path"),
    [
        ("not a list", ()),
        ([HumanMessage("a"), {"role": "user", "content": "b"}], (1,)),
        ([("human", "a")], (0,)),
    ],
)
def test_input_that_is_not_a_list_of_messages_is_a_wire_format_error(
    value: Any, path: tuple[Any, ...]
) -> None:
    with pytest.raises(WireFormatError) as raised:
        from_langchain(value)
    assert raised.value.path == path


@pytest.mark.parametrize(
    ("message", "pointer"),
    [
        (HumanMessage(content=[{"type": "text"}]), "/0/content/0/text"),
        (AIMessage(content=[{"type": "text", "text": 5}]), "/0/content/0/text"),
        (AIMessage(content=[{"type": "tool_call", "id": "c", "args": {}}]), "/0/content/0/name"),
        (AIMessage(content=[{"type": "server_tool_call", "id": "c"}]), "/0/content/0/name"),
        (AIMessage(content=[{"type": "server_tool_result"}]), "/0/content/0/tool_call_id"),
    ],
)
def test_a_block_without_its_required_string_is_a_wire_format_error_at_it(
    message: BaseMessage, pointer: str
) -> None:
    with pytest.raises(WireFormatError) as raised:
        from_langchain([message])
    assert raised.value.pointer == pointer


KEYS = st.sampled_from(["type", "text", "id", "name", "args", "base64", "url", "mime_type",
                        "extras", "value", "reasoning", "tool_call_id", "output", "status",
                        "image_url", "source_type", "data", "thinking", "signature", "input"])  # fmt: skip
TYPES = st.sampled_from(["text", "reasoning", "tool_call", "image", "audio", "file", "video",
                         "non_standard", "refusal", "server_tool_call", "server_tool_result",
                         "image_url", "thinking", "redacted_thinking", "tool_use", "x"])  # fmt: skip
SCALARS = st.none() | st.booleans() | st.integers() | st.text(max_size=6) | TYPES
BLOCKS = st.dictionaries(KEYS, st.recursive(SCALARS, lambda inner: st.dictionaries(KEYS, inner, max_size=3) | st.lists(inner, max_size=2), max_leaves=6), max_size=5)  # fmt: skip


@settings(derandomize=True, max_examples=examples(200), deadline=None)
@given(
    kind=st.sampled_from([HumanMessage, AIMessage, SystemMessage]),
    blocks=st.lists(BLOCKS, max_size=4),
    provider=st.sampled_from([None, "anthropic", "openai", "google_genai"]),
)
def test_hostile_content_is_read_or_refused_with_a_path_never_crashes(
    kind: Any, blocks: list[Any], provider: str | None
) -> None:
    metadata = {"model_provider": provider} if provider else {}
    try:
        message = kind(content=blocks, response_metadata=metadata)
    except (ValueError, TypeError):  # LangChain's own validation refused it
        return
    try:
        read = from_langchain([message])
    except WireFormatError as error:
        assert error.path[:1] == (0,)
    except TranscriptError as error:
        assert error.diagnostics
    else:
        assert all(warning.path.startswith("/0") for warning in read.warnings)


def test_gemini_signatures_of_calls_are_where_langchain_google_genai_keeps_them() -> None:
    transcript = [{"role": "assistant", "id": "a", "content": [
        {"type": "toolCall", "id": "c1", "name": "f", "arguments": {}, "thoughtSignature": "c2ln"},
        {"type": "toolCall", "id": "c2", "name": "f", "arguments": {}},
        {"type": "text", "text": "t", "thoughtSignature": "dGV4dA=="},
    ]}]  # fmt: skip
    request = to_langchain(transcript)
    [message] = request.fields["messages"]
    assert message.additional_kwargs == {
        "__gemini_function_call_thought_signatures__": {"c1": "c2ln"}
    }
    # A text part's signature has no LangChain field: kept in the carrier, warned.
    assert codes(request.warnings) == [(Code.SIGNATURE_NOT_SENT, "/0/content/2/thoughtSignature")]
    assert to_json_value(list(from_langchain([message]))) == transcript
    stray = AIMessage(
        content="",
        tool_calls=[{"id": "c1", "name": "f", "args": {}}],
        additional_kwargs={
            "__gemini_function_call_thought_signatures__": {"c1": "c2ln", "c9": "eA=="}
        },
    )
    read = from_langchain([stray])
    assert read[0].content[0].thought_signature == "c2ln"
    assert codes(read.warnings) == [
        (Code.PART_NOT_READ, "/0/additional_kwargs/__gemini_function_call_thought_signatures__/c9")
    ]


def test_a_carrier_made_for_another_role_is_not_applied() -> None:
    message = AIMessage(
        content="hi", response_metadata={"agent_ir": {"role": "user", "content": 5}}
    )
    read = from_langchain([message])
    assert read[0].role == "assistant"
    assert codes(read.warnings) == [(Code.PART_NOT_READ, "/0/response_metadata/agent_ir")]


LC_IDS = st.text(alphabet="abc123_-", min_size=1, max_size=6)
LC_TEXT = st.text(max_size=8)
LC_NAMES = st.sampled_from(["weather", "read"])
LC_ARGS = st.dictionaries(st.text(max_size=4), st.integers() | LC_TEXT, max_size=3)
V1_AI_BLOCKS = st.lists(
    st.fixed_dictionaries({"type": st.just("text"), "text": LC_TEXT})
    | st.fixed_dictionaries({"type": st.just("reasoning"), "reasoning": LC_TEXT},
                            optional={"extras": st.fixed_dictionaries({"signature": LC_IDS})})
    | st.fixed_dictionaries({"type": st.just("tool_call"), "id": LC_IDS, "name": LC_NAMES,
                             "args": LC_ARGS})
    | st.fixed_dictionaries({"type": st.just("refusal"), "refusal": LC_TEXT}),
    max_size=4,
)  # fmt: skip
V1_USER = LC_TEXT | st.lists(
    st.fixed_dictionaries({"type": st.just("text"), "text": LC_TEXT})
    | st.fixed_dictionaries({"type": st.just("image"), "url": st.just("https://x.test/a.png")})
    | st.fixed_dictionaries({"type": st.just("file"), "base64": st.just(PNG),
                             "mime_type": st.just("application/pdf")}),
    max_size=3,
)  # fmt: skip


def _ai(blocks: list[Any], message_id: str) -> AIMessage:
    calls = [dict(block) for block in blocks if block["type"] == "tool_call"]
    return AIMessage(
        content=blocks,
        tool_calls=calls,
        id=message_id,
        response_metadata={"output_version": "v1"},
    )


LC_HISTORIES = st.lists(
    st.builds(SystemMessage, content=LC_TEXT, id=LC_IDS)
    | st.builds(HumanMessage, content=V1_USER, id=LC_IDS)
    | st.builds(_ai, V1_AI_BLOCKS, LC_IDS)
    | st.builds(ToolMessage, content=LC_TEXT, tool_call_id=LC_IDS, name=LC_NAMES, id=LC_IDS,
                status=st.sampled_from(["success", "error"])),
    max_size=5,
)  # fmt: skip


@SETTINGS
@given(original=LC_HISTORIES)
def test_a_generated_v1_history_read_and_written_back_gives_the_same_messages(
    original: list[BaseMessage],
) -> None:
    read = from_langchain(original)
    assert read.warnings == ()
    request = to_langchain(read)
    assert request.warnings == ()
    again = request.fields["messages"]
    assert [type(message) for message in again] == [type(message) for message in original]
    for before, after in zip(original, again, strict=True):
        assert (after.id, after.content) == (before.id, before.content)
        assert "agent_ir" not in after.response_metadata  # nothing needed the carrier
        if isinstance(before, AIMessage):
            assert after.tool_calls == before.tool_calls
        if isinstance(before, ToolMessage):
            assert (after.tool_call_id, after.name, after.status) == (
                before.tool_call_id,
                before.name,
                before.status,
            )
