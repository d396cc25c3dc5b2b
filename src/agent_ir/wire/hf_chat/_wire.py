"""The Hugging Face chat wire format: the declarations generated from ``schemas/v1/wire/hf-
chat.schema.json`` (``agent_ir._generated.wire.hf_chat``, whose docstring describes the
format).
"""

from __future__ import annotations

from agent_ir._generated.wire import hf_chat as _declarations
from agent_ir._generated.wire.hf_chat import *

# The declarations, as generated (no helper of its own).
__all__ = [*_declarations.__all__]
