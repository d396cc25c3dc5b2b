"""Transcript validation as the package offers it: ``validate_transcript``,
``validate_json``, ``parse_transcript`` and ``loads``, their contracts and their
guards.

``validate_transcript`` and ``validate_json`` never raise (``KeyboardInterrupt`` and
``SystemExit`` aside); ``parse_transcript`` and ``loads`` return the IR or raise
``TranscriptError`` holding every diagnostic. The work is the validation room's
(``agent_ir.validation``): its conductor asks the fast engine for the verdict and the
explaining engine only about the messages that failed.
"""

from __future__ import annotations

from agent_ir._errors import TranscriptError
from agent_ir._generated.diagnostic_schema import Diagnostic
from agent_ir._generated.message_schema import Message
from agent_ir.validation._conductor import (
    check,
    check_options,
    check_text,
    parse_text,
    tool_links_of,
)
from agent_ir.validation._diagnostics import transcript_diagnostic

__all__ = ["loads", "parse_transcript", "tool_links_of", "validate_json", "validate_transcript"]


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
        return check(value, check_options(tools, allow_pending), keep=False).diagnostics
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


def parse_transcript(
    value: object, *, tools: object = None, allow_pending: bool = False
) -> tuple[Message, ...]:
    """The IR of a valid transcript, or ``TranscriptError`` with every diagnostic.
    ``tools`` and ``allow_pending``: as for ``validate_transcript``."""
    result = check(value, check_options(tools, allow_pending))
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
    return parse_text(data, check_options(tools, allow_pending))
