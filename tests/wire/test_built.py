"""``wire._built``: IR messages a reader built itself are checked as the IR checks a
message in JSON form: the same verdict, and the same diagnostics when refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

from agent_ir import TranscriptError, parse_message, to_json_value
from agent_ir._generated.message_schema import (
    AssistantMessage,
    AudioBlock,
    Base64Source,
    CacheControl,
    CacheTtl,
    Citation,
    ImageBlock,
    TextBlock,
    ThinkingBlock,
    ToolCallBlock,
    ToolResultMessage,
    UrlSource,
    Usage,
    UserMessage,
)
from agent_ir._jsonobject import JsonObject
from agent_ir.validation._checks import blocks_of, by_type
from agent_ir.wire import (
    from_hf_chat,
    from_mistral,
    from_openai_chat,
    from_openai_responses,
    from_otel,
)
from agent_ir.wire._built import Built, constraints_hold, image_source, user_block_fits
from agent_ir.wire._common import ir_messages


def _image(media_type: str, data: str) -> UserMessage:
    return UserMessage(
        id="m1", content=(ImageBlock(source=Base64Source(media_type=media_type, data=data)),)
    )


def _holds(message: Any) -> bool:
    return constraints_hold([message], by_type(blocks_of([message])))


# Each breaks one constraint a generated type declares (and nothing values_valid checks).
BROKEN: dict[str, Any] = {
    "base64 data": _image("image/png", "not base64"),
    "media type pattern": _image("image/ png", "AAAA"),
    "thought signature length": AssistantMessage(
        id="a1", content=(TextBlock(text="x", thought_signature=""),)
    ),
    "item id pattern": AssistantMessage(id="a1", content=(TextBlock(text="x", item_id=" "),)),
    "enum given as its string": AssistantMessage(
        id="a1",
        content=(TextBlock(text="x", cache_control=CacheControl(type="ephemeral", ttl="5m")),),  # type: ignore[arg-type]
    ),
    "literal": AssistantMessage(
        id="a1",
        content=(TextBlock(text="x", cache_control=CacheControl(type="other")),),  # type: ignore[arg-type]
    ),
    "citation provider in a tuple": AssistantMessage(
        id="a1",
        content=(
            TextBlock(
                text="x", citations=(Citation(provider=" ", wire=JsonObject({"type": "c"})),)
            ),
        ),
    ),
    "a bound on a number": AssistantMessage(
        id="a1", content=(), usage=Usage(input_tokens=-1, output_tokens=0)
    ),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_constraint_is_found(name: str) -> None:
    assert not _holds(BROKEN[name])


def test_valid_objects_hold_and_are_returned_as_they_are() -> None:
    messages: list[Any] = [
        _image("image/png", "AAAA"),
        AssistantMessage(
            id="a1",
            content=(
                TextBlock(
                    text="x",
                    thought_signature="c2ln",
                    cache_control=CacheControl(type="ephemeral", ttl=CacheTtl("1h")),
                ),
                ThinkingBlock(thinking="t", signature="s", signature_provider="anthropic"),
                ToolCallBlock(id="c1", name="f", arguments=JsonObject({"a": 1})),
            ),
            usage=Usage(input_tokens=1, output_tokens=2),
        ),
        ToolResultMessage(id="r1", tool_call_id="c1", tool_name="f", content="ok", is_error=False),
    ]
    built = Built().messages(messages)
    assert all(a is b for a, b in zip(built, messages, strict=True))


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_refusal_is_the_one_of_the_same_message_in_json_form(name: str) -> None:
    message = BROKEN[name]
    plain = _plain(message)
    try:
        expected: Any = ir_messages([plain])
    except TranscriptError as error:
        expected = error.diagnostics
    try:
        got: Any = Built().messages([message])
    except TranscriptError as error:
        got = error.diagnostics
    if isinstance(expected, tuple) and not isinstance(got, tuple):
        raise AssertionError(got)
    if isinstance(got, tuple) and got and not hasattr(got[0], "code"):
        # accepted: a value the conversion turns into its type (an enum's string)
        assert [to_json_value(m) for m in got] == [to_json_value(m) for m in expected]
        return
    assert got == expected


def _plain(message: Any) -> dict[str, Any]:
    import msgspec

    def hook(value: Any) -> Any:
        if isinstance(value, JsonObject):
            return dict(value)
        raise NotImplementedError

    plain: dict[str, Any] = msgspec.to_builtins(message, enc_hook=hook)
    return plain


def test_input_is_copied_and_parsed_arguments_are_checked() -> None:
    built = Built()
    source = {"a": [1, 2]}
    call = ToolCallBlock(id="c1", name="f", arguments=built.object(source))
    (message,) = built.messages([AssistantMessage(id="a1", content=(call,))])
    source["a"].append(3)
    assert message.content[0].arguments == {"a": [1, 2]}  # type: ignore[union-attr]
    hostile = Built()
    deep: Any = {}
    for _ in range(100):
        deep = {"k": deep}
    call = ToolCallBlock(id="c1", name="f", arguments=hostile.fresh(deep))
    with pytest.raises(TranscriptError) as error:
        hostile.messages([AssistantMessage(id="a1", content=(call,))])
    assert error.value.diagnostics[0].path.startswith("/0/content/0/arguments")


def test_a_blank_id_is_refused_with_its_path() -> None:
    with pytest.raises(TranscriptError) as error:
        Built().messages([UserMessage(id=" ", content="x")])
    assert [(d.message_index, d.path) for d in error.value.diagnostics] == [(0, "/0/id")]


def test_parse_message_and_built_agree_on_a_valid_message() -> None:
    message = parse_message({"role": "user", "id": "u", "content": "hi"})
    assert Built().messages([message]) == (message,)


def test_an_object_that_is_not_a_dict_is_refused_as_the_ir_refuses_it() -> None:
    built = Built()
    call = ToolCallBlock(id="c1", name="f", arguments=built.object("text"))
    with pytest.raises(TranscriptError) as error:
        built.messages([AssistantMessage(id="a1", content=(call,))])
    assert [(d.path, d.message) for d in error.value.diagnostics] == [
        (
            "/0/content/0/arguments",
            "content[0].arguments must be a JSON object (a mapping), not str",
        )
    ]


@pytest.mark.parametrize(
    ("url", "kept"),
    [
        ("data:image/png;base64,AAAA", True),
        ("data:image/png;base64,AA!A", False),  # not base64
        ("data:image/png;base64,", False),  # no byte
        ("data:text/plain;base64,AAAA", False),  # not an image
        ("data:image/ png;base64,AAAA", False),  # not a media type
        ("https://example.com/a.png", False),
    ],
)
def test_an_image_url_is_a_base64_source_only_when_the_ir_takes_it(url: str, kept: bool) -> None:
    source = image_source(url)
    if kept:
        assert source == Base64Source(media_type="image/png", data="AAAA")
    else:
        assert source == UrlSource(url=url)


def test_a_user_block_fits_as_the_ir_says() -> None:
    assert user_block_fits(ImageBlock(source=Base64Source(media_type="image/png", data="AAAA")))
    assert not user_block_fits(
        ImageBlock(source=Base64Source(media_type="application/pdf", data="AAAA"))
    )
    assert not user_block_fits(ImageBlock(source=Base64Source(media_type="image/png", data="A")))


def test_an_audio_block_fits_when_the_ir_takes_it() -> None:
    assert user_block_fits(AudioBlock(source=Base64Source(media_type="audio/wav", data="UklGRg==")))
    assert not user_block_fits(
        AudioBlock(source=Base64Source(media_type="image/png", data="UklGRg=="))
    )


def test_a_built_audio_block_is_checked_at_once_not_explained() -> None:
    # Its source is a Base64Source object, so its tag is there: no message-by-message
    # explanation (which returns new objects), as a request with one audio part was.
    message = UserMessage(
        id="u1", content=(AudioBlock(source=Base64Source(media_type="audio/wav", data="UklGRg==")),)
    )
    (built,) = Built().messages([message])
    assert built is message


# --- a call's arguments given as JSON text, in every reader that takes text ------------

READERS_OF_TEXT: dict[str, Any] = {
    "openai-chat": lambda text: from_openai_chat(
        [{"role": "assistant", "tool_calls": [_chat_call(text)]}]
    ),
    "mistral": lambda text: from_mistral([{"role": "assistant", "tool_calls": [_chat_call(text)]}]),
    "hf-chat": lambda text: from_hf_chat([{"role": "assistant", "tool_calls": [_chat_call(text)]}]),
    "openai-responses": lambda text: from_openai_responses(
        [{"type": "function_call", "call_id": "c1", "name": "f", "arguments": text}]
    ),
    "otel": lambda text: from_otel(
        {
            "gen_ai.input.messages": [
                {
                    "role": "assistant",
                    "parts": [{"type": "tool_call", "id": "c1", "name": "f", "arguments": text}],
                }
            ]
        }
    ),
}


def _chat_call(text: str) -> dict[str, Any]:
    return {"id": "c1", "type": "function", "function": {"name": "f", "arguments": text}}


def _deep(levels: int) -> str:
    return '{"a":' * (levels - 1) + "{}" + "}" * (levels - 1)


@pytest.mark.parametrize("reader", sorted(READERS_OF_TEXT))
@pytest.mark.parametrize(
    ("text", "read"),
    [
        ('{"a":1}', {"a": 1}),  # canonical: decoded by msgspec, not checked again
        ('{"a": 1}', {"a": 1}),  # not canonical: json.loads, checked
        ('{"a":"\\ud83d\\ude00"}', {"a": "\U0001f600"}),  # an escaped pair: one character
        (_deep(64), json.loads(_deep(64))),  # MAX_DEPTH containers: the bound
    ],
)
def test_arguments_text_holding_an_object_is_read(reader: str, text: str, read: Any) -> None:
    (message,) = READERS_OF_TEXT[reader](text)
    assert message.content[-1].arguments == read


@pytest.mark.parametrize("reader", sorted(READERS_OF_TEXT))
@pytest.mark.parametrize(
    "text",
    [
        '{"a":"\\ud800"}',  # a lone surrogate: json.loads takes it, the IR does not
        '{"a":"\\udc00x"}',
        _deep(65),  # one container too deep (canonical, short: the fast path's text)
        "[1]",  # not an object
        '{"a":1,"a":2}',  # a duplicate key
        '{"a":NaN}',
    ],
)
def test_arguments_text_the_ir_refuses_is_invalid_tool_arguments(reader: str, text: str) -> None:
    with pytest.raises(TranscriptError) as error:
        READERS_OF_TEXT[reader](text)
    codes = {diagnostic.code for diagnostic in error.value.diagnostics}
    assert codes == {"INVALID_TOOL_ARGUMENTS"}
