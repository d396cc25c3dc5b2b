"""Google Gemini (``generateContent`` / ``streamGenerateContent``, AI Studio and Vertex):
the request conversion both ways (``_request``, its tools in ``_tools``), the
non-streamed reply (``_reply``) and the stream (``_stream``)."""

from typing import TYPE_CHECKING

from agent_ir._publish import lazy_names

if TYPE_CHECKING:
    from agent_ir.wire.gemini._reply import reply_from_gemini
    from agent_ir.wire.gemini._request import from_gemini, to_gemini
    from agent_ir.wire.gemini._stream import AsyncGeminiStream, GeminiStream

__all__ = [
    "AsyncGeminiStream",
    "GeminiStream",
    "from_gemini",
    "reply_from_gemini",
    "to_gemini",
]

# Imported when first used: the reply and the stream import the replies package and
# asyncio, and the registry (all the command reads at start-up) needs only ``_rules``.
__getattr__ = lazy_names(
    globals(),
    {
        "agent_ir.wire.gemini._reply": ("reply_from_gemini",),
        "agent_ir.wire.gemini._request": (
            "from_gemini",
            "to_gemini",
        ),
        "agent_ir.wire.gemini._stream": (
            "AsyncGeminiStream",
            "GeminiStream",
        ),
    },
    "agent_ir.wire",
)
