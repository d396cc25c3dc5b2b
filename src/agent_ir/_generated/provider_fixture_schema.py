# DO NOT EDIT: generated from schemas/v1 by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias
from msgspec import Meta, field
from agent_ir._base import Absent, IRStruct, TaggedStruct
from . import message_schema
from enum import StrEnum
from agent_ir._jsonobject import JsonObject


class FixtureResponse(IRStruct):
    """
    One recorded response.
    """

    records: Annotated[
        tuple[TransportRecord, ...],
        Meta(
            description="The transport records of the response, in the order they arrived."
        ),
    ]
    """
    The transport records of the response, in the order they arrived.
    """


class ProviderFixture(IRStruct):
    """
    A fixture file for FixtureProviderAdapter.
    """

    schema_version: Annotated[
        Literal[1], Meta(description="Always the integer 1 for this version.")
    ] = field(name="schemaVersion")
    """
    Always the integer 1 for this version.
    """
    responses: Annotated[
        tuple[FixtureResponse, ...],
        Meta(description="The responses, served one per stream call in order."),
    ]
    """
    The responses, served one per stream call in order.
    """
    expected: Absent[
        Annotated[
            JsonObject,
            Meta(description="Free-form expectations for tests that use the fixture."),
        ]
    ] = None
    """
    Free-form expectations for tests that use the fixture.
    """


Model: TypeAlias = Annotated[
    ProviderFixture,
    Meta(
        description="A recorded provider conversation: a queue of responses, each an ordered list of untrusted transport records."
    ),
]
"""
A recorded provider conversation: a queue of responses, each an ordered list of untrusted transport records.
"""


class RecordStopReason(StrEnum):
    """
    Why a recorded response ended, in the fixture's wire spelling: stop (no tool calls), tool_call (at least one tool call), length (the output limit) or error (the provider ended it).
    """

    STOP = "stop"
    TOOL_CALL = "tool_call"
    LENGTH = "length"
    ERROR = "error"


class ResponseEndRecord(TaggedStruct, tag_field="type", tag="response_end"):
    """
    The terminal record of a response.
    """

    response_id: Annotated[
        message_schema.NonEmptyString,
        Meta(description="Must equal the start's responseId."),
    ] = field(name="responseId")
    """
    Must equal the start's responseId.
    """
    stop_reason: Annotated[
        RecordStopReason,
        Meta(description="stop (no tool calls) or tool_call (at least one tool call)."),
    ] = field(name="stopReason")
    """
    stop (no tool calls) or tool_call (at least one tool call).
    """
    usage: Annotated[WireUsage, Meta(description="Token counts.")]
    """
    Token counts.
    """


class ResponseStartRecord(TaggedStruct, tag_field="type", tag="response_start"):
    """
    The start of a response.
    """

    response_id: Annotated[
        message_schema.NonEmptyString, Meta(description="The provider's response id.")
    ] = field(name="responseId")
    """
    The provider's response id.
    """
    role: Annotated[Literal["assistant"], Meta(description='Always "assistant".')]
    """
    Always "assistant".
    """


class TextDeltaRecord(TaggedStruct, tag_field="type", tag="text_delta"):
    """
    A piece of reply text: one text block of the response and one text chunk of its own (consecutive text_delta records are not joined).
    """

    text: Annotated[str, Meta(description="The text to append.")]
    """
    The text to append.
    """


class TextEndRecord(TaggedStruct, tag_field="type", tag="text_end"):
    """
    Accepted and changes nothing: every text_delta record is a text block of its own already (fixtures written when consecutive deltas were joined used it to separate blocks).
    """


class ThinkingDeltaRecord(TaggedStruct, tag_field="type", tag="thinking_delta"):
    """
    A piece of the model's reasoning; the thinking block it belongs to ends with a thinking_end record.
    """

    text: Annotated[str, Meta(description="The reasoning text to append.")]
    """
    The reasoning text to append.
    """


class ThinkingEndRecord(TaggedStruct, tag_field="type", tag="thinking_end"):
    """
    The end of a thinking block: the reasoning since the previous thinking_end (possibly none), with the provider's signature; redacted when the provider withheld the text (the signature then holds the provider's data).
    """

    signature: Absent[
        Annotated[
            str, Meta(description="Opaque provider signature (or redacted data).")
        ]
    ] = None
    """
    Opaque provider signature (or redacted data).
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


TokenCount: TypeAlias = Annotated[
    int,
    Meta(
        description="A token count: an integer from 0 to 2^53-1.",
        ge=0,
        le=9007199254740991,
    ),
]
"""
A token count: an integer from 0 to 2^53-1.
"""


class ToolCallRecord(TaggedStruct, tag_field="type", tag="tool_call"):
    """
    A complete tool call.
    """

    id: Annotated[
        message_schema.NonEmptyString,
        Meta(description="The provider's call id, unique within the response."),
    ]
    """
    The provider's call id, unique within the response.
    """
    name: Annotated[message_schema.NonEmptyString, Meta(description="The tool's name.")]
    """
    The tool's name.
    """
    arguments: Annotated[JsonObject, Meta(description="The tool's arguments.")]
    """
    The tool's arguments.
    """


class TransportErrorRecord(TaggedStruct, tag_field="type", tag="transport_error"):
    """
    A failure reported by the transport.
    """

    code: Annotated[
        message_schema.NonEmptyString, Meta(description="The provider's error code.")
    ]
    """
    The provider's error code.
    """
    message: Annotated[
        message_schema.NonEmptyString, Meta(description="The provider's error message.")
    ]
    """
    The provider's error message.
    """


TransportRecord: TypeAlias = Annotated[
    ResponseStartRecord
    | TextDeltaRecord
    | TextEndRecord
    | ThinkingDeltaRecord
    | ThinkingEndRecord
    | ToolCallRecord
    | ResponseEndRecord
    | TransportErrorRecord,
    Meta(description="One record as the transport delivered it, selected by type."),
]
"""
One record as the transport delivered it, selected by type.
"""


class WireUsage(IRStruct):
    """
    Token counts as providers spell them: each count under exactly one of its camelCase or snake_case names.
    """

    input_tokens: Absent[
        Annotated[TokenCount, Meta(description="Input tokens (camelCase spelling).")]
    ] = field(name="inputTokens", default=None)
    """
    Input tokens (camelCase spelling).
    """
    input_tokens_1: Absent[
        Annotated[TokenCount, Meta(description="Input tokens (snake_case spelling).")]
    ] = field(name="input_tokens", default=None)
    """
    Input tokens (snake_case spelling).
    """
    output_tokens: Absent[
        Annotated[TokenCount, Meta(description="Output tokens (camelCase spelling).")]
    ] = field(name="outputTokens", default=None)
    """
    Output tokens (camelCase spelling).
    """
    output_tokens_1: Absent[
        Annotated[TokenCount, Meta(description="Output tokens (snake_case spelling).")]
    ] = field(name="output_tokens", default=None)
    """
    Output tokens (snake_case spelling).
    """
