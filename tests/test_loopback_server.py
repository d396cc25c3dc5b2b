"""The loopback server of the wire tests (``support.loopback.serving``) stops at once:
about 130 tests start and stop one, and each stop waits for the server's next poll."""

from __future__ import annotations

import time
from http.server import BaseHTTPRequestHandler

from support.loopback import POLL_INTERVAL, serving


def test_a_loopback_server_stops_within_a_short_poll() -> None:
    """With ``serve_forever``'s default poll (0.5 s) each stop took about 0.5 s."""
    stops = []
    for _ in range(3):
        server = serving(BaseHTTPRequestHandler)
        server.__enter__()
        time.sleep(0.05)  # the server waits in its poll
        started = time.perf_counter()
        server.__exit__(None, None, None)
        stops.append(time.perf_counter() - started)
    assert POLL_INTERVAL <= 0.02
    assert sorted(stops)[1] < 0.2, stops
