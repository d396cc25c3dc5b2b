"""The tool name every ``from_*`` gives a result (``CallNames``): the name of the
nearest call with its id before the result, else of the first one after it; None
when no call has its id. Checked against that rule over any order of calls, ids used
once or many times, and results anywhere."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from agent_ir.wire._common import CallNames

from support.examples import examples

CALLS = st.lists(
    st.tuples(st.sampled_from(["a", "b", "c"]), st.sampled_from(["f", "g", "h"])), max_size=12
)


def _rule(calls: list[tuple[int, str, str]], call_id: str, position: int) -> str | None:
    with_id = [(at, name) for at, found, name in calls if found == call_id]
    before = [name for at, name in with_id if at < position]
    if before:
        return before[-1]
    return with_id[0][1] if with_id else None


@settings(max_examples=examples(400), derandomize=True, deadline=None)
@given(calls=CALLS, gaps=st.lists(st.integers(0, 2), min_size=12, max_size=12))
def test_a_result_is_named_by_the_nearest_call_before_it_else_the_first_after(
    calls: list[tuple[str, str]], gaps: list[int]
) -> None:
    names = CallNames()
    placed: list[tuple[int, str, str]] = []
    position = 0
    for (call_id, name), gap in zip(calls, gaps, strict=False):
        position += gap  # several calls may share a message
        names.add(position, call_id, name)
        placed.append((position, call_id, name))
    for call_id in ("a", "b", "c", "d"):
        for at in range(position + 2):
            assert names.name(call_id, at) == _rule(placed, call_id, at)


def test_an_id_given_again_is_named_by_position_not_by_the_first_call() -> None:
    names = CallNames()
    names.add(0, "a", "f")
    assert names.name("a", 5) == "f"
    names.add(3, "a", "g")
    names.add(6, "a", "h")
    assert [names.name("a", at) for at in (0, 1, 3, 4, 6, 7)] == ["f", "f", "f", "g", "g", "h"]
    assert names.name("b", 1) is None
