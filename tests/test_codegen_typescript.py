"""codegen/typescript.py and the Python spelling of patterns in codegen/generate.py: the
steps around the tools, without Node.js (``nox -s codegen_check`` runs the tool and
compares its output byte for byte; ``nox -s typescript`` type-checks with it)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from agent_ir import schemas

from support.codegen import load_codegen

ROOT = Path(__file__).resolve().parent.parent
BINDINGS = ROOT / "bindings" / "typescript"


generate = load_codegen("generate")
typescript = load_codegen("typescript")


@pytest.mark.parametrize(
    ("pattern", "anchored"),
    [("^a$", True), ("^a\\$", False), ("^a\\\\$", True), ("^a", False), ("[$]", False)],
)
def test_a_final_dollar_is_an_anchor_unless_escaped(pattern: str, anchored: bool) -> None:
    assert generate.ends_with_dollar_anchor(pattern) is anchored


def test_the_generator_reads_each_final_dollar_as_the_end_of_the_string(tmp_path: Path) -> None:
    source = tmp_path / "in"
    source.mkdir()
    schema = {
        "$defs": {
            "A": {"type": "string", "pattern": "^a$", "not": {"type": "string", "pattern": "\n"}},
            "B": {"type": "string", "pattern": "^[$]"},
        }
    }
    (source / "x.schema.json").write_text(json.dumps(schema), encoding="utf-8")
    generate.python_patterns(source, tmp_path / "out")
    written = json.loads((tmp_path / "out" / "x.schema.json").read_text(encoding="utf-8"))
    assert written["$defs"]["A"]["pattern"] == "^a\\Z"
    assert written["$defs"]["A"]["not"] == {"type": "string", "pattern": "\n"}
    assert written["$defs"]["B"]["pattern"] == "^[$]"


def _bundle(tmp_path: Path, **files: dict[str, Any]) -> dict[str, Any]:
    for name, definitions in files.items():
        schema = {"$id": f"https://x/{name}.schema.json", "$defs": definitions}
        (tmp_path / f"{name}.schema.json").write_text(json.dumps(schema), encoding="utf-8")
    return typescript.bundle(tmp_path)


def test_the_bundle_names_every_reference_and_makes_arrays_readonly(tmp_path: Path) -> None:
    bundled = _bundle(
        tmp_path,
        a={
            "Item": {
                "type": "object",
                "properties": {
                    "pattern": {"type": "string", "pattern": "x", "description": "A name."},
                    "next": {
                        "$ref": "b.schema.json#/$defs/Other",
                        "description": "Next.",
                        "x-code": "C",
                    },
                    "all": {"type": "array", "items": {"$ref": "#/$defs/Item"}},
                },
                "additionalProperties": False,
            }
        },
        b={"Other": {"type": "string", "$comment": "left out"}},
    )
    item = bundled["$defs"]["Item"]["properties"]
    assert item["pattern"] == {"type": "string", "description": "A name."}
    assert item["next"] == {"tsType": "Other", "description": "Next."}
    assert item["all"] == {"tsType": "readonly Item[]"}
    assert bundled["$defs"]["Other"] == {"type": "string"}


def test_the_bundle_refuses_a_name_defined_twice(tmp_path: Path) -> None:
    with pytest.raises(typescript.CodegenError, match=re.escape("b.schema.json: A: also defined")):
        _bundle(tmp_path, a={"A": {"type": "string"}}, b={"A": {"type": "string"}})


def test_the_bundle_refuses_an_array_of_an_inline_schema(tmp_path: Path) -> None:
    inline = {"L": {"type": "array", "items": {"type": "string"}}}
    with pytest.raises(typescript.CodegenError, match=re.escape("c.schema.json: L: an array")):
        _bundle(tmp_path, c=inline)


TOOL_OUTPUT = """/**
 * A thing.
 *
 * This interface was referenced by `AgentIRSchemas`'s JSON-Schema
 * via the `definition` "Thing".
 */
export interface Thing {
  /**
   * Its name.
   */
  name: string;
  tags?: readonly string[];
  [k: string]: JsonValue | undefined;
}

export interface AgentIRSchemas {}
"""


def test_finish_makes_members_readonly_and_drops_the_tool_s_notes() -> None:
    text = typescript.finish(TOOL_OUTPUT, {"Thing"})
    assert text.startswith(typescript.HEADER)
    assert "referenced by" not in text
    assert "AgentIRSchemas" not in text
    assert "  readonly name: string;" in text
    assert "  readonly tags?: readonly string[];" in text
    assert "  readonly [k: string]: JsonValue | undefined;" in text


@pytest.mark.parametrize(
    ("changed", "error"),
    [
        ("export interface Thing {", "extra \\['Thing1'\\]"),
        ("tags?: readonly string[];", "mutable arrays left"),
        ("[k: string]: JsonValue | undefined;", "open index signature"),
    ],
)
def test_finish_refuses_what_the_bindings_must_not_hold(changed: str, error: str) -> None:
    replacement = {
        "export interface Thing {": "export interface Thing {}\nexport interface Thing1 {",
        "tags?: readonly string[];": "tags?: string[];",
        "[k: string]: JsonValue | undefined;": "[k: string]: unknown;",
    }[changed]
    with pytest.raises(typescript.CodegenError, match=error):
        typescript.finish(TOOL_OUTPUT.replace(changed, replacement), {"Thing"})


def test_the_checked_in_bindings_declare_every_definition_once() -> None:
    text = (BINDINGS / "index.d.ts").read_text(encoding="utf-8")
    declared = re.findall(r"^export (?:type|interface) (\w+)", text, flags=re.MULTILINE)
    names = [name for schema in schemas.names() for name in schemas.load(schema)["$defs"]]
    assert sorted(declared) == sorted(names)
    assert (
        "export type Message = UserMessage | AssistantMessage | ToolResultMessage | SystemMessage;"
        in text
    )


def test_the_package_is_the_python_project_s_version() -> None:
    manifest = json.loads((BINDINGS / "package.json").read_text(encoding="utf-8"))
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert (manifest["name"], manifest["version"]) == ("agent-ir", project["version"])
    assert manifest["exports"] == {
        ".": {"types": "./dist/index.d.ts", "default": "./dist/index.js"},
        "./wire/*": {"types": "./wire/*.d.ts"},
    }
    assert "wire" in manifest["files"]
    # Ajv, and RE2 for tool-schema patterns (linear time)
    assert manifest["dependencies"] == {"ajv": "8.20.0", "re2js": "2.10.0"}
    assert typescript.package_json() == (BINDINGS / "package.json").read_text(encoding="utf-8")
