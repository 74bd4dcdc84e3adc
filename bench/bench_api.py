"""The API's cost in server CPU (in-process, ``time.process_time`` per request): the games
waiting for a player and one game, at 10,000 games on SQLite; and a move through the API
against the same move through the web page (the target: within 1.1×)."""

from __future__ import annotations

import random
import tempfile
import time
from datetime import timedelta

from sqlalchemy import select, update

from . import archive_fill
from .bench_archive import _fill
from .timing import SECRET_KEY, summary_ms

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
