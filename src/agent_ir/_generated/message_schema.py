# DO NOT EDIT: generated from schemas/v1 by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.

from __future__ import annotations

from typing import Annotated, TypeAlias
from msgspec import Meta, field
from agent_ir._base import (
    Absent,
    AssistantStruct,
    IRStruct,
    MessageStruct,
    NonBlankString,
    TaggedStruct,
)
from enum import StrEnum
from agent_ir._jsonobject import JsonObject


class AssistantMessage(AssistantStruct, tag_field="role", tag="assistant"):
    """
    A model's reply: an ordered list of text, thinking and tool-call blocks (possibly empty).
    """

    id: Annotated[NonBlankString, Meta(description="Opaque message id.")]
    """
    Opaque message id.
    """
    content: Annotated[
        tuple[AssistantBlock, ...],
        Meta(description="The reply's blocks in the order the model produced them."),
    ]
    """
    The reply's blocks in the order the model produced them.
    """
    timestamp: Absent[
        Annotated[
            Timestamp,
            Meta(description="When the reply was produced (RFC 3339 with offset)."),
        ]
    ] = None
    """
    When the reply was produced (RFC 3339 with offset).
    """
    provider: Absent[
        Annotated[
            str,
            Meta(description='The provider that produced the reply, e.g. "openai".'),
        ]
    ] = None
    """
    The provider that produced the reply, e.g. "openai".
    """
    model: Absent[
        Annotated[
            str,
            Meta(
                description="The model that produced the reply, as the provider names it."
            ),
        ]
    ] = None
    """
    The model that produced the reply, as the provider names it.
    """
    usage: Absent[
        Annotated[Usage, Meta(description="Token counts reported for the reply.")]
    ] = None
    """
    Token counts reported for the reply.
    """
    stop_reason: Absent[
        Annotated[
            StopReason,
            Meta(
                description="Why generation stopped: stop, length, toolCall, error or aborted."
            ),
        ]
    ] = field(name="stopReason", default=None)
    """
    Why generation stopped: stop, length, toolCall, error or aborted.
    """


class AudioBlock(TaggedStruct, tag_field="type", tag="audio"):
    """
    Audio, inline as base64 with an audio/* media type.
    """

    source: Annotated[
        Base64Source,
        Meta(description="The audio bytes as base64 with an audio/* media type."),
    ]
    """
    The audio bytes as base64 with an audio/* media type.
    """


Base64Data: TypeAlias = Annotated[
    str,
    Meta(
        description="Standard padded base64 (RFC 4648 section 4), at least one byte.",
        pattern="^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{4}|[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)\\Z",
    ),
]
"""
Standard padded base64 (RFC 4648 section 4), at least one byte.
"""


class Base64Source(TaggedStruct, tag_field="type", tag="base64"):
    """
    Inline bytes as base64 with their media type.
    """

    media_type: Annotated[
        str,
        Meta(
            description="The IANA media type of the bytes, e.g. application/pdf.",
            pattern="^[A-Za-z0-9!#$&^_.+-]+/[^\t-\r\x1c- \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]",
        ),
    ] = field(name="mediaType")
    """
    The IANA media type of the bytes, e.g. application/pdf.
    """
    data: Annotated[Base64Data, Meta(description="The bytes, base64-encoded.")]
    """
    The bytes, base64-encoded.
    """


class DocumentBlock(TaggedStruct, tag_field="type", tag="document"):
    """
    A document (PDF, text, ...), inline as base64, by URL, or by a provider file id.
    """

    source: Annotated[
        Base64Source | UrlSource | FileSource,
        Meta(description="Where the document is: base64, a URL or a provider file id."),
    ]
    """
    Where the document is: base64, a URL or a provider file id.
    """


class FileSource(TaggedStruct, tag_field="type", tag="file"):
    """
    A file previously uploaded to the provider, by its id.
    """

    file_id: Annotated[
        NonEmptyString, Meta(description="The provider's opaque file id.")
    ] = field(name="fileId")
    """
    The provider's opaque file id.
    """


class ImageBlock(TaggedStruct, tag_field="type", tag="image"):
    """
    An image, inline (base64) or by URL.
    """

    source: Annotated[
        Base64Source | UrlSource,
        Meta(
            description="Where the image bytes are: base64 with an image/* media type, or a URL."
        ),
    ]
    """
    Where the image bytes are: base64 with an image/* media type, or a URL.
    """


NonEmptyString: TypeAlias = Annotated[
    str,
    Meta(
        description="A string containing at least one non-whitespace character.",
        pattern="[^\t-\r\x1c- \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]",
    ),
]
"""
A string containing at least one non-whitespace character.
"""


class StopReason(StrEnum):
    """
    Why generation stopped: stop, length, toolCall, error or aborted.
    """

    STOP = "stop"
    LENGTH = "length"
    TOOL_CALL = "toolCall"
    ERROR = "error"
    ABORTED = "aborted"


class SystemMessage(MessageStruct, tag_field="role", tag="system"):
    """
    Instructions for the model from the application.
    """

    id: Annotated[NonBlankString, Meta(description="Opaque message id.")]
    """
    Opaque message id.
    """
    content: Annotated[str, Meta(description="The instructions as plain text.")]
    """
    The instructions as plain text.
    """
    timestamp: Absent[
        Annotated[
            Timestamp,
            Meta(description="When the message was written (RFC 3339 with offset)."),
        ]
    ] = None
    """
    When the message was written (RFC 3339 with offset).
    """


class TextBlock(TaggedStruct, tag_field="type", tag="text"):
    """
    Plain text.
    """

    text: Annotated[str, Meta(description="The text.")]
    """
    The text.
    """


class ThinkingBlock(TaggedStruct, tag_field="type", tag="thinking"):
    """
    The model's reasoning, kept so it can be sent back to the provider; never shown as the answer.
    """

    thinking: Annotated[
        str, Meta(description="The reasoning text (empty when redacted).")
    ]
    """
    The reasoning text (empty when redacted).
    """
    signature: Absent[
        Annotated[
            str,
            Meta(
                description="Opaque provider signature that authenticates the reasoning."
            ),
        ]
    ] = None
    """
    Opaque provider signature that authenticates the reasoning.
    """
    redacted: Absent[
        Annotated[
            bool,
            Meta(description="True when the provider withheld the reasoning text."),
        ]
    ] = None
    """
    True when the provider withheld the reasoning text.
    """


Timestamp: TypeAlias = Annotated[
    str,
    Meta(
        description="An RFC 3339 date-time with a UTC offset (Z or +hh:mm).",
        pattern="^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])\\Z",
    ),
]
"""
An RFC 3339 date-time with a UTC offset (Z or +hh:mm).
"""


class ToolCallBlock(TaggedStruct, tag_field="type", tag="toolCall"):
    """
    A request from the model to run a tool.
    """

    id: Annotated[
        NonBlankString,
        Meta(
            description="The provider's opaque call id, kept exactly; results link to it."
        ),
    ]
    """
    The provider's opaque call id, kept exactly; results link to it.
    """
    name: Annotated[NonBlankString, Meta(description="The tool's name.")]
    """
    The tool's name.
    """
    arguments: Annotated[
        JsonObject, Meta(description="The tool's arguments as a JSON object.")
    ]
    """
    The tool's arguments as a JSON object.
    """


AssistantBlock: TypeAlias = Annotated[
    TextBlock | ThinkingBlock | ToolCallBlock,
    Meta(description="A block of assistant content: text, thinking or a tool call."),
]
"""
A block of assistant content: text, thinking or a tool call.
"""


ToolResultBlock: TypeAlias = Annotated[
    TextBlock | ImageBlock, Meta(description="A block of tool output: text or image.")
]
"""
A block of tool output: text or image.
"""


class ToolResultMessage(MessageStruct, tag_field="role", tag="toolResult"):
    """
    The result of running one tool call, linked to it by toolCallId.
    """

    id: Annotated[NonBlankString, Meta(description="Opaque message id.")]
    """
    Opaque message id.
    """
    tool_call_id: Annotated[
        NonBlankString,
        Meta(description="The id of the tool call this message answers."),
    ] = field(name="toolCallId")
    """
    The id of the tool call this message answers.
    """
    tool_name: Annotated[
        NonBlankString,
        Meta(description="The name of the tool that ran; must equal the call's name."),
    ] = field(name="toolName")
    """
    The name of the tool that ran; must equal the call's name.
    """
    content: Annotated[
        str | tuple[ToolResultBlock, ...],
        Meta(
            description="The tool's output: plain text, or an ordered list of text and image blocks."
        ),
    ]
    """
    The tool's output: plain text, or an ordered list of text and image blocks.
    """
    is_error: Annotated[
        bool,
        Meta(
            description="True when the tool failed and content describes the failure."
        ),
    ] = field(name="isError")
    """
    True when the tool failed and content describes the failure.
    """
    timestamp: Absent[
        Annotated[
            Timestamp,
            Meta(description="When the result was produced (RFC 3339 with offset)."),
        ]
    ] = None
    """
    When the result was produced (RFC 3339 with offset).
    """


class UrlSource(TaggedStruct, tag_field="type", tag="url"):
    """
    Bytes the provider fetches from a URL.
    """

    url: Annotated[
        NonEmptyString, Meta(description="The URL, passed through unchanged.")
    ]
    """
    The URL, passed through unchanged.
    """


class Usage(IRStruct):
    """
    Token counts for one model reply.
    """

    input_tokens: Annotated[
        int, Meta(description="Tokens read by the model.", ge=0)
    ] = field(name="inputTokens")
    """
    Tokens read by the model.
    """
    output_tokens: Annotated[
        int, Meta(description="Tokens written by the model.", ge=0)
    ] = field(name="outputTokens")
    """
    Tokens written by the model.
    """


UserBlock: TypeAlias = Annotated[
    TextBlock | ImageBlock | AudioBlock | DocumentBlock,
    Meta(description="A block of user content: text, image, audio or document."),
]
"""
A block of user content: text, image, audio or document.
"""


class UserMessage(MessageStruct, tag_field="role", tag="user"):
    """
    A message written by the user: plain text or an ordered list of text, image, audio and document blocks.
    """

    id: Annotated[
        NonBlankString,
        Meta(
            description="Opaque message id, unique within a transcript by convention."
        ),
    ]
    """
    Opaque message id, unique within a transcript by convention.
    """
    content: Annotated[
        str | tuple[UserBlock, ...],
        Meta(description="Plain text, or an ordered list of user blocks."),
    ]
    """
    Plain text, or an ordered list of user blocks.
    """
    timestamp: Absent[
        Annotated[
            Timestamp,
            Meta(description="When the message was written (RFC 3339 with offset)."),
        ]
    ] = None
    """
    When the message was written (RFC 3339 with offset).
    """


Message: TypeAlias = Annotated[
    UserMessage | AssistantMessage | ToolResultMessage | SystemMessage,
    Meta(
        description="A user, assistant, tool-result or system message, selected by role."
    ),
]
"""
A user, assistant, tool-result or system message, selected by role.
"""


Model: TypeAlias = Annotated[
    Message, Meta(description="One message of a conversation, discriminated on role.")
]
"""
One message of a conversation, discriminated on role.
"""
