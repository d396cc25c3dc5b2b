"""The v1 JSON Schemas: well-formed, resolvable offline, and pinned by examples.

Every example under ``fixtures/schema-examples/`` is checked twice: by jsonschema (the
reference) and by decoding it through the generated msgspec types. The two must agree with
the example's directory (``valid/`` or ``invalid/``). Where one side genuinely cannot say a
rule, the example is listed below with the reason, and the test asserts that the gap still
exists, so closing a gap fails here until the entry is removed.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jsonschema
import msgspec
import pytest
from referencing.exceptions import Unresolvable

import agent_ir
from agent_ir import schemas
from agent_ir._generated import (
    conversion_warning_schema,
    diagnostic_schema,
    json_schema,
    message_schema,
    model_stream_schema,
    provider_fixture_schema,
    providers_schema,
    transcript_schema,
)
from agent_ir._jsonobject import JsonObject, freeze_object
from agent_ir.validation import _checks, _convert

EXAMPLES = Path(__file__).parents[2] / "fixtures" / "schema-examples"
SCHEMA_NAMES = (
    "conversion-warning",
    "diagnostic",
    "json",
    "message",
    "model-stream",
    "provider-fixture",
    "providers",
    "transcript",
)
ID_BASE = "https://agent-ir.dev/schemas/v1/"
DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"
MIN_EXAMPLES_PER_KIND = 6

# Examples on which the generated msgspec types disagree with the example's directory.
KNOWN_GENERATED_TYPE_GAPS: dict[str, str] = {
    "provider-fixture/invalid/usage-input-tokens-both-spellings.json": (
        "WireUsage's min/maxProperties and dependentSchemas (each count under exactly one "
        "spelling) are not generated: the four spellings are independent optional fields."
    ),
    "provider-fixture/invalid/usage-output-tokens-both-spellings.json": (
        "WireUsage's min/maxProperties and dependentSchemas (each count under exactly one "
        "spelling) are not generated: the four spellings are independent optional fields."
    ),
    "provider-fixture/invalid/usage-input-tokens-missing.json": (
        "WireUsage's min/maxProperties (each count present under one spelling) are not "
        "generated: every spelling is optional, so a missing count is accepted."
    ),
    "conversion-warning/invalid/message-index-minus-one.json": (
        "ConversionWarning's if/then (messageIndex -1 only beside toolIndex) is not "
        "generated: messageIndex is an integer >= -1; only Warnings builds warnings."
    ),
    "conversion-warning/invalid/tool-index-beside-message-index.json": (
        "ConversionWarning's dependentSchemas (toolIndex only with messageIndex and "
        "blockIndex -1) is not generated; only Warnings builds warnings."
    ),
    "providers/invalid/ids-characters-without-replacement.json": (
        "ProviderIdRule's dependentRequired (characters and replacement come together) is "
        "not generated: both are independent optional fields; agent_ir.wire._records "
        "refuses such a record when it builds the provider's spec."
    ),
    "providers/invalid/ids-replacement-without-characters.json": (
        "ProviderIdRule's dependentRequired (characters and replacement come together) is "
        "not generated: both are independent optional fields; agent_ir.wire._records "
        "refuses such a record when it builds the provider's spec."
    ),
    "json/valid/json-value-string.json": (
        "The generated JsonValue alias unions JsonObject (a custom type) with other types; "
        "msgspec refuses such a union (TypeError), so it decodes nothing."
    ),
    "json/valid/json-value-null.json": (
        "The generated JsonValue alias unions JsonObject (a custom type) with other types; "
        "msgspec refuses such a union (TypeError), so it decodes nothing."
    ),
    "json/valid/json-value-number.json": (
        "The generated JsonValue alias unions JsonObject (a custom type) with other types; "
        "msgspec refuses such a union (TypeError), so it decodes nothing."
    ),
    "json/valid/json-value-nested-array.json": (
        "The generated JsonValue alias unions JsonObject (a custom type) with other types; "
        "msgspec refuses such a union (TypeError), so it decodes nothing."
    ),
}

# Examples on which jsonschema itself disagrees with the example's directory.
KNOWN_SCHEMA_GAPS: dict[str, str] = {
    "provider-fixture/invalid/schema-version-float-1-0.json": (
        "JSON Schema's data model makes 1.0 the integer 1, so `type: integer, const: 1` "
        "accepts it; the issue says 1.0 is not a schemaVersion, and the generated "
        "Literal[1] rejects it."
    ),
}


# Where the issue puts a stable diagnostic code on a subschema.
EXPECTED_X_CODES = {
    "message#/$defs/ToolCallBlock/properties/name": "EMPTY_TOOL_NAME",
    "message#/$defs/ToolCallBlock/properties/arguments": "INVALID_TOOL_ARGUMENTS",
    "message#/$defs/ToolResultMessage/properties/toolName": "EMPTY_TOOL_NAME",
}

# Property names that are not camelCase on purpose: provider wire spellings.
SNAKE_CASE_WIRE_NAMES = {
    "provider-fixture#/$defs/WireUsage/properties/input_tokens",
    "provider-fixture#/$defs/WireUsage/properties/output_tokens",
}

ROOT_TYPES: dict[str, Any] = {
    "message": message_schema.Message,
    "transcript": transcript_schema.Transcript,
    "conversion-warning": conversion_warning_schema.ConversionWarning,
    "diagnostic": diagnostic_schema.Diagnostic,
    "provider-fixture": provider_fixture_schema.ProviderFixture,
    "providers": providers_schema.ProviderRecords,
}
DEF_TYPES: dict[str, Callable[[str], Any]] = {
    "json": lambda name: {
        "JsonObject": JsonObject,
        "JsonValue": json_schema.JsonValue,
    }[name],
    "model-stream": lambda name: getattr(model_stream_schema, name),
}


# ----------------------------------------------------------------------------- helpers


def _load_all() -> dict[str, dict[str, Any]]:
    return {name: schemas.load(name) for name in SCHEMA_NAMES}


SCHEMAS = _load_all()


def _walk(node: Any, pointer: str = "") -> Iterator[tuple[str, Any]]:
    """Every dict inside ``node`` with its JSON Pointer, ``node`` first."""
    if isinstance(node, dict):
        yield pointer, node
        for key, value in node.items():
            escaped = str(key).replace("~", "~0").replace("/", "~1")
            yield from _walk(value, f"{pointer}/{escaped}")
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from _walk(item, f"{pointer}/{index}")


def _is_wrapped(schema_name: str) -> bool:
    """A schema without a root ($ref at top) has its examples as {"def", "instance"}."""
    return "$ref" not in SCHEMAS[schema_name]


@dataclass(frozen=True)
class Example:
    schema: str
    kind: str
    rel: str
    def_name: str | None
    raw: bytes

    @property
    def instance(self) -> Any:
        return json.loads(self.raw)

    @property
    def expected_valid(self) -> bool:
        return self.kind == "valid"


class _Wrapper(msgspec.Struct, forbid_unknown_fields=True):
    def_name: str = msgspec.field(name="def")
    instance: msgspec.Raw


def _collect_examples() -> list[Example]:
    examples = []
    for file in sorted(EXAMPLES.glob("*/*/*.json")):
        schema, kind = file.parent.parent.name, file.parent.name
        raw = file.read_bytes()
        def_name = None
        if schema in SCHEMAS and _is_wrapped(schema):
            wrapper = msgspec.json.decode(raw, type=_Wrapper)
            def_name, raw = wrapper.def_name, bytes(wrapper.instance)
        examples.append(Example(schema, kind, f"{schema}/{kind}/{file.name}", def_name, raw))
    return examples


EXAMPLE_LIST = _collect_examples()
EXAMPLE_IDS = [example.rel.removesuffix(".json") for example in EXAMPLE_LIST]


def _validator_for(example: Example) -> jsonschema.Draft202012Validator:
    target = SCHEMAS[example.schema]["$id"]
    if example.def_name is not None:
        target += f"#/$defs/{example.def_name}"
    return jsonschema.Draft202012Validator({"$ref": target}, registry=schemas.registry())


def _generated_type(example: Example) -> Any:
    if example.def_name is None:
        return ROOT_TYPES[example.schema]
    return DEF_TYPES[example.schema](example.def_name)


def _decode_hook(target: type, value: Any) -> Any:
    if target is JsonObject:
        return freeze_object(value)
    raise NotImplementedError(f"no decoder for {target!r}")


def _generated_verdict(example: Example) -> str:
    """ "valid", "invalid", or "unusable type" when msgspec refuses the type itself.

    Messages and transcripts are judged by agent-ir's fast path: the generated types
    plus the hand-written pass that checks what they leave out on purpose (blank ids,
    whose regex is not generated for speed, media-type prefixes, calendar dates)."""
    if example.schema in ("message", "transcript"):
        raw = b"[" + example.raw + b"]" if example.schema == "message" else example.raw
        try:
            messages, blocks = _convert.decode_messages(raw)
        except (msgspec.ValidationError, msgspec.DecodeError):
            return "invalid"
        entries = json.loads(raw)  # for the audio sources' tags
        return "valid" if _checks.values_valid(messages, entries, blocks=blocks) else "invalid"
    try:
        msgspec.json.decode(example.raw, type=_generated_type(example), dec_hook=_decode_hook)
    except (msgspec.ValidationError, msgspec.DecodeError):
        return "invalid"
    except TypeError:
        return "unusable type"
    return "valid"


# ------------------------------------------------------------- (a) schema well-formedness


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_schema_is_valid_under_the_draft_2020_12_metaschema(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMAS[name])


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_schema_has_an_absolute_id_and_declares_draft_2020_12(name: str) -> None:
    schema = SCHEMAS[name]
    assert schema["$schema"] == DRAFT_2020_12
    assert schema["$id"] == f"{ID_BASE}{name}.schema.json"
    parts = urlsplit(schema["$id"])
    assert (parts.scheme, parts.netloc, parts.fragment) == ("https", "agent-ir.dev", "")


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_schema_and_every_definition_have_a_description(name: str) -> None:
    schema = SCHEMAS[name]
    assert re.search(r"\S", schema.get("description", ""))
    assert schema["$defs"], "a schema without definitions"
    undescribed = [
        key
        for key, definition in schema["$defs"].items()
        if not re.search(r"\S", definition.get("description", ""))
    ]
    assert undescribed == []


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_every_object_property_has_a_description(name: str) -> None:
    undescribed = [
        f"{pointer}/properties/{key}"
        for pointer, node in _walk(SCHEMAS[name])
        if node.get("type") == "object"
        for key, prop in node.get("properties", {}).items()
        if not re.search(r"\S", prop.get("description", ""))
    ]
    assert undescribed == []


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_every_object_schema_closes_or_types_its_additional_properties(name: str) -> None:
    """Objects with properties forbid others; a free object says what its values are
    (a bare {"type": "object"} would generate an empty class that drops every key).
    Not object definitions: the "type": "object" beside a union's oneOf (its branches
    close themselves) and the conditions of an if/then (they narrow a branch)."""
    violations = []
    for pointer, node in _walk(SCHEMAS[name]):
        if node.get("type") != "object" or "oneOf" in node or pointer.endswith(("/if", "/then")):
            continue
        extra = node.get("additionalProperties", "missing")
        if "properties" in node:
            if extra is not False:
                violations.append(f"{pointer}: additionalProperties is {extra!r}, not false")
        elif not isinstance(extra, dict) or not extra:
            violations.append(f"{pointer}: free object with additionalProperties {extra!r}")
    assert violations == []


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_every_union_one_of_carries_a_discriminator_covering_each_branch(name: str) -> None:
    resolver = schemas.registry().resolver(base_uri=SCHEMAS[name]["$id"])
    checked = 0
    for pointer, node in _walk(SCHEMAS[name]):
        if "oneOf" not in node:
            continue
        branches = node["oneOf"]
        if all(set(branch) == {"required"} for branch in branches):
            # Not a union of types: "exactly one of these keys" (WireUsage spellings).
            continue
        checked += 1
        discriminator = node.get("discriminator")
        assert isinstance(discriminator, dict), f"{pointer}: oneOf without a discriminator"
        tag = discriminator["propertyName"]
        mapping = discriminator["mapping"]
        branch_refs = [branch.get("$ref") for branch in branches]
        assert all(set(branch) == {"$ref"} for branch in branches), f"{pointer}: inline branch"
        assert sorted(mapping.values()) == sorted(branch_refs), pointer
        for tag_value, ref in mapping.items():
            target = resolver.lookup(ref).contents
            assert target["properties"][tag]["const"] == tag_value, f"{pointer}: {tag_value}"
            assert tag in target["required"], f"{pointer}: {ref} does not require {tag}"
    if name in ("message", "model-stream", "provider-fixture"):
        assert checked > 0, "the walk found no union to check"


def test_x_code_annotations_are_exactly_where_the_issue_puts_them() -> None:
    codes = set(SCHEMAS["diagnostic"]["$defs"]["DiagnosticCode"]["enum"])
    found = {
        f"{name}#{pointer}": node["x-code"]
        for name in SCHEMA_NAMES
        for pointer, node in _walk(SCHEMAS[name])
        if "x-code" in node
    }
    assert found == EXPECTED_X_CODES
    assert set(found.values()) <= codes


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_property_names_are_camel_case(name: str) -> None:
    offenders = [
        f"{name}#{pointer}/properties/{key}"
        for pointer, node in _walk(SCHEMAS[name])
        for key in node.get("properties", {})
        if not re.fullmatch(r"[a-z][a-zA-Z0-9]*", key)
    ]
    assert set(offenders) == {item for item in SNAKE_CASE_WIRE_NAMES if item.startswith(name + "#")}


def test_patterns_use_no_lookaround_and_dollar_anchors_carry_a_not() -> None:
    """Lookaround does not compile in RE2-style engines (Go, Rust's regex). Python's $
    also matches before a final newline, so a pattern ending with $ has a "not" beside
    it that refuses that newline (tests/validation/test_other_validators.py proves each one)."""
    lookaround = set()
    unguarded = set()
    for name in SCHEMA_NAMES:
        for pointer, node in _walk(SCHEMAS[name]):
            pattern = node.get("pattern")
            if not isinstance(pattern, str):
                continue
            if re.search(r"\(\?<?[=!]", pattern):
                lookaround.add(f"{name}#{pointer}")
            if re.search(r"(?<!\\)\$$", pattern) and "not" not in node:
                unguarded.add(f"{name}#{pointer}")
    assert (lookaround, unguarded) == (set(), set())


# --------------------------------------------------------------- (b) offline resolution


def test_registry_holds_every_schema_by_its_id() -> None:
    registry = schemas.registry()
    for name in SCHEMA_NAMES:
        assert registry.contents(f"{ID_BASE}{name}.schema.json") == SCHEMAS[name]


def test_registry_does_not_fetch_unknown_references() -> None:
    resolver = schemas.registry().resolver()
    with pytest.raises(Unresolvable):
        resolver.lookup(f"{ID_BASE}nonexistent.schema.json")


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_every_ref_resolves_offline(name: str) -> None:
    resolver = schemas.registry().resolver(base_uri=SCHEMAS[name]["$id"])
    refs = [node["$ref"] for _, node in _walk(SCHEMAS[name]) if isinstance(node.get("$ref"), str)]
    assert refs, "the walk found no $ref"
    for ref in refs:
        resolved = resolver.lookup(ref).contents
        assert isinstance(resolved, dict), ref
        assert resolved, ref


# ------------------------------------------------------------------------ the examples


def test_every_schema_has_enough_valid_and_invalid_examples() -> None:
    counts = {(name, kind): 0 for name in SCHEMA_NAMES for kind in ("valid", "invalid")}
    for example in EXAMPLE_LIST:
        counts[(example.schema, example.kind)] += 1
    assert {key for key, count in counts.items() if count < MIN_EXAMPLES_PER_KIND} == set()
    assert {example.schema for example in EXAMPLE_LIST} == set(SCHEMA_NAMES)


@pytest.mark.parametrize("example", EXAMPLE_LIST, ids=EXAMPLE_IDS)
def test_example_is_filed_by_name_and_form(example: Example) -> None:
    assert example.kind in ("valid", "invalid")
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*\.json", example.rel.rsplit("/", 1)[1])
    if _is_wrapped(example.schema):
        assert example.def_name in SCHEMAS[example.schema]["$defs"]
    else:
        assert example.def_name is None


def test_gap_tables_name_existing_examples() -> None:
    known = {example.rel for example in EXAMPLE_LIST}
    assert set(KNOWN_GENERATED_TYPE_GAPS) - known == set()
    assert set(KNOWN_SCHEMA_GAPS) - known == set()


# ------------------------------------------------------------------- (c) jsonschema


@pytest.mark.parametrize("example", EXAMPLE_LIST, ids=EXAMPLE_IDS)
def test_jsonschema_accepts_valid_and_rejects_invalid_examples(example: Example) -> None:
    accepted = _validator_for(example).is_valid(example.instance)
    if example.rel in KNOWN_SCHEMA_GAPS:
        assert accepted != example.expected_valid, (
            f"gap closed, remove it from KNOWN_SCHEMA_GAPS: {KNOWN_SCHEMA_GAPS[example.rel]}"
        )
    else:
        assert accepted == example.expected_valid


# ---------------------------------------------------------------- (d) generated types


@pytest.mark.parametrize("example", EXAMPLE_LIST, ids=EXAMPLE_IDS)
def test_generated_types_accept_valid_and_reject_invalid_examples(example: Example) -> None:
    verdict = _generated_verdict(example)
    if example.rel in KNOWN_GENERATED_TYPE_GAPS:
        assert verdict != example.kind, (
            "gap closed, remove it from KNOWN_GENERATED_TYPE_GAPS: "
            + KNOWN_GENERATED_TYPE_GAPS[example.rel]
        )
    else:
        assert verdict == example.kind


def test_generated_json_object_is_frozen_after_decoding() -> None:
    example = next(
        e for e in EXAMPLE_LIST if e.rel == "json/valid/json-object-every-value-kind.json"
    )
    decoded = msgspec.json.decode(example.raw, type=JsonObject, dec_hook=_decode_hook)
    assert isinstance(decoded, JsonObject)
    assert decoded == example.instance
    assert decoded["a"] == (1, "two", None)


# ---------------------------------------------------------------- (e) schema loading


def test_load_returns_the_parsed_message_schema() -> None:
    loaded = schemas.load("message")
    assert isinstance(loaded, dict)
    assert loaded["$id"].endswith("/v1/message.schema.json")
    loaded["$id"] = "changed"
    assert schemas.load("message")["$id"] == f"{ID_BASE}message.schema.json"


def test_names_lists_every_schema() -> None:
    assert schemas.names() == SCHEMA_NAMES


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_path_points_at_an_existing_schema_file(name: str) -> None:
    file = schemas.path(name)
    assert file.is_file()
    assert file.name == f"{name}.schema.json"
    assert json.loads(file.read_text(encoding="utf-8")) == SCHEMAS[name]


def test_path_of_an_unknown_schema_raises_key_error() -> None:
    with pytest.raises(KeyError, match="no schema named 'nope'"):
        schemas.path("nope")


@pytest.mark.skipif(
    os.environ.get("AGENT_IR_TEST_INSTALLED") != "1",
    reason="set AGENT_IR_TEST_INSTALLED=1 when testing an installed (non-editable) package",
)
def test_installed_package_carries_its_own_schemas() -> None:
    package = Path(agent_ir.__file__).resolve().parent
    assert "site-packages" in package.parts
    assert "src" not in package.parts
    assert schemas.schema_dir().resolve().is_relative_to(package)
