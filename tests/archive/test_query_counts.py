"""The archive list and the player page cost a fixed number of queries whatever the number of
games, and the list's orders are read from an index rather than sorted (SQLite, PostgreSQL):
a player's games too, from the index of their seats."""

from __future__ import annotations

import pytest
from sqlalchemy import event

from pbem.core.extensions import db

BOTH = pytest.mark.parametrize("backend", ["sqlite", pytest.param(
    "postgresql", marks=pytest.mark.postgres)])


def statements_of(client, url: str) -> list[tuple[str, object]]:
    """The SQL statements (with their parameters) one request for ``url`` runs."""
    seen = []

    def keep(_conn, _cursor, statement, parameters, _context, _many):
        seen.append((statement, parameters))

    event.listen(db.engine, "before_cursor_execute", keep)
    try:
        assert client.get(url).status_code == 200, url
    finally:
        event.remove(db.engine, "before_cursor_execute", keep)
    return seen


def add_games(stored_game, players, first: int, count: int) -> None:
    """``count`` games between the players, every third one unfinished."""
    for number in range(first, first + count):
        pair = [players[number % 3], players[(number + 1) % 3]]
        stored_game("pylon" if number % 2 else "stawvs", seed=number, players=pair,
                    day=number, max_plies=5 if number % 3 == 0 else None)


@BOTH
def test_list_and_player_pages_cost_the_same_queries_at_any_size(
        app, backend, client, make_player, stored_game):
    players = [make_player(name=name) for name in ("Ann", "Ben", "Cat")]
    ann = players[0]
    pages = ["/archive", "/archive?after=3", "/archive?before=3&sort=oldest",
             "/archive?sort=longest&after=3", "/archive?sort=finished&after=2",
             f"/archive?game=pylon&status=finished&player={ann.id}",
             "/archive?by=ann&result=won", "/archive?status=active&game=stawvs&after=3",
             "/archive?from=2024-01-01&to=2024-03-01&after=3", f"/players/{ann.id}"]
    add_games(stored_game, players, 0, 6)
    few = {url: len(statements_of(client, url)) for url in pages}
    add_games(stored_game, players, 6, 40)
    many = {url: len(statements_of(client, url)) for url in pages}
    assert many == few
    assert max(few.values()) <= 12


LIST_PAGES = ["/archive", "/archive?after=20", "/archive?sort=oldest&before=28",
              "/archive?sort=finished&after=20", "/archive?sort=longest&after=20",
              "/archive?game=pylon&status=finished&after=20",
              "/archive?player={ann}&after=20", "/archive?player={ann}&result=won",
              "/archive?player={ann}&status=active&sort=oldest"]


@BOTH
@pytest.mark.parametrize("url", LIST_PAGES)
def test_every_order_is_read_from_an_index_not_sorted(app, backend, client, make_player,
                                                      stored_game, shared_world, url):
    def build():
        players = [make_player(name=n) for n in ("Ann", "Ben", "Cat")]
        add_games(stored_game, players, 0, 30)
        return players

    players = shared_world("three-players-30-games", build)
    listing = [(s, p) for s, p in statements_of(client, url.format(ann=players[0].id))
               if s.lstrip().startswith("SELECT games.id") and "LIMIT" in s]
    assert len(listing) == 1
    statement, parameters = listing[0]
    with db.engine.connect() as connection:
        if backend == "sqlite":
            plan = str(connection.exec_driver_sql(
                "EXPLAIN QUERY PLAN " + statement, parameters).all())
            assert "USE TEMP B-TREE" not in plan and "INDEX ix_" in plan, plan
        else:  # a tiny table: make the planner show whether an index can serve the order
            for method in ("seqscan", "bitmapscan", "sort"):  # (a sort it cannot avoid stays)
                connection.exec_driver_sql(f"SET enable_{method} = off")
            plan = "\n".join(row[0] for row in connection.exec_driver_sql(
                "EXPLAIN " + statement, parameters))
            assert "Sort" not in plan and "Index" in plan and "Scan" in plan, plan


def test_every_seat_carries_its_games_start(app, make_player, make_game, stored_game):
    from pbem.play.models import Game

    waiting = make_game("pylon", start_now=False)
    started = make_game("stawvs", players=[make_player() for _ in range(3)])
    imported = stored_game("pylon", seed=2)
    for game in db.session.scalars(db.select(Game)):
        assert [seat.started_at for seat in game.seats] == [game.started_at] * len(game.seats)
    assert waiting.started_at is None and started.started_at and imported.started_at
