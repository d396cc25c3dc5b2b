"""OpenAI Responses:
the request conversion both ways (``_request``), the non-streamed reply (``_reply``) and the stream, sync and async (``_stream``)."""

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
