"""``agent-ir validate``: inputs -> an engine -> the report, with progress; and
``agent-ir convert``, the same run with every line retargeted to a provider
(``Options.convert_to``) and its request written to ``Options.out`` in input order."""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from json.encoder import encode_basestring_ascii as _json_text
from typing import TYPE_CHECKING, BinaryIO

from agent_ir.cli._check import Checks, Invalid
from agent_ir.cli._defaults import DASK_RANGE_BYTES, REPORT_LIMIT
from agent_ir.cli._engines import Checked, EngineError, OnError, checked_locally
from agent_ir.cli._inputs import Input, InputError, _reason, expand
from agent_ir.cli._progress import Bar, wanted
from agent_ir.cli._report import Report, Summary, printable

if TYPE_CHECKING:
    from agent_ir.cli._html import HtmlReport

__all__ = ["Options", "validate"]


@dataclass(frozen=True)
class Options:
    """The options of ``agent-ir validate`` (see ``agent_ir.cli``)."""

    paths: list[str]
    output: str = "text"
    jobs: int = 1
    engine: str = "local"
    scheduler: str | None = None
    dask_range_bytes: int = DASK_RANGE_BYTES  # --dask-range-size
    max_diagnostics: int | None = None
    quiet: bool = False
    format: str = "ir"
    provider_rules: str | None = None
    report: str | None = None  # --report FILE.html
    report_limit: int = REPORT_LIMIT
    allow_pending: bool = False
    model: str | None = None  # --model, for --provider-rules (and convert)
    docs_url: str | None = None  # the base of the code pages, if any (agent_ir.cli._docs)
    convert_to: str | None = None  # agent-ir convert --to PROVIDER
    thinking: str = "drop"  # agent-ir convert --thinking
    out: str | None = None  # agent-ir convert --out FILE: the requests


def validate(options: Options) -> int:
    """Check every input, print the report (and write the HTML one); the exit status
    (0, 1 or 2)."""
    try:
        inputs, skipped = expand(options.paths)
    except InputError as error:
        print(f"agent-ir: {printable(str(error))}", file=sys.stderr)
        return 2
    if options.engine == "dask" and any(source.path is None for source in inputs):
        print("agent-ir: standard input (-) needs --engine local", file=sys.stderr)
        return 2
    requests, page = _Requests(options), _Page(options)
    if not requests.ready() or not page.ready():
        requests.close()
        return 2
    # A file found in a directory but not read (a named pipe, a device) is counted as
    # an unreadable file: the run cannot say it is valid.
    summary = Summary(files=len(inputs) + len(skipped))
    report = Report(
        None,
        options.output,
        options.max_diagnostics,
        docs_url=options.docs_url,
        done=_done(options),
    )
    for passed in skipped:
        summary.unreadable.append(passed.name)
        print(f"agent-ir: skipped {printable(f'{passed.name}: {passed.reason}')}", file=sys.stderr)

    def on_error(source: Input, reason: str) -> None:
        summary.unreadable.append(source.name)
        print(f"agent-ir: cannot read {printable(reason)}", file=sys.stderr)

    start = time.perf_counter()
    sizes = [source.size for source in inputs]
    total = None if None in sizes else sum(size or 0 for size in sizes)
    read: dict[int, int] = {}  # by the input's identity: a path given twice is read twice
    try:
        # Workers are started before the bar's thread: they are forked, not spawned.
        bar = Bar(total, draw=wanted(options.quiet))
        work = _engine(options, inputs, on_error, bar.in_flight)
        with bar:
            for checked in work:
                found = requests.add(checked.source.name, checked.result.invalid)
                report.add(checked.source.name, found)
                page.add(checked.source.name, checked.result.invalid)
                summary.add(checked.result)
                key = id(checked.source)
                before, read[key] = read.get(key, 0), checked.position
                bar.advance(max(checked.position - before, 0), checked.result.transcripts)
    except EngineError as error:
        print(f"agent-ir: {printable(str(error))}", file=sys.stderr)
        page.abandon()
        requests.close()
        return 2
    seconds = time.perf_counter() - start
    report.finish(summary, seconds)
    if not page.write(summary, seconds) or not requests.close():
        return 2
    if summary.unreadable:
        return 2
    return 1 if summary.invalid else 0


class _Page:
    """The HTML report of ``--report FILE`` (nothing at all when it is not asked)."""

    def __init__(self, options: Options) -> None:
        self._path = options.report
        self._quiet = options.quiet
        self._created = False
        self._html: HtmlReport | None = None
        if options.report is not None:
            from agent_ir.cli._html import HtmlReport, Settings  # --report only

            settings = Settings(
                paths=tuple(options.paths),
                format=options.format,
                rules=options.provider_rules,
                model=options.model,
                limit=options.report_limit,
                max_diagnostics=options.max_diagnostics,
                docs_url=options.docs_url,
            )
            self._html = HtmlReport(settings)

    def ready(self) -> bool:
        """Whether the page can be written, found out before anything is checked (a long
        run must not end in a path that cannot be written); an existing file is left as
        it is until the page replaces it."""
        if self._path is None:
            return True
        self._created = not os.path.lexists(self._path)
        try:
            with open(self._path, "ab"):
                pass
        except OSError as error:
            return self._cannot(error)
        return True

    def add(self, name: str, invalid: list[Invalid]) -> None:
        if self._html is not None:
            self._html.add(name, invalid)

    def abandon(self) -> None:
        """Nothing could be checked: no page (the empty file ``ready`` made is removed)."""
        if self._path is not None and self._created:
            with contextlib.suppress(OSError):
                os.remove(self._path)

    def write(self, summary: Summary, seconds: float) -> bool:
        if self._path is None or self._html is None:
            return True
        sys.stdout.flush()  # the text report first, then the line about the page
        text = self._html.render(summary, seconds)
        try:
            with open(self._path, "w", encoding="utf-8", errors="backslashreplace") as file:
                file.write(text)
        except OSError as error:
            return self._cannot(error)
        if not self._quiet:
            where = printable(self._path)
            print(f"agent-ir: wrote {where} ({self._html.described()})", file=sys.stderr)
        return True

    def _cannot(self, error: OSError) -> bool:
        reason = printable(f"{self._path}: {_reason(error)}")
        print(f"agent-ir: cannot write the report {reason}", file=sys.stderr)
        return False


def _done(options: Options) -> str:
    """What the summary's last line says was done."""
    return "checked" if options.convert_to is None else f"converted to {options.convert_to}"


class _Requests:
    """The requests of ``agent-ir convert`` (``--out FILE``; nothing when validating):
    one JSON line per transcript a request was made for, in input order,
    ``{"file", "line", "id", "provider", "request"}`` (``id`` only when the line has
    one; ``request`` the provider's request fields), written as results come."""

    def __init__(self, options: Options) -> None:
        self._path = options.out if options.convert_to is not None else None
        self._provider = _json_text(options.convert_to or "")
        self._file: BinaryIO | None = None
        self._failed: OSError | None = None

    def ready(self) -> bool:
        """Whether the file could be opened (before anything is converted)."""
        if self._path is None:
            return True
        try:
            self._file = open(self._path, "wb")  # noqa: SIM115 -- closed by close()
        except OSError as error:
            return self._cannot(error)
        return True

    def add(self, name: str, found: list[Invalid]) -> list[Invalid]:
        """Write the requests of ``found``; the entries to report (those with a
        diagnostic or a warning; every line of a conversion has an entry)."""
        if self._file is None:
            return found
        head = f'{{"file": {_json_text(printable(name))}, "line": '
        lines = []
        for entry in found:
            if entry.request is None:
                continue
            named = "" if entry.id is None else f', "id": {_json_text(printable(entry.id))}'
            start = f'{head}{entry.line}{named}, "provider": {self._provider}, "request": '
            lines.append(start.encode("ascii") + entry.request + b"}\n")
        if self._failed is None:
            try:
                self._file.writelines(lines)
            except OSError as error:
                self._failed = error
        return [entry for entry in found if entry.diagnostics or entry.warnings]

    def close(self) -> bool:
        """Close the file; False (said) when it could not be written."""
        if self._file is None:
            return True
        try:
            self._file.close()
        except OSError as error:
            self._failed = self._failed or error
        return self._failed is None or self._cannot(self._failed)

    def _cannot(self, error: OSError) -> bool:
        reason = printable(f"{self._path}: {_reason(error)}")
        print(f"agent-ir: cannot write the requests {reason}", file=sys.stderr)
        return False


def _engine(
    options: Options, inputs: list[Input], on_error: OnError, in_flight: Callable[[int], None]
) -> Iterator[Checked]:
    """The results of the engine ``options`` name; ``in_flight`` gets the bytes read by
    work whose results have not come yet, where the engine knows them (Dask)."""
    keep = options.report_limit if options.report is not None else 0
    checks = Checks(
        options.format,
        options.provider_rules,
        keep,
        options.allow_pending,
        options.model,
        options.convert_to,
        options.thinking,
    )
    if options.engine == "dask":
        from agent_ir.cli._dask import checked_on_dask  # the optional extra agent-ir[dask]

        scheduler = options.scheduler or ""
        return checked_on_dask(
            inputs, scheduler, on_error, checks, options.dask_range_bytes, in_flight
        )
    return checked_locally(inputs, options.jobs, on_error, checks)
