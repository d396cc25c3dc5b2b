"""Transcript validation: shape per message, then tool-call linkage across messages.

``validate_transcript`` never raises (``KeyboardInterrupt`` and ``SystemExit`` aside);
``parse_transcript`` and ``loads`` return the IR or raise ``TranscriptError`` holding
every diagnostic. Valid input takes the msgspec fast path, 256 messages per call; only
a chunk the fast path refuses is inspected message by message, and only failing
messages are explained by the jsonschema reference.

Each property is read at most once: the fast path only runs on data whose reads are not
observable (``dict``/``list``/``tuple`` and subclasses read through the base type,
exact ``str``, numbers), which one C pass (``_fastpath.plain``) establishes first.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

import msgspec

from agent_ir._fastpath import (
    audio_sources_tagged,
    convert_messages,
    decode_messages,
    has_audio,
    values_valid,
)
from agent_ir._fastpath import (
    plain as plain_json,
)
from agent_ir._generated.diagnostic_schema import Diagnostic, DiagnosticCode
from agent_ir._generated.message_schema import (
    AssistantMessage,
    Message,
    ToolCallBlock,
    ToolResultMessage,
)
from agent_ir._inspect import Inspection, inspect_message, tool_call_blocks
from agent_ir._reference import Problem
from agent_ir._text import is_blank
from agent_ir.jsonvalue import (
    JsonValueError,
    PathSegment,
    encode_hook,
    format_path,
    snapshot_sequence,
)

__all__ = ["TranscriptError", "loads", "parse_transcript", "validate_transcript"]


class TranscriptError(ValueError):
    """A transcript is invalid; ``diagnostics`` holds every problem, in order."""

    def __init__(self, diagnostics: tuple[Diagnostic, ...]) -> None:
        first = diagnostics[0]
        more = f" (and {len(diagnostics) - 1} more)" if len(diagnostics) > 1 else ""
        super().__init__(f"{first.code} at message {first.message_index}: {first.message}{more}")
        self.diagnostics = diagnostics


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
        return (
            _diagnostic(
                DiagnosticCode.invalid_transcript,
                -1,
                (),
                f"could not be validated ({type(error).__name__})",
            ),
        )


def parse_transcript(value: object) -> tuple[Message, ...]:
    """The IR of a valid transcript, or ``TranscriptError`` with every diagnostic."""
    result = _check(value)
    if result.diagnostics:
        raise TranscriptError(result.diagnostics)
    return result.messages


def loads(data: bytes | bytearray | memoryview | str) -> tuple[Message, ...]:
    """``parse_transcript`` of JSON text. Malformed JSON is a ``TranscriptError`` with
    one INVALID_TRANSCRIPT diagnostic."""
    if not isinstance(data, (bytes, bytearray, memoryview, str)):
        raise TypeError(f"loads: expected bytes or str, not {type(data).__name__}")
    try:
        messages = decode_messages(data if isinstance(data, (bytes, str)) else bytes(data))
    except (msgspec.ValidationError, msgspec.DecodeError, JsonValueError, UnicodeError):
        pass  # explained below, from the stdlib parse (bytes that are not UTF-8, or a str
        # holding lone surrogates, raise UnicodeError here)
    except RecursionError:
        raise TranscriptError(_too_deep()) from None
    else:
        # Audio sources need their tag checked in the plain data: the stdlib parse below.
        if values_valid(messages) and not has_audio(messages):
            diagnostics = _linkage_of_valid(messages)
            if diagnostics:
                raise TranscriptError(diagnostics)
            return messages
    return parse_transcript(_parse_json(data))


class _Result(NamedTuple):
    messages: tuple[Message, ...]
    diagnostics: tuple[Diagnostic, ...]


def _check(value: object, *, keep: bool = True) -> _Result:
    if not isinstance(value, (list, tuple)):
        reason = f"must be a list or tuple of messages, not {type(value).__name__}"
        return _Result((), (_diagnostic(DiagnosticCode.invalid_transcript, -1, (), reason),))
    try:
        entries = snapshot_sequence(value)
    except Exception as error:
        reason = f"could not be read ({type(error).__name__})"
        return _Result((), (_diagnostic(DiagnosticCode.invalid_transcript, -1, (), reason),))
    return _check_entries(entries, keep)


# Messages are converted in chunks: one msgspec call per chunk keeps the valid case
# fast, and a malformed message only sends its own chunk through the per-message path.
_CHUNK = 256


def _check_entries(entries: list[Any], keep: bool) -> _Result:
    messages: list[Message | None] = []
    inspections: dict[int, Inspection] = {}
    for start in range(0, len(entries), _CHUNK):
        chunk = entries[start : start + _CHUNK]
        converted = _fast(chunk, keep)
        if converted is not None:
            messages.extend(converted)
            continue
        for index, entry in enumerate(chunk, start):
            single = _fast([entry], keep)
            if single is not None:
                messages.extend(single)
                continue
            inspection = inspect_message(entry)
            messages.append(inspection.message)
            if inspection.message is None:
                inspections[index] = inspection
    if not inspections:
        valid = tuple(message for message in messages if message is not None)
        return _Result(valid, _linkage_of_valid(valid))
    shape: list[Diagnostic] = []
    links: list[Message | _Links] = []
    for index, message in enumerate(messages):
        if message is not None:
            links.append(message)
            continue
        inspection = inspections[index]
        shape.extend(_shape_diagnostic(index, problem) for problem in inspection.problems)
        links.append(_Links.of_malformed(inspection.plain, inspection.problems))
    return _Result((), _ordered([*shape, *_linkage(links)]))


def _fast(entries: list[Any], keep: bool) -> tuple[Message, ...] | None:
    """The IR when every entry passes msgspec and the value checks; else None. Runs
    only on plain data (see ``_fastpath.plain``), so reading it again later is not
    observable."""
    plain: list[Any] = []
    for entry in entries:
        if type(entry) is dict:
            plain.append(entry)
        elif issubclass(type(entry), msgspec.Struct):
            # An IR object may have been built by hand around anything: re-check it.
            try:
                plain.append(msgspec.to_builtins(entry, enc_hook=encode_hook))
            except Exception:
                return None
        else:
            return None
    if not plain_json(plain):
        return None
    try:
        messages = convert_messages(plain, keep=keep)
    except Exception:
        return None
    if not values_valid(messages) or not audio_sources_tagged(messages, plain):
        return None
    return messages


class _Links(NamedTuple):
    """What a malformed message still contributes to linkage (a well-formed message
    is read directly): per block, its well-formed calls count, and the readable ids of
    its malformed calls or of a malformed result suppress cascades."""

    calls: tuple[tuple[int, str, str], ...]  # (block index, id, name) of well-formed calls
    malformed_call_ids: frozenset[str]  # readable ids of malformed calls
    malformed_result_id: str | None  # readable toolCallId of a malformed result

    @staticmethod
    def of_malformed(plain: Any, problems: list[Problem]) -> _Links:
        if not isinstance(plain, dict):
            return _NO_LINKS
        if plain.get("role") == "toolResult":
            return _Links((), frozenset(), _readable_id(plain.get("toolCallId")))
        calls = []
        malformed: set[str] = set()
        for index, block in tool_call_blocks(plain):
            prefix: tuple[PathSegment, ...] = ("content", index)
            call_id = _readable_id(block.get("id"))
            if any(problem.path[:2] == prefix for problem in problems):
                if call_id is not None:
                    malformed.add(call_id)
            elif call_id is not None:
                calls.append((index, call_id, block["name"]))
        return _Links(tuple(calls), frozenset(malformed), None)


_NO_LINKS = _Links((), frozenset(), None)


def _readable_id(value: object) -> str | None:
    return value if isinstance(value, str) and not is_blank(value) else None


def _linkage_of_valid(messages: tuple[Message, ...]) -> tuple[Diagnostic, ...]:
    """Linkage of well-formed messages. The common case, every call answered once by a
    later result of the same name, is confirmed in one tight pass without building
    per-message records; anything else goes to the general rules."""
    open_calls: dict[str, tuple[int, str]] = {}
    answered: set[str] = set()
    for index, message in enumerate(messages):
        kind = type(message)
        if kind is ToolResultMessage:
            assert isinstance(message, ToolResultMessage)
            call = open_calls.pop(message.tool_call_id, None)
            if call is None or call[1] != message.tool_name:
                return _linkage(messages)
            answered.add(message.tool_call_id)
        elif kind is AssistantMessage:
            assert isinstance(message, AssistantMessage)
            for block in message.content:
                if type(block) is ToolCallBlock:
                    if block.id in open_calls or block.id in answered:
                        return _linkage(messages)
                    open_calls[block.id] = (index, block.name)
    if open_calls:
        return _linkage(messages)
    return ()


def _linkage(links: Sequence[Message | _Links]) -> tuple[Diagnostic, ...]:
    """The linkage rules over every message: a well-formed message, or what a malformed
    one contributes (``_Links.of_malformed``)."""
    calls: dict[str, list[tuple[int, int, str]]] = {}
    results: dict[str, list[tuple[int, str]]] = {}
    malformed_call_ids: set[str] = set()
    malformed_result_ids: set[str] = set()
    for message_index, link in enumerate(links):
        kind = type(link)
        if kind is ToolResultMessage:
            assert isinstance(link, ToolResultMessage)
            results.setdefault(link.tool_call_id, []).append((message_index, link.tool_name))
            continue
        if kind is AssistantMessage:
            assert isinstance(link, AssistantMessage)
            for block_index, block in enumerate(link.content):
                if type(block) is ToolCallBlock:
                    calls.setdefault(block.id, []).append((message_index, block_index, block.name))
            continue
        if kind is not _Links:
            continue  # a user or system message takes no part in linkage
        assert isinstance(link, _Links)
        for block_index, call_id, name in link.calls:
            calls.setdefault(call_id, []).append((message_index, block_index, name))
        malformed_call_ids.update(link.malformed_call_ids)
        if link.malformed_result_id is not None:
            malformed_result_ids.add(link.malformed_result_id)
    if not results and not calls:
        return ()
    found: list[Diagnostic] = []
    for call_id, sites in calls.items():
        if len(sites) > 1:
            first = sites[0][0]
            for message_index, block_index, _ in sites[1:]:
                found.append(_diagnostic(
                    DiagnosticCode.duplicate_tool_call_id, message_index, ("content", block_index, "id"),
                    f"tool call id {call_id!r} is already used by a call in message {first}",
                ))  # fmt: skip
            continue
        call_index, block_index, name = sites[0]
        answered = any(index > call_index for index, _ in results.get(call_id, ()))
        if not answered and call_id not in malformed_result_ids:
            found.append(_diagnostic(
                DiagnosticCode.missing_tool_result, call_index, ("content", block_index),
                f"tool call {call_id!r} ({name}) has no result after it",
            ))  # fmt: skip
    for call_id, answers in results.items():
        sites = calls.get(call_id, [])
        if len(sites) > 1:
            continue  # pairing is ambiguous: DUPLICATE_TOOL_CALL_ID says it all
        for position, (message_index, tool_name) in enumerate(answers):
            if position:
                found.append(_diagnostic(
                    DiagnosticCode.duplicate_tool_result, message_index, ("toolCallId",),
                    f"tool call {call_id!r} already has a result in message {answers[0][0]}",
                ))  # fmt: skip
            if not sites:
                if call_id not in malformed_call_ids:
                    found.append(_diagnostic(
                        DiagnosticCode.orphan_tool_result, message_index, ("toolCallId",),
                        f"no tool call has id {call_id!r}",
                    ))  # fmt: skip
                continue
            call_index, _, name = sites[0]
            if message_index <= call_index:
                found.append(_diagnostic(
                    DiagnosticCode.tool_result_before_call, message_index, ("toolCallId",),
                    f"answers tool call {call_id!r}, which only comes in message {call_index}",
                ))  # fmt: skip
            elif tool_name != name:
                found.append(_diagnostic(
                    DiagnosticCode.tool_name_mismatch, message_index, ("toolName",),
                    f"{tool_name!r} differs from the name of tool call {call_id!r}: {name!r}",
                ))  # fmt: skip
    return _ordered(found)


_CODE_ORDER = {code: position for position, code in enumerate(DiagnosticCode)}
_SHAPE_CODES = frozenset(
    {
        DiagnosticCode.invalid_transcript,
        DiagnosticCode.invalid_message,
        DiagnosticCode.empty_tool_name,
        DiagnosticCode.invalid_tool_arguments,
    }
)


def _ordered(diagnostics: Iterable[Diagnostic]) -> tuple[Diagnostic, ...]:
    """By message index, then position inside the message (JSON Pointer order, array
    indexes numerically), then the order in which the codes are listed."""
    indexed = list(enumerate(diagnostics))

    def key(item: tuple[int, Diagnostic]) -> tuple[Any, ...]:
        sequence, diagnostic = item
        position = _pointer_key(diagnostic.path)
        return (diagnostic.message_index, position, _CODE_ORDER[diagnostic.code], sequence)

    return tuple(diagnostic for _, diagnostic in sorted(indexed, key=key))


def _pointer_key(pointer: str) -> tuple[tuple[int, int, str], ...]:
    parts = [part.replace("~1", "/").replace("~0", "~") for part in pointer.split("/")[2:]]
    return tuple((1, int(part), "") if part.isdigit() else (0, 0, part) for part in parts)


def _shape_diagnostic(message_index: int, problem: Problem) -> Diagnostic:
    return _diagnostic(DiagnosticCode(problem.code), message_index, problem.path, problem.reason)


def _diagnostic(
    code: DiagnosticCode, message_index: int, path: tuple[PathSegment, ...], reason: str
) -> Diagnostic:
    if code in _SHAPE_CODES:
        where = format_path(path) or ("transcript" if message_index < 0 else "message")
        reason = f"{where} {reason}"
    full_path = path if message_index < 0 else (message_index, *path)
    pointer = "".join(
        "/" + str(segment).replace("~", "~0").replace("/", "~1") for segment in full_path
    )
    return Diagnostic(code=code, message_index=message_index, message=reason, path=pointer)


def _parse_json(data: bytes | bytearray | memoryview | str) -> Any:
    def refuse_constant(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    try:
        text = data if isinstance(data, str) else bytes(data).decode("utf-8")
        return json.loads(text, parse_constant=refuse_constant)
    except RecursionError:
        raise TranscriptError(_too_deep()) from None
    except ValueError as error:
        reason = f"is not valid JSON ({type(error).__name__}: {error})"
        raise TranscriptError(
            (_diagnostic(DiagnosticCode.invalid_transcript, -1, (), reason),)
        ) from None


def _too_deep() -> tuple[Diagnostic, ...]:
    # JSON text nested beyond what the parsers handle (about 1,000 levels) is refused as
    # a whole; a parsed value that deep gets a diagnostic at its message instead.
    reason = "is nested too deeply to parse as JSON text"
    return (_diagnostic(DiagnosticCode.invalid_transcript, -1, (), reason),)
