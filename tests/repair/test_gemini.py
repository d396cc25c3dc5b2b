"""``repair_transcript(t, provider="gemini", model=...)``: what Gemini's repair does.

* results moved right after their call's model turn (a run of assistant messages);
* a short user message before a leading function-call turn (ADDED_USER_MESSAGE), none
  before a leading text-only one;
* the first call of each step of the current turn that has no signature gets the
  documented placeholder ``skip_thought_signature_validator`` (as the base64 of its
  bytes, which the SDK sends), one
  ADDED_THOUGHT_SIGNATURE at the call in the input, after every other repair; calls
  signed already, later calls of a step and calls of earlier turns are left; nothing
  for a model that does not require signatures;
* a property over generated transcripts: the repair passes ``check_wire_rules`` for the
  same model (but for the application's tool names), is final, and the placeholders
  it added are exactly its actions.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_ir import (
    AssistantMessage,
    RepairCode,
    RepairResult,
    check_wire_rules,
    repair_transcript,
    validate_transcript,
)
from agent_ir._paths import to_pointer

from support.builders import assistant, call_block, result, user
from support.examples import examples
from support.strategies import transcripts

PLACEHOLDER = "c2tpcF90aG91Z2h0X3NpZ25hdHVyZV92YWxpZGF0b3I="  # b"skip_thought_signature_validator"
SIGNATURE = "CiQBjz1rX2Nsb3NlZF9zaWduYXR1cmVfYnl0ZXM="


def signed(call_id: str, name: str = "read") -> dict[str, Any]:
    return {**call_block(call_id, name), "thoughtSignature": SIGNATURE}


def text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


def actions(repaired: RepairResult) -> list[tuple[RepairCode, str]]:
    return [(action.code, action.path) for action in repaired.actions]


def signatures(repaired: RepairResult) -> list[tuple[str, str | None]]:
    return [
        (block.id, block.thought_signature)
        for message in repaired.transcript
        if type(message) is AssistantMessage
        for block in message.tool_calls
    ]


def test_the_first_unsigned_call_of_each_step_of_the_current_turn_gets_the_placeholder() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("old")]),  # an earlier turn: left
        result("r2", "old"),
        user("u3", "go on"),
        assistant("a4", [text("Reading."), call_block("c1"), call_block("c2", "ls")]),
        result("r5", "c1"),
        result("r6", "c2", "ls"),
        assistant("a7", [signed("c3")]),  # signed already: left
        result("r8", "c3"),
        assistant("a9", [text("Then.")]),
        assistant("a10", [call_block("c4"), call_block("c5")]),  # one step with a9
        result("r11", "c4"),
        result("r12", "c5"),
    ]

    repaired = repair_transcript(transcript, provider="gemini")

    assert actions(repaired) == [
        (RepairCode.ADDED_THOUGHT_SIGNATURE, "/4/content/1"),
        (RepairCode.ADDED_THOUGHT_SIGNATURE, "/10/content/0"),
    ]
    assert repaired.actions[0].message == (
        "tool call 'c1' (read) had no thought signature, which the model requires: the "
        "placeholder 'c2tpcF90aG91Z2h0X3NpZ25hdHVyZV92YWxpZGF0b3I=' (the base64 of 'skip_thought_signature_validator') was added"
    )
    assert signatures(repaired) == [
        ("old", None),
        ("c1", PLACEHOLDER),
        ("c2", None),
        ("c3", SIGNATURE),
        ("c4", PLACEHOLDER),
        ("c5", None),
    ]
    assert check_wire_rules(repaired.transcript, "gemini") == ()


@pytest.mark.parametrize(
    "model", ["gemini-2.5-flash", "gemini-3-pro-image-preview", "gemma-3-4b-it"]
)
def test_nothing_is_signed_for_a_model_that_does_not_require_it(model: str) -> None:
    transcript = [user("u0"), assistant("a1", [call_block("c1")]), result("r2", "c1")]

    repaired = repair_transcript(transcript, provider="gemini", model=model)

    assert repaired.actions == ()
    assert signatures(repaired) == [("c1", None)]
    assert [
        d.code for d in check_wire_rules(transcript, "gemini", model="gemini-3-pro-preview")
    ] == ["MISSING_THOUGHT_SIGNATURE"]
    signed_for_3 = repair_transcript(transcript, provider="gemini", model="gemini-3-pro-preview")
    assert signatures(signed_for_3) == [("c1", PLACEHOLDER)]


@pytest.mark.parametrize("provider", [None, "openai-chat", "openai-responses", "anthropic"])
def test_other_providers_and_none_add_no_signature(provider: Any) -> None:
    transcript = [user("u0"), assistant("a1", [call_block("c1")]), result("r2", "c1")]

    repaired = repair_transcript(transcript, provider=provider, model="gemini-3-pro-preview")

    assert repaired.actions == ()
    assert signatures(repaired) == [("c1", None)]


def test_the_signature_comes_after_the_other_repairs_and_names_the_call_in_the_input() -> None:
    """A response moved after its call turn, an error result added, then the signature,
    at the call's place in the input (the dropped orphan before it does not shift it)."""
    transcript = [
        user("u0"),
        result("r1", "nobody"),
        assistant("a2", [text("Looking."), call_block("c1"), call_block("c2", "ls")]),
        {"role": "system", "id": "s3", "content": "be brief"},
        result("r4", "c1"),
    ]

    repaired = repair_transcript(transcript, provider="gemini")

    assert actions(repaired) == [
        (RepairCode.DROPPED_ORPHAN_RESULT, "/1"),
        (RepairCode.ADDED_ERROR_RESULT, "/2/content/2"),
        (RepairCode.MOVED_RESULT, "/4"),
        (RepairCode.ADDED_THOUGHT_SIGNATURE, "/2/content/1"),
    ]
    assert [message.id for message in repaired.transcript] == [
        "u0",
        "a2",
        "repair-result-c2",  # added right after its call: in place; r4 is moved after it
        "r4",
        "s3",
    ]
    assert signatures(repaired) == [("c1", PLACEHOLDER), ("c2", None)]
    assert check_wire_rules(repaired.transcript, "gemini") == ()


def test_a_user_message_the_repair_moves_a_response_before_ends_the_turn() -> None:
    """Once the response is moved before it, the user message is the last one: the call
    is of an earlier turn and needs no signature (check_wire_rules agrees)."""
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        user("u2", "hurry"),
        result("r3", "c1"),
    ]

    repaired = repair_transcript(transcript, provider="gemini")

    assert actions(repaired) == [(RepairCode.MOVED_RESULT, "/3")]
    assert signatures(repaired) == [("c1", None)]
    assert check_wire_rules(repaired.transcript, "gemini") == ()


def test_a_leading_call_turn_gets_a_user_message_before_it() -> None:
    transcript = [
        {"role": "system", "id": "s0", "content": "be brief"},
        assistant("a1", [text("Let me look.")]),
        assistant("a2", [signed("c1")]),
        result("r3", "c1"),
    ]

    repaired = repair_transcript(transcript, provider="gemini")

    assert actions(repaired) == [(RepairCode.ADDED_USER_MESSAGE, "/1")]
    assert [message.id for message in repaired.transcript] == [
        "s0",
        "repair-user-start",
        "a1",
        "a2",
        "r3",
    ]
    assert check_wire_rules(repaired.transcript, "gemini") == ()


def test_a_leading_text_only_model_turn_is_left() -> None:
    transcript = [assistant("a0", [text("Hi.")]), user("u1"), assistant("a2", [text("Sure.")])]

    assert repair_transcript(transcript, provider="gemini").actions == ()


def test_a_response_after_a_run_of_model_messages_stays_and_one_after_a_user_message_moves() -> (
    None
):
    transcript = [
        user("u0"),
        assistant("a1", [signed("c1"), call_block("c2", "ls")]),
        assistant("a2", [text("and")]),
        result("r3", "c1"),
        user("u4", "wait"),
        result("r5", "c2", "ls"),
    ]

    repaired = repair_transcript(transcript, provider="gemini")

    assert actions(repaired) == [(RepairCode.MOVED_RESULT, "/5")]
    assert [message.id for message in repaired.transcript] == ["u0", "a1", "a2", "r3", "r5", "u4"]
    assert check_wire_rules(repaired.transcript, "gemini") == ()


def test_ids_are_never_renamed_for_gemini() -> None:
    long_id = "call 1/" + "x" * 200
    transcript = [user("u0"), assistant("a1", [signed(long_id)]), result("r2", long_id)]

    repaired = repair_transcript(transcript, provider="gemini")

    assert repaired.actions == ()
    assert repaired.renamed_ids == {}


# --- property --------------------------------------------------------------------------------

PROPERTY = settings(
    max_examples=examples(150),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def gemini_transcripts(draw: st.DrawFn) -> list[Any]:
    """A generated valid transcript with calls, then up to four of: every signature
    taken off a call, a user message inserted anywhere, a result moved anywhere, a
    text-only assistant message inserted anywhere, the leading messages removed (a call
    turn may come first)."""
    transcript: list[Any] = copy.deepcopy(draw(transcripts(min_calls=1, max_steps=5)))
    for _ in range(draw(st.integers(min_value=0, max_value=4))):
        kind = draw(st.sampled_from(["unsign", "user", "move", "assistant", "cut"]))
        at = draw(st.integers(min_value=0, max_value=len(transcript)))
        if kind == "unsign":
            for message in transcript:
                if message["role"] == "assistant" and type(message["content"]) is list:
                    message["content"] = [
                        {k: v for k, v in block.items() if k != "thoughtSignature"}
                        for block in message["content"]
                    ]
        elif kind == "user":
            transcript.insert(at, {"role": "user", "id": f"inserted-{at}", "content": "wait"})
        elif kind == "assistant":
            transcript.insert(
                at, {"role": "assistant", "id": f"said-{at}", "content": [text("more")]}
            )
        elif kind == "move" and transcript:
            moved = transcript.pop(draw(st.integers(min_value=0, max_value=len(transcript) - 1)))
            transcript.insert(draw(st.integers(min_value=0, max_value=len(transcript))), moved)
        elif kind == "cut":
            del transcript[: draw(st.integers(min_value=0, max_value=2))]
    return transcript


@pytest.mark.parametrize("model", [None, "gemini-3-flash-preview", "gemini-2.5-flash"])
@PROPERTY
@given(transcript=gemini_transcripts())
def test_property_the_repair_is_accepted_final_and_its_signatures_are_its_actions(
    model: Any, transcript: list[Any]
) -> None:
    before = copy.deepcopy(transcript)

    repaired = repair_transcript(transcript, provider="gemini", model=model)

    assert transcript == before
    assert validate_transcript(repaired.transcript) == ()
    # Tool names are the application's (its dispatch reads them): repair leaves them.
    assert [
        d
        for d in check_wire_rules(repaired.transcript, "gemini", model=model)
        if d.code != "INVALID_TOOL_NAME_FORMAT"
    ] == []
    assert repair_transcript(repaired.transcript, provider="gemini", model=model) == (
        RepairResult(repaired.transcript, ())
    )
    added = [a for a in repaired.actions if a.code == RepairCode.ADDED_THOUGHT_SIGNATURE]
    if model == "gemini-2.5-flash":
        assert added == []
    # each action names an unsigned call of the input, which the output carries with the
    # placeholder; every other call keeps its signature (or its lack of one)
    input_calls = {
        to_pointer((index, "content", position)): block
        for index, message in enumerate(transcript)
        if message["role"] == "assistant"
        for position, block in enumerate(message["content"])
        if block["type"] == "toolCall"
    }
    named = {input_calls[a.path]["id"] for a in added}
    assert all("thoughtSignature" not in input_calls[a.path] for a in added)
    assert len(named) == len(added)
    for call_id, signature in signatures(repaired):
        originals = [b.get("thoughtSignature") for b in input_calls.values() if b["id"] == call_id]
        if call_id in named:
            assert signature == PLACEHOLDER
        elif originals:  # an id repair renamed (a duplicate) is not traced here
            assert signature in originals
