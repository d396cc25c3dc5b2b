"""Generate src/agent_ir/_generated/wire/ from schemas/v1/wire with our own small emitter.

Each ``schemas/v1/wire/<format>.schema.json`` declares one provider wire format; every
definition of its ``$defs`` becomes, in the file's order, either a ``WireStruct`` class
(``agent_ir._wire_base``: an object with ``properties``) or a type alias (anything
else: a union of definitions, or another definition under a second name), in
``_generated/wire/<format>.py`` (``hf-chat`` -> ``hf_chat``). The output is ruff
formatted and reproducible byte for byte; ``codegen/check.py`` fails on any drift.

How a schema maps to Python (``schemas/README.md``, "Wire formats", is the reference):

* a definition's and a property's ``description`` is the class's docstring and the
  field's ``msgspec.Meta(description=...)``; ``x-extra`` is the field's ``Meta(extra=...)``;
* types: ``$ref`` is the class or alias, ``anyOf`` a union in its order, ``const`` and
  ``enum`` a ``Literal``, ``{}`` ``Any``, an ``array`` a ``list``, an object with
  ``additionalProperties`` a ``dict[str, ...]``; an integer with ``minimum`` 0 is
  ``Count`` and a string with ``minLength`` 1 and the non-blank pattern is ``NonBlank``
  (no other constraint is read: one is refused);
* a property with a ``default`` is optional (``{}``/``[]`` through ``default_factory``);
  one in ``required`` has no default;
* ``x-base`` names the base class (default ``WireStruct``): the properties the base
  declares identically are inherited, not declared again; ``x-tag-field`` names the tag
  property (its ``const`` is the tag); ``x-kw-only``, ``x-gc`` and ``x-rename`` are the
  class's msgspec options; ``x-rest-kept`` and ``x-empty-tag-read`` its class variables;
  ``x-python-name`` a field's Python name when it is not the key (or, under
  ``x-rename: camel``, not the key in snake_case).

A definition is a class when it is a closed object (``"type": "object"``,
``"additionalProperties": false``); an open object is a ``dict`` alias. Anything else
(a keyword the emitter does not read, a ``required`` key that is no property, a
constraint other than those two) raises ``CodegenError`` naming the schema file and the
definition; nothing is written then.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WIRE_SCHEMAS = ROOT / "schemas" / "v1" / "wire"
NON_BLANK_PATTERN = (
    "[^\\u0009\\u000a\\u000b\\u000c\\u000d\\u001c\\u001d\\u001e\\u001f\\u0020\\u0085"
    "\\u00a0\\u1680\\u2000\\u2001\\u2002\\u2003\\u2004\\u2005\\u2006\\u2007\\u2008"
    "\\u2009\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]"
)
PACKAGE_DOC = '"""The wire formats\' declarations, generated from schemas/v1/wire."""\n'
_ANNOTATION_KEYS = {"description", "default", "x-extra", "x-python-name"}
_TYPE_KEYS = {
    *("type", "items", "additionalProperties", "anyOf", "$ref", "const", "enum"),
    *("minimum", "minLength", "pattern", "description", "x-extra"),
}
_CLASS_KEYS = {
    *("description", "type", "properties", "required", "additionalProperties", "x-base"),
    *("x-tag-field", "x-kw-only", "x-gc", "x-rename", "x-rest-kept", "x-empty-tag-read"),
}
_ROOT_KEYS = {"$schema", "$id", "title", "description", "$defs"}
_CLASS_VARIABLES = (("x-rest-kept", "rest_kept"), ("x-empty-tag-read", "empty_tag_read"))
_DESCRIPTION_WIDTH = 76


class CodegenError(Exception):
    """A wire schema the emitter cannot turn into Structs; the message names the schema
    file and the definition."""


def render_all(schemas: Path | None = None) -> dict[str, str]:
    """``{file name: its text}`` of the package: ``__init__.py`` and one module per
    wire schema of ``schemas`` (default ``WIRE_SCHEMAS``)."""
    texts = {"__init__.py": _header("schemas/v1/wire") + PACKAGE_DOC}
    for schema_file in sorted((schemas or WIRE_SCHEMAS).glob("*.schema.json")):
        texts[module_name(schema_file) + ".py"] = render(schema_file)
    return texts


def is_class(node: dict[str, Any]) -> bool:
    """Whether a definition is a class: a closed object (``"type": "object"``,
    ``"additionalProperties": false``). An open object is a ``dict`` alias, never a
    class, which would drop every key it does not declare."""
    return node.get("type") == "object" and node.get("additionalProperties") is False


def module_name(schema_file: Path) -> str:
    """``hf-chat.schema.json`` -> ``hf_chat``."""
    return schema_file.name.removesuffix(".schema.json").replace("-", "_")


def render(schema_file: Path) -> str:
    """The ruff-formatted module of one wire schema."""
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    where = f"schemas/v1/wire/{schema_file.name}"
    unknown = set(schema) - _ROOT_KEYS
    if unknown:
        raise CodegenError(f"{where}: keywords the emitter does not read: {sorted(unknown)}")
    module = _Module(where, schema["$defs"])
    body = [module.definition(name) for name in schema["$defs"]]
    public = sorted(name for name in schema["$defs"] if not name.startswith("_"))
    text = "".join(
        [
            _header(where),
            _docstring(schema["description"], ""),
            "\n\nfrom __future__ import annotations\n\n",
            module.imports(),
            "\n__all__ = [",
            "".join(f'"{name}", ' for name in public),
            "]\n\n\n",
            "\n\n".join(body),
        ]
    )
    return _ruff_format(text)


def _header(source: str) -> str:
    return (
        f"# DO NOT EDIT: generated from {source} by codegen/generate.py.\n"
        "# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.\n"
    )


class _Module:
    """The definitions of one schema, emitted one by one; remembers the names it uses
    so that only those are imported."""

    def __init__(self, where: str, definitions: dict[str, Any]) -> None:
        self.where = where
        self.definitions = definitions
        self.used: set[str] = set()
        self.current = ""

    def imports(self) -> str:
        typing_names = sorted(self.used & {"Annotated", "Any", "ClassVar", "Literal"})
        msgspec_names = sorted(self.used & {"Meta", "field"})
        decode_names = sorted(self.used & {"Count", "NonBlank", "WireStruct"})
        lines = []
        if typing_names:
            lines.append(f"from typing import {', '.join(typing_names)}\n")
        if msgspec_names:
            lines.append(f"\nfrom msgspec import {', '.join(msgspec_names)}\n")
        lines.append(f"\nfrom agent_ir._wire_base import {', '.join(decode_names)}\n")
        return "".join(lines)

    def definition(self, name: str) -> str:
        self.current = name
        node = self.definitions[name]
        if is_class(node):
            return self.struct(name, node)
        rest = {key: value for key, value in node.items() if key != "description"}
        text = f"{name} = {self.type_of(rest)}\n"
        if "description" in node:
            text += _docstring(node["description"], "") + "\n"
        return text

    # --- classes -------------------------------------------------------------------

    def struct(self, name: str, node: dict[str, Any]) -> str:
        unknown = set(node) - _CLASS_KEYS
        if unknown:
            raise self.error(f"keywords the emitter does not read: {sorted(unknown)}")
        properties = node.get("properties", {})
        undeclared = [key for key in node.get("required", ()) if key not in properties]
        if undeclared:
            raise self.error(f"required keys that are not properties: {undeclared}")
        base = node.get("x-base", "WireStruct")
        if base == "WireStruct":
            self.used.add("WireStruct")
        elif base not in self.definitions or not is_class(self.definitions[base]):
            raise self.error(f"x-base {base!r} is not a class of this file")
        elif list(self.definitions).index(base) > list(self.definitions).index(name):
            raise self.error(f"x-base {base!r} is defined after the class")
        options = self.options(node)
        lines = [f"class {name}({', '.join([base, *options])}):\n"]
        if "description" in node:
            lines.append(_docstring(node["description"], "    ") + "\n\n")
        for keyword, variable in _CLASS_VARIABLES:
            if keyword in node:
                self.used.add("ClassVar")
                lines.append(f"    {variable}: ClassVar[bool] = {node[keyword]!r}\n")
        inherited = self.properties(base) if base != "WireStruct" else {}
        required = set(node.get("required", ()))
        tag_field = node.get("x-tag-field")
        for key, field_node in node.get("properties", {}).items():
            if key == tag_field or inherited.get(key) == field_node:
                continue
            lines.append("    " + self.field(key, field_node, key in required, node) + "\n")
        if len(lines) == 1:
            lines.append("    pass\n")
        return "".join(lines)

    def options(self, node: dict[str, Any]) -> list[str]:
        options = []
        tag_field = node.get("x-tag-field")
        if tag_field is not None:
            tag = node.get("properties", {}).get(tag_field, {}).get("const")
            if not isinstance(tag, str):
                raise self.error(f"the tag property {tag_field!r} has no string const")
            options += [f"tag_field={json.dumps(tag_field)}", f"tag={json.dumps(tag)}"]
        for keyword, option in (("x-kw-only", "kw_only"), ("x-gc", "gc"), ("x-rename", "rename")):
            if keyword in node:
                options.append(f"{option}={_python_literal(node[keyword])}")
        return options

    def properties(self, name: str) -> dict[str, Any]:
        properties: dict[str, Any] = self.definitions[name].get("properties", {})
        return properties

    def renamed(self, node: dict[str, Any]) -> bool:
        """Whether ``rename="camel"`` is in effect for the class ``node`` (or a base)."""
        while True:
            if node.get("x-rename") == "camel":
                return True
            base = node.get("x-base")
            if base is None:
                return False
            node = self.definitions[base]

    def field(self, key: str, node: dict[str, Any], required: bool, owner: dict[str, Any]) -> str:
        renamed = self.renamed(owner)
        python_name = node.get("x-python-name") or (_snake(key) if renamed else key)
        encoded = _camel(python_name) if renamed else python_name
        annotation = self.annotated(node)
        if required:
            if "default" in node or encoded != key:
                raise self.error(f"{key}: a required property has a default or another name")
            return f"{python_name}: {annotation}"
        if "default" not in node:
            raise self.error(f"{key}: an optional property needs a default")
        default = self.default(node["default"])
        if encoded != key:
            self.used.add("field")
            default = default if default.startswith("field(") else f"field(default={default})"
            default = default[:-1] + f", name={json.dumps(key)})"
        return f"{python_name}: {annotation} = {default}"

    def default(self, value: Any) -> str:
        if value == {} or value == []:
            self.used.add("field")
            return f"field(default_factory={'dict' if value == {} else 'list'})"
        if isinstance(value, (bool, int, float, str)) or value is None:
            return repr(value)
        raise self.error(f"default {value!r} is not a scalar, {{}} or []")

    # --- types ---------------------------------------------------------------------

    def annotated(self, node: dict[str, Any]) -> str:
        """The annotation of a schema node: its type, in ``Annotated[..., Meta(...)]``
        when it has a description or ``x-extra``."""
        bare = self.type_of({k: v for k, v in node.items() if k not in _ANNOTATION_KEYS})
        meta = []
        if "description" in node:
            meta.append(f"description={_string(node['description'])}")
        if "x-extra" in node:
            meta.append(f"extra={_python_literal(node['x-extra'])}")
        if not meta:
            return bare
        self.used.update({"Annotated", "Meta"})
        return f"Annotated[{bare}, Meta({', '.join(meta)})]"

    def type_of(self, node: dict[str, Any]) -> str:
        unknown = set(node) - _TYPE_KEYS
        if unknown:
            raise self.error(f"keywords the emitter does not read: {sorted(unknown)}")
        if "description" in node or "x-extra" in node:
            return self.annotated(node)
        if "$ref" in node:
            return self.reference(node["$ref"])
        if "anyOf" in node:
            return " | ".join(self.annotated(member) for member in node["anyOf"])
        if "const" in node or "enum" in node:
            self.used.add("Literal")
            values = [node["const"]] if "const" in node else node["enum"]
            return f"Literal[{', '.join(json.dumps(value) for value in values)}]"
        return self.typed(node)

    def typed(self, node: dict[str, Any]) -> str:
        kind = node.get("type")
        constraints = {key: node[key] for key in ("minimum", "minLength", "pattern") if key in node}
        if kind == "integer" and constraints == {}:
            return "int"
        if kind == "integer" and constraints == {"minimum": 0}:
            self.used.add("Count")
            return "Count"
        if kind == "string" and constraints == {}:
            return "str"
        if kind == "string" and constraints == {"minLength": 1, "pattern": NON_BLANK_PATTERN}:
            self.used.add("NonBlank")
            return "NonBlank"
        if constraints:
            raise self.error(f"constraints {constraints} are neither Count nor NonBlank")
        simple = {"number": "float", "boolean": "bool", "null": "None"}
        if kind in simple:
            return simple[kind]
        if kind == "array":
            return f"list[{self.annotated(node['items'])}]"
        if kind == "object" and "additionalProperties" in node:
            return f"dict[str, {self.annotated(node['additionalProperties'])}]"
        if kind is None:
            self.used.add("Any")
            return "Any"
        raise self.error(f"type {kind!r} cannot be emitted")

    def reference(self, ref: str) -> str:
        name = ref.removeprefix("#/$defs/")
        if name == ref or name not in self.definitions:
            raise self.error(f"$ref {ref!r} is not a definition of this file")
        return name

    def error(self, what: str) -> CodegenError:
        return CodegenError(f"{self.where}: {self.current}: {what}")


def _docstring(text: str, indent: str) -> str:
    if '"""' in text or text.endswith('"'):
        raise CodegenError(f"a description holds a triple quote: {text[:40]!r}")
    body = text.replace("\\", "\\\\").replace("\n", "\n" + indent)
    body = "\n".join(line.rstrip() if line.strip() else "" for line in body.split("\n"))
    return f'{indent}"""{body}"""'


def _string(text: str) -> str:
    """A string literal of ``text``, cut at spaces into pieces of about
    ``_DESCRIPTION_WIDTH`` characters (implicitly joined) so that ruff can lay it out."""
    pieces: list[str] = []
    for word in re.findall(r"\S+\s*|\s+", text):
        if pieces and len(pieces[-1]) + len(word) <= _DESCRIPTION_WIDTH:
            pieces[-1] += word
        else:
            pieces.append(word)
    literals = [json.dumps(piece, ensure_ascii=False) for piece in pieces] or ['""']
    return literals[0] if len(literals) == 1 else "(" + " ".join(literals) + ")"


def _python_literal(value: Any) -> str:
    """A JSON value as a Python literal (``null`` -> ``None``...)."""
    if isinstance(value, dict):
        items = ", ".join(f"{json.dumps(k)}: {_python_literal(v)}" for k, v in value.items())
        return "{" + items + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_python_literal(item) for item in value) + "]"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return repr(value)


def _snake(key: str) -> str:
    return re.sub(r"[A-Z]", lambda match: "_" + match.group(0).lower(), key)


def _camel(name: str) -> str:
    first, *rest = name.split("_")
    return first + "".join(part.title() for part in rest)


def _ruff_format(text: str) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--isolated", "--line-length", "100", "-"],
        input=text.encode("utf-8"),
        capture_output=True,
        check=False,
    )
    if result.returncode != 0:
        raise CodegenError(f"generated code does not format: {result.stderr.decode()[:400]}")
    return result.stdout.decode("utf-8")
