"""Each code the command counts says where it is explained: no site is published, so
without one known the text summary ends the code's line with ``agent-ir explain CODE``
(which prints the code's page offline), the JSON summary's ``"docs"`` is empty and the
report's badge names the command; with a site known (``--docs-url``, else
``AGENT_IR_DOCS_URL``, else a site built in the current directory, ``site/codes.json``)
each is linked to its page there."""

from __future__ import annotations

import json
from pathlib import Path

from support.cli import DOCS_URL, SAMPLE, json_lines, run

# One transcript with an orphan result; its line in the text summary.
ORPHAN = [
    {
        "role": "toolResult",
        "id": "r1",
        "toolCallId": "call-1",
        "toolName": "read",
        "content": "ok",
        "isError": False,
    }
]


def orphan_file(directory: Path) -> Path:
    source = directory / "orphan.jsonl"
    source.write_text(json.dumps(ORPHAN) + "\n", encoding="utf-8")
    return source


def summary_line(ran_out: list[str]) -> str:
    [line] = [line for line in ran_out if line.startswith("  ORPHAN_TOOL_RESULT")]
    return line


def test_without_a_site_each_code_names_the_command_that_explains_it(tmp_path: Path) -> None:
    source = orphan_file(tmp_path)
    ran = run("validate", source, cwd=tmp_path, docs_url=None)
    assert ran.status == 1, ran
    assert summary_line(ran.lines()) == (
        "  ORPHAN_TOOL_RESULT  1  agent-ir explain ORPHAN_TOOL_RESULT"
    )
    assert "http" not in ran.out
    explained = run("explain", "ORPHAN_TOOL_RESULT", cwd=tmp_path, docs_url=None)
    assert explained.status == 0, explained
    assert explained.lines()[0] == "ORPHAN_TOOL_RESULT (diagnostic)"


def test_without_a_site_the_json_summary_links_nothing_and_the_report_names_the_command(
    tmp_path: Path,
) -> None:
    source = orphan_file(tmp_path)
    report = tmp_path / "report.html"
    records = json_lines(
        run("validate", "--output", "json", source, "--report", report, cwd=tmp_path, docs_url=None)
    )
    assert records[-1]["summary"]["codes"] == {"ORPHAN_TOOL_RESULT": 1}
    assert records[-1]["summary"]["docs"] == {}
    page = report.read_text(encoding="utf-8")
    assert 'title="agent-ir explain ORPHAN_TOOL_RESULT: what it means, how to fix it"' in page
    assert "codes/ORPHAN_TOOL_RESULT.html" not in page


def test_without_a_site_a_replayed_provider_error_names_the_command(tmp_path: Path) -> None:
    fixture = tmp_path / "fixture.json"
    fixture.write_text("not JSON", encoding="utf-8")
    ran = run("replay", fixture, cwd=tmp_path, docs_url=None)
    assert ran.status == 1, ran
    assert ran.err.splitlines()[-1] == (
        "agent-ir: PROVIDER_INVALID_FIXTURE explained: agent-ir explain PROVIDER_INVALID_FIXTURE"
    )


def test_a_site_built_in_the_current_directory_is_linked_as_files(tmp_path: Path) -> None:
    source = orphan_file(tmp_path)
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "codes.json").write_text("{}", encoding="utf-8")
    ran = run("validate", source, cwd=tmp_path, docs_url=None)
    page = f"{(tmp_path / 'site').resolve().as_uri()}/codes/ORPHAN_TOOL_RESULT.html"
    assert summary_line(ran.lines()) == f"  ORPHAN_TOOL_RESULT  1  {page}"


def test_a_site_folder_that_is_not_the_built_site_is_not_linked(tmp_path: Path) -> None:
    source = orphan_file(tmp_path)
    (tmp_path / "site").mkdir()  # someone else's site/, without the marker
    ran = run("validate", source, cwd=tmp_path, docs_url=None)
    assert summary_line(ran.lines()).endswith("  agent-ir explain ORPHAN_TOOL_RESULT")


def test_the_environment_variable_and_the_option_set_the_base(tmp_path: Path) -> None:
    source = orphan_file(tmp_path)
    from_environment = run("validate", source, docs_url="https://docs.example/agent-ir")
    assert summary_line(from_environment.lines()).endswith(
        "  https://docs.example/agent-ir/codes/ORPHAN_TOOL_RESULT.html"
    )
    from_option = run(
        "validate", "--docs-url", "http://localhost:8000/", source, docs_url="https://ignored/"
    )
    assert summary_line(from_option.lines()).endswith(
        "  http://localhost:8000/codes/ORPHAN_TOOL_RESULT.html"
    )


def test_the_json_summary_maps_each_counted_code_and_warning_to_its_page(
    tmp_path: Path,
) -> None:
    source = tmp_path / "chat.jsonl"
    line = {
        "messages": [
            {"role": "user", "content": [{"type": "text", "text": "hi"}, {"type": "weird"}]},
            {"role": "tool", "tool_call_id": "call-9", "content": "ok"},
        ]
    }
    source.write_text(json.dumps(line) + "\n", encoding="utf-8")
    records = json_lines(run("validate", "--output", "json", "--format", "openai-chat", source))
    summary = records[-1]["summary"]
    assert set(summary["codes"]) == {"ORPHAN_TOOL_RESULT"}
    assert set(summary["warnings"]) == {"PART_NOT_READ", "TOOL_NAME_UNKNOWN"}
    assert summary["docs"] == {
        "ORPHAN_TOOL_RESULT": f"{DOCS_URL}codes/ORPHAN_TOOL_RESULT.html",
        "PART_NOT_READ": f"{DOCS_URL}codes/PART_NOT_READ.html",
        "TOOL_NAME_UNKNOWN": f"{DOCS_URL}codes/TOOL_NAME_UNKNOWN.html",
    }


def test_the_report_links_each_code_to_the_same_page(tmp_path: Path) -> None:
    report = tmp_path / "report.html"
    ran = run("validate", "--quiet", SAMPLE, "--report", report, docs_url="https://d.example/")
    assert ran.status == 1, ran
    page = report.read_text(encoding="utf-8")
    for code in ("ORPHAN_TOOL_RESULT", "MISSING_TOOL_RESULT", "DUPLICATE_TOOL_CALL_ID"):
        assert f'href="https://d.example/codes/{code}.html"' in page
