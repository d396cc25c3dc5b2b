"""``to_pydantic_ai`` / ``from_pydantic_ai`` with the real pydantic-ai: the IR reads back
equal (conformance transcripts, generated ones, every kind of block), a real agent
run's history reads into a valid transcript and goes back into the agent, what has no
place on either side is warned at its path, and input of the wrong shape is refused."""

from __future__ import annotations

import base64
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic_ai import Agent, PydanticAIDeprecationWarning
from pydantic_ai import messages as pm
from pydantic_ai.models.function import AgentInfo, FunctionModel

from agent_ir import (
    ConversionWarningCode,
    TranscriptError,
    WireFormatError,
    WireMessages,
    WireRequest,
    from_pydantic_ai,
    parse_transcript,
    to_json_value,
    to_pydantic_ai,
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


def history(transcript: Any) -> list[Any]:
    written = to_pydantic_ai(transcript)
    assert isinstance(written, WireRequest)
    return list(written.fields["message_history"])


def codes(warnings: Any) -> list[tuple[str, str]]:
    return [(warning.code, warning.path) for warning in warnings]


CASES = conformance_transcripts()


@pytest.mark.parametrize("transcript", [case for _, case in CASES], ids=[name for name, _ in CASES])
def test_every_conformance_transcript_reads_back_equal(transcript: list[Any]) -> None:
    read = from_pydantic_ai(history(transcript))
    assert isinstance(read, WireMessages)
    assert list(read) == transcript


@SETTINGS
@given(transcript=transcripts())
def test_a_generated_transcript_reads_back_equal(transcript: list[Any]) -> None:
    assert to_json_value(list(from_pydantic_ai(history(transcript)))) == transcript


@SETTINGS
@given(transcript=single_messages())
def test_every_kind_of_message_reads_back_equal_through_pydantic_ai_s_json(
    transcript: list[Any],
) -> None:
    """The carrier survives pydantic-ai's own serialization of a history."""
    dumped = pm.ModelMessagesTypeAdapter.dump_json(history(transcript))
    loaded = pm.ModelMessagesTypeAdapter.validate_json(dumped)
    assert to_json_value(list(from_pydantic_ai(loaded))) == transcript


def test_every_kind_of_block_has_its_native_part() -> None:
    written = to_pydantic_ai(every_kind())
    system_user, reply, result, refusal = written.fields["message_history"]
    system, user = system_user.parts
    assert system == pm.SystemPromptPart(
        content="Be brief.", timestamp=datetime(2024, 5, 1, 12, tzinfo=UTC)
    )
    text, png, url, audio, pdf, pdf_url, uploaded = user.content
    assert text == "Look:"
    assert png == pm.BinaryContent(data=base64.b64decode(PNG), media_type="image/png")
    assert url == pm.ImageUrl(url="https://x.test/a.png", vendor_metadata={"detail": "low"})
    assert audio.media_type == "audio/wav"
    assert pdf.media_type == "application/pdf"
    assert pdf_url == pm.DocumentUrl(url="https://x.test/a.pdf")
    assert uploaded == pm.UploadedFile(file_id="file-abc", provider_name="openai")
    thinking, redacted, answer, call, server_call, server_result = reply.parts
    assert (thinking.content, thinking.signature, thinking.provider_name) == (
        "hmm",
        "sig",
        "anthropic",
    )
    assert (redacted.id, redacted.signature) == ("redacted_thinking", "opaque")
    assert (answer.content, answer.id) == ("Checking.", "msg_1")
    assert (call.tool_name, call.args, call.tool_call_id) == ("weather", {"city": "Paris"}, "c1")
    assert isinstance(server_call, pm.NativeToolCallPart)
    assert isinstance(server_result, pm.NativeToolReturnPart)
    assert server_result.tool_name == "web_search"
    assert (reply.model_name, reply.provider_name, reply.finish_reason) == (
        "claude-x",
        "anthropic",
        "tool_call",
    )
    assert reply.usage == pm.RequestUsage(
        input_tokens=10,
        output_tokens=5,
        cache_read_tokens=2,
        cache_write_tokens=1,
        output_reasoning_tokens=3,
    )
    assert result.parts[0].outcome == "success"
    assert refusal.parts == [pm.TextPart(content="No.")]
    # What a model would not get, each warned at its IR path.
    assert codes(written.warnings) == [
        (Code.DOCUMENT_DETAIL_NOT_SENT, "/1/content/4/filename"),
        (Code.REFUSAL_AS_TEXT, "/4/content/0"),
    ]
    assert list(from_pydantic_ai(written.fields["message_history"])) == list(
        parse_transcript(every_kind())
    )


def _weather_model(messages: list[pm.ModelMessage], info: AgentInfo) -> pm.ModelResponse:
    if len(messages) == 1:
        return pm.ModelResponse(
            parts=[
                pm.ThinkingPart(
                    "I need the weather.", signature="sig-1", provider_name="anthropic"
                ),
                pm.ToolCallPart("weather", {"city": "Paris"}, tool_call_id="call-1"),
                pm.ToolCallPart("weather", '{"city": "Rome"}', tool_call_id="call-2"),
            ]
        )
    return pm.ModelResponse(parts=[pm.TextPart("Sunny in both.")])


def _agent() -> Agent[None, str]:
    agent = Agent(FunctionModel(_weather_model), instructions="Be brief.")

    @agent.tool_plain
    def weather(city: str) -> str:
        return f"sunny in {city}"

    return agent


def test_a_real_agent_run_s_history_is_a_valid_transcript_and_goes_back_into_the_agent() -> None:
    run = _agent().run_sync("Weather in Paris and Rome?")
    read = from_pydantic_ai(run.all_messages())
    assert validate_transcript(read) == ()
    roles = [message.role for message in read]
    assert roles == ["system", "user", "assistant", "toolResult", "toolResult", "assistant"]
    assert read[2].provider == "anthropic"  # the thinking part's maker
    assert [block.type for block in read[2].content] == ["thinking", "toolCall", "toolCall"]
    assert read[2].content[2].arguments == {"city": "Rome"}  # JSON text read as an object
    assert [message.content for message in read[3:5]] == ["sunny in Paris", "sunny in Rome"]
    assert codes(read.warnings) == [(Code.SYSTEM_MOVED, "/0/instructions")]
    # Written back, it reads the same, and the agent takes it as its history.
    written = history(read)
    assert list(from_pydantic_ai(written)) == list(read)
    follow = _agent().run_sync("And tomorrow?", message_history=written)
    assert len(follow.all_messages()) == len(written) + 2


def test_what_the_ir_has_no_place_for_is_warned_at_its_path() -> None:
    response = pm.ModelResponse(
        parts=[
            pm.TextPart("hi", provider_details={"thought_signature": "c2ln", "other": 1}),
            pm.ThinkingPart("t", id="rs_1"),
            pm.FilePart(content=pm.BinaryContent(data=b"x", media_type="image/png")),
        ],
        provider_details={"x": 1},
    )
    with pytest.warns(PydanticAIDeprecationWarning):  # pydantic-ai 2 still reads it
        retry = pm.RetryPromptPart(content="bad", tool_name="weather", tool_call_id="c9")
    request = pm.ModelRequest(
        parts=[
            pm.UserPromptPart(
                content=[
                    pm.CachePoint(),
                    "see",
                    pm.VideoUrl(url="https://x.test/v.mp4"),
                    pm.AudioUrl(url="https://x.test/a.mp3"),
                    pm.BinaryContent(data=b"v", media_type="video/mp4"),
                ]
            ),
            retry,
            pm.RetryFeedbackPart(
                content="try again", retry=pm.RetryInfo(cause="output_validation")
            ),
            pm.ToolReturnPart("weather", "failed, retrying", tool_call_id="c8", outcome="retried"),
        ]
    )
    read = from_pydantic_ai([request, response])
    assert codes(read.warnings) == [
        (Code.PART_NOT_READ, "/0/parts/0/content/0"),
        (Code.PART_NOT_READ, "/0/parts/0/content/2"),
        (Code.PART_NOT_READ, "/0/parts/0/content/3"),
        (Code.PART_NOT_READ, "/0/parts/0/content/4"),
        (Code.PART_NOT_READ, "/0/parts/1"),
        (Code.PART_NOT_READ, "/0/parts/2"),
        (Code.PART_NOT_READ, "/0/parts/3/outcome"),
        (Code.PART_NOT_READ, "/1/provider_details"),
        (Code.PART_NOT_READ, "/1/parts/0/provider_details"),
        (Code.PART_NOT_READ, "/1/parts/1/id"),
        (Code.PART_NOT_READ, "/1/parts/2"),
    ]
    user, retry, retry_user, retried, assistant = read
    assert user.content[0].text == "see"
    assert len(user.content) == 1
    assert (retry.role, retry.is_error, retry.tool_name) == ("toolResult", True, "weather")
    assert retry.content.startswith("bad")
    assert retry_user.role == "user"
    assert "try again" in retry_user.content
    assert (retried.is_error, retried.content) == (True, "failed, retrying")
    assert assistant.content[0].thought_signature == "c2ln"
    assert [block.type for block in assistant.content] == ["text", "thinking"]


def test_a_cache_point_marks_the_block_before_it() -> None:
    request = pm.ModelRequest(parts=[pm.UserPromptPart(content=["a", pm.CachePoint(ttl="1h")])])
    [user] = from_pydantic_ai([request])
    assert to_json_value(user.content) == [
        {"type": "text", "text": "a", "cacheControl": {"type": "ephemeral", "ttl": "1h"}}
    ]


def test_a_carrier_that_no_longer_fits_is_not_applied_and_is_warned() -> None:
    transcript = [{"role": "assistant", "id": "a", "content": [{"type": "refusal", "text": "No."}]}]
    [response] = history(transcript)
    response.parts[0] = pm.ThinkingPart("edited")  # the framework's user changed the part
    read = from_pydantic_ai([response])
    assert read[0].content[0].type == "thinking"
    assert codes(read.warnings) == [(Code.PART_NOT_READ, "/0/metadata/agent_ir/blocks/0")]
    response.metadata = {"agent_ir": ["not", "an", "object"]}
    read = from_pydantic_ai([response])
    assert codes(read.warnings) == [(Code.PART_NOT_READ, "/0/metadata/agent_ir")]


@pytest.mark.parametrize(
    ("value", "path"),
    [
        ("not a list", ()),
        ({"kind": "request"}, ()),
        ([pm.ModelRequest(parts=[]), {"kind": "request", "parts": []}], (1,)),
        ([pm.TextPart("loose part")], (0,)),
    ],
)
def test_input_that_is_not_a_history_is_a_wire_format_error(
    value: Any, path: tuple[Any, ...]
) -> None:
    with pytest.raises(WireFormatError) as raised:
        from_pydantic_ai(value)
    assert raised.value.path == path


def _forced(instance: Any, field: str, value: Any) -> Any:
    """``instance`` with ``field`` set around pydantic-ai's own checks (a history built
    by code that skips them, or unpickled from another version)."""
    object.__setattr__(instance, field, value)
    return instance


@pytest.mark.parametrize(
    ("message", "pointer"),
    [
        (
            pm.ModelRequest(parts=[_forced(pm.UserPromptPart("x"), "content", 5)]),
            "/0/parts/0/content",
        ),
        (_forced(pm.ModelRequest(parts=[]), "parts", 5), "/0"),
        (
            pm.ModelRequest(
                parts=[
                    pm.UserPromptPart(
                        [_forced(pm.BinaryContent(b"x", media_type="image/png"), "data", "x")]
                    )
                ]
            ),
            "/0",
        ),
    ],
)
def test_a_message_outside_pydantic_ai_s_shapes_is_a_wire_format_error_at_it(
    message: Any, pointer: str
) -> None:
    with pytest.raises(WireFormatError) as raised:
        from_pydantic_ai([message])
    assert raised.value.pointer == pointer


def test_a_part_with_a_value_the_ir_refuses_is_a_transcript_error() -> None:
    with pytest.raises(TranscriptError) as raised:
        from_pydantic_ai([pm.ModelResponse(parts=[pm.ToolCallPart("f", args="[1, 2]")])])
    assert [d.code for d in raised.value.diagnostics] == ["INVALID_TOOL_ARGUMENTS"]


def test_a_request_carrier_that_is_not_an_object_of_parts_is_warned() -> None:
    request = pm.ModelRequest(parts=[pm.UserPromptPart("a")], metadata={"agent_ir": "x"})
    read = from_pydantic_ai([request])
    assert read[0].content == "a"
    assert codes(read.warnings) == [(Code.PART_NOT_READ, "/0/metadata/agent_ir")]


def _args_as_dict(part: Any) -> Any:
    """A tool call's arguments as the IR holds them: an object (JSON text decoded)."""
    if isinstance(part, pm.ToolCallPart):
        return pm.ToolCallPart(part.tool_name, part.args_as_dict(), tool_call_id=part.tool_call_id)
    return part


def test_a_history_read_and_written_back_gives_the_same_parts() -> None:
    agent = Agent(FunctionModel(_weather_model), system_prompt="Be brief.")

    @agent.tool_plain
    def weather(city: str) -> str:
        return f"sunny in {city}"

    original = agent.run_sync("Weather in Paris and Rome?").all_messages()
    read = from_pydantic_ai(original)
    assert read.warnings == ()
    again = history(read)
    assert [type(message) for message in again] == [type(message) for message in original]
    for before, after in zip(original, again, strict=True):
        assert after.parts == [_args_as_dict(part) for part in before.parts]
        assert after.metadata is None  # nothing needed the carrier
    for before, after in zip(original[1::2], again[1::2], strict=True):
        assert (after.usage, after.model_name, after.timestamp, after.provider_response_id) == (
            before.usage,
            before.model_name,
            before.timestamp,
            before.provider_response_id,
        )


NAMES = st.sampled_from(["weather", "read", "search_docs"])
IDS = st.text(alphabet="abc123_-", min_size=1, max_size=6)
TEXT = st.text(max_size=8)
ARGS = st.dictionaries(st.text(max_size=4), st.integers() | TEXT | st.booleans(), max_size=3)
USER_ITEMS = st.lists(
    TEXT
    | st.builds(pm.BinaryContent, data=st.binary(min_size=1, max_size=6), media_type=st.just("image/png"))
    | st.builds(pm.ImageUrl, url=st.just("https://x.test/a.png"))
    | st.builds(pm.DocumentUrl, url=st.just("https://x.test/a.pdf")),
    max_size=3,
)  # fmt: skip
REQUEST_PARTS = st.lists(
    st.builds(pm.SystemPromptPart, content=TEXT)
    | st.builds(pm.UserPromptPart, content=TEXT | USER_ITEMS)
    | st.builds(pm.ToolReturnPart, tool_name=NAMES, content=TEXT, tool_call_id=IDS,
                outcome=st.sampled_from(["success", "failed"])),
    min_size=1,
    max_size=3,
)  # fmt: skip


@st.composite
def responses(draw: st.DrawFn) -> pm.ModelResponse:
    provider = draw(st.sampled_from([None, "anthropic", "openai"]))
    parts = draw(
        st.lists(
            st.builds(pm.TextPart, content=TEXT, id=st.none() | IDS)
            | st.builds(pm.ThinkingPart, content=TEXT, signature=st.none() | TEXT,
                        provider_name=st.just(provider))
            | st.builds(pm.ToolCallPart, tool_name=NAMES, args=ARGS, tool_call_id=IDS),
            max_size=4,
        )
    )  # fmt: skip
    if provider is None:
        parts = [part for part in parts if not isinstance(part, pm.ThinkingPart)]
    return pm.ModelResponse(
        parts=parts,
        provider_name=provider,
        model_name=draw(st.none() | TEXT),
        usage=pm.RequestUsage(
            input_tokens=draw(st.integers(0, 99)), output_tokens=draw(st.integers(0, 99))
        ),
        finish_reason=draw(st.sampled_from([None, "stop", "length", "tool_call"])),
    )


HISTORIES = st.lists(st.builds(pm.ModelRequest, parts=REQUEST_PARTS) | responses(), max_size=5)


@SETTINGS
@given(original=HISTORIES)
def test_a_generated_history_read_and_written_back_gives_the_same_parts(
    original: list[Any],
) -> None:
    read = from_pydantic_ai(original)
    assert read.warnings == ()
    written = to_pydantic_ai(read)
    assert written.warnings == ()
    again = list(written.fields["message_history"])
    # Consecutive requests are one request once written: compare their parts in order.
    assert [part for message in again for part in message.parts] == [
        part for message in original for part in message.parts
    ]
    assert list(from_pydantic_ai(again)) == list(read)
