"""FixtureProviderAdapter construction, the snapshot, the queue and ``stream()``."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from agent_ir import MAX_DEPTH, assistant_message, validate_transcript
from agent_ir.replies import FixtureProviderAdapter, ModelStream, ProviderError, ProviderErrorCode

from support.builders import END, RECORDS, START, fixture_of, text
from support.hostile import (
    ExplodingText,
    LyingBlank,
    OverridingDict,
    RaisingList,
    RaisingMapping,
    nested_dicts,
    self_referencing,
)

Code = ProviderErrorCode


async def deltas(adapter: FixtureProviderAdapter, request_id: str = "request-1") -> list[str]:
    stream = adapter.stream(request_id)
    found = [chunk.delta async for chunk in stream]  # type: ignore[union-attr]
    await stream.result()
    return found


def invalid_fixture(fixture: object) -> ProviderError:
    with pytest.raises(ProviderError) as caught:
        FixtureProviderAdapter(fixture)
    assert caught.type is ProviderError
    assert (caught.value.code, caught.value.record_index, caught.value.provider_code) == (
        Code.PROVIDER_INVALID_FIXTURE,
        None,
        None,
    )
    return caught.value


# -- the fixture container ------------------------------------------------------------


@pytest.mark.parametrize(
    "version", [True, 1.0, "1", 2, 0, None], ids=["true", "float", "string", "two", "zero", "null"]
)
def test_schema_version_must_be_the_integer_1(version: object) -> None:
    invalid_fixture({"schemaVersion": version, "responses": []})


def test_a_missing_schema_version_is_an_invalid_fixture() -> None:
    invalid_fixture({"responses": []})


@pytest.mark.parametrize("fixture", [None, [], "fixture", 1], ids=["null", "list", "string", "int"])
def test_a_fixture_that_is_not_a_mapping_is_an_invalid_fixture(fixture: object) -> None:
    invalid_fixture(fixture)


@pytest.mark.parametrize(
    "responses", [None, {}, "[]", {"records": []}], ids=["null", "dict", "string", "entry"]
)
def test_responses_must_be_a_list(responses: object) -> None:
    invalid_fixture({"schemaVersion": 1, "responses": responses})


def test_a_missing_responses_list_is_an_invalid_fixture() -> None:
    invalid_fixture({"schemaVersion": 1})


@pytest.mark.parametrize(
    "entry", [None, [], "records", [START]], ids=["null", "empty-list", "string", "records-list"]
)
def test_a_response_entry_that_is_not_a_mapping_is_an_invalid_fixture(entry: object) -> None:
    invalid_fixture({"schemaVersion": 1, "responses": [{"records": []}, entry]})


@pytest.mark.parametrize(
    "records",
    [None, "records", 3, {"0": START}, {START["type"]}],
    ids=["null", "string", "int", "dict", "set"],
)
def test_records_must_be_a_list_tuple_or_async_iterable(records: object) -> None:
    invalid_fixture({"schemaVersion": 1, "responses": [{"records": records}]})


def test_an_entry_without_records_is_an_invalid_fixture() -> None:
    invalid_fixture({"schemaVersion": 1, "responses": [{}]})


def _deep(levels: int) -> dict[str, Any]:
    """A tool call record whose arguments are ``levels`` objects deep."""
    return {"type": "tool_call", "id": "c", "name": "n", "arguments": nested_dicts(levels, "v", 1)}


@pytest.mark.parametrize(
    "record",
    [
        {"type": "text_delta", "text": b"bytes"},
        {"type": "text_delta", "text": {"a", "b"}},
        {"type": "text_delta", "text": object()},
        {"type": "text_delta", "text": 1j},
        {1: "one", "type": "text_delta"},
        {("t",): 1},
        self_referencing({"type": "text_delta"}, "text"),
        _deep(MAX_DEPTH + 1),  # MAX_DEPTH levels are valid, as in a message
    ],
    ids=["bytes", "set", "object", "complex", "int-key", "tuple-key", "cycle", "too-deep"],
)
def test_a_record_that_cannot_be_copied_as_json_is_an_invalid_fixture(record: object) -> None:
    invalid_fixture(fixture_of([START, record, END]))


def test_the_invalid_fixture_message_names_the_path_of_the_bad_value() -> None:
    error = invalid_fixture(fixture_of([START, END], [START, {"type": "x", "nested": [0, b"x"]}]))
    assert error.message.startswith("responses[1].records[1].nested[1] cannot be copied as JSON")


def test_nesting_up_to_the_depth_limit_copies() -> None:
    adapter = FixtureProviderAdapter(fixture_of([START, _deep(63)]))
    assert adapter.pending_response_count == 1


def test_a_nan_in_a_record_copies_at_construction() -> None:
    adapter = FixtureProviderAdapter(
        fixture_of([START, {"type": "text_delta", "text": "x", "score": float("nan")}, END])
    )
    assert adapter.pending_response_count == 1


async def test_records_may_be_a_tuple_and_values_subclasses_are_copied_as_builtins() -> None:
    class Text(str):
        pass

    records = (START, {"type": "text_delta", "text": Text("sub")}, END)
    adapter = FixtureProviderAdapter({"schemaVersion": 1, "responses": ({"records": records},)})
    stream = adapter.stream("request-1")
    chunk = await stream.__anext__()
    assert chunk.delta == "sub"  # type: ignore[union-attr]
    assert type(chunk.delta) is str  # type: ignore[union-attr]


def test_a_branching_cycle_in_a_record_is_reported_not_expanded() -> None:
    # Expanded level by level, [L, L] inside L doubles at every level: 2**64 values.
    # A subprocess with a deadline turns that regression into a failure, not a hang.
    program = textwrap.dedent(
        """
        from agent_ir import FixtureProviderAdapter, ProviderError
        loop = []
        loop.extend([loop, loop])
        record = {"type": "response_start", "responseId": "r", "role": "assistant", "x": loop}
        try:
            FixtureProviderAdapter({"schemaVersion": 1, "responses": [{"records": [record]}]})
        except ProviderError as error:
            print(error.code, error.message)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout == (
        "PROVIDER_INVALID_FIXTURE responses[0].records[0].x[0] cannot be copied as JSON: "
        "is a circular reference\n"
    )


def test_a_container_shared_by_two_places_copies_like_any_other() -> None:
    shared = ["x"]
    record = {"type": "text_delta", "text": "a", "extra": [shared, shared]}
    adapter = FixtureProviderAdapter({"schemaVersion": 1, "responses": [{"records": [record]}]})
    shared.append("changed later")
    assert adapter.pending_response_count == 1


# -- hostile containers ---------------------------------------------------------------


@pytest.mark.parametrize(
    "error",
    [RuntimeError("boom"), ValueError("bad"), ProviderError(Code.PROVIDER_EXHAUSTED, "forged")],
    ids=["runtime", "value", "forged-provider-error"],
)
def test_a_fixture_mapping_whose_methods_raise_is_an_invalid_fixture(error: BaseException) -> None:
    invalid_fixture(RaisingMapping(error))


def test_a_response_entry_whose_methods_raise_is_an_invalid_fixture() -> None:
    invalid_fixture({"schemaVersion": 1, "responses": [RaisingMapping(RuntimeError("entry"))]})


def test_a_record_mapping_whose_methods_raise_is_an_invalid_fixture() -> None:
    invalid_fixture(
        fixture_of([START, RaisingMapping(ProviderError(Code.PROVIDER_CANCELLED, "forged")), END])
    )


def test_keyboard_interrupt_from_a_hostile_fixture_is_not_swallowed() -> None:
    with pytest.raises(KeyboardInterrupt):
        FixtureProviderAdapter(RaisingMapping(KeyboardInterrupt()))


def test_system_exit_from_a_hostile_record_is_not_swallowed() -> None:
    with pytest.raises(SystemExit):
        FixtureProviderAdapter(fixture_of([START, RaisingMapping(SystemExit(3))]))


async def test_dict_and_list_subclasses_are_read_through_their_base_type() -> None:
    records = RaisingList(
        [OverridingDict(START), OverridingDict(text("kept")), OverridingDict(END)]
    )
    entry = OverridingDict({"records": records})
    fixture = OverridingDict({"schemaVersion": 1, "responses": RaisingList([entry])})
    adapter = FixtureProviderAdapter(fixture)
    assert await deltas(adapter) == ["kept"]


# -- the snapshot ---------------------------------------------------------------------


async def test_mutating_the_fixture_after_construction_changes_nothing() -> None:
    arguments: dict[str, Any] = {"left": 20, "nested": [1, {"deep": True}]}
    tool_records = [
        START,
        {"type": "tool_call", "id": "call-1", "name": "add", "arguments": arguments},
        {**END, "stopReason": "tool_call"},
    ]
    end = json.loads(json.dumps(END))
    text_records = [START, text("before"), end]
    fixture = fixture_of(tool_records, text_records)
    adapter = FixtureProviderAdapter(fixture)

    arguments["left"] = 99
    arguments["nested"][1]["deep"] = False
    arguments["added"] = 1
    tool_records[1]["id"] = "call-changed"
    text_records[1]["text"] = "after"
    text_records.insert(2, text("inserted"))
    end["usage"]["inputTokens"] = 1000
    fixture["responses"].append({"records": [START, END]})
    fixture["schemaVersion"] = 2

    first = await adapter.stream("request-1").result()
    block = first.message.content[0]
    assert block.id == "call-1"  # type: ignore[union-attr]
    assert block.arguments == {"left": 20, "nested": [1, {"deep": True}]}  # type: ignore[union-attr]
    assert first.stop_reason == "toolCall"
    stream = adapter.stream("request-2")
    assert [chunk.delta async for chunk in stream] == ["before"]  # type: ignore[union-attr]
    assert (await stream.result()).usage.input_tokens == 1
    second = adapter.stream("request-3")
    assert adapter.pending_response_count == 0
    with pytest.raises(ProviderError) as caught:
        await second.result()
    assert caught.value.code == Code.PROVIDER_EXHAUSTED


def test_from_path_reads_a_fixture_file(tmp_path: Path) -> None:
    path = tmp_path / "fixture.json"
    path.write_text(json.dumps(fixture_of([START, END], [START, END])), encoding="utf-8")
    assert FixtureProviderAdapter.from_path(path).pending_response_count == 2
    assert FixtureProviderAdapter.from_path(str(path)).pending_response_count == 2


@pytest.mark.parametrize(
    "content",
    [b"{not json", b"\xff\xfe", b'{"schemaVersion": 1}'],
    ids=["syntax", "not-utf8", "no-responses"],
)
def test_from_path_of_a_file_that_is_not_a_fixture_is_an_invalid_fixture(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "fixture.json"
    path.write_bytes(content)
    with pytest.raises(ProviderError) as caught:
        FixtureProviderAdapter.from_path(path)
    assert caught.value.code == Code.PROVIDER_INVALID_FIXTURE


# -- stream(), the counts and the queue -----------------------------------------------


@pytest.mark.parametrize(
    "request_id",
    ["", "   ", "\t\n", None, 5, b"request", "r\udc80"],
    ids=["empty", "spaces", "whitespace", "null", "int", "bytes", "surrogate"],
)
def test_a_request_id_that_is_not_a_non_empty_string_is_a_type_error_and_not_counted(
    request_id: Any,
) -> None:
    adapter = FixtureProviderAdapter(fixture_of([START, END]))
    with pytest.raises(TypeError):
        adapter.stream(request_id)
    assert (adapter.call_count, adapter.pending_response_count) == (0, 1)


def test_a_cancel_that_is_not_an_event_is_a_type_error_and_not_counted() -> None:
    adapter = FixtureProviderAdapter(fixture_of([START, END]))
    with pytest.raises(TypeError):
        adapter.stream("request-1", cancel=True)  # type: ignore[arg-type]
    assert (adapter.call_count, adapter.pending_response_count) == (0, 1)


async def test_streams_take_responses_in_order_and_count_every_call() -> None:
    adapter = FixtureProviderAdapter(
        fixture_of([START, text("one"), END], [START, text("two"), END])
    )
    assert (adapter.call_count, adapter.pending_response_count) == (0, 2)
    first = adapter.stream("request-1")
    second = adapter.stream("request-2")
    assert (adapter.call_count, adapter.pending_response_count) == (2, 0)
    assert isinstance(first, ModelStream)
    assert (await second.result()).request_id == "request-2"
    assert [chunk.delta async for chunk in second] == ["two"]  # type: ignore[union-attr]
    assert [chunk.delta async for chunk in first] == ["one"]  # type: ignore[union-attr]


async def test_an_empty_queue_is_exhausted_for_iteration_and_result() -> None:
    adapter = FixtureProviderAdapter(fixture_of([START, END]))
    await adapter.stream("request-1").result()
    for _ in range(2):
        stream = adapter.stream("request-2")
        with pytest.raises(ProviderError) as by_iteration:
            await stream.__anext__()
        with pytest.raises(ProviderError) as by_result:
            await stream.result()
        for error in (by_iteration.value, by_result.value):
            assert (error.code, error.record_index, error.provider_code) == (
                Code.PROVIDER_EXHAUSTED,
                None,
                None,
            )
    assert (adapter.call_count, adapter.pending_response_count) == (3, 0)


async def test_a_fixture_with_no_responses_is_exhausted_at_once() -> None:
    adapter = FixtureProviderAdapter({"schemaVersion": 1, "responses": []})
    with pytest.raises(ProviderError) as caught:
        await adapter.stream("request-1").result()
    assert caught.value.code == Code.PROVIDER_EXHAUSTED


@pytest.mark.parametrize(
    "request_id", [LyingBlank("   "), ExplodingText("   ")], ids=["lying-blank", "exploding"]
)
def test_a_str_subclass_request_id_is_judged_as_the_plain_string(request_id: str) -> None:
    adapter = FixtureProviderAdapter(fixture_of(RECORDS))
    with pytest.raises(TypeError, match="non-empty str"):
        adapter.stream(request_id)
    assert adapter.call_count == 0


def test_a_str_subclass_request_id_is_kept_as_an_exact_str() -> None:
    adapter = FixtureProviderAdapter(fixture_of(RECORDS))
    response = asyncio.run(adapter.stream(ExplodingText("request-é")).result())
    assert type(response.request_id) is str
    assert response.request_id == "request-é"


def test_provider_errors_keep_their_fields_when_raised_twice() -> None:
    stream = FixtureProviderAdapter(fixture_of([RECORDS[0]])).stream("request-1")

    async def twice() -> list[ProviderError]:
        errors = []
        for _ in range(2):
            try:
                await stream.result()
            except ProviderError as error:
                errors.append(error)
        return errors

    first, second = asyncio.run(twice())
    assert (first.code, first.record_index) == (ProviderErrorCode.PROVIDER_MISSING_TERMINAL, 1)
    assert second is first


# -- cancellation before the stream starts --------------------------------------------


async def test_cancel_set_before_the_stream_starts_is_cancelled_counts_the_call_and_keeps_the_response() -> (
    None
):
    adapter = FixtureProviderAdapter(fixture_of([START, text("kept"), END]))
    cancel = asyncio.Event()
    cancel.set()
    stream = adapter.stream("request-1", cancel=cancel)
    with pytest.raises(ProviderError) as by_iteration:
        await stream.__anext__()
    with pytest.raises(ProviderError) as by_result:
        await stream.result()
    for error in (by_iteration.value, by_result.value):
        assert (error.code, error.record_index) == (Code.PROVIDER_CANCELLED, None)
    assert (adapter.call_count, adapter.pending_response_count) == (1, 1)
    assert await deltas(adapter, "request-retry") == ["kept"]
    assert (adapter.call_count, adapter.pending_response_count) == (2, 0)


async def test_cancel_set_with_an_empty_queue_is_cancelled_not_exhausted() -> None:
    adapter = FixtureProviderAdapter({"schemaVersion": 1, "responses": []})
    cancel = asyncio.Event()
    cancel.set()
    with pytest.raises(ProviderError) as caught:
        await adapter.stream("request-1", cancel=cancel).result()
    assert caught.value.code == Code.PROVIDER_CANCELLED
    assert adapter.call_count == 1


async def test_cancel_set_after_stream_but_before_reading_is_cancelled_for_both_paths() -> None:
    adapter = FixtureProviderAdapter(fixture_of([START, text("a"), END]))
    cancel = asyncio.Event()
    stream = adapter.stream("request-1", cancel=cancel)
    cancel.set()
    with pytest.raises(ProviderError) as by_result:
        await stream.result()
    with pytest.raises(ProviderError) as by_iteration:
        await stream.__anext__()
    assert by_result.value is by_iteration.value
    assert by_result.value.code == Code.PROVIDER_CANCELLED
    assert adapter.pending_response_count == 0


async def test_an_unset_cancel_event_changes_nothing() -> None:
    adapter = FixtureProviderAdapter(fixture_of([START, text("a"), END]))
    stream = adapter.stream("request-1", cancel=asyncio.Event())
    assert [chunk.delta async for chunk in stream] == ["a"]  # type: ignore[union-attr]
    assert (await stream.result()).id == "response-1"


# -- closing a list-backed stream -----------------------------------------------------


async def test_aclose_of_an_unread_stream_makes_both_paths_cancelled() -> None:
    stream = FixtureProviderAdapter(fixture_of([START, text("a"), END])).stream("request-1")
    await stream.aclose()
    with pytest.raises(ProviderError) as by_iteration:
        await stream.__anext__()
    with pytest.raises(ProviderError) as by_result:
        await stream.result()
    assert by_iteration.value.code == by_result.value.code == Code.PROVIDER_CANCELLED


async def test_aclose_after_the_result_stops_iteration_and_keeps_the_result() -> None:
    stream = FixtureProviderAdapter(fixture_of([START, text("a"), text("b"), END])).stream(
        "request-1"
    )
    async with stream:
        assert (await stream.__anext__()).delta == "a"  # type: ignore[union-attr]
        response = await stream.result()
    assert [chunk async for chunk in stream] == []
    assert await stream.result() is response


def _nested_object(levels: int) -> dict[str, Any]:
    value: dict[str, Any] = {"leaf": 1}
    for _ in range(levels - 1):
        value = {"k": value}
    return value


def _tool_call_records(arguments: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"type": "response_start", "responseId": "response-1", "role": "assistant"},
        {"type": "tool_call", "id": "call-1", "name": "read", "arguments": arguments},
        {
            "type": "response_end",
            "responseId": "response-1",
            "stopReason": "tool_call",
            "usage": {"inputTokens": 1, "outputTokens": 1},
        },
    ]


async def _async_records(records: list[dict[str, Any]]) -> AsyncIterator[dict[str, Any]]:
    for record in records:
        yield record


@pytest.mark.parametrize("source", ["list", "async"])
async def test_arguments_as_deep_as_the_ir_allows_pass_through_the_adapter(source: str) -> None:
    arguments = _nested_object(MAX_DEPTH)
    records = _tool_call_records(arguments)
    given: object = records if source == "list" else _async_records(records)
    adapter = FixtureProviderAdapter({"schemaVersion": 1, "responses": [{"records": given}]})
    response = await adapter.stream("request-1").result()
    [call] = response.message.tool_calls
    assert call.arguments == arguments
    # A valid message: only the linkage is open (no tool result follows).
    assert [d.code for d in validate_transcript([response.message])] == ["MISSING_TOOL_RESULT"]
    # The same arguments are valid in a message built directly.
    assistant_message(
        id="a", content=[{"type": "toolCall", "id": "c", "name": "n", "arguments": arguments}]
    )


async def test_arguments_one_level_deeper_than_the_ir_allows_are_refused_by_the_adapter() -> None:
    records = _tool_call_records(_nested_object(MAX_DEPTH + 1))
    with pytest.raises(ProviderError) as at_construction:
        FixtureProviderAdapter({"schemaVersion": 1, "responses": [{"records": records}]})
    assert at_construction.value.code == ProviderErrorCode.PROVIDER_INVALID_FIXTURE
    stream = FixtureProviderAdapter(
        {"schemaVersion": 1, "responses": [{"records": _async_records(records)}]}
    ).stream("request-1")
    with pytest.raises(ProviderError) as while_reading:
        await stream.result()
    assert (while_reading.value.code, while_reading.value.record_index) == (
        ProviderErrorCode.PROVIDER_INVALID_EVENT,
        1,
    )
