"""The daily digest: at the hour a player picked, one email listing every game waiting for
them, each with its signed move link, and folding in the mail held for it.

A player's digest is claimed by a compare-and-set on ``next_digest_at`` (moved to the next
digest hour in the same transaction), so two ticks never send it twice.
"""

from __future__ import annotations

import logging
from datetime import datetime

from sqlalchemy import select, update

from ..accounts.models import Player
from ..db import db
from ..mail.models import OutboxMessage
from ..mail.outbox import queue
from ..play.links import move_url
from ..urls import external_url
from .models import StoredSettings
from .service import deadline_text, waiting_games
from .settings import DIGEST, schedule_digest

log = logging.getLogger(__name__)


def run(now: datetime) -> int:
    """Send every digest that is due; how many went."""
    due = db.session.execute(
        select(StoredSettings.player_id, StoredSettings.next_digest_at)
        .where(StoredSettings.next_digest_at <= now)
    ).all()
    db.session.rollback()
    sent = 0
    for player_id, seen in due:
        try:
            sent += _send(player_id, seen, now)
            db.session.commit()
        except Exception:
            db.session.rollback()
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
    waiting = [
        {"game": game, "link": move_url(game, seat),
         "deadline": deadline_text(game, seat, player_id, now),
         "game_url": external_url("play.game", game_id=game.id)}
        for game, seat in waiting_games(player_id)
    ]
    held = db.session.scalars(
        select(OutboxMessage)
        .where(OutboxMessage.held.is_(True), OutboxMessage.sent_at.is_(None),
               OutboxMessage.recipient == player.email)
        .order_by(OutboxMessage.id)
    ).all()
    if not waiting and not held:
        return 0
    for message in held:
        message.sent_at = now  # folded into this digest
    count = len(waiting)
    queue(DIGEST, player,
          f"pbem digest: {count} game{'' if count == 1 else 's'} waiting for you",
          player=player, waiting=waiting, held=held)
    return 1
