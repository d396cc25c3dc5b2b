"""Paths inside a JSON value: how error messages show them, JSON Pointers, and their order.

A path is a tuple of segments: ``str`` for an object key, ``int`` for an array index.
Error messages show it as code would read it (``content[1].arguments["a b"][2]``);
diagnostics carry it as a JSON Pointer (RFC 6901, ``/1/content/1/arguments/a b/2``).
Everything that sorts problems "by position" uses ``path_key``: keys before indexes,
indexes numerically, so ``/content/10`` comes after ``/content/9``.
"""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

__all__ = [
    "Path",
    "PathKey",
    "PathSegment",
    "Problem",
    "format_path",
    "path_key",
    "pointer_key",
    "to_pointer",
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
    """``("items", 2, "a b")`` -> ``items[2]["a b"]``; ``()`` -> ``""``."""
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
    return "".join("/" + str(segment).replace("~", "~0").replace("/", "~1") for segment in path)


def path_key(path: Path) -> PathKey:
    """The sort key of a path: object keys before array indexes, indexes numerically."""
    return tuple((1, s, "") if isinstance(s, int) else (0, 0, s) for s in path)


def pointer_key(pointer: str, *, skip: int = 0) -> PathKey:
    """``path_key`` of a JSON Pointer, leaving out its first ``skip`` segments. A segment
    made of ASCII digits is an array index (an object key that looks like one sorts with
    the indexes, which only orders two problems inside one object differently)."""
    parts = [part.replace("~1", "/").replace("~0", "~") for part in pointer.split("/")[1 + skip :]]
    return path_key(
        tuple(int(part) if part.isascii() and part.isdigit() else part for part in parts)
    )


def _quote(key: str) -> str:
    escaped = key.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + escaped.encode("utf-8", "backslashreplace").decode("utf-8") + '"'
