"""``retarget``: another provider's thinking, the target's repair, cache breakpoints and
the writer's warnings, each change reported at its path in the input. The pair matrix
(``tests/wire/test_pair_matrix.py``) holds it to every recording; these say what each
step does, with small histories."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from anthropic.types import MessageParam

from agent_ir import (
    InvalidMessageError,
    RepairCode,
    retarget,
    to_json_value,
)
from agent_ir.wire import (
    ConversionWarningCode,
    to_anthropic,
    to_openai_chat,
    to_openai_responses,
)
from agent_ir.wire._registry import provider_names

from support.histories import ENCRYPTED, SWITCHED, responses_history
from support.sdk import assert_sdk_accepts


def places(result: Any) -> list[tuple[str, str]]:
    return [(str(change.code), change.path) for change in result.report]


def test_openais_reasoning_goes_to_anthropic_without_its_signature_and_says_so() -> None:
    """The case issue 39 names: a Responses reasoning item must not reach Anthropic as a
    thinking block signed with OpenAI's item (Anthropic refuses the request)."""
    history = responses_history()
    assert history[1].content[0].signature_provider == "openai-responses"
    result = retarget(history, "anthropic")
    sent = repr(result.request.fields)
    assert ENCRYPTED not in sent
    assert "rs_0a1b2c" not in sent
    assert places(result) == [("THINKING_NOT_SENT", "/1/content/0")]
    assert result.report[0].message_index == 1
    assert result.diagnostics == ()
    assert result.request.fields["messages"][1] == {
        "role": "assistant",
        "content": [{"type": "text", "text": "480"}],
    }
    assert_sdk_accepts(result.request.fields["messages"], list[MessageParam], "messages")


def test_thinking_text_sends_the_reasoning_as_text_at_its_place() -> None:
    result = retarget(responses_history(), "anthropic", thinking="text")
    assert places(result) == [("THINKING_AS_TEXT", "/1/content/0")]
    assert result.request.fields["messages"][1]["content"] == [
        {"type": "text", "text": "Add the two numbers."},
        {"type": "text", "text": "480"},
    ]
    assert ENCRYPTED not in repr(result.request.fields)


def test_redacted_thinking_has_no_text_to_send_and_is_dropped_either_way() -> None:
    history = [
        {"role": "user", "id": "u", "content": "Hi"},
        {"role": "assistant", "id": "a", "content": [
            {"type": "thinking", "thinking": "", "redacted": True, "signature": "opaque",
             "signatureProvider": "anthropic"},
            {"type": "text", "text": "Hello."}]},
    ]  # fmt: skip
    for thinking in ("drop", "text"):
        result = retarget(history, "gemini", thinking=thinking)  # type: ignore[arg-type]
        assert places(result) == [("THINKING_NOT_SENT", "/1/content/0")]
        assert "opaque" not in repr(result.request.fields)


def test_a_history_retargeted_to_its_own_provider_is_unchanged() -> None:
    history = responses_history()
    result = retarget(history, "openai-responses")
    assert result.request == to_openai_responses(history)
    assert result.report == ()
    assert result.diagnostics == ()
    assert result.transcript == tuple(history)
    assert ENCRYPTED in repr(result.request.fields)  # its maker gets it back


def test_repairs_are_reported_at_their_place_in_the_input_after_a_dropped_block() -> None:
    """The thinking dropped from message 1 shifts its blocks; the rename of the call
    behind it is still reported at the call's place in the input, and the result that
    came after a user message is moved after its call."""
    history = SWITCHED
    result = retarget(history, "anthropic")
    assert places(result) == [
        ("THINKING_NOT_SENT", "/1/content/0"),
        ("RENAMED_TOOL_CALL_ID", "/1/content/1/id"),
        ("MOVED_RESULT", "/3"),
    ]
    assert [type(change.code) for change in result.report] == [
        ConversionWarningCode,
        RepairCode,
        RepairCode,
    ]
    assert dict(result.renamed_ids) == {"call_1|fc_1": "call_1_fc_1"}
    assert result.diagnostics == ()
    [call] = result.request.fields["messages"][1]["content"]
    assert call["id"] == "call_1_fc_1"


def test_a_writer_warning_after_a_dropped_block_points_into_the_input() -> None:
    history = [
        {"role": "user", "id": "u", "content": "Hi"},
        {"role": "assistant", "id": "a", "content": [
            {"type": "thinking", "thinking": "hm", "signature": "s",
             "signatureProvider": "anthropic"},
            {"type": "text", "text": "Hello.", "cacheControl": {"type": "ephemeral"}}]},
    ]  # fmt: skip
    result = retarget(history, "openai-chat")
    assert places(result) == [
        ("THINKING_NOT_SENT", "/1/content/0"),
        ("CACHE_CONTROL_NOT_SENT", "/1/content/1/cacheControl"),
    ]
    # the writer's own warning is about what it was given: block 0 of the sent message
    assert [w.path for w in result.request.warnings] == ["/1/content/0/cacheControl"]


def test_a_message_the_repair_added_is_reported_at_the_message_it_answers() -> None:
    """An unanswered call gets an error result; Chat Completions cannot say it is an
    error: that warning is about the added message, reported at the call's message."""
    history = [
        {"role": "user", "id": "u", "content": "List files."},
        {"role": "assistant", "id": "a", "content": [
            {"type": "toolCall", "id": "c1", "name": "ls", "arguments": {}}]},
        {"role": "user", "id": "u2", "content": "Never mind."},
    ]  # fmt: skip
    result = retarget(history, "openai-chat")
    assert places(result) == [("ADDED_ERROR_RESULT", "/1/content/0"), ("ERROR_FLAG_NOT_SENT", "/1")]
    assert [m["role"] for m in result.request.fields["messages"]] == [
        "user",
        "assistant",
        "tool",
        "user",
    ]
    assert result.diagnostics == ()


def breakpoints(count: int) -> list[dict[str, Any]]:
    cached = {"type": "ephemeral"}
    return [
        {"role": "system", "id": "s", "content": "Be brief.", "cacheControl": cached},
        *(
            {"role": "user", "id": f"u{n}", "content": [
                {"type": "text", "text": f"turn {n}", "cacheControl": cached}]}
            if n % 2 == 0
            else {"role": "assistant", "id": f"a{n}", "content": [
                {"type": "text", "text": f"reply {n}", "cacheControl": cached}]}
            for n in range(count - 1)
        ),
    ]  # fmt: skip


def cache_marks(fields: dict[str, Any]) -> int:
    return repr(fields).count("cache_control")


def test_anthropic_keeps_the_last_four_cache_breakpoints_and_reports_the_others() -> None:
    assert cache_marks(retarget(breakpoints(4), "anthropic").request.fields) == 4
    assert retarget(breakpoints(4), "anthropic").report == ()
    result = retarget(breakpoints(6), "anthropic")
    assert cache_marks(result.request.fields) == 4
    assert places(result) == [
        ("CACHE_CONTROL_NOT_SENT", "/0/cacheControl"),
        ("CACHE_CONTROL_NOT_SENT", "/1/content/0/cacheControl"),
    ]
    assert "at most 4 cache breakpoints" in result.report[0].message
    assert cache_marks(to_anthropic(breakpoints(6)).fields) == 6  # the writer alone sends all
    # the input is not changed
    assert breakpoints(6)[0]["cacheControl"] == {"type": "ephemeral"}


def test_a_target_without_breakpoints_warns_each_through_its_writer() -> None:
    result = retarget(breakpoints(6), "openai-chat")
    assert [code for code, _ in places(result)] == ["CACHE_CONTROL_NOT_SENT"] * 6
    assert result.request == to_openai_chat(breakpoints(6))


def test_what_the_repair_cannot_make_valid_stays_in_the_diagnostics() -> None:
    tools = [{"name": "bad name!", "parameters": {"type": "object"}}]
    result = retarget([{"role": "user", "id": "u", "content": "Hi"}], "anthropic", tools=tools)
    assert [d.code for d in result.diagnostics] == ["INVALID_TOOL_NAME_FORMAT"]
    assert "tools" in result.request.fields


def test_every_registered_provider_has_the_writer_retarget_finds() -> None:
    for name in provider_names():
        module = importlib.import_module(f"agent_ir.wire.{name.replace('-', '_')}")
        writer = getattr(module, f"to_{name.replace('-', '_')}")
        result = retarget([{"role": "user", "id": "u", "content": "Hi"}], name)  # type: ignore[arg-type]
        assert result.request == writer([{"role": "user", "id": "u", "content": "Hi"}])
        assert result.provider == name


@pytest.mark.parametrize(
    ("arguments", "error", "words"),
    [
        (([], "openai"), ValueError, "provider must be one of"),
        (([], None), ValueError, "provider must be one of"),
        (([], "anthropic", "keep"), ValueError, 'thinking must be "drop" or "text"'),
        (([{"role": "user"}], "anthropic"), InvalidMessageError, r"retarget: \[0\].content"),
        (("not a list", "anthropic"), TypeError, "retarget: expected a list or tuple"),
    ],
)
def test_bad_arguments_are_clear_errors(
    arguments: tuple[Any, ...], error: type, words: str
) -> None:
    transcript, provider, *thinking = arguments
    with pytest.raises(error, match=words):
        retarget(transcript, provider, thinking=thinking[0] if thinking else "drop")


def test_the_result_is_immutable_and_hashable() -> None:
    result = retarget(responses_history(), "anthropic")
    with pytest.raises(TypeError):
        result.renamed_ids["x"] = "y"  # type: ignore[index]
    assert hash(result) == hash(retarget(responses_history(), "anthropic"))
    assert [to_json_value(m) for m in result.transcript][1]["content"] == [
        {"type": "text", "text": "480", "itemId": "msg_1"}
    ]


# --- where a writer's warning is in the input ----------------------------------------


def test_a_writer_warning_about_a_message_the_repair_moved_names_its_input_place() -> None:
    """The result is moved ahead of the user message: that message is the writer's
    message 3 and the input's message 2."""
    cached = {"type": "text", "text": "Also hidden files.", "cacheControl": {"type": "ephemeral"}}
    history = [
        {"role": "user", "id": "u1", "content": "List the files."},
        {"role": "assistant", "id": "a1", "content": [
            {"type": "toolCall", "id": "c1", "name": "ls", "arguments": {}}]},
        {"role": "user", "id": "u2", "content": [cached]},
        {"role": "toolResult", "id": "r1", "toolCallId": "c1", "toolName": "ls",
         "content": "a b", "isError": False},
    ]  # fmt: skip
    result = retarget(history, "openai-chat")
    assert [(str(c.code), c.message_index, c.path) for c in result.report] == [
        ("CACHE_CONTROL_NOT_SENT", 2, "/2/content/0/cacheControl"),
        ("MOVED_RESULT", 3, "/3"),
    ]
    assert [w.path for w in result.request.warnings] == ["/3/content/0/cacheControl"]


def test_a_writer_warning_behind_blocks_the_repair_dropped_names_its_input_place() -> None:
    audio = {"type": "audio", "source": {"type": "base64", "mediaType": "audio/wav",
                                         "data": "UklGRg=="}}  # fmt: skip
    history = [{"role": "user", "id": "u", "content": [
        {"type": "text", "text": ""}, {"type": "text", "text": "Listen:"}, {"type": "text", "text": " "},
        audio, {"type": "text", "text": "thanks"}]}]  # fmt: skip
    result = retarget(history, "anthropic")
    assert [(str(c.code), c.path) for c in result.report] == [
        ("DROPPED_EMPTY_CONTENT", "/0/content"),
        ("AUDIO_NOT_SENT", "/0/content/3"),
    ]
    # the writer was given the message without its empty text block
    assert [w.path for w in result.request.warnings] == ["/0/content/2"]


def test_a_writer_warning_behind_thinking_sent_as_text_names_its_input_place() -> None:
    citation = {"provider": "anthropic", "wire": {"type": "char_location", "cited_text": "x",
                "document_index": 0, "start_char_index": 0, "end_char_index": 1}}  # fmt: skip
    history = [
        {"role": "user", "id": "u", "content": "Hi"},
        {"role": "assistant", "id": "a", "content": [
            {"type": "thinking", "thinking": "hm", "signature": "s", "signatureProvider": "anthropic"},
            {"type": "text", "text": "A", "citations": [citation]},
            {"type": "text", "text": "B"}]},
    ]  # fmt: skip
    for thinking, path in (("text", "/1/content/1/citations"), ("drop", "/1/content/1/citations")):
        result = retarget(history, "openai-chat", thinking=thinking)  # type: ignore[arg-type]
        assert [c.path for c in result.report] == ["/1/content/0", path]
        assert [w.path for w in result.request.warnings] == [
            "/1/content/1/citations" if thinking == "text" else "/1/content/0/citations"
        ]


def test_a_warning_about_a_tool_definition_keeps_its_place_in_the_tools() -> None:
    tools = [{"name": "f", "parameters": {"type": "object"}, "strict": True}]
    result = retarget([{"role": "user", "id": "u", "content": "Hi"}], "gemini", tools=tools)
    [change] = result.report
    assert (str(change.code), change.message_index, change.tool_index, change.path) == (
        "TOOL_DETAIL_NOT_SENT",
        -1,
        0,
        "/tools/0/strict",
    )


def test_the_sentences_name_the_maker_the_target_and_the_choice() -> None:
    said = {
        thinking: [c.message for c in retarget(responses_history(), "anthropic", thinking=thinking).report]  # type: ignore[arg-type]
        for thinking in ("drop", "text")
    }  # fmt: skip
    assert said == {
        "drop": [
            "thinking made by 'openai-responses' is not sent: Anthropic Messages takes only "
            "its own, and only its maker can check its signature (thinking='drop')"
        ],
        "text": [
            "thinking made by 'openai-responses' is sent as text: Anthropic Messages takes "
            "only its own (thinking='text')"
        ],
    }
    redacted = [
        {"role": "user", "id": "u", "content": "Hi"},
        {"role": "assistant", "id": "a", "content": [{"type": "thinking", "thinking": "",
         "redacted": True, "signature": "d", "signatureProvider": "anthropic"},
         {"type": "text", "text": "Hello."}]},
    ]  # fmt: skip
    [change] = retarget(redacted, "gemini", thinking="text").report
    assert change.message == (
        "thinking made by 'anthropic' is not sent: Google Gemini takes only its own, and it "
        "holds no reasoning to send as text"
    )
    dropped = retarget(breakpoints(5), "anthropic").report
    assert [c.message for c in dropped] == [
        "Anthropic Messages takes at most 4 cache breakpoints: this earlier one is not sent "
        "(the last 4 are)"
    ]


def test_fewer_breakpoints_than_the_limit_are_all_sent() -> None:
    for count in (1, 2, 3):
        result = retarget(breakpoints(count), "anthropic")
        assert result.report == ()
        assert cache_marks(result.request.fields) == count


def test_a_text_the_repair_added_beside_a_document_does_not_shift_the_places() -> None:
    """Bedrock wants text beside a document: the repair adds it, and the writer's
    warnings about the blocks around it still name their places in the input (real
    recorded requests raised IndexError here once)."""
    document = {"type": "document", "source": {"type": "base64",
                "mediaType": "application/pdf", "data": "JVBERi0xLjQ="}}  # fmt: skip
    image = {"type": "image", "source": {"type": "base64", "mediaType": "image/png",
             "data": "iVBORw0KGgo="}, "detail": "high"}  # fmt: skip
    history = [{"role": "user", "id": "u", "content": [
        {"type": "text", "text": ""}, image, document, {"type": "text", "text": " "}, image]}]  # fmt: skip
    result = retarget(history, "bedrock-converse")
    assert [(str(c.code), c.path) for c in result.report] == [
        ("DROPPED_EMPTY_CONTENT", "/0/content"),
        ("ADDED_DOCUMENT_TEXT", "/0/content"),
        ("IMAGE_DETAIL_NOT_SENT", "/0/content/1/detail"),
        ("DOCUMENT_DETAIL_NOT_SENT", "/0/content/2/title"),
        ("IMAGE_DETAIL_NOT_SENT", "/0/content/4/detail"),
    ]
    assert result.diagnostics == ()
