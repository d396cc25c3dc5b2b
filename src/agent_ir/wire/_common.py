"""What every wire format shares: the request and result types, warnings, reading
untrusted wire values, and turning converted messages into the IR.

A conversion never drops anything silently: whatever a format cannot carry is a
``ConversionWarning`` with a stable code (``schemas/v1/conversion-warning.schema.json``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from agent_ir._diagnostics import diagnostic, ordered
from agent_ir._errors import AgentIRError, JsonValueError, TranscriptError
from agent_ir._generated.conversion_warning_schema import (
    ConversionWarning,
    ConversionWarningCode,
)
from agent_ir._generated.diagnostic_schema import Diagnostic, DiagnosticCode
from agent_ir._generated.message_schema import Message
from agent_ir._inspect import inspect_message
from agent_ir._jsoncopy import copy_json
from agent_ir._paths import Path, format_path
from agent_ir.repair import messages_of

__all__ = [
    "ConversionWarning",
    "ConversionWarningCode",
    "Warnings",
    "WireFormatError",
    "WireMessages",
    "WireRequest",
    "assigned_id",
    "ir_messages",
    "read_wire",
    "transcript_items",
]


@dataclass(frozen=True)
class WireRequest:
    """A provider request built from IR messages: ``fields`` are the request's fields as
    plain JSON-ready values (pass them with ``**request.fields`` next to ``model`` and
    the rest), ``warnings`` what the format could not carry or changed, in order."""

    fields: dict[str, Any]
    warnings: tuple[ConversionWarning, ...] = field(default=())


class WireMessages(tuple[Message, ...]):
    """The IR messages read from a wire format (a tuple) with ``warnings``: the wire
    parts that have no IR form, each named by its position in the wire input."""

    warnings: tuple[ConversionWarning, ...]

    def __new__(
        cls, messages: Iterable[Message], warnings: Iterable[ConversionWarning] = ()
    ) -> WireMessages:
        result = super().__new__(cls, messages)
        result.warnings = tuple(warnings)
        return result


class WireFormatError(AgentIRError, ValueError):
    """Wire input that is not of its format's shape; ``path`` names the place
    (``("messages", 2, "content", 0, "type")``) and ``reason`` what is wrong."""

    def __init__(self, function: str, path: Path, reason: str) -> None:
        where = format_path(path) or "input"
        super().__init__(f"{function}: {where} {reason}")
        self.function = function
        self.path = path
        self.reason = reason


class Warnings:
    """Collects the warnings of one conversion."""

    def __init__(self) -> None:
        self._found: list[ConversionWarning] = []

    def add(
        self, code: ConversionWarningCode, message_index: int, block_index: int, text: str
    ) -> None:
        self._found.append(
            ConversionWarning(
                code=code, message_index=message_index, block_index=block_index, message=text
            )
        )

    def all(self) -> tuple[ConversionWarning, ...]:
        return tuple(self._found)


def transcript_items(function: str, transcript: object) -> list[Message]:
    """The messages of ``transcript`` (a list or tuple of IR messages or JSON-form
    mappings), each valid on its own (linkage is not checked: a broken session converts
    too); ``InvalidMessageError`` naming the first bad one."""
    return messages_of(function, transcript)


def read_wire(function: str, value: object, path: Path = ()) -> Any:
    """Untrusted wire input as plain builtins, read once; ``WireFormatError`` when it is
    not JSON data."""
    try:
        return copy_json(value, path=path)
    except JsonValueError as error:
        raise WireFormatError(function, error.path, error.reason) from None


def assigned_id(index: int) -> str:
    """The id given to message ``index`` of a wire transcript that has none."""
    return f"message-{index + 1:04d}"


def ir_messages(messages: Sequence[dict[str, Any]]) -> tuple[Message, ...]:
    """Messages in JSON form -> the IR, each checked on its own; a message that is not
    valid on its own (tool-call arguments that are not a JSON object, say) makes a
    ``TranscriptError`` with the diagnostics of every such message, never a guess."""
    converted: list[Message] = []
    problems: list[Diagnostic] = []
    for index, entry in enumerate(messages):
        inspection = inspect_message(entry)
        if inspection.message is not None:
            converted.append(inspection.message)
            continue
        problems.extend(
            diagnostic(DiagnosticCode(problem.code), index, problem.path, problem.reason)
            for problem in inspection.problems
        )
    if problems:
        raise TranscriptError(ordered(problems))
    return tuple(converted)
