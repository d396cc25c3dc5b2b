"""The reference check of one message: jsonschema over the v1 schema, used to explain.

Valid input never comes here (the msgspec fast path accepts it). For a message the fast
path refused, ``explain_message`` lists every problem with its path inside the message,
its stable code and a sentence for people.

Two refinements over stock jsonschema make the output useful:

* a ``oneOf`` that carries a ``discriminator`` selects its branch by the tag first, and
  an ``anyOf`` whose branches differ by JSON type selects the branch of the instance's
  type, so errors point at the failing property instead of "not valid under any of the
  given schemas";
* the code of an error is the innermost ``x-code`` on the schema path that leads to it
  (``INVALID_MESSAGE`` when there is none).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any, NamedTuple

from jsonschema import Draft202012Validator, ValidationError, validators

from agent_ir import schemas
from agent_ir._jsoncopy import INVALID
from agent_ir._paths import PathSegment

DEFAULT_CODE = "INVALID_MESSAGE"
MESSAGE_REF = "https://agent-ir.dev/schemas/v1/message.schema.json#/$defs/Message"

_JSON_TYPES = {
    "object": dict,
    "array": list,
    "string": str,
    "boolean": bool,
    "null": type(None),
}


class Problem(NamedTuple):
    """One thing wrong with a message: where (inside the message), code, sentence."""

    path: tuple[PathSegment, ...]
    code: str
    reason: str


def explain_message(plain: Any) -> list[Problem]:
    """Every schema problem of a message snapshot (plain builtins, ``INVALID`` where a
    value could not be read), in path order. Problems at or below an ``INVALID`` value
    are left out: the snapshot already reported them."""
    validator = _message_validator()
    problems: list[Problem] = []
    for error in validator.iter_errors(plain):
        for path, reason in _describe(error):
            if _under_invalid(plain, path):
                continue
            problems.append(Problem(path, code_for_path(plain, path), reason))
    return sorted(set(problems), key=lambda problem: _path_key(problem.path))


def code_for_path(plain: Any, path: tuple[PathSegment, ...]) -> str:
    """The innermost ``x-code`` of the schemas met walking ``path`` from the message
    root, choosing union branches by the instance's tags; ``INVALID_MESSAGE`` if none."""
    root = _schema("message")
    code = DEFAULT_CODE
    schema: Any = _resolve(root, {"$ref": "#/$defs/Message"})
    instance = plain
    for segment in path:
        schema = _select_branch(root, schema, instance)
        if schema is None:
            return code
        if isinstance(segment, str):
            subschema = schema.get("properties", {}).get(segment)
            if subschema is None:
                return code
            code = subschema.get("x-code", code)
            schema = _resolve(root, subschema)
            code = schema.get("x-code", code)
            instance = instance.get(segment) if isinstance(instance, dict) else None
        else:
            items = schema.get("items")
            if items is None:
                return code
            schema = _resolve(root, items)
            instance = (
                instance[segment]
                if isinstance(instance, list) and segment < len(instance)
                else None
            )
    return code


def _select_branch(root: dict[str, Any], schema: dict[str, Any], instance: Any) -> Any:
    schema = _resolve(root, schema)
    discriminator = schema.get("discriminator")
    if discriminator is not None:
        tag = instance.get(discriminator["propertyName"]) if isinstance(instance, dict) else None
        target = discriminator["mapping"].get(tag) if isinstance(tag, str) else None
        return None if target is None else _resolve(root, {"$ref": target})
    if "anyOf" in schema:
        for branch in schema["anyOf"]:
            resolved = _resolve(root, branch)
            expected = _JSON_TYPES.get(resolved.get("type", ""))
            if expected is not None and isinstance(instance, expected):
                return resolved
        return None
    return schema


def _resolve(root: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        ref = schema["$ref"]
        document, _, pointer = ref.partition("#")
        base = _schema(document.removesuffix(".schema.json")) if document else root
        node: Any = base
        for part in pointer.strip("/").split("/"):
            node = node[part]
        merged = {key: value for key, value in schema.items() if key != "$ref"}
        schema = {**node, **merged}
    return schema


def _describe(error: ValidationError) -> Iterator[tuple[tuple[PathSegment, ...], str]]:
    path = tuple(error.absolute_path)
    keyword = error.validator
    schema = error.schema if isinstance(error.schema, dict) else {}
    if keyword == "required":
        # jsonschema reports each missing property as its own error, naming it.
        required: list[str] = list(error.validator_value)  # type: ignore[arg-type]
        for name in required:
            missing = isinstance(error.instance, dict) and name not in error.instance
            if missing and f"'{name}'" in error.message:
                yield (*path, name), "is required"
        return
    if keyword == "additionalProperties":
        known = set(schema.get("properties", {}))
        for name in error.instance:  # type: ignore[union-attr]
            if name not in known:
                yield (*path, name), "is not a field here (unknown fields are not allowed)"
        return
    yield path, _sentence(error, schema)


def _sentence(error: ValidationError, schema: dict[str, Any]) -> str:
    keyword = error.validator
    value = error.validator_value
    if keyword == "type":
        return f"must be {_article(value)}, not {_json_type(error.instance)}"
    if keyword == "pattern":
        description = schema.get("description")
        if description:
            return f"must be {description[0].lower()}{description[1:].rstrip('.')}"
        return f"must match the pattern {value}"
    if keyword == "enum":
        return "must be one of " + ", ".join(repr(item) for item in value)  # type: ignore[union-attr]
    if keyword == "const":
        return f"must be {value!r}"
    if keyword == "minimum":
        return f"must be at least {value}"
    if keyword == "maximum":
        return f"must be at most {value}"
    return f"{error.message}"


def _article(json_type: object) -> str:
    if isinstance(json_type, list):
        return " or ".join(_article(item) for item in json_type)
    name = {"object": "object", "array": "array"}.get(str(json_type), str(json_type))
    return ("an " if name[0] in "aeiou" else "a ") + name


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    for name, kind in _JSON_TYPES.items():
        if isinstance(value, kind):
            return name
    return type(value).__name__


def _under_invalid(plain: Any, path: tuple[PathSegment, ...]) -> bool:
    node = plain
    for segment in path:
        if node is INVALID:
            return True
        if isinstance(node, dict) and isinstance(segment, str):
            node = node.get(segment)
        elif isinstance(node, list) and isinstance(segment, int) and segment < len(node):
            node = node[segment]
        else:
            return False
    return node is INVALID


def _path_key(path: tuple[PathSegment, ...]) -> tuple[tuple[int, int, str], ...]:
    return tuple(
        (1, segment, "") if isinstance(segment, int) else (0, 0, segment) for segment in path
    )


def _discriminated_one_of(
    validator: Any, one_of: list[Any], instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    discriminator = schema.get("discriminator")
    if discriminator is None:
        yield from _STOCK_ONE_OF(validator, one_of, instance, schema)
        return
    name = discriminator["propertyName"]
    if not isinstance(instance, dict):
        yield ValidationError(
            f"must be an object, not {_json_type(instance)}",
            validator="type",
            validator_value="object",
        )
        return
    if name not in instance:
        yield ValidationError("is required", path=[name], validator="discriminator")
        return
    tag = instance[name]
    mapping = discriminator["mapping"]
    target = mapping.get(tag) if isinstance(tag, str) else None
    if target is None:
        known = ", ".join(repr(key) for key in mapping)
        yield ValidationError(
            f"must be one of {known}, not {tag!r}", path=[name], validator="discriminator"
        )
        return
    yield from validator.descend(instance, {"$ref": target})


def _typed_any_of(
    validator: Any, any_of: list[Any], instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    if any(validator.evolve(schema=branch).is_valid(instance) for branch in any_of):
        return
    matching = [
        branch
        for branch in any_of
        if isinstance(branch, dict)
        and isinstance(branch.get("type"), str)
        and validator.is_type(instance, branch["type"])
    ]
    if len(matching) == 1:
        yield from validator.descend(instance, matching[0])
        return
    expected = " or ".join(
        _article(branch.get("type", "value")) for branch in any_of if isinstance(branch, dict)
    )
    yield ValidationError(f"must be {expected}, not {_json_type(instance)}", validator="anyOf")


_STOCK_ONE_OF = Draft202012Validator.VALIDATORS["oneOf"]
# As in the fast path (msgspec) and the constructors: 1.0 is a float, not an integer.
_TYPES = Draft202012Validator.TYPE_CHECKER.redefine(
    "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
)
_Validator = validators.extend(  # type: ignore[no-untyped-call]
    Draft202012Validator,
    {"oneOf": _discriminated_one_of, "anyOf": _typed_any_of},
    type_checker=_TYPES,
)


@functools.cache
def _schema(name: str) -> dict[str, Any]:
    # Parsed once and only read here (schemas.load parses a fresh copy on every call).
    return schemas.load(name)


@functools.cache
def _message_validator() -> Any:
    return _Validator({"$ref": MESSAGE_REF}, registry=schemas.registry())
