"""agent-ir: one normalized, immutable message IR for LLM applications.

Everything public is listed in ``__all__`` and says ``agent_ir`` in its repr; every
other module may change.
"""

import typing

from agent_ir import _publish, _version
from agent_ir import schemas as schemas
from agent_ir._errors import (
    AgentIRError as AgentIRError,
    InvalidMessageError as InvalidMessageError,
    JsonValueError as JsonValueError,
    TranscriptError as TranscriptError,
    WireFormatError as WireFormatError,
)
from agent_ir._generated.diagnostic_schema import (
    Diagnostic as Diagnostic,
    DiagnosticCode as DiagnosticCode,
)
from agent_ir._generated.message_schema import (
    AssistantMessage as AssistantMessage,
    AudioBlock as AudioBlock,
    Base64Source as Base64Source,
    CacheControl as CacheControl,
    CacheTtl as CacheTtl,
    CacheWrite as CacheWrite,
    Citation as Citation,
    DocumentBlock as DocumentBlock,
    FileSource as FileSource,
    ImageBlock as ImageBlock,
    ImageDetail as ImageDetail,
    Message as Message,
    RefusalBlock as RefusalBlock,
    ServerToolCallBlock as ServerToolCallBlock,
    ServerToolRequests as ServerToolRequests,
    ServerToolResultBlock as ServerToolResultBlock,
    StopReason as StopReason,
    SystemMessage as SystemMessage,
    TextBlock as TextBlock,
    ThinkingBlock as ThinkingBlock,
    ToolCallBlock as ToolCallBlock,
    ToolResultMessage as ToolResultMessage,
    UrlSource as UrlSource,
    Usage as Usage,
    UserMessage as UserMessage,
)
from agent_ir._generated.transcript_schema import (
    ToolDefinition as ToolDefinition,
    TranscriptRecord as TranscriptRecord,
)
from agent_ir._jsoncopy import MAX_DEPTH as MAX_DEPTH
from agent_ir._jsonobject import JsonObject as JsonObject
from agent_ir.messages import (
    assistant_message as assistant_message,
    dumps as dumps,
    parse_message as parse_message,
    system_message as system_message,
    text_from_assistant as text_from_assistant,
    to_json_value as to_json_value,
    tool_result_message as tool_result_message,
    user_message as user_message,
)
from agent_ir.transcript import (
    loads as loads,
    parse_transcript as parse_transcript,
    validate_json as validate_json,
    validate_transcript as validate_transcript,
)

if typing.TYPE_CHECKING:
    from agent_ir.adapters import *
    from agent_ir.repair import *
    from agent_ir.replies import *
    from agent_ir.retargeting import *
    from agent_ir.rules import check_wire_rules as check_wire_rules
    from agent_ir.wire import (
        ConversionWarning as ConversionWarning,
        ConversionWarningCode as ConversionWarningCode,
        WireMessages as WireMessages,
        WireRequest as WireRequest,
        from_otel as from_otel,
        to_otel as to_otel,
    )
    from agent_ir.wire._registry import Provider as Provider

    __version__: str

# Imported when first used: the provider formats, replies, wire rules and repair are most
# of the package, and a check of JSON Lines needs none of them (importing them all took
# about 0.3 s of the command's start-up).
_publish.export(
    globals(),
    modules=("schemas",),
    lazy={
        "agent_ir.adapters": (
            "from_langchain",
            "from_pydantic_ai",
            "to_langchain",
            "to_pydantic_ai",
        ),
        "agent_ir.repair": (
            "RepairAction",
            "RepairCode",
            "RepairResult",
            "normalize_tool_call_ids",
            "repair_transcript",
            "trim_transcript",
        ),
        "agent_ir.replies": (
            "FixtureProviderAdapter",
            "ModelChunk",
            "ModelResponse",
            "ModelStream",
            "ProviderError",
            "ProviderErrorCode",
            "RefusalDeltaChunk",
            "TextDeltaChunk",
            "ThinkingDeltaChunk",
            "ToolCallChunk",
        ),
        "agent_ir.retargeting": ("RetargetChange", "Retargeted", "retarget"),
        "agent_ir.rules": ("check_wire_rules",),
        "agent_ir.wire": (
            "ConversionWarning",
            "ConversionWarningCode",
            "WireMessages",
            "WireRequest",
            "from_otel",
            "to_otel",
        ),
        "agent_ir.wire._registry": ("Provider",),
    },
    computed={"__version__": _version.version},
)
