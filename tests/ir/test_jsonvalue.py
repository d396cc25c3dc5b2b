"""Copy-and-freeze of untrusted JSON values: ``JsonObject``, the copy walk (``_jsoncopy``)
and the raw frozen mapping (``_frozen``)."""

from __future__ import annotations

import copy
import math
import pickle
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import agent_ir
from agent_ir import MAX_DEPTH, JsonObject, JsonValueError
from agent_ir._jsoncopy import INVALID, copy_json, snapshot_json, snapshot_sequence, thaw
from agent_ir._jsonobject import freeze_object
from agent_ir._paths import format_path

from support.hostile import (
    HostileMapping,
    MyFloat,
    MyInt,
    MyStr,
    RaisingList,
    RaisingTuple,
    nested_dicts,
    nested_lists,
)

# --- JsonObject API ---------------------------------------------------------------------


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
