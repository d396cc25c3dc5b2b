"""What ``agent-ir validate`` reads: ``.json`` files (one transcript), ``.jsonl`` files
(one per line, an array or an ``{"id", "messages"}`` object), gzip, a byte order mark,
CRLF, blank lines, directories, standard input, several paths, lines longer than the
reader's block, a file of several blocks on worker processes, and the catalogue's
hostile files."""

from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from adversarial.catalogue import Case, params

from agent_ir.cli._inputs import BLOCK_BYTES

from support.cli import (
    SAMPLE,
    SAMPLE_DIAGNOSTICS,
    Dataset,
    Ran,
    command,
    diagnosed,
    json_lines,
    report,
    run,
)

VALID = [{"role": "user", "id": "u", "content": "hi"}]
# One INVALID_MESSAGE at message 0, /0/id.
BLANK_ID = [{"role": "user", "id": " ", "content": "hi"}]


def line(value: object) -> bytes:
    return json.dumps(value).encode() + b"\n"


def named(name: object, messages: object) -> dict[str, object]:
    return {"id": name, "messages": messages}


def summary_of(ran: Ran) -> str:
    """The first line of the summary: transcripts, files, valid, invalid, messages."""
    return next(text for text in report(ran) if re.match(r"[\d,]+ transcripts? in ", text))


# --- .json and .jsonl ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        pytest.param(BLANK_ID, "", id="array"),
        pytest.param(named("one", BLANK_ID), "[one] ", id="object"),
    ],
)
def test_a_json_file_is_one_transcript(tmp_path: Path, value: object, shown: str) -> None:
    source = tmp_path / "one.json"
    source.write_text(json.dumps(value, indent=2), encoding="utf-8")  # over many lines
    valid = tmp_path / "valid.json"
    valid.write_text(json.dumps(named("ok", VALID), indent=2), encoding="utf-8")
    ran = run("validate", source, valid)
    assert ran.status == 1, ran
    [first, *_] = report(ran)
    assert first.startswith(f"{source}:1: {shown}message 0 INVALID_MESSAGE: "), first
    assert first.endswith(" (/0/id)")
    assert len(diagnosed(ran)) == 1
    assert summary_of(ran) == "2 transcripts in 2 files: 1 valid, 1 invalid; 2 messages"


def test_a_json_file_that_is_not_utf_8_is_an_invalid_transcript(tmp_path: Path) -> None:
    source = tmp_path / "latin1.json"
    source.write_bytes(b'[{"role": "user", "id": "u", "content": "caf\xe9"}]')
    ran = run("validate", source)
    assert ran.status == 1, ran
    assert diagnosed(ran) == [(str(source), 1, None, "INVALID_TRANSCRIPT")]


def test_jsonl_lines_are_arrays_or_objects_and_blank_lines_keep_the_numbering(
    tmp_path: Path,
) -> None:
    source = tmp_path / "mixed.jsonl"
    source.write_bytes(
        line(VALID)  # 1
        + b"\n"  # 2: blank
        + line(BLANK_ID)  # 3
        + b"   \t \n"  # 4: blank
        + line(named("obj", BLANK_ID))  # 5
        + line(named("fine", VALID))  # 6
        + b'{"id": "no-messages", "transcript": []}\n'  # 7
        + line(named(7, BLANK_ID))  # 8: a number as id
        + b"this is not JSON\n"  # 9
        + line(named(None, BLANK_ID))  # 10: a null id is no id
        + line(BLANK_ID).rstrip(b"\n")  # 11: no newline at the end
    )
    ran = run("validate", source)
    assert ran.status == 1, ran
    name = str(source)
    assert diagnosed(ran) == [
        (name, 3, None, "INVALID_MESSAGE"),
        (name, 5, "obj", "INVALID_MESSAGE"),
        (name, 7, "no-messages", "INVALID_TRANSCRIPT"),
        (name, 8, "7", "INVALID_MESSAGE"),
        (name, 9, None, "INVALID_TRANSCRIPT"),
        (name, 10, None, "INVALID_MESSAGE"),
        (name, 11, None, "INVALID_MESSAGE"),
    ]
    lines = report(ran)
    assert lines[2] == (
        f"{name}:7: [no-messages] INVALID_TRANSCRIPT: transcript is an object without "
        '"messages" (a line holds an array of messages or {"id": ..., "messages": [...]})'
    )
    assert lines[4].startswith(f"{name}:9: INVALID_TRANSCRIPT: transcript is not valid JSON")
    assert summary_of(ran) == "9 transcripts in 1 file: 2 valid, 7 invalid; 7 messages"

    records = json_lines(run("validate", "--output", "json", source))
    assert [(record["line"], record.get("id")) for record in records[:-1]] == [
        (3, None),
        (5, "obj"),
        (7, "no-messages"),
        (8, "7"),
        (9, None),
        (10, None),
        (11, None),
    ]
    assert records[2]["diagnostics"][0]["messageIndex"] == -1
    assert records[2]["diagnostics"][0]["path"] == ""


def test_crlf_line_ends_are_read_like_lf(tmp_path: Path) -> None:
    data = line(VALID) + b"\n" + line(named("bad", BLANK_ID)) + b"not JSON\n" + line(VALID)
    (tmp_path / "lf").mkdir()
    (tmp_path / "crlf").mkdir()
    (tmp_path / "lf" / "t.jsonl").write_bytes(data)
    (tmp_path / "crlf" / "t.jsonl").write_bytes(data.replace(b"\n", b"\r\n"))
    from_lf = run("validate", "t.jsonl", cwd=tmp_path / "lf")
    from_crlf = run("validate", "t.jsonl", cwd=tmp_path / "crlf")
    assert from_crlf.status == 1, from_crlf
    assert [found[1:] for found in diagnosed(from_crlf)] == [
        (3, "bad", "INVALID_MESSAGE"),
        (4, None, "INVALID_TRANSCRIPT"),
    ]
    assert report(from_crlf) == report(from_lf)
    assert "\\x0d" not in from_crlf.out


@pytest.mark.parametrize("suffix", [".jsonl", ".json"])
def test_a_byte_order_mark_at_the_start_is_skipped(tmp_path: Path, suffix: str) -> None:
    bad = tmp_path / f"bad{suffix}"
    bad.write_bytes(b"\xef\xbb\xbf" + line(named("first", BLANK_ID)))
    good = tmp_path / f"good{suffix}"
    good.write_bytes(b"\xef\xbb\xbf" + line(named("first", VALID)))
    ran = run("validate", bad, good)
    assert ran.status == 1, ran
    assert diagnosed(ran) == [(str(bad), 1, "first", "INVALID_MESSAGE")]
    assert summary_of(ran) == "2 transcripts in 2 files: 1 valid, 1 invalid; 2 messages"


def test_a_byte_order_mark_on_standard_input_is_skipped() -> None:
    ran = run("validate", "-", stdin=b"\xef\xbb\xbf" + line(named("first", BLANK_ID)))
    assert diagnosed(ran) == [("<stdin>", 1, "first", "INVALID_MESSAGE")]


# --- gzip -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "data", "expected"),
    [
        pytest.param(
            "lines.jsonl.gz",
            line(VALID) + line(named("bad", BLANK_ID)),
            [(2, "bad", "INVALID_MESSAGE")],
            id="jsonl.gz",
        ),
        pytest.param(
            "one.json.gz",
            json.dumps(named("whole", BLANK_ID), indent=1).encode(),
            [(1, "whole", "INVALID_MESSAGE")],
            id="json.gz",
        ),
        pytest.param(
            "no-gz-suffix.jsonl",
            line(VALID) + line(named("bad", BLANK_ID)),
            [(2, "bad", "INVALID_MESSAGE")],
            id="by-magic-bytes",
        ),
        pytest.param(
            "bom.jsonl.gz",
            b"\xef\xbb\xbf" + line(named("bad", BLANK_ID)),
            [(1, "bad", "INVALID_MESSAGE")],
            id="bom-inside",
        ),
    ],
)
def test_gzip_is_read_transparently(
    tmp_path: Path, name: str, data: bytes, expected: list[tuple[int, str, str]]
) -> None:
    source = tmp_path / name
    source.write_bytes(gzip.compress(data))
    ran = run("validate", source)
    assert ran.status == 1, ran
    assert [found[1:] for found in diagnosed(ran)] == expected


def test_standard_input_is_json_lines_plain_or_gzipped() -> None:
    data = SAMPLE.read_bytes()
    plain = run("validate", "-", stdin=data)
    zipped = run("validate", "-", stdin=gzip.compress(data))
    assert plain.status == zipped.status == 1
    expected = [("<stdin>", line, name, code) for line, name, _, code, _, _ in SAMPLE_DIAGNOSTICS]
    assert diagnosed(plain) == diagnosed(zipped) == expected
    assert report(zipped) == report(plain)
    assert summary_of(plain) == "14 transcripts in 1 file: 9 valid, 5 invalid; 65 messages"
    assert json_lines(run("validate", "--output", "json", "-", stdin=data))[0]["file"] == (
        "<stdin>"
    )


# --- directories and several paths ------------------------------------------------------


def test_a_directory_is_read_recursively_in_sorted_order(tmp_path: Path) -> None:
    root = tmp_path / "traces"
    files = {
        "z.jsonl": b"not JSON\n",
        "a/x.json": b"not JSON",
        "a.json.gz": gzip.compress(b"not JSON"),
        "m/n/deep.jsonl.gz": gzip.compress(line(VALID) + b"not JSON\n"),
        "b.jsonl": line(VALID),
        # Not transcripts: ignored, however broken.
        "notes.txt": b"not JSON\n",
        "data.csv": b"not JSON\n",
        "old.jsonl.bak": b"not JSON\n",
        "m/README": b"not JSON\n",
        "empty/.keep": b"",
    }
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    ran = run("validate", "traces", cwd=tmp_path)
    assert ran.status == 1, ran
    assert [(found[0], found[1]) for found in diagnosed(ran)] == [
        (os.path.join("traces", "a", "x.json"), 1),
        (os.path.join("traces", "a.json.gz"), 1),
        (os.path.join("traces", "m", "n", "deep.jsonl.gz"), 2),
        (os.path.join("traces", "z.jsonl"), 1),
    ]
    assert summary_of(ran) == "6 transcripts in 5 files: 2 valid, 4 invalid; 2 messages"


def test_several_paths_are_reported_in_the_order_given(tmp_path: Path) -> None:
    first = tmp_path / "first.jsonl"
    first.write_bytes(line(named("from-first", BLANK_ID)))
    ran = run("validate", first, "-", SAMPLE, first, stdin=line(named("from-stdin", BLANK_ID)))
    assert ran.status == 1, ran
    assert [(found[0], found[2]) for found in diagnosed(ran)] == [
        (str(first), "from-first"),
        ("<stdin>", "from-stdin"),
        *[(str(SAMPLE), name) for _, name, _, _, _, _ in SAMPLE_DIAGNOSTICS],
        (str(first), "from-first"),
    ]
    assert summary_of(ran) == "17 transcripts in 4 files: 9 valid, 8 invalid; 68 messages"


# --- lines longer than a block, files of several blocks ---------------------------------


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_line_longer_than_a_block_is_read_whole(tmp_path: Path, jobs: str) -> None:
    long_text = "y" * (BLOCK_BYTES + BLOCK_BYTES // 2)
    source = tmp_path / "long.jsonl"
    source.write_bytes(
        line(VALID)
        + line(named("long-valid", [{"role": "user", "id": "u", "content": long_text}]))
        + line(named("short-bad", BLANK_ID))
        + line(named("long-bad", [{"role": "user", "id": " ", "content": long_text * 2}]))
        + b"\n"
        + line(named("after", BLANK_ID))
    )
    ran = run("validate", "--jobs", jobs, source)
    assert ran.status == 1, ran
    assert [found[1:] for found in diagnosed(ran)] == [
        (3, "short-bad", "INVALID_MESSAGE"),
        (4, "long-bad", "INVALID_MESSAGE"),
        (6, "after", "INVALID_MESSAGE"),
    ]
    assert summary_of(ran) == "5 transcripts in 1 file: 2 valid, 3 invalid; 5 messages"


def test_a_file_of_several_blocks_on_two_workers_gives_the_same_report(
    big_dataset: Dataset,
) -> None:
    alone = run("validate", "--jobs", "1", big_dataset.path)
    workers = run("validate", "--jobs", "2", big_dataset.path)
    assert alone.status == workers.status == 1
    assert report(workers) == report(alone)
    expected = [
        (str(big_dataset.path), number, name, code)
        for number, (name, code) in sorted(big_dataset.invalid.items())
    ]
    assert diagnosed(workers) == expected
    transcripts, invalid = big_dataset.transcripts, len(big_dataset.invalid)
    assert summary_of(workers) == (
        f"{transcripts:,} transcripts in 1 file: {transcripts - invalid:,} valid, "
        f"{invalid:,} invalid; {big_dataset.messages:,} messages"
    )
    as_json = json_lines(run("validate", "--jobs", "2", "--output", "json", big_dataset.path))
    assert [record["line"] for record in as_json[:-1]] == sorted(big_dataset.invalid)
    assert as_json[-1]["summary"]["transcripts"] == transcripts


# --- hostile files (tests/adversarial/catalogue.py) -------------------------------------


@pytest.mark.parametrize(("case", "place"), params("agent-ir"))
def test_a_hostile_file_ends_with_the_documented_status_and_no_traceback(
    case: Case, place: str, tmp_path: Path
) -> None:
    suffix, data = case.build()
    source = tmp_path / f"hostile{suffix}"
    source.write_bytes(data)
    ran = run("validate", source)
    assert b"Traceback" not in ran.stderr, ran
    assert ran.status == case.expect, ran
    assert ran.stderr == b""
    assert summary_of(ran).startswith(("0 transcripts in 1 file", "1 transcript in 1 file"))


@pytest.mark.skipif(sys.platform == "win32", reason="closes file descriptor 0 (POSIX)")
def test_a_closed_standard_input_is_status_2_without_a_traceback() -> None:
    done = subprocess.run(
        [*command(), "validate", "-"],
        preexec_fn=lambda: os.close(0),  # in the child, before agent-ir starts
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert b"Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2
