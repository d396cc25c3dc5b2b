"""Google Gemini (``generateContent`` / ``streamGenerateContent``, AI Studio and Vertex):
the request conversion both ways (``_request``, its tools in ``_tools``), the
non-streamed reply (``_reply``) and the stream (``_stream``)."""

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
