"""The pair matrix: every recording of ``fixtures/wire/`` (read from its format into the
IR, as the next turn of a session: ``support.round_trip.session``) and the README's
histories, retargeted to every provider. For each ordered pair of a source format and a
target:

* the request passes ``check_wire_rules`` for the target with 0 diagnostics (what
  ``retarget`` reports in ``diagnostics``, and checked again here);
* the request passes the official SDK's request types (openai, anthropic, google-genai,
  botocore's parameter validation, mistralai);
* read back with the target's ``from_*``, every difference from the source is in the
  report, at its path in the source (``support.round_trip.unwarned_differences``); a
  tool-call id the report says was renamed is compared under its new name.

Not compared, as the round-trip matrix does not compare them: message ids, and the
reply's provider, model, usage and stop reason (no request holds them)."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from anthropic.types import MessageParam, TextBlockParam
from google.genai import types as genai
from openai.types.chat import ChatCompletionMessageParam
from openai.types.responses import ResponseInputItemParam

from agent_ir import check_wire_rules, parse_message, retarget, to_json_value
from agent_ir.wire import (
    WireMessages,
    from_anthropic,
    from_bedrock_converse,
    from_gemini,
    from_mistral,
    from_openai_chat,
    from_openai_responses,
)
from agent_ir.wire._registry import provider_names

from support.bedrock import validation_errors
from support.builders import readme_transcript
from support.round_trip import recorded_replies, session, unwarned_differences
from support.sdk import assert_mistral_accepts, assert_sdk_accepts

Fields = dict[str, Any]


def _gemini_accepts(fields: Fields) -> None:
    for content in fields["contents"]:
        genai.Content.model_validate(content)
    if "systemInstruction" in fields:
        genai.Content.model_validate(fields["systemInstruction"])


def _anthropic_accepts(fields: Fields) -> None:
    assert_sdk_accepts(fields["messages"], list[MessageParam], "messages")
    if "system" in fields:
        assert_sdk_accepts(fields["system"], str | list[TextBlockParam], "system")


def _chat_accepts(fields: Fields) -> None:
    # OpenRouter's reasoning_details (thinking read from it goes back to it) is no key of
    # the OpenAI SDK's types: a caller sends it through the SDK's extra_body.
    messages = [
        {key: value for key, value in message.items() if key != "reasoning_details"}
        for message in fields["messages"]
    ]
    assert_sdk_accepts(messages, list[ChatCompletionMessageParam], "messages")


def _bedrock_accepts(fields: Fields) -> None:
    assert validation_errors(fields) == ""  # botocore's own parameter validation


# target -> (the official SDK's check of the request, the target's reader of it)
TARGETS: dict[str, tuple[Callable[[Fields], None], Callable[[Fields], WireMessages]]] = {
    "openai-chat": (_chat_accepts, lambda f: from_openai_chat(f["messages"])),
    "openai-responses": (
        lambda f: assert_sdk_accepts(f["input"], list[ResponseInputItemParam], "input"),
        lambda f: from_openai_responses(f["input"]),
    ),
    "anthropic": (
        _anthropic_accepts,
        lambda f: from_anthropic(f["messages"], system=f.get("system")),
    ),
    "gemini": (
        _gemini_accepts,
        lambda f: from_gemini(f["contents"], system_instruction=f.get("systemInstruction")),
    ),
    "bedrock-converse": (
        _bedrock_accepts,
        lambda f: from_bedrock_converse(f["messages"], system=f.get("system")),
    ),
    "mistral": (assert_mistral_accepts, lambda f: from_mistral(f["messages"])),
}


README = Path(__file__).resolve().parents[2] / "README.md"


def _readme() -> list[Any]:
    """The README's histories (the session of its conversion example, the Anthropic and
    pydantic-ai histories of its switching example, run as written) and the IR guide's
    example, once the README's."""
    blocks = re.findall(r"^```python\n(.*?)^```$", README.read_text(encoding="utf-8"),
                        flags=re.DOTALL | re.MULTILINE)  # fmt: skip
    found = [("readme/ir-guide", list(readme_transcript()))]
    for block, names in zip(blocks, (("session",), ("history", "transcript")), strict=False):
        scope: dict[str, Any] = {"__name__": "example"}
        exec(compile(block, str(README), "exec"), scope)
        found += [(f"readme/{name}", list(scope[name])) for name in names]
    return [
        pytest.param([_request_part(parse_message(m)) for m in messages], id=name)
        for name, messages in found
    ]


# No part of a request: no writer sends them, none warns (as support.round_trip.session).
_NOT_REQUEST = frozenset({"timestamp", "provider", "model", "usage", "stopReason"})


def _request_part(message: Any) -> Fields:
    return {k: v for k, v in to_json_value(message).items() if k not in _NOT_REQUEST}


SOURCES = [
    *(pytest.param(session(p.values[0]), id=p.id) for p in recorded_replies()),
    *_readme(),
]


def test_the_matrix_has_every_provider_as_a_target_and_every_format_as_a_source() -> None:
    assert sorted(TARGETS) == sorted(provider_names())
    assert [p.id for p in SOURCES if p.id.startswith("readme/")] == [
        "readme/ir-guide",
        "readme/session",
        "readme/history",
        "readme/transcript",
    ]
    assert {param.id.split("/")[0] for param in SOURCES} == {
        "anthropic",
        "gemini",
        "mistral",
        "openai-chat",
        "openai-responses",
        "readme",
    }


_GEMINI_IDS = {("gemini", "TOOL_CALL_ID_ADDED"), ("gemini", "RESULT_PAIRED_BY_NAME")}


def _call_ids(messages: list[Fields]) -> list[str]:
    return [
        block["id"]
        for message in messages
        if message["role"] == "assistant" and isinstance(message["content"], list)
        for block in message["content"]
        if block["type"] == "toolCall"
    ]


def _assigned_again(sent: list[Fields], got: list[Fields]) -> dict[str, str]:
    """Gemini's reader gives a call without an id one (``gemini_call_<reply id>_<n>`` in a
    reply, ``gemini_call_<turn>_<n>`` in a request) that its writer does not send: each
    such id of ``sent`` -> the id the call read back with (the calls in order)."""
    pairs = zip(_call_ids(sent), _call_ids(got), strict=True)
    return {old: new for old, new in pairs if old.startswith("gemini_call_")}


def _renamed(sent: list[Fields], renamed: dict[str, str]) -> list[Fields]:
    """``sent`` with each renamed tool-call id as the report gives it (a rename is
    reported once, at the call; its results follow it)."""

    def call(block: Fields) -> Fields:
        if block["type"] != "toolCall" or block["id"] not in renamed:
            return block
        return {**block, "id": renamed[block["id"]]}

    out = []
    for message in sent:
        if message["role"] == "toolResult" and message["toolCallId"] in renamed:
            message = {**message, "toolCallId": renamed[message["toolCallId"]]}
        elif message["role"] == "assistant" and isinstance(message["content"], list):
            message = {**message, "content": [call(block) for block in message["content"]]}
        out.append(message)
    return out


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("sent", SOURCES)
def test_each_source_retargeted_to_each_provider_is_accepted_and_every_difference_reported(
    sent: list[Fields], target: str
) -> None:
    accepts, read = TARGETS[target]
    result = retarget(sent, target)  # type: ignore[arg-type]

    assert result.diagnostics == ()
    assert check_wire_rules(result.transcript, target) == ()  # type: ignore[arg-type]
    accepts(result.request.fields)
    for change in result.report:
        assert change.path.startswith(f"/{change.message_index}")
    back = read(result.request.fields)
    # A Gemini call read from Gemini had no id: the one its reader assigned is not sent
    # back, and reading the request back assigns it again and pairs its response by
    # name, saying so.
    assert [w for w in back.warnings if (target, w.code) not in _GEMINI_IDS] == []
    got = [to_json_value(message) for message in back]
    renamed = dict(result.renamed_ids)
    if target == "gemini":  # the ids its reader assigned (not sent) assigned again
        renamed |= _assigned_again(sent, got)
    expected = _renamed(sent, renamed)
    assert unwarned_differences(expected, got, [c.path for c in result.report]) == []


_OWN = [
    pytest.param(p.id.split("/")[0], p.values[0], id=p.id)
    for p in SOURCES
    if p.id.split("/")[0] in TARGETS
]


@pytest.mark.parametrize(("provider", "sent"), _OWN)
def test_a_history_retargeted_to_the_provider_it_came_from_is_its_writer_s_request(
    provider: str, sent: list[Fields]
) -> None:
    """Unchanged: the request is the provider's own ``to_*`` of the history, the report
    only that writer's warnings (each recording is its provider's reply)."""
    result = retarget(sent, provider)  # type: ignore[arg-type]
    module = importlib.import_module(f"agent_ir.wire.{provider.replace('-', '_')}")
    written = getattr(module, f"to_{provider.replace('-', '_')}")(sent)
    assert result.request == written
    assert [(c.code, c.path) for c in result.report] == [(w.code, w.path) for w in written.warnings]
    assert dict(result.renamed_ids) == {}
