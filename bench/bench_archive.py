"""The archive's pages on SQLite: the list with 10,000 games, and the replay page of a
300-ply game (at its last ply, and at plies that need a replay of the history); then on
PostgreSQL the list (first page, a deep page, filtered pages) and the page of a player with
10,000 games, at 10,000 and 100,000 finished games, and 1,000,000 with
``PBEM_BENCH_ARCHIVE_GAMES=1000000`` (target: p99 under 30 ms, flat in the number of games).

Server time per request through Flask's test client (no network), p50 and p99; on
PostgreSQL also the CPU and the function calls per request, and the statements with their
database time: a page whose calls and statements stay the same at every size costs the same.
The games are bulk-inserted copies of a few real random playouts (setup, snapshot, result and
seats; their move rows are left out, as the list never reads them: :mod:`.archive_fill`); the
300-ply game is imported through the archive's importer, every ply checked by the rules. The
archive's counters are filled as the migration fills them, and that is timed too.
"""

from __future__ import annotations

import gc
import os
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from sqlalchemy import insert

from . import archive_fill
from .bench_http import PG_DEFAULT, _pg_database
from .timing import SECRET_KEY, calls_per_request, file_mail_app, summary_ms

GAMES = 10_000
PLAYERS = 200
REQUESTS = 200
#: Requests whose function calls are counted (:func:`.timing.calls_per_request`).
CALLS_COUNTED = 20
LONG_GAME_PLIES = 300
#: The sizes of the PostgreSQL archive measured, up to ``PBEM_BENCH_ARCHIVE_GAMES``.
SIZES = (10_000, 100_000, 1_000_000)
DEFAULT_LARGEST = 100_000


def _timed(client, url: str, count: int = REQUESTS) -> list[float]:
    for _ in range(5):  # warm caches: templates, the rules, SQLite's pages
        assert client.get(url).status_code == 200, url
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        response = client.get(url)
        samples.append(time.perf_counter() - started)
        assert response.status_code == 200, url
    return samples


def _fill(db, models, playouts) -> None:
    from pbem.archive import counters

    Player, Game, Seat = models
    now = datetime(2025, 1, 1, tzinfo=UTC)
    db.session.execute(insert(Player), [
        {"email": f"player{n}@bench.invalid", "name": f"Player {n}", "is_admin": False,
         "login_counter": 0, "created_at": now, "joined_at": now} for n in range(PLAYERS)])
    rng = random.Random(1)
    games, seats = [], []
    for number in range(1, GAMES + 1):
        playout = playouts[number % len(playouts)]
        finished = number % 5 != 0  # one game in five still in progress
        started = now - timedelta(minutes=GAMES - number)
        games.append({
            "id": number, "slug": playout["slug"], "options": playout["options"],
            "seed": playout["seed"], "rules_version": playout["rules_version"],
            "status": "finished" if finished else "active", "ply": playout["ply"],
            "snapshot": playout["snapshot"], "version": 1,
            "result": playout["result"] if finished else None,
            "created_at": started, "started_at": started, "updated_at": started,
            "finished_at": started + timedelta(days=3) if finished else None})
        for index, player in enumerate(rng.sample(range(1, PLAYERS + 1),
                                                  len(playout["outcomes"]))):
            seats.append({"game_id": number, "index": index, "player_id": player,
                          "response": "accepted", "started_at": started,
                          "outcome": playout["outcomes"][index] if finished else None})
    db.session.execute(insert(Game), games)
    db.session.execute(insert(Seat), seats)
    counters.recount()
    db.session.commit()


def _long_game():
    """A 300-ply Triumvirate game (random play; the rules never end it that early)."""
    from pbem.archive.history import Ply
    from pbem.archive.importer import import_record
    from pbem.archive.records import Record, RecordPlayer
    from pbem.games import get_rules

    rules = get_rules("triumvirate")
    for seed in range(20):
        state, moves = rules.random_playout(rules.new_game(2, {}, seed), random.Random(seed),
                                            max_plies=LONG_GAME_PLIES)
        if len(moves) == LONG_GAME_PLIES:
            break
    record = Record(slug="triumvirate", seed=seed, plies=[Ply(None, m) for m in moves],
                    players=[RecordPlayer("Long One"), RecordPlayer("Long Two")])
    return import_record(record)


def run() -> dict:
    return at_sizes(_sqlite, _postgresql, "PBEM_BENCH_ARCHIVE_GAMES")


def at_sizes(sqlite, postgresql, largest_variable: str) -> dict:
    """SQLite's figures, then PostgreSQL's at each of SIZES up to the one the environment
    variable names (DEFAULT_LARGEST), in a scratch database; said skipped when unreachable."""
    figures = sqlite()
    largest = int(os.environ.get(largest_variable, DEFAULT_LARGEST))
    url = os.environ.get("PBEM_BENCH_DATABASE_URL") or os.environ.get(
        "PBEM_TEST_DATABASE_URL", PG_DEFAULT)
    try:
        with _pg_database(url) as scratch:
            figures.update(postgresql(scratch.url_text, [n for n in SIZES if n <= largest]))
    except sa.exc.OperationalError as exc:
        figures["postgresql"] = f"skipped: cannot reach {url} ({type(exc).__name__})"
    return figures


def _sqlite() -> dict:
    from pbem.accounts.models import Player
    from pbem.core.extensions import db
    from pbem.play.models import Game, Seat

    figures = {}
    with tempfile.TemporaryDirectory() as folder:
        app = file_mail_app(folder)
        with app.app_context():
            started = time.perf_counter()
            _fill(db, (Player, Game, Seat), archive_fill.playouts())
            figures["insert 10,000 games: seconds"] = round(time.perf_counter() - started, 1)
            long_game = _long_game()
            client = app.test_client()
            pages = {
                "archive list, 10,000 games": "/archive",
                "archive list, after game 5,000": "/archive?after=5000",
                "archive list, finished pylon by one player":
                    "/archive?game=pylon&status=finished&player=7",
                "archive list, a date range, longest first":
                    "/archive?from=2024-12-26&to=2024-12-30&sort=longest",
                "player page": "/players/7",
                f"replay page, {LONG_GAME_PLIES}-ply game at its last ply":
                    f"/games/{long_game.id}?ply={LONG_GAME_PLIES}",
                f"replay page, {LONG_GAME_PLIES}-ply game at ply 299 (full replay)":
                    f"/games/{long_game.id}?ply=299",
                f"replay page, {LONG_GAME_PLIES}-ply game at ply 150 (replay)":
                    f"/games/{long_game.id}?ply=150",
            }
            figures.update(_measured(client, pages))
            # The p99s above are mostly the cyclic garbage collector's full passes over the
            # whole heap; a server that freezes its start-up objects (gc.freeze) avoids them.
            gc.freeze()
            for label in ("archive list, 10,000 games",
                          f"replay page, {LONG_GAME_PLIES}-ply game at its last ply"):
                summary = summary_ms(_timed(client, pages[label]))
                figures[f"{label}, after gc.freeze(): p99 ms"] = summary["p99_ms"]
            gc.unfreeze()
            db.session.remove()
            db.engine.dispose()
    return figures


def _measured(client, pages: dict, prefix: str = "", database=None) -> dict:
    """p50 and p99 of each page; with ``database`` (an engine) also the Python CPU per
    request, the function calls per request, which nothing but the page's own work moves
    (the CPU time of a page moved by a fifth between two runs at one size), and what
    PostgreSQL spends on the page's statements (:func:`_database_ms`), which the load of a
    shared machine disturbs far less than the wall clock."""
    figures = {}
    for label, url in pages.items():
        cpu = time.process_time()
        summary = summary_ms(_timed(client, url))
        figures[f"{prefix}{label}: p50 ms"] = summary["p50_ms"]
        figures[f"{prefix}{label}: p99 ms"] = summary["p99_ms"]
        if database is not None:
            figures[f"{prefix}{label}: CPU ms per request"] = round(
                (time.process_time() - cpu) * 1000 / (REQUESTS + 5), 2)
            figures[f"{prefix}{label}: function calls per request"] = round(
                calls_per_request(lambda url=url: client.get(url), CALLS_COUNTED))
            figures[f"{prefix}{label}: database ms, statements"] = _database_ms(
                client, url, database)
    return figures


def _database_ms(client, url: str, engine) -> list:
    """[planning + execution ms summed over the page's statements, their number], from
    ``EXPLAIN ANALYZE`` of each statement one request runs."""
    statements = []

    def keep(_conn, _cursor, statement, parameters, _context, _many):
        statements.append((statement, parameters))

    sa.event.listen(engine, "before_cursor_execute", keep)
    try:
        client.get(url)
    finally:
        sa.event.remove(engine, "before_cursor_execute", keep)
    spent = 0.0
    with engine.connect() as connection:
        for statement, parameters in statements:
            if statement.lstrip().upper().startswith("SELECT"):
                plan = connection.exec_driver_sql(
                    "EXPLAIN (ANALYZE, FORMAT JSON) " + statement, parameters).scalar()[0]
                spent += plan["Planning Time"] + plan["Execution Time"]
    return [round(spent, 2), len(statements)]


def _postgresql(url: str, sizes: list[int]) -> dict:
    """The archive's pages at each size in ``sizes``, the games added between measurements."""
    from pbem import create_app
    from pbem.archive import counters
    from pbem.core.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": SECRET_KEY,
                      "MAIL_BACKEND": "console", "BASE_URL": "https://pbem.example"})
    figures, made, stored = {}, archive_fill.playouts(), 0
    with app.app_context():
        db.create_all()
        raw = db.engine.raw_connection()
        try:
            archive_fill.add_players(raw.driver_connection)
            for size in sizes:
                prefix = f"postgresql, {size:,} games: "
                started = time.perf_counter()
                archive_fill.add_games(raw.driver_connection, stored + 1, size, made)
                stored = size
                figures[f"{prefix}COPY seconds (cumulative rows added)"] = round(
                    time.perf_counter() - started, 1)
                started = time.perf_counter()
                counters.recount()
                db.session.commit()
                figures[f"{prefix}recount (the migration's fill) seconds"] = round(
                    time.perf_counter() - started, 1)
                with db.engine.connect() as connection:
                    connection.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql(
                        "VACUUM ANALYZE")
                figures.update(_measured(app.test_client(), _pages(size), prefix, db.engine))
                db.session.remove()
        finally:
            raw.close()
            db.session.remove()
            db.engine.dispose()
    return figures


def _pages(size: int) -> dict:
    """The pages measured at ``size`` games: a deep page starts after the middle game."""
    busy, middle = archive_fill.BUSY_PLAYER, size // 2
    return {
        "archive list, first page": "/archive",
        "archive list, after the middle game (cursor)": f"/archive?after={middle}",
        "archive list, longest first, after the middle game":
            f"/archive?sort=longest&after={middle}",
        "archive list, finished pylon": "/archive?game=pylon&status=finished",
        "archive list, finished pylon, after the middle game":
            f"/archive?game=pylon&status=finished&after={middle}",
        "archive list, the busy player's won games (by name)":
            f"/archive?by=Player+{busy}&result=won",
        f"player page, {archive_fill.BUSY_GAMES:,} games": f"/players/{busy}",
        "archive list, the busy player's games in progress":
            f"/archive?player={busy}&status=active",
    }
