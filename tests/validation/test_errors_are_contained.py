"""Only the documented exceptions leave a public function, whatever a caller's object
raises, and every diagnostic can be written: regressions found by a black-box attack."""

from __future__ import annotations

import datetime as dt
from typing import Any

import msgspec
import pytest

from agent_ir import (
    AgentIRError,
    InvalidMessageError,
    JsonObject,
    JsonValueError,
    TextBlock,
    ToolCallBlock,
    TranscriptError,
    Usage,
    UserMessage,
    assistant_message,
    dumps,
    loads,
    parse_transcript,
    to_json_value,
    user_message,
    validate_json,
    validate_transcript,
)

from support.hostile import RaisingItem, RaisingMapping


class UnprintableError(Exception):
    """An exception whose ``__str__`` and ``__repr__`` raise as well."""

    def __str__(self) -> str:
        raise RuntimeError("no str")

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class RaisingTz(dt.tzinfo):
    def utcoffset(self, moment: dt.datetime | None) -> dt.timedelta:
        raise RuntimeError("no offset")

    def dst(self, moment: dt.datetime | None) -> None:
        return None


class LyingDatetime(dt.datetime):
    def isoformat(self, *args: Any, **kwargs: Any) -> str:
        raise RuntimeError("no isoformat")

    def utcoffset(self) -> dt.timedelta:
        raise RuntimeError("no utcoffset")


def _call(arguments: object) -> dict[str, Any]:
    return {"type": "toolCall", "id": "call-1", "name": "read", "arguments": arguments}


def test_an_unprintable_exception_of_a_mapping_is_contained_by_json_object() -> None:
    with pytest.raises(JsonValueError) as caught:
        JsonObject(RaisingItem({"a": 1, "b": 2}, "b", UnprintableError()))
    assert str(caught.value) == "b could not be read (UnprintableError)"


def test_an_unprintable_exception_of_a_mapping_is_contained_by_the_constructors() -> None:
    with pytest.raises(InvalidMessageError) as caught:
        assistant_message(id="a", content=[_call(RaisingMapping(UnprintableError()))])
    assert str(caught.value) == (
        "assistant_message: content[0].arguments could not be read (UnprintableError)"
    )


def test_an_unprintable_exception_of_a_message_is_contained_by_parse_and_validate() -> None:
    entry = RaisingItem({"role": "user", "id": "u", "content": "x"}, "content", UnprintableError())
    [diagnostic] = validate_transcript([entry])
    assert (diagnostic.code, diagnostic.path, diagnostic.message) == (
        "INVALID_MESSAGE",
        "/0/content",
        "content could not be read (UnprintableError)",
    )
    with pytest.raises(TranscriptError) as caught:
        parse_transcript([entry])
    assert caught.value.diagnostics == (diagnostic,)


def test_a_key_whose_repr_raises_is_named_by_its_type() -> None:
    class NoRepr:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

        def __hash__(self) -> int:
            return 1

    with pytest.raises(JsonValueError) as caught:
        JsonObject({NoRepr(): 1})
    assert caught.value.reason == "has a key that is not a string: <NoRepr>"


@pytest.mark.parametrize(
    ("timestamp", "reason"),
    [
        (
            dt.datetime(2026, 1, 1, tzinfo=RaisingTz()),
            "could not be read (RuntimeError: no offset)",
        ),
        (
            LyingDatetime(2026, 1, 1, tzinfo=dt.UTC),
            None,  # datetime's own methods are used: the subclass's are never called
        ),
    ],
)
def test_a_timestamp_whose_methods_raise_is_contained(
    timestamp: dt.datetime, reason: str | None
) -> None:
    if reason is None:
        message = user_message(id="u", content="x", timestamp=timestamp)
        assert message.timestamp == "2026-01-01T00:00:00+00:00"
        return
    with pytest.raises(InvalidMessageError) as caught:
        user_message(id="u", content="x", timestamp=timestamp)
    assert (caught.value.path, caught.value.reason) == (("timestamp",), reason)


def test_loads_of_a_released_memoryview_is_a_transcript_error() -> None:
    view = memoryview(b"[]")
    view.release()
    with pytest.raises(TranscriptError) as caught:
        loads(view)
    [diagnostic] = caught.value.diagnostics
    assert diagnostic.message.startswith("transcript could not be read (ValueError: ")
    assert validate_json(view) == caught.value.diagnostics


def test_loads_never_calls_the_methods_of_str_and_bytes_subclasses() -> None:
    class HostileStr(str):
        def encode(self, *args: Any, **kwargs: Any) -> bytes:
            raise RuntimeError("encode")

        def __str__(self) -> str:
            raise RuntimeError("str")

    class HostileBytes(bytes):
        def decode(self, *args: Any, **kwargs: Any) -> str:
            raise RuntimeError("decode")

        def __bytes__(self) -> bytes:
            raise RuntimeError("bytes")

    assert loads(HostileStr("[]")) == ()
    assert loads(HostileBytes(b"[]")) == ()
    for text in (HostileStr("["), HostileBytes(b"[")):
        with pytest.raises(TranscriptError):
            loads(text)


def test_a_lone_surrogate_in_an_arguments_key_gives_a_writable_diagnostic() -> None:
    transcript = [{"role": "assistant", "id": "a", "content": [_call({"\ud800": 1})]}]
    [diagnostic] = validate_transcript(transcript)
    assert (diagnostic.code, diagnostic.path) == (
        "INVALID_TOOL_ARGUMENTS",
        "/0/content/0/arguments/\\ud800",
    )
    assert (
        diagnostic.message
        == 'content[0].arguments["\\ud800"] holds a lone surrogate (not valid Unicode)'
    )
    assert msgspec.json.decode(msgspec.json.encode(diagnostic))["path"] == diagnostic.path
    diagnostic.message.encode("utf-8")


def test_a_lone_surrogate_in_a_message_key_gives_a_writable_diagnostic() -> None:
    [diagnostic] = validate_transcript([{"role": "user", "id": "u", "content": "x", "\udc00": 1}])
    assert diagnostic.path == "/0/\\udc00"
    msgspec.json.encode(diagnostic)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (UserMessage(id="u", content=float("nan")), "dumps: content must be a finite number"),
        (
            UserMessage(id=" ", content="x"),
            "dumps: id must be a string containing at least one non-whitespace character",
        ),
        (
            [UserMessage(id="u", content="x"), UserMessage(id="u", content={"a"})],
            "dumps: [1].content[0] must be an object, not string",
        ),
        (
            TextBlock(text=1),
            "dumps: message is not a valid TextBlock (ValidationError: Expected `str`, got `int` - at `$.text`)",
        ),
        (
            ToolCallBlock(id="c", name="n", arguments={"a": float("inf")}),
            "dumps: message is not a valid ToolCallBlock (ValidationError: a must be a finite number - at `$.arguments`)",
        ),
        (
            Usage(input_tokens=True, output_tokens=1),
            "dumps: message is not a valid Usage (ValidationError: Expected `int`, got `bool` - at `$.inputTokens`)",
        ),
        (
            UserMessage(id="u", content=frozenset({TextBlock(text="y")})),
            "dumps: message holds a set, which has no order (a JSON array has one): use a tuple",
        ),
    ],
    ids=[
        "nan",
        "blank-id",
        "set-in-list",
        "int-text",
        "inf-arguments",
        "bool-count",
        "set-content",
    ],
)
def test_dumps_and_to_json_value_refuse_ir_values_that_do_not_conform(
    value: object, text: str
) -> None:
    with pytest.raises(InvalidMessageError) as caught:
        dumps(value)
    assert str(caught.value) == text
    with pytest.raises(InvalidMessageError):
        to_json_value(value)
    assert isinstance(caught.value, AgentIRError)


def test_a_list_where_the_ir_has_a_tuple_is_accepted_by_validation_and_dumps_alike() -> None:
    message = UserMessage(id="u", content=[TextBlock(text="a")])  # type: ignore[arg-type]
    assert validate_transcript([message]) == ()
    assert dumps(message) == b'{"role":"user","id":"u","content":[{"type":"text","text":"a"}]}'
    [parsed] = parse_transcript([message])
    assert type(parsed.content) is tuple
    unordered = UserMessage(id="u", content=frozenset({TextBlock(text="a")}))  # type: ignore[arg-type]
    [diagnostic] = validate_transcript([unordered])
    assert (diagnostic.code, diagnostic.path) == ("INVALID_MESSAGE", "/0")


def test_dumps_of_conforming_hand_built_values_is_unchanged() -> None:
    message = UserMessage(id="u", content=(TextBlock(text="x"),))
    assert dumps(message) == b'{"role":"user","id":"u","content":[{"type":"text","text":"x"}]}'
    assert dumps(JsonObject({"a": [1]})) == b'{"a":[1]}'


def test_malformed_tool_calls_read_the_problem_paths_once_not_once_per_call() -> None:
    # 16,000 malformed calls took 15 s when every call scanned every problem (O(N^2)).
    from agent_ir.validation._linkage import malformed_links

    class CountingPaths(list[tuple[Any, ...]]):
        iterations = 0

        def __iter__(self) -> Any:
            CountingPaths.iterations += 1
            return super().__iter__()

    calls = 2_000
    plain = {
        "role": "assistant",
        "id": "a",
        "content": [
            {"type": "toolCall", "id": f"c{i}", "name": "", "arguments": {}} for i in range(calls)
        ],
    }
    paths = CountingPaths(("content", index, "name") for index in range(0, calls, 2))
    links = malformed_links(plain, paths)
    assert CountingPaths.iterations == 1
    assert len(links.malformed_call_ids) == calls // 2
    assert [call_id for _, call_id, _ in links.calls] == [f"c{i}" for i in range(1, calls, 2)]


def test_validate_transcript_of_many_malformed_calls_reports_each_once() -> None:
    calls = [_call({}) | {"name": ""} for _ in range(3)] + [
        _call({}) | {"id": f"c{i}", "name": ""} for i in range(3)
    ]
    diagnostics = validate_transcript([{"role": "assistant", "id": "a", "content": calls}])
    assert [(d.code, d.path) for d in diagnostics] == [
        ("EMPTY_TOOL_NAME", f"/0/content/{index}/name") for index in range(6)
    ]
