"""The bench's 10,000-message transcript reads back equal through both adapters (not
timed: ``nox -s bench`` times them), and ``import agent_ir`` imports neither
framework."""

from __future__ import annotations

import subprocess
import sys

from agent_ir import (
    from_langchain,
    from_pydantic_ai,
    parse_transcript,
    to_langchain,
    to_pydantic_ai,
)

from support.adapters import bench_transcript

TRANSCRIPT = parse_transcript(bench_transcript(10_000))


def test_the_bench_transcript_reads_back_equal_through_pydantic_ai() -> None:
    written = to_pydantic_ai(TRANSCRIPT)
    assert written.warnings == ()
    read = from_pydantic_ai(written.fields["message_history"])
    assert len(read) >= 10_000
    assert tuple(read) == TRANSCRIPT
    assert read.warnings == ()


def test_the_bench_transcript_reads_back_equal_through_langchain() -> None:
    written = to_langchain(TRANSCRIPT)
    assert written.warnings == ()
    read = from_langchain(written.fields["messages"])
    assert tuple(read) == TRANSCRIPT
    assert read.warnings == ()


def test_importing_agent_ir_imports_no_framework() -> None:
    probe = (
        "import sys, agent_ir, agent_ir.adapters\n"
        "agent_ir.to_pydantic_ai, agent_ir.from_langchain\n"
        "print(sorted(name for name in ('pydantic_ai', 'langchain_core') if name in sys.modules))\n"
    )
    shown = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert shown.strip() == "[]"
