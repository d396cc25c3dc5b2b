"""The raw immutable mapping under ``JsonObject``: storage, reads, equality, hashing.

It sits below the copy walk (``_jsoncopy``) so that the walk can recognise frozen values
and read their data, and ``JsonObject`` (``_jsonobject``), which runs the walk when it is
constructed, can sit above both without an import circle.

A ``FrozenMapping`` keeps a private deep copy made of plain dicts and lists that nothing
else references, and wraps nested values when they are read: arrays come out as tuples,
objects as instances of the same class. Building a frozen tree eagerly (a mapping per
nested object, a tuple per array) measured about three times the cost per tool call.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from math import copysign
from typing import Any, NoReturn, TypeVar

__all__ = [
    "FrozenMapping",
    "encode_frozen",
    "frozen_from_plain",
    "plain_data",
    "set_plain_data",
]

_F = TypeVar("_F", bound="FrozenMapping")


class FrozenMapping(Mapping[str, Any]):
    """An immutable mapping over private plain data (see the module docstring)."""

    __slots__ = ("_data", "_hash")
    _data: dict[str, Any]
    _hash: int | None

    def __getitem__(self, key: str) -> Any:
        return _frozen_view(type(self), self._data[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMapping):
            return _json_equal(self._data, other._data)
        if isinstance(other, Mapping):
            return _json_equal(self._data, other)
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            _set_hash(self, hash(_hashable(self._data)))
        assert self._hash is not None
        return self._hash

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._data!r})"

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable; cannot delete {name!r}")


_set_data = FrozenMapping.__dict__["_data"].__set__
_set_hash = FrozenMapping.__dict__["_hash"].__set__


def frozen_from_plain(cls: type[_F], data: dict[str, Any]) -> _F:
    """A ``cls`` over ``data`` as it is, without running ``cls.__init__``. Only for plain
    data that was just copied and checked (or decoded) and that nothing else references."""
    frozen = object.__new__(cls)
    set_plain_data(frozen, data)
    return frozen


def set_plain_data(frozen: FrozenMapping, data: dict[str, Any]) -> None:
    """Give a new ``frozen`` (in its ``__init__``) its data, on the terms of
    ``frozen_from_plain``."""
    # The slots' own descriptors: __setattr__ refuses every assignment.
    _set_data(frozen, data)
    _set_hash(frozen, None)


def plain_data(frozen: FrozenMapping) -> dict[str, Any]:
    """The private plain data of ``frozen``: read it, never change or hand it out."""
    return frozen._data


def _frozen_view(cls: type[FrozenMapping], value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return frozen_from_plain(cls, value)
    if kind is list:
        return tuple([_frozen_view(cls, item) for item in value])
    return value


def _json_equal(left: object, right: object) -> bool:
    """JSON value equality: objects equal key for key (in any order), arrays item for
    item (a list equals a tuple), and scalars only within one JSON type, so that two
    values are equal exactly when they encode alike up to key order: ``true`` is not
    ``1``, ``1`` is not ``1.0`` and ``0.0`` is not ``-0.0``, although Python says so."""
    if isinstance(left, Mapping):
        if not isinstance(right, Mapping) or len(left) != len(right):
            return False
        return all(key in right and _json_equal(item, right[key]) for key, item in left.items())
    if isinstance(left, (list, tuple)):
        if not isinstance(right, (list, tuple)) or len(left) != len(right):
            return False
        return all(map(_json_equal, left, right))
    kind = _scalar_kind(left)
    if kind is not _scalar_kind(right):
        return False
    if kind is float:
        return bool(left == right) and copysign(1.0, left) == copysign(1.0, right)  # type: ignore[arg-type]
    return bool(left == right)


def _scalar_kind(value: object) -> type | None:
    """The JSON type of a scalar as a builtin (``bool`` before ``int``: it is one)."""
    for kind in (bool, int, float, str):
        if isinstance(value, kind):
            return kind
    return None


def _hashable(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return frozenset((key, _hashable(item)) for key, item in value.items())
    if kind is list:
        return tuple(map(_hashable, value))
    return value


def encode_frozen(value: object) -> Any:
    """``enc_hook`` for msgspec: a ``FrozenMapping`` encodes as its plain data; anything
    else is refused (``NotImplementedError``, which msgspec reports as a ``TypeError``)."""
    if isinstance(value, FrozenMapping):
        return value._data
    raise NotImplementedError(f"cannot encode {type(value).__name__}")
