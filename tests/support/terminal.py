"""Running ``agent-ir`` on a pseudo-terminal, for the tests of what it draws there (the
progress bar): ``on_terminal(...)`` runs it with standard error on a terminal of a given
size and reads back what a user would see through a VT terminal emulator (``pyte``).
POSIX only (pty, termios)."""

from __future__ import annotations

import os
import select
import struct
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pyte
import pytest

from support.cli import DOCS_URL, command

__all__ = ["Drawn", "on_terminal"]

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
