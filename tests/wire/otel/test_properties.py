"""Properties over generated transcripts (every block and source type the IR has, any
ids and text): what ``to_otel`` writes is valid under the project's declaration and
the conventions' schemas, and reads back into what writes the same, its tool linkage
intact."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_ir import TranscriptError, from_otel, to_otel, validate_transcript
from agent_ir.wire import WireFormatError

from support.examples import examples
from support.strategies import single_messages, transcripts

SETTINGS = settings(
    derandomize=True,
    max_examples=examples(100),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@SETTINGS
@given(transcript=transcripts())
def test_a_linked_transcript_reads_back_linked_and_writes_the_same(
    transcript: list[Any], declared: Any
) -> None:
    written = to_otel(transcript)
    declared(written.fields)
    read = from_otel(written.fields)
    assert to_otel(read).fields == written.fields
    assert len(read) == len(transcript)
    assert [d.code for d in validate_transcript(read)] == [
        d.code for d in validate_transcript(transcript)
    ]


@SETTINGS
@given(transcript=single_messages())
def test_every_kind_of_message_is_written_valid_and_reads_back(
    transcript: list[Any], declared: Any
) -> None:
    written = to_otel(transcript, output=1)
    declared(written.fields)
    assert to_otel(from_otel(written.fields), output=1).fields == written.fields


@SETTINGS
@given(transcript=single_messages())
def test_every_kind_of_message_is_written_valid_under_the_conventions_schemas(
    transcript: list[Any], conventions: Any
) -> None:
    conventions(to_otel(transcript, output=1).fields)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=12,
)
KEYS = st.sampled_from(["type", "role", "parts", "content", "id", "name", "arguments",
                        "response", "result", "builtin", "modality", "mime_type", "uri",
                        "file_id", "finish_reason", "server_tool_call", "parameters"])  # fmt: skip
TYPES = st.sampled_from(["text", "tool_call", "tool_call_response", "server_tool_call",
                         "server_tool_call_response", "blob", "file", "uri", "reasoning",
                         "thinking", "compaction", "function", "x", "", "user", "assistant",
                         "tool", "system"])  # fmt: skip
# Objects made of the format's own keys and tags, so that most draws get past the outer
# shape and into the parts.
SHAPED = st.recursive(
    JSON | TYPES,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner | TYPES, max_size=5),
    max_leaves=20,
)
ATTRIBUTES = st.dictionaries(
    st.sampled_from(
        [
            "gen_ai.system_instructions",
            "gen_ai.input.messages",
            "gen_ai.output.messages",
            "gen_ai.tool.definitions",
            "gen_ai.response.finish_reasons",
        ]
    ),
    SHAPED,
    max_size=4,
)


@SETTINGS
@given(attributes=ATTRIBUTES)
def test_any_attributes_are_read_or_refused_never_anything_else(attributes: Any) -> None:
    """Hostile input: what is read is valid IR whose every part is accounted for;
    anything else is a WireFormatError or a TranscriptError, never another exception."""
    try:
        read = from_otel(attributes)
    except (WireFormatError, TranscriptError):
        return
    assert validate_transcript(read, allow_pending=True) is not None
    to_otel(read, tools=read.tools)
