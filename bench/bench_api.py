"""The API's cost in server CPU (in-process, ``time.process_time`` per request): the games
waiting for a player and one game, at 10,000 games on SQLite; and a move through the API
against the same move through the web page (the target: within 1.1×). Then the same two
reads on PostgreSQL at 10,000 and 100,000 games, and 1,000,000 with
``PBEM_BENCH_API_GAMES=1000000`` (target: under 10 ms of CPU, flat in the number of games),
each with the statements one request runs and what PostgreSQL spends on them.

The PostgreSQL world is the archive bench's (:mod:`.archive_fill`, filled by ``COPY``): the
busy player sits in the first 10,000 games, so the same player with the same games waiting
(one game in a thousand is in progress, their seat to move) is measured at every size.
"""

from __future__ import annotations

import random
import tempfile
import time
from datetime import timedelta

from sqlalchemy import select, update

from . import archive_fill
from .bench_archive import CALLS_COUNTED, _database_ms, _fill, at_sizes
from .timing import SECRET_KEY, calls_per_request, summary_ms

REQUESTS = 200
MOVES = 40


def _cpu(call, count: int) -> list[float]:
    samples = []
    for _ in range(count):
        started = time.process_time()
        response = call()
        samples.append(time.process_time() - started)
        assert response.status_code < 400, response.get_data(as_text=True)[:200]
    return samples


def run() -> dict:
    return at_sizes(_sqlite, _postgresql, "PBEM_BENCH_API_GAMES")


def _sqlite() -> dict:
    from pbem import create_app
    from pbem.accounts.models import Player
    from pbem.api import tokens
    from pbem.core.db import utcnow
    from pbem.core.extensions import db
    from pbem.play.commands import create_game
    from pbem.play.models import Game, Seat

    folder = tempfile.mkdtemp(prefix="pbem-bench-api-")
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite",
                      "SECRET_KEY": SECRET_KEY, "MAIL_BACKEND": "file",
                      "MAIL_FILE_DIR": folder, "BASE_URL": "https://pbem.example",
                      "WTF_CSRF_ENABLED": False, "API_LIMIT_PER_TOKEN": 10**9})
    figures = {}
    with app.app_context():
        db.create_all()
        _fill(db, (Player, Game, Seat), archive_fill.playouts())
        now = utcnow()
        for number, game_id in enumerate(db.session.scalars(
                select(Game.id).where(Game.status == "active"))):
            first = db.session.scalar(select(Seat.player_id).where(Seat.game_id == game_id,
                                                                   Seat.index == 0))
            db.session.execute(update(Game).where(Game.id == game_id).values(
                to_move_seat=0, to_move_player_id=first,
                to_move_deadline=now + timedelta(hours=number % 97)))
        busy = db.session.get(Player, 1)
        _token, secret = tokens.create(busy, ["read", "play"])
        some_game = db.session.scalar(select(Seat.game_id).where(Seat.player_id == 1))
        db.session.commit()
        client = app.test_client()
        headers = {"Authorization": f"Bearer {secret}"}
        waiting = len(client.get("/api/games?to_move=me", headers=headers).json["games"])
        for name, url in ((f"GET /api/games?to_move=me ({waiting} games)",
                           "/api/games?to_move=me"),
                          ("GET /api/games/<id>", f"/api/games/{some_game}")):
            _cpu(lambda url=url: client.get(url, headers=headers), 10)
            figures[f"10,000 games, {name}: CPU"] = summary_ms(
                _cpu(lambda url=url: client.get(url, headers=headers), REQUESTS))
        # A move: the API against the web page, each on fresh games at ply 0.
        ann, bob = db.session.get(Player, 2), db.session.get(Player, 3)
        games = [create_game("pylon", [ann, bob], None, creator=ann, start_now=True, seed=n).id
                 for n in range(2 * MOVES)]
        _t, ann_secret = tokens.create(ann, ["play"])
        db.session.commit()
        rng = random.Random(1)
        first_moves = ["Sa1", "Mb2", "Lc3", "Sd4", "Me5", "Lf1"]
        web = app.test_client()
        with web.session_transaction() as session:
            session["player_id"] = ann.id
        api_headers = {"Authorization": f"Bearer {ann_secret}"}
        api_ids, web_ids = games[:MOVES], games[MOVES:]
        api_cpu = [_cpu(lambda g=g: client.post(
            f"/api/games/{g}/move", json={"move": rng.choice(first_moves), "ply": 0},
            headers=api_headers), 1)[0] for g in api_ids]
        web_cpu = [_cpu(lambda g=g: web.post(
            f"/games/{g}/move", data={"move": rng.choice(first_moves), "ply": 0}), 1)[0]
            for g in web_ids]
        figures["move through the API: CPU"] = summary_ms(api_cpu)
        figures["move through the web page: CPU"] = summary_ms(web_cpu)
        figures["API move CPU / web move CPU (means)"] = round(
            figures["move through the API: CPU"]["mean_ms"]
            / figures["move through the web page: CPU"]["mean_ms"], 3)
        db.session.remove()
    return figures


def _postgresql(url: str, sizes: list[int]) -> dict:
    """The two reads at each size in ``sizes``, the games added between measurements."""
    from pbem import create_app
    from pbem.accounts.models import Player
    from pbem.api import tokens
    from pbem.core.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": SECRET_KEY,
                      "MAIL_BACKEND": "console", "BASE_URL": "https://pbem.example",
                      "API_LIMIT_PER_TOKEN": 10**9})
    figures, made, stored = {}, archive_fill.playouts(), 0
    with app.app_context():
        db.create_all()
        raw = db.engine.raw_connection()
        try:
            archive_fill.add_players(raw.driver_connection)
            _token, secret = tokens.create(db.session.get(Player, archive_fill.BUSY_PLAYER),
                                           ["read"])
            db.session.commit()
            headers = {"Authorization": f"Bearer {secret}"}
            for size in sizes:
                started = time.perf_counter()
                archive_fill.add_games(raw.driver_connection, stored + 1, size, made)
                stored = size
                _their_turn(raw.driver_connection)
                figures[f"postgresql, {size:,} games: COPY seconds (rows added)"] = round(
                    time.perf_counter() - started, 1)
                with db.engine.connect() as connection:
                    connection.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql(
                        "VACUUM ANALYZE")
                figures.update(_reads(app.test_client(), headers, f"postgresql, {size:,} games: ",
                                      db.engine))
                db.session.remove()
        finally:
            raw.close()
            db.session.remove()
            db.engine.dispose()
    return figures


def _their_turn(connection) -> None:
    """Every game in progress waits for a move: the busy player's where they sit, else P1's;
    deadlines spread over four days."""
    busy = archive_fill.BUSY_PLAYER
    with connection.cursor() as cursor:
        cursor.execute(
            'UPDATE games SET to_move_seat = s."index", to_move_player_id = s.player_id, '
            "to_move_deadline = games.started_at + (games.id %% 97) * interval '1 hour' "
            "FROM seats s WHERE games.status = 'active' AND games.to_move_seat IS NULL "
            "AND s.game_id = games.id AND s.\"index\" = (SELECT coalesce(min(b.\"index\"), 0) "
            "FROM seats b WHERE b.game_id = games.id AND b.player_id = %s)", (busy,))
    connection.commit()


def _reads(client, headers: dict, prefix: str, engine) -> dict:
    """CPU and function calls per request, the statements one request runs and their
    database time, for the busy player's waiting games and one of them."""
    waiting = client.get("/api/games?to_move=me", headers=headers).json["games"]
    figures = {}
    for name, url in ((f"GET /api/games?to_move=me ({len(waiting)} games)",
                       "/api/games?to_move=me"),
                      ("GET /api/games/<id>", f"/api/games/{waiting[0]['id']}")):
        _cpu(lambda url=url: client.get(url, headers=headers), 10)
        figures[f"{prefix}{name}: CPU"] = summary_ms(
            _cpu(lambda url=url: client.get(url, headers=headers), REQUESTS))
        figures[f"{prefix}{name}: database ms, statements"] = _database_ms(
            _Authorised(client, headers), url, engine)
        figures[f"{prefix}{name}: function calls per request"] = round(calls_per_request(
            lambda url=url: client.get(url, headers=headers), CALLS_COUNTED))
    return figures


class _Authorised:
    """The test client with the token's header on every GET (what ``_database_ms`` calls)."""

    def __init__(self, client, headers: dict):
        self.client, self.headers = client, headers

    def get(self, url: str):
        return self.client.get(url, headers=self.headers)
