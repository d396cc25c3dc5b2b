"""Repair actions, conversion warnings and stream refusals quote values from the data cut
to 200 characters with the rest counted, as diagnostics do: a megabyte id repeated in
thousands of actions or warnings does not become gigabytes of messages."""

from __future__ import annotations

from typing import Any

from agent_ir import repair_transcript
from agent_ir.replies import ProviderError
from agent_ir.wire import OpenAIChatStream, to_openai_chat

from support.builders import assistant, call_block, result, user

MEGABYTE_ID = "c" * 2**20
LEFT_OUT = f"… ({2**20 - 200} more characters)"


def test_repair_actions_quote_a_long_call_id_cut() -> None:
    transcript: list[Any] = [user("u"), assistant("a", [call_block(MEGABYTE_ID)])]
    transcript += [result(f"r{n}", MEGABYTE_ID) for n in range(50)]  # 49 duplicates
    repaired = repair_transcript(transcript)
    assert len(repaired.actions) == 49
    for action in repaired.actions:
        assert len(action.message) < 400, len(action.message)
        assert LEFT_OUT in action.message


def test_conversion_warnings_quote_a_long_call_id_cut() -> None:
    # A result no call answers: its tool name is not sent, and the warning names the id.
    request = to_openai_chat([user("u"), result("r", MEGABYTE_ID)])
    assert request.warnings
    for warning in request.warnings:
        assert len(warning.message) < 600, len(warning.message)
    assert any(LEFT_OUT in warning.message for warning in request.warnings)


def test_a_stream_refusal_quotes_a_long_event_type_cut() -> None:
    long_type = "t" * 2**20
    body = b'data: {"id":"c","object":"' + long_type.encode() + b'","choices":[]}\n\n'
    stream = OpenAIChatStream([body], request_id="r")
    try:
        stream.result()
    except ProviderError as error:
        message = str(error)
    else:  # an unknown object is a refusal or a warning; either way bounded
        message = " ".join(w.message for w in stream.result().warnings)
    assert len(message) < 600, len(message)
