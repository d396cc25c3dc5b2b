"""Transcript validation: shape per message, then tool-call linkage across messages.

``validate_transcript`` never raises (``KeyboardInterrupt`` and ``SystemExit`` aside);
``parse_transcript`` and ``loads`` return the IR or raise ``TranscriptError`` holding
every diagnostic. The linkage rules are ``_linkage``'s.

A verdict (``validate_json``, ``validate_transcript``) is one pipeline that only goes
down: the input is read once (a snapshot of the list; JSON text as it is), the fast
verdict (``_verdict``) decodes or converts all of it into twins of the message types
that keep nothing and checks everything at once; only when it stops short does
``_going_down`` continue from where it stopped, keeping what it read, finding the
failing messages by halving, and explaining just those (``inspect_message``, whose
jsonschema reference runs only for a message the fast path refused). With tools, and
to keep the IR (``parse_transcript``, ``loads``), messages are converted into the
generated types 256 per call; only a chunk the fast path refuses is inspected message
by message.

Each property is read at most once: the fast path only runs on data whose reads are not
observable (``dict``/``list``/``tuple`` and subclasses read through the base type,
exact ``str``, numbers), which one C pass per chunk (``_fastpath.is_rereadable``)
establishes first, shared by every path.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple

import msgspec

from agent_ir._diagnostics import diagnostic, ordered, transcript_diagnostic
from agent_ir._errors import JsonValueError, TranscriptError, describe_error
from agent_ir._fastpath import (
    Keep,
    decode_messages,
    is_rereadable,
    values_valid,
)
from agent_ir._generated.diagnostic_schema import Diagnostic, DiagnosticCode
from agent_ir._generated.message_schema import Message
from agent_ir._inspect import Inspection, fast_messages, inspect_message
from agent_ir._jsoncopy import snapshot_sequence
from agent_ir._linkage import (
    MalformedLinks,
    ToolLinks,
    all_answered_once,
    linkage,
    malformed_links,
    tool_links,
)
from agent_ir._tools import Tools, read_tools
from agent_ir._verdict import (
    Read,
    Stage,
    entries_chunk,
    failing,
    read_entries,
    read_text,
    text_chunk,
)

__all__ = [
    "Options",
    "check_options",
    "check_text",
    "diagnose",
    "loads",
    "parse_transcript",
    "tool_links_of",
    "validate_json",
    "validate_transcript",
]


def validate_transcript(
    value: object, *, tools: object = None, allow_pending: bool = False
) -> tuple[Diagnostic, ...]:
    """Every problem of ``value`` as a transcript; ``()`` when it is valid.

    ``value``: a list or tuple whose entries are messages in JSON form (mappings with
    camelCase names) or IR message objects, mixed. Never raises.

    ``tools``: the tool definitions the calls may name (a list or tuple of
    ``ToolDefinition`` or their JSON form). Given, a call naming no tool is
    UNDECLARED_TOOL and arguments that break the tool's ``parameters`` (a JSON Schema)
    are TOOL_ARGUMENTS_MISMATCH, pointing inside the arguments; a definition that is
    malformed, or whose ``parameters`` is no valid JSON Schema, is one
    INVALID_TOOL_DEFINITION with its ``tool_index``. None (the default): calls are not
    checked against definitions.

    ``allow_pending``: the calls of the last assistant message may wait for their
    results when only tool results follow it (an agent mid-turn, or a fine-tuning line
    whose target is that message); no MISSING_TOOL_RESULT for them.
    """
    try:
        return _check(value, check_options(tools, allow_pending), keep=False).diagnostics
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # the contract: never raise on any input
        return (transcript_diagnostic(f"could not be validated ({type(error).__name__})"),)


def validate_json(
    data: object, *, tools: object = None, allow_pending: bool = False
) -> tuple[Diagnostic, ...]:
    """Every problem of JSON text (``bytes``, ``bytearray``, ``memoryview`` or ``str``)
    as a transcript; ``()`` when it is valid. Never raises: text that is not JSON, not
    UTF-8 or nested beyond the parser, and any other type of ``data``, are one
    INVALID_TRANSCRIPT diagnostic. ``tools`` and ``allow_pending``: as for
    ``validate_transcript``."""
    try:
        options = check_options(tools, allow_pending)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # the contract: never raise on any input
        return (transcript_diagnostic(f"could not be validated ({type(error).__name__})"),)
    return check_text(data, options)[1]


class Options(NamedTuple):
    """How a transcript is checked: the tools read (None: calls are not checked against
    definitions) and whether the pending turn's calls may wait for their results."""

    tools: Tools | None = None
    pending: bool = False


_DEFAULT = Options()


def check_options(tools: object, allow_pending: bool) -> Options:
    """The ``Options`` of ``tools`` and ``allow_pending`` (tools read once: pass the
    same ``Options`` to several checks)."""
    if tools is None and not allow_pending:
        return _DEFAULT
    return Options(None if tools is None else read_tools(tools), bool(allow_pending))


def check_text(data: object, options: Options = _DEFAULT) -> tuple[int, tuple[Diagnostic, ...]]:
    """``validate_json``'s verdict with the number of messages read (the length of the
    array, 0 when the text is not one). Never raises, for any ``data``."""
    # type(), not isinstance(): a hostile __class__ is never read
    if not issubclass(type(data), (bytes, bytearray, memoryview, str)):
        reason = f"must be JSON text (bytes or str), not {type(data).__name__}"
        return 0, (transcript_diagnostic(reason),)
    try:
        return _verdict_of_text(_exact_text(data), options)
    except TranscriptError as error:
        return 0, _with_tool_problems(error.diagnostics, options)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # the contract: never raise on any input
        return 0, (transcript_diagnostic(f"could not be validated ({type(error).__name__})"),)


def parse_transcript(
    value: object, *, tools: object = None, allow_pending: bool = False
) -> tuple[Message, ...]:
    """The IR of a valid transcript, or ``TranscriptError`` with every diagnostic.
    ``tools`` and ``allow_pending``: as for ``validate_transcript``."""
    result = _check(value, check_options(tools, allow_pending))
    if result.diagnostics:
        raise TranscriptError(result.diagnostics)
    return result.messages


def loads(
    data: bytes | bytearray | memoryview | str,
    *,
    tools: object = None,
    allow_pending: bool = False,
) -> tuple[Message, ...]:
    """``parse_transcript`` of JSON text. Malformed JSON (or text that cannot be read,
    such as a released ``memoryview``) is a ``TranscriptError`` with one
    INVALID_TRANSCRIPT diagnostic; ``data`` of another type is a ``TypeError``.
    ``tools`` and ``allow_pending``: as for ``validate_transcript``."""
    options = check_options(tools, allow_pending)
    try:
        text = _exact_text(data)
        messages = _decode_valid(text)
        value = None if messages is not None else _parse_json(text)
    except TranscriptError as error:  # not JSON text: the tools' own problems too
        raise TranscriptError(_with_tool_problems(error.diagnostics, options)) from None
    if messages is not None:
        if options.tools is None and all_answered_once(messages, options.pending):
            return messages  # the common case: no list or tuple copied for the linkage
        diagnostics = _verdict(list(messages), {}, options).diagnostics
        if diagnostics:
            raise TranscriptError(diagnostics)
        return messages
    return _raise_or_messages(_check(value, options))


def _with_tool_problems(
    diagnostics: tuple[Diagnostic, ...], options: Options
) -> tuple[Diagnostic, ...]:
    """``diagnostics`` about a transcript that could not be read, with the problems of
    the tool definitions (read all the same), in order."""
    if options.tools is None or not options.tools.problems:
        return diagnostics
    return ordered([*diagnostics, *options.tools.problems])


def _raise_or_messages(result: _Result) -> tuple[Message, ...]:
    if result.diagnostics:
        raise TranscriptError(result.diagnostics)
    return result.messages


def _decode_valid(text: bytes | str, *, keep: Keep = True) -> tuple[Message, ...] | None:
    """The messages of JSON text when the fast path accepts every one of them (their
    linkage is not checked yet); None when something must be explained. ``keep=False``:
    for a verdict only (see ``decode_messages``)."""
    try:
        messages, blocks = decode_messages(text, keep=keep)
    except (msgspec.ValidationError, msgspec.DecodeError, JsonValueError, UnicodeError):
        return None  # explained from the stdlib parse (bytes that are not UTF-8, or a
        # str holding lone surrogates, raise UnicodeError here)
    except RecursionError:
        raise TranscriptError(_too_deep()) from None
    # Audio sources need their tag checked in the plain data: the stdlib parse.
    if values_valid(messages, None, blocks=blocks):
        return messages
    return None


def _verdict_of_text(text: bytes | str, options: Options) -> tuple[int, tuple[Diagnostic, ...]]:
    """``validate_json``'s verdict. Without tools: the fast verdict (``read_text``), then,
    when it stops short, ``_explain_text`` from where it stopped. With tools (the
    arguments are kept: they are checked against the tools' parameters): the generated
    types; when the whole text is not valid, its array is split into each message's
    JSON text (in C, ``msgspec.Raw``), chunks of messages are still decoded by the fast
    path, and only a chunk holding a problem is parsed into Python values and checked
    message by message. Either way, text whose array cannot be split (not JSON, not an
    array, lone surrogate escapes) and parts the stdlib reads differently are checked
    from one stdlib parse of the whole text, the reference meaning of ``validate_json``."""
    if options.tools is None:
        read = read_text(text, options.pending)
        if read.stage is Stage.VALID:
            assert read.messages is not None
            return len(read.messages), ()
        explained = _explain_text(text, read, options)
        if explained is not None:
            return explained
        value = _parse_json(text)
        count = len(value) if type(value) is list else 0
        return count, _check(value, options, keep=False).diagnostics
    keep = _keep(False, options)
    messages = _decode_valid(text, keep=keep)
    if messages is not None:
        return len(messages), _verdict(list(messages), {}, options).diagnostics
    try:
        parts = _PARTS.decode(text)
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeError, RecursionError):
        parts = None
    if parts is not None:
        result = _check_parts(parts, options)
        if result is not None:
            return len(parts), result.diagnostics
    value = _parse_json(text)
    count = len(value) if type(value) is list else 0
    return count, _check(value, options, keep=False).diagnostics


_PARTS = msgspec.json.Decoder(list[msgspec.Raw])


def _explain_text(
    text: bytes | str, read: Read, options: Options
) -> tuple[int, tuple[Diagnostic, ...]] | None:
    """The diagnostics of JSON text the verdict did not settle (without tools), going
    down from where it stopped (``_going_down``). Twins that decoded are explained from
    their own JSON text: msgspec writes it back as read (each JSON object as its raw
    text, fields in schema order). Text that did not decode is split into each
    message's text (in C, ``msgspec.Raw``). None: a part the stdlib does not read as
    one JSON value, for the caller to check from one parse of the whole text (the
    reference meaning of ``validate_json``)."""
    if read.messages is not None:
        twins = read.messages

        def twin_entry(index: int) -> Any:
            return _parse_json(msgspec.json.encode(twins[index]))

        try:
            found = _going_down(read, len(twins), lambda _, __: None, twin_entry, _no_entries)
        except TranscriptError:  # text the stdlib reads otherwise: from the whole text
            return None
        return len(twins), _verdict(*found, options, answered=_answered(read)).diagnostics
    try:
        parts = _PARTS.decode(text)
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeError, RecursionError):
        return None

    def part_entry(index: int) -> Any:
        return _parse_json(bytes(parts[index]))

    try:
        found = _going_down(
            read, len(parts), lambda start, stop: text_chunk(parts[start:stop]), part_entry,
            _no_entries,
        )  # fmt: skip
    except TranscriptError:
        return None
    return len(parts), _verdict(*found, options).diagnostics


def _answered(read: Read) -> bool | None:
    """What the verdict knows of the linkage: unanswered calls when it stopped there."""
    return False if read.stage is Stage.LINKAGE else None


def _no_entries(start: int, stop: int) -> None:
    return None


def _going_down(
    read: Read,
    count: int,
    twins_of: Callable[[int, int], tuple[Any, ...] | None],
    entry_at: Callable[[int], Any],
    entries_of: Callable[[int, int], list[Any] | None],
) -> tuple[list[Any], dict[int, Inspection]]:
    """Each message (a twin, an IR message, or None where malformed, its inspection
    then kept) of a transcript of ``count`` messages the verdict did not settle. From
    where it stopped, never back up: the twins it read are kept (``read.messages``),
    else ``twins_of(start, stop)`` reads chunks of them, message by message only in a
    chunk that fails; the messages failing a check on their own are found by halving
    (``failing``), and only those are explained, from ``entry_at(index)``
    (``inspect_message``). ``entries_of(start, stop)``: the mappings of those
    messages, for ``PLAIN`` twins (None for ``RAW``)."""
    plain = entries_of(0, 0) is not None
    messages: list[Any] = []
    bad: list[int] = []
    if read.messages is not None:
        messages.extend(read.messages)
        if read.stage is not Stage.LINKAGE:
            objects = read.stage is Stage.OBJECTS  # past it, every object is valid
            for start in range(0, count, _CHUNK):
                stop = min(start + _CHUNK, count)
                chunk = messages[start:stop]
                found = failing(
                    chunk, entries_of(start, stop), plain=plain, start=start, objects=objects
                )
                bad += found
    else:
        for start in range(0, count, _CHUNK):
            stop = min(start + _CHUNK, count)
            twins = twins_of(start, stop)
            if twins is not None:
                messages.extend(twins)
                bad += failing(twins, entries_of(start, stop), plain=plain, start=start)
                continue
            for index in range(start, stop):
                single = twins_of(index, index + 1)
                messages.append(None if single is None else single[0])
                if single is None or failing(single, entries_of(index, index + 1), plain=plain):
                    bad.append(index)
    malformed: dict[int, Inspection] = {}
    for index in bad:
        inspection = inspect_message(entry_at(index))
        messages[index] = inspection.message
        if inspection.message is None:
            malformed[index] = inspection
    return messages, malformed


def _explain_entries(
    entries: list[dict[Any, Any]], read: Read
) -> tuple[list[Any], dict[int, Inspection]]:
    """``_going_down`` for a snapshot of rereadable message mappings."""
    return _going_down(
        read,
        len(entries),
        lambda start, stop: entries_chunk(entries[start:stop]),
        entries.__getitem__,
        lambda start, stop: entries[start:stop],
    )


def _check_parts(parts: list[msgspec.Raw], options: Options) -> _Result | None:
    """``_check_entries`` over each message's JSON text; None when a part the fast path
    refused is not read by the stdlib as a single JSON value (see ``_verdict_of_text``)."""
    messages: list[Message | None] = []
    malformed: dict[int, Inspection] = {}
    keep = _keep(False, options)
    for start in range(0, len(parts), _CHUNK):
        chunk = parts[start : start + _CHUNK]
        converted = _decode_valid(b"[" + b",".join(chunk) + b"]", keep=keep)
        if converted is not None:
            messages.extend(converted)
            continue
        try:
            entries = [_parse_json(bytes(part)) for part in chunk]
        except TranscriptError:
            return None
        _check_one_by_one(entries, start, keep, messages, malformed)
    return _verdict(messages, malformed, options)


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


def _keep(keep: bool, options: Options) -> Keep:
    """What a check keeps of the arguments (``Keep``): with tools, a verdict keeps them
    plain, since they are checked against the tools' parameters."""
    return keep if keep or options.tools is None else "plain"


def _check(value: object, options: Options = _DEFAULT, *, keep: bool = True) -> _Result:
    if not issubclass(type(value), (list, tuple)):
        reason = f"must be a list or tuple of messages, not {type(value).__name__}"
        return _Result((), _with_tool_problems((transcript_diagnostic(reason),), options))
    try:
        entries = snapshot_sequence(value)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # a hostile container, whatever it raises
        found = (transcript_diagnostic(f"could not be read ({type(error).__name__})"),)
        return _Result((), _with_tool_problems(found, options))
    rereadable = None
    if set(map(type, entries)) == {dict}:
        # One C pass per chunk says which chunks may be read again; the verdict reads
        # only when all may, and otherwise the chunks' own conversion reuses the
        # answers: a verdict reads nothing more often than keeping the IR does.
        scratch = bytearray()
        rereadable = [is_rereadable(chunk, scratch) for chunk in _chunks(entries)]
        if not keep and options.tools is None and all(rereadable):
            read = read_entries(entries, options.pending)
            if read.stage is Stage.VALID:
                return _Result((), ())
            explained = _explain_entries(entries, read)
            return _verdict(*explained, options, answered=_answered(read))
    return _verdict(*_convert_entries(entries, _keep(keep, options), rereadable), options)


# Messages are converted in chunks: one msgspec call per chunk keeps the valid case
# fast, and a malformed message only sends its own chunk through the per-message path.
_CHUNK = 256


def _chunks(entries: list[Any]) -> list[list[Any]]:
    return [entries[start : start + _CHUNK] for start in range(0, len(entries), _CHUNK)]


def _convert_entries(
    entries: list[Any], keep: Keep, rereadable: list[bool] | None = None
) -> tuple[list[Message | None], dict[int, Inspection]]:
    """Each entry's message (None where malformed, its inspection then kept).
    ``rereadable``: ``is_rereadable`` of each chunk, when the caller has it."""
    messages: list[Message | None] = []
    malformed: dict[int, Inspection] = {}
    for number, start in enumerate(range(0, len(entries), _CHUNK)):
        chunk = entries[start : start + _CHUNK]
        known = None if rereadable is None else rereadable[number]
        converted = fast_messages(chunk, keep, known)
        if converted is not None:
            messages.extend(converted)
        else:
            # Each entry of a rereadable chunk is; of another, each is asked alone.
            _check_one_by_one(chunk, start, keep, messages, malformed, known or None)
    return messages, malformed


def diagnose(
    value: object, *, reuse: bool = False, options: Options = _DEFAULT
) -> tuple[tuple[Diagnostic, ...], list[Message | None] | None]:
    """``validate_transcript(value)`` and, from the same single read, each entry as IR
    (None where it is not valid on its own); the list is None when ``value`` is not a
    list or tuple that could be read. ``reuse``: a tool-call id used again after its
    call was answered is a new call, not a duplicate (for ``check_wire_rules`` and a
    provider that accepts it). ``options``: the tools read and ``allow_pending``, as
    ``validate_transcript`` takes them. Never raises."""
    try:
        if not issubclass(type(value), (list, tuple)):
            return _check(value, options, keep=False).diagnostics, None
        entries = snapshot_sequence(value)
        messages, malformed = _convert_entries(entries, keep=True)
        return _verdict(messages, malformed, options, reuse).diagnostics, messages
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # the contract: never raise on any input
        return (transcript_diagnostic(f"could not be validated ({type(error).__name__})"),), None


def tool_links_of(value: object) -> ToolLinks:
    """Which message makes each tool call of ``value`` and which answers it, read as the
    linkage rules read them (``_linkage.ToolLinks``: a malformed message's readable
    calls and result count). Never raises: what cannot be read has no links."""
    try:
        if not issubclass(type(value), (list, tuple)):
            return ToolLinks({}, {})
        messages, malformed = _convert_entries(snapshot_sequence(value), keep=False)
        links: list[Message | MalformedLinks] = []
        for index, message in enumerate(messages):
            if message is None:
                inspection = malformed[index]
                paths = [problem.path for problem in inspection.problems]
                links.append(malformed_links(inspection.plain, paths))
            else:
                links.append(message)
        return tool_links(links)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # the contract: never raise on any input
        return ToolLinks({}, {})


def _verdict(
    messages: list[Message | None],
    malformed: dict[int, Inspection],
    options: Options = _DEFAULT,
    reuse: bool = False,
    answered: bool | None = None,
) -> _Result:
    """The result once every message was converted (None where ``malformed``).
    ``answered``: ``_linkage.all_answered_once`` of them, when already asked."""
    tools = options.tools
    if not malformed:
        valid = tuple(message for message in messages if message is not None)
        found = linkage(valid, reuse=reuse, pending=options.pending, answered=answered)
        if tools is not None:
            found = [*tools.problems, *found, *tools.check_calls(valid, {})]
        return _Result(valid, ordered(found))
    return _Result((), _diagnostics_of_malformed(messages, malformed, options, reuse))


def _check_one_by_one(
    chunk: list[Any],
    start: int,
    keep: Keep,
    messages: list[Message | None],
    malformed: dict[int, Inspection],
    rereadable: bool | None = None,
) -> None:
    """Append each entry's message (None if malformed, its inspection then kept).
    ``rereadable``: ``is_rereadable(chunk)`` when known (then true of each entry)."""
    for index, entry in enumerate(chunk, start):
        single = fast_messages([entry], keep, rereadable)
        if single is not None:
            messages.extend(single)
            continue
        inspection = inspect_message(entry)
        messages.append(inspection.message)
        if inspection.message is None:
            malformed[index] = inspection


def _diagnostics_of_malformed(
    messages: list[Message | None],
    malformed: dict[int, Inspection],
    options: Options,
    reuse: bool = False,
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
    found = [*shape, *linkage(links, reuse=reuse, pending=options.pending)]
    if options.tools is not None:
        tools = options.tools
        found += [*tools.problems, *tools.check_calls(messages, malformed)]
    return ordered(found)


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
