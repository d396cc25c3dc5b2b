"""A real HTTP server on 127.0.0.1 that answers every POST with recorded server-sent
event bytes (``text/event-stream``), for the official SDK clients in streaming mode.

``with sse_server(body) as (base_url, recorded):`` starts it; ``body`` is the bytes of
the reply, or a sequence of byte chunks, each written and flushed on its own (with
``pause`` seconds between them) so that the client reads the stream in pieces. The
reply has no ``Content-Length``: the server closes the connection after the last byte
(HTTP/1.0), as a streaming provider ends its body. ``recorded`` holds every request
(``support.loopback.Recorded``). The server is stopped when the block ends.
"""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler

from support.loopback import Recorded, serving

__all__ = ["sse_server"]


@contextmanager
def sse_server(
    body: bytes | Sequence[bytes], *, pause: float = 0.0, status: int = 200
) -> Iterator[tuple[str, Recorded]]:
    """Start a server answering every POST with ``body``; yields its base URL
    (``http://127.0.0.1:PORT``) and what it recorded; stops it on exit."""
    chunks = [bytes(body)] if isinstance(body, bytes | bytearray) else [bytes(c) for c in body]
    recorded = Recorded()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            request = self.rfile.read(length)
            recorded.requests.append(("POST", self.path, json.loads(request or b"null")))
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.send_response(status)
            self.send_header("Content-Type", "text/event-stream; charset=utf-8")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Connection", "close")
            self.end_headers()
            # A client that stops reading early (a cancelled stream) is not an error here.
            with contextlib.suppress(ConnectionError):
                for index, chunk in enumerate(chunks):
                    if index and pause:
                        time.sleep(pause)
                    self.wfile.write(chunk)
                    self.wfile.flush()

        def log_message(self, format: str, *args: object) -> None:  # quiet
            pass

    with serving(Handler) as base_url:
        yield base_url, recorded
