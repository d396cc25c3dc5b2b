"""Make exported names say ``agent_ir``: reprs, tracebacks and docs show
``agent_ir.UserMessage``, not ``agent_ir._generated.message_schema.UserMessage`` (as httpx
does for ``httpx.Response``)."""

from __future__ import annotations

import importlib
import inspect
import typing
from collections.abc import Callable, Iterable, Mapping, MutableMapping
from types import FunctionType
from typing import Any

__all__ = ["LAZY", "lazy_names", "publish", "publish_lazy"]

# The public names ``agent_ir`` imports when first used, by module. Each of these
# modules ends with ``publish_lazy(globals(), __name__)``, so its names say ``agent_ir``
# however they were reached.
LAZY: dict[str, tuple[str, ...]] = {
    "agent_ir.repair": (
        "RepairAction",
        "RepairCode",
        "RepairResult",
        "normalize_tool_call_ids",
        "repair_transcript",
        "trim_transcript",
    ),
    "agent_ir.replies": (
        "FixtureProviderAdapter",
        "ModelChunk",
        "ModelResponse",
        "ModelStream",
        "ProviderError",
        "ProviderErrorCode",
        "RefusalDeltaChunk",
        "TextDeltaChunk",
        "ThinkingDeltaChunk",
        "ToolCallChunk",
    ),
    "agent_ir.rules": ("check_wire_rules",),
    "agent_ir.wire": (
        "ConversionWarning",
        "ConversionWarningCode",
        "WireFormatError",
        "WireMessages",
        "WireRequest",
    ),
    "agent_ir.wire._registry": ("Provider",),
}


def publish_lazy(namespace: Mapping[str, Any], module: str) -> None:
    """``publish`` the names ``LAZY`` lists for ``module`` as ``agent_ir``'s."""
    publish(namespace, LAZY[module], "agent_ir")


def lazy_names(
    namespace: MutableMapping[str, Any], modules: Mapping[str, tuple[str, ...]], module: str
) -> Callable[[str], Any]:
    """A package's ``__getattr__`` (PEP 562) that imports each of its names from the
    module ``modules`` says on first use, ``publish``es it as ``module``'s and keeps it in
    the package's ``namespace``: ``agent_ir.wire`` and its provider folders import a
    provider's replies and streams (asyncio among them) only when asked for, and the
    command's start-up, which reads only the registry, none of them."""
    origin = {name: source for source, names in modules.items() for name in names}
    package = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        source = origin.get(name)
        if source is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(source), name)
        publish({name: value}, (name,), module)
        namespace[name] = value
        return value

    return __getattr__


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
