"""Hypothesis strategies of noisy wire input, for tests that compare a reader's at-once
read with its checked read: each example is clean (noise 0: the shapes read at once),
mildly noisy (1: now and then a value absent, null, hostile, not finite, too big or
nested too deep) or noisy (2: that often, and odd or hostile keys left to the checked
read)."""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import strategies as st

from agent_ir import MAX_DEPTH

from support.hostile import ArmedKey, TextSubclass, nested_object

ABSENT: Any = object()
"""A field left out of the object ``obj`` builds."""

SCALARS = st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.text(max_size=8)
NUMBERS = st.integers(-(2**70), 2**70) | st.floats(allow_nan=True, allow_infinity=True)
HOSTILE = st.sampled_from(
    [TextSubclass("x"), "\ud800", 3, 1.5, [], ["x"], {}, True, (1,), nested_object(MAX_DEPTH + 2)]
)


@cache
def json_values(noisy: int) -> st.SearchStrategy[Any]:
    """JSON values; when noisy, their numbers now and then huge or not finite."""
    leaves = st.one_of(*[SCALARS] * (1 if noisy > 1 else 6), NUMBERS) if noisy else SCALARS
    return st.recursive(
        leaves,
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
        ),
        max_leaves=8,
    )


def now_and_then_hostile(found: st.SearchStrategy[Any], noisy: int) -> st.SearchStrategy[Any]:
    """``found``; when noisy, now and then nested about as deep as input may hold, a key
    that must not be compared, or ``HOSTILE``."""
    if not noisy:
        return found
    deep = st.integers(MAX_DEPTH - 1, MAX_DEPTH + 1).map(nested_object)
    odd = deep | st.just({ArmedKey("k"): 1}) | HOSTILE
    return st.one_of(*[found] * (2 if noisy > 1 else 12), odd)


def maybe(value: st.SearchStrategy[Any], noisy: int) -> st.SearchStrategy[Any]:
    """``value``, or when noisy now and then absent, null or hostile."""
    if not noisy:
        return value
    odds = 3 if noisy > 1 else 24
    return st.one_of(*[value] * odds, st.just(ABSENT) | st.none() | HOSTILE)


@cache
def odd_keys(noisy: int) -> st.SearchStrategy[dict[Any, Any]]:
    """Nothing; when noisy, now and then an odd key, a null odd key or a hostile key."""
    if noisy < 2:
        return st.just({})
    extra = [{"weight": 1}, {"extra": None}, {ArmedKey("x"): 1}]
    return st.sampled_from([{}, {}, {}, {}, *extra])


@cache
def obj(noisy: int, **fields: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """An object of the fields drawn (``ABSENT`` ones left out), with ``odd_keys``; when
    noisy, now and then not an object at all."""

    def build(drawn: dict[str, Any], extra: dict[Any, Any]) -> dict[Any, Any]:
        return {key: value for key, value in drawn.items() if value is not ABSENT} | extra

    built = st.builds(build, st.fixed_dictionaries(fields), odd_keys(noisy))
    return st.one_of(built, built, built, HOSTILE) if noisy > 1 else built
