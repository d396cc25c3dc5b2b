"""Which async record iterators a stream has already taken, process-wide.

An async iterator can be consumed only once. ``claim(iterator)`` records that a stream
takes it and returns ``False`` when some stream (of any adapter) already did, so a
second stream can refuse it without touching it. Claims are keyed by identity, never by
``__hash__``/``__eq__`` (the iterator is untrusted). A claim ends when its iterator is
garbage-collected; an iterator that cannot be weakly referenced is kept alive by its
claim for the life of the process.
"""

from __future__ import annotations

import weakref

__all__ = ["claim"]

_claims: dict[int, object] = {}


def claim(iterator: object) -> bool:
    """Take ``iterator`` for one stream; ``False`` when it was taken before."""
    key = id(iterator)
    held = _claims.get(key)
    if held is not None:
        current = held() if isinstance(held, weakref.ref) else held
        if current is iterator:
            return False
    try:
        _claims[key] = weakref.ref(iterator, lambda ref: _release(key, ref))
    except TypeError:  # not weakly referenceable: hold it so its id cannot be reused
        _claims[key] = iterator
    return True


def _release(key: int, ref: weakref.ref[object]) -> None:
    # The id may already belong to a newer claim; remove only this one.
    if _claims.get(key) is ref:
        del _claims[key]
