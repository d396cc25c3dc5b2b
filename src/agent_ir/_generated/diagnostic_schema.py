# DO NOT EDIT: generated from schemas/v1 by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, TypeAlias
from msgspec import Meta, field
from agent_ir._base import IRStruct


class Diagnostic(IRStruct):
    """
    One problem in a transcript: a stable code, where it is, and a sentence for people.
    """

    code: Annotated[DiagnosticCode, Meta(description="The stable code of the problem.")]
    """
    The stable code of the problem.
    """
    message_index: Annotated[
        int,
        Meta(
            description="Index of the message the problem is in; -1 for the transcript as a whole.",
            ge=-1,
        ),
    ] = field(name="messageIndex")
    """
    Index of the message the problem is in; -1 for the transcript as a whole.
    """
    message: Annotated[
        str,
        Meta(
            description="A sentence for people describing the problem; its wording may change."
        ),
    ]
    """
    A sentence for people describing the problem; its wording may change.
    """
    path: Annotated[
        str,
        Meta(
            description="JSON Pointer (RFC 6901) into the transcript, e.g. /2/content/1/arguments; empty for the whole transcript.",
            pattern="^(/([^~/]|~[01])*)*\\Z",
        ),
    ]
    """
    JSON Pointer (RFC 6901) into the transcript, e.g. /2/content/1/arguments; empty for the whole transcript.
    """


class DiagnosticCode(StrEnum):
    """
    Stable code of a transcript problem. Codes are never renamed or reused within v1. The last four are reported only by check_wire_rules, for a provider's stricter rules.
    """

    INVALID_TRANSCRIPT = "INVALID_TRANSCRIPT"
    INVALID_MESSAGE = "INVALID_MESSAGE"
    EMPTY_TOOL_NAME = "EMPTY_TOOL_NAME"
    INVALID_TOOL_ARGUMENTS = "INVALID_TOOL_ARGUMENTS"
    DUPLICATE_TOOL_CALL_ID = "DUPLICATE_TOOL_CALL_ID"
    DUPLICATE_TOOL_RESULT = "DUPLICATE_TOOL_RESULT"
    ORPHAN_TOOL_RESULT = "ORPHAN_TOOL_RESULT"
    TOOL_RESULT_BEFORE_CALL = "TOOL_RESULT_BEFORE_CALL"
    TOOL_NAME_MISMATCH = "TOOL_NAME_MISMATCH"
    MISSING_TOOL_RESULT = "MISSING_TOOL_RESULT"
    ORPHAN_SERVER_TOOL_RESULT = "ORPHAN_SERVER_TOOL_RESULT"
    RESULT_NOT_IMMEDIATE = "RESULT_NOT_IMMEDIATE"
    INVALID_TOOL_CALL_ID_FORMAT = "INVALID_TOOL_CALL_ID_FORMAT"
    INVALID_ROLE_ORDER = "INVALID_ROLE_ORDER"
    EMPTY_CONTENT = "EMPTY_CONTENT"


Model: TypeAlias = Annotated[
    Diagnostic,
    Meta(description="One problem found in a transcript by validate_transcript."),
]
"""
One problem found in a transcript by validate_transcript.
"""
