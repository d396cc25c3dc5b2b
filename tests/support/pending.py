"""What a provider would still refuse in a transcript whose pending turn waits for results.

``check_wire_rules`` gains ``allow_pending`` in parallel work; until it has it, the
provider's rules are checked as they are and only the MISSING_TOOL_RESULT diagnostics of
the pending turn's calls (``pending_turn``) are set aside, which is exactly what
``validate_transcript(..., allow_pending=True)`` accepts.
"""

from __future__ import annotations

import inspect
from typing import Any

from agent_ir import Diagnostic, check_wire_rules
from agent_ir.messages import messages_of
from agent_ir.validation._linkage import pending_turn


def wire_problems_with_pending(transcript: Any, provider: Any) -> tuple[Diagnostic, ...]:
    """``check_wire_rules(transcript, provider)`` but the pending turn's unanswered calls."""
    if "allow_pending" in inspect.signature(check_wire_rules).parameters:
        return check_wire_rules(transcript, provider, allow_pending=True)
    turn = pending_turn(messages_of("wire_problems_with_pending", transcript))
    return tuple(
        found
        for found in check_wire_rules(transcript, provider)
        if not (found.code == "MISSING_TOOL_RESULT" and found.message_index == turn)
    )
