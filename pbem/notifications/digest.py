"""The daily digest: at the hour a player picked, one email listing every game waiting for
them (nearest deadline first, each with the moves since their turn and its signed move link),
then what else happened, folding in the mail held for it. What it says comes from the domains
that know the games, through :func:`say_with` (correspondence hands over its answer at start-up).

A player's digest is claimed by a compare-and-set on ``next_digest_at`` (moved to the next
digest hour in the same transaction), so two ticks never send it twice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from flask_babel import ngettext
from sqlalchemy import select, update

from ..accounts.models import Player
from ..core.extensions import db
from ..core.i18n import _l, lazy, speaking
from ..core.work import unit_of_work
from ..mail.models import OutboxMessage
from .delivery import message
from .models import StoredSettings
from .settings import DIGEST, language_of, schedule_digest, zone_of

log = logging.getLogger(__name__)

#: What the digest of ``player`` at ``now`` says, folding the ``held`` messages:
#: ``answer(None, player=, held=, now=)`` returns a dict with ``waiting`` (one entry per game
#: waiting for the player, nearest deadline first), ``news`` (lines: what else happened),
#: ``reply_to`` (the digest's reply address), ``facts`` (what its images are drawn from) and
#: ``moot`` (the held messages to give up rather than fold, by id, each with why).
#: Handed over at start-up by the domain that knows the games (:func:`say_with`).
_contents: Callable[..., dict] | None = None


def say_with(answer: Callable[..., dict] | None) -> None:
    """Have ``answer`` say what every digest contains (a call, not a signal: one answers)."""
    global _contents
    _contents = answer


def run(now: datetime) -> str:
    """Send every digest that is due (a tick task, :data:`pbem.tick.TASKS`); says how many went."""
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
    return f"{sent} sent" if sent else "nothing due"


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
    said = {"waiting": [], "news": [], "reply_to": None, "facts": None, "moot": {}}
    if _contents is not None:  # its words (deadlines, news) in the player's language and zone
        with speaking(language_of(player), zone_of(player.id)):
            said.update(_contents(None, player=player, held=held, now=now))
    _settle_held(held, said["moot"], now)
    waiting = said["waiting"]
    if not waiting and not said["news"]:
        return 0
    count = len(waiting)
    subject = (lazy(lambda: ngettext("pbem digest: %(num)d game waiting for you",
                                     "pbem digest: %(num)d games waiting for you", count))
               if count else _l("pbem digest: news of your games"))  # read in their language
    message(DIGEST, player, subject, reply_to=said["reply_to"], facts=said["facts"],
            context={"player": player, "waiting": waiting, "news": said["news"]})
    return 1


def _settle_held(held, moot: dict[int, str], now: datetime) -> None:
    """Mark the ``held`` messages folded into the digest sent, and give up the ``moot`` ones
    with why: a statement for the folded and one per reason, however many games the player
    has (the ORM would update them one row at a time). The rows are not read again."""
    reasons: dict[str | None, list[int]] = {}
    for folded in held:
        reasons.setdefault(moot.get(folded.id), []).append(folded.id)
    for why, ids in reasons.items():
        values = ({"sent_at": now} if why is None
                  else {"abandoned_at": now, "last_error": f"not sent: {why}"})
        db.session.execute(update(OutboxMessage).where(OutboxMessage.id.in_(ids))
                           .values(**values).execution_options(synchronize_session=False))
