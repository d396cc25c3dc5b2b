"""Plain ``.jsonl`` files are read line by line (``line_blocks``), from any offset: a
line belongs to the range holding its first byte, so ranges cut anywhere read every
line exactly once, in order, with its number; a line over the limit is its marker, as
the block reader makes it. With ``--jobs N`` the ranges are checked on N workers and
none in this process (a line that kills its process must not take the command with
it: issue 36), and the results keep the input order.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import sys
import threading
from itertools import pairwise
from pathlib import Path

import pytest

from agent_ir.cli import _engines, _work
from agent_ir.cli._check import IR_CHECKS, BlockResult, Checks, check_block
from agent_ir.cli._engines import checked_locally
from agent_ir.cli._inputs import Input, line_blocks, oversized
from agent_ir.cli._work import KeptTexts, Task, checked_lines, read_range

BOM = b"\xef\xbb\xbf"


def _random_file(rng: random.Random) -> bytes:
    """Lines of every length and end (blank, CRLF, over a small limit), maybe a byte
    order mark first and maybe no newline last."""
    pieces = [BOM] if rng.random() < 0.5 else []
    for number in range(rng.randint(1, 60)):
        body = rng.choice([b"", b"  ", b"[]", b"x" * rng.randint(1, 40), b"%d" % number])
        pieces.append(body + rng.choice([b"\n", b"\n", b"\r\n"]))
    if rng.random() < 0.5:
        pieces.append(b"tail without newline")
    return b"".join(pieces)


def _expected(data: bytes, limit: int) -> list[bytes]:
    """The lines as read: split on newlines, each over ``limit`` bytes its marker."""
    lines = data.removeprefix(BOM).split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    return [line if len(line) <= limit else b"%d" % len(line) for line in lines]


def _shown(line: bytes) -> bytes:
    size = oversized(line)
    return line if size is None else b"%d" % size


@pytest.mark.parametrize("seed", range(8))
def test_ranges_cut_anywhere_read_every_line_once_in_order(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    data = _random_file(rng)
    path = tmp_path / "lines.jsonl"
    path.write_bytes(data)
    limit = 30
    for _ in range(10):
        inner = sorted(rng.sample(range(len(data) + 1), rng.randint(0, min(12, len(data)))))
        cuts = [0, *inner, len(data)]
        block_bytes = rng.choice([1, 5, 64, 1 << 20])
        read: list[bytes] = []
        for start, end in pairwise(cuts):
            with open(path, "rb") as file:
                groups = list(line_blocks(file, start, end, block_bytes, limit))
            number = 1
            for group in groups:  # numbered from 1 in each range, without gaps
                assert group.first_line == number, (cuts, block_bytes)
                number += len(group.lines)
            read += [_shown(line) for group in groups for line in group.lines]
        assert read == _expected(data, limit), (cuts, block_bytes)


def test_the_last_position_is_the_end_of_the_range_or_of_the_line_it_cuts(
    tmp_path: Path,
) -> None:
    path = tmp_path / "lines.jsonl"
    path.write_bytes(b"aaaa\nbbbb\ncccc")
    with open(path, "rb") as file:
        [group] = line_blocks(file, 0, 6)  # "bbbb" starts at 5, inside the range
    assert (group.lines, group.position, group.ended) == ([b"aaaa", b"bbbb"], 10, True)
    with open(path, "rb") as file:
        [group] = line_blocks(file, 6, None)
    assert (group.lines, group.position, group.ended) == ([b"cccc"], 14, False)


def test_a_range_and_the_whole_file_check_the_same_as_one_block(tmp_path: Path) -> None:
    lines = [b'{"id": "a", "messages": 5}', b"", b"[]", b"not json", b'[{"role": 1}]']
    data = b"\n".join(lines) + b"\n"
    path = tmp_path / "lines.jsonl"
    path.write_bytes(data)
    source = Input(path.name, path, whole=False)
    done = read_range(Task(0, source, 0, len(data)))
    assert done.error is None
    assert done.lines == len(lines)
    assert done.result == check_block(data, 1, False)
    [(newlines, position, result)] = checked_lines(path, 0, None, KeptTexts(IR_CHECKS))
    assert (newlines, position, result) == (len(lines), len(data), done.result)


# --- the ranges are checked on the workers, none in this process ---------------------------


def _broken_lines(count: int) -> bytes:
    return b"".join(b'{"id": "b%d", "messages": 5}\n' % number for number in range(count))


def test_jobs_check_every_range_on_a_worker_and_none_in_this_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "broken.jsonl"
    data = _broken_lines(3000)
    path.write_bytes(data)
    monkeypatch.setattr(_engines, "BLOCK_BYTES", 2048)
    monkeypatch.setattr(_engines, "_LARGEST_RANGE", 2048)
    here = os.getpid()
    checked_here: list[int] = []
    check_lines = _work.check_lines

    def spied(lines: list[bytes], first_line: int, checks: Checks = IR_CHECKS) -> BlockResult:
        if os.getpid() == here:  # the forked workers run this too, on their own copy
            checked_here.append(first_line)
        return check_lines(lines, first_line, checks)

    monkeypatch.setattr(_work, "check_lines", spied)
    source = Input(path.name, path, whole=False)
    results = list(checked_locally([source], 2, _no_error))
    assert len(results) > 20  # one result per range
    assert checked_here == []
    expected = check_block(data, 1, False)
    assert [found for checked in results for found in checked.result.invalid] == expected.invalid


def _no_error(source: Input, reason: str) -> None:
    raise AssertionError(reason)


@pytest.mark.parametrize("jobs", [2, 3])
def test_jobs_report_as_jobs_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int) -> None:
    path = tmp_path / "broken.jsonl"
    path.write_bytes(_broken_lines(3000))
    monkeypatch.setattr(_engines, "BLOCK_BYTES", 2048)
    monkeypatch.setattr(_engines, "_LARGEST_RANGE", 2048)
    source = Input(path.name, path, whole=False)
    shared = [(c.position, c.result) for c in checked_locally([source], jobs, _no_error)]
    alone = [(c.position, c.result) for c in checked_locally([source], 1, _no_error)]
    assert len(shared) > 20  # one result per range
    invalid = [found for _, result in shared for found in result.invalid]
    assert invalid == [found for _, result in alone for found in result.invalid]
    assert [found.line for found in invalid] == list(range(1, 3001))
    assert shared[-1][0] == alone[-1][0] == path.stat().st_size


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork is Linux's")
def test_the_workers_are_forked_before_a_progress_bar_starts_its_thread(tmp_path: Path) -> None:
    path = tmp_path / "broken.jsonl"
    path.write_bytes(_broken_lines(100_000))  # ~3 MB: ranges
    source = Input(path.name, path, whole=False)
    before = set(multiprocessing.active_children())
    alone = threading.active_count() == 1  # as in the command: no other thread yet
    work = checked_locally([source], 2, _no_error)
    started = [child for child in multiprocessing.active_children() if child not in before]
    # Started when the engine is made, not when it is first read: forked when no other
    # thread runs yet (both at once). Spawned workers (a test process under pytest-xdist
    # runs other threads) import agent_ir again, a fraction of a second each, and start
    # one at a time as tasks need them.
    kinds = [type(child).__name__ for child in started]
    if alone:
        assert kinds == ["ForkProcess"] * 2
    else:
        assert kinds
        assert set(kinds) == {"SpawnProcess"}
    drawing = threading.Event()
    bar = threading.Thread(target=drawing.wait)  # what rich's refresh thread would be
    bar.start()
    try:
        checked = list(work)
    finally:
        drawing.set()
        bar.join()
    invalid = [found for result in checked for found in result.result.invalid]
    assert [found.line for found in invalid] == list(range(1, 100_001))
