"""The registry of provider records is the one place a provider is known.

* ``REGISTRY`` holds each provider's record under its name, in a fixed order, and the
  public ``Provider`` type lists the same names;
* every consumer reads it: a fake provider put into the registry is accepted by
  ``check_wire_rules``, ``repair_transcript``, ``normalize_tool_call_ids``, the CLI's
  ``--format`` and ``--provider-rules`` and the HTML report, which apply its data;
* no module of the package spells a provider's name outside that provider's folder and
  ``wire/_registry.py`` (docstrings aside);
* every provider folder under ``agent_ir/wire/`` has exactly one registry entry, and
  every entry has its folder.
"""

from __future__ import annotations

import ast
import importlib
import json
from pathlib import Path
from types import MappingProxyType
from typing import Any, get_args

import pytest

import agent_ir
from agent_ir import (
    RepairCode,
    check_wire_rules,
    normalize_tool_call_ids,
    parse_message,
    repair_transcript,
)
from agent_ir.cli import main
from agent_ir.cli._html import Settings, render
from agent_ir.cli._report import Summary
from agent_ir.wire import WireMessages, _registry
from agent_ir.wire._registry import REGISTRY, Provider, provider_spec
from agent_ir.wire._spec import (
    DatasetFormat,
    IdRule,
    ProviderSpec,
    RequestReader,
    ToolNameRule,
    TurnRules,
)

from support.builders import assistant, call_block, result, user

PACKAGE = Path(agent_ir.__file__).parent
WIRE = PACKAGE / "wire"
FAKE = "fake-chat"


def _fake_convert(messages: object, system: object, tools: object) -> WireMessages:
    """The fake format: agent-ir's JSON form, its system prompt under its own key."""
    assert isinstance(messages, list)
    preamble = [] if system is None else [{"role": "system", "id": "preamble", "content": system}]
    return WireMessages(parse_message(message) for message in [*preamble, *messages])


def _fake(
    ids: IdRule | None = None, turns: TurnRules | None = None, label: str = "Fake Chat"
) -> ProviderSpec:
    return ProviderSpec(
        name=FAKE,
        label=label,
        ids=IdRule(longest=5) if ids is None else ids,
        turns=TurnRules() if turns is None else turns,
        request=RequestReader(messages_key="turns", convert=_fake_convert, system_key="preamble"),
    )


def _register(monkeypatch: pytest.MonkeyPatch, spec: ProviderSpec) -> None:
    monkeypatch.setattr(_registry, "REGISTRY", MappingProxyType({**REGISTRY, spec.name: spec}))


def _codes(diagnostics: tuple[Any, ...]) -> list[tuple[str, int, str]]:
    return [(str(found.code), found.message_index, found.message) for found in diagnostics]


# --- the registry and the public type -----------------------------------------------------


def test_the_registry_lists_the_six_providers_each_under_its_own_name() -> None:
    assert tuple(REGISTRY) == (
        *("openai-chat", "openai-responses", "anthropic", "gemini"),
        *("bedrock-converse", "mistral"),
    )
    assert all(spec.name == name for name, spec in REGISTRY.items())


def test_the_public_provider_type_lists_exactly_the_registry_keys_in_order() -> None:
    assert get_args(Provider) == tuple(REGISTRY)
    assert agent_ir.Provider is Provider
    assert "Provider" in agent_ir.__all__


def test_the_registry_cannot_be_changed_in_place() -> None:
    with pytest.raises(TypeError):
        REGISTRY[FAKE] = _fake()  # type: ignore[index]


def test_a_name_not_registered_is_a_value_error_naming_the_registered_ones() -> None:
    message = (
        "provider must be one of openai-chat, openai-responses, anthropic, gemini, "
        "bedrock-converse, mistral, not 'cohere'"
    )
    with pytest.raises(ValueError, match=r"^provider must be one of") as raised:
        provider_spec("cohere")
    assert str(raised.value) == message


@pytest.mark.parametrize(
    ("name", "longest", "pattern"),
    [
        ("openai-chat", 40, None),
        ("openai-responses", 64, None),
        ("anthropic", 64, "[a-zA-Z0-9_-]{1,64}"),
        ("gemini", None, None),  # no limit is known
        ("bedrock-converse", 64, "[a-zA-Z0-9_.:-]{1,64}"),
        ("mistral", 9, "[a-zA-Z0-9]{9}"),  # exactly 9
    ],
)
def test_each_provider_states_its_id_rule(
    name: str, longest: int | None, pattern: str | None
) -> None:
    rule = REGISTRY[name].ids
    assert rule.longest == longest
    assert (rule.pattern.pattern if rule.pattern else None) == pattern


def test_the_id_character_class_gives_both_the_pattern_and_the_replacement() -> None:
    rule = IdRule(longest=4, characters="a-c", replacement="z")
    assert rule.pattern is not None
    assert rule.refused is not None
    assert rule.pattern.pattern == "[a-c]{1,4}"
    assert rule.refused.sub(rule.replacement, "abxd") == "abzz"
    assert (rule.fits("abca"), rule.fits("abcab"), rule.fits("ab-"), rule.fits("")) == (
        True,
        False,
        False,
        False,
    )
    assert (IdRule(longest=3).fits("x y"), IdRule(longest=3).fits("wxyz")) == (True, False)


def test_an_id_rule_without_a_limit_takes_any_length() -> None:
    assert IdRule(longest=None).fits("x" * 10_000)
    unlimited = IdRule(longest=None, characters="a-c")
    assert unlimited.pattern is not None
    assert unlimited.pattern.pattern == "[a-c]+"
    assert (unlimited.fits("abc" * 1000), unlimited.fits("abd"), unlimited.fits("")) == (
        True,
        False,
        False,
    )


@pytest.mark.parametrize(
    ("rule", "pattern", "sizes"),
    [
        (
            IdRule(longest=9, characters="a-z", shortest=9),
            "[a-z]{9}",
            ["have exactly 9 characters"],
        ),
        (IdRule(longest=40, characters="a-z"), "[a-z]{1,40}", ["have at most 40 characters"]),
        (
            IdRule(longest=40, characters="a-z", shortest=3),
            "[a-z]{3,40}",
            ["have at least 3 characters", "have at most 40 characters"],
        ),
        (
            IdRule(longest=None, characters="a-z", shortest=3),
            "[a-z]{3,}",
            ["have at least 3 characters"],
        ),
        (IdRule(longest=None, characters="a-z"), "[a-z]+", []),
    ],
)
def test_an_id_rule_says_its_lengths_in_its_pattern_and_in_words(
    rule: IdRule, pattern: str, sizes: list[str]
) -> None:
    """The pattern an id must match (the package's copy is generated from it) and the
    words a refusal uses, for each kind of length: exact, a most, a least, both, none."""
    assert rule.pattern is not None
    assert (rule.pattern.pattern, rule.sizes()) == (pattern, sizes)
    shortest = "x" * rule.shortest
    assert rule.fits(shortest.replace("x", "a"))
    assert rule.shortest == 1 or not rule.fits(shortest[1:].replace("x", "a"))


def test_a_tool_name_rule_with_a_first_character_class_derives_one_pattern() -> None:
    rule = ToolNameRule(longest=4, characters="a-z0-9.", first="a-z")
    assert rule.pattern.pattern == "[a-z][a-z0-9.]{0,3}"
    assert [rule.fits(name) for name in ("a", "a.1b", "a.1bc", "1abc", ".ab", "")] == [
        True,
        True,
        False,
        False,
        False,
        False,
    ]
    # without one, the pattern is the character class alone, as before
    assert ToolNameRule(longest=4, characters="a-z").pattern.pattern == "[a-z]{1,4}"


# --- every consumer reads the registry: a fake provider ----------------------------------


def test_check_wire_rules_applies_a_registered_providers_id_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _register(monkeypatch, _fake())
    transcript = [
        user(),
        assistant("a", [call_block("abcde"), call_block("abcdef", name="other")]),
        result("r1", "abcde"),
        result("r2", "abcdef", name="other"),
    ]
    assert _codes(check_wire_rules(transcript, FAKE)) == [  # type: ignore[arg-type]
        (
            "INVALID_TOOL_CALL_ID_FORMAT",
            1,
            "tool call id 'abcdef' must have at most 5 characters for fake-chat",
        )
    ]


def test_check_wire_rules_applies_a_registered_providers_id_characters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _register(monkeypatch, _fake(ids=IdRule(longest=5, characters="a-z")))
    transcript = [user(), assistant("a", [call_block("ab-c")]), result("r", "ab-c")]
    assert _codes(check_wire_rules(transcript, FAKE)) == [  # type: ignore[arg-type]
        (
            "INVALID_TOOL_CALL_ID_FORMAT",
            1,
            "tool call id 'ab-c' must match [a-z]{1,5} and have at most 5 characters for fake-chat",
        )
    ]


# A transcript each turn rule refuses: it starts with an assistant message, a user
# message comes between a call and its result, a user message is blank; and a second
# assistant message follows the first before the result of the second's call.
TURNS = [
    assistant("a1", [call_block("c1")]),
    user("u1", "wait"),
    result("r1", "c1"),
    user("u2", " "),
    assistant("a2", [call_block("c2")]),
    assistant("a3", [{"type": "text", "text": "and"}]),
    result("r2", "c2"),
]
NOT_IMMEDIATE_C1 = (
    "RESULT_NOT_IMMEDIATE",
    2,
    "the result of tool call 'c1' must come directly after the assistant message that "
    "made it (message 0) for fake-chat",
)
NOT_IMMEDIATE_C2 = (
    "RESULT_NOT_IMMEDIATE",
    6,
    "the result of tool call 'c2' must come directly after the assistant message that "
    "made it (message 4) for fake-chat",
)
ROLE_ORDER = (
    "INVALID_ROLE_ORDER",
    0,
    "the first message after the system messages must be a user turn for fake-chat",
)
EMPTY = ("EMPTY_CONTENT", 3, "content must not be only whitespace for fake-chat")


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (TurnRules(), []),
        (TurnRules(results_follow_call=True), [NOT_IMMEDIATE_C1, NOT_IMMEDIATE_C2]),
        (TurnRules(results_follow_call=True, assistant_turns_join=True), [NOT_IMMEDIATE_C1]),
        (TurnRules(user_turn_first=True), [ROLE_ORDER]),
        (TurnRules(content_required=True), [EMPTY]),
    ],
    ids=["none", "results-follow", "assistant-turns-join", "user-first", "content"],
)
def test_check_wire_rules_applies_exactly_the_turn_rules_a_record_turns_on(
    monkeypatch: pytest.MonkeyPatch, turns: TurnRules, expected: list[tuple[str, int, str]]
) -> None:
    _register(monkeypatch, _fake(ids=IdRule(longest=64), turns=turns))
    assert sorted(_codes(check_wire_rules(TURNS, FAKE))) == sorted(expected)  # type: ignore[arg-type]


def test_normalize_tool_call_ids_applies_a_registered_providers_id_rule(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _register(monkeypatch, _fake(ids=IdRule(longest=5, characters="a-z", replacement="x")))
    transcript = [
        user(),
        assistant("a", [call_block("ab-c"), call_block("abcdefg", name="b")]),
        result("r1", "ab-c"),
        result("r2", "abcdefg", name="b"),
    ]
    renamed = normalize_tool_call_ids(transcript, FAKE)  # type: ignore[arg-type]
    assert renamed.renamed_ids == {"ab-c": "abxc", "abcdefg": "abcde"}
    assert [getattr(message, "tool_call_id", None) for message in renamed.transcript] == [
        None,
        None,
        "abxc",
        "abcde",
    ]


def test_repair_transcript_makes_a_transcript_a_registered_provider_accepts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    turns = TurnRules(results_follow_call=True, user_turn_first=True, content_required=True)
    _register(monkeypatch, _fake(ids=IdRule(longest=5), turns=turns))
    transcript = [
        *TURNS[:4],
        assistant("a2", [call_block("c2-long-id")]),
        result("r2", "c2-long-id"),
    ]
    repaired = repair_transcript(transcript, provider=FAKE)  # type: ignore[arg-type]
    assert [action.code for action in repaired.actions] == [
        RepairCode.MOVED_RESULT,
        RepairCode.RENAMED_TOOL_CALL_ID,
        RepairCode.DROPPED_EMPTY_CONTENT,
        RepairCode.ADDED_USER_MESSAGE,
    ]
    assert [message.id for message in repaired.transcript] == [
        "repair-user-start",
        "a1",
        "r1",
        "u1",
        "a2",
        "r2",
    ]
    assert check_wire_rules(repaired.transcript, FAKE) == ()  # type: ignore[arg-type]


def test_repair_transcript_leaves_what_a_registered_provider_does_not_refuse(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _register(monkeypatch, _fake(ids=IdRule(longest=64)))
    repaired = repair_transcript(TURNS, provider=FAKE)  # type: ignore[arg-type]
    assert repaired.actions == ()
    assert [message.id for message in repaired.transcript] == [m["id"] for m in TURNS]


def test_the_cli_reads_and_checks_a_registered_providers_format(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    turns = TurnRules(user_turn_first=True)
    _register(monkeypatch, _fake(turns=turns))
    source = tmp_path / "fake.jsonl"
    lines = [
        {"id": "t1", "preamble": "Be brief.", "turns": [assistant("a", [call_block("abcdef")])]},
        {"messages": [user()]},
    ]
    source.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    arguments = ["--format", FAKE, "--provider-rules", FAKE, "--jobs", "1", "--quiet"]
    status = main(["validate", *arguments, str(source)])
    out = capsys.readouterr().out.splitlines()
    assert status == 1
    assert out[:4] == [
        f"{source}:1: [t1] message 1 MISSING_TOOL_RESULT: tool call 'abcdef' (read) has no "
        "result after it (/1/content/0)",
        f"{source}:1: [t1] message 1 INVALID_TOOL_CALL_ID_FORMAT: tool call id 'abcdef' must "
        "have at most 5 characters for fake-chat (/1/content/0/id)",
        f"{source}:1: [t1] message 1 INVALID_ROLE_ORDER: the first message after the system "
        "messages must be a user turn for fake-chat (/1/role)",
        f'{source}:2: INVALID_TRANSCRIPT: transcript is an object without "turns"',
    ]


def test_the_cli_offers_a_registered_provider_and_describes_its_request_form(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _register(monkeypatch, _fake())
    with pytest.raises(SystemExit):
        main(["validate", "--help"])
    # argparse may wrap a line after a hyphen: "openai-\nresponses"
    shown = " ".join(capsys.readouterr().out.split()).replace("- ", "-")
    assert (
        '{"messages": [...]} (openai-chat, anthropic with "system", bedrock-converse with '
        '"system", mistral, hf-chat), {"input": [...]} (openai-responses), {"contents": [...]} '
        '(gemini with "systemInstruction"), {"turns": [...]} (fake-chat with "preamble"), '
        '{"attributes": {...}} (otel) or a bare array'
    ) in shown
    formats = "ir,openai-chat,openai-responses,anthropic,gemini,bedrock-converse,mistral"
    assert "{" + formats + ",fake-chat,hf-chat,otel}" in shown
    assert (
        "(check_wire_rules): openai-chat, openai-responses, anthropic, gemini, "
        "bedrock-converse, mistral, fake-chat" in shown
    )


def test_the_html_report_names_the_provider_by_its_registered_label(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _register(monkeypatch, _fake(label="Fake <Chat>"))
    summary = Summary(files=1)
    page = render(Settings(("a.jsonl",), format=FAKE, rules="anthropic"), summary, 1.0, [])
    assert (
        "format <code>fake-chat</code> (Fake &lt;Chat&gt;) · "
        "provider rules <code>anthropic</code> (Anthropic Messages)"
    ) in page
    plain = render(Settings(("a.jsonl",)), summary, 1.0, [])
    assert "Checked <code>a.jsonl</code> · format <code>ir</code></p>" in plain


# --- no provider name outside its folder ---------------------------------------------------


def test_no_module_spells_a_provider_name_outside_its_folder_and_the_registry() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name in _provider_literals(tree, set(REGISTRY)):
            if not _may_spell(path, name):
                found.append((path.relative_to(PACKAGE.parent).as_posix(), name))
    assert found == []


def test_the_source_scan_finds_a_provider_name_but_not_in_a_docstring() -> None:
    source = '''"""anthropic"""
def rule(provider):
    """anthropic"""
    if provider == "anthropic":
        return f"{provider} or {'openai-chat'}"
'''
    assert _provider_literals(ast.parse(source), set(REGISTRY)) == ["anthropic", "openai-chat"]


def test_a_name_may_be_spelled_only_in_its_own_folder_and_the_registry() -> None:
    assert _may_spell(WIRE / "anthropic" / "_rules.py", "anthropic")
    assert _may_spell(WIRE / "_registry.py", "openai-chat")
    assert not _may_spell(WIRE / "openai_chat" / "_rules.py", "anthropic")
    assert not _may_spell(PACKAGE / "rules.py", "anthropic")
    assert not _may_spell(WIRE / "_common.py", "anthropic")


def _provider_literals(tree: ast.AST, names: set[str]) -> list[str]:
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    literals = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in names and id(node) not in docstrings
    ]
    return [
        node.value for node in sorted(literals, key=lambda node: (node.lineno, node.col_offset))
    ]


def _may_spell(path: Path, name: str) -> bool:
    if path == WIRE / "_registry.py":
        return True
    return path.is_relative_to(_folders()[name])


# --- one folder, one entry -------------------------------------------------------------------


def test_every_provider_folder_has_exactly_one_registry_entry_and_every_entry_a_folder() -> None:
    packages = sorted(
        path.parent.name
        for path in WIRE.glob("*/__init__.py")
        if path.parent.name not in {"hf_chat", "otel"}  # the dataset formats' folders
    )
    assert sorted(_folders().values()) == sorted(WIRE / package for package in packages)
    assert len(_folders()) == len(REGISTRY)


def test_each_folder_states_its_record_in_its_rules_module() -> None:
    assert {name: folder.name for name, folder in _folders().items()} == {
        "openai-chat": "openai_chat",
        "openai-responses": "openai_responses",
        "anthropic": "anthropic",
        "gemini": "gemini",
        "bedrock-converse": "bedrock_converse",
        "mistral": "mistral",
    }


def test_each_dataset_format_folder_states_its_format_and_no_provider_record() -> None:
    """A dataset format (no provider's API) is a folder with a ``_format`` module
    defining its one registered ``DatasetFormat``, and no ``_rules``: nothing takes it
    as a provider."""
    found = {}
    for init in sorted(WIRE.glob("*/__init__.py")):
        if (init.parent / "_rules.py").exists():
            continue
        module = importlib.import_module(f"agent_ir.wire.{init.parent.name}._format")
        [record] = [value for value in vars(module).values() if isinstance(value, DatasetFormat)]
        assert _registry.DATASETS[record.name] is record
        found[record.name] = init.parent.name
    assert found == {"hf-chat": "hf_chat", "otel": "otel"}
    assert set(_registry.format_names()) == {*REGISTRY, *found}
    with pytest.raises(ValueError, match="provider must be one of"):
        check_wire_rules([], "hf-chat")  # type: ignore[arg-type]


def _folders() -> dict[str, Path]:
    """Each registered provider's folder: the package under ``wire/`` whose ``_rules``
    module defines its record (a folder with none, or with two, fails)."""
    folders: dict[str, Path] = {}
    for init in sorted(WIRE.glob("*/__init__.py")):
        if not (init.parent / "_rules.py").exists():
            continue  # a dataset format's folder (see the test above)
        module = importlib.import_module(f"agent_ir.wire.{init.parent.name}._rules")
        records = [value for value in vars(module).values() if isinstance(value, ProviderSpec)]
        assert len(records) == 1, init.parent
        [record] = records
        assert REGISTRY[record.name] is record, init.parent
        assert record.name not in folders, record.name
        folders[record.name] = init.parent
    return folders
