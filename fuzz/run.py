"""The fuzz driver: ``python -m fuzz.run --seconds N`` (what ``nox -s fuzz`` runs).

Runs each target of ``fuzz.targets`` in its own atheris process, ``--jobs`` of them at
a time (default: one per CPU), for ``N / len(targets)`` seconds each (``-max_total_time``), with ``-rss_limit_mb`` (2048)
and ``-timeout`` (2 s, for a hang: the harness itself fails a call over 1 s), seeded
from ``fixtures/fuzz-corpus/<target>/``. The working corpus is a temporary directory:
new inputs are merged into the checked-in corpus only with ``--grow-corpus``. A failing input is written to ``fuzz-crashes/<run>/<target>/`` as
``<signature>.input`` with ``<signature>.txt`` (the failed check and the traceback);
each distinct signature is kept once (the shortest input), and fuzzing goes on.
libFuzzer's own artifacts (a timeout, out of memory, a crash of native code) land in
the same folder. Prints executions, seconds and crashes per target; exits 1 on any crash.

``--group streams`` (or ``core``, ``wire``, ``repair``, ``tools``; several may be given) runs one
group's targets instead of every target; ``--targets`` names targets one by one.

``python -m fuzz.run --replay FILE... --target NAME`` runs inputs once, outside atheris.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "fixtures" / "fuzz-corpus"
CRASHES = ROOT / "fuzz-crashes"
GROUPS = {
    "core": [
        "loads_bytes",
        "validate_json_bytes",
        "validate_transcript_structures",
        "fixture_records",
    ],
    "streams": [
        "openai_chat_stream",
        "openai_responses_stream",
        "anthropic_stream",
        "gemini_stream",
    ],
    "wire": ["from_wire"],
    "repair": ["repair_rules"],
    "tools": ["tool_schemas"],
}
"""Target groups (``--group``): each group's targets share its ``--seconds``."""
TARGET_NAMES = [name for names in GROUPS.values() for name in names]
CORPUS_FILE_LIMIT = 200
CORPUS_BYTE_LIMIT = 1_000_000
GROWTH_PER_RUN = 10


def main(argv: list[str] | None = None) -> int:
    # Anything the driver does not know (-flag=value, corpus folders) is libFuzzer's.
    options, libfuzzer = _arguments().parse_known_args(argv)
    if options.child:
        return _child(options.child, Path(options.crash_dir), libfuzzer)
    if libfuzzer:
        _arguments().error(f"unrecognized arguments: {' '.join(libfuzzer)}")
    if options.replay:
        return _replay(options.target or TARGET_NAMES[0], options.replay)
    return _drive(options)


def _arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m fuzz.run", description=__doc__)
    parser.add_argument("--seconds", type=int, default=60, help="for all targets together")
    parser.add_argument("--targets", nargs="+", choices=TARGET_NAMES, default=None)
    parser.add_argument(
        "--group",
        nargs="+",
        choices=sorted(GROUPS),
        default=None,
        help="run these groups' targets (default: every target)",
    )
    parser.add_argument(
        "--grow-corpus", action="store_true", help="merge new inputs into the seeds"
    )
    # Each target's process spends some 4 s starting (imports, instrumentation, the seeds
    # run once) whatever its share: on 2 CPUs, two at a time halve the wall time of the
    # default 20-second run (62 s to about 33).
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="targets fuzzed at once"
    )
    parser.add_argument("--rss-limit-mb", type=int, default=2048)
    # The harness fails any call into agent-ir over 1 s (fuzz.targets.TIME_LIMIT); libFuzzer's
    # -timeout catches a call that never returns, with room for the reference's own time.
    parser.add_argument("--timeout", type=int, default=2, help="libFuzzer's -timeout, seconds")
    parser.add_argument("--max-len", type=int, default=16384)
    parser.add_argument("--crash-dir", default=None, help="default fuzz-crashes/<timestamp>")
    parser.add_argument("--replay", nargs="+", metavar="FILE")
    parser.add_argument("--target", choices=TARGET_NAMES)
    parser.add_argument("--child", choices=TARGET_NAMES, help=argparse.SUPPRESS)
    return parser


# --- the parent: one child process per target ---------------------------------------------


class TargetRun(NamedTuple):
    target: str
    executions: int
    seconds: float
    crashes: list[str]
    new_inputs: int


def _drive(options: argparse.Namespace) -> int:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    crash_root = Path(options.crash_dir) if options.crash_dir else CRASHES / stamp
    targets = list(options.targets or [])
    for group in options.group or ([] if targets else list(GROUPS)):
        targets += [name for name in GROUPS[group] if name not in targets]
    share = max(1, options.seconds // len(targets))
    with ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        runs = list(
            pool.map(
                lambda target: _run_target(target, share, crash_root / target, options),
                targets,
            )
        )
    _summary(runs, crash_root)
    return 1 if any(run.crashes for run in runs) else 0


def _run_target(target: str, seconds: int, crash_dir: Path, options: Any) -> TargetRun:
    crash_dir.mkdir(parents=True, exist_ok=True)
    seeds = CORPUS / target
    with tempfile.TemporaryDirectory(prefix=f"fuzz-{target}-") as working:
        dictionary = Path(working) / "words.dict"
        corpus = Path(working) / "corpus"
        corpus.mkdir()
        _write_dictionary(dictionary)
        command = [
            sys.executable,
            "-m",
            "fuzz.run",
            "--child",
            target,
            "--crash-dir",
            str(crash_dir),
            f"-max_total_time={seconds}",
            f"-rss_limit_mb={options.rss_limit_mb}",
            f"-timeout={options.timeout}",
            f"-max_len={options.max_len}",
            # Structure inputs begin with a whole transcript: no slow ramp of the length.
            "-len_control=0",
            f"-dict={dictionary}",
            f"-artifact_prefix={crash_dir}{os.sep}",
            "-print_final_stats=1",
            str(corpus),
            str(seeds),
        ]
        print(f"fuzz: {target} for {seconds} s", flush=True)
        started = time.monotonic()
        finished = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        elapsed = time.monotonic() - started
        (crash_dir / "libfuzzer.log").write_text(finished.stderr[-200_000:])
        new_inputs = len(list(corpus.iterdir()))
        if options.grow_corpus:
            _grow(seeds, corpus)
    crashes = sorted(path.name for path in crash_dir.iterdir() if _is_crash(path))
    if finished.returncode != 0 and not crashes:
        crashes = [f"exit status {finished.returncode} (see {crash_dir / 'libfuzzer.log'})"]
    return TargetRun(target, _executions(finished.stderr), elapsed, crashes, new_inputs)


def _is_crash(path: Path) -> bool:
    return path.suffix == ".input" or path.name.startswith(("crash-", "timeout-", "oom-", "leak-"))


def _executions(log: str) -> int:
    found = re.findall(r"stat::number_of_executed_units:\s*(\d+)", log)
    if found:
        return int(found[-1])
    done = re.findall(r"Done (\d+) runs", log)
    return int(done[-1]) if done else 0


# SSE framing and the providers' event and field names, for the stream targets.
STREAM_WORDS = [
    *("event: ", "data: ", "\n\n", "\r\n", "\r", ": ping", "id: 1", "retry: 5", "[DONE]"),
    *("message_start", "content_block_start", "content_block_delta", "content_block_stop"),
    *("message_delta", "message_stop", "text_delta", "input_json_delta", "thinking_delta"),
    *("signature_delta", "tool_use", "end_turn", "max_tokens", "refusal", "overloaded_error"),
    *("response.created", "response.output_item.added", "response.output_text.delta"),
    *("response.function_call_arguments.delta", "response.output_item.done"),
    *("response.completed", "response.failed", "response.incomplete", "function_call"),
    *("reasoning", "output_text", "call_id", "finish_reason", "tool_calls", "delta"),
    *("choices", "index", "function", "arguments", "partial_json", "stop_reason", "usage"),
    *("prompt_tokens", "completion_tokens", "chat.completion.chunk", "tool_use_id"),
]


def _write_dictionary(path: Path) -> None:
    """libFuzzer's dictionary: every word of the vocabulary as a JSON string token,
    and the stream words as they are."""
    from fuzz.structures import VOCABULARY

    tokens = {json.dumps(word) for word in VOCABULARY if word.isascii()}
    tokens |= {"{", "}", "[", "]", ":", ",", "true", "false", "null", "1e400", "-0.0"}
    tokens |= set(STREAM_WORDS)
    path.write_text("".join(f'"{_escaped(token)}"\n' for token in sorted(tokens)))


def _escaped(token: str) -> str:
    """A dictionary token: printable ASCII as it is (``\\`` and ``"`` escaped), any
    other byte of its UTF-8 as ``\\xNN``."""
    out = []
    for byte in token.encode("utf-8", "surrogatepass"):
        char = chr(byte)
        if char in '\\"':
            out.append("\\" + char)
        elif 0x20 <= byte < 0x7F:
            out.append(char)
        else:
            out.append(f"\\x{byte:02x}")
    return "".join(out)


def _grow(seeds: Path, corpus: Path) -> None:
    """Add up to ``GROWTH_PER_RUN`` new inputs, smallest first, while the whole corpus
    stays under its limits (fewer than 200 files, under 1 MB)."""
    total_files = sum(1 for path in CORPUS.rglob("*") if path.is_file())
    total_bytes = sum(path.stat().st_size for path in CORPUS.rglob("*") if path.is_file())
    added = 0
    for path in sorted(corpus.iterdir(), key=lambda item: item.stat().st_size):
        size = path.stat().st_size
        if total_files + 1 >= CORPUS_FILE_LIMIT or total_bytes + size >= CORPUS_BYTE_LIMIT:
            print(f"fuzz: corpus limit reached, {seeds} not grown further")
            return
        if added == GROWTH_PER_RUN:
            return
        if not (seeds / f"grown-{path.name}").exists():
            shutil.copy(path, seeds / f"grown-{path.name}")
            total_files += 1
            total_bytes += size
            added += 1


def _summary(runs: list[TargetRun], crash_root: Path) -> None:
    print(f"\n{'target':32} {'executions':>11} {'seconds':>8} {'crashes':>8}")
    for run in runs:
        print(f"{run.target:32} {run.executions:>11} {run.seconds:>8.0f} {len(run.crashes):>8}")
        for crash in run.crashes:
            print(f"    {crash_root / run.target / crash}")
            # What failed, in the log itself: under CI the folder is gone with the runner.
            for line in _crash_lines(crash_root / run.target, crash):
                print(f"        {line}")
    total = sum(len(run.crashes) for run in runs)
    print(f"fuzz: {total} crash(es); inputs in {crash_root}" if total else "fuzz: no crash")


def _crash_lines(folder: Path, crash: str, limit: int = 12) -> list[str]:
    """The first lines of a crash's ``.txt`` (the failed check, the traceback), or the end
    of libFuzzer's log when the crash has no ``.txt`` (a native crash, a timeout)."""
    described = folder / (Path(crash).stem + ".txt")
    if described.is_file():
        return described.read_text(errors="replace").splitlines()[:limit]
    log = folder / "libfuzzer.log"
    return log.read_text(errors="replace").splitlines()[-limit:] if log.is_file() else []


# --- the child: one target under atheris ----------------------------------------------------


def _child(target: str, crash_dir: Path, libfuzzer: list[str]) -> int:
    import atheris

    with atheris.instrument_imports(include=["agent_ir"]):
        import agent_ir
        import agent_ir.repair
        import agent_ir.replies.fixture
        import agent_ir.rules
        import agent_ir.wire  # noqa: F401
    from fuzz.targets import TARGETS

    harness = TARGETS[target]
    recorder = CrashRecorder(target, crash_dir)
    for seed in (b"", b"[]", b"[]\0"):
        _warm_up(harness, seed)

    def test_one_input(data: bytes) -> None:
        try:
            harness(data)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as error:
            recorder.record(data, error)

    atheris.Setup([sys.argv[0], *libfuzzer], test_one_input)
    atheris.Fuzz()
    return 0


def _warm_up(harness: Any, data: bytes) -> None:
    """Build the lazy validators before the clock counts."""
    with contextlib.suppress(Exception):
        harness(data)


class CrashRecorder:
    """Writes each distinct failure once (its shortest input) and counts the rest."""

    def __init__(self, target: str, crash_dir: Path) -> None:
        self.target = target
        self.crash_dir = crash_dir
        self.sizes: dict[str, int] = {}

    def record(self, data: bytes, error: BaseException) -> None:
        signature = signature_of(error)
        if signature in self.sizes and self.sizes[signature] <= len(data):
            return
        self.sizes[signature] = len(data)
        name = _slug(signature)
        (self.crash_dir / f"{name}.input").write_bytes(data)
        report = "".join(traceback.format_exception(error))
        (self.crash_dir / f"{name}.txt").write_text(
            f"target: {self.target}\nsignature: {signature}\ninput: {data!r}\n\n{report}",
            errors="backslashreplace",
        )
        print(f"fuzz: new failure {signature}", file=sys.stderr, flush=True)


def signature_of(error: BaseException) -> str:
    """The check that failed, or the harness's own exception by type and place."""
    check = getattr(error, "check", None)
    if isinstance(check, str):
        return check
    frames = traceback.extract_tb(error.__traceback__)
    place = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
    return f"harness error {type(error).__name__} at {place}"


def _slug(signature: str) -> str:
    readable = re.sub(r"[^A-Za-z0-9]+", "-", signature).strip("-")[:80]
    return f"{readable}-{hashlib.sha1(signature.encode()).hexdigest()[:8]}"


# --- replay ---------------------------------------------------------------------------------


def _replay(target: str, files: list[str]) -> int:
    from fuzz.targets import TARGETS

    failures = 0
    for name in files:
        try:
            TARGETS[target](Path(name).read_bytes())
        except Exception as error:
            failures += 1
            print(f"{name}: {signature_of(error)}\n    {error}")
        else:
            print(f"{name}: ok")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
