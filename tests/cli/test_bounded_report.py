"""What ``agent-ir validate`` prints of a transcript's id, and of the pointers, stays
small and reads in the order it is written, whatever the data holds:

* the text report writes the id on every line of its transcript, cut to
  ``QUOTE_CHARS`` characters with the rest counted (a 1 MB id and 2,000 orphan results
  printed 2.1 GB), and writes its lines a few at a time, not all at once;
* the HTML report cuts ids the same way (a 10 MB id made a 20 MB page);
* bidirectional controls (U+202E RIGHT-TO-LEFT OVERRIDE and the rest) are escaped
  (``\\u202e``) in both, so a crafted id cannot reverse the rest of a line; in the page,
  an id also sits in a ``<bdi>``.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

from agent_ir._text import QUOTE_CHARS
from agent_ir.cli._check import Invalid
from agent_ir.cli._report import Report

from support.browser import parse
from support.cli import run

BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")
LONG_ID = 100_000  # characters of the long transcript id
ORPHANS = 300  # orphan results of the transcript with the long id


def _orphan(number: int) -> dict[str, Any]:
    return {
        "role": "toolResult",
        "id": f"r{number}",
        "toolCallId": f"ghost{number}",
        "toolName": "read",
        "content": "ok",
        "isError": False,
    }


def _long_id_line() -> str:
    messages = [{"role": "user", "id": "u", "content": "go"}]
    messages += [_orphan(number) for number in range(ORPHANS)]
    return json.dumps({"id": "i" * LONG_ID, "messages": messages})


CUT_ID = "i" * QUOTE_CHARS + f"… ({LONG_ID - QUOTE_CHARS} more characters)"


# --- the text report --------------------------------------------------------------------


def test_a_long_id_is_cut_on_every_text_line(tmp_path: Path) -> None:
    (tmp_path / "long.jsonl").write_text(_long_id_line() + "\n", encoding="utf-8")
    ran = run("validate", "long.jsonl", cwd=tmp_path)
    assert ran.status == 1, ran.err
    lines = ran.lines()
    diagnostics = lines[:ORPHANS]
    assert all(line.startswith(f"long.jsonl:1: [{CUT_ID}] message ") for line in diagnostics)
    assert diagnostics[0].endswith(
        "ORPHAN_TOOL_RESULT: no tool call has id 'ghost0' (/1/toolCallId)"
    )
    assert lines[ORPHANS].startswith("1 transcript in 1 file: 0 valid, 1 invalid")
    # 300 lines of the 100,000-character id were 30 MB; now each line is short.
    assert len(ran.stdout) < ORPHANS * 500


def test_a_long_id_is_whole_in_the_json_output(tmp_path: Path) -> None:
    """--output json is data: the id is written once per transcript, whole."""
    (tmp_path / "long.jsonl").write_text(_long_id_line() + "\n", encoding="utf-8")
    ran = run("validate", "--output", "json", "long.jsonl", cwd=tmp_path)
    record = json.loads(ran.out.splitlines()[0])
    assert record["id"] == "i" * LONG_ID
    assert len(record["diagnostics"]) == ORPHANS


def test_a_long_key_is_cut_in_the_pointers_of_a_text_line(tmp_path: Path) -> None:
    key = "k" * 1000
    arguments = {key: ["\ud800"] * 3}
    call = {"type": "toolCall", "id": "c", "name": "read", "arguments": arguments}
    line = json.dumps([{"role": "assistant", "id": "a", "content": [call]}])
    (tmp_path / "key.jsonl").write_text(line + "\n", encoding="utf-8")
    ran = run("validate", "key.jsonl", cwd=tmp_path)
    first = ran.lines()[0]
    cut_key = "k" * QUOTE_CHARS + "… (800 more characters)"
    assert first.endswith(f" (/0/content/0/arguments/{cut_key}/0)"), first
    assert "k" * (QUOTE_CHARS + 1) not in ran.out


class _Writes(io.StringIO):
    """A text stream that remembers the length of each write."""

    def __init__(self) -> None:
        super().__init__()
        self.sizes: list[int] = []

    def write(self, text: str) -> int:
        self.sizes.append(len(text))
        return super().write(text)


def test_the_lines_of_one_transcript_are_written_a_few_at_a_time() -> None:
    """A transcript with many diagnostics is not first built whole in memory: its lines
    go out in pieces of at most about 64 KiB."""
    found = tuple(
        ("ORPHAN_TOOL_RESULT", number, f"no tool call has id 'ghost{number}'", f"/{number}/x", -1)
        for number in range(20_000)
    )
    out = _Writes()
    Report(out, "text", None).add("f.jsonl", [Invalid(1, "t", found)])
    lines = out.getvalue().splitlines()
    assert len(lines) == 20_000
    assert (
        lines[-1]
        == "f.jsonl:1: [t] message 19999 ORPHAN_TOOL_RESULT: no tool call has id 'ghost19999' (/19999/x)"
    )
    assert len(out.sizes) > 10
    assert max(out.sizes) < 70_000


# --- bidirectional controls -------------------------------------------------------------

SPOOF = "safe\u202eid\u2066x\u2069\u200f\u061c"
ESCAPED = "safe\\u202eid\\u2066x\\u2069\\u200f\\u061c"


def _spoofing_line() -> str:
    messages = [{"role": "user", "id": "u", "content": "go"}, _orphan(0) | {"toolCallId": SPOOF}]
    return json.dumps({"id": SPOOF, "messages": messages})


def test_bidirectional_controls_are_escaped_in_text_lines(tmp_path: Path) -> None:
    (tmp_path / "s\u202ej.jsonl").write_text(_spoofing_line() + "\n", encoding="utf-8")
    ran = run("validate", ".", cwd=tmp_path)
    assert ran.status == 1, ran.err
    assert not BIDI.search(ran.out), ran.out
    [line] = [line for line in ran.lines() if line.startswith("s\\u202ej.jsonl:1: ")]
    assert line == (
        f"s\\u202ej.jsonl:1: [{ESCAPED}] message 1 ORPHAN_TOOL_RESULT: "
        f"no tool call has id '{ESCAPED}' (/1/toolCallId)"
    )


def test_bidirectional_controls_are_escaped_in_json_output(tmp_path: Path) -> None:
    (tmp_path / "s.jsonl").write_text(_spoofing_line() + "\n", encoding="utf-8")
    ran = run("validate", "--output", "json", "s.jsonl", cwd=tmp_path)
    record = json.loads(ran.out.splitlines()[0])
    assert record["id"] == ESCAPED


# --- the HTML report --------------------------------------------------------------------


def _report(tmp_path: Path, line: str) -> str:
    (tmp_path / "in.jsonl").write_text(line + "\n", encoding="utf-8")
    ran = run("validate", "--quiet", "in.jsonl", "--report", "out.html", cwd=tmp_path)
    assert ran.status == 1, ran.err
    assert b"Traceback" not in ran.stderr
    return (tmp_path / "out.html").read_bytes().decode("utf-8")


def test_a_long_id_is_cut_on_the_page(tmp_path: Path) -> None:
    """A 2,000,000-character id was written whole twice (the table of broken
    transcripts and the conversation's heading): a page of more than 4 MB."""
    messages = [{"role": "user", "id": "u", "content": "go"}, _orphan(0)]
    page = _report(tmp_path, json.dumps({"id": "i" * 2_000_000, "messages": messages}))
    assert len(page) < 100_000
    tree = parse(page)
    cut = "i" * QUOTE_CHARS + "… (1999800 more characters)"
    [cell] = [row.find_all("td")[3] for row in tree.one("table", "broken").find_all("tr")[1:]]
    assert cell.text() == cut
    [section] = tree.find_all("section", "conversation")
    assert section.one("h3").one("span", "id").text() == cut
    assert "i" * (QUOTE_CHARS + 1) not in page


def test_bidirectional_controls_are_escaped_on_the_page(tmp_path: Path) -> None:
    messages = [
        {"role": "user", "id": "u", "content": f"text {SPOOF}"},
        _orphan(0) | {"toolCallId": SPOOF, "toolName": SPOOF},
    ]
    page = _report(tmp_path, json.dumps({"id": SPOOF, "messages": messages}))
    assert not BIDI.search(page)
    tree = parse(page)
    [section] = tree.find_all("section", "conversation")
    heading = section.one("h3").one("span", "id")
    assert [child.tag for child in heading.find_all("bdi")] == ["bdi"]
    assert heading.text() == ESCAPED
    assert f"text {ESCAPED}" in section.text()
    assert f"no tool call has id '{ESCAPED}'" in section.text()


def test_a_long_key_is_cut_in_the_pointers_on_the_page(tmp_path: Path) -> None:
    key = "k" * 5000
    call = {"type": "toolCall", "id": "c", "name": "read", "arguments": {key: ["\ud800"] * 50}}
    page = _report(tmp_path, json.dumps([{"role": "assistant", "id": "a", "content": [call]}]))
    cut_key = "k" * QUOTE_CHARS + "… (4800 more characters)"
    assert f"/0/content/0/arguments/{cut_key}/0</code>" in page
    # The key is drawn at more length only in the arguments (cut there at 2,000
    # characters): the 50 pointers of the list and the 20 beside the block were 350 KB.
    assert "k" * 2001 not in page
    assert len(page) < 100_000
