"""Mutants no test can kill: the mutated code behaves exactly like the original.

Each entry names one mutant by its module, the function (or class) around it, the
stripped source line it starts on and its change as ``run.py`` prints it
(``original -> mutant``), and which occurrence of that line in the function it is;
``reason`` says why no input can tell the two apart. They are
left out of the score and printed separately. ``run.py`` reports an entry that matches
no mutant any more (the code changed) as stale.

Most are of three kinds: an ``assert`` that only narrows a type for mypy after a
``type(x) is C`` check; a fast-path filter made to answer "not sure" more often (the
slow path then gives the same result); a comparison of two indexes that can never be
equal (a tool call and a tool result are never in the same message).
"""

from __future__ import annotations

from typing import NamedTuple


class Equivalent(NamedTuple):
    module: str
    scope: str
    line: str
    change: str
    reason: str
    occurrence: int = 1  # which one, in source order, when the same line repeats in scope

    @property
    def key(self) -> tuple[str, str, str, str, int]:
        return (self.module, self.scope, self.line, self.change, self.occurrence)


_LINKAGE = "src/agent_ir/_linkage.py"
_PARSER = "src/agent_ir/providers/parser.py"
_TYPE_ASSERT = "the assert only narrows the type for mypy: the type(...) is check above holds"
_ONE_PASS = (
    "the one-pass check then answers False (not sure) for every call, which only sends "
    "the transcript to the full rules, which find the same diagnostics"
)
_NEVER_EQUAL = (
    "a call and a result are never in the same message (one is an assistant message, "
    "the other a tool result), so the two indexes are never equal"
)

EQUIVALENT: list[Equivalent] = [
    # --- linkage ---------------------------------------------------------------------
    Equivalent(
        _LINKAGE,
        "malformed_links",
        'broken_blocks = {path[1] for path in problem_paths if len(path) > 1 and path[0] == "content"}',
        "len(path) > 1 -> len(path) > 2",
        "every problem of a tool-call block (a mapping typed toolCall) is reported at one of "
        "its fields, so no problem path is exactly ('content', i)",
    ),
    Equivalent(
        _LINKAGE,
        "malformed_links",
        "continue",
        "continue -> pass",
        "an unreadable id is itself a problem under its block, so the block is broken: its "
        "id (None) only joins the malformed ids, which no result id (a string) equals",
    ),
    Equivalent(
        _LINKAGE,
        "linkage",
        "return []",
        "return [] -> pass",
        "with no call and no result every rule yields nothing; the early return saves work",
    ),
    Equivalent(
        _LINKAGE,
        "_all_answered_once",
        "assert isinstance(message, ToolResultMessage)",
        "assert isinstance(message, ToolResultMessage) -> pass",
        _TYPE_ASSERT,
    ),
    Equivalent(
        _LINKAGE,
        "_all_answered_once",
        "assert isinstance(message, AssistantMessage)",
        "assert isinstance(message, AssistantMessage) -> pass",
        _TYPE_ASSERT,
    ),
    Equivalent(
        _LINKAGE,
        "_all_answered_once",
        "if block.id in open_calls or block.id in answered:",
        "block.id in open_calls -> block.id not in open_calls",
        _ONE_PASS,
    ),
    Equivalent(
        _LINKAGE,
        "_all_answered_once",
        "if block.id in open_calls or block.id in answered:",
        "block.id in answered -> block.id not in answered",
        _ONE_PASS,
    ),
    Equivalent(
        _LINKAGE,
        "_collect",
        "assert isinstance(link, ToolResultMessage)",
        "assert isinstance(link, ToolResultMessage) -> pass",
        _TYPE_ASSERT,
    ),
    Equivalent(
        _LINKAGE,
        "_collect",
        "assert isinstance(link, AssistantMessage)",
        "assert isinstance(link, AssistantMessage) -> pass",
        _TYPE_ASSERT,
    ),
    Equivalent(
        _LINKAGE,
        "_collect",
        "assert isinstance(link, MalformedLinks)",
        "assert isinstance(link, MalformedLinks) -> pass",
        _TYPE_ASSERT,
    ),
    Equivalent(
        _LINKAGE,
        "_missing_results",
        "if not any(answer_index > call_index for answer_index, _ in answers):",
        "answer_index > call_index -> answer_index >= call_index",
        _NEVER_EQUAL,
    ),
    Equivalent(
        _LINKAGE,
        "_results_before_call",
        "if message_index <= call[0]:",
        "message_index <= call[0] -> message_index < call[0]",
        _NEVER_EQUAL,
    ),
    Equivalent(
        _LINKAGE,
        "_name_mismatches",
        "if message_index > call_index and tool_name != name:",
        "message_index > call_index -> message_index >= call_index",
        _NEVER_EQUAL,
    ),
    # --- parser ----------------------------------------------------------------------
    Equivalent(
        _PARSER,
        "ResponseParser.feed_all",
        "if type(text) is str and is_valid_unicode(text):",
        "if type(text) is str and is_valid_unicode(text): keep_block(TextBlock(text=text)) emit(... -> pass",
        "feed_all's loop for text deltas is a fast path: without it each delta goes "
        "through feed, whose own first branch appends the same block and emits the same chunk",
    ),
    Equivalent(
        _PARSER,
        "ResponseParser.feed_all",
        "is_open = self._response is None and self._response_id is not None",
        "self._response_id is not None -> self._response_id is None",
        "after a record is fed without error the response has started, so the mutant only "
        "turns the fast path off (is_open False): feed handles each delta the same way",
        occurrence=2,  # the update after each record; the first one, before the loop, is not
    ),
]
