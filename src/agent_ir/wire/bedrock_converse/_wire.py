"""The AWS Bedrock Converse wire format: the declarations generated from
``schemas/v1/wire/bedrock-converse.schema.json`` (``agent_ir._generated.wire.
bedrock_converse``, whose docstring describes the format), and the helpers its readers
share: the one-key block unions, the media formats, and blobs as boto3 gives them.

Blobs: boto3 takes and returns ``bytes`` where the service model says ``blob`` (image,
document, video and audio bytes, redacted reasoning), and the HTTP API's JSON body
holds their base64 text. The readers take both: ``blobs_as_base64`` (a request's
messages), ``reply_blobs`` (a reply) and ``event_blobs`` (a stream event) turn the
``bytes`` (or ``bytearray``) in those places into their base64 text before the one
decode step, so the declarations (and the IR) hold base64 text.
"""

from __future__ import annotations

import base64
from typing import Any, Final

import msgspec

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
    "event_blobs",
    "kinds",
    "reply_blobs",
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

# The kinds of block whose ``source`` may hold ``bytes``.
_MEDIA: Final = ("image", "document", "video", "audio")


def blobs_as_base64(messages: Any) -> Any:
    """``messages`` (a request's) with every blob that is ``bytes`` (or ``bytearray``)
    replaced by its base64 text, where the service model has blobs: a media block's
    ``source.bytes`` (in a message or a tool result) and ``reasoningContent.
    redactedContent``. The containers on the way are copied, the rest shared (a tool's
    input is never walked); ``messages`` itself when it holds none. Anything else
    (bytes elsewhere, a subclass) is left for the decode step to refuse with its path."""
    if type(messages) is not list:
        return messages
    found = [_message_blobs(message) for message in messages]
    return found if any(n is not o for n, o in zip(found, messages, strict=True)) else messages


def reply_blobs(reply: Any) -> Any:
    """A Converse reply (``output.message``) with its blobs as base64 text."""
    output = reply.get("output") if type(reply) is dict else None
    message = output.get("message") if type(output) is dict else None
    new = _message_blobs(message)
    if new is message:
        return reply
    return {**reply, "output": {**output, "message": new}}  # type: ignore[dict-item]


def event_blobs(event: Any) -> Any:
    """A ConverseStream event with the blobs of its delta as base64 text."""
    body = event.get("contentBlockDelta") if type(event) is dict else None
    delta = body.get("delta") if type(body) is dict else None
    if type(delta) is not dict:
        return event
    new = _block_blobs(delta)
    if new is delta:
        return event
    return {**event, "contentBlockDelta": {**body, "delta": new}}  # type: ignore[dict-item]


def _message_blobs(message: Any) -> Any:
    content = message.get("content") if type(message) is dict else None
    new = _blocks_blobs(content)
    return message if new is content else {**message, "content": new}


def _blocks_blobs(blocks: Any) -> Any:
    if type(blocks) is not list:
        return blocks
    found = [_block_blobs(block) for block in blocks]
    return found if any(n is not o for n, o in zip(found, blocks, strict=True)) else blocks


def _block_blobs(block: Any) -> Any:
    if type(block) is not dict:
        return block
    changed: dict[str, Any] = {}
    for kind in _MEDIA:
        media = block.get(kind)
        source = media.get("source") if type(media) is dict else None
        if type(source) is dict:
            data = _base64(source.get("bytes"))
            if data is not None:
                changed[kind] = {**media, "source": {**source, "bytes": data}}  # type: ignore[dict-item]
    reasoning = block.get("reasoningContent")
    if type(reasoning) is dict:
        data = _base64(reasoning.get("redactedContent"))
        if data is not None:
            changed["reasoningContent"] = {**reasoning, "redactedContent": data}
    result = block.get("toolResult")
    if type(result) is dict:
        content = result.get("content")
        new = _blocks_blobs(content)
        if new is not content:
            changed["toolResult"] = {**result, "content": new}
    return {**block, **changed} if changed else block


def _base64(value: Any) -> str | None:
    """The base64 text of ``value`` when it is bytes; None else."""
    if type(value) is bytes or type(value) is bytearray:
        return base64.b64encode(value).decode("ascii")
    return None


def kinds(block: Any) -> list[str]:
    """The keys of a one-key union value (a ``ContentBlock``, a ``SystemBlock``...)
    that are set (not None), in declaration order."""
    values = msgspec.structs.astuple(block)
    return [
        name
        for name, value in zip(block.__struct_fields__, values, strict=True)
        if value is not None
    ]
