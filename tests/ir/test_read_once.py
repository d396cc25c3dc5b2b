"""Untrusted input is read once, through base types: each mapping key once, no sequence override called.

The constructors and validate_transcript/parse_transcript both promise it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from agent_ir import (
    TextBlock,
    TranscriptError,
    Usage,
    UserMessage,
    assistant_message,
    parse_transcript,
    tool_result_message,
    user_message,
    validate_transcript,
)

from support.builders import PNG_BASE64, assistant, call_block, call_with_arguments, result, user
from support.diagnostics import INVALID_MESSAGE, codes
from support.hostile import CountingMapping, OverridingDict, RaisingList, RaisingTuple

# --- constructors -----------------------------------------------------------------------


def test_each_block_and_argument_key_is_read_exactly_once() -> None:
    arguments = CountingMapping({"path": "package.json", "lines": [1, 2]})
    call = CountingMapping(
        {"type": "toolCall", "id": "call-1", "name": "read", "arguments": arguments}
    )
    text = CountingMapping({"type": "text", "text": "hi"})
    message = assistant_message(id="message-assistant-1", content=[text, call])
    assert call.reads == {"type": 1, "id": 1, "name": 1, "arguments": 1}
    assert arguments.reads == {"path": 1, "lines": 1}
    assert text.reads == {"type": 1, "text": 1}
    assert (call.iterations, arguments.iterations, text.iterations) == (1, 1, 1)
    assert message.content[1].arguments == {"path": "package.json", "lines": [1, 2]}


def test_usage_and_user_block_mappings_are_read_once() -> None:
    usage = CountingMapping({"inputTokens": 3, "outputTokens": 4})
    assistant = assistant_message(id="message-assistant-1", content=[], usage=usage)
    assert usage.reads == {"inputTokens": 1, "outputTokens": 1}
    assert assistant.usage == Usage(input_tokens=3, output_tokens=4)
    source = CountingMapping({"type": "base64", "mediaType": "image/png", "data": PNG_BASE64})
    image = CountingMapping({"type": "image", "source": source})
    user_message(id="message-user-1", content=[image])
    assert image.reads == {"type": 1, "source": 1}
    assert source.reads == {"type": 1, "mediaType": 1, "data": 1}


def test_a_mapping_that_changes_between_reads_cannot_split_the_snapshot() -> None:
    class Flipping(Mapping[str, Any]):
        def __init__(self) -> None:
            self.count = 0

        def __getitem__(self, key: str) -> Any:
            if key != "text":
                return {"type": "text"}[key]
            self.count += 1
            return "first" if self.count == 1 else "second"

        def __iter__(self) -> Iterator[str]:
            return iter(["type", "text"])

        def __len__(self) -> int:
            return 2

    message = assistant_message(id="message-assistant-1", content=[Flipping()])
    assert message.content == (TextBlock(text="first"),)


@pytest.mark.parametrize("make", [RaisingList, RaisingTuple])
def test_content_sequence_overrides_are_never_called(make: Any) -> None:
    content = make([{"type": "text", "text": "a"}, {"type": "text", "text": "b"}])
    message = assistant_message(id="message-assistant-1", content=content)
    assert content.calls == []
    assert message.content == (TextBlock(text="a"), TextBlock(text="b"))
    assert type(message.content) is tuple


@pytest.mark.parametrize("make", [RaisingList, RaisingTuple])
def test_user_and_tool_result_content_sequence_overrides_are_never_called(make: Any) -> None:
    user_content = make([{"type": "text", "text": "u"}])
    result_content = make([{"type": "text", "text": "r"}])
    user = user_message(id="message-user-1", content=user_content)
    result = tool_result_message(
        id="message-tool-1", tool_call_id="call-1", tool_name="read", content=result_content
    )
    assert user_content.calls == []
    assert result_content.calls == []
    assert user.content == (TextBlock(text="u"),)
    assert result.content == (TextBlock(text="r"),)


@pytest.mark.parametrize("make", [RaisingList, RaisingTuple])
def test_argument_array_overrides_are_never_called(make: Any) -> None:
    items = make([1, "two", [3]])
    message = call_with_arguments({"items": items})
    assert items.calls == []
    assert message.content[1].arguments["items"] == (1, "two", (3,))


# --- validate_transcript and parse_transcript -------------------------------------------


def _reads_at_most_once(mapping: CountingMapping) -> None:
    counts = {**mapping.reads, "<keys>": mapping.iterations, "<len>": mapping.lengths}
    counts = {name: count for name, count in counts.items() if count}
    assert counts, "the mapping was never read"
    assert max(counts.values()) == 1, counts


@pytest.mark.parametrize("invalid", [False, True], ids=["valid", "invalid"])
def test_each_property_of_an_entry_mapping_is_read_at_most_once(invalid: bool) -> None:
    entry = CountingMapping(assistant())
    transcript: list[Any] = [user(), entry, result()]
    if invalid:
        transcript.append(user(id=" "))

    diagnostics = validate_transcript(transcript)

    assert codes(diagnostics) == ([(INVALID_MESSAGE, 3)] if invalid else [])
    _reads_at_most_once(entry)


@pytest.mark.parametrize(
    "invalid",
    [False, True],
    ids=["valid", "invalid"],
)
@pytest.mark.parametrize("entry_kind", ["dict", "mapping"])
def test_each_property_of_a_block_mapping_is_read_at_most_once(
    invalid: bool, entry_kind: str
) -> None:
    block = CountingMapping(call_block())
    arguments = CountingMapping({"path": "b.txt", "limit": 3})
    entry: Any = assistant(content=[block, call_block(call_id="call-2", arguments=arguments)])
    if entry_kind == "mapping":
        entry = CountingMapping(entry)
    transcript: list[Any] = [user(), entry, result(), result(id="r2", call_id="call-2")]
    if invalid:
        transcript.append(user(id=" "))

    diagnostics = validate_transcript(transcript)

    assert codes(diagnostics) == ([(INVALID_MESSAGE, 4)] if invalid else [])
    _reads_at_most_once(block)
    _reads_at_most_once(arguments)


def test_parse_transcript_reads_each_property_at_most_once() -> None:
    entry = CountingMapping(user())

    assert parse_transcript([entry]) == (UserMessage(id="message-user", content="hello"),)
    _reads_at_most_once(entry)


# --- the fast path's own reads: audio tags, and arguments that are not JSON ---------------

_AUDIO_SOURCE = {"type": "base64", "mediaType": "audio/wav", "data": "AAAA"}


@pytest.mark.parametrize(
    "make",
    [
        lambda: {
            "role": "user",
            "id": "u",
            "content": RaisingList([{"type": "audio", "source": dict(_AUDIO_SOURCE)}]),
        },
        lambda: {
            "role": "user",
            "id": "u",
            "content": RaisingTuple([{"type": "audio", "source": dict(_AUDIO_SOURCE)}]),
        },
        lambda: {
            "role": "user",
            "id": "u",
            "content": [OverridingDict({"type": "audio", "source": OverridingDict(_AUDIO_SOURCE)})],
        },
    ],
    ids=["list", "tuple", "dicts"],
)
def test_the_audio_tag_check_reads_through_the_base_types(make: Any) -> None:
    """The fast path checks an audio source's ``type`` tag in the caller's data (msgspec
    treats it as optional): through ``dict``, ``list`` and ``tuple``, as msgspec read the
    rest, never an override (these raise when called)."""
    entry = make()
    assert validate_transcript([entry]) == ()
    assert parse_transcript([entry])[0].content[0].source.type == "base64"


def test_an_override_cannot_show_the_audio_check_a_tag_the_data_lacks() -> None:
    tagged = dict(_AUDIO_SOURCE)

    class Lying(dict[str, Any]):
        def __getitem__(self, key: str) -> Any:
            return tagged if key == "source" else dict.__getitem__(self, key)

    untagged = {"mediaType": "audio/wav", "data": "AAAA"}
    entry = {"role": "user", "id": "u", "content": [Lying({"type": "audio", "source": untagged})]}
    diagnostics = validate_transcript([entry])
    assert [(d.code, d.path) for d in diagnostics] == [
        (INVALID_MESSAGE, "/0/content/0/source/type")
    ]


def test_keeping_the_ir_reads_a_value_that_is_not_json_no_more_than_a_verdict() -> None:
    """Tool-call arguments are checked before the fast path copies them: an object
    that is not JSON (read by the fast path's one C pass, then by the per-message path
    that explains it) is read as often by ``parse_transcript`` as by
    ``validate_transcript``."""

    @dataclass
    class Counted:
        value: int

        def __getattribute__(self, name: str) -> Any:
            if name == "value":
                reads.append(name)
            return object.__getattribute__(self, name)

    reads: list[str] = []
    entries = [assistant("a", [call_block("c1", arguments={"x": Counted(1)})]), result("r", "c1")]
    assert [d.code for d in validate_transcript(entries)] == ["INVALID_TOOL_ARGUMENTS"]
    verdict_reads = len(reads)
    reads.clear()
    with pytest.raises(TranscriptError):
        parse_transcript(entries)
    assert verdict_reads > 0
    assert len(reads) == verdict_reads
