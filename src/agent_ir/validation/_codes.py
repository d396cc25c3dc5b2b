"""The stable code of a problem at a path inside a message: the innermost ``x-code`` of
the schemas met walking the path (``code_for_path``).

Apart from the jsonschema reference (``_reference``), which uses it too: a code is
often all the explaining path needs (a problem inside a tool call's arguments), and
this reads the shipped schemas as plain JSON: importing jsonschema and ``referencing``
was most of the cost of the first explanation in a process (about 0.1 s).
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple
from urllib.parse import unquote, urljoin

from agent_ir import schemas
from agent_ir._paths import Path, PathSegment, unescape_segment

__all__ = ["DEFAULT_CODE", "MESSAGE_REF", "code_for_path"]

DEFAULT_CODE = "INVALID_MESSAGE"
MESSAGE_REF = "https://agent-ir.dev/schemas/v1/message.schema.json#/$defs/Message"

_JSON_TYPES = {
    "object": dict,
    "array": list,
    "string": str,
    "boolean": bool,
    "null": type(None),
}


def code_for_path(plain: Any, path: Path) -> str:
    """The innermost ``x-code`` of the schemas met walking ``path`` from the message
    root, choosing union branches by the instance's tags; ``INVALID_MESSAGE`` if none."""
    code = DEFAULT_CODE
    schema = _lookup("", MESSAGE_REF)
    instance = plain
    for segment in path:
        branch = _select_branch(schema, instance)
        member = None if branch is None else _member(branch, segment)
        if member is None:
            return code
        schema = member
        if isinstance(segment, str):
            code = _keyword_value(schema, "x-code", code)
        instance = _member_instance(instance, segment)
    return code


class _Schema(NamedTuple):
    """A subschema, and the ``$id`` of its document (what its ``$ref``s are relative to)."""

    contents: dict[str, Any]
    base: str


def _lookup(base: str, ref: str) -> _Schema:
    """The schema ``ref`` names, read from ``base``'s document. The shipped schemas
    refer only to ``$defs`` of their own or another shipped document by a relative URL
    (no ``$anchor``, no nested ``$id``: ``test_codes_resolve_every_ref_of_the_schemas``
    holds them to it), so a URL join and a JSON pointer resolve them; each ref is
    resolved once per process."""
    key = (base, ref)
    found = _LOOKED_UP.get(key)
    if found is None:
        url, _, pointer = urljoin(base, ref).partition("#")
        node: Any = _documents()[url]
        for part in pointer.split("/")[1:] if pointer else ():
            node = node[unescape_segment(unquote(part))]
        found = _LOOKED_UP[key] = _Schema(node, url)
    return found


_LOOKED_UP: dict[tuple[str, str], _Schema] = {}


@functools.cache
def _documents() -> dict[str, dict[str, Any]]:
    """Every shipped schema by its ``$id``."""
    found: dict[str, dict[str, Any]] = {}
    for name in schemas.names():
        contents = schemas.load(name)
        found[contents["$id"]] = contents
    return found


def _select_branch(schema: _Schema, instance: Any) -> _Schema | None:
    """The union branch ``instance`` is checked against (the schema itself when it is no
    union); None when no branch can be chosen."""
    tagged = _with_keyword(schema, "discriminator")
    if tagged is not None:
        discriminator = tagged.contents["discriminator"]
        tag = instance.get(discriminator["propertyName"]) if isinstance(instance, dict) else None
        target = discriminator["mapping"].get(tag) if isinstance(tag, str) else None
        return None if target is None else _lookup(tagged.base, target)
    union = _with_keyword(schema, "anyOf")
    if union is not None:
        return _typed_branch(union, instance)
    return schema


def _typed_branch(union: _Schema, instance: Any) -> _Schema | None:
    for contents in union.contents["anyOf"]:
        branch = _Schema(contents, union.base)
        expected = _JSON_TYPES.get(_keyword_value(branch, "type", ""))
        if expected is not None and isinstance(instance, expected):
            return branch
    return None


def _member(schema: _Schema, segment: PathSegment) -> _Schema | None:
    """The subschema of property ``segment`` (a name) or of an item (an index)."""
    if isinstance(segment, str):
        owner = _with_keyword(schema, "properties")
        contents = None if owner is None else owner.contents["properties"].get(segment)
    else:
        owner = _with_keyword(schema, "items")
        contents = None if owner is None else owner.contents["items"]
    return None if owner is None or contents is None else _Schema(contents, owner.base)


def _keyword_value(schema: _Schema, keyword: str, default: Any) -> Any:
    owner = _with_keyword(schema, keyword)
    return default if owner is None else owner.contents[keyword]


def _with_keyword(schema: _Schema, keyword: str) -> _Schema | None:
    """The first schema along ``schema``'s ``$ref`` chain that has ``keyword``: a
    keyword written beside a ``$ref`` wins over the referenced schema's."""
    while keyword not in schema.contents:
        if "$ref" not in schema.contents:
            return None
        schema = _lookup(schema.base, schema.contents["$ref"])
    return schema


def _member_instance(instance: Any, segment: PathSegment) -> Any:
    if isinstance(segment, str):
        return instance.get(segment) if isinstance(instance, dict) else None
    return instance[segment] if isinstance(instance, list) and segment < len(instance) else None
