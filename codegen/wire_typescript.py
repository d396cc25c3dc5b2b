"""TypeScript declarations of the wire formats (``bindings/typescript/wire/<format>.d.ts``)
from schemas/v1/wire, with our own small emitter (no Node.js needed).

The schemas are the ones ``codegen/wire_structs.py`` turns into Python, read the same
way (``schemas/README.md``, "Wire formats"): a closed object is an ``interface`` whose
members are all ``readonly``, optional (``?``) unless ``required``, the tag member typed
by its ``const``; any other definition is a ``type`` alias. ``{}`` is ``unknown``, an
array ``readonly T[]``, an open object ``{ readonly [key: string]: T }``, ``anyOf`` a
union; constraints (``minimum``, ``minLength``, ``pattern``) and the ``x-`` keywords
say nothing a type can, and are left out. Descriptions become JSDoc comments.
``codegen/typescript.py`` adds the files to the package; ``nox -s codegen_check``
compares them byte for byte.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import wire_structs

HEADER = (
    "// DO NOT EDIT: generated from schemas/v1/wire/{file} by codegen/wire_typescript.py.\n"
    "// Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.\n"
    "// The {title} wire format as agent-ir reads it: each type is a $defs entry of the\n"
    "// schema, under its name. agent-ir warns about keys and types it does not declare\n"
    '// rather than refusing them (schemas/README.md, "Wire formats").\n'
)
_SCALARS = {"string": "string", "integer": "number", "number": "number", "boolean": "boolean"}
_LEFT_OUT = {"minimum", "minLength", "pattern", "x-extra", "x-python-name", "default"}

CodegenError = wire_structs.CodegenError


def render_all(schemas: Path | None = None) -> dict[str, str]:
    """``{"wire/<format>.d.ts": its text}`` for every wire schema of ``schemas``."""
    directory = schemas or wire_structs.WIRE_SCHEMAS
    return {
        f"wire/{schema_file.name.removesuffix('.schema.json')}.d.ts": render(schema_file)
        for schema_file in sorted(directory.glob("*.schema.json"))
    }


def render(schema_file: Path) -> str:
    """The declarations of one wire schema."""
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    emitter = _Emitter(f"schemas/v1/wire/{schema_file.name}", schema["$defs"])
    header = HEADER.format(file=schema_file.name, title=schema["title"])
    return header + "".join(emitter.definition(name) for name in schema["$defs"])


class _Emitter:
    def __init__(self, where: str, definitions: dict[str, Any]) -> None:
        self.where = where
        self.definitions = definitions
        self.current = ""

    def definition(self, name: str) -> str:
        self.current = name
        node = self.definitions[name]
        comment = _comment(node.get("description"), "")
        if not wire_structs.is_class(node):
            rest = {key: value for key, value in node.items() if key != "description"}
            return f"\n{comment}export type {name} = {self.type_of(rest)};\n"
        required = set(node.get("required", ()))
        members = [
            _comment(member.get("description"), "  ")
            + f"  readonly {_key(key)}{'' if key in required else '?'}: {self.type_of(member)};\n"
            for key, member in node.get("properties", {}).items()
        ]
        body = f"\n{''.join(members)}" if members else ""
        return f"\n{comment}export interface {name} {{{body}}}\n"

    def type_of(self, node: dict[str, Any]) -> str:
        known = {"type", "items", "additionalProperties", "anyOf", "$ref", "const", "enum"}
        unknown = set(node) - known - _LEFT_OUT - {"description"}
        if unknown:
            raise self.error(f"keywords the emitter does not read: {sorted(unknown)}")
        if "$ref" in node:
            target = node["$ref"].removeprefix("#/$defs/")
            if target not in self.definitions:
                raise self.error(f"$ref {node['$ref']!r} is not a definition of this file")
            return str(target)
        if "anyOf" in node:
            return " | ".join(self.type_of(member) for member in node["anyOf"])
        if "const" in node or "enum" in node:
            values = [node["const"]] if "const" in node else node["enum"]
            return " | ".join(json.dumps(value) for value in values)
        return self.typed(node)

    def typed(self, node: dict[str, Any]) -> str:
        kind = node.get("type")
        if kind in _SCALARS:
            return _SCALARS[kind]
        if kind == "null":
            return "null"
        if kind == "array":
            items = self.type_of(node["items"])
            return f"readonly ({items})[]" if " | " in items else f"readonly {items}[]"
        if kind == "object" and "additionalProperties" in node:
            return f"{{ readonly [key: string]: {self.type_of(node['additionalProperties'])} }}"
        if kind is None:
            return "unknown"
        raise self.error(f"type {kind!r} cannot be declared")

    def error(self, what: str) -> CodegenError:
        return CodegenError(f"{self.where}: {self.current}: {what}")


def _key(key: str) -> str:
    return key if key.replace("_", "a").isalnum() and not key[0].isdigit() else json.dumps(key)


def _comment(text: str | None, indent: str) -> str:
    if not text:
        return ""
    lines = text.replace("*/", "*\\/").split("\n")
    body = "".join(f"{indent} * {line}".rstrip() + "\n" for line in lines)
    return f"{indent}/**\n{body}{indent} */\n"
