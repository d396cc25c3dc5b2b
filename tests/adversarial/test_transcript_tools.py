"""Repair, trimming, id normalization, the wire rules and the request writers on every
transcript case of the catalogue (and the linkage shapes that once made them slow or
wrong): each refuses exactly the transcripts whose messages are invalid on their own,
with ``TypeError`` (not a list) or ``InvalidMessageError`` only, never changes the
caller's value, and on the rest keeps its promise:

* ``repair_transcript`` gives a transcript ``validate_transcript`` accepts, and with a
  provider one ``check_wire_rules`` accepts for it;
* ``trim_transcript`` keeps whole messages within its budget, in order, and never keeps
  a result whose call it cut;
* ``normalize_tool_call_ids`` leaves no call id the provider refuses;
* ``check_wire_rules`` never raises, and gives every one of ``validate_transcript``'s
  diagnostics, in their order;
* ``to_openai_chat``/``to_openai_responses``/``to_anthropic``/``to_gemini``/
  ``to_bedrock_converse`` write a request whose
  ``from_*`` reading does not raise.
"""

from __future__ import annotations

from typing import Any, get_args

import pytest
from adversarial.catalogue import SHIFTING, TRANSCRIPT_PLACES, Case, params
from adversarial.harness import (
    SHAPE_CODES,
    assert_documented,
    assert_writable,
    attempt,
    describe,
    snapshot,
)

from agent_ir import (
    DiagnosticCode,
    InvalidMessageError,
    Provider,
    RepairResult,
    check_wire_rules,
    normalize_tool_call_ids,
    repair_transcript,
    trim_transcript,
    validate_transcript,
)
from agent_ir.messages import messages_of
from agent_ir.wire import (
    from_anthropic,
    from_bedrock_converse,
    from_gemini,
    from_hf_chat,
    from_mistral,
    from_openai_chat,
    from_openai_responses,
    to_anthropic,
    to_bedrock_converse,
    to_gemini,
    to_hf_chat,
    to_mistral,
    to_openai_chat,
    to_openai_responses,
)

PROVIDERS: tuple[Provider, ...] = get_args(Provider)
DOCUMENTED = (TypeError, InvalidMessageError)
ID_CODES = frozenset({DiagnosticCode.INVALID_TOOL_CALL_ID_FORMAT})


def _read_back(provider: Provider, fields: dict[str, Any]) -> Any:
    if provider == "openai-chat":
        return from_openai_chat(fields["messages"])
    if provider == "openai-responses":
        return from_openai_responses(fields["input"])
    if provider == "hf-chat":
        return from_hf_chat(fields["messages"])
    if provider == "gemini":
        return from_gemini(fields["contents"], system_instruction=fields.get("systemInstruction"))
    if provider == "bedrock-converse":
        return from_bedrock_converse(fields["messages"], system=fields.get("system"))
    if provider == "mistral":
        return from_mistral(fields["messages"])
    return from_anthropic(fields["messages"], system=fields.get("system"))


WRITERS = {
    "openai-chat": to_openai_chat,
    "openai-responses": to_openai_responses,
    "anthropic": to_anthropic,
    "gemini": to_gemini,
    "bedrock-converse": to_bedrock_converse,
    "mistral": to_mistral,
}


STRICTER = "stricter than Anthropic on purpose"


@pytest.mark.parametrize(("case", "place"), params("transcript-tools"))
def test_repair_trim_rules_and_writers_keep_the_contract(case: Case, place: str) -> None:
    put = TRANSCRIPT_PLACES[place]
    transcript = put(case.build())
    before = snapshot(transcript, heavy=case.heavy)
    verdict = attempt(validate_transcript, transcript)
    assert verdict.error is None, f"validate_transcript raised {describe(verdict.error)}"
    refused = any(d.code in SHAPE_CODES for d in verdict.value)
    # A heavy case (a million items) runs two of the tools, a light one all of them
    # with every provider.
    providers = () if case.heavy else PROVIDERS

    for provider in providers:
        rules = attempt(check_wire_rules, transcript, provider)
        assert rules.error is None, f"check_wire_rules raised {describe(rules.error)}"
        assert_writable(rules.value)
        if case.kind != SHIFTING:  # a shifting value reads differently each time
            expected = verdict.value
            if provider == "anthropic" and any(STRICTER in d.message for d in expected):
                # Anthropic accepts an id used again after its result: that duplicate is
                # not reported, and the id's other linkage diagnostics may differ.
                assert not any(STRICTER in d.message for d in rules.value)
                expected = tuple(d for d in expected if d.code in SHAPE_CODES)
            remaining = iter(rules.value)
            assert all(d in remaining for d in expected), (
                "check_wire_rules lost or reordered validate_transcript's diagnostics"
            )

    calls: list[tuple[str, Any]] = [("repair_transcript", lambda: repair_transcript(transcript))]
    if case.heavy:  # one pass over its million items is enough to see it refused or kept
        calls += [("to_openai-chat", _bind_writer(transcript, "openai-chat"))]
    else:
        calls += [("trim_transcript", lambda: trim_transcript(transcript, max_messages=2))]
        for provider in providers:
            calls += [
                (f"repair_transcript[{provider}]", _bind(repair_transcript, transcript, provider)),
                (f"normalize_tool_call_ids[{provider}]", _bind_ids(transcript, provider)),
                (f"to_{provider}", _bind_writer(transcript, provider)),
            ]
        calls += [("to_hf-chat", lambda: ("hf-chat", to_hf_chat(transcript)))]
    for name, call in calls:
        outcome = attempt(call)
        assert_documented(outcome, DOCUMENTED, name)
        assert snapshot(transcript, heavy=case.heavy) == before, (
            f"{name} changed the caller's value"
        )
        if case.kind == SHIFTING:  # its verdict differs from read to read
            continue
        if refused:
            assert outcome.error is not None, f"{name} accepted a transcript with invalid messages"
            continue
        assert outcome.error is None, f"{name} refused {describe(outcome.error)}"
        if case.heavy:
            continue
        _check_promise(name, outcome.value, transcript)


def _bind(function: Any, transcript: Any, provider: Provider) -> Any:
    return lambda: function(transcript, provider=provider)


def _bind_ids(transcript: Any, provider: Provider) -> Any:
    return lambda: (provider, normalize_tool_call_ids(transcript, provider))


def _bind_writer(transcript: Any, provider: Provider) -> Any:
    return lambda: (provider, WRITERS[provider](transcript))


def _check_promise(name: str, value: Any, transcript: Any) -> None:
    if name.startswith("repair_transcript"):
        assert isinstance(value, RepairResult)
        assert validate_transcript(value.transcript) == (), f"{name} left diagnostics"
        if "[" in name:
            provider = name[name.index("[") + 1 : -1]
            left = check_wire_rules(value.transcript, provider)  # type: ignore[arg-type]
            assert left == (), f"{name} output breaks the provider's rules: {left[0]}"
    elif name == "trim_transcript":
        assert isinstance(value, RepairResult)
        kept = value.transcript
        given = validate_and_parse(transcript)
        assert len(kept) <= min(2, len(given))
        calls = {c.id for m in kept if m.role == "assistant" for c in m.tool_calls}
        answered = [m.tool_call_id for m in kept if m.role == "toolResult"]
        originally = {c.id for m in given if m.role == "assistant" for c in m.tool_calls}
        assert [i for i in answered if i in originally and i not in calls] == [], (
            "trim kept a result whose call it cut"
        )
    elif name.startswith("normalize_tool_call_ids"):
        provider, result = value
        left = [d for d in check_wire_rules(result.transcript, provider) if d.code in ID_CODES]
        assert left == [], f"{name} left an id the provider refuses: {left[0]}"
    else:
        provider, request = value
        read = attempt(_read_back, provider, request.fields)
        assert read.error is None, f"reading back {name}'s request raised {describe(read.error)}"


def validate_and_parse(transcript: Any) -> tuple[Any, ...]:
    """The IR messages of a transcript whose messages are each valid (linkage aside)."""
    return tuple(messages_of("test", transcript))
