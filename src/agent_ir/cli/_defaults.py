"""Defaults of ``agent-ir`` options that the argument parser shows in its help, in a
module that imports nothing: starting the command does not load the code that uses
them (``agent_ir.cli._html``, ``agent_ir.cli._inputs``)."""

REPORT_LIMIT = 50
"""Broken transcripts drawn by default (``--report-limit``)."""

MAX_TRANSCRIPT_BYTES = 64 << 20
"""The most one transcript's JSON text (a line, or a ``.json`` file, decompressed) may
hold: 64 MiB, twice what a provider accepts in one request. Memory stays flat however
large the input or what it expands to."""
