# DO NOT EDIT: generated from schemas/v1/wire/hf-chat.schema.json by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
"""A Hugging Face chat dataset row (TRL's conversational format), declared once: the
``messages`` and ``tools`` that ``from_hf_chat`` decodes (``agent_ir.wire._decode``). The
field descriptions are the format's spec. ``null`` means absent everywhere (a
``datasets`` table with struct columns gives every object every key of its column, null
where it had none): a key that is not declared and is not null is a PART_NOT_READ
warning at its place; a part type that is not declared is passed over with one."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from msgspec import Meta

from agent_ir._wire_base import WireStruct

__all__ = [
    "AssistantMessage",
    "DeveloperMessage",
    "Function",
    "FunctionTool",
    "ImagePart",
    "MediaContent",
    "Message",
    "OtherImagePart",
    "Part",
    "SystemMessage",
    "TextContent",
    "TextPart",
    "Tool",
    "ToolCall",
    "ToolFunction",
    "ToolMessage",
    "UserMessage",
]


class Part(WireStruct):
    """The base of the part declarations: a part's ``type`` is a string (``""`` is a
    type like any other: not declared, so passed over with a warning)."""

    empty_tag_read: ClassVar[bool] = True


class TextPart(Part, tag_field="type", tag="text"):
    """Text: a text block (of a system message, the text joined without a separator)."""

    text: Annotated[str, Meta(description="The text.")]


class ImagePart(Part, tag_field="type", tag="image"):
    """An image of a user message or a tool result; without a URL (a placeholder whose
    image is in another column, a local ``path``) the part is PART_NOT_READ."""

    url: Annotated[
        str | None,
        Meta(
            description=(
                "The image's URL: data:<image/...>;base64,<data> is a base64 source (when "
                "the IR takes it), anything else a URL source."
            )
        ),
    ] = None
    image: Annotated[
        str | None, Meta(description="The URL, when there is no url (read the same).")
    ] = None


class OtherImagePart(Part, tag_field="type", tag="image"):
    """An image where the message has none (a system or assistant message): PART_NOT_READ
    as a whole."""

    rest_kept: ClassVar[bool] = True
    url: Annotated[Any, Meta(description="Not read.")] = None
    image: Annotated[Any, Meta(description="Not read.")] = None


TextContent = str | list[TextPart | OtherImagePart]
"""A string, or parts of which text is read (any other part type is PART_NOT_READ)."""


MediaContent = str | list[TextPart | ImagePart]
"""A string, or text and image parts (any other part type is PART_NOT_READ)."""


class Function(WireStruct):
    """The function a call calls."""

    name: Annotated[str, Meta(description="The tool's name.")]
    arguments: Annotated[
        dict[str, Any] | str | None,
        Meta(
            description=(
                "The arguments: an object as it is, or JSON text of one (as OpenAI writes "
                "them; absent, null, '' or only whitespace: {}); text that holds anything "
                "but an object is kept, for the IR to refuse (INVALID_TOOL_ARGUMENTS)."
            )
        ),
    ] = None


class ToolCall(WireStruct, kw_only=True):
    """A call of an assistant message: a toolCall block, after its text."""

    type: Annotated[Literal["function"] | None, Meta(description="'function', or absent.")] = None
    id: Annotated[
        str | None,
        Meta(
            description=(
                "The call's id; absent or null: <assigned id of its message>-call-<n> (n its "
                "place among the message's calls, from 1; -2, -3... when the input already "
                "has that id)."
            )
        ),
    ] = None
    function: Annotated[Function, Meta(description="The function called.")]


class SystemMessage(WireStruct, tag_field="role", tag="system"):
    """System instructions: a system message."""

    content: Annotated[TextContent, Meta(description="The instructions.")]


class DeveloperMessage(WireStruct, tag_field="role", tag="developer"):
    """Developer instructions (as gpt-oss templates write them): a system message."""

    content: Annotated[TextContent, Meta(description="The instructions.")]


class UserMessage(WireStruct, tag_field="role", tag="user"):
    """A user turn: a string stays a string, parts become blocks."""

    content: Annotated[MediaContent, Meta(description="The turn's content.")]


class AssistantMessage(WireStruct, tag_field="role", tag="assistant"):
    """An assistant turn: its thinking, its text and its calls, in that order."""

    reasoning_content: Annotated[
        str | None,
        Meta(
            description=(
                "Reasoning (Qwen3's and DeepSeek's templates): one thinking block before the "
                "text, when not empty."
            )
        ),
    ] = None
    thinking: Annotated[
        str | None,
        Meta(
            description=(
                "Reasoning, when reasoning_content is absent or empty; beside it: PART_NOT_READ."
            )
        ),
    ] = None
    content: Annotated[
        TextContent | None,
        Meta(
            description="The text ('' and null: none; TRL writes a calling assistant without it)."
        ),
    ] = None
    tool_calls: Annotated[list[ToolCall] | None, Meta(description="The calls, in order.")] = None


class ToolMessage(WireStruct, tag_field="role", tag="tool"):
    """A tool result (isError false). It answers the call its tool_call_id names; else
    the first earlier call not yet answered whose name is its name; else, with no name,
    the first earlier call not yet answered; else none (its id:
    <assigned id>-result)."""

    content: Annotated[
        MediaContent, Meta(description="The result: a string, or text and image parts.")
    ]
    tool_call_id: Annotated[str | None, Meta(description="The id of the call it answers.")] = None
    name: Annotated[
        str | None,
        Meta(
            description=(
                "The tool's name (the result's toolName; absent: the call's, else 'unknown' "
                "with TOOL_NAME_UNKNOWN)."
            )
        ),
    ] = None


Message = SystemMessage | DeveloperMessage | UserMessage | AssistantMessage | ToolMessage
"""A message of a row; any other role is refused."""


class ToolFunction(WireStruct):
    """A function a row's model may call: a tool definition (as ``get_json_schema``
    writes it)."""

    name: Annotated[str, Meta(description="The tool's name.")]
    description: Annotated[str | None, Meta(description="What it does.")] = None
    parameters: Annotated[
        dict[str, Any] | None, Meta(description="The arguments' JSON Schema.")
    ] = None
    strict: Annotated[
        bool | None, Meta(description="Whether the arguments must match exactly.")
    ] = None


class FunctionTool(WireStruct, kw_only=True):
    """An entry of ``tools`` (a list, or JSON text of one): a function tool."""

    type: Annotated[
        Any,
        Meta(
            description="'function', or absent; anything else is TOOL_NOT_READ (the tool left out)."
        ),
    ] = None
    function: Annotated[
        ToolFunction | None, Meta(description="The function (required for a function tool).")
    ] = None


Tool = FunctionTool
"""An entry of ``tools``."""
