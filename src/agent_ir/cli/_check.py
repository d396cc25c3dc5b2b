"""Checking one block of lines: the work a worker process (or a Dask task) does.

A line holds one transcript: a JSON array of messages, or an object whose
``"messages"`` is that array and whose ``"id"`` (a string or a number) names it in the
report; other keys of the object are ignored. A line that is not JSON, or an object
without ``"messages"``, is an INVALID_TRANSCRIPT diagnostic for that line. Blank lines
are skipped.

Whatever the options, a line is JSON by one rule (``parse_line``, the one
``validate_json`` applies): strict UTF-8 with no byte order mark (the one at the start
of a file is skipped by the reader) and no NaN or Infinity literals, anywhere in the
line, ignored keys included. A line the reader found too large to hold
(``agent_ir.cli._inputs.OVERSIZED``) is an INVALID_TRANSCRIPT diagnostic saying so. Results are plain data (tuples and strings) so that they travel between
processes cheaply.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

import msgspec

from agent_ir._diagnostics import transcript_diagnostic
from agent_ir._errors import TranscriptError, describe_error
from agent_ir._generated.diagnostic_schema import Diagnostic
from agent_ir.cli._inputs import MAX_TRANSCRIPT_BYTES, oversized
from agent_ir.messages import dumps
from agent_ir.rules import check_wire_rules
from agent_ir.transcript import check_text, validate_transcript
from agent_ir.wire import WireFormatError, _registry

__all__ = [
    "TEXT_BYTES",
    "BlockResult",
    "Checks",
    "Found",
    "Invalid",
    "check_block",
    "check_line",
    "check_wire_line",
    "parse_line",
]

Found = tuple[str, int, str, str]
"""One diagnostic: (code, message index, message, JSON Pointer)."""


class Invalid(NamedTuple):
    """A transcript to report: its line, its id (None when it has none), its diagnostics
    (it is invalid when there is one) and the warnings of its conversion from a wire
    format (pointers into the wire messages).

    ``text`` is kept only for ``--report`` (``Checks.keep``): the JSON text the
    diagnostics point into, that is the line as read (agent-ir's form, or a wire line
    that could not be converted) or the converted messages as IR JSON (a wire format).
    A text longer than ``TEXT_BYTES`` keeps its first ``TEXT_BYTES`` bytes and ``cut``
    counts the bytes left out."""

    line: int
    id: str | None
    diagnostics: tuple[Found, ...]
    warnings: tuple[Found, ...] = ()
    text: bytes | None = None
    cut: int = 0


class BlockResult(NamedTuple):
    """What one block held: transcripts and messages read, the transcripts to report."""

    transcripts: int
    messages: int
    invalid: list[Invalid]


class Checks(NamedTuple):
    """How lines are read: ``format`` "ir" (agent-ir's JSON form) or a registered
    provider's wire format (its name); ``rules``: a provider whose
    ``check_wire_rules`` run too, or None; ``keep``: how many of the block's invalid
    transcripts (the first ones) keep their ``text`` for the HTML report (0: none)."""

    format: str = "ir"
    rules: str | None = None
    keep: int = 0


IR_CHECKS = Checks()
"""The default: agent-ir's JSON form, no provider rules, no text kept."""

TEXT_BYTES = 4 << 20
"""The most of one transcript's JSON text kept for the report (4 MiB)."""


def check_block(
    data: bytes, first_line: int, whole: bool, checks: Checks = IR_CHECKS
) -> BlockResult:
    """Check every transcript in ``data`` (whole lines starting at ``first_line``; when
    ``whole``, the one transcript of a ``.json`` file)."""
    transcripts = messages = 0
    invalid: list[Invalid] = []
    lines = [data] if whole else data.split(b"\n")
    plain = checks.format == "ir" and checks.rules is None
    keep = checks.keep
    for number, line in enumerate(lines, first_line):
        if not whole and not line.strip():
            continue
        transcripts += 1
        converted: tuple[Any, ...] | None = None
        too_large = _too_large(line)
        if too_large is not None:
            invalid.append(Invalid(number, None, (_found(too_large),)))
            continue
        if plain:
            name, count, diagnostics = check_line(line)
            warnings: tuple[Found, ...] = ()
        else:
            name, count, diagnostics, warnings, converted = _check_wire(line, checks)
        messages += count
        if diagnostics or warnings:
            found = Invalid(number, name, tuple(map(_found, diagnostics)), warnings)
            if diagnostics and keep > 0:  # only broken transcripts are drawn
                keep -= 1
                found = _with_text(found, line if converted is None else _ir_text(converted, line))
            invalid.append(found)
    return BlockResult(transcripts, messages, invalid)


def _too_large(line: bytes) -> Diagnostic | None:
    """The diagnostic of a transcript larger than ``MAX_TRANSCRIPT_BYTES``: one the
    reader left out (its marker) or, read by a reader that holds any line, one too long."""
    size = oversized(line)
    if size is None and len(line) > MAX_TRANSCRIPT_BYTES:
        size = len(line)
    if size is None:
        return None
    limit = MAX_TRANSCRIPT_BYTES >> 20
    bytes_read = f"{size:,} bytes" if size > 0 else "more bytes"
    return transcript_diagnostic(
        f"is larger than {limit} MiB, the most one transcript may hold ({bytes_read}); "
        "it was not checked"
    )


def _with_text(found: Invalid, text: bytes) -> Invalid:
    if len(text) <= TEXT_BYTES:
        return found._replace(text=bytes(text))
    return found._replace(text=bytes(text[:TEXT_BYTES]), cut=len(text) - TEXT_BYTES)


def _ir_text(converted: tuple[Any, ...], line: bytes) -> bytes:
    """The converted messages as IR JSON (where the diagnostics point), else the line."""
    try:
        return dumps(converted)
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception:  # never a traceback for one line: draw the wire line instead
        return line


def _found(diagnostic: Diagnostic) -> Found:
    return (str(diagnostic.code), diagnostic.message_index, diagnostic.message, diagnostic.path)


def check_wire_line(
    line: bytes, checks: Checks
) -> tuple[str | None, int, tuple[Diagnostic, ...], tuple[Found, ...]]:
    """(id, messages, diagnostics, warnings) of a line in ``checks.format``, with the
    provider rules of ``checks.rules``. Never raises."""
    name, count, diagnostics, warnings, _ = _check_wire(line, checks)
    return name, count, diagnostics, warnings


_Wire = tuple[str | None, int, tuple[Diagnostic, ...], tuple[Found, ...], tuple[Any, ...] | None]
"""``check_wire_line``'s answer and the converted messages (None: not converted)."""


def _check_wire(line: bytes, checks: Checks) -> _Wire:
    try:
        value = parse_line(line)
    except (ValueError, RecursionError):
        count, diagnostics = check_text(line)  # its INVALID_TRANSCRIPT diagnostic
        return None, count, diagnostics, (), None
    name, messages, extra = _wire_parts(value, checks.format)
    if messages is None:
        return name, 0, (transcript_diagnostic(extra),), (), None
    if checks.format == "ir":
        return name, _length(messages), _verdict(messages, checks.rules), (), None
    return _converted(name, messages, extra, checks)


class _Named(msgspec.Struct):
    """A line in the object form; ``messages`` is kept as its JSON text."""

    messages: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET
    id: Any = None


_NAMED = msgspec.json.Decoder(_Named)
_NO_MESSAGES = 'is an object without "messages" (a line holds an array of messages or {"id": ..., "messages": [...]})'


def check_line(line: bytes) -> tuple[str | None, int, tuple[Diagnostic, ...]]:
    """(id, messages read, diagnostics) of one line. Never raises."""
    if line.lstrip()[:1] != b"{":
        count, diagnostics = check_text(line)
        return None, count, diagnostics
    try:
        named = _NAMED.decode(line)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeError, RecursionError):
        return _check_stdlib(line)  # lone surrogate escapes, an odd id, or not JSON
    name = _name(named.id)
    if named.messages is msgspec.UNSET:
        return name, 0, (transcript_diagnostic(_NO_MESSAGES),)
    count, diagnostics = check_text(memoryview(named.messages))
    return name, count, diagnostics


def parse_line(line: bytes) -> Any:
    """The JSON value of ``line`` read as ``validate_json`` reads JSON text: strict UTF-8
    (no byte order mark, no other encoding guessed, as ``json.loads`` does for bytes) and
    no NaN, Infinity or -Infinity. ``ValueError`` (``UnicodeDecodeError`` included) or
    ``RecursionError`` when it is not JSON."""
    return json.loads(bytes(line).decode("utf-8"), parse_constant=_refuse_constant)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _check_stdlib(line: bytes) -> tuple[str | None, int, tuple[Diagnostic, ...]]:
    try:
        value = parse_line(line)
    except (ValueError, RecursionError):
        count, diagnostics = check_text(line)  # its INVALID_TRANSCRIPT diagnostic
        return None, count, diagnostics
    if type(value) is not dict:
        return None, 0, validate_transcript(value)
    name = _name(value.get("id"))
    if "messages" not in value:
        return name, 0, (transcript_diagnostic(_NO_MESSAGES),)
    messages = value["messages"]
    count = len(messages) if type(messages) is list else 0
    return name, count, validate_transcript(messages)


def _wire_parts(value: Any, format: str) -> tuple[str | None, Any, Any]:
    """(id, the messages or None, the format's system prompt (None when it has no
    system key) or a reason when the messages are None)."""
    if type(value) is list:
        return None, value, None
    if type(value) is not dict:
        return None, None, f"must be an array of messages or an object, not {type(value).__name__}"
    key, system_key = "messages", None  # agent-ir's form
    if format != "ir":
        reader = _registry.provider_spec(format).request
        key, system_key = reader.messages_key, reader.system_key
    name = _name(value.get("id"))
    if key not in value:
        return name, None, f'is an object without "{key}"'
    return name, value[key], None if system_key is None else value.get(system_key)


def _length(messages: object) -> int:
    return len(messages) if type(messages) is list else 0


def _verdict(messages: object, rules: str | None) -> tuple[Diagnostic, ...]:
    if rules is None:
        return validate_transcript(messages)
    return check_wire_rules(messages, rules)  # type: ignore[arg-type]


def _converted(name: str | None, messages: Any, system: Any, checks: Checks) -> _Wire:
    """A wire transcript converted to the IR, then checked."""
    convert = _registry.provider_spec(checks.format).request.convert
    try:
        converted = convert(messages, system, None)
    except TranscriptError as error:  # a message invalid on its own (arguments...)
        return name, _length(messages), error.diagnostics, (), None
    except WireFormatError as error:
        reason = f"is not {checks.format} data: {error}"
        return name, _length(messages), (transcript_diagnostic(reason),), (), None
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as error:  # never a traceback for one line
        reason = f"could not be converted from {checks.format} ({describe_error(error)})"
        return name, _length(messages), (transcript_diagnostic(reason),), (), None
    warnings = tuple(
        (
            str(found.code),
            found.message_index,
            found.message,
            f"/{found.message_index}"
            + (f"/content/{found.block_index}" if found.block_index >= 0 else ""),
        )
        for found in converted.warnings
    )
    transcript = tuple(converted)
    return name, len(transcript), _verdict(transcript, checks.rules), warnings, transcript


def _name(value: object) -> str | None:
    """How a transcript's id is shown: a string as it is, anything else as JSON."""
    if value is None:
        return None
    if type(value) is str:
        return value
    try:
        return json.dumps(value, ensure_ascii=False)[:200]
    except (TypeError, ValueError, RecursionError):
        return type(value).__name__
