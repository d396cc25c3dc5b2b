"""The documentation site opened from disk (``site/index.html``, as the README says):
search works, and no page loads anything from the network (issue 37: every page asked
Google Fonts for its fonts, and search needed a server).

Two checks: every page, style sheet and style attribute of the built site names no
resource outside it (a plain link in the text to another site is no resource); and
headless Chromium, opening pages from disk with its net log on, requests nothing but
files, search included."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from support.browser import open_page, parse, require

# What a browser fetches by itself when it meets the element (a link: any relation,
# a stylesheet as well as a preconnect or an icon).
_LOADED = {
    "script": ("src",),
    "link": ("href",),
    "img": ("src", "srcset"),
    "source": ("src", "srcset"),
    "iframe": ("src",),
    "frame": ("src",),
    "audio": ("src",),
    "video": ("src", "poster"),
    "track": ("src",),
    "embed": ("src",),
    "object": ("data",),
    "input": ("src",),
    "image": ("href", "xlink:href"),
    "use": ("href", "xlink:href"),
}
_OUTSIDE = re.compile(r"^\s*(?:[a-z][a-z0-9+.-]*:)?//", re.I)  # http://, https://, //
_CSS_OUTSIDE = re.compile(
    r"""url\(\s*['"]?\s*(?:[a-z][a-z0-9+.-]*:)?//|@import\s+['"]\s*(?:[a-z][a-z0-9+.-]*:)?//""",
    re.I,
)


def outside_resources(html: str) -> list[str]:
    """Each resource ``html`` makes a browser fetch from outside the site, as
    ``tag attribute=value`` (or the CSS holding it); plain links (``<a href>``) are not
    resources."""
    found = []
    for element in parse(html).iter():
        for attribute in _LOADED.get(element.tag, ()):
            value = element.attrs.get(attribute, "")
            urls = [part.split()[0] for part in value.split(",") if part.split()]
            if attribute != "srcset":
                urls = [value]
            found += [f"{element.tag} {attribute}={url}" for url in urls if _OUTSIDE.match(url)]
        if _CSS_OUTSIDE.search(element.attrs.get("style", "")):
            found.append(f"{element.tag} style={element.attrs['style']}")
        if element.tag == "style" and _CSS_OUTSIDE.search(element.text()):
            found.append(f"style {element.text()[:200]}")
    return found


def test_the_check_finds_what_a_page_would_fetch_and_lets_plain_links_be() -> None:
    page = """<html><head>
      <link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>
      <link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto">
      <link rel="stylesheet" href="assets/main.css">
      <script src="//unpkg.com/iframe-worker/shim"></script>
      <script src="javascripts/local.js"></script>
      <style>@import "https://example.org/x.css"; body { color: red }</style>
      </head><body style="background: url( 'http://example.org/b.png')">
      <img srcset="a.png 1x, https://example.org/b.png 2x">
      <a href="https://github.com/example/example">a link to read</a>
      <p>https://example.org/in-the-text</p>
    </body></html>"""
    assert outside_resources(page) == [
        "link href=https://fonts.gstatic.com",
        "link href=https://fonts.googleapis.com/css?family=Roboto",
        "script src=//unpkg.com/iframe-worker/shim",
        'style @import "https://example.org/x.css"; body { color: red }',
        "body style=background: url( 'http://example.org/b.png')",
        "img srcset=https://example.org/b.png",
    ]


def test_no_page_or_style_sheet_of_the_site_loads_anything_from_outside(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 80
    for page in pages:
        assert outside_resources(page.read_text(encoding="utf-8")) == [], page
    sheets = sorted(site.rglob("*.css"))
    assert sheets
    for sheet in sheets:
        text = sheet.read_text(encoding="utf-8")
        assert not _CSS_OUTSIDE.search(text), (sheet, _CSS_OUTSIDE.search(text))


def test_the_search_index_is_a_script_beside_the_pages(site: Path) -> None:
    """A browser refuses to fetch search_index.json from a file:// page; the offline
    plugin writes it as a script, which each page loads from the site itself."""
    index = (site / "search" / "search_index.js").read_text(encoding="utf-8")
    assert index.startswith("var __index = {")
    assert "ORPHAN_TOOL_RESULT" in index
    page = parse((site / "codes" / "index.html").read_text(encoding="utf-8"))
    scripts = [script.attrs.get("src", "") for script in page.find_all("script")]
    assert "../javascripts/iframe-worker-shim.js" in scripts  # the worker, on file://
    assert (site / "javascripts" / "iframe-worker-shim.js").is_file()


@pytest.mark.parametrize(
    "page",
    ["index.html", "reference.html", "providers/anthropic.html", "codes/MISSING_TOOL_RESULT.html"],
)
def test_a_page_opened_from_disk_requests_nothing_from_the_network(site: Path, page: str) -> None:
    require()
    opened = open_page(site / page, net_log=True)
    assert opened.requests == []
    assert "md-header" in opened.dom  # the theme drew the page


def test_search_finds_a_code_on_a_site_opened_from_disk(site: Path) -> None:
    require()
    opened = open_page(site / "index.html", net_log=True, query="q=ORPHAN_TOOL_RESULT")
    assert opened.requests == []
    results = [
        link.attrs["href"] for link in parse(opened.dom).find_all("a", cls="md-search-result__link")
    ]
    assert results, opened.dom[-3000:]
    assert results[0] == (site / "codes" / "ORPHAN_TOOL_RESULT.html").resolve().as_uri()


def test_the_net_log_sees_a_page_that_asks_for_a_web_font(tmp_path: Path) -> None:
    """The check above can fail: a page from disk asking for Google's fonts is seen."""
    require()
    page = tmp_path / "fonts.html"
    page.write_text(
        '<html><head><link rel="stylesheet" '
        'href="https://fonts.googleapis.com/css?family=Roboto"></head><body>x</body></html>'
    )
    requests = open_page(page, net_log=True).requests
    assert requests == ["https://fonts.googleapis.com/css?family=Roboto"]
