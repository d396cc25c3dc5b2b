"""The msgspec fast path: untrusted builtins or JSON bytes -> generated, frozen Structs.

msgspec checks in C every shape rule the generated types state (tags, required and
unknown fields, types, most patterns, bounds). What they leave out is done here, cheaply:

* ``is_rereadable`` encodes the untrusted entries once before conversion, which fails on any
  lone surrogate, ``str`` subclass or non-JSON object, and so guarantees that the fast
  path reads nothing whose reads are observable;
* tool-call ``arguments`` are checked and copied (``_jsonobject``) by the decode hook of
  the ``JsonObject`` type; ``convert_messages`` gathers them in its hook and checks
  them all at once (``_jsoncopy.are_exact_rereadable``);
* ``values_valid`` checks the non-blank ids and tool names (their regex is not
  generated, see ``agent_ir._base.NonBlankString``), the calendar (the schema's pattern
  admits February 30) and the media types of inline images and audio;
* ``audio_sources_tagged`` (called by ``values_valid``) checks the ``"type"`` tag
  msgspec treats as optional.

A ``False``/exception from any of these only sends the input to the per-message path
and the reference, which explain what is wrong; it never decides validity on its own.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import partial
from itertools import chain, compress, repeat
from operator import attrgetter, is_, is_not
from typing import Annotated, Any, Literal, NamedTuple

import msgspec
import msgspec.inspect

from agent_ir._errors import JsonValueError
from agent_ir._frozen import FrozenMapping, plain_data
from agent_ir._generated import message_schema
from agent_ir._generated.message_schema import (
    AudioBlock,
    Base64Source,
    ImageBlock,
    Message,
    UserMessage,
)
from agent_ir._hand_checked import NON_BLANK_FIELDS
from agent_ir._jsoncopy import (
    are_exact_rereadable,
    are_within_depth,
    is_exact_json,
    is_within_depth,
    snapshot_sequence,
)
from agent_ir._jsonobject import JsonObject, freeze_object, trusted_object
from agent_ir._text import BLANK_CHARACTERS

__all__ = [
    "IR",
    "OBJECT_FIELDS",
    "Kinds",
    "MessageTuple",
    "ObjectPlaces",
    "audio_sources_tagged",
    "blocks_of",
    "by_type",
    "check_timestamp",
    "convert_message",
    "convert_messages",
    "convert_value",
    "decode_messages",
    "is_rereadable",
    "kinds_of",
    "of_type",
    "structs_absent",
    "values_valid",
]

MessageTuple = tuple[Message, ...]


def _arguments_hook(
    fast: Callable[[dict[Any, Any]], bool], adopt: Callable[[dict[str, Any]], dict[str, Any]]
) -> Callable[[type, Any], Any]:
    """A msgspec ``dec_hook`` for ``JsonObject`` (tool-call arguments): a ``dict`` that
    passes ``fast`` is wrapped as ``adopt`` makes it; anything else takes the exact
    walk, which copies it or raises naming what is wrong."""

    def hook(kind: type, value: Any) -> Any:
        if kind is JsonObject:
            if type(value) is dict and fast(value):
                return trusted_object(adopt(value))
            return freeze_object(value)
        raise NotImplementedError(f"no decoder for {kind!r}")

    return hook


# The caller's data, kept in the IR: checked, then copied in C.
_decode_hook = _arguments_hook(is_exact_json, msgspec.to_builtins)


def _decoded_hook(kind: type, value: Any) -> Any:
    """``_arguments_hook`` for JSON text, written out: decoded from JSON text, a JSON
    object is a fresh exact ``dict`` with no NaN, no lone surrogates and string keys, so
    only the depth limit is left to check, which ``decode_messages`` does for all of
    them at once afterwards (``are_within_depth``: a walk per object here measured
    about 0.1x ``json.loads`` of the text). Called once per object of every ``loads``;
    inlining the calls of the general hook (``trusted_object`` and its
    ``frozen_from_plain``) measured about 0.05x."""
    if kind is JsonObject:
        if type(value) is dict:
            frozen = _new(JsonObject)
            _set_data(frozen, value)
            _set_hash(frozen, None)
            return frozen
        return freeze_object(value)  # raises, naming what is wrong
    raise NotImplementedError(f"no decoder for {kind!r}")


_new = object.__new__
_set_data = FrozenMapping.__dict__["_data"].__set__
_set_hash = FrozenMapping.__dict__["_hash"].__set__


def _plain_hook(value: Any) -> Any:
    if type(value) is JsonObject:  # type(), not isinstance(): no hostile __class__ runs
        return plain_data(value)  # our own immutable value: reading it is not observable
    raise TypeError(f"not plain JSON: {type(value).__name__}")


_DECODER = msgspec.json.Decoder(MessageTuple, dec_hook=_decoded_hook)


def _verdict_hook(kind: type, value: Any) -> Any:
    """Decoded from JSON text for a verdict only: arguments within the depth bound are
    replaced by one shared empty object (nothing reads them; building a ``JsonObject``
    per call measured about a fifth of validating a JSON Lines dataset)."""
    if kind is JsonObject:
        if type(value) is dict and is_within_depth(value):
            return _CHECKED
        return freeze_object(value)  # raises, naming what is wrong
    raise NotImplementedError(f"no decoder for {kind!r}")


def _viewing(value: dict[str, Any]) -> JsonObject:
    """A ``JsonObject`` over ``value`` itself, not a copy: only for a verdict's messages,
    which never leave the check (``Keep``)."""
    frozen = _new(JsonObject)
    _set_data(frozen, value)
    _set_hash(frozen, None)
    return frozen


def _verdict_plain_hook(kind: type, value: Any) -> Any:
    """``_verdict_hook`` keeping each checked arguments dict as decoded (``Keep``)."""
    if kind is JsonObject:
        if type(value) is dict and is_within_depth(value):
            return _viewing(value)
        return freeze_object(value)  # raises, naming what is wrong
    raise NotImplementedError(f"no decoder for {kind!r}")


_CHECKED = trusted_object({})
_VERDICT = msgspec.json.Decoder(MessageTuple, dec_hook=_verdict_hook)
_VERDICT_PLAIN = msgspec.json.Decoder(MessageTuple, dec_hook=_verdict_plain_hook)
_PLAIN = msgspec.json.Encoder(enc_hook=_plain_hook)


Keep = bool | Literal["plain"]
"""What a conversion keeps of the tool calls' arguments: True, a frozen copy (the IR);
False, nothing (a verdict: one shared empty object stands for each); ``"plain"``, the
checked plain data itself, not copied (a ``JsonObject`` over it), for a verdict that
checks the arguments against tool definitions (those messages never leave the check)."""


def convert_messages(entries: list[Any], *, keep: Keep = True) -> MessageTuple:
    """Plain builtins (a list of message mappings that passed ``is_rereadable`` and
    ``structs_absent``) -> messages; raises on any problem.

    The tool calls' ``arguments`` are gathered while msgspec converts and checked
    together afterwards (``are_exact_rereadable``); only then are they copied (in C)
    into the ``JsonObject``s the messages hold, so a value that is not JSON is never
    read again. ``keep=False`` is for a verdict only: they are not copied, and every
    tool call gets one shared empty object; ``keep="plain"``: each holds its mapping (the
    caller's, rereadable) once the check passed.
    """
    found: list[dict[Any, Any]] = []
    frozen: list[JsonObject] = []
    hook = _gathering_hook(found.append, frozen.append if keep is True else None, keep == "plain")
    messages: MessageTuple = msgspec.convert(entries, MessageTuple, dec_hook=hook)
    if not are_exact_rereadable(found):
        raise ValueError("tool-call arguments that are not exact JSON")
    if keep is True:
        for value, empty in zip(found, frozen, strict=True):
            _set_data(empty, msgspec.to_builtins(value))
    return messages


def _gathering_hook(
    gather: Callable[[dict[Any, Any]], None],
    hold: Callable[[JsonObject], None] | None,
    plain: bool = False,
) -> Any:
    """The ``dec_hook`` of ``convert_messages``: a ``dict`` is gathered for the check
    and stood for by a new ``JsonObject`` that ``hold`` keeps, to be filled once the
    check passed (by the shared empty object when ``hold`` is None); anything else
    takes the exact walk, which raises naming what is wrong."""

    def hook(kind: type, value: Any) -> Any:
        if kind is JsonObject:
            if type(value) is dict:
                gather(value)
                if hold is None:
                    return _viewing(value) if plain else _CHECKED
                empty = _new(JsonObject)
                _set_hash(empty, None)
                hold(empty)
                return empty
            return freeze_object(value)
        raise NotImplementedError(f"no decoder for {kind!r}")

    return hook


def convert_value(plain: Any, kind: type[Any]) -> Any:
    """Plain builtins -> an IR value of type ``kind`` (a block, ``Usage``, ...); raises
    on any problem the generated types state."""
    return msgspec.convert(plain, kind, dec_hook=_decode_hook)


def convert_message(entry: Any) -> Message:
    """One plain message mapping -> one message; raises on any problem."""
    message: Message = msgspec.convert(entry, Message, dec_hook=_decode_hook)
    return message


def decode_messages(
    data: bytes | str, *, keep: Keep = True
) -> tuple[MessageTuple, dict[type, list[Any]] | None]:
    """JSON text -> messages, and with ``keep=True`` their blocks by type (the checks
    that follow read them); raises on any problem. From bytes, msgspec's decoder
    refuses lone surrogate escapes, NaN and non-string keys; a ``str`` holding a lone
    surrogate raises ``UnicodeEncodeError``. The result holds exact builtins only.
    ``keep=False`` is for a verdict: every tool call's ``arguments`` is then one shared
    empty object (checked, not kept); ``keep="plain"``: each its decoded dict."""
    if keep == "plain":
        return _VERDICT_PLAIN.decode(data), None
    if not keep:
        return _VERDICT.decode(data), None
    messages: MessageTuple = _DECODER.decode(data)
    blocks = by_type(blocks_of(messages))
    objects = _IR_OBJECTS.objects(blocks)
    if objects and not are_within_depth(list(map(plain_data, objects))):
        raise JsonValueError((), "holds a JSON object nested too deeply")
    return messages, blocks


def is_rereadable(entries: list[Any], scratch: bytearray | None = None) -> bool:
    """True when ``entries`` hold only ``dict``/``list``/``tuple`` (or their subclasses,
    read through the base type), exact ``str`` without lone surrogates, numbers, booleans
    and ``None``: one C pass (a JSON encode whose output is thrown away). Reading such
    data is not observable, so the fast path may read it and the slow path read it again;
    anything else (a general mapping, a ``str`` subclass, an object) goes straight to the
    slow path, which reads each property once. It also makes a later check of the
    converted strings unnecessary. ``scratch``: a buffer the caller's checks of several
    chunks share for the output (allocating it per chunk was a fifth of the pass)."""
    try:
        if scratch is None:
            _PLAIN.encode(entries)
        else:
            _PLAIN.encode_into(entries, scratch)
    except Exception:  # any refusal, or a hostile object raising: not plain
        return False
    return True


def values_valid(
    messages: Sequence[Any],
    entries: list[Any] | None,
    kinds: Kinds | None = None,
    blocks: dict[type, list[Any]] | None = None,
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
    the caller has it."""
    kinds_of = IR if kinds is None else kinds
    if blocks is None:
        blocks = by_type(blocks_of(messages))
    if not _none_blank(_hand_checked_strings(messages, blocks, kinds_of)):
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
    return list(chain.from_iterable(compress(contents, map(_IS_TUPLE, map(type, contents)))))


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
_IR_OBJECTS = ObjectPlaces(OBJECT_FIELDS, message_schema.TextBlock, message_schema.Citation)


def of_type(items: Sequence[Any], kind: type) -> list[Any]:
    """The items whose exact type is ``kind``, in order (a C loop)."""
    return list(compress(items, map(partial(is_, kind), map(type, items))))


def by_type(items: Sequence[Any]) -> dict[type, list[Any]]:
    """The items of each exact type among them, in order: one C pass per type, shared
    by every check that reads one type (on a short transcript, a pass per check and
    type was most of the time)."""
    kinds = set(map(type, items))
    if len(kinds) == 1:
        return {kinds.pop(): list(items)}
    return {kind: of_type(items, kind) for kind in kinds}


def _hand_checked_strings(
    messages: Sequence[Any], blocks: dict[type, list[Any]], kinds: Kinds
) -> list[str]:
    """Every value of a ``NON_BLANK_FIELDS`` field in the messages and their blocks."""
    strings: list[str] = []
    messages_of: dict[type, list[Any]] = {}  # only the types a check reads
    for kind, getter in kinds.non_blank:
        if kind is None:
            strings.extend(map(getter, messages))
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


def structs_absent(entries: list[Any]) -> bool:
    """True when no value at a Struct-typed place of the plain ``entries`` (a block, a
    block's source, ``usage``) is a msgspec Struct. ``msgspec.convert`` returns a
    Struct of the target type as it is, unchecked, and a Struct built by hand may hold
    anything; such an entry is for the per-message path, which reads it as builtins.
    The places are found from the generated types (``_STRUCT_PLACES``), walked as a
    tree so that a shared prefix (``content``) is read once, with C loops across all
    entries, through the base types."""
    return _none_below(entries, set(map(type, entries)), _STRUCT_PLACES)


def _none_below(values: list[Any], kinds: set[type], tree: _Tree) -> bool:
    for key, subtree in tree.items():
        found = _items(values, kinds) if key is _EACH else _members(values, kinds, str(key))
        found_kinds = set(map(type, found))
        if any(issubclass(kind, msgspec.Struct) for kind in found_kinds):
            return False
        if subtree and not _none_below(found, found_kinds, subtree):
            return False
    return True


def _of_kinds(values: list[Any], kinds: set[type], base: type | tuple[type, ...]) -> list[Any]:
    """The values whose type (one of ``kinds``, the types of ``values``) is ``base`` or
    a subclass of it, in order (a C loop; none when all qualify)."""
    wanted = frozenset(kind for kind in kinds if issubclass(kind, base))
    if len(wanted) == len(kinds):
        return values
    return list(compress(values, map(wanted.__contains__, map(type, values))))


def _members(values: list[Any], kinds: set[type], key: str) -> list[Any]:
    """``key`` of every dict among ``values`` (absent: None), read through ``dict``."""
    return list(map(dict.get, _of_kinds(values, kinds, dict), repeat(key)))


def _items(values: list[Any], kinds: set[type]) -> list[Any]:
    """The items of every list or tuple among ``values``, read through the base type."""
    sequences = _of_kinds(values, kinds, (list, tuple))
    if kinds <= {list, tuple} or set(map(type, sequences)) <= {list, tuple}:
        return list(chain.from_iterable(sequences))
    return list(chain.from_iterable(map(snapshot_sequence, sequences)))


_Tree = dict[object, "_Tree"]


def _struct_places() -> _Tree:
    """The paths below a message to every Struct-typed value of the generated types,
    as a tree of field names (``_EACH`` for an array's items)."""
    tree: _Tree = {}
    _walk_types(msgspec.inspect.type_info(Message), (), frozenset(), tree)
    return tree


def _walk_types(node: Any, path: tuple[object, ...], seen: frozenset[type], tree: _Tree) -> None:
    if isinstance(node, msgspec.inspect.Metadata):
        _walk_types(node.type, path, seen, tree)
    elif isinstance(node, msgspec.inspect.UnionType):
        for member in node.types:
            _walk_types(member, path, seen, tree)
    elif isinstance(node, msgspec.inspect.StructType):
        branch = tree
        for key in path:
            branch = branch.setdefault(key, {})
        if node.cls not in seen:
            for field in node.fields:
                _walk_types(field.type, (*path, field.encode_name), seen | {node.cls}, tree)
    elif hasattr(node, "item_type"):
        _walk_types(node.item_type, (*path, _EACH), seen, tree)


_EACH = object()
_STRUCT_PLACES = _struct_places()


_NON_BLANK: dict[type, tuple[str, ...]] = {
    getattr(message_schema, name): fields for name, fields in NON_BLANK_FIELDS.items()
}
# Message is Annotated[UserMessage | AssistantMessage | ..., Meta(...)]
_MESSAGE_TYPES = frozenset(typing.get_args(typing.get_args(Message)[0]))
_TIMESTAMP = attrgetter("timestamp")
_CONTENT = attrgetter("content")
_IS_TUPLE = partial(is_, tuple)
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
