"""The ``from_*`` request readers on the catalogue's values put into provider requests
(a whole request field, a message, its content, tool-call arguments, the Anthropic
system): a ``WireMessages`` or ``WireFormatError``/``TranscriptError`` only, with a
message that can be written; the caller's request unchanged; what is read is IR
``validate_transcript`` accepts message by message, and the provider's writer takes it
back without raising."""

from __future__ import annotations

from typing import Any

import pytest
from adversarial.catalogue import SHIFTING, WIRE_PLACES, Case, params
from adversarial.harness import SHAPE_CODES, assert_documented, attempt, describe, snapshot

from agent_ir import TranscriptError, validate_transcript
from agent_ir.wire import (
    WireFormatError,
    WireMessages,
    from_anthropic,
    from_bedrock_converse,
    from_gemini,
    from_mistral,
    from_openai_chat,
    from_openai_responses,
    to_anthropic,
    to_bedrock_converse,
    to_gemini,
    to_mistral,
    to_openai_chat,
    to_openai_responses,
)

READERS: dict[str, Any] = {
    "openai-chat": lambda field, system: from_openai_chat(field),
    "openai-responses": lambda field, system: from_openai_responses(field),
    "anthropic": lambda field, system: from_anthropic(field, system=system),
    "gemini": lambda field, system: from_gemini(field, system_instruction=system),
    "bedrock-converse": lambda field, system: from_bedrock_converse(field, system=system),
    "mistral": lambda field, system: from_mistral(field),
}
WRITERS: dict[str, Any] = {
    "openai-chat": to_openai_chat,
    "openai-responses": to_openai_responses,
    "anthropic": to_anthropic,
    "gemini": to_gemini,
    "bedrock-converse": to_bedrock_converse,
    "mistral": to_mistral,
}


@pytest.mark.parametrize(("case", "place"), params("from-wire"))
def test_reading_a_hostile_request_keeps_the_contract(case: Case, place: str) -> None:
    provider, field, system = WIRE_PLACES[place](case.build())
    given = (field, system)  # one tuple: the fingerprint counts identities
    before = snapshot(given, heavy=case.heavy)
    outcome = attempt(READERS[provider], field, system)
    assert_documented(outcome, (WireFormatError, TranscriptError), f"from {provider}")
    assert snapshot(given, heavy=case.heavy) == before, "the reader changed its input"
    if isinstance(outcome.error, WireFormatError):
        assert outcome.error.pointer == "" or outcome.error.pointer.startswith("/")
    if outcome.error is not None or case.heavy or case.kind == SHIFTING:
        return
    read = outcome.value
    assert type(read) is WireMessages
    shape = [d for d in validate_transcript(read) if d.code in SHAPE_CODES]
    assert shape == [], f"a message read is not valid IR: {shape[0]}"
    written = attempt(WRITERS[provider], read)
    assert written.error is None, f"writing back what was read raised {describe(written.error)}"
