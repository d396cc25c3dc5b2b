"""Google Gemini (``generateContent`` / ``streamGenerateContent``, AI Studio and Vertex):
the request conversion both ways (``_request``, its tools in ``_tools``), the
non-streamed reply (``_reply``) and the stream (``_stream``)."""

import typing

from agent_ir import _publish

if typing.TYPE_CHECKING:
    from agent_ir.wire.gemini._reply import *
    from agent_ir.wire.gemini._request import *
    from agent_ir.wire.gemini._stream import (
        AsyncGeminiStream as AsyncGeminiStream,
        GeminiStream as GeminiStream,
    )

# Imported when first used: the reply and the stream import the replies package and
# asyncio, and the registry (all the command reads at start-up) needs only ``_rules``.
# Published as ``agent_ir.wire``'s however they are reached, as every folder's names.
_publish.export(
    globals(),
    lazy={
        "agent_ir.wire.gemini._reply": ("reply_from_gemini",),
        "agent_ir.wire.gemini._request": ("from_gemini", "to_gemini"),
        "agent_ir.wire.gemini._stream": ("AsyncGeminiStream", "GeminiStream"),
    },
    module="agent_ir.wire",
)
