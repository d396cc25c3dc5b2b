"""`agent-ir validate` with tool definitions on a line (``{"id", "messages", "tools"}``),
`--allow-pending`, and the HTML report drawing the tools and the failing argument."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest

from agent_ir.cli._check import Checks, check_block

from support.browser import open_page, parse, require
from support.cli import json_lines, run

WEATHER = {
    "name": "get_weather",
    "description": "The weather in a city",
    "parameters": {
        "type": "object",
        "properties": {
            "location": {"type": "string"},
            "unit": {"enum": ["celsius", "fahrenheit"]},
        },
        "required": ["location"],
        "additionalProperties": False,
    },
}


def call(call_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"type": "toolCall", "id": call_id, "name": name, "arguments": arguments}


def asked(*calls: dict[str, Any]) -> list[dict[str, Any]]:
    """A user question and an assistant turn making ``calls`` (no results yet)."""
    return [
        {"role": "user", "id": "u1", "content": "Weather in Paris?"},
        {"role": "assistant", "id": "a1", "content": list(calls)},
    ]


def answered(call_id: str, name: str) -> dict[str, Any]:
    return {
        "role": "toolResult",
        "id": f"r-{call_id}",
        "toolCallId": call_id,
        "toolName": name,
        "content": "sunny",
        "isError": False,
    }


def write(path: Path, lines: list[Any]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


GOOD = {
    "id": "good",
    "messages": [
        *asked(call("c1", "get_weather", {"location": "Paris"})),
        answered("c1", "get_weather"),
    ],
    "tools": [WEATHER],
}
BAD = {
    "id": "bad",
    "messages": [
        *asked(
            call("c1", "get_weather", {"location": 3, "unit": "kelvin"}),
            call("c2", "get_time", {}),
        ),
        answered("c1", "get_weather"),
        answered("c2", "get_time"),
    ],
    "tools": [WEATHER, {"name": "broken", "parameters": {"type": 5}}],
}


def test_the_tools_of_a_line_check_its_calls(tmp_path: Path) -> None:
    source = write(tmp_path / "tools.jsonl", [GOOD, BAD])
    ran = run("validate", "--quiet", source)
    assert ran.status == 1
    lines = [line for line in ran.out.splitlines() if ":2: [bad]" in line]
    assert [line.split(": ", 2)[1] for line in lines] == [
        "[bad] tool 1 INVALID_TOOL_DEFINITION",
        "[bad] message 1 TOOL_ARGUMENTS_MISMATCH",
        "[bad] message 1 TOOL_ARGUMENTS_MISMATCH",
        "[bad] message 1 UNDECLARED_TOOL",
    ]
    assert lines[0].endswith("(/parameters/type)")
    assert "keyword type" in lines[1]
    assert lines[1].endswith("(/1/content/0/arguments/location)")
    assert "keyword enum" in lines[2]
    assert lines[2].endswith("(/1/content/0/arguments/unit)")
    assert "'get_time'" in lines[3]
    assert lines[3].endswith("(/1/content/1/name)")
    assert not [line for line in ran.out.splitlines() if ":1: [good]" in line]
    assert "1 valid, 1 invalid" in ran.out


def test_the_json_report_gives_the_tool_index(tmp_path: Path) -> None:
    source = write(tmp_path / "tools.jsonl", [BAD])
    ran = run("validate", "--quiet", "--output", "json", source)
    records = json_lines(ran)
    [first, *others] = records[0]["diagnostics"]
    assert first == {
        "code": "INVALID_TOOL_DEFINITION",
        "messageIndex": -1,
        "toolIndex": 1,
        "message": first["message"],
        "path": "/parameters/type",
    }
    assert all("toolIndex" not in found for found in others)
    assert records[-1]["summary"]["codes"] == {
        "UNDECLARED_TOOL": 1,
        "TOOL_ARGUMENTS_MISMATCH": 2,
        "INVALID_TOOL_DEFINITION": 1,
    }


@pytest.mark.parametrize(
    ("tools", "reason", "undeclared"),
    [
        ("get_weather", "tools must be a list or tuple of tool definitions, not str", False),
        ([{"name": "get_weather", "description": 5}], "description", False),
        ([{"description": "no name"}], "name", True),
        ([WEATHER, WEATHER], "is already declared by tool 0", False),
    ],
    ids=["not-a-list", "named-but-broken", "no-name", "twice"],
)
def test_broken_tools_on_a_line_are_reported(
    tmp_path: Path, tools: Any, reason: str, undeclared: bool
) -> None:
    """A broken definition is reported once; its calls are not checked when its name can
    be read (or when the tools are no list at all), else they name no declared tool."""
    line = {"messages": GOOD["messages"], "tools": tools}
    ran = run("validate", "--quiet", "--output", "json", write(tmp_path / "t.jsonl", [line]))
    assert ran.status == 1
    [found, *others] = json_lines(ran)[0]["diagnostics"]
    assert found["code"] == "INVALID_TOOL_DEFINITION"
    assert reason in found["message"]
    assert [other["code"] for other in others] == (["UNDECLARED_TOOL"] if undeclared else [])


def test_a_line_without_tools_has_its_calls_unchecked(tmp_path: Path) -> None:
    line = {"messages": BAD["messages"]}
    ran = run("validate", "--quiet", write(tmp_path / "t.jsonl", [line]))
    assert ran.status == 0, ran.out


def test_allow_pending_accepts_a_trailing_call_and_nothing_else(tmp_path: Path) -> None:
    pending = {"id": "target", "messages": asked(call("c1", "get_weather", {"location": "Oslo"}))}
    later = {
        "id": "not-last",
        "messages": [*pending["messages"], {"role": "user", "id": "u2", "content": "Well?"}],
    }
    source = write(tmp_path / "pending.jsonl", [pending, later])
    without = run("validate", "--quiet", source)
    assert without.status == 1
    assert "[target] message 1 MISSING_TOOL_RESULT" in without.out
    ran = run("validate", "--quiet", "--allow-pending", source)
    assert ran.status == 1
    assert "[target]" not in ran.out
    assert "[not-last] message 1 MISSING_TOOL_RESULT" in ran.out
    alone = run("validate", "--quiet", "--allow-pending", write(tmp_path / "one.jsonl", [pending]))
    assert alone.status == 0, alone.out


def test_the_same_tools_on_every_line_are_compiled_once(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[object] = []
    real = jsonschema_rs.validator_for

    def counting(schema: Any, **options: Any) -> Any:
        compiled.append(schema)
        return real(schema, **options)

    monkeypatch.setattr(jsonschema_rs, "validator_for", counting)
    # a schema no other test compiled in this process (the cache outlives a test)
    tools = [
        {
            **WEATHER,
            "description": "counted",
            "parameters": {**WEATHER["parameters"], "title": "counted"},
        }
    ]  # type: ignore[dict-item]
    line = json.dumps({"messages": GOOD["messages"], "tools": tools}).encode()
    result = check_block(b"\n".join([line] * 1_000), 1, False, Checks())
    assert result.transcripts == 1_000
    assert result.invalid == []
    assert len(compiled) == 1


def test_the_report_draws_the_tools_and_marks_the_failing_argument(tmp_path: Path) -> None:
    require()
    source = write(tmp_path / "tools.jsonl", [GOOD, BAD])
    report = tmp_path / "report.html"
    ran = run("validate", "--quiet", source, "--report", report)
    assert ran.status == 1
    tree = parse(open_page(report).dom)
    [section] = tree.find_all("section", "conversation")
    tools = section.one("details", "tools")
    assert "2 tools declared" in tools.one("summary").words()
    items = tools.find_all("li", "tool")
    assert [item.one("b", "tool-name").words() for item in items] == ["get_weather", "broken"]
    assert ["flagged" in item.classes for item in items] == [False, True]
    assert items[1].one("p", "diagnostic").attrs["data-code"] == "INVALID_TOOL_DEFINITION"
    rows = section.one("table", "arguments").find_all("tr")
    marked = {row.one("th").words(): "bad-argument" in row.classes for row in rows}
    assert marked == {"location": True, "unit": True}
    listed = section.one("ul", "found").find_all("li")
    code_page, place = listed[0].find_all("a")
    assert code_page.attrs["href"].endswith("/codes/INVALID_TOOL_DEFINITION.html")
    assert place.attrs["href"].endswith("-tool1")


def test_the_report_explains_every_diagnostic_code() -> None:
    """The report's table gives each code a meaning and what to do about it: a code
    added to the schema needs both."""
    from agent_ir import DiagnosticCode
    from agent_ir.cli._html._codes import CODE_FIXES, CODE_MEANINGS

    assert set(CODE_MEANINGS) == {code.value for code in DiagnosticCode}
    assert set(CODE_FIXES) == {code.value for code in DiagnosticCode}
    assert all(fix and fix == fix.strip() for fix in CODE_FIXES.values())
