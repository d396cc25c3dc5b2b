"""Opaque values stay with their maker: a thinking signature (Anthropic's signature or
redacted data, OpenAI's reasoning reference with its encrypted content) and Gemini's
thoughtSignature go back only to the wire format that made them.

* The readers of Anthropic and OpenAI Responses (requests, replies, streams) record the
  maker in ``signatureProvider``; Gemini's signature is a field of its own.
* Every writer drops another format's value with one warning at its place
  (FOREIGN_SIGNATURE_DROPPED for a thinking signature, SIGNATURE_NOT_SENT for a Gemini
  thoughtSignature), and sends a value back to its own maker byte for byte.
* A signature with no maker recorded (a transcript from before) is judged as before.
* The property: for every ordered pair of formats, a history written to the first, read
  back and written to the second holds none of the first's opaque values (and each drop
  is warned at its block), and written back to the first holds all of them unchanged.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openai
from anthropic.types import MessageParam
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from langchain_core.messages import AIMessage, HumanMessage
from pydantic_ai import messages as pm

import agent_ir.wire
from agent_ir.adapters import from_langchain, from_pydantic_ai
from agent_ir.wire import (
    ConversionWarningCode,
    OpenAIResponsesStream,
    WireRequest,
    from_anthropic,
    from_gemini,
    reply_from_anthropic,
    reply_from_gemini,
    reply_from_openai_responses,
    to_anthropic,
    to_gemini,
    to_openai_responses,
)
from agent_ir.wire._registry import provider_names, request_reader

from support.examples import examples
from support.histories import ENCRYPTED, REASONING_ITEM, responses_history
from support.sdk import assert_sdk_accepts

FIXTURES = Path(__file__).parents[2] / "fixtures" / "wire"
Code = ConversionWarningCode
FOREIGN = Code.FOREIGN_SIGNATURE_DROPPED

ANTHROPIC_SIGNATURE = "EqQBCkgIBhABGAIiQAnthropicSignature=="
REDACTED_DATA = "EmwKAhgBEgyAnthropicRedactedData=="
THOUGHT_SIGNATURE = "CiQBjz1rX0dlbWluaVRob3VnaHQ="
CALL_SIGNATURE = "CiQBjz1rX0dlbWluaUNhbGw="

# How each provider's requests carry an opaque value back: "signature" (a thinking
# block's signature as it is), "reference" (an OpenAI reasoning item: id and encrypted
# content), "detail" (an OpenRouter reasoning detail of OpenAI Chat), "thoughtSignature"
# (Gemini's, on any part), or None (it takes none back).
# Every registered provider must be named, so that a new one joins the pair property
# (the providers of other branches are named ahead: a name not registered is not used).
OPAQUE_FORMS: dict[str, str | None] = {
    "openai-chat": "detail",
    "openai-responses": "reference",
    "anthropic": "signature",
    "gemini": "thoughtSignature",
    "mistral": "signature",
    "bedrock-converse": "signature",
}


def writer(name: str) -> Callable[[Any], WireRequest]:
    """The ``to_*`` of registered provider ``name``."""
    function: Callable[[Any], WireRequest] = getattr(agent_ir.wire, f"to_{name.replace('-', '_')}")
    return function


WRITERS = {name: writer(name) for name in provider_names()}


def sent(request: WireRequest) -> str:
    """The request's fields as JSON text (bytes, which Bedrock's blobs are, as Latin-1
    text, so that a token inside them is still found)."""
    return json.dumps(request.fields, default=lambda value: bytes(value).decode("latin-1"))


def places(request: WireRequest) -> list[tuple[str, str]]:
    return [(w.code.value, w.path) for w in request.warnings]


# --- OpenAI Responses reasoning -> Anthropic: the case of issue 39 -----------------------


def test_a_reasoning_item_read_from_a_request_goes_to_anthropic_without_openais_signature() -> None:
    history = responses_history()
    assert history[1].content[0].signature_provider == "openai-responses"
    request = to_anthropic(history)
    assert ENCRYPTED not in sent(request)
    assert "rs_0a1b2c" not in sent(request)
    assert places(request) == [("FOREIGN_SIGNATURE_DROPPED", "/1/content/0")]
    assert request.fields["messages"][1] == {
        "role": "assistant",
        "content": [{"type": "text", "text": "480"}],
    }
    assert_sdk_accepts(request.fields["messages"], list[MessageParam], "messages")


def test_a_reasoning_item_of_a_reply_goes_to_anthropic_without_openais_signature() -> None:
    reply = {
        "id": "resp_1",
        "object": "response",
        "created_at": 1733000000,
        "model": "o4-mini",
        "status": "completed",
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
        "output": [
            REASONING_ITEM,
            {
                "type": "message",
                "id": "msg_1",
                "role": "assistant",
                "status": "completed",
                "content": [{"type": "output_text", "text": "480", "annotations": []}],
            },
        ],
        "usage": {
            "input_tokens": 9,
            "output_tokens": 30,
            "total_tokens": 39,
            "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 0},
            "output_tokens_details": {"reasoning_tokens": 24},
        },
    }
    openai.types.responses.Response.model_validate(reply)  # a reply the SDK parses
    message = reply_from_openai_responses(reply, request_id="r1").message
    assert message.content[0].signature_provider == "openai-responses"
    question = {"role": "user", "id": "u1", "content": "What is 27 + 453?"}
    request = to_anthropic([question, message])
    assert ENCRYPTED not in sent(request)
    assert places(request) == [("FOREIGN_SIGNATURE_DROPPED", "/1/content/0")]
    # Back to OpenAI, the same item goes as it came, encrypted content byte for byte.
    back = to_openai_responses([question, message])
    assert back.warnings == ()
    assert back.fields["input"][1] == REASONING_ITEM


def test_the_reasoning_of_a_recorded_stream_goes_to_anthropic_without_openais_signature() -> None:
    """The recorded Responses stream's reasoning item (two summary parts): stamped by
    the stream, neither part goes to Anthropic, and OpenAI gets its item back."""
    body = (FIXTURES / "openai-responses" / "reasoning-summary.sse").read_bytes()
    message = OpenAIResponsesStream([body], request_id="r1").result().message
    thinking = [b for b in message.content if b.type == "thinking"]
    assert [b.signature_provider for b in thinking] == ["openai-responses"] * 2
    encrypted = json.loads(thinking[0].signature)["encrypted_content"]
    question = {"role": "user", "id": "u1", "content": "What is pi?"}
    request = to_anthropic([question, message])
    assert encrypted not in sent(request)
    assert places(request) == [
        ("FOREIGN_SIGNATURE_DROPPED", "/1/content/0"),
        ("FOREIGN_SIGNATURE_DROPPED", "/1/content/1"),
    ]
    back = to_openai_responses([question, message])
    assert back.fields["input"][1]["encrypted_content"] == encrypted


def test_a_redacted_reasoning_of_openai_is_not_sent_to_anthropic_as_redacted_thinking() -> None:
    block = responses_history()[1].content[0]
    hostile = {
        "type": "thinking",
        "thinking": "",
        "signature": block.signature,
        "signatureProvider": "openai-responses",
        "redacted": True,
    }
    request = to_anthropic([{"role": "assistant", "id": "a", "content": [hostile]}])
    assert ENCRYPTED not in sent(request)
    assert places(request) == [
        ("FOREIGN_SIGNATURE_DROPPED", "/0/content/0"),
        ("MESSAGE_NOT_SENT", "/0"),
    ]


# --- Anthropic's signature and redacted data -> Gemini, OpenAI ---------------------------


def anthropic_history() -> Any:
    return from_anthropic(
        [
            {"role": "user", "content": "What is 27 + 453?"},
            {
                "role": "assistant",
                "content": [
                    {
                        "type": "thinking",
                        "thinking": "27 + 453 = 480.",
                        "signature": ANTHROPIC_SIGNATURE,
                    },
                    {"type": "redacted_thinking", "data": REDACTED_DATA},
                    {"type": "text", "text": "480"},
                ],
            },
        ]
    )


def test_anthropic_reads_stamp_the_maker_on_request_reply_and_redacted_blocks() -> None:
    history = anthropic_history()
    assert [b.signature_provider for b in history[1].content[:2]] == ["anthropic", "anthropic"]
    reply = reply_from_anthropic(
        {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-5",
            "content": [
                {"type": "thinking", "thinking": "t", "signature": ANTHROPIC_SIGNATURE},
                {"type": "redacted_thinking", "data": REDACTED_DATA},
                {"type": "text", "text": "480"},
            ],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": 9, "output_tokens": 30},
        },
        request_id="r1",
    )
    assert [b.signature_provider for b in reply.message.content[:2]] == ["anthropic", "anthropic"]


def test_an_anthropic_signature_goes_to_gemini_without_it_and_the_reasoning_as_a_thought() -> None:
    request = to_gemini(anthropic_history())
    assert ANTHROPIC_SIGNATURE not in sent(request)
    assert REDACTED_DATA not in sent(request)
    assert places(request) == [
        ("FOREIGN_SIGNATURE_DROPPED", "/1/content/0/signature"),
        ("THINKING_NOT_SENT", "/1/content/1"),  # redacted: no Gemini form, data and all
    ]
    assert request.fields["contents"][1]["parts"] == [
        {"text": "27 + 453 = 480.", "thought": True},
        {"text": "480"},
    ]


def test_an_anthropic_signature_goes_to_openai_responses_without_its_blocks() -> None:
    request = to_openai_responses(anthropic_history())
    assert ANTHROPIC_SIGNATURE not in sent(request)
    assert REDACTED_DATA not in sent(request)
    assert places(request) == [
        ("FOREIGN_SIGNATURE_DROPPED", "/1/content/0"),
        ("FOREIGN_SIGNATURE_DROPPED", "/1/content/1"),
    ]


def test_an_anthropic_signature_goes_to_bedrock_without_it_and_the_reasoning_unsigned() -> None:
    """Bedrock's Claude signs its own reasoning: Anthropic's signature is not sent there
    (the text goes as unsigned reasoning does), nor its redacted data."""
    request = WRITERS["bedrock-converse"](anthropic_history())
    assert ANTHROPIC_SIGNATURE not in sent(request)
    assert places(request) == [
        ("FOREIGN_SIGNATURE_DROPPED", "/1/content/0/signature"),
        ("FOREIGN_SIGNATURE_DROPPED", "/1/content/1"),
    ]
    assert request.fields["messages"][1]["content"][0] == {
        "reasoningContent": {"reasoningText": {"text": "27 + 453 = 480."}}
    }


def test_an_anthropic_history_goes_back_to_anthropic_byte_for_byte() -> None:
    request = to_anthropic(anthropic_history())
    assert request.warnings == ()
    assert request.fields["messages"][1]["content"][:2] == [
        {"type": "thinking", "thinking": "27 + 453 = 480.", "signature": ANTHROPIC_SIGNATURE},
        {"type": "redacted_thinking", "data": REDACTED_DATA},
    ]


# --- Gemini's thoughtSignature -> Anthropic, OpenAI ------------------------------------

GEMINI_CONTENTS = [
    {"role": "user", "parts": [{"text": "Read a.txt."}]},
    {
        "role": "model",
        "parts": [
            {"text": "Read it first.", "thought": True, "thoughtSignature": THOUGHT_SIGNATURE},
            {
                "functionCall": {"id": "c1", "name": "read", "args": {"path": "a.txt"}},
                "thoughtSignature": CALL_SIGNATURE,
            },
        ],
    },
    {
        "role": "user",
        "parts": [{"functionResponse": {"id": "c1", "name": "read", "response": {"ok": 1}}}],
    },
]


def test_gemini_signatures_go_to_no_other_format_each_warned_at_its_place() -> None:
    history = from_gemini(GEMINI_CONTENTS)
    for name in ("anthropic", "openai-responses", "openai-chat"):
        request = WRITERS[name](history)
        assert THOUGHT_SIGNATURE not in sent(request), name
        assert CALL_SIGNATURE not in sent(request), name
        signature_places = [p for c, p in places(request) if c == "SIGNATURE_NOT_SENT"]
        assert signature_places == [
            "/1/content/0/thoughtSignature",
            "/1/content/1/thoughtSignature",
        ], name


def test_a_gemini_reply_signature_goes_back_to_gemini_byte_for_byte_and_nowhere_else() -> None:
    reply = reply_from_gemini(
        {
            "candidates": [
                {
                    "content": {"role": "model", "parts": GEMINI_CONTENTS[1]["parts"]},
                    "finishReason": "STOP",
                }
            ],
            "usageMetadata": {"promptTokenCount": 5, "candidatesTokenCount": 7},
            "modelVersion": "gemini-3-pro-preview",
        },
        request_id="r1",
    )
    question = {"role": "user", "id": "u1", "content": "Read a.txt."}
    own = to_gemini([question, reply.message])
    assert own.fields["contents"][1]["parts"] == GEMINI_CONTENTS[1]["parts"]
    anthropic = to_anthropic([question, reply.message])
    assert THOUGHT_SIGNATURE not in sent(anthropic)
    assert CALL_SIGNATURE not in sent(anthropic)


def test_a_history_read_from_gemini_goes_back_to_gemini_byte_for_byte() -> None:
    request = to_gemini(from_gemini(GEMINI_CONTENTS))
    assert request.warnings == ()
    assert request.fields["contents"] == GEMINI_CONTENTS


def test_openai_reasoning_goes_back_to_openai_byte_for_byte() -> None:
    request = to_openai_responses(responses_history())
    assert request.warnings == ()
    assert request.fields["input"][1] == REASONING_ITEM


# --- the maker as recorded -------------------------------------------------------------


def test_a_signature_with_no_maker_recorded_is_sent_as_before() -> None:
    """A transcript written before makers were recorded: each writer goes by the
    signature's form, as it did (to_anthropic sends any signature)."""
    old = {"type": "thinking", "thinking": "t", "signature": ANTHROPIC_SIGNATURE}
    request = to_anthropic([{"role": "assistant", "id": "a", "content": [old]}])
    assert request.warnings == ()
    assert request.fields["messages"][0]["content"] == [old]


def test_a_maker_is_compared_exactly_and_an_unknown_one_is_foreign_everywhere() -> None:
    for maker in ("Anthropic", " anthropic", "anthropic-vertex", "openai", "x"):
        block = {
            "type": "thinking",
            "thinking": "t",
            "signature": ANTHROPIC_SIGNATURE,
            "signatureProvider": maker,
        }
        transcript = [{"role": "assistant", "id": "a", "content": [block]}]
        for name in ("anthropic", "openai-responses", "gemini"):
            request = WRITERS[name](transcript)
            assert ANTHROPIC_SIGNATURE not in sent(request), (maker, name)
            assert request.warnings[0].code == FOREIGN, (maker, name)


def test_the_recorded_maker_wins_over_the_form_of_the_signature() -> None:
    """An OpenAI reference that says Anthropic made it goes to Anthropic, not to OpenAI:
    the maker recorded is the reader's word; the form is only a guess."""
    reference = responses_history()[1].content[0].signature
    block = {"type": "thinking", "thinking": "", "signature": reference}
    transcript = [
        {"role": "assistant", "id": "a", "content": [{**block, "signatureProvider": "anthropic"}]}
    ]
    assert places(to_openai_responses(transcript))[0] == (
        "FOREIGN_SIGNATURE_DROPPED",
        "/0/content/0",
    )
    assert to_anthropic(transcript).warnings == ()


def test_a_hostile_maker_is_foreign_and_named_bounded_and_printable() -> None:
    for maker in ("x" * 100_000, "\u202eciporhtna", "anthropic\n"):
        block = {"type": "thinking", "thinking": "t", "signature": "s", "signatureProvider": maker}
        request = to_anthropic([{"role": "assistant", "id": "a", "content": [block]}])
        (warning,) = [w for w in request.warnings if w.code == FOREIGN]
        assert warning.path == "/0/content/0"
        assert len(warning.message) < 400
        assert "\u202e" not in warning.message
        assert "\n" not in warning.message


def test_a_pydantic_ai_history_keeps_each_signature_with_its_maker() -> None:
    """pydantic-ai names a thinking part's maker in ``provider_name``; read, it is the
    block's ``signatureProvider``, so that switching provider drops the signature."""

    def reply(provider: str, signature: str) -> Any:
        thinking = pm.ThinkingPart(content="t", signature=signature, provider_name=provider)
        return pm.ModelResponse(
            parts=[thinking, pm.TextPart(content="480")], provider_name=provider
        )

    question = pm.ModelRequest(parts=[pm.UserPromptPart(content="27 + 453?")])
    for provider, maker, signature, other in (
        ("anthropic", "anthropic", ANTHROPIC_SIGNATURE, to_openai_responses),
        ("openai", "openai-responses", ENCRYPTED, to_anthropic),
        ("google-gla", "google-gla", THOUGHT_SIGNATURE, to_anthropic),
    ):
        history = from_pydantic_ai([question, reply(provider, signature)])
        assert history[1].content[0].signature_provider == maker
        request = other(history)
        assert signature not in sent(request), provider
        assert places(request) == [("FOREIGN_SIGNATURE_DROPPED", "/1/content/0")], provider
    own = to_anthropic(from_pydantic_ai([question, reply("anthropic", ANTHROPIC_SIGNATURE)]))
    assert own.fields["messages"][1]["content"][0]["signature"] == ANTHROPIC_SIGNATURE


def test_a_langchain_history_keeps_each_signature_with_its_maker() -> None:
    """LangChain names the reply's maker in ``response_metadata["model_provider"]``
    (Anthropic's reply in its legacy content, OpenAI's in v1 blocks)."""
    anthropic = {"type": "thinking", "thinking": "t", "signature": ANTHROPIC_SIGNATURE}
    openai = {"type": "reasoning", "reasoning": "t", "extras": {"signature": ENCRYPTED}}
    for provider, maker, thinking, other in (
        ("anthropic", "anthropic", anthropic, to_openai_responses),
        ("openai", "openai-responses", openai, to_anthropic),
    ):
        reply = AIMessage(
            content=[thinking, {"type": "text", "text": "480"}],
            response_metadata={"model_provider": provider},
        )
        history = from_langchain([HumanMessage("27 + 453?"), reply])
        assert history.warnings == ()
        assert history[1].content[0].signature_provider == maker
        request = other(history)
        assert ANTHROPIC_SIGNATURE not in sent(request), provider
        assert ENCRYPTED not in sent(request), provider
        assert places(request) == [("FOREIGN_SIGNATURE_DROPPED", "/1/content/0")], provider


# --- the property: every ordered pair of formats ---------------------------------------

# The formats whose requests carry opaque values back.
MAKERS = [name for name in provider_names() if OPAQUE_FORMS[name] is not None]


def test_every_registered_provider_says_how_it_carries_opaque_values() -> None:
    assert set(provider_names()) <= set(OPAQUE_FORMS)
    assert {"openai-chat", "anthropic", "openai-responses", "gemini"} <= set(MAKERS)


@st.composite
def signed_histories(draw: st.DrawFn) -> tuple[list[Any], list[str]]:
    """A history whose assistant turns hold thinking and tool calls signed with tokens
    that appear nowhere else, and the tokens: written to a maker, each is an opaque value
    of that maker (an Anthropic signature, an OpenAI reasoning item's encrypted content,
    a Gemini thoughtSignature)."""
    tokens: list[str] = []
    messages: list[Any] = [{"role": "user", "id": "u0", "content": "Go."}]
    for turn in range(draw(st.integers(min_value=1, max_value=3))):
        blocks: list[Any] = []
        for position in range(draw(st.integers(min_value=1, max_value=3))):
            token = f"OPAQUE{turn}x{position}x{draw(st.integers(0, 10**6))}"
            tokens.append(token)
            text = draw(st.sampled_from(["", "Think it over."]))
            blocks.append({"type": "thinking", "thinking": text, "_token": token})
        if draw(st.booleans()):
            token = f"OPAQUECALL{turn}x{draw(st.integers(0, 10**6))}"
            tokens.append(token)
            call = {"type": "toolCall", "id": f"c{turn}", "name": "read", "arguments": {}}
            blocks.append({**call, "_token": token})
        blocks.append({"type": "text", "text": f"Step {turn}."})
        messages.append({"role": "assistant", "id": f"a{turn}", "content": blocks})
        if blocks[-2]["type"] == "toolCall":
            result = {"role": "toolResult", "id": f"r{turn}", "toolCallId": f"c{turn}"}
            messages.append({**result, "toolName": "read", "content": "ok", "isError": False})
        messages.append({"role": "user", "id": f"u{turn + 1}", "content": "Next."})
    return messages, tokens


def signed_by(maker: str, history: list[Any]) -> list[Any]:
    """``history`` with each token as an opaque value of ``maker`` (no maker recorded:
    the maker's reader records it when the request is read back)."""
    out = []
    for message in history:
        if message["role"] != "assistant":
            out.append(message)
            continue
        content = []
        for block in message["content"]:
            block = dict(block)
            token = block.pop("_token", None)
            form = OPAQUE_FORMS[maker]
            if token is not None and form == "thoughtSignature":
                block["thoughtSignature"] = token
            elif token is not None and block["type"] == "thinking" and form == "signature":
                block["signature"] = token
            elif token is not None and block["type"] == "thinking" and form == "detail":
                detail = {"type": "reasoning.text", "signature": token}
                block["signature"] = json.dumps(detail, separators=(",", ":"))
            elif token is not None and block["type"] == "thinking":
                reference = {"type": "reasoning", "id": f"rs_{token}", "encrypted_content": token}
                block["signature"] = json.dumps(reference, separators=(",", ":"))
            content.append(block)
        out.append({**message, "content": content})
    return out


def made_by(maker: str, tokens: list[str]) -> list[str]:
    """The tokens that are ``maker``'s opaque values (Gemini alone signs tool calls)."""
    signs_calls = OPAQUE_FORMS[maker] == "thoughtSignature"
    return [t for t in tokens if signs_calls or not t.startswith("OPAQUECALL")]


def read_back(maker: str, request: WireRequest) -> Any:
    reader = request_reader(maker)
    fields = request.fields
    system = None if reader.system_key is None else fields.get(reader.system_key)
    return reader.convert(fields[reader.messages_key], system, None)


@settings(
    max_examples=examples(25),
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(signed_histories())
def test_no_request_holds_an_opaque_value_another_format_made(
    drawn: tuple[list[Any], list[str]],
) -> None:
    history, tokens = drawn
    for maker in MAKERS:
        made = made_by(maker, tokens)
        read = read_back(maker, WRITERS[maker](signed_by(maker, history)))
        for target, write in WRITERS.items():
            request = write(read)
            text = sent(request)
            if target == maker:
                assert all(text.count(token) >= 1 for token in made), (maker, target)
                continue
            assert [t for t in made if t in text] == [], (maker, target)
            warned = {block_of(w.path) for w in request.warnings}
            for index, message in enumerate(read):
                for block_index, block in enumerate(message.content):
                    if opaque_value(block) is not None:
                        where = f"/{index}/content/{block_index}"
                        assert where in warned, (maker, target, where)


def block_of(path: str) -> str:
    """The block a warning's path is in (``/2/content/1/signature`` -> ``/2/content/1``)."""
    match = re.match(r"/[0-9]+/content/[0-9]+", path)
    return "" if match is None else match.group()


def opaque_value(block: Any) -> str | None:
    return getattr(block, "signature", None) or getattr(block, "thought_signature", None)
