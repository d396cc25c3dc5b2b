"""OpenAI Responses API input: every mapping and warning both ways, hostile wire input,
round trips (hand-written and generated), and the requests checked against the
official SDK: its request TypedDicts (pydantic plus a strict key walk, since pydantic
ignores extra keys of a TypedDict and never looks inside an ``Iterable`` field) and its
client, sending to a recording server on 127.0.0.1."""

from __future__ import annotations

import copy
import json
import socket
from typing import Any, ClassVar

import openai
import pytest
import pytest_socket
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openai.types.responses import (
    ResponseFunctionToolCall,
    ResponseFunctionToolCallOutputItem,
    ResponseInputItemParam,
    ResponseInputMessageItem,
    ResponseOutputMessage,
    ResponseReasoningItem,
)

from agent_ir import (
    DiagnosticCode,
    InvalidMessageError,
    TranscriptError,
    assistant_message,
    to_json_value,
    tool_result_message,
    user_message,
)
from agent_ir._paths import to_pointer
from agent_ir.wire import (
    UNKNOWN_TOOL_NAME,
    ConversionWarningCode,
    WireFormatError,
    from_openai_responses,
    to_openai_responses,
)

from support.builders import PNG_BASE64
from support.examples import examples
from support.loopback import recording_server
from support.sdk import assert_sdk_accepts, pydantic_accepts, sdk_problems
from support.strategies import SCHEMA, transcripts
from support.wire_cases import call_name, located, resolve, without_thought_signatures

pytestmark = pytest.mark.allow_hosts(["127.0.0.1"])

Code = ConversionWarningCode
PDF = "JVBERi0xLjQ="
WAV = "UklGRg=="


def reference(item_id: str, encrypted_content: str | None = None) -> str:
    """The signature a thinking block read from this format carries."""
    fields = {"type": "reasoning", "id": item_id}
    if encrypted_content is not None:
        fields["encrypted_content"] = encrypted_content
    return json.dumps(fields, ensure_ascii=False, separators=(",", ":"))


def sent(transcript: list[Any]) -> list[Any]:
    """The input items of ``transcript``, checked against the SDK's request types."""
    request = to_openai_responses(transcript)
    assert set(request.fields) == {"input"}
    assert_sdk_accepts(request.fields["input"], INPUT, "input")
    return request.fields["input"]


def codes(warnings: Any) -> list[tuple[str, int, int]]:
    return [(w.code, w.message_index, w.block_index) for w in warnings]


def without_ids(messages: Any) -> list[Any]:
    return [{k: v for k, v in m.items() if k != "id"} for m in to_json_value(messages)]


# --- the SDK's request types, strictly ---------------------------------------------------

INPUT = list[ResponseInputItemParam]


def sdk_accepts(items: Any) -> bool:
    """Whether ``items`` is a valid ``input`` for the SDK (``support.sdk``)."""
    return pydantic_accepts(items, INPUT) and sdk_problems(items, INPUT, "input") == []


@pytest.mark.parametrize(
    "items",
    [
        pytest.param(
            [
                {
                    "type": "message",
                    "role": "user",
                    "content": [{"type": "input_text", "text": "a", "x": 1}],
                }
            ],
            id="unknown key in a part",
        ),
        pytest.param(
            [
                {
                    "type": "reasoning",
                    "id": "rs_1",
                    "summary": [{"type": "summary_text", "text": "a", "x": 1}],
                }
            ],
            id="unknown key inside an Iterable field",
        ),
        pytest.param(
            [
                {
                    "type": "message",
                    "role": "assistant",
                    "content": [{"type": "output_text", "text": "a", "annotations": []}],
                }
            ],
            id="output_text without an output message's id and status",
        ),
        pytest.param([{"type": "reasoning", "summary": []}], id="reasoning without an id"),
        pytest.param(
            [{"type": "function_call", "call_id": "c", "name": "n", "arguments": {}}],
            id="arguments as an object",
        ),
    ],
)
def test_the_sdk_check_refuses_what_the_sdk_types_refuse(items: list[Any]) -> None:
    assert not sdk_accepts(items)


def test_the_sdk_check_accepts_a_well_formed_input() -> None:
    assert sdk_accepts(
        [
            {"type": "message", "role": "user", "content": "hi"},
            {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "a"}]},
            {
                "type": "function_call_output",
                "call_id": "c",
                "output": [{"type": "input_text", "text": "t"}],
            },
        ]
    )


@pytest.mark.filterwarnings("ignore:A test tried to use socket")
def test_only_the_loopback_host_is_reachable() -> None:
    with socket.socket() as connection, pytest.raises(pytest_socket.SocketConnectBlockedError):
        connection.connect(("10.255.255.1", 443))


# --- IR -> input: system and user --------------------------------------------------------


def test_system_messages_stay_where_they_are_as_system_items() -> None:
    transcript = [
        {"role": "system", "id": "s1", "content": "Be brief."},
        {"role": "user", "id": "u1", "content": "hi"},
        {"role": "system", "id": "s2", "content": "Now be verbose."},
    ]
    assert sent(transcript) == [
        {"type": "message", "role": "system", "content": "Be brief."},
        {"type": "message", "role": "user", "content": "hi"},
        {"type": "message", "role": "system", "content": "Now be verbose."},
    ]


def test_user_blocks_become_input_parts() -> None:
    content = [
        {"type": "text", "text": "Look:"},
        {
            "type": "image",
            "source": {"type": "base64", "mediaType": "image/png", "data": PNG_BASE64},
        },
        {"type": "image", "source": {"type": "url", "url": "https://example.com/cat.jpg"}},
        {
            "type": "document",
            "source": {"type": "base64", "mediaType": "application/pdf", "data": PDF},
        },
        {
            "type": "document",
            "source": {"type": "base64", "mediaType": "application/x-thing", "data": PDF},
        },
        {"type": "document", "source": {"type": "url", "url": "https://example.com/a.pdf"}},
        {"type": "document", "source": {"type": "file", "fileId": "file-abc"}},
    ]
    request = to_openai_responses([{"role": "user", "id": "u", "content": content}])
    assert request.warnings == ()
    assert_sdk_accepts(request.fields["input"], INPUT, "input")
    assert request.fields["input"] == [
        {
            "type": "message",
            "role": "user",
            "content": [
                {"type": "input_text", "text": "Look:"},
                {
                    "type": "input_image",
                    "image_url": f"data:image/png;base64,{PNG_BASE64}",
                    "detail": "auto",
                },
                {
                    "type": "input_image",
                    "image_url": "https://example.com/cat.jpg",
                    "detail": "auto",
                },
                {
                    "type": "input_file",
                    "file_data": f"data:application/pdf;base64,{PDF}",
                    "filename": "document-0-3.pdf",
                },
                {
                    "type": "input_file",
                    "file_data": f"data:application/x-thing;base64,{PDF}",
                    "filename": "document-0-4",
                },
                {"type": "input_file", "file_url": "https://example.com/a.pdf"},
                {"type": "input_file", "file_id": "file-abc"},
            ],
        }
    ]


def test_document_file_names_take_the_extension_of_the_media_type_without_parameters() -> None:
    block = {
        "type": "document",
        "source": {"type": "base64", "mediaType": "Text/Plain; charset=utf-8", "data": PDF},
    }
    [item] = sent(
        [
            {"role": "system", "id": "s", "content": ""},
            {"role": "user", "id": "u", "content": [block]},
        ]
    )[1:]
    assert item["content"][0]["filename"] == "document-1-0.txt"


def test_audio_is_not_sent_and_warned_at_its_block() -> None:
    content = [
        {"type": "text", "text": "listen"},
        {"type": "audio", "source": {"type": "base64", "mediaType": "audio/wav", "data": WAV}},
    ]
    request = to_openai_responses([{"role": "user", "id": "u", "content": content}])
    assert request.fields["input"] == [
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "listen"}]}
    ]
    assert codes(request.warnings) == [(Code.AUDIO_NOT_SENT, 0, 1)]


# --- IR -> input: assistant --------------------------------------------------------------


def test_assistant_blocks_become_items_in_block_order() -> None:
    message = assistant_message(
        id="a",
        content=[
            {"type": "text", "text": "I will read it. "},
            {
                "type": "toolCall",
                "id": "call_1",
                "name": "read",
                "arguments": {"path": "a.txt", "n": [1, 2.5, None, True]},
            },
            {"type": "text", "text": "And this one."},
            {"type": "toolCall", "id": "call_2", "name": "read", "arguments": {}},
        ],
        model="gpt-test",
        usage={"inputTokens": 1, "outputTokens": 2},
        stop_reason="toolCall",
        timestamp="2025-01-01T00:00:00Z",
    )
    request = to_openai_responses([message])
    assert request.warnings == ()
    assert_sdk_accepts(request.fields["input"], INPUT, "input")
    assert request.fields["input"] == [
        {"type": "message", "role": "assistant", "content": "I will read it. "},
        {
            "type": "function_call",
            "call_id": "call_1",
            "name": "read",
            "arguments": '{"path":"a.txt","n":[1,2.5,null,true]}',
        },
        {"type": "message", "role": "assistant", "content": "And this one."},
        {"type": "function_call", "call_id": "call_2", "name": "read", "arguments": "{}"},
    ]


def test_arguments_are_json_text_that_reads_back_to_the_same_values() -> None:
    arguments = {
        "big": 2**64 + 1,
        "neg": -0.0,
        "tiny": 5e-324,
        "huge": 1.7976931348623157e308,
        "é\u2028": "\U0001f600",
    }
    [item] = sent(
        [
            {
                "role": "assistant",
                "id": "a",
                "content": [{"type": "toolCall", "id": "c", "name": "f", "arguments": arguments}],
            }
        ]
    )
    assert (
        item["arguments"]
        == '{"big":18446744073709551617,"neg":-0.0,"tiny":5e-324,"huge":1.7976931348623157e+308,"é\u2028":"\U0001f600"}'
    )
    assert json.dumps(json.loads(item["arguments"])) == json.dumps(arguments)


@pytest.mark.parametrize(
    "content", [[], [{"type": "thinking", "thinking": "hmm"}]], ids=["empty", "unsent thinking"]
)
def test_an_assistant_message_that_sends_nothing_is_message_not_sent(
    content: list[Any],
) -> None:
    request = to_openai_responses([{"role": "assistant", "id": "a", "content": content}])
    assert request.fields == {"input": []}
    assert codes(request.warnings) == [
        *[(Code.THINKING_NOT_SENT, 0, 0)] * len(content),
        (Code.MESSAGE_NOT_SENT, 0, -1),
    ]
    assert "left out" in request.warnings[-1].message


def test_consecutive_assistant_messages_are_messages_merged() -> None:
    text = [{"type": "text", "text": "a"}]
    transcript = [
        {"role": "user", "id": "u", "content": "q"},
        {"role": "assistant", "id": "a1", "content": text},
        {"role": "assistant", "id": "a2", "content": []},  # sends nothing: not a separator
        {"role": "assistant", "id": "a3", "content": [call("call_1", "ls")]},
        {"role": "system", "id": "s", "content": "s"},
        {"role": "assistant", "id": "a4", "content": text},
        {"role": "assistant", "id": "a5", "content": text},
    ]
    request = to_openai_responses(transcript)
    assert codes(request.warnings) == [
        (Code.MESSAGE_NOT_SENT, 2, -1),
        (Code.MESSAGES_MERGED, 3, -1),
        (Code.MESSAGES_MERGED, 6, -1),
    ]
    assert "assistant message 1" in request.warnings[1].message
    back = from_openai_responses(request.fields["input"])
    assert back.warnings == ()
    assert without_ids(back) == [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": [*text, call("call_1", "ls")]},
        {"role": "system", "content": "s"},
        {"role": "assistant", "content": text * 2},
    ]


@pytest.mark.parametrize(
    ("block", "item"),
    [
        pytest.param(
            {
                "type": "thinking",
                "thinking": "Checking the file.",
                "signature": reference("rs_1", "gAAAA-enc"),
            },
            {
                "type": "reasoning",
                "id": "rs_1",
                "summary": [{"type": "summary_text", "text": "Checking the file."}],
                "encrypted_content": "gAAAA-enc",
            },
            id="with encrypted content",
        ),
        pytest.param(
            {"type": "thinking", "thinking": "", "signature": reference("rs_2")},
            {"type": "reasoning", "id": "rs_2", "summary": []},
            id="a stored item: id only, no summary",
        ),
        pytest.param(
            {
                "type": "thinking",
                "thinking": "",
                "redacted": True,
                "signature": '{"type": "reasoning", "id": "rs_3", "summary": [], "status": "completed"}',
            },
            {"type": "reasoning", "id": "rs_3", "summary": []},
            id="a whole reasoning item as the signature",
        ),
    ],
)
def test_thinking_with_an_openai_reasoning_reference_becomes_a_reasoning_item(
    block: dict[str, Any], item: dict[str, Any]
) -> None:
    request = to_openai_responses([{"role": "assistant", "id": "a", "content": [block]}])
    assert_sdk_accepts(request.fields["input"], INPUT, "input")
    assert request.fields["input"] == [item]
    # What does not come back as it was is said (issue 20): the redacted flag, and a
    # signature holding more than the reference.
    expected = []
    if block.get("redacted"):
        expected.append(("REDACTED_FLAG_NOT_SENT", "/0/content/0"))
    if "status" in block["signature"]:
        expected.append(("SIGNATURE_CHANGED", "/0/content/0"))
    assert [(w.code, w.path) for w in request.warnings] == expected
    back = from_openai_responses(request.fields["input"])
    assert back.warnings == ()
    thinking = back[0].content[0]  # type: ignore[union-attr]
    if not expected:
        assert (thinking.signature, thinking.redacted) == (block["signature"], None)
    else:
        assert thinking.signature == '{"type":"reasoning","id":"rs_3"}'
        assert repr(thinking.signature) in request.warnings[-1].message


def _reasoning_round_trip(item: dict[str, Any]) -> tuple[Any, Any]:
    """``item`` read into IR and written back: (the items written, both warnings)."""
    read = from_openai_responses([item])
    written = to_openai_responses(list(read))
    return written.fields["input"], (read.warnings, written.warnings)


@pytest.mark.parametrize(
    "item",
    [
        pytest.param(
            {"id": "rs_1", "type": "reasoning", "summary": [], "encrypted_content": "gAAA"},
            id="the API's own order",
        ),
        pytest.param(
            {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAA"},
            id="the SDK's order",
        ),
        pytest.param(
            {"encrypted_content": "gAAA", "id": "rs_1", "type": "reasoning", "summary": []},
            id="encrypted content first",
        ),
        pytest.param(
            {
                "id": "rs_1",
                "type": "reasoning",
                "summary": [{"type": "summary_text", "text": "Thinking."}],
            },
            id="a summary and no encrypted content",
        ),
    ],
)
def test_a_reasoning_item_round_trips_with_its_keys_and_values(item: dict[str, Any]) -> None:
    written, warnings = _reasoning_round_trip(item)
    assert warnings == ((), ())
    assert written == [item]
    # The order is the one the SDK writes (it means nothing to the API); written once
    # more it is byte for byte the same.
    canonical = {key: item[key] for key in CANONICAL_ORDER if key in item}
    assert json.dumps(written) == json.dumps([canonical])
    assert json.dumps(_reasoning_round_trip(written[0])[0]) == json.dumps(written)


CANONICAL_ORDER = ("type", "id", "summary", "encrypted_content")


@pytest.mark.parametrize(
    ("signature", "sent"),
    [
        pytest.param(
            '{"type":"reasoning","id":"rs_1","encrypted_content":"e","extra":1}',
            {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "e"},
            id="an extra key",
        ),
        pytest.param(
            '{"type": "reasoning", "id": "rs_1"}',
            {"type": "reasoning", "id": "rs_1", "summary": []},
            id="spacing",
        ),
        pytest.param(
            '{"type":"reasoning","id":"rs_1","encrypted_content":null}',
            {"type": "reasoning", "id": "rs_1", "summary": []},
            id="a null encrypted content",
        ),
        pytest.param(
            '{"id":"rs_1","type":"reasoning","encrypted_content":"e"}',
            {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "e"},
            id="another key order",
        ),
    ],
)
def test_a_signature_that_would_not_read_back_as_it_is_is_warned(
    signature: str, sent: dict[str, Any]
) -> None:
    block = {"type": "thinking", "thinking": "", "signature": signature}
    request = to_openai_responses([{"role": "assistant", "id": "a", "content": [block]}])
    assert json.dumps(request.fields["input"]) == json.dumps([sent])
    assert [(w.code, w.path) for w in request.warnings] == [("SIGNATURE_CHANGED", "/0/content/0")]
    back = from_openai_responses(request.fields["input"])
    assert repr(back[0].content[0].signature) in request.warnings[0].message  # type: ignore[union-attr]


def test_redacted_thinking_is_sent_with_a_warning_that_the_flag_is_not() -> None:
    block = {"type": "thinking", "thinking": "", "redacted": True, "signature": reference("rs_9")}
    request = to_openai_responses([{"role": "assistant", "id": "a", "content": [block]}])
    assert request.fields["input"] == [{"type": "reasoning", "id": "rs_9", "summary": []}]
    assert [(w.code, w.path, w.block_index) for w in request.warnings] == [
        ("REDACTED_FLAG_NOT_SENT", "/0/content/0", 0)
    ]


@pytest.mark.parametrize(
    ("signature", "reason"),
    [
        pytest.param(None, "thinking without a signature", id="no signature"),
        pytest.param(
            "EqoBCkgIARABGAIiQL2UoU0b", "not an OpenAI reasoning item", id="an Anthropic signature"
        ),
        pytest.param("{not json", "not an OpenAI reasoning item", id="malformed JSON"),
        pytest.param(
            '{"type": "thinking", "id": "rs_1"}', "not an OpenAI reasoning item", id="another type"
        ),
        pytest.param(
            '{"type": "reasoning", "id": " "}', "not an OpenAI reasoning item", id="a blank id"
        ),
        pytest.param('{"type": "reasoning"}', "not an OpenAI reasoning item", id="no id"),
        pytest.param(
            '{"type": "reasoning", "id": "rs_1", "encrypted_content": 5}',
            "not an OpenAI reasoning item",
            id="encrypted content not a string",
        ),
        pytest.param("[" * 100_000, "not an OpenAI reasoning item", id="deeply nested"),
        pytest.param(
            "{" + '"a":' * 100_000, "not an OpenAI reasoning item", id="deeply nested object"
        ),
    ],
)
def test_other_thinking_is_not_sent_and_warned(signature: str | None, reason: str) -> None:
    block: dict[str, Any] = {"type": "thinking", "thinking": "hmm"}
    if signature is not None:
        block["signature"] = signature
    content = [block, {"type": "text", "text": "Done."}]
    request = to_openai_responses(
        [
            {"role": "user", "id": "u", "content": "q"},
            {"role": "assistant", "id": "a", "content": content},
        ]
    )
    assert request.fields["input"][1:] == [
        {"type": "message", "role": "assistant", "content": "Done."}
    ]
    assert codes(request.warnings) == [(Code.THINKING_NOT_SENT, 1, 0)]
    assert reason in request.warnings[0].message


# --- IR -> input: tool results -----------------------------------------------------------


def call(call_id: str, name: str) -> dict[str, Any]:
    return {"type": "toolCall", "id": call_id, "name": name, "arguments": {}}


def test_tool_results_become_function_call_outputs_without_the_tool_name() -> None:
    calls = [call("call_1", "read"), call("call_2", "shot"), call("call_3", "none")]
    transcript = [
        assistant_message(id="a", content=calls),
        tool_result_message(id="r1", tool_call_id="call_1", tool_name="read", content="contents"),
        tool_result_message(
            id="r2",
            tool_call_id="call_2",
            tool_name="shot",
            content=[
                {"type": "text", "text": "the screen:"},
                {
                    "type": "image",
                    "source": {"type": "base64", "mediaType": "image/png", "data": PNG_BASE64},
                },
            ],
        ),
        tool_result_message(id="r3", tool_call_id="call_3", tool_name="none", content=[]),
    ]
    request = to_openai_responses(transcript)
    assert request.warnings == ()
    assert_sdk_accepts(request.fields["input"], INPUT, "input")
    assert request.fields["input"][3:] == [
        {"type": "function_call_output", "call_id": "call_1", "output": "contents"},
        {
            "type": "function_call_output",
            "call_id": "call_2",
            "output": [
                {"type": "input_text", "text": "the screen:"},
                {
                    "type": "input_image",
                    "image_url": f"data:image/png;base64,{PNG_BASE64}",
                    "detail": "auto",
                },
            ],
        },
        {"type": "function_call_output", "call_id": "call_3", "output": []},
    ]


def test_a_tool_name_that_would_not_read_back_is_tool_name_not_sent() -> None:
    transcript = [
        tool_result_message(id="r0", tool_call_id="call_0", tool_name="read", content="x"),
        assistant_message(id="a1", content=[call("call_1", "search")]),
        tool_result_message(id="r1", tool_call_id="call_1", tool_name="lookup", content="x"),
        tool_result_message(id="r2", tool_call_id="call_2", tool_name="grep", content="x"),
        assistant_message(id="a2", content=[call("call_2", "grep"), call("call_1", "fetch")]),
        tool_result_message(id="r3", tool_call_id="call_1", tool_name="fetch", content="x"),
    ]
    request = to_openai_responses(transcript)
    assert codes(request.warnings) == [
        (Code.TOOL_NAME_NOT_SENT, 0, -1),
        (Code.TOOL_NAME_NOT_SENT, 2, -1),
    ]
    assert "no tool call has id 'call_0'" in request.warnings[0].message
    assert "reads back as 'search'" in request.warnings[1].message
    back = from_openai_responses(request.fields["input"])
    assert [(m.tool_call_id, m.tool_name) for m in back if m.role == "toolResult"] == [
        ("call_0", UNKNOWN_TOOL_NAME),
        ("call_1", "search"),
        ("call_2", "grep"),
        ("call_1", "fetch"),
    ]
    assert codes(back.warnings) == [(Code.TOOL_NAME_UNKNOWN, 0, -1)]


def test_the_error_flag_of_a_tool_result_is_not_sent_and_warned() -> None:
    transcript = [
        assistant_message(id="a", content=[call("call_1", "read")]),
        tool_result_message(
            id="r", tool_call_id="call_1", tool_name="read", content="ENOENT", is_error=True
        ),
    ]
    request = to_openai_responses(transcript)
    assert request.fields["input"][1] == {
        "type": "function_call_output",
        "call_id": "call_1",
        "output": "ENOENT",
    }
    assert codes(request.warnings) == [(Code.ERROR_FLAG_NOT_SENT, 1, -1)]


# --- IR -> input: the transcript ---------------------------------------------------------


def test_an_interrupted_session_converts_with_its_broken_links() -> None:
    transcript = [
        {"role": "user", "id": "u", "content": "run it"},
        {
            "role": "assistant",
            "id": "a",
            "content": [
                {"type": "toolCall", "id": "call_9", "name": "bash", "arguments": {"cmd": "ls"}}
            ],
        },
        {
            "role": "toolResult",
            "id": "r",
            "toolCallId": "call_orphan",
            "toolName": "read",
            "content": "x",
            "isError": False,
        },
        {"role": "user", "id": "u2", "content": "are you there?"},
    ]
    assert sent(transcript) == [
        {"type": "message", "role": "user", "content": "run it"},
        {"type": "function_call", "call_id": "call_9", "name": "bash", "arguments": '{"cmd":"ls"}'},
        {"type": "function_call_output", "call_id": "call_orphan", "output": "x"},
        {"type": "message", "role": "user", "content": "are you there?"},
    ]


def test_to_accepts_ir_messages_and_json_form_alike() -> None:
    ir = [
        user_message(id="u", content="hi"),
        assistant_message(id="a", content=[{"type": "text", "text": "hello"}]),
    ]
    assert to_openai_responses(ir) == to_openai_responses(tuple(to_json_value(ir)))


def test_to_refuses_what_is_not_a_transcript() -> None:
    with pytest.raises(TypeError, match="to_openai_responses: expected a list or tuple"):
        to_openai_responses({"role": "user"})
    with pytest.raises(InvalidMessageError) as caught:
        to_openai_responses(
            [
                {"role": "user", "id": "u", "content": "x"},
                {"role": "user", "id": "", "content": "x"},
            ]
        )
    assert caught.value.path[:2] == (1, "id")


# --- input -> IR: messages --------------------------------------------------------------


def test_user_system_and_developer_messages_are_read() -> None:
    items = [
        {"role": "developer", "content": "Rules."},
        {
            "type": "message",
            "role": "system",
            "content": [
                {"type": "input_text", "text": "One, "},
                {"type": "input_text", "text": "two."},
            ],
        },
        {"role": "user", "content": "plain"},
        {
            "type": "message",
            "role": "user",
            "id": "msg_u",
            "status": "completed",
            "content": [{"type": "input_text", "text": "parts"}],
        },
    ]
    messages = from_openai_responses(items)
    assert messages.warnings == ()
    assert to_json_value(messages) == [
        {"role": "system", "id": "message-0001", "content": "Rules."},
        {"role": "system", "id": "message-0002", "content": "One, two."},
        {"role": "user", "id": "message-0003", "content": "plain"},
        {"role": "user", "id": "msg_u", "content": [{"type": "text", "text": "parts"}]},
    ]


def test_user_parts_become_blocks() -> None:
    content = [
        {
            "type": "input_image",
            "image_url": f"data:image/png;base64,{PNG_BASE64}",
            "detail": "high",
        },
        {
            "type": "input_image",
            "image_url": "https://example.com/cat.jpg",
            "detail": "auto",
            "file_id": None,
        },
        {
            "type": "input_image",
            "image_url": f"data:application/pdf;base64,{PDF}",
            "detail": "auto",
        },
        {"type": "input_image", "image_url": "data:image/png;base64,not base64!", "detail": "auto"},
        {"type": "input_image", "image_url": "data:image/svg+xml,%3Csvg%3E", "detail": "auto"},
        {
            "type": "input_file",
            "file_data": f"data:application/pdf;base64,{PDF}",
            "filename": "x.bin",
        },
        {"type": "input_file", "file_data": PDF, "filename": "Report.PDF"},
        {"type": "input_file", "file_data": PDF},
        {"type": "input_file", "file_id": "file-abc", "filename": "a.pdf"},
        {"type": "input_file", "file_url": "https://example.com/a.pdf"},
        {"type": "input_audio", "input_audio": {"data": WAV, "format": "wav"}},
        {"type": "input_audio", "input_audio": {"data": WAV, "format": "mp3"}},
        {"type": "refusal", "refusal": "no"},
    ]
    [message] = from_openai_responses([{"role": "user", "content": content}])
    assert to_json_value(message)["content"] == [
        {
            "type": "image",
            "source": {"type": "base64", "mediaType": "image/png", "data": PNG_BASE64},
            "detail": "high",
        },
        {"type": "image", "source": {"type": "url", "url": "https://example.com/cat.jpg"}},
        {"type": "image", "source": {"type": "url", "url": f"data:application/pdf;base64,{PDF}"}},
        {"type": "image", "source": {"type": "url", "url": "data:image/png;base64,not base64!"}},
        {"type": "image", "source": {"type": "url", "url": "data:image/svg+xml,%3Csvg%3E"}},
        {
            "type": "document",
            "source": {"type": "base64", "mediaType": "application/pdf", "data": PDF},
            "filename": "x.bin",
        },
        {
            "type": "document",
            "source": {"type": "base64", "mediaType": "application/pdf", "data": PDF},
            "filename": "Report.PDF",
        },
        {
            "type": "document",
            "source": {"type": "base64", "mediaType": "application/octet-stream", "data": PDF},
        },
        {"type": "document", "source": {"type": "file", "fileId": "file-abc"}, "filename": "a.pdf"},
        {"type": "document", "source": {"type": "url", "url": "https://example.com/a.pdf"}},
        {"type": "audio", "source": {"type": "base64", "mediaType": "audio/wav", "data": WAV}},
        {"type": "audio", "source": {"type": "base64", "mediaType": "audio/mpeg", "data": WAV}},
        {"type": "text", "text": "no"},
    ]


def test_parts_without_an_ir_form_are_warned_and_the_rest_is_read() -> None:
    items = [
        {"role": "user", "content": "before"},
        {
            "role": "user",
            "content": [
                {"type": "input_image", "file_id": "file-img", "detail": "auto"},
                {"type": "input_text", "text": "kept"},
                {"type": "input_file", "file_data": "%%% not base64", "filename": "a.pdf"},
                {"type": "input_audio", "input_audio": {"data": WAV, "format": "flac"}},
                {"type": "input_video", "url": "https://example.com/v.mp4"},
            ],
        },
        {
            "role": "system",
            "content": [
                {"type": "input_text", "text": "sys"},
                {"type": "input_image", "image_url": "https://e/x.png", "detail": "auto"},
            ],
        },
        {
            "role": "assistant",
            "content": [
                {"type": "input_image", "image_url": "https://e/x.png", "detail": "auto"},
                {"type": "output_text", "text": "ok", "annotations": []},
            ],
        },
    ]
    messages = from_openai_responses(items)
    assert without_ids(messages) == [
        {"role": "user", "content": "before"},
        {"role": "user", "content": [{"type": "text", "text": "kept"}]},
        {"role": "system", "content": "sys"},
        {"role": "assistant", "content": [{"type": "text", "text": "ok"}]},
    ]
    assert codes(messages.warnings) == [
        (Code.PART_NOT_READ, 1, 0),
        (Code.PART_NOT_READ, 1, 2),
        (Code.PART_NOT_READ, 1, 3),
        (Code.PART_NOT_READ, 1, 4),
        (Code.PART_NOT_READ, 2, 1),
        (Code.PART_NOT_READ, 3, 0),
    ]
    assert "file id" in messages.warnings[0].message
    assert "not base64" in messages.warnings[1].message
    assert "mp3 or wav" in messages.warnings[2].message
    assert "'input_video'" in messages.warnings[3].message


# --- input/output -> IR: assistant turns -------------------------------------------------


def test_the_items_of_one_assistant_turn_merge_into_one_message_in_order() -> None:
    items = [
        {"role": "user", "content": "Read a.txt"},
        {
            "type": "reasoning",
            "id": "rs_1",
            "summary": [
                {"type": "summary_text", "text": "First."},
                {"type": "summary_text", "text": "Second."},
            ],
            "encrypted_content": "gAAAA",
        },
        {
            "type": "message",
            "id": "msg_1",
            "role": "assistant",
            "status": "completed",
            "content": [
                {"type": "output_text", "text": "Reading ", "annotations": [], "logprobs": []},
                {"type": "output_text", "text": "it.", "annotations": []},
            ],
        },
        {
            "type": "function_call",
            "id": "fc_1",
            "call_id": "call_1",
            "name": "read",
            "arguments": '{"path": "a.txt"}',
            "status": "completed",
        },
        {"type": "function_call", "call_id": "call_2", "name": "stat", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "call_2", "output": "4 bytes"},
        {"type": "function_call_output", "call_id": "call_1", "output": "abcd"},
        {"role": "assistant", "content": "It says abcd."},
    ]
    messages = from_openai_responses(items)
    assert messages.warnings == ()
    assert to_json_value(messages) == [
        {"role": "user", "id": "message-0001", "content": "Read a.txt"},
        {
            "role": "assistant",
            "id": "rs_1",
            "content": [
                {
                    "type": "thinking",
                    "thinking": "First.",
                    "signature": reference("rs_1", "gAAAA"),
                    "signatureProvider": "openai-responses",
                },
                {
                    "type": "thinking",
                    "thinking": "Second.",
                    "signature": reference("rs_1", "gAAAA"),
                    "signatureProvider": "openai-responses",
                },
                {"type": "text", "text": "Reading ", "itemId": "msg_1"},
                {"type": "text", "text": "it.", "itemId": "msg_1"},
                {
                    "type": "toolCall",
                    "id": "call_1",
                    "name": "read",
                    "arguments": {"path": "a.txt"},
                    "itemId": "fc_1",
                },
                {"type": "toolCall", "id": "call_2", "name": "stat", "arguments": {}},
            ],
        },
        {
            "role": "toolResult",
            "id": "message-0003",
            "toolCallId": "call_2",
            "toolName": "stat",
            "content": "4 bytes",
            "isError": False,
        },
        {
            "role": "toolResult",
            "id": "message-0004",
            "toolCallId": "call_1",
            "toolName": "read",
            "content": "abcd",
            "isError": False,
        },
        {
            "role": "assistant",
            "id": "message-0005",
            "content": [{"type": "text", "text": "It says abcd."}],
        },
    ]


@pytest.mark.parametrize(
    ("items", "expected_id"),
    [
        pytest.param(
            [
                {"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"},
                {"role": "assistant", "id": "msg_2", "content": "x"},
            ],
            "msg_2",
            id="a later item's id",
        ),
        pytest.param(
            [{"role": "assistant", "id": "", "content": "x"}],
            "message-0001",
            id="a blank id is none",
        ),
        pytest.param(
            [{"role": "user", "content": "q"}, {"role": "assistant", "id": None, "content": "x"}],
            "message-0002",
            id="its position among the messages",
        ),
        pytest.param(
            [
                {"role": "user", "content": "q"},
                {"type": "item_reference", "id": "msg_x"},
                {"role": "assistant", "content": "x"},
            ],
            "message-0002",
            id="skipped items are not a message",
        ),
    ],
)
def test_an_assistant_message_takes_the_first_item_id_of_its_turn(
    items: list[Any], expected_id: str
) -> None:
    assert from_openai_responses(items)[-1].id == expected_id


def test_unknown_items_are_warned_and_do_not_end_an_assistant_turn() -> None:
    items = [
        {"type": "reasoning", "id": "rs_1", "summary": []},
        {"type": "tool_search_call", "call_id": "s", "arguments": {}, "execution": "client"},
        {"type": "message", "role": "assistant", "content": "found it"},
        {"type": "item_reference", "id": "msg_old"},
    ]
    messages = from_openai_responses(items)
    assert without_ids(messages) == [
        {
            "role": "assistant",
            "content": [
                {
                    "type": "thinking",
                    "thinking": "",
                    "signature": reference("rs_1"),
                    "signatureProvider": "openai-responses",
                },
                {"type": "text", "text": "found it"},
            ],
        }
    ]
    assert codes(messages.warnings) == [(Code.PART_NOT_READ, 1, -1), (Code.PART_NOT_READ, 3, -1)]
    assert "'tool_search_call' without an id" in messages.warnings[0].message
    assert "'item_reference'" in messages.warnings[1].message


def test_raw_reasoning_content_is_warned_and_the_summary_read() -> None:
    item = {
        "type": "reasoning",
        "id": "rs_1",
        "summary": [{"type": "summary_text", "text": "S"}, {"type": "summary_image", "url": "x"}],
        "content": [{"type": "reasoning_text", "text": "raw"}],
        "encrypted_content": None,
        "status": None,
    }
    messages = from_openai_responses([item])
    assert to_json_value(messages[0])["content"] == [
        {
            "type": "thinking",
            "thinking": "S",
            "signature": reference("rs_1"),
            "signatureProvider": "openai-responses",
        }
    ]
    assert codes(messages.warnings) == [(Code.PART_NOT_READ, 0, 1), (Code.PART_NOT_READ, 0, 0)]
    assert "raw reasoning" in messages.warnings[1].message


@pytest.mark.parametrize(
    "arguments",
    [
        "",
        "not json",
        "[1, 2]",
        '"text"',
        "null",
        "NaN",
        '{"a": NaN}',
        '{"a": 1',
        '{"a": Infinity}',
        '{"a": 1e400}',
        '{"a": 1, "a": 2}',
        '{"a": {"b": 1, "b": 1}}',
        "[" * 100_000,
        "1" * 5000,
    ],
)
def test_arguments_that_are_not_a_json_object_are_reported_never_guessed(arguments: str) -> None:
    items = [
        {"role": "user", "content": "q"},
        {"type": "function_call", "call_id": "c", "name": "f", "arguments": arguments},
    ]
    with pytest.raises(TranscriptError) as caught:
        from_openai_responses(items)
    [diagnostic] = caught.value.diagnostics
    assert (diagnostic.code, diagnostic.message_index, diagnostic.path) == (
        DiagnosticCode.INVALID_TOOL_ARGUMENTS,
        1,
        "/1/content/0/arguments",
    )


# --- input -> IR: tool outputs ------------------------------------------------------------


def test_a_tool_output_takes_its_name_from_the_item_else_from_the_nearest_call() -> None:
    items = [
        {"type": "function_call_output", "call_id": "call_later", "output": "early"},
        {
            "type": "function_call_output",
            "call_id": "call_x",
            "name": "named",
            "output": "by name",
            "id": "fco_1",
        },
        {"type": "function_call", "call_id": "call_later", "name": "late", "arguments": "{}"},
        {"type": "function_call", "call_id": "call_1", "name": "read", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "call_1", "output": "first"},
        {"type": "function_call", "call_id": "call_1", "name": "write", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "call_1", "output": "again"},
    ]
    messages = from_openai_responses(items)
    assert messages.warnings == ()
    results = [m for m in messages if m.role == "toolResult"]
    assert [(m.id, m.tool_call_id, m.tool_name) for m in results] == [
        ("message-0001", "call_later", "late"),
        ("fco_1", "call_x", "named"),
        ("message-0004", "call_1", "read"),
        ("message-0006", "call_1", "write"),
    ]


def test_a_tool_output_without_a_call_gets_the_unknown_name_with_a_warning() -> None:
    items = [
        {"role": "user", "content": "q"},
        {"type": "function_call_output", "call_id": "call_gone", "output": "x", "name": None},
    ]
    messages = from_openai_responses(items)
    assert to_json_value(messages[1]) == {
        "role": "toolResult",
        "id": "message-0002",
        "toolCallId": "call_gone",
        "toolName": "unknown",
        "content": "x",
        "isError": False,
    }
    assert codes(messages.warnings) == [(Code.TOOL_NAME_UNKNOWN, 1, -1)]
    assert messages.warnings[0].message == (
        "no tool call has id 'call_gone': the tool name 'unknown' is used"
    )


def test_tool_output_parts_become_text_and_image_blocks() -> None:
    output = [
        {"type": "input_text", "text": "see"},
        {"type": "input_image", "image_url": f"data:image/png;base64,{PNG_BASE64}"},
        {"type": "input_file", "file_id": "file-1"},
    ]
    items = [
        {"type": "function_call", "call_id": "c", "name": "shot", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c", "output": output},
    ]
    messages = from_openai_responses(items)
    assert to_json_value(messages[1])["content"] == [
        {"type": "text", "text": "see"},
        {
            "type": "image",
            "source": {"type": "base64", "mediaType": "image/png", "data": PNG_BASE64},
        },
    ]
    assert codes(messages.warnings) == [(Code.PART_NOT_READ, 1, 2)]


# --- input/output -> IR: keys without an IR form -------------------------------------------

CALL = {"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"}
AUDIO_PART = {"type": "input_audio", "input_audio": {"data": WAV, "format": "wav"}}


def with_key(value: dict[str, Any], key: str, extra: Any) -> dict[str, Any]:
    return {**value, key: extra}


def user_parts(*parts: dict[str, Any]) -> dict[str, Any]:
    return {"type": "message", "role": "user", "content": list(parts)}


# (items with one key the module does not read, (item index, block index), its path)
UNKNOWN_KEYS: list[Any] = [
    pytest.param(
        [{"role": "user", "content": "hi", "cache": True}], (0, -1), "/input/0/cache", id="message"
    ),
    pytest.param(
        [with_key({"role": "assistant", "content": "a"}, "name", "bot")],
        (0, -1),
        "/input/0/name",
        id="assistant message",
    ),
    pytest.param(
        [
            user_parts(
                {"type": "input_text", "text": "a"}, {"type": "input_text", "text": "b", "x": 1}
            )
        ],
        (0, 1),
        "/input/0/content/1/x",
        id="input_text part",
    ),
    pytest.param(
        [
            user_parts(
                {"type": "input_text", "text": "a", "prompt_cache_breakpoint": {"mode": "explicit"}}
            )
        ],
        (0, 0),
        "/input/0/content/0/prompt_cache_breakpoint",
        id="a request option the IR has no place for",
    ),
    pytest.param(
        [
            {
                "role": "assistant",
                "content": [{"type": "output_text", "text": "a", "annotations": [], "x": 1}],
            }
        ],
        (0, 0),
        "/input/0/content/0/x",
        id="output_text part",
    ),
    pytest.param(
        [{"role": "assistant", "content": "a", "phase": "commentary"}],
        (0, -1),
        "/input/0/phase",
        id="the phase of an assistant message (the IR has no place for it)",
    ),
    pytest.param(
        [user_parts({"type": "input_image", "image_url": "https://e/x.png", "detail": "original"})],
        (0, 0),
        "/input/0/content/0/detail",
        id="an image detail the IR does not hold",
    ),
    pytest.param(
        [user_parts({"type": "input_file", "file_id": "file-1", "detail": "low"})],
        (0, 0),
        "/input/0/content/0/detail",
        id="a file's detail other than the default",
    ),
    pytest.param(
        [{"role": "assistant", "content": [{"type": "refusal", "refusal": "no", "x": 1}]}],
        (0, 0),
        "/input/0/content/0/x",
        id="refusal part",
    ),
    pytest.param(
        [user_parts({"type": "input_image", "image_url": "https://e/x.png", "x": 1})],
        (0, 0),
        "/input/0/content/0/x",
        id="input_image part",
    ),
    pytest.param(
        [user_parts({"type": "input_file", "file_id": "file-1", "x": 1})],
        (0, 0),
        "/input/0/content/0/x",
        id="input_file part",
    ),
    pytest.param(
        [user_parts(with_key(AUDIO_PART, "x", 1))],
        (0, 0),
        "/input/0/content/0/x",
        id="input_audio part",
    ),
    pytest.param(
        [
            user_parts(
                {"type": "input_audio", "input_audio": {"data": WAV, "format": "wav", "x": 1}}
            )
        ],
        (0, 0),
        "/input/0/content/0/input_audio/x",
        id="input_audio object",
    ),
    pytest.param(
        [{"role": "user", "content": "q"}, with_key(CALL, "x", 1)],
        (1, -1),
        "/input/1/x",
        id="function_call",
    ),
    pytest.param(
        [CALL, with_key(CALL, "async", True)],
        (1, -1),
        "/input/1/async",
        id="function_call async other than the default",
    ),
    pytest.param(
        [CALL, {"type": "function_call_output", "call_id": "c", "output": "o", "x": 1}],
        (1, -1),
        "/input/1/x",
        id="function_call_output",
    ),
    pytest.param(
        [
            CALL,
            {
                "type": "function_call_output",
                "call_id": "c",
                "output": [{"type": "input_text", "text": "o", "x": 1}],
            },
        ],
        (1, 0),
        "/input/1/output/0/x",
        id="function_call_output part",
    ),
    pytest.param(
        [{"type": "reasoning", "id": "rs_1", "summary": [], "x": 1}],
        (0, -1),
        "/input/0/x",
        id="reasoning",
    ),
    pytest.param(
        [
            {
                "type": "reasoning",
                "id": "rs_1",
                "summary": [
                    {"type": "summary_text", "text": "a"},
                    {"type": "summary_text", "text": "b", "x": 1},
                ],
            }
        ],
        (0, 1),
        "/input/0/summary/1/x",
        id="summary part",
    ),
    pytest.param(
        [{"role": "user", "content": "hi", "a b": 1}],
        (0, -1),
        "/input/0/a b",
        id="a key that is not a name",
    ),
]


def drop_key(items: list[Any], path: str) -> list[Any]:
    """``items`` without the key at ``path`` (written as a warning names it)."""

    def walk(value: Any, where: tuple[str | int, ...]) -> Any:
        if isinstance(value, list):
            return [walk(item, (*where, index)) for index, item in enumerate(value)]
        if not isinstance(value, dict):
            return value
        return {
            key: walk(item, (*where, key))
            for key, item in value.items()
            if to_pointer((*where, key)) != path
        }

    return walk(items, ("input",))


@pytest.mark.parametrize(("items", "where", "path"), UNKNOWN_KEYS)
def test_a_key_without_an_ir_form_is_one_warning_naming_its_path(
    items: list[Any], where: tuple[int, int], path: str
) -> None:
    messages = from_openai_responses(items)
    assert codes(messages.warnings) == [(Code.PART_NOT_READ, *where)]
    assert messages.warnings[0].message == f"{path} has no IR form"
    # The item or part is read without the key, as if it were not there.
    without = from_openai_responses(drop_key(items, path))
    assert without.warnings == ()
    assert to_json_value(messages) == to_json_value(without)


KNOWN_IGNORED_KEYS: list[Any] = [
    pytest.param(
        {
            "type": "message",
            "role": "assistant",
            "id": "msg_1",
            "status": "completed",
            "content": [
                {
                    "type": "output_text",
                    "text": "t",
                    "annotations": [],
                    "logprobs": [
                        {"token": "t", "bytes": [116], "logprob": 0.0, "top_logprobs": []}
                    ],
                }
            ],
        },
        id="output message",
    ),
    pytest.param(
        user_parts(
            {"type": "input_image", "image_url": "https://e/x.png", "detail": "low"},
            {"type": "input_file", "file_id": "file-1", "filename": "a.pdf", "detail": "auto"},
        ),
        id="image and file options (read) and a file's default detail",
    ),
    pytest.param(
        {
            "type": "function_call",
            "id": "fc_1",
            "call_id": "c",
            "name": "f",
            "arguments": "{}",
            "status": "completed",
            "namespace": "tools",
            "caller": {"type": "direct"},
            "async": False,
            "async_": False,
        },
        id="function_call",
    ),
    pytest.param(
        {
            "type": "function_call_output",
            "id": "fco_1",
            "call_id": "c",
            "output": "o",
            "name": "f",
            "status": "completed",
            "created_by": "user_1",
            "caller": {"type": "direct"},
        },
        id="function_call_output",
    ),
    pytest.param(
        {
            "type": "reasoning",
            "id": "rs_1",
            "summary": [{"type": "summary_text", "text": "s"}],
            "encrypted_content": "e",
            "status": "completed",
        },
        id="reasoning",
    ),
    pytest.param(
        {
            "type": "message",
            "role": "user",
            "id": None,
            "status": None,
            "cache": None,
            "content": [{"type": "input_text", "text": "a", "prompt_cache_breakpoint": None}],
        },
        id="null values",
    ),
]


@pytest.mark.parametrize("item", KNOWN_IGNORED_KEYS)
def test_keys_the_api_writes_that_say_nothing_for_the_ir_are_not_warned(
    item: dict[str, Any],
) -> None:
    assert from_openai_responses([item]).warnings == ()


def test_a_part_or_item_that_is_not_read_is_one_warning_whatever_its_keys() -> None:
    items = [
        user_parts({"type": "input_image", "file_id": "file-1", "x": 1, "y": 2}),
        {"type": "custom_tool_call", "id": "ctc_1", "x": 1, "y": 2},
    ]
    messages = from_openai_responses(items)
    assert codes(messages.warnings) == [(Code.PART_NOT_READ, 0, 0), (Code.PART_NOT_READ, 1, -1)]


def test_sdk_objects_dumped_every_way_read_without_warnings() -> None:
    objects = [
        ResponseInputMessageItem.model_validate(
            {
                "id": "msg_0",
                "type": "message",
                "role": "user",
                "status": "completed",
                "content": [
                    {"type": "input_text", "text": "hi"},
                    {"type": "input_image", "detail": "auto", "image_url": "https://e/x.png"},
                ],
            }
        ),
        ResponseReasoningItem.model_validate(
            {
                "id": "rs_1",
                "type": "reasoning",
                "summary": [{"type": "summary_text", "text": "s"}],
                "encrypted_content": "e",
                "status": "completed",
            }
        ),
        ResponseOutputMessage.model_validate(
            {
                "id": "msg_1",
                "type": "message",
                "role": "assistant",
                "status": "completed",
                "content": [{"type": "output_text", "text": "t", "annotations": []}],
            }
        ),
        ResponseFunctionToolCall.model_validate(
            {
                "type": "function_call",
                "id": "fc_1",
                "call_id": "c1",
                "name": "f",
                "arguments": "{}",
                "status": "completed",
                "async": False,
                "caller": {"type": "direct"},
            }
        ),
        ResponseFunctionToolCallOutputItem.model_validate(
            {
                "id": "fco_1",
                "type": "function_call_output",
                "call_id": "c1",
                "output": "out",
                "status": "completed",
                "created_by": "user_1",
            }
        ),
    ]
    dumps = [
        [item.model_dump(mode="json") for item in objects],
        [item.model_dump(mode="json", by_alias=True) for item in objects],
        [item.model_dump(mode="json", exclude_none=True) for item in objects],
        [item.to_dict() for item in objects],
    ]
    for items in dumps:
        messages = from_openai_responses(items)
        assert messages.warnings == ()
        assert [m.role for m in messages] == ["user", "assistant", "toolResult"]


# --- hostile input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("items", "path"),
    [
        pytest.param({"input": []}, ("input",), id="not a list"),
        pytest.param(7, ("input",), id="a number"),
        pytest.param([["message"]], ("input", 0), id="an item not an object"),
        pytest.param([{"content": "x"}], ("input", 0, "type"), id="no type and no role"),
        pytest.param([{"type": 3}], ("input", 0, "type"), id="a type not a string"),
        pytest.param(
            [{"type": "message", "role": "tool", "content": "x"}],
            ("input", 0, "role"),
            id="an unknown role",
        ),
        pytest.param([{"role": "user"}], ("input", 0, "content"), id="no content"),
        pytest.param(
            [{"role": "user", "content": {"text": "x"}}],
            ("input", 0, "content"),
            id="content an object",
        ),
        pytest.param(
            [{"role": "user", "content": ["x"]}],
            ("input", 0, "content", 0),
            id="a part not an object",
        ),
        pytest.param(
            [{"role": "user", "content": [{"text": "x"}]}],
            ("input", 0, "content", 0, "type"),
            id="a part without type",
        ),
        pytest.param(
            [{"role": "user", "content": [{"type": "input_text", "text": 5}]}],
            ("input", 0, "content", 0, "text"),
            id="text not a string",
        ),
        pytest.param(
            [{"role": "assistant", "content": [{"type": "refusal"}]}],
            ("input", 0, "content", 0, "refusal"),
            id="a refusal without text",
        ),
        pytest.param(
            [{"role": "user", "id": 7, "content": "x"}], ("input", 0, "id"), id="an id not a string"
        ),
        pytest.param(
            [{"role": "user", "content": [{"type": "input_image", "detail": "auto"}]}],
            ("input", 0, "content", 0),
            id="an image without a source",
        ),
        pytest.param(
            [
                {
                    "role": "user",
                    "content": [{"type": "input_image", "image_url": "u", "file_id": "f"}],
                }
            ],
            ("input", 0, "content", 0),
            id="an image with two sources",
        ),
        pytest.param(
            [{"role": "user", "content": [{"type": "input_image", "image_url": 1}]}],
            ("input", 0, "content", 0, "image_url"),
            id="an image URL not a string",
        ),
        pytest.param(
            [{"role": "user", "content": [{"type": "input_file", "filename": "a.pdf"}]}],
            ("input", 0, "content", 0),
            id="a file without data",
        ),
        pytest.param(
            [{"role": "user", "content": [{"type": "input_audio", "input_audio": "x"}]}],
            ("input", 0, "content", 0, "input_audio"),
            id="audio not an object",
        ),
        pytest.param(
            [
                {
                    "role": "user",
                    "content": [{"type": "input_audio", "input_audio": {"data": "AAAA"}}],
                }
            ],
            ("input", 0, "content", 0, "input_audio", "format"),
            id="audio without a format",
        ),
        pytest.param(
            [{"type": "function_call", "name": "f", "arguments": "{}"}],
            ("input", 0, "call_id"),
            id="a call without call_id",
        ),
        pytest.param(
            [{"type": "function_call", "call_id": "c", "arguments": "{}"}],
            ("input", 0, "name"),
            id="a call without name",
        ),
        pytest.param(
            [{"type": "function_call", "call_id": "c", "name": "f", "arguments": {"a": 1}}],
            ("input", 0, "arguments"),
            id="arguments an object",
        ),
        pytest.param(
            [{"type": "reasoning", "summary": []}], ("input", 0, "id"), id="reasoning without id"
        ),
        pytest.param(
            [{"type": "reasoning", "id": "\u3000", "summary": []}],
            ("input", 0, "id"),
            id="reasoning with a blank id",
        ),
        pytest.param(
            [{"type": "reasoning", "id": "rs_1"}],
            ("input", 0, "summary"),
            id="reasoning without summary",
        ),
        pytest.param(
            [{"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text"}]}],
            ("input", 0, "summary", 0, "text"),
            id="a summary without text",
        ),
        pytest.param(
            [{"type": "reasoning", "id": "rs_1", "summary": [], "content": "raw"}],
            ("input", 0, "content"),
            id="reasoning content not a list",
        ),
        pytest.param(
            [{"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": 1}],
            ("input", 0, "encrypted_content"),
            id="encrypted content not a string",
        ),
        pytest.param(
            [{"type": "function_call_output", "output": "x"}],
            ("input", 0, "call_id"),
            id="an output without call_id",
        ),
        pytest.param(
            [{"type": "function_call_output", "call_id": "c", "output": [{"type": "input_text"}]}],
            ("input", 0, "output", 0, "text"),
            id="an output part without text",
        ),
        pytest.param(
            [{"type": "function_call_output", "call_id": "c", "output": 3}],
            ("input", 0, "output"),
            id="output a number",
        ),
        pytest.param(
            [{"type": "function_call_output", "call_id": "c", "output": "x", "name": 3}],
            ("input", 0, "name"),
            id="output name not a string",
        ),
        pytest.param(
            [{"role": "user", "content": float("nan")}], ("input", 0, "content"), id="not JSON: NaN"
        ),
        pytest.param([{"role": "user", 1: "x"}], ("input", 0), id="not JSON: a key not a string"),
        pytest.param(
            [{"role": "user", "content": "\ud800"}],
            ("input", 0, "content"),
            id="not JSON: a lone surrogate",
        ),
    ],
)
def test_input_not_of_the_format_is_a_wire_format_error_naming_the_path(
    items: Any, path: tuple[Any, ...]
) -> None:
    with pytest.raises(WireFormatError) as caught:
        from_openai_responses(items)
    assert caught.value.path == path
    assert str(caught.value).startswith("from_openai_responses: /input")


@pytest.mark.parametrize(
    ("items", "error"),
    [
        ({"input": []}, "/input must be a string or an array; it is an object"),
        ([{"content": "x"}], "/input/0/type must be a string; it is missing"),
        ([{"type": 3}], "/input/0/type must be a string; it is a number (3)"),
        (
            [{"type": "message", "role": "tool", "content": "x"}],
            "/input/0/role must be one of 'user', 'system', 'developer', 'assistant';"
            " it is a string ('tool')",
        ),
        (
            [{"role": "user", "content": None}],
            "/input/0/content must be a string or an array; it is null",
        ),
        (
            [{"role": "user", "content": ["x"]}],
            "/input/0/content/0 must be an object; it is a string ('x')",
        ),
        (
            [{"type": "reasoning", "id": "rs_1", "summary": {}}],
            "/input/0/summary must be an array; it is an object",
        ),
    ],
)
def test_wire_format_errors_read_alike_in_every_format(items: Any, error: str) -> None:
    with pytest.raises(WireFormatError) as caught:
        from_openai_responses(items)
    assert str(caught.value) == f"from_openai_responses: {error}"


@pytest.mark.parametrize(
    ("items", "path", "error"),
    [
        (
            [{"role": "user", "content": [{"type": "input_audio", "input_audio": {"data": "x"}}]}],
            ("input", 0, "content", 0, "input_audio", "format"),
            "must be a string; it is missing",
        ),
        (
            [{"role": "user", "content": [{"type": "input_text", "text": 1}]}],
            ("input", 0, "content", 0, "text"),
            "must be a string; it is a number (1)",
        ),
        (
            [{"type": "function_call_output", "call_id": "c"}],
            ("input", 0, "output"),
            "must be a string or an array; it is missing",
        ),
        (
            [{"type": "reasoning", "id": " ", "summary": []}],
            ("input", 0, "id"),
            "must be a non-empty string; it is a string (' ')",
        ),
        (
            [
                {
                    "type": "reasoning",
                    "id": "rs",
                    "summary": [{"type": "summary_text", "text": None}],
                }
            ],
            ("input", 0, "summary", 0, "text"),
            "must be a string; it is null",
        ),
        (
            [{"type": "web_search_call", "id": 5}],
            ("input", 0, "id"),
            "must be a string or null; it is a number (5)",
        ),
    ],
)
def test_values_not_of_their_declared_shape_are_refused_in_the_decode_grammar(
    items: Any, path: tuple[Any, ...], error: str
) -> None:
    with pytest.raises(WireFormatError) as caught:
        from_openai_responses(items)
    assert caught.value.path == path
    assert str(caught.value) == f"from_openai_responses: {to_pointer(path)} {error}"


def test_undeclared_keys_are_warned_at_their_place_and_default_values_are_not() -> None:
    items = [
        {
            "type": "message",
            "role": "user",
            "content": [
                {"type": "input_file", "file_id": "f", "detail": "high", "x": 1},
                {"type": "input_image", "image_url": "https://x/y.png", "detail": "original"},
            ],
            "async": False,
            "y": 2,
        },
        {
            "type": "function_call",
            "call_id": "c",
            "name": "n",
            "arguments": "{}",
            "status": "completed",
            "caller": {"type": "direct"},
            "async": True,
        },
        {
            "type": "reasoning",
            "id": "rs_1",
            "summary": [{"type": "summary_text", "text": "t", "z": 1}],
        },
    ]
    read = from_openai_responses(items)
    assert [(w.code, w.message_index, w.block_index, w.path) for w in read.warnings] == [
        (Code.PART_NOT_READ, 0, 0, "/input/0/content/0/detail"),
        (Code.PART_NOT_READ, 0, 0, "/input/0/content/0/x"),
        (Code.PART_NOT_READ, 0, 1, "/input/0/content/1/detail"),
        (Code.PART_NOT_READ, 0, -1, "/input/0/y"),
        (Code.PART_NOT_READ, 1, -1, "/input/1/async"),
        (Code.PART_NOT_READ, 2, 0, "/input/2/summary/0/z"),
    ]
    assert read.warnings[1].message == "/input/0/content/0/x has no IR form"


def test_parts_and_items_of_types_not_declared_are_passed_over_with_a_warning() -> None:
    items = [
        {
            "role": "assistant",
            "id": "msg_1",
            "content": [{"type": "output_audio", "x": 1}, {"type": "output_text", "text": "a"}],
        },
        {"type": "web_search_call"},
    ]
    read = from_openai_responses(items)
    assert to_json_value(list(read)) == [
        {
            "role": "assistant",
            "id": "msg_1",
            "content": [{"type": "text", "text": "a", "itemId": "msg_1"}],
        }
    ]
    assert [(w.code, w.message_index, w.block_index, w.path, w.message) for w in read.warnings] == [
        (Code.PART_NOT_READ, 0, 0, "/input/0/content/0", "a 'output_audio' part has no IR form"),
        (
            Code.PART_NOT_READ,
            1,
            -1,
            "/input/1",
            "an item of type 'web_search_call' without an id has no IR form",
        ),
    ]


def test_hostile_containers_are_read_once_through_their_base_type() -> None:
    class Lying(list[Any]):
        def __iter__(self) -> Any:
            raise RuntimeError("read me through list")

    messages = from_openai_responses(Lying([{"role": "user", "content": "hi"}]))
    assert without_ids(messages) == [{"role": "user", "content": "hi"}]


JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.text(max_size=5)
PART_TYPES = [
    "input_text",
    "output_text",
    "refusal",
    "input_image",
    "input_file",
    "input_audio",
    "summary_text",
    "x",
]
ITEM_TYPES = [
    "message",
    "function_call",
    "function_call_output",
    "reasoning",
    "item_reference",
    None,
]
FIELDS = [
    "id",
    "role",
    "content",
    "text",
    "refusal",
    "image_url",
    "file_id",
    "file_data",
    "file_url",
    "filename",
    "input_audio",
    "data",
    "format",
    "call_id",
    "name",
    "arguments",
    "output",
    "summary",
    "encrypted_content",
]


def wire_values(type_names: list[Any]) -> st.SearchStrategy[Any]:
    base = st.fixed_dictionaries({"type": st.sampled_from(type_names)}) | st.just({})
    return st.recursive(
        JSON_SCALARS
        | st.sampled_from(
            [
                "user",
                "assistant",
                "system",
                "{}",
                '{"a": 1}',
                f"data:image/png;base64,{PNG_BASE64}",
                "wav",
            ]
        ),
        lambda children: (
            st.lists(children, max_size=3)
            | st.builds(
                lambda b, d: {**b, **d},
                base,
                st.dictionaries(st.sampled_from(FIELDS), children, max_size=4),
            )
        ),
        max_leaves=12,
    )


@settings(
    derandomize=True,
    max_examples=examples(300),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(items=st.lists(wire_values(ITEM_TYPES + PART_TYPES), max_size=4))
def test_any_json_input_is_read_or_refused_with_a_wire_format_or_transcript_error(
    items: list[Any],
) -> None:
    try:
        messages = from_openai_responses(items)
    except (WireFormatError, TranscriptError):
        return
    assert all(w.message_index < len(items) for w in messages.warnings)


# --- round trips ----------------------------------------------------------------------------

README_SESSION: list[dict[str, Any]] = [
    {"role": "system", "id": "s", "content": "You are a coding agent."},
    {
        "role": "user",
        "id": "u1",
        "content": [
            {"type": "text", "text": "What is in this screenshot and a.pdf?"},
            {
                "type": "image",
                "source": {"type": "base64", "mediaType": "image/png", "data": PNG_BASE64},
            },
            {
                "type": "document",
                "source": {"type": "base64", "mediaType": "application/pdf", "data": PDF},
            },
        ],
    },
    {
        "role": "assistant",
        "id": "a1",
        "content": [
            {
                "type": "thinking",
                "thinking": "Read the PDF first.",
                "signature": reference("rs_a1", "gAAAAB-enc"),
                "signatureProvider": "openai-responses",
            },
            {"type": "text", "text": "Let me read both."},
            {
                "type": "toolCall",
                "id": "call_1",
                "name": "read",
                "arguments": {"path": "a.pdf", "pages": [1, 2]},
            },
            {
                "type": "toolCall",
                "id": "call_2",
                "name": "ocr",
                "arguments": {"lang": "en", "deskew": False, "scale": 1.5},
            },
        ],
        "model": "gpt-test",
        "stopReason": "toolCall",
    },
    {
        "role": "toolResult",
        "id": "r2",
        "toolCallId": "call_2",
        "toolName": "ocr",
        "content": [
            {"type": "text", "text": "HELLO"},
            {"type": "image", "source": {"type": "url", "url": "https://example.com/crop.png"}},
        ],
        "isError": False,
    },
    {
        "role": "toolResult",
        "id": "r1",
        "toolCallId": "call_1",
        "toolName": "read",
        "content": "%PDF text",
        "isError": False,
    },
    {"role": "assistant", "id": "a2", "content": [{"type": "text", "text": "It says HELLO."}]},
    {"role": "user", "id": "u2", "content": "Thanks."},
]


def test_a_realistic_session_round_trips_exactly_but_for_message_ids() -> None:
    request = to_openai_responses(README_SESSION)
    assert request.warnings == ()
    assert_sdk_accepts(request.fields["input"], INPUT, "input")
    back = from_openai_responses(request.fields["input"])
    assert back.warnings == ()
    expected = [
        {k: v for k, v in m.items() if k not in ("id", "model", "stopReason")}
        for m in copy.deepcopy(README_SESSION)
    ]
    # A base64 document goes with the file name the API needs, made up from its place
    # when it has none, and reads back with it.
    document = expected[1]["content"][2]
    assert document["type"] == "document"
    assert "filename" not in document
    document["filename"] = "document-1-2.pdf"
    assert without_ids(back) == expected


def test_a_response_read_from_the_wire_is_sent_back_as_it_came() -> None:
    output = [
        {
            "type": "reasoning",
            "id": "rs_9",
            "summary": [{"type": "summary_text", "text": "Plan."}],
            "encrypted_content": "gAAAA9",
        },
        {"type": "function_call", "call_id": "call_9", "name": "read", "arguments": '{"path":"b"}'},
    ]
    history = [{"role": "user", "content": "go"}, *output]
    assert sent(list(from_openai_responses(history))) == [
        {"type": "message", "role": "user", "content": "go"},
        *output,
    ]


# --- round trips: generated -------------------------------------------------------------------


MEDIA_BLOCKS = st.one_of(
    [SCHEMA.definition(name) for name in ("DocumentBlock", "AudioBlock", "ImageBlock", "TextBlock")]
)
MEDIA_MESSAGES = st.builds(
    lambda content: {"role": "user", "id": "media", "content": content},
    st.lists(MEDIA_BLOCKS, min_size=1, max_size=4),
)


@st.composite
def generated_transcripts(draw: st.DrawFn) -> list[Any]:
    """Linked transcripts in which some thinking blocks carry OpenAI reasoning references,
    with user messages full of documents, audio and images inserted anywhere (the shared
    generator seldom makes them)."""
    transcript = [
        _with_references(draw, index, message) for index, message in enumerate(draw(transcripts()))
    ]
    for media in draw(st.lists(MEDIA_MESSAGES, max_size=2)):
        transcript.insert(draw(st.integers(min_value=0, max_value=len(transcript))), media)
    return transcript


def _with_references(draw: st.DrawFn, index: int, message: dict[str, Any]) -> dict[str, Any]:
    if message["role"] != "assistant":
        return message
    content = []
    for block_index, block in enumerate(message["content"]):
        if block["type"] == "thinking" and draw(st.booleans()):
            item_id = f"rs_{index}_{block_index}"
            block = {**block, "signature": reference(item_id, block.get("signature"))}
            maker = draw(st.sampled_from([PROVIDER, None, block.get("signatureProvider")]))
            block.pop("signatureProvider", None)
            if maker is not None:
                block["signatureProvider"] = maker
        content.append(block)
    return {**message, "content": content}


def is_foreign(block: dict[str, Any]) -> bool:
    """Whether a thinking block's signature was made by another format."""
    return "signature" in block and block.get("signatureProvider", PROVIDER) != PROVIDER


def is_reference(block: dict[str, Any]) -> bool:
    signature = block.get("signature")
    return isinstance(signature, str) and signature.startswith('{"type":"reasoning","id":"rs_')


# Item types a hosted tool's item may not have: the reader reads them as something else.
READ_ITEM_TYPES = {
    "message",
    "reasoning",
    "function_call",
    "function_call_output",
    "item_reference",
    "custom_tool_call",
    "custom_tool_call_output",
}
PROVIDER = "openai-responses"


def sends_server_call(block: dict[str, Any]) -> bool:
    wire = block.get("wire") or {}
    return (
        block["provider"] == PROVIDER
        and not block["input"]
        and "type" not in wire
        and "id" not in wire
        and block["name"] not in READ_ITEM_TYPES
    )


def is_sent(block: dict[str, Any]) -> bool:
    """Whether an assistant block becomes (a part of) an item."""
    if block["type"] == "thinking":
        return is_reference(block) and not is_foreign(block)
    if block["type"] == "serverToolCall":
        return sends_server_call(block)
    return block["type"] != "serverToolResult"


def sends_items(message: dict[str, Any]) -> bool:
    """Whether an assistant message becomes at least one item."""
    return any(is_sent(b) for b in message["content"])


def read_back_input_block(block: dict[str, Any], index: int, block_index: int) -> dict[str, Any]:
    """A user or tool-result block as it reads back: what an input part holds."""
    if block["type"] == "text":
        return {"type": "text", "text": block["text"]}
    if block["type"] == "image":
        back = {"type": "image", "source": block["source"]}
        if block.get("detail") in ("low", "high"):
            back["detail"] = block["detail"]
        return back
    back = {"type": "document", "source": block["source"]}
    if "filename" in block:
        back["filename"] = block["filename"]
    elif block["source"]["type"] == "base64":
        media_type = block["source"]["mediaType"].split(";")[0].strip().lower()
        extension = _request_extension(media_type)
        back["filename"] = f"document-{index}-{block_index}{extension}"
    return back


def _request_extension(media_type: str) -> str:
    from agent_ir.wire.openai_responses._request import _EXTENSIONS

    return _EXTENSIONS.get(media_type, "")


def read_back_assistant_block(block: dict[str, Any]) -> dict[str, Any]:
    kind = block["type"]
    if kind == "text" or kind == "refusal":
        back = {"type": kind if "itemId" in block else "text", "text": block["text"]}
        own = [c for c in block.get("citations", ()) if c["provider"] == PROVIDER]
        if "itemId" in block:
            if own and kind == "text":
                back["citations"] = own
            back["itemId"] = block["itemId"]
        return back
    if kind == "toolCall":
        return {k: v for k, v in block.items() if k != "cacheControl"}
    if kind == "serverToolCall":
        return {**block, "wire": block.get("wire", {})}
    back = {k: v for k, v in block.items() if k != "redacted"}
    return {**back, "signatureProvider": PROVIDER}


def expected_round_trip(transcript: list[Any]) -> list[Any]:
    """What reading back the input of ``transcript`` gives, ids left out: audio, unsent
    thinking and server-tool blocks dropped, no error flag nor cache breakpoint, tool
    names from the calls, the redacted flag not carried (warned), input blocks as their
    parts hold them, empty assistant messages gone and consecutive ones merged."""
    expected: list[Any] = []
    for index, message in enumerate(copy.deepcopy(transcript)):
        role = message["role"]
        if role == "system":
            expected.append({"role": role, "content": message["content"]})
        elif role == "user":
            content = message["content"]
            if isinstance(content, list):
                content = [
                    read_back_input_block(b, index, j)
                    for j, b in enumerate(content)
                    if b["type"] != "audio"
                ]
            expected.append({"role": role, "content": content})
        elif role == "toolResult":
            content = message["content"]
            if isinstance(content, list):
                content = [read_back_input_block(b, index, j) for j, b in enumerate(content)]
            expected.append(
                {
                    "role": role,
                    "toolCallId": message["toolCallId"],
                    "toolName": call_name(transcript, index) or UNKNOWN_TOOL_NAME,
                    "content": content,
                    "isError": False,
                }
            )
        else:
            blocks = [read_back_assistant_block(b) for b in message["content"] if is_sent(b)]
            if not blocks:
                continue
            if expected and expected[-1]["role"] == "assistant":
                expected[-1]["content"].extend(blocks)
            else:
                expected.append({"role": role, "content": blocks})
    return expected


def block_warnings(block: dict[str, Any], index: int, j: int) -> list[tuple[str, int, int]]:
    """The warnings of one block, in the order ``to_openai_responses`` gives them."""
    found = []
    kind = block["type"]
    if "cacheControl" in block:
        found.append((Code.CACHE_CONTROL_NOT_SENT, index, j))
    if kind == "text":
        for citation in block.get("citations", []):
            if block.get("_input") or citation["provider"] != PROVIDER or "itemId" not in block:
                found.append((Code.CITATIONS_NOT_SENT, index, j))
                if block.get("_input"):
                    break  # an input part: one warning for the block
    elif kind == "refusal" and "itemId" not in block:
        found.append((Code.REFUSAL_AS_TEXT, index, j))
    elif kind == "document":
        found.extend(
            (Code.DOCUMENT_DETAIL_NOT_SENT, index, j) for k in ("title", "context") if k in block
        )
        if block.get("citations"):
            found.append((Code.DOCUMENT_DETAIL_NOT_SENT, index, j))
    elif kind == "audio":
        found.append((Code.AUDIO_NOT_SENT, index, j))
    elif kind == "thinking" and is_foreign(block):
        found.append((Code.FOREIGN_SIGNATURE_DROPPED, index, j))
    elif kind == "thinking" and not is_reference(block):
        found.append((Code.THINKING_NOT_SENT, index, j))
    elif kind == "thinking" and block.get("redacted"):
        found.append((Code.REDACTED_FLAG_NOT_SENT, index, j))
    elif kind in ("serverToolCall", "serverToolResult") and not is_sent(block):
        found.append((Code.SERVER_TOOL_NOT_SENT, index, j))
    return found


def expected_warnings(transcript: list[Any]) -> list[tuple[str, int, int]]:
    """The warnings of ``to_openai_responses``, in order: a system message's cache
    breakpoint, a result's tool name, error flag and cache breakpoint, each block's,
    then a message left out or merged into the one before."""
    found = []
    turn = False  # whether the last items sent are an assistant message's
    for index, message in enumerate(transcript):
        role = message["role"]
        if role == "system" and "cacheControl" in message:
            found.append((Code.CACHE_CONTROL_NOT_SENT, index, -1))
        if role == "toolResult":
            if call_name(transcript, index) != message["toolName"]:
                found.append((Code.TOOL_NAME_NOT_SENT, index, -1))
            if message["isError"]:
                found.append((Code.ERROR_FLAG_NOT_SENT, index, -1))
            if "cacheControl" in message:
                found.append((Code.CACHE_CONTROL_NOT_SENT, index, -1))
        content = message["content"] if isinstance(message["content"], list) else []
        for block_index, block in enumerate(content):
            marked = {**block, "_input": True} if role != "assistant" else block
            found.extend(block_warnings(marked, index, block_index))
        if role != "assistant":
            turn = False
        elif not sends_items(message):
            found.append((Code.MESSAGE_NOT_SENT, index, -1))
        else:
            if turn:
                found.append((Code.MESSAGES_MERGED, index, -1))
            turn = True
    return found


@settings(
    derandomize=True,
    max_examples=examples(100),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(transcript=generated_transcripts())
def test_generated_transcripts_round_trip_with_each_loss_warned(transcript: list[Any]) -> None:
    request = to_openai_responses(transcript)
    assert_sdk_accepts(request.fields["input"], INPUT, "input")
    expected, losses = without_thought_signatures(
        transcript, expected_round_trip(transcript), expected_warnings(transcript)
    )
    assert codes(request.warnings) == losses
    back = from_openai_responses(request.fields["input"])
    assert back.warnings == ()
    # Through JSON text, so that -0.0 against 0.0 and 1 against 1.0 count as different.
    assert json.dumps(without_ids(back), sort_keys=True) == json.dumps(expected, sort_keys=True)


# --- the official client ------------------------------------------------------------------------


def response_reply(output: list[Any]) -> dict[str, Any]:
    """A minimal Responses API reply that the SDK parses."""
    return {
        "id": "resp_1",
        "object": "response",
        "created_at": 1700000000,
        "status": "completed",
        "model": "gpt-test",
        "output": output,
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
    }


def send(items: list[Any], output: list[Any] | None = None) -> tuple[Any, Any]:
    """Send ``items`` with the official client; the recorded body and the parsed reply."""
    with recording_server(response_reply(output or [])) as (url, recorded):
        client = openai.OpenAI(base_url=f"{url}/v1", api_key="test", max_retries=0)
        response = client.responses.create(model="gpt-test", input=items)
    [(method, path, body)] = recorded.requests
    assert (method, path) == ("POST", "/v1/responses")
    return body, response


@pytest.mark.parametrize(
    "transcript",
    [
        pytest.param(
            [
                {"role": "system", "id": "s", "content": "Be brief."},
                {"role": "user", "id": "u", "content": "Hi!"},
                {"role": "assistant", "id": "a", "content": [{"type": "text", "text": "Hello."}]},
                {"role": "user", "id": "u2", "content": "Bye."},
            ],
            id="text",
        ),
        pytest.param(README_SESSION, id="tools, reasoning, images and a document"),
        pytest.param(
            [
                {"role": "user", "id": "u", "content": "run it"},
                {
                    "role": "assistant",
                    "id": "a",
                    "content": [
                        {"type": "thinking", "thinking": "x"},
                        {
                            "type": "toolCall",
                            "id": "call_9",
                            "name": "bash",
                            "arguments": {"cmd": "ls"},
                        },
                    ],
                },
                {
                    "role": "toolResult",
                    "id": "r",
                    "toolCallId": "call_orphan",
                    "toolName": "read",
                    "content": "x",
                    "isError": True,
                },
                {"role": "user", "id": "u2", "content": "are you there?"},
            ],
            id="the broken interrupted session",
        ),
    ],
)
def test_the_official_client_sends_the_input_unchanged(transcript: list[Any]) -> None:
    items = sent(transcript)
    body, _ = send(items)
    assert body["input"] == items
    assert body["model"] == "gpt-test"


def test_a_response_output_parsed_by_the_sdk_is_read_and_continues_the_history() -> None:
    output = [
        {
            "type": "reasoning",
            "id": "rs_7",
            "summary": [{"type": "summary_text", "text": "Need the file."}],
            "encrypted_content": "gAAAA7",
            "status": None,
        },
        {
            "type": "message",
            "id": "msg_7",
            "role": "assistant",
            "status": "completed",
            "content": [
                {"type": "output_text", "text": "Reading.", "annotations": [], "logprobs": []}
            ],
        },
        {
            "type": "function_call",
            "id": "fc_7",
            "call_id": "call_7",
            "name": "read",
            "arguments": '{"path":"a.txt"}',
            "status": "completed",
        },
    ]
    history: list[Any] = [{"role": "user", "id": "u", "content": "Read a.txt"}]
    _, response = send(sent(history), output)
    for dumped in (
        [item.model_dump(mode="json") for item in response.output],
        response.model_dump(mode="json", exclude_none=True)["output"],
    ):
        reply = from_openai_responses(dumped)
        assert reply.warnings == ()
        assert to_json_value(reply) == [
            {
                "role": "assistant",
                "id": "rs_7",
                "content": [
                    {
                        "type": "thinking",
                        "thinking": "Need the file.",
                        "signature": reference("rs_7", "gAAAA7"),
                        "signatureProvider": "openai-responses",
                    },
                    {"type": "text", "text": "Reading.", "itemId": "msg_7"},
                    {
                        "type": "toolCall",
                        "id": "call_7",
                        "name": "read",
                        "arguments": {"path": "a.txt"},
                        "itemId": "fc_7",
                    },
                ],
            }
        ]
    result = tool_result_message(id="r", tool_call_id="call_7", tool_name="read", content="abcd")
    items = sent([*history, *reply, result])
    body, _ = send(items)
    assert (
        body["input"]
        == items
        == [
            {"type": "message", "role": "user", "content": "Read a.txt"},
            {
                "type": "reasoning",
                "id": "rs_7",
                "summary": [{"type": "summary_text", "text": "Need the file."}],
                "encrypted_content": "gAAAA7",
            },
            {
                "type": "message",
                "role": "assistant",
                "id": "msg_7",
                "status": "completed",
                "content": [{"type": "output_text", "text": "Reading.", "annotations": []}],
            },
            {
                "type": "function_call",
                "id": "fc_7",
                "call_id": "call_7",
                "name": "read",
                "arguments": '{"path":"a.txt"}',
            },
            {"type": "function_call_output", "call_id": "call_7", "output": "abcd"},
        ]
    )


# --- where a warning points ----------------------------------------------------------------


def test_each_to_openai_responses_warning_points_at_the_ir_value_it_is_about() -> None:
    audio = {
        "type": "audio",
        "source": {"type": "base64", "mediaType": "audio/wav", "data": "AAAA"},
    }
    unsigned = {"type": "thinking", "thinking": "hm"}
    text_block = {"type": "text", "text": "a"}
    transcript = [
        {"role": "user", "id": "u", "content": [audio]},
        {"role": "assistant", "id": "a1", "content": [unsigned]},
        {"role": "assistant", "id": "a2", "content": [text_block]},
        {"role": "assistant", "id": "a3", "content": [text_block]},
        {
            "role": "toolResult",
            "id": "r",
            "toolCallId": "call-9",
            "toolName": "read",
            "content": "x",
            "isError": True,
        },
    ]
    assert located(to_openai_responses(transcript)) == [
        (Code.AUDIO_NOT_SENT, "/0/content/0"),
        (Code.THINKING_NOT_SENT, "/1/content/0"),
        (Code.MESSAGE_NOT_SENT, "/1"),
        (Code.MESSAGES_MERGED, "/3"),
        (Code.TOOL_NAME_NOT_SENT, "/4/toolName"),
        (Code.ERROR_FLAG_NOT_SENT, "/4/isError"),
    ]
    for warning in to_openai_responses(transcript).warnings:
        resolve(transcript, warning.path)


def test_each_from_openai_responses_warning_points_at_the_wire_value_it_is_about() -> None:
    items = [
        {"type": "item_reference", "id": "ref_1"},
        user_parts({"type": "input_text", "text": "a", "x": 1}, {"type": "input_video"}),
        {
            "type": "reasoning",
            "id": "rs_1",
            "summary": [{"type": "summary_text", "text": "s"}, {"type": "other"}],
            "content": [{"type": "reasoning_text", "text": "raw"}],
        },
        {
            "type": "function_call_output",
            "call_id": "gone",
            "output": [{"type": "input_text", "text": "t"}, {"type": "input_file", "file_id": "f"}],
        },
    ]
    messages = from_openai_responses(items)
    assert [
        (w.code, w.message_index, w.block_index, w.path, w.message) for w in messages.warnings
    ] == [
        (Code.PART_NOT_READ, 0, -1, "/input/0", "an item of type 'item_reference' has no IR form"),
        (Code.PART_NOT_READ, 1, 0, "/input/1/content/0/x", "/input/1/content/0/x has no IR form"),
        (Code.PART_NOT_READ, 1, 1, "/input/1/content/1", "a 'input_video' part has no IR form"),
        (
            Code.PART_NOT_READ,
            2,
            1,
            "/input/2/summary/1",
            "a reasoning summary part that is not summary_text has no IR form",
        ),
        (
            Code.PART_NOT_READ,
            2,
            0,
            "/input/2/content/0",
            "raw reasoning content (only the summary is read) has no IR form",
        ),
        (Code.PART_NOT_READ, 3, 1, "/input/3/output/1", "a 'input_file' part has no IR form"),
        (
            Code.TOOL_NAME_UNKNOWN,
            3,
            -1,
            "/input/3/call_id",
            "no tool call has id 'gone': the tool name 'unknown' is used",
        ),
    ]
    for warning in messages.warnings:
        resolve({"input": items}, warning.path)


# --- input read at once (unchecked), against the checked read ---------------------------


def _nested(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


class _HostileKey(str):
    """A ``str`` subclass key (``is_rereadable`` lets it through) whose ``__eq__`` and
    ``__hash__`` must not run while the input is read (``armed``)."""

    armed: ClassVar[bool] = False

    def __eq__(self, other: object) -> bool:
        assert not _HostileKey.armed, "__eq__ of a caller's key ran"
        return str.__eq__(self, other)

    def __hash__(self) -> int:
        assert not _HostileKey.armed, "__hash__ of a caller's key ran"
        return str.__hash__(self)


class _HostileList(list[Any]):
    def __iter__(self) -> Any:
        raise AssertionError("__iter__ of a caller's list ran")


class _HostileDict(dict[str, Any]):
    def get(self, *args: Any) -> Any:
        raise AssertionError("get of a caller's dict ran")


_USER = {"type": "message", "role": "user", "content": "hi"}
_CALL = {"type": "function_call", "call_id": "c1", "name": "read", "arguments": '{"p":[1,2.5]}'}
_OUTPUT = {"type": "function_call_output", "call_id": "c1", "output": "out"}
_REASONING = {
    "type": "reasoning",
    "id": "rs_1",
    "summary": [{"type": "summary_text", "text": "a"}, {"type": "summary_text", "text": "b"}],
    "encrypted_content": "enc",
}
_SAID = {
    "id": "msg_1",
    "type": "message",
    "role": "assistant",
    "status": "completed",
    "content": [{"type": "output_text", "text": "said", "annotations": [], "logprobs": None}],
}

# Inputs read at once (``read_wire`` is not reached).
_DIRECT_CASES: list[Any] = [
    [],
    [_USER],
    [{"role": "user", "content": "no type"}, {"type": None, "role": "developer", "content": "d"}],
    [
        {
            "role": "user",
            "content": [
                {"type": "input_text", "text": "a"},
                {"type": "output_text", "text": "b"},
                {"type": "refusal", "refusal": "c"},
            ],
        },
        {
            "role": "system",
            "content": [{"type": "input_text", "text": "x"}, {"type": "input_text", "text": "y"}],
        },
        {"role": "user", "content": []},
    ],
    [_USER, {"type": "message", "role": "assistant", "content": ""}, _CALL, _OUTPUT, _USER],
    [_REASONING, _SAID, {**_CALL, "id": "fc_1"}, _OUTPUT],
    [{**_REASONING, "encrypted_content": None, "content": [], "summary": []}],
    [{**_CALL, "id": "  "}, {**_CALL, "call_id": "c2", "id": "fc_2"}, _OUTPUT],
    [_USER, {**_OUTPUT, "name": "named", "output": [{"type": "input_text", "text": "t"}]}],
    [_CALL, {**_CALL, "name": "later"}, _OUTPUT, {**_OUTPUT, "id": "out_1", "status": "done"}],
    [{**_USER, "id": "u1"}, {**_OUTPUT, "call_id": "c1", "name": "n", "output": []}],
]

# Inputs read at once only in part: the checked read says what is wrong or warns.
_CHECKED_CASES: list[Any] = [
    [_OUTPUT, _CALL],
    [{**_OUTPUT, "call_id": "nope"}],
    [{**_OUTPUT, "name": " "}],
    [_CALL, {**_OUTPUT, "name": 3}],
    [{**_CALL, "call_id": " "}, {**_OUTPUT, "call_id": " "}],
    [{**_CALL, "name": " "}, _OUTPUT],
    [{**_CALL, "name": "first"}, {**_CALL, "name": " "}, _OUTPUT],
    [{**_CALL, "arguments": "[1]"}],
    [{**_CALL, "arguments": "{"}],
    [{**_CALL, "arguments": '{"a": NaN}'}],
    [{**_CALL, "arguments": '{"a": 1, "a": 2}'}],
    [{**_CALL, "arguments": '{"a": ' + "9" * 30 + "}"}],
    [{**_CALL, "arguments": 1}],
    [{**_CALL, "id": 1}],
    [{"type": "item_reference", "id": "x"}],
    [{**_USER, "cache": 1}],
    [{**_CALL, "async": False}],
    [{**_CALL, "status": _nested(60)}],
    [{**_CALL, "status": _nested(10)}],
    [{**_SAID, "content": [{"type": "output_text", "text": "t", "annotations": [float("nan")]}]}],
    [{**_SAID, "content": [{"type": "output_text", "text": "t", "annotations": [10**30]}]}],
    [{**_SAID, "content": [{"type": "output_text", "text": "t", "annotations": _nested(56)}]}],
    [{**_USER, "content": [{"type": "input_image", "image_url": "https://x/y.png"}]}],
    [{**_USER, "content": [{"type": "input_text", "text": 1}]}],
    [{**_USER, "content": [{"type": "input_text"}]}],
    [{**_USER, "content": ["text"]}],
    [{**_USER, "content": 1}],
    [{**_USER, "role": "tool"}],
    [{"type": None, "content": "x"}],
    [{"type": 1, "role": "user", "content": "x"}],
    [{"type": "message", "content": "x"}],
    [_CALL, {**_OUTPUT, "output": [{"type": "output_text", "text": "t"}]}],
    [_CALL, {**_OUTPUT, "output": None}],
    [{**_REASONING, "content": [{"type": "reasoning_text", "text": "raw"}]}],
    [{**_REASONING, "summary": [{"type": "other", "text": "x"}]}],
    [{**_REASONING, "summary": [{"type": "summary_text", "text": "x", "extra": 1}]}],
    [{**_REASONING, "id": " "}],
    [{**_REASONING, "id": None}],
    [{**_REASONING, "encrypted_content": 1}],
    [{**_REASONING, "summary": None}],
    [{**_USER, "content": "\ud800"}],
    [_USER, "not an item"],
    ({"role": "user", "content": "a tuple"},),
    {"input": [_USER]},
    [{_HostileKey("role"): "user", "content": "hi"}],
    [{**_SAID, "content": [{"type": "output_text", "text": "t", _HostileKey("x"): 1}]}],
    [{**_REASONING, "summary": [{"type": "summary_text", "text": "t", _HostileKey("x"): 1}]}],
    [_CALL, {**_OUTPUT, "output": [{"type": "input_text", "text": "t", _HostileKey("x"): 1}]}],
    [{**_USER, "content": _HostileList([{"type": "input_text", "text": "t"}])}],
    [{**_USER, "content": [_HostileDict(type="input_text", text="t")]}],
    [_HostileDict(_USER)],
]


def _outcome(read: Any) -> Any:
    try:
        result = read()
    except (WireFormatError, TranscriptError) as error:
        return type(error), str(error), getattr(error, "diagnostics", None)
    return result, result.warnings


@pytest.mark.parametrize("items", _DIRECT_CASES + _CHECKED_CASES)
def test_read_directly_as_the_checked_read(items: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from agent_ir.wire.openai_responses import _request

    _HostileKey.armed = True
    try:
        read = _outcome(lambda: from_openai_responses(items))
    finally:
        _HostileKey.armed = False
    monkeypatch.setattr(_request, "unchecked_wire", lambda value: None)
    assert read == _outcome(lambda: from_openai_responses(items))


@pytest.mark.parametrize("items", _DIRECT_CASES)
def test_common_items_are_read_directly(items: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from agent_ir.wire.openai_responses import _request

    checked = from_openai_responses(items)
    assert checked.warnings == ()

    def unreached(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("read the checked way")

    monkeypatch.setattr(_request, "read_wire", unreached)
    assert from_openai_responses(items) == checked


def test_what_to_openai_responses_writes_is_read_directly_as_the_checked_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from agent_ir.wire.openai_responses import _request

    call = {"type": "toolCall", "id": "c", "name": "read", "arguments": {"p": [1, 2.5]}}
    thinking = {"type": "thinking", "thinking": "hm", "signature": reference("rs_1", "e")}
    transcript = [
        {"role": "system", "id": "s", "content": "be brief"},
        user_message(id="u", content=[{"type": "text", "text": "question"}]),
        assistant_message(id="a", content=[thinking, {"type": "text", "text": "t"}, call]),
        tool_result_message(id="r", tool_call_id="c", tool_name="read", content="out"),
        tool_result_message(
            id="r2", tool_call_id="c", tool_name="read", content=[{"type": "text", "text": "o"}]
        ),
        assistant_message(id="b", content=[{"type": "text", "text": "done"}]),
    ]
    items = to_openai_responses(transcript).fields["input"]
    monkeypatch.setattr(_request, "unchecked_wire", lambda value: None)
    checked = from_openai_responses(items)
    monkeypatch.undo()

    def unreached(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("read the checked way")

    monkeypatch.setattr(_request, "read_wire", unreached)
    direct = from_openai_responses(items)
    assert direct == checked
    assert direct.warnings == checked.warnings == ()


def test_a_refusal_lists_every_problem_of_one_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Arguments that are no JSON object and a blank call id in another message: both
    reported, by the one read of the input (the checked read is not reached)."""
    from agent_ir.wire.openai_responses import _request

    items = [{**_CALL, "arguments": "[1]"}, {**_OUTPUT, "call_id": " "}]
    monkeypatch.setattr(_request, "unchecked_wire", lambda value: None)
    with pytest.raises(TranscriptError) as checked:
        from_openai_responses(items)
    monkeypatch.undo()

    def unreached(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("read the checked way")

    monkeypatch.setattr(_request, "read_wire", unreached)
    with pytest.raises(TranscriptError) as caught:
        from_openai_responses(items)
    found = [(d.code, d.message_index, d.path) for d in caught.value.diagnostics]
    assert found == [
        (DiagnosticCode.INVALID_TOOL_ARGUMENTS, 0, "/0/content/0/arguments"),
        (DiagnosticCode.INVALID_MESSAGE, 1, "/1/toolCallId"),
    ]
    assert caught.value.diagnostics == checked.value.diagnostics


@pytest.mark.parametrize("unchecked", [True, False])
def test_annotations_are_citations_copied_from_the_input(
    unchecked: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from agent_ir.wire.openai_responses import _request

    annotation = {"type": "url_citation", "url": "https://x", "spans": [[0, 4]]}
    part = {"type": "output_text", "text": "said", "annotations": [annotation]}
    items = [{**_SAID, "content": [part]}]
    if not unchecked:
        monkeypatch.setattr(_request, "unchecked_wire", lambda value: None)
    [message] = from_openai_responses(items)
    annotation["spans"][0].append(9)
    annotation["url"] = "changed"
    assert to_json_value(message)["content"] == [
        {
            "type": "text",
            "text": "said",
            "itemId": "msg_1",
            "citations": [
                {
                    "provider": "openai-responses",
                    "wire": {"type": "url_citation", "url": "https://x", "spans": [[0, 4]]},
                }
            ],
        }
    ]
