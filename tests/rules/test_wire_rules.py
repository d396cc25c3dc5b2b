"""``check_wire_rules``: each provider's own rules pinned exactly, with everything
``validate_transcript`` reports, in order.

* every rule for every provider (code, message index, JSON Pointer), and where a rule
  does not apply: "openai-responses" takes results anywhere after their call,
  "anthropic" also after a run of assistant messages starting with the call's (one
  turn); only "anthropic" has the empty-content rule (whitespace-only text is empty:
  Python's and ECMA's whitespace, each character; a whitespace-only text block beside
  other content is accepted, as Anthropic accepts it; "bedrock-converse" has it too);
  only "bedrock-converse" refuses an assistant message first (Anthropic accepts it);
* what Anthropic accepts where agent-ir is stricter on purpose: a call id used again
  once its call was answered is not reported for "anthropic" (each use is a call of its
  own), and is DUPLICATE_TOOL_CALL_ID for the others, saying so;
* a result pairs with the latest earlier call of its id (as ``repair_transcript``);
* ``validate_transcript``'s diagnostics are all included, interleaved by position;
  IR and JSON-form messages mixed give the same answer;
* malformed messages: the rules run over the messages valid on their own, but the
  readable ids of a malformed message's calls count for pairing results;
* a provider that is not registered is a ``ValueError``; nothing in the
  transcript ever makes it raise (the hostile doubles and the adversarial catalogue);
  each entry is read once, so a mapping that changes between reads hides nothing;
* properties over generated transcripts with broken linkage, odd ids, empty or
  whitespace-only content, assistant messages and malformed messages inserted: the provider diagnostics equal an independent statement of each
  rule, and the rest equals ``validate_transcript``.

``check_wire_rules``' EMPTY_CONTENT diagnostics read in full: code, message index,
path and message, for each kind of empty content the rule names (these pin what
``mutation/run.py``'s ``rules`` group changes).
"""

from __future__ import annotations

import base64
import copy
import dataclasses
import re
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_ir import (
    Diagnostic,
    TextBlock,
    assistant_message,
    check_wire_rules,
    parse_message,
    user_message,
    validate_transcript,
)
from agent_ir._text import BLANK_CHARACTERS
from agent_ir.wire import _registry, from_anthropic
from agent_ir.wire._registry import REGISTRY

from support.builders import assistant, call_block, result, user
from support.examples import examples
from support.hostile import (
    CountingMapping,
    HostileInt,
    LyingList,
    LyingTuple,
    RaisingItem,
    RaisingKeys,
    RaisingList,
    RaisingMapping,
    RaisingTuple,
    ShiftingMapping,
    UnreadableAttributes,
    UnreadableClass,
    nested_lists,
    self_referencing,
)
from support.strategies import NON_EMPTY, OTHER_MESSAGES, TOOL_RESULT, transcripts

PROVIDERS = tuple(REGISTRY)
RESULT_NOT_IMMEDIATE = "RESULT_NOT_IMMEDIATE"
INVALID_TOOL_CALL_ID_FORMAT = "INVALID_TOOL_CALL_ID_FORMAT"
INVALID_ROLE_ORDER = "INVALID_ROLE_ORDER"
EMPTY_CONTENT = "EMPTY_CONTENT"
INVALID_TOOL_NAME_FORMAT = "INVALID_TOOL_NAME_FORMAT"
MISSING_THOUGHT_SIGNATURE = "MISSING_THOUGHT_SIGNATURE"
MEDIA_CODES = ("TOO_MANY_IMAGES", "TOO_MANY_DOCUMENTS", "MEDIA_TOO_LARGE", "DOCUMENT_WITHOUT_TEXT")
WIRE_CODES = frozenset(
    {
        RESULT_NOT_IMMEDIATE,
        INVALID_TOOL_CALL_ID_FORMAT,
        INVALID_ROLE_ORDER,
        EMPTY_CONTENT,
        INVALID_TOOL_NAME_FORMAT,
        MISSING_THOUGHT_SIGNATURE,
        *MEDIA_CODES,
    }
)

Located = tuple[str, int, str]


def located(diagnostics: tuple[Diagnostic, ...]) -> list[Located]:
    return [(str(d.code), d.message_index, d.path) for d in diagnostics]


def wire(transcript: Any, provider: Any) -> list[Located]:
    return located(check_wire_rules(transcript, provider))


def text(value: str = "t") -> dict[str, Any]:
    return {"type": "text", "text": value}


def system(id: str = "message-system", content: str = "be brief") -> dict[str, Any]:
    return {"role": "system", "id": id, "content": content}


def interrupted_turn() -> list[Any]:
    """A user message between a call and its result: the commonest real failure."""
    return [user("u0"), assistant("a1", [call_block("c1")]), user("u2", "wait"), result("r3", "c1")]


# --- every provider, the public shape -------------------------------------------------


def test_the_providers_are_the_registered_wire_formats() -> None:
    assert (
        *("openai-chat", "openai-responses", "anthropic", "gemini"),
        *("bedrock-converse", "mistral"),
    ) == PROVIDERS


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_valid_transcript_with_plain_ids_passes_every_provider(provider: str) -> None:
    transcript = [
        system("s0"),
        user("u1", "Read a.txt and b.txt."),
        assistant(
            "a2",
            [
                text("Reading."),
                # Gemini signs the first call of a step; the others ignore it
                # nine letters and digits: an id every provider takes (Mistral only those)
                {**call_block("call1Abcd"), "thoughtSignature": "c2lnbmVk"},
                call_block("call2Abcd", "ls"),
            ],
        ),
        result("r3", "call2Abcd", "ls"),
        result("r4", "call1Abcd"),
        assistant("a5", [text("Both read.")]),
    ]

    assert check_wire_rules(transcript, provider) == ()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_empty_transcript_passes_every_provider(provider: str) -> None:
    assert check_wire_rules([], provider) == ()
    assert check_wire_rules((), provider) == ()


# --- RESULT_NOT_IMMEDIATE ---------------------------------------------------------------


@pytest.mark.parametrize("provider", ["openai-chat", "anthropic"])
def test_a_user_message_between_a_call_and_its_result_is_result_not_immediate(
    provider: str,
) -> None:
    assert validate_transcript(interrupted_turn()) == ()
    assert wire(interrupted_turn(), provider) == [(RESULT_NOT_IMMEDIATE, 3, "/3/toolCallId")]


def test_openai_responses_takes_a_result_anywhere_after_its_call() -> None:
    transcript = [
        *interrupted_turn(),
        assistant("a4", [call_block("c2")]),
        system("s5"),
        assistant("a6", [text()]),
        result("r7", "c2"),
    ]

    assert check_wire_rules(transcript, "openai-responses") == ()
    assert wire(transcript, "openai-chat") == [
        (RESULT_NOT_IMMEDIATE, 3, "/3/toolCallId"),
        (RESULT_NOT_IMMEDIATE, 7, "/7/toolCallId"),
    ]


@pytest.mark.parametrize("provider", ["openai-chat", "anthropic"])
def test_parallel_results_right_after_their_call_pass_in_any_order(provider: str) -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1"), call_block("c2"), call_block("c3")]),
        result("r2", "c3"),
        result("r3", "c1"),
        result("r4", "c2"),
        user("u5"),
    ]

    assert check_wire_rules(transcript, provider) == ()


@pytest.mark.parametrize("provider", ["openai-chat", "anthropic"])
def test_only_the_parallel_result_after_the_interruption_is_reported(provider: str) -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1"), call_block("c2")]),
        result("r2", "c2"),
        user("u3"),
        result("r4", "c1"),
    ]

    assert wire(transcript, provider) == [(RESULT_NOT_IMMEDIATE, 4, "/4/toolCallId")]


@pytest.mark.parametrize(
    "between",
    [
        assistant("a2", [text("thinking aloud")]),
        system("s2"),
        user("u2", [text("and also")]),
    ],
    ids=["assistant", "system", "user"],
)
def test_any_message_but_a_result_between_call_and_result_is_reported_for_openai_chat(
    between: dict[str, Any],
) -> None:
    transcript = [user("u0"), assistant("a1", [call_block("c1")]), between, result("r3", "c1")]

    assert wire(transcript, "openai-chat") == [(RESULT_NOT_IMMEDIATE, 3, "/3/toolCallId")]


@pytest.mark.parametrize(
    "between",
    [system("s2"), user("u2", [text("and also")])],
    ids=["system", "user"],
)
def test_a_system_or_user_message_between_call_and_result_is_reported_for_anthropic(
    between: dict[str, Any],
) -> None:
    transcript = [user("u0"), assistant("a1", [call_block("c1")]), between, result("r3", "c1")]

    assert wire(transcript, "anthropic") == [(RESULT_NOT_IMMEDIATE, 3, "/3/toolCallId")]


def test_anthropic_takes_results_after_a_run_of_assistant_messages_from_the_call_s() -> None:
    # Anthropic joins consecutive assistant messages into one turn: the results come
    # right after that turn.
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        assistant("a2", [text("still working")]),
        result("r3", "c1"),
    ]

    assert check_wire_rules(transcript, "anthropic") == ()
    assert wire(transcript, "openai-chat") == [(RESULT_NOT_IMMEDIATE, 3, "/3/toolCallId")]
    assert check_wire_rules(transcript, "openai-responses") == ()


def test_a_longer_assistant_run_with_calls_in_two_of_its_messages() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        assistant("a2", [text("and")]),
        assistant("a3", [call_block("c2")]),
        result("r4", "c2"),
        result("r5", "c1"),
        assistant("a6", [text("done")]),
    ]

    assert check_wire_rules(transcript, "anthropic") == ()
    # For OpenAI Chat r4 is right after a3, r5 two messages too late.
    assert wire(transcript, "openai-chat") == [(RESULT_NOT_IMMEDIATE, 5, "/5/toolCallId")]


@pytest.mark.parametrize(
    ("transcript", "late"),
    [
        # The run after the call's message holds a user message: not one turn.
        (
            [
                user("u0"),
                assistant("a1", [call_block("c1")]),
                user("u2"),
                assistant("a3", [text()]),
                result("r4", "c1"),
            ],
            4,
        ),
        # A system message breaks the run too.
        (
            [
                user("u0"),
                assistant("a1", [call_block("c1")]),
                assistant("a2", [text()]),
                system("s3"),
                assistant("a4", [text()]),
                result("r5", "c1"),
            ],
            5,
        ),
        # The results of the call's turn were already given: a second turn followed.
        (
            [
                user("u0"),
                assistant("a1", [call_block("c1"), call_block("c2")]),
                result("r2", "c1"),
                assistant("a3", [text()]),
                result("r4", "c2"),
            ],
            4,
        ),
        # A malformed assistant message is not part of the turn.
        (
            [
                user("u0"),
                assistant("a1", [call_block("c1")]),
                assistant("a2", [{"type": "text"}]),
                result("r3", "c1"),
            ],
            3,
        ),
    ],
    ids=["user-before-the-run", "system-in-the-run", "after-the-turn-s-results", "malformed"],
)
def test_for_anthropic_only_assistant_messages_may_come_between(
    transcript: list[Any], late: int
) -> None:
    got = wire(transcript, "anthropic")

    assert [row for row in got if row[0] in WIRE_CODES] == [
        (RESULT_NOT_IMMEDIATE, late, f"/{late}/toolCallId")
    ]
    assert [row for row in got if row[0] not in WIRE_CODES] == located(
        validate_transcript(transcript)
    )


def test_a_run_of_results_counts_from_the_call_of_each_result() -> None:
    # r3 answers a1 but its run starts after a2: for OpenAI Chat only r3 is late; for
    # Anthropic a1 and a2 are one turn and both results follow it.
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        assistant("a2", [call_block("c2")]),
        result("r3", "c1"),
        result("r4", "c2"),
    ]

    assert wire(transcript, "openai-chat") == [(RESULT_NOT_IMMEDIATE, 3, "/3/toolCallId")]
    assert check_wire_rules(transcript, "anthropic") == ()


@pytest.mark.parametrize("provider", ["openai-chat", "anthropic"])
def test_a_late_duplicate_result_is_both_duplicate_and_not_immediate(provider: str) -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        result("r2", "c1"),
        user("u3"),
        result("r4", "c1"),
    ]

    assert wire(transcript, provider) == [
        ("DUPLICATE_TOOL_RESULT", 4, "/4/toolCallId"),
        (RESULT_NOT_IMMEDIATE, 4, "/4/toolCallId"),
    ]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_orphans_and_results_before_their_call_are_left_to_validate_transcript(
    provider: str,
) -> None:
    transcript = [
        user("u0"),
        result("r1", "call1Abcd"),
        assistant("a2", [call_block("call1Abcd")]),
        user("u3"),
        result("r4", "never-called"),
    ]

    assert wire(transcript, provider) == [
        ("TOOL_RESULT_BEFORE_CALL", 1, "/1/toolCallId"),
        ("MISSING_TOOL_RESULT", 2, "/2/content/0"),
        ("ORPHAN_TOOL_RESULT", 4, "/4/toolCallId"),
    ]


@pytest.mark.parametrize("provider", ["openai-chat", "anthropic"])
def test_a_malformed_message_between_call_and_result_still_breaks_the_run(
    provider: str,
) -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        {"role": "tool", "id": "m2", "content": "x"},
        result("r3", "c1"),
    ]

    assert wire(transcript, provider) == [
        ("INVALID_MESSAGE", 2, "/2/role"),
        (RESULT_NOT_IMMEDIATE, 3, "/3/toolCallId"),
    ]


@pytest.mark.parametrize("provider", ["openai-chat", "anthropic"])
def test_a_call_in_a_malformed_message_never_makes_its_result_late(provider: str) -> None:
    malformed = assistant("a1", [call_block("c1"), {"type": "text"}])
    transcript = [user("u0"), malformed, user("u2"), result("r3", "c1")]

    assert wire(transcript, provider) == [("INVALID_MESSAGE", 1, "/1/content/1/text")]


@pytest.mark.parametrize(
    ("second", "reported"),
    [
        ([call_block("c"), {"type": "text"}], ("INVALID_MESSAGE", 3, "/3/content/1/text")),
        (
            [{"type": "toolCall", "id": "c", "name": "", "arguments": {}}],
            ("EMPTY_TOOL_NAME", 3, "/3/content/0/name"),
        ),
    ],
    ids=["another-block-broken", "the-call-broken"],
)
def test_a_result_of_a_malformed_message_s_call_is_never_paired_with_an_earlier_call(
    second: list[Any], reported: Located
) -> None:
    # Anthropic takes "c" again once answered: r4 answers a3's call, not a0's. a3 is
    # reported; r4 follows it directly and is not late for message 0.
    transcript = [
        assistant("a0", [call_block("c")]),
        result("r1", "c"),
        user("u2"),
        assistant("a3", second),
        result("r4", "c"),
    ]

    assert wire(transcript, "anthropic") == [reported]


@pytest.mark.parametrize(
    ("provider", "expected"),
    [
        ("openai-chat", [("DUPLICATE_TOOL_CALL_ID", 3, "/3/content/0/id")]),
        ("openai-responses", [("DUPLICATE_TOOL_CALL_ID", 3, "/3/content/0/id")]),
        ("anthropic", []),  # Anthropic accepts an id used again after its result
    ],
)
def test_a_result_right_after_the_later_call_of_a_duplicated_id_is_not_late(
    provider: str, expected: list[Located]
) -> None:
    # r4 pairs with the latest earlier call of "c" (a3), as repair_transcript pairs it.
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c")]),
        result("r2", "c"),
        assistant("a3", [call_block("c")]),
        result("r4", "c"),
    ]

    assert wire(transcript, provider) == expected


@pytest.mark.parametrize("provider", ["openai-chat", "anthropic"])
def test_a_late_result_of_a_duplicated_id_is_late_for_its_latest_call(provider: str) -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c")]),
        result("r2", "c"),
        user("u3"),
        assistant("a4", [call_block("c")]),
        user("u5"),
        result("r6", "c"),
    ]

    got = check_wire_rules(transcript, provider)

    duplicate = [("DUPLICATE_TOOL_CALL_ID", 4, "/4/content/0/id")]
    assert located(got) == [
        *(duplicate if provider == "openai-chat" else []),
        (RESULT_NOT_IMMEDIATE, 6, "/6/toolCallId"),
    ]
    assert "(message 4)" in got[-1].message


# --- INVALID_TOOL_CALL_ID_FORMAT ------------------------------------------------------

ID_VERDICTS = [
    # (id, refused by openai-chat, by openai-responses, by anthropic, by gemini: no
    # rule is known, none is checked; by bedrock-converse: [a-zA-Z0-9_.:-]{1,64}; by
    # mistral: exactly 9 of [a-zA-Z0-9])
    ("call_1-A9", False, False, False, False, False, True),
    ("toolu_01Hh2Jk4Lm6Np8Qr", False, False, False, False, False, True),
    ("call 1", False, False, True, False, True, True),
    ("call.1", False, False, True, False, False, True),
    ("call/1", False, False, True, False, True, True),
    ("\u00e9t\u00e9", False, False, True, False, True, True),
    ("c\n", False, False, True, False, True, True),
    ("x" * 40, False, False, False, False, False, True),
    ("x" * 41, True, False, False, False, False, True),
    ("x" * 64, True, False, False, False, False, True),
    ("x" * 65, True, True, True, False, True, True),
    ("\u00e9" * 40, False, False, True, False, True, True),
    ("\u00e9" * 41, True, False, True, False, True, True),
    ("x" * 1000, True, True, True, False, True, True),
    ("aB3dE6gH9", False, False, False, False, False, False),
    ("aB3dE6gH", False, False, False, False, False, True),
    ("aB3dE6gH90", False, False, False, False, False, True),
    ("aB3d_6gH9", False, False, False, False, False, True),
    ("aB3d\u00e96gH9", False, False, True, False, True, True),
    ("aB3dE6gH\n", False, False, True, False, True, True),
]


@pytest.mark.parametrize(
    ("call_id", "verdicts"),
    [(call_id, verdicts) for call_id, *verdicts in ID_VERDICTS],
    ids=[f"{row[0][:12]!r}x{len(row[0])}" for row in ID_VERDICTS],
)
def test_each_provider_refuses_exactly_its_ids(call_id: str, verdicts: list[bool]) -> None:
    transcript = [
        user("u0"),
        assistant("a1", [text("first"), {**call_block(call_id), "thoughtSignature": "c2ln"}]),
        result("r2", call_id),
    ]

    for provider, refused in zip(PROVIDERS, verdicts, strict=True):
        expected = [(INVALID_TOOL_CALL_ID_FORMAT, 1, "/1/content/1/id")] if refused else []
        assert wire(transcript, provider) == expected, provider


def test_every_refused_call_of_a_message_is_reported_at_its_block() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("ok"), call_block("not ok"), text(), call_block("a.b")]),
        result("r2", "ok"),
        result("r3", "not ok"),
        result("r4", "a.b"),
    ]

    assert wire(transcript, "anthropic") == [
        (INVALID_TOOL_CALL_ID_FORMAT, 1, "/1/content/1/id"),
        (INVALID_TOOL_CALL_ID_FORMAT, 1, "/1/content/3/id"),
    ]


def test_the_id_rule_names_the_id_the_limit_and_the_provider() -> None:
    [anthropic] = check_wire_rules(
        [user("u0"), assistant("a1", [call_block("a b")]), result("r2", "a b")], "anthropic"
    )
    [chat] = check_wire_rules(
        [user("u0"), assistant("a1", [call_block("y" * 41)]), result("r2", "y" * 41)],
        "openai-chat",
    )

    assert "'a b'" in anthropic.message
    assert "64" in anthropic.message
    assert anthropic.message.endswith("for anthropic")
    assert "40" in chat.message
    assert chat.message.endswith("for openai-chat")


def test_only_calls_are_judged_not_the_ids_results_repeat() -> None:
    # The orphan's id is refused by every provider, but it is a result's: only the
    # orphan itself is reported (by validate_transcript).
    transcript = [user("u0"), result("r1", "bad id " + "z" * 70)]

    for provider in PROVIDERS:
        assert wire(transcript, provider) == [("ORPHAN_TOOL_RESULT", 1, "/1/toolCallId")]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_refused_id_in_a_malformed_message_is_not_judged(provider: str) -> None:
    # The well-formed call of a malformed message still counts for linkage (it has no
    # result), but the provider rules judge only messages valid on their own.
    malformed = assistant("a0", [call_block("bad id " + "z" * 70), {"type": "text"}])

    assert wire([user("u"), malformed], provider) == [
        ("MISSING_TOOL_RESULT", 1, "/1/content/0"),
        ("INVALID_MESSAGE", 1, "/1/content/1/text"),
    ]


# --- INVALID_ROLE_ORDER ---------------------------------------------------------------
# Only Bedrock Converse refuses an assistant message first (its record asks a user turn
# first); Anthropic accepted one (a recorded request, HTTP 200). Gemini refuses only a
# function-call turn first (tests/rules/test_gemini.py): the last case here, for it alone.


@pytest.mark.parametrize(
    "transcript",
    [
        [assistant("a0", [text()])],
        [system("s0"), system("s1"), assistant("a2", [text()])],
        [system("s0"), user("u1"), assistant("a2", [text()])],
        [assistant("a0", [call_block("call1Abcd")]), result("r1", "call1Abcd")],
    ],
    ids=["assistant-first", "after-system", "user-first", "assistant-first-call"],
)
def test_only_bedrock_needs_a_user_turn_first(transcript: list[Any]) -> None:
    first = transcript[0]
    calls_first = first["role"] == "assistant" and first["content"][0]["type"] == "toolCall"
    leading = next(i for i, m in enumerate(transcript) if m["role"] != "system")
    for provider in PROVIDERS:
        expected = []
        if provider == "gemini" and calls_first:
            expected = [
                (MISSING_THOUGHT_SIGNATURE, 0, "/0/content/0"),
                (INVALID_ROLE_ORDER, 0, "/0/role"),
            ]
        if provider == "bedrock-converse" and transcript[leading]["role"] == "assistant":
            expected = [(INVALID_ROLE_ORDER, leading, f"/{leading}/role")]
        assert wire(transcript, provider) == expected, provider


def test_an_assistant_message_first_is_accepted_for_anthropic_as_anthropic_accepts_it() -> None:
    # A minimal version of a recorded request Anthropic accepted (HTTP 200): the
    # conversation starts with the assistant's greeting.
    request = [
        {"role": "assistant", "content": [{"type": "text", "text": "Hello, how can I help?"}]},
        {"role": "user", "content": [{"type": "text", "text": "I need a potato!"}]},
    ]
    messages = from_anthropic(request, system="You are a helpful assistant.")

    assert check_wire_rules(messages, "anthropic") == ()
    asking = [name for name, spec in REGISTRY.items() if spec.turns.user_turn_first]
    assert asking == ["bedrock-converse"]


def test_a_tool_result_first_is_a_user_turn_for_anthropic_and_only_an_orphan() -> None:
    transcript = [result("r0", "c0"), assistant("a1", [text()])]

    assert wire(transcript, "anthropic") == [("ORPHAN_TOOL_RESULT", 0, "/0/toolCallId")]


def test_a_malformed_first_message_then_an_assistant_is_only_the_malformed_one() -> None:
    transcript = [{"role": "bogus"}, assistant("a1", [text()])]

    assert wire(transcript, "anthropic") == [("INVALID_MESSAGE", 0, "/0/role")]


# --- EMPTY_CONTENT --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "path"),
    [
        (user("u1", ""), "/1/content"),
        (user("u1", " "), "/1/content"),
        (user("u1", "\n\t \u3000"), "/1/content"),
        (user("u1", []), "/1/content"),
        (assistant("a1", []), "/1/content"),
        (user("u1", [text("")]), "/1/content/0/text"),
        (user("u1", [text("  ")]), "/1/content/0/text"),
        (assistant("a1", [text("")]), "/1/content/0/text"),
        (assistant("a1", [text("\n\n")]), "/1/content/0/text"),
        (assistant("a1", [text(""), call_block("c9")]), "/1/content/0/text"),
        (user("u1", [text("ok"), text("")]), "/1/content/1/text"),
    ],
    ids=[
        "user-empty-string",
        "user-space",
        "user-whitespace",
        "user-no-blocks",
        "assistant-no-blocks",
        "user-block",
        "user-blank-block",
        "assistant-block",
        "assistant-blank-block",
        "empty-block-beside-a-call",
        "empty-block-beside-text",
    ],
)
def test_anthropic_refuses_empty_content_and_empty_text_blocks(
    message: dict[str, Any], path: str
) -> None:
    transcript = [user("u0"), message]
    answered = [result("r2", "c9")] if "c9" in str(message) else []

    assert wire(transcript + answered, "anthropic") == [(EMPTY_CONTENT, 1, path)]
    assert wire(transcript + answered, "openai-chat") == []
    assert wire(transcript + answered, "openai-responses") == []


def test_every_empty_text_block_of_a_message_is_reported_at_its_block() -> None:
    message = assistant("a1", [text(""), text("ok"), call_block("c1"), text(""), text(" \r\n")])

    assert wire([user("u0"), message, result("r2", "c1")], "anthropic") == [
        (EMPTY_CONTENT, 1, "/1/content/0/text"),
        (EMPTY_CONTENT, 1, "/1/content/3/text"),
    ]


@pytest.mark.parametrize(
    "content",
    [
        [text(" "), call_block("c1")],
        [text(" "), call_block("c1"), call_block("c2")],
        [text("\n"), text("ok"), call_block("c1")],
        [call_block("c1"), text("\t")],
    ],
    ids=["space-and-call", "space-and-two-calls", "newline-and-text", "call-then-tab"],
)
def test_a_whitespace_only_text_block_beside_other_content_is_accepted_for_anthropic(
    content: list[Any],
) -> None:
    # A minimal version of a recorded request Anthropic accepted (HTTP 200): a " " text
    # block before the tool_use blocks of an assistant turn.
    calls = [block["id"] for block in content if block["type"] == "toolCall"]
    transcript = [
        user("u0"),
        assistant("a1", content),
        *(result(f"r{n}", call_id) for n, call_id in enumerate(calls)),
    ]

    assert check_wire_rules(transcript, "anthropic") == ()


def test_an_empty_text_block_after_accepted_whitespace_is_still_reported() -> None:
    """Accepting a whitespace block beside other content does not end the message's
    check: an empty text block after it is reported at its block, the whitespace ones
    around it are not."""
    content = [text("hi"), text(" "), text(""), text("\t")]

    assert wire([user("u0", content)], "anthropic") == [(EMPTY_CONTENT, 0, "/0/content/2/text")]


def test_the_recorded_space_beside_two_tool_uses_passes_for_anthropic() -> None:
    request = [
        {"role": "user", "content": [{"type": "text", "text": "Two names for a pet pelican"}]},
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": " "},
                {"type": "tool_use", "id": "toolu_01", "name": "pelican_name", "input": {}},
                {"type": "tool_use", "id": "toolu_02", "name": "pelican_name", "input": {}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "toolu_01", "content": "Charles"},
                {"type": "tool_result", "tool_use_id": "toolu_02", "content": "Sammy"},
            ],
        },
    ]

    assert check_wire_rules(from_anthropic(request), "anthropic") == ()


@pytest.mark.parametrize(
    "content",
    [
        [{"type": "refusal", "text": "I can't help with that."}],
        [
            {
                "type": "serverToolCall",
                "provider": "anthropic",
                "id": "srvtoolu_1",
                "name": "web_search",
                "input": {"query": "x"},
            },
            {
                "type": "serverToolResult",
                "provider": "anthropic",
                "toolCallId": "srvtoolu_1",
                "wire": {"type": "web_search_tool_result", "content": []},
            },
        ],
        [
            {
                "type": "serverToolCall",
                "provider": "anthropic",
                "id": "srvtoolu_1",
                "name": "web_search",
                "input": {},
            },
            text(" "),
        ],
    ],
    ids=["refusal-only", "server-tool-blocks-only", "server-call-and-space"],
)
def test_refusal_and_server_tool_blocks_are_content(content: list[Any]) -> None:
    transcript = [user("u0"), assistant("a1", content), user("u2")]

    for provider in PROVIDERS:
        assert check_wire_rules(transcript, provider) == (), provider


def test_the_empty_content_sentences_say_what_is_refused() -> None:
    transcript = [user("u0", [text(" ")]), assistant("a1", [text(""), text("ok")])]

    assert [d.message for d in check_wire_rules(transcript, "anthropic")] == [
        "content[0].text must not be only whitespace when nothing else in the message is "
        "content for anthropic",
        "content[0].text must not be empty for anthropic",
    ]


def test_a_message_of_only_blank_blocks_is_reported_at_each_block_not_at_its_content() -> None:
    transcript = [user("u0", [text(" "), text("\t")])]

    assert wire(transcript, "anthropic") == [
        (EMPTY_CONTENT, 0, "/0/content/0/text"),
        (EMPTY_CONTENT, 0, "/0/content/1/text"),
    ]


# Whitespace: Python's str.isspace and ECMA-262's \s (WhiteSpace and LineTerminator).
ECMA_WHITESPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
    "\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)
WHITESPACE = sorted(
    {chr(point) for point in range(0x110000) if chr(point).isspace()} | set(ECMA_WHITESPACE)
)
NOT_WHITESPACE = ["\u200b", "\u2060", "\u180e", "\x00", "\u00ad", "_", "."]


@pytest.mark.parametrize("blank", WHITESPACE, ids=[f"U+{ord(c):04X}" for c in WHITESPACE])
def test_each_whitespace_character_alone_is_empty_content(blank: str) -> None:
    transcript = [
        user("u0", blank * 2),
        assistant("a1", [text(blank)]),
        user("u2", [text(blank + " "), text(blank)]),
        assistant("a3", [text(blank), text("ok")]),  # beside other content: accepted
    ]

    assert wire(transcript, "anthropic") == [
        (EMPTY_CONTENT, 0, "/0/content"),
        (EMPTY_CONTENT, 1, "/1/content/0/text"),
        (EMPTY_CONTENT, 2, "/2/content/0/text"),
        (EMPTY_CONTENT, 2, "/2/content/1/text"),
    ]


def test_the_whitespace_set_is_the_union_of_python_s_and_ecma_s() -> None:
    assert len(WHITESPACE) == 30
    assert "\ufeff" in WHITESPACE  # ECMA only
    assert "\x1c" in WHITESPACE  # Python only
    assert "\x85" in WHITESPACE  # Python only
    assert "".join(WHITESPACE) == "".join(sorted(BLANK_CHARACTERS))


@pytest.mark.parametrize(
    "character", NOT_WHITESPACE, ids=[f"U+{ord(c):04X}" for c in NOT_WHITESPACE]
)
def test_a_character_that_is_not_whitespace_is_content(character: str) -> None:
    assert not character.isspace()
    assert character not in ECMA_WHITESPACE
    transcript = [user("u0", character), assistant("a1", [text(f" {character} ")])]

    assert check_wire_rules(transcript, "anthropic") == ()


@pytest.mark.parametrize(
    "message",
    [
        system("s1", ""),
        system("s1", " \n"),
        {**result("r2", "c1"), "content": ""},
        {**result("r2", "c1"), "content": " "},
        {**result("r2", "c1"), "content": [text("")]},
        {**result("r2", "c1"), "content": [text("\t")]},
        assistant("a1", [{"type": "thinking", "thinking": ""}, text("ok")]),
        assistant("a1", [{"type": "thinking", "thinking": " "}, text("ok")]),
        user("u1", [{"type": "image", "source": {"type": "url", "url": "https://x/y.png"}}]),
    ],
    ids=[
        "system",
        "system-blank",
        "result-string",
        "result-blank-string",
        "result-block",
        "result-blank-block",
        "thinking",
        "thinking-blank",
        "image-only",
    ],
)
def test_content_rules_concern_only_user_and_assistant_text(message: dict[str, Any]) -> None:
    transcript = [user("u0"), assistant("a1", [call_block("c1")]), result("r2", "c1")]
    if message["role"] == "toolResult":
        transcript[2] = message
    else:
        transcript.insert(1, message)

    assert check_wire_rules(transcript, "anthropic") == ()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_refused_call_name_after_an_accepted_one_is_still_reported(provider: str) -> None:
    """Each call's name is checked: one the provider accepts does not end the check of
    the calls after it."""
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1", "ok_tool"), call_block("c2", "read file")]),
        result("r2", "c1", "ok_tool"),
        result("r3", "c2", "read file"),
    ]

    found = check_wire_rules(transcript, provider)

    assert [(d.message_index, d.path) for d in found if d.code == INVALID_TOOL_NAME_FORMAT] == [
        (1, "/1/content/1/name")
    ]


def test_a_provider_without_a_tool_name_rule_checks_no_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A record without ``tool_names`` (the schema allows it): neither the calls' names
    nor the definitions' are checked."""
    free = dataclasses.replace(REGISTRY["anthropic"], name="free-names", tool_names=None)
    monkeypatch.setattr(_registry, "REGISTRY", MappingProxyType({**REGISTRY, "free-names": free}))
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1", "read file")]),
        result("r2", "c1", "read file"),
    ]

    assert check_wire_rules(transcript, "free-names", tools=[{"name": "read file"}]) == ()


def test_an_allow_pending_whose_truth_raises_is_one_transcript_diagnostic() -> None:
    """The contract is never to raise: an option whose ``bool()`` raises becomes one
    INVALID_TRANSCRIPT naming the exception's type, and no rule runs on a guess."""
    found = check_wire_rules([user("u0")], "anthropic", allow_pending=HostileInt(1))

    assert [(d.code, d.message_index, d.path, d.message) for d in found] == [
        ("INVALID_TRANSCRIPT", -1, "", "transcript could not be validated (RuntimeError)")
    ]


# --- the names of the tool definitions ---------------------------------------------


@pytest.mark.parametrize("provider", PROVIDERS)
def test_every_tool_definition_name_the_provider_refuses_is_reported_at_its_tool(
    provider: str,
) -> None:
    """``tools=``: each definition's name is checked against the provider's documented
    pattern (the same one as a call's name), one INVALID_TOOL_NAME_FORMAT per refused
    definition at its ``tool_index``, path ``/name``; the accepted ones say nothing."""
    pattern = (_GEMINI_TOOL_NAME if provider == "gemini" else _TOOL_NAME).pattern
    long_name = "x" * 65
    tools = [{"name": "read file"}, {"name": "ok_tool"}, {"name": long_name}]

    found = check_wire_rules([user("u0")], provider, tools=tools)

    assert [(d.code, d.message_index, d.tool_index, d.path, d.message) for d in found] == [
        (
            INVALID_TOOL_NAME_FORMAT,
            -1,
            0,
            "/name",
            f"tool name 'read file' must match {pattern} for {provider}",
        ),
        (
            INVALID_TOOL_NAME_FORMAT,
            -1,
            2,
            "/name",
            f"tool name '{long_name}' must match {pattern} for {provider}",
        ),
    ]
    assert check_wire_rules([user("u0")], provider, tools=[{"name": "ok_tool"}]) == ()


# --- validate_transcript's diagnostics, included and ordered ------------------------


def test_every_diagnostic_of_every_rule_interleaves_by_message_and_position() -> None:
    transcript = [
        assistant("a0", [text(""), call_block("c 1")]),
        user("u1", ""),
        {"role": "user", "id": " ", "content": "x"},
        assistant("a2", [call_block("c2")]),
        user("u4"),
        result("r5", "c2", "write"),
    ]

    assert wire(transcript, "anthropic") == [
        (EMPTY_CONTENT, 0, "/0/content/0/text"),
        ("MISSING_TOOL_RESULT", 0, "/0/content/1"),
        (INVALID_TOOL_CALL_ID_FORMAT, 0, "/0/content/1/id"),
        (EMPTY_CONTENT, 1, "/1/content"),
        ("INVALID_MESSAGE", 2, "/2/id"),
        (RESULT_NOT_IMMEDIATE, 5, "/5/toolCallId"),
        ("TOOL_NAME_MISMATCH", 5, "/5/toolName"),
    ]
    assert wire(transcript, "openai-chat") == [
        ("MISSING_TOOL_RESULT", 0, "/0/content/1"),
        ("INVALID_MESSAGE", 2, "/2/id"),
        (RESULT_NOT_IMMEDIATE, 5, "/5/toolCallId"),
        ("TOOL_NAME_MISMATCH", 5, "/5/toolName"),
    ]
    assert located(validate_transcript(transcript)) == [
        ("MISSING_TOOL_RESULT", 0, "/0/content/1"),
        ("INVALID_MESSAGE", 2, "/2/id"),
        ("TOOL_NAME_MISMATCH", 5, "/5/toolName"),
    ]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_what_is_not_a_list_is_only_invalid_transcript(provider: str) -> None:
    for value in (None, 42, "[]", {"messages": []}, {"u0"}):
        assert wire(value, provider) == [("INVALID_TRANSCRIPT", -1, "")]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_diagnostics_equal_validate_transcript_s_exactly_in_message_and_path(
    provider: str,
) -> None:
    transcript = [
        {"role": "user", "id": "", "content": "x"},
        assistant("a1", [call_block("c1", arguments=[1, 2])]),
        result("r2", "c9"),
        assistant("a3", [call_block("c3"), call_block("c3")]),
        result("r4", "c3"),
    ]

    expected = validate_transcript(transcript)

    assert [d for d in check_wire_rules(transcript, provider) if d.code not in WIRE_CODES] == list(
        expected
    )
    assert expected != ()


# --- IR and JSON form -----------------------------------------------------------------


def broken_for_everyone() -> list[Any]:
    return [
        assistant("a0", [text(""), call_block("call " + "x" * 60)]),
        user("u1"),
        result("r2", "call " + "x" * 60),
    ]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_ir_json_and_mixed_input_give_the_same_diagnostics(provider: str) -> None:
    as_json = broken_for_everyone()
    as_ir = [parse_message(message) for message in broken_for_everyone()]
    mixed = [as_ir[0], as_json[1], as_ir[2]]

    expected = check_wire_rules(as_json, provider)

    assert expected != ()
    assert check_wire_rules(as_ir, provider) == expected
    assert check_wire_rules(tuple(as_ir), provider) == expected
    assert check_wire_rules(mixed, provider) == expected


def test_ir_input_with_a_malformed_json_entry_still_gets_the_provider_rules() -> None:
    as_ir = [parse_message(message) for message in broken_for_everyone()]

    assert wire([*as_ir, {"role": "user", "id": "u3"}], "anthropic") == [
        (EMPTY_CONTENT, 0, "/0/content/0/text"),
        (INVALID_TOOL_CALL_ID_FORMAT, 0, "/0/content/1/id"),
        (RESULT_NOT_IMMEDIATE, 2, "/2/toolCallId"),
        ("INVALID_MESSAGE", 3, "/3/content"),
    ]


def test_the_input_is_never_changed() -> None:
    transcript = broken_for_everyone()
    before = copy.deepcopy(transcript)

    for provider in PROVIDERS:
        check_wire_rules(transcript, provider)

    assert transcript == before


# --- the provider argument ------------------------------------------------------------


@pytest.mark.parametrize(
    "provider",
    [
        None,
        "",
        "openai",
        "Anthropic",
        "anthropic ",
        "openai_chat",
        1,
        ("anthropic",),
        ["anthropic"],
    ],
)
def test_a_provider_not_in_providers_is_a_value_error(provider: Any) -> None:
    with pytest.raises(
        ValueError, match="provider must be one of openai-chat, openai-responses, anthropic"
    ):
        check_wire_rules([user("u0")], provider)


def test_the_provider_is_checked_before_the_transcript() -> None:
    with pytest.raises(ValueError, match="provider"):
        check_wire_rules(42, "openai")


# --- hostile input: never raises ----------------------------------------------------


def test_list_and_tuple_overrides_are_never_called_and_their_items_are_judged() -> None:
    items = broken_for_everyone()
    expected = wire(broken_for_everyone(), "anthropic")

    for make in (RaisingList, RaisingTuple):
        transcript = make(items)
        assert wire(transcript, "anthropic") == expected
        assert transcript.calls == []
    assert wire(LyingList(items, claims=0), "anthropic") == expected
    assert wire(LyingTuple(items), "anthropic") == expected


@pytest.mark.parametrize("provider", PROVIDERS)
def test_entries_that_raise_are_invalid_messages_and_the_rest_still_checked(
    provider: str,
) -> None:
    transcript = [
        RaisingMapping(RuntimeError("boom")),
        assistant("a1", [call_block("call1Abcd")]),
        RaisingKeys(),
        RaisingItem(user("u3"), "content", ValueError("no")),
        result("r4", "call1Abcd"),
    ]

    got = wire(transcript, provider)

    assert [row for row in got if row[0] not in WIRE_CODES] == [
        ("INVALID_MESSAGE", 0, "/0"),
        ("INVALID_MESSAGE", 2, "/2"),
        ("INVALID_MESSAGE", 3, "/3/content"),
    ]
    wire_rows = {
        "openai-chat": [(RESULT_NOT_IMMEDIATE, 4, "/4/toolCallId")],
        "openai-responses": [],
        "anthropic": [(RESULT_NOT_IMMEDIATE, 4, "/4/toolCallId")],
        # the malformed entries are neither user turns nor end the current turn
        "gemini": [
            (MISSING_THOUGHT_SIGNATURE, 1, "/1/content/0"),
            (INVALID_ROLE_ORDER, 1, "/1/role"),
            (RESULT_NOT_IMMEDIATE, 4, "/4/toolCallId"),
        ],
        # the first valid message after the system messages is the assistant's
        "bedrock-converse": [
            (INVALID_ROLE_ORDER, 1, "/1/role"),
            (RESULT_NOT_IMMEDIATE, 4, "/4/toolCallId"),
        ],
        "mistral": [(RESULT_NOT_IMMEDIATE, 4, "/4/toolCallId")],
    }
    assert [row for row in got if row[0] in WIRE_CODES] == wire_rows[provider]


ENTRIES = {
    "unreadable-attributes": UnreadableAttributes,
    "unreadable-class": UnreadableClass,
    "cycle": lambda: self_referencing(user("u1"), "content"),
    "deep": lambda: nested_lists(10_000),
}


@pytest.mark.parametrize("make", ENTRIES.values(), ids=ENTRIES.keys())
@pytest.mark.parametrize("provider", PROVIDERS)
def test_unreadable_cyclic_and_deep_entries_are_invalid_messages(
    provider: str, make: Callable[[], Any]
) -> None:
    got = wire([user("u0"), make(), assistant("a2", [call_block("call1Abcd")])], provider)

    assert got[0][:2] == ("INVALID_MESSAGE", 1)
    signature = {(MISSING_THOUGHT_SIGNATURE, 2)} if provider == "gemini" else set()
    assert {(code, index) for code, index, _ in got} == {
        ("INVALID_MESSAGE", 1),
        ("MISSING_TOOL_RESULT", 2),
        *signature,
    }


@pytest.mark.parametrize("error", [KeyboardInterrupt(), SystemExit(3)], ids=["Ctrl-C", "exit"])
def test_keyboard_interrupt_and_system_exit_from_an_entry_propagate(error: BaseException) -> None:
    with pytest.raises(type(error)):
        check_wire_rules([user("u0"), RaisingItem(user("u1"), "id", error)], "anthropic")


def test_a_list_subclass_is_read_through_list_itself() -> None:
    class Exploding(list[Any]):
        def copy(self) -> Any:
            raise RuntimeError("copy of a hostile list")

    assert wire(Exploding([user("u0"), assistant("a1", [text("")])]), "anthropic") == [
        (EMPTY_CONTENT, 1, "/1/content/0/text")
    ]


def test_each_entry_key_is_read_once_even_beside_a_malformed_entry() -> None:
    entry = CountingMapping(user("u0"))

    check_wire_rules([entry, {"role": "bogus"}], "anthropic")

    assert entry.reads == {"role": 1, "id": 1, "content": 1}


def test_each_entry_key_is_read_once_when_every_entry_is_valid() -> None:
    entry = CountingMapping(user("u0"))

    check_wire_rules([entry], "anthropic")

    assert entry.reads == {"role": 1, "id": 1, "content": 1}


def test_a_mapping_that_changes_between_reads_cannot_hide_a_diagnostic() -> None:
    def shifting() -> list[Any]:
        arguments = ShiftingMapping([{"a": 1}, {"b": 2, "c": 3}, {}])
        return [assistant("a0", [call_block("c1", arguments=arguments)]), result("r1", "c1")]

    assert located(validate_transcript(shifting()))[:1] == [
        ("INVALID_TOOL_ARGUMENTS", 0, "/0/content/0/arguments/a")
    ]
    assert wire(shifting(), "anthropic") == located(validate_transcript(shifting()))


# --- the adversarial catalogue: never raises, always validate_transcript's verdict ----


def _catalogue() -> list[Any]:
    from adversarial.catalogue import TRANSCRIPT_PLACES, pairs

    return [
        pytest.param(case, TRANSCRIPT_PLACES[place], id=f"{case.name}/{place}")
        for case, place in pairs("validate_transcript")
        # heavy: 10**6 items, covered by validate_transcript's own harness.
        if not case.heavy
    ]


@pytest.mark.parametrize(("case", "place"), _catalogue())
def test_no_catalogue_input_makes_it_raise_and_validate_transcript_s_verdict_is_kept(
    case: Any, place: Any
) -> None:
    verdict = validate_transcript(place(case.build()))
    expected = located(verdict)
    # Anthropic accepts a call id used again once its call was answered: those
    # duplicates (which say so) are all validate_transcript reports of such a case.
    stricter = [d for d in verdict if "stricter than Anthropic on purpose" in d.message]
    assert all(d.code == "DUPLICATE_TOOL_CALL_ID" for d in stricter)
    if stricter:
        assert len(stricter) == len(verdict)

    for provider in PROVIDERS:
        got = check_wire_rules(place(case.build()), provider)
        assert type(got) is tuple
        assert all(type(d) is Diagnostic for d in got)
        rest = [row for row in located(got) if row[0] not in WIRE_CODES]
        assert rest == ([] if stricter and provider == "anthropic" else expected), provider


# --- properties -------------------------------------------------------------------------

PROPERTY = settings(
    max_examples=examples(150),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)

ODD_IDS = st.sampled_from(
    ["call 1", "call.1", "\u00e9", "c_1", "c-1", "x" * 40, "x" * 41, "y" * 64, "y" * 65, "z" * 70]
)
MALFORMED = st.sampled_from(
    [
        {"role": "tool", "id": "m", "content": "x"},
        {"role": "user", "id": " ", "content": "x"},
        {
            "role": "assistant",
            "id": "m",
            "content": [{"type": "toolCall", "id": "c", "name": "n", "arguments": [1]}],
        },
        {
            "role": "toolResult",
            "id": "m",
            "toolCallId": "c",
            "toolName": "",
            "content": "",
            "isError": False,
        },
    ]
)
EMPTY = st.sampled_from(
    [
        {"role": "user", "id": "e", "content": ""},
        {"role": "user", "id": "e", "content": []},
        {"role": "user", "id": "e", "content": [{"type": "text", "text": ""}]},
        {"role": "assistant", "id": "e", "content": []},
        {
            "role": "assistant",
            "id": "e",
            "content": [{"type": "text", "text": ""}, {"type": "text", "text": "x"}],
        },
        {"role": "user", "id": "e", "content": " \n"},
        {"role": "user", "id": "e", "content": [{"type": "text", "text": "\u3000\ufeff"}]},
        {
            "role": "assistant",
            "id": "e",
            "content": [{"type": "text", "text": "x"}, {"type": "text", "text": "\x1c\x85"}],
        },
        {"role": "assistant", "id": "e", "content": [{"type": "text", "text": " x "}]},
    ]
)

# Assistant messages to insert (say, between a call and its results: one turn for
# Anthropic, not for OpenAI Chat).
ASSISTANTS = st.sampled_from(
    [
        {"role": "assistant", "id": "x", "content": [{"type": "text", "text": "more"}]},
        {
            "role": "assistant",
            "id": "x",
            "content": [{"type": "toolCall", "id": "extra", "name": "n", "arguments": {}}],
        },
    ]
)


@st.composite
def perturbed_transcripts(draw: st.DrawFn) -> list[Any]:
    """A generated valid transcript, then up to five of: a message inserted anywhere
    (another role, an assistant message, an empty one, a result with any id), a
    malformed message inserted,
    a message moved, a call id replaced by an odd one (in its call only, or in its
    results too), a call copied into an assistant message (a duplicated id), the
    leading messages removed."""
    transcript: list[Any] = copy.deepcopy(draw(transcripts(max_steps=5)))
    for _ in range(draw(st.integers(min_value=0, max_value=5))):
        kind = draw(
            st.sampled_from(["insert", "malformed", "move", "odd-id", "duplicate", "cut-front"])
        )
        at = draw(st.integers(min_value=0, max_value=len(transcript)))
        if kind == "insert":
            inserted = OTHER_MESSAGES | ASSISTANTS | EMPTY | _results(transcript)
            transcript.insert(at, draw(inserted))
        elif kind == "malformed":
            transcript.insert(at, draw(MALFORMED | _malformed_calls(transcript)))
        elif kind == "duplicate":
            _duplicate_a_call(draw, transcript)
        elif kind == "move" and transcript:
            moved = transcript.pop(draw(st.integers(min_value=0, max_value=len(transcript) - 1)))
            transcript.insert(draw(st.integers(min_value=0, max_value=len(transcript))), moved)
        elif kind == "odd-id":
            _replace_an_id(draw, transcript)
        elif kind == "cut-front":
            del transcript[: draw(st.integers(min_value=0, max_value=2))]
    return transcript


def _results(transcript: list[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A result of any id: one a call or result of ``transcript`` has, or any other."""
    ids = [
        block["id"]
        for message in transcript
        if message.get("role") == "assistant" and type(message.get("content")) is list
        for block in message["content"]
        if block.get("type") == "toolCall"
    ]
    call_id = st.sampled_from(ids) | NON_EMPTY if ids else NON_EMPTY
    return st.builds(lambda message, i: {**message, "toolCallId": i}, TOOL_RESULT, call_id)


def _malformed_calls(transcript: list[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A malformed assistant message calling an id ``transcript`` has (the call itself
    broken, or another block)."""
    ids = [transcript[index]["content"][block]["id"] for index, block in _calls(transcript)]
    if not ids:
        return MALFORMED
    call = st.builds(
        lambda i: {"type": "toolCall", "id": i, "name": "n", "arguments": {}}, st.sampled_from(ids)
    )
    broken_call = call.map(lambda block: {**block, "arguments": [1]})
    content = st.tuples(call, st.just({"type": "text"})).map(list) | broken_call.map(
        lambda block: [block]
    )
    return content.map(lambda blocks: {"role": "assistant", "id": "m", "content": blocks})


def _duplicate_a_call(draw: st.DrawFn, transcript: list[Any]) -> None:
    calls = _calls(transcript)
    if not calls:
        return
    index, block_index = draw(st.sampled_from(calls))
    block = transcript[index]["content"][block_index]
    target = draw(st.sampled_from([i for i, _ in calls]))
    content = list(transcript[target]["content"])
    content.insert(draw(st.integers(min_value=0, max_value=len(content))), block)
    transcript[target] = {**transcript[target], "content": content}


def _calls(transcript: list[Any]) -> list[tuple[int, int]]:
    """(message index, block index) of every call of the well-formed assistants."""
    return [
        (index, block_index)
        for index, message in enumerate(transcript)
        if message.get("role") == "assistant" and type(message.get("content")) is list
        for block_index, block in enumerate(message["content"])
        if type(block) is dict and block.get("type") == "toolCall"
    ]


def _replace_an_id(draw: st.DrawFn, transcript: list[Any]) -> None:
    calls = _calls(transcript)
    if not calls:
        return
    index, block_index = draw(st.sampled_from(calls))
    old = transcript[index]["content"][block_index]["id"]
    new = draw(ODD_IDS)
    content = list(transcript[index]["content"])
    content[block_index] = {**content[block_index], "id": new}
    transcript[index] = {**transcript[index], "content": content}
    if draw(st.booleans()):
        for position, message in enumerate(transcript):
            if message.get("role") == "toolResult" and message.get("toolCallId") == old:
                transcript[position] = {**message, "toolCallId": new}


_ANTHROPIC_ID = re.compile(r"[a-zA-Z0-9_-]{1,64}")
# Mistral's error: "Tool call id was ... but must be a-z, A-Z, 0-9, with a length of 9"
_MISTRAL_ID = re.compile(r"[a-zA-Z0-9]{9}")
_LONGEST = {"openai-chat": 40, "openai-responses": 64, "anthropic": 64, "gemini": None}
_BEDROCK_ID = re.compile(r"[a-zA-Z0-9_.:-]{1,64}")
# OpenAI's and Anthropic's tool names (OpenAI's SDK docstring; Anthropic's
# documentation); Gemini's (the API's 400: a letter or underscore first, then letters,
# digits, "_", ".", ":" and "-", at most 64).
_TOOL_NAME = re.compile(r"[a-zA-Z0-9_-]{1,64}")
_GEMINI_TOOL_NAME = re.compile(r"[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}")
JOINS = ("anthropic", "gemini", "bedrock-converse")  # consecutive assistant messages: one turn
CONTENT_REQUIRED = ("anthropic", "bedrock-converse")


def expected_wire_rows(transcript: list[Any], provider: str) -> list[Located]:
    """The provider's own diagnostics, stated independently: over the messages valid on
    their own (those ``validate_transcript`` finds nothing shape-related in).

    A result answers the latest earlier assistant message calling its id; it is late
    when the messages between that call and it are not: results only (for Anthropic:
    valid assistant messages, then results only). When that message is malformed (the
    call's id readable) the result is not judged."""
    valid = _valid_positions(transcript)
    rows: list[Located] = []
    for index in valid:
        message = transcript[index]
        role = message["role"]
        if role == "toolResult" and provider != "openai-responses":
            made_at = _latest_call(transcript, valid, message["toolCallId"], index)
            if made_at is not None and not _in_the_turn_after(
                transcript, valid, made_at, index, provider
            ):
                rows.append((RESULT_NOT_IMMEDIATE, index, f"/{index}/toolCallId"))
        if role == "assistant":
            for block_index, block in enumerate(message["content"]):
                if block["type"] == "toolCall" and not _fits(block["id"], provider):
                    rows.append(
                        (INVALID_TOOL_CALL_ID_FORMAT, index, f"/{index}/content/{block_index}/id")
                    )
                names = _GEMINI_TOOL_NAME if provider == "gemini" else _TOOL_NAME
                if block["type"] == "toolCall" and not names.fullmatch(block["name"]):
                    rows.append(
                        (INVALID_TOOL_NAME_FORMAT, index, f"/{index}/content/{block_index}/name")
                    )
        if provider not in CONTENT_REQUIRED:
            continue
        if role in ("user", "assistant"):
            content = message["content"]
            if not content or (type(content) is str and _blank(content)):
                rows.append((EMPTY_CONTENT, index, f"/{index}/content"))
            elif type(content) is list:
                blank = [b["type"] == "text" and _blank(b["text"]) for b in content]
                for block_index, block in enumerate(content):
                    # "" always; whitespace only when nothing else in the message says
                    if blank[block_index] and (block["text"] == "" or all(blank)):
                        rows.append((EMPTY_CONTENT, index, f"/{index}/content/{block_index}/text"))
    if provider == "gemini":
        rows.extend(_gemini_turn_rows(transcript, valid))
    if provider == "bedrock-converse":
        leading = [index for index in valid if transcript[index]["role"] != "system"][:1]
        if leading and transcript[leading[0]]["role"] == "assistant":
            rows.append((INVALID_ROLE_ORDER, leading[0], f"/{leading[0]}/role"))
        rows.extend(_bedrock_media_rows(transcript, valid))
    return rows


def _bedrock_media_rows(transcript: list[Any], valid: list[int]) -> list[Located]:
    """Bedrock's media limits, stated with the API reference's numbers: per user turn (a
    run of valid user and result messages; system messages do not end it, anything
    else does), the 21st image of its user messages and the 6th document; each image
    over 3,750,000 decoded bytes and document over 4,500,000 (base64.b64decode's
    length); the first document of a turn whose user messages say nothing."""
    turns: list[list[int]] = [[]]
    for index, message in enumerate(transcript):
        role = message.get("role") if index in valid else None
        if role in ("user", "toolResult"):
            turns[-1].append(index)
        elif role != "system":
            turns.append([])
    rows: list[Located] = []
    for turn in turns:
        images = documents = 0
        first_document = None
        said = False
        for index in turn:
            content = transcript[index]["content"]
            user = transcript[index]["role"] == "user"
            if type(content) is str:
                said = said or (user and not _blank(content))
                continue
            for block_index, block in enumerate(content):
                at = f"/{index}/content/{block_index}"
                kind = block["type"]
                said = said or (user and kind == "text" and not _blank(block["text"]))
                if kind not in ("image", "document"):
                    continue
                if user and kind == "image":
                    images += 1
                    if images == 21:
                        rows.append(("TOO_MANY_IMAGES", index, at))
                if kind == "document":
                    documents += 1
                    if documents == 6:
                        rows.append(("TOO_MANY_DOCUMENTS", index, at))
                    first_document = first_document or (index, at)
                largest = 3_750_000 if kind == "image" else 4_500_000
                source = block["source"]
                if source["type"] == "base64" and len(base64.b64decode(source["data"])) > largest:
                    rows.append(("MEDIA_TOO_LARGE", index, at))
        if first_document is not None and not said:
            rows.append(("DOCUMENT_WITHOUT_TEXT", *first_document))
    return rows


def _gemini_turn_rows(transcript: list[Any], valid: list[int]) -> list[Located]:
    """Gemini's INVALID_ROLE_ORDER (the first valid assistant messages after the system
    messages, when no valid user or result message comes before them: the first of them
    with a call) and MISSING_THOUGHT_SIGNATURE (after the last valid user message, each
    run of consecutive valid assistant messages: its first call, when unsigned)."""
    rows: list[Located] = []
    for index in valid:
        role = transcript[index]["role"]
        if role == "system":
            continue
        if role != "assistant":
            break
        if any(block["type"] == "toolCall" for block in transcript[index]["content"]):
            rows.append((INVALID_ROLE_ORDER, index, f"/{index}/role"))
            break
    users = [index for index in valid if transcript[index]["role"] == "user"]
    first_of_step = True
    for index in range(users[-1] + 1 if users else 0, len(transcript)):
        if index not in valid or transcript[index]["role"] != "assistant":
            first_of_step = True
            continue
        for block_index, block in enumerate(transcript[index]["content"]):
            if block["type"] == "toolCall" and first_of_step:
                first_of_step = False
                if "thoughtSignature" not in block:
                    rows.append(
                        (MISSING_THOUGHT_SIGNATURE, index, f"/{index}/content/{block_index}")
                    )
    return rows


def _latest_call(transcript: list[Any], valid: list[int], call_id: str, before: int) -> int | None:
    """The latest message before ``before`` calling ``call_id``; None when there is
    none or it is malformed."""
    calling = [
        index
        for index, message in enumerate(transcript[:before])
        if message.get("role") == "assistant"
        and type(message.get("content")) is list
        and any(
            type(b) is dict and b.get("type") == "toolCall" and b.get("id") == call_id
            for b in message["content"]
        )
    ]
    return calling[-1] if calling and calling[-1] in valid else None


def _in_the_turn_after(
    transcript: list[Any], valid: list[int], made_at: int, index: int, provider: str
) -> bool:
    """Whether the messages strictly between ``made_at`` and ``index`` are a (possibly
    empty) run of valid assistant messages (Anthropic only) and then results."""
    roles = [
        transcript[at]["role"] if at in valid else "malformed" for at in range(made_at + 1, index)
    ]
    assistants = 0
    if provider in JOINS:
        while assistants < len(roles) and roles[assistants] == "assistant":
            assistants += 1
    return all(role == "toolResult" for role in roles[assistants:])


def split_reused_ids(transcript: list[Any]) -> list[Any]:
    """``transcript`` with each use of a call id after its call was answered (by a
    result valid on its own) given a fresh id, in its calls and in the results after
    it: what Anthropic reads, stated independently of ``_linkage``."""
    valid = set(_valid_positions(transcript))
    use: dict[str, int] = {}
    answered: set[str] = set()
    called: set[tuple[str, int]] = set()
    out: list[Any] = []

    def fresh(call_id: str) -> str:
        return f"{call_id}~{use[call_id]}" if use.get(call_id) else call_id

    for index, message in enumerate(transcript):
        if message.get("role") == "assistant" and type(message.get("content")) is list:
            content = []
            for block in message["content"]:
                call_id = block.get("id") if type(block) is dict else None
                if block_type(block) == "toolCall" and type(call_id) is str and not _blank(call_id):
                    if call_id in answered:
                        answered.discard(call_id)
                        use[call_id] = use.get(call_id, 0) + 1
                    called.add((call_id, use.get(call_id, 0)))
                    block = {**block, "id": fresh(call_id)}
                content.append(block)
            message = {**message, "content": content}
        elif message.get("role") == "toolResult" and type(message.get("toolCallId")) is str:
            call_id = message["toolCallId"]
            if index in valid and (call_id, use.get(call_id, 0)) in called:
                answered.add(call_id)
            message = {**message, "toolCallId": fresh(call_id)}
        out.append(message)
    return out


def block_type(block: Any) -> Any:
    return block.get("type") if type(block) is dict else None


def _blank(value: str) -> bool:
    return all(character in WHITESPACE for character in value)


def _valid_positions(transcript: list[Any]) -> list[int]:
    shape = {"INVALID_MESSAGE", "EMPTY_TOOL_NAME", "INVALID_TOOL_ARGUMENTS"}
    bad = {d.message_index for d in validate_transcript(transcript) if d.code in shape}
    return [index for index in range(len(transcript)) if index not in bad]


def _fits(call_id: str, provider: str) -> bool:
    if provider == "anthropic":
        return _ANTHROPIC_ID.fullmatch(call_id) is not None
    if provider == "bedrock-converse":
        return _BEDROCK_ID.fullmatch(call_id) is not None
    if provider == "mistral":
        return _MISTRAL_ID.fullmatch(call_id) is not None
    longest = _LONGEST[provider]
    return longest is None or len(call_id) <= longest


@pytest.mark.parametrize("provider", PROVIDERS)
@PROPERTY
@given(transcript=perturbed_transcripts())
def test_property_provider_rules_match_their_statement_and_the_rest_is_validate_transcript(
    provider: str, transcript: list[Any]
) -> None:
    before = copy.deepcopy(transcript)

    got = located(check_wire_rules(transcript, provider))

    linkage_of = split_reused_ids(transcript) if provider == "anthropic" else transcript
    assert [row for row in got if row[0] not in WIRE_CODES] == located(
        validate_transcript(linkage_of)
    )
    assert sorted(row for row in got if row[0] in WIRE_CODES) == sorted(
        expected_wire_rows(transcript, provider)
    )
    assert [row[1] for row in got] == sorted(row[1] for row in got)
    assert transcript == before


def read(diagnostics: Any) -> list[tuple[str, int, str, str]]:
    return [(d.code.value, d.message_index, d.path, d.message) for d in diagnostics]


@pytest.mark.parametrize("content", ["", ()])
def test_empty_user_content_is_empty_content_with_its_message(content: Any) -> None:
    found = check_wire_rules([user_message(id="u", content=content)], "anthropic")
    assert read(found) == [
        ("EMPTY_CONTENT", 0, "/0/content", "content must not be empty for anthropic")
    ]


def test_empty_assistant_content_is_empty_content_with_its_message() -> None:
    transcript = [user_message(id="u", content="hi"), assistant_message(id="a", content=())]
    assert read(check_wire_rules(transcript, "anthropic")) == [
        ("EMPTY_CONTENT", 1, "/1/content", "content must not be empty for anthropic")
    ]


def test_whitespace_content_and_blocks_have_their_own_messages() -> None:
    transcript = [
        user_message(id="u", content=" \n"),
        assistant_message(id="a", content=(TextBlock(text="ok"), TextBlock(text=""))),
        assistant_message(id="b", content=(TextBlock(text="\t"), TextBlock(text=" "))),
    ]
    assert read(check_wire_rules(transcript, "anthropic")) == [
        ("EMPTY_CONTENT", 0, "/0/content", "content must not be only whitespace for anthropic"),
        (
            "EMPTY_CONTENT",
            1,
            "/1/content/1/text",
            "content[1].text must not be empty for anthropic",
        ),
        (
            "EMPTY_CONTENT",
            2,
            "/2/content/0/text",
            "content[0].text must not be only whitespace when nothing else in the message is "
            "content for anthropic",
        ),
        (
            "EMPTY_CONTENT",
            2,
            "/2/content/1/text",
            "content[1].text must not be only whitespace when nothing else in the message is "
            "content for anthropic",
        ),
    ]


def test_whitespace_beside_other_content_is_taken() -> None:
    transcript = [
        user_message(id="u", content="hi"),
        assistant_message(id="a", content=(TextBlock(text="ok"), TextBlock(text="\t"))),
    ]
    assert check_wire_rules(transcript, "anthropic") == ()


@pytest.mark.parametrize("provider", ["openai-chat", "openai-responses"])
def test_other_providers_take_empty_content(provider: Any) -> None:
    transcript = [user_message(id="u", content=""), assistant_message(id="a", content=())]
    assert check_wire_rules(transcript, provider) == ()
