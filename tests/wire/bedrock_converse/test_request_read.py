"""from_bedrock_converse's one mapper, fed two ways: well-formed input read at once (one
``msgspec.convert`` of the request) and anything else through the checked
``read_wire`` + decode walk. The same request reads the same both ways; a free JSON
value the checked read refuses is refused when it would be read at once; the IR
objects are built directly (a cache point after a block with no IR cache breakpoint
is warned, not a refusal of the whole request)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from agent_ir import TextBlock, to_json_value
from agent_ir.wire import ConversionWarningCode, WireFormatError, from_bedrock_converse
from agent_ir.wire.bedrock_converse import _request

from support.builders import PNG_BASE64
from support.wire_cases import located

C = ConversionWarningCode
NAN = float("nan")

SYSTEM: list[Any] = [
    {"text": "be brief"},
    {"cachePoint": {"type": "default", "ttl": "1h"}},
    {"guardContent": {"text": {"text": "guarded"}}},
]
MESSAGES: list[Any] = [
    {
        "role": "user",
        "content": [
            {"text": "look"},
            {"cachePoint": {"type": "default"}},
            {"image": {"format": "png", "source": {"bytes": PNG_BASE64}}},
            {"document": {"format": "txt", "name": "Notes", "source": {"text": "hello"}}},
            {"document": {"format": "pdf", "name": "Paper", "source": {"s3Location": {"uri": "s3://b/p.pdf"}}}},
            {"audio": {"format": "mp3", "source": {"bytes": "AAAA"}}},
            {"video": {"format": "mp4", "source": {"bytes": "AAAA"}}},
        ],
    },
    {
        "role": "assistant",
        "content": [
            {"reasoningContent": {"reasoningText": {"text": "hmm", "signature": "sig"}}},
            {"reasoningContent": {"redactedContent": "AAAA"}},
            {"citationsContent": {"content": [{"text": "a"}, {"text": "b"}], "citations": [{"title": "t"}]}},
            {"toolUse": {"toolUseId": "c1", "name": "read", "input": {"path": ["a", {"b": 1.5}]}}},
            {"cachePoint": {"type": "default"}},
            {"toolUse": {"toolUseId": "s1", "name": "web", "input": {}, "type": "server_tool_use"}},
            {"toolResult": {"toolUseId": "s1", "content": [{"json": {"hits": [1, None]}}], "status": "success"}},
        ],
    },
    {
        "role": "user",
        "content": [
            {"toolResult": {"toolUseId": "c1", "content": [{"text": "ok"}, {"json": {"n": 1}}], "status": "error"}},
            {"cachePoint": {"type": "default", "ttl": "5m"}},
            {"toolResult": {"toolUseId": "c2", "content": [{"image": {"format": "gif", "source": {"bytes": PNG_BASE64}}}]}},
            {"text": "and?"},
        ],
    },
    {"role": "assistant", "content": [{"toolUse": {"toolUseId": "c2", "name": "later", "input": {}}}]},
]  # fmt: skip


def outcome(messages: Any, system: Any = None) -> tuple[Any, Any]:
    read = from_bedrock_converse(messages, system=system)
    return [to_json_value(m) for m in read], [(w.code, w.path, w.message) for w in read.warnings]


def with_null_keys(messages: list[Any]) -> list[Any]:
    """``messages`` with an undeclared key holding null in each message (not warned, but
    the at-once read refuses it: the checked read reads them)."""
    return [{**message, "zz": None} for message in copy.deepcopy(messages)]


def test_a_request_read_at_once_reads_as_the_checked_read() -> None:
    checked = with_null_keys(MESSAGES)
    assert _request._read_at_once(MESSAGES, SYSTEM) is not None
    assert _request._read_at_once(checked, SYSTEM) is None
    ir, warnings = outcome(MESSAGES, SYSTEM)
    assert (ir, warnings) == outcome(checked, SYSTEM)
    assert [m["role"] for m in ir] == [
        "system",
        "user",
        "assistant",
        "toolResult",
        "toolResult",
        "user",
        "assistant",
    ]
    assert ir[0]["cacheControl"] == {"type": "ephemeral", "ttl": "1h"}
    assert ir[1]["content"][0] == {
        "type": "text",
        "text": "look",
        "cacheControl": {"type": "ephemeral"},
    }
    assert ir[2]["content"][3]["cacheControl"] == {"type": "ephemeral"}
    assert ir[2]["content"][5] == {
        "type": "serverToolResult",
        "provider": "bedrock-converse",
        "toolCallId": "s1",
        "wire": {"content": [{"json": {"hits": [1, None]}}], "status": "success"},
    }
    assert ir[3]["isError"] is True
    assert ir[3]["cacheControl"] == {"type": "ephemeral", "ttl": "5m"}
    assert ir[4]["toolName"] == "later"  # the first call after it: none before
    assert {(code, path) for code, path, _ in warnings} >= {
        (C.PART_NOT_READ, "/system/2/guardContent"),
        (C.PART_NOT_READ, "/messages/0/content/6/video"),
        (C.PART_NOT_READ, "/messages/2/content/0/toolResult/content/1/json"),
    }


def test_blobs_as_bytes_are_read_at_once_as_their_base64() -> None:
    as_bytes = copy.deepcopy(MESSAGES)
    as_bytes[0]["content"][5]["audio"]["source"]["bytes"] = b"\x00\x00\x00"
    assert _request._read_at_once(as_bytes, None) is None  # bytes are not text
    assert outcome(as_bytes) == outcome(MESSAGES)


def test_a_result_is_named_by_the_nearest_call_before_it_else_the_first_after_it() -> None:
    def turn(role: str, *blocks: Any) -> dict[str, Any]:
        return {"role": role, "content": list(blocks)}

    def use(name: str) -> dict[str, Any]:
        return {"toolUse": {"toolUseId": "c", "name": name, "input": {}}}

    result = {"toolResult": {"toolUseId": "c", "content": []}}
    messages = [
        turn("user", result),
        turn("assistant", use("first")),
        turn("assistant", use("second")),
        turn("user", result),
        turn("user", {"toolResult": {"toolUseId": "none", "content": []}}),
    ]
    for read in (messages, with_null_keys(messages)):
        ir, warnings = outcome(read)
        assert [m.get("toolName") for m in ir if m["role"] == "toolResult"] == [
            "first",
            "second",
            "unknown",
        ]
        assert (C.TOOL_NAME_UNKNOWN, "/messages/4/content/0/toolResult/toolUseId") in [
            (code, path) for code, path, _ in warnings
        ]


@pytest.mark.parametrize(
    "block",
    [
        {"reasoningContent": {"reasoningText": {"text": "hmm"}}},
        {"toolUse": {"toolUseId": "s", "name": "web", "input": {}, "type": "server_tool_use"}},
        {"toolResult": {"toolUseId": "s", "content": []}},
    ],
)
def test_a_cache_point_after_a_block_with_no_ir_breakpoint_is_warned(block: Any) -> None:
    messages = [{"role": "assistant", "content": [block, {"cachePoint": {"type": "default"}}]}]
    for read in (messages, with_null_keys(messages)):
        result = from_bedrock_converse(read)
        assert located(result) == [(C.PART_NOT_READ, "/messages/0/content/1/cachePoint")]
        assert "cacheControl" not in to_json_value(result[0])["content"][0]


def test_a_cache_point_after_audio_is_warned() -> None:
    audio = {"audio": {"format": "mp3", "source": {"bytes": "AAAA"}}}
    messages = [{"role": "user", "content": [audio, {"cachePoint": {"type": "default"}}]}]
    result = from_bedrock_converse(messages)
    assert located(result) == [(C.PART_NOT_READ, "/messages/0/content/1/cachePoint")]
    assert to_json_value(result[0])["content"] == [
        {"type": "audio", "source": {"type": "base64", "mediaType": "audio/mpeg", "data": "AAAA"}}
    ]


def _call(value: Any) -> dict[str, Any]:
    return {"toolUse": {"toolUseId": "c", "name": "n", "input": {"x": value}}}


@pytest.mark.parametrize(
    ("messages", "system", "pointer"),
    [
        ([{"role": "assistant", "content": [_call(NAN)]}], None, "/messages/0/content/0/toolUse/input/x"),
        ([{"role": "user", "content": [_call(NAN)]}], None, "/messages/0/content/0/toolUse/input/x"),
        (
            [{"role": "user", "content": [{"toolResult": {"toolUseId": "c", "content": [{"json": {"x": NAN}}]}}]}],
            None,
            "/messages/0/content/0/toolResult/content/0/json/x",
        ),
        (
            [{"role": "assistant", "content": [{"toolResult": {"toolUseId": "c", "content": [{"searchResult": [NAN]}]}}]}],
            None,
            "/messages/0/content/0/toolResult/content/0/searchResult/0",
        ),
        (
            [{"role": "assistant", "content": [{"citationsContent": {"content": [], "citations": [{"n": NAN}]}}]}],
            None,
            "/messages/0/content/0/citationsContent/citations/0/n",
        ),
        (
            [{"role": "user", "content": [{"document": {"format": "pdf", "name": "n", "source": {"content": [NAN]}}}]}],
            None,
            "/messages/0/content/0/document/source/content/0",
        ),
        (
            [{"role": "assistant", "content": [{"document": {"format": "x", "name": "n", "source": {"content": [NAN]}}}]}],
            None,
            "/messages/0/content/0/document/source/content/0",
        ),
        ([{"role": "user", "content": [{"guardContent": {"x": NAN}}]}], None, "/messages/0/content/0/guardContent/x"),
        ([], [{"guardContent": {"x": NAN}}], "/system/0/guardContent/x"),
    ],
)  # fmt: skip
def test_a_free_value_the_checked_read_refuses_is_refused_read_at_once(
    messages: Any, system: Any, pointer: str
) -> None:
    with pytest.raises(WireFormatError) as raised:
        from_bedrock_converse(messages, system=system)
    assert f"{pointer} must be a finite number" in str(raised.value)


def test_a_free_value_the_checked_read_copies_is_read_as_its_copy() -> None:
    messages = [{"role": "assistant", "content": [_call((1, {"y": 2}))]}]
    read = from_bedrock_converse(messages)
    assert to_json_value(read[0])["content"][0]["arguments"] == {"x": [1, {"y": 2}]}


def test_a_block_of_two_kinds_is_refused_after_the_blocks_before_it() -> None:
    messages = [
        {"role": "user", "content": [{"text": "a"}]},
        {"role": "assistant", "content": [{"text": "b", "toolUse": {"toolUseId": "c", "name": "n", "input": {}}}]},
        {"role": "user"},
    ]  # fmt: skip
    with pytest.raises(WireFormatError) as raised:
        from_bedrock_converse(messages)
    assert str(raised.value).startswith(
        "from_bedrock_converse: /messages/1/content/0 must be an object holding exactly one of"
    )


@pytest.mark.parametrize(
    "part",
    [
        {"text": "a", "json": {"k": 1}},  # two kinds
        {"text": None},  # no kind
    ],
)
def test_a_tool_result_part_not_of_one_kind_is_refused_with_its_path(part: Any) -> None:
    # The blocks are each of one kind: only the part is not (read at once, the text
    # would otherwise be taken).
    messages = [
        {"role": "assistant", "content": [{"toolUse": {"toolUseId": "c", "name": "n", "input": {}}}]},
        {"role": "user", "content": [{"text": "b"}, {"toolResult": {"toolUseId": "c", "content": [part]}}]},
    ]  # fmt: skip
    with pytest.raises(WireFormatError) as raised:
        from_bedrock_converse(messages)
    assert str(raised.value).startswith(
        "from_bedrock_converse: /messages/1/content/1/toolResult/content/0 must be an object "
        "holding exactly one of text, "
    )


def test_a_block_holding_its_kind_and_a_null_is_read_as_that_kind() -> None:
    # Not one key: read block by block, to what a block of the one key gives.
    nulls = [{"role": "user", "content": [{"text": "a", "image": None}]}]
    read = from_bedrock_converse(nulls)
    assert read == from_bedrock_converse([{"role": "user", "content": [{"text": "a"}]}])
    assert [message.content for message in read] == [(TextBlock(text="a"),)]


class _OwnIteration(list[Any]):
    """A list whose own iteration fails: the reader reads lists through the base type."""

    def __iter__(self) -> Any:
        raise RuntimeError("iterated through its override")


@pytest.mark.parametrize("where", ["content", "result content"])
def test_a_list_subclass_is_read_through_the_base_type(where: str) -> None:
    def messages(kind: type[list[Any]]) -> list[Any]:
        parts = [{"text": "r"}]
        result = {"toolUseId": "c", "content": kind(parts) if where != "content" else parts}
        content = [{"text": "a"}, {"toolResult": result}]
        return [
            {"role": "assistant", "content": [{"toolUse": {"toolUseId": "c", "name": "n", "input": {}}}]},
            {"role": "user", "content": kind(content) if where == "content" else content},
        ]  # fmt: skip

    assert from_bedrock_converse(messages(_OwnIteration)) == from_bedrock_converse(messages(list))


def _nested(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize("role", ["user", "assistant"])
@pytest.mark.parametrize("levels", [990, 5000])
def test_a_json_part_nested_too_deep_is_refused_with_its_path(role: str, levels: int) -> None:
    part = {"json": _nested(levels)}
    messages = [{"role": role, "content": [{"toolResult": {"toolUseId": "c", "content": [part]}}]}]
    with pytest.raises(WireFormatError) as raised:
        from_bedrock_converse(messages)
    assert "/messages/0/content/0/toolResult/content/0/json/0/0" in str(raised.value)
    assert "is nested deeper than" in str(raised.value)
