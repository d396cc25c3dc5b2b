"""Limits a test puts on a command it runs: the number of processes its user may have
(a fork then fails with EAGAIN, as in a container whose CPU count is the host's)."""

from __future__ import annotations

import ctypes
import os
import resource
from collections.abc import Callable

_PR_CAPBSET_DROP = 24
_CAP_SYS_ADMIN = 21
_CAP_SYS_RESOURCE = 24
_NOBODY = 65534


def process_limit(processes: int) -> Callable[[], None]:
    """A ``preexec_fn`` capping the command's user at ``processes`` processes (threads
    included: RLIMIT_NPROC). Root is exempt from that limit, by its real user id and by
    CAP_SYS_ADMIN or CAP_SYS_RESOURCE: as root the command runs with the real user id of
    nobody (keeping root's effective id, so that it can read the interpreter and the
    files) and without those two capabilities (dropped from the bounding set, so the
    command does not get them back when it starts)."""
    libc = ctypes.CDLL(None, use_errno=True)  # loaded before the fork

    def limit() -> None:
        if os.geteuid() == 0:
            for capability in (_CAP_SYS_ADMIN, _CAP_SYS_RESOURCE):
                if libc.prctl(_PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
                    error = ctypes.get_errno()
                    if error != 22:  # EINVAL: not a capability of this kernel
                        raise OSError(error, os.strerror(error))
            os.setresuid(_NOBODY, 0, 0)
        resource.setrlimit(resource.RLIMIT_NPROC, (processes, processes))

    return limit
