"""Makes ``tests/support`` importable as ``support`` from every test module.

pytest runs with ``--import-mode=importlib``, which puts no test directory on
``sys.path``; the shared doubles and builders are imported through this entry instead.
"""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = str(Path(__file__).resolve().parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)
