"""Counting the live instances of a class cheaply: ``gc.get_objects()`` walks every object
of the test process (about a fifth of a second in an xdist worker), which tests that count
after every result paid a hundred times over."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest


@contextmanager
def live_instances(monkeypatch: pytest.MonkeyPatch, cls: type) -> Iterator[Callable[[], int]]:
    """While the block runs, every ``cls`` made is remembered weakly; yields a function
    that counts those still alive (made in the block and not yet freed)."""
    alive: weakref.WeakSet[Any] = weakref.WeakSet()
    made = cls.__init__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        alive.add(self)

    monkeypatch.setattr(cls, "__init__", __init__)
    yield lambda: len(alive)
    monkeypatch.setattr(cls, "__init__", made)
