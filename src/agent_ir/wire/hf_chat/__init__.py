"""Hugging Face chat datasets (TRL's conversational format): a dataset row to and from
the IR (``_request``). A dataset format, not an API: it has no replies or streams, and
its record (``_format``) is a dataset format, no provider: no rules beyond the IR's."""

import typing

from agent_ir import _publish

if typing.TYPE_CHECKING:
    from agent_ir.wire.hf_chat._request import *

# Published as ``agent_ir.wire``'s however they are reached, as every folder's names.
_publish.export(
    globals(),
    lazy={
        "agent_ir.wire.hf_chat._request": (
            "from_hf_chat",
            "to_hf_chat",
        ),
    },
    module="agent_ir.wire",
)
