"""Python structures decoded from a fuzz input: a base value, then mutations.

An input of a structure target is ``JSON text, NUL byte, choice bytes``. The JSON text
(parsed by the stdlib, so ``NaN`` and ``\\ud800`` escapes come through) is the base; a
seed file holds a valid transcript or record sequence there, so the fuzzer starts from
shapes the library accepts and reaches its deep code. Without a NUL byte, or when the
text does not parse, the base is picked from ``pool`` and the whole input is choices.

The choice bytes drive up to eight mutations, each at a place picked among every value
of the structure: replace it (special strings, lone surrogates, ints beyond 2**64,
NaN, infinities, 1.0 for 1, deep nests), drop it, add a key or an item, duplicate or
reorder items, rename a key, or copy a value found elsewhere (an id, so tool-call
linkage is hit). Only ``dict``, ``list`` and JSON scalars are produced.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from fuzz.provider import Choices, choices_from

__all__ = ["VOCABULARY", "decode_structure", "mutate"]

MAX_MUTATIONS = 8

# Names and values of the v1 schemas: the fuzzer needs them to get past the tags.
VOCABULARY = [
    *("role", "id", "content", "timestamp", "type", "text", "thinking", "signature"),
    *("redacted", "name", "arguments", "source", "mediaType", "data", "url", "fileId"),
    *("toolCallId", "toolName", "isError", "provider", "model", "usage", "stopReason"),
    *("inputTokens", "outputTokens", "input_tokens", "output_tokens", "responseId"),
    *("code", "message", "records", "schemaVersion", "responses", "expected"),
    *("user", "assistant", "toolResult", "system", "tool", "developer"),
    *("toolCall", "image", "audio", "document", "base64", "file", "tool_call"),
    *("response_start", "text_delta", "response_end", "transport_error"),
    *("stop", "length", "error", "aborted", "tool_use"),
    *("image/png", "audio/wav", "application/pdf", "text/plain", "image/", "x/ "),
    *("AA==", "aGk=", "aGk", "====", "AAAA\n", "iVBORw0KGgo="),
    *("2024-01-01T00:00:00Z", "2024-02-29T23:59:60.5+14:00", "2023-02-29T00:00:00Z"),
    *("0000-01-01T00:00:00Z", "2024-01-01t00:00:00z", "2024-01-01T00:00:00Z\n"),
    *("2024-04-31T00:00:00-23:59", "9999-12-31T23:59:59.999999999Z", "1900-02-29T00:00:00Z"),
    *("", " ", "\t\n", "\u3000", "\ufeff", "\x85", "\u200b", "\x1c", "\u2028", "a"),
    *("\ud800", "a\udfff", "\ud83d\ude00", "é", "e\u0301", "__proto__", "~1/0"),
]

SPECIAL_NUMBERS: list[Any] = [
    0,
    1,
    -1,
    1.0,
    -0.0,
    0.5,
    2**31,
    2**53 - 1,
    2**53,
    2**63,
    2**64 + 1,
    -(2**64) - 1,
    10**400,
    float("nan"),
    float("inf"),
    float("-inf"),
    1e308,
    5e-324,
    True,
    False,
    None,
]


def decode_structure(data: bytes, pool: list[Any]) -> Any:
    """The base of ``data`` (or one of ``pool``), mutated by the rest of ``data``."""
    text, separator, rest = data.partition(b"\0")
    base = _parse(text) if separator else _UNPARSED
    choices = choices_from(rest if separator else data)
    if base is _UNPARSED:
        base = copy.deepcopy(choices.PickValueInList(pool))
    return mutate(base, choices)


_UNPARSED: Any = object()


def _parse(text: bytes) -> Any:
    try:
        return json.loads(text.decode("utf-8", "surrogatepass"))
    except (ValueError, RecursionError):
        return _UNPARSED


def mutate(value: Any, choices: Choices) -> Any:
    """``value`` after up to ``MAX_MUTATIONS`` mutations chosen by ``choices``."""
    holder = [value]
    words = [*VOCABULARY, *_strings(value)]
    for _ in range(choices.ConsumeIntInRange(0, MAX_MUTATIONS)):
        if not choices.remaining_bytes():
            break
        places = _places(holder)
        container, key = places[choices.ConsumeIntInRange(0, len(places) - 1)]
        operation = _OPERATIONS[choices.ConsumeIntInRange(0, len(_OPERATIONS) - 1)]
        operation(container, key, choices, words, places)
    return holder[0]


def _places(holder: list[Any]) -> list[tuple[Any, Any]]:
    """(container, key) of every value, the root (in ``holder``) first; iterative, so a
    deep nest does not exhaust the stack (nests deeper than 200 are not entered)."""
    places: list[tuple[Any, Any]] = [(holder, 0)]
    pending: list[tuple[Any, int]] = [(holder[0], 0)]
    while pending:
        value, depth = pending.pop()
        if depth > 200:
            continue
        if type(value) is dict:
            keys: Any = list(value)
        elif type(value) is list:
            keys = range(len(value))
        else:
            continue
        for key in keys:
            places.append((value, key))
            pending.append((value[key], depth + 1))
    return places


def _strings(value: Any) -> list[str]:
    """Every string and key inside ``value`` (ids to reuse elsewhere)."""
    found: list[str] = []
    for container, key in _places([value])[1:]:
        if type(key) is str:
            found.append(key)
        if type(container[key]) is str:
            found.append(container[key])
    return found[:200]


# --- operations: each changes container[key] in place ---------------------------------


def _replace_scalar(container: Any, key: Any, choices: Choices, words: list[str], _: Any) -> None:
    container[key] = scalar(choices, words)


def _replace_container(
    container: Any, key: Any, choices: Choices, words: list[str], _: Any
) -> None:
    container[key] = generated(choices, words, depth=0)


def _drop(container: Any, key: Any, choices: Choices, words: list[str], _: Any) -> None:
    if container is not None and not (type(container) is list and len(container) == 1):
        del container[key]


def _add(container: Any, key: Any, choices: Choices, words: list[str], _: Any) -> None:
    target = container[key]
    if type(target) is dict:
        target[choices.PickValueInList(words)] = generated(choices, words, depth=1)
    elif type(target) is list:
        index = choices.ConsumeIntInRange(0, len(target))
        target.insert(index, generated(choices, words, depth=1))


def _duplicate(container: Any, key: Any, choices: Choices, words: list[str], _: Any) -> None:
    target = container[key]
    if type(target) is list and target:
        item = target[choices.ConsumeIntInRange(0, len(target) - 1)]
        target.insert(choices.ConsumeIntInRange(0, len(target)), copy.deepcopy(item))


def _reorder(container: Any, key: Any, choices: Choices, words: list[str], _: Any) -> None:
    target = container[key]
    if type(target) is list and len(target) > 1:
        first = choices.ConsumeIntInRange(0, len(target) - 1)
        second = choices.ConsumeIntInRange(0, len(target) - 1)
        target[first], target[second] = target[second], target[first]


def _rename(container: Any, key: Any, choices: Choices, words: list[str], _: Any) -> None:
    if type(container) is dict:
        item = container.pop(key)
        container[string(choices, words)] = item


def _copy_other(
    container: Any, key: Any, choices: Choices, words: list[str], places: list[Any]
) -> None:
    source, source_key = places[choices.ConsumeIntInRange(0, len(places) - 1)]
    container[key] = copy.deepcopy(source[source_key])


def _nest(container: Any, key: Any, choices: Choices, words: list[str], _: Any) -> None:
    levels = choices.PickValueInList([1, 2, 62, 63, 64, 65, 66, 300, 3000])
    value = container[key]
    for _level in range(levels):
        value = {string(choices, words): value} if choices.ConsumeBool() else [value]
    container[key] = value


_OPERATIONS = [
    _replace_scalar,
    _replace_scalar,
    _replace_container,
    _drop,
    _drop,
    _add,
    _duplicate,
    _reorder,
    _rename,
    _copy_other,
    _copy_other,
    _nest,
]


# --- generated values ------------------------------------------------------------------


def scalar(choices: Choices, words: list[str]) -> Any:
    """A JSON scalar (or NaN, infinities, big ints), often a special one."""
    if choices.ConsumeBool():
        return string(choices, words)
    if choices.ConsumeBool():
        return choices.PickValueInList(SPECIAL_NUMBERS)
    return choices.ConsumeIntInRange(-(2**70), 2**70)


def string(choices: Choices, words: list[str]) -> str:
    """A known word, a word with a change, or fuzzer text (lone surrogates included)."""
    kind = choices.ConsumeIntInRange(0, 3)
    if kind == 0:
        return choices.ConsumeUnicode(choices.ConsumeIntInRange(0, 16))
    word: str = choices.PickValueInList(words)
    if kind == 1:
        return word
    if kind == 2:
        return word + str(choices.PickValueInList(VOCABULARY))
    changed: str = choices.PickValueInList([word.upper(), word[:-1], f" {word}", f"{word}\n"])
    return changed


def generated(choices: Choices, words: list[str], depth: int) -> Any:
    """A small JSON value: a scalar, or a list or object of generated values."""
    kind = choices.ConsumeIntInRange(0, 3)
    if kind <= 1 or depth > 4:
        return scalar(choices, words)
    size = choices.ConsumeIntInRange(0, 4)
    if kind == 2:
        return [generated(choices, words, depth + 1) for _ in range(size)]
    return {string(choices, words): generated(choices, words, depth + 1) for _ in range(size)}
