"""An image's width and height in pixels, read from the header of its bytes: PNG (its
IHDR chunk), GIF (the logical screen), WebP (``VP8 ``, ``VP8L`` and ``VP8X``) and JPEG
(the first start-of-frame segment, found by walking the segments before it). Anything
else, or a header cut short or malformed, gives None: the size is then not known, and
no rule is applied to it. The same reading, step for step, is
``bindings/typescript/src/imageSize.ts``'s.

Only the bytes themselves decide the format (the media type a block declares is not
read): a provider decodes the bytes it is sent.
"""

from __future__ import annotations

import base64
import binascii

__all__ = ["image_size"]

_PNG = b"\x89PNG\r\n\x1a\n"
# JPEG start-of-frame markers: C0-CF but C4 (DHT), C8 (JPG) and CC (DAC)
_START_OF_FRAME = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
# markers that stand alone (no length): TEM, RST0-RST7, SOI
_STANDALONE = frozenset({0x01, *range(0xD0, 0xD9)})


def image_size(data: str) -> tuple[int, int] | None:
    """(width, height) of the image whose standard base64 is ``data``; None when it is
    not a PNG, GIF, WebP or JPEG whose header says its size."""
    try:
        raw = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        return None
    if raw.startswith(_PNG):
        return _png(raw)
    if raw[:6] in (b"GIF87a", b"GIF89a"):
        return _gif(raw)
    if raw[:4] == b"RIFF" and raw[8:12] == b"WEBP":
        return _webp(raw)
    if raw[:2] == b"\xff\xd8":
        return _jpeg(raw)
    return None


def _png(raw: bytes) -> tuple[int, int] | None:
    if len(raw) < 24 or raw[12:16] != b"IHDR":
        return None
    return int.from_bytes(raw[16:20], "big"), int.from_bytes(raw[20:24], "big")


def _gif(raw: bytes) -> tuple[int, int] | None:
    if len(raw) < 10:
        return None
    return int.from_bytes(raw[6:8], "little"), int.from_bytes(raw[8:10], "little")


def _webp(raw: bytes) -> tuple[int, int] | None:
    chunk = raw[12:16]
    if chunk == b"VP8X" and len(raw) >= 30:
        width = 1 + int.from_bytes(raw[24:27], "little")
        return width, 1 + int.from_bytes(raw[27:30], "little")
    if chunk == b"VP8L" and len(raw) >= 25 and raw[20] == 0x2F:
        bits = int.from_bytes(raw[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8 " and len(raw) >= 30 and raw[23:26] == b"\x9d\x01\x2a":
        width = int.from_bytes(raw[26:28], "little") & 0x3FFF
        return width, int.from_bytes(raw[28:30], "little") & 0x3FFF
    return None


def _jpeg(raw: bytes) -> tuple[int, int] | None:
    """The first start-of-frame segment's size: the segments before it are walked by
    their lengths (fill bytes 0xFF before a marker skipped); a segment that is not a
    marker, a scan or the end before it, or bytes cut short: None. Each step moves
    forward, so the walk is linear in the bytes."""
    at = 2
    size = len(raw)
    while at + 1 < size:
        if raw[at] != 0xFF:
            return None
        marker = raw[at + 1]
        if marker == 0xFF:  # a fill byte
            at += 1
            continue
        if marker in _STANDALONE:
            at += 2
            continue
        if at + 4 > size:
            return None
        length = int.from_bytes(raw[at + 2 : at + 4], "big")
        if marker in _START_OF_FRAME:
            if length < 7 or at + 9 > size:
                return None
            height = int.from_bytes(raw[at + 5 : at + 7], "big")
            return int.from_bytes(raw[at + 7 : at + 9], "big"), height
        if marker in (0xDA, 0xD9) or length < 2:  # a scan or the end before any frame
            return None
        at += 2 + length
    return None
