"""The pattern dialect of tool schemas (``agent_ir.validation._pattern_dialect``) against ECMA-262
itself: Node's ``RegExp`` with the ``u`` flag, run once per test in one subprocess.

Patterns are generated from the accepted subset (literals and escapes of every kind,
class escapes inside and outside classes, negated classes, ranges, ``.``, anchors,
word boundaries, groups, alternation, every quantifier) and matched against strings of
the characters each construct tells apart (ASCII and Unicode digits and letters, every
ECMA white space and line terminator and their near misses, astral characters). Each
pattern is the ``additionalProperties`` pattern of one tool, each string one argument:
the verdict is read from the TOOL_ARGUMENTS_MISMATCH that ``validate_transcript``
reports (Rust's ``regex`` on the translation), and must be Node's on the original.

A second family is syntax soup (random runs of pattern pieces): whatever Node refuses
is refused (INVALID_TOOL_DEFINITION), apart from the documented leniencies of Annex B,
and whatever is translated matches as Node does.

Skipped, with the reason, when ``node`` is not on PATH.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_ir import DiagnosticCode, validate_transcript
from agent_ir.validation._pattern_dialect import read_pattern
from agent_ir.validation._tool_profile import LIMITS

from support.examples import examples

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(
    NODE is None, reason="node is not on PATH: ECMA-262's RegExp is the reference"
)

SETTINGS = settings(
    max_examples=examples(800),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# Characters each construct tells apart.
CHARACTERS = [
    "a", "b", "z", "A", "Z", "_", "0", "5", "9", "٣", "é", "ß", "K", "-", "/", ".", "$",
    "^", "[", "]", "\\", "{", "}", "(", ")", "|", "*", "+", "?", ",", "<", ">", "&", "~",
    " ", "\t", "\n", "\r", "\v", "\f", "\x00", "\x08", "\x1f", "\x85", "\xa0", "\u1680",
    "\u180e", "\u2000", "\u200a", "\u200b", "\u2028", "\u2029", "\u202f", "\u205f",
    "\u3000", "\ufeff", "\ud7ff", "\ue000", "\uffff", "😀", "\U0010ffff",
]  # fmt: skip
STRINGS = st.lists(st.sampled_from(CHARACTERS), max_size=5).map("".join)

# Pieces of the accepted subset: (pattern text, can take a quantifier).
LITERALS = [
    "a", "b", "A", "_", "0", "5", "é", "😀", " ", "-", ",", "<", "&", "~", "\u2028", "\xa0",
    "\\.", "\\\\", "\\/", "\\$", "\\^", "\\(", "\\)", "\\[", "\\]", "\\{", "\\}",
    "\\|", "\\*", "\\+", "\\?", "\\n", "\\r", "\\t", "\\f", "\\v", "\\0", "\\cJ", "\\ci",
    "\\x41", "\\x2d", "\\u00e9", "\\u2028", "\\uFEFF", "\\uD83D\\uDE00", "\\d", "\\D",
    "\\w", "\\W", "\\s", "\\S", ".",
]  # fmt: skip
CLASS_MEMBERS = [
    "a", "z", "A", "0", "9", "_", "é", "😀", " ", "[", "^", "$", ".", "*", "&&",
    "|", "\\]", "\\\\", "\\-", "\\b", "\\n", "\\t", "\\v", "\\0", "\\x41", "\\u2028",
    "\\uD83D\\uDE00", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "a-z", "0-5", "A-Z",
    "\\x00-\\x20", " -/", "\\u2000-\\u200a", "é-ü", "\\0-\\x08", "+--",
]  # fmt: skip
QUANTIFIERS = ["", "", "", "*", "+", "?", "*?", "+?", "??", "{2}", "{0,1}", "{1,}", "{1,2}?"]
ASSERTIONS = ["^", "$", "\\b", "\\B"]


@st.composite
def classes(draw: st.DrawFn) -> str:
    members = draw(st.lists(st.sampled_from(CLASS_MEMBERS), max_size=4))
    negated = "^" if draw(st.booleans()) else ""
    if members and members[0] == "^" and not negated:
        members[0] = "a"  # a first ^ would negate the class
    return f"[{negated}{''.join(members)}]"


def _terms(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    quantified = st.tuples(
        st.one_of(
            st.sampled_from(LITERALS),
            classes(),
            inner.map(lambda body: f"({body})"),
            inner.map(lambda body: f"(?:{body})"),
            inner.map(lambda body: f"(?<g>{body})"),
        ),
        st.sampled_from(QUANTIFIERS),
    ).map("".join)
    return st.lists(
        st.one_of(quantified, quantified, st.sampled_from(ASSERTIONS)), min_size=1, max_size=4
    ).map("".join)


ALTERNATIVES = st.recursive(
    st.sampled_from(LITERALS) | classes(),
    lambda inner: st.lists(_terms(inner), min_size=1, max_size=3).map("|".join),
    max_leaves=12,
)
PATTERNS = ALTERNATIVES.filter(lambda pattern: pattern.count("(?<g>") <= 1)

# Syntax soup: runs of pieces, balanced or not.
SOUP_PIECES = [
    *LITERALS, *ASSERTIONS, *QUANTIFIERS[3:], "(", ")", "(?:", "(?=", "(?!", "(?<=", "(?<!",
    "[", "]", "[^", "{", "}", "{3,1}", "|", "\\1", "\\k<g>", "\\p{L}", "\\u{41}", "(?i)",
    "\\a", "\\uD800", "\\x4", "\\c1", "\\00", "-", "a-", "z-a",
]  # fmt: skip
SOUP = st.lists(st.sampled_from(SOUP_PIECES), min_size=1, max_size=6).map("".join)

# The leniencies of Annex B that the dialect keeps and ECMA-262's u flag refuses: an
# escaped - or other punctuation outside a class, a lone ].
ANNEX_B = ("\\-", "\\,", "\\<", "\\&", "\\~", "]", "\\ ")


def _node(cases: list[tuple[str, list[str]]]) -> list[Any]:
    """Node's verdict on each case: a list of booleans (does the pattern find a match
    in each string), or "SyntaxError"."""
    script = """
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = cases.map(([pattern, strings]) => {
  let regex;
  try { regex = new RegExp(pattern, 'u'); } catch (error) { return 'SyntaxError'; }
  return strings.map((text) => regex.test(text));
});
process.stdout.write(JSON.stringify(out));
"""
    assert NODE is not None
    done = subprocess.run(
        [NODE, "-e", script],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def _transcript(arguments: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"role": "user", "id": "u", "content": "go"},
        {"role": "assistant", "id": "a", "content": [
            {"type": "toolCall", "id": "c", "name": "t", "arguments": arguments}]},
        {"role": "toolResult", "id": "r", "toolCallId": "c", "toolName": "t",
         "content": "ok", "isError": False},
    ]  # fmt: skip


def ours(pattern: str, strings: list[str]) -> Any:
    """agent-ir's verdict through ``validate_transcript``: a list of booleans (does each
    string match), or "refused" (one INVALID_TOOL_DEFINITION at the pattern). At most
    ``LIMITS.errors_per_call`` strings per call, so that every mismatch is listed."""
    verdicts: list[bool] = []
    for start in range(0, len(strings), LIMITS.errors_per_call):
        verdict = _one_call(pattern, strings[start : start + LIMITS.errors_per_call])
        if verdict == "refused":
            return verdict
        verdicts += verdict
    return verdicts


def _one_call(pattern: str, strings: list[str]) -> Any:
    parameters = {"type": "object", "additionalProperties": {"type": "string", "pattern": pattern}}
    arguments = {f"s{index}": text for index, text in enumerate(strings)}
    found = validate_transcript(
        _transcript(arguments), tools=[{"name": "t", "parameters": parameters}]
    )
    if [d.code for d in found] == [DiagnosticCode.INVALID_TOOL_DEFINITION]:
        assert found[0].path == "/parameters/additionalProperties/pattern", found
        return "refused"
    assert {d.code for d in found} <= {DiagnosticCode.TOOL_ARGUMENTS_MISMATCH}, found
    failing = {d.path.removeprefix("/1/content/0/arguments/") for d in found}
    return [f"s{index}" not in failing for index in range(len(strings))]


# Written by hand: the patterns of real tool schemas, and each escape alone, against
# every character and a few strings.
CHOSEN = [
    "^\\d{4}-\\d{2}-\\d{2}$", "^[+-]?0*\\d*\\.?\\d*$", "^\\w+@\\w+\\.\\w{2,}$",
    "^\\S+$", "^\\s*$", "\\bword\\b", "\\Bor\\B", "^[\\w.-]+$", "^[^\\s@]+$",
    "^[^\\D]+$", "^[\\W\\d]+$", "^[^\\W_]+$", "^[\\S\\s]$", "^[^\\S\\s]$", "^.$",
    "^[^]$", "^[]$", "^[\\b]$", "^\\u00e9$", "^\\x41\\cJ\\0$", "^\\uD83D\\uDE00$",
    "^(?<year>\\d{4})$", "^[\\d-]+$", "^[-\\w]+$", "^\\d+(?:\\.\\d+)?$",
    *(f"^{escape}$" for escape in ("\\d", "\\D", "\\w", "\\W", "\\s", "\\S")),
    *(f"^[{escape}]$" for escape in ("\\d", "\\D", "\\w", "\\W", "\\s", "\\S")),
    *(f"^[^{escape}]$" for escape in ("\\d", "\\D", "\\w", "\\W", "\\s", "\\S")),
    *(f"\\b{char}|{char}\\b" for char in ("a", "é", "_", "-")),
]  # fmt: skip
CHOSEN_STRINGS = [*CHARACTERS, "", "2024-01-31", "2024-1-31", "+001.50", "-.", "a@b.cd",
                  "a word here", "sword", "for", "٣٣", "ab\n", "a_b", "é1"]  # fmt: skip


def _collect(patterns: st.SearchStrategy[str]) -> list[tuple[str, list[str], Any]]:
    cases: list[tuple[str, list[str], Any]] = []

    @SETTINGS
    @given(pattern=patterns, strings=st.lists(STRINGS, min_size=4, max_size=10))
    def collect(pattern: str, strings: list[str]) -> None:
        cases.append((pattern, strings, ours(pattern, strings)))

    collect()
    return cases


def test_translated_patterns_match_what_ecma_262_matches() -> None:
    cases = [(pattern, CHOSEN_STRINGS, ours(pattern, CHOSEN_STRINGS)) for pattern in CHOSEN]
    cases += _collect(PATTERNS)
    reference = _node([(pattern, strings) for pattern, strings, _ in cases])

    differences = [
        (pattern, strings, verdict, want)
        for (pattern, strings, verdict), want in zip(cases, reference, strict=True)
        if verdict != want
    ]
    assert differences == []
    verdicts = {verdict for _, _, found in cases for verdict in found}
    assert verdicts == {True, False}  # not vacuous: both verdicts are reached
    assert all(read_pattern(pattern).translated is not None for pattern, _, _ in cases)


def test_syntax_soup_is_refused_where_ecma_262_refuses_it_and_matched_as_it_matches() -> None:
    cases = _collect(SOUP)
    reference = _node([(pattern, strings) for pattern, strings, _ in cases])

    differences = []
    outcomes = set()
    for (pattern, _, verdict), want in zip(cases, reference, strict=True):
        unasserted = read_pattern(pattern).unasserted is not None
        outcomes.add("unasserted" if unasserted else verdict if verdict == "refused" else "read")
        if _differs(pattern, unasserted, verdict, want):
            differences.append((pattern, verdict, want))
    assert differences == []
    assert outcomes == {"refused", "unasserted", "read"}


def _differs(pattern: str, unasserted: bool, verdict: Any, want: Any) -> bool:
    """Whether agent-ir's verdict on a soup pattern is not Node's."""
    if want == "SyntaxError":
        # An Annex B reading the dialect keeps, or an unasserted construct the u flag
        # refuses (a quantified lookahead, a back-reference to no group): an annotation
        # either way, never a verdict.
        lenient = unasserted or any(part in pattern for part in ANNEX_B)
        return verdict != "refused" and not lenient
    if verdict == "refused":
        return not _outside_the_profile(pattern)
    return not unasserted and verdict != want


def _outside_the_profile(pattern: str) -> bool:
    """Valid ECMA-262 (with the u flag) that the profile refuses on purpose: property
    escapes, code point escapes, lone surrogates (which no string of the IR holds)."""
    return any(part in pattern for part in ("\\p{", "\\u{", "\\uD800"))
