"""The official SDKs reading the bench's streams: the baseline each agent-ir stream is
measured against (its target: at most 2x the SDK's own accumulator).

Each SDK reads the same bytes as agent-ir, through its own client, SSE decoder, event
types and accumulator, and returns what its documented accumulating call returns:
``client.chat.completions.stream(...).get_final_completion()`` (openai),
``client.responses.stream(...).get_final_response()`` (openai),
``client.messages.stream(...).get_final_message()`` (anthropic), and for google-genai,
which has no accumulator, every chunk of ``generate_content_stream`` read. The HTTP
exchange is answered in process (``httpx.MockTransport``, the body in 64 KiB pieces, as
agent-ir is fed), so the figure is the SDK's reading and accumulating, as agent-ir's is,
not a network's. A format whose SDK is not installed is left out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import httpx2 as httpx

PIECE = 64 * 1024


def _transport(body: bytes) -> httpx.MockTransport:
    def answer(request: httpx.Request) -> httpx.Response:
        pieces = [body[start : start + PIECE] for start in range(0, len(body), PIECE)]
        return httpx.Response(
            200, headers={"content-type": "text/event-stream"}, stream=_Pieces(pieces)
        )

    return httpx.MockTransport(answer)


class _Pieces(httpx.SyncByteStream):
    def __init__(self, pieces: list[bytes]) -> None:
        self._pieces = pieces

    def __iter__(self) -> Iterator[bytes]:
        yield from self._pieces


def _openai_chat(body: bytes) -> Any:
    import openai

    client = openai.OpenAI(
        api_key="bench", max_retries=0, http_client=httpx.Client(transport=_transport(body))
    )
    with client.chat.completions.stream(
        model="m", messages=[{"role": "user", "content": "hi"}]
    ) as stream:
        return stream.get_final_completion()


def _openai_responses(body: bytes) -> Any:
    import openai

    client = openai.OpenAI(
        api_key="bench", max_retries=0, http_client=httpx.Client(transport=_transport(body))
    )
    with client.responses.stream(model="m", input="hi") as stream:
        return stream.get_final_response()


def _anthropic(body: bytes) -> Any:
    import anthropic

    client = anthropic.Anthropic(
        api_key="bench", max_retries=0, http_client=httpx.Client(transport=_transport(body))
    )
    with client.messages.stream(
        model="m", max_tokens=1024, messages=[{"role": "user", "content": "hi"}]
    ) as stream:
        return stream.get_final_message()


def _gemini(body: bytes) -> Any:
    from google import genai
    from google.genai import types

    client = genai.Client(
        api_key="bench",
        http_options=types.HttpOptions(
            base_url="http://bench.invalid",
            httpx_client=httpx.Client(transport=_transport(body)),
        ),
    )
    return list(client.models.generate_content_stream(model="m", contents="hi"))


READERS: dict[str, tuple[str, Callable[[bytes], Any]]] = {
    "openai-chat": ("openai", _openai_chat),
    "openai-responses": ("openai", _openai_responses),
    "anthropic": ("anthropic", _anthropic),
    "gemini": ("google.genai", _gemini),
}


def sdk_reader(wire_format: str, body: bytes) -> tuple[str, Callable[[], Any]] | None:
    """(a case name, the SDK reading ``body``) for ``wire_format``, or None when its SDK is
    not installed. The read is run once here, so a body the SDK cannot read fails now."""
    package, read = READERS[wire_format]
    try:
        __import__(package)
    except ImportError:
        return None
    read(body)
    return f"the official SDK's accumulator ({package})", lambda: read(body)
