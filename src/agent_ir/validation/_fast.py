"""The fast engine: is a transcript valid, in one pass that builds nothing it keeps, and
if not, which messages fail?

The conductor (``_conductor``) asks it first, once (``text_verdict``,
``entries_verdict``). It decodes JSON text into the ``RAW`` twins of the message types
(``_twins``; each JSON object kept as its raw text) or converts Python values into the
``PLAIN`` twins (each JSON object a shallow copy), then checks at once, across the whole transcript, what the types leave out:

* every JSON object (tool-call arguments, a server tool's input and wire objects, a
  citation's wire object) is one, within ``MAX_DEPTH``, made of exact JSON values. From
  text: each raw text starts with ``{``, holds at most ``MAX_DEPTH`` brackets (then no
  path can nest deeper), and decodes; all of them joined, so that each of these is one
  C pass, and decoded only when a number could overflow or a byte is not ASCII (what
  msgspec's skip of a raw value does not check). From Python values: the walk of
  ``_jsoncopy.are_exact_rereadable``;
* the hand-checked values (``_checks.values_valid``);
* linkage: every call answered once (``_linkage.all_answered_once``).

``Stage.VALID`` means the transcript has no diagnostic; any other stage only says
where the verdict stopped, and the engine goes on down from there, never back up: the
twins it read are kept, text that did not decode is split into each message's text
and decoded in chunks, and the messages failing a check on their own are found by
halving (``failing``). The conductor hands only those to the explaining engine
(``_explain``). The verdict may stop too early (a bracket inside a string counts,
a big integer the generated types accept), never too late: everything it settles the
explaining path accepts, which the differential, property and conformance tests check,
and ``tests/validation/test_verdict.py`` against the explaining path reading from scratch.

``fast_messages`` is the same engine for a caller that keeps the IR (``loads``,
``parse_transcript``, the constructors): a chunk of messages converted in one call.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import IntEnum
from itertools import repeat
from typing import Any, NamedTuple

import msgspec

from agent_ir._generated.message_schema import Citation, Message, TextBlock
from agent_ir._jsoncopy import MAX_DEPTH, are_exact_rereadable, struct_builtins
from agent_ir.validation._checks import (
    Kinds,
    ObjectPlaces,
    blocks_of,
    by_type,
    holds_a_set,
    values_valid,
)
from agent_ir.validation._convert import (
    CHUNK,
    Keep,
    convert_messages,
    is_rereadable,
    rereadable_chunks,
    structs_absent,
)
from agent_ir.validation._linkage import all_answered_once
from agent_ir.validation._twins import PLAIN, RAW, Twins

__all__ = [
    "Read",
    "Stage",
    "Verdict",
    "entries_verdict",
    "failing",
    "fast_messages",
    "read_entries",
    "read_text",
    "text_verdict",
]


class _Verdict:
    """What a verdict reads in the messages of one set of twins."""

    def __init__(self, twins: Twins) -> None:
        self.kinds: Kinds = twins.kinds
        self.objects = ObjectPlaces(
            twins.objects, twins.classes[TextBlock], twins.classes[Citation]
        ).objects

    def objects_valid(self, objects: list[Any]) -> bool:
        """Whether each of ``objects`` (from ``objects``) is a valid JSON object."""
        if self is _RAW:
            return _raw_objects_valid(objects)
        return not objects or (set(map(type, objects)) == {dict} and are_exact_rereadable(objects))


_RAW = _Verdict(RAW)
_PLAIN = _Verdict(PLAIN)
_RAW_DECODER = msgspec.json.Decoder(RAW.messages)
_ANY_DECODER = msgspec.json.Decoder()


class Stage(IntEnum):
    """How far a transcript got: the first check it failed, or ``VALID``."""

    SHAPE = 0  # not decoded (converted) into the twins
    OBJECTS = 1  # a JSON object that is not one
    VALUES = 2  # a hand-checked value
    LINKAGE = 3  # some call not answered once
    VALID = 4


class Read(NamedTuple):
    """A verdict: ``stage``, and the twins when the transcript got past ``SHAPE`` (the
    explaining path starts from them instead of reading the input again)."""

    stage: Stage
    messages: tuple[Any, ...] | None = None


_NOT_READ = Read(Stage.SHAPE)


class Verdict(NamedTuple):
    """What the fast engine settled, for the conductor. ``stage``: ``VALID``, or where
    the verdict stopped. ``messages``: each message's twin (None where it did not
    decode on its own), a new list the conductor may fill; None when nothing was read
    (entries not all rereadable: ``rereadable`` says which chunks are, for the
    conductor's conversion). ``failing``: the indexes of the messages to explain, in
    order. ``texts``: from JSON text, the JSON text of each failing message.
    ``length``: the number of messages of a ``VALID`` text."""

    stage: Stage
    messages: list[Any] | None
    failing: list[int]
    texts: list[bytes] | None = None
    rereadable: list[bool] | None = None
    length: int = 0


def text_verdict(text: bytes | str, pending: bool) -> Verdict | None:
    """The verdict of JSON text (``pending``: ``allow_pending``), going down from where
    it stopped. Twins that decoded give each failing message's text as msgspec writes
    it back (each JSON object as its raw text, fields in schema order); text that did
    not decode is split into each message's text (in C, ``msgspec.Raw``). None: text
    whose array cannot be split (not JSON, not an array, lone surrogate escapes), for
    the conductor to check from one parse of the whole text."""
    read = read_text(text, pending)
    if read.messages is not None:
        twins = read.messages
        if read.stage is Stage.VALID:
            return Verdict(Stage.VALID, [], [], length=len(twins))
        messages, bad = _going_down(read, len(twins), _no_twins, _no_entries)
        return Verdict(read.stage, messages, bad, [msgspec.json.encode(twins[i]) for i in bad])
    try:
        parts = _PARTS.decode(text)
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeError, RecursionError):
        return None

    def twins_of(start: int, stop: int) -> tuple[Any, ...] | None:
        return text_chunk(parts[start:stop])

    messages, bad = _going_down(read, len(parts), twins_of, _no_entries)
    return Verdict(read.stage, messages, bad, [bytes(parts[index]) for index in bad])


_PARTS = msgspec.json.Decoder(list[msgspec.Raw])


def entries_verdict(entries: list[dict[Any, Any]], pending: bool) -> Verdict:
    """The verdict of a snapshot list of ``dict`` message mappings, going down from
    where it stopped. Nothing is read unless every chunk is rereadable (one C pass per
    chunk, ``rereadable_chunks``, whose answers the conductor's conversion reuses
    otherwise: a verdict reads nothing more often than keeping the IR does)."""
    rereadable = rereadable_chunks(entries)
    if not all(rereadable):
        return Verdict(Stage.SHAPE, None, [], rereadable=rereadable)
    read = read_entries(entries, pending)
    if read.stage is Stage.VALID:
        return Verdict(Stage.VALID, [], [])

    def twins_of(start: int, stop: int) -> tuple[Any, ...] | None:
        return entries_chunk(entries[start:stop])

    def entries_of(start: int, stop: int) -> list[Any] | None:
        return entries[start:stop]

    messages, bad = _going_down(read, len(entries), twins_of, entries_of)
    return Verdict(read.stage, messages, bad)


def _no_twins(start: int, stop: int) -> None:
    return None


def _no_entries(start: int, stop: int) -> None:
    return None


def _going_down(
    read: Read,
    count: int,
    twins_of: Callable[[int, int], tuple[Any, ...] | None],
    entries_of: Callable[[int, int], list[Any] | None],
) -> tuple[list[Any], list[int]]:
    """Each message's twin (None where it did not decode on its own) of a transcript of
    ``count`` messages the verdict did not settle, and the indexes of those failing a
    check on their own. From where it stopped, never back up: the twins it read are
    kept (``read.messages``), else ``twins_of(start, stop)`` reads chunks of them,
    message by message only in a chunk that fails; failing messages are found by
    halving (``failing``). ``entries_of(start, stop)``: the mappings of those messages,
    for ``PLAIN`` twins (None for ``RAW``)."""
    plain = entries_of(0, 0) is not None
    messages: list[Any] = []
    bad: list[int] = []
    if read.messages is not None:
        messages.extend(read.messages)
        if read.stage is not Stage.LINKAGE:
            objects = read.stage is Stage.OBJECTS  # past it, every object is valid
            for start in range(0, count, CHUNK):
                stop = min(start + CHUNK, count)
                chunk = messages[start:stop]
                found = failing(
                    chunk, entries_of(start, stop), plain=plain, start=start, objects=objects
                )
                bad += found
        return messages, bad
    for start in range(0, count, CHUNK):
        stop = min(start + CHUNK, count)
        twins = twins_of(start, stop)
        if twins is not None:
            messages.extend(twins)
            bad += failing(twins, entries_of(start, stop), plain=plain, start=start)
            continue
        for index in range(start, stop):
            single = twins_of(index, index + 1)
            messages.append(None if single is None else single[0])
            if single is None or failing(single, entries_of(index, index + 1), plain=plain):
                bad.append(index)
    return messages, bad


def read_text(text: bytes | str, pending: bool) -> Read:
    """The verdict of JSON text. ``pending``: ``allow_pending``."""
    try:
        messages = _RAW_DECODER.decode(text)
    except Exception:  # not valid by the twins (or too deep, or not UTF-8): explain it
        return _NOT_READ
    return Read(_checked(messages, None, _RAW, pending), messages)


def read_entries(entries: list[dict[Any, Any]], pending: bool) -> Read:
    """The verdict of Python values: ``entries``, a snapshot list of ``dict`` message
    mappings, must have passed ``_convert.is_rereadable``."""
    messages = entries_chunk(entries)
    if messages is None:  # not valid by the twins (a Struct where a mapping is due too)
        return _NOT_READ
    return Read(_checked(messages, entries, _PLAIN, pending), messages)


def _checked(
    messages: tuple[Any, ...], entries: list[Any] | None, verdict: _Verdict, pending: bool
) -> Stage:
    blocks = by_type(blocks_of(messages))
    if not verdict.objects_valid(verdict.objects(blocks)):
        return Stage.OBJECTS
    if not values_valid(messages, entries, verdict.kinds, blocks):
        return Stage.VALUES
    if not all_answered_once(messages, pending):
        return Stage.LINKAGE
    return Stage.VALID


def text_chunk(parts: list[msgspec.Raw]) -> tuple[Any, ...] | None:
    """The twins of some messages' JSON texts, or None when they do not decode."""
    try:
        messages: tuple[Any, ...] = _RAW_DECODER.decode(b"[" + b",".join(parts) + b"]")
    except Exception:
        return None
    return messages


def entries_chunk(entries: list[Any]) -> tuple[Any, ...] | None:
    """The twins of some rereadable message mappings, or None when they do not convert."""
    try:
        messages: tuple[Any, ...] = msgspec.convert(entries, PLAIN.messages)
    except Exception:
        return None
    return messages


def failing(
    messages: Sequence[Any],
    entries: list[Any] | None,
    *,
    plain: bool,
    start: int = 0,
    objects: bool = True,
) -> list[int]:
    """The indexes (from ``start``) of the twin messages that fail the object or value
    checks on their own, found by halving: the checks of ``n`` messages cost about
    ``n`` single ones, so one failing message among ``n`` costs about ``2n``, not ``n``
    separate calls. ``plain``: the twins are ``PLAIN`` (``entries`` their mappings).
    ``objects=False``: the JSON objects are known valid (the verdict checked them)."""
    verdict = _PLAIN if plain else _RAW
    if _fine(messages, entries, verdict, objects):
        return []
    if len(messages) <= _FEW:
        return [
            start + index
            for index, message in enumerate(messages)
            if len(messages) == 1
            or not _fine(
                (message,), None if entries is None else [entries[index]], verdict, objects
            )
        ]
    half = len(messages) // 2
    first = None if entries is None else entries[:half]
    rest = None if entries is None else entries[half:]
    return [
        *failing(messages[:half], first, plain=plain, start=start, objects=objects),
        *failing(messages[half:], rest, plain=plain, start=start + half, objects=objects),
    ]


_FEW = 4  # up to this many, one check per message costs less than halving


def _fine(
    messages: Sequence[Any], entries: list[Any] | None, verdict: _Verdict, objects: bool
) -> bool:
    blocks = by_type(blocks_of(messages))
    if objects and not verdict.objects_valid(verdict.objects(blocks)):
        return False
    return values_valid(messages, entries, verdict.kinds, blocks)


def _raw_objects_valid(raws: list[msgspec.Raw]) -> bool:
    """Whether each raw text is a JSON object within ``MAX_DEPTH`` that decodes. The
    texts are joined with NUL bytes, which JSON text cannot hold, so one C pass over
    the joined bytes serves them all."""
    if not raws:
        return True
    joined = b"\x00".join(raws)
    texts = joined.split(b"\x00")
    if len(texts) != len(raws) or not all(map(bytes.startswith, texts, repeat(b"{"))):
        return False
    brackets = joined.translate(None, _ALL_BUT_BRACKETS)  # "{" and "[", NUL between texts
    if len(brackets) - len(raws) + 1 > MAX_DEPTH and not _all_shallow(brackets):
        return False
    if _skip_suffices(joined):
        return True
    try:
        _ANY_DECODER.decode(b"[" + joined.replace(b"\x00", b",") + b"]")
    except Exception:  # a number out of range, bad UTF-8
        return False
    return True


_ALL_BUT_BRACKETS = bytes(sorted(set(range(256)) - set(b"{[\x00")))


def _all_shallow(brackets: bytes) -> bool:
    """Whether each text's brackets (NUL-separated) number at most ``MAX_DEPTH``: then
    none of its containers can nest deeper than the bound."""
    longest: int = max(map(len, brackets.split(b"\x00")))
    return longest <= MAX_DEPTH


def _skip_suffices(joined: bytes) -> bool:
    """Whether decoding the raw texts could not fail once skipping them passed. msgspec's
    skip checks the JSON grammar and every escape (a lone surrogate escape fails) but
    neither UTF-8 nor the range of numbers; so: ASCII only, no digit followed by an
    exponent and no run of ``_LONG_NUMBER`` digits (no float can overflow without one
    of them, and the integers that fail to decode are longer). A digit in a string
    counts too: that only costs the decode."""
    if not joined.isascii():
        return False
    digits = joined.translate(_DIGITS_AS_ZERO)
    return b"0e" not in digits and b"0E" not in digits and _LONG_NUMBER not in digits


_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_LONG_NUMBER = b"0" * 309  # 1e308 has 309 digits; the largest double is below 1.8e308


def fast_messages(
    entries: list[Any], keep: Keep = True, rereadable: bool | None = None
) -> tuple[Message, ...] | None:
    """The IR of ``entries`` (message mappings in JSON form or IR message objects) when
    every one passes msgspec and the value checks in one batch; else None, and each
    entry's own problems are ``inspect_message``'s to explain. ``keep=False``: a verdict
    only (see ``convert_messages``). Runs only on rereadable data (see
    ``_convert.is_rereadable``), so reading it again later is not observable; the
    check for Structs built by hand runs on each chunk right after that pass, while
    the chunk is in the cache (once over a whole 10,000-message transcript measured
    about twice the time of the 40 chunks' checks). ``rereadable``: the result of
    ``is_rereadable(entries)`` when the caller has it (entries all ``dict``), so that
    nothing is read twice."""
    if rereadable is False:
        return None
    plain = _plain_entries(entries)
    if plain is None or not (rereadable or is_rereadable(plain)):
        return None
    try:
        if not structs_absent(plain):
            return None
        messages = convert_messages(plain, keep=keep)
        if not values_valid(messages, plain):
            return None
    except Exception:  # any refusal: the per-message path explains it
        return None
    if any(holds_a_set(entry) for entry in entries if type(entry) is not dict):
        return None
    return messages


def _plain_entries(entries: list[Any]) -> list[Any] | None:
    """The entries with IR objects turned into builtins; None if one cannot be."""
    plain: list[Any] = []
    for entry in entries:
        if type(entry) is dict:
            plain.append(entry)
        elif issubclass(type(entry), msgspec.Struct):
            # An IR object may have been built by hand around anything: re-check it.
            try:
                plain.append(struct_builtins(entry))
            except Exception:
                return None
        else:
            return None
    return plain
