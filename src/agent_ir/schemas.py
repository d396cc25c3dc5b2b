"""The v1 JSON Schemas, shipped inside the package.

``load("message")`` returns the parsed schema of ``schemas/v1/message.schema.json``;
``path("message")`` a filesystem path to it; ``names()`` every schema name;
``registry()`` a ``referencing.Registry`` holding all of them by ``$id`` (offline: no
``$ref`` is ever fetched).

A wheel carries the files as ``agent_ir/_schemas/v1``. An editable install of a source
checkout has no copy inside the package, so the checkout's own ``schemas/v1`` is used.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referencing import Registry

__all__ = ["load", "names", "path", "registry", "schema_dir"]

VERSION = "v1"


@functools.cache
def schema_dir() -> Path:
    """The directory holding the ``*.schema.json`` files of this version."""
    # Imported here: importlib.resources was a sixth of ``import agent_ir``.
    import importlib.resources

    packaged = Path(str(importlib.resources.files("agent_ir"))) / "_schemas" / VERSION
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parents[2] / "schemas" / VERSION
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"agent_ir schemas not found in {packaged} nor in {checkout}")


def names() -> tuple[str, ...]:
    """Every schema name, e.g. ``("diagnostic", "json", "message", ...)``."""
    return tuple(
        sorted(p.name.removesuffix(".schema.json") for p in schema_dir().glob("*.schema.json"))
    )


def path(name: str) -> Path:
    """The file of schema ``name`` (``"message"`` -> ``.../message.schema.json``)."""
    candidate = schema_dir() / f"{name}.schema.json"
    if not candidate.is_file():
        raise KeyError(f"no schema named {name!r}; known: {', '.join(names())}")
    return candidate


def load(name: str) -> dict[str, Any]:
    """A fresh parsed copy of schema ``name``."""
    return json.loads(_text(name))  # type: ignore[no-any-return]


@functools.cache
def _text(name: str) -> str:
    return path(name).read_text(encoding="utf-8")


@functools.cache
def registry() -> Registry[Any]:
    """Every schema of this version, registered by ``$id`` as Draft 2020-12 resources.

    Resources are registered without ``$schema`` being looked up remotely; a ``$ref``
    between files resolves inside this registry only.
    """
    # Imported here: referencing is only needed to explain a failure or to run a
    # validator, and importing it costs a command a noticeable part of its start-up.
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    resources = []
    for name in names():
        contents = load(name)
        resources.append(
            (contents["$id"], Resource.from_contents(contents, default_specification=DRAFT202012))
        )
    return Registry().with_resources(resources)
