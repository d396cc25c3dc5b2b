"""The providers' records are data, stated once: ``schemas/v1/providers.json``.

* the file is valid under its schema (``providers.schema.json``);
* the Python registry's records say exactly what the file says, read here on its own
  (plain ``json``, not the package's loader), field by field, in the file's order, and
  the public ``Provider`` type lists the file's names;
* the TypeScript package's ``src/providers.ts`` is a fresh generation of the file
  (``codegen/typescript.py``; ``nox -s codegen_check`` compares it too, beside
  ``index.d.ts``), and ``src/rules.ts`` holds no copy of a record;
* a file the loader cannot take (a name twice, an id rule with half its characters
  rule) fails when the registry is built, and so does one the TypeScript rules could not
  apply when the module is generated.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import jsonschema
import msgspec
import pytest

from agent_ir import Provider, schemas
from agent_ir.wire import _records
from agent_ir.wire._registry import REGISTRY
from agent_ir.wire._spec import MediaLimit, MediaLimits, ModelRule, ProviderSpec

from support.codegen import load_codegen

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "schemas" / "v1" / "providers.json"
BINDINGS = ROOT / "bindings" / "typescript"

typescript = load_codegen("typescript")


def _data() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return document


RECORDS: list[dict[str, Any]] = _data()["providers"]
NAMES = [record["name"] for record in RECORDS]
# The schema's camelCase flags and TurnRules' fields.
TURNS = {
    "resultsFollowCall": "results_follow_call",
    "assistantTurnsJoin": "assistant_turns_join",
    "userTurnFirst": "user_turn_first",
    "callsFollowUserTurn": "calls_follow_user_turn",
    "contentRequired": "content_required",
    "idsReusableAfterResult": "ids_reusable_after_result",
}


# --- the file ------------------------------------------------------------------------------


def test_the_file_is_valid_under_its_schema() -> None:
    validator = jsonschema.Draft202012Validator(
        {"$ref": schemas.load("providers")["$id"]}, registry=schemas.registry()
    )
    assert list(validator.iter_errors(_data())) == []


def test_the_package_reads_the_file_of_the_checkout() -> None:
    assert (schemas.schema_dir() / _records.DATA_FILE).read_bytes() == DATA.read_bytes()


def test_each_name_is_recorded_once() -> None:
    assert len(set(NAMES)) == len(NAMES)


def test_the_schema_names_every_turn_rule_the_python_records_have() -> None:
    flags = schemas.load("providers")["$defs"]["ProviderTurnRules"]["required"]
    assert sorted(flags) == sorted(TURNS)
    spec = next(iter(REGISTRY.values()))
    assert sorted(vars(spec.turns)) == sorted(TURNS.values())


# --- the Python registry says what the file says ------------------------------------------


def test_the_registry_lists_the_file_s_providers_in_its_order() -> None:
    assert list(REGISTRY) == NAMES
    assert list(get_args(Provider)) == NAMES


def _said(spec: ProviderSpec) -> dict[str, Any]:
    """What a Python record says, in the file's words (absent where the file omits it)."""
    ids: dict[str, Any] = {}
    if spec.ids.shortest != 1:
        ids["shortest"] = spec.ids.shortest
    if spec.ids.longest is not None:
        ids["longest"] = spec.ids.longest
    if spec.ids.characters is not None:
        ids |= {"characters": spec.ids.characters, "replacement": spec.ids.replacement}
    said: dict[str, Any] = {"name": spec.name, "label": spec.label, "ids": ids}
    if spec.tool_names is not None:
        names = spec.tool_names
        said["toolNames"] = {"longest": names.longest, "characters": names.characters}
        if names.first is not None:
            said["toolNames"]["first"] = names.first
    said["turns"] = {flag: getattr(spec.turns, field) for flag, field in TURNS.items()}
    if spec.signatures is not None:
        models = spec.signatures.requires
        assert isinstance(models, ModelRule)
        said["signatures"] = {
            "placeholders": list(spec.signatures.placeholders),
            "models": {
                "prefix": models.prefix,
                "fromMajor": models.from_major,
                "exempt": list(models.exempt),
            },
        }
    if spec.cache_breakpoints is not None:
        said["cacheBreakpoints"] = spec.cache_breakpoints
    if spec.media is not None:
        said["media"] = _said_media(spec.media)
    request = spec.request
    said["request"] = {"messages": request.messages_key}
    if request.system_key is not None:
        said["request"]["system"] = request.system_key
    if request.tools_key is not None:
        said["request"]["tools"] = request.tools_key
    said["request"]["switches"] = list(request.switches)
    return said


def _said_media(media: MediaLimits) -> dict[str, Any]:
    said: dict[str, Any] = {}
    for kind, limit in (("images", media.images), ("documents", media.documents)):
        if limit is not None:
            said[kind] = {
                key: value
                for key, value in (
                    ("mostPerTurn", limit.most_per_turn),
                    ("largestBytes", limit.largest_bytes),
                    ("largestSide", limit.largest_side),
                )
                if value is not None
            }
    if media.documents_need_text:
        said["documentsNeedText"] = True
    return said


@pytest.mark.parametrize("record", RECORDS, ids=NAMES)
def test_each_python_record_says_exactly_what_the_file_says(record: dict[str, Any]) -> None:
    assert _said(REGISTRY[record["name"]]) == record


def test_the_derived_patterns_are_those_the_rules_have_always_read() -> None:
    """The patterns the messages show, derived from the data as before it was data."""
    assert {
        name: spec.ids.pattern and spec.ids.pattern.pattern for name, spec in REGISTRY.items()
    } == {
        "openai-chat": None,
        "openai-responses": None,
        "anthropic": "[a-zA-Z0-9_-]{1,64}",
        "gemini": None,
        "bedrock-converse": "[a-zA-Z0-9_.:-]{1,64}",
        "mistral": "[a-zA-Z0-9]{9}",
    }
    assert {
        name: spec.tool_names and spec.tool_names.pattern.pattern for name, spec in REGISTRY.items()
    } == {
        "openai-chat": "[a-zA-Z0-9_-]{1,64}",
        "openai-responses": "[a-zA-Z0-9_-]{1,64}",
        "anthropic": "[a-zA-Z0-9_-]{1,64}",
        "gemini": "[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}",
        "bedrock-converse": "[a-zA-Z0-9_-]{1,64}",
        "mistral": "[a-zA-Z0-9_-]{1,64}",
    }


@pytest.mark.parametrize(
    ("model", "applies"),
    [
        (None, True),
        ("acme-3", True),
        ("models/ACME-4.1-fast", True),
        ("acme-2.9", False),
        ("acme-2-9", False),
        ("acme-3-draw", False),  # exempt
        ("acme-latest", True),  # no version: follows the newest
        ("acme-\u0663", True),  # any script's digits, as Python's int reads them
        ("acme-3\n", True),
        ("other-9", False),
        ("xacme-9", False),
    ],
)
def test_a_model_rule_reads_any_family_from_its_data(model: str | None, applies: bool) -> None:
    assert ModelRule(prefix="acme-", from_major=3, exempt=("-draw",))(model) is applies


# --- a file the loader refuses -------------------------------------------------------------


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder the loader reads the records from instead of the package's."""
    monkeypatch.setattr(schemas, "schema_dir", lambda: tmp_path)
    _records.records.cache_clear()
    yield tmp_path
    _records.records.cache_clear()


def _write(folder: Path, records: list[dict[str, Any]]) -> None:
    text = json.dumps({"providers": records})
    (folder / _records.DATA_FILE).write_text(text, encoding="utf-8")


def _convert(messages: object, system: object, tools: object) -> Any:
    raise AssertionError("not read")


def test_a_name_recorded_twice_fails(data_dir: Path) -> None:
    _write(data_dir, [RECORDS[0], RECORDS[0]])
    with pytest.raises(ValueError, match=f"provider '{NAMES[0]}' is recorded twice"):
        _records.records()


def test_a_record_of_the_wrong_shape_fails(data_dir: Path) -> None:
    _write(data_dir, [{**RECORDS[0], "label": ""}])
    with pytest.raises(msgspec.ValidationError, match=re.escape("at `$.providers[0].label`")):
        _records.records()


@pytest.mark.parametrize(
    "ids",
    [{"characters": "a-z"}, {"longest": 5, "replacement": "_"}, {"shortest": 3}],
    ids=["chars", "repl", "shortest"],
)
def test_an_id_rule_with_half_its_characters_rule_fails(
    data_dir: Path, ids: dict[str, Any]
) -> None:
    _write(data_dir, [{**RECORDS[0], "ids": ids}])
    message = (
        f"providers.json: '{NAMES[0]}': ids.characters and ids.replacement come together, "
        "and ids.shortest only with them"
    )
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        _records.spec_from_record(NAMES[0], convert=_convert)


def test_a_name_not_recorded_is_a_key_error_naming_the_file() -> None:
    with pytest.raises(KeyError, match=re.escape("providers.json has no provider 'cohere'")):
        _records.spec_from_record("cohere", convert=_convert)


def test_a_record_read_from_another_file_builds_its_spec(data_dir: Path) -> None:
    record = {**RECORDS[0], "name": "acme-chat", "label": "Acme Chat"}
    _write(data_dir, [record])
    spec = _records.spec_from_record("acme-chat", convert=_convert)
    assert _said(spec) == record
    assert spec.request.convert is _convert


def test_a_record_limiting_documents_only_limits_no_image(data_dir: Path) -> None:
    media = {"documents": {"mostPerTurn": 2}}
    record = {**RECORDS[0], "name": "acme-chat", "label": "Acme Chat", "media": media}
    _write(data_dir, [record])
    spec = _records.spec_from_record("acme-chat", convert=_convert)
    assert spec.media == MediaLimits(
        images=None, documents=MediaLimit(most_per_turn=2), documents_need_text=False
    )


# --- the TypeScript package ---------------------------------------------------------------


def test_the_typescript_records_are_a_fresh_generation_of_the_file() -> None:
    checked_in = (BINDINGS / typescript.PROVIDERS_MODULE).read_text(encoding="utf-8")
    assert checked_in == typescript.providers_module()


def test_the_typescript_module_holds_each_record_as_the_file_states_it() -> None:
    text = typescript.providers_module()
    assert f"export type Provider = {' | '.join(json.dumps(name) for name in NAMES)};" in text
    listed = ", ".join(json.dumps(name) for name in NAMES)
    assert f"export const PROVIDERS: readonly Provider[] = [{listed}];" in text
    # the object literal, quoted as JSON, is the file's records by name
    body = text.split("= {\n", 1)[1].rsplit("};", 1)[0]
    as_json = re.sub(r"(?m)^(\s*)([A-Za-z_$][\w$]*): ", r'\1"\2": ', body)
    as_json = re.sub(r"([{,] )([A-Za-z_$][\w$]*): ", r'\1"\2": ', as_json)
    as_json = re.sub(r",(\s*[}\]])", r"\1", "{" + as_json.rstrip().rstrip(",") + "}")
    assert json.loads(as_json) == {record["name"]: record for record in RECORDS}


def test_rules_ts_holds_no_copy_of_a_record() -> None:
    rules = (BINDINGS / "src" / "rules.ts").read_text(encoding="utf-8")
    facts = {
        *NAMES,
        *(record["label"] for record in RECORDS),
        *(
            rule["characters"]
            for record in RECORDS
            for rule in (record["ids"], record.get("toolNames", {}))
            if "characters" in rule
        ),
        *(record["signatures"]["models"]["prefix"] for record in RECORDS if "signatures" in record),
        *(
            fragment
            for record in RECORDS
            if "signatures" in record
            for fragment in record["signatures"]["models"]["exempt"]
        ),
    }
    assert [fact for fact in sorted(facts) if json.dumps(fact) in rules] == []
    assert 'from "./providers.js"' in rules


def test_the_generation_refuses_a_turn_rule_rules_ts_does_not_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # rules.ts checks every rule now (userTurnFirst since bedrock-converse asks it): the
    # guard is proven on a rule it is told is not checked.
    monkeypatch.setattr(typescript, "UNCHECKED_TURNS", ("userTurnFirst",))
    record = {**RECORDS[0], "turns": {**RECORDS[0]["turns"], "userTurnFirst": True}}
    data = tmp_path / "providers.json"
    data.write_text(json.dumps({"providers": [record]}), encoding="utf-8")
    with pytest.raises(typescript.CodegenError, match="does not check userTurnFirst"):
        typescript.providers_module(data)


def test_the_generation_refuses_a_name_recorded_twice(tmp_path: Path) -> None:
    data = tmp_path / "providers.json"
    data.write_text(json.dumps({"providers": [RECORDS[0], RECORDS[0]]}), encoding="utf-8")
    with pytest.raises(typescript.CodegenError, match="recorded twice"):
        typescript.providers_module(data)
