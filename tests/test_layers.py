"""The package's layers, read from the real import graph (every module parsed with ``ast``).

Each module belongs to exactly one layer; it may import modules of its own layer or of
layers below, never above, and the import graph has no cycle. Imports under
``if TYPE_CHECKING:`` are left out: they never run. The layout guide (docs/guide/layout.md) shows
the same map; a new module must be placed in it here.
"""

from __future__ import annotations

import ast
import fnmatch
from pathlib import Path

import pytest

import agent_ir

# Bottom to top.
LAYERS: list[tuple[str, list[str]]] = [
    (
        "foundation",
        [
            "agent_ir._text",
            "agent_ir._paths",
            "agent_ir._errors",
            "agent_ir._frozen",
            "agent_ir._jsoncopy",
            "agent_ir._jsonobject",
            "agent_ir._hand_checked",
            "agent_ir._base",
            "agent_ir._wire_base",
            "agent_ir._publish",
            "agent_ir._version",
            "agent_ir._image_size",
            "agent_ir.schemas",
        ],
    ),
    ("generated", ["agent_ir._generated", "agent_ir._generated.*"]),
    (
        "checks",
        [
            "agent_ir.validation._checks",
            "agent_ir.validation._convert",
            "agent_ir.validation._twins",
            "agent_ir.validation._linkage",
            "agent_ir.validation._diagnostics",
        ],
    ),
    (
        "engines",
        [
            "agent_ir.validation._fast",
            "agent_ir.validation._explain",
            "agent_ir.validation._reference",
            "agent_ir.validation._codes",
            "agent_ir.validation._pattern_dialect",
            "agent_ir.validation._uri_reference",
            "agent_ir.validation._tool_profile",
            "agent_ir.validation._tool_patterns",
            "agent_ir.validation._keyword_sentences",
            "agent_ir.validation._tools",
        ],
    ),
    ("conductor", ["agent_ir.validation", "agent_ir.validation._conductor"]),
    ("ir", ["agent_ir.messages", "agent_ir.transcript"]),
    ("replies", ["agent_ir.replies", "agent_ir.replies.*"]),
    ("wire", ["agent_ir.wire", "agent_ir.wire.*"]),
    ("adapters", ["agent_ir.adapters", "agent_ir.adapters.*"]),
    ("repair", ["agent_ir.rules", "agent_ir.repair", "agent_ir.retargeting"]),
    ("cli", ["agent_ir.cli", "agent_ir.cli.*", "agent_ir.__main__"]),
    ("package", ["agent_ir"]),
]

PACKAGE = Path(agent_ir.__file__).parent

# The validation room's two engines: neither imports the other (what both need lives
# on the floor below them, the ``checks`` layer).
ENGINES: dict[str, set[str]] = {
    "fast": {"agent_ir.validation._fast"},
    "explaining": {
        "agent_ir.validation._explain",
        "agent_ir.validation._reference",
        "agent_ir.validation._codes",
    },
}


def test_every_module_has_a_layer() -> None:
    unplaced = [module for module in _modules() if _layer_of(module) is None]
    assert unplaced == []


def test_no_module_imports_a_layer_above_its_own() -> None:
    assert _upward_imports(_import_graph()) == []


def test_the_import_graph_has_no_cycle() -> None:
    assert _cycles(_import_graph()) == []


def test_the_two_engines_never_import_each_other() -> None:
    assert _between_engines(_import_graph()) == []


def test_the_layout_guide_shows_the_same_layers() -> None:
    guide = Path(__file__).resolve().parents[1] / "docs" / "guide" / "layout.md"
    layers = guide.read_text(encoding="utf-8").split("\n## Layers\n", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1:3] for line in layers.splitlines() if line.startswith("| `")]
    shown = [
        (name.strip().strip("`"), [module.strip().strip("`") for module in modules.split(",")])
        for name, modules in rows
    ]
    declared = [
        (name, [pattern.removeprefix("agent_ir.") for pattern in patterns])
        for name, patterns in LAYERS
    ]
    assert shown == declared


# The checks themselves must be able to fail.


def test_an_upward_import_is_found() -> None:
    graph = {"agent_ir._text": {"agent_ir.transcript"}, "agent_ir.transcript": set()}
    assert _upward_imports(graph) == [("agent_ir._text", "agent_ir.transcript")]


def test_a_cycle_is_found() -> None:
    graph = {
        "agent_ir._paths": {"agent_ir._errors"},
        "agent_ir._errors": {"agent_ir._frozen"},
        "agent_ir._frozen": {"agent_ir._paths"},
    }
    assert _cycles(graph) == [["agent_ir._errors", "agent_ir._frozen", "agent_ir._paths"]]


def test_an_import_between_the_engines_is_found() -> None:
    graph = {
        "agent_ir.validation._explain": {"agent_ir.validation._fast"},
        "agent_ir.validation._fast": {"agent_ir.validation._checks"},
    }
    assert _between_engines(graph) == [
        ("agent_ir.validation._explain", "agent_ir.validation._fast")
    ]


@pytest.mark.parametrize(
    ("source", "imported"),
    [
        ("from agent_ir import schemas", {"agent_ir.schemas"}),
        ("from agent_ir import validate_transcript", {"agent_ir"}),
        ("import agent_ir._text", {"agent_ir._text"}),
        ("from agent_ir._paths import Path", {"agent_ir._paths"}),
        ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import agent_ir.cli", set()),
        ("import json", set()),
    ],
)
def test_imports_are_read_as_the_modules_they_load(source: str, imported: set[str]) -> None:
    assert _imports_of(ast.parse(source), {"agent_ir", "agent_ir.schemas"}) == imported


def _modules() -> dict[str, Path]:
    modules: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = path
    return modules


def _import_graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {
        name: _imports_of(ast.parse(path.read_text(encoding="utf-8")), known) - {name}
        for name, path in modules.items()
    }


def _imports_of(tree: ast.Module, known: set[str]) -> set[str]:
    """The package modules ``tree`` loads at run time (``TYPE_CHECKING`` blocks left out)."""
    found: set[str] = set()
    for node in _runtime_nodes(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("agent_ir"))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("agent_ir"):
            module = node.module or ""
            for alias in node.names:
                submodule = f"{module}.{alias.name}"
                found.add(submodule if submodule in known else module)
    return found


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    nodes: list[ast.AST] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            nodes.extend(_runtime_nodes(ast.Module(body=node.orelse, type_ignores=[])))
            continue
        nodes.append(node)
        nodes.extend(_runtime_nodes(node))
    return nodes


def _layer_of(module: str) -> int | None:
    for index, (_, patterns) in enumerate(LAYERS):
        if any(fnmatch.fnmatchcase(module, pattern) for pattern in patterns):
            return index
    return None


def _upward_imports(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    upward = []
    for module, imported in sorted(graph.items()):
        own = _layer_of(module)
        for target in sorted(imported):
            target_layer = _layer_of(target)
            if own is None or target_layer is None or target_layer > own:
                upward.append((module, target))
    return upward


def _between_engines(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    found = []
    for module, imported in sorted(graph.items()):
        for name, members in ENGINES.items():
            if module not in members:
                continue
            others = set().union(*(m for other, m in ENGINES.items() if other != name))
            found += [(module, target) for target in sorted(imported & others)]
    return found


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected component of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph.get(module, ())):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)
