"""validate_transcript, parse_transcript and loads: the rules JSON data cannot express.

The language-neutral cases live in ``fixtures/conformance/transcripts``; this module
pins what needs Python objects: hostile containers and mappings, read-once, IR objects
(also built by hand around invalid values), the ``Diagnostic`` type, malformed JSON
text and the JSON round trip.
"""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import msgspec
import pytest
from jsonschema import Draft202012Validator

import agent_ir
from agent_ir import (
    AssistantMessage,
    Diagnostic,
    DiagnosticCode,
    JsonObject,
    ToolCallBlock,
    ToolResultMessage,
    TranscriptError,
    UserMessage,
    assistant_message,
    dumps,
    loads,
    parse_transcript,
    system_message,
    to_json_value,
    tool_result_message,
    user_message,
    validate_transcript,
)

BENCH_GENERATOR = Path(__file__).parents[1] / "bench" / "transcript_gen.py"

INVALID_TRANSCRIPT = DiagnosticCode.invalid_transcript
INVALID_MESSAGE = DiagnosticCode.invalid_message
EMPTY_TOOL_NAME = DiagnosticCode.empty_tool_name
INVALID_TOOL_ARGUMENTS = DiagnosticCode.invalid_tool_arguments
ORPHAN_TOOL_RESULT = DiagnosticCode.orphan_tool_result
MISSING_TOOL_RESULT = DiagnosticCode.missing_tool_result


# --- helpers -------------------------------------------------------------------------


def codes(diagnostics: tuple[Diagnostic, ...]) -> list[tuple[str, int]]:
    return [(diagnostic.code, diagnostic.message_index) for diagnostic in diagnostics]


def user(id: str = "message-user", content: Any = "hello") -> dict[str, Any]:
    return {"role": "user", "id": id, "content": content}


_DEFAULT: Any = object()


def call_block(
    call_id: str = "call-1", name: str = "read", arguments: Any = _DEFAULT
) -> dict[str, Any]:
    return {
        "type": "toolCall",
        "id": call_id,
        "name": name,
        "arguments": {"path": "a.txt"} if arguments is _DEFAULT else arguments,
    }


def assistant(id: str = "message-assistant", content: Any = None) -> dict[str, Any]:
    return {
        "role": "assistant",
        "id": id,
        "content": [call_block()] if content is None else content,
    }


def result(
    id: str = "message-result", call_id: str = "call-1", name: str = "read"
) -> dict[str, Any]:
    return {
        "role": "toolResult",
        "id": id,
        "toolCallId": call_id,
        "toolName": name,
        "content": "contents",
        "isError": False,
    }


def with_arguments(arguments: Any) -> list[Any]:
    """A call with ``arguments`` and its (otherwise well-formed) result."""
    return [assistant(content=[call_block(arguments=arguments)]), result()]


class RaisingList(list[Any]):
    def __iter__(self) -> Iterator[Any]:
        raise RuntimeError("__iter__ of a hostile list")

    def __getitem__(self, index: Any) -> Any:
        raise RuntimeError("__getitem__ of a hostile list")

    def __len__(self) -> int:
        raise RuntimeError("__len__ of a hostile list")


class RaisingTuple(tuple[Any, ...]):
    def __iter__(self) -> Iterator[Any]:
        raise RuntimeError("__iter__ of a hostile tuple")

    def __getitem__(self, index: Any) -> Any:
        raise RuntimeError("__getitem__ of a hostile tuple")

    def __len__(self) -> int:
        raise RuntimeError("__len__ of a hostile tuple")


class RaisingItem(Mapping[str, Any]):
    """A mapping whose ``key`` raises ``error`` when read; other keys read normally."""

    def __init__(self, data: dict[str, Any], key: str, error: BaseException) -> None:
        self._data = data
        self._key = key
        self._error = error

    def __getitem__(self, key: str) -> Any:
        if key == self._key:
            raise self._error
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


class RaisingKeys(Mapping[str, Any]):
    """A mapping that cannot even list its keys."""

    def __getitem__(self, key: str) -> Any:
        return "user"

    def __iter__(self) -> Iterator[str]:
        raise RuntimeError("__iter__ of a hostile mapping")

    def __len__(self) -> int:
        return 3

    def keys(self) -> Any:
        raise RuntimeError("keys of a hostile mapping")


class CountingMapping(Mapping[str, Any]):
    """A mapping that counts every read of each key and every listing of its keys."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data
        self.reads: Counter[str] = Counter()

    def __getitem__(self, key: str) -> Any:
        self.reads[key] += 1
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        self.reads["<keys>"] += 1
        return iter(self._data)

    def __len__(self) -> int:
        self.reads["<len>"] += 1
        return len(self._data)


def load_bench_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("transcript_gen", BENCH_GENERATOR)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the container ---------------------------------------------------------------------


def test_empty_list_and_empty_tuple_are_valid_transcripts() -> None:
    assert validate_transcript([]) == ()
    assert validate_transcript(()) == ()
    assert parse_transcript([]) == ()


@pytest.mark.parametrize(
    "value",
    [
        None,
        {"role": "user", "id": "u", "content": "x"},
        "[]",
        b"[]",
        42,
        {user()["id"]},
        iter([user()]),
        (message for message in [user()]),
        object(),
    ],
    ids=["None", "dict", "str", "bytes", "int", "set", "iterator", "generator", "object"],
)
def test_a_value_that_is_not_a_list_or_tuple_is_one_invalid_transcript_at_minus_one(
    value: object,
) -> None:
    diagnostics = validate_transcript(value)

    assert codes(diagnostics) == [(INVALID_TRANSCRIPT, -1)]
    assert diagnostics[0].path == ""


def test_a_list_subclass_whose_methods_raise_is_read_through_the_base_type() -> None:
    valid = RaisingList([user(), assistant(), result()])
    invalid = RaisingList([user(), user(id="   ")])

    assert validate_transcript(valid) == ()
    assert len(parse_transcript(valid)) == 3
    assert codes(validate_transcript(invalid)) == [(INVALID_MESSAGE, 1)]
    assert validate_transcript(invalid)[0].path == "/1/id"


def test_a_tuple_subclass_whose_methods_raise_is_read_through_the_base_type() -> None:
    valid = RaisingTuple([user(), assistant(), result()])
    invalid = RaisingTuple([user(id=""), user()])

    assert validate_transcript(valid) == ()
    assert len(parse_transcript(valid)) == 3
    assert codes(validate_transcript(invalid)) == [(INVALID_MESSAGE, 0)]
    assert validate_transcript(invalid)[0].path == "/0/id"


# --- hostile entries -------------------------------------------------------------------


def test_an_entry_whose_property_raises_is_invalid_message_and_later_entries_are_still_read() -> (
    None
):
    transcript = [
        user(id=" "),
        RaisingItem(user(id="message-hostile"), "content", RuntimeError("boom")),
        {"role": "system", "id": "", "content": "rules"},
    ]

    diagnostics = validate_transcript(transcript)

    assert codes(diagnostics) == [(INVALID_MESSAGE, 0), (INVALID_MESSAGE, 1), (INVALID_MESSAGE, 2)]
    assert [diagnostic.path for diagnostic in diagnostics] == ["/0/id", "/1/content", "/2/id"]


def test_an_entry_whose_keys_cannot_be_listed_is_invalid_message() -> None:
    diagnostics = validate_transcript([user(), RaisingKeys()])

    assert codes(diagnostics) == [(INVALID_MESSAGE, 1)]
    assert diagnostics[0].path == "/1"


def test_a_block_whose_property_raises_is_invalid_message_at_its_message() -> None:
    block = RaisingItem({"type": "text", "text": "hi"}, "text", ValueError("no"))

    diagnostics = validate_transcript([user(), assistant(content=[block])])

    assert codes(diagnostics) == [(INVALID_MESSAGE, 1)]
    assert diagnostics[0].path.startswith("/1/content/0")


@pytest.mark.parametrize("error", [KeyboardInterrupt(), SystemExit(3)], ids=["Ctrl-C", "exit"])
def test_keyboard_interrupt_and_system_exit_from_a_hostile_entry_propagate(
    error: BaseException,
) -> None:
    entry = RaisingItem(user(), "id", error)

    with pytest.raises(type(error)):
        validate_transcript([user(), entry])


def test_keyboard_interrupt_from_hostile_arguments_propagates() -> None:
    arguments = RaisingItem({"path": "a"}, "path", KeyboardInterrupt())

    with pytest.raises(KeyboardInterrupt):
        validate_transcript(with_arguments(arguments))


def test_a_call_id_read_before_a_later_property_raised_still_counts_as_seen() -> None:
    # Keys are read in order: type, id, then name raises. The id was seen, so its
    # result is not an orphan (no cascade).
    block = RaisingItem(call_block(call_id="call-1"), "name", RuntimeError("boom"))

    diagnostics = validate_transcript([assistant(content=[block]), result(call_id="call-1")])

    assert codes(diagnostics) == [(INVALID_MESSAGE, 0)]


def test_a_result_id_read_before_a_later_property_raised_suppresses_missing() -> None:
    # toolCallId is read before content raises: the call is answered, malformed or not.
    hostile_result = RaisingItem(result(call_id="call-1"), "content", RuntimeError("boom"))

    diagnostics = validate_transcript([assistant(), hostile_result])

    assert codes(diagnostics) == [(INVALID_MESSAGE, 1)]


# --- arguments and text values --------------------------------------------------------


def _cycle() -> dict[str, Any]:
    cyclic: dict[str, Any] = {"name": "loop"}
    cyclic["self"] = cyclic
    return cyclic


def _deep(levels: int) -> dict[str, Any]:
    root: list[Any] = []
    node = root
    for _ in range(levels):
        child: list[Any] = []
        node.append(child)
        node = child
    return {"deep": root}


@pytest.mark.parametrize(
    ("arguments", "path"),
    [
        (None, "/0/content/0/arguments"),
        ([1, 2], "/0/content/0/arguments"),
        ("{}", "/0/content/0/arguments"),
        (b"{}", "/0/content/0/arguments"),
        (object(), "/0/content/0/arguments"),
        ({1: "int key"}, "/0/content/0/arguments"),
        ({"x": float("nan")}, "/0/content/0/arguments/x"),
        ({"x": float("inf")}, "/0/content/0/arguments/x"),
        ({"x": [1, float("-inf")]}, "/0/content/0/arguments/x/1"),
        ({"x": b"bytes"}, "/0/content/0/arguments/x"),
        ({"x": object()}, "/0/content/0/arguments/x"),
        ({"x": {1, 2}}, "/0/content/0/arguments/x"),
        (_cycle(), "/0/content/0/arguments/self"),
        ({"text": "lone \ud800"}, "/0/content/0/arguments/text"),
    ],
    ids=[
        "None",
        "list",
        "str",
        "bytes",
        "object",
        "int-key",
        "nested-nan",
        "nested-inf",
        "nested-minus-inf",
        "nested-bytes",
        "nested-object",
        "nested-set",
        "cycle",
        "lone-surrogate",
    ],
)
def test_arguments_that_are_not_a_json_object_are_one_invalid_tool_arguments(
    arguments: object, path: str
) -> None:
    # The result's call is malformed but its id is readable: no ORPHAN either.
    diagnostics = validate_transcript(with_arguments(arguments))

    assert codes(diagnostics) == [(INVALID_TOOL_ARGUMENTS, 0)]
    assert diagnostics[0].path == path


def test_arguments_nested_deeper_than_max_depth_are_invalid_tool_arguments() -> None:
    assert codes(validate_transcript(with_arguments(_deep(agent_ir.MAX_DEPTH + 5)))) == [
        (INVALID_TOOL_ARGUMENTS, 0)
    ]


def test_arguments_nested_within_max_depth_are_valid() -> None:
    assert validate_transcript(with_arguments(_deep(agent_ir.MAX_DEPTH - 2))) == ()


def test_arguments_that_raise_when_read_are_invalid_tool_arguments() -> None:
    arguments = RaisingItem({"path": "a"}, "path", RuntimeError("boom"))

    assert codes(validate_transcript(with_arguments(arguments))) == [(INVALID_TOOL_ARGUMENTS, 0)]


@pytest.mark.parametrize(
    ("message", "path"),
    [
        (user(content="lone \ud800 surrogate"), "/0/content"),
        (user(content=[{"type": "text", "text": "\udfff"}]), "/0/content/0/text"),
        (user(id="id-\ud800"), "/0/id"),
        ({"role": "system", "id": "s", "content": "\ud800"}, "/0/content"),
    ],
    ids=["user-string", "text-block", "id", "system"],
)
def test_a_lone_surrogate_in_a_message_string_is_invalid_message(
    message: dict[str, Any], path: str
) -> None:
    diagnostics = validate_transcript([message])

    assert codes(diagnostics) == [(INVALID_MESSAGE, 0)]
    assert diagnostics[0].path == path


# --- read once ---------------------------------------------------------------------------


def _reads_at_most_once(mapping: CountingMapping) -> None:
    assert mapping.reads, "the mapping was never read"
    assert max(mapping.reads.values()) == 1, dict(mapping.reads)


@pytest.mark.parametrize("invalid", [False, True], ids=["valid", "invalid"])
def test_each_property_of_an_entry_mapping_is_read_at_most_once(invalid: bool) -> None:
    entry = CountingMapping(assistant())
    transcript: list[Any] = [user(), entry, result()]
    if invalid:
        transcript.append(user(id=" "))

    diagnostics = validate_transcript(transcript)

    assert codes(diagnostics) == ([(INVALID_MESSAGE, 3)] if invalid else [])
    _reads_at_most_once(entry)


@pytest.mark.parametrize(
    "invalid",
    [False, True],
    ids=["valid", "invalid"],
)
@pytest.mark.parametrize("entry_kind", ["dict", "mapping"])
def test_each_property_of_a_block_mapping_is_read_at_most_once(
    invalid: bool, entry_kind: str
) -> None:
    block = CountingMapping(call_block())
    arguments = CountingMapping({"path": "b.txt", "limit": 3})
    entry: Any = assistant(content=[block, call_block(call_id="call-2", arguments=arguments)])
    if entry_kind == "mapping":
        entry = CountingMapping(entry)
    transcript: list[Any] = [user(), entry, result(), result(id="r2", call_id="call-2")]
    if invalid:
        transcript.append(user(id=" "))

    diagnostics = validate_transcript(transcript)

    assert codes(diagnostics) == ([(INVALID_MESSAGE, 4)] if invalid else [])
    _reads_at_most_once(block)
    _reads_at_most_once(arguments)


def test_parse_transcript_reads_each_property_at_most_once() -> None:
    entry = CountingMapping(user())

    assert parse_transcript([entry]) == (UserMessage(id="message-user", content="hello"),)
    _reads_at_most_once(entry)


# --- IR objects -------------------------------------------------------------------------


def test_ir_objects_and_json_form_mappings_mix_and_link() -> None:
    call = assistant_message(
        id="message-assistant",
        content=[{"type": "toolCall", "id": "call-1", "name": "read", "arguments": {"p": 1}}],
    )
    transcript = [
        system_message(id="message-system", content="be brief"),
        user(),
        call,
        result(call_id="call-1"),
        assistant(id="message-assistant-2", content=[call_block(call_id="call-2")]),
        tool_result_message(
            id="message-result-2", tool_call_id="call-2", tool_name="read", content="ok"
        ),
    ]

    assert validate_transcript(transcript) == ()
    parsed = parse_transcript(transcript)
    assert parsed[0] == transcript[0]
    assert parsed[1] == user_message(id="message-user", content="hello")
    assert parsed[2] == call
    assert isinstance(parsed[3], ToolResultMessage)
    assert isinstance(parsed[4].content[0], ToolCallBlock)


def test_linkage_problems_between_ir_objects_are_reported() -> None:
    transcript = [
        tool_result_message(id="r0", tool_call_id="call-x", tool_name="read", content="?"),
        assistant_message(
            id="a1",
            content=[{"type": "toolCall", "id": "call-y", "name": "read", "arguments": {}}],
        ),
    ]

    assert codes(validate_transcript(transcript)) == [
        (ORPHAN_TOOL_RESULT, 0),
        (MISSING_TOOL_RESULT, 1),
    ]


@pytest.mark.parametrize(
    ("message", "expected", "path"),
    [
        (UserMessage(id="  ", content="x"), INVALID_MESSAGE, "/0/id"),
        (UserMessage(id="u", content="\ud800"), INVALID_MESSAGE, "/0/content"),
        (UserMessage(id="u", content=object()), INVALID_MESSAGE, "/0"),  # type: ignore[arg-type]
        (
            AssistantMessage(
                id="a", content=(ToolCallBlock(id="c", name=" ", arguments=JsonObject()),)
            ),
            EMPTY_TOOL_NAME,
            "/0/content/0/name",
        ),
        (
            AssistantMessage(
                id="a", content=(ToolCallBlock(id="", name="n", arguments=JsonObject()),)
            ),
            INVALID_MESSAGE,
            "/0/content/0/id",
        ),
        (
            ToolResultMessage(
                id="r",
                tool_call_id="c",
                tool_name="n",
                content="x",
                is_error=1,  # type: ignore[arg-type]
            ),
            INVALID_MESSAGE,
            "/0/isError",
        ),
    ],
    ids=[
        "blank-id",
        "lone-surrogate",
        "object-content",
        "blank-name",
        "blank-call-id",
        "int-error",
    ],
)
def test_an_ir_message_built_by_hand_around_invalid_values_is_reported_not_trusted(
    message: object, expected: DiagnosticCode, path: str
) -> None:
    diagnostics = validate_transcript([message])

    assert codes(diagnostics) == [(expected, 0)]
    assert diagnostics[0].path == path
    with pytest.raises(TranscriptError):
        parse_transcript([message])


def test_an_ir_call_built_by_hand_around_nan_arguments_is_invalid_tool_arguments() -> None:
    block = ToolCallBlock(id="c", name="n", arguments={"x": float("nan")})  # type: ignore[arg-type]
    message = AssistantMessage(id="a", content=(block,))

    assert codes(validate_transcript([message])) == [(INVALID_TOOL_ARGUMENTS, 0)]


# --- Diagnostic -------------------------------------------------------------------------


def test_diagnostic_fields_carry_code_index_pointer_and_sentence() -> None:
    transcript = [
        user(),
        user(id="u2"),
        assistant(content=[{"type": "text", "text": "x"}, call_block(arguments=[1])]),
    ]

    (diagnostic,) = validate_transcript(transcript)

    assert isinstance(diagnostic, Diagnostic)
    assert isinstance(diagnostic.code, DiagnosticCode)
    assert diagnostic.code == "INVALID_TOOL_ARGUMENTS"
    assert diagnostic.code is DiagnosticCode.invalid_tool_arguments
    assert type(diagnostic.message_index) is int
    assert diagnostic.message_index == 2
    assert diagnostic.path == "/2/content/1/arguments"
    assert isinstance(diagnostic.message, str)
    assert diagnostic.message


def test_diagnostic_is_frozen() -> None:
    (diagnostic,) = validate_transcript([user(id="")])

    with pytest.raises(AttributeError):
        diagnostic.message_index = 5  # type: ignore[misc]


def test_diagnostic_path_escapes_slash_and_tilde_as_json_pointer() -> None:
    message = {**user(), "a/b~c": 1}

    diagnostics = validate_transcript([user(), message])

    assert codes(diagnostics) == [(INVALID_MESSAGE, 1)]
    assert diagnostics[0].path == "/1/a~1b~0c"


def test_diagnostics_are_ordered_by_message_index_then_position() -> None:
    transcript = [
        result(id="r0", call_id="call-early"),
        assistant(
            id="a1", content=[call_block(call_id="call-early"), call_block(call_id="c2", name="")]
        ),
        user(id=""),
        assistant(
            id="a3",
            content=[
                call_block(call_id="c3", arguments=None),
                call_block(call_id="c4", name=" "),
            ],
        ),
    ]

    diagnostics = validate_transcript(transcript)

    assert [(d.code, d.message_index, d.path) for d in diagnostics] == [
        ("TOOL_RESULT_BEFORE_CALL", 0, "/0/toolCallId"),
        ("MISSING_TOOL_RESULT", 1, "/1/content/0"),
        ("EMPTY_TOOL_NAME", 1, "/1/content/1/name"),
        ("INVALID_MESSAGE", 2, "/2/id"),
        ("INVALID_TOOL_ARGUMENTS", 3, "/3/content/0/arguments"),
        ("EMPTY_TOOL_NAME", 3, "/3/content/1/name"),
    ]
    assert validate_transcript(transcript) == diagnostics


def test_diagnostics_serialize_to_the_diagnostic_schema() -> None:
    validator = Draft202012Validator(
        agent_ir.schemas.load("diagnostic"), registry=agent_ir.schemas.registry()
    )
    transcripts: list[Any] = [
        None,
        [{**user(), "a/b~c": 1}],
        [result(), result(id="r2"), assistant(id="a", content=[call_block(name="")])],
        [assistant(content=[call_block(), call_block()]), result(name="write")],
        with_arguments({"x": float("nan")}),
        [RaisingKeys()],
    ]
    diagnostics = [d for transcript in transcripts for d in validate_transcript(transcript)]

    assert len(diagnostics) >= 6
    for diagnostic in diagnostics:
        encoded = to_json_value(diagnostic)
        assert list(validator.iter_errors(encoded)) == []
        assert encoded["code"] == diagnostic.code
        assert encoded["messageIndex"] == diagnostic.message_index


# --- the seed experiment ------------------------------------------------------------------


def test_seed_experiment_orphan_then_valid_once_the_call_is_prepended() -> None:
    orphan = tool_result_message(
        id="message-tool-orphan",
        tool_call_id="call-missing",
        tool_name="read",
        content="contents",
        is_error=False,
    )
    call = assistant_message(
        id="message-assistant",
        content=[{"type": "toolCall", "id": "call-missing", "name": "read", "arguments": {}}],
    )

    diagnostics = validate_transcript([orphan])

    assert codes(diagnostics) == [(ORPHAN_TOOL_RESULT, 0)]
    assert diagnostics[0].path == "/0/toolCallId"
    assert validate_transcript([call, orphan]) == ()
    assert validate_transcript(to_json_value([orphan])) == diagnostics


# --- parse_transcript and loads -----------------------------------------------------------


def test_parse_transcript_returns_the_ir_as_a_tuple() -> None:
    parsed = parse_transcript([user(), assistant(), result()])

    assert isinstance(parsed, tuple)
    assert [type(message).__name__ for message in parsed] == [
        "UserMessage",
        "AssistantMessage",
        "ToolResultMessage",
    ]
    assert parsed[1].content[0].arguments == {"path": "a.txt"}


def test_parse_transcript_raises_transcript_error_with_every_diagnostic() -> None:
    transcript = [result(), user(id="")]

    with pytest.raises(TranscriptError) as raised:
        parse_transcript(transcript)

    assert isinstance(raised.value, ValueError)
    assert raised.value.diagnostics == validate_transcript(transcript)
    assert codes(raised.value.diagnostics) == [(ORPHAN_TOOL_RESULT, 0), (INVALID_MESSAGE, 1)]


def test_parse_transcript_of_a_non_list_raises_transcript_error() -> None:
    with pytest.raises(TranscriptError) as raised:
        parse_transcript({"role": "user"})

    assert codes(raised.value.diagnostics) == [(INVALID_TRANSCRIPT, -1)]


@pytest.mark.parametrize("kind", [bytes, str, bytearray])
def test_loads_accepts_bytes_and_str(kind: type) -> None:
    text = json.dumps([user(), assistant(), result()])
    data = text if kind is str else kind(text.encode("utf-8"))

    assert loads(data) == parse_transcript([user(), assistant(), result()])


@pytest.mark.parametrize(
    "data",
    [
        "",
        "[",
        '[{"role": "user", "id": "u", "content": "x"}',
        '[{"role": "user", "id": "u", "content": "x"}] trailing',
        "[NaN]",
        '[{"role": "assistant", "id": "a", "content": [{"type": "toolCall", "id": "c", '
        '"name": "n", "arguments": {"x": NaN}}]}]',
        "[Infinity]",
        "[-Infinity]",
        "[" * 100_000 + "]" * 100_000,
        b"\xff\xfe[]",
        "{'single': 'quotes'}",
    ],
    ids=[
        "empty",
        "open-bracket",
        "truncated",
        "trailing-data",
        "NaN",
        "NaN-in-arguments",
        "Infinity",
        "minus-Infinity",
        "100000-deep",
        "not-utf8",
        "python-literal",
    ],
)
def test_loads_of_malformed_json_is_exactly_one_invalid_transcript(data: str | bytes) -> None:
    with pytest.raises(TranscriptError) as raised:
        loads(data)

    assert codes(raised.value.diagnostics) == [(INVALID_TRANSCRIPT, -1)]
    assert raised.value.diagnostics[0].path == ""


def test_loads_of_well_formed_json_that_is_not_an_array_is_invalid_transcript() -> None:
    with pytest.raises(TranscriptError) as raised:
        loads('{"role": "user", "id": "u", "content": "x"}')

    assert codes(raised.value.diagnostics) == [(INVALID_TRANSCRIPT, -1)]


@pytest.mark.parametrize("kind", [str, bytes])
def test_loads_of_a_lone_surrogate_escape_in_text_is_invalid_message(kind: type) -> None:
    text = '[{"role": "user", "id": "u", "content": [{"type": "text", "text": "a\\ud800b"}]}]'
    data = text if kind is str else text.encode("ascii")

    with pytest.raises(TranscriptError) as raised:
        loads(data)

    assert codes(raised.value.diagnostics) == [(INVALID_MESSAGE, 0)]
    assert raised.value.diagnostics[0].path == "/0/content/0/text"


def test_loads_reports_linkage_problems() -> None:
    with pytest.raises(TranscriptError) as raised:
        loads(json.dumps([result()]))

    assert codes(raised.value.diagnostics) == [(ORPHAN_TOOL_RESULT, 0)]


# --- JSON round trip ------------------------------------------------------------------------


def _constructed_transcript() -> tuple[Any, ...]:
    return (
        system_message(id="s", content="Be brief.", timestamp="2024-02-29T12:00:00+05:30"),
        user_message(
            id="u",
            content=[
                {"type": "text", "text": "héllo 🌍 \u00e9\u0301"},
                {
                    "type": "image",
                    "source": {"type": "base64", "mediaType": "image/png", "data": "iVBORw=="},
                },
                {"type": "image", "source": {"type": "url", "url": "https://example.com/a.png"}},
                {
                    "type": "audio",
                    "source": {"type": "base64", "mediaType": "audio/wav", "data": "UklGRg=="},
                },
                {"type": "document", "source": {"type": "file", "fileId": "file-1"}},
            ],
        ),
        assistant_message(
            id="a",
            content=[
                {"type": "thinking", "thinking": "", "signature": "sig", "redacted": True},
                {"type": "text", "text": "Reading two files."},
                {
                    "type": "toolCall",
                    "id": "call-日本",
                    "name": "read",
                    "arguments": {"p": "a", "n": [1, 2.5, None, True, {"deep": []}], "big": 2**70},
                },
                {"type": "toolCall", "id": "call-ß", "name": "grep", "arguments": {}},
            ],
            provider="openai",
            model="m",
            usage={"inputTokens": 3, "outputTokens": 0},
            stop_reason="toolCall",
        ),
        tool_result_message(
            id="r2",
            tool_call_id="call-ß",
            tool_name="grep",
            content=[{"type": "text", "text": "no match"}],
            is_error=True,
        ),
        tool_result_message(id="r1", tool_call_id="call-日本", tool_name="read", content="x"),
        assistant_message(id="a2", content=[], timestamp="2024-01-01T00:00:00Z"),
    )


def _bench_transcript() -> tuple[Any, ...]:
    return parse_transcript(load_bench_generator().make_transcript(300))


@pytest.mark.parametrize(
    "build", [_constructed_transcript, _bench_transcript], ids=["constructors", "bench-300"]
)
def test_json_round_trip_of_a_valid_transcript(build: Any) -> None:
    transcript = build()

    assert validate_transcript(transcript) == ()
    assert validate_transcript(json.loads(dumps(transcript))) == ()
    assert loads(dumps(transcript)) == transcript
    assert loads(dumps(transcript).decode("utf-8")) == transcript
    assert parse_transcript(json.loads(dumps(transcript))) == transcript


def test_bench_transcript_is_valid_in_json_form_and_as_a_tuple() -> None:
    plain = load_bench_generator().make_transcript(300)

    assert len(plain) >= 300
    assert validate_transcript(plain) == ()
    assert validate_transcript(tuple(plain)) == ()
    assert msgspec.json.decode(dumps(parse_transcript(plain))) == plain


# --- regressions found by the property tests and by review ----------------------------


def _call(arguments: object) -> dict[str, Any]:
    return {"type": "toolCall", "id": "call-1", "name": "read", "arguments": arguments}


@pytest.mark.parametrize("arguments", ["", [], None, 3, True])
def test_loads_refuses_arguments_that_are_not_an_object(arguments: object) -> None:
    transcript = [
        {"role": "assistant", "id": "a", "content": [_call(arguments)]},
        {
            "role": "toolResult",
            "id": "r",
            "toolCallId": "call-1",
            "toolName": "read",
            "content": "",
            "isError": False,
        },
    ]
    with pytest.raises(TranscriptError) as caught:
        loads(json.dumps(transcript))
    assert [(d.code, d.message_index, d.path) for d in caught.value.diagnostics] == [
        ("INVALID_TOOL_ARGUMENTS", 0, "/0/content/0/arguments")
    ]


UNTAGGED_AUDIO = {
    "role": "user",
    "id": "u",
    "content": [{"type": "audio", "source": {"mediaType": "audio/wav", "data": "AA=="}}],
}


def test_an_audio_source_without_its_type_tag_is_invalid_on_every_path() -> None:
    expected = [("INVALID_MESSAGE", 0, "/0/content/0/source/type")]
    assert [
        (d.code, d.message_index, d.path) for d in validate_transcript([UNTAGGED_AUDIO])
    ] == expected
    with pytest.raises(TranscriptError) as caught:
        loads(json.dumps([UNTAGGED_AUDIO]))
    assert [(d.code, d.message_index, d.path) for d in caught.value.diagnostics] == expected
    with pytest.raises(agent_ir.InvalidMessageError) as refused:
        agent_ir.user_message(id="u", content=UNTAGGED_AUDIO["content"])
    assert refused.value.path == ("content", 0, "source", "type")


def test_a_tagged_audio_source_is_valid_on_every_path() -> None:
    tagged = {
        "role": "user",
        "id": "u",
        "content": [
            {
                "type": "audio",
                "source": {"type": "base64", "mediaType": "audio/wav", "data": "AA=="},
            }
        ],
    }
    assert validate_transcript([tagged]) == ()
    assert to_json_value(loads(json.dumps([tagged]))) == [tagged]


BLANK = " \t\u00a0"


@pytest.mark.parametrize(
    ("message", "path"),
    [
        ({"role": "system", "id": BLANK, "content": "x"}, "/0/id"),
        ({"role": "user", "id": BLANK, "content": "x"}, "/0/id"),
        ({"role": "assistant", "id": BLANK, "content": []}, "/0/id"),
        (
            {
                "role": "assistant",
                "id": "a",
                "content": [{"type": "toolCall", "id": BLANK, "name": "n", "arguments": {}}],
            },
            "/0/content/0/id",
        ),
        (
            {
                "role": "toolResult",
                "id": BLANK,
                "toolCallId": "c",
                "toolName": "n",
                "content": "",
                "isError": False,
            },
            "/0/id",
        ),
        (
            {
                "role": "toolResult",
                "id": "r",
                "toolCallId": BLANK,
                "toolName": "n",
                "content": "",
                "isError": False,
            },
            "/0/toolCallId",
        ),
    ],
)
def test_blank_ids_are_refused_by_the_fast_path_and_by_loads(
    message: dict[str, Any], path: str
) -> None:
    # The regex of these fields is not generated (speed); the hand-written pass checks it.
    for diagnostics in (validate_transcript([message]), _loads_diagnostics([message])):
        assert [(d.code, d.path) for d in diagnostics] == [("INVALID_MESSAGE", path)]


@pytest.mark.parametrize(
    "message",
    [
        {
            "role": "assistant",
            "id": "a",
            "content": [{"type": "toolCall", "id": "c", "name": BLANK, "arguments": {}}],
        },
        {
            "role": "toolResult",
            "id": "r",
            "toolCallId": "c",
            "toolName": BLANK,
            "content": "",
            "isError": False,
        },
    ],
)
def test_blank_tool_names_are_empty_tool_name_on_both_paths(message: dict[str, Any]) -> None:
    for diagnostics in (validate_transcript([message]), _loads_diagnostics([message])):
        assert [d.code for d in diagnostics][:1] == ["EMPTY_TOOL_NAME"]


def _loads_diagnostics(transcript: list[Any]) -> tuple[Any, ...]:
    try:
        loads(json.dumps(transcript))
    except TranscriptError as error:
        return error.diagnostics
    return ()


def test_loads_of_bytes_that_are_not_utf8_is_one_invalid_transcript() -> None:
    with pytest.raises(TranscriptError) as caught:
        loads(b'[{"role": "user", "id": "u", "content": "caf\xe9"}]')
    [diagnostic] = caught.value.diagnostics
    assert (diagnostic.code, diagnostic.message_index, diagnostic.path) == (
        "INVALID_TRANSCRIPT",
        -1,
        "",
    )
    assert "UnicodeDecodeError" in diagnostic.message


def test_loads_of_a_str_holding_a_lone_surrogate_explains_the_message() -> None:
    with pytest.raises(TranscriptError) as caught:
        loads('[{"role": "user", "id": "u", "content": "\ud800"}]')
    assert [(d.code, d.path) for d in caught.value.diagnostics] == [
        ("INVALID_MESSAGE", "/0/content")
    ]


def test_loads_of_json_nested_beyond_the_parser_is_one_invalid_transcript() -> None:
    deep = "[" * 1500 + "]" * 1500
    text = (
        '[{"role": "assistant", "id": "a", "content": [{"type": "toolCall", "id": "c", '
        f'"name": "n", "arguments": {{"x": {deep}}}}}]}}]'
    )
    with pytest.raises(TranscriptError) as caught:
        loads(text)
    assert [(d.code, d.message_index) for d in caught.value.diagnostics] == [
        ("INVALID_TRANSCRIPT", -1)
    ]


class _TypeCheckRaises:
    @property  # type: ignore[misc]
    def __class__(self) -> type:
        raise RuntimeError("boom")


def test_an_object_whose_type_checks_raise_is_one_invalid_message_and_later_ones_are_read() -> None:
    transcript = [
        {"role": "user", "id": "ok", "content": "hi"},
        {"role": "user", "id": "x", "content": "a", "timestamp": _TypeCheckRaises()},
        {"role": "user", "id": "  ", "content": "x"},
    ]
    assert [(d.code, d.message_index, d.path) for d in validate_transcript(transcript)] == [
        ("INVALID_MESSAGE", 1, "/1/timestamp"),
        ("INVALID_MESSAGE", 2, "/2/id"),
    ]
    with pytest.raises(TranscriptError):
        parse_transcript(transcript)


def test_diagnostics_inside_one_message_follow_position_not_kind() -> None:
    message = {
        "role": "assistant",
        "id": "a",
        "content": [
            {"type": "toolCall", "id": "c1", "name": "read", "arguments": {}},
            {"type": "text", "text": 1},
        ],
    }
    assert [(d.code, d.path) for d in validate_transcript([message])] == [
        ("MISSING_TOOL_RESULT", "/0/content/0"),
        ("INVALID_MESSAGE", "/0/content/1/text"),
    ]


def test_dumps_and_to_json_value_refuse_values_that_are_not_ir() -> None:
    for function in (dumps, to_json_value):
        with pytest.raises(TypeError, match="expected an agent-ir message"):
            function({"a": float("nan")})


@pytest.mark.parametrize("validate_first", [False, True], ids=["parse", "validate-then-parse"])
def test_parse_transcript_copies_arguments_so_later_mutation_changes_nothing(
    validate_first: bool,
) -> None:
    # validate_transcript checks arguments without copying them (it returns no IR);
    # parse_transcript must still copy, whichever ran first.
    nested = {"lines": [1, 2]}
    transcript = [
        {"role": "assistant", "id": "a", "content": [_call({"path": "p", "nested": nested})]},
        {
            "role": "toolResult",
            "id": "r",
            "toolCallId": "call-1",
            "toolName": "read",
            "content": "",
            "isError": False,
        },
    ]
    if validate_first:
        assert validate_transcript(transcript) == ()
    messages = parse_transcript(transcript)
    nested["lines"].append(3)
    transcript[0]["content"][0]["arguments"]["path"] = "changed"
    arguments = messages[0].content[0].arguments
    assert arguments == {"path": "p", "nested": {"lines": [1, 2]}}
    assert arguments["nested"]["lines"] == (1, 2)
