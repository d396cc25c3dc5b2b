"""The reference check of one message: jsonschema over the v1 schema, used to explain.

Valid input never comes here (the msgspec fast path accepts it). For a message the fast
path refused, ``explain_message`` lists every problem with its path inside the message,
its stable code and a sentence for people.

The validator is jsonschema's Draft 2020-12 validator extended the way jsonschema itself
is written: one small function per keyword, each yielding its failures with our sentence,
built from the schema and the instance where the failure happens. Nothing reads
jsonschema's English afterwards. Two keywords also choose what to check:

* a ``oneOf`` that carries a ``discriminator`` selects its branch by the tag first, and
  an ``anyOf`` whose branches differ by JSON type selects the branch of the instance's
  type, so errors point at the failing property instead of "not valid under any of the
  given schemas";
* ``required`` and ``additionalProperties: false`` report each property on its own path.

The code of a problem is the innermost ``x-code`` on the schema path that leads to it
(``INVALID_MESSAGE`` when there is none); ``code_for_path`` walks the schemas through the
same ``referencing`` registry the validator uses.

Keywords without a function here keep jsonschema's wording; the v1 schemas use none that
can fail on their own (``format`` is not asserted).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from typing import Any

from jsonschema import Draft202012Validator, ValidationError, validators
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from agent_ir import schemas
from agent_ir._jsoncopy import INVALID
from agent_ir._paths import Path, Problem, path_key
from agent_ir._text import quoted
from agent_ir.validation._codes import _JSON_TYPES, MESSAGE_REF, code_for_path

__all__ = ["code_for_path", "explain_message"]


def explain_message(plain: Any) -> list[Problem]:
    """Every schema problem of a message snapshot (plain builtins, ``INVALID`` where a
    value could not be read), in path order. Problems at or below an ``INVALID`` value
    are left out: the snapshot already reported them."""
    # A dict, not a set: the problems at one path keep the order jsonschema finds them
    # in (the schema's), whatever the string hash seed (a set's order is not).
    problems: dict[Problem, None] = {}
    for error in _message_validator().iter_errors(plain):
        path = tuple(error.absolute_path)
        if not _under_invalid(plain, path):
            problems[Problem(path, code_for_path(plain, path), error.message)] = None
    return sorted(problems, key=lambda problem: path_key(problem.path))


# Keyword functions, called by jsonschema as ``keyword(validator, value, instance, schema)``
# where ``value`` is the keyword's value in ``schema``. A ``path`` given to an error is
# relative to ``instance``; jsonschema prepends the path that leads to it.


def _discriminated_one_of(
    validator: Any, one_of: list[Any], instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    discriminator = schema.get("discriminator")
    if discriminator is None:
        yield from _STOCK_ONE_OF(validator, one_of, instance, schema)
        return
    name = discriminator["propertyName"]
    if not isinstance(instance, dict):
        yield ValidationError(_type_sentence("object", instance))
        return
    if name not in instance:
        yield ValidationError("is required", path=[name])
        return
    tag = instance[name]
    mapping = discriminator["mapping"]
    target = mapping.get(tag) if isinstance(tag, str) else None
    if target is None:
        known = ", ".join(repr(key) for key in mapping)
        yield ValidationError(f"must be one of {known}, not {quoted(tag)}", path=[name])
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
    yield ValidationError(f"must be {expected}, not {_json_type(instance)}")


def _required(
    validator: Any, required: list[str], instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    if not validator.is_type(instance, "object"):
        return
    for name in required:
        if name not in instance:
            yield ValidationError("is required", path=[name])


def _additional_properties(
    validator: Any, additional: Any, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    if not validator.is_type(instance, "object"):
        return
    for name in _unknown_names(instance, schema):
        if additional is False:
            yield ValidationError(
                "is not a field here (unknown fields are not allowed)", path=[name]
            )
        else:
            yield from validator.descend(instance[name], additional, path=name)


def _unknown_names(instance: dict[str, Any], schema: dict[str, Any]) -> list[str]:
    """The names of ``instance`` that neither ``properties`` nor ``patternProperties``
    of ``schema`` cover."""
    known = schema.get("properties", {})
    patterns = "|".join(schema.get("patternProperties", {}))
    return [
        name
        for name in instance
        if name not in known and not (patterns and re.search(patterns, name))
    ]


def _type(
    validator: Any, types: str | list[str], instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    names = types if isinstance(types, list) else [types]
    if not any(validator.is_type(instance, name) for name in names):
        yield ValidationError(_type_sentence(types, instance))


def _const(
    validator: Any, const: Any, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    if not _json_equal(instance, const):
        yield ValidationError(f"must be {const!r}")


def _enum(
    validator: Any, enum: list[Any], instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    if not any(_json_equal(instance, member) for member in enum):
        yield ValidationError("must be one of " + ", ".join(repr(member) for member in enum))


def _pattern(
    validator: Any, pattern: str, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    if not validator.is_type(instance, "string") or re.search(pattern, instance):
        return
    yield ValidationError(_described(schema, f"must match the pattern {pattern}"))


def _not(
    validator: Any, not_schema: Any, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    # The schemas use "not" beside a pattern ending in $, which in Python also matches
    # before a final newline: the value is refused for what it is not, as its pattern.
    if validator.evolve(schema=not_schema).is_valid(instance):
        fallback = f"must not be valid under {json.dumps(not_schema, ensure_ascii=False)}"
        yield ValidationError(_described(schema, fallback))


def _described(schema: dict[str, Any], fallback: str) -> str:
    """What a value must be, from the schema's description (a pattern means little to
    people); ``fallback`` when the schema has none."""
    description = schema.get("description")
    if description:
        return f"must be {description[0].lower()}{description[1:].rstrip('.')}"
    return fallback


def _minimum(
    validator: Any, minimum: float, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    if validator.is_type(instance, "number") and instance < minimum:
        yield ValidationError(f"must be at least {minimum}")


def _maximum(
    validator: Any, maximum: float, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    if validator.is_type(instance, "number") and instance > maximum:
        yield ValidationError(f"must be at most {maximum}")


def _type_sentence(types: object, instance: Any) -> str:
    return f"must be {_article(types)}, not {_json_type(instance)}"


def _article(json_type: object) -> str:
    if isinstance(json_type, list):
        return " or ".join(_article(item) for item in json_type)
    name = str(json_type)
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


def _json_equal(left: Any, right: Any) -> bool:
    """JSON equality, as jsonschema's ``const`` and ``enum`` judge it: ``true`` is not
    ``1`` (Python says it is), ``1`` is ``1.0``, containers compare member by member."""
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(_json_equal(left[k], right[k]) for k in left)
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(map(_json_equal, left, right))
    if isinstance(left, bool) or isinstance(right, bool):
        return left is right
    return bool(left == right)


def _under_invalid(plain: Any, path: Path) -> bool:
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


_STOCK_ONE_OF = Draft202012Validator.VALIDATORS["oneOf"]
_KEYWORDS = {
    "oneOf": _discriminated_one_of,
    "anyOf": _typed_any_of,
    "required": _required,
    "additionalProperties": _additional_properties,
    "type": _type,
    "const": _const,
    "enum": _enum,
    "pattern": _pattern,
    "not": _not,
    "minimum": _minimum,
    "maximum": _maximum,
}
# As in the fast path (msgspec) and the constructors: 1.0 is a float, not an integer.
_TYPES = Draft202012Validator.TYPE_CHECKER.redefine(
    "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
)
_Validator = validators.extend(  # type: ignore[no-untyped-call]
    Draft202012Validator, _KEYWORDS, type_checker=_TYPES
)


@functools.cache
def _registry() -> Registry[Any]:
    """Every shipped schema by ``$id``, each parsed once.

    Registered without ``$schema``: on entering a schema that names its dialect,
    jsonschema switches to that dialect's stock validator class, silently dropping the
    keyword functions above for everything below a ``$ref`` to a document's root."""
    resources = []
    for name in schemas.names():
        contents = schemas.load(name)
        contents.pop("$schema", None)
        resources.append((contents["$id"], DRAFT202012.create_resource(contents)))
    return Registry().with_resources(resources)


@functools.cache
def _message_validator() -> Any:
    return _Validator({"$ref": MESSAGE_REF}, registry=_registry())
