"""``agent-ir validate``: inputs -> an engine -> the report, with progress."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

from agent_ir.cli._check import Checks
from agent_ir.cli._engines import Checked, EngineError, OnError, checked_locally
from agent_ir.cli._inputs import Input, InputError, expand
from agent_ir.cli._progress import Bar, wanted
from agent_ir.cli._report import Report, Summary, printable

__all__ = ["Options", "validate"]


@dataclass(frozen=True)
class Options:
    """The options of ``agent-ir validate`` (see ``agent_ir.cli``)."""

    paths: list[str]
    output: str = "text"
    jobs: int = 1
    engine: str = "local"
    scheduler: str | None = None
    max_diagnostics: int | None = None
    quiet: bool = False
    format: str = "ir"
    provider_rules: str | None = None


def validate(options: Options) -> int:
    """Check every input, print the report; the exit status (0, 1 or 2)."""
    try:
        inputs = expand(options.paths)
    except InputError as error:
        print(f"agent-ir: {printable(str(error))}", file=sys.stderr)
        return 2
    if options.engine == "dask" and any(source.path is None for source in inputs):
        print("agent-ir: standard input (-) needs --engine local", file=sys.stderr)
        return 2
    summary = Summary(files=len(inputs))
    report = Report(None, options.output, options.max_diagnostics)

    def on_error(source: Input, reason: str) -> None:
        summary.unreadable.append(source.name)
        print(f"agent-ir: cannot read {printable(reason)}", file=sys.stderr)

    start = time.perf_counter()
    sizes = [source.size for source in inputs]
    total = None if None in sizes else sum(size or 0 for size in sizes)
    read: dict[int, int] = {}  # by the input's identity: a path given twice is read twice
    try:
        with Bar(total, draw=wanted(options.quiet)) as bar:
            for checked in _engine(options, inputs, on_error):
                report.add(checked.source.name, checked.result.invalid)
                summary.add(checked.result)
                key = id(checked.source)
                before, read[key] = read.get(key, 0), checked.position
                bar.advance(max(checked.position - before, 0), checked.result.transcripts)
    except EngineError as error:
        print(f"agent-ir: {printable(str(error))}", file=sys.stderr)
        return 2
    report.finish(summary, time.perf_counter() - start)
    if summary.unreadable:
        return 2
    return 1 if summary.invalid else 0


def _engine(options: Options, inputs: list[Input], on_error: OnError) -> Iterator[Checked]:
    checks = Checks(options.format, options.provider_rules)
    if options.engine == "dask":
        from agent_ir.cli._dask import checked_on_dask  # the optional extra agent-ir[dask]

        return checked_on_dask(inputs, options.scheduler or "", on_error, checks)
    return checked_locally(inputs, options.jobs, on_error, checks)
