"""``agent-ir convert --to PROVIDER``, run as a user runs it: each transcript's request
written to ``--out`` in input order (what ``retarget`` gives), the report of validate
(each change a warning at its path, what the provider would still refuse a diagnostic),
its exit statuses, its engines (worker processes give the same file as one process) and
its hostile inputs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agent_ir import retarget
from agent_ir.wire import from_openai_chat

from support.cli import SAMPLE, json_lines, run
from support.histories import SWITCHED

HELLO = [{"role": "user", "id": "u1", "content": "Hi"}]


def write(path: Path, lines: list[Any]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def requests(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_each_transcript_s_request_is_retarget_s_and_the_report_says_what_changed(
    tmp_path: Path,
) -> None:
    source = write(tmp_path / "in.jsonl", [{"id": "s1", "messages": SWITCHED}, HELLO])
    out = tmp_path / "out.jsonl"
    ran = run("convert", source, "--to", "anthropic", "--out", out, "--quiet", "--jobs", "1")
    assert ran.status == 0, ran
    written = requests(out)
    assert [(r["line"], r.get("id"), r["provider"]) for r in written] == [
        (1, "s1", "anthropic"),
        (2, None, "anthropic"),
    ]
    assert written[0]["file"] == str(source)
    assert written[0]["request"] == retarget(SWITCHED, "anthropic").request.fields
    assert written[1]["request"] == {"messages": [{"role": "user", "content": "Hi"}]}
    report = ran.out.splitlines()
    assert [line.split(": ")[1].split(" ")[-1] for line in report[:3]] == [
        "THINKING_NOT_SENT",
        "RENAMED_TOOL_CALL_ID",
        "MOVED_RESULT",
    ]
    assert report[0].endswith("(/1/content/0)")
    assert "2 transcripts in 1 file: 2 valid, 0 invalid" in ran.out
    assert "converted to anthropic in " in report[-1]


def test_thinking_text_sends_the_reasoning_as_text(tmp_path: Path) -> None:
    source = write(tmp_path / "in.jsonl", [SWITCHED])
    out = tmp_path / "out.jsonl"
    ran = run("convert", source, "--to", "gemini", "--out", out, "--thinking", "text", "--quiet")
    assert ran.status == 0, ran
    assert "THINKING_AS_TEXT" in ran.out
    expected = retarget(SWITCHED, "gemini", thinking="text").request.fields
    assert requests(out)[0]["request"] == expected


def test_lines_that_cannot_be_converted_have_no_request_and_exit_1(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_bytes(
        b"not json\n"
        + json.dumps([{"role": "user"}]).encode()
        + b"\n\n"
        + json.dumps(HELLO).encode()
        + b"\n"
    )
    out = tmp_path / "out.jsonl"
    ran = run("convert", source, "--to", "mistral", "--out", out, "--output", "json", "--quiet")
    assert ran.status == 1, ran
    *records, summary = json_lines(ran)
    assert [(r["line"], [d["code"] for d in r["diagnostics"]]) for r in records] == [
        (1, ["INVALID_TRANSCRIPT"]),
        (2, ["INVALID_MESSAGE", "INVALID_MESSAGE"]),
    ]
    assert summary["summary"]["transcripts"] == 3
    assert summary["summary"]["invalid"] == 2
    assert [r["line"] for r in requests(out)] == [4]


def test_a_request_the_provider_would_still_refuse_is_written_and_counted_invalid(
    tmp_path: Path,
) -> None:
    tools = [{"name": "bad name!", "parameters": {"type": "object"}}]
    source = write(tmp_path / "in.jsonl", [{"messages": HELLO, "tools": tools}])
    out = tmp_path / "out.jsonl"
    ran = run("convert", source, "--to", "anthropic", "--out", out, "--quiet")
    assert ran.status == 1, ran
    assert "tool 0 INVALID_TOOL_NAME_FORMAT" in ran.out
    [written] = requests(out)
    assert written["request"]["tools"][0]["name"] == "bad name!"


def test_a_wire_format_is_read_first_and_its_warnings_reported(tmp_path: Path) -> None:
    chat = {
        "messages": [
            {"role": "user", "content": "Hi", "name": "ann"},
            {"role": "assistant", "content": "Hello."},
        ]
    }
    source = write(tmp_path / "in.jsonl", [chat])
    out = tmp_path / "out.jsonl"
    ran = run(
        "convert", source, "--format", "openai-chat", "--to", "anthropic", "--out", out, "--quiet"
    )
    assert ran.status == 0, ran
    assert "warning PART_NOT_READ" in ran.out  # the name has no IR place
    read = from_openai_chat(chat["messages"])
    assert requests(out)[0]["request"] == retarget(read, "anthropic").request.fields


def test_worker_processes_write_the_same_requests_as_one_process(tmp_path: Path) -> None:
    """The sample's 14 transcripts, 200 times over, cut into ranges for two workers:
    the same file, in input order, and the same report."""
    data = SAMPLE.read_bytes() * 200  # 3.2 MB: ranges of 1 MiB
    source = tmp_path / "big.jsonl"
    source.write_bytes(data)
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    alone = run("convert", source, "--to", "openai-chat", "--out", one, "--jobs", "1", "--quiet")
    shared = run("convert", source, "--to", "openai-chat", "--out", two, "--jobs", "2", "--quiet")
    assert alone.status == shared.status
    assert one.read_bytes() == two.read_bytes()
    assert alone.lines()[:-1] == shared.lines()[:-1]  # all but the timing
    lines = [record["line"] for record in requests(one)]
    assert lines == sorted(lines)
    assert len(lines) > 2500


def test_standard_input_is_read(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    ran = run("convert", "-", "--to", "openai-responses", "--out", out, "--quiet",
              stdin=json.dumps(HELLO).encode() + b"\n")  # fmt: skip
    assert ran.status == 0, ran
    assert requests(out)[0]["file"] == "<stdin>"


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--out", "x.jsonl"], "the following arguments are required: --to"),
        (["--to", "anthropic"], "the following arguments are required: --out"),
        (["--to", "openai", "--out", "x.jsonl"], "argument --to: invalid choice"),
        (["--to", "anthropic", "--out", "x", "--thinking", "keep"], "argument --thinking"),
    ],
)
def test_usage_errors_exit_2(tmp_path: Path, arguments: list[str], said: str) -> None:
    ran = run("convert", str(SAMPLE), *arguments, cwd=tmp_path)
    assert ran.status == 2
    assert said in ran.err
    assert not (tmp_path / "x.jsonl").exists()


def test_an_out_file_that_cannot_be_written_exits_2_before_anything_is_converted(
    tmp_path: Path,
) -> None:
    out = tmp_path / "missing" / "out.jsonl"
    ran = run("convert", str(SAMPLE), "--to", "anthropic", "--out", out, "--quiet")
    assert ran.status == 2
    assert "agent-ir: cannot write the requests" in ran.err
    assert ran.out == ""


def test_a_full_disk_is_an_error_not_a_short_file(tmp_path: Path) -> None:
    ran = run("convert", str(SAMPLE), "--to", "anthropic", "--out", "/dev/full", "--quiet")
    assert ran.status == 2
    assert "agent-ir: cannot write the requests /dev/full" in ran.err
