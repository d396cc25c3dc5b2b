"""Benchmark: request conversion both ways for each wire format, on the bench transcript.

The baseline is ``json.dumps`` of the transcript's JSON form (``to_json_value`` of the IR,
computed before the timing): the least a conversion that writes every message out does.
``to_*`` convert the IR messages (the frozen objects ``agent_ir.loads`` returns);
``from_*`` read back what the matching ``to_*`` wrote (its request fields, as plain JSON
values, computed before the timing). ``wire_cases()`` gives every case, to be timed in
one group, round-robin.

Run on its own: ``python bench/bench_wire.py [--quick] [--profile NAME]``.
"""

from __future__ import annotations

import cProfile
import json
import pstats
import sys
from pathlib import Path
from typing import Any

import agent_ir
from agent_ir.wire import (
    from_anthropic,
    from_bedrock_converse,
    from_gemini,
    from_hf_chat,
    from_mistral,
    from_openai_chat,
    from_openai_responses,
    from_otel,
    to_anthropic,
    to_bedrock_converse,
    to_gemini,
    to_hf_chat,
    to_mistral,
    to_openai_chat,
    to_openai_responses,
    to_otel,
)

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from timing import Case, measure_both  # noqa: E402
from transcript_gen import make_transcript  # noqa: E402

MESSAGES = 10_000
BASELINE = "json.dumps of the IR as JSON"
TO_TARGET = 1.5
FROM_TARGET = 2.0


def transcript(messages: int = MESSAGES) -> tuple[Any, ...]:
    """The bench transcript as IR objects."""
    return agent_ir.loads(json.dumps(make_transcript(messages)).encode())


def wire_cases(messages: tuple[Any, ...]) -> dict[str, Case]:
    """The baseline, then each ``to_*`` on the IR and each ``from_*`` on its output."""
    plain = agent_ir.to_json_value(messages)
    anthropic = to_anthropic(messages).fields
    chat = to_openai_chat(messages).fields["messages"]
    responses = to_openai_responses(messages).fields["input"]
    gemini = to_gemini(messages).fields
    bedrock = to_bedrock_converse(messages).fields
    mistral = to_mistral(messages).fields["messages"]
    hf_chat = to_hf_chat(messages).fields["messages"]
    otel = dict(to_otel(messages).fields)
    system = anthropic.get("system")
    return {
        BASELINE: lambda: json.dumps(plain),
        "to_anthropic": lambda: to_anthropic(messages),
        "to_openai_chat": lambda: to_openai_chat(messages),
        "to_openai_responses": lambda: to_openai_responses(messages),
        "to_gemini": lambda: to_gemini(messages),
        "to_bedrock_converse": lambda: to_bedrock_converse(messages),
        "to_mistral": lambda: to_mistral(messages),
        "to_hf_chat": lambda: to_hf_chat(messages),
        "to_otel": lambda: to_otel(messages),
        "from_anthropic": lambda: from_anthropic(anthropic["messages"], system=system),
        "from_openai_chat": lambda: from_openai_chat(chat),
        "from_openai_responses": lambda: from_openai_responses(responses),
        "from_gemini": lambda: from_gemini(
            gemini["contents"], system_instruction=gemini.get("systemInstruction")
        ),
        "from_bedrock_converse": lambda: from_bedrock_converse(
            bedrock["messages"], system=bedrock.get("system")
        ),
        "from_mistral": lambda: from_mistral(mistral),
        "from_hf_chat": lambda: from_hf_chat(hf_chat),
        "from_otel": lambda: from_otel(otel),
        # retarget: the writer, plus the thinking step, the repair and check_wire_rules
        # of what is sent (no target: it is the writer's cost and a validation's)
        "retarget to anthropic": lambda: agent_ir.retarget(messages, "anthropic"),
        "retarget to openai-responses": lambda: agent_ir.retarget(messages, "openai-responses"),
    }


def target(name: str) -> float | None:
    """The bound of a case's ratio to the baseline."""
    if name.startswith("to_"):
        return TO_TARGET
    if name.startswith("from_"):
        return FROM_TARGET
    return None


def main(argv: list[str]) -> int:
    messages = transcript()
    cases = wire_cases(messages)
    if "--profile" in argv:
        name = argv[argv.index("--profile") + 1]
        profile = cProfile.Profile()
        profile.runcall(cases[name])
        pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
        return 0
    measured = measure_both(cases, 3 if "--quick" in argv else 5)
    base = measured[BASELINE].collector_on.min
    print(f"{len(messages):,} messages; x {BASELINE} (CPU, collector on, min)")
    for name, timing in measured.items():
        ratio = timing.collector_on.min / base
        bound = target(name)
        judged = "" if bound is None else f"<= {bound:g}x {'yes' if ratio <= bound else 'NO'}"
        print(f"{name:<32} {timing.collector_on.min * 1e3:8.1f} ms {ratio:6.2f}x  {judged}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
