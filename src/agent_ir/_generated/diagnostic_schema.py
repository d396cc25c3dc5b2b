# DO NOT EDIT: generated from schemas/v1 by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, TypeAlias
from msgspec import Meta, field
from agent_ir._base import Absent, IRStruct


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
    tool_index: Absent[
        Annotated[
            int,
            Meta(
                description="Index of the tool definition the problem is in (INVALID_TOOL_DEFINITION, INVALID_TOOL_NAME_FORMAT of a tool); then messageIndex is -1 and path points into that definition (/parameters/properties/x). Absent for a problem in the messages.",
                ge=0,
            ),
        ]
    ] = field(name="toolIndex", default=None)
    """
    Index of the tool definition the problem is in (INVALID_TOOL_DEFINITION, INVALID_TOOL_NAME_FORMAT of a tool); then messageIndex is -1 and path points into that definition (/parameters/properties/x). Absent for a problem in the messages.
    """


class DiagnosticCode(StrEnum):
    """
    Stable code of a transcript problem. Codes are never renamed or reused within v1. UNDECLARED_TOOL, TOOL_ARGUMENTS_MISMATCH and INVALID_TOOL_DEFINITION are reported only when tools are given; the last ten only by check_wire_rules, for a provider's stricter rules.
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
    UNDECLARED_TOOL = "UNDECLARED_TOOL"
    TOOL_ARGUMENTS_MISMATCH = "TOOL_ARGUMENTS_MISMATCH"
    INVALID_TOOL_DEFINITION = "INVALID_TOOL_DEFINITION"
    RESULT_NOT_IMMEDIATE = "RESULT_NOT_IMMEDIATE"
    INVALID_TOOL_CALL_ID_FORMAT = "INVALID_TOOL_CALL_ID_FORMAT"
    INVALID_ROLE_ORDER = "INVALID_ROLE_ORDER"
    EMPTY_CONTENT = "EMPTY_CONTENT"
    INVALID_TOOL_NAME_FORMAT = "INVALID_TOOL_NAME_FORMAT"
    MISSING_THOUGHT_SIGNATURE = "MISSING_THOUGHT_SIGNATURE"
    TOO_MANY_IMAGES = "TOO_MANY_IMAGES"
    TOO_MANY_DOCUMENTS = "TOO_MANY_DOCUMENTS"
    MEDIA_TOO_LARGE = "MEDIA_TOO_LARGE"
    DOCUMENT_WITHOUT_TEXT = "DOCUMENT_WITHOUT_TEXT"


Model: TypeAlias = Annotated[
    Diagnostic,
    Meta(
        description="One problem found in a transcript (or in the tools it was given) by validate_transcript."
    ),
]
"""
One problem found in a transcript (or in the tools it was given) by validate_transcript.
"""
