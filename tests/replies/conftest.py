"""Provider tests run offline and bounded in time.

Every test has network sockets disabled. Unix sockets stay allowed because the asyncio
event loop wakes itself through a ``socketpair``; any internet socket raises
``pytest_socket.SocketBlockedError``.

Every async test fails after ``ASYNC_TEST_SECONDS`` instead of hanging the suite
(``support.deadline``): a stream that never settles, such as one whose parser
``finish`` returns nothing, spins in a loop that never yields to the event loop, so
the deadline is a signal, not ``asyncio.wait_for``.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator

import pytest
import pytest_socket

from support.deadline import deadline, supported

ASYNC_TEST_SECONDS = 10.0


@pytest.fixture(autouse=True)
def _sockets_disabled() -> Iterator[None]:
    pytest_socket.disable_socket(allow_unix_socket=True)
    yield
    pytest_socket.enable_socket()


@pytest.fixture(autouse=True)
def _async_deadline(request: pytest.FixtureRequest) -> Iterator[None]:
    if not (inspect.iscoroutinefunction(request.function) and supported()):
        yield
        return
    with deadline(ASYNC_TEST_SECONDS, what=request.node.nodeid):
        yield
