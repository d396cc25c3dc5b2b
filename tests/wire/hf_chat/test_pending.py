"""The calls not answered yet, as the Hugging Face and OTel readers pair results with
them (``_Pending``): any order of calls and answers by id, by name or of any name gives
what a plain list of open calls gives, the fast path for results in the order of their
calls included."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from agent_ir.wire.hf_chat._request import _Pending

from support.examples import examples

IDS = st.sampled_from(["a", "b", "c"])
NAMES = st.sampled_from(["f", "g"])
STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("add"), IDS, NAMES),
        st.tuples(st.just("id"), IDS),
        st.tuples(st.just("name"), st.one_of(st.none(), NAMES)),
    ),
    max_size=30,
)


def _model_take(open_calls: list[tuple[str, str]], field: int, key: str | None) -> object:
    for position, call in enumerate(open_calls):
        if key is None or call[field] == key:
            return open_calls.pop(position)
    return None


@settings(max_examples=examples(600), derandomize=True, deadline=None)
@given(steps=STEPS)
def test_every_answer_takes_the_first_open_call_it_names(steps: list[tuple[str, ...]]) -> None:
    pending = _Pending()
    open_calls: list[tuple[str, str]] = []
    for step in steps:
        if step[0] == "add":
            pending.add(step[1], step[2])
            open_calls.append((step[1], step[2]))
        elif step[0] == "id":
            assert pending.take_id(step[1]) == _model_take(open_calls, 0, step[1])
        else:
            assert pending.take_name(step[1]) == _model_take(open_calls, 1, step[1])


def test_results_in_order_then_a_name_skip_the_calls_answered() -> None:
    pending = _Pending()
    for call_id in ("a", "b", "c"):
        pending.add(call_id, "f")
    assert pending.take_id("a") == ("a", "f")  # in order: no queue is built
    assert pending.take_id("c") == ("c", "f")  # out of order: the queues
    assert pending.take_name(None) == ("b", "f")
    assert pending.take_name(None) is None
    assert pending.take_id("a") is None
