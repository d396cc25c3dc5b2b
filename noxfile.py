"""Every workflow of agent-ir. `nox` runs the checks: tests, lint, typecheck, codegen_check, fuzz.

The tests run on every supported Python that is present. In CI (``CI=true``) all of
them must be present, and a missing one is an error; elsewhere a missing one is skipped,
and `nox` fails only when none is present. The other sessions run on the oldest
supported Python present.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import nox

SUPPORTED = ["3.11", "3.12", "3.13"]  # keep in step with pyproject.toml's classifiers


def _select_pyenv_versions() -> None:
    """pyenv's shims run only the selected Pythons (``python3.12`` fails while 3.12 is
    installed but not selected): select the newest installed release of each supported
    version too, after the current one, for this process and the sessions it starts."""
    if not shutil.which("pyenv"):
        return
    listed = subprocess.run(["pyenv", "versions", "--bare"], capture_output=True, text=True)
    # Under a pyenv shim, PYENV_VERSION already names the Python running nox.
    current = (
        os.environ.get("PYENV_VERSION")
        or subprocess.run(["pyenv", "version-name"], capture_output=True, text=True).stdout.strip()
    )
    releases = [name for name in listed.stdout.split() if name.replace(".", "").isdigit()]
    selected = current.split(":")
    for version in SUPPORTED:
        matching = [name for name in releases if name.startswith(f"{version}.")]
        if matching:
            selected.append(max(matching, key=lambda name: [int(part) for part in name.split(".")]))
    os.environ["PYENV_VERSION"] = ":".join(dict.fromkeys(name for name in selected if name))


def _runs(version: str) -> bool:
    command = shutil.which(f"python{version}")
    return (
        command is not None
        and subprocess.run([command, "-c", ""], capture_output=True).returncode == 0
    )


_select_pyenv_versions()
PRESENT = [version for version in SUPPORTED if _runs(version)]
STRICT = os.environ.get("CI", "").lower() == "true" or not PRESENT

nox.options.sessions = ["tests", "lint", "typecheck", "codegen_check", "fuzz"]
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_missing_interpreters = STRICT

TEST_PYTHONS = SUPPORTED if STRICT else PRESENT
PYTHON = (PRESENT or SUPPORTED)[0]
# Pinned: generated code must be byte-for-byte reproducible.
CODEGEN_DEPS = ["datamodel-code-generator==0.89.0", "ruff==0.17.6"]
TEST_DEPS = [
    "pytest>=8",
    "pytest-asyncio>=0.24",
    "pytest-socket>=0.7",
    "hypothesis>=6.100",
    "jsonschema>=4.23",
    # tests/test_codegen.py runs the generator and its post-passes (which call ruff).
    *CODEGEN_DEPS,
]
LINT_DEPS = ["ruff==0.17.6"]
TYPECHECK_DEPS = ["mypy==2.4.1", "types-jsonschema"]
FUZZ_DEPS = ["atheris>=3.0", "jsonschema>=4.23"]
BENCH_DEPS = ["pydantic>=2.7", "datamodel-code-generator==0.89.0", "ruff==0.17.6"]


@nox.session(python=TEST_PYTHONS)
def tests(session: nox.Session) -> None:
    """pytest against the installed wheel (not src/ on the path)."""
    session.install(*TEST_DEPS)
    # A real (non-editable) install: packaging mistakes fail here.
    session.install("--no-deps", "--force-reinstall", ".")
    session.install(".")
    session.run(
        "pytest",
        *session.posargs,
        env={"AGENT_IR_TEST_INSTALLED": "1"},
    )


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check (generated code excluded)."""
    session.install(*LINT_DEPS)
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict over src/, generated code included."""
    session.install(*TYPECHECK_DEPS)
    session.install("-e", ".")
    session.run("mypy", "--strict", "src/agent_ir")


@nox.session(python=PYTHON)
def codegen(session: nox.Session) -> None:
    """Regenerate src/agent_ir/_generated/ from schemas/v1."""
    session.install(*CODEGEN_DEPS)
    session.run("python", "codegen/generate.py")


@nox.session(python=PYTHON)
def codegen_check(session: nox.Session) -> None:
    """Fail when src/agent_ir/_generated/ differs by one byte from a fresh generation."""
    session.install(*CODEGEN_DEPS)
    session.run("python", "codegen/check.py")


@nox.session(python=PYTHON)
def fuzz(session: nox.Session) -> None:
    """Coverage-guided fuzzing (atheris): ``nox -s fuzz -- --seconds N``, N seconds for all
    targets together (default 60); failing inputs go to fuzz-crashes/ (see README)."""
    session.install(*FUZZ_DEPS)
    session.install(".")
    session.run("python", "-m", "fuzz.run", *session.posargs)


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """Benchmarks: ratios measured in one run, written to bench/results.json."""
    session.install(*BENCH_DEPS)
    session.install(".")
    session.run("python", "bench/run.py", *session.posargs)


@nox.session(python=PYTHON)
def mutate(session: nox.Session) -> None:
    """Mutation testing of the rule modules (not in the default run): a seeded sample of
    one-change mutants, each run against its tests; prints the score per module and the
    survivors. ``nox -s mutate -- [--sample N] [--seed S] [--group NAME] [--min-score P]``."""
    session.install(*TEST_DEPS)
    # The package's dependencies; run.py points PYTHONPATH at a mutated copy of src/.
    session.install("-e", ".")
    session.run("python", "mutation/run.py", *session.posargs)
