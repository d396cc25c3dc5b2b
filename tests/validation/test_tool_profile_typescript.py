"""The TypeScript package states the same tool-schema profile: its limits, dialects,
refused keywords and unasserted constructs are Python's (read from its source, so a
number changed on one side only fails here before the differential runs)."""

from __future__ import annotations

import re
from pathlib import Path

from agent_ir.validation._pattern_dialect import UNASSERTED
from agent_ir.validation._tool_profile import DIALECTS, LIMITS, REFUSED

SOURCE = Path(__file__).resolve().parents[2] / "bindings" / "typescript" / "src"


def _block(text: str, opening: str) -> str:
    start = text.index(opening) + len(opening)
    return text[start : text.index("\n]);" if opening.endswith("Map([") else "\n});", start)]


def _number(expression: str) -> int:
    product = 1
    for factor in expression.replace("_", "").split("*"):
        product *= int(factor.strip())
    return product


def test_the_limits_are_pythons() -> None:
    text = (SOURCE / "toolProfile.ts").read_text(encoding="utf-8")
    block = _block(text, "export const LIMITS = Object.freeze({")
    found = {
        name: _number(value)
        for name, value in re.findall(r"^\s*(\w+): ([0-9_ *]+),$", block, re.MULTILINE)
    }
    assert found == LIMITS._asdict()
    dialect = (SOURCE / "patternDialect.ts").read_text(encoding="utf-8")
    assert f"export const PATTERN_SIZE = {LIMITS.pattern_size:_};" in dialect
    assert f"export const PATTERN_REPEAT = {LIMITS.pattern_repeat:_};" in dialect


def test_the_dialects_and_refused_keywords_are_pythons() -> None:
    text = (SOURCE / "toolProfile.ts").read_text(encoding="utf-8")
    pairs = r'\[\s*"([^"]*)",\s*"([^"]*)"\s*\]'
    dialects = dict(
        re.findall(
            pairs, _block(text, "export const DIALECTS: ReadonlyMap<string, string> = new Map([")
        )
    )
    refused = dict(
        re.findall(
            pairs, _block(text, "export const REFUSED: ReadonlyMap<string, string> = new Map([")
        )
    )
    assert dialects == DIALECTS
    assert refused == REFUSED


def test_the_unasserted_constructs_are_pythons() -> None:
    text = (SOURCE / "patternDialect.ts").read_text(encoding="utf-8")
    block = _block(text, "export const UNASSERTED: ReadonlyMap<string, string> = new Map([")
    found = {
        opening.replace("\\\\", "\\"): sentence
        for opening, sentence in re.findall(r'\[\s*"([^"]*)",\s*"([^"]*)"\s*\]', block)
    }
    digits = re.search(r'\[\.\.\."(\d+)"\]\.map\(.*?\[`\\\\\$\{digit\}`, "([^"]+)"\]', block)
    assert digits is not None
    found.update({f"\\{digit}": digits.group(2) for digit in digits.group(1)})
    assert found == UNASSERTED
