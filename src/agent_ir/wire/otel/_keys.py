"""The four span attributes of the OpenTelemetry GenAI conventions that hold messages
and tools, and the finish reasons both directions share."""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

__all__ = [
    "FINISH_REASONS",
    "INPUT_MESSAGES",
    "KEYS",
    "OUTPUT_MESSAGES",
    "RESPONSE_FINISH_REASONS",
    "STOP_REASONS",
    "SYSTEM_INSTRUCTIONS",
    "TOOL_DEFINITIONS",
]

SYSTEM_INSTRUCTIONS: Final = "gen_ai.system_instructions"
INPUT_MESSAGES: Final = "gen_ai.input.messages"
OUTPUT_MESSAGES: Final = "gen_ai.output.messages"
TOOL_DEFINITIONS: Final = "gen_ai.tool.definitions"
RESPONSE_FINISH_REASONS: Final = "gen_ai.response.finish_reasons"
"""The span attribute the conventions now put finish reasons in (one per output
message, in order); ``from_otel`` reads it for an output message without its own."""

KEYS: Final = (SYSTEM_INSTRUCTIONS, INPUT_MESSAGES, OUTPUT_MESSAGES, TOOL_DEFINITIONS)
"""The attributes ``to_otel`` writes and ``from_otel`` reads, in reading order."""

FINISH_REASONS = MappingProxyType(
    {
        "stop": "stop",
        "length": "length",
        "toolCall": "tool_call",
        "error": "error",
        "refusal": "refusal",
        "aborted": "aborted",
    }
)
"""The IR's ``stopReason`` -> an assistant message's ``finish_reason``: the conventions'
value where one means the same (``stop``, ``length``, ``tool_call``, ``error``), else
the IR's own (``refusal``: the model declined, which is no ``content_filter``;
``aborted``), strings the conventions allow."""

STOP_REASONS = MappingProxyType(
    {
        **{reason: stop for stop, reason in FINISH_REASONS.items()},
        # the conventions' other value: a filter stopped the output, as OpenAI Chat's
        # content_filter is read (agent_ir.wire.openai_chat)
        "content_filter": "error",
        # the providers' own spellings, which instrumentations pass through
        # (opentelemetry-instrumentation-openai-v2 writes OpenAI's)
        "tool_calls": "toolCall",
        "function_call": "toolCall",
        "eos": "stop",
        "model_length": "length",
        "end_turn": "stop",
        "stop_sequence": "stop",
        "max_tokens": "length",
        "tool_use": "toolCall",
    }
)
"""A ``finish_reason`` -> the IR's ``stopReason``; any other reason (``compaction``,
say) is PART_NOT_READ."""
