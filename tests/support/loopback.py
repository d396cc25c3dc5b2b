"""A real HTTP server on 127.0.0.1 that records every request body and answers with a
canned JSON response: the official SDK clients are pointed at it (``base_url``) so that
the tests see exactly the bytes a provider would receive. No other network.

``serving`` starts and stops such a server for any request handler (``support.sse_server``
answers with server-sent events through it); ``loopback_only`` makes connections to any
other host fail, for the autouse fixtures of the modules that talk to these servers."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest_socket


@dataclass
class Recorded:
    """What the server received: one (method, path, JSON body) per request."""

    requests: list[tuple[str, str, Any]] = field(default_factory=list)

    @property
    def last_body(self) -> Any:
        return self.requests[-1][2]


@contextmanager
def recording_server(reply: dict[str, Any]) -> Iterator[tuple[str, Recorded]]:
    """Start a server answering every POST with ``reply`` (JSON, status 200); yields its
    base URL (``http://127.0.0.1:PORT``) and what it recorded; stops it on exit."""
    recorded = Recorded()
    payload = json.dumps(reply).encode("utf-8")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            recorded.requests.append(("POST", self.path, json.loads(body)))
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, format: str, *args: object) -> None:  # quiet
            pass

    with serving(Handler) as base_url:
        yield base_url, recorded


# How often the server looks for a shutdown request: ``shutdown`` waits up to this long,
# and about 130 tests stop a server (the default 0.5 s made tests/wire take 106 s, not 41).
POLL_INTERVAL = 0.02


@contextmanager
def serving(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """Start a threading server on 127.0.0.1 (a free port) whose requests ``handler``
    answers; yields its base URL (``http://127.0.0.1:PORT``); stops it on exit."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": POLL_INTERVAL}, daemon=True
    )
    thread.start()
    try:
        host, port = server.server_address[:2]
        yield f"http://{host}:{port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@contextmanager
def loopback_only() -> Iterator[None]:
    """Connections to anything but 127.0.0.1 fail inside the block (pytest-socket); the
    socket's own ``connect`` is put back after it."""
    connect = socket.socket.connect
    pytest_socket.socket_allow_hosts(["127.0.0.1"])
    try:
        yield
    finally:
        socket.socket.connect = connect  # type: ignore[method-assign]
