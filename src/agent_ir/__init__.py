"""agent-ir: one normalized, immutable message IR for LLM applications.

Everything public is listed in ``__all__`` and says ``agent_ir`` in its repr; every
other module may change.
"""

from __future__ import annotations

from agent_ir import schemas
from agent_ir._errors import AgentIRError, InvalidMessageError, JsonValueError, TranscriptError
from agent_ir._generated.diagnostic_schema import Diagnostic, DiagnosticCode
from agent_ir._generated.message_schema import (
    AssistantMessage,
    AudioBlock,
    Base64Source,
    CacheControl,
    CacheTtl,
    Citation,
    DocumentBlock,
    FileSource,
    ImageBlock,
    ImageDetail,
    Message,
    RefusalBlock,
    ServerToolCallBlock,
    ServerToolResultBlock,
    StopReason,
    SystemMessage,
    TextBlock,
    ThinkingBlock,
    ToolCallBlock,
    ToolResultMessage,
    UrlSource,
    Usage,
    UserMessage,
)
from agent_ir._generated.transcript_schema import ToolDefinition, TranscriptRecord
from agent_ir._jsoncopy import MAX_DEPTH
from agent_ir._jsonobject import JsonObject
from agent_ir._publish import publish
from agent_ir.messages import (
    assistant_message,
    dumps,
    parse_message,
    system_message,
    text_from_assistant,
    to_json_value,
    tool_result_message,
    user_message,
)
from agent_ir.repair import (
    RepairAction,
    RepairCode,
    RepairResult,
    normalize_tool_call_ids,
    repair_transcript,
    trim_transcript,
)
from agent_ir.replies import (
    FixtureProviderAdapter,
    ModelChunk,
    ModelResponse,
    ModelStream,
    ProviderError,
    ProviderErrorCode,
    RefusalDeltaChunk,
    TextDeltaChunk,
    ThinkingDeltaChunk,
    ToolCallChunk,
)
from agent_ir.rules import check_wire_rules
from agent_ir.transcript import loads, parse_transcript, validate_json, validate_transcript
from agent_ir.wire import (
    ConversionWarning,
    ConversionWarningCode,
    WireFormatError,
    WireMessages,
    WireRequest,
)
from agent_ir.wire._registry import Provider

__all__ = [
    "MAX_DEPTH",
    "AgentIRError",
    "AssistantMessage",
    "AudioBlock",
    "Base64Source",
    "CacheControl",
    "CacheTtl",
    "Citation",
    "ConversionWarning",
    "ConversionWarningCode",
    "Diagnostic",
    "DiagnosticCode",
    "DocumentBlock",
    "FileSource",
    "FixtureProviderAdapter",
    "ImageBlock",
    "ImageDetail",
    "InvalidMessageError",
    "JsonObject",
    "JsonValueError",
    "Message",
    "ModelChunk",
    "ModelResponse",
    "ModelStream",
    "Provider",
    "ProviderError",
    "ProviderErrorCode",
    "RefusalBlock",
    "RefusalDeltaChunk",
    "RepairAction",
    "RepairCode",
    "RepairResult",
    "ServerToolCallBlock",
    "ServerToolResultBlock",
    "StopReason",
    "SystemMessage",
    "TextBlock",
    "TextDeltaChunk",
    "ThinkingBlock",
    "ThinkingDeltaChunk",
    "ToolCallBlock",
    "ToolCallChunk",
    "ToolDefinition",
    "ToolResultMessage",
    "TranscriptError",
    "TranscriptRecord",
    "UrlSource",
    "Usage",
    "UserMessage",
    "WireFormatError",
    "WireMessages",
    "WireRequest",
    "assistant_message",
    "check_wire_rules",
    "dumps",
    "loads",
    "normalize_tool_call_ids",
    "parse_message",
    "parse_transcript",
    "repair_transcript",
    "schemas",
    "system_message",
    "text_from_assistant",
    "to_json_value",
    "tool_result_message",
    "trim_transcript",
    "user_message",
    "validate_json",
    "validate_transcript",
]

publish(globals(), __all__, __name__)
del publish


def __dir__() -> list[str]:
    return sorted(__all__)
