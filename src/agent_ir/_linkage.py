"""Tool-call linkage: every tool call answered once, by a later result of the same name.

The sites of every call and result are collected once (``_collect``); then each rule is
one small function over them, in ``_RULES``:

* DUPLICATE_TOOL_CALL_ID: a second call with an id already used;
* MISSING_TOOL_RESULT: a call with no result after it;
* DUPLICATE_TOOL_RESULT: a second result for one call;
* ORPHAN_TOOL_RESULT: a result whose id no call has;
* TOOL_RESULT_BEFORE_CALL: a result that comes before its call;
* TOOL_NAME_MISMATCH: a result whose tool name is not its call's.

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

from agent_ir._diagnostics import diagnostic
from agent_ir._generated.diagnostic_schema import Diagnostic, DiagnosticCode
from agent_ir._generated.message_schema import (
    AssistantMessage,
    Message,
    ToolCallBlock,
    ToolResultMessage,
)
from agent_ir._inspect import tool_call_blocks
from agent_ir._paths import Path
from agent_ir._text import cut, is_blank, quoted

__all__ = ["MalformedLinks", "linkage", "linkage_of_valid", "malformed_links"]


class MalformedLinks(NamedTuple):
    """What a malformed message still contributes to linkage."""

    calls: tuple[tuple[int, str, str], ...]  # (block index, id, name) of well-formed calls
    malformed_call_ids: frozenset[str]  # readable ids of malformed calls
    malformed_result_id: str | None  # readable toolCallId of a malformed result


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
    malformed: set[str] = set()
    for index, block in tool_call_blocks(plain):
        call_id = _readable_id(block.get("id"))
        if call_id is None:
            continue
        if index in broken_blocks:
            malformed.add(call_id)
        else:
            calls.append((index, call_id, block["name"]))
    return MalformedLinks(tuple(calls), frozenset(malformed), None)


def linkage_of_valid(messages: Sequence[Message]) -> list[Diagnostic]:
    """Linkage of well-formed messages. The common case, every call answered once by a
    later result of the same name, is confirmed in one tight pass without collecting
    sites; anything else goes to the rules."""
    return [] if _all_answered_once(messages) else linkage(messages)


def linkage(links: Sequence[Message | MalformedLinks]) -> list[Diagnostic]:
    """Every linkage diagnostic over the messages (well-formed ones, or what a malformed
    one contributes), in rule order; the caller orders them by position."""
    sites = _collect(links)
    if not sites.calls and not sites.results:
        return []
    return [found for rule in _RULES for found in rule(sites)]


def _all_answered_once(messages: Sequence[Message]) -> bool:
    open_calls: dict[str, str] = {}
    answered: set[str] = set()
    for message in messages:
        kind = type(message)
        if kind is ToolResultMessage:
            assert isinstance(message, ToolResultMessage)
            if open_calls.pop(message.tool_call_id, None) != message.tool_name:
                return False
            answered.add(message.tool_call_id)
        elif kind is AssistantMessage:
            assert isinstance(message, AssistantMessage)
            for block in message.content:
                if type(block) is ToolCallBlock:
                    if block.id in open_calls or block.id in answered:
                        return False
                    open_calls[block.id] = block.name
    return not open_calls


# Sites are plain tuples (built once per call and result, on the path every transcript
# with a malformed message takes; a NamedTuple doubled the cost of collecting them):
# a call site is (message index, block index, name), a result site (message index,
# tool name).
_CallSite = tuple[int, int, str]
_ResultSite = tuple[int, str]


class _Sites(NamedTuple):
    calls: dict[str, list[_CallSite]]
    results: dict[str, list[_ResultSite]]
    malformed_call_ids: set[str]
    malformed_result_ids: set[str]
    # (call id, its results, its one call or None) for each call id used by at most
    # one call: with two calls of one id, pairing is ambiguous and the duplicate-id
    # diagnostic says it all.
    unambiguous: list[tuple[str, list[_ResultSite], _CallSite | None]]


def _collect(links: Sequence[Message | MalformedLinks]) -> _Sites:
    calls: dict[str, list[_CallSite]] = {}
    results: dict[str, list[_ResultSite]] = {}
    sites = _Sites(calls, results, set(), set(), [])
    for message_index, link in enumerate(links):
        kind = type(link)
        if kind is ToolResultMessage:
            assert isinstance(link, ToolResultMessage)
            results.setdefault(link.tool_call_id, []).append((message_index, link.tool_name))
        elif kind is AssistantMessage:
            assert isinstance(link, AssistantMessage)
            for block_index, block in enumerate(link.content):
                if type(block) is ToolCallBlock:
                    calls.setdefault(block.id, []).append((message_index, block_index, block.name))
        elif kind is MalformedLinks:
            assert isinstance(link, MalformedLinks)
            _collect_malformed(sites, message_index, link)
        # a user or system message takes no part in linkage
    for call_id, answers in results.items():
        found = calls.get(call_id, ())
        if len(found) <= 1:
            sites.unambiguous.append((call_id, answers, found[0] if found else None))
    return sites


def _collect_malformed(sites: _Sites, message_index: int, link: MalformedLinks) -> None:
    for block_index, call_id, name in link.calls:
        sites.calls.setdefault(call_id, []).append((message_index, block_index, name))
    sites.malformed_call_ids.update(link.malformed_call_ids)
    if link.malformed_result_id is not None:
        sites.malformed_result_ids.add(link.malformed_result_id)


def _duplicate_call_ids(sites: _Sites) -> Iterator[Diagnostic]:
    for call_id, calls in sites.calls.items():
        first = calls[0][0]
        for message_index, block_index, _ in calls[1:]:
            yield diagnostic(
                DiagnosticCode.DUPLICATE_TOOL_CALL_ID,
                message_index,
                ("content", block_index, "id"),
                f"tool call id {quoted(call_id)} is already used by a call in message {first}",
            )


def _missing_results(sites: _Sites) -> Iterator[Diagnostic]:
    for call_id, calls in sites.calls.items():
        if len(calls) > 1 or call_id in sites.malformed_result_ids:
            continue
        ((call_index, block_index, name),) = calls
        answers = sites.results.get(call_id, ())
        if not any(answer_index > call_index for answer_index, _ in answers):
            yield diagnostic(
                DiagnosticCode.MISSING_TOOL_RESULT,
                call_index,
                ("content", block_index),
                f"tool call {quoted(call_id)} ({cut(name)}) has no result after it",
            )


def _duplicate_results(sites: _Sites) -> Iterator[Diagnostic]:
    for call_id, answers, _ in sites.unambiguous:
        first = answers[0][0]
        for message_index, _ in answers[1:]:
            yield diagnostic(
                DiagnosticCode.DUPLICATE_TOOL_RESULT,
                message_index,
                ("toolCallId",),
                f"tool call {quoted(call_id)} already has a result in message {first}",
            )


def _orphans(sites: _Sites) -> Iterator[Diagnostic]:
    for call_id, answers, call in sites.unambiguous:
        if call is not None or call_id in sites.malformed_call_ids:
            continue
        for message_index, _ in answers:
            yield diagnostic(
                DiagnosticCode.ORPHAN_TOOL_RESULT,
                message_index,
                ("toolCallId",),
                f"no tool call has id {quoted(call_id)}",
            )


def _results_before_call(sites: _Sites) -> Iterator[Diagnostic]:
    for call_id, answers, call in sites.unambiguous:
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
    for call_id, answers, call in sites.unambiguous:
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


_RULES: tuple[Callable[[_Sites], Iterator[Diagnostic]], ...] = (
    _duplicate_call_ids,
    _missing_results,
    _duplicate_results,
    _orphans,
    _results_before_call,
    _name_mismatches,
)


def _readable_id(value: object) -> str | None:
    return value if isinstance(value, str) and not is_blank(value) else None
