"""Generate src/agent_ir/_generated/ from schemas/v1 with datamodel-code-generator.

Usage: python codegen/generate.py [OUTPUT_DIR]   (default: src/agent_ir/_generated)

The output is reproducible byte for byte: no timestamp, a fixed working directory,
pinned generator and formatter versions (noxfile.py). Two post-processing steps are
ours, both on the syntax tree of the generator's output (string literals, so the
schema's descriptions, are never touched):

* ``arrays_as_tuples``: JSON arrays become ``tuple[T, ...]`` instead of ``list[T]``,
  because the IR is immutable and msgspec then decodes arrays straight into tuples (no
  second copy);
* ``absent_optionals``: an optional field becomes ``name: Absent[T] = None`` instead of
  ``T | UnsetType = UNSET``, so an absent field reads ``None`` while a JSON ``null``
  stays invalid (see ``agent_ir._base.Absent``).

The generator reads a copy of the schemas in which one thing is spelled for Python
(``python_patterns``): a pattern that ends with ``$`` ends with ``\\Z`` instead. In
ECMA-262 and RE2, ``$`` is the end of the string; in Python's ``re`` (which msgspec
uses) it also matches before a final newline. The schemas refuse that newline with a
``not`` beside the pattern, which the generator does not read.

A generator output either step cannot rewrite fails with ``CodegenError`` naming the
schema file and the definition; nothing is written then.

Run as a script without arguments (``nox -s codegen``), it also regenerates the
TypeScript declarations in ``bindings/typescript/`` (``codegen/typescript.py``).
"""

from __future__ import annotations

import ast
import json
import runpy
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas" / "v1"
DEFAULT_OUTPUT = ROOT / "src" / "agent_ir" / "_generated"
HAND_CHECKED = ROOT / "src" / "agent_ir" / "_hand_checked.py"
HEADER = (
    "# DO NOT EDIT: generated from schemas/v1 by codegen/generate.py.\n"
    "# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift."
)
# Hand-written types the generated code refers to instead of what the generator emits:
# JsonObject is the immutable mapping (the generator's dict alias is mutable and its
# recursive JsonValue cannot be decoded by msgspec); the hot NonEmptyString fields
# listed in agent_ir._hand_checked drop their regex (see agent_ir._base.NonBlankString).
JSON_OBJECT = "agent_ir._jsonobject.JsonObject"
NON_BLANK_STRING = "agent_ir._base.NonBlankString"
ABSENT = "Absent"
BASE_MODULE = "agent_ir._base"

GENERATOR_ARGS = [
    *("--input-file-type", "jsonschema"),
    *("--output-model-type", "msgspec.Struct"),
    *("--base-class", "agent_ir._base.IRStruct"),
    *("--target-python-version", "3.11"),
    "--snake-case-field",
    "--capitalise-enum-members",
    "--use-annotated",
    "--use-schema-description",
    "--use-field-description",
    "--use-specialized-enum",
    "--keep-model-order",
    "--disable-timestamp",
    *("--formatters", "ruff-format"),
    *("--custom-file-header", HEADER),
]


class CodegenError(Exception):
    """The generator's output cannot be post-processed; the message names the schema
    file and the definition."""


def main(argv: list[str]) -> int:
    output = Path(argv[0]).resolve() if argv else DEFAULT_OUTPUT
    try:
        generate(output)
    except CodegenError as error:
        print(f"codegen: {error}", file=sys.stderr)
        return 1
    return 0


def generate(output: Path) -> None:
    """Replace ``output`` with the post-processed generation of every schema; raises
    ``CodegenError`` (leaving ``output`` as it was) when one cannot be rewritten."""
    with tempfile.TemporaryDirectory() as scratch:
        raw = Path(scratch) / "out"
        inputs = Path(scratch) / "in"
        python_patterns(SCHEMAS, inputs / "schemas" / "v1")
        # Relative paths from a fixed working directory keep the output reproducible.
        subprocess.run(
            [
                *(sys.executable, "-m", "datamodel_code_generator"),
                *("--input", "schemas/v1", "--output", str(raw)),
                *GENERATOR_ARGS,
                *("--type-overrides", json.dumps(type_overrides(), sort_keys=True)),
                *("--base-class-map", json.dumps(tagged_bases(), sort_keys=True)),
            ],
            cwd=inputs,
            check=True,
        )
        schema_files = schema_file_by_module()
        texts = {
            source.name: postprocess(
                source.read_text(encoding="utf-8"),
                schema_files.get(source.stem, source.name),
            )
            for source in sorted(raw.glob("*.py"))
        }
    if output.exists():
        shutil.rmtree(output)
    output.mkdir(parents=True)
    for name, text in texts.items():
        (output / name).write_text(text, encoding="utf-8")


def python_patterns(source: Path, target: Path) -> None:
    """Copy every ``*.schema.json`` of ``source`` to ``target`` with each pattern that
    ends with ``$`` (not ``\\$``) ending with ``\\Z``: the end of the string, which is
    what ``$`` means in ECMA-262 and RE2 and what Python's ``$`` is not (it also matches
    before a final newline)."""
    target.mkdir(parents=True)
    for schema_file in sorted(source.glob("*.schema.json")):
        schema = json.loads(schema_file.read_text(encoding="utf-8"))
        for node in _walk(schema):
            pattern = node.get("pattern")
            if isinstance(pattern, str) and ends_with_dollar_anchor(pattern):
                node["pattern"] = pattern[:-1] + "\\Z"
        text = json.dumps(schema, indent=2) + "\n"
        (target / schema_file.name).write_text(text, encoding="utf-8")


def ends_with_dollar_anchor(pattern: str) -> bool:
    """True when ``pattern`` ends with a ``$`` that is an anchor, not an escaped ``\\$``."""
    body = pattern.removesuffix("$")
    return body != pattern and (len(body) - len(body.rstrip("\\"))) % 2 == 0


def type_overrides() -> dict[str, str]:
    """``--type-overrides``: JsonObject, and every field of ``NON_BLANK_FIELDS``
    (read from ``agent_ir/_hand_checked.py`` by path: the package need not be
    installed) as ``NonBlankString``."""
    non_blank: dict[str, tuple[str, ...]] = runpy.run_path(str(HAND_CHECKED))["NON_BLANK_FIELDS"]
    overrides = {"JsonObject": JSON_OBJECT}
    for class_name, fields in non_blank.items():
        overrides.update({f"{class_name}.{field}": NON_BLANK_STRING for field in fields})
    return overrides


def tagged_bases() -> dict[str, str]:
    """Every branch of a discriminated union gets a base that exposes its tag:
    ``MessageStruct`` (``.role``; ``AssistantStruct`` for the assistant message) or
    ``TaggedStruct`` (``.type``); ``ToolDefinition`` gets ``ToolDefinitionStruct``."""
    bases: dict[str, str] = {}
    for schema_file in sorted(SCHEMAS.glob("*.schema.json")):
        for node in _walk(json.loads(schema_file.read_text(encoding="utf-8"))):
            discriminator = node.get("discriminator")
            if not isinstance(discriminator, dict):
                continue
            base = "MessageStruct" if discriminator["propertyName"] == "role" else "TaggedStruct"
            for target in discriminator["mapping"].values():
                bases[target.rsplit("/", 1)[-1]] = f"agent_ir._base.{base}"
    # An assistant message also exposes its tool calls (AssistantStruct is a MessageStruct).
    bases["AssistantMessage"] = "agent_ir._base.AssistantStruct"
    # A tool definition made from plain values is checked and frozen when it is made.
    bases["ToolDefinition"] = "agent_ir._base.ToolDefinitionStruct"
    return bases


def _walk(node: object) -> list[dict[str, object]]:
    found: list[dict[str, object]] = []
    if isinstance(node, dict):
        found.append(node)
        for value in node.values():
            found.extend(_walk(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_walk(value))
    return found


def schema_file_by_module() -> dict[str, str]:
    """``model_stream_schema`` -> ``schemas/v1/model-stream.schema.json``: the module
    names the generator gives each schema file, for error messages."""
    return {
        path.name.replace(".schema.json", "_schema").replace("-", "_"): str(path.relative_to(ROOT))
        for path in SCHEMAS.glob("*.schema.json")
    }


def postprocess(source: str, schema: str) -> str:
    """Both rewrites of one generated module; ``schema`` names its schema file in errors."""
    return absent_optionals(arrays_as_tuples(source, schema), schema)


# --- list[T] -> tuple[T, ...] ----------------------------------------------------------


def arrays_as_tuples(source: str, schema: str = "<source>") -> str:
    """Rewrite every ``list[T]`` in a type expression (a field annotation or the value
    of a ``TypeAlias``) as ``tuple[T, ...]``, nested ones included, in place: the rest
    of the text, string literals included, is kept byte for byte. Any other use of
    ``list``/``List`` (bare, ``list[A, B]``, outside a type) raises ``CodegenError``."""
    code = source.encode("utf-8")
    tree = _parse(source, schema)
    edits: list[tuple[int, int, bytes]] = []
    for statement in tree.body:
        edits.extend(_tuple_edits(code, statement, schema))
    return _apply(code, edits).decode("utf-8")


def _tuple_edits(code: bytes, statement: ast.stmt, schema: str) -> list[tuple[int, int, bytes]]:
    lines = _line_starts(code)
    edits: list[tuple[int, int, bytes]] = []
    for definition, unit, expression in _definitions(statement):
        rewritten: set[int] = set()
        for node in ast.walk(expression) if expression is not None else ():
            if isinstance(node, ast.Subscript) and _is_name(node.value, "list"):
                if isinstance(node.slice, ast.Tuple):
                    raise _cannot(schema, definition, "as a tuple", code, node, lines)
                rewritten.add(id(node.value))
                edits.append((*_span(node.value, lines), b"tuple"))
                end = _span(node.slice, lines)[1]
                edits.append((end, end, b", ..."))
        for node in ast.walk(unit):
            stray = (_is_name(node, "list") or _is_name(node, "List")) and id(node) not in rewritten
            if stray:
                raise _cannot(schema, definition, "as a tuple", code, node, lines)
    return edits


def _definitions(statement: ast.stmt) -> list[tuple[str, ast.stmt, ast.expr | None]]:
    """(definition, statement, its type expression or None) of a top-level statement:
    each field of a class with its annotation, a ``Name: TypeAlias = ...`` with its
    value, anything else whole without one."""
    if isinstance(statement, ast.ClassDef):
        return [
            (f"{statement.name}.{_target(field)}", field, field.annotation)
            if isinstance(field, ast.AnnAssign)
            else (statement.name, field, None)
            for field in statement.body
        ]
    if isinstance(statement, ast.AnnAssign):
        if _is_name(statement.annotation, "TypeAlias"):
            return [(_target(statement), statement, statement.value)]
        return [(_target(statement), statement, statement.annotation)]
    return [(_definition(statement), statement, None)]


# --- T | UnsetType = UNSET -> Absent[T] = None -----------------------------------------


def absent_optionals(source: str, schema: str = "<source>") -> str:
    """Rewrite every optional field ``name: T | UnsetType = UNSET`` (or
    ``= field(..., default=UNSET)``) as ``name: Absent[T] = None`` (``default=None``),
    drop the ``UNSET``/``UnsetType`` imports and import ``Absent`` from
    ``agent_ir._base``. The rewritten statements are laid out again by ruff format; the
    rest of the text is kept byte for byte. Any other use of ``UNSET``/``UnsetType``
    raises ``CodegenError``."""
    tree = _parse(source, schema)
    code = source.encode("utf-8")
    lines = _line_starts(code)
    rewrites: list[tuple[ast.stmt, bytes]] = []
    for statement in tree.body:
        if isinstance(statement, ast.ClassDef):
            rewrites.extend(_absent_fields(code, statement, schema, lines))
    _refuse_other_unset(tree, {id(statement) for statement, _ in rewrites}, schema)
    if not rewrites:
        return source
    rewrites.extend(_absent_imports(tree, schema))
    for statement, text in sorted(rewrites, key=lambda item: item[0].lineno, reverse=True):
        start, end = _span(statement, lines)
        code = _format_lines(code[:start] + text + code[end:], statement.lineno, text)
    return code.decode("utf-8")


def _absent_fields(
    code: bytes, class_def: ast.ClassDef, schema: str, lines: list[int]
) -> list[tuple[ast.stmt, bytes]]:
    rewrites: list[tuple[ast.stmt, bytes]] = []
    for field in class_def.body:
        if not (isinstance(field, ast.AnnAssign) and _mentions_unset(field)):
            continue
        definition = f"{class_def.name}.{_target(field)}"
        annotation = field.annotation
        if not (
            isinstance(annotation, ast.BinOp)
            and isinstance(annotation.op, ast.BitOr)
            and _is_name(annotation.right, "UnsetType")
            and not _mentions_unset(annotation.left)
            and field.value is not None
        ):
            raise _cannot(schema, definition, "as Absent[...]", code, field, lines)
        value = _absent_default(code, field.value, lines)
        if value is None:
            raise _cannot(schema, definition, "as Absent[...]", code, field, lines)
        inner = _segment(code, annotation.left, lines)
        text = b"%s: %s[%s] = %s" % (_target(field).encode(), ABSENT.encode(), inner, value)
        rewrites.append((field, text))
    return rewrites


def _absent_default(code: bytes, value: ast.expr, lines: list[int]) -> bytes | None:
    """``None`` for ``UNSET``; the ``field(...)`` call with ``default=None`` for
    ``field(..., default=UNSET)``; ``None`` (not rewritable) for anything else."""
    if _is_name(value, "UNSET"):
        return b"None"
    if not (isinstance(value, ast.Call) and _is_name(value.func, "field")):
        return None
    defaults = [keyword for keyword in value.keywords if keyword.arg == "default"]
    if len(defaults) != 1 or not _is_name(defaults[0].value, "UNSET"):
        return None
    call_start = _span(value, lines)[0]
    start, end = _span(defaults[0].value, lines)
    return _apply(_segment(code, value, lines), [(start - call_start, end - call_start, b"None")])


def _absent_imports(tree: ast.Module, schema: str) -> list[tuple[ast.stmt, bytes]]:
    """``from msgspec import ...`` without UNSET/UnsetType; ``Absent`` added to
    ``from agent_ir._base import ...``."""
    rewrites: list[tuple[ast.stmt, bytes]] = []
    base_import = False
    for statement in tree.body:
        if not isinstance(statement, ast.ImportFrom):
            continue
        names = [alias.name for alias in statement.names]
        if statement.module == "msgspec":
            kept = [name for name in names if name not in {"UNSET", "UnsetType"}]
            rewrites.append((statement, _import_text("msgspec", kept)))
        elif statement.module == BASE_MODULE:
            base_import = True
            rewrites.append((statement, _import_text(BASE_MODULE, sorted({*names, ABSENT}))))
    if not base_import:
        raise CodegenError(f"{schema}: no `from {BASE_MODULE} import ...` to add {ABSENT} to")
    return rewrites


def _import_text(module: str, names: list[str]) -> bytes:
    return f"from {module} import {', '.join(names)}".encode() if names else b""


def _mentions_unset(node: ast.AST) -> bool:
    return any(_is_name(child, "UNSET") or _is_name(child, "UnsetType") for child in ast.walk(node))


def _refuse_other_unset(tree: ast.Module, rewritten: set[int], schema: str) -> None:
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom) and statement.module == "msgspec":
            continue
        fields = statement.body if isinstance(statement, ast.ClassDef) else [statement]
        for field in fields:
            if id(field) not in rewritten and _mentions_unset(field):
                definition = _definition(statement)
                raise CodegenError(
                    f"{schema}: {definition}: cannot rewrite UNSET/UnsetType as Absent[...]"
                    " (only `name: T | UnsetType = UNSET` fields can be)"
                )


def _format_lines(code: bytes, first_line: int, text: bytes) -> bytes:
    """``code`` with the lines ``text`` occupies from ``first_line`` on laid out by ruff
    format (defaults, as the generator runs it)."""
    last_line = first_line + text.count(b"\n")
    last_column = len(text.decode("utf-8").rsplit("\n", 1)[-1]) + 1
    result = subprocess.run(
        [
            *(sys.executable, "-m", "ruff", "format", "--isolated"),
            f"--range={first_line}:1-{last_line}:{last_column}",
            "-",
        ],
        input=code,
        capture_output=True,
        check=True,
    )
    return result.stdout


# --- shared ---------------------------------------------------------------------------


def _parse(source: str, schema: str) -> ast.Module:
    try:
        return ast.parse(source)
    except SyntaxError as error:
        raise CodegenError(f"{schema}: generated code does not parse: {error}") from None


def _cannot(
    schema: str, definition: str, goal: str, code: bytes, node: ast.AST, lines: list[int]
) -> CodegenError:
    text = " ".join(_segment(code, node, lines).decode("utf-8").split())
    return CodegenError(f"{schema}: {definition}: cannot rewrite `{text}` {goal}")


def _definition(statement: ast.stmt) -> str:
    if isinstance(statement, ast.ClassDef):
        return statement.name
    if isinstance(statement, ast.AnnAssign):
        return _target(statement)
    return f"line {statement.lineno}"


def _target(statement: ast.AnnAssign) -> str:
    return ast.unparse(statement.target)


def _is_name(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _line_starts(code: bytes) -> list[int]:
    """Byte offset of each line (index 1 = line 1); ast columns are UTF-8 byte offsets."""
    starts = [0, 0]
    for index, byte in enumerate(code):
        if byte == 0x0A:
            starts.append(index + 1)
    return starts


def _span(node: ast.AST, lines: list[int]) -> tuple[int, int]:
    start = lines[node.lineno] + node.col_offset
    end = lines[node.end_lineno] + node.end_col_offset
    return start, end


def _segment(code: bytes, node: ast.AST, lines: list[int]) -> bytes:
    start, end = _span(node, lines)
    return code[start:end]


def _apply(code: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    """``code`` with each (start, end, replacement) applied; spans do not overlap."""
    for start, end, replacement in sorted(edits, reverse=True):
        code = code[:start] + replacement + code[end:]
    return code


if __name__ == "__main__":
    status = main(sys.argv[1:])
    if status == 0 and not sys.argv[1:]:
        # The whole checkout (nox -s codegen): the TypeScript declarations too.
        import typescript

        status = typescript.main([])
    raise SystemExit(status)
