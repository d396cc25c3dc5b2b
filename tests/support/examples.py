"""How many examples a property test draws: every one where ``AGENT_IR_ALL_EXAMPLES=1``
(nox sets it for the CI test run of the newest Python, the one that also runs the heavy
tests), a quarter elsewhere (at least 25): the other Pythons under CI and a
contributor's ``nox``, so that both stay within their time budgets. Set it by hand to
draw every one locally."""

from __future__ import annotations

import os

ALL = os.environ.get("AGENT_IR_ALL_EXAMPLES", "") == "1"


def examples(count: int) -> int:
    """``count`` when every example is asked; else a quarter of it, at least 25 (never more
    than ``count``)."""
    return count if ALL else min(count, max(25, count // 4))
