"""One page per provider format: its rules as its registry record states them, its
stop-reason table and the module docstrings that are its whole mapping."""

from __future__ import annotations

import importlib
import re
from typing import Any

from docsgen.codes import _inline
from docsgen.readme import README, _section

# page -> (folder, README section, stop-reason table name in the _stream module)
FOLDERS: dict[str, tuple[str, str | None, str | None]] = {
    "openai-chat": ("openai_chat", None, "_FINISH_REASONS"),
    "openai-responses": ("openai_responses", None, None),
    "anthropic": ("anthropic", None, "_STOP_REASONS"),
    "gemini": ("gemini", "Google Gemini", None),
    "hf-chat": ("hf_chat", "Hugging Face chat datasets", None),
}
MODULES = ("_request", "_tools", "_reply", "_stream", "_rules", "_format", "_ids")


def pages() -> dict[str, str]:
    return {f"providers/{name}.md": page(name) for name in FOLDERS}


def page(name: str) -> str:
    from agent_ir.wire import _registry

    folder, section, stops = FOLDERS[name]
    spec = _registry.REGISTRY.get(name) or _registry.DATASETS[name]
    lines = [f"# {spec.label}", ""]
    lines += [
        f"`agent_ir.wire.{folder}`: this page is generated from the folder's own record "
        f"(`_rules.py`, listed in `wire/_registry.py`), tables and module docstrings.",
        "",
    ]
    if name in _registry.REGISTRY:
        lines += _rules(spec)
    if stops:
        lines += _stop_table(folder, stops)
    if section:
        text = README.read_text(encoding="utf-8")
        lines += [_section(text, section).replace(f"## {section}", "## In short", 1), ""]
    for module in MODULES:
        try:
            loaded = importlib.import_module(f"agent_ir.wire.{folder}.{module}")
        except ModuleNotFoundError:
            continue
        if loaded.__doc__:
            lines += [f"## `{module}`", "", _docstring(loaded.__doc__), ""]
    return "\n".join(lines)


def _rules(spec: Any) -> list[str]:
    turns = spec.turns
    ids = spec.ids
    id_rule = "no limit is known; none is checked"
    if ids.pattern is not None:
        id_rule = f"`{ids.pattern.pattern}` (other characters become `{ids.replacement}`)"
    elif ids.longest is not None:
        id_rule = f"at most {ids.longest} characters"
    names = spec.tool_names.pattern.pattern if spec.tool_names else None
    rows = [
        ("the tool-call ids it takes (INVALID_TOOL_CALL_ID_FORMAT)", id_rule),
        (
            "tool names (INVALID_TOOL_NAME_FORMAT)",
            f"`{names}`" if names else "no rule is known; none is checked",
        ),
    ]
    for field, code in (
        ("results_follow_call", "RESULT_NOT_IMMEDIATE"),
        ("assistant_turns_join", None),
        ("user_turn_first", "INVALID_ROLE_ORDER"),
        ("calls_follow_user_turn", "INVALID_ROLE_ORDER"),
        ("content_required", "EMPTY_CONTENT"),
        ("ids_reusable_after_result", "DUPLICATE_TOOL_CALL_ID not reported"),
    ):
        label = f"`{field}`" + (f" ({code})" if code else "")
        rows.append((label, "yes" if getattr(turns, field) else "no"))
    if spec.signatures is not None:
        rows.append(
            (
                "thought signatures (MISSING_THOUGHT_SIGNATURE)",
                f"required; `repair_transcript` writes `{spec.signatures.placeholder}`",
            )
        )
    request = spec.request
    rows.append(
        (
            "the keys of a line `--format` reads",
            ", ".join(
                f"`{k}`" for k in (request.messages_key, request.system_key, request.tools_key) if k
            ),
        )
    )
    lines = [
        f'## What `check_wire_rules(transcript, "{spec.name}")` checks',
        "",
        "| rule | value |",
        "|---|---|",
        *[f"| {label} | {_cell(value)} |" for label, value in rows],
        "",
    ]
    return lines


def _stop_table(folder: str, table: str) -> list[str]:
    stops = getattr(importlib.import_module(f"agent_ir.wire.{folder}._stream"), table)
    return [
        "## Stop reasons",
        "",
        "| the provider's | the IR's `stop_reason` |",
        "|---|---|",
        *[f"| `{wire}` | `{stop.value}` |" for wire, stop in stops.items()],
        "",
    ]


def _cell(value: str) -> str:
    return value.replace("|", "\\|")


def _docstring(doc: str) -> str:
    """A module docstring as Markdown: its rst underlined headings as bold lines, each
    list item and paragraph as it is, ``code`` as code, ``<`` and ``>`` escaped."""
    doc = re.sub(r"^(.+)\n-{3,}$", r"**\1**", doc.strip(), flags=re.M)
    out = []
    for block in re.split(r"\n\s*\n", doc):
        items = re.split(r"\n(?=[-*] )", block)
        out.append(
            "\n".join(
                _inline(" ".join(item.split())).replace("\\*\\*", "**")
                if not item.lstrip().startswith(("- ", "* "))
                else "- " + _inline(" ".join(item.split())[2:])
                for item in items
            )
        )
    return "\n\n".join(out)
