"""Reading tournaments: one by id, all of them, the director's log, one of their games."""

from __future__ import annotations

from sqlalchemy import select

from ..core.db import row_id
from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import _l
from .claim import TournamentNotFound
from .models import LogEntry, Tournament, TournamentTable


def get_tournament(tournament_id) -> Tournament:
    """:raises TournamentNotFound: no such tournament (also for ids that are not numbers)."""
    row = row_id(tournament_id)
    tournament = db.session.get(Tournament, row) if row else None
    if tournament is None:
        raise TournamentNotFound(_l("There is no such tournament."))
    return tournament


def all_tournaments() -> list[Tournament]:
    return db.session.scalars(select(Tournament).order_by(Tournament.id.desc())).all()


def log_of(t: Tournament, limit: int | None = None) -> list[LogEntry]:
    """The director's log, newest first (the latest ``limit`` entries)."""
    return db.session.scalars(select(LogEntry).where(LogEntry.tournament_id == t.id)
                              .order_by(LogEntry.id.desc()).limit(limit)).all()



def table_of(t: Tournament, table_id) -> TournamentTable:
    """:raises PbemError: no such game in the tournament."""
    tb = db.session.get(TournamentTable, row_id(table_id)) if row_id(table_id) else None
    if tb is None or tb.tournament_id != t.id:
        raise PbemError(_l("That game is not part of this tournament."), "not-found", 404)
    return tb
