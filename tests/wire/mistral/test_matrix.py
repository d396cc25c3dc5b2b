"""The round-trip matrix: the reply of every recording of every format
(``fixtures/wire/<format>/*.expected.json``), as the next turn of a conversation, is
written with ``to_mistral`` and read back with ``from_mistral``: each block comes back
as it was, or the writer warned at that block (or at the message) with a stable code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agent_ir import parse_message, to_json_value
from agent_ir.wire import from_mistral, to_mistral

WIRE = Path(__file__).parents[3] / "fixtures" / "wire"
# What no request holds (message-level), and other formats' bookkeeping on blocks: not
# sent and not warned, as the module docstring says.
NOT_REQUEST = {"timestamp", "provider", "model", "usage", "stopReason"}
BOOKKEEPING = {"itemId", "namespace"}


def _replies() -> list[Any]:
    found = []
    for path in sorted(WIRE.glob("*/*.expected.json")):
        expected = json.loads(path.read_text(encoding="utf-8"))
        if "response" in expected:
            name = f"{path.parent.name}/{path.name.removesuffix('.expected.json')}"
            found.append(pytest.param(expected["response"]["message"], id=name))
    return found


REPLIES = _replies()


def test_the_matrix_covers_every_format_s_recordings() -> None:
    formats = {param.id.split("/")[0] for param in REPLIES}
    assert formats == {path.name for path in WIRE.iterdir() if path.is_dir()}
    assert len(REPLIES) >= 40


@pytest.mark.parametrize("message", REPLIES)
def test_each_recorded_reply_reads_back_from_mistral_exactly_or_warned(message: Any) -> None:
    transcript = [{"role": "user", "id": "u", "content": "go on"}, message]

    request = to_mistral(transcript)
    back = from_mistral(request.fields["messages"])

    assert back.warnings == ()
    warned = {(w.message_index, w.block_index) for w in request.warnings}
    sent = {k: v for k, v in message.items() if k not in NOT_REQUEST}
    got = to_json_value(back[1])
    if (1, -1) in warned:
        return
    blocks = [{k: v for k, v in b.items() if k not in BOOKKEEPING} for b in sent["content"]]
    kept = [block for index, block in enumerate(blocks) if (1, index) not in warned]
    # a block warned about is dropped or changed; every other one is read back as it was
    # (a refusal sent as text is warned: REFUSAL_AS_TEXT)
    for block in kept:
        assert block in got["content"], block
    if not any(index == 1 for index, _ in warned):
        assert back[1] == parse_message({**sent, "content": blocks, "id": back[1].id})
