"""Generate bindings/typescript/ (index.d.ts, package.json, src/providers.ts) from
schemas/v1 with json-schema-to-typescript, run with the machine's Node.js.

Usage: python codegen/typescript.py [OUTPUT_DIR]   (default: bindings/typescript)

The tool and everything it depends on are pinned (``codegen/typescript/package.json`` and
``package-lock.json``) and installed with ``npm ci`` into a temporary folder, so the
output is reproducible byte for byte; ``nox -s codegen_check`` compares it.

What is ours, around the tool:

* ``bundle``: the schema files become one document, every ``$defs`` entry under its own
  name (json-schema-to-typescript cannot follow references across files), and each
  ``$ref`` becomes a ``tsType`` naming its target. The tool would otherwise turn every
  ``$ref`` with a description beside it into a numbered copy of the target
  (``JsonObject1``); so every ``$defs`` entry is exactly one type, named as in the schema,
  and a property keeps its description. An array of ``T`` becomes ``readonly T[]``.
  Keywords the declarations cannot say (patterns, ``not``, ``if``/``then``, property
  counts, annotations such as ``discriminator`` and ``x-code``) are left out.
* ``readonly_members``: every property and index signature of an interface is
  ``readonly`` (the IR is immutable).
* The declarations are then checked: exactly the ``$defs`` names are exported, no
  mutable array and no open ``unknown`` index signature is left.

A schema the bundle cannot express (an array of an inline schema, two files defining
one name) fails with ``CodegenError`` naming the schema file and the definition.

``wire/<format>.d.ts`` are ours too: the wire formats' declarations
(``schemas/v1/wire/``), written by ``codegen/wire_typescript.py`` (no Node.js), and
exported as types only (``import type { Message } from "agent-ir/wire/anthropic"``).

``src/keywordSentences.ts`` is ours alone too: the sentence templates of
``src/agent_ir/validation/keyword_sentences.json`` (what TOOL_ARGUMENTS_MISMATCH says of
each failing keyword), which Python fills too, so that both say the same words.

``src/providers.ts`` is ours alone (no tool, no Node.js): the providers' records of
``schemas/v1/providers.json`` as a TypeScript constant (``RECORDS``, typed with the
declarations' ``ProviderRecord``), with the ``Provider`` type and the ``PROVIDERS`` list
derived from their names, so that ``src/rules.ts`` holds no copy of a record. A record
turning on a turn rule ``src/rules.ts`` does not check (``UNCHECKED_TURNS``) fails with
``CodegenError``: the package would otherwise accept what the provider refuses.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import wire_typescript

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas" / "v1"
TOOL = ROOT / "codegen" / "typescript"
DEFAULT_OUTPUT = ROOT / "bindings" / "typescript"
PROVIDER_RECORDS = SCHEMAS / "providers.json"
PROVIDERS_MODULE = "src/providers.ts"
KEYWORD_SENTENCES = ROOT / "src" / "agent_ir" / "validation" / "keyword_sentences.json"
SENTENCES_MODULE = "src/keywordSentences.ts"
# The turn rules of a record that src/rules.ts does not check (no provider asks them).
UNCHECKED_TURNS: tuple[str, ...] = ()
BUNDLE_TITLE = "AgentIRSchemas"
HEADER = (
    "// DO NOT EDIT: generated from schemas/v1 by codegen/typescript.py"
    " (json-schema-to-typescript).\n"
    "// Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.\n"
    "// Each type is a $defs entry of the v1 schemas, under its name. The types say the\n"
    "// shape; the schemas say more (non-empty ids, base64, timestamps, media types):\n"
    "// validate untrusted JSON with them (see the README of agent-ir).\n"
)
# Keywords with no TypeScript equivalent that the tool is not given.
LEFT_OUT = frozenset(
    {
        "$comment",
        "contentEncoding",
        "dependentRequired",
        "dependentSchemas",
        "discriminator",
        "if",
        "maxProperties",
        "minProperties",
        "not",
        "pattern",
        "then",
        "x-code",
        "minimum",
        "maximum",
    }
)


class CodegenError(Exception):
    """The schemas cannot be bundled, or the declarations break a rule of ours; the
    message names the schema file and the definition when there is one."""


def main(argv: list[str]) -> int:
    output = Path(argv[0]).resolve() if argv else DEFAULT_OUTPUT
    try:
        generate(output)
    except CodegenError as error:
        print(f"codegen: {error}", file=sys.stderr)
        return 1
    return 0


def generate(output: Path) -> None:
    """Write ``index.d.ts``, ``package.json``, ``src/providers.ts`` and
    ``wire/<format>.d.ts`` into ``output``
    (created if needed; nothing else in it is touched)."""
    files = render()
    for name, text in files.items():
        target = output / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def render() -> dict[str, str]:
    """The generated files by name (a path under the package), not written anywhere."""
    providers = providers_module()  # first: these need no Node.js
    sentences = sentences_module()
    try:
        wire = wire_typescript.render_all()
    except wire_typescript.CodegenError as error:
        raise CodegenError(str(error)) from None
    bundled = bundle(SCHEMAS)
    declarations = finish(run_tool(bundled), set(bundled["$defs"]))
    return {
        "index.d.ts": declarations,
        "package.json": package_json(),
        PROVIDERS_MODULE: providers,
        SENTENCES_MODULE: sentences,
        **wire,
    }


# --- the bundle ------------------------------------------------------------------------


def bundle(directory: Path) -> dict[str, Any]:
    """One schema holding every ``$defs`` entry of ``directory``'s schema files, each
    reference written as a ``tsType``."""
    definitions: dict[str, Any] = {}
    origin: dict[str, str] = {}
    for schema_file in sorted(directory.glob("*.schema.json")):
        schema = json.loads(schema_file.read_text(encoding="utf-8"))
        where = schema_file.name
        for name, definition in schema["$defs"].items():
            if name in definitions:
                raise CodegenError(f"{where}: {name}: also defined in {origin[name]}")
            origin[name] = where
            definitions[name] = _for_typescript(definition, f"{where}: {name}")
    # The document itself is no type: the tool emits it as an empty interface, which
    # finish drops.
    return {
        "title": BUNDLE_TITLE,
        "type": "object",
        "additionalProperties": False,
        "$defs": definitions,
    }


def _for_typescript(node: Any, where: str) -> Any:
    if isinstance(node, list):
        return [_for_typescript(item, where) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        target = node["$ref"].rsplit("/", 1)[-1]
        return _with_description({"tsType": target}, node)
    converted = {
        key: _converted(key, value, where) for key, value in node.items() if key not in LEFT_OUT
    }
    if converted.get("type") == "array" and "items" in converted:
        items = converted["items"]
        if set(items) - {"description"} != {"tsType"} or not re.fullmatch(r"\w+", items["tsType"]):
            raise CodegenError(f"{where}: an array of an inline schema (use a $ref)")
        return _with_description({"tsType": f"readonly {items['tsType']}[]"}, node)
    return converted


def _converted(keyword: str, value: Any, where: str) -> Any:
    if keyword in ("enum", "const", "required"):
        return value  # values, not schemas
    if keyword == "properties":  # names, not keywords: none is left out
        return {name: _for_typescript(schema, where) for name, schema in value.items()}
    return _for_typescript(value, where)


def _with_description(converted: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    if "description" in node:
        converted["description"] = node["description"]
    return converted


# --- the tool --------------------------------------------------------------------------


def run_tool(bundled: dict[str, Any]) -> str:
    """json-schema-to-typescript's declarations of ``bundled``."""
    for program in ("node", "npm"):
        if shutil.which(program) is None:
            raise CodegenError(
                f"{program} is not on the PATH (the TypeScript declarations need Node.js)"
            )
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        for name in ("package.json", "package-lock.json", "compile.mjs"):
            shutil.copyfile(TOOL / name, work / name)
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"],
            cwd=work,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        (work / "bundle.json").write_text(json.dumps(bundled, indent=2), encoding="utf-8")
        result = subprocess.run(
            ["node", "compile.mjs", "bundle.json"],
            cwd=work,
            check=True,
            capture_output=True,
            text=True,
            encoding="utf-8",
        )
    return result.stdout


# --- after the tool --------------------------------------------------------------------

_REFERENCED = re.compile(
    r"^ \*\n \* This \w+ was referenced by `\w+`'s JSON-Schema\n \* via the `definition` \"\w+\"\.\n",
    re.M,
)
_REFERENCED_ALONE = re.compile(
    r"^/\*\*\n \* This \w+ was referenced by `\w+`'s JSON-Schema\n \* via the `definition` \"\w+\"\.\n \*/\n",
    re.M,
)
_MEMBER = re.compile(r"^  (?!readonly )(\[k: string\]|[A-Za-z_$][\w$]*\??):", re.M)
_EXPORT = re.compile(r"^export (?:type|interface) (\w+)", re.M)


def finish(declarations: str, names: set[str]) -> str:
    """The tool's output with our header, without its notes and the bundle's own type,
    every member ``readonly``; checked against the rules of the module docstring."""
    root = f"export interface {BUNDLE_TITLE} {{}}\n"
    if root not in declarations:
        raise CodegenError(f"the tool no longer declares the bundle as {root.strip()!r}")
    text = declarations.replace("\n" + root, "").replace(root, "")
    text = _REFERENCED_ALONE.sub("", _REFERENCED.sub("", text))
    text = readonly_members(text)
    check(text, names)
    return HEADER + "\n" + text.lstrip("\n")


def readonly_members(text: str) -> str:
    """Every property and index signature at the top level of an interface, readonly."""
    return _MEMBER.sub(lambda match: f"  readonly {match.group(1)}:", text)


def check(text: str, names: set[str]) -> None:
    exported = _EXPORT.findall(text)
    extra = sorted(set(exported) - names)
    missing = sorted(names - set(exported))
    if extra or missing or len(exported) != len(set(exported)):
        raise CodegenError(
            f"declared types differ from the $defs: extra {extra}, missing {missing}"
        )
    mutable = re.findall(r"(?<!readonly )\b\w+\[\]", text)
    if mutable:
        raise CodegenError(f"mutable arrays left: {sorted(set(mutable))}")
    if re.search(r"\[k: string\]: unknown", text):
        raise CodegenError("an open index signature ([k: string]: unknown) is left")
    interface = None
    for line in text.splitlines():
        if line.startswith("export interface "):
            interface = line.split()[2]
        elif line == "}":
            interface = None
        elif interface and _is_member(line) and not line.startswith("  readonly "):
            raise CodegenError(f"{interface}: a member is not readonly: {line.strip()!r}")


def _is_member(line: str) -> bool:
    """A line of an interface that starts a member (not its comment, not a continuation)."""
    return line.startswith("  ") and not line.startswith(("   ", "  /**"))


def package_json() -> str:
    """The package's manifest: its version is the Python project's. The package is the
    generated declarations (``index.d.ts``) and the hand-written validator beside them
    (``src/*.ts``, built by ``tsc`` into ``dist/``, whose ``index.d.ts`` re-exports the
    declarations), and the wire formats' declarations (``wire/``, types only); its
    dependencies are Ajv, pinned as ``tests/js`` pins it, and re2js."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    manifest = {
        "name": "agent-ir",
        "version": project["version"],
        "description": (
            "Validate agent-ir v1 transcripts as the Python library does (same codes, paths"
            " and order), with the TypeScript declarations of the v1 JSON Schemas."
        ),
        "license": project["license"],
        "type": "module",
        "main": "./dist/index.js",
        "types": "./dist/index.d.ts",
        "exports": {
            ".": {"types": "./dist/index.d.ts", "default": "./dist/index.js"},
            # The wire formats' declarations, types only: agent-ir/wire/anthropic...
            "./wire/*": {"types": "./wire/*.d.ts"},
        },
        "files": ["index.d.ts", "dist", "wire", "README.md"],
        "sideEffects": False,
        "engines": {"node": ">=20"},
        "scripts": {
            "build": "node scripts/embed-schemas.mjs && tsc -p tsconfig.json",
            "test": "node --test test/",
        },
        # Ajv checks the schemas; re2js (RE2, linear time) matches tool-schema patterns.
        "dependencies": {"ajv": "8.20.0", "re2js": "2.10.0"},
        "devDependencies": {"typescript": "5.9.3"},
    }
    return json.dumps(manifest, indent=2) + "\n"


# --- the providers' records ------------------------------------------------------------

PROVIDERS_HEADER = (
    "// DO NOT EDIT: generated from schemas/v1/providers.json by codegen/typescript.py.\n"
    "// Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.\n"
    "// Each provider's record, the facts checkWireRules reads (the Python registry reads\n"
    "// the same file: agent_ir.wire._records); how each rule is applied is src/rules.ts.\n"
)
_IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_WIDTH = 120


def providers_module(data_file: Path = PROVIDER_RECORDS) -> str:
    """``src/providers.ts``: the records of ``data_file`` by name, their names as the
    ``Provider`` type and the ``PROVIDERS`` list, in the file's order."""
    where = data_file.name
    records = json.loads(data_file.read_text(encoding="utf-8"))["providers"]
    names = [record["name"] for record in records]
    if len(set(names)) != len(names):
        raise CodegenError(f"{where}: a provider is recorded twice: {names}")
    for record in records:
        turned_on = [rule for rule in UNCHECKED_TURNS if record["turns"][rule]]
        if turned_on:
            raise CodegenError(
                f"{where}: {record['name']}: bindings/typescript/src/rules.ts does not check"
                f" {', '.join(turned_on)}; add it there, then to UNCHECKED_TURNS no more"
            )
    union = " | ".join(json.dumps(name) for name in names)
    listed = ", ".join(json.dumps(name) for name in names)
    entries = "".join(
        f"  {_ts_key(name)}: {_ts_value(record, 2)},\n"
        for name, record in zip(names, records, strict=True)
    )
    return (
        PROVIDERS_HEADER
        + 'import type { ProviderRecord } from "../index.js";\n'
        + "\n/** A registered provider's name. */\n"
        + f"export type Provider = {union};\n"
        + "\n/** Every registered provider's name, in the registry's order. */\n"
        + f"export const PROVIDERS: readonly Provider[] = [{listed}];\n"
        + "\n/** Every registered provider's record, by name. */\n"
        + "export const RECORDS: Readonly<Record<Provider, ProviderRecord>> = {\n"
        + entries
        + "};\n"
    )


def _ts_key(key: str) -> str:
    return key if _IDENTIFIER.fullmatch(key) else json.dumps(key)


def _ts_value(value: Any, indent: int) -> str:
    """``value`` as a TypeScript literal starting at column ``indent``: on one line when
    it fits in ``_WIDTH`` columns, else an object one member a line."""
    if isinstance(value, dict):
        members = [f"{_ts_key(key)}: {_ts_value(item, indent + 2)}" for key, item in value.items()]
        inline = "{ " + ", ".join(members) + " }" if members else "{}"
        if "\n" not in inline and indent + len(inline) + 2 <= _WIDTH:
            return inline
        inner = " " * (indent + 2)
        return "{\n" + "".join(f"{inner}{member},\n" for member in members) + " " * indent + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_ts_value(item, indent + 2) for item in value) + "]"
    return json.dumps(value)


# --- the sentences of failing keywords ------------------------------------------------

SENTENCES_HEADER = (
    "// DO NOT EDIT: generated from src/agent_ir/validation/keyword_sentences.json by\n"
    "// codegen/typescript.py. Regenerate with `nox -s codegen`; `nox -s codegen_check` fails\n"
    "// on any drift. The sentence template of each failing keyword of a tool's parameters,\n"
    "// the table Python fills (agent_ir.validation._keyword_sentences); src/sentences.ts\n"
    "// fills them here.\n"
)


def sentences_module(data_file: Path = KEYWORD_SENTENCES) -> str:
    """``src/keywordSentences.ts``: the templates of ``data_file`` by keyword, in the
    file's order. A template naming a fact no template filler knows fails with
    ``CodegenError`` (both languages would write it as nothing)."""
    table = json.loads(data_file.read_text(encoding="utf-8"))["sentences"]
    for keyword, template in table.items():
        unknown = set(re.findall(r"\{(\w+)", template)) - SENTENCE_FACTS
        if unknown:
            raise CodegenError(f"{data_file.name}: {keyword}: unknown facts {sorted(unknown)}")
    entries = "".join(
        f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},\n"
        for key, value in table.items()
    )
    return (
        SENTENCES_HEADER
        + '\n/** Keyword (a variant after a slash; "*" any other keyword) -> template. */\n'
        + "export const SENTENCES: Readonly<Record<string, string>> = {\n"
        + entries
        + "};\n"
    )


# The facts a template may name (agent_ir.validation._keyword_sentences._written).
SENTENCE_FACTS = frozenset(
    {
        "value",
        "limit",
        "expected",
        "options",
        "types",
        "property",
        "pattern",
        "unexpected",
        "count",
        "keyword",
    }
)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
