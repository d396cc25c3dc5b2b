"""The installed distribution's version (``agent_ir.__version__``, ``agent-ir
--version``), read from its metadata when first asked: importing ``importlib.metadata``
takes about 0.08 s, which ``import agent_ir`` and the command's start-up do without."""

from __future__ import annotations

import functools

__all__ = ["version"]

# The version when the package runs from a source tree that is not installed (src/ on
# sys.path): there is no metadata to read.
UNKNOWN = "0+unknown"


@functools.cache
def version() -> str:
    """The version of the ``agent-ir`` distribution as installed, as ``pip show`` says."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("agent-ir")
    except PackageNotFoundError:
        return UNKNOWN
