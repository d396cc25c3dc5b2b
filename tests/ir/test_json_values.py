"""Copy-and-freeze of untrusted JSON values: ``JsonObject``, the copy walk (``_jsoncopy``)
and the raw frozen mapping (``_frozen``).

The JSON value rules pinned where the other suites leave them open: the depth bound
through ``loads``, objects whose ``__class__`` raises, array/string equality,
``adopt_object`` and the keyword arguments of ``copy_json`` and ``snapshot_json``.

Some rules here are fast-path filters (``is_exact_json``): their verdict is only
observable through ``adopt_object``, which adopts exactly the values they accept and
copies every other one.
"""

from __future__ import annotations

import copy
import json
import math
import pickle
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import agent_ir
from agent_ir import (
    MAX_DEPTH,
    JsonObject,
    JsonValueError,
    TranscriptError,
    UserMessage,
    dumps,
    loads,
    parse_transcript,
    user_message,
    validate_json,
)
from agent_ir._frozen import encode_frozen, plain_data
from agent_ir._jsoncopy import (
    INVALID,
    WRITABLE_INT,
    are_exact_rereadable,
    copy_json,
    is_exact_json,
    is_within_depth,
    snapshot_json,
    snapshot_sequence,
    thaw,
)
from agent_ir._jsonobject import adopt_object, freeze_object
from agent_ir._paths import format_path
from agent_ir.validation._convert import is_rereadable

from support.builders import assistant, call_block, result
from support.examples import examples
from support.hostile import (
    HostileMapping,
    MyFloat,
    MyInt,
    MyStr,
    OverridingDict,
    RaisingList,
    RaisingTuple,
    nested_dicts,
    nested_lists,
)


def test_json_object_is_the_public_one() -> None:
    assert agent_ir.JsonObject is JsonObject
    assert agent_ir.MAX_DEPTH == MAX_DEPTH == 64


def test_json_object_mapping_api() -> None:
    obj = JsonObject({"a": 1, "b": [2, 3], "c": {"d": None}})
    assert len(obj) == 3
    assert list(obj) == ["a", "b", "c"]
    assert "a" in obj
    assert "z" not in obj
    assert 1 not in obj
    assert obj.get("a") == 1
    assert obj.get("z") is None
    assert obj.get("z", "default") == "default"
    assert obj["a"] == 1
    with pytest.raises(KeyError):
        obj["z"]
    assert list(obj.keys()) == ["a", "b", "c"]
    assert next(iter(obj.items())) == ("a", 1)
    assert list(obj.values())[1] == (2, 3)
    assert isinstance(obj, Mapping)


def test_empty_json_object() -> None:
    obj = JsonObject()
    assert len(obj) == 0
    assert obj == {}
    assert JsonObject({}) == obj
    assert hash(obj) == hash(JsonObject({}))


def test_nested_values_come_out_frozen() -> None:
    obj = JsonObject({"list": [1, [2, {"x": [3]}]], "obj": {"inner": {"deep": 1}}})
    nested_list = obj["list"]
    assert type(nested_list) is tuple
    assert nested_list == (1, (2, JsonObject({"x": [3]})))
    assert type(nested_list[1]) is tuple
    assert type(nested_list[1][1]) is JsonObject
    assert type(nested_list[1][1]["x"]) is tuple
    assert type(obj["obj"]) is JsonObject
    assert type(obj["obj"]["inner"]) is JsonObject
    assert type(obj.get("obj")) is JsonObject
    assert [type(value) for value in obj.values()] == [tuple, JsonObject]
    assert [type(value) for _, value in obj.items()] == [tuple, JsonObject]


def test_json_object_refuses_every_mutation() -> None:
    obj = JsonObject({"a": {"b": [1]}, "c": 1})
    with pytest.raises(TypeError):
        obj["c"] = 2  # type: ignore[index]
    with pytest.raises(TypeError):
        del obj["c"]  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        obj.extra = 1  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        obj._data = {}  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del obj._data
    with pytest.raises(TypeError):
        obj["a"]["b"] = 2  # type: ignore[index]
    with pytest.raises(TypeError):
        obj["a"]["b"][0] = 2  # type: ignore[index]
    for method in ("update", "pop", "popitem", "clear", "setdefault"):
        assert not hasattr(obj, method), method
    assert obj == {"a": {"b": [1]}, "c": 1}


def test_json_object_copies_its_input() -> None:
    inner = [1, 2]
    source: dict[str, Any] = {"a": inner, "b": {"c": 1}}
    obj = JsonObject(source)
    inner.append(3)
    source["b"]["c"] = 2
    source["new"] = 1
    assert obj == {"a": [1, 2], "b": {"c": 1}}


def test_json_object_equality() -> None:
    obj = JsonObject({"a": [1, {"b": [2]}], "c": "x"})
    assert obj == {"a": [1, {"b": [2]}], "c": "x"}
    assert obj == {"c": "x", "a": [1, {"b": [2]}]}
    assert obj == {"a": (1, {"b": (2,)}), "c": "x"}
    assert obj == JsonObject({"c": "x", "a": [1, {"b": [2]}]})
    assert obj != {"a": [1, {"b": [3]}], "c": "x"}
    assert obj != {"a": [1, {"b": [2, 2]}], "c": "x"}
    assert obj != {"a": [1, {"b": [2]}]}
    assert obj != {"a": [1, {"b": [2]}], "c": "x", "d": None}
    assert obj != {"a": [1, {"b": [2]}], "z": "x"}
    assert obj != [("a", 1)]
    assert obj != "a"


def test_json_object_hash_is_by_value_and_order_free() -> None:
    left = JsonObject({"a": [1, {"b": 2}], "c": None})
    right = JsonObject({"c": None, "a": [1, {"b": 2}]})
    assert hash(left) == hash(right)
    assert len({left, right}) == 1
    assert hash(left) == hash(left)
    assert {left: "found"}[right] == "found"


def test_json_object_repr_shows_its_data() -> None:
    assert repr(JsonObject({"a": [1, {"b": 2}]})) == "JsonObject({'a': [1, {'b': 2}]})"


def test_json_object_pickles_copies_and_deep_copies() -> None:
    obj = JsonObject({"a": [1, {"b": [2.5, None, True]}], "__proto__": "x"})
    for restored in (pickle.loads(pickle.dumps(obj)), copy.copy(obj), copy.deepcopy(obj)):
        assert type(restored) is JsonObject
        assert restored == obj
        assert hash(restored) == hash(obj)
        assert type(restored["a"]) is tuple


def test_json_object_of_invalid_input_raises_json_value_error() -> None:
    with pytest.raises(JsonValueError) as caught:
        JsonObject({"a": math.nan})
    assert caught.value.path == ("a",)
    assert str(caught.value) == "a must be a finite number"


# --- freeze_object / copy_json / thaw ------------------------------------------------


def test_freeze_object_returns_a_json_object_equal_to_its_input() -> None:
    data = {"s": "x", "i": 1, "f": 1.5, "t": False, "n": None, "l": [1, (2,)], "o": {"k": []}}
    frozen = freeze_object(data)
    assert type(frozen) is JsonObject
    assert frozen == data


def test_freeze_object_of_a_json_object_is_that_object() -> None:
    obj = JsonObject({"a": 1})
    assert freeze_object(obj) is obj


@pytest.mark.parametrize(
    ("value", "type_name"), [([1], "list"), ((1,), "tuple"), (None, "NoneType"), ("s", "str")]
)
def test_freeze_object_requires_a_mapping(value: object, type_name: str) -> None:
    with pytest.raises(JsonValueError) as caught:
        freeze_object(value)
    assert caught.value.path == ()
    assert caught.value.reason == f"must be a JSON object (a mapping), not {type_name}"
    assert str(caught.value) == f"value must be a JSON object (a mapping), not {type_name}"


def test_json_value_error_is_a_value_error() -> None:
    assert issubclass(JsonValueError, ValueError)


def test_copy_json_accepts_scalars_arrays_and_objects_as_plain_builtins() -> None:
    assert copy_json(1) == 1
    assert copy_json("s") == "s"
    assert copy_json(None) is None
    assert copy_json(True) is True
    assert copy_json([1, (2, {"a": (3,)})]) == [1, [2, {"a": [3]}]]
    assert type(copy_json((1,))) is list
    assert type(copy_json(JsonObject({"a": [1]}))) is dict
    assert type(copy_json(JsonObject({"a": [1]}))["a"]) is list


def test_copies_make_subclasses_exact_builtins() -> None:
    assert type(copy_json(MyStr("s"))) is str
    assert type(copy_json(MyInt(2))) is int
    assert type(copy_json(MyFloat(2.5))) is float
    frozen = freeze_object({MyStr("k"): [MyInt(1), MyFloat(0.5), MyStr("v")]})
    (key,) = list(frozen)
    assert type(key) is str
    assert [type(item) for item in frozen["k"]] == [int, float, str]
    assert type(copy_json(True)) is bool


@pytest.mark.parametrize(
    ("value", "path", "reason"),
    [
        ({"a": [0, math.nan]}, ("a", 1), "must be a finite number"),
        ({"a": math.inf}, ("a",), "must be a finite number"),
        ({"a": -math.inf}, ("a",), "must be a finite number"),
        ({"a": b"x"}, ("a",), "must be a JSON value, not bytes"),
        ({"a": {1}}, ("a",), "must be a JSON value, not set"),
        ({"a": object()}, ("a",), "must be a JSON value, not object"),
        ({"a": {2: 1}}, ("a",), "has a key that is not a string: 2"),
        ({"a": "\ud800"}, ("a",), "holds a lone surrogate (not valid Unicode)"),
        ({"\udc00": 1}, ("\udc00",), "holds a lone surrogate (not valid Unicode)"),
    ],
)
def test_freeze_object_rejects_non_json_values_naming_the_path(
    value: object, path: tuple[Any, ...], reason: str
) -> None:
    with pytest.raises(JsonValueError) as caught:
        freeze_object(value)
    assert caught.value.path == path
    assert caught.value.reason == reason


def test_copy_json_rejects_non_finite_at_the_root() -> None:
    with pytest.raises(JsonValueError) as caught:
        copy_json(math.nan)
    assert caught.value.path == ()
    assert str(caught.value) == "value must be a finite number"


def test_cycles_are_rejected_but_shared_values_are_not() -> None:
    loop: dict[str, Any] = {}
    loop["me"] = loop
    with pytest.raises(JsonValueError) as caught:
        freeze_object(loop)
    assert caught.value.path == ("me",)
    assert caught.value.reason == "is a circular reference"
    shared = {"x": 1}
    assert freeze_object({"a": shared, "b": [shared, shared]}) == {
        "a": {"x": 1},
        "b": [{"x": 1}, {"x": 1}],
    }


def test_list_and_tuple_overrides_are_never_called() -> None:
    frozen = freeze_object({"l": RaisingList([1, 2]), "t": RaisingTuple([3, RaisingList([4])])})
    assert frozen == {"l": [1, 2], "t": [3, [4]]}
    assert snapshot_sequence(RaisingList([1, 2])) == [1, 2]
    assert snapshot_sequence(RaisingTuple([1, 2])) == [1, 2]


def test_thaw_gives_fresh_plain_builtins() -> None:
    obj = JsonObject({"a": [1, {"b": [2]}]})
    first, second = thaw(obj), thaw(obj)
    assert first == {"a": [1, {"b": [2]}]}
    assert type(first) is dict
    assert type(first["a"]) is list
    assert type(first["a"][1]) is dict
    assert first is not second
    assert first["a"] is not second["a"]
    assert first["a"][1] is not second["a"][1]
    first["a"][1]["b"].append(3)
    first["new"] = 1
    assert obj == {"a": [1, {"b": [2]}]}
    assert thaw(obj) == second


def test_thaw_of_frozen_arrays_and_scalars() -> None:
    assert thaw((1, (2, JsonObject({"a": (3,)})))) == [1, [2, {"a": [3]}]]
    assert type(thaw((1,))) is list
    assert thaw("s") == "s"
    assert thaw(None) is None


def test_freeze_then_thaw_round_trips() -> None:
    data = {"a": [1, 2.5, {"b": None}], "c": True, "d": "x"}
    assert thaw(freeze_object(data)) == data
    assert thaw((freeze_object(data),)) == [data]


# --- format_path ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ((), ""),
        (("items", 2, "a b"), 'items[2]["a b"]'),
        (("content", 1, "arguments", "items", 2), "content[1].arguments.items[2]"),
        ((0,), "[0]"),
        ((0, "a"), "[0].a"),
        (("a", "b"), "a.b"),
        (("1a",), '["1a"]'),
        (("x", ""), 'x[""]'),
        (('say "hi"',), '["say \\"hi\\""]'),
        (("back\\slash",), '["back\\\\slash"]'),
        (("a\ud800",), '["a\\ud800"]'),
        (("__proto__",), "__proto__"),
        # control characters escaped as JSON escapes them (the npm package's
        # JSON.stringify): a sentence holds no raw newline; DEL, U+2028 and other
        # characters as they are
        (("a\nb",), '["a\\nb"]'),
        (("\t\b\f\r",), '["\\t\\b\\f\\r"]'),
        (("\x00\x1f",), '["\\u0000\\u001f"]'),
        (("\x7f\u2028\u00e9",), '["\x7f\u2028\u00e9"]'),
    ],
)
def test_format_path(path: tuple[Any, ...], text: str) -> None:
    assert format_path(path) == text


def test_format_path_of_a_lone_surrogate_key_is_encodable() -> None:
    format_path(("\udfff",)).encode("utf-8")


# --- MAX_DEPTH boundary -------------------------------------------------------------------


def test_exactly_max_depth_nested_arrays_are_accepted() -> None:
    assert copy_json(nested_lists(MAX_DEPTH)) == nested_lists(MAX_DEPTH)
    # The object at the root counts as a level: MAX_DEPTH - 1 arrays fit under it.
    frozen = freeze_object({"x": nested_lists(MAX_DEPTH - 1)})["x"]
    for _ in range(MAX_DEPTH - 1):
        assert type(frozen) is tuple
        (frozen,) = frozen
    assert frozen == "leaf"


def test_one_more_nested_array_than_max_depth_is_rejected() -> None:
    with pytest.raises(JsonValueError) as caught:
        copy_json(nested_lists(MAX_DEPTH + 1))
    assert caught.value.path == (0,) * MAX_DEPTH
    assert caught.value.reason == f"is nested deeper than {MAX_DEPTH} levels"


def test_object_nesting_boundary_counts_the_root_object() -> None:
    accepted = freeze_object(nested_dicts(MAX_DEPTH))
    assert thaw(accepted) == nested_dicts(MAX_DEPTH)
    with pytest.raises(JsonValueError) as caught:
        freeze_object(nested_dicts(MAX_DEPTH + 1))
    assert caught.value.path == ("k",) * MAX_DEPTH
    assert caught.value.reason == f"is nested deeper than {MAX_DEPTH} levels"


def test_depth_boundary_is_the_same_for_non_plain_input() -> None:
    # A tuple at the root leaves the exact-builtins fast path; the limit must not move.
    accepted = freeze_object({"x": tuple(nested_lists(MAX_DEPTH - 1))})
    assert len(accepted) == 1
    with pytest.raises(JsonValueError) as caught:
        freeze_object({"x": tuple(nested_lists(MAX_DEPTH))})
    assert caught.value.path == ("x",) + (0,) * (MAX_DEPTH - 1)


def test_hundred_thousand_deep_value_is_a_clean_error() -> None:
    root = nested_lists(100_000, [])
    with pytest.raises(JsonValueError) as caught:
        copy_json(root)
    assert caught.value.reason == f"is nested deeper than {MAX_DEPTH} levels"
    with pytest.raises(JsonValueError):
        freeze_object({"deep": root})


def test_scalars_at_the_deepest_level_are_fine() -> None:
    value: Any = [1, "s", None, 2.5]
    for _ in range(MAX_DEPTH - 1):
        value = [value]
    assert copy_json(value) == value


# --- hostile mappings ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fails", "path", "where"),
    [("__getitem__", ("outer", 1, "k"), "outer[1].k"), ("__iter__", ("outer", 1), "outer[1]")],
)
def test_hostile_mapping_errors_are_contained_and_name_the_path(
    fails: str, path: tuple[object, ...], where: str
) -> None:
    # A failing read names the property being read; a failing listing names the mapping.
    hostile = HostileMapping({"k": 1}, fails, RuntimeError("boom"))
    with pytest.raises(JsonValueError) as caught:
        freeze_object({"outer": [0, hostile]})
    assert caught.value.path == path
    assert caught.value.reason == "could not be read (RuntimeError: boom)"
    assert str(caught.value) == f"{where} could not be read (RuntimeError: boom)"


def test_hostile_root_mapping_error_names_the_root() -> None:
    hostile = HostileMapping({"k": 1}, "__getitem__", LookupError("nope"))
    with pytest.raises(JsonValueError) as caught:
        freeze_object(hostile)
    assert caught.value.path == ("k",)
    assert str(caught.value) == "k could not be read (LookupError: nope)"


@pytest.mark.parametrize("fails", ["keys", "items", "__len__"])
def test_hostile_mapping_other_methods_never_escape_uncontained(fails: str) -> None:
    hostile = HostileMapping({"k": [1]}, fails, RuntimeError("boom"))
    # Reading through __iter__ and __getitem__ may skip these methods; if one is used,
    # its failure must be contained like any other.
    outcome: object
    try:
        outcome = freeze_object({"outer": hostile})
    except JsonValueError as error:
        outcome = (error.path, error.reason)
    assert outcome in (
        {"outer": {"k": [1]}},
        (("outer",), "could not be read (RuntimeError: boom)"),
    )


@pytest.mark.parametrize("fails", ["__getitem__", "__iter__"])
@pytest.mark.parametrize("error", [KeyboardInterrupt(), SystemExit(3)])
def test_keyboard_interrupt_and_system_exit_propagate(fails: str, error: BaseException) -> None:
    hostile = HostileMapping({"k": 1}, fails, error)
    with pytest.raises(type(error)):
        freeze_object({"outer": hostile})
    with pytest.raises(type(error)):
        freeze_object(hostile)


def test_hostile_mapping_is_read_once_per_key() -> None:
    reads: list[str] = []

    class Counting(Mapping[str, Any]):
        def __getitem__(self, key: str) -> Any:
            reads.append(key)
            return len(reads)

        def __iter__(self) -> Iterator[str]:
            return iter(["a", "b"])

        def __len__(self) -> int:
            return 2

    frozen = freeze_object({"m": Counting()})
    assert reads == ["a", "b"]
    assert frozen == {"m": {"a": 1, "b": 2}}


# --- snapshot_json -------------------------------------------------------------------------


def test_snapshot_json_collects_every_problem_without_raising() -> None:
    problems: list[JsonValueError] = []
    snapshot = snapshot_json({"ok": [1], "bad": math.nan, "worse": [b"x"]}, problems)
    assert snapshot == {"ok": [1], "bad": INVALID, "worse": [INVALID]}
    assert [(p.path, p.reason) for p in problems] == [
        (("bad",), "must be a finite number"),
        (("worse", 0), "must be a JSON value, not bytes"),
    ]


def _arguments_transcript(arguments: Any) -> list[Any]:
    return [assistant("a0", [call_block("c1", arguments=arguments)]), result("r1", "c1")]


def _too_deep_row(path: tuple[Any, ...]) -> tuple[str, int, str, str]:
    pointer = "/0/content/0/arguments" + "".join(f"/{part}" for part in path)
    dotted = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path)
    return (
        "INVALID_TOOL_ARGUMENTS",
        0,
        pointer,
        f"content[0].arguments{dotted} is nested deeper than {MAX_DEPTH} levels",
    )


@pytest.mark.parametrize(
    "arguments",
    [nested_dicts(MAX_DEPTH), {"a": nested_lists(MAX_DEPTH - 1)}],
    ids=["objects", "arrays"],
)
def test_loads_accepts_arguments_nested_exactly_max_depth_levels(arguments: Any) -> None:
    text = json.dumps(_arguments_transcript(arguments))

    (call_message, _) = loads(text)

    assert call_message.tool_calls[0].arguments == arguments
    assert validate_json(text) == ()


@pytest.mark.parametrize("extra", [1, 2])
def test_loads_refuses_arguments_nested_deeper_than_max_depth(extra: int) -> None:
    levels = MAX_DEPTH + extra
    for arguments, path in (
        (nested_dicts(levels), ("k",) * MAX_DEPTH),
        ({"a": nested_lists(levels - 1)}, ("a", *(0,) * (MAX_DEPTH - 1))),
    ):
        transcript = _arguments_transcript(arguments)
        with pytest.raises(TranscriptError) as caught:
            loads(json.dumps(transcript))
        found = [(d.code, d.message_index, d.path, d.message) for d in caught.value.diagnostics]
        assert found == [_too_deep_row(path)]
        with pytest.raises(TranscriptError) as parsed:
            parse_transcript(transcript)
        assert parsed.value.diagnostics == caught.value.diagnostics


def test_loads_refuses_a_too_deep_branch_beside_a_shallow_one() -> None:
    # The shallow array comes first: the depth check must still walk the deep one.
    arguments = {"a": [[], nested_lists(MAX_DEPTH)]}
    transcript = _arguments_transcript(arguments)

    with pytest.raises(TranscriptError) as caught:
        loads(json.dumps(transcript))

    found = [(d.code, d.message_index, d.path, d.message) for d in caught.value.diagnostics]
    assert found == [_too_deep_row(("a", 1, *(0,) * (MAX_DEPTH - 2)))]


# --- objects whose __class__ raises ------------------------------------------------------


class RaisingClass:
    """An object whose ``__class__`` raises ``error`` (``isinstance`` reads it)."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        raise self.error


class ClassRaisesOnSecondRead:
    """An object whose ``__class__`` reads once, then raises (a check after the first)."""

    def __init__(self) -> None:
        self.reads = 0

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        self.reads += 1
        if self.reads > 1:
            raise LookupError("second read")
        return ClassRaisesOnSecondRead


@pytest.mark.parametrize(
    "error", [AttributeError("no class"), RuntimeError("no class")], ids=["attribute", "runtime"]
)
def test_json_object_of_a_value_whose_class_raises_is_a_json_value_error(
    error: Exception,
) -> None:
    # The type is read with type(), never through __class__: the hostile property
    # never runs, and the value is judged by what it is.
    with pytest.raises(JsonValueError) as caught:
        JsonObject(RaisingClass(error))

    assert caught.value.path == ()
    assert caught.value.reason == "must be a JSON object (a mapping), not RaisingClass"


def test_a_class_check_never_reads_the_class_attribute() -> None:
    value = ClassRaisesOnSecondRead()
    with pytest.raises(JsonValueError) as caught:
        freeze_object(value)

    assert (caught.value.path, caught.value.reason) == (
        (),
        "must be a JSON object (a mapping), not ClassRaisesOnSecondRead",
    )
    assert value.reads == 0


def test_a_nested_value_whose_class_raises_is_a_json_value_error_at_its_path() -> None:
    with pytest.raises(JsonValueError) as caught:
        JsonObject({"a": [1, RaisingClass(RuntimeError("no class"))]})

    assert caught.value.path == ("a", 1)
    assert caught.value.reason == "must be a JSON value, not RaisingClass"


def test_snapshot_json_marks_a_value_whose_class_raises_invalid() -> None:
    problems: list[JsonValueError] = []

    snapshot = snapshot_json({"ok": 1, "bad": RaisingClass(RuntimeError("no class"))}, problems)

    assert snapshot == {"ok": 1, "bad": INVALID}
    assert [(p.path, p.reason, p.unreadable) for p in problems] == [
        (("bad",), "must be a JSON value, not RaisingClass", False)
    ]


# --- equality: arrays are not strings, objects are not arrays ---------------------------


@pytest.mark.parametrize(
    ("data", "other"),
    [
        ({"a": ["x"]}, {"a": "x"}),
        ({"a": "x"}, {"a": ["x"]}),
        ({"a": "xy"}, {"a": ("x", "y")}),
        ({"a": {"k": 1}}, {"a": ["k"]}),
        ({"a": ["k"]}, {"a": {"k": 1}}),
        ({"a": 1, "b": 2}, {"a": 1, "c": 2}),
        ({"a": [1, 2]}, {"a": [1, 3]}),
        ({"a": [1, 2]}, {"a": [1]}),
        ({"a": {"b": None}}, {"a": {"b": 0}}),
    ],
)
def test_json_objects_differ_from_mappings_of_other_json_values(
    data: dict[str, Any], other: dict[str, Any]
) -> None:
    obj = JsonObject(data)

    assert (obj == other, other == obj, obj != other) == (False, False, True)
    assert (obj == JsonObject(other), obj != JsonObject(other)) == (False, True)


def test_json_objects_equal_mappings_of_equal_json_values() -> None:
    data = {"a": [1, {"b": ["x", None]}], "c": {"d": []}}
    obj = JsonObject(data)

    assert (obj == data, data == obj, obj != data) == (True, True, False)
    assert obj == JsonObject({"c": {"d": ()}, "a": ({"b": ("x", None)}, 1)[::-1]})
    assert obj.__eq__(["a", "c"]) is NotImplemented


def test_a_json_object_hashes_once_and_keeps_its_hash() -> None:
    obj = JsonObject({"a": [1, {"b": [2, "x"]}], "c": None})

    first = hash(obj)

    assert hash(obj) == first == hash(JsonObject({"c": None, "a": [1, {"b": [2, "x"]}]}))
    assert first != hash(JsonObject({"a": [1, {"b": [2, "y"]}], "c": None}))


def test_immutability_errors_name_the_class_and_the_attribute() -> None:
    obj = JsonObject({"a": 1})

    with pytest.raises(AttributeError) as set_error:
        obj.extra = 1  # type: ignore[attr-defined]
    with pytest.raises(AttributeError) as delete_error:
        del obj._data

    assert str(set_error.value) == "JsonObject is immutable; cannot set 'extra'"
    assert str(delete_error.value) == "JsonObject is immutable; cannot delete '_data'"


def test_encode_frozen_gives_the_plain_data_and_refuses_anything_else() -> None:
    obj = JsonObject({"a": [1]})

    assert encode_frozen(obj) is plain_data(obj)
    with pytest.raises(NotImplementedError) as caught:
        encode_frozen({"a": [1]})
    assert str(caught.value) == "cannot encode dict"


# --- adopt_object --------------------------------------------------------------------------


def _exact_value() -> dict[str, Any]:
    """Exact JSON builtins of every kind, non-ASCII text and keys, nested to the bound."""
    return {
        "text": "plain",
        "non-ascii": "h\u00e9llo \U0001f600",
        "\u00e9-key": 1,
        "int": -3,
        "float": 2.5,
        "bools": [True, False],
        "null": None,
        "list": [1, [2, {"x": []}], {}],
        "deep": nested_dicts(MAX_DEPTH - 1),
    }


def test_adopt_object_adopts_exact_builtins_without_copying() -> None:
    data = _exact_value()

    adopted = adopt_object(data)

    assert type(adopted) is JsonObject
    assert plain_data(adopted) is data
    assert adopted == _exact_value()


def test_adopt_object_adopts_a_value_nested_exactly_max_depth_levels() -> None:
    data = nested_dicts(MAX_DEPTH)

    assert plain_data(adopt_object(data)) is data


@pytest.mark.parametrize(
    "data",
    [
        {"tuple": (1, 2)},
        {"sub": MyStr("s")},
        {"sub": MyInt(1)},
        {"sub": MyFloat(1.5)},
        {MyStr("k"): 1},
        {"list": [1, (2,)]},
        {"inner": {"sub": MyStr("s")}},
    ],
)
def test_adopt_object_copies_values_that_are_not_exact_builtins(data: dict[str, Any]) -> None:
    adopted = adopt_object(data)

    copied = plain_data(adopted)
    assert copied is not data
    assert copied == json.loads(json.dumps(data))
    assert json.dumps(copied) == json.dumps(data)
    assert all(type(key) is str for key in copied)


def test_adopt_object_returns_a_json_object_as_it_is() -> None:
    obj = JsonObject({"a": [1]})

    assert adopt_object(obj) is obj


@pytest.mark.parametrize(
    ("value", "path", "reason"),
    [
        ({"x": math.nan}, ("x",), "must be a finite number"),
        ({"x": [1.0, math.inf]}, ("x", 1), "must be a finite number"),
        ({"x": "\ud800"}, ("x",), "holds a lone surrogate (not valid Unicode)"),
        ({"\udc00": 1}, ("\udc00",), "holds a lone surrogate (not valid Unicode)"),
        ({"x": {1: 2}}, ("x",), "has a key that is not a string: 1"),
        ({"x": b"b"}, ("x",), "must be a JSON value, not bytes"),
        (nested_dicts(MAX_DEPTH + 1), ("k",) * MAX_DEPTH, "is nested deeper than 64 levels"),
        ([1], (), "must be a JSON object (a mapping), not list"),
        ("text", (), "must be a JSON object (a mapping), not str"),
    ],
)
def test_adopt_object_refuses_what_is_not_a_json_object_naming_the_path(
    value: object, path: tuple[Any, ...], reason: str
) -> None:
    with pytest.raises(JsonValueError) as caught:
        adopt_object(value)

    assert (caught.value.path, caught.value.reason) == (path, reason)


# --- copy_json: path, offset, transport ------------------------------------------------------


def test_copy_json_prefixes_error_paths_with_path() -> None:
    with pytest.raises(JsonValueError) as caught:
        copy_json({"a": [0, math.nan]}, path=("records", 2))

    assert caught.value.path == ("records", 2, "a", 1)
    assert str(caught.value) == "records[2].a[1] must be a finite number"


def test_copy_json_counts_the_depth_bound_below_the_offset_levels_of_path() -> None:
    accepted = copy_json(nested_lists(MAX_DEPTH), path=(7,), offset=1)

    assert accepted == nested_lists(MAX_DEPTH)
    with pytest.raises(JsonValueError) as caught:
        copy_json(nested_lists(MAX_DEPTH + 1), path=(7,), offset=1)
    assert caught.value.path == (7, *(0,) * MAX_DEPTH)
    assert caught.value.reason == f"is nested deeper than {MAX_DEPTH} levels"


def test_copy_json_without_offset_counts_every_level_of_path() -> None:
    with pytest.raises(JsonValueError) as caught:
        copy_json(nested_lists(MAX_DEPTH), path=(7,))

    assert caught.value.path == (7, *(0,) * (MAX_DEPTH - 1))


def test_copy_json_transport_copies_non_finite_numbers_and_lone_surrogates() -> None:
    copied = copy_json(
        {"nan": math.nan, "inf": [-math.inf], "\ud800": "\udfff", "k": {"\udc00": 1}},
        transport=True,
    )

    assert math.isnan(copied["nan"])
    assert copied["inf"] == [-math.inf]
    assert copied["\ud800"] == "\udfff"
    assert copied["k"] == {"\udc00": 1}
    assert list(copied) == ["nan", "inf", "\ud800", "k"]


def test_copy_json_transport_refuses_ir_objects_and_still_refuses_non_json_types() -> None:
    message = user_message(id="u", content="hi")

    with pytest.raises(JsonValueError) as caught:
        copy_json({"m": message}, transport=True)
    assert (caught.value.path, caught.value.reason) == (
        ("m",),
        "must be a JSON value, not UserMessage",
    )
    with pytest.raises(JsonValueError) as refused:
        copy_json({"b": {1, 2}}, transport=True)
    assert (refused.value.path, refused.value.reason) == (("b",), "must be a JSON value, not set")


def test_copy_json_copies_ir_objects_as_their_json_form() -> None:
    message = user_message(id="u", content="hi")

    assert copy_json([message]) == [{"role": "user", "id": "u", "content": "hi"}]


def test_copy_json_of_an_ir_object_built_around_a_non_json_value_names_it() -> None:
    broken = UserMessage(id="u", content=object())  # type: ignore[arg-type]

    with pytest.raises(JsonValueError) as caught:
        copy_json({"m": broken})

    assert caught.value.path == ("m",)
    assert caught.value.reason == "could not be read (NotImplementedError: cannot encode object)"
    assert caught.value.unreadable is True


def test_copy_json_reads_dict_subclasses_through_dict() -> None:
    copied = copy_json({"outer": OverridingDict({"a": [1], "b": {"c": "d"}})})

    assert copied == {"outer": {"a": [1], "b": {"c": "d"}}}
    assert type(copied["outer"]) is dict


def test_copy_json_copies_json_objects_into_fresh_plain_builtins() -> None:
    obj = JsonObject({"a": [1, {"b": [2]}]})

    copied = copy_json({"x": obj, "y": [obj]})

    assert copied == {"x": {"a": [1, {"b": [2]}]}, "y": [{"a": [1, {"b": [2]}]}]}
    assert type(copied["x"]["a"][1]) is dict
    assert copied["x"] is not plain_data(obj)
    assert copied["x"]["a"] is not plain_data(obj)["a"]


# --- snapshot_json: offset -----------------------------------------------------------------


def test_snapshot_json_without_offset_bounds_depth_from_the_root() -> None:
    problems: list[JsonValueError] = []

    snapshot = snapshot_json({"a": nested_lists(MAX_DEPTH)}, problems)

    # The root object and MAX_DEPTH - 1 arrays fit; the next array is the problem.
    assert snapshot == {"a": nested_lists(MAX_DEPTH - 1, leaf=INVALID)}
    assert [(p.path, p.reason) for p in problems] == [
        (("a", *(0,) * (MAX_DEPTH - 1)), f"is nested deeper than {MAX_DEPTH} levels")
    ]


def test_snapshot_json_with_an_offset_leaves_that_many_levels_out_of_the_bound() -> None:
    problems: list[JsonValueError] = []

    snapshot = snapshot_json({"a": nested_lists(MAX_DEPTH)}, problems, offset=1)

    assert snapshot == {"a": nested_lists(MAX_DEPTH)}
    assert problems == []


# --- integers JSON text can carry here ---------------------------------------------------

LONGEST = 10**4300 - 1  # 4300 digits: Python's default int-string limit


@pytest.mark.parametrize("sign", [1, -1])
def test_an_integer_of_the_longest_writable_length_is_accepted(sign: int) -> None:
    frozen = JsonObject({"n": sign * LONGEST})
    assert frozen["n"] == sign * LONGEST
    assert len(dumps(frozen)) == len('{"n":}') + 4300 + (sign < 0)
    # Through the copy walk too (a tuple is not exact JSON).
    assert JsonObject({"n": (sign * LONGEST,)})["n"] == (sign * LONGEST,)


@pytest.mark.parametrize("value", [LONGEST + 1, -(LONGEST + 1)], ids=["positive", "negative"])
@pytest.mark.parametrize("container", [dict, tuple], ids=["exact", "walked"])
def test_an_integer_one_digit_too_long_is_not_a_json_value(value: int, container: type) -> None:
    arguments = {"n": value} if container is dict else {"n": (value,)}
    with pytest.raises(JsonValueError) as caught:
        JsonObject(arguments)
    assert caught.value.reason == "is an integer of more than 4300 digits"


class _Unnamable(type):
    """A metaclass whose ``__name__`` raises a BaseException that is no interrupt."""

    @property
    def __name__(cls) -> str:  # type: ignore[override]
        raise _NotAnInterrupt("no name")


class _NotAnInterrupt(BaseException):
    pass


class _Nameless(metaclass=_Unnamable):
    pass


def test_a_base_exception_raised_while_judging_a_value_is_contained() -> None:
    with pytest.raises(JsonValueError) as caught:
        JsonObject({"a": [1, _Nameless()]})
    assert caught.value.path == ("a", 1)
    assert caught.value.reason == "could not be read (_NotAnInterrupt: no name)"
    assert caught.value.unreadable
    problems: list[JsonValueError] = []
    assert snapshot_json({"a": _Nameless(), "b": 2}, problems) == {"a": INVALID, "b": 2}
    assert [problem.path for problem in problems] == [("a",)]


# --- the batched check of gathered arguments ----------------------------------------------

_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**64 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=3),
    st.sampled_from([MyInt(1), MyFloat(0.5), MyStr("s"), (1, 2), 10**30]),
)
_VALUES = st.recursive(
    _LEAVES,
    lambda children: st.one_of(
        st.lists(children, max_size=3),
        st.dictionaries(st.one_of(st.text(max_size=2), st.integers(0, 3)), children, max_size=3),
        st.builds(OverridingDict, st.dictionaries(st.text(max_size=2), children, max_size=2)),
    ),
    max_leaves=12,
)


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.dictionaries(st.text(max_size=2), _VALUES, max_size=3), max_size=4))
def test_the_batched_check_agrees_with_is_exact_json_on_rereadable_data(
    objects: list[dict[str, Any]],
) -> None:
    """``are_exact_rereadable`` (tool-call arguments gathered by ``convert_messages``)
    says what ``is_exact_json`` of each says, on every value the fast path lets reach it."""
    assume(is_rereadable([objects]))
    assert are_exact_rereadable(objects) == all(map(is_exact_json, objects))


@pytest.mark.parametrize(
    ("objects", "exact"),
    [
        ([{"a": nested_dicts(MAX_DEPTH - 1)}], True),
        ([{"a": 1}, {"a": nested_dicts(MAX_DEPTH)}], False),
        ([{"a": nested_lists(MAX_DEPTH - 1)}], True),
        ([{"a": 1}, {"a": [nested_lists(MAX_DEPTH)]}], False),
        ([{"a": [1.5, math.nan]}], False),
        ([{"a": {"b": -math.inf}}], False),
        ([{"a": [WRITABLE_INT - 1, -(WRITABLE_INT - 1)]}], True),
        ([{"a": 1}, {"b": [-WRITABLE_INT]}], False),
        ([{"a": 1}, {"b": [WRITABLE_INT]}], False),
        ([{"s": "x", "i": 1, "f": 1.5, "b": True, "n": None, "d": {}, "l": []}], True),
        ([{"a": {1: "x"}}], False),
        ([{"a": (1, 2)}], False),
        ([{"a": [MyInt(1)]}], False),
        ([{"a": OverridingDict(b=1)}], False),
        ([{MyStr("k"): 1}], False),
        ([{}, {"a": []}, {"b": {}}], True),
    ],
    ids=[
        "max-depth-objects",
        "too-deep-objects",
        "max-depth-arrays",
        "too-deep-arrays",
        "nan",
        "infinity",
        "writable-ints",
        "unwritable-int",
        "unwritable-positive-int",
        "every-kind-at-one-level",
        "int-key",
        "tuple",
        "int-subclass",
        "dict-subclass",
        "str-subclass-key",
        "empty",
    ],
)
def test_the_batched_check_refuses_what_is_exact_json_refuses(
    objects: list[dict[Any, Any]], exact: bool
) -> None:
    assert are_exact_rereadable(objects) is exact
    assert all(map(is_exact_json, objects)) is exact


@pytest.mark.parametrize(
    ("value", "within"),
    [
        (nested_dicts(MAX_DEPTH), True),
        (nested_dicts(MAX_DEPTH + 1), False),
        ({"a": nested_lists(MAX_DEPTH - 1)}, True),
        ({"a": nested_lists(MAX_DEPTH)}, False),
        ({"a": [1, {"b": []}], "c": "text"}, True),
        ({"a": {"b": 1}, "c": nested_dicts(MAX_DEPTH)}, False),
        ({"a": [[1], nested_lists(MAX_DEPTH)]}, False),
        ({}, True),
    ],
    ids=[
        "objects-at-the-bound",
        "objects-past-it",
        "arrays-at-the-bound",
        "arrays-past-it",
        "shallow-containers",
        "deep-object-after-a-shallow-one",
        "deep-array-after-a-shallow-one",
        "empty",
    ],
)
def test_is_within_depth_accepts_containers_nested_at_most_max_depth_levels(
    value: dict[str, Any], within: bool
) -> None:
    """The depth check of data decoded from JSON text (``convert_messages`` and Gemini's
    requests skip the copy walk when it holds): every branch is followed, a shallow
    container before a deep one included."""
    assert is_within_depth(value) is within
