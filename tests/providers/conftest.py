"""Provider tests run offline: every test has network sockets disabled.

Unix sockets stay allowed because the asyncio event loop wakes itself through a
``socketpair``; any internet socket raises ``pytest_socket.SocketBlockedError``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import pytest_socket


@pytest.fixture(autouse=True)
def _sockets_disabled() -> Iterator[None]:
    pytest_socket.disable_socket(allow_unix_socket=True)
    yield
    pytest_socket.enable_socket()
