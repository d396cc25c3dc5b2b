"""Makes ``tests/support`` importable as ``support`` from every test module.

pytest runs with ``--import-mode=importlib``, which puts no test directory on
``sys.path``; the shared doubles and builders are imported through this entry instead.
It also holds ``user_first_provider``, a fixture some modules share, and loads the
Hypothesis profile whose example counts depend on CI (``support/examples.py``).
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from types import MappingProxyType

import pytest

TESTS = str(Path(__file__).resolve().parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)

from support.examples import examples  # noqa: E402

try:  # the sessions that run a few test files (package, docs) have no Hypothesis
    from hypothesis import settings
except ImportError:
    pass
else:
    # A property test that names no count draws Hypothesis's default (100) under CI and
    # a quarter of it locally, as the counts the tests name (support/examples.py).
    settings.register_profile("agent-ir", max_examples=examples(100))
    settings.load_profile("agent-ir")


USER_FIRST = "user-first"


@pytest.fixture
def user_first_provider(monkeypatch: pytest.MonkeyPatch) -> str:
    """The name of a provider registered for the test: Anthropic's record with a user
    turn first asked (``TurnRules.user_turn_first``), which no registered provider asks
    any more (Anthropic accepts an assistant message first)."""
    from agent_ir.wire import _registry

    anthropic = _registry.REGISTRY["anthropic"]
    spec = dataclasses.replace(
        anthropic,
        name=USER_FIRST,
        turns=dataclasses.replace(anthropic.turns, user_turn_first=True),
    )
    monkeypatch.setattr(
        _registry, "REGISTRY", MappingProxyType({**_registry.REGISTRY, USER_FIRST: spec})
    )
    return USER_FIRST
