"""Tool-call linkage: every tool call answered once, by a later result of the same name.

The sites of every call and result are collected once (``_collect``); then each rule is
one small function over them, in ``_RULES``:

* DUPLICATE_TOOL_CALL_ID: a second call with an id already used;
* MISSING_TOOL_RESULT: a call with no result after it;
* DUPLICATE_TOOL_RESULT: a second result for one call;
* ORPHAN_TOOL_RESULT: a result whose id no call has;
* TOOL_RESULT_BEFORE_CALL: a result that comes before its call;
* TOOL_NAME_MISMATCH: a result whose tool name is not its call's.

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
from agent_ir._text import is_blank

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


class _CallSite(NamedTuple):
    message_index: int
    block_index: int
    name: str


class _ResultSite(NamedTuple):
    message_index: int
    tool_name: str


class _Sites(NamedTuple):
    calls: dict[str, list[_CallSite]]
    results: dict[str, list[_ResultSite]]
    malformed_call_ids: set[str]
    malformed_result_ids: set[str]


def _collect(links: Sequence[Message | MalformedLinks]) -> _Sites:
    sites = _Sites({}, {}, set(), set())
    for message_index, link in enumerate(links):
        kind = type(link)
        if kind is ToolResultMessage:
            assert isinstance(link, ToolResultMessage)
            answer = _ResultSite(message_index, link.tool_name)
            sites.results.setdefault(link.tool_call_id, []).append(answer)
        elif kind is AssistantMessage:
            assert isinstance(link, AssistantMessage)
            for block_index, block in enumerate(link.content):
                if type(block) is ToolCallBlock:
                    call = _CallSite(message_index, block_index, block.name)
                    sites.calls.setdefault(block.id, []).append(call)
        elif kind is MalformedLinks:
            assert isinstance(link, MalformedLinks)
            _collect_malformed(sites, message_index, link)
        # a user or system message takes no part in linkage
    return sites


def _collect_malformed(sites: _Sites, message_index: int, link: MalformedLinks) -> None:
    for block_index, call_id, name in link.calls:
        sites.calls.setdefault(call_id, []).append(_CallSite(message_index, block_index, name))
    sites.malformed_call_ids.update(link.malformed_call_ids)
    if link.malformed_result_id is not None:
        sites.malformed_result_ids.add(link.malformed_result_id)


def _duplicate_call_ids(sites: _Sites) -> Iterator[Diagnostic]:
    for call_id, calls in sites.calls.items():
        first = calls[0].message_index
        for call in calls[1:]:
            yield diagnostic(
                DiagnosticCode.DUPLICATE_TOOL_CALL_ID,
                call.message_index,
                ("content", call.block_index, "id"),
                f"tool call id {call_id!r} is already used by a call in message {first}",
            )


def _missing_results(sites: _Sites) -> Iterator[Diagnostic]:
    for call_id, calls in sites.calls.items():
        if len(calls) > 1 or call_id in sites.malformed_result_ids:
            continue
        call = calls[0]
        answers = sites.results.get(call_id, ())
        if not any(answer.message_index > call.message_index for answer in answers):
            yield diagnostic(
                DiagnosticCode.MISSING_TOOL_RESULT,
                call.message_index,
                ("content", call.block_index),
                f"tool call {call_id!r} ({call.name}) has no result after it",
            )


def _duplicate_results(sites: _Sites) -> Iterator[Diagnostic]:
    for call_id, answers in _unambiguous_results(sites):
        first = answers[0].message_index
        for answer in answers[1:]:
            yield diagnostic(
                DiagnosticCode.DUPLICATE_TOOL_RESULT,
                answer.message_index,
                ("toolCallId",),
                f"tool call {call_id!r} already has a result in message {first}",
            )


def _orphans(sites: _Sites) -> Iterator[Diagnostic]:
    for call_id, answers in _unambiguous_results(sites):
        if call_id in sites.calls or call_id in sites.malformed_call_ids:
            continue
        for answer in answers:
            yield diagnostic(
                DiagnosticCode.ORPHAN_TOOL_RESULT,
                answer.message_index,
                ("toolCallId",),
                f"no tool call has id {call_id!r}",
            )


def _results_before_call(sites: _Sites) -> Iterator[Diagnostic]:
    for call_id, call, answer in _answers_of_single_calls(sites):
        if answer.message_index <= call.message_index:
            yield diagnostic(
                DiagnosticCode.TOOL_RESULT_BEFORE_CALL,
                answer.message_index,
                ("toolCallId",),
                f"answers tool call {call_id!r}, which only comes in message {call.message_index}",
            )


def _name_mismatches(sites: _Sites) -> Iterator[Diagnostic]:
    for call_id, call, answer in _answers_of_single_calls(sites):
        if answer.message_index > call.message_index and answer.tool_name != call.name:
            yield diagnostic(
                DiagnosticCode.TOOL_NAME_MISMATCH,
                answer.message_index,
                ("toolName",),
                f"{answer.tool_name!r} differs from the name of tool call {call_id!r}: "
                f"{call.name!r}",
            )


def _unambiguous_results(sites: _Sites) -> Iterator[tuple[str, list[_ResultSite]]]:
    """The results of every call id used by at most one call."""
    for call_id, answers in sites.results.items():
        if len(sites.calls.get(call_id, ())) <= 1:
            yield call_id, answers


def _answers_of_single_calls(sites: _Sites) -> Iterator[tuple[str, _CallSite, _ResultSite]]:
    """Each result paired with its call, for the call ids used by exactly one call."""
    for call_id, answers in _unambiguous_results(sites):
        calls = sites.calls.get(call_id)
        if calls:
            for answer in answers:
                yield call_id, calls[0], answer


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
