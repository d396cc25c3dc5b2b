"""``agent-ir`` in hostile surroundings: a named pipe or a link to a device inside a
folder it walks, a gzip bomb, a line over the one-transcript limit, a full disk on
standard output, a process limit that stops its workers from forking, a Dask scheduler
address with an unsupported scheme, a port that answers other bytes and one that never
answers. Each ends, within a minute, with the documented exit status and message on
standard error, never a traceback."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from adversarial.catalogue import DEV_ZERO, FIFO, Case, Surroundings, params

from support.cli import command
from support.limits import process_limit

pytestmark = pytest.mark.heavy


@contextlib.contextmanager
def loopback_server(kind: str | None) -> Iterator[str]:
    """A listening socket on 127.0.0.1 that accepts and stays silent, or writes bytes
    that are no scheduler's; its address as tcp://HOST:PORT."""
    if kind is None:
        yield ""
        return
    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []
    stop = threading.Event()

    def serve() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except OSError:
                continue
            held.append(connection)
            if kind == "garbage":
                with contextlib.suppress(OSError):
                    connection.sendall(bytes(range(256)) * 64)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(5)
        for connection in held:
            connection.close()
        listener.close()


def lay_out(folder: Path, files: dict[str, bytes | str]) -> None:
    for name, content in files.items():
        path = folder / name
        if content == FIFO:
            os.mkfifo(path)
        elif content == DEV_ZERO:
            os.symlink("/dev/zero", path)
        else:
            assert isinstance(content, bytes)
            path.write_bytes(content)


@pytest.mark.parametrize(("case", "place"), params("agent-ir-environment"))
def test_the_command_ends_with_its_documented_status_in_hostile_surroundings(
    case: Case, place: str, tmp_path: Path
) -> None:
    surroundings: Surroundings = case.build()
    if surroundings.dask:
        pytest.importorskip("distributed")
    folder = tmp_path / "data"
    folder.mkdir()
    lay_out(folder, surroundings.files)
    environment = {**os.environ, **dict(surroundings.environment)}
    with contextlib.ExitStack() as stack:
        server = stack.enter_context(loopback_server(surroundings.server))
        arguments = [part.format(folder=folder, server=server) for part in surroundings.arguments]
        stdout: int | object = subprocess.PIPE
        if surroundings.stdout != "pipe":
            stdout = stack.enter_context(open(surroundings.stdout, "wb"))
        limit = process_limit(surroundings.processes) if surroundings.processes else None
        try:
            done = subprocess.run(
                [*command(), *arguments],
                stdin=subprocess.DEVNULL,
                stdout=stdout,  # type: ignore[arg-type]
                stderr=subprocess.PIPE,
                env=environment,
                preexec_fn=limit,
                timeout=60,
                check=False,
            )
        except subprocess.SubprocessError as error:
            if limit is not None and not isinstance(error, subprocess.TimeoutExpired):
                pytest.skip(f"cannot limit the processes of a command here: {error}")
            raise
    stderr = done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in stderr, stderr
    assert done.returncode == case.expect, stderr
    assert re.search(surroundings.stderr, stderr), stderr
