# DO NOT EDIT: generated from schemas/v1 by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, TypeAlias
from msgspec import Meta, field
from agent_ir._base import Absent, IRStruct


class ConversionWarning(IRStruct):
    """
    One loss or change of a conversion: a stable code, where, and a sentence for people.
    """

    code: Annotated[
        ConversionWarningCode,
        Meta(description="The stable code of the loss or change."),
    ]
    """
    The stable code of the loss or change.
    """
    path: Annotated[
        str,
        Meta(
            description='JSON Pointer (RFC 6901) of the place concerned in what the function read: for to_* the IR transcript ("/2/content/1"); for from_* the request field it came from ("/messages/2/content/1", "/input/4", "/system"); for a tool definition the tools list, in the request (from_*) or the tools argument (to_*): "/tools/3", "/tools/0/function/cache_control"; for a reply or a stream the provider\'s reply object as the non-streamed API returns it ("/content/3", "/output/1/content/0", "/choices/0/message/refusal"); for a stream event that has no place in that object (EVENT_NOT_READ), "", the reply as a whole, the event\'s index and type being in the message.',
            pattern="^(/([^~]|~[01])*)*\\Z",
        ),
    ]
    """
    JSON Pointer (RFC 6901) of the place concerned in what the function read: for to_* the IR transcript ("/2/content/1"); for from_* the request field it came from ("/messages/2/content/1", "/input/4", "/system"); for a tool definition the tools list, in the request (from_*) or the tools argument (to_*): "/tools/3", "/tools/0/function/cache_control"; for a reply or a stream the provider's reply object as the non-streamed API returns it ("/content/3", "/output/1/content/0", "/choices/0/message/refusal"); for a stream event that has no place in that object (EVENT_NOT_READ), "", the reply as a whole, the event's index and type being in the message.
    """
    message_index: Annotated[
        int,
        Meta(
            description="Index of the message concerned in the converted input (IR messages for to_*, wire messages or items for from_*); -1 when the warning is about a tool definition, which is in no message (toolIndex then says which).",
            ge=-1,
        ),
    ] = field(name="messageIndex")
    """
    Index of the message concerned in the converted input (IR messages for to_*, wire messages or items for from_*); -1 when the warning is about a tool definition, which is in no message (toolIndex then says which).
    """
    block_index: Annotated[
        int,
        Meta(
            description="Index of the block or part concerned inside that message; -1 for the message as a whole, and for a tool definition.",
            ge=-1,
        ),
    ] = field(name="blockIndex")
    """
    Index of the block or part concerned inside that message; -1 for the message as a whole, and for a tool definition.
    """
    message: Annotated[
        str,
        Meta(
            description="A sentence for people describing the loss or change; its wording may change."
        ),
    ]
    """
    A sentence for people describing the loss or change; its wording may change.
    """
    tool_index: Absent[
        Annotated[
            int,
            Meta(
                description="Index of the tool definition concerned in the tools list (the request's tools for from_*, the tools argument for to_*); absent for a warning about a message. Given, messageIndex and blockIndex are -1 and path is /tools/<toolIndex>[/...].",
                ge=0,
            ),
        ]
    ] = field(name="toolIndex", default=None)
    """
    Index of the tool definition concerned in the tools list (the request's tools for from_*, the tools argument for to_*); absent for a warning about a message. Given, messageIndex and blockIndex are -1 and path is /tools/<toolIndex>[/...].
    """


class ConversionWarningCode(StrEnum):
    """
    Stable code of a conversion loss or change. Codes are never renamed or reused within v1.
    """

    THINKING_NOT_SENT = "THINKING_NOT_SENT"
    AUDIO_NOT_SENT = "AUDIO_NOT_SENT"
    IMAGE_NOT_SENT = "IMAGE_NOT_SENT"
    DOCUMENT_NOT_SENT = "DOCUMENT_NOT_SENT"
    IMAGE_MOVED = "IMAGE_MOVED"
    SYSTEM_MOVED = "SYSTEM_MOVED"
    ERROR_FLAG_NOT_SENT = "ERROR_FLAG_NOT_SENT"
    PART_NOT_READ = "PART_NOT_READ"
    MESSAGE_NOT_SENT = "MESSAGE_NOT_SENT"
    MESSAGES_MERGED = "MESSAGES_MERGED"
    TOOL_NAME_NOT_SENT = "TOOL_NAME_NOT_SENT"
    TOOL_NAME_UNKNOWN = "TOOL_NAME_UNKNOWN"
    MEDIA_TYPE_CHANGED = "MEDIA_TYPE_CHANGED"
    REDACTED_FLAG_NOT_SENT = "REDACTED_FLAG_NOT_SENT"
    SIGNATURE_CHANGED = "SIGNATURE_CHANGED"
    CACHE_CONTROL_NOT_SENT = "CACHE_CONTROL_NOT_SENT"
    CITATIONS_NOT_SENT = "CITATIONS_NOT_SENT"
    SERVER_TOOL_NOT_SENT = "SERVER_TOOL_NOT_SENT"
    REFUSAL_AS_TEXT = "REFUSAL_AS_TEXT"
    IMAGE_DETAIL_NOT_SENT = "IMAGE_DETAIL_NOT_SENT"
    DOCUMENT_DETAIL_NOT_SENT = "DOCUMENT_DETAIL_NOT_SENT"
    CHOICES_NOT_READ = "CHOICES_NOT_READ"
    TOOL_NOT_READ = "TOOL_NOT_READ"
    SIGNATURE_NOT_SENT = "SIGNATURE_NOT_SENT"
    TOOL_CALL_ID_ADDED = "TOOL_CALL_ID_ADDED"
    RESULT_PAIRED_BY_NAME = "RESULT_PAIRED_BY_NAME"
    TOOL_DETAIL_NOT_SENT = "TOOL_DETAIL_NOT_SENT"
    EVENT_NOT_READ = "EVENT_NOT_READ"
    RESULT_BLOCK_NOT_SENT = "RESULT_BLOCK_NOT_SENT"
    FOREIGN_SIGNATURE_DROPPED = "FOREIGN_SIGNATURE_DROPPED"
    BLOCK_MOVED = "BLOCK_MOVED"
    THINKING_AS_TEXT = "THINKING_AS_TEXT"


Model: TypeAlias = Annotated[
    ConversionWarning,
    Meta(
        description="Something a conversion between the IR and a provider's wire format could not carry, or changed."
    ),
]
"""
Something a conversion between the IR and a provider's wire format could not carry, or changed.
"""
