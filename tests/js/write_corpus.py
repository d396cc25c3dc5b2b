"""Write the cross-language corpus: transcripts with Python's diagnostics, for the npm
package (bindings/typescript/) to give the same ones (tests/js/differential.mjs).

    python tests/js/write_corpus.py OUT.jsonl [--generated N] [--seed S]

(with ``src`` and ``tests`` on ``PYTHONPATH``; ``nox -s ts_package`` runs it). Each line
is one case: ``{"source", "transcript", "tools"?, "allowPending"?, "provider"?,
"diagnostics": [{"code", "messageIndex", "toolIndex"?, "path", "message"}]}``, the
diagnostics being Python's ``validate_transcript`` (or ``check_wire_rules`` when the case
names a provider) of exactly what the line holds. The cases:

* every case of both conformance suites (``fixtures/conformance/``);
* every schema example (``fixtures/schema-examples/``): a transcript example as it is,
  any other as a one-message transcript;
* each provider's media limits (``support/media.py``): counts at and over them, sizes
  at and over them (base64 of megabytes) and thousands of images;
* tool calls against tools' parameters from the grammar of the tools' property test
  (``tests/property/test_tools_differential.py``: every keyword family, ``$ref`` into
  ``$defs``), where a validator may count failing keywords its own way; and parameters
  naming each dialect (``$schema``: drafts 4 to 2020-12, unknown ones); tool definitions
  with one or several problems;
* transcripts of the property-test generator (``tests/support/strategies.py``,
  ``transcripts()``, derandomized), each written as drawn and as mutants (a seeded
  ``random.Random``: messages dropped, repeated, swapped; a value anywhere replaced by
  one of another type or a lone surrogate; keys removed or added; ids and names changed;
  objects nested too deeply; impossible dates), with tools derived from the calls (some
  missing, some broken), ``allowPending`` and a provider drawn for some of them.

JSON text cannot tell ``1.0`` from ``1`` (``JSON.parse`` cannot): every float that
holds an integer is written as that integer, and Python judges the value as written.
Non-finite numbers are left out (``json.dumps`` would write ``Infinity``, not JSON).
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any, get_args

from hostile_tools import hostile_tool_schemas
from hostile_tools import transcript as tool_transcript
from hypothesis import HealthCheck, Phase, given, settings

from agent_ir import Provider, check_wire_rules, validate_transcript
from agent_ir.wire._registry import REGISTRY

from support import media
from support.strategies import transcripts

ROOT = Path(__file__).resolve().parents[2]
SUITE = ROOT / "fixtures" / "conformance"
EXAMPLES = ROOT / "fixtures" / "schema-examples"
PROVIDERS = get_args(Provider)  # the registry's names, in its order
# Models that do and do not require Gemini's thought signatures (others ignore it).
MODELS = ("gemini-3-pro-preview", "models/gemini-2.5-flash", "gemini-3-pro-image", "gemini-flash-latest",
          "GEMINI-10.1", "gemma-3-27b-it", "gemini-\u0663", "gemini-2\n", "gemini-4.x")  # fmt: skip


def as_written(value: Any) -> Any:
    """``value`` as JSON text gives it back to JavaScript: integral floats as integers."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if isinstance(value, list):
        return [as_written(item) for item in value]
    if isinstance(value, dict):
        return {key: as_written(item) for key, item in value.items()}
    return value


def finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(finite(item) for item in value)
    if isinstance(value, dict):
        return all(finite(item) for item in value.values())
    return True


def case(source: str, transcript: Any, **options: Any) -> dict[str, Any]:
    """One line: the input and Python's diagnostics of it."""
    transcript = as_written(transcript)
    found: dict[str, Any] = {"source": source, "transcript": transcript}
    keywords: dict[str, Any] = {}
    if options.get("tools") is not None:
        found["tools"] = keywords["tools"] = as_written(options["tools"])
    if options.get("allowPending"):
        found["allowPending"] = keywords["allow_pending"] = True
    provider = options.get("provider")
    if provider is None:
        diagnostics = validate_transcript(transcript, **keywords)
    else:
        found["provider"] = provider
        if "model" in options:
            found["model"] = keywords["model"] = options["model"]
        diagnostics = check_wire_rules(transcript, provider, **keywords)
    found["diagnostics"] = [
        {
            "code": str(d.code),
            "messageIndex": d.message_index,
            **({} if d.tool_index is None else {"toolIndex": d.tool_index}),
            "path": d.path,
            "message": d.message,
        }
        for d in diagnostics
    ]
    return found


def suite_cases() -> list[dict[str, Any]]:
    found = []
    for kind in ("transcripts", "wire-rules"):
        for file in sorted((SUITE / kind).glob("*.json")):
            for item in json.loads(file.read_text(encoding="utf-8")):
                source = f"{kind}/{file.name}: {item['description']}"
                if not finite(item["transcript"]):  # 1e400: JSON.parse reads it too
                    continue
                keys = ("tools", "allowPending", "provider", "model")
                options = {k: item[k] for k in keys if k in item}
                found.append(case(source, item["transcript"], **options))
    return found


def example_cases() -> list[dict[str, Any]]:
    found = []
    for file in sorted(EXAMPLES.glob("*/*/*.json")):
        value = json.loads(file.read_text(encoding="utf-8"))
        schema = file.parent.parent.name
        if isinstance(value, dict) and set(value) == {"def", "instance"}:
            value = value["instance"]
        transcript = value if schema == "transcript" else [value]
        found.append(case(f"schema-examples/{file.relative_to(EXAMPLES)}", transcript))
    return found


def media_cases() -> list[dict[str, Any]]:
    """Every provider's media limits (``ProviderSpec.media``): counts at and over each
    provider's limits for every provider (each declares its own, or none), sizes at and
    over them (blocks of megabytes: only for the providers that declare them), and
    hostile counts."""
    found = []
    for provider in PROVIDERS:
        limits = REGISTRY[provider].media
        images = documents = 3
        if limits is not None:
            images = (limits.images and limits.images.most_per_turn) or images
            documents = (limits.documents and limits.documents.most_per_turn) or documents
        named = media.count_cases(images, documents) + media.hostile_cases(2000)
        named += media.textless_cases()
        if limits is not None:
            named += media.size_cases(limits) + media.side_cases() + media.header_cases(300, 7)
        for name, transcript in named:
            found.append(case(f"media/{provider}: {name}", transcript, provider=provider))
    return found


def _draws(count: int) -> settings:
    """``count`` draws, generated only, the same on every run."""
    return settings(
        max_examples=count,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )


def drawn(count: int) -> list[list[Any]]:
    """``count`` transcripts of the property-test generator, the same on every run."""
    out: list[list[Any]] = []

    @_draws(count)
    @given(transcripts())
    def collect(transcript: list[Any]) -> None:
        out.append(transcript)

    collect()
    return out


# --- mutations ------------------------------------------------------------------------

ODD_VALUES = (None, True, 0, -1, 1.5, "", " ", "x", "\ud800", [], {}, [1], {"k": "v"})
BLOCK_TYPES = ("text", "thinking", "toolCall", "image", "audio", "document", "refusal",
               "serverToolCall", "serverToolResult", "bogus")  # fmt: skip
ROLES = ("user", "assistant", "toolResult", "system", "tool")


def places(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path inside ``value``."""
    found = [at]
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += places(item, (*at, index))
    return found


def get(value: Any, at: tuple[Any, ...]) -> Any:
    for part in at:
        value = value[part]
    return value


def call_ids(transcript: list[Any]) -> list[str]:
    return [
        block["id"]
        for message in transcript
        if isinstance(message, dict) and isinstance(message.get("content"), list)
        for block in message["content"]
        if isinstance(block, dict) and block.get("type") == "toolCall" and "id" in block
    ]


def mutate(transcript: list[Any], rng: random.Random) -> list[Any]:
    """``transcript`` with one thing changed (a copy)."""
    t = copy.deepcopy(transcript)
    kind = rng.randrange(14)
    if not t:
        return [rng.choice(ODD_VALUES)] if kind % 2 else t
    index = rng.randrange(len(t))
    if kind == 0:
        del t[index]
    elif kind == 1:
        t.insert(rng.randrange(len(t) + 1), copy.deepcopy(t[index]))
    elif kind == 2:
        other = rng.randrange(len(t))
        t[index], t[other] = t[other], t[index]
    elif kind in (3, 4, 5):  # a value anywhere replaced
        inner = [at for at in places(t) if len(at) > 1]
        if inner:
            at = rng.choice(inner)
            get(t, at[:-1])[at[-1]] = copy.deepcopy(rng.choice(ODD_VALUES))
    elif kind == 6:  # a key removed
        owners = [at for at in places(t) if isinstance(get(t, at), dict) and get(t, at)]
        if owners:
            owner = get(t, rng.choice(owners))
            del owner[rng.choice(list(owner))]
    elif kind == 7:  # a key added
        owners = [at for at in places(t) if isinstance(get(t, at), dict)]
        if owners:
            get(t, rng.choice(owners))[rng.choice(("extra", "0", "__proto__", "id", "x\ud800"))] = 1
    elif kind == 8:  # a result's id or name changed
        ids = [*call_ids(t), "nope", " "]
        results = [m for m in t if isinstance(m, dict) and m.get("role") == "toolResult"]
        if results:
            result = rng.choice(results)
            field = rng.choice(("toolCallId", "toolName"))
            result[field] = rng.choice(ids) if field == "toolCallId" else rng.choice(("zz", "x"))
    elif kind == 9:  # a call's id made the same as another's
        ids = call_ids(t)
        calls = [
            block
            for message in t
            if isinstance(message, dict) and isinstance(message.get("content"), list)
            for block in message["content"]
            if isinstance(block, dict) and block.get("type") == "toolCall"
        ]
        if calls and ids:
            rng.choice(calls)["id"] = rng.choice(ids)
    elif kind == 10:  # nested too deeply inside a JSON object, or not an object
        objects = [
            at
            for at in places(t)
            if at and at[-1] in ("arguments", "input", "wire") and isinstance(get(t, at), dict)
        ]
        if objects:
            deep: Any = "end"
            for _ in range(rng.choice((62, 63, 64, 65, 70))):
                deep = rng.choice(([deep], {"k": deep}))
            get(t, rng.choice(objects))["deep"] = deep
    elif kind == 11:  # an impossible date
        owners = [m for m in t if isinstance(m, dict)]
        if owners:
            rng.choice(owners)["timestamp"] = rng.choice(
                ("2023-02-29T00:00:00Z", "2024-02-30T10:00:00+01:00", "2024-02-29T00:00:00Z")
            )
    elif kind == 12:  # a block's type or a message's role changed
        blocks = [at for at in places(t) if len(at) == 3 and isinstance(get(t, at), dict)]
        if blocks and rng.random() < 0.6:
            get(t, rng.choice(blocks))["type"] = rng.choice(BLOCK_TYPES)
        elif isinstance(t[index], dict):
            t[index]["role"] = rng.choice(ROLES)
    else:
        t[index] = copy.deepcopy(rng.choice(ODD_VALUES))
    return t


TEMPLATES: tuple[Any, ...] = (
    None,
    {"type": "object"},
    {"type": "object", "additionalProperties": False},
    {"type": "object", "required": ["needed"]},
    {"type": "object", "maxProperties": 1},
    {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}},
    {"type": "object", "additionalProperties": {"type": "string"}},
    {"type": "object", "propertyNames": {"maxLength": 3}},
    {"type": 5},
    {"$ref": "https://example.com/x.json"},
)


def tools_for(transcript: list[Any], rng: random.Random) -> list[Any]:
    names = sorted(
        {
            block["name"]
            for message in transcript
            if isinstance(message, dict) and isinstance(message.get("content"), list)
            for block in message["content"]
            if isinstance(block, dict)
            and block.get("type") == "toolCall"
            and isinstance(block.get("name"), str)
        }
    )
    tools: list[Any] = []
    for name in names:
        if rng.random() < 0.15:
            continue  # its calls are UNDECLARED_TOOL
        tool: dict[str, Any] = {"name": name}
        parameters = rng.choice(TEMPLATES)
        if parameters is not None:
            tool["parameters"] = parameters
        tools.append(tool)
    if rng.random() < 0.2:
        tools.append(
            rng.choice(
                (
                    {"name": " "},
                    {"name": "x", "extra": 1},
                    "tool",
                    {"name": names[0] if names else "n"},
                )
            )
        )
    rng.shuffle(tools)
    return tools


def tool_cases(count: int) -> list[dict[str, Any]]:
    """``count`` calls checked against parameters of the tools' property-test grammar."""
    spec = importlib.util.spec_from_file_location(
        "tools_grammar", ROOT / "tests" / "property" / "test_tools_differential.py"
    )
    assert spec is not None
    assert spec.loader is not None
    grammar = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(grammar)
    pairs: list[tuple[Any, Any]] = []

    @_draws(count)
    @given(grammar.parameters(), grammar.ARGUMENTS)
    def collect(schema: Any, arguments: Any) -> None:
        pairs.append((schema, arguments))

    collect()
    found = []
    for number, (schema, arguments) in enumerate(pairs):
        transcript = grammar._transcript(arguments)
        tools = [{"name": "t", "parameters": schema}]
        found.append(case(f"tools {number}", transcript, tools=tools))
    return found


DIALECTS = (
    "http://json-schema.org/draft-04/schema#",
    "http://json-schema.org/draft-06/schema#",
    "http://json-schema.org/draft-07/schema#",
    "http://json-schema.org/draft-07/schema",
    "https://json-schema.org/draft/2019-09/schema",
    "https://json-schema.org/draft/2020-12/schema",
    "http://json-schema.org/schema#",
    "http://json-schema.org/draft-03/schema#",
    "https://example.com/dialect",
    5,
)
DIALECT_PROPERTIES: tuple[dict[str, Any], ...] = (
    {"type": "string"},
    {"minimum": 1, "exclusiveMinimum": True},
    {"minimum": 1, "exclusiveMinimum": False},
    {"exclusiveMinimum": 1},
    {"maximum": 2, "exclusiveMaximum": True},
    {"prefixItems": [{"type": "string"}]},
    {"items": [{"type": "string"}]},
    {"dependentRequired": {"b": ["c"]}},
)


def dialect_cases() -> list[dict[str, Any]]:
    """Parameters naming each dialect ($schema), with keywords whose meaning or validity
    differs between drafts."""
    found = []
    for dialect in DIALECTS:
        for number, schema in enumerate(DIALECT_PROPERTIES):
            parameters = {"$schema": dialect, "type": "object", "properties": {"a": schema}}
            for arguments in ({"a": 1}, {"a": 2}, {"a": "x"}, {"a": [1]}, {"a": ["x", 1]}):
                transcript = [
                    {"role": "assistant", "id": "m0", "content": [
                        {"type": "toolCall", "id": "c1", "name": "t", "arguments": arguments}]},
                    {"role": "toolResult", "id": "m1", "toolCallId": "c1", "toolName": "t",
                     "content": "ok", "isError": False},
                ]  # fmt: skip
                tools = [{"name": "t", "parameters": parameters}]
                found.append(case(f"dialects {dialect} {number}", transcript, tools=tools))
    return found


DEFINITION_FIELDS: tuple[tuple[str, tuple[Any, ...]], ...] = (
    ("name", ("t", " ", "", 5, None, "t\ud800", "\ufeff", ["t"])),
    ("description", ("d", 5, None, "d\ud800")),
    ("parameters", ({"type": "object"}, [], "x", None, {"type": 5}, {"a": "\ud800"})),
    ("strict", (True, "yes", None)),
    ("extra", (1,)),
    ("x\ud800", (1,)),
)


def definition_cases(seed: int) -> list[dict[str, Any]]:
    """Tool definitions with one or several problems each (which one Python reports)."""
    rng = random.Random(seed)
    transcript = [
        {"role": "assistant", "id": "m0", "content": [
            {"type": "toolCall", "id": "c1", "name": "t", "arguments": {"a": 1}}]},
        {"role": "toolResult", "id": "m1", "toolCallId": "c1", "toolName": "t", "content": "ok",
         "isError": False},
    ]  # fmt: skip
    found = []
    for number in range(300):
        tools = []
        for _ in range(rng.randrange(1, 4)):
            fields = [(k, vs) for k, vs in DEFINITION_FIELDS if rng.random() < 0.5]
            rng.shuffle(fields)
            tools.append({key: rng.choice(values) for key, values in fields})
        found.append(case(f"definitions {number}", transcript, tools=tools))
    return found


def hostile_tool_cases(count: int, seed: int) -> list[dict[str, Any]]:
    """The hostile tool schemas (``hostile_tools.py``): the issue's cases and ``count``
    drawn ones, each a tool and one call checked against it."""
    return [
        case(source, tool_transcript(arguments), tools=[{"name": "t", "parameters": parameters}])
        for source, parameters, arguments in hostile_tool_schemas(count, seed)
        if finite(parameters) and finite(arguments)
    ]


def generated_cases(count: int, seed: int) -> list[dict[str, Any]]:
    """At least ``count`` cases from the generator: each draw as it is and mutants."""
    rng = random.Random(seed)
    per_draw = 40  # drawing is most of the time (about 30 ms a draw): mutants are cheap
    bases = drawn(max(1, -(-count // per_draw)))
    found = []
    for number, base in enumerate(bases):
        for variant in range(per_draw):
            transcript = base
            for _ in range(0 if variant == 0 else rng.choice((1, 1, 1, 2, 3))):
                transcript = mutate(transcript, rng)
            options: dict[str, Any] = {}
            if rng.random() < 0.25:
                options["tools"] = tools_for(transcript, rng)
            if rng.random() < 0.2:
                options["allowPending"] = True
            if rng.random() < 0.3:
                options["provider"] = rng.choice(PROVIDERS)
                if rng.random() < 0.3:
                    options["model"] = rng.choice(MODELS)
            if not finite(transcript):
                continue
            found.append(case(f"generated {number}.{variant}", transcript, **options))
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--generated", type=int, default=10_000)
    parser.add_argument("--tools", type=int, default=500)
    parser.add_argument("--hostile", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=25)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    cases = [
        *suite_cases(),
        *example_cases(),
        *tool_cases(args.tools),
        *dialect_cases(),
        *media_cases(),
        *definition_cases(args.seed),
        *hostile_tool_cases(args.hostile, args.seed),
        *generated_cases(args.generated, args.seed),
    ]
    with args.out.open("w", encoding="utf-8") as out:
        for item in cases:
            out.write(json.dumps(item, ensure_ascii=True, allow_nan=False) + "\n")
    elapsed = time.perf_counter() - started
    print(f"write_corpus: {len(cases)} cases in {args.out} ({elapsed:.1f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
