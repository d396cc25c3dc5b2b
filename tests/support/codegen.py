"""The scripts of ``codegen/``, loaded by path for the tests of their steps (they are no
package: ``codegen/generate.py``, ``codegen/typescript.py``, ...)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_codegen(name: str) -> ModuleType:
    """``codegen/{name}.py``, executed afresh as the module ``_codegen_{name}`` (and
    registered under that name in ``sys.modules``)."""
    spec = importlib.util.spec_from_file_location(
        f"_codegen_{name}", ROOT / "codegen" / f"{name}.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
