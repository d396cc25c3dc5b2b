"""Generate src/agent_ir/_generated/ from schemas/v1 with datamodel-code-generator.

Usage: python codegen/generate.py [OUTPUT_DIR]   (default: src/agent_ir/_generated)

The output is reproducible byte for byte: no timestamp, a fixed working directory,
pinned generator and formatter versions (noxfile.py). One post-processing step is ours:
JSON arrays become ``tuple[T, ...]`` instead of ``list[T]``, because the IR is
immutable and msgspec then decodes arrays straight into tuples (no second copy).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas" / "v1"
DEFAULT_OUTPUT = ROOT / "src" / "agent_ir" / "_generated"
HEADER = (
    "# DO NOT EDIT: generated from schemas/v1 by codegen/generate.py.\n"
    "# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift."
)
# Hand-written types the generated code refers to instead of what the generator emits:
# JsonObject is the immutable mapping (the generator's dict alias is mutable and its
# recursive JsonValue cannot be decoded by msgspec); the hot NonEmptyString fields drop
# their regex, checked by hand in agent_ir._fastpath (see agent_ir._base.NonBlankString).
_NON_BLANK = "agent_ir._base.NonBlankString"
TYPE_OVERRIDES = {
    "JsonObject": "agent_ir.jsonvalue.JsonObject",
    **dict.fromkeys(
        (
            "UserMessage.id", "AssistantMessage.id", "ToolResultMessage.id", "SystemMessage.id",
            "ToolResultMessage.tool_call_id", "ToolResultMessage.tool_name",
            "ToolCallBlock.id", "ToolCallBlock.name",
        ),
        _NON_BLANK,
    ),
}  # fmt: skip

GENERATOR_ARGS = [
    "--input-file-type", "jsonschema",
    "--output-model-type", "msgspec.Struct",
    "--base-class", "agent_ir._base.IRStruct",
    "--type-overrides", json.dumps(TYPE_OVERRIDES, sort_keys=True),
    "--target-python-version", "3.11",
    "--snake-case-field",
    "--use-annotated",
    "--use-schema-description",
    "--use-field-description",
    "--use-specialized-enum",
    "--keep-model-order",
    "--disable-timestamp",
    "--formatters", "ruff-format",
    "--custom-file-header", HEADER,
]  # fmt: skip


def main(argv: list[str]) -> int:
    output = Path(argv[0]).resolve() if argv else DEFAULT_OUTPUT
    with tempfile.TemporaryDirectory() as scratch:
        raw = Path(scratch) / "out"
        # Relative paths from a fixed working directory keep the output reproducible.
        subprocess.run(
            [sys.executable, "-m", "datamodel_code_generator",
             "--input", "schemas/v1", "--output", str(raw), *GENERATOR_ARGS,
             "--base-class-map", json.dumps(tagged_bases(), sort_keys=True)],
            cwd=ROOT,
            check=True,
        )  # fmt: skip
        if output.exists():
            shutil.rmtree(output)
        output.mkdir(parents=True)
        for source in sorted(raw.glob("*.py")):
            text = arrays_as_tuples(source.read_text(encoding="utf-8"))
            (output / source.name).write_text(text, encoding="utf-8")
    return 0


def tagged_bases() -> dict[str, str]:
    """Every branch of a discriminated union gets a base that exposes its tag:
    ``MessageStruct`` (``.role``) or ``TaggedStruct`` (``.type``)."""
    bases: dict[str, str] = {}
    for schema_file in sorted(SCHEMAS.glob("*.schema.json")):
        for node in _walk(json.loads(schema_file.read_text(encoding="utf-8"))):
            discriminator = node.get("discriminator")
            if not isinstance(discriminator, dict):
                continue
            base = "MessageStruct" if discriminator["propertyName"] == "role" else "TaggedStruct"
            for target in discriminator["mapping"].values():
                bases[target.rsplit("/", 1)[-1]] = f"agent_ir._base.{base}"
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


def arrays_as_tuples(source: str) -> str:
    """Rewrite every ``list[T]`` annotation as ``tuple[T, ...]`` (brackets balanced)."""
    result: list[str] = []
    position = 0
    for match in re.finditer(r"\blist\[", source):
        if match.start() < position:
            continue
        depth = 1
        index = match.end()
        while depth:
            char = source[index]
            depth += {"[": 1, "]": -1}.get(char, 0)
            index += 1
        inner = arrays_as_tuples(source[match.end() : index - 1])
        result.append(source[position : match.start()])
        result.append(f"tuple[{inner}, ...]")
        position = index
    result.append(source[position:])
    return "".join(result)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
