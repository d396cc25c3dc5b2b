"""Explicit repair and trimming of transcripts: only when asked, saying what was done.

* ``repair_transcript`` makes a transcript whose tool-call linkage is broken valid (and,
  with a ``provider``, acceptable to that provider: ``check_wire_rules`` passes, but
  for its limits on the number and size of images and documents, which no repair
  meets without dropping content), and
  lists every action with a stable code (``RepairCode``).
* ``normalize_tool_call_ids`` rewrites the call ids a provider would refuse, and the
  matching results' ids identically.
* ``trim_transcript`` keeps the newest messages within a budget, never splitting a tool
  call from its result.

Each accepts a list or tuple of messages (IR or JSON-form mappings), each valid on its
own (``InvalidMessageError`` names the first that is not); linkage problems are what
they repair. The input is never changed. Each returns a ``RepairResult``: the
transcript (IR), the actions taken (each located in the input by ``message_index``
and a JSON Pointer ``path``) and ``renamed_ids``, the tool-call ids that changed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Literal

import msgspec

from agent_ir._generated.message_schema import (
    AssistantMessage,
    Message,
    ServerToolCallBlock,
    ServerToolResultBlock,
    SystemMessage,
    TextBlock,
    ToolCallBlock,
    ToolResultMessage,
    UserMessage,
)
from agent_ir._paths import Path, to_pointer
from agent_ir._publish import publish_lazy
from agent_ir._text import cut as cut_text
from agent_ir._text import is_blank, quoted
from agent_ir.messages import messages_of
from agent_ir.rules import calls_to_sign, documents_without_text
from agent_ir.validation._linkage import pending_turn
from agent_ir.wire import _registry
from agent_ir.wire._registry import Provider
from agent_ir.wire._spec import ProviderSpec, SignatureRule

__all__ = [
    "RepairAction",
    "RepairCode",
    "RepairResult",
    "normalize_tool_call_ids",
    "repair_transcript",
    "trim_transcript",
]


class RepairCode(StrEnum):
    """What a repair did; stable codes, never renamed or reused."""

    DROPPED_ORPHAN_RESULT = "DROPPED_ORPHAN_RESULT"
    DROPPED_DUPLICATE_RESULT = "DROPPED_DUPLICATE_RESULT"
    RENAMED_DUPLICATE_CALL_ID = "RENAMED_DUPLICATE_CALL_ID"
    FIXED_TOOL_NAME = "FIXED_TOOL_NAME"
    ADDED_ERROR_RESULT = "ADDED_ERROR_RESULT"
    DROPPED_TOOL_CALL = "DROPPED_TOOL_CALL"
    MOVED_RESULT = "MOVED_RESULT"
    RENAMED_TOOL_CALL_ID = "RENAMED_TOOL_CALL_ID"
    ADDED_USER_MESSAGE = "ADDED_USER_MESSAGE"
    DROPPED_EMPTY_CONTENT = "DROPPED_EMPTY_CONTENT"
    TRIMMED_MESSAGES = "TRIMMED_MESSAGES"
    DROPPED_ORPHAN_SERVER_RESULT = "DROPPED_ORPHAN_SERVER_RESULT"
    ADDED_THOUGHT_SIGNATURE = "ADDED_THOUGHT_SIGNATURE"
    ADDED_DOCUMENT_TEXT = "ADDED_DOCUMENT_TEXT"


@dataclass(frozen=True)
class RepairAction:
    """One action: its code, the index of the message it concerns in the input (for an
    added result, the assistant message whose call it answers), a sentence, and
    ``path``, the JSON Pointer of what it concerns in the input: the message
    (``"/3"``), or the part of it when that is known (a call ``"/3/content/1"``, its
    id ``"/3/content/1/id"``, a result's ``"/4/toolCallId"`` or ``"/4/toolName"``,
    a message's ``"/2/content"``). ``path`` always starts with ``message_index``."""

    code: RepairCode
    message_index: int
    message: str
    path: str


def _no_renames() -> Mapping[str, str]:
    return MappingProxyType({})


@dataclass(frozen=True)
class RepairResult:
    """The transcript (IR), every action taken, in order, and ``renamed_ids``: each
    tool-call id of the input that was renamed, mapped to its new id (read-only; empty
    when no id changed).

    An id is in ``renamed_ids`` only when it was renamed uniformly: every call and
    result of the input that has it and is kept in the output has the same new id. An
    id several calls share (a duplicate, renamed by ``repair_transcript`` in some places
    and not in others, or differently) is left out; its actions name each rename."""

    transcript: tuple[Message, ...]
    actions: tuple[RepairAction, ...]
    renamed_ids: Mapping[str, str] = field(default_factory=_no_renames)

    def __post_init__(self) -> None:
        # A private copy behind a read-only view: the caller's dict cannot change it.
        object.__setattr__(self, "renamed_ids", MappingProxyType(dict(self.renamed_ids)))

    def __hash__(self) -> int:
        # A mapping proxy has no hash: hash its items, so a result stays hashable.
        return hash((self.transcript, self.actions, frozenset(self.renamed_ids.items())))


MISSING_RESULT_TEXT = "No result was recorded for this tool call (the turn was interrupted)."
EARLIER_TEXT = "(The earlier conversation was not kept.)"
DOCUMENT_TEXT = "(A document is attached.)"
"""The text block ``repair_transcript`` adds beside a document in a user turn that has
no text, for a provider that wants it (Bedrock: DOCUMENT_WITHOUT_TEXT)."""


# ----------------------------------------------------------------- repair_transcript


@dataclass
class _Call:
    made_at: int  # input index of the assistant message
    position: int  # of the call block in the input message's content
    original: str  # the id it has in the input
    id: str  # the id it has in the output
    name: str
    kept: bool = True  # False once dropped (missing="drop-call")


class _Repair:
    """The state of one ``repair_transcript`` run."""

    def __init__(self, messages: list[Message]) -> None:
        self.messages = messages
        self.actions: list[RepairAction] = []
        self.out: list[tuple[int, Message]] = []  # (input index, message)
        self.calls: list[_Call] = []
        # Each kept input result: the id it had in the input and the call it answers.
        self.links: list[tuple[str, _Call]] = []
        self.answered: set[str] = set()
        self.server_calls: set[str] = set()  # server-tool call ids met so far
        self.used_ids = {
            block.id
            for message in messages
            if type(message) is AssistantMessage
            for block in message.tool_calls
        }
        # The message ids of the input and of every message the repair added: built
        # once and kept up to date, not rebuilt for each message added.
        self.message_ids = {message.id for message in messages}
        # The next suffix to try for a base: ids are only ever added, so the first free
        # suffix of a base never goes down, and probing resumes where it stopped (a
        # transcript reusing one id in every turn costs one probe per rename, not one
        # per earlier rename).
        self.next_call_suffix: dict[str, int] = {}
        self.next_message_suffix: dict[str, int] = {}

    def act(self, code: RepairCode, where: Path, text: str) -> None:
        """Record an action at ``where``, a path in the input starting with the index of
        the message it concerns."""
        index = where[0]
        assert type(index) is int
        self.actions.append(RepairAction(code, index, text, to_pointer(where)))

    def fresh_id(self, base: str) -> str:
        """A call id no call has: ``base-2``, ``base-3``...; taken from then on."""
        return _suffixed(base, self.used_ids, self.next_call_suffix)

    def message_id(self, base: str) -> str:
        """A message id no input or added message has: ``base``, else ``base-2``,
        ``base-3``...; taken from then on."""
        if base not in self.message_ids:
            self.message_ids.add(base)
            return base
        return _suffixed(base, self.message_ids, self.next_message_suffix)


def _suffixed(base: str, taken: set[str], next_suffix: dict[str, int]) -> str:
    """The first of ``base-2``, ``base-3``... not in ``taken``, added to it; the search
    starts at ``next_suffix[base]`` (every lower suffix is taken already)."""
    number = next_suffix.get(base, 2)
    while f"{base}-{number}" in taken:
        number += 1
    next_suffix[base] = number + 1
    new = f"{base}-{number}"
    taken.add(new)
    return new


def repair_transcript(
    transcript: object,
    *,
    provider: Provider | None = None,
    missing: Literal["error-result", "drop-call"] = "error-result",
    orphans: Literal["drop"] = "drop",
    duplicates: Literal["keep-first"] = "keep-first",
    allow_pending: bool = False,
    model: str | None = None,
) -> RepairResult:
    """A valid transcript made from ``transcript`` by the fewest explicit actions:

    * a tool call with no result gets an ``isError`` result saying none was recorded,
      placed after its call's other results (``missing="error-result"``, trailing calls
      included), or the call is removed (``missing="drop-call"``);
    * a result no earlier call has (orphan, or before its call) is dropped;
    * a second result for one call is dropped (the first is kept);
    * a call id used twice: the later call gets a fresh id (``id-2``), and the results
      after it that name the id answer it;
    * a result whose tool name differs from its call's takes the call's name;
    * a server-tool result block that no earlier server-tool call answers is dropped
      from its message (server-tool calls and the results that follow them are kept
      as they are: they need no result message).

    With a ``provider`` ("openai-chat", "openai-responses", "anthropic", "gemini"), the
    result also passes ``check_wire_rules`` for it (with the same ``model``): results
    are moved directly after their call's turn (the assistant message, or for Anthropic
    and Gemini the run of consecutive assistant messages holding it; the messages that
    came between then follow the results), call ids it refuses are rewritten
    (``normalize_tool_call_ids``), for Anthropic empty content is dropped (empty
    content, empty text blocks, and whitespace-only text blocks in a message with
    nothing else), a provider whose record asks for a user turn first gets a short
    user message before a leading assistant message (none of the registered ones),
    and one whose record asks that call turns follow a user turn (Gemini) gets it
    before a leading assistant turn holding tool calls (ADDED_USER_MESSAGE). Last, for
    a provider that wants signatures back on tool calls (Gemini, when ``model``
    requires them: ``check_wire_rules`` says which), the first call of each step of
    the current turn that has none gets the provider's documented placeholder
    (Gemini: ``skip_thought_signature_validator`` as the base64 of its bytes, the form
    the SDK sends: ``c2tpcF90aG91Z2h0X3NpZ25hdHVyZV92YWxpZGF0b3I=``), one
    ADDED_THOUGHT_SIGNATURE per call, at the call in the input. ``model`` is ignored
    without such a provider. For a provider that wants text beside a document
    (Bedrock), a user turn holding a document but no text gets ``"(A document is
    attached.)"`` as a text block after the first document's message's blocks
    (ADDED_DOCUMENT_TEXT, at that message's content in the input). A provider's limits
    on the number and size of images and documents (Bedrock's TOO_MANY_IMAGES,
    TOO_MANY_DOCUMENTS, MEDIA_TOO_LARGE) are the one exception: no repair meets them
    without dropping content, so the blocks are left as they are and
    ``check_wire_rules`` still reports them.
    ``actions`` lists everything done, in order.

    With ``allow_pending=True`` the unanswered calls of the pending turn (``pending_turn``:
    the last assistant message, when only tool results follow it; an agent mid-turn, or
    a fine-tuning line whose target is that turn) are kept as they are, with no action.
    The result then passes ``validate_transcript(..., allow_pending=True)`` (and, with a
    provider, its rules but for those calls' missing results). Every other repair is
    unchanged: a duplicate id inside the turn is still renamed, an orphan or duplicate
    result after it still dropped, a result of an older call after it still moved.

    The order: the pending turn is found on what the linkage repairs give, before the
    missing results are answered. The linkage repairs drop only results and server-tool
    result blocks, which never decide it; nothing done after adds or removes a message
    after it except results (an added result goes after its own call's message, which
    is earlier; a moved result after its call's turn), so it is the pending turn of the
    output too. A message after the last assistant message ends the turn, even one the
    provider's repair then drops for its empty content: the input went on after that
    turn, so its calls are answered like any other."""
    if missing not in ("error-result", "drop-call"):
        raise ValueError(f'missing must be "error-result" or "drop-call", not {quoted(missing)}')
    if orphans != "drop" or duplicates != "keep-first":
        raise ValueError('orphans must be "drop" and duplicates "keep-first"')
    if provider is not None:
        _registry.provider_spec(provider)  # a ValueError before the transcript is read
    messages = messages_of("repair_transcript", transcript)
    return repaired_pairs(messages, provider, missing, allow_pending, model)[1]


def repaired_pairs(
    messages: list[Message],
    provider: Provider | None,
    missing: Literal["error-result", "drop-call"] = "error-result",
    allow_pending: bool = False,
    model: str | None = None,
) -> tuple[list[tuple[int, Message]], RepairResult]:
    """``repair_transcript`` of IR ``messages``, with where each output message came
    from: (index in ``messages``, message) in the output's order; a message the repair
    added has the index of the message it was added for (and an id no input message
    has). For ``retarget``, which says where each of its changes is in its input."""
    spec = None if provider is None else _registry.provider_spec(provider)
    state = _Repair(messages)
    _link(state)
    _answer_missing(state, missing, _pending_at(state) if allow_pending else None)
    pairs = list(state.out)  # (input index, message)
    normalized: dict[str, str] = {}  # output id before -> after normalizing
    if spec is not None:
        pairs = _for_provider(state, pairs, spec, normalized)
        if spec.signatures is not None and spec.signatures.requires(
            model if type(model) is str else None
        ):
            pairs = _with_signatures(state, pairs, spec.signatures, normalized)
    result = tuple(message for _, message in pairs)
    return pairs, RepairResult(result, tuple(state.actions), _renamed_ids(state, normalized))


def _for_provider(
    state: _Repair,
    pairs: list[tuple[int, Message]],
    spec: ProviderSpec,
    normalized: dict[str, str],
) -> list[tuple[int, Message]]:
    """``pairs`` made acceptable to ``spec``'s provider, by the rules its record turns
    on; the ids it rewrote are added to ``normalized``."""
    if spec.turns.results_follow_call:
        pairs = _results_after_calls(state, spec)
    renamed, mapping = _normalized([message for _, message in pairs], spec)
    pairs = [(index, message) for (index, _), message in zip(pairs, renamed, strict=True)]
    normalized.update(mapping)
    _act_renames(state, mapping)
    if spec.turns.content_required:
        pairs = _without_empty_content(state, pairs)
    if spec.turns.user_turn_first:
        pairs = _user_turn_first(state, pairs, calls_only=False)
    elif spec.turns.calls_follow_user_turn:
        pairs = _user_turn_first(state, pairs, calls_only=True)
    if spec.media is not None and spec.media.documents_need_text:
        pairs = _text_beside_documents(state, pairs)
    return pairs


def _text_beside_documents(
    state: _Repair, pairs: list[tuple[int, Message]]
) -> list[tuple[int, Message]]:
    """In each user turn that needs text beside its documents (``documents_without_text``,
    what check_wire_rules reports), ``DOCUMENT_TEXT`` added as a text block at the end of
    the user message holding its first document (ADDED_DOCUMENT_TEXT, at that message's content in the
    input)."""
    pairs = list(pairs)
    for _, at, _ in list(documents_without_text([message for _, message in pairs])):
        message = pairs[at][1]
        content = (*message.content, TextBlock(text=DOCUMENT_TEXT))
        pairs[at] = (pairs[at][0], msgspec.structs.replace(message, content=content))
        state.act(
            RepairCode.ADDED_DOCUMENT_TEXT,
            (pairs[at][0], "content"),
            "a user turn held a document but no text, which the provider requires beside "
            f"a document: the text {quoted(DOCUMENT_TEXT)} was added at the end of the message "
            "holding its first document",
        )
    return pairs


def _with_signatures(
    state: _Repair,
    pairs: list[tuple[int, Message]],
    rule: SignatureRule,
    normalized: dict[str, str],
) -> list[tuple[int, Message]]:
    """The calls ``check_wire_rules``' MISSING_THOUGHT_SIGNATURE names (``calls_to_sign``:
    the first tool call of each step of the current turn) given ``rule``'s placeholder when
    they have no signature; one action per call, at the call in the input
    (``normalized``: the ids the provider's repair rewrote, output id before -> after).
    A step's first call is its only one, so a message changes at most once."""
    placeholder = rule.placeholder
    call_of = {normalized.get(call.id, call.id): call for call in state.calls if call.kept}
    out = list(pairs)
    for at, position, block in calls_to_sign([message for _, message in pairs]):
        if block.thought_signature is not None:
            continue
        index, message = out[at]
        content = list(message.content)
        content[position] = msgspec.structs.replace(block, thought_signature=placeholder)
        out[at] = (index, msgspec.structs.replace(message, content=tuple(content)))
        call = call_of[block.id]
        state.act(
            RepairCode.ADDED_THOUGHT_SIGNATURE,
            (call.made_at, "content", call.position),
            f"tool call {quoted(block.id)} ({cut_text(block.name)}) had no thought "
            f"signature, which the model requires: the placeholder {quoted(placeholder)} "
            f"(the base64 of {quoted(rule.placeholders[0])}) was added",
        )
    return out


def _act_renames(state: _Repair, mapping: dict[str, str]) -> None:
    """One action per renamed call, at its id in the input. After ``_link`` every id in
    the output is the id of exactly one kept call (results name their call's id)."""
    if not mapping:
        return
    call_of = {call.id: call for call in state.calls if call.kept}
    for old, new in mapping.items():
        call = call_of[old]
        state.act(
            RepairCode.RENAMED_TOOL_CALL_ID,
            (call.made_at, "content", call.position, "id"),
            f"tool call id {quoted(old)} became {quoted(new)}",
        )


def _renamed_ids(state: _Repair, normalized: dict[str, str]) -> dict[str, str]:
    """Each input id whose kept calls and results all have one new id in the output."""
    new_of: dict[str, str] = {}
    mixed: set[str] = set()
    occurrences = [(call.original, call) for call in state.calls if call.kept]
    for original, call in occurrences + state.links:
        new = normalized.get(call.id, call.id)
        if new_of.setdefault(original, new) != new:
            mixed.add(original)
    return {old: new for old, new in new_of.items() if old != new and old not in mixed}


def _link(state: _Repair) -> None:
    """One pass in order: pair each result with the latest earlier call of its id."""
    latest: dict[str, _Call] = {}
    seen: set[str] = set()
    for index, message in enumerate(state.messages):
        if type(message) is AssistantMessage:
            state.out.append((index, _with_unique_calls(state, index, message, latest, seen)))
        elif type(message) is ToolResultMessage:
            result = _linked_result(state, index, message, latest)
            if result is not None:
                state.out.append((index, result))
        else:
            state.out.append((index, message))


def _with_unique_calls(
    state: _Repair,
    index: int,
    message: AssistantMessage,
    latest: dict[str, _Call],
    seen: set[str],
) -> AssistantMessage:
    blocks: list[Any] = list(message.content)
    for position, block in enumerate(blocks):
        if type(block) is ServerToolCallBlock:
            state.server_calls.add(block.id)
            continue
        if type(block) is ServerToolResultBlock:
            if block.tool_call_id not in state.server_calls:
                blocks[position] = None
                state.act(
                    RepairCode.DROPPED_ORPHAN_SERVER_RESULT,
                    (index, "content", position),
                    f"no earlier server-tool call has id {quoted(block.tool_call_id)}: the "
                    "server-tool result was dropped",
                )
            continue
        if type(block) is not ToolCallBlock:
            continue
        call = _Call(index, position, block.id, block.id, block.name)
        if block.id in seen:
            call.id = state.fresh_id(block.id)
            blocks[position] = msgspec.structs.replace(block, id=call.id)
            state.act(
                RepairCode.RENAMED_DUPLICATE_CALL_ID,
                (index, "content", position, "id"),
                f"tool call id {quoted(block.id)} was already used: this call became {quoted(call.id)}",
            )
        seen.add(block.id)
        latest[block.id] = call
        state.calls.append(call)
    if blocks == list(message.content):
        return message
    kept = tuple(block for block in blocks if block is not None)
    return msgspec.structs.replace(message, content=kept)


def _linked_result(
    state: _Repair, index: int, message: ToolResultMessage, latest: dict[str, _Call]
) -> ToolResultMessage | None:
    call = latest.get(message.tool_call_id)
    if call is None:
        state.act(
            RepairCode.DROPPED_ORPHAN_RESULT,
            (index,),
            f"no earlier tool call has id {quoted(message.tool_call_id)}: the result was dropped",
        )
        return None
    if call.id in state.answered:
        state.act(
            RepairCode.DROPPED_DUPLICATE_RESULT,
            (index,),
            f"tool call {quoted(call.id)} already has a result: this one was dropped",
        )
        return None
    state.answered.add(call.id)
    state.links.append((message.tool_call_id, call))
    changes: dict[str, Any] = {}
    if message.tool_call_id != call.id:
        changes["tool_call_id"] = call.id
    if message.tool_name != call.name:
        changes["tool_name"] = call.name
        state.act(
            RepairCode.FIXED_TOOL_NAME,
            (index, "toolName"),
            f"tool name {quoted(message.tool_name)} became {quoted(call.name)}, the name of its call",
        )
    return msgspec.structs.replace(message, **changes) if changes else message


def _pending_at(state: _Repair) -> int | None:
    """The input index of the pending turn of the linked output, if it has one."""
    turn = pending_turn([message for _, message in state.out])
    return None if turn is None else state.out[turn][0]


def _answer_missing(state: _Repair, missing: str, waiting: int | None) -> None:
    """Each call with no result answered (``missing``), but the calls of the message at
    input index ``waiting`` (the pending turn kept waiting), which are left as they are."""
    unanswered = [
        call for call in state.calls if call.id not in state.answered and call.made_at != waiting
    ]
    if not unanswered:
        return
    if missing == "drop-call":
        _drop_calls(state, unanswered)
    else:
        _add_error_results(state, unanswered)


def _add_error_results(state: _Repair, unanswered: list[_Call]) -> None:
    """An error result for each call in ``unanswered``, placed after its message's
    results (the added ones in the order of the calls); the output is rebuilt once."""
    added: dict[int, list[tuple[int, Message]]] = {}
    for call in unanswered:
        result = ToolResultMessage(
            id=state.message_id(f"repair-result-{call.id}"),
            tool_call_id=call.id,
            tool_name=call.name,
            content=MISSING_RESULT_TEXT,
            is_error=True,
        )
        added.setdefault(call.made_at, []).append((call.made_at, result))
        state.answered.add(call.id)
        state.act(
            RepairCode.ADDED_ERROR_RESULT,
            (call.made_at, "content", call.position),
            f"tool call {quoted(call.id)} ({cut_text(call.name)}) had no result: an error result was added",
        )
    rebuilt: list[tuple[int, Message]] = []
    pending: list[tuple[int, Message]] = []  # added results waiting for the run to end
    for index, message in state.out:
        if pending and type(message) is not ToolResultMessage:
            rebuilt.extend(pending)
            pending = []
        rebuilt.append((index, message))
        if type(message) is AssistantMessage:
            pending = added.get(index, [])
    rebuilt.extend(pending)
    state.out = rebuilt


def _drop_calls(state: _Repair, unanswered: list[_Call]) -> None:
    """Each call in ``unanswered`` removed from its message, one rewrite per message."""
    dropped: dict[int, set[str]] = {}
    for call in unanswered:
        dropped.setdefault(call.made_at, set()).add(call.id)
        call.kept = False
        state.act(
            RepairCode.DROPPED_TOOL_CALL,
            (call.made_at, "content", call.position),
            f"tool call {quoted(call.id)} ({cut_text(call.name)}) had no result: the call was dropped",
        )
    for position, (index, message) in enumerate(state.out):
        if type(message) is AssistantMessage and index in dropped:
            ids = dropped[index]
            content = tuple(
                block
                for block in message.content
                if not (type(block) is ToolCallBlock and block.id in ids)
            )
            state.out[position] = (index, msgspec.structs.replace(message, content=content))


def _results_after_calls(state: _Repair, spec: ProviderSpec) -> list[tuple[int, Message]]:
    """Each assistant turn followed directly by the results of its calls: those already
    right after it stay in their order, the others are moved there in the order of the
    calls; the messages that came between follow them.

    A turn is one assistant message, or, when the provider joins consecutive assistant
    messages into one turn (Anthropic), the run of them as they stand in the output
    (results moved away no longer separate them). The results of every call of the turn
    go after the whole turn, never between its messages: a result placed inside the
    turn would split it, and the results of its earlier calls would no longer follow
    their call.

    One pass: every result is placed at its call's turn (a result comes after its call),
    so what follows a turn's results is never a result of an earlier turn."""
    out = state.out
    result_at = {
        message.tool_call_id: position
        for position, (_, message) in enumerate(out)
        if type(message) is ToolResultMessage
    }
    join = spec.turns.assistant_turns_join
    placed = [False] * len(out)
    ordered: list[tuple[int, Message]] = []
    position = 0
    while position < len(out):
        if placed[position] or type(out[position][1]) is not AssistantMessage:
            if not placed[position]:
                ordered.append(out[position])
            position += 1
            continue
        turn, position = _turn_at(out, placed, position, join)
        ordered.extend(out[at] for at in turn)
        answers = [
            result_at[call.id]
            for at in turn
            for call in _calls_of(out[at][1])
            if call.id in result_at
        ]
        in_place, position = _results_in_place(out, placed, position, set(answers))
        kept = set(in_place)  # a set: a turn of N calls is N lookups, not N*N
        moved = [at for at in answers if at not in kept]
        for at in [*in_place, *moved]:
            placed[at] = True
            ordered.append(out[at])
        for at in moved:
            result = out[at][1]
            assert type(result) is ToolResultMessage
            state.act(
                RepairCode.MOVED_RESULT,
                (out[at][0],),
                f"the result of tool call {quoted(result.tool_call_id)} was moved directly after "
                "its call",
            )
    return ordered


def _turn_at(
    out: list[tuple[int, Message]], placed: list[bool], start: int, join: bool
) -> tuple[list[int], int]:
    """The positions of the assistant turn starting at ``start`` (skipping results
    placed already) and the position after it."""
    turn = [start]
    position = start + 1
    while join and position < len(out):
        if placed[position]:
            position += 1
        elif type(out[position][1]) is AssistantMessage:
            turn.append(position)
            position += 1
        else:
            break
    return turn, position


def _results_in_place(
    out: list[tuple[int, Message]], placed: list[bool], start: int, answers: set[int]
) -> tuple[list[int], int]:
    """The results of the turn's calls (``answers``) in the run of results starting at
    ``start`` (skipping results placed already), in their order, and the position after
    them; the run stops at the first message that is not one of them."""
    found: list[int] = []
    position = start
    while position < len(out):
        if placed[position]:
            position += 1
        elif position in answers:
            found.append(position)
            position += 1
        else:
            break
    return found, position


def _without_empty_content(
    state: _Repair, pairs: list[tuple[int, Message]]
) -> list[tuple[int, Message]]:
    """No empty (or whitespace-only) user or assistant content or text block."""
    kept: list[tuple[int, Message]] = []
    for index, message in pairs:
        trimmed = _without_empty_text(state, index, message)
        if trimmed is not None:
            kept.append((index, trimmed))
    return kept


def _user_turn_first(
    state: _Repair, kept: list[tuple[int, Message]], *, calls_only: bool
) -> list[tuple[int, Message]]:
    """A user turn first: a short user message before a leading assistant message
    (``calls_only``: only when the run of assistant messages it starts holds a tool
    call)."""
    first = next((pair for pair in kept if type(pair[1]) is not SystemMessage), None)
    if first is not None and type(first[1]) is AssistantMessage:
        if calls_only and not _leading_calls(kept, kept.index(first)):
            return kept
        at = kept.index(first)
        start = UserMessage(id=state.message_id("repair-user-start"), content=EARLIER_TEXT)
        kept.insert(at, (first[0], start))
        state.act(
            RepairCode.ADDED_USER_MESSAGE,
            (first[0],),
            "the transcript started with an assistant message: a user message was added before it",
        )
    return kept


def _leading_calls(kept: list[tuple[int, Message]], start: int) -> bool:
    """Whether the run of assistant messages starting at ``start`` holds a tool call
    (system messages do not end it: they are no turn, Gemini sends them apart)."""
    for _, message in kept[start:]:
        if type(message) is SystemMessage:
            continue
        if type(message) is not AssistantMessage:
            return False
        if message.tool_calls:
            return True
    return False


def _without_empty_text(state: _Repair, index: int, message: Message) -> Message | None:
    if type(message) not in (UserMessage, AssistantMessage):
        return message
    content: Any = message.content
    if type(content) is tuple:
        blank = [type(block) is TextBlock and is_blank(block.text) for block in content]
        # check_wire_rules' rule: an empty text block, and whitespace-only ones when
        # nothing else in the message is content
        kept = tuple(
            block
            for block, empty in zip(content, blank, strict=True)
            if not (empty and (not block.text or all(blank)))
        )
        if len(kept) != len(content):
            state.act(
                RepairCode.DROPPED_EMPTY_CONTENT,
                (index, "content"),
                "empty or whitespace-only text blocks were dropped",
            )
            content = kept
            message = msgspec.structs.replace(message, content=kept)
    if not content or (type(content) is str and is_blank(content)):
        state.act(
            RepairCode.DROPPED_EMPTY_CONTENT, (index,), "a message with no content was dropped"
        )
        return None
    return message


# ------------------------------------------------------------ normalize_tool_call_ids


def normalize_tool_call_ids(transcript: object, provider: Provider) -> RepairResult:
    """``transcript`` with every tool-call id ``provider`` refuses rewritten (Anthropic:
    characters outside ``[a-zA-Z0-9_-]`` become ``_``; ids cut to the provider's length;
    Mistral: exactly 9 of ``[a-zA-Z0-9]``, others become ``0``, shorter ids padded with
    ``0``),
    in calls and in the results that name them identically; collision-free (a suffix
    ``_2``, ``_3``... when a rewritten id is taken; ``02``, ``03``... for Mistral) and
    deterministic.

    Returns a ``RepairResult``: ``renamed_ids`` maps every id that changed (each is
    renamed uniformly, in every call and result that has it), and ``actions`` has one
    ``RENAMED_TOOL_CALL_ID`` per renamed call (at ``/i/content/j/id``) and per result
    whose id no call has (at ``/i/toolCallId``), in input order."""
    spec = _registry.provider_spec(provider)
    messages = messages_of("normalize_tool_call_ids", transcript)
    result, mapping = _normalized(messages, spec)
    actions = tuple(_rename_actions(messages, mapping))
    return RepairResult(tuple(result), actions, mapping)


def _rename_actions(messages: list[Message], mapping: dict[str, str]) -> Iterator[RepairAction]:
    """A ``RENAMED_TOOL_CALL_ID`` for each call whose id is in ``mapping``, and for each
    result whose id is, when no call has its id (the call's action covers the others)."""
    if not mapping:
        return
    called = {call.id for message in messages for call in _calls_of(message)}
    for index, message in enumerate(messages):
        if type(message) is AssistantMessage:
            for position, block in enumerate(message.content):
                if type(block) is ToolCallBlock and block.id in mapping:
                    where: Path = (index, "content", position, "id")
                    yield _rename_action(block.id, mapping[block.id], where)
        elif type(message) is ToolResultMessage:
            old = message.tool_call_id
            if old in mapping and old not in called:
                yield _rename_action(old, mapping[old], (index, "toolCallId"))


def _calls_of(message: Message) -> tuple[ToolCallBlock, ...]:
    return message.tool_calls if type(message) is AssistantMessage else ()


def _rename_action(old: str, new: str, where: Path) -> RepairAction:
    index = where[0]
    assert type(index) is int
    text = f"tool call id {quoted(old)} became {quoted(new)}"
    return RepairAction(RepairCode.RENAMED_TOOL_CALL_ID, index, text, to_pointer(where))


def _normalized(
    messages: list[Message], spec: ProviderSpec
) -> tuple[list[Message], dict[str, str]]:
    rule = spec.ids
    longest = rule.longest
    ids = _call_ids(messages)
    taken = set(ids)
    next_suffix: dict[str, int] = {}
    mapping: dict[str, str] = {}
    for call_id in ids:
        if rule.fits(call_id):
            continue
        base = call_id if rule.refused is None else rule.refused.sub(rule.replacement, call_id)
        cut = base if longest is None else base[:longest]
        cut = ("call" if is_blank(cut) else cut).ljust(rule.shortest, rule.replacement)
        new = _free(cut, longest, rule.replacement, taken, next_suffix)
        taken.add(new)
        mapping[call_id] = new
    if not mapping:
        return list(messages), mapping
    return [_renamed(message, mapping) for message in messages], mapping


def _call_ids(messages: list[Message]) -> list[str]:
    """Every tool-call id, calls' and results', in order of first appearance."""
    found: dict[str, None] = {}
    for message in messages:
        if type(message) is AssistantMessage:
            found.update(dict.fromkeys(call.id for call in message.tool_calls))
        elif type(message) is ToolResultMessage:
            found[message.tool_call_id] = None
    return list(found)


def _free(
    base: str, longest: int | None, mark: str, taken: set[str], next_suffix: dict[str, int]
) -> str:
    """``base`` if free, else the first of ``base`` cut to end in ``<mark>2``,
    ``<mark>3``... (the rule's replacement: ``_2``, or ``02`` where ``_`` is refused)
    that is free; the search starts at ``next_suffix[base]`` (ids are only ever taken,
    so every lower suffix is still taken) and records where the next one starts."""
    if base not in taken:
        return base
    number = next_suffix.get(base, 2)
    while True:
        suffix = f"{mark}{number}"
        candidate = (base if longest is None else base[: longest - len(suffix)]) + suffix
        if candidate not in taken:
            next_suffix[base] = number + 1
            return candidate
        number += 1


def _renamed(message: Message, mapping: dict[str, str]) -> Message:
    if type(message) is ToolResultMessage and message.tool_call_id in mapping:
        return msgspec.structs.replace(message, tool_call_id=mapping[message.tool_call_id])
    if type(message) is AssistantMessage and any(c.id in mapping for c in message.tool_calls):
        content = tuple(
            msgspec.structs.replace(block, id=mapping[block.id])
            if type(block) is ToolCallBlock and block.id in mapping
            else block
            for block in message.content
        )
        return msgspec.structs.replace(message, content=content)
    return message


# -------------------------------------------------------------------- trim_transcript


def trim_transcript(
    transcript: object,
    *,
    max_messages: int | None = None,
    max_chars: int | None = None,
    keep_system: bool = True,
    allow_pending: bool = False,
) -> RepairResult:
    """The newest messages of ``transcript`` within the budget: at most ``max_messages``
    messages and ``max_chars`` characters of text (``message.length``), both optional.
    System messages are kept (at the front, in order) and not counted when
    ``keep_system``; otherwise they are trimmed like the others. The kept part never
    starts inside a tool round: a result is never kept without its call (it would be an
    orphan), nor a server-tool result without its server-tool call in an earlier
    assistant message, so the cut moves later instead, and the result may be smaller
    than the budget. Messages are kept whole, their blocks untouched. A call with no
    result is no round to split: it is kept or left out like any message.

    ``allow_pending=True`` promises the pending turn of the input (``pending_turn``: the
    last assistant message, when only tool results follow it) is kept: it and the
    results after it are the newest messages, counted in the budget like any others,
    and the older messages fill what is left. When the budget cannot hold it (the cut
    the budget and the rounds ask for is after it: the turn and its results alone are
    too large, or a result after it answers an older call whose message does not fit),
    ``ValueError`` says so rather than returning a transcript without the turn the
    caller is waiting on. Without a pending turn the flag changes nothing; with the
    default ``False`` the pending turn is trimmed like any other messages.

    Returns a ``RepairResult`` whose ``actions`` are empty when nothing was left out,
    else one ``TRIMMED_MESSAGES`` action at the first message left out, saying how many
    were and between which input indexes; ``renamed_ids`` is empty."""
    for name, value in (("max_messages", max_messages), ("max_chars", max_chars)):
        if value is not None and (type(value) is not int or value < 0):
            raise ValueError(
                f"trim_transcript: {name} must be an int >= 0 or None, not {quoted(value)}"
            )
    messages = messages_of("trim_transcript", transcript)
    system = [m for m in messages if type(m) is SystemMessage] if keep_system else []
    input_indexes = [
        i for i, m in enumerate(messages) if not (keep_system and type(m) is SystemMessage)
    ]
    rest = [messages[i] for i in input_indexes]
    start = _budget_start(rest, max_messages, max_chars)
    start = _round_start(rest, start)
    if allow_pending:
        _check_pending_kept(messages, input_indexes, start, (max_messages, max_chars))
    return RepairResult((*system, *rest[start:]), _trimmed(input_indexes[:start]))


def _check_pending_kept(
    messages: list[Message],
    input_indexes: list[int],
    start: int,
    budget: tuple[int | None, int | None],
) -> None:
    """``ValueError`` when the input has a pending turn and the cut at ``start`` (of the
    messages at ``input_indexes``) leaves it out."""
    turn = pending_turn(messages)
    if turn is None or turn in input_indexes[start:]:
        return
    needed = messages[turn:]
    max_messages, max_chars = budget
    raise ValueError(
        f"trim_transcript: the budget (max_messages={max_messages}, max_chars={max_chars}) "
        f"cannot hold the pending turn (input index {turn} and the {len(needed) - 1} tool "
        f"results after it): keeping it needs at least {len(needed)} messages and "
        f"{sum(message.length for message in needed)} characters"
    )


def _trimmed(left_out: list[int]) -> tuple[RepairAction, ...]:
    """The one action saying which input indexes (ascending) were left out, if any."""
    if not left_out:
        return ()
    count, first, last = len(left_out), left_out[0], left_out[-1]
    if count == 1:
        text = f"1 message (input index {first}) was left out to fit the budget"
    elif last - first + 1 == count:
        text = f"{count} messages (input indexes {first} to {last}) were left out to fit the budget"
    else:
        text = (
            f"{count} messages between input indexes {first} and {last} were left out to fit "
            "the budget (the system messages among them were kept)"
        )
    return (RepairAction(RepairCode.TRIMMED_MESSAGES, first, text, to_pointer((first,))),)


def _budget_start(messages: list[Message], max_messages: int | None, max_chars: int | None) -> int:
    start = len(messages)
    chars = 0
    while start > 0:
        candidate = messages[start - 1]
        if max_messages is not None and len(messages) - start + 1 > max_messages:
            break
        if max_chars is not None and chars + candidate.length > max_chars:
            break
        chars += candidate.length
        start -= 1
    return start


def _server_spans(messages: list[Message]) -> Iterator[tuple[int, int]]:
    """(c, j) for each server-tool result at message j whose latest server-tool call
    before it is in an earlier message c: a cut in c + 1 .. j would leave it no call."""
    last_server_call: dict[str, int] = {}
    for index, message in enumerate(messages):
        if type(message) is not AssistantMessage:
            continue
        for block in message.content:
            if type(block) is ServerToolCallBlock:
                last_server_call[block.id] = index
            elif type(block) is ServerToolResultBlock:
                made_at = last_server_call.get(block.tool_call_id, index)
                if made_at < index:
                    yield made_at, index


def _round_start(messages: list[Message], start: int) -> int:
    """The first cut at or after ``start`` that keeps no result of a call before it
    (nor a server-tool result of a server-tool call before it) and does not start on a
    result.

    A result at ``j`` whose id's last call is at ``c < j`` is stranded by every cut in
    ``c + 1 .. j`` (its call is cut, no later call of the id is kept): those cuts are
    covered, and the answer is the first cut not covered and not on a result. One pass
    to find the last call of each id, one to mark the covered spans, one to choose."""
    last_call: dict[str, int] = {}
    for index, message in enumerate(messages):
        if type(message) is AssistantMessage:
            last_call.update(dict.fromkeys((call.id for call in message.tool_calls), index))
    covered = [0] * (len(messages) + 1)  # +1 where a stranding span starts, -1 after it
    for index, message in enumerate(messages):
        if type(message) is ToolResultMessage:
            made_at = last_call.get(message.tool_call_id, index)
            if made_at < index:
                covered[made_at + 1] += 1
                covered[index + 1] -= 1
    for made_at, index in _server_spans(messages):
        covered[made_at + 1] += 1
        covered[index + 1] -= 1
    spans = sum(covered[: start + 1])
    for cut in range(start, len(messages)):
        if cut > start:
            spans += covered[cut]
        if spans == 0 and type(messages[cut]) is not ToolResultMessage:
            return cut
    return len(messages)


# Last: the names ``agent_ir`` exports from here say ``agent_ir`` (its table, ``_publish``).
publish_lazy(globals(), __name__)
