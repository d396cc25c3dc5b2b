"""OpenAI Chat Completions: the request conversion both ways (``_request``), the
non-streamed reply (``_reply``) and the stream, sync and async (``_stream``)."""

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
