"""IR messages a request reader built itself, checked at once.

A reader maps each decoded wire value (``_decode``) straight to IR objects, calling the
generated classes, which do not check their arguments. ``Built.messages`` then checks
the whole result the way the IR checks a message in JSON form, in C loops across all
messages at once: the hand-checked rules (``values_valid``: non-blank ids and names,
timestamps, media-type families), every constraint the generated types declare
(``constraints_hold``, derived from the types: patterns, lengths, bounds, enums), and
the tool calls' arguments and other JSON objects (``are_exact_rereadable``). Only when
that fails are the messages explained one by one (``inspect_message``, the IR's own
boundary), which gives the ``TranscriptError`` a message in JSON form would.

One path for every shape: no message is built in JSON form first.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from itertools import chain, compress, repeat
from operator import attrgetter, is_not
from typing import Any

import msgspec
from msgspec import inspect as mi

from agent_ir._frozen import frozen_from_plain, set_plain_data
from agent_ir._generated.message_schema import (
    Base64Source,
    CacheControl,
    CacheTtl,
    ImageBlock,
    Message,
    UrlSource,
    UserBlock,
    UserMessage,
)
from agent_ir._jsoncopy import MAX_DEPTH, are_exact_rereadable
from agent_ir._jsonobject import JsonObject
from agent_ir.validation._checks import blocks_of, by_type, kinds_of, values_valid
from agent_ir.validation._convert import is_rereadable
from agent_ir.wire._common import explained, parse_data_url, parsed_arguments

__all__ = [
    "CACHE_TTLS",
    "Built",
    "cache_breakpoint",
    "constraints_hold",
    "image_source",
    "user_block_fits",
]

_new = object.__new__

# The generated classes, read as built objects: an audio block's source is a
# ``Base64Source`` object, so its tag is there (in JSON form, ``values_valid`` leaves an
# audio source's tag to a parse).
_BUILT = kinds_of(lambda kind: kind, tags_required=True)


class Built:
    """The JSON objects of the IR messages one reader builds (tool calls' arguments,
    server tools' input and wire, citations' wire), each given to the message as a
    ``JsonObject`` at once and checked, with the messages, by ``messages``."""

    __slots__ = ("_copied", "_fresh", "_holders", "_refused")

    def __init__(self) -> None:
        self._fresh: list[dict[str, Any]] = []
        self._copied: list[dict[str, Any]] = []
        self._holders: list[JsonObject] = []
        self._refused = False

    def fresh(self, value: dict[str, Any]) -> JsonObject:
        """``value``, a dict nothing else references (decoded from text by the reader),
        as the ``JsonObject`` over it; ``messages`` checks it as the IR checks a tool
        call's arguments (``are_exact_rereadable``: exact JSON within the bound)."""
        self._fresh.append(value)
        return frozen_from_plain(JsonObject, value)

    def arguments(self, text: str) -> JsonObject:
        """A call's arguments given as JSON text (``parsed_arguments``): the object it
        holds. Text holding anything else, or an object holding a lone surrogate (only a
        ``\\u`` escape writes one, and ``json.loads`` takes it), is kept for ``messages``
        to refuse (INVALID_TOOL_ARGUMENTS). An object msgspec decoded from its canonical
        text, with no ``\\u`` escape and at most ``MAX_DEPTH`` brackets, is exact JSON
        within the bound as it is: it is not checked again (on the bench transcript that
        check was a tenth of reading a Chat request)."""
        value, canonical = parsed_arguments(text)
        escaped = "\\u" in text
        if type(value) is not dict or (escaped and not is_rereadable([value])):
            kept: JsonObject = self.refused(value)
            return kept
        if canonical and not escaped and text.count("{") + text.count("[") <= MAX_DEPTH:
            return frozen_from_plain(JsonObject, value)
        return self.fresh(value)

    def object(self, value: Any) -> JsonObject:
        """``value``, a dict of the caller's input, as a ``JsonObject`` that ``messages``
        fills with a copy of it (the IR never shares the caller's data). The reader has
        had it checked as ``read_wire`` checks (``read_wire``'s value, or input read at
        once whose ``Unchecked`` is exact): exact JSON nested within the IR's bound,
        counted from the object, so it is not checked again here. Any other value
        (a wire value that is not an object where the IR wants one) is returned as it
        is, for ``messages`` to refuse with the IR's diagnostic."""
        if type(value) is not dict:
            self._refused = True
            return value  # type: ignore[no-any-return]
        holder: JsonObject = _new(JsonObject)  # given its data by ``messages``
        self._copied.append(value)
        self._holders.append(holder)
        return holder

    def refused(self, value: Any) -> Any:
        """``value``, of a type the IR's field does not take (an image read from a file
        source, say), kept for ``messages`` to refuse with the IR's diagnostic."""
        self._refused = True
        return value

    def messages(self, entries: Sequence[Message]) -> tuple[Message, ...]:
        """``entries`` when every one is a valid IR message; else ``TranscriptError``
        with the diagnostics of each one that is not (indexes: positions in
        ``entries``), as ``ir_messages`` gives them for messages in JSON form."""
        if self._copied:
            for holder, copy in zip(self._holders, msgspec.to_builtins(self._copied), strict=True):
                set_plain_data(holder, copy)
        grouped, blocks = by_type(entries), by_type(blocks_of(entries))
        if (
            not self._refused
            and (not self._fresh or are_exact_rereadable(self._fresh))
            and values_valid(entries, None, _BUILT, blocks, grouped)
            and constraints_hold(entries, blocks, grouped)
        ):
            return tuple(entries)
        return explained(entries)  # each message on its own, to say what is wrong


def cache_breakpoint(value: Any) -> CacheControl | None:
    """The IR cache breakpoint of a wire ``cache_control`` value (Anthropic's, as
    OpenRouter takes it on Chat content parts too): ``{"type": "ephemeral"}`` with an
    optional ``ttl`` of "5m" or "1h"; None for any other value (the reader warns it).
    ``value`` is exact JSON (checked before it is looked at)."""
    if (
        type(value) is not dict
        or value.get("type") != "ephemeral"
        or not value.keys() <= _CACHE_KEYS
    ):
        return None
    ttl = value.get("ttl")
    if ttl is None:
        return CacheControl(type="ephemeral")
    if type(ttl) is str and ttl in CACHE_TTLS:
        return CacheControl(type="ephemeral", ttl=CacheTtl(ttl))
    return None


_CACHE_KEYS = frozenset({"type", "ttl"})
CACHE_TTLS = frozenset(ttl.value for ttl in CacheTtl)
"""The ``ttl``s of a cache breakpoint the IR holds."""


def user_block_fits(block: UserBlock) -> bool:
    """Whether one user block built from the wire is valid IR (an image's media type and
    base64 data the IR takes, say), checked as ``messages`` checks it; for a reader that
    keeps such a block only when it is."""
    message = UserMessage(id="m", content=(block,))
    blocks = {type(block): [block]}
    return values_valid([message], None, _BUILT, blocks) and constraints_hold([message], blocks)


def image_source(url: str) -> Base64Source | UrlSource:
    """The IR source of an image URL read from the wire: a base64 source for a data URL
    holding an image the IR takes (an ``image/...`` media type, valid base64), so that an
    IR base64 image sent as a data URL comes back as it was; else the URL itself."""
    parsed = parse_data_url(url)
    if parsed is not None:
        source = Base64Source(media_type=parsed[0], data=parsed[1])
        if user_block_fits(ImageBlock(source=source)):
            return source
    return UrlSource(url=url)


# --- the constraints the generated types declare -----------------------------------

Check = Callable[[list[Any]], bool]


def constraints_hold(
    messages: Sequence[Any],
    blocks: dict[type, list[Any]],
    grouped: dict[type, list[Any]] | None = None,
) -> bool:
    """Whether every IR object of ``messages`` (and every object they hold) meets the
    constraints its generated type declares: a string's pattern and length, a number's
    bounds, an enum's or literal's values. Absent values (None) are not checked.
    ``blocks``: the messages' blocks by type (``by_type(blocks_of(messages))``), shared
    with ``values_valid``; ``grouped``: ``by_type(messages)``, when the caller has it."""
    groups = by_type(messages) if grouped is None else grouped
    return _groups_hold(groups, skip="content") and _groups_hold(blocks)


def _groups_hold(groups: dict[type, list[Any]], skip: str = "") -> bool:
    """``constraints_hold`` for objects grouped by type, leaving out the field ``skip``.
    The values of one field are gathered across all objects of a type and checked at
    once; a type with nothing to check (``_plan``) is not read. (A first pass asking
    whether all of a type's fields to check are absent, through one ``attrgetter`` of
    them all, measured slower: it builds and hashes a tuple per object.)"""
    for kind, group in groups.items():
        for name, getter, check, nested in _plan(kind):
            if name == skip:
                continue
            values = list(map(getter, group))
            nones = values.count(None)
            if nones == len(values):
                continue
            present = list(compress(values, map(is_not, values, repeat(None)))) if nones else values
            if check is not None and not check(present):
                return False
            if nested and not _groups_hold(by_type(_held(present))):
                return False
    return True


def _held(values: list[Any]) -> list[Any]:
    """The IR objects among ``values`` and inside the tuples among them."""
    held: list[Any] = []
    for kind, group in by_type(values).items():
        if kind is tuple:
            held.extend(chain.from_iterable(group))
        elif issubclass(kind, msgspec.Struct):
            held.extend(group)
    return held


@cache
def _plan(kind: type) -> tuple[tuple[str, Callable[[Any], Any], Check | None, bool], ...]:
    """For a generated class: each field with something to check, its name, getter, the check
    of its own values (None: none) and whether its values hold IR objects with
    something to check (in a tuple or not)."""
    info = mi.type_info(kind)
    if not isinstance(info, mi.StructType):
        return ()
    plan = []
    for field in info.fields:
        check = _check(field.type)
        nested = any(map(_has_plan, _structs(field.type)))
        if check is not None or nested:
            plan.append((field.name, attrgetter(field.name), check, nested))
    return tuple(plan)


def _structs(kind: mi.Type) -> list[type]:
    """The generated classes a field's values may be or hold (in a union or a tuple)."""
    if isinstance(kind, mi.Metadata):
        return _structs(kind.type)
    if isinstance(kind, mi.StructType):
        return [kind.cls]
    if isinstance(kind, mi.UnionType):
        return [cls for member in kind.types for cls in _structs(member)]
    if isinstance(kind, (mi.VarTupleType, mi.ListType)):
        return _structs(kind.item_type)
    return []


def _has_plan(cls: type) -> bool:
    return bool(_plan(cls))


def _check(kind: mi.Type) -> Check | None:
    """The check of a field's present values, from its declared type; None when the
    type declares nothing a value of the right Python type could break."""
    if isinstance(kind, mi.Metadata):
        return _check(kind.type)
    if isinstance(kind, mi.StrType):
        return _string_check(kind.pattern, kind.min_length, kind.max_length)
    if isinstance(kind, (mi.IntType, mi.FloatType)):
        return _number_check(kind.ge, kind.gt, kind.le, kind.lt)
    if isinstance(kind, mi.EnumType):
        cls = kind.cls
        return lambda values: all(map(isinstance, values, repeat(cls)))
    if isinstance(kind, mi.LiteralType):
        allowed = frozenset(kind.values)
        return lambda values: allowed.issuperset(values)
    if isinstance(kind, mi.UnionType):
        return _union_check(kind.types)
    return None


_PYTHON_TYPES: dict[type, type] = {mi.StrType: str, mi.IntType: int, mi.FloatType: float}


def _union_check(members: tuple[mi.Type, ...]) -> Check | None:
    """A union's check: each member's check on the values of that member's Python type
    (a constrained string or number beside other kinds)."""
    checks: list[tuple[type, Check]] = []
    for member in members:
        plain = member.type if isinstance(member, mi.Metadata) else member
        member_check = _check(plain)
        if member_check is not None:
            if type(plain) not in _PYTHON_TYPES:
                raise TypeError(f"a union member whose values cannot be told apart: {plain}")
            checks.append((_PYTHON_TYPES[type(plain)], member_check))
    if not checks:
        return None

    def check(values: list[Any]) -> bool:
        groups = by_type(values)
        return all(kind not in groups or one(groups[kind]) for kind, one in checks)

    return check


def _string_check(pattern: str | None, shortest: int | None, longest: int | None) -> Check | None:
    if pattern is None and shortest is None and longest is None:
        return None
    search = None if pattern is None else re.compile(pattern).search

    def check(values: list[Any]) -> bool:
        if shortest is not None and min(map(len, values)) < shortest:
            return False
        if longest is not None and max(map(len, values)) > longest:
            return False
        return search is None or all(map(search, values))

    return check


def _number_check(
    ge: float | None, gt: float | None, le: float | None, lt: float | None
) -> Check | None:
    if ge is None and gt is None and le is None and lt is None:
        return None

    def check(values: list[Any]) -> bool:
        low, high = min(values), max(values)
        return (
            (ge is None or low >= ge)
            and (gt is None or low > gt)
            and (le is None or high <= le)
            and (lt is None or high < lt)
        )

    return check
