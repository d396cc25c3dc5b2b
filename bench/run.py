"""agent-ir benchmarks: every figure is a ratio to json.loads of the same bytes, measured
in this one run (best of N), printed as a table and written to bench/results.json.

Usage: python bench/run.py [--quick]
"""

from __future__ import annotations

import gc
import importlib.util
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import agent_ir

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from transcript_gen import make_transcript  # noqa: E402


def best_of(function: Callable[[], object], repeat: int = 5) -> float:
    """Best wall time of ``repeat`` runs, with the garbage collector quiet."""
    times = []
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            function()
            times.append(time.perf_counter() - start)
        finally:
            gc.enable()
    return min(times)


def pydantic_adapter() -> Any:
    """A pydantic v2 TypeAdapter over models generated from the same schemas
    (discriminated unions, frozen models), built in a scratch directory."""
    scratch = Path(tempfile.mkdtemp(prefix="agent-ir-bench-"))
    output = scratch / "pydantic_models"
    subprocess.run(
        [sys.executable, "-m", "datamodel_code_generator", "--input", str(ROOT / "schemas" / "v1"),
         "--input-file-type", "jsonschema", "--output", str(output),
         "--output-model-type", "pydantic_v2.BaseModel", "--enable-faux-immutability",
         "--target-python-version", "3.11", "--disable-timestamp", "--formatters", "ruff-format"],
        check=True,
    )  # fmt: skip
    sys.path.insert(0, str(scratch))
    module = importlib.import_module("pydantic_models.message_schema")
    from pydantic import TypeAdapter

    return TypeAdapter(list[module.Message])  # type: ignore[name-defined]


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    results: dict[str, float] = {}
    transcript = make_transcript(10_000)
    raw = json.dumps(transcript).encode()
    parsed = json.loads(raw)
    assert agent_ir.validate_transcript(parsed) == ()
    base = best_of(lambda: json.loads(raw))
    results["json_loads_10k_seconds"] = base
    results["transcript_megabytes"] = len(raw) / 1e6

    validate = best_of(lambda: agent_ir.validate_transcript(parsed))
    results["validate_transcript_x_json_loads"] = validate / base
    results["loads_to_ir_x_json_loads"] = best_of(lambda: agent_ir.loads(raw)) / base

    broken = json.loads(raw)
    broken[len(broken) // 2]["id"] = "   "
    diagnostics = agent_ir.validate_transcript(broken)
    assert [d.code for d in diagnostics] == ["INVALID_MESSAGE"], diagnostics
    results["one_malformed_x_valid"] = (
        best_of(lambda: agent_ir.validate_transcript(broken)) / validate
    )

    adapter = pydantic_adapter()
    adapter.validate_python(parsed)
    pydantic = best_of(lambda: adapter.validate_python(parsed), repeat=3)
    results["pydantic_typeadapter_x_json_loads"] = pydantic / base
    results["speedup_vs_pydantic"] = pydantic / validate

    if not quick:
        import jsonschema

        validator = jsonschema.Draft202012Validator(
            {"$ref": "https://agent-ir.dev/schemas/v1/transcript.schema.json"},
            registry=agent_ir.schemas.registry(),
        )
        assert validator.is_valid(parsed)
        reference = best_of(lambda: validator.is_valid(parsed), repeat=1)
        results["jsonschema_is_valid_x_json_loads"] = reference / base
        results["speedup_vs_jsonschema"] = reference / validate

        large = make_transcript(100_000)
        results["validate_100k_x_10k"] = (
            best_of(lambda: agent_ir.validate_transcript(large), repeat=3) / validate
        )

    provider = HERE / "bench_provider.py"
    if provider.exists():
        spec = importlib.util.spec_from_file_location("bench_provider", provider)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        results.update(module.bench_provider(best_of))

    width = max(map(len, results))
    for name, value in results.items():
        print(f"{name:<{width}}  {value:10.3f}")
    (HERE / "results.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
