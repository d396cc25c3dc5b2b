"""The documentation site as built (``nox -s docs``): a page for every code the schemas
define, a reference entry for every public name, the provider pages from the code's
tables, and an index that opens in headless Chromium with no console message.

The site is the ``site`` fixture of ``conftest.py``."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from support.browser import open_logged, parse, require

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas" / "v1"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # docsgen/, the site's generators


def schema_codes(schema: str, name: str) -> list[str]:
    """The codes of one enum, read from the schema file itself (not through docsgen)."""
    document = json.loads((SCHEMAS / schema).read_text(encoding="utf-8"))
    return list(document["$defs"][name]["enum"])


DIAGNOSTICS = schema_codes("diagnostic.schema.json", "DiagnosticCode")
WARNINGS = schema_codes("conversion-warning.schema.json", "ConversionWarningCode")
PROVIDER_ERRORS = schema_codes("model-stream.schema.json", "ProviderErrorCode")
CODES = DIAGNOSTICS + WARNINGS + PROVIDER_ERRORS


def words(element_html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", element_html).split())


def test_every_code_of_the_schemas_has_its_words_and_its_example() -> None:
    from agent_ir.cli._code_texts import TEXTS
    from docsgen.code_examples import ERROR_EXAMPLES, WARNING_EXAMPLES

    assert len(set(CODES)) == len(CODES) == 66
    assert set(TEXTS) == set(CODES)
    for code in CODES:
        assert {key for key, text in TEXTS[code].items() if text.strip()} == {
            "meaning",
            "why",
            "fix",
        }, code
    assert set(WARNING_EXAMPLES) == set(WARNINGS)
    assert set(ERROR_EXAMPLES) == set(PROVIDER_ERRORS)


@pytest.mark.parametrize("code", CODES)
def test_every_code_has_a_page_with_an_example_and_a_fix(site: Path, code: str) -> None:
    page = site / "codes" / f"{code}.html"
    assert page.is_file(), code
    tree = parse(page.read_text(encoding="utf-8"))
    [title] = tree.find_all("h1")
    assert title.words().rstrip("¶ ") == code
    headings = [h.words().rstrip("¶ ") for h in tree.find_all("h2")]
    assert "Example" in headings
    assert "How to fix it" in headings
    # The example's output, produced when the site was built, names the code.
    outputs = [block.text() for block in tree.find_all("code") if code in block.text()]
    assert outputs, code


def test_the_codes_index_links_every_page(site: Path) -> None:
    tree = parse((site / "codes" / "index.html").read_text(encoding="utf-8"))
    linked = {a.attrs.get("href") for a in tree.find_all("a")}
    assert {f"{code}.html" for code in CODES} <= linked


def test_the_built_site_lists_its_code_pages_for_the_command(site: Path) -> None:
    listed = json.loads((site / "codes.json").read_text(encoding="utf-8"))
    assert listed == {
        "diagnostic": {code: f"codes/{code}.html" for code in DIAGNOSTICS},
        "warning": {code: f"codes/{code}.html" for code in WARNINGS},
        "provider-error": {code: f"codes/{code}.html" for code in PROVIDER_ERRORS},
    }


def test_a_diagnostic_page_shows_what_the_validator_and_the_repair_really_return(
    site: Path,
) -> None:
    text = words((site / "codes" / "MISSING_TOOL_RESULT.html").read_text(encoding="utf-8"))
    assert "validate_transcript(transcript) returns:" in text
    assert "MISSING_TOOL_RESULT at /1/content/0: tool call 'c1' (read) has no result" in text
    assert "ADDED_ERROR_RESULT at /1/content/0" in text
    assert "after which the check finds nothing." in text


def test_the_reference_has_a_rendered_entry_for_every_public_name(site: Path) -> None:
    import agent_ir
    from docsgen.reference import missing_entries

    page = (site / "reference.html").read_text(encoding="utf-8")
    assert missing_entries(page) == []
    for name in agent_ir.__all__:
        assert f'id="agent_ir.{name}"' in page, name


def test_the_reference_check_finds_an_entry_that_is_missing_or_empty(site: Path) -> None:
    from docsgen.reference import missing_entries

    page = (site / "reference.html").read_text(encoding="utf-8")
    assert missing_entries(page.replace('id="agent_ir.trim_transcript"', 'id="x"')) == [
        "trim_transcript"
    ]
    emptied = re.sub(
        r'(id="agent_ir\.dumps".*?<div class="doc doc-contents[^"]*">).*?(</div>)',
        r"\1\2",
        page,
        count=1,
        flags=re.S,
    )
    assert missing_entries(emptied) == ["dumps"]


def test_the_provider_pages_show_the_code_s_own_tables(site: Path) -> None:
    from agent_ir.wire import _registry
    from agent_ir.wire.anthropic import _stream

    text = words((site / "providers" / "anthropic.html").read_text(encoding="utf-8"))
    for wire, stop in _stream.STOP_REASONS.items():
        assert f"{wire} {stop.value}" in text
    pattern = _registry.REGISTRY["anthropic"].ids.pattern
    assert pattern is not None
    assert pattern.pattern in text


def test_a_provider_page_lists_every_field_of_the_format_s_declaration(site: Path) -> None:
    """The declaration is the format's spec: each shape of ``_wire.py`` is a heading
    saying what it is (its description's first sentence) over a table whose rows are
    its fields with their descriptions (a base's fields with each shape deriving it)."""
    from msgspec import inspect

    from agent_ir.wire._decode import WireStruct
    from agent_ir.wire.anthropic import _wire
    from docsgen.provider_fields import heading, shapes

    text = words((site / "providers" / "anthropic.html").read_text(encoding="utf-8"))
    declared = [
        value
        for value in vars(_wire).values()
        if isinstance(value, type) and issubclass(value, WireStruct) and value is not WireStruct
    ]
    assert len(declared) >= 20
    shown = shapes("anthropic")
    assert len(shown) >= 20
    for shape in shown:
        assert words(heading(shape)).replace("`", "") in text, shape
    for shape in declared:
        info = inspect.type_info(shape)
        assert isinstance(info, inspect.StructType)
        for field in info.fields:
            described = field.type
            assert isinstance(described, inspect.Metadata), (shape, field.name)
            meaning = (described.extra_json_schema or {})["description"]
            assert f"{field.encode_name} " in text, (shape, field.name)
            assert " ".join(meaning.split()) in text, (shape, field.name)


def test_no_page_links_an_unpublished_site_or_claims_a_host(site: Path) -> None:
    """No site is published: no page names one, and without ``AGENT_IR_SITE_URL`` no
    page claims an address of its own (a canonical link), so the folder opens from disk
    or deploys anywhere."""
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 80
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "agent-ir.dev/docs" not in text, page
        if not os.environ.get("AGENT_IR_SITE_URL"):
            assert 'rel="canonical"' not in text, page


def test_a_code_page_holds_the_words_agent_ir_explain_prints(site: Path) -> None:
    from agent_ir.cli._code_texts import TEXTS

    text = words((site / "codes" / "TOOL_NAME_MISMATCH.html").read_text(encoding="utf-8"))
    for part in ("meaning", "why", "fix"):
        assert words(TEXTS["TOOL_NAME_MISMATCH"][part]).replace("`", "") in text, part


def test_the_index_opens_in_chromium_without_a_console_message(site: Path) -> None:
    require()
    opened = open_logged(site / "index.html")
    assert opened.console == []
    tree = parse(opened.dom)
    assert tree.find_all("h1")[0].words().rstrip("¶ ") == "agent-ir"
    # The theme's script ran (it marks the document) ...
    [document] = tree.find_all("html")
    assert "js" in document.classes
    # ... and every script, style sheet and image the page names is in the site.
    named = [
        e.attrs["src"] for e in tree.find_all("script") + tree.find_all("img") if "src" in e.attrs
    ]
    named += [e.attrs["href"] for e in tree.find_all("link") if e.attrs.get("rel") == "stylesheet"]
    assert len(named) >= 3
    for reference in named:
        if urlparse(reference).scheme:
            continue
        assert (site / unquote(reference.split("#")[0].split("?")[0])).is_file(), reference


def test_the_console_check_sees_an_error(tmp_path: Path) -> None:
    require()
    page = tmp_path / "broken.html"
    page.write_text("<html><body><script>missing();</script></body></html>")
    [message] = open_logged(page).console
    assert "Uncaught ReferenceError: missing is not defined" in message


def test_an_example_that_does_not_produce_its_code_stops_the_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from docsgen import codes

    assert "THINKING_NOT_SENT" in codes.page("warning", "THINKING_NOT_SENT")
    monkeypatch.setitem(
        codes.WARNING_EXAMPLES, "THINKING_NOT_SENT", codes.WARNING_EXAMPLES["AUDIO_NOT_SENT"]
    )
    with pytest.raises(codes.ExampleError, match="THINKING_NOT_SENT: its example gives"):
        codes.page("warning", "THINKING_NOT_SENT")
    monkeypatch.setitem(codes.ERROR_EXAMPLES, "PROVIDER_CANCELLED", "error = None")
    with pytest.raises(codes.ExampleError, match="PROVIDER_CANCELLED"):
        codes.page("provider-error", "PROVIDER_CANCELLED")


def test_a_fix_naming_a_repair_the_example_does_not_take_stops_the_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from docsgen import codes

    assert "MOVED_RESULT" in codes.page("diagnostic", "RESULT_NOT_IMMEDIATE")
    wrong = {**codes.TEXTS["RESULT_NOT_IMMEDIATE"], "fix": "repair adds ADDED_USER_MESSAGE."}
    monkeypatch.setitem(codes.TEXTS, "RESULT_NOT_IMMEDIATE", wrong)
    with pytest.raises(codes.ExampleError, match="the fix names"):
        codes.page("diagnostic", "RESULT_NOT_IMMEDIATE")
