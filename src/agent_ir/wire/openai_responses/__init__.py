"""OpenAI Responses: the request conversion both ways (``_request``) and the stream
(``_stream``)."""

from agent_ir.wire.openai_responses._request import from_openai_responses, to_openai_responses
from agent_ir.wire.openai_responses._stream import OpenAIResponsesStream

__all__ = ["OpenAIResponsesStream", "from_openai_responses", "to_openai_responses"]
