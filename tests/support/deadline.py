"""A deadline for a test: code that never finishes fails the test instead of hanging it.

``with deadline(seconds):`` arms a real-time timer (``SIGALRM``). When the time is up,
the signal handler raises ``DeadlineExceeded`` in the main thread, between any two
bytecodes: inside a coroutine loop that never yields to the event loop (an ``await``
that never suspends, which ``asyncio.wait_for`` could not interrupt), or out of the
event loop itself while it waits for an ``await`` that never ends. Put the deadline
around the code that runs the loop (``asyncio.run``, or a fixture around a
pytest-asyncio test), not inside a coroutine. When the block ends after the deadline
in any other way (the alarm was swallowed, say by an ``except BaseException``), it
raises ``DeadlineExceeded`` then. Deadlines nest: the outer one is restored, with the
time it had left.

Needs ``signal.setitimer`` (not on Windows) and the main thread: see ``supported()``.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

__all__ = ["DeadlineExceeded", "deadline", "supported"]


class DeadlineExceeded(Exception):
    """A test ran past its deadline."""


def supported() -> bool:
    """True when deadlines can be armed here (``SIGALRM`` and the main thread)."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextmanager
def deadline(seconds: float, what: str = "the block") -> Iterator[None]:
    """Raise ``DeadlineExceeded`` if the block runs longer than ``seconds``."""
    message = f"{what} did not finish within {seconds:g} s"
    expired = False

    def alarm(signum: int, frame: FrameType | None) -> None:
        nonlocal expired
        expired = True
        raise DeadlineExceeded(message)

    started = time.monotonic()
    outer_handler = signal.signal(signal.SIGALRM, alarm)
    outer_delay, outer_interval = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except DeadlineExceeded:
        raise
    except BaseException as error:
        if expired:  # the alarm was turned into another exception on its way out
            raise DeadlineExceeded(message) from error
        raise
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, outer_handler)
        if outer_delay:
            left = max(outer_delay - (time.monotonic() - started), 0.001)
            signal.setitimer(signal.ITIMER_REAL, left, outer_interval)
    if expired:  # the block swallowed the alarm, then finished
        raise DeadlineExceeded(message)
