"""Provider boundaries: untrusted transport data in, the normalized protocol out.

``protocol`` holds the normalized side (chunks, the terminal response, ``ProviderError``
and the ``ModelStream`` protocol); ``fixture`` the offline ``FixtureProviderAdapter``.
"""

from __future__ import annotations

from agent_ir.replies.fixture import FixtureProviderAdapter
from agent_ir.replies.protocol import (
    ModelChunk,
    ModelResponse,
    ModelStream,
    ProviderError,
    ProviderErrorCode,
    TextDeltaChunk,
    ThinkingDeltaChunk,
    ToolCallChunk,
)

__all__ = [
    "FixtureProviderAdapter",
    "ModelChunk",
    "ModelResponse",
    "ModelStream",
    "ProviderError",
    "ProviderErrorCode",
    "TextDeltaChunk",
    "ThinkingDeltaChunk",
    "ToolCallChunk",
]
