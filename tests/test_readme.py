"""README.md and the guides under docs/ stay true: every Python example of the README
and of the guide pages runs as written, the JavaScript example runs where node and Ajv
are found, the README's first command prints what it shows, its commands are the CI
commands, and every link of the README resolves to a file of the repository."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
GUIDES = ROOT / "docs" / "guide"

# The pages whose Python examples run, and how many each holds.
PAGES = {
    "README.md": 3,
    "docs/guide/ir.md": 2,
    "docs/guide/conversions.md": 2,
    "docs/guide/replies-and-streams.md": 3,
    "docs/guide/caching-and-refusals.md": 3,
    "docs/guide/gemini.md": 1,
    "docs/guide/bedrock.md": 2,
    "docs/guide/mistral.md": 1,
    "docs/guide/otel.md": 1,
    "docs/guide/frameworks.md": 1,
    "docs/guide/hf-chat.md": 1,
}


def python_blocks(page: str) -> list[str]:
    text = (ROOT / page).read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```$", text, flags=re.DOTALL | re.MULTILINE)


EXAMPLES = [
    pytest.param(page, block, id=f"{page}:{number}")
    for page in PAGES
    for number, block in enumerate(python_blocks(page), start=1)
]


def _landing_and_guides() -> list[str]:
    """The README and the pages that hold what it used to (the guides, the home page,
    speed and the reliability overview)."""
    pages = [ROOT / "README.md", ROOT / "docs" / "index.md", *sorted(GUIDES.glob("*.md"))]
    pages += [ROOT / "docs" / "speed.md", ROOT / "docs" / "reliability.md"]
    return [page.relative_to(ROOT).as_posix() for page in pages]


def test_every_page_with_python_examples_is_listed_with_its_count() -> None:
    found = {page: len(python_blocks(page)) for page in _landing_and_guides()}
    assert {page: count for page, count in found.items() if count} == PAGES


@pytest.mark.parametrize(("page", "block"), EXAMPLES)
def test_the_python_examples_run_as_written(
    page: str, block: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)  # the examples name files relative to the checkout
    exec(compile(block, page, "exec"), {"__name__": "example"})  # their asserts are the test


def test_the_readme_is_a_landing_page_of_at_most_250_lines() -> None:
    assert len(README.splitlines()) <= 250


def test_the_readme_shows_a_first_example_of_each_main_use() -> None:
    sections = re.findall(r"^## (.+)$", README, flags=re.MULTILINE)
    assert sections[:6] == [
        "Two commands",
        "Convert to a provider",
        "Switch provider mid-conversation",
        "Read a reply as it streams",
        "TypeScript and JavaScript",
        "Documentation",
    ]
    assert re.findall(r"^```(\w+)$", README, flags=re.MULTILINE) == [
        "sh",
        "text",
        "python",
        "python",
        "python",
        "ts",
    ]


def test_the_readme_commands_are_the_ci_commands_and_name_existing_files() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install 'nox[uv]' && nox" in README
    assert "pip install 'nox[uv]' && nox" in ci.splitlines()
    paths = re.findall(r"agent-ir validate (fixtures/\S+)", README)
    assert paths
    for path in paths:
        assert (ROOT / path).is_file(), path


def test_the_readme_names_what_nox_needs() -> None:
    text = " ".join(README.split())
    classifiers = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "classifiers"
    ]
    versions = sorted(c.rsplit(":: ", 1)[1] for c in classifiers if re.fullmatch(r".*:: 3\.\d+", c))
    assert "Python " + ", ".join(versions[:-1]) + f" or {versions[-1]}" in text
    assert "Node.js 20 or later with npm" in text
    assert "Chromium" in text
    assert "`.ci/run` installs it" in text
    assert "apt-get install" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_every_link_of_the_readme_resolves_to_a_file_of_the_repository() -> None:
    links = re.findall(r"\]\(([^)]+)\)", README)
    assert len(links) >= 20
    for link in links:
        assert not re.match(r"[a-z]+:", link), link  # no site is published
        assert (ROOT / link.split("#")[0]).exists(), link
    assert "agent-ir.dev/docs" not in README


def test_the_readme_says_how_to_build_and_open_the_site() -> None:
    text = " ".join(README.split())
    assert "nox -s docs" in text
    assert "open `site/index.html`" in text
    assert "No site is published" in text
    assert "AGENT_IR_SITE_URL" in text
    mkdocs = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "site_url: !ENV [AGENT_IR_SITE_URL," in mkdocs


def test_the_readme_shows_what_its_first_command_prints_in_a_fresh_clone(
    tmp_path: Path,
) -> None:
    shown = re.search(r"```text\n(.*?)```", README, flags=re.DOTALL)
    assert shown is not None
    command = shutil.which("agent-ir", path=str(Path(sys.executable).parent)) or shutil.which(
        "agent-ir"
    )
    assert command is not None
    # A fresh clone: no site built in it (a checkout's site/ would be linked), no
    # AGENT_IR_DOCS_URL; the fixtures at the same relative path.
    (tmp_path / "fixtures").symlink_to(ROOT / "fixtures")
    environment = {k: v for k, v in os.environ.items() if k != "AGENT_IR_DOCS_URL"}
    done = subprocess.run(
        [command, "validate", "fixtures/transcripts/sample.jsonl"],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    # All but the last line, which times the run.
    expected = shown.group(1).splitlines()
    printed = done.stdout.splitlines()
    assert printed[:-1] == expected[:-1]
    assert re.fullmatch(r"checked in \d+\.\d\d s \([\d,]+ messages/s\)", printed[-1])
    assert re.fullmatch(r"checked in \d+\.\d\d s \([\d,]+ messages/s\)", expected[-1])


# --- the JavaScript examples ------------------------------------------------------------


def _js_pages(name: str) -> list[str]:
    """A tuple of pages the noxfile names (``_JS_EXAMPLE_PAGES``, ``_TS_EXAMPLE_PAGES``)."""
    source = (ROOT / "noxfile.py").read_text(encoding="utf-8")
    found = re.search(rf"^{name} = \(([^)]*)\)", source, flags=re.MULTILINE)
    assert found is not None, name
    return re.findall(r'"([^"]+)"', found.group(1))


def test_nox_runs_the_javascript_and_typescript_examples_of_every_page_holding_one() -> None:
    pages = [ROOT / "README.md", *sorted(ROOT.glob("docs/**/*.md"))]
    for fence, listed in (("js", "_JS_EXAMPLE_PAGES"), ("ts", "_TS_EXAMPLE_PAGES")):
        holding = [
            page.relative_to(ROOT).as_posix()
            for page in pages
            if re.search(rf"^```{fence}$", page.read_text(encoding="utf-8"), flags=re.MULTILINE)
        ]
        assert sorted(_js_pages(listed)) == sorted(holding), fence


def _node_modules() -> Path | None:
    """A node_modules folder holding Ajv: ``$AGENT_IR_NODE_MODULES``, else
    ``tests/js/node_modules`` (after ``npm ci`` there)."""
    for candidate in (os.environ.get("AGENT_IR_NODE_MODULES"), ROOT / "tests/js/node_modules"):
        if candidate and (Path(candidate) / "ajv" / "package.json").is_file():
            return Path(candidate)
    return None


def test_the_ajv_example_runs_as_written(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (nox -s conformance_js runs the example)")
    modules = _node_modules()
    if modules is None:
        pytest.skip(
            "Ajv is not installed: set AGENT_IR_NODE_MODULES or run npm ci in tests/js "
            "(nox -s conformance_js runs the example)"
        )
    shutil.copyfile(ROOT / "tests" / "js" / "doc_blocks.mjs", tmp_path / "doc_blocks.mjs")
    (tmp_path / "node_modules").symlink_to(modules)
    done = subprocess.run(
        [node, "doc_blocks.mjs", str(ROOT), *_js_pages("_JS_EXAMPLE_PAGES")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout == "doc blocks: 1 ran as written and printed what they promise\n"
