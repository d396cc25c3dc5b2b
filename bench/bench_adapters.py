"""Benchmark: the framework adapters both ways on the bench transcript.

The baseline is ``json.dumps`` of the transcript's JSON form, as for the request
conversions (``bench_wire``). ``to_*`` convert the IR messages; ``from_*`` read back the
framework objects the matching ``to_*`` wrote (built before the timing). No target: the
frameworks' own object construction (pydantic dataclasses, LangChain's pydantic models)
is most of the cost, and the figures say how much.

Run on its own: ``python bench/bench_adapters.py [--quick]``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import agent_ir

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_wire import BASELINE, MESSAGES, transcript  # noqa: E402
from timing import Case, measure_both  # noqa: E402


def adapter_cases(messages: tuple[Any, ...]) -> dict[str, Case]:
    """The baseline, then each ``to_*`` on the IR and each ``from_*`` on its output."""
    from agent_ir import from_langchain, from_pydantic_ai, to_langchain, to_pydantic_ai

    plain = agent_ir.to_json_value(messages)
    history = to_pydantic_ai(messages).fields["message_history"]
    chain = to_langchain(messages).fields["messages"]
    return {
        BASELINE: lambda: json.dumps(plain),
        "to_pydantic_ai": lambda: to_pydantic_ai(messages),
        "from_pydantic_ai": lambda: from_pydantic_ai(history),
        "to_langchain": lambda: to_langchain(messages),
        "from_langchain": lambda: from_langchain(chain),
    }


def main(argv: list[str]) -> int:
    cases = adapter_cases(transcript(MESSAGES))
    measured = measure_both(cases, 3 if "--quick" in argv else 5)
    base = measured[BASELINE].collector_on.min
    for name, timing in measured.items():
        print(
            f"{name:32} {timing.collector_on.min * 1000:9.1f} ms  x{timing.collector_on.min / base:6.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
