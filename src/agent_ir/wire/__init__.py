"""Provider wire formats, one folder each: OpenAI Chat Completions (``openai_chat``),
OpenAI Responses (``openai_responses``), Anthropic Messages (``anthropic``) and Google
Gemini (``gemini``).

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
"""

from typing import TYPE_CHECKING

from agent_ir._errors import WireFormatError
from agent_ir._publish import lazy_names, publish, publish_lazy
from agent_ir.wire._common import (
    UNKNOWN_TOOL_NAME,
    ConversionWarning,
    ConversionWarningCode,
    WireMessages,
    WireRequest,
)
from agent_ir.wire._sse import MAX_EVENT_BYTES

if TYPE_CHECKING:
    from agent_ir.wire.anthropic import (
        AnthropicStream,
        AsyncAnthropicStream,
        from_anthropic,
        reply_from_anthropic,
        to_anthropic,
    )
    from agent_ir.wire.gemini import (
        AsyncGeminiStream,
        GeminiStream,
        from_gemini,
        reply_from_gemini,
        to_gemini,
    )
    from agent_ir.wire.hf_chat import from_hf_chat, to_hf_chat
    from agent_ir.wire.openai_chat import (
        AsyncOpenAIChatStream,
        OpenAIChatStream,
        from_openai_chat,
        reply_from_openai_chat,
        to_openai_chat,
    )
    from agent_ir.wire.openai_responses import (
        AsyncOpenAIResponsesStream,
        OpenAIResponsesStream,
        from_openai_responses,
        reply_from_openai_responses,
        to_openai_responses,
    )

__all__ = [
    "MAX_EVENT_BYTES",
    "UNKNOWN_TOOL_NAME",
    "AnthropicStream",
    "AsyncAnthropicStream",
    "AsyncGeminiStream",
    "AsyncOpenAIChatStream",
    "AsyncOpenAIResponsesStream",
    "ConversionWarning",
    "ConversionWarningCode",
    "GeminiStream",
    "OpenAIChatStream",
    "OpenAIResponsesStream",
    "WireFormatError",
    "WireMessages",
    "WireRequest",
    "from_anthropic",
    "from_gemini",
    "from_hf_chat",
    "from_openai_chat",
    "from_openai_responses",
    "reply_from_anthropic",
    "reply_from_gemini",
    "reply_from_openai_chat",
    "reply_from_openai_responses",
    "to_anthropic",
    "to_gemini",
    "to_hf_chat",
    "to_openai_chat",
    "to_openai_responses",
]

# Reprs say agent_ir.wire.AnthropicStream; the names agent_ir exports too say agent_ir
# (its own publish runs after this one).
publish(globals(), [name for name in __all__ if name in globals()], __name__)
publish_lazy(globals(), __name__)  # those agent_ir exports say agent_ir

# Each provider's conversions, replies and streams are imported when first used (from
# its folder, which publishes them here): its reply and stream import the replies
# package and asyncio, and the command's start-up reads only the registry.
__getattr__ = lazy_names(
    globals(),
    {
        "agent_ir.wire.anthropic": (
            "AnthropicStream",
            "AsyncAnthropicStream",
            "from_anthropic",
            "reply_from_anthropic",
            "to_anthropic",
        ),
        "agent_ir.wire.gemini": (
            "AsyncGeminiStream",
            "GeminiStream",
            "from_gemini",
            "reply_from_gemini",
            "to_gemini",
        ),
        "agent_ir.wire.hf_chat": (
            "from_hf_chat",
            "to_hf_chat",
        ),
        "agent_ir.wire.openai_chat": (
            "AsyncOpenAIChatStream",
            "OpenAIChatStream",
            "from_openai_chat",
            "reply_from_openai_chat",
            "to_openai_chat",
        ),
        "agent_ir.wire.openai_responses": (
            "AsyncOpenAIResponsesStream",
            "OpenAIResponsesStream",
            "from_openai_responses",
            "reply_from_openai_responses",
            "to_openai_responses",
        ),
    },
    __name__,
)
del lazy_names, publish, publish_lazy


def __dir__() -> list[str]:
    return sorted(__all__)
