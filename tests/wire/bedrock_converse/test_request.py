"""The IR to and from AWS Bedrock Converse requests: each mapping and warning both ways
(cache points in every place Bedrock takes them, reasoning and its signatures,
citations, media, results with their status, turns joined), what cannot be carried
warned at its path, and hostile wire input refused with a path."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from agent_ir import TranscriptError, to_json_value
from agent_ir.wire import (
    ConversionWarningCode,
    WireFormatError,
    from_bedrock_converse,
    to_bedrock_converse,
)

from support.bedrock import validation_errors
from support.builders import PNG_BASE64
from support.wire_cases import (
    assistant,
    call,
    inline,
    located,
    png,
    result,
    system,
    text,
    user,
)

CACHE = {"type": "ephemeral"}
HOUR = {"type": "ephemeral", "ttl": "1h"}
PDF = base64.b64encode(b"%PDF-1.4").decode()
C = ConversionWarningCode


def read_back(fields: dict[str, Any]) -> list[dict[str, Any]]:
    read = from_bedrock_converse(fields["messages"], system=fields.get("system"))
    return [to_json_value(message) for message in read]


def test_cache_points_follow_every_block_bedrock_caches_and_read_back() -> None:
    transcript = [
        {**system("be brief"), "cacheControl": CACHE},
        system("and kind", id="s2"),
        user([{**text("a long document"), "cacheControl": HOUR}, {**png(), "cacheControl": CACHE}]),
        assistant(
            {**text("reading"), "cacheControl": CACHE},
            {**call("c1", "read", {"p": 1}), "cacheControl": CACHE},
            id="a",
        ),
        {**result("c1", "read", "ok"), "cacheControl": HOUR},
    ]
    request = to_bedrock_converse(transcript, binary="base64")
    fields = request.fields
    assert request.warnings == ()
    assert validation_errors(fields) == ""
    assert fields["system"] == [
        {"text": "be brief"},
        {"cachePoint": {"type": "default"}},
        {"text": "and kind"},
    ]
    assert fields["messages"][0]["content"] == [
        {"text": "a long document"},
        {"cachePoint": {"type": "default", "ttl": "1h"}},
        {"image": {"format": "png", "source": {"bytes": PNG_BASE64}}},
        {"cachePoint": {"type": "default"}},
    ]
    assert fields["messages"][1]["content"] == [
        {"text": "reading"},
        {"cachePoint": {"type": "default"}},
        {"toolUse": {"toolUseId": "c1", "name": "read", "input": {"p": 1}}},
        {"cachePoint": {"type": "default"}},
    ]
    assert fields["messages"][2]["content"] == [
        {"toolResult": {"toolUseId": "c1", "content": [{"text": "ok"}]}},
        {"cachePoint": {"type": "default", "ttl": "1h"}},
    ]
    read = read_back(fields)
    assert [m.get("cacheControl") for m in read] == [CACHE, None, None, None, HOUR]
    assert [b.get("cacheControl") for b in read[2]["content"]] == [HOUR, CACHE]
    assert [b.get("cacheControl") for b in read[3]["content"]] == [CACHE, CACHE]


@pytest.mark.parametrize(
    ("content", "pointer"),
    [
        ([{"cachePoint": {"type": "default"}}, {"text": "x"}], "/messages/0/content/0/cachePoint"),
        (
            [
                {"text": "x"},
                {"cachePoint": {"type": "default"}},
                {"cachePoint": {"type": "default"}},
            ],
            "/messages/0/content/2/cachePoint",
        ),
        ([{"text": "x"}, {"cachePoint": {"type": "forever"}}], "/messages/0/content/1/cachePoint"),
        (
            [{"text": "x"}, {"cachePoint": {"type": "default", "ttl": "2d"}}],
            "/messages/0/content/1/cachePoint",
        ),
        (
            [
                {"video": {"format": "mp4", "source": {"bytes": "AA=="}}},
                {"cachePoint": {"type": "default"}},
            ],
            "/messages/0/content/1/cachePoint",
        ),
    ],
)
def test_a_cache_point_with_nothing_to_mark_or_of_another_shape_is_warned(
    content: list[Any], pointer: str
) -> None:
    read = from_bedrock_converse([{"role": "user", "content": content}])
    assert (C.PART_NOT_READ, pointer) in located(read)
    assert all("cacheControl" not in block for block in to_json_value(read[0])["content"][1:])


def test_reasoning_with_signatures_and_redacted_reasoning_go_both_ways() -> None:
    secret = base64.b64encode(b"\x01\x02opaque").decode()
    transcript = [
        user("think"),
        assistant(
            {"type": "thinking", "thinking": "hm", "signature": "sig"},
            {"type": "thinking", "thinking": "no signature"},
            {"type": "thinking", "thinking": "", "signature": secret, "redacted": True},
            text("answer"),
        ),
    ]
    request = to_bedrock_converse(transcript)
    assert request.warnings == ()
    assert request.fields["messages"][1]["content"][:3] == [
        {"reasoningContent": {"reasoningText": {"text": "hm", "signature": "sig"}}},
        {"reasoningContent": {"reasoningText": {"text": "no signature"}}},
        {"reasoningContent": {"redactedContent": b"\x01\x02opaque"}},
    ]
    assert validation_errors(request.fields) == ""
    assert read_back(request.fields)[1]["content"] == transcript[1]["content"]


def test_redacted_thinking_that_cannot_be_carried_is_warned() -> None:
    transcript = [
        user("think"),
        assistant(
            {"type": "thinking", "thinking": "", "signature": "not base64!", "redacted": True},
            {"type": "thinking", "thinking": "leaked", "signature": "AAAA", "redacted": True},
        ),
    ]
    request = to_bedrock_converse(transcript)
    assert located(request) == [
        (C.THINKING_NOT_SENT, "/1/content/0"),
        (C.THINKING_NOT_SENT, "/1/content/1/thinking"),
    ]
    assert request.fields["messages"][1]["content"] == [
        {"reasoningContent": {"redactedContent": b"\x00\x00\x00"}}
    ]


def test_bedrock_citations_are_citations_content_and_others_are_warned() -> None:
    citation = {
        "title": "doc",
        "location": {"documentPage": {"documentIndex": 0, "start": 1, "end": 2}},
    }
    transcript = [
        user("cite"),
        assistant(
            {**text("cited"), "citations": [{"provider": "bedrock-converse", "wire": citation}]},
            {**text("other"), "citations": [{"provider": "anthropic", "wire": {"type": "x"}}]},
        ),
    ]
    request = to_bedrock_converse(transcript)
    assert located(request) == [(C.CITATIONS_NOT_SENT, "/1/content/1/citations")]
    assert request.fields["messages"][1]["content"] == [
        {"citationsContent": {"content": [{"text": "cited"}], "citations": [citation]}},
        {"text": "other"},
    ]
    assert validation_errors(request.fields) == ""
    assert read_back(request.fields)[1]["content"][0] == transcript[1]["content"][0]


def test_documents_images_and_audio_map_formats_and_s3_and_warn_what_bedrock_cannot_take() -> None:
    document = {**inline("document", "application/pdf", PDF), "title": "Q3 report: final.pdf"}
    transcript = [
        user(
            [
                {**document, "context": "the figures", "citations": True},
                {**inline("document", "text/markdown", PDF), "filename": "notes.md"},
                {
                    "type": "document",
                    "source": {"type": "url", "url": "s3://bucket/a/report.pdf"},
                    "title": "Report",
                },
                {"type": "image", "source": {"type": "url", "url": "s3://bucket/cat.JPG"}},
                {"type": "image", "source": {"type": "url", "url": "https://example.com/cat.png"}},
                {**png(), "detail": "high"},
                inline("image", "image/bmp", PNG_BASE64),
                inline("audio", "audio/wav", PDF),
                inline("audio", "audio/x-unknown", PDF),
                {"type": "document", "source": {"type": "file", "fileId": "file-1"}},
            ]
        )
    ]
    request = to_bedrock_converse(transcript, binary="base64")
    assert validation_errors(request.fields) == ""
    content = request.fields["messages"][0]["content"]
    assert content[0] == {
        "document": {
            "format": "pdf",
            "name": "Q3 report final pdf",
            "source": {"bytes": PDF},
            "context": "the figures",
            "citations": {"enabled": True},
        }
    }
    assert content[1]["document"]["name"] == "notes md"
    assert content[1]["document"]["format"] == "md"
    assert content[2]["document"]["source"] == {"s3Location": {"uri": "s3://bucket/a/report.pdf"}}
    assert content[3] == {
        "image": {"format": "jpeg", "source": {"s3Location": {"uri": "s3://bucket/cat.JPG"}}}
    }
    assert content[5] == {"audio": {"format": "wav", "source": {"bytes": PDF}}}
    assert len(content) == 6
    assert located(request) == [
        (C.DOCUMENT_DETAIL_NOT_SENT, "/0/content/0/title"),
        (C.DOCUMENT_DETAIL_NOT_SENT, "/0/content/1/filename"),
        (C.DOCUMENT_DETAIL_NOT_SENT, "/0/content/1/title"),
        (C.IMAGE_NOT_SENT, "/0/content/4"),
        (C.IMAGE_DETAIL_NOT_SENT, "/0/content/5/detail"),
        (C.IMAGE_NOT_SENT, "/0/content/6"),
        (C.AUDIO_NOT_SENT, "/0/content/8"),
        (C.DOCUMENT_NOT_SENT, "/0/content/9"),
    ]
    read = read_back(request.fields)[0]["content"]
    assert read[0]["title"] == "Q3 report final pdf"
    assert read[2]["source"] == {"type": "url", "url": "s3://bucket/a/report.pdf"}
    assert read[5]["source"] == {"type": "base64", "mediaType": "audio/wav", "data": PDF}


def test_results_carry_their_status_and_join_the_user_turn_with_the_message_after() -> None:
    transcript = [
        user("go"),
        assistant(call("c1", "read"), call("c2", "read")),
        result("c1", "read", "ok", id="r1"),
        result("c2", "read", [text("failed"), png()], is_error=True, id="r2"),
        user("thanks", id="u2"),
    ]
    request = to_bedrock_converse(transcript, binary="base64")
    assert request.warnings == ()
    turns = request.fields["messages"]
    assert [turn["role"] for turn in turns] == ["user", "assistant", "user"]
    assert turns[2]["content"] == [
        {"toolResult": {"toolUseId": "c1", "content": [{"text": "ok"}]}},
        {
            "toolResult": {
                "toolUseId": "c2",
                "content": [
                    {"text": "failed"},
                    {"image": {"format": "png", "source": {"bytes": PNG_BASE64}}},
                ],
                "status": "error",
            }
        },
        {"text": "thanks"},
    ]
    read = read_back(request.fields)
    assert [m["role"] for m in read] == ["user", "assistant", "toolResult", "toolResult", "user"]
    assert [m.get("isError") for m in read[2:4]] == [False, True]
    assert read[2]["toolName"] == "read"


def test_consecutive_messages_of_one_role_are_one_turn_with_a_warning() -> None:
    transcript = [
        user("a"),
        user("b", id="u2"),
        assistant(text("c")),
        assistant(text("d"), id="a2"),
    ]
    request = to_bedrock_converse(transcript)
    assert [turn["content"] for turn in request.fields["messages"]] == [
        [{"text": "a"}, {"text": "b"}],
        [{"text": "c"}, {"text": "d"}],
    ]
    assert located(request) == [(C.MESSAGES_MERGED, "/1"), (C.MESSAGES_MERGED, "/3")]


def test_what_has_no_bedrock_form_is_warned_when_written() -> None:
    transcript = [
        user("go"),
        system("late", id="s"),
        system("", id="s2"),
        assistant(
            {"type": "refusal", "text": "no"},
            {
                "type": "serverToolCall",
                "provider": "anthropic",
                "id": "s1",
                "name": "web_search",
                "input": {},
            },
            {**text("signed"), "thoughtSignature": "c2ln"},
        ),
        assistant(
            {"type": "thinking", "thinking": "", "signature": "!!", "redacted": True}, id="a2"
        ),
    ]
    request = to_bedrock_converse(transcript)
    assert located(request) == [
        (C.SYSTEM_MOVED, "/1"),
        (C.MESSAGE_NOT_SENT, "/2"),
        (C.REFUSAL_AS_TEXT, "/3/content/0"),
        (C.SERVER_TOOL_NOT_SENT, "/3/content/1"),
        (C.THINKING_NOT_SENT, "/4/content/0"),
        (C.MESSAGE_NOT_SENT, "/4"),
        (C.SIGNATURE_NOT_SENT, "/3/content/2/thoughtSignature"),
    ]


def test_bedrock_server_tool_blocks_go_both_ways() -> None:
    messages = [
        {"role": "user", "content": [{"text": "search"}]},
        {
            "role": "assistant",
            "content": [
                {
                    "toolUse": {
                        "toolUseId": "s1",
                        "name": "nova_grounding",
                        "input": {"q": "x"},
                        "type": "server_tool_use",
                    }
                },
                {
                    "toolResult": {
                        "toolUseId": "s1",
                        "content": [{"text": "found"}],
                        "type": "nova_grounding_result",
                    }
                },
                {"text": "done"},
            ],
        },
    ]
    read = from_bedrock_converse(messages)
    assert read.warnings == ()
    blocks = to_json_value(read[1])["content"]
    assert blocks[0] == {
        "type": "serverToolCall",
        "provider": "bedrock-converse",
        "id": "s1",
        "name": "nova_grounding",
        "input": {"q": "x"},
    }
    assert blocks[1]["wire"] == {"content": [{"text": "found"}], "type": "nova_grounding_result"}
    assert to_bedrock_converse(list(read)).fields["messages"] == messages


def test_parts_with_no_ir_form_are_warned_at_their_path_never_refused() -> None:
    messages = [
        {
            "role": "user",
            "content": [
                {"text": "hi", "extra": 1},
                {"video": {"format": "mp4", "source": {"bytes": "AAAA"}}},
                {"guardContent": {"text": {"text": "g"}}},
                {"searchResult": {"source": "s", "title": "t", "content": []}},
                {"newKind": {}},
                {"image": {"format": "tiff", "source": {"bytes": "AAAA"}}},
                {
                    "document": {
                        "format": "pdf",
                        "name": "d",
                        "source": {"content": [{"text": "x"}]},
                    }
                },
                {
                    "image": {
                        "format": "png",
                        "source": {
                            "s3Location": {"uri": "s3://b/k.png", "bucketOwner": "123456789012"}
                        },
                    }
                },
                {
                    "toolResult": {
                        "toolUseId": "c9",
                        "content": [{"json": {"a": 1}}, {"searchResult": {}}],
                    }
                },
                {"toolUse": {"toolUseId": "c1", "name": "read", "input": {}}},
            ],
        }
    ]
    read = from_bedrock_converse(messages)
    assert located(read) == [
        (C.PART_NOT_READ, "/messages/0/content/0/extra"),
        (C.PART_NOT_READ, "/messages/0/content/1/video"),
        (C.PART_NOT_READ, "/messages/0/content/2/guardContent"),
        (C.PART_NOT_READ, "/messages/0/content/3/searchResult"),
        (C.PART_NOT_READ, "/messages/0/content/4/newKind"),
        (C.PART_NOT_READ, "/messages/0/content/5/image"),
        (C.PART_NOT_READ, "/messages/0/content/6/document/source/content"),
        (C.PART_NOT_READ, "/messages/0/content/7/image/source/s3Location/bucketOwner"),
        (C.PART_NOT_READ, "/messages/0/content/8/toolResult/content/0/json"),
        (C.PART_NOT_READ, "/messages/0/content/8/toolResult/content/1/searchResult"),
        (C.TOOL_NAME_UNKNOWN, "/messages/0/content/8/toolResult/toolUseId"),
        (C.PART_NOT_READ, "/messages/0/content/9/toolUse"),
    ]
    ir = [to_json_value(message) for message in read]
    assert ir[1]["content"] == [{"type": "text", "text": '{"a":1}'}]


def test_tools_go_both_ways_and_system_tools_are_not_read() -> None:
    tools = [
        {
            "name": "read",
            "description": "Read.",
            "parameters": {"type": "object", "properties": {"p": {"type": "string"}}},
        },
        {"name": "any"},
    ]
    fields = to_bedrock_converse([user("hi")], tools=tools).fields
    assert fields["toolConfig"] == {
        "tools": [
            {
                "toolSpec": {
                    "name": "read",
                    "description": "Read.",
                    "inputSchema": {"json": tools[0]["parameters"]},
                }
            },
            {"toolSpec": {"name": "any", "inputSchema": {"json": {"type": "object"}}}},
        ]
    }
    assert validation_errors(fields) == ""
    config = {
        "tools": [
            *fields["toolConfig"]["tools"],
            {"systemTool": {"name": "nova_grounding"}},
            {"cachePoint": {"type": "default"}},
        ],
        "toolChoice": {"auto": {}},
    }
    read = from_bedrock_converse(fields["messages"], tools=config)
    assert [to_json_value(tool) for tool in read.tools or ()] == tools
    assert located(read) == [
        (C.TOOL_NOT_READ, "/tools/2"),
        (C.PART_NOT_READ, "/tools/3/cachePoint"),
    ]


@pytest.mark.parametrize(
    ("messages", "system", "message"),
    [
        ("hi", None, "from_bedrock_converse: /messages must be an array; it is a string ('hi')"),
        (
            [{"role": "system", "content": []}],
            None,
            "/messages/0/role must be one of 'assistant', 'user'; it is a string ('system')",
        ),
        ([{"role": "user"}], None, "/messages/0/content must be an array; it is missing"),
        (
            [{"role": "user", "content": [{}]}],
            None,
            "/messages/0/content/0 must be an object holding exactly one of text, image",
        ),
        (
            [
                {
                    "role": "user",
                    "content": [
                        {"text": "a", "image": {"format": "png", "source": {"bytes": "AA=="}}}
                    ],
                }
            ],
            None,
            "; it is an object holding text, image",
        ),
        (
            [{"role": "user", "content": [{"text": 1}]}],
            None,
            "/messages/0/content/0/text must be a string or null; it is a number (1)",
        ),
        (
            [{"role": "user", "content": [{"image": {"format": "png", "source": {}}}]}],
            None,
            "/messages/0/content/0/image/source must be an object holding exactly one of bytes, s3Location; it is an object holding nothing",
        ),
        (
            [
                {
                    "role": "user",
                    "content": [{"image": {"format": "png", "source": {"bytes": "not base64!"}}}],
                }
            ],
            None,
            "/messages/0/content/0/image/source/bytes must be base64 text or bytes",
        ),
        (
            [
                {
                    "role": "user",
                    "content": [{"image": {"format": "png", "source": {"bytes": bytearray(b"x")}}}],
                }
            ],
            [{"text": 5}],
            "/system/0/text must be a string or null; it is a number (5)",
        ),
        ([{"role": "user", "content": [{"text": "x"}]}], "be brief", "/system must be an array"),
        (
            [{"role": "assistant", "content": [{"reasoningContent": {}}]}],
            None,
            "reasoningContent must be an object holding exactly one of reasoningText, redactedContent",
        ),
        (
            [{"role": "user", "content": [{"text": "\ud800"}]}],
            None,
            "/messages/0/content/0/text holds a lone surrogate",
        ),
        (
            [{"role": "user", "content": [{"text": "x", "extra": b"bytes elsewhere"}]}],
            None,
            "/messages/0/content/0/extra must be a JSON value, not bytes",
        ),
        (
            [
                {"role": "user", "content": [{"text": "x"}]},
                {
                    "role": "assistant",
                    "content": [
                        {"toolUse": {"toolUseId": "c", "name": "n", "input": {"bytes": b"x"}}}
                    ],
                },
            ],
            None,
            "/messages/1/content/0/toolUse/input/bytes must be a JSON value, not bytes",
        ),
    ],
)
def test_input_not_of_the_request_shape_is_a_wire_format_error_with_its_path(
    messages: Any, system: Any, message: str
) -> None:
    with pytest.raises(WireFormatError) as raised:
        from_bedrock_converse(messages, system=system)
    assert message in str(raised.value)
    assert str(raised.value).startswith("from_bedrock_converse: ")


def test_arguments_that_are_not_an_object_are_a_transcript_error() -> None:
    messages = [
        {"role": "user", "content": [{"text": "x"}]},
        {
            "role": "assistant",
            "content": [{"toolUse": {"toolUseId": "c1", "name": "read", "input": [1]}}],
        },
    ]
    with pytest.raises(TranscriptError) as raised:
        from_bedrock_converse(messages)
    assert [d.code for d in raised.value.diagnostics] == ["INVALID_TOOL_ARGUMENTS"]


def test_blobs_come_as_bytes_or_base64_and_binary_must_be_one_of_the_two() -> None:
    as_bytes = [
        {
            "role": "user",
            "content": [
                {"document": {"format": "txt", "name": "n", "source": {"bytes": b"hello"}}}
            ],
        }
    ]
    as_text = [
        {
            "role": "user",
            "content": [{"document": {"format": "txt", "name": "n", "source": {"text": "hello"}}}],
        }
    ]
    assert list(from_bedrock_converse(as_bytes)) == list(from_bedrock_converse(as_text))
    with pytest.raises(ValueError, match="binary must be 'bytes' or 'base64'"):
        to_bedrock_converse([], binary="hex")  # type: ignore[arg-type]
