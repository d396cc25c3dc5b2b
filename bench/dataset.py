"""Benchmark: ``agent-ir validate`` on a large JSONL dataset, against a plain json.loads loop.

    python bench/dataset.py [--size-mb 200] [--large-mb 1000] [--quick] [--repeats 3]

Generates (``bench/dataset_gen.py``, into a temporary directory deleted at the end) a
``--size-mb`` file and times, each in its own subprocess, ``--repeats`` times
(interleaved; the minimum is kept):

- the baseline: a Python loop that reads the file in binary and ``json.loads`` each
  non-blank line, nothing else;
- ``agent-ir validate FILE --jobs 1 --quiet --output json`` (stdout to /dev/null);
- the same with ``--jobs 2``;
- ``--jobs 1`` on an empty file: the start-up cost inside the other figures (reported,
  not checked).

Then peak RSS of ``--jobs 1`` on that file and on a ``--large-mb`` file (one run).
``--quick`` skips the large file and makes the default size 20 MB.

Each child is reaped with ``os.wait4``: wall time is measured around it, CPU time is the
child's user + system time and peak RSS its ``ru_maxrss``. On Linux both include the
descendants the child reaped, so for ``--jobs 2`` the CPU time covers the workers and the
peak RSS is the largest of the parent and any one worker (not their sum). Every timing
includes interpreter start-up and imports.

Figures go to ``bench/results-dataset.json`` (``--results`` to change).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from dataset_gen import MB, DatasetInfo, write_dataset  # noqa: E402

BASELINE_SCRIPT = """\
import json, sys
with open(sys.argv[1], "rb") as file:
    for line in file:
        if line.strip():
            json.loads(line)
"""
BASELINE = "json.loads loop"
JOBS1 = "validate --jobs 1"
JOBS2 = "validate --jobs 2"
STARTUP = "validate, empty file"
OPTIONAL_FLAGS = ("--jobs", "--quiet", "--output")


@dataclass(frozen=True)
class Run:
    """One reaped child: elapsed seconds, user + system seconds, peak RSS in MB (10^6)."""

    wall: float
    cpu: float
    rss_mb: float


@dataclass(frozen=True)
class Summary:
    """The best of several runs of one command (min times, max peak RSS)."""

    wall: float
    cpu: float
    rss_mb: float
    walls: list[float]
    cpus: list[float]

    @classmethod
    def of(cls, runs: Sequence[Run]) -> Summary:
        return cls(
            wall=min(run.wall for run in runs),
            cpu=min(run.cpu for run in runs),
            rss_mb=max(run.rss_mb for run in runs),
            walls=[round(run.wall, 4) for run in runs],
            cpus=[round(run.cpu, 4) for run in runs],
        )


@dataclass(frozen=True)
class Check:
    """One row of the ratio table: ``value op target`` is the goal; None: not measured."""

    measure: str
    clock: str
    value: float | None
    unit: str
    op: str
    target: float
    note: str = ""

    @property
    def met(self) -> bool | None:
        if self.value is None:
            return None
        if self.op == "<=":
            return self.value <= self.target
        if self.op == ">=":
            return self.value >= self.target
        return self.value < self.target


# --- running children ------------------------------------------------------------------


def run_child(command: Sequence[str], *, ok: Sequence[int] = (0,)) -> Run:
    """Run ``command`` with stdout to /dev/null; raise if its exit status is not in ``ok``."""
    with tempfile.TemporaryFile() as stderr:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        _check_status(command, child.returncode, ok, stderr)
    return Run(
        wall=wall,
        cpu=usage.ru_utime + usage.ru_stime,
        rss_mb=usage.ru_maxrss * 1024 / MB,
    )


def _check_status(command: Sequence[str], code: int, ok: Sequence[int], stderr: IO[bytes]) -> None:
    if code in ok:
        return
    stderr.seek(0)
    tail = stderr.read()[-2000:].decode(errors="replace")
    raise RuntimeError(f"{' '.join(command)} exited with {code}:\n{tail}")


def agent_ir() -> list[str]:
    """The installed console script next to this Python, else its entry point run with
    ``-c`` (works whether ``agent_ir.cli`` is a module or a package, with no ``__main__``)."""
    script = Path(sys.executable).with_name("agent-ir")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from agent_ir.cli import main; sys.exit(main())"]


def supported_flags(cli: Sequence[str]) -> set[str]:
    """Which of ``OPTIONAL_FLAGS`` ``agent-ir validate --help`` mentions."""
    result = subprocess.run(
        [*cli, "validate", "--help"], capture_output=True, text=True, check=True
    )
    return {flag for flag in OPTIONAL_FLAGS if flag in result.stdout}


def validate_command(
    cli: Sequence[str], file: Path, jobs: int, flags: set[str]
) -> list[str] | None:
    """``agent-ir validate FILE --jobs N --quiet --output json``, with only the supported
    flags; None when ``jobs`` > 1 and the CLI has no ``--jobs``."""
    command = [*cli, "validate", str(file)]
    if "--jobs" in flags:
        command += ["--jobs", str(jobs)]
    elif jobs != 1:
        return None
    if "--quiet" in flags:
        command.append("--quiet")
    if "--output" in flags:
        command += ["--output", "json"]
    return command


# --- measuring ---------------------------------------------------------------------------


def measure(commands: dict[str, list[str] | None], repeats: int) -> dict[str, Summary | None]:
    """Run every command ``repeats`` times, round-robin so drift hits all alike."""
    runs: dict[str, list[Run]] = {name: [] for name in commands}
    for repeat in range(repeats):
        for name, command in commands.items():
            if command is None:
                continue
            ok = (0,) if name == BASELINE else (0, 1)
            runs[name].append(run_child(command, ok=ok))
            print(f"  [{repeat + 1}/{repeats}] {name}: {runs[name][-1].wall:.2f} s wall")
    return {name: Summary.of(found) if found else None for name, found in runs.items()}


def generate(path: Path, megabytes: float, seed: int) -> DatasetInfo:
    start = time.perf_counter()
    info = write_dataset(path, int(megabytes * MB), seed=seed)
    print(
        f"generated {path.name}: {info.bytes / MB:.1f} MB, {info.lines} lines "
        f"({info.invalid} invalid) in {time.perf_counter() - start:.1f} s"
    )
    return info


def large_rss(
    cli: Sequence[str], directory: Path, megabytes: float, flags: set[str]
) -> tuple[DatasetInfo, Run]:
    """Peak RSS (and times) of one ``--jobs 1`` run on a ``megabytes`` file."""
    info = generate(directory / "large.jsonl", megabytes, seed=7)
    command = validate_command(cli, info.path, 1, flags)
    assert command is not None
    run = run_child(command, ok=(0, 1))
    print(f"  {JOBS1} on {info.bytes / MB:.0f} MB: {run.wall:.2f} s wall, {run.rss_mb:.1f} MB RSS")
    info.path.unlink()
    return info, run


# --- reporting ---------------------------------------------------------------------------


def ratio(numerator: float | None, denominator: float | None) -> float | None:
    if numerator is None or denominator is None or denominator == 0:
        return None
    return numerator / denominator


def checks(
    summaries: dict[str, Summary | None], size_mb: float, large: tuple[DatasetInfo, Run] | None
) -> list[Check]:
    base, one, two = summaries[BASELINE], summaries[JOBS1], summaries[JOBS2]
    assert base is not None
    assert one is not None
    versus = f"{JOBS1} / {BASELINE}"
    rows = [
        Check(versus, "CPU", ratio(one.cpu, base.cpu), "x", "<=", 1.25),
        Check(versus, "wall", ratio(one.wall, base.wall), "x", "<=", 1.25),
        Check(
            f"speed-up {JOBS1} / {JOBS2}",
            "wall",
            ratio(one.wall, two.wall if two else None),
            "x",
            ">=",
            1.7,
            "" if two else "CLI has no --jobs",
        ),
        Check(f"peak RSS {JOBS1}, {size_mb:g} MB file", "-", one.rss_mb, "MB", "<", 100),
    ]
    large_value = large[1].rss_mb if large else None
    large_name = f"{large[0].bytes / MB:.0f} MB" if large else "large"
    skipped = "" if large else "skipped (--quick)"
    growth = large_value - one.rss_mb if large_value is not None else None
    rows += [
        Check(f"peak RSS {JOBS1}, {large_name} file", "-", large_value, "MB", "<", 100, skipped),
        Check("peak RSS growth (flat)", "-", growth, "MB", "<=", 10, skipped),
    ]
    return rows


def _format_value(value: float | None, unit: str) -> str:
    if value is None:
        return "n/a"
    return f"{value:.2f}x" if unit == "x" else f"{value:.1f} MB"


def _format_met(met: bool | None) -> str:
    return {True: "yes", False: "NO", None: "-"}[met]


def print_timings(summaries: dict[str, Summary | None], info: DatasetInfo) -> None:
    print(f"\nTimings on {info.bytes / MB:.1f} MB, {info.lines} lines (min of runs):")
    print(f"  {'command':<20} {'wall s':>8} {'CPU s':>8} {'MB/s wall':>10} {'peak RSS MB':>12}")
    for name, summary in summaries.items():
        if summary is None:
            print(f"  {name:<20} {'n/a':>8}")
            continue
        speed = f"{info.bytes / MB / summary.wall:.1f}" if name != STARTUP else "-"
        print(
            f"  {name:<20} {summary.wall:>8.2f} {summary.cpu:>8.2f} {speed:>10} {summary.rss_mb:>12.1f}"
        )


def print_checks(rows: list[Check], jobs2: Summary | None) -> None:
    print("\nRatios (clock: CPU = user+sys incl. reaped workers, wall = elapsed, - = memory):")
    width = max(len(row.measure) for row in rows)
    print(f"  {'measure':<{width}}  {'clock':<5} {'value':>9}  {'target':<10} met")
    for row in rows:
        target = f"{row.op} {row.target:g}{'x' if row.unit == 'x' else ' MB'}"
        note = f"  ({row.note})" if row.note else ""
        print(
            f"  {row.measure:<{width}}  {row.clock:<5} {_format_value(row.value, row.unit):>9}  "
            f"{target:<10} {_format_met(row.met)}{note}"
        )
    if jobs2 is not None:
        print(
            f"  note: {JOBS2} peak RSS {jobs2.rss_mb:.1f} MB is wait4's ru_maxrss of the parent: "
            "the largest of the parent and any one reaped worker, not their sum."
        )


def machine() -> dict[str, Any]:
    return {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    }


def write_results(path: Path, record: dict[str, Any]) -> None:
    path.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    print(f"\nwrote {path}")


def results(
    arguments: argparse.Namespace,
    cli: list[str],
    flags: set[str],
    info: DatasetInfo,
    summaries: dict[str, Summary | None],
    large: tuple[DatasetInfo, Run] | None,
    rows: list[Check],
) -> dict[str, Any]:
    return {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "cli": cli,
        "cli_flags": sorted(flags),
        "quick": arguments.quick,
        "repeats": arguments.repeats,
        "dataset": {"bytes": info.bytes, "lines": info.lines, "invalid": info.invalid},
        "runs": {name: asdict(s) if s else None for name, s in summaries.items()},
        "large": {
            "bytes": large[0].bytes,
            "lines": large[0].lines,
            "run": asdict(large[1]),
        }
        if large
        else None,
        "checks": [{**asdict(row), "met": row.met} for row in rows],
    }


# --- main --------------------------------------------------------------------------------


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--size-mb", type=float, help="main file size (default 200, 20 with --quick)"
    )
    parser.add_argument("--large-mb", type=float, default=1000, help="file for the RSS check")
    parser.add_argument("--quick", action="store_true", help="skip the large file; 20 MB default")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--tmp-dir", type=Path, help="where to generate (default: system temp)")
    parser.add_argument("--results", type=Path, default=HERE / "results-dataset.json")
    arguments = parser.parse_args(argv)
    if arguments.size_mb is None:
        arguments.size_mb = 20.0 if arguments.quick else 200.0
    return arguments


def main(argv: Sequence[str] | None = None) -> int:
    arguments = parse(argv)
    cli = agent_ir()
    flags = supported_flags(cli)
    print(f"cli: {' '.join(cli)} (optional flags it has: {', '.join(sorted(flags)) or 'none'})")
    with tempfile.TemporaryDirectory(prefix="agent-ir-bench-", dir=arguments.tmp_dir) as tmp:
        directory = Path(tmp)
        info = generate(directory / "dataset.jsonl", arguments.size_mb, seed=2024)
        empty = directory / "empty.jsonl"
        empty.touch()
        commands = {
            BASELINE: [sys.executable, "-c", BASELINE_SCRIPT, str(info.path)],
            JOBS1: validate_command(cli, info.path, 1, flags),
            JOBS2: validate_command(cli, info.path, 2, flags),
            STARTUP: validate_command(cli, empty, 1, flags),
        }
        summaries = measure(commands, arguments.repeats)
        info.path.unlink()
        large = None if arguments.quick else large_rss(cli, directory, arguments.large_mb, flags)
    rows = checks(summaries, arguments.size_mb, large)
    print_timings(summaries, info)
    print_checks(rows, summaries[JOBS2])
    write_results(arguments.results, results(arguments, cli, flags, info, summaries, large, rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
