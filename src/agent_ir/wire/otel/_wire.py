"""The OpenTelemetry GenAI wire format: the declarations generated from
``schemas/v1/wire/otel.schema.json`` (``agent_ir._generated.wire.otel``, whose docstring
describes the format and names the conventions' commits it is adapted from).
"""

from __future__ import annotations

from agent_ir._generated.wire import otel as _declarations
from agent_ir._generated.wire.otel import *

# The declarations, as generated (no helper of its own).
__all__ = [*_declarations.__all__]
