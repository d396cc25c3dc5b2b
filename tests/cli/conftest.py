"""Fixtures shared by the ``agent-ir`` command tests: a dataset larger than several of
the reader's blocks, made once per session, with its invalid lines known."""

from __future__ import annotations

import pytest

from agent_ir.cli._inputs import BLOCK_BYTES

from support.cli import Dataset, write_dataset


@pytest.fixture(scope="session")
def big_dataset(tmp_path_factory: pytest.TempPathFactory) -> Dataset:
    """About 3.5 blocks of lines (some 3.7 MB), about 1,100 of them invalid."""
    path = tmp_path_factory.mktemp("big") / "big.jsonl"
    dataset = write_dataset(path, 3 * BLOCK_BYTES + BLOCK_BYTES // 2)
    assert path.stat().st_size > 3 * BLOCK_BYTES
    return dataset
