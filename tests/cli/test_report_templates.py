"""The HTML report as package data and view modules (``agent_ir.cli._html``): the
templates autoescape everything but what the message template drew itself, the style
is the packaged ``report.css`` inlined, the Python holds no markup, and a call and the
result drawn beside it are the pair the validator's linkage reads
(``agent_ir.transcript.tool_links_of``), not a second reading of the data.

The page as a person sees it (Chromium, hostile content) is ``test_report.py``'s.
"""

from __future__ import annotations

import json
import re
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from agent_ir import assistant_message, tool_result_message
from agent_ir.cli._check import Checks, check_block
from agent_ir.cli._html import Settings, render
from agent_ir.cli._html._render import _environment
from agent_ir.cli._report import Summary
from agent_ir.transcript import tool_links_of
from agent_ir.validation._linkage import ToolLinks

from support.browser import Element, parse

PACKAGE = files("agent_ir.cli._html")


def _call(call_id: str, arguments: Any) -> dict[str, Any]:
    return {"type": "toolCall", "id": call_id, "name": "read", "arguments": arguments}


def _result(call_id: str, **fields: Any) -> dict[str, Any]:
    message = {
        "role": "toolResult",
        "id": f"r-{call_id}",
        "toolCallId": call_id,
        "toolName": "read",
        "content": "ok",
        "isError": False,
    }
    return {**message, **fields}


# Message 0 makes a well-formed call, a call whose arguments are no object (malformed,
# its id readable) and a call whose id is blank (no readable id); 1-3 answer them; 4 is
# a malformed result (no toolName) that still names its call; 5 a user message.
MIXED = [
    {
        "role": "assistant",
        "id": "a0",
        "content": [
            {"type": "text", "text": "reading"},
            _call("c-good", {}),
            _call("c-bad", "not an object"),
            _call("  ", {}),
        ],
    },
    _result("c-good"),
    _result("c-bad"),
    _result("  "),
    {"role": "toolResult", "id": "r4", "toolCallId": "c-good", "content": "x", "isError": False},
    {"role": "user", "id": "u5", "content": "thanks"},
]


def test_tool_links_read_calls_and_results_as_the_linkage_rules_do() -> None:
    assert tool_links_of(MIXED) == ToolLinks(
        calls={0: ((1, "c-good"), (2, "c-bad"))},
        answers={1: "c-good", 2: "c-bad", 4: "c-good"},
    )
    # IR objects and their JSON form alike, an id used by two messages listed for each.
    again = assistant_message(id="a2", content=[_call("c-good", {})])
    result = tool_result_message(id="r3", tool_call_id="c-good", tool_name="read", content="x")
    assert tool_links_of([MIXED[0], MIXED[1], again, result]) == ToolLinks(
        calls={0: ((1, "c-good"), (2, "c-bad")), 2: ((0, "c-good"),)},
        answers={1: "c-good", 3: "c-good"},
    )


class _Exploding(dict[str, Any]):
    def __getitem__(self, key: str) -> Any:
        raise RuntimeError("hostile")

    def keys(self) -> Any:
        raise RuntimeError("hostile")


@pytest.mark.parametrize(
    "value",
    [None, 42, "[]", {"messages": []}, [object()], [_Exploding(role="toolResult")], [[[]]]],
    # Names that are the same in every xdist worker (an object's repr holds its address).
    ids=["none", "number", "text", "mapping", "object", "exploding", "nested-list"],
)
def test_tool_links_of_what_holds_no_readable_message_are_empty(value: Any) -> None:
    assert tool_links_of(value) == ToolLinks({}, {})


def _page(tmp_path: Path, lines: list[Any], **settings: Any) -> Element:
    """The report of ``lines`` (JSON lines of one file), parsed."""
    data = "".join(json.dumps(line) + "\n" for line in lines).encode()
    result = check_block(data, 1, False, Checks(keep=len(lines)))
    summary = Summary(files=1)
    summary.add(result)
    drawn = [("data.jsonl", found) for found in result.invalid if found.diagnostics]
    page = render(Settings(("data.jsonl",), **settings), summary, 1.0, drawn)
    (tmp_path / "report.html").write_text(page, encoding="utf-8")
    return parse(page)


def _message(section: Element, index: int) -> Element:
    [found] = [
        article
        for article in section.find_all("article")
        if article.attrs.get("data-index") == str(index)
    ]
    return found


def test_the_report_draws_beside_each_call_the_result_the_validator_pairs_with_it(
    tmp_path: Path,
) -> None:
    [section] = _page(tmp_path, [{"id": "mixed", "messages": MIXED}]).find_all(
        "section", "conversation"
    )
    rows = section.find_all("div", "call-row")
    beside = {row.one(cls="tool-call").attrs["data-block"]: row.one(cls="beside") for row in rows}
    # The well-formed call and the malformed one with a readable id: their results
    # beside them, each saying which message it answers.
    for block, result in (("1", 1), ("2", 2)):
        [article] = beside[block].find_all("article")
        assert article.attrs["data-index"] == str(result)
        assert "answers message 0" in article.one("header").words()
    # The blank id is no id to the validator: no result is paired with it, and the
    # result naming it is drawn on its own, saying nothing of a call.
    assert beside["3"].classes == {"beside", "missing"}
    alone = _message(section, 3)
    assert all("beside" not in node.classes for node in alone.ancestors())
    assert "answers" not in alone.one("header").one("span", "answers").words()
    # The malformed result answers the call too, as a second result, drawn after it.
    assert "answers message 0" in _message(section, 4).one("header").words()


def test_a_call_answered_before_it_is_made_says_so(tmp_path: Path) -> None:
    lines = [
        [
            _result("c1"),
            {"role": "assistant", "id": "a1", "content": [_call("c1", {})]},
            {"role": "user", "id": "u2", "content": "?"},
        ]
    ]
    [section] = _page(tmp_path, lines).find_all("section", "conversation")
    assert "its call comes later, in message 1" in _message(section, 0).one("header").words()
    [row] = section.find_all("div", "call-row")
    assert row.one(cls="beside").words() == "Answered before it was made, by message 0"


def test_every_template_autoescapes_and_only_drawn_markup_is_marked_safe() -> None:
    environment = _environment()
    assert environment.autoescape is True
    names = environment.list_templates()
    assert set(names) >= {"page.html.j2", "conversation.html.j2", "message.html.j2"}
    safe = {
        name: re.findall(
            r"\{\{\s*([\w.]+)\s*\|\s*safe", environment.loader.get_source(environment, name)[0]
        )  # type: ignore[union-attr]
        for name in names
        if name.endswith(".j2")
    }
    # The style (the packaged file) and a unit of messages the message template drew.
    assert {name: found for name, found in safe.items() if found} == {
        "conversation.html.j2": ["p.html"],
        "page.html.j2": ["css"],
    }


def test_the_style_is_the_packaged_css_inlined_whole(tmp_path: Path) -> None:
    css = PACKAGE.joinpath("templates", "report.css").read_text(encoding="utf-8")
    assert ".conversation{" in css
    assert "{{" not in css  # no doubled braces of a Python format string
    page = _page(tmp_path, [[{"role": "nobody"}]])
    assert page.one("style").text() == "\n" + css


def test_the_report_modules_hold_no_markup_and_stay_small() -> None:
    modules = sorted(Path(str(PACKAGE)).glob("*.py"))
    assert len(modules) >= 6
    for module in modules:
        source = module.read_text(encoding="utf-8")
        assert 'class="' not in source, module.name
        assert not re.search(r"</[a-z]+>", source), module.name
        assert len(source.splitlines()) <= 400, module.name
