"""The catalogue itself: unique names, known classes and places, every class and every
entry point used, and docs/reliability-catalogue.md counting what the catalogue holds."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from adversarial import catalogue
from adversarial.catalogue import ALL_PLACES, CASES, CLI_CASES, ENTRIES, KINDS, pairs

DOC = Path(__file__).resolve().parents[2] / "docs" / "reliability-catalogue.md"


def test_every_case_has_a_unique_name_a_known_class_and_known_places() -> None:
    names = [(case.kind, case.name) for case in [*CASES, *CLI_CASES]]
    assert [name for name, count in Counter(names).items() if count > 1] == []
    assert {case.kind for case in [*CASES, *CLI_CASES]} == set(KINDS)
    assert [case.name for case in [*CASES, *CLI_CASES] if not set(case.places) <= ALL_PLACES] == []


def test_every_entry_point_runs_cases_and_every_case_runs_somewhere() -> None:
    assert [entry for entry in ENTRIES if not pairs(entry)] == []
    placed = {case.name for entry in ENTRIES for case, _ in pairs(entry)}
    assert [case.name for case in [*CASES, *CLI_CASES] if case.name not in placed] == []


def generated_tests_by_class() -> dict[str, tuple[int, int]]:
    """(cases, generated tests) per class; the dumps and async-source harnesses run two
    tests per pair (dumps and to_json_value, iteration and result)."""
    tests: Counter[str] = Counter()
    for entry in ENTRIES:
        per_pair = 2 if entry in ("dumps", "async-source") else 1
        for case, _ in pairs(entry):
            tests[case.kind] += per_pair
    cases = Counter(case.kind for case in [*CASES, *CLI_CASES])
    return {kind: (cases[kind], tests[kind]) for kind in KINDS}


def test_the_catalogue_docstring_counts_the_cases_of_every_class() -> None:
    listed = re.findall(r"^\* ([a-zA-Z -]+) \((\d+) cases\)", catalogue.__doc__ or "", re.M)
    counted = {kind: cases for kind, (cases, _) in generated_tests_by_class().items()}
    assert {kind: int(cases) for kind, cases in listed} == counted


def test_the_catalogue_document_counts_what_the_catalogue_holds() -> None:
    rows = re.findall(r"^\| ([a-zA-Z -]+) \| (\d+) \| (\d+) \|$", DOC.read_text(), re.M)
    documented = {kind: (int(cases), int(tests)) for kind, cases, tests in rows}
    assert documented == generated_tests_by_class()
