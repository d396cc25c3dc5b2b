"""The registry's request readers (``ProviderSpec.request``), as the CLI calls them:
``convert(messages, system, tools)``, each format's ``from_*`` with the line's tools;
and the OpenAI Chat reader reading fine-tuning lines, whose assistant ``weight`` it
reads without a warning (the public ``from_openai_chat`` warns about it)."""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir import ToolDefinition
from agent_ir.wire import WireFormatError, from_openai_chat
from agent_ir.wire._registry import REGISTRY

PROVIDERS = tuple(REGISTRY)
LINE_TOOLS: dict[str, list[dict[str, Any]]] = {
    "openai-chat": [{"type": "function", "function": {"name": "lookup"}}],
    "openai-responses": [{"type": "function", "name": "lookup"}],
    "anthropic": [{"name": "lookup", "input_schema": {"type": "object"}}],
    "gemini": [{"functionDeclarations": [{"name": "lookup"}]}],
    "bedrock-converse": [
        {"toolSpec": {"name": "lookup", "inputSchema": {"json": {"type": "object"}}}}
    ],
    "mistral": [{"type": "function", "function": {"name": "lookup"}}],
}
MESSAGES: dict[str, list[dict[str, Any]]] = {
    "openai-chat": [{"role": "user", "content": "hi"}],
    "openai-responses": [{"role": "user", "content": "hi"}],
    "anthropic": [{"role": "user", "content": "hi"}],
    "gemini": [{"role": "user", "parts": [{"text": "hi"}]}],
    "bedrock-converse": [{"role": "user", "content": [{"text": "hi"}]}],
    "mistral": [{"role": "user", "content": "hi"}],
}
FINE_TUNING = [
    {"role": "system", "content": "Be brief."},
    {"role": "user", "content": "hi"},
    {"role": "assistant", "content": "Hello!", "weight": 0},
    {"role": "user", "content": "bye"},
    {"role": "assistant", "content": "Bye!", "weight": 1},
]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_each_reader_names_the_tools_key_and_reads_the_lines_tools(provider: str) -> None:
    reader = REGISTRY[provider].request
    assert reader.tools_key == ("toolConfig" if provider == "bedrock-converse" else "tools")

    read = reader.convert(MESSAGES[provider], None, LINE_TOOLS[provider])

    assert read.tools == (ToolDefinition(name="lookup"),)
    assert reader.convert(MESSAGES[provider], None, None).tools is None


def test_the_anthropic_reader_reads_the_system_key_beside_the_tools() -> None:
    read = REGISTRY["anthropic"].request.convert(
        MESSAGES["anthropic"], "Be brief.", LINE_TOOLS["anthropic"]
    )
    assert [message.role for message in read] == ["system", "user"]
    assert read.tools == (ToolDefinition(name="lookup"),)


def test_the_gemini_reader_reads_the_system_instruction_beside_the_tools() -> None:
    read = REGISTRY["gemini"].request.convert(
        MESSAGES["gemini"], {"parts": [{"text": "Be brief."}]}, LINE_TOOLS["gemini"]
    )
    assert [message.role for message in read] == ["system", "user"]
    assert read[0].content == "Be brief."
    assert read.tools == (ToolDefinition(name="lookup"),)


def test_the_chat_reader_reads_the_assistant_weight_of_a_fine_tuning_line_silently() -> None:
    read = REGISTRY["openai-chat"].request.convert(FINE_TUNING, None, None)

    assert read.warnings == ()
    assert [message.role for message in read] == [
        "system",
        "user",
        "assistant",
        "user",
        "assistant",
    ]
    assert FINE_TUNING[2]["weight"] == 0  # the caller's line is left as it was


def test_the_public_chat_reader_warns_about_weight_which_a_chat_request_does_not_have() -> None:
    read = from_openai_chat(FINE_TUNING)

    assert [(str(w.code), w.path) for w in read.warnings] == [
        ("PART_NOT_READ", "/messages/2/weight"),
        ("PART_NOT_READ", "/messages/4/weight"),
    ]


def test_a_weight_outside_an_assistant_message_is_warned_about_as_before() -> None:
    line = [{"role": "user", "content": "hi", "weight": 1}]
    read = REGISTRY["openai-chat"].request.convert(line, None, None)
    assert [(str(w.code), w.path) for w in read.warnings] == [
        ("PART_NOT_READ", "/messages/0/weight")
    ]


@pytest.mark.parametrize(
    ("weight", "reason"),
    [
        (2, "must be 0 or 1; it is a number (2)"),
        (-1, "must be 0 or 1; it is a number (-1)"),
        (True, "must be 0 or 1; it is a boolean (true)"),
        (1.0, "must be 0 or 1; it is a number (1.0)"),
        ("1", "must be 0 or 1; it is a string ('1')"),
    ],
)
def test_a_weight_other_than_0_or_1_is_a_wire_format_error_at_its_path(
    weight: Any, reason: str
) -> None:
    line = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "ok", "weight": weight},
    ]

    with pytest.raises(WireFormatError) as raised:
        REGISTRY["openai-chat"].request.convert(line, None, None)

    assert raised.value.path == ("messages", 1, "weight")
    assert raised.value.reason == reason


def test_a_null_weight_says_nothing() -> None:
    line = [{"role": "assistant", "content": "ok", "weight": None}]
    assert REGISTRY["openai-chat"].request.convert(line, None, None).warnings == ()


def test_the_chat_reader_still_reports_input_that_is_not_a_list() -> None:
    with pytest.raises(WireFormatError) as raised:
        REGISTRY["openai-chat"].request.convert({"role": "user"}, None, None)
    assert raised.value.path == ("messages",)


def test_assigned_ids_are_the_same_text_kept_or_not() -> None:
    """A message the wire gives no id is ``message-<position + 1>`` (four digits at
    least), whether its id was made before (the first positions are kept) or not, and
    in whatever order positions are asked for."""
    from agent_ir.wire._common import _ASSIGNED, _ASSIGNED_KEPT, assigned_id

    positions = [3, 0, _ASSIGNED_KEPT + 5, _ASSIGNED_KEPT - 1, _ASSIGNED_KEPT, 9_999, 2, 3]
    assert [assigned_id(position) for position in positions] == [
        f"message-{position + 1:04d}" for position in positions
    ]
    assert len(_ASSIGNED) == _ASSIGNED_KEPT  # the ids kept are bounded
    read = from_openai_chat([{"role": "user", "content": "hi"}] * 3)
    assert [message.id for message in read] == [
        "message-0001",
        "message-0002",
        "message-0003",
    ]
