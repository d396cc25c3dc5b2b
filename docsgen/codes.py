"""One page per code: every diagnostic, conversion-warning and provider-error code of
the v1 schemas, with an example that is run while the site is built.

A diagnostic's example is the smallest case of the conformance suite
(``fixtures/conformance/``) that produces the code, run through ``validate_transcript``
or ``check_wire_rules`` and then ``repair_transcript``: the page shows what they really
return. A warning's or a provider error's example is Python from ``code_examples``,
run the same way. ``ExampleError`` stops the build when an example does not produce
its page's code, or a fix names a repair action the repair did not take.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import pkgutil
import re
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from agent_ir.cli._code_texts import KINDS as TEXT_KINDS
from agent_ir.cli._code_texts import TEXTS, provider_rules
from agent_ir.cli._docs import code_page
from docsgen.code_examples import DIAGNOSTIC_EXAMPLES, ERROR_EXAMPLES, WARNING_EXAMPLES

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas" / "v1"
CONFORMANCE = ROOT / "fixtures" / "conformance"

# kind -> (schema file, $defs name, title of the kind)
KINDS = {
    "diagnostic": ("diagnostic.schema.json", "DiagnosticCode", "Diagnostics"),
    "warning": ("conversion-warning.schema.json", "ConversionWarningCode", "Conversion warnings"),
    "provider-error": ("model-stream.schema.json", "ProviderErrorCode", "Provider errors"),
}
INDEX = "codes/index.md"


class ExampleError(Exception):
    """An example that does not show what its page says."""


def codes_by_kind() -> dict[str, list[str]]:
    """Every code, by kind, in the order of its schema's enum."""
    found = {}
    for kind, (schema, name, _title) in KINDS.items():
        document = json.loads((SCHEMAS / schema).read_text(encoding="utf-8"))
        found[kind] = list(document["$defs"][name]["enum"])
    return found


def source_path(code: str) -> str:
    """The page's Markdown path inside the site's sources (``codes/<CODE>.md``)."""
    return code_page(code).removesuffix(".html") + ".md"


def pages() -> dict[str, str]:
    """Every code's page and the index, by path."""
    generated = {INDEX: index_page()}
    for kind, codes in codes_by_kind().items():
        for code in codes:
            generated[source_path(code)] = page(kind, code)
    return generated


def index_page() -> str:
    lines = [
        "# Codes",
        "",
        "Every stable code agent-ir reports, one page each: what it means, an example that",
        "produces it (run when this site was built), why a provider refuses it and how to",
        "fix it. Codes are never renamed or reused within v1.",
        "",
        "The same words, without the examples, are printed offline by",
        "`agent-ir explain CODE` (the text lives in the package: `agent_ir/cli/_code_texts.py`).",
        "The command links each code it prints to its page here when it knows where this",
        "site is: `--docs-url URL` or the `AGENT_IR_DOCS_URL` environment variable, else this",
        "site built in the current directory (`site/`, by `nox -s docs`); otherwise it names",
        "`agent-ir explain CODE`.",
        "",
    ]
    sections = {
        "diagnostic": "Reported by `validate_transcript` (and `check_wire_rules`, which adds each provider's stricter rules) as `Diagnostic.code`.",
        "warning": "Reported by the provider conversions (`to_*`, `from_*`, `reply_from_*` and the streams) as `ConversionWarning.code`: what a format could not carry, or changed.",
        "provider-error": "Raised at the provider boundary as `ProviderError.code`, on the stream and on `result()`.",
    }
    for kind, codes in codes_by_kind().items():
        lines += [f"## {KINDS[kind][2]}", "", sections[kind], "", "| code | meaning |", "|---|---|"]
        for code in codes:
            meaning = TEXTS[code]["meaning"].split(". ")[0].rstrip(".")
            lines.append(f"| [`{code}`]({code}.md) | {meaning}. |")
        lines.append("")
    return "\n".join(lines)


def page(kind: str, code: str) -> str:
    """The page of one code."""
    text = TEXTS[code]
    lines = [f"# {code}", "", f"*{KINDS[kind][2][:-1]}.*", "", text["meaning"], ""]
    if kind == "diagnostic":
        lines += _diagnostic_example(code) + _provider_rules(code)
    elif kind == "warning":
        lines += _warning_example(code)
    else:
        lines += _error_example(code)
    why = TEXT_KINDS[kind][1]
    lines += [f"## {why}", "", text["why"], "", "## How to fix it", "", text["fix"], ""]
    lines += _mentions(code)
    return "\n".join(lines)


# -- diagnostics -----------------------------------------------------------------------


def _cases() -> Iterator[dict[str, Any]]:
    for path in sorted(CONFORMANCE.glob("*/*.json")):
        for case in json.loads(path.read_text(encoding="utf-8")):
            yield {**case, "file": path.relative_to(ROOT).as_posix()}


def smallest_case(code: str) -> dict[str, Any]:
    """The conformance case that shows ``code`` with the fewest other codes, then the
    shortest."""
    having = [c for c in _cases() if any(d["code"] == code for d in c["diagnostics"])]
    if not having:
        raise ExampleError(f"{code}: no conformance case produces it")

    def size(case: dict[str, Any]) -> tuple[int, int]:
        codes = {d["code"] for d in case["diagnostics"]}
        return (len(codes), len(json.dumps([case["transcript"], case.get("tools")])))

    return min(having, key=size)


def _call(case: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    keywords: dict[str, Any] = {}
    if "tools" in case:
        keywords["tools"] = case["tools"]
    if case.get("allowPending"):
        keywords["allow_pending"] = True
    return ("check_wire_rules" if "provider" in case else "validate_transcript"), keywords


def _built_example(code: str) -> list[str]:
    """The example of a diagnostic whose transcript is too large to show
    (``DIAGNOSTIC_EXAMPLES``): the Python that builds it, what it returns, and what
    ``repair_transcript`` then does."""
    source = DIAGNOSTIC_EXAMPLES[code].strip()
    namespace = run_example(source)
    found = namespace["diagnostics"]
    if code not in [d.code for d in found]:
        raise ExampleError(f"{code}: its example gives {[d.code for d in found]}")
    lines = [
        "## Example",
        "",
        "Its transcript is too large to show, so it is built:",
        "",
        "```python",
        source,
        "```",
        "",
        "`diagnostics` is then:",
        "",
        "```text",
        *[_finding(d.code, d.path or "(the whole transcript)", d.message) for d in found],
        "```",
        "",
    ]
    return lines + _repair_lines(code, namespace["transcript"], namespace["provider"], {})


def _diagnostic_example(code: str) -> list[str]:
    from agent_ir import check_wire_rules, validate_transcript

    if code in DIAGNOSTIC_EXAMPLES:
        return _built_example(code)
    case = smallest_case(code)
    function, keywords = _call(case)
    provider = case.get("provider")
    if provider is None:
        found = validate_transcript(case["transcript"], **keywords)
    else:
        found = check_wire_rules(case["transcript"], provider, **keywords)
    if code not in [d.code for d in found]:
        raise ExampleError(f"{code}: {case['file']} ({case['description']}) does not produce it")
    arguments = ["transcript", *([repr(provider)] if provider else [])]
    arguments += [
        f"{name}={'tools' if name == 'tools' else repr(value)}" for name, value in keywords.items()
    ]
    lines = [
        "## Example",
        "",
        f"The smallest case of the conformance suite that shows it (`{case['file']}`: "
        f"{_inline(case['description'])}):",
        "",
        "```json",
        _json_lines(case["transcript"]),
        "```",
        "",
    ]
    if "tools" in case:
        lines += ["with `tools`:", "", "```json", _json_lines(case["tools"]), "```", ""]
    lines += [
        f"`{function}({', '.join(arguments)})` returns:",
        "",
        "```text",
        *[_finding(d.code, d.path or "(the whole transcript)", d.message) for d in found],
        "```",
        "",
    ]
    return lines + _repair_lines(code, case["transcript"], provider, keywords)


def _repair_lines(
    code: str, transcript: Any, provider: str | None, keywords: dict[str, Any]
) -> list[str]:
    """What ``repair_transcript`` does with the example, and what the check then finds."""
    from agent_ir import check_wire_rules, repair_transcript, validate_transcript

    lines: list[str] = []
    repair_keywords = {"allow_pending": True} if keywords.get("allow_pending") else {}
    if provider:
        repair_keywords["provider"] = provider
    shown = ", ".join(["transcript", *[f"{k}={v!r}" for k, v in repair_keywords.items()]])
    try:
        repaired = repair_transcript(transcript, **repair_keywords)
    except Exception as error:  # what the repair refuses is part of the page
        lines += [
            f"`repair_transcript({shown})` refuses it: `{type(error).__name__}: {_inline(str(error))}`.",
            "",
        ]
        _check_fix_names(code, [])
        return lines
    if provider is None:
        after = validate_transcript(repaired.transcript, **keywords)
    else:
        after = check_wire_rules(repaired.transcript, provider, **keywords)
    lines += [f"`repair_transcript({shown})` takes these actions:", "", "```text"]
    lines += [_finding(a.code, a.path, a.message) for a in repaired.actions] or ["(none)"]
    lines += ["```", ""]
    left = [d.code for d in after]
    lines += [
        "after which the check finds nothing."
        if not left
        else f"after which the check still finds {', '.join(sorted(set(left)))}: the repair does not fix this code.",
        "",
    ]
    _check_fix_names(code, [a.code for a in repaired.actions])
    return lines


_TAKEN: dict[str, list[str]] = {}


def repair_actions(code: str) -> list[str]:
    """The repair actions taken on the example of the diagnostic ``code``."""
    if code not in _TAKEN:
        _diagnostic_example(code)
    return _TAKEN[code]


def _finding(code: str, path: str, message: str) -> str:
    """One diagnostic, action or warning as the example shows it: its code and path,
    then its sentence wrapped below."""
    return f"{code} at {path}:\n" + textwrap.fill(
        message, width=84, initial_indent="    ", subsequent_indent="    "
    )


def _provider_rules(code: str) -> list[str]:
    """Each provider's id or name rule, from its registry record, for the codes that
    check one."""
    rows = [
        f"| [{label}](../providers/{name}.md) | {rule} |"
        for name, label, rule in provider_rules(code)
    ]
    if not rows:
        return []
    return ["## Each provider's rule", "", "| provider | rule |", "|---|---|", *rows, ""]


def _check_fix_names(code: str, taken: list[str]) -> None:
    """A fix that names repair actions must be shown taking one of them."""
    from agent_ir import RepairCode

    _TAKEN[code] = list(dict.fromkeys(taken))
    named = [name for name in RepairCode if re.search(rf"\b{name}\b", TEXTS[code]["fix"])]
    if named and not set(named) & set(taken):
        raise ExampleError(f"{code}: the fix names {named}, the example's repair took {taken}")


# -- warnings and provider errors -------------------------------------------------------


@contextlib.contextmanager
def _at_root() -> Iterator[None]:
    before = os.getcwd()
    os.chdir(ROOT)
    try:
        yield
    finally:
        os.chdir(before)


def run_example(source: str) -> dict[str, Any]:
    """The namespace after running ``source`` from the repository's root."""
    namespace: dict[str, Any] = {"__name__": "example"}
    with _at_root():
        exec(compile(source, "example", "exec"), namespace)
    return namespace


def _warning_example(code: str) -> list[str]:
    source = WARNING_EXAMPLES[code].strip()
    warnings = run_example(source)["warnings"]
    if code not in [w.code for w in warnings]:
        raise ExampleError(f"{code}: its example gives {[w.code for w in warnings]}")
    return [
        "## Example",
        "",
        "```python",
        source,
        "```",
        "",
        "`warnings` is then:",
        "",
        "```text",
        *[_finding(w.code, w.path, w.message) for w in warnings],
        "```",
        "",
    ]


def _error_example(code: str) -> list[str]:
    source = ERROR_EXAMPLES[code].strip()
    error = run_example(source).get("error")
    if error is None or error.code != code:
        raise ExampleError(f"{code}: its example gives {error!r}")
    index = "" if error.record_index is None else f" (record_index {error.record_index})"
    return [
        "## Example",
        "",
        "```python",
        source,
        "```",
        "",
        "`error` is then:",
        "",
        "```text",
        f"{error.code}{index}: {error.message}",
        "```",
        "",
    ]


# -- where the code's own docstrings mention it -------------------------------------------


def _documented_modules() -> Iterator[tuple[str, str]]:
    import agent_ir.replies
    import agent_ir.wire

    names = ["agent_ir.validation._linkage", "agent_ir.rules", "agent_ir.repair"]
    for package in (agent_ir.wire, agent_ir.replies):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            names.append(info.name)
    for name in sorted(set(names)):
        doc = importlib.import_module(name).__doc__
        if doc:
            yield name, doc


def _mentions(code: str) -> list[str]:
    """The paragraphs and list items of the package's module docstrings naming
    ``code``: the mapping's own words."""
    found = []
    for module, doc in _documented_modules():
        for item in re.split(r"\n\s*\n|\n(?=\s*[-*] |\d+\. )", doc):
            if re.search(rf"\b{code}\b", item):
                found.append((module, " ".join(item.split())))
    if not found:
        return []
    lines = ["## Where the code says so", "", "The docstrings of the modules that report it:", ""]
    for module, item in found:
        lines += [f"- `{module}`: {_inline(re.sub(r'^[-*] ', '', item))}"]
    return [*lines, ""]


def _inline(text: str) -> str:
    """Text for one Markdown line: ``rst`` code as code, ``<`` and ``>`` outside code
    escaped."""
    parts = re.split(r"(``.*?``|`[^`]*`)", text.replace("**", ""))
    out = []
    for part in parts:
        if part.startswith("`"):
            out.append("`" + part.strip("`") + "`" if part.strip("`") else part)
        else:
            out.append(
                part.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("*", "\\*")
                .replace("_", "\\_")
            )
    return "".join(out)


def _json_lines(value: object) -> str:
    if isinstance(value, list) and value:
        body = ",\n".join("  " + json.dumps(item, ensure_ascii=False) for item in value)
        return f"[\n{body}\n]"
    return json.dumps(value, ensure_ascii=False)
