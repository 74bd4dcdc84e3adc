"""What tournaments do when something happens elsewhere, connected once when the application
is built (``pbem.app``): a tournament game's end moves its tournament on at once (its result,
and the next round when it was the round's last game), and the round deadlines of a player's
tournament games join their calendar feed."""

from __future__ import annotations

import logging

from sqlalchemy import select

from ..clocks.feed import add_deadlines
from ..clocks.logic.calendar import CalendarEntry
from ..core.db import utcnow
from ..core.extensions import db
from ..core.urls import external_url
from ..play import batch, events
from ..play.models import ACTIVE, Game, Seat
from . import page, progress
from .claim import held, take
from .models import Tournament, TournamentTable

log = logging.getLogger(__name__)


def subscribe() -> None:
    events.game_finished.connect(_game_finished)
    add_deadlines("tournaments", _round_deadlines)


def _game_finished(game, **_facts) -> None:
    """Settle the tournament of ``game`` in the transaction that ended it, so its standings,
    crosstable and next round appear together with the result (the tick remains the safety
    net).

    Skipped when this transaction is already working on the tournament (it ended the game
    itself, and takes the result in), and when another process holds it (a tick or a
    director, which will; waiting could deadlock, as they lock games after the tournament).
    Work that fails is undone and logged, never the move: the next tick tries again.
    """
    tournament_id = batch.fact("tournament", game.id, _tournaments_of)
    if tournament_id is None or held(tournament_id):
        return
    try:
        with db.session.begin_nested():
            t = take(tournament_id, skip_locked=True)
            if t is not None and progress.settle(t, utcnow()):
                page.refresh(t)
    except Exception:
        log.exception("tournament %s: settling after game %s failed; the tick will retry",
                      tournament_id, game.id)


def _tournaments_of(game_ids: list[int]) -> dict[int, int]:
    """The tournament of each of these games that is a tournament's game."""
    return dict(db.session.execute(
        select(TournamentTable.game_id, TournamentTable.tournament_id)
        .where(TournamentTable.game_id.in_(game_ids))).all())


def _round_deadlines(player, domain: str) -> list[CalendarEntry]:
    """The round deadline of every tournament game the player is still playing."""
    rounds = db.session.execute(
        select(TournamentTable, Tournament.name)
        .join(Tournament, Tournament.id == TournamentTable.tournament_id)
        .join(Game, Game.id == TournamentTable.game_id)
        .join(Seat, Seat.game_id == Game.id)
        .where(Seat.player_id == player.id, Game.status == ACTIVE)
    ).all()
    return [
        CalendarEntry(
            uid=f"tournament-table-{table.id}-{table.extended}@{domain}",
            summary=f"{name}: round deadline (board {table.board})",
            deadline=table.deadline,
            url=external_url("play.game", game_id=table.game_id),
        )
        for table, name in rounds
    ]
