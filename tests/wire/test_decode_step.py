"""The decode step itself (``agent_ir.wire._decode``), on small declarations of its own:
the walk that reads what one ``msgspec.convert`` does not (an undeclared key, an
unknown tag, a value of the wrong type), its refusals' words, and ``describe_json``,
the package's one namer of a JSON value. The formats' readers reach it through their
own tests; these pin what they share at its edges."""

from __future__ import annotations

import datetime
from typing import Annotated, Any, ClassVar, Literal

import msgspec
import pytest

from agent_ir._jsoncopy import WRITABLE_INT
from agent_ir.wire._decode import (
    Count,
    Decoded,
    Decoder,
    NonBlank,
    Unread,
    WireError,
    WireStruct,
    decode,
    describe_json,
    path_of,
)


class Text(WireStruct, tag_field="type", tag="text"):
    text: str


class Empty(WireStruct, tag_field="type", tag=""):
    empty_tag_read: ClassVar[bool] = True


class Holder(WireStruct):
    part: Text | None = None
    size: float | None = None
    count: Count | None = None
    name: NonBlank | None = None
    mode: Literal["a", "b"] | None = None
    maybe: None | int = None  # noqa: RUF036  (None first: the walk passes over it)
    code: Annotated[str, msgspec.Meta(min_length=2)] | None = None  # no pattern
    when: int | datetime.datetime | None = None  # a member the walk cannot read


def walked(data: Any, shape: Any = Holder) -> Decoded[Any]:
    """``data`` decoded; an undeclared key ``x`` sends it through the walk."""
    return Decoder(shape)({**data, "x": 1})


def refusal(data: Any, shape: Any = Holder) -> str:
    with pytest.raises(WireError) as caught:
        walked(data, shape)
    return str(caught.value)


def test_the_walk_reads_what_convert_reads_and_names_the_undeclared_key() -> None:
    data = {"part": {"type": "text", "text": "a"}, "size": 1, "count": 0, "maybe": 3}
    fast = Decoder(Holder)(data)
    slow = walked(data)
    assert fast == Decoded(Holder(part=Text("a"), size=1, count=0, maybe=3))
    assert (slow.value, slow.unread, slow.unknown) == (fast.value, ("/x",), ())


def test_a_number_may_be_an_integer_and_a_nullable_member_after_null_is_read() -> None:
    assert walked({"size": 2}).value.size == 2
    assert walked({"size": 2.5}).value.size == 2.5
    assert walked({"maybe": 7}).value.maybe == 7
    assert refusal({"size": "1"}) == "/size must be a number or null; it is a string ('1')"


def test_a_tagged_union_of_one_member_is_read_by_its_tag() -> None:
    assert walked({"part": {"type": "text", "text": "a"}}).value.part == Text("a")
    unknown = walked({"part": {"type": "video", "src": "v"}})
    assert unknown.value.part == Unread("video", {"type": "video", "src": "v"})
    assert unknown.unknown == ("/part",)


@pytest.mark.parametrize(
    ("tag", "said"),
    [
        ("", "/part/type must be a non-empty string; it is a string ('')"),
        (3, "/part/type must be a non-empty string; it is a number (3)"),
    ],
)
def test_a_tag_must_be_a_non_empty_string(tag: Any, said: str) -> None:
    assert refusal({"part": {"type": tag, "text": "a"}}) == said


def test_a_family_whose_empty_tag_is_a_tag_reads_it() -> None:
    assert decode({"type": "", "y": 1}, Empty | Text).value == Empty()
    with pytest.raises(WireError) as caught:
        decode({"type": 1}, Empty | Text)
    assert str(caught.value) == "/type must be a string; it is a number (1)"


def test_a_missing_tag_says_missing() -> None:
    assert (
        refusal({"part": {"text": "a"}}) == "/part/type must be a non-empty string; it is missing"
    )


def test_a_string_below_its_length_or_without_its_pattern_is_refused() -> None:
    assert walked({"name": "n"}).value.name == "n"
    assert refusal({"name": ""}) == "/name must be a non-empty string or null; it is a string ('')"
    assert refusal({"name": "   "}) == (
        "/name must be a non-empty string or null; it is a string ('   ')"
    )


def test_a_length_alone_is_checked_too() -> None:
    assert walked({"code": "ab"}).value.code == "ab"
    assert (
        refusal({"code": "a"}) == "/code must be a non-empty string or null; it is a string ('a')"
    )


def test_a_union_member_the_walk_cannot_read_never_takes_a_value() -> None:
    assert walked({"when": 3}).value.when == 3
    assert refusal({"when": "s"}) == (
        "/when must be an integer or a JSON value or null; it is a string ('s')"
    )


def test_a_count_is_an_integer_at_least_zero() -> None:
    assert walked({"count": 0}).value.count == 0
    assert refusal({"count": -1}) == "/count must be an integer >= 0 or null; it is a number (-1)"
    assert refusal({"count": True}) == (
        "/count must be an integer >= 0 or null; it is a boolean (true)"
    )


def test_a_literal_lists_its_values() -> None:
    assert walked({"mode": "b"}).value.mode == "b"
    assert refusal({"mode": "c"}) == "/mode must be one of 'a', 'b' or null; it is a string ('c')"


def test_a_declaration_the_walk_cannot_read_is_a_type_error_naming_it() -> None:
    class Dated(WireStruct):
        at: datetime.datetime

    with pytest.raises(TypeError) as caught:
        walked({"at": "2026-12-04T00:00:00Z"}, Dated)
    assert str(caught.value) == (
        "a wire declaration uses DateTimeType(tz=None), which the decode step does not read"
    )


def test_a_pointer_becomes_a_path_with_indexes_as_ints() -> None:
    assert path_of(("messages",), [{"a": 1}], "/0/a") == ("messages", 0, "a")
    assert path_of((), {"l": [1, 2], "a/b": {"~": 1}}, "/a~1b/~0") == ("a/b", "~")
    # An index past the end (a place the value does not have) is still a place.
    assert path_of((), [1], "/1/a") == (1, "a")


@pytest.mark.parametrize(
    ("value", "said"),
    [
        (None, "null"),
        (True, "a boolean (true)"),
        (False, "a boolean (false)"),
        (-1, "a number (-1)"),
        (2.5, "a number (2.5)"),
        ("x" * 40, f"a string ('{'x' * 40}')"),
        ("x" * 41, f"a string ('{'x' * 40}'...)"),
        ([], "an array"),
        ({}, "an object"),
        (WRITABLE_INT, "a number (too many digits to write as text)"),
        (-WRITABLE_INT, "a number (too many digits to write as text)"),
    ],
    ids=lambda value: type(value).__name__ if type(value) is int else None,
)
def test_describe_json_names_the_type_and_a_scalars_first_characters(value: Any, said: str) -> None:
    assert describe_json(value) == said


def test_the_largest_writable_numbers_are_written() -> None:
    for value in (WRITABLE_INT - 1, -WRITABLE_INT + 1):
        assert describe_json(value).startswith("a number (")
        assert "too many digits" not in describe_json(value)


def test_a_struct_of_annotated_fields_reads_through_their_descriptions() -> None:
    class Described(WireStruct):
        a: Annotated[int, msgspec.Meta(description="an a")]

    assert walked({"a": 1}, Described).value == Described(a=1)
    assert refusal({"a": "1"}, Described) == "/a must be an integer; it is a string ('1')"
