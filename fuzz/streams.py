"""The provider stream targets: ``openai_chat_stream``, ``openai_responses_stream``,
``anthropic_stream`` and ``gemini_stream``. Importable without atheris.

An input is ``SSE bytes, NUL, cut bytes`` (split at the last NUL byte; without one the
whole input is the body and there are no cut bytes). The cut bytes choose a chunking of
the body: each is the length of the next piece (0 is 1), used in turn until the body
is consumed. The oracle, per input:

* the sync class over the whole body and over the chosen chunking, and the async class
  over the chosen chunking, give the same outcome: the same chunks (as JSON) then the
  same ``ModelResponse`` (as JSON), or the same ``ProviderError`` (code, provider code,
  record index); a body of at most ``BYTEWISE_LIMIT`` bytes is also read one byte at a
  time (the finest chunking);
* nothing but ``ProviderError`` comes out of iteration or ``result()``, its code in
  ``STREAM_CODES`` (a byte stream with no cancel event cannot be cancelled, exhausted or
  a fixture); ``result()`` after iteration gives the same response, or raises the same
  error instance;
* the stream ends at its terminal event (``agent_ir.wire._stream``: "nothing after it is
  read, whether it came in the same network chunk or never comes"): when the whole body
  settles the stream before the source ends, the source is not read again, and the
  same body followed by junk, in a chunk of its own or in the same chunk, gives the
  same outcome;
* every call takes at most ``fuzz.targets.TIME_LIMIT`` seconds.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

from agent_ir import ProviderError, ProviderErrorCode, to_json_value
from agent_ir.wire import (
    AnthropicStream,
    AsyncAnthropicStream,
    AsyncGeminiStream,
    AsyncOpenAIChatStream,
    AsyncOpenAIResponsesStream,
    GeminiStream,
    OpenAIChatStream,
    OpenAIResponsesStream,
)

__all__ = [
    "BAD_UTF8",
    "BYTEWISE_LIMIT",
    "JUNK",
    "STREAM_CODES",
    "STREAM_TARGETS",
    "chunking",
    "split_input",
]

BYTEWISE_LIMIT = 4096
STREAM_CODES = frozenset(
    {
        ProviderErrorCode.PROVIDER_UNKNOWN_EVENT,
        ProviderErrorCode.PROVIDER_INVALID_EVENT,
        ProviderErrorCode.PROVIDER_MISSING_START,
        ProviderErrorCode.PROVIDER_DUPLICATE_START,
        ProviderErrorCode.PROVIDER_MISSING_TERMINAL,
        ProviderErrorCode.PROVIDER_DUPLICATE_TERMINAL,
        ProviderErrorCode.PROVIDER_RESPONSE_MISMATCH,
        ProviderErrorCode.PROVIDER_INVALID_TERMINAL,
        ProviderErrorCode.PROVIDER_TRANSPORT_ERROR,
    }
)
"""The codes a byte stream without a cancel event may fail with."""

JUNK = b'data: {"type": \n\ndata: [DONE]\n\nevent: error\ndata: {}\n\nevent: x\n'
"""What follows a settled body in the terminal check: not JSON, more events."""
BAD_UTF8 = b"data: \xff\xfe\n\n"
"""What follows it in a chunk of its own: not UTF-8 either (in the same chunk, that
is finding S1, which ``test_fuzz_harness`` pins)."""

REQUEST_ID = "request-fuzz"
Outcome = dict[str, Any]


def split_input(data: bytes) -> tuple[bytes, bytes]:
    """(body, cut bytes) of a stream input."""
    body, separator, cuts = data.rpartition(b"\0")
    return (body, cuts) if separator else (data, b"")


def chunking(body: bytes, cuts: bytes) -> list[bytes]:
    """``body`` in the pieces ``cuts`` chooses (one piece without cuts)."""
    if not cuts:
        return [body]
    pieces: list[bytes] = []
    start = turn = 0
    while start < len(body):
        size = max(1, cuts[turn % len(cuts)])
        pieces.append(body[start : start + size])
        start += size
        turn += 1
    return pieces


class _Source:
    """A sync source of ``items`` that counts the items it gave (``given``), records
    whether it was asked for more after its last one (``read_past``), and whether it
    was asked for anything once its ``stream`` had settled (``past_settled``)."""

    def __init__(self, items: list[Any]) -> None:
        self.items = items
        self.given = 0
        self.read_past = False
        self.past_settled = False
        self.stream: Any = None

    def _settled(self) -> bool:
        return self.stream is not None and self.stream._reading.settled  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[Any]:
        for item in self.items:
            self.past_settled |= self._settled()
            self.given += 1
            yield item
        self.past_settled |= self._settled()
        self.read_past = True


def _sync_outcome(stream_class: type[Any], source: Any, how: str) -> Outcome:
    from fuzz.targets import OracleFailure, _check_time

    started = time.perf_counter()
    stream = stream_class(source, request_id=REQUEST_ID)
    if isinstance(source, _Source):
        source.stream = stream
    chunks: list[Any] = []
    try:
        for chunk in stream:
            chunks.append(to_json_value(chunk))
    except ProviderError as error:
        _check_time(f"{stream_class.__name__} ({how})", started)
        return _failed(stream_class, how, chunks, error, lambda: stream.result())
    except Exception as error:
        raise OracleFailure(
            f"{stream_class.__name__} raised {type(error).__name__}", f"{how}: {error!r}"[:300]
        ) from None
    response = _result(stream_class, how, lambda: stream.result())
    _check_time(f"{stream_class.__name__} ({how})", started)
    return {"chunks": chunks, "response": response}


def _failed(
    stream_class: type[Any],
    how: str,
    chunks: list[Any],
    error: ProviderError,
    result: Callable[[], Any],
) -> Outcome:
    from fuzz.targets import OracleFailure

    name = stream_class.__name__
    if error.code not in STREAM_CODES:
        raise OracleFailure(f"{name} failed with {error.code.value}", f"{how}: {error!r}"[:300])
    try:
        result()
    except ProviderError as again:
        if again is not error:
            raise OracleFailure(f"{name}: result() and iteration fail differently", how) from None
    except Exception as other:
        raise OracleFailure(f"{name} raised {type(other).__name__}", f"{how}: {other!r}") from None
    else:
        raise OracleFailure(f"{name}: result() succeeds after iteration failed", how)
    return {"chunks": chunks, "error": _error(error)}


def _result(stream_class: type[Any], how: str, result: Callable[[], Any]) -> Any:
    from fuzz.targets import OracleFailure

    try:
        return to_json_value(result())
    except Exception as error:
        raise OracleFailure(
            f"{stream_class.__name__}: result() raised {type(error).__name__} after iteration",
            f"{how}: {error!r}"[:300],
        ) from None


def _error(error: ProviderError) -> dict[str, Any]:
    return {
        "code": error.code.value,
        "providerCode": error.provider_code,
        "recordIndex": error.record_index,
    }


async def _async_items(items: list[bytes]) -> AsyncIterator[bytes]:
    for item in items:
        yield item


async def _async_outcome(stream_class: type[Any], items: list[bytes], how: str) -> Outcome:
    from fuzz.targets import OracleFailure, _check_time

    started = time.perf_counter()
    stream = stream_class(_async_items(items), request_id=REQUEST_ID)
    chunks: list[Any] = []
    try:
        async for chunk in stream:
            chunks.append(to_json_value(chunk))
    except ProviderError as error:
        _check_time(f"{stream_class.__name__} ({how})", started)
        outcome = await _async_failed(stream_class, how, chunks, error, stream)
        return outcome
    except Exception as error:
        raise OracleFailure(
            f"{stream_class.__name__} raised {type(error).__name__}", f"{how}: {error!r}"[:300]
        ) from None
    try:
        response = to_json_value(await stream.result())
    except Exception as error:
        raise OracleFailure(
            f"{stream_class.__name__}: result() raised {type(error).__name__} after iteration",
            f"{how}: {error!r}"[:300],
        ) from None
    _check_time(f"{stream_class.__name__} ({how})", started)
    return {"chunks": chunks, "response": response}


async def _async_failed(
    stream_class: type[Any], how: str, chunks: list[Any], error: ProviderError, stream: Any
) -> Outcome:
    try:
        await stream.result()
    except ProviderError as again:
        same = again
    except Exception as other:
        same = other
    else:
        same = None

    def replay() -> Any:
        if same is None:
            return None
        raise same

    return _failed(stream_class, how, chunks, error, replay)


_loop: asyncio.AbstractEventLoop | None = None


def _run(coroutine: Any) -> Any:
    global _loop
    if _loop is None:
        _loop = asyncio.new_event_loop()
    return _loop.run_until_complete(coroutine)


def _compare(name: str, how: str, got: Outcome, want: Outcome, shown: bytes) -> None:
    """``got`` must be ``want``; a failure is tagged with the known causes ``shown``
    (the bytes read) shows."""
    from fuzz import known
    from fuzz.targets import OracleFailure, _tagged

    if got == want:
        return
    if got["chunks"] != want["chunks"]:
        what = "chunks"
    elif "error" in got and "error" in want:
        what = "error"
    else:
        what = "outcome"
    with _tagged(known.stream_causes, shown):
        raise OracleFailure(
            f"{name}: {how} gives other {what} than the whole body",
            f"{_short(got)} != {_short(want)}",
        )


def _short(outcome: Outcome) -> str:
    return repr(outcome)[:400]


def check_stream(sync_class: type[Any], async_class: type[Any], data: bytes) -> None:
    """The oracle of the module docstring for one provider's pair of classes."""
    from fuzz.targets import OracleFailure

    name = sync_class.__name__
    body, cuts = split_input(data)
    whole_source = _Source([body])
    whole = _sync_outcome(sync_class, whole_source, "whole body")
    if whole_source.past_settled:
        raise OracleFailure(f"{name} read past the event that settled it", _short(whole))
    pieces = chunking(body, cuts)
    chosen = _sync_outcome(sync_class, pieces, f"{len(pieces)} pieces")
    _compare(name, "the chosen chunking", chosen, whole, body)
    if len(body) <= BYTEWISE_LIMIT:
        bytewise = [body[index : index + 1] for index in range(len(body))]
        _compare(
            name, "one byte at a time", _sync_outcome(sync_class, bytewise, "1-byte"), whole, body
        )
    asynchronous = _run(_async_outcome(async_class, pieces, f"{len(pieces)} pieces, async"))
    _compare(async_class.__name__, "the async class", asynchronous, whole, body)
    if whole_source.read_past:
        return  # the body did not settle the stream: the source's end did
    # Settled inside the body (its terminal, or a failure): what follows is not read.
    followed = _Source([body, BAD_UTF8 + JUNK])
    after = _sync_outcome(sync_class, followed, "junk in the next chunk")
    if followed.given != 1 or followed.past_settled:
        raise OracleFailure(f"{name} read past the event that settled it", _short(whole))
    _compare(name, "junk in the next chunk after it settled", after, whole, body)
    same = _sync_outcome(sync_class, [body + JUNK], "junk in the same chunk")
    _compare(name, "junk in the same chunk after it settled", same, whole, body + JUNK)


def openai_chat_stream(data: bytes) -> None:
    """``OpenAIChatStream`` / ``AsyncOpenAIChatStream`` over SSE bytes in the chunking
    the input chooses; see the module docstring."""
    check_stream(OpenAIChatStream, AsyncOpenAIChatStream, data)


def openai_responses_stream(data: bytes) -> None:
    """``OpenAIResponsesStream`` / ``AsyncOpenAIResponsesStream``; see the module docstring."""
    check_stream(OpenAIResponsesStream, AsyncOpenAIResponsesStream, data)


def anthropic_stream(data: bytes) -> None:
    """``AnthropicStream`` / ``AsyncAnthropicStream``; see the module docstring."""
    check_stream(AnthropicStream, AsyncAnthropicStream, data)


def gemini_stream(data: bytes) -> None:
    """``GeminiStream`` / ``AsyncGeminiStream``; see the module docstring."""
    check_stream(GeminiStream, AsyncGeminiStream, data)


STREAM_TARGETS: dict[str, Callable[[bytes], None]] = {
    "openai_chat_stream": openai_chat_stream,
    "openai_responses_stream": openai_responses_stream,
    "anthropic_stream": anthropic_stream,
    "gemini_stream": gemini_stream,
}
