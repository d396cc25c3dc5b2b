"""The repair page: the module's own contract, the reference of its functions, and
which action fixes which diagnostic, as the code pages' examples show it."""

from __future__ import annotations

import agent_ir.repair
from docsgen.codes import TEXTS, codes_by_kind, repair_actions

PAGE = "repair.md"


def page() -> str:
    from agent_ir import RepairCode

    lines = [
        "# Repair and trimming",
        "",
        " ".join((agent_ir.repair.__doc__ or "").split("\n\n")[0].split()),
        "",
        "## What each repair action fixes",
        "",
        "Each diagnostic's page runs `repair_transcript` on its example; this table is what",
        "those runs did (with `provider=` for the provider rules).",
        "",
        "| diagnostic | actions taken on its example |",
        "|---|---|",
    ]
    for code in codes_by_kind()["diagnostic"]:
        taken = repair_actions(code)
        shown = ", ".join(f"`{name}`" for name in taken) if taken else "none: not repaired"
        lines.append(f"| [`{code}`](codes/{code}.md) | {shown} |")
    lines += ["", "Every action code:", ""]
    lines += [f"- `{code.value}`" for code in RepairCode]
    lines += [
        "",
        "## Without repairing",
        "",
        TEXTS["MISSING_TOOL_RESULT"]["fix"],
        "",
        "::: agent_ir.repair_transcript",
        "",
        "::: agent_ir.trim_transcript",
        "",
        "::: agent_ir.normalize_tool_call_ids",
        "",
    ]
    return "\n".join(lines)
