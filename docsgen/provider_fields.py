"""A format's declaration (``schemas/v1/wire/<format>.schema.json``, read as the Structs
generated from it: ``agent_ir._generated.wire.<format>``) as a reference for users: each
shape under a heading that says what it is (its description's first sentence and its
``type``), each field's JSON name, type and meaning; a shape named by another is named
by its ``type`` (``a `base64` object``), never by its Python class."""

from __future__ import annotations

import importlib
import re
from typing import Any

from docsgen.codes import _inline

__all__ = ["declared_fields", "heading", "shapes"]


def shapes(folder: str) -> list[type]:
    """The Structs the format's declaration holds, in its order (none without one),
    but the bases others share (their fields are listed with each of those)."""
    try:
        declared = importlib.import_module(f"agent_ir._generated.wire.{folder}")
    except ModuleNotFoundError:
        return []
    from agent_ir._wire_base import WireStruct

    found = [
        value
        for value in vars(declared).values()
        if isinstance(value, type)
        and issubclass(value, WireStruct)
        and value is not WireStruct
        and value.__module__ == declared.__name__
    ]
    bases = {base for shape in found for base in shape.__mro__[1:]}
    return [shape for shape in found if shape not in bases]


def heading(shape: type) -> str:
    """What ``shape`` is, for a heading: its description's first sentence (without a
    remark in brackets naming a private module), then its ``type`` when it has one
    (``A call of one of the request's tools (`type: tool_use`)``)."""
    from msgspec import inspect

    info = inspect.type_info(shape)
    assert isinstance(info, inspect.StructType)
    first = _first_sentence(" ".join((shape.__doc__ or "").split()))
    first = re.sub(r" ?\([^()]*`+_\w+[^()]*\)", "", first)
    tag = f" (`{info.tag_field}: {info.tag}`)" if info.tag_field else ""
    return _inline(first) + tag


def _first_sentence(text: str) -> str:
    """``text`` up to its first ``.``, ``;`` or ``:`` followed by a space that is neither
    in brackets nor in code."""
    depth, code = 0, False
    for position, character in enumerate(text):
        if character == "`":
            code = not code
        elif character == "(" and not code:
            depth += 1
        elif character == ")" and not code:
            depth = max(depth - 1, 0)
        elif character in ".;:" and not code and depth == 0 and text[position + 1 :][:1] in " ":
            return text[:position]
    return text.rstrip(".")


def declared_fields(folder: str) -> list[str]:
    """The declaration, shape by shape: a heading, the rest of its description, then
    a table of its fields (JSON name, type, meaning)."""
    from msgspec import inspect

    found = shapes(folder)
    if not found:
        return []
    lines = [
        "## Every field, as read",
        "",
        "What the readers decode, declared once. A key that is not listed here is a "
        "PART_NOT_READ warning at its place; a block, item or event type that is not "
        "listed is passed over with a warning (EVENT_NOT_READ for an event).",
        "",
    ]
    for shape in found:
        info = inspect.type_info(shape)
        assert isinstance(info, inspect.StructType)
        doc = " ".join((shape.__doc__ or "").split())
        lines += [f"### {heading(shape)}", "", _inline(doc), ""]
        if not info.fields:
            lines += ["No other field.", ""]
            continue
        lines += ["| field | type | meaning |", "|---|---|---|"]
        for field in info.fields:
            described, kind = _described(field.type)
            required = "" if field.required else ", optional"
            lines.append(
                f"| `{field.encode_name}` | {_cell(kind)}{required} | {_cell(_inline(described))} |"
            )
        lines.append("")
    return lines


def _described(info: Any) -> tuple[str, str]:
    """(the description, the type in words) of a field's type."""
    from msgspec import inspect

    description = ""
    while isinstance(info, inspect.Metadata):
        description = (info.extra_json_schema or {}).get("description", description)
        info = info.type
    return description, _type_name(info)


def _type_name(info: Any) -> str:
    from msgspec import inspect

    if isinstance(info, inspect.Metadata):
        return _type_name(info.type)
    if isinstance(info, inspect.UnionType):
        return " or ".join(_type_name(member) for member in info.types)
    if isinstance(info, inspect.StructType):
        return f"`{info.tag_field}: {info.tag}` object" if info.tag_field else "object"
    if isinstance(info, inspect.ListType):
        return f"array of {_type_name(info.item_type)}"
    names = {
        inspect.StrType: "string",
        inspect.IntType: "integer",
        inspect.FloatType: "number",
        inspect.BoolType: "boolean",
        inspect.NoneType: "null",
        inspect.DictType: "object",
        inspect.AnyType: "any JSON",
    }
    name = names.get(type(info), type(info).__name__)
    if isinstance(info, inspect.IntType) and info.ge == 0:
        return "integer >= 0"
    if isinstance(info, inspect.StrType) and info.min_length:
        return "non-empty string"
    return name


def _cell(value: str) -> str:
    return value.replace("|", "\\|")
