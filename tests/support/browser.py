"""Opening pages in headless Chromium (Debian's ``chromium`` package), as a person
would, for the tests of ``agent-ir validate --report`` and ``nox -s report_screenshot``.

``find()`` is the browser: ``$AGENT_IR_CHROMIUM``, else ``chromium`` (Debian's),
``chromium-browser`` or ``google-chrome`` on ``PATH``. ``require()`` hands it to a test,
or skips the test saying how to install it; under CI (``CI=true``) a missing browser
fails the test instead (``.ci/run`` installs it).

``open_page(page)`` loads a local file and returns the DOM Chromium built (after
scripts ran and timers were given time), optionally with the network requests the page
made (from Chromium's net log). ``scripts=False`` opens it in a profile that blocks
JavaScript, as a person who disabled it does. ``screenshot(page, png)`` draws it.
``open_logged(page)`` also returns what the page wrote to its console (every level:
Chromium logs them alike; an uncaught exception is one), for the documentation site's
test.

``parse(html)`` builds a small tree (the standard library's ``html.parser``) to query a
dumped DOM; ``outline(tree)`` is what a comparison of two DOMs looks at.

As a script: ``python tests/support/browser.py screenshot PAGE.html OUT.png
[WIDTH HEIGHT]`` (used by ``nox -s report_screenshot``).
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

__all__ = [
    "Element",
    "Page",
    "find",
    "open_logged",
    "open_page",
    "outline",
    "parse",
    "png_facts",
    "require",
    "screenshot",
]

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
INSTALL = "apt-get install -y --no-install-recommends chromium"
TIMEOUT = 120

# A fresh profile per run; no sandbox (CI runs as root in a container, where Chromium's
# sandbox cannot start); none of Chromium's own background traffic, so that the net log
# holds what the page asked for.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-extensions",
    "--disable-sync",
    "--hide-scrollbars",
    "--mute-audio",
    "--force-device-scale-factor=1",
]
# Block JavaScript for every site, as the content setting of a person's profile does
# (--blink-settings=scriptEnabled=false would also stop --dump-dom itself).
NO_SCRIPTS = {"profile": {"default_content_setting_values": {"javascript": 2}}}


def find() -> str | None:
    """The Chromium to run, or None."""
    given = os.environ.get("AGENT_IR_CHROMIUM")
    if given:
        return shutil.which(given) or (given if Path(given).is_file() else None)
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def require() -> str:
    """The browser for a test: skipped when there is none, but failed under CI."""
    import pytest  # only the tests need it; the script form runs without pytest

    found = find()
    if found:
        return found
    message = (
        "headless Chromium is needed to open the HTML report "
        f"(Debian: {INSTALL}; or set AGENT_IR_CHROMIUM)"
    )
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{message}; under CI it must be installed (.ci/run does it)")
    pytest.skip(f"{message}: skipped outside CI")


def _run(arguments: list[str], *, scripts: bool) -> subprocess.CompletedProcess[bytes]:
    browser = find()
    if browser is None:
        raise RuntimeError(f"Chromium not found ({INSTALL})")
    with tempfile.TemporaryDirectory(prefix="agent-ir-chromium-") as profile:
        if not scripts:
            (Path(profile) / "Default").mkdir()
            (Path(profile) / "Default" / "Preferences").write_text(json.dumps(NO_SCRIPTS))
        done = subprocess.run(
            [browser, *FLAGS, f"--user-data-dir={profile}", *arguments],
            capture_output=True,
            timeout=TIMEOUT,
            check=False,
        )
    if done.returncode != 0:
        raise RuntimeError(
            f"Chromium failed ({done.returncode}): {done.stderr.decode(errors='replace')[-2000:]}"
        )
    return done


@dataclass(frozen=True)
class Page:
    """What Chromium made of a page: its DOM serialized, and the URLs it requested
    over the network (None when not recorded)."""

    dom: str
    requests: list[str] | None


def open_page(page: Path, *, scripts: bool = True, net_log: bool = False, query: str = "") -> Page:
    """Load ``page`` (a local file; ``query``, if any, after a ``?``) and dump its DOM
    once it has loaded; timers get two seconds of virtual time first, so a script that
    waits is caught too."""
    with tempfile.TemporaryDirectory(prefix="agent-ir-netlog-") as directory:
        log = Path(directory) / "net.json"
        extra = [f"--log-net-log={log}"] if net_log else []
        done = _run(
            [
                *extra,
                "--virtual-time-budget=2000",
                "--dump-dom",
                page.resolve().as_uri() + (f"?{query}" if query else ""),
            ],
            scripts=scripts,
        )
        requests = _requests(log) if net_log else None
    dom = done.stdout.decode("utf-8")
    if not dom.strip():
        raise RuntimeError(f"Chromium dumped no DOM: {done.stderr.decode(errors='replace')}")
    return Page(dom, requests)


@dataclass(frozen=True)
class Logged:
    """A page opened with its console recorded."""

    dom: str
    console: list[str]


def open_logged(page: Path) -> Logged:
    """Load ``page`` with scripts, as ``open_page`` does, recording every console
    message (Chromium's ``CONSOLE`` log lines, of every level)."""
    done = _run(
        [
            "--enable-logging=stderr",
            "--v=0",
            "--virtual-time-budget=3000",
            "--dump-dom",
            page.resolve().as_uri(),
        ],
        scripts=True,
    )
    console = [
        line.split("] ", 1)[-1]
        for line in done.stderr.decode("utf-8", "replace").splitlines()
        if ":CONSOLE" in line
    ]
    return Logged(done.stdout.decode("utf-8"), console)


def _requests(log: Path) -> list[str]:
    """The URLs of network requests started for a page opened from a file (their site
    is file://), from Chromium's net log; Chromium's own requests have another site."""
    data = json.loads(log.read_text(encoding="utf-8"))
    start = data["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    found = []
    for event in data["events"]:
        parameters = event.get("params", {})
        if event["type"] != start or "url" not in parameters:
            continue
        if parameters["url"].startswith("file:"):
            continue
        if "site=file://" in parameters.get("site_for_cookies", "") or (
            parameters.get("initiator") == "null"
        ):
            found.append(parameters["url"])
    return found


def screenshot(
    page: Path,
    png: Path,
    *,
    width: int = 1200,
    height: int = 1600,
    scripts: bool = True,
    attempts: int = 6,
) -> None:
    """Draw ``page`` at ``width`` x ``height`` CSS pixels into ``png``: the first picture
    that two draws in a row agree on.

    Headless Chromium may take its screenshot before the last tiles are rasterized: on a
    loaded machine (three browsers at once on two cores) about one shot in 40 has a blank
    strip at the bottom, and neither ``--run-all-compositor-stages-before-draw`` nor
    ``--virtual-time-budget`` prevents it (both made it more frequent here). So, as
    Playwright's screenshot assertions do, draw until two consecutive pictures are the
    same; a page that never settles fails.
    """
    png.parent.mkdir(parents=True, exist_ok=True)
    previous: bytes | None = None
    for _ in range(attempts):
        png.unlink(missing_ok=True)
        _run(
            [
                f"--window-size={width},{height}",
                f"--screenshot={png.resolve()}",
                page.resolve().as_uri(),
            ],
            scripts=scripts,
        )
        if not png.is_file():
            raise RuntimeError(f"Chromium wrote no screenshot to {png}")
        drawn = png.read_bytes()
        if drawn == previous:
            return
        previous = drawn
    raise RuntimeError(f"Chromium drew {page} differently {attempts} times in a row")


def png_facts(data: bytes) -> tuple[int, int, int]:
    """(width, height, distinct byte values of the decoded image data) of a PNG: a
    blank page decodes to very few distinct values."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    position, chunks = 8, []
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        if kind == b"IDAT":
            chunks.append(data[position + 8 : position + 8 + length])
        position += 12 + length
    pixels = zlib.decompress(b"".join(chunks))
    return width, height, len(set(pixels))


# --- a small DOM, to query what Chromium built --------------------------------------------

_VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)


@dataclass(eq=False)
class Element:
    """An element (``tag`` "#document" for the root) with its attributes and children
    (elements and text)."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Element | str] = field(default_factory=list)
    parent: Element | None = None

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def iter(self) -> Iterator[Element]:
        """This element and every element inside it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None) -> list[Element]:
        return [
            element
            for element in self.iter()
            if element is not self
            and (tag is None or element.tag == tag)
            and (cls is None or cls in element.classes)
        ]

    def one(self, tag: str | None = None, cls: str | None = None) -> Element:
        found = self.find_all(tag, cls)
        assert len(found) == 1, (tag, cls, len(found))
        return found[0]

    def text(self) -> str:
        return "".join(child if isinstance(child, str) else child.text() for child in self.children)

    def words(self) -> str:
        """The text with its whitespace collapsed."""
        return " ".join(self.text().split())

    def ancestors(self) -> Iterator[Element]:
        node = self.parent
        while node is not None:
            yield node
            node = node.parent


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document")
        self.node = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {key: value or "" for key, value in attrs}, parent=self.node)
        self.node.children.append(element)
        if tag not in _VOID:
            self.node = element

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.node.children.append(
            Element(tag, {key: value or "" for key, value in attrs}, parent=self.node)
        )

    def handle_endtag(self, tag: str) -> None:
        node: Element | None = self.node
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.node = node.parent

    def handle_data(self, data: str) -> None:
        children = self.node.children
        if children and isinstance(children[-1], str):
            children[-1] += data
        else:
            children.append(data)


def parse(text: str) -> Element:
    """The tree of an HTML document (a file as written, or a DOM Chromium dumped)."""
    builder = _Builder()
    builder.feed(text)
    builder.close()
    return builder.root


def outline(root: Element) -> list[tuple[str, ...]]:
    """Every element (its tag and attributes, sorted) and every piece of text (its
    whitespace collapsed) in document order: two DOMs with equal outlines hold the same
    elements, attributes and text."""
    found: list[tuple[str, ...]] = []

    def walk(element: Element) -> None:
        found.append((element.tag, *(f"{k}={v}" for k, v in sorted(element.attrs.items()))))
        for child in element.children:
            if isinstance(child, Element):
                walk(child)
            elif child.split():
                found.append(("#text", " ".join(child.split())))

    walk(root)
    return found


def _main(arguments: list[str]) -> int:
    if len(arguments) not in (3, 5) or arguments[0] != "screenshot":
        print(
            "usage: python tests/support/browser.py screenshot PAGE.html OUT.png [WIDTH HEIGHT]",
            file=sys.stderr,
        )
        return 2
    if find() is None:
        print(f"Chromium not found: {INSTALL} (or set AGENT_IR_CHROMIUM)", file=sys.stderr)
        return 1
    size = [int(value) for value in arguments[3:5]] or [1200, 1600]
    screenshot(Path(arguments[1]), Path(arguments[2]), width=size[0], height=size[1])
    print(f"wrote {arguments[2]} ({size[0]}x{size[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
