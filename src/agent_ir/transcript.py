"""Transcript validation: shape per message, then tool-call linkage across messages.

``validate_transcript`` never raises (``KeyboardInterrupt`` and ``SystemExit`` aside);
``parse_transcript`` and ``loads`` return the IR or raise ``TranscriptError`` holding
every diagnostic. Valid input takes the msgspec fast path, 256 messages per call; only
a chunk the fast path refuses is inspected message by message, and only failing
messages are explained by the jsonschema reference. The linkage rules are ``_linkage``'s.

Each property is read at most once: the fast path only runs on data whose reads are not
observable (``dict``/``list``/``tuple`` and subclasses read through the base type,
exact ``str``, numbers), which one C pass (``_fastpath.is_rereadable``) establishes first.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

import msgspec

from agent_ir._diagnostics import diagnostic, ordered, transcript_diagnostic
from agent_ir._errors import JsonValueError, TranscriptError, describe_error
from agent_ir._fastpath import (
    decode_messages,
    values_valid,
)
from agent_ir._generated.diagnostic_schema import Diagnostic, DiagnosticCode
from agent_ir._generated.message_schema import Message
from agent_ir._inspect import Inspection, fast_messages, inspect_message
from agent_ir._jsoncopy import snapshot_sequence
from agent_ir._linkage import MalformedLinks, linkage, linkage_of_valid, malformed_links

__all__ = [
    "check_text",
    "diagnose",
    "loads",
    "parse_transcript",
    "validate_json",
    "validate_transcript",
]


def validate_transcript(value: object) -> tuple[Diagnostic, ...]:
    """Every problem of ``value`` as a transcript; ``()`` when it is valid.

    ``value``: a list or tuple whose entries are messages in JSON form (mappings with
    camelCase names) or IR message objects, mixed. Never raises.
    """
    try:
        return _check(value, keep=False).diagnostics
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # the contract: never raise on any input
        return (transcript_diagnostic(f"could not be validated ({type(error).__name__})"),)


def validate_json(data: object) -> tuple[Diagnostic, ...]:
    """Every problem of JSON text (``bytes``, ``bytearray``, ``memoryview`` or ``str``)
    as a transcript; ``()`` when it is valid. Never raises: text that is not JSON, not
    UTF-8 or nested beyond the parser, and any other type of ``data``, are one
    INVALID_TRANSCRIPT diagnostic."""
    return check_text(data)[1]


def check_text(data: object) -> tuple[int, tuple[Diagnostic, ...]]:
    """``validate_json``'s verdict with the number of messages read (the length of the
    array, 0 when the text is not one). Never raises, for any ``data``."""
    # type(), not isinstance(): a hostile __class__ is never read
    if not issubclass(type(data), (bytes, bytearray, memoryview, str)):
        reason = f"must be JSON text (bytes or str), not {type(data).__name__}"
        return 0, (transcript_diagnostic(reason),)
    try:
        return _verdict_of_text(_exact_text(data))
    except TranscriptError as error:
        return 0, error.diagnostics
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # the contract: never raise on any input
        return 0, (transcript_diagnostic(f"could not be validated ({type(error).__name__})"),)


def parse_transcript(value: object) -> tuple[Message, ...]:
    """The IR of a valid transcript, or ``TranscriptError`` with every diagnostic."""
    result = _check(value)
    if result.diagnostics:
        raise TranscriptError(result.diagnostics)
    return result.messages


def loads(data: bytes | bytearray | memoryview | str) -> tuple[Message, ...]:
    """``parse_transcript`` of JSON text. Malformed JSON (or text that cannot be read,
    such as a released ``memoryview``) is a ``TranscriptError`` with one
    INVALID_TRANSCRIPT diagnostic; ``data`` of another type is a ``TypeError``."""
    text = _exact_text(data)
    messages = _decode_valid(text)
    if messages is not None:
        diagnostics = ordered(linkage_of_valid(messages))
        if diagnostics:
            raise TranscriptError(diagnostics)
        return messages
    return parse_transcript(_parse_json(text))


def _decode_valid(text: bytes | str, *, keep: bool = True) -> tuple[Message, ...] | None:
    """The messages of JSON text when the fast path accepts every one of them (their
    linkage is not checked yet); None when something must be explained. ``keep=False``:
    for a verdict only (see ``decode_messages``)."""
    try:
        messages = decode_messages(text, keep=keep)
    except (msgspec.ValidationError, msgspec.DecodeError, JsonValueError, UnicodeError):
        return None  # explained from the stdlib parse (bytes that are not UTF-8, or a
        # str holding lone surrogates, raise UnicodeError here)
    except RecursionError:
        raise TranscriptError(_too_deep()) from None
    # Audio sources need their tag checked in the plain data: the stdlib parse.
    if values_valid(messages, None):
        return messages
    return None


def _verdict_of_text(text: bytes | str) -> tuple[int, tuple[Diagnostic, ...]]:
    """``validate_json``'s verdict. When the whole text is not valid, its array is split
    into each message's JSON text (in C, ``msgspec.Raw``): chunks of messages are still
    decoded by the fast path, and only a chunk holding a problem is parsed into Python
    values and checked message by message. Parsing the whole text with the stdlib
    instead made one malformed message cost 6x a valid transcript. Text whose array
    cannot be split (not JSON, not an array, lone surrogate escapes) and parts the stdlib
    reads differently are checked from one stdlib parse of the whole text, the reference
    meaning of ``validate_json``."""
    messages = _decode_valid(text, keep=False)
    if messages is not None:
        return len(messages), ordered(linkage_of_valid(messages))
    try:
        parts = _PARTS.decode(text)
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeError, RecursionError):
        parts = None
    if parts is not None:
        result = _check_parts(parts)
        if result is not None:
            return len(parts), result.diagnostics
    value = _parse_json(text)
    count = len(value) if type(value) is list else 0
    return count, _check(value, keep=False).diagnostics


_PARTS = msgspec.json.Decoder(list[msgspec.Raw])


def _check_parts(parts: list[msgspec.Raw]) -> _Result | None:
    """``_check_entries`` over each message's JSON text; None when a part the fast path
    refused is not read by the stdlib as a single JSON value (see ``_verdict_of_text``)."""
    messages: list[Message | None] = []
    malformed: dict[int, Inspection] = {}
    for start in range(0, len(parts), _CHUNK):
        chunk = parts[start : start + _CHUNK]
        converted = _decode_valid(b"[" + b",".join(chunk) + b"]", keep=False)
        if converted is not None:
            messages.extend(converted)
            continue
        try:
            entries = [_parse_json(bytes(part)) for part in chunk]
        except TranscriptError:
            return None
        _check_one_by_one(entries, start, False, messages, malformed)
    return _verdict(messages, malformed)


def _exact_text(data: Any) -> bytes | str:
    """``data`` as exact ``bytes`` or ``str`` (a subclass's methods are never called)."""
    if issubclass(type(data), str):
        return str.__str__(data)
    if not issubclass(type(data), (bytes, bytearray, memoryview)):
        raise TypeError(f"loads: expected bytes or str, not {type(data).__name__}")
    try:
        # Through the buffer protocol: a subclass's __bytes__ is never called.
        return data if type(data) is bytes else bytes(memoryview(data))
    except (ValueError, TypeError, BufferError) as error:  # a released memoryview
        reason = f"could not be read ({describe_error(error)})"
        raise TranscriptError((transcript_diagnostic(reason),)) from None


class _Result(NamedTuple):
    messages: tuple[Message, ...]
    diagnostics: tuple[Diagnostic, ...]


def _check(value: object, *, keep: bool = True) -> _Result:
    if not issubclass(type(value), (list, tuple)):
        reason = f"must be a list or tuple of messages, not {type(value).__name__}"
        return _Result((), (transcript_diagnostic(reason),))
    try:
        entries = snapshot_sequence(value)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # a hostile container, whatever it raises
        return _Result((), (transcript_diagnostic(f"could not be read ({type(error).__name__})"),))
    return _check_entries(entries, keep)


# Messages are converted in chunks: one msgspec call per chunk keeps the valid case
# fast, and a malformed message only sends its own chunk through the per-message path.
_CHUNK = 256


def _check_entries(entries: list[Any], keep: bool) -> _Result:
    return _verdict(*_convert_entries(entries, keep))


def _convert_entries(
    entries: list[Any], keep: bool
) -> tuple[list[Message | None], dict[int, Inspection]]:
    """Each entry's message (None where malformed, its inspection then kept)."""
    messages: list[Message | None] = []
    malformed: dict[int, Inspection] = {}
    for start in range(0, len(entries), _CHUNK):
        chunk = entries[start : start + _CHUNK]
        converted = fast_messages(chunk, keep)
        if converted is not None:
            messages.extend(converted)
        else:
            _check_one_by_one(chunk, start, keep, messages, malformed)
    return messages, malformed


def diagnose(
    value: object, *, reuse: bool = False
) -> tuple[tuple[Diagnostic, ...], list[Message | None] | None]:
    """``validate_transcript(value)`` and, from the same single read, each entry as IR
    (None where it is not valid on its own); the list is None when ``value`` is not a
    list or tuple that could be read. ``reuse``: a tool-call id used again after its
    call was answered is a new call, not a duplicate (for ``check_wire_rules`` and a
    provider that accepts it). Never raises."""
    try:
        if not issubclass(type(value), (list, tuple)):
            return validate_transcript(value), None
        entries = snapshot_sequence(value)
        messages, malformed = _convert_entries(entries, keep=True)
        return _verdict(messages, malformed, reuse).diagnostics, messages
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # the contract: never raise on any input
        return (transcript_diagnostic(f"could not be validated ({type(error).__name__})"),), None


def _verdict(
    messages: list[Message | None], malformed: dict[int, Inspection], reuse: bool = False
) -> _Result:
    """The result once every message was converted (None where ``malformed``)."""
    if not malformed:
        valid = tuple(message for message in messages if message is not None)
        return _Result(valid, ordered(linkage_of_valid(valid, reuse=reuse)))
    return _Result((), _diagnostics_of_malformed(messages, malformed, reuse))


def _check_one_by_one(
    chunk: list[Any],
    start: int,
    keep: bool,
    messages: list[Message | None],
    malformed: dict[int, Inspection],
) -> None:
    """Append each entry's message (None if malformed, its inspection then kept)."""
    for index, entry in enumerate(chunk, start):
        single = fast_messages([entry], keep)
        if single is not None:
            messages.extend(single)
            continue
        inspection = inspect_message(entry)
        messages.append(inspection.message)
        if inspection.message is None:
            malformed[index] = inspection


def _diagnostics_of_malformed(
    messages: list[Message | None], malformed: dict[int, Inspection], reuse: bool = False
) -> tuple[Diagnostic, ...]:
    shape: list[Diagnostic] = []
    links: list[Message | MalformedLinks] = []
    for index, message in enumerate(messages):
        if message is not None:
            links.append(message)
            continue
        inspection = malformed[index]
        for problem in inspection.problems:
            code = DiagnosticCode(problem.code)
            shape.append(diagnostic(code, index, problem.path, problem.reason))
        paths = [problem.path for problem in inspection.problems]
        links.append(malformed_links(inspection.plain, paths))
    return ordered([*shape, *linkage(links, reuse=reuse)])


def _parse_json(data: bytes | str) -> Any:
    def refuse_constant(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    try:
        text = data if isinstance(data, str) else data.decode("utf-8")
        return json.loads(text, parse_constant=refuse_constant)
    except RecursionError:
        raise TranscriptError(_too_deep()) from None
    except ValueError as error:
        reason = f"is not valid JSON ({type(error).__name__}: {error})"
        raise TranscriptError((transcript_diagnostic(reason),)) from None


def _too_deep() -> tuple[Diagnostic, ...]:
    # JSON text nested beyond what the parsers handle (about 1,000 levels) is refused as
    # a whole; a parsed value that deep gets a diagnostic at its message instead.
    return (transcript_diagnostic("is nested too deeply to parse as JSON text"),)
