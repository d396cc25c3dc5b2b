"""Provider wire formats, one folder each: OpenAI Chat Completions (``openai_chat``),
OpenAI Responses (``openai_responses``), Anthropic Messages (``anthropic``), Google
Gemini (``gemini``), AWS Bedrock Converse (``bedrock_converse``) and Mistral (``mistral``).

Each folder gives the same five things: ``to_*`` (IR -> the request's messages, a
``WireRequest``; with ``tools=``, the request's ``tools`` too), ``from_*`` (a request's
messages -> IR, ``WireMessages``; with ``tools=``, its ``tools`` read into
``ToolDefinition``s),
``reply_from_*`` (a non-streamed reply -> ``ModelResponse``), and a sync and an async
stream (``AnthropicStream`` / ``AsyncAnthropicStream``...: a streamed reply -> chunks
and the same ``ModelResponse``). Nothing is dropped silently: what a format cannot
carry is a ``ConversionWarning`` with a stable code and a JSON Pointer ``path``. Input
of the wrong shape is a ``WireFormatError``; a stream that fails is a
``ProviderError``. Each folder's modules document its mapping.
``hf_chat`` (``to_hf_chat`` / ``from_hf_chat``) converts to and from Hugging Face chat
datasets (TRL's conversational format, with their ``tools``); it has no replies or streams.
``otel`` (``to_otel`` / ``from_otel``) converts to and from the OpenTelemetry GenAI
conventions' message attributes of a span; it has no replies or streams either.
"""

import typing

from agent_ir import _publish
from agent_ir._errors import WireFormatError as WireFormatError
from agent_ir.wire._common import (
    UNKNOWN_TOOL_NAME as UNKNOWN_TOOL_NAME,
    ConversionWarning as ConversionWarning,
    ConversionWarningCode as ConversionWarningCode,
    WireMessages as WireMessages,
    WireRequest as WireRequest,
)
from agent_ir.wire._sse import MAX_EVENT_BYTES as MAX_EVENT_BYTES

if typing.TYPE_CHECKING:
    from agent_ir.wire.anthropic import *
    from agent_ir.wire.bedrock_converse import *
    from agent_ir.wire.gemini import *
    from agent_ir.wire.hf_chat import *
    from agent_ir.wire.mistral import *
    from agent_ir.wire.openai_chat import *
    from agent_ir.wire.openai_responses import *
    from agent_ir.wire.otel import *

# Reprs say agent_ir.wire.AnthropicStream (agent_ir.ConversionWarning for the names
# agent_ir exports too). Each provider's conversions, replies and streams are imported
# when first used, from its folder: its reply and stream import the replies package and
# asyncio, and the command's start-up reads only the registry.
_publish.export(
    globals(),
    faces=(
        "agent_ir.wire.anthropic",
        "agent_ir.wire.bedrock_converse",
        "agent_ir.wire.gemini",
        "agent_ir.wire.hf_chat",
        "agent_ir.wire.mistral",
        "agent_ir.wire.openai_chat",
        "agent_ir.wire.openai_responses",
        "agent_ir.wire.otel",
    ),
)
