"""codegen/wire_structs.py: the wire formats' schemas (``schemas/v1/wire/``) and the
Structs generated from them (``agent_ir._generated.wire``).

The schemas are valid Draft 2020-12; every generated class says what its schema says
(keys, required keys, descriptions, tags, class variables); the emitter refuses what
it cannot say, naming the file and the definition; and an edit of a schema is drift
that ``codegen/check.py`` reports. Nothing here writes to the source tree.
"""

from __future__ import annotations

import copy
import importlib
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from msgspec import inspect as mi

from agent_ir._wire_base import NON_BLANK_PATTERN, WireStruct

from support.codegen import load_codegen

ROOT = Path(__file__).resolve().parent.parent
WIRE_SCHEMAS = ROOT / "schemas" / "v1" / "wire"
GENERATED = ROOT / "src" / "agent_ir" / "_generated"
SCHEMA_FILES = sorted(WIRE_SCHEMAS.glob("*.schema.json"))
FORMATS = [
    *("anthropic", "bedrock-converse", "gemini", "hf-chat", "mistral", "openai-chat"),
    *("openai-responses", "otel"),
]

wire_structs = load_codegen("wire_structs")
wire_typescript = load_codegen("wire_typescript")
BINDINGS = ROOT / "bindings" / "typescript"


def _schema(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((WIRE_SCHEMAS / f"{name}.schema.json").read_text("utf-8"))
    return loaded


def _module(name: str) -> Any:
    return importlib.import_module(f"agent_ir._generated.wire.{name.replace('-', '_')}")


def test_every_wire_format_has_one_schema() -> None:
    assert [path.name.removesuffix(".schema.json") for path in SCHEMA_FILES] == FORMATS


@pytest.mark.parametrize("schema_file", SCHEMA_FILES, ids=lambda path: path.name)
def test_every_wire_schema_is_a_valid_draft_2020_12_schema(schema_file: Path) -> None:
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"https://agent-ir.dev/schemas/v1/wire/{schema_file.name}"


def test_the_schema_check_catches_an_invalid_wire_schema() -> None:
    schema = _schema("anthropic")
    schema["$defs"]["TextBlock"]["properties"]["text"]["type"] = "text"
    with pytest.raises(Exception, match="'text' is not valid under any of the given schemas"):
        Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("name", FORMATS)
def test_every_reference_of_a_wire_schema_names_one_of_its_definitions(name: str) -> None:
    schema = _schema(name)
    references = [node["$ref"] for node in _nodes(schema) if "$ref" in node]
    assert len(references) >= 10
    assert [ref for ref in references if ref.removeprefix("#/$defs/") not in schema["$defs"]] == []
    bases = [node["x-base"] for node in schema["$defs"].values() if "x-base" in node]
    assert [base for base in bases if base not in schema["$defs"]] == []


def _nodes(node: object) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        found.append(node)
        for value in node.values():
            found.extend(_nodes(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_nodes(value))
    return found


def test_an_anthropic_reply_is_valid_and_a_mistyped_one_is_not() -> None:
    schema = _schema("anthropic")
    reply = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "content": [{"type": "text", "text": "hi"}],
        "stop_reason": "end_turn",
        "usage": {"input_tokens": 3, "output_tokens": 1},
    }
    validator = Draft202012Validator({**schema, "$ref": "#/$defs/Message"})
    assert validator.is_valid(reply)
    mistyped = copy.deepcopy(reply)
    mistyped["usage"]["input_tokens"] = -1
    assert not validator.is_valid(mistyped)
    usage = Draft202012Validator({**schema, "$ref": "#/$defs/Usage"})
    assert [error.json_path for error in usage.iter_errors(mistyped["usage"])] == ["$.input_tokens"]
    assert not validator.is_valid({**reply, "content": [{"type": "text", "text": 1}]})


# --- every generated class says what its schema says ---------------------------------


def _fields(cls: type) -> dict[str, mi.Field]:
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    return {field.encode_name: field for field in info.fields}


def _description(field: mi.Field) -> str | None:
    described = field.type
    return (
        (described.extra_json_schema or {}).get("description")
        if isinstance(described, mi.Metadata)
        else None
    )


@pytest.mark.parametrize("name", FORMATS)
def test_every_generated_class_has_its_schema_s_keys_tags_and_descriptions(name: str) -> None:
    schema, module = _schema(name), _module(name)
    classes = 0
    for definition, node in schema["$defs"].items():
        value = getattr(module, definition)
        if not wire_structs.is_class(node):
            assert not isinstance(value, type) or definition != value.__name__
            continue
        classes += 1
        assert isinstance(value, type)
        assert issubclass(value, WireStruct)
        info = mi.type_info(value)
        assert isinstance(info, mi.StructType)
        properties = dict(node.get("properties", {}))
        tag_field = node.get("x-tag-field")
        if tag_field is not None:
            assert (info.tag_field, info.tag) == (tag_field, properties.pop(tag_field)["const"])
        fields = _fields(value)
        assert list(fields) == list(properties), definition
        required = set(node.get("required", ())) - {tag_field}
        assert {key for key, field in fields.items() if field.required} == required
        for key, field in fields.items():
            assert _description(field) == properties[key].get("description"), (definition, key)
        described = " ".join(node.get("description", "").split())
        assert " ".join((value.__doc__ or "").split()) == described
        assert value.rest_kept is _inherited(schema, definition, "x-rest-kept")
        assert value.empty_tag_read is _inherited(schema, definition, "x-empty-tag-read")
    assert classes >= 10


def _inherited(schema: dict[str, Any], definition: str, keyword: str) -> bool:
    node = schema["$defs"][definition]
    while keyword not in node and "x-base" in node:
        node = schema["$defs"][node["x-base"]]
    flag: bool = node.get(keyword, False)
    return flag


def test_the_generated_non_blank_type_is_the_decode_step_s() -> None:
    assert wire_structs.NON_BLANK_PATTERN == NON_BLANK_PATTERN


def test_each_empty_default_in_the_schema_is_the_request_reader_s() -> None:
    """``x-extra: {empty}`` of an OpenAI Chat field is ``_keys.DEFAULT_VALUES``'s value
    for its key (``audio``'s own keys: the value for that key inside ``audio``)."""
    from agent_ir.wire.openai_chat import _wire
    from agent_ir.wire.openai_chat._keys import DEFAULT_VALUES

    checked = []
    for name in _wire.__all__:
        value = getattr(_wire, name)
        if not (isinstance(value, type) and issubclass(value, WireStruct)):
            continue
        for key, field in _fields(value).items():
            extra = field.type.extra if isinstance(field.type, mi.Metadata) else None
            if extra and "empty" in extra:
                expected = DEFAULT_VALUES["audio"][key] if name == "Audio" else DEFAULT_VALUES[key]
                assert extra["empty"] == expected, (name, key)
                checked.append(f"{name}.{key}")
    assert {"Message.prefix", "ToolCall.custom", "Audio.data"} <= set(checked)


# --- what the emitter refuses --------------------------------------------------------


def _render(tmp_path: Path, schema: dict[str, Any]) -> str:
    schema_file = tmp_path / "example.schema.json"
    schema_file.write_text(json.dumps(schema), encoding="utf-8")
    text: str = wire_structs.render(schema_file)
    return text


def _one_class(field: dict[str, Any]) -> dict[str, Any]:
    return {
        "description": "A test format.",
        "$defs": {
            "Thing": {
                "description": "A thing.",
                "type": "object",
                "properties": {"size": field},
                "additionalProperties": False,
            }
        },
    }


@pytest.mark.parametrize(
    ("field", "refusal"),
    [
        (
            {"type": "string", "format": "date-time", "default": None},
            "keywords the emitter does not read: ['format']",
        ),
        (
            {"type": "integer", "minimum": 1, "default": None},
            "constraints {'minimum': 1} are neither Count nor NonBlank",
        ),
        (
            {"$ref": "#/$defs/Missing", "default": None},
            "$ref '#/$defs/Missing' is not a definition",
        ),
        ({"type": "string"}, "size: an optional property needs a default"),
        ({"type": "tuple", "default": None}, "type 'tuple' cannot be emitted"),
        ({"type": "integer", "default": None, "x-kw-only": True}, "does not read: ['x-kw-only']"),
    ],
)
def test_what_the_emitter_cannot_say_is_refused_naming_the_file_and_definition(
    tmp_path: Path, field: dict[str, Any], refusal: str
) -> None:
    with pytest.raises(wire_structs.CodegenError) as raised:
        _render(tmp_path, _one_class(field))
    assert str(raised.value).startswith("schemas/v1/wire/example.schema.json: Thing: ")
    assert refusal in str(raised.value)


def test_a_class_keyword_the_emitter_does_not_read_is_refused(tmp_path: Path) -> None:
    schema = _one_class({"type": "integer", "default": None})
    schema["$defs"]["Thing"]["minProperties"] = 1
    with pytest.raises(
        wire_structs.CodegenError, match=r"Thing: .*does not read: \['minProperties'\]"
    ):
        _render(tmp_path, schema)
    del schema["$defs"]["Thing"]["minProperties"]
    schema["$defs"]["Thing"]["required"] = ["sise"]
    with pytest.raises(
        wire_structs.CodegenError, match=r"Thing: required keys that are not properties: \['sise'\]"
    ):
        _render(tmp_path, schema)


def test_a_base_must_be_a_class_defined_before_its_subclass(tmp_path: Path) -> None:
    schema = _one_class({"type": "integer", "default": None})
    schema["$defs"]["Thing"]["x-base"] = "Base"
    schema["$defs"]["Base"] = {"type": "object", "additionalProperties": False}
    with pytest.raises(wire_structs.CodegenError, match="Thing: x-base 'Base' is defined after"):
        _render(tmp_path, schema)
    schema["$defs"] = {"Base": schema["$defs"].pop("Base"), **schema["$defs"]}
    assert "class Thing(Base):" in _render(tmp_path, schema)
    schema["$defs"]["Base"] = {"anyOf": [{"type": "string"}]}
    with pytest.raises(wire_structs.CodegenError, match="x-base 'Base' is not a class"):
        _render(tmp_path, schema)


def test_an_open_object_definition_is_a_dict_alias_not_a_class_that_drops_keys(
    tmp_path: Path,
) -> None:
    schema = _one_class({"$ref": "#/$defs/Free", "default": None})
    schema["$defs"]["Free"] = {
        "description": "Any object.",
        "type": "object",
        "additionalProperties": {},
    }
    text = _render(tmp_path, schema)
    assert 'Free = dict[str, Any]\n"""Any object."""\n' in text
    assert "class Free" not in text


def test_the_emitter_writes_each_keyword_as_its_msgspec_form(tmp_path: Path) -> None:
    schema = _one_class({"type": "integer", "minimum": 0, "description": "How big.", "default": 0})
    schema["$defs"]["Thing"] |= {"x-tag-field": "type", "x-kw-only": True, "x-rest-kept": True}
    schema["$defs"]["Thing"]["properties"] = {
        "type": {"const": "thing"},
        **schema["$defs"]["Thing"]["properties"],
        "async": {"x-python-name": "async_", "default": None},
        "tags": {"type": "array", "items": {"type": "string"}, "default": []},
    }
    text = _render(tmp_path, schema)
    assert 'class Thing(WireStruct, tag_field="type", tag="thing", kw_only=True):' in text
    assert "    rest_kept: ClassVar[bool] = True\n" in text
    assert '    size: Annotated[Count, Meta(description="How big.")] = 0\n' in text
    assert '    async_: Any = field(default=None, name="async")\n' in text
    assert "    tags: list[str] = field(default_factory=list)\n" in text


# --- the drift check -----------------------------------------------------------------


def test_a_wire_schema_edit_is_drift_the_check_reports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip(
        "datamodel_code_generator",
        reason="the drift check runs datamodel-code-generator (nox's codegen deps)",
    )
    check = load_codegen("check")
    edited = tmp_path / "wire"
    shutil.copytree(WIRE_SCHEMAS, edited)
    schema = _schema("anthropic")
    error_field = schema["$defs"]["ErrorEvent"]["properties"]["error"]
    assert error_field["description"] == "The error."
    error_field["description"] = "The error, edited."
    (edited / "anthropic.schema.json").write_text(json.dumps(schema), encoding="utf-8")
    # check.py imports the generator, which imports the emitter by name.
    monkeypatch.setattr(sys.modules["wire_structs"], "WIRE_SCHEMAS", edited)

    assert check.check(GENERATED) == 1
    out = capsys.readouterr().out
    assert '-    error: Annotated[ErrorDetail, Meta(description="The error, edited.")]' in out
    assert '+    error: Annotated[ErrorDetail, Meta(description="The error.")]' in out
    assert "generated/wire/anthropic.py" in out
    assert out.endswith("drifted; run `nox -s codegen`.\n")


# --- the TypeScript declarations -----------------------------------------------------


def test_the_checked_in_wire_declarations_are_a_fresh_generation() -> None:
    rendered = wire_typescript.render_all()
    assert sorted(rendered) == [f"wire/{name}.d.ts" for name in FORMATS]
    for name, text in rendered.items():
        assert (BINDINGS / name).read_text(encoding="utf-8") == text, name


@pytest.mark.parametrize("name", FORMATS)
def test_every_wire_definition_is_one_exported_typescript_type(name: str) -> None:
    text = wire_typescript.render(WIRE_SCHEMAS / f"{name}.schema.json")
    exported = re.findall(r"^export (?:interface|type) (\w+)", text, re.MULTILINE)
    assert exported == list(_schema(name)["$defs"])


def test_a_wire_interface_is_readonly_optional_unless_required_and_tagged_by_its_const() -> None:
    text = wire_typescript.render(WIRE_SCHEMAS / "anthropic.schema.json")
    start = text.index("export interface ToolUseBlock {")
    block = text[start : text.index("\n}\n", start)]
    members = re.findall(r"^  (readonly .*);$", block, re.MULTILINE)
    assert members[:3] == [
        'readonly type: "tool_use"',
        "readonly id: string",
        "readonly name: string",
    ]
    assert "readonly input?: { readonly [key: string]: unknown }" in members
    assert "readonly caller?: { readonly [key: string]: unknown } | null" in members
    assert (
        "export type Delta = TextDelta | InputJsonDelta | ThinkingDelta | SignatureDelta | CitationsDelta;"
        in text
    )


def test_the_typescript_emitter_refuses_what_it_cannot_declare(tmp_path: Path) -> None:
    schema_file = tmp_path / "example.schema.json"
    schema = {"title": "Example", **_one_class({"type": "integer", "format": "int32"})}
    schema_file.write_text(json.dumps(schema), encoding="utf-8")
    with pytest.raises(wire_typescript.CodegenError) as raised:
        wire_typescript.render(schema_file)
    assert str(raised.value) == (
        "schemas/v1/wire/example.schema.json: Thing: keywords the emitter does not read: ['format']"
    )
