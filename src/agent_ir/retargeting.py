"""Switching provider mid-conversation: ``retarget`` turns any history into a request
the target provider accepts, and reports every change it made to get there.

One call does, in order:

1. **Opaque values stay with their maker.** A thinking block made by another provider
   (``signatureProvider`` names one that is not the target) is dropped
   (``thinking="drop"``, THINKING_NOT_SENT) or sent as a text block of its reasoning
   (``thinking="text"``, THINKING_AS_TEXT; a redacted or empty one, which has no
   reasoning to show, is dropped). Only the maker can check a signature, redacted data
   or encrypted reasoning: Anthropic refuses a request holding another's.
2. **The target's repair**: ``repair_transcript(..., provider=...)`` with the same
   ``model`` (results moved after their calls, ids the target refuses renamed,
   unanswered calls answered, empty content dropped, a placeholder signature where the
   target wants one); each action keeps its ``RepairCode``.
3. **Cache breakpoints where the target allows them**: a target that takes at most N
   breakpoints (``cacheBreakpoints`` in its record: Anthropic 4) keeps the last N (the
   longest cached prefixes) and reports each earlier one (CACHE_CONTROL_NOT_SENT).
4. **The target's writer** (``to_<provider>``, with ``tools``): what the format cannot
   carry is its ``ConversionWarning``, as ever.

The report lists every change of the four steps, each with its stable code, the index
of the message in the input and its JSON Pointer in the input (``/3/content/1``: the
input's message 3, its block 1; a change about a tool definition: ``/tools/2``, in the
``tools`` argument), in the input's order. A message the repair added (a result for an
unanswered call, a user turn first) is reported at the message it was added for. The
codes are one vocabulary: ``ConversionWarningCode`` and ``RepairCode`` (both
``StrEnum``; no value is in both).

``diagnostics`` is ``check_wire_rules`` of what was sent: empty when the target
accepts it (what the repair cannot make valid stays there: a tool definition whose
name the target refuses, say). A history retargeted to the provider it came from is
unchanged: the request is that provider's ``to_*`` of it, and the report only its
warnings.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal, TypeGuard

import msgspec

from agent_ir._generated.diagnostic_schema import Diagnostic
from agent_ir._generated.message_schema import (
    AssistantMessage,
    Message,
    TextBlock,
    ThinkingBlock,
    ToolCallBlock,
)
from agent_ir._paths import to_pointer, unescape_segment
from agent_ir._publish import publish_lazy
from agent_ir._text import is_blank, quoted
from agent_ir.repair import RepairCode, repaired_pairs
from agent_ir.rules import check_wire_rules
from agent_ir.wire import _registry
from agent_ir.wire._common import (
    ConversionWarning,
    ConversionWarningCode,
    WireRequest,
    transcript_items,
)
from agent_ir.wire._registry import Provider
from agent_ir.wire._spec import ProviderSpec

__all__ = ["RetargetChange", "Retargeted", "retarget"]

ThinkingChoice = Literal["drop", "text"]


@dataclass(frozen=True)
class RetargetChange:
    """One change ``retarget`` made or the target's format could not carry: its stable
    ``code`` (a ``ConversionWarningCode`` or a ``RepairCode``), ``message_index``, the
    index of the message it concerns in the input (-1 for a tool definition),
    ``path``, its JSON Pointer in the input (``/3/content/1``; ``/tools/2`` in the
    ``tools`` argument), ``message``, a sentence for people, and ``tool_index`` for a
    change about a tool definition (else None)."""

    code: ConversionWarningCode | RepairCode
    message_index: int
    path: str
    message: str
    tool_index: int | None = None


def _no_renames() -> Mapping[str, str]:
    return MappingProxyType({})


@dataclass(frozen=True)
class Retargeted:
    """What ``retarget`` gives: the ``provider``, the ``request`` for it (its
    ``fields`` to send; its ``warnings`` are the writer's, with the sent transcript's
    paths), the IR ``transcript`` that was sent (keep it as the history from now on),
    the ``report`` (every change, located in the input), ``diagnostics``
    (``check_wire_rules`` of what was sent for the provider: empty when it accepts it)
    and ``renamed_ids`` (tool-call ids of the input that were renamed, to their new id;
    read-only)."""

    provider: str
    request: WireRequest
    transcript: tuple[Message, ...]
    report: tuple[RetargetChange, ...]
    diagnostics: tuple[Diagnostic, ...]
    renamed_ids: Mapping[str, str] = field(default_factory=_no_renames)

    def __post_init__(self) -> None:
        object.__setattr__(self, "renamed_ids", MappingProxyType(dict(self.renamed_ids)))

    def __hash__(self) -> int:
        items = frozenset(self.renamed_ids.items())
        return hash((self.provider, self.transcript, self.report, self.diagnostics, items))


# Where each block of a prepared message was in the input message: None when the
# message's content is as it was.
_Positions = list[list[int] | None]


def retarget(
    transcript: object,
    provider: Provider,
    *,
    model: str | None = None,
    tools: object = None,
    thinking: ThinkingChoice = "drop",
) -> Retargeted:
    """``transcript`` (a list or tuple of IR messages or JSON-form mappings, each valid on
    its own: ``InvalidMessageError`` names the first that is not) made into a request
    ``provider`` accepts, with a report of every change (the module says what is done,
    in which order). ``provider`` is a registered provider's name (``ValueError``
    otherwise); ``model`` is the model the request is for (the rules that depend on it:
    Gemini's thought signatures); ``tools`` the tool definitions, written into the
    request as the provider's ``to_*`` writes them; ``thinking`` what becomes of
    another provider's thinking: ``"drop"`` (the default) or ``"text"``."""
    spec = _registry.provider_spec(provider)
    if thinking not in ("drop", "text"):
        raise ValueError(f'thinking must be "drop" or "text", not {quoted(thinking)}')
    # As the writers take them: IR objects as they are, mappings validated.
    messages = transcript_items("retarget", transcript)
    changes: list[RetargetChange] = []
    prepared, positions = _own_thinking(messages, spec, thinking, changes)
    pairs, repaired = repaired_pairs(prepared, provider, model=model)
    for action in repaired.actions:
        path = _input_path(action.path, positions)
        changes.append(RetargetChange(action.code, action.message_index, path, action.message))
    sent = _within_breakpoints(list(repaired.transcript), spec, pairs, prepared, positions, changes)
    request = _writer(spec.name)(sent, tools=tools)
    changes.extend(_located(warning, pairs, prepared, positions) for warning in request.warnings)
    changes.sort(key=lambda change: change.message_index)  # stable: each step's order
    diagnostics = check_wire_rules(sent, provider, tools=tools, model=model)
    return Retargeted(
        spec.name, request, tuple(sent), tuple(changes), diagnostics, repaired.renamed_ids
    )


def _writer(name: str) -> Callable[..., WireRequest]:
    """The provider's ``to_*``: ``agent_ir.wire.<name>.to_<name>``, hyphens as
    underscores (``tests/test_retarget.py`` holds every registered provider to it)."""
    module = name.replace("-", "_")
    writer: Callable[..., WireRequest] = getattr(
        importlib.import_module(f"agent_ir.wire.{module}"), f"to_{module}"
    )
    return writer


# -- 1. thinking stays with its maker ------------------------------------------------


def _own_thinking(
    messages: list[Message], spec: ProviderSpec, thinking: ThinkingChoice, changes: list[Any]
) -> tuple[list[Message], _Positions]:
    """``messages`` without another provider's thinking (or with it as text), and where
    each block of a changed message was in the input."""
    prepared: list[Message] = []
    positions: _Positions = []
    for index, message in enumerate(messages):
        foreign = type(message) is AssistantMessage and any(
            _foreign(block, spec) for block in message.content
        )
        if not foreign:
            prepared.append(message)
            positions.append(None)
            continue
        content: list[Any] = []
        kept: list[int] = []
        for position, block in enumerate(message.content):
            if not _foreign(block, spec):
                content.append(block)
                kept.append(position)
                continue
            where = to_pointer((index, "content", position))
            maker = quoted(block.signature_provider)
            if thinking == "text" and not block.redacted and block.thinking:
                content.append(TextBlock(text=block.thinking))
                kept.append(position)
                changes.append(
                    RetargetChange(
                        ConversionWarningCode.THINKING_AS_TEXT,
                        index,
                        where,
                        f"thinking made by {maker} is sent as text: {spec.label} takes only "
                        "its own (thinking='text')",
                    )
                )
                continue
            why = (
                "it holds no reasoning to send as text"
                if thinking == "text"
                else "only its maker can check its signature (thinking='drop')"
            )
            changes.append(
                RetargetChange(
                    ConversionWarningCode.THINKING_NOT_SENT,
                    index,
                    where,
                    f"thinking made by {maker} is not sent: {spec.label} takes only its own, "
                    f"and {why}",
                )
            )
        prepared.append(msgspec.structs.replace(message, content=tuple(content)))
        positions.append(kept)
    return prepared, positions


def _foreign(block: object, spec: ProviderSpec) -> TypeGuard[ThinkingBlock]:
    """A thinking block another provider made (its ``signatureProvider`` says which)."""
    return (
        type(block) is ThinkingBlock
        and block.signature_provider is not None
        and block.signature_provider != spec.name
    )


# -- 3. cache breakpoints ------------------------------------------------------------


def _within_breakpoints(
    sent: list[Message],
    spec: ProviderSpec,
    pairs: list[tuple[int, Message]],
    prepared: list[Message],
    positions: _Positions,
    changes: list[RetargetChange],
) -> list[Message]:
    """``sent`` with at most the provider's number of cache breakpoints: the last ones
    kept (the longest prefixes), each earlier one removed and reported."""
    most = spec.cache_breakpoints
    if most is None:
        return sent
    marked = [
        (at, position)
        for at, message in enumerate(sent)
        for position in (-1, *range(len(_blocks(message))))
        if _cache_control(message, position) is not None
    ]
    if len(marked) <= most:
        return sent
    dropped: dict[int, set[int]] = {}
    for at, position in marked[: len(marked) - most]:
        dropped.setdefault(at, set()).add(position)
        where: tuple[Any, ...] = (at, "cacheControl")
        if position >= 0:
            where = (at, "content", position, "cacheControl")
        warning = ConversionWarning(
            code=ConversionWarningCode.CACHE_CONTROL_NOT_SENT,
            path=to_pointer(where),
            message_index=at,
            block_index=position,
            message=f"{spec.label} takes at most {most} cache breakpoints: this earlier one "
            f"is not sent (the last {most} are)",
        )
        changes.append(_located(warning, pairs, prepared, positions))
    for at, positions_here in dropped.items():
        sent[at] = _without_cache_control(sent[at], positions_here)
    return sent


def _blocks(message: Message) -> tuple[Any, ...]:
    content = message.content
    return content if type(content) is tuple else ()


def _cache_control(message: Message, position: int) -> object:
    holder: object = message if position < 0 else _blocks(message)[position]
    return getattr(holder, "cache_control", None)


def _without_cache_control(message: Message, positions: set[int]) -> Message:
    if -1 in positions:
        message = msgspec.structs.replace(message, cache_control=None)
    blocks = _blocks(message)
    if any(position >= 0 for position in positions):
        content = tuple(
            msgspec.structs.replace(block, cache_control=None) if at in positions else block
            for at, block in enumerate(blocks)
        )
        message = msgspec.structs.replace(message, content=content)
    return message


# -- where a change is in the input --------------------------------------------------


def _located(
    warning: ConversionWarning,
    pairs: list[tuple[int, Message]],
    prepared: list[Message],
    positions: _Positions,
) -> RetargetChange:
    """A writer's warning (about the sent transcript) located in the input."""
    if warning.message_index < 0:  # a tool definition: its path is in the tools argument
        return RetargetChange(
            warning.code, -1, warning.path, warning.message, tool_index=warning.tool_index
        )
    index, sent = pairs[warning.message_index]
    tokens = list(_tokens(warning.path))
    if sent.id != prepared[index].id:  # added by the repair: at the message it answers
        tokens = [index]
    else:
        tokens[0] = index
        block = _block_at(tokens)
        if block is not None:
            tokens[2] = _matched(prepared[index], sent)[block]
    path = _input_path(to_pointer(tuple(tokens)), positions)
    return RetargetChange(warning.code, index, path, warning.message)


def _matched(before: Message, after: Message) -> list[int]:
    """Where each block of ``after`` was in ``before``, a message the repair changed by
    dropping blank text blocks, renaming or signing calls and adding a text block (beside
    a document, for Bedrock). The blocks it keeps are the same objects, in order; a call
    it renamed or signed is a new call at the same place; a block it added is given the
    place it took (the next block's)."""
    old, new = _blocks(before), _blocks(after)
    found: list[int] = []
    at = 0
    for block in new:
        while at < len(old) and old[at] is not block and _blank_text(old[at]):
            at += 1  # dropped
        if at < len(old) and (old[at] is block or _both_calls(old[at], block)):
            found.append(at)
            at += 1
        else:  # added by the repair
            found.append(min(at, len(old) - 1))
    return found


def _blank_text(block: object) -> bool:
    return type(block) is TextBlock and is_blank(block.text)


def _both_calls(old: object, new: object) -> bool:
    return type(old) is ToolCallBlock and type(new) is ToolCallBlock


def _tokens(pointer: str) -> tuple[str | int, ...]:
    """A JSON Pointer's segments, those of ASCII digits as indexes."""
    parts = [unescape_segment(part) for part in pointer.split("/")[1:]]
    return tuple(int(part) if part.isascii() and part.isdigit() else part for part in parts)


def _block_at(tokens: list[str | int]) -> int | None:
    """The block a path's segments name (``/3/content/1...``: 1); None for the message
    or its content as a whole (``/3``, ``/3/content``)."""
    if len(tokens) > 2 and tokens[1] == "content" and type(tokens[2]) is int:
        return tokens[2]
    return None


def _input_path(path: str, positions: _Positions) -> str:
    """``path`` (in the prepared transcript: message indexes are the input's) with its
    block position mapped to the input message's."""
    tokens = list(_tokens(path))
    block = _block_at(tokens)
    if block is not None:
        kept = positions[tokens[0]]  # type: ignore[index]  # a message's path
        if kept is not None:
            tokens[2] = kept[block]
    return to_pointer(tuple(tokens))


# Last: the names ``agent_ir`` exports from here say ``agent_ir`` (its table, ``_publish``).
publish_lazy(globals(), __name__)
