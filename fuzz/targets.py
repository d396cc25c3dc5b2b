"""The fuzz targets and their oracle. Importable without atheris.

The four targets of this module are below; the provider streams are in
``fuzz.streams``, the wire readers in ``fuzz.wire_readers``, repair and the rules in
``fuzz.repair_rules``, tool definitions and their calls in ``fuzz.tool_schemas`` (each
module says its oracle); all are in ``TARGETS``.

Each target takes the fuzz input (``bytes``) and returns normally, or raises
``OracleFailure`` naming the broken check. The oracle per input:

* only documented exceptions: ``validate_transcript``/``validate_json`` never raise;
  ``loads`` raises ``TranscriptError`` only; ``parse_transcript`` ``TranscriptError``
  only; ``FixtureProviderAdapter`` and its streams ``ProviderError`` only;
* every call into agent-ir takes at most ``TIME_LIMIT`` seconds;
* every diagnostic is writable (``msgspec.json.encode``, UTF-8 message and path);
* the verdict agrees with the reference (``fuzz.reference``): for a transcript, the
  messages with shape diagnostics are exactly those the jsonschema reference rejects;
  for fixture records, the chunks and the error code and record index (or the
  response) are the reference model's;
* the entry points agree with each other (``loads``/``validate_json``/
  ``validate_transcript``/``parse_transcript``, bytes/bytearray/memoryview/str, both
  ways of reading a stream), valid IR round-trips through ``dumps``, and caller
  objects are not mutated.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import typing
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any, NamedTuple

import msgspec

from agent_ir import (
    Diagnostic,
    DiagnosticCode,
    FixtureProviderAdapter,
    Message,
    ProviderError,
    ProviderErrorCode,
    TextDeltaChunk,
    ThinkingDeltaChunk,
    ToolCallChunk,
    TranscriptError,
    dumps,
    loads,
    parse_transcript,
    to_json_value,
    validate_json,
    validate_transcript,
)
from fuzz import known, reference
from fuzz.reference import FixtureOutcome, same_json
from fuzz.structures import decode_structure

__all__ = ["TARGETS", "TIME_LIMIT", "OracleFailure"]

TIME_LIMIT = 1.0
"""Seconds one call into agent-ir may take on one fuzz input."""

MESSAGE_TYPES = typing.get_args(Message)
SHAPE_CODES = frozenset(
    {
        DiagnosticCode.INVALID_MESSAGE,
        DiagnosticCode.EMPTY_TOOL_NAME,
        DiagnosticCode.INVALID_TOOL_ARGUMENTS,
    }
)
# Deeper JSON text than this may be refused as a whole ("nested too deeply to parse").
_PARSER_DEPTH = 500


class OracleFailure(AssertionError):
    """A broken check: ``check`` names it (the crash signature), ``detail`` says how."""

    def __init__(self, check: str, detail: str) -> None:
        super().__init__(f"{check}: {detail}")
        self.check = check
        self.detail = detail


# --- calls into agent-ir -------------------------------------------------------------------


class Outcome(NamedTuple):
    value: Any
    error: BaseException | None


def call(name: str, function: Callable[..., Any], *args: Any) -> Outcome:
    """``function(*args)`` timed; its exception is returned, not raised.

    A call over ``TIME_LIMIT`` is timed once more and fails only if it is slow again: an
    input that is slow by its shape is slow every time, while a pause of the machine (a
    collection, the other fuzz process on a busy CI runner) is not.
    """
    started = time.perf_counter()
    outcome = _outcome(function, args)
    if time.perf_counter() - started > TIME_LIMIT:
        started = time.perf_counter()
        outcome = _outcome(function, args)
        _check_time(name, started)
    return outcome


def _outcome(function: Callable[..., Any], args: tuple[Any, ...]) -> Outcome:
    try:
        return Outcome(function(*args), None)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:
        return Outcome(None, error)


def _check_time(name: str, started: float) -> None:
    elapsed = time.perf_counter() - started
    if elapsed > TIME_LIMIT:
        raise OracleFailure(f"slow {name}", f"took {elapsed:.2f} s (limit {TIME_LIMIT} s)")


def _never_raises(name: str, function: Callable[..., Any], *args: Any) -> Any:
    outcome = call(name, function, *args)
    if outcome.error is not None:
        raise OracleFailure(f"{name} raised {type(outcome.error).__name__}", repr(outcome.error))
    return outcome.value


def _located(diagnostics: tuple[Diagnostic, ...]) -> list[tuple[str, int, str]]:
    return [(d.code, d.message_index, d.path) for d in diagnostics]


def _same_located(name: str, got: tuple[Diagnostic, ...], want: tuple[Diagnostic, ...]) -> None:
    if _located(got) != _located(want):
        raise OracleFailure(f"{name} disagrees", f"{_located(got)} != {_located(want)}")


@contextlib.contextmanager
def _tagged(causes: Callable[[Any], list[str]], value: Any) -> Iterator[None]:
    """Append the known causes ``value`` shows to a failure's check (see ``fuzz.known``)."""
    try:
        yield
    except OracleFailure as failure:
        found = causes(value)
        if found:
            failure.check = f"{failure.check} [{'; '.join(found)}]"
        raise


# --- the oracle on diagnostics ----------------------------------------------------------


def check_writable(name: str, diagnostics: object) -> None:
    """A tuple of ``Diagnostic`` that can all be written as JSON and UTF-8."""
    if type(diagnostics) is not tuple:
        raise OracleFailure(f"{name} result not a tuple", repr(diagnostics)[:200])
    for diagnostic in diagnostics:
        if type(diagnostic) is not Diagnostic or diagnostic.code not in DiagnosticCode:
            raise OracleFailure(f"{name} result not a Diagnostic", repr(diagnostic)[:200])
        try:
            msgspec.json.encode(diagnostic)
            str(diagnostic.message).encode("utf-8")
            str(diagnostic.path).encode("utf-8")
        except Exception as error:
            raise OracleFailure("unwritable diagnostic", f"{diagnostic!r}: {error!r}") from None


def check_verdict(name: str, value: Any, diagnostics: tuple[Diagnostic, ...]) -> None:
    """Diagnostics of ``value`` (plain builtins) agree with the reference."""
    if type(value) is not list:
        if [(d.code, d.message_index) for d in diagnostics] != [
            (DiagnosticCode.INVALID_TRANSCRIPT, -1)
        ]:
            raise OracleFailure(f"{name} verdict on a non-list", repr(_located(diagnostics)))
        return
    indices = [d.message_index for d in diagnostics]
    if indices != sorted(indices):
        raise OracleFailure(f"{name} diagnostics out of order", repr(_located(diagnostics)))
    for d in diagnostics:
        inside = 0 <= d.message_index < len(value)
        prefix = f"/{d.message_index}"
        if not inside or not (d.path == prefix or d.path.startswith(prefix + "/")):
            raise OracleFailure(f"{name} diagnostic misplaced", repr(d)[:300])
    rejected = {index for index, entry in enumerate(value) if not reference.message_is_valid(entry)}
    shaped = {d.message_index for d in diagnostics if d.code in SHAPE_CODES}
    if shaped != rejected:
        way = "rejects" if shaped - rejected else "accepts"
        raise OracleFailure(
            f"{name} {way} a message the reference {'accepts' if way == 'rejects' else 'rejects'}",
            f"agent-ir rejects messages {sorted(shaped)}, the reference {sorted(rejected)}",
        )


# --- targets ------------------------------------------------------------------------------


def loads_bytes(data: bytes) -> None:
    """``loads`` on bytes: the IR (accepted by the reference, round-tripping through
    ``dumps`` to the same JSON) or ``TranscriptError`` with ``validate_json``'s
    diagnostics; the same outcome from the text as ``str``."""
    with _tagged(known.transcript_causes, reference.parse_json_text(data).value):
        outcome = call("loads", loads, data)
        _check_loads_outcome(data, outcome)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return
        _same_loads_outcome(outcome, call("loads", loads, text))


def _check_loads_outcome(data: bytes, outcome: Outcome) -> None:
    if outcome.error is not None:
        if type(outcome.error) is not TranscriptError:
            error = outcome.error
            raise OracleFailure(f"loads raised {type(error).__name__}", repr(error)[:300])
        diagnostics = outcome.error.diagnostics
        check_writable("loads", diagnostics)
        if not diagnostics:
            raise OracleFailure("loads raised without diagnostics", repr(outcome.error))
        _same_located(
            "loads/validate_json", diagnostics, _never_raises("validate_json", validate_json, data)
        )
        return
    messages = outcome.value
    if type(messages) is not tuple or not all(isinstance(m, MESSAGE_TYPES) for m in messages):
        raise OracleFailure("loads returned no IR tuple", repr(messages)[:200])
    parsed = reference.parse_json_text(data)
    if not parsed.parsed:
        raise OracleFailure("loads accepted text that is not JSON", repr(data[:200]))
    check_verdict("loads", parsed.value, ())
    written = _never_raises("dumps", dumps, messages)
    if not same_json(json.loads(written), parsed.value):
        raise OracleFailure("dumps(loads(text)) differs from text", repr(written[:300]))
    if call("loads", loads, written).value != messages:
        raise OracleFailure("loads(dumps(ir)) != ir", repr(written[:300]))


def _same_loads_outcome(first: Outcome, second: Outcome) -> None:
    if (first.error is None) != (second.error is None):
        raise OracleFailure("loads(bytes) and loads(str) disagree", f"{first!r} / {second!r}")
    if first.error is None:
        if first.value != second.value:
            raise OracleFailure("loads(bytes) and loads(str) disagree", "different IR")
    elif isinstance(first.error, TranscriptError) and isinstance(second.error, TranscriptError):
        _same_located("loads(bytes)/loads(str)", first.error.diagnostics, second.error.diagnostics)


def validate_json_bytes(data: bytes) -> None:
    """``validate_json`` on bytes never raises and agrees with the reference on the
    stdlib parse of the text (one INVALID_TRANSCRIPT when it is not JSON), with
    ``validate_transcript`` of that parse, and with itself on bytearray, memoryview, str."""
    with _tagged(known.transcript_causes, reference.parse_json_text(data).value):
        _check_validate_json(data)


def _check_validate_json(data: bytes) -> None:
    diagnostics = _never_raises("validate_json", validate_json, data)
    check_writable("validate_json", diagnostics)
    parsed = reference.parse_json_text(data)
    if not parsed.parsed:
        if [(d.code, d.message_index) for d in diagnostics] != [
            (DiagnosticCode.INVALID_TRANSCRIPT, -1)
        ]:
            raise OracleFailure("validate_json accepted text that is not JSON", repr(data[:200]))
    elif not _refused_as_too_deep(parsed.value, diagnostics):
        check_verdict("validate_json", parsed.value, diagnostics)
        by_value = _never_raises("validate_transcript", validate_transcript, parsed.value)
        _same_located("validate_json/validate_transcript", diagnostics, by_value)
    for variant in (bytearray(data), memoryview(data)):
        _same_located(
            f"validate_json({type(variant).__name__})",
            _never_raises("validate_json", validate_json, variant),
            diagnostics,
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return
    _same_located(
        "validate_json(str)", _never_raises("validate_json", validate_json, text), diagnostics
    )


def _refused_as_too_deep(value: Any, diagnostics: tuple[Diagnostic, ...]) -> bool:
    too_deep = [(DiagnosticCode.INVALID_TRANSCRIPT, -1)]
    shallow = reference.depth_of(value) <= _PARSER_DEPTH
    return not shallow and [(d.code, d.message_index) for d in diagnostics] == too_deep


TRANSCRIPT_POOL: list[Any] = [
    [],
    [{"role": "user", "id": "u", "content": "hi"}],
    [
        {"role": "user", "id": "u1", "content": [{"type": "text", "text": "read it"}]},
        {
            "role": "assistant",
            "id": "a1",
            "content": [
                {"type": "thinking", "thinking": "t", "signature": "s", "redacted": False},
                {"type": "toolCall", "id": "c1", "name": "read", "arguments": {"p": [1, 2.5]}},
                {"type": "toolCall", "id": "c2", "name": "list", "arguments": {}},
            ],
            "usage": {"inputTokens": 1, "outputTokens": 2},
            "stopReason": "toolCall",
            "timestamp": "2024-02-29T12:00:00Z",
        },
        {
            "role": "toolResult",
            "id": "r2",
            "toolCallId": "c2",
            "toolName": "list",
            "content": [{"type": "image", "source": {"type": "url", "url": "u"}}],
            "isError": False,
        },
        {
            "role": "toolResult",
            "id": "r1",
            "toolCallId": "c1",
            "toolName": "read",
            "content": "x",
            "isError": True,
        },
        {"role": "system", "id": "s", "content": "be brief"},
    ],
]


def validate_transcript_structures(data: bytes) -> None:
    """``validate_transcript`` on a structure decoded from ``data`` (a transcript from
    the input or the pool, mutated): never raises, agrees with the reference, with
    ``parse_transcript`` and with ``validate_json`` of the same value as JSON text;
    valid ones round-trip; the structure is not mutated."""
    value = decode_structure(data, TRANSCRIPT_POOL)
    with _tagged(known.transcript_causes, value):
        _check_validate_transcript(value)


def _check_validate_transcript(value: Any) -> None:
    before = _plain_copy(value)
    diagnostics = _never_raises("validate_transcript", validate_transcript, value)
    check_writable("validate_transcript", diagnostics)
    check_verdict("validate_transcript", value, diagnostics)
    if type(value) is list and any(
        d.code == DiagnosticCode.INVALID_TRANSCRIPT for d in diagnostics
    ):
        raise OracleFailure("validate_transcript contained an internal error", repr(diagnostics))
    _check_parse(value, diagnostics)
    _check_as_json_text(value, diagnostics)
    if not same_json(value, before):
        raise OracleFailure("validate_transcript mutated its input", "")


def _check_parse(value: Any, diagnostics: tuple[Diagnostic, ...]) -> None:
    outcome = call("parse_transcript", parse_transcript, value)
    if outcome.error is not None:
        if type(outcome.error) is not TranscriptError:
            error = outcome.error
            raise OracleFailure(f"parse_transcript raised {type(error).__name__}", repr(error))
        if outcome.error.diagnostics != diagnostics:
            raise OracleFailure("parse_transcript disagrees with validate_transcript", "")
        return
    if diagnostics:
        raise OracleFailure("parse_transcript accepted an invalid transcript", repr(diagnostics))
    written = _never_raises("dumps", dumps, outcome.value)
    if not same_json(json.loads(written), value):
        raise OracleFailure("dumps(parse_transcript(value)) differs from value", written[:300])
    if call("loads", loads, written).value != outcome.value:
        raise OracleFailure("loads(dumps(ir)) != ir", written[:300])


def _check_as_json_text(value: Any, diagnostics: tuple[Diagnostic, ...]) -> None:
    """The same verdict from ``validate_json`` when the value can be JSON text."""
    if reference.has_non_finite(value) or reference.depth_of(value) > _PARSER_DEPTH:
        return
    text = json.dumps(value).encode()  # ASCII: lone surrogates become \\ud800 escapes
    if not same_json(json.loads(text), value):
        return  # two lone surrogates in a row are one character once parsed as JSON text
    by_text = _never_raises("validate_json", validate_json, text)
    _same_located("validate_json/validate_transcript", by_text, diagnostics)


def _plain_copy(value: Any) -> Any:
    """A deep copy of plain builtins; iterative (``copy.deepcopy`` recurses)."""
    holder: list[Any] = [None]
    pending: list[tuple[Any, Any, Any]] = [(holder, 0, value)]
    while pending:
        container, key, item = pending.pop()
        if type(item) is dict:
            copied: Any = dict.fromkeys(item)
            pending.extend((copied, child_key, child) for child_key, child in item.items())
        elif type(item) is list:
            copied = [None] * len(item)
            pending.extend((copied, index, child) for index, child in enumerate(item))
        else:
            copied = item
        container[key] = copied
    return holder[0]


# --- fixture records ----------------------------------------------------------------------

REQUEST_ID = "request-fuzz"
RECORDS_POOL: list[Any] = [
    [
        {"type": "response_start", "responseId": "r", "role": "assistant"},
        {"type": "text_delta", "text": "a"},
        {"type": "text_delta", "text": "b"},
        {
            "type": "response_end",
            "responseId": "r",
            "stopReason": "stop",
            "usage": {"inputTokens": 1, "outputTokens": 2},
        },
    ],
    [
        {"type": "response_start", "responseId": "r", "role": "assistant"},
        {"type": "tool_call", "id": "c1", "name": "add", "arguments": {"left": 1, "right": [2]}},
        {"type": "tool_call", "id": "c2", "name": "add", "arguments": {}},
        {
            "type": "response_end",
            "responseId": "r",
            "stopReason": "tool_call",
            "usage": {"input_tokens": 0, "output_tokens": 9007199254740991},
        },
    ],
    [
        {"type": "response_start", "responseId": "r", "role": "assistant"},
        {"type": "transport_error", "code": "overloaded", "message": "try later"},
    ],
]

_loop: asyncio.AbstractEventLoop | None = None


def fixture_records(data: bytes) -> None:
    """``FixtureProviderAdapter`` over records decoded from ``data``: construction
    refuses exactly what cannot be copied (records not a list, or nested too deep);
    each way of reading a stream gives the reference model's chunks and outcome; the
    records are not mutated."""
    records = decode_structure(data, RECORDS_POOL)
    with _tagged(known.records_causes, records):
        _check_fixture_records(records)


def _check_fixture_records(records: Any) -> None:
    before = _plain_copy(records)
    fixture = {"schemaVersion": 1, "responses": [{"records": records}, {"records": records}]}
    adapter = _construct(fixture, records)
    expected = reference.fixture_outcome(records) if type(records) is list else None
    started = time.perf_counter()
    if adapter is not None and expected is not None:
        _run(_read_both_ways(adapter, expected))
    if type(records) is list and expected is not None:
        _run(_read_from_source(records, expected))
        _run(_interrupted_after_first_chunk(records, expected))
    _check_time("FixtureProviderAdapter streams", started)
    if not same_json(records, before):
        raise OracleFailure("FixtureProviderAdapter mutated its input", "")


def _construct(fixture: dict[str, Any], records: Any) -> FixtureProviderAdapter | None:
    outcome = call("FixtureProviderAdapter", FixtureProviderAdapter, fixture)
    may_refuse = type(records) is not list or any(map(reference.record_too_deep, records))
    if outcome.error is None:
        if type(records) is not list:
            raise OracleFailure("FixtureProviderAdapter accepted records that are no list", "")
        return outcome.value  # type: ignore[no-any-return]
    error = outcome.error
    if type(error) is not ProviderError:
        raise OracleFailure(f"FixtureProviderAdapter raised {type(error).__name__}", repr(error))
    if error.code != ProviderErrorCode.PROVIDER_INVALID_FIXTURE or not may_refuse:
        raise OracleFailure("FixtureProviderAdapter refused valid records", repr(error)[:300])
    return None


def _run(coroutine: Any) -> None:
    global _loop
    if _loop is None:
        _loop = asyncio.new_event_loop()
    _loop.run_until_complete(coroutine)


async def _read_both_ways(adapter: FixtureProviderAdapter, expected: FixtureOutcome) -> None:
    iterated = adapter.stream(REQUEST_ID)
    chunks, error = await _iterate(iterated, "iteration")
    await _check_stream("iteration then result()", iterated, chunks, error, expected)
    awaited = adapter.stream(REQUEST_ID)
    await _result_or_error(awaited, "result()")
    chunks, error = await _iterate(awaited, "result() then iteration")
    await _check_stream("result() then iteration", awaited, chunks, error, expected)
    exhausted = await _result_or_error(adapter.stream(REQUEST_ID), "a third stream")
    if not isinstance(exhausted, ProviderError) or exhausted.code != "PROVIDER_EXHAUSTED":
        raise OracleFailure("a third stream is not PROVIDER_EXHAUSTED", repr(exhausted))


async def _read_from_source(records: list[Any], expected: FixtureOutcome) -> None:
    """The same records from an async iterable (read one at a time, copied per record):
    the model's outcome, or PROVIDER_INVALID_EVENT at a record nested too deep."""

    async def source() -> AsyncIterator[Any]:
        for record in records:
            yield record

    adapter = FixtureProviderAdapter({"schemaVersion": 1, "responses": [{"records": source()}]})
    stream = adapter.stream(REQUEST_ID)
    chunks, error = await _iterate(stream, "async source")
    deep = [index for index, record in enumerate(records) if reference.record_too_deep(record)]
    if deep and (expected.record_index is None or deep[0] <= expected.record_index):
        prefix = reference.fixture_outcome(records[: deep[0]])
        refused = FixtureOutcome(prefix.chunks, "PROVIDER_INVALID_EVENT", deep[0])
        if _matches(chunks, error, refused) is None:
            return
    await _check_stream("async source", stream, chunks, error, expected)


async def _interrupted_after_first_chunk(records: list[Any], expected: FixtureOutcome) -> None:
    """The cancel event set, or ``aclose()`` called, after the first chunk of an async
    source: nothing more is yielded, iteration and ``result()`` fail with the same
    PROVIDER_CANCELLED, and the source is closed."""
    if expected.chunks and not any(map(reference.record_too_deep, records)):
        await _interrupt_after_first_chunk(records, expected, "the cancel event")
        await _interrupt_after_first_chunk(records, expected, "aclose()")


async def _interrupt_after_first_chunk(
    records: list[Any], expected: FixtureOutcome, how: str
) -> None:
    closed: list[bool] = []

    async def source() -> AsyncIterator[Any]:
        try:
            for record in records:
                yield record
        finally:
            closed.append(True)

    cancel = asyncio.Event()
    adapter = FixtureProviderAdapter({"schemaVersion": 1, "responses": [{"records": source()}]})
    stream = adapter.stream(REQUEST_ID, cancel=cancel)
    first, _ = await _iterate_one(stream, how)
    if first is None or not same_json(list(_chunk_summary(first)), list(expected.chunks[0])):
        raise OracleFailure(f"{how}: the first chunk differs from the model", repr(first))
    if how == "aclose()":
        await stream.aclose()
    else:
        cancel.set()
    rest, error = await _iterate(stream, how)
    result = await _result_or_error(stream, how)
    if rest or error is None or error.code != "PROVIDER_CANCELLED" or result is not error:
        raise OracleFailure(f"{how} after a chunk is not PROVIDER_CANCELLED", repr(error))
    if closed != [True]:
        raise OracleFailure(f"{how} after a chunk left the source open", repr(closed))


async def _iterate_one(stream: Any, how: str) -> tuple[Any, ProviderError | None]:
    try:
        return await anext(stream), None
    except ProviderError as error:
        return None, error
    except Exception as error:
        raise OracleFailure(f"{how} raised {type(error).__name__}", repr(error)[:300]) from None


async def _iterate(stream: Any, how: str) -> tuple[list[Any], ProviderError | None]:
    chunks: list[Any] = []
    try:
        async for chunk in stream:
            chunks.append(chunk)
    except ProviderError as error:
        return chunks, error
    except Exception as error:
        raise OracleFailure(f"{how} raised {type(error).__name__}", repr(error)[:300]) from None
    return chunks, None


async def _result_or_error(stream: Any, how: str) -> Any:
    try:
        return await stream.result()
    except ProviderError as error:
        return error
    except Exception as error:
        raise OracleFailure(f"{how} raised {type(error).__name__}", repr(error)[:300]) from None


async def _check_stream(
    how: str, stream: Any, chunks: list[Any], error: ProviderError | None, want: FixtureOutcome
) -> None:
    problem = _matches(chunks, error, want)
    if problem is not None:
        summary, detail = problem
        raise OracleFailure(
            f"stream differs from the reference model: {summary}", f"{how}: {detail}"
        )
    result = await _result_or_error(stream, how)
    if error is not None and result is not error:
        raise OracleFailure(f"{how}: result() and iteration fail differently", repr(result))
    if error is None:
        _check_response(how, result, chunks, want)


def _matches(
    chunks: list[Any], error: ProviderError | None, want: FixtureOutcome
) -> tuple[str, str] | None:
    """None when the chunks and the error (or its absence) are the model's; else what
    differs (short, for the signature) and how."""
    got = [_chunk_summary(chunk) for chunk in chunks]
    if len(got) != len(want.chunks) or not all(
        same_json(list(mine), list(theirs)) for mine, theirs in zip(got, want.chunks, strict=False)
    ):
        return "chunks", f"{got!r} != {want.chunks!r}"[:600]
    wanted = f"{want.error_code or 'success'} at {want.record_index}"
    if error is None and want.error_code is None:
        return None
    if error is None:
        return f"success instead of {want.error_code}", f"the model says {wanted}"
    if (error.code.value, error.record_index) == (want.error_code, want.record_index):
        return None
    summary = f"{error.code.value} instead of {want.error_code or 'success'}"
    return summary, f"{error!r}, the model says {wanted}"


def _chunk_summary(chunk: Any) -> tuple[Any, ...]:
    if type(chunk) is TextDeltaChunk and chunk.request_id == REQUEST_ID:
        return ("text", chunk.delta)
    if type(chunk) is ThinkingDeltaChunk and chunk.request_id == REQUEST_ID:
        return ("thinking", chunk.delta)
    if type(chunk) is ToolCallChunk and chunk.request_id == REQUEST_ID:
        call_block = to_json_value(chunk.tool_call)
        return ("toolCall", call_block["id"], call_block["name"], call_block["arguments"])
    return ("unexpected", repr(chunk))


def _check_response(how: str, response: Any, chunks: list[Any], want: FixtureOutcome) -> None:
    stop_reason = "toolCall" if want.stop_reason == "tool_call" else want.stop_reason
    message = to_json_value(response.message)
    usage = (response.usage.input_tokens, response.usage.output_tokens)
    got = (response.id, response.request_id, response.stop_reason.value, usage)
    if (
        got != (want.response_id, REQUEST_ID, stop_reason, want.usage)
        or message.get("stopReason") != stop_reason
        or not same_json(message["content"], want.content)
    ):
        raise OracleFailure(f"{how}: the response differs from the model", repr(response)[:600])


TARGETS: dict[str, Callable[[bytes], None]] = {
    "loads_bytes": loads_bytes,
    "validate_json_bytes": validate_json_bytes,
    "validate_transcript_structures": validate_transcript_structures,
    "fixture_records": fixture_records,
}
"""Target name -> harness; the name is also the seed folder in fixtures/fuzz-corpus/."""

# The targets of the other modules use the helpers above: imported last.
from fuzz.repair_rules import repair_rules  # noqa: E402
from fuzz.streams import STREAM_TARGETS  # noqa: E402
from fuzz.tool_schemas import tool_schemas  # noqa: E402
from fuzz.wire_readers import from_wire  # noqa: E402

TARGETS.update(STREAM_TARGETS)
TARGETS["from_wire"] = from_wire
TARGETS["repair_rules"] = repair_rules
TARGETS["tool_schemas"] = tool_schemas
