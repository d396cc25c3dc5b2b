"""``agent-ir explain CODE`` as a user runs it (the installed command, a subprocess):
every code the schemas define prints its page offline (what it means, why it is
refused, how to fix it, from the one text the site's code pages read too), with exit
status 0; an unknown code exits 2 naming the nearest codes; the page links a site only
when one is known."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent_ir.cli._code_texts import TEXTS

from support.cli import Ran, run

SCHEMAS = Path(__file__).resolve().parents[2] / "schemas" / "v1"
WHY = {
    "diagnostic": "Why it is refused:",
    "conversion warning": "Why the format cannot carry it:",
    "provider error": "Why it fails:",
}


def schema_codes(schema: str, name: str) -> list[str]:
    """One enum of codes, read from the schema file itself."""
    document = json.loads((SCHEMAS / schema).read_text(encoding="utf-8"))
    return list(document["$defs"][name]["enum"])


KINDS = {
    "diagnostic": schema_codes("diagnostic.schema.json", "DiagnosticCode"),
    "conversion warning": schema_codes("conversion-warning.schema.json", "ConversionWarningCode"),
    "provider error": schema_codes("model-stream.schema.json", "ProviderErrorCode"),
}
CODES = [(code, kind) for kind, codes in KINDS.items() for code in codes]


@pytest.fixture(scope="module")
def listed() -> Ran:
    return run("explain", "--list", docs_url=None)


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Every code's page, printed by one run of ``agent-ir explain CODE CODE ...`` with no
    site known, split where each page's title line starts."""
    ran = run(
        "explain", *[code for code, _ in CODES], cwd=tmp_path_factory.mktemp("x"), docs_url=None
    )
    assert (ran.status, ran.err) == (0, ""), ran
    found: dict[str, list[str]] = {}
    for line in ran.lines():
        title = line.split(" (", 1)[0]
        if title in TEXTS and line.endswith(")"):
            found[title] = []
        found[list(found)[-1]].append(line)
    return found


def words(text: str) -> str:
    return " ".join(text.split())


def test_the_schemas_define_sixty_four_codes_and_each_has_its_text() -> None:
    assert len(CODES) == len({code for code, _ in CODES}) == 66
    assert set(TEXTS) == {code for code, _ in CODES}


@pytest.mark.parametrize(("code", "kind"), CODES, ids=[code for code, _ in CODES])
def test_every_code_prints_its_meaning_why_and_fix_offline(
    code: str, kind: str, pages: dict[str, list[str]]
) -> None:
    assert list(pages) == [code for code, _ in CODES]  # each once, in the order asked
    lines = pages[code]
    assert lines[0] == f"{code} ({kind})"
    assert lines[1] == ""
    text = words("\n".join(lines))
    for part, heading in (("meaning", ""), ("why", WHY[kind]), ("fix", "How to fix it:")):
        assert words(f"{heading} {TEXTS[code][part]}") in text, part
    assert text.index(WHY[kind]) < text.index("How to fix it:")
    assert "http" not in text  # no site is known: nothing is linked
    # Wrapped to 88 columns, but for a word (a pattern, a URL) longer than a line.
    assert all(len(line) <= 88 or " " not in line.strip() for line in lines), lines


def test_one_code_prints_its_page_alone(pages: dict[str, list[str]], tmp_path: Path) -> None:
    ran = run("explain", "DUPLICATE_TOOL_RESULT", cwd=tmp_path, docs_url=None)
    assert (ran.status, ran.err) == (0, ""), ran
    assert ran.lines() == pages["DUPLICATE_TOOL_RESULT"][:-1]  # no blank line after it
    assert pages["DUPLICATE_TOOL_RESULT"][-1] == ""


def test_the_fix_names_the_repair_option(tmp_path: Path) -> None:
    ran = run("explain", "ORPHAN_TOOL_RESULT", cwd=tmp_path, docs_url=None)
    assert ran.status == 0, ran
    fix = words(ran.out.split("How to fix it:", 1)[1])
    assert fix.startswith('`repair_transcript` drops the orphan (`orphans="drop"`')
    assert "DROPPED_ORPHAN_RESULT" in fix


def test_a_format_rule_lists_each_provider_s_rule_from_its_record(tmp_path: Path) -> None:
    from agent_ir.wire import _registry

    ran = run("explain", "INVALID_TOOL_CALL_ID_FORMAT", cwd=tmp_path, docs_url=None)
    assert ran.status == 0, ran
    rules = ran.out.split("Each provider's rule:\n", 1)[1].splitlines()
    assert [line.split()[0] for line in rules] == list(_registry.REGISTRY)
    anthropic = _registry.REGISTRY["anthropic"].ids.pattern
    assert anthropic is not None
    assert f"  anthropic         {anthropic.pattern}" in rules


def test_a_code_is_read_in_any_case_and_with_hyphens(tmp_path: Path) -> None:
    exact = run("explain", "TOOL_NAME_MISMATCH", cwd=tmp_path, docs_url=None)
    loose = run("explain", " tool-name-mismatch", cwd=tmp_path, docs_url=None)
    assert loose.status == exact.status == 0
    assert loose.out == exact.out


@pytest.mark.parametrize(
    ("given", "nearest"),
    [
        ("ORPHAN", "ORPHAN_TOOL_RESULT, ORPHAN_SERVER_TOOL_RESULT"),
        (
            "MISSING_RESULT",
            "MISSING_TOOL_RESULT, PROVIDER_MISSING_START, MISSING_THOUGHT_SIGNATURE, "
            "PROVIDER_MISSING_TERMINAL, ORPHAN_TOOL_RESULT",
        ),
        (
            "invalid-tool-argument",
            "INVALID_TOOL_ARGUMENTS, INVALID_TOOL_NAME_FORMAT, INVALID_TOOL_DEFINITION, "
            "INVALID_TOOL_CALL_ID_FORMAT, INVALID_ROLE_ORDER",
        ),
    ],
)
def test_an_unknown_code_exits_2_naming_the_nearest_codes(
    given: str, nearest: str, tmp_path: Path
) -> None:
    ran = run("explain", given, cwd=tmp_path, docs_url=None)
    assert (ran.status, ran.out) == (2, ""), ran
    assert ran.err.splitlines() == [
        f"agent-ir: no code is named '{given}'; the nearest: {nearest}",
        "agent-ir: agent-ir explain --list names all 66 codes",
    ]


def test_an_unknown_code_like_none_exits_2_and_points_to_the_list(tmp_path: Path) -> None:
    ran = run("explain", "qqq", cwd=tmp_path, docs_url=None)
    assert (ran.status, ran.out) == (2, ""), ran
    assert ran.err.splitlines() == [
        "agent-ir: no code is named 'qqq'",
        "agent-ir: agent-ir explain --list names all 66 codes",
    ]


def test_one_unknown_code_among_known_ones_prints_no_page(tmp_path: Path) -> None:
    ran = run("explain", "EMPTY_CONTENT", "EMPTY", "qqq", cwd=tmp_path, docs_url=None)
    assert (ran.status, ran.out) == (2, ""), ran
    assert ran.err.splitlines() == [
        "agent-ir: no code is named 'EMPTY'; the nearest: EMPTY_CONTENT, EMPTY_TOOL_NAME",
        "agent-ir: no code is named 'qqq'",
        "agent-ir: agent-ir explain --list names all 66 codes",
    ]


@pytest.mark.parametrize(
    "hostile",
    ["\u202eTLUSER_LOOT_NAHPRO", "A\x1b[2JB", "X" * 100_000, "MISSING\ud800"],
    ids=["bidi override", "escape sequence", "100,000 characters", "lone surrogate"],
)
def test_a_hostile_code_is_quoted_printable_cut_and_refused(hostile: str, tmp_path: Path) -> None:
    # Bytes as a shell passes them; a lone surrogate as the bytes that would encode it.
    ran = run("explain", hostile.encode("utf-8", "surrogatepass"), cwd=tmp_path)
    assert ran.status == 2, ran
    [first, second] = ran.err.splitlines()  # strict UTF-8, one line each
    assert first.startswith("agent-ir: no code is named '")
    assert second == "agent-ir: agent-ir explain --list names all 66 codes"
    assert not any(c in first for c in "\u202e\x1b")
    assert len(first) < 1_000
    assert "Traceback" not in ran.err


def test_with_neither_a_code_nor_list_it_is_a_usage_error(tmp_path: Path) -> None:
    for arguments in ((), ("ORPHAN_TOOL_RESULT", "--list")):
        ran = run("explain", *arguments, cwd=tmp_path, docs_url=None)
        assert ran.status == 2, ran
        assert ran.err.splitlines()[-1] == "agent-ir explain: error: give CODE... or --list"


def test_the_list_names_every_code_by_kind(listed: Ran) -> None:
    assert listed.status == 0, listed
    lines = listed.lines()
    shown: dict[str, list[str]] = {}
    kind = ""
    for line in lines:
        if line.endswith("s:") and not line.startswith(" "):
            kind = line[:-2]
            shown[kind] = []
        elif line.startswith("  "):
            shown[kind].append(line.split()[0])
    assert shown == KINDS
    assert lines[-1] == "agent-ir explain CODE prints a code's page."
    assert max(map(len, lines)) <= 88


def test_with_a_site_known_the_page_ends_with_its_url(tmp_path: Path) -> None:
    ran = run("explain", "EMPTY_CONTENT", cwd=tmp_path, docs_url="http://localhost:8000")
    assert ran.status == 0, ran
    assert ran.lines()[-1] == (
        "The site's page, with an example: http://localhost:8000/codes/EMPTY_CONTENT.html"
    )
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "codes.json").write_text("{}", encoding="utf-8")
    built = run("explain", "EMPTY_CONTENT", cwd=tmp_path, docs_url=None)
    page = (tmp_path / "site").resolve().as_uri() + "/codes/EMPTY_CONTENT.html"
    assert built.lines()[-1] == f"The site's page, with an example: {page}"


def test_the_help_names_explain_and_no_page_template() -> None:
    top = run("--help")
    assert "agent-ir explain MISSING_TOOL_RESULT" in top.out
    for command in ("validate", "replay", "explain"):
        shown = run(command, "--help")
        assert shown.status == 0, shown
        assert "URLcodes" not in shown.out
        assert "agent-ir.dev/docs" not in shown.out
        assert "agent-ir explain CODE" in words(shown.out)
