"""Every workflow of agent-ir. `nox` runs the checks: tests, package, lint, typecheck,
codegen_check, fuzz, the JavaScript checks (conformance_js, typescript, ts_package) and
the documentation site (docs); CI (``CI=true``) adds tests_lowest.

By default the tests run once, on the newest supported Python present (with
pytest-xdist, on every CPU), which keeps `nox` to minutes. In CI (``CI=true``, which
``.ci/run`` sets) they run on every supported Python, all of which must be present (a
missing one is an error); elsewhere `nox` fails only when none is present. The other
sessions run once, on the oldest supported Python present.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import nox
from packaging.requirements import Requirement

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
CI = os.environ.get("CI", "").lower() == "true"
STRICT = CI or not PRESENT

TEST_PYTHONS = SUPPORTED if STRICT else PRESENT
nox.options.sessions = [
    # A contributor's `nox` tests the newest Python present (`nox -s tests` tests every
    # one present, `nox -s tests-3.12` one); CI tests them all.
    "tests" if STRICT else f"tests-{PRESENT[-1]}",
    # The lowest versions of every dependency: a second environment of its own and a
    # third of the default run's time, so CI's (`nox -s tests_lowest` runs it here).
    *(["tests_lowest"] if STRICT else []),
    # Rows through a real datasets (Arrow) table: 350 MB of pyarrow, pandas and numpy, a
    # third of .nox, for one test file; CI's (`nox -s tests_datasets` runs it here).
    *(["tests_datasets"] if STRICT else []),
    "package",
    "lint",
    "typecheck",
    "codegen_check",
    "conformance_js",
    "typescript",
    "docs",
    "ts_package",
    # Last: the one session whose failure depends on what it draws. A failing input is
    # printed with its traceback, and CI keeps only the end of its log (a crash's lines
    # before ts_package's 600 were cut off, 2026-12-04).
    "fuzz",
]
nox.options.reuse_existing_virtualenvs = True
# uv builds each session's environment when nox has it (`pip install 'nox[uv]'`, as the
# README says): the tests' environment took 76 s with virtualenv and pip, 8 s with uv
# (2026-12-04); plain `pip install nox` falls back to virtualenv and pip.
nox.options.default_venv_backend = "uv|virtualenv"
nox.options.error_on_missing_interpreters = STRICT

PYTHON = (PRESENT or SUPPORTED)[0]
# Pinned: generated code must be byte-for-byte reproducible.
CODEGEN_DEPS = ["datamodel-code-generator==0.89.0", "ruff==0.17.6"]
TEST_DEPS = [
    "pytest>=8",
    # pytest -n auto: the tests are independent (free ports, temporary folders).
    "pytest-xdist==3.8.0",
    # tests/test_noxfile.py lists the sessions nox selects, with and without CI=true.
    "nox==2026.10.20",
    "pytest-asyncio>=0.24",
    "pytest-socket>=0.7",
    "hypothesis>=6.100",
    "jsonschema>=4.23",
    # tests/validation/test_other_validators.py: a third implementation reads the schemas (Rust).
    "jsonschema-rs>=0.61",
    # tests/cli: the progress bar is read through a terminal emulator.
    "pyte>=0.8",
    # tests/wire: requests are checked against the official SDKs' own request types and
    # sent with their clients to a loopback server. Pinned, as the bench pins its peers:
    # these are the differential oracles, and a release must not change a verdict
    # between two runs of the same code (move a pin on purpose, in its own commit).
    "openai==3.57.0",
    "anthropic==2.15.0",
    "google-genai==3.6.1",
    # tests/wire/bedrock_converse: botocore's Bedrock runtime service model, parameter
    # validation and parsers (offline: the model is a data file of the package).
    "botocore==1.44.5",
    # tests/wire/mistral: Mistral requests checked against its SDK's request models, its
    # client sending them to a loopback server.
    "mistralai==3.7.0",
    # tests/wire/otel/test_pydantic_ai.py: a real instrumentation writes the OpenTelemetry
    # GenAI spans from_otel reads back (pydantic-ai's FunctionModel, the SDK's exporter);
    # tests/adapters: the pydantic-ai and LangChain adapters against the real libraries
    # (the extras' lower bounds: tests_lowest installs these same versions).
    "pydantic-ai-slim==2.68.0",
    "langchain-core==1.8.3",
    "opentelemetry-sdk==1.45.2",
    # tests/wire/otel/test_openai_v2.py: the OpenTelemetry project's OpenAI instrumentation
    # writes the span of a request to a loopback server; util-genai 1.2 and later dropped
    # the module this release imports, and the instrumentation imports httpx.
    "opentelemetry-instrumentation-openai-v2==2.4b0",
    "opentelemetry-util-genai==1.1b0",
    "httpx==0.29.0",
    # tests/test_codegen.py runs the generator and its post-passes (which call ruff).
    *CODEGEN_DEPS,
]
LINT_DEPS = ["ruff==0.17.6"]
# The documentation site (mkdocs.yml, docsgen/), pinned so that a theme's release does
# not turn a strict build red.
DOCS_DEPS = [
    "mkdocs==1.6.1",
    "mkdocs-material==9.8.2",
    "mkdocstrings[python]==1.0.8",
    "mkdocstrings-python==2.0.11",
    "griffelib==2.4.1",
    "pytest>=8",
]
PACKAGE_DEPS = ["build==1.6.1", "twine==7.0.0", "pytest>=8", "pytest-asyncio>=0.24"]
TYPECHECK_DEPS = ["mypy==2.4.1", "types-jsonschema"]
FUZZ_DEPS = ["atheris>=3.0", "jsonschema>=4.23"]


def _lowest(requirements: list[str]) -> list[str]:
    """``NAME==X`` for each ``NAME>=X``, as constraints for pip (which name a
    distribution: extras and markers dropped): the lowest versions the requirements allow. A requirement without a ``>=`` bound is an error:
    the lowest version it allows cannot be tested."""
    pins = []
    for text in requirements:
        requirement = Requirement(text)
        bounds = [spec.version for spec in requirement.specifier if spec.operator == ">="]
        if len(bounds) != 1:
            raise ValueError(f"pyproject.toml: {text!r} needs exactly one >= bound")
        pins.append(f"{requirement.name}=={bounds[0]}")
    return pins


_PROJECT = nox.project.load_toml("pyproject.toml")["project"]
# The lowest versions pyproject.toml declares, the optional dependencies' too.
LOWEST = _lowest(
    _PROJECT["dependencies"]
    + [text for extra in _PROJECT["optional-dependencies"].values() for text in extra]
)

# Bench-only: the peers measured against agent-ir (bench/peers.py) and orjson, a floor,
# pinned so that a peer's release does not move the ratios between runs (results.json
# records the versions). The pydantic row's models are generated by
# datamodel-code-generator, formatted by ruff.
BENCH_DEPS = [
    "pydantic>=2.7",
    "datamodel-code-generator==0.89.0",
    "ruff==0.17.6",
    "pydantic-ai-slim==2.68.0",
    "langchain-core==1.8.3",
    "openai==3.57.0",
    # bench/bench_sdk_streams.py: each stream against its official SDK's accumulator.
    "anthropic==2.15.0",
    "google-genai==3.6.1",
    "orjson==3.13.0",
]


def _tidy(session: nox.Session) -> None:
    """Remove what a session built in its temporary folder (a wheel's test installs, the
    npm packages, the corpus), once it has passed: ``.nox`` keeps environments, not
    outputs (a failed session keeps them for a look). Outputs named by posargs are kept
    where they were written."""
    session.chdir(os.path.dirname(os.path.abspath(__file__)))
    shutil.rmtree(session.create_tmp(), ignore_errors=True)


@nox.session(python=TEST_PYTHONS)
def tests(session: nox.Session) -> None:
    """pytest against the installed wheel (not src/ on the path), on every CPU."""
    session.install(*TEST_DEPS)
    # A real (non-editable) install: packaging mistakes fail here.
    session.install("--no-deps", "--force-reinstall", ".")
    # With the dask extra: tests/cli runs --engine dask on a LocalCluster.
    session.install(".[dask]")
    _pytest(session, heavy=CI and session.python == TEST_PYTHONS[-1])


@nox.session(python=PYTHON)
def tests_lowest(session: nox.Session) -> None:
    """The tests of every place a dependency is used (``LOWEST_TESTS``; ``nox -s
    tests_lowest -- tests`` for all of them) with the lowest version of every dependency
    pyproject.toml declares (``>=X`` installed as ``==X``, the dask extra's too), on the
    oldest Python present: the bounds the metadata promises are bounds that work.
    tests/test_lowest.py checks that each one is the version installed."""
    # Not in session.create_tmp(): that makes the session's TMPDIR a folder under .nox/,
    # which ruff skips, so the code generator's output (tests/test_codegen.py) would not
    # be formatted there.
    lowest = os.path.join(session.virtualenv.location, "lowest.txt")
    with open(lowest, "w", encoding="utf-8") as constraints:
        constraints.write("".join(f"{pin}\n" for pin in LOWEST))
    session.install("-c", lowest, *TEST_DEPS, ".[dask]")
    session.install("--no-deps", "--force-reinstall", ".")
    tests = session.posargs or LOWEST_TESTS
    session.run(
        "pytest",
        "-n",
        "auto",
        "-m",
        "not heavy",
        *tests,
        env={"AGENT_IR_TEST_INSTALLED": "1", "AGENT_IR_TEST_LOWEST": lowest},
    )


@nox.session(python=PYTHON)
def tests_datasets(session: nox.Session) -> None:
    """tests/wire/hf_chat/test_datasets.py, which the tests session leaves out: rows
    written by ``to_hf_chat`` go through a real ``datasets`` (Arrow) table and back.
    Pinned: 5.2 stores mixed JSON columns as its Json type."""
    session.install("pytest>=8", "datasets==5.2.0", ".")
    session.run(
        "pytest",
        "-p",
        "no:cacheprovider",
        "-W",
        "ignore::pytest.PytestConfigWarning",  # pytest-asyncio's options: not needed here
        *(session.posargs or [DATASETS_TESTS]),
    )


DATASETS_TESTS = "tests/wire/hf_chat/test_datasets.py"


# What tests_lowest runs by default (``nox -s tests_lowest -- tests`` runs them all): the
# tests of every place a dependency is used, which the whole suite would run in some
# six minutes more. msgspec: the IR, JSON and the conformance suite; jsonschema and
# referencing: the schemas and the diagnostics they explain; jsonschema-rs: tool
# arguments; rich: the progress bar; jinja2: the HTML report; dask and distributed:
# --engine dask; pydantic-ai-slim and langchain-core: the adapters.
LOWEST_TESTS = [
    "tests/conformance",
    "tests/test_lowest.py",
    "tests/test_public_api.py",
    "tests/ir/test_schemas.py",
    "tests/validation/test_parse_and_loads.py",
    "tests/ir/test_json_encoding.py",
    "tests/ir/test_constructors.py",
    "tests/validation/test_reference.py",
    "tests/validation/test_diagnostics.py",
    "tests/validation/test_other_validators.py",
    "tests/ir/test_argument_values.py",
    "tests/validation/test_tool_definitions.py",
    "tests/validation/test_tool_arguments.py",
    "tests/cli/test_progress_terminal.py",
    "tests/cli/test_bounded_report.py",
    "tests/cli/test_dask_engine.py",
    "tests/cli/test_validate_command.py",
    # The pydantic-ai and langchain extras (their lower bounds are the pinned versions).
    "tests/adapters",
]


def _pytest(session: nox.Session, heavy: bool) -> None:
    """The tests on every CPU (pytest-xdist, one worker per CPU): with the heavy ones
    (time and memory bounds, the catalogue's million-item cases, the command in hostile
    surroundings) when ``heavy``. They measure the library, not the interpreter, so nox
    runs them on the newest Python only. Each worker has a CPU of its own, and a bound
    compares sizes timed in one worker: on 2 CPUs they passed beside each other as they
    did one at a time, in 2.5 minutes instead of 4.6. A contributor's ``nox`` leaves
    them to CI (``CI=true``), as it leaves most property-test examples
    (``tests/support/examples.py``; the other Pythons under CI draw the same quarter):
    ``nox -s tests-3.13 -- -m heavy`` runs them."""
    marker = [] if heavy else ["-m", "not heavy"]
    # tests_datasets runs it, in an environment of its own (datasets is not installed here).
    marker += ["--ignore", DATASETS_TESTS]
    # Every property-test example on the run that has the heavy tests, a quarter on the
    # others (tests/support/examples.py): the Pythons differ in the interpreter, not in
    # what a thousand more generated transcripts find.
    env = {"AGENT_IR_TEST_INSTALLED": "1", "AGENT_IR_ALL_EXAMPLES": "1" if heavy else "0"}
    session.run("pytest", "-n", "auto", *marker, *session.posargs, env=env)


@nox.session(python=PYTHON)
def package(session: nox.Session) -> None:
    """Build the sdist and the wheel, ``twine check`` them, and check what the wheel
    holds and that it installs in a fresh virtual environment and runs
    (tests/test_distribution.py); ``nox -s package -- DIR`` keeps them in DIR."""
    session.install(*PACKAGE_DEPS)
    dist = session.posargs[0] if session.posargs else os.path.join(session.create_tmp(), "dist")
    shutil.rmtree(dist, ignore_errors=True)
    session.run("python", "-m", "build", "--outdir", dist)
    session.run("twine", "check", "--strict", *sorted(_files(dist)))
    session.run(
        "pytest",
        "-p",
        "no:cacheprovider",
        "tests/test_distribution.py",
        env={"AGENT_IR_DIST": dist},
    )
    _tidy(session)


def _files(folder: str) -> list[str]:
    return [os.path.join(folder, name) for name in os.listdir(folder)]


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
    # The adapters' extras: mypy checks the calls into pydantic-ai and LangChain too.
    session.install("-e", ".[pydantic-ai,langchain]")
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
    # A minute under CI, 20 seconds in a contributor's `nox` (--seconds overrides).
    budget = [] if CI or "--seconds" in session.posargs else ["--seconds", "20"]
    session.run("python", "-m", "fuzz.run", *budget, *session.posargs)


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """The documentation site into site/ (open site/index.html): MkDocs in strict mode,
    so a warning, a broken link, a code without its page, an example that does not
    produce its code or a public name without a reference entry fails it; then the
    tests of the built site (tests/docs: every code's page, the index in headless
    Chromium with no console message). ``nox -s docs -- serve`` serves it instead."""
    session.install(*DOCS_DEPS)
    session.install(".")
    quiet = {"NO_MKDOCS_2_WARNING": "1"}  # Material's notice about its successor
    if session.posargs[:1] == ["serve"]:
        session.run("mkdocs", "serve", *session.posargs[1:], env=quiet)
        return
    session.run("mkdocs", "build", "--strict", env=quiet)
    session.run(
        "pytest",
        "-p",
        "no:cacheprovider",
        "-W",
        "ignore::pytest.PytestConfigWarning",  # pytest-asyncio's options: not needed here
        "tests/docs",
        env={"AGENT_IR_SITE": "site"},
    )


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """Benchmarks: ratios measured in one run, printed and written to bench/results.json,
    then the command line on generated 200 MB and 1 GB JSON Lines files
    (bench/results-dataset.json). ``nox -s bench -- --quick`` for fewer runs and a
    20 MB file."""
    session.install(*BENCH_DEPS)
    session.install(".")
    session.run("python", "bench/run.py", *session.posargs)
    session.run("python", "bench/dataset.py", *session.posargs)


@nox.session(python=PYTHON)
def mutate(session: nox.Session) -> None:
    """Mutation testing of the rule modules (not in the default run): a seeded sample of
    one-change mutants, each run against the tests that cover its lines; prints the score
    per module and the survivors.
    ``nox -s mutate -- [--sample N] [--seed S] [--group NAME] [--min-score P]``."""
    # coverage: which tests run each line (run.py's per-line test selection).
    session.install(*TEST_DEPS, "coverage>=7.10")
    # The package's dependencies; run.py points PYTHONPATH at a mutated copy of src/.
    session.install("-e", ".")
    session.run("python", "mutation/run.py", *session.posargs)


@nox.session(python=PYTHON)
def report_screenshot(session: nox.Session) -> None:
    """Regenerate docs/report.png, README's picture of ``agent-ir validate --report``: the
    report of fixtures/transcripts/sample.jsonl drawn by headless Chromium (Debian:
    ``apt-get install chromium``; or set AGENT_IR_CHROMIUM). Not in the default run."""
    session.install(".")
    report = os.path.join(session.create_tmp(), "report.html")
    session.run(
        "agent-ir",
        "validate",
        "--quiet",
        "fixtures/transcripts/sample.jsonl",
        "--report",
        report,
        success_codes=[1],  # the sample holds broken transcripts on purpose
    )
    session.run(
        "python",
        "tests/support/browser.py",
        "screenshot",
        report,
        "docs/report.png",
        "1200",
        "1800",
    )


# The JavaScript checks: Node.js (20 or later) and npm from the machine, the packages
# pinned in tests/js/package-lock.json installed with npm ci into the session's own
# temporary folder.
def _js_checks(session: nox.Session) -> str:
    """The session's folder with tests/js/ copied in and its packages installed; the
    session's working directory from then on."""
    root = os.path.dirname(os.path.abspath(__file__))
    work = os.path.join(session.create_tmp(), "js")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    source = os.path.join(root, "tests", "js")
    for name in sorted(os.listdir(source)):
        if name.endswith((".json", ".mjs")):
            shutil.copyfile(os.path.join(source, name), os.path.join(work, name))
    session.chdir(work)
    session.run("npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts", external=True)
    return root


@nox.session(python=False)
def conformance_js(session: nox.Session) -> None:
    """Ajv (strict) reads the schemas as Python does: every schema example, every
    conformance transcript and the codes derived from x-code (tests/js/conformance.mjs);
    and the documentation's JavaScript examples run as written (tests/js/doc_blocks.mjs)."""
    root = _js_checks(session)
    session.run("node", "conformance.mjs", root, external=True)
    session.run("node", "doc_blocks.mjs", root, *_JS_EXAMPLE_PAGES, external=True)
    _tidy(session)


# The documentation pages holding ```js examples, and those holding ```ts examples of the
# npm package (tests/test_readme.py checks both lists).
_JS_EXAMPLE_PAGES = ("docs/guide/other-languages.md",)
_TS_EXAMPLE_PAGES = ("README.md", "docs/guide/other-languages.md")


@nox.session(python=False)
def typescript(session: nox.Session) -> None:
    """tsc --noEmit --strict over the conformance transcripts typed with
    bindings/typescript/, installed as the package "agent-ir" (tests/js/typecheck.mjs)."""
    root = _js_checks(session)
    # The package built in place with the tsc and Ajv installed here (the same pins).
    package = _copy_package(root, os.path.join("node_modules", "agent-ir"))
    _build_package(session, root, package, os.path.join("node_modules", "typescript", "bin", "tsc"))
    session.run("node", "typecheck.mjs", root, external=True)
    _tidy(session)


# The package's files (bindings/typescript/): what `npm ci` and the build need.
_PACKAGE_FILES = (
    "package.json",
    "package-lock.json",
    "tsconfig.json",
    "index.d.ts",
    "README.md",
    "LICENSE",
)
_PACKAGE_DIRS = ("src", "scripts", "test", "wire")


def _copy_package(root: str, into: str) -> str:
    """A copy of bindings/typescript/ (no node_modules, no build) at ``into``."""
    source = os.path.join(root, "bindings", "typescript")
    shutil.rmtree(into, ignore_errors=True)
    os.makedirs(into)
    for name in _PACKAGE_FILES:
        shutil.copyfile(os.path.join(source, name), os.path.join(into, name))
    for name in _PACKAGE_DIRS:
        shutil.copytree(
            os.path.join(source, name),
            os.path.join(into, name),
            ignore=shutil.ignore_patterns("*.generated.ts"),
        )
    return into


def _build_package(session: nox.Session, root: str, package: str, tsc: str) -> None:
    """``npm run build`` of the package at ``package``: the schemas of ``root`` embedded,
    then tsc (strict) into dist/, ES modules with declarations."""
    schemas = os.path.join(root, "schemas", "v1")
    embed = os.path.join(package, "scripts", "embed-schemas.mjs")
    session.run("node", embed, schemas, external=True)
    session.run("node", tsc, "-p", os.path.join(package, "tsconfig.json"), external=True)


@nox.session(python=PYTHON)
def ts_package(session: nox.Session) -> None:
    """The npm package (bindings/typescript/): built with tsc, its own tests (node --test:
    both conformance suites case by case), its npm pack tarball installed into a fresh
    folder and used from JavaScript and TypeScript (tests/js/packed.mjs), and Python's
    diagnostics given exactly by it on the cross-language corpus (tests/js/write_corpus.py:
    the suites, the schema examples, 10,000 generated transcripts; tests/js/differential.mjs)."""
    root = os.path.dirname(os.path.abspath(__file__))
    work = os.path.abspath(session.create_tmp())
    package = _copy_package(root, os.path.join(work, "package"))
    session.chdir(package)
    session.run("npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts", external=True)
    _build_package(session, root, package, os.path.join("node_modules", "typescript", "bin", "tsc"))
    session.run("node", "--test", "test/", external=True, env={"AGENT_IR_ROOT": root})
    for name in os.listdir(package):
        if name.endswith(".tgz"):
            os.remove(name)
    session.run("npm", "pack", "--silent", "--ignore-scripts", external=True)
    (tarball,) = [name for name in os.listdir(package) if name.endswith(".tgz")]
    tests = os.path.join(root, "tests", "js")
    tsc = os.path.join(package, "node_modules", "typescript", "bin", "tsc")
    pages = [os.path.join(root, page) for page in _TS_EXAMPLE_PAGES]
    session.run("node", os.path.join(tests, "packed.mjs"), tarball, tsc, *pages, external=True)
    session.install(root, "hypothesis>=6.100")
    corpus = os.path.join(work, "corpus.jsonl")
    env = {"PYTHONPATH": os.path.join(root, "tests")}
    # A contributor's `nox` draws a quarter of the generated and hostile-tool cases, as it
    # draws a quarter of the property-test examples (the corpus and the comparison were
    # 90 of the session's 130 seconds); CI (``CI=true``) compares all 22,089 cases.
    sizes = [] if CI else ["--generated", "2500", "--hostile", "2500"]
    session.run("python", os.path.join(tests, "write_corpus.py"), corpus, *sizes, env=env)
    session.run("node", os.path.join(tests, "differential.mjs"), "dist", corpus, external=True)
    _tidy(session)


@nox.session(python=PYTHON)
def ts_speed(session: nox.Session) -> None:
    """The npm package's speed against Python's validate_transcript on 10,000 messages,
    measured and printed, not asserted (tests/js/speed.py); not in the default run."""
    root = os.path.dirname(os.path.abspath(__file__))
    package = _copy_package(root, os.path.join(os.path.abspath(session.create_tmp()), "package"))
    session.chdir(package)
    session.run("npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts", external=True)
    _build_package(session, root, package, os.path.join("node_modules", "typescript", "bin", "tsc"))
    session.install(root)
    session.run("python", os.path.join(root, "tests", "js", "speed.py"), "dist")
