"""An OpenAI Chat audio reply (a request with ``modalities: ["text", "audio"]``) loses
nothing in silence: ``message.audio`` (``ChatCompletionAudio``: id, data, expires_at,
transcript; ``content`` is null) and its stream (``ChoiceDelta.audio`` pieces: an id,
transcript and data pieces, the last chunk only the expiry) give the transcript as a
text block and a PART_NOT_READ warning for each of the id, the data and the expiry (the
IR's assistant content has no audio block), the same in ``reply_from_openai_chat`` and
``OpenAIChatStream``, and the same from the official SDK's own accumulated completion.

Regression (issue 36): the reply and the stream gave an empty assistant message, the
transcript dropped.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from openai.lib.streaming.chat import ChatCompletionStreamState
from openai.types.chat import ChatCompletion, ChatCompletionChunk

from agent_ir import to_json_value
from agent_ir.replies.protocol import ProviderError, ProviderErrorCode
from agent_ir.wire import OpenAIChatStream, reply_from_openai_chat

from support.wire_cases import resolve

# A minimal gpt-4o-audio-preview reply, in the shape the API reference documents.
AUDIO = {
    "id": "audio_6710a9f5d4f08190a3ad9c9b1e2f0c7d",
    "data": "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=",
    "expires_at": 1729018505,
    "transcript": "Yes, golden retrievers are known to be very friendly.",
}
REPLY: dict[str, Any] = {
    "id": "chatcmpl-AIqDs5sdJq9yAbXPzEN9BQmMrNkb1",
    "object": "chat.completion",
    "created": 1729014996,
    "model": "gpt-4o-audio-preview-2024-10-01",
    "choices": [
        {
            "index": 0,
            "message": {"role": "assistant", "content": None, "refusal": None, "audio": AUDIO},
            "logprobs": None,
            "finish_reason": "stop",
        }
    ],
    "usage": {"prompt_tokens": 17, "completion_tokens": 107, "total_tokens": 124},
    "system_fingerprint": "fp_6e2d124157",
}
AUDIO_WARNINGS = [
    (
        "PART_NOT_READ",
        "/choices/0/message/audio/id",
        -1,
        "/choices/0/message/audio/id has no IR form",
    ),
    (
        "PART_NOT_READ",
        "/choices/0/message/audio/data",
        -1,
        "/choices/0/message/audio/data has no IR form",
    ),
    (
        "PART_NOT_READ",
        "/choices/0/message/audio/expires_at",
        -1,
        "/choices/0/message/audio/expires_at has no IR form",
    ),
]
TRANSCRIPT_BLOCK = {"type": "text", "text": AUDIO["transcript"]}


def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-AIqDs5sdJq9yAbXPzEN9BQmMrNkb1",
        "object": "chat.completion.chunk",
        "created": 1729014996,
        "model": "gpt-4o-audio-preview-2024-10-01",
        "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}],
    }


# The same reply streamed: the id first, then transcript and data pieces, the expiry last.
CHUNKS = [
    chunk({"role": "assistant", "content": None, "refusal": None}),
    chunk({"audio": {"id": AUDIO["id"], "transcript": "Yes, golden retrievers"}}),
    chunk({"audio": {"transcript": " are known to be very friendly."}}),
    chunk({"audio": {"data": AUDIO["data"][:24]}}),
    chunk({"audio": {"data": AUDIO["data"][24:]}}),
    chunk({"audio": {"expires_at": AUDIO["expires_at"]}}),
    chunk({}, "stop"),
]


def warnings(response: Any) -> list[tuple[str, str, int, str]]:
    return [(w.code, w.path, w.block_index, w.message) for w in response.warnings]


def read(reply: dict[str, Any]) -> Any:
    before = copy.deepcopy(reply)
    response = reply_from_openai_chat(reply, request_id="request-1")
    assert reply == before
    for warning in response.warnings:
        resolve(reply, warning.path)  # the path names a value of the reply
    return response


def streamed(chunks: list[dict[str, Any]]) -> Any:
    body = b"".join(f"data: {json.dumps(c)}\n\n".encode() for c in chunks)
    return OpenAIChatStream([body + b"data: [DONE]\n\n"], request_id="request-1").result()


def test_the_documented_shapes_are_the_sdks() -> None:
    message = ChatCompletion.model_validate(REPLY).choices[0].message
    assert message.content is None
    assert message.audio is not None
    assert message.audio.transcript == AUDIO["transcript"]
    for event in CHUNKS:
        ChatCompletionChunk.model_validate(event)


def test_an_audio_reply_gives_its_transcript_as_text_and_warns_about_the_audio() -> None:
    response = read(REPLY)
    assert to_json_value(response.message)["content"] == [TRANSCRIPT_BLOCK]
    assert warnings(response) == AUDIO_WARNINGS
    assert response.stop_reason == "stop"
    # The SDK's own object, dumped, reads the same.
    dumped = ChatCompletion.model_validate(REPLY).model_dump()
    assert to_json_value(read(dumped)) == to_json_value(response)


def test_a_streamed_audio_reply_reads_as_the_reply_does() -> None:
    stream = streamed(CHUNKS)
    assert to_json_value(stream.message)["content"] == [TRANSCRIPT_BLOCK]
    assert warnings(stream) == AUDIO_WARNINGS
    assert stream.stop_reason == "stop"
    # The chunks given as decoded dicts read the same.
    as_data = OpenAIChatStream([*CHUNKS, b"data: [DONE]\n\n"], request_id="request-1").result()
    assert to_json_value(as_data) == to_json_value(stream)


def test_the_sdks_accumulated_completion_reads_as_the_stream() -> None:
    state = ChatCompletionStreamState()
    for event in CHUNKS:
        state.handle_chunk(ChatCompletionChunk.model_validate(event))
    accumulated = state.get_final_completion().model_dump()
    assert accumulated["choices"][0]["message"]["audio"] == AUDIO
    reply = read(accumulated)
    stream = streamed(CHUNKS)
    assert to_json_value(reply.message)["content"] == to_json_value(stream.message)["content"]
    assert warnings(reply) == warnings(stream) == AUDIO_WARNINGS


def test_content_beside_a_transcript_comes_first_and_both_are_kept() -> None:
    reply = copy.deepcopy(REPLY)
    reply["choices"][0]["message"]["content"] = "Here: "
    text = "Here: " + AUDIO["transcript"]
    assert to_json_value(read(reply).message)["content"] == [{"type": "text", "text": text}]
    stream = streamed([chunk({"content": "Here: "}), *CHUNKS[1:]])
    assert to_json_value(stream.message)["content"] == [{"type": "text", "text": text}]


def test_an_audio_key_nobody_declared_is_warned_at_its_path() -> None:
    reply = copy.deepcopy(REPLY)
    reply["choices"][0]["message"]["audio"] = {"transcript": "hi", "format": "wav"}
    response = read(reply)
    assert to_json_value(response.message)["content"] == [{"type": "text", "text": "hi"}]
    assert [(w.code, w.path) for w in response.warnings] == [
        ("PART_NOT_READ", "/choices/0/message/audio/format")
    ]
    stream = streamed([chunk({"audio": {"transcript": "hi", "format": "wav"}}), chunk({}, "stop")])
    assert [(w.code, w.path) for w in stream.warnings] == [
        ("PART_NOT_READ", "/choices/0/message/audio/format")
    ]


def test_the_empty_audio_of_go_based_servers_is_neither_text_nor_a_warning() -> None:
    empty = {"data": "", "expires_at": 0, "id": "", "transcript": ""}
    reply = copy.deepcopy(REPLY)
    reply["choices"][0]["message"].update(content="4", audio=empty)
    response = read(reply)
    assert to_json_value(response.message)["content"] == [{"type": "text", "text": "4"}]
    assert response.warnings == ()


@pytest.mark.parametrize("audio", ["UklGRg==", ["x"], {"transcript": 5}])
def test_audio_not_of_its_declared_shape_is_refused_with_its_path(audio: Any) -> None:
    reply = copy.deepcopy(REPLY)
    reply["choices"][0]["message"]["audio"] = audio
    with pytest.raises(ProviderError) as caught:
        read(reply)
    assert caught.value.code == ProviderErrorCode.PROVIDER_INVALID_EVENT
    assert "/choices/0/message/audio" in str(caught.value)


def test_a_transcript_after_the_finish_is_refused_but_a_late_expiry_is_warned() -> None:
    late_expiry = streamed([*CHUNKS[:5], chunk({}, "stop"), CHUNKS[5]])
    assert warnings(late_expiry) == AUDIO_WARNINGS
    with pytest.raises(ProviderError) as caught:
        streamed([*CHUNKS[:2], chunk({}, "stop"), CHUNKS[2]])
    assert caught.value.code == ProviderErrorCode.PROVIDER_INVALID_EVENT
    assert "/choices/0/delta/audio/transcript after finish_reason 'stop'" in str(caught.value)
