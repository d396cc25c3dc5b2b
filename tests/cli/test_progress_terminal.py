"""The progress bar of ``agent-ir validate``, drawn on standard error when it is a
terminal: the command runs on a pseudo-terminal, and what it draws is read back through
a VT terminal emulator (``pyte``), as a user would see it."""

from __future__ import annotations

import os
import re
import select
import struct
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pyte
import pytest

from support.cli import DOCS_URL, SAMPLE, Dataset, Ran, command, report, run

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="needs a pseudo-terminal (pty, termios): POSIX only"
)

if sys.platform != "win32":
    import fcntl
    import termios

# Variables by which rich (or a CI) could change how, or whether, it draws.
_DRAWING = ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")


@dataclass(frozen=True)
class Drawn:
    """A run on a terminal: its status, the bytes the terminal got, the screen they make
    (rows, right-stripped) and standard output when it was not the terminal."""

    status: int
    raw: bytes
    rows: list[str]
    stdout: bytes

    def text(self) -> str:
        return "\n".join(row for row in self.rows if row)


def on_terminal(
    *arguments: str | Path,
    stdout_too: bool,
    tmp_path: Path,
    cwd: Path | None = None,
    columns: int = 100,
    rows: int = 30,
) -> Drawn:
    """Run ``agent-ir ARGUMENTS...`` with standard error (and standard output when
    ``stdout_too``) on a ``columns`` x ``rows`` pseudo-terminal; read all it draws."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    env = {key: value for key, value in os.environ.items() if key not in _DRAWING}
    env["TERM"] = "xterm-256color"
    env["AGENT_IR_DOCS_URL"] = DOCS_URL  # the code links as run() gives them
    captured = tmp_path / "stdout.bin"
    with captured.open("wb") as stdout:
        process = subprocess.Popen(
            [*command(), *map(str, arguments)],
            stdin=subprocess.DEVNULL,
            stdout=slave if stdout_too else stdout,
            stderr=slave,
            cwd=cwd,
            env=env,
        )
    os.close(slave)  # the child holds it now: reading ends when the child closes it
    try:
        raw = _read_until_closed(master, seconds=60)
    finally:
        os.close(master)
        if process.poll() is None:
            process.kill()
    status = process.wait(timeout=60)
    screen = pyte.Screen(columns, rows)
    pyte.ByteStream(screen).feed(raw)
    return Drawn(status, raw, [row.rstrip() for row in screen.display], captured.read_bytes())


def _read_until_closed(master: int, seconds: float) -> bytes:
    chunks: list[bytes] = []
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            pytest.fail(f"agent-ir still drawing after {seconds} s: {b''.join(chunks)[-500:]!r}")
        ready, _, _ = select.select([master], [], [], left)
        if not ready:
            continue
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:  # EIO on Linux: every writer closed the terminal
            break
        if not chunk:  # end of file elsewhere
            break
        chunks.append(chunk)
    return b"".join(chunks)


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
