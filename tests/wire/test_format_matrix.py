"""The round-trip matrix: the reply of every recording of every format
(``fixtures/wire/<format>/*.expected.json``), as the next turn of a session (a user turn
before it, a result for each of its calls), is written to each of the newer formats
(Bedrock Converse, Mistral, OpenTelemetry GenAI) and read back: every message header and
block comes back as it was, or the writer warned at its path (``support.round_trip``
says how the two are compared); reading back what was written warns of nothing. What
is written is also held to each format's oracle on the way: botocore's parameter
validation, the ``mistralai`` SDK's request model, the project's declaration of the
OpenTelemetry attributes.

Not compared, as the formats' guides say: message ids (readers number messages again),
an assistant message's provider, model, usage and timestamp (no request holds them), the
stop reason except in OpenTelemetry (its output messages carry it), and the bookkeeping
fields of other formats' blocks (``support.round_trip.BOOKKEEPING``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from agent_ir import from_otel, to_json_value, to_otel
from agent_ir.wire import (
    ConversionWarning,
    WireMessages,
    from_bedrock_converse,
    from_mistral,
    to_bedrock_converse,
    to_mistral,
)

from support.bedrock import validation_errors
from support.otel import check_declared
from support.round_trip import WIRE, recorded_replies, session, unwarned_differences
from support.sdk import assert_mistral_accepts

Trip = Callable[[list[dict[str, Any]]], tuple[tuple[ConversionWarning, ...], WireMessages]]


def _bedrock(sent: list[dict[str, Any]]) -> tuple[tuple[ConversionWarning, ...], WireMessages]:
    request = to_bedrock_converse(sent)
    assert validation_errors(request.fields) == ""  # botocore's own parameter validation
    fields = request.fields
    return request.warnings, from_bedrock_converse(fields["messages"], system=fields.get("system"))


def _mistral(sent: list[dict[str, Any]]) -> tuple[tuple[ConversionWarning, ...], WireMessages]:
    request = to_mistral(sent)
    assert_mistral_accepts(request.fields)  # the mistralai SDK's request model, strictly
    return request.warnings, from_mistral(request.fields["messages"])


def _otel(sent: list[dict[str, Any]]) -> tuple[tuple[ConversionWarning, ...], WireMessages]:
    request = to_otel(sent)
    check_declared(request.fields)  # the project's declaration of the conventions' format
    return request.warnings, from_otel(request.fields)


# target -> (write then read, the reply's fields besides role, id and content it carries)
TARGETS: dict[str, tuple[Trip, tuple[str, ...]]] = {
    "bedrock-converse": (_bedrock, ()),
    "mistral": (_mistral, ()),
    "otel": (_otel, ("stopReason",)),
}
REPLIES = recorded_replies()


def test_the_matrix_covers_every_format_s_recordings() -> None:
    formats = {param.id.split("/")[0] for param in REPLIES}
    assert formats == {path.name for path in WIRE.iterdir() if path.is_dir()}
    assert len(REPLIES) >= 50


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("message", REPLIES)
def test_each_recording_goes_to_each_format_and_back_with_every_difference_warned(
    message: dict[str, Any], target: str
) -> None:
    trip, kept = TARGETS[target]
    sent = session(message, kept=kept)
    warnings, back = trip(sent)
    assert back.warnings == ()
    for warning in warnings:
        assert warning.path.startswith(f"/{warning.message_index}")
    got = [to_json_value(entry) for entry in back]
    assert unwarned_differences(sent, got, [w.path for w in warnings]) == []


# --- the comparison can fail ----------------------------------------------------------------

SENT = [
    {"role": "user", "id": "u", "content": "go"},
    {
        "role": "assistant",
        "id": "a",
        "content": [
            {"type": "thinking", "thinking": "hm", "signature": "s"},
            {"type": "text", "text": "one"},
            {"type": "toolCall", "id": "c", "name": "f", "arguments": {}},
        ],
    },
    {
        "role": "toolResult",
        "id": "r",
        "toolCallId": "c",
        "toolName": "f",
        "content": "ok",
        "isError": False,
    },
]


def _with(index: int, **fields: Any) -> list[dict[str, Any]]:
    return [dict(message, **fields) if at == index else message for at, message in enumerate(SENT)]


def test_a_block_dropped_or_changed_without_a_warning_is_a_difference() -> None:
    blocks = SENT[1]["content"]
    dropped = _with(1, content=blocks[1:])
    changed = _with(1, content=[{**blocks[0], "signature": "t"}, *blocks[1:]])
    assert unwarned_differences(SENT, SENT, []) == []
    assert unwarned_differences(SENT, dropped, []) != []
    assert unwarned_differences(SENT, dropped, ["/1/content/0"]) == []
    assert unwarned_differences(SENT, changed, []) != []
    assert unwarned_differences(SENT, changed, ["/1/content/0/signature"]) == []
    assert unwarned_differences(SENT, changed, ["/1/content/1", "/0"]) != []


def test_a_header_changed_or_a_message_merged_without_a_warning_is_a_difference() -> None:
    flag = _with(2, isError=True)
    merged = [
        {**SENT[0], "content": [{"type": "text", "text": "go"}, {"type": "text", "text": "go"}]}
    ]
    assert unwarned_differences(SENT, flag, []) != []
    assert unwarned_differences(SENT, flag, ["/2/content/0"]) != []
    assert unwarned_differences(SENT, flag, ["/2/isError"]) == []
    two_users = [SENT[0], {**SENT[0], "id": "v"}]
    assert unwarned_differences(two_users, merged, []) != []
    assert unwarned_differences(two_users, merged, ["/1"]) == []


def test_something_given_back_that_was_not_sent_is_a_difference() -> None:
    added = _with(1, content=[*SENT[1]["content"], {"type": "text", "text": "more"}])
    assert unwarned_differences(SENT, added, []) != []
    assert unwarned_differences(SENT, added, ["/0"]) != []


def test_a_block_moved_is_a_difference_unless_it_was_warned_at_its_place() -> None:
    thinking, one, call = SENT[1]["content"]
    after_call = _with(1, content=[thinking, call, one])  # text after the call, as sent
    ahead = _with(1, content=[thinking, one, call])  # given back ahead of it
    assert unwarned_differences(after_call, ahead, []) != []
    assert unwarned_differences(after_call, ahead, ["/1/content/2"]) == []
    changed = _with(1, content=[thinking, {**one, "text": "two"}, call])
    assert unwarned_differences(after_call, changed, ["/1/content/2"]) != []
