"""Private deep copies of untrusted transport records.

``copy_records(records)`` and ``copy_record(record)`` copy untrusted values "as JSON":
mappings with ``str`` keys become ``dict``, ``list``/``tuple`` become ``list``, and
``str``/``int``/``float``/``bool``/``None`` are kept (subclasses copied as the exact
builtin). Containers are read through their base type, so overridden methods of a
``dict``/``list``/``tuple`` subclass are never called. Anything else, a cycle, nesting
deeper than ``MAX_DEPTH`` or an exception a hostile mapping raises while being read is a
``JsonValueError`` naming the path (``KeyboardInterrupt`` and ``SystemExit`` propagate).

The exact walk is ``agent_ir._jsoncopy.copy_json(..., transport=True)``: NaN and
infinities copy and strings are not checked for lone surrogates, because a record is
transport data and each parsing rule refuses what it forbids where it reads the value. The copy is made of plain builtins that nothing else
references, which is what makes it immutable from the caller's side.
"""

from __future__ import annotations

from itertools import chain, compress, repeat
from operator import is_
from typing import Any

import msgspec

from agent_ir._jsoncopy import MAX_DEPTH, copy_json, snapshot_sequence

__all__ = ["copy_record", "copy_records", "is_exact_transport_json"]

# A record's deepest JSON value, a tool call's arguments, sits one level below the
# record, and MAX_DEPTH counts from the arguments as it does in the IR: a record may
# nest one level more than MAX_DEPTH, so that arguments valid in a message are valid
# in a record (the parser then applies MAX_DEPTH to the arguments themselves).
RECORD_DEPTH = MAX_DEPTH + 1

_SCALARS = frozenset({str, int, float, bool, type(None)})
_PLAIN = _SCALARS | {dict, list}


def copy_records(records: list[Any] | tuple[Any, ...]) -> list[Any]:
    """A private copy of a list or tuple of records; paths in errors start at the index."""
    items = snapshot_sequence(records)
    if is_exact_transport_json(items):
        copied: list[Any] = msgspec.to_builtins(items)
        return copied
    # The path starts at the record's index, which does not count toward the bound.
    offset = 1 + RECORD_DEPTH - MAX_DEPTH
    return [
        copy_json(item, path=(index,), offset=offset, transport=True)
        for index, item in enumerate(items)
    ]


def copy_record(record: object) -> Any:
    """A private copy of one record (any JSON value); paths in errors start at the record."""
    if type(record) is dict and is_exact_transport_json([record]):
        return msgspec.to_builtins(record)
    return copy_json(record, offset=RECORD_DEPTH - MAX_DEPTH, transport=True)


def is_exact_transport_json(items: list[Any]) -> bool:
    """True when ``items`` (a list of records) holds only exact builtin JSON types with
    ``str`` keys, each record no deeper than ``RECORD_DEPTH`` and no container twice:
    transport rules, so NaN and lone surrogates pass (unlike ``_jsoncopy.is_exact_json``).

    Checked level by level with C-speed type scans instead of a call per value. Any
    container met twice (a cycle, or one shared by two places) sends the records to the
    exact walk, which reports a cycle by its path: without that, a cycle that branches
    would double the values of every level up to the depth bound.
    """
    dicts: list[dict[Any, Any]] = []
    lists: list[list[Any]] = [items]
    seen: set[int] = set()
    containers = 0
    for _depth in range(RECORD_DEPTH + 1):  # the list of records, then each record's levels
        containers += len(dicts) + len(lists)
        seen.update(map(id, chain(dicts, lists)))
        if len(seen) != containers:
            return False
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
