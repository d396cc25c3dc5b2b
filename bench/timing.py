"""Wall-time and memory measurements for the benchmarks.

``measure`` runs a group of cases round-robin (one run of each case per round), so a
change in the machine's load during the group hits every case alike and the ratios
between cases of one group stay comparable. Each run starts after ``gc.collect()``;
with ``collector=True`` the collector stays enabled during the run (what an application
gets), with ``collector=False`` it is disabled for the run (CPU only). A case's result is
held until the clocks stop, so freeing it is not timed.

The figures are CPU time of this process (``time.process_time``, which counts the
collector's work and, as none of the cases starts a thread, nothing else): on a machine
shared with other work, wall time also counts the waits for a core, and its minimum and
median of a few runs can differ twofold. Wall time is kept alongside.
"""

from __future__ import annotations

import gc
import statistics
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass

Case = Callable[[], object]


@dataclass(frozen=True)
class Timing:
    """The CPU times and wall times in seconds of the runs of one case, in run order;
    ``min`` and ``median`` are of the CPU times."""

    seconds: tuple[float, ...]
    wall_seconds: tuple[float, ...]

    @property
    def min(self) -> float:
        return min(self.seconds)

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def wall_min(self) -> float:
        return min(self.wall_seconds)

    @property
    def wall_median(self) -> float:
        return statistics.median(self.wall_seconds)


@dataclass(frozen=True)
class Measured:
    """One case timed with the collector on (the headline) and off."""

    collector_on: Timing
    collector_off: Timing

    @property
    def runs(self) -> int:
        return len(self.collector_on.seconds)


def measure_both(
    cases: dict[str, Case], repeat: int, *, warm_up: bool = True
) -> dict[str, Measured]:
    """Every case timed ``repeat`` times with the collector on, then ``repeat`` times off."""
    on = measure(cases, repeat, collector=True, warm_up=warm_up)
    off = measure(cases, repeat, collector=False, warm_up=False)
    return {name: Measured(on[name], off[name]) for name in cases}


def measure(
    cases: dict[str, Case], repeat: int, *, collector: bool, warm_up: bool = True
) -> dict[str, Timing]:
    """``repeat`` rounds over ``cases``, after one untimed warm-up run of each unless
    ``warm_up`` is false."""
    for case in cases.values() if warm_up else ():
        case()
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
    for _ in range(repeat):
        for name, case in cases.items():
            runs[name].append(_run_once(case, collector=collector))
    return {
        name: Timing(tuple(cpu for cpu, _ in values), tuple(wall for _, wall in values))
        for name, values in runs.items()
    }


def _run_once(case: Case, *, collector: bool) -> tuple[float, float]:
    """The CPU time and wall time of one run of ``case``."""
    gc.collect()
    if not collector:
        gc.disable()
    try:
        wall_start, cpu_start = time.perf_counter(), time.process_time()
        result = case()
        cpu, wall = time.process_time() - cpu_start, time.perf_counter() - wall_start
    finally:
        gc.enable()
    del result
    return cpu, wall


@dataclass(frozen=True)
class Memory:
    """Bytes allocated (tracemalloc) while building one object graph: ``retained`` is
    what the graph still holds once built, ``peak`` the most held at once during the
    build."""

    retained: int
    peak: int


def retained_memory(build: Case) -> Memory:
    """The memory of the graph ``build()`` returns, measured from a fresh state: one
    untimed build first (so lazily built caches are not counted), then ``gc.collect``,
    tracemalloc started, the graph built and held, the traced sizes read, tracemalloc
    stopped."""
    build()
    gc.collect()
    tracemalloc.start()
    try:
        graph = build()
        retained, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del graph
    return Memory(retained, peak)
