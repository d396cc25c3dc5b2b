"""A process that checks a line holding ``MARKER`` kills itself with SIGSEGV, as a
segfault in a C extension would (issue 36). Only the tests of ``test_dying_workers``
load it, by putting this directory on the ``PYTHONPATH`` of the processes they start
(the command, its workers, a Dask cluster); it is never part of the package.

It wraps ``agent_ir.cli._check.check_line``, which every check of a line of
agent-ir's form goes through, whichever process runs it. Before it dies, a process
appends its pid to the file ``DYING_WORKER_LOG`` names (when set), so that a test can
count the deaths. ``DYING_WORKER_SIGNAL`` names another signal to die of (``SIGKILL``:
the kernel's OOM killer)."""

from __future__ import annotations

import os
import signal

MARKER = b"kill the process checking me"


def _install() -> None:
    try:
        from agent_ir.cli import _check
    except ImportError:  # a process without agent_ir: nothing to wrap
        return
    check_line = _check.check_line

    def dying(line: bytes, pending: bool = False) -> object:
        if MARKER in line:
            log = os.environ.get("DYING_WORKER_LOG")
            if log:
                with open(log, "a", encoding="ascii") as file:
                    file.write(f"{os.getpid()}\n")
            name = os.environ.get("DYING_WORKER_SIGNAL", "SIGSEGV")
            os.kill(os.getpid(), signal.Signals[name])
        return check_line(line, pending)

    _check.check_line = dying  # type: ignore[assignment]


_install()
