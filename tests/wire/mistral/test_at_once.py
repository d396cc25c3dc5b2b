"""Messages read at once (one ``msgspec.convert``, nothing copied) give what the checked
read gives, for every value msgspec takes as it is: a call's arguments given as an
object, its ``index``, an image's ``detail`` and a reference's ids, read or not. The
checked read is forced by giving the messages as a tuple (``read_wire`` copies it)."""

from __future__ import annotations

import sys
from typing import Any

import msgspec
import pytest
from msgspec import inspect as mi

from agent_ir.wire import WireFormatError, from_mistral
from agent_ir.wire.mistral import _wire as mistral


class _Dict(dict[str, Any]):
    pass


def _call(arguments: Any = "{}", **more: Any) -> list[Any]:
    call = {"id": "abcdefghi", "function": {"name": "f", "arguments": arguments}, **more}
    return [{"role": "assistant", "content": None, "tool_calls": [call]}]


def _image(detail: Any) -> list[Any]:
    image = {"type": "image_url", "image_url": {"url": "https://x/y.png", "detail": detail}}
    return [{"role": "user", "content": [image]}]


def _reference(ids: Any, role: str = "assistant") -> list[Any]:
    piece = {"type": "reference", "reference_ids": ids}
    return [{"role": role, "content": [{"type": "thinking", "thinking": [piece]}]}]


def _deep(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = {"a": value}
    return value


NAN = float("nan")
TOO_LONG = "is an integer of more than 4300 digits"

REFUSED = {
    "arguments holding NaN": (_call({"x": NAN}), "/messages/0/tool_calls/0/function/arguments/x"),
    "arguments nested too deep": (_call(_deep(200)), "/messages/0/tool_calls/0/function/arguments/a"),
    "an index of 5000 digits": (_call(index=10**5000), "/messages/0/tool_calls/0/index"),
    "a detail of NaN": (_image(NAN), "/messages/0/content/0/image_url/detail"),
    "reference ids holding infinity": (_reference([float("inf")]), "/messages/0/content/0/thinking/0/reference_ids/0"),
    "reference ids, not read, holding NaN": (_reference([NAN], "user"), "/messages/0/content/0/thinking/0/reference_ids/0"),
    "reference ids nested too deep": (_reference([_deep(200)]), "/messages/0/content/0/thinking/0/reference_ids/0/a"),
}  # fmt: skip

COPIED = {
    "arguments of a dict subclass": _call(_Dict(x=1)),
    "arguments holding a tuple": _call({"x": (1, 2)}),
    "a detail of a tuple": _image((1, 2)),
    "a detail of a dict subclass": _image(_Dict(a=1)),
    "reference ids of a tuple": _reference((1,)),
    "a large index": _call(index=2**80),
}


def _outcome(messages: Any) -> Any:
    try:
        read = from_mistral(messages)
    except WireFormatError as error:
        return ("refused", str(error))
    return (tuple(read), read.warnings)


@pytest.mark.parametrize("name", REFUSED)
def test_a_value_read_wire_refuses_is_refused_at_its_path(name: str) -> None:
    messages, pointer = REFUSED[name]
    outcome = _outcome(messages)
    assert outcome[0] == "refused"
    assert outcome[1].startswith(f"from_mistral: {pointer}")
    assert outcome == _outcome(tuple(messages))


@pytest.mark.parametrize("name", COPIED)
def test_a_value_read_wire_copies_reads_as_its_copy(name: str) -> None:
    messages = COPIED[name]
    outcome = _outcome(messages)
    assert outcome[0] != "refused"
    assert outcome == _outcome(tuple(messages))


def test_an_index_longer_than_the_ir_writes_is_refused_where_python_prints_any_int() -> None:
    # With no limit on int digits (set after import), msgspec takes an int of 5,000
    # digits; the IR writes at most the limit in force at import (4,300 by default).
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        messages = _call(index=10**5000)
        outcome = _outcome(messages)
        assert outcome == ("refused", f"from_mistral: /messages/0/tool_calls/0/index {TOO_LONG}")
        assert outcome == _outcome(tuple(messages))
    finally:
        sys.set_int_max_str_digits(limit)


def _loose_fields() -> set[str]:
    """The fields of the declaration whose values msgspec takes as they are or checks
    less than ``read_wire`` does (free JSON, objects of it, numbers)."""

    def loose(kind: mi.Type) -> bool:
        if isinstance(kind, mi.Metadata):
            return loose(kind.type)
        if isinstance(kind, mi.UnionType):
            return any(map(loose, kind.types))
        if isinstance(kind, (mi.ListType, mi.VarTupleType)):
            return loose(kind.item_type)
        return isinstance(kind, (mi.AnyType, mi.DictType, mi.IntType, mi.FloatType))

    found = set()
    for name in dir(mistral):
        cls = getattr(mistral, name)
        if isinstance(cls, type) and issubclass(cls, msgspec.Struct):
            info = mi.type_info(cls)
            assert isinstance(info, mi.StructType)
            found |= {f"{cls.__name__}.{field.name}" for field in info.fields if loose(field.type)}
    return found


def test_every_loose_field_of_the_declaration_is_one_the_at_once_read_checks() -> None:
    # _request._loose holds these by hand: a field added to the declaration must be
    # added there too (this fails until it is).
    assert _loose_fields() == {
        "ToolCall.index",
        "FunctionCall.arguments",
        "ImageUrl.detail",
        "ReferenceChunk.reference_ids",
    }
