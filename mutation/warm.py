"""A warm pytest for ``run.py``: one process per workspace that has imported pytest, its
plugins and the tests' third-party libraries, and forks a child for each run.

    python mutation/warm.py        (started by run.py, PYTHONPATH at the workspace copy)

It reads one JSON request a line on stdin and answers on stdout, two lines a run:
``{"pid": N}`` when the child is started, then ``{"status": S}`` when it ends (the
child's pytest exit status, or ``-signal`` when it was killed). A request:

* ``args``: pytest's arguments; ``output``: the file the child's stdout and stderr go to;
* ``only`` (optional): the node ids to keep; every other collected test is deselected;
* ``coverage`` (optional): ``{"map": path, "modules": [...], "names": [...]}``: the
  child imports the modules ``names`` (so that their import-time lines run outside any
  test), then measures the lines of ``modules`` (paths of the copy) with each test's
  node id as the coverage context, and writes ``{"lines": {module: {line: [node id,
  ...]}}, "spawners": [...], "order": [...]}`` to ``map``. Lines run outside any test
  (imports, collection) get the context ``""``; ``spawners`` are the tests that started
  a Python subprocess (the lines it runs are not seen); ``order`` lists the node ids in
  the order they ran.

The child starts its own session, so ``run.py`` ends a run that hangs, and whatever it
started, with ``killpg(pid)``. ``agent_ir`` is never imported here: each child imports
the workspace's (mutated) copy afresh, as a new interpreter would.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.metadata
import json
import os
import signal
import sys
from typing import Any

import pytest

# The tests' libraries, imported once here instead of once per mutant.
_WARM = (
    "pytest",
    "hypothesis",
    "msgspec",
    "jsonschema",
    "referencing",
    "anthropic",
    "openai",
    "google.genai",
    "httpx",
    "typeguard",
    "anyio",
)


def main() -> int:
    for name in _WARM:
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    for entry in importlib.metadata.entry_points(group="pytest11"):
        with contextlib.suppress(Exception):  # a plugin pytest would refuse anyway
            entry.load()
    if any(name == "agent_ir" or name.startswith("agent_ir.") for name in sys.modules):
        raise SystemExit("warm.py: a warm library imported agent_ir; the children would share it")
    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:
            _child(request)  # never returns
        _answer({"pid": pid})
        _, status = os.waitpid(pid, 0)
        _answer({"status": os.waitstatus_to_exitcode(status)})
    return 0


def _answer(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def _child(request: dict[str, Any]) -> None:
    status = 3
    try:
        os.setsid()
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        output = os.open(request["output"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(output, 1)
        os.dup2(output, 2)
        status = _pytest(request)
    except BaseException as error:  # reported through the output file
        print(f"warm.py child: {error!r}", file=sys.stderr)
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def _pytest(request: dict[str, Any]) -> int:
    plugins: list[object] = []
    if request.get("only") is not None:
        plugins.append(_Only(set(request["only"])))
    if request.get("coverage") is None:
        return int(pytest.main(request["args"], plugins=plugins))
    return _measured(request, plugins)


class _Only:
    """Keeps the collected tests named by node id; deselects the others."""

    def __init__(self, node_ids: set[str]) -> None:
        self.node_ids = node_ids

    def pytest_collection_modifyitems(self, config: Any, items: list[Any]) -> None:
        kept = [item for item in items if item.nodeid in self.node_ids]
        dropped = [item for item in items if item.nodeid not in self.node_ids]
        if dropped:
            config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def _measured(request: dict[str, Any], plugins: list[object]) -> int:
    import subprocess

    import coverage

    modules = request["coverage"]["modules"]
    measured = coverage.Coverage(data_file=None, include=modules, config_file=False)
    spawners: set[str] = set()
    contexts = _Contexts(measured)
    popen_init = subprocess.Popen.__init__

    def noting_popen(self: Any, args: Any, *rest: Any, **options: Any) -> None:
        program = args[0] if isinstance(args, (list, tuple)) and args else args
        if os.path.basename(str(program)).startswith("python") or program == sys.executable:
            spawners.add(contexts.current)
        popen_init(self, args, *rest, **options)

    subprocess.Popen.__init__ = noting_popen  # type: ignore[method-assign]
    measured.start()
    # Import-time code runs once for every test: measured outside any test's context.
    for module in request["coverage"]["names"]:
        importlib.import_module(module)
    status = int(pytest.main(request["args"], plugins=[*plugins, contexts]))
    measured.stop()
    data = measured.get_data()
    lines = {}
    for path in modules:
        by_line = data.contexts_by_lineno(path)
        lines[path] = {str(line): sorted(names) for line, names in by_line.items()}
    with open(request["coverage"]["map"], "w", encoding="utf-8") as written:
        json.dump(
            {"lines": lines, "spawners": sorted(spawners - {""}), "order": contexts.order},
            written,
        )
    return status


class _Contexts:
    """Names the coverage context after the running test (setup, call and teardown)."""

    def __init__(self, measured: Any) -> None:
        self.measured = measured
        self.current = ""
        self.order: list[str] = []

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item: Any, nextitem: Any) -> None:
        self.order.append(item.nodeid)
        self.current = item.nodeid
        self.measured.switch_context(item.nodeid)

    def pytest_runtest_logfinish(self, nodeid: str, location: Any) -> None:
        self.current = ""
        self.measured.switch_context("")


if __name__ == "__main__":
    sys.exit(main())
