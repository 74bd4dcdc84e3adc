"""The daily digest: at the hour a player picked, one email listing every game waiting for
them (nearest deadline first, each with the moves since their turn and its signed move link),
then what else happened, folding in the mail held for it. What it says comes from the domains
that know the games, through :data:`contents` (correspondence answers).

A player's digest is claimed by a compare-and-set on ``next_digest_at`` (moved to the next
digest hour in the same transaction), so two ticks never send it twice.
"""

from __future__ import annotations

import logging
from datetime import datetime

from blinker import Namespace
from sqlalchemy import select, update

from ..accounts.models import Player
from ..core.extensions import db
from ..mail.models import OutboxMessage
from .delivery import message
from .models import StoredSettings
from .settings import DIGEST, schedule_digest

log = logging.getLogger(__name__)

contents = Namespace().signal("digest-contents", doc="""\
Asks what the digest of ``player`` at ``now`` says, folding the ``held`` messages: a receiver
returns a dict with ``waiting`` (one entry per game waiting for the player, nearest deadline
first), ``news`` (lines: what else happened), ``reply_to`` (the digest's reply address) and
``facts`` (what its images are drawn from), which the digest's templates show.""")


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
    held = db.session.scalars(
        select(OutboxMessage)
        .where(OutboxMessage.held.is_(True), OutboxMessage.sent_at.is_(None),
               OutboxMessage.abandoned_at.is_(None), OutboxMessage.recipient == player.email)
        .order_by(OutboxMessage.id)
    ).all()
    said = {"waiting": [], "news": [], "reply_to": None, "facts": None}
    for _, answer in contents.send(None, player=player, held=held, now=now):
        said.update(answer)
    for folded in held:
        folded.sent_at = now  # folded into this digest (or moot: a turn played, a game over)
    waiting = said["waiting"]
    if not waiting and not said["news"]:
        return 0
    count = len(waiting)
    subject = (f"pbem digest: {count} game{'' if count == 1 else 's'} waiting for you"
               if count else "pbem digest: news of your games")
    message(DIGEST, player, subject, reply_to=said["reply_to"], facts=said["facts"],
            context={"player": player, "waiting": waiting, "news": said["news"]})
    return 1
