"""``agent-ir validate`` as a user runs it: the report (text and ``--output json``), the
documented exit statuses (0 valid, 1 invalid, 2 usage or I/O error) with no traceback,
everything printed printable, a reader that leaves early, ``--max-diagnostics``,
``--quiet``, the help texts and ``python -m agent_ir``."""

from __future__ import annotations

import gzip
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from agent_ir import DiagnosticCode, schemas

from support.cli import (
    DOCS_URL,
    FIXTURES,
    SAMPLE,
    SAMPLE_DIAGNOSTICS,
    Dataset,
    Ran,
    command,
    diagnosed,
    json_lines,
    run,
)

ROOT = FIXTURES.parent
TIMING = re.compile(r"checked in \d+\.\d\d s \([\d,]+ messages/s\)")
SAMPLE_CODES = [code for _, _, _, code, _, _ in SAMPLE_DIAGNOSTICS]
DIAGNOSTIC = Draft202012Validator(schemas.load("diagnostic"), registry=schemas.registry())

# A transcript with four diagnostics (all INVALID_MESSAGE).
FOUR_DIAGNOSTICS = b'[{"role":"user","id":" ","content":"x"},{"role":"bad"},{"role":"user"}]\n'
VALID_LINE = b'[{"role": "user", "id": "u", "content": "hi"}]\n'


def in_code_order(codes: list[str]) -> list[str]:
    order = [code.value for code in DiagnosticCode]
    return sorted(codes, key=order.index)


def assert_no_traceback(ran: Ran) -> None:
    assert b"Traceback" not in ran.stderr, ran


def assert_usage_error(ran: Ran) -> None:
    assert ran.status == 2, ran
    assert ran.stdout == b""
    assert "usage: agent-ir" in ran.err
    assert_no_traceback(ran)


# --- the report of README's first command ---------------------------------------------


def test_the_readme_command_prints_each_diagnostic_then_the_summary() -> None:
    ran = run("validate", "fixtures/transcripts/sample.jsonl", cwd=ROOT)
    assert ran.status == 1, ran
    assert ran.stderr == b""
    lines = ran.lines()
    assert len(lines) == len(SAMPLE_DIAGNOSTICS) + 1 + len(SAMPLE_DIAGNOSTICS) + 1
    for printed, (line, name, index, code, pointer, words) in zip(
        lines, SAMPLE_DIAGNOSTICS, strict=False
    ):
        head = f"fixtures/transcripts/sample.jsonl:{line}: [{name}] message {index} {code}: "
        assert printed.startswith(head), printed
        assert printed.endswith(f" ({pointer})"), printed
        assert words in printed[len(head) :], printed
    summary = lines[len(SAMPLE_DIAGNOSTICS) :]
    assert summary[0] == "14 transcripts in 1 file: 9 valid, 5 invalid; 65 messages"
    width = max(map(len, SAMPLE_CODES))
    assert summary[1:-1] == [
        f"  {code:<{width}}  1  {DOCS_URL}codes/{code}.html" for code in in_code_order(SAMPLE_CODES)
    ]
    assert TIMING.fullmatch(summary[-1]), summary[-1]


def test_json_output_is_one_object_per_invalid_transcript_then_the_summary() -> None:
    ran = run("validate", "--output", "json", SAMPLE)
    assert ran.status == 1, ran
    records = json_lines(ran)
    assert len(records) == len(SAMPLE_DIAGNOSTICS) + 1
    for record, (line, name, index, code, pointer, words) in zip(
        records, SAMPLE_DIAGNOSTICS, strict=False
    ):
        assert set(record) == {"file", "line", "id", "diagnostics"}
        assert (record["file"], record["line"], record["id"]) == (str(SAMPLE), line, name)
        [diagnostic] = record["diagnostics"]
        DIAGNOSTIC.validate(diagnostic)
        assert (diagnostic["code"], diagnostic["messageIndex"], diagnostic["path"]) == (
            code,
            index,
            pointer,
        )
        assert words in diagnostic["message"]
    summary = records[-1]["summary"]
    assert set(records[-1]) == {"summary"}
    assert {key: value for key, value in summary.items() if key != "seconds"} == {
        "files": 1,
        "transcripts": 14,
        "valid": 9,
        "invalid": 5,
        "messages": 65,
        "codes": dict.fromkeys(SAMPLE_CODES, 1),
        "warnings": {},
        "unreadable": [],
        "formatHints": {},
        "messagesPerSecond": summary["messagesPerSecond"],
        "docs": {code: f"{DOCS_URL}codes/{code}.html" for code in SAMPLE_CODES},
    }
    assert list(summary["codes"]) == in_code_order(SAMPLE_CODES)
    assert list(summary["docs"]) == in_code_order(SAMPLE_CODES)
    assert isinstance(summary["seconds"], float | int)
    assert summary["seconds"] >= 0
    assert isinstance(summary["messagesPerSecond"], int)
    assert summary["messagesPerSecond"] > 0


def test_python_dash_m_agent_ir_is_the_same_command() -> None:
    ran = run("validate", "--output", "json", SAMPLE, prefix=[sys.executable, "-m", "agent_ir"])
    assert (ran.status, ran.stderr) == (1, b"")
    records = json_lines(ran)
    assert [record["line"] for record in records[:-1]] == [row[0] for row in SAMPLE_DIAGNOSTICS]
    assert records[-1]["summary"]["transcripts"] == 14


# --- exit statuses ----------------------------------------------------------------------


def test_all_valid_is_status_0_with_the_summary_only(tmp_path: Path) -> None:
    source = tmp_path / "valid.jsonl"
    source.write_bytes(VALID_LINE * 3)
    ran = run("validate", source)
    assert (ran.status, ran.stderr) == (0, b""), ran
    lines = ran.lines()
    assert lines[0] == "3 transcripts in 1 file: 3 valid, 0 invalid; 3 messages"
    assert len(lines) == 2
    assert TIMING.fullmatch(lines[1])


def test_a_missing_path_is_status_2_before_anything_is_checked(tmp_path: Path) -> None:
    missing = tmp_path / "absent.jsonl"
    ran = run("validate", SAMPLE, missing)
    assert ran.status == 2, ran
    assert ran.stdout == b""
    assert ran.err == f"agent-ir: {missing}: no such file or directory\n"


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"\x1f\x8b" + b"this is not deflate data" * 4, id="magic-then-garbage"),
        pytest.param(gzip.compress(VALID_LINE * 500)[:-40], id="truncated"),
    ],
)
def test_an_unreadable_gzip_file_is_status_2_and_named(tmp_path: Path, data: bytes) -> None:
    source = tmp_path / "broken.jsonl.gz"
    source.write_bytes(data)
    ran = run("validate", SAMPLE, source)
    assert ran.status == 2, ran
    assert_no_traceback(ran)
    assert ran.err.startswith(f"agent-ir: cannot read {source}: not a readable gzip file")
    assert ran.err.count("\n") == 1
    lines = ran.lines()
    # What could be read is still reported, and the summary names the unreadable file.
    assert len([line for line in lines if line.startswith(f"{SAMPLE}:")]) == 5
    assert f"  unreadable: {source}" in lines
    assert lines[5].startswith("14 transcripts in 2 files: 9 valid, 5 invalid; ")

    records = json_lines(run("validate", "--output", "json", SAMPLE, source))
    assert records[-1]["summary"]["unreadable"] == [str(source)]


@pytest.mark.parametrize(
    "arguments",
    [
        pytest.param(["validate", "--jobs", "0", "x.jsonl"], id="jobs-0"),
        pytest.param(["validate", "--jobs", "-2", "x.jsonl"], id="jobs-negative"),
        pytest.param(["validate", "--jobs", "two", "x.jsonl"], id="jobs-not-a-number"),
        pytest.param(["validate", "--max-diagnostics", "0", "x.jsonl"], id="max-diagnostics-0"),
        pytest.param(["validate", "--output", "xml", "x.jsonl"], id="unknown-output"),
        pytest.param(["validate", "--frobnicate", "x.jsonl"], id="unknown-option"),
        pytest.param(["validate"], id="no-path"),
        pytest.param(["validate", "--engine", "dask", "x.jsonl"], id="dask-without-scheduler"),
        pytest.param(["validate", "--scheduler", "tcp://127.0.0.1:1", "x"], id="scheduler-alone"),
        pytest.param(["frobnicate"], id="unknown-command"),
        pytest.param(["replay"], id="replay-without-fixture"),
    ],
)
def test_a_usage_error_is_status_2_with_the_usage(arguments: list[str]) -> None:
    assert_usage_error(run(*arguments))


def test_standard_input_on_dask_is_refused_before_connecting() -> None:
    ran = run("validate", "--engine", "dask", "--scheduler", "tcp://127.0.0.1:9", "-")
    assert (ran.status, ran.stdout) == (2, b"")
    assert ran.err == "agent-ir: standard input (-) needs --engine local\n"


# --- everything printed is printable ---------------------------------------------------

# A control character, a line separator or a lone surrogate printed raw would break a
# line, move the cursor or be unencodable: none may reach the output.
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
HOSTILE_ID = (
    b'{"id": "a\\nb\\u001bc\\ud800", "messages": [{"role": "assistant", "id": "m", "content": '
    b'[{"type": "toolCall", "id": "c1", "name": "f", "arguments": {"\\ud800": 1}}]}]}\n'
)


def test_control_characters_and_lone_surrogates_are_escaped_in_text(tmp_path: Path) -> None:
    (tmp_path / "s.jsonl").write_bytes(HOSTILE_ID)
    ran = run("validate", "s.jsonl", cwd=tmp_path)
    assert ran.status == 1, ran
    assert not RAW.search(ran.out), ran
    first, *rest = ran.lines()
    assert first.startswith(
        "s.jsonl:1: [a\\x0ab\\x1bc\\ud800] message 0 INVALID_TOOL_ARGUMENTS: "
    ), first
    assert first.endswith(" (/0/content/0/arguments/\\ud800)"), first
    assert rest[0].startswith("1 transcript in 1 file: 0 valid, 1 invalid")


def test_control_characters_and_lone_surrogates_are_escaped_in_json(tmp_path: Path) -> None:
    (tmp_path / "s.jsonl").write_bytes(HOSTILE_ID)
    ran = run("validate", "--output", "json", "s.jsonl", cwd=tmp_path)
    assert ran.status == 1, ran
    assert not RAW.search(ran.out), ran
    record, summary = json_lines(ran)  # strict UTF-8, one JSON value per line
    assert record["id"] == "a\\x0ab\\x1bc\\ud800"
    [diagnostic] = record["diagnostics"]
    DIAGNOSTIC.validate(diagnostic)
    assert diagnostic["code"] == "INVALID_TOOL_ARGUMENTS"
    assert diagnostic["path"] == "/0/content/0/arguments/\\ud800"
    assert summary["summary"]["invalid"] == 1


SEPARATORS = b'[{"role": "user", "id": "u", "content": "x", "k\\u2028\\u0085\\u001b": 1}]\n'


def test_line_separators_in_a_diagnostic_are_escaped_in_text(tmp_path: Path) -> None:
    (tmp_path / "s.jsonl").write_bytes(SEPARATORS)
    ran = run("validate", "s.jsonl", cwd=tmp_path)
    assert ran.status == 1, ran
    assert not RAW.search(ran.out), ran
    assert len(ran.out.splitlines()) == len(ran.lines()) == 4
    assert ran.lines()[0].startswith("s.jsonl:1: message 0 INVALID_MESSAGE: ")
    assert ran.lines()[0].endswith(" (/0/k\\u2028\\x85\\x1b)")


def test_line_separators_in_a_diagnostic_are_escaped_in_json(tmp_path: Path) -> None:
    (tmp_path / "s.jsonl").write_bytes(SEPARATORS)
    ran = run("validate", "--output", "json", "s.jsonl", cwd=tmp_path)
    assert ran.status == 1, ran
    assert len(json_lines(ran)) == 2
    assert not RAW.search(ran.out), ran
    assert len(ran.out.splitlines()) == 2


def _make(path: Path, data: bytes) -> None:
    try:
        path.write_bytes(data)
    except (OSError, UnicodeError) as error:  # e.g. a file system that refuses the name
        pytest.skip(f"this file system refuses the name {os.fsencode(path)!r}: {error}")


def test_a_file_name_that_is_not_utf_8_is_escaped(tmp_path: Path) -> None:
    name = os.fsdecode(b"name-\xff.jsonl")
    _make(tmp_path / name, b"[]\nnot JSON\n")
    # The file named, and found in the directory holding it.
    ran = run("validate", os.fsencode(name), ".", cwd=tmp_path)
    assert ran.status == 1, ran
    assert_no_traceback(ran)
    assert [found[:2] for found in diagnosed(ran)] == [("name-\\udcff.jsonl", 2)] * 2
    assert not RAW.search(ran.out)

    record, _ = json_lines(run("validate", "--output", "json", os.fsencode(name), cwd=tmp_path))
    assert (record["file"], record["line"]) == ("name-\\udcff.jsonl", 2)

    missing = run("validate", b"gone-\xff.jsonl", cwd=tmp_path)
    assert (missing.status, missing.stdout) == (2, b"")
    assert missing.err == "agent-ir: gone-\\udcff.jsonl: no such file or directory\n"


def test_a_file_name_with_a_newline_stays_on_one_line(tmp_path: Path) -> None:
    _make(tmp_path / "two\nlines.jsonl", b"not JSON\n")
    ran = run("validate", "two\nlines.jsonl", cwd=tmp_path)
    assert ran.status == 1, ran
    assert ran.lines()[0].startswith("two\\x0alines.jsonl:1: INVALID_TRANSCRIPT: ")
    assert len(ran.lines()) == 4  # the diagnostic, the summary, one code, the timing


# --- a reader that leaves early --------------------------------------------------------


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_reader_that_leaves_early_ends_the_command_quietly(
    big_dataset: Dataset, jobs: str
) -> None:
    # Three times the dataset: some 400 kB of report, far more than a pipe holds.
    arguments = ["validate", "--jobs", jobs, *[str(big_dataset.path)] * 3]
    process = subprocess.Popen(
        [*command(), *arguments],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    assert process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()
    stderr = process.stderr.read()
    status = process.wait(timeout=120)
    assert first.startswith(f"{big_dataset.path}:{min(big_dataset.invalid)}: ".encode())
    assert stderr == b""
    assert status == 1


# --- --max-diagnostics and --quiet -----------------------------------------------------


def test_max_diagnostics_shows_the_first_and_counts_the_rest(tmp_path: Path) -> None:
    source = tmp_path / "four.jsonl"
    source.write_bytes(FOUR_DIAGNOSTICS + VALID_LINE + FOUR_DIAGNOSTICS)
    full = run("validate", source).lines()
    ran = run("validate", "--max-diagnostics", "1", source)
    assert ran.status == 1, ran
    assert ran.lines()[:5] == [
        full[0],
        f"{source}:1: ... 3 more diagnostics",
        full[4],
        f"{source}:3: ... 3 more diagnostics",
        "3 transcripts in 1 file: 1 valid, 2 invalid; 7 messages",
    ]
    # the summary counts every one
    assert ran.lines()[5] == f"  INVALID_MESSAGE  8  {DOCS_URL}codes/INVALID_MESSAGE.html"

    records = json_lines(run("validate", "--output", "json", "--max-diagnostics", "1", source))
    every = json_lines(run("validate", "--output", "json", source))
    assert [len(record["diagnostics"]) for record in every[:2]] == [4, 4]
    for record, whole in zip(records[:2], every[:2], strict=True):
        assert record["diagnostics"] == whole["diagnostics"][:1]
        assert record["omitted"] == 3
    assert "omitted" not in every[0]
    assert records[2]["summary"]["codes"] == {"INVALID_MESSAGE": 8}


@pytest.mark.parametrize("quiet", [[], ["--quiet"]], ids=["default", "quiet"])
def test_nothing_but_errors_goes_to_a_standard_error_that_is_no_terminal(
    quiet: list[str],
) -> None:
    ran = run("validate", *quiet, SAMPLE)
    assert ran.status == 1
    assert ran.stderr == b""
    assert len(ran.lines()) == 12


# --- help -------------------------------------------------------------------------------

HELP = [
    pytest.param([], id="agent-ir"),
    pytest.param(["validate"], id="validate"),
    pytest.param(["replay"], id="replay"),
    pytest.param(["schema"], id="schema"),
]


@pytest.mark.parametrize("arguments", HELP)
def test_help_shows_an_example_and_the_exit_statuses(arguments: list[str]) -> None:
    ran = run(*arguments, "--help")
    assert (ran.status, ran.stderr) == (0, b""), ran
    text = ran.out
    assert "``" not in text
    example = re.search(r"^example:\n  agent-ir (\S+)", text, re.M)
    assert example is not None, text
    if arguments:
        assert example.group(1) == arguments[0]
    statuses = re.search(r"^exit status:\n((?:  \d  .+\n?)+)", text, re.M)
    assert statuses is not None, text
    listed = [line.split()[0] for line in statuses.group(1).splitlines()]
    # schema has no "invalid" outcome: it can only succeed or fail to be used.
    assert listed == (["0", "2"] if arguments == ["schema"] else ["0", "1", "2"]), text
