"""Provider wire formats: the IR to and from OpenAI Chat Completions
(``agent_ir.wire.openai_chat``), OpenAI Responses (``agent_ir.wire.openai_responses``)
and Anthropic Messages (``agent_ir.wire.anthropic``).

Each ``to_*`` returns a ``WireRequest`` (the request fields as plain JSON-ready values,
and ``warnings``); each ``from_*`` returns ``WireMessages`` (a tuple of IR messages,
with ``warnings``). Nothing is dropped silently: what a format cannot carry is a
``ConversionWarning`` with a stable code.
"""

from agent_ir.wire._common import (
    ConversionWarning,
    ConversionWarningCode,
    WireFormatError,
    WireMessages,
    WireRequest,
)

__all__ = [
    "ConversionWarning",
    "ConversionWarningCode",
    "WireFormatError",
    "WireMessages",
    "WireRequest",
]
