"""The tool names each provider takes (``ProviderSpec.tool_names``), as
``check_wire_rules`` reports them: a definition's name (``tools=``) and a tool call's
name, INVALID_TOOL_NAME_FORMAT; and ``tools`` and ``allow_pending`` passed through to
``validate_transcript``'s checks."""

from __future__ import annotations

from typing import Any

import pytest

from agent_ir import ToolDefinition, check_wire_rules, validate_transcript
from agent_ir.wire._registry import REGISTRY
from agent_ir.wire._spec import ToolNameRule

from support.builders import assistant, call_block, result, user

PROVIDERS = tuple(REGISTRY)
# The providers whose rule is ^[a-zA-Z0-9_-]{1,64}$; Gemini's own (a letter or
# underscore first, dots and colons too) is pinned in tests/rules/test_gemini.py,
# and checked here only where it agrees.
ALNUM = tuple(name for name in REGISTRY if name != "gemini")
TAKEN = ["get_weather", "a", "A-9_z", "x" * 64]
REFUSED = ["get.weather", "x" * 65, "naïve", "two words", "a/b", "ns:tool"]
REFUSED_BY_ALL = ["x" * 65, "naïve", "two words", "a/b"]
# Gemini signs the first call of a step; the other providers ignore the signature.
SIGNATURE = "c2lnbmVk"


def first_call(*arguments: Any) -> dict[str, Any]:
    """``call_block(*arguments)`` signed."""
    return {**call_block(*arguments), "thoughtSignature": SIGNATURE}


def rows(found: tuple[Any, ...]) -> list[tuple[str, int, int | None, str]]:
    return [(str(d.code), d.message_index, d.tool_index, d.path) for d in found]


def called(name: str) -> list[Any]:
    return [
        user("u0"),
        assistant("a1", [first_call("call1Abcd", name)]),
        result("r2", "call1Abcd", name),
    ]


@pytest.mark.parametrize("provider", ALNUM)
def test_every_provider_states_the_documented_tool_name_rule(provider: str) -> None:
    rule = REGISTRY[provider].tool_names
    assert rule == ToolNameRule(longest=64, characters="a-zA-Z0-9_-")
    assert rule is not None
    assert rule.pattern.pattern == "[a-zA-Z0-9_-]{1,64}"


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("name", TAKEN)
def test_a_name_the_provider_takes_is_no_problem(provider: str, name: str) -> None:
    assert check_wire_rules(called(name), provider, tools=[{"name": name}]) == ()


@pytest.mark.parametrize("provider", ALNUM)
@pytest.mark.parametrize("name", REFUSED)
def test_a_refused_name_is_reported_on_the_definition_and_on_the_call(
    provider: str, name: str
) -> None:
    tools = [{"name": "fine"}, ToolDefinition(name=name)]

    found = check_wire_rules(called(name), provider, tools=tools)

    assert rows(found) == [
        ("INVALID_TOOL_NAME_FORMAT", -1, 1, "/name"),
        ("INVALID_TOOL_NAME_FORMAT", 1, None, "/1/content/0/name"),
    ]
    shown = name if len(name) <= 40 else None
    if shown is not None:
        assert found[0].message == (
            f"tool name {shown!r} must match [a-zA-Z0-9_-]{{1,64}} for {provider}"
        )
        assert found[1].message == (
            f"tool call 'call1Abcd' names {shown!r}, which must match [a-zA-Z0-9_-]{{1,64}} for {provider}"
        )


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_calls_name_is_checked_without_tools(provider: str) -> None:
    assert rows(check_wire_rules(called("a/b"), provider)) == [
        ("INVALID_TOOL_NAME_FORMAT", 1, None, "/1/content/0/name"),
    ]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_server_tools_name_is_the_providers_own_and_not_checked(provider: str) -> None:
    server_call = {
        "type": "serverToolCall",
        "provider": "anthropic",
        "id": "srvtoolu_1",
        "name": "web.search",
        "input": {},
        "wire": {},
    }
    transcript = [user("u0"), {"role": "assistant", "id": "a1", "content": [server_call]}]
    assert check_wire_rules(transcript, provider) == ()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_tools_are_checked_as_validate_transcript_checks_them(provider: str) -> None:
    tools = [
        {"name": "weather", "parameters": {"type": "object", "required": ["city"]}},
        {"name": ""},
    ]
    transcript = [
        user("u0"),
        assistant("a1", [first_call("call1Abcd", "weather", {}), call_block("call2Abcd", "other")]),
        result("r2", "call1Abcd", "weather"),
        result("r3", "call2Abcd", "other"),
    ]

    found = check_wire_rules(transcript, provider, tools=tools)

    expected = validate_transcript(transcript, tools=tools)
    assert {str(d.code) for d in expected} == {
        "INVALID_TOOL_DEFINITION",
        "TOOL_ARGUMENTS_MISMATCH",
        "UNDECLARED_TOOL",
    }
    assert found == expected


@pytest.mark.parametrize("provider", PROVIDERS)
def test_allow_pending_is_passed_to_the_linkage_checks(provider: str) -> None:
    transcript = [user("u0"), assistant("a1", [first_call("call1Abcd", "weather")])]

    assert [str(d.code) for d in check_wire_rules(transcript, provider)] == ["MISSING_TOOL_RESULT"]
    assert check_wire_rules(transcript, provider, allow_pending=True) == ()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_tools_that_cannot_be_read_are_a_diagnostic_never_an_exception(provider: str) -> None:
    found = check_wire_rules(called("ok"), provider, tools="weather")
    # the tools as a whole could not be read: no call is checked against them
    assert [(str(d.code), d.message_index) for d in found] == [("INVALID_TOOL_DEFINITION", -1)]
    assert found == validate_transcript(called("ok"), tools="weather")


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("name", REFUSED_BY_ALL)
def test_a_name_every_provider_refuses_is_reported_by_each(provider: str, name: str) -> None:
    found = check_wire_rules(called(name), provider, tools=[ToolDefinition(name=name)])
    assert rows(found) == [
        ("INVALID_TOOL_NAME_FORMAT", -1, 0, "/name"),
        ("INVALID_TOOL_NAME_FORMAT", 1, None, "/1/content/0/name"),
    ]
