"""``JsonObject``: the immutable JSON object of the IR (tool-call arguments), and the
ways the rest of the package makes one.

``JsonObject(mapping)`` reads an untrusted mapping once, checks that every descendant is
a JSON value and copies it (``_jsoncopy``), then keeps the copy frozen (``_frozen``).
Inside the package: ``freeze_object`` does the same for any caller-owned value (and
returns a ``JsonObject`` as it is), ``adopt_object`` checks a private snapshot and adopts
it without a second copy, ``trusted_object`` wraps plain data just checked or decoded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

import msgspec

from agent_ir._errors import JsonValueError
from agent_ir._frozen import FrozenMapping, frozen_from_plain, plain_data, set_plain_data
from agent_ir._jsoncopy import copy_json, is_exact_json, thaw

__all__ = ["JsonObject", "JsonValue", "adopt_object", "freeze_object", "trusted_object"]

JsonValue: TypeAlias = "str | int | float | bool | tuple[JsonValue, ...] | JsonObject | None"

_EMPTY: Any = object()


class JsonObject(FrozenMapping):
    """An immutable JSON object.

    ``JsonObject(mapping)`` checks and copies its input, or raises ``JsonValueError``
    naming the path: keys must be ``str``; values ``str`` (valid Unicode), ``int``,
    finite ``float``, ``bool``, ``None``, and lists, tuples and mappings of them, nested
    at most ``MAX_DEPTH`` levels, without cycles. Values read from it are frozen: arrays
    are tuples, objects are ``JsonObject``. It compares equal to any mapping with equal
    keys and values (arrays equal to lists or tuples with equal items), hashes by value
    and refuses every mutation.
    """

    __slots__ = ()

    def __init__(self, value: object = _EMPTY, /) -> None:
        set_plain_data(self, {} if value is _EMPTY else plain_data(freeze_object(value)))

    def __reduce__(self) -> tuple[Any, ...]:
        return (JsonObject, (thaw(self),))


def freeze_object(value: object) -> JsonObject:
    """Check and copy an untrusted mapping with ``str`` keys into a ``JsonObject`` (one
    is returned as it is); ``JsonValueError`` naming the path otherwise."""
    kind = type(value)  # type(), not isinstance(): a hostile __class__ is never read
    if issubclass(kind, JsonObject):
        return value  # type: ignore[return-value]
    if kind is dict and is_exact_json(value):
        # Exact dicts and lists all the way down: reads are not observable, so the
        # C copy may read again what the check walk read.
        return trusted_object(msgspec.to_builtins(value))
    if not issubclass(kind, Mapping):
        raise JsonValueError((), f"must be a JSON object (a mapping), not {kind.__name__}")
    copied: dict[str, Any] = copy_json(value)
    return trusted_object(copied)


def adopt_object(value: object) -> JsonObject:
    """``freeze_object`` for a value that is already a private copy nothing else
    references (for example a snapshot of transport data): checked the same way, but
    adopted instead of copied again. Never pass caller-owned data."""
    if type(value) is dict and is_exact_json(value):
        return trusted_object(value)
    return freeze_object(value)  # raises, naming what is wrong, or copies a mapping


def trusted_object(data: dict[str, Any]) -> JsonObject:
    """A ``JsonObject`` over ``data`` as it is: only for plain data that was just checked
    (``is_exact_json``, or decoded from JSON text) and that nothing else references."""
    return frozen_from_plain(JsonObject, data)
