"""A third implementation reads the v1 schemas as Python does: jsonschema-rs (Rust).

Every schema example and every message of every conformance transcript gets the same
verdict from jsonschema-rs as from Python, under both of its regex engines: fancy-regex
(its default, backtracking) and Rust's ``regex`` crate (``RegexOptions``: linear time, the
RE2 family, no lookaround), which is what Go's ``regexp`` and most Rust services use.

For the conformance transcripts, Python's verdict is ``validate_transcript``'s (a message
is shape-valid when no shape code names it). A schema validator gives it together with
the rules a schema cannot say (``schemas/README.md``): the suite exercises three of them,
lone surrogates (jsonschema-rs, like any validator that holds strings as UTF-8, cannot
see one: it raises ``UnicodeEncodeError`` on one in a key or in a string it matches
against a pattern, and accepts one elsewhere), real calendar dates, and the depth of
the JSON objects of a message (a tool call's arguments, a server-tool call's input and
wire, a server-tool result's wire, a citation's wire: at most 64 levels, the object
counted). ``hand_rules`` checks those three here, first, as another implementation
must.

The patterns are also checked for what makes them portable: no lookaround, no class
escapes (``\\s``, ``\\S``, ``\\d``, ``\\w`` mean different characters in Python, ECMA-262
and RE2), no ``\\u`` escapes (RE2 does not read them); and each pattern that ends with
``$`` refuses, through the ``not`` beside it, exactly the final newline that Python's
``$`` lets through.
"""

from __future__ import annotations

import calendar
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from agent_ir import schemas, validate_transcript

jsonschema_rs = pytest.importorskip("jsonschema_rs", reason="nox's tests session installs it")

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "fixtures" / "schema-examples"
SUITE = ROOT / "fixtures" / "conformance" / "transcripts"
ID_BASE = "https://agent-ir.dev/schemas/v1/"
MESSAGE_REF = f"{ID_BASE}message.schema.json#/$defs/Message"
TRANSCRIPT_REF = f"{ID_BASE}transcript.schema.json"
SHAPE_CODES = {"INVALID_MESSAGE", "EMPTY_TOOL_NAME", "INVALID_TOOL_ARGUMENTS"}
ENGINES = {"fancy-regex": None, "regex": jsonschema_rs.RegexOptions()}


# --------------------------------------------------------------------------- helpers


def _walk(node: Any, pointer: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(node, dict):
        yield pointer, node
        for key, value in node.items():
            yield from _walk(value, f"{pointer}/{key}")
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from _walk(item, f"{pointer}/{index}")


def _strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value, object keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


_REGISTRY = jsonschema_rs.Registry(
    [(schemas.load(name)["$id"], schemas.load(name)) for name in schemas.names()]
)
_VALIDATORS: dict[tuple[str, str], Any] = {}


def rust_validator(ref: str, engine: str) -> Any:
    key = (ref, engine)
    if key not in _VALIDATORS:
        _VALIDATORS[key] = jsonschema_rs.validator_for(
            {"$ref": ref}, registry=_REGISTRY, pattern_options=ENGINES[engine]
        )
    return _VALIDATORS[key]


def python_validator(ref: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({"$ref": ref}, registry=schemas.registry())


def _examples() -> list[tuple[str, str, Any]]:
    """(id, $ref, instance) of every schema example."""
    found = []
    for file in sorted(EXAMPLES.glob("*/*/*.json")):
        schema = schemas.load(file.parent.parent.name)
        instance = json.loads(file.read_text(encoding="utf-8"))
        ref = schema["$id"]
        if "$ref" not in schema:  # no root: {"def": ..., "instance": ...}
            ref, instance = f"{ref}#/$defs/{instance['def']}", instance["instance"]
        found.append((str(file.relative_to(EXAMPLES).with_suffix("")), ref, instance))
    return found


def _cases() -> list[tuple[str, dict[str, Any]]]:
    return [
        (f"{file.name}::{case['description']}", case)
        for file in sorted(SUITE.glob("*.json"))
        for case in json.loads(file.read_text(encoding="utf-8"))
    ]


EXAMPLE_LIST = _examples()
CASES = _cases()


# ------------------------------------------------------------------------ hand rules

_TIMESTAMP = re.compile(schemas.load("message")["$defs"]["Timestamp"]["pattern"][:-1] + r"\Z")


def is_well_formed(value: Any) -> bool:
    """No lone UTF-16 surrogate in any string or key (JavaScript: ``isWellFormed()``)."""
    return not any(re.search("[\ud800-\udfff]", text) for text in _strings(value))


def is_calendar_timestamp(text: str) -> bool:
    """A timestamp the schema's pattern accepts names a real date (year 0000 is a leap
    year; a leap second ``:60`` is accepted at any time of day). One the pattern refuses
    is the schema's to refuse: True."""
    if not _TIMESTAMP.search(text):
        return True
    year, month, day = int(text[0:4]), int(text[5:7]), int(text[8:10])
    days = 29 if month == 2 and calendar.isleap(year) else calendar.mdays[month]
    return day <= days


def hand_rules(message: Any) -> bool:
    """The rules a schema cannot say that the suite exercises, for one message whose
    shape the schema accepts."""
    if not is_well_formed(message) or not objects_within_depth(message):
        return False
    timestamp = message.get("timestamp") if isinstance(message, dict) else None
    return not isinstance(timestamp, str) or is_calendar_timestamp(timestamp)


MAX_DEPTH = 64
OBJECT_FIELDS = {"toolCall": ("arguments",), "serverToolCall": ("input", "wire")}
OBJECT_FIELDS["serverToolResult"] = ("wire",)


def objects_within_depth(message: Any) -> bool:
    """Whether every JSON object of the message nests at most 64 levels (the object one
    of them): a block's arguments, input or wire, a text block's citations' wire."""
    content = message.get("content") if isinstance(message, dict) else None
    if not isinstance(content, list):
        return True
    objects = []
    for block in content:
        if not isinstance(block, dict):
            continue
        objects += [block[f] for f in OBJECT_FIELDS.get(block.get("type"), ()) if f in block]
        citations = block.get("citations") if block.get("type") == "text" else None
        if isinstance(citations, list):
            objects += [c["wire"] for c in citations if isinstance(c, dict) and "wire" in c]
    return all(depth(value) <= MAX_DEPTH for value in objects)


def depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    return 0


# ------------------------------------------------------------------- compilation


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("name", schemas.names())
def test_every_definition_compiles_under_both_regex_engines(name: str, engine: str) -> None:
    schema = schemas.load(name)
    refs = [f"{schema['$id']}#/$defs/{definition}" for definition in schema["$defs"]]
    for ref in refs:
        assert rust_validator(ref, engine) is not None


# ---------------------------------------------------------------------- verdicts


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    ("ref", "instance"),
    [(ref, instance) for _, ref, instance in EXAMPLE_LIST],
    ids=[example_id for example_id, _, _ in EXAMPLE_LIST],
)
def test_schema_example_verdict_equals_python_jsonschema(
    ref: str, instance: Any, engine: str
) -> None:
    assert rust_validator(ref, engine).is_valid(instance) == python_validator(ref).is_valid(
        instance
    )


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("case", [case for _, case in CASES], ids=[name for name, _ in CASES])
def test_conformance_message_verdicts_equal_validate_transcript(
    case: dict[str, Any], engine: str
) -> None:
    transcript = case["transcript"]
    python = [(d.code.value, d.message_index) for d in validate_transcript(transcript)]
    if not isinstance(transcript, list):
        assert ("INVALID_TRANSCRIPT", -1) in python
        assert not rust_validator(TRANSCRIPT_REF, engine).is_valid(transcript)
        return
    validator = rust_validator(MESSAGE_REF, engine)
    # The hand rules first: jsonschema-rs cannot take a lone surrogate (see hand_rules).
    rust = [hand_rules(message) and validator.is_valid(message) for message in transcript]
    shape_valid = [
        not any(code in SHAPE_CODES and index == at for code, index in python)
        for at in range(len(transcript))
    ]
    assert rust == shape_valid
    if all(map(is_well_formed, transcript)):
        transcript_valid = rust_validator(TRANSCRIPT_REF, engine).is_valid(transcript)
        assert transcript_valid == all(validator.is_valid(message) for message in transcript)


def test_the_hand_rules_are_needed_for_lone_surrogates_and_dates_only() -> None:
    """What a schema validator alone accepts (or cannot read) and Python refuses:
    exactly the messages with a lone surrogate, a date that does not exist or a JSON
    object nested too deeply."""
    validator = rust_validator(MESSAGE_REF, "regex")
    needed = set()
    for name, case in CASES:
        if not isinstance(case["transcript"], list):
            continue
        for message in case["transcript"]:
            try:
                accepted = validator.is_valid(message)
            except UnicodeEncodeError:  # a lone surrogate in a key or a patterned string
                accepted = True
            if accepted and not hand_rules(message):
                if not is_well_formed(message):
                    rule = "surrogate"
                elif not objects_within_depth(message):
                    rule = "depth"
                else:
                    rule = "calendar"
                needed.add((rule, name))
    assert {rule for rule, _ in needed} == {"surrogate", "calendar", "depth"}
    assert all(("surrogate" in name) == (rule == "surrogate") for rule, name in needed)
    assert all(("65 levels" in name) == (rule == "depth") for rule, name in needed)


# ---------------------------------------------------------------------- patterns

_PATTERNS = [
    (f"{name}#{pointer}", node)
    for name in schemas.names()
    for pointer, node in _walk(schemas.load(name))
    if isinstance(node.get("pattern"), str)
]
# Escapes every dialect reads as the character itself.
_LITERAL_ESCAPES = set(r".\/^$|?*+()[]{}-")


def _portability_problems(pattern: str) -> list[str]:
    problems = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            escaped = pattern[index + 1 : index + 2]
            if escaped not in _LITERAL_ESCAPES:
                problems.append(f"escape \\{escaped}")
            index += 2
            continue
        group = char == "(" and pattern.startswith("?", index + 1)
        if group and not pattern.startswith("?:", index + 1):
            problems.append(f"group {pattern[index : index + 4]}")
        index += 1
    return problems


@pytest.mark.parametrize(("where", "node"), _PATTERNS, ids=[where for where, _ in _PATTERNS])
def test_pattern_uses_only_syntax_every_dialect_reads_alike(where: str, node: Any) -> None:
    assert _portability_problems(node["pattern"]) == []


def test_the_portability_check_finds_what_it_must() -> None:
    found = _portability_problems(r"\S(?![\s\S])\u001c(?=a)(?:b)\d\.")
    assert found == [
        "escape \\S",
        "group (?![",
        "escape \\s",
        "escape \\S",
        "escape \\u",
        "group (?=a",
        "escape \\d",
    ]


def test_a_class_before_dollar_does_not_refuse_a_final_newline_in_python() -> None:
    """Why the schemas need a "not": no pattern without lookaround or \\Z refuses it."""
    assert re.search(r"^[0-9A-Za-z]+[^\n]$", "abc\n")
    assert not re.search(r"^[0-9A-Za-z]+[^\n]\Z", "abc\n")


def _probes() -> list[str]:
    """Every string of the examples and the suite, each also with a newline after it,
    before it and alone."""
    texts: set[str] = {"", "\n", "\n\n", "\r\n"}
    for _, _, instance in EXAMPLE_LIST:
        texts.update(_strings(instance))
    for _, case in CASES:
        texts.update(_strings(case["transcript"]))
    texts = {text for text in texts if is_well_formed(text)}
    return sorted({variant for text in texts for variant in (text, text + "\n", "\n" + text)})


PROBES = _probes()
_DOLLAR_PATTERNS = [(where, node) for where, node in _PATTERNS if node["pattern"].endswith("$")]


@pytest.mark.parametrize(
    ("where", "node"), _DOLLAR_PATTERNS, ids=[where for where, _ in _DOLLAR_PATTERNS]
)
def test_a_dollar_pattern_with_its_not_means_the_end_of_the_string_everywhere(
    where: str, node: Any
) -> None:
    """Python's jsonschema (pattern and not), Python's re with \\Z (the generated types)
    and both engines of jsonschema-rs give one verdict on every probe."""
    schema = {key: node[key] for key in ("type", "pattern", "not") if key in node}
    end_of_string = re.compile(node["pattern"][:-1] + r"\Z")
    python = jsonschema.Draft202012Validator(schema)
    rust = [jsonschema_rs.validator_for(schema, pattern_options=o) for o in ENGINES.values()]
    disagreements = [
        text
        for text in PROBES
        if len(
            {
                python.is_valid(text),
                bool(end_of_string.search(text)),
                *(validator.is_valid(text) for validator in rust),
            }
        )
        > 1
    ]
    assert disagreements == []
    let_through = [t for t in PROBES if re.search(node["pattern"], t) and not python.is_valid(t)]
    assert let_through, "no probe shows a final newline that Python's $ alone lets through"


_CLASS_PATTERNS = {
    "NonEmptyString": schemas.load("message")["$defs"]["NonEmptyString"]["pattern"],
    "mediaType subtype": schemas.load("message")["$defs"]["Base64Source"]["properties"][
        "mediaType"
    ]["pattern"].split("/", 1)[1],
}


@pytest.mark.parametrize("name", _CLASS_PATTERNS)
def test_whitespace_classes_mean_the_same_characters_in_rust(name: str) -> None:
    """Every character of the Basic Multilingual Plane (surrogates aside)."""
    pattern = _CLASS_PATTERNS[name]
    python = re.compile(pattern)
    rust = [
        jsonschema_rs.validator_for({"pattern": pattern}, pattern_options=options)
        for options in ENGINES.values()
    ]
    disagreements = [
        hex(code)
        for code in range(0x10000)
        if not 0xD800 <= code <= 0xDFFF
        for char in [chr(code)]
        if any(validator.is_valid(char) != bool(python.search(char)) for validator in rust)
    ]
    assert disagreements == []


def test_the_media_type_class_is_python_whitespace_exactly() -> None:
    """The subtype's first character: Python's \\S (str.isspace), which the schema had
    before; U+FEFF is not whitespace in Python (it is in ECMA-262)."""
    subtype = re.compile(_CLASS_PATTERNS["mediaType subtype"])
    for code in range(0x110000):
        if 0xD800 <= code <= 0xDFFF:
            continue
        char = chr(code)
        assert bool(subtype.fullmatch(char)) == (not char.isspace()), hex(code)
