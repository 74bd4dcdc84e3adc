"""The archive's pages on SQLite: the list with 10,000 games, and the replay page of a
300-ply game (at its last ply, and at plies that need a replay of the history).

Server time per request through Flask's test client (no network), p50 and p99. The 10,000
games are bulk-inserted copies of a few real random playouts (setup, snapshot, result and
seats; their move rows are left out, as the list never reads them); the 300-ply game is
imported through the archive's importer, every ply checked by the rules.
"""

from __future__ import annotations

import gc
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta

from sqlalchemy import insert

from .timing import file_mail_app, summary_ms

GAMES = 10_000
PLAYERS = 200
REQUESTS = 200
LONG_GAME_PLIES = 300


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


def _playouts(rules_by_slug) -> list[dict]:
    """A few finished random games per game type, as the columns of a stored game."""
    from pbem.play.models import seat_outcomes

    made = []
    for slug, seeds in (("pylon", range(4)), ("stawvs", range(4)), ("spike", range(2))):
        rules = rules_by_slug.get(slug)
        if rules is None:
            continue
        for seed in seeds:
            players = rules.player_counts[0]
            state, moves = rules.random_playout(rules.new_game(players, {}, seed),
                                                random.Random(seed))
            _count, options = rules.validate_options(players, {})
            winners = rules.winners(state)
            made.append({"slug": slug, "options": options, "seed": seed, "ply": len(moves),
                         "snapshot": rules.to_dict(state), "rules_version": rules.version,
                         "result": {"winners": winners, "scores": rules.scores(state)},
                         "outcomes": seat_outcomes(winners, players)})
    return made


def _fill(db, models, playouts) -> None:
    Player, Game, Seat = models
    now = datetime(2025, 1, 1, tzinfo=UTC)
    db.session.execute(insert(Player), [
        {"email": f"player{n}@bench.invalid", "name": f"Player {n}", "is_admin": False,
         "login_counter": 0, "created_at": now} for n in range(PLAYERS)])
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
                          "response": "accepted",
                          "outcome": playout["outcomes"][index] if finished else None})
    db.session.execute(insert(Game), games)
    db.session.execute(insert(Seat), seats)
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
    from pbem.accounts.models import Player
    from pbem.core.extensions import db
    from pbem.games import all_rules
    from pbem.play.models import Game, Seat

    figures = {}
    with tempfile.TemporaryDirectory() as folder:
        app = file_mail_app(folder)
        with app.app_context():
            started = time.perf_counter()
            _fill(db, (Player, Game, Seat), _playouts({r.slug: r for r in all_rules()}))
            figures["insert 10,000 games: seconds"] = round(time.perf_counter() - started, 1)
            long_game = _long_game()
            client = app.test_client()
            pages = {
                "archive list, 10,000 games": "/archive",
                "archive list, page 200": "/archive?page=200",
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
            for label, url in pages.items():
                summary = summary_ms(_timed(client, url))
                figures[f"{label}: p50 ms"] = summary["p50_ms"]
                figures[f"{label}: p99 ms"] = summary["p99_ms"]
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
