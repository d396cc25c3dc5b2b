"""Defaults of ``agent-ir`` options that the argument parser shows in its help, in a
module that imports nothing: starting the command does not load the code that uses
them (``agent_ir.cli._html``)."""

REPORT_LIMIT = 50
"""Broken transcripts drawn by default (``--report-limit``)."""
