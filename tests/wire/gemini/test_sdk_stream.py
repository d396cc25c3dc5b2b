"""The Gemini streams and reply reader against the official ``google-genai`` SDK.

Each recording in ``fixtures/wire/gemini/`` is served from a real HTTP server on
127.0.0.1 at the path the SDK requests (``/<version>/models/<model>:streamGenerateContent
?alt=sse``); ``client.models.generate_content_stream`` reads it, and what a caller
accumulates from the SDK's chunks (the text of the non-thought parts, the thought text,
the function calls with their ``thought_signature`` bytes, the signatures of text and
thought parts, the last ``finish_reason`` and ``usage_metadata``, up to the chunk of
the finish, where ``GeminiStream`` settles) must be what ``GeminiStream`` reads from the
same bytes (signatures compared as the bytes they encode). The async client
(``client.aio``) against ``AsyncGeminiStream`` the same way; ``generate_content`` of
the non-streamed reply holding the same content against ``reply_from_gemini`` of the
same JSON and of the SDK object's ``model_dump(mode="json")``.

The request each test sends is ``to_gemini``'s (``CONTENTS``: a Gemini 3 tool loop
whose signed call and signed text go back on their parts), and the body the SDK sent
is checked to be exactly that.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from google import genai
from google.genai import errors, types

from agent_ir import (
    assistant_message,
    to_json_value,
    tool_result_message,
    user_message,
)
from agent_ir.replies import ModelResponse, ProviderError
from agent_ir.wire import AsyncGeminiStream, GeminiStream, reply_from_gemini, to_gemini

from support.gemini import merged_reply, signature_bytes, sse_chunks
from support.loopback import loopback_only, recording_server
from support.sse_server import sse_server

FOLDER = Path(__file__).resolve().parents[3] / "fixtures" / "wire" / "gemini"
RECORDINGS = sorted(path.stem for path in FOLDER.glob("*.sse"))
# The SDK reads the API's camelCase only: a snake_case body is what a caller's
# model_dump(mode="json") gives, never what the API sends.
NOT_FROM_THE_API = {"snake-case"}
SDK_RECORDINGS = [name for name in RECORDINGS if name not in NOT_FROM_THE_API]
MODEL = "gemini-test"
# Signatures without "+" or "/": the SDK reads them into bytes and sends them in URL-safe
# base64, which is then the same text.
SESSION = [
    user_message(id="u1", content="Weather in Paris?"),
    assistant_message(
        id="a1",
        content=[
            {
                "type": "toolCall",
                "id": "gemini_call_rsp-1_0",
                "name": "get_weather",
                "arguments": {"city": "Paris"},
                "thoughtSignature": "CiQBjz1rX3Lc0dQ2",
            }
        ],
    ),
    tool_result_message(
        id="r1", tool_call_id="gemini_call_rsp-1_0", tool_name="get_weather", content='{"c":18}'
    ),
    assistant_message(
        id="a2", content=[{"type": "text", "text": "18 C.", "thoughtSignature": "EpYSCpMS"}]
    ),
    user_message(id="u2", content="And tomorrow?"),
]
CONTENTS: list[dict[str, Any]] = to_gemini(SESSION).fields["contents"]
# Our stop reason for the SDK's last finish_reason (a reply with calls stops with
# tool_call; a blocked prompt has no candidate: "error").
STOPS = {"STOP": "stop", "MAX_TOKENS": "length"}


@pytest.fixture(autouse=True)
def _loopback() -> Iterator[None]:
    with loopback_only():
        yield


def body(name: str) -> bytes:
    return (FOLDER / f"{name}.sse").read_bytes()


def client(base_url: str) -> genai.Client:
    return genai.Client(api_key="test", http_options=types.HttpOptions(base_url=base_url))


# --- what a caller accumulates from the SDK, and the same from our response ---------------


class Accumulated:
    """What the SDK's chunks held, up to the chunk of the finish."""

    def __init__(self) -> None:
        self.text: list[str] = []
        self.thought: list[str] = []
        self.calls: list[tuple[str | None, str | None, dict[str, Any], bytes | None]] = []
        self.text_signatures: list[bytes] = []
        self.thought_signatures: list[bytes] = []
        self.finish_reason: str | None = None
        self.block_reason: str | None = None
        self.usage: types.GenerateContentResponseUsageMetadata | None = None
        self.finished = False

    def add(self, chunk: types.GenerateContentResponse) -> None:
        if self.finished:
            return  # GeminiStream settles at the finish: nothing after it is read
        if chunk.usage_metadata is not None:
            self.usage = chunk.usage_metadata
        if chunk.prompt_feedback is not None and chunk.prompt_feedback.block_reason:
            self.block_reason = chunk.prompt_feedback.block_reason.value
        if not chunk.candidates:
            self.finished = self.block_reason is not None
            return
        candidate = chunk.candidates[0]
        for part in (candidate.content.parts if candidate.content else None) or []:
            self._part(part)
        if candidate.finish_reason is not None:
            self.finish_reason = candidate.finish_reason.value
            self.finished = True

    def _part(self, part: types.Part) -> None:
        signature = part.thought_signature
        if part.function_call is not None:
            call = part.function_call
            self.calls.append((call.id, call.name, dict(call.args or {}), signature))
        elif part.thought:
            self.thought.append(part.text or "")
            if signature is not None:
                self.thought_signatures.append(signature)
        elif part.text is not None or (signature is not None and _bare(part)):
            self.text.append(part.text or "")
            if signature is not None:
                self.text_signatures.append(signature)

    def view(self) -> dict[str, Any]:
        """Comparable with ``ours``: ids of calls that came without one left out."""
        usage = self.usage
        counts = (0, 0)
        if usage is not None:
            counts = (
                (usage.prompt_token_count or 0) + (usage.tool_use_prompt_token_count or 0),
                (usage.candidates_token_count or 0) + (usage.thoughts_token_count or 0),
            )
        stop = "error"
        if self.finish_reason in STOPS:
            stop = "toolCall" if self.calls and self.finish_reason == "STOP" else "stop"
            stop = "length" if self.finish_reason == "MAX_TOKENS" else stop
        return {
            "text": "".join(self.text),
            "thought": "".join(self.thought),
            "calls": self.calls,
            "textSignatures": self.text_signatures,
            "thoughtSignatures": self.thought_signatures,
            "stop": stop,
            "usage": counts,
        }


def _bare(part: types.Part) -> bool:
    """A part holding only a signature."""
    return not any(
        value is not None
        for name, value in part
        if name not in ("thought_signature", "thought", "part_metadata")
    )


def ours(response: ModelResponse) -> dict[str, Any]:
    text, thought, calls = [], [], []
    text_signatures, thought_signatures = [], []
    for block in response.message.content:
        signature = signature_bytes(getattr(block, "thought_signature", None))
        if block.type == "text":
            text.append(block.text)
            if signature is not None:
                text_signatures.append(signature)
        elif block.type == "thinking":
            thought.append(block.thinking)
            if signature is not None:
                thought_signatures.append(signature)
        elif block.type == "toolCall":
            call_id = None if block.id.startswith("gemini_call_") else block.id
            arguments = to_json_value(block)["arguments"]
            calls.append((call_id, block.name, arguments, signature))
    return {
        "text": "".join(text),
        "thought": "".join(thought),
        "calls": calls,
        "textSignatures": text_signatures,
        "thoughtSignatures": thought_signatures,
        "stop": response.stop_reason.value,
        "usage": (response.usage.input_tokens, response.usage.output_tokens),
    }


def outcome(run: Any) -> tuple[str, Any]:
    """("response", our view) or ("error", provider code) of a read."""
    try:
        return "response", ours(run())
    except ProviderError as error:
        return "error", (error.code.value, error.provider_code)


# --- streaming ------------------------------------------------------------------------------


def sdk_stream(name: str) -> tuple[tuple[str, Any], list[Any]]:
    accumulated = Accumulated()
    with sse_server(body(name)) as (base_url, recorded):
        sdk_client = client(base_url)  # held: the SDK closes its connections when collected
        try:
            for chunk in sdk_client.models.generate_content_stream(model=MODEL, contents=CONTENTS):
                accumulated.add(chunk)
        except errors.APIError as error:
            return ("error", error.status), recorded.requests
    if not accumulated.finished:
        return ("unfinished", accumulated.view()), recorded.requests
    return ("response", accumulated.view()), recorded.requests


@pytest.mark.parametrize("name", SDK_RECORDINGS)
def test_the_sdk_stream_accumulates_what_the_gemini_stream_reads(name: str) -> None:
    sdk, requests = sdk_stream(name)
    [(method, path, request)] = requests
    assert (method, request) == ("POST", {"contents": CONTENTS})
    assert path.endswith(f"/models/{MODEL}:streamGenerateContent?alt=sse")
    kind, view = outcome(lambda: GeminiStream([body(name)], request_id="request-1").result())
    if sdk[0] == "error":  # the SDK raises the API's error chunk: its status is our code
        assert (kind, view) == ("error", ("PROVIDER_TRANSPORT_ERROR", sdk[1]))
    elif sdk[0] == "unfinished":  # no finish: the SDK just ends, the stream refuses
        assert (kind, view) == ("error", ("PROVIDER_MISSING_TERMINAL", None))
    else:
        assert (kind, view) == sdk


@pytest.mark.parametrize("name", SDK_RECORDINGS)
async def test_the_async_sdk_stream_accumulates_what_the_async_gemini_stream_reads(
    name: str,
) -> None:
    accumulated = Accumulated()
    sdk: tuple[str, Any]
    with sse_server(body(name)) as (base_url, _):
        sdk_client = client(base_url)
        try:
            stream = await sdk_client.aio.models.generate_content_stream(
                model=MODEL, contents=CONTENTS
            )
            async for chunk in stream:
                accumulated.add(chunk)
            sdk = ("response" if accumulated.finished else "unfinished", accumulated.view())
        except errors.APIError as error:
            sdk = ("error", error.status)

    async def source() -> Any:
        yield body(name)

    try:
        ours_outcome: tuple[str, Any] = (
            "response",
            ours(await AsyncGeminiStream(source(), request_id="request-1").result()),
        )
    except ProviderError as error:
        ours_outcome = ("error", (error.code.value, error.provider_code))
    assert sdk == sdk_stream(name)[0]  # the async client reads as the sync one
    if sdk[0] == "response":
        assert ours_outcome == sdk
    else:
        assert ours_outcome[0] == "error"


def test_every_gemini_recording_is_compared_with_the_sdk_but_the_snake_case_one() -> None:
    assert len(SDK_RECORDINGS) == len(RECORDINGS) - 1 == 11
    signed = [name for name in SDK_RECORDINGS if b"thoughtSignature" in body(name)]
    assert signed == ["code-execution", "parallel-tool-calls", "thinking-signature"]


# --- the non-streamed reply -------------------------------------------------------------------


def answered() -> list[str]:
    return [
        name
        for name in SDK_RECORDINGS
        if "response" in json.loads((FOLDER / f"{name}.expected.json").read_text("utf-8"))
    ]


@pytest.mark.parametrize("name", answered())
def test_generate_content_reads_the_reply_that_reply_from_gemini_reads(name: str) -> None:
    """The non-streamed reply with the stream's content: the SDK's object, its
    ``model_dump(mode="json")`` and the JSON itself read alike, and as the stream."""
    reply = merged_reply(sse_chunks(body(name)))
    with recording_server(reply) as (base_url, recorded):
        sdk_client = client(base_url)
        response = sdk_client.models.generate_content(model=MODEL, contents=CONTENTS)
    assert recorded.requests[0][1].endswith(f"/models/{MODEL}:generateContent")
    accumulated = Accumulated()
    accumulated.add(response)
    from_json = reply_from_gemini(reply, request_id="request-1")
    from_sdk = reply_from_gemini(response.model_dump(mode="json"), request_id="request-1")
    streamed = GeminiStream([body(name)], request_id="request-1").result()
    assert ours(from_json) == ours(from_sdk) == accumulated.view()
    assert from_json == streamed
    # The same warnings (paths in camelCase whichever spelling came), but for the
    # finishMessage, which the SDK's AI Studio reader drops.
    assert [(w.code, w.path) for w in from_sdk.warnings] == [
        (w.code, w.path) for w in streamed.warnings
    ]
    dropped = response.candidates and response.candidates[0].finish_message is None
    if not dropped or "finishMessage" not in json.dumps(reply):
        assert from_sdk.warnings == streamed.warnings


def test_model_dump_json_writes_signatures_in_url_safe_base64_which_are_kept_as_given() -> None:
    reply = merged_reply(sse_chunks(body("parallel-tool-calls")))
    signature = reply["candidates"][0]["content"]["parts"][0]["thoughtSignature"]
    assert "+" in signature
    assert "/" in signature
    dumped = types.GenerateContentResponse.model_validate(reply).model_dump(mode="json")
    sdk_signature = dumped["candidates"][0]["content"]["parts"][0]["thought_signature"]
    assert sdk_signature != signature
    assert signature_bytes(sdk_signature) == signature_bytes(signature)
    call = reply_from_gemini(dumped, request_id="r").message.content[0]
    assert call.type == "toolCall"
    assert call.thought_signature == sdk_signature
