"""Message constructors, text extraction and JSON encoding of the IR.

The constructors are a boundary: every caller-supplied property is read once, copied
and frozen (see ``_jsoncopy``), then checked against the v1 schema and the value rules.
A rejection is an ``InvalidMessageError`` naming the function and the path.
Constructors check one message; linkage across messages is ``validate_transcript``'s.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec

from agent_ir._base import IRStruct, MessageStruct
from agent_ir._errors import InvalidMessageError, describe_error
from agent_ir._frozen import FrozenMapping, encode_frozen
from agent_ir._generated.message_schema import (
    AssistantMessage,
    Message,
    SystemMessage,
    ToolResultMessage,
    UserMessage,
)
from agent_ir._jsoncopy import snapshot_sequence, struct_builtins
from agent_ir._paths import Path
from agent_ir.validation._checks import UNORDERED, holds_a_set
from agent_ir.validation._convert import convert_value
from agent_ir.validation._explain import inspect_message
from agent_ir.validation._fast import fast_messages

__all__ = [
    "assistant_message",
    "dumps",
    "messages_of",
    "parse_message",
    "system_message",
    "text_from_assistant",
    "to_json_value",
    "tool_result_message",
    "user_message",
]


def user_message(
    *, id: str, content: object, timestamp: datetime | str | None = None
) -> UserMessage:
    """A user message. ``content``: a ``str`` or a list/tuple of text, image, audio and
    document blocks (block objects or mappings in JSON form)."""
    fields: dict[str, object] = {"role": "user", "id": id, "content": content}
    result = _build("user_message", fields, timestamp)
    assert isinstance(result, UserMessage)
    return result


def assistant_message(
    *,
    id: str,
    content: object,
    timestamp: datetime | str | None = None,
    provider: str | None = None,
    model: str | None = None,
    usage: object = None,
    stop_reason: str | None = None,
) -> AssistantMessage:
    """An assistant message. ``content``: a list/tuple (possibly empty) of text, thinking,
    toolCall, refusal, serverToolCall and serverToolResult blocks, in order. ``usage``: a
    ``Usage`` or ``{"inputTokens": n, "outputTokens": m}`` (optionally with
    ``cacheReadTokens``, ``cacheWriteTokens``, ``reasoningTokens``); ``stop_reason``:
    stop, length, toolCall, error, aborted or refusal."""
    fields: dict[str, object] = {"role": "assistant", "id": id, "content": content}
    optional = {"provider": provider, "model": model, "usage": usage, "stopReason": stop_reason}
    fields.update({key: value for key, value in optional.items() if value is not None})
    result = _build("assistant_message", fields, timestamp)
    assert isinstance(result, AssistantMessage)
    return result


def tool_result_message(
    *,
    id: str,
    tool_call_id: str,
    tool_name: str,
    content: object,
    is_error: bool = False,
    timestamp: datetime | str | None = None,
) -> ToolResultMessage:
    """The result of the tool call ``tool_call_id``. ``content``: a ``str`` or a
    list/tuple of text and image blocks; ``is_error`` must be a real ``bool``."""
    fields: dict[str, object] = {
        "role": "toolResult",
        "id": id,
        "toolCallId": tool_call_id,
        "toolName": tool_name,
        "content": content,
        "isError": is_error,
    }
    result = _build("tool_result_message", fields, timestamp)
    assert isinstance(result, ToolResultMessage)
    return result


def system_message(
    *, id: str, content: str, timestamp: datetime | str | None = None
) -> SystemMessage:
    """A system message; ``content`` is a ``str``."""
    fields: dict[str, object] = {"role": "system", "id": id, "content": content}
    result = _build("system_message", fields, timestamp)
    assert isinstance(result, SystemMessage)
    return result


def parse_message(value: object) -> Message:
    """One message from its JSON value (a mapping with the schema's camelCase names, as
    in a transcript) or an IR message, read once, copied and frozen like the
    constructors' input. A message that is not valid on its own is an
    ``InvalidMessageError`` naming the path; linkage with other messages is not checked
    (``validate_transcript`` does that), so the messages of a broken session can each be
    held as IR."""
    inspection = inspect_message(value)
    if inspection.message is None:
        problem = inspection.problems[0]
        raise InvalidMessageError("parse_message", problem.path, problem.code, problem.reason)
    return inspection.message


def text_from_assistant(message: AssistantMessage) -> str:
    """The text blocks of an assistant message, concatenated in order (``message.text``).
    Tool calls and thinking are never rendered."""
    if not isinstance(message, AssistantMessage):
        raise TypeError(
            f"text_from_assistant: expected an AssistantMessage, not {type(message).__name__}"
        )
    return message.text


def to_json_value(obj: object) -> Any:
    """A message, block, other IR value or sequence of them as fresh plain builtins
    (dicts, lists, str, ...), with the schema's camelCase names. Nothing is shared with
    the IR, so the result may be mutated freely. An IR value built directly from the
    generated classes (which do not check their arguments) that does not conform to the
    schema is an ``InvalidMessageError``, never written."""
    # Through JSON bytes: arrays come back as lists, and nothing is shared.
    return msgspec.json.decode(_encode("to_json_value", obj))


def dumps(obj: object) -> bytes:
    """``to_json_value(obj)`` as UTF-8 JSON bytes. Anything but agent-ir values (or a
    list/tuple of them) is a ``TypeError``: a plain dict could hold a NaN that JSON
    cannot say; an IR value that does not conform to the schema (built directly from
    the generated classes around, say, a NaN or a set) is an ``InvalidMessageError``."""
    return _encode("dumps", obj)


def _encode(function: str, obj: object) -> bytes:
    listed = issubclass(type(obj), (list, tuple))
    # A list or tuple is read through its base type: no override of the caller runs.
    items = snapshot_sequence(obj) if listed else [obj]
    messages: list[tuple[Path, Any]] = []
    for index, item in enumerate(items):
        kind = type(item)
        where: Path = (index,) if listed else ()
        if not issubclass(kind, (IRStruct, FrozenMapping)):
            raise TypeError(
                f"{function}: expected an agent-ir message, block or other IR value, "
                f"or a list or tuple of them, not {kind.__name__}"
            )
        if issubclass(kind, MessageStruct):
            messages.append((where, item))
        elif issubclass(kind, IRStruct):
            _check_value(function, where, item)
    _check_messages(function, messages)
    return msgspec.json.encode(items if listed else obj, enc_hook=encode_frozen)


def _check_messages(function: str, messages: list[tuple[Path, Any]]) -> None:
    """Refuse a message (built directly from the generated classes) whose JSON form is
    not a valid message, or that holds a set: all in one batch through the fast path,
    and only when that fails, one by one to name the first problem."""
    if not messages or fast_messages([item for _, item in messages], keep=False) is not None:
        return
    for where, item in messages:
        inspection = inspect_message(item)
        if inspection.message is None:
            problem = inspection.problems[0]
            raise InvalidMessageError(
                function, (*where, *problem.path), problem.code, problem.reason
            )


def _check_value(function: str, where: Path, item: Any) -> None:
    """Refuse an IR value other than a message whose JSON form is not a valid value of
    its own type, or that holds a set (written twice, its JSON could differ)."""
    try:
        convert_value(struct_builtins(item), type(item))
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:
        reason = f"is not a valid {type(item).__name__} ({describe_error(error)})"
        raise InvalidMessageError(function, where, "INVALID_MESSAGE", reason) from None
    if holds_a_set(item):
        raise InvalidMessageError(function, where, "INVALID_MESSAGE", UNORDERED)


def _build(function: str, fields: dict[str, object], timestamp: object) -> Message:
    if timestamp is not None:
        fields["timestamp"] = _timestamp_text(function, timestamp)
    inspection = inspect_message(fields)
    if inspection.message is None:
        problem = inspection.problems[0]
        raise InvalidMessageError(
            function, _caller_path(problem.path), problem.code, problem.reason
        )
    return inspection.message


def _timestamp_text(function: str, timestamp: Any) -> str:
    kind = type(timestamp)  # type(), not isinstance(): a hostile __class__ is never read
    if issubclass(kind, datetime):
        return _datetime_text(function, timestamp)
    if issubclass(kind, str):
        return str.__str__(timestamp)
    raise InvalidMessageError(
        function,
        ("timestamp",),
        "INVALID_MESSAGE",
        f"must be an aware datetime or an RFC 3339 string, not {kind.__name__}",
    )


def _datetime_text(function: str, timestamp: datetime) -> str:
    # Through datetime's own methods (a subclass's overrides are never called); the
    # tzinfo is the caller's object, so its failures are contained.
    try:
        offset = datetime.utcoffset(timestamp)
        text = datetime.isoformat(timestamp) if offset is not None else ""
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # a hostile tzinfo, whatever it raises
        raise InvalidMessageError(
            function,
            ("timestamp",),
            "INVALID_MESSAGE",
            f"could not be read ({describe_error(error)})",
        ) from None
    if offset is None:
        raise InvalidMessageError(
            function,
            ("timestamp",),
            "INVALID_MESSAGE",
            "must be timezone-aware (a naive datetime has no offset)",
        )
    return text


_CALLER_NAMES = {
    "toolCallId": "tool_call_id",
    "toolName": "tool_name",
    "isError": "is_error",
    "stopReason": "stop_reason",
}


def _caller_path(path: Path) -> Path:
    # The first segment is a keyword argument: name it as the caller wrote it.
    if path and isinstance(path[0], str):
        return (_CALLER_NAMES.get(path[0], path[0]), *path[1:])
    return path


def messages_of(function: str, transcript: object) -> list[Message]:
    """The messages of ``transcript`` (a list or tuple of IR messages or JSON-form
    mappings), each valid on its own (linkage is not checked: a broken session converts
    and repairs too); ``InvalidMessageError`` naming the first bad one (its path starts
    with its index), ``TypeError`` for anything but a list or tuple.

    Mappings are validated in batches on the fast path; a batch it refuses is read
    entry by entry to name the first bad one (entry by entry throughout, a million
    messages took 20 times as long). Anything else (an IR message, which may have been
    built directly from the generated classes, unchecked) goes through
    ``parse_message``."""
    if not issubclass(type(transcript), (list, tuple)):
        raise TypeError(
            f"{function}: expected a list or tuple of messages, not {type(transcript).__name__}"
        )
    entries = snapshot_sequence(transcript)
    mappings = [index for index, entry in enumerate(entries) if type(entry) is dict]
    messages: list[Message | None] = [None] * len(entries)
    for start in range(0, len(mappings), _CHUNK):
        positions = mappings[start : start + _CHUNK]
        converted = fast_messages([entries[index] for index in positions])
        if converted is not None:
            for index, message in zip(positions, converted, strict=True):
                messages[index] = message
    return [
        _parsed(function, index, entries[index]) if message is None else message
        for index, message in enumerate(messages)
    ]


_MESSAGE_TYPES = frozenset({SystemMessage, UserMessage, AssistantMessage, ToolResultMessage})
# Mappings are validated this many at a time: one fast-path call per batch, and a bad
# entry only sends its own batch through the per-message path.
_CHUNK = 256


def _parsed(function: str, index: int, entry: object) -> Message:
    try:
        return parse_message(entry)
    except InvalidMessageError as error:
        raise InvalidMessageError(
            function, (index, *error.path), error.code, error.reason
        ) from None
