"""Copy-and-freeze of untrusted JSON values.

``freeze_object(value)`` reads an untrusted mapping once, checks that every descendant
is a JSON value, copies it and returns a ``JsonObject``: an immutable, hashable mapping
that compares equal to an equal ``dict``. Reading it gives frozen values: arrays come
out as tuples, nested objects as ``JsonObject``; ``str``/``int``/``float`` subclasses
were copied as the exact builtin type.

Accepted: mappings with ``str`` keys, ``list``/``tuple`` (and subclasses, read through
the base type, so an overridden ``__iter__``/``__getitem__``/``__len__`` is never
called), ``str`` without lone surrogates, ``int``, finite ``float``, ``bool``, ``None``.
Rejected with a ``JsonValueError`` naming the path: NaN and infinities, ``bytes``, sets,
any other type, non-``str`` keys, cycles, nesting deeper than ``MAX_DEPTH``, lone
surrogates (they cannot be written as UTF-8 JSON), and any exception a hostile object
raises while being read (``KeyboardInterrupt`` and ``SystemExit`` are not contained).

Not bounded: a Python value that shares one container from several places (a DAG,
which JSON text cannot express) is copied once per place, so one built to expand
exponentially costs exponential time. Data parsed from JSON text never shares.

Design note: a ``JsonObject`` keeps a private deep copy made of plain dicts and lists
that nothing else references, and wraps nested values when they are read. Building a
frozen tree eagerly (a ``JsonObject`` per nested object, a tuple per array) cost about
three times as much per tool call; validating plain input is then a type-check walk
plus ``msgspec.to_builtins`` as the copy, both measured in ``nox -s bench``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any, NoReturn, TypeAlias

import msgspec

from agent_ir._text import is_valid_unicode

__all__ = [
    "INVALID",
    "MAX_DEPTH",
    "JsonObject",
    "JsonValue",
    "JsonValueError",
    "PathSegment",
    "adopt_object",
    "copy_json",
    "encode_hook",
    "format_path",
    "freeze_object",
    "freeze_value",
    "plain_json_object",
    "snapshot_json",
    "snapshot_sequence",
    "thaw",
]

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted inside one JSON value."""

PathSegment: TypeAlias = str | int
JsonValue: TypeAlias = "str | int | float | bool | tuple[JsonValue, ...] | JsonObject | None"

_EMPTY: Any = object()
_isfinite = math.isfinite


class JsonValueError(ValueError):
    """An untrusted value is not a JSON value; ``path`` says where, relative to its root."""

    def __init__(
        self, path: tuple[PathSegment, ...], reason: str, *, unreadable: bool = False
    ) -> None:
        super().__init__(f"{format_path(path) or 'value'} {reason}")
        self.path = path
        self.reason = reason
        self.unreadable = unreadable
        """True when reading the value raised (a hostile object), not when it was read
        and found not to be JSON."""


class JsonObject(Mapping[str, "JsonValue"]):
    """An immutable JSON object.

    ``JsonObject(mapping)`` validates and copies its input (see the module docstring).
    Values read from it are frozen: arrays are tuples, objects are ``JsonObject``. It
    compares equal to any mapping with equal keys and values (arrays equal to lists or
    tuples with equal items), hashes by value and refuses every mutation.
    """

    __slots__ = ("_data", "_hash")
    _data: dict[str, Any]
    _hash: int | None

    def __init__(self, value: object = _EMPTY, /) -> None:
        data = {} if value is _EMPTY else freeze_object(value)._data
        _initialize(self, data)

    @classmethod
    def _trusted(cls, data: dict[str, Any]) -> JsonObject:
        # Only for plain data this module copied and checked; never caller-owned.
        obj = cls.__new__(cls)
        _initialize(obj, data)
        return obj

    def __getitem__(self, key: str) -> JsonValue:
        value: JsonValue = _frozen_view(self._data[key])
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __eq__(self, other: object) -> bool:
        if isinstance(other, JsonObject):
            return self._data == other._data
        if isinstance(other, Mapping):
            return _json_equal(self._data, other)
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            _set_hash(self, hash(_hashable(self._data)))
        assert self._hash is not None
        return self._hash

    def __repr__(self) -> str:
        return f"JsonObject({self._data!r})"

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"JsonObject is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"JsonObject is immutable; cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (JsonObject, (thaw(self),))


def _initialize(obj: JsonObject, data: dict[str, Any]) -> None:
    # The slots' own descriptors: JsonObject.__setattr__ refuses every assignment.
    _set_data(obj, data)
    _set_hash(obj, None)


_set_data = JsonObject.__dict__["_data"].__set__
_set_hash = JsonObject.__dict__["_hash"].__set__


def freeze_object(value: object) -> JsonObject:
    """Check and copy an untrusted mapping with ``str`` keys into a ``JsonObject``."""
    if isinstance(value, JsonObject):
        return value
    if type(value) is dict and _plain_json(value, 0):
        # Exact dicts and lists all the way down: reads are not observable, so the
        # C copy may read again what the check walk read.
        return JsonObject._trusted(msgspec.to_builtins(value))
    if not isinstance(value, Mapping):
        raise JsonValueError((), f"must be a JSON object (a mapping), not {_type_name(value)}")
    return JsonObject._trusted(_copy_mapping(value, (), _Walk(), None))


def adopt_object(value: object) -> JsonObject:
    """``freeze_object`` for a value that is already a private copy nothing else
    references (for example a snapshot of transport data): checked the same way, but
    adopted instead of copied again. Never pass caller-owned data."""
    if type(value) is dict and _plain_json(value, 0):
        return JsonObject._trusted(value)
    return freeze_object(value)  # raises, naming what is wrong, or copies a mapping


def freeze_value(value: object) -> JsonValue:
    """Check and copy any untrusted JSON value (scalar, array or object), frozen."""
    frozen: JsonValue = _frozen_view(_copy(value, (), _Walk(), None))
    return frozen


def thaw(value: object) -> Any:
    """A value from this module as fresh plain builtins (dicts and lists), nothing shared."""
    if isinstance(value, JsonObject):
        return msgspec.to_builtins(value._data)
    if isinstance(value, tuple):
        return [thaw(item) for item in value]
    return value


def encode_hook(value: object) -> Any:
    """``enc_hook`` for msgspec: a ``JsonObject`` encodes as its plain data."""
    if isinstance(value, JsonObject):
        return value._data
    raise NotImplementedError(f"cannot encode {_type_name(value)}")


def format_path(path: tuple[PathSegment, ...]) -> str:
    """``("items", 2, "a b")`` -> ``items[2]["a b"]``, as error messages show paths."""
    text = ""
    for segment in path:
        if isinstance(segment, int):
            text += f"[{segment}]"
        elif segment.isidentifier():
            text += f".{segment}" if text else segment
        else:
            text += f"[{_quote(segment)}]"
    return text


def snapshot_sequence(value: list[Any] | tuple[Any, ...]) -> list[Any]:
    """The items of a list or tuple, read once through the base type (overrides ignored)."""
    if isinstance(value, list):
        return list.copy(value)
    return list(tuple.__getitem__(value, slice(None)))


def _frozen_view(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return JsonObject._trusted(value)
    if kind is list:
        return tuple(map(_frozen_view, value))
    return value


def _plain_json(value: Any, depth: int) -> bool:
    """True when ``value`` (a dict or list) holds only exact JSON builtins within the
    depth limit; False sends the caller to the copying walk, which says precisely what
    is wrong. No cycle bookkeeping is needed here: a cycle exceeds the depth limit."""
    if depth >= MAX_DEPTH:
        return False
    items = value.values() if type(value) is dict else value
    if type(value) is dict:
        for key in value:
            if type(key) is not str or not (key.isascii() or is_valid_unicode(key)):
                return False
    for item in items:
        kind = type(item)
        if kind is str:
            if not (item.isascii() or is_valid_unicode(item)):
                return False
        elif kind is int or kind is bool or item is None:
            continue
        elif kind is float:
            if not _isfinite(item):
                return False
        elif kind is dict or kind is list:
            if not _plain_json(item, depth + 1):
                return False
        else:
            return False
    return True


def plain_json_object(value: dict[Any, Any]) -> bool:
    """True when a ``dict`` holds only exact JSON builtins within the limits (the check
    ``freeze_object`` makes before its C copy)."""
    return _plain_json(value, 0)


def within_depth(value: Any, depth: int = 0) -> bool:
    """True when the containers of a plain value nest at most ``MAX_DEPTH`` levels."""
    if depth >= MAX_DEPTH:
        return False
    for item in value.values() if type(value) is dict else value:
        kind = type(item)
        if (kind is dict or kind is list) and not within_depth(item, depth + 1):
            return False
    return True


class _Invalid:
    """Stands in a snapshot for a value that could not be read or is not JSON."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "INVALID"


INVALID: Any = _Invalid()

Problems: TypeAlias = list[JsonValueError]


def snapshot_json(value: object, problems: Problems, *, offset: int = 0) -> Any:
    """Copy an untrusted value into plain builtins, reading each property once, never
    raising: every problem is appended to ``problems`` and its value becomes ``INVALID``.
    ``msgspec`` Structs (IR objects) are read through ``msgspec.to_builtins``."""
    return _copy(value, (), _Walk(offset), problems)


def copy_json(
    value: object, *, path: tuple[PathSegment, ...] = (), offset: int = 0, transport: bool = False
) -> Any:
    """Copy an untrusted value into plain builtins (reading each property once) or raise
    ``JsonValueError``. ``path`` prefixes error paths and ``offset`` is how many of its
    levels do not count toward ``MAX_DEPTH``. ``transport=True`` copies as transport
    data: NaN, infinities and lone surrogates copy (a parsing rule refuses them where it
    reads them) and ``msgspec`` Structs are refused."""
    return _copy(value, path, _Walk(offset, transport), None)


class _Walk(set[int]):
    """The ids of the containers on the current path; ``offset`` is how many levels
    above the value that ``MAX_DEPTH`` limits the walk starts (3 for a message, whose
    tool-call arguments sit at content[i].arguments); ``transport`` as in ``copy_json``."""

    def __init__(self, offset: int = 0, transport: bool = False) -> None:
        super().__init__()
        self.offset = offset
        self.transport = transport


def _copy(
    value: object, path: tuple[PathSegment, ...], active: _Walk, problems: Problems | None
) -> Any:
    try:
        return _copy_checked(value, path, active, problems)
    except JsonValueError as error:
        if problems is None:
            raise
        problems.append(error)
        return INVALID
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as error:  # a hostile object whose very type checks raise
        failure = JsonValueError(path, _unreadable(error), unreadable=True)
        if problems is None:
            raise failure from None
        problems.append(failure)
        return INVALID


def _copy_checked(
    value: object, path: tuple[PathSegment, ...], active: _Walk, problems: Problems | None
) -> Any:
    kind = type(value)
    if kind is str or isinstance(value, str):
        assert isinstance(value, str)
        text = value if kind is str else str.__str__(value)
        if not active.transport:
            _check_string(text, path)
        return text
    if value is None:
        return None
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, float):
        number = float.__float__(value)
        if not (_isfinite(number) or active.transport):
            raise JsonValueError(path, "must be a finite number")
        return number
    if isinstance(value, (list, tuple)):
        return _copy_array(value, path, active, problems)
    if isinstance(value, Mapping):
        return _copy_mapping(value, path, active, problems)
    if isinstance(value, msgspec.Struct) and not active.transport:
        return _copy(_struct_builtins(value, path), path, active, problems)
    raise JsonValueError(path, f"must be a JSON value, not {_type_name(value)}")


def _struct_builtins(value: msgspec.Struct, path: tuple[PathSegment, ...]) -> Any:
    try:
        return msgspec.to_builtins(value, enc_hook=encode_hook)
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as error:  # a Struct built by hand around a non-JSON value
        raise JsonValueError(path, _unreadable(error), unreadable=True) from None


def _copy_array(
    value: list[object] | tuple[object, ...],
    path: tuple[PathSegment, ...],
    active: _Walk,
    problems: Problems | None,
) -> list[Any]:
    marker = _enter(value, path, active)
    try:
        items = snapshot_sequence(value)
        return [_copy(item, (*path, index), active, problems) for index, item in enumerate(items)]
    finally:
        active.discard(marker)


def _copy_mapping(
    value: Mapping[object, object],
    path: tuple[PathSegment, ...],
    active: _Walk,
    problems: Problems | None,
) -> dict[str, Any]:
    marker = _enter(value, path, active)
    try:
        copied: dict[str, Any] = {}
        for key, item in _read_pairs(value, path, problems):
            if not isinstance(key, str):
                raise JsonValueError(path, f"has a key that is not a string: {key!r}")
            if type(key) is not str:
                key = str.__str__(key)
            if not active.transport:
                _check_string(key, (*path, key))
            copied[key] = item if item is INVALID else _copy(item, (*path, key), active, problems)
        return copied
    finally:
        active.discard(marker)


def _read_pairs(
    value: Mapping[object, object], path: tuple[PathSegment, ...], problems: Problems | None
) -> list[tuple[object, object]]:
    try:
        if isinstance(value, dict):
            return list(dict.items(value))
        # A general mapping: list its keys once, then read each key once.
        keys = list(iter(value))
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as error:  # a hostile mapping: contained and reported
        raise JsonValueError(path, _unreadable(error), unreadable=True) from None
    pairs: list[tuple[object, object]] = []
    for key in keys:
        try:
            pairs.append((key, value[key]))
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as error:
            where = (*path, key) if type(key) is str else path
            if problems is None:
                raise JsonValueError(where, _unreadable(error), unreadable=True) from None
            # Collecting: the other properties still count (an id read before a later
            # property raised is still seen by the linkage rules).
            problems.append(JsonValueError(where, _unreadable(error), unreadable=True))
            pairs.append((key, INVALID))
    return pairs


def _unreadable(error: Exception) -> str:
    return f"could not be read ({type(error).__name__}: {error})"


def _enter(value: object, path: tuple[PathSegment, ...], active: _Walk) -> int:
    marker = id(value)
    if marker in active:
        raise JsonValueError(path, "is a circular reference")
    if len(path) >= MAX_DEPTH + active.offset:
        raise JsonValueError(path, f"is nested deeper than {MAX_DEPTH} levels")
    active.add(marker)
    return marker


def _check_string(value: str, path: tuple[PathSegment, ...]) -> None:
    if not is_valid_unicode(value):
        raise JsonValueError(path, "holds a lone surrogate (not valid Unicode)")


def _json_equal(left: object, right: object) -> bool:
    if isinstance(left, Mapping) and isinstance(right, Mapping):
        if len(left) != len(right):
            return False
        return all(key in right and _json_equal(item, right[key]) for key, item in left.items())
    if isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)):
        return len(left) == len(right) and all(map(_json_equal, left, right))
    return bool(left == right)


def _hashable(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return frozenset((key, _hashable(item)) for key, item in value.items())
    if kind is list:
        return tuple(map(_hashable, value))
    return value


def _quote(key: str) -> str:
    escaped = key.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + escaped.encode("utf-8", "backslashreplace").decode("utf-8") + '"'


def _type_name(value: object) -> str:
    return type(value).__name__
