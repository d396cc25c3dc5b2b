"""The contract every entry point keeps on every catalogue case, as assertions.

* ``attempt`` runs a call and keeps whatever it raised (any ``BaseException``);
  ``assert_documented`` fails unless that is one of the documented types, with a
  message that ``str()`` gives, non-empty and writable as UTF-8;
* ``assert_writable`` checks a validator's result: a tuple of ``Diagnostic``s, each
  encodable by msgspec, with UTF-8 message and path;
* ``fingerprint`` snapshots a caller's value through the base types only (no override
  of a hostile double runs), so comparing it before and after a call proves the call
  changed nothing the caller holds.
"""

from __future__ import annotations

import hashlib
import inspect
import itertools
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from types import GeneratorType
from typing import Any

import msgspec

from agent_ir import (
    AssistantMessage,
    Diagnostic,
    DiagnosticCode,
    ToolResultMessage,
    assistant_message,
    dumps,
    loads,
    tool_result_message,
    validate_transcript,
)

# Shape codes: what one message's own content decides (linkage codes span messages).
SHAPE_CODES = frozenset(
    {
        DiagnosticCode.INVALID_TRANSCRIPT,
        DiagnosticCode.INVALID_MESSAGE,
        DiagnosticCode.EMPTY_TOOL_NAME,
        DiagnosticCode.INVALID_TOOL_ARGUMENTS,
    }
)


@dataclass
class Outcome:
    """What a call returned (``value``) or raised (``error``)."""

    value: Any = None
    error: BaseException | None = None

    def __repr__(self) -> str:
        # Safe for pytest to show: the error's own str() and repr() may raise.
        if self.error is not None:
            return f"Outcome(error={describe(self.error)})"
        return f"Outcome(value of type {type(self.value).__name__})"


def attempt(call: Callable[..., Any], *args: Any, **kwargs: Any) -> Outcome:
    """``call(*args, **kwargs)``, keeping any ``BaseException`` it raises (interrupts
    aside: no catalogue case raises one)."""
    try:
        return Outcome(value=call(*args, **kwargs))
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:
        return Outcome(error=error)


def describe(error: BaseException) -> str:
    """``Type: message`` of an exception, even one whose ``__str__`` raises."""
    try:
        return f"{type(error).__name__}: {error}"
    except BaseException:
        return f"{type(error).__name__} (whose str() raises)"


def assert_documented(
    outcome: Outcome, allowed: tuple[type[BaseException], ...], entry: str
) -> None:
    """Fail unless ``outcome`` is a value or an error of one of the ``allowed`` types
    whose ``str()`` is a non-empty, UTF-8-writable message."""
    error = outcome.error
    if error is None:
        return
    names = " or ".join(kind.__name__ for kind in allowed)
    assert isinstance(error, allowed), f"{entry} raised {describe(error)} (documented: {names})"
    message = str(error)
    assert message.strip(), f"{entry} raised {type(error).__name__} with an empty message"
    assert is_utf8(message), f"{entry} raised {type(error).__name__} with an unwritable message"


def assert_writable(diagnostics: object) -> None:
    """A validator's result: a tuple of ``Diagnostic``s that can be written out."""
    assert type(diagnostics) is tuple, f"not a tuple: {type(diagnostics).__name__}"
    for diagnostic in diagnostics:
        assert type(diagnostic) is Diagnostic, type(diagnostic).__name__
        assert diagnostic.code in set(DiagnosticCode), diagnostic.code
        assert diagnostic.message.strip(), f"empty message: {diagnostic!r}"
        for part in (diagnostic.message, diagnostic.path):
            assert is_utf8(part), f"a diagnostic cannot be written as UTF-8: {diagnostic!r}"
        msgspec.json.encode(diagnostic)


def is_utf8(text: str) -> bool:
    """False when ``text`` holds a lone surrogate."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def assert_round_trip(messages: tuple[Any, ...]) -> None:
    """IR messages a validator or constructor returned are valid, and
    loads(dumps(...)) gives them back (each call given its result, each result its call,
    so that linkage does not stand in the way)."""
    refused = [d for d in validate_transcript(messages) if d.code in SHAPE_CODES]
    assert not refused, f"an accepted IR value does not validate: {refused[0]}"
    transcript = linked(messages)
    written = attempt(dumps, transcript)
    assert written.error is None, f"dumps of an accepted IR value raised {describe(written.error)}"
    loaded = attempt(loads, written.value)
    assert loaded.error is None, f"loads of dumps raised {describe(loaded.error)}"
    assert loaded.value == transcript


def linked(messages: tuple[Any, ...]) -> tuple[Any, ...]:
    """``messages`` with a result after each lone assistant message's tool calls and a
    call before each lone tool result (for one constructed message)."""
    if len(messages) != 1:
        return messages
    (message,) = messages
    if isinstance(message, AssistantMessage):
        results = [
            tool_result_message(
                id=f"result-{index}", tool_call_id=call.id, tool_name=call.name, content="x"
            )
            for index, call in enumerate(message.tool_calls)
        ]
        return (message, *results)
    if isinstance(message, ToolResultMessage):
        call = {"type": "toolCall", "id": message.tool_call_id, "name": message.tool_name}
        opener = assistant_message(id="opener", content=[{**call, "arguments": {}}])
        return (opener, message)
    return messages


def under(diagnostics: tuple[Diagnostic, ...], pointer: str) -> list[Diagnostic]:
    """The diagnostics at ``pointer`` or below it."""
    return [d for d in diagnostics if d.path == pointer or d.path.startswith(pointer + "/")]


def shape_of(diagnostics: tuple[Diagnostic, ...], index: int) -> list[Diagnostic]:
    """The shape diagnostics of message ``index``."""
    return [d for d in diagnostics if d.message_index == index and d.code in SHAPE_CODES]


# --- fingerprints --------------------------------------------------------------------

# Attributes in which the doubles count their own use: they change by design.
OBSERVERS = frozenset(
    {
        "reads",
        "iterations",
        "lengths",
        "position",
        "aiter_calls",
        "anext_calls",
        "aclose_calls",
        "wait_interrupted",
        "swallowed",
        "produced",
    }
)
_IMMUTABLE = frozenset({str, int, float, bool, type(None), bytes, complex, type(...)})


def fingerprint(value: object, limit: int | None = None) -> array[int]:
    """Every object reachable from ``value`` (through dict, list, tuple, set and
    instance ``__dict__``, read through the base types), in order, by type, identity
    and size; mutable leaves (``bytearray``, generators) by content or state. Equal
    fingerprints taken before and after a call mean the call changed nothing.
    ``limit`` bounds how many containers are opened (the first ones, depth first) and
    how many items of a dict or list are followed (its size still counts)."""
    tokens: array[int] = array("Q")
    seen: set[int] = set()
    stack: list[object] = [value]
    opened = 0
    while stack and (limit is None or opened < limit):
        item = stack.pop()
        kind = type(item)
        tokens.append(id(kind))
        tokens.append(id(item))
        if kind in _IMMUTABLE or id(item) in seen:
            continue
        seen.add(id(item))
        opened += 1
        if kind is dict:
            pairs = itertools.islice(dict.items(item), limit)  # type: ignore[arg-type]
            children: list[object] = [part for pair in pairs for part in pair]
            tokens.append(dict.__len__(item))  # type: ignore[arg-type]
        elif kind is list:
            children = list(itertools.islice(list.__iter__(item), limit))  # type: ignore[arg-type]
            tokens.append(list.__len__(item))  # type: ignore[arg-type]
        else:
            children = _children(item, kind, tokens)
            tokens.append(len(children))
        stack.extend(reversed(children))
    return tokens


def snapshot(value: object, *, heavy: bool) -> str:
    """A digest of the ``fingerprint`` of a catalogue value (short for pytest to show),
    of its first ``HEAVY_LIMIT`` containers only for a heavy case (a full walk of 10**6
    containers costs seconds)."""
    return hashlib.blake2b(fingerprint(value, HEAVY_LIMIT if heavy else None)).hexdigest()


HEAVY_LIMIT = 100_000


def _children(item: object, kind: type, tokens: array[int]) -> list[object]:
    children: list[object] = []
    if issubclass(kind, dict):
        for key, child in dict.items(item):  # type: ignore[arg-type]
            children += (key, child)
    elif issubclass(kind, list):
        children += list.copy(item)  # type: ignore[arg-type]
    elif issubclass(kind, tuple):
        children += tuple.__getitem__(item, slice(None))  # type: ignore[arg-type]
    elif issubclass(kind, (set, frozenset)):
        children += sorted(set(item), key=id)  # type: ignore[call-overload]
    elif issubclass(kind, bytearray):
        tokens.append(hash(bytes(item)) & 0xFFFFFFFFFFFFFFFF)  # type: ignore[call-overload]
    elif issubclass(kind, GeneratorType):
        tokens.append(hash(inspect.getgeneratorstate(item)) & 0xFFFFFFFFFFFFFFFF)  # type: ignore[arg-type]
    try:
        attributes = object.__getattribute__(item, "__dict__")
    except Exception:
        attributes = None
    if type(attributes) is dict:
        for name, child in attributes.items():
            if name not in OBSERVERS:
                children += (name, child)
    return children
