"""The page of a 500-player Swiss after 9 rounds, through the test client on SQLite.

The tournament is run for real through the services and the tick: each round's 250 games
are created and a random player of each resigns (the page reads results, not moves, and
playing moves made the setup slow), so results are decisive and the standings spread.
Figures: the setup time, then p50/p99 of the tournament page (latest round shown, its first
page of standings and boards) and of its Atom feed, after a few warm-up requests, with the
heap frozen as the production entry point (``wsgi.py``) freezes it: otherwise the full
collections that sweep the setup's objects are what p99 measures. The CPU time of each
request (the process's, SQLite's included: it runs in process) is given beside the wall
clock's, which a loaded machine inflates several times over.
"""

from __future__ import annotations

import gc
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta

from .timing import SECRET_KEY, summary_ms

PLAYERS, ROUNDS, SAMPLES, WARM_UP = 500, 9, 60, 5
T0 = datetime(2030, 1, 1, tzinfo=UTC)


def run() -> dict:
    from pbem import create_app
    from pbem.core.extensions import db

    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as folder:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite",
                          "SECRET_KEY": SECRET_KEY, "MAIL_BACKEND": "file",
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
            games = PLAYERS // 2 * ROUNDS
            figures = {f"setup ({PLAYERS} players, {ROUNDS} rounds, {games} games) s":
                       round(setup, 1)}
            for label, url in (("page", f"/tournaments/{tournament_id}"),
                               ("Atom feed", f"/tournaments/{tournament_id}.atom")):
                for _ in range(WARM_UP):
                    client.get(url)
                samples, cpu = [], []
                for _ in range(SAMPLES):
                    began, began_cpu = time.perf_counter(), time.process_time()
                    response = client.get(url)
                    samples.append(time.perf_counter() - began)
                    cpu.append(time.process_time() - began_cpu)
                    assert response.status_code == 200, response.status_code
                for key, value in summary_ms(samples).items():
                    figures[f"{PLAYERS}-player Swiss after {ROUNDS} rounds, {label}: {key}"] = (
                        value)
                figures[f"{PLAYERS}-player Swiss after {ROUNDS} rounds, {label}: CPU p50_ms"] = (
                    summary_ms(cpu)["p50_ms"])
            gc.unfreeze()
            db.session.remove()
            db.engine.dispose()
    return figures


def _swiss() -> int:
    from pbem.accounts.models import Player
    from pbem.core.extensions import db
    from pbem.play.commands import locked
    from pbem.play.endings import resign
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
            resign(locked(tb.game_id), rng.randrange(2))  # a random decisive result
        db.session.commit()
        now += timedelta(days=8)
        run_tick(now)
    return t.id
