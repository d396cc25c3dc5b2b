"""OpenAI Chat Completions: the request conversion both ways (``_request``), the
non-streamed reply (``_reply``) and the stream, sync and async (``_stream``)."""

from typing import TYPE_CHECKING

from agent_ir._publish import lazy_names

if TYPE_CHECKING:
    from agent_ir.wire.openai_chat._reply import reply_from_openai_chat
    from agent_ir.wire.openai_chat._request import from_openai_chat, to_openai_chat
    from agent_ir.wire.openai_chat._stream import AsyncOpenAIChatStream, OpenAIChatStream

__all__ = [
    "AsyncOpenAIChatStream",
    "OpenAIChatStream",
    "from_openai_chat",
    "reply_from_openai_chat",
    "to_openai_chat",
]

# Imported when first used: the reply and the stream import the replies package and
# asyncio, and the registry (all the command reads at start-up) needs only ``_rules``.
__getattr__ = lazy_names(
    globals(),
    {
        "agent_ir.wire.openai_chat._reply": ("reply_from_openai_chat",),
        "agent_ir.wire.openai_chat._request": (
            "from_openai_chat",
            "to_openai_chat",
        ),
        "agent_ir.wire.openai_chat._stream": (
            "AsyncOpenAIChatStream",
            "OpenAIChatStream",
        ),
    },
    "agent_ir.wire",
)
