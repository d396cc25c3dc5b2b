"""``repair_transcript``, ``normalize_tool_call_ids`` and ``trim_transcript``.

* repair: every ``RepairCode`` with the index it reports and the exact output
  transcript of small cases (the interrupted turn for each provider, unanswered calls,
  ``missing="drop-call"``, orphans and results before their call, duplicate results and
  call ids, tool-name mismatches, Anthropic's first turn (ADDED_USER_MESSAGE at the
  assistant message it precedes) and empty or whitespace-only content, ids a provider
  refuses, cuts that would be blank); the JSON Pointer ``path`` of each action in the
  input; ``renamed_ids`` (only ids renamed alike wherever kept, read-only); invalid
  options, messages invalid on their own, the input never changed;
* ``normalize_tool_call_ids``: the mapping, collisions, the length cut with a suffix,
  determinism, results renamed identically, one action per renamed call;
* ``trim_transcript``: budgets by messages and by characters, system messages, the
  cut moving later rather than keeping a result without its call, bad budgets, the one
  ``TRIMMED_MESSAGES`` action (none when nothing is cut);
* properties (derandomized) over generated transcripts whose linkage is broken on
  purpose: a repair is valid (and, for a provider, passes its wire rules), reports
  what it did at input indexes and paths that resolve in the input, changes nothing that was valid and nothing the second
  time; a transcript its provider accepts is returned unchanged; trimming a valid
  transcript keeps it valid. (Any sequence at all: ``tests/repair/test_any_sequence.py``.)
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from agent_ir import (
    AssistantMessage,
    InvalidMessageError,
    Message,
    RepairAction,
    RepairCode,
    RepairResult,
    ToolResultMessage,
    check_wire_rules,
    normalize_tool_call_ids,
    parse_message,
    parse_transcript,
    repair_transcript,
    to_json_value,
    trim_transcript,
    validate_transcript,
)
from agent_ir.wire._registry import REGISTRY

from support.builders import assistant, call_block, result, user
from support.examples import examples
from support.hostile import LyingList, RaisingList
from support.strategies import NON_EMPTY, OTHER_MESSAGES, TOOL_RESULT, transcripts

MISSING_TEXT = "No result was recorded for this tool call (the turn was interrupted)."
EARLIER_TEXT = "(The earlier conversation was not kept.)"


def text(value: str = "t") -> dict[str, Any]:
    return {"type": "text", "text": value}


def system(id: str, content: str = "be brief") -> dict[str, Any]:
    return {"role": "system", "id": id, "content": content}


def error_result(call_id: str, name: str = "read", id: str | None = None) -> dict[str, Any]:
    """The result repair_transcript adds for a call that has none."""
    return {
        "role": "toolResult",
        "id": f"repair-result-{call_id}" if id is None else id,
        "toolCallId": call_id,
        "toolName": name,
        "content": MISSING_TEXT,
        "isError": True,
    }


def first_user(id: str = "repair-user-start") -> dict[str, Any]:
    """The user message repair_transcript puts first for Anthropic."""
    return {"role": "user", "id": id, "content": EARLIER_TEXT}


def output(repaired: RepairResult | tuple[Message, ...]) -> Any:
    messages = repaired.transcript if type(repaired) is RepairResult else repaired
    return to_json_value(list(messages))


def done(repaired: RepairResult) -> list[tuple[str, int]]:
    return [(str(action.code), action.message_index) for action in repaired.actions]


def located(repaired: RepairResult) -> list[tuple[str, str]]:
    return [(str(action.code), action.path) for action in repaired.actions]


def resolve(transcript: Any, pointer: str) -> Any:
    """The value ``pointer`` names in a JSON-form transcript (KeyError or IndexError if
    it names nothing)."""
    assert pointer.startswith("/"), pointer
    value = transcript
    for token in pointer[1:].split("/"):
        value = value[int(token)] if type(value) is list else value[token]
    return value


def ids_of(messages: tuple[Message, ...]) -> list[str]:
    return [message.id for message in messages]


def interrupted_turn() -> list[Any]:
    return [user("u0"), assistant("a1", [call_block("c1")]), user("u2", "wait"), result("r3", "c1")]


# --- the codes and the result types -----------------------------------------------------


def test_repair_codes_are_stable_strings_equal_to_their_names() -> None:
    assert [code.value for code in RepairCode] == [
        "DROPPED_ORPHAN_RESULT",
        "DROPPED_DUPLICATE_RESULT",
        "RENAMED_DUPLICATE_CALL_ID",
        "FIXED_TOOL_NAME",
        "ADDED_ERROR_RESULT",
        "DROPPED_TOOL_CALL",
        "MOVED_RESULT",
        "RENAMED_TOOL_CALL_ID",
        "ADDED_USER_MESSAGE",
        "DROPPED_EMPTY_CONTENT",
        "TRIMMED_MESSAGES",
        "DROPPED_ORPHAN_SERVER_RESULT",
        "ADDED_THOUGHT_SIGNATURE",
        "ADDED_DOCUMENT_TEXT",
    ]
    assert all(code == code.name for code in RepairCode)


def test_a_repair_result_is_a_frozen_tuple_of_ir_messages_and_actions() -> None:
    repaired = repair_transcript([user("u0"), assistant("a1")])

    assert type(repaired.transcript) is tuple
    assert type(repaired.actions) is tuple
    assert [type(message).__name__ for message in repaired.transcript] == [
        "UserMessage",
        "AssistantMessage",
        "ToolResultMessage",
    ]
    [action] = repaired.actions
    assert type(action) is RepairAction
    assert type(action.message) is str
    assert "call-1" in action.message
    with pytest.raises(AttributeError):
        repaired.actions = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        action.message_index = 5  # type: ignore[misc]


# --- nothing to repair ------------------------------------------------------------------


def valid_turn() -> list[Any]:
    return [
        system("s0"),
        user("u1", "Read both."),
        assistant(
            "a2",
            [
                text("Reading."),
                # Gemini's signature on the first call of the step; the others ignore it
                {**call_block("call_1"), "thoughtSignature": "c2lnbmVk"},
                call_block("call_2", "ls"),
            ],
        ),
        result("r3", "call_2", "ls"),
        result("r4", "call_1"),
        assistant("a5", [text("Done.")]),
    ]


# Mistral takes only ids of exactly 9 letters and digits: repair renames these
# transcripts' ids for it (tests/repair/test_mistral_ids.py), so they are no plain ids.
PLAIN_IDS = [None, *(name for name in REGISTRY if name != "mistral")]


@pytest.mark.parametrize("provider", PLAIN_IDS)
def test_a_valid_transcript_with_plain_ids_is_returned_as_it_is(provider: Any) -> None:
    repaired = repair_transcript(valid_turn(), provider=provider)

    assert repaired == RepairResult(parse_transcript(valid_turn()), ())


def test_ir_input_gives_the_same_repair_as_json_input() -> None:
    broken = [*interrupted_turn(), result("r4", "c1"), result("r5", "zz")]
    as_ir = tuple(parse_message(message) for message in broken)

    for provider in (None, *REGISTRY):
        expected = repair_transcript(broken, provider=provider)
        assert repair_transcript(as_ir, provider=provider) == expected
        assert repair_transcript([as_ir[0], *broken[1:]], provider=provider) == expected


def test_the_empty_transcript_needs_no_repair() -> None:
    for provider in (None, *REGISTRY):
        assert repair_transcript([], provider=provider) == RepairResult((), ())


# --- the interrupted turn ---------------------------------------------------------------


@pytest.mark.parametrize("provider", ["anthropic", "openai-chat"])
def test_the_interrupted_turn_moves_the_result_after_its_call(provider: str) -> None:
    repaired = repair_transcript(interrupted_turn(), provider=provider)

    assert output(repaired) == [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        result("r3", "c1"),
        user("u2", "wait"),
    ]
    assert done(repaired) == [("MOVED_RESULT", 3)]
    assert "'c1'" in repaired.actions[0].message


@pytest.mark.parametrize("provider", [None, "openai-responses"])
def test_the_interrupted_turn_is_left_alone_without_a_provider_or_for_responses(
    provider: Any,
) -> None:
    repaired = repair_transcript(interrupted_turn(), provider=provider)

    assert repaired == RepairResult(parse_transcript(interrupted_turn()), ())


def test_anthropic_leaves_results_after_a_run_of_assistant_messages_in_place() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        assistant("a2", [text("still working")]),
        result("r3", "c1"),
    ]
    assert validate_transcript(transcript) == ()
    assert check_wire_rules(transcript, "anthropic") == ()

    repaired = repair_transcript(transcript, provider="anthropic")

    assert repaired == RepairResult(parse_transcript(transcript), ())


def test_openai_chat_moves_a_result_after_an_assistant_run_and_anthropic_accepts_both() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        assistant("a2", [text("still working")]),
        result("r3", "c1"),
    ]

    repaired = repair_transcript(transcript, provider="openai-chat")

    assert ids_of(repaired.transcript) == ["u0", "a1", "r3", "a2"]
    assert done(repaired) == [("MOVED_RESULT", 3)]
    assert check_wire_rules(repaired.transcript, "anthropic") == ()


def test_results_already_in_place_keep_their_order_and_late_ones_follow_in_call_order() -> None:
    transcript = [
        assistant("a0", [call_block("c1"), call_block("c2"), call_block("c3")]),
        result("r1", "c3"),
        user("u2"),
        result("r3", "c2"),
        result("r4", "c1"),
    ]

    repaired = repair_transcript(transcript, provider="openai-chat")

    assert ids_of(repaired.transcript) == ["a0", "r1", "r4", "r3", "u2"]
    assert done(repaired) == [("MOVED_RESULT", 4), ("MOVED_RESULT", 3)]


def test_the_results_of_two_rounds_go_each_after_its_own_call() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        system("s2"),
        assistant("a3", [call_block("c2")]),
        result("r4", "c2"),
        user("u5"),
        result("r6", "c1"),
    ]

    repaired = repair_transcript(transcript, provider="anthropic")

    assert ids_of(repaired.transcript) == ["u0", "a1", "r6", "s2", "a3", "r4", "u5"]
    assert done(repaired) == [("MOVED_RESULT", 6)]
    assert check_wire_rules(repaired.transcript, "anthropic") == ()


def test_an_interrupted_parallel_turn_gets_its_error_result_and_its_moved_result() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1"), call_block("c2", "ls")]),
        user("u2", "stop"),
        result("r3", "c1"),
    ]

    repaired = repair_transcript(transcript, provider="anthropic")

    assert output(repaired) == [
        user("u0"),
        assistant("a1", [call_block("c1"), call_block("c2", "ls")]),
        error_result("c2", "ls"),
        result("r3", "c1"),
        user("u2", "stop"),
    ]
    assert done(repaired) == [("ADDED_ERROR_RESULT", 1), ("MOVED_RESULT", 3)]


# --- calls without a result -------------------------------------------------------------


def test_a_trailing_unanswered_call_gets_an_error_result_with_its_tool_name() -> None:
    transcript = [user("u0"), assistant("a1", [text("Listing."), call_block("c1", "ls")])]

    repaired = repair_transcript(transcript)

    assert output(repaired) == [*transcript, error_result("c1", "ls")]
    assert done(repaired) == [("ADDED_ERROR_RESULT", 1)]
    added = repaired.transcript[-1]
    assert type(added) is ToolResultMessage
    assert added.is_error is True
    assert "'c1'" in repaired.actions[0].message


def test_the_error_result_follows_the_call_s_other_results() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1", "read"), call_block("c2", "ls")]),
        result("r2", "c2", "ls"),
    ]

    repaired = repair_transcript(transcript)

    assert output(repaired) == [*transcript, error_result("c1", "read")]
    assert done(repaired) == [("ADDED_ERROR_RESULT", 1)]


def test_an_unanswered_call_in_the_middle_is_answered_right_after_its_round() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        user("u2"),
        assistant("a3", [call_block("c2")]),
        result("r4", "c2"),
    ]

    repaired = repair_transcript(transcript)

    assert output(repaired) == [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        error_result("c1"),
        user("u2"),
        assistant("a3", [call_block("c2")]),
        result("r4", "c2"),
    ]
    assert done(repaired) == [("ADDED_ERROR_RESULT", 1)]


def test_the_added_result_takes_a_message_id_no_input_message_has() -> None:
    transcript = [
        user("repair-result-c1"),
        user("repair-result-c1-2"),
        assistant("a2", [call_block("c1")]),
    ]

    repaired = repair_transcript(transcript)

    assert output(repaired)[-1] == error_result("c1", id="repair-result-c1-3")


def test_many_added_results_get_unique_ids_that_no_input_message_has() -> None:
    # 2,000 unanswered calls: c0..c999, then c0-2..c999-2. The input takes the plain id
    # of every even cN, so its result becomes repair-result-cN-2, which is then the
    # plain id of call cN-2's result: that one must become repair-result-cN-2-2.
    count = 1000
    call_ids = [f"c{i}" for i in range(count)] + [f"c{i}-2" for i in range(count)]
    taken = [user(f"repair-result-c{i}") for i in range(0, count, 2)]
    transcript = [*taken, assistant("a", [call_block(call_id) for call_id in call_ids])]

    repaired = repair_transcript(transcript)

    def expected_id(call_id: str) -> str:
        number, _, suffix = call_id[1:].partition("-")
        if int(number) % 2:
            return f"repair-result-{call_id}"
        return f"repair-result-c{number}-2" if not suffix else f"repair-result-c{number}-2-2"

    added = output(repaired)[len(transcript) :]
    assert output(repaired)[: len(transcript)] == transcript
    assert added == [error_result(call_id, id=expected_id(call_id)) for call_id in call_ids]
    all_ids = ids_of(repaired.transcript)
    assert len(set(all_ids)) == len(all_ids) == len(transcript) + 2 * count
    assert not {message["id"] for message in added} & {message["id"] for message in transcript}
    assert done(repaired) == [("ADDED_ERROR_RESULT", len(taken))] * (2 * count)
    assert validate_transcript(repaired.transcript) == ()


def test_drop_call_removes_unanswered_calls_and_keeps_the_rest_of_the_message() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [text("x"), call_block("c1"), call_block("c2", "ls")]),
        result("r2", "c2", "ls"),
        assistant("a3", [call_block("c3")]),
    ]

    repaired = repair_transcript(transcript, missing="drop-call")

    assert output(repaired) == [
        user("u0"),
        assistant("a1", [text("x"), call_block("c2", "ls")]),
        result("r2", "c2", "ls"),
        assistant("a3", []),
    ]
    assert done(repaired) == [("DROPPED_TOOL_CALL", 1), ("DROPPED_TOOL_CALL", 3)]
    assert "'c1'" in repaired.actions[0].message


def test_drop_call_for_anthropic_also_drops_the_message_it_leaves_empty() -> None:
    repaired = repair_transcript(
        [user("u0"), assistant("a1", [call_block("c1")])], provider="anthropic", missing="drop-call"
    )

    assert output(repaired) == [user("u0")]
    assert done(repaired) == [("DROPPED_TOOL_CALL", 1), ("DROPPED_EMPTY_CONTENT", 1)]


# --- orphans, results before their call, duplicate results ------------------------------


def test_an_orphan_result_is_dropped() -> None:
    repaired = repair_transcript([user("u0"), result("r1", "zz"), assistant("a2", [text()])])

    assert output(repaired) == [user("u0"), assistant("a2", [text()])]
    assert done(repaired) == [("DROPPED_ORPHAN_RESULT", 1)]
    assert "'zz'" in repaired.actions[0].message


def test_a_result_before_its_call_is_dropped_and_the_later_one_kept() -> None:
    transcript = [
        user("u0"),
        result("r1", "c1"),
        assistant("a2", [call_block("c1")]),
        result("r3", "c1"),
    ]

    repaired = repair_transcript(transcript)

    assert output(repaired) == [user("u0"), assistant("a2", [call_block("c1")]), result("r3", "c1")]
    assert done(repaired) == [("DROPPED_ORPHAN_RESULT", 1)]


def test_a_result_only_before_its_call_is_dropped_and_the_call_answered_with_an_error() -> None:
    transcript = [user("u0"), result("r1", "c1"), assistant("a2", [call_block("c1")])]

    repaired = repair_transcript(transcript)

    assert output(repaired) == [user("u0"), assistant("a2", [call_block("c1")]), error_result("c1")]
    assert done(repaired) == [("DROPPED_ORPHAN_RESULT", 1), ("ADDED_ERROR_RESULT", 2)]


def test_of_duplicate_results_the_first_is_kept() -> None:
    first = {**result("r2", "c1"), "content": "first"}
    second = {**result("r3", "c1"), "content": "second"}
    transcript = [user("u0"), assistant("a1", [call_block("c1")]), first, user("u4"), second]

    repaired = repair_transcript(transcript)

    assert output(repaired) == [user("u0"), assistant("a1", [call_block("c1")]), first, user("u4")]
    assert done(repaired) == [("DROPPED_DUPLICATE_RESULT", 4)]


# --- duplicate call ids -----------------------------------------------------------------


def test_a_later_call_with_a_used_id_is_renamed_and_its_results_follow_it() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c")]),
        result("r2", "c"),
        assistant("a3", [call_block("c", "ls")]),
        result("r4", "c", "ls"),
    ]

    repaired = repair_transcript(transcript)

    assert output(repaired) == [
        user("u0"),
        assistant("a1", [call_block("c")]),
        result("r2", "c"),
        assistant("a3", [call_block("c-2", "ls")]),
        result("r4", "c-2", "ls"),
    ]
    assert done(repaired) == [("RENAMED_DUPLICATE_CALL_ID", 3)]
    assert "'c-2'" in repaired.actions[0].message


def test_a_result_after_the_later_call_answers_it_and_the_first_call_gets_an_error() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c")]),
        assistant("a2", [call_block("c")]),
        result("r3", "c"),
    ]

    repaired = repair_transcript(transcript)

    assert output(repaired) == [
        user("u0"),
        assistant("a1", [call_block("c")]),
        error_result("c"),
        assistant("a2", [call_block("c-2")]),
        result("r3", "c-2"),
    ]
    assert done(repaired) == [("RENAMED_DUPLICATE_CALL_ID", 2), ("ADDED_ERROR_RESULT", 1)]


def test_a_fresh_id_skips_the_ids_calls_already_have() -> None:
    transcript = [
        assistant("a0", [call_block("c")]),
        result("r1", "c"),
        assistant("a2", [call_block("c-2")]),
        result("r3", "c-2"),
        assistant("a4", [call_block("c")]),
        result("r5", "c"),
        assistant("a6", [call_block("c")]),
        result("r7", "c"),
    ]

    repaired = repair_transcript(transcript)

    assert [getattr(m, "tool_call_id", None) for m in repaired.transcript[1::2]] == [
        "c",
        "c-2",
        "c-3",
        "c-4",
    ]
    assert done(repaired) == [
        ("RENAMED_DUPLICATE_CALL_ID", 4),
        ("RENAMED_DUPLICATE_CALL_ID", 6),
    ]
    assert validate_transcript(repaired.transcript) == ()


def test_a_duplicate_within_one_message_is_renamed_at_its_block() -> None:
    transcript = [user("u0"), assistant("a1", [call_block("c"), text(), call_block("c")])]

    repaired = repair_transcript(transcript)

    assert output(repaired) == [
        user("u0"),
        assistant("a1", [call_block("c"), text(), call_block("c-2")]),
        error_result("c"),
        error_result("c-2"),
    ]
    assert done(repaired) == [
        ("RENAMED_DUPLICATE_CALL_ID", 1),
        ("ADDED_ERROR_RESULT", 1),
        ("ADDED_ERROR_RESULT", 1),
    ]


# --- tool names -------------------------------------------------------------------------


def test_a_result_s_tool_name_becomes_its_call_s() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1", "read")]),
        result("r2", "c1", "write"),
    ]

    repaired = repair_transcript(transcript)

    assert output(repaired) == [
        user("u0"),
        assistant("a1", [call_block("c1", "read")]),
        result("r2", "c1", "read"),
    ]
    assert done(repaired) == [("FIXED_TOOL_NAME", 2)]
    assert "'write'" in repaired.actions[0].message
    assert "'read'" in repaired.actions[0].message


# --- the first turn (a provider that asks a user turn first) and empty content ----------
# Anthropic accepts an assistant message first (a recorded request): its repair adds no
# user message. The rule is tested with ``user_first_provider`` (tests/conftest.py),
# Anthropic's record asking it.


@pytest.mark.parametrize(
    "provider", [None, *(name for name, spec in REGISTRY.items() if not spec.turns.user_turn_first)]
)
def test_no_registered_provider_gets_a_user_message_before_a_leading_assistant_message(
    provider: Any,
) -> None:
    transcript = [system("s0"), assistant("a1", [text("Hello.")]), user("u2")]

    repaired = repair_transcript(transcript, provider=provider)

    assert output(repaired) == transcript
    assert done(repaired) == []


def test_a_user_turn_first_provider_gets_a_user_message_before_a_leading_assistant_message(
    user_first_provider: Any,
) -> None:
    transcript = [assistant("a0", [text("Hello.")]), user("u1")]

    repaired = repair_transcript(transcript, provider=user_first_provider)

    assert output(repaired) == [first_user(), *transcript]
    assert done(repaired) == [("ADDED_USER_MESSAGE", 0)]


def test_the_added_user_message_goes_after_the_system_messages(user_first_provider: Any) -> None:
    transcript = [system("s0"), assistant("a1", [text("Hello.")])]

    repaired = repair_transcript(transcript, provider=user_first_provider)

    assert output(repaired) == [system("s0"), first_user(), assistant("a1", [text("Hello.")])]
    assert done(repaired) == [("ADDED_USER_MESSAGE", 1)]


def test_the_added_user_message_takes_a_free_message_id(user_first_provider: Any) -> None:
    transcript = [assistant("repair-user-start", [text("Hello.")])]

    repaired = repair_transcript(transcript, provider=user_first_provider)

    assert output(repaired) == [first_user("repair-user-start-2"), *transcript]


@pytest.mark.parametrize(
    ("transcript", "expected"),
    [
        (
            [system("s0"), system("s1"), assistant("a2", [text("Hello.")])],
            [("ADDED_USER_MESSAGE", 2)],
        ),
        (
            [result("r0", "zz"), assistant("a1", [text("Hello.")])],
            [("DROPPED_ORPHAN_RESULT", 0), ("ADDED_USER_MESSAGE", 1)],
        ),
        (
            [system("s0"), user("u1", " \n"), user("u2", [text("")]), assistant("a3", [text("x")])],
            [
                ("DROPPED_EMPTY_CONTENT", 1),
                ("DROPPED_EMPTY_CONTENT", 2),
                ("DROPPED_EMPTY_CONTENT", 2),
                ("ADDED_USER_MESSAGE", 3),
            ],
        ),
        (
            [assistant("a0", []), assistant("a1", [call_block("c1")]), result("r2", "c1")],
            [("DROPPED_EMPTY_CONTENT", 0), ("ADDED_USER_MESSAGE", 1)],
        ),
    ],
    ids=["after-system-messages", "after-a-dropped-orphan", "after-dropped-blanks", "second"],
)
def test_added_user_message_names_the_input_index_of_the_assistant_message_it_precedes(
    transcript: list[Any], expected: list[tuple[str, int]], user_first_provider: Any
) -> None:
    repaired = repair_transcript(transcript, provider=user_first_provider)

    assert done(repaired) == expected
    at = ids_of(repaired.transcript).index("repair-user-start")
    assert repaired.transcript[at + 1].id == transcript[expected[-1][1]]["id"]
    assert check_wire_rules(repaired.transcript, "anthropic") == ()


@pytest.mark.parametrize("provider", [None, "openai-chat", "openai-responses"])
def test_only_anthropic_adds_a_user_message(provider: Any) -> None:
    transcript = [assistant("a0", [text("Hello.")])]

    assert repair_transcript(transcript, provider=provider).actions == ()


def test_anthropic_drops_empty_text_blocks_and_empty_messages() -> None:
    # Each message's actions: its blocks first, then the message if nothing is left.
    transcript = [
        user("u0", [text(""), text("hi")]),
        assistant("a1", [text(""), text("ok"), text("")]),
        user("u2", ""),
        assistant("a3", []),
        user("u4", [text("")]),
        user("u5", []),
        assistant("a6", [text("bye")]),
    ]

    repaired = repair_transcript(transcript, provider="anthropic")

    assert output(repaired) == [
        user("u0", [text("hi")]),
        assistant("a1", [text("ok")]),
        assistant("a6", [text("bye")]),
    ]
    assert done(repaired) == [
        ("DROPPED_EMPTY_CONTENT", 0),
        ("DROPPED_EMPTY_CONTENT", 1),
        ("DROPPED_EMPTY_CONTENT", 2),
        ("DROPPED_EMPTY_CONTENT", 3),
        ("DROPPED_EMPTY_CONTENT", 4),
        ("DROPPED_EMPTY_CONTENT", 4),
        ("DROPPED_EMPTY_CONTENT", 5),
    ]


def test_anthropic_drops_whitespace_only_text_blocks_and_messages() -> None:
    # Empty text blocks go; whitespace-only ones only where nothing else in the message
    # is content (Anthropic accepts them beside other content).
    transcript = [
        user("u0", [text(" "), text("hi"), text("")]),
        assistant("a1", [text(""), call_block("c1"), text(" ok ")]),
        result("r2", "c1"),
        user("u3", " \r\n"),
        assistant("a4", [text("\ufeff\x1c"), text("\x85")]),
        user("u5", [text(""), {"type": "image", "source": {"type": "url", "url": "https://x/y"}}]),
        assistant("a6", [text("  bye")]),
    ]

    repaired = repair_transcript(transcript, provider="anthropic")

    assert output(repaired) == [
        user("u0", [text(" "), text("hi")]),
        assistant("a1", [call_block("c1"), text(" ok ")]),
        result("r2", "c1"),
        user("u5", [{"type": "image", "source": {"type": "url", "url": "https://x/y"}}]),
        assistant("a6", [text("  bye")]),
    ]
    assert done(repaired) == [
        ("DROPPED_EMPTY_CONTENT", 0),
        ("DROPPED_EMPTY_CONTENT", 1),
        ("DROPPED_EMPTY_CONTENT", 3),
        ("DROPPED_EMPTY_CONTENT", 4),
        ("DROPPED_EMPTY_CONTENT", 4),
        ("DROPPED_EMPTY_CONTENT", 5),
    ]
    assert [action.message for action in repaired.actions[3:5]] == [
        "empty or whitespace-only text blocks were dropped",
        "a message with no content was dropped",
    ]
    assert check_wire_rules(repaired.transcript, "anthropic") == ()


@pytest.mark.parametrize("provider", [None, "openai-chat", "openai-responses"])
def test_other_providers_keep_whitespace_only_content(provider: Any) -> None:
    transcript = [user("u0", " "), assistant("a1", [text("\n")]), user("u2", [text("\u3000")])]

    assert repair_transcript(transcript, provider=provider) == RepairResult(
        parse_transcript(transcript), ()
    )


def test_whitespace_only_content_of_system_messages_results_and_thinking_is_kept() -> None:
    transcript = [
        system("s0", " "),
        user("u1"),
        assistant("a2", [{"type": "thinking", "thinking": " "}, call_block("c1")]),
        {**result("r3", "c1"), "content": [text(" ")]},
    ]

    assert repair_transcript(transcript, provider="anthropic") == RepairResult(
        parse_transcript(transcript), ()
    )


def test_dropping_an_empty_first_user_message_makes_room_for_the_added_one(
    user_first_provider: Any,
) -> None:
    repaired = repair_transcript(
        [user("u0", ""), assistant("a1", [text("hi")])], provider=user_first_provider
    )

    assert output(repaired) == [first_user(), assistant("a1", [text("hi")])]
    assert done(repaired) == [("DROPPED_EMPTY_CONTENT", 0), ("ADDED_USER_MESSAGE", 1)]


@pytest.mark.parametrize("provider", [None, "openai-chat", "openai-responses"])
def test_other_providers_keep_empty_content(provider: Any) -> None:
    transcript = [user("u0", ""), assistant("a1", [text("")]), user("u2", [])]

    assert repair_transcript(transcript, provider=provider) == RepairResult(
        parse_transcript(transcript), ()
    )


@pytest.mark.parametrize(
    ("transcript", "expected"),
    [
        (
            [user("u0"), result("r1", "zz"), user("u2", "")],
            [("DROPPED_ORPHAN_RESULT", 1), ("DROPPED_EMPTY_CONTENT", 2)],
        ),
        ([user("x", "hi"), user("x", "")], [("DROPPED_EMPTY_CONTENT", 1)]),
        (
            [assistant("a0", [call_block("c1")]), user("u1", "")],
            [("ADDED_ERROR_RESULT", 0), ("DROPPED_EMPTY_CONTENT", 1)],
        ),
        (
            [user("u0"), result("r1", "zz"), user("u2", " \u3000")],
            [("DROPPED_ORPHAN_RESULT", 1), ("DROPPED_EMPTY_CONTENT", 2)],
        ),
        (
            [
                user("u0"),
                assistant("a1", [call_block("c1")]),
                user("u2"),
                result("r3", "c1"),
                user("u4", [text("\t")]),
            ],
            [("MOVED_RESULT", 3), ("DROPPED_EMPTY_CONTENT", 4), ("DROPPED_EMPTY_CONTENT", 4)],
        ),
    ],
    ids=[
        "after-a-dropped-orphan",
        "shared-message-id",
        "after-an-added-result",
        "blank-after-a-dropped-orphan",
        "blank-after-a-moved-result",
    ],
)
def test_dropped_empty_content_names_the_message_s_index_in_the_input(
    transcript: list[Any], expected: list[tuple[str, int]]
) -> None:
    repaired = repair_transcript(transcript, provider="anthropic")

    assert done(repaired) == expected
    assert check_wire_rules(repaired.transcript, "anthropic") == ()


# --- ids the provider refuses -----------------------------------------------------------


def test_anthropic_ids_are_normalized_in_calls_and_results() -> None:
    transcript = [user("u0"), assistant("a1", [call_block("call 1")]), result("r2", "call 1")]

    repaired = repair_transcript(transcript, provider="anthropic")

    assert output(repaired) == [
        user("u0"),
        assistant("a1", [call_block("call_1")]),
        result("r2", "call_1"),
    ]
    assert done(repaired) == [("RENAMED_TOOL_CALL_ID", 1)]
    assert "'call 1'" in repaired.actions[0].message
    assert "'call_1'" in repaired.actions[0].message


@pytest.mark.parametrize(
    ("provider", "kept"),
    [("openai-chat", 40), ("openai-responses", 64), ("anthropic", 64)],
)
def test_ids_are_cut_to_the_provider_s_length(provider: str, kept: int) -> None:
    long_id = "k" * 70
    transcript = [user("u0"), assistant("a1", [call_block(long_id)]), result("r2", long_id)]

    repaired = repair_transcript(transcript, provider=provider)

    assert output(repaired) == [
        user("u0"),
        assistant("a1", [call_block("k" * kept)]),
        result("r2", "k" * kept),
    ]
    assert done(repaired) == [("RENAMED_TOOL_CALL_ID", 1)]


def test_a_41_character_id_is_only_refused_by_openai_chat() -> None:
    long_id = "k" * 41
    transcript = [user("u0"), assistant("a1", [call_block(long_id)]), result("r2", long_id)]

    assert done(repair_transcript(transcript, provider="openai-chat")) == [
        ("RENAMED_TOOL_CALL_ID", 1)
    ]
    assert repair_transcript(transcript, provider="openai-responses").actions == ()
    assert repair_transcript(transcript, provider="anthropic").actions == ()
    assert repair_transcript(transcript).actions == ()


def test_without_a_provider_ids_are_kept() -> None:
    transcript = [user("u0"), assistant("a1", [call_block("call 1")]), result("r2", "call 1")]

    assert repair_transcript(transcript).actions == ()


def test_every_repair_at_once_for_anthropic() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("call 1")]),
        user("u2"),
        result("r3", "call 1", "write"),
        result("r4", "call 1"),
    ]

    repaired = repair_transcript(transcript, provider="anthropic")

    assert output(repaired) == [
        user("u0"),
        assistant("a1", [call_block("call_1")]),
        result("r3", "call_1", "read"),
        user("u2"),
    ]
    assert done(repaired) == [
        ("FIXED_TOOL_NAME", 3),
        ("DROPPED_DUPLICATE_RESULT", 4),
        ("MOVED_RESULT", 3),
        ("RENAMED_TOOL_CALL_ID", 1),
    ]
    assert check_wire_rules(repaired.transcript, "anthropic") == ()


@pytest.mark.parametrize(("provider", "kept"), [("openai-chat", 40), ("openai-responses", 64)])
def test_a_cut_id_is_never_blank(provider: str, kept: int) -> None:
    padded = " " * kept + "x"
    transcript = [assistant("a0", [call_block(padded)]), result("r1", padded)]

    repaired = repair_transcript(transcript, provider=provider)
    renamed = normalize_tool_call_ids(transcript, provider)
    normalized, mapping = renamed.transcript, renamed.renamed_ids

    assert validate_transcript(repaired.transcript) == ()
    assert validate_transcript(normalized) == ()
    assert mapping == {padded: "call"}
    assert call_ids(repaired.transcript) == call_ids(normalized) == ["call", "call"]
    assert done(repaired) == [("RENAMED_TOOL_CALL_ID", 0)]


@pytest.mark.parametrize(("provider", "kept"), [("openai-chat", 40), ("openai-responses", 64)])
def test_blank_cuts_become_call_made_unique(provider: str, kept: int) -> None:
    first, second = " " * kept + "x", "\u3000" * kept + "y"

    mapping = normalize_tool_call_ids(
        calls_and_results("call", first, second), provider
    ).renamed_ids

    assert mapping == {first: "call_2", second: "call_3"}


def test_a_cut_that_is_not_blank_keeps_its_whitespace() -> None:
    padded = " " * 39 + "x" + "y" * 10

    mapping = normalize_tool_call_ids(calls_and_results(padded), "openai-chat").renamed_ids

    assert mapping == {padded: " " * 39 + "x"}


# --- where each action points, and the ids renamed -------------------------------------


def test_each_action_points_at_the_message_or_block_it_concerns_in_the_input() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [text("x"), call_block("c1"), call_block("c2")]),
        result("r2", "zz"),
        result("r3", "c1", "write"),
        result("r4", "c1"),
        assistant("a5", [call_block("c1")]),
        result("r6", "c1"),
    ]

    added = repair_transcript(transcript)
    dropped = repair_transcript(transcript, missing="drop-call")

    assert located(added) == [
        ("DROPPED_ORPHAN_RESULT", "/2"),
        ("FIXED_TOOL_NAME", "/3/toolName"),
        ("DROPPED_DUPLICATE_RESULT", "/4"),
        ("RENAMED_DUPLICATE_CALL_ID", "/5/content/0/id"),
        ("ADDED_ERROR_RESULT", "/1/content/2"),
    ]
    assert located(dropped)[-1] == ("DROPPED_TOOL_CALL", "/1/content/2")
    assert resolve(transcript, "/1/content/2") == call_block("c2")
    assert [action.path.split("/")[1] for action in added.actions] == [
        str(action.message_index) for action in added.actions
    ]


def test_provider_actions_point_into_the_input_not_the_output() -> None:
    transcript = [
        assistant("a0", [text(""), call_block("c 1")]),
        user("u1", " "),
        result("r2", "c 1"),
    ]

    repaired = repair_transcript(transcript, provider="anthropic")

    assert located(repaired) == [
        ("MOVED_RESULT", "/2"),
        ("RENAMED_TOOL_CALL_ID", "/0/content/1/id"),
        ("DROPPED_EMPTY_CONTENT", "/0/content"),
        ("DROPPED_EMPTY_CONTENT", "/1"),
    ]
    assert done(repaired)[1] == ("RENAMED_TOOL_CALL_ID", 0)
    assert resolve(transcript, "/0/content/1/id") == "c 1"
    assert repaired.renamed_ids == {"c 1": "c_1"}


def test_repair_renamed_ids_hold_only_ids_renamed_alike_everywhere_they_are_kept() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("a b"), call_block("ok")]),
        result("r2", "a b"),
        result("r3", "ok"),
        assistant("a4", [call_block("ok")]),
        result("r5", "ok"),
        assistant("a6", [call_block("x y")]),
        result("r7", "x y"),
    ]

    plain = repair_transcript(transcript)
    anthropic = repair_transcript(transcript, provider="anthropic")

    # "ok" is kept in a1 and r3 but became "ok-2" in a4 and r5: not one rename.
    assert call_ids(plain.transcript) == ["a b", "ok", "a b", "ok", "ok-2", "ok-2", "x y", "x y"]
    assert plain.renamed_ids == {}
    assert located(plain) == [("RENAMED_DUPLICATE_CALL_ID", "/4/content/0/id")]
    assert anthropic.renamed_ids == {"a b": "a_b", "x y": "x_y"}
    assert [(action.path, action.message) for action in anthropic.actions] == [
        ("/4/content/0/id", "tool call id 'ok' was already used: this call became 'ok-2'"),
        ("/1/content/0/id", "tool call id 'a b' became 'a_b'"),
        ("/6/content/0/id", "tool call id 'x y' became 'x_y'"),
    ]


def test_a_duplicate_id_whose_first_call_is_dropped_is_renamed_alike_where_kept() -> None:
    transcript = [
        assistant("a0", [call_block("c1")]),
        user("u1"),
        assistant("a2", [call_block("c1")]),
        result("r3", "c1"),
    ]

    repaired = repair_transcript(transcript, missing="drop-call")

    assert call_ids(repaired.transcript) == ["c1-2", "c1-2"]
    assert repaired.renamed_ids == {"c1": "c1-2"}
    assert located(repaired) == [
        ("RENAMED_DUPLICATE_CALL_ID", "/2/content/0/id"),
        ("DROPPED_TOOL_CALL", "/0/content/0"),
    ]


def test_renamed_ids_are_a_read_only_copy() -> None:
    given_ids = {"a b": "a_b"}
    built = RepairResult((), (), given_ids)
    normalized = normalize_tool_call_ids(calls_and_results("a b"), "anthropic")

    given_ids["c"] = "d"
    assert built.renamed_ids == {"a b": "a_b"}
    for renamed_ids in (
        built.renamed_ids,
        normalized.renamed_ids,
        RepairResult((), ()).renamed_ids,
    ):
        with pytest.raises(TypeError):
            renamed_ids["a b"] = "x"  # type: ignore[index]
    assert RepairResult((), ()).renamed_ids == {}
    assert hash(built) == hash(RepairResult((), (), {"a b": "a_b"}))
    with pytest.raises(AttributeError):
        normalized.renamed_ids = {}  # type: ignore[misc]


def test_normalize_reports_one_rename_per_call_and_per_result_no_call_explains() -> None:
    transcript = [
        user("u0"),
        result("r1", "orphan id"),
        assistant("a2", [text("x"), call_block("c 1"), call_block("ok")]),
        result("r3", "c 1"),
        assistant("a4", [call_block("c 1")]),
        result("r5", "c 1"),
    ]

    renamed = normalize_tool_call_ids(transcript, "anthropic")

    assert renamed.renamed_ids == {"orphan id": "orphan_id", "c 1": "c_1"}
    assert [(a.code, a.message_index, a.path, a.message) for a in renamed.actions] == [
        ("RENAMED_TOOL_CALL_ID", 1, "/1/toolCallId", "tool call id 'orphan id' became 'orphan_id'"),
        ("RENAMED_TOOL_CALL_ID", 2, "/2/content/1/id", "tool call id 'c 1' became 'c_1'"),
        ("RENAMED_TOOL_CALL_ID", 4, "/4/content/0/id", "tool call id 'c 1' became 'c_1'"),
    ]
    assert normalize_tool_call_ids(calls_and_results("ok"), "anthropic").actions == ()


# --- options, invalid input, the input never changed ------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"missing": "keep"},
        {"missing": None},
        {"orphans": "keep"},
        {"duplicates": "keep-last"},
        {"provider": "openai"},
        {"provider": "Anthropic"},
        {"provider": ""},
    ],
    ids=lambda options: "-".join(f"{k}={v}" for k, v in options.items()),
)
def test_an_invalid_option_is_a_value_error_before_the_transcript_is_read(
    options: dict[str, Any],
) -> None:
    with pytest.raises(ValueError, match=next(iter(options))):
        repair_transcript(interrupted_turn(), **options)
    with pytest.raises(ValueError, match=next(iter(options))):
        repair_transcript(42, **options)


@pytest.mark.parametrize(
    ("entry", "path", "code"),
    [
        ({"role": "user", "id": " ", "content": "x"}, (1, "id"), "INVALID_MESSAGE"),
        (
            assistant("a1", [call_block(arguments=[1])]),
            (1, "content", 0, "arguments"),
            "INVALID_TOOL_ARGUMENTS",
        ),
        ({"role": "tool", "id": "m1", "content": "x"}, (1, "role"), "INVALID_MESSAGE"),
    ],
    ids=["blank-id", "arguments", "role"],
)
def test_a_message_invalid_on_its_own_is_an_invalid_message_error_naming_its_index(
    entry: dict[str, Any], path: tuple[Any, ...], code: str
) -> None:
    transcript = [user("u0"), entry, result("r2", "zz")]

    for function, call in [
        ("repair_transcript", lambda: repair_transcript(transcript)),
        ("normalize_tool_call_ids", lambda: normalize_tool_call_ids(transcript, "anthropic")),
        ("trim_transcript", lambda: trim_transcript(transcript, max_messages=1)),
    ]:
        with pytest.raises(InvalidMessageError) as raised:
            call()
        assert (raised.value.function, raised.value.path, raised.value.code) == (
            function,
            path,
            code,
        )
        assert str(raised.value).startswith(f"{function}: [1]")


@pytest.mark.parametrize("value", [None, "[]", {"messages": []}, 42, iter([])])
def test_what_is_not_a_list_or_tuple_is_a_type_error(value: Any) -> None:
    for call in [
        lambda: repair_transcript(value),
        lambda: normalize_tool_call_ids(value, "anthropic"),
        lambda: trim_transcript(value),
    ]:
        with pytest.raises(TypeError, match="expected a list or tuple of messages"):
            call()


def broken() -> list[Any]:
    return [
        assistant("a0", [text(""), call_block("call 1"), call_block("c2")]),
        user("u1", ""),
        result("r2", "call 1", "write"),
        result("r3", "call 1"),
        result("r4", "zz"),
        assistant("a5", [call_block("c2")]),
    ]


@pytest.mark.parametrize("provider", [None, *REGISTRY])
def test_the_input_is_never_changed(provider: Any) -> None:
    transcript = broken()
    as_ir = tuple(parse_message(message) for message in broken())
    ir_before = copy.deepcopy(as_ir)

    repair_transcript(transcript, provider=provider, missing="drop-call")
    repair_transcript(as_ir, provider=provider)
    if provider is not None:
        normalize_tool_call_ids(transcript, provider)
        normalize_tool_call_ids(as_ir, provider)
    trim_transcript(transcript, max_messages=2)

    assert transcript == broken()
    assert as_ir == ir_before


def test_list_overrides_are_never_called() -> None:
    expected = repair_transcript(broken(), provider="anthropic")

    raising = RaisingList(broken())
    assert repair_transcript(raising, provider="anthropic") == expected
    assert normalize_tool_call_ids(raising, "anthropic") == normalize_tool_call_ids(
        broken(), "anthropic"
    )
    assert trim_transcript(raising, max_messages=3) == trim_transcript(broken(), max_messages=3)
    assert raising.calls == []
    lying = LyingList(broken(), claims=0)
    assert repair_transcript(lying, provider="anthropic") == expected
    assert list.__len__(lying) == len(broken())


# --- normalize_tool_call_ids ------------------------------------------------------------


def calls_and_results(*call_ids: str) -> list[Any]:
    """One assistant message calling each id, then one result per id, in order."""
    return [
        user("u0"),
        assistant("a1", [call_block(call_id) for call_id in call_ids]),
        *(result(f"r{2 + n}", call_id) for n, call_id in enumerate(call_ids)),
    ]


def call_ids(messages: tuple[Message, ...]) -> list[str]:
    found = []
    for message in messages:
        if type(message) is AssistantMessage:
            found.extend(call.id for call in message.tool_calls)
        elif type(message) is ToolResultMessage:
            found.append(message.tool_call_id)
    return found


def test_normalize_maps_each_refused_id_and_renames_calls_and_results_alike() -> None:
    renamed = normalize_tool_call_ids(calls_and_results("call 1", "ok_id", "x.y/z"), "anthropic")
    normalized, mapping = renamed.transcript, renamed.renamed_ids

    assert mapping == {"call 1": "call_1", "x.y/z": "x_y_z"}
    assert output(normalized) == calls_and_results("call_1", "ok_id", "x_y_z")


def test_normalize_leaves_accepted_ids_and_their_messages_alone() -> None:
    transcript = calls_and_results("toolu_01-A", "call_2")
    parsed = parse_transcript(transcript)

    renamed = normalize_tool_call_ids(transcript, "anthropic")
    normalized, mapping = renamed.transcript, renamed.renamed_ids

    assert (normalized, mapping) == (parsed, {})
    assert type(normalized) is tuple


@pytest.mark.parametrize(
    ("ids", "expected"),
    [
        (("a b", "a_b"), {"a b": "a_b_2"}),
        (("a_b", "a b"), {"a b": "a_b_2"}),
        (("a b", "a.b", "a_b"), {"a b": "a_b_2", "a.b": "a_b_3"}),
        (("a b", "a_b", "a_b_2"), {"a b": "a_b_3"}),
        (("a b", "a.b"), {"a b": "a_b", "a.b": "a_b_2"}),
    ],
    ids=["taken", "taken-earlier", "two-collide", "suffix-taken", "both-rewritten"],
)
def test_normalize_never_reuses_an_id(ids: tuple[str, ...], expected: dict[str, str]) -> None:
    renamed = normalize_tool_call_ids(calls_and_results(*ids), "anthropic")
    normalized, mapping = renamed.transcript, renamed.renamed_ids

    assert mapping == expected
    assert call_ids(normalized) == [mapping.get(i, i) for i in ids] * 2
    assert validate_transcript(normalized) == ()


@pytest.mark.parametrize(
    ("provider", "longest"), [("openai-chat", 40), ("openai-responses", 64), ("anthropic", 64)]
)
def test_normalize_cuts_long_ids_and_suffixes_a_cut_that_is_taken(
    provider: str, longest: int
) -> None:
    long_id, taken = "q" * (longest + 5), "q" * longest

    renamed = normalize_tool_call_ids(calls_and_results(taken, long_id), provider)
    normalized, mapping = renamed.transcript, renamed.renamed_ids

    assert mapping == {long_id: "q" * (longest - 2) + "_2"}
    assert all(len(call_id) <= longest for call_id in call_ids(normalized))


def test_normalize_for_openai_keeps_every_character_and_only_cuts() -> None:
    odd = "call 1.\u00e9/" + "w" * 40

    mapping = normalize_tool_call_ids(calls_and_results(odd, "call 2"), "openai-chat").renamed_ids

    assert mapping == {odd: odd[:40]}


def test_normalize_renames_orphan_and_duplicate_results_too() -> None:
    transcript = [
        user("u0"),
        result("r1", "orphan id"),
        assistant("a2", [call_block("c 1")]),
        result("r3", "c 1"),
        result("r4", "c 1"),
    ]

    renamed = normalize_tool_call_ids(transcript, "anthropic")
    normalized, mapping = renamed.transcript, renamed.renamed_ids

    assert mapping == {"orphan id": "orphan_id", "c 1": "c_1"}
    assert call_ids(normalized) == ["orphan_id", "c_1", "c_1", "c_1"]
    assert [(d.code, d.message_index) for d in validate_transcript(normalized)] == [
        (d.code, d.message_index) for d in validate_transcript(transcript)
    ]


def test_normalize_is_deterministic_and_idempotent() -> None:
    transcript = calls_and_results("a b", "a.b", "a_b", "z" * 70, "c" * 65 + "!")

    first = normalize_tool_call_ids(transcript, "anthropic")
    second = normalize_tool_call_ids(copy.deepcopy(transcript), "anthropic")
    again = normalize_tool_call_ids(first.transcript, "anthropic")

    assert first == second
    assert again == RepairResult(first.transcript, ())
    assert check_wire_rules(first.transcript, "anthropic") == ()


@pytest.mark.parametrize("provider", [None, "", "openai", "Anthropic", 3])
def test_normalize_refuses_an_unknown_provider(provider: Any) -> None:
    with pytest.raises(ValueError, match="provider must be one of"):
        normalize_tool_call_ids(calls_and_results("c 1"), provider)


# --- trim_transcript --------------------------------------------------------------------


def history() -> list[Any]:
    """Lengths: s0 8, u1 5, a2 0 (a call), r3 8, s4 4, u5 5, a6 4."""
    return [
        system("s0"),
        user("u1", "hello"),
        assistant("a2", [call_block("c1")]),
        result("r3", "c1"),
        system("s4", "more"),
        user("u5", "again"),
        assistant("a6", [text("done")]),
    ]


def test_the_lengths_the_budgets_below_rely_on() -> None:
    assert [(m.id, m.length) for m in parse_transcript(history())] == [
        ("s0", 8),
        ("u1", 5),
        ("a2", 0),
        ("r3", 8),
        ("s4", 4),
        ("u5", 5),
        ("a6", 4),
    ]


@pytest.mark.parametrize(
    ("budget", "kept"),
    [
        ({}, ["s0", "s4", "u1", "a2", "r3", "u5", "a6"]),
        ({"max_messages": 0}, ["s0", "s4"]),
        ({"max_messages": 1}, ["s0", "s4", "a6"]),
        ({"max_messages": 2}, ["s0", "s4", "u5", "a6"]),
        # r3 would be kept without its call: the cut moves after it.
        ({"max_messages": 3}, ["s0", "s4", "u5", "a6"]),
        ({"max_messages": 4}, ["s0", "s4", "a2", "r3", "u5", "a6"]),
        ({"max_messages": 5}, ["s0", "s4", "u1", "a2", "r3", "u5", "a6"]),
        ({"max_messages": 500}, ["s0", "s4", "u1", "a2", "r3", "u5", "a6"]),
        ({"max_chars": 0}, ["s0", "s4"]),
        ({"max_chars": 3}, ["s0", "s4"]),
        ({"max_chars": 4}, ["s0", "s4", "a6"]),
        ({"max_chars": 9}, ["s0", "s4", "u5", "a6"]),
        ({"max_chars": 16}, ["s0", "s4", "u5", "a6"]),
        # r3 fits at 17 and a2 (no text) with it.
        ({"max_chars": 17}, ["s0", "s4", "a2", "r3", "u5", "a6"]),
        ({"max_chars": 22}, ["s0", "s4", "u1", "a2", "r3", "u5", "a6"]),
        ({"max_messages": 4, "max_chars": 9}, ["s0", "s4", "u5", "a6"]),
        ({"max_messages": 1, "max_chars": 100}, ["s0", "s4", "a6"]),
    ],
    ids=str,
)
def test_trim_keeps_the_newest_messages_within_the_budget_and_system_messages_first(
    budget: dict[str, int], kept: list[str]
) -> None:
    trimmed = trim_transcript(history(), **budget).transcript

    assert ids_of(trimmed) == kept
    assert type(trimmed) is tuple
    assert validate_transcript(trimmed) == ()


@pytest.mark.parametrize(
    ("budget", "kept"),
    [
        ({"max_messages": 2}, ["u5", "a6"]),
        # r3 s4 u5 a6: r3's call is cut, so is r3.
        ({"max_messages": 4}, ["s4", "u5", "a6"]),
        ({"max_messages": 5}, ["a2", "r3", "s4", "u5", "a6"]),
        ({"max_messages": 7}, ["s0", "u1", "a2", "r3", "s4", "u5", "a6"]),
        ({"max_chars": 13}, ["s4", "u5", "a6"]),
        ({"max_chars": 21}, ["a2", "r3", "s4", "u5", "a6"]),
        ({}, ["s0", "u1", "a2", "r3", "s4", "u5", "a6"]),
    ],
    ids=str,
)
def test_without_keep_system_system_messages_are_counted_and_trimmed_in_place(
    budget: dict[str, int], kept: list[str]
) -> None:
    assert ids_of(trim_transcript(history(), keep_system=False, **budget).transcript) == kept


def test_the_cut_moves_past_every_result_of_a_cut_parallel_call() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1"), call_block("c2")]),
        result("r2", "c1"),
        user("u3"),
        result("r4", "c2"),
        user("u5"),
    ]

    assert ids_of(trim_transcript(transcript, max_messages=4).transcript) == ["u5"]
    assert (
        ids_of(trim_transcript(transcript, max_messages=5).transcript)
        == ids_of(parse_transcript(transcript))[1:]
    )


def test_a_trimmed_transcript_never_starts_on_a_result() -> None:
    # The orphan r1 is no one's: it is cut like a stranded result.
    transcript = [user("u0"), result("r1", "zz"), user("u2"), user("u3")]

    assert ids_of(trim_transcript(transcript, max_messages=3).transcript) == ["u2", "u3"]
    assert ids_of(trim_transcript(transcript, max_messages=4).transcript) == [
        "u0",
        "r1",
        "u2",
        "u3",
    ]


def test_trim_takes_ir_and_mixed_input() -> None:
    as_ir = parse_transcript(history())

    assert trim_transcript(as_ir, max_messages=2) == trim_transcript(history(), max_messages=2)
    assert trim_transcript([as_ir[0], *history()[1:]], max_chars=9) == trim_transcript(
        history(), max_chars=9
    )


@pytest.mark.parametrize(
    ("budget", "path", "text"),
    [
        ({"max_messages": 2}, "/0", "5 messages (input indexes 0 to 4) were left out"),
        ({"max_messages": 6}, "/0", "1 message (input index 0) was left out"),
        # r3 would be kept without a2: both go.
        ({"max_messages": 4}, "/0", "4 messages (input indexes 0 to 3) were left out"),
    ],
)
def test_trimming_reports_one_action_for_everything_left_out(
    budget: dict[str, int], path: str, text: str
) -> None:
    trimmed = trim_transcript(history(), keep_system=False, **budget)

    [action] = trimmed.actions
    assert action == RepairAction(
        RepairCode.TRIMMED_MESSAGES, int(path[1:]), text + " to fit the budget", path
    )
    assert len(history()) - len(trimmed.transcript) == int(text.split()[0])
    assert trimmed.renamed_ids == {}


def test_trimming_around_kept_system_messages_names_the_span_left_out() -> None:
    trimmed = trim_transcript(history(), max_messages=1)
    contiguous = trim_transcript(history(), max_messages=2)

    assert ids_of(trimmed.transcript) == ["s0", "s4", "a6"]
    assert trimmed.actions == (
        RepairAction(
            RepairCode.TRIMMED_MESSAGES,
            1,
            "4 messages between input indexes 1 and 5 were left out to fit the budget "
            "(the system messages among them were kept)",
            "/1",
        ),
    )
    assert ids_of(contiguous.transcript) == ["s0", "s4", "u5", "a6"]
    assert [(a.message_index, a.path, a.message) for a in contiguous.actions] == [
        (1, "/1", "3 messages (input indexes 1 to 3) were left out to fit the budget")
    ]


def test_trimming_that_leaves_nothing_out_reports_nothing() -> None:
    kept = trim_transcript(history(), max_chars=1000)

    assert ids_of(kept.transcript) == ["s0", "s4", "u1", "a2", "r3", "u5", "a6"]
    assert (kept.actions, kept.renamed_ids) == ((), {})
    assert trim_transcript(history(), max_messages=7, keep_system=False).actions == ()
    assert trim_transcript([]) == RepairResult((), ())


@pytest.mark.parametrize("name", ["max_messages", "max_chars"])
@pytest.mark.parametrize("value", [-1, True, False, 1.0, "3", 2**0.5])
def test_a_budget_that_is_not_an_int_of_zero_or_more_is_a_value_error(
    name: str, value: Any
) -> None:
    with pytest.raises(ValueError, match=f"{name} must be an int >= 0 or None"):
        trim_transcript(history(), **{name: value})


# --- properties ---------------------------------------------------------------------------

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


# Ids a provider may refuse (spaces, punctuation, non-ASCII, over 40, 64 or 70
# characters) and plain ones that the rewritten ids could collide with.
ODD_IDS = ["call 1", "call.1", "call/1", "c:1", "\u00e9t\u00e9", "x" * 41, "y" * 65, "z" * 70]
ODD_IDS += ["call_1", "call-1", "x" * 40, "y" * 64]
# A long id whose cut to the OpenAI length is only whitespace (it becomes "call").
BLANK_WHEN_CUT = " " * 64 + "x"


def _calls(transcript: list[Any]) -> list[tuple[int, int]]:
    return [
        (index, block_index)
        for index, message in enumerate(transcript)
        if message["role"] == "assistant"
        for block_index, block in enumerate(message["content"])
        if block["type"] == "toolCall"
    ]


def _positions(transcript: list[Any], role: str) -> list[int]:
    return [index for index, message in enumerate(transcript) if message["role"] == role]


def _at(draw: st.DrawFn, transcript: list[Any], low: int = 0) -> int:
    return draw(st.integers(min_value=low, max_value=len(transcript)))


def _one(draw: st.DrawFn, items: list[Any]) -> Any:
    return items[draw(st.integers(min_value=0, max_value=len(items) - 1))]


def _drop_result(draw: st.DrawFn, transcript: list[Any], n: int) -> None:
    if results := _positions(transcript, "toolResult"):
        del transcript[_one(draw, results)]


def _interrupt(draw: st.DrawFn, transcript: list[Any], n: int) -> None:
    if calls := _calls(transcript):
        at = _one(draw, calls)[0] + 1
        transcript.insert(at, {**draw(OTHER_MESSAGES), "id": f"interrupt-{n}"})


def _duplicate_result(draw: st.DrawFn, transcript: list[Any], n: int) -> None:
    if results := _positions(transcript, "toolResult"):
        copied = {**transcript[_one(draw, results)], "id": f"duplicate-{n}"}
        transcript.insert(_at(draw, transcript), copied)


def _duplicate_call_id(draw: st.DrawFn, transcript: list[Any], n: int) -> None:
    if calls := _calls(transcript):
        index, block_index = _one(draw, calls)
        block = dict(transcript[index]["content"][block_index])
        if draw(st.booleans()):
            block["name"] = f"other-{n}"
        target = _one(draw, _positions(transcript, "assistant"))
        content = list(transcript[target]["content"])
        content.insert(draw(st.integers(min_value=0, max_value=len(content))), block)
        transcript[target] = {**transcript[target], "content": content}
        if draw(st.booleans()):
            answer = {**draw(TOOL_RESULT), "id": f"answer-{n}"}
            answer.update(toolCallId=block["id"], toolName=block["name"])
            transcript.insert(_at(draw, transcript, target + 1), answer)


def _move_result(draw: st.DrawFn, transcript: list[Any], n: int) -> None:
    if results := _positions(transcript, "toolResult"):
        moved = transcript.pop(_one(draw, results))
        transcript.insert(_at(draw, transcript), moved)


def _shuffle_results(draw: st.DrawFn, transcript: list[Any], n: int) -> None:
    results = _positions(transcript, "toolResult")
    shuffled = draw(st.permutations([transcript[index] for index in results]))
    for index, message in zip(results, shuffled, strict=True):
        transcript[index] = message


def _orphan(draw: st.DrawFn, transcript: list[Any], n: int) -> None:
    orphan = {**draw(TOOL_RESULT), "id": f"orphan-{n}", "toolCallId": f"never-called-{n}"}
    transcript.insert(_at(draw, transcript), orphan)


def _rename_tool(draw: st.DrawFn, transcript: list[Any], n: int) -> None:
    if results := _positions(transcript, "toolResult"):
        at = _one(draw, results)
        transcript[at] = {**transcript[at], "toolName": draw(NON_EMPTY)}


def _odd_id(draw: st.DrawFn, transcript: list[Any], n: int, ids: list[str]) -> None:
    if calls := _calls(transcript):
        index, block_index = _one(draw, calls)
        old = transcript[index]["content"][block_index]["id"]
        new = draw(st.sampled_from(ids)) + draw(st.sampled_from(["", str(n)]))
        for position, message in enumerate(transcript):
            if message["role"] == "assistant":
                content = [
                    {**block, "id": new}
                    if block["type"] == "toolCall" and block["id"] == old
                    else block
                    for block in message["content"]
                ]
                transcript[position] = {**message, "content": content}
            elif message["role"] == "toolResult" and message["toolCallId"] == old:
                transcript[position] = {**message, "toolCallId": new}


def _empty(draw: st.DrawFn, transcript: list[Any], n: int) -> None:
    kind = draw(st.sampled_from(["user", "assistant", "block"]))
    if kind == "user":
        content = draw(
            st.sampled_from(["", " ", "\n\u3000", [], [text("")], [text(""), text("\t")]])
        )
        transcript.insert(
            _at(draw, transcript), {"role": "user", "id": f"e-{n}", "content": content}
        )
    elif kind == "assistant":
        empty = {"role": "assistant", "id": f"e-{n}", "content": []}
        transcript.insert(_at(draw, transcript), empty)
    elif assistants := _positions(transcript, "assistant"):
        at = _one(draw, assistants)
        content = list(transcript[at]["content"])
        blank = text(draw(st.sampled_from(["", " ", "\ufeff\x85"])))
        content.insert(draw(st.integers(min_value=0, max_value=len(content))), blank)
        transcript[at] = {**transcript[at], "content": content}


def _assistant_first(draw: st.DrawFn, transcript: list[Any], n: int) -> None:
    if assistants := _positions(transcript, "assistant"):
        del transcript[: assistants[0]]


BREAKERS = [
    _drop_result,
    _interrupt,
    _duplicate_result,
    _duplicate_call_id,
    _move_result,
    _shuffle_results,
    _orphan,
    _rename_tool,
    _odd_id,
    _empty,
    _assistant_first,
]


@st.composite
def broken_transcripts(
    draw: st.DrawFn, *, ids: tuple[str, ...] = tuple(ODD_IDS), odd_id: bool = False
) -> list[Any]:
    """A valid generated transcript (at least one call) broken by one to four of
    ``BREAKERS``: results dropped, duplicated, moved, shuffled or orphaned, user (or
    other) messages between a call and its results, call ids reused, tool names
    changed, ids the providers refuse (from ``ids``), empty content, an assistant
    message first (``odd_id``: the first breaker is always an id from ``ids``). Every
    message stays valid on its own."""
    transcript: list[Any] = copy.deepcopy(draw(transcripts(min_calls=1, max_steps=5)))
    breakers = draw(st.lists(st.sampled_from(BREAKERS), min_size=1, max_size=4))
    for n, breaker in enumerate([_odd_id, *breakers] if odd_id else breakers):
        if breaker is _odd_id:
            _odd_id(draw, transcript, n, list(ids))
        else:
            breaker(draw, transcript, n)
    return transcript


def _check_repair(transcript: list[Any], provider: Any) -> RepairResult:
    before = copy.deepcopy(transcript)

    repaired = repair_transcript(transcript, provider=provider)

    assert transcript == before
    assert validate_transcript(repaired.transcript) == ()
    if provider is not None:
        # Tool names are the application's (its dispatch reads them): repair leaves them.
        assert [
            d
            for d in check_wire_rules(repaired.transcript, provider)
            if d.code != "INVALID_TOOL_NAME_FORMAT"
        ] == []
    assert repair_transcript(repaired.transcript, provider=provider) == RepairResult(
        repaired.transcript, ()
    )
    input_ids, output_ids = _all_ids(transcript), set(call_ids(repaired.transcript))
    for old, new in repaired.renamed_ids.items():
        assert old != new
        assert old in input_ids
        assert new in output_ids
    return repaired


_AT_RESULT = {
    "DROPPED_ORPHAN_RESULT",
    "DROPPED_DUPLICATE_RESULT",
    "FIXED_TOOL_NAME",
    "MOVED_RESULT",
}
_AT_CALL = {
    "RENAMED_DUPLICATE_CALL_ID",
    "ADDED_ERROR_RESULT",
    "DROPPED_TOOL_CALL",
    "RENAMED_TOOL_CALL_ID",
    "ADDED_THOUGHT_SIGNATURE",
}


def _check_indexes(transcript: list[Any], repaired: RepairResult) -> None:
    """Each action names a message of the input of the right kind, and its path
    resolves in the input, inside that message."""
    for action in repaired.actions:
        assert 0 <= action.message_index < len(transcript), action
        message = transcript[action.message_index]
        _check_path(transcript, action)
        if action.code in _AT_RESULT:
            assert message["role"] == "toolResult", action
        elif action.code in _AT_CALL:
            assert _calls([message]), action
        elif action.code == "DROPPED_EMPTY_CONTENT":
            assert _has_empty_text(message) or _calls([message]), action
        elif action.code == "ADDED_USER_MESSAGE":
            assert message["role"] == "assistant", action
        elif action.code == "ADDED_DOCUMENT_TEXT":
            assert message["role"] == "user", action
            assert any(block["type"] == "document" for block in message["content"]), action


_PATH_SHAPES = {
    "DROPPED_ORPHAN_RESULT": r"/\d+",
    "DROPPED_DUPLICATE_RESULT": r"/\d+",
    "MOVED_RESULT": r"/\d+",
    "ADDED_USER_MESSAGE": r"/\d+",
    "FIXED_TOOL_NAME": r"/\d+/toolName",
    "ADDED_ERROR_RESULT": r"/\d+/content/\d+",
    "DROPPED_TOOL_CALL": r"/\d+/content/\d+",
    "RENAMED_DUPLICATE_CALL_ID": r"/\d+/content/\d+/id",
    "RENAMED_TOOL_CALL_ID": r"/\d+/content/\d+/id",
    "DROPPED_EMPTY_CONTENT": r"/\d+(/content)?",
    "ADDED_THOUGHT_SIGNATURE": r"/\d+/content/\d+",
    "ADDED_DOCUMENT_TEXT": r"/\d+/content",
}


def _check_path(transcript: list[Any], action: RepairAction) -> None:
    """``action.path`` names its message, or the block or field it concerns, and
    resolves in the input: a call for the call codes, the old id for renames."""
    assert re.fullmatch(_PATH_SHAPES[str(action.code)], action.path), action
    assert action.path.split("/")[1] == str(action.message_index), action
    value = resolve(transcript, action.path)
    if action.code in ("ADDED_ERROR_RESULT", "DROPPED_TOOL_CALL"):
        assert value["type"] == "toolCall", action
    elif action.code == "ADDED_THOUGHT_SIGNATURE":
        assert value["type"] == "toolCall", action
        assert "thoughtSignature" not in value, action
    elif action.code == "FIXED_TOOL_NAME":
        assert repr(value) in action.message, action
    elif action.code in ("RENAMED_DUPLICATE_CALL_ID", "RENAMED_TOOL_CALL_ID"):
        assert type(value) is str, action


def _blank(value: str) -> bool:
    """Empty or only whitespace: Python's ``str.isspace`` or ECMA-262's ``\\s``."""
    return all(character.isspace() or character in "\ufeff" for character in value)


def _has_empty_text(message: dict[str, Any]) -> bool:
    if message["role"] not in ("user", "assistant"):
        return False
    content = message["content"]
    if type(content) is str:
        return _blank(content)
    return not content or any(b["type"] == "text" and _blank(b["text"]) for b in content)


def _check_actions(transcript: list[Any], repaired: RepairResult, provider: Any) -> None:
    """Each action names a message of the right kind, and the counts add up."""
    count = Counter(str(action.code) for action in repaired.actions)
    _check_indexes(transcript, repaired)
    out_results = [m for m in repaired.transcript if type(m) is ToolResultMessage]
    added = [m for m in out_results if m.is_error and m.content == MISSING_TEXT]
    assert len(added) == count["ADDED_ERROR_RESULT"]
    assert len(out_results) == (
        len(_positions(transcript, "toolResult"))
        - count["DROPPED_ORPHAN_RESULT"]
        - count["DROPPED_DUPLICATE_RESULT"]
        + count["ADDED_ERROR_RESULT"]
    )
    dropped = 0
    if provider in ("anthropic", "bedrock-converse"):  # content required
        dropped = sum(1 for message in transcript if _empty_for_anthropic(message))
    assert len(repaired.transcript) == (
        len(transcript)
        - count["DROPPED_ORPHAN_RESULT"]
        - count["DROPPED_DUPLICATE_RESULT"]
        + count["ADDED_ERROR_RESULT"]
        + count["ADDED_USER_MESSAGE"]
        - dropped
    )
    if provider not in ("anthropic", "openai-chat", "gemini", "bedrock-converse", "mistral"):
        assert count["MOVED_RESULT"] == 0
    if provider in (None, "gemini"):
        assert count["RENAMED_TOOL_CALL_ID"] == 0  # Gemini states no id rule
    if provider not in ("anthropic", "bedrock-converse"):
        assert count["DROPPED_EMPTY_CONTENT"] == 0
    # Gemini: a user turn before a leading assistant turn with calls, once at most;
    # Bedrock: before any leading assistant turn, once at most
    assert count["ADDED_USER_MESSAGE"] <= (1 if provider in ("gemini", "bedrock-converse") else 0)
    if provider != "bedrock-converse":
        assert count["ADDED_DOCUMENT_TEXT"] == 0
    if provider != "gemini":
        assert count["ADDED_THOUGHT_SIGNATURE"] == 0
    else:
        signed = [
            block
            for message in repaired.transcript
            if type(message) is AssistantMessage
            for block in message.tool_calls
            if block.thought_signature == "c2tpcF90aG91Z2h0X3NpZ25hdHVyZV92YWxpZGF0b3I="
        ]
        assert len(signed) >= count["ADDED_THOUGHT_SIGNATURE"]


def _empty_for_anthropic(message: dict[str, Any]) -> bool:
    """Whether Anthropic's repair drops the whole message: no content, whitespace only,
    or only text blocks that are."""
    if message["role"] not in ("user", "assistant"):
        return False
    content = message["content"]
    if type(content) is str:
        return _blank(content)
    return all(block["type"] == "text" and _blank(block["text"]) for block in content)


@pytest.mark.parametrize("provider", [None, *REGISTRY])
@PROPERTY
@given(transcript=broken_transcripts())
def test_property_a_repair_is_valid_for_its_provider_reported_and_final(
    provider: Any, transcript: list[Any]
) -> None:
    repaired = _check_repair(transcript, provider)

    _check_actions(transcript, repaired, provider)


@pytest.mark.parametrize("provider", [None, *REGISTRY])
@PROPERTY
@given(transcript=broken_transcripts())
def test_property_drop_call_repairs_without_adding_results(
    provider: Any, transcript: list[Any]
) -> None:
    repaired = repair_transcript(transcript, provider=provider, missing="drop-call")

    assert validate_transcript(repaired.transcript) == ()
    if provider is not None:
        # Tool names are the application's (its dispatch reads them): repair leaves them.
        assert [
            d
            for d in check_wire_rules(repaired.transcript, provider)
            if d.code != "INVALID_TOOL_NAME_FORMAT"
        ] == []
    assert "ADDED_ERROR_RESULT" not in {str(action.code) for action in repaired.actions}
    assert len([m for m in repaired.transcript if type(m) is ToolResultMessage]) <= len(
        _positions(transcript, "toolResult")
    )


@PROPERTY
@given(transcript=broken_transcripts())
def test_property_every_anthropic_action_names_a_message_of_its_kind_in_the_input(
    transcript: list[Any],
) -> None:
    _check_indexes(transcript, repair_transcript(transcript, provider="anthropic"))
    _check_indexes(
        transcript, repair_transcript(transcript, provider="anthropic", missing="drop-call")
    )


@pytest.mark.parametrize("provider", ["openai-chat", "openai-responses"])
@PROPERTY
@given(transcript=broken_transcripts(ids=(BLANK_WHEN_CUT,), odd_id=True))
def test_property_a_repair_is_valid_even_for_ids_padded_with_whitespace(
    provider: str, transcript: list[Any]
) -> None:
    _check_repair(transcript, provider)


def test_the_anthropic_property_covers_padded_ids_too() -> None:
    # Anthropic rewrites whitespace to "_": a padded id is never blank there.
    padded = [assistant("a0", [call_block(BLANK_WHEN_CUT)]), result("r1", BLANK_WHEN_CUT)]

    repaired = _check_repair(padded, "anthropic")

    assert call_ids(repaired.transcript) == ["_" * 64] * 2


@st.composite
def turns(draw: st.DrawFn) -> list[Any]:
    """Rounds of a user message and an assistant turn: one to three assistant messages
    (text, zero to two calls, or both), then the results of all the turn's calls in any
    order; sometimes a system message first."""
    transcript: list[Any] = [system("s")] if draw(st.booleans()) else []
    for turn in range(draw(st.integers(min_value=1, max_value=3))):
        transcript.append(user(f"u{turn}", draw(st.sampled_from(["hi", [text("hi")]]))))
        calls: list[str] = []
        for part in range(draw(st.integers(min_value=1, max_value=3))):
            ids = [f"c{turn}_{part}_{n}" for n in range(draw(st.integers(0, 2)))]
            blocks = [call_block(call_id) for call_id in ids]
            if not ids or draw(st.booleans()):
                blocks.insert(0, text("said"))
            transcript.append(assistant(f"a{turn}_{part}", blocks))
            calls += ids
        for call_id in draw(st.permutations(calls)):
            transcript.append(result(f"r-{call_id}", call_id))
    return transcript


@pytest.mark.parametrize(
    "provider",
    [
        "openai-chat",
        "openai-responses",
        "anthropic",
    ],
)
@PROPERTY
@given(transcript=turns())
def test_property_a_transcript_its_provider_accepts_is_returned_unchanged(
    provider: str, transcript: list[Any]
) -> None:
    assume(validate_transcript(transcript) == ())
    assume(check_wire_rules(transcript, provider) == ())

    assert repair_transcript(transcript, provider=provider) == RepairResult(
        parse_transcript(transcript), ()
    )


@PROPERTY
@given(transcript=transcripts(max_steps=6))
def test_property_a_valid_transcript_is_returned_unchanged_without_a_provider(
    transcript: list[Any],
) -> None:
    assert repair_transcript(transcript) == RepairResult(parse_transcript(transcript), ())


@pytest.mark.parametrize("provider", list(REGISTRY))
@PROPERTY
@given(transcript=broken_transcripts())
def test_property_normalized_ids_pass_the_id_rule_and_keep_the_linkage(
    provider: str, transcript: list[Any]
) -> None:
    renamed = normalize_tool_call_ids(transcript, provider)
    normalized, mapping = renamed.transcript, renamed.renamed_ids

    codes = {str(d.code) for d in check_wire_rules(normalized, provider)}
    assert "INVALID_TOOL_CALL_ID_FORMAT" not in codes
    assert [(d.code, d.message_index) for d in validate_transcript(normalized)] == [
        (d.code, d.message_index) for d in validate_transcript(transcript)
    ]
    kept = {call_id for call_id in _all_ids(transcript) if call_id not in mapping}
    assert len(set(mapping.values())) == len(mapping)
    assert not set(mapping.values()) & kept
    assert call_ids(normalized) == [mapping.get(i, i) for i in call_ids(loose(transcript))]
    visible = {
        old: new
        for old, new in zip(call_ids(loose(transcript)), call_ids(normalized), strict=True)
        if old != new
    }
    assert mapping == visible
    for action in renamed.actions:
        old = resolve(transcript, action.path)
        assert action.path.split("/")[1] == str(action.message_index)
        assert action.message == f"tool call id {old!r} became {mapping[old]!r}"
    assert {resolve(transcript, action.path) for action in renamed.actions} == set(mapping)
    assert normalize_tool_call_ids(normalized, provider) == RepairResult(normalized, ())


def _all_ids(transcript: list[Any]) -> set[str]:
    return set(call_ids(loose(transcript)))


def loose(transcript: list[Any]) -> tuple[Message, ...]:
    """Each message as IR, linkage unchecked."""
    return tuple(parse_message(message) for message in transcript)


@pytest.mark.parametrize("keep_system", [True, False])
@PROPERTY
@given(
    transcript=transcripts(max_steps=6),
    max_messages=st.none() | st.integers(min_value=0, max_value=8),
    max_chars=st.none() | st.integers(min_value=0, max_value=40),
)
def test_property_trimming_a_valid_transcript_keeps_it_valid_and_within_budget(
    keep_system: bool, transcript: list[Any], max_messages: int | None, max_chars: int | None
) -> None:
    messages = parse_transcript(transcript)

    trimmed = trim_transcript(
        transcript, max_messages=max_messages, max_chars=max_chars, keep_system=keep_system
    ).transcript

    assert validate_transcript(trimmed) == ()
    system = [m for m in messages if keep_system and m.role == "system"]
    rest = [m for m in messages if not (keep_system and m.role == "system")]
    assert list(trimmed[: len(system)]) == system
    counted = list(trimmed[len(system) :])
    assert counted == rest[len(rest) - len(counted) :]
    if max_messages is not None:
        assert len(counted) <= max_messages
    if max_chars is not None:
        assert sum(m.length for m in counted) <= max_chars
    if counted:
        assert counted[0].role != "toolResult"
    left_out = len(messages) - len(trimmed)
    actions = trim_transcript(
        transcript, max_messages=max_messages, max_chars=max_chars, keep_system=keep_system
    ).actions
    assert len(actions) == (1 if left_out else 0)
    for action in actions:
        assert action.code == "TRIMMED_MESSAGES"
        assert action.message.startswith(f"{left_out} message")
        assert resolve(transcript, action.path) == transcript[action.message_index]
        # a message left out, named by its place (an equal one may be kept elsewhere)
        rest_at = [i for i, m in enumerate(messages) if not (keep_system and m.role == "system")]
        assert action.message_index in rest_at[: len(rest_at) - len(counted)]


@PROPERTY
@given(transcript=broken_transcripts(), max_messages=st.integers(min_value=0, max_value=8))
def test_property_trimming_never_strands_a_result_whose_call_came_before_it(
    transcript: list[Any], max_messages: int
) -> None:
    trimmed = trim_transcript(transcript, max_messages=max_messages, keep_system=False).transcript

    kept_calls = set(call_ids(tuple(m for m in trimmed if type(m) is AssistantMessage)))
    start = len(transcript) - len(trimmed)
    called_before: set[str] = set()
    for index, message in enumerate(loose(transcript)):
        if type(message) is AssistantMessage:
            called_before.update(call.id for call in message.tool_calls)
        elif type(message) is ToolResultMessage and index >= start:
            assert message.tool_call_id not in called_before or message.tool_call_id in kept_calls
    if trimmed:
        assert trimmed[0].role != "toolResult"


# --- the blocks real agents send: kept untouched ------------------------------------------


def server_call(call_id: str) -> dict[str, Any]:
    return {
        "type": "serverToolCall",
        "provider": "anthropic",
        "id": call_id,
        "name": "web_search",
        "input": {"query": "weather"},
        "wire": {"type": "server_tool_use"},
    }


def server_result(call_id: str) -> dict[str, Any]:
    return {
        "type": "serverToolResult",
        "provider": "anthropic",
        "toolCallId": call_id,
        "wire": {"type": "web_search_tool_result", "content": [{"type": "web_search_result"}]},
    }


def rich_transcript() -> list[Any]:
    """Every new kind of block and marker, linked as validate_transcript wants."""
    cache = {"type": "ephemeral", "ttl": "1h"}
    cited = {
        **text("It is sunny."),
        "citations": [{"provider": "anthropic", "wire": {"type": "web_search_result_location"}}],
        "itemId": "msg_1",
    }
    return [
        {**system("s0"), "cacheControl": cache},
        user("u1", [{**text("Weather?"), "cacheControl": {"type": "ephemeral"}}]),
        assistant("a2", [server_call("srvtoolu_1"), server_result("srvtoolu_1"), cited]),
        assistant("a3", [server_call("srv.2")]),
        assistant("a4", [server_result("srv.2"), {**call_block("c1"), "cacheControl": cache}]),
        {**result("r5", "c1"), "cacheControl": cache},
        user("u6", "Tell me something else."),
        {
            **assistant("a7", [{"type": "refusal", "text": "I can't help with that."}]),
            "stopReason": "refusal",
            "usage": {
                "inputTokens": 10,
                "outputTokens": 3,
                "cacheReadTokens": 4,
                "cacheWriteTokens": 2,
                "reasoningTokens": 1,
            },
        },
    ]


@pytest.mark.parametrize("provider", PLAIN_IDS)
def test_repair_keeps_refusals_server_tool_blocks_citations_and_cache_markers(
    provider: Any,
) -> None:
    transcript = rich_transcript()
    assert validate_transcript(transcript) == ()

    repaired = repair_transcript(transcript, provider=provider)

    assert repaired == RepairResult(parse_transcript(transcript), ())
    assert output(repaired) == transcript


@pytest.mark.parametrize("provider", PLAIN_IDS[1:])
def test_normalizing_ids_leaves_server_tool_ids_alone(provider: Any) -> None:
    transcript = rich_transcript()

    normalized = normalize_tool_call_ids(transcript, provider)

    assert output(normalized) == transcript  # "srv.2" is the provider's own id
    assert normalized.actions == ()


def test_a_tool_call_after_server_tool_blocks_in_its_message_is_still_answered() -> None:
    """The server-tool blocks before a call do not end the reading of the message: the
    call after them has no result, so one is added."""
    transcript = [
        user("u0"),
        assistant("a1", [server_call("s1"), server_result("s1"), call_block("c1", "ls")]),
    ]

    repaired = repair_transcript(transcript)

    assert located(repaired) == [("ADDED_ERROR_RESULT", "/1/content/2")]


def test_an_orphan_server_tool_result_is_dropped_from_its_message_and_said() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [text("x"), server_result("s9"), server_call("s1"), server_result("s1")]),
        assistant("a2", [server_result("s1"), server_result("s2")]),
    ]

    repaired = repair_transcript(transcript)

    assert output(repaired) == [
        user("u0"),
        assistant("a1", [text("x"), server_call("s1"), server_result("s1")]),
        assistant("a2", [server_result("s1")]),
    ]
    assert located(repaired) == [
        ("DROPPED_ORPHAN_SERVER_RESULT", "/1/content/1"),
        ("DROPPED_ORPHAN_SERVER_RESULT", "/2/content/1"),
    ]
    assert repaired.actions[0].message == (
        "no earlier server-tool call has id 's9': the server-tool result was dropped"
    )
    assert validate_transcript(repaired.transcript) == ()


def two_server_rounds() -> list[Any]:
    """Two server-tool calls, each answered in the next message: a cut between a call
    and its result (at 2 or 5) would strand the result."""
    return [
        user("u0"),
        assistant("a1", [server_call("s1")]),
        assistant("a2", [server_result("s1"), text("found")]),
        user("u3"),
        assistant("a4", [server_call("s2")]),
        assistant("a5", [server_result("s2"), text("found")]),
        user("u6"),
        assistant("a7", [text("done")]),
    ]


@pytest.mark.parametrize(
    ("budget", "kept"),
    [
        (8, ["u0", "a1", "a2", "u3", "a4", "a5", "u6", "a7"]),
        (7, ["a1", "a2", "u3", "a4", "a5", "u6", "a7"]),
        (6, ["u3", "a4", "a5", "u6", "a7"]),  # a cut at a2 would strand its result
        (5, ["u3", "a4", "a5", "u6", "a7"]),
        (4, ["a4", "a5", "u6", "a7"]),  # after the first span, cuts are free again
        (3, ["u6", "a7"]),  # a cut at a5 would strand its result
        (2, ["u6", "a7"]),
        (1, ["a7"]),
    ],
)
def test_trimming_moves_the_cut_only_past_a_server_tool_span_it_would_split(
    budget: int, kept: list[str]
) -> None:
    """A server-tool call and its result in later messages cover only the cuts between
    them: the cut moves to just after the result, and every cut after a span ends is
    free again (the newest messages within the budget are kept)."""
    transcript = two_server_rounds()

    trimmed = trim_transcript(transcript, max_messages=budget)

    assert ids_of(trimmed.transcript) == kept
    assert validate_transcript(trimmed.transcript) == ()


def test_an_assistant_message_left_with_nothing_is_dropped_for_anthropic_only() -> None:
    transcript = [user("u0"), assistant("a1", [server_result("s9")]), user("u2")]

    kept = repair_transcript(transcript)
    anthropic = repair_transcript(transcript, provider="anthropic")

    assert output(kept)[1] == assistant("a1", [])
    assert ids_of(anthropic.transcript) == ["u0", "u2"]
    assert done(anthropic) == [("DROPPED_ORPHAN_SERVER_RESULT", 1), ("DROPPED_EMPTY_CONTENT", 1)]
    assert check_wire_rules(anthropic.transcript, "anthropic") == ()


@pytest.mark.parametrize("budget", range(1, 9))
def test_trimming_never_keeps_a_server_tool_result_without_its_earlier_call(budget: int) -> None:
    transcript = rich_transcript()

    trimmed = trim_transcript(transcript, max_messages=budget)

    assert validate_transcript(trimmed.transcript) == ()
    kept = ids_of(trimmed.transcript)
    assert ("a4" in kept) <= ("a3" in kept)  # a4 answers a3's server-tool call
    for message in trimmed.transcript:  # kept messages are whole
        assert to_json_value(message) in transcript


# --- Gemini: a user turn before a leading run of calls ----------------------------------


@pytest.mark.parametrize(
    "transcript",
    [
        [assistant("a0", [text("Hi.")])],
        [system("s0"), assistant("a1", [text("Hi.")]), assistant("a2", [text("More.")])],
    ],
    ids=["one", "after-a-system-message"],
)
def test_gemini_leaves_a_leading_model_turn_without_calls_up_to_the_end(
    transcript: list[Any],
) -> None:
    """A run of assistant messages without a tool call that reaches the end of the
    transcript needs no user turn before it for Gemini: nothing is added."""
    repaired = repair_transcript(transcript, provider="gemini")

    assert repaired.actions == ()
    assert [to_json_value(message) for message in repaired.transcript] == transcript


def test_gemini_adds_a_user_turn_before_a_leading_run_whose_call_follows_a_system_message() -> None:
    """A system message inside the leading run of assistant messages does not end it: the
    call after it makes the run a call turn, which gets a user message before it; the
    call's missing signature is said in full."""
    transcript = [
        assistant("a0", [text("Look.")]),
        system("s1"),
        assistant("a2", [call_block("c1")]),
        result("r3", "c1"),
    ]

    repaired = repair_transcript(transcript, provider="gemini")

    assert ids_of(repaired.transcript) == ["repair-user-start", "a0", "s1", "a2", "r3"]
    assert [(str(a.code), a.path, a.message) for a in repaired.actions] == [
        (
            "ADDED_USER_MESSAGE",
            "/0",
            "the transcript started with an assistant message: a user message was added before it",
        ),
        (
            "ADDED_THOUGHT_SIGNATURE",
            "/2/content/0",
            "tool call 'c1' (read) had no thought signature, which the model requires: "
            "the placeholder 'c2tpcF90aG91Z2h0X3NpZ25hdHVyZV92YWxpZGF0b3I=' (the base64 of "
            "'skip_thought_signature_validator') was added",
        ),
    ]
    assert check_wire_rules(repaired.transcript, "gemini") == ()


def test_text_is_added_beside_each_bedrock_turn_s_document_after_a_turn_without_one() -> None:
    """A turn with neither text nor a document (an image alone) needs nothing; the turn
    after it, a document alone, gets the text at the end of its message, said so."""
    image = {"type": "image", "source": {"type": "base64", "mediaType": "image/png",
             "data": "iVBORw0KGgo="}}  # fmt: skip
    document = {"type": "document", "source": {"type": "base64",
                "mediaType": "application/pdf", "data": "JVBERi0xLjQ="}}  # fmt: skip
    transcript = [
        {"role": "user", "id": "u0", "content": [image]},
        {"role": "assistant", "id": "a1", "content": [{"type": "text", "text": "A cat."}]},
        {"role": "user", "id": "u2", "content": [document]},
    ]

    repaired = repair_transcript(transcript, provider="bedrock-converse")

    assert located(repaired) == [("ADDED_DOCUMENT_TEXT", "/2/content")]
    assert repaired.actions[0].message == (
        "a user turn held a document but no text, which the provider requires beside a "
        "document: the text '(A document is attached.)' was added at the end of the "
        "message holding its first document"
    )
    assert output(repaired)[2]["content"][-1] == {
        "type": "text",
        "text": "(A document is attached.)",
    }
