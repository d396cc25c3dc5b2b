# DO NOT EDIT: generated from schemas/v1/wire/mistral.schema.json by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
"""The ``messages`` of a Mistral chat completions request (``client.chat.complete``), declared
once: what ``from_mistral`` decodes (``agent_ir.wire._decode``), held to the official
``mistralai`` SDK's request models. The field descriptions are the format's spec. A key that
is not declared, and is not null, is a PART_NOT_READ warning at its place; a chunk type
that is not declared is passed over with one. Replies and stream chunks are Chat
Completions objects, read by the OpenAI Chat declarations (``openai-chat.schema.json``:
Mistral's content chunks, ``prefix`` and ``num_cached_tokens`` are declared there)."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from msgspec import Meta

from agent_ir._wire_base import WireStruct

__all__ = [
    "AssistantChunk",
    "AssistantMessage",
    "Chunk",
    "DocumentUrlChunk",
    "FileChunk",
    "FunctionCall",
    "ImageUrl",
    "ImageUrlChunk",
    "Message",
    "ReferenceChunk",
    "SystemChunk",
    "SystemMessage",
    "TextChunk",
    "ThinkChunk",
    "ThinkingText",
    "ToolCall",
    "ToolChunk",
    "ToolMessage",
    "UserChunk",
    "UserMessage",
]


class Chunk(WireStruct):
    """The base of the chunk declarations: a chunk's ``type`` is a string (``""`` is a
    type like any other: not declared, so passed over with a warning)."""

    empty_tag_read: ClassVar[bool] = True


class TextChunk(Chunk, tag_field="type", tag="text"):
    """Text: a text block (of a system message, the text joined without a separator)."""

    text: Annotated[str, Meta(description="The text.")]


class ImageUrl(WireStruct):
    """An image by URL, with its detail."""

    url: Annotated[
        str,
        Meta(
            description=(
                "data:<image/...>;base64,<data> (a base64 source when the data is valid "
                "base64), else a URL source holding the URL unchanged."
            )
        ),
    ]
    detail: Annotated[
        Any, Meta(description="'auto', 'low' or 'high': the image's; another value is warned.")
    ] = None


class ImageUrlChunk(Chunk, tag_field="type", tag="image_url"):
    """An image (of a user message or a tool result): an image block."""

    image_url: Annotated[
        str | ImageUrl, Meta(description="The image's URL, or an object holding it and its detail.")
    ]


class DocumentUrlChunk(Chunk, tag_field="type", tag="document_url"):
    """A document by URL (of a user message): a document block."""

    document_url: Annotated[
        str,
        Meta(
            description=(
                "data:<media type>;base64,<data> (a base64 source), else a URL source "
                "holding the URL unchanged."
            )
        ),
    ]
    document_name: Annotated[
        str | None, Meta(description="The document's file name (the block's filename).")
    ] = None


class FileChunk(Chunk, tag_field="type", tag="file"):
    """A file uploaded to Mistral's files API (of a user message): a document block with a file source."""

    file_id: Annotated[str, Meta(description="The file's id (the source's fileId).")]


class ReferenceChunk(Chunk, tag_field="type", tag="reference"):
    """References to tool results (of a thinking chunk): no IR form, PART_NOT_READ."""

    reference_ids: Annotated[Any, Meta(description="The ids referred to.")] = None


ThinkingText = TextChunk | ReferenceChunk
"""A piece of a thinking chunk: its text; a reference, or any other type
(``tool_reference``), is PART_NOT_READ."""


class ThinkChunk(Chunk, tag_field="type", tag="thinking"):
    """Reasoning (Magistral models): a thinking block."""

    thinking: Annotated[
        list[ThinkingText],
        Meta(description="The reasoning as chunks: the text of its text chunks, joined."),
    ]
    signature: Annotated[
        str | None,
        Meta(
            description=(
                "The signature that replays the reasoning across turns (the block's signature)."
            )
        ),
    ] = None
    closed: Annotated[
        bool | None,
        Meta(
            description=(
                "Whether the reasoning is complete (used for prefixing): true or absent "
                "carries nothing; false is PART_NOT_READ."
            )
        ),
    ] = None


SystemChunk = TextChunk | ThinkChunk
"""A chunk of a system message: text; thinking, or any other type, is PART_NOT_READ."""


UserChunk = TextChunk | ImageUrlChunk | DocumentUrlChunk | FileChunk
"""A chunk of a user message; any other type (``input_audio``, ``reference``, ``thinking``...) is
PART_NOT_READ."""


AssistantChunk = TextChunk | ThinkChunk
"""A chunk of an assistant message: text or thinking, in order; any other type is
PART_NOT_READ."""


ToolChunk = TextChunk | ImageUrlChunk
"""A chunk of a tool message: text or an image; any other type is PART_NOT_READ."""


class FunctionCall(WireStruct):
    """The function a call calls."""

    name: Annotated[str, Meta(description="The tool's name.")]
    arguments: Annotated[
        dict[str, Any] | str,
        Meta(
            description=(
                "The arguments: an object as it is, or JSON text of one (empty or only "
                "whitespace: {}); text that holds anything but an object is kept, for the IR "
                "to refuse (INVALID_TOOL_ARGUMENTS)."
            )
        ),
    ]


class ToolCall(WireStruct, kw_only=True):
    """A call of an assistant message: a toolCall block, after its content."""

    id: Annotated[
        str,
        Meta(
            description="The call's id (the API takes 9 characters of [a-zA-Z0-9]: check_wire_rules)."
        ),
    ]
    type: Annotated[Literal["function"] | None, Meta(description="'function', or absent.")] = None
    function: Annotated[FunctionCall, Meta(description="The function called.")]
    index: Annotated[
        int | None, Meta(description="The call's place (a stream's); no IR form, not warned.")
    ] = None


class SystemMessage(WireStruct, tag_field="role", tag="system"):
    """System instructions: a system message."""

    content: Annotated[
        str | list[SystemChunk],
        Meta(description="The instructions: a string, or chunks whose text is joined."),
    ]


class UserMessage(WireStruct, tag_field="role", tag="user"):
    """A user turn: a string stays a string, chunks become blocks."""

    content: Annotated[
        str | list[UserChunk] | None, Meta(description="The turn's content (null: '').")
    ]


class AssistantMessage(WireStruct, tag_field="role", tag="assistant"):
    """An assistant turn: its content chunks in order, then its calls."""

    content: Annotated[
        str | list[AssistantChunk] | None,
        Meta(description="The text ('' and null: none), or text and thinking chunks."),
    ] = None
    tool_calls: Annotated[list[ToolCall] | None, Meta(description="The calls, in order.")] = None
    prefix: Annotated[
        bool,
        Meta(
            description=(
                "true: the model continues this message (the last one) rather than answering "
                "it; no IR form: PART_NOT_READ (false carries nothing)."
            )
        ),
    ] = False


class ToolMessage(WireStruct, tag_field="role", tag="tool"):
    """A tool result (isError false) answering the call its tool_call_id names."""

    content: Annotated[
        str | list[ToolChunk] | None,
        Meta(description="The result: a string (null: ''), or text and image chunks."),
    ]
    tool_call_id: Annotated[str, Meta(description="The id of the call it answers.")]
    name: Annotated[
        str | None,
        Meta(
            description=(
                "The tool's name (the result's toolName; absent: the call's, else 'unknown' "
                "with TOOL_NAME_UNKNOWN)."
            )
        ),
    ] = None


Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage
"""A message of a request; any other role is refused."""
