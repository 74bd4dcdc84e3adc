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
from itertools import chain

from sqlalchemy import Connection, Table, delete, func, select, true

from ..core.extensions import db
from ..play.models import FINISHED, Game, Seat
from .model import MU, SIGMA, rate_values
from .models import Rating, RatingChange
from .results import departures, plain_places, rated_result

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
    Flushes only; the command commits.

    The loop keeps each player's belief as a mutable ``[mu, sigma, games]`` per game (slug)
    and hands plain floats to :func:`.model.rate_values`, the arithmetic the incremental
    rating uses: per game it allocates the change rows it must write and little else.
    """
    connection = db.session.connection()
    connection.execute(delete(RatingChange.__table__))
    connection.execute(delete(Rating.__table__))
    beliefs: dict[str, dict[int, list]] = {}
    changes, rated = [], 0
    for game_id, slug, players, places in _results(connection, advance):
        table = beliefs.get(slug)
        if table is None:
            table = beliefs[slug] = {}
        held = []
        for player in players:
            belief = table.get(player)
            if belief is None:
                belief = table[player] = [MU, SIGMA, 0]
            held.append(belief)
        mus, sigmas = rate_values([b[0] for b in held], [b[1] for b in held], places)
        for player, place, belief, mu, sigma in zip(players, places, held, mus, sigmas):
            changes.append((game_id, player, slug, place, belief[0], belief[1], mu, sigma))
            belief[0], belief[1] = mu, sigma
            belief[2] += 1
        rated += 1
        if len(changes) >= BATCH:
            _insert(connection, RatingChange.__table__, _CHANGE_COLUMNS, changes)
            changes = []
    _insert(connection, RatingChange.__table__, _CHANGE_COLUMNS, changes)
    ratings = [(slug, player, mu, sigma, mu - 3 * sigma, games)
               for slug, table in beliefs.items()
               for player, (mu, sigma, games) in table.items()]
    for start in range(0, len(ratings), BATCH):
        _insert(connection, Rating.__table__, _RATING_COLUMNS, ratings[start:start + BATCH])
    return rated


def _results(connection: Connection, advance: Callable[[int], None]
             ) -> Iterator[tuple[int, str, list[int], list[int]]]:
    """Every rated game's id, slug, rated players and their places, in the order the games
    ended (ties by id). The rows come in chunks (``partitions``), which costs a fraction of
    fetching them one by one; a game nobody resigned from (nearly all) takes its places
    straight from its result (:func:`.results.plain_places`)."""
    left = departures()
    streamed = {"yield_per": BATCH}
    games = connection.execute(
        select(_GAMES.c.id, _GAMES.c.slug, _GAMES.c.result).where(*_RATED).order_by(*_ENDED),
        execution_options=streamed)
    seats = connection.execute(
        select(_SEATS.c.game_id, _SEATS.c.player_id).join(_GAMES).where(*_RATED)
        .order_by(*_ENDED, _SEATS.c.index), execution_options=streamed)
    seat_rows = chain.from_iterable(seats.partitions())
    pending = next(seat_rows, None)
    for chunk in games.partitions():
        for game_id, slug, result in chunk:
            players = []
            while pending is not None and pending[0] == game_id:
                players.append(pending[1])
                pending = next(seat_rows, None)
            if not players:
                raise RuntimeError(f"game #{game_id} read without its seats")
            resigned = left.get(game_id)
            if resigned is None:
                if len(players) > 1:
                    yield game_id, slug, players, plain_places(result)
                continue
            rated = rated_result(game_id, slug, players, result, resigned)
            if rated is not None:
                yield game_id, slug, rated.players, rated.places
        advance(len(chunk))


def _insert(connection: Connection, table: Table, columns: tuple[str, ...],
            rows: list[tuple]) -> None:
    if not rows:
        return
    marker = "?" if connection.dialect.paramstyle == "qmark" else "%s"
    connection.exec_driver_sql(
        f"INSERT INTO {table.name} ({', '.join(columns)}) "
        f"VALUES ({', '.join([marker] * len(columns))})", rows)
