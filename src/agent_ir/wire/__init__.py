"""Provider wire formats: the IR to and from OpenAI Chat Completions
(``to_openai_chat``, ``from_openai_chat``), OpenAI Responses (``to_openai_responses``,
``from_openai_responses``) and Anthropic Messages (``to_anthropic``, ``from_anthropic``).
Each format's module (``agent_ir.wire.openai_chat``, ``agent_ir.wire.openai_responses``,
``agent_ir.wire.anthropic``) documents its mapping.

Each ``to_*`` returns a ``WireRequest`` (the request fields as plain JSON-ready values,
and ``warnings``); each ``from_*`` returns ``WireMessages`` (a tuple of IR messages,
with ``warnings``). Nothing is dropped silently: what a format cannot carry is a
``ConversionWarning`` with a stable code. No format carries a tool result's tool name:
``from_*`` takes it from the calls, ``UNKNOWN_TOOL_NAME`` when no call has the result's
id (TOOL_NAME_UNKNOWN), and ``to_*`` warns when it would not come back
(TOOL_NAME_NOT_SENT). Input of the wrong shape is a ``WireFormatError`` whose path
starts at the request field (``messages``, ``input``, ``system``).
"""

from agent_ir.wire._common import (
    UNKNOWN_TOOL_NAME,
    ConversionWarning,
    ConversionWarningCode,
    WireFormatError,
    WireMessages,
    WireRequest,
)
from agent_ir.wire.anthropic import AnthropicStream, from_anthropic, to_anthropic
from agent_ir.wire.openai_chat import OpenAIChatStream, from_openai_chat, to_openai_chat
from agent_ir.wire.openai_responses import (
    OpenAIResponsesStream,
    from_openai_responses,
    to_openai_responses,
)

__all__ = [
    "UNKNOWN_TOOL_NAME",
    "AnthropicStream",
    "ConversionWarning",
    "ConversionWarningCode",
    "OpenAIChatStream",
    "OpenAIResponsesStream",
    "WireFormatError",
    "WireMessages",
    "WireRequest",
    "from_anthropic",
    "from_openai_chat",
    "from_openai_responses",
    "to_anthropic",
    "to_openai_chat",
    "to_openai_responses",
]
