"""agent-ir benchmarks, printed as tables and written to bench/results.json.

Every figure is a ratio between the CPU times of two cases timed in one group of this
run (see ``timing``): mostly to ``json.loads`` of the same compact bytes (as
``agent_ir.dumps`` writes them); for the peers, how many times faster agent-ir's
``loads`` is than the peer reading its own format of the same transcript (``peers``).
Each case runs N times with the collector on (the headline: what an application gets)
and N times with it off (the work alone); a ratio is taken of the minima and of the
medians. Targets are judged on the collector-on minima.

Usage: python bench/run.py [--quick]   (--quick: fewer runs; no 100k, no jsonschema)
"""

from __future__ import annotations

import json
import os
import platform
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import msgspec

import agent_ir

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_adapters as bench_adapters_module  # noqa: E402
import bench_provider  # noqa: E402
import bench_sdk_streams  # noqa: E402
import bench_streams  # noqa: E402
import bench_wire  # noqa: E402
from peers import load_peers  # noqa: E402
from timing import Case, Measured, measure_both, retained_memory  # noqa: E402
from transcript_gen import make_transcript  # noqa: E402

MESSAGES = 10_000
LARGE = 100_000

JSON_LOADS = "json.loads"
LOADS = "agent_ir.loads -> frozen IR"
VALIDATE_JSON = "agent_ir.validate_json"
VALIDATE = "agent_ir.validate_transcript(parsed)"
MALFORMED_JSON = "agent_ir.validate_json, one malformed message"
MALFORMED = "agent_ir.validate_transcript(parsed), one malformed message"
JSON_LOADS_FREED = "json.loads, result freed within the timing"
LOADS_FREED = "agent_ir.loads, result freed within the timing"
JSON_LOADS_LARGE = "json.loads, 100k"
LOADS_LARGE = "agent_ir.loads, 100k"
JSONSCHEMA = "jsonschema Draft202012Validator.is_valid(parsed)"

# The peers' targets: agent-ir's loads at least this many times faster than the peer's
# fastest bytes-to-objects path.
PEER_TARGETS = {"pydantic-ai-slim": 5.0, "langchain-core": 4.0}


@dataclass(frozen=True)
class Group:
    """Cases timed together, round-robin; ``baseline`` names the ``json.loads`` case."""

    name: str
    baseline: str
    measured: dict[str, Measured]


@dataclass(frozen=True)
class Row:
    """One printed figure: a ratio with the collector on (minima and medians) and off
    (minima), and its target when it has one: ``value <= bound``, or ``>= bound`` for a
    speedup (``at_least``)."""

    measurement: str
    on_min: float
    on_median: float | None = None
    off_min: float | None = None
    bound: float | None = None
    at_least: bool = False

    @property
    def target(self) -> str:
        if self.bound is None:
            return ""
        return f"{'>=' if self.at_least else '<='} {self.bound:g}x"

    @property
    def met(self) -> bool | None:
        if self.bound is None:
            return None
        return self.on_min >= self.bound if self.at_least else self.on_min <= self.bound


@dataclass
class Report:
    """Everything one run measured, in the order it was measured."""

    quick: bool
    groups: list[Group] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    payload_bytes: dict[str, int] = field(default_factory=dict)
    versions: dict[str, str] = field(default_factory=dict)
    memory: dict[str, dict[str, int]] = field(default_factory=dict)

    def time(
        self, name: str, cases: dict[str, Case], repeat: int, baseline: str, *, warm_up: bool = True
    ) -> Group:
        print(f"timing: {name} ({len(cases)} cases, N={repeat})", flush=True)
        group = Group(name, baseline, measure_both(cases, repeat, warm_up=warm_up))
        self.groups.append(group)
        return group

    def ratio(
        self,
        measurement: str,
        group: Group,
        numerator: str,
        denominator: str,
        bound: float | None = None,
        *,
        at_least: bool = False,
    ) -> None:
        """``numerator``'s time over ``denominator``'s, both of ``group``."""
        top, bottom = group.measured[numerator], group.measured[denominator]
        row = Row(
            measurement,
            top.collector_on.min / bottom.collector_on.min,
            top.collector_on.median / bottom.collector_on.median,
            top.collector_off.min / bottom.collector_off.min,
            bound,
            at_least,
        )
        self.rows.append(row)


def main(argv: list[str]) -> int:
    report = Report(quick="--quick" in argv)
    started = _machine_load()
    raw = compact_bytes(MESSAGES)
    report.payload_bytes["agent-ir compact JSON"] = len(raw)
    bench_transcript(report, raw)
    bench_tools(report, raw)
    if not report.quick:
        bench_growth(report, raw)
    bench_provider_stream(report)
    bench_wire_streams(report)
    bench_against_sdks(report)
    bench_wire_requests(report)
    bench_adapters(report)
    bench_memory(report, raw)
    # Last: the peers' imports grow the heap that every later full collection walks.
    bench_peers(report, raw)
    if not report.quick:
        bench_jsonschema(report, raw)
    results = _results(report, started)
    print_report(report, results)
    (HERE / "results.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


def compact_bytes(messages: int) -> bytes:
    """The bench transcript as ``agent_ir.dumps`` writes it."""
    return agent_ir.dumps(agent_ir.loads(json.dumps(make_transcript(messages)).encode()))


def bench_transcript(report: Report, raw: bytes) -> None:
    """agent-ir's paths and the untyped parsers (the floors) on the same bytes, and the
    same transcript with one malformed message (a blank id in the middle)."""
    parsed = json.loads(raw)
    broken = json.loads(raw)
    broken[len(broken) // 2]["id"] = "   "
    broken_raw = json.dumps(broken, ensure_ascii=False, separators=(",", ":")).encode()
    for diagnostics in (agent_ir.validate_json(broken_raw), agent_ir.validate_transcript(broken)):
        if [diagnostic.code for diagnostic in diagnostics] != ["INVALID_MESSAGE"]:
            raise RuntimeError(f"the malformed transcript gave {diagnostics}")
    if agent_ir.validate_json(raw) or agent_ir.validate_transcript(parsed):
        raise RuntimeError("the bench transcript is not valid")
    cases: dict[str, Case] = {
        JSON_LOADS: lambda: json.loads(raw),
        "msgspec.json.decode (untyped)": lambda: msgspec.json.decode(raw),
    }
    try:
        import orjson

        cases["orjson.loads"] = lambda: orjson.loads(raw)
    except ImportError as error:
        report.notes.append(f"orjson skipped: {error}")
    cases |= {
        LOADS: lambda: agent_ir.loads(raw),
        VALIDATE_JSON: lambda: agent_ir.validate_json(raw),
        VALIDATE: lambda: agent_ir.validate_transcript(parsed),
        MALFORMED_JSON: lambda: agent_ir.validate_json(broken_raw),
        MALFORMED: lambda: agent_ir.validate_transcript(broken),
        # Returning None frees the result inside the timed call.
        JSON_LOADS_FREED: lambda: (json.loads(raw), None)[1],
        LOADS_FREED: lambda: (agent_ir.loads(raw), None)[1],
    }
    group = report.time(f"{MESSAGES:,} messages", cases, 5 if report.quick else 7, JSON_LOADS)
    for floor in ("msgspec.json.decode (untyped)", "orjson.loads"):
        if floor in cases:
            report.ratio(f"{floor}, x json.loads", group, floor, JSON_LOADS)
    report.ratio("loads(bytes) to the frozen IR, 10k, x json.loads", group, LOADS, JSON_LOADS, 0.9)
    report.ratio("  the same, each result freed within the timing", group, LOADS_FREED, JSON_LOADS_FREED)  # fmt: skip
    report.ratio("validate_json(bytes), x json.loads", group, VALIDATE_JSON, JSON_LOADS, 0.8)
    report.ratio("validate_transcript(parsed), x json.loads", group, VALIDATE, JSON_LOADS, 0.8)
    report.ratio("one malformed message / valid: validate_json", group, MALFORMED_JSON, VALIDATE_JSON, 1.5)  # fmt: skip
    report.ratio("one malformed message / valid: validate_transcript", group, MALFORMED, VALIDATE, 1.5)  # fmt: skip


# A dozen tools, as an agent declares them: the bench transcript's "read" with the
# schema its arguments follow, and eleven others it never calls.
READ_PARAMETERS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "path": {"type": "string", "minLength": 1},
        "limit": {"type": "integer", "minimum": 1, "maximum": 1000},
        "options": {
            "type": "object",
            "properties": {
                "encoding": {"enum": ["utf-8", "latin-1"]},
                "lines": {"type": "array", "items": {"type": "integer", "minimum": 0}},
            },
            "required": ["encoding"],
            "additionalProperties": False,
        },
    },
    "required": ["path"],
    "additionalProperties": False,
}
TOOLS: list[dict[str, Any]] = [
    {"name": "read", "description": "Read a file", "parameters": READ_PARAMETERS},
    *(
        {
            "name": f"tool_{number}",
            "description": f"Tool {number}",
            "parameters": {
                "type": "object",
                "properties": {"query": {"type": "string"}, "count": {"type": "integer"}},
                "required": ["query"],
            },
        }
        for number in range(11)
    ),
]


def bench_tools(report: Report, raw: bytes) -> None:
    """Checking every call against a dozen tool definitions, against the same checks
    without tools (the issue's bound: at most 1.5x)."""
    parsed = json.loads(raw)
    if agent_ir.validate_transcript(parsed, tools=TOOLS) or agent_ir.validate_json(
        raw, tools=TOOLS
    ):
        raise RuntimeError("the bench transcript does not follow the bench tools")
    cases: dict[str, Case] = {
        JSON_LOADS: lambda: json.loads(raw),
        VALIDATE: lambda: agent_ir.validate_transcript(parsed),
        VALIDATE + ", tools": lambda: agent_ir.validate_transcript(parsed, tools=TOOLS),
        VALIDATE_JSON: lambda: agent_ir.validate_json(raw),
        VALIDATE_JSON + ", tools": lambda: agent_ir.validate_json(raw, tools=TOOLS),
        LOADS: lambda: agent_ir.loads(raw),
        LOADS + ", tools": lambda: agent_ir.loads(raw, tools=TOOLS),
    }
    group = report.time(f"{MESSAGES:,} messages, 12 tools", cases, 5 if report.quick else 7, JSON_LOADS)  # fmt: skip
    for name in (VALIDATE, VALIDATE_JSON, LOADS):
        report.ratio(f"{name} with 12 tools / without", group, name + ", tools", name, 1.5)


def bench_growth(report: Report, raw: bytes) -> None:
    """``loads`` of 100,000 messages relative to 10,000, next to json.loads' own growth."""
    large = compact_bytes(LARGE)
    report.payload_bytes["agent-ir compact JSON, 100k"] = len(large)
    cases: dict[str, Case] = {
        JSON_LOADS: lambda: json.loads(raw),
        LOADS: lambda: agent_ir.loads(raw),
        JSON_LOADS_LARGE: lambda: json.loads(large),
        LOADS_LARGE: lambda: agent_ir.loads(large),
    }
    group = report.time(f"{LARGE:,} and {MESSAGES:,} messages", cases, 5, JSON_LOADS)
    report.ratio("loads, 100k / 10k", group, LOADS_LARGE, LOADS, 11.0)
    report.ratio("json.loads, 100k / 10k (for comparison)", group, JSON_LOADS_LARGE, JSON_LOADS)
    report.ratio("loads(bytes), 100k, x json.loads", group, LOADS_LARGE, JSON_LOADS_LARGE)


def bench_provider_stream(report: Report) -> None:
    with bench_provider.provider_cases() as cases:
        group = report.time(
            "one 10,000-record provider response", cases, 5 if report.quick else 7,
            bench_provider.BASELINE,
        )  # fmt: skip
    report.ratio(
        "FixtureProviderAdapter, one 10,000-record response, x json.loads",
        group, bench_provider.STREAM, bench_provider.BASELINE, 3.0,
    )  # fmt: skip
    report.ratio(
        "  of which the construction-time snapshot, x json.loads",
        group, bench_provider.SNAPSHOT, bench_provider.BASELINE,
    )  # fmt: skip


def bench_wire_streams(report: Report) -> None:
    """Each format's sync and async stream over a 10 MB recorded stream, against
    ``json.loads`` of the same events' data lines."""
    with bench_streams.stream_cases() as streams:
        for wire_format, (baseline, runs) in streams.items():
            base = f"json.loads of each event's data, the {wire_format} stream"
            group = report.time(
                f"{wire_format}, a 10 MB stream",
                {base: baseline, **runs},
                3 if report.quick else 5,
                base,
            )
            for name in runs:
                report.ratio(
                    f"{name}, 10 MB of events, x json.loads of the data",
                    group, name, base, bench_streams.TARGET_RATIO,
                )  # fmt: skip


SDK_STREAM_BYTES = 1_000_000  # the SDKs take about 30 s on the 10 MB bodies


def bench_against_sdks(report: Report) -> None:
    """Each format's sync stream against its official SDK's accumulator, on the same
    1 MB stream (``bench_sdk_streams``; a format whose SDK is missing is left out)."""
    for wire_format, (make, sync_class, _) in bench_streams.STREAMS.items():
        body = make(SDK_STREAM_BYTES)
        sdk = bench_sdk_streams.sdk_reader(wire_format, body)
        if sdk is None:
            continue
        base, read = sdk
        ours = sync_class.__name__

        def run(body: bytes = body, stream_class: Any = sync_class) -> int:
            return bench_streams._consume_sync(stream_class, body)

        group = report.time(
            f"{wire_format}, a 1 MB stream, agent-ir and the official SDK",
            {base: read, ours: run},
            3,
            base,
        )
        report.ratio(
            f"{ours}, 1 MB of events, x the official SDK's accumulator",
            group, ours, base, SDK_TARGET_RATIO,
        )  # fmt: skip


SDK_TARGET_RATIO = 2.0


def bench_wire_requests(report: Report) -> None:
    """Each request conversion both ways on the bench transcript, side by side in one
    group, against ``json.dumps`` of the transcript's JSON form (see ``bench_wire``)."""
    cases = bench_wire.wire_cases(bench_wire.transcript(MESSAGES))
    group = report.time(
        f"request conversions, {MESSAGES:,} messages", cases, 3 if report.quick else 5,
        bench_wire.BASELINE,
    )  # fmt: skip
    for name in cases:
        bound = bench_wire.target(name)
        if bound is not None:
            report.ratio(
                f"{name}, x {bench_wire.BASELINE}", group, name, bench_wire.BASELINE, bound
            )


def bench_adapters(report: Report) -> None:
    """The pydantic-ai and LangChain adapters both ways on the bench transcript, against
    ``json.dumps`` of its JSON form (see ``bench_adapters``); no target."""
    try:
        cases = bench_adapters_module.adapter_cases(bench_wire.transcript(MESSAGES))
    except ImportError as error:  # a framework is not installed
        report.notes.append(f"framework adapters skipped: {error}")
        return
    group = report.time(
        f"framework adapters, {MESSAGES:,} messages", cases, 3 if report.quick else 5,
        bench_wire.BASELINE,
    )  # fmt: skip
    for name in cases:
        if name != bench_wire.BASELINE:
            report.ratio(f"{name}, x {bench_wire.BASELINE}", group, name, bench_wire.BASELINE)


def bench_memory(report: Report, raw: bytes) -> None:
    """What the IR holds against what json.loads' dicts hold, measured by tracemalloc."""
    memory = {"json.loads": retained_memory(lambda: json.loads(raw))}
    memory[LOADS] = retained_memory(lambda: agent_ir.loads(raw))
    report.memory = {name: {"retained": m.retained, "peak": m.peak} for name, m in memory.items()}
    ratio = memory[LOADS].retained / memory["json.loads"].retained
    report.rows.append(
        Row("IR memory (tracemalloc, retained) / json.loads' dicts", ratio, bound=0.75)
    )
    peak = memory[LOADS].peak / memory["json.loads"].peak
    report.rows.append(Row("  peak while building / json.loads' peak", peak))


def bench_peers(report: Report, raw: bytes) -> None:
    """agent-ir's ``loads`` against each peer reading its own format of the same
    transcript, with ``json.loads`` of agent-ir's bytes as the group's baseline."""
    print("converting the transcript for the peers and checking their round trips", flush=True)
    peers, skipped = load_peers(json.loads(raw))
    report.notes += [f"{name} skipped: {reason}" for name, reason in skipped.items()]
    cases: dict[str, Case] = {
        JSON_LOADS: lambda: json.loads(raw),
        LOADS: lambda: agent_ir.loads(raw),
    }
    for peer in peers:
        cases |= peer.cases
        report.payload_bytes |= peer.payload_bytes
        report.versions[peer.name] = peer.version
    if not peers:
        return
    group = report.time(
        "peers, each on its own format", cases, 3 if report.quick else 5, JSON_LOADS
    )
    for peer in peers:
        fastest = min(peer.cases, key=lambda label: group.measured[label].collector_on.min)
        for label in peer.cases:
            bound = PEER_TARGETS.get(peer.name) if label == fastest else None
            # How many times faster agent-ir's loads is than the peer.
            report.ratio(f"loads faster than: {label}", group, label, LOADS, bound, at_least=True)


def bench_jsonschema(report: Report, raw: bytes) -> None:
    """The reference validator, once per collector setting (it is slow)."""
    import jsonschema

    parsed = json.loads(raw)
    validator = jsonschema.Draft202012Validator(
        {"$ref": "https://agent-ir.dev/schemas/v1/transcript.schema.json"},
        registry=agent_ir.schemas.registry(),
    )
    if not validator.is_valid(parsed):
        raise RuntimeError("jsonschema rejects the bench transcript")
    cases: dict[str, Case] = {
        VALIDATE: lambda: agent_ir.validate_transcript(parsed),
        JSONSCHEMA: lambda: validator.is_valid(parsed),
    }
    # is_valid above was the warm-up.
    group = report.time("jsonschema reference", cases, 1, VALIDATE, warm_up=False)
    report.ratio(f"validate_transcript faster than {JSONSCHEMA}", group, JSONSCHEMA, VALIDATE)


# --- output -----------------------------------------------------------------------------


def print_report(report: Report, results: dict[str, Any]) -> None:
    machine = results["machine"]
    print()
    print(
        f"agent-ir bench, {results['date']}: {machine['platform']}, {machine['cpu_count']} CPUs, "
        f"Python {machine['python']}; load average {machine['load_average_start']} at the start, "
        f"{machine['load_average_end']} at the end"
    )
    for name, size in report.payload_bytes.items():
        print(f"  payload {name}: {size / 1e6:.2f} MB")
    for group in report.groups:
        _print_group(group)
    _print_rows(report.rows)
    for note in report.notes:
        print(f"note: {note}")


def _print_group(group: Group) -> None:
    base = group.measured[group.baseline]
    width = max(map(len, group.measured))
    print()
    print(f"{group.name}: CPU ms, N runs each, collector on | off; x base: x {group.baseline}")
    print(f"{'case':<{width}}  {'N':>2}  {'on min':>8} {'median':>8} {'x base':>7}  |  {'off min':>8} {'median':>8} {'x base':>7}")  # fmt: skip
    for label, measured in group.measured.items():
        on, off = measured.collector_on, measured.collector_off
        print(
            f"{label:<{width}}  {measured.runs:>2}  {on.min * 1e3:8.1f} {on.median * 1e3:8.1f} "
            f"{on.min / base.collector_on.min:6.2f}x  |  {off.min * 1e3:8.1f} "
            f"{off.median * 1e3:8.1f} {off.min / base.collector_off.min:6.2f}x"
        )


def _print_rows(rows: list[Row]) -> None:
    width = max(len(row.measurement) for row in rows)
    print()
    print("Ratios of CPU times: collector on, min (median) | collector off, min; targets judged on collector-on min")  # fmt: skip
    print(f"{'measurement':<{width}}  {'on min':>8} {'(median)':>9}  {'off min':>8}  {'target':>9}  met")  # fmt: skip
    for row in rows:
        median = "" if row.on_median is None else f"({row.on_median:.2f}x)"
        off = "" if row.off_min is None else f"{row.off_min:.2f}x"
        met = {None: "", True: "yes", False: "NO"}[row.met]
        print(
            f"{row.measurement:<{width}}  {row.on_min:7.2f}x {median:>9}  {off:>8}  "
            f"{row.target:>9}  {met}"
        )


def _results(report: Report, started: str) -> dict[str, Any]:
    return {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {
            "platform": platform.platform(),
            "processor": _processor(),
            "cpu_count": os.cpu_count(),
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "load_average_start": started,
            "load_average_end": _machine_load(),
        },
        "quick": report.quick,
        "versions": {
            "agent-ir": _version("agent-ir"),
            "msgspec": _version("msgspec"),
            "orjson": _version("orjson"),
            **report.versions,
        },
        "payload_bytes": report.payload_bytes,
        "rows": [
            {
                "measurement": row.measurement.strip(),
                "collector_on_min": row.on_min,
                "collector_on_median": row.on_median,
                "collector_off_min": row.off_min,
                "target": row.target or None,
                "met": row.met,
            }
            for row in report.rows
        ],
        "memory_bytes": report.memory,
        "timings_seconds": {
            group.name: {
                label: _timing_json(measured) for label, measured in group.measured.items()
            }
            for group in report.groups
        },
        "notes": report.notes,
    }


def _timing_json(measured: Measured) -> dict[str, Any]:
    on, off = measured.collector_on, measured.collector_off
    return {
        "runs": measured.runs,
        "collector_on": {
            "cpu_min": on.min,
            "cpu_median": on.median,
            "wall_min": on.wall_min,
            "wall_median": on.wall_median,
        },
        "collector_off": {
            "cpu_min": off.min,
            "cpu_median": off.median,
            "wall_min": off.wall_min,
            "wall_median": off.wall_median,
        },
    }


def _machine_load() -> str:
    try:
        return " ".join(f"{load:.2f}" for load in os.getloadavg())
    except OSError:
        return "unknown"


def _processor() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _version(distribution: str) -> str:
    try:
        return version(distribution)
    except PackageNotFoundError:
        return "not installed"


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
