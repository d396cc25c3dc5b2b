"""The copy walk: read an untrusted value once, check that it is JSON, copy it as plain
builtins (``dict``, ``list``, ``str``, ``int``, ``float``, ``bool``, ``None``).

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

Two cheap predicates let exact builtins skip the walk: ``is_exact_json`` (only exact
JSON builtins, valid Unicode, finite numbers, within the depth bound: a C copy may then
read it again) and ``is_within_depth`` (for data decoded from JSON text, where only the
depth bound is left to check).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Mapping
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from itertools import chain, compress, repeat
from operator import is_
from typing import Any
from uuid import UUID

import msgspec

from agent_ir._errors import JsonValueError, describe_error, safe_repr
from agent_ir._frozen import FrozenMapping, encode_frozen, plain_data
from agent_ir._paths import Path
from agent_ir._text import cut, is_valid_unicode

__all__ = [
    "INVALID",
    "MAX_DEPTH",
    "WRITABLE_INT",
    "are_exact_rereadable",
    "are_within_depth",
    "copy_json",
    "is_exact_json",
    "is_within_depth",
    "snapshot_json",
    "snapshot_sequence",
    "struct_builtins",
    "thaw",
]

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted inside one JSON value."""

# Python refuses to write an int of more digits than this as text (CVE-2020-10735), so
# such an int is not a JSON value here: it could never be written out. The limit in
# force when agent-ir is imported counts (0, no limit, is read as the default 4300).
_INT_DIGITS = sys.get_int_max_str_digits() or 4300
WRITABLE_INT = 10**_INT_DIGITS

# Values msgspec.to_builtins would turn into strings (bytes as base64, a datetime as
# text...): kept as they are, so that an IR value built around one is refused like the
# same value in a mapping, instead of passing as text its caller never wrote.
_NOT_CONVERTED = (bytes, bytearray, memoryview, datetime, date, time, timedelta, UUID, Decimal)


def struct_builtins(value: msgspec.Struct) -> Any:
    """An IR value (a Struct) as builtins, ``JsonObject``s as their plain data; values
    JSON has no type for are left as they are, for the caller's check to refuse."""
    return msgspec.to_builtins(value, enc_hook=encode_frozen, builtin_types=_NOT_CONVERTED)


_isfinite = math.isfinite


class _Invalid:
    """Stands in a snapshot for a value that could not be read or is not JSON."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "INVALID"


INVALID: Any = _Invalid()


def copy_json(value: object, *, path: Path = (), offset: int = 0, transport: bool = False) -> Any:
    """Copy an untrusted value into plain builtins (reading each property once) or raise
    ``JsonValueError``. ``path`` prefixes error paths and ``offset`` is how many of its
    levels do not count toward ``MAX_DEPTH``. ``transport=True`` copies as transport
    data: NaN, infinities and lone surrogates copy (a parsing rule refuses them where it
    reads them) and ``msgspec`` Structs are refused."""
    return _copy(value, path, _Walk(offset, transport), None)


def snapshot_json(
    value: object, problems: list[JsonValueError], *, offset: int | Callable[[Path], int] = 0
) -> Any:
    """Copy an untrusted value into plain builtins, reading each property once, never
    raising: every problem is appended to ``problems`` and its value becomes ``INVALID``.
    ``msgspec`` Structs (IR objects) are read through ``msgspec.to_builtins``.
    ``offset``: levels above the limited value, or a function of the path giving them
    (a message's JSON objects sit at different depths)."""
    return _copy(value, (), _Walk(offset), problems)


def snapshot_sequence(value: Any) -> list[Any]:
    """The items of a list or tuple, read once through the base type (overrides ignored)."""
    if issubclass(type(value), list):
        return list.copy(value)
    return list(tuple.__getitem__(value, slice(None)))


def thaw(value: Any) -> Any:
    """A frozen value (or a tuple of them) as fresh plain builtins, nothing shared."""
    if issubclass(type(value), FrozenMapping):
        return msgspec.to_builtins(plain_data(value))
    if issubclass(type(value), tuple):
        return [thaw(item) for item in value]
    return value


def is_exact_json(value: Any, depth: int = 0) -> bool:
    """True when ``value`` (a dict or list) holds only exact JSON builtins (``str`` keys
    and strings without lone surrogates, finite floats, writable ints) within the depth
    bound. Reading such data is not observable, so a C copy may read again what this
    walk read. False sends the caller to ``copy_json``, which says precisely what is
    wrong. No cycle bookkeeping is needed: a cycle exceeds the depth bound."""
    if depth >= MAX_DEPTH:
        return False
    if type(value) is dict:
        if not _exact_keys(value):
            return False
        value = value.values()
    for item in value:
        kind = type(item)
        if kind is str:
            exact = item.isascii() or is_valid_unicode(item)
        elif kind is dict or kind is list:
            exact = is_exact_json(item, depth + 1)
        else:
            exact = _exact_scalar(kind, item)
        if not exact:
            return False
    return True


def are_exact_rereadable(objects: list[dict[Any, Any]]) -> bool:
    """``all(map(is_exact_json, objects))`` for dicts inside data that passed
    ``validation._convert.is_rereadable`` (one JSON encode), which rules out cycles and lone
    surrogates in strings and keys; it accepts other objects msgspec can encode
    (bytes, a UUID, a dataclass, int keys...), which the exact-type rule here refuses.

    What is left (exact types, ``str`` keys, finite floats, writable ints, the depth
    bound) is checked level by level across all of ``objects`` at once, with C loops
    over the types of each level's keys and values instead of a Python call per value:
    validating a parsed transcript spent a third of its time in ``is_exact_json`` of its
    tool calls' arguments, and this takes about a quarter of that."""
    return _by_level(objects, _exact_level)


def are_within_depth(objects: list[dict[str, Any]]) -> bool:
    """``all(map(is_within_depth, objects))`` for objects decoded from JSON text, level
    by level across all of them at once (C loops over each level's values instead of a
    Python call per container)."""
    return _by_level(objects, None)


def _by_level(
    objects: list[dict[Any, Any]],
    level_valid: Callable[[list[dict[Any, Any]], list[Any], set[type]], bool] | None,
) -> bool:
    """Whether the containers below ``objects`` nest at most ``MAX_DEPTH`` levels and
    ``level_valid(dicts, values, kinds)`` (when given) holds at each level: the dicts
    of the level, the values of its dicts and lists, and their types."""
    dicts: list[dict[Any, Any]] = objects
    lists: list[list[Any]] = []
    for _depth in range(MAX_DEPTH):  # the containers at _depth, 0 for the objects
        values = list(
            chain(chain.from_iterable(map(dict.values, dicts)), chain.from_iterable(lists))
        )
        kinds = set(map(type, values))
        if level_valid is not None and not level_valid(dicts, values, kinds):
            return False
        dicts = _of_type(values, dict) if dict in kinds else []
        lists = _of_type(values, list) if list in kinds else []
        if not dicts and not lists:
            return True
    return False  # containers nested MAX_DEPTH levels below an object


def _exact_level(dicts: list[dict[Any, Any]], values: list[Any], kinds: set[type]) -> bool:
    """``str`` keys, exact JSON types, finite floats and writable ints at one level."""
    if dicts and not set(map(type, chain.from_iterable(dicts))) <= _STR:
        return False
    if not kinds <= _EXACT_TYPES:
        return False
    if float in kinds and not all(map(_isfinite, _of_type(values, float))):
        return False
    if int in kinds:
        ints = _of_type(values, int)
        if not -WRITABLE_INT < min(ints) <= max(ints) < WRITABLE_INT:
            return False
    return True


_STR = frozenset((str,))
_EXACT_TYPES = frozenset((str, int, float, bool, type(None), dict, list))


def _of_type(values: list[Any], kind: type) -> list[Any]:
    """The items of exactly type ``kind``, filtered without a Python-level loop."""
    return list(compress(values, map(is_, map(type, values), repeat(kind))))


def _exact_scalar(kind: type, item: Any) -> bool:
    if kind is int:
        return bool(-WRITABLE_INT < item < WRITABLE_INT)
    if kind is float:
        return _isfinite(item)
    return kind is bool or item is None


def _exact_keys(value: dict[Any, Any]) -> bool:
    for key in value:
        if type(key) is not str or not (key.isascii() or is_valid_unicode(key)):
            return False
    return True


def is_within_depth(value: Any, depth: int = 0) -> bool:
    """True when the containers of a plain value (decoded from JSON text: exact
    builtins, no NaN, no lone surrogates) nest at most ``MAX_DEPTH`` levels. A container
    holding no container (most arguments, at some level) is settled in one C pass over
    its item types."""
    if depth >= MAX_DEPTH:
        return False
    items = value.values() if type(value) is dict else value
    if _CONTAINERS.isdisjoint(map(type, items)):
        return True
    for item in items:
        kind = type(item)
        if (kind is dict or kind is list) and not is_within_depth(item, depth + 1):
            return False
    return True


_CONTAINERS = frozenset((dict, list))


class _Walk(set[int]):
    """The ids of the containers on the current path; ``offset`` is how many levels
    above the value that ``MAX_DEPTH`` limits the walk starts (3 for a message, whose
    tool-call arguments sit at content[i].arguments); ``transport`` as in ``copy_json``."""

    def __init__(self, offset: int | Callable[[Path], int] = 0, transport: bool = False) -> None:
        super().__init__()
        self.offset = offset
        self.transport = transport


def _copy(value: object, path: Path, active: _Walk, problems: list[JsonValueError] | None) -> Any:
    try:
        return _copy_checked(value, path, active, problems)
    except JsonValueError as error:
        if problems is None:
            raise
        problems.append(error)
        return INVALID
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # a hostile object, whatever it raises
        failure = JsonValueError(path, _unreadable(error), unreadable=True)
        if problems is None:
            raise failure from None
        problems.append(failure)
        return INVALID


def _copy_checked(
    value: Any, path: Path, active: _Walk, problems: list[JsonValueError] | None
) -> Any:
    # type() and issubclass(), never isinstance(): a hostile __class__ is never read.
    kind = type(value)
    if issubclass(kind, str):
        text: str = value if kind is str else str.__str__(value)
        if not active.transport:
            _check_string(text, path)
        return text
    if value is None or issubclass(kind, bool):
        return None if value is None else bool(int.__int__(value))
    if issubclass(kind, int):
        return _copy_int(int.__int__(value), path, active)
    if issubclass(kind, float):
        return _copy_float(value, path, active)
    if issubclass(kind, (list, tuple)):
        return _copy_array(value, path, active, problems)
    if issubclass(kind, Mapping):
        return _copy_mapping(value, path, active, problems)
    if issubclass(kind, msgspec.Struct) and not active.transport:
        return _copy(_struct_builtins(value, path), path, active, problems)
    raise JsonValueError(path, f"must be a JSON value, not {kind.__name__}")


def _copy_int(number: int, path: Path, active: _Walk) -> int:
    if not (active.transport or -WRITABLE_INT < number < WRITABLE_INT):
        raise JsonValueError(path, f"is an integer of more than {_INT_DIGITS} digits")
    return number


def _copy_float(value: float, path: Path, active: _Walk) -> float:
    number = float.__float__(value)
    if not (_isfinite(number) or active.transport):
        raise JsonValueError(path, "must be a finite number")
    return number


def _struct_builtins(value: msgspec.Struct, path: Path) -> Any:
    try:
        return struct_builtins(value)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # a Struct built by hand around a non-JSON value
        raise JsonValueError(path, _unreadable(error), unreadable=True) from None


def _copy_array(
    value: list[object] | tuple[object, ...],
    path: Path,
    active: _Walk,
    problems: list[JsonValueError] | None,
) -> list[Any]:
    marker = _enter(value, path, active)
    try:
        items = snapshot_sequence(value)
        return [_copy(item, (*path, index), active, problems) for index, item in enumerate(items)]
    finally:
        active.discard(marker)


def _copy_mapping(
    value: Mapping[object, object],
    path: Path,
    active: _Walk,
    problems: list[JsonValueError] | None,
) -> dict[str, Any]:
    marker = _enter(value, path, active)
    try:
        copied: dict[str, Any] = {}
        for key, item in _read_pairs(value, path, problems):
            if not issubclass(type(key), str):
                raise JsonValueError(path, f"has a key that is not a string: {cut(safe_repr(key))}")
            if type(key) is not str:
                key = str.__str__(key)
            if not active.transport:
                _check_string(key, (*path, key))
            copied[key] = item if item is INVALID else _copy(item, (*path, key), active, problems)
        return copied
    finally:
        active.discard(marker)


def _read_pairs(
    value: Mapping[object, object], path: Path, problems: list[JsonValueError] | None
) -> list[tuple[object, object]]:
    try:
        if issubclass(type(value), dict):
            return list(dict.items(value))  # type: ignore[arg-type]
        if issubclass(type(value), FrozenMapping):
            # Our own data: reading it is not observable.
            return list(plain_data(value).items())  # type: ignore[arg-type]
        # A general mapping: list its keys once, then read each key once.
        keys = list(iter(value))
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # a hostile mapping, whatever it raises
        raise JsonValueError(path, _unreadable(error), unreadable=True) from None
    pairs: list[tuple[object, object]] = []
    for key in keys:
        try:
            pairs.append((key, value[key]))
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as error:
            where = (*path, key) if type(key) is str else path
            if problems is None:
                raise JsonValueError(where, _unreadable(error), unreadable=True) from None
            # Collecting: the other properties still count (an id read before a later
            # property raised is still seen by the linkage rules).
            problems.append(JsonValueError(where, _unreadable(error), unreadable=True))
            pairs.append((key, INVALID))
    return pairs


def _unreadable(error: BaseException) -> str:
    return f"could not be read ({describe_error(error)})"


def _enter(value: object, path: Path, active: _Walk) -> int:
    marker = id(value)
    if marker in active:
        raise JsonValueError(path, "is a circular reference")
    offset = active.offset if isinstance(active.offset, int) else active.offset(path)
    if len(path) >= MAX_DEPTH + offset:
        raise JsonValueError(path, f"is nested deeper than {MAX_DEPTH} levels")
    active.add(marker)
    return marker


def _check_string(value: str, path: Path) -> None:
    if not is_valid_unicode(value):
        raise JsonValueError(path, "holds a lone surrogate (not valid Unicode)")
