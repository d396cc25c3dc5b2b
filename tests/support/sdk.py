"""The official SDKs' request types, checked strictly.

The SDKs declare request params as TypedDicts. ``pydantic.TypeAdapter`` over them is
not enough on its own: it ignores keys a TypedDict does not declare, and it validates
an ``Iterable`` field lazily (only when the result is iterated). ``assert_sdk_accepts``
therefore runs pydantic (iterating every lazy ``Iterable`` it returns) and then
``sdk_problems``, a walk of the value against the annotations in which every key must
be declared, every required key present and every item of every list checked.

Required keys are read from the annotations (``Required[...]``, ``NotRequired[...]``
and the TypedDict's totality), not from ``__required_keys__``: the SDK modules use
``from __future__ import annotations``, and for string annotations Python cannot see
``Required`` when it builds the class, so ``__required_keys__`` comes out empty.
"""

from __future__ import annotations

import collections.abc
import functools
import types
import typing
from typing import Any

import pydantic
import typing_extensions

_REQUIRED = (typing.Required, typing_extensions.Required)
_NOT_REQUIRED = (typing.NotRequired, typing_extensions.NotRequired)
_WRAPPERS = (*_REQUIRED, *_NOT_REQUIRED, typing.Annotated)
_LISTS = (list, collections.abc.Iterable, collections.abc.Sequence)
# mistralai names its unions and its Nullable[T] with type aliases: read through.
# typing.TypeAliasType is new in Python 3.12; on 3.11 only typing_extensions has one.
_ALIASES = tuple(
    {
        getattr(typing, "TypeAliasType", typing_extensions.TypeAliasType),
        typing_extensions.TypeAliasType,
    }
)


def assert_sdk_accepts(value: Any, annotation: Any, path: str) -> None:
    """``value`` is a valid ``annotation`` (an SDK request param type) for pydantic and
    for the strict walk; ``path`` names ``value`` in the failure (``messages``)."""
    try:
        _iterate(_adapter(annotation).validate_python(value))
    except pydantic.ValidationError as error:
        raise AssertionError(f"pydantic refuses {path}: {error}") from None
    problems = sdk_problems(value, annotation, path)
    assert problems == [], problems


def assert_mistral_accepts(fields: dict[str, Any]) -> None:
    """A ``to_mistral`` request's fields as the ``mistralai`` SDK's model reads them (no
    chunk read as an unknown one), and as its TypedDicts say they must be, strictly."""
    from mistralai.client import models as sdk

    request = {"model": "magistral-medium-latest", **fields}
    parsed = sdk.ChatCompletionRequest.model_validate(request)
    for message in parsed.messages:
        content = message.content
        for chunk in content if isinstance(content, list) else ():
            assert not getattr(chunk, "is_unknown", False), chunk
    assert_sdk_accepts(request, sdk.ChatCompletionRequestTypedDict, "request")


def pydantic_accepts(value: Any, annotation: Any) -> bool:
    """What pydantic alone says (lazy ``Iterable`` fields iterated)."""
    try:
        _iterate(_adapter(annotation).validate_python(value))
    except pydantic.ValidationError:
        return False
    return True


def sdk_problems(value: Any, annotation: Any, path: str) -> list[str]:
    """Where ``value`` departs from the SDK type ``annotation``, one line each (empty:
    it fits). The response models some SDK unions hold are refused: a request holds
    params."""
    if isinstance(annotation, _ALIASES):
        return sdk_problems(value, annotation.__value__, path)
    origin = typing.get_origin(annotation)
    if isinstance(origin, _ALIASES):
        arguments = typing.get_args(annotation)
        return sdk_problems(value, origin.__value__[arguments], path)
    if typing_extensions.is_typeddict(annotation):
        return _typeddict_problems(value, annotation, path)
    if origin in _WRAPPERS:
        return sdk_problems(value, typing.get_args(annotation)[0], path)
    if origin in (typing.Union, types.UnionType):
        return _union_problems(value, typing.get_args(annotation), path)
    if origin is typing.Literal:
        choices = typing.get_args(annotation)
        fits = any(value == choice and type(value) is type(choice) for choice in choices)
        return [] if fits else [f"{path}: {value!r} is not one of {choices}"]
    if origin in _LISTS:
        if type(value) is not list:
            return [f"{path}: not a list"]
        (item,) = typing.get_args(annotation)
        return [p for i, v in enumerate(value) for p in sdk_problems(v, item, f"{path}[{i}]")]
    if origin in (dict, collections.abc.Mapping):
        return _dict_problems(value, annotation, path)
    return _scalar_problems(value, annotation, path)


def _union_problems(value: Any, branches: tuple[Any, ...], path: str) -> list[str]:
    """None when a branch fits; else the problems of the closest branch: one whose kind
    of value (string, list, object...) matches, with the fewest problems."""
    tried = [sdk_problems(value, branch, path) for branch in branches]
    if [] in tried:
        return []
    same_kind = [found for found in tried if not any(p.startswith(f"{path}: ") for p in found)]
    return min(same_kind or tried, key=len)


def _typeddict_problems(value: Any, annotation: Any, path: str) -> list[str]:
    if type(value) is not dict:
        return [f"{path}: not an object"]
    hints = typing.get_type_hints(annotation, include_extras=True)
    required = {key for key, hint in hints.items() if _is_required(hint, annotation)}
    problems = [f"{path}.{k}: not a key of {annotation.__name__}" for k in value if k not in hints]
    problems += [f"{path}.{k}: missing" for k in sorted(required - set(value))]
    for key in value.keys() & hints.keys():
        problems += sdk_problems(value[key], hints[key], f"{path}.{key}")
    return problems


def _is_required(hint: Any, typeddict: Any) -> bool:
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        return _is_required(typing.get_args(hint)[0], typeddict)
    if origin in _REQUIRED or origin in _NOT_REQUIRED:
        return origin in _REQUIRED
    return bool(typeddict.__total__)


def _dict_problems(value: Any, annotation: Any, path: str) -> list[str]:
    if type(value) is not dict:
        return [f"{path}: not an object"]
    if any(type(key) is not str for key in value):
        return [f"{path}: a key is not a string"]
    _, item = typing.get_args(annotation) or (str, Any)
    return [p for k, v in value.items() for p in sdk_problems(v, item, f"{path}[{k!r}]")]


def _scalar_problems(value: Any, annotation: Any, path: str) -> list[str]:
    if annotation in (Any, object):
        return []
    if annotation is float:  # JSON numbers: an int is a float too, a bool is not
        return [] if type(value) in (int, float) else [f"{path}: not a number"]
    if annotation in (str, bool, int, type(None)):
        return [] if type(value) is annotation else [f"{path}: not {annotation.__name__}"]
    if isinstance(annotation, type) and issubclass(annotation, pydantic.BaseModel):
        return [f"{path}: a response model ({annotation.__name__}), not a request param"]
    kind = typing.get_origin(annotation) or annotation
    if isinstance(kind, type):  # typing.IO, os.PathLike: file inputs
        return [] if isinstance(value, kind) else [f"{path}: not a {kind.__name__}"]
    raise NotImplementedError(f"{path}: no check for {annotation!r}")


@functools.cache
def _adapter(annotation: Any) -> pydantic.TypeAdapter[Any]:
    return pydantic.TypeAdapter(annotation)


def _iterate(value: Any) -> None:
    """Walk pydantic's result, iterating its lazy ``Iterable`` validators (which raise
    ``ValidationError`` only then)."""
    if isinstance(value, dict):
        for item in value.values():
            _iterate(item)
    elif isinstance(value, (list, tuple, collections.abc.Iterator)):
        for item in value:
            _iterate(item)
