"""OpenAI Responses:
the request conversion both ways (``_request``), the non-streamed reply (``_reply``) and the stream, sync and async (``_stream``)."""

from typing import TYPE_CHECKING

from agent_ir._publish import lazy_names

if TYPE_CHECKING:
    from agent_ir.wire.openai_responses._reply import reply_from_openai_responses
    from agent_ir.wire.openai_responses._request import from_openai_responses, to_openai_responses
    from agent_ir.wire.openai_responses._stream import (
        AsyncOpenAIResponsesStream,
        OpenAIResponsesStream,
    )

__all__ = [
    "AsyncOpenAIResponsesStream",
    "OpenAIResponsesStream",
    "from_openai_responses",
    "reply_from_openai_responses",
    "to_openai_responses",
]

# Imported when first used: the reply and the stream import the replies package and
# asyncio, and the registry (all the command reads at start-up) needs only ``_rules``.
__getattr__ = lazy_names(
    globals(),
    {
        "agent_ir.wire.openai_responses._reply": ("reply_from_openai_responses",),
        "agent_ir.wire.openai_responses._request": (
            "from_openai_responses",
            "to_openai_responses",
        ),
        "agent_ir.wire.openai_responses._stream": (
            "AsyncOpenAIResponsesStream",
            "OpenAIResponsesStream",
        ),
    },
    "agent_ir.wire",
)
