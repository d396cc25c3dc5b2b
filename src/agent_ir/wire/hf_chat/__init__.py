"""Hugging Face chat datasets (TRL's conversational format): a dataset row to and from
the IR (``_request``). A dataset format, not an API: it has no replies or streams, and
its record (``_format``) is a dataset format, no provider: no rules beyond the IR's."""

from typing import TYPE_CHECKING

from agent_ir._publish import lazy_names

if TYPE_CHECKING:
    from agent_ir.wire.hf_chat._request import from_hf_chat, to_hf_chat

__all__ = ["from_hf_chat", "to_hf_chat"]

# Published as ``agent_ir.wire``'s however they are reached, as every folder's names.
__getattr__ = lazy_names(
    globals(), {"agent_ir.wire.hf_chat._request": ("from_hf_chat", "to_hf_chat")}, "agent_ir.wire"
)
