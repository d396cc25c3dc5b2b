"""The AWS Bedrock Converse wire format: the declarations generated from
``schemas/v1/wire/bedrock-converse.schema.json`` (``agent_ir._generated.wire.
bedrock_converse``, whose docstring describes the format), and the helpers its readers
share: the one-key block unions, the media formats, and blobs as boto3 gives them.

Blobs: boto3 takes and returns ``bytes`` where the service model says ``blob`` (image,
document, video and audio bytes, redacted reasoning), and the HTTP API's JSON body
holds their base64 text. The readers take both: ``blobs_as_base64`` turns ``bytes`` (or
``bytearray``) held under the keys ``bytes`` and ``redactedContent`` into their base64
text before the one decode step, so the declarations (and the IR) hold base64 text.
"""

from __future__ import annotations

import base64
from typing import Any, Final

from agent_ir._generated.wire import bedrock_converse as _declarations
from agent_ir._generated.wire.bedrock_converse import *

# The declarations, as generated, and the helpers below.
__all__ = [
    *_declarations.__all__,
    "AUDIO_FORMATS",
    "DOCUMENT_FORMATS",
    "IMAGE_FORMATS",
    "PROVIDER",
    "blobs_as_base64",
    "kinds",
]

PROVIDER: Final = "bedrock-converse"
"""The ``provider`` of the IR citations and server-tool blocks this format reads."""

IMAGE_FORMATS: Final = {"png": "image/png", "jpeg": "image/jpeg", "gif": "image/gif"} | {
    "webp": "image/webp"
}
"""An image's ``format`` -> its IR media type (and back)."""

DOCUMENT_FORMATS: Final = {
    "pdf": "application/pdf",
    "csv": "text/csv",
    "doc": "application/msword",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "xls": "application/vnd.ms-excel",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "html": "text/html",
    "txt": "text/plain",
    "md": "text/markdown",
}
"""A document's ``format`` -> its IR media type (and back)."""

AUDIO_FORMATS: Final = {
    "mp3": "audio/mpeg",
    "wav": "audio/wav",
    "ogg": "audio/ogg",
    "flac": "audio/flac",
    "aac": "audio/aac",
    "opus": "audio/opus",
    "webm": "audio/webm",
    "mp4": "audio/mp4",
    "m4a": "audio/x-m4a",
    "pcm": "audio/pcm",
}
"""An audio block's ``format`` -> its IR media type (and back); the model's other
formats (mkv, mka, x-aac, mpeg, mpga) have no one IR media type: not read."""

# The keys that hold a blob in the service model, and how deep below a value the
# readers look for them (a tool result's image: content/<j>/toolResult/content/<k>/
# image/source/bytes from a message).
_BLOB_KEYS: Final = frozenset({"bytes", "redactedContent"})
_BLOB_DEPTH: Final = 10


def blobs_as_base64(value: Any, depth: int = _BLOB_DEPTH) -> Any:
    """``value`` with every ``bytes`` or ``bytearray`` held under a key ``bytes`` or
    ``redactedContent`` (of a plain ``dict``, within ``depth`` levels of plain dicts and
    lists) replaced by its base64 text; the containers on the way copied, the rest
    shared; ``value`` itself when it holds none. Anything else (bytes elsewhere, a
    subclass) is left for the decode step to refuse with its path."""
    kind = type(value)
    if depth <= 0 or (kind is not dict and kind is not list):
        return value
    if kind is list:
        items = [blobs_as_base64(item, depth - 1) for item in value]
        changed = any(new is not old for new, old in zip(items, value, strict=True))
        return items if changed else value
    found: dict[Any, Any] = {}
    changed = False
    for key, item in value.items():
        if key in _BLOB_KEYS and type(item) in (bytes, bytearray):
            new: Any = base64.b64encode(item).decode("ascii")
        else:
            new = blobs_as_base64(item, depth - 1)
        changed |= new is not item
        found[key] = new
    return found if changed else value


def kinds(block: Any) -> list[str]:
    """The keys of a one-key union value (a ``ContentBlock``, a ``SystemBlock``...)
    that are set (not None), in declaration order."""
    return [name for name in block.__struct_fields__ if getattr(block, name) is not None]
