"""The public faces: each package's one table of names, and what is derived from it.

A package says once which names it exports, by calling ``export(globals(), ...)`` at its
end: the names it has bound by then (its eager imports), ``modules`` it exports whole,
and ``lazy``, the names imported when first used, by module. From that call come the
package's ``__all__``, its ``__dir__`` and its ``__getattr__`` (PEP 562: the lazy names,
the ``faces`` it re-exports whole, ``computed`` values). Type checkers see the package's
own imports instead (``from m import *`` of a module whose ``__all__`` is what the
package exports; ``from m import X as X`` where the module exports more), as the call
defines nothing they read.

Exported names say where they are public: reprs, tracebacks and docs show
``agent_ir.UserMessage``, not ``agent_ir._generated.message_schema.UserMessage`` (as
httpx does for ``httpx.Response``). A name several packages export says the shallowest
(``agent_ir.ConversionWarning``, though ``agent_ir.wire`` exports it too).
"""

from __future__ import annotations

import importlib
import inspect
import typing
from collections.abc import Callable, Iterable, Mapping, MutableMapping
from dataclasses import dataclass
from types import FunctionType, ModuleType
from typing import Any

__all__ = ["Face", "export", "faces", "publish_lazy"]


@dataclass(frozen=True)
class Face:
    """One package's table: ``names`` by the module they are imported from (the package
    itself for the names it binds at once), published as ``module``'s."""

    package: str
    module: str
    names: Mapping[str, tuple[str, ...]]
    lazy: frozenset[str]

    @property
    def exported(self) -> tuple[str, ...]:
        return tuple(sorted(name for names in self.names.values() for name in names))


_FACES: dict[str, Face] = {}


def faces() -> Mapping[str, Face]:
    """Every package's table so far, by package (the packages imported yet)."""
    return dict(_FACES)


def export(
    namespace: MutableMapping[str, Any],
    *,
    modules: Iterable[str] = (),
    lazy: Mapping[str, tuple[str, ...]] | None = None,
    faces: Iterable[str] = (),
    computed: Mapping[str, Callable[[], Any]] | None = None,
    module: str | None = None,
) -> Face:
    """Make the package whose globals are ``namespace`` export, as ``module`` (by default
    itself): every name it has bound that is neither private nor a module, the
    submodules named in ``modules``, the names of ``lazy`` (imported from their module
    when first used) and the whole ``__all__`` of each package in ``faces`` (packages of
    lazy names themselves, imported now). ``computed`` names are made when asked for and
    are not in ``__all__``.

    Sets ``__all__``, ``__dir__`` and ``__getattr__`` in ``namespace``, publishes the
    names bound now, and returns the table (kept for ``publish_lazy``)."""
    package = namespace["__name__"]
    bound = [
        name
        for name, value in namespace.items()
        if not name.startswith("_") and not isinstance(value, ModuleType)
    ]
    later = dict(lazy or {})
    for face in faces:
        later[face] = tuple(importlib.import_module(face).__all__)
    face_of = Face(
        package=package,
        module=module or package,
        names={package: (*bound, *modules), **later},
        lazy=frozenset(later),
    )
    _FACES[package] = face_of
    publish_lazy(namespace, package)
    exported = list(face_of.exported)
    namespace["__all__"] = exported
    namespace["__dir__"] = lambda: list(exported)
    namespace["__getattr__"] = _lazy_getattr(namespace, face_of, dict(computed or {}))
    return face_of


def _lazy_getattr(
    namespace: MutableMapping[str, Any], face: Face, computed: Mapping[str, Callable[[], Any]]
) -> Callable[[str], Any]:
    origin = {name: source for source in face.lazy for name in face.names[source]}

    def __getattr__(name: str) -> Any:
        if name in computed:
            return computed[name]()
        source = origin.get(name)
        if source is None:
            raise AttributeError(f"module {face.package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(source), name)
        _publish_one(value, face.module)
        namespace[name] = value
        return value

    return __getattr__


def publish_lazy(namespace: Mapping[str, Any], module: str) -> None:
    """``publish`` the names of ``module`` (a package or a module a package's table
    names) as the shallowest exporting package's, however they were reached: a module
    that a package imports lazily ends with this call."""
    for face in _FACES.values():
        for name in face.names.get(module, ()):
            if name in namespace:
                _publish_one(namespace[name], face.module)


def _publish_one(value: Any, module: str) -> None:
    """``publish`` ``value`` as ``module``'s unless a shallower face publishes it."""
    current = getattr(value, "__module__", None)
    public = {face.module for face in _FACES.values()}
    if current in public and current.count(".") <= module.count("."):
        return
    publish({"value": value}, ("value",), module)


def publish(namespace: Mapping[str, Any], names: Iterable[str], module: str) -> None:
    """Set ``__module__`` to ``module`` on every class and function among ``names``.

    A generated class's annotations are strings (``from __future__ import annotations``)
    that msgspec and ``typing.get_type_hints`` evaluate in the namespace of the class's
    ``__module__``: they are evaluated first, in their own module, so that moving the
    name changes nothing for decoding, ``msgspec.json.schema`` or ``get_type_hints``.
    """
    for name in names:
        value = namespace[name]
        if isinstance(value, type):
            _resolve_annotations(value)
        elif not isinstance(value, FunctionType):
            continue  # a constant, a module or a type alias keeps where it is
        value.__module__ = module


def _resolve_annotations(cls: type) -> None:
    own = inspect.get_annotations(cls)
    if not own:
        return
    hints = typing.get_type_hints(cls, include_extras=True)
    cls.__annotations__ = {field: hints[field] for field in own}
