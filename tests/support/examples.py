"""How many examples a property test draws: every one under CI (``CI=true``, as
``.ci/run`` sets it), a quarter on a contributor's machine (at least 25), so that the
default ``nox`` takes minutes. ``AGENT_IR_ALL_EXAMPLES=1`` draws every one locally."""

from __future__ import annotations

import os

ALL = (
    os.environ.get("CI", "").lower() == "true" or os.environ.get("AGENT_IR_ALL_EXAMPLES", "") == "1"
)


def examples(count: int) -> int:
    """``count`` under CI; else a quarter of it, at least 25 (never more than ``count``)."""
    return count if ALL else min(count, max(25, count // 4))
