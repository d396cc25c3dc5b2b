"""Entries and blocks that raise when read are INVALID_MESSAGE at their index, later entries are
still read, what was read before the failure still links, and interrupts propagate.
"""

from __future__ import annotations

import pytest

from agent_ir import (
    TranscriptError,
    parse_transcript,
    validate_transcript,
)

from support.builders import assistant, call_block, result, user, with_arguments
from support.diagnostics import INVALID_MESSAGE, codes
from support.hostile import RaisingItem, RaisingKeys


def test_an_entry_whose_property_raises_is_invalid_message_and_later_entries_are_still_read() -> (
    None
):
    transcript = [
        user(id=" "),
        RaisingItem(user(id="message-hostile"), "content", RuntimeError("boom")),
        {"role": "system", "id": "", "content": "rules"},
    ]

    diagnostics = validate_transcript(transcript)

    assert codes(diagnostics) == [(INVALID_MESSAGE, 0), (INVALID_MESSAGE, 1), (INVALID_MESSAGE, 2)]
    assert [diagnostic.path for diagnostic in diagnostics] == ["/0/id", "/1/content", "/2/id"]


def test_an_entry_whose_keys_cannot_be_listed_is_invalid_message() -> None:
    diagnostics = validate_transcript([user(), RaisingKeys()])

    assert codes(diagnostics) == [(INVALID_MESSAGE, 1)]
    assert diagnostics[0].path == "/1"


def test_a_block_whose_property_raises_is_invalid_message_at_its_message() -> None:
    block = RaisingItem({"type": "text", "text": "hi"}, "text", ValueError("no"))

    diagnostics = validate_transcript([user(), assistant(content=[block])])

    assert codes(diagnostics) == [(INVALID_MESSAGE, 1)]
    assert diagnostics[0].path.startswith("/1/content/0")


@pytest.mark.parametrize("error", [KeyboardInterrupt(), SystemExit(3)], ids=["Ctrl-C", "exit"])
def test_keyboard_interrupt_and_system_exit_from_a_hostile_entry_propagate(
    error: BaseException,
) -> None:
    entry = RaisingItem(user(), "id", error)

    with pytest.raises(type(error)):
        validate_transcript([user(), entry])


def test_keyboard_interrupt_from_hostile_arguments_propagates() -> None:
    arguments = RaisingItem({"path": "a"}, "path", KeyboardInterrupt())

    with pytest.raises(KeyboardInterrupt):
        validate_transcript(with_arguments(arguments))


def test_a_call_id_read_before_a_later_property_raised_still_counts_as_seen() -> None:
    # Keys are read in order: type, id, then name raises. The id was seen, so its
    # result is not an orphan (no cascade).
    block = RaisingItem(call_block(call_id="call-1"), "name", RuntimeError("boom"))

    diagnostics = validate_transcript([assistant(content=[block]), result(call_id="call-1")])

    assert codes(diagnostics) == [(INVALID_MESSAGE, 0)]


def test_a_result_id_read_before_a_later_property_raised_suppresses_missing() -> None:
    # toolCallId is read before content raises: the call is answered, malformed or not.
    hostile_result = RaisingItem(result(call_id="call-1"), "content", RuntimeError("boom"))

    diagnostics = validate_transcript([assistant(), hostile_result])

    assert codes(diagnostics) == [(INVALID_MESSAGE, 1)]


class _TypeCheckRaises:
    @property  # type: ignore[misc]
    def __class__(self) -> type:
        raise RuntimeError("boom")


def test_an_object_whose_type_checks_raise_is_one_invalid_message_and_later_ones_are_read() -> None:
    transcript = [
        {"role": "user", "id": "ok", "content": "hi"},
        {"role": "user", "id": "x", "content": "a", "timestamp": _TypeCheckRaises()},
        {"role": "user", "id": "  ", "content": "x"},
    ]
    assert [(d.code, d.message_index, d.path) for d in validate_transcript(transcript)] == [
        ("INVALID_MESSAGE", 1, "/1/timestamp"),
        ("INVALID_MESSAGE", 2, "/2/id"),
    ]
    with pytest.raises(TranscriptError):
        parse_transcript(transcript)
