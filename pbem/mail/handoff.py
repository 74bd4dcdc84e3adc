"""Handing an inbound message to the ingest, and what to answer whoever delivered it.

Whatever brings a message in (an MTA's pipe, LMTP, a mailbox file, an IMAP poll), the ingest's
per-message function does the work and says what happened in a line for the log. Those paths
need one more fact: may the message be forgotten? It may when it was handled or ignored on
purpose, and when it can never be read (too large, too deeply nested: malformed). It may not
when something failed that could work later — the database being unreachable above all — for
the player's move would be lost: the message is left for the MTA to retry or for the next poll.
An unexpected error is treated the same way (retried, and logged with its traceback for the
operator), since losing a move is worse than trying it again.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable
from typing import NamedTuple

from ..core.extensions import db
from .inbound import Unreadable

log = logging.getLogger(__name__)


class Status(enum.IntEnum):
    """The three answers, valued as the exit codes of an MTA's pipe (sysexits.h)."""

    DONE = 0
    MALFORMED = 65  # EX_DATAERR: bounced, never retried
    RETRY = 75  # EX_TEMPFAIL: the MTA keeps the message and tries again


class Outcome(NamedTuple):
    status: Status
    #: One line for the log, naming no address.
    text: str


def hand_over(ingest: Callable[[bytes], str], raw: bytes) -> Outcome:
    """Run ``ingest`` on ``raw`` (one unit of work); never raises."""
    try:
        return Outcome(Status.DONE, ingest(raw))
    except Unreadable as exc:
        return Outcome(Status.MALFORMED, f"refused: {exc}")
    except Exception as exc:
        log.exception("ingesting a message failed; it is left to be delivered again")
        try:
            db.session.rollback()
        except Exception:  # the connection itself may be what failed
            log.exception("rolling back after the failure failed too")
        return Outcome(Status.RETRY, f"failed: {type(exc).__name__} (left to be tried again)")


def worst(outcomes: list[Outcome]) -> Status:
    """The status a batch answers with: retry if any must be, else malformed if any was."""
    return max((outcome.status for outcome in outcomes), default=Status.DONE)
