"""Handing an inbound message to the ingest, and what to answer whoever delivered it.

Whatever brings a message in (the spool an MTA's pipe fills, LMTP, a mailbox file, an IMAP
poll), the ingest's per-message function does the work and says what happened in a line for
the log. Those paths need one more fact: may the message be forgotten? It may when it was
handled or ignored on purpose, and when it can never be read (too large, too deeply nested:
malformed). It may not when something failed that could work later — the database being
unreachable above all — for the player's move would be lost: the message is left in the spool
for the next round, for the MTA to retry, or for the next poll.
An unexpected error is treated the same way (retried, and logged with its traceback for the
operator), since losing a move is worse than trying it again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import NamedTuple

from ..core.work import unit_of_work
from .inbound import Status, Unreadable
from .spool import Spool

log = logging.getLogger(__name__)


class Outcome(NamedTuple):
    status: Status
    #: One line for the log, naming no address.
    text: str


def hand_over(ingest: Callable[[bytes], str], raw: bytes) -> Outcome:
    """Run ``ingest`` on ``raw`` as one unit of work (the wrapper of an ingested email: what
    the message does, a move and its answer, commits together or not at all); never raises."""
    try:
        with unit_of_work("email"):
            return Outcome(Status.DONE, ingest(raw))
    except Unreadable as exc:
        return Outcome(Status.MALFORMED, f"refused: {exc}")
    except Exception as exc:  # rolled back whole: the move too, if the answer failed
        log.exception("ingesting a message failed; it is left to be delivered again")
        return Outcome(Status.RETRY, f"failed: {type(exc).__name__} (left to be tried again)")


def worst(outcomes: list[Outcome]) -> Status:
    """The status a batch answers with: retry if any must be, else malformed if any was."""
    return max((outcome.status for outcome in outcomes), default=Status.DONE)


def drain(spool: Spool, ingest: Callable[[bytes], str]) -> list[Outcome]:
    """Hand each message waiting in ``spool`` to ``ingest``, oldest first; the outcomes.

    A message handled or ignored is removed, one that can never be read is set aside in
    ``bad/``, and one to retry (the database down) is put back for the next round. Another
    worker draining the same spool meanwhile takes the messages this one has not claimed.
    """
    outcomes = []
    for claimed in spool.claims():
        outcome = hand_over(ingest, claimed.read_bytes())
        if outcome.status is Status.RETRY:
            spool.release(claimed)
        elif outcome.status is Status.MALFORMED:
            spool.set_aside(claimed)
        else:
            spool.finish(claimed)
        outcomes.append(outcome)
    return outcomes
