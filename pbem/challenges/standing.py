"""Standing challenges: "keep N games of this kind going for me".

A standing challenge counts the games it keeps going as the challenges it posted that are
still open (and unexpired) or whose game is still being played; whenever that is fewer than
``keep`` it posts open challenges on its terms until it is not. That happens when it is
created, when one of its games ends (``subscriptions``: play's ``game_finished``), and in the
tick, which also covers challenges that expired. Topping up locks the standing challenge's row
first, so two games of it ending at once cannot both post for the same gap.
"""

from __future__ import annotations

from datetime import datetime

from flask import current_app
from sqlalchemy import and_, func, or_, select, update

from ..core.extensions import db
from ..core.i18n import _l
from ..play import batch
from ..play.models import ACTIVE, Game
from . import service
from .models import OPEN, STARTED, WITHDRAWN, Challenge, StandingChallenge
from .service import LobbyError

#: The most games one standing challenge may keep going.
MOST_KEPT = 10


def _standing_of(game_ids: list[int]) -> dict[int, int]:
    """The standing challenge of each of these games that one started."""
    return dict(db.session.execute(
        select(Challenge.game_id, Challenge.standing_id)
        .where(Challenge.game_id.in_(game_ids), Challenge.standing_id.is_not(None))).all())


def kept_counts(now: datetime, standing_id: int | None = None) -> dict[int, int]:
    """How many games each standing challenge (or just ``standing_id``) keeps going: its open,
    unexpired challenges and those whose game is being played. One grouped query."""
    kept = or_(and_(Challenge.status == OPEN, Challenge.expires_at > now),
               and_(Challenge.status == STARTED, Game.status == ACTIVE))
    query = (select(Challenge.standing_id, func.count())
             .outerjoin(Game, Game.id == Challenge.game_id)
             .where(Challenge.standing_id.is_not(None), kept).group_by(Challenge.standing_id))
    if standing_id is not None:
        query = query.where(Challenge.standing_id == standing_id)
    return dict(db.session.execute(query).all())


def create(player, terms: dict, keep: int, now: datetime) -> StandingChallenge:
    """Add a standing challenge on ``terms`` (``service.check_terms``) and post its first
    challenges; flushes.

    :raises LobbyError: (409) the player has the most standing challenges allowed; (422) a
        number of games out of bounds.
    """
    if not 1 <= keep <= MOST_KEPT:
        raise LobbyError(_l("Keep from 1 to %(most)s games going.", most=MOST_KEPT), "bad-keep",
                         422)
    limit = current_app.config["STANDING_CHALLENGE_LIMIT"]
    have = db.session.scalar(select(func.count()).select_from(StandingChallenge)
                             .where(StandingChallenge.player_id == player.id))
    if have >= limit:
        raise LobbyError(_l("You have %(count)s standing challenges, the most allowed; remove "
                            "one before adding another.", count=have), "too-many-standing", 409)
    standing = StandingChallenge(player=player, keep=keep, created_at=now, **terms)
    db.session.add(standing)
    db.session.flush()
    top_up(standing.id, now)
    return standing


def remove(standing_id: int, player) -> None:
    """Remove a player's standing challenge and withdraw its open challenges; flushes.

    :raises LobbyError: (404) no such standing challenge of this player.
    """
    standing = db.session.get(StandingChallenge, standing_id)
    if standing is None or standing.player_id != player.id:
        raise LobbyError(_l("You have no such standing challenge."), "not-found", 404)
    db.session.execute(update(Challenge).where(Challenge.standing_id == standing.id,
                                               Challenge.status == OPEN)
                       .values(status=WITHDRAWN))
    db.session.delete(standing)
    db.session.flush()


def top_up(standing_id: int, now: datetime) -> int:
    """Post challenges for a standing challenge until it keeps ``keep`` games going (its row
    locked first); how many were posted. Flushes."""
    standing = db.session.scalar(select(StandingChallenge).where(
        StandingChallenge.id == standing_id).with_for_update())
    if standing is None or standing.player.deleted_at is not None:
        return 0
    kept = kept_counts(now, standing.id).get(standing.id, 0)
    missing = max(0, standing.keep - kept)
    for _ in range(missing):
        service.post(standing.player, standing.terms(), now, standing=standing)
    return missing


def top_up_all(now: datetime) -> int:
    """Top up every standing challenge that keeps fewer games going than it should (the
    tick's safety net: a game's end tops up at once, an expiry only here); how many
    challenges were posted."""
    kept = kept_counts(now)
    wanting = db.session.execute(select(StandingChallenge.id, StandingChallenge.keep)).all()
    return sum(top_up(standing_id, now) for standing_id, keep in wanting
               if kept.get(standing_id, 0) < keep)


def game_finished(game) -> None:
    """A game ended: if a standing challenge's challenge started it, top that one up (which
    standing challenge started it is read for a whole batch of games at once: the clocks'
    tick ends hundreds)."""
    standing_id = batch.fact("standing", game.id, _standing_of)
    if standing_id is not None:
        top_up(standing_id, game.finished_at)
