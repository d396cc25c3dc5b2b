"""The one decode step of the wire formats: a JSON value in, a declared wire value out.

A wire format declares its shapes once, as ``WireStruct`` classes
(``agent_ir._wire_base``, generated from ``schemas/v1/wire/``; a tagged family carries
``tag_field``/``tag``, as msgspec spells it); ``Decoder(shape)(data)`` turns an
untrusted JSON value (plain builtins, as ``json.loads`` makes them) into that shape:

* The common case is one ``msgspec.convert`` (C, no Python per field): every key
  declared, every tag known, every value of its type.
* Anything else is read by one generic walk of the declaration, which either fails with
  one ``WireError`` (the first problem in document order, in one grammar with a JSON
  Pointer: ``/delta/partial_json must be a string; it is a number (1)``), or reads the
  value with what the declaration does not know set apart, never dropped: a key that
  is not declared (and not null) is named in ``Decoded.unread``; a value of a tagged
  family whose tag is not declared becomes ``Unread`` (its tag and its whole object),
  named in ``Decoded.unknown``. The caller turns those pointers into its warnings
  (PART_NOT_READ), so no format keeps a list of the keys it does not read.

A declaration whose other keys are carried whole by its reader (a server tool's call,
kept as its ``wire``) says so with ``rest_kept = True``: its undeclared keys are not
named. The members of a tagged family whose empty tag ("") is a tag like any other
(not declared, so ``Unread``) say so with ``empty_tag_read = True``.

``describe_json`` is the package's one namer of a JSON value in a refusal.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any, Generic, NamedTuple, TypeVar

import msgspec
from msgspec import inspect as mi

from agent_ir._errors import WireFormatError
from agent_ir._jsoncopy import WRITABLE_INT
from agent_ir._paths import Path, to_pointer
from agent_ir._text import quoted
from agent_ir._wire_base import Count, NonBlank, WireStruct

__all__ = [
    "Count",
    "Decoded",
    "Decoder",
    "NonBlank",
    "Unread",
    "WireError",
    "WireStruct",
    "decode",
    "describe_json",
    "doc",
    "must_be",
    "path_of",
    "pointer",
    "refused",
]

Shape = TypeVar("Shape")


def doc(text: str) -> msgspec.Meta:
    """A declared field's description (``Annotated[T, doc("...")]``): the format's spec,
    listed on the provider's page."""
    return msgspec.Meta(description=text)


class Unread(msgspec.Struct, frozen=True):
    """A value of a tagged family whose tag the declaration does not know, kept whole:
    ``type`` its tag, ``data`` the object as it came."""

    type: str
    data: dict[str, Any]


class Decoded(NamedTuple, Generic[Shape]):
    """A decoded value and the JSON Pointers (``at`` included) of what it holds that the
    declaration does not read: ``unread``, the undeclared keys that are not null;
    ``unknown``, the values whose tag is unknown (each an ``Unread`` in ``value``)."""

    value: Shape
    unread: tuple[str, ...] = ()
    unknown: tuple[str, ...] = ()


class WireError(ValueError):
    """A value that is not of its declared shape: ``<pointer> must be <expected>; it is
    <what it is>``. ``pointer`` is from the decoded value's root ("" for the root)."""

    def __init__(self, pointer: str, expected: str, found: str) -> None:
        super().__init__(f"{pointer or '/'} must be {expected}; it is {found}")
        self.pointer = pointer
        self.expected = expected
        self.found = found


class Decoder:
    """Decodes JSON values into one declared ``shape`` (a ``WireStruct``, a union of
    them, or any type msgspec converts); made once per shape, as msgspec's own
    decoders are (what it learns of the shape is kept)."""

    __slots__ = ("_by_tag", "_shape", "_tag_field")

    def __init__(self, shape: Any) -> None:
        self._shape = shape
        self._tag_field, self._by_tag = _tags(shape)

    def __call__(self, data: Any, at: str = "") -> Decoded[Any]:
        """``data`` (JSON builtins) as the shape, with the pointers of what was not
        read; ``at`` prefixes every pointer (the place of ``data`` in what the caller
        read). Raises ``WireError``."""
        shape = self._shape
        if self._tag_field is not None and type(data) is dict:
            # msgspec caches how to convert a Struct class, not a union: pick the branch.
            tag = data.get(self._tag_field)
            if type(tag) is str:  # any other tag (a list...) is refused by the walk
                shape = self._by_tag.get(tag, shape)
        try:
            return Decoded(msgspec.convert(data, shape))
        except (msgspec.ValidationError, RecursionError, UnicodeEncodeError):
            # RecursionError: free JSON nested deeper than msgspec copies it; the walk
            # keeps free JSON as it is. UnicodeEncodeError: msgspec names an undeclared
            # key holding a lone surrogate by encoding it; the walk names it instead.
            pass
        walk = _Walk()
        value = walk.read(data, _info(self._shape), at)
        return Decoded(value, tuple(walk.unread), tuple(walk.unknown))


def decode(data: Any, shape: Any, *, at: str = "") -> Decoded[Any]:
    """``Decoder(shape)(data, at=at)``, for a shape decoded once in a while."""
    return Decoder(shape)(data, at)


def path_of(root: Path, value: Any, at: str) -> Path:
    """``at`` (a JSON Pointer into ``value``, which sits at ``root``) as a path tuple, an
    array's index as an int: the place a ``WireFormatError`` names."""
    path = list(root)
    for part in at.split("/")[1:]:
        key = part.replace("~1", "/").replace("~0", "~")
        if type(value) is list:
            path.append(int(key))
            value = value[int(key)] if int(key) < len(value) else None
        else:
            path.append(key)
            value = value.get(key) if type(value) is dict else None
    return tuple(path)


def refused(function: str, error: WireError, value: Any, root: Path) -> WireFormatError:
    """``error`` (decoding ``value``, which sits at ``root``) as the ``WireFormatError``
    a ``from_*`` raises: ``from_x: /messages/0/content must be ...; it is ...``."""
    return must_be(function, path_of(root, value, error.pointer), error.expected, error.found)


def must_be(function: str, path: Path, expected: str, found: str) -> WireFormatError:
    """A ``from_*`` refusal in the decode grammar, for a check made outside a
    declaration: ``from_x: <pointer> must be <expected>; it is <found>`` (``found`` as
    ``describe_json`` names a value, or ``missing``)."""
    return WireFormatError(function, path, f"must be {expected}; it is {found}")


def pointer(at: str, *keys: str | int) -> str:
    """``at`` (a JSON Pointer) extended by ``keys`` (RFC 6901 escaping, the package's
    one escaper: ``agent_ir._paths.to_pointer``)."""
    return at + to_pointer(keys)


_EXCERPT = 40


def describe_json(value: object) -> str:
    """What a JSON value is, for a refusal: its type, and a scalar's value (a string's
    first characters): ``null``, ``a boolean (true)``, ``a number (-1)``, ``a string
    ('')``, ``an array``, ``an object``."""
    if value is None:
        return "null"
    if type(value) is bool:
        return f"a boolean ({'true' if value else 'false'})"
    if type(value) is int and not -WRITABLE_INT < value < WRITABLE_INT:
        # Transport data may hold an int Python refuses to write as text.
        return "a number (too many digits to write as text)"
    if type(value) is int or type(value) is float:
        return f"a number ({quoted(value)})"
    if type(value) is str:
        excerpt = repr(value[:_EXCERPT]) + ("..." if len(value) > _EXCERPT else "")
        return f"a string ({excerpt})"
    if type(value) is list:
        return "an array"
    if type(value) is dict:
        return "an object"
    return type(value).__name__


# --- the walk -----------------------------------------------------------------------


def _tags(shape: Any) -> tuple[str | None, dict[Any, Any]]:
    """(the tag field, {tag: class}) of a union of tagged Structs, else (None, {})."""
    info = _info(shape)
    if type(info) is not mi.UnionType:
        return None, {}
    assert isinstance(info, mi.UnionType)
    members = [member for member in info.types if type(member) is mi.StructType]
    fields = {member.tag_field for member in members}
    if len(members) != len(info.types) or len(fields) != 1:
        return None, {}
    return fields.pop(), {member.tag: member.cls for member in members}


@cache
def _info(shape: Any) -> mi.Type:
    return mi.type_info(shape)


class _Walk:
    """One generic read of a value against its declaration; collects ``unread``."""

    __slots__ = ("unknown", "unread")

    def __init__(self) -> None:
        self.unread: list[str] = []
        self.unknown: list[str] = []

    def read(self, value: Any, info: mi.Type, at: str) -> Any:
        return _READERS.get(type(info), _unknown)(self, value, info, at)

    def struct(self, value: Any, info: mi.StructType, at: str) -> Any:
        if type(value) is not dict:
            raise WireError(at, "an object", describe_json(value))
        found: dict[str, Any] = {}
        for field in info.fields:
            key = field.encode_name
            if key in value:
                found[field.name] = self.read(value[key], field.type, pointer(at, key))
            elif field.required:
                raise WireError(pointer(at, key), _expected(field.type), "missing")
        if not getattr(info.cls, "rest_kept", False):
            declared = {field.encode_name for field in info.fields}
            if info.tag_field is not None:
                declared.add(info.tag_field)
            self.unread.extend(
                pointer(at, key)
                for key, item in value.items()
                if key not in declared and item is not None
            )
        return info.cls(**found)

    def union(self, value: Any, info: mi.UnionType, at: str) -> Any:
        if value is None and any(type(member) is mi.NoneType for member in info.types):
            return None
        tagged = [member for member in info.types if type(member) is mi.StructType]
        if tagged and type(value) is dict and tagged[0].tag_field is not None:
            return self._tagged(value, tagged, at)
        for member in info.types:
            if type(member) is mi.NoneType:
                continue
            if _accepts(member, value):
                return self.read(value, member, at)
        raise WireError(at, _expected(info), describe_json(value))

    def _tagged(self, value: dict[str, Any], members: list[mi.StructType], at: str) -> Any:
        tag_field = members[0].tag_field
        assert tag_field is not None
        tag = value.get(tag_field)
        empty_read = getattr(members[0].cls, "empty_tag_read", False)
        if type(tag) is not str or not (tag or empty_read):
            raise WireError(
                pointer(at, tag_field),
                "a string" if empty_read else "a non-empty string",
                describe_json(tag) if tag_field in value else "missing",
            )
        for member in members:
            if member.tag == tag:
                return self.struct(value, member, at)
        self.unknown.append(at)
        return Unread(tag, value)

    def array(self, value: Any, info: mi.ListType, at: str) -> Any:
        if type(value) is not list:
            raise WireError(at, "an array", describe_json(value))
        return [
            self.read(item, info.item_type, pointer(at, index)) for index, item in enumerate(value)
        ]

    def scalar(self, value: Any, info: mi.Type, at: str) -> Any:
        """A value the walk does not take apart (a string, a number, an object of any
        JSON): the value itself, once it is of its type."""
        if not _accepts(info, value):
            raise WireError(at, _expected(info), describe_json(value))
        return value


def _unknown(walk: _Walk, value: Any, info: mi.Type, at: str) -> Any:
    raise TypeError(f"a wire declaration uses {info!r}, which the decode step does not read")


def _accepts(info: mi.Type, value: Any) -> bool:
    """Whether ``value`` is of ``info``'s JSON type and within its constraints."""
    info = _bare(info)
    kind = type(info)
    if kind is mi.StrType:
        assert isinstance(info, mi.StrType)
        return type(value) is str and _within_str(info, value)
    if kind is mi.IntType:
        assert isinstance(info, mi.IntType)
        return type(value) is int and (info.ge is None or value >= info.ge)
    if kind is mi.FloatType:
        return type(value) in (int, float)
    if kind is mi.BoolType:
        return type(value) is bool
    if kind in (mi.DictType, mi.StructType):
        return type(value) is dict
    if kind is mi.ListType:
        return type(value) is list
    if kind is mi.LiteralType:
        assert isinstance(info, mi.LiteralType)
        return type(value) in (str, int) and value in info.values
    return kind is mi.AnyType


def _within_str(info: mi.StrType, value: str) -> bool:
    if info.min_length is not None and len(value) < info.min_length:
        return False
    return info.pattern is None or _pattern(info.pattern).search(value) is not None


@cache
def _pattern(source: str) -> re.Pattern[str]:
    return re.compile(source)


def _expected(info: mi.Type) -> str:
    """What a refusal says a value must be."""
    info = _bare(info)
    kind = type(info)
    if kind is mi.UnionType:
        assert isinstance(info, mi.UnionType)
        members = [_bare(member) for member in info.types if type(member) is not mi.NoneType]
        tagged = [member for member in members if type(member) is mi.StructType]
        names = ["an object"] if tagged else []
        names += [_expected(member) for member in members if type(member) is not mi.StructType]
        text = " or ".join(dict.fromkeys(names))
        return f"{text} or null" if len(members) < len(info.types) else text
    if kind is mi.LiteralType:
        assert isinstance(info, mi.LiteralType)
        return "one of " + ", ".join(quoted(value) for value in info.values)
    if kind is mi.StrType:
        assert isinstance(info, mi.StrType)
        return "a non-empty string" if info.min_length else "a string"
    if kind is mi.IntType:
        assert isinstance(info, mi.IntType)
        return "an integer >= 0" if info.ge == 0 else "an integer"
    plain: Mapping[type, str] = {
        mi.FloatType: "a number",
        mi.BoolType: "a boolean",
        mi.DictType: "an object",
        mi.StructType: "an object",
        mi.ListType: "an array",
    }
    return plain.get(kind, "a JSON value")


def _bare(info: mi.Type) -> mi.Type:
    """``info`` without its ``Metadata`` (a field's description)."""
    while type(info) is mi.Metadata:
        assert isinstance(info, mi.Metadata)
        info = info.type
    return info


_READERS: dict[type, Any] = {
    mi.Metadata: lambda walk, value, info, at: walk.read(value, info.type, at),
    mi.StructType: _Walk.struct,
    mi.UnionType: _Walk.union,
    mi.ListType: _Walk.array,
    mi.StrType: _Walk.scalar,
    mi.IntType: _Walk.scalar,
    mi.FloatType: _Walk.scalar,
    mi.BoolType: _Walk.scalar,
    mi.DictType: _Walk.scalar,
    mi.LiteralType: _Walk.scalar,
    mi.AnyType: lambda walk, value, info, at: value,
}
