"""The dependency bounds pyproject.toml declares are testable: every dependency has one
lower bound, and under ``nox -s tests_lowest`` (which sets ``AGENT_IR_TEST_LOWEST``)
exactly that version of each is the one installed, so the suite it runs proves the
bound."""

from __future__ import annotations

import os
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

PROJECT = tomllib.loads(
    (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8")
)["project"]
REQUIREMENTS = [
    Requirement(text)
    for text in [
        *PROJECT["dependencies"],
        *(text for extra in PROJECT["optional-dependencies"].values() for text in extra),
    ]
]


def _lower_bounds(requirement: Requirement) -> list[str]:
    return [spec.version for spec in requirement.specifier if spec.operator == ">="]


@pytest.mark.parametrize("requirement", REQUIREMENTS, ids=str)
def test_every_dependency_declares_one_lower_bound(requirement: Requirement) -> None:
    assert len(_lower_bounds(requirement)) == 1


def test_msgspec_is_required_where_msgspec_structmeta_exists() -> None:
    """agent_ir subclasses ``msgspec.StructMeta``, which 0.20.0 added: 0.19 fails at import."""
    (msgspec,) = (requirement for requirement in REQUIREMENTS if requirement.name == "msgspec")
    assert Version(_lower_bounds(msgspec)[0]) >= Version("0.20.0")


@pytest.mark.skipif(
    "AGENT_IR_TEST_LOWEST" not in os.environ, reason="nox -s tests_lowest installs the bounds"
)
@pytest.mark.parametrize("requirement", REQUIREMENTS, ids=str)
def test_the_lowest_declared_version_is_the_one_installed(requirement: Requirement) -> None:
    assert Version(version(requirement.name)) == Version(_lower_bounds(requirement)[0])
