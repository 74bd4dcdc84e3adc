"""Recompute every rating from the stored results (``pbem ratings rebuild``).

Games are rated in the order their ratings were applied live (:class:`.models.RatingOrder`;
games rated before that order was kept come first, in the order they ended; ties by game id),
in memory, from two streamed
queries read side by side (the games, and their seats with their outcomes in the same order,
so most games need no decoding of their result); the changes are written in batches as they
come, and the ratings at the end.
The same results give the same numbers every time: the order is total and the arithmetic is
the same as when each game was rated on finishing.

A game its players chose not to rate counts for its bots alone, if it has any (as
:mod:`.service` rates it).

The writes go to the driver's ``executemany`` as plain tuples: the values are floats, ints
and short strings that need no conversion, and SQLAlchemy's per-row parameter handling cost
more than the rating itself over a million games.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import chain

from sqlalchemy import Connection, Table, Text, cast, delete, exists, func, or_, select, true

from ..accounts.models import Player
from ..core.extensions import db
from ..play.models import DRAWN, FINISHED, LOST, WON, Game, Seat
from .models import Rating, RatingChange, RatingOrder
from .results import departures, plain_places, rated_result
from .skill import MU, SIGMA, rate_two, rate_values

#: Rows per INSERT batch, and rows read per fetch.
BATCH = 10_000
#: The places of a two-player game nobody left, from its seats' outcomes, when someone won
#: (what :func:`.results.plain_places` gives: winners first).
_TWO_SEATS = {(WON, LOST): (0, 1), (LOST, WON): (1, 0), (DRAWN, DRAWN): (0, 0)}
#: SQLite's page cache during a rebuild, in KiB (a million games write about 200 MB).
SQLITE_CACHE_KIB = 256 * 1024
_GAMES, _SEATS, _PLAYERS = Game.__table__, Seat.__table__, Player.__table__
_ORDER = RatingOrder.__table__
_BOT_SEATS, _BOTS = _SEATS.alias("bot_seats"), _PLAYERS.alias("bots")
#: A game with a bot counts for its bots even when its players chose not to rate it.
_HAS_BOT = exists().where(_BOT_SEATS.c.game_id == _GAMES.c.id,
                          _BOT_SEATS.c.player_id == _BOTS.c.id, _BOTS.c.is_bot == true())
_RATED = (_GAMES.c.status == FINISHED, or_(_GAMES.c.rated == true(), _HAS_BOT))
#: The order ratings were applied in: stored (games rated before it was kept first, as
#: they ended), then by game id.
_APPLIED = (_ORDER.c.seq.is_not(None), _ORDER.c.seq, _GAMES.c.finished_at, _GAMES.c.id)
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
    and hands plain floats to :func:`.skill.rate_two` (two players) or
    :func:`.skill.rate_values`, the arithmetic the incremental rating uses: per game it
    allocates the change rows it must write and little else.
    """
    connection = db.session.connection()
    with _page_cache(connection):
        return _rebuild(connection, advance)


def _rebuild(connection: Connection, advance: Callable[[int], None]) -> int:
    connection.execute(delete(RatingChange.__table__))
    connection.execute(delete(Rating.__table__))
    beliefs: dict[str, dict[int, list]] = {}
    changes, rated = [], 0
    for game_id, slug, players, places, only in _results(connection, advance):
        table = beliefs.get(slug)
        if table is None:
            table = beliefs[slug] = {}
        if only is None and len(players) == 2:  # nine games in ten: no lists, no loops
            first, second = players
            one, two = table.get(first), table.get(second)
            if one is None:
                one = table[first] = [MU, SIGMA, 0]
            if two is None:
                two = table[second] = [MU, SIGMA, 0]
            mu0, sigma0, mu1, sigma1 = rate_two(one[0], one[1], two[0], two[1], *places)
            changes.append((game_id, first, slug, places[0], one[0], one[1], mu0, sigma0))
            changes.append((game_id, second, slug, places[1], two[0], two[1], mu1, sigma1))
            one[0], one[1], two[0], two[1] = mu0, sigma0, mu1, sigma1
            one[2] += 1
            two[2] += 1
        else:
            changes.extend(_rate_game(table, game_id, slug, players, places, only))
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


def _rate_game(table: dict[int, list], game_id: int, slug: str, players: list[int],
               places: Sequence[int], only: set[int] | None) -> list[tuple]:
    """Rate one game for the players in ``only`` (``None``: all of them; the others' beliefs
    are read, not moved: a game its players left unrated moves its bots alone); its change
    rows."""
    held = []
    for player in players:
        belief = table.get(player)
        if belief is None:
            belief = table[player] = [MU, SIGMA, 0]
        held.append(belief)
    mus, sigmas = rate_values([b[0] for b in held], [b[1] for b in held], places)
    changes = []
    for player, place, belief, mu, sigma in zip(players, places, held, mus, sigmas,
                                                strict=True):
        if only is None or player in only:
            changes.append((game_id, player, slug, place, belief[0], belief[1], mu, sigma))
            belief[0], belief[1] = mu, sigma
            belief[2] += 1
    return changes


def _results(connection: Connection, advance: Callable[[int], None]
             ) -> Iterator[tuple[int, str, list[int], Sequence[int], set[int] | None]]:
    """Every rated game's id, slug, rated players and their places, and the players it
    moves when its players left it unrated (its bots; ``None``: everyone), in the order
    their ratings were applied (:data:`_APPLIED`). The rows come in chunks (``partitions``),
    which costs a fraction of fetching them one by one. A game nobody resigned from (nearly
    all) takes its places from its seats' outcomes when it had two players and a winner
    (:data:`_TWO_SEATS`), else from its result (:func:`.results.plain_places`); the result is
    read as text and decoded only then, as decoding every game's result cost a fifth of the
    rebuild."""
    left = departures()
    streamed = {"yield_per": BATCH}
    ordered = _GAMES.outerjoin(_ORDER, _ORDER.c.game_id == _GAMES.c.id)
    games = connection.execute(
        select(_GAMES.c.id, _GAMES.c.slug, cast(_GAMES.c.result, Text), _GAMES.c.rated)
        .select_from(ordered).where(*_RATED).order_by(*_APPLIED), execution_options=streamed)
    seats = connection.execute(
        select(_SEATS.c.game_id, _SEATS.c.player_id, _SEATS.c.outcome, _PLAYERS.c.is_bot)
        .select_from(ordered.join(_SEATS, _SEATS.c.game_id == _GAMES.c.id)
                     .join(_PLAYERS, _PLAYERS.c.id == _SEATS.c.player_id))
        .where(*_RATED).order_by(*_APPLIED, _SEATS.c.index), execution_options=streamed)
    seat_rows = chain.from_iterable(seats.partitions())
    pending = next(seat_rows, None)
    for chunk in games.partitions():
        for game_id, slug, result, rated_by_players in chunk:
            players, outcomes, bots = [], [], set()
            while pending is not None and pending[0] == game_id:
                players.append(pending[1])
                outcomes.append(pending[2])
                if pending[3]:
                    bots.add(pending[1])
                pending = next(seat_rows, None)
            if not players:
                raise RuntimeError(f"game #{game_id} read without its seats")
            only = None if rated_by_players else bots
            resigned = left.get(game_id)
            if resigned is None:
                if len(players) == 2:
                    yield game_id, slug, players, (_TWO_SEATS.get((outcomes[0], outcomes[1]))
                                                   or plain_places(json.loads(result))), only
                elif len(players) > 2:
                    yield game_id, slug, players, plain_places(json.loads(result)), only
                continue
            rated = rated_result(game_id, slug, players, json.loads(result), resigned)
            if rated is not None:
                yield game_id, slug, rated.players, rated.places, only
        advance(len(chunk))


@contextmanager
def _page_cache(connection: Connection) -> Iterator[None]:
    """On SQLite, a page cache of :data:`SQLITE_CACHE_KIB` for the rebuild's connection, put
    back afterwards: the index of the changes by player takes its rows in no useful order,
    and with SQLite's default 2 MB each insert fetched index pages again from the file."""
    if connection.dialect.name != "sqlite":
        yield
        return
    before = connection.exec_driver_sql("PRAGMA cache_size").scalar()
    connection.exec_driver_sql(f"PRAGMA cache_size = -{SQLITE_CACHE_KIB}")
    try:
        yield
    finally:
        connection.exec_driver_sql(f"PRAGMA cache_size = {int(before)}")


def _insert(connection: Connection, table: Table, columns: tuple[str, ...],
            rows: list[tuple]) -> None:
    if not rows:
        return
    marker = "?" if connection.dialect.paramstyle == "qmark" else "%s"
    connection.exec_driver_sql(
        f"INSERT INTO {table.name} ({', '.join(columns)}) "
        f"VALUES ({', '.join([marker] * len(columns))})", rows)
