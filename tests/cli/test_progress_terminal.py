"""The progress bar of ``agent-ir validate``, drawn on standard error when it is a
terminal: the command runs on a pseudo-terminal, and what it draws is read back through
a VT terminal emulator (``pyte``), as a user would see it."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from support.cli import SAMPLE, Dataset, Ran, report, run
from support.terminal import Drawn, on_terminal

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="needs a pseudo-terminal (pty, termios): POSIX only"
)


def _ran_from(drawn: Drawn) -> Ran:
    """The run as seen from its standard output (when that was not the terminal)."""
    return Ran(drawn.status, drawn.stdout, b"")


def bar_of(drawn: Drawn) -> str:
    """The last row the progress bar drew."""
    bars = [row for row in drawn.rows if row.startswith("validating ")]
    assert bars, drawn.text()
    return bars[-1]


def kilobytes(path: Path) -> str:
    """How rich writes a file's size in kB (decimal, one place)."""
    return f"{path.stat().st_size / 1000:,.1f}"


def test_a_terminal_on_standard_error_shows_the_progress(tmp_path: Path) -> None:
    drawn = on_terminal("validate", SAMPLE, stdout_too=False, tmp_path=tmp_path)
    assert drawn.status == 1
    bar = bar_of(drawn)
    size = kilobytes(SAMPLE)
    assert f" {size}/{size} kB " in bar, bar  # every byte read, of the total
    assert re.search(r" 14 transcripts, [\d,]+/s", bar), bar
    # The report on standard output is the same as without a terminal.
    assert report(run("validate", SAMPLE)) == report(_ran_from(drawn))


def test_a_file_given_twice_is_read_to_the_total(tmp_path: Path) -> None:
    drawn = on_terminal("validate", SAMPLE, SAMPLE, stdout_too=False, tmp_path=tmp_path)
    assert drawn.status == 1
    bar = bar_of(drawn)
    assert " 28 transcripts, " in bar, bar
    total = f"{2 * SAMPLE.stat().st_size / 1000:,.1f}"
    assert f" {total}/{total} kB " in bar, bar


def test_progress_of_a_file_of_several_blocks_on_two_workers(
    tmp_path: Path, big_dataset: Dataset
) -> None:
    drawn = on_terminal(
        "validate", "--jobs", "2", big_dataset.path, stdout_too=False, tmp_path=tmp_path
    )
    assert drawn.status == 1
    bar = bar_of(drawn)
    megabytes = f"{big_dataset.path.stat().st_size / 1e6:,.1f}"
    assert f" {megabytes}/{megabytes} MB " in bar, bar
    assert re.search(rf" {big_dataset.transcripts:,} transcripts, [\d,]+/s", bar), bar
    # Standard output is the whole report: a line per invalid transcript, the summary.
    assert len(report(_ran_from(drawn))) == len(big_dataset.invalid) + 1 + 3


def test_quiet_draws_nothing_on_the_terminal(tmp_path: Path) -> None:
    drawn = on_terminal("validate", "--quiet", SAMPLE, stdout_too=False, tmp_path=tmp_path)
    assert drawn.status == 1
    assert drawn.raw == b""
    assert len(report(_ran_from(drawn))) == 11


def test_quiet_on_a_terminal_shows_the_report_alone(tmp_path: Path) -> None:
    expected = report(run("validate", SAMPLE))
    drawn = on_terminal(
        "validate", "--quiet", SAMPLE, stdout_too=True, tmp_path=tmp_path, columns=480, rows=40
    )
    assert drawn.status == 1
    shown = [row for row in drawn.rows if row]
    assert shown[:-1] == expected
    assert shown[-1].startswith("checked in ")
    assert "validating" not in drawn.text()
    assert b"\x1b" not in drawn.raw  # no cursor movement, no colour


def test_the_report_and_the_bar_share_a_terminal_line_by_line(tmp_path: Path) -> None:
    expected = report(run("validate", SAMPLE))
    drawn = on_terminal(
        "validate", SAMPLE, stdout_too=True, tmp_path=tmp_path, columns=480, rows=40
    )
    assert drawn.status == 1
    bar_of(drawn)
    missing = [line for line in expected if line not in drawn.rows]
    assert missing == [], drawn.text()


def test_printed_lines_go_above_the_bar_in_batches_not_one_redraw_each(
    tmp_path: Path, big_dataset: Dataset
) -> None:
    """The bar was redrawn for every line of the report printed above it (issue 37: a
    terminal took 11 times as long as --quiet): now the lines go out in batches, with
    one redraw per batch and a few a second. Counted, not timed: the bar's draws (each
    writes its label) against the report's lines, on a run of some 1,100 of them."""
    drawn = on_terminal(
        "validate", "--jobs", "1", big_dataset.path, stdout_too=True, tmp_path=tmp_path
    )
    assert drawn.status == 1
    printed = drawn.raw.count(f"{big_dataset.path}:".encode())
    assert printed == len(big_dataset.invalid)  # every diagnostic line reached the terminal
    draws = drawn.raw.count(b"validating ")
    assert 1 <= draws <= printed // 20, (draws, printed)


_TIME = re.compile(r"(\d+:\d\d:\d\d|-:--:--)")


@pytest.mark.parametrize("columns", [80, 100, 120])
def test_the_bar_fits_on_one_row_of_a_terminal_80_columns_or_wider(
    tmp_path: Path, big_dataset: Dataset, columns: int
) -> None:
    """It wrapped onto two rows at 80 columns (issue 26): now the bar shrinks first."""
    drawn = on_terminal(
        "validate", "--jobs", "1", big_dataset.path, stdout_too=False, tmp_path=tmp_path,
        columns=columns,
    )  # fmt: skip
    assert drawn.status == 1
    shown = [row for row in drawn.rows if row]
    assert len(shown) == 1, drawn.text()  # nothing wrapped onto a second row
    [bar] = shown
    megabytes = f"{big_dataset.path.stat().st_size / 1e6:,.1f}"
    assert bar.startswith("validating ━"), bar
    assert f" {megabytes}/{megabytes} MB " in bar, bar
    assert re.search(rf" {big_dataset.transcripts:,} transcripts, [\d,]+/s ", bar), bar
    assert _TIME.search(bar.split(" MB ")[1]), bar
    assert len(bar) < columns


@pytest.mark.parametrize("columns", [20, 40, 60])
def test_a_narrow_terminal_gets_a_shorter_bar_on_one_row(
    tmp_path: Path, big_dataset: Dataset, columns: int
) -> None:
    drawn = on_terminal(
        "validate", "--jobs", "1", big_dataset.path, stdout_too=False, tmp_path=tmp_path,
        columns=columns,
    )  # fmt: skip
    assert drawn.status == 1
    shown = [row for row in drawn.rows if row]
    assert len(shown) == 1, drawn.text()
    [bar] = shown
    megabytes = f"{big_dataset.path.stat().st_size / 1e6:,.1f}"
    assert f"{megabytes}/{megabytes} MB" in bar, bar  # the size read is always there
    assert "━" in bar, bar
    assert len(bar) < columns


def test_every_width_gets_one_line_that_fits_with_the_most_it_can_hold() -> None:
    """The line as rich draws it, for every width from 2 to 130 columns: one line,
    never wider than the width less one, holding what fits in the order of use."""
    from io import StringIO

    from rich.console import Console
    from rich.progress import Progress

    from agent_ir.cli._progress import BAR_LEAST, BAR_MOST, _fitted

    now = [0.0]
    progress = Progress(get_time=lambda: now[0])
    task_id = progress.add_task("validate", total=123_456_789, transcripts=1_234_567)
    now[0] = 10.0  # 123,457 transcripts/s; the time left is not known yet
    progress.update(task_id, completed=45_678_901)
    task = progress.tasks[0]
    pieces = ["validating ", "45.7/123.5 MB", "1,234,567 transcripts", ", 123,457/s", "-:--:--"]
    for width in range(2, 131):
        out = StringIO()
        console = Console(file=out, width=width, color_system=None, legacy_windows=False)
        console.print(_fitted(task, width - 1))
        lines = out.getvalue().splitlines()
        assert len(lines) == 1, (width, lines)
        [line] = lines
        line = line.rstrip()
        assert len(line) <= width - 1, (width, line)
        held = [piece in line for piece in pieces]
        if width > 13:
            assert held[1], (width, line)
        # the bar, drawn without colour: its done part, then blanks up to the size
        before = line.split(" 45.7/123.5 MB")[0] if " 45.7/123.5 MB" in line else ""
        bar = len(before.removeprefix("validating "))
        assert before.removeprefix("validating ").startswith("━") or not bar, (width, line)
        if width >= 107:  # 66 columns of words, 40 of bar, the last column left
            assert bar == BAR_MOST, (width, line)
            assert all(held), (width, line)
        if bar:
            assert BAR_LEAST <= bar <= BAR_MOST, (width, line)
        # The words go in order: the rate first, then the count, the label, the time.
        order = [held[3], held[2], held[0], held[4]]
        assert order == sorted(order), (width, line)


def test_the_bar_adds_work_in_flight_to_what_came_back_and_never_moves_back() -> None:
    from agent_ir.cli._progress import Bar

    bar = Bar(1000, draw=False)
    bar.in_flight(300)  # read by a task whose result has not come
    assert bar.shown == 300
    bar.in_flight(0)  # its result is about to come: the bar waits for it
    assert bar.shown == 300
    bar.advance(300, 5)
    assert bar.shown == 300
    bar.in_flight(200)
    assert bar.shown == 500
    bar.advance(900, 5)  # more than the total (a file grown since): held at the total
    assert bar.shown == 1000
