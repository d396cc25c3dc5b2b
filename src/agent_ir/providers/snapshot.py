"""Private deep copies of untrusted transport records.

``copy_records(records)`` and ``copy_record(record)`` copy untrusted values "as JSON":
mappings with ``str`` keys become ``dict``, ``list``/``tuple`` become ``list``, and
``str``/``int``/``float``/``bool``/``None`` are kept (subclasses copied as the exact
builtin). Containers are read through their base type, so overridden methods of a
``dict``/``list``/``tuple`` subclass are never called. Anything else, a cycle, nesting
deeper than ``MAX_DEPTH`` or an exception a hostile mapping raises while being read is a
``JsonValueError`` naming the path (``KeyboardInterrupt`` and ``SystemExit`` propagate).

Unlike ``agent_ir.jsonvalue``, NaN and infinities copy and strings are not checked for
lone surrogates: a record is transport data, and each parsing rule refuses what it
forbids where it reads the value. The copy is made of plain builtins that nothing else
references, which is what makes it immutable from the caller's side.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain, compress, repeat
from operator import is_
from typing import Any

import msgspec

from agent_ir.jsonvalue import MAX_DEPTH, JsonValueError, PathSegment, snapshot_sequence

__all__ = ["copy_record", "copy_records"]

_SCALARS = frozenset({str, int, float, bool, type(None)})
_PLAIN = _SCALARS | {dict, list}


def copy_records(records: list[Any] | tuple[Any, ...]) -> list[Any]:
    """A private copy of a list or tuple of records; paths in errors start at the index."""
    items = snapshot_sequence(records)
    if _plain(items):
        copied: list[Any] = msgspec.to_builtins(items)
        return copied
    return [_copy(item, (index,), set(), 0) for index, item in enumerate(items)]


def copy_record(record: object) -> Any:
    """A private copy of one record (any JSON value); paths in errors start at the record."""
    if type(record) is dict and _plain([record]):
        return msgspec.to_builtins(record)
    return _copy(record, (), set(), 0)


def _plain(items: list[Any]) -> bool:
    """True when ``items`` holds only exact builtin JSON types with ``str`` keys, no
    deeper than ``MAX_DEPTH``.

    Checked level by level with C-speed type scans instead of a call per value; a cycle
    never ends, so it fails the depth bound and the exact walk then reports it.
    """
    dicts: list[dict[Any, Any]] = []
    lists: list[list[Any]] = [items]
    for _depth in range(MAX_DEPTH + 1):
        if dicts and not set(map(type, chain.from_iterable(dicts))) <= {str}:
            return False
        values = list(
            chain(chain.from_iterable(map(dict.values, dicts)), chain.from_iterable(lists))
        )
        kinds = set(map(type, values))
        if kinds <= _SCALARS:
            return True
        if not kinds <= _PLAIN:
            return False
        dicts = _of_type(values, dict) if dict in kinds else []
        lists = _of_type(values, list) if list in kinds else []
    return False


def _of_type(values: list[Any], kind: type) -> list[Any]:
    """The items of exactly type ``kind``, filtered without a Python-level loop."""
    return list(compress(values, map(is_, map(type, values), repeat(kind))))


def _copy(value: object, path: tuple[PathSegment, ...], active: set[int], depth: int) -> Any:
    """``depth`` is the nesting of ``value`` inside its record (the record is 0)."""
    if value is None or type(value) in _SCALARS:
        return value
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, (list, tuple)):
        marker = _enter(value, path, active, depth)
        try:
            items = snapshot_sequence(value)
            return [
                _copy(item, (*path, index), active, depth + 1) for index, item in enumerate(items)
            ]
        finally:
            active.discard(marker)
    if isinstance(value, Mapping):
        marker = _enter(value, path, active, depth)
        try:
            copied: dict[str, Any] = {}
            for key, item in _read_pairs(value, path):
                if not isinstance(key, str):
                    raise JsonValueError(path, f"has a key that is not a string: {key!r}")
                key = str.__str__(key)
                copied[key] = _copy(item, (*path, key), active, depth + 1)
            return copied
        finally:
            active.discard(marker)
    raise JsonValueError(path, f"must be a JSON value, not {type(value).__name__}")


def _enter(value: object, path: tuple[PathSegment, ...], active: set[int], depth: int) -> int:
    marker = id(value)
    if marker in active:
        raise JsonValueError(path, "is a circular reference")
    if depth >= MAX_DEPTH:
        raise JsonValueError(path, f"is nested deeper than {MAX_DEPTH} levels")
    active.add(marker)
    return marker


def _read_pairs(
    value: Mapping[object, object], path: tuple[PathSegment, ...]
) -> list[tuple[object, object]]:
    try:
        if isinstance(value, dict):
            return list(dict.items(value))
        # A general mapping: list its keys once, then read each key once.
        return [(key, value[key]) for key in list(iter(value))]
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as error:  # a hostile mapping: contained and reported
        raise JsonValueError(path, f"could not be read ({type(error).__name__}: {error})") from None
