"""Short names for diagnostic codes and the summary the transcript tests compare."""

from __future__ import annotations

from agent_ir import Diagnostic, DiagnosticCode

INVALID_TRANSCRIPT = DiagnosticCode.INVALID_TRANSCRIPT
INVALID_MESSAGE = DiagnosticCode.INVALID_MESSAGE
EMPTY_TOOL_NAME = DiagnosticCode.EMPTY_TOOL_NAME
INVALID_TOOL_ARGUMENTS = DiagnosticCode.INVALID_TOOL_ARGUMENTS
ORPHAN_TOOL_RESULT = DiagnosticCode.ORPHAN_TOOL_RESULT
MISSING_TOOL_RESULT = DiagnosticCode.MISSING_TOOL_RESULT


def codes(diagnostics: tuple[Diagnostic, ...]) -> list[tuple[str, int]]:
    """Each diagnostic as ``(code, message_index)``, in order."""
    return [(diagnostic.code, diagnostic.message_index) for diagnostic in diagnostics]
