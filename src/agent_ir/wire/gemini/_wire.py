"""The Gemini generateContent wire format: the declarations generated from
``schemas/v1/wire/gemini.schema.json`` (``agent_ir._generated.wire.gemini``, whose
docstring describes the format), and the helpers its readers share.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

import msgspec
from msgspec import inspect as mi

from agent_ir._generated.wire import gemini as _declarations
from agent_ir._generated.wire.gemini import *
from agent_ir.wire._decode import Decoded, Decoder, WireError, pointer

# The declarations, as generated, and the helpers below.
__all__ = [*_declarations.__all__, "Response", "as_sent", "decode_camel", "decode_response"]


# --- the decode step ----------------------------------------------------------------


class Response(NamedTuple):
    """A decoded value: ``decoded`` (pointers in camelCase), ``data`` the value that was
    decoded (``data`` itself, or a copy with its snake_case keys renamed) and
    ``spelled`` {camelCase pointer: the pointer as it came} of each renamed key."""

    decoded: Decoded[Any]
    data: Any
    spelled: dict[str, str]


def decode_response(data: dict[str, Any]) -> Response:
    """``data`` decoded into ``GenerateContentResponse`` (``decode_camel``)."""
    return decode_camel(data, GenerateContentResponse)


def decode_camel(data: Any, shape: type) -> Response:
    """``data`` decoded into ``shape`` (see the module docstring): one
    ``msgspec.convert`` when every key is declared and every value of its type, else
    its snake_case keys renamed and the decode step's walk. Raises ``WireError`` whose
    pointer names the keys as they came."""
    try:
        return Response(Decoded(msgspec.convert(data, shape)), data, {})
    except (msgspec.ValidationError, RecursionError, UnicodeEncodeError):
        # As in the decode step (``Decoder``): msgspec encodes a lone surrogate (a
        # transport string may hold one) to name it and fails; the walk reads it.
        pass
    spelled: dict[str, str] = {}
    renamed = _camel_case(data, shape, "", "", spelled)
    try:
        return Response(_decoder(shape)(renamed), renamed, spelled)
    except WireError as error:
        raise WireError(as_sent(error.pointer, spelled), error.expected, error.found) from None


@cache
def _decoder(shape: type) -> Decoder:
    return Decoder(shape)


def as_sent(place: str, spelled: dict[str, str]) -> str:
    """``place`` (a pointer into the renamed value) as a pointer into the data as it
    came."""
    if spelled:
        for prefix in sorted(spelled, key=len, reverse=True):
            if place == prefix or place.startswith(prefix + "/"):
                return spelled[prefix] + place[len(prefix) :]
    return place


def snake_case(name: str) -> str:
    """A camelCase name's snake_case (``thoughtSignature`` -> ``thought_signature``)."""
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name)


def _camel_case(value: Any, shape: type, at: str, sent: str, spelled: dict[str, str]) -> Any:
    """``value`` (the JSON of ``shape``) with its declared keys that came in snake_case
    renamed, nested declarations included (a free JSON value such as ``args`` is left
    as it is); ``value`` itself when nothing is renamed."""
    if type(value) is not dict:
        return value
    aliases, nested = _names(shape)
    given: dict[str, Any] = value
    renamed: dict[str, Any] = {}
    changed = False
    for key, item in given.items():
        name = aliases.get(key, key)
        if name != key and given.get(name) is not None:
            name = key  # the camelCase key is there too: it wins
        elif name == key and item is None and name in renamed:
            continue  # null, beside its snake_case twin: absent
        inner = nested.get(name)
        if inner is not None:
            new = _items(item, inner, pointer(at, name), pointer(sent, key), spelled)
            changed |= new is not item
            item = new
        if name != key:
            changed = True
            spelled[pointer(at, name)] = pointer(sent, key)
        renamed[name] = item
    return renamed if changed else value


def _items(
    value: Any, inner: tuple[bool, type], at: str, sent: str, spelled: dict[str, str]
) -> Any:
    listed, shape = inner
    if not listed:
        return _camel_case(value, shape, at, sent, spelled)
    if type(value) is not list:
        return value
    items = [
        _camel_case(item, shape, pointer(at, index), pointer(sent, index), spelled)
        for index, item in enumerate(value)
    ]
    return items if any(new is not old for new, old in zip(items, value, strict=True)) else value


@cache
def _names(shape: type) -> tuple[dict[str, str], dict[str, tuple[bool, type]]]:
    """({snake_case key: its camelCase} of ``shape``'s fields, {camelCase key: (a list?,
    the declaration)} of its fields that hold declarations)."""
    info = mi.type_info(shape)
    assert isinstance(info, mi.StructType)
    aliases: dict[str, str] = {}
    nested: dict[str, tuple[bool, type]] = {}
    for field in info.fields:
        name = field.encode_name
        if snake_case(name) != name:
            aliases[snake_case(name)] = name
        inner = _declared(field.type)
        if inner is not None:
            nested[name] = inner
    return aliases, nested


def _declared(info: mi.Type) -> tuple[bool, type] | None:
    """(a list?, the declaration) of a field holding a declaration, or a list of them."""
    while isinstance(info, mi.Metadata):
        info = info.type
    if isinstance(info, mi.UnionType):
        found = [_declared(member) for member in info.types]
        return next((each for each in found if each is not None), None)
    if isinstance(info, mi.StructType):
        return False, info.cls
    if isinstance(info, mi.ListType) and isinstance(info.item_type, mi.StructType):
        return True, info.item_type.cls
    return None
