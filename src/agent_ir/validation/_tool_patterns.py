"""The parameters as jsonschema-rs compiles them, and its words read back as the
parameters'.

``compiled_form`` writes each pattern of the parameters (their readings come from the
profile check, ``agent_ir.validation._tool_profile.read_profile``) as ``agent_ir.validation._pattern_dialect``
translated it, for Rust's linear ``regex``; an unasserted pattern is left out:

* an unasserted ``pattern`` keyword is removed from its subschema;
* an unasserted ``patternProperties`` key is replaced by one key that matches every
  name, holding ``true``: its subschema is not applied, and no name is counted as
  additional (``additionalProperties``, ``unevaluatedProperties``) since any might
  have matched it. So a call is never refused for a pattern nobody matched.

Only the containers on the way to a changed pattern are copied; the parameters are
never written. The translations are told apart: two patterns with the same translation
(``\\d`` and ``[0-9]``) are written differently (an empty named group added), so each
translation names one pattern of the parameters. ``Compiled.originals`` reads them back:
``original_path`` for a path through the compiled schema, ``original_value`` for a
value jsonschema-rs names in it (a refused pattern is quoted as written).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from agent_ir.validation._tool_profile import PatternPlace

__all__ = ["Compiled", "compiled_form", "original_path", "original_value"]


class Compiled(NamedTuple):
    """``schema``: what jsonschema-rs compiles; ``originals``: each translation written
    into it -> the pattern of the parameters it stands for (None for the key matching
    every name)."""

    schema: Any
    originals: dict[str, str | None]


def compiled_form(parameters: Any, patterns: tuple[PatternPlace, ...]) -> Compiled:
    """The compiled form of ``parameters`` (see the module docstring); ``patterns``:
    every pattern of the parameters with its reading."""
    if not patterns:
        return Compiled(parameters, {})
    names = _Names()
    copies = _Copies(parameters)
    keys: dict[tuple[Any, ...], dict[str, PatternPlace]] = {}
    for place in patterns:
        if place.key:
            keys.setdefault(place.schema, {})[place.pattern] = place
            continue
        schema = copies.at(place.schema)
        translated = place.reading.translated
        if translated is None:
            del schema["pattern"]
        else:
            schema["pattern"] = names.of(place.pattern, translated)
    # Deepest first: a key rewritten above a nested ``patternProperties`` would take away
    # the name its path goes through.
    for path, places in sorted(keys.items(), key=lambda item: -len(item[0])):
        schema = copies.at(path)
        schema["patternProperties"] = _keys(schema["patternProperties"], places, names)
    return Compiled(copies.root, names.originals)


def _keys(held: dict[str, Any], places: dict[str, PatternPlace], names: _Names) -> dict[str, Any]:
    """A ``patternProperties`` with its keys translated; the unasserted ones replaced by
    one key matching every name, holding ``true``."""
    written: dict[str, Any] = {}
    unasserted = False
    for key, schema in held.items():
        translated = places[key].reading.translated
        if translated is None:
            unasserted = True
        else:
            written[names.of(key, translated)] = schema
    if unasserted:
        written[names.of(None, "")] = True
    return written


class _Names:
    """The translations written, each naming one pattern of the parameters."""

    def __init__(self) -> None:
        self.originals: dict[str, str | None] = {}
        self.given: dict[str | None, str] = {}

    def of(self, original: str | None, translated: str) -> str:
        """The name of ``original``: its translation, told apart when another pattern
        has the same translation (an empty group named by the count of names so far,
        which no other name has: the count only grows)."""
        name = self.given.get(original)
        if name is None:
            name = translated
            if name in self.originals:
                name = f"{translated}(?<agentir{len(self.originals)}>)"
            self.originals[name] = original
            self.given[original] = name
        return name


class _Copies:
    """Shallow copies of the containers on the way to each changed subschema."""

    def __init__(self, parameters: Any) -> None:
        self.root = _shallow(parameters)
        self.copies: dict[tuple[Any, ...], Any] = {(): self.root}

    def at(self, path: tuple[Any, ...]) -> Any:
        """The copy of the subschema at ``path``, and of every container above it."""
        node = self.root
        for depth, part in enumerate(path, 1):
            copy = self.copies.get(path[:depth])
            if copy is None:
                copy = _shallow(node[part])
                node[part] = copy
                self.copies[path[:depth]] = copy
            node = copy
        return node


def _shallow(container: Any) -> Any:
    return list(container) if type(container) is list else dict(container)


def original_path(path: tuple[Any, ...], originals: dict[str, str | None]) -> tuple[Any, ...]:
    """A path through the compiled schema, each ``patternProperties`` key written as in
    the parameters."""
    if not originals:
        return path
    read: list[Any] = []
    for part in path:
        if read and read[-1] == "patternProperties" and type(part) is str:
            original = originals.get(part)
            part = part if original is None else original
        read.append(part)
    return tuple(read)


def original_value(value: Any, originals: dict[str, str | None]) -> Any:
    """A value of the compiled schema (a translated pattern) as in the parameters."""
    if type(value) is str and originals.get(value) is not None:
        return originals[value]
    return value
