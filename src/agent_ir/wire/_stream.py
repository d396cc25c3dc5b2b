"""A provider's event stream as a ``ModelStream``: the raw events are translated into
the normalized transport records (``schemas/v1/provider-fixture.schema.json``) and the
fixture adapter's ``RecordStream`` parses those, so every provider stream keeps the same
terminal discipline: exactly one terminal, nothing after it, a missing terminal is
PROVIDER_MISSING_TERMINAL after the chunks already emitted, cancellation closes the
source.

``source`` is an async iterable of raw server-sent-event bytes in any chunking, or of
already-decoded events (each the JSON object of one event's data), or a mix. A
``Translator`` (one per provider) turns each event into records. Failures:

* bytes that are not UTF-8, event data that is not JSON, an item that is neither bytes
  nor an event object, and whatever the translator refuses: PROVIDER_INVALID_EVENT;
* the source itself failing (a dropped connection): PROVIDER_TRANSPORT_ERROR;
* an error the provider reports in the stream: PROVIDER_TRANSPORT_ERROR with its code.

``record_index`` counts the normalized records (the message says which provider event).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Iterable
from typing import Any, Protocol

from agent_ir._errors import JsonValueError, describe_error
from agent_ir._jsoncopy import copy_json
from agent_ir._text import non_empty_id
from agent_ir.providers.protocol import ModelStream, ProviderError, ProviderErrorCode
from agent_ir.providers.stream import RecordStream
from agent_ir.wire._sse import SseDecoder

__all__ = ["DONE", "StreamEventError", "Translator", "wire_stream"]

Record = dict[str, Any]
DONE: Any = type("Done", (), {"__repr__": lambda self: "DONE"})()
"""The data of an OpenAI ``data: [DONE]`` event."""


class StreamEventError(Exception):
    """Raised by a translator for an event it cannot take: PROVIDER_INVALID_EVENT."""


class Translator(Protocol):
    """One provider's events -> normalized records, in order."""

    def event(self, name: str | None, data: Any) -> Iterable[Record]:
        """The records of one event: ``name`` is its SSE ``event`` field (None for an
        already-decoded event), ``data`` its JSON data as plain builtins, or ``DONE``."""
        ...

    def end(self) -> Iterable[Record]:
        """The records owed when the source ends (none, mostly)."""
        ...


def wire_stream(
    function: str,
    source: object,
    translator: Translator,
    *,
    request_id: object,
    cancel: object = None,
) -> ModelStream:
    """The ``ModelStream`` of ``source`` read through ``translator``; ``TypeError`` for
    a blank ``request_id`` or a ``cancel`` that is not an ``asyncio.Event``."""
    if not non_empty_id(request_id):
        raise TypeError(f"{function}: request_id must be a non-empty str, not {request_id!r}")
    if cancel is not None and not isinstance(cancel, asyncio.Event):
        raise TypeError(
            f"{function}: cancel must be an asyncio.Event or None, not {type(cancel).__name__}"
        )
    assert isinstance(request_id, str)
    records = _records(source, translator)
    return RecordStream.from_source(request_id, records, cancel, own_errors=True)


async def _records(source: object, translator: Translator) -> AsyncIterator[Record]:
    reader = _Reader(translator)
    try:
        iterator: Any = aiter(source)  # type: ignore[arg-type]
    except Exception as error:
        reason = f"the source is not an async iterable ({describe_error(error)})"
        raise _transport(0, reason) from None
    try:
        while True:
            try:
                item = await anext(iterator)
            except StopAsyncIteration:
                break
            except Exception as error:  # the connection, whatever it raises
                reason = f"the stream failed: {describe_error(error)}"
                raise _transport(reader.emitted, reason) from None
            for record in reader.item(item):
                reader.emitted += 1
                yield record
        for record in reader.end():
            reader.emitted += 1
            yield record
    finally:
        closer = getattr(iterator, "aclose", None)
        if closer is not None:
            with contextlib.suppress(Exception):  # its failure to close changes nothing
                await closer()


class _Reader:
    """Decodes items into events and hands them to the translator, numbering both."""

    def __init__(self, translator: Translator) -> None:
        self.translator = translator
        self.sse = SseDecoder()
        self.events = 0
        self.emitted = 0

    def item(self, item: object) -> list[Record]:
        if isinstance(item, bytes | bytearray | memoryview):
            try:
                events = self.sse.feed(bytes(item))
            except UnicodeDecodeError as error:
                raise self._invalid(f"the stream is not UTF-8 ({error.reason})") from None
            return [r for name, data in events for r in self._event(name, self._data(data))]
        if issubclass(type(item), dict):
            try:
                event = copy_json(item, transport=True)
            except JsonValueError as error:
                raise self._invalid(f"the event is not JSON data ({error})") from None
            return self._event(None, event)
        raise self._invalid(
            f"an item of the source is {type(item).__name__}, not bytes or an event"
        )

    def end(self) -> list[Record]:
        try:
            events = self.sse.end()
        except UnicodeDecodeError as error:
            raise self._invalid(f"the stream is not UTF-8 ({error.reason})") from None
        records = [r for name, data in events for r in self._event(name, self._data(data))]
        try:
            records.extend(self.translator.end())
        except StreamEventError as error:
            raise self._invalid(str(error)) from None
        return records

    def _data(self, text: str) -> Any:
        if text.strip() == "[DONE]":
            return DONE
        try:
            return json.loads(text)
        except (ValueError, RecursionError):
            raise self._invalid(f"event {self.events} data is not JSON: {text[:80]!r}") from None

    def _event(self, name: str | None, data: Any) -> list[Record]:
        self.events += 1
        try:
            return list(self.translator.event(name, data))
        except StreamEventError as error:
            raise self._invalid(f"event {self.events - 1}: {error}") from None

    def _invalid(self, reason: str) -> ProviderError:
        code = ProviderErrorCode.PROVIDER_INVALID_EVENT
        return ProviderError(code, reason, record_index=self.emitted)


def _transport(index: int, reason: str) -> ProviderError:
    code = ProviderErrorCode.PROVIDER_TRANSPORT_ERROR
    return ProviderError(code, reason, record_index=index)
