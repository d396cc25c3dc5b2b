"""A griffe extension (``mkdocs.yml``: mkdocstrings' ``extensions``) showing the API
reference's signatures as a user writes them, with no private name in them.

codegen writes a field ``stop_reason: Absent[Annotated[StopReason, Meta(...)]] =
field(name="stopReason", default=None)``: msgspec needs the wire name and the schema's
description, a user needs neither (the description is the field's docstring, shown
below it). In the reference the field reads ``stop_reason: StopReason | None = None``,
and the class gets the keyword-only constructor msgspec makes for it,
``AssistantMessage(*, id: str, ..., stop_reason: StopReason | None = None)``.

A type named by a private alias (``NonBlankString``, ``Timestamp``, ``Path``) is shown
as what it stands for (``str``, ``tuple[str | int, ...]``); a public one (``Message``,
``JsonObject``) keeps its name and links to its entry. A private sentinel default
(``value: object = _EMPTY``) reads ``...``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import griffe

__all__ = ["MsgspecFields", "as_written", "plain"]

# The bases of the generated Structs (agent_ir._base): a class deriving from one of them
# gets the constructor msgspec makes.
_STRUCT_BASES = frozenset(
    {"IRStruct", "TaggedStruct", "MessageStruct", "AssistantStruct", "ToolDefinitionStruct"}
)


class MsgspecFields(griffe.Extension):
    """Once ``agent_ir`` is loaded: each msgspec field as written, each Struct with its
    constructor, each annotation without private aliases."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        if pkg.name != "agent_ir":
            return
        public = _public_names()
        for cls in [obj for obj in _walk(pkg) if isinstance(obj, griffe.Class)]:
            _rewrite_class(cls)
        for obj in _walk(pkg):
            if isinstance(obj, griffe.Attribute):
                _rewrite_attribute(obj, public)
            elif isinstance(obj, griffe.Function):
                _rewrite_function(obj, public)


def _public_names() -> frozenset[str]:
    import agent_ir
    import agent_ir.wire

    return frozenset(agent_ir.__all__) | frozenset(agent_ir.wire.__all__)


def _walk(obj: griffe.Object) -> Iterator[griffe.Object]:
    """``obj`` and every object defined in it (aliases, which live elsewhere, left out)."""
    yield obj
    for member in list(obj.members.values()):
        if not member.is_alias:
            yield from _walk(member)  # type: ignore[arg-type]


def _rewrite_class(cls: griffe.Class) -> None:
    fields = [
        member
        for member in cls.members.values()
        if isinstance(member, griffe.Attribute)
        and "instance-attribute" in member.labels
        and member.annotation is not None
        and not member.name.startswith("_")
    ]
    for attribute in fields:
        as_written(attribute)
    if _is_struct(cls) and "__init__" not in cls.members:
        cls.set_member("__init__", _constructor(cls, fields))


def as_written(attribute: griffe.Attribute) -> None:
    """``Absent[Annotated[X, Meta(...)]] = field(name=..., default=D)`` becomes
    ``X | None = D``; a field without a default has no value."""
    attribute.annotation = plain(attribute.annotation, frozenset())
    value = attribute.value
    if isinstance(value, griffe.ExprCall) and _name(value.function) == "field":
        keywords = {
            argument.name: argument.value
            for argument in value.arguments
            if isinstance(argument, griffe.ExprKeyword)
        }
        attribute.value = keywords.get("default")
        factory = keywords.get("default_factory")
        if factory is not None:  # a private factory: "a default is made" (typeshed's ...)
            private = _name(factory).startswith("_")
            attribute.value = "..." if private else griffe.ExprCall(factory, [])


def plain(annotation: Any, public: frozenset[str]) -> Any:
    """``annotation`` without ``Annotated`` metadata, ``Absent[X]`` as ``X | None``, and
    each name of a private alias (one not in ``public``) replaced by what it stands for."""
    if isinstance(annotation, griffe.ExprSubscript):
        return _plain_subscript(annotation, public)
    if isinstance(annotation, griffe.ExprBinOp):
        return griffe.ExprBinOp(
            plain(annotation.left, public), annotation.operator, plain(annotation.right, public)
        )
    if isinstance(annotation, griffe.ExprTuple):
        elements = [plain(element, public) for element in annotation.elements]
        return griffe.ExprTuple(elements, implicit=annotation.implicit)
    if isinstance(annotation, griffe.ExprName | griffe.ExprAttribute) and public:
        return _expanded(annotation, public)
    return annotation


def _plain_subscript(annotation: griffe.ExprSubscript, public: frozenset[str]) -> Any:
    inner = annotation.slice
    wrapper = _name(annotation.left)
    if wrapper == "Annotated" and isinstance(inner, griffe.ExprTuple):
        return plain(inner.elements[0], public)
    if wrapper == "Absent":
        return griffe.ExprBinOp(plain(inner, public), "|", "None")
    return griffe.ExprSubscript(annotation.left, plain(inner, public))


def _expanded(name: griffe.ExprName | griffe.ExprAttribute, public: frozenset[str]) -> Any:
    """What a private type alias named ``name`` (``Alias``, ``module.Alias``) stands for;
    itself when it is public or not an alias of agent_ir's."""
    last = name.last if isinstance(name, griffe.ExprAttribute) else name
    if last.name in public:
        return name
    try:
        target = last.resolved
    except Exception:  # griffe raises several kinds for a name it cannot resolve
        return name
    if target is not None and target.is_alias:
        target = target.final_target
    if not isinstance(target, griffe.Attribute) or _name(target.annotation) != "TypeAlias":
        return name
    return plain(target.value, public)


def _rewrite_attribute(attribute: griffe.Attribute, public: frozenset[str]) -> None:
    """Its type without private aliases; a public type alias's value as plain as a
    field's type (``Message: TypeAlias = UserMessage | ...``); no value copied from the
    constructor's parameter of the same name (``self.unreadable = unreadable``)."""
    if _name(attribute.annotation) == "TypeAlias":
        attribute.value = plain(attribute.value, public)
    elif attribute.annotation is not None:
        attribute.annotation = plain(attribute.annotation, public)
    if isinstance(attribute.value, griffe.ExprName) and attribute.value.name == attribute.name:
        attribute.value = None


def _rewrite_function(function: griffe.Function, public: frozenset[str]) -> None:
    if function.returns is not None:
        function.returns = plain(function.returns, public)
    for parameter in function.parameters:
        if parameter.annotation is not None:
            parameter.annotation = plain(parameter.annotation, public)
        if _name(parameter.default).startswith("_"):
            parameter.default = "..."  # a private sentinel: "no value given"


def _name(expression: Any) -> str:
    if isinstance(expression, griffe.ExprName):
        return expression.name
    if isinstance(expression, griffe.ExprAttribute):
        return str(expression.last.name)
    return str(expression) if expression is not None else ""


def _is_struct(cls: griffe.Class) -> bool:
    return any(_name(base) in _STRUCT_BASES for base in cls.bases)


def _constructor(cls: griffe.Class, fields: list[griffe.Attribute]) -> griffe.Function:
    """``__init__(self, *, field: type = default, ...)``: msgspec's, keyword-only."""
    parameters = [griffe.Parameter("self", kind=griffe.ParameterKind.positional_or_keyword)]
    parameters += [
        griffe.Parameter(
            field.name,
            annotation=field.annotation,
            kind=griffe.ParameterKind.keyword_only,
            default=field.value,
        )
        for field in fields
    ]
    return griffe.Function("__init__", parameters=griffe.Parameters(*parameters), lineno=cls.lineno)
