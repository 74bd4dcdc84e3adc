"""Recompute every rating from the stored results (``pbem ratings rebuild``).

Games are rated in the order they ended (ties by game id), in memory, from two streamed
queries read side by side (the games, and their seats in the same order, so each result is
decoded once); the changes are written in batches as they come, and the ratings at the end.
The same results give the same numbers every time: the order is total and the arithmetic is
the same as when each game was rated on finishing.

The writes go to the driver's ``executemany`` as plain tuples: the values are floats, ints
and short strings that need no conversion, and SQLAlchemy's per-row parameter handling cost
more than the rating itself over a million games.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import groupby
from operator import itemgetter

from sqlalchemy import Connection, Table, delete, func, select, true

from ..core.extensions import db
from ..play.models import FINISHED, Game, Seat
from .model import Skill, rate
from .models import Rating, RatingChange
from .results import RatedResult, departures, rated_result

#: Rows per INSERT batch, and rows read per fetch.
BATCH = 10_000
_GAMES, _SEATS = Game.__table__, Seat.__table__
_RATED = (_GAMES.c.status == FINISHED, _GAMES.c.rated == true())
_ENDED = (_GAMES.c.finished_at, _GAMES.c.id)
_CHANGE_COLUMNS = ("game_id", "player_id", "slug", "place", "mu_before", "sigma_before",
                   "mu_after", "sigma_after")
_RATING_COLUMNS = ("slug", "player_id", "mu", "sigma", "ordinal", "games")


def rated_games_count() -> int:
    return db.session.scalar(select(func.count()).select_from(_GAMES).where(*_RATED))


def rebuild(advance: Callable[[int], None] = lambda games: None) -> int:
    """Replace every rating and rating change by a fresh computation; the number of games
    rated. ``advance(n)`` is told as each batch of ``n`` games is read (a progress bar).
    Flushes only; the command commits."""
    connection = db.session.connection()
    connection.execute(delete(RatingChange.__table__))
    connection.execute(delete(Rating.__table__))
    skills: dict[tuple[str, int], Skill] = {}
    played: dict[tuple[str, int], int] = {}
    changes, rated = [], 0
    for result in _results(connection, advance):
        slug = result.slug
        keys = [(slug, player) for player in result.players]
        before = [skills.get(key) or Skill() for key in keys]
        after = rate(before, result.places)
        for key, place, old, new in zip(keys, result.places, before, after, strict=True):
            skills[key] = new
            played[key] = played.get(key, 0) + 1
            changes.append((result.game_id, key[1], slug, place, old.mu, old.sigma, new.mu,
                            new.sigma))
        rated += 1
        if len(changes) >= BATCH:
            _insert(connection, RatingChange.__table__, _CHANGE_COLUMNS, changes)
            changes = []
    _insert(connection, RatingChange.__table__, _CHANGE_COLUMNS, changes)
    ratings = [(slug, player, skill.mu, skill.sigma, skill.ordinal, played[slug, player])
               for (slug, player), skill in skills.items()]
    for start in range(0, len(ratings), BATCH):
        _insert(connection, Rating.__table__, _RATING_COLUMNS, ratings[start:start + BATCH])
    return rated


def _results(connection: Connection, advance: Callable[[int], None]) -> Iterator[RatedResult]:
    """Every rated game's result, in the order the games ended (ties by id)."""
    left = departures()
    streamed = {"yield_per": BATCH}
    games = connection.execute(
        select(_GAMES.c.id, _GAMES.c.slug, _GAMES.c.result).where(*_RATED).order_by(*_ENDED),
        execution_options=streamed)
    seats = connection.execute(
        select(_SEATS.c.game_id, _SEATS.c.player_id).join(_GAMES).where(*_RATED)
        .order_by(*_ENDED, _SEATS.c.index), execution_options=streamed)
    read = 0
    for (game_id, slug, result), (seated_in, group) in zip(
            games, groupby(seats, key=itemgetter(0)), strict=True):
        if seated_in != game_id:
            raise RuntimeError(f"game #{game_id} read beside the seats of #{seated_in}")
        read += 1
        if read == BATCH:
            advance(read)
            read = 0
        rated = rated_result(game_id, slug, [player for _, player in group], result,
                             left.get(game_id, []))
        if rated is not None:
            yield rated
    advance(read)


def _insert(connection: Connection, table: Table, columns: tuple[str, ...],
            rows: list[tuple]) -> None:
    if not rows:
        return
    marker = "?" if connection.dialect.paramstyle == "qmark" else "%s"
    connection.exec_driver_sql(
        f"INSERT INTO {table.name} ({', '.join(columns)}) "
        f"VALUES ({', '.join([marker] * len(columns))})", rows)
