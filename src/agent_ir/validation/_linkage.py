"""Tool-call linkage: every tool call answered once, by a later result of the same name.

The sites of every call and result are collected once (``_collect``); then each rule is
one small function over them, in ``_RULES``:

* DUPLICATE_TOOL_CALL_ID: a second call with an id already used;
* MISSING_TOOL_RESULT: a call with no result after it (with ``pending``, a call of the
  pending turn, ``pending_turn``, may wait for its result: ``allow_pending``);
* DUPLICATE_TOOL_RESULT: a second result for one call;
* ORPHAN_TOOL_RESULT: a result whose id no call has;
* TOOL_RESULT_BEFORE_CALL: a result that comes before its call;
* TOOL_NAME_MISMATCH: a result whose tool name is not its call's;
* ORPHAN_SERVER_TOOL_RESULT: a server-tool result (``serverToolResult`` block) that no
  server-tool call with its id answers, earlier in its assistant message or in an
  earlier one. A server-tool call needs no result message (the provider ran it), and
  its ids are apart from function tool-call ids: a ``toolCall`` and a
  ``serverToolCall`` with one id are two calls, and neither answers the other's result.

An id used again after its call was answered (``[call c1, result c1, call c1, result
c1]``) is a DUPLICATE_TOOL_CALL_ID in ``validate_transcript``, stricter than Anthropic
on purpose (its sentence says so): a result must name exactly one call, or pairing by
id (``repair_transcript``, the Responses format) would be ambiguous. For a provider
that pairs each result with the turn right before it and accepts such ids (its
``TurnRules.ids_reusable_after_result``), ``check_wire_rules`` passes ``reuse=True``:
each use of the id after its answer starts a new call, paired like any other.

A sentence quotes an id or a name cut to ``QUOTE_CHARS`` characters (``quoted``, ``cut``):
one long name is quoted once per result, and would otherwise be copied as many times.

A call id used twice makes pairing ambiguous: its results get no further diagnostic.
A malformed message still takes part through ``MalformedLinks``: its well-formed calls
count, and the readable ids of its malformed calls or result suppress the cascade
(an orphan of a malformed call, a missing result whose result is malformed).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Any, NamedTuple

from agent_ir._generated.diagnostic_schema import Diagnostic, DiagnosticCode
from agent_ir._generated.message_schema import (
    Message,
)
from agent_ir._paths import Path
from agent_ir._text import cut, is_blank, quoted
from agent_ir.validation._checks import IR
from agent_ir.validation._diagnostics import diagnostic
from agent_ir.validation._twins import PLAIN, RAW

__all__ = [
    "MalformedLinks",
    "ToolLinks",
    "all_answered_once",
    "linkage",
    "linkage_of_valid",
    "malformed_links",
    "pending_turn",
    "tool_call_blocks",
    "tool_links",
]


# The classes of each role, generated and twins alike (``_twins``): the rules read
# messages of either, mixed (a verdict's twins beside the IR of a message explained).
_KINDS = (IR, RAW.kinds, PLAIN.kinds)
_TOOL_RESULTS = frozenset(kinds.tool_result for kinds in _KINDS)
_ASSISTANTS = frozenset(kinds.assistant for kinds in _KINDS)
_TOOL_CALLS = frozenset(kinds.tool_call for kinds in _KINDS)
_SERVER_CALLS = frozenset(kinds.server_call for kinds in _KINDS)
_SERVER_RESULTS = frozenset(kinds.server_result for kinds in _KINDS)


class MalformedLinks(NamedTuple):
    """What a malformed message still contributes to linkage."""

    calls: tuple[tuple[int, str, str], ...]  # (block index, id, name) of well-formed calls
    malformed_call_ids: frozenset[str]  # readable ids of malformed calls
    malformed_result_id: str | None  # readable toolCallId of a malformed result
    # (block index, id, is a call) of the server-tool blocks, in order: every call with
    # a readable id (a malformed one too: its results are not orphans) and each
    # well-formed result.
    servers: tuple[tuple[int, str, bool], ...] = ()
    # (block index, id) of the malformed calls with a readable id, in order
    malformed_calls: tuple[tuple[int, str], ...] = ()


_NO_LINKS = MalformedLinks((), frozenset(), None)


def malformed_links(plain: Any, problem_paths: Collection[Path]) -> MalformedLinks:
    """The links of a malformed message's snapshot ``plain``, given the paths of its
    problems: a tool call with a problem under it is malformed."""
    if not isinstance(plain, dict):
        return _NO_LINKS
    if plain.get("role") == "toolResult":
        return MalformedLinks((), frozenset(), _readable_id(plain.get("toolCallId")))
    broken_blocks = {path[1] for path in problem_paths if len(path) > 1 and path[0] == "content"}
    calls = []
    malformed: list[tuple[int, str]] = []
    for index, block in tool_call_blocks(plain):
        call_id = _readable_id(block.get("id"))
        if call_id is None:
            continue
        if index in broken_blocks:
            malformed.append((index, call_id))
        else:
            calls.append((index, call_id, block["name"]))
    servers = tuple(_server_links(plain, broken_blocks))
    ids = frozenset(call_id for _, call_id in malformed)
    return MalformedLinks(tuple(calls), ids, None, servers, tuple(malformed))


def _server_links(
    plain: dict[str, Any], broken_blocks: set[Any]
) -> Iterator[tuple[int, str, bool]]:
    content = plain.get("content") if plain.get("role") == "assistant" else None
    if not isinstance(content, list):
        return
    for index, block in enumerate(content):
        kind = block.get("type") if isinstance(block, dict) else None
        if kind == "serverToolCall":
            call_id = block.get("id")
            if isinstance(call_id, str) and call_id:
                yield index, call_id, True
        elif kind == "serverToolResult" and index not in broken_blocks:
            call_id = block.get("toolCallId")
            if isinstance(call_id, str) and call_id:
                yield index, call_id, False


class ToolLinks(NamedTuple):
    """Who calls and who answers, as the linkage rules read the messages: ``calls`` maps
    the index of each message making tool calls to their (block index, id), in block
    order (a malformed call with a readable id included); ``answers`` maps the index of
    each tool result to the id of the call it answers (a malformed result's, when
    readable). What the HTML report draws beside each call."""

    calls: dict[int, tuple[tuple[int, str], ...]]
    answers: dict[int, str]


def tool_links(links: Sequence[Message | MalformedLinks]) -> ToolLinks:
    """The ``ToolLinks`` of the messages (well-formed ones, or what a malformed one
    contributes)."""
    calls: dict[int, tuple[tuple[int, str], ...]] = {}
    answers: dict[int, str] = {}
    for index, link in enumerate(links):
        kind = type(link)
        if kind in _TOOL_RESULTS:
            answers[index] = link.tool_call_id  # type: ignore[union-attr]
        elif kind in _ASSISTANTS:
            content = link.content  # type: ignore[union-attr]
            made = [
                (at, block.id) for at, block in enumerate(content) if type(block) in _TOOL_CALLS
            ]
            if made:
                calls[index] = tuple(made)
        elif kind is MalformedLinks:
            assert isinstance(link, MalformedLinks)
            made = sorted(
                [*((at, call_id) for at, call_id, _ in link.calls), *link.malformed_calls]
            )
            if made:
                calls[index] = tuple(made)
            if link.malformed_result_id is not None:
                answers[index] = link.malformed_result_id
    return ToolLinks(calls, answers)


def linkage_of_valid(
    messages: Sequence[Message], *, reuse: bool = False, pending: bool = False
) -> list[Diagnostic]:
    """Linkage of well-formed messages. The common case, every call answered once by a
    later result of the same name, is confirmed in one tight pass without collecting
    sites; anything else goes to the rules. ``reuse``: an id used again after its call
    was answered is a new call (see the module's docstring). ``pending``: the calls of
    the pending turn need no result (see ``pending_turn``)."""
    return linkage(messages, reuse=reuse, pending=pending)


def linkage(
    links: Sequence[Message | MalformedLinks],
    *,
    reuse: bool = False,
    pending: bool = False,
    answered: bool | None = None,
) -> list[Diagnostic]:
    """Every linkage diagnostic over the messages (well-formed ones, or what a malformed
    one contributes), in rule order; the caller orders them by position. ``answered``:
    what ``all_answered_once`` said of them, when the caller asked it already."""
    if answered is None:
        answered = all_answered_once(links, pending)
    if answered:
        return []  # the common case, also beside a malformed message: one tight pass
    sites = _collect(links, reuse)
    if not sites.calls and not sites.results and not sites.server_orphans:
        return []
    if pending:
        sites = sites._replace(pending=pending_turn(links))
    return [found for rule in _RULES for found in rule(sites)]


def pending_turn(links: Sequence[Message | MalformedLinks]) -> int | None:
    """The index of the pending turn: the last assistant message, when every message
    after it is a tool result (an agent mid-turn, or a fine-tuning line whose target is
    that message's calls); None when there is none. Its calls may still wait for their
    results (``allow_pending``); a result that is there is checked as always. A
    malformed message after it ends the search unless it is a tool result with a
    readable id."""
    for index in range(len(links) - 1, -1, -1):
        link = links[index]
        kind = type(link)
        if kind in _TOOL_RESULTS:
            continue
        if kind is MalformedLinks:
            assert isinstance(link, MalformedLinks)
            if link.malformed_result_id is not None:
                continue
            return index if link.calls or link.malformed_call_ids else None
        return index if kind in _ASSISTANTS else None
    return None


def all_answered_once(messages: Sequence[Any], pending: bool) -> bool:
    """Whether every call of ``messages`` (well-formed ones of the generated classes or
    a verdict's twins, mixed, and ``MalformedLinks`` that only hold well-formed calls)
    is answered once by a later result of its name, with fresh ids, and every
    server-tool result follows its call: then the rules find nothing.
    ``pending``: the calls of the pending turn may be open."""
    open_calls: dict[str, str] = {}
    answered: set[str] = set()
    server_calls: set[str] = set()
    for message in messages:
        kind = type(message)
        if kind is MalformedLinks:
            if (
                message.malformed_call_ids
                or message.servers
                or message.malformed_result_id is not None
            ):
                return False  # the rules say what it suppresses
            for _, call_id, name in message.calls:
                if call_id in open_calls or call_id in answered:
                    return False
                open_calls[call_id] = name
        elif kind in _TOOL_RESULTS:
            if open_calls.pop(message.tool_call_id, None) != message.tool_name:
                return False
            answered.add(message.tool_call_id)
        elif kind in _ASSISTANTS and not _calls_fresh(message, open_calls, answered, server_calls):
            return False
    return not open_calls or (pending and _only_pending(messages, open_calls))


def _only_pending(messages: Sequence[Any], open_calls: dict[str, str]) -> bool:
    """Whether every call still open is a call of the pending turn."""
    turn = pending_turn(messages)
    if turn is None:
        return False
    message = messages[turn]
    if type(message) is MalformedLinks:
        own = {call_id for _, call_id, _ in message.calls}
    else:
        own = {block.id for block in message.content if type(block) in _TOOL_CALLS}
    return open_calls.keys() <= own


def _calls_fresh(
    message: Any,
    open_calls: dict[str, str],
    answered: set[str],
    server_calls: set[str],
) -> bool:
    """Each call of ``message`` (added to ``open_calls``) has an id not used before, and
    each server-tool result a server-tool call before it (added to ``server_calls``)."""
    for block in message.content:
        block_kind = type(block)
        if block_kind in _TOOL_CALLS:
            if block.id in open_calls or block.id in answered:
                return False
            open_calls[block.id] = block.name
        elif block_kind in _SERVER_CALLS:
            server_calls.add(block.id)
        elif block_kind in _SERVER_RESULTS and block.tool_call_id not in server_calls:
            return False
    return True


# Sites are plain tuples (built once per call and result, on the path every transcript
# with a malformed message takes; a NamedTuple doubled the cost of collecting them):
# a call site is (message index, block index, name), a result site (message index,
# tool name). They are keyed by (id, use): the use is 0 unless ``reuse`` starts a new
# one for an id called again after its call was answered.
_CallSite = tuple[int, int, str]
_ResultSite = tuple[int, str]
_Key = tuple[str, int]


class _Sites(NamedTuple):
    calls: dict[_Key, list[_CallSite]]
    results: dict[_Key, list[_ResultSite]]
    malformed_call_ids: set[_Key]  # of the malformed calls with a readable id
    malformed_result_ids: set[_Key]  # of the malformed results with a readable id
    # (key, its results, its one call or None) for each key used by at most one call:
    # with two calls of one id, pairing is ambiguous and the duplicate-id diagnostic
    # says it all.
    unambiguous: list[tuple[_Key, list[_ResultSite], _CallSite | None]]
    # (message index, block index) of each call that uses again an id whose earlier
    # call was answered before it (a duplicate only because agent-ir is stricter)
    reused: set[tuple[int, int]]
    # (message index, block index, id) of each server-tool result no call answers
    server_orphans: list[tuple[int, int, str]]
    # the index of the pending turn, whose calls need no result (allow_pending)
    pending: int | None = None


class _Collector:
    """The pass over the messages that builds ``_Sites``."""

    def __init__(self, reuse: bool) -> None:
        self.reuse = reuse
        self.sites = _Sites({}, {}, set(), set(), [], set(), [])
        self.use: dict[str, int] = {}  # each id's current use
        self.answered: set[str] = set()  # ids whose current use has a result after its call
        self.server_calls: set[str] = set()

    def call(self, message_index: int, block_index: int, call_id: str, name: str) -> None:
        use = self.use.get(call_id, 0)
        if call_id in self.answered:
            self.answered.discard(call_id)
            if self.reuse:
                use = self.use[call_id] = use + 1
            else:
                self.sites.reused.add((message_index, block_index))
        self.sites.calls.setdefault((call_id, use), []).append((message_index, block_index, name))

    def malformed_call(self, call_id: str) -> None:
        """A malformed call with a readable id: with ``reuse``, a new use of an answered
        id (so that the results after it are its own, and suppressed)."""
        if self.reuse and call_id in self.answered:
            self.answered.discard(call_id)
            self.use[call_id] = self.use.get(call_id, 0) + 1
        self.sites.malformed_call_ids.add((call_id, self.use.get(call_id, 0)))

    def malformed_result(self, call_id: str) -> None:
        self.sites.malformed_result_ids.add((call_id, self.use.get(call_id, 0)))

    def result(self, message_index: int, call_id: str, tool_name: str) -> None:
        key = (call_id, self.use.get(call_id, 0))
        self.sites.results.setdefault(key, []).append((message_index, tool_name))
        if key in self.sites.calls or key in self.sites.malformed_call_ids:
            self.answered.add(call_id)  # a malformed call's use is answered too

    def assistant(self, message_index: int, message: Any) -> None:
        for block_index, block in enumerate(message.content):
            block_kind = type(block)
            if block_kind in _TOOL_CALLS:
                self.call(message_index, block_index, block.id, block.name)
            elif block_kind in _SERVER_CALLS:
                self.server(message_index, block_index, block.id, True)
            elif block_kind in _SERVER_RESULTS:
                self.server(message_index, block_index, block.tool_call_id, False)

    def server(self, message_index: int, block_index: int, call_id: str, is_call: bool) -> None:
        if is_call:
            self.server_calls.add(call_id)
        elif call_id not in self.server_calls:
            self.sites.server_orphans.append((message_index, block_index, call_id))


def _collect(links: Sequence[Message | MalformedLinks], reuse: bool) -> _Sites:
    collector = _Collector(reuse)
    sites = collector.sites
    for message_index, link in enumerate(links):
        kind = type(link)
        if kind in _TOOL_RESULTS:
            collector.result(message_index, link.tool_call_id, link.tool_name)  # type: ignore[union-attr]
        elif kind in _ASSISTANTS:
            collector.assistant(message_index, link)
        elif kind is MalformedLinks:
            assert isinstance(link, MalformedLinks)
            _collect_malformed(collector, message_index, link)
        # a user or system message takes no part in linkage
    for key, answers in sites.results.items():
        found = sites.calls.get(key, ())
        if len(found) <= 1:
            sites.unambiguous.append((key, answers, found[0] if found else None))
    return sites


def _collect_malformed(collector: _Collector, message_index: int, link: MalformedLinks) -> None:
    for call_id in sorted(link.malformed_call_ids):
        collector.malformed_call(call_id)
    for block_index, call_id, name in link.calls:
        collector.call(message_index, block_index, call_id, name)
    for block_index, call_id, is_call in link.servers:
        collector.server(message_index, block_index, call_id, is_call)
    if link.malformed_result_id is not None:
        collector.malformed_result(link.malformed_result_id)


# Said where an id is used again after its call was answered, which Anthropic accepts.
STRICTER = (
    ", whose result came before this call: agent-ir is stricter than Anthropic on purpose "
    "(a result must name exactly one call, or pairing results by id, as repair and the "
    "OpenAI Responses format do, is ambiguous); check_wire_rules does not report it for "
    "anthropic"
)


def _duplicate_call_ids(sites: _Sites) -> Iterator[Diagnostic]:
    for (call_id, _), calls in sites.calls.items():
        first = calls[0][0]
        for message_index, block_index, _ in calls[1:]:
            why = STRICTER if (message_index, block_index) in sites.reused else ""
            yield diagnostic(
                DiagnosticCode.DUPLICATE_TOOL_CALL_ID,
                message_index,
                ("content", block_index, "id"),
                f"tool call id {quoted(call_id)} is already used by a call in message {first}"
                + why,
            )


def _missing_results(sites: _Sites) -> Iterator[Diagnostic]:
    for key, calls in sites.calls.items():
        call_id = key[0]
        if len(calls) > 1 or key in sites.malformed_result_ids:
            continue
        ((call_index, block_index, name),) = calls
        answers = sites.results.get(key, ())
        if call_index == sites.pending:
            continue  # allow_pending: its results may still come
        if not any(answer_index > call_index for answer_index, _ in answers):
            yield diagnostic(
                DiagnosticCode.MISSING_TOOL_RESULT,
                call_index,
                ("content", block_index),
                f"tool call {quoted(call_id)} ({cut(name)}) has no result after it",
            )


def _duplicate_results(sites: _Sites) -> Iterator[Diagnostic]:
    for (call_id, _), answers, _ in sites.unambiguous:
        first = answers[0][0]
        for message_index, _ in answers[1:]:
            yield diagnostic(
                DiagnosticCode.DUPLICATE_TOOL_RESULT,
                message_index,
                ("toolCallId",),
                f"tool call {quoted(call_id)} already has a result in message {first}",
            )


def _orphans(sites: _Sites) -> Iterator[Diagnostic]:
    for (call_id, use), answers, call in sites.unambiguous:
        if call is not None or (call_id, use) in sites.malformed_call_ids:
            continue
        for message_index, _ in answers:
            yield diagnostic(
                DiagnosticCode.ORPHAN_TOOL_RESULT,
                message_index,
                ("toolCallId",),
                f"no tool call has id {quoted(call_id)}",
            )


def _results_before_call(sites: _Sites) -> Iterator[Diagnostic]:
    for (call_id, _), answers, call in sites.unambiguous:
        if call is None:
            continue
        for message_index, _ in answers:
            if message_index <= call[0]:
                yield diagnostic(
                    DiagnosticCode.TOOL_RESULT_BEFORE_CALL,
                    message_index,
                    ("toolCallId",),
                    f"answers tool call {quoted(call_id)}, which only comes in message {call[0]}",
                )


def _name_mismatches(sites: _Sites) -> Iterator[Diagnostic]:
    for (call_id, _), answers, call in sites.unambiguous:
        if call is None:
            continue
        call_index, _, name = call
        for message_index, tool_name in answers:
            if message_index > call_index and tool_name != name:
                yield diagnostic(
                    DiagnosticCode.TOOL_NAME_MISMATCH,
                    message_index,
                    ("toolName",),
                    f"{quoted(tool_name)} differs from the name of tool call {quoted(call_id)}: "
                    f"{quoted(name)}",
                )


def _server_orphans(sites: _Sites) -> Iterator[Diagnostic]:
    for message_index, block_index, call_id in sites.server_orphans:
        yield diagnostic(
            DiagnosticCode.ORPHAN_SERVER_TOOL_RESULT,
            message_index,
            ("content", block_index),
            f"server-tool result {quoted(call_id)} answers no server-tool call: none with its id "
            "comes before it in its message or in an earlier assistant message",
        )


_RULES: tuple[Callable[[_Sites], Iterator[Diagnostic]], ...] = (
    _duplicate_call_ids,
    _missing_results,
    _duplicate_results,
    _orphans,
    _results_before_call,
    _name_mismatches,
    _server_orphans,
)


def _readable_id(value: object) -> str | None:
    return value if isinstance(value, str) and not is_blank(value) else None


def tool_call_blocks(plain: Any) -> list[tuple[int, dict[str, Any]]]:
    """(index, block) of every block of an assistant snapshot whose type is toolCall."""
    if not isinstance(plain, dict) or plain.get("role") != "assistant":
        return []
    content = plain.get("content")
    if not isinstance(content, list):
        return []
    return [
        (index, block)
        for index, block in enumerate(content)
        if isinstance(block, dict) and block.get("type") == "toolCall"
    ]
