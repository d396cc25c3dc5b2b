"""Inputs and outputs that used to hang, swallow memory or change a verdict (issue 20):
standard output on a full disk, a named pipe or a link to a device in a directory, a
gzip bomb, a line whose JSON-ness depended on the options, NaN and Infinity in an
object line. Each runs the real command in a subprocess; a hang fails on a timeout."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from agent_ir.cli._check import check_block
from agent_ir.cli._inputs import MAX_TRANSCRIPT_BYTES, Input, blocks, oversized

from support.cli import ROUNDTRIP, SAMPLE, Ran, command, diagnosed, report, run

VALID = [{"role": "user", "id": "u", "content": "hi"}]
NO_TRACEBACK = "Traceback"


def line(value: object) -> bytes:
    return json.dumps(value).encode() + b"\n"


# --- standard output on a full disk ----------------------------------------------------

full_disk = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")


@full_disk
@pytest.mark.parametrize(
    "arguments",
    [
        pytest.param(["validate", "--quiet", str(SAMPLE)], id="validate"),
        pytest.param(["validate", "--output", "json", str(SAMPLE)], id="validate-json"),
        pytest.param(["replay", str(ROUNDTRIP)], id="replay"),
        pytest.param(["schema", "message"], id="schema"),
        pytest.param(["schema", "--list"], id="schema-list"),
    ],
)
def test_a_full_disk_on_standard_output_is_status_2_with_one_line(arguments: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*command(), *arguments],
            stdin=subprocess.DEVNULL,
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=120,
            check=False,
        )
    stderr = done.stderr.decode("utf-8")
    assert done.returncode == 2, stderr
    assert stderr == "agent-ir: cannot write to standard output: no space left on device\n"


# --- what is not a regular file --------------------------------------------------------

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs os.mkfifo")


@needs_fifo
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_pipe_or_a_device_in_a_directory_is_skipped_and_reported(
    tmp_path: Path, jobs: str
) -> None:
    folder = tmp_path / "traces"
    folder.mkdir()
    (folder / "a.jsonl").write_bytes(line(VALID))
    os.mkfifo(folder / "b-pipe.jsonl")  # nobody writes: reading it would block for ever
    os.symlink("/dev/zero", folder / "c-zero.jsonl")  # reading it would never end
    os.symlink("/dev/zero", folder / "d-zero.json")
    (folder / "e.json").write_text(json.dumps(VALID), encoding="utf-8")
    ran = run("validate", "--jobs", jobs, folder, timeout=60)
    assert ran.status == 2, ran
    assert NO_TRACEBACK not in ran.err
    assert ran.err.splitlines() == [
        f"agent-ir: skipped {folder / 'b-pipe.jsonl'}: not a regular file (a named pipe)",
        f"agent-ir: skipped {folder / 'c-zero.jsonl'}: not a regular file (a character device)",
        f"agent-ir: skipped {folder / 'd-zero.json'}: not a regular file (a character device)",
    ]
    lines = report(ran)
    assert lines[0] == "2 transcripts in 5 files: 2 valid, 0 invalid; 2 messages"
    assert lines[1:] == [
        f"  unreadable: {folder / name}" for name in ("b-pipe.jsonl", "c-zero.jsonl", "d-zero.json")
    ]


@needs_fifo
def test_a_pipe_named_on_the_command_line_is_read(tmp_path: Path) -> None:
    pipe = tmp_path / "named.jsonl"
    os.mkfifo(pipe)

    def feed() -> None:
        with open(pipe, "wb") as writer:  # blocks until the command opens the pipe
            writer.write(line(VALID) + line([{"role": "user", "id": " ", "content": "x"}]))

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    ran = run("validate", pipe, timeout=60)
    writer.join(timeout=10)
    assert ran.status == 1, ran
    assert diagnosed(ran) == [(str(pipe), 2, None, "INVALID_MESSAGE")]
    assert report(ran)[1] == "2 transcripts in 1 file: 1 valid, 1 invalid; 2 messages"


# --- one transcript too large to hold (a gzip bomb) ------------------------------------

BOMB_BYTES = 4 * MAX_TRANSCRIPT_BYTES  # 256 MiB once decompressed


def bomb(head: bytes, tail: bytes, size: int) -> bytes:
    """Gzip of ``head``, then spaces, then ``tail``: ``size`` bytes in all once
    decompressed, a few hundred kB on disk (one member of 8 MiB repeated: a gzip file
    may be several members, read one after the other)."""
    piece = 8 << 20
    spaces = size - len(head) - len(tail)
    member = gzip.compress(b" " * piece, compresslevel=9)
    whole, rest = divmod(spaces, piece)
    return (
        gzip.compress(head)
        + member * whole
        + gzip.compress(b" " * rest, compresslevel=9)
        + gzip.compress(tail)
    )


def too_large(size: int) -> str:
    return (
        "INVALID_TRANSCRIPT: transcript is larger than 64 MiB, the most one transcript may "
        f"hold ({size:,} bytes); it was not checked"
    )


_PEAK = """\
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, capture_output=True)
sys.stdout.write(f"{done.returncode} {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}\\n")
sys.stdout.buffer.write(done.stdout)
"""


def peak(*arguments: str | Path) -> tuple[int, int, str]:
    """(status, peak resident memory in bytes, standard output) of ``agent-ir
    ARGUMENTS``, measured in a process of its own (RUSAGE_CHILDREN holds the largest
    child ever waited for: pytest's own would count the other tests' children too)."""
    done = subprocess.run(
        [sys.executable, "-c", _PEAK, *command(), *map(str, arguments)],
        capture_output=True,
        timeout=300,
        check=True,
    )
    first, _, out = done.stdout.decode("utf-8").partition("\n")
    status, kilobytes = first.split()
    return int(status), int(kilobytes) * 1024, out


@pytest.mark.skipif(sys.platform != "linux", reason="ru_maxrss is in kB on Linux")
@pytest.mark.parametrize("kind", ["json", "jsonl"])
def test_a_gzip_bomb_is_refused_with_flat_memory(tmp_path: Path, kind: str) -> None:
    small = tmp_path / f"small.{kind}"
    small.write_bytes(line(VALID))
    source = tmp_path / f"bomb.{kind}.gz"
    if kind == "json":  # one transcript: the whole file
        source.write_bytes(bomb(b"[", b"]", BOMB_BYTES))
        where, size, transcripts = 1, BOMB_BYTES, "1 transcript in 1 file: 0 valid, 1 invalid"
    else:  # a valid line, the bomb's line, a valid line
        source.write_bytes(bomb(line(VALID) + b"[", b"]\n" + line(VALID), BOMB_BYTES))
        where, size = 2, BOMB_BYTES - 2 * len(line(VALID)) - 1
        transcripts = "3 transcripts in 1 file: 2 valid, 1 invalid"
    assert source.stat().st_size < 1 << 20

    status, used, out = peak("validate", "--jobs", "1", "--quiet", source)
    assert status == 1, out
    printed = out.splitlines()
    assert printed[0] == f"{source}:{where}: {too_large(size)}"
    assert printed[1].startswith(transcripts), out

    # Against the same command on a tiny file: the limit (64 MiB) is held at most
    # once, never the 256 MiB the bomb expands to.
    _, baseline, _ = peak("validate", "--jobs", "1", "--quiet", small)
    assert used - baseline < MAX_TRANSCRIPT_BYTES + (64 << 20), (used, baseline)


def test_a_plain_line_too_large_is_the_same_diagnostic_in_byte_ranges(tmp_path: Path) -> None:
    # Read in byte ranges by two workers (a plain .jsonl larger than a range), a line
    # over the limit gets the diagnostic the streamed reader gives.
    source = tmp_path / "long.jsonl"
    long_line = b"[" + b" " * MAX_TRANSCRIPT_BYTES + b"]\n"
    source.write_bytes(line(VALID) + long_line + line(VALID))
    for jobs in ("1", "2"):
        ran = run("validate", "--jobs", jobs, "--quiet", source)
        assert ran.status == 1, ran
        assert report(ran)[0] == f"{source}:2: {too_large(len(long_line) - 1)}"
        assert report(ran)[1].startswith("3 transcripts in 1 file: 2 valid, 1 invalid")


@pytest.mark.parametrize("block_bytes", [1, 3, 7, 1 << 20])
def test_a_line_over_the_limit_becomes_its_marker_and_the_numbering_is_kept(
    tmp_path: Path, block_bytes: int
) -> None:
    limit = 10
    path = tmp_path / "lines.jsonl"
    lines = [b"[]", b"x" * limit, b"y" * (limit + 1), b"", b"z" * 25, b"[ ]"]
    path.write_bytes(b"\n".join(lines) + b"\n" + b"w" * (limit + 5))
    read = list(blocks(Input(str(path), path, whole=False), block_bytes, limit))
    data = b"".join(block.data for block in read)
    assert data.split(b"\n") == [
        b"[]",
        b"x" * limit,
        data.split(b"\n")[2],
        b"",
        data.split(b"\n")[4],
        b"[ ]",
        data.split(b"\n")[6],
    ]
    sizes = [oversized(piece) for piece in data.split(b"\n")]
    assert sizes == [None, None, limit + 1, None, 25, None, limit + 5]
    before = 0
    for block in read:  # each block starts at its own line
        assert block.first_line == 1 + before
        before += block.data.count(b"\n")


@pytest.mark.parametrize("size", [9, 10, 11])
def test_a_json_file_over_the_limit_becomes_its_marker(tmp_path: Path, size: int) -> None:
    path = tmp_path / "one.json"
    path.write_bytes(b"\xef\xbb\xbf" + b"[" + b" " * (size - 2) + b"]")  # a BOM is not counted
    [block] = blocks(Input(str(path), path, whole=True), 4, limit=10)
    assert block.whole
    if size <= 10:
        assert block.data == b"[" + b" " * (size - 2) + b"]"
    else:
        assert oversized(block.data) == size
        result = check_block(block.data, 1, True)
        [found] = result.invalid[0].diagnostics
        assert found[0] == "INVALID_TRANSCRIPT"
        assert "larger than 64 MiB" in found[2]


# --- one rule for JSON, whatever the options -------------------------------------------

HAZARDS = [
    pytest.param(b"\xef\xbb\xbf[]", id="bom-array"),
    pytest.param(b'\xef\xbb\xbf{"id": "b", "messages": []}', id="bom-object"),
    pytest.param("[]".encode("utf-16"), id="utf-16"),
    pytest.param("[]".encode("utf-16-le"), id="utf-16-le"),
    pytest.param('{"id": "s", "messages": []}'.encode("utf-32"), id="utf-32"),
    pytest.param(b'{"id": "\xed\xa0\x80", "messages": []}', id="utf-8-surrogate"),
    pytest.param(b'{"id": NaN, "messages": []}', id="nan-id"),
    pytest.param(b'{"id": "x", "extra": Infinity, "messages": []}', id="infinity-ignored-key"),
    pytest.param(b'{"id": "x", "extra": [-Infinity], "messages": []}', id="minus-infinity"),
    pytest.param(b'[{"role": "user", "id": "u", "content": "hi", "x": NaN}]', id="nan-message"),
]
MODES = [
    pytest.param([], id="plain"),
    pytest.param(["--provider-rules", "openai-chat"], id="provider-rules"),
    pytest.param(["--format", "openai-chat"], id="format"),
    pytest.param(["--format", "anthropic", "--provider-rules", "anthropic"], id="both"),
]


def not_json(ran: Ran, source: Path) -> list[int]:
    """The lines of ``source`` reported as not JSON."""
    return [
        int(text[len(f"{source}:") :].split(":")[0])
        for text in ran.lines()
        if text.startswith(f"{source}:")
        and "INVALID_TRANSCRIPT: transcript is not valid JSON" in text
    ]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("hazard", HAZARDS)
def test_a_line_is_json_or_not_whatever_the_options(
    tmp_path: Path, hazard: bytes, mode: list[str]
) -> None:
    source = tmp_path / "mixed.jsonl"
    # A control line before and after: JSON in every mode.
    source.write_bytes(b"[]\n" + hazard + b"\n" + b'{"id": "c", "messages": []}\n')
    ran = run("validate", "--quiet", *mode, source)
    assert ran.status == 1, ran
    assert NO_TRACEBACK not in ran.err
    assert not_json(ran, source) == [2], ran
    assert [found[1] for found in diagnosed(ran)] == [2], ran


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(b'{"id": NaN, "messages": %s}', id="nan-id"),
        pytest.param(b'{"id": "x", "extra": Infinity, "messages": %s}', id="infinity"),
    ],
)
def test_nan_or_infinity_anywhere_in_an_object_is_invalid_json(tmp_path: Path, text: bytes) -> None:
    messages = json.dumps(VALID).encode()
    jsonl = tmp_path / "objects.jsonl"
    jsonl.write_bytes(
        text % messages + b"\n" + b'{"id": "y", "extra": 1.5, "messages": %s}\n' % messages
    )
    whole = tmp_path / "object.json"
    whole.write_bytes(text % messages)
    ran = run("validate", "--quiet", jsonl, whole)
    assert ran.status == 1, ran
    assert diagnosed(ran) == [
        (str(jsonl), 1, None, "INVALID_TRANSCRIPT"),
        (str(whole), 1, None, "INVALID_TRANSCRIPT"),
    ]
    assert report(ran)[2].startswith("3 transcripts in 2 files: 1 valid, 2 invalid")


def test_the_help_states_the_limit_and_what_a_directory_skips() -> None:
    ran = run("validate", "--help")
    assert ran.status == 0, ran
    text = " ".join(ran.out.split())
    assert f"may hold at most {MAX_TRANSCRIPT_BYTES >> 20} MiB" in text
    assert "a named pipe or a device found there is skipped" in text
