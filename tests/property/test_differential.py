"""Differential property tests: the msgspec fast path against the jsonschema reference.

Generated transcripts are valid by construction (every role and block type, parallel
tool calls answered in any order, unicode text, nested JSON arguments); mutations break
one message in one place (a dropped or blanked field, a wrong type, an unknown field,
role or block type, bad base64, a bad media type, ...). For every message the fast path
(``inspect_message``) and ``jsonschema.Draft202012Validator`` over the v1 message schema
must give the same verdict. The generator avoids what the schema cannot express (NaN,
lone surrogates, impossible calendar dates), so the schema's verdict is the whole truth.
"""

from __future__ import annotations

import base64
import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from agent_ir import (
    DiagnosticCode,
    TranscriptError,
    dumps,
    loads,
    parse_transcript,
    schemas,
    validate_transcript,
)
from agent_ir._text import is_blank
from agent_ir.validation._explain import inspect_message

from support.examples import examples

MESSAGE_REF = "https://agent-ir.dev/schemas/v1/message.schema.json#/$defs/Message"
REFERENCE = Draft202012Validator({"$ref": MESSAGE_REF}, registry=schemas.registry())
SHAPE_CODES = {
    DiagnosticCode.INVALID_MESSAGE,
    DiagnosticCode.EMPTY_TOOL_NAME,
    DiagnosticCode.INVALID_TOOL_ARGUMENTS,
}
SETTINGS = settings(
    max_examples=examples(150),
    deadline=None,
    derandomize=True,  # the same examples on every run: CI verdicts are reproducible
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# --- valid transcripts in JSON form ---------------------------------------------------------

TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)
# "Non-blank" as agent-ir and the schemas define it (Python's and ECMA-262's whitespace
# together): Python's \S alone counts "\ufeff" as a character, the schema does not.
NON_BLANK = TEXT.filter(lambda text: not is_blank(text))
JSON_SCALAR = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT
)
JSON_VALUE = st.recursive(
    JSON_SCALAR,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(TEXT, children, max_size=3),
    max_leaves=12,
)
ARGUMENTS = st.dictionaries(TEXT, JSON_VALUE, max_size=4)


@st.composite
def timestamps(draw: st.DrawFn) -> str:
    moment = draw(st.datetimes())
    fraction = draw(st.sampled_from(["", ".5", ".123456"]))
    offset = draw(st.sampled_from(["Z", "z", "+00:00", "-05:30", "+14:00", "+23:59"]))
    separator = draw(st.sampled_from(["T", "t"]))
    return (
        f"{moment:%Y}".zfill(4) + moment.strftime(f"-%m-%d{separator}%H:%M:%S") + fraction + offset
    )


BASE64 = st.binary(min_size=1, max_size=12).map(lambda raw: base64.b64encode(raw).decode())


def base64_source(media_types: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {"type": st.just("base64"), "mediaType": st.sampled_from(media_types), "data": BASE64}
    )


URL_SOURCE = st.fixed_dictionaries({"type": st.just("url"), "url": NON_BLANK})
FILE_SOURCE = st.fixed_dictionaries({"type": st.just("file"), "fileId": NON_BLANK})
TEXT_BLOCK = st.fixed_dictionaries({"type": st.just("text"), "text": TEXT})
IMAGE_BLOCK = st.fixed_dictionaries(
    {
        "type": st.just("image"),
        "source": base64_source(["image/png", "image/jpeg", "image/svg+xml"]) | URL_SOURCE,
    }
)
AUDIO_BLOCK = st.fixed_dictionaries(
    {"type": st.just("audio"), "source": base64_source(["audio/wav", "audio/mpeg"])}
)
DOCUMENT_BLOCK = st.fixed_dictionaries(
    {
        "type": st.just("document"),
        "source": base64_source(["application/pdf", "text/plain", "image/png"])
        | URL_SOURCE
        | FILE_SOURCE,
    }
)
THINKING_BLOCK = st.fixed_dictionaries(
    {"type": st.just("thinking"), "thinking": TEXT},
    optional={"signature": TEXT, "redacted": st.booleans()},
)
USAGE = st.fixed_dictionaries(
    {
        "inputTokens": st.integers(min_value=0, max_value=2**40),
        "outputTokens": st.integers(min_value=0, max_value=2**40),
    }
)
STOP_REASON = st.sampled_from(["stop", "length", "toolCall", "error", "aborted"])


def message(
    role: str, required: dict[str, Any], optional: dict[str, Any] | None = None
) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {"role": st.just(role), "id": NON_BLANK, **required},
        optional={"timestamp": timestamps(), **(optional or {})},
    )


USER = message(
    "user",
    {
        "content": TEXT
        | st.lists(TEXT_BLOCK | IMAGE_BLOCK | AUDIO_BLOCK | DOCUMENT_BLOCK, max_size=4)
    },
)
SYSTEM = message("system", {"content": TEXT})


@st.composite
def tool_round(draw: st.DrawFn, round_number: int) -> list[dict[str, Any]]:
    """An assistant message with text/thinking blocks and 0..3 parallel tool calls, then
    one result per call in any order (possibly with user/system messages in between)."""
    names = draw(st.lists(NON_BLANK, min_size=0, max_size=3))
    suffix = draw(TEXT)
    calls = [
        {
            "type": "toolCall",
            "id": f"call-{round_number}-{index}-{suffix}",
            "name": name,
            "arguments": draw(ARGUMENTS),
        }
        for index, name in enumerate(names)
    ]
    others = draw(st.lists(TEXT_BLOCK | THINKING_BLOCK, max_size=3))
    content = draw(st.permutations([*calls, *others]))
    assistant = draw(
        message(
            "assistant",
            {"content": st.just(content)},
            {
                "provider": TEXT,
                "model": TEXT,
                "usage": USAGE,
                "stopReason": STOP_REASON,
            },
        )
    )
    results = [
        draw(
            message(
                "toolResult",
                {
                    "toolCallId": st.just(call["id"]),
                    "toolName": st.just(call["name"]),
                    "content": TEXT | st.lists(TEXT_BLOCK | IMAGE_BLOCK, max_size=3),
                    "isError": st.booleans(),
                },
            )
        )
        for call in calls
    ]
    interleaved = draw(st.lists(USER | SYSTEM, max_size=1))
    ordered = draw(st.permutations(results))
    cut = draw(st.integers(min_value=0, max_value=len(ordered)))
    return [assistant, *ordered[:cut], *interleaved, *ordered[cut:]]


@st.composite
def transcripts(draw: st.DrawFn) -> list[dict[str, Any]]:
    transcript: list[dict[str, Any]] = []
    for round_number in range(draw(st.integers(min_value=0, max_value=4))):
        transcript.extend(draw(st.lists(USER | SYSTEM, max_size=2)))
        transcript.extend(draw(tool_round(round_number)))
    return transcript


# --- mutations --------------------------------------------------------------------------

WRONG_VALUES = [
    None,
    True,
    0,
    -1,
    1.5,
    "",
    "   ",
    "x",
    [],
    [1],
    {},
    {"type": "text"},
    "tool",
    "toolCall",
    "image/png",
    "audio/wav",
    "not a media type",
    "abc",
    "====",
    "aGk=",
    "2024-13-01T00:00:00Z",
    "2024-01-01 00:00:00Z",
    "2024-01-01T00:00:00",
]
UNKNOWN_TAGS = ["tool", "developer", "function", "Text", "tool_use", "image_url", "html"]


def _objects(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths of every JSON object inside ``value`` (the value itself included)."""
    found: list[tuple[Any, ...]] = []
    if isinstance(value, dict):
        found.append(path)
        for key, item in value.items():
            found.extend(_objects(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_objects(item, (*path, index)))
    return found


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for segment in path:
        value = value[segment]
    return value


@st.composite
def mutated(draw: st.DrawFn, original: dict[str, Any]) -> Any:
    """``original`` with one thing changed at a random object inside it (or replaced)."""
    changed = copy.deepcopy(original)
    objects = _objects(changed)
    if not objects:
        return draw(st.sampled_from([None, 1, "message", [], {}]))
    target = _at(changed, draw(st.sampled_from(objects)))
    kind = draw(
        st.sampled_from(["drop", "wrong", "unknown-field", "unknown-tag", "blank", "replace"])
    )
    keys = sorted(target)
    if kind == "drop" and keys:
        del target[draw(st.sampled_from(keys))]
    elif kind == "wrong" and keys:
        target[draw(st.sampled_from(keys))] = draw(st.sampled_from(WRONG_VALUES))
    elif kind == "unknown-field":
        target[draw(st.sampled_from(["extra", "tool_call_id", "name", "text", "type"]))] = 1
    elif kind == "unknown-tag":
        tag = "role" if "role" in target else "type"
        target[tag] = draw(st.sampled_from(UNKNOWN_TAGS))
    elif kind == "blank" and keys:
        target[draw(st.sampled_from(keys))] = draw(st.sampled_from(["", " ", "\n\t"]))
    elif kind == "replace":
        return draw(st.sampled_from([None, 1, "message", [], [changed]]))
    return changed


@st.composite
def mutated_transcripts(draw: st.DrawFn) -> list[Any]:
    transcript: list[Any] = draw(transcripts())
    if not transcript:
        transcript = [draw(USER)]
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        index = draw(st.integers(min_value=0, max_value=len(transcript) - 1))
        transcript[index] = draw(mutated(transcript[index]))
    return transcript


# --- properties -------------------------------------------------------------------------


def _fast_path_accepts(entry: Any) -> bool:
    return inspect_message(entry).message is not None


def _shape_indices(transcript: list[Any]) -> set[int]:
    return {
        diagnostic.message_index
        for diagnostic in validate_transcript(transcript)
        if diagnostic.code in SHAPE_CODES
    }


@SETTINGS
@given(transcripts())
def test_generated_transcripts_are_valid_for_both_paths_and_round_trip(
    transcript: list[dict[str, Any]],
) -> None:
    for entry in transcript:
        assert REFERENCE.is_valid(entry), entry
        assert _fast_path_accepts(entry), entry
    assert validate_transcript(transcript) == ()
    parsed = parse_transcript(transcript)
    assert loads(dumps(parsed)) == parsed
    assert loads(json.dumps(transcript)) == parsed
    assert validate_transcript(json.loads(dumps(parsed))) == ()


# Found by this property: an audio source (the only source that is not a union) without
# its "type" tag.
UNTAGGED_AUDIO_SOURCE = {
    "role": "user",
    "id": "u",
    "content": [{"type": "audio", "source": {"mediaType": "audio/wav", "data": "AA=="}}],
}


@SETTINGS
@given(mutated_transcripts())
@example([UNTAGGED_AUDIO_SOURCE])
def test_fast_path_and_reference_agree_on_each_mutated_message(transcript: list[Any]) -> None:
    for entry in transcript:
        assert _fast_path_accepts(entry) == REFERENCE.is_valid(entry), entry


@SETTINGS
@given(mutated_transcripts())
def test_shape_diagnostics_are_reported_exactly_for_the_messages_the_schema_rejects(
    transcript: list[Any],
) -> None:
    rejected = {index for index, entry in enumerate(transcript) if not REFERENCE.is_valid(entry)}

    assert _shape_indices(transcript) == rejected
    assert _shape_indices(json.loads(json.dumps(transcript))) == rejected


@SETTINGS
@given(mutated_transcripts())
def test_parse_and_loads_raise_exactly_when_validate_reports(transcript: list[Any]) -> None:
    diagnostics = validate_transcript(transcript)
    located = [(d.code, d.message_index, d.path) for d in diagnostics]
    if diagnostics:
        with pytest.raises(TranscriptError) as parse_error:
            parse_transcript(transcript)
        with pytest.raises(TranscriptError) as loads_error:
            loads(json.dumps(transcript))
        assert parse_error.value.diagnostics == diagnostics
        assert [(d.code, d.message_index, d.path) for d in loads_error.value.diagnostics] == located
    else:
        parsed = parse_transcript(transcript)
        assert loads(json.dumps(transcript)) == parsed
        assert loads(dumps(parsed)) == parsed
