"""A small AST mutation tool: how many one-change mutants of the rule modules the tests kill.

    python mutation/run.py [--sample N] [--seed S] [--min-score P] [--group NAME ...]
                           [--jobs J] [--timeout SECONDS] [--select coverage|all] [--list]

Every mutation point of each target module is enumerated deterministically (AST walk
order); ``--sample N`` (default 60 per module, 0 for all) picks a seeded, reproducible
sample of the non-equivalent ones. Each mutant is applied alone to a temporary copy of
``src/`` and ``schemas/`` (the working tree is never written), and its group's test
subset runs against that copy (``PYTHONPATH``; a canary checks the tests import it) with
``-x -q`` and a timeout. A failing run kills the mutant; a run that times out counts as
killed and is reported as a hang. Tests that fail without any mutation (known defects of
``src/``) are deselected and listed. Mutants listed in ``mutation/equivalent.py`` cannot
be killed by any test; they are left out of the score and printed separately.

Test selection (``--select coverage``, the default): one more unmutated run of the
group's tests under coverage.py, each test's node id as the coverage context, maps every
line of the group's modules to the tests that run it. A mutant then runs only the tests
that run one of its lines (in the pool's order: those of the first file, then, if none
failed, the rest); a mutant whose lines no test runs survives without a run and is
reported as not covered; a line run at import (outside any test) reaches every test, so
such a mutant runs the whole pool, and so do the tests that start a Python subprocess
(whose lines coverage does not see) for every covered mutant. ``--select all`` runs the
whole pool for every mutant. Each run is a child forked by a warm pytest
(``mutation/warm.py``, one per workspace) that has imported pytest, its plugins and the
tests' libraries once, but never ``agent_ir``: each child imports the mutated copy.

Operators: comparison swaps (``==``/``!=``, ``<``/``<=``, ``>``/``>=``, ``is``/``is not``,
``in``/``not in``), ``and``/``or``, ``not x`` -> ``x``, ``continue``/``break``,
``return True``/``return False``, integer constants +1 and -1 (``0`` only to ``1``), the
literal text of messages (every f-string part, and strings inside a ``raise`` or a call
of a ``diagnostic``/``*error``/``*Error`` function) replaced, a statement of an
``if``/``else`` body or an early ``return`` replaced by ``pass``, and ``+``/``-``.

Prints the score per module and per group, each survivor as
``file:line: original -> mutant`` (``SURVIVED (not covered)`` when no test runs it); exits 1 when a group's score is below
``--min-score`` (percent of the non-equivalent mutants run), 2 when the run cannot be
trusted: the unmutated tests cannot run, or a broken copy of a module passes them.
"""

from __future__ import annotations

import argparse
import ast
import copy
import dataclasses
import json
import os
import random
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from equivalent import EQUIVALENT, Equivalent  # noqa: E402  (mutation/ is not a package)


@dataclass(frozen=True)
class Group:
    modules: tuple[str, ...]
    tests: tuple[str, ...]


# The tool checker's tests: the pattern unit tests first (they kill most mutants
# fastest), the comparison with Node's RegExp (derandomized: the same examples on every
# run), the profile's cases and the definitions; left out are the three that run a
# subprocess or measure memory (half a minute together; the cases before them pin the
# same limits).
_TOOL_SCHEMA_TESTS = (
    "tests/validation/test_tool_patterns.py",
    "tests/validation/test_tool_profile.py",
    "tests/validation/test_tool_definitions.py",
    "tests/validation/test_tool_definition_sentences.py",
    "tests/property/test_pattern_translation.py",
    "-k",
    "not 2mb and not bounded_in_bytes and not linear_in_its_failing",
)

# The tests that exercise each group: the module's own rule tests and the suites that
# reach it through the public API (property tests and codegen are left out: slow, and
# the first is randomized).
GROUPS: dict[str, Group] = {
    "linkage": Group(
        modules=("src/agent_ir/validation/_linkage.py",),
        tests=(
            "tests/validation/test_linkage.py",
            "tests/validation/test_diagnostic_rules.py",
            "tests/conformance",
            "tests/validation/test_parse_and_loads.py",
            "tests/validation/test_validation_paths_agree.py",
            "tests/validation/test_diagnostics.py",
            "tests/validation/test_transcript_values.py",
            "tests/validation/test_transcript_container.py",
            "tests/validation/test_hostile_entries.py",
            "tests/validation/test_bounded_quotes.py",
            "tests/validation/test_allow_pending.py",
        ),
    ),
    "diagnostics": Group(
        modules=("src/agent_ir/validation/_diagnostics.py",),
        tests=(
            "tests/validation/test_diagnostic_rules.py",
            "tests/validation/test_diagnostics.py",
            "tests/validation/test_linkage.py",
            "tests/conformance",
            "tests/validation/test_bounded_quotes.py",
        ),
    ),
    "parser": Group(
        modules=("src/agent_ir/replies/parser.py",),
        tests=("tests/replies",),
    ),
    # The one reply builder: every provider's reply reader and stream drives it, so its
    # pool is theirs (its refusals, citations, signatures and moved blocks come from
    # them, not from the fixture parser's tests).
    "reply builder": Group(
        modules=("src/agent_ir/replies/builder.py",),
        tests=(
            "tests/replies",
            "tests/wire/test_replies.py",
            "tests/wire/test_reply_metadata.py",
            "tests/wire/anthropic/test_stream.py",
            "tests/wire/bedrock_converse/test_stream.py",
            "tests/wire/gemini/test_stream.py",
            "tests/wire/openai_chat/test_stream.py",
            "tests/wire/openai_responses/test_stream.py",
        ),
    ),
    "repair": Group(
        modules=("src/agent_ir/repair.py",),
        # The property tests are left out: they take most of the file's minute and the
        # example tests below pin every action.
        tests=(
            "tests/repair/test_repair.py",
            "tests/repair/test_actions.py",
            "tests/repair/test_pending.py",
            "tests/repair/test_gemini.py",  # the placeholder signatures and the model
            "tests/rules/test_media_limits.py",  # the text added beside Bedrock's documents
            "-k",
            "not property",
        ),
    ),
    "retarget": Group(
        modules=("src/agent_ir/retargeting.py",),
        tests=(
            "tests/test_retarget.py",
            "tests/wire/test_pair_matrix.py",
            "tests/cli/test_convert_command.py",
        ),
    ),
    "rules": Group(
        modules=(
            "src/agent_ir/rules.py",
            "src/agent_ir/wire/_spec.py",
            "src/agent_ir/wire/_records.py",
            "src/agent_ir/wire/_registry.py",
        ),
        tests=(
            "tests/rules/test_wire_rules.py",
            "tests/rules/test_gemini.py",
            "tests/rules/test_media_limits.py",
            "tests/wire/test_registry.py",
            "tests/wire/test_provider_records.py",
            "tests/conformance/test_wire_rules_suite.py",
        ),
    ),
    "sse": Group(
        modules=("src/agent_ir/wire/_sse.py",),
        tests=(
            "tests/wire/test_sse.py",
            "tests/wire/test_sse_limits.py",
        ),
    ),
    "anthropic stream": Group(
        modules=("src/agent_ir/wire/anthropic/_stream.py",),
        # The comparisons with Anthropic's SDK are left out (slow; the recordings they
        # read are also checked against their expected chunks and outcome below).
        tests=(
            "tests/wire/anthropic/test_stream.py",
            "-k",
            "not sdk",
        ),
    ),
    "tool profile": Group(
        modules=(
            "src/agent_ir/validation/_tool_profile.py",
            "src/agent_ir/validation/_uri_reference.py",
        ),
        tests=_TOOL_SCHEMA_TESTS,
    ),
    "tool patterns": Group(
        modules=(
            "src/agent_ir/validation/_pattern_dialect.py",
            "src/agent_ir/validation/_tool_patterns.py",
        ),
        tests=_TOOL_SCHEMA_TESTS,
    ),
    # The tool checker: reading the definitions, checking each call, placing and
    # wording its mismatches, the explained work (its own tests; the memory tests that
    # run a subprocess are left out: they pin the same bound as the ones kept).
    "tool checker": Group(
        modules=("src/agent_ir/validation/_tools.py",),
        tests=(
            "tests/validation/test_tool_arguments.py",
            "tests/validation/test_tool_definitions.py",
            "tests/validation/test_tool_definition_plain_values.py",
            "tests/validation/test_tool_entry_points.py",
            "tests/validation/test_tool_cache.py",
            "tests/validation/test_tool_explained_work.py",
            "tests/validation/test_tool_checker_edges.py",
            "tests/validation/test_tool_hostile_seeds.py",
            "tests/validation/test_tool_keys_read_alike.py",
            "tests/validation/test_tool_definition_sentences.py",
            "tests/validation/test_keyword_sentences.py",
            "tests/validation/test_tool_profile.py",
            "tests/conformance",
            "-k",
            "not 2mb and not bounded_in_bytes and not copied_150_times",
        ),
    ),
    # The decode step every wire reader, reply reader and stream decodes with: the
    # refusal grammar's tests and each format's request and reply tests reach it.
    "decode step": Group(
        modules=("src/agent_ir/wire/_decode.py",),
        tests=(
            "tests/wire/test_decode_step.py",
            "tests/wire/test_refusal_grammar.py",
            "tests/wire/test_request_readers.py",
            "tests/wire/test_replies.py",
            "tests/wire/test_reply_metadata.py",
            "tests/wire/anthropic/test_request.py",
            "tests/wire/anthropic/test_reply_unread_keys.py",
            "tests/wire/openai_chat/test_request.py",
            "tests/wire/openai_responses/test_request.py",
            "tests/wire/gemini/test_request.py",
            "tests/wire/gemini/test_reply.py",
            "tests/wire/mistral",
            "tests/wire/bedrock_converse/test_request.py",
            "tests/wire/hf_chat/test_request.py",  # its datasets test needs pyarrow: CI's
            "tests/wire/otel",
        ),
    ),
    "json value": Group(
        modules=(
            "src/agent_ir/_jsoncopy.py",
            "src/agent_ir/_jsonobject.py",
            "src/agent_ir/_frozen.py",
        ),
        tests=(
            "tests/ir/test_json_values.py",
            "tests/ir/test_argument_values.py",
            "tests/ir/test_deep_freeze.py",
            "tests/ir/test_value_semantics.py",
            "tests/ir/test_read_once.py",
            "tests/validation/test_hostile_entries.py",
            "tests/ir/test_constructors.py",
            "tests/ir/test_json_encoding.py",
            "tests/validation/test_parse_and_loads.py",
        ),
    ),
}

MUTATED_TEXT = "<mutated>"

_COMPARE_SWAPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
_MESSAGE_CALL = re.compile(r"(diagnostic|error|Error)$")


# --- mutants ------------------------------------------------------------------------


@dataclass(frozen=True)
class Mutant:
    module: str  # relative to the repository root
    index: int  # the node's position in ast.walk order
    variant: int  # which mutation of that node
    operator: str
    line: int
    end_line: int  # the last line of the mutated node
    statement_line: int  # the first line of the statement holding the node
    scope: str  # the enclosing function or class ("module" at the top level)
    line_text: str  # the stripped source line the node starts on
    occurrence: int  # 1 + how many mutants before it share scope, line text and change
    original: str
    mutated: str
    source: str  # the whole mutated module

    @property
    def change(self) -> str:
        return f"{self.original} -> {self.mutated}"

    def describe(self) -> str:
        return f"{self.module}:{self.line}: {self.change}"


def enumerate_mutants(module: str) -> list[Mutant]:
    """Every mutant of ``module``, in AST walk order; each one checked to parse into
    exactly the intended tree."""
    source = (ROOT / module).read_text(encoding="utf-8")
    tree = ast.parse(source)
    context = _Context(tree, source)
    lines = source.splitlines()
    mutants = []
    for index, node in enumerate(ast.walk(tree)):
        for variant, (operator, new, original, mutated) in enumerate(_variants(node, context)):
            text = _replacement_text(node, new)
            mutant_source = _splice(source, node, text)
            _check_mutant(source, mutant_source, index, new, module, node)
            mutants.append(
                Mutant(
                    module=module,
                    index=index,
                    variant=variant,
                    operator=operator,
                    line=node.lineno,
                    end_line=node.end_lineno or node.lineno,
                    statement_line=context.statement(node).lineno,
                    scope=context.scope(node),
                    line_text=lines[node.lineno - 1].strip(),
                    occurrence=0,  # numbered below, in source order
                    original=original,
                    mutated=mutated,
                    source=mutant_source,
                )
            )
    mutants.sort(key=lambda mutant: (mutant.line, mutant.index, mutant.variant))
    seen: Counter[tuple[str, str, str]] = Counter()
    for position, mutant in enumerate(mutants):
        seen[mutant.scope, mutant.line_text, mutant.change] += 1
        occurrence = seen[mutant.scope, mutant.line_text, mutant.change]
        mutants[position] = dataclasses.replace(mutant, occurrence=occurrence)
    return mutants


class _Context:
    """What the operators need to know about a node's place in the module."""

    def __init__(self, tree: ast.Module, source: str) -> None:
        self.lines = source.encode("utf-8").splitlines()
        self.parents: dict[ast.AST, ast.AST] = {}
        for parent in ast.walk(tree):
            for child in ast.iter_child_nodes(parent):
                self.parents[child] = parent
        self.skipped: set[ast.AST] = set()  # docstrings and annotations
        self.removable: set[ast.stmt] = set()  # if/else body statements, early returns
        for node in ast.walk(tree):
            self._note(node)

    def _note(self, node: ast.AST) -> None:
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                self.skipped.update(ast.walk(body[0]))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.returns is not None:
                self.skipped.update(ast.walk(node.returns))
            for statement in ast.walk(node):
                if isinstance(statement, ast.Return) and statement is not node.body[-1]:
                    self.removable.add(statement)
        if isinstance(node, ast.arg) and node.annotation is not None:
            self.skipped.update(ast.walk(node.annotation))
        if isinstance(node, ast.AnnAssign):
            self.skipped.update(ast.walk(node.annotation))
        if isinstance(node, ast.If):
            self.removable.update(
                statement
                for statement in (*node.body, *node.orelse)
                if not (_is_pass(statement) or self._is_elif(statement))
            )

    def _is_elif(self, statement: ast.stmt) -> bool:
        # An elif cannot become ``pass`` in place; the statements of its body can.
        line = self.lines[statement.lineno - 1]
        return isinstance(statement, ast.If) and line[statement.col_offset :].startswith(b"elif")

    def statement(self, node: ast.AST) -> ast.stmt:
        """The statement holding ``node`` (``node`` itself when it is one)."""
        while not isinstance(node, ast.stmt):
            node = self.parents[node]
        return node

    def scope(self, node: ast.AST) -> str:
        """The qualified name of the function or class around ``node``."""
        names = []
        parent = self.parents.get(node)
        while parent is not None:
            if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.append(parent.name)
            parent = self.parents.get(parent)
        return ".".join(reversed(names)) or "module"

    def in_message(self, node: ast.AST) -> bool:
        """Inside an f-string, a ``raise`` or a call building an error or diagnostic."""
        parent = self.parents.get(node)
        if isinstance(parent, ast.JoinedStr):
            return True
        while parent is not None and not isinstance(parent, (ast.stmt, ast.Lambda)):
            if isinstance(parent, ast.Call) and _MESSAGE_CALL.search(_callee(parent)):
                return True
            parent = self.parents.get(parent)
        return isinstance(parent, ast.Raise)


def _callee(call: ast.Call) -> str:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return ""


def _is_pass(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Pass)


_Variant = tuple[str, ast.AST, str, str]


def _variants(node: ast.AST, context: _Context) -> Iterator[_Variant]:
    if node not in context.skipped:
        for operator in _OPERATORS:
            yield from operator(node, context)


def _compare_swaps(node: ast.AST, context: _Context) -> Iterator[_Variant]:
    if not isinstance(node, ast.Compare):
        return
    for position, op in enumerate(node.ops):
        swap = _COMPARE_SWAPS.get(type(op))
        if swap is not None:
            new = copy.deepcopy(node)
            new.ops[position] = swap()
            yield "comparison", new, _shown(node), _shown(new)


def _boolean_swap(node: ast.AST, context: _Context) -> Iterator[_Variant]:
    if isinstance(node, ast.BoolOp):
        new = copy.deepcopy(node)
        new.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        yield "boolean", new, _shown(node), _shown(new)


def _not_dropped(node: ast.AST, context: _Context) -> Iterator[_Variant]:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "not", node.operand, _shown(node), _shown(node.operand)


def _arithmetic_swap(node: ast.AST, context: _Context) -> Iterator[_Variant]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        new = copy.deepcopy(node)
        new.op = ast.Sub() if isinstance(node.op, ast.Add) else ast.Add()
        yield "arithmetic", new, _shown(node), _shown(new)


def _loop_exit_swap(node: ast.AST, context: _Context) -> Iterator[_Variant]:
    if isinstance(node, (ast.Continue, ast.Break)):
        new = ast.Break() if isinstance(node, ast.Continue) else ast.Continue()
        yield "loop exit", new, _shown(node), _shown(new)


def _return_bool_swap(node: ast.AST, context: _Context) -> Iterator[_Variant]:
    value = node.value if isinstance(node, ast.Return) else None
    if isinstance(value, ast.Constant) and type(value.value) is bool:
        new = ast.Return(value=ast.Constant(value=not value.value))
        yield "return bool", new, _shown(node), _shown(new)


def _statement_removed(node: ast.AST, context: _Context) -> Iterator[_Variant]:
    if node in context.removable:
        yield "remove", ast.Pass(), _shown(node), "pass"


def _integer_changes(node: ast.AST, context: _Context) -> Iterator[_Variant]:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        value = node.value
        for changed in (value + 1, value - 1) if value != 0 else (1,):
            new = ast.Constant(value=changed)
            yield "integer", new, *_in_context(node, new, context)


def _message_text(node: ast.AST, context: _Context) -> Iterator[_Variant]:
    """A string in an error message replaced; f-string parts one by one (an f-string
    is replaced whole, its parts have no usable positions)."""
    if isinstance(node, ast.JoinedStr):
        for position, part in enumerate(node.values):
            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                new = copy.deepcopy(node)
                new.values[position] = ast.Constant(value=MUTATED_TEXT)
                yield "message text", new, repr(part.value), repr(MUTATED_TEXT)
    elif _is_message_string(node, context):
        yield "message text", ast.Constant(value=MUTATED_TEXT), _shown(node), repr(MUTATED_TEXT)


def _is_message_string(node: ast.AST, context: _Context) -> bool:
    """A plain string constant (not an f-string part) in an error message."""
    return (
        isinstance(node, ast.Constant)
        and type(node.value) is str
        and not isinstance(context.parents.get(node), ast.JoinedStr)
        and context.in_message(node)
    )


def _in_context(node: ast.expr, new: ast.expr, context: _Context) -> tuple[str, str]:
    """How a changed constant reads: inside its enclosing expression or statement
    (``path[1] -> path[2]``), alone for a parameter default."""
    parent = context.parents[node]
    while isinstance(parent, ast.Slice):
        parent = context.parents[parent]
    if isinstance(parent, ast.arguments):
        return _shown(node), _shown(new)
    changed = copy.deepcopy(parent)
    _replace_child(changed, _twin(parent, changed, node), new)
    return _shown(parent), _shown(changed)


def _twin(tree: ast.AST, twin: ast.AST, node: ast.AST) -> ast.AST:
    """The node of ``twin`` (a deep copy of ``tree``) at the place of ``node`` in ``tree``."""
    return dict(zip(map(id, ast.walk(tree)), ast.walk(twin), strict=True))[id(node)]


def _shown(node: ast.AST, width: int = 90) -> str:
    text = " ".join(ast.unparse(node).split())
    return text if len(text) <= width else text[: width - 3] + "..."


_OPERATORS = (
    _compare_swaps,
    _boolean_swap,
    _not_dropped,
    _arithmetic_swap,
    _integer_changes,
    _message_text,
    _loop_exit_swap,
    _return_bool_swap,
    _statement_removed,
)


# --- applying a mutant --------------------------------------------------------------


def _replacement_text(node: ast.AST, new: ast.AST) -> str:
    text = ast.unparse(new)
    if isinstance(node, ast.expr):
        return f"({text})"  # the node's own text never includes its enclosing parentheses
    return text


def _splice(source: str, node: ast.AST, text: str) -> str:
    """``source`` with the text of ``node`` replaced by ``text`` (columns are UTF-8 bytes)."""
    data = source.encode("utf-8")
    starts = [0]
    for line in data.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    assert node.end_lineno is not None
    assert node.end_col_offset is not None
    begin = starts[node.lineno - 1] + node.col_offset
    end = starts[node.end_lineno - 1] + node.end_col_offset
    return (data[:begin] + text.encode("utf-8") + data[end:]).decode("utf-8")


def _check_mutant(
    source: str, mutant_source: str, index: int, new: ast.AST, module: str, node: ast.AST
) -> None:
    """The mutated text must parse into the original tree with only ``node`` replaced."""
    expected = ast.parse(source)
    target = list(ast.walk(expected))[index]
    _replace_child(expected, target, copy.deepcopy(new))
    if ast.dump(ast.parse(mutant_source)) != ast.dump(expected):
        raise AssertionError(f"{module}:{node.lineno}: the mutated text is not the mutant")


def _replace_child(tree: ast.AST, target: ast.AST, new: ast.AST) -> None:
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if value is target:
                setattr(parent, field, new)
                return
            if isinstance(value, list) and any(item is target for item in value):
                value[[id(item) for item in value].index(id(target))] = new
                return
    raise AssertionError("node not found")


# --- equivalents and sampling -------------------------------------------------------


def equivalence_reason(mutant: Mutant) -> str | None:
    """Why ``mutant`` is equivalent, when ``mutation/equivalent.py`` lists it."""
    return _EQUIVALENT_REASONS.get(_key(mutant))


_EQUIVALENT_REASONS = {entry.key: entry.reason for entry in EQUIVALENT}


def stale_equivalents(mutants: list[Mutant]) -> list[Equivalent]:
    """Entries of ``mutation/equivalent.py`` that match no mutant (the code changed)."""
    keys = {_key(mutant) for mutant in mutants}
    return [entry for entry in EQUIVALENT if entry.key not in keys]


def _key(mutant: Mutant) -> tuple[str, str, str, str, int]:
    return (mutant.module, mutant.scope, mutant.line_text, mutant.change, mutant.occurrence)


def sample(mutants: list[Mutant], size: int, seed: int, module: str) -> list[Mutant]:
    """A reproducible sample: the same seed, module source and size give the same mutants."""
    if size <= 0 or size >= len(mutants):
        return mutants
    chosen = random.Random(f"{seed}:{module}").sample(range(len(mutants)), size)
    return [mutants[position] for position in sorted(chosen)]


# --- running the tests --------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    killed: bool
    hang: bool
    seconds: float
    output: str
    covered: bool = True  # False: no test runs the mutant's lines (not run, survived)


class Workspace:
    """A temporary copy of ``src/`` and ``schemas/`` the tests import instead of the tree,
    and a warm pytest (``mutation/warm.py``) that forks one run after another over it."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="agent-ir-mutation-"))
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
        shutil.copytree(ROOT / "src", self.root / "src", ignore=ignore)
        shutil.copytree(ROOT / "schemas", self.root / "schemas", ignore=ignore)
        self.output = self.root / "pytest-output.txt"
        self._warm: subprocess.Popen[str] | None = None
        self._received = b""

    def run(
        self,
        tests: tuple[str, ...],
        timeout: float,
        replaced: dict[str, str],
        first: bool = True,
        only: list[str] | None = None,
    ) -> Outcome:
        """Run pytest over ``tests`` (paths and options) with each module of ``replaced``
        (path -> text) swapped in; ``first``: stop at the first failure; ``only``: the
        node ids to run (the others collected are deselected)."""
        for module, text in replaced.items():
            (self.root / module).write_text(text, encoding="utf-8")
        try:
            options = ["-x"] if first else ["-rfE"]
            return self._pytest({"args": [*options, *tests], "only": only}, timeout)
        finally:
            for module in replaced:
                shutil.copyfile(ROOT / module, self.root / module)

    def measure(self, tests: tuple[str, ...], modules: tuple[str, ...]) -> Coverage:
        """The unmutated run of ``tests`` under coverage: which tests run each line of
        ``modules``."""
        found = self.root / "coverage-map.json"
        paths = [str(self.root / module) for module in modules]
        names = [_module_name(module) for module in modules]
        request = {"map": str(found), "modules": paths, "names": names}
        outcome = self._pytest({"args": ["-rfE", *tests], "coverage": request}, timeout=1800)
        if outcome.killed:
            print(outcome.output)
            raise SystemExit("the coverage run of the unmutated tests failed")
        measured = json.loads(found.read_text(encoding="utf-8"))
        lines = {
            module: {int(line): tuple(names) for line, names in measured["lines"][path].items()}
            for module, path in zip(modules, paths, strict=True)
        }
        return Coverage(lines, tuple(measured["spawners"]), tuple(measured["order"]))

    def environment(self) -> dict[str, str]:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [str(self.root / "src"), *filter(None, [env.get("PYTHONPATH")])]
        )
        # No bytecode: a mutant of the same size written within the same second as the
        # previous one would otherwise be read from a stale .pyc.
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        return env

    def _pytest(self, request: dict[str, object], timeout: float) -> Outcome:
        """One run by the warm pytest: a forked child in its own session, killed with
        everything it started when it outlives ``timeout``."""
        warm = self._started()
        assert warm.stdin is not None
        started = time.monotonic()
        warm.stdin.write(json.dumps({**request, "output": str(self.output)}) + "\n")
        warm.stdin.flush()
        pid = self._answer(warm, None)["pid"]
        answer = self._answer(warm, timeout)
        hang = answer is None
        if hang:
            os.killpg(pid, signal.SIGKILL)  # the session this run started
            answer = self._answer(warm, None)
        output = self.output.read_text(encoding="utf-8", errors="replace")
        status = answer["status"]
        if hang:
            return Outcome(True, True, time.monotonic() - started, output)
        if status in (4, 5):  # usage error, no tests collected: a tool failure
            raise SystemExit(f"pytest could not run {request['args']}:\n{output}")
        return Outcome(status != 0, False, time.monotonic() - started, output)

    def _started(self) -> subprocess.Popen[str]:
        if self._warm is None or self._warm.poll() is not None:
            self._received = b""
            self._warm = subprocess.Popen(
                [sys.executable, str(Path(__file__).resolve().parent / "warm.py")],
                cwd=ROOT,
                env=self.environment(),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
        return self._warm

    def _answer(self, warm: subprocess.Popen[str], timeout: float | None) -> Any:
        """The warm pytest's next answer; None when ``timeout`` seconds pass first. Read
        from the descriptor (a buffered reader would hide a line already received)."""
        assert warm.stdout is not None
        deadline = None if timeout is None else time.monotonic() + timeout
        while b"\n" not in self._received:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([warm.stdout], [], [], left)
            if not ready:
                return None
            chunk = os.read(warm.stdout.fileno(), 65536)
            if not chunk:
                raise SystemExit(f"the warm pytest ended (status {warm.wait()})")
            self._received += chunk
        line, _, self._received = self._received.partition(b"\n")
        return json.loads(line)

    def imported_file(self, module: str) -> str:
        name = _module_name(module)
        command = [sys.executable, "-c", f"import {name} as m; print(m.__file__)"]
        found = subprocess.run(
            command, cwd=ROOT, env=self.environment(), capture_output=True, text=True, check=True
        )
        return found.stdout.strip()

    def remove(self) -> None:
        if self._warm is not None:
            assert self._warm.stdin is not None
            self._warm.stdin.close()
            self._warm.wait()
        shutil.rmtree(self.root, ignore_errors=True)


@dataclass(frozen=True)
class Baseline:
    seconds: float  # the unmutated run
    failing: tuple[str, ...]  # node ids of tests that fail unmutated (deselected)

    def selection(self, group: Group) -> tuple[str, ...]:
        return (*group.tests, *(part for node in self.failing for part in ("--deselect", node)))


def check_baseline(workspace: Workspace, name: str, group: Group) -> Baseline:
    """The unmutated run. Tests that fail without any mutation (known defects of src/)
    would kill every mutant: they are deselected, and listed. Exits 2 when a test
    module cannot even be collected, or when a broken copy of a module passes the
    tests (they would not be importing the copy)."""
    for module in group.modules:
        imported = workspace.imported_file(module)
        if Path(imported).resolve() != (workspace.root / module).resolve():
            raise SystemExit(f"{name}: {module} imports from {imported}, not the copy")
    started = time.monotonic()
    unmutated = workspace.run(group.tests, timeout=600, replaced={}, first=False)
    failing = tuple(_failed_node_ids(unmutated.output)) if unmutated.killed else ()
    if unmutated.killed and (not failing or any("::" not in node for node in failing)):
        print(unmutated.output)
        raise SystemExit(f"{name}: the unmutated tests cannot run")
    baseline = Baseline(time.monotonic() - started, failing)
    if failing:
        rerun = workspace.run(baseline.selection(group), timeout=600, replaced={})
        if rerun.killed:
            print(rerun.output)
            raise SystemExit(f"{name}: the unmutated tests still fail with the failures deselected")
    for module in group.modules:
        canary = 'raise RuntimeError("mutation canary")\n'
        broken = workspace.run(baseline.selection(group), timeout=600, replaced={module: canary})
        if not broken.killed:
            raise SystemExit(f"{name}: a broken {module} passes the tests: not the copy?")
    return baseline


def _module_name(module: str) -> str:
    return module.removeprefix("src/").removesuffix(".py").replace("/", ".")


@dataclass(frozen=True)
class Coverage:
    """Which tests of a group's pool run each line of its modules (the unmutated run)."""

    lines: dict[str, dict[int, tuple[str, ...]]]  # module -> line -> node ids ("": no test)
    spawners: tuple[str, ...]  # tests that start a Python subprocess: they run for every mutant
    order: tuple[str, ...]  # every node id, in the order the pool runs them

    def tests_of(self, mutant: Mutant) -> list[str] | None:
        """The node ids whose tests run a line of ``mutant``, in the pool's order; None
        (the whole pool) when one of its lines runs outside a test (at import: its
        effect reaches every test); empty when no test runs it. A node on lines that
        run no code of their own (a member of a constant tuple spread over lines: the
        compiler folds it into one constant, run on its statement's first line) is run
        by the tests that run its statement."""
        by_line = self.lines[mutant.module]
        found: set[str] = set()
        for line in range(mutant.line, mutant.end_line + 1):
            found.update(by_line.get(line, ()))
        if not found:
            found.update(by_line.get(mutant.statement_line, ()))
        if "" in found:
            return None
        if found:
            found.update(self.spawners)
        return [node for node in self.order if node in found]


def selected(tests: tuple[str, ...], node_ids: list[str]) -> tuple[str, ...]:
    """``tests`` (paths and options) narrowed to the files of ``node_ids``: the options
    stay, the paths become those files (collecting the others would be wasted)."""
    options: list[str] = []
    taking = False
    for part in tests:
        if taking or part.startswith("-"):
            options.append(part)
            taking = not taking and part in ("-k", "-m", "--deselect")
    files = dict.fromkeys(node.split("::", 1)[0] for node in node_ids)
    return (*files, *options)


def _failed_node_ids(output: str) -> list[str]:
    """The node ids of pytest's short summary (``-rfE``): ``FAILED id - reason``."""
    found = []
    for line in output.splitlines():
        for prefix in ("FAILED ", "ERROR "):
            if line.startswith(prefix):
                found.append(line.removeprefix(prefix).split(" - ", 1)[0].strip())
    return found


# --- the report ---------------------------------------------------------------------


@dataclass
class Tally:
    killed: int = 0
    total: int = 0

    def score(self) -> float:
        return 100.0 * self.killed / self.total if self.total else 100.0

    def __str__(self) -> str:
        return f"{self.killed}/{self.total} ({self.score():.1f}%)"


def main(argv: list[str] | None = None) -> int:
    options = _arguments(argv)
    groups = {name: GROUPS[name] for name in options.group or GROUPS}
    if options.list:
        for group in groups.values():
            for module in group.modules:
                for mutant in enumerate_mutants(module):
                    reason = equivalence_reason(mutant)
                    note = f"  [equivalent: {reason}]" if reason else ""
                    print(f"{mutant.describe()}  (in {mutant.scope}){note}")
        return 0
    print(f"seed {options.seed}, sample {options.sample or 'all'} per module")
    workspaces = [Workspace() for _ in range(options.jobs)]
    try:
        results = [_run_group(name, group, workspaces, options) for name, group in groups.items()]
    finally:
        for workspace in workspaces:
            workspace.remove()
    _report(results, options.min_score)
    return 0 if all(result.tally.score() >= options.min_score for result in results) else 1


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=60, help="mutants per module; 0: all")
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--min-score", type=float, default=95.0, help="percent, per group")
    parser.add_argument("--group", action="append", choices=sorted(GROUPS))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=None, help="seconds per mutant")
    parser.add_argument(
        "--select",
        choices=("coverage", "all"),
        default="coverage",
        help="coverage: run each mutant against the tests that run its lines; all: the pool",
    )
    parser.add_argument("--list", action="store_true", help="list every mutant; run nothing")
    return parser.parse_args(argv)


@dataclass
class GroupResult:
    name: str
    baseline: Baseline
    tally: Tally
    modules: list[tuple[str, Tally, int]]  # (module, its tally, its non-equivalent mutants)
    survivors: list[Mutant]  # run against the tests that cover them, and not killed
    uncovered: list[Mutant]  # no test runs their lines (survivors, not run)
    hangs: list[Mutant]
    equivalents: list[tuple[Mutant, str]]
    stale: list[Equivalent]


def _run_group(
    name: str, group: Group, workspaces: list[Workspace], options: argparse.Namespace
) -> GroupResult:
    baseline = check_baseline(workspaces[0], name, group)
    timeout = options.timeout or max(60.0, 10 * baseline.seconds)
    print(f"\n== {name}: unmutated run {baseline.seconds:.1f}s; timeout {timeout:.0f}s per mutant")
    pool = baseline.selection(group)
    coverage = None
    if options.select == "coverage":
        coverage = workspaces[0].measure(pool, group.modules)
        print(f"   coverage: {len(coverage.order)} tests, {len(coverage.spawners)} spawn Python")
    result = GroupResult(name, baseline, Tally(), [], [], [], [], [], [])
    for module in group.modules:
        every = enumerate_mutants(module)
        result.stale += [e for e in stale_equivalents(every) if e.module == module]
        live = [mutant for mutant in every if equivalence_reason(mutant) is None]
        result.equivalents += [(m, r) for m in every if (r := equivalence_reason(m)) is not None]
        chosen = sample(live, options.sample, options.seed, module)
        outcomes = _run_mutants(chosen, pool, coverage, workspaces, timeout)
        tally = Tally(sum(outcome.killed for outcome in outcomes), len(chosen))
        result.tally.killed += tally.killed
        result.tally.total += tally.total
        result.modules.append((module, tally, len(live)))
        ran = list(zip(chosen, outcomes, strict=True))
        result.survivors += [m for m, o in ran if not o.killed and o.covered]
        result.uncovered += [m for m, o in ran if not o.covered]
        result.hangs += [m for m, o in ran if o.hang]
    return result


def _report(results: list[GroupResult], min_score: float) -> None:
    print("\n== score (killed / non-equivalent mutants run)")
    for result in results:
        verdict = "ok" if result.tally.score() >= min_score else f"BELOW {min_score:g}%"
        print(f"{result.name}: {result.tally}  {verdict}")
        for module, tally, live in result.modules:
            print(f"  {module}: {tally}, {live} non-equivalent in all")
    for result in results:
        _report_findings(result)
    print("\n== equivalent mutants (not scored)")
    for result in results:
        for mutant, reason in result.equivalents:
            print(f"{mutant.describe()}\n    {reason}")


def _run_staged(
    workspace: Workspace,
    mutant: Mutant,
    pool: tuple[str, ...],
    node_ids: list[str] | None,
    timeout: float,
) -> Outcome:
    """``mutant`` against the tests ``node_ids`` (None: the whole pool) in two stages: the
    ones of the first test file (the module's own tests come first in a pool), then, if
    none failed, the others. Collecting every file costs more than most kills take."""
    replaced = {mutant.module: mutant.source}
    if node_ids is None:
        return workspace.run(pool, timeout, replaced)
    first_file = node_ids[0].split("::", 1)[0]
    stages = [
        [node for node in node_ids if node.split("::", 1)[0] == first_file],
        [node for node in node_ids if node.split("::", 1)[0] != first_file],
    ]
    seconds = 0.0
    for stage in filter(None, stages):
        outcome = workspace.run(selected(pool, stage), timeout, replaced, only=stage)
        seconds += outcome.seconds
        if outcome.killed:
            break
    return dataclasses.replace(outcome, seconds=seconds)


def _report_findings(result: GroupResult) -> None:
    for node in result.baseline.failing:
        print(f"{result.name}: fails unmutated, deselected: {node}")
    for mutant in result.hangs:
        print(f"{result.name}: killed by the timeout (a hang): {mutant.describe()}")
    for mutant in result.survivors:
        print(f"{result.name}: SURVIVED {mutant.describe()}")
    for mutant in result.uncovered:
        print(f"{result.name}: SURVIVED (not covered) {mutant.describe()}")
    for entry in result.stale:
        print(f"{result.name}: stale entry in equivalent.py: {entry.module} {entry.change}")


def _run_mutants(
    chosen: list[Mutant],
    pool: tuple[str, ...],
    coverage: Coverage | None,
    workspaces: list[Workspace],
    timeout: float,
) -> list[Outcome]:
    """Each mutant against the tests of ``pool`` that run its lines (``coverage``), or
    against the whole pool (no ``coverage``, or a line run at import)."""
    free = list(workspaces)

    def run_one(mutant: Mutant) -> Outcome:
        node_ids = None if coverage is None else coverage.tests_of(mutant)
        if node_ids == []:
            outcome = Outcome(False, False, 0.0, "", covered=False)
        else:
            workspace = free.pop()
            try:
                outcome = _run_staged(workspace, mutant, pool, node_ids, timeout)
            finally:
                free.append(workspace)
        state = (
            "hang"
            if outcome.hang
            else "killed"
            if outcome.killed
            else "SURVIVED"
            if outcome.covered
            else "UNCOVERED"
        )
        count = "all" if node_ids is None else len(node_ids)
        print(
            f"  {state:9} {outcome.seconds:5.1f}s {count:>4} tests {mutant.describe()}", flush=True
        )
        return outcome

    with ThreadPoolExecutor(max_workers=len(workspaces)) as pool_of_threads:
        return list(pool_of_threads.map(run_one, chosen))


if __name__ == "__main__":
    sys.exit(main())
