"""Driving whole tournaments through the services with random legal play, on a clock the
test moves (every service and the tick take ``now``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from helpers import play_turns
from sqlalchemy import select

from pbem.core.extensions import db
from pbem.play.queries import get_game
from pbem.tick import run_tick
from pbem.tournaments import service
from pbem.tournaments.models import Tournament, TournamentTable

T0 = datetime(2030, 1, 1, 12, tzinfo=UTC)


def settings(fmt: str, table_size: int = 2, **extra) -> dict:
    data = {"name": f"Test {fmt}", "description": "", "format": fmt, "table_size": table_size,
            "round_days": 7, "stall_policy": "adjudicate", "extend_days": 3,
            "enrolment": "invitation", "options": {}}
    data.update(extra)
    return data


def entered(make_player, slug: str, players: int, data: dict, admin=None) -> Tournament:
    """A tournament whose ``players`` invited players have all accepted (not started)."""
    admin = admin or make_player(name="Director", admin=True)
    t = service.create(slug, data, admin, T0)
    emails = [make_player(name=f"Player {i + 1}").email for i in range(players)]
    service.invite(t.id, "\n".join(emails), admin, T0, "the club's members")
    for entrant in list(t.entrants):
        service.answer(t.id, entrant.player_id, True)
    db.session.commit()
    return t


def started(make_player, slug, players, data) -> Tournament:
    t = entered(make_player, slug, players, data)
    service.start(t.id, t.created_by, T0, "all here")
    db.session.commit()
    return t


def open_games(t_id: int) -> list[TournamentTable]:
    return db.session.scalars(
        select(TournamentTable).where(TournamentTable.tournament_id == t_id,
                                      TournamentTable.places.is_(None))
    ).all()


def play_open_games(t_id: int, rng, turns: int = 10_000) -> None:
    """Random whole turns in every unfinished game of the tournament, up to ``turns`` each."""
    for tb in open_games(t_id):
        play_turns(get_game(tb.game_id), turns, rng)


def tick(now: datetime) -> str:
    summary = " | ".join(run_tick(now))
    assert "failed" not in summary, summary
    return summary


def run_to_end(t_id: int, rng, turns: int = 10_000, max_rounds: int = 40) -> datetime:
    """Play and tick until the tournament is over; a round that is not played out within
    ``turns`` turns per game waits for its deadline. The clock at the end."""
    now = T0
    for _ in range(max_rounds * 4):
        play_open_games(t_id, rng, turns)
        now += timedelta(hours=1)
        tick(now)
        t = db.session.get(Tournament, t_id)
        if t.status == "finished":
            return now
        if open_games(t_id):  # what random play left unfinished meets its deadline
            now += timedelta(days=t.round_days)
            tick(now)
    raise AssertionError("the tournament did not finish")
