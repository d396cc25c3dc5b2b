"""The Hugging Face chat wire format: the declarations generated from ``schemas/v1/wire/hf-
chat.schema.json`` (``agent_ir._generated.wire.hf_chat``, whose docstring describes the
format), and the helpers its readers share.
"""

from __future__ import annotations

from agent_ir._generated.wire.hf_chat import (
    AssistantMessage,
    DeveloperMessage,
    Function,
    FunctionTool,
    ImagePart,
    MediaContent,
    Message,
    OtherImagePart,
    Part,
    SystemMessage,
    TextContent,
    TextPart,
    Tool,
    ToolCall,
    ToolFunction,
    ToolMessage,
    UserMessage,
)

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
