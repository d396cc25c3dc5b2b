# DO NOT EDIT: generated from schemas/v1 by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.

from __future__ import annotations

from typing import Annotated, Any, TypeAlias
from msgspec import Meta, field
from agent_ir._base import Absent, IRStruct, TaggedStruct
from . import conversion_warning_schema, message_schema
from enum import StrEnum


Model: TypeAlias = Annotated[
    Any,
    Meta(
        description="The normalized side of a provider boundary: streamed chunks, the terminal response and provider errors."
    ),
]
"""
The normalized side of a provider boundary: streamed chunks, the terminal response and provider errors.
"""


class ModelResponse(IRStruct):
    """
    The terminal result of one model call.
    """

    id: Annotated[
        message_schema.NonEmptyString,
        Meta(description="The provider's response id, kept exactly."),
    ]
    """
    The provider's response id, kept exactly.
    """
    request_id: Annotated[
        message_schema.NonEmptyString,
        Meta(description="The caller's id for the request."),
    ] = field(name="requestId")
    """
    The caller's id for the request.
    """
    message: Annotated[
        message_schema.AssistantMessage,
        Meta(description="The whole reply as an assistant message."),
    ]
    """
    The whole reply as an assistant message.
    """
    stop_reason: Annotated[
        ResponseStopReason, Meta(description="Why the response ended.")
    ] = field(name="stopReason")
    """
    Why the response ended.
    """
    usage: Annotated[
        message_schema.Usage, Meta(description="Token counts for the response.")
    ]
    """
    Token counts for the response.
    """
    warnings: Annotated[
        tuple[conversion_warning_schema.ConversionWarning, ...],
        Meta(
            description="What the reply held that the IR has no place for (a hosted tool's block, a citation), each with a stable code and its path in the reply; empty when nothing was left out."
        ),
    ]
    """
    What the reply held that the IR has no place for (a hosted tool's block, a citation), each with a stable code and its path in the reply; empty when nothing was left out.
    """
    model: Absent[
        Annotated[
            message_schema.NonEmptyString,
            Meta(
                description="The model that produced the reply, as the provider names it in the reply (OpenAI and Anthropic model, Gemini modelVersion); absent when the reply does not say (Bedrock Converse). The same as the message's model."
            ),
        ]
    ] = None
    """
    The model that produced the reply, as the provider names it in the reply (OpenAI and Anthropic model, Gemini modelVersion); absent when the reply does not say (Bedrock Converse). The same as the message's model.
    """


class ProviderErrorCode(StrEnum):
    """
    Stable code of a provider-boundary failure. Codes are never renamed or reused within v1.
    """

    PROVIDER_INVALID_FIXTURE = "PROVIDER_INVALID_FIXTURE"
    PROVIDER_EXHAUSTED = "PROVIDER_EXHAUSTED"
    PROVIDER_UNKNOWN_EVENT = "PROVIDER_UNKNOWN_EVENT"
    PROVIDER_INVALID_EVENT = "PROVIDER_INVALID_EVENT"
    PROVIDER_MISSING_START = "PROVIDER_MISSING_START"
    PROVIDER_DUPLICATE_START = "PROVIDER_DUPLICATE_START"
    PROVIDER_MISSING_TERMINAL = "PROVIDER_MISSING_TERMINAL"
    PROVIDER_DUPLICATE_TERMINAL = "PROVIDER_DUPLICATE_TERMINAL"
    PROVIDER_RESPONSE_MISMATCH = "PROVIDER_RESPONSE_MISMATCH"
    PROVIDER_INVALID_TERMINAL = "PROVIDER_INVALID_TERMINAL"
    PROVIDER_ITERATOR_REUSED = "PROVIDER_ITERATOR_REUSED"
    PROVIDER_TRANSPORT_ERROR = "PROVIDER_TRANSPORT_ERROR"
    PROVIDER_CANCELLED = "PROVIDER_CANCELLED"
    PROVIDER_EVENT_TOO_LARGE = "PROVIDER_EVENT_TOO_LARGE"


class ProviderFailure(IRStruct):
    """
    A provider-boundary failure as data.
    """

    code: Annotated[
        ProviderErrorCode, Meta(description="The stable code of the failure.")
    ]
    """
    The stable code of the failure.
    """
    message: Annotated[
        str, Meta(description="A sentence for people; its wording may change.")
    ]
    """
    A sentence for people; its wording may change.
    """
    record_index: Absent[
        Annotated[
            int,
            Meta(
                description="0-based index of the transport record the failure is tied to (for a missing terminal, the number of records read).",
                ge=0,
            ),
        ]
    ] = field(name="recordIndex", default=None)
    """
    0-based index of the transport record the failure is tied to (for a missing terminal, the number of records read).
    """
    provider_code: Absent[
        Annotated[
            str,
            Meta(description="The provider's own error code, for transport errors."),
        ]
    ] = field(name="providerCode", default=None)
    """
    The provider's own error code, for transport errors.
    """


class RefusalDeltaChunk(TaggedStruct, tag_field="type", tag="refusalDelta"):
    """
    A piece of the model's refusal (OpenAI refusal deltas).
    """

    request_id: Annotated[
        message_schema.NonEmptyString,
        Meta(description="The caller's id for the request this chunk answers."),
    ] = field(name="requestId")
    """
    The caller's id for the request this chunk answers.
    """
    delta: Annotated[
        str, Meta(description="The refusal text received since the previous chunk.")
    ]
    """
    The refusal text received since the previous chunk.
    """


class ResponseStopReason(StrEnum):
    """
    Why a streamed response ended: stop (a final answer), toolCall (the model waits for tool results), length (the output limit was reached), error (the provider ended it: a content filter) or refusal (the model declined to answer; Anthropic stop_reason refusal, an OpenAI refusal).
    """

    STOP = "stop"
    TOOL_CALL = "toolCall"
    LENGTH = "length"
    ERROR = "error"
    REFUSAL = "refusal"


class TextDeltaChunk(TaggedStruct, tag_field="type", tag="textDelta"):
    """
    A piece of reply text, in order.
    """

    request_id: Annotated[
        message_schema.NonEmptyString,
        Meta(description="The caller's id for the request this chunk answers."),
    ] = field(name="requestId")
    """
    The caller's id for the request this chunk answers.
    """
    delta: Annotated[str, Meta(description="The text to append.")]
    """
    The text to append.
    """


class ThinkingDeltaChunk(TaggedStruct, tag_field="type", tag="thinkingDelta"):
    """
    A piece of the model's reasoning, in order (its signature, if any, is in the response's thinking block).
    """

    request_id: Annotated[
        message_schema.NonEmptyString,
        Meta(description="The caller's id for the request this chunk answers."),
    ] = field(name="requestId")
    """
    The caller's id for the request this chunk answers.
    """
    delta: Annotated[str, Meta(description="The reasoning text to append.")]
    """
    The reasoning text to append.
    """


class ToolCallChunk(TaggedStruct, tag_field="type", tag="toolCall"):
    """
    A complete tool call requested by the model.
    """

    request_id: Annotated[
        message_schema.NonEmptyString,
        Meta(description="The caller's id for the request this chunk answers."),
    ] = field(name="requestId")
    """
    The caller's id for the request this chunk answers.
    """
    tool_call: Annotated[
        message_schema.ToolCallBlock,
        Meta(description="The tool call, with the provider's id kept exactly."),
    ] = field(name="toolCall")
    """
    The tool call, with the provider's id kept exactly.
    """


ModelChunk: TypeAlias = Annotated[
    TextDeltaChunk | ThinkingDeltaChunk | ToolCallChunk | RefusalDeltaChunk,
    Meta(description="One streamed piece of a model reply, selected by type."),
]
"""
One streamed piece of a model reply, selected by type.
"""
