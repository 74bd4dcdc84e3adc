"""The daily digest: at the hour a player picked, one email listing every game waiting for
them, each with its signed move link, and folding in the mail held for it. The games come from
the domains that know them, through :func:`waiting_games` (the clocks answer, with deadlines:
a call they hand over at start-up).

A player's digest is claimed by a compare-and-set on ``next_digest_at`` (moved to the next
digest hour in the same transaction), so two ticks never send it twice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from sqlalchemy import select, update

from ..accounts.models import Player
from ..core.extensions import db
from ..core.work import unit_of_work
from ..mail.models import OutboxMessage
from .delivery import message
from .models import StoredSettings
from .settings import DIGEST, schedule_digest

log = logging.getLogger(__name__)

#: The games waiting for a player at a moment, ``(player_id, now) -> [dict]`` (``game``,
#: ``link``, ``deadline``, ``game_url``): the clocks hand it over at start-up
#: (:func:`list_waiting_games_with`); none without them.
_waiting_games: Callable[[int, datetime], list[dict]] | None = None


def list_waiting_games_with(answer: Callable[[int, datetime], list[dict]] | None) -> None:
    global _waiting_games
    _waiting_games = answer


def waiting_games(player_id: int, now: datetime) -> list[dict]:
    """The games waiting for the player, as the digest lists them."""
    return _waiting_games(player_id, now) if _waiting_games is not None else []


def run(now: datetime) -> int:
    """Send every digest that is due; how many went."""
    with unit_of_work("tick"):
        due = db.session.execute(
            select(StoredSettings.player_id, StoredSettings.next_digest_at)
            .where(StoredSettings.next_digest_at <= now)
        ).all()
    sent = 0
    for player_id, seen in due:
        try:
            with unit_of_work("tick"):  # each player's digest in a unit of its own
                sent += _send(player_id, seen, now)
        except Exception:
            log.exception("digest of player %s failed; it will try again", player_id)
    return sent


def _send(player_id: int, seen: datetime, now: datetime) -> int:
    taken = db.session.execute(
        update(StoredSettings)
        .where(StoredSettings.player_id == player_id, StoredSettings.next_digest_at == seen)
        .values(next_digest_at=None)
        .execution_options(synchronize_session=False)
    ).rowcount
    if taken != 1:
        return 0
    row = db.session.get(StoredSettings, player_id, populate_existing=True)
    schedule_digest(row, now)
    player = db.session.get(Player, player_id)
    waiting = waiting_games(player_id, now)
    held = db.session.scalars(
        select(OutboxMessage)
        .where(OutboxMessage.held.is_(True), OutboxMessage.sent_at.is_(None),
               OutboxMessage.recipient == player.email)
        .order_by(OutboxMessage.id)
    ).all()
    if not waiting and not held:
        return 0
    for folded in held:
        folded.sent_at = now  # folded into this digest
    count = len(waiting)
    message(DIGEST, player,
            f"pbem digest: {count} game{'' if count == 1 else 's'} waiting for you",
            context={"player": player, "waiting": waiting, "held": held})
    return 1
