"""Hugging Face chat datasets (TRL's conversational format): a dataset row to and from
the IR (``_request``). A dataset format, not an API: it has no replies or streams, and
its record (``_format``) is a dataset format, no provider: no rules beyond the IR's."""

from agent_ir.wire.hf_chat._request import from_hf_chat, to_hf_chat

__all__ = ["from_hf_chat", "to_hf_chat"]
