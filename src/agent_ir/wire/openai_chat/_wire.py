"""The OpenAI Chat Completions wire format: the declarations generated from
``schemas/v1/wire/openai-chat.schema.json`` (``agent_ir._generated.wire.openai_chat``,
whose docstring describes the format), and the helpers its readers share.

What ``from_openai_chat`` reads of a request: a request's ``messages`` (its ``tools``
are ``_tools``'s). A key the schema does not declare is a PART_NOT_READ warning at its
place unless it holds null or its empty default (``_keys.DEFAULT_VALUES``): ``name``,
``audio``, ``function_call``, ``reasoning``... The part and annotation families read an
empty ``type`` as a type like any other (``empty_tag_read``): not declared, so passed
over with a warning.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from msgspec import inspect as mi

from agent_ir._generated.wire import openai_chat as _declarations
from agent_ir._generated.wire.openai_chat import *
from agent_ir.wire._decode import WireStruct, pointer

# The declarations, as generated, and the helpers below.
__all__ = [*_declarations.__all__, "carried"]


# --- what a declared key carries -----------------------------------------------------


def carried(value: WireStruct, at: str) -> Iterator[str]:
    """The pointers (under ``at``, ``value``'s) of ``value``'s declared keys that the IR
    has no place for and that hold neither null nor their empty default: each is a
    PART_NOT_READ warning, as an undeclared key is."""
    for name, key, empty in _empty_defaults(type(value)):
        found = getattr(value, name)
        if found is not None and not (type(found) is type(empty) and found == empty):
            yield pointer(at, key)


@cache
def _empty_defaults(cls: type) -> tuple[tuple[str, str, Any], ...]:
    """(attribute, key, empty default) of each field of ``cls`` whose schema says
    ``"x-extra": {"empty": ...}`` (``_keys.DEFAULT_VALUES``'s value for its key)."""
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    found = []
    for field in info.fields:
        extra = field.type.extra if isinstance(field.type, mi.Metadata) else None
        if extra and "empty" in extra:
            found.append((field.name, field.encode_name, extra["empty"]))
    return tuple(found)
