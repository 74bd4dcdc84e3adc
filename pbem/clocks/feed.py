"""The calendar feed of a player: the deadline of every game waiting for them and of every
tournament game they are still playing."""

from __future__ import annotations

from datetime import datetime

from flask import current_app
from sqlalchemy import select

from ..accounts.models import Player
from ..db import db
from ..play.models import ACTIVE, Game, Seat
from ..tournaments.models import Tournament, TournamentTable
from ..urls import external_url
from .calendar import CalendarEntry, build_calendar
from .service import deadline_of, waiting_games


def calendar_for(player: Player, now: datetime) -> bytes:
    domain = current_app.config["MAIL_DOMAIN"]
    entries = []
    for game, seat in waiting_games(player.id):
        deadline = deadline_of(game, seat)
        if deadline is not None:
            entries.append(CalendarEntry(
                uid=f"game-{game.id}-ply-{game.ply}@{domain}",
                summary=f"Your move: {game.title}",
                deadline=deadline,
                url=external_url("play.game", game_id=game.id),
            ))
    rounds = db.session.execute(
        select(TournamentTable, Tournament.name)
        .join(Tournament, Tournament.id == TournamentTable.tournament_id)
        .join(Game, Game.id == TournamentTable.game_id)
        .join(Seat, Seat.game_id == Game.id)
        .where(Seat.player_id == player.id, Game.status == ACTIVE)
    ).all()
    for table, name in rounds:
        entries.append(CalendarEntry(
            uid=f"tournament-table-{table.id}-{table.extended}@{domain}",
            summary=f"{name}: round deadline (board {table.board})",
            deadline=table.deadline,
            url=external_url("play.game", game_id=table.game_id),
        ))
    return build_calendar(entries, now, f"pbem deadlines of {player.name}")
