"""Benchmark: ``agent-ir validate`` on large JSONL files, against a plain json.loads loop.

    python bench/dataset.py [--size-mb 200] [--large-mb 1000] [--quick] [--repeats 3]

Writes two ``--size-mb`` files (into a temporary directory deleted at the end):

- the dataset: generated lines (``bench/dataset_gen.py``), 10-60 messages each, one in
  50 broken;
- the sample: ``fixtures/transcripts/sample.jsonl`` repeated, short lines of which a
  third are broken, so that writing diagnostics weighs too;

and times on each, every command in its own subprocess, ``--repeats`` times
(interleaved; the minimum is kept):

- the baseline: a Python loop that reads the file in binary and ``json.loads`` each
  non-blank line, nothing else;
- ``agent-ir validate FILE --jobs 1 --quiet --output json`` (stdout to /dev/null:
  ``--quiet`` only hides the progress bar, every diagnostic is formatted and written);
- the same with ``--jobs 2``;

and ``--jobs 1`` on an empty file: the start-up cost inside the other figures (reported,
not checked).

The command is ``python -m agent_ir`` with this Python, so ``PYTHONPATH`` chooses the
code measured (the children inherit it; ``cli_module`` in the results says which file
was imported). Children may write bytecode (``PYTHONDONTWRITEBYTECODE`` is dropped for
them, and one untimed run comes first): an installed package has its bytecode, and
compiling every module on each run would add a fifth of a second to each figure.

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

from dataset_gen import MB, DatasetInfo, write_dataset, write_repeated  # noqa: E402

SAMPLE = HERE.parent / "fixtures" / "transcripts" / "sample.jsonl"

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
ON_SAMPLE = "sample: "  # the names of the commands run on the sample file
TARGETS = {"": 1.25, ON_SAMPLE: 2.0}  # --jobs 1 / baseline, per file
SPEED_UP = 1.7  # --jobs 1 / --jobs 2, wall, on both files
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
        child = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=stderr, env=child_environment()
        )
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        _check_status(command, child.returncode, ok, stderr)
    return Run(
        wall=wall,
        cpu=usage.ru_utime + usage.ru_stime,
        rss_mb=usage.ru_maxrss * 1024 / MB,
    )


def child_environment() -> dict[str, str]:
    """This environment (``PYTHONPATH`` included), bytecode writing allowed."""
    return {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def _check_status(command: Sequence[str], code: int, ok: Sequence[int], stderr: IO[bytes]) -> None:
    if code in ok:
        return
    stderr.seek(0)
    tail = stderr.read()[-2000:].decode(errors="replace")
    raise RuntimeError(f"{' '.join(command)} exited with {code}:\n{tail}")


def agent_ir() -> list[str]:
    """``python -m agent_ir`` with this Python: the code ``PYTHONPATH`` (else the
    installed package) provides."""
    return [sys.executable, "-m", "agent_ir"]


def cli_module() -> str:
    """The file of the ``agent_ir`` package the children import."""
    code = "import agent_ir; print(agent_ir.__file__)"
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=child_environment(),
    )
    return done.stdout.strip()


def broken_sample_lines(cli: Sequence[str]) -> int:
    """How many lines of ``SAMPLE`` the command reports (one JSON record each)."""
    done = subprocess.run(
        [*cli, "validate", str(SAMPLE), "--jobs", "1", "--output", "json"],
        capture_output=True,
        text=True,
        check=False,
        env=child_environment(),
    )
    return len(done.stdout.splitlines()) - 1  # the last line is the summary


def supported_flags(cli: Sequence[str]) -> set[str]:
    """Which of ``OPTIONAL_FLAGS`` ``agent-ir validate --help`` mentions."""
    result = subprocess.run(
        [*cli, "validate", "--help"],
        capture_output=True,
        text=True,
        check=True,
        env=child_environment(),
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
            ok = (0,) if name.endswith(BASELINE) else (0, 1)
            runs[name].append(run_child(command, ok=ok))
            print(f"  [{repeat + 1}/{repeats}] {name}: {runs[name][-1].wall:.2f} s wall")
    return {name: Summary.of(found) if found else None for name, found in runs.items()}


def generate(path: Path, megabytes: float, seed: int) -> DatasetInfo:
    start = time.perf_counter()
    info = write_dataset(path, int(megabytes * MB), seed=seed)
    _generated(info, start)
    return info


def repeat_sample(path: Path, megabytes: float, cli: Sequence[str]) -> DatasetInfo:
    start = time.perf_counter()
    broken = broken_sample_lines(cli)
    info = write_repeated(path, SAMPLE, int(megabytes * MB), invalid_per_copy=broken)
    _generated(info, start)
    return info


def _generated(info: DatasetInfo, start: float) -> None:
    print(
        f"generated {info.path.name}: {info.bytes / MB:.1f} MB, {info.lines} lines "
        f"({info.invalid} invalid) in {time.perf_counter() - start:.1f} s"
    )


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
    rows = [row for prefix in TARGETS for row in _ratios(summaries, prefix)]
    one = summaries[JOBS1]
    assert one is not None
    rows.append(Check(f"peak RSS {JOBS1}, {size_mb:g} MB file", "-", one.rss_mb, "MB", "<", 100))
    large_value = large[1].rss_mb if large else None
    large_name = f"{large[0].bytes / MB:.0f} MB" if large else "large"
    skipped = "" if large else "skipped (--quick)"
    growth = large_value - one.rss_mb if large_value is not None else None
    rows += [
        Check(f"peak RSS {JOBS1}, {large_name} file", "-", large_value, "MB", "<", 100, skipped),
        Check("peak RSS growth (flat)", "-", growth, "MB", "<=", 10, skipped),
    ]
    return rows


def _ratios(summaries: dict[str, Summary | None], prefix: str) -> list[Check]:
    """The rows of one file: ``--jobs 1`` against the baseline, and the speed-up."""
    base, one = summaries[prefix + BASELINE], summaries[prefix + JOBS1]
    two = summaries[prefix + JOBS2]
    assert base is not None
    assert one is not None
    versus = f"{prefix}{JOBS1} / {BASELINE}"
    target = TARGETS[prefix]
    return [
        Check(versus, "CPU", ratio(one.cpu, base.cpu), "x", "<=", target),
        Check(versus, "wall", ratio(one.wall, base.wall), "x", "<=", target),
        Check(
            f"{prefix}speed-up {JOBS1} / {JOBS2}",
            "wall",
            ratio(one.wall, two.wall if two else None),
            "x",
            ">=",
            SPEED_UP,
            "" if two else "CLI has no --jobs",
        ),
    ]


def _format_value(value: float | None, unit: str) -> str:
    if value is None:
        return "n/a"
    return f"{value:.2f}x" if unit == "x" else f"{value:.1f} MB"


def _format_met(met: bool | None) -> str:
    return {True: "yes", False: "NO", None: "-"}[met]


def print_timings(
    summaries: dict[str, Summary | None], info: DatasetInfo, sample: DatasetInfo
) -> None:
    print("\nTimings (min of runs):")
    for name, shown in (("dataset", info), ("sample", sample)):
        print(f"  {name}: {shown.bytes / MB:.1f} MB, {shown.lines} lines, {shown.invalid} invalid")
    print(f"  {'command':<28} {'wall s':>8} {'CPU s':>8} {'MB/s wall':>10} {'peak RSS MB':>12}")
    for name, summary in summaries.items():
        if summary is None:
            print(f"  {name:<28} {'n/a':>8}")
            continue
        size = sample.bytes if name.startswith(ON_SAMPLE) else info.bytes
        speed = f"{size / MB / summary.wall:.1f}" if name != STARTUP else "-"
        print(
            f"  {name:<28} {summary.wall:>8.2f} {summary.cpu:>8.2f} {speed:>10} "
            f"{summary.rss_mb:>12.1f}"
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


def _described(info: DatasetInfo) -> dict[str, int]:
    return {"bytes": info.bytes, "lines": info.lines, "invalid": info.invalid}


def write_results(path: Path, record: dict[str, Any]) -> None:
    path.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    print(f"\nwrote {path}")


def results(
    arguments: argparse.Namespace,
    cli: list[str],
    flags: set[str],
    files: tuple[DatasetInfo, DatasetInfo],
    summaries: dict[str, Summary | None],
    large: tuple[DatasetInfo, Run] | None,
    rows: list[Check],
) -> dict[str, Any]:
    return {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "cli": cli,
        "cli_module": cli_module(),
        "bytecode_cached": True,
        "cli_flags": sorted(flags),
        "quick": arguments.quick,
        "repeats": arguments.repeats,
        "dataset": _described(files[0]),
        "sample": {**_described(files[1]), "source": str(SAMPLE.relative_to(HERE.parent))},
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
    print(f"agent_ir imported from {cli_module()}")
    with tempfile.TemporaryDirectory(prefix="agent-ir-bench-", dir=arguments.tmp_dir) as tmp:
        directory = Path(tmp)
        info = generate(directory / "dataset.jsonl", arguments.size_mb, seed=2024)
        sample = repeat_sample(directory / "sample.jsonl", arguments.size_mb, cli)
        empty = directory / "empty.jsonl"
        empty.touch()
        commands: dict[str, list[str] | None] = {STARTUP: validate_command(cli, empty, 1, flags)}
        for prefix, file in (("", info.path), (ON_SAMPLE, sample.path)):
            commands |= {
                prefix + BASELINE: [sys.executable, "-c", BASELINE_SCRIPT, str(file)],
                prefix + JOBS1: validate_command(cli, file, 1, flags),
                prefix + JOBS2: validate_command(cli, file, 2, flags),
            }
        warm_up = validate_command(cli, SAMPLE, 1, flags)
        assert warm_up is not None
        run_child(warm_up, ok=(0, 1))  # writes the bytecode; not timed
        summaries = measure(commands, arguments.repeats)
        info.path.unlink()
        sample.path.unlink()
        large = None if arguments.quick else large_rss(cli, directory, arguments.large_mb, flags)
    rows = checks(summaries, arguments.size_mb, large)
    print_timings(summaries, info, sample)
    print_checks(rows, summaries[JOBS2])
    record = results(arguments, cli, flags, (info, sample), summaries, large, rows)
    write_results(arguments.results, record)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
