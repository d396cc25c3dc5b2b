"""Verdict-only twins of the generated message types: the same fields, tags, names,
constraints and configuration, with every ``JsonObject`` (tool-call arguments, a
server tool's input and wire objects, a citation's wire object) replaced.

A verdict needs to know that each JSON object is one, not to hold it. Decoding JSON text
into the generated types calls a Python hook per object (msgspec builds a ``dict``,
then ``JsonObject``'s hook checks its depth and wraps it): on the bench transcript that
was about half of the decode. Decoded into the ``RAW`` twins, each object is kept as its
``msgspec.Raw`` text, skipped in C; converted from Python values into the ``PLAIN``
twins, a required one is passed through unread and an optional one copied shallowly in
C. ``_fast.read_text`` and ``read_entries`` then check all of them at once.

The twins are derived from the generated classes when this module is imported
(``msgspec.defstruct`` over ``msgspec.structs.fields``), so they cannot drift from the
schema. They are stricter in one place on purpose: a tag msgspec treats as optional (a
tagged class alone, not in a union) is required, as the schema says. Nothing outside
the checks sees them: a message that fails on a twin is explained from its JSON form.
"""

from __future__ import annotations

import functools
import types
import typing
from typing import Annotated, Any, NamedTuple

import msgspec

from agent_ir._generated.message_schema import Message
from agent_ir._jsonobject import JsonObject
from agent_ir.validation._checks import OBJECT_FIELDS, Kinds, kinds_of

__all__ = ["PLAIN", "RAW", "Twins"]


class Twins(NamedTuple):
    """The twin of every generated message class (keyed by the generated class), the
    twin of ``tuple[Message, ...]``, the JSON-object fields of each twin class that has
    any (``objects``), and the classes by role for the checks (``kinds``)."""

    classes: dict[type, type]
    messages: Any
    objects: dict[type, tuple[tuple[str, bool], ...]]
    kinds: Kinds


def _derive(json_object: Any, optional_object: Any) -> Twins:
    """The twins with ``json_object`` for a required JSON-object field and
    ``optional_object`` for an optional one."""
    classes: dict[type, type] = {}
    objects: dict[type, tuple[tuple[str, bool], ...]] = {}
    required = [True]  # of the field being derived

    def twin(annotation: Any) -> Any:
        if annotation is JsonObject:
            return json_object if required[0] else optional_object
        if isinstance(annotation, type) and issubclass(annotation, msgspec.Struct):
            tag_field = annotation.__struct_config__.tag_field
            if tag_field is None:
                return twin_class(annotation)
            # In a union with a class no input matches, msgspec requires the tag: alone
            # (an audio block's source), it would treat the tag the schema requires as
            # optional. Unions of unions flatten.
            return typing.Union[twin_class(annotation), _never(tag_field)]  # noqa: UP007
        return _rebuilt(annotation, twin)

    def twin_class(cls: type[msgspec.Struct]) -> type:
        if cls in classes:
            return classes[cls]
        config = cls.__struct_config__
        fields = []
        for field in msgspec.structs.fields(cls):
            required[0] = field.required
            fields.append(
                (
                    field.name,
                    twin(field.type),
                    msgspec.field(name=field.encode_name, default=field.default)
                    if not field.required
                    else msgspec.field(name=field.encode_name),
                )
            )
        made = msgspec.defstruct(
            cls.__name__,
            fields,
            module=__name__,
            tag=config.tag,
            tag_field=config.tag_field,
            frozen=True,
            forbid_unknown_fields=config.forbid_unknown_fields,
            kw_only=True,
            omit_defaults=True,
            gc=False,
        )
        classes[cls] = made
        if cls in OBJECT_FIELDS:
            objects[made] = OBJECT_FIELDS[cls]
        return made

    messages = tuple[twin(typing.get_args(Message)[0]), ...]  # type: ignore[misc,valid-type]
    return Twins(classes, messages, objects, kinds_of(classes.__getitem__, tags_required=True))


@functools.cache
def _never(tag_field: str) -> type:
    """A tagged class whose tag no valid input carries (a NUL character)."""
    return msgspec.defstruct("_Never", [], module=__name__, tag_field=tag_field, tag="\x00")


def _rebuilt(annotation: Any, twin: Any) -> Any:
    """``annotation`` with ``twin`` applied to the types it is made of."""
    origin = typing.get_origin(annotation)
    arguments = typing.get_args(annotation)
    if origin is Annotated:
        return Annotated[(twin(arguments[0]), *annotation.__metadata__)]
    if origin is typing.Union or origin is types.UnionType:
        return typing.Union[tuple(twin(argument) for argument in arguments)]  # noqa: UP007
    if origin is tuple:
        items = tuple(argument if argument is ... else twin(argument) for argument in arguments)
        return tuple[items]  # type: ignore[valid-type]
    if origin is None or origin is typing.Literal:
        return annotation  # str, int, an enum, a literal
    raise TypeError(f"no twin for {annotation!r}")  # a new kind of field: teach it here


RAW = _derive(msgspec.Raw, msgspec.Raw)
"""For JSON text: each JSON object kept as its raw text (``null`` too, which is then
refused for not starting with ``{``)."""

PLAIN = _derive(Any, dict)
"""For Python values: a required JSON object passed through as the caller's value,
unread (``None`` too, which is then refused for not being a ``dict``); an optional one a
shallow ``dict`` copy, since ``Any`` would make an explicit ``null`` look absent."""
