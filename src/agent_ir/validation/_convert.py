"""Plain values and JSON text into the IR's generated, frozen Structs, in C (msgspec).

Both engines and the IR's constructors convert through here; what msgspec does not
check on the way is done cheaply:

* ``is_rereadable`` encodes the untrusted entries once before conversion, which fails on
  any lone surrogate, ``str`` subclass or non-JSON object, and so guarantees that a
  conversion reads nothing whose reads are observable (``rereadable_chunks``: per
  ``CHUNK`` messages, the unit every conversion of a transcript works in);
* tool-call ``arguments`` are checked and copied (``_jsonobject``) by the decode hook of
  the ``JsonObject`` type; ``convert_messages`` gathers them in its hook and checks
  them all at once (``_jsoncopy.are_exact_rereadable``);
* ``structs_absent``: no msgspec Struct where the types expect a mapping (``convert``
  would pass it through unchecked).

An exception from any of these only sends the input to the explaining engine.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain, compress, repeat
from typing import Any, Literal

import msgspec
import msgspec.inspect

from agent_ir._errors import JsonValueError
from agent_ir._frozen import FrozenMapping, plain_data
from agent_ir._generated import message_schema
from agent_ir._generated.message_schema import Message
from agent_ir._jsoncopy import (
    are_exact_rereadable,
    are_within_depth,
    is_exact_json,
    is_within_depth,
    snapshot_sequence,
)
from agent_ir._jsonobject import JsonObject, freeze_object, trusted_object
from agent_ir.validation._checks import OBJECT_FIELDS, ObjectPlaces, blocks_of, by_type

__all__ = [
    "CHUNK",
    "Keep",
    "MessageTuple",
    "chunks",
    "convert_message",
    "convert_messages",
    "convert_value",
    "decode_messages",
    "is_rereadable",
    "rereadable_chunks",
    "structs_absent",
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
_IR_OBJECTS = ObjectPlaces(OBJECT_FIELDS, message_schema.TextBlock, message_schema.Citation)


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


# Messages are converted in chunks: one msgspec call per chunk keeps the valid case
# fast, and a malformed message only sends its own chunk through the per-message path.
CHUNK = 256


def chunks(entries: list[Any]) -> list[list[Any]]:
    """``entries`` cut into ``CHUNK``s, in order."""
    return [entries[start : start + CHUNK] for start in range(0, len(entries), CHUNK)]


def rereadable_chunks(entries: list[Any]) -> list[bool]:
    """``is_rereadable`` of each chunk of ``entries`` (``chunks``), one scratch buffer
    shared by all."""
    scratch = bytearray()
    return [is_rereadable(chunk, scratch) for chunk in chunks(entries)]


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
