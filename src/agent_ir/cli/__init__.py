"""The ``agent-ir`` command: validate transcript datasets, convert them into one
provider's requests, explain a code, replay provider fixtures, print or export the JSON
Schemas. ``main`` is the console script."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterable, Sequence
from typing import Any, TextIO, cast

from agent_ir import schemas
from agent_ir._text import non_empty_id
from agent_ir._version import version
from agent_ir.cli._defaults import (
    DASK_RANGE_BYTES,
    DASK_RANGE_LEAST,
    MAX_TRANSCRIPT_BYTES,
    REPORT_LIMIT,
)
from agent_ir.cli._docs import ENVIRONMENT, docs_base
from agent_ir.wire import _registry

__all__ = ["main"]

EXIT_STATUS = """\
exit status:
  0  every transcript is valid (replay: every response ended well; explain: printed)
  1  some transcript is invalid (replay: a response failed)
  2  a usage or I/O error (a missing file, an unreadable gzip stream, a file in a
     directory that is not a regular file, standard output that cannot be written,
     a code explain does not know)"""

_DESCRIPTION = """\
Validate LLM agent transcripts (agent-ir's v1 JSON form) before a provider or a training
run finds what is broken; convert them into one provider's requests; explain a code it
reports; replay recorded provider fixtures; print the JSON Schemas.

example:
  agent-ir validate fixtures/transcripts/sample.jsonl
  agent-ir explain MISSING_TOOL_RESULT
  agent-ir validate --help"""

_VALIDATE = """\
Validate transcripts: each message's shape and each tool call's linkage (orphan,
duplicate, out-of-order, mismatched and missing results).

PATH is a .json file (one transcript), a .jsonl file (one transcript per line: an array
of messages, or an object {"id": ..., "messages": [...], "tools": [...]} whose tools,
when present, are the definitions each call is checked against), a directory (every
.json/.jsonl file inside, recursively, sorted) or - for standard input (JSON Lines).
Gzipped files are read transparently; files are streamed, never read whole. One
transcript (a line, or a .json file once decompressed) may hold at most LIMIT MiB: a
larger one is an INVALID_TRANSCRIPT diagnostic, counted as it is read, never held. In
a directory only regular files are read: a named pipe or a device found there is
skipped and reported as unreadable (a path given itself is read whatever it is, such as
/dev/stdin or a shell's <(...)).

Text output: one line per diagnostic,
  FILE:LINE: [ID] message N CODE: text (POINTER)
then a summary whose line for each code ends with where the code is explained:
agent-ir explain CODE, or the code's page of a documentation site when one is known
(--docs-url). --output json: one JSON object per invalid transcript, then
{"summary": {...}} (its "docs": each counted code's page, when a site is known).

example:
  agent-ir validate fixtures/transcripts/sample.jsonl
  agent-ir validate traces/ --jobs 8 --output json > report.jsonl
  agent-ir validate finetune.jsonl --format openai-chat --allow-pending
  agent-ir validate traces/ --report report.html   # open it in a browser
  agent-ir validate loop.jsonl --provider-rules gemini --model gemini-3-flash-preview
  zcat day.jsonl.gz | agent-ir validate -""".replace("LIMIT", str(MAX_TRANSCRIPT_BYTES >> 20))

_CONVERT = """\
Convert transcripts into requests for one provider (retarget): another provider's
thinking left out (or sent as text: --thinking text), the provider's repair (results
moved after their calls, ids it refuses renamed, unanswered calls answered), cache
breakpoints within its limit, then its request format. PATH is read as validate reads
it (--format for lines in a wire format).

Each transcript's request is written to FILE (--out) as one JSON line, in input order:
  {"file": ..., "line": N, "id": ..., "provider": ..., "request": {...}}
(pass "request"'s fields to the provider's SDK with the model and the rest). The report
is validate's: each change as a warning (its code, and its path in the messages read),
each problem the provider would still refuse as a diagnostic; a transcript with one is
invalid (its request is still written), one that cannot be converted (not JSON, not
messages) has no request.

example:
  agent-ir convert sessions.jsonl --to anthropic --out requests.jsonl
  agent-ir convert chat.jsonl --format openai-chat --to gemini --out gemini.jsonl
  agent-ir convert traces/ --to openai-responses --thinking text --out out.jsonl --output json"""

_CONVERT_STATUS = """\
exit status:
  0  every transcript converted, each request one the provider accepts
  1  some transcript could not be converted, or its request would be refused
  2  a usage or I/O error (as validate's, and FILE cannot be written)"""

_REPLAY = """\
Stream every response of a provider fixture (schemas/v1/provider-fixture.schema.json)
through FixtureProviderAdapter: each chunk as it arrives, then each final response, as
JSON lines. A ProviderError prints its code, record index and message, then where the
code is explained (agent-ir explain CODE, or its page of a site: --docs-url).

example:
  agent-ir replay fixtures/provider-tool-roundtrip.json"""

_EXPLAIN = """\
Print what a code means, why a provider refuses it (or a format cannot carry it) and
how to fix it (the repair_transcript option that does), offline: every diagnostic,
conversion-warning and provider-error code the command and the library report. CODE
may be written in any case; several codes print one page each. With a documentation site known (--docs-url), the last
line names the code's page there, which adds an example.

example:
  agent-ir explain MISSING_TOOL_RESULT
  agent-ir explain --list"""

_EXPLAIN_STATUS = """\
exit status:
  0  printed
  2  a usage error, or a code no schema defines (the nearest codes are named)"""

_SCHEMA = """\
Print a bundled v1 JSON Schema, list them, or write them all to a directory for
validators in other languages.

example:
  agent-ir schema message
  agent-ir schema --list
  agent-ir schema --export ./schemas"""


_SCHEMA_STATUS = """\
exit status:
  0  printed, listed or exported
  2  a usage error, or DIR cannot be written"""


def _parser() -> argparse.ArgumentParser:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(
        prog="agent-ir", description=_DESCRIPTION, epilog=EXIT_STATUS, formatter_class=formatter
    )
    parser.add_argument(
        "--version", action=_Version, help="print agent-ir's version (agent-ir X.Y.Z) and exit"
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    validate_parser = commands.add_parser(
        "validate",
        help="validate transcript files (.json, .jsonl, directories, -)",
        description=_VALIDATE,
        epilog=EXIT_STATUS,
        formatter_class=formatter,
    )
    _validate_arguments(validate_parser)
    validate_parser.set_defaults(usage=validate_parser)  # for its own usage errors
    convert_parser = commands.add_parser(
        "convert",
        help="convert transcripts into requests for one provider, with a report",
        description=_CONVERT,
        epilog=_CONVERT_STATUS,
        formatter_class=formatter,
    )
    _convert_arguments(convert_parser)
    convert_parser.set_defaults(usage=convert_parser)
    explain_parser = commands.add_parser(
        "explain",
        help="print what a code means and how to fix it",
        description=_EXPLAIN,
        epilog=_EXPLAIN_STATUS,
        formatter_class=formatter,
    )
    explain_parser.add_argument(
        "codes", nargs="*", metavar="CODE", help="a code (ORPHAN_TOOL_RESULT); several: each page"
    )
    explain_parser.add_argument(
        "--list", action="store_true", help="list every code with what it means"
    )
    _docs_argument(explain_parser)
    explain_parser.set_defaults(usage=explain_parser)
    replay_parser = commands.add_parser(
        "replay",
        help="stream the responses of a provider fixture",
        description=_REPLAY,
        epilog=EXIT_STATUS,
        formatter_class=formatter,
    )
    replay_parser.add_argument("fixture", metavar="FIXTURE", help="a provider fixture (.json)")
    replay_parser.add_argument(
        "--request-id",
        type=_request_id,
        default="replay",
        metavar="ID",
        help="the request id (default: replay)",
    )
    _docs_argument(replay_parser)
    schema_parser = commands.add_parser(
        "schema",
        help="print, list or export the v1 JSON Schemas",
        description=_SCHEMA,
        epilog=_SCHEMA_STATUS,
        formatter_class=formatter,
    )
    schema_parser.add_argument("name", nargs="?", choices=schemas.names(), metavar="NAME")
    schema_parser.add_argument("--list", action="store_true", help="list the schema names")
    schema_parser.add_argument("--export", metavar="DIR", help="write every schema into DIR")
    return parser


class _Version(argparse.Action):
    """``--version``: the installed distribution's version, looked up only when asked
    (``agent_ir._version``: reading the package metadata slows every start-up)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        sys.stdout.write(f"agent-ir {version()}\n")
        parser.exit()


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity: a container limited to 2 CPUs of
    a 64-CPU host gets 2, where ``os.cpu_count()`` says 64 and 64 workers may hit the
    process limit), else the CPU count."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # no affinity on this platform
        return os.cpu_count() or 1


def _convert_arguments(parser: argparse.ArgumentParser) -> None:
    providers = _registry.provider_names()
    _run_arguments(parser)
    parser.add_argument(
        "--to",
        required=True,
        choices=providers,
        metavar="PROVIDER",
        help="the provider to convert for: " + ", ".join(providers),
    )
    parser.add_argument(
        "--out", required=True, metavar="FILE", help="where the requests are written (JSON Lines)"
    )
    parser.add_argument(
        "--thinking",
        choices=("drop", "text"),
        default="drop",
        help="another provider's thinking: left out (drop, the default) or sent as text",
    )
    parser.add_argument(
        "--model",
        metavar="MODEL",
        help="the model the requests are for, for the rules that depend on it (Gemini 3 "
        "and later want thought signatures on the current turn's calls: the documented "
        "placeholder is added where one is missing)",
    )
    _docs_argument(parser)


def _run_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments validate and convert share: the inputs, how they are read and
    where the work runs, and the report."""
    parser.add_argument("paths", nargs="+", metavar="PATH", help="files, directories or -")
    parser.add_argument(
        "--output", choices=("text", "json"), default="text", help="report format (text)"
    )
    parser.add_argument(
        "--jobs",
        type=_positive,
        default=usable_cpus(),
        metavar="N",
        help="worker processes (default: the CPUs this process may run on; 1 checks in this process)",
    )
    parser.add_argument(
        "--engine", choices=("local", "dask"), default="local", help="where to check (local)"
    )
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help="the Dask scheduler (tcp://HOST:PORT)"
    )
    parser.add_argument(
        "--dask-range-size",
        type=_size,
        metavar="SIZE",
        help="with --engine dask, the bytes of a plain .jsonl file each task reads: a whole "
        "number of bytes, or of KiB, MiB or GiB (512KiB, 16MiB); at least 1KiB "
        f"(default: {_shown_size(DASK_RANGE_BYTES)})",
    )
    parser.add_argument(
        "--max-diagnostics",
        type=_positive,
        metavar="N",
        help="print at most N diagnostics per transcript (the summary counts all)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument(
        "--format",
        choices=("ir", *_registry.format_names()),
        default="ir",
        help="how lines are written: agent-ir's JSON form (ir, the default), a provider's "
        "wire format or a dataset format, converted first: "
        f"{_request_forms()} or a bare array; conversion warnings are reported with the "
        "diagnostics",
    )


def _validate_arguments(parser: argparse.ArgumentParser) -> None:
    providers = _registry.provider_names()
    _run_arguments(parser)
    parser.add_argument(
        "--provider-rules",
        choices=providers,
        metavar="PROVIDER",
        help="also check PROVIDER's stricter rules (check_wire_rules): " + ", ".join(providers),
    )
    parser.add_argument(
        "--model",
        metavar="MODEL",
        help="the model the lines were sent to, for the provider rules that depend on it "
        "(with --provider-rules gemini: Gemini 3 and later require thought signatures on "
        "the tool calls of the current turn, 1.x and 2.x do not; without --model they are "
        "required, as the current models require them)",
    )
    parser.add_argument(
        "--allow-pending",
        action="store_true",
        help="accept unanswered tool calls in the last assistant message when only tool "
        "results follow it (an agent mid-turn; a fine-tuning line whose target is that "
        "message's calls)",
    )
    parser.add_argument(
        "--report",
        metavar="FILE",
        help="also write an HTML report to FILE (self-contained, no network, no scripts): "
        "the summary, diagnostics per code, and each broken transcript drawn as a "
        "conversation with its problems highlighted",
    )
    _docs_argument(parser)
    parser.add_argument(
        "--report-limit",
        type=_positive,
        metavar="N",
        help=f"draw the first N broken transcripts in the report (default: {REPORT_LIMIT}); "
        "the others are counted",
    )


def _docs_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--docs-url",
        metavar="URL",
        help="link each code to its page of a documentation site: the base URL of the site "
        "(for example http://localhost:8000/ under mkdocs serve); default: "
        f"${ENVIRONMENT}, else the site built in ./site by nox -s docs (as a file:// "
        "URL); without a site, codes name agent-ir explain CODE",
    )


def _request_forms() -> str:
    """The object form of each registered wire format, for ``--format``'s help: one
    ``{"KEY": [...]}`` per messages key, followed by the formats using it (and the key
    of a separate system prompt)."""
    forms: dict[str, list[str]] = {}
    for name in _registry.format_names():
        reader = _registry.request_reader(name)
        # a format whose line comes in several forms (a span, or its attributes) holds
        # an object of them under its key, not an array of messages
        key = f'"{reader.messages_key}": ' + ("[...]" if reader.line is None else "{...}")
        names = forms.setdefault(key, [])
        system = "" if reader.system_key is None else f' with "{reader.system_key}"'
        names.append(name + system)
    return ", ".join(f"{{{key}}} ({', '.join(names)})" for key, names in forms.items())


def _request_id(text: str) -> str:
    if not non_empty_id(text):
        raise argparse.ArgumentTypeError(f"must be a non-blank id, not {text!r}")
    return text


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number >= 1, not {text!r}")
    return value


_UNITS = {"": 1, "b": 1, "kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30}
_SIZE = re.compile(r"\s*(\d+)\s*([a-z]*)\s*", re.IGNORECASE)


def _size(text: str) -> int:
    """``--dask-range-size``: bytes, or KiB, MiB or GiB (binary units), at least
    ``DASK_RANGE_LEAST``."""
    matched = _SIZE.fullmatch(text)
    unit = _UNITS.get(matched.group(2).lower()) if matched else None
    if matched is None or unit is None:
        raise argparse.ArgumentTypeError(
            f"must be a size such as 4MiB, 512KiB or 65536 (bytes), not {text!r}"
        )
    value = int(matched.group(1)) * unit
    if value < DASK_RANGE_LEAST:
        raise argparse.ArgumentTypeError(
            f"must be at least {_shown_size(DASK_RANGE_LEAST)} ({DASK_RANGE_LEAST} bytes), "
            f"not {text!r}"
        )
    return value


def _shown_size(value: int) -> str:
    """``value`` bytes in the largest binary unit that divides it (4MiB, 1KiB, 1000)."""
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if value % scale == 0:
            return f"{value // scale}{unit}"
    return str(value)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status (see ``EXIT_STATUS``). Without arguments
    it prints its help and returns 0."""
    parser = _parser()
    if not (sys.argv[1:] if argv is None else argv):
        parser.print_help()
        return 0
    arguments = parser.parse_args(argv)
    # What is printed is always printable: a lone surrogate left in a name is escaped.
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    stdout = sys.stdout
    if stdout is not None:
        sys.stdout = cast(TextIO, _Stdout(stdout))
    try:
        status = _run(parser, arguments)
        sys.stdout.flush()
    except _OutputError as failed:
        # A full disk (ENOSPC), a quota, an I/O error: nothing more can be written.
        print(f"agent-ir: cannot write to standard output: {failed.reason}", file=sys.stderr)
        sys.stdout = stdout
        _discard_stdout()  # the unwritten rest would fail again at exit
        return 2
    except BrokenPipeError:
        # The reader left early (`agent-ir validate big.jsonl | head`): stop quietly.
        sys.stdout = stdout
        _discard_stdout()
        return 1
    except KeyboardInterrupt:
        print("agent-ir: interrupted", file=sys.stderr)
        return 130
    finally:
        sys.stdout = stdout
    return status


class _OutputError(Exception):
    """Standard output could not be written (other than a closed pipe)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        reason = error.strerror or str(error) or type(error).__name__
        self.reason = reason[:1].lower() + reason[1:] if reason[1:2].islower() else reason


class _Stdout:
    """``sys.stdout`` while the command runs: a failed write or flush other than a closed
    pipe (``BrokenPipeError``, kept as it is) is an ``_OutputError``, so that it is told
    apart from an error of anything else; everything else is the stream's own."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise _OutputError(error) from error

    def writelines(self, lines: Iterable[str]) -> None:
        for text in lines:
            self.write(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise _OutputError(error) from error

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _discard_stdout() -> None:
    """Point standard output at /dev/null: what is left in its buffer cannot be written,
    and Python would print a second error when flushing it at exit."""
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, descriptor)
    os.close(devnull)


def _run(parser: argparse.ArgumentParser, arguments: argparse.Namespace) -> int:
    if arguments.command == "validate":
        # Imported here: the checks, engines and HTML report are not needed to start the
        # command, print its help, replay or print a schema.
        from agent_ir.cli._validate import Options, validate

        usage: argparse.ArgumentParser = arguments.usage
        _engine_usage(arguments)
        if arguments.report_limit is not None and arguments.report is None:
            usage.error("--report-limit is for --report FILE")
        if arguments.model is not None and arguments.provider_rules is None:
            usage.error("--model is for --provider-rules PROVIDER")
        return validate(
            Options(
                **_run_options(arguments),
                provider_rules=arguments.provider_rules,
                report=arguments.report,
                report_limit=arguments.report_limit or REPORT_LIMIT,
                allow_pending=arguments.allow_pending,
            )
        )
    if arguments.command == "convert":
        from agent_ir.cli._validate import Options, validate

        _engine_usage(arguments)
        return validate(
            Options(
                **_run_options(arguments),
                convert_to=arguments.to,
                thinking=arguments.thinking,
                out=arguments.out,
            )
        )
    if arguments.command == "explain":
        from agent_ir.cli._explain import explain

        if bool(arguments.codes) == arguments.list:
            arguments.usage.error("give CODE... or --list")
        return explain(
            arguments.codes, listed=arguments.list, docs_url=docs_base(arguments.docs_url)
        )
    if arguments.command == "replay":
        from agent_ir.cli._replay import replay  # asyncio and the adapters: replay only

        return replay(arguments.fixture, arguments.request_id, docs_base(arguments.docs_url))
    return _schema(parser, arguments)


def _run_options(arguments: argparse.Namespace) -> dict[str, Any]:
    """The options validate and convert share (``_run_arguments``), as ``Options``
    takes them."""
    return {
        "paths": arguments.paths,
        "output": arguments.output,
        "jobs": arguments.jobs,
        "engine": arguments.engine,
        "scheduler": arguments.scheduler,
        "dask_range_bytes": arguments.dask_range_size or DASK_RANGE_BYTES,
        "max_diagnostics": arguments.max_diagnostics,
        "quiet": arguments.quiet,
        "format": arguments.format,
        "model": arguments.model,
        "docs_url": docs_base(arguments.docs_url),
    }


def _engine_usage(arguments: argparse.Namespace) -> None:
    """The usage errors of the engine options validate and convert share."""
    usage: argparse.ArgumentParser = arguments.usage
    if arguments.engine == "dask" and not arguments.scheduler:
        usage.error("--engine dask needs --scheduler ADDRESS")
    if arguments.scheduler and arguments.engine != "dask":
        usage.error("--scheduler is for --engine dask")
    if arguments.dask_range_size is not None and arguments.engine != "dask":
        usage.error("--dask-range-size is for --engine dask")


def _schema(parser: argparse.ArgumentParser, arguments: argparse.Namespace) -> int:
    chosen = [arguments.name is not None, arguments.list, arguments.export is not None]
    if sum(chosen) != 1:
        parser.error("schema: give one of NAME, --list or --export DIR")
    if arguments.list:
        sys.stdout.write("".join(f"{name}\n" for name in schemas.names()))
        return 0
    if arguments.name is not None:
        sys.stdout.write(schemas.path(arguments.name).read_text(encoding="utf-8"))
        return 0
    return _export(arguments.export)


def _export(directory: str) -> int:
    try:
        os.makedirs(directory, exist_ok=True)
        for name in schemas.names():
            source = schemas.path(name)
            with open(os.path.join(directory, source.name), "wb") as target:
                target.write(source.read_bytes())
    except OSError as error:
        print(f"agent-ir: cannot export to {directory}: {error.strerror}", file=sys.stderr)
        return 2
    print(f"wrote {len(schemas.names())} schemas to {directory}")
    return 0
