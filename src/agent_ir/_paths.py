"""Paths inside a JSON value: how error messages show them, JSON Pointers, and their order.

A path is a tuple of segments: ``str`` for an object key, ``int`` for an array index.
Error messages show it as code would read it (``content[1].arguments["a b"][2]``);
diagnostics carry it as a JSON Pointer (RFC 6901, ``/1/content/1/arguments/a b/2``).
Everything that sorts problems "by position" uses ``path_key``: keys before indexes,
indexes numerically, so ``/content/10`` comes after ``/content/9``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, NamedTuple, TypeAlias

__all__ = [
    "NOTHING",
    "KeyIndex",
    "Path",
    "PathKey",
    "PathSegment",
    "Problem",
    "escape_segment",
    "exact_path",
    "format_path",
    "path_key",
    "places",
    "pointer_key",
    "rust_path",
    "same_json",
    "to_pointer",
    "unescape_segment",
]

PathSegment: TypeAlias = str | int
Path: TypeAlias = tuple[PathSegment, ...]
PathKey: TypeAlias = tuple[tuple[int, int, str], ...]


class Problem(NamedTuple):
    """One thing wrong with a message: where (inside the message), code, sentence."""

    path: Path
    code: str
    reason: str


def format_path(path: Path) -> str:
    """``("items", 2, "a b")`` -> ``items[2]["a b"]``; ``()`` -> ``""``. A key that is
    no identifier is quoted as JSON (``["a\\nb"]``), as the npm package's
    ``formatPath`` quotes it."""
    text = ""
    for segment in path:
        if isinstance(segment, int):
            text += f"[{segment}]"
        elif segment.isidentifier():
            text += f".{segment}" if text else segment
        else:
            text += f"[{_quote(segment)}]"
    return text


def to_pointer(path: Path) -> str:
    """``(2, "content", 1, "a/b")`` -> ``/2/content/1/a~1b`` (RFC 6901). A lone surrogate
    in a key is kept as it is: callers that write pointers out escape it."""
    return "".join("/" + escape_segment(str(segment)) for segment in path)


def escape_segment(key: str) -> str:
    """A key as one segment of a JSON Pointer: ``a/b~c`` -> ``a~1b~0c`` (RFC 6901); the
    package's one escaper."""
    return key.replace("~", "~0").replace("/", "~1")


def unescape_segment(segment: str) -> str:
    """The key one segment of a JSON Pointer names: ``a~1b~0c`` -> ``a/b~c``."""
    return segment.replace("~1", "/").replace("~0", "~")


def path_key(path: Path) -> PathKey:
    """The sort key of a path: object keys before array indexes, indexes numerically."""
    return tuple((1, s, "") if isinstance(s, int) else (0, 0, s) for s in path)


def pointer_key(pointer: str, *, skip: int = 0) -> PathKey:
    """``path_key`` of a JSON Pointer, leaving out its first ``skip`` segments. A segment
    made of ASCII digits is an array index (an object key that looks like one sorts with
    the indexes, which only orders two problems inside one object differently)."""
    parts = [unescape_segment(part) for part in pointer.split("/")[1 + skip :]]
    return path_key(
        tuple(int(part) if part.isascii() and part.isdigit() else part for part in parts)
    )


def _quote(key: str) -> str:
    """A key as JSON writes it (the npm package's ``JSON.stringify``): ``"`` and ``\\``
    escaped, a control character too (``\\n``, ``\\u0001``: a sentence holds no raw
    newline), a lone surrogate as ``\\udXXX``; any other character as it is."""
    escaped = json.dumps(key, ensure_ascii=False)
    return escaped.encode("utf-8", "backslashreplace").decode("utf-8")


NOTHING: Any = object()
"""``exact_path``'s ``found`` when no failing value tells places apart."""
_MOST_PLACES = 10_000  # places visited looking for a path before giving up on it


def exact_path(
    value: Any, given: Sequence[str | int], found: Any = NOTHING, keys: KeyIndex | None = None
) -> tuple[Any, ...]:
    """The path in ``value`` that jsonschema-rs (0.61) writes as ``given``: its paths
    read every key that Rust parses as an unsigned integer as an array index ("007" and
    "+1" become 7 and 1) and leave empty keys out. The places in ``value`` that it could
    mean are searched; one that holds ``found`` (the failing value, when given) is
    chosen. ``given`` itself when none or several could be meant (keys "7" and "007" in
    one object), or when a ``$ref`` leaves ``value``. ``keys``: shared by the searches
    of one set of errors (``KeyIndex``)."""
    found_places = places(value, given, found, 1, keys)
    return found_places[0] if len(found_places) == 1 else tuple(given)


def places(
    value: Any,
    given: Sequence[str | int],
    found: Any,
    most: int = _MOST_PLACES,
    keys: KeyIndex | None = None,
) -> list[tuple[Any, ...]]:
    """The places in ``value`` that jsonschema-rs's ``given`` may mean and that hold
    ``found`` (see ``exact_path``), in the order of ``value``'s keys; more than ``most``
    of them (by default, only the search's own bound), or a search past
    ``_MOST_PLACES`` places: an empty list (none is told)."""
    search = _Search(given, found, most, KeyIndex() if keys is None else keys)
    search.visit(value, 0, ())
    if len(search.paths) > most or search.visits > _MOST_PLACES:
        return []
    return search.paths


class KeyIndex:
    """The keys of each object that jsonschema-rs reads as an array index, by that
    index, built once per object for all the searches of one set of errors: a search per
    error, each reading every key of an object of n failing members, took n x n (8,000
    members: 10 s)."""

    __slots__ = ("_held",)

    def __init__(self) -> None:
        # id -> (the object, kept so that its id is not reused; its index)
        self._held: dict[int, tuple[dict[str, Any], dict[int, list[str]]]] = {}

    def numeric(self, at: dict[str, Any]) -> dict[int, list[str]]:
        held = self._held.get(id(at))
        if held is None or held[0] is not at:
            index: dict[int, list[str]] = {}
            for key in at:
                read = _rust_reads(key)
                if type(read) is int:
                    index.setdefault(read, []).append(key)
            held = (at, index)
            self._held[id(at)] = held
        return held[1]


class _Search:
    """The places of ``exact_path``, depth first."""

    def __init__(self, given: Sequence[str | int], found: Any, most: int, keys: KeyIndex) -> None:
        self.given = given
        self.found = found
        self.most = most
        self.keys = keys
        self.paths: list[tuple[Any, ...]] = []
        self.visits = 0

    def visit(self, at: Any, index: int, path: tuple[Any, ...]) -> None:
        self.visits += 1
        if self.visits > _MOST_PLACES or len(self.paths) > self.most:
            return  # given up, or already more than one: the given path is kept
        given = self.given
        if index == len(given) and (self.found is NOTHING or same_json(at, self.found)):
            self.paths.append(path)
        if type(at) is dict:
            if "" in at:  # an empty key: left out of the path
                self.visit(at[""], index, (*path, ""))
            if index < len(given):
                self._keys(at, index, path)
        elif type(at) is list and index < len(given):
            part = given[index]
            if type(part) is int and 0 <= part < len(at):
                self.visit(at[part], index + 1, (*path, part))

    def _keys(self, at: dict[str, Any], index: int, path: tuple[Any, ...]) -> None:
        """The members of ``at`` that the path's next part names: the key itself when
        the part is a name (a key Rust reads as an index never is), each key read as that
        index when it is one (their order in ``at``)."""
        part = self.given[index]
        if isinstance(part, str):
            if part != "" and part in at and type(_rust_reads(part)) is str:
                self.visit(at[part], index + 1, (*path, part))
            return
        for key in self.keys.numeric(at).get(part, ()):
            self.visit(at[key], index + 1, (*path, key))


def rust_path(path: Path) -> Path:
    """``path`` as jsonschema-rs's errors give it: a key Rust reads as an unsigned
    integer is that integer, an empty key is left out."""
    return tuple(
        _rust_reads(part) if isinstance(part, str) else part for part in path if part != ""
    )


def _rust_reads(key: str) -> str | int:
    """A key as jsonschema-rs's paths give it: an unsigned 64-bit integer when Rust
    parses it as one (ASCII digits, perhaps after one "+")."""
    digits = key[1:] if key[:1] == "+" else key
    if digits.isascii() and digits.isdigit() and int(digits) < 1 << 64:
        return int(digits)
    return key


def same_json(left: Any, right: Any) -> bool:
    """JSON equality that tells ``true`` from ``1``."""
    if type(left) is not type(right) and not (
        type(left) in (int, float) and type(right) in (int, float)
    ):
        return False
    if type(left) is dict:
        return left.keys() == right.keys() and all(same_json(left[k], right[k]) for k in left)
    if type(left) is list:
        return len(left) == len(right) and all(map(same_json, left, right))
    return bool(left == right)
