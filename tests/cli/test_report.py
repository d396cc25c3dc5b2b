"""``agent-ir validate PATH... --report FILE.html``: the HTML report, as a person sees it.

The page is opened in headless Chromium (``support.browser``; Debian's ``chromium``,
installed by ``.ci/run``): the DOM it builds is read (the chart's bars, the tables, one
conversation per broken transcript, the highlighted block carrying its diagnostic's
code, results beside their calls, thinking and far messages folded), a screenshot is
taken with scripts on and with scripts blocked, and the network requests the page makes
are read from Chromium's net log. A report of hostile transcripts (``<script>``,
``</style>``, entities, lone surrogates, 1 MB strings) runs no script: the DOM dumped
with scripts on equals the one dumped with them blocked. Without Chromium those tests
skip, but fail under CI.

The rest reads the file as written (with ``html.parser``): the report of every engine
and option (``--jobs``, ``--engine dask``, ``--format``, standard input, ``.json``,
gzip) is the same page, the first ``--report-limit`` broken transcripts are drawn and
the rest counted, the page stays small, and the usage errors.
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from agent_ir.cli._check import TEXT_BYTES, Checks, check_block
from agent_ir.cli._engines import KeptTexts

from support.browser import (
    Element,
    open_page,
    outline,
    parse,
    png_facts,
    require,
    screenshot,
)
from support.cli import (
    DOCS_URL,
    SAMPLE,
    SAMPLE_DIAGNOSTICS,
    Dataset,
    Ran,
    json_lines,
    run,
    write_dataset,
)

ROOT = SAMPLE.parents[2]
BROWSER = Path(__file__).resolve().parents[1] / "support" / "browser.py"
TIME = re.compile(r'<dd class="time">.*?</dd>')
# What a page may ask the browser to do: nothing but show itself.
CSP = "default-src 'none'; style-src 'unsafe-inline'"


# --- helpers ----------------------------------------------------------------------------


def reported(*arguments: str | Path, report: Path, cwd: Path | None = None, **kwargs: Any) -> Ran:
    """``agent-ir validate --quiet ARGUMENTS --report REPORT``, checked to have written it
    without a traceback."""
    ran = run("validate", "--quiet", *arguments, "--report", report, cwd=cwd, **kwargs)
    assert b"Traceback" not in ran.stderr, ran
    assert ran.status in (0, 1), ran
    assert report.is_file(), ran
    return ran


def page_of(report: Path) -> str:
    """The page as written: valid UTF-8, or this fails."""
    return report.read_bytes().decode("utf-8")


def without_time(page: str) -> str:
    found = TIME.findall(page)
    assert len(found) == 1, found
    return TIME.sub("", page)


def conversations(tree: Element) -> list[Element]:
    return tree.find_all("section", "conversation")


def stats(tree: Element) -> dict[str, str]:
    """The summary: label -> value."""
    return {
        item.one("dt").words(): item.one("dd").words()
        for item in tree.one("dl", "stats").find_all("div", "stat")
    }


def article(conversation: Element, index: int) -> Element:
    [found] = [
        element
        for element in conversation.find_all("article", "message")
        if element.attrs.get("data-index") == str(index)
    ]
    return found


def message_of(element: Element) -> Element:
    """The message (article) an element is drawn in (itself, for an article)."""
    if element.tag == "article":
        return element
    return next(node for node in element.ancestors() if node.tag == "article")


def jsonl(path: Path, lines: list[Any]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


# --- data -------------------------------------------------------------------------------

PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\0" * 64).decode()


def _read_pair(number: int) -> list[dict[str, Any]]:
    call = f"call-read-{number}"
    return [
        {
            "role": "assistant",
            "id": f"a{number}",
            "content": [
                {"type": "toolCall", "id": call, "name": "read", "arguments": {"n": number}}
            ],
        },
        {
            "role": "toolResult",
            "id": f"r{number}",
            "toolCallId": call,
            "toolName": "read",
            "content": f"contents {number}",
            "isError": False,
        },
    ]


BASH_ARGUMENTS = {"command": "pytest -q", "env": {"CI": "1", "depth": [1, [2, {"x": None}]]}}
LONG_SESSION = [
    {"role": "system", "id": "s0", "content": "You are a coding agent."},
    {"role": "user", "id": "u1", "content": "Read the six files."},
    *[message for number in range(6) for message in _read_pair(number)],  # 2..13
    {"role": "user", "id": "u14", "content": "Now run the tests."},
    {
        "role": "assistant",
        "id": "a15",
        "content": [
            {
                "type": "thinking",
                "thinking": "The suite is slow; run it quietly.",
                "signature": "c2ln",
            },
            {"type": "text", "text": "Running them."},
            {"type": "toolCall", "id": "call-bash", "name": "bash", "arguments": BASH_ARGUMENTS},
        ],
    },
    {
        "role": "user",
        "id": "u16",
        "content": [
            {"type": "text", "text": "Also look at this screenshot and the spec."},
            {"type": "image", "source": {"type": "base64", "mediaType": "image/png", "data": PNG}},
            {"type": "document", "source": {"type": "url", "url": "https://example.com/spec.pdf"}},
            {
                "type": "audio",
                "source": {"type": "base64", "mediaType": "audio/wav", "data": "UklG"},
            },
        ],
    },
    {
        "role": "assistant",
        "id": "a17",
        "content": [{"type": "toolCall", "id": "call-bad", "name": "read", "arguments": [1, 2]}],
    },
    {
        "role": "toolResult",
        "id": "r18",
        "toolCallId": "call-bad",
        "toolName": "read",
        "content": [
            {"type": "text", "text": "a chart:"},
            {"type": "image", "source": {"type": "url", "url": "https://example.com/chart.png"}},
        ],
        "isError": True,
    },
    {
        "role": "toolResult",
        "id": "r19",
        "toolCallId": "call-bash",
        "toolName": "bash",
        "content": "3 passed",
        "isError": False,
    },
    {"role": "assistant", "id": "a20", "content": [{"type": "text", "text": "Done."}]},
]
NOT_JSON = '{"id": "cut", "messages": [{"role": "user", "content": "<b>cut'
WIRE_MESSAGE = [{"role": "tool", "tool_call_id": "call-9", "content": "from another format"}]


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(dataset, its report): a long broken session, a line that is not JSON, a message
    of another format, and a valid line."""
    root = tmp_path_factory.mktemp("drawn")
    source = root / "sessions.jsonl"
    source.write_text(
        json.dumps({"id": "long-session", "messages": LONG_SESSION})
        + "\n"
        + NOT_JSON
        + "\n"
        + json.dumps({"id": "wire-message", "messages": WIRE_MESSAGE})
        + "\n"
        + json.dumps([{"role": "user", "id": "ok", "content": "fine"}])
        + "\n",
        encoding="utf-8",
    )
    report = root / "report.html"
    ran = reported(source, report=report)
    assert ran.status == 1
    return source, report


# --- the sample, as a person sees it ----------------------------------------------------


@pytest.fixture(scope="module")
def sample_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    report = tmp_path_factory.mktemp("sample") / "report.html"
    ran = reported("fixtures/transcripts/sample.jsonl", report=report, cwd=ROOT)
    assert ran.status == 1
    return report


def test_the_sample_report_in_chromium_shows_the_summary_chart_and_tables(
    sample_report: Path,
) -> None:
    require()
    began = time.monotonic()
    page = open_page(sample_report, net_log=True)
    print(f"chromium --dump-dom with a net log: {time.monotonic() - began:.2f} s")
    tree = parse(page.dom)
    summary = stats(tree)
    assert re.fullmatch(r"\d+\.\d\d s [\d,]+ messages/s", summary.pop("Time"))
    assert summary == {
        "Files": "1",
        "Transcripts": "14",
        "Valid": "9",
        "Invalid": "5",
        "Messages": "65",
    }
    codes = [code for _, _, _, code, _, _ in SAMPLE_DIAGNOSTICS]
    # The chart: one bar per code, as long as its count (all 1 here), labelled.
    chart = tree.one("svg", "chart")
    bars = chart.find_all("rect", "bar")
    assert sorted(bar.attrs["data-code"] for bar in bars) == sorted(codes)
    assert {bar.attrs["data-count"] for bar in bars} == {"1"}
    assert len({bar.attrs["width"] for bar in bars}) == 1
    assert [text.words() for text in chart.find_all("text", "label")] == [
        bar.attrs["data-code"] for bar in bars
    ]
    # ... and the same counts in the table, in the same order.
    rows = tree.one("table", "codes").one("tbody").find_all("tr")
    assert [row.find_all("td")[0].words() for row in rows] == [
        bar.attrs["data-code"] for bar in bars
    ]
    assert [row.find_all("td")[1].words() for row in rows] == ["1"] * 5
    # Each code links to its page of the documentation site.
    assert [[link.attrs["href"] for link in row.find_all("a")] for row in rows] == [
        [f"{DOCS_URL}codes/{bar.attrs['data-code']}.html"] for bar in bars
    ]
    # The table of broken transcripts links to each drawn conversation.
    broken = tree.one("table", "broken").one("tbody").find_all("tr")
    drawn = conversations(tree)
    assert len(broken) == len(drawn) == len(SAMPLE_DIAGNOSTICS)
    for row, section, (line, name, _, code, _, _) in zip(
        broken, drawn, SAMPLE_DIAGNOSTICS, strict=True
    ):
        cells = [cell.words() for cell in row.find_all("td")]
        assert cells[1:] == ["fixtures/transcripts/sample.jsonl", str(line), name, code]
        assert {link.attrs["href"] for link in row.find_all("a")} == {
            f"#{section.attrs['id']}",
            f"{DOCS_URL}codes/{code}.html",
        }
        assert section.attrs["data-line"] == str(line)
    # Nothing loaded, nothing run.
    assert page.requests == []
    assert tree.find_all("script") == []
    [policy] = [meta for meta in tree.find_all("meta") if "http-equiv" in meta.attrs]
    assert (policy.attrs["http-equiv"], policy.attrs["content"]) == (
        "Content-Security-Policy",
        CSP,
    )
    # What Chromium built is what was written: the markup nests as it should.
    assert outline(tree) == outline(parse(page_of(sample_report)))


def test_each_broken_sample_transcript_is_a_conversation_with_its_problem_highlighted(
    sample_report: Path,
) -> None:
    require()
    tree = parse(open_page(sample_report).dom)
    drawn = conversations(tree)
    assert len(drawn) == len(SAMPLE_DIAGNOSTICS)
    for section, (_, name, index, code, pointer, words) in zip(
        drawn, SAMPLE_DIAGNOSTICS, strict=True
    ):
        assert name in section.one("h3").words()
        # Exactly one thing is highlighted, and it carries the diagnostic's code.
        [flagged] = [e for e in section.iter() if "flagged" in e.classes]
        [note] = flagged.find_all("p", "diagnostic")
        assert note.attrs["data-code"] == code
        assert words in note.words()
        assert pointer in note.words()
        # ... in the message the diagnostic names, on the block its pointer names.
        assert message_of(flagged).attrs["data-index"] == str(index)
        block = re.fullmatch(rf"/{index}/content/(\d+)(/.*)?", pointer)
        if block:
            assert "block" in flagged.classes
            assert flagged.attrs["data-block"] == block.group(1)
        else:
            assert flagged.tag == "article"
        # Bubbles by role.
        roles = {
            role
            for element in section.find_all("article", "message")
            for role in element.classes & {"system", "user", "assistant", "toolResult"}
        }
        assert {"user", "assistant"} <= roles
    by_name = {section.one("h3").words().split()[-1]: section for section in drawn}
    # The interrupted call: nothing beside it but the absence of its result.
    interrupted = by_name["interrupted-before-result"]
    [row] = interrupted.find_all("div", "call-row")
    assert "flagged" in row.one(cls="tool-call").classes
    assert row.one(cls="beside").classes == {"beside", "missing"}
    # A result naming another tool: drawn beside the call it answers.
    mismatch = by_name["tool-name-mismatch"]
    [row] = mismatch.find_all("div", "call-row")
    assert row.one(cls="tool-call").one(cls="tool-name").words() == "search_orders"
    result = row.one(cls="beside").one("article")
    assert "toolResult" in result.classes
    assert "flagged" in result.classes
    # Arguments that are a string, not an object: said so, and shown as they are.
    arguments = by_name["arguments-as-json-string"]
    call = arguments.one(cls="tool-call")
    assert "a string, not an object" in call.words()
    assert json.loads(call.one("pre").text()) == '{"path": "README.md", "limit": 10}'


def test_the_screenshot_shows_the_page_and_needs_no_script(
    sample_report: Path, tmp_path: Path
) -> None:
    require()
    shots = {}
    for scripts in (True, False):
        png = tmp_path / f"scripts-{scripts}.png"
        began = time.monotonic()
        screenshot(sample_report, png, width=1200, height=1600, scripts=scripts)
        print(f"chromium --screenshot (scripts {scripts}): {time.monotonic() - began:.2f} s")
        shots[scripts] = png.read_bytes()
    width, height, values = png_facts(shots[True])
    assert (width, height) == (1200, 1600)
    assert values > 100  # text, bars and bubbles, not a blank page
    # Drawn with JavaScript blocked, the page is the same picture.
    assert shots[False] == shots[True]


def test_the_harness_sees_scripts_requests_and_pictures_that_need_scripts(tmp_path: Path) -> None:
    """The controls of the tests above: a page whose script changes it, and which loads
    an image, is seen doing both."""
    require()
    control = tmp_path / "control.html"
    control.write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><p id="x">before</p>'
        '<img src="http://example.invalid/pixel.png" alt="">'
        "<script>document.body.style.background = 'black';"
        "setTimeout(function () {"
        "document.getElementById('x').textContent = 'after a script ran';}, 100)"
        "</script></body></html>",
        encoding="utf-8",
    )
    on = open_page(control, net_log=True)
    off = open_page(control, scripts=False)
    assert '<p id="x">after a script ran</p>' in on.dom
    assert '<p id="x">before</p>' in off.dom
    assert on.dom != off.dom
    assert on.requests == ["http://example.invalid/pixel.png"]
    # The picture: a script that paints at once (no timer, so every draw of one setting
    # is the same picture, as ``screenshot`` waits for).
    painted = tmp_path / "painted.html"
    painted.write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><p>page</p>'
        "<script>document.body.style.background = 'black';</script></body></html>",
        encoding="utf-8",
    )
    screenshot(painted, tmp_path / "on.png", width=400, height=300)
    screenshot(painted, tmp_path / "off.png", width=400, height=300, scripts=False)
    assert (tmp_path / "on.png").read_bytes() != (tmp_path / "off.png").read_bytes()


def test_the_script_of_the_nox_session_draws_the_readme_picture(
    sample_report: Path, tmp_path: Path
) -> None:
    """``nox -s report_screenshot`` runs ``tests/support/browser.py screenshot``; the
    picture it made is checked in as docs/report.png."""
    require()
    png = tmp_path / "report.png"
    done = subprocess.run(
        [sys.executable, str(BROWSER), "screenshot", str(sample_report), str(png), "800", "600"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"wrote {png} (800x600)\n"
    assert png_facts(png.read_bytes())[:2] == (800, 600)
    width, height, values = png_facts((ROOT / "docs" / "report.png").read_bytes())
    assert (width, height) == (1200, 1800)
    assert values > 100


@pytest.mark.parametrize("ci", ["true", ""])
def test_without_chromium_the_browser_tests_skip_but_fail_under_ci(ci: str, tmp_path: Path) -> None:
    test = tmp_path / "test_needs_chromium.py"
    test.write_text(
        "from support.browser import require\n\n\ndef test_it():\n    require()\n",
        encoding="utf-8",
    )
    env = {
        **os.environ,
        "AGENT_IR_CHROMIUM": str(tmp_path / "no-such-browser"),
        "CI": ci,
        "PYTHONPATH": str(BROWSER.parents[1]),
    }
    done = subprocess.run(
        [sys.executable, "-m", "pytest", str(test), "-q", "-rs", "-p", "no:cacheprovider"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=False,
    )
    words = " ".join(done.stdout.split())
    assert "headless Chromium is needed to open the HTML report" in words
    assert "apt-get install -y --no-install-recommends chromium" in words
    if ci:
        assert done.returncode == 1, done.stdout
        assert "under CI it must be installed" in words
    else:
        assert done.returncode == 0, done.stdout
        assert "1 skipped" in words
        assert "skipped outside CI" in words


# --- drawing a conversation ---------------------------------------------------------------


def test_a_long_session_is_drawn_with_far_messages_folded_and_calls_beside_results(
    drawn: tuple[Path, Path],
) -> None:
    require()
    _, report = drawn
    tree = parse(open_page(report).dom)
    sections = conversations(tree)
    assert len(sections) == 3  # the valid line is not drawn
    session = sections[0]
    # The problem is in message 17: messages 0-14 are folded, closed; 15-20 are open
    # (two either side of it, and one more rather than a fold of one).
    [fold] = session.find_all("details", "fold")
    assert "open" not in fold.attrs
    assert fold.find_all("summary")[0].words() == (
        "15 messages without problems (messages 0\u201314)"
    )
    folded = [int(element.attrs["data-index"]) for element in fold.find_all("article")]
    assert folded == list(range(15))
    for index in range(15, 21):
        assert all(node.tag != "details" for node in article(session, index).ancestors())
    # Thinking is collapsed; its text is inside the closed <details>.
    thinking = article(session, 15).one(cls="thinking").one("details")
    assert "open" not in thinking.attrs
    assert thinking.one("summary").words() == "Thinking (34 characters, signed)"
    assert "run it quietly" in thinking.words()
    # The arguments as formatted JSON; the call answered later says where.
    [bash] = article(session, 15).find_all("div", "call-row")
    assert bash.one("pre").text() == json.dumps(BASH_ARGUMENTS, indent=2)
    later = bash.one(cls="beside")
    assert later.words() == "Answered later, by message 19"
    assert later.one("a").attrs["href"] == f"#{session.attrs['id']}-m19"
    answer = article(session, 19)
    assert all("call-row" not in node.classes for node in answer.ancestors())
    assert "answers message 15" in answer.one("header").words()
    # Images and documents are labelled placeholders: nothing is loaded.
    user = article(session, 16)
    assert "user" in user.classes
    assert "image/png" in user.one(cls="image").words()
    assert "72 bytes" in user.one(cls="image").words()
    document = user.one(cls="document").words()
    assert "https://example.com/spec.pdf" in document
    assert "not loaded" in document
    assert user.one(cls="audio").words() == "Audio · audio/wav · 3 bytes, inline (not shown)"
    assert tree.find_all("img") == []
    assert tree.find_all("iframe") == []
    # The bad call is highlighted with its code, its (error) result beside it.
    [row] = article(session, 17).find_all("div", "call-row")
    call = row.one(cls="tool-call")
    assert "flagged" in call.classes
    assert call.one("p", "diagnostic").attrs["data-code"] == "INVALID_TOOL_ARGUMENTS"
    assert json.loads(call.one("pre").text()) == [1, 2]
    result = row.one(cls="beside").one("article")
    assert result.attrs["data-index"] == "18"
    assert "toolResult" in result.classes
    assert "error" in result.one("header").words()
    assert "https://example.com/chart.png" in result.one(cls="image").words()
    # Each diagnostic is listed at the top and links to its message.
    [item] = session.one("ul", "found").find_all("li")
    assert item.attrs["data-code"] == "INVALID_TOOL_ARGUMENTS"
    assert [link.attrs["href"] for link in item.find_all("a")] == [
        f"{DOCS_URL}codes/INVALID_TOOL_ARGUMENTS.html",  # the code's page
        f"#{session.attrs['id']}-m17",
    ]


def test_a_line_that_is_not_json_and_a_foreign_message_are_drawn_as_read(
    drawn: tuple[Path, Path],
) -> None:
    require()
    _, report = drawn
    tree = parse(open_page(report).dom)
    _, cut, wire = conversations(tree)
    assert cut.one("ul", "found").one("li").attrs["data-code"] == "INVALID_TRANSCRIPT"
    assert cut.one("pre", "raw").text() == NOT_JSON  # "<b>" as text, not bold
    assert cut.find_all("b") == []
    message = wire.one("article")
    assert "unknown" in message.classes
    assert "flagged" in message.classes
    assert message.one("header").words().startswith("tool message 0")
    assert [key.words() for key in message.find_all("span", "key")] == ["tool_call_id"]
    assert message.one("div", "block").words() == "from another format"


def test_a_wire_format_is_drawn_converted_with_its_warnings(tmp_path: Path) -> None:
    require()
    source = jsonl(
        tmp_path / "chat.jsonl",
        [
            {
                "id": "chat-1",
                "messages": [
                    {
                        "role": "user",
                        "content": [{"type": "text", "text": "hi"}, {"type": "weird"}],
                    },
                    {"role": "tool", "tool_call_id": "nope", "content": "x"},
                ],
            },
            [{"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "weird"}]}],
        ],
    )
    report = tmp_path / "report.html"
    ran = reported("--format", "openai-chat", source, report=report)
    assert ran.status == 1
    tree = parse(open_page(report).dom)
    [section] = conversations(tree)  # warnings alone do not make a transcript broken
    assert "converted from openai-chat" in section.one("h3").words()
    warnings = section.one("ul", "warnings").find_all("li")
    assert [item.attrs["data-code"] for item in warnings] == ["PART_NOT_READ", "TOOL_NAME_UNKNOWN"]
    # The IR the diagnostics point into: message 1 is the converted tool result.
    orphan = article(section, 1)
    assert {"toolResult", "flagged"} <= orphan.classes
    assert orphan.one("p", "diagnostic").attrs["data-code"] == "ORPHAN_TOOL_RESULT"
    counted = tree.one("table", "warnings").one("tbody").find_all("tr")
    assert [[cell.words() for cell in row.find_all("td")] for row in counted] == [
        ["PART_NOT_READ", "2"],
        ["TOOL_NAME_UNKNOWN", "1"],
    ]


def test_a_warning_about_a_tool_definition_names_the_tool_not_message_minus_one(
    tmp_path: Path,
) -> None:
    source = jsonl(
        tmp_path / "chat.jsonl",
        [
            {
                "messages": [{"role": "tool", "tool_call_id": "nope", "content": "x"}],
                "tools": [{"type": "web_search"}],  # a hosted tool: no IR form
            }
        ],
    )
    report = tmp_path / "report.html"
    ran = reported("--format", "openai-chat", source, report=report)
    assert ran.status == 1, ran
    [section] = conversations(parse(report.read_text(encoding="utf-8")))
    warnings = section.one("ul", "warnings").find_all("li")
    said = {item.attrs["data-code"]: item.words() for item in warnings}
    assert said["TOOL_NOT_READ"].startswith(
        "TOOL_NOT_READ openai-chat tool 0: /tools/0 (a tool of type "
    )
    assert said["TOOL_NAME_UNKNOWN"].startswith("TOOL_NAME_UNKNOWN openai-chat message 0: ")
    assert "-1" not in " ".join(said.values())


# --- hostile content ------------------------------------------------------------------------

SCRIPT = "<script>document.documentElement.setAttribute('data-pwned', 'script')</script>"
HOSTILE_STRINGS = [
    SCRIPT,
    "</style><script>document.title = 'pwned'</script><style>",
    "</pre></div></article></section><script>document.body.innerHTML = ''</script>",
    "<img src=x onerror=\"document.body.setAttribute('data-pwned', 'img')\">",
    "<svg onload=\"document.body.setAttribute('data-pwned', 'svg')\"></svg>",
    '"><script>document.body.className = "pwned"</script>',
    "' onmouseover='alert(1)' x='",
    "<!-- <![CDATA[ ]]> -->",
    "&lt;script&gt; &amp; &#x3C;b&#x3E; &nbsp;",
    '<meta http-equiv="refresh" content="0; url=https://example.invalid/">',
    '<base href="https://example.invalid/">',
    "javascript:alert(1)",
]
HUGE = "A" * 1_000_000


def _hostile_lines() -> list[str]:
    """JSON lines holding the hostile strings everywhere the page shows data."""
    lines = []
    for number, text in enumerate(HOSTILE_STRINGS):
        call = f"call-{text}"
        messages = [
            {"role": "system", "id": text, "content": text},
            {"role": "user", "id": f"u{number}", "content": [{"type": "text", "text": text}]},
            {
                "role": "assistant",
                "id": f"a{number}",
                "model": text,
                "content": [
                    {"type": "thinking", "thinking": text},
                    {"type": "toolCall", "id": call, "name": text, "arguments": {text: [text]}},
                    {"type": "image", "source": {"type": "url", "url": text}},
                    {"type": "document", "source": {"type": "file", "fileId": text}},
                    {"type": text, "value": text},
                ],
            },
            {
                "role": "toolResult",
                "id": f"r{number}",
                "toolCallId": call,
                "toolName": f"{text}!",  # TOOL_NAME_MISMATCH, whose sentence holds it
                "content": text,
                "isError": False,
            },
            {"role": text, text: text},
        ]
        lines.append(json.dumps({"id": text, "messages": messages}))
    # Lone surrogates (escaped in JSON), control characters and a 1 MB string.
    lines.append(
        '{"id": "\\ud800", "messages": [{"role": "user", "id": "\\udfff\\u0000\\u001b[31m", '
        '"content": "lone \\ud800 and \\udc00 \\u0007 \\u202e"}, {"role": "user"}]}'
    )
    huge = [
        {"role": "user", "id": "big", "content": HUGE},
        {"role": "toolResult", "id": "r", "toolCallId": HUGE, "toolName": HUGE, "content": HUGE},
    ]
    lines.append(json.dumps({"id": "huge", "messages": huge}))
    lines.append(SCRIPT)  # a line that is not JSON at all
    lines.append("[" * 100_000)  # nested deeper than any parser goes
    return lines


@pytest.fixture(scope="module")
def hostile_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hostile")
    # The file name is shown too.
    source = root / "<img src=x onerror=alert(1)> & <b>.jsonl"
    source.write_text("\n".join(_hostile_lines()) + "\n", encoding="utf-8")
    report = root / "report.html"
    ran = reported(source, report=report)
    assert ran.status == 1
    return report


def test_a_hostile_report_runs_no_script_and_shows_the_data_as_text(hostile_report: Path) -> None:
    require()
    began = time.monotonic()
    on = open_page(hostile_report, net_log=True)
    off = open_page(hostile_report, scripts=False)
    print(f"two chromium --dump-dom of the hostile report: {time.monotonic() - began:.2f} s")
    # No script of the data ran: the DOM is the one built with JavaScript blocked, and
    # the one the file describes.
    assert on.dom == off.dom
    tree = parse(on.dom)
    assert outline(tree) == outline(parse(page_of(hostile_report)))
    assert all("pwned" not in value for element in tree.iter() for value in element.attrs.values())
    assert on.requests == []
    # No element or attribute came from the data.
    assert tree.find_all("script") == []
    assert tree.find_all("img") == []
    assert tree.find_all("base") == []
    assert tree.find_all("iframe") == []
    assert all(not name.startswith("on") for element in tree.iter() for name in element.attrs), (
        "an event handler attribute"
    )
    assert len(tree.find_all("meta")) == 4
    assert len(tree.find_all("style")) == 1
    assert len(tree.find_all("svg")) == 1  # the chart only
    assert tree.one("head").one("title").words().startswith("agent-ir report:")
    # Every hostile string is on the page as text.
    text = tree.text()
    for hostile in HOSTILE_STRINGS:
        assert hostile in text, hostile
    assert "<img src=x onerror=alert(1)> & <b>.jsonl" in text  # the file name
    assert "lone \\ud800 and \\udc00 \\x07" in text  # lone surrogates made visible
    assert "\\udfff\\x00\\x1b[31m" in text
    # The 1 MB strings are cut, and the page stays small.
    assert "A" * 2000 + "… 998,000 more characters" in text
    assert "A" * 2001 not in text
    assert hostile_report.stat().st_size < 400_000
    drawn = conversations(tree)
    assert len(drawn) == len(HOSTILE_STRINGS) + 4


def test_the_hostile_report_is_drawn_as_the_data_says(hostile_report: Path) -> None:
    """Without a browser: the conversations of the hostile lines, read from the file."""
    tree = parse(page_of(hostile_report))
    drawn = conversations(tree)
    for section, hostile in zip(drawn, HOSTILE_STRINGS, strict=False):
        assert section.one("h3").one("span", "id").text() == hostile
        assert article(section, 0).one(cls="text").text() == hostile
        codes = {item.attrs["data-code"] for item in section.one("ul", "found").find_all("li")}
        assert codes == {"INVALID_MESSAGE", "TOOL_NAME_MISMATCH"}
    *_, surrogates, huge, not_json, deep = drawn
    assert "\\ud800" in surrogates.one("h3").words()
    assert huge.find_all(cls="cut")
    assert not_json.one("pre", "raw").text() == SCRIPT
    assert deep.one("ul", "found").one("li").attrs["data-code"] == "INVALID_TRANSCRIPT"


# --- without a browser: the page as written -------------------------------------------------


def test_the_page_is_self_contained_and_the_text_report_is_unchanged(
    sample_report: Path, tmp_path: Path
) -> None:
    page = page_of(sample_report)
    tree = parse(page)
    # Nothing to fetch: no URL in any attribute but links inside the page and the links
    # of the codes to their pages (followed only when clicked), no url() or @import in
    # the style, no script, and a policy that forbids loading anything.
    code_page = re.compile(re.escape(DOCS_URL) + r"codes/[A-Z_]+\.html")
    for element in tree.iter():
        for name, value in element.attrs.items():
            if name in ("href", "src", "xlink:href", "action", "srcset", "poster", "data"):
                if element.tag == "a" and "code-page" in element.classes:
                    assert code_page.fullmatch(value), value
                    continue
                assert (name, value[:1]) == ("href", "#"), (element.tag, name, value)
    style = tree.one("style").text()
    assert "url(" not in style
    assert "@import" not in style
    assert tree.find_all("script") == []
    assert "<script" not in page
    assert f'content="{CSP}"' in page
    # Every link but the codes' pages goes somewhere on the page.
    anchors = {element.attrs["id"] for element in tree.iter() if "id" in element.attrs}
    links = [
        e.attrs["href"][1:]
        for e in tree.find_all("a")
        if "href" in e.attrs and "code-page" not in e.classes
    ]
    assert links
    assert set(links) <= anchors
    assert len(page) < 40_000
    # The report on standard output is the one without --report.
    plain = run("validate", "--quiet", "fixtures/transcripts/sample.jsonl", cwd=ROOT)
    again = reported("fixtures/transcripts/sample.jsonl", report=tmp_path / "r.html", cwd=ROOT)
    assert again.lines()[:-1] == plain.lines()[:-1]
    assert again.stderr == b""  # --quiet: not even the line about the page


def test_the_command_says_where_the_page_is(tmp_path: Path) -> None:
    report = tmp_path / "report.html"
    ran = run("validate", SAMPLE, "--report", report, "--report-limit", "2")
    assert ran.status == 1, ran
    assert ran.err == f"agent-ir: wrote {report} (2 broken transcripts drawn, 3 more counted)\n"


def test_json_output_with_a_report(tmp_path: Path) -> None:
    report = tmp_path / "report.html"
    ran = reported("--output", "json", SAMPLE, report=report)
    records = json_lines(ran)
    assert records[-1]["summary"]["invalid"] == 5
    assert len(conversations(parse(page_of(report)))) == 5


def test_the_report_limit_draws_the_first_n_and_counts_the_rest(tmp_path: Path) -> None:
    report = tmp_path / "report.html"
    reported(SAMPLE, "--report-limit", "2", report=report)
    tree = parse(page_of(report))
    assert [section.attrs["data-line"] for section in conversations(tree)] == ["10", "11"]
    assert len(tree.one("table", "broken").one("tbody").find_all("tr")) == 2
    more = tree.one("p", "more").words()
    assert more == (
        "… and 3 more broken transcripts, counted above but not drawn (--report-limit 2)."
    )
    assert stats(tree)["Invalid"] == "5"  # the summary counts all


def test_the_bars_of_the_chart_are_as_long_as_their_counts(tmp_path: Path) -> None:
    orphan = {"role": "toolResult", "id": "r", "toolCallId": "x", "toolName": "t"}
    source = jsonl(
        tmp_path / "counts.jsonl",
        [
            [{"role": "nobody"}] * 8,  # 8 INVALID_MESSAGE
            [{**orphan, "content": "a", "isError": False}],  # 1 ORPHAN_TOOL_RESULT
            [{**orphan, "toolCallId": "y", "content": "a", "isError": False}],  # and another
            [{"role": "user", "id": " ", "content": "a"}],  # 1 more INVALID_MESSAGE
        ],
    )
    report = tmp_path / "report.html"
    reported(source, report=report)
    bars = parse(page_of(report)).one("svg", "chart").find_all("rect", "bar")
    counts = {bar.attrs["data-code"]: int(bar.attrs["data-count"]) for bar in bars}
    assert counts == {"INVALID_MESSAGE": 9, "ORPHAN_TOOL_RESULT": 2}
    # On an axis from 0 to 10 in steps of 2, each bar as long as its count on it.
    chart = parse(page_of(report)).one("svg", "chart")
    ticks = {int(tick.words()): int(tick.attrs["x"]) for tick in chart.find_all("text", "tick")}
    assert list(ticks) == [0, 2, 4, 6, 8, 10]
    for bar in bars:
        assert int(bar.attrs["x"]) == ticks[0]
        end = ticks[0] + (ticks[10] - ticks[0]) * int(bar.attrs["data-count"]) / 10
        assert abs(int(bar.attrs["x"]) + int(bar.attrs["width"]) - end) <= 1, bar.attrs


def test_equal_counts_are_equal_bars_that_end_at_their_count_on_the_axis(
    sample_report: Path,
) -> None:
    """Five codes counted once each drew five bars as wide as the chart (issue 26): a
    count of 1 now ends at the 1 of an axis from 0 to 5, as five would end at 5."""
    chart = parse(page_of(sample_report)).one("svg", "chart")
    ticks = {int(tick.words()): int(tick.attrs["x"]) for tick in chart.find_all("text", "tick")}
    assert list(ticks) == [0, 1, 2, 3, 4, 5]
    grid = [int(line.attrs["x1"]) for line in chart.find_all("line", "grid")]
    assert grid == list(ticks.values())  # a grid line at each tick
    bars = chart.find_all("rect", "bar")
    assert len(bars) == 5
    for bar in bars:
        assert bar.attrs["data-count"] == "1"
        assert int(bar.attrs["x"]) == ticks[0]
        assert int(bar.attrs["x"]) + int(bar.attrs["width"]) == ticks[1]


@pytest.mark.parametrize(
    ("top", "ticks"),
    [
        (1, [0, 1, 2, 3, 4, 5]),
        (5, [0, 1, 2, 3, 4, 5]),
        (6, [0, 2, 4, 6]),
        (9, [0, 2, 4, 6, 8, 10]),
        (11, [0, 5, 10, 15]),
        (100, [0, 20, 40, 60, 80, 100]),
        (1234, [0, 500, 1000, 1500]),
    ],
)
def test_the_axis_ends_at_a_round_number_at_or_above_the_largest_count(
    top: int, ticks: list[int]
) -> None:
    from agent_ir.cli._html._page import axis_end

    end, step = axis_end(top)
    assert list(range(0, end + 1, step)) == ticks


def test_the_report_says_what_to_do_about_each_code(sample_report: Path) -> None:
    from agent_ir.cli._html._codes import CODE_FIXES

    tree = parse(page_of(sample_report))
    table = tree.one("table", "codes")
    assert [cell.words() for cell in table.one("thead").find_all("th")][-1] == "What to do"
    for row in table.one("tbody").find_all("tr"):
        code = row.find_all("td")[0].words()
        assert row.one("td", "fix").words() == CODE_FIXES[code]
    for section, (_, _, _, code, _, _) in zip(conversations(tree), SAMPLE_DIAGNOSTICS, strict=True):
        [fix] = section.one("ul", "fixes").find_all("li")
        assert fix.attrs["data-code"] == code
        assert fix.words() == f"{code} {CODE_FIXES[code]}"
    assert "repair_transcript" in CODE_FIXES["MISSING_TOOL_RESULT"]


def test_the_report_numbers_lines_and_messages_as_the_text_output_does(
    sample_report: Path,
) -> None:
    """``FILE:LINE: [ID] message N CODE`` in the text output is, in the report, the
    conversation of ``FILE:LINE`` whose message N (its label, its link) has CODE."""
    printed = run("validate", "fixtures/transcripts/sample.jsonl", cwd=ROOT).out.splitlines()
    lines = [
        re.fullmatch(r"(\S+):(\d+): \[(\S+)\] message (\d+) ([A-Z_]+): .*", line)
        for line in printed
    ]
    found = [match.groups() for match in lines if match]
    assert len(found) == len(SAMPLE_DIAGNOSTICS)
    tree = parse(page_of(sample_report))
    by_line = {section.attrs["data-line"]: section for section in conversations(tree)}
    for name, line, transcript, index, code in found:
        section = by_line[line]
        assert f"{name}:{line} {transcript}" in section.one("h3").words()
        [listed] = section.one("ul", "found").find_all("li")
        assert listed.words().startswith(f"{code} message {index}: ")
        # Its code links to the code's page; its message label to the message.
        [anchor] = [
            a.attrs["href"].removeprefix("#")
            for a in listed.find_all("a")
            if a.attrs["href"].startswith("#")
        ]
        assert listed.one("a", "code-page").words() == code
        [message] = [a for a in section.find_all("article") if a.attrs.get("id") == anchor]
        assert message.attrs["data-index"] == index
        label = message.find_all("span", "index")[0]  # its own (results may sit beside)
        assert label.words() == f"message {index}"
        assert code in [n.attrs["data-code"] for n in message.find_all("p", "diagnostic")]
    numbering = tree.one("p", "numbering").words()
    assert "lines from 1" in numbering
    assert "messages from 0" in numbering


def test_an_existing_file_is_replaced(tmp_path: Path) -> None:
    report = tmp_path / "report.html"
    report.write_text("old report " * 10_000)
    reported(SAMPLE, report=report)
    assert "old report" not in page_of(report)
    assert page_of(report).startswith("<!DOCTYPE html>")


def test_a_valid_dataset_has_a_report_without_conversations(tmp_path: Path) -> None:
    source = jsonl(tmp_path / "ok.jsonl", [[{"role": "user", "id": "u", "content": "hi"}]])
    report = tmp_path / "report.html"
    ran = reported(source, report=report)
    assert ran.status == 0
    tree = parse(page_of(report))
    assert conversations(tree) == []
    assert tree.find_all("svg") == []
    assert tree.one("p", "none").words() == "No diagnostics: every transcript is valid."
    assert stats(tree)["Valid"] == "1"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--report-limit", "0"], "argument --report-limit: must be a whole number >= 1"),
        (["--report-limit", "5"], "--report-limit is for --report FILE"),
    ],
)
def test_report_usage_errors(arguments: list[str], message: str) -> None:
    ran = run("validate", SAMPLE, *arguments)
    assert (ran.status, ran.stdout) == (2, b""), ran
    assert "usage: agent-ir validate" in ran.err
    assert message in ran.err


def test_a_report_that_cannot_be_written_stops_before_checking(tmp_path: Path) -> None:
    for target, reason in [
        (tmp_path / "missing" / "report.html", "no such file or directory"),
        (tmp_path, "is a directory"),
    ]:
        ran = run("validate", SAMPLE, "--report", target)
        assert (ran.status, ran.stdout) == (2, b""), ran
        assert ran.err == f"agent-ir: cannot write the report {target}: {reason}\n"


def test_the_help_names_the_options() -> None:
    ran = run("validate", "--help")
    words = " ".join(ran.out.split())
    assert "--report FILE also write an HTML report to FILE" in words
    assert "--report-limit N draw the first N broken transcripts in the report (default: 50)" in (
        words
    )


def test_starting_the_command_loads_neither_the_report_nor_the_validate_command() -> None:
    # The help needs only the report's default limit: importing agent_ir.cli (what the
    # console script does first) must not pay for the HTML report or the checks.
    code = "import sys, agent_ir.cli; print(*sorted(m for m in sys.modules if 'cli.' in m))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = done.stdout.split()
    assert "agent_ir.cli._defaults" in loaded
    assert "agent_ir.cli._html" not in loaded
    assert "agent_ir.cli._validate" not in loaded


# --- every engine and input: the same page ----------------------------------------------


def test_every_local_engine_and_input_gives_the_same_page(
    big_dataset: Dataset, tmp_path: Path
) -> None:
    pages = {}
    for jobs in ("1", "2"):
        report = tmp_path / f"jobs-{jobs}.html"
        reported("--jobs", jobs, big_dataset.path, report=report)
        pages[jobs] = without_time(page_of(report))
    assert pages["1"] == pages["2"]
    tree = parse(pages["2"])
    invalid = sorted(big_dataset.invalid)
    drawn = [int(section.attrs["data-line"]) for section in conversations(tree)]
    assert drawn == invalid[:50]
    assert tree.one("p", "more").words().startswith(f"… and {len(invalid) - 50:,} more")
    assert len(pages["1"]) < 500_000  # 50 transcripts drawn, ~1,000 counted: small
    # A smaller limit across blocks and workers: still the first ones.
    report = tmp_path / "seven.html"
    reported("--jobs", "2", "--report-limit", "7", big_dataset.path, report=report)
    tree = parse(page_of(report))
    assert [int(s.attrs["data-line"]) for s in conversations(tree)] == invalid[:7]
    # Standard input, gzip: the same page, but for the name of the input.
    data = big_dataset.path.read_bytes()
    (tmp_path / "big.jsonl.gz").write_bytes(gzip.compress(data, compresslevel=1))
    expected = below_header(pages["1"], str(big_dataset.path))
    for arguments, stdin, name in [
        (["-"], data, "<stdin>"),
        ([str(tmp_path / "big.jsonl.gz")], None, str(tmp_path / "big.jsonl.gz")),
    ]:
        report = tmp_path / "other.html"
        reported(*arguments, report=report, stdin=stdin)
        assert below_header(without_time(page_of(report)), name) == expected, name


def below_header(page: str, name: str) -> str:
    """The page from its summary on (the header names the paths given), the name of the
    input replaced by NAME."""
    return page.split('<section id="summary">', 1)[1].replace(html.escape(name), "NAME")


def test_a_json_file_and_a_directory_are_drawn(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "one.json").write_text(json.dumps({"id": "pretty", "messages": LONG_SESSION}, indent=2))
    (data / "lines.jsonl").write_bytes(SAMPLE.read_bytes())
    report = tmp_path / "report.html"
    reported(data, report=report)
    tree = parse(page_of(report))
    heads = [section.one("h3").words() for section in conversations(tree)]
    assert heads[0].endswith("lines.jsonl:10 orphan-result-after-trim")
    assert heads[-1].endswith("one.json:1 pretty")
    assert len(heads) == 6


def test_the_page_stays_small_for_a_huge_transcript(tmp_path: Path) -> None:
    messages: list[dict[str, Any]] = [
        {"role": "user", "id": f"u{n}", "content": f"message {n} " + "x" * 1000}
        for n in range(3000)
    ]
    messages[1500] = {"role": "user", "id": " ", "content": "blank id"}
    messages[2999]["content"] = [{"type": "text", "text": "y"}] * 5000
    too_long = [{"role": "user", "id": " ", "content": "z" * TEXT_BYTES}]
    source = jsonl(tmp_path / "huge.jsonl", [messages, too_long])
    report = tmp_path / "report.html"
    reported(source, report=report)
    page = page_of(report)
    assert len(page) < 1_000_000
    tree = parse(page)
    section, cut = conversations(tree)
    assert cut.one("p", "none").words() == (
        f"This transcript is {TEXT_BYTES + 44:,} bytes of JSON, too long to draw; it begins:"
    )
    assert cut.one("pre", "raw").text().startswith('[{"role": "user", "id": " ", "content": "zz')
    flagged = [e for e in section.iter() if "flagged" in e.classes]
    assert [message_of(e).attrs["data-index"] for e in flagged] == ["1500"]
    folds = section.find_all("details", "fold")
    assert [fold.one("summary").words() for fold in folds] == [
        "1,498 messages without problems (messages 0\u20131497)",
        "1,497 messages without problems (messages 1503\u20132999)",
    ]
    assert all(len(fold.find_all("article")) <= 100 for fold in folds)
    assert "not drawn: the report keeps each transcript small" in folds[0].words()


# --- what the engines carry: the texts of the first broken transcripts ---------------------


def test_a_block_keeps_the_text_of_its_first_broken_transcripts_only() -> None:
    data = SAMPLE.read_bytes()
    lines = data.split(b"\n")
    assert (
        check_block(data, 1, False).invalid == check_block(data, 1, False, Checks(keep=0)).invalid
    )
    for keep in range(7):
        result = check_block(data, 1, False, Checks(keep=keep))
        texts = [found.text for found in result.invalid]
        expected = [lines[found.line - 1] for found in result.invalid]
        assert texts == expected[:keep] + [None] * (len(expected) - keep)
    # A text longer than TEXT_BYTES keeps its beginning, the rest counted.
    long = json.dumps([{"role": "user", "id": " ", "content": "z" * TEXT_BYTES}]).encode()
    [found] = check_block(long, 1, False, Checks(keep=1)).invalid
    assert found.text == long[:TEXT_BYTES]
    assert found.cut == len(long) - TEXT_BYTES


def test_kept_texts_are_counted_across_blocks() -> None:
    data = SAMPLE.read_bytes()
    texts = KeptTexts(Checks(keep=7))
    kept = []
    for _ in range(3):  # three blocks of five broken transcripts each
        result = texts.count(check_block(data, 1, False, texts.checks()))
        kept.append(sum(found.text is not None for found in result.invalid))
    assert kept == [5, 2, 0]
    assert KeptTexts(Checks()).checks() == Checks()


# --- Dask: the same page as the local engine ---------------------------------------------------


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    try:
        import dask.bag  # noqa: F401
        from distributed import LocalCluster
    except ImportError:
        if os.environ.get("CI", "").lower() == "true":
            raise
        pytest.skip("--engine dask needs the dask extra (pip install -e '.[dask]')")
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


def test_the_dask_engine_writes_the_page_of_the_local_engine(
    scheduler: str, tmp_path: Path
) -> None:
    dataset = write_dataset(tmp_path / "spread.jsonl", 100_000)
    assert len(dataset.invalid) > 20
    # The file is cut into ranges of 4 KiB (~15 tasks), each keeping its own texts.
    on_dask = ["--engine", "dask", "--scheduler", scheduler, "--dask-range-size", "4KiB"]
    for arguments in (["--report-limit", "7"], [], ["--format", "openai-chat"]):
        pages = []
        for engine in (on_dask, ["--jobs", "1"]):
            report = tmp_path / "report.html"
            ran = run(
                "validate",
                "--quiet",
                *engine,
                *arguments,
                "spread.jsonl",
                SAMPLE,
                "--report",
                report,
                cwd=tmp_path,
            )
            assert ran.status == 1, ran
            pages.append(without_time(page_of(report)))
        assert pages[0] == pages[1], arguments
        drawn = conversations(parse(pages[0]))
        if arguments[:1] == ["--report-limit"]:
            assert len(drawn) == 7
        elif not arguments:
            assert len(drawn) == len(dataset.invalid) + len(SAMPLE_DIAGNOSTICS)


def test_an_engine_that_cannot_start_leaves_no_page(tmp_path: Path) -> None:
    report = tmp_path / "report.html"
    ran = run(
        "validate", "--engine", "dask", "--scheduler", "tcp://127.0.0.1", SAMPLE, "--report", report
    )
    assert ran.status == 2, ran
    assert not report.exists()


def test_refusals_and_server_tool_blocks_are_drawn_as_what_they_are(tmp_path: Path) -> None:
    """A refusal shows its words, marked as a refusal; a server-tool call its provider,
    name, id and input; its result the provider, the call it answers and the JSON (not
    "a refusal block" drawn as an unknown block). Parsed, no browser needed."""
    source = jsonl(
        tmp_path / "hosted.jsonl",
        [
            {
                "id": "hosted",
                "messages": [
                    {"role": "user", "id": "u0", "content": "Weather in Paris?"},
                    {
                        "role": "assistant",
                        "id": "a1",
                        "content": [
                            {
                                "type": "serverToolCall",
                                "provider": "anthropic",
                                "id": "srvtoolu_01",
                                "name": "web_search",
                                "input": {"query": "paris <weather>"},
                            },
                            {
                                "type": "serverToolResult",
                                "provider": "anthropic",
                                "toolCallId": "srvtoolu_01",
                                "wire": {"type": "web_search_tool_result", "content": []},
                            },
                            {
                                "type": "serverToolResult",
                                "provider": "anthropic",
                                "toolCallId": "srvtoolu_99",
                                "wire": {"type": "web_search_tool_result", "content": []},
                            },
                        ],
                    },
                    {
                        "role": "assistant",
                        "id": "a2",
                        "content": [{"type": "refusal", "text": "I can't help with <that>."}],
                        "stopReason": "refusal",
                    },
                ],
            }
        ],
    )
    report = tmp_path / "report.html"
    ran = reported(source, report=report)
    assert ran.status == 1  # the second result answers no server-tool call
    page = page_of(report)
    tree = parse(page)
    [section] = conversations(tree)
    assert section.find_all(cls="unknown") == []
    call, answered, orphan = article(section, 1).find_all("div", "server-tool")
    assert call.one(cls="call-head").words() == "Server tool call web_search anthropic srvtoolu_01"
    assert json.loads(call.one("pre", "input").text()) == {"query": "paris <weather>"}
    assert answered.one(cls="call-head").words() == "Server tool result anthropic for srvtoolu_01"
    assert json.loads(answered.one("pre", "wire").text())["type"] == "web_search_tool_result"
    assert "flagged" not in answered.classes
    assert "flagged" in orphan.classes  # ORPHAN_SERVER_TOOL_RESULT points at its block
    [item] = section.one("ul", "found").find_all("li")
    assert item.attrs["data-code"] == "ORPHAN_SERVER_TOOL_RESULT"
    refusal = article(section, 2).one("div", "refusal")
    assert refusal.one(cls="call-label").words() == "Refusal"
    assert refusal.one("div", "text").text() == "I can't help with <that>."
    assert "&lt;that&gt;" in page  # escaped, as every text
