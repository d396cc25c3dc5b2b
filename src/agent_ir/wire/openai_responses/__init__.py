"""OpenAI Responses:
the request conversion both ways (``_request``), the non-streamed reply (``_reply``) and the stream, sync and async (``_stream``)."""

import typing

from agent_ir import _publish

if typing.TYPE_CHECKING:
    from agent_ir.wire.openai_responses._reply import *
    from agent_ir.wire.openai_responses._request import *
    from agent_ir.wire.openai_responses._stream import (
        AsyncOpenAIResponsesStream as AsyncOpenAIResponsesStream,
        OpenAIResponsesStream as OpenAIResponsesStream,
    )

# Imported when first used: the reply and the stream import the replies package and
# asyncio, and the registry (all the command reads at start-up) needs only ``_rules``.
# Published as ``agent_ir.wire``'s however they are reached, as every folder's names.
_publish.export(
    globals(),
    lazy={
        "agent_ir.wire.openai_responses._reply": ("reply_from_openai_responses",),
        "agent_ir.wire.openai_responses._request": ("from_openai_responses", "to_openai_responses"),
        "agent_ir.wire.openai_responses._stream": (
            "AsyncOpenAIResponsesStream",
            "OpenAIResponsesStream",
        ),
    },
    module="agent_ir.wire",
)
