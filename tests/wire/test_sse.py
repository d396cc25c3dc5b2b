"""The SSE decoder gives the same events however the body is cut (issue 20: a blank LF
line after a CRLF field line split between its CR and LF was dropped)."""

from __future__ import annotations

import pytest

from agent_ir.wire import OpenAIChatStream
from agent_ir.wire._sse import SseDecoder, SseEvent, SseNotUtf8

BODIES = [
    b"data: x\r\n\ndata: y\r\n\r\n",  # a CRLF field line, then a blank LF line
    b"data: x\r\r\nevent: e\rdata: y\n\r\n",
    b"event: a\r\ndata: 1\r\ndata: 2\r\n\r\n\r\ndata: 3\n\n",
    b": comment\r\n\r\ndata: z\r\n\n",
]


def decoded(pieces: list[bytes]) -> list[SseEvent]:
    decoder = SseDecoder()
    events: list[SseEvent] = []
    for piece in pieces:
        events += decoder.feed(piece)
    return events + decoder.end()


@pytest.mark.parametrize("body", BODIES)
def test_every_split_of_the_body_gives_the_events_of_the_whole(body: bytes) -> None:
    whole = decoded([body])
    assert decoded([bytes([byte]) for byte in body]) == whole
    for cut in range(1, len(body)):
        assert decoded([body[:cut], body[cut:]]) == whole, cut


def test_a_blank_lf_line_after_a_split_crlf_ends_the_event_at_once() -> None:
    decoder = SseDecoder()
    assert decoder.feed(b"data: x\r") == []
    assert decoder.feed(b"\n") == []
    assert decoder.feed(b"\n") == [SseEvent("message", "x")]


def test_a_chat_stream_delivered_byte_by_byte_over_mixed_line_ends_reads_its_reply() -> None:
    body = (
        b'data: {"id":"c1","choices":[{"delta":{"content":"hi"}}]}\r\n\n'
        b'data: {"id":"c1","choices":[{"delta":{},"finish_reason":"stop"}]}\r\n\n'
        b"data: [DONE]\r\n\n"
    )
    whole = OpenAIChatStream([body], request_id="r").result()
    assert OpenAIChatStream([bytes([b]) for b in body], request_id="r").result() == whole
    assert whole.message.content[0].text == "hi"  # type: ignore[union-attr]


def test_bytes_that_are_not_utf8_come_after_the_events_before_them_in_the_same_chunk() -> None:
    decoder = SseDecoder()
    with pytest.raises(SseNotUtf8) as caught:
        decoder.feed(b"data: 1\n\nevent: x\ndata: 2\n\ndata: \xff\n\n")
    assert caught.value.events == [SseEvent("message", "1"), SseEvent("x", "2")]
    assert str(caught.value) == "the stream is not UTF-8 (invalid start byte)"


def test_a_terminal_event_settles_a_stream_before_bad_bytes_in_its_chunk() -> None:
    # One chunk: a whole valid reply, then a byte that is not UTF-8. Fed byte by byte,
    # the stream settles at [DONE] and never reads the bad byte; whole, it must too.
    reply = (
        b'data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,'
        b'"delta":{"role":"assistant","content":"hi"},"finish_reason":"stop"}]}\n\n'
        b"data: [DONE]\n\n"
    )
    whole = OpenAIChatStream([reply + b"\xff\n\n"], request_id="r").result()
    bytewise = OpenAIChatStream(
        [bytes([byte]) for byte in reply + b"\xff\n\n"], request_id="r"
    ).result()
    assert whole == bytewise
    assert whole.message.text == "hi"
