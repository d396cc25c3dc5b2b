"""OpenAI Chat Completions: the request conversion both ways (``_request``) and the stream
(``_stream``)."""

from agent_ir.wire.openai_chat._request import from_openai_chat, to_openai_chat
from agent_ir.wire.openai_chat._stream import OpenAIChatStream

__all__ = ["OpenAIChatStream", "from_openai_chat", "to_openai_chat"]
