"""The SSE decoder gives the same events however the body is cut (issue 20: a blank LF
line after a CRLF field line split between its CR and LF was dropped).

The SSE decoder's documented rules, one by one (the module docstring of
``agent_ir.wire._sse`` and the WHATWG event-stream format it follows): these pin what
``mutation/run.py``'s ``sse`` group changes.
"""

from __future__ import annotations

import pytest

from agent_ir.wire import OpenAIChatStream
from agent_ir.wire._sse import SseDecoder, SseEvent, SseNotUtf8, SseTooLarge

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


def decoded_pieces(*pieces: bytes) -> list[SseEvent]:
    return decoded(list(pieces))


def test_feed_returns_each_event_as_soon_as_its_blank_line_comes() -> None:
    decoder = SseDecoder()
    assert decoder.feed(b"data: a\n") == []
    assert decoder.feed(b"\n") == [SseEvent("message", "a")]
    assert decoder.feed(b"data: b\n\ndata: c\n\n") == [
        SseEvent("message", "b"),
        SseEvent("message", "c"),
    ]
    assert decoder.end() == []


@pytest.mark.parametrize("end", [b"\n", b"\r", b"\r\n"])
def test_every_line_end_ends_a_line_and_a_pair_of_them_an_event(end: bytes) -> None:
    body = b"event: e" + end + b"data: 1" + end + b"data: 2" + end + end + b"data: 3" + end + end
    assert decoded_pieces(body) == [SseEvent("e", "1\n2"), SseEvent("message", "3")]


def test_data_lines_of_one_event_are_joined_with_a_newline_and_keep_blank_lines() -> None:
    assert decoded_pieces(b"data: a\ndata\ndata:\ndata: b\n\n") == [SseEvent("message", "a\n\n\nb")]


def test_one_leading_space_of_a_value_is_dropped_and_any_other_is_kept() -> None:
    assert decoded_pieces(b"data:x\n\ndata:  y \n\nevent:  e\ndata: z\n\n") == [
        SseEvent("message", "x"),
        SseEvent("message", " y "),
        SseEvent(" e", "z"),
    ]


def test_a_value_may_hold_colons() -> None:
    assert decoded_pieces(b'data: {"a": "b:c"}\n\n') == [SseEvent("message", '{"a": "b:c"}')]


def test_comments_id_retry_and_unknown_fields_are_ignored() -> None:
    body = b": comment\nid: 7\nretry: 100\nfoo: bar\ndata: x\n: another\n\n"
    assert decoded_pieces(body) == [SseEvent("message", "x")]


def test_a_comment_line_alone_is_no_event_and_no_data() -> None:
    assert decoded_pieces(b": data: x\n\n") == []
    assert decoded_pieces(b":\n\ndata: y\n\n") == [SseEvent("message", "y")]


def test_an_event_name_without_data_is_forgotten_at_its_blank_line() -> None:
    # WHATWG: a blank line with no data resets the event type.
    assert decoded_pieces(b"event: lonely\n\ndata: x\n\n") == [SseEvent("message", "x")]


def test_the_event_name_of_one_event_does_not_carry_over_to_the_next() -> None:
    assert decoded_pieces(b"event: first\ndata: 1\n\ndata: 2\n\n") == [
        SseEvent("first", "1"),
        SseEvent("message", "2"),
    ]


def test_the_last_event_set_wins_within_one_event() -> None:
    assert decoded_pieces(b"event: a\nevent: b\ndata: x\n\n") == [SseEvent("b", "x")]


def test_an_empty_event_name_reads_as_message() -> None:
    assert decoded_pieces(b"event:\ndata: x\n\n") == [SseEvent("message", "x")]


@pytest.mark.parametrize(
    "body",
    [b"data: last", b"data: last\n", b"data: last\r", b"data: last\r\n"],
)
def test_end_returns_the_unfinished_last_event(body: bytes) -> None:
    decoder = SseDecoder()
    assert decoder.feed(body) == []
    assert decoder.end() == [SseEvent("message", "last")]


def test_end_reads_the_unended_last_line_with_the_event_name_before_it() -> None:
    decoder = SseDecoder()
    assert decoder.feed(b"data: 1\n\nevent: e\ndata: 2") == [SseEvent("message", "1")]
    assert decoder.end() == [SseEvent("e", "2")]


def test_end_after_an_unended_blank_or_comment_line_gives_nothing_more() -> None:
    decoder = SseDecoder()
    assert decoder.feed(b"data: 1\n\n: tail") == [SseEvent("message", "1")]
    assert decoder.end() == []
    assert SseDecoder().end() == []


def test_a_line_split_over_many_chunks_is_one_line() -> None:
    assert decoded_pieces(b"da", b"ta", b": he", b"llo", b"\n", b"\n") == [
        SseEvent("message", "hello")
    ]
    decoder = SseDecoder()
    assert decoder.feed(b"data: a") == []
    assert decoder.feed(b"b") == []
    assert decoder.feed(b"c\n\ndata: d") == [SseEvent("message", "abc")]
    assert decoder.end() == [SseEvent("message", "d")]


def test_a_multibyte_character_split_between_chunks_is_decoded_whole() -> None:
    body = "data: é€😀\n\n".encode()
    for cut in range(1, len(body)):
        assert decoded_pieces(body[:cut], body[cut:]) == [SseEvent("message", "é€😀")], cut


def test_a_leading_byte_order_mark_is_skipped_even_split_and_after_empty_chunks() -> None:
    bom = "\ufeff".encode()
    assert decoded_pieces(bom + b"data: x\n\n") == [SseEvent("message", "x")]
    assert decoded_pieces(b"", bom[:1], bom[1:], b"event: e\ndata: x\n\n") == [SseEvent("e", "x")]
    # Without the skip, the first line's field name would be "\ufeffevent".


def test_only_the_leading_byte_order_mark_is_skipped() -> None:
    bom = "\ufeff".encode()
    assert decoded_pieces(b"data: x\n\n" + bom + b"event: e\ndata: y\n\n") == [
        SseEvent("message", "x"),
        SseEvent("message", "y"),  # "\ufeffevent" is an unknown field
    ]
    assert decoded_pieces(b"data: x", bom + b"y\n\n") == [SseEvent("message", "x\ufeffy")]


def test_a_cr_at_the_end_of_a_chunk_then_lf_is_one_line_end() -> None:
    decoder = SseDecoder()
    assert decoder.feed(b"data: a\r") == []
    assert decoder.feed(b"\ndata: b\r") == []
    assert decoder.feed(b"\n\r") == [SseEvent("message", "a\nb")]  # a CR alone ends a line
    assert decoder.feed(b"\n") == []  # the LF of that CRLF: no second blank line
    assert decoder.end() == []


def test_an_lf_in_a_later_chunk_is_a_line_end_unless_a_cr_ended_the_chunk_before() -> None:
    decoder = SseDecoder()
    assert decoder.feed(b"data: a\n") == []
    assert decoder.feed(b"\n") == [SseEvent("message", "a")]
    decoder = SseDecoder()
    assert decoder.feed(b"data: a\r") == []
    assert decoder.feed(b"") == []  # an empty chunk changes nothing
    assert decoder.feed(b"\n") == []
    assert decoder.feed(b"\n") == [SseEvent("message", "a")]


def test_a_cr_earlier_in_a_chunk_does_not_swallow_the_next_chunks_lf() -> None:
    decoder = SseDecoder()
    assert decoder.feed(b"data: a\r\rdata: b\n") == [SseEvent("message", "a")]
    assert decoder.feed(b"\n") == [SseEvent("message", "b")]


def test_bytes_that_are_not_utf8_raise_sse_not_utf8() -> None:
    with pytest.raises(SseNotUtf8):
        SseDecoder().feed(b"data: \xff\n\n")
    decoder = SseDecoder()
    assert decoder.feed(b"data: \xc3") == []  # the start of a two-byte character
    with pytest.raises(SseNotUtf8) as caught:
        decoder.end()
    assert caught.value.events == []


def test_an_events_data_of_exactly_the_limit_is_read_and_one_byte_more_refused() -> None:
    # Two data lines join with a newline: 6 + 1 + 5 = 12 bytes of data; each line (12
    # and 11 bytes with its "data: ") is within the limit itself.
    exact = SseDecoder(max_event_bytes=12)
    assert exact.feed(b"data: 123456\ndata: 12345\n\n") == [SseEvent("message", "123456\n12345")]
    # The count starts again after each event.
    assert exact.feed(b"data: 123456\ndata: 12345\n\n") == [SseEvent("message", "123456\n12345")]
    with pytest.raises(SseTooLarge) as caught:
        SseDecoder(max_event_bytes=12).feed(b"data: 123456\ndata: 123456\n\n")
    assert str(caught.value) == "the data of an event is over 12 bytes (max_event_bytes)"
    # Five one-byte lines: 9 bytes joined by their newlines, 5 without them.
    with pytest.raises(SseTooLarge, match="the data of an event"):
        SseDecoder(max_event_bytes=8).feed(b"data: 1\n" * 5 + b"\n")
