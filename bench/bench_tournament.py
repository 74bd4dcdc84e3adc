"""The page of a 200-player Swiss after 7 rounds, through the test client on SQLite.

The tournament is run for real through the services and the tick: each round's 100 games are
created, one random turn is played in each, and the deadline policy (forfeit the seat to move)
ends them, so results are decisive and the standings spread. Figures: the setup time, then
p50/p99 of the tournament page (latest round shown) and of its Atom feed, after a few
warm-up requests, with the heap frozen as the production entry point (``wsgi.py``) freezes
it: otherwise the full collections that sweep the setup's objects are what p99 measures.
"""

from __future__ import annotations

import gc
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta

from .timing import summary_ms

PLAYERS, ROUNDS, SAMPLES, WARM_UP = 200, 7, 60, 5
T0 = datetime(2030, 1, 1, tzinfo=UTC)


def run() -> dict:
    from pbem import create_app
    from pbem.db import db

    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as folder:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite",
                          "SECRET_KEY": "bench", "MAIL_BACKEND": "file",
                          "MAIL_FILE_DIR": f"{folder}/mail"})
        with app.app_context():
            db.create_all()
            started = time.perf_counter()
            tournament_id = _swiss()
            setup = time.perf_counter() - started
            db.session.remove()  # requests start from the database, as a server's would
            gc.collect()
            gc.freeze()  # as wsgi.py does: the setup's objects are out of the collector's way
            client = app.test_client()
            figures = {"setup (200 players, 7 rounds, 700 games) s": round(setup, 1)}
            for label, url in (("page", f"/tournaments/{tournament_id}"),
                               ("Atom feed", f"/tournaments/{tournament_id}.atom")):
                for _ in range(WARM_UP):
                    client.get(url)
                samples = []
                for _ in range(SAMPLES):
                    began = time.perf_counter()
                    response = client.get(url)
                    samples.append(time.perf_counter() - began)
                    assert response.status_code == 200, response.status_code
                for key, value in summary_ms(samples).items():
                    figures[f"200-player Swiss after 7 rounds, {label}: {key}"] = value
            gc.unfreeze()
            db.session.remove()
            db.engine.dispose()
    return figures


def _swiss() -> int:
    from pbem.accounts.models import Player
    from pbem.db import db
    from pbem.play.service import submit_turn
    from pbem.tick import run_tick
    from pbem.tournaments import service
    from pbem.tournaments.models import Entrant, TournamentTable

    admin = Player(email="director@bench.test", name="Director", is_admin=True)
    db.session.add(admin)
    t = service.create("spike", {"name": "Bench Swiss", "format": "swiss", "table_size": 2,
                                 "rounds": ROUNDS, "stall_policy": "forfeit", "round_days": 7},
                       admin, T0)
    for i in range(PLAYERS):
        player = Player(email=f"p{i}@bench.test", name=f"Player {i + 1}")
        t.entrants.append(Entrant(player=player, status="entered"))
    db.session.commit()
    service.start(t.id, admin, T0)
    rng, now = random.Random(1), T0
    for _ in range(ROUNDS):
        for tb in db.session.query(TournamentTable).filter_by(tournament_id=t.id,
                                                              places=None).all():
            game = tb.game
            state = game.load_state()
            move = rng.choice(game.rules.legal_moves(state))
            if game.rules.multi_ply_turns:
                move = _whole_turn(game.rules, state, move, rng)
            submit_turn(game.id, game.rules.to_move(state), move, game.ply)
        now += timedelta(days=8)
        run_tick(now)
    return t.id


def _whole_turn(rules, state, first, rng) -> str:
    plies = [first]
    state = rules.play(state, first)
    while not rules.is_over(state) and rules.turn_plies(state):
        plies.append(rng.choice(rules.legal_moves(state)))
        state = rules.play(state, plies[-1])
    return " ".join(plies)
