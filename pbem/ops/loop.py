"""The ``--loop`` of the worker commands (tick, send-mail, ingest-spool, fetch-mail, bots): a
round every ``interval`` seconds that outlives its errors and stops cleanly when asked.

A round that raises (the database restarting, SMTP down) is logged with its traceback and
the session thrown away, so the next round starts on a fresh connection; failing rounds are
retried further and further apart, up to ``MAX_BACKOFF``. SIGTERM (systemd, docker stop) or
SIGINT lets the round in progress finish, then the loop returns.
"""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ..core.extensions import db

log = logging.getLogger(__name__)

#: The longest pause, in seconds, between two failing rounds.
MAX_BACKOFF = 300.0
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


@contextmanager
def stop_requested() -> Iterator[threading.Event]:
    """An event set when SIGTERM or SIGINT arrives within the block (instead of the process
    being killed mid-round); the previous handlers come back afterwards."""
    stop = threading.Event()
    previous = {number: signal.signal(number, lambda *_: stop.set()) for number in STOP_SIGNALS}
    try:
        yield stop
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def backoff(interval: float, failures: int) -> float:
    """Seconds to wait after ``failures`` failed rounds in a row: the interval (at least a
    second) doubled per failure, at most ``MAX_BACKOFF``."""
    return min(MAX_BACKOFF, max(interval, 1.0) * 2 ** min(failures - 1, 16))


def repeat(task: Callable[[], object], interval: float) -> None:
    """Run ``task`` every ``interval`` seconds until SIGTERM or SIGINT."""
    with stop_requested() as stop:
        rounds(task, interval, stop)


def rounds(task: Callable[[], object], interval: float, stop: threading.Event) -> None:
    """Run ``task`` every ``interval`` seconds until ``stop`` is set (a background thread of
    ``pbem dev`` stops on its own event: signals reach only the main thread)."""
    failures = 0
    log.info("started, a round every %g s", interval)
    while not stop.is_set():
        try:
            task()
        except Exception:
            failures += 1
            _discard_session()
            delay = backoff(interval, failures)
            log.exception("round failed (%d in a row); next try in %g s", failures, delay)
        else:
            if failures:
                log.info("recovered after %d failed rounds", failures)
            failures, delay = 0, interval
        stop.wait(delay)
    log.info("stopped")


def _discard_session() -> None:
    """Drop the failed round's session and its connection (a dead one is not reused)."""
    try:
        db.session.remove()
    except Exception:
        log.exception("discarding the session failed")
