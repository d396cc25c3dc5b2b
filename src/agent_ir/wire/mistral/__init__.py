"""Mistral chat completions: the request conversion both ways (``_request``), the
non-streamed reply (``_reply``) and the stream, sync and async (``_stream``)."""

import typing

from agent_ir import _publish

if typing.TYPE_CHECKING:
    from agent_ir.wire.mistral._reply import *
    from agent_ir.wire.mistral._request import *
    from agent_ir.wire.mistral._stream import (
        AsyncMistralStream as AsyncMistralStream,
        MistralStream as MistralStream,
    )

# Imported when first used, as every folder's names (the registry needs only ``_rules``).
_publish.export(
    globals(),
    lazy={
        "agent_ir.wire.mistral._reply": ("reply_from_mistral",),
        "agent_ir.wire.mistral._request": ("from_mistral", "to_mistral"),
        "agent_ir.wire.mistral._stream": ("AsyncMistralStream", "MistralStream"),
    },
    module="agent_ir.wire",
)
