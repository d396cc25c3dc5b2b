"""Defaults of ``agent-ir`` options that the argument parser shows in its help, in a
module that imports nothing: starting the command does not load the code that uses
them (``agent_ir.cli._html``, ``agent_ir.cli._inputs``)."""

REPORT_LIMIT = 50
"""Broken transcripts drawn by default (``--report-limit``)."""

MAX_TRANSCRIPT_BYTES = 64 << 20
"""The most one transcript's JSON text (a line, or a ``.json`` file, decompressed) may
hold: 64 MiB, twice what a provider accepts in one request. Memory stays flat however
large the input or what it expands to."""

DASK_RANGE_BYTES = 4 << 20
"""The bytes of a plain ``.jsonl`` file one Dask task reads (``--dask-range-size``):
4 MiB. A range's result can be several times its size (a file of broken transcripts),
so small ranges keep the window of results small, and a task of a few MiB still
amortises its scheduling many times over."""

DASK_RANGE_LEAST = 1 << 10
"""The smallest ``--dask-range-size``: 1 KiB (a task per line, or less, costs far more
in scheduling than it checks)."""
