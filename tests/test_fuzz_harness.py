"""The fuzz harnesses (``fuzz/``) without atheris: every seed-corpus file passes its
harness, each regression found by fuzzing stays fixed, and the oracle does fail when
agent-ir misbehaves (a wrong verdict, an undocumented exception, a slow call, an
unwritable diagnostic, a stream that differs from the reference model).

Regression inputs live in ``fixtures/fuzz-corpus/<target>/regression-*`` (so the fuzzer
starts from them too); the named tests below state each one's behaviour directly.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from agent_ir import (
    MAX_DEPTH,
    Diagnostic,
    DiagnosticCode,
    FixtureProviderAdapter,
    validate_json,
    validate_transcript,
)

from support.builders import END, RECORDS, START, fixture_of

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # fuzz/ is a tool beside the package, not part of it

from fuzz import reference, targets  # noqa: E402
from fuzz import run as run_module  # noqa: E402
from fuzz.run import CrashRecorder, signature_of  # noqa: E402
from fuzz.targets import TARGETS, OracleFailure  # noqa: E402

CORPUS = ROOT / "fixtures" / "fuzz-corpus"
SEEDS = sorted(path for path in CORPUS.glob("*/*") if path.is_file())
UNKNOWN_USAGE_FIELD = {**END, "usage": {"inputTokens": 1, "outputTokens": 2, "total_tokens": 3}}


def test_the_corpus_is_small_and_covers_every_target() -> None:
    assert sorted(path.name for path in CORPUS.iterdir()) == sorted(TARGETS)
    assert 4 * 20 <= len(SEEDS) < 400  # the schema examples and fixtures, a few each
    assert sum(path.stat().st_size for path in SEEDS) < 1_000_000


@pytest.mark.parametrize("seed", SEEDS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_seed_passes_its_harness(seed: Path) -> None:
    TARGETS[seed.parent.name](seed.read_bytes())


# --- regressions found by fuzzing (docs/reliability-fuzz.md) ------------------------------


def test_an_unknown_usage_field_of_a_fixture_record_is_ignored_like_an_unknown_record_field() -> (
    None
):
    """F1: the fixture schema closes WireUsage, the parser accepted an unknown usage
    field. Decided for the parser: the transport boundary ignores unknown fields of a
    known record, and now says that this holds for its usage too (parser docstring,
    schemas/README.md); the fuzz reference drops them as the parser does."""
    adapter = FixtureProviderAdapter(fixture_of([START, UNKNOWN_USAGE_FIELD]))
    response = agent_ir_run(adapter.stream("request-1").result())
    assert (response.usage.input_tokens, response.usage.output_tokens) == (1, 2)


def test_a_lone_surrogate_in_an_unknown_field_name_gives_a_writable_path() -> None:
    """F2: the name of an unknown field holding a lone surrogate was put raw into
    ``Diagnostic.path`` (defect 6 is the same for a key inside tool-call arguments)."""
    for transcript in (
        [{"role": "user", "id": "u", "content": "x", "\ud800": 1}],
        [{"role": "user", "id": "u", "content": [{"type": "text", "text": "x", "\udc00k": 1}]}],
        [{"role": "system", "id": "s", "content": {"\udfff": 1}}],
    ):
        [diagnostic] = validate_transcript(transcript)
        assert (diagnostic.code, diagnostic.message_index) == ("INVALID_MESSAGE", 0)
        diagnostic.path.encode("utf-8")
        diagnostic.message.encode("utf-8")
    [diagnostic] = validate_json(b'[{"role":"user","id":"u","content":"x","\\ud800":1}]')
    diagnostic.path.encode("utf-8")


def test_arguments_nested_max_depth_levels_are_accepted_by_the_fixture_adapter() -> None:
    """Defect 4, as the fuzzer meets it: 64 levels of arguments inside a record."""
    arguments: Any = "leaf"
    for _ in range(MAX_DEPTH - 1):
        arguments = [arguments]
    call = {"type": "tool_call", "id": "c", "name": "n", "arguments": {"x": arguments}}
    end = {**END, "stopReason": "tool_call"}
    response = agent_ir_run(
        FixtureProviderAdapter(fixture_of([START, call, end])).stream("request-1").result()
    )
    assert response.stop_reason == "toolCall"


def agent_ir_run(awaitable: Any) -> Any:
    async def wait() -> Any:
        return await awaitable

    return asyncio.run(wait())


# --- the oracle fails when it should --------------------------------------------------------

INVALID_USER = [{"role": "user", "id": " ", "content": "x"}]


def test_a_wrong_verdict_is_a_failure() -> None:
    with pytest.raises(OracleFailure) as caught:
        targets.check_verdict("validate_transcript", INVALID_USER, ())
    assert caught.value.check == "validate_transcript accepts a message the reference rejects"
    with pytest.raises(OracleFailure) as caught:
        targets.check_verdict(
            "validate_transcript",
            [{"role": "user", "id": "u", "content": "x"}],
            (
                Diagnostic(
                    code=DiagnosticCode.INVALID_MESSAGE, message_index=0, message="m", path="/0"
                ),
            ),
        )
    assert caught.value.check == "validate_transcript rejects a message the reference accepts"


def test_a_diagnostic_outside_its_message_is_a_failure() -> None:
    misplaced = Diagnostic(
        code=DiagnosticCode.INVALID_MESSAGE, message_index=1, message="m", path="/1"
    )
    with pytest.raises(OracleFailure) as caught:
        targets.check_verdict("validate_transcript", INVALID_USER, (misplaced,))
    assert caught.value.check == "validate_transcript diagnostic misplaced"


def test_an_unwritable_diagnostic_is_a_failure() -> None:
    unwritable = Diagnostic(
        code=DiagnosticCode.INVALID_MESSAGE, message_index=0, message="m", path="/0/\ud800"
    )
    with pytest.raises(OracleFailure) as caught:
        targets.check_writable("validate_transcript", (unwritable,))
    assert caught.value.check == "unwritable diagnostic"


def test_an_exception_outside_the_documented_set_is_a_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(data: object) -> Any:
        raise KeyError("boom")

    monkeypatch.setattr(targets, "validate_json", broken)
    with pytest.raises(OracleFailure) as caught:
        TARGETS["validate_json_bytes"](b"[]")
    assert caught.value.check == "validate_json raised KeyError"
    monkeypatch.setattr(targets, "loads", broken)
    with pytest.raises(OracleFailure) as caught:
        TARGETS["loads_bytes"](b"[]")
    assert caught.value.check == "loads raised KeyError"


def test_a_wrong_verdict_from_the_library_is_caught_by_the_harness(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(targets, "validate_transcript", lambda value: ())
    with pytest.raises(OracleFailure) as caught:
        TARGETS["validate_transcript_structures"](
            b'[{"role": "user", "id": " ", "content": "x"}]\0'
        )
    assert caught.value.check == "validate_transcript accepts a message the reference rejects"


def test_a_call_over_the_time_limit_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(targets, "TIME_LIMIT", -1.0)
    with pytest.raises(OracleFailure) as caught:
        TARGETS["validate_json_bytes"](b"[]")
    assert caught.value.check == "slow validate_json"


def test_a_call_slow_once_is_timed_again_and_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    times = iter([0.0, 5.0, 10.0, 10.1])  # first call 5 s (a pause), the second 0.1 s
    monkeypatch.setattr(targets.time, "perf_counter", lambda: next(times))
    calls: list[int] = []
    outcome = targets.call("f", lambda x: calls.append(x) or x, 7)
    assert outcome == targets.Outcome(7, None)
    assert calls == [7, 7]


def test_a_call_slow_twice_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    times = iter([0.0, 5.0, 10.0, 15.0])
    monkeypatch.setattr(targets.time, "perf_counter", lambda: next(times))
    with pytest.raises(OracleFailure) as caught:
        targets.call("f", lambda: None)
    assert caught.value.check == "slow f"


def test_the_summary_prints_what_failed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "from_wire"
    folder.mkdir()
    (folder / "abc.input").write_bytes(b"x")
    (folder / "abc.txt").write_text("check: from_wire raised KeyError\nTraceback ...\n")
    (folder / "libfuzzer.log").write_text("==1== ERROR: libFuzzer: deadly signal\nlast line\n")
    run_module._summary(
        [
            run_module.TargetRun("from_wire", 10, 1.0, ["abc.input", "crash-1"], 0),
        ],
        tmp_path,
    )
    printed = capsys.readouterr().out
    assert "        check: from_wire raised KeyError" in printed
    assert "        ==1== ERROR: libFuzzer: deadly signal" in printed  # no .txt: the log's end


def test_a_stream_that_differs_from_the_reference_model_is_a_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    wrong = reference.FixtureOutcome([], "PROVIDER_MISSING_START", 0)
    monkeypatch.setattr(reference, "fixture_outcome", lambda records: wrong)
    with pytest.raises(OracleFailure) as caught:
        targets.fixture_records(reference_json(RECORDS) + b"\0")
    assert caught.value.check.startswith("stream differs from the reference model: chunks")


def reference_json(value: Any) -> bytes:
    return json.dumps(value).encode()


def test_a_known_cause_is_appended_to_the_signature(monkeypatch: pytest.MonkeyPatch) -> None:
    from fuzz import known

    cause = ("known: a cause shown by every record", lambda record: True)
    monkeypatch.setattr(known, "_RECORDS_CAUSES", [cause])
    wrong = reference.FixtureOutcome([], "PROVIDER_MISSING_START", 0)
    monkeypatch.setattr(reference, "fixture_outcome", lambda records: wrong)
    with pytest.raises(OracleFailure) as caught:
        targets.fixture_records(reference_json(RECORDS) + b"\0")
    assert caught.value.check.endswith(" [known: a cause shown by every record]")
    assert signature_of(caught.value) == caught.value.check


def test_two_lone_surrogates_in_a_row_are_not_compared_with_their_json_text() -> None:
    """Found by fuzzing, in the harness: json.dumps writes "\\ud83d\\ude00", which JSON
    parsing joins into one valid character, so the text is a different (valid) value."""
    targets.validate_transcript_structures(b"[]\0")  # the lazy parts are built
    transcript = [{"role": "user", "id": "u", "content": "\ud83d\ude00"}]
    [diagnostic] = validate_transcript(transcript)
    assert (diagnostic.code, diagnostic.path) == ("INVALID_MESSAGE", "/0/content")
    assert validate_json(json.dumps(transcript)) == ()
    targets._check_validate_transcript(transcript)


# --- the stream, wire and repair targets' oracles fail when they should ---------------------

WIRE = ROOT / "fixtures" / "wire"
TEXT_ONLY = (WIRE / "anthropic" / "text-only.sse").read_bytes()


def test_every_new_target_has_seeds_and_a_group() -> None:
    from fuzz.run import GROUPS, TARGET_NAMES

    assert sorted(TARGET_NAMES) == sorted(TARGETS)
    assert GROUPS["streams"] == [
        "openai_chat_stream",
        "openai_responses_stream",
        "anthropic_stream",
        "gemini_stream",
    ]
    for name in (*GROUPS["streams"], "from_wire", "repair_rules"):
        assert len(list((CORPUS / name).glob("seed-*"))) >= 5


def test_a_stream_input_is_a_body_and_its_chunking() -> None:
    from fuzz.streams import chunking, split_input

    assert split_input(b"data: a\0b\0\x02\x03") == (b"data: a\0b", b"\x02\x03")
    assert split_input(b"data: a") == (b"data: a", b"")
    assert chunking(b"abcdefg", b"\x02\x00") == [b"ab", b"c", b"de", b"f", b"g"]
    assert chunking(b"abc", b"") == [b"abc"]


def test_a_stream_that_depends_on_its_chunking_is_a_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A driver that drops one-byte items: the finest chunking differs from the whole body."""
    from agent_ir.wire import _stream

    original = _stream._Reading.item

    def lossy(self: Any, item: object) -> None:
        if isinstance(item, bytes) and len(item) == 1:
            return
        original(self, item)

    monkeypatch.setattr(_stream._Reading, "item", lossy)
    with pytest.raises(OracleFailure) as caught:
        targets.TARGETS["anthropic_stream"](TEXT_ONLY + b"\0")
    assert caught.value.check.startswith(
        "AnthropicStream: one byte at a time gives other chunks than the whole body"
    )


def test_an_undocumented_exception_from_a_stream_is_a_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from agent_ir.wire.anthropic import _stream as anthropic_stream

    def broken(self: Any, name: object, data: object) -> None:
        raise KeyError("delta")

    monkeypatch.setattr(anthropic_stream.AnthropicState, "handle", broken)
    with pytest.raises(OracleFailure) as caught:
        targets.TARGETS["anthropic_stream"](TEXT_ONLY)
    assert caught.value.check == "AnthropicStream raised KeyError"


def test_an_async_stream_that_differs_from_the_sync_one_is_a_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An async driver that loses every other piece of its source."""
    from agent_ir.wire import _stream

    async def skipping(self: Any, iterator: Any) -> Any:
        await anext(iterator)  # every other piece is lost
        return await anext(iterator)

    monkeypatch.setattr(_stream.AsyncStream, "_read", skipping)
    body = (WIRE / "openai-chat" / "text.sse").read_bytes()
    with pytest.raises(OracleFailure) as caught:
        targets.TARGETS["openai_chat_stream"](body + b"\0\x07")
    assert caught.value.check.startswith("AsyncOpenAIChatStream: the async class gives other")


def test_a_stream_that_reads_past_its_terminal_event_is_a_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A driver that reads one more item after the event that settled the stream."""
    from agent_ir.wire import _stream

    original = _stream.SyncStream._close_source

    def greedy(self: Any) -> None:
        if self._iterator is not None:
            next(self._iterator, None)
        original(self)

    monkeypatch.setattr(_stream.SyncStream, "_close_source", greedy)
    with pytest.raises(OracleFailure) as caught:
        targets.TARGETS["anthropic_stream"](TEXT_ONLY)
    assert caught.value.check == "AnthropicStream read past the event that settled it"


def test_bytes_that_are_not_utf8_after_the_terminal_in_the_same_chunk_are_not_read() -> None:
    """S1, found by the stream targets: the stream settles at its terminal event and
    "nothing after it is read, whether it came in the same network chunk or never
    comes" (``agent_ir.wire._stream``); a byte that is not UTF-8 after ``message_stop``
    in the same chunk fails the whole stream (PROVIDER_INVALID_EVENT at event 0, no
    chunks), while the same bytes split after the terminal give the response. The same
    cause makes any body holding a non-UTF-8 byte depend on its chunking."""
    from agent_ir.wire import AnthropicStream

    whole = AnthropicStream(iter([TEXT_ONLY + b"\xff"]), request_id="r")
    split = AnthropicStream(iter([TEXT_ONLY, b"\xff"]), request_id="r")
    assert split.result().id == "msg_01XFDUDYJgAACzvnptvVoYEL"
    assert whole.result() == split.result()


def test_a_fast_path_that_differs_from_the_checked_path_is_a_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from agent_ir.wire.openai_chat import _request as chat_request

    original = chat_request._read_at_once

    def reordered(wire: Any) -> Any:
        read = original(wire)
        if read is not None:
            return type(read)(tuple(reversed(read)), read.warnings, read.tools)
        return read

    monkeypatch.setattr(chat_request, "_read_at_once", reordered)
    seed = [
        "from_openai_chat",
        [{"role": "user", "content": "a"}, {"role": "user", "content": "b"}],
    ]
    with pytest.raises(OracleFailure) as caught:
        targets.TARGETS["from_wire"](reference_json(seed) + b"\0")
    assert caught.value.check == "from_openai_chat: the fast and the checked path disagree"


def test_an_undocumented_exception_from_a_wire_reader_is_a_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from agent_ir.wire.anthropic import _reply as anthropic_reply
    from agent_ir.wire.openai_chat import _request as chat_request

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("role")

    monkeypatch.setattr(chat_request._Reader, "read", broken)
    seed = ["from_openai_chat", [{"role": "user", "content": [{"type": "text", "text": "a"}]}]]
    with pytest.raises(OracleFailure) as caught:
        targets.TARGETS["from_wire"](reference_json(seed) + b"\0")
    assert caught.value.check == "from_openai_chat raised KeyError"
    monkeypatch.setattr(anthropic_reply, "read_reply", broken)
    from fuzz.wire_readers import WIRE_POOL

    [reply] = [value for value in WIRE_POOL if value[0] == "reply_from_anthropic"]
    with pytest.raises(OracleFailure) as caught:
        targets.TARGETS["from_wire"](reference_json(reply) + b"\0")
    assert caught.value.check == "reply_from_anthropic raised KeyError"


def test_a_wire_format_error_pointer_outside_the_request_is_a_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from agent_ir.wire import WireFormatError

    monkeypatch.setattr(WireFormatError, "pointer", property(lambda self: "/elsewhere"))
    seed = ["from_openai_chat", [{"role": "nobody", "content": "a"}]]
    with pytest.raises(OracleFailure) as caught:
        targets.TARGETS["from_wire"](reference_json(seed) + b"\0")
    assert (
        caught.value.check == "from_openai_chat: WireFormatError pointer is not under the request"
    )


def test_a_responses_reply_that_has_not_ended_is_no_failure() -> None:
    """A harness false positive of the long run: PROVIDER_MISSING_TERMINAL is the
    documented failure of a Responses reply whose status has not ended."""
    reply = {"id": "r", "object": "response", "status": "queued", "output": []}
    targets.TARGETS["from_wire"](reference_json(["reply_from_openai_responses", reply]) + b"\0")


def test_messages_the_writer_leaves_out_with_a_warning_are_no_failure() -> None:
    """A harness false positive of the long run: ``to_anthropic`` leaves out an empty
    user message (MESSAGE_NOT_SENT), so reading its output back gives fewer messages."""
    request = [
        {"role": "user", "content": []},
        {"role": "assistant", "content": [{"type": "text", "text": "a"}]},
    ]
    targets.TARGETS["from_wire"](reference_json(["from_anthropic", request]) + b"\0")


USAGE = {"input_tokens": 1, "output_tokens": 2}


def test_an_anthropic_reply_whose_stop_reason_is_an_array_is_an_invalid_event() -> None:
    from agent_ir import ProviderError
    from agent_ir.wire import reply_from_anthropic

    reply = {
        "id": "m",
        "type": "message",
        "role": "assistant",
        "content": [{"type": "text", "text": "hi"}],
        "stop_reason": ["end_turn"],
        "usage": USAGE,
    }
    with pytest.raises(ProviderError) as caught:
        reply_from_anthropic(reply, request_id="r")
    assert caught.value.code == "PROVIDER_INVALID_EVENT"


def test_a_responses_reply_part_whose_type_is_an_array_is_an_invalid_event() -> None:
    from agent_ir import ProviderError
    from agent_ir.wire import reply_from_openai_responses

    part = {"type": ["output_text"], "text": "hi"}
    message = {"type": "message", "id": "m", "role": "assistant", "content": [part]}
    reply = {"id": "r", "status": "completed", "output": [message], "usage": USAGE}
    with pytest.raises(ProviderError) as caught:
        reply_from_openai_responses(reply, request_id="r")
    assert caught.value.code == "PROVIDER_INVALID_EVENT"


def test_a_wire_format_error_pointer_is_writable() -> None:
    from agent_ir.wire import WireFormatError, from_openai_chat, from_openai_responses

    for read, value in (
        (from_openai_chat, [{"role": "tool", "tool_call_id": "c", "content": "x", "\ud800": 1}]),
        (from_openai_responses, [{"type": "function_call_output", "call_id": "c", "\ud800": 1}]),
    ):
        with pytest.raises(WireFormatError) as caught:
            read(value)
        caught.value.pointer.encode("utf-8")


def call_block(call_id: str) -> dict[str, Any]:
    return {"type": "toolCall", "id": call_id, "name": "f", "arguments": {}}


def result_of(call_id: str, message_id: str) -> dict[str, Any]:
    return {
        "role": "toolResult",
        "id": message_id,
        "toolCallId": call_id,
        "toolName": "f",
        "content": "x",
        "isError": False,
    }


USER_BETWEEN = [
    {"role": "user", "id": "u1", "content": "go"},
    {"role": "assistant", "id": "a1", "content": [call_block("c1")]},
    {"role": "user", "id": "u2", "content": "wait"},
    result_of("c1", "r1"),
]


def test_the_repair_target_passes_a_transcript_that_needs_provider_repair() -> None:
    targets.TARGETS["repair_rules"](reference_json(USER_BETWEEN) + b"\0")


def test_a_provider_repair_that_leaves_a_rule_broken_is_a_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from agent_ir import repair

    monkeypatch.setattr(repair, "_for_provider", lambda state, pairs, spec, normalized: pairs)
    with pytest.raises(OracleFailure) as caught:
        targets.TARGETS["repair_rules"](reference_json(USER_BETWEEN) + b"\0")
    assert caught.value.check == (
        "repair_transcript(provider=openai-chat, missing=error-result)'s transcript fails "
        "check_wire_rules: RESULT_NOT_IMMEDIATE"
    )


def test_check_wire_rules_raising_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    from agent_ir import rules

    def broken(messages: Any, malformed: Any, spec: Any, model: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(rules, "_provider_rules", broken)
    with pytest.raises(OracleFailure) as caught:
        targets.TARGETS["repair_rules"](reference_json(USER_BETWEEN) + b"\0")
    assert caught.value.check == "check_wire_rules(openai-chat) raised RuntimeError"


def test_a_malformed_call_s_id_used_again_after_its_result_is_anthropic_s_to_accept() -> None:
    """Found in a contributor's 20-second run (2026-12-05): a malformed call answered,
    then a well-formed call of the same id. check_wire_rules("anthropic") takes the second
    call as a new use (the linkage fix of 2026-12-04), so it leaves out validate_transcript's
    TOOL_RESULT_BEFORE_CALL and DUPLICATE_TOOL_RESULT, as its docstring allows for an id
    used again once answered; validate_transcript's words name no duplicate here, so the
    oracle reads the reuse from the transcript itself."""
    from fuzz.repair_rules import _reuses_an_answered_id

    malformed = {"role": "assistant", "id": "m0", "content": [{**call_block("c1"), "x": 1}]}
    transcript = [malformed, result_of("c1", "m1"), {"role": "assistant", "id": "m2",
                  "content": [call_block("c1")]}, result_of("c1", "m3")]  # fmt: skip

    targets.TARGETS["repair_rules"](reference_json(transcript) + b"\0")
    assert _reuses_an_answered_id(transcript)
    assert not _reuses_an_answered_id(USER_BETWEEN)
    unhashable = {"role": "toolResult", "id": "m1", "toolCallId": []}
    assert not _reuses_an_answered_id([transcript[0], unhashable, transcript[2]])
    again_first = [transcript[2], transcript[0], transcript[1]]  # called twice, then answered
    assert not _reuses_an_answered_id(again_first)


def test_a_path_that_is_no_json_pointer_is_a_failure() -> None:
    from fuzz import repair_rules
    from fuzz.wire_readers import is_pointer

    for pointer in ("/0/content/1/id", "/0/a~1b~0", ""):
        assert is_pointer(pointer)
    for text in ("0/content", "/0/~2", "/0/\ud800"):
        assert not is_pointer(text)
    with pytest.raises(OracleFailure) as caught:
        repair_rules._check_located("check_wire_rules", 0, "/0/~", 1, "d")
    assert caught.value.check == "check_wire_rules: a path is not a JSON Pointer"
    with pytest.raises(OracleFailure) as caught:
        repair_rules._check_located("check_wire_rules", 0, "/1", 2, "d")
    assert caught.value.check == "check_wire_rules: a path is not at its message"


def test_the_known_anthropic_repair_defect_is_caught_and_tagged() -> None:
    """The repair defect another engineer is fixing: consecutive assistant messages
    whose calls are answered around a user message. The target reports it, tagged (or
    passes once the fix is in)."""
    transcript = [
        {"role": "user", "id": "u1", "content": "go"},
        {"role": "assistant", "id": "a1", "content": [call_block("a")]},
        {"role": "assistant", "id": "a2", "content": [call_block("b")]},
        {"role": "assistant", "id": "a3", "content": [{"type": "text", "text": "hm"}]},
        result_of("a", "r1"),
        {"role": "user", "id": "u2", "content": "more"},
        result_of("b", "r2"),
    ]
    try:
        targets.TARGETS["repair_rules"](reference_json(transcript) + b"\0")
    except OracleFailure as failure:
        assert "provider=anthropic" in failure.check
        assert failure.check.endswith(
            "[known: assistant messages in a row (the Anthropic repair defect's shape)]"
        )


# --- the reference's documented deviations from the bare schema --------------------------


def user_at(timestamp: str) -> dict[str, Any]:
    return {"role": "user", "id": "u", "content": "x", "timestamp": timestamp}


def assistant_with(arguments: Any = None, usage: Any = None) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "id": "a", "content": []}
    if arguments is not None:
        message["content"] = [{"type": "toolCall", "id": "c", "name": "n", "arguments": arguments}]
    if usage is not None:
        message["usage"] = usage
    return message


def nested(levels: int) -> dict[str, Any]:
    """An arguments object ``levels`` containers deep, counting itself."""
    value: Any = "leaf"
    for _ in range(levels - 1):
        value = [value]
    return {"x": value}


@pytest.mark.parametrize(
    ("message", "valid"),
    [
        (user_at("2024-02-29T00:00:00Z"), True),
        (user_at("2023-02-29T00:00:00Z"), False),
        (user_at("0000-02-29T00:00:00Z"), True),
        (user_at("2024-04-31T00:00:00Z"), False),
        (user_at("2024-12-31T23:59:60Z"), True),
        ({"role": "user", "id": "\ud800", "content": "x"}, False),
        (assistant_with(arguments={"x": float("nan")}), False),
        (assistant_with(arguments={"x": 2**70}), True),
        (assistant_with(arguments=nested(MAX_DEPTH)), True),
        (assistant_with(arguments=nested(MAX_DEPTH + 1)), False),
        (assistant_with(usage={"inputTokens": 1.0, "outputTokens": 1}), False),
        (assistant_with(usage={"inputTokens": True, "outputTokens": 1}), False),
        (assistant_with(usage={"inputTokens": 2**64, "outputTokens": 1}), True),
    ],
)
def test_reference_verdicts_include_the_rules_a_schema_cannot_say(
    message: dict[str, Any], valid: bool
) -> None:
    assert reference.message_is_valid(message) is valid


def test_reference_model_of_fixture_records() -> None:
    call = {"type": "tool_call", "id": "c", "name": "n", "arguments": {}}
    assert reference.fixture_outcome(RECORDS) == reference.FixtureOutcome(
        [("text", "a"), ("text", "b")],
        None,
        None,
        "response-1",
        "stop",
        (1, 2),
        [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}],
    )
    thinking = [
        START,
        {"type": "thinking_delta", "text": "x"},
        {"type": "thinking_end", "signature": "s"},
        {"type": "text_delta", "text": "a"},
        {"type": "text_end"},
        {"type": "text_delta", "text": "b"},
        {**END, "stopReason": "length"},
    ]
    outcome = reference.fixture_outcome(thinking)
    assert outcome.chunks == [("thinking", "x"), ("text", "a"), ("text", "b")]
    assert (outcome.stop_reason, outcome.content) == (
        "length",
        [
            {"type": "thinking", "thinking": "x", "signature": "s"},
            {"type": "text", "text": "a"},
            {"type": "text", "text": "b"},
        ],
    )
    open_thinking = [START, {"type": "thinking_delta", "text": "x"}, END]
    assert reference.fixture_outcome(open_thinking)[1:3] == ("PROVIDER_INVALID_EVENT", 2)
    assert reference.fixture_outcome([START, call, END])[1:3] == ("PROVIDER_INVALID_TERMINAL", 2)
    assert reference.fixture_outcome([call])[1:3] == ("PROVIDER_MISSING_START", 0)
    assert reference.fixture_outcome([START, call, call])[1:3] == ("PROVIDER_INVALID_EVENT", 2)
    assert reference.fixture_outcome([START, END, END])[1:3] == ("PROVIDER_DUPLICATE_TERMINAL", 2)
    assert reference.fixture_outcome([START, {"type": "x"}])[1:3] == ("PROVIDER_UNKNOWN_EVENT", 1)
    assert reference.fixture_outcome([START])[1:3] == ("PROVIDER_MISSING_TERMINAL", 1)


# --- the driver's bookkeeping ---------------------------------------------------------------


def test_the_crash_recorder_keeps_the_shortest_input_per_signature(tmp_path: Path) -> None:
    recorder = CrashRecorder("validate_json_bytes", tmp_path)
    for data in (b"[1, 2, 3]", b"[1]", b"[1, 2]"):
        recorder.record(data, OracleFailure("validate_json raised KeyError", "boom"))
    [saved] = tmp_path.glob("*.input")
    assert saved.read_bytes() == b"[1]"
    report = saved.with_suffix(".txt").read_text()
    assert "signature: validate_json raised KeyError" in report
    assert "OracleFailure: validate_json raised KeyError: boom" in report


# --- the tool_schemas target (fuzz.tool_schemas) ----------------------------------------


def _tool_input(parameters: Any, arguments: Any) -> bytes:
    return json.dumps([parameters, arguments]).encode() + b"\0"


def test_a_tool_verdict_that_changes_between_calls_is_a_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from fuzz import tool_schemas

    calls: list[int] = []
    real = tool_schemas.validate_transcript

    def flaky(transcript: Any, tools: Any) -> Any:
        calls.append(1)
        return real(transcript, tools=tools) if len(calls) == 1 else ()

    monkeypatch.setattr(tool_schemas, "validate_transcript", flaky)
    with pytest.raises(OracleFailure) as caught:
        TARGETS["tool_schemas"](_tool_input({"type": "string"}, {}))
    assert caught.value.check == "tool verdict not deterministic"


def test_a_broken_tool_whose_calls_are_still_checked_is_a_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from fuzz import tool_schemas

    real = tool_schemas.validate_transcript

    def both(transcript: Any, tools: Any) -> Any:
        found = real(transcript, tools=tools)
        mismatch = Diagnostic(
            code=DiagnosticCode.TOOL_ARGUMENTS_MISMATCH,
            message_index=1,
            path="/1/content/0/arguments",
            message="m",
        )
        return (*found, mismatch)

    monkeypatch.setattr(tool_schemas, "validate_transcript", both)
    with pytest.raises(OracleFailure) as caught:
        TARGETS["tool_schemas"](_tool_input({"pattern": "(a"}, {}))
    assert caught.value.check == "a broken tool is not one diagnostic alone"


def test_a_refused_pattern_in_a_definition_called_valid_is_a_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from fuzz import tool_schemas

    monkeypatch.setattr(tool_schemas, "validate_transcript", lambda transcript, tools: ())
    with pytest.raises(OracleFailure) as caught:
        TARGETS["tool_schemas"](_tool_input({"properties": {"a": {"pattern": "a**"}}}, {}))
    assert caught.value.check == "a refused pattern in a valid definition"


def test_the_tool_schemas_target_holds_on_its_hostile_bases() -> None:
    """Every base of the pool, and each mutated by a run of choice bytes."""
    from fuzz.tool_schemas import TOOL_POOL

    for base in TOOL_POOL:
        TARGETS["tool_schemas"](json.dumps(base).encode() + b"\0")
        for choices in (b"\x03\x05\x01\x02\x07", b"\x08\x00\x0b\x01\x40\x02\x09\x03", b"\xff" * 9):
            TARGETS["tool_schemas"](json.dumps(base).encode() + b"\0" + choices)
