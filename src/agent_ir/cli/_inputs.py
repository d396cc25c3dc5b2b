"""Where transcripts come from: the paths given to ``agent-ir validate``, read as
blocks of whole lines, never a whole file at once.

A path is a file, a directory (every ``.json``/``.jsonl`` file inside, gzipped or not,
recursively, in sorted order) or ``-`` for standard input (JSON Lines). Gzip is
recognised by its magic bytes, whatever the name; a UTF-8 byte order mark at the start
is skipped. A ``.json`` file (``.json.gz``) holds one transcript; anything else one
transcript per line.

In a directory only regular files (or links to them) are read: a named pipe, a device
or a socket found there (a link to ``/dev/zero`` named ``x.jsonl``) would block or never
end, so it is skipped and reported (``Skipped``). A path named on the command line is
read whatever it is: ``/dev/stdin`` or a shell's ``<(zcat day.jsonl.gz)`` are pipes.

One transcript's JSON text (a line, or a ``.json`` file) is held whole to be checked,
so its size is bounded: one larger than ``MAX_TRANSCRIPT_BYTES`` once decompressed (a
gzip bomb) is counted as it is read, never held, and handed on as a short marker line
(``oversized``) that the check reports as an INVALID_TRANSCRIPT diagnostic.
"""

from __future__ import annotations

import gzip
import os
import stat
import sys
import zlib
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, NamedTuple, cast

from agent_ir.cli._defaults import MAX_TRANSCRIPT_BYTES

__all__ = [
    "BLOCK_BYTES",
    "MAX_TRANSCRIPT_BYTES",
    "Block",
    "Input",
    "InputError",
    "Lines",
    "Skipped",
    "blocks",
    "expand",
    "first_line_start",
    "is_gzipped",
    "line_blocks",
    "oversized",
    "plain_file",
]

# Lines are handed out in blocks of about this many bytes: large enough that one block
# per worker task amortises the transfer, small enough that memory stays flat.
BLOCK_BYTES = 1 << 20
_GZIP_MAGIC = b"\x1f\x8b"
_BOM = b"\xef\xbb\xbf"
_SUFFIXES = (".json", ".jsonl", ".json.gz", ".jsonl.gz")
STDIN = "-"

# The line that stands for a transcript too large to hold, followed by its size in
# bytes: it starts with a NUL byte, which no JSON text does.
_OVERSIZED = b"\x00agent-ir: transcript larger than the limit, bytes: "


class InputError(Exception):
    """A path that cannot be read (missing, unreadable, a broken gzip stream)."""


@dataclass(frozen=True)
class Input:
    """One file to read (``path`` None: standard input); ``name`` is how it is shown."""

    name: str
    path: Path | None
    whole: bool  # one transcript in the whole file (.json), not one per line

    @property
    def size(self) -> int | None:
        """The size on disk (compressed for gzip), None for standard input."""
        if self.path is None:
            return None
        try:
            return self.path.stat().st_size
        except OSError:
            return None


@dataclass(frozen=True)
class Block:
    """Whole lines of one input, starting at line ``first_line`` (1-based); ``whole``:
    the block is the input's one transcript. ``position`` is how far the input was read
    after this block (bytes on disk), for progress."""

    first_line: int
    data: bytes
    whole: bool
    position: int


@dataclass(frozen=True)
class Skipped:
    """A file found in a directory and not read: ``reason`` says why."""

    name: str
    reason: str


def expand(paths: list[str]) -> tuple[list[Input], list[Skipped]]:
    """The inputs named by ``paths``, in order, and the files found in their directories
    that are not regular files (not read); ``InputError`` for a path that does not exist
    (checked before anything is read)."""
    inputs: list[Input] = []
    skipped: list[Skipped] = []
    for text in paths:
        if text == STDIN:
            inputs.append(Input("<stdin>", None, whole=False))
            continue
        path = Path(text)
        if path.is_dir():
            for found in _directory(path):
                kind = _not_regular(found)
                if kind is None:
                    inputs.append(_file(found))
                else:
                    skipped.append(Skipped(_shown(found), f"not a regular file ({kind})"))
        elif path.exists():
            inputs.append(_file(path))
        else:
            raise InputError(f"{_shown(path)}: no such file or directory")
    return inputs, skipped


def _directory(root: Path) -> list[Path]:
    found = [
        Path(folder, name)
        for folder, _, names in os.walk(root)
        for name in names
        if name.endswith(_SUFFIXES)
    ]
    return sorted(found, key=lambda path: path.parts)


_KINDS = (
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _not_regular(path: Path) -> str | None:
    """What ``path`` is when it is not a regular file (a link is followed), else None.
    A path that cannot be examined (a broken link) is read, and its error reported."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    return next((kind for test, kind in _KINDS if test(mode)), "not a file")


def _file(path: Path) -> Input:
    whole = path.name.endswith((".json", ".json.gz"))
    return Input(_shown(path), path, whole)


def _shown(path: Path) -> str:
    return os.fsdecode(path)


def blocks(
    source: Input, block_bytes: int = BLOCK_BYTES, limit: int = MAX_TRANSCRIPT_BYTES
) -> Iterator[Block]:
    """The blocks of ``source``, streamed; ``InputError`` when it cannot be read. A
    transcript (a line, or the whole of a ``.json`` file) larger than ``limit`` bytes is
    replaced by its ``oversized`` marker line."""
    # A line that ends inside the block it starts in is no longer than a block: only
    # one carried across blocks can reach the limit.
    block_bytes = max(1, min(block_bytes, limit))
    try:
        with _open(source) as (stream, raw):
            if source.whole:
                yield _whole(stream, raw, block_bytes, limit)
            else:
                yield from _lines(stream, raw, block_bytes, limit)
    except (OSError, EOFError, zlib.error) as error:
        raise InputError(f"{source.name}: {_reason(error)}") from None


@contextmanager
def _open(source: Input) -> Iterator[tuple[BinaryIO, BinaryIO]]:
    """The decoded byte stream of ``source`` and the raw one under it (for position)."""
    with ExitStack() as stack:
        if source.path is None:
            if sys.stdin is None:  # started with standard input closed
                raise OSError(0, "standard input is closed")
            raw: BinaryIO = sys.stdin.buffer
        else:
            raw = stack.enter_context(open(source.path, "rb"))
        peek = getattr(raw, "peek", None)
        if peek is not None and peek(2)[:2] == _GZIP_MAGIC:
            unzipped = stack.enter_context(gzip.GzipFile(fileobj=raw, mode="rb"))
            yield cast(BinaryIO, unzipped), raw
        else:
            yield raw, raw


def plain_file(source: Input) -> bool:
    """Whether ``source`` is a regular file of lines, not gzipped: one ``line_blocks``
    reads from any offset. A pipe is never opened here (a peek would eat its bytes)."""
    if source.path is None or source.whole:
        return False
    try:
        if not stat.S_ISREG(os.stat(source.path).st_mode):
            return False
    except OSError:
        return False  # reported by the reading
    return not is_gzipped(source.path)


def is_gzipped(path: Path) -> bool:
    """Whether the file at ``path`` starts with gzip's magic bytes (False when it cannot
    be read: the reading reports why)."""
    try:
        with open(path, "rb") as file:
            return file.read(2) == _GZIP_MAGIC
    except OSError:
        return False


def oversized(line: bytes) -> int | None:
    """The size of the transcript that ``line`` stands for when it is the marker of one
    too large to hold (see ``MAX_TRANSCRIPT_BYTES``), else None."""
    if not line.startswith(_OVERSIZED):
        return None
    digits = line[len(_OVERSIZED) :]
    return int(digits) if digits.isdigit() and len(digits) < 30 else None


def _marker(size: int) -> bytes:
    return _OVERSIZED + str(size).encode()


def _whole(stream: BinaryIO, raw: BinaryIO, block_bytes: int, limit: int) -> Block:
    """The one transcript of a ``.json`` file, read in blocks: past ``limit`` bytes
    nothing more is held, only counted."""
    pieces: list[bytes] = []
    size = 0
    for chunk in _chunks(stream, block_bytes):
        size += len(chunk)
        if size <= limit:
            pieces.append(chunk)
        else:
            pieces.clear()
    data = _marker(size) if size > limit else b"".join(pieces)
    return Block(1, data, True, _position(raw))


def _lines(stream: BinaryIO, raw: BinaryIO, block_bytes: int, limit: int) -> Iterator[Block]:
    line = 1
    # The unfinished line's pieces, joined once when it ends: a line longer than many
    # blocks costs one copy, not one per block (`carry += chunk` copied it each time).
    # Past ``limit`` bytes (``held``) its pieces are dropped and only counted: the line
    # becomes its marker when it ends.
    carry: list[bytes] = []
    held = 0
    for chunk in _chunks(stream, block_bytes):
        end = chunk.rfind(b"\n")
        if end < 0:
            held += len(chunk)  # a line longer than a block: held until it ends
            if held <= limit:
                carry.append(chunk)
            else:
                carry.clear()
            continue
        ends = chunk.find(b"\n")  # where the unfinished line ends
        if held + ends > limit:
            carry = [_marker(held + ends), b"\n"]
        else:
            carry.append(chunk[: ends + 1])
        carry.append(chunk[ends + 1 : end + 1])
        data = b"".join(carry)
        rest = chunk[end + 1 :]
        carry, held = [rest], len(rest)
        yield Block(line, data, False, _position(raw))
        line += data.count(b"\n")
    if held > limit:
        yield Block(line, _marker(held), False, _position(raw))
        return
    rest = b"".join(carry)
    if rest:
        yield Block(line, rest, False, _position(raw))


class Lines(NamedTuple):
    """Lines of a plain file (without their ``\\n``), the first numbered ``first_line``
    (1-based, from the start of the range read); ``position``: the offset in the file
    after them; ``ended``: the last of them ended with a ``\\n`` (not the last line of
    a file that does not end with one)."""

    first_line: int
    lines: list[bytes]
    position: int
    ended: bool = True


def line_blocks(
    file: BinaryIO,
    start: int = 0,
    end: int | None = None,
    block_bytes: int = BLOCK_BYTES,
    limit: int = MAX_TRANSCRIPT_BYTES,
) -> Iterator[Lines]:
    """The lines of a plain (not gzipped) file that start in [``start``, ``end``) (to the
    end of the file when ``end`` is None), in groups of about ``block_bytes``; ``file``
    is a buffered reader. A line larger than ``limit`` bytes is counted, never held,
    and replaced by its ``oversized`` marker; a byte order mark at offset 0 is skipped.

    Each line is read by the reader's C ``readline``, one copy and no Python per byte:
    reading blocks, joining the line cut between two and splitting them made four
    passes over every byte, a fifth of the time of a ``json.loads`` loop."""
    position = first_line_start(file, start)
    file.seek(position)
    stop = sys.maxsize if end is None else end
    if position == 0:
        if file.read(len(_BOM)) == _BOM:
            position = len(_BOM)
            if stop > 0:  # the first line starts at 0, with its mark
                stop = max(stop, position + 1)
        else:
            file.seek(0)
    ended = True
    readline = file.readline
    first = 1
    group: list[bytes] = []
    append = group.append
    group_end = position + block_bytes
    while position < stop:
        line = readline(limit + 1)
        if not line:
            break
        position += len(line)
        if line[-1:] == b"\n":
            line = line[:-1]
        elif len(line) > limit:  # too long to hold: the rest is only counted
            rest, newline = _skip_rest(readline)
            position += rest
            line = _marker(len(line) + rest - newline)
            ended = newline == 1
        else:
            ended = False  # the last line, without its \n
        append(line)
        if position >= group_end:
            yield Lines(first, group, position, ended)
            first += len(group)
            group = []
            append = group.append
            group_end = position + block_bytes
    if group:
        yield Lines(first, group, position, ended)


def first_line_start(file: BinaryIO, start: int) -> int:
    """Where the first line starting at or after ``start`` starts (the line it cuts is
    read in blocks, never held whole)."""
    if start == 0:
        return 0
    file.seek(start - 1)
    return start - 1 + _skip_rest(file.readline)[0]


def _skip_rest(readline: Callable[[int], bytes]) -> tuple[int, int]:
    """Reads the rest of a line, in blocks: its bytes (its ``\\n`` included) and 1 when
    it ends with a ``\\n`` (0 at the end of the file)."""
    skipped = 0
    while True:
        piece = readline(BLOCK_BYTES)
        skipped += len(piece)
        if not piece:
            return skipped, 0
        if piece[-1:] == b"\n":
            return skipped, 1


def _chunks(stream: BinaryIO, block_bytes: int) -> Iterator[bytes]:
    """The blocks of ``stream`` to its end, the first without a leading byte order mark."""
    chunk = _without_bom(stream.read(block_bytes))
    while chunk:
        yield chunk
        chunk = stream.read(block_bytes)


def _without_bom(data: bytes) -> bytes:
    return data[len(_BOM) :] if data.startswith(_BOM) else data


def _position(raw: BinaryIO) -> int:
    try:
        return raw.tell()
    except (OSError, ValueError):  # a pipe
        return 0


def _reason(error: BaseException) -> str:
    if isinstance(error, gzip.BadGzipFile | EOFError | zlib.error):
        return f"not a readable gzip file ({error or type(error).__name__})"
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower() if error.strerror[:1].isupper() else error.strerror
    return str(error) or type(error).__name__
