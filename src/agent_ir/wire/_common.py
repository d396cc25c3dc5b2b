"""What every wire format shares: the request and result types, warnings, reading
untrusted wire values, data URLs, tool-call arguments and names, and turning converted
messages into the IR.

A conversion never drops anything silently: whatever a format cannot carry is a
``ConversionWarning`` with a stable code (``schemas/v1/conversion-warning.schema.json``).

Conventions every format keeps:

- ``WireFormatError`` paths start at the request field (``/messages``, ``/input``,
  ``/system``), and the reason is in the decode step's grammar
  (``agent_ir.wire._decode``): ``must be <expected>; it is <what it is>``, what it is
  named by ``describe_json`` (``missing`` when absent).
- A message read from the wire without an id of its own gets ``assigned_id(position)``,
  ``position`` being its index in the result (as in a ``TranscriptError``).
- None of the formats carries a tool result's tool name: it is read back from the calls
  (``CallNames``), ``UNKNOWN_TOOL_NAME`` when no call has the result's id.
"""

from __future__ import annotations

import json
import math
import re
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from itertools import chain, compress, repeat
from operator import is_
from typing import Any

import msgspec

from agent_ir._errors import (
    InvalidMessageError,
    JsonValueError,
    TranscriptError,
    WireFormatError,
)
from agent_ir._frozen import plain_data
from agent_ir._generated.conversion_warning_schema import (
    ConversionWarning,
    ConversionWarningCode,
)
from agent_ir._generated.diagnostic_schema import Diagnostic, DiagnosticCode
from agent_ir._generated.message_schema import (
    AssistantMessage,
    Message,
    SystemMessage,
    ToolCallBlock,
    ToolResultMessage,
    UserMessage,
)
from agent_ir._generated.transcript_schema import ToolDefinition
from agent_ir._jsoncopy import (
    MAX_DEPTH,
    WRITABLE_INT,
    copy_json,
    snapshot_sequence,
    thaw,
)
from agent_ir._jsonobject import JsonObject
from agent_ir._paths import Path, to_pointer
from agent_ir._text import quoted
from agent_ir.messages import parse_message
from agent_ir.schemas import load
from agent_ir.validation._checks import values_valid
from agent_ir.validation._convert import convert_messages, is_rereadable
from agent_ir.validation._diagnostics import diagnostic, ordered
from agent_ir.validation._explain import inspect_message
from agent_ir.validation._fast import fast_messages

__all__ = [
    "AUDIO_MEDIA_TYPES",
    "UNKNOWN_TOOL_NAME",
    "CallNames",
    "ConversionWarning",
    "ConversionWarningCode",
    "Unchecked",
    "Warnings",
    "WireFormatError",
    "WireMessages",
    "WireRequest",
    "arguments_text",
    "assigned_id",
    "bare_media_type",
    "data_url",
    "exact_at",
    "exact_dicts",
    "exact_keys",
    "explained",
    "fits_ir",
    "ir_messages",
    "key_not_read",
    "not_read",
    "parse_arguments",
    "parse_data_url",
    "parsed_arguments",
    "plain_arguments",
    "read_wire",
    "transcript_call_names",
    "transcript_items",
    "unchecked_wire",
    "unknown_tool_name",
    "unread_keys",
    "warn_cache_control",
    "warn_moved",
    "warn_thought_signatures",
    "warn_tool_name",
]

UNKNOWN_TOOL_NAME = "unknown"
"""The ``toolName`` a ``from_*`` gives a tool result that no tool call of its input
answers (with a TOOL_NAME_UNKNOWN warning; ``validate_transcript`` reports the orphan)."""

# Wire audio format -> the IR media type, for the OpenAI formats' ``input_audio``.
AUDIO_MEDIA_TYPES = {"wav": "audio/wav", "mp3": "audio/mpeg"}


@dataclass(frozen=True)
class WireRequest:
    """A provider request built from IR messages: ``fields`` are the request's fields as
    plain JSON-ready values (pass them with ``**request.fields`` next to ``model`` and
    the rest), ``warnings`` what the format could not carry or changed, in order."""

    fields: dict[str, Any]
    warnings: tuple[ConversionWarning, ...] = field(default=())


class WireMessages(tuple[Message, ...]):
    """The IR messages read from a wire format (a tuple) with ``warnings``: the wire
    parts that have no IR form, each named by its position in the wire input, and
    ``tools``: the tool definitions read from the request's ``tools`` (None when the
    ``from_*`` was given none; a hosted tool has no definition, only its warning)."""

    warnings: tuple[ConversionWarning, ...]
    tools: tuple[ToolDefinition, ...] | None

    def __new__(
        cls,
        messages: Iterable[Message],
        warnings: Iterable[ConversionWarning] = (),
        tools: Iterable[ToolDefinition] | None = None,
    ) -> WireMessages:
        result = super().__new__(cls, messages)
        result.warnings = tuple(warnings)
        result.tools = None if tools is None else tuple(tools)
        return result


class Warnings:
    """Collects the warnings of one conversion. ``root`` is the JSON Pointer of the list
    the message indexes count in (``""`` for an IR transcript, ``"/messages"``,
    ``"/input"``); a warning's ``path`` is ``<root>/<message>/content/<block>``, or
    ``<root>/<message>`` for the message as a whole, unless ``add`` is given the exact
    place: a field (``/2/isError``), a key with no IR form
    (``/messages/3/content/1/title``), a part of another list (``/input/4/summary/0``),
    the ``system`` argument (``/system/1``)."""

    def __init__(self, root: str = "") -> None:
        self._root = root
        self._found: list[ConversionWarning] = []

    def add(
        self,
        code: ConversionWarningCode,
        message_index: int,
        block_index: int,
        text: str,
        *,
        path: str | None = None,
        field: str | None = None,
    ) -> None:
        """``path``: the exact place, when it is not the message or block; ``field``: a
        field of that message (block -1) or block (``/2/content/1/cacheControl``)."""
        if path is None:
            path = f"{self._root}/{message_index}"
            if block_index >= 0:
                path += f"/content/{block_index}"
            if field is not None:
                path += f"/{field}"
        self._found.append(
            ConversionWarning(
                code=code,
                path=path,
                message_index=message_index,
                block_index=block_index,
                message=text,
            )
        )

    def add_tool(
        self, code: ConversionWarningCode, tool_index: int, text: str, *, path: str | None = None
    ) -> None:
        """A warning about tool definition ``tool_index``, which is in no message
        (message and block index -1): ``path`` is the exact place, ``/tools/<i>`` when
        it is the tool as a whole (the tools list, whatever the messages' ``root``)."""
        self._found.append(
            ConversionWarning(
                code=code,
                path=f"/tools/{tool_index}" if path is None else path,
                message_index=-1,
                block_index=-1,
                tool_index=tool_index,
                message=text,
            )
        )

    def all(self) -> tuple[ConversionWarning, ...]:
        return tuple(self._found)


def transcript_items(function: str, transcript: object) -> list[Message]:
    """The messages of ``transcript`` (a list or tuple of IR messages or JSON-form
    mappings), each valid on its own (linkage is not checked: a broken session converts
    too); ``InvalidMessageError`` naming the first bad one (its path starts with its
    index), ``TypeError`` for anything but a list or tuple.

    An IR message (an object of a generated message class) is taken as it is: IR
    objects are immutable and valid by construction (one built directly from the
    generated classes, which do not check their arguments, is the caller's to check
    with ``parse_message``). Only the mappings are validated, in batches on the fast
    path; a batch it refuses is read entry by entry to name the first bad one."""
    if not issubclass(type(transcript), (list, tuple)):
        raise TypeError(
            f"{function}: expected a list or tuple of messages, not {type(transcript).__name__}"
        )
    entries = snapshot_sequence(transcript)
    if set(map(type, entries)) <= _MESSAGE_TYPES:
        return entries
    trusted = list(map(_MESSAGE_TYPES.__contains__, map(type, entries)))
    unchecked = [index for index, is_message in enumerate(trusted) if not is_message]
    for start in range(0, len(unchecked), _CHUNK):
        positions = unchecked[start : start + _CHUNK]
        converted = fast_messages([entries[index] for index in positions])
        if converted is None:
            converted = tuple(_parsed(function, index, entries[index]) for index in positions)
        for index, message in zip(positions, converted, strict=True):
            entries[index] = message
    return entries


_MESSAGE_TYPES = frozenset({SystemMessage, UserMessage, AssistantMessage, ToolResultMessage})
# Mappings are validated this many at a time: one fast-path call per batch, and a bad
# entry only sends its own batch through the per-message path.
_CHUNK = 256


def _parsed(function: str, index: int, entry: object) -> Message:
    try:
        return parse_message(entry)
    except InvalidMessageError as error:
        raise InvalidMessageError(
            function, (index, *error.path), error.code, error.reason
        ) from None


def assigned_id(position: int) -> str:
    """The id of the message at ``position`` of a ``from_*`` result (its index among the
    IR messages read) when the wire gives it none: ``message-0001`` for the first."""
    if position < len(_ASSIGNED):  # made once (a reader calls this for each message)
        return _ASSIGNED[position]
    if position < _ASSIGNED_KEPT:
        _ASSIGNED.extend(map(_assigned, range(len(_ASSIGNED), position + 1)))
    return _assigned(position)


def _assigned(position: int) -> str:
    # str.zfill, not the format spec :04d (a third of the cost on 3.13).
    return "message-" + str(position + 1).zfill(4)


# The ids of the first positions, kept once made: a few MB at most, where making each id
# again was 3% of reading a request.
_ASSIGNED: list[str] = []
_ASSIGNED_KEPT = 1 << 16


def ir_messages(messages: list[dict[str, Any]]) -> tuple[Message, ...]:
    """Messages in JSON form that a ``from_*`` built -> the IR, each checked on its own;
    a message that is not valid on its own (tool-call arguments that are not a JSON
    object, say) makes a ``TranscriptError`` with the diagnostics of every such message,
    never a guess.

    The messages are exact builtins read from ``read_wire``'s checked input (no Struct,
    no lone surrogate), so they go to the fast path's conversion as they are, all in one
    call; only when it refuses are they inspected one by one, to explain."""
    try:
        converted = convert_messages(messages)
        if values_valid(converted, messages):
            return converted
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception:  # any refusal: explained message by message below
        pass
    return explained(messages)


def explained(messages: Sequence[Any]) -> tuple[Message, ...]:
    """Each message (JSON form or IR object) checked on its own by the IR's boundary
    (``inspect_message``): the checked messages when all pass, else ``TranscriptError``
    listing every problem (indexes: positions in ``messages``)."""
    converted: list[Message] = []
    problems: list[Diagnostic] = []
    for index, entry in enumerate(messages):
        inspection = inspect_message(entry)
        if inspection.message is not None:
            converted.append(inspection.message)
            continue
        problems.extend(
            diagnostic(DiagnosticCode(problem.code), index, problem.path, problem.reason)
            for problem in inspection.problems
        )
    if problems:
        raise TranscriptError(ordered(problems))
    return tuple(converted)


def fits_ir(block: dict[str, Any]) -> bool:
    """Whether a user block in JSON form read from the wire is valid IR (a media type
    and base64 data the IR takes, say)."""
    return inspect_message({"role": "user", "id": "m", "content": [block]}).message is not None


# --- reading untrusted wire values ------------------------------------------------------


def read_wire(function: str, value: object, path: Path = (), *, offset: int = 0) -> Any:
    """Untrusted wire input as plain builtins, read once; ``WireFormatError`` when it is
    not JSON data.

    Input made only of exact JSON builtins (``dict`` with ``str`` keys, ``list``,
    ``str`` without lone surrogates, finite ``float``, writable ``int``, ``bool``,
    ``None``) nested within the bound is returned as it is: reading it is not
    observable and no conversion writes into its input, so the copy would only cost
    time. Anything else is copied by ``copy_json``, which refuses what is not JSON.

    ``offset`` is how many levels above a free JSON value of the format (Anthropic's
    ``tool_use.input``, at ``messages/<i>/content/<j>/input``) do not count toward
    ``MAX_DEPTH``, as in ``copy_json``: the IR takes arguments nested ``MAX_DEPTH``
    levels, so a request holding them must be read (the IR then bounds the arguments
    themselves); a bound counted from the request's root refused what ``to_anthropic``
    wrote."""
    if _is_exact_wire(value, MAX_DEPTH + offset - len(path)) and is_rereadable([value]):
        return value
    try:
        return copy_json(value, path=path, offset=offset)
    except JsonValueError as error:
        raise WireFormatError(function, error.path, error.reason) from None


def unchecked_wire(value: object) -> list[Any] | None:
    """``value`` when a reader may read it before it is checked (an exact ``list`` that
    ``is_rereadable``: no lone surrogate, no cycle, nothing msgspec cannot encode), None
    otherwise. The reader then checks the exact type of every value it reads and hands
    the rest to an ``Unchecked``; a reader that fails in any way, or whose ``Unchecked``
    is not ``exact``, is run again on ``read_wire``'s result, which says what is wrong
    as before."""
    if type(value) is list and is_rereadable([value]):
        return value
    return None


class Unchecked:
    """The values a reader of ``unchecked_wire`` input did not read itself (the values
    of keys it has no IR form for, arguments it keeps as they are), by their depth
    below the request field's list (0), for one ``read_wire``-equivalent check at the
    end."""

    __slots__ = ("_values",)

    def __init__(self) -> None:
        self._values: dict[int, list[Any]] = {}

    def add(self, depth: int, value: Any) -> None:
        self._values.setdefault(depth, []).append(value)

    def exact(self, root: Path, *, offset: int = 0) -> bool:
        """Whether what was added holds only what ``read_wire(..., root, offset=...)``
        takes as it is: exact JSON builtins, nested within its bound."""
        levels = MAX_DEPTH + offset - len(root)
        return all(
            _is_exact_wire(values, levels - depth + 1) for depth, values in self._values.items()
        )


def exact_at(path: Path, value: Any, *, offset: int = 0) -> bool:
    """Whether the one value at ``path`` (from its request field) is what
    ``read_wire(..., path[:1], offset=offset)`` takes as it is: ``Unchecked`` for a value
    about to be looked at, checked now."""
    held = Unchecked()
    held.add(len(path) - 1, value)
    return held.exact(path[:1], offset=offset)


def exact_keys(value: dict[Any, Any]) -> bool:
    """Whether every key of the exact dict ``value`` is an exact ``str``: checked (by
    type, in C) before a reader of ``unchecked_wire`` input looks a key up in it, since
    ``is_rereadable`` lets ``str`` subclass keys through and a lookup may call their
    ``__eq__``."""
    return _STR.issuperset(map(type, value))


def exact_dicts(values: list[Any]) -> bool:
    """Whether every item of ``values`` is an exact dict with exact ``str`` keys (C
    loops across all of them)."""
    return set(map(type, values)) <= _DICT and _STR.issuperset(
        map(type, chain.from_iterable(values))
    )


_DICT = frozenset((dict,))


def _is_exact_wire(value: object, levels: int) -> bool:
    """Whether ``value`` is a dict or list holding only exact JSON builtins, ``str`` keys,
    finite floats and writable ints, its containers nested fewer than ``levels`` deep
    (as ``copy_json`` bounds them). Checked level by level across the whole value with
    C loops (``_jsoncopy.are_exact_rereadable``'s way); lone surrogates are left to
    ``is_rereadable``. A cycle exceeds the bound."""
    dicts: list[dict[Any, Any]] = [value] if type(value) is dict else []
    lists: list[list[Any]] = [value] if type(value) is list else []
    if not dicts and not lists:
        return False  # a scalar: copy_json checks it at once
    for _depth in range(max(levels, 0)):
        if not dicts and not lists:
            return True
        if dicts and not set(map(type, chain.from_iterable(dicts))) <= _STR:
            return False
        values = list(
            chain(chain.from_iterable(map(dict.values, dicts)), chain.from_iterable(lists))
        )
        types = list(map(type, values))  # read once, for every pass below
        kinds = set(types)
        if not kinds <= _EXACT_TYPES or not _numbers_writable(values, types, kinds):
            return False
        dicts = _of_type(values, types, dict) if dict in kinds else []
        lists = _of_type(values, types, list) if list in kinds else []
    return not dicts and not lists


def _numbers_writable(values: list[Any], types: list[type], kinds: set[type]) -> bool:
    if float in kinds and not all(map(math.isfinite, _of_type(values, types, float))):
        return False
    if int in kinds:
        ints = _of_type(values, types, int)
        return bool(-WRITABLE_INT < min(ints) <= max(ints) < WRITABLE_INT)
    return True


def _of_type(values: list[Any], types: list[type], kind: type) -> list[Any]:
    """The ``values`` whose type (``types``, in the same order) is ``kind``."""
    return list(compress(values, map(is_, types, repeat(kind))))


_STR = frozenset((str,))
_EXACT_TYPES = frozenset((str, int, float, bool, type(None), dict, list))


# --- data URLs and media types ------------------------------------------------------------

_MEDIA_TYPE = re.compile(
    load("message")["$defs"]["Base64Source"]["properties"]["mediaType"]["pattern"]
)
_DATA = "data:"
_BASE64 = ";base64"


def data_url(media_type: str, data: str) -> str:
    """``data:<mediaType>;base64,<data>``: how both OpenAI formats send base64 bytes."""
    return f"{_DATA}{media_type}{_BASE64},{data}"


def parse_data_url(url: str) -> tuple[str, str] | None:
    """``data:<mediaType>;base64,<data>`` -> (mediaType, data), or None when ``url`` is
    not such a URL or its media type is not one the IR takes. Base64 has no comma, so
    the last comma ends the media type whatever it holds; the data is not checked."""
    head, comma, data = url.rpartition(",")
    if not (comma and head.startswith(_DATA) and head.endswith(_BASE64)):
        return None
    media_type = head[len(_DATA) : -len(_BASE64)]
    if not _MEDIA_TYPE.search(media_type):
        return None
    return media_type, data


def bare_media_type(media_type: str) -> str:
    """``Audio/WAV; rate=8000`` -> ``audio/wav``: what a format matches media types by."""
    return media_type.split(";", 1)[0].strip().lower()


# --- tool calls -----------------------------------------------------------------------------


def unread_keys(
    value: dict[str, Any],
    read: Set[str],
    ignored: Set[str] = frozenset(),
    defaults: Mapping[str, Any] | None = None,
) -> list[str]:
    """The keys of a wire object a reader has no IR form for, in order: not in ``read``
    or ``ignored``, and holding neither ``null`` nor the key's documented default (the
    same JSON type and value as in ``defaults``). Each is one PART_NOT_READ warning
    (``key_not_read``) whose path is the key's."""
    return [
        key
        for key, item in value.items()
        if key not in read
        and key not in ignored
        and item is not None
        and not (defaults and _is_default(defaults, key, item))
    ]


def not_read(what: str) -> str:
    """The one sentence of a PART_NOT_READ warning: ``<what> has no IR form``."""
    return f"{what} has no IR form"


def key_not_read(path: Path) -> str:
    """``not_read`` of the key at ``path`` (``/messages/3/name has no IR form``)."""
    return not_read(to_pointer(path))


def _is_default(defaults: Mapping[str, Any], key: str, value: Any) -> bool:
    default = defaults.get(key)
    return default is not None and type(value) is type(default) and value == default


def arguments_text(arguments: Any) -> str:
    """Tool-call arguments (a ``JsonObject``, or a JSON object in plain builtins) as the
    compact JSON text the OpenAI formats send."""
    if type(arguments) is JsonObject:
        arguments = plain_data(arguments)  # our own frozen data: only read
    return _ARGUMENTS_ENCODER.encode(arguments)


# What ``json.dumps(arguments, ensure_ascii=False, separators=(",", ":"),
# allow_nan=False)`` builds on every call, built once.
_ARGUMENTS_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def plain_arguments(arguments: Any) -> Any:
    """Tool-call arguments as fresh plain builtins, nothing shared with the IR."""
    return thaw(arguments)


def parse_arguments(text: str) -> object:
    """The JSON object ``text`` holds, or ``text`` itself (see ``parsed_arguments``)."""
    return parsed_arguments(text)[0]


def parsed_arguments(text: str) -> tuple[object, bool]:
    """The JSON object ``text`` holds, or ``text`` itself when it holds anything else
    (not JSON, not an object, duplicate keys, NaN or an infinite number), so that
    ``ir_messages`` reports INVALID_TOOL_ARGUMENTS instead of a guess.

    Text in msgspec's canonical form (compact, as ``arguments_text`` writes it) is
    decoded by msgspec: when the decoded object encodes back to exactly ``text``, the
    text has no duplicate key, no NaN or infinite number, no lone surrogate and no
    whitespace, and ``json.loads`` would give the same value. Any other text takes
    ``json.loads`` with the checks as hooks. No int longer than 640 digits (the lowest
    limit ``sys.set_int_max_str_digits`` takes) fits in a text that short, so the fast
    path never accepts an int ``json.loads`` would refuse.

    The second item says whether the value came from that fast path (canonical text,
    decoded by msgspec: exact JSON builtins, finite numbers, ints ``json.loads`` takes).
    ``parse_arguments`` gives the value alone."""
    if len(text) <= _FAST_ARGUMENTS_LENGTH:
        try:
            value = _MSGSPEC_DECODE(text)
            if type(value) is dict and _MSGSPEC_ENCODE(value) == text.encode():
                return value, True
        except (msgspec.DecodeError, RecursionError, UnicodeError):
            pass  # not canonical: read as below
    try:
        value = json.loads(
            text,
            object_pairs_hook=_unique_keys,
            parse_constant=_refuse_constant,
            parse_float=_finite_float,
        )
    except (ValueError, RecursionError):
        return text, False
    return (value if type(value) is dict else text), False


_FAST_ARGUMENTS_LENGTH = 640
_MSGSPEC_DECODE = msgspec.json.Decoder().decode
_MSGSPEC_ENCODE = msgspec.json.Encoder().encode


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) != len(pairs):
        raise ValueError("duplicate key")
    return value


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError("infinite number")
    return value


class CallNames:
    """The tool calls of a transcript, by id, for the results that answer them: a
    result's tool name is the name of the nearest call with its id before it, else of
    the first one after it. No format carries a result's tool name, so every ``from_*``
    reads it back this way, and every ``to_*`` warns (TOOL_NAME_NOT_SENT) when that
    would give another name."""

    def __init__(self) -> None:
        # An id given to one call (the common case) costs one dict entry, no list:
        # building two lists per call was a twentieth of reading a request.
        self._once: dict[str, str] = {}  # the name of the one call of an id
        # For an id of several calls: the positions of all but the first, and the
        # names of all. The first call's position never decides: a result before it
        # and a result after it (before the second) both get its name.
        self._many: dict[str, tuple[list[int], list[str]]] = {}

    def add(self, position: int, call_id: str, name: str) -> None:
        """A call at ``position`` (messages or items, added in order)."""
        many = self._many.get(call_id)
        if many is not None:
            many[0].append(position)
            many[1].append(name)
        elif call_id in self._once:
            self._many[call_id] = ([position], [self._once.pop(call_id), name])
        else:
            self._once[call_id] = name

    def name(self, call_id: str, position: int) -> str | None:
        """The tool name of a result at ``position``; None when no call has its id."""
        name = self._once.get(call_id)
        if name is not None:
            return name
        many = self._many.get(call_id)
        if many is None:
            return None
        later, names = many
        return names[bisect_left(later, position)]  # the calls before it, but the first


def transcript_call_names(messages: Sequence[Message]) -> CallNames:
    """The tool calls of IR messages, positioned by message index."""
    names = CallNames()
    for index, message in enumerate(messages):
        if type(message) is AssistantMessage:
            for block in message.content:
                if type(block) is ToolCallBlock:
                    names.add(index, block.id, block.name)
    return names


def warn_cache_control(
    value: Any, index: int, block_index: int, warnings: Warnings, why: str
) -> None:
    """CACHE_CONTROL_NOT_SENT at ``value``'s ``cacheControl`` when it has one: for a format
    with no cache breakpoints at all (``why`` says so in its words)."""
    if getattr(value, "cache_control", None) is not None:
        warnings.add(
            ConversionWarningCode.CACHE_CONTROL_NOT_SENT,
            index,
            block_index,
            why,
            field="cacheControl",
        )


def warn_moved(
    warnings: Warnings,
    index: int,
    content: Sequence[object],
    in_content: frozenset[type],
    format_name: str,
) -> None:
    """BLOCK_MOVED at ``/index/content/<j>`` for each block of a kind the format sends in
    an assistant message's content (``in_content``) that comes after a tool call: the
    format holds the calls after the content, so the block reads back ahead of the call."""
    after_call = False
    for block_index, block in enumerate(content):
        kind = type(block)
        if after_call and kind in in_content:
            warnings.add(
                ConversionWarningCode.BLOCK_MOVED,
                index,
                block_index,
                f"a block after a tool call is sent before it: {format_name} holds an"
                " assistant message's tool calls after its content",
            )
        after_call = after_call or kind is ToolCallBlock


def warn_tool_name(
    warnings: Warnings, names: CallNames, index: int, message: ToolResultMessage
) -> None:
    """TOOL_NAME_NOT_SENT when the tool name of result ``index`` would not read back:
    its call has another name, or no call has its id."""
    call_id, name = message.tool_call_id, message.tool_name
    read_back = names.name(call_id, index)
    if read_back == name:
        return
    if read_back is None:
        why = f"no tool call has id {quoted(call_id)}: it reads back as {quoted(UNKNOWN_TOOL_NAME)}"
    else:
        why = f"it reads back as {quoted(read_back)}, the name of tool call {quoted(call_id)}"
    warnings.add(
        ConversionWarningCode.TOOL_NAME_NOT_SENT,
        index,
        -1,
        f"the tool name {quoted(name)} is not sent (the format has no place for it) and {why}",
        field="toolName",
    )


def warn_thought_signatures(
    warnings: Warnings, messages: Sequence[Message], format_name: str
) -> None:
    """SIGNATURE_NOT_SENT at ``/<i>/content/<j>/thoughtSignature`` for every block (of
    any message) with a Gemini ``thoughtSignature``, which no other format carries:
    each ``to_*`` but ``to_gemini`` calls it after its own warnings (so they stay in
    message order among themselves, the signatures' after them)."""
    for index, message in enumerate(messages):
        content = message.content
        if type(content) is str:
            continue
        for block_index, block in enumerate(content):
            if getattr(block, "thought_signature", None) is not None:
                warnings.add(
                    ConversionWarningCode.SIGNATURE_NOT_SENT,
                    index,
                    block_index,
                    f"a Gemini thoughtSignature has no {format_name} form: not sent",
                    field="thoughtSignature",
                )


def unknown_tool_name(
    warnings: Warnings, index: int, block_index: int, call_id: str, path: Path
) -> str:
    """``UNKNOWN_TOOL_NAME``, with its TOOL_NAME_UNKNOWN warning at ``path`` (the
    result's call id), for a result read from the wire that no call answers."""
    warnings.add(
        ConversionWarningCode.TOOL_NAME_UNKNOWN,
        index,
        block_index,
        f"no tool call has id {quoted(call_id)}: the tool name {quoted(UNKNOWN_TOOL_NAME)} is used",
        path=to_pointer(path),
    )
    return UNKNOWN_TOOL_NAME


def without_nulls(value: Any) -> Any:
    """``value`` with every object key whose value is null left out, at every depth
    (arrays keep their nulls): the OpenAI SDKs' ``model_dump()`` writes null for every
    optional field the server left out, and null means absent to the API."""
    if type(value) is dict:
        return {key: without_nulls(item) for key, item in value.items() if item is not None}
    if type(value) is list:
        return [without_nulls(item) for item in value]
    return value
