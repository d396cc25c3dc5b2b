"""Checking one block of lines: the work a worker process (or a Dask task) does.

A line holds one transcript: a JSON array of messages, or an object whose
``"messages"`` is that array, whose ``"id"`` (a string or a number) names it in the
report and whose ``"tools"`` (optional) are the tool definitions its calls are checked
against (``validate_transcript``'s ``tools``; in a provider's format, the provider's
tool list, converted); other keys of the object are ignored. A line that is not JSON,
or an object without ``"messages"``, is an INVALID_TRANSCRIPT diagnostic for that line.
Blank lines are skipped. Tools repeated on every line are compiled once per process
(``agent_ir.validation._tools`` keeps compiled schemas by their text).

A line of agent-ir's form whose messages are not IR messages but convert from a
provider's wire format gets a ``hint``: the formats that read it, which the summary
names (``--format`` to try). At most ``HINTS_PER_BLOCK`` lines of a block are tried.

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

from agent_ir._errors import TranscriptError, describe_error
from agent_ir._generated.diagnostic_schema import Diagnostic, DiagnosticCode
from agent_ir.cli._inputs import MAX_TRANSCRIPT_BYTES, oversized
from agent_ir.messages import dumps, to_json_value
from agent_ir.transcript import validate_transcript
from agent_ir.validation._conductor import check_options, check_text
from agent_ir.validation._diagnostics import transcript_diagnostic
from agent_ir.wire import WireFormatError, WireMessages, _registry
from agent_ir.wire._decode import describe_json

__all__ = [
    "TEXT_BYTES",
    "BlockResult",
    "Checks",
    "Found",
    "Invalid",
    "check_block",
    "check_line",
    "check_lines",
    "check_wire_line",
    "parse_line",
]

Found = tuple[str, int, str, str, int]
"""One diagnostic: (code, message index, message, JSON Pointer, tool index). The tool
index is -1 unless the problem is in a tool definition (then the message index is -1
and the pointer points into the definition)."""


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
    hint: tuple[str, ...] = ()  # the wire formats that read this line (format "ir")
    request: bytes | None = None  # agent-ir convert: the request's fields, as JSON


class BlockResult(NamedTuple):
    """What one block held: transcripts and messages read, the transcripts to report."""

    transcripts: int
    messages: int
    invalid: list[Invalid]


class Checks(NamedTuple):
    """How lines are read: ``format`` "ir" (agent-ir's JSON form) or a registered
    provider's wire format (its name); ``rules``: a provider whose
    ``check_wire_rules`` run too, or None; ``keep``: how many of the block's invalid
    transcripts (the first ones) keep their ``text`` for the HTML report (0: none);
    ``pending``: ``allow_pending`` (the last assistant turn's calls may wait);
    ``model``: the model the lines were sent to, for the provider rules that depend on
    it (``check_wire_rules``' ``model``; ``retarget``'s with ``convert``); ``convert``:
    the provider each line is retargeted to (``agent-ir convert --to``; every line then
    gives an ``Invalid`` holding its ``request``, its report as warnings and the
    diagnostics left), with ``thinking`` for ``retarget``'s ``thinking``."""

    format: str = "ir"
    rules: str | None = None
    keep: int = 0
    pending: bool = False
    model: str | None = None
    convert: str | None = None  # agent-ir convert --to: the provider lines are retargeted to
    thinking: str = "drop"  # agent-ir convert --thinking: retarget's thinking


IR_CHECKS = Checks()
"""The default: agent-ir's JSON form, no provider rules, no text kept."""

TEXT_BYTES = 4 << 20
"""The most of one transcript's JSON text kept for the report (4 MiB)."""


def check_block(
    data: bytes, first_line: int, whole: bool, checks: Checks = IR_CHECKS
) -> BlockResult:
    """Check every transcript in ``data`` (whole lines starting at ``first_line``; when
    ``whole``, the one transcript of a ``.json`` file)."""
    if whole:
        return check_lines([data], first_line, checks, whole=True)
    return check_lines(data.split(b"\n"), first_line, checks)


def check_lines(
    lines: list[bytes], first_line: int, checks: Checks = IR_CHECKS, *, whole: bool = False
) -> BlockResult:
    """Check every transcript in ``lines`` (without their line ends), numbered from
    ``first_line``; blank lines are skipped (when ``whole``, the one line is a ``.json``
    file's transcript, checked even when blank)."""
    transcripts = messages = 0
    invalid: list[Invalid] = []
    plain = checks.format == "ir" and checks.rules is None
    pending = checks.pending
    keep = checks.keep
    hints = HINTS_PER_BLOCK if checks.format == "ir" else 0
    for number, line in enumerate(lines, first_line):
        if not whole and not line.strip():
            continue
        transcripts += 1
        converted: tuple[Any, ...] | None = None
        if line[:1] == b"\x00" or len(line) > MAX_TRANSCRIPT_BYTES:  # no JSON starts so
            too_large = _too_large(line)
            if too_large is not None:
                invalid.append(Invalid(number, None, (_found(too_large),)))
                continue
        if checks.convert is not None:
            count, found = _retargeted(line, number, checks)
            messages += count
            invalid.append(found)
            continue
        if plain:
            name, count, diagnostics = check_line(line, pending)
            warnings: tuple[Found, ...] = ()
        else:
            name, count, diagnostics, warnings, converted = _check_wire(line, checks)
        messages += count
        if diagnostics or warnings:
            found = Invalid(number, name, tuple(map(_found, diagnostics)), warnings)
            if hints > 0 and _not_ir_shaped(diagnostics):
                hints -= 1
                found = found._replace(hint=wire_formats_reading(line))
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
    """The converted messages as IR JSON (where the diagnostics point), with the tools
    read when there are some, else the line."""
    tools = getattr(converted, "tools", None)
    try:
        if tools is not None:
            value = {"messages": to_json_value(tuple(converted)), "tools": to_json_value(tools)}
            return msgspec.json.encode(value)
        return dumps(tuple(converted))
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception:  # never a traceback for one line: draw the wire line instead
        return line


def _found(diagnostic: Diagnostic) -> Found:
    tool = -1 if diagnostic.tool_index is None else diagnostic.tool_index
    return (
        str(diagnostic.code),
        diagnostic.message_index,
        diagnostic.message,
        diagnostic.path,
        tool,
    )


HINTS_PER_BLOCK = 8
"""How many lines of one block that fail the IR shape are tried in the wire formats."""


_SHAPE = frozenset(
    {
        DiagnosticCode.INVALID_TRANSCRIPT,
        DiagnosticCode.INVALID_MESSAGE,
        DiagnosticCode.INVALID_TOOL_ARGUMENTS,
        DiagnosticCode.EMPTY_TOOL_NAME,
        DiagnosticCode.INVALID_TOOL_DEFINITION,
    }
)


def _read_whole(diagnostics: tuple[Diagnostic, ...]) -> bool:
    """No diagnostic says the messages or tools were not read as a whole."""
    return not any(found.code in _SHAPE for found in diagnostics)


def _not_ir_shaped(diagnostics: tuple[Diagnostic, ...]) -> bool:
    # A plain loop: any() over a generator costs several times more, on every broken line.
    for found in diagnostics:  # noqa: SIM110
        if found.code is _INVALID_MESSAGE:
            return True
    return False


_INVALID_MESSAGE = DiagnosticCode.INVALID_MESSAGE


def wire_formats_reading(line: bytes) -> tuple[str, ...]:
    """The registered wire formats in which ``line`` converts without a warning into
    well-formed messages and tools (linkage aside: the formats a user who wrote
    agent-ir's form by mistake should try). Never raises."""
    try:
        value = parse_line(line)
    except (ValueError, RecursionError):
        return ()
    formats = []
    for format in _registry.format_names():
        try:
            name, messages, extra, tools = _wire_parts(value, format)
            if messages is None:
                continue
            checks = Checks(format)
            _, _, diagnostics, _, converted = _converted(name, messages, extra, tools, checks)
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception:  # a hint is never worth a traceback
            continue
        if converted is not None and not converted.warnings and _read_whole(diagnostics):
            formats.append(format)
    return tuple(formats)


def check_wire_line(
    line: bytes, checks: Checks
) -> tuple[str | None, int, tuple[Diagnostic, ...], tuple[Found, ...]]:
    """(id, messages, diagnostics, warnings) of a line in ``checks.format``, with the
    provider rules of ``checks.rules``. Never raises."""
    name, count, diagnostics, warnings, _ = _check_wire(line, checks)
    return name, count, diagnostics, warnings


_Wire = tuple[str | None, int, tuple[Diagnostic, ...], tuple[Found, ...], WireMessages | None]
"""``check_wire_line``'s answer and the converted messages (None: not converted)."""


def _check_wire(line: bytes, checks: Checks) -> _Wire:
    try:
        value = parse_line(line)
    except (ValueError, RecursionError):
        count, diagnostics = check_text(line)  # its INVALID_TRANSCRIPT diagnostic
        return None, count, diagnostics, (), None
    name, messages, extra, tools = _wire_parts(value, checks.format)
    if messages is None:
        return name, 0, (transcript_diagnostic(extra),), (), None
    if checks.format == "ir":
        return name, _length(messages), _verdict(messages, checks, tools), (), None
    return _converted(name, messages, extra, tools, checks, bare=type(value) is list)


class _Named(msgspec.Struct):
    """A line in the object form; ``messages`` and ``tools`` are kept as their JSON text."""

    messages: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET
    id: Any = None
    tools: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET


_NAMED = msgspec.json.Decoder(_Named)
_NO_MESSAGES = 'is an object without "messages" (a line holds an array of messages or {"id": ..., "messages": [...]})'


def check_line(
    line: bytes, pending: bool = False
) -> tuple[str | None, int, tuple[Diagnostic, ...]]:
    """(id, messages read, diagnostics) of one line (``pending``: ``allow_pending``).
    Never raises."""
    if line.lstrip()[:1] != b"{":
        count, diagnostics = check_text(line, check_options(None, pending))
        return None, count, diagnostics
    try:
        named = _NAMED.decode(line)
        tools = None if named.tools is msgspec.UNSET else parse_line(named.tools)
    except (msgspec.DecodeError, msgspec.ValidationError, ValueError, RecursionError):
        return _check_stdlib(line, pending)  # lone surrogate escapes, an odd id, not JSON
    name = _name(named.id)
    if named.messages is msgspec.UNSET:
        return name, 0, (transcript_diagnostic(_NO_MESSAGES),)
    count, diagnostics = check_text(memoryview(named.messages), check_options(tools, pending))
    return name, count, diagnostics


def parse_line(line: bytes) -> Any:
    """The JSON value of ``line`` read as ``validate_json`` reads JSON text: strict UTF-8
    (no byte order mark, no other encoding guessed, as ``json.loads`` does for bytes) and
    no NaN, Infinity or -Infinity. ``ValueError`` (``UnicodeDecodeError`` included) or
    ``RecursionError`` when it is not JSON."""
    return json.loads(bytes(line).decode("utf-8"), parse_constant=_refuse_constant)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _check_stdlib(line: bytes, pending: bool) -> tuple[str | None, int, tuple[Diagnostic, ...]]:
    try:
        value = parse_line(line)
    except (ValueError, RecursionError):
        count, diagnostics = check_text(line)  # its INVALID_TRANSCRIPT diagnostic
        return None, count, diagnostics
    if type(value) is not dict:
        return None, 0, validate_transcript(value, allow_pending=pending)
    name = _name(value.get("id"))
    if "messages" not in value:
        return name, 0, (transcript_diagnostic(_NO_MESSAGES),)
    messages = value["messages"]
    count = len(messages) if type(messages) is list else 0
    tools = value.get("tools")
    return name, count, validate_transcript(messages, tools=tools, allow_pending=pending)


def _wire_parts(value: Any, format: str) -> tuple[str | None, Any, Any, Any]:
    """(id, the messages or None, the format's system prompt (None when it has no
    system key) or a reason when the messages are None, the tools (None: none))."""
    if type(value) is list:
        return None, value, None, None
    if type(value) is not dict:
        kind = type(value).__name__
        return None, None, f"must be an array of messages or an object, not {kind}", None
    key: str = "messages"  # agent-ir's form
    system_key: str | None = None
    tools_key: str | None = "tools"
    switches: tuple[str, ...] = ()
    if format != "ir":
        reader = _registry.request_reader(format)
        key, system_key, tools_key = reader.messages_key, reader.system_key, reader.tools_key
        switches = reader.switches
        if reader.line is not None:
            value = reader.line(value)
    name = _name(value.get("id"))
    if key not in value:
        return name, None, f'is an object without "{key}"', None
    for switch in switches:
        if switch in value and type(value[switch]) is not bool:
            found = describe_json(value[switch])
            return name, None, f'has "{switch}" set to {found}, not true or false', None
    system = None if system_key is None else value.get(system_key)
    tools = None if tools_key is None else value.get(tools_key)
    return name, value[key], system, tools


def _length(messages: object) -> int:
    return len(messages) if type(messages) is list else 0


def _verdict(messages: object, checks: Checks, tools: object) -> tuple[Diagnostic, ...]:
    if checks.rules is None:
        return validate_transcript(messages, tools=tools, allow_pending=checks.pending)
    from agent_ir.rules import check_wire_rules  # --provider-rules only

    return check_wire_rules(
        messages,
        checks.rules,  # type: ignore[arg-type]
        tools=tools,
        allow_pending=checks.pending,
        model=checks.model,
    )


def _converted(
    name: str | None, messages: Any, system: Any, tools: Any, checks: Checks, *, bare: bool = False
) -> _Wire:
    """A wire transcript converted to the IR, then checked. ``bare``: the line is the
    array of messages itself (not an object holding it under the format's key)."""
    reader = _registry.request_reader(checks.format)
    convert = reader.convert
    try:
        converted = convert(messages, system, tools)
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
    root = f"/{reader.messages_key}" if bare else None
    warnings = tuple(_warning(found, root) for found in converted.warnings)
    verdict = _verdict(tuple(converted), checks, converted.tools)
    return name, len(converted), verdict, warnings, converted


def _retargeted(line: bytes, number: int, checks: Checks) -> tuple[int, Invalid]:
    """(messages read, the line's result) of one line retargeted to ``checks.convert``:
    its request (None when none could be made), the reading's warnings and the report of
    ``retarget`` as warnings (IR paths into the messages read), and as diagnostics what
    the target would still refuse, or why no request could be made (the messages'
    ``validate_transcript`` diagnostics when they are not IR messages)."""
    try:
        value = parse_line(line)
    except (ValueError, RecursionError):
        count, diagnostics = check_text(line)  # its INVALID_TRANSCRIPT diagnostic
        return count, Invalid(number, None, tuple(map(_found, diagnostics)))
    name, messages, extra, tools = _wire_parts(value, checks.format)
    if messages is None:
        return 0, Invalid(number, name, (_found(transcript_diagnostic(extra)),))
    read: tuple[Found, ...] = ()
    if checks.format != "ir":
        name, count, diagnostics, read, converted = _converted(
            name, messages, extra, tools, checks._replace(rules=None), bare=type(value) is list
        )
        if converted is None:
            return count, Invalid(number, name, tuple(map(_found, diagnostics)), read)
        messages, tools = tuple(converted), converted.tools
    from agent_ir.retargeting import retarget  # agent-ir convert only

    try:
        result = retarget(
            messages,
            checks.convert,  # type: ignore[arg-type]
            model=checks.model,
            tools=tools,
            thinking=checks.thinking,  # type: ignore[arg-type]
        )
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as error:  # not IR messages, tools the writer refuses: say why
        diagnostics = validate_transcript(messages, tools=tools) or (
            transcript_diagnostic(f"could not be converted ({describe_error(error)})"),
        )
        return _length(messages), Invalid(number, name, tuple(map(_found, diagnostics)), read)
    report = tuple(
        (
            str(change.code),
            change.message_index,
            change.message,
            change.path,
            -1 if change.tool_index is None else change.tool_index,
        )
        for change in result.report
    )
    request = msgspec.json.encode(result.request.fields)
    found = tuple(map(_found, result.diagnostics))
    count = len(messages) if type(messages) in (list, tuple) else 0
    return count, Invalid(number, name, found, read + report, request=request)


def _warning(found: Any, root: str | None) -> Found:
    """A conversion warning as reported: its path in the line, the pointer the reader
    gave (``/messages/2/content/1``, ``/contents/1/parts/0/functionCall``,
    ``/system/0``, ``/tools/3``: a line is an object holding the request's fields) or,
    for a line that is the array of messages itself, that pointer without its
    ``root`` (``/2/content/1``); its message index is the wire message's. A tool
    definition's warning keeps its tool index.

    Not an IR pointer: a format whose messages do not map one to one onto IR messages
    (a system prompt under its own key, a Gemini content holding function responses
    and text) would make one point at the wrong message."""
    tool = -1 if found.tool_index is None else found.tool_index
    pointer = found.path
    if root is not None and pointer.startswith(f"{root}/"):
        pointer = pointer[len(root) :]
    return (str(found.code), found.message_index, found.message, pointer, tool)


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
