"""``from_openai_chat`` builds IR objects for every shape it reads (one mapping, checked
at once by ``wire._built``): the messages are those the IR gives for their JSON form,
a citation's wire object is a copy of the caller's, and a call's arguments the IR
refuses are refused whatever else the request holds."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from agent_ir import TranscriptError, parse_message
from agent_ir.wire import from_openai_chat

PNG = "iVBORw0KGgo="
PDF = "JVBERi0xLjQ="
SIGNED = {"type": "reasoning.text", "text": "t", "signature": "s", "format": "f"}
CITATION = {
    "type": "url_citation",
    "url_citation": {"url": "https://x", "title": "X", "start_index": 0, "end_index": 1},
}

# Every shape the reader maps, each message read at once (exact input) and read
# checked (an undeclared key, warned, makes the checked read take that message).
REQUEST: list[Any] = [
    {"role": "system", "content": "s"},
    {
        "role": "developer",
        "content": [{"type": "text", "text": "d1"}, {"type": "text", "text": "d2"}],
    },
    {
        "role": "user",
        "content": [
            {"type": "text", "text": "q"},
            {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}},
            {"type": "image_url", "image_url": {"url": "https://x/a.png", "detail": "low"}},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,!"}},
            {"type": "input_audio", "input_audio": {"data": "AAAA", "format": "mp3"}},
            {"type": "file", "file": {"file_data": f"data:application/pdf;base64,{PDF}"}},
            {"type": "file", "file": {"file_data": "https://x/a.pdf", "filename": "a.pdf"}},
            {"type": "file", "file": {"file_id": "file-1"}},
        ],
    },
    {
        "role": "assistant",
        "content": [{"type": "text", "text": "a"}, {"type": "refusal", "refusal": "no"}],
        "reasoning_details": [
            SIGNED,
            {"type": "reasoning.summary", "summary": "sum"},
            {"type": "reasoning.encrypted", "data": "enc"},
        ],
        "annotations": [CITATION],
        "refusal": "r",
        "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "f", "arguments": '{"a": [1]}'}},
            {"id": "c2", "function": {"name": "g"}},
        ],
    },
    {"role": "tool", "tool_call_id": "c1", "content": "r1"},
    {"role": "tool", "tool_call_id": "c2", "content": [{"type": "text", "text": "r2"}]},
]

EXPECTED: list[Any] = [
    {"role": "system", "content": "s"},
    {"role": "system", "content": "d1d2"},
    {
        "role": "user",
        "content": [
            {"type": "text", "text": "q"},
            {"type": "image", "source": {"type": "base64", "mediaType": "image/png", "data": PNG}},
            {"type": "image", "source": {"type": "url", "url": "https://x/a.png"}, "detail": "low"},
            {"type": "image", "source": {"type": "url", "url": "data:image/png;base64,!"}},
            {
                "type": "audio",
                "source": {"type": "base64", "mediaType": "audio/mpeg", "data": "AAAA"},
            },
            {
                "type": "document",
                "source": {"type": "base64", "mediaType": "application/pdf", "data": PDF},
            },
            {
                "type": "document",
                "source": {"type": "url", "url": "https://x/a.pdf"},
                "filename": "a.pdf",
            },
            {"type": "document", "source": {"type": "file", "fileId": "file-1"}},
        ],
    },
    {
        "role": "assistant",
        "content": [
            {
                "type": "thinking",
                "thinking": "t",
                "signature": '{"type":"reasoning.text","format":"f","signature":"s"}',
                "signatureProvider": "openai-chat",
            },
            {"type": "thinking", "thinking": "sum"},
            {
                "type": "thinking",
                "thinking": "",
                "redacted": True,
                "signature": '{"type":"reasoning.encrypted","data":"enc"}',
                "signatureProvider": "openai-chat",
            },
            {
                "type": "text",
                "text": "a",
                "citations": [{"provider": "openai-chat", "wire": CITATION}],
            },
            {"type": "refusal", "text": "no"},
            {"type": "refusal", "text": "r"},
            {"type": "toolCall", "id": "c1", "name": "f", "arguments": {"a": [1]}},
            {"type": "toolCall", "id": "c2", "name": "g", "arguments": {}},
        ],
    },
    {"role": "toolResult", "toolCallId": "c1", "toolName": "f", "content": "r1", "isError": False},
    {
        "role": "toolResult",
        "toolCallId": "c2",
        "toolName": "g",
        "content": [{"type": "text", "text": "r2"}],
        "isError": False,
    },
]


def _expected() -> list[Any]:
    return [
        parse_message({**entry, "id": f"message-{index + 1:04d}"})
        for index, entry in enumerate(EXPECTED)
    ]


@pytest.mark.parametrize("checked", [False, True], ids=["read at once", "read checked"])
def test_every_shape_is_read_as_the_ir_reads_its_json_form(checked: bool) -> None:
    request = copy.deepcopy(REQUEST)
    if checked:
        for message in request:
            message["name"] = "n"  # undeclared: warned, read checked
    read = from_openai_chat(request)
    assert list(read) == _expected()
    assert [warning.path for warning in read.warnings] == (
        [f"/messages/{index}/name" for index in range(len(request))] if checked else []
    )


def test_a_citation_holds_a_copy_of_the_caller_s_annotation() -> None:
    request = copy.deepcopy(REQUEST)
    read = from_openai_chat(request)
    request[3]["annotations"][0]["url_citation"]["title"] = "changed"
    text = read[3].content[3]  # type: ignore[union-attr]
    assert text.citations[0].wire == CITATION  # type: ignore[union-attr]


AUDIO = {
    "role": "user",
    "content": [{"type": "input_audio", "input_audio": {"data": "AAAA", "format": "wav"}}],
}


@pytest.mark.parametrize("beside", [[], [AUDIO]], ids=["alone", "beside audio"])
@pytest.mark.parametrize(
    "arguments", ['{"a": "\\ud800"}', '{"a":"\\udfff"}', '{"a": {"b": ["\\ud83d"]}}']
)
def test_arguments_escaping_a_lone_surrogate_are_refused(arguments: str, beside: list[Any]) -> None:
    """json.loads takes the escape of half a surrogate pair; the IR holds valid Unicode
    only (``to_json_value`` could not write the call, which was accepted). Beside audio,
    whose check explains every message, and without: the same refusal."""
    call = {"id": "c", "type": "function", "function": {"name": "f", "arguments": arguments}}
    messages = [{"role": "assistant", "content": None, "tool_calls": [call]}, *beside]
    with pytest.raises(TranscriptError) as caught:
        from_openai_chat(messages)
    assert [(d.code, d.message_index) for d in caught.value.diagnostics] == [
        ("INVALID_TOOL_ARGUMENTS", 0)
    ]
    assert caught.value.diagnostics[0].path.startswith("/0/content/0/arguments/a")


def test_a_surrogate_pair_escaped_is_read() -> None:
    call = {
        "id": "c",
        "type": "function",
        "function": {"name": "f", "arguments": '{"a":"\\ud83d\\ude00"}'},
    }
    (message,) = from_openai_chat([{"role": "assistant", "content": None, "tool_calls": [call]}])
    assert message.content[0].arguments == {"a": "\U0001f600"}  # type: ignore[union-attr]


def test_every_problem_of_a_refused_request_is_reported_at_once() -> None:
    """Arguments that are not an object, a blank call id and an image the IR refuses,
    in three messages: the one read reports all three."""
    messages = [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c", "type": "function", "function": {"name": "f", "arguments": "[1]"}}
            ],
        },
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": " ", "function": {"name": "f"}}],
        },
        {"role": "user", "content": [{"type": "image_url", "image_url": {"url": ""}}]},
    ]
    with pytest.raises(TranscriptError) as caught:
        from_openai_chat(messages)
    assert [(d.code, d.path) for d in caught.value.diagnostics] == [
        ("INVALID_TOOL_ARGUMENTS", "/0/content/0/arguments"),
        ("INVALID_MESSAGE", "/1/content/0/id"),
        ("INVALID_MESSAGE", "/2/content/0/source/url"),
    ]
