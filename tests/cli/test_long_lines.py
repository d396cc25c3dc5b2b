"""A JSON Lines file with a line far longer than a block is read in time linear in the
line (issue 20: each block copied the line read so far, so a 300 MB line took 22 s and
650 MB). A deadline is a guard against the quadratic copy, not a benchmark."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_ir.cli._inputs import Input, blocks

from support.deadline import deadline, supported

pytestmark = pytest.mark.skipif(not supported(), reason="deadlines need SIGALRM")
GUARD = 8.0


def test_a_line_of_many_blocks_is_read_with_one_copy_and_kept_whole(tmp_path: Path) -> None:
    # A million one-byte blocks: joined once this takes about a second here; copied per
    # block it would move 5e11 bytes (15 s and more).
    long_line = b'{"id": "' + b"x" * 1_000_000 + b'", "messages": []}\n'
    path = tmp_path / "long.jsonl"
    path.write_bytes(b"[]\n" + long_line + b"[]")
    source = Input(str(path), path, whole=False)
    with deadline(GUARD, "reading one long line in one-byte blocks"):
        found = list(blocks(source, block_bytes=1))
    assert [(block.first_line, block.data) for block in found] == [
        (1, b"[]\n"),
        (2, long_line),
        (3, b"[]"),
    ]
