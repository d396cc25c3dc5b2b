"""The Mistral chat completions wire format: the declarations generated from
``schemas/v1/wire/mistral.schema.json`` (``agent_ir._generated.wire.mistral``, whose
docstring describes the format).
"""

from __future__ import annotations

from agent_ir._generated.wire import mistral as _declarations
from agent_ir._generated.wire.mistral import *

# The declarations, as generated (no helper of its own).
__all__ = [*_declarations.__all__]
