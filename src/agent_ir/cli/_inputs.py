"""Where transcripts come from: the paths given to ``agent-ir validate``, read as
blocks of whole lines, never a whole file at once.

A path is a file, a directory (every ``.json``/``.jsonl`` file inside, gzipped or not,
recursively, in sorted order) or ``-`` for standard input (JSON Lines). Gzip is
recognised by its magic bytes, whatever the name; a UTF-8 byte order mark at the start
is skipped. A ``.json`` file (``.json.gz``) holds one transcript; anything else one
transcript per line.
"""

from __future__ import annotations

import gzip
import os
import sys
import zlib
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, cast

__all__ = ["BLOCK_BYTES", "Block", "Input", "InputError", "blocks", "expand"]

# Lines are handed out in blocks of about this many bytes: large enough that one block
# per worker task amortises the transfer, small enough that memory stays flat.
BLOCK_BYTES = 1 << 20
_GZIP_MAGIC = b"\x1f\x8b"
_BOM = b"\xef\xbb\xbf"
_SUFFIXES = (".json", ".jsonl", ".json.gz", ".jsonl.gz")
STDIN = "-"


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


def expand(paths: list[str]) -> list[Input]:
    """The inputs named by ``paths``, in order; ``InputError`` for a path that does not
    exist (checked before anything is read)."""
    inputs: list[Input] = []
    for text in paths:
        if text == STDIN:
            inputs.append(Input("<stdin>", None, whole=False))
            continue
        path = Path(text)
        if path.is_dir():
            inputs.extend(_file(found) for found in _directory(path))
        elif path.exists():
            inputs.append(_file(path))
        else:
            raise InputError(f"{_shown(path)}: no such file or directory")
    return inputs


def _directory(root: Path) -> list[Path]:
    found = [
        Path(folder, name)
        for folder, _, names in os.walk(root)
        for name in names
        if name.endswith(_SUFFIXES)
    ]
    return sorted(found, key=lambda path: path.parts)


def _file(path: Path) -> Input:
    whole = path.name.endswith((".json", ".json.gz"))
    return Input(_shown(path), path, whole)


def _shown(path: Path) -> str:
    return os.fsdecode(path)


def blocks(source: Input, block_bytes: int = BLOCK_BYTES) -> Iterator[Block]:
    """The blocks of ``source``, streamed; ``InputError`` when it cannot be read."""
    try:
        with _open(source) as (stream, raw):
            yield from _blocks(stream, raw, source.whole, block_bytes)
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


def _blocks(stream: BinaryIO, raw: BinaryIO, whole: bool, block_bytes: int) -> Iterator[Block]:
    if whole:
        data = _without_bom(stream.read())
        yield Block(1, data, True, _position(raw))
        return
    line = 1
    # The unfinished line's pieces, joined once when it ends: a line longer than many
    # blocks costs one copy, not one per block (`carry += chunk` copied it each time).
    carry: list[bytes] = []
    first = True
    while True:
        chunk = stream.read(block_bytes)
        if first:
            chunk = _without_bom(chunk)
            first = False
        if not chunk:
            break
        end = chunk.rfind(b"\n")
        if end < 0:
            carry.append(chunk)  # a line longer than a block: held until it ends
            continue
        carry.append(chunk[: end + 1])
        data = b"".join(carry)
        carry = [chunk[end + 1 :]]
        yield Block(line, data, False, _position(raw))
        line += data.count(b"\n")
    rest = b"".join(carry)
    if rest:
        yield Block(line, rest, False, _position(raw))


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
