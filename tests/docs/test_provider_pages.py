"""The provider pages as built, written for users (issue 37: they were tables of the
records' internal fields, ``assistant_turns_join: yes``, with ``_stream._STOP_REASONS``
and file names as headings): an example that is what the conversion gives, the rules
in words as the records state them, what each kind of content becomes with its
warnings, and no internal name as a heading."""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # docsgen/

RECORDS = {
    record["name"]: record
    for record in json.loads((ROOT / "schemas" / "v1" / "providers.json").read_text())["providers"]
}
PAGES = {
    "openai-chat": "openai_chat",
    "openai-responses": "openai_responses",
    "anthropic": "anthropic",
    "gemini": "gemini",
    "bedrock-converse": "bedrock_converse",
    "mistral": "mistral",
    "hf-chat": "hf_chat",
}
# The records' field names, as the schema and the Python record spell them.
RECORD_FIELDS = [
    *(name for record in RECORDS.values() for name in record["turns"]),
    "results_follow_call",
    "assistant_turns_join",
    "user_turn_first",
    "calls_follow_user_turn",
    "content_required",
    "ids_reusable_after_result",
]


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def sections(page: str) -> dict[str, str]:
    """The text under each heading, by the heading's text."""
    parts = re.split(r"(<h[1-6][^>]*>.*?</h[1-6]>)", page, flags=re.S)
    found: dict[str, str] = {}
    for title, body in zip(parts[1::2], parts[2::2], strict=True):
        found.setdefault(text_of(title).rstrip("¶ "), body)
    return found


@pytest.fixture(scope="module")
def pages(site: Path) -> dict[str, str]:
    return {
        name: (site / "providers" / f"{name}.html").read_text(encoding="utf-8") for name in PAGES
    }


def _class_names(folder: str) -> set[str]:
    """The declaration's class names that read as code (two capitals or more)."""
    import importlib

    declared = importlib.import_module(f"agent_ir.wire.{folder}._wire")
    return {
        name
        for name, value in vars(declared).items()
        if isinstance(value, type) and len(re.findall("[A-Z]", name)) >= 2
    }


@pytest.mark.parametrize("name", PAGES)
def test_no_heading_names_a_module_a_class_or_a_record_field(
    pages: dict[str, str], name: str
) -> None:
    classes = _class_names(PAGES[name])
    headings = list(sections(pages[name]))
    assert len(headings) >= 10
    for heading in headings:
        assert not re.search(r"(?<![\w.])_[a-z]\w*|\.py\b|_STOP|REASONS\b", heading), heading
        assert not set(re.findall(r"\w+", heading)) & classes, heading
    rules = text_of(sections(pages[name]).get("The rules", ""))
    for field in RECORD_FIELDS:
        assert field not in rules, field  # the rules are in words, not the record's fields


@pytest.mark.parametrize("name", PAGES)
def test_the_example_is_what_the_conversion_gives(pages: dict[str, str], name: str) -> None:
    from agent_ir import parse_transcript, wire
    from docsgen.provider_mapping import TOOL_LOOP

    request = getattr(wire, f"to_{PAGES[name]}")(parse_transcript(TOOL_LOOP))
    assert request.warnings == ()
    example = sections(pages[name])["An example"]
    shown = "".join(json.dumps(request.fields, ensure_ascii=False).split())
    assert shown in "".join(text_of(example).split())
    assert f"to_{PAGES[name]}(transcript).fields" in "".join(text_of(example).split())


@pytest.mark.parametrize("name", PAGES)
def test_each_kind_of_content_shows_its_warnings_linked_to_their_pages(
    pages: dict[str, str], name: str
) -> None:
    from agent_ir import parse_transcript, wire
    from docsgen.provider_mapping import SAMPLES

    found = sections(pages[name])
    warned = 0
    for title, transcript in SAMPLES:
        write = getattr(wire, f"to_{PAGES[name]}")
        # The page shows the JSON form of a writer of binary values (Bedrock's).
        binary = {"binary": "base64"} if name == "bedrock-converse" else {}
        request = write(parse_transcript(transcript), **binary)
        body = found[title]
        sent = "".join(json.dumps(request.fields, ensure_ascii=False).split())
        assert f"sent:{sent}" in "".join(text_of(body).split()), title
        for warning in request.warnings:
            code = warning.code.value
            assert f'<a href="../../codes/{code}.html">{code}</a>' in body or (
                f'href="../codes/{code}.html">{code}</a>' in body
            ), (title, code)
            warned += 1
        if not request.warnings:
            assert "Nothing is warned." in text_of(body) or "reading back:" in text_of(body)
    assert warned >= 2  # every format loses something of these samples


@pytest.mark.parametrize("name", [name for name in PAGES if name in RECORDS])
def test_the_rules_say_in_words_what_the_record_states(pages: dict[str, str], name: str) -> None:
    record = RECORDS[name]
    rules = text_of(sections(pages[name])["The rules"])
    ids = record["ids"]
    if "shortest" in ids and ids["shortest"] == ids.get("longest"):
        assert f"Tool-call ids: exactly {ids['longest']} characters, each " in rules
        assert "pads a shorter id with it" in rules
    elif "characters" in ids:
        assert f"Tool-call ids: 1 to {ids['longest']} characters, each " in rules
    elif "longest" in ids:
        assert f"Tool-call ids: at most {ids['longest']} characters" in rules
    else:
        assert "Tool-call ids: any id (no limit is known; none is checked)" in rules
    assert f"Tool names: 1 to {record['toolNames']['longest']} characters" in rules
    turns = record["turns"]
    said = {
        "resultsFollowCall": "must come right after it",
        "assistantTurnsJoin": "Consecutive assistant messages are one turn",
        "userTurnFirst": "must be a user message",
        "callsFollowUserTurn": "must come after a user turn",
        "contentRequired": "must say something",
        "idsReusableAfterResult": "may be used again once its call was answered",
    }
    for rule, words in said.items():
        assert (words in rules) is turns[rule], (rule, turns[rule])
    assert ("Thought signatures:" in rules) is ("signatures" in record)
    if "signatures" in record:
        assert record["signatures"]["placeholders"][0] in rules


def test_the_characters_of_a_rule_read_as_words() -> None:
    from docsgen.providers import characters

    assert characters("a-zA-Z0-9_-") == "an ASCII letter, a digit, `_` or `-`"
    assert characters("a-zA-Z_") == "an ASCII letter or `_`"
    assert characters("a-z0-9") == "a lowercase ASCII letter or a digit"
    assert characters("a-f.") == "`a` to `f` or `.`"
