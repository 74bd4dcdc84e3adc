"""The lobby on SQLite with 5,000 open challenges (and as many expired, withdrawn and started
ones beside them): the list, filtered, a deep page, the feed and the home page's section.

Server time per request through Flask's test client (no network), p50 and p99, as the archive
bench measures, and the CPU time per request of the list. The challenges are bulk-inserted
across every game and player count the games allow, posted by 200 players, half of whom have
a rating at each game.
"""

from __future__ import annotations

import tempfile
import time
from datetime import UTC, datetime, timedelta

from sqlalchemy import insert

from .bench_archive import REQUESTS, _timed
from .timing import file_mail_app, summary_ms

OPEN_CHALLENGES = 5_000
CLOSED_CHALLENGES = 5_000
PLAYERS = 200


def _fill(db, now: datetime) -> None:
    from pbem.accounts.models import Player
    from pbem.challenges.models import Challenge, ChallengeSeat
    from pbem.games import all_rules
    from pbem.ratings.models import Rating

    db.session.execute(insert(Player), [
        {"email": f"player{n}@bench.invalid", "name": f"Player {n}", "is_admin": False,
         "login_counter": 0, "created_at": now, "joined_at": now} for n in range(PLAYERS)])
    kinds = [(rules.slug, count, rules.validate_options(count, {})[1])
             for rules in all_rules() for count in rules.player_counts]
    db.session.execute(insert(Rating), [
        {"player_id": player, "slug": rules.slug, "mu": 27.0, "sigma": 3.0, "ordinal": 18.0,
         "games": 12} for player in range(1, PLAYERS + 1, 2) for rules in all_rules()])
    challenges, seats = [], []
    for number in range(1, OPEN_CHALLENGES + CLOSED_CHALLENGES + 1):
        slug, count, options = kinds[number % len(kinds)]
        status = "open" if number % 2 else ("expired", "withdrawn")[number % 4 // 2]
        posted = now - timedelta(minutes=OPEN_CHALLENGES + CLOSED_CHALLENGES - number)
        poster = number % PLAYERS + 1
        challenges.append({
            "id": number, "poster_id": poster, "status": status, "taken": 1,
            "created_at": posted, "expires_at": posted + timedelta(days=14), "slug": slug,
            "options": options, "players": count, "time_control": "3d/move", "rated": True,
            "min_rating": None, "max_rating": None, "seat_order": "random"})
        seats.append({"challenge_id": number, "seat": 0, "player_id": poster,
                      "joined_at": posted})
    db.session.execute(insert(Challenge), challenges)
    db.session.execute(insert(ChallengeSeat), seats)
    db.session.commit()


def run() -> dict:
    from pbem.core.extensions import db

    figures = {}
    with tempfile.TemporaryDirectory() as folder:
        app = file_mail_app(folder)
        with app.app_context():
            started = time.perf_counter()
            _fill(db, datetime.now(UTC))
            figures["insert 10,000 challenges: seconds"] = round(time.perf_counter() - started,
                                                                 1)
            anonymous, signed_in = app.test_client(), app.test_client()
            with signed_in.session_transaction() as session:
                session["player_id"] = 7
            pages = {
                "lobby, 5,000 open challenges, anonymous": (anonymous, "/challenges"),
                "lobby, signed in (their own challenges too)": (signed_in, "/challenges"),
                "lobby, stawvs for 3": (anonymous, "/challenges?game=stawvs&players=3"),
                "lobby, a page deep in the list": (anonymous, "/challenges?before=500"),
                "feed of new pylon challenges": (anonymous, "/challenges/pylon/feed.atom"),
                "home page with its challenges section": (signed_in, "/"),
            }
            for label, (client, url) in pages.items():
                summary = summary_ms(_timed(client, url))
                figures[f"{label}: p50 ms"] = summary["p50_ms"]
                figures[f"{label}: p99 ms"] = summary["p99_ms"]
            # The process's CPU time per request: what the page costs, whatever else the machine
            # is running (the wall-clock figures above grow with the load).
            for who, client in (("anonymous", anonymous), ("signed in", signed_in)):
                started = time.process_time()
                for _ in range(REQUESTS):
                    client.get("/challenges")
                figures[f"lobby, 5,000 open challenges, {who}: CPU ms per request"] = round(
                    (time.process_time() - started) * 1000 / REQUESTS, 2)
            db.session.remove()
            db.engine.dispose()
    return figures
