"""``agent-ir validate``'s text report and HTML page on hostile data (bidirectional and
other control characters, markup, megabyte ids, keys and call ids quoted in thousands of
diagnostics): exit status 1 with no traceback; no control or bidirectional character
from the data reaches the terminal raw; no markup from the data reaches the page as
markup; both stay within a bound however long the values are."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from adversarial.catalogue import _BIDI, Case, params

from support.cli import run

pytestmark = pytest.mark.heavy

# Far below what a quoted megabyte value repeated per diagnostic would make.
TEXT_BOUND = 2 * 2**20
PAGE_BOUND = 2 * 2**20
RAW = re.compile(f"[{_BIDI}\\x00-\\x08\\x0b-\\x1f\\x7f\\x85\\u2028\\u2029]")


@pytest.mark.parametrize(("case", "place"), params("agent-ir-report"))
def test_a_hostile_value_is_escaped_and_bounded_in_the_reports(
    case: Case, place: str, tmp_path: Path
) -> None:
    source = tmp_path / "hostile.jsonl"
    source.write_bytes(case.build())
    if place == "text-report":
        ran = run("validate", "--jobs", "1", source)
        assert ran.status == 1, ran
        assert b"Traceback" not in ran.stderr, ran
        assert len(ran.stdout) < TEXT_BOUND, f"{len(ran.stdout)} bytes of report"
        raw = RAW.findall(ran.out)
        assert raw == [], f"raw characters from the data: {raw[:5]!r}"
        return
    page = tmp_path / "report.html"
    ran = run("validate", "--jobs", "1", "--report", page, source)
    assert ran.status == 1, ran
    assert b"Traceback" not in ran.stderr, ran
    html = page.read_text("utf-8")
    assert len(html) < PAGE_BOUND, f"{len(html)} characters of page"
    assert "<script>alert" not in html
    assert "<img src=x" not in html
    assert RAW.findall(html) == [], "raw control characters from the data on the page"
