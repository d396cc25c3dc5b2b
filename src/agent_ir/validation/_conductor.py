"""The conductor: a transcript's verdict, asked of the fast engine first, explained by
the explaining engine only for what failed.

A verdict (``check_text``, ``check`` with ``keep=False``) is one pipeline that only goes
down: the input is read once (a snapshot of the list; JSON text as it is), the fast
engine (``_fast``) decodes or converts all of it into twins of the message types that
keep nothing and checks everything at once; when it stops short, it goes on from where
it stopped and names the failing messages, and only those are handed to the
explaining engine (``_explain.inspect_messages``, whose jsonschema reference runs only
for a message the fast engine refused). The linkage across messages (``_linkage``) and
the order of the diagnostics (``_diagnostics``) close every check. With tools, and to
keep the IR (``parse_transcript``, ``loads``), messages are converted into the
generated types 256 per call (``_fast.fast_messages``); only a chunk that fails is
inspected message by message.

Each property is read at most once: the fast engine only runs on data whose reads are
not observable (``dict``/``list``/``tuple`` and subclasses read through the base type,
exact ``str``, numbers), which one C pass per chunk (``_convert.is_rereadable``)
establishes first, shared by every path.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

import msgspec

from agent_ir._errors import JsonValueError, TranscriptError, describe_error
from agent_ir._generated.diagnostic_schema import Diagnostic, DiagnosticCode
from agent_ir._generated.message_schema import Message
from agent_ir._jsoncopy import snapshot_sequence
from agent_ir.validation._checks import values_valid
from agent_ir.validation._convert import (
    CHUNK,
    Keep,
    decode_messages,
    rereadable_chunks,
)
from agent_ir.validation._diagnostics import diagnostic, ordered, transcript_diagnostic
from agent_ir.validation._explain import Inspection, inspect_message, inspect_messages
from agent_ir.validation._fast import Stage, Verdict, entries_verdict, fast_messages, text_verdict
from agent_ir.validation._linkage import (
    MalformedLinks,
    ToolLinks,
    all_answered_once,
    linkage,
    malformed_links,
    tool_links,
)
from agent_ir.validation._tools import Tools, read_tools

__all__ = [
    "Options",
    "Result",
    "check",
    "check_options",
    "check_text",
    "diagnose",
    "exact_text",
    "parse_text",
    "tool_links_of",
]


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


class Result(NamedTuple):
    """The messages of a valid transcript (empty otherwise) and its diagnostics."""

    messages: tuple[Message, ...]
    diagnostics: tuple[Diagnostic, ...]


def check_text(data: object, options: Options = _DEFAULT) -> tuple[int, tuple[Diagnostic, ...]]:
    """``validate_json``'s verdict with the number of messages read (the length of the
    array, 0 when the text is not one). Never raises, for any ``data``."""
    # type(), not isinstance(): a hostile __class__ is never read
    if not issubclass(type(data), (bytes, bytearray, memoryview, str)):
        reason = f"must be JSON text (bytes or str), not {type(data).__name__}"
        return 0, (transcript_diagnostic(reason),)
    try:
        return _verdict_of_text(exact_text(data), options)
    except TranscriptError as error:
        return 0, _with_tool_problems(error.diagnostics, options)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # the contract: never raise on any input
        return 0, (transcript_diagnostic(f"could not be validated ({type(error).__name__})"),)


def parse_text(data: bytes | bytearray | memoryview | str, options: Options) -> tuple[Message, ...]:
    """``loads``: the IR of JSON text, or ``TranscriptError`` with every diagnostic."""
    try:
        text = exact_text(data)
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
    result = check(value, options)
    if result.diagnostics:
        raise TranscriptError(result.diagnostics)
    return result.messages


def _with_tool_problems(
    diagnostics: tuple[Diagnostic, ...], options: Options
) -> tuple[Diagnostic, ...]:
    """``diagnostics`` about a transcript that could not be read, with the problems of
    the tool definitions (read all the same), in order."""
    if options.tools is None or not options.tools.problems:
        return diagnostics
    return ordered([*diagnostics, *options.tools.problems])


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
    """``validate_json``'s verdict. Without tools: the fast engine's verdict
    (``text_verdict``), and the failing messages it names explained. With tools (the
    arguments are kept: they are checked against the tools' parameters): the generated
    types; when the whole text is not valid, its array is split into each message's
    JSON text (in C, ``msgspec.Raw``), chunks of messages are still decoded by the fast
    path, and only a chunk holding a problem is parsed into Python values and checked
    message by message. Either way, text whose array cannot be split (not JSON, not an
    array, lone surrogate escapes) and parts the stdlib reads differently are checked
    from one stdlib parse of the whole text, the reference meaning of ``validate_json``."""
    if options.tools is None:
        verdict = text_verdict(text, options.pending)
        if verdict is not None and verdict.stage is Stage.VALID:
            return verdict.length, ()
        if verdict is not None:
            assert verdict.messages is not None
            assert verdict.texts is not None
            try:
                entries = [_parse_json(part) for part in verdict.texts]
            except TranscriptError:  # text the stdlib reads otherwise: from the whole text
                entries = None
            if entries is not None:
                explained = _explained(verdict, entries)
                result = _verdict(*explained, options, answered=_answered(verdict))
                return len(verdict.messages), result.diagnostics
        value = _parse_json(text)
        count = len(value) if type(value) is list else 0
        return count, check(value, options, keep=False).diagnostics
    keep = _keep(False, options)
    messages = _decode_valid(text, keep=keep)
    if messages is not None:
        return len(messages), _verdict(list(messages), {}, options).diagnostics
    try:
        parts = _PARTS.decode(text)
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeError, RecursionError):
        parts = None
    if parts is not None:
        from_parts = _check_parts(parts, options)
        if from_parts is not None:
            return len(parts), from_parts.diagnostics
    value = _parse_json(text)
    count = len(value) if type(value) is list else 0
    return count, check(value, options, keep=False).diagnostics


_PARTS = msgspec.json.Decoder(list[msgspec.Raw])


def _explained(verdict: Verdict, entries: list[Any]) -> tuple[list[Any], dict[int, Inspection]]:
    """The fast engine's messages with each failing one replaced by what the explaining
    engine read of ``entries`` (its mapping or JSON value, in ``verdict.failing``'s
    order): the IR message, or None and its inspection when it is malformed."""
    assert verdict.messages is not None
    messages = verdict.messages
    malformed: dict[int, Inspection] = {}
    for index, inspection in zip(verdict.failing, inspect_messages(entries), strict=True):
        messages[index] = inspection.message
        if inspection.message is None:
            malformed[index] = inspection
    return messages, malformed


def _answered(verdict: Verdict) -> bool | None:
    """What the verdict knows of the linkage: unanswered calls when it stopped there."""
    return False if verdict.stage is Stage.LINKAGE else None


def _check_parts(parts: list[msgspec.Raw], options: Options) -> Result | None:
    """``_convert_entries`` over each message's JSON text; None when a part the fast
    path refused is not read by the stdlib as a single JSON value (see
    ``_verdict_of_text``)."""
    messages: list[Message | None] = []
    malformed: dict[int, Inspection] = {}
    keep = _keep(False, options)
    for start in range(0, len(parts), CHUNK):
        chunk = parts[start : start + CHUNK]
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


def exact_text(data: Any) -> bytes | str:
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


def _keep(keep: bool, options: Options) -> Keep:
    """What a check keeps of the arguments (``Keep``): with tools, a verdict keeps them
    plain, since they are checked against the tools' parameters."""
    return keep if keep or options.tools is None else "plain"


def check(value: object, options: Options = _DEFAULT, *, keep: bool = True) -> Result:
    """The result of ``value`` as a transcript (``keep=False``: a verdict only, its
    messages not kept). Raises only what a hostile object raises from a place read
    after the snapshot; the public functions contain it."""
    if not issubclass(type(value), (list, tuple)):
        reason = f"must be a list or tuple of messages, not {type(value).__name__}"
        return Result((), _with_tool_problems((transcript_diagnostic(reason),), options))
    try:
        entries = snapshot_sequence(value)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # a hostile container, whatever it raises
        found = (transcript_diagnostic(f"could not be read ({type(error).__name__})"),)
        return Result((), _with_tool_problems(found, options))
    rereadable = None
    if set(map(type, entries)) == {dict}:
        # One C pass per chunk says which chunks may be read again; the verdict reads
        # only when all may, and otherwise the chunks' own conversion reuses the
        # answers: a verdict reads nothing more often than keeping the IR does.
        if not keep and options.tools is None:
            verdict = entries_verdict(entries, options.pending)
            if verdict.stage is Stage.VALID:
                return Result((), ())
            if verdict.messages is not None:
                explained = _explained(verdict, [entries[i] for i in verdict.failing])
                return _verdict(*explained, options, answered=_answered(verdict))
            rereadable = verdict.rereadable
        else:
            rereadable = rereadable_chunks(entries)
    return _verdict(*_convert_entries(entries, _keep(keep, options), rereadable), options)


def _convert_entries(
    entries: list[Any], keep: Keep, rereadable: list[bool] | None = None
) -> tuple[list[Message | None], dict[int, Inspection]]:
    """Each entry's message (None where malformed, its inspection then kept).
    ``rereadable``: ``is_rereadable`` of each chunk, when the caller has it."""
    messages: list[Message | None] = []
    malformed: dict[int, Inspection] = {}
    for number, start in enumerate(range(0, len(entries), CHUNK)):
        chunk = entries[start : start + CHUNK]
        known = None if rereadable is None else rereadable[number]
        converted = fast_messages(chunk, keep, known)
        if converted is not None:
            messages.extend(converted)
        else:
            # Each entry of a rereadable chunk is; of another, each is asked alone.
            _check_one_by_one(chunk, start, keep, messages, malformed, known or None)
    return messages, malformed


class Diagnosed(NamedTuple):
    """``diagnose``'s answer: the diagnostics; each entry as IR (None where it is not
    valid on its own), or None when the value is not a list or tuple that could be read;
    and the links of each malformed entry, by index."""

    diagnostics: tuple[Diagnostic, ...]
    messages: list[Message | None] | None
    malformed: dict[int, MalformedLinks]


def diagnose(value: object, *, reuse: bool = False, options: Options = _DEFAULT) -> Diagnosed:
    """``validate_transcript(value)`` and, from the same single read, each entry as IR
    and what each malformed one still contributes to the linkage (``Diagnosed``).
    ``reuse``: a tool-call id used again after its call was answered is a new call, not
    a duplicate (for ``check_wire_rules`` and a provider that accepts it). ``options``:
    the tools read and ``allow_pending``, as ``validate_transcript`` takes them. Never
    raises."""
    try:
        if not issubclass(type(value), (list, tuple)):
            return Diagnosed(check(value, options, keep=False).diagnostics, None, {})
        entries = snapshot_sequence(value)
        messages, malformed = _convert_entries(entries, keep=True)
        diagnostics = _verdict(messages, malformed, options, reuse).diagnostics
        links = {index: _links_of(inspection) for index, inspection in malformed.items()}
        return Diagnosed(diagnostics, messages, links)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # the contract: never raise on any input
        reason = f"could not be validated ({type(error).__name__})"
        return Diagnosed((transcript_diagnostic(reason),), None, {})


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
            links.append(_links_of(malformed[index]) if message is None else message)
        return tool_links(links)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # the contract: never raise on any input
        return ToolLinks({}, {})


def _links_of(inspection: Inspection) -> MalformedLinks:
    """What a malformed message still contributes to the linkage."""
    paths = [problem.path for problem in inspection.problems]
    return malformed_links(inspection.plain, paths)


def _verdict(
    messages: list[Message | None],
    malformed: dict[int, Inspection],
    options: Options = _DEFAULT,
    reuse: bool = False,
    answered: bool | None = None,
) -> Result:
    """The result once every message was converted (None where ``malformed``).
    ``answered``: ``_linkage.all_answered_once`` of them, when already asked."""
    tools = options.tools
    if not malformed:
        valid = tuple(message for message in messages if message is not None)
        found = linkage(valid, reuse=reuse, pending=options.pending, answered=answered)
        if tools is not None:
            found = [*tools.problems, *found, *tools.check_calls(valid, {})]
        return Result(valid, ordered(found))
    return Result((), _diagnostics_of_malformed(messages, malformed, options, reuse))


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
        links.append(_links_of(inspection))
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
