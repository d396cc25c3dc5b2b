# DO NOT EDIT: generated from schemas/v1 by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias
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
                description="Why generation stopped: stop, length, toolCall, error, aborted or refusal (the model declined; its words, if any, are in the content)."
            ),
        ]
    ] = field(name="stopReason", default=None)
    """
    Why generation stopped: stop, length, toolCall, error, aborted or refusal (the model declined; its words, if any, are in the content).
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


class CacheControl(IRStruct):
    """
    A prompt-cache breakpoint: the provider may cache the prompt up to and including the content that carries it (Anthropic cache_control). Formats whose caching is automatic (OpenAI) do not send it, with a warning.
    """

    type: Annotated[
        Literal["ephemeral"],
        Meta(
            description='Always "ephemeral", the one kind of cache entry providers offer.'
        ),
    ]
    """
    Always "ephemeral", the one kind of cache entry providers offer.
    """
    ttl: Absent[
        Annotated[
            CacheTtl,
            Meta(
                description='How long the entry lives: "5m" or "1h"; absent, the provider\'s default (5 minutes).'
            ),
        ]
    ] = None
    """
    How long the entry lives: "5m" or "1h"; absent, the provider's default (5 minutes).
    """


class CacheTtl(StrEnum):
    """
    How long a prompt-cache entry lives: "5m" or "1h".
    """

    FIELD_5M = "5m"
    FIELD_1H = "1h"


class CacheWrite(IRStruct):
    """
    The prompt-cache write of one time to live.
    """

    ttl: Annotated[
        NonEmptyString,
        Meta(
            description='The time to live as the provider names it: a count and a unit, e.g. "5m", "1h" (Anthropic, Bedrock), "30m", "12h" (OpenAI Responses).'
        ),
    ]
    """
    The time to live as the provider names it: a count and a unit, e.g. "5m", "1h" (Anthropic, Bedrock), "30m", "12h" (OpenAI Responses).
    """
    tokens: Annotated[
        int,
        Meta(
            description="The input tokens written to the cache with this time to live.",
            ge=0,
        ),
    ]
    """
    The input tokens written to the cache with this time to live.
    """


class Citation(IRStruct):
    """
    One citation backing a text block, kept in its provider's own form: sent back to the same provider as it is, and not sent to another (with a warning).
    """

    provider: Annotated[
        NonEmptyString,
        Meta(
            description='The wire format the citation came from and is written to: "anthropic" or "openai-responses".'
        ),
    ]
    """
    The wire format the citation came from and is written to: "anthropic" or "openai-responses".
    """
    wire: Annotated[
        JsonObject,
        Meta(
            description='The citation exactly as the provider wrote it (an Anthropic citation such as {"type": "web_search_result_location", ...}, a Responses annotation such as {"type": "url_citation", ...}).'
        ),
    ]
    """
    The citation exactly as the provider wrote it (an Anthropic citation such as {"type": "web_search_result_location", ...}, a Responses annotation such as {"type": "url_citation", ...}).
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
    filename: Absent[
        Annotated[
            str,
            Meta(
                description="The document's file name as sent (OpenAI input_file.filename, file.filename)."
            ),
        ]
    ] = None
    """
    The document's file name as sent (OpenAI input_file.filename, file.filename).
    """
    title: Absent[
        Annotated[
            str, Meta(description="The document's title (Anthropic document title).")
        ]
    ] = None
    """
    The document's title (Anthropic document title).
    """
    context: Absent[
        Annotated[
            str,
            Meta(
                description="Text about the document the model reads but does not cite (Anthropic document context)."
            ),
        ]
    ] = None
    """
    Text about the document the model reads but does not cite (Anthropic document context).
    """
    citations: Absent[
        Annotated[
            bool,
            Meta(
                description="Whether the model may cite the document (Anthropic citations.enabled)."
            ),
        ]
    ] = None
    """
    Whether the model may cite the document (Anthropic citations.enabled).
    """
    cache_control: Absent[
        Annotated[
            CacheControl,
            Meta(description="A prompt-cache breakpoint at the end of this block."),
        ]
    ] = field(name="cacheControl", default=None)
    """
    A prompt-cache breakpoint at the end of this block.
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
    detail: Absent[
        Annotated[
            ImageDetail,
            Meta(
                description="The resolution an OpenAI model reads the image at (image_url.detail, input_image.detail); absent, the API's default. Anthropic has no such setting: not sent there, with a warning."
            ),
        ]
    ] = None
    """
    The resolution an OpenAI model reads the image at (image_url.detail, input_image.detail); absent, the API's default. Anthropic has no such setting: not sent there, with a warning.
    """
    cache_control: Absent[
        Annotated[
            CacheControl,
            Meta(description="A prompt-cache breakpoint at the end of this block."),
        ]
    ] = field(name="cacheControl", default=None)
    """
    A prompt-cache breakpoint at the end of this block.
    """


class ImageDetail(StrEnum):
    """
    The resolution an OpenAI model reads an image at: auto, low or high.
    """

    AUTO = "auto"
    LOW = "low"
    HIGH = "high"


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


class RefusalBlock(TaggedStruct, tag_field="type", tag="refusal"):
    """
    The model's refusal to answer, in its own words (OpenAI's refusal field or part). A format without a refusal form writes it as text, with a warning.
    """

    text: Annotated[str, Meta(description="The refusal as the model wrote it.")]
    """
    The refusal as the model wrote it.
    """
    item_id: Absent[
        Annotated[
            NonEmptyString,
            Meta(
                description="The provider's id of the output item the refusal came in (OpenAI Responses msg_...), written back to that format; other formats do not send it."
            ),
        ]
    ] = field(name="itemId", default=None)
    """
    The provider's id of the output item the refusal came in (OpenAI Responses msg_...), written back to that format; other formats do not send it.
    """


class ServerToolCallBlock(TaggedStruct, tag_field="type", tag="serverToolCall"):
    """
    A call of a tool the provider runs itself (a hosted or server tool: web search, code execution, an MCP server), kept so that the turn goes back to the same provider as it came. It needs no tool-result message; another provider cannot run it, so it is not sent there (with a warning).
    """

    provider: Annotated[
        NonEmptyString,
        Meta(
            description='The wire format the call belongs to: "anthropic" or "openai-responses".'
        ),
    ]
    """
    The wire format the call belongs to: "anthropic" or "openai-responses".
    """
    id: Annotated[
        NonEmptyString,
        Meta(
            description="The provider's id of the call (Anthropic srvtoolu_..., a Responses item id ws_...)."
        ),
    ]
    """
    The provider's id of the call (Anthropic srvtoolu_..., a Responses item id ws_...).
    """
    name: Annotated[
        NonEmptyString,
        Meta(
            description="The tool's name (Anthropic web_search, code_execution; for a Responses hosted item, its type: web_search_call)."
        ),
    ]
    """
    The tool's name (Anthropic web_search, code_execution; for a Responses hosted item, its type: web_search_call).
    """
    input: Annotated[
        JsonObject,
        Meta(
            description="The call's input as the provider wrote it (for a Responses hosted item, {}: its action is in wire)."
        ),
    ]
    """
    The call's input as the provider wrote it (for a Responses hosted item, {}: its action is in wire).
    """
    wire: Absent[
        Annotated[
            JsonObject,
            Meta(
                description="The provider block's other keys, exactly as written (its type when not the plain server-tool call, an MCP call's server_name, a Responses item's status and action): written back as they are."
            ),
        ]
    ] = None
    """
    The provider block's other keys, exactly as written (its type when not the plain server-tool call, an MCP call's server_name, a Responses item's status and action): written back as they are.
    """


class ServerToolRequests(IRStruct):
    """
    The requests one server tool made for a reply.
    """

    tool: Annotated[
        NonEmptyString,
        Meta(
            description="The tool as the provider names it in its usage report (web_search: Anthropic, OpenAI Responses, OpenRouter; web_fetch: Anthropic)."
        ),
    ]
    """
    The tool as the provider names it in its usage report (web_search: Anthropic, OpenAI Responses, OpenRouter; web_fetch: Anthropic).
    """
    requests: Annotated[
        int,
        Meta(
            description="How many requests it made (web searches run, pages fetched).",
            ge=0,
        ),
    ]
    """
    How many requests it made (web searches run, pages fetched).
    """


class ServerToolResultBlock(TaggedStruct, tag_field="type", tag="serverToolResult"):
    """
    The result of a server-tool call, written by the provider in the same reply as the call (Anthropic web_search_tool_result, code_execution_tool_result, mcp_tool_result).
    """

    provider: Annotated[
        NonEmptyString,
        Meta(description='The wire format the result belongs to: "anthropic".'),
    ]
    """
    The wire format the result belongs to: "anthropic".
    """
    tool_call_id: Annotated[
        NonEmptyString, Meta(description="The id of the serverToolCall it answers.")
    ] = field(name="toolCallId")
    """
    The id of the serverToolCall it answers.
    """
    wire: Annotated[
        JsonObject,
        Meta(
            description="The provider's block without its tool_use_id, exactly as written: its type, content and any other key."
        ),
    ]
    """
    The provider's block without its tool_use_id, exactly as written: its type, content and any other key.
    """


class StopReason(StrEnum):
    """
    Why generation stopped: stop, length, toolCall, error, aborted or refusal (the model declined; its words, if any, are in the content).
    """

    STOP = "stop"
    LENGTH = "length"
    TOOL_CALL = "toolCall"
    ERROR = "error"
    ABORTED = "aborted"
    REFUSAL = "refusal"


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
    cache_control: Absent[
        Annotated[
            CacheControl,
            Meta(
                description="A prompt-cache breakpoint at the end of this instruction (Anthropic cache_control on its system block)."
            ),
        ]
    ] = field(name="cacheControl", default=None)
    """
    A prompt-cache breakpoint at the end of this instruction (Anthropic cache_control on its system block).
    """


class TextBlock(TaggedStruct, tag_field="type", tag="text"):
    """
    Plain text.
    """

    text: Annotated[str, Meta(description="The text.")]
    """
    The text.
    """
    citations: Absent[
        Annotated[
            tuple[Citation, ...],
            Meta(description="The sources the text cites, in the provider's order."),
        ]
    ] = None
    """
    The sources the text cites, in the provider's order.
    """
    cache_control: Absent[
        Annotated[
            CacheControl,
            Meta(description="A prompt-cache breakpoint at the end of this block."),
        ]
    ] = field(name="cacheControl", default=None)
    """
    A prompt-cache breakpoint at the end of this block.
    """
    item_id: Absent[
        Annotated[
            NonEmptyString,
            Meta(
                description="The provider's id of the output item the block came in (OpenAI Responses msg_...), written back to that format; other formats do not send it."
            ),
        ]
    ] = field(name="itemId", default=None)
    """
    The provider's id of the output item the block came in (OpenAI Responses msg_...), written back to that format; other formats do not send it.
    """
    thought_signature: Absent[
        Annotated[
            ThoughtSignature,
            Meta(
                description="Gemini's thoughtSignature of the text part (a text reply signs its last part; a stream often sends it on a final empty part, read into this block)."
            ),
        ]
    ] = field(name="thoughtSignature", default=None)
    """
    Gemini's thoughtSignature of the text part (a text reply signs its last part; a stream often sends it on a final empty part, read into this block).
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
                description="Opaque provider signature that authenticates the reasoning (for a redacted block, the provider's data; from OpenAI Responses, its reasoning item's reference with the encrypted content). Sent back only to the format that made it (signatureProvider)."
            ),
        ]
    ] = None
    """
    Opaque provider signature that authenticates the reasoning (for a redacted block, the provider's data; from OpenAI Responses, its reasoning item's reference with the encrypted content). Sent back only to the format that made it (signatureProvider).
    """
    signature_provider: Absent[
        Annotated[
            NonEmptyString,
            Meta(
                description='The wire format that made signature: "anthropic", "openai-responses" or "openai-chat" (OpenRouter\'s reasoning details), stamped by that format\'s readers (requests, replies, streams); the framework adapters take it from the framework\'s provider name. A writer of another format does not send the signature, nor the redacted data or encrypted reasoning it holds (FOREIGN_SIGNATURE_DROPPED). Absent (a transcript written before makers were recorded): each writer sends the signature as before, by its form alone.'
            ),
        ]
    ] = field(name="signatureProvider", default=None)
    """
    The wire format that made signature: "anthropic", "openai-responses" or "openai-chat" (OpenRouter's reasoning details), stamped by that format's readers (requests, replies, streams); the framework adapters take it from the framework's provider name. A writer of another format does not send the signature, nor the redacted data or encrypted reasoning it holds (FOREIGN_SIGNATURE_DROPPED). Absent (a transcript written before makers were recorded): each writer sends the signature as before, by its form alone.
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
    thought_signature: Absent[
        Annotated[
            ThoughtSignature,
            Meta(
                description="Gemini's thoughtSignature of the thought part (thought: true); signature holds other providers' signatures."
            ),
        ]
    ] = field(name="thoughtSignature", default=None)
    """
    Gemini's thoughtSignature of the thought part (thought: true); signature holds other providers' signatures.
    """


ThoughtSignature: TypeAlias = Annotated[
    str,
    Meta(
        description="Google Gemini's opaque thoughtSignature of the part the block came in (on a text, thinking or function-call part), kept byte for byte as the provider wrote it (standard or URL-safe base64, never re-encoded) and written back on the same part by to_gemini; no other format sends it (a warning). Gemini 3 refuses a tool loop whose function calls lost theirs.",
        min_length=1,
    ),
]
"""
Google Gemini's opaque thoughtSignature of the part the block came in (on a text, thinking or function-call part), kept byte for byte as the provider wrote it (standard or URL-safe base64, never re-encoded) and written back on the same part by to_gemini; no other format sends it (a warning). Gemini 3 refuses a tool loop whose function calls lost theirs.
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
    item_id: Absent[
        Annotated[
            NonEmptyString,
            Meta(
                description="The provider's id of the output item the block came in (OpenAI Responses fc_...), written back to that format; other formats do not send it."
            ),
        ]
    ] = field(name="itemId", default=None)
    """
    The provider's id of the output item the block came in (OpenAI Responses fc_...), written back to that format; other formats do not send it.
    """
    namespace: Absent[
        Annotated[
            str,
            Meta(
                description="The namespace of the tool called (OpenAI Responses function_call namespace), written back to that format; other formats do not send it."
            ),
        ]
    ] = None
    """
    The namespace of the tool called (OpenAI Responses function_call namespace), written back to that format; other formats do not send it.
    """
    cache_control: Absent[
        Annotated[
            CacheControl,
            Meta(description="A prompt-cache breakpoint at the end of this block."),
        ]
    ] = field(name="cacheControl", default=None)
    """
    A prompt-cache breakpoint at the end of this block.
    """
    thought_signature: Absent[
        Annotated[
            ThoughtSignature,
            Meta(
                description="Gemini's thoughtSignature of the functionCall part (of parallel calls, Gemini signs the first of a step); Gemini 3 refuses the current turn's calls without it (MISSING_THOUGHT_SIGNATURE)."
            ),
        ]
    ] = field(name="thoughtSignature", default=None)
    """
    Gemini's thoughtSignature of the functionCall part (of parallel calls, Gemini signs the first of a step); Gemini 3 refuses the current turn's calls without it (MISSING_THOUGHT_SIGNATURE).
    """


AssistantBlock: TypeAlias = Annotated[
    TextBlock
    | ThinkingBlock
    | ToolCallBlock
    | RefusalBlock
    | ServerToolCallBlock
    | ServerToolResultBlock,
    Meta(
        description="A block of assistant content: text, thinking, a tool call, a refusal, or a server tool's call or result."
    ),
]
"""
A block of assistant content: text, thinking, a tool call, a refusal, or a server tool's call or result.
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
    cache_control: Absent[
        Annotated[
            CacheControl,
            Meta(
                description="A prompt-cache breakpoint on the whole result (Anthropic cache_control on the tool_result block)."
            ),
        ]
    ] = field(name="cacheControl", default=None)
    """
    A prompt-cache breakpoint on the whole result (Anthropic cache_control on the tool_result block).
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
        int,
        Meta(
            description="Tokens read by the model, cached ones included: for Anthropic, whose input_tokens leaves them out, input_tokens + cache_read_input_tokens + cache_creation_input_tokens.",
            ge=0,
        ),
    ] = field(name="inputTokens")
    """
    Tokens read by the model, cached ones included: for Anthropic, whose input_tokens leaves them out, input_tokens + cache_read_input_tokens + cache_creation_input_tokens.
    """
    output_tokens: Annotated[
        int,
        Meta(
            description="Tokens written by the model, reasoning tokens included.", ge=0
        ),
    ] = field(name="outputTokens")
    """
    Tokens written by the model, reasoning tokens included.
    """
    cache_read_tokens: Absent[
        Annotated[
            int,
            Meta(
                description="Of inputTokens, how many were read from the provider's prompt cache (Anthropic cache_read_input_tokens, OpenAI cached_tokens).",
                ge=0,
            ),
        ]
    ] = field(name="cacheReadTokens", default=None)
    """
    Of inputTokens, how many were read from the provider's prompt cache (Anthropic cache_read_input_tokens, OpenAI cached_tokens).
    """
    cache_write_tokens: Absent[
        Annotated[
            int,
            Meta(
                description="Of inputTokens, how many were written to the provider's prompt cache (Anthropic cache_creation_input_tokens, Bedrock cacheWriteInputTokens, OpenAI cache_write_tokens).",
                ge=0,
            ),
        ]
    ] = field(name="cacheWriteTokens", default=None)
    """
    Of inputTokens, how many were written to the provider's prompt cache (Anthropic cache_creation_input_tokens, Bedrock cacheWriteInputTokens, OpenAI cache_write_tokens).
    """
    reasoning_tokens: Absent[
        Annotated[
            int,
            Meta(
                description="Of outputTokens, how many were reasoning the reply does not show (OpenAI reasoning_tokens).",
                ge=0,
            ),
        ]
    ] = field(name="reasoningTokens", default=None)
    """
    Of outputTokens, how many were reasoning the reply does not show (OpenAI reasoning_tokens).
    """
    cache_writes_by_ttl: Absent[
        Annotated[
            tuple[CacheWrite, ...],
            Meta(
                description="Of cacheWriteTokens, how many were written with each time to live, as the provider reports them (Anthropic cache_creation: 5m and 1h; Bedrock cacheDetails: 5m and 1h; OpenAI Responses cache_write_tokens_details: 30m and 12h), shortest first, each time to live once."
            ),
        ]
    ] = field(name="cacheWritesByTtl", default=None)
    """
    Of cacheWriteTokens, how many were written with each time to live, as the provider reports them (Anthropic cache_creation: 5m and 1h; Bedrock cacheDetails: 5m and 1h; OpenAI Responses cache_write_tokens_details: 30m and 12h), shortest first, each time to live once.
    """
    server_tool_requests: Absent[
        Annotated[
            tuple[ServerToolRequests, ...],
            Meta(
                description="How many requests each server tool (a tool the provider runs: web search, web fetch) made for the reply, as the provider reports them (Anthropic server_tool_use, OpenAI Responses tool_usage, OpenRouter server_tool_use_details), each tool once; providers bill these per request, apart from tokens."
            ),
        ]
    ] = field(name="serverToolRequests", default=None)
    """
    How many requests each server tool (a tool the provider runs: web search, web fetch) made for the reply, as the provider reports them (Anthropic server_tool_use, OpenAI Responses tool_usage, OpenRouter server_tool_use_details), each tool once; providers bill these per request, apart from tokens.
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
