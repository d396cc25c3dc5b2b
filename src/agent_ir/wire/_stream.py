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

Reading an event's fields: every translator reads them with the ``field_*`` and
``optional_*`` readers below, so that a missing or ill-typed field is always refused
(PROVIDER_INVALID_EVENT) in one wording that names the event type, the field (a JSON
pointer into the event's data), what it must be and what it is::

    content_block_delta /delta/partial_json must be a string; it is a number (1)
    message_start /message/id must be a non-empty string; it is missing
    response.created /response must be an object; it is null

``field_error`` builds that refusal for a check of the translator's own.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Iterable
from typing import Any, Protocol

from agent_ir._errors import JsonValueError, describe_error
from agent_ir._jsoncopy import WRITABLE_INT, copy_json
from agent_ir._text import non_empty_id
from agent_ir.replies.protocol import ModelStream, ProviderError, ProviderErrorCode
from agent_ir.replies.stream import RecordStream
from agent_ir.wire._sse import SseDecoder

__all__ = [
    "DONE",
    "StreamEventError",
    "Translator",
    "describe_json",
    "field_count",
    "field_error",
    "field_name",
    "field_object",
    "field_string",
    "optional_array",
    "optional_count",
    "optional_object",
    "optional_string",
    "wire_stream",
]

Record = dict[str, Any]
DONE: Any = type("Done", (), {"__repr__": lambda self: "DONE"})()
"""The data of an OpenAI ``data: [DONE]`` event."""


class StreamEventError(Exception):
    """Raised by a translator for an event it cannot take: PROVIDER_INVALID_EVENT, or
    the ``code`` given (PROVIDER_UNKNOWN_EVENT, PROVIDER_MISSING_START, ...)."""

    def __init__(
        self, reason: str, code: ProviderErrorCode = ProviderErrorCode.PROVIDER_INVALID_EVENT
    ) -> None:
        super().__init__(reason)
        self.code = code


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


async def _records(source: object, translator: Translator) -> AsyncIterator[list[Record]]:
    """The records of each item of ``source``, one list per item: the records of the
    events before a refused one still arrive, and the failure's ``record_index`` is the
    number of records before it, however the bytes were chunked."""
    reader = _Reader(translator)
    try:
        iterator: Any = aiter(source)  # type: ignore[arg-type]
    except Exception as error:
        reason = f"the source is not an async iterable ({describe_error(error)})"
        raise _failure(ProviderErrorCode.PROVIDER_TRANSPORT_ERROR, 0, reason) from None
    try:
        while True:
            try:
                item = await anext(iterator)
            except StopAsyncIteration:
                break
            except Exception as error:  # the connection, whatever it raises
                reason = f"the stream failed: {describe_error(error)}"
                code = ProviderErrorCode.PROVIDER_TRANSPORT_ERROR
                raise _failure(code, reader.emitted, reason) from None
            batch = reader.item(item)
            if batch:
                yield batch
            reader.raise_failure()
        batch = reader.end()
        if batch:
            yield batch
        reader.raise_failure()
    finally:
        closer = getattr(iterator, "aclose", None)
        if closer is not None:
            with contextlib.suppress(Exception):  # its failure to close changes nothing
                await closer()


class _Reader:
    """Decodes items into events and hands them to the translator, numbering both. A
    refused event stops the batch: ``failure`` holds it until the records before it
    were handed on."""

    def __init__(self, translator: Translator) -> None:
        self.translator = translator
        self.sse = SseDecoder()
        self.events = 0
        self.emitted = 0
        self.failure: tuple[ProviderErrorCode, str] | None = None

    def raise_failure(self) -> None:
        if self.failure is not None:
            code, reason = self.failure
            raise _failure(code, self.emitted, reason)

    def item(self, item: object) -> list[Record]:
        if isinstance(item, bytes | bytearray | memoryview):
            try:
                events = self.sse.feed(bytes(item))
            except UnicodeDecodeError as error:
                return self._refuse(f"the stream is not UTF-8 ({error.reason})")
            return self._events(events)
        if issubclass(type(item), dict):
            try:
                event = copy_json(item, transport=True)
            except JsonValueError as error:
                return self._refuse(f"the event is not JSON data ({error})")
            return self._translated([(None, event)])
        return self._refuse(
            f"an item of the source is {type(item).__name__}, not bytes or an event"
        )

    def end(self) -> list[Record]:
        try:
            events = self.sse.end()
        except UnicodeDecodeError as error:
            return self._refuse(f"the stream is not UTF-8 ({error.reason})")
        records = self._events(events)
        if self.failure is not None:
            return records
        try:
            owed = list(self.translator.end())
        except StreamEventError as error:
            self.failure = (error.code, str(error))
            return records
        self.emitted += len(owed)
        return records + owed

    def _events(self, events: list[Any]) -> list[Record]:
        parsed: list[tuple[str | None, Any]] = []
        for name, text in events:
            data = self._data(text)
            if data is _BAD:
                records = self._translated(parsed)
                if self.failure is None:
                    self.failure = (
                        ProviderErrorCode.PROVIDER_INVALID_EVENT,
                        f"event {self.events} data is not JSON: {text[:80]!r}",
                    )
                return records
            parsed.append((name, data))
        return self._translated(parsed)

    def _data(self, text: str) -> Any:
        if text.strip() == "[DONE]":
            return DONE
        try:
            return json.loads(text)
        except (ValueError, RecursionError):
            return _BAD

    def _translated(self, events: list[tuple[str | None, Any]]) -> list[Record]:
        records: list[Record] = []
        for name, data in events:
            try:
                found = list(self.translator.event(name, data))
            except StreamEventError as error:
                self.failure = (error.code, f"event {self.events}: {error}")
                break
            finally:
                self.events += 1
            records.extend(found)
        self.emitted += len(records)
        return records

    def _refuse(self, reason: str) -> list[Record]:
        self.failure = (ProviderErrorCode.PROVIDER_INVALID_EVENT, reason)
        return []


_BAD: Any = object()


def _failure(code: ProviderErrorCode, index: int, reason: str) -> ProviderError:
    return ProviderError(code, reason, record_index=index)


# --- reading an event's fields ------------------------------------------------------------
#
# ``value`` is the object holding the field, ``key`` the field's name, ``event`` the
# event's type (how the refusal names the event) and ``at`` the JSON pointer of
# ``value`` in the event's data ("" for the data itself, "/delta" for its ``delta``).
# The reader returns the field's value, or raises ``field_error``'s refusal.

_EXCERPT = 40


def field_object(value: dict[str, Any], key: str, event: str, at: str = "") -> dict[str, Any]:
    """``value[key]``, a JSON object."""
    found = value.get(key)
    if type(found) is dict:
        return found
    raise field_error(value, key, event, at, "an object")


def field_string(value: dict[str, Any], key: str, event: str, at: str = "") -> str:
    """``value[key]``, a string (empty included)."""
    found = value.get(key)
    if type(found) is str:
        return found
    raise field_error(value, key, event, at, "a string")


def field_name(value: dict[str, Any], key: str, event: str, at: str = "") -> str:
    """``value[key]``, a string that is not empty or blank (an id, a name, a code)."""
    found = value.get(key)
    if type(found) is str and non_empty_id(found):
        return found
    raise field_error(value, key, event, at, "a non-empty string")


def field_count(value: dict[str, Any], key: str, event: str, at: str = "") -> int:
    """``value[key]``, an integer >= 0 (not a boolean, not 1.0)."""
    found = value.get(key)
    if type(found) is int and found >= 0:
        return found
    raise field_error(value, key, event, at, "an integer >= 0")


def optional_string(value: dict[str, Any], key: str, event: str, at: str = "") -> str | None:
    """``value[key]``, a string; ``None`` when it is absent or null."""
    found = value.get(key)
    if found is None or type(found) is str:
        return found
    raise field_error(value, key, event, at, "a string or null")


def optional_object(
    value: dict[str, Any], key: str, event: str, at: str = ""
) -> dict[str, Any] | None:
    """``value[key]``, a JSON object; ``None`` when it is absent or null."""
    found = value.get(key)
    if found is None or type(found) is dict:
        return found
    raise field_error(value, key, event, at, "an object or null")


def optional_array(value: dict[str, Any], key: str, event: str, at: str = "") -> list[Any] | None:
    """``value[key]``, a JSON array; ``None`` when it is absent or null."""
    found = value.get(key)
    if found is None or type(found) is list:
        return found
    raise field_error(value, key, event, at, "an array or null")


def optional_count(value: dict[str, Any], key: str, event: str, at: str = "") -> int | None:
    """``value[key]``, an integer >= 0; ``None`` when it is absent or null."""
    found = value.get(key)
    if found is None or (type(found) is int and found >= 0):
        return found
    raise field_error(value, key, event, at, "an integer >= 0 or null")


def field_error(
    value: dict[str, Any] | list[Any], key: str | int, event: str, at: str, expected: str
) -> StreamEventError:
    """The refusal of ``value[key]`` (a field, or an item of an array): ``<event>
    <pointer> must be <expected>; it is <what it is>`` (``missing``, ``null``, ``a
    number (1.5)``, ``a string ('')``, ``an array``...), PROVIDER_INVALID_EVENT."""
    if isinstance(value, dict):
        found = describe_json(value[key]) if key in value else "missing"
    else:
        assert isinstance(key, int)
        found = describe_json(value[key]) if 0 <= key < len(value) else "missing"
    return StreamEventError(f"{event} {json_pointer(at, key)} must be {expected}; it is {found}")


def json_pointer(at: str, key: str | int) -> str:
    """``at`` (a JSON pointer) extended by ``key`` (RFC 6901: ``~`` is ``~0``, ``/`` is
    ``~1``)."""
    return f"{at}/{str(key).replace('~', '~0').replace('/', '~1')}"


def describe_json(value: object) -> str:
    """What a JSON value is, for a refusal: its type, and a scalar's value (a string's
    first characters): ``null``, ``a boolean (true)``, ``a number (-1)``, ``a string
    ('')``, ``an array``, ``an object``."""
    if value is None:
        return "null"
    if type(value) is bool:
        return f"a boolean ({'true' if value else 'false'})"
    if type(value) is int and not -WRITABLE_INT < value < WRITABLE_INT:
        # Transport data may hold an int Python refuses to write as text.
        return "a number (too many digits to write as text)"
    if type(value) is int or type(value) is float:
        return f"a number ({value!r})"
    if type(value) is str:
        excerpt = repr(value[:_EXCERPT]) + ("..." if len(value) > _EXCERPT else "")
        return f"a string ({excerpt})"
    if type(value) is list:
        return "an array"
    if type(value) is dict:
        return "an object"
    return type(value).__name__
