"""AWS Bedrock Converse:
the request conversion both ways (``_request``), the non-streamed reply (``_reply``) and
the stream of boto3's ConverseStream events (``_stream``)."""

import typing

from agent_ir import _publish

if typing.TYPE_CHECKING:
    from agent_ir.wire.bedrock_converse._reply import *
    from agent_ir.wire.bedrock_converse._request import *
    from agent_ir.wire.bedrock_converse._stream import (
        AsyncBedrockConverseStream as AsyncBedrockConverseStream,
        BedrockConverseStream as BedrockConverseStream,
    )

# Imported when first used, as every folder's names (the registry needs only ``_rules``).
_publish.export(
    globals(),
    lazy={
        "agent_ir.wire.bedrock_converse._reply": ("reply_from_bedrock_converse",),
        "agent_ir.wire.bedrock_converse._request": (
            "from_bedrock_converse",
            "to_bedrock_converse",
        ),
        "agent_ir.wire.bedrock_converse._stream": (
            "AsyncBedrockConverseStream",
            "BedrockConverseStream",
        ),
    },
    module="agent_ir.wire",
)
