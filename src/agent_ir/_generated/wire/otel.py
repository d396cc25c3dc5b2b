# DO NOT EDIT: generated from schemas/v1/wire/otel.schema.json by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
"""The OpenTelemetry GenAI semantic conventions' message attributes, declared once: the
values of ``gen_ai.system_instructions``, ``gen_ai.input.messages``,
``gen_ai.output.messages`` and ``gen_ai.tool.definitions`` that ``to_otel`` writes and
``from_otel`` decodes (``agent_ir.wire._decode``). Adapted from the conventions' JSON
Schemas (Apache-2.0, (c) The OpenTelemetry Authors), repository
open-telemetry/semantic-conventions-genai, model/gen-ai/: gen-ai-input-messages.json at
commit 7568a2406479871792afef24211c4804f46b6ac5, gen-ai-output-messages.json at
ae14c021c2b2c16409f2d3e19025e4dc836d1eda, gen-ai-system-instructions.json at
16c5f010149520768f4fefdfc4273f9bb07e1448, gen-ai-tool-definitions.json at
d357ce213b466276774e18fb7f598bef06d003d0; changed to this project's wire-schema style
(closed objects, tagged parts) and to what agent-ir reads: the conventions leave every
object open, so a key that is not declared here is a PART_NOT_READ warning and a part
type that is not declared (a GenericPart) is passed over with one. Declared beside the
conventions, as pydantic-ai writes them: a ``thinking`` part and a tool call response's
``name`` and ``result``. What every output of ``to_otel`` holds is valid under both this
file and the conventions' schemas."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from msgspec import Meta

from agent_ir._wire_base import Count, WireStruct

__all__ = [
    "BlobPart",
    "ChatMessage",
    "CompactionPart",
    "FilePart",
    "FunctionToolDefinition",
    "GenericServerToolCall",
    "GenericServerToolCallResponse",
    "InputMessages",
    "MessagePart",
    "OutputMessage",
    "OutputMessages",
    "Part",
    "ReasoningPart",
    "ServerToolCallPart",
    "ServerToolCallResponsePart",
    "SystemInstructions",
    "TextPart",
    "ThinkingPart",
    "ToolCallRequestPart",
    "ToolCallResponsePart",
    "ToolDefinition",
    "ToolDefinitions",
    "UriPart",
]


class Part(WireStruct):
    """The base of the part declarations: a part's ``type`` is a string; a type not declared
    here (the conventions' GenericPart, ``""`` included) is passed over with a PART_NOT_READ
    warning."""

    empty_tag_read: ClassVar[bool] = True


class TextPart(Part, tag_field="type", tag="text", kw_only=True):
    """Text content sent to or received from the model: a text block (of a system
    instruction, a system message's content)."""

    content: Annotated[
        str | None,
        Meta(
            description=(
                "The text. Absent or null (an instrumentation that does not capture "
                "content): PART_NOT_READ."
            )
        ),
    ] = None


class ToolCallRequestPart(Part, tag_field="type", tag="tool_call", kw_only=True):
    """A tool call requested by the model: a toolCall block of an assistant message."""

    id: Annotated[
        str | None,
        Meta(
            description=(
                "The call's id; absent or null: <assigned id of its message>-call-<n> (n its "
                "place among the message's parts, from 1), with TOOL_CALL_ID_ADDED."
            )
        ),
    ] = None
    name: Annotated[str, Meta(description="The tool's name.")]
    arguments: Annotated[
        Any,
        Meta(
            description=(
                "The arguments: an object as it is, or JSON text of one (absent, null, '' or "
                "only whitespace: {}); anything else is kept for the IR to refuse "
                "(INVALID_TOOL_ARGUMENTS)."
            )
        ),
    ] = None
    builtin: Annotated[
        bool | None,
        Meta(
            description=(
                "True: a call of a tool the provider runs (not in the conventions; "
                "pydantic-ai writes it for its builtin tools): a serverToolCall block "
                '(provider "otel", its input the arguments object).'
            )
        ),
    ] = None


class ToolCallResponsePart(Part, tag_field="type", tag="tool_call_response", kw_only=True):
    """A tool call's result sent to the model: a toolResult message (isError false), placed
    where the part is among its message's parts. It answers the call its id names; without an
    id, the first earlier call not yet answered whose name is its name (RESULT_PAIRED_BY_NAME),
    else the first earlier call not yet answered."""

    id: Annotated[str | None, Meta(description="The id of the call it answers.")] = None
    response: Annotated[
        Any,
        Meta(
            description=(
                "The result: a string is the content as it is; an array of text, blob, uri "
                "and file parts the content's blocks; any other value its compact JSON text. "
                "Absent or null: empty content."
            )
        ),
    ] = None
    name: Annotated[
        str | None,
        Meta(
            description=(
                "The tool's name (not in the conventions; pydantic-ai writes it): the "
                "result's toolName; absent: the call's."
            )
        ),
    ] = None
    result: Annotated[
        Any,
        Meta(
            description=(
                "The result, as pydantic-ai spells response (read when response is absent or null)."
            )
        ),
    ] = None
    builtin: Annotated[
        bool | None,
        Meta(
            description=(
                "True: the result of a tool the provider ran (not in the conventions; "
                "pydantic-ai writes it for its builtin tools), in the assistant message of "
                'its call: a serverToolResult block (provider "otel") whose wire holds the '
                "name and the result."
            )
        ),
    ] = None


class ServerToolCallPart(Part, tag_field="type", tag="server_tool_call", kw_only=True):
    """A call of a tool the provider runs itself: a serverToolCall block (provider "otel"),
    whose input is the server_tool_call object as it is."""

    id: Annotated[
        str | None,
        Meta(
            description=(
                "The call's id; absent or null: assigned as a tool call's, with TOOL_CALL_ID_ADDED."
            )
        ),
    ] = None
    name: Annotated[str, Meta(description="The server tool's name.")]
    server_tool_call: Annotated[
        GenericServerToolCall,
        Meta(
            description=(
                "The call's details, with a type naming the tool (code_interpreter, web_search...)."
            )
        ),
    ]


class ServerToolCallResponsePart(
    Part, tag_field="type", tag="server_tool_call_response", kw_only=True
):
    """The result of a server-tool call: a serverToolResult block (provider "otel") whose wire is
    the server_tool_call_response object as it is."""

    id: Annotated[
        str | None,
        Meta(
            description=(
                "The id of the server-tool call it answers; absent or null: the last "
                "server-tool call of its message (none: PART_NOT_READ)."
            )
        ),
    ] = None
    server_tool_call_response: Annotated[
        GenericServerToolCallResponse,
        Meta(description="The result's details, with a type naming the tool."),
    ]


class BlobPart(Part, tag_field="type", tag="blob", kw_only=True):
    """Binary data sent inline to the model: an image, audio or document block with a base64
    source (PART_NOT_READ when the IR does not take its MIME type or data)."""

    mime_type: Annotated[
        str | None,
        Meta(
            description="The IANA MIME type of the data (absent: PART_NOT_READ, the IR needs one)."
        ),
    ] = None
    modality: Annotated[
        str | None,
        Meta(
            description=(
                "The general modality of the data (image, video, audio, document, or another "
                "string): an image, audio or document block; absent: taken from mime_type; "
                "video or another modality: PART_NOT_READ."
            )
        ),
    ] = None
    byte_size: Annotated[
        Count | None,
        Meta(
            description=(
                "The size of the data in bytes, as the instrumentation saw it (not read: the "
                "IR does not keep it)."
            )
        ),
    ] = None
    content: Annotated[str, Meta(description="The bytes, base64-encoded.")]


class FilePart(Part, tag_field="type", tag="file", kw_only=True):
    """A file uploaded to the provider, by id: an image or document block with a file source
    (audio has no file source in the IR: PART_NOT_READ)."""

    mime_type: Annotated[
        str | None,
        Meta(
            description="The IANA MIME type of the file (not kept: the IR's file source has none)."
        ),
    ] = None
    modality: Annotated[
        str | None,
        Meta(
            description=(
                "The general modality of the data (image, video, audio, document, or another "
                "string): an image, audio or document block; absent: taken from mime_type; "
                "video or another modality: PART_NOT_READ."
            )
        ),
    ] = None
    byte_size: Annotated[
        Count | None,
        Meta(
            description=(
                "The size of the data in bytes, as the instrumentation saw it (not read: the "
                "IR does not keep it)."
            )
        ),
    ] = None
    file_id: Annotated[str, Meta(description="The provider's id of the file.")]


class UriPart(Part, tag_field="type", tag="uri", kw_only=True):
    """A file referenced by URI: an image or document block with a URL source (audio has no URL
    source in the IR: PART_NOT_READ)."""

    mime_type: Annotated[
        str | None,
        Meta(
            description="The IANA MIME type of the data (not kept: the IR's URL source has none)."
        ),
    ] = None
    modality: Annotated[
        str | None,
        Meta(
            description=(
                "The general modality of the data (image, video, audio, document, or another "
                "string): an image, audio or document block; absent: taken from mime_type; "
                "video or another modality: PART_NOT_READ."
            )
        ),
    ] = None
    byte_size: Annotated[
        Count | None,
        Meta(
            description=(
                "The size of the data in bytes, as the instrumentation saw it (not read: the "
                "IR does not keep it)."
            )
        ),
    ] = None
    uri: Annotated[str, Meta(description="The URI, passed through unchanged.")]


class ReasoningPart(Part, tag_field="type", tag="reasoning", kw_only=True):
    """Reasoning (thinking) content received from the model: a thinking block."""

    content: Annotated[
        str | None,
        Meta(description="The reasoning text. Absent or null (not captured): PART_NOT_READ."),
    ] = None


class ThinkingPart(Part, tag_field="type", tag="thinking", kw_only=True):
    """Reasoning as pydantic-ai spells a reasoning part (not in the conventions): a thinking block."""

    content: Annotated[
        str | None,
        Meta(description="The reasoning text. Absent or null (not captured): PART_NOT_READ."),
    ] = None


class CompactionPart(Part, tag_field="type", tag="compaction", kw_only=True):
    """Compacted conversation state: the IR has no compaction block, so it is PART_NOT_READ."""

    id: Annotated[str | None, Meta(description="The provider's id of the compaction item.")] = None
    content: Annotated[
        str | None, Meta(description="The compacted summary, when not encrypted.")
    ] = None


GenericServerToolCall = dict[str, Any]
"""A server tool call's details: an object whose type (a string) names the tool, its
other keys as the provider defines them."""


GenericServerToolCallResponse = dict[str, Any]
"""A server tool call's result: an object whose type (a string) names the tool, its
other keys as the provider defines them."""


MessagePart = (
    TextPart
    | ToolCallRequestPart
    | ToolCallResponsePart
    | ServerToolCallPart
    | ServerToolCallResponsePart
    | BlobPart
    | FilePart
    | UriPart
    | ReasoningPart
    | ThinkingPart
    | CompactionPart
)
"""A part of a message, by its type."""


class ChatMessage(WireStruct):
    """A message of gen_ai.input.messages (the conventions' ChatMessage)."""

    role: Annotated[
        str,
        Meta(
            description=(
                "Who wrote the message: system (a system message), user (a user message; its "
                "tool_call_response parts become toolResult messages), assistant (an "
                "assistant message), tool (toolResult messages); any other role: the message "
                "is PART_NOT_READ."
            )
        ),
    ]
    parts: Annotated[list[MessagePart], Meta(description="The message's parts, in order.")]
    name: Annotated[
        str | None, Meta(description="The participant's name: not read (PART_NOT_READ).")
    ] = None
    finish_reason: Annotated[
        str | None,
        Meta(
            description=(
                "Why the generation of an assistant message stopped (not in the conventions' "
                "input messages; pydantic-ai writes it, and so does to_otel): read as an "
                "output message's."
            )
        ),
    ] = None


class OutputMessage(WireStruct):
    """A message of gen_ai.output.messages: a response (choice, candidate) of the model."""

    role: Annotated[
        str,
        Meta(
            description=(
                "Who wrote the message: system (a system message), user (a user message; its "
                "tool_call_response parts become toolResult messages), assistant (an "
                "assistant message), tool (toolResult messages); any other role: the message "
                "is PART_NOT_READ."
            )
        ),
    ]
    parts: Annotated[list[MessagePart], Meta(description="The message's parts, in order.")]
    name: Annotated[
        str | None, Meta(description="The participant's name: not read (PART_NOT_READ).")
    ] = None
    finish_reason: Annotated[
        str | None,
        Meta(
            description=(
                "Why generation stopped (deprecated by the conventions in favour of "
                "gen_ai.response.finish_reasons, read when this is absent): the assistant "
                "message's stopReason (the conventions' values, the IR's own, and OpenAI's "
                "and Anthropic's spellings, which instrumentations pass through: "
                "agent_ir.wire.otel._keys.STOP_REASONS; another reason: PART_NOT_READ)."
            )
        ),
    ] = None


class FunctionToolDefinition(WireStruct):
    """A tool the model may call: a ToolDefinition when its type is function."""

    type: Annotated[
        str,
        Meta(
            description=(
                "The tool's type: function; any other type (the conventions' "
                "GenericToolDefinition) is TOOL_NOT_READ (the tool left out)."
            )
        ),
    ]
    name: Annotated[str, Meta(description="The tool's name.")]
    description: Annotated[str | None, Meta(description="What the tool does (null: none).")] = None
    parameters: Annotated[
        dict[str, Any] | None,
        Meta(
            description=(
                "The arguments' JSON Schema (draft-07 by the conventions, read as the IR "
                "reads a tool's parameters: 2020-12 unless its $schema names another draft; "
                "null: any arguments)."
            )
        ),
    ] = None


ToolDefinition = FunctionToolDefinition
"""An entry of gen_ai.tool.definitions."""


SystemInstructions = list[MessagePart]
"""gen_ai.system_instructions: the system instructions given apart from the chat
history; each text part is one system message, first in the transcript (another part:
PART_NOT_READ)."""


InputMessages = list[ChatMessage]
"""gen_ai.input.messages: the chat history sent to the model."""


OutputMessages = list[OutputMessage]
"""gen_ai.output.messages: the model's responses, after the input messages."""


ToolDefinitions = list[ToolDefinition]
"""gen_ai.tool.definitions: the tools the model may call."""
