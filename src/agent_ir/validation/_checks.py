"""The checks both engines run, below them: what the generated types leave out.

msgspec checks in C every shape rule the generated types state (tags, required and
unknown fields, types, most patterns, bounds). The rest is checked here, on the IR's
messages and on the verdict's twins alike (``Kinds`` names the classes of either):

* ``values_valid``: the non-blank ids and tool names (their regex is not generated, see
  ``agent_ir._base.NonBlankString``), the calendar (the schema's pattern admits
  February 30) and the media types of inline images and audio;
* ``audio_sources_tagged`` (called by ``values_valid``): the ``"type"`` tag msgspec
  treats as optional;
* ``ObjectPlaces``: where the JSON objects of a set of message classes are, so that a
  caller checks all of them at once;
* ``holds_a_set``: an IR value built around a set, which has no order.

A ``False`` from any of these only sends the input to the explaining engine
(``_explain``), which says what is wrong; it never decides validity on its own.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import partial
from itertools import chain, compress, repeat
from operator import attrgetter, is_, is_not
from typing import Annotated, Any, NamedTuple

import msgspec

from agent_ir._generated import message_schema
from agent_ir._generated.message_schema import (
    AudioBlock,
    Base64Source,
    ImageBlock,
    Message,
    UserMessage,
)
from agent_ir._hand_checked import NON_BLANK_FIELDS
from agent_ir._jsoncopy import snapshot_sequence
from agent_ir._jsonobject import JsonObject
from agent_ir._text import BLANK_CHARACTERS

__all__ = [
    "IR",
    "OBJECT_FIELDS",
    "UNORDERED",
    "Kinds",
    "ObjectPlaces",
    "audio_sources_tagged",
    "blocks_of",
    "by_type",
    "check_timestamp",
    "holds_a_set",
    "kinds_of",
    "of_type",
    "values_valid",
]


def values_valid(
    messages: Sequence[Any],
    entries: list[Any] | None,
    kinds: Kinds | None = None,
    blocks: dict[type, list[Any]] | None = None,
    grouped: dict[type, list[Any]] | None = None,
) -> bool:
    """The rules the generated types leave to this pass: the fields of
    ``NON_BLANK_FIELDS`` (ids, tool names, ``toolCallId``; their regex is not generated)
    contain a non-whitespace character, timestamps are real calendar date-times, and
    inline images and audio have ``image/*`` / ``audio/*`` media types (the schema's
    ``if``/``then``).

    Every loop here runs in C (``map``, ``compress``, ``chain``, ``attrgetter``, one
    ``str.strip``): the fields are gathered across all messages and blocks and checked
    at once. A per-message Python loop measured 0.3x a ``json.loads`` of the same text,
    this form about 0.2x; what is left is reading the attributes.

    ``entries`` are the plain mappings the messages came from, for
    ``audio_sources_tagged`` to read when there is an audio block; None when they are
    not at hand (decoded from text): a message with an audio block then returns False,
    for the caller to check it from a parse. Asking the block types gathered here
    whether there is audio at all, instead of a loop over the messages, measured 0.1x
    ``json.loads`` of the text.

    ``kinds``: the classes of ``messages`` (``IR``, the default: the generated ones; or
    a verdict's twins, ``_twins``); ``blocks``: ``by_type(blocks_of(messages))`` when
    the caller has it; ``grouped``: ``by_type(messages)`` when the caller has it."""
    kinds_of = IR if kinds is None else kinds
    if blocks is None:
        blocks = by_type(blocks_of(messages))
    if not _none_blank(_hand_checked_strings(messages, blocks, kinds_of, grouped)):
        return False
    if not all(map(check_timestamp, filter(None, map(_TIMESTAMP, messages)))):
        return False
    found = blocks.keys()
    if (
        kinds_of.audio in found
        and not kinds_of.tags_required
        and (entries is None or not audio_sources_tagged(messages, entries, kinds_of))
    ):
        return False
    return all(
        all(_media_type_valid(block.source, prefix, kinds_of) for block in blocks[kind])
        for kind, prefix in kinds_of.media_prefix.items()
        if kind in found
    )


def blocks_of(messages: Sequence[Any]) -> list[Any]:
    """The blocks of every message with a block tuple as content, in order (C loops)."""
    contents = list(map(_CONTENT, messages))
    tuples = map(is_, map(type, contents), repeat(tuple))
    return list(chain.from_iterable(compress(contents, tuples)))


class ObjectPlaces:
    """Where the JSON objects of a set of message classes (the generated ones or twins)
    are: ``fields``, the JSON-object fields of each class that has any, each with
    whether it is required; ``text`` and ``citation``, the text block (whose citations
    hold objects) and citation classes."""

    def __init__(
        self, fields: dict[type, tuple[tuple[str, bool], ...]], text: type, citation: type
    ) -> None:
        self.text = text
        self.citation_objects = [
            (attrgetter(name), required) for name, required in fields.get(citation, ())
        ]
        self.block_objects = {
            kind: [(attrgetter(name), required) for name, required in names]
            for kind, names in fields.items()
            if kind is not citation
        }

    def objects(self, blocks: dict[type, list[Any]]) -> list[Any]:
        """Every JSON object the blocks (``by_type``) hold, gathered in C loops: each
        value of a required field (whatever it is), each present optional one."""
        found: list[Any] = []
        optional: list[Any] = []
        for kind, getters in self.block_objects.items():
            if kind in blocks:
                holders = blocks[kind]
                for getter, required in getters:
                    (found if required else optional).extend(map(getter, holders))
        if self.text in blocks and self.citation_objects:
            lists = filter(_PRESENT, map(_CITATIONS, blocks[self.text]))
            citations = list(chain.from_iterable(lists))
            for getter, required in self.citation_objects:
                (found if required else optional).extend(map(getter, citations))
        found.extend(filter(_PRESENT, optional))
        return found


_PRESENT = partial(is_not, None)
_CITATIONS = attrgetter("citations")


def _unwrapped(annotation: Any) -> Any:
    """The type an ``Annotated`` annotation annotates (any other: itself)."""
    return annotation.__origin__ if typing.get_origin(annotation) is Annotated else annotation


def _object_fields() -> dict[type, tuple[tuple[str, bool], ...]]:
    """The ``JsonObject`` fields of each generated message class that has any, each with
    whether it is required."""
    found: dict[type, tuple[tuple[str, bool], ...]] = {}
    for value in vars(message_schema).values():
        if isinstance(value, type) and issubclass(value, msgspec.Struct):
            fields = msgspec.structs.fields(value)
            names = tuple(
                (field.name, field.required)
                for field in fields
                if _unwrapped(field.type) is JsonObject
            )
            if names:
                found[value] = names
    return found


OBJECT_FIELDS = _object_fields()


def of_type(items: Sequence[Any], kind: type) -> list[Any]:
    """The items whose exact type is ``kind``, in order (a C loop)."""
    return list(compress(items, map(partial(is_, kind), map(type, items))))


def by_type(items: Sequence[Any]) -> dict[type, list[Any]]:
    """The items of each exact type among them, in order: one C pass per type, shared
    by every check that reads one type (on a short transcript, a pass per check and
    type was most of the time)."""
    types = list(map(type, items))  # read once, for every type's pass
    kinds = set(types)
    if len(kinds) == 1:
        return {kinds.pop(): list(items)}
    return {kind: list(compress(items, map(is_, types, repeat(kind)))) for kind in kinds}


def _hand_checked_strings(
    messages: Sequence[Any],
    blocks: dict[type, list[Any]],
    kinds: Kinds,
    grouped: dict[type, list[Any]] | None,
) -> list[str]:
    """Every value of a ``NON_BLANK_FIELDS`` field in the messages and their blocks
    (``grouped``: the messages by type, when the caller has them)."""
    strings: list[str] = []
    messages_of: dict[type, list[Any]] = {}  # only the types a check reads
    for kind, getter in kinds.non_blank:
        if kind is None:
            strings.extend(map(getter, messages))
            continue
        if grouped is not None:
            strings.extend(map(getter, grouped.get(kind, ())))
            continue
        if kind not in messages_of:
            messages_of[kind] = of_type(messages, kind)
        strings.extend(map(getter, messages_of[kind]))
    for kind, getter in kinds.non_blank_blocks:
        if kind in blocks:
            strings.extend(map(getter, blocks[kind]))
    return strings


def _none_blank(strings: list[str]) -> bool:
    """Whether no string in ``strings`` is blank (as ``_text.is_blank``): none empty,
    none all whitespace (``str.isspace``, which allocates nothing, unlike a strip), and,
    when one holds U+FEFF (the one blank character ``isspace`` does not count), none of
    those blank by a strip of ``BLANK_CHARACTERS``."""
    if not all(strings) or any(map(str.isspace, strings)):
        return False
    if all(map(str.isascii, strings)) or "\ufeff" not in "".join(strings):
        return True
    return all(map(_strip, strings, repeat(BLANK_CHARACTERS)))


def audio_sources_tagged(
    messages: Sequence[Any], entries: list[Any], kinds: Kinds | None = None
) -> bool:
    """True when every audio source in the plain ``entries`` the messages came from
    carries its ``"type": "base64"`` tag. msgspec treats the tag of a tagged Struct that
    is not in a union (an audio source can only be base64) as optional; the schema
    requires it. Everything is read through the base types (``dict.get``,
    ``snapshot_sequence``), as msgspec read it: a subclass's overrides never run."""
    read = IR if kinds is None else kinds
    user, audio = read.user, read.audio
    for message, entry in zip(messages, entries, strict=True):
        if type(message) is not user or type(message.content) is not tuple:
            continue
        for index, block in enumerate(message.content):
            if type(block) is audio and not _tagged(entry, index):
                return False
    return True


def _tagged(entry: Any, index: int) -> bool:
    content = _member(entry, "content")
    if not issubclass(type(content), (list, tuple)):
        return False
    items = snapshot_sequence(content)
    if index >= len(items):
        return False
    tag = _member(_member(items[index], "source"), "type")
    return type(tag) is str and tag == "base64"


def _member(value: Any, key: str) -> Any:
    """``value[key]`` of a dict (read through ``dict``), else None."""
    return dict.get(value, key) if issubclass(type(value), dict) else None


_NON_BLANK: dict[type, tuple[str, ...]] = {
    getattr(message_schema, name): fields for name, fields in NON_BLANK_FIELDS.items()
}
# Message is Annotated[UserMessage | AssistantMessage | ..., Meta(...)]
_MESSAGE_TYPES = frozenset(typing.get_args(typing.get_args(Message)[0]))
_TIMESTAMP = attrgetter("timestamp")
_CONTENT = attrgetter("content")
_strip = str.strip

_Checks = tuple[tuple[type | None, Any], ...]


def _checks(kinds: list[type], twin: Callable[[type], type], *, every: bool) -> _Checks:
    """(type, getter) per hand-checked field of ``kinds`` (as ``twin`` maps them). When
    ``kinds`` are ``every`` type the items can have, a field all of them share (a
    message's ``id``) is checked once across all items, with type None."""
    shared = set.intersection(*(set(_NON_BLANK[kind]) for kind in kinds)) if every else set()
    checks: list[tuple[type | None, Any]] = [(None, attrgetter(name)) for name in sorted(shared)]
    for kind in kinds:
        checks.extend(
            (twin(kind), attrgetter(name)) for name in _NON_BLANK[kind] if name not in shared
        )
    return tuple(checks)


class Kinds(NamedTuple):
    """The classes ``values_valid`` and the linkage pass read messages by: the generated
    ones (``IR``), or the twins a verdict decodes into (``_twins``), which have the same
    fields under other classes. (``Any``: a check ``type(x) is kinds.user`` must not
    narrow ``x`` for the type checker.)"""

    user: Any
    assistant: Any
    tool_result: Any
    tool_call: Any
    server_call: Any
    server_result: Any
    audio: Any
    base64: Any
    media_prefix: dict[type, str]
    non_blank: _Checks
    non_blank_blocks: _Checks
    tags_required: bool = False  # the types require every tag: audio needs no check


def kinds_of(twin: Callable[[type], type], *, tags_required: bool = False) -> Kinds:
    """The ``Kinds`` of the classes ``twin`` maps each generated class to."""
    return Kinds(
        user=twin(UserMessage),
        assistant=twin(message_schema.AssistantMessage),
        tool_result=twin(message_schema.ToolResultMessage),
        tool_call=twin(message_schema.ToolCallBlock),
        server_call=twin(message_schema.ServerToolCallBlock),
        server_result=twin(message_schema.ServerToolResultBlock),
        audio=twin(AudioBlock),
        base64=twin(Base64Source),
        media_prefix={twin(ImageBlock): "image/", twin(AudioBlock): "audio/"},
        non_blank=_checks(
            [kind for kind in _NON_BLANK if kind in _MESSAGE_TYPES],
            twin,
            every=_NON_BLANK.keys() >= _MESSAGE_TYPES,
        ),
        non_blank_blocks=_checks(
            [kind for kind in _NON_BLANK if kind not in _MESSAGE_TYPES], twin, every=False
        ),
        tags_required=tags_required,
    )


IR = kinds_of(lambda kind: kind)


def _media_type_valid(source: Any, prefix: str, kinds: Kinds) -> bool:
    return type(source) is not kinds.base64 or source.media_type.startswith(prefix)


def check_timestamp(text: str) -> bool:
    """The calendar check of an RFC 3339 string that already matched the schema pattern
    (a leap second ``:60`` is accepted, as RFC 3339 allows it; so is year 0000, which
    RFC 3339 and the pattern allow and Python's ``datetime`` does not: it is checked as
    2000, a year with the same leap rule)."""
    normalized = text.upper()
    if normalized[17:19] == "60":
        normalized = normalized[:17] + "59" + normalized[19:]
    if normalized.startswith("0000"):
        normalized = "2000" + normalized[4:]
    try:
        datetime.fromisoformat(normalized)
    except ValueError:
        return False
    return True


UNORDERED = "holds a set, which has no order (a JSON array has one): use a tuple"

_SETS = (set, frozenset)
_SEQUENCES = (list, tuple)


def holds_a_set(value: Any) -> bool:
    """True when an IR value built directly from the generated classes holds a set where
    the IR has a tuple: its JSON form may be valid, but written twice it could differ
    (a list or a dict is copied as the tuple or ``JsonObject`` it stands for, so it is
    accepted). Read through the base types: no override of the caller runs."""
    kind = type(value)
    if issubclass(kind, _SETS):
        return True
    if issubclass(kind, _SEQUENCES):
        items = (
            list.copy(value) if issubclass(kind, list) else tuple.__getitem__(value, slice(None))
        )
        return any(map(holds_a_set, items))
    if issubclass(kind, msgspec.Struct):
        return any(map(holds_a_set, msgspec.structs.astuple(value)))
    return False
