"""Short names for diagnostic codes and the summary the transcript tests compare."""

from __future__ import annotations

from agent_ir import Diagnostic, DiagnosticCode

INVALID_TRANSCRIPT = DiagnosticCode.invalid_transcript
INVALID_MESSAGE = DiagnosticCode.invalid_message
EMPTY_TOOL_NAME = DiagnosticCode.empty_tool_name
INVALID_TOOL_ARGUMENTS = DiagnosticCode.invalid_tool_arguments
ORPHAN_TOOL_RESULT = DiagnosticCode.orphan_tool_result
MISSING_TOOL_RESULT = DiagnosticCode.missing_tool_result


def codes(diagnostics: tuple[Diagnostic, ...]) -> list[tuple[str, int]]:
    """Each diagnostic as ``(code, message_index)``, in order."""
    return [(diagnostic.code, diagnostic.message_index) for diagnostic in diagnostics]
