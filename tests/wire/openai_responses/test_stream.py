"""``AsyncOpenAIResponsesStream``: recorded Responses API streams (``fixtures/wire/openai-responses``)
in every chunking and as decoded events, checked against their ``.expected.json`` and
against the official client reading the same bytes from a loopback server; then every
event mapping, skip and failure on hand-built events, cancellation, a failing source and
hostile event dicts."""

from __future__ import annotations

import asyncio
import inspect
import itertools
import json
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import openai
import pytest
from openai._streaming import SSEDecoder

from agent_ir.messages import to_json_value
from agent_ir.replies import ModelResponse, ProviderError, ProviderErrorCode
from agent_ir.wire import ConversionWarningCode
from agent_ir.wire.openai_responses import (
    from_openai_responses,
    reply_from_openai_responses,
    to_openai_responses,
)
from agent_ir.wire.openai_responses._stream import (
    AsyncOpenAIResponsesStream,
    reasoning_signature,
)

from support.deadline import deadline, supported
from support.hostile import OverridingDict
from support.sse_server import sse_server

pytestmark = pytest.mark.allow_hosts(["127.0.0.1"])

Code = ProviderErrorCode
FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "wire" / "openai-responses"
NAMES = sorted(path.stem for path in FIXTURES.glob("*.sse"))
ASYNC_TEST_SECONDS = 10.0


@pytest.fixture(autouse=True)
def _async_deadline(request: pytest.FixtureRequest) -> Iterator[None]:
    """An async test that never settles fails instead of hanging the suite."""
    if not (inspect.iscoroutinefunction(request.function) and supported()):
        yield
        return
    with deadline(ASYNC_TEST_SECONDS, what=request.node.nodeid):
        yield


def recording(name: str) -> bytes:
    return (FIXTURES / f"{name}.sse").read_bytes()


def expected(name: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads((FIXTURES / f"{name}.expected.json").read_text("utf-8"))
    return value


# --- running a stream -------------------------------------------------------------------


@dataclass
class Outcome:
    chunks: list[Any]
    response: ModelResponse | None
    error: ProviderError | None

    def as_json(self) -> dict[str, Any]:
        """The shape of an ``.expected.json`` file."""
        value: dict[str, Any] = {"chunks": [to_json_value(chunk) for chunk in self.chunks]}
        if self.error is None:
            value["response"] = to_json_value(self.response)
        else:
            failure = self.error.to_json_value()
            del failure["message"]
            value["error"] = failure
        return value


async def items(values: list[Any]) -> AsyncIterator[Any]:
    for value in values:
        yield value


async def run(source: object) -> Outcome:
    """Iterate the stream, then ``result()``; both must agree on a failure."""
    stream = AsyncOpenAIResponsesStream(source, request_id="request-1")
    chunks: list[Any] = []
    try:
        async for chunk in stream:
            chunks.append(chunk)
    except ProviderError as error:
        with pytest.raises(ProviderError) as again:
            await stream.result()
        assert again.value is error
        return Outcome(chunks, None, error)
    return Outcome(chunks, await stream.result(), None)


async def run_events(events: list[Any]) -> Outcome:
    return await run(items(events))


async def failure_of(events: list[Any]) -> ProviderError:
    outcome = await run_events(events)
    assert outcome.error is not None, outcome.response
    return outcome.error


async def response_of(events: list[Any]) -> ModelResponse:
    outcome = await run_events(events)
    assert outcome.error is None, outcome.error
    assert outcome.response is not None
    return outcome.response


def summary(error: ProviderError) -> tuple[Any, ...]:
    return (error.code, error.record_index, error.provider_code)


# --- chunkings of the recorded bytes ----------------------------------------------------


def pieces(data: bytes, size: int) -> list[bytes]:
    return [data[i : i + size] for i in range(0, len(data), size)]


def inside_characters(data: bytes) -> list[bytes]:
    """``data`` cut before every UTF-8 continuation byte: inside each multi-byte character."""
    cuts = [i for i, byte in enumerate(data) if byte & 0xC0 == 0x80]
    bounds = [0, *cuts, len(data)]
    return [data[a:b] for a, b in itertools.pairwise(bounds) if b > a]


NON_ASCII = [name for name in NAMES if not recording(name).isascii()]


def chunkings() -> list[Any]:
    cases = []
    for name in NAMES:
        cases.append(pytest.param(name, "whole", id=f"{name}-whole"))
        cases.append(pytest.param(name, "1-byte", id=f"{name}-1-byte"))
        cases.append(pytest.param(name, "7-byte", id=f"{name}-7-byte"))
        if name in NON_ASCII:
            cases.append(pytest.param(name, "mid-character", id=f"{name}-mid-character"))
    return cases


def chunked(data: bytes, how: str) -> list[bytes]:
    if how == "whole":
        return [data]
    if how == "1-byte":
        return pieces(data, 1)
    if how == "7-byte":
        return pieces(data, 7)
    return inside_characters(data)


def decoded_events(data: bytes) -> list[dict[str, Any]]:
    """The events as the official client's own SSE decoder reads them ([DONE] left out)."""
    events = SSEDecoder().iter_bytes(iter([data]))
    return [event.json() for event in events if event.data != "[DONE]"]


def test_the_recordings_cover_every_case_the_issue_names() -> None:
    assert set(NAMES) == {
        "text-only",
        "tool-call",
        "parallel-tool-calls",
        "reasoning-summary",
        "reasoning-tool-call",
        "max-output-tokens",
        "incomplete-inside-tool-call",
        "content-filter",
        "refusal",
        "invalid-arguments",
        "mid-stream-error",
        "response-failed",
        "error-nested",
        "missing-terminal",
        "unknown-event",
        "hosted-web-search",
        "proxy-done-after-terminal",
    }
    for name in NAMES:
        assert (FIXTURES / f"{name}.expected.json").is_file()
    bodies = {name: recording(name) for name in NAMES}
    assert b"\r\n" in bodies["tool-call"]
    assert not bodies["proxy-done-after-terminal"].endswith(b"\n\n")
    assert b"\n: " in bodies["text-only"]
    assert b"event: " not in bodies["proxy-done-after-terminal"]
    assert len(NON_ASCII) >= 6


def test_splitting_inside_characters_really_splits_characters() -> None:
    for name in NON_ASCII:
        chunks = inside_characters(recording(name))
        assert b"".join(chunks) == recording(name)
        undecodable = 0
        for chunk in chunks:
            try:
                chunk.decode("utf-8")
            except UnicodeDecodeError:
                undecodable += 1
        assert undecodable > 0, name


@pytest.mark.parametrize(("name", "how"), chunkings())
async def test_each_recording_in_each_chunking_gives_its_expected_outcome(
    name: str, how: str
) -> None:
    outcome = await run(items(chunked(recording(name), how)))
    assert outcome.as_json() == expected(name)


@pytest.mark.parametrize("name", NAMES)
async def test_each_recording_as_decoded_events_gives_its_expected_outcome(name: str) -> None:
    outcome = await run_events(decoded_events(recording(name)))
    assert outcome.as_json() == expected(name)


@pytest.mark.parametrize("name", NAMES)
async def test_each_recording_as_bytearrays_and_memoryviews_gives_the_same(name: str) -> None:
    data = recording(name)
    mixed: list[Any] = [bytearray(data[:50]), memoryview(data[50:51]), data[51:]]
    outcome = await run(items(mixed))
    assert outcome.as_json() == expected(name)


def test_the_expected_outcomes_say_what_the_issue_asks() -> None:
    """The mappings, read off the expected files (which the tests above hold the code to)."""
    stops = {
        name: expected(name)["response"]["stopReason"]
        for name in NAMES
        if "response" in expected(name)
    }
    assert stops == {
        "text-only": "stop",
        "tool-call": "toolCall",
        "parallel-tool-calls": "toolCall",
        "reasoning-summary": "stop",
        "reasoning-tool-call": "toolCall",
        "max-output-tokens": "length",
        "incomplete-inside-tool-call": "length",
        "content-filter": "error",
        "refusal": "refusal",
        "hosted-web-search": "stop",
        "proxy-done-after-terminal": "toolCall",
        "unknown-event": "stop",
    }
    errors = {name: expected(name)["error"] for name in NAMES if "error" in expected(name)}
    assert errors == {
        "mid-stream-error": {
            "code": "PROVIDER_TRANSPORT_ERROR",
            "recordIndex": 7,
            "providerCode": "server_error",
        },
        "response-failed": {
            "code": "PROVIDER_TRANSPORT_ERROR",
            "recordIndex": 2,
            "providerCode": "rate_limit_exceeded",
        },
        "error-nested": {
            "code": "PROVIDER_TRANSPORT_ERROR",
            "recordIndex": 0,
            "providerCode": "context_length_exceeded",
        },
        "missing-terminal": {"code": "PROVIDER_MISSING_TERMINAL", "recordIndex": 7},
        "invalid-arguments": {"code": "PROVIDER_INVALID_EVENT", "recordIndex": 15},
    }
    # Chunks before a failure are kept, in order.
    assert [c["delta"] for c in expected("missing-terminal")["chunks"]] == [
        "Partial",
        " answer",
        " ¿sí?",
    ]
    assert [c["delta"] for c in expected("mid-stream-error")["chunks"]] == ["The", " answer", " is"]
    assert len(expected("invalid-arguments")["chunks"]) == 4
    cut = expected("incomplete-inside-tool-call")["response"]
    assert [block["type"] for block in cut["message"]["content"]] == ["text"]  # call dropped
    assert [(w["code"], w["path"]) for w in cut["warnings"]] == [("PART_NOT_READ", "/output/1")]
    refused = expected("refusal")["response"]["message"]["content"]
    assert [block["type"] for block in refused] == ["refusal"]
    hosted = expected("hosted-web-search")["response"]["message"]["content"]
    assert [block["type"] for block in hosted] == ["serverToolCall", "text"]
    assert [c["wire"]["type"] for c in hosted[1]["citations"]] == ["url_citation"]
    # An event of an unknown type is passed over, warned with its index and type.
    unknown = expected("unknown-event")
    assert [c["delta"] for c in unknown["chunks"]] == ["Hello", " world"]
    assert [b["text"] for b in unknown["response"]["message"]["content"]] == ["Hello world"]
    assert unknown["response"]["warnings"] == [
        {
            "code": "EVENT_NOT_READ",
            "path": "",
            "messageIndex": 0,
            "blockIndex": -1,
            "message": "event 5 (response.output_text.sentiment) of the stream has an unknown"
            " type; it was passed over",
        }
    ]
    other_warnings = [
        w["code"]
        for name in NAMES
        if name != "unknown-event" and "response" in expected(name)
        for w in expected(name)["response"]["warnings"]
    ]
    assert "EVENT_NOT_READ" not in other_warnings


# --- the official client reading the same bytes -------------------------------------------


def sdk_text(output: list[Any], kind: str = "output_text") -> str:
    """The text of the message parts of type ``kind`` (``output_text`` or ``refusal``)."""
    texts = []
    for item in output:
        if item.type == "message":
            for part in item.content:
                if part.type == kind:
                    texts.append(part.text if kind == "output_text" else part.refusal)
    return "".join(texts)


def sdk_reply(response: Any, stop: str, finished_calls_only: bool = False) -> dict[str, Any]:
    """What the SDK's response object says, in the terms agent-ir reports."""
    calls = [
        (item.call_id, item.name, json.loads(item.arguments) if item.arguments else {})
        for item in response.output
        if item.type == "function_call" and not (finished_calls_only and item.status != "completed")
    ]
    thinking = []
    for item in response.output:
        if item.type == "reasoning":
            reference = {"type": "reasoning", "id": item.id}
            if item.encrypted_content is not None:
                reference["encrypted_content"] = item.encrypted_content
            # One thinking block per summary part (one empty block for none).
            texts = [part.text for part in item.summary] or [""]
            thinking.extend((text, reference) for text in texts)
    usage = response.usage
    return {
        "text": sdk_text(response.output),
        "refusal": sdk_text(response.output, "refusal"),
        "thinking": thinking,
        "calls": calls,
        "stop": stop,
        "usage": (usage.input_tokens, usage.output_tokens),
    }


def sdk_text_so_far(events: list[Any]) -> str:
    """The text the SDK's accumulator holds (the last snapshot of each content part)."""
    snapshots: dict[tuple[int, int], str] = {}
    for event in events:
        if event.type == "response.output_text.delta":
            snapshots[(event.output_index, event.content_index)] = event.snapshot
    return "".join(snapshots[key] for key in sorted(snapshots))


def sdk_outcome(body: bytes) -> dict[str, Any]:
    """The official client's streaming helper over ``body`` served by a loopback server."""
    with sse_server(body) as (url, recorded):
        client = openai.OpenAI(base_url=f"{url}/v1", api_key="test", max_retries=0)
        try:
            with client.responses.stream(model="gpt-test", input="hi") as stream:
                events = list(stream)
                try:
                    final = stream.get_final_response()
                except RuntimeError:  # "Didn't receive a `response.completed` event."
                    final = None
        except openai.APIError as error:  # an event whose data holds an "error" object
            assert isinstance(error.body, dict)
            return {"failure": error.body["code"], "text": ""}
    assert recorded.requests[0][1] == "/v1/responses"
    if final is not None:
        if any(i.type == "function_call" for i in final.output):
            stop = "toolCall"
        else:
            stop = "refusal" if sdk_text(final.output, "refusal") else "stop"
        return sdk_reply(final, stop)
    for event in events:
        if event.type == "error":
            return {"failure": event.code, "text": sdk_text_so_far(events)}
        if event.type == "response.failed":
            return {"failure": event.response.error.code, "text": sdk_text_so_far(events)}
        if event.type == "response.incomplete":
            reason = event.response.incomplete_details.reason
            stop = "length" if reason == "max_output_tokens" else "error"
            return sdk_reply(event.response, stop, finished_calls_only=True)
    return {"failure": "no terminal", "text": sdk_text_so_far(events)}


def ir_outcome(outcome: Outcome) -> dict[str, Any]:
    """What agent-ir produced, in the same terms."""
    text = "".join(c.delta for c in outcome.chunks if to_json_value(c)["type"] == "textDelta")
    refusal = "".join(c.delta for c in outcome.chunks if to_json_value(c)["type"] == "refusalDelta")
    if outcome.error is not None:
        if outcome.error.code is Code.PROVIDER_MISSING_TERMINAL:
            return {"failure": "no terminal", "text": text}
        assert outcome.error.code is Code.PROVIDER_TRANSPORT_ERROR
        return {"failure": outcome.error.provider_code, "text": text}
    response = outcome.response
    assert response is not None
    blocks = to_json_value(response.message)["content"]
    assert "".join(b["text"] for b in blocks if b["type"] == "text") == text
    assert "".join(b["text"] for b in blocks if b["type"] == "refusal") == refusal
    return {
        "text": text,
        "refusal": refusal,
        "thinking": [
            (b["thinking"], json.loads(b["signature"])) for b in blocks if b["type"] == "thinking"
        ],
        "calls": [(b["id"], b["name"], b["arguments"]) for b in blocks if b["type"] == "toolCall"],
        "stop": to_json_value(response)["stopReason"],
        "usage": (response.usage.input_tokens, response.usage.output_tokens),
    }


AGREEING = [name for name in NAMES if name != "invalid-arguments"]


@pytest.mark.parametrize("name", AGREEING)
def test_the_official_client_reads_the_same_reply_from_the_same_bytes(name: str) -> None:
    body = recording(name)
    ours = ir_outcome(asyncio.run(run(items(pieces(body, 7)))))
    theirs = sdk_outcome(body)
    assert ours == theirs
    # Not vacuous: each recording says something.
    assert any(ours.get(key) for key in ("text", "refusal", "calls", "failure", "thinking"))


def test_the_official_client_and_agent_ir_both_pass_over_an_unknown_event() -> None:
    body = recording("unknown-event")
    with sse_server(body) as (url, _):
        client = openai.OpenAI(base_url=f"{url}/v1", api_key="test", max_retries=0)
        with client.responses.stream(model="gpt-test", input="hi") as stream:
            types: list[str] = [event.type for event in stream]
            final = stream.get_final_response()
    assert types[5] == "response.output_text.sentiment"  # not one of the SDK's event types
    assert final.status == "completed"
    assert sdk_text(final.output) == "Hello world"
    outcome = asyncio.run(run(items([body])))
    assert outcome.error is None
    assert outcome.response is not None
    assert blocks(outcome.response) == [
        text_block("Hello world", "msg_68af2c88c7da8190e9a1b3f5d7f9b1e43c8d9e0f1a2b3c4d")
    ]
    assert [(w.code, w.path, w.block_index) for w in outcome.response.warnings] == [
        (ConversionWarningCode.EVENT_NOT_READ, "", -1)
    ]


def test_the_official_client_keeps_arguments_that_agent_ir_refuses() -> None:
    body = recording("invalid-arguments")
    with sse_server(body) as (url, _):
        client = openai.OpenAI(base_url=f"{url}/v1", api_key="test", max_retries=0)
        with client.responses.stream(model="gpt-test", input="hi") as stream:
            final = stream.get_final_response()
    call = final.output[1]
    assert call.type == "function_call"
    with pytest.raises(json.JSONDecodeError):
        json.loads(call.arguments)
    outcome = asyncio.run(run(items([body])))
    assert outcome.error is not None
    assert outcome.error.code is Code.PROVIDER_INVALID_EVENT
    assert f"{call.call_id!r} ({call.name})" in outcome.error.message
    assert "".join(c.delta for c in outcome.chunks) == sdk_text(final.output)


@pytest.mark.parametrize(
    "name", ["text-only", "tool-call", "reasoning-summary", "mid-stream-error"]
)
async def test_the_raw_http_body_of_the_official_async_client_feeds_the_stream(name: str) -> None:
    """The way to use it: the client's raw streaming response, read as bytes, in the pieces
    the server flushed."""
    body = recording(name)
    with sse_server(pieces(body, 97), pause=0.001) as (url, recorded):
        client = openai.AsyncOpenAI(base_url=f"{url}/v1", api_key="test", max_retries=0)
        async with client.responses.with_streaming_response.create(
            model="gpt-test", input="hi", stream=True
        ) as response:
            outcome = await run(response.iter_bytes())
    assert recorded.requests[0][2] == {"model": "gpt-test", "input": "hi", "stream": True}
    assert outcome.as_json() == expected(name)


def test_a_streamed_reasoning_signature_is_what_the_conversion_module_reads_and_sends() -> None:
    body = recording("reasoning-tool-call")
    outcome = asyncio.run(run(items([body])))
    assert outcome.response is not None
    message = outcome.response.message
    thinking = to_json_value(message)["content"][0]
    # The same signature from_openai_responses gives the finished item the SDK reports.
    with sse_server(body) as (url, _):
        client = openai.OpenAI(base_url=f"{url}/v1", api_key="test", max_retries=0)
        with client.responses.stream(model="gpt-test", input="hi") as stream:
            final = stream.get_final_response()
    # A plain model_dump, as users call it (its nulls for the fields the server left
    # out are left out of a hosted item's wire).
    read = from_openai_responses([item.model_dump(mode="json") for item in final.output])
    assert to_json_value(read[0])["content"][0] == thinking
    # ...and to_openai_responses sends the reasoning item back, encrypted content included.
    sent = to_openai_responses([{"role": "user", "id": "u", "content": "hi"}, message])
    reasoning = sent.fields["input"][1]
    assert reasoning == {
        "type": "reasoning",
        "id": final.output[0].id,
        "summary": [],
        "encrypted_content": final.output[0].encrypted_content,
    }
    assert sent.warnings == ()


COMPLETED = [
    name
    for name in NAMES
    if expected(name).get("response", {}).get("stopReason") in ("stop", "toolCall")
]


@pytest.mark.parametrize("name", COMPLETED)
def test_a_streamed_reply_is_what_the_conversion_module_reads_from_the_sdks_response(
    name: str,
) -> None:
    """Block by block: text parts, thinking with its signature, tool calls."""
    body = recording(name)
    with sse_server(body) as (url, _):
        client = openai.OpenAI(base_url=f"{url}/v1", api_key="test", max_retries=0)
        with client.responses.stream(model="gpt-test", input="hi") as stream:
            final = stream.get_final_response()
    # A plain model_dump, as users call it (its nulls for the fields the server left
    # out are left out of a hosted item's wire).
    read = from_openai_responses([item.model_dump(mode="json") for item in final.output])
    [message] = read
    outcome = asyncio.run(run(items([body])))
    assert outcome.response is not None
    assert blocks(outcome.response) == to_json_value(message)["content"]


def test_a_multi_part_summary_reads_as_the_conversion_module_reads_the_item() -> None:
    body = recording("reasoning-summary")
    outcome = asyncio.run(run(items([body])))
    assert outcome.response is not None
    thinking = [b for b in blocks(outcome.response) if b["type"] == "thinking"]
    item = next(e["item"] for e in decoded_events(body) if e["type"] == "response.output_item.done")
    read = to_json_value(from_openai_responses([item])[0])["content"]
    assert thinking == read
    # One block per summary part, each with the item's reference.
    assert len(read) == len(item["summary"]) == 2
    assert read[1]["thinking"].startswith("**Answering**")
    assert read[0]["signature"] == read[1]["signature"]


# --- hand-built events ----------------------------------------------------------------------

RID = "resp_1"


def created(response_id: str = RID) -> dict[str, Any]:
    return {"type": "response.created", "response": {"id": response_id, "status": "in_progress"}}


def text(delta: str) -> dict[str, Any]:
    return {
        "type": "response.output_text.delta",
        "item_id": "msg_1",
        "output_index": 0,
        "content_index": 0,
        "delta": delta,
    }


def usage(input_tokens: int = 3, output_tokens: int = 5) -> dict[str, Any]:
    return {"input_tokens": input_tokens, "output_tokens": output_tokens, "total_tokens": 8}


def completed(response_id: str = RID, **response: Any) -> dict[str, Any]:
    body = {"id": response_id, "status": "completed", "usage": usage(), **response}
    return {"type": "response.completed", "response": body}


def incomplete(reason: Any, **response: Any) -> dict[str, Any]:
    details = reason if reason is None or isinstance(reason, dict) else {"reason": reason}
    body = {"id": RID, "status": "incomplete", "usage": usage(), "incomplete_details": details}
    return {"type": "response.incomplete", "response": {**body, **response}}


def call_added(index: int = 0, call_id: Any = "call_1", name: Any = "f", **item: Any) -> Any:
    fields = {"id": f"fc_{index}", "type": "function_call", "call_id": call_id, "name": name}
    return {
        "type": "response.output_item.added",
        "output_index": index,
        "item": {**fields, "arguments": "", **item},
    }


def arguments(delta: Any, index: int = 0) -> dict[str, Any]:
    return {
        "type": "response.function_call_arguments.delta",
        "item_id": f"fc_{index}",
        "output_index": index,
        "delta": delta,
    }


def arguments_done(text: Any, index: int = 0) -> dict[str, Any]:
    return {
        "type": "response.function_call_arguments.done",
        "item_id": f"fc_{index}",
        "output_index": index,
        "arguments": text,
    }


def call_done(index: int = 0, call_id: Any = "call_1", name: Any = "f", **item: Any) -> Any:
    fields = {"id": f"fc_{index}", "type": "function_call", "call_id": call_id, "name": name}
    return {
        "type": "response.output_item.done",
        "output_index": index,
        "item": {**fields, "arguments": "", **item},
    }


def reasoning_added(index: int = 0) -> dict[str, Any]:
    return {
        "type": "response.output_item.added",
        "output_index": index,
        "item": {"id": "rs_1", "type": "reasoning", "summary": []},
    }


def summary_delta(delta: Any, part: Any = 0, index: int = 0) -> dict[str, Any]:
    return {
        "type": "response.reasoning_summary_text.delta",
        "item_id": "rs_1",
        "output_index": index,
        "summary_index": part,
        "delta": delta,
    }


def reasoning_done(index: int = 0, **item: Any) -> dict[str, Any]:
    fields = {"id": "rs_1", "type": "reasoning", "summary": [], **item}
    return {"type": "response.output_item.done", "output_index": index, "item": fields}


def blocks(response: ModelResponse) -> list[Any]:
    content: list[Any] = to_json_value(response.message)["content"]
    return content


def text_block(value: str, item_id: str = "msg_1") -> dict[str, Any]:
    """A text block as the hand-built ``text`` events give it (their item's id kept)."""
    return {"type": "text", "text": value, "itemId": item_id}


def sse(events: list[Any], *, named: bool = True) -> bytes:
    out = []
    for event in events:
        line = "" if not named else f"event: {event['type']}\n"
        out.append(f"{line}data: {json.dumps(event)}\n\n")
    return "".join(out).encode()


# --- the mappings ---------------------------------------------------------------------------


async def test_text_and_refusal_deltas_are_text_and_refusal_blocks_in_order() -> None:
    refusal = {**text("no."), "type": "response.refusal.delta"}
    outcome = await run(items([sse([created(), text("Hi "), refusal, completed()])]))
    response = outcome.response
    assert response is not None
    assert [to_json_value(c)["type"] for c in outcome.chunks] == ["textDelta", "refusalDelta"]
    assert blocks(response) == [
        text_block("Hi "),
        {"type": "refusal", "text": "no.", "itemId": "msg_1"},
    ]
    assert to_json_value(response)["stopReason"] == "refusal"
    assert (response.usage.input_tokens, response.usage.output_tokens) == (3, 5)
    assert response.id == RID


async def test_a_function_call_is_one_tool_call_when_its_item_is_done() -> None:
    stream = AsyncOpenAIResponsesStream(
        items(
            [
                created(),
                call_added(),
                arguments('{"a":'),
                arguments(' [1, "é"]}'),
                arguments_done('{"a": [1, "é"]}'),
                call_done(arguments='{"a": [1, "é"]}'),
                completed(),
            ]
        ),
        request_id="request-1",
    )
    chunks = [to_json_value(chunk) async for chunk in stream]
    assert chunks == [
        {
            "type": "toolCall",
            "requestId": "request-1",
            "toolCall": {
                "type": "toolCall",
                "id": "call_1",
                "name": "f",
                "arguments": {"a": [1, "é"]},
                "itemId": "fc_0",
            },
        }
    ]
    assert to_json_value(await stream.result())["stopReason"] == "toolCall"


async def test_the_arguments_are_the_deltas_when_there_are_any() -> None:
    response = await response_of(
        [
            created(),
            call_added(),
            arguments('{"from":"deltas"}'),
            arguments_done('{"from":"done"}'),
            call_done(arguments='{"from":"item"}'),
            completed(),
        ]
    )
    assert blocks(response)[0]["arguments"] == {"from": "deltas"}


@pytest.mark.parametrize(
    ("events", "expected_arguments"),
    [
        ([arguments_done('{"from":"done"}'), call_done(arguments='{"x":1}')], {"from": "done"}),
        ([call_done(arguments='{"from":"item"}')], {"from": "item"}),
        ([call_done(arguments=None)], {}),
        ([arguments_done(""), call_done(arguments="")], {}),
    ],
    ids=["the-done-event", "the-finished-item", "nothing", "empty-text"],
)
async def test_without_deltas_the_arguments_come_from_the_whole_texts(
    events: list[Any], expected_arguments: Any
) -> None:
    response = await response_of([created(), call_added(), *events, completed()])
    assert blocks(response)[0]["arguments"] == expected_arguments


async def test_the_added_items_arguments_are_used_when_nothing_else_has_them() -> None:
    response = await response_of(
        [created(), call_added(arguments='{"early":true}'), call_done(arguments=None), completed()]
    )
    assert blocks(response)[0]["arguments"] == {"early": True}


async def test_a_call_that_was_never_added_is_read_from_its_finished_item() -> None:
    response = await response_of(
        [created(), call_done(call_id="call_z", name="g", arguments='{"k":"v"}'), completed()]
    )
    assert blocks(response) == [
        {"type": "toolCall", "id": "call_z", "name": "g", "arguments": {"k": "v"}, "itemId": "fc_0"}
    ]


async def test_call_id_and_name_come_from_the_added_item_else_the_finished_one() -> None:
    response = await response_of(
        [
            created(),
            call_added(0, call_id="call_a", name="first"),
            call_done(0, call_id="call_other", name="other"),
            call_added(1, call_id=None, name=""),
            call_done(1, call_id="call_b", name="second"),
            completed(),
        ]
    )
    assert [(b["id"], b["name"]) for b in blocks(response)] == [
        ("call_a", "first"),
        ("call_b", "second"),
    ]


async def test_parallel_calls_are_assembled_by_output_index_even_interleaved() -> None:
    response = await response_of(
        [
            created(),
            call_added(1, call_id="call_a"),
            call_added(2, call_id="call_b"),
            arguments('{"n":', 1),
            arguments('{"n":', 2),
            arguments("2}", 2),
            arguments("1}", 1),
            call_done(2, call_id="call_b"),
            call_done(1, call_id="call_a"),
            completed(),
        ]
    )
    assert [(b["id"], b["arguments"]) for b in blocks(response)] == [
        ("call_b", {"n": 2}),
        ("call_a", {"n": 1}),
    ]


async def test_summary_deltas_are_thinking_closed_by_the_reasoning_item_with_its_reference() -> (
    None
):
    response = await response_of(
        [
            created(),
            reasoning_added(),
            summary_delta("a"),
            summary_delta("b"),
            summary_delta("c", part=1),
            reasoning_done(encrypted_content="enc=="),
            text("ok"),
            completed(),
        ]
    )
    signature = '{"type":"reasoning","id":"rs_1","encrypted_content":"enc=="}'
    assert blocks(response) == [
        {
            "type": "thinking",
            "thinking": "ab",
            "signature": signature,
            "signatureProvider": "openai-responses",
        },
        {
            "type": "thinking",
            "thinking": "c",
            "signature": signature,
            "signatureProvider": "openai-responses",
        },
        text_block("ok"),
    ]


def summary_part_added(part: int, index: int = 0) -> dict[str, Any]:
    return {
        "type": "response.reasoning_summary_part.added",
        "item_id": "rs_1",
        "output_index": index,
        "summary_index": part,
        "part": {"type": "summary_text", "text": ""},
    }


async def test_each_summary_part_is_a_thinking_block_even_an_empty_one() -> None:
    """The part events start the blocks, as from_openai_responses reads the finished item."""
    summary = [{"type": "summary_text", "text": "a"}, {"type": "summary_text", "text": ""}]
    response = await response_of(
        [
            created(),
            reasoning_added(),
            summary_part_added(0),
            summary_delta("a"),
            summary_part_added(1),
            reasoning_done(summary=summary),
            completed(),
        ]
    )
    [read] = from_openai_responses([reasoning_done(summary=summary)["item"]])
    assert blocks(response) == to_json_value(read)["content"]
    assert [b["thinking"] for b in blocks(response)] == ["a", ""]


async def test_a_summary_part_event_needs_its_output_and_summary_index() -> None:
    event = {"type": "response.reasoning_summary_part.added", "part": {"type": "summary_text"}}
    error = await failure_of([created(), reasoning_added(), event])
    assert summary(error) == (Code.PROVIDER_INVALID_EVENT, 2, None)
    assert "/output_index" in error.message


@pytest.mark.parametrize("encrypted", [None, "absent"])
async def test_a_reasoning_item_without_encrypted_content_has_a_reference_without_it(
    encrypted: Any,
) -> None:
    done = reasoning_done() if encrypted == "absent" else reasoning_done(encrypted_content=None)
    response = await response_of([created(), reasoning_added(), done, completed()])
    assert blocks(response) == [
        {
            "type": "thinking",
            "thinking": "",
            "signature": '{"type":"reasoning","id":"rs_1"}',
            "signatureProvider": "openai-responses",
        }
    ]


def test_the_signature_is_written_as_the_conversion_module_writes_it() -> None:
    item = {
        "type": "reasoning",
        "id": "rs_ü",
        "summary": [],
        "encrypted_content": "gA/é+==",
    }
    read = to_json_value(from_openai_responses([item])[0])["content"][0]
    assert read["signature"] == reasoning_signature("rs_ü", "gA/é+==")
    bare = to_json_value(from_openai_responses([{**item, "encrypted_content": None}])[0])
    assert bare["content"][0]["signature"] == reasoning_signature("rs_ü", None)


async def test_usage_absent_or_null_is_zero() -> None:
    for body in ({"usage": None}, {}):
        event = {"type": "response.completed", "response": {"id": RID, **body}}
        response = await response_of([created(), text("x"), event])
        assert (response.usage.input_tokens, response.usage.output_tokens) == (0, 0)


@pytest.mark.parametrize(
    ("reason", "stop"),
    [
        ("max_output_tokens", "length"),
        ("content_filter", "error"),
        ("max_messages", "error"),
        ("something_new", "error"),
        (None, "error"),
        ({}, "error"),
    ],
)
async def test_an_incomplete_response_maps_its_reason(reason: Any, stop: str) -> None:
    response = await response_of([created(), text("x"), incomplete(reason)])
    assert to_json_value(response)["stopReason"] == stop
    assert (response.usage.input_tokens, response.usage.output_tokens) == (3, 5)


async def test_an_incomplete_response_keeps_finished_calls_and_drops_a_cut_off_one() -> None:
    response = await response_of(
        [
            created(),
            call_added(0, call_id="call_done"),
            arguments('{"ok":1}', 0),
            call_done(0, call_id="call_done"),
            call_added(1, call_id="call_cut"),
            arguments('{"half":"wa', 1),
            incomplete("max_output_tokens"),
        ]
    )
    assert [b["id"] for b in blocks(response)] == ["call_done"]
    assert to_json_value(response)["stopReason"] == "length"


async def test_an_incomplete_response_closes_an_open_reasoning_item_without_signature() -> None:
    response = await response_of(
        [created(), reasoning_added(), summary_delta("half a th"), incomplete("max_output_tokens")]
    )
    assert blocks(response) == [{"type": "thinking", "thinking": "half a th"}]


async def test_a_completed_response_with_an_unfinished_call_is_refused() -> None:
    error = await failure_of([created(), call_added(call_id="call_q", name="g"), completed()])
    assert summary(error) == (Code.PROVIDER_INVALID_EVENT, 2, None)
    assert "call_q" in error.message
    assert "g" in error.message


async def test_a_completed_response_inside_a_reasoning_summary_is_refused() -> None:
    error = await failure_of([created(), reasoning_added(), summary_delta("a"), completed()])
    assert summary(error) == (Code.PROVIDER_INVALID_EVENT, 3, None)
    assert "reasoning" in error.message


# --- failures the provider reports ------------------------------------------------------------


def failed(error: Any, response_id: str = RID) -> dict[str, Any]:
    return {"type": "response.failed", "response": {"id": response_id, "error": error}}


async def test_an_error_then_response_failed_is_one_failure_the_first() -> None:
    error_event = {"type": "error", "code": "first_code", "message": "first", "param": None}
    events = [
        created(),
        text("a"),
        error_event,
        failed({"code": "second_code", "message": "second"}),
    ]
    error = await failure_of(events)
    assert summary(error) == (Code.PROVIDER_TRANSPORT_ERROR, 2, "first_code")
    assert error.message == "first"


async def test_response_failed_is_a_transport_error_with_its_code() -> None:
    error = await failure_of([created(), failed({"code": "server_error", "message": "boom"})])
    assert summary(error) == (Code.PROVIDER_TRANSPORT_ERROR, 1, "server_error")
    assert error.message == "boom"


@pytest.mark.parametrize(
    ("event", "code", "message"),
    [
        (failed(None), "response.failed", "the response failed"),
        (failed({"code": None, "message": ""}), "response.failed", "the response failed"),
        (failed({"code": " ", "message": "m", "type": "server_error"}), "server_error", "m"),
        ({"type": "error", "code": None, "message": "m"}, "error", "m"),
        ({"type": "error"}, "error", "the response failed"),
        ({"type": "error", "error": {"type": "server_error", "message": "m"}}, "server_error", "m"),
        ({"type": "error", "error": {"code": "c", "message": "m"}, "code": "top"}, "c", "m"),
    ],
    ids=[
        "failed-null-error",
        "failed-null-code",
        "failed-blank-code-with-type",
        "error-null-code",
        "error-bare",
        "nested-type-only",
        "nested-wins",
    ],
)
async def test_a_failure_without_a_code_or_message_falls_back(
    event: Any, code: str, message: str
) -> None:
    error = await failure_of([created(), event])
    assert summary(error) == (Code.PROVIDER_TRANSPORT_ERROR, 1, code)
    assert error.message == message


async def test_an_error_before_the_response_started_is_still_a_transport_error() -> None:
    error = await failure_of([{"type": "error", "code": "invalid_api_key", "message": "no"}])
    assert summary(error) == (Code.PROVIDER_TRANSPORT_ERROR, 0, "invalid_api_key")


# --- the SSE event line and [DONE] -------------------------------------------------------------


async def test_the_event_line_is_not_read_the_datas_type_is() -> None:
    body = (
        b"event: response.created\n"
        + b"data: " + json.dumps(created()).encode() + b"\n\n"
        + b"event: response.completed\n"  # lies: the data is a text delta
        + b"data: " + json.dumps(text("hi")).encode() + b"\n\n"
        + b"event: message\n"
        + b"data: " + json.dumps(completed()).encode() + b"\n\n"
    )  # fmt: skip
    response = (await run(items([body]))).response
    assert response is not None
    assert blocks(response) == [text_block("hi")]


async def test_done_after_the_terminal_is_ignored_in_bytes() -> None:
    body = sse([created(), text("x"), completed()]) + b"data: [DONE]\n\ndata: [DONE]\n\n"
    outcome = await run(items([body]))
    assert outcome.error is None


async def test_done_before_the_terminal_ends_the_stream() -> None:
    body = [sse([created(), text("x")]), b"data: [DONE]\n\n"]
    error = (await run(items(body))).error
    assert error is not None
    assert summary(error) == (Code.PROVIDER_MISSING_TERMINAL, 3, None)
    late = [*body, sse([completed()])]
    error = (await run(items(late))).error
    assert error is not None
    assert summary(error) == (Code.PROVIDER_INVALID_EVENT, 3, None)
    assert "[DONE]" in error.message


# --- skipped events ------------------------------------------------------------------------------

INFORMATIONAL = [
    {"type": "response.queued", "response": {"id": RID}},
    {"type": "response.in_progress", "response": {"id": RID}},
    {"type": "response.content_part.added", "output_index": 0, "part": {"type": "output_text"}},
    {"type": "response.content_part.done", "output_index": 0, "part": {"type": "output_text"}},
    {"type": "response.reasoning_summary_part.done", "part": {"type": "summary_text"}},
    {"type": "response.reasoning_summary_text.done", "text": "whole"},
    {"type": "response.reasoning_text.delta", "delta": "raw"},
    {"type": "response.reasoning_text.done", "text": "raw"},
    {"type": "response.output_item.added", "output_index": 5, "item": {"type": "message"}},
]
HOSTED = [
    "response.web_search_call.in_progress",
    "response.web_search_call.searching",
    "response.web_search_call.completed",
    "response.file_search_call.in_progress",
    "response.file_search_call.searching",
    "response.file_search_call.completed",
    "response.code_interpreter_call.in_progress",
    "response.code_interpreter_call.interpreting",
    "response.code_interpreter_call.completed",
    "response.code_interpreter_call_code.delta",
    "response.code_interpreter_call_code.done",
    "response.image_generation_call.in_progress",
    "response.image_generation_call.generating",
    "response.image_generation_call.partial_image",
    "response.image_generation_call.completed",
    "response.mcp_call.in_progress",
    "response.mcp_call.completed",
    "response.mcp_call.failed",
    "response.mcp_call_arguments.delta",
    "response.mcp_call_arguments.done",
    "response.mcp_list_tools.in_progress",
    "response.mcp_list_tools.completed",
    "response.mcp_list_tools.failed",
    "response.shell_call_command.added",
    "response.shell_call_command.delta",
    "response.shell_call_command.done",
    "response.shell_call_output_content.delta",
    "response.shell_call_output_content.done",
    "response.custom_tool_call_input.delta",
    "response.custom_tool_call_input.done",
    "response.compaction.compacting",
    "response.audio.delta",
    "response.audio.done",
    "response.audio.transcript.delta",
    "response.audio.transcript.done",
]
HOSTED_ITEMS = [
    "web_search_call",
    "file_search_call",
    "code_interpreter_call",
    "image_generation_call",
    "mcp_call",
    "mcp_list_tools",
    "mcp_approval_request",
    # computer_call and local_shell_call are tool calls the application runs:
    # tests/wire/openai_responses/test_client_calls.py
    "shell_call",
    "custom_tool_call",
    "a_future_item",
]


@pytest.mark.parametrize(
    "event",
    [
        {"type": "response.output_text.done", "output_index": 0, "text": "whole"},
        {"type": "response.refusal.done", "output_index": 0, "refusal": "whole"},
        {"type": "response.output_item.done", "output_index": 0, "item": {"type": "message"}},
    ],
    ids=lambda e: e["type"],
)
async def test_the_end_of_a_text_part_or_message_ends_its_text_block(event: Any) -> None:
    response = await response_of([created(), text("a"), event, text("b"), completed()])
    assert blocks(response) == [text_block("a"), text_block("b")]


@pytest.mark.parametrize("event", INFORMATIONAL, ids=lambda e: e["type"])
async def test_informational_events_are_skipped(event: Any) -> None:
    response = await response_of([created(), text("a"), event, text("b"), completed()])
    assert blocks(response) == [text_block("ab")]


@pytest.mark.parametrize("kind", HOSTED)
async def test_hosted_tool_and_audio_events_are_skipped(kind: str) -> None:
    event = {"type": kind, "output_index": 3, "item_id": "x_1", "delta": "d"}
    response = await response_of([created(), text("a"), event, completed()])
    assert blocks(response) == [text_block("a")]


@pytest.mark.parametrize("kind", HOSTED_ITEMS)
async def test_other_items_with_an_id_are_server_tool_calls_but_a_custom_tool_call(
    kind: str,
) -> None:
    """A hosted tool's finished item -> a server-tool call {name: its type, input: {},
    wire: its other keys}, as from_openai_responses reads it; a custom tool's call (free
    input, no JSON object) -> PART_NOT_READ."""
    item = {"id": "x_1", "type": kind, "call_id": "call_x", "name": "n", "input": "free"}
    response = await response_of(
        [
            created(),
            {"type": "response.output_item.added", "output_index": 0, "item": item},
            {"type": "response.output_item.done", "output_index": 0, "item": item},
            text("answer"),
            completed(),
        ]
    )
    if kind == "custom_tool_call":
        assert blocks(response) == [text_block("answer")]
        assert [(w.code, w.path) for w in response.warnings] == [
            (ConversionWarningCode.PART_NOT_READ, "/output/0")
        ]
    else:
        [read] = from_openai_responses([item])
        assert blocks(response) == [*to_json_value(read)["content"], text_block("answer")]
        assert blocks(response)[0] == {
            "type": "serverToolCall",
            "provider": "openai-responses",
            "id": "x_1",
            "name": kind,
            "input": {},
            "wire": {"call_id": "call_x", "name": "n", "input": "free"},
        }
        assert response.warnings == ()
    assert to_json_value(response)["stopReason"] == "stop"


async def test_a_hosted_item_without_an_id_is_not_read_and_warned() -> None:
    item = {"type": "web_search_call", "status": "completed"}
    done = {"type": "response.output_item.done", "output_index": 0, "item": item}
    response = await response_of([created(), done, text("answer"), completed()])
    assert blocks(response) == [text_block("answer")]
    assert [(w.code, w.path) for w in response.warnings] == [
        (ConversionWarningCode.PART_NOT_READ, "/output/0")
    ]


async def test_annotations_are_citations_of_their_text_block() -> None:
    citation = {"type": "url_citation", "start_index": 0, "end_index": 1, "url": "u", "title": "t"}
    added = {
        "type": "response.output_text.annotation.added",
        "output_index": 0,
        "content_index": 0,
        "annotation_index": 0,
        "annotation": citation,
    }
    again = {**citation, "url": "v"}
    part_done = {
        "type": "response.content_part.done",
        "output_index": 0,
        "content_index": 0,
        "part": {"type": "output_text", "text": "a", "annotations": [citation, again]},
    }
    response = await response_of([created(), text("a"), added, part_done, completed()])
    wires = [{"provider": "openai-responses", "wire": c} for c in (citation, again)]
    assert blocks(response) == [{**text_block("a"), "citations": wires}]


async def test_an_annotation_of_a_part_without_text_is_warned() -> None:
    added = {
        "type": "response.output_text.annotation.added",
        "output_index": 0,
        "content_index": 0,
        "annotation": {"type": "url_citation"},
    }
    response = await response_of([created(), added, completed()])
    assert blocks(response) == []
    assert [(w.code, w.path) for w in response.warnings] == [
        (ConversionWarningCode.PART_NOT_READ, "/output/0/content/0/annotations")
    ]


async def test_usage_details_are_cache_read_cache_write_and_reasoning_tokens() -> None:
    details = {
        "input_tokens": 10,
        "input_tokens_details": {"cached_tokens": 4, "cache_write_tokens": 2},
        "output_tokens": 7,
        "output_tokens_details": {"reasoning_tokens": 5},
    }
    response = await response_of([created(), text("x"), completed(usage=details)])
    assert to_json_value(response)["usage"] == {
        "inputTokens": 10,
        "outputTokens": 7,
        "cacheReadTokens": 4,
        "cacheWriteTokens": 2,
        "reasoningTokens": 5,
    }


@pytest.mark.parametrize(
    "kind",
    [
        "response.output_text.sentiment",
        "response.web_search",  # not a hosted-tool family: no trailing dot
        "response",
        "",
        "text_delta",  # a record type: must not be taken for one
        "response_end",
        "transport_error",
    ],
)
async def test_an_unknown_event_type_is_passed_over_with_one_warning_naming_its_index_and_type(
    kind: str,
) -> None:
    response = await response_of(
        [created(), text("a"), {"type": kind, "delta": "x"}, text("b"), completed()]
    )
    assert blocks(response) == [text_block("ab")]  # its delta is not read
    assert to_json_value(response)["warnings"] == [
        unknown_warning(2, kind),
    ]
    assert to_json_value(response)["stopReason"] == "stop"


def unknown_warning(index: int, kind: str) -> dict[str, Any]:
    return {
        "code": "EVENT_NOT_READ",
        "path": "",
        "messageIndex": 0,
        "blockIndex": -1,
        "message": f"event {index} ({kind}) of the stream has an unknown type; it was passed over",
    }


async def test_each_unknown_event_is_warned_once_in_order_before_the_start_too() -> None:
    body = sse(
        [
            {"type": "response.future_hello"},
            created(),
            {"type": "mystery", "sequence_number": 2},
            text("a"),
            {"type": "mystery", "sequence_number": 4},
            completed(),
        ]
    )
    # A comment line is no event: the indexes count events, as record_index does.
    outcome = await run(items([b": ping\n\n", body]))
    assert outcome.error is None
    assert outcome.response is not None
    assert blocks(outcome.response) == [text_block("a")]
    assert to_json_value(outcome.response)["warnings"] == [
        unknown_warning(0, "response.future_hello"),
        unknown_warning(2, "mystery"),
        unknown_warning(4, "mystery"),
    ]


async def test_the_warned_index_is_the_record_index_a_failure_there_carries() -> None:
    before = [created(), {"type": "in_progress"}, text("a")]
    response = await response_of([*before, {"type": "mystery"}, completed()])
    error = await failure_of([*before, {**text("x"), "delta": None}, completed()])
    assert error.record_index == 3
    assert to_json_value(response)["warnings"] == [
        unknown_warning(1, "in_progress"),
        unknown_warning(3, "mystery"),
    ]


async def test_a_long_unknown_type_is_cut_in_the_warning() -> None:
    kind = "x" * 1000
    response = await response_of([created(), {"type": kind}, completed()])
    [warning] = response.warnings
    assert warning.message == (
        f"event 1 ({'x' * 200}… (800 more characters)) of the stream has an unknown type;"
        " it was passed over"
    )


async def test_an_unknown_type_utf8_cannot_carry_is_escaped_in_the_warning() -> None:
    """A lone surrogate (JSON's \\ud800) would make the response unwritable as JSON."""
    body = b'data: {"type": "a\\ud800b"}\n\n'
    outcome = await run(items([sse([created()]), body, sse([completed()])]))
    assert outcome.response is not None
    [warning] = outcome.response.warnings
    assert warning.message == (
        "event 1 ('a\\ud800b') of the stream has an unknown type; it was passed over"
    )
    written = json.dumps(to_json_value(outcome.response), ensure_ascii=False)
    assert written.encode("utf-8").decode("utf-8") == written  # no lone surrogate in it


KEEPALIVE = {"type": "keepalive", "sequence_number": 3}


@pytest.mark.parametrize("place", [0, 1, 2, 3], ids=["first", "after-start", "mid-text", "twice"])
async def test_a_keepalive_is_passed_over_silently_anywhere(place: int) -> None:
    events: list[Any] = [created(), text("a"), text("b"), completed()]
    events.insert(place, KEEPALIVE)
    if place == 3:
        events.insert(1, KEEPALIVE)
    outcome = await run(items([sse(events)]))
    assert outcome.error is None
    assert outcome.response is not None
    assert [to_json_value(c)["delta"] for c in outcome.chunks] == ["a", "b"]
    assert blocks(outcome.response) == [text_block("ab")]
    assert outcome.response.warnings == ()


async def test_a_keepalive_after_done_is_still_an_event_after_the_end() -> None:
    error = (await run(items([sse([created()]), b"data: [DONE]\n\n", sse([KEEPALIVE])]))).error
    assert error is not None
    assert summary(error) == (Code.PROVIDER_INVALID_EVENT, 2, None)
    assert "a 'keepalive' event after data: [DONE]" in error.message


# --- items the stream never finished ------------------------------------------------------------


def item_added(index: int, item: dict[str, Any]) -> dict[str, Any]:
    return {"type": "response.output_item.added", "output_index": index, "item": item}


def item_done(index: int, item: dict[str, Any]) -> dict[str, Any]:
    return {"type": "response.output_item.done", "output_index": index, "item": item}


MCP_TOOLS = [
    {
        "name": "roll",
        "description": "Roll dice",
        "input_schema": {"type": "object", "properties": {"sides": {"type": "integer"}}},
        "annotations": None,
    }
]
# As the API sends it: added with no tools yet; response.completed lists them.
MCP_ADDED = {"id": "mcpl_1", "type": "mcp_list_tools", "server_label": "dice", "tools": []}
MCP_LISTED = {**MCP_ADDED, "tools": MCP_TOOLS, "error": None}
MCP_BLOCK = {
    "type": "serverToolCall",
    "provider": "openai-responses",
    "id": "mcpl_1",
    "name": "mcp_list_tools",
    "input": {},
    "wire": {
        "server_label": "dice",
        "tools": [
            {
                "name": "roll",
                "description": "Roll dice",
                "input_schema": {"type": "object", "properties": {"sides": {"type": "integer"}}},
            }
        ],
    },
}
MCP_EVENTS = [
    item_added(0, MCP_ADDED),
    {"type": "response.mcp_list_tools.in_progress", "output_index": 0, "item_id": "mcpl_1"},
    {"type": "response.mcp_list_tools.completed", "output_index": 0, "item_id": "mcpl_1"},
]


def reply_of(terminal: dict[str, Any]) -> dict[str, Any]:
    """What ``reply_from_openai_responses`` gives for the terminal event's response."""
    reply = reply_from_openai_responses(terminal["response"], request_id="request-1")
    value: dict[str, Any] = to_json_value(reply)
    return value


async def test_an_mcp_list_tools_item_never_done_is_read_from_the_completed_response() -> None:
    """The regression: added, never done, listed by response.completed -> the server-tool
    call reply_from_openai_responses reads from that response (it was dropped)."""
    terminal = completed(output=[MCP_LISTED])
    response = await response_of([created(), *MCP_EVENTS, terminal])
    assert to_json_value(response) == reply_of(terminal)
    assert blocks(response) == [MCP_BLOCK]
    assert response.warnings == ()
    assert to_json_value(response)["stopReason"] == "stop"


MESSAGE = {
    "id": "msg_1",
    "type": "message",
    "status": "completed",
    "role": "assistant",
    "content": [{"type": "output_text", "text": "Rolled: 4", "annotations": []}],
}
MESSAGE_DELTAS = [{**text("Rolled: "), "output_index": 1}, {**text("4"), "output_index": 1}]
MESSAGE_EVENTS = [
    item_added(1, {**MESSAGE, "status": "in_progress", "content": []}),
    {
        "type": "response.content_part.added",
        "output_index": 1,
        "content_index": 0,
        "item_id": "msg_1",
        "part": {"type": "output_text", "text": "", "annotations": []},
    },
    *MESSAGE_DELTAS,
    {
        "type": "response.output_text.done",
        "output_index": 1,
        "content_index": 0,
        "item_id": "msg_1",
        "text": "Rolled: 4",
    },
    item_done(1, MESSAGE),
]


def test_an_unfinished_item_comes_at_its_place_in_the_output() -> None:
    """The recorded shape: the listed tools, then the answer. The item is read at the
    terminal and its block put at its place in output, before the answer streamed
    earlier: everything is what reply_from_openai_responses reads (and the official
    client keeps the item); the text's chunks came as they streamed."""
    terminal = completed(output=[MCP_LISTED, MESSAGE])
    body = sse([created(), *MCP_EVENTS, *MESSAGE_EVENTS, terminal])
    outcome = asyncio.run(run(items([body])))
    assert outcome.response is not None
    ours = to_json_value(outcome.response)
    reply = reply_of(terminal)
    assert reply["message"]["content"] == [MCP_BLOCK, text_block("Rolled: 4")]
    assert ours == reply
    assert [to_json_value(c)["delta"] for c in outcome.chunks] == ["Rolled: ", "4"]
    with sse_server(body) as (url, _):
        client = openai.OpenAI(base_url=f"{url}/v1", api_key="test", max_retries=0)
        with client.responses.stream(model="gpt-test", input="hi") as stream:
            final = stream.get_final_response()
    assert [item.type for item in final.output] == ["mcp_list_tools", "message"]
    sdk = reply_from_openai_responses(final.model_dump(mode="json"), request_id="request-1")
    assert to_json_value(sdk)["message"]["content"] == reply["message"]["content"]


NEVER_STREAMED: dict[str, dict[str, Any]] = {
    "message": {
        "id": "msg_9",
        "type": "message",
        "role": "assistant",
        "phase": "final_answer",
        "content": [
            {
                "type": "output_text",
                "text": "See [1].",
                "annotations": [{"type": "url_citation", "url": "u", "title": "t"}],
            },
            {"type": "output_text", "text": "", "annotations": [{"type": "url_citation"}]},
            {"type": "refusal", "refusal": "Not that."},
            {"type": "output_audio", "data": "..."},
        ],
    },
    "reasoning": {
        "id": "rs_9",
        "type": "reasoning",
        "encrypted_content": "gAAA",
        "summary": [
            {"type": "summary_text", "text": "First."},
            {"type": "summary_text", "text": ""},
        ],
        "content": [{"type": "reasoning_text", "text": "raw"}],
    },
    "function-call": {
        "id": "fc_9",
        "type": "function_call",
        "call_id": "call_9",
        "name": "roll",
        "arguments": '{"sides": 6}',
        "namespace": "dice",
    },
    "function-call-cut-off": {
        "id": "fc_9",
        "type": "function_call",
        "call_id": "call_9",
        "name": "roll",
        "arguments": '{"sid',
        "status": "incomplete",
    },
    "hosted-item": {"id": "ws_9", "type": "web_search_call", "status": "completed"},
    "hosted-item-without-id": {"type": "web_search_call", "status": "completed"},
    "custom-tool-call": {"id": "ct_9", "type": "custom_tool_call", "input": "free"},
}


@pytest.mark.parametrize("kind", sorted(NEVER_STREAMED))
async def test_an_item_only_the_completed_response_lists_is_read_as_the_reply_reader_reads_it(
    kind: str,
) -> None:
    terminal = completed(output=[NEVER_STREAMED[kind]])
    outcome = await run_events([created(), terminal])
    assert outcome.response is not None
    assert to_json_value(outcome.response) == reply_of(terminal)
    expected_blocks = {
        "message": ["text", "refusal"],
        "reasoning": ["thinking", "thinking"],
        "function-call": ["toolCall"],
        "function-call-cut-off": [],
        "hosted-item": ["serverToolCall"],
        "hosted-item-without-id": [],
        "custom-tool-call": [],
    }[kind]
    expected_paths = {
        "message": ["/output/0/content/1/annotations", "/output/0/content/3", "/output/0/phase"],
        "reasoning": ["/output/0/content/0"],
        "function-call": [],
        "function-call-cut-off": ["/output/0"],
        "hosted-item": [],
        "hosted-item-without-id": ["/output/0"],
        "custom-tool-call": ["/output/0"],
    }[kind]
    assert [block["type"] for block in blocks(outcome.response)] == expected_blocks
    assert [w.path for w in outcome.response.warnings] == expected_paths
    # What streamed text a delta would have carried comes as chunks.
    chunk_types = [to_json_value(c)["type"] for c in outcome.chunks]
    assert chunk_types == {
        "message": ["textDelta", "refusalDelta"],
        "reasoning": ["thinkingDelta"],
        "function-call": ["toolCall"],
    }.get(kind, [])


async def test_several_unfinished_items_are_read_in_their_order_as_the_reply_reader_reads_them() -> (
    None
):
    output = [NEVER_STREAMED[kind] for kind in ("reasoning", "hosted-item", "function-call")]
    terminal = completed(output=[MCP_LISTED, *output])
    response = await response_of([created(), *MCP_EVENTS, terminal])
    assert to_json_value(response) == reply_of(terminal)
    assert [block["type"] for block in blocks(response)] == [
        "serverToolCall",
        "thinking",
        "thinking",
        "serverToolCall",
        "toolCall",
    ]
    assert to_json_value(response)["stopReason"] == "toolCall"


async def test_a_message_streamed_without_its_done_keeps_its_deltas_and_is_not_read_twice() -> None:
    listed = {**MESSAGE, "phase": "final_answer"}
    refusal = {**listed, "content": [{"type": "refusal", "refusal": "No."}]}
    refused = {**text("No."), "type": "response.refusal.delta"}
    deltas = [text("Rolled: "), text("4")]
    response = await response_of([created(), *deltas, completed(output=[listed])])
    assert blocks(response) == [text_block("Rolled: 4")]
    assert [(w.code, w.path) for w in response.warnings] == [
        (ConversionWarningCode.PART_NOT_READ, "/output/0/phase")
    ]
    response = await response_of([created(), refused, completed(output=[refusal])])
    assert blocks(response) == [{"type": "refusal", "text": "No.", "itemId": "msg_1"}]
    assert to_json_value(response)["stopReason"] == "refusal"
    # Another message, of which nothing streamed, is still read whole.
    later = {**MESSAGE, "id": "msg_2", "content": [{"type": "output_text", "text": "More."}]}
    response = await response_of([created(), *deltas, completed(output=[listed, later])])
    assert blocks(response) == [text_block("Rolled: 4"), text_block("More.", "msg_2")]


async def test_a_finished_item_the_completed_response_lists_is_not_read_again() -> None:
    hosted = NEVER_STREAMED["hosted-item"]
    reasoning = {**NEVER_STREAMED["reasoning"], "content": []}
    events = [created(), item_done(0, hosted), item_done(2, reasoning), *MESSAGE_EVENTS]
    terminal = completed(output=[hosted, MESSAGE, reasoning])
    response = await response_of([*events, terminal])
    # The reasoning item's summary streamed no delta: one empty block, as when done.
    assert [block["type"] for block in blocks(response)] == ["serverToolCall", "thinking", "text"]
    assert response.warnings == ()


async def test_a_finished_item_the_terminal_lists_at_another_index_is_known_by_its_id() -> None:
    """A server whose output_index is not the item's place in the terminal's output:
    finished items, and a message whose text streamed, are matched by id (a call by its
    call_id, as the official client matches them) and not read again."""
    hosted = NEVER_STREAMED["hosted-item"]
    refusal = {**MESSAGE, "id": "msg_r", "content": [{"type": "refusal", "refusal": "No."}]}
    call = call_done(7, call_id="call_9", name="roll")["item"]
    events = [
        created(),
        item_done(5, hosted),
        {**text("Rolled: 4"), "output_index": 6},
        {**text("No."), "type": "response.refusal.delta", "output_index": 8, "item_id": "msg_r"},
        call_done(7, call_id="call_9", name="roll"),
        completed(output=[hosted, MESSAGE, refusal, {**call, "id": "fc_other"}]),
    ]
    response = await response_of(events)
    assert blocks(response) == [
        {
            "type": "serverToolCall",
            "provider": "openai-responses",
            "id": "ws_9",
            "name": "web_search_call",
            "input": {},
            "wire": {"status": "completed"},
        },
        text_block("Rolled: 4"),
        {"type": "refusal", "text": "No.", "itemId": "msg_r"},
        {"type": "toolCall", "id": "call_9", "name": "roll", "arguments": {}, "itemId": "fc_7"},
    ]
    assert response.warnings == ()


async def test_the_incomplete_response_reads_unfinished_items_but_not_the_cut_off_ones() -> None:
    cut = {**call_added(1)["item"], "arguments": '{"si', "status": "incomplete"}
    terminal = incomplete("max_output_tokens", output=[MCP_LISTED, cut])
    response = await response_of(
        [created(), *MCP_EVENTS, call_added(1), arguments('{"si', 1), terminal]
    )
    assert blocks(response) == [MCP_BLOCK]
    assert [(w.code, w.path) for w in response.warnings] == [
        (ConversionWarningCode.PART_NOT_READ, "/output/1")
    ]
    assert to_json_value(response)["stopReason"] == "length"
    assert to_json_value(response) == reply_of(terminal)
    # A reasoning item cut off inside its summary ends as it streamed, not read again.
    listed = {**NEVER_STREAMED["reasoning"], "id": "rs_1", "content": []}
    terminal = incomplete("max_output_tokens", output=[listed])
    response = await response_of([created(), reasoning_added(), summary_delta("Fir"), terminal])
    assert blocks(response) == [{"type": "thinking", "thinking": "Fir"}]
    assert response.warnings == ()


async def test_an_open_call_is_still_refused_when_the_completed_response_lists_it() -> None:
    listed = {**call_done(call_id="call_q", name="g")["item"], "arguments": "{}"}
    events = [created(), call_added(call_id="call_q", name="g"), completed(output=[listed])]
    error = await failure_of(events)
    assert summary(error) == (Code.PROVIDER_INVALID_EVENT, 2, None)
    assert "function call at output_index 0 (call_q, g) is unfinished" in error.message


# --- nothing after the terminal ----------------------------------------------------------------


@pytest.mark.parametrize(
    "late",
    [
        completed(),
        incomplete("max_output_tokens"),
        text("late"),
        {"type": "response.in_progress", "response": {"id": RID}},
        {"type": "error", "code": "c", "message": "m"},
        {"type": "mystery"},
    ],
    ids=["completed", "incomplete", "text", "informational", "error", "unknown"],
)
async def test_the_stream_settles_at_its_terminal_and_reads_nothing_after_it(late: Any) -> None:
    response = await response_of([created(), text("a"), completed(), late])
    assert blocks(response) == [text_block("a")]
    assert response.stop_reason == "stop"
    assert response.warnings == ()  # an unknown event after it is not even warned


async def test_a_proxys_done_and_whatever_follows_it_are_not_read() -> None:
    body = [sse([created(), completed()]), b"data: [DONE]\n\n", sse([text("late")])]
    outcome = await run(items(body))
    assert outcome.error is None
    assert outcome.response is not None
    assert outcome.response.message.content == ()


async def test_the_parser_checks_the_terminal_against_the_start() -> None:
    error = await failure_of([created("resp_a"), completed("resp_b")])
    assert summary(error) == (Code.PROVIDER_RESPONSE_MISMATCH, 1, None)
    error = await failure_of([created(), created()])
    assert summary(error) == (Code.PROVIDER_DUPLICATE_START, 1, None)
    error = await failure_of([text("early"), created(), completed()])
    assert summary(error) == (Code.PROVIDER_MISSING_START, 0, None)


# --- tool-call arguments --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text_",
    [
        "{",
        "[1, 2]",
        '"a string"',
        "null",
        '{"a": 1, "a": 2}',
        '{"a": NaN}',
        '{"a": 1e999}',
        "[" * 100_000,
    ],
    ids=["truncated", "array", "string", "null", "duplicate-key", "nan", "infinite", "deep"],
)
async def test_arguments_that_are_not_a_json_object_name_the_call(text_: str) -> None:
    error = await failure_of(
        [created(), call_added(call_id="call_bad", name="edit"), arguments(text_), call_done()]
    )
    assert summary(error) == (Code.PROVIDER_INVALID_EVENT, 3, None)
    assert "'call_bad' (edit)" in error.message


async def test_arguments_are_parsed_once_at_the_end_not_per_delta() -> None:
    events = [
        created(),
        call_added(),
        arguments('{"a"'),
        arguments(":1}"),
        call_done(),
        completed(),
    ]
    response = await response_of(events)
    assert blocks(response)[0]["arguments"] == {"a": 1}


# --- ill-formed events -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("events", "index", "names"),
    [
        (
            [{"type": "response.created"}],
            0,
            "response.created /response must be an object; it is missing",
        ),
        (
            [{"type": "response.created", "response": {"id": ""}}],
            0,
            "response.created /response/id must be a non-empty string; it is a string ('')",
        ),
        (
            [{"type": "response.created", "response": {"id": 7}}],
            0,
            "response.created /response/id must be a non-empty string; it is a number (7)",
        ),
        (
            [created(), {**text("x"), "delta": None}],
            1,
            "response.output_text.delta /delta must be a string; it is null",
        ),
        (
            [created(), {**text("x"), "delta": 5}],
            1,
            "response.output_text.delta /delta must be a string; it is a number (5)",
        ),
        (
            [created(), summary_delta("a", part=None)],
            1,
            "response.reasoning_summary_text.delta /summary_index must be an integer >= 0;"
            " it is null",
        ),
        (
            [created(), summary_delta("a", part=True)],
            1,
            "response.reasoning_summary_text.delta /summary_index must be an integer >= 0;"
            " it is a boolean (true)",
        ),
        (
            [created(), {**summary_delta("a"), "output_index": -1}],
            1,
            "response.reasoning_summary_text.delta /output_index must be an integer >= 0;"
            " it is a number (-1)",
        ),
        (
            [created(), summary_delta(["a"])],
            1,
            "response.reasoning_summary_text.delta /delta must be a string; it is an array",
        ),
        (
            [created(), {"type": "response.output_item.added", "output_index": 0}],
            1,
            "response.output_item.added /item must be an object; it is missing",
        ),
        (
            [created(), {**call_added(), "output_index": "0"}],
            1,
            "response.output_item.added /output_index must be an integer >= 0;"
            " it is a string ('0')",
        ),
        (
            [created(), {**call_added(), "item": {"type": None}}],
            1,
            "response.output_item.added /item/type must be a non-empty string; it is null",
        ),
        (
            [created(), call_added(call_id=5)],
            1,
            "response.output_item.added /item/call_id must be a string or null; it is a number (5)",
        ),
        (
            [created(), call_added(name=["f"])],
            1,
            "response.output_item.added /item/name must be a string or null; it is an array",
        ),
        (
            [created(), call_added(arguments={})],
            1,
            "response.output_item.added /item/arguments must be a string or null; it is an object",
        ),
        ([created(), call_added(), call_added()], 2, "output_index 0 was added before"),
        ([created(), arguments("{}", 3)], 1, "output_index 3, which holds no function call"),
        ([created(), arguments_done("{}", 3)], 1, "holds no function call"),
        (
            [created(), call_added(), arguments(None)],
            2,
            "response.function_call_arguments.delta /delta must be a string; it is null",
        ),
        (
            [created(), call_added(), arguments_done(1)],
            2,
            "response.function_call_arguments.done /arguments must be a string; it is a number (1)",
        ),
        (
            [created(), call_done(call_id=None)],
            1,
            "response.output_item.done /item/call_id must be a non-empty string; it is null",
        ),
        (
            [created(), call_done(call_id=" ")],
            1,
            "response.output_item.done /item/call_id must be a non-empty string;"
            " it is a string (' ')",
        ),
        (
            [created(), call_done(name=None)],
            1,
            "response.output_item.done /item/name must be a non-empty string; it is null",
        ),
        (
            [created(), call_added(call_id=" "), call_done(call_id="call_ok")],
            2,
            "response.output_item.added /item/call_id must be a non-empty string;"
            " it is a string (' ')",
        ),
        (
            [created(), call_added(name="\t"), call_done(name="f")],
            2,
            "response.output_item.added /item/name must be a non-empty string;"
            " it is a string ('\\t')",
        ),
        (
            [created(), call_done(arguments=3)],
            1,
            "response.output_item.done /item/arguments must be a string or null;"
            " it is a number (3)",
        ),
        (
            [created(), reasoning_done(id=None)],
            1,
            "response.output_item.done /item/id must be a non-empty string; it is null",
        ),
        (
            [created(), reasoning_done(encrypted_content=5)],
            1,
            "response.output_item.done /item/encrypted_content must be a string or null;"
            " it is a number (5)",
        ),
        (
            [created(), {"type": "response.output_item.done", "item": {}}],
            1,
            "response.output_item.done /output_index must be an integer >= 0; it is missing",
        ),
        (
            [created(), completed(usage=[])],
            1,
            "response.completed /response/usage must be an object or null; it is an array",
        ),
        (
            [created(), completed(usage={"input_tokens": 1})],
            1,
            "response.completed /response/usage/output_tokens must be an integer >= 0;"
            " it is missing",
        ),
        (
            [created(), completed(usage={"input_tokens": -1, "output_tokens": 1})],
            1,
            "response.completed /response/usage/input_tokens must be an integer >= 0;"
            " it is a number (-1)",
        ),
        (
            [created(), completed(usage={"input_tokens": True, "output_tokens": 1})],
            1,
            "response.completed /response/usage/input_tokens must be an integer >= 0;"
            " it is a boolean (true)",
        ),
        (
            [created(), completed(usage={"input_tokens": 1.0, "output_tokens": 1})],
            1,
            "response.completed /response/usage/input_tokens must be an integer >= 0;"
            " it is a number (1.0)",
        ),
        (
            [created(), {"type": "response.completed", "response": None}],
            1,
            "response.completed /response must be an object; it is null",
        ),
        (
            [created(), {"type": "response.completed", "response": {}}],
            1,
            "response.completed /response/id must be a non-empty string; it is missing",
        ),
        (
            [created(), completed(output="x")],
            1,
            "response.completed /response/output must be an array or null; it is a string ('x')",
        ),
        (
            [created(), completed(output=[5])],
            1,
            "response.completed /response/output/0 must be an object; it is a number (5)",
        ),
        (
            [created(), incomplete("x", output=[{"type": None}])],
            1,
            "response.incomplete /response/output/0/type must be a non-empty string; it is null",
        ),
        (
            [created(), completed(output=[{**call_done()["item"], "name": ""}])],
            1,
            "response.completed /response/output/0/name must be a non-empty string;"
            " it is a string ('')",
        ),
        (
            [created(), completed(output=[{"type": "reasoning", "summary": [{}]}])],
            1,
            "response.completed /response/output/0/summary/0/text must be a string; it is missing",
        ),
        (
            [created(), completed(output=[{"type": "message", "content": [{"type": 1}]}])],
            1,
            "response.completed /response/output/0/content/0/type must be a non-empty string;"
            " it is a number (1)",
        ),
        (
            [created(), incomplete("x", incomplete_details="max")],
            1,
            "response.incomplete /response/incomplete_details must be an object or null;"
            " it is a string ('max')",
        ),
        (
            [created(), failed("boom")],
            1,
            "response.failed /response/error must be an object or null; it is a string ('boom')",
        ),
        (
            [created(), failed({"code": 500, "message": "m"})],
            1,
            "response.failed /response/error/code must be a string or null; it is a number (500)",
        ),
        (
            [created(), failed({"code": "c", "message": ["m"]})],
            1,
            "response.failed /response/error/message must be a string or null; it is an array",
        ),
        (
            [created(), {"type": "error", "code": 1, "message": "m"}],
            1,
            "error /code must be a string or null; it is a number (1)",
        ),
        (
            [created(), {"type": "error", "error": {"type": 3}}],
            1,
            "error /error/type must be a string or null; it is a number (3)",
        ),
    ],
)
async def test_a_missing_or_ill_typed_field_is_an_invalid_event_naming_it(
    events: list[Any], index: int, names: str
) -> None:
    error = await failure_of(events)
    assert summary(error) == (Code.PROVIDER_INVALID_EVENT, index, None)
    assert names in error.message


@pytest.mark.parametrize(
    "data",
    [b"[1, 2]", b'"text"', b"null", b"{}", b'{"type": 5}', b"{not json", b'{"type": null}'],
)
async def test_event_data_that_is_not_an_event_is_an_invalid_event(data: bytes) -> None:
    body = [sse([created()]), b"data: " + data + b"\n\n", sse([completed()])]
    error = (await run(items(body))).error
    assert error is not None
    assert summary(error) == (Code.PROVIDER_INVALID_EVENT, 1, None)


async def test_an_invalid_event_keeps_the_chunks_before_it_in_the_same_byte_chunk() -> None:
    """The outcome may not depend on the chunking: the events before a bad one in the
    same chunk of bytes still give their records, and the failure counts them."""
    body = sse([created(), text("a"), text("b")]) + b"data: {oops\n\n" + sse([completed()])
    for chunks in ([body], pieces(body, 5)):
        outcome = await run(items(chunks))
        assert [c.delta for c in outcome.chunks] == ["a", "b"]
        assert outcome.error is not None
        assert summary(outcome.error) == (Code.PROVIDER_INVALID_EVENT, 3, None)


async def test_bytes_that_are_not_utf8_are_an_invalid_event() -> None:
    body = sse([created()]) + b'data: {"type":"response.output_text.delta","delta":"\xff"}\n\n'
    error = (await run(items([body]))).error
    assert error is not None
    assert error.code is Code.PROVIDER_INVALID_EVENT


async def test_a_lone_surrogate_in_a_delta_is_refused() -> None:
    body = sse([created()]) + b'data: {"type":"response.output_text.delta","delta":"\\ud800"}\n\n'
    error = (await run(items([body, sse([completed()])]))).error
    assert error is not None
    assert summary(error) == (Code.PROVIDER_INVALID_EVENT, 1, None)


async def test_a_hostile_dict_subclass_event_is_read_as_its_plain_content() -> None:
    hostile = OverridingDict(text("safe"))
    response = await response_of([created(), hostile, completed()])
    assert blocks(response) == [text_block("safe")]


async def test_an_event_that_is_not_json_data_is_an_invalid_event() -> None:
    error = await failure_of([created(), {"type": "response.output_text.delta", "delta": {1, 2}}])
    assert summary(error) == (Code.PROVIDER_INVALID_EVENT, 1, None)
    cyclic: dict[str, Any] = dict(text("x"))
    cyclic["self"] = cyclic
    error = await failure_of([created(), cyclic])
    assert summary(error) == (Code.PROVIDER_INVALID_EVENT, 1, None)


async def test_a_source_item_that_is_neither_bytes_nor_an_event_is_an_invalid_event() -> None:
    error = await failure_of([created(), "data: {}\n\n"])
    assert summary(error) == (Code.PROVIDER_INVALID_EVENT, 1, None)


# --- the source: failures, cancellation, closing ------------------------------------------------


class Source:
    """An async generator over ``values`` that records whether it was closed; raises
    ``fail`` after them when given."""

    def __init__(self, values: list[Any], fail: BaseException | None = None) -> None:
        self.values = values
        self.fail = fail
        self.closed = False
        self.read = 0

    async def generate(self) -> AsyncIterator[Any]:
        try:
            for value in self.values:
                self.read += 1
                yield value
            if self.fail is not None:
                raise self.fail
            await asyncio.Event().wait()  # a connection that stays open
        finally:
            self.closed = True


async def test_a_source_that_fails_mid_stream_is_a_transport_error_after_the_chunks() -> None:
    source = Source([sse([created(), text("a")])], ConnectionResetError("peer reset"))
    outcome = await run(source.generate())
    assert [c.delta for c in outcome.chunks] == ["a"]
    assert outcome.error is not None
    assert summary(outcome.error) == (Code.PROVIDER_TRANSPORT_ERROR, 2, None)
    assert "peer reset" in outcome.error.message


async def test_closing_the_stream_closes_the_source() -> None:
    source = Source([sse([created(), text("a"), text("b")])])
    stream = AsyncOpenAIResponsesStream(source.generate(), request_id="request-1")
    first = await anext(stream)
    assert first.delta == "a"
    await stream.aclose()
    assert source.closed
    with pytest.raises(ProviderError) as caught:
        await stream.result()
    assert caught.value.code is Code.PROVIDER_CANCELLED


async def test_the_cancel_event_closes_the_source_while_a_read_is_waiting() -> None:
    source = Source([sse([created(), text("a")])])
    cancel = asyncio.Event()
    stream = AsyncOpenAIResponsesStream(source.generate(), request_id="request-1", cancel=cancel)
    assert (await anext(stream)).delta == "a"
    waiting = asyncio.ensure_future(stream.result())
    for _ in range(5):
        await asyncio.sleep(0)
    assert not waiting.done()
    cancel.set()
    with pytest.raises(ProviderError) as caught:
        await waiting
    assert caught.value.code is Code.PROVIDER_CANCELLED
    assert source.closed


async def test_a_failure_closes_the_source_and_reads_no_further() -> None:
    source = Source(
        [
            sse([created(), {"type": "error", "code": "c", "message": "m"}]),
            sse([failed({"code": "second", "message": "n"})]),
        ]
    )
    outcome = await run(source.generate())
    assert outcome.error is not None
    assert outcome.error.provider_code == "c"
    assert source.closed
    assert source.read == 1


def test_the_arguments_are_checked() -> None:
    with pytest.raises(TypeError, match="request_id"):
        AsyncOpenAIResponsesStream(items([]), request_id=" ")
    with pytest.raises(TypeError, match="cancel"):
        AsyncOpenAIResponsesStream(items([]), request_id="r", cancel=object())
