"""The constructors' checks of each field other than arguments: content containers, ids, is_error,
media types, base64, timestamps, usage, stop reasons, block types. Linkage is not theirs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from agent_ir import (
    InvalidMessageError,
    Usage,
    assistant_message,
    system_message,
    text_from_assistant,
    tool_result_message,
    user_message,
    validate_json,
    validate_transcript,
)

from support.builders import audio, image

# --- content containers -----------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        (block for block in [{"type": "text", "text": "a"}]),
        {"a"},
        {"type": "text", "text": "a"},
        "a plain string",
    ],
    ids=["generator", "set", "dict", "str"],
)
def test_assistant_content_must_be_a_list_or_tuple(content: object) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(id="message-assistant-1", content=content)
    assert caught.value.path == ("content",)
    assert str(caught.value).startswith("assistant_message: content ")


@pytest.mark.parametrize(
    "content",
    [(block for block in [{"type": "text", "text": "a"}]), {"a"}, {"type": "text", "text": "a"}],
    ids=["generator", "set", "dict"],
)
def test_user_and_tool_result_content_must_be_str_or_a_list_or_tuple(content: object) -> None:
    with pytest.raises(InvalidMessageError) as user_caught:
        user_message(id="message-user-1", content=content)
    assert user_caught.value.path == ("content",)
    if not isinstance(content, Iterator):
        with pytest.raises(InvalidMessageError) as result_caught:
            tool_result_message(
                id="message-tool-1", tool_call_id="call-1", tool_name="read", content=content
            )
        assert result_caught.value.path == ("content",)


def test_assistant_content_given_as_a_generator_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        assistant_message(id="message-assistant-1", content=iter([]))


# --- ids and names ----------------------------------------------------------------------


@pytest.mark.parametrize("blank", ["", " ", "\t\n ", "\u3000"])
def test_blank_message_ids_are_rejected(blank: str) -> None:
    for build, function in [
        (lambda: user_message(id=blank, content="x"), "user_message"),
        (lambda: system_message(id=blank, content="x"), "system_message"),
        (lambda: assistant_message(id=blank, content=[]), "assistant_message"),
        (
            lambda: tool_result_message(
                id=blank, tool_call_id="call-1", tool_name="read", content="x"
            ),
            "tool_result_message",
        ),
    ]:
        with pytest.raises(InvalidMessageError) as caught:
            build()
        assert str(caught.value) == (
            f"{function}: id must be a string containing at least one non-whitespace character"
        )
        assert caught.value.path == ("id",)


@pytest.mark.parametrize("blank", ["", "  "])
def test_blank_tool_call_id_and_tool_name_of_a_result_are_rejected(blank: str) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        tool_result_message(id="message-tool-1", tool_call_id=blank, tool_name="read", content="x")
    assert str(caught.value) == (
        "tool_result_message: tool_call_id must be a string containing at least one "
        "non-whitespace character"
    )
    assert caught.value.path == ("tool_call_id",)
    with pytest.raises(InvalidMessageError) as caught:
        tool_result_message(
            id="message-tool-1", tool_call_id="call-1", tool_name=blank, content="x"
        )
    assert caught.value.path == ("tool_name",)
    assert str(caught.value).startswith("tool_result_message: tool_name must be")


@pytest.mark.parametrize("blank", ["", " \n"])
def test_blank_tool_call_block_id_and_name_are_rejected(blank: str) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(
            id="message-assistant-1",
            content=[{"type": "toolCall", "id": blank, "name": "read", "arguments": {}}],
        )
    assert caught.value.path == ("content", 0, "id")
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(
            id="message-assistant-1",
            content=[{"type": "toolCall", "id": "call-1", "name": blank, "arguments": {}}],
        )
    assert caught.value.path == ("content", 0, "name")


# --- is_error ---------------------------------------------------------------------------


@pytest.mark.parametrize("value", [1, 0, "true", None])
def test_is_error_must_be_a_real_bool(value: object) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        tool_result_message(
            id="message-tool-1",
            tool_call_id="call-1",
            tool_name="read",
            content="x",
            is_error=value,  # type: ignore[arg-type]
        )
    assert caught.value.path == ("is_error",)


def test_is_error_true_is_kept() -> None:
    result = tool_result_message(
        id="message-tool-1", tool_call_id="call-1", tool_name="read", content="x", is_error=True
    )
    assert result.is_error is True


def test_is_error_int_one_gives_exact_message() -> None:
    with pytest.raises(InvalidMessageError) as caught:
        tool_result_message(
            id="message-tool-1", tool_call_id="call-1", tool_name="read", content="x", is_error=1
        )  # type: ignore[arg-type]
    assert str(caught.value) == "tool_result_message: is_error must be a boolean, not integer"


# --- media types and base64 -------------------------------------------------------------


@pytest.mark.parametrize("media_type", ["audio/wav", "application/pdf", "text/plain"])
def test_inline_image_media_type_must_be_image(media_type: str) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        user_message(id="message-user-1", content=[image(media_type)])
    assert str(caught.value) == (
        "user_message: content[0].source.mediaType must be an image/* media type"
    )
    assert caught.value.path == ("content", 0, "source", "mediaType")
    with pytest.raises(InvalidMessageError):
        tool_result_message(
            id="message-tool-1",
            tool_call_id="call-1",
            tool_name="read",
            content=[image(media_type)],
        )


@pytest.mark.parametrize("media_type", ["image/png", "video/mp4", "application/ogg"])
def test_inline_audio_media_type_must_be_audio(media_type: str) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        user_message(id="message-user-1", content=[audio(media_type)])
    assert str(caught.value) == (
        "user_message: content[0].source.mediaType must be an audio/* media type"
    )


def test_image_and_audio_with_matching_media_types_are_accepted() -> None:
    message = user_message(id="message-user-1", content=[image("image/jpeg"), audio("audio/mpeg")])
    assert message.content[0].source.media_type == "image/jpeg"
    assert message.content[1].source.media_type == "audio/mpeg"


def test_audio_by_url_is_rejected() -> None:
    with pytest.raises(InvalidMessageError) as caught:
        user_message(
            id="message-user-1",
            content=[{"type": "audio", "source": {"type": "url", "url": "https://x/a.wav"}}],
        )
    assert caught.value.path == ("content", 0, "source", "type")


@pytest.mark.parametrize("data", ["not base64!", "AAA", "", "AAAA\n", "A===", "AA=A"])
def test_invalid_base64_is_rejected(data: str) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        user_message(id="message-user-1", content=[image("image/png", data)])
    assert caught.value.path == ("content", 0, "source", "data")
    with pytest.raises(InvalidMessageError):
        user_message(
            id="message-user-1",
            content=[
                {
                    "type": "document",
                    "source": {"type": "base64", "mediaType": "application/pdf", "data": data},
                }
            ],
        )


# --- timestamps -------------------------------------------------------------------------


def test_timestamp_aware_datetime_is_stored_as_rfc3339_text() -> None:
    moment = datetime(2024, 3, 5, 6, 7, 8, 123456, tzinfo=timezone(timedelta(hours=5, minutes=30)))
    message = user_message(id="message-user-1", content="x", timestamp=moment)
    assert message.timestamp == moment.isoformat()
    assert message.timestamp == "2024-03-05T06:07:08.123456+05:30"
    utc = system_message(
        id="message-system-1", content="x", timestamp=datetime(2024, 1, 1, tzinfo=UTC)
    )
    assert utc.timestamp == "2024-01-01T00:00:00+00:00"


def test_naive_datetime_is_rejected() -> None:
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(id="message-assistant-1", content=[], timestamp=datetime(2024, 1, 1))
    assert str(caught.value) == (
        "assistant_message: timestamp must be timezone-aware (a naive datetime has no offset)"
    )
    assert caught.value.path == ("timestamp",)


@pytest.mark.parametrize(
    "text",
    [
        "2024-01-01T00:00:00Z",
        "2024-02-29T23:59:59.5+01:00",
        "2024-12-31t00:00:00z",
        "2016-12-31T23:59:60Z",
        "0000-01-01T00:00:00Z",  # year 0000: RFC 3339 and the schema allow it
        "0000-02-29T12:00:00+01:00",  # and it is a leap year
    ],
)
def test_rfc3339_timestamp_strings_are_accepted(text: str) -> None:
    message = tool_result_message(
        id="message-tool-1", tool_call_id="call-1", tool_name="read", content="x", timestamp=text
    )
    assert message.timestamp == text


@pytest.mark.parametrize(
    "text",
    [
        "2024-02-30T00:00:00Z",
        "2023-02-29T00:00:00Z",
        "0000-02-30T00:00:00Z",
        "2024-01-01T00:00:00",
        "2024-01-01 00:00:00Z",
        "yesterday",
        "",
    ],
)
def test_invalid_timestamp_strings_are_rejected(text: str) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        user_message(id="message-user-1", content="x", timestamp=text)
    assert caught.value.path == ("timestamp",)


def test_february_thirtieth_gives_a_calendar_error() -> None:
    with pytest.raises(InvalidMessageError) as caught:
        user_message(id="message-user-1", content="x", timestamp="2024-02-30T00:00:00Z")
    assert str(caught.value) == "user_message: timestamp is not a real calendar date-time"


# --- usage and stop reason --------------------------------------------------------------


@pytest.mark.parametrize(
    "usage",
    [
        {"inputTokens": True, "outputTokens": 1},
        {"inputTokens": 1, "outputTokens": False},
        {"inputTokens": -1, "outputTokens": 1},
        {"inputTokens": 1, "outputTokens": "2"},
        {"inputTokens": 1},
    ],
)
def test_usage_counts_must_be_non_negative_ints(usage: dict[str, Any]) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(id="message-assistant-1", content=[], usage=usage)
    assert caught.value.path[0] == "usage"


def test_usage_bool_count_gives_exact_message() -> None:
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(
            id="message-assistant-1", content=[], usage={"inputTokens": True, "outputTokens": 1}
        )
    assert (
        str(caught.value) == "assistant_message: usage.inputTokens must be an integer, not boolean"
    )


def test_usage_float_count_is_rejected_naming_its_path() -> None:
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(
            id="message-assistant-1", content=[], usage={"inputTokens": 1.0, "outputTokens": 1}
        )
    assert caught.value.path == ("usage", "inputTokens")


def test_usage_zero_and_usage_object_are_accepted() -> None:
    message = assistant_message(
        id="message-assistant-1", content=[], usage={"inputTokens": 0, "outputTokens": 0}
    )
    assert message.usage == Usage(input_tokens=0, output_tokens=0)
    again = assistant_message(
        id="message-assistant-1", content=[], usage=Usage(input_tokens=0, output_tokens=0)
    )
    assert again == message


@pytest.mark.parametrize("reason", ["done", "STOP", "tool_call", ""])
def test_stop_reason_outside_the_enum_is_rejected(reason: str) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(id="message-assistant-1", content=[], stop_reason=reason)
    assert caught.value.path == ("stop_reason",)


@pytest.mark.parametrize("reason", ["stop", "length", "toolCall", "error", "aborted"])
def test_every_stop_reason_of_the_enum_is_accepted(reason: str) -> None:
    message = assistant_message(
        id="message-assistant-1", content=[], stop_reason=reason, provider="openai", model="m"
    )
    assert message.stop_reason == reason
    assert (message.provider, message.model) == ("openai", "m")


# --- blocks and what is not checked -----------------------------------------------------


@pytest.mark.parametrize("content", [[], ()])
def test_assistant_content_may_be_empty(content: Any) -> None:
    message = assistant_message(id="message-assistant-1", content=content)
    assert message.content == ()
    assert text_from_assistant(message) == ""


def test_constructors_do_not_check_linkage() -> None:
    message = assistant_message(
        id="message-assistant-1",
        content=[
            {"type": "toolCall", "id": "call-dup", "name": "read", "arguments": {}},
            {"type": "toolCall", "id": "call-dup", "name": "write", "arguments": {}},
        ],
    )
    assert [block.id for block in message.content] == ["call-dup", "call-dup"]
    orphan = tool_result_message(
        id="message-tool-1", tool_call_id="call-never-made", tool_name="read", content="x"
    )
    assert orphan.tool_call_id == "call-never-made"


def test_unknown_block_type_and_unknown_field_are_rejected() -> None:
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(id="message-assistant-1", content=[{"type": "image", "source": {}}])
    assert caught.value.path[:2] == ("content", 0)
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(
            id="message-assistant-1", content=[{"type": "text", "text": "x", "extra": 1}]
        )
    assert caught.value.path == ("content", 0, "extra")


def test_the_timestamp_rule_agrees_with_the_schema_pattern_on_year_0000() -> None:
    import jsonschema

    from agent_ir import schemas, validate_json, validate_transcript

    pattern = schemas.load("message")["$defs"]["Timestamp"]
    checker = jsonschema.Draft202012Validator(pattern)
    for text in ("0000-01-01T00:00:00Z", "0000-12-31T23:59:60Z"):
        assert checker.is_valid(text)
        entry = {"role": "user", "id": "u", "content": "x", "timestamp": text}
        assert validate_transcript([entry]) == ()
        assert validate_json(json.dumps([entry])) == ()


# --- a final newline: refused in the pattern's own words ----------------------------------


@pytest.mark.parametrize(
    ("entry", "path", "message"),
    [
        (
            {"role": "user", "id": "u1", "content": "x", "timestamp": "2024-01-01T00:00:00Z\n"},
            "/0/timestamp",
            "timestamp must be an RFC 3339 date-time with a UTC offset (Z or +hh:mm)",
        ),
        (
            {
                "role": "user",
                "id": "u1",
                "content": [
                    {
                        "type": "image",
                        "source": {"type": "base64", "mediaType": "image/png", "data": "AAAA\n"},
                    }
                ],
            },
            "/0/content/0/source/data",
            "content[0].source.data must be standard padded base64 (RFC 4648 section 4), "
            "at least one byte",
        ),
    ],
    ids=["timestamp", "base64"],
)
def test_a_final_newline_after_a_dollar_pattern_is_explained_as_the_pattern_is(
    entry: dict[str, Any], path: str, message: str
) -> None:
    """The schema's ``$`` also matches before a final newline in Python, so a ``not``
    refuses the newline; its diagnostic says what the value must be, as a pattern
    mismatch does, not jsonschema's "should not be valid under {...}"."""
    assert validate_transcript([_without_newline(entry)]) == ()
    diagnostics = validate_transcript([entry])
    assert [(d.code, d.path, d.message) for d in diagnostics] == [
        ("INVALID_MESSAGE", path, message)
    ]
    assert validate_json(json.dumps([entry])) == diagnostics


def _without_newline(entry: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(entry).replace("\\n", ""))
