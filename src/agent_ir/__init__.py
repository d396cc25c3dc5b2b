"""agent-ir: one normalized, immutable message IR for LLM applications.

Everything public is listed in ``__all__`` and says ``agent_ir`` in its repr; every
other module may change.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

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
from agent_ir._publish import LAZY, publish
from agent_ir._version import version as _installed_version
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
from agent_ir.transcript import loads, parse_transcript, validate_json, validate_transcript

if TYPE_CHECKING:
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
    from agent_ir.wire import (
        ConversionWarning,
        ConversionWarningCode,
        WireFormatError,
        WireMessages,
        WireRequest,
    )
    from agent_ir.wire._registry import Provider

    __version__: str

# Imported when first used (``_publish.LAZY`` says from where): the provider formats,
# replies, wire rules and repair are most of the package, and a check of JSON Lines
# needs none of them (importing them all took about 0.3 s of the command's start-up).
_MODULE_OF = {name: module for module, names in LAZY.items() for name in names}

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

publish(globals(), [name for name in __all__ if name not in _MODULE_OF], __name__)


def __getattr__(name: str) -> Any:
    """A lazily imported public name (its module publishes its names when imported), or
    ``__version__``."""
    if name == "__version__":
        return _installed_version()
    module_name = _MODULE_OF.get(name)
    if module_name is None:
        raise AttributeError(f"module 'agent_ir' has no attribute {name!r}")
    value = getattr(importlib.import_module(module_name), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
